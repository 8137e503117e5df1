/* The rule of disasm --results on made-up figures with known answers: the
 * 0.5-cycle threshold as printed, and which instruction form explains which
 * variant's latency (every form of the chain in the routine, the chain a
 * latency, the disagreement the same way), the rest left by technique. */
#include "bench/report/disagreements.h"

#include <math.h>

#include "check.h"

#define FORMS(...)                                                                                 \
    (const char *const[]){__VA_ARGS__},                                                            \
        (int)(sizeof((const char *[]){__VA_ARGS__}) / sizeof(const char *))

static const char *const LEA = "lea r32, [r + r*8]", *const LOAD = "movzx r32, byte [r + r]",
                         *const ADD = "add r32, imm", *const TEST = "test r32, imm",
                         *const SETP = "setp r8", *const AND = "and r32, imm",
                         *const MOV = "mov r32, r32";

enum { F_LEA, F_LOAD, F_ADD, F_TEST_SETP, F_ADD_X8, NFORMS };

static void threshold(void) {
    CHECK(sq_model_off(3.0, 3.5) && sq_model_off(3.0, 2.5), "0.50 apart: off");
    CHECK(!sq_model_off(3.0, 3.49) && !sq_model_off(3.0, 2.51), "0.49 apart: not off");
    CHECK(sq_model_off(3.49, 3.99), "0.5000000000000004 apart prints 0.50: off");
    CHECK(!sq_model_off(0, 0.494) && sq_model_off(0, 0.496), "as printed, to two decimals");
    CHECK(!sq_model_off(NAN, 1) && !sq_model_off(1, NAN), "a missing side: not off");
}

static void grouping(void) {
    const sq_form_figure forms[NFORMS] = {
        [F_LEA] = {FORMS(LEA), true, 2.0, 1.0},              /* the model too slow */
        [F_LOAD] = {FORMS(LOAD), true, 5.0, 4.0},            /* too slow */
        [F_ADD] = {FORMS(ADD), true, 1.0, 1.0},              /* agrees */
        [F_TEST_SETP] = {FORMS(TEST, SETP), true, 1.0, 2.0}, /* too fast, two forms */
        [F_ADD_X8] = {FORMS(ADD), false, 2.0, 1.5},          /* a throughput, off */
    };
    enum { V_LEA, V_BOTH, V_OTHER_WAY, V_HALF, V_TEST_SETP, V_ADD, V_THR, V_NONE, V_EDGE, NV };
    const sq_variant_figure vs[NV] = {
        [V_LEA] = {FORMS(LEA, AND), 5.0, 4.0, 0.5, 0.5},
        [V_BOTH] = {FORMS(MOV, LEA, LOAD), 6.0, 5.0, 1.0, 1.1},
        [V_OTHER_WAY] = {FORMS(LEA), 3.0, 4.0, 1.0, 1.0},  /* slower than the model */
        [V_HALF] = {FORMS(TEST, AND), 2.0, 3.0, 1.0, 1.0}, /* no setp */
        [V_TEST_SETP] = {FORMS(SETP, MOV, TEST), 2.0, 3.0, 1.0, 1.0},
        [V_ADD] = {FORMS(ADD), 2.0, 1.0, 1.0, 1.0},  /* only the throughput form off */
        [V_THR] = {FORMS(LEA), 4.0, 3.51, 0.2, 0.7}, /* latency 0.49, throughput 0.50 */
        [V_NONE] = {FORMS(LEA), NAN, NAN, NAN, NAN}, /* a branch, nothing measured */
        [V_EDGE] = {FORMS(LEA), 5.0, 4.5, 1.0, 1.0}, /* exactly 0.50 */
    };
    sq_disagreements d;
    CHECK(sq_disagreements_find(forms, NFORMS, vs, NV, &d) == 0, "found");
    CHECK(d.form_off[F_LEA] && d.form_off[F_LOAD] && !d.form_off[F_ADD] &&
              d.form_off[F_TEST_SETP] && d.form_off[F_ADD_X8],
          "the forms off: lea, load, test+setp and the throughput, not add");
    /* Which form explains which variant's latency: the whole table. */
    static const bool want[NFORMS][NV] = {
        [F_LEA] = {[V_LEA] = true, [V_BOTH] = true, [V_EDGE] = true},
        [F_LOAD] = {[V_BOTH] = true},
        [F_TEST_SETP] = {[V_TEST_SETP] = true},
    };
    for (int f = 0; f < NFORMS; f++)
        for (int v = 0; v < NV; v++)
            CHECK(d.explains[f * NV + v] == want[f][v], "form %d explains variant %d: %s", f, v,
                  want[f][v] ? "yes" : "no");
    static const bool lat_left[NV] = {[V_OTHER_WAY] = true, [V_HALF] = true, [V_ADD] = true};
    static const bool thr_left[NV] = {[V_THR] = true};
    for (int v = 0; v < NV; v++) {
        CHECK(d.lat_left[v] == lat_left[v], "variant %d's latency left to its technique: %s", v,
              lat_left[v] ? "yes" : "no");
        CHECK(d.thr_left[v] == thr_left[v], "variant %d's throughput left: %s", v,
              thr_left[v] ? "yes" : "no");
    }
    CHECK(d.explained == 4, "4 latencies explained, not %d", d.explained);
    sq_disagreements_free(&d);
    CHECK(!d.explains && !d.form_off, "freed");

    /* No forms (no instruction-form file): every disagreement is left. */
    CHECK(sq_disagreements_find(NULL, 0, vs, NV, &d) == 0, "found without forms");
    int left = 0;
    for (int v = 0; v < NV; v++)
        left += d.lat_left[v];
    CHECK(left == 7 && d.explained == 0, "without forms every latency off is left: %d", left);
    sq_disagreements_free(&d);
}

int main(void) {
    threshold();
    grouping();
    return check_finish("disagreements", NULL);
}
