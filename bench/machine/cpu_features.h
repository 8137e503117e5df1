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

/* Treats the features of mask (SQ_FEATURE_* bits) as absent from now on: what
 * SQCOLOR_HIDE_FEATURES asks (bench/machine/test_switches.h). */
void sq_cpu_features_hide(unsigned mask);

/* The features hidden, 0 for none. */
unsigned sq_cpu_features_hidden(void);

/* The features routines may use: detected and not hidden. */
unsigned sq_cpu_features(void);

/* needs & ~sq_cpu_features(): what a routine needing `needs` lacks here. */
unsigned sq_cpu_features_missing(unsigned needs);

/* "avx512bw, gfni": the names of the features in mask, "-" for none. */
const char *sq_feature_names(unsigned mask, char *buf, size_t len);

/* The bit of a feature named name, 0 if there is none. */
unsigned sq_feature_by_name(const char *name);

#endif
