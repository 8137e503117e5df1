/* The CPUs this project has met or is likely to, by CPUID family and model
 * (AMD's and Intel's documentation, and the Linux kernel's model lists). */
#include "bench/machine/cpu_model.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

typedef struct model_range {
    const char *vendor;
    unsigned family, model_lo, model_hi;
    bool virtualized_only; /* a model number a guest reports for another core */
    sq_cpu_model model;
} model_range;

#define ZEN4_MISPREDICT        "11-18, 13 typical"
#define ZEN5_MISPREDICT        "12-18"
#define GOLDEN_COVE_MISPREDICT "about 14-17"

/* First match wins: narrow ranges before the family-wide ones. */
// clang-format off
#define AMD(f, lo, hi, ...) {"AuthenticAMD", f, lo, hi, false, {__VA_ARGS__}}
#define INTEL(lo, hi, guest, ...) {"GenuineIntel", 6, lo, hi, guest, {__VA_ARGS__}}
static const model_range models[] = {
    AMD(0x17, 0x30, 0x3f, "Zen 2",       "Rome",          "Zen 2 \"Rome\"",          NULL,            "znver2 znver1"),
    AMD(0x17, 0x00, 0xff, "Zen / Zen 2", NULL,            "Zen / Zen 2",             NULL,            NULL),
    AMD(0x19, 0x00, 0x0f, "Zen 3",       "Milan",         "Zen 3 \"Milan\"",         NULL,            "znver3 znver2"),
    AMD(0x19, 0x10, 0x1f, "Zen 4",       "Genoa",         "Zen 4 \"Genoa\"",         ZEN4_MISPREDICT, "znver4 znver3"),
    AMD(0x19, 0x20, 0x2f, "Zen 3",       "Vermeer",       "Zen 3 \"Vermeer\"",       NULL,            "znver3 znver2"),
    AMD(0x19, 0x40, 0x4f, "Zen 3+",      "Rembrandt",     "Zen 3+ \"Rembrandt\"",    NULL,            "znver3 znver2"),
    AMD(0x19, 0x50, 0x5f, "Zen 3",       "Cezanne",       "Zen 3 \"Cezanne\"",       NULL,            "znver3 znver2"),
    AMD(0x19, 0x60, 0x6f, "Zen 4",       "Raphael",       "Zen 4 \"Raphael\"",       ZEN4_MISPREDICT, "znver4 znver3"),
    AMD(0x19, 0x70, 0x7f, "Zen 4",       "Phoenix",       "Zen 4 \"Phoenix\"",       ZEN4_MISPREDICT, "znver4 znver3"),
    AMD(0x19, 0xa0, 0xaf, "Zen 4c",      "Bergamo",       "Zen 4c \"Bergamo\"",      ZEN4_MISPREDICT, "znver4 znver3"),
    AMD(0x1a, 0x00, 0x1f, "Zen 5",       "Turin",         "Zen 5 \"Turin\"",         ZEN5_MISPREDICT, "znver5 znver4 znver3"),
    AMD(0x1a, 0x20, 0x2f, "Zen 5",       "Strix Point",   "Zen 5 \"Strix Point\"",   ZEN5_MISPREDICT, "znver5 znver4 znver3"),
    AMD(0x1a, 0x40, 0x4f, "Zen 5",       "Granite Ridge", "Zen 5 \"Granite Ridge\"", ZEN5_MISPREDICT, "znver5 znver4 znver3"),
    AMD(0x1a, 0x00, 0xff, "Zen 5",       NULL,            "Zen 5",                   ZEN5_MISPREDICT, "znver5 znver4 znver3"),
    INTEL(0x55, 0x55, false, "Skylake",      "Skylake-SP",      "Skylake-SP",                          NULL,                   "skylake-avx512"),
    INTEL(0x6a, 0x6c, false, "Sunny Cove",   "Ice Lake-SP",     "Ice Lake-SP (Sunny Cove)",            NULL,                   "icelake-server skylake-avx512"),
    INTEL(0x8f, 0x8f, false, "Golden Cove",  "Sapphire Rapids", "Sapphire Rapids (Golden Cove)",       GOLDEN_COVE_MISPREDICT, "sapphirerapids icelake-server"),
    INTEL(0xcf, 0xcf, false, "Raptor Cove",  "Emerald Rapids",  "Emerald Rapids (Raptor Cove)",        GOLDEN_COVE_MISPREDICT, "emeraldrapids sapphirerapids icelake-server"),
    INTEL(0x97, 0x9a, false, "Golden Cove",  "Alder Lake",      "Alder Lake (Golden Cove)",            GOLDEN_COVE_MISPREDICT, "alderlake"),
    INTEL(0xad, 0xae, false, "Redwood Cove", "Granite Rapids",  "Granite Rapids (Redwood Cove)",       NULL,                   "graniterapids sapphirerapids icelake-server"),
    /* On bare metal 0xa7 is Rocket Lake; it is also what this project's KVM
     * guest reports, whose flags (AMX, AVX512-FP16) are Sapphire Rapids'. */
    INTEL(0xa7, 0xa7, true,  "Golden Cove",  "Sapphire Rapids", "Sapphire Rapids class (Golden Cove)", GOLDEN_COVE_MISPREDICT, "sapphirerapids icelake-server"),
    INTEL(0xa7, 0xa7, false, "Cypress Cove", "Rocket Lake",     "Rocket Lake (Cypress Cove)",          NULL,                   "rocketlake"),
};
// clang-format on

const sq_cpu_model *sq_cpu_model_of(const sq_machine *m) {
    for (size_t i = 0; i < sizeof models / sizeof models[0]; i++) {
        const model_range *r = &models[i];
        if (strcmp(m->vendor, r->vendor) == 0 && m->family == r->family &&
            m->model >= r->model_lo && m->model <= r->model_hi &&
            (!r->virtualized_only || m->hypervisor))
            return &r->model;
    }
    return NULL;
}

bool sq_same_cpu(const sq_machine *a, const sq_machine *b) {
    return strcmp(a->vendor, b->vendor) == 0 && a->family == b->family && a->model == b->model;
}

void sq_cpu_label(char *buf, size_t len, const sq_machine *m) {
    const sq_cpu_model *c = sq_cpu_model_of(m);
    if (c)
        snprintf(buf, len, "%s", c->label);
    else
        snprintf(buf, len, "%s family 0x%x model 0x%x", m->vendor, m->family, m->model);
}

void sq_cpu_short(char *buf, size_t len, const sq_machine *m) {
    const sq_cpu_model *c = sq_cpu_model_of(m);
    if (c)
        snprintf(buf, len, "%s", c->codename ? c->codename : c->core);
    else
        snprintf(buf, len, "family 0x%x model 0x%x", m->family, m->model);
}
