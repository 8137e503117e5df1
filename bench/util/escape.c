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

static bool shown(uint32_t cp) {
    return cp >= 0x20 && !(cp >= 0x7f && cp <= 0x9f) && !(cp >= 0x200e && cp <= 0x200f) &&
           !(cp >= 0x202a && cp <= 0x202e) && !(cp >= 0x2066 && cp <= 0x2069) && cp != 0xfffe &&
           cp != 0xffff;
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
        if (ok && cp < 0x80 && strchr("\\`*_[]<>|#", (int)cp) && !inner)
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

void sq_put_html(FILE *out, const char *s) {
    static const char *const entity[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&#39;"};
    put(out, s, "&<>\"'", entity);
}

void sq_put_csv(FILE *out, const char *s) {
    static const char *const doubled[] = {"\"\""};
    const char *formula = s[0] && strchr("=+-@\t\r", s[0]) ? "'" : "";
    bool quoted = s[strcspn(s, ",\"")] != 0; /* CR and LF are spaces by then */
    fprintf(out, "%s%s", quoted ? "\"" : "", formula);
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
            char escaped[16]; /* each such character is under U+10000: \uXXXX */
            int rc, len = snprintf(escaped, sizeof escaped, "\\u%04X", (unsigned)cp);
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
