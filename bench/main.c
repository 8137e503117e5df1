/* sqcolor: how many core cycles does each way of computing the color of a
 * chess square cost, hand-written asm beside compiled C? */
#include "bench/cli/cli.h"
#include "bench/machine/cpu_features.h"
#include "bench/report/report.h"
#include "bench/measure/engine.h"
#include "bench/report/model_vs_measurement.h"
#include "bench/machine/placement.h"
#include "bench/input/sequence.h"
#include "sq_version.h"

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define SQ_STR_(x) #x
#define SQ_STR(x)  SQ_STR_(x)

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
    const char *usage;
} command;

static const command commands[] = {
    /* One line of help per line of source. */
    /* clang-format off */
    {"run", sq_cmd_run, "verify, then time every variant (the default command)",
     "usage: sqcolor [run] [OPTIONS]\n"
     "  Verifies the selected variants (a failing variant stops the run), checks every timing\n"
     "  kernel's answers, then times every variant x sequence x mode in core cycles per square,\n"
     "  then the batch variants it selects as 'sqcolor batch' does.\n"
     "  --filter GLOBS    comma-separated shell globs over ids, e.g. 'color/*/asm,same_color/lea_*/*'\n"
     "  --mode LIST       latency,throughput,branch,call (default: all)\n"
     "  --sequence LIST   one square: " SQ_SEQUENCES_ONE "\n"
     "                    pairs: " SQ_SEQUENCES_PAIR "\n"
     "                    or file:PATH with squares 0-63 or names like e4, pairs per line\n"
     "                    or pgn:PATH, the squares a PGN's main-line moves go to (one square)\n"
     "                    (default: every sequence of each family)\n"
     "  --length N        squares per sequence (default 2^" SQ_STR(SQ_RUN_LENGTH_LOG2) "; 64 to 2^30)\n"
     "  --seed N          seed of the random sequences (default 1)\n"
     "  --reps N          the most repetitions a row gets; a cell is the median over them\n"
     "                    (default " SQ_STR(SQ_RUN_REPS) ")\n"
     "  --min-reps N      the fewest: rows whose 95% interval of the median is within\n"
     "                    " SQ_STR(SQ_RUN_TIGHT_PERMILLE) " per mille (or " SQ_STR(SQ_RUN_TIGHT_ABS) " cycles) stop there; the others get\n"
     "                    " SQ_STR(SQ_RUN_REPS_STEP) " more at a time (default " SQ_STR(SQ_RUN_MIN_REPS) "; = --reps for a fixed count)\n"
     "  --budget S        start no round of repetitions that would end more than S seconds\n"
     "                    into the run (default " SQ_STR(SQ_RUN_BUDGET_S) "; 0: no limit; the fewest are always taken)\n"
     "  --samples N       timed samples per row and repetition; the fastest counts (default " SQ_STR(SQ_RUN_SAMPLES) ")\n"
     "  --visits N        passes over the rows per repetition the samples are shared among\n"
     "                    (default " SQ_STR(SQ_RUN_VISITS) ")\n"
     "  --sample-us N     length of one sample in microseconds (default " SQ_STR(SQ_RUN_SAMPLE_US) ")\n"
     "  --cpu N           pin to CPU N (default: the current one)\n"
     "  --aslr            keep address space randomisation on (default: off while timing, so\n"
     "                    code and data sit at the same addresses in every run)\n"
     "  --quick           " SQ_STR(SQ_QUICK_REPS) " repetitions of " SQ_STR(SQ_QUICK_SAMPLES)
     " samples of " SQ_STR(SQ_QUICK_SAMPLE_US) " us in " SQ_STR(SQ_QUICK_VISITS) " visit, 2^"
     SQ_STR(SQ_QUICK_LENGTH_LOG2) " squares\n"
     "  --format F        " SQ_FORMAT_CHOICES " (default table)\n"
     "  --detail          the tables of every family, mode and sequence too (table, markdown,\n"
     "                    html); by default a table per family of the headline figures\n"
     "  --output FILE     write there (atomically) instead of standard output\n"
     "  --save            also save the JSON under --results-dir\n"
     "  --results-dir DIR the folder --save saves in, a subfolder per CPU (default results)\n"},
    /* clang-format on */
    {"verify", sq_cmd_verify,
     "check every variant over its whole domain, and the seeds' properties",
     "usage: sqcolor verify [--filter GLOBS]\n"
     "  Calls each routine through a checked-call trampoline for every input of its domain\n"
     "  (64 squares, 64 valid 0x88 squares or 4096 pairs) and compares with the definition:\n"
     "  dark iff file + rank is even. Also reports clobbered callee-saved registers and\n"
     "  results that depend on the upper 32 bits of an argument. Then the batch routines this\n"
     "  CPU runs: every square in every lane, lengths 0..257 at every offset, nothing written\n"
     "  outside the output, no vzeroupper forgotten. Exit 0 if all pass, else 1.\n"
     "  --filter GLOBS  comma-separated shell globs over ids\n"},
    {"list", sq_cmd_list, "list the variants",
     "usage: sqcolor list [--filter GLOBS] [--format table|csv|markdown]\n"
     "  --filter GLOBS  comma-separated shell globs over ids\n"
     "  --format F      table (a variant this CPU cannot execute says what it needs), csv\n"
     "                  (header: id,family,technique,impl,kind,needs,supported) or markdown (a row "
     "per technique:\n"
     "                  family, technique, formula, asm instructions, needs; the README's\n"
     "                  catalogue). The batch variants follow the scalar\n"
     "                  ones, with what each needs of the CPU.\n"},
    {"eval", sq_cmd_eval, "print every variant's raw result for every input, as CSV",
     "usage: sqcolor eval [--filter GLOBS]\n"
     "  CSV with header id,a,b,result; b is empty for one-square families; a is a 0x88\n"
     "  square (16*rank + file) for color_x88, else 8*rank + file (a1 = 0).\n"
     "  --filter GLOBS  comma-separated shell globs over ids\n"},
    {"calibrate", sq_cmd_calibrate,
     "the clock: TSC and core frequency, timer overhead, chains of known latency",
     "usage: sqcolor calibrate [--reps N] [--sample-us N] [--cpu N]\n"
     "  Measures the TSC frequency, the core clock (from a dependent add chain: one add is one\n"
     "  core cycle on every x86-64 core) and dependent chains of the instruction forms the\n"
     "  techniques use, in core cycles: min, median, p90 and spread over the repetitions.\n"
     "  --reps N        repetitions (default 21)\n"
     "  --sample-us N   length of one timed sample in microseconds (default 50)\n"
     "  --cpu N         pin to CPU N (default: the current one)\n"},
    {"selftest", sq_cmd_selftest, "measure known answers with the engine and check the tolerances",
     "usage: sqcolor selftest\n"
     "  Chains of known latency (add 1, imul 3) and kernels whose latency must equal the sum of\n"
     "  their instructions' chain latencies (lea_shr_and, inreg32, lookup), and the branch\n"
     "  misprediction cost of lea_test_jz on random squares. Exit 1 if any is out of tolerance.\n"},
    {"disasm", sq_cmd_disasm, "each technique's machine code: asm beside every compiler's",
     "usage: sqcolor disasm [--filter GLOBS] [--format table|markdown] [--predict] [--mcpu NAME]\n"
     "                      [--results FILE]\n"
     "  Decodes the callable routines from this binary (capstone, Intel syntax) and prints each\n"
     "  technique's impls side by side with instruction and byte counts.\n"
     "  --filter GLOBS  comma-separated shell globs over ids\n"
     "  --format F      table|markdown (default table)\n"
     "  --predict       add llvm-mca's reciprocal throughput and latency (the newest llvm-mca on\n"
     "                  PATH, modelling this CPU's core, or an older one where it knows no newer)\n"
     "  --mcpu NAME     the CPU llvm-mca models (implies --predict; default from cpuid)\n"
     "  --results FILE  instead of the code, a table per family: each variant's prediction beside\n"
     "                  the latency and throughput a saved run of this machine measured, and\n"
     "                  their difference, flagged past " SQ_STR(
         SQ_MODEL_TOLERANCE) " cycle (implies --predict; a run of\n"
                             "                  another CPU is refused)\n"},
    {"report", sq_cmd_report, "tables and plots from saved result files",
     "usage: sqcolor report FILE... [--format " SQ_FORMAT_CHOICES "] [--detail] [--plot DIR]\n"
     "                      [--output FILE]\n"
     "  One file: a table per family of its headline figures, with the run's metadata. Several\n"
     "  files (machines, compilers, commits): per family and figure the files side by side,\n"
     "  with each one's ratio to the first. CSV: one line per row of every file, naming its\n"
     "  machine and build (long format).\n"
     "  --format F      " SQ_FORMAT_CHOICES " (default table; json takes one file)\n"
     "  --detail        the tables of every family, mode and sequence too\n"
     "  --output FILE   write there (atomically) instead of standard output\n"
     "  --plot DIR      bar charts per family (latency, throughput) as SVG files; with several\n"
     "                  files, one per family comparing the machines too\n"},
    {"compare", sq_cmd_compare, "compare two result files row by row, with significance",
     "usage: sqcolor compare A.json B.json [--fail-over PCT] [--alpha P]\n"
     "  Per matching row: both medians with their 95% intervals, B/A, the Mann-Whitney U\n"
     "  p-value of the per-repetition samples (Holm-adjusted over the rows tested), and the\n"
     "  verdict. A row differs significantly when the adjusted p is under alpha, the two\n"
     "  intervals do not overlap and the medians are 0.05 cycles or more apart. Rows about\n"
     "  zero in both runs or with a non-finite sample are not tested; a row at two speeds\n"
     "  differs when no speed of one run is within 3% of a speed of the other. Rows only in\n"
     "  one file are listed. A note above the table says when the two files' CPUs (vendor,\n"
     "  family, model) or sqcolor commits differ. Batch rows follow: they keep no samples, so\n"
     "  one differs when the two 95% intervals are apart.\n"
     "  --fail-over PCT  exit 1 if a significant slowdown (a batch row's: intervals apart)\n"
     "                   exceeds PCT% of A (decimals allowed)\n"
     "  --alpha P        family-wise significance level (default 0.01)\n"},
    {"batch", sq_cmd_batch, "verify, then time the batch routines: cycles per square at L1 and L2",
     "usage: sqcolor batch [--filter GLOBS] [--quick] [--format table|markdown|csv] [--output "
     "FILE]\n"
     "  Verifies the batch variants this CPU runs (sqcolor verify's batch checks), then times\n"
     "  each on random squares at an L1-resident size (4 KiB of squares) and an L2-resident one\n"
     "  (256 KiB): core cycles per square (per pair), the median of the repetitions with its 95%\n"
     "  interval. Then the best hand-written routine per CPU feature level.\n"
     "  --filter GLOBS  comma-separated shell globs over batch ids, e.g. 'color_batch/*/asm'\n"
     "  --quick         fewer and shorter repetitions (5 of 3 samples of 25 us; default 11 of 5 of "
     "50)\n"
     "  --format F      table, markdown or csv (default table)\n"
     "  --output FILE   write there (atomically) instead of standard output\n"},
    {"help", NULL, "help on a command", "usage: sqcolor help [COMMAND]\n"},
};
#define COMMAND_COUNT (int)(sizeof commands / sizeof commands[0])

static const command *find_command(const char *name) {
    for (int i = 0; i < COMMAND_COUNT; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

static const char *usage_of(const char *name) {
    const command *c = name ? find_command(name) : NULL;
    return c ? c->usage : NULL;
}

static void print_help(void) {
    printf("sqcolor %s: core cycles per chess-square color technique, asm beside C\n\n"
           "usage: sqcolor [COMMAND] [OPTIONS]\n\ncommands:\n",
           SQCOLOR_VERSION);
    for (int i = 0; i < COMMAND_COUNT; i++)
        printf("  %-10s %s\n", commands[i].name, commands[i].summary);
    printf("\nsqcolor help COMMAND (or sqcolor COMMAND --help, -h) shows a command's options.\n"
           "Exit status: 0 success, 1 a check failed, 2 bad input.\n");
}

/* Standard input, output and error closed by the caller (">&-") are opened
 * on /dev/null the wrong way round, so that a file opened later cannot take
 * their numbers and a write to a closed standard output still fails. */
static void occupy_closed_std_fds(void) {
    for (int fd = 0; fd <= 2; fd++)
        if (fcntl(fd, F_GETFD) == -1 && errno == EBADF)
            open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
}

/* Standard output through a stream that keeps the reason its first write
 * failed: a long output (list of 15 impls, eval) fails in the middle of a
 * printf, and errno is long gone by the check at exit. */
static int stdout_errno;

static ssize_t write_stdout(void *cookie, const char *buf, size_t n) {
    (void)cookie;
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(STDOUT_FILENO, buf + done, n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (!stdout_errno)
                stdout_errno = w < 0 ? errno : EIO;
            return done ? (ssize_t)done : -1;
        }
        done += (size_t)w;
    }
    return (ssize_t)done;
}

static void keep_stdout_errors(void) {
    FILE *f = fopencookie(NULL, "w", (cookie_io_functions_t){.write = write_stdout});
    if (!f)
        return; /* the plain stream: the check at exit may not know why */
    setvbuf(f, NULL, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF, BUFSIZ);
    stdout = f;
}

/* At exit, whatever the command: everything written to standard output
 * reached it, or one line says why and the status is 2. */
static void check_stdout(void) {
    errno = 0;
    int e = 0;
    bool failed = fflush(stdout) != 0 || ferror(stdout);
    if (failed)
        e = stdout_errno ? stdout_errno : errno;
    if (fclose(stdout) != 0 && !failed) {
        failed = true;
        e = stdout_errno ? stdout_errno : errno;
    }
    if (failed) {
        fprintf(stderr, "sqcolor: cannot write standard output%s%s\n", e ? ": " : "",
                e ? strerror(e) : "");
        _exit(SQ_EXIT_USAGE);
    }
}

int main(int argc, char **argv) {
    occupy_closed_std_fds();
    keep_stdout_errors();
    atexit(check_stdout);
    sq_placement_init(argv);
    sq_command_usage = usage_of;
    char err[256];
    if (sq_cpu_features_init(err, sizeof err) != 0)
        sq_usage_error(NULL, "%s", err);
    if (argc < 2)
        return sq_cmd_run(0, argv + 1);
    const char *word = argv[1];
    if (strcmp(word, "--help") == 0 || strcmp(word, "-h") == 0)
        word = "help"; /* --help COMMAND is help COMMAND */
    if (strcmp(word, "--version") == 0 && argc > 2)
        sq_usage_error(NULL, "--version takes no argument, not '%s'", argv[2]);
    if (strcmp(word, "--version") == 0) {
        printf("sqcolor %s (%s)\n", SQCOLOR_VERSION, SQCOLOR_COMMIT);
        return SQ_EXIT_OK;
    }
    if (strcmp(word, "help") == 0) {
        if (argc == 2) {
            print_help();
            return SQ_EXIT_OK;
        }
        if (argc > 3)
            sq_usage_error("help", "unexpected argument '%s'", argv[3]);
        bool self = strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0;
        const command *c = find_command(self ? "help" : argv[2]);
        if (!c)
            sq_usage_error(NULL, "unknown command '%s'", argv[2]);
        fputs(c->usage, stdout);
        return SQ_EXIT_OK;
    }
    if (strncmp(word, "--", 2) == 0) /* options of the default command */
        return sq_cmd_run(argc - 1, argv + 1);
    const command *c = find_command(word);
    if (!c || !c->run)
        sq_usage_error(NULL, "unknown command '%s'", word);
    return c->run(argc - 2, argv + 2);
}
