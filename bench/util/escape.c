#include "bench/util/escape.h"

#include <ctype.h>
#include <string.h>

/* The code point the UTF-8 sequence s starts with and its length, or 0 for a
 * byte that starts no valid sequence (overlong, surrogate, past U+10FFFF). */
static int utf8_decode(const unsigned char *s, uint32_t *cp) {
    unsigned c = s[0];
    int n = c < 0x80 ? 1 : c < 0xc2 ? 0 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : c < 0xf5 ? 4 : 0;
    if (n <= 1) {
        *cp = c;
        return n;
    }
    uint32_t v = c & (0x7fu >> n);
    for (int i = 1; i < n; i++) { /* stops at the terminating 0: not a continuation */
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        v = v << 6 | (s[i] & 0x3f);
    }
    static const uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (v < least[n] || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
        return 0;
    *cp = v;
    return n;
}

/* The code points not shown, sorted: the general categories Cc (C0, DEL,
 * C1), Cf (format characters: every Bidi_Control of PropList.txt, U+061C,
 * U+200E-F, U+202A-E, U+2066-9, is one, as are the zero-width U+200B-D,
 * U+2060 and U+FEFF), Zl and Zp (U+2028, U+2029), of Unicode 14.0; and the
 * noncharacters U+FFFE and U+FFFF. tests/hidden_chars.py checks it against
 * python3's unicodedata. */
static const struct {
    uint32_t lo, hi;
} hidden[] = {
    {0x0000, 0x001f},   {0x007f, 0x009f},   {0x00ad, 0x00ad},   {0x0600, 0x0605},
    {0x061c, 0x061c},   {0x06dd, 0x06dd},   {0x070f, 0x070f},   {0x0890, 0x0891},
    {0x08e2, 0x08e2},   {0x180e, 0x180e},   {0x200b, 0x200f},   {0x2028, 0x202e},
    {0x2060, 0x2064},   {0x2066, 0x206f},   {0xfeff, 0xfeff},   {0xfff9, 0xfffb},
    {0xfffe, 0xffff},   {0x110bd, 0x110bd}, {0x110cd, 0x110cd}, {0x13430, 0x13438},
    {0x1bca0, 0x1bca3}, {0x1d173, 0x1d17a}, {0xe0001, 0xe0001}, {0xe0020, 0xe007f},
};

static bool shown(uint32_t cp) {
    if (cp >= 0x20 && cp < 0x7f) /* most text */
        return true;
    size_t lo = 0, hi = sizeof hidden / sizeof hidden[0];
    while (lo < hi) { /* the first range ending at or after cp */
        size_t mid = (lo + hi) / 2;
        if (hidden[mid].hi < cp)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo == sizeof hidden / sizeof hidden[0] || cp < hidden[lo].lo;
}

int sq_next_char(const char **s, uint32_t *cp, bool *is_shown) {
    const unsigned char *p = (const unsigned char *)*s;
    if (!*p)
        return 0;
    int n = utf8_decode(p, cp);
    *is_shown = n > 0 && shown(*cp);
    if (n == 0) {
        n = 1;
        *cp = p[0];
    }
    *s += n;
    return n;
}

int sq_plain_width(const char *s) {
    int cols = 0;
    uint32_t cp;
    bool ok;
    while (sq_next_char(&s, &cp, &ok))
        cols++;
    return cols;
}

/* Writes s by the rule, each shown ASCII character in quote (NULL: none)
 * written as quote_as[its index]. */
static void put(FILE *out, const char *s, const char *quote, const char *const *quote_as) {
    uint32_t cp;
    bool ok;
    for (const char *start = s; sq_next_char(&s, &cp, &ok); start = s) {
        const char *q = ok && quote && cp < 0x80 ? strchr(quote, (int)cp) : NULL;
        if (!ok)
            fputc(' ', out);
        else if (q)
            fputs(quote_as[q - quote], out);
        else
            fwrite(start, 1, (size_t)(s - start), out);
    }
}

void sq_put_plain(FILE *out, const char *s) {
    put(out, s, NULL, NULL);
}

void sq_put_plain_padded(FILE *out, const char *s, int width) {
    sq_put_plain(out, s);
    for (int cols = sq_plain_width(s); cols < width; cols++)
        fputc(' ', out);
}

void sq_put_markdown(FILE *out, const char *s) {
    uint32_t cp;
    bool ok;
    for (const char *start = s, *at = s; sq_next_char(&s, &cp, &ok); at = s) {
        /* '_' inside a word (antidiag_add) starts nothing in CommonMark */
        bool inner = cp == '_' && at > start && isalnum((unsigned char)at[-1]) &&
                     isalnum((unsigned char)at[1]);
        if (ok && cp < 0x80 && strchr("\\`*_[]<>|#$^", (int)cp) && !inner)
            fputc('\\', out);
        if (ok)
            fwrite(at, 1, (size_t)(s - at), out);
        else
            fputc(' ', out);
    }
}

void sq_put_markdown_code(FILE *out, const char *s) {
    static const char *const pipe[] = {"\\|"};
    fputc('`', out);
    put(out, s, "|", pipe);
    fputc('`', out);
}

void sq_put_roff(FILE *out, const char *s) {
    uint32_t cp;
    bool ok;
    for (const char *start = s, *at = s; sq_next_char(&s, &cp, &ok); at = s) {
        if (!ok)
            fputc(' ', out);
        else if (cp >= 0x80) /* groff reads no UTF-8 unless told to */
            fprintf(out, "\\[u%04X]", (unsigned)cp);
        else if (cp == '\\')
            fputs("\\e", out);
        else if (cp == '-')
            fputs("\\-", out);
        else if ((cp == '.' || cp == '\'') && at == start) /* a request at a line's start */
            fprintf(out, "\\&%c", (int)cp);
        else
            fputc((int)cp, out);
    }
}

void sq_put_html(FILE *out, const char *s) {
    static const char *const entity[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&#39;"};
    put(out, s, "&<>\"'", entity);
}

void sq_put_latex(FILE *out, const char *s) {
    static const char *const command[] = {"\\textbackslash{}",
                                          "\\{",
                                          "\\}",
                                          "\\$",
                                          "\\&",
                                          "\\#",
                                          "\\textasciicircum{}",
                                          "\\_",
                                          "\\%",
                                          "\\textasciitilde{}",
                                          "\\textless{}",
                                          "\\textgreater{}",
                                          "\\textbar{}",
                                          "{[}",
                                          "{]}",
                                          "{*}"};
    static const char special[] = "\\{}$&#^_%~<>|[]*";
    /* '"' as TeX's quotes: opening at the start or after a space or an
     * opening bracket, else closing (TeX sets a '"' as a closing one). */
    uint32_t cp, before = ' ';
    bool ok;
    for (const char *start = s; sq_next_char(&s, &cp, &ok); start = s, before = ok ? cp : ' ') {
        const char *q = ok && cp < 0x80 ? strchr(special, (int)cp) : NULL;
        if (!ok)
            fputc(' ', out);
        else if (cp == '"')
            fputs(before < 0x80 && strchr(" ([{", (int)before) ? "``" : "''", out);
        else if (q)
            fputs(command[q - special], out);
        else
            fwrite(start, 1, (size_t)(s - start), out);
    }
}

void sq_put_csv(FILE *out, const char *s) {
    static const char *const doubled[] = {"\"\""};
    bool quoted = s[strcspn(s, ",\"")] != 0; /* CR and LF are spaces by then */
    fputs(quoted ? "\"" : "", out);
    put(out, s, "\"", doubled);
    fputs(quoted ? "\"" : "", out);
}

int sq_json_shown(const char *text, size_t size, int (*put)(const char *, size_t, void *),
                  void *data) {
    size_t start = 0;
    for (size_t i = 0; i < size;) {
        /* Most of it is ASCII below DEL, which JSON has escaped already where
         * it must: passed over 8 bytes at a time (adding 1 to each sets its
         * top bit from 0x7f up; a carry comes only from a byte with it set). */
        uint64_t word;
        for (; size - i >= 8; i += 8) {
            memcpy(&word, text + i, 8);
            if ((word | (word + 0x0101010101010101u)) & 0x8080808080808080u)
                break;
        }
        if (i == size)
            break;
        unsigned char c = (unsigned char)text[i], one[5] = {0};
        if (c < 0x7f) {
            i++;
            continue;
        }
        size_t n = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
        uint32_t cp;
        if (n > size - i)
            n = size - i;
        memcpy(one, text + i, n);
        if (utf8_decode(one, &cp) > 0 && cp >= 0x7f && !shown(cp)) {
            char escaped[16]; /* \uXXXX, or a surrogate pair past U+FFFF */
            int rc, len = cp < 0x10000 ? snprintf(escaped, sizeof escaped, "\\u%04X", (unsigned)cp)
                                       : snprintf(escaped, sizeof escaped, "\\u%04X\\u%04X",
                                                  0xd800 + ((cp - 0x10000) >> 10),
                                                  0xdc00 + ((cp - 0x10000) & 0x3ff));
            if ((rc = put(text + start, i - start, data)) || (rc = put(escaped, (size_t)len, data)))
                return rc;
            start = i + n;
        }
        i += n;
    }
    return start < size ? put(text + start, size - start, data) : 0;
}

const char *sq_token_shown(const char *tok, char *buf, size_t len) {
    size_t n = 0, i = 0;
    for (; tok[i] && i < 24 && n + 5 < len; i++) {
        unsigned char c = (unsigned char)tok[i];
        n += (size_t)snprintf(buf + n, len - n, c >= 0x20 && c < 0x7f ? "%c" : "\\x%02x", c);
    }
    snprintf(buf + n, len - n, "%s", tok[i] ? "..." : "");
    return buf;
}

const char *sq_text_shown(const char *text, char *buf, size_t len) {
    size_t n = 0;
    uint32_t cp;
    bool ok;
    buf[0] = 0;
    for (const char *s = text, *at = text; len > 4; at = s) {
        int bytes = sq_next_char(&s, &cp, &ok);
        size_t need = ok ? (size_t)bytes : 4 * (size_t)bytes;
        if (!bytes)
            return buf;
        if (n + need + 4 > len) /* room for "..." and the 0 */
            break;
        for (int k = 0; k < bytes; k++)
            n += (size_t)snprintf(buf + n, len - n, ok ? "%c" : "\\x%02x", (unsigned char)at[k]);
    }
    if (len > 4)
        snprintf(buf + n, len - n, "...");
    return buf;
}
