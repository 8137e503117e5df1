#include "bench/try/try_write.h"

#include <string.h>

void sq_try_line_name(const char *name, char *buf, size_t len) {
    size_t n = 0;
    for (const char *p = name; *p && n + 1 < len; p++)
        buf[n++] = strchr("\"\\;'`", *p) || (unsigned char)*p < 0x20 ? '?' : *p;
    buf[n] = 0;
}

static void put_name(const char *name, FILE *out) {
    char shown[4096];
    sq_try_line_name(name, shown, sizeof shown);
    fputs(shown, out);
}

/* Whether the C body names an intrinsic (_mm..., _pdep_u64, _bextr_u32, ...):
 * then it gets <immintrin.h>, which costs each compiler a tenth of a second
 * otherwise spent for nothing. */
static bool names_intrinsic(const char *s) {
    for (const char *p = strchr(s, '_'); p; p = strchr(p + 1, '_'))
        if ((p == s || !(p[-1] == '_' || (p[-1] >= '0' && p[-1] <= '9') ||
                         ((p[-1] | 0x20) >= 'a' && (p[-1] | 0x20) <= 'z'))) &&
            p[1] >= 'a' && p[1] <= 'z')
            return true;
    return false;
}

/* One-square families take sq, pairs a and b (docs/try.md). */
static const char *parameters(const sq_try_source *src) {
    return src->family->arity == 2 ? "unsigned a, unsigned b" : "unsigned sq";
}

int sq_try_write_c(const sq_try_source *src, FILE *out) {
    const char *fam = src->family->name;
    fprintf(out, "/* Written by sqcolor try: the C body of %s/%s, for c/own_techniques.h. */\n",
            fam, src->technique);
    fprintf(out, "#include \"isa_features.h\"\n#include \"techniques.h\"\n");
    if (names_intrinsic(src->c.text))
        fprintf(out, "#include <immintrin.h>\n");
    fprintf(out, "#define SQ_TRY_TECHNIQUES(X) X(%s, " SQ_TRY_SYMBOL ", \"\", \"\", %s)\n", fam,
            src->needs);
    fprintf(out, "static inline SQ_TARGET(%s) unsigned sq_%s_" SQ_TRY_SYMBOL "(%s) {\n", src->needs,
            fam, parameters(src));
    bool expression = sq_try_c_is_expression(src);
    if (expression)
        fprintf(out, "    return (unsigned)(\n");
    fprintf(out, "#line %d \"", src->c.line);
    put_name(src->name, out);
    /* The body's last line ends the #line'd text: an error at the ')' after an
     * expression is then at the expression's own last line. */
    const char *text = src->c.text;
    int len = (int)strlen(text);
    if (len > 0 && text[len - 1] == '\n') {
        const char *line = text + len - 1;
        while (line > text && line[-1] != '\n')
            line--;
        if (!memmem(line, (size_t)(text + len - line), "//", 2)) /* it would take the ')' */
            len--;
    }
    fprintf(out, "\"\n%.*s%s\n}\n", len, text, expression ? ");" : "");
    return ferror(out) ? -1 : 0;
}

/* %macro name params ... %endmacro around a body, its lines the file's. */
static void put_macro(const sq_try_source *src, const char *suffix, int params,
                      const sq_try_body *b, FILE *out) {
    if (!b->text)
        return;
    /* NASM numbers the line after "%line N+1" N + 1. */
    fprintf(out, "%%macro %s_" SQ_TRY_SYMBOL "%s %d\n%%line %d+1 ", src->family->name, suffix,
            params, b->line - 1);
    put_name(src->name, out);
    fprintf(out, "\n%s\n%%endmacro\n", b->text);
}

int sq_try_write_asm(const sq_try_source *src, FILE *out) {
    const char *fam = src->family->name;
    fprintf(out, "; Written by sqcolor try: the asm body of %s/%s and its kernels.\n", fam,
            src->technique);
    fprintf(out, "%%include \"sqcolor.inc\"\n%%include \"kernels.inc\"\n");
    put_macro(src, "_setup", 0, &src->setup, out);
    put_macro(src, "", 0, &src->asm_body, out);
    put_macro(src, "_branch_light", 1, &src->branch, out);
    fprintf(out, "%%line 1+1 sqcolor-try.asm\nsection .text\n");
    fprintf(out, "    ROUTINE sq_asm_%s_" SQ_TRY_SYMBOL ", %s_" SQ_TRY_SYMBOL "\n", fam, fam);
    fprintf(out, "    KERNELS sq_asm_%s_" SQ_TRY_SYMBOL ", %s_" SQ_TRY_SYMBOL ", %d\n", fam, fam,
            src->family->arity);
    fprintf(out, "%%include \"noexecstack.inc\"\n");
    return ferror(out) ? -1 : 0;
}
