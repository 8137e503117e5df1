/* The PGN reader: every SAN form gives its destination square, castling the
 * king's for the side to move, everything but the main line's moves is
 * skipped, and what is not PGN is refused naming its line and token. Squares
 * are written out here (a1 = 0, e4 = 28), not computed by the code under test. */
#include "bench/input/pgn.h"
#include "bench/input/sequence.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

enum { A1 = 0, C1 = 2, E1 = 4, G1 = 6, F3 = 21, E4 = 28, D5 = 35, E5 = 36, C8 = 58, G8 = 62 };

static uint8_t got[4096];
static char err[256];

/* The moves of text, or -1 with err set. */
static long moves(const char *text) {
    err[0] = 0;
    memset(got, 0xff, sizeof got);
    return sq_pgn_moves(text, strlen(text), got, err, sizeof err);
}

/* Whether text reads as exactly the n squares given. */
static bool reads_as(const char *text, int n, const int *want) {
    long k = moves(text);
    if (k != n) {
        printf("  '%s': %ld moves (%s), not %d\n", text, k, err, n);
        return false;
    }
    for (int i = 0; i < n; i++)
        if (got[i] != want[i]) {
            printf("  '%s': move %d is %u, not %d\n", text, i, got[i], want[i]);
            return false;
        }
    return true;
}
#define READS_AS(text, ...)                                                                        \
    CHECK(reads_as(text, (int)(sizeof(int[]){__VA_ARGS__} / sizeof(int)), (int[]){__VA_ARGS__}),   \
          "%s", text)

/* Whether text is refused with a message holding `why`. */
static bool refused(const char *text, const char *why) {
    long k = moves(text);
    if (k != -1 || !strstr(err, why)) {
        printf("  '%s': %ld moves, message '%s', wanted '%s'\n", text, k, err, why);
        return false;
    }
    return true;
}

static void san_forms(void) {
    READS_AS("e4", E4);
    READS_AS("1. Nf3", F3);
    READS_AS("1. e4 d5 2. exd5", E4, D5, D5);
    READS_AS("1. e4 e5 2. Qh4xe1#", E4, E5, E1);
    READS_AS("e8=Q+ a1=N exd8Q h1R#", 60, A1, 59, 7);
    READS_AS("Nbd2 R1a3 Qh4e1 Kxe1 N5xf3", 11, 16, E1, E1, F3);
    READS_AS("1.e4 e5 2.Nf3", E4, E5, F3); /* numbers joined to moves */
    READS_AS("e4! e5? Nf3!! Nc6?! Bb5!? a6+", E4, E5, F3, 42, 33, 40);
}

static void castling(void) {
    READS_AS("1. O-O O-O", G1, G8);
    READS_AS("1. O-O-O O-O-O", C1, C8);
    READS_AS("1. 0-0 0-0-0 2. 0-0-0+ O-O#", G1, C8, C1, G8);
    /* A black move after a comment, "1...", and after a variation: black castles. */
    READS_AS("1. e4 {why} 1... O-O", E4, G8);
    READS_AS("1... O-O 2. O-O-O", G8, C1);
    READS_AS("1. e4 (1. d4 d5 2. O-O) 1... O-O", E4, G8);
    /* Each game starts with white, even after one that ended on white's move. */
    READS_AS("1. e4 1-0\n1. O-O 0-1", E4, G1);
    READS_AS("[Event \"a\"]\n1. e4 e5 2. O-O *\n[Event \"b\"]\n1. O-O *", E4, E5, G1, G1);
}

static void skipped(void) {
    READS_AS("{a comment with e4 and ( } 1. e4 ; d5 to the end of the line\n1... e5", E4, E5);
    READS_AS("1. e4 $1 e5 $14 $142 2. Nf3", E4, E5, F3);
    READS_AS("1. e4 (1. d4 (1. c4 c5) d5 {x)} 2. c4) e5", E4, E5);
    READS_AS("[Event \"a ] \\\" [ b\"]\n[Site \"?\"]\n1. e4 e5 1/2-1/2", E4, E5);
    READS_AS("\xef\xbb\xbf[Event \"crlf\"]\r\n\r\n1. e4\r\ne5 1-0\r\n", E4, E5);
    READS_AS("% an escaped line: z9 Qq\n1. e4 *", E4);
    READS_AS("1. e4 e5 1-0\n\n[Event \"2\"]\n1. d4 d5 0-1\n[Event \"3\"]\n1. Nf3 *", E4, E5, 27, D5,
             F3);
}

static void errors(void) {
    static const struct {
        const char *text, *why;
    } cases[] = {
        {"[Event \"x\"]\n\n1. e4 e5\n2. Nz9 Nc6", "line 4: 'Nz9' is not a move"},
        {"1. e4 e5 2. Pe4", "line 1: 'Pe4' is not a move"},
        {"1. e9", "'e9' is not a move"},
        {"1. e4 xe5", "'xe5' is not a move"},
        {"1. e7=Q", "'e7=Q' is not a move"},
        {"1. e8=K", "'e8=K' is not a move"},
        {"1. O-O-O-O", "'O-O-O-O' is not a move"},
        {"1. e4 <e5>", "'<' is not a move"},
        {"1. e4\n\n{never closed\n e5", "line 3: a comment '{' that is never closed"},
        {"1. e4\n(1. d4 (1. c4)\n e5", "line 2: a variation '(' that is never closed"},
        {"1. e4 (1. d4 1-0", "line 1: a variation '(' that is never closed"},
        {"1. e4 e5)", "')' closes no variation"},
        {"[Event \"x\n1. e4", "line 1: a tag pair '[' that is never closed"},
        {"1. e4 $ e5", "'$' is a NAG without its number"},
        {"", "no moves in the file"},
        {"[Event \"x\"]\n{only a comment} 1-0\n", "no moves in the file"},
        {"1. e4 \x01", "'\\x01' is not a move"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        CHECK(refused(cases[i].text, cases[i].why), "%s", cases[i].why);
    char nul[] = "1. e4\n e5 X";
    nul[9] = 0;
    CHECK(sq_pgn_moves(nul, sizeof nul - 1, got, err, sizeof err) == -1 &&
              strstr(err, "line 2: a NUL byte"),
          "NUL: %s", err);
}

/* Through --sequence pgn:PATH: tiled like a file, refused for pairs. */
static void as_a_sequence(void) {
    char dir[] = "/tmp/sqcolor-test-pgn-XXXXXX", path[128], spec[160];
    if (!mkdtemp(dir)) {
        CHECK(false, "mkdtemp");
        return;
    }
    snprintf(path, sizeof path, "%s/game.pgn", dir);
    FILE *f = fopen(path, "w");
    CHECK(f && fputs("[Event \"t\"]\n1. e4 e5 2. Nf3 1-0\n", f) >= 0 && fclose(f) == 0, "write");
    snprintf(spec, sizeof spec, "pgn:%s", path);
    CHECK(sq_sequence_known(spec, 1) && sq_sequence_known(spec, 2), "pgn: is a known spec");
    CHECK(sq_sequence_path(spec) && strcmp(sq_sequence_path(spec), path) == 0, "its path");
    sq_sequence s;
    CHECK(sq_sequence_make(spec, 1, 7, 1, &s, err, sizeof err) == 0 && s.source_count == 3 &&
              s.a[0] == E4 && s.a[1] == E5 && s.a[2] == F3 && s.a[3] == E4 && s.a[6] == E4,
          "pgn: tiled: %s", err);
    if (s.a)
        sq_sequence_free(&s);
    CHECK(sq_sequence_make(spec, 2, 8, 1, &s, err, sizeof err) == -1 &&
              strstr(err, "pair families need file: pairs") && strstr(err, spec),
          "pairs refused: %s", err);
    f = fopen(path, "w");
    CHECK(f && fputs("1. e4\n2. Nz9\n", f) >= 0 && fclose(f) == 0, "write");
    CHECK(sq_sequence_make(spec, 1, 8, 1, &s, err, sizeof err) == -1 &&
              strstr(err, "game.pgn: line 2: 'Nz9' is not a move"),
          "named file, line and token: %s", err);
    snprintf(spec, sizeof spec, "pgn:%s/missing.pgn", dir);
    CHECK(sq_sequence_make(spec, 1, 8, 1, &s, err, sizeof err) == -1 && strstr(err, "No such file"),
          "missing: %s", err);
    snprintf(spec, sizeof spec, "pgn:%s", dir);
    CHECK(sq_sequence_make(spec, 1, 8, 1, &s, err, sizeof err) == -1 && strstr(err, "a directory"),
          "directory: %s", err);
    unlink(path);
    rmdir(dir);
}

int main(void) {
    san_forms();
    castling();
    skipped();
    errors();
    as_a_sequence();
    return check_finish("pgn", NULL);
}
