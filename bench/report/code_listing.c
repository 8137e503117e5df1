/* disasm's code tables: a technique's columns, laid out by the text table on
 * the console or as a Markdown table, with what is said under them. */
#include "bench/report/code_listing.h"
#include "bench/code/code_groups.h"
#include "bench/code/disasm.h"
#include "bench/code/timed_loop.h"
#include "bench/machine/clock.h"
#include "bench/render/doc.h"
#include "bench/util/escape.h"
#include "bench/util/exit_status.h"
#include "bench/util/failure.h"
#include "bench/util/progress.h"
#include "bench/util/text_table.h"
#include "bench/util/wrap.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A column: a routine's code, or with loops a kernel's timed loop (loop
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

enum { HEAD_LINES = 3 };

/* What the tables work in, on the heap (a column is tens of kilobytes), and
 * how they are shown. */
typedef struct listing {
    FILE *out;
    bool md;
    bool loops;
    sq_mca_model *model;
    bool predict;                      /* while llvm-mca predicts (cleared when it hangs) */
    bool *done;                        /* a variant already in a table */
    column *cols;                      /* a technique's columns, at most 64 */
    char (*history)[SQ_HISTORY_LINE];  /* 128 lines under a table */
    char (*mnemonic)[SQ_HISTORY_LINE]; /* a column's mnemonics */
    const sq_variant **tech;           /* a technique's impls, at most 64 */
    sq_timed_loop *timed;              /* their loops (loops) */
    int ndone;                         /* variants in a table so far */
    sq_progress bar;                   /* counts them while llvm-mca predicts */
} listing;

void sq_disasm_say(const char *fmt, ...) {
    char msg[1400], shown[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    sq_progress_interrupt();
    fprintf(stderr, "sqcolor disasm: %s\n", sq_text_shown(msg, shown, sizeof shown));
}

/* lead, then the text fmt makes: as it is in Markdown, wrapped within the
 * console's columns in a table (continuation lines indented). */
__attribute__((format(printf, 3, 4))) static void put_prose(const listing *L, const char *lead,
                                                            const char *fmt, ...) {
    char text[1400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (L->md)
        fprintf(L->out, "%s%s\n", lead, text);
    else if (sq_put_wrapped(L->out, lead, text, SQ_CONSOLE_COLUMNS, "    "))
        fprintf(L->out, "%s%s\n", lead, text); /* no memory to wrap it: as it is */
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

static int most_lines(const column *cols, int n) {
    int rows = 0;
    for (int c = 0; c < n; c++)
        rows = lines_of(&cols[c]) > rows ? lines_of(&cols[c]) : rows;
    return rows;
}

/* The columns side by side on the console: their heads (a line of them
 * where the first column has one), then their rows, in bands as wide as
 * the console, each after the title (", continued" after the first). 0, or
 * SQ_FAILED_MEMORY. */
static int print_table(FILE *out, const char *title, const column *cols, int n) {
    char line[256];
    sq_text_table t;
    sq_text_table_init(&t, n);
    for (int h = 0; h < HEAD_LINES; h++)
        for (int c = 0; c < n && cols[0].head[h][0]; c++)
            sq_text_table_add(&t, "%s", cols[c].head[h]);
    for (int r = 0, rows = most_lines(cols, n); r < rows; r++)
        for (int c = 0; c < n; c++)
            sq_text_table_add(&t, "%s", cell(&cols[c], r, line, sizeof line));
    int status = 0;
    for (int first = 0, last; first < n && !status; first = last) {
        last = sq_text_table_band_end(&t, first, SQ_CONSOLE_COLUMNS);
        if (last < 0) {
            status = SQ_FAILED_MEMORY;
            break;
        }
        fprintf(out, "\n%s%s\n", title, first ? ", continued" : "");
        status = sq_text_table_write_listing(&t, out, first, last);
    }
    sq_text_table_free(&t);
    return status;
}

static void print_markdown(FILE *out, const char *title, const column *cols, int n) {
    char line[256];
    fprintf(out, "\n#### %s\n\n|", title);
    for (int c = 0; c < n; c++)
        fprintf(out, " %s<br>%s%s%s |", cols[c].head[0], cols[c].head[1],
                cols[c].head[2][0] ? "<br>" : "", cols[c].head[2]);
    fprintf(out, "\n|");
    for (int c = 0; c < n; c++)
        fprintf(out, "---|");
    fprintf(out, "\n");
    for (int r = 0, rows = most_lines(cols, n); r < rows; r++) {
        fprintf(out, "|");
        for (int c = 0; c < n; c++) {
            if (r < lines_of(&cols[c]))
                fprintf(out, " `%s` |", cell(&cols[c], r, line, sizeof line));
            else
                fprintf(out, " |");
        }
        fprintf(out, "\n");
    }
}

/* One table, as the listing is shown. Returns the failures: 1 when memory
 * ran out (said on stderr). */
static int show(const listing *L, const char *title, const column *cols, int n) {
    if (L->md)
        print_markdown(L->out, title, cols, n);
    else if (print_table(L->out, title, cols, n) == SQ_FAILED_MEMORY) {
        sq_disasm_say("out of memory");
        return 1;
    }
    return 0;
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
 * table a mode, in L's columns and loops. Returns the failures: loops not
 * found, a table out of memory. */
static int print_loops(listing *L, const char *title, int n) {
    int failures = 0;
    for (int m = 0; m < SQ_KERNEL_MODES; m++) {
        int ncols = 0;
        for (int k = 0; k < n; k++) {
            char err[700];
            const sq_variant *v = L->tech[k];
            sq_timed_loop *loop = &L->timed[ncols];
            if (!sq_kernel_loop(v, m, true, loop, err, sizeof err)) {
                sq_disasm_say("%s %s: %s", v->id, sq_kernel_mode_names[m], err);
                failures++;
                continue;
            }
            column *c = &L->cols[ncols++];
            memset(c, 0, sizeof *c); /* a column is tens of kilobytes: no literal on the stack */
            c->v = v;
            c->loop = loop;
            c->fact = loop->fact;
            c->fact.id = v->id;
            c->has_fact = loop->has_fact;
            snprintf(c->head[0], sizeof c->head[0], "%s", v->impl);
            snprintf(c->head[1], sizeof c->head[1], "%d insns, %zu bytes", loop->insns,
                     loop->bytes);
            loop_head(loop, m, v->family->arity, c->head[2], sizeof c->head[2]);
        }
        int nloops = ncols;
        ncols = merge_identical(L->cols, ncols);
        char name[160];
        snprintf(name, sizeof name, "%s %s loop", title, sq_kernel_mode_names[m]);
        if (ncols)
            failures += show(L, name, L->cols, ncols);
        for (int k = 0; k < nloops; k++)
            sq_timed_loop_free(&L->timed[k]);
    }
    return failures;
}

/* Variant v's column: its code and the code's fact, its heads, and while
 * L->predict llvm-mca's prediction (L->predict cleared when llvm-mca hangs),
 * taken from one of the columns before[0..nbefore) that gave llvm-mca the
 * same text. False, after a line on stderr, when its code cannot be read. */
static bool code_column(listing *L, column *c, const column *before, int nbefore,
                        const sq_variant *v) {
    char err[700];
    c->v = v;
    c->loop = NULL;
    c->has_fact = true;
    if (!sq_disassemble(v, &c->code, err, sizeof err) ||
        !sq_code_fact_of(v, &c->fact, err, sizeof err)) {
        sq_disasm_say("%s", err);
        return false;
    }
    /* A technique's impls often share their code: llvm-mca once for it. */
    const column *same = NULL;
    for (int k = 0; L->predict && k < nbefore && !same; k++)
        if (before[k].predicted && sq_mca_same_input(&before[k].code, &c->code))
            same = &before[k];
    if (same)
        c->p = same->p;
    c->predicted = same || (L->predict && sq_predict(L->model, &c->code, &c->p, err, sizeof err));
    if (L->predict && !c->predicted && sq_mca_hung(L->model->tool, err, sizeof err)) {
        sq_disasm_say("%s: no predictions", err);
        L->predict = false;
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
 * and with loops each mode's timed loop. Returns the failures. */
static int print_technique(listing *L, const sq_variant **vs, int n, int first) {
    int failures = 0, ncols = 0, ntech = 0;
    for (int k = first; k < n && ntech < 64; k++) {
        if (L->done[k] || vs[k]->family != vs[first]->family ||
            strcmp(vs[k]->technique, vs[first]->technique) != 0)
            continue;
        L->done[k] = true;
        L->ndone++;
        L->tech[ntech++] = vs[k];
        if (code_column(L, &L->cols[ncols], L->cols, ncols, vs[k]))
            ncols++;
        else
            failures++;
    }
    int nhistory = code_history(L->cols, ncols, L->history, L->mnemonic);
    ncols = merge_identical(L->cols, ncols);
    sq_progress_clear(&L->bar); /* the table below what was on screen */
    char title[128];
    snprintf(title, sizeof title, "%s/%s", vs[first]->family->name, vs[first]->technique);
    failures += show(L, title, L->cols, ncols);
    for (int h = 0; h < nhistory; h++)
        put_prose(L, L->md ? (h ? "- " : "\n- ") : "  ", "%s", L->history[h]);
    if (L->loops)
        failures += print_loops(L, title, ntech);
    return failures;
}

/* What the columns (and with loops the loop tables) show; on the console,
 * that a table wider than it goes on in bands (print_table). */
static void print_legend(const listing *L) {
    char bands[160] = "";
    if (!L->md)
        snprintf(bands, sizeof bands,
                 "; the columns past the console's %d go on below, under the title and "
                 "'continued'",
                 SQ_CONSOLE_COLUMNS);
    put_prose(L, "\n",
              "columns: impls of byte-identical machine code (RIP-relative displacements and "
              "jumps or calls out of the routine masked) share one: 'gcc-11 = gcc-12'; "
              "'clang-13..16': those versions, of the ones built%s. Under each table, per "
              "compiler and flag set, the version that first emitted each code.",
              bands);
    if (L->loops)
        put_prose(L, "\n",
                  "loops: the loop each mode times, from the head its closing jump goes back to, "
                  "to that jump (the unrolled or vector loop: a remainder loop or scalar tail is "
                  "left out); offsets from the head; '64-aligned' or 'at 64n+K': where the head "
                  "lies; †: a conditional branch besides the exit test (in branch mode, more "
                  "than one a square), so that mode's rows are control dependent.");
}

/* Where the predictions came from, or why there are none. */
static void print_prediction_source(const listing *L) {
    char text[600];
    if (L->predict)
        sq_mca_model_text(L->model, text, sizeof text);
    if (L->predict)
        put_prose(L, "\n",
                  "mca: %s; rthr = block reciprocal throughput, lat = cycles per iteration with "
                  "the result fed back through one xor, less that xor's latency",
                  text);
    else if (sq_mca_hung(sq_mca_installed(), text, sizeof text))
        fprintf(L->out, "\n(no llvm-mca predictions: llvm-mca took too long)\n");
    else
        fprintf(L->out, "\n(no llvm-mca predictions: add --predict%s)\n",
                sq_mca_installed() ? "" : " after 'apt-get install llvm-19'");
}

/* False when out of memory (listing_free frees what was had). */
static bool listing_alloc(listing *L, int nvariants) {
    L->done = calloc((size_t)nvariants, sizeof *L->done);
    L->cols = calloc(64, sizeof *L->cols);
    L->history = calloc(128, sizeof *L->history);
    L->mnemonic = calloc(64, sizeof *L->mnemonic);
    L->tech = calloc(64, sizeof *L->tech);
    L->timed = calloc(64, sizeof *L->timed);
    return L->done && L->cols && L->history && L->mnemonic && L->tech && L->timed;
}

static void listing_free(listing *L) {
    free(L->done);
    free(L->tech);
    free(L->timed);
    free(L->cols);
    free(L->history);
    free(L->mnemonic);
}

/* llvm-mca once for the routines of vs[0..n) (mca.h's batch), so that each
 * column's prediction is kept already; a column is the scratch room. */
static void predict_ahead(listing *L, const sq_variant **vs, int n) {
    sq_mca_batch *b = sq_mca_batch_start(L->model);
    for (int i = 0; b && i < n; i++)
        sq_mca_batch_routine(b, vs[i], &L->cols[0].code);
    sq_mca_batch_run(b);
}

int sq_print_code(const sq_variant **vs, int n, const sq_code_listing *how, FILE *out) {
    listing L = {.out = out,
                 .md = how->markdown,
                 .loops = how->loops,
                 .model = how->model,
                 .predict = how->model != NULL};
    if (!listing_alloc(&L, n)) {
        listing_free(&L);
        sq_disasm_say("out of memory");
        return SQ_EXIT_FAIL;
    }
    int failures = 0;
    sq_progress_start(&L.bar, L.predict && how->progress ? stderr : NULL, "sqcolor disasm",
                      "routines", n);
    if (L.predict)
        predict_ahead(&L, vs, n);
    for (int i = 0; i < n; i++) {
        if (L.done[i])
            continue;
        sq_progress_count(&L.bar, L.ndone);
        failures += print_technique(&L, vs, n, i);
    }
    sq_progress_clear(&L.bar);
    print_legend(&L);
    print_prediction_source(&L);
    listing_free(&L);
    return failures ? SQ_EXIT_FAIL : SQ_EXIT_OK;
}

bool sq_code_model(const char *mcpu, const sq_machine *host, sq_mca_model *model, bool *unknown) {
    const sq_mca_tool *tool = sq_mca_installed();
    *unknown = false;
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
    *unknown = !knows;
    if (mcpu && knows)
        sq_mca_model_named(tool, host, mcpu, model);
    return knows;
}

int sq_print_code_of(const sq_variant **vs, int n, bool markdown, bool progress, FILE *out) {
    sq_machine host;
    sq_machine_detect(&host);
    sq_mca_model model;
    bool unknown;
    sq_code_listing how = {NULL, markdown, false, progress};
    if (sq_code_model(NULL, &host, &model, &unknown))
        how.model = &model;
    return sq_print_code(vs, n, &how, out);
}
