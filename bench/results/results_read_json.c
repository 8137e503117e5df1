#include "bench/results/results_read_json.h"

#include "bench/results/results_schema.h"
#include "bench/util/escape.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int __attribute__((format(printf, 3, 4)))
sq_say_failed(char *err, size_t errlen, const char *fmt, ...) {
    char msg[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    sq_text_shown(msg, err, errlen);
    return -1;
}

int sq_reader_bad(sq_reader *rd, const char *fmt, ...) {
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return sq_say_failed(rd->err, rd->errlen, "%s: %s", rd->name, msg);
}

int sq_get_text(sq_reader *rd, json_t *obj, const char *where, const char *key, const char **out) {
    json_t *v = json_object_get(obj, key);
    *out = "";
    if (!json_is_string(v))
        return sq_reader_bad(rd, "%s.%s: %s", where, key, v ? "not a string" : "missing");
    *out = json_string_value(v);
    return 0;
}

int sq_get_string(sq_reader *rd, json_t *obj, const char *where, const char *key, char *out,
                  size_t len) {
    const char *text;
    if (sq_get_text(rd, obj, where, key, &text))
        return -1;
    if (strlen(text) >= len)
        return sq_reader_bad(rd, "%s.%s: longer than %zu bytes", where, key, len - 1);
    strcpy(out, text);
    return 0;
}

int sq_get_number(sq_reader *rd, json_t *obj, const char *where, const char *key, double *out,
                  bool null_ok) {
    json_t *v = json_object_get(obj, key);
    if (null_ok && json_is_null(v)) {
        *out = NAN;
        return 0;
    }
    if (!json_is_number(v))
        return sq_reader_bad(rd, "%s.%s: %s", where, key, v ? "not a number" : "missing");
    *out = json_number_value(v);
    return 0;
}

int sq_get_whole(sq_reader *rd, json_t *obj, const char *where, const char *key, double min,
                 double max, double *out) {
    if (sq_get_number(rd, obj, where, key, out, false))
        return -1;
    if (!(*out >= min && *out <= max) || *out != floor(*out))
        return sq_reader_bad(rd, "%s.%s: %g is not a whole number from %g to %g", where, key, *out,
                             min, max);
    return 0;
}

int sq_get_optional_whole(sq_reader *rd, json_t *obj, const char *where, const char *key,
                          double min, double max, double dflt, double *out) {
    *out = dflt;
    return json_object_get(obj, key) ? sq_get_whole(rd, obj, where, key, min, max, out) : 0;
}

int sq_get_optional_string(sq_reader *rd, json_t *obj, const char *where, const char *key,
                           const char *dflt, char *out, size_t len) {
    if (json_object_get(obj, key))
        return sq_get_string(rd, obj, where, key, out, len);
    snprintf(out, len, "%s", dflt);
    return 0;
}

int sq_get_optional_number(sq_reader *rd, json_t *obj, const char *where, const char *key,
                           double dflt, double *out) {
    *out = dflt;
    return json_object_get(obj, key) ? sq_get_number(rd, obj, where, key, out, true) : 0;
}

int sq_get_optional_bool(sq_reader *rd, json_t *obj, const char *where, const char *key, bool dflt,
                         bool *out) {
    json_t *v = json_object_get(obj, key);
    if (v && !json_is_boolean(v))
        return sq_reader_bad(rd, "%s.%s: not a boolean", where, key);
    *out = v ? json_is_true(v) : dflt;
    return 0;
}

int sq_get_object(sq_reader *rd, json_t *obj, const char *where, const char *key, json_t **out) {
    *out = json_object_get(obj, key);
    if (!json_is_object(*out))
        return sq_reader_bad(rd, "%s.%s: %s", where, key, *out ? "not an object" : "missing");
    return 0;
}

int sq_get_element(sq_reader *rd, const char *array, size_t i, json_t *o, char *at, size_t len) {
    snprintf(at, len, "%s[%zu]", array, i);
    return json_is_object(o) ? 0 : sq_reader_bad(rd, "%s: not an object", at);
}

int sq_get_interval(sq_reader *rd, json_t *obj, const char *where, const char *key, double *lo,
                    double *hi) {
    *lo = *hi = NAN;
    json_t *v = json_object_get(obj, key);
    if (!v)
        return 0;
    json_t *a = json_array_get(v, 0), *b = json_array_get(v, 1);
    if (!json_is_array(v) || json_array_size(v) != 2 || !(json_is_number(a) || json_is_null(a)) ||
        !(json_is_number(b) || json_is_null(b)))
        return sq_reader_bad(rd, "%s.%s: not an array of two numbers", where, key);
    *lo = json_is_null(a) ? NAN : json_number_value(a);
    *hi = json_is_null(b) ? NAN : json_number_value(b);
    return 0;
}

int sq_check_cycles(sq_reader *rd, const char *what, double x) {
    if (!(fabs(x) > SQ_CYCLES_MOST))
        return 0;
    return sq_reader_bad(rd, "%s: %g is more than %g cycles either way: no measurement", what, x,
                         SQ_CYCLES_MOST);
}

int sq_get_stats(sq_reader *rd, json_t *obj, const char *where, const char *key, sq_stats *s) {
    json_t *o;
    char at[64];
    snprintf(at, sizeof at, "%s.%s", where, key);
    if (sq_get_object(rd, obj, where, key, &o) ||
        sq_get_number(rd, o, at, SQ_KEY_MIN, &s->min, true) ||
        sq_get_number(rd, o, at, SQ_KEY_MEDIAN, &s->median, true) ||
        sq_get_number(rd, o, at, SQ_KEY_P90, &s->p90, true) ||
        sq_get_interval(rd, o, at, SQ_KEY_CI95, &s->ci_lo, &s->ci_hi))
        return -1;
    const double x[] = {s->min, s->median, s->p90, s->ci_lo, s->ci_hi};
    for (size_t k = 0; k < sizeof x / sizeof x[0]; k++)
        if (sq_check_cycles(rd, at, x[k]))
            return -1;
    return 0;
}

int sq_samples_from(sq_reader *rd, json_t *samples, json_t *processes, const char *where,
                    size_t reps, double **x, unsigned char **process) {
    *x = NULL;
    *process = NULL;
    if (!json_is_array(samples))
        return sq_reader_bad(rd, "%s.samples: %s", where, samples ? "not an array" : "missing");
    size_t n = json_array_size(samples);
    if (n != reps)
        return sq_reader_bad(rd, "%s.samples: %zu values for %zu repetitions", where, n, reps);
    if (processes && (!json_is_array(processes) || json_array_size(processes) != n))
        return sq_reader_bad(rd, "%s.processes: not an array of one process a sample", where);
    if (!(*x = sq_samples_alloc(n)))
        return sq_reader_bad(rd, "out of memory");
    for (size_t k = 0; k < n; k++) {
        json_t *v = json_array_get(samples, k);
        if (!json_is_number(v) && !json_is_null(v)) {
            free(*x);
            *x = NULL;
            return sq_reader_bad(rd, "%s.samples[%zu]: not a number", where, k);
        }
        (*x)[k] = json_is_null(v) ? NAN : json_number_value(v);
        char at[80];
        snprintf(at, sizeof at, "%s.samples[%zu]", where, k);
        if (sq_check_cycles(rd, at, (*x)[k])) {
            free(*x);
            *x = NULL;
            return -1;
        }
    }
    if (!processes)
        return 0;
    *process = (unsigned char *)(*x + (n ? n : 1));
    for (size_t k = 0; k < n; k++) {
        json_t *v = json_array_get(processes, k);
        if (!json_is_integer(v) || json_integer_value(v) < 0 ||
            json_integer_value(v) >= SQ_MAX_PROCESSES) {
            free(*x);
            *x = NULL;
            *process = NULL;
            return sq_reader_bad(rd, "%s.processes[%zu]: not a process 0 to %d", where, k,
                                 SQ_MAX_PROCESSES - 1);
        }
        (*process)[k] = (unsigned char)json_integer_value(v);
    }
    return 0;
}

int sq_get_samples(sq_reader *rd, json_t *o, const char *where, size_t reps, double **x,
                   unsigned char **process) {
    return sq_samples_from(rd, json_object_get(o, SQ_KEY_SAMPLES),
                           json_object_get(o, SQ_KEY_PROCESSES), where, reps, x, process);
}

int sq_mode_named(const char *name) {
    for (int m = 0; m < SQ_MODE_COUNT; m++)
        if (strcmp(sq_mode_names[m], name) == 0)
            return m;
    return -1;
}

int sq_get_mode(sq_reader *rd, json_t *o, const char *at) {
    const char *mode;
    if (sq_get_text(rd, o, at, SQ_KEY_MODE, &mode))
        return -1;
    int m = sq_mode_named(mode);
    return m >= 0 ? m : sq_reader_bad(rd, "%s.mode: unknown mode '%s'", at, mode);
}

const sq_variant *sq_variant_of(sq_reader *rd, sq_run *run, const char *id, const sq_family *fam,
                                const char *tech, const char *impl) {
    const sq_variant *known = sq_id_table_get(&rd->variants, id);
    if (known)
        return known;
    sq_variant *v = sq_run_alloc(run, sizeof *v);
    if (!v)
        return NULL;
    v->id = sq_run_strdup(run, id);
    v->family = fam;
    v->technique = sq_run_strdup(run, tech);
    v->impl = sq_run_strdup(run, impl);
    v->formula = v->insns = "";
    if (!v->id || !v->technique || !v->impl)
        return NULL;
    return sq_id_table_put(&rd->variants, v->id, v) == 0 ? v : NULL;
}
