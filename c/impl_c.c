/* The callable C routines, sq_<SQ_IMPL_TAG>_<family>_<technique>, each a thin
 * wrapper over the static inline body (own_techniques.h), with its line's target
 * attribute so that the body inlines. Built once per C impl
 * (compiler and flags) with its own SQ_IMPL_TAG. */
#include "own_techniques.h"
#include "this_impl.h"

#define SQ_DEFINE(fam, tech, formula, insns, req)                                                  \
    SQ_TARGET(req) SQ_SIG(fam)(SQ_FN(SQ_IMPL_TAG, fam, tech)) {                                    \
        return sq_##fam##_##tech SQ_ARGS(fam);                                                     \
    }
SQ_OWN_TECHNIQUES(SQ_DEFINE)
