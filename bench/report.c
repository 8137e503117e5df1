#include "report.h"

#include "report_json.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

const char *const sq_mode_names[SQ_MODE_COUNT] = {"latency", "throughput", "branch", "call"};

static const char *const mode_units[SQ_MODE_COUNT] = {
    "each square waits for the previous result",
    "independent squares",
    "the result steers a conditional branch",
    "through a function pointer, chained, call overhead of an identity routine removed",
};

/* ---- the grid: distinct techniques, impls and sequences of one family ----- */

#define MAX_AXIS 64

typedef struct axis {
    const char *v[MAX_AXIS];
    int n;
} axis;

static int axis_index(const axis *a, const char *s) {
    for (int i = 0; i < a->n; i++)
        if (strcmp(a->v[i], s) == 0)
            return i;
    return -1;
}

static void axis_add(axis *a, const char *s) {
    if (axis_index(a, s) < 0 && a->n < MAX_AXIS)
        a->v[a->n++] = s;
}

typedef struct grid {
    axis techniques, impls, sequences;
} grid;

static void grid_of(const sq_run *run, const sq_family *fam, sq_mode mode, grid *g) {
    memset(g, 0, sizeof *g);
    for (int i = 0; i < run->nresults; i++) {
        const sq_result *r = &run->results[i];
        if (r->variant->family != fam || r->mode != mode)
            continue;
        axis_add(&g->techniques, r->variant->technique);
        axis_add(&g->impls, r->variant->impl);
        axis_add(&g->sequences, r->sequence);
    }
}

static const sq_result *cell(const sq_run *run, const sq_family *fam, sq_mode mode,
                             const char *tech, const char *impl, const char *seq) {
    for (int i = 0; i < run->nresults; i++) {
        const sq_result *r = &run->results[i];
        if (r->variant->family == fam && r->mode == mode && strcmp(r->sequence, seq) == 0 &&
            strcmp(r->variant->technique, tech) == 0 && strcmp(r->variant->impl, impl) == 0)
            return r;
    }
    return NULL;
}

/* ---- table and markdown --------------------------------------------------- */

/* One table of a family and mode: rows techniques, columns impl x sequence, or
 * only the impls of one sequence when seq is given (wide runs). */
static void write_table(FILE *out, bool md, const sq_run *run, const sq_family *fam, sq_mode mode,
                        const grid *g, const char *seq) {
    const char *seqs[MAX_AXIS];
    int nseq = 0;
    for (int s = 0; s < g->sequences.n; s++)
        if (!seq || strcmp(seq, g->sequences.v[s]) == 0)
            seqs[nseq++] = g->sequences.v[s];

    fprintf(out, md ? "\n#### %s — %s%s%s\n\n" : "\n%s — %s%s%s (median core cycles per square)\n",
            fam->name, sq_mode_names[mode], seq ? ", sequence " : "", seq ? seq : "");
    if (md)
        fprintf(out, "Median core cycles per square; best of each row and sequence in bold.\n\n");
    fprintf(out, md ? "| technique |" : "%-16s", md ? "" : "technique");
    for (int s = 0; s < nseq; s++)
        for (int i = 0; i < g->impls.n; i++) {
            char head[96];
            snprintf(head, sizeof head, seq ? "%s" : "%s %s", g->impls.v[i], seqs[s]);
            fprintf(out, md ? " %s |" : " %16s", head);
        }
    fputc('\n', out);
    if (md) {
        fprintf(out, "|---|");
        for (int k = 0; k < nseq * g->impls.n; k++)
            fprintf(out, "---:|");
        fputc('\n', out);
    }
    for (int t = 0; t < g->techniques.n; t++) {
        const char *tech = g->techniques.v[t];
        fprintf(out, md ? "| %s |" : "%-16s", tech);
        for (int s = 0; s < nseq; s++) {
            double best = INFINITY;
            for (int i = 0; i < g->impls.n; i++) {
                const sq_result *r = cell(run, fam, mode, tech, g->impls.v[i], seqs[s]);
                if (r && r->cycles.median < best)
                    best = r->cycles.median;
            }
            for (int i = 0; i < g->impls.n; i++) {
                const sq_result *r = cell(run, fam, mode, tech, g->impls.v[i], seqs[s]);
                char v[48] = "-";
                bool is_best = r && g->impls.n > 1 && r->cycles.median == best;
                if (r && isfinite(r->cycles.median))
                    snprintf(v, sizeof v, md && is_best ? "**%.2f**%s" : "%.2f%s%s",
                             r->cycles.median, "", !md && is_best ? "*" : "");
                fprintf(out, md ? " %s |" : " %16s", v);
            }
        }
        fputc('\n', out);
    }
}

/* Mean of a variant's medians over the grid's sequences (NAN if one is missing). */
static double mean_over_sequences(const sq_run *run, const sq_family *fam, sq_mode mode,
                                  const grid *g, const char *tech, const char *impl) {
    double sum = 0;
    for (int s = 0; s < g->sequences.n; s++) {
        const sq_result *r = cell(run, fam, mode, tech, impl, g->sequences.v[s]);
        if (!r)
            return NAN;
        sum += r->cycles.median;
    }
    return sum / g->sequences.n;
}

typedef struct ranked {
    const char *tech;
    double best;
} ranked;

static int by_best(const void *a, const void *b) {
    double x = ((const ranked *)a)->best, y = ((const ranked *)b)->best;
    return (x > y) - (x < y);
}

/* Techniques x impls: the mean of the medians over the sequences, each C impl
 * also as a ratio to the technique's asm (where the asm costs at least half a
 * cycle); techniques sorted by their best impl. */
static void write_summary(FILE *out, bool md, const sq_run *run, const sq_family *fam, sq_mode mode,
                          const grid *g) {
    ranked rows[MAX_AXIS];
    for (int t = 0; t < g->techniques.n; t++) {
        rows[t].tech = g->techniques.v[t];
        rows[t].best = INFINITY;
        for (int i = 0; i < g->impls.n; i++)
            rows[t].best = fmin(
                rows[t].best, mean_over_sequences(run, fam, mode, g, rows[t].tech, g->impls.v[i]));
    }
    qsort(rows, (size_t)g->techniques.n, sizeof rows[0], by_best);
    if (md)
        fprintf(out, "\n#### %s — %s, summary (mean over sequences; ratio to asm)\n\n| technique |",
                fam->name, sq_mode_names[mode]);
    else
        fprintf(out, "\n%s — %s, summary: mean over sequences, ratio to asm, best first\n%-16s",
                fam->name, sq_mode_names[mode], "technique");
    for (int i = 0; i < g->impls.n; i++)
        fprintf(out, md ? " %s |" : " %16s", g->impls.v[i]);
    fputc('\n', out);
    if (md) {
        fprintf(out, "|---|");
        for (int i = 0; i < g->impls.n; i++)
            fprintf(out, "---:|");
        fputc('\n', out);
    }
    for (int t = 0; t < g->techniques.n; t++) {
        double asm_mean = mean_over_sequences(run, fam, mode, g, rows[t].tech, "asm");
        fprintf(out, md ? "| %s |" : "%-16s", rows[t].tech);
        for (int i = 0; i < g->impls.n; i++) {
            double m = mean_over_sequences(run, fam, mode, g, rows[t].tech, g->impls.v[i]);
            char v[48] = "-";
            if (isfinite(m) && strcmp(g->impls.v[i], "asm") != 0 && asm_mean >= 0.5)
                snprintf(v, sizeof v, "%.2f %.2fx", m, m / asm_mean);
            else if (isfinite(m))
                snprintf(v, sizeof v, "%.2f", m);
            fprintf(out, md ? " %s |" : " %16s", v);
        }
        fputc('\n', out);
    }
}

static void write_footer(FILE *out, bool md, const sq_run *run, const char *version) {
    const sq_machine *m = &run->machine;
    const sq_clock *c = &run->clock;
    const char *p = md ? "- " : "";
    fprintf(out, "\n");
    fprintf(out, "%scycles: %s\n", p,
            strcmp(c->source, "perf") == 0
                ? "core cycles from the hardware cycle counter (perf)"
                : "core cycles calibrated from a dependent add chain beside every row (no "
                  "hardware cycle counter); TSC ticks are not cycles here");
    fprintf(out,
            "%sclock: TSC %.4f GHz (%s); core %.4f GHz median, %.4f-%.4f seen; timer %.0f "
            "ticks\n",
            p, c->tsc_hz / 1e9, c->tsc_source, c->core_hz / 1e9, c->core_hz_min / 1e9,
            c->core_hz_max / 1e9, c->timer_overhead);
    fprintf(out,
            "%salu: %.2f independent adds per cycle at the start of the run (fewer than this "
            "core usually gives means another thread shared it: throughput rows run slower)\n",
            p, c->alu_per_cycle);
    fprintf(out, "%smachine: %s (%s family 0x%x model 0x%x stepping %u)%s, cpu %d, Linux %s\n", p,
            m->brand, m->vendor, m->family, m->model, m->stepping,
            m->hypervisor ? ", virtualized" : "", run->cpu, run->kernel);
    (void)version;
    fprintf(out,
            "%srun: sqcolor %s (%s), %d repetitions of %d samples of %.0f us in %d visits, "
            "sequences of %zu squares (%s), seed %llu, %.1f s%s%s\n",
            p, run->version, run->commit, run->reps, run->samples, run->sample_us, run->visits,
            run->length, run->sequences, (unsigned long long)run->seed, run->elapsed_s,
            run->source[0] ? ", from " : "", run->source);
    for (int i = 0; i < run->nimpls; i++)
        fprintf(out, "%simpl %s: %s %s\n", p, run->impls[i].name, run->impls[i].compiler,
                run->impls[i].flags);
    fprintf(out,
            "%scells: median over repetitions of the minimum of each repetition's samples (its "
            "visits spread over the run, the rows in a new order each pass), the harness (an "
            "identity body in the same loop) subtracted; %s marks the best of a row\n",
            p, md ? "bold" : "*");
}

static void write_tables(FILE *out, bool md, const sq_run *run, const char *version) {
    if (md)
        fprintf(out, "### sqcolor results\n");
    for (int f = 0; f < sq_family_count; f++)
        for (int m = 0; m < SQ_MODE_COUNT; m++) {
            grid g;
            grid_of(run, &sq_families[f], (sq_mode)m, &g);
            if (!g.techniques.n)
                continue;
            if (!md && m == 0)
                fprintf(out, "\n== %s: %s ==\n", sq_families[f].name, mode_units[m]);
            else if (!md)
                fprintf(out, "\n== %s %s: %s ==\n", sq_families[f].name, sq_mode_names[m],
                        mode_units[m]);
            if (g.impls.n * g.sequences.n <= 10)
                write_table(out, md, run, &sq_families[f], (sq_mode)m, &g, NULL);
            else
                for (int s = 0; s < g.sequences.n; s++)
                    write_table(out, md, run, &sq_families[f], (sq_mode)m, &g, g.sequences.v[s]);
            if (g.impls.n > 1)
                write_summary(out, md, run, &sq_families[f], (sq_mode)m, &g);
        }
    write_footer(out, md, run, version);
}

/* ---- csv ------------------------------------------------------------------ */

/* A CSV number: empty where the statistic does not exist (JSON writes null). */
static void csv_number(FILE *out, double x) {
    if (isfinite(x))
        fprintf(out, ",%.4f", x);
    else
        fputc(',', out);
}

static void write_csv(FILE *out, const sq_run *run) {
    fprintf(out, "id,family,technique,impl,sequence,mode,cycles_min,cycles_median,cycles_p90,"
                 "cycles_ci95_lo,cycles_ci95_hi,ticks_min,ticks_median,ticks_p90,ns_min,ns_median,"
                 "ns_p90,reps,modes,control_dependent\n");
    for (int i = 0; i < run->nresults; i++) {
        const sq_result *r = &run->results[i];
        const sq_variant *v = r->variant;
        fprintf(out, "%s,%s,%s,%s,%s,%s", v->id, v->family->name, v->technique, v->impl,
                r->sequence, sq_mode_names[r->mode]);
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

int sq_report_write(const sq_run *run, sq_format fmt, const char *version, FILE *out) {
    switch (fmt) {
    case SQ_FORMAT_TABLE:
    case SQ_FORMAT_MARKDOWN:
        write_tables(out, fmt == SQ_FORMAT_MARKDOWN, run, version);
        break;
    case SQ_FORMAT_CSV:
        write_csv(out, run);
        break;
    case SQ_FORMAT_JSON:
        sq_write_json(out, run);
        break;
    }
    return fflush(out) == 0 && !ferror(out) ? 0 : -1;
}
