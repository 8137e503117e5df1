/* The CPU-feature gate, one for the scalar and the batch variants: which of
 * them this CPU executes, and one message, of one shape, for the others. */
#ifndef SQCOLOR_GATE_H
#define SQCOLOR_GATE_H

#include "bench/catalog/batch_registry.h"
#include "bench/catalog/registry.h"

#include <stddef.h>

/* What keeps a routine needing `needs` (c/isa_features.h bits) from running
 * here: SQ_LACK_CPU where this CPU lacks a feature it needs, SQ_LACK_HIDDEN
 * where all it lacks is what SQCOLOR_HIDE_FEATURES hides, 0 where it runs. */
enum { SQ_LACK_CPU = 1, SQ_LACK_HIDDEN = 2 };
unsigned sq_gate_lack(unsigned needs);

/* Where routines of these lacks (SQ_LACK_* or-ed) are not supported: "on this
 * CPU", "with SQCOLOR_HIDE_FEATURES=popcnt,bmi2", or both. */
const char *sq_gate_where(unsigned lacks, char *buf, size_t len);

/* "not supported on this CPU (needs bmi2)" (or "with SQCOLOR_HIDE_FEATURES=bmi2")
 * for what needs `needs`, or NULL when this CPU executes it. */
const char *sq_gate_reason(unsigned needs, char *buf, size_t len);

/* Keep, in place and in order, the variants of vs[0..n) this CPU executes and
 * return their number. The others go to skipped as one line, grouped by what
 * they lack, each technique once: "skipped 4 variants not supported on this
 * CPU (needs bmi2: color/inreg64_shrx, same_color/inreg32_xor_shrx; needs
 * popcnt: color/popcnt)" (sq_gate_where's words); "" when none was left out. */
int sq_gate_scalar(const sq_variant **vs, int n, char *skipped, size_t len);
int sq_gate_batch(const sq_batch_variant **vs, int n, char *skipped, size_t len);

#endif
