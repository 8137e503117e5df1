/* The dispatchers, sq_asm_<family>_dispatch: at the first call, the best asm
 * routine of the family this CPU runs (cpuid and xgetbv, as a library would,
 * less SQCOLOR_HIDE_FEATURES); every call after goes straight to it. */
#include "batch_registry.h"

#include <stdatomic.h>
#include <string.h>

static const sq_batch_variant *pick(const char *family) {
    for (int i = 0; i < sq_batch_family_count; i++)
        if (strcmp(sq_batch_families[i].name, family) == 0)
            return sq_batch_best_asm(&sq_batch_families[i]);
    return NULL;
}

/* Two threads racing through the first call store the same pointer. */
#define SQ_BATCH_DISPATCH_DISPATCH(fam, tech)                                                      \
    SQ_BATCH_SIG_##fam(SQ_BATCH_FN(asm, fam, tech));                                               \
    SQ_BATCH_SIG_##fam(SQ_BATCH_FN(asm, fam, tech)) {                                              \
        static _Atomic(sq_##fam##_fn) chosen;                                                      \
        sq_##fam##_fn f = atomic_load_explicit(&chosen, memory_order_relaxed);                     \
        if (!f) {                                                                                  \
            f = pick(#fam)->fn.SQ_BATCH_MEMBER_##fam;                                              \
            atomic_store_explicit(&chosen, f, memory_order_relaxed);                               \
        }                                                                                          \
        f SQ_BATCH_ARGS_##fam;                                                                     \
    }
#define SQ_BATCH_DISPATCH_ASM(fam, tech)
#define SQ_BATCH_DISPATCH_C(fam, tech)
#define SQ_BATCH_MEMBER_color_batch                  color
#define SQ_BATCH_MEMBER_same_color_batch             same
#define SQ_BATCH_MEMBER_color_mask                   mask
#define SQ_BATCH_DISPATCH(fam, tech, req, kind, how) SQ_BATCH_DISPATCH_##kind(fam, tech)
SQ_FOR_EACH_BATCH(SQ_BATCH_DISPATCH)
