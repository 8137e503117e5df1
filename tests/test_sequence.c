/* The square sequences: every built-in has the length and the squares it
 * promises, is deterministic per seed, and a sequence file is read, tiled and
 * rejected as documented. Colors are computed here from the definition
 * ((file + rank) even is dark), not taken from the code under test. */
#include "bench/input/sequence.h"
#include "bench/results/summary.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

enum { LENGTH = 16384 };

static bool dark(unsigned sq) {
    return (sq % 8 + sq / 8) % 2 == 0;
}

/* Squares 0..63 that occur in s[0..n), as a 64-bit set. */
static uint64_t squares_seen(const uint8_t *s, size_t n) {
    uint64_t seen = 0;
    for (size_t i = 0; i < n; i++)
        seen |= (uint64_t)1 << (s[i] & 63);
    return seen;
}

/* All squares of one color (or of both) as a 64-bit set. */
static uint64_t squares_where(int color) { /* 1 dark, 0 light, -1 any */
    uint64_t set = 0;
    for (unsigned sq = 0; sq < 64; sq++)
        if (color < 0 || dark(sq) == (color == 1))
            set |= (uint64_t)1 << sq;
    return set;
}

static bool make(const char *spec, int arity, size_t length, uint64_t seed, sq_sequence *s,
                 char *err, size_t errlen) {
    err[0] = 0;
    return sq_sequence_make(spec, arity, length, seed, s, err, errlen) == 0;
}

/* What every built-in promises: the length asked for, squares in range, the
 * same squares for the same seed and others for another seed. */
static void check_builtin_basics(const char *name, int arity) {
    char err[256];
    sq_sequence s, again, other;
    if (!make(name, arity, LENGTH, 42, &s, err, sizeof err)) {
        CHECK(false, "%s (arity %d): %s", name, arity, err);
        return;
    }
    /* The games' squares are the games', repeated: as many as they hold, the
     * same for every seed. 65536 of them at least, so that a predictor cannot
     * learn the whole sequence as it repeats. */
    bool games = sq_sequence_from_games(name);
    CHECK(s.arity == arity && s.length == LENGTH &&
              (games ? s.source_count >= 65536 : s.source_count == LENGTH),
          "%s: arity %d length %zu source_count %zu", name, s.arity, s.length, s.source_count);
    CHECK(s.a && (arity == 2) == (s.b != NULL), "%s: b is there exactly for pairs", name);
    bool in_range = true;
    for (size_t i = 0; i < s.length; i++)
        in_range &= s.a[i] < 64 && (!s.b || s.b[i] < 64);
    CHECK(in_range, "%s (arity %d): a square outside 0..63", name, arity);

    CHECK(make(name, arity, LENGTH, 42, &again, err, sizeof err), "%s again: %s", name, err);
    CHECK(memcmp(s.a, again.a, LENGTH) == 0 && (!s.b || memcmp(s.b, again.b, LENGTH) == 0),
          "%s (arity %d): same seed, different squares", name, arity);
    CHECK(make(name, arity, LENGTH, 43, &other, err, sizeof err), "%s seed 43: %s", name, err);
    bool differs = memcmp(s.a, other.a, LENGTH) != 0 || (s.b && memcmp(s.b, other.b, LENGTH) != 0);
    CHECK(differs == (strcmp(name, "ordered") != 0 && !games),
          "%s (arity %d): another seed %s the squares", name, arity,
          differs ? "changed" : "did not change");
    /* The first squares are the same at any length: a run's kernel check
     * builds only them (engine.h, check_only). */
    sq_sequence prefix;
    CHECK(make(name, arity, LENGTH / 4 + 1, 42, &prefix, err, sizeof err), "%s short: %s", name,
          err);
    CHECK(memcmp(s.a, prefix.a, LENGTH / 4 + 1) == 0 &&
              (!s.b || memcmp(s.b, prefix.b, LENGTH / 4 + 1) == 0),
          "%s (arity %d): a shorter sequence is not the longer one's start", name, arity);
    sq_sequence_free(&prefix);
    sq_sequence_free(&s);
    sq_sequence_free(&again);
    sq_sequence_free(&other);

    /* Short lengths are honoured too (no rounding to a block size). */
    if (make(name, arity, 1, 7, &s, err, sizeof err)) {
        CHECK(s.length == 1 && s.a[0] < 64, "%s: length 1", name);
        sq_sequence_free(&s);
    } else {
        CHECK(false, "%s length 1: %s", name, err);
    }
}

/* Calls check_builtin_basics for each name sq_sequence_names lists, so a new
 * built-in is covered without touching this test. */
static int check_listed_builtins(int arity) {
    char names[256];
    snprintf(names, sizeof names, "%s", sq_sequence_names(arity));
    int n = 0;
    for (char *save, *name = strtok_r(names, ",", &save); name;
         name = strtok_r(NULL, ",", &save), n++) {
        CHECK(sq_sequence_known(name, arity), "'%s' listed but not known (arity %d)", name, arity);
        check_builtin_basics(name, arity);
    }
    return n;
}

static void check_names(void) {
    CHECK(strcmp(sq_sequence_names(1),
                 "ordered,random,dark,light,alternating,game-moves,game-bishops") == 0,
          "names 1: %s", sq_sequence_names(1));
    CHECK(strcmp(sq_sequence_names(2), "random,same,different,game-bishop-pairs") == 0,
          "names 2: %s", sq_sequence_names(2));
    CHECK(check_listed_builtins(1) == 7, "seven one-square built-ins");
    CHECK(check_listed_builtins(2) == 4, "four pair built-ins");
    CHECK(!sq_sequence_known("same", 1) && !sq_sequence_known("dark", 2) &&
              !sq_sequence_known("ordered", 2) && !sq_sequence_known("nope", 1) &&
              !sq_sequence_known("", 1),
          "a name of the other arity, or none, is not known");
    CHECK(sq_sequence_known("file:x.txt", 1) && sq_sequence_known("file:x.txt", 2),
          "file:PATH is known for both arities");

    char err[256];
    sq_sequence s;
    CHECK(!make("nope", 1, 16, 1, &s, err, sizeof err) && strstr(err, "'nope'") &&
              !strchr(err, '\n'),
          "unknown name: '%s'", err);
}

/* The properties of each built-in, beyond the basics. */
static void check_builtin_properties(void) {
    char err[256];
    sq_sequence s;
    const uint64_t all = squares_where(-1), darks = squares_where(1), lights = squares_where(0);

    if (make("ordered", 1, LENGTH + 5, 9, &s, err, sizeof err)) {
        bool ordered = true;
        for (size_t i = 0; i < s.length; i++)
            ordered &= s.a[i] == i % 64;
        CHECK(ordered, "ordered is 0..63 repeated");
        sq_sequence_free(&s);
    }

    if (make("random", 1, LENGTH, 9, &s, err, sizeof err)) {
        size_t count[64] = {0};
        for (size_t i = 0; i < s.length; i++)
            count[s.a[i]]++;
        size_t least = LENGTH, most = 0;
        for (int sq = 0; sq < 64; sq++) {
            least = count[sq] < least ? count[sq] : least;
            most = count[sq] > most ? count[sq] : most;
        }
        /* 256 expected per square, standard deviation 16: a fixed seed, so
         * these wide bounds only catch a skewed generator. */
        CHECK(squares_seen(s.a, s.length) == all && least > 160 && most < 360,
              "random: every square, roughly uniform (%zu..%zu of each)", least, most);
        sq_sequence_free(&s);
    }

    for (int want_dark = 0; want_dark <= 1; want_dark++) {
        const char *name = want_dark ? "dark" : "light";
        if (!make(name, 1, LENGTH, 9, &s, err, sizeof err))
            continue;
        uint64_t seen = squares_seen(s.a, s.length);
        CHECK(seen == (want_dark ? darks : lights), "%s: only and all %s squares (seen %016llx)",
              name, name, (unsigned long long)seen);
        sq_sequence_free(&s);
    }

    if (make("alternating", 1, LENGTH, 9, &s, err, sizeof err)) {
        bool alternates = true;
        uint64_t even_seen = 0, odd_seen = 0;
        for (size_t i = 0; i < s.length; i++) {
            alternates &= dark(s.a[i]) == (i % 2 == 0);
            *(i % 2 ? &odd_seen : &even_seen) |= (uint64_t)1 << s.a[i];
        }
        CHECK(alternates, "alternating: dark, light, dark, ... from the first square");
        CHECK(even_seen == darks && odd_seen == lights, "alternating: every square of each color");
        sq_sequence_free(&s);
    }

    /* Pairs: 16384 uniform pairs cannot be expected to hit all 4096, but both
     * squares range over the board and both colorings occur. */
    if (make("random", 2, LENGTH, 9, &s, err, sizeof err)) {
        size_t same = 0;
        for (size_t i = 0; i < s.length; i++)
            same += dark(s.a[i]) == dark(s.b[i]);
        CHECK(squares_seen(s.a, s.length) == all && squares_seen(s.b, s.length) == all,
              "random pairs: every square on both sides");
        CHECK(same > LENGTH * 4 / 10 && same < LENGTH * 6 / 10,
              "random pairs: about half same-colored (%zu of %d)", same, LENGTH);
        CHECK(memcmp(s.a, s.b, LENGTH) != 0, "random pairs: b is not a copy of a");
        sq_sequence_free(&s);
    }
    for (int want_same = 0; want_same <= 1; want_same++) {
        const char *name = want_same ? "same" : "different";
        if (!make(name, 2, LENGTH, 9, &s, err, sizeof err))
            continue;
        bool holds = true;
        for (size_t i = 0; i < s.length; i++)
            holds &= (dark(s.a[i]) == dark(s.b[i])) == want_same;
        CHECK(holds, "%s: every pair %s", name, want_same ? "same-colored" : "differently colored");
        CHECK(squares_seen(s.a, s.length) == all && squares_seen(s.b, s.length) == all,
              "%s: every square on both sides", name);
        sq_sequence_free(&s);
    }
}

/* ---- files ---------------------------------------------------------------- */

static char dir[] = "/tmp/sqcolor-test-sequence-XXXXXX";

/* Writes text to dir/name; spec gets "file:<path>". */
static void write_file(const char *name, const char *text, char *spec, size_t speclen) {
    snprintf(spec, speclen, "file:%s/%s", dir, name);
    FILE *f = fopen(spec + 5, "w");
    if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
        printf("cannot write %s: %s\n", spec + 5, strerror(errno));
        exit(1);
    }
}

static void check_parse_square(void) {
    static const struct {
        const char *token;
        bool ok;
        unsigned sq;
    } cases[] = {
        {"a1", true, 0},   {"h8", true, 63},  {"e4", true, 28}, {"E4", true, 28},  {"H1", true, 7},
        {"0", true, 0},    {"63", true, 63},  {"07", true, 7},  {"28", true, 28},  {"64", false, 0},
        {"i1", false, 0},  {"a0", false, 0},  {"a9", false, 0}, {"-1", false, 0},  {"", false, 0},
        {"e44", false, 0}, {"1.5", false, 0}, {"e", false, 0},  {"100", false, 0}, {"4e", false, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        unsigned sq = 99;
        bool ok = sq_parse_square(cases[i].token, &sq);
        CHECK(ok == cases[i].ok && (!ok || sq == cases[i].sq), "sq_parse_square('%s') = %d, %u",
              cases[i].token, ok, sq);
    }
}

/* A file that parses: its squares (pairs), in order, then tiled. */
static void expect_file(const char *label, const char *text, int arity, size_t length,
                        const uint8_t *want_a, const uint8_t *want_b, size_t count) {
    char spec[256], err[256];
    write_file(label, text, spec, sizeof spec);
    sq_sequence s;
    if (!make(spec, arity, length, 1, &s, err, sizeof err)) {
        CHECK(false, "%s: %s", label, err);
        return;
    }
    bool same = s.length == length && s.source_count == count && s.arity == arity &&
                (arity == 2) == (s.b != NULL);
    for (size_t i = 0; same && i < length; i++)
        same = s.a[i] == want_a[i % count] && (arity == 1 || s.b[i] == want_b[i % count]);
    CHECK(same, "%s: squares, tiling or source_count (%zu) wrong", label, s.source_count);
    sq_sequence_free(&s);
}

static void check_files(void) {
    static const uint8_t mixed[] = {0, 63, 28, 28, 7, 12, 5};
    expect_file("numbers_and_names", "0 63 e4\tE4 h1\n12\r\n\n  5\n", 1, 7, mixed, NULL, 7);
    expect_file("tiled", "0 63 e4\tE4 h1\n12\r\n\n  5\n", 1, 100, mixed, NULL, 7);
    expect_file("shorter_than_file", "0 63 e4\tE4 h1\n12\r\n\n  5\n", 1, 3, mixed, NULL, 7);

    static const uint8_t commented[] = {28, 35, 1};
    expect_file("comments", "# opening moves\ne4 d5 # the Scandinavian\n#\n\nb1#knight\n", 1, 9,
                commented, NULL, 3);

    static const uint8_t pa[] = {28, 0, 10}, pb[] = {35, 63, 10};
    expect_file("pairs", "# a b\ne4 d5\n\n0 H8  # corners\n  10\t10\n", 2, 3, pa, pb, 3);
    expect_file("pairs_tiled", "# a b\ne4 d5\n\n0 H8  # corners\n  10\t10\n", 2, 1000, pa, pb, 3);

    /* One long line of squares is a legitimate file for one-square families. */
    static uint8_t many[1000];
    static char line[3 * 1000 + 2];
    size_t used = 0;
    for (size_t i = 0; i < sizeof many; i++) {
        many[i] = (uint8_t)(i * 7 % 64);
        used += (size_t)snprintf(line + used, sizeof line - used, "%u ", many[i]);
    }
    expect_file("one_line", line, 1, 5000, many, NULL, sizeof many);
}

/* A file that is rejected: a one-line message containing every string of want
 * (NULL-terminated), and nothing to free. */
static void expect_error(const char *spec, int arity, const char *const *want) {
    char err[512];
    sq_sequence s;
    memset(&s, 0, sizeof s);
    bool ok = make(spec, arity, 64, 1, &s, err, sizeof err);
    CHECK(!ok, "%s (arity %d) was accepted", spec, arity);
    if (ok) {
        sq_sequence_free(&s);
        return;
    }
    CHECK(err[0] && !strchr(err, '\n'), "%s: not one line: '%s'", spec, err);
    for (const char *const *w = want; *w; w++)
        CHECK(strstr(err, *w), "%s (arity %d): '%s' lacks '%s'", spec, arity, err, *w);
}

static void expect_file_error(const char *name, const char *text, int arity, const char *line,
                              const char *token) {
    char spec[256];
    write_file(name, text, spec, sizeof spec);
    const char *want[] = {spec, line, token, NULL};
    expect_error(spec, arity, token ? want : (const char *[]){spec, line, NULL});
}

static void check_file_errors(void) {
    char spec[256], expected[512], err[512];

    /* The documented wording, exactly. */
    write_file("bad.txt", "e4\n# fine so far\nd5 z9 a1\n", spec, sizeof spec);
    snprintf(expected, sizeof expected,
             "--sequence %s: line 3: 'z9' is not a square (0-63 or a1..h8)", spec);
    sq_sequence s;
    CHECK(!make(spec, 1, 64, 1, &s, err, sizeof err) && strcmp(err, expected) == 0,
          "message '%s', expected '%s'", err, expected);

    expect_file_error("range.txt", "1 2\n3\n\n4 64\n", 1, "line 4", "'64'");
    expect_file_error("name_range.txt", "a1\na9\n", 1, "line 2", "'a9'");
    expect_file_error("file_range.txt", "i1\n", 1, "line 1", "'i1'");
    expect_file_error("negative.txt", "# n\n-1\n", 1, "line 2", "'-1'");
    expect_file_error("fraction.txt", "1.5\n", 1, "line 1", "'1.5'");
    expect_file_error("bad_pair.txt", "e4 d5\ne4 x5\n", 2, "line 2", "'x5'");
    expect_file_error("three.txt", "e4 d5\n\ne4 d5 c6\n", 2, "line 3", "'c6'");
    /* A lone square where pairs are needed: the line is named (the existing
     * reader does not repeat the token; see the report). */
    expect_file_error("one.txt", "e4 d5\n# x\ne4 # alone\n", 2, "line 3", NULL);
    expect_file_error("empty.txt", "", 1, "", NULL);
    expect_file_error("comments_only.txt", "# nothing\n\n   \n", 2, "", NULL);

    snprintf(spec, sizeof spec, "file:%s/missing.txt", dir);
    expect_error(spec, 1, (const char *[]){spec, strerror(ENOENT), NULL});
    snprintf(spec, sizeof spec, "file:%s", dir); /* a directory opens but cannot be read */
    expect_error(spec, 1, (const char *[]){spec, "a directory, not a file of squares", NULL});

    /* A short buffer gets a truncated, terminated message. */
    char tiny[8];
    memset(tiny, 'x', sizeof tiny);
    write_file("bad2.txt", "z9\n", spec, sizeof spec);
    CHECK(sq_sequence_make(spec, 1, 64, 1, &s, tiny, sizeof tiny) == -1 &&
              memchr(tiny, 0, sizeof tiny),
          "short error buffer");
}

/* Writes n bytes (NULs allowed) to dir/name; spec gets "file:<path>". */
static void write_bytes(const char *name, const char *bytes, size_t n, char *spec, size_t speclen) {
    snprintf(spec, speclen, "file:%s/%s", dir, name);
    FILE *f = fopen(spec + 5, "w");
    if (!f || fwrite(bytes, 1, n, f) != n || fclose(f) != 0) {
        printf("cannot write %s: %s\n", spec + 5, strerror(errno));
        exit(1);
    }
}

/* Issue 14, items 11 and 13: a NUL byte, a line or a file past its limit and
 * a directory are named; a UTF-8 byte order mark is skipped; a token with
 * bytes that do not print shows them escaped. */
static void check_file_limits(void) {
    char spec[256];
    write_bytes("nul.txt", "1 2\0 zz 99\n", 11, spec, sizeof spec);
    expect_error(spec, 1, (const char *[]){spec, "line 1: a NUL byte", NULL});
    write_bytes("nul2.txt", "e4 d5\n1 2\0\n", 12, spec, sizeof spec);
    expect_error(spec, 2, (const char *[]){spec, "line 2: a NUL byte", NULL});

    static const uint8_t bom_a[] = {28, 1}, bom_b[] = {35, 2};
    expect_file("bom.txt",
                "\xef\xbb\xbf"
                "e4 d5\n1 2\n",
                2, 2, bom_a, bom_b, 2);
    expect_file("bom_comment.txt", "\xef\xbb\xbf# moves\ne4\n", 1, 1, bom_a, NULL, 1);
    expect_file_error("bom_late.txt",
                      "e4\n\xef\xbb\xbf"
                      "d5\n",
                      1, "line 2", "'\\xef\\xbb\\xbfd5'");
    expect_file_error("nbsp.txt", "e4\xc2\xa0z9\n", 1, "line 1", "'e4\\xc2\\xa0z9'");
    expect_file_error("long_token.txt", "123456789012345678901234567890\n", 1, "line 1",
                      "'123456789012345678901234...'");

    /* A line one byte past the limit (digits, so only its length is wrong). */
    size_t n = SQ_SEQUENCE_MAX_LINE + 1;
    char *line = malloc(n);
    if (!line) {
        CHECK(false, "no memory for a long line");
        return;
    }
    memset(line, '1', n);
    write_bytes("long_line.txt", line, n, spec, sizeof spec);
    expect_error(spec, 1, (const char *[]){spec, "line 1: longer than 16 MiB", NULL});
    line[n - 1] = '\n'; /* exactly at the limit is still a line: one bad token */
    write_bytes("at_limit.txt", line, n, spec, sizeof spec);
    expect_error(spec, 1, (const char *[]){spec, "line 1: '111111111111111111111111...'", NULL});
    free(line);

    /* A file past the size limit (sparse: nothing is written). */
    snprintf(spec, sizeof spec, "file:%s/huge.txt", dir);
    FILE *f = fopen(spec + 5, "w");
    CHECK(f && ftruncate(fileno(f), (off_t)SQ_SEQUENCE_MAX_BYTES + 1) == 0 && fclose(f) == 0,
          "cannot make %s", spec + 5);
    expect_error(spec, 1, (const char *[]){spec, "larger than 256 MiB", NULL});
    unlink(spec + 5);
}

/* Read by AddressSanitizer at start-up (ignored elsewhere): let the 2^62-byte
 * malloc below return NULL instead of aborting the sanitized build. */
const char *__asan_default_options(void);
const char *__asan_default_options(void) {
    return "allocator_may_return_null=1";
}

/* No memory for the length asked: an error, not a crash. */
static void check_out_of_memory(void) {
    char err[256];
    sq_sequence s;
    const size_t huge = (size_t)1 << 62;
    CHECK(!make("random", 1, huge, 1, &s, err, sizeof err) && err[0] && !strchr(err, '\n'),
          "2^62 squares: '%s'", err);
    CHECK(!make("same", 2, huge, 1, &s, err, sizeof err) && err[0], "2^62 pairs: '%s'", err);
}

int main(void) {
    if (!mkdtemp(dir)) {
        printf("mkdtemp: %s\n", strerror(errno));
        return 1;
    }
    check_names();
    check_builtin_properties();
    check_parse_square();
    check_files();
    check_file_errors();
    check_file_limits();
    check_out_of_memory();

    return check_finish("sequence", dir);
}
