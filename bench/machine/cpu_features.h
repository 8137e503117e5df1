/* What this CPU (and its OS) lets sqcolor execute, from cpuid and xgetbv, less
 * what SQCOLOR_HIDE_FEATURES hides: the gate in front of every routine that
 * needs more than SSE2, so none ever runs into SIGILL. */
#ifndef SQCOLOR_CPU_FEATURES_H
#define SQCOLOR_CPU_FEATURES_H

#include "c/isa_features.h"

#include <stdbool.h>
#include <stddef.h>

/* The features detected on this CPU, SQ_FEATURE_* bits. */
unsigned sq_cpu_features_detected(void);

/* Reads SQCOLOR_HIDE_FEATURES, a comma-separated list of feature names (c/isa_features.h)
 * to treat as absent: how tests exercise the gate on a CPU that has everything.
 * Returns 0, or -1 with a one-line reason in err for a name it does not know. */
int sq_cpu_features_init(char *err, size_t errlen);

/* The features routines may use: detected and not hidden. */
unsigned sq_cpu_features(void);

/* needs & ~sq_cpu_features(): what a routine needing `needs` lacks here. */
unsigned sq_cpu_features_missing(unsigned needs);

/* "avx512bw, gfni": the names of the features in mask, "-" for none. */
const char *sq_feature_names(unsigned mask, char *buf, size_t len);

/* The bit of a feature named name, 0 if there is none. */
unsigned sq_feature_by_name(const char *name);

#endif
