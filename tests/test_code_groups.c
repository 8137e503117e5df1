/* Grouping impls by identical code, naming a set of impls briefly, and each
 * compiler's code version by version, on made-up impls and facts. */
#include "bench/code/code_groups.h"
#include "bench/results/runs.h"

#include <string.h>

#include "check.h"

#define N(a) (int)(sizeof a / sizeof a[0])

/* A made-up code: facts with one hash are one code. */
static sq_code_fact code(uint64_t hash) {
    return (sq_code_fact){"x", 3, 9, hash};
}

static void check_names(void) {
    sq_impl_name p;
    CHECK(sq_impl_name_parse("clang-16-native", &p) && strcmp(p.kind, "clang") == 0 &&
              p.version == 16 && p.native,
          "clang-16-native");
    CHECK(sq_impl_name_parse("gcc-11", &p) && strcmp(p.kind, "gcc") == 0 && p.version == 11 &&
              !p.native,
          "gcc-11");
    const char *not_compilers[] = {"asm", "gcc", "gcc-", "-12", "gcc-12-fast", "gcc-x"};
    for (int i = 0; i < N(not_compilers); i++)
        CHECK(!sq_impl_name_parse(not_compilers[i], &p), "'%s' taken as a compiler",
              not_compilers[i]);
}

static void check_groups(void) {
    sq_code_fact a = code(1), a2 = code(1), b = code(2), other_size = code(1);
    other_size.bytes = 10;
    const sq_code_fact *facts[] = {&a, &b, &a2, NULL, &other_size, &b, NULL};
    int group[N(facts)];
    int n = sq_code_groups(facts, N(facts), group);
    int want[] = {0, 1, 0, 2, 3, 1, 4};
    CHECK(n == 5, "%d groups, not 5", n);
    for (int i = 0; i < N(facts); i++)
        CHECK(group[i] == want[i], "impl %d in group %d, not %d", i, group[i], want[i]);
}

/* The set of names[] whose members are listed, as text. */
static void check_set(const char *const *names, int n, const int *members, int nmembers,
                      const char *sep, const char *want) {
    char buf[256];
    sq_impl_set_text(buf, sizeof buf, names, n, members, nmembers, sep);
    CHECK(strcmp(buf, want) == 0, "'%s', not '%s'", buf, want);
}

static const char *const impls[] = {"asm",
                                    "gcc-11",
                                    "gcc-11-native",
                                    "gcc-12",
                                    "gcc-12-native",
                                    "clang-13",
                                    "clang-13-native",
                                    "clang-14",
                                    "clang-14-native",
                                    "clang-15",
                                    "clang-15-native",
                                    "clang-16",
                                    "clang-16-native",
                                    "clang-19",
                                    "clang-19-native"};

static void check_set_text(void) {
    int all[N(impls)];
    for (int i = 0; i < N(impls); i++)
        all[i] = i;
    check_set(impls, N(impls), all, N(impls), " = ",
              "asm = gcc-11 = gcc-12 = gcc-11-native = gcc-12-native = clang-13..19 = "
              "clang-13..19-native");
    /* clang-15 missing breaks the range; two in a row stay two names. */
    int some[] = {13, 11, 7, 5, 0, 1};
    check_set(impls, N(impls), some, N(some), ", ",
              "asm, gcc-11, clang-13, clang-14, clang-16, clang-19");
    int three[] = {6, 8, 10};
    check_set(impls, N(impls), three, N(three), " = ", "clang-13..15-native");
    /* Out of order in names[]: ranges follow versions, not places. */
    const char *shuffled[] = {"clang-19", "clang-14", "clang-16", "clang-13"};
    int them[] = {0, 1, 2, 3};
    check_set(shuffled, N(shuffled), them, N(them), " = ", "clang-13..19");
    check_set(shuffled, N(shuffled), them, 0, " = ", "");
}

/* Each impl's key, from its name alone; a set of them as a chart labels it. */
static void check_keys(void) {
    const char *const name_key[][2] = {{"gcc-12", "g12"},   {"gcc-12-native", "g12n"},
                                       {"clang-19", "c19"}, {"clang-19-native", "c19n"},
                                       {"asm", "asm"},      {"icx-2024", "icx-2024"},
                                       {"gcc", "gcc"},      {"<b>", "<b>"}};
    for (int i = 0; i < N(name_key); i++) {
        char key[32];
        sq_impl_key(key, sizeof key, name_key[i][0]);
        CHECK(strcmp(key, name_key[i][1]) == 0, "%s: key '%s', not '%s'", name_key[i][0], key,
              name_key[i][1]);
    }
    char buf[256];
    int all[N(impls)];
    for (int i = 0; i < N(impls); i++)
        all[i] = i;
    sq_impl_keys_text(buf, sizeof buf, impls, N(impls), all, N(impls));
    CHECK(strcmp(buf, "asm g11 g12 g11n g12n c13..19 c13..19n") == 0, "every impl: '%s'", buf);
    int some[] = {13, 4, 2, 8, 10, 12};
    sq_impl_keys_text(buf, sizeof buf, impls, N(impls), some, N(some));
    CHECK(strcmp(buf, "g11n g12n c19 c14..16n") == 0, "some: '%s'", buf);
    /* Only the impls of the set's own names[] count for ranges: clang-14
     * and clang-19 are consecutive among these. */
    const char *few[] = {"clang-13", "clang-14", "clang-19", "icx-1", "icx-2", "icx-3"};
    int them[] = {0, 1, 2, 3, 4, 5};
    sq_impl_keys_text(buf, sizeof buf, few, N(few), them, N(them));
    CHECK(strcmp(buf, "c13..19 icx-1..3") == 0, "another kind in names: '%s'", buf);
}

static void check_history(void) {
    /* gcc: one code; clang generic: one code to 15, then another from 16;
     * clang native: a new code at 14, the first one back at 16, the same
     * mnemonics with other operands at 19. */
    const char *names[] = {"asm",
                           "gcc-11",
                           "gcc-12",
                           "clang-13",
                           "clang-14",
                           "clang-15",
                           "clang-16",
                           "clang-19",
                           "clang-13-native",
                           "clang-14-native",
                           "clang-16-native",
                           "clang-19-native"};
    sq_code_fact g = code(1), c1 = code(2), c2 = code(3), n2 = code(4), n3 = code(5);
    const sq_code_fact *facts[] = {&g, &g, &g, &c1, &c1, &c1, &c2, &c2, &c1, &n2, &c1, &n3};
    const char *summary[] = {"lea; shr; and",      "lea; shr; and",      "lea; shr; and",
                             "lea; add; shr; and", "lea; add; shr; and", "lea; add; shr; and",
                             "lea; bextr",         "lea; bextr",         "lea; add; shr; and",
                             "rorx; and",          "lea; add; shr; and", "lea; add; shr; and"};
    char lines[8][SQ_HISTORY_LINE];
    int n = sq_code_history(names, facts, summary, N(names), lines, 8);
    const char *want[] = {
        "gcc generic: one code from gcc-11 to gcc-12: lea; shr; and",
        "clang generic: clang-13 emits lea; add; shr; and; clang-16 first emits lea; bextr",
        "clang native: clang-13-native emits lea; add; shr; and; clang-14-native first emits "
        "rorx; and; clang-16-native emits clang-13-native's code again; clang-19-native first "
        "emits lea; add; shr; and (other operands)"};
    CHECK(n == N(want), "%d lines, not %d", n, N(want));
    for (int i = 0; i < n && i < N(want); i++)
        CHECK(strcmp(lines[i], want[i]) == 0, "line %d:\n  '%s'\nnot\n  '%s'", i, lines[i],
              want[i]);
    CHECK(sq_code_history(names, facts, summary, N(names), lines, 1) == 1, "max lines ignored");

    /* A single version; an unknown code. */
    const char *one[] = {"gcc-12", "clang-14"};
    const sq_code_fact *one_facts[] = {&g, NULL};
    const char *one_summary[] = {"lea; shr; and", "?"};
    n = sq_code_history(one, one_facts, one_summary, 2, lines, 8);
    CHECK(n == 2 && strcmp(lines[0], "gcc generic: gcc-12 emits lea; shr; and") == 0 &&
              strcmp(lines[1], "clang generic: clang-14: code not known") == 0,
          "single versions: %d lines, '%s', '%s'", n, lines[0], n > 1 ? lines[1] : "");

    /* The first emitter of a code, by kind: the oldest version, generic
     * before native. */
    CHECK(sq_code_first_emitter(names, facts, N(names), "clang", &c1) == 3, "c1: clang-13");
    CHECK(sq_code_first_emitter(names, facts, N(names), "clang", &c2) == 6, "c2: clang-16");
    CHECK(sq_code_first_emitter(names, facts, N(names), "gcc", &c2) == -1, "c2 from gcc");
    CHECK(sq_code_first_emitter(names, facts, N(names), "clang", &n3) == 11, "n3");
    const char *native_first[] = {"clang-14-native", "clang-14", "clang-13-native"};
    const sq_code_fact *nf[] = {&g, &g, &c1};
    CHECK(sq_code_first_emitter(native_first, nf, 3, "clang", &g) == 1,
          "clang-14 generic is before clang-14-native");
}

static void check_run_lookup(void) {
    sq_code_fact facts[] = {{"color/bt/asm", 3, 9, 7}, {"color/bt/gcc-12", 4, 12, 8}};
    sq_run run = {.code = facts, .ncode = 2};
    CHECK(sq_run_code_of(&run, "color/bt/gcc-12") == &facts[1], "lookup");
    CHECK(sq_run_code_of(&run, "color/bt/clang-14") == NULL, "a fact for nothing");
    sq_run old = {0};
    CHECK(sq_run_code_of(&old, "color/bt/asm") == NULL, "a fact in a run without them");
}

int main(void) {
    check_names();
    check_groups();
    check_set_text();
    check_keys();
    check_history();
    check_run_lookup();
    return check_finish("code_groups", NULL);
}
