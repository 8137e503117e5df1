#include "bench/input/sequence.h"

#include "bench/input/held_files.h"
#include "bench/util/escape.h"
#include "bench/util/splitmix64.h"

#include "bench/input/pgn.h"
#include "bench/catalog/reference.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- built-ins ------------------------------------------------------------ */

typedef struct rng {
    uint64_t s;
} rng;

/* Uniform in 0..63: 64 divides 2^64, so the low bits are unbiased. */
static unsigned any_square(rng *r) {
    return (unsigned)(sq_splitmix64(&r->s) & 63);
}

/* Uniform among the 32 squares of one color (1 = dark). */
static unsigned square_of_color(rng *r, unsigned dark) {
    unsigned sq;
    do
        sq = any_square(r);
    while (ref_color(sq) != dark);
    return sq;
}

typedef void (*generator)(rng *r, size_t i, uint8_t *a, uint8_t *b);

static void gen_ordered(rng *r, size_t i, uint8_t *a, uint8_t *b) {
    (void)r;
    (void)b;
    *a = (uint8_t)(i % 64);
}
static void gen_random(rng *r, size_t i, uint8_t *a, uint8_t *b) {
    (void)i;
    *a = (uint8_t)any_square(r);
    if (b)
        *b = (uint8_t)any_square(r);
}
static void gen_dark(rng *r, size_t i, uint8_t *a, uint8_t *b) {
    (void)i;
    (void)b;
    *a = (uint8_t)square_of_color(r, 1);
}
static void gen_light(rng *r, size_t i, uint8_t *a, uint8_t *b) {
    (void)i;
    (void)b;
    *a = (uint8_t)square_of_color(r, 0);
}
static void gen_alternating(rng *r, size_t i, uint8_t *a, uint8_t *b) {
    (void)b;
    *a = (uint8_t)square_of_color(r, i % 2 == 0);
}
static void gen_same(rng *r, size_t i, uint8_t *a, uint8_t *b) {
    (void)i;
    *a = (uint8_t)any_square(r);
    *b = (uint8_t)square_of_color(r, ref_color(*a));
}
static void gen_different(rng *r, size_t i, uint8_t *a, uint8_t *b) {
    (void)i;
    *a = (uint8_t)any_square(r);
    *b = (uint8_t)square_of_color(r, !ref_color(*a));
}

static const struct builtin {
    const char *name;
    int arity;
    generator gen;
} builtins[] = {
    {"ordered", 1, gen_ordered}, {"random", 1, gen_random},           {"dark", 1, gen_dark},
    {"light", 1, gen_light},     {"alternating", 1, gen_alternating}, {"random", 2, gen_random},
    {"same", 2, gen_same},       {"different", 2, gen_different},
};
#define BUILTINS (int)(sizeof builtins / sizeof builtins[0])

/* The real-game sequences, in the binary as text (asm/game_sequences.asm):
 * squares an engine asks about, from games stockfish played against itself
 * (tools/games/generate.py). Repeated to the run's length like a file. */
extern const char sq_game_moves_text[], sq_game_moves_end[];
extern const char sq_game_bishops_text[], sq_game_bishops_end[];
extern const char sq_game_bishop_pairs_text[], sq_game_bishop_pairs_end[];

static const struct game {
    const char *name;
    int arity;
    const char *text, *end;
} games[] = {
    {"game-moves", 1, sq_game_moves_text, sq_game_moves_end},
    {"game-bishops", 1, sq_game_bishops_text, sq_game_bishops_end},
    {"game-bishop-pairs", 2, sq_game_bishop_pairs_text, sq_game_bishop_pairs_end},
};
#define GAMES (int)(sizeof games / sizeof games[0])

static const struct game *find_game(const char *name, int arity) {
    for (int i = 0; i < GAMES; i++)
        if (games[i].arity == arity && strcmp(games[i].name, name) == 0)
            return &games[i];
    return NULL;
}

const char *sq_sequence_names(int arity) {
    return arity == 1 ? SQ_SEQUENCES_ONE : SQ_SEQUENCES_PAIR;
}

static const struct builtin *find_builtin(const char *name, int arity) {
    for (int i = 0; i < BUILTINS; i++)
        if (builtins[i].arity == arity && strcmp(builtins[i].name, name) == 0)
            return &builtins[i];
    return NULL;
}

const char *sq_sequence_path(const char *spec) {
    if (strncmp(spec, "file:", 5) == 0)
        return spec + 5;
    if (strncmp(spec, "pgn:", 4) == 0)
        return spec + 4;
    return NULL;
}

bool sq_sequence_known(const char *spec, int arity) {
    return sq_sequence_path(spec) || find_builtin(spec, arity) || find_game(spec, arity);
}

static int fail(char *err, size_t errlen, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static int allocate(sq_sequence *out, int arity, size_t length, char *err, size_t errlen) {
    memset(out, 0, sizeof *out);
    out->arity = arity;
    out->length = length;
    out->a = malloc(length);
    out->b = arity == 2 ? malloc(length) : NULL;
    if (!out->a || (arity == 2 && !out->b)) {
        sq_sequence_free(out);
        return fail(err, errlen, "cannot allocate a sequence of %zu squares", length);
    }
    return 0;
}

/* ---- files ---------------------------------------------------------------- */

bool sq_parse_square(const char *token, unsigned *sq) {
    size_t len = strlen(token);
    if (len == 2 && isalpha((unsigned char)token[0])) {
        int file = tolower((unsigned char)token[0]) - 'a', rank = token[1] - '1';
        if (file < 0 || file > 7 || rank < 0 || rank > 7)
            return false;
        *sq = (unsigned)(8 * rank + file);
        return true;
    }
    if (len == 0 || len > 2)
        return false;
    for (size_t i = 0; i < len; i++)
        if (!isdigit((unsigned char)token[i]))
            return false;
    *sq = (unsigned)atoi(token);
    return *sq < 64;
}

typedef enum { LINE_OK, LINE_END, LINE_NUL, LINE_LONG, LINE_BIG, LINE_NOMEM } line_status;

/* The next line of f, without its '\n', into *line (grown as needed, up to
 * SQ_SEQUENCE_MAX_LINE bytes); *bytes counts the file's bytes so far, up to
 * SQ_SEQUENCE_MAX_BYTES. A NUL byte stops it: this is not a text file. */
static line_status read_line(FILE *f, char **line, size_t *cap, size_t *bytes) {
    size_t n = 0;
    int c;
    if (!*line && !(*line = malloc(*cap = 256)))
        return LINE_NOMEM;
    while ((c = getc_unlocked(f)) != EOF) {
        if (++*bytes > SQ_SEQUENCE_MAX_BYTES)
            return LINE_BIG;
        if (c == '\n')
            break;
        if (c == 0)
            return LINE_NUL;
        if (n == SQ_SEQUENCE_MAX_LINE)
            return LINE_LONG;
        if (n + 1 >= *cap) {
            size_t bigger = *cap * 2;
            char *p = realloc(*line, bigger);
            if (!p)
                return LINE_NOMEM;
            *line = p;
            *cap = bigger;
        }
        (*line)[n++] = (char)c;
    }
    if (c == EOF && n == 0)
        return LINE_END;
    (*line)[n] = 0;
    return LINE_OK;
}

static int too_big(const char *spec, char *err, size_t errlen) {
    return fail(err, errlen, "--sequence %s: larger than %d MiB, the most a sequence file holds",
                spec, (int)(SQ_SEQUENCE_MAX_BYTES >> 20));
}

/* Why a file cannot be read as a sequence before reading it: a directory,
 * or a regular file past the size limit. */
static int check_opened(FILE *f, const char *spec, char *err, size_t errlen) {
    struct stat st;
    if (fstat(fileno(f), &st) != 0)
        return fail(err, errlen, "--sequence %s: %s", spec, strerror(errno));
    if (S_ISDIR(st.st_mode))
        return fail(err, errlen, "--sequence %s: a directory, not a file of squares", spec);
    if (S_ISREG(st.st_mode) && (unsigned long long)st.st_size > SQ_SEQUENCE_MAX_BYTES)
        return too_big(spec, err, errlen);
    return 0;
}

/* The file of a file: or pgn: spec, opened if it can be read as a sequence;
 * NULL with the reason in err. */
static FILE *open_checked(const char *spec, char *err, size_t errlen) {
    FILE *f = sq_sequence_open(spec, sq_sequence_path(spec));
    if (!f) {
        fail(err, errlen, "--sequence %s: %s", spec, strerror(errno));
        return NULL;
    }
    if (check_opened(f, spec, err, errlen)) {
        fclose(f);
        return NULL;
    }
    return f;
}

/* The squares read so far: a, and b for pairs. */
typedef struct square_buf {
    uint8_t *a, *b;
    size_t n, cap;
    int arity;
} square_buf;

/* Room for one more square (pair); 0, or -1 with the reason in err. */
static int make_room(square_buf *buf, const char *spec, char *err, size_t errlen) {
    if (buf->n < buf->cap)
        return 0;
    if (buf->cap >= (size_t)1 << 30)
        return fail(err, errlen, "--sequence %s: more than 2^30 squares", spec);
    buf->cap *= 2;
    uint8_t *na = realloc(buf->a, buf->cap),
            *nb = buf->arity == 2 ? realloc(buf->b, buf->cap) : NULL;
    if (na)
        buf->a = na;
    if (nb)
        buf->b = nb;
    if (!na || (buf->arity == 2 && !nb))
        return fail(err, errlen, "--sequence %s: out of memory", spec);
    return 0;
}

/* A line read_line could not give, as a message: 0 for a line, -1 with the
 * reason in err. */
static int line_problem(line_status got, const char *spec, long lineno, char *err, size_t errlen) {
    if (got == LINE_NUL)
        return fail(err, errlen, "--sequence %s: line %ld: a NUL byte (not a text file)", spec,
                    lineno);
    if (got == LINE_LONG)
        return fail(err, errlen,
                    "--sequence %s: line %ld: longer than %d MiB, the most a line "
                    "holds",
                    spec, lineno, (int)(SQ_SEQUENCE_MAX_LINE >> 20));
    if (got == LINE_BIG)
        return too_big(spec, err, errlen);
    if (got == LINE_NOMEM)
        return fail(err, errlen, "--sequence %s: line %ld: out of memory", spec, lineno);
    return 0;
}

/* One line's squares (all its tokens) or pair (two tokens), a comment from
 * '#' on left out; 0, or -1 with the reason in err. */
static int read_tokens(char *text, square_buf *buf, const char *spec, long lineno, char *err,
                       size_t errlen) {
    char *hash = strchr(text, '#');
    if (hash)
        *hash = 0;
    int tokens = 0, arity = buf->arity;
    char show[128];
    for (char *save, *tok = strtok_r(text, " \t\r\n,", &save); tok;
         tok = strtok_r(NULL, " \t\r\n,", &save)) {
        unsigned sq;
        if (!sq_parse_square(tok, &sq))
            return fail(err, errlen,
                        "--sequence %s: line %ld: '%s' is not a square (0-63 or a1..h8)", spec,
                        lineno, sq_token_shown(tok, show, sizeof show));
        if (arity == 2 && tokens >= 2)
            return fail(err, errlen,
                        "--sequence %s: line %ld: '%s': pair families need two "
                        "squares a line, like 'e4 d5'",
                        spec, lineno, sq_token_shown(tok, show, sizeof show));
        if (make_room(buf, spec, err, errlen))
            return -1;
        if (arity == 2 && tokens == 1)
            buf->b[buf->n++] = (uint8_t)sq;
        else if (arity == 2)
            buf->a[buf->n] = (uint8_t)sq;
        else
            buf->a[buf->n++] = (uint8_t)sq;
        tokens++;
    }
    if (arity == 2 && tokens == 1)
        return fail(err, errlen,
                    "--sequence %s: line %ld: one square; pair families need two a line, like "
                    "'e4 d5'",
                    spec, lineno);
    return 0;
}

/* Reads a stream's squares (all tokens) or pairs (two tokens a line), and
 * closes it. A UTF-8 byte order mark at its start is skipped. spec names it
 * in messages. */
static int read_squares(FILE *f, const char *spec, int arity, uint8_t **a, uint8_t **b,
                        size_t *count, char *err, size_t errlen) {
    square_buf buf = {
        .a = malloc(1024), .b = arity == 2 ? malloc(1024) : NULL, .cap = 1024, .arity = arity};
    size_t bytes = 0;
    char *line = NULL; /* one line may hold a whole game, up to SQ_SEQUENCE_MAX_LINE */
    size_t line_cap = 0;
    int rc = !buf.a || (arity == 2 && !buf.b)
                 ? fail(err, errlen, "--sequence %s: out of memory", spec)
                 : 0;
    for (long lineno = 1; rc == 0; lineno++) {
        line_status got = read_line(f, &line, &line_cap, &bytes);
        if (got == LINE_END)
            break;
        rc = line_problem(got, spec, lineno, err, errlen);
        if (rc == 0) {
            bool bom = lineno == 1 && strncmp(line, "\xef\xbb\xbf", 3) == 0;
            rc = read_tokens(line + (bom ? 3 : 0), &buf, spec, lineno, err, errlen);
        }
    }
    free(line);
    if (rc == 0 && ferror(f))
        rc = fail(err, errlen, "--sequence %s: %s", spec, strerror(errno));
    if (rc == 0 && buf.n == 0)
        rc = fail(err, errlen, "--sequence %s: no squares in the file", spec);
    fclose(f);
    *count = buf.n;
    *a = buf.a;
    *b = buf.b;
    if (rc) {
        free(*a);
        free(*b);
    }
    return rc;
}

/* Reads a PGN file's move destinations (see pgn.h): single squares only. */
static int read_pgn(const char *spec, int arity, uint8_t **a, size_t *count, char *err,
                    size_t errlen) {
    if (arity != 1)
        return fail(err, errlen,
                    "--sequence %s: a PGN gives single squares; pair families need file: pairs",
                    spec);
    FILE *f = open_checked(spec, err, errlen);
    if (!f)
        return -1;
    size_t cap = 1 << 16, n = 0;
    char *text = malloc(cap);
    int rc = text ? 0 : fail(err, errlen, "--sequence %s: out of memory", spec);
    while (rc == 0) {
        if (n > SQ_SEQUENCE_MAX_BYTES) {
            rc = too_big(spec, err, errlen);
            break;
        }
        if (n == cap) { /* grows to one byte past the limit, to see it passed */
            size_t more = cap * 2 > SQ_SEQUENCE_MAX_BYTES ? SQ_SEQUENCE_MAX_BYTES + 1 : cap * 2;
            char *bigger = realloc(text, more);
            if (!bigger) {
                rc = fail(err, errlen, "--sequence %s: out of memory", spec);
                break;
            }
            text = bigger;
            cap = more;
        }
        size_t got = fread(text + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (rc == 0 && ferror(f))
        rc = fail(err, errlen, "--sequence %s: %s", spec, strerror(errno));
    fclose(f);
    *a = rc == 0 ? malloc(n / 2 + 1) : NULL;
    if (rc == 0 && !*a)
        rc = fail(err, errlen, "--sequence %s: out of memory", spec);
    char why[256];
    long moves = rc == 0 ? sq_pgn_moves(text, n, *a, why, sizeof why) : -1;
    if (rc == 0 && moves < 0)
        rc = fail(err, errlen, "--sequence %s: %s", spec, why);
    free(text);
    if (rc) {
        free(*a);
        *a = NULL;
        return -1;
    }
    *count = (size_t)moves;
    return 0;
}

/* A file's squares or pairs. */
static int read_file(const char *spec, int arity, uint8_t **a, uint8_t **b, size_t *count,
                     char *err, size_t errlen) {
    FILE *f = open_checked(spec, err, errlen);
    if (!f)
        return -1;
    return read_squares(f, spec, arity, a, b, count, err, errlen);
}

/* A real-game sequence's squares or pairs, from its text in the binary. */
static int read_game(const struct game *g, uint8_t **a, uint8_t **b, size_t *count, char *err,
                     size_t errlen) {
    FILE *f = fmemopen((void *)g->text, (size_t)(g->end - g->text), "r");
    if (!f)
        return fail(err, errlen, "--sequence %s: %s", g->name, strerror(errno));
    return read_squares(f, g->name, g->arity, a, b, count, err, errlen);
}

int sq_sequence_make(const char *spec, int arity, size_t length, uint64_t seed, sq_sequence *out,
                     char *err, size_t errlen) {
    const struct game *game = find_game(spec, arity);
    if (game || sq_sequence_path(spec)) {
        uint8_t *a = NULL, *b = NULL;
        size_t count = 0;
        if (game                            ? read_game(game, &a, &b, &count, err, errlen)
            : strncmp(spec, "pgn:", 4) == 0 ? read_pgn(spec, arity, &a, &count, err, errlen)
                                            : read_file(spec, arity, &a, &b, &count, err, errlen))
            return -1;
        int rc = allocate(out, arity, length, err, errlen);
        for (size_t i = 0; rc == 0 && i < length; i++) {
            out->a[i] = a[i % count];
            if (b)
                out->b[i] = b[i % count];
        }
        out->source_count = count;
        free(a);
        free(b);
        return rc;
    }
    const struct builtin *g = find_builtin(spec, arity);
    if (!g)
        return fail(err, errlen,
                    "--sequence: unknown sequence '%s' for %s (%s, file:PATH or pgn:PATH)", spec,
                    arity == 1 ? "one square" : "pairs", sq_sequence_names(arity));
    if (allocate(out, arity, length, err, errlen))
        return -1;
    rng r = {seed ^ (uint64_t)(g - builtins) * 0x2545f4914f6cdd1dULL};
    for (size_t i = 0; i < length; i++)
        g->gen(&r, i, &out->a[i], out->b ? &out->b[i] : NULL);
    out->source_count = length;
    return 0;
}

void sq_sequence_free(sq_sequence *s) {
    free(s->a);
    free(s->b);
    s->a = s->b = NULL;
}

int sq_sequence_read_once(const char *spec, char *err, size_t errlen) {
    const char *path = sq_sequence_path(spec);
    return path ? sq_sequence_hold(spec, path, SQ_SEQUENCE_MAX_BYTES, SQ_SEQUENCE_MAX_LINE, err,
                                   errlen)
                : 0;
}
