/* The C tests' assertion: counts, and names the line of a failure. */
#ifndef SQCOLOR_TEST_CHECK_H
#define SQCOLOR_TEST_CHECK_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed, failed;
#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (cond) {                                                                                \
            passed++;                                                                              \
        } else {                                                                                   \
            failed++;                                                                              \
            printf("FAILED line %d: ", __LINE__);                                                  \
            printf(__VA_ARGS__);                                                                   \
            printf("\n");                                                                          \
        }                                                                                          \
    } while (0)

/* A verifier's verdict on a routine (often broken on purpose): right when it
 * passed exactly if pass should, and its detail names every string of want[]
 * (NULL-terminated, or NULL). One line either way. */
#define WANT(...) ((const char *const[]){__VA_ARGS__, NULL})
static inline void check_verdict(const char *label, bool pass, bool passed_, const char *detail,
                                 const char *const *want) {
    bool ok = passed_ == pass;
    for (int i = 0; ok && want && want[i]; i++)
        ok = strstr(detail, want[i]) != NULL;
    printf("%-6s %-22s %s %s\n", ok ? "ok" : "FAILED", label,
           passed_ ? "passes" : "fails:", detail);
    CHECK(ok, "%s", label);
}

/* Removes the test's scratch folder (if it has one) and prints the closing
 * line; the exit status. */
static inline int check_finish(const char *name, const char *scratch) {
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch ? scratch : "");
    if (scratch && system(cmd) != 0)
        printf("could not remove %s\n", scratch);
    printf("%s: %d passed, %d failed\n", name, passed, failed);
    return failed != 0;
}

#endif
