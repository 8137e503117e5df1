/* The registry is complete and consistent: every technique in every impl,
 * unique ids, ids built from their parts, and --filter semantics. */
#include "bench/catalog/registry.h"
#include "c/techniques.h"

#include <stdio.h>
#include <string.h>

#include "check.h"

enum { TECHNIQUES = SQ_TECHNIQUE_COUNT };

/* Each line's "family/technique/" and requirement, read from the catalogue here
 * rather than through the registry. */
#define LINE_NEEDS(fam, tech, formula, insns, req) {#fam "/" #tech "/", SQ_NEEDS(req)},
static const struct {
    const char *prefix;
    unsigned needs;
} line_needs[] = {SQ_FOR_EACH_TECHNIQUE(LINE_NEEDS)};

static unsigned needs_of_line(const sq_variant *v) {
    for (int i = 0; i < TECHNIQUES; i++)
        if (strncmp(v->id, line_needs[i].prefix, strlen(line_needs[i].prefix)) == 0)
            return line_needs[i].needs;
    return ~0u;
}

static int count_impl(const char *impl) {
    int n = 0;
    for (int i = 0; i < sq_variant_count; i++)
        n += strcmp(sq_variants[i].impl, impl) == 0;
    return n;
}

int main(void) {
    for (int f = 0; f < sq_family_count; f++) {
        char prefix[64];
        int lines = 0;
        snprintf(prefix, sizeof prefix, "%s/", sq_families[f].name);
        for (int i = 0; i < TECHNIQUES; i++)
            lines += strncmp(line_needs[i].prefix, prefix, strlen(prefix)) == 0;
        CHECK(lines > 0, "family %s has no catalogue line", sq_families[f].name);
    }
    CHECK(sq_impl_count >= 3 && strcmp(sq_impls[0].name, "asm") == 0, "asm, then C impls");
    for (int i = 0; i < sq_impl_count; i++) {
        const sq_impl *m = &sq_impls[i];
        CHECK(count_impl(m->name) == TECHNIQUES, "%s has %d of %d", m->name, count_impl(m->name),
              TECHNIQUES);
        CHECK(sq_impl_find(m->name) == m, "%s found by name", m->name);
        CHECK(m->compiler[0] && m->flags[0], "%s says what built it", m->name);
        for (int k = 0; k < SQ_KERNEL_MODES; k++)
            CHECK(m->baseline[0][k] && m->baseline[1][k], "%s has baselines", m->name);
    }

    for (int i = 0; i < sq_variant_count; i++) {
        const sq_variant *v = &sq_variants[i];
        char id[128];
        snprintf(id, sizeof id, "%s/%s/%s", v->family->name, v->technique, v->impl);
        CHECK(strcmp(id, v->id) == 0, "%s is built as %s", v->id, id);
        CHECK(v->fn.any != NULL, "%s has no routine", v->id);
        CHECK(v->needs == needs_of_line(v), "%s needs %#x, its line %#x", v->id, v->needs,
              needs_of_line(v));
        for (int j = 0; j < i; j++)
            CHECK(strcmp(v->id, sq_variants[j].id) != 0, "%s twice", v->id);
    }

    const sq_variant *out[sq_variant_count];
    char err[256];
    CHECK(sq_select(NULL, out, err, sizeof err) == sq_variant_count, "NULL filter");
    int color_lines = 0;
    for (int i = 0; i < TECHNIQUES; i++)
        color_lines += strncmp(line_needs[i].prefix, "color/", 6) == 0;
    CHECK(sq_select("color/*/asm", out, err, sizeof err) == color_lines, "color/*/asm: %d of %d",
          sq_select("color/*/asm", out, err, sizeof err), color_lines);
    CHECK(sq_select("*/lea_xor/*", out, err, sizeof err) == 2 * sq_impl_count, "*/lea_xor/*");
    int n = sq_select("same_color/lea_*/asm,color/bt/*", out, err, sizeof err);
    CHECK(n == 1 + sq_impl_count && strcmp(out[0]->id, "color/bt/asm") == 0,
          "lists keep registry order");
    CHECK(sq_select("color/bt/asm,color/bt/asm", out, err, sizeof err) == 1, "duplicates once");
    CHECK(sq_select("color/bt/asm,nothing", out, err, sizeof err) == -1 &&
              strstr(err, "'nothing' matches no variant"),
          "a glob that matches nothing is an error: %s", err);
    CHECK(sq_select("color/bt/asm,,", out, err, sizeof err) == -1, "empty glob is an error");

    return check_finish("registry", NULL);
}
