/* The C tests' assertion: counts, and names the line of a failure. */
#ifndef SQCOLOR_TEST_CHECK_H
#define SQCOLOR_TEST_CHECK_H

#include <stdio.h>
#include <stdlib.h>

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
