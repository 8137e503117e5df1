/* The test switches: environment variables that make this machine seem other
 * than it is, so the tests reach what this CPU does not show. Each is named
 * wherever it acts: the gate's lines, a run's notes and file, calibrate's
 * output and file, sqcolor-gbench's context.
 *   SQCOLOR_HIDE_FEATURES  features (c/isa_features.h names, comma-separated)
 *                          treated as absent
 *   SQCOLOR_TEST_BRAND     a brand in place of cpuid's (printable ASCII, at
 *                          most 48 bytes, as cpuid's) */
#ifndef SQCOLOR_TEST_SWITCHES_H
#define SQCOLOR_TEST_SWITCHES_H

#include <stddef.h>

#define SQ_HIDE_FEATURES_VARIABLE "SQCOLOR_HIDE_FEATURES"
#define SQ_TEST_BRAND_VARIABLE    "SQCOLOR_TEST_BRAND"

/* Reads both once, at start. 0, or -1 with a one-line reason in err (an
 * unknown feature, an empty item, a brand cpuid could not give). */
int sq_test_switches_init(char *err, size_t errlen);

/* "SQCOLOR_HIDE_FEATURES=popcnt,bmi2", the features hidden each once in the
 * catalogue's order, or NULL when nothing is hidden. */
const char *sq_test_hiding(void);

/* Its value alone, "popcnt,bmi2", or "". */
const char *sq_test_hidden_names(void);

/* SQCOLOR_TEST_BRAND's brand, or NULL: cpuid's. */
const char *sq_test_brand(void);

/* The switches set, for a line of output: "SQCOLOR_HIDE_FEATURES=bmi2 (these
 * features hidden), SQCOLOR_TEST_BRAND (the brand in place of cpuid's)", or
 * "" when none is. */
const char *sq_test_switches_text(char *buf, size_t len);

#endif
