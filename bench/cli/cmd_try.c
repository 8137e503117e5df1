/* sqcolor try FILE: a technique from outside the tree (docs/try.md), built
 * as the tree builds a catalogue line, checked as one, then timed as run
 * times its family, beside the catalogue's own techniques. */
#include "bench/catalog/gate.h"
#include "bench/cli/cli.h"
#include "bench/code/code_identity.h"
#include "bench/cli/run_flow.h"
#include "bench/cli/run_options.h"
#include "bench/machine/placement.h"
#include "bench/machine/test_switches.h"
#include "bench/try/try_build.h"
#include "bench/cli/try_check.h"
#include "bench/try/try_source.h"
#include "bench/report/code_listing.h"
#include "bench/util/watchdog.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Where a run's processes find what the run built (they load it, never
 * build it again): the folder of sq_try_built, believed only in a process
 * the run started (sq_run_plan_from checks). */
#define BUILT_VARIABLE "SQCOLOR_TRY_BUILT"

/* The one-liner's options, after run's: the bodies on the command line. */
enum { OPT_C = OPT_COUNT, OPT_ASM, OPT_NEEDS, OPT_BUILD_LIMIT, OPT_CALL_LIMIT, TRY_OPT_COUNT };

static const sq_option options[TRY_OPT_COUNT] = {
    SQ_RUN_OPTION_ROWS(
        SQ_OPTION_FILTER("the catalogue's ids the technique races against (default: its "
                         "family's, e.g. 'color/*/*')"))[OPT_C] =
        {.name = "--c",
         .kind = SQ_OPTION_TEXT,
         .placeholder = "EXPR",
         .help = "the one-liner: FILE is FAMILY/NAME and this the C body, an expression "
                 "over sq (a and b for a pair)"},
    [OPT_ASM] = {.name = "--asm",
                 .kind = SQ_OPTION_TEXT,
                 .placeholder = "INSNS",
                 .help = "the one-liner's asm body, instructions separated by ';' "
                         "(asm/sqcolor.inc's body contract)"},
    [OPT_NEEDS] = {.name = "--needs",
                   .kind = SQ_OPTION_TEXT,
                   .placeholder = "REQ",
                   .help = "the one-liner's requirement token (c/isa_features.h), e.g. BMI2",
                   .default_note = "NONE"},
    [OPT_BUILD_LIMIT] = {.name = "--build-limit",
                         .kind = SQ_OPTION_WHOLE,
                         .placeholder = "S",
                         .help = "seconds each assembler, compiler and linker run of the build "
                                 "may take; past them the build is stopped and the file refused",
                         .def = SQ_TEXT(SQ_TRY_BUILD_LIMIT_S),
                         .min = 1,
                         .max = 86400},
    [OPT_CALL_LIMIT] = {.name = "--call-limit",
                        .kind = SQ_OPTION_WHOLE,
                        .placeholder = "S",
                        .help = "seconds each call of the technique's code may take while it is "
                                "timed (a visit of a row, its verification; twice a visit's "
                                "longest where the samples make that more); past them try "
                                "stops, exit status 1",
                        .def = SQ_TEXT(SQ_TRY_TIMED_LIMIT_S),
                        .min = 1,
                        .max = 86400},
};

static int run_try(int argc, char **argv);

static const sq_example try_examples[] = {
    {"sqcolor try examples/xor_shl.sq --quick",
     "build, verify and briefly time the technique in examples/xor_shl.sq beside its family"},
    {"sqcolor try color/xor_shl2 --quick --c '((sq ^ (sq << 3)) & 8) == 0' --asm 'lea eax, "
     "[rdi*8]; xor eax, edi; shr eax, 3; and eax, 1; xor eax, 1'",
     "the same kind of technique from the command line: its C and asm bodies as options"},
};

const sq_command sq_command_try = {
    .name = "try",
    .run = run_try,
    .operands = "FILE | FAMILY/NAME --c EXPR --asm INSNS",
    .summary = "build, verify and time a technique of your own from FILE (- for standard input)",
    /* clang-format off */
    .description =
        "Reads a technique from FILE (docs/try.md: its family, a name, an asm body and/or a C\n"
        "body), builds it as a catalogue line is built (asm/kernels.inc; every C compiler and\n"
        "flag set of this binary), verifies it over its whole domain and checks its kernels,\n"
        "then times it beside its family's catalogue as run does, and shows its machine code.\n"
        "Each command of the build must end within --build-limit seconds, the check within\n"
        SQ_TEXT(SQ_TRY_CHECK_LIMIT_S) " s, and each call of its code while it is timed within\n"
        "--call-limit seconds (more with long samples): past its limit, what runs it is\n"
        "stopped. Exit status 2: a file that cannot\n"
        "be read or built, or not within the limit; 1: a body that fails its check (or does not\n"
        "return), or this machine cannot build or run it (a compiler gone, a feature this CPU\n"
        "lacks).",
    /* clang-format on */
    .options = options,
    .noptions = TRY_OPT_COUNT,
    SQ_EXAMPLES(try_examples),
};

/* The technique of this run: its file and what was built of it. */
typedef struct trial {
    sq_try_source src;
    sq_try_built built;
} trial;

static trial the_trial; /* kilobytes: not on a small stack */

/* The one-liner as the file it stands for: FAMILY/NAME, the C expression,
 * the instructions one a line. */
static void one_liner(const char *id, const sq_value *v, sq_try_source *src) {
    const char *slash = strchr(id, '/');
    if (!slash || strchr(slash + 1, '/'))
        sq_usage_error("try", "--c and --asm take FAMILY/NAME, not '%s'", id);
    static char text[SQ_TRY_MAX_BYTES];
    int n = snprintf(text, sizeof text, "family: %.*s\nname: %s\nneeds: %s\n", (int)(slash - id),
                     id, slash + 1, v[OPT_NEEDS].given ? v[OPT_NEEDS].text : "NONE");
    if (v[OPT_C].given)
        n += snprintf(text + n, sizeof text - (size_t)n, "c: %s\n", v[OPT_C].text);
    if (v[OPT_ASM].given) {
        n += snprintf(text + n, sizeof text - (size_t)n, "asm:\n");
        for (const char *p = v[OPT_ASM].text; n < (int)sizeof text && *p;) {
            size_t len = strcspn(p, ";");
            n += snprintf(text + n, sizeof text - (size_t)n, "    %.*s\n", (int)len, p);
            p += len + (p[len] == ';');
        }
    }
    char err[1024];
    if (n >= (int)sizeof text ||
        sq_try_parse("the command line", text, (size_t)n, src, err, sizeof err))
        sq_usage_error("try", "%s", n >= (int)sizeof text ? "the bodies are too long" : err);
}

/* A call of the technique's code that never returned: a failed check. */
static void end_late(void) {
    _exit(SQ_EXIT_FAIL);
}

/* From the check on, each call of the technique's code is watched: one
 * that never returns (a body that goes wrong after its check) is named.
 * The limit is --call-limit; a visit of a row takes its samples, each up
 * to four times: where the options make that longer, twice it. */
static void watch_calls(const sq_run_plan *plan, const sq_value *v) {
    double visit_s = 4.0 * plan->cfg.timing.samples * plan->cfg.timing.sample_s;
    int limit = (int)v[OPT_CALL_LIMIT].whole;
    if (2 * visit_s > limit)
        limit = (int)ceil(2 * visit_s);
    if (!sq_watchdog_start("try", limit, end_late)) {
        sq_error_line("try", "cannot start the watchdog over the technique's calls");
        exit(SQ_EXIT_FAIL);
    }
}

/* Read, built and checked, here: bad input exits 2, a failed check 1. */
static void build_and_check(trial *t, const char *path, const sq_value *v,
                            const sq_run_plan *plan) {
    char err[1024];
    if (v[OPT_C].given || v[OPT_ASM].given)
        one_liner(path, v, &t->src);
    else if (v[OPT_NEEDS].given)
        sq_usage_error("try", "--needs goes with --c or --asm (a file says needs: itself)");
    else if (sq_try_read(path, &t->src, err, sizeof err))
        sq_usage_error("try", "%s", err);
    int rc = sq_try_build(&t->src, (double)v[OPT_BUILD_LIMIT].whole, &t->built, err, sizeof err);
    if (rc == SQ_EXIT_USAGE)
        sq_usage_error("try", "%s", err);
    if (rc) {
        sq_error_line("try", "%s", err);
        exit(rc);
    }
    for (int i = 0; i < t->built.nvariants; i++)
        if (!sq_variant_supported(&t->built.variants[i])) {
            const char *hiding = sq_test_hiding();
            bool hidden = sq_gate_lack(t->built.variants[i].needs) == SQ_LACK_HIDDEN && hiding;
            sq_error_line("try", "%s needs %s, which %s%s", t->built.variants[i].id, t->src.needs,
                          hidden ? hiding : "this CPU lacks", hidden ? " hides" : "");
            exit(SQ_EXIT_FAIL);
        }
    if ((rc = sq_try_check(t->built.variants, t->built.nvariants, err, sizeof err))) {
        sq_error_line("try", "%s", err);
        exit(rc);
    }
    watch_calls(plan, v);
    /* After the check: a body that fails it gets its one line alone. */
    fprintf(stderr,
            "try: %s/%s built in %.1f s (%d assembler and compiler runs), %d variant%s checked\n",
            t->src.family->name, t->src.technique, t->built.seconds, t->built.runs,
            t->built.nvariants, t->built.nvariants == 1 ? "" : "s");
    if (setenv(BUILT_VARIABLE, t->built.dir, 1) != 0) {
        sq_error_line("try", "cannot set %s", BUILT_VARIABLE);
        exit(SQ_EXIT_FAIL);
    }
}

/* A process of the run: the run's file and object, as the run left them. */
static void load_from_run(trial *t, const sq_run_plan *plan, const sq_value *v) {
    const char *dir = getenv(BUILT_VARIABLE);
    char path[4200], err[1024];
    snprintf(path, sizeof path, "%s/source.txt", dir ? dir : "");
    if (!dir || sq_try_read(path, &t->src, err, sizeof err) ||
        sq_try_load(&t->src, dir, &t->built, err, sizeof err)) {
        sq_error_line("try", "a process of the run cannot load what the run built: %s",
                      dir ? err : BUILT_VARIABLE " is not set");
        exit(SQ_EXIT_FAIL);
    }
    watch_calls(plan, v);
}

/* The variants timed: the catalogue's of --filter (its family's by
 * default), then the technique's own. */
static int choose_variants(const trial *t, const char *filter, const sq_variant ***out) {
    const sq_variant **vs = sq_variant_room(), **all;
    char globs[64];
    snprintf(globs, sizeof globs, "%s/*/*", t->src.family->name);
    int n = sq_select_supported_or_exit("try", filter ? filter : globs, vs);
    if (!(all = malloc(sizeof *all * (size_t)(n + t->built.nvariants)))) {
        sq_error_line("try", "out of memory");
        exit(SQ_EXIT_FAIL);
    }
    memcpy(all, vs, sizeof *all * (size_t)n);
    for (int i = 0; i < t->built.nvariants; i++)
        all[n + i] = &t->built.variants[i];
    *out = all;
    return n + t->built.nvariants;
}

/* The distinct techniques among twin[0..k), "lea_shr_and, lea_bextr". */
static void techniques_of(const sq_variant *const *twin, int k, char *buf, size_t len) {
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < k && used < len; i++) {
        bool seen = false;
        for (int j = 0; j < i; j++)
            seen |= strcmp(twin[j]->technique, twin[i]->technique) == 0;
        if (!seen)
            used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "",
                                     twin[i]->technique);
    }
}

/* The run records the file it tried, as read, for the result file. */
static void before_write(sq_run *run, void *ctx) {
    const trial *t = ctx;
    run->try_name = sq_run_strdup(run, t->src.name);
    run->try_text = sq_run_strdup(run, t->src.text);
}

/* Which catalogue lines' code the technique's routines are: a line per
 * code, its impls, then the catalogue's techniques of that code. Each
 * routine's twins are found once. */
static void print_twins(const trial *t, bool markdown, FILE *out) {
    const sq_variant **family = sq_variant_room(), *twin[64], *first[SQ_MAX_IMPLS];
    static char names[SQ_MAX_IMPLS][256]; /* not on a small stack */
    int n = 0, nv = t->built.nvariants < SQ_MAX_IMPLS ? t->built.nvariants : SQ_MAX_IMPLS;
    int count[SQ_MAX_IMPLS];
    for (int i = 0; i < sq_variant_count; i++)
        if (sq_variants[i].family == t->src.family)
            family[n++] = &sq_variants[i];
    for (int i = 0; i < nv; i++) {
        count[i] = sq_code_twins(&t->built.variants[i], family, n, twin, 64);
        first[i] = count[i] > 0 ? twin[0] : NULL;
        techniques_of(twin, count[i] > 0 ? count[i] : 0, names[i], sizeof names[i]);
    }
    fprintf(out, "\n%sthe catalogue's code%s\n\n", markdown ? "**" : "", markdown ? "**" : ":");
    for (int i = 0; i < nv; i++) {
        bool done = false;
        for (int j = 0; j < i; j++)
            done |= first[j] == first[i];
        if (done)
            continue;
        fprintf(out, "%s%s", markdown ? "- " : "  ", t->built.variants[i].impl);
        for (int j = i + 1; j < nv; j++)
            if (first[j] == first[i])
                fprintf(out, ", %s", t->built.variants[j].impl);
        if (count[i] > 0)
            fprintf(out, ": byte-identical to %d catalogue routine%s of %s\n", count[i],
                    count[i] > 1 ? "s" : "", names[i]);
        else
            fprintf(out, ": %s\n",
                    count[i] < 0 ? "its code cannot be read" : "no catalogue line's code");
    }
}

/* The technique's machine code after the tables, as disasm --predict shows
 * it, and which catalogue lines' code it is. */
static void after_tables(FILE *out, sq_format format, void *ctx) {
    trial *t = ctx;
    if (format != SQ_FORMAT_TABLE && format != SQ_FORMAT_MARKDOWN)
        return;
    const sq_variant **vs = malloc(sizeof *vs * (size_t)t->built.nvariants);
    if (!vs)
        return;
    for (int i = 0; i < t->built.nvariants; i++)
        vs[i] = &t->built.variants[i];
    fprintf(out, "\n");
    sq_print_code_of(vs, t->built.nvariants, format == SQ_FORMAT_MARKDOWN, sq_progress_wanted(),
                     out);
    print_twins(t, format == SQ_FORMAT_MARKDOWN, out);
    free(vs);
}

static int run_try(int argc, char **argv) {
    sq_value v[TRY_OPT_COUNT];
    const char *files[1];
    int nfiles = 0;
    sq_parse_options(&sq_command_try, argc, argv, v, files, 1, &nfiles);
    if (nfiles == 0)
        sq_usage_error("try", "no technique file (FILE, - for standard input, or FAMILY/NAME "
                              "with --c or --asm)");
    /* As run: the same addresses in every run; before anything is read. */
    if (!v[OPT_ASLR].given)
        sq_placement_fix();
    sq_run_plan plan;
    const char *process_output;
    bool one_of_many = sq_run_plan_from("try", v, &plan, &process_output);
    trial *t = &the_trial;
    if (one_of_many)
        load_from_run(t, &plan, v);
    else
        build_and_check(t, files[0], v, &plan);
    const sq_variant **vs;
    plan.cfg.nvariants = choose_variants(t, v[OPT_FILTER].given ? v[OPT_FILTER].text : NULL, &vs);
    plan.cfg.variants = vs;
    sq_run_extras extras = {.before_write = before_write, .after_tables = after_tables, .ctx = t};
    int rc = sq_run_planned(v, &plan, one_of_many, process_output, &extras);
    free(vs);
    return rc;
}
