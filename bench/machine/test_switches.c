#include "bench/machine/test_switches.h"

#include "bench/machine/cpu_features.h"
#include "bench/util/escape.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The most a brand holds: cpuid's three leaves of 16 bytes. */
#define BRAND_MOST 48

static unsigned hidden;
static char hiding[256], brand[BRAND_MOST + 1];
static int branded;

/* SQCOLOR_HIDE_FEATURES, each item between commas a feature, none empty (as
 * --filter's). */
static int read_hidden(const char *env, char *err, size_t errlen) {
    char list[sizeof hiding - sizeof SQ_HIDE_FEATURES_VARIABLE - 1];
    if (strlen(env) >= sizeof list) {
        snprintf(err, errlen, SQ_HIDE_FEATURES_VARIABLE " is too long");
        return -1;
    }
    strcpy(list, env);
    for (char *name = list, *next; name; name = next) {
        next = strchr(name, ',');
        if (next)
            *next++ = 0;
        if (!*name) {
            snprintf(err, errlen, SQ_HIDE_FEATURES_VARIABLE ": empty item between commas");
            return -1;
        }
        unsigned bit = sq_feature_by_name(name);
        if (!bit) {
            char shown[64], names[160];
            snprintf(err, errlen, SQ_HIDE_FEATURES_VARIABLE ": unknown feature '%s' (known: %s)",
                     sq_token_shown(name, shown, sizeof shown),
                     sq_feature_names(~0u, names, sizeof names));
            return -1;
        }
        hidden |= bit;
    }
    sq_cpu_features_hide(hidden);
    /* Each once, in the catalogue's order, without spaces: "popcnt,bmi2". */
    char names[160];
    sq_feature_names(hidden, names, sizeof names);
    size_t n = 0;
    for (const char *p = names; *p; p++)
        if (*p != ' ')
            names[n++] = *p;
    names[n] = 0;
    snprintf(hiding, sizeof hiding, SQ_HIDE_FEATURES_VARIABLE "=%s", names);
    return 0;
}

/* SQCOLOR_TEST_BRAND: what cpuid's brand leaves could hold. */
static int read_brand(const char *env, char *err, size_t errlen) {
    size_t n = strlen(env);
    for (size_t i = 0; i < n; i++)
        if (env[i] < 0x20 || env[i] > 0x7e) {
            snprintf(err, errlen, SQ_TEST_BRAND_VARIABLE ": byte %zu is not printable ASCII", i);
            return -1;
        }
    if (n > BRAND_MOST) {
        snprintf(err, errlen, SQ_TEST_BRAND_VARIABLE ": %zu bytes, more than cpuid's %d", n,
                 BRAND_MOST);
        return -1;
    }
    strcpy(brand, env);
    branded = 1;
    return 0;
}

int sq_test_switches_init(char *err, size_t errlen) {
    hidden = 0;
    sq_cpu_features_hide(0);
    hiding[0] = 0;
    branded = 0;
    const char *hide = getenv(SQ_HIDE_FEATURES_VARIABLE), *name = getenv(SQ_TEST_BRAND_VARIABLE);
    if (hide && *hide && read_hidden(hide, err, errlen))
        return -1;
    return name && *name ? read_brand(name, err, errlen) : 0;
}

const char *sq_test_hiding(void) {
    return hidden ? hiding : NULL;
}

const char *sq_test_hidden_names(void) {
    return hidden ? hiding + sizeof SQ_HIDE_FEATURES_VARIABLE : "";
}

const char *sq_test_brand(void) {
    return branded ? brand : NULL;
}

const char *sq_test_switches_text(char *buf, size_t len) {
    int n =
        snprintf(buf, len, "%s%s", hidden ? hiding : "", hidden ? " (these features hidden)" : "");
    if (branded && n >= 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, "%s%s (the brand in place of cpuid's)", n ? ", " : "",
                 SQ_TEST_BRAND_VARIABLE);
    return buf;
}
