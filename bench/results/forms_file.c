#include "bench/results/forms_file.h"

#include "bench/code/chain_code.h"
#include "bench/results/results_schema.h"
#include "bench/results/results_write.h"
#include "bench/util/escape.h"
#include "bench/util/failure.h"

#include <jansson.h>
#include <math.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>

#define KEY_KIND  "kind"
#define KEY_FORMS "forms"
#define KEY_CHAIN "chain"
#define KEY_LINK  "link"

/* ---- writing ---------------------------------------------------------------- */

/* A real, or null where it is not a number. */
static json_t *real(double x) {
    return isfinite(x) ? json_real(x) : json_null();
}

/* cpuid's brand is ASCII; any other byte is written as '?', so the text is
 * always a JSON string. */
static json_t *ascii(const char *s) {
    char buf[400];
    size_t n = 0;
    for (; s[n] && n + 1 < sizeof buf; n++)
        buf[n] = s[n] >= 0x20 && s[n] < 0x7f ? s[n] : '?';
    buf[n] = 0;
    return json_string(buf);
}

static json_t *forms_json(const sq_forms_file *f) {
    json_t *rows = json_array();
    for (int i = 0; rows && i < f->nrows; i++) {
        const sq_form_row *r = &f->rows[i];
        json_t *row =
            json_pack("{s:o, s:o, s:{s:o, s:o, s:o}}", KEY_CHAIN, ascii(r->chain), KEY_LINK,
                      ascii(r->link), SQ_KEY_CYCLES, SQ_KEY_MIN, real(r->cycles.min), SQ_KEY_MEDIAN,
                      real(r->cycles.median), SQ_KEY_P90, real(r->cycles.p90));
        if (!row || json_array_append_new(rows, row)) {
            json_decref(rows);
            return NULL;
        }
    }
    if (!rows)
        return NULL;
    const sq_machine *m = &f->machine;
    json_t *o = json_pack(
        "{s:s, s:i, s:{s:s, s:o, s:o}, s:{s:o, s:o, s:I, s:I, s:I, s:b}, s:{s:o, s:o}, "
        "s:{s:i, s:i, s:o}, s:o}",
        KEY_KIND, SQ_FORMS_KIND, SQ_KEY_SCHEMA, SQ_FORMS_SCHEMA, SQ_KEY_TOOL, SQ_KEY_NAME,
        SQ_RESULTS_TOOL, SQ_KEY_VERSION, ascii(f->version), SQ_KEY_COMMIT, ascii(f->commit),
        SQ_KEY_MACHINE, SQ_KEY_VENDOR, ascii(m->vendor), SQ_KEY_BRAND, ascii(m->brand),
        SQ_KEY_FAMILY, (json_int_t)m->family, SQ_KEY_MODEL, (json_int_t)m->model, SQ_KEY_STEPPING,
        (json_int_t)m->stepping, SQ_KEY_HYPERVISOR, (int)m->hypervisor, SQ_KEY_CLOCK, SQ_KEY_TSC_HZ,
        real(f->tsc_hz), SQ_KEY_CORE_HZ, real(f->core_hz), SQ_KEY_CONFIG, SQ_KEY_REPS, f->reps,
        SQ_KEY_SAMPLES, f->samples, SQ_KEY_SAMPLE_US, real(f->sample_us), KEY_FORMS, rows);
    json_t *machine = json_object_get(o, SQ_KEY_MACHINE);
    if (machine && !sq_test_switches_json(json_incref(machine), m)) {
        json_decref(o);
        return NULL;
    }
    json_decref(machine);
    return o;
}

static int put(const char *text, size_t size, void *out) {
    return fwrite(text, 1, size, out) == size ? 0 : -1;
}

int sq_forms_write(FILE *out, const sq_forms_file *f) {
    json_t *root = forms_json(f);
    if (!root)
        return SQ_FAILED_MEMORY;
    int rc = json_dump_callback(root, put, out, JSON_INDENT(2) | JSON_REAL_PRECISION(7));
    json_decref(root);
    return rc == 0 && putc('\n', out) != EOF && !ferror(out) ? 0 : SQ_FAILED_WRITE;
}

/* ---- reading ---------------------------------------------------------------- */

typedef struct reader {
    const char *name;
    char *err;
    size_t errlen;
} reader;

/* "<file>: <problem>" into err, shown as one line whatever the file holds. */
static int __attribute__((format(printf, 2, 3))) refuse(reader *rd, const char *fmt, ...) {
    char msg[600], line[800];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(line, sizeof line, "%s: %s", rd->name, msg);
    sq_text_shown(line, rd->err, rd->errlen);
    return -1;
}

/* A field's name in messages: "forms[2].link", "schema". */
typedef struct field_name {
    char text[96];
} field_name;

static field_name name_of(const char *where, const char *key) {
    field_name n;
    snprintf(n.text, sizeof n.text, "%s%s%s", where, *where ? "." : "", key);
    return n;
}

/* obj's key, of JSON type type (JSON_REAL: any number), or NULL with the
 * problem said. */
static json_t *field(reader *rd, json_t *obj, const char *where, const char *key, json_type type) {
    static const char *const names[] = {[JSON_OBJECT] = "an object",
                                        [JSON_ARRAY] = "an array",
                                        [JSON_STRING] = "a string",
                                        [JSON_INTEGER] = "a whole number",
                                        [JSON_REAL] = "a number"};
    json_t *v = json_object_get(obj, key);
    if (v && (type == JSON_REAL ? json_is_number(v) : json_typeof(v) == type))
        return v;
    refuse(rd, "%s: %s%s", name_of(where, key).text, v ? "not " : "missing", v ? names[type] : "");
    return NULL;
}

/* A string field into out[len]: a longer one is refused, not cut. */
static int text_field(reader *rd, json_t *obj, const char *where, const char *key, char *out,
                      size_t len) {
    json_t *v = field(rd, obj, where, key, JSON_STRING);
    if (!v)
        return -1;
    if (json_string_length(v) >= len || strlen(json_string_value(v)) != json_string_length(v))
        return refuse(rd, "%s: longer than %zu bytes or holding a NUL", name_of(where, key).text,
                      len - 1);
    memcpy(out, json_string_value(v), json_string_length(v) + 1);
    return 0;
}

/* A whole number in [lo, hi]. */
static int whole_field(reader *rd, json_t *obj, const char *where, const char *key, json_int_t lo,
                       json_int_t hi, json_int_t *out) {
    json_t *v = field(rd, obj, where, key, JSON_INTEGER);
    if (!v)
        return -1;
    *out = json_integer_value(v);
    if (*out < lo || *out > hi)
        return refuse(rd, "%s: %lld is not from %lld to %lld", name_of(where, key).text,
                      (long long)*out, (long long)lo, (long long)hi);
    return 0;
}

/* A positive finite number (null: NAN, where null_ok). */
static int positive_field(reader *rd, json_t *obj, const char *where, const char *key, bool null_ok,
                          double *out) {
    *out = NAN;
    if (null_ok && json_is_null(json_object_get(obj, key)))
        return 0;
    json_t *v = field(rd, obj, where, key, JSON_REAL);
    if (!v)
        return -1;
    *out = json_number_value(v);
    if (!(*out > 0 && *out < 1e12))
        return refuse(rd, "%s: %g is not a positive number below 1e12", name_of(where, key).text,
                      *out);
    return 0;
}

static int read_machine(reader *rd, json_t *root, sq_machine *m) {
    json_t *o = field(rd, root, "", SQ_KEY_MACHINE, JSON_OBJECT);
    json_int_t family, model, stepping;
    json_t *hypervisor = o ? json_object_get(o, SQ_KEY_HYPERVISOR) : NULL;
    if (!o || text_field(rd, o, SQ_KEY_MACHINE, SQ_KEY_VENDOR, m->vendor, sizeof m->vendor) ||
        text_field(rd, o, SQ_KEY_MACHINE, SQ_KEY_BRAND, m->brand, sizeof m->brand) ||
        whole_field(rd, o, SQ_KEY_MACHINE, SQ_KEY_FAMILY, 0, UINT32_MAX, &family) ||
        whole_field(rd, o, SQ_KEY_MACHINE, SQ_KEY_MODEL, 0, UINT32_MAX, &model) ||
        whole_field(rd, o, SQ_KEY_MACHINE, SQ_KEY_STEPPING, 0, UINT32_MAX, &stepping))
        return -1;
    if (!json_is_boolean(hypervisor))
        return refuse(rd, "machine.%s: %s", SQ_KEY_HYPERVISOR,
                      hypervisor ? "not true or false" : "missing");
    /* What the test switches made of it, where one acted. */
    json_t *test_brand = json_object_get(o, SQ_KEY_TEST_BRAND);
    if ((json_object_get(o, SQ_KEY_HIDDEN_FEATURES) &&
         text_field(rd, o, SQ_KEY_MACHINE, SQ_KEY_HIDDEN_FEATURES, m->hidden, sizeof m->hidden)))
        return -1;
    if (test_brand && !json_is_boolean(test_brand))
        return refuse(rd, "machine.%s: not true or false", SQ_KEY_TEST_BRAND);
    m->test_brand = json_is_true(test_brand);
    m->family = (unsigned)family;
    m->model = (unsigned)model;
    m->stepping = (unsigned)stepping;
    m->hypervisor = json_is_true(hypervisor);
    return 0;
}

static int read_row(reader *rd, json_t *o, size_t i, sq_form_row *r) {
    char at[32];
    snprintf(at, sizeof at, "forms[%zu]", i);
    if (!json_is_object(o))
        return refuse(rd, "%s: not an object", at);
    json_t *cycles;
    if (text_field(rd, o, at, KEY_CHAIN, r->chain, sizeof r->chain) ||
        text_field(rd, o, at, KEY_LINK, r->link, sizeof r->link) ||
        !(cycles = field(rd, o, at, SQ_KEY_CYCLES, JSON_OBJECT)))
        return -1;
    snprintf(at + strlen(at), sizeof at - strlen(at), ".%s", SQ_KEY_CYCLES);
    r->cycles.ci_lo = r->cycles.ci_hi = NAN;
    return positive_field(rd, cycles, at, SQ_KEY_MIN, false, &r->cycles.min) ||
                   positive_field(rd, cycles, at, SQ_KEY_MEDIAN, false, &r->cycles.median) ||
                   positive_field(rd, cycles, at, SQ_KEY_P90, false, &r->cycles.p90)
               ? -1
               : 0;
}

static int read_root(reader *rd, json_t *root, sq_forms_file *out) {
    if (!json_is_object(root))
        return refuse(rd, "not a JSON object");
    json_t *kind = json_object_get(root, KEY_KIND);
    if (!json_is_string(kind) || strcmp(json_string_value(kind), SQ_FORMS_KIND) != 0)
        return refuse(rd,
                      "not an instruction-form file (its \"%s\" is not \"%s\": see "
                      "'sqcolor calibrate --format json')",
                      KEY_KIND, SQ_FORMS_KIND);
    json_int_t schema, reps, samples;
    json_t *tool, *clock, *config, *rows;
    char name[32];
    if (whole_field(rd, root, "", SQ_KEY_SCHEMA, 1, INT32_MAX, &schema))
        return -1;
    if (schema != SQ_FORMS_SCHEMA)
        return refuse(rd, "schema %lld: this sqcolor reads schema %d", (long long)schema,
                      SQ_FORMS_SCHEMA);
    if (!(tool = field(rd, root, "", SQ_KEY_TOOL, JSON_OBJECT)) ||
        text_field(rd, tool, SQ_KEY_TOOL, SQ_KEY_NAME, name, sizeof name))
        return -1;
    if (strcmp(name, SQ_RESULTS_TOOL) != 0)
        return refuse(rd, "written by '%s', not %s", name, SQ_RESULTS_TOOL);
    if (text_field(rd, tool, SQ_KEY_TOOL, SQ_KEY_VERSION, out->version, sizeof out->version) ||
        text_field(rd, tool, SQ_KEY_TOOL, SQ_KEY_COMMIT, out->commit, sizeof out->commit) ||
        read_machine(rd, root, &out->machine) ||
        !(clock = field(rd, root, "", SQ_KEY_CLOCK, JSON_OBJECT)) ||
        positive_field(rd, clock, SQ_KEY_CLOCK, SQ_KEY_TSC_HZ, true, &out->tsc_hz) ||
        positive_field(rd, clock, SQ_KEY_CLOCK, SQ_KEY_CORE_HZ, true, &out->core_hz) ||
        !(config = field(rd, root, "", SQ_KEY_CONFIG, JSON_OBJECT)) ||
        whole_field(rd, config, SQ_KEY_CONFIG, SQ_KEY_REPS, 1, 1000000, &reps) ||
        whole_field(rd, config, SQ_KEY_CONFIG, SQ_KEY_SAMPLES, 1, 1000000, &samples) ||
        positive_field(rd, config, SQ_KEY_CONFIG, SQ_KEY_SAMPLE_US, false, &out->sample_us) ||
        !(rows = field(rd, root, "", KEY_FORMS, JSON_ARRAY)))
        return -1;
    out->reps = (int)reps;
    out->samples = (int)samples;
    if (json_array_size(rows) > SQ_FORMS_MAX)
        return refuse(rd, "%s: %zu chains, more than %d", KEY_FORMS, json_array_size(rows),
                      SQ_FORMS_MAX);
    for (size_t i = 0; i < json_array_size(rows); i++) {
        sq_form_row *r = &out->rows[i];
        if (read_row(rd, json_array_get(rows, i), i, r))
            return -1;
        for (int k = 0; k < out->nrows; k++)
            if (strcmp(out->rows[k].chain, r->chain) == 0)
                return refuse(rd, "forms[%zu]: the chain '%s' again", i, r->chain);
        out->nrows++;
    }
    return 0;
}

int sq_forms_parse(const char *text, size_t len, const char *name, sq_forms_file *out, char *err,
                   size_t errlen) {
    memset(out, 0, sizeof *out);
    reader rd = {name, err, errlen};
    json_error_t je;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (!root)
        return refuse(&rd, "not valid JSON (line %d: %s)", je.line, je.text);
    int rc = read_root(&rd, root, out);
    json_decref(root);
    if (rc)
        memset(out, 0, sizeof *out);
    return rc;
}

int sq_forms_load(const char *path, sq_forms_file *out, char *err, size_t errlen) {
    reader rd = {path, err, errlen};
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "rb");
    if (!f)
        return refuse(&rd, "%s", strerror(errno));
    struct stat st;
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
        fclose(f);
        return refuse(&rd, "not a regular file");
    }
    enum { CAP = 1 << 20 };
    char *text = malloc(CAP + 1);
    size_t len = text ? fread(text, 1, CAP + 1, f) : 0;
    bool failed = !text || ferror(f);
    int e = errno;
    fclose(f);
    int rc = !text       ? refuse(&rd, "out of memory while reading it")
             : failed    ? refuse(&rd, "%s", strerror(e))
             : len > CAP ? refuse(&rd, "larger than 1 MiB")
                         : sq_forms_parse(text, len, path, out, err, errlen);
    free(text);
    return rc;
}

int sq_forms_costs(const sq_forms_file *f, sq_form_cost *out, int max) {
    int n = 0;
    for (int i = 0; i < f->nrows && n < max; i++) {
        const sq_chain *c = sq_chain_find(f->rows[i].chain);
        sq_chain_code code;
        char err[200];
        if (!c || !c->dependent || !sq_chain_code_of(c, &code, err, sizeof err) ||
            code.ninsns != 1 || code.nforms != 1 || !isfinite(f->rows[i].cycles.median))
            continue;
        snprintf(out[n].form, sizeof out[n].form, "%s", code.form[0]);
        out[n++].cycles = f->rows[i].cycles.median;
    }
    return n;
}
