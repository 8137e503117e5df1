/* The report writers on a made-up run of real variants: CSV shape, JSON that
 * jq accepts (null for NaN and infinity, escaped strings) and the reader takes
 * back, tables that name every technique, never call ticks cycles and never
 * print a negative number, cells with their intervals, two speeds and marks,
 * the cost of a mispredict, plots with error bars, output files that
 * appear whole on commit and not at all on abort or error, and the paper
 * table's marks. */
#include "bench/cli/cli.h"
#include "bench/util/output.h"
#include "bench/render/plot.h"
#include "bench/results/cells.h"
#include "bench/results/code_check.h"
#include "bench/results/figures.h"
#include "bench/report/report.h"
#include "bench/report/report_formats.h"
#include "bench/results/results_read.h"
#include "bench/util/stats.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "report_text.h"

#define VERSION          "9.8.7-test"
#define TECHS_PER_FAMILY 3
#define REPS             5
#define MAX_RESULTS      4096

static char dir[] = "/tmp/sqcolor-test-report-XXXXXX";

static sq_run run;
static sq_result results[MAX_RESULTS];
static double samples[MAX_RESULTS][REPS];

/* Indexes of the special rows the checks look for. */
static int nan_row = -1, inf_row = -1;
static int negative_row = -1;          /* a median below zero: -0.30 in [-0.40, -0.20] */
static int zero_row = -1;              /* 0.02 in [0.01, 0.03]: not told apart from zero */
static int bimodal_row = -1;           /* a pair family's row at 4.13 (60%) or 4.32 (40%) */
static int cd_row = -1;                /* control-dependent, the fastest of its table row: 0.50 */
static int branch_row = -1;            /* branch on ordered 0.5 [0.25, 0.75], then on random 11.5
                                          [11.25, 12]: 22 [21, 23.5] cycles per mispredict */
static const sq_variant *missing_cell; /* has no row for its family's second sequence */

static const char *const one_square_sequences[] = {"ordered", "random"};
static const char *const pair_sequences[] = {"random", "same"};

/* Whether v's technique is among the first TECHS_PER_FAMILY of its family. */
static bool among_first_techniques(const sq_variant *v) {
    const char *seen[TECHS_PER_FAMILY];
    int n = 0;
    for (int i = 0; i < sq_variant_count; i++) {
        const sq_variant *w = &sq_variants[i];
        if (w->family != v->family)
            continue;
        bool known = false;
        for (int k = 0; k < n; k++)
            known |= strcmp(seen[k], w->technique) == 0;
        if (known)
            continue;
        if (strcmp(w->technique, v->technique) == 0)
            return true;
        if (n == TECHS_PER_FAMILY)
            return false;
        seen[n++] = w->technique;
    }
    return false;
}

static void add_result(const sq_variant *v, const char *seq, sq_mode mode) {
    if (run.nresults == MAX_RESULTS)
        return;
    int i = run.nresults++;
    sq_result *r = &results[i];
    double base = 1 + (i % 17) * 0.25; /* distinct, positive, made up */
    for (int k = 0; k < REPS; k++)
        samples[i][k] = base + 0.01 * k;
    *r = (sq_result){.variant = v,
                     .sequence = seq,
                     .mode = mode,
                     .harness = {NAN, NAN, NAN, NAN, NAN},
                     .reps = REPS,
                     .samples = samples[i]};
}

/* Sets row i's samples so that its cycles are median m in [lo, hi] (min lo,
 * p90 hi: five samples, the interval of their median the whole range). */
static void set_cycles(int i, double m, double lo, double hi) {
    double x[REPS] = {lo, m, m, m, hi};
    memcpy(samples[i], x, sizeof x);
}

/* Ten samples, six at 4.13 and four at 4.32: a row at two speeds. */
static double two_speeds[10] = {4.13, 4.32, 4.13, 4.32, 4.13, 4.13, 4.32, 4.13, 4.32, 4.13};

/* Every mode but branch (so an empty mode is skipped), both sequences, the
 * first techniques of each family in every impl; branch mode for one variant
 * only; a few rows made special. False when the registry lacks what they
 * need. */
static bool build_run(void) {
    run = (sq_run){
        .machine = {.vendor = "AuthenticAMD",
                    .brand = "Test \"CPU\" \\ with\ttab",
                    .family = 26,
                    .model = 2,
                    .stepping = 0,
                    .hypervisor = true},
        .clock = {.source = "calibrated",
                  .tsc_source = "cpuid 0x15",
                  .tsc_hz = 2.096e9,
                  .core_hz = 3.7e9,
                  .core_hz_min = 3.59e9,
                  .core_hz_max = 3.78e9,
                  .timer_overhead = 28,
                  .alu_per_cycle = 5.3},
        .reps = REPS,
        .length = 16384,
        .seed = 12345,
        .cpu = 2,
        .elapsed_s = 1.5,
        .results = results,
        .version = VERSION,
        .commit = "abc123",
        .kernel = "6.1.0-test",
        .sequences = "default",
        .samples = 4,
        .visits = 2,
        .sample_us = 50,
    };
    for (int i = 0; i < sq_impl_count && i < SQ_MAX_IMPLS; i++) {
        sq_impl_info *info = &run.impls[run.nimpls++];
        snprintf(info->name, sizeof info->name, "%s", sq_impls[i].name);
        snprintf(info->compiler, sizeof info->compiler, "%s", sq_impls[i].compiler);
        snprintf(info->flags, sizeof info->flags, "%s", sq_impls[i].flags);
    }
    static const sq_mode modes[] = {SQ_MODE_LATENCY, SQ_MODE_THROUGHPUT, SQ_MODE_CALL};
    for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++)
        for (int i = 0; i < sq_variant_count; i++) {
            const sq_variant *v = &sq_variants[i];
            if (!among_first_techniques(v))
                continue;
            const char *const *seqs = v->family->arity == 1 ? one_square_sequences : pair_sequences;
            for (int s = 0; s < 2; s++) {
                if (!missing_cell && s == 1 && strcmp(v->impl, "asm") != 0) {
                    missing_cell = v; /* a row the engine did not produce */
                    continue;
                }
                add_result(v, seqs[s], modes[m]);
            }
        }
    nan_row = 1; /* no sample counts: no figure */
    for (int k = 0; k < REPS; k++)
        results[nan_row].samples[k] = NAN;
    inf_row = 2;
    results[inf_row].harness = (sq_stats){1, 1, INFINITY, 1, 1};
    negative_row = 3;
    set_cycles(negative_row, -0.3, -0.4, -0.2);
    zero_row = 4;
    set_cycles(zero_row, 0.02, 0.01, 0.03);
    cd_row = 6;
    set_cycles(cd_row, 0.5, 0.45, 0.55);
    results[cd_row].control_dependent = true;
    results[8].reps = results[9].reps = 3; /* sampling stopped early on two rows */
    for (int i = 0; i < run.nresults && bimodal_row < 0; i++)
        if (results[i].variant->family->arity == 2 && strcmp(results[i].sequence, "same") == 0)
            bimodal_row = i;
    if (bimodal_row < 0 || sq_variants[0].family->arity != 1)
        return false; /* the registry has no pair family, or starts with one */
    results[bimodal_row].samples = two_speeds;
    results[bimodal_row].reps = 10;

    branch_row = run.nresults;
    add_result(&sq_variants[0], "ordered", SQ_MODE_BRANCH);
    set_cycles(branch_row, 0.5, 0.25, 0.75);
    add_result(&sq_variants[0], "random", SQ_MODE_BRANCH);
    set_cycles(branch_row + 1, 11.5, 11.25, 12);
    /* Every figure from the samples, as a run's (figures.h). */
    sq_run_finish(&run);
    return true;
}

/* The report in fmt as a string (caller frees). */
static char *report(sq_format fmt) {
    int rc;
    char *text = report_text(&run, 1, fmt, true, &rc);
    CHECK(rc == 0, "sq_report_write format %d returned %d", (int)fmt, rc);
    return text;
}

static int count_lines(const char *text) {
    int n = 0;
    for (const char *p = text; *p; p++)
        n += *p == '\n';
    return n;
}

/* Whether any line of text starts with prefix and contains needle. */
static bool line_with(const char *text, const char *prefix, const char *needle) {
    size_t plen = strlen(prefix);
    for (const char *line = text; *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        if (len >= plen && strncmp(line, prefix, plen) == 0) {
            char buf[4096];
            snprintf(buf, sizeof buf, "%.*s", (int)len, line);
            if (strstr(buf, needle))
                return true;
        }
        line += len + (end != NULL);
    }
    return false;
}

/* Row i's line of a CSV text, without its newline ("" if none). */
static const char *csv_line(const char *csv, int i, char *buf, size_t len) {
    char key[256];
    const sq_result *r = &results[i];
    snprintf(key, sizeof key, ",%s,%s,%s,%s,%s,%s,", r->variant->id, r->variant->family->name,
             r->variant->technique, r->variant->impl, r->sequence, sq_mode_names[r->mode]);
    const char *at = strstr(csv, key);
    while (at && at > csv && at[-1] != '\n')
        at--;
    snprintf(buf, len, "%.*s", at ? (int)strcspn(at, "\n") : 0, at ? at : "");
    return buf;
}

/* The fields of each CSV record read as RFC 4180 says: whether every record
 * has `fields`, and the text of record `record`'s field `field` in out. */
static bool csv_fields(const char *csv, int fields, int record, int field, char *out, size_t len) {
    bool even = true;
    int rec = 0, f = 0;
    size_t n = 0;
    out[0] = 0;
    for (const char *p = csv; *p; p++) {
        bool quoted = *p == '"';
        if (quoted) { /* to the closing quote; "" is one quote */
            for (p++; *p && !(p[0] == '"' && p[1] != '"'); p++) {
                p += p[0] == '"';
                if (rec == record && f == field && n + 1 < len)
                    out[n++] = *p;
            }
            if (!*p)
                return false;
            continue;
        }
        if (*p == ',' || *p == '\n') {
            if (rec == record && f == field)
                out[n] = 0;
            f++;
            if (*p == '\n') {
                even &= f == fields;
                rec++;
                f = 0;
            }
            continue;
        }
        if (rec == record && f == field && n + 1 < len)
            out[n++] = *p;
    }
    return even && f == 0;
}

static char *csv_of(const sq_run *runs, int nruns) {
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    if (!f)
        return strdup("");
    sq_write_csv(f, runs, nruns);
    fclose(f);
    return text;
}

enum { CSV_FIELDS = 28, CSV_BRAND = 5, CSV_FLAGS = 8, CSV_SHARED_FROM = 27 };

static void check_csv(void) {
    char *csv = report(SQ_FORMAT_CSV), line[1024], field[256];
    const char *header = "machine,vendor,cpu_family,cpu_model,cpu_name,brand,sqcolor_commit,"
                         "compiler,flags,id,family,technique,impl,sequence,mode,cycles_median,"
                         "cycles_ci95_lo,cycles_ci95_hi,cycles_min,cycles_p90,reps,fast_cycles,"
                         "fast_share,slow_cycles,slow_share,control_dependent,ns_median,"
                         "shared_from\n";
    CHECK(strncmp(csv, header, strlen(header)) == 0, "CSV header: %.300s", csv);
    CHECK(count_lines(csv) == run.nresults + 1, "CSV has %d lines for %d results", count_lines(csv),
          run.nresults);
    CHECK(csv_fields(csv, CSV_FIELDS, 1, CSV_BRAND, field, sizeof field) &&
              strcmp(field, "Test \"CPU\" \\ with tab") == 0, /* the tab a space */
          "every CSV record has %d fields, the brand read back: %s", CSV_FIELDS, field);
    const char *machine = "Turin,AuthenticAMD,26,2,\"Zen 5 \"\"Turin\"\"\",";
    CHECK(strncmp(csv_line(csv, 0, line, sizeof line), machine, strlen(machine)) == 0,
          "the machine's label, vendor, family, model and name: %s", line);
    CHECK(strstr(csv_line(csv, negative_row, line, sizeof line),
                 ",-0.3000,-0.4000,-0.2000,-0.4000,-0.2000,5,"),
          "median, interval, min, p90, reps, negative numbers as they are: %s", line);
    CHECK(
        strstr(csv_line(csv, bimodal_row, line, sizeof line), ",10,4.1300,0.6000,4.3200,0.4000,0,"),
        "two speeds at their shares: %s", line);
    CHECK(strstr(csv_line(csv, cd_row, line, sizeof line), ",5,,,,,1,") &&
              strstr(csv_line(csv, 0, line, sizeof line), ",5,,,,,0,"),
          "control_dependent as 1 or 0, speeds empty: %s", line);
    CHECK(strstr(csv_line(csv, nan_row, line, sizeof line), ",,"), "NaN median empty: %s", line);
    CHECK(csv_fields(csv, CSV_FIELDS, 1, CSV_SHARED_FROM, field, sizeof field) && !*field,
          "shared_from empty for a row timed itself: %s", field);
    free(csv);
    /* A row not timed itself names the id it was timed as, its cell marked ≡. */
    results[0].shared_from = results[1].variant->id;
    csv = report(SQ_FORMAT_CSV);
    CHECK(csv_fields(csv, CSV_FIELDS, 1, CSV_SHARED_FROM, field, sizeof field) &&
              strcmp(field, results[1].variant->id) == 0 &&
              csv_fields(csv, CSV_FIELDS, 2, CSV_SHARED_FROM, field, sizeof field) && !*field,
          "shared_from names the row timed for it, only on that row: %s", field);
    char cell[64];
    sq_cell_text(cell, sizeof cell, &results[0]);
    CHECK(strstr(cell, "≡") != NULL, "a shared row's cell marked ≡: %s", cell);
    results[0].shared_from = NULL;
    sq_cell_text(cell, sizeof cell, &results[0]);
    CHECK(strstr(cell, "≡") == NULL, "a row timed itself unmarked: %s", cell);
    /* Each row's compiler and flags are its impl's, and the commit the run's. */
    const sq_impl_info *built = &run.impls[0];
    for (int i = 0; i < run.nresults; i++)
        if (strcmp(results[i].variant->impl, built->name) == 0) {
            int record = i + 1;
            csv_fields(csv, CSV_FIELDS, record, CSV_FLAGS - 1, field, sizeof field);
            CHECK(strcmp(field, built->compiler) == 0, "compiler of %s: %s", results[i].variant->id,
                  field);
            csv_fields(csv, CSV_FIELDS, record, CSV_FLAGS, field, sizeof field);
            CHECK(strcmp(field, built->flags) == 0, "flags of %s: %s", results[i].variant->id,
                  field);
            csv_fields(csv, CSV_FIELDS, record, CSV_FLAGS - 2, field, sizeof field);
            CHECK(strcmp(field, "abc123") == 0, "commit: %s", field);
            break;
        }
    free(csv);

    /* Two runs: one header, each run's lines naming its machine; text that
     * a spreadsheet would run as a formula written as it is, quoted where
     * RFC 4180 says. */
    static sq_run two[2];
    two[0] = two[1] = run;
    two[1].machine = (sq_machine){.vendor = "GenuineIntel", .family = 6, .model = 0x8f};
    snprintf(two[1].machine.brand, sizeof two[1].machine.brand, "=HYPERLINK(\"x\",1)");
    snprintf(two[1].commit, sizeof two[1].commit, "-1+2");
    csv = csv_of(two, 2);
    CHECK(count_lines(csv) == 2 * run.nresults + 1 && strncmp(csv, header, strlen(header)) == 0 &&
              !strstr(csv + 1, "\nmachine,"),
          "two runs: one header, %d lines", count_lines(csv));
    CHECK(csv_fields(csv, CSV_FIELDS, run.nresults + 1, 0, field, sizeof field) &&
              strcmp(field, "Sapphire Rapids") == 0,
          "the second run's lines name its machine: %s", field);
    CHECK(strstr(csv, "\nSapphire Rapids,GenuineIntel,6,143,Sapphire Rapids (Golden Cove),"
                      "\"=HYPERLINK(\"\"x\"\",1)\",-1+2,"),
          "=, - as they are, quoted where they hold a quote: %.300s", strstr(csv, "\nSapphire"));
    free(csv);
    const char *leading[] = {"+1", "@SUM(A1)", "\tx", "\rx"};
    const char *want[] = {",+1,", ",@SUM(A1),", ", x,", ", x,"}; /* a control: a space */
    for (int k = 0; k < 4; k++) {
        snprintf(two[1].commit, sizeof two[1].commit, "%s", leading[k]);
        csv = csv_of(two, 2);
        CHECK(strstr(csv, want[k]), "commit '%s' in CSV as %s", leading[k], want[k]);
        free(csv);
    }
    /* The same CPU twice: each machine label says which file. */
    two[1].machine = run.machine;
    csv = csv_of(two, 2);
    CHECK(strncmp(csv + strlen(header), "Turin #1,", 9) == 0 &&
              csv_fields(csv, CSV_FIELDS, run.nresults + 1, 0, field, sizeof field) &&
              strcmp(field, "Turin #2") == 0,
          "one CPU in two files: Turin #1 and #2: %s", field);
    free(csv);
}

/* jq -e FILTER PATH succeeds. */
static bool jq(const char *filter, const char *path) {
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "jq -e '%s' '%s' >/dev/null", filter, path);
    int rc = system(cmd);
    if (rc != 0)
        printf("  jq -e '%s' %s: exit %d\n", filter, path, WIFEXITED(rc) ? WEXITSTATUS(rc) : -1);
    return rc == 0;
}

static bool exists(const char *path) {
    struct stat st;
    return stat(path, &st) == 0;
}

/* Files in dir whose name contains part. */
static int files_containing(const char *part) {
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        n += strstr(e->d_name, part) != NULL;
    if (d)
        closedir(d);
    return n;
}

static void check_json(void) {
    char path[256], err[512], filter[512];
    snprintf(path, sizeof path, "%s/run.json", dir);
    sq_output o;
    if (sq_output_open(&o, path, err, sizeof err)) {
        CHECK(false, "sq_output_open %s: %s", path, err);
        return;
    }
    CHECK(!exists(path), "the file appears before commit");
    CHECK(sq_report_write(&run, 1, SQ_FORMAT_JSON, 0, o.fp) == 0, "JSON written");
    CHECK(sq_output_commit(&o, err, sizeof err) == 0, "commit: %s", err);
    CHECK(exists(path) && files_containing(".tmp.") == 0,
          "commit leaves the file and no temporary");

    snprintf(filter, sizeof filter, ".schema == 3 and (.results.rows|length) == %d", run.nresults);
    CHECK(jq(filter, path), "schema and result count");
    CHECK(jq(".tool.name == \"sqcolor\" and .tool.version == \"" VERSION "\"", path), "tool");
    CHECK(jq(".machine.brand == \"Test \\\"CPU\\\" \\\\ with\\ttab\" and .machine.family == 26 "
             "and .machine.hypervisor == true",
             path),
          "machine, with an escaped brand");
    CHECK(jq(".clock.source == \"calibrated\" and .clock.tsc_hz == 2096000000 and "
             ".clock.core_hz_min < .clock.core_hz_max and .clock.timer_overhead_ticks == 28",
             path),
          "clock");
    CHECK(jq(".config.reps == 5 and .config.length == 16384 and .config.seed == \"12345\" and "
             ".config.cpu == 2 and .elapsed_s == 1.5",
             path),
          "config");
    snprintf(filter, sizeof filter, ".results.rows[%d][4] | all(. == null)", nan_row);
    CHECK(jq(filter, path), "NaN is written as null");
    snprintf(filter, sizeof filter, ".results.rows[%d][5] == [1, 1, null, 1, 1]", inf_row);
    CHECK(jq(filter, path), "infinity is written as null");
    CHECK(jq("(.config | has(\"spread_threshold\") | not) and (has(\"summary\") or "
             "has(\"mispredict_reference\") or has(\"code_mismatches\") | not) and "
             ".results.columns == [\"id\", \"sequence\", \"mode\", \"flags\", \"samples\", "
             "\"harness\"]",
             path),
          "nothing the samples or the machine give is written, nor a spread threshold");
    snprintf(filter, sizeof filter,
             ".results.rows[0] | .[0] == \"%s\" and .[1] == \"ordered\" and .[2] == "
             "\"latency\" and .[3] == [] and (.[4]|length) == 5 and .[5] == null",
             results[0].variant->id);
    CHECK(jq(filter, path), "a row's values, a column each");

    /* The samples, signed; control dependence on its row. */
    snprintf(filter, sizeof filter, ".results.rows[%d][4] == [-0.4, -0.3, -0.3, -0.3, -0.2]",
             negative_row);
    CHECK(jq(filter, path), "a negative row's samples, signed");
    snprintf(filter, sizeof filter, ".results.rows[%d][4] | length == 10", bimodal_row);
    CHECK(jq(filter, path), "a row at two speeds: its ten samples");
    snprintf(filter, sizeof filter,
             ".results.rows[%d][3] == [\"control_dependent\"] and ([.results.rows[][3] | "
             "select(length > 0)] | length) == 1",
             cd_row);
    CHECK(jq(filter, path), "control_dependent on its row alone");
}

/* The JSON read back gives every figure the run has, bit for bit: the
 * interval, the two speeds, ticks and ns (all from the samples and the
 * clock), and control dependence. */
static void check_round_trip(void) {
    char path[256], err[512];
    snprintf(path, sizeof path, "%s/run.json", dir);
    sq_run back;
    if (sq_results_load(path, &back, err, sizeof err)) {
        CHECK(false, "reading %s back: %s", path, err);
        return;
    }
    if (back.nresults != run.nresults) {
        CHECK(false, "%d results read back, %d written", back.nresults, run.nresults);
        sq_run_free(&back);
        return;
    }
    int differ = 0;
    for (int i = 0; i < run.nresults; i++) {
        const sq_result *a = &results[i], *b = &back.results[i];
        sq_stats x[] = {a->cycles, a->ticks, a->ns}, y[] = {b->cycles, b->ticks, b->ns};
        for (int k = 0; k < 3; k++)
            differ += !(memcmp(&x[k], &y[k], sizeof x[k]) == 0 ||
                        (isnan(x[k].median) && isnan(y[k].median)));
        differ += a->nmodes != b->nmodes || a->control_dependent != b->control_dependent;
    }
    CHECK(differ == 0, "%d rows' figures read back differ", differ);
    const sq_result *neg = &back.results[negative_row], *two = &back.results[bimodal_row];
    CHECK(neg->cycles.median == -0.3 && neg->cycles.ci_lo == -0.4 && neg->cycles.ci_hi == -0.2,
          "ci95 read back: [%g, %g]", neg->cycles.ci_lo, neg->cycles.ci_hi);
    CHECK(two->nmodes == 2 && two->modes[0].cycles == 4.13 && two->modes[0].share == 0.6 &&
              two->modes[1].cycles == 4.32 && two->modes[1].share == 0.4 &&
              back.results[0].nmodes == 0,
          "modes read back: %d", two->nmodes);
    CHECK(back.results[cd_row].control_dependent && !back.results[0].control_dependent,
          "control_dependent read back");
    sq_run_free(&back);
}

/* Whether text holds a negative number: a minus sign before a digit, not
 * inside a name like gcc-12 or a range like 3.59-3.78. */
static const char *negative_number(const char *text) {
    for (const char *p = text; *p; p++)
        if (p[0] == '-' && isdigit((unsigned char)p[1]) &&
            (p == text || !isalnum((unsigned char)p[-1])))
            return p;
    return NULL;
}

/* What the honest cells look like in a table or its Markdown. */
static void check_cells(const char *text, bool md) {
    const char *name = md ? "markdown" : "table";
    const char *neg = negative_number(text);
    CHECK(!neg, "%s prints a negative number: %.30s", name, neg);
    /* below zero its bound rounds to 0.00: "≈0" alone says it */
    CHECK(!strstr(text, "≈0≤0.00") && strstr(text, "≈0≤0.03"),
          "%s: ≈0 for a negative cell, with its bound for an about-zero cell", name);
    CHECK(strstr(text, "1.02±0.02"), "%s: a cell with its interval", name);
    /* A cost about zero is the cheapest there is: it takes the best mark. */
    CHECK(strstr(text, md ? "**≈0**" : " ≈0*"), "%s: an ≈0 cell is the best of its row", name);

    /* Control-dependent and fastest: marked †, never the best. */
    CHECK(strstr(text, "0.50±0.05†") && !strstr(text, "0.50±0.05†*") &&
              !strstr(text, "**0.50±0.05†**"),
          "%s: the † cell unmarked as best", name);

    /* Two speeds in the cell and, under the table, with their shares. */
    char line[256];
    snprintf(line, sizeof line, "%s%s on same: 4.13 (60%%) or 4.32 (40%%)\n", md ? "\n- " : "\n",
             results[bimodal_row].variant->id);
    CHECK(strstr(text, md ? "4.13\\|4.32" : "4.13|4.32") && strstr(text, line),
          "%s: the bimodal cell and its line '%s'", name, line + 1);

    /* The penalty of the branch pair, and the vendor's figure beside it. */
    CHECK(strstr(text, "22.0±1.5"), "%s: the cost per mispredict", name);
    CHECK(line_with(text, md ? "- the vendor's" : "the vendor's", "(Zen 5): 12-18 cycles"),
          "%s: the vendor's figure", name);

    /* Summaries: medians; the † variant's sequences apart. */
    char tech[96];
    snprintf(tech, sizeof tech, "%s%s ", md ? "| " : "", results[cd_row].variant->technique);
    CHECK(strstr(text, "summary: median over sequences") || strstr(text, "summary (median"),
          "%s: summaries are medians", name);
    CHECK(line_with(text, tech, " rnd†"), "%s: predictable and random apart for %s", name,
          results[cd_row].variant->id);

    /* The footer explains the marks and counts the repetitions. */
    const char *p = md ? "- " : "";
    char want[128];
    snprintf(want, sizeof want, "%s±: ", p);
    CHECK(strstr(text, want), "%s: ± explained", name);
    snprintf(want, sizeof want, "%s≈0: ", p);
    CHECK(strstr(text, want), "%s: ≈0 explained", name);
    snprintf(want, sizeof want, md ? "- a\\|b: " : "a|b: "); /* '|' escaped in Markdown */
    CHECK(strstr(text, want), "%s: two speeds explained", name);
    snprintf(want, sizeof want,
             "%s†: control-dependent: the timed chain passes through a predicted branch", p);
    CHECK(strstr(text, want), "%s: † explained", name);
    snprintf(want, sizeof want, "%srepetitions per row: 5 (%d rows), 3 (2), 10 (1); median 5\n", p,
             run.nresults - 3);
    CHECK(strstr(text, want), "%s: '%s'", name, want);
    CHECK(strstr(text, "waits for its input"), "%s: why a loop's mispredict costs more", name);
}

static void check_tables(void) {
    char *table = report(SQ_FORMAT_TABLE), *md = report(SQ_FORMAT_MARKDOWN);

    for (int i = 0; i < run.nresults; i++) {
        const char *tech = results[i].variant->technique;
        CHECK(line_with(table, tech, " "), "table has no row for %s", tech);
        char row[96];
        snprintf(row, sizeof row, "| %s |", tech);
        CHECK(line_with(md, row, "|"), "markdown has no row for %s", tech);
    }

    /* Titles and column headers speak of cycles, never of ticks. */
    CHECK(!line_with(table, "technique", "ticks") && !line_with(md, "| technique", "ticks"),
          "a column header says ticks");
    CHECK(line_with(table, "color — latency", "cycles"), "table title names cycles");
    for (int f = 0; f < sq_family_count; f++) {
        char title[64];
        snprintf(title, sizeof title, "%s — ", sq_families[f].name);
        CHECK(!line_with(table, title, "ticks"), "a %s title mentions ticks", sq_families[f].name);
    }
    CHECK(!line_with(md, "# ", "ticks"), "a markdown heading mentions ticks");

    /* Families in registry order; the empty branch mode is left out. */
    const char *last = table;
    for (int f = 0; f < sq_family_count; f++) {
        char title[64];
        snprintf(title, sizeof title, "\n%s — latency", sq_families[f].name);
        const char *at = strstr(table, title);
        CHECK(at && at > last, "%s tables missing or out of registry order", sq_families[f].name);
        last = at ? at : last;
    }
    char empty[64]; /* branch mode of a family that has no branch rows */
    snprintf(empty, sizeof empty, "%s — branch", results[bimodal_row].variant->family->name);
    CHECK(!strstr(table, empty) && !strstr(md, empty), "an empty mode got a table");
    CHECK(strstr(table, "— call") && strstr(table, "— throughput"), "call and throughput tables");

    /* Techniques in registry order within a table. */
    const sq_variant *first = &sq_variants[0], *second = NULL;
    for (int i = 0; i < sq_variant_count && !second; i++)
        if (sq_variants[i].family == first->family &&
            strcmp(sq_variants[i].technique, first->technique) != 0)
            second = &sq_variants[i];
    char a[64], b[64];
    snprintf(a, sizeof a, "\n%s ", first->technique);
    snprintf(b, sizeof b, "\n%s ", second ? second->technique : "?");
    CHECK(strstr(table, a) && strstr(table, b) && strstr(table, a) < strstr(table, b),
          "%s before %s", first->technique, b + 1);

    /* Marks: the best of a row and a missing cell; no ~ mark (the interval
     * replaced it) before the notes, whose compilers' versions may hold one
     * ("16.0.6 (15~deb12u1)"). */
    CHECK(strstr(table, "*") && strstr(md, "**"), "best cells marked");
    const char *table_notes = strstr(table, "about this run"),
               *md_notes = strstr(md, "about this run");
    const char *table_tilde = strchr(table, '~'), *md_tilde = strchr(md, '~');
    CHECK(table_notes && md_notes && (!table_tilde || table_tilde > table_notes) &&
              (!md_tilde || md_tilde > md_notes),
          "a ~ mark in the tables");
    char missing_row[64];
    snprintf(missing_row, sizeof missing_row, "| %s |", missing_cell->technique);
    CHECK(line_with(md, missing_row, "| - |"), "missing cell shown as '-'");
    CHECK(strstr(table, "summary") && strstr(md, "summary"), "summary tables");

    /* Footer: what cycles are, the clocks, the machine. */
    CHECK(strstr(table, "add chain") && !strstr(table, "perf)"), "calibrated cycles named");
    CHECK(strstr(table, "2.0960 GHz") && strstr(table, "3.7000 GHz") &&
              strstr(table, "3.5900-3.7800"),
          "TSC and core clocks, with the range seen");
    /* The brand's tab is a space: a control character would break the line. */
    CHECK(strstr(table, "Test \"CPU\" \\ with tab") && strstr(table, "virtualized") &&
              strstr(table, "family 0x1a model 0x2 stepping 0"),
          "machine line");
    CHECK(strstr(table, "seed 12345") && strstr(table, "16384") && strstr(table, "cpu 2"),
          "run line");
    check_cells(table, false);
    check_cells(md, true);
    free(table);
    free(md);

    /* An unpinned run says so, without a -1. */
    run.cpu = -1;
    table = report(SQ_FORMAT_TABLE);
    CHECK(strstr(table, "not pinned") && !negative_number(table), "an unpinned run");
    free(table);
    run.cpu = 2;

    run.clock.source = "perf";
    table = report(SQ_FORMAT_TABLE);
    CHECK(strstr(table, "hardware cycle counter") && !strstr(table, "add chain"),
          "perf cycles named");
    free(table);
    run.clock.source = "calibrated";
}

/* The whole of a file (caller frees; "" if unreadable). */
static char *slurp(const char *path) {
    FILE *f = fopen(path, "r");
    char *text = calloc(1, 1 << 20); /* zeroed: the text ends where the read did */
    size_t got = f && text ? fread(text, 1, (1 << 20) - 1, f) : 0;
    (void)got;
    if (f)
        fclose(f);
    return text;
}

/* sqcolor report on the JSON check_json wrote: HTML, and two files side by
 * side as Markdown. */
static void check_report_command(void) {
    char json[256], html[256], md[256];
    snprintf(json, sizeof json, "%s/run.json", dir);
    snprintf(html, sizeof html, "%s/run.html", dir);
    snprintf(md, sizeof md, "%s/two.md", dir);
    char *html_args[] = {json, "--format", "html", "--detail", "--output", html};
    int rc = sq_command_report.run(6, html_args);
    char *text = slurp(html);
    const char *neg = negative_number(text);
    CHECK(rc == 0 && !neg, "report --format html: exit %d; a negative number: %.30s", rc,
          neg ? neg : "none");
    CHECK(strstr(text, ">≈0</") && strstr(text, "<td>4.13|4.32</td>") && !strstr(text, "\\|") &&
              strstr(text, "<td>22.0±1.5</td>"),
          "HTML cells: ≈0, two speeds unescaped, the penalty");
    CHECK(strstr(text, "<td>0.50±0.05†</td>") && !strstr(text, "<b>0.50±0.05†"),
          "HTML: the † cell not bold");
    free(text);

    char *md_args[] = {json, json, "--format", "markdown", "--detail", "--output", md};
    rc = sq_command_report.run(7, md_args);
    text = slurp(md);
    neg = negative_number(text);
    CHECK(rc == 0 && !neg, "report of two files: exit %d; a negative number: %.30s", rc,
          neg ? neg : "none");
    CHECK(strstr(text, "median over sequences") && strstr(text, " rnd† |"),
          "two files: medians, the † variant's sequences apart");
    free(text);
}

/* Plots draw each bar as the table's figure, the median over sequences,
 * with its interval as an error bar (test_figures checks where). */
static void check_plots(void) {
    char plots[256], path[320], err[512], want[256];
    snprintf(plots, sizeof plots, "%s/plots", dir);
    CHECK(sq_plot(&run, 1, plots, false, err, sizeof err) == 0, "sq_plot: %s", err);
    const sq_result *r = NULL; /* a latency variant the first family's plot shows */
    sq_headline h = {0};
    for (int i = 0; i < run.nresults && !r; i++) {
        if (results[i].variant->family != &sq_families[0] || results[i].mode != SQ_MODE_LATENCY)
            continue;
        h = sq_headline_of(&run, results[i].variant->id, SQ_HEADLINE_LATENCY);
        sq_stats s = {.median = h.median, .ci_lo = h.lo, .ci_hi = h.hi};
        if (isfinite(h.median) && !h.nbimodal && h.ncells == 2 && !sq_cost_about_zero(s))
            r = &results[i];
    }
    snprintf(path, sizeof path, "%s/%s-latency.svg", plots, sq_families[0].name);
    char *svg = slurp(path);
    snprintf(want, sizeof want, "<title>%s, %s: %.2f, 95%% interval %.3f to %.3f</title>",
             r ? r->variant->technique : "", r ? r->variant->impl : "", h.median, h.lo, h.hi);
    CHECK(r && svg && strstr(svg, want) && strstr(svg, "sqfig-whisker"), "%s holds '%s'", path,
          want);
    free(svg);
}

static void check_output_files(void) {
    char path[256], used[512], err[512];
    sq_output o;

    /* Abort: neither the file nor its temporary remains. */
    snprintf(path, sizeof path, "%s/aborted.csv", dir);
    CHECK(sq_output_open(&o, path, err, sizeof err) == 0, "open %s: %s", path, err);
    CHECK(files_containing("aborted.csv.tmp.") == 1, "the temporary sits beside the file");
    fputs("partial", o.fp);
    sq_output_abort(&o);
    CHECK(!exists(path) && files_containing("aborted") == 0, "abort leaves nothing");

    /* A folder that does not exist: one line naming the path and the reason. */
    snprintf(path, sizeof path, "%s/missing/x.json", dir);
    err[0] = 0;
    CHECK(sq_output_open(&o, path, err, sizeof err) == -1, "open in a missing folder succeeded");
    char want[512];
    snprintf(want, sizeof want, "cannot write %s: %s", path, strerror(ENOENT));
    CHECK(strcmp(err, want) == 0, "message '%s', expected '%s'", err, want);

    /* ... until the folder is made. */
    CHECK(sq_make_parent_dirs(path, err, sizeof err) == 0, "mkdir -p: %s", err);
    CHECK(sq_output_open(&o, path, err, sizeof err) == 0, "open after mkdir -p: %s", err);
    fputs("{}\n", o.fp);
    CHECK(sq_output_commit(&o, err, sizeof err) == 0 && exists(path), "commit: %s", err);

    /* commit replaces; commit_new never does, it picks the next free name. */
    CHECK(sq_output_open(&o, path, err, sizeof err) == 0 && fputs("[]\n", o.fp) >= 0 &&
              sq_output_commit(&o, err, sizeof err) == 0,
          "second commit: %s", err);
    FILE *f = fopen(path, "r");
    char content[8] = "";
    CHECK(f && fgets(content, sizeof content, f) && strcmp(content, "[]\n") == 0,
          "commit replaced the file whole");
    if (f)
        fclose(f);
    CHECK(sq_output_open(&o, path, err, sizeof err) == 0 &&
              sq_output_commit_new(&o, used, sizeof used, err, sizeof err) == 0,
          "commit_new: %s", err);
    char second[512];
    snprintf(second, sizeof second, "%s/missing/x-2.json", dir);
    CHECK(strcmp(used, second) == 0 && exists(second), "commit_new used %s", used);

    /* A write error (full disk) is reported, not ignored. */
    FILE *full = fopen("/dev/full", "w");
    if (full) {
        CHECK(sq_report_write(&run, 1, SQ_FORMAT_JSON, 0, full) == -1, "/dev/full accepted");
        fclose(full);
    }
}

/* The line of text starting with prefix, in buf ("" if none). */
static const char *line_of(const char *text, const char *prefix, char *buf, size_t len) {
    const char *at = strstr(text, prefix);
    snprintf(buf, len, "%.*s", at ? (int)strcspn(at, "\n") : 0, at ? at : "");
    return buf;
}

/* The letter the paper table's notes give a meaning starting with meaning
 * ("^b Control-dependent..."), or 0. */
static char paper_letter(const char *md, const char *meaning) {
    for (const char *at = strstr(md, "\n^"); at; at = strstr(at + 1, "\n^"))
        if (strncmp(at + 3, " ", 1) == 0 && strncmp(at + 4, meaning, strlen(meaning)) == 0)
            return at[2];
    return 0;
}

/* Latency rows of variant v: each one's cycles and control dependence. */
static void set_latency(const sq_variant *v, sq_stats cycles, bool dependent) {
    for (int i = 0; i < run.nresults; i++)
        if (results[i].variant == v && results[i].mode == SQ_MODE_LATENCY) {
            results[i].cycles = cycles;
            results[i].control_dependent = dependent;
        }
}

/* The paper table (--format paper, latex) of the made-up run: an asm
 * without latency (†) reads — with the letter that says so, a cost about zero
 * ≤ its bound with its letter and no verdict, a sequence at two speeds left out with its,
 * the letters a, b, ... in order of first use; the LaTeX in booktabs rules,
 * the brand escaped, its quotes TeX's. */
static void check_paper(void) {
    const sq_variant *dependent = &sq_variants[0], *zero = NULL;
    for (int i = 0; i < sq_variant_count && !zero; i++)
        if (strcmp(sq_variants[i].impl, "asm") == 0 && sq_variants[i].family == dependent->family &&
            strcmp(sq_variants[i].technique, dependent->technique) != 0)
            zero = &sq_variants[i];
    if (!zero || strcmp(dependent->impl, "asm") != 0) {
        CHECK(false, "the registry's first variant is not asm, or its family has one technique");
        return;
    }
    sq_result saved[MAX_RESULTS];
    memcpy(saved, results, sizeof saved);
    set_latency(dependent, (sq_stats){2.9, 3.0, 3.1, 2.95, 3.05}, true);
    set_latency(zero, (sq_stats){0.01, 0.02, 0.04, 0.01, 0.03}, false);
    char *md = report(SQ_FORMAT_PAPER), *tex = report(SQ_FORMAT_LATEX), row[1024], want[160];
    char no_latency = paper_letter(md, "Control-dependent"),
         about_zero = paper_letter(md, "Not told apart from zero"),
         left_out = paper_letter(md, "Over the sequences that ran at one speed");
    snprintf(want, sizeof want, "| %s | —^%c |", dependent->technique, no_latency);
    CHECK(no_latency && strstr(line_of(md, want, row, sizeof row), want), "† asm: %s (%s)", want,
          row);
    snprintf(want, sizeof want, "| %s | ≤ 0.03^%c |", zero->technique, about_zero);
    CHECK(about_zero && strstr(md, want), "≈0 asm, not bold (it wins nothing): %s", want);
    snprintf(want, sizeof want, "| %s |", results[bimodal_row].variant->technique);
    char mark[8];
    snprintf(mark, sizeof mark, "^%c", left_out);
    CHECK(left_out && strstr(line_of(md, want, row, sizeof row), mark), "‖: %s in '%s'", mark, row);
    CHECK(strstr(md, "\n^a ") && (!strstr(md, "\n^c ") || strstr(md, "\n^b ")),
          "letters from a, in order");
    CHECK(strstr(tex, "\\toprule\n") && strstr(tex, "\\bottomrule\n") &&
              strstr(tex, "{---} & \\textsuperscript{") &&
              strstr(tex, "Test ``CPU'' \\textbackslash{} with tab"),
          "LaTeX: booktabs rules, † as --- with its letter, the brand escaped, TeX's quotes");
    free(md);
    free(tex);
    memcpy(results, saved, sizeof saved);
}

/* Which cells share the best mark: those not told apart from the best. */
static void check_best_ties(void) {
    const sq_variant *v = &sq_variants[0];
    sq_result best = {.variant = v, .mode = SQ_MODE_THROUGHPUT, .cycles = {1.99, 1.99, 2, 1.98, 2}};
    sq_result close = best, apart = best, overlapping = best, about_zero = best;
    close.cycles = (sq_stats){2.03, 2.03, 2.04, 2.02, 2.04};       /* 0.04 over: within 0.05 */
    apart.cycles = (sq_stats){2.30, 2.30, 2.31, 2.29, 2.31};       /* clearly dearer */
    overlapping.cycles = (sq_stats){2.30, 2.30, 2.6, 1.99, 2.6};   /* its interval reaches */
    about_zero.cycles = (sq_stats){0.01, 0.01, 0.02, -0.01, 0.02}; /* ranks as 0 */
    CHECK(sq_cell_ties_best(&best, &best) && sq_cell_ties_best(&close, &best),
          "the best and a cell within the resolution share the mark");
    CHECK(!sq_cell_ties_best(&apart, &best), "a clearly dearer cell is not the best");
    CHECK(sq_cell_ties_best(&overlapping, &best), "a cell whose interval reaches the best's ties");
    CHECK(sq_cell_rank(&about_zero) == 0 && !sq_cell_ties_best(&best, &about_zero),
          "an about-zero cell ranks as 0 and beats 2 cycles");
}

/* The headline tables' verdict: the clear winner alone, neither where the two
 * are not told apart, one has no figure to rank or is about zero. */
static void check_headline_verdict(void) {
    sq_headline cheap = {.median = 2, .lo = 1.99, .hi = 2.01, .ncells = 3};
    sq_headline dear = cheap, touching = cheap, close = cheap, none = cheap, zero = cheap;
    dear.median = 3, dear.lo = 2.98, dear.hi = 3.02;            /* apart */
    touching.median = 3, touching.lo = 2.01, touching.hi = 3.5; /* its interval reaches 2.01 */
    close.median = 2.04, close.lo = 2.03, close.hi = 2.05;      /* apart, within 0.05 */
    none.control_dependent = true;                              /* †: no latency */
    zero.median = 0.01, zero.lo = -0.01, zero.hi = 0.02;        /* ≈0 */
    CHECK(sq_headline_wins(&cheap, &dear) && !sq_headline_wins(&dear, &cheap),
          "the cheaper, its interval apart, wins; the dearer does not");
    CHECK(!sq_headline_wins(&cheap, &touching) && !sq_headline_wins(&touching, &cheap),
          "neither wins where the intervals touch");
    CHECK(!sq_headline_wins(&cheap, &close) && !sq_headline_wins(&cheap, &cheap),
          "neither wins within the resolution, nor against itself");
    CHECK(!sq_headline_wins(&cheap, &none) && !sq_headline_wins(&none, &cheap),
          "no verdict against a figure that is not there (†)");
    CHECK(!sq_headline_wins(&zero, &cheap) && !sq_headline_wins(&cheap, &zero),
          "≈0 wins nothing, nor loses: it is not told apart from zero");
}

/* A signal removes every temporary open (not only the last one), and a
 * signal ignored at start stays ignored. In a child: the handlers stay there. */
static void check_signal_cleanup(void) {
    char a[256], b[256], err[512];
    snprintf(a, sizeof a, "%s/sig-a.json", dir);
    snprintf(b, sizeof b, "%s/sig-b.json", dir);
    int st = 0;
    pid_t pid;
    static const int sigs[] = {SIGTERM, SIGUSR1};
    for (int i = 0; i < 2; i++) {
        fflush(stdout);
        pid = fork();
        if (pid == 0) {
            sq_output oa, ob;
            if (sq_output_open(&oa, a, err, sizeof err) || sq_output_open(&ob, b, err, sizeof err))
                _exit(3);
            raise(sigs[i]);
            _exit(4);
        }
        waitpid(pid, &st, 0);
        CHECK(WIFSIGNALED(st) && WTERMSIG(st) == sigs[i], "signal %d ends the process (status %#x)",
              sigs[i], st);
        CHECK(files_containing("sig-") == 0, "signal %d left %d of two temporaries", sigs[i],
              files_containing("sig-"));
    }

    fflush(stdout);
    pid = fork();
    if (pid == 0) {
        signal(SIGHUP, SIG_IGN);
        sq_output oa;
        if (sq_output_open(&oa, a, err, sizeof err))
            _exit(3);
        raise(SIGHUP);
        _exit(sq_output_commit(&oa, err, sizeof err) == 0 ? 5 : 6);
    }
    waitpid(pid, &st, 0);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 5 && exists(a),
          "an ignored SIGHUP stays ignored (status %#x)", st);
    unlink(a);
}

/* Occurrences of needle in text. */
static int occurrences(const char *text, const char *needle) {
    int n = 0;
    for (const char *p = text; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

/* The run's check of itself in the notes: the groups of identical code with
 * two figures counted in one line, or with --detail every one (the file no
 * longer lists them). Every impl of a technique made one code, the
 * rows' figures apart. */
static void check_code_notes(void) {
    static sq_code_fact facts[1024];
    run.code = facts;
    run.ncode = 0;
    for (int i = 0; i < sq_variant_count && run.ncode < 1024; i++) {
        uint64_t h = 0;
        for (const char *c = sq_variants[i].technique; *c; c++)
            h = h * 31 + (unsigned char)*c;
        facts[run.ncode++] = (sq_code_fact){sq_variants[i].id, 4, 12, h};
    }
    sq_code_mismatch *m;
    int n = sq_code_mismatches(&run, &m);
    free(m);
    int rc;
    char *brief = report_text(&run, 1, SQ_FORMAT_TABLE, false, &rc);
    char *all = report_text(&run, 1, SQ_FORMAT_TABLE, true, &rc);
    char count[128];
    snprintf(count, sizeof count, "identical code, two figures: in %d groups, rows of one", n);
    CHECK(n > 1 && occurrences(brief, "identical code, two figures") == 1 && strstr(brief, count) &&
              occurrences(all, "identical code, two figures: ") == n,
          "%d groups of identical code with two figures: counted in one line, or all with "
          "--detail",
          n);
    const char *neg = negative_number(all);
    CHECK(!neg, "the groups' figures print a negative number: %.40s", neg);
    free(brief);
    free(all);
    run.code = NULL;
    run.ncode = 0;
}

/* The last word of the line of text that starts with start (the table's
 * row of a technique), into buf; "" when there is none. */
static void last_word(const char *text, const char *start, char *buf, size_t len) {
    buf[0] = 0;
    for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : p) {
        if (strncmp(p, start, strlen(start)) != 0)
            continue;
        size_t n = strcspn(p, "\n");
        while (n && p[n - 1] == ' ')
            n--;
        size_t from = n;
        while (from && p[from - 1] != ' ')
            from--;
        snprintf(buf, len, "%.*s", (int)(n - from), p + from);
        return;
    }
}

/* The slowest compiler is named only where one is dearer than the rest:
 * "all" where every compiler ties, "key+N" where N more tie with it. */
static void check_slowest_ties(void) {
    static sq_result rows[SQ_MAX_IMPLS];
    static double same[SQ_MAX_IMPLS][5];
    const sq_variant *first = &sq_variants[0];
    sq_run one = run;
    one.results = rows;
    one.nresults = 0;
    one.ncode = 0;
    for (int i = 0; i < sq_variant_count && one.nresults < SQ_MAX_IMPLS; i++) {
        const sq_variant *v = &sq_variants[i];
        if (v->family != first->family || strcmp(v->technique, first->technique) != 0)
            continue;
        int k = one.nresults++;
        for (int j = 0; j < 5; j++)
            same[k][j] = 3 + 0.001 * j;
        rows[k] = (sq_result){.variant = v,
                              .sequence = "same",
                              .mode = SQ_MODE_LATENCY,
                              .harness = {NAN, NAN, NAN, NAN, NAN},
                              .reps = 5,
                              .samples = same[k]};
    }
    int rc, ncompilers = one.nresults - 1;
    sq_run_finish(&one);
    char *text = report_text(&one, 1, SQ_FORMAT_TABLE, false, &rc), word[64];
    char start[96];
    snprintf(start, sizeof start, "%s ", first->technique);
    last_word(text, start, word, sizeof word);
    CHECK(ncompilers > 2 && strcmp(word, "all") == 0, "every compiler tied: slowest '%s'", word);
    free(text);
    /* The last two rows (two compilers) made dearer alike: the second names them. */
    for (int k = one.nresults - 2; k < one.nresults; k++)
        for (int j = 0; j < 5; j++)
            same[k][j] = 5 + 0.001 * j;
    sq_run_finish(&one);
    text = report_text(&one, 1, SQ_FORMAT_TABLE, false, &rc);
    last_word(text, start, word, sizeof word);
    CHECK(strstr(word, "+1") && word[strlen(word) - 1] == '1', "two dearest tied: slowest '%s'",
          word);
    free(text);
}

/* The host note: per process, named from 1, the share of its samples on a
 * shared core and on a moving clock against its quiet level; one process,
 * no name. */
static void check_host_note(void) {
    sq_host_counts saved[SQ_MAX_PROCESSES];
    int nsaved = run.nhost;
    memcpy(saved, run.host, sizeof saved);
    run.nhost = 2;
    run.host[0] = (sq_host_counts){.samples = 200, .moved = 2, .shared = 50, .quiet = 5.34};
    run.host[1] = (sq_host_counts){.samples = 100, .moved = 0, .shared = 0, .quiet = 5.30};
    char *text = report(SQ_FORMAT_TABLE);
    CHECK(line_with(text, "host: ",
                    "kernel samples on a shared core / on a moving clock (quiet level, adds a "
                    "cycle): process 1 25.0% / 1.0% (5.34), process 2 0.0% / 0.0% (5.30), each"),
          "the host note names each process's shares: %s", strstr(text, "host:"));
    free(text);
    run.nhost = 1;
    text = report(SQ_FORMAT_TABLE);
    CHECK(line_with(text, "host: ", "kernel samples 25.0% on a shared core") &&
              !line_with(text, "host: ", "process"),
          "one process's host note names no process: %s", strstr(text, "host:"));
    free(text);
    run.nhost = nsaved;
    memcpy(run.host, saved, sizeof saved);
}

/* What ± is, in the legends: rows of 3 to 10 repetitions, the 95% interval
 * or the range of those under 6; every row of 3 (--quick), the range of 3,
 * nowhere a 95% interval. */
static void check_range_legend(void) {
    char *text = report(SQ_FORMAT_MARKDOWN);
    CHECK(strstr(text, "±: half the 95% interval of the median, or of the range where a row had "
                       "fewer than 6 repetitions (3 at least), below 95%"),
          "3 to 10 repetitions: the legend says ± is the range of those under 6");
    free(text);
    int reps[MAX_RESULTS];
    for (int i = 0; i < run.nresults; i++) {
        reps[i] = results[i].reps;
        results[i].reps = 3;
    }
    sq_run_figures(&run);
    text = report(SQ_FORMAT_MARKDOWN);
    CHECK(strstr(text, "±: half the range of 3 repetitions, too few for a 95% interval") &&
              !strstr(text, "±: half the 95%"),
          "3 repetitions: ± is the range of 3, nowhere a 95%% interval");
    free(text);
    for (int i = 0; i < run.nresults; i++)
        results[i].reps = reps[i];
    sq_run_figures(&run);
}

int main(void) {
    check_best_ties();
    check_headline_verdict();
    if (!mkdtemp(dir)) {
        printf("mkdtemp: %s\n", strerror(errno));
        return 1;
    }
    if (!build_run()) {
        printf("the registry has changed: no one-square first variant or no pair family\n");
        return 1;
    }
    CHECK(run.nresults > 3 * sq_family_count && run.nresults < MAX_RESULTS && missing_cell,
          "%d synthetic results", run.nresults);
    CHECK(strcmp(sq_mode_names[SQ_MODE_LATENCY], "latency") == 0 &&
              strcmp(sq_mode_names[SQ_MODE_THROUGHPUT], "throughput") == 0 &&
              strcmp(sq_mode_names[SQ_MODE_BRANCH], "branch") == 0 &&
              strcmp(sq_mode_names[SQ_MODE_CALL], "call") == 0,
          "mode names");
    check_csv();
    check_json();
    check_round_trip();
    check_tables();
    check_code_notes();
    check_slowest_ties();
    check_report_command();
    check_plots();
    check_output_files();
    check_signal_cleanup();
    check_paper();
    check_range_legend();
    check_host_note();

    return check_finish("report", dir);
}
