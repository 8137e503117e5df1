/* sqcolor-gbench: every variant x sequence x mode as a Google Benchmark
 * benchmark named id/sequence/mode, with core cycles per square as a counter.
 * All --benchmark_* flags work; anything else is refused. */
#include "bench/machine/calibration.h"
#include "bench/machine/clock.h"
#include "bench/cli/cli.h"
#include "bench/machine/cpu_features.h"
#include "bench/measure/engine.h"
#include "bench/gbench/gbench.h"
#include "bench/machine/placement.h"
#include "bench/report/report.h"
#include "bench/input/sequence.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct bench_ctx {
    const sq_variant *variant;
    const char *sequence;
    sq_mode mode;
} bench_ctx;

static sq_calibration cal;
static sq_calibration_config timing;
/* sqcolor run's defaults: sequence length, seed, sample length. */
static sq_engine_config run_cfg;

/* One target at a time: benchmarks run one after another, and each holds a
 * sequence of 2^20 squares. */
static const bench_ctx *current_ctx;
static sq_target *current;

static sq_target *target_for(const bench_ctx *c, char *err, size_t errlen) {
    if (current_ctx == c)
        return current;
    sq_target_free(current);
    current_ctx = NULL;
    current = sq_target_new(c->variant, c->mode, c->sequence, &run_cfg, &cal, err, errlen);
    if (!current)
        return NULL;
    current_ctx = c;
    return current;
}

/* The least time per square given to Google Benchmark. A net cost of zero
 * would make items_per_second infinite, which its JSON writes as Infinity (not
 * JSON), and a negative one gives negative times and rates, whose logarithms
 * turn compare.py's overall geometric mean into nan. 1 fs shows as 0.000 ns
 * and is labelled; the cycles counter keeps the signed value. */
#define LEAST_NET_S 1e-15

/* The most visits one invocation makes: as many as sqcolor run gives a row
 * at most. Google Benchmark sizes its iterations by the reported time, and a
 * net cost near zero would have it ask for its cap of 10^9 squares, seconds
 * of visits that add nothing to a median over groups of visits; past this
 * many visits, a batch stands for more squares than its visit times. */
#define MOST_VISITS (SQ_RUN_VISITS * SQ_RUN_REPS)

/* An iteration is one square. Each batch is one visit of the variant followed
 * by one of its harness. The cycles counter is sqcolor run's statistic over
 * the visits, so the two front ends report the same number: the median over
 * groups of SQ_RUN_VISITS visits of the fastest variant visit less the fastest harness
 * visit. The benchmark's (manual) time per iteration is that number of cycles
 * at the calibrated core clock: Google Benchmark divides the run's manual
 * time by its iterations, so the run's time is given once, at the end, as
 * that many seconds times the iterations. */
static void run_bench(sqgb_state *st, void *p) {
    const bench_ctx *c = p;
    char err[512];
    sq_target *t = target_for(c, err, sizeof err);
    if (!t) {
        sqgb_skip_with_error(st, err);
        return;
    }
    int64_t squares = 0;
    int n = 0, cap = 1024;
    sq_target_visit_times *visits = malloc(sizeof *visits * (size_t)cap);
    bool right = visits != NULL;
    int64_t chunk = (int64_t)sq_target_squares(t);
    int64_t batch = (sqgb_max_iterations(st) + MOST_VISITS - 1) / MOST_VISITS;
    batch = batch > chunk ? batch : chunk;
    while (right && sqgb_keep_running_batch(st, batch)) {
        sq_target_visit_times v;
        right &= sq_target_visit(t, &v);
        squares += chunk;
        if (n == cap) {
            sq_target_visit_times *more = realloc(visits, sizeof *more * (size_t)(cap *= 2));
            right &= more != NULL;
            if (!more)
                break;
            visits = more;
        }
        visits[n++] = v;
    }
    if (!right) {
        free(visits);
        sqgb_skip_with_error(st, "the kernel answered wrong while timed");
        return;
    }
    double cycles, ticks;
    bool any = sq_target_median(visits, n, SQ_RUN_VISITS, &cycles, &ticks);
    free(visits);
    if (!any) {
        sqgb_skip_with_error(st, "no visit was timed");
        return;
    }
    double net_s = cycles / cal.core_hz;
    if (!(net_s >= LEAST_NET_S)) {
        net_s = LEAST_NET_S;
        sqgb_set_label(st, "time clamped to 1 fs: net cost below it (see cycles)");
    }
    sqgb_set_iteration_time(st, net_s * (double)sqgb_iterations(st));
    sqgb_set_counter(st, "cycles", cycles, SQGB_COUNTER_DEFAULT);
    sqgb_set_counter(st, "ticks", ticks, SQGB_COUNTER_DEFAULT);
    sqgb_set_counter(st, "squares_timed", (double)squares, SQGB_COUNTER_DEFAULT);
    sqgb_set_items_processed(st, sqgb_iterations(st));
}

/* --benchmark_out=FILE. Google Benchmark would write FILE as it goes (half a
 * file if interrupted), replace whatever FILE is, and ignore write errors.
 * Here the report is written whole at the end (sqgb_set_out_file) through
 * sqcolor's output files (output.h: a temporary renamed over a new name or a
 * regular file, a link followed, a device or fifo written through, a folder or
 * a link to nothing refused, temporaries removed on every catchable signal),
 * opened before anything is timed. */

/* Unless --benchmark_min_time says otherwise, each benchmark runs for 0.1 s
 * of its reported (net) time. A visit's sample of the variant lasts about
 * 25 us, gross, so that is 4000 visits (over 300 groups) times the variant's
 * gross over net cost: the larger the harness's share, the more visits, each
 * taking about four times its sample with warm-up, clock samples and harness.
 * Given as the flag, not per benchmark: Google Benchmark puts a benchmark's
 * own minimum time into its name, which compare.py matches on.
 *
 * The arguments as given, with --benchmark_min_time's default added, and
 * every --benchmark_out=FILE made --benchmark_out=/dev/null: Google Benchmark
 * opens that name, and the report goes to the destination (sqgb_set_out_file).
 * A BENCHMARK_OUT in the environment is treated as the flag. */
static char **prepare_args(int *argc, char **argv, bool has_out) {
    static char min_time[] = "--benchmark_min_time=0.1";
    static char to_null[] = "--benchmark_out=/dev/null";
    char **more = calloc((size_t)*argc + 3, sizeof *more);
    if (!more)
        return NULL;
    bool timed = false, out_flag = false;
    for (int i = 0; i < *argc; i++) {
        more[i] = argv[i];
        if (i && strncmp(argv[i], "--benchmark_min_time=", 21) == 0)
            timed = true;
        if (i && strncmp(argv[i], "--benchmark_out=", 16) == 0)
            more[i] = to_null, out_flag = true;
    }
    if (!timed)
        more[(*argc)++] = min_time;
    if (has_out && !out_flag)
        more[(*argc)++] = to_null;
    return more;
}

/* The clock that turns cycles into time, measured, and what the numbers are,
 * in the context Google Benchmark prints first. */
static void calibrate_and_describe(void) {
    timing = sq_calibration_defaults();
    timing.reps = 5;
    sq_calibrate_clock(&timing, &cal);
    /* The core clock to every digit, so that a reader can convert exactly. */
    char ghz[32];
    snprintf(ghz, sizeof ghz, "%.17g", cal.core_hz / 1e9);
    sqgb_add_context("sqcolor_core_ghz", ghz);
    char cycles[200];
    snprintf(cycles, sizeof cycles,
             "core cycles per square (%s), variant less harness: per %d visits the fastest of "
             "each, median over the groups",
             cal.perf ? "perf counter" : "add-chain calibrated", SQ_RUN_VISITS);
    sqgb_add_context("sqcolor_cycles", cycles);
    sqgb_add_context("sqcolor_aslr", sq_placement_fixed() ? "off" : "on");
    sqgb_add_context("sqcolor_time", "Time = cycles / sqcolor_core_ghz, per square (manual time); "
                                     "CPU includes the harness and clock samples");
    run_cfg.length = (size_t)1 << SQ_RUN_LENGTH_LOG2;
    run_cfg.seed = 1;
    run_cfg.timing = timing;
    run_cfg.timing.sample_s = SQ_RUN_SAMPLE_US * 1e-6;
}

/* Every variant x built-in sequence of its arity x mode, registered as
 * id/sequence/mode; returns their contexts (to free after the run). */
static bench_ctx *register_all(const sq_variant *variants) {
    static char names[2][128];
    static const char *seqs[2][8];
    int nseqs[2] = {0, 0};
    for (int a = 0; a < 2; a++) {
        snprintf(names[a], sizeof names[a], "%s", sq_sequence_names(a + 1));
        for (char *tok = strtok(names[a], ","); tok && nseqs[a] < 8; tok = strtok(NULL, ","))
            seqs[a][nseqs[a]++] = tok;
    }
    /* What this CPU cannot execute is never registered. */
    const sq_variant *vs[sq_variant_count];
    for (int i = 0; i < sq_variant_count; i++)
        vs[i] = &variants[i];
    char skipped[1024];
    int nvs =
        sq_keep_supported_noting("sqcolor-gbench", vs, sq_variant_count, skipped, sizeof skipped);
    int count = 0;
    for (int i = 0; i < nvs; i++)
        count += nseqs[vs[i]->family->arity - 1] * SQ_MODE_COUNT;
    bench_ctx *ctx = calloc((size_t)count + 1, sizeof *ctx);
    int n = 0;
    for (int i = 0; i < nvs; i++) {
        const sq_variant *v = vs[i];
        int a = v->family->arity - 1;
        for (int s = 0; s < nseqs[a]; s++)
            for (int m = 0; m < SQ_MODE_COUNT; m++) {
                bench_ctx *c = &ctx[n++];
                *c = (bench_ctx){v, seqs[a][s], (sq_mode)m};
                char name[256];
                snprintf(name, sizeof name, "%s/%s/%s", v->id, c->sequence, sq_mode_names[m]);
                sqgb_bench *b = sqgb_register(name, run_bench, c);
                if (b) {
                    sqgb_unit(b, SQGB_NS);
                    sqgb_use_manual_time(b);
                }
            }
    }
    return ctx;
}

/* The variants of the selected benchmarks, marked by index. */
typedef struct verified {
    const sq_variant *variants;
    bool *chosen;
} verified;

static void choose(void *ctx, void *arg) {
    const bench_ctx *c = ctx;
    verified *sel = arg;
    sel->chosen[c->variant - sel->variants] = true;
}

/* For the tests only: SQCOLOR_TEST_BREAK_VARIANT=ID makes variant ID answer 2
 * (no color, no pair answer) for every input, a variant that verification
 * must stop before it is timed. */
static unsigned answer_two_1(unsigned a) {
    (void)a;
    return 2;
}
static unsigned answer_two_2(unsigned a, unsigned b) {
    (void)a, (void)b;
    return 2;
}

static int break_for_test(sq_variant *variants, char *err, size_t errlen) {
    const char *id = getenv("SQCOLOR_TEST_BREAK_VARIANT");
    if (!id)
        return 0;
    for (int i = 0; i < sq_variant_count; i++) {
        if (strcmp(variants[i].id, id) != 0)
            continue;
        if (variants[i].family->arity == 1)
            variants[i].fn.f1 = answer_two_1;
        else
            variants[i].fn.f2 = answer_two_2;
        return 0;
    }
    snprintf(err, errlen, "SQCOLOR_TEST_BREAK_VARIANT: no variant '%s'", id);
    return -1;
}

/* Google Benchmark reads BENCHMARK_MIN_TIME, BENCHMARK_MIN_WARMUP_TIME and
 * BENCHMARK_REPETITIONS when it is loaded, before main, warns twice of a value
 * that is not a number, and goes on. So they are checked before that: the
 * executable's preinit array runs before any shared library's initialisers.
 * One line, exit 2, as every other bad flag. */
static void check_env_before_the_library(int argc, char **argv, char **envp) {
    (void)argc, (void)argv;
    /* Before the C library's own initialiser, which sets it to the same. */
    extern char **environ;
    if (!environ)
        environ = envp;
    char err[512];
    if (sqgb_check_numbers_in_env(err, sizeof err)) {
        fprintf(stderr, "sqcolor-gbench: %s (see --help)\n", err);
        _exit(2);
    }
}
__attribute__((section(".preinit_array"),
               used)) static void (*const check_env_first)(int, char **,
                                                           char **) = check_env_before_the_library;

int main(int argc, char **argv) {
    /* Address randomisation off, as sqcolor run times (placement.h). */
    sq_placement_init(argv);
    sq_placement_fix();
    /* A closed stdout would be the next file opened: the console table would
     * go into the output's temporary. A closed stdin or stderr is /dev/null. */
    if (fcntl(STDOUT_FILENO, F_GETFD) < 0) {
        fprintf(stderr, "sqcolor-gbench: the standard output is closed\n");
        return 2;
    }
    for (int fd = 0; fd <= 2; fd += 2)
        if (fcntl(fd, F_GETFD) < 0 && open("/dev/null", fd ? O_WRONLY : O_RDONLY) != fd)
            return 2;
    char err[4096 + 512];
    if (sq_cpu_features_init(err, sizeof err) != 0) {
        fprintf(stderr, "sqcolor-gbench: %s\n", err);
        return 2;
    }
    /* Help, and bad flags, before anything is opened or timed. */
    if (sqgb_help_asked(argc, argv)) {
        sqgb_print_help();
        if (fflush(stdout) == 0 && !ferror(stdout))
            return 0;
        fprintf(stderr, "sqcolor-gbench: cannot write the standard output: %s\n", strerror(errno));
        return 2;
    }
    if (sqgb_check_args(argc, argv, err, sizeof err)) {
        fprintf(stderr, "sqcolor-gbench: %s (see --help)\n", err);
        return 2;
    }
    /* Google Benchmark, asked for counters it cannot read (built without
     * libpfm, as Debian's is, or on a machine that exposes none), says so
     * without a newline and times on: refused here, in one line. */
    const char *counters = sqgb_flag("benchmark_perf_counters");
    if (counters && *counters && !dlsym(RTLD_DEFAULT, "pfm_initialize")) {
        fprintf(stderr, "sqcolor-gbench: --benchmark_perf_counters: this Google Benchmark library "
                        "was built without libpfm, so it reads no performance counters\n");
        return 2;
    }
    if (counters && *counters) {
        errno = 0;
        if (!sq_perf_cycles_open()) {
            fprintf(stderr,
                    "sqcolor-gbench: --benchmark_perf_counters: this machine exposes no hardware "
                    "performance counters (perf_event_open: %s)\n",
                    errno ? strerror(errno) : "counts nothing");
            return 2;
        }
        sq_perf_cycles_close();
    }
    /* Google Benchmark keeps the first value of a context key, and the
     * flag's come first: sqcolor's own keys (the core clock that turns cycles
     * into time) are not the user's to give. */
    const char *context = sqgb_flag("benchmark_context");
    for (const char *k = context; k; k = strchr(k, ','), k = k ? k + 1 : NULL)
        if (strncmp(k, "sqcolor_", 8) == 0) {
            fprintf(stderr, "sqcolor-gbench: --benchmark_context: the sqcolor_* keys are "
                            "sqcolor-gbench's own\n");
            return 2;
        }
    /* The variants as registered: sqcolor's, or, for the tests, with one
     * broken on purpose. */
    sq_variant *variants = malloc(sizeof *variants * (size_t)sq_variant_count);
    memcpy(variants, sq_variants, sizeof *variants * (size_t)sq_variant_count);
    if (break_for_test(variants, err, sizeof err)) {
        fprintf(stderr, "sqcolor-gbench: %s\n", err);
        free(variants);
        return 2;
    }
    /* The destination, unless only listing; a copy, as the flags Google
     * Benchmark is given name another (prepare_args). */
    const char *out_flag = sqgb_flag("benchmark_out");
    const char *listing = sqgb_flag("benchmark_list_tests");
    bool has_out = out_flag && *out_flag;
    if (listing && strchr("ty1o", listing[0]) && strcmp(listing, "off") != 0)
        has_out = false;
    char *out_path = has_out ? strdup(out_flag) : NULL;
    char **args = has_out && !out_path ? NULL : prepare_args(&argc, argv, has_out);
    if (!args || sqgb_initialize(&argc, args, err, sizeof err)) {
        fprintf(stderr, "sqcolor-gbench: %s (see --help)\n", args ? err : "out of memory");
        free(variants);
        free(args);
        free(out_path);
        return 2;
    }
    bench_ctx *ctx = register_all(variants);

    /* Which benchmarks the flags select: a filter that matches nothing is bad
     * input, refused before the destination is opened. */
    verified sel = {variants, calloc((size_t)sq_variant_count, sizeof(bool))};
    int status = sqgb_selected(choose, &sel) == 0 ? 2 : 0; /* Google Benchmark said why */
    /* Then the destination: a bad one fails before verification and timing. */
    sq_output out = {0};
    if (!status && has_out && sq_output_open(&out, out_path, err, sizeof err)) {
        fprintf(stderr, "sqcolor-gbench: --benchmark_out: %s\n", err);
        status = 2;
    }
    free(out_path);
    sqgb_set_out_file(out.fp);

    /* Truth first, as in sqcolor run: the variants of the benchmarks the flags
     * select are verified, by sqcolor verify's code, before any is timed. */
    if (!status) {
        const sq_variant **vs = malloc(sizeof *vs * (size_t)sq_variant_count);
        int nvs = 0;
        for (int i = 0; i < sq_variant_count; i++)
            if (sel.chosen[i])
                vs[nvs++] = &variants[i];
        if (nvs && !sq_verify_all(vs, nvs, true, stderr))
            status = 1;
        free(vs);
    }
    free(sel.chosen);
    if (!status) {
        calibrate_and_describe();
        if (sqgb_run() == 0)
            status = 2;
    }
    sqgb_shutdown();
    sq_target_free(current);
    free(ctx);
    free(variants);
    free(args);
    /* The console table (or JSON, CSV) on stdout, and the file, whole. */
    if (!status && (fflush(stdout) != 0 || ferror(stdout))) {
        fprintf(stderr, "sqcolor-gbench: cannot write the standard output: %s\n", strerror(errno));
        status = 2;
    }
    if (status) {
        if (out.fp)
            sq_output_abort(&out);
        return status;
    }
    if (out.fp && sq_output_commit(&out, err, sizeof err)) {
        fprintf(stderr, "sqcolor-gbench: --benchmark_out: %s\n", err);
        return 2;
    }
    return 0;
}
