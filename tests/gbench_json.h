/* What the Google Benchmark C tests read of the JSON they had written:
 * the file named by --benchmark_out=FILE, and a benchmark by its name. */
#ifndef SQCOLOR_TEST_GBENCH_JSON_H
#define SQCOLOR_TEST_GBENCH_JSON_H

#include <jansson.h>
#include <string.h>

/* The FILE of --benchmark_out=FILE among the arguments, or NULL. */
static inline const char *benchmark_out(int argc, char **argv) {
    const char *out = NULL;
    for (int i = 1; i < argc; i++)
        if (strncmp(argv[i], "--benchmark_out=", 16) == 0)
            out = argv[i] + 16;
    return out;
}

/* The benchmark called name in the array benchmarks, or NULL. */
static inline json_t *find_benchmark(json_t *benchmarks, const char *name) {
    size_t i;
    json_t *b;
    json_array_foreach(benchmarks, i, b) {
        const char *n = json_string_value(json_object_get(b, "name"));
        if (n && strcmp(n, name) == 0)
            return b;
    }
    return NULL;
}

#endif
