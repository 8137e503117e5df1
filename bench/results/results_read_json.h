/* The result-file reader's access to the JSON, for bench/results/ alone:
 * the reader (the file's name, where the message goes, the run's variants,
 * the schema) and typed getters that each name the missing or mistyped
 * field in a one-line message, "FILE: where.key: what is wrong". Every
 * getter returns 0, or -1 with the message in the reader's err. */
#ifndef SQCOLOR_RESULTS_READ_JSON_H
#define SQCOLOR_RESULTS_READ_JSON_H

#include "bench/catalog/registry.h"
#include "bench/results/results.h"
#include "bench/util/id_table.h"
#include "bench/util/stats.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct sq_reader {
    const char *name;
    char *err;
    size_t errlen;
    sq_id_table variants; /* the run's variants by id */
    int schema;
} sq_reader;

/* A message into err, which quotes the file's name and text: shown as one
 * line with no control character, whatever they hold. Returns -1. */
int __attribute__((format(printf, 3, 4)))
sq_say_failed(char *err, size_t errlen, const char *fmt, ...);

/* "NAME: message" into the reader's err. Returns -1. */
int sq_reader_bad(sq_reader *rd, const char *fmt, ...);

/* A string field as jansson holds it, any length (valid while the document is). */
int sq_get_text(sq_reader *rd, json_t *obj, const char *where, const char *key, const char **out);

/* A string into a field of len bytes: a longer one is refused, not cut. */
int sq_get_string(sq_reader *rd, json_t *obj, const char *where, const char *key, char *out,
                  size_t len);

/* A number; with null_ok, null too (NAN). */
int sq_get_number(sq_reader *rd, json_t *obj, const char *where, const char *key, double *out,
                  bool null_ok);

/* A whole number in [min, max], so it converts to an integer type exactly. */
int sq_get_whole(sq_reader *rd, json_t *obj, const char *where, const char *key, double min,
                 double max, double *out);

/* Optional fields: dflt where the key is absent (files from before it was
 * recorded); present, it must have its type (and a whole number be in
 * [min, max]; a number may be null, NAN). */
int sq_get_optional_whole(sq_reader *rd, json_t *obj, const char *where, const char *key,
                          double min, double max, double dflt, double *out);
int sq_get_optional_string(sq_reader *rd, json_t *obj, const char *where, const char *key,
                           const char *dflt, char *out, size_t len);
int sq_get_optional_number(sq_reader *rd, json_t *obj, const char *where, const char *key,
                           double dflt, double *out);
int sq_get_optional_bool(sq_reader *rd, json_t *obj, const char *where, const char *key, bool dflt,
                         bool *out);

int sq_get_object(sq_reader *rd, json_t *obj, const char *where, const char *key, json_t **out);

/* Element i of the array `array`, named "array[i]" in at: -1 (the error
 * said) unless it is an object. */
int sq_get_element(sq_reader *rd, const char *array, size_t i, json_t *o, char *at, size_t len);

/* An optional [lo, hi] of numbers or nulls: NAN, NAN where the key is absent. */
int sq_get_interval(sq_reader *rd, json_t *obj, const char *where, const char *key, double *lo,
                    double *hi);

/* The most a figure in core cycles (a sample, a statistic of samples) may be,
 * either way: no run measures more (minutes for one square at any clock), and
 * the statistics' sums and squares of larger ones leave the doubles' range. */
#define SQ_CYCLES_MOST 1e12

/* x, a figure in cycles that what names: 0, or -1 with the reader's error
 * when it is past SQ_CYCLES_MOST (NAN, a null, passes). */
int sq_check_cycles(sq_reader *rd, const char *what, double x);

/* An object {min, median, p90, ci95} of numbers or nulls (each within
 * SQ_CYCLES_MOST), as schemas 1 and 2 stored statistics. */
int sq_get_stats(sq_reader *rd, json_t *obj, const char *where, const char *key, sq_stats *s);

/* The samples in array samples (numbers or nulls, each within
 * SQ_CYCLES_MOST), reps of them, into a
 * block of sq_samples_alloc (*x), with their processes from array processes
 * where it is not NULL (*process, else NULL); what names the field that
 * holds them in messages. */
int sq_samples_from(sq_reader *rd, json_t *samples, json_t *processes, const char *where,
                    size_t reps, double **x, unsigned char **process);

/* o's samples, reps of them, and their processes where o has them. */
int sq_get_samples(sq_reader *rd, json_t *o, const char *where, size_t reps, double **x,
                   unsigned char **process);

/* The mode of that name, or -1. */
int sq_mode_named(const char *name);

/* The mode named by o's mode, or -1 (err set). */
int sq_get_mode(sq_reader *rd, json_t *o, const char *at);

/* The variant of a result row: one per distinct id, owned by the run; found
 * by its id in the reader's variants, so loading takes time linear in the
 * rows. NULL out of memory. */
const sq_variant *sq_variant_of(sq_reader *rd, sq_run *run, const char *id, const sq_family *fam,
                                const char *tech, const char *impl);

#endif
