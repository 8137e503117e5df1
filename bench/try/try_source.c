#include "bench/try/try_source.h"

#include "c/isa_features.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The keys of the form: what each holds. */
enum { KEY_FAMILY, KEY_NAME, KEY_FORMULA, KEY_NEEDS, KEY_C, KEY_ASM, KEY_SETUP, KEY_BRANCH, NKEYS };
static const char *const key_names[NKEYS] = {"family", "name", "formula", "needs",
                                             "c",      "asm",  "setup",   "branch"};
#define KEY_LIST "family, name, formula, needs, c, asm, setup, branch"

#define REQUIREMENT_ROW(tok) {#tok, SQ_NEEDS(tok)},
static const struct {
    const char *token;
    unsigned mask;
} requirements[] = {SQ_FOR_EACH_REQUIREMENT(REQUIREMENT_ROW)};
#define REQUIREMENT_NAME(tok) " " #tok
#define REQUIREMENT_LIST      SQ_FOR_EACH_REQUIREMENT(REQUIREMENT_NAME)

/* One line at a time through the text. */
typedef struct cursor {
    const char *name, *p, *end;
    int line;
    char *err;
    size_t errlen;
} cursor;

static int fail(cursor *c, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(cursor *c, int line, const char *fmt, ...) {
    int used = snprintf(c->err, c->errlen, "%s:%d: ", c->name, line);
    va_list ap;
    va_start(ap, fmt);
    if (used >= 0 && (size_t)used < c->errlen)
        vsnprintf(c->err + used, c->errlen - (size_t)used, fmt, ap);
    va_end(ap);
    return -1;
}

/* The next line [*start, *stop), without its newline; false at the end. */
static bool next_line(cursor *c, const char **start, const char **stop) {
    if (c->p >= c->end)
        return false;
    *start = c->p;
    const char *nl = memchr(c->p, '\n', (size_t)(c->end - c->p));
    *stop = nl ? nl : c->end;
    c->p = nl ? nl + 1 : c->end;
    c->line++;
    if (*stop > *start && (*stop)[-1] == '\r')
        (*stop)--;
    return true;
}

static bool blank(const char *s, const char *e) {
    for (; s < e; s++)
        if (!isspace((unsigned char)*s))
            return false;
    return true;
}

/* Appends [s, e) and a newline to the body. */
static int add_line(sq_try_body *b, size_t *len, const char *s, const char *e) {
    size_t n = (size_t)(e - s);
    char *grown = realloc(b->text, *len + n + 2);
    if (!grown)
        return -1;
    memcpy(grown + *len, s, n);
    *len += n;
    grown[(*len)++] = '\n';
    grown[*len] = 0;
    b->text = grown;
    return 0;
}

/* A body's value: the rest of its key's line, then the indented or blank
 * lines after it (trailing blank ones dropped). */
static int read_body(cursor *c, const char *value, const char *stop, sq_try_body *b) {
    size_t len = 0, kept = 0;
    b->line = c->line;
    if (!blank(value, stop) && add_line(b, &len, value, stop))
        return fail(c, c->line, "out of memory");
    if (!b->text)
        b->line = c->line + 1;
    kept = len;
    for (const char *s, *e; c->p < c->end;) {
        const char *save = c->p;
        int line = c->line;
        if (!next_line(c, &s, &e))
            break;
        if (s < e && !isspace((unsigned char)*s) && *s != '#') {
            c->p = save;
            c->line = line;
            break;
        }
        if (s < e && *s == '#')
            continue; /* a comment inside a body is no line of it */
        if (add_line(b, &len, s, e))
            return fail(c, c->line, "out of memory");
        if (!blank(s, e))
            kept = len;
    }
    if (b->text)
        b->text[kept] = 0;
    if (!b->text || blank(b->text, b->text + kept)) {
        free(b->text);
        b->text = NULL;
    }
    return 0;
}

/* A one-line value into buf, trimmed; too long or empty is an error. */
static int read_word(cursor *c, const char *key, const char *value, const char *stop, char *buf,
                     size_t size) {
    while (stop > value && isspace((unsigned char)stop[-1]))
        stop--;
    size_t n = (size_t)(stop - value);
    if (n == 0)
        return fail(c, c->line, "%s: no value", key);
    if (n >= size)
        return fail(c, c->line, "%s: longer than %zu characters", key, size - 1);
    memcpy(buf, value, n);
    buf[n] = 0;
    return 0;
}

/* Every character a printable one of ASCII: a family, a name, a token. */
static bool plain(const char *s, bool name_only) {
    for (; *s; s++)
        if (name_only ? !(islower((unsigned char)*s) || isdigit((unsigned char)*s) || *s == '_')
                      : (*s < 0x20 || *s > 0x7e))
            return false;
    return true;
}

/* The one-line keys' values checked: a known family, a name for ids and
 * symbols, a known requirement. */
static int check_words(cursor *c, sq_try_source *out, const int *line) {
    if (!line[KEY_FAMILY])
        return fail(c, 1, "no 'family:' line (families: %s)", sq_family_names());
    if (!out->family)
        return fail(c, line[KEY_FAMILY], "unknown family '%s' (families: %s)",
                    plain(out->family_name, false) ? out->family_name : "?", sq_family_names());
    if (!line[KEY_NAME])
        return fail(c, 1, "no 'name:' line");
    if (!plain(out->technique, true) || !islower((unsigned char)out->technique[0]))
        return fail(c, line[KEY_NAME],
                    "name: '%s' is not a name of lowercase letters, digits and _, starting with "
                    "a letter",
                    plain(out->technique, false) ? out->technique : "?");
    for (int i = 0; i < sq_variant_count; i++)
        if (sq_variants[i].family == out->family &&
            strcmp(sq_variants[i].technique, out->technique) == 0)
            return fail(c, line[KEY_NAME],
                        "name: %s/%s is the catalogue's; the tried technique races beside it "
                        "under a name of its own",
                        out->family->name, out->technique);
    if (!plain(out->formula, false))
        return fail(c, line[KEY_FORMULA], "formula: a character that is not printable ASCII");
    for (size_t i = 0; i < sizeof requirements / sizeof requirements[0]; i++)
        if (strcmp(out->needs, requirements[i].token) == 0) {
            out->needs_mask = requirements[i].mask;
            return 0;
        }
    return fail(c, line[KEY_NEEDS], "needs: '%s' is none of" REQUIREMENT_LIST,
                plain(out->needs, false) ? out->needs : "?");
}

/* The bodies checked: one at least; the hooks only beside an asm body. */
static int check_bodies(cursor *c, const sq_try_source *out, const int *line) {
    if (!out->c.text && !out->asm_body.text)
        return fail(c, c->line, "neither a 'c:' nor an 'asm:' body (either alone is enough)");
    if (!out->asm_body.text && (out->setup.text || out->branch.text))
        return fail(c, line[out->setup.text ? KEY_SETUP : KEY_BRANCH],
                    "%s: a hook of the asm body, but there is no 'asm:' body",
                    out->setup.text ? "setup" : "branch");
    return 0;
}

/* The line's key: its index, or -1 having said why. */
static int key_of(cursor *c, const char *s, const char *colon) {
    for (int k = 0; k < NKEYS; k++)
        if (strlen(key_names[k]) == (size_t)(colon - s) &&
            memcmp(key_names[k], s, (size_t)(colon - s)) == 0)
            return k;
    int n = (int)(colon - s) > 24 ? 24 : (int)(colon - s);
    char key[25];
    memcpy(key, s, (size_t)n);
    key[n] = 0;
    return fail(c, c->line, "unknown key '%s' (keys: " KEY_LIST ")", plain(key, false) ? key : "?");
}

static int read_value(cursor *c, sq_try_source *out, int k, const char *v, const char *e) {
    sq_try_body *bodies[NKEYS] = {[KEY_C] = &out->c,
                                  [KEY_ASM] = &out->asm_body,
                                  [KEY_SETUP] = &out->setup,
                                  [KEY_BRANCH] = &out->branch};
    switch (k) {
    case KEY_FAMILY:
        if (read_word(c, "family", v, e, out->family_name, sizeof out->family_name))
            return -1;
        out->family = sq_family_find(out->family_name);
        return 0;
    case KEY_NAME:
        return read_word(c, "name", v, e, out->technique, sizeof out->technique);
    case KEY_FORMULA:
        return read_word(c, "formula", v, e, out->formula, sizeof out->formula);
    case KEY_NEEDS:
        return read_word(c, "needs", v, e, out->needs, sizeof out->needs);
    default:
        return read_body(c, v, e, bodies[k]);
    }
}

int sq_try_parse(const char *name, const char *text, size_t len, sq_try_source *out, char *err,
                 size_t errlen) {
    cursor c = {name, text, text + len, 0, err, errlen};
    int line[NKEYS] = {0};
    *out = (sq_try_source){0};
    snprintf(out->needs, sizeof out->needs, "NONE");
    if (memchr(text, 0, len))
        return fail(&c, 1, "a NUL byte: not a text file");
    if (!(out->name = strdup(name)) || !(out->text = strndup(text, len)))
        return fail(&c, 1, "out of memory");
    for (const char *s, *e; next_line(&c, &s, &e);) {
        if (blank(s, e) || *s == '#')
            continue;
        const char *colon = memchr(s, ':', (size_t)(e - s));
        if (isspace((unsigned char)*s) || !colon)
            return fail(&c, c.line, "expected 'key: value' at the margin (keys: " KEY_LIST ")");
        int k = key_of(&c, s, colon);
        if (k < 0)
            return -1;
        if (line[k])
            return fail(&c, c.line, "%s: given twice (first on line %d)", key_names[k], line[k]);
        line[k] = c.line;
        const char *v = colon + 1;
        while (v < e && (*v == ' ' || *v == '\t'))
            v++;
        if (read_value(&c, out, k, v, e))
            return -1;
    }
    if (check_words(&c, out, line) || check_bodies(&c, out, line))
        return -1;
    if (!line[KEY_FORMULA])
        snprintf(out->formula, sizeof out->formula, "%s",
                 out->c.text && sq_try_c_is_expression(out) && plain(out->c.text, false)
                     ? out->c.text
                 : out->c.text ? "a C body"
                               : "an asm body");
    return 0;
}

/* Whether an identifier's character. */
static bool word_char(char ch) {
    return isalnum((unsigned char)ch) || ch == '_';
}

int sq_try_c_is_expression(const sq_try_source *src) {
    const char *t = src->c.text;
    for (const char *p = t ? strstr(t, "return") : NULL; p; p = strstr(p + 1, "return"))
        if ((p == t || !word_char(p[-1])) && !word_char(p[6]))
            return 0;
    return t != NULL;
}

int sq_try_read(const char *path, sq_try_source *out, char *err, size_t errlen) {
    bool in = strcmp(path, "-") == 0;
    FILE *f = in ? stdin : fopen(path, "rb");
    const char *shown = in ? "standard input" : path;
    if (!f) {
        snprintf(err, errlen, "%s: %s", shown, strerror(errno));
        return -1;
    }
    static char buf[SQ_TRY_MAX_BYTES + 1]; /* not on a small stack */
    size_t n = fread(buf, 1, sizeof buf, f);
    int failed = ferror(f);
    if (!in)
        fclose(f);
    if (failed) {
        snprintf(err, errlen, "%s: cannot read it", shown);
        return -1;
    }
    if (n > SQ_TRY_MAX_BYTES) {
        snprintf(err, errlen, "%s: more than %d bytes: not a technique file", shown,
                 SQ_TRY_MAX_BYTES);
        return -1;
    }
    return sq_try_parse(in ? "-" : path, buf, n, out, err, errlen);
}

void sq_try_source_free(sq_try_source *src) {
    free(src->name);
    free(src->text);
    free(src->c.text);
    free(src->asm_body.text);
    free(src->setup.text);
    free(src->branch.text);
    *src = (sq_try_source){0};
}
