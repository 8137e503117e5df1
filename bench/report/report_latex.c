/* The paper table as LaTeX (--format latex): a float per family, each a
 * booktabs tabular whose figures are siunitx S columns, aligned on the
 * decimal point, with its caption, label and the marks' letters explained
 * under it. One machine's table is a row per technique (asm, best C and its
 * compiler); several machines' a column pair per machine, a line each for
 * the asm and the best C, in a table* (two columns wide in a two-column
 * class). So that each fits a page and a column of article or IEEEtran, a
 * family too tall is split into parts, and more than three machines into
 * tables of three at most. It needs \usepackage{booktabs} and
 * \usepackage{siunitx} (version 3). */
#include "bench/report/report_formats.h"

#include "bench/catalog/registry.h"
#include "bench/report/paper_table.h"
#include "bench/util/escape.h"

#include <math.h>
#include <string.h>

enum {
    MACHINES_PER_TABLE = 3, /* three column pairs fit article's 345pt */
    LINES_PER_TABLE = 24,   /* with the caption and notes, within a page */
};

/* A figure as an S column reads it: "4.09 \pm 0.01", "\le 0.08"; what is
 * not a number in braces. */
#define LATEX_STYLE(with_keys)                                                                     \
    {                                                                                              \
        .text = sq_put_latex, .math_open = "", .math_close = "", .bold_open = "\\bfseries ",       \
        .bold_close = "", .pm = "\\pm", .le = "\\le ", .approx_zero = "{$\\approx 0$}",            \
        .none = "{---}", .pm_prose = "$\\pm$", .bold_word = "{\\bfseries Bold}",                   \
        .marks_open = "\\textsuperscript{", .marks_close = "}", .family_open = "\\textit{",        \
        .family_close = "}", .row_open = "", .cell_sep = " & ", .row_close = " \\\\\n",            \
        .keys = with_keys                                                                          \
    }
static const sq_paper_style latex = LATEX_STYLE(false);
static const sq_paper_style latex_keyed = LATEX_STYLE(true); /* several machines: narrow */

/* One float: rows [row, row + nrows) of one family, machines [m0, m0 + nm). */
typedef struct part {
    int row, nrows, m0, nm;
    int index, nparts;  /* the family's part, of how many */
    int group, ngroups; /* the machines' group, of how many */
    bool first;         /* the first float: the full caption */
    char first_label[96];
} part;

static const sq_paper_cell *cell_at(const sq_paper_table *t, int row, int machine, int k) {
    int per = t->has_asm + t->has_c;
    return &t->rows[row].cells[machine * per + k];
}

/* Digits before the point of x at the table's decimals. */
static int whole_digits(const sq_paper_table *t, double x) {
    char buf[64];
    snprintf(buf, sizeof buf, "%.*f", t->decimals, fabs(x));
    return (int)strcspn(buf, ".");
}

/* siunitx's table-format for the part's figures: "<1.2\pm1.2" (a
 * comparator for a "\le" cell, a sign for a negative one). */
static void number_format(const sq_paper_table *t, const part *p, char *buf, size_t len) {
    int whole = 1, half = 0, per = t->has_asm + t->has_c;
    bool le = false, sign = false;
    for (int i = p->row; i < p->row + p->nrows; i++)
        for (int r = p->m0; r < p->m0 + p->nm; r++)
            for (int k = 0; k < per; k++) {
                const sq_estimate *e = &cell_at(t, i, r, k)->figure;
                if (e->kind == SQ_ESTIMATE_NONE || !isfinite(e->value))
                    continue;
                whole = whole > whole_digits(t, e->value) ? whole : whole_digits(t, e->value);
                sign |= e->value < 0;
                le |= e->kind == SQ_ESTIMATE_ABOUT_ZERO;
                if (e->kind != SQ_ESTIMATE_ABOUT_ZERO && isfinite(e->half) &&
                    whole_digits(t, e->half) > half)
                    half = whole_digits(t, e->half);
            }
    int n = snprintf(buf, len, "%s%s%d.%d", le ? "<" : "", sign ? "-" : "", whole, t->decimals);
    if (half && n > 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, "\\pm%d.%d", half, t->decimals);
}

static void label(char *buf, size_t len, const sq_paper_table *t, const part *p) {
    int n = snprintf(buf, len, "tab:sqcolor-%s-%s", sq_headline_names[t->kind],
                     t->rows[p->row].family->name);
    if (p->index && n > 0 && (size_t)n < len)
        n += snprintf(buf + n, len - (size_t)n, "-%d", p->index + 1);
    if (p->group && n > 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, "-m%d", p->group + 1);
}

/* "color, per square, part 1 of 2. Latency in ...", or after the first
 * float "..., machines 4 to 6: as Table~\ref{...}." */
static void caption(FILE *out, const sq_paper_table *t, const part *p, const sq_paper_style *s) {
    fputs("\\caption{", out);
    sq_paper_write_family(out, t, t->rows[p->row].family, s);
    if (p->nparts > 1)
        fprintf(out, ", part %d of %d", p->index + 1, p->nparts);
    if (p->ngroups > 1)
        fprintf(out, ", machines %d to %d", p->m0 + 1, p->m0 + p->nm);
    if (p->first) {
        fputs(". ", out);
        sq_paper_write_caption(out, t, s);
    } else {
        fprintf(out, ": as Table~\\ref{%s}.", p->first_label);
    }
    char own[sizeof p->first_label];
    label(own, sizeof own, t, p);
    fprintf(out, "}\n\\label{%s}\n", own);
}

/* The column heads: asm and best C for one machine; each machine's short
 * name over its column pair for several. */
static void header(FILE *out, const sq_paper_table *t, const part *p) {
    if (t->nmachines == 1) {
        fputs("technique", out);
        fputs(t->has_asm ? " & \\multicolumn{2}{c}{asm}" : "", out);
        fputs(t->has_c ? " & \\multicolumn{2}{c}{best C}" : "", out);
        fputs(" \\\\\n\\midrule\n", out);
        return;
    }
    fputs("technique", out);
    for (int r = p->m0; r < p->m0 + p->nm; r++) {
        fputs(" & \\multicolumn{2}{c}{", out);
        sq_put_latex(out, t->machine[r]);
        fputs("}", out);
    }
    fputs(" \\\\\n", out);
    for (int r = 0; r < p->nm; r++)
        fprintf(out, "%s\\cmidrule(lr){%d-%d}", r ? " " : "", 2 + 2 * r, 3 + 2 * r);
    fputs("\n", out);
}

/* A cell as its S column and the column after it: who made the figure
 * (the compiler; with several machines "asm" too), the letters. */
static void cell(FILE *out, const sq_paper_table *t, const sq_paper_cell *c,
                 const sq_paper_style *s, bool asm) {
    fputs(" & ", out);
    sq_paper_write_figure(out, t, c, s);
    fputs(" & ", out);
    fputs(asm && t->nmachines > 1 ? "asm" : "", out);
    sq_paper_write_compiler(out, c, s);
    sq_paper_write_letters(out, t, c->marks, s);
}

static void body(FILE *out, const sq_paper_table *t, const part *p, const sq_paper_style *s) {
    int per = t->has_asm + t->has_c;
    for (int i = p->row; i < p->row + p->nrows; i++) {
        if (t->nmachines == 1) {
            sq_put_latex(out, t->rows[i].technique);
            for (int k = 0; k < per; k++)
                cell(out, t, cell_at(t, i, 0, k), s, t->has_asm && k == 0);
            fputs(" \\\\\n", out);
            continue;
        }
        for (int k = 0; k < per; k++) { /* a line per column kind: asm, best C */
            if (k == 0)
                sq_put_latex(out, t->rows[i].technique);
            for (int r = p->m0; r < p->m0 + p->nm; r++)
                cell(out, t, cell_at(t, i, r, k), s, t->has_asm && k == 0);
            fputs(" \\\\\n", out);
        }
    }
}

/* Under the tabular: the meaning of each letter the part uses, then the
 * notes without one. */
static void notes(FILE *out, const sq_paper_table *t, const part *p, const sq_paper_style *s) {
    unsigned marks = 0;
    bool best = false, missing = false;
    for (int i = p->row; i < p->row + p->nrows; i++)
        for (int r = p->m0; r < p->m0 + p->nm; r++)
            for (int k = 0; k < t->has_asm + t->has_c; k++) {
                const sq_paper_cell *c = cell_at(t, i, r, k);
                marks |= c->marks;
                best |= c->best;
                missing |= c->figure.kind == SQ_ESTIMATE_NONE && !c->marks;
            }
    if (!marks && !best && !missing && !s->keys)
        return;
    fputs("\n\\smallskip\n\\begin{minipage}{\\linewidth}\\footnotesize\\raggedright\n", out);
    for (int i = 0; i < t->nletters; i++)
        if (marks >> t->letter_of[i] & 1) {
            sq_paper_write_mark(out, t, i, s);
            fputs("\\par\n", out);
        }
    sq_paper_write_plain_notes(out, s, best, missing, "", "\\par\n");
    fputs("\\end{minipage}\n", out);
}

static void one_float(FILE *out, const sq_paper_table *t, const part *p) {
    bool several = t->nmachines > 1;
    const sq_paper_style *s = several ? &latex_keyed : &latex;
    const char *env = several ? "table*" : "table";
    char format[64];
    number_format(t, p, format, sizeof format);
    fprintf(out, "\n\\begin{%s}\n\\centering\n", env);
    caption(out, t, p, s);
    fprintf(out,
            "\\sisetup{uncertainty-mode=separate, table-align-uncertainty=false, "
            "retain-zero-uncertainty, reset-text-series=false, text-series-to-math, "
            "table-format=%s}\n%s\\setlength{\\tabcolsep}{%s}\n\\begin{tabular}{@{}l",
            format, several ? "\\footnotesize" : "\\small", several ? "2pt" : "4pt");
    /* After an S column, its compiler and letters: room for a bold figure,
     * wider than the column's format. */
    for (int r = 0; r < p->nm; r++)
        for (int k = 0; k < (several ? 1 : t->has_asm + t->has_c); k++)
            fputs("S@{\\hspace{0.3em}}l", out);
    fputs("@{}}\n\\toprule\n", out);
    header(out, t, p);
    body(out, t, p, s);
    fputs("\\bottomrule\n\\end{tabular}\n", out);
    notes(out, t, p, s);
    fprintf(out, "\\end{%s}\n", env);
}

/* Each family's rows, in parts of at most LINES_PER_TABLE lines, for each
 * group of at most MACHINES_PER_TABLE machines. */
void sq_write_latex(FILE *out, const sq_paper_table *t) {
    fputs("% sqcolor report --format latex: needs \\usepackage{booktabs} and "
          "\\usepackage{siunitx}\n",
          out);
    int lines = t->nmachines > 1 ? t->has_asm + t->has_c : 1; /* a technique's */
    int ngroups = (t->nmachines + MACHINES_PER_TABLE - 1) / MACHINES_PER_TABLE;
    int per_group = (t->nmachines + ngroups - 1) / ngroups;
    part p = {.first = true};
    for (int start = 0, end; start < t->nrows; start = end) {
        for (end = start; end < t->nrows && t->rows[end].family == t->rows[start].family; end++)
            ;
        int n = end - start, nparts = (n * lines + LINES_PER_TABLE - 1) / LINES_PER_TABLE;
        int per_part = (n + nparts - 1) / nparts;
        for (int g = 0; g < ngroups; g++)
            for (int k = 0; k < nparts; k++) {
                p.row = start + k * per_part;
                p.nrows = k == nparts - 1 ? end - p.row : per_part;
                p.m0 = g * per_group;
                p.nm = g == ngroups - 1 ? t->nmachines - p.m0 : per_group;
                p.index = k, p.nparts = nparts, p.group = g, p.ngroups = ngroups;
                one_float(out, t, &p);
                if (p.first)
                    label(p.first_label, sizeof p.first_label, t, &p);
                p.first = false;
            }
    }
}
