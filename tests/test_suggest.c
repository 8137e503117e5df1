/* "Did you mean": the edit distance on known pairs, and which names are
 * close enough to suggest (bench/util/suggest.h). */
#include "bench/util/globs.h"
#include "bench/util/suggest.h"

#include "check.h"

static void distance(const char *a, const char *b, int want) {
    int got = sq_edit_distance(a, b);
    CHECK(got == want, "distance '%s' '%s': %d, wanted %d", a, b, got, want);
    got = sq_edit_distance(b, a);
    CHECK(got == want, "distance '%s' '%s': %d, wanted %d", b, a, got, want);
}

static void suggests(const char *typed, const char *const *names, int n, const char *want) {
    const char *got = sq_suggest(typed, names, n);
    CHECK(got == want || (got && want && strcmp(got, want) == 0), "'%s': '%s', wanted '%s'", typed,
          got ? got : "(none)", want ? want : "(none)");
}

/* A row of a glob table: its id first. */
typedef struct row {
    const char *id;
} row;

/* The line --filter globs gets over rows, or "" when they match. */
static const char *filter_line(const char *globs, char *err, size_t len) {
    static const row rows[] = {{"color/inreg32/asm"},
                               {"color/inreg32/gcc-12"},
                               {"color/inreg64/asm"},
                               {"same_color/xor/clang-16-native"}};
    bool chosen[4];
    sq_glob_table t = {rows, sizeof rows[0], 4, chosen};
    *err = 0;
    sq_globs_select(globs, &t, 1, err, len);
    return err;
}

static void filter_suggests(const char *globs, const char *want) {
    char err[512];
    filter_line(globs, err, sizeof err);
    CHECK(want ? strstr(err, want) != NULL : strstr(err, "did you mean") == NULL,
          "--filter %s: \"%s\", wanted %s", globs, err, want ? want : "no suggestion");
}

int main(void) {
    distance("", "", 0);
    distance("", "run", 3);
    distance("run", "run", 0);
    distance("rnu", "run", 1); /* a swap is one edit */
    distance("kitten", "sitting", 3);
    distance("inreg23", "inreg32", 1);
    distance("gcc13", "gcc-12", 2);
    distance("ca", "abc", 3); /* optimal string alignment: no edit of a swapped pair */
    char longer[SQ_SUGGEST_MAX_LEN + 2];
    memset(longer, 'a', sizeof longer - 1);
    longer[sizeof longer - 1] = 0;
    distance(longer, "a", SQ_SUGGEST_MAX_LEN + 1);

    const char *commands[] = {"run",      "try",    "verify", "list",    "eval",  "calibrate",
                              "selftest", "disasm", "report", "compare", "batch", "help"};
    int ncommands = (int)(sizeof commands / sizeof commands[0]);
    suggests("rnu", commands, ncommands, "run");
    suggests("verfy", commands, ncommands, "verify");
    suggests("disasem", commands, ncommands, "disasm");
    suggests("calbirate", commands, ncommands, "calibrate");
    suggests("frobnicate", commands, ncommands, NULL);
    suggests("bogus", commands, ncommands, NULL);
    suggests("x", commands, ncommands, NULL);
    suggests("", commands, ncommands, NULL);

    const char *options[] = {"--filter", "--mode", "--quick", "--format", "--detail", "--output"};
    int noptions = (int)(sizeof options / sizeof options[0]);
    suggests("--quik", options, noptions, "--quick");
    suggests("--fromat", options, noptions, "--format");
    suggests("--filters", options, noptions, "--filter");
    suggests("--bogus", options, noptions, NULL);
    suggests("--x", options, noptions, NULL);

    /* one edit in three letters, leading dashes not counted */
    CHECK(sq_suggest_close("gcc13", "gcc-12"), "gcc13 ~ gcc-12");
    CHECK(!sq_suggest_close("gcc", "clang"), "gcc !~ clang");
    CHECK(!sq_suggest_close("--ab", "--cd"), "--ab !~ --cd");

    /* --filter: each part without a wildcard put right, the others kept */
    filter_suggests("color/inreg23/asm", "; did you mean 'color/inreg32/asm'?");
    filter_suggests("color/inreg23/*", "; did you mean 'color/inreg32/*'?");
    filter_suggests("colr/*/asm", "; did you mean 'color/*/asm'?");
    filter_suggests("color/inreg32/gcc12", "; did you mean 'color/inreg32/gcc-12'?");
    filter_suggests("same_color/*/clang16-native", "'same_color/*/clang-16-native'?");
    filter_suggests("nope/*", NULL);
    filter_suggests("color/inreg32/icc", NULL);
    filter_suggests("color/inreg9*/asm", NULL); /* a part with a wildcard is not put right */
    return check_finish("suggest", NULL);
}
