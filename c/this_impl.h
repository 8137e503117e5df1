/* The routines of the C impl being built (SQ_IMPL_TAG), declared for
 * c/impl_c.c and c/kernels_c.c to define. Its own only: which impls exist is
 * the registry's business (cmake/impls.h.in). */
#ifndef SQCOLOR_THIS_IMPL_H
#define SQCOLOR_THIS_IMPL_H

#include "own_techniques.h"
#include "variants.h"

#ifndef SQ_IMPL_TAG
#error "build with -DSQ_IMPL_TAG=<impl tag>"
#endif

#define SQ_DECLARE_OWN(fam, tech, formula, insns, req) SQ_DECLARE_VARIANT(SQ_IMPL_TAG, fam, tech)
SQ_OWN_TECHNIQUES(SQ_DECLARE_OWN)
#undef SQ_DECLARE_OWN
#ifndef SQ_TRY_BODIES
SQ_DECLARE_BASELINES(SQ_IMPL_TAG)
#endif

#endif
