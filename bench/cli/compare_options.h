/* The gate's options, which compare and ab both take: one row each
 * (options.h), so that their help, ranges and defaults are one. */
#ifndef SQCOLOR_COMPARE_OPTIONS_H
#define SQCOLOR_COMPARE_OPTIONS_H

#include "bench/cli/options.h"
#include "bench/compare/rules.h"

#define SQ_OPTION_FAIL_OVER                                                                        \
    {                                                                                              \
        .name = "--fail-over", .kind = SQ_OPTION_NUMBER, .placeholder = "PCT",                     \
        .help = "exit 1 if a significant slowdown exceeds PCT% of A (decimals "                    \
                "allowed); 0, the default, fails on any, as a regression gate",                    \
        .default_note = "0", .low = 0, .high = 1000                                                \
    }
#define SQ_OPTION_ALPHA                                                                            \
    {                                                                                              \
        .name = "--alpha", .kind = SQ_OPTION_NUMBER, .placeholder = "P",                           \
        .help = "false discovery rate over the rows tested (Benjamini-Hochberg)",                  \
        .def = SQ_STR(SQ_COMPARE_ALPHA), .low = 0, .high = 1, .open = true                         \
    }

#endif
