/* The batch verifier catches what it claims to: a wrong result, a write past
 * n, a missing vzeroupper, a clobbered callee-saved register; every batch
 * variant of the catalogue is in the registry; and every way of every
 * load/store bound this CPU runs copies its input, at every length (a way
 * that computes colors instead is caught). */
#include "bench/verify/batch_verify.h"
#include "bench/cli/verify_aside.h"
#include "check.h"
#include "bench/machine/cpu_features.h"
#include "bench/measure/batch_timing.h"

#include <stdio.h>
#include <string.h>

SQ_BATCH_SIG_color_batch(broken_batch_wrong);
SQ_BATCH_SIG_color_batch(broken_batch_overrun);
SQ_BATCH_SIG_color_batch(broken_batch_no_vzeroupper);
SQ_BATCH_SIG_color_batch(broken_batch_clobber_rbx);

/* Verifies fn as a color_batch routine; expects pass, or a failure whose
 * detail contains every string of want[] (NULL-terminated). */
static void expect(const char *label, sq_color_batch_fn fn, bool pass, const char *const *want) {
    sq_batch_variant v = {.id = label,
                          .family = &sq_batch_families[0],
                          .technique = "test",
                          .impl = "asm",
                          .req = "AVX2",
                          .how = "",
                          .fn = {.color = fn}};
    sq_batch_check c;
    sq_batch_verify_variant(&v, &c);
    check_verdict(label, pass, c.pass, c.detail, want);
}

/* Each bound's ways copy, whole trips and what is left after them; a way
 * that writes colors is refused. */
static void bounds_copy(void) {
    int checked = 0;
    for (int i = 0; i < sq_batch_bound_count; i++) {
        const sq_batch_variant *b = &sq_batch_bounds[i];
        if (sq_cpu_features_missing(b->needs))
            continue;
        CHECK(b->ways[0] && b->ways[SQ_BATCH_BOUND_WAYS - 1], "%s: has its ways", b->id);
        CHECK(sq_batch_bound_copies(b), "%s: every way copies", b->id);
        sq_batch_variant colors = *b;
        colors.ways[SQ_BATCH_BOUND_WAYS - 1] = (void (*)(void))sq_batch_variants[0].fn.any;
        CHECK(!sq_batch_bound_copies(&colors), "%s with a way that writes colors: refused", b->id);
        checked++;
    }
    CHECK(checked >= 1, "no bound runs here (copy_xmm needs nothing)");
}

int main(void) {
    CHECK(strcmp(sq_batch_families[0].name, "color_batch") == 0, "family 0 is color_batch");
    bounds_copy();
    if (!(sq_cpu_features() & SQ_FEATURE_AVX2)) {
        printf("no AVX2: the broken routines cannot run here\n");
        return check_finish("batch_verify", NULL);
    }
    /* Lanes first (n = 4096): the wrong tail shows at the first length whose
     * tail is not empty, 1. */
    expect("wrong", broken_batch_wrong, false,
           WANT("n=1, input offset 0", "position 0 (sq=", "expected"));
    expect("overrun", broken_batch_overrun, false, WANT("n=1,", "wrote byte 0 past the end"));
    expect("no_vzeroupper", broken_batch_no_vzeroupper, false,
           WANT("n=4096", "upper ymm state in use", "no vzeroupper"));
    expect("clobber_rbx", broken_batch_clobber_rbx, false,
           WANT("clobbered callee-saved register rbx"));

    /* Verified aside, in a process of its own: the verdict and the lines
     * come back, a crash in the routine included. */
    sq_batch_variant broken = {.id = "color_batch/wrong/asm",
                               .family = &sq_batch_families[0],
                               .technique = "wrong",
                               .impl = "asm",
                               .req = "AVX2",
                               .how = "",
                               .needs = SQ_FEATURE_AVX2,
                               .fn = {.color = broken_batch_wrong}};
    const sq_batch_variant *with_broken[] = {sq_batch_best_asm(&sq_batch_families[0]), &broken};
    sq_verify_aside aside;
    char said[4096] = "";
    FILE *out = fmemopen(said, sizeof said - 1, "w");
    sq_verify_aside_start(&aside, with_broken, 2);
    CHECK(aside.child.pid > 0, "verified in a process of its own");
    bool verdict = sq_verify_aside_wait(&aside, out);
    fclose(out);
    CHECK(!verdict && strstr(said, "color_batch/wrong/asm") && strstr(said, "FAIL") &&
              strstr(said, "1 passed, 1 failed"),
          "aside: passed %d, said '%s'", verdict, said);
    memset(said, 0, sizeof said);
    out = fmemopen(said, sizeof said - 1, "w");
    sq_verify_aside_start(&aside, with_broken, 1);
    verdict = sq_verify_aside_wait(&aside, out);
    fclose(out);
    CHECK(verdict && said[0] == 0, "aside, all right: passed %d, said '%s'", verdict, said);

    /* The catalogue's variants: each family has its dispatcher and scalar asm. */
    for (int f = 0; f < sq_batch_family_count; f++) {
        int dispatchers = 0, scalar_asm = 0;
        for (int i = 0; i < sq_batch_variant_count; i++) {
            const sq_batch_variant *v = &sq_batch_variants[i];
            if (v->family != &sq_batch_families[f])
                continue;
            dispatchers += v->dispatcher;
            scalar_asm += strcmp(v->technique, "scalar") == 0 && strcmp(v->impl, "asm") == 0;
        }
        CHECK(dispatchers == 1 && scalar_asm == 1, "%s: %d dispatchers, %d scalar asm",
              sq_batch_families[f].name, dispatchers, scalar_asm);
        const sq_batch_variant *best = sq_batch_best_asm(&sq_batch_families[f]);
        CHECK(best && !sq_cpu_features_missing(best->needs), "%s: best runs here",
              sq_batch_families[f].name);
    }
    return check_finish("batch_verify", NULL);
}
