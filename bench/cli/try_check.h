/* A technique from a file checked before anything is timed, exactly as a
 * catalogue variant is (sq_verify_variant: its whole domain through the
 * checked call, callee-saved registers and upper-half garbage), then each
 * of its timing kernels over the domain. In a process of its own, so that a
 * body that crashes or never returns is named, not fatal to sqcolor. */
#ifndef SQCOLOR_TRY_CHECK_H
#define SQCOLOR_TRY_CHECK_H

#include "bench/catalog/registry.h"

#include <stddef.h>

/* How long the checks of all variants may take before the one running is
 * taken for a body that does not return. */
#define SQ_TRY_CHECK_LIMIT_S 2

/* After the check, how long one call of the technique's code may take (a
 * visit of a row while it is timed, its verification; bench/util/watchdog.h)
 * before it is taken for a body that stopped returning; more where a
 * visit's samples may take longer (bench/cli/cmd_try.c). */
#define SQ_TRY_TIMED_LIMIT_S 10

/* Checks vs[0..n). Returns 0 when every one passed; else SQ_EXIT_FAIL with
 * one line in err naming the variant, the input and what went wrong (the
 * first wrong answer with expected and got; a crash, SIGILL as an
 * instruction this CPU lacks; a body that did not return). */
int sq_try_check(const sq_variant *vs, int n, char *err, size_t errlen);

#endif
