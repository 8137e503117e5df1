#include "bench/machine/cpu_features.h"

#include <cpuid.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t xgetbv0(void) {
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

static unsigned hidden;

unsigned sq_cpu_features_detected(void) {
    unsigned a, b, c, d, f = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    if (c & bit_SSSE3)
        f |= SQ_FEATURE_SSSE3;
    if (c & bit_POPCNT)
        f |= SQ_FEATURE_POPCNT;
    /* Vector state the OS saves: xmm/ymm (bits 1, 2), opmask and zmm (5, 6, 7). */
    uint64_t xcr0 = (c & bit_OSXSAVE) ? xgetbv0() : 0;
    int ymm = (xcr0 & 0x6) == 0x6 && (c & bit_AVX);
    int zmm = ymm && (xcr0 & 0xe0) == 0xe0;
    if (__get_cpuid_max(0, NULL) < 7)
        return f;
    __cpuid_count(7, 0, a, b, c, d);
    if (b & bit_BMI)
        f |= SQ_FEATURE_BMI1;
    if (b & bit_BMI2)
        f |= SQ_FEATURE_BMI2;
    if (ymm && (b & bit_AVX2))
        f |= SQ_FEATURE_AVX2;
    if (zmm && (b & bit_AVX512F))
        f |= SQ_FEATURE_AVX512F;
    if (zmm && (b & bit_AVX512BW))
        f |= SQ_FEATURE_AVX512BW;
    if (zmm && (c & bit_AVX512VBMI))
        f |= SQ_FEATURE_AVX512VBMI;
    if (c & bit_GFNI)
        f |= SQ_FEATURE_GFNI;
    return f;
}

unsigned sq_feature_by_name(const char *name) {
#define SQ_FEATURE_NAMED(tok, bit, fname)                                                          \
    if (strcmp(name, fname) == 0)                                                                  \
        return SQ_FEATURE_##tok;
    SQ_FOR_EACH_FEATURE(SQ_FEATURE_NAMED)
#undef SQ_FEATURE_NAMED
    return 0;
}

void sq_cpu_features_hide(unsigned mask) {
    hidden = mask;
}

unsigned sq_cpu_features_hidden(void) {
    return hidden;
}

unsigned sq_cpu_features(void) {
    static int known;
    static unsigned detected;
    if (!known) {
        detected = sq_cpu_features_detected();
        known = 1;
    }
    return detected & ~hidden;
}

unsigned sq_cpu_features_missing(unsigned needs) {
    return needs & ~sq_cpu_features();
}

const char *sq_feature_names(unsigned mask, char *buf, size_t len) {
    size_t used = 0;
    buf[0] = 0;
#define SQ_FEATURE_NAME(tok, bit, fname)                                                           \
    if ((mask & SQ_FEATURE_##tok) && used < len)                                                   \
        used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "", fname);
    SQ_FOR_EACH_FEATURE(SQ_FEATURE_NAME)
#undef SQ_FEATURE_NAME
    if (!used)
        snprintf(buf, len, "-");
    return buf;
}
