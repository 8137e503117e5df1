/* The registry is complete and consistent: every technique in every impl,
 * unique ids, ids built from their parts, and --filter semantics. */
#include "registry.h"
#include "techniques.h"

#include <stdio.h>
#include <string.h>

static int checks, failures;
#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        checks++;                                                                                  \
        if (!(cond)) {                                                                             \
            failures++;                                                                            \
            printf("FAILED line %d: ", __LINE__);                                                  \
            printf(__VA_ARGS__);                                                                   \
            printf("\n");                                                                          \
        }                                                                                          \
    } while (0)

#define COUNT_TECHNIQUE(fam, tech, formula, insns) +1
enum { TECHNIQUES = 0 SQ_FOR_EACH_TECHNIQUE(COUNT_TECHNIQUE) };

static int count_impl(const char *impl) {
    int n = 0;
    for (int i = 0; i < sq_variant_count; i++)
        n += strcmp(sq_variants[i].impl, impl) == 0;
    return n;
}

int main(void) {
    CHECK(TECHNIQUES >= 21, "only %d techniques", TECHNIQUES);
    CHECK(count_impl("asm") == TECHNIQUES, "asm has %d of %d", count_impl("asm"), TECHNIQUES);
    CHECK(count_impl("c") == TECHNIQUES, "c has %d of %d", count_impl("c"), TECHNIQUES);

    for (int i = 0; i < sq_variant_count; i++) {
        const sq_variant *v = &sq_variants[i];
        char id[128];
        snprintf(id, sizeof id, "%s/%s/%s", v->family->name, v->technique, v->impl);
        CHECK(strcmp(id, v->id) == 0, "%s is built as %s", v->id, id);
        CHECK(v->fn.any != NULL, "%s has no routine", v->id);
        for (int j = 0; j < i; j++)
            CHECK(strcmp(v->id, sq_variants[j].id) != 0, "%s twice", v->id);
    }

    const sq_variant *out[512];
    char err[256];
    CHECK(sq_select(NULL, out, err, sizeof err) == sq_variant_count, "NULL filter");
    CHECK(sq_select("color/*/asm", out, err, sizeof err) == 10, "color/*/asm");
    CHECK(sq_select("*/lea_xor/*", out, err, sizeof err) == 4, "*/lea_xor/*");
    int n = sq_select("same_color/lea_*/c,color/bt/*", out, err, sizeof err);
    CHECK(n == 3 && strcmp(out[0]->id, "color/bt/asm") == 0, "lists keep registry order");
    CHECK(sq_select("color/bt/asm,color/bt/asm", out, err, sizeof err) == 1, "duplicates once");
    CHECK(sq_select("color/bt/asm,nothing", out, err, sizeof err) == -1 &&
              strstr(err, "'nothing' matches no variant"),
          "a glob that matches nothing is an error: %s", err);
    CHECK(sq_select("color/bt/asm,,", out, err, sizeof err) == -1, "empty glob is an error");

    printf("registry: %d passed, %d failed\n", checks - failures, failures);
    return failures != 0;
}
