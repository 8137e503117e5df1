#include "bench/machine/cpu_features.h"

#include "bench/util/escape.h"

#include <cpuid.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned hidden;

static uint64_t xgetbv0(void) {
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

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

int sq_cpu_features_init(char *err, size_t errlen) {
    hidden = 0;
    const char *env = getenv("SQCOLOR_HIDE_FEATURES");
    if (!env || !*env)
        return 0;
    char list[256];
    if (strlen(env) >= sizeof list) {
        snprintf(err, errlen, "SQCOLOR_HIDE_FEATURES is too long");
        return -1;
    }
    strcpy(list, env);
    /* Each item between commas, none empty (as --filter's). */
    for (char *name = list, *next; name; name = next) {
        next = strchr(name, ',');
        if (next)
            *next++ = 0;
        if (!*name) {
            snprintf(err, errlen, "SQCOLOR_HIDE_FEATURES: empty item between commas");
            return -1;
        }
        unsigned bit = sq_feature_by_name(name);
        if (!bit) {
            char names[160], shown[64];
            snprintf(err, errlen, "SQCOLOR_HIDE_FEATURES: unknown feature '%s' (known: %s)",
                     sq_token_shown(name, shown, sizeof shown),
                     sq_feature_names(~0u, names, sizeof names));
            return -1;
        }
        hidden |= bit;
    }
    return 0;
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
