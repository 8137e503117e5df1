/* sqcolor selftest: where the harness's accuracy is asserted. Each check is a
 * measurement with a known answer and a tolerance. */
#include "bench/results/figures.h"
#include "bench/machine/calibration.h"
#include "bench/cli/cli.h"
#include "bench/measure/engine.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct check_state {
    int passed, failed;
} check_state;

static void report(check_state *st, const char *what, double got, const char *want_text,
                   bool pass) {
    printf("%-58s %8.3f   %-22s %s\n", what, got, want_text, pass ? "PASS" : "FAIL");
    if (pass)
        st->passed++;
    else
        st->failed++;
}

static void expect_near(check_state *st, const char *what, double got, double want, double tol) {
    char text[48];
    snprintf(text, sizeof text, "%.2f +- %.3f", want, tol);
    report(st, what, got, text, fabs(got - want) <= tol);
}

/* Median core cycles per square of one asm variant in one mode and sequence. */
static double kernel_cycles(const char *id, sq_mode mode, const char *seq) {
    const sq_variant *v[1] = {NULL};
    for (int i = 0; i < sq_variant_count; i++)
        if (strcmp(sq_variants[i].id, id) == 0)
            v[0] = &sq_variants[i];
    const char *seqs[1] = {seq};
    sq_engine_config cfg = {.variants = v,
                            .nvariants = 1,
                            .sequences = seqs,
                            .nsequences = 1,
                            .timing = sq_calibration_defaults(),
                            .length = 1 << 20,
                            .seed = 1};
    cfg.mode[mode] = true;
    cfg.timing.reps = 11;
    sq_run run;
    char err[256];
    if (!v[0] || sq_engine_run(&cfg, &run, err, sizeof err) || run.nresults != 1)
        return NAN;
    sq_run_finish(&run);
    double median = run.results[0].cycles.median;
    sq_run_free(&run);
    return median;
}

static int run_selftest(int argc, char **argv);

static const sq_example selftest_examples[] = {
    {"sqcolor selftest",
     "the engine's known answers on the CPU the process starts on; exit 1 if one is off"},
    {"taskset -c 2 sqcolor selftest",
     "the same on CPU 2 (selftest takes no --cpu: taskset pins it)"},
};

const sq_command sq_command_selftest = {
    .name = "selftest",
    .run = run_selftest,
    .summary = "measure known answers with the engine and check the tolerances",
    .description =
        "Chains of known latency (add 1, imul 3) and kernels whose latency must equal the sum of\n"
        "their instructions' chain latencies (lea_shr_and, inreg32, lookup), and the branch\n"
        "misprediction cost of lea_test_jz on random squares. Exit 1 if any is out of tolerance.",
    SQ_EXAMPLES(selftest_examples),
};

static int run_selftest(int argc, char **argv) {
    sq_parse_options(&sq_command_selftest, argc, argv, NULL, NULL, 0, NULL);
    sq_calibration_config cfg = sq_calibration_defaults();
    sq_calibration cal;
    sq_calibrate_clock(&cfg, &cal);
    sq_print_clock(stdout, &cal);
    printf("\n%-58s %8s   %-22s\n", "check", "measured", "expected");

    check_state st = {0, 0};
    /* Each chain the checks name, measured where it is named. */
#define CHAIN(name) sq_measure_chain(&cfg, &cal, sq_chain_find(name)).median
    expect_near(&st, "add chain: add eax, 1 (core cycles per link)", CHAIN("add"), 1, 0.01);
    expect_near(&st, "imul chain: imul rax, rax, 3", CHAIN("imul"), 3, 0.03);
    expect_near(&st, "xor chain: xor eax, 1", CHAIN("xor"), 1, 0.01);

    /* Kernels against the sum of their instructions' chain latencies: this
     * holds on any core, whatever each instruction costs there. */
    double sum = CHAIN("lea_bisd") + CHAIN("shr_imm") + CHAIN("and");
    expect_near(&st, "color/lea_shr_and/asm latency = lea3 + shr + and",
                kernel_cycles("color/lea_shr_and/asm", SQ_MODE_LATENCY, "random"), sum, 0.05);
    sum = CHAIN("shr_cl_and");
    expect_near(&st, "color/inreg32/asm latency = mov; shr imm by cl; and",
                kernel_cycles("color/inreg32/asm", SQ_MODE_LATENCY, "random"), sum, 0.05);
    sum = CHAIN("movzx_load");
    expect_near(&st, "color/lookup/asm latency = movzx load (+ a renamed mov)",
                kernel_cycles("color/lookup/asm", SQ_MODE_LATENCY, "random"), sum, 0.15);

    /* An unpredictable branch costs a misprediction every other square (the
     * sequence is long enough that the predictor cannot learn it). */
    double ordered = kernel_cycles("color/lea_test_jz/asm", SQ_MODE_BRANCH, "ordered");
    double random = kernel_cycles("color/lea_test_jz/asm", SQ_MODE_BRANCH, "random");
    report(&st, "color/lea_test_jz/asm branch: random - ordered", random - ordered, ">= 5",
           random - ordered >= 5);
#undef CHAIN
    printf("\nselftest: %d passed, %d failed\n", st.passed, st.failed);
    return st.failed ? SQ_EXIT_FAIL : SQ_EXIT_OK;
}
