/* The dispatchers, sq_asm_<family>_dispatch: at the first call, the best asm
 * routine of the family this CPU runs (cpuid and xgetbv, as a library would,
 * less SQCOLOR_HIDE_FEATURES); every call after goes straight to it. The
 * candidates are c/batch.h's ASM lines, so nothing here repeats the registry. */
#include "bench/catalog/batch_dispatch.h"

#include "bench/machine/cpu_features.h"
#include "c/batch.h"

#include <stdatomic.h>
#include <string.h>

#define SQ_BATCH_CANDIDATE_DECLARE_ASM(fam, tech) SQ_BATCH_SIG_##fam(SQ_BATCH_FN(asm, fam, tech));
#define SQ_BATCH_CANDIDATE_DECLARE_C(fam, tech)
#define SQ_BATCH_CANDIDATE_DECLARE_DISPATCH(fam, tech)
#define SQ_BATCH_CANDIDATE_DECLARE_BOUND(fam, tech)
#define SQ_BATCH_CANDIDATE_DECLARE(fam, tech, req, kind, how)                                      \
    SQ_BATCH_CANDIDATE_DECLARE_##kind(fam, tech)
SQ_FOR_EACH_BATCH(SQ_BATCH_CANDIDATE_DECLARE)

static const struct candidate {
    const char *family;
    unsigned needs;
    sq_batch_any_fn fn;
} candidates[] = {
#define SQ_BATCH_CANDIDATE_ASM(fam, tech, req)                                                     \
    {#fam, SQ_NEEDS(req), (sq_batch_any_fn)SQ_BATCH_FN(asm, fam, tech)},
#define SQ_BATCH_CANDIDATE_C(fam, tech, req)
#define SQ_BATCH_CANDIDATE_DISPATCH(fam, tech, req)
#define SQ_BATCH_CANDIDATE_BOUND(fam, tech, req)
#define SQ_BATCH_CANDIDATE(fam, tech, req, kind, how) SQ_BATCH_CANDIDATE_##kind(fam, tech, req)
    SQ_FOR_EACH_BATCH(SQ_BATCH_CANDIDATE)};

sq_batch_any_fn sq_batch_dispatch_choice(const char *family) {
    sq_batch_any_fn best = NULL;
    for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; i++)
        if (strcmp(candidates[i].family, family) == 0 &&
            !sq_cpu_features_missing(candidates[i].needs))
            best = candidates[i].fn;
    return best;
}

/* Two threads racing through the first call store the same pointer. */
#define SQ_BATCH_DISPATCH_DISPATCH(fam, tech)                                                      \
    SQ_BATCH_SIG_##fam(SQ_BATCH_FN(asm, fam, tech));                                               \
    SQ_BATCH_SIG_##fam(SQ_BATCH_FN(asm, fam, tech)) {                                              \
        static _Atomic(sq_##fam##_fn) chosen;                                                      \
        sq_##fam##_fn f = atomic_load_explicit(&chosen, memory_order_relaxed);                     \
        if (!f) {                                                                                  \
            f = (sq_##fam##_fn)sq_batch_dispatch_choice(#fam);                                     \
            atomic_store_explicit(&chosen, f, memory_order_relaxed);                               \
        }                                                                                          \
        f SQ_BATCH_ARGS_##fam;                                                                     \
    }
#define SQ_BATCH_DISPATCH_ASM(fam, tech)
#define SQ_BATCH_DISPATCH_C(fam, tech)
#define SQ_BATCH_DISPATCH_BOUND(fam, tech)
#define SQ_BATCH_DISPATCH(fam, tech, req, kind, how) SQ_BATCH_DISPATCH_##kind(fam, tech)
SQ_FOR_EACH_BATCH(SQ_BATCH_DISPATCH)
