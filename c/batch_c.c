/* The batch families' C loops, sq_<SQ_IMPL_TAG>_<family>_<SQ_BATCH_FORM>. Built
 * twice per C impl (cmake/compilers.cmake): as `scalar` with the vectorizer off
 * and as `autovec` with it on; the source is the same plain loop. */
#include "batch.h"
#include "techniques_c.h"

#ifndef SQ_IMPL_TAG
#error "build with -DSQ_IMPL_TAG=<impl tag> -DSQ_BATCH_FORM=scalar|autovec"
#endif

#define SQ_OWN(fam) SQ_BATCH_FN(SQ_IMPL_TAG, fam, SQ_BATCH_FORM)

/* 1 if square s is dark: bits 0 (file) and 3 (rank) are equal. */
static inline uint8_t dark(uint8_t s) {
    return (uint8_t)sq_color_antidiag_xor(s);
}

SQ_BATCH_SIG_color_batch(SQ_OWN(color_batch));
SQ_BATCH_SIG_color_batch(SQ_OWN(color_batch)) {
    for (size_t i = 0; i < n; i++)
        color[i] = dark(sq[i]);
}

SQ_BATCH_SIG_same_color_batch(SQ_OWN(same_color_batch));
SQ_BATCH_SIG_same_color_batch(SQ_OWN(same_color_batch)) {
    for (size_t i = 0; i < n; i++)
        same[i] = dark((uint8_t)(a[i] ^ b[i]));
}

SQ_BATCH_SIG_color_mask(SQ_OWN(color_mask));
SQ_BATCH_SIG_color_mask(SQ_OWN(color_mask)) {
    for (size_t w = 0; w * 64 < n; w++) {
        size_t left = n - w * 64, count = left < 64 ? left : 64;
        uint64_t bits = 0;
        for (size_t j = 0; j < count; j++)
            bits |= (uint64_t)dark(sq[w * 64 + j]) << j;
        mask[w] = bits;
    }
}
