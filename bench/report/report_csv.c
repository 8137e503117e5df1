/* CSV in long format: one line per row of every run given, each line naming
 * its machine, build and row, for a spreadsheet or a data frame to pivot. */
#include "bench/report/report_formats.h"

#include "bench/machine/cpu_model.h"
#include "bench/results/runs.h"
#include "bench/util/escape.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

/* A CSV number: empty where the statistic does not exist (JSON writes null).
 * Fixed-point with four decimals for every measured value: cycles, ns and
 * shares are what the tables show at two or three decimals, and %f never
 * turns to an exponent, so a large value keeps every integer digit (%.6g
 * would print 1234567.5 as 1.23457e+06). */
static void csv_number(FILE *out, double x) {
    if (isfinite(x))
        fprintf(out, ",%.4f", x);
    else
        fputc(',', out);
}

/* A CSV text field after a comma (none before the first). */
static void csv_text(FILE *out, const char *s, bool first) {
    if (!first)
        fputc(',', out);
    sq_put_csv(out, s);
}

/* What built impl in run, as the run recorded it, or NULL. */
static const sq_impl_info *impl_info(const sq_run *run, const char *impl) {
    for (int k = 0; k < run->nimpls; k++)
        if (strcmp(run->impls[k].name, impl) == 0)
            return &run->impls[k];
    return NULL;
}

/* The columns every line starts with, machine to flags. */
static void csv_machine(FILE *out, const sq_run *run, const char *machine, const char *cpu,
                        const char *impl) {
    const sq_impl_info *built = impl_info(run, impl);
    csv_text(out, machine, true);
    csv_text(out, run->machine.vendor, false);
    fprintf(out, ",%u,%u", run->machine.family, run->machine.model);
    const char *text[] = {cpu, run->machine.brand, run->commit, built ? built->compiler : "",
                          built ? built->flags : ""};
    for (size_t t = 0; t < sizeof text / sizeof text[0]; t++)
        csv_text(out, text[t], false);
}

/* The fast and slow columns: each speed and its share, or empty at one. */
static void csv_speeds(FILE *out, int nmodes, const sq_speed *modes) {
    for (int s = 0; s < SQ_MAX_MODES; s++) {
        csv_number(out, nmodes == SQ_MAX_MODES ? modes[s].cycles : NAN);
        csv_number(out, nmodes == SQ_MAX_MODES ? modes[s].share : NAN);
    }
}

/* A batch row as a line: sequence random, mode batch-<n>. */
static void csv_batch(FILE *out, const sq_run *run, const char *machine, const char *cpu,
                      const sq_batch_result *b) {
    char parts[3][64] = {"", "", ""}, mode[32];
    sscanf(b->id, "%63[^/]/%63[^/]/%63s", parts[0], parts[1], parts[2]);
    snprintf(mode, sizeof mode, "batch-%zu", b->n);
    csv_machine(out, run, machine, cpu, parts[2]);
    const char *text[] = {b->id, parts[0], parts[1], parts[2], "random", mode};
    for (size_t t = 0; t < sizeof text / sizeof text[0]; t++)
        csv_text(out, text[t], false);
    const double figures[] = {b->cycles.median, b->cycles.ci_lo, b->cycles.ci_hi, b->cycles.min,
                              b->cycles.p90};
    for (size_t f = 0; f < sizeof figures / sizeof figures[0]; f++)
        csv_number(out, figures[f]);
    fprintf(out, ",%d", b->reps);
    csv_speeds(out, b->nmodes, b->modes);
    fprintf(out, ",0");
    csv_number(out, NAN);
    csv_text(out, "", false);
    fputc('\n', out);
}

void sq_write_csv(FILE *out, const sq_run *runs, int nruns) {
    fprintf(out, "machine,vendor,cpu_family,cpu_model,cpu_name,brand,sqcolor_commit,compiler,flags,"
                 "id,family,technique,impl,sequence,mode,cycles_median,cycles_ci95_lo,"
                 "cycles_ci95_hi,cycles_min,cycles_p90,reps,fast_cycles,fast_share,slow_cycles,"
                 "slow_share,control_dependent,ns_median,shared_from\n");
    for (int k = 0; k < nruns; k++) {
        const sq_run *run = &runs[k];
        char machine[112], cpu[160];
        /* with the file's place where two runs share a name, so that
         * (machine, id, sequence, mode) names one line */
        sq_cpu_name_among(machine, sizeof machine, runs, nruns, k, sq_cpu_short, false);
        sq_cpu_label(cpu, sizeof cpu, &run->machine);
        for (int i = 0; i < run->nresults; i++) {
            const sq_result *r = &run->results[i];
            const sq_variant *v = r->variant;
            csv_machine(out, run, machine, cpu, v->impl);
            const char *text[] = {v->id,   v->family->name, v->technique,
                                  v->impl, r->sequence,     sq_mode_names[r->mode]};
            for (size_t t = 0; t < sizeof text / sizeof text[0]; t++)
                csv_text(out, text[t], false);
            csv_number(out, r->cycles.median);
            csv_number(out, r->cycles.ci_lo);
            csv_number(out, r->cycles.ci_hi);
            csv_number(out, r->cycles.min);
            csv_number(out, r->cycles.p90);
            fprintf(out, ",%d", r->reps);
            csv_speeds(out, r->nmodes, r->modes);
            fprintf(out, ",%d", r->control_dependent);
            csv_number(out, r->ns.median);
            /* the id whose row was timed for this one; empty: timed itself */
            csv_text(out, r->shared_from ? r->shared_from : "", false);
            fputc('\n', out);
        }
        for (int i = 0; i < run->nbatch; i++)
            csv_batch(out, run, machine, cpu, &run->batch[i]);
    }
}
