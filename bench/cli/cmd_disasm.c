/* sqcolor disasm: each technique's machine code, asm beside every compiler's,
 * decoded from this very binary. */
#include "bench/cli/cli.h"
#include "bench/cli/formats.h"
#include "bench/code/code_groups.h"
#include "bench/machine/clock.h"
#include "bench/code/disasm.h"
#include "bench/code/mca.h"
#include "bench/code/timed_loop.h"
#include "bench/report/model_vs_measurement.h"
#include "bench/results/forms_file.h"
#include "bench/results/results_read.h"
#include "bench/util/failure.h"
#include "bench/util/escape.h"
#include "bench/util/progress.h"
#include "bench/util/wrap.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A column: a routine's code, or with --loops a kernel's timed loop (loop
 * set: its listing, owned elsewhere). */
typedef struct column {
    const sq_variant *v;
    sq_code code;
    const sq_timed_loop *loop;
    sq_code_fact fact;
    bool has_fact;
    bool predicted;
    sq_prediction p;
    char head[3][256]; /* impls; size; prediction, or a loop's alignment and branches */
} column;

/* Where the listings go: standard output, or try's --output. */
static FILE *listing;

enum { HEAD_LINES = 3 };

/* lead, then the text fmt makes: as it is in Markdown, wrapped within the
 * console's columns in a table (continuation lines indented). */
__attribute__((format(printf, 3, 4))) static void put_prose(bool md, const char *lead,
                                                            const char *fmt, ...) {
    char text[1400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (md)
        fprintf(listing, "%s%s\n", lead, text);
    else if (sq_put_wrapped(listing, lead, text, SQ_CONSOLE_COLUMNS, "    "))
        fprintf(listing, "%s%s\n", lead, text); /* no memory to wrap it: as it is */
}

static int lines_of(const column *c) {
    return c->loop ? c->loop->lines : c->code.count;
}

/* Row r of a column: the instruction's offset from the code's start, as
 * many hex digits as the code's last needs, then the instruction; "" past
 * its end. */
static const char *cell(const column *c, int r, char *buf, size_t len) {
    int n = lines_of(c);
    const size_t *offset = c->loop ? c->loop->offset_of : c->code.offset;
    if (r >= n)
        return "";
    int digits = 2;
    for (size_t last = offset[n - 1]; last >> (4 * digits); digits++)
        ;
    snprintf(buf, len, "+0x%0*zx %s", digits, offset[r],
             c->loop ? c->loop->text[r] : c->code.text[r]);
    return buf;
}

/* The end of the band of columns from first on that fits the console side
 * by side: at least first's own, however wide. */
static int band_end(const int *width, int first, int n) {
    int used = 0, c = first;
    for (; c < n; c++) {
        used += 2 + width[c];
        if (used > SQ_CONSOLE_COLUMNS && c > first)
            break;
    }
    return c;
}

/* Columns [first, last): their heads, then their rows. */
static void print_band(const column *cols, const int *width, int first, int last) {
    char line[256];
    int rows = 0;
    for (int c = first; c < last; c++)
        rows = lines_of(&cols[c]) > rows ? lines_of(&cols[c]) : rows;
    for (int h = 0; h < HEAD_LINES; h++) {
        if (!cols[0].head[h][0])
            continue;
        for (int c = first; c < last; c++) {
            fputs("  ", listing);
            sq_put_plain_padded(listing, cols[c].head[h], width[c]);
        }
        fputc('\n', listing);
    }
    for (int r = 0; r < rows; r++) {
        for (int c = first; c < last; c++) {
            fputs("  ", listing);
            sq_put_plain_padded(listing, cell(&cols[c], r, line, sizeof line), width[c]);
        }
        fputc('\n', listing);
    }
}

/* The columns side by side, in bands as wide as the console, each after the
 * title (", continued" after the first); widths in characters (†). */
static void print_table(const char *title, column *cols, int n) {
    int width[64];
    char line[256];
    for (int c = 0; c < n; c++) {
        width[c] = 0;
        for (int h = 0; h < HEAD_LINES; h++)
            if (sq_plain_width(cols[c].head[h]) > width[c])
                width[c] = sq_plain_width(cols[c].head[h]);
        for (int i = 0; i < lines_of(&cols[c]); i++)
            if (sq_plain_width(cell(&cols[c], i, line, sizeof line)) > width[c])
                width[c] = sq_plain_width(line);
    }
    for (int first = 0, last; first < n; first = last) {
        last = band_end(width, first, n);
        fprintf(listing, "\n%s%s\n", title, first ? ", continued" : "");
        print_band(cols, width, first, last);
    }
}

static void print_markdown(const char *title, column *cols, int n) {
    int rows = 0;
    char line[256];
    fprintf(listing, "\n#### %s\n\n|", title);
    for (int c = 0; c < n; c++) {
        fprintf(listing, " %s<br>%s%s%s |", cols[c].head[0], cols[c].head[1],
                cols[c].head[2][0] ? "<br>" : "", cols[c].head[2]);
        if (lines_of(&cols[c]) > rows)
            rows = lines_of(&cols[c]);
    }
    fprintf(listing, "\n|");
    for (int c = 0; c < n; c++)
        fprintf(listing, "---|");
    fprintf(listing, "\n");
    for (int r = 0; r < rows; r++) {
        fprintf(listing, "|");
        for (int c = 0; c < n; c++) {
            if (r < lines_of(&cols[c]))
                fprintf(listing, " `%s` |", cell(&cols[c], r, line, sizeof line));
            else
                fprintf(listing, " |");
        }
        fprintf(listing, "\n");
    }
}

/* The code's mnemonics, its closing ret left out: "lea; shr; and". */
static void mnemonics(const sq_code *code, char *buf, size_t len) {
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < code->count && used < len; i++) {
        const char *t = code->text[i];
        int n = (int)strcspn(t, " ");
        if (i == code->count - 1 && strcmp(t, "ret") == 0)
            break;
        used += (size_t)snprintf(buf + used, len - used, "%s%.*s", used ? "; " : "", n, t);
    }
}

/* How each compiler's routine went version by version, into history; text
 * is room for n columns' mnemonics. Returns the lines. */
static int code_history(const column *cols, int n, char (*history)[SQ_HISTORY_LINE],
                        char (*text)[SQ_HISTORY_LINE]) {
    const char *names[64], *summary[64];
    const sq_code_fact *facts[64];
    for (int c = 0; c < n; c++) {
        names[c] = cols[c].v->impl;
        facts[c] = &cols[c].fact;
        mnemonics(&cols[c].code, text[c], sizeof text[c]);
        summary[c] = text[c];
    }
    return sq_code_history(names, facts, summary, n, history, 2 * n);
}

/* Columns of one code made one, headed by their impls ("gcc-11 = gcc-12"),
 * in order of first appearance. Returns the columns left. */
static int merge_identical(column *cols, int n) {
    const char *names[64];
    const sq_code_fact *facts[64];
    int group[64], members[64];
    for (int c = 0; c < n; c++) {
        names[c] = cols[c].v->impl;
        facts[c] = cols[c].has_fact ? &cols[c].fact : NULL;
    }
    int ngroups = sq_code_groups(facts, n, group);
    for (int g = 0; g < ngroups; g++) {
        int nmembers = 0;
        for (int c = 0; c < n; c++)
            if (group[c] == g)
                members[nmembers++] = c;
        column *keep = &cols[members[0]];
        sq_impl_set_text(keep->head[0], sizeof keep->head[0], names, n, members, nmembers, " = ");
        if (g != members[0])
            cols[g] = *keep;
    }
    return ngroups;
}

/* A loop's column head: where its head lies against a 64-byte line, and
 * whether it branches besides what its mode's harness has (†). */
static void loop_head(const sq_timed_loop *loop, int mode, int arity, char *buf, size_t len) {
    bool branches = sq_loop_branches(loop, mode, arity);
    char where[32];
    if (loop->alignment)
        snprintf(where, sizeof where, "at %dn+%d", SQ_LOOP_ALIGN, loop->alignment);
    else
        snprintf(where, sizeof where, "%d-aligned", SQ_LOOP_ALIGN);
    if (mode == SQ_KERNEL_BRANCH)
        snprintf(buf, len, "%s, %s", where, branches ? "more branches †" : "a branch a square");
    else
        snprintf(buf, len, "%s, %s", where, branches ? "branches †" : "no branch");
}

/* Each mode's timed loop in the impls tech[0..n) of technique title, a
 * table a mode; cols and loops are room for n. Returns the loops not found. */
static int print_loops(const char *title, const sq_variant *const *tech, int n, bool md,
                       column *cols, sq_timed_loop *loops) {
    int failures = 0;
    for (int m = 0; m < SQ_KERNEL_MODES; m++) {
        int ncols = 0;
        for (int k = 0; k < n; k++) {
            char err[700];
            sq_timed_loop *loop = &loops[ncols];
            if (!sq_kernel_loop(tech[k], m, true, loop, err, sizeof err)) {
                sq_error_line("disasm", "%s %s: %s", tech[k]->id, sq_kernel_mode_names[m], err);
                failures++;
                continue;
            }
            column *c = &cols[ncols++];
            memset(c, 0, sizeof *c); /* a column is tens of kilobytes: no literal on the stack */
            c->v = tech[k];
            c->loop = loop;
            c->fact = loop->fact;
            c->fact.id = tech[k]->id;
            c->has_fact = loop->has_fact;
            snprintf(c->head[0], sizeof c->head[0], "%s", tech[k]->impl);
            snprintf(c->head[1], sizeof c->head[1], "%d insns, %zu bytes", loop->insns,
                     loop->bytes);
            loop_head(loop, m, tech[k]->family->arity, c->head[2], sizeof c->head[2]);
        }
        int nloops = ncols;
        ncols = merge_identical(cols, ncols);
        char name[160];
        snprintf(name, sizeof name, "%s %s loop", title, sq_kernel_mode_names[m]);
        if (ncols)
            (md ? print_markdown : print_table)(name, cols, ncols);
        for (int k = 0; k < nloops; k++)
            sq_timed_loop_free(&loops[k]);
    }
    return failures;
}

/* The model --predict uses: --mcpu's (mcpu; an unknown one exits 2) or this
 * machine's own. False without llvm-mca. */
static bool choose_model(const char *mcpu, const sq_machine *host, sq_mca_model *model) {
    const sq_mca_tool *tool = sq_mca_installed();
    if (!tool) {
        fprintf(stderr, "sqcolor disasm: llvm-mca not found (apt-get install llvm-19): no "
                        "predictions\n");
        return false;
    }
    /* Both ask llvm-mca its CPUs: it may not answer. */
    bool knows = !mcpu || sq_mca_knows(tool, mcpu);
    if (!mcpu)
        sq_mca_model_for(tool, host, model);
    char err[700];
    if (sq_mca_hung(tool, err, sizeof err)) {
        fprintf(stderr, "sqcolor disasm: %s: no predictions\n", err);
        return false;
    }
    if (!knows)
        sq_usage_error("disasm",
                       "--mcpu: llvm-mca does not know the CPU '%s' (see '%s -mcpu=help')", mcpu,
                       tool->path);
    if (mcpu)
        sq_mca_model_named(tool, host, mcpu, model);
    return true;
}

#define MCA_LIMIT SQ_STR(SQ_MCA_TIMEOUT_S)

enum {
    OPT_FILTER,
    OPT_FORMAT,
    OPT_LOOPS,
    OPT_PREDICT,
    OPT_MCPU,
    OPT_RESULTS,
    OPT_FORMS,
    OPT_ALL,
    OPT_COUNT
};
static const sq_option options[OPT_COUNT] = {
    [OPT_FILTER] = SQ_OPTION_FILTER("ids"),
    [OPT_FORMAT] = SQ_OPTION_FORMAT(SQ_FORMATS_TABLE_MARKDOWN, "table", "the form of the tables"),
    [OPT_LOOPS] = {.name = "--loops",
                   .kind = SQ_OPTION_FLAG,
                   .help = "after each technique's routines, the loop each mode times (latency, "
                           "throughput, branch), impls of one loop sharing a column: where its "
                           "head lies against a 64-byte line, and whether it holds a conditional "
                           "branch besides its exit test (in branch mode, more than one a "
                           "square), marked †: that mode's rows are control dependent"},
    [OPT_PREDICT] = {.name = "--predict",
                     .kind = SQ_OPTION_FLAG,
                     .help = "add llvm-mca's reciprocal throughput and latency (the newest "
                             "llvm-mca on PATH, modelling this CPU's core, or an older one where "
                             "it knows no newer); a run of llvm-mca longer than "
                             "SQCOLOR_MCA_TIMEOUT seconds (default " MCA_LIMIT
                             ") is stopped, and no more predictions made"},
    [OPT_MCPU] = {.name = "--mcpu",
                  .kind = SQ_OPTION_TEXT,
                  .placeholder = "NAME",
                  .help = "the CPU llvm-mca models (implies --predict)",
                  .default_note = "from cpuid"},
    [OPT_RESULTS] = {.name = "--results",
                     .kind = SQ_OPTION_TEXT,
                     .placeholder = "FILE",
                     .help = "instead of the code, where llvm-mca's model and a saved run of this "
                             "machine disagree by " SQ_STR(
                                 SQ_MODEL_TOLERANCE) " cycle or more: each variant's latency and "
                                                     "throughput, by technique (implies --predict; "
                                                     "a run of another CPU is refused)"},
    [OPT_FORMS] = {.name = "--forms",
                   .kind = SQ_OPTION_TEXT,
                   .placeholder = "FILE",
                   .help = "with --results: calibrate's instruction-form file of this machine "
                           "(calibrate --format json): the forms llvm-mca gets wrong come first, "
                           "each with the variants whose latency it explains"},
    [OPT_ALL] = {.name = "--all",
                 .kind = SQ_OPTION_FLAG,
                 .help = "with --results: every variant's row as well, agreeing or not, a table "
                         "per family"},
};

static int run_disasm(int argc, char **argv);

static const sq_example disasm_examples[] = {
    {"sqcolor disasm --filter 'color/lea_*/*' --predict",
     "the lea techniques' code in every impl, with llvm-mca's predictions"},
    {"sqcolor disasm --loops --filter 'color/cmov/*'",
     "cmov's routines in every impl, then the loop each mode times"},
    {"sqcolor disasm --results RUN.json --forms FORMS.json",
     "where llvm-mca and a saved run of this machine disagree, with the instruction forms of "
     "calibrate's FORMS.json that explain it"},
};

const sq_command sq_command_disasm = {
    .name = "disasm",
    .run = run_disasm,
    .summary = "each technique's machine code: asm beside every compiler's",
    .description =
        "Decodes the callable routines from this binary (capstone, Intel syntax) and prints each\n"
        "technique's impls side by side with instruction and byte counts.",
    .options = options,
    .noptions = OPT_COUNT,
    SQ_EXAMPLES(disasm_examples),
};

/* --results (and --forms): the saved run, and the form file, of this
 * machine into measured and forms; anything else exits 2. */
static void load_measured(const char *results, const char *forms_path, const sq_machine *host,
                          sq_run *measured, sq_forms_file *forms) {
    char err[600];
    if (sq_results_load(results, measured, err, sizeof err))
        sq_usage_error("disasm", "%s", err);
    if (!sq_measured_here(&measured->machine, host, err, sizeof err)) {
        sq_run_free(measured);
        sq_usage_error("disasm", "--results %s: %s", results, err);
    }
    if (forms_path && (sq_forms_load(forms_path, forms, err, sizeof err) ||
                       !sq_measured_here(&forms->machine, host, err, sizeof err))) {
        sq_run_free(measured);
        sq_usage_error("disasm", "--forms: %s", err);
    }
}

/* What the code tables work in, on the heap: a column is tens of kilobytes. */
typedef struct tables {
    bool *done;                        /* a variant already in a table */
    column *cols;                      /* a technique's columns, at most 64 */
    char (*history)[SQ_HISTORY_LINE];  /* 128 lines under a table */
    char (*mnemonic)[SQ_HISTORY_LINE]; /* a column's mnemonics */
    const sq_variant **tech;           /* a technique's impls, at most 64 */
    sq_timed_loop *timed;              /* their loops (--loops) */
    int ndone;                         /* variants in a table so far */
    sq_progress bar;                   /* counts them while llvm-mca predicts */
} tables;

/* False when out of memory (tables_free frees what was had). */
static bool tables_alloc(tables *t, int nvariants) {
    t->done = calloc((size_t)nvariants, sizeof *t->done);
    t->cols = calloc(64, sizeof *t->cols);
    t->history = calloc(128, sizeof *t->history);
    t->mnemonic = calloc(64, sizeof *t->mnemonic);
    t->tech = calloc(64, sizeof *t->tech);
    t->timed = calloc(64, sizeof *t->timed);
    return t->done && t->cols && t->history && t->mnemonic && t->tech && t->timed;
}

static void tables_free(tables *t) {
    free(t->done);
    free(t->tech);
    free(t->timed);
    free(t->cols);
    free(t->history);
    free(t->mnemonic);
}

/* Variant v's column: its code and the code's fact, its heads, and while
 * *predict llvm-mca's prediction (*predict cleared when llvm-mca hangs),
 * taken from one of the columns before[0..nbefore) that gave llvm-mca the
 * same text. False, after a line on stderr, when its code cannot be read. */
static bool code_column(column *c, const column *before, int nbefore, const sq_variant *v,
                        sq_mca_model *model, bool *predict) {
    char err[700];
    c->v = v;
    c->loop = NULL;
    c->has_fact = true;
    if (!sq_disassemble(v, &c->code, err, sizeof err) ||
        !sq_code_fact_of(v, &c->fact, err, sizeof err)) {
        sq_error_line("disasm", "%s", err);
        return false;
    }
    /* A technique's impls often share their code: llvm-mca once for it. */
    const column *same = NULL;
    for (int k = 0; *predict && k < nbefore && !same; k++)
        if (before[k].predicted && sq_mca_same_input(&before[k].code, &c->code))
            same = &before[k];
    if (same)
        c->p = same->p;
    c->predicted = same || (*predict && sq_predict(model, &c->code, &c->p, err, sizeof err));
    if (*predict && !c->predicted && sq_mca_hung(model->tool, err, sizeof err)) {
        sq_error_line("disasm", "%s: no predictions", err);
        *predict = false;
    }
    snprintf(c->head[0], sizeof c->head[0], "%s", v->impl);
    snprintf(c->head[1], sizeof c->head[1], "%d insns, %zu bytes", c->code.count, c->code.bytes);
    c->head[2][0] = 0;
    if (c->predicted && sq_code_has_branch(&c->code)) /* no latency: see --results */
        snprintf(c->head[2], sizeof c->head[2], "mca rthr %.2f lat †", c->p.rthroughput);
    else if (c->predicted)
        snprintf(c->head[2], sizeof c->head[2], "mca rthr %.2f lat %.2f", c->p.rthroughput,
                 c->p.latency);
    return true;
}

/* The table of vs[first]'s technique: its impls among vs[first..n) not yet
 * done, one column per code, the history of each compiler's code under it,
 * and with loops each mode's timed loop. Returns the variants that failed. */
static int print_technique(const sq_variant **vs, int n, int first, tables *t, sq_mca_model *model,
                           bool *predict, bool md, bool loops) {
    int failures = 0, ncols = 0, ntech = 0;
    for (int k = first; k < n && ntech < 64; k++) {
        if (t->done[k] || vs[k]->family != vs[first]->family ||
            strcmp(vs[k]->technique, vs[first]->technique) != 0)
            continue;
        t->done[k] = true;
        t->ndone++;
        t->tech[ntech++] = vs[k];
        if (code_column(&t->cols[ncols], t->cols, ncols, vs[k], model, predict))
            ncols++;
        else
            failures++;
    }
    int nhistory = code_history(t->cols, ncols, t->history, t->mnemonic);
    ncols = merge_identical(t->cols, ncols);
    sq_progress_clear(&t->bar); /* the table below what was on screen */
    char title[128];
    snprintf(title, sizeof title, "%s/%s", vs[first]->family->name, vs[first]->technique);
    (md ? print_markdown : print_table)(title, t->cols, ncols);
    for (int h = 0; h < nhistory; h++)
        put_prose(md, md ? (h ? "- " : "\n- ") : "  ", "%s", t->history[h]);
    if (loops)
        failures += print_loops(title, t->tech, ntech, md, t->cols, t->timed);
    return failures;
}

/* What the legend says of a table wider than the console (print_table). */
// clang-format off
#define BANDS_NOTE "; the columns past the console's " SQ_STR(SQ_CONSOLE_COLUMNS) \
                   " go on below, under the title and 'continued'"
// clang-format on

/* What the columns (and with loops the loop tables) show. */
static void print_legend(bool loops, bool md) {
    put_prose(md, "\n",
              "columns: impls of byte-identical machine code (RIP-relative displacements and "
              "jumps or calls out of the routine masked) share one: 'gcc-11 = gcc-12'; "
              "'clang-13..16': those versions, of the ones built%s. Under each table, per "
              "compiler and flag set, the version that first emitted each code.",
              md ? "" : BANDS_NOTE);
    if (loops)
        put_prose(md, "\n",
                  "loops: the loop each mode times, from the head its closing jump goes back to, "
                  "to that jump (the unrolled or vector loop: a remainder loop or scalar tail is "
                  "left out); offsets from the head; '64-aligned' or 'at 64n+K': where the head "
                  "lies; †: a conditional branch besides the exit test (in branch mode, more "
                  "than one a square), so that mode's rows are control dependent.");
}

/* Where the predictions came from, or why there are none. */
static void print_prediction_source(const sq_mca_model *model, bool predict, bool md) {
    char text[600];
    if (predict)
        sq_mca_model_text(model, text, sizeof text);
    if (predict)
        put_prose(md, "\n",
                  "mca: %s; rthr = block reciprocal throughput, lat = cycles per iteration with "
                  "the result fed back through one xor, less that xor's latency",
                  text);
    else if (sq_mca_hung(sq_mca_installed(), text, sizeof text))
        fprintf(listing, "\n(no llvm-mca predictions: llvm-mca took too long)\n");
    else
        fprintf(listing, "\n(no llvm-mca predictions: add --predict%s)\n",
                sq_mca_installed() ? "" : " after 'apt-get install llvm-19'");
}

/* The code of vs[0..n), a table per technique, with llvm-mca's predictions
 * from model while predict. Returns the exit status. */
static int print_code(const sq_variant **vs, int n, sq_mca_model *model, bool predict, bool md,
                      bool loops) {
    tables t;
    if (!tables_alloc(&t, n)) {
        tables_free(&t);
        fprintf(stderr, "sqcolor disasm: out of memory\n");
        return SQ_EXIT_FAIL;
    }
    int failures = 0;
    t.ndone = 0;
    sq_progress_start(&t.bar, predict && sq_progress_wanted() ? stderr : NULL, "sqcolor disasm",
                      "routines", n);
    for (int i = 0; i < n; i++) {
        if (t.done[i])
            continue;
        sq_progress_count(&t.bar, t.ndone);
        failures += print_technique(vs, n, i, &t, model, &predict, md, loops);
    }
    sq_progress_clear(&t.bar);
    print_legend(loops, md);
    tables_free(&t);
    print_prediction_source(model, predict, md);
    return failures ? SQ_EXIT_FAIL : SQ_EXIT_OK;
}

static int run_disasm(int argc, char **argv) {
    sq_value v[OPT_COUNT];
    listing = stdout;
    sq_parse_options(&sq_command_disasm, argc, argv, v, NULL, 0, NULL);
    const char *filter = v[OPT_FILTER].text, *mcpu = v[OPT_MCPU].text,
               *results = v[OPT_RESULTS].text, *forms_path = v[OPT_FORMS].text;
    if (!results && (forms_path || v[OPT_ALL].given))
        sq_usage_error("disasm", "%s goes with --results", forms_path ? "--forms" : "--all");
    bool predict = v[OPT_PREDICT].given, md = sq_format_of(&v[OPT_FORMAT]) == SQ_FORMAT_MARKDOWN;
    /* The selection and the run on the heap: the catalogue's size and
     * kilobytes (sq_run), too much for a small stack. */
    const sq_variant **vs = malloc(sizeof *vs * (size_t)sq_variant_count);
    sq_run *measured = calloc(1, sizeof *measured);
    sq_forms_file *forms = calloc(1, sizeof *forms);
    int status = SQ_EXIT_FAIL;
    if (!vs || !measured || !forms) {
        fprintf(stderr, "sqcolor disasm: out of memory\n");
        goto done;
    }
    int n = sq_select_or_exit("disasm", filter, vs);
    sq_machine host;
    sq_machine_detect(&host);
    if (results)
        load_measured(results, forms_path, &host, measured, forms);
    sq_mca_model model;
    predict = (predict || mcpu || results) && choose_model(mcpu, &host, &model);
    if (results) {
        sq_model_page page = {measured, results,          forms_path ? forms : NULL, forms_path,
                              md,       v[OPT_ALL].given, sq_progress_wanted()};
        int rc = sq_model_vs_measurement(vs, n, predict ? &model : NULL, &page);
        sq_run_free(measured);
        status = rc == SQ_FAILED_MEMORY ? sq_report_out_of_memory(SQ_FORMAT_TABLE) : rc;
    } else {
        status = print_code(vs, n, &model, predict, md, v[OPT_LOOPS].given);
    }
done:
    free(forms);
    free(measured);
    free(vs);
    return status;
}

int sq_print_code_of(const sq_variant **vs, int n, bool markdown, FILE *out) {
    listing = out;
    sq_machine host;
    sq_machine_detect(&host);
    sq_mca_model model;
    bool predict = choose_model(NULL, &host, &model);
    return print_code(vs, n, &model, predict, markdown, false);
}
