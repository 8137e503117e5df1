#include "bench/compare/json.h"

#include "bench/util/escape.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A number, or null where it is not one. */
static json_t *json_number(double x) {
    return isfinite(x) ? json_real(x) : json_null();
}

/* A row's kin: "copies", the rows that share its figure; "copy_of", the
 * variant whose row was timed for it. */
static json_t *with_kin(json_t *o, const sq_compare_row *w, const sq_compare_row *rows) {
    if (o && w->twin >= 0 &&
        json_object_set_new(o, "copy_of", json_string(rows[w->twin].a.r->variant->id)))
        o = NULL;
    if (o && w->twin < 0 && json_object_set_new(o, "copies", json_integer(w->copies)))
        o = NULL;
    return o;
}

static json_t *row_json(const sq_compare_row *w, const sq_compare_row *rows, double fail_over) {
    const sq_result *r = w->a.r;
    json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:b, s:s?}", "id", r->variant->id, "sequence",
                          r->sequence, "mode", sq_mode_names[r->mode], "verdict",
                          sq_compare_verdict_word(w), "over_fail_over",
                          (int)sq_compare_over_gate(w, fail_over), "test", sq_compare_test_word(w));
    const double values[] = {w->a.finite ? w->a.s.median : NAN,
                             w->b.finite ? w->b.s.median : NAN,
                             w->p,
                             w->detectable,
                             sq_compare_detectable_pct(w),
                             w->drift};
    static const char *const keys[] = {"a", "b", "p", "detectable", "detectable_pct", "drift"};
    for (int k = 0; o && k < 6; k++)
        if (json_object_set_new(o, keys[k], json_number(values[k])))
            o = NULL;
    return with_kin(o, w, rows);
}

/* The rows the table shows (the findings, copies on their twin, or all) as
 * JSON, or NULL out of memory. */
static json_t *rows_json(const sq_verdicts *v, bool all) {
    json_t *list = json_array();
    for (int i = 0; list && i < v->tally.matched; i++) {
        if (!all && !(v->rows[i].significant && v->rows[i].twin < 0))
            continue;
        json_t *o = row_json(&v->rows[i], v->rows, v->options.fail_over);
        if (!o || json_array_append_new(list, o)) {
            json_decref(list);
            list = NULL;
        }
    }
    return list;
}

/* The batch rows the table shows as JSON: [{"id", "n", "verdict":
 * "slower"|"faster"|"same", "a", "b", "ratio", "over_fail_over"}]; NULL out
 * of memory. */
static json_t *batch_json(const sq_batch_comparison *c, bool all) {
    json_t *rows = json_array();
    for (int i = 0; rows && i < c->a->nbatch; i++) {
        const sq_batch_result *y, *x = sq_batch_shown(c, i, all, &y);
        if (!x)
            continue;
        const sq_batch_verdict *v = &c->verdicts[i];
        json_t *o = json_pack("{s:s, s:I, s:s, s:f, s:f, s:f, s:b}", "id", x->id, "n",
                              (json_int_t)x->n, "verdict", sq_batch_verdict_word(v), "a",
                              x->cycles.median, "b", y->cycles.median, "ratio",
                              isfinite(v->ratio) ? v->ratio : 0.0, "over_fail_over", (int)v->over);
        if (!o || json_array_append_new(rows, o)) {
            json_decref(rows);
            rows = NULL;
        }
    }
    return rows;
}

/* The drift groups as JSON, or NULL out of memory. */
static json_t *drift_json(const sq_compare_tally *t) {
    json_t *drift = json_array();
    for (int g = 0; drift && g < t->ndrift; g++) {
        const sq_drift *d = &t->drift[g];
        if (json_array_append_new(drift,
                                  json_pack("{s:s, s:s, s:s, s:f, s:i}", "family", d->family,
                                            "mode", sq_mode_names[d->mode], "sequence", d->sequence,
                                            "ratio", d->ratio, "rows", d->rows))) {
            json_decref(drift);
            drift = NULL;
        }
    }
    return drift;
}

static int put_stdout(const char *text, size_t size, void *unused) {
    (void)unused;
    return fwrite(text, 1, size, stdout) == size ? 0 : -1;
}

/* The summary: findings (a figure once) slower, faster and kept from a
 * verdict by the host, the gate's count, the detectable change. */
static json_t *summary_json(const sq_verdicts *v) {
    const sq_compare_counts *c = &v->counts;
    sq_stats spread = sq_compare_detectable_spread(v->rows, v->tally.matched);
    return json_pack("{s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:{s:o, s:o}}", "matched",
                     v->tally.matched, "significant", c->significant, "slower", c->slower, "faster",
                     c->faster, "not_judged", c->host, "not_judged_drift", c->drifted,
                     "batch_not_judged", v->batch.host, "over_fail_over", sq_compare_gate(v),
                     "detectable_pct", "median", json_number(spread.median), "p90",
                     json_number(spread.p90));
}

/* The sides' cores: their quiet levels (null: not known) and whether they
 * differed, no row judged then. */
static json_t *cores_json(const sq_compare_cores *c) {
    return json_pack("{s:o, s:o, s:b}", "a", json_number(c->a), "b", json_number(c->b), "differ",
                     (int)c->differ);
}

int sq_compare_print_json(const sq_verdicts *v, const sq_compare_show *show) {
    json_t *root = json_pack("{s:s, s:s}", "a", show->labels[0], "b", show->labels[1]);
    static const char *const keys[] = {"cores", "rows", "batch", "drift", "summary"};
    json_t *parts[] = {cores_json(&v->cores), rows_json(v, show->all),
                       batch_json(&v->batch, show->all), drift_json(&v->tally), summary_json(v)};
    bool whole = root != NULL;
    for (size_t k = 0; k < sizeof parts / sizeof parts[0]; k++)
        whole &= json_object_set_new(root, keys[k], parts[k]) == 0; /* takes parts[k] */
    if (!whole) {
        json_decref(root);
        return -1;
    }
    char *text = json_dumps(root, JSON_INDENT(2) | JSON_REAL_PRECISION(17));
    json_decref(root);
    if (!text)
        return -1;
    sq_json_shown(text, strlen(text), put_stdout, NULL);
    putchar('\n');
    free(text);
    return 0;
}
