/* CSV: one line per row of a run, fields quoted as RFC 4180 asks. */
#include "report_formats.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

/* A CSV number: empty where the statistic does not exist (JSON writes null). */
static void csv_number(FILE *out, double x) {
    if (isfinite(x))
        fprintf(out, ",%.4f", x);
    else
        fputc(',', out);
}

/* A CSV text field after a comma (none before the first), RFC 4180: one
 * holding a comma, quote, CR or LF goes in quotes, its quotes doubled. */
static void csv_text(FILE *out, const char *s, bool first) {
    if (!first)
        fputc(',', out);
    if (!s[strcspn(s, ",\"\r\n")]) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

void sq_write_csv(FILE *out, const sq_run *run) {
    fprintf(out, "id,family,technique,impl,sequence,mode,cycles_min,cycles_median,cycles_p90,"
                 "cycles_ci95_lo,cycles_ci95_hi,ticks_min,ticks_median,ticks_p90,ns_min,ns_median,"
                 "ns_p90,reps,modes,control_dependent\n");
    for (int i = 0; i < run->nresults; i++) {
        const sq_result *r = &run->results[i];
        const sq_variant *v = r->variant;
        const char *text[] = {v->id,   v->family->name, v->technique,
                              v->impl, r->sequence,     sq_mode_names[r->mode]};
        for (int k = 0; k < 6; k++)
            csv_text(out, text[k], k == 0);
        const sq_stats *stats[] = {&r->cycles, &r->ticks, &r->ns};
        for (int k = 0; k < 3; k++) {
            csv_number(out, stats[k]->min);
            csv_number(out, stats[k]->median);
            csv_number(out, stats[k]->p90);
            if (k == 0) {
                csv_number(out, r->cycles.ci_lo);
                csv_number(out, r->cycles.ci_hi);
            }
        }
        fprintf(out, ",%d,", r->reps);
        for (int k = 0; k < r->nmodes && k < SQ_MAX_MODES; k++) /* "4.13@0.60;4.32@0.40" */
            fprintf(out, "%s%.4f@%.2f", k ? ";" : "", r->modes[k].cycles, r->modes[k].share);
        fprintf(out, ",%d\n", r->control_dependent);
    }
}
