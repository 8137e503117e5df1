/* The paper table as LaTeX (--format latex): a table environment holding a
 * booktabs tabular, its caption and label, and the marks' letters explained
 * under it. It needs \usepackage{booktabs} and nothing else: the figures are
 * in math mode, the marks \textsuperscript. */
#include "bench/report/report_formats.h"

#include "bench/report/paper_table.h"
#include "bench/util/escape.h"

static const sq_paper_style latex = {
    .text = sq_put_latex,
    .math_open = "$",
    .math_close = "$",
    .bold_open = "{\\bfseries\\boldmath ",
    .bold_close = "}",
    .pm = "\\pm",
    .le = "\\le ",
    .approx_zero = "\\approx 0",
    .none = "---",
    .marks_open = "\\textsuperscript{",
    .marks_close = "}",
    .family_open = "\\textit{",
    .family_close = "}",
    .row_open = "",
    .cell_sep = " & ",
    .row_close = " \\\\\n",
};

/* The head of the impl columns: "asm", "best C". */
static const char *impl_head(const sq_paper_table *t, int col) {
    return t->has_asm && col == 0 ? "asm" : "best C";
}

/* The header rows: with several machines and two columns each, the
 * machines over their columns (\cmidrule under each), then asm and best C. */
static void header(FILE *out, const sq_paper_table *t) {
    int per = t->ncols / t->nmachines;
    if (t->nmachines > 1 && per > 1) {
        for (int r = 0; r < t->nmachines; r++) {
            fprintf(out, " & \\multicolumn{%d}{c}{", per);
            sq_put_latex(out, t->machine[r]);
            fputs("}", out);
        }
        fputs(" \\\\\n", out);
        for (int r = 0; r < t->nmachines; r++)
            fprintf(out, "%s\\cmidrule(lr){%d-%d}", r ? " " : "", 2 + r * per, 1 + (r + 1) * per);
        fputc('\n', out);
    }
    fputs("technique", out);
    for (int r = 0; r < t->nmachines; r++)
        for (int k = 0; k < per; k++) {
            fputs(" & ", out);
            if (t->nmachines > 1 && per == 1)
                sq_put_latex(out, t->machine[r]);
            else
                fputs(impl_head(t, k), out);
        }
    fputs(" \\\\\n\\midrule\n", out);
}

static void body(FILE *out, const sq_paper_table *t) {
    for (int i = 0; i < t->nrows; i++) {
        const sq_paper_row *row = &t->rows[i];
        if (i == 0 || row->family != t->rows[i - 1].family) {
            fputs(i ? "\\midrule\n" : "", out);
            fprintf(out, "\\multicolumn{%d}{l}{", t->ncols + 1);
            sq_paper_write_family(out, t, row->family, &latex);
            fputs("} \\\\\n", out);
        }
        sq_paper_write_row(out, t, row, &latex);
    }
}

/* Under the tabular: each letter's meaning, then the notes without one. */
static void notes(FILE *out, const sq_paper_table *t) {
    if (!t->nletters && !t->any_best && !t->any_missing)
        return;
    fputs("\n\\smallskip\n\\begin{minipage}{\\linewidth}\\footnotesize\\raggedright\n", out);
    for (int i = 0; i < t->nletters; i++) {
        sq_paper_write_mark(out, t, i, &latex);
        fputs("\\par\n", out);
    }
    sq_paper_write_plain_notes(out, t, &latex, "", "\\par\n");
    fputs("\\end{minipage}\n", out);
}

void sq_write_latex(FILE *out, const sq_paper_table *t) {
    fputs("% sqcolor report --format latex: needs \\usepackage{booktabs}\n", out);
    fputs("\\begin{table}\n\\centering\n\\caption{", out);
    sq_paper_write_caption(out, t, &latex);
    fprintf(out, "}\n\\label{tab:sqcolor-%s}\n\\begin{tabular}{l", sq_headline_names[t->kind]);
    for (int k = 0; k < t->ncols; k++)
        fputc('r', out);
    fputs("}\n\\toprule\n", out);
    header(out, t);
    body(out, t);
    fputs("\\bottomrule\n\\end{tabular}\n", out);
    notes(out, t);
    fputs("\\end{table}\n", out);
}
