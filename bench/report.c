/* A run in the format asked for: the dispatch to each format's writer. */
#include "report.h"

#include "report_formats.h"
#include "report_json.h"

const char *const sq_mode_names[SQ_MODE_COUNT] = {"latency", "throughput", "branch", "call"};

int sq_report_write(const sq_run *run, sq_format fmt, FILE *out) {
    switch (fmt) {
    case SQ_FORMAT_TABLE:
    case SQ_FORMAT_MARKDOWN:
        sq_write_tables(out, fmt == SQ_FORMAT_MARKDOWN, run);
        break;
    case SQ_FORMAT_CSV:
        sq_write_csv(out, run, 1);
        break;
    case SQ_FORMAT_JSON:
        sq_write_json(out, run);
        break;
    }
    return fflush(out) == 0 && !ferror(out) ? 0 : -1;
}
