/* The techniques a C build of c/impl_c.c and c/kernels_c.c defines: the
 * catalogue's, or, when sqcolor try builds a user's technique (docs/try.md),
 * that one alone: SQ_TRY_BODIES names the header it writes, which defines
 * SQ_TRY_TECHNIQUES(X) (one X line of c/techniques.h's shape) and its body. */
#ifndef SQCOLOR_OWN_TECHNIQUES_H
#define SQCOLOR_OWN_TECHNIQUES_H

#ifdef SQ_TRY_BODIES
#include SQ_TRY_BODIES
#define SQ_OWN_TECHNIQUES SQ_TRY_TECHNIQUES
#else
#include "techniques_c.h"
#define SQ_OWN_TECHNIQUES SQ_FOR_EACH_TECHNIQUE
#endif

#endif
