/* The C tests' assertion: counts, and names the line of a failure. */
#ifndef SQCOLOR_TEST_CHECK_H
#define SQCOLOR_TEST_CHECK_H

#include <stdio.h>

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

#endif
