/* The --format choice sets that several commands share, each declared once
 * (choices.h), and the accessors that read a parsed choice as its enum: the
 * one place its index is cast. The report formats are sq_format's
 * (report.h). */
#ifndef SQCOLOR_FORMATS_H
#define SQCOLOR_FORMATS_H

#include "bench/cli/options.h"
#include "bench/report/report.h"
#include "bench/results/summary.h"
#include "bench/util/choices.h"

/* For a reader or a script: calibrate's and compare's --format. */
#define SQ_TABLE_OR_JSON(X) X(SQ_TABLE_OR_JSON_TABLE, "table") X(SQ_TABLE_OR_JSON_JSON, "json")

typedef enum sq_table_or_json { SQ_TABLE_OR_JSON(SQ_CHOICE_ENUMERATOR) } sq_table_or_json;

/* An option over SQ_REPORT_FORMATS or a list nested in it (report.h). */
static inline sq_format sq_format_of(const sq_value *v) {
    return (sq_format)v->choice;
}

/* An option over SQ_HEADLINE_KINDS (summary.h). */
static inline sq_headline_kind sq_headline_kind_of(const sq_value *v) {
    return (sq_headline_kind)v->choice;
}

/* An option over SQ_TABLE_OR_JSON. */
static inline sq_table_or_json sq_table_or_json_of(const sq_value *v) {
    return (sq_table_or_json)v->choice;
}

#endif
