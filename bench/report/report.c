/* Runs in the format asked for: the dispatch to each format's writer. */
#include "bench/report/report.h"

#include "bench/machine/cpu_model.h"
#include "bench/report/paper_table.h"
#include "bench/report/report_formats.h"
#include "bench/results/results_write.h"
#include "bench/util/failure.h"

int sq_report_write(const sq_run *runs, int nruns, sq_format fmt, unsigned flags, FILE *out) {
    switch (fmt) {
    case SQ_FORMAT_CSV:
        sq_write_csv(out, runs, nruns);
        break;
    case SQ_FORMAT_LATEX:
    case SQ_FORMAT_PAPER:
        return sq_report_paper(runs, nruns, fmt, SQ_HEADLINE_LATENCY, out);
    case SQ_FORMAT_JSON: {
        int rc = sq_results_write(out, &runs[0]);
        if (rc)
            return rc;
        break;
    }
    default: {
        static const sq_doc_format as[] = {[SQ_FORMAT_TABLE] = SQ_DOC_TEXT,
                                           [SQ_FORMAT_MARKDOWN] = SQ_DOC_MARKDOWN,
                                           [SQ_FORMAT_HTML] = SQ_DOC_HTML};
        char title[160], label[96];
        sq_cpu_label(label, sizeof label, &runs[0].machine);
        if (nruns == 1)
            snprintf(title, sizeof title, "sqcolor results on %s", label);
        else
            snprintf(title, sizeof title, "sqcolor results across %d machines", nruns);
        sq_doc d;
        sq_doc_open(&d, out, as[fmt], title);
        sq_report_doc(&d, runs, nruns, flags);
        int rc = sq_doc_finish(&d);
        if (rc)
            return rc;
    }
    }
    return fflush(out) == 0 && !ferror(out) ? 0 : SQ_FAILED_WRITE;
}

int sq_report_paper(const sq_run *runs, int nruns, sq_format fmt, sq_headline_kind kind,
                    FILE *out) {
    sq_paper_table t;
    if (sq_paper_table_of(&t, runs, nruns, kind))
        return SQ_FAILED_MEMORY;
    if (fmt == SQ_FORMAT_LATEX)
        sq_write_latex(out, &t);
    else
        sq_write_paper_md(out, &t);
    sq_paper_table_free(&t);
    return fflush(out) == 0 && !ferror(out) ? 0 : SQ_FAILED_WRITE;
}
