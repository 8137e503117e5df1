#include "bench/input/pgn.h"

#include "bench/util/escape.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

enum { WHITE, BLACK };

/* The text being read, and where its main line stands. */
typedef struct reader {
    const char *p, *end;
    long line;
    char *err;
    size_t errlen;
    uint8_t *out; /* the destinations of the main line's moves so far */
    long moves;
    long variation_line[64]; /* the line of each open '(' */
    int depth;               /* of open variations */
    int side;                /* to move on the main line */
} reader;

/* "line N: reason" in r->err. Returns false. */
static bool fail(reader *r, long line, const char *fmt, ...) {
    int n = snprintf(r->err, r->errlen, "line %ld: ", line);
    va_list ap;
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < r->errlen)
        vsnprintf(r->err + n, r->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return false;
}

/* Skips to just past `close`, counting lines; false at the end of the text. */
static bool skip_past(reader *r, char close) {
    for (; r->p < r->end; r->p++) {
        if (*r->p == '\n')
            r->line++;
        if (*r->p == close) {
            r->p++;
            return true;
        }
    }
    return false;
}

/* A tag pair [Name "value"]: ']' inside the quoted value (escaped \" and \\
 * too) does not close it. */
static bool skip_tag(reader *r) {
    bool quoted = false;
    for (; r->p < r->end; r->p++) {
        char c = *r->p;
        if (c == '\n')
            r->line++;
        else if (quoted && c == '\\' && r->p + 1 < r->end && r->p[1] != '\n')
            r->p++;
        else if (c == '"')
            quoted = !quoted;
        else if (c == ']' && !quoted) {
            r->p++;
            return true;
        }
    }
    return false;
}

static bool is_file(char c) {
    return c >= 'a' && c <= 'h';
}
static bool is_rank(char c) {
    return c >= '1' && c <= '8';
}
static bool is_piece(char c) {
    return c && strchr("KQRBN", c);
}

/* The destination of a SAN move t[0..n) with its check and annotation marks
 * already cut, for `side`; -1 if it is not one. */
static int destination(const char *t, size_t n, int side) {
    if ((n == 3 && (!memcmp(t, "O-O", 3) || !memcmp(t, "0-0", 3))))
        return side == WHITE ? 6 : 62; /* g1, g8 */
    if (n == 5 && (!memcmp(t, "O-O-O", 5) || !memcmp(t, "0-0-0", 5)))
        return side == WHITE ? 2 : 58; /* c1, c8 */
    bool piece = n > 0 && is_piece(t[0]);
    size_t from = piece ? 1 : 0;
    /* A pawn's promotion, "e8=Q" or "e8Q", onto the last rank only. */
    if (!piece && n >= 3 && is_piece(t[n - 1]) && t[n - 1] != 'K') {
        n -= t[n - 2] == '=' ? 2 : 1;
        if (n < 2 || (t[n - 1] != '8' && t[n - 1] != '1'))
            return -1;
    }
    if (n < from + 2 || !is_file(t[n - 2]) || !is_rank(t[n - 1]))
        return -1;
    const char *s = t + from, *dest = t + n - 2;
    bool capture = dest > s && dest[-1] == 'x';
    const char *mid_end = capture ? dest - 1 : dest;
    size_t mid = (size_t)(mid_end - s); /* the disambiguation: file, rank or square */
    if (!piece)                         /* a pawn: "e4", or "exd5" */
        return (mid == 0 && !capture) || (mid == 1 && capture && is_file(s[0]))
                   ? 8 * (dest[1] - '1') + (dest[0] - 'a')
                   : -1;
    if (mid > 2 || (mid >= 1 && !is_file(s[0]) && !is_rank(s[0])) ||
        (mid == 2 && (!is_file(s[0]) || !is_rank(s[1]))))
        return -1;
    return 8 * (dest[1] - '1') + (dest[0] - 'a');
}

static bool is_result(const char *t, size_t n) {
    return (n == 3 && (!memcmp(t, "1-0", 3) || !memcmp(t, "0-1", 3))) ||
           (n == 7 && !memcmp(t, "1/2-1/2", 7)) || (n == 1 && t[0] == '*');
}

/* The bytes a token (a move, a number, a result) may hold. */
static bool symbol_byte(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           (c && strchr("_+#=:-/.!?*", c));
}

static void skip_line(reader *r) {
    while (r->p < r->end && *r->p != '\n')
        r->p++;
}

/* A variation's '(' or ')', read at line `at`. */
static bool read_variation_mark(reader *r, long at) {
    if (*r->p == '(') {
        if (r->depth == (int)(sizeof r->variation_line / sizeof r->variation_line[0]))
            return fail(r, at, "variations nested deeper than %d", r->depth);
        r->variation_line[r->depth++] = at;
    } else {
        if (r->depth == 0)
            return fail(r, at, "')' closes no variation");
        r->depth--;
    }
    r->p++;
    return true;
}

/* A NAG: '$' and digits. */
static bool read_nag(reader *r, long at) {
    const char *s = r->p++;
    while (r->p < r->end && *r->p >= '0' && *r->p <= '9')
        r->p++;
    if (r->p - s == 1)
        return fail(r, at, "'$' is a NAG without its number");
    return true;
}

/* The length of the move number token t[0..n) starts with, "12." for white
 * or "12..." for black, maybe joined to the move ("1.e4"), which sets the
 * side to move on the main line: n for a number alone (with its period or
 * without), 0 for none. */
static size_t move_number(reader *r, const char *t, size_t n) {
    size_t digits = 0;
    while (digits < n && t[digits] >= '0' && t[digits] <= '9')
        digits++;
    if (digits == n)
        return n;
    if (digits == 0 || t[digits] != '.')
        return 0;
    size_t dots = 0;
    while (digits + dots < n && t[digits + dots] == '.')
        dots++;
    if (r->depth == 0)
        r->side = dots >= 3 ? BLACK : WHITE;
    return digits + dots;
}

/* A token read at line `at`: a result, a move number, a move (the main
 * line's kept), or else a fault. */
static bool read_token(reader *r, long at) {
    const char *t = r->p;
    while (r->p < r->end && symbol_byte(*r->p))
        r->p++;
    if (r->p == t) /* a byte no token holds */
        r->p++;
    size_t n = (size_t)(r->p - t);
    if (is_result(t, n)) {
        if (r->depth > 0)
            return fail(r, r->variation_line[r->depth - 1], "a variation '(' that is never closed");
        r->side = WHITE;
        return true;
    }
    size_t number = move_number(r, t, n);
    t += number;
    n -= number;
    if (n == 0)
        return true;
    size_t core = n;
    while (core > 0 && strchr("+#!?", t[core - 1]))
        core--;
    int sq = destination(t, core, r->side);
    if (sq < 0) {
        char tok[26] = {0}, show[128];
        memcpy(tok, t, n < 25 ? n : 25);
        return fail(r, at, "'%s' is not a move", sq_token_shown(tok, show, sizeof show));
    }
    if (r->depth > 0)
        return true; /* the main line only */
    r->out[r->moves++] = (uint8_t)sq;
    r->side = !r->side;
    return true;
}

/* The element at r->p: a line break, a space, an escaped line, a comment,
 * a tag pair, a variation mark, a NAG or a token. */
static bool read_element(reader *r, bool line_start) {
    char c = *r->p;
    long at = r->line;
    if (c == '\n') {
        r->line++;
        r->p++;
    } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
        r->p++;
    } else if (c == 0) {
        return fail(r, at, "a NUL byte (not a text file)");
    } else if ((c == '%' && line_start) || c == ';') { /* an escaped line, a comment */
        skip_line(r);
    } else if (c == '{') {
        r->p++;
        if (!skip_past(r, '}'))
            return fail(r, at, "a comment '{' that is never closed");
    } else if (c == '[') {
        r->p++;
        if (!skip_tag(r))
            return fail(r, at, "a tag pair '[' that is never closed");
        r->side = WHITE; /* tags open a game */
    } else if (c == '(' || c == ')') {
        return read_variation_mark(r, at);
    } else if (c == '$') {
        return read_nag(r, at);
    } else {
        return read_token(r, at);
    }
    return true;
}

long sq_pgn_moves(const char *text, size_t len, uint8_t *out, char *err, size_t errlen) {
    reader r = {.p = text, .end = text + len, .line = 1, .err = err, .errlen = errlen, .out = out};
    if (len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3))
        r.p += 3;
    bool ok = true, line_start = true;
    while (ok && r.p < r.end) {
        bool was_line_start = line_start;
        line_start = *r.p == '\n';
        ok = read_element(&r, was_line_start);
    }
    if (ok && r.depth > 0)
        ok = fail(&r, r.variation_line[r.depth - 1], "a variation '(' that is never closed");
    if (ok && r.moves == 0) {
        snprintf(err, errlen, "no moves in the file");
        ok = false;
    }
    return ok ? r.moves : -1;
}
