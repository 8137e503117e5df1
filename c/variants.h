/* Declarations of every variant routine: each technique of c/techniques.h times
 * each impl of the generated sq_impls.h (asm and the C builds). One line makes
 * them all, so a C or asm routine cannot drift from its siblings' prototype. */
#ifndef SQCOLOR_VARIANTS_H
#define SQCOLOR_VARIANTS_H

#include "sq_impls.h"
#include "techniques.h"

#define SQ_DECLARE_IMPL(tag, name, fam, tech) SQ_SIG(fam)(SQ_FN(tag, fam, tech));
#define SQ_DECLARE(fam, tech, formula, insns) SQ_FOR_EACH_IMPL(SQ_DECLARE_IMPL, fam, tech)
SQ_FOR_EACH_TECHNIQUE(SQ_DECLARE)
#undef SQ_DECLARE
#undef SQ_DECLARE_IMPL

#endif
