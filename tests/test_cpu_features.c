/* The CPU feature gate: what cpuid reports is consistent, SQCOLOR_HIDE_FEATURES
 * hides exactly what it names, and unknown names are refused. */
#include "bench/machine/cpu_features.h"
#include "bench/machine/test_switches.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"

int main(void) {
    char err[256], names[160];
    unsigned detected = sq_cpu_features_detected();
    /* Prerequisites: a CPU (or a hypervisor) claiming one without the other is
     * possible in principle, but requirements always name both. */
    CHECK(!(detected & SQ_FEATURE_AVX512BW) || (detected & SQ_FEATURE_AVX512F),
          "avx512bw without avx512f: %s", sq_feature_names(detected, names, sizeof names));

    unsetenv("SQCOLOR_HIDE_FEATURES");
    CHECK(sq_test_switches_init(err, sizeof err) == 0, "no variable");
    CHECK(sq_cpu_features() == detected, "nothing hidden");
    CHECK(sq_cpu_features_missing(SQ_NEEDS(NONE)) == 0, "a baseline routine runs anywhere");

    setenv("SQCOLOR_HIDE_FEATURES", "bmi2,avx512f", 1);
    CHECK(sq_test_switches_init(err, sizeof err) == 0, "two names: %s", err);
    CHECK(!(sq_cpu_features() & (SQ_FEATURE_BMI2 | SQ_FEATURE_AVX512F)), "hidden");
    CHECK(sq_cpu_features() == (detected & ~(SQ_FEATURE_BMI2 | SQ_FEATURE_AVX512F)),
          "only what was named is hidden");
    CHECK(sq_cpu_features_missing(SQ_NEEDS(BMI2)) == SQ_FEATURE_BMI2, "bmi2 missing");
    CHECK(sq_cpu_features_missing(SQ_NEEDS(AVX512VBMI)) & SQ_FEATURE_AVX512F,
          "hiding a prerequisite gates what builds on it");

    setenv("SQCOLOR_HIDE_FEATURES", "bmi2,sse9", 1);
    CHECK(sq_test_switches_init(err, sizeof err) == -1 && strstr(err, "'sse9'"),
          "unknown name refused: %s", err);

    CHECK(strcmp(sq_feature_names(SQ_FEATURE_BMI1 | SQ_FEATURE_GFNI, names, sizeof names),
                 "bmi1, gfni") == 0,
          "names: %s", names);
    CHECK(strcmp(sq_feature_names(0, names, sizeof names), "-") == 0, "no names: %s", names);
    CHECK(sq_feature_by_name("avx512vbmi") == SQ_FEATURE_AVX512VBMI, "by name");
    CHECK(sq_feature_by_name("AVX2") == 0, "names are lower case");
    return check_finish("cpu_features", NULL);
}
