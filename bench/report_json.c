#include "report_json.h"

#include "summary.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

static void json_string(FILE *out, const char *s) {
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

/* Non-finite numbers are null: JSON has no NaN or infinity. */
static void json_number(FILE *out, double x) {
    if (isfinite(x))
        fprintf(out, "%.6g", x);
    else
        fputs("null", out);
}

/* ", "key": value" pairs; the first of an object passes first = true. */
static void json_key(FILE *out, bool first, const char *key) {
    fprintf(out, "%s\"%s\": ", first ? "" : ", ", key);
}
static void json_str(FILE *out, bool first, const char *key, const char *value) {
    json_key(out, first, key);
    json_string(out, value);
}
static void json_num(FILE *out, bool first, const char *key, double value) {
    json_key(out, first, key);
    json_number(out, value);
}
static void json_bool(FILE *out, bool first, const char *key, bool value) {
    json_key(out, first, key);
    fputs(value ? "true" : "false", out);
}

/* "key": [lo, hi] */
static void json_interval(FILE *out, bool first, const char *key, double lo, double hi) {
    json_key(out, first, key);
    fputc('[', out);
    json_number(out, lo);
    fputs(", ", out);
    json_number(out, hi);
    fputc(']', out);
}

static void json_stats(FILE *out, const char *name, sq_stats s) {
    json_key(out, false, name);
    fputc('{', out);
    json_num(out, true, "min", s.min);
    json_num(out, false, "median", s.median);
    json_num(out, false, "p90", s.p90);
    json_interval(out, false, "ci95", s.ci_lo, s.ci_hi);
    fputs("}", out);
}

static void write_header(FILE *out, const sq_run *run) {
    const sq_machine *m = &run->machine;
    const sq_clock *c = &run->clock;
    fprintf(out, "{\n  \"schema\": 1,\n  \"tool\": {");
    json_str(out, true, "name", "sqcolor");
    json_str(out, false, "version", run->version);
    json_str(out, false, "commit", run->commit);
    fprintf(out, "},\n  \"impls\": [");
    for (int i = 0; i < run->nimpls; i++) {
        fprintf(out, "%s{", i ? ", " : "");
        json_str(out, true, "name", run->impls[i].name);
        json_str(out, false, "compiler", run->impls[i].compiler);
        json_str(out, false, "flags", run->impls[i].flags);
        fprintf(out, "}");
    }
    fprintf(out, "],\n  \"machine\": {");
    json_str(out, true, "vendor", m->vendor);
    json_str(out, false, "brand", m->brand);
    json_num(out, false, "family", m->family);
    json_num(out, false, "model", m->model);
    json_num(out, false, "stepping", m->stepping);
    json_bool(out, false, "hypervisor", m->hypervisor);
    json_str(out, false, "kernel", run->kernel);
    fprintf(out, "},\n  \"clock\": {");
    json_str(out, true, "source", c->source);
    json_str(out, false, "tsc_source", c->tsc_source);
    json_num(out, false, "tsc_hz", c->tsc_hz);
    json_num(out, false, "core_hz", c->core_hz);
    json_num(out, false, "core_hz_min", c->core_hz_min);
    json_num(out, false, "core_hz_max", c->core_hz_max);
    json_num(out, false, "timer_overhead_ticks", c->timer_overhead);
    json_num(out, false, "alu_per_cycle", c->alu_per_cycle);
    fprintf(out, "},\n  \"config\": {");
    json_num(out, true, "reps", run->reps);
    json_num(out, false, "min_reps", run->min_reps);
    json_num(out, false, "tight", run->tight);
    json_num(out, false, "samples", run->samples);
    json_num(out, false, "sample_us", run->sample_us);
    json_num(out, false, "visits", run->visits);
    json_num(out, false, "length", (double)run->length);
    fprintf(out, ", \"seed\": %llu", (unsigned long long)run->seed); /* exact past 2^53 */
    json_num(out, false, "cpu", run->cpu);
    json_str(out, false, "sequences", run->sequences);
    fprintf(out, ", \"aslr\": %s", run->aslr ? "true" : "false");
    fprintf(out, "},\n  ");
    json_num(out, true, "elapsed_s", run->elapsed_s);
}

/* The vendor's mispredict figure for the machine, and each variant's summary
 * (summary.h), null where a figure does not apply. */
static void write_summary(FILE *out, const sq_run *run) {
    const sq_cpu_model *ref = sq_mispredict_reference_of(&run->machine);
    fprintf(out, ",\n  \"mispredict_reference\": ");
    if (ref) {
        fputc('{', out);
        json_str(out, true, "core", ref->core);
        json_str(out, false, "cycles", ref->mispredict);
        fputc('}', out);
    } else {
        fputs("null", out);
    }
    int n;
    sq_summary *s = sq_summaries_of(run, &n);
    fprintf(out, ",\n  \"summary\": [");
    for (int i = 0; i < n; i++) {
        fprintf(out, "%s\n    {", i ? "," : "");
        json_str(out, true, "id", s[i].variant->id);
        json_num(out, false, "latency", s[i].latency);
        json_num(out, false, "throughput", s[i].throughput);
        json_num(out, false, "branch_predictable", s[i].branch_predictable);
        json_num(out, false, "mispredict_penalty", s[i].mispredict_penalty);
        if (isfinite(s[i].mispredict_penalty))
            json_interval(out, false, "mispredict_penalty_ci95", s[i].penalty_lo, s[i].penalty_hi);
        else
            json_num(out, false, "mispredict_penalty_ci95", NAN);
        fputc('}', out);
    }
    fprintf(out, "%s]", n ? "\n  " : "");
    free(s);
}

static void write_result(FILE *out, const sq_result *r) {
    const sq_variant *v = r->variant;
    fputc('{', out);
    json_str(out, true, "id", v->id);
    json_str(out, false, "family", v->family->name);
    json_str(out, false, "technique", v->technique);
    json_str(out, false, "impl", v->impl);
    json_str(out, false, "sequence", r->sequence);
    json_str(out, false, "mode", sq_mode_names[r->mode]);
    json_stats(out, "cycles", r->cycles);
    json_stats(out, "ticks", r->ticks);
    json_stats(out, "ns", r->ns);
    json_num(out, false, "reps", r->reps);
    json_bool(out, false, "control_dependent", r->control_dependent);
    if (r->nmodes > 0) {
        json_key(out, false, "modes");
        fputc('[', out);
        for (int k = 0; k < r->nmodes && k < SQ_MAX_MODES; k++) {
            fputs(k ? ", {" : "{", out);
            json_num(out, true, "cycles", r->modes[k].cycles);
            json_num(out, false, "share", r->modes[k].share);
            fputc('}', out);
        }
        fputc(']', out);
    }
    json_key(out, false, "samples");
    fputc('[', out);
    for (int k = 0; k < r->reps && r->samples; k++) {
        if (k)
            fputs(", ", out);
        json_number(out, r->samples[k]);
    }
    fputs("]}", out);
}

void sq_write_json(FILE *out, const sq_run *run) {
    write_header(out, run);
    write_summary(out, run);
    fprintf(out, ",\n  \"results\": [");
    for (int i = 0; i < run->nresults; i++) {
        fprintf(out, "%s\n    ", i ? "," : "");
        write_result(out, &run->results[i]);
    }
    fprintf(out, "\n  ]\n}\n");
}
