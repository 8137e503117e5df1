/* sqcolor-gbench: sqcolor's benchmarks under Google Benchmark, so that its
 * tools (compare.py) read them: every scalar variant x sequence x mode and
 * every batch variant x size (benchmarks.h), verified first, Time in core
 * cycles (time_unit.h). Its own options are sqcolor's (one table, as a
 * command's); every --benchmark_* flag works, checked first. */
#include "bench/cli/cli.h"
#include "bench/cli/completion.h"
#include "bench/cli/manual.h"
#include "bench/gbench/benchmarks.h"
#include "bench/gbench/gbench.h"
#include "bench/gbench/time_unit.h"
#include "bench/machine/calibration.h"
#include "bench/machine/clock.h"
#include "bench/machine/test_switches.h"
#include "bench/machine/placement.h"
#include "bench/verify/batch_verify.h"
#include "sq_version.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What --help-format prints: the man page and the completion script are
 * made of it at build time. */
#define HELP_FORMATS(X) X(HELP_TEXT, "text") X(HELP_MAN, "man") X(HELP_BASH, "bash")
typedef enum help_format { HELP_FORMATS(SQ_CHOICE_ENUMERATOR) } help_format;

enum { OPT_SIZES, OPT_SEED, OPT_CPU, OPT_HELP_FORMAT, OPT_COUNT };
static const sq_option options[OPT_COUNT] = {
    [OPT_SIZES] = SQ_OPTION_BATCH_SIZES("squares (pairs) per call each batch variant is timed at, "
                                        "one benchmark id/N each, as in sqcolor batch"),
    [OPT_SEED] = {.name = "--seed",
                  .kind = SQ_OPTION_U64,
                  .placeholder = "N",
                  .help = "seed of the random sequences, as sqcolor run's",
                  .def = "1"},
    [OPT_CPU] = SQ_OPTION_CPU,
    [OPT_HELP_FORMAT] = {.name = "--help-format",
                         .kind = SQ_OPTION_CHOICE,
                         .placeholder = "F",
                         .help = "print the help and exit: as text (--help), the man page "
                                 "sqcolor-gbench.1, or the bash completion script",
                         .choices = SQ_CHOICES(HELP_FORMATS)},
};

static const sq_example gbench_examples[] = {
    {"sqcolor-gbench --benchmark_filter='^color/lea_shr_and/'",
     "every impl, sequence and mode of color/lea_shr_and under Google Benchmark"},
    {"sqcolor-gbench --benchmark_filter='^color_batch/' --sizes 1024,8192 --benchmark_format=json",
     "the batch routines at two sizes, as JSON for compare.py"},
};

static const sq_command command = {
    .name = "gbench",
    .program = "sqcolor-gbench",
    .operands = "[--benchmark_FLAG=VALUE...]",
    .summary = "sqcolor's benchmarks under Google Benchmark, for its tools such as compare.py",
    .description =
        "Every scalar variant x sequence x mode as id/sequence/mode, timed as sqcolor run times a\n"
        "row (net of its harness), and every batch variant x size as id/N, timed as sqcolor batch\n"
        "times it; Google Benchmark appends /manual_time. The variants the flags select are\n"
        "verified (sqcolor verify's checks) before anything is timed: a failure exits 1.\n"
        "Time is core cycles per 1000 squares (pairs), written as ns of a nominal 1 GHz clock:\n"
        "1997 ns is 1.997 cycles a square. No clock estimate enters it, so two runs of one build\n"
        "differ by their noise only. A net cost not told apart from zero (the tables' ≈0) shows\n"
        "as 50 (0.05 cycles, the resolution), labelled. Counters: cycles (per square, signed),\n"
        "ticks (TSC), squares_timed. CPU time is the process's (harness, clock samples, Google\n"
        "Benchmark's loop): not comparable. docs/gbench.md has more.\n"
        "\"Library was built as DEBUG\": Debian builds libbenchmark without NDEBUG, so its own\n"
        "checks are compiled in. They run around the timed code, never in it: sqcolor times with\n"
        "its own clocks (manual time), so Time is not affected.",
    .options = options,
    .noptions = OPT_COUNT,
    SQ_EXAMPLES(gbench_examples),
};

static void print_help(void) {
    sq_print_command_help(stdout, &command);
    printf("\nGoogle Benchmark's flags (libbenchmark 1.7), each value checked before it reads "
           "it;\nsee https://github.com/google/benchmark/blob/v1.7.1/docs/user_guide.md\n\n");
    sqgb_print_help();
}

/* What the man page says of Google Benchmark's flags, which --help lists. */
static const char gb_flags[] =
    "Google Benchmark's own flags (--benchmark_filter=REGEX, --benchmark_repetitions=N,\n"
    "--benchmark_format=console|json|csv, --benchmark_out=FILE, ...) are taken as well, each\n"
    "value checked before it is read; sqcolor-gbench --help lists them.";

/* The help as --help-format asks. */
static void print_help_as(const sq_value *format) {
    const sq_command *cmds[] = {&command};
    if (format->choice == HELP_MAN)
        sq_print_program_man(stdout, SQCOLOR_VERSION, &command, gb_flags);
    else if (format->choice == HELP_BASH)
        sq_print_bash_completion(stdout, cmds, 1);
    else
        print_help();
}

/* Whether argv asks for help: --help, as Google Benchmark has it, or -h, as
 * sqcolor's commands have it. */
static bool help_asked(int argc, char **argv) {
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "-h") == 0)
            return true;
    return sqgb_help_asked(argc, argv);
}

/* argv[1..argc) into Google Benchmark's flags (after the program's name, in
 * gb) and the rest, sqcolor's options and their values (in own). */
static void split_args(int argc, char **argv, char **gb, int *ngb, char **own, int *nown) {
    *ngb = *nown = 0;
    gb[(*ngb)++] = argv[0];
    for (int i = 1; i < argc; i++) {
        if (sqgb_is_flag(argv[i]))
            gb[(*ngb)++] = argv[i];
        else
            own[(*nown)++] = argv[i];
    }
    gb[*ngb] = NULL;
}

/* --benchmark_out=FILE. Google Benchmark would write FILE as it goes (half a
 * file if interrupted), replace whatever FILE is, and ignore write errors.
 * Here the report is written whole at the end (sqgb_set_out_file) through
 * sqcolor's output files (output.h: a temporary renamed over a new name or a
 * regular file, a link followed, a device or fifo written through, a folder or
 * a link to nothing refused, temporaries removed on every catchable signal),
 * opened before anything is timed. */

/* Unless --benchmark_min_time says otherwise, Google Benchmark runs each
 * benchmark again with more iterations until its Time adds up to 0.1 s:
 * 10^8 cycles at the nominal clock. A visit (repetition) is about 10^5
 * cycles of work, and an invocation makes at most 90 of them, so the one
 * reported always makes those 90 (30 groups of 3, as sqcolor run gives a
 * row); the invocations before it, each at most ten times the iterations of
 * the one before, take about as long again. Given as the flag, not per
 * benchmark: Google Benchmark puts a benchmark's own minimum time into its
 * name, which compare.py matches on.
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

/* The clock, measured after verification, then samples of sample_s; and
 * what the numbers are, in the context Google Benchmark prints first. */
static void calibrate_and_describe(gb_setup *setup, uint64_t seed, double sample_s) {
    sq_calibrate_clock(&setup->run.timing, &setup->cal);
    /* Samples of sqcolor run's length; the clock's stay as calibrated. */
    setup->run.timing.sample_s = sample_s;
    /* The core clock to every digit, so that a reader can convert ticks. */
    char text[200];
    snprintf(text, sizeof text, "%.17g", setup->cal.core_hz / 1e9);
    sqgb_add_context("sqcolor_core_ghz", text);
    snprintf(text, sizeof text,
             "core cycles per square (%s); scalar: variant less harness, per %d visits the "
             "fastest of each, median over the groups; batch: median of repetitions",
             setup->cal.perf ? "perf counter" : "add-chain calibrated", setup->run.visits);
    sqgb_add_context("sqcolor_cycles", text);
    gb_describe_time();
    sqgb_add_context("sqcolor_aslr", sq_placement_fixed() ? "off" : "on");
    snprintf(text, sizeof text, "%llu", (unsigned long long)seed);
    sqgb_add_context("sqcolor_seed", text);
    snprintf(text, sizeof text, "%d", setup->cal.cpu);
    sqgb_add_context("sqcolor_cpu", text);
    if (*sq_test_switches_text(text, sizeof text))
        sqgb_add_context("sqcolor_test_switches", text);
    if (sqgb_library_debug())
        sqgb_add_context("sqcolor_library_build",
                         "without NDEBUG (Debian's libbenchmark), hence the DEBUG warning: its "
                         "checks run around the timed code, not in it, and Time is sqcolor's "
                         "own measurement (manual time), not affected");
}

/* The variants of the selected benchmarks, marked by index in the arrays
 * registered. */
typedef struct selection {
    const sq_variant *variants;
    const sq_batch_variant *batch;
    bool *scalar_chosen, *batch_chosen, *bound_chosen;
} selection;

static void choose(void *ctx, void *arg) {
    const gb_bench *b = ctx;
    selection *sel = arg;
    if (b->kind == GB_SCALAR)
        sel->scalar_chosen[b->variant - sel->variants] = true;
    else if (b->bound)
        sel->bound_chosen[b->batch - sq_batch_bounds] = true;
    else
        sel->batch_chosen[b->batch - sel->batch] = true;
}

/* Truth first, as in sqcolor run and batch: the selected variants verified
 * by sqcolor verify's code (failures and a summary line on stderr), the
 * bounds checked to copy. */
static bool verified(const selection *sel) {
    const sq_variant **vs = malloc(sizeof *vs * (size_t)sq_variant_count);
    const sq_batch_variant **bvs = malloc(sizeof *bvs * (size_t)sq_batch_variant_count);
    bool right = vs && bvs;
    int n = 0, nb = 0;
    for (int i = 0; right && i < sq_variant_count; i++)
        if (sel->scalar_chosen[i])
            vs[n++] = &sel->variants[i];
    for (int i = 0; right && i < sq_batch_variant_count; i++)
        if (sel->batch_chosen[i])
            bvs[nb++] = &sel->batch[i];
    if (right && n)
        right = sq_verify_all(vs, n, true, stderr);
    if (right && nb)
        right = sq_batch_verify_all(bvs, nb, true, stderr);
    for (int i = 0; right && i < sq_batch_bound_count; i++)
        if (sel->bound_chosen[i] && !sq_batch_bound_copies(&sq_batch_bounds[i])) {
            fprintf(stderr, "sqcolor-gbench: %s does not copy its input\n", sq_batch_bounds[i].id);
            right = false;
        }
    free(vs);
    free(bvs);
    return right;
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

/* What Google Benchmark would take and then mishandle: 0, or 2 after one
 * line on stderr. */
static int refuse_what_it_mishandles(void) {
    /* Asked for counters it cannot read (built without libpfm, as Debian's
     * is, or on a machine that exposes none), it says so without a newline
     * and times on. */
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
    /* It keeps the first value of a context key, and the flag's come first:
     * sqcolor's own keys (the unit, the clock) are not the user's to give. */
    const char *context = sqgb_flag("benchmark_context");
    for (const char *k = context; k; k = strchr(k, ','), k = k ? k + 1 : NULL)
        if (strncmp(k, "sqcolor_", 8) == 0) {
            fprintf(stderr, "sqcolor-gbench: --benchmark_context: the sqcolor_* keys are "
                            "sqcolor-gbench's own\n");
            return 2;
        }
    return 0;
}

/* The timing sqcolor-gbench takes from sqcolor run's and batch's defaults
 * (bench/measure/timing_defaults.h): the one place it reads them. */
typedef struct gbench_timing {
    size_t length;               /* squares in a sequence */
    sq_calibration_config clock; /* how the clock is calibrated */
    double sample_s;             /* a scalar sample, once the clock is */
    int visits;                  /* the group a scalar benchmark's statistic takes the fastest of */
    sq_batch_timing batch;
} gbench_timing;

static gbench_timing timing_defaults(void) {
    sq_engine_config run = sq_engine_defaults(false);
    gbench_timing t = {.length = run.length,
                       .clock = sq_calibration_defaults(),
                       .sample_s = run.timing.sample_s,
                       .visits = run.visits,
                       .batch = sq_batch_timing_defaults(false)};
    t.clock.reps = 5;
    return t;
}

/* The configurations the timing and sqcolor's options give (the clock is
 * measured later). */
static void configure(gb_setup *setup, const gbench_timing *timing, const sq_value *v) {
    setup->run.length = timing->length;
    setup->run.visits = timing->visits;
    setup->run.seed = v[OPT_SEED].u64;
    setup->run.timing = timing->clock;
    setup->run.timing.cpu = v[OPT_CPU].given ? (int)v[OPT_CPU].whole : -1;
    setup->batch = timing->batch;
    setup->batch.nsizes = v[OPT_SIZES].nwholes;
    for (int s = 0; s < setup->batch.nsizes; s++)
        setup->batch.sizes[s] = (size_t)v[OPT_SIZES].wholes[s];
}

/* What main allocates, freed however it ends (an option refused exits from
 * the parser). */
static struct {
    char **gb_argv, **own, **args, *out_path;
    sq_variant *variants;
    sq_batch_variant *batch;
    gb_bench *benches;
    selection sel;
} owned;

static void free_owned(void) {
    free(owned.gb_argv);
    free(owned.own);
    free(owned.args);
    free(owned.out_path);
    free(owned.variants);
    free(owned.batch);
    free(owned.benches);
    free(owned.sel.scalar_chosen);
    free(owned.sel.batch_chosen);
    free(owned.sel.bound_chosen);
}

static int out_of_memory(void) {
    fprintf(stderr, "sqcolor-gbench: out of memory\n");
    return 2;
}

/* A closed stdout would be the next file opened: the console table would
 * go into the output's temporary. A closed stdin or stderr is /dev/null.
 * Returns 0, or 2 after a line on stderr. */
static int open_standard_streams(void) {
    if (fcntl(STDOUT_FILENO, F_GETFD) < 0) {
        fprintf(stderr, "sqcolor-gbench: the standard output is closed\n");
        return 2;
    }
    for (int fd = 0; fd <= 2; fd += 2)
        if (fcntl(fd, F_GETFD) < 0 && open("/dev/null", fd ? O_WRONLY : O_RDONLY) != fd)
            return 2;
    char err[4096 + 512];
    if (sq_test_switches_init(err, sizeof err) != 0) {
        fprintf(stderr, "sqcolor-gbench: %s\n", err);
        return 2;
    }
    return 0;
}

/* The help on stdout (as format asks, or text if NULL); the exit status. */
static int help_status(const sq_value *format) {
    if (format)
        print_help_as(format);
    else
        print_help();
    if (fflush(stdout) == 0 && !ferror(stdout))
        return 0;
    fprintf(stderr, "sqcolor-gbench: cannot write the standard output: %s\n", strerror(errno));
    return 2;
}

/* sqcolor's options into v and Google Benchmark's flags into owned.gb_argv
 * (*gb_argc of them), each checked: a bad one exits or returns 2. */
static int read_arguments(int argc, char **argv, sq_value *v, int *gb_argc) {
    char **gb_argv = owned.gb_argv = calloc((size_t)argc + 1, sizeof *gb_argv);
    char **own = owned.own = calloc((size_t)argc + 1, sizeof *own);
    if (!gb_argv || !own)
        return out_of_memory();
    int nown;
    split_args(argc, argv, gb_argv, gb_argc, own, &nown);
    sq_parse_options(&command, nown, own, v, NULL, 0, NULL); /* bad ones: exit 2 */
    char err[4096 + 512];
    if (sqgb_check_args(*gb_argc, gb_argv, err, sizeof err)) {
        fprintf(stderr, "sqcolor-gbench: %s (see --help)\n", err);
        return 2;
    }
    return refuse_what_it_mishandles();
}

/* The variants as registered (owned.variants, owned.batch): sqcolor's, or,
 * for the tests, with one broken on purpose. */
static int copy_variants(void) {
    sq_variant *variants = owned.variants = malloc(sizeof *variants * (size_t)sq_variant_count);
    sq_batch_variant *batch = owned.batch = malloc(sizeof *batch * (size_t)sq_batch_variant_count);
    if (!variants || !batch)
        return out_of_memory();
    memcpy(variants, sq_variants, sizeof *variants * (size_t)sq_variant_count);
    memcpy(batch, sq_batch_variants, sizeof *batch * (size_t)sq_batch_variant_count);
    char err[4096 + 512];
    if (gb_break_for_test(variants, batch, err, sizeof err)) {
        fprintf(stderr, "sqcolor-gbench: %s\n", err);
        return 2;
    }
    return 0;
}

/* Google Benchmark given its flags (prepare_args); *has_out: a destination
 * to write (owned.out_path, a copy: the flags name another), unless only
 * listing. */
static int initialize_library(int *gb_argc, bool *has_out) {
    const char *out_flag = sqgb_flag("benchmark_out");
    const char *listing = sqgb_flag("benchmark_list_tests");
    *has_out = out_flag && *out_flag;
    if (listing && strchr("ty1o", listing[0]) && strcmp(listing, "off") != 0)
        *has_out = false;
    char *out_path = owned.out_path = *has_out ? strdup(out_flag) : NULL;
    char **args = owned.args =
        *has_out && !out_path ? NULL : prepare_args(gb_argc, owned.gb_argv, *has_out);
    char err[4096 + 512];
    if (!args || sqgb_initialize(gb_argc, args, err, sizeof err)) {
        fprintf(stderr, "sqcolor-gbench: %s (see --help)\n", args ? err : "out of memory");
        return 2;
    }
    return 0;
}

/* Every benchmark registered, and room to mark the ones selected (owned.sel).
 * False when out of memory. */
static bool register_benchmarks(gb_setup *setup) {
    gb_bench *benches = owned.benches = calloc(
        (size_t)(gb_scalar_most(sq_variant_count) + sq_batch_variant_count + sq_batch_bound_count),
        sizeof *benches);
    if (!benches)
        return false;
    int nbench = gb_scalar_register(owned.variants, sq_variant_count, setup, benches);
    gb_batch_register(owned.batch, sq_batch_variant_count, setup, benches + nbench);
    selection *sel = &owned.sel;
    *sel = (selection){owned.variants, owned.batch, calloc((size_t)sq_variant_count, sizeof(bool)),
                       calloc((size_t)sq_batch_variant_count, sizeof(bool)),
                       calloc((size_t)sq_batch_bound_count, sizeof(bool))};
    return sel->scalar_chosen && sel->batch_chosen && sel->bound_chosen;
}

/* The benchmarks the flags select: a filter that matches nothing is bad
 * input, refused before the destination is opened (into *out if has_out);
 * a bad one fails before verification and timing. Returns the status. */
static int time_selected(gb_setup *setup, double sample_s, uint64_t seed, bool has_out,
                         sq_output *out) {
    int status = sqgb_selected(choose, &owned.sel) == 0 ? 2 : 0; /* Google Benchmark said why */
    char err[4096 + 512];
    if (!status && has_out && sq_output_open(out, owned.out_path, err, sizeof err)) {
        fprintf(stderr, "sqcolor-gbench: --benchmark_out: %s\n", err);
        status = 2;
    }
    sqgb_set_out_file(out->fp);
    if (!status && !verified(&owned.sel))
        status = 1;
    if (!status) {
        calibrate_and_describe(setup, seed, sample_s);
        if (sqgb_run() == 0)
            status = 2;
    }
    return status;
}

/* The console table (or JSON, CSV) on stdout, and the file, whole: out
 * committed, or aborted when status is a failure. Returns the status. */
static int finish_output(int status, sq_output *out) {
    if (!status && (fflush(stdout) != 0 || ferror(stdout))) {
        fprintf(stderr, "sqcolor-gbench: cannot write the standard output: %s\n", strerror(errno));
        status = 2;
    }
    char err[4096 + 512];
    if (status && out->fp)
        sq_output_abort(out);
    else if (!status && out->fp && sq_output_commit(out, err, sizeof err)) {
        fprintf(stderr, "sqcolor-gbench: --benchmark_out: %s\n", err);
        status = 2;
    }
    return status;
}

/* Registers the benchmarks, then times the ones selected, verified first. */
static int run_benchmarks(const sq_value *v, bool has_out) {
    static gb_setup setup;
    gbench_timing timing = timing_defaults();
    configure(&setup, &timing, v);
    if (!register_benchmarks(&setup))
        return out_of_memory();
    sq_output out = {0};
    int status = time_selected(&setup, timing.sample_s, v[OPT_SEED].u64, has_out, &out);
    sqgb_shutdown();
    gb_scalar_done();
    gb_batch_done();
    return finish_output(status, &out);
}

int main(int argc, char **argv) {
    atexit(free_owned);
    /* Address randomisation off, as sqcolor run times (placement.h). */
    sq_placement_init(argv);
    sq_placement_fix();
    int status = open_standard_streams();
    /* Help, and bad flags, before anything is opened or timed. */
    if (!status && help_asked(argc, argv))
        return help_status(NULL);
    sq_value v[OPT_COUNT];
    int gb_argc = 0;
    bool has_out = false;
    if (!status)
        status = read_arguments(argc, argv, v, &gb_argc);
    if (!status && v[OPT_HELP_FORMAT].given)
        return help_status(&v[OPT_HELP_FORMAT]);
    if (!status)
        status = copy_variants();
    if (!status)
        status = initialize_library(&gb_argc, &has_out);
    if (!status)
        status = run_benchmarks(v, has_out);
    return status;
}
