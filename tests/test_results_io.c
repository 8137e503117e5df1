/* Result files through sq_results_write and sq_results_parse: a run at the
 * resolution measured (figures.h) back exactly (its samples and harness at
 * their digits, every other double bit for bit over many random bit
 * patterns, the seed over all 64 bits, lengths past 2^20, every figure
 * derived again alike), integers written as JSON integers and the seed as a
 * string, non-finite numbers as null, bytes that are not UTF-8 as U+FFFD; a
 * shared row's figures left out where its source holds them; the seed's and
 * the table's bad forms refused; and files of schemas 1 and 2, as the
 * writers before schema 3 made them, still read, their figures derived from
 * their samples, and written as schema 3 without a change.
 * usage: test_results_io tests/data/schema1.json tests/data/schema2.json */
#include "bench/results/figures.h"
#include "bench/results/results_path.h"
#include "bench/results/results_read.h"
#include "bench/results/results_read_json.h"
#include "bench/results/results_write.h"

#include <float.h>
#include <inttypes.h>
#include <jansson.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"
#include "bench/util/xorshift.h"

#define ROWS     24
#define MAX_REPS 40

/* The same bit patterns every time. */
static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint64_t random_bits(void) {
    return sq_xorshift64s(&rng);
}

/* A finite double of random bits: any exponent, subnormals, both signs. */
static double random_double(void) {
    for (;;) {
        uint64_t bits = random_bits();
        double x;
        memcpy(&x, &bits, sizeof x);
        if (isfinite(x))
            return x;
    }
}

/* A random double the reader takes as a clock rate: positive, finite. */
static double random_hz(void) {
    double x = fabs(random_double());
    return x > 0 ? x : 1;
}

/* A random double the reader takes as a figure in cycles: within
 * SQ_CYCLES_MOST either way. */
static double random_cycles(void) {
    for (;;) {
        double x = random_double();
        if (fabs(x) <= SQ_CYCLES_MOST)
            return x;
    }
}

static sq_stats random_stats(void) {
    return (sq_stats){random_cycles(), random_cycles(), random_cycles(), random_cycles(),
                      random_cycles()};
}

/* Doubles that printing loses most easily (of those a file's cycles may be);
 * the first row's samples start with them. */
static const double edge_doubles[] = {
    -0.0,    DBL_MIN,           DBL_TRUE_MIN, SQ_CYCLES_MOST,   -1e12 + 1, 0.1,
    1.0 / 3, 2595999123.456789, 1048576.0,    0x1p39 + 0x1p-13, 1e-300,    -5e-324};
#define EDGES (int)(sizeof edge_doubles / sizeof edge_doubles[0])

typedef struct synthetic {
    sq_run run;
    sq_result results[ROWS];
    double samples[ROWS][MAX_REPS];
    unsigned char process[ROWS][MAX_REPS];
    sq_code_fact code[4];
} synthetic;

/* A run of real variants and random numbers. */
static void make_run(synthetic *s, uint64_t seed, size_t length) {
    memset(s, 0, sizeof *s);
    s->run = (sq_run){
        .machine = {.vendor = "GenuineIntel",
                    .brand = "Test \"CPU\" \\ with\ttab",
                    .family = 6,
                    .model = 167,
                    .stepping = UINT32_MAX,
                    .hypervisor = true},
        .clock = {.source = "perf",
                  .tsc_source = "cpuid 0x15",
                  .tsc_hz = 2595999123.456789,
                  .core_hz = 4.2e9, /* perf: 25 us of it are 105000 counts, 7 digits */
                  .core_hz_min = random_hz(),
                  .core_hz_max = random_hz(),
                  .timer_overhead = random_double(),
                  .alu_per_cycle = random_double()},
        .reps = MAX_REPS,
        .min_reps = 3,
        .tight = random_double(),
        .aslr = true,
        .share = 1,
        .length = length,
        .seed = seed,
        .cpu = 7,
        .elapsed_s = random_double(),
        .results = s->results,
        .nresults = ROWS,
        .version = "9.8.7-test",
        .commit = "abc123-dirty",
        .harness_version = 7,
        .kernel = "6.1.0-test",
        .sequences = "random,file:x.txt",
        .samples = 8,
        .visits = 4,
        .sample_us = 25,
        .impls = {{"asm", "NASM version 2.16.01", "-f elf64"}, {"gcc-12", "gcc 12.2.0", "-O2"}},
        .nimpls = 2,
    };
    /* Code facts: hashes of every width, the top bit set, zero. */
    static const uint64_t hashes[] = {0, 0x8000000000000001u, UINT64_MAX, 0x00ff00ff00ff00ffu};
    for (int i = 0; i < 4; i++)
        s->code[i] = (sq_code_fact){sq_variants[i].id, 1 + i * 20, 3 + i * 100,
                                    hashes[i] ^ (i == 3 ? random_bits() : 0)};
    s->run.code = s->code;
    s->run.ncode = 4;
    for (int i = 0; i < ROWS; i++) {
        sq_result *r = &s->results[i];
        *r = (sq_result){.variant = &sq_variants[(i * 7) % sq_variant_count],
                         .sequence = i % 2 ? "random" : "file:x.txt",
                         .mode = (sq_mode)(i % SQ_MODE_COUNT),
                         .harness =
                             i % 8 == 7 ? (sq_stats){NAN, NAN, NAN, NAN, NAN} : random_stats(),
                         .reps = i == 1 ? 0 : MAX_REPS - i,
                         .samples = s->samples[i],
                         .control_dependent = i % 5 == 0,
                         .loop_branch_only = i % 10 == 5,
                         .chain_apart = i % 7 == 3};
        for (int k = 0; k < r->reps; k++)
            r->samples[k] = i == 0 && k < EDGES ? edge_doubles[k] : random_cycles();
        if (i % 6 == 4) /* marked as timed for another variant's row, not there */
            r->shared_from = sq_variants[(i * 7 + 1) % sq_variant_count].id;
        if (i % 4 == 1) { /* samples of several processes */
            r->process = s->process[i];
            for (int k = 0; k < r->reps; k++)
                r->process[k] = (unsigned char)(k * 7 % SQ_MAX_PROCESSES);
        }
        /* Timed as row i - 4 (the same sequence and mode), its figures. */
        if (i % 6 == 5 && i >= 4) {
            const sq_result *from = &s->results[i - 4];
            r->shared_from = from->variant->id;
            r->reps = from->reps;
            r->harness = from->harness;
            memcpy(r->samples, from->samples, sizeof r->samples[0] * (size_t)from->reps);
            r->process = from->process ? s->process[i] : NULL;
            if (from->process)
                memcpy(r->process, from->process, (size_t)from->reps);
        }
    }
    /* As a run leaves it: at the resolution measured, figures derived. */
    sq_run_finish(&s->run);
}

/* The file run makes, in *text (the caller frees), parsed into back. */
static bool round_trip(const sq_run *run, sq_run *back, char **text) {
    size_t size = 0;
    *text = NULL;
    FILE *f = open_memstream(text, &size);
    if (!f)
        return false;
    int rc = sq_results_write(f, run);
    CHECK(fclose(f) == 0 && rc == 0, "sq_results_write returned %d", rc);
    char err[600];
    if (sq_results_parse(*text, size, "synthetic.json", back, err, sizeof err)) {
        CHECK(false, "the file written does not read back: %s", err);
        return false;
    }
    return true;
}

/* The text of a made-up run written, once it reads back; NULL when it does
 * not (the caller frees). */
static char *written_run(synthetic *s) {
    make_run(s, 1, 4096);
    sq_run back;
    char *text;
    if (!round_trip(&s->run, &back, &text)) {
        free(text);
        return NULL;
    }
    sq_run_free(&back);
    return text;
}

/* Differences found by compare_runs; the first few are printed. */
static int differences;
static void differs(const char *field, int row, const char *wrote, const char *read) {
    if (differences++ < 10)
        printf("  %s (row %d): wrote %s, read %s\n", field, row, wrote, read);
}

/* A double read back: the same bits, or NaN for one that is not finite (null). */
static void same_double(const char *field, int row, double wrote, double read) {
    bool same = isfinite(wrote) ? memcmp(&wrote, &read, sizeof wrote) == 0 : isnan(read);
    if (!same) {
        char w[40], r[40];
        snprintf(w, sizeof w, "%a", wrote);
        snprintf(r, sizeof r, "%a", read);
        differs(field, row, w, r);
    }
}

/* A figure derived again on reading: the same bits, infinities and all, or
 * NaN both. */
static void same_figure(const char *field, int row, double wrote, double read) {
    if (!(isnan(wrote) && isnan(read)) && memcmp(&wrote, &read, sizeof wrote) != 0) {
        char w[40], r[40];
        snprintf(w, sizeof w, "%a", wrote);
        snprintf(r, sizeof r, "%a", read);
        differs(field, row, w, r);
    }
}

static void same_uint(const char *field, int row, uint64_t wrote, uint64_t read) {
    if (wrote != read) {
        char w[24], r[24];
        snprintf(w, sizeof w, "%" PRIu64, wrote);
        snprintf(r, sizeof r, "%" PRIu64, read);
        differs(field, row, w, r);
    }
}

static void same_int(const char *field, int row, long long wrote, long long read) {
    same_uint(field, row, (uint64_t)wrote, (uint64_t)read);
}

static void same_text(const char *field, int row, const char *wrote, const char *read) {
    if (strcmp(wrote, read) != 0)
        differs(field, row, wrote, read);
}

/* Statistics, each by same: read from the file (same_double) or derived
 * again (same_figure). */
static void same_five(void (*same)(const char *, int, double, double), const char *field, int row,
                      sq_stats w, sq_stats r) {
    same(field, row, w.min, r.min);
    same(field, row, w.median, r.median);
    same(field, row, w.p90, r.p90);
    same(field, row, w.ci_lo, r.ci_lo);
    same(field, row, w.ci_hi, r.ci_hi);
}

static void same_stats(const char *field, int row, sq_stats w, sq_stats r) {
    same_five(same_double, field, row, w, r);
}

static void same_figures(const char *field, int row, sq_stats w, sq_stats r) {
    same_five(same_figure, field, row, w, r);
}

/* Member m of the run written (w) and read back (r), named in messages as in C. */
#define SAME(kind, m) same_##kind(#m, -1, w->m, r->m)
/* Member m of result row i. */
#define SAME_ROW(kind, m) same_##kind(#m, i, a->m, b->m)

/* Every field the file holds. */
static void compare_runs(const char *what, const sq_run *w, const sq_run *r) {
    int before = differences;
    SAME(text, version), SAME(text, commit), SAME(int, harness_version), SAME(int, nimpls);
    for (int i = 0; i < w->nimpls && i < r->nimpls; i++) {
        const sq_impl_info *a = &w->impls[i], *b = &r->impls[i];
        SAME_ROW(text, name), SAME_ROW(text, compiler), SAME_ROW(text, flags);
    }
    SAME(text, machine.vendor), SAME(text, machine.brand), SAME(int, machine.family);
    SAME(int, machine.model), SAME(int, machine.stepping), SAME(int, machine.hypervisor);
    SAME(text, machine.hidden), SAME(int, machine.test_brand);
    SAME(text, kernel), SAME(text, clock.source), SAME(text, clock.tsc_source);
    SAME(double, clock.tsc_hz), SAME(double, clock.core_hz), SAME(double, clock.core_hz_min);
    SAME(double, clock.core_hz_max), SAME(double, clock.timer_overhead);
    SAME(double, clock.alu_per_cycle), SAME(int, reps), SAME(int, min_reps), SAME(double, tight);
    SAME(int, samples), SAME(double, sample_us), SAME(int, visits), SAME(uint, length);
    SAME(uint, seed), SAME(int, cpu), SAME(text, sequences), SAME(int, aslr), SAME(int, share);
    SAME(double, elapsed_s), SAME(int, nresults), SAME(int, ncode);
    for (int i = 0; i < w->ncode && i < r->ncode; i++) {
        const sq_code_fact *a = &w->code[i], *b = &r->code[i];
        SAME_ROW(text, id), SAME_ROW(int, insns), SAME_ROW(int, bytes), SAME_ROW(uint, hash);
    }
    for (int i = 0; i < w->nresults && i < r->nresults; i++) {
        const sq_result *a = &w->results[i], *b = &r->results[i];
        SAME_ROW(text, variant->id), SAME_ROW(text, variant->family->name);
        SAME_ROW(text, variant->technique), SAME_ROW(text, variant->impl);
        SAME_ROW(text, sequence), SAME_ROW(int, mode), SAME_ROW(figures, cycles);
        SAME_ROW(figures, ticks), SAME_ROW(figures, ns), SAME_ROW(stats, harness);
        SAME_ROW(int, reps);
        for (int k = 0; k < a->reps && k < b->reps; k++)
            SAME_ROW(double, samples[k]);
        SAME_ROW(int, nmodes), SAME_ROW(int, control_dependent);
        SAME_ROW(int, loop_branch_only), SAME_ROW(int, chain_apart);
        CHECK(!a->shared_from == !b->shared_from, "%s row %d: shared_from %s", what, i,
              a->shared_from ? "lost" : "made up");
        if (a->shared_from && b->shared_from)
            SAME_ROW(text, shared_from);
        CHECK(!a->process == !b->process, "%s row %d: processes %s", what, i,
              a->process ? "lost" : "made up");
        for (int k = 0; a->process && b->process && k < a->reps && k < b->reps; k++)
            SAME_ROW(int, process[k]);
        for (int k = 0; k < a->nmodes && k < b->nmodes; k++)
            SAME_ROW(figure, modes[k].cycles), SAME_ROW(figure, modes[k].share);
    }
    CHECK(differences == before, "%s: %d fields read back differ", what, differences - before);
}

/* Whether key of obj is a JSON integer equal to want. */
static bool integer_field(json_t *obj, const char *key, long long want) {
    json_t *v = json_object_get(obj, key);
    return json_is_integer(v) && json_integer_value(v) == want;
}

/* The written text: integers as JSON integers, the seed a decimal string,
 * doubles with their digits. */
static void check_text(const char *text, const sq_run *run) {
    json_t *doc = json_loads(text, 0, NULL);
    json_t *config = json_object_get(doc, "config"), *machine = json_object_get(doc, "machine");
    json_t *tool = json_object_get(doc, "tool");
    CHECK(integer_field(doc, "schema", 3), "schema 3");
    CHECK(run->harness_version ? integer_field(tool, "harness_version", run->harness_version)
                               : !json_object_get(tool, "harness_version"),
          "tool.harness_version %d: a JSON integer, or none for an older harness",
          run->harness_version);
    CHECK(integer_field(config, "length", (long long)run->length) &&
              integer_field(config, "reps", run->reps) &&
              integer_field(config, "min_reps", run->min_reps) &&
              integer_field(config, "samples", run->samples) &&
              integer_field(config, "visits", run->visits) &&
              integer_field(config, "cpu", run->cpu),
          "config's counts are JSON integers");
    CHECK(integer_field(machine, "family", run->machine.family) &&
              integer_field(machine, "model", run->machine.model) &&
              integer_field(machine, "stepping", run->machine.stepping),
          "machine's numbers are JSON integers");
    /* The table: its columns, a row each, a sample a repetition, the
     * processes JSON integers; nothing derived (statistics, speeds). */
    json_t *results = json_object_get(doc, "results");
    char *columns = json_dumps(json_object_get(results, "columns"), JSON_COMPACT);
    CHECK(columns && strcmp(columns, "[\"id\",\"sequence\",\"mode\",\"flags\",\"samples\","
                                     "\"shared_from\",\"processes\",\"harness\"]") == 0,
          "the columns: %s", columns);
    free(columns);
    size_t i;
    json_t *row;
    bool counts = json_array_size(json_object_get(results, "rows")) == (size_t)run->nresults;
    json_array_foreach(json_object_get(results, "rows"), i, row) {
        json_t *samples = json_array_get(row, 4), *processes = json_array_get(row, 6);
        counts &= json_is_null(samples) || json_array_size(samples) == (size_t)run->results[i].reps;
        for (size_t k = 0; k < json_array_size(processes); k++)
            counts &= json_is_integer(json_array_get(processes, k));
    }
    CHECK(counts, "each row's samples, one a repetition, and its processes JSON integers");
    CHECK(!strstr(text, "\"median\"") && !strstr(text, "\"ticks\"") &&
              !strstr(text, "\"summary\"") && !strstr(text, "\"modes\""),
          "no statistic the samples give is written");
    char seed[64], length[64];
    snprintf(seed, sizeof seed, "\"seed\": \"%" PRIu64 "\"", run->seed);
    snprintf(length, sizeof length, "\"length\": %zu,", run->length);
    CHECK(strstr(text, seed) && strstr(text, length), "the text has %s and %s", seed, length);
    CHECK(strstr(text, "\"tsc_hz\": 2595999123.456789,"), "tsc_hz with all its digits");
    CHECK(!strstr(text, "\"hidden_features\"") == !run->machine.hidden[0] &&
              !strstr(text, "\"test_brand\"") == !run->machine.test_brand,
          "the test switches' keys exactly where one acted");
    json_decref(doc);
}

static void check_round_trips(void) {
    static const uint64_t seeds[] = {0, 1, (1ull << 53) + 1, 1ull << 63, UINT64_MAX};
    static const size_t lengths[] = {1048576, (size_t)1 << 30};
    static synthetic s;
    for (int i = 0; i < 5; i++)
        for (int l = 0; l < 2; l++) {
            make_run(&s, seeds[i], lengths[l]);
            if (i % 2) { /* as the test switches leave it: both recorded */
                snprintf(s.run.machine.hidden, sizeof s.run.machine.hidden, "popcnt,bmi2");
                s.run.machine.test_brand = true;
            }
            sq_run back;
            char *text, what[96];
            snprintf(what, sizeof what, "seed %" PRIu64 ", length %zu", seeds[i], lengths[l]);
            if (round_trip(&s.run, &back, &text)) {
                compare_runs(what, &s.run, &back);
                check_text(text, &s.run);
                sq_run_free(&back);
            }
            free(text);
        }

    /* Not finite: null in the file, NaN read back (a sample counts in no
     * statistic either way). */
    make_run(&s, 1, 4096);
    s.run.harness_version = 0; /* an older harness: written back without one */
    s.results[3].harness.p90 = INFINITY;
    s.results[3].samples[0] = -INFINITY;
    s.run.clock.alu_per_cycle = NAN;
    sq_run_finish(&s.run);
    sq_run back;
    char *text;
    if (round_trip(&s.run, &back, &text)) {
        compare_runs("NaN and infinities", &s.run, &back);
        check_text(text, &s.run);
        CHECK(strstr(text, "\"alu_per_cycle\": null"), "NaN written as null");
        sq_run_free(&back);
    }
    free(text);
}

/* The digits a sample keeps: half a count of its counter over its window
 * at most; written with them, and read back as written. */
static void check_resolution(void) {
    sq_run run = {.clock = {.source = "calibrated", .tsc_hz = 2.6e9, .core_hz = 4.2e9},
                  .sample_us = 25};
    CHECK(sq_sample_digits(&run, 25) == 6, "25 us of a 2.6 GHz TSC (65000 ticks): 6 digits, not %d",
          sq_sample_digits(&run, 25));
    CHECK(sq_sample_digits(&run, 1000) == 8, "1 ms of it: 8 digits, not %d",
          sq_sample_digits(&run, 1000));
    run.clock.source = "perf";
    CHECK(sq_sample_digits(&run, 25) == 7, "25 us of a 4.2 GHz core counter: 7 digits, not %d",
          sq_sample_digits(&run, 25));
    CHECK(sq_sample_digits(&run, 0) == 17 && sq_sample_digits(&run, NAN) == 17,
          "no window known: every digit");
    /* Rounded by at most half a unit in the last digit kept, and at once at
     * rest: x of 5 x 10^-7 at 6 digits. */
    bool within = true;
    for (int k = 0; k < 10000; k++) {
        double x = random_double(), r = sq_to_digits(x, 6);
        within &= fabs(r - x) <= 5e-6 * fabs(x) && sq_to_digits(r, 6) == r;
    }
    CHECK(within, "rounding to 6 digits moves x by 5e-6 of it at most, and once");

    static synthetic s;
    make_run(&s, 1, 4096);
    s.results[2].samples[0] = 1.0 / 3;
    s.results[2].samples[1] = 123456789.0;
    sq_run_finish(&s.run);
    sq_run back;
    char *text;
    if (round_trip(&s.run, &back, &text)) {
        CHECK(strstr(text, "[0.3333333,1.234568e8,") && back.results[2].samples[0] == 0.3333333,
              "a perf run's samples written with 7 digits");
        sq_run_free(&back);
    }
    free(text);
}

/* Bytes that are not UTF-8 become U+FFFD, each; UTF-8 stays as it is. */
static void check_not_utf8(void) {
    static synthetic s;
    make_run(&s, 1, 4096);
    s.results[0].sequence = "file:\xff-\xc3(-\xc0\xaf-\xed\xa0\x80-é€😀-\xe2\x82";
    snprintf(s.run.kernel, sizeof s.run.kernel, "6.1.0-\xfe");
    sq_run back;
    char *text;
    if (round_trip(&s.run, &back, &text)) {
        const char *want = "file:\uFFFD-\uFFFD(-\uFFFD\uFFFD-\uFFFD\uFFFD\uFFFD-é€😀-\uFFFD\uFFFD";
        CHECK(strcmp(back.results[0].sequence, want) == 0, "a name not UTF-8 read back as '%s'",
              back.results[0].sequence);
        CHECK(strcmp(back.kernel, "6.1.0-\uFFFD") == 0, "kernel read back as '%s'", back.kernel);
        sq_run_free(&back);
    }
    free(text);
}

/* text with its "seed": VALUE replaced by seed (the caller frees). */
static char *with_seed(const char *text, const char *seed) {
    const char *at = strstr(text, "\"seed\": ");
    if (!at)
        return strdup("");
    at += strlen("\"seed\": ");
    size_t value = strcspn(at, ",\n}");
    char *out = malloc(strlen(text) + strlen(seed) + 1);
    if (out)
        sprintf(out, "%.*s%s%s", (int)(at - text), text, seed, at + value);
    return out;
}

/* Parses text with the seed replaced: 0 and the seed read, or -1 and the reason. */
static int parse_seed(const char *text, const char *seed, uint64_t *got, char *err, size_t len) {
    char *changed = with_seed(text, seed);
    sq_run run;
    err[0] = 0;
    int rc = changed ? sq_results_parse(changed, strlen(changed), "seed.json", &run, err, len) : -1;
    if (rc == 0) {
        *got = run.seed;
        sq_run_free(&run);
    }
    free(changed);
    return rc;
}

/* Schema 2 takes a string of decimal digits, 0 to 2^64-1, and nothing else;
 * schema 1 its number. */
static void check_seed_forms(const char *schema1_text) {
    static synthetic s;
    make_run(&s, 5, 4096);
    char *text = NULL, err[600];
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    if (!f)
        return;
    sq_results_write(f, &s.run);
    fclose(f);
    static const char *const refused[] = {
        "5",        "\"-1\"",  "\" 5\"", "\"+5\"",
        "\"0x10\"", "\"1e3\"", "\"\"",   "\"18446744073709551616\"",
        "null"};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        uint64_t got = 0;
        int rc = parse_seed(text, refused[i], &got, err, sizeof err);
        CHECK(rc == -1 && strstr(err, "config.seed: not a string of decimal digits"),
              "schema 2 seed %s: %s", refused[i], rc ? err : "accepted");
    }
    uint64_t got = 0;
    CHECK(parse_seed(text, "\"010\"", &got, err, sizeof err) == 0 && got == 10,
          "schema 2 seed \"010\": %s", err);
    free(text);

    CHECK(parse_seed(schema1_text, "9223372036854775807", &got, err, sizeof err) == 0 &&
              got == INT64_MAX,
          "schema 1 seed 2^63-1: %s", err);
    CHECK(parse_seed(schema1_text, "1e3", &got, err, sizeof err) == 0 && got == 1000,
          "schema 1 seed 1e3: %s", err);
    CHECK(parse_seed(schema1_text, "-1", &got, err, sizeof err) == -1 &&
              strstr(err, "config.seed: -1 is not a whole number"),
          "schema 1 seed -1: %s", err);
    CHECK(parse_seed(schema1_text, "\"5\"", &got, err, sizeof err) == -1 &&
              strstr(err, "config.seed: not a number"),
          "schema 1 seed \"5\": %s", err);
}

/* text with its document edited: key of the top level set to value (NULL:
 * removed); the caller frees. */
static char *edited(const char *text, const char *key, json_t *value) {
    json_t *doc = json_loads(text, 0, NULL);
    if (value)
        json_object_set_new(doc, key, value);
    else
        json_object_del(doc, key);
    char *out = json_dumps(doc, 0);
    json_decref(doc);
    return out;
}

/* A wrong value of a top-level key and the message naming it. */
typedef struct bad_form {
    const char *json, *message;
} bad_form;

/* text with key set to each form's json is refused with its message. */
static void check_bad_forms(const char *text, const char *key, const bad_form *forms, size_t n) {
    for (size_t i = 0; i < n; i++) {
        char *bad_text = edited(text, key, json_loads(forms[i].json, JSON_DECODE_ANY, NULL));
        sq_run back;
        char err[600];
        int rc = sq_results_parse(bad_text, strlen(bad_text), "bad.json", &back, err, sizeof err);
        CHECK(rc != 0 && strstr(err, forms[i].message) && strncmp(err, "bad.json: ", 10) == 0,
              "%s %s: %s", key, forms[i].json, rc ? err : "read");
        if (rc == 0)
            sq_run_free(&back);
        free(bad_text);
    }
}

/* tool.harness_version: a whole number from 1, or none (an older harness). */
static void check_harness_version(void) {
    static synthetic s;
    char *text = written_run(&s);
    if (!text)
        return;
    static const bad_form bad_forms[] = {
        {"{\"name\": \"sqcolor\", \"harness_version\": 0}",
         "tool.harness_version: 0 is not a whole number from 1"},
        {"{\"name\": \"sqcolor\", \"harness_version\": 1.5}",
         "tool.harness_version: 1.5 is not a whole number"},
        {"{\"name\": \"sqcolor\", \"harness_version\": \"1\"}",
         "tool.harness_version: not a number"},
    };
    check_bad_forms(text, "tool", bad_forms, sizeof bad_forms / sizeof bad_forms[0]);
    free(text);
}

/* history: the CPU's quiet level a run was held to, and its runs; read back
 * as written, none where the run had none, a wrong one named. */
static void check_history(void) {
    static synthetic s;
    char *text = written_run(&s);
    if (!text)
        return;
    sq_run back;
    char err[600];
    CHECK(!strstr(text, "\"history\""), "no history kept: no key");
    char *held = edited(text, "history", json_pack("{s:f, s:i}", "quiet", 5.38, "runs", 9));
    int rc = sq_results_parse(held, strlen(held), "held.json", &back, err, sizeof err);
    CHECK(rc == 0 && back.history_quiet == 5.38 && back.history_runs == 9, "history read: %s",
          rc ? err : "read");
    char *again = NULL;
    if (rc == 0 && round_trip(&back, &s.run, &again)) {
        CHECK(s.run.history_quiet == 5.38 && s.run.history_runs == 9 &&
                  strstr(again, "\"history\": {\"quiet\": 5.38, \"runs\": 9}"),
              "history written back");
        sq_run_free(&s.run);
    }
    if (rc == 0)
        sq_run_free(&back);
    free(again);
    free(held);
    static const bad_form bad_forms[] = {
        {"5.38", "history: not an object"},
        {"{\"quiet\": 5.38}", "history.runs: missing"},
        {"{\"quiet\": 5.38, \"runs\": 2}", "history.runs"},
        {"{\"quiet\": 5.38, \"runs\": 10}", "history.runs"},
        {"{\"quiet\": 0, \"runs\": 3}", "history.quiet: not over 0 to 64"},
        {"{\"quiet\": 65, \"runs\": 3}", "history.quiet: not over 0 to 64"},
        {"{\"runs\": 3}", "history.quiet: missing"},
    };
    check_bad_forms(text, "history", bad_forms, sizeof bad_forms / sizeof bad_forms[0]);
    free(text);
}

/* A row's host_loss (the most the host took from a spoiled sample): written
 * where there is one, read back to its 4 digits, and a fraction or the file
 * is refused, named. */
static void check_host_loss(void) {
    static synthetic s;
    make_run(&s, 1, 4096);
    s.results[0].host_loss = 0.123449;
    sq_run back;
    char *text = NULL;
    if (!round_trip(&s.run, &back, &text)) {
        free(text);
        return;
    }
    CHECK(back.results[0].host_loss == 0.1234 && back.results[1].host_loss == 0,
          "host_loss read back: %g and %g", back.results[0].host_loss, back.results[1].host_loss);
    /* The run keeps the file's digits, so its figures are the file's. */
    sq_run_finish(&s.run);
    CHECK(s.results[0].host_loss == back.results[0].host_loss,
          "host_loss in the finished run %.17g, in its file %.17g", s.results[0].host_loss,
          back.results[0].host_loss);
    sq_run_free(&back);
    char *at = strstr(text, "0.1234");
    CHECK(at && strstr(text, "\"host_loss\""), "host_loss written as a column");
    if (at) {
        memcpy(at, "1.5   ", 6);
        char err[600];
        int rc = sq_results_parse(text, strlen(text), "loss.json", &back, err, sizeof err);
        CHECK(rc != 0 && strstr(err, "host_loss: not a fraction from 0 to 1"),
              "a loss of 1.5 refused: %s", rc ? err : "read");
        if (rc == 0)
            sq_run_free(&back);
    }
    free(text);
}

/* The code facts: optional (a schema-2 file from before them is read without
 * any), and a present one must be right, the problem named. */
static void check_code_facts(void) {
    static synthetic s;
    make_run(&s, 1, 4096);
    sq_run back;
    char *text, err[600];
    if (!round_trip(&s.run, &back, &text))
        return;
    sq_run_free(&back);
    CHECK(strstr(text, "\"hash\": \"8000000000000001\"") &&
              strstr(text, "\"hash\": \"ffffffffffffffff\"") &&
              strstr(text, "\"hash\": \"0000000000000000\""),
          "hashes as 16 hex digits");
    char *without = edited(text, "code", NULL);
    int rc = sq_results_parse(without, strlen(without), "old.json", &back, err, sizeof err);
    CHECK(rc == 0 && back.ncode == 0 && !back.code && back.nresults == ROWS,
          "a schema-2 file without code: %s", rc ? err : "read");
    if (rc == 0)
        sq_run_free(&back);
    free(without);
    static const bad_form bad_forms[] = {
        {"{}", "code: not an array"},
        {"[1]", "code[0]: not an object"},
        {"[{\"insns\": 3, \"bytes\": 9, \"hash\": \"0000000000000000\"}]", "code[0].id: missing"},
        {"[{\"id\": \"x\", \"insns\": 0, \"bytes\": 9, \"hash\": \"0000000000000000\"}]",
         "code[0].insns: 0 is not a whole number from 1"},
        {"[{\"id\": \"x\", \"insns\": 3, \"bytes\": 9.5, \"hash\": \"0000000000000000\"}]",
         "code[0].bytes: 9.5 is not a whole number"},
        {"[{\"id\": \"x\", \"insns\": 3, \"bytes\": 9, \"hash\": \"00000000000000000\"}]",
         "code[0].hash: '00000000000000000' is not 16 lowercase hex digits"},
        {"[{\"id\": \"x\", \"insns\": 3, \"bytes\": 9, \"hash\": \"ABCDEF0000000000\"}]",
         "is not 16 lowercase hex digits"},
        {"[{\"id\": \"x\", \"insns\": 3, \"bytes\": 9, \"hash\": 5}]",
         "code[0].hash: not a string"},
    };
    check_bad_forms(text, "code", bad_forms, sizeof bad_forms / sizeof bad_forms[0]);
    free(text);
}

/* Batch rows: read back exactly; a file without them (older, or a run of
 * scalar variants only) is written back without the key; a bad row named. */
static void check_batch_rows(void) {
    static synthetic s;
    make_run(&s, 3, 4096);
    sq_batch_result rows[3];
    static double samples[3][11];
    static unsigned char process[11], host[11] = {0, SQ_HOST_SHARED, 0, 0, SQ_HOST_MOVED};
    for (int i = 0; i < 3; i++) {
        rows[i] = (sq_batch_result){.id = i == 2 ? "color_mask/gfni/asm" : "color_batch/sse2/asm",
                                    .n = i == 1 ? 262144 : 4096,
                                    .reps = 11 - i,
                                    .cycles = random_stats()};
        /* Samples in rows 0 and 1 (1 from two processes); row 2 as older files. */
        for (int k = 0; i < 2 && k < rows[i].reps; k++) {
            samples[i][k] = random_cycles();
            process[k] = (unsigned char)(k % 2);
        }
        rows[i].samples = i < 2 ? samples[i] : NULL;
        rows[i].process = i == 1 ? process : NULL;
        rows[i].host = i == 1 ? host : NULL; /* the host spoiled 2 of row 1's samples */
    }
    s.run.batch = rows;
    s.run.nbatch = 3;
    sq_run_finish(&s.run); /* rows 0 and 1's statistics from their samples */
    sq_run back;
    char *text, err[600];
    if (!round_trip(&s.run, &back, &text))
        return;
    CHECK(back.nbatch == 3, "%d batch rows read back", back.nbatch);
    CHECK(strstr(text, "\"id\":\"color_mask/gfni/asm\",\"n\":4096,\"reps\":9,\"cycles\":[") &&
              !strstr(text, "\"id\":\"color_batch/sse2/asm\",\"n\":4096,\"reps\""),
          "repetitions and statistics only for a row without samples");
    for (int i = 0; i < back.nbatch && i < 3; i++) {
        same_text("batch.id", i, rows[i].id, back.batch[i].id);
        same_uint("batch.n", i, rows[i].n, back.batch[i].n);
        same_int("batch.reps", i, rows[i].reps, back.batch[i].reps);
        same_figures("batch.cycles", i, rows[i].cycles, back.batch[i].cycles);
        same_int("batch.nmodes", i, rows[i].nmodes, back.batch[i].nmodes);
        CHECK(!rows[i].samples == !back.batch[i].samples &&
                  !rows[i].process == !back.batch[i].process,
              "batch row %d: samples and processes as written", i);
        for (int k = 0; rows[i].samples && back.batch[i].samples && k < rows[i].reps; k++)
            same_double("batch.samples", i, rows[i].samples[k], back.batch[i].samples[k]);
        for (int k = 0; rows[i].process && back.batch[i].process && k < rows[i].reps; k++)
            same_int("batch.processes", i, rows[i].process[k], back.batch[i].process[k]);
        CHECK(!rows[i].host == !back.batch[i].host, "batch row %d: host flags as written", i);
        for (int k = 0; rows[i].host && back.batch[i].host && k < rows[i].reps; k++)
            same_int("batch.host", i, rows[i].host[k], back.batch[i].host[k]);
        same_int("batch.clean", i, rows[i].clean, back.batch[i].clean);
    }
    sq_run_free(&back);

    char *without = edited(text, "batch", NULL), *again = NULL;
    int rc = sq_results_parse(without, strlen(without), "old.json", &back, err, sizeof err);
    CHECK(rc == 0 && back.nbatch == 0, "a file without batch rows: %s", rc ? err : "read");
    if (rc == 0 && round_trip(&back, &s.run, &again)) {
        CHECK(!strstr(again, "\"batch\""), "written back without a batch key");
        sq_run_free(&s.run);
    }
    if (rc == 0)
        sq_run_free(&back);
    free(again);
    free(without);

    static const bad_form bad_forms[] = {
        {"{}", "batch: not an array"},
        {"[1]", "batch[0]: not an object"},
        {"[{\"n\": 64, \"samples\": [1]}]", "batch[0].id: missing"},
        {"[{\"id\": \"x\", \"n\": 0, \"reps\": 3}]", "batch[0].n: 0 is not a whole number from 1"},
        {"[{\"id\": \"x\", \"n\": 64, \"reps\": 3}]", "batch[0].cycles: missing"},
        {"[{\"id\": \"x\", \"n\": 64, \"reps\": 3, \"cycles\": [1, 2]}]",
         "batch[0].cycles: not an array of five numbers"},
        {"[{\"id\": \"x\", \"n\": 64, \"samples\": [1, \"a\"]}]",
         "batch[0].samples[1]: not a number"},
        {"[{\"id\": \"x\", \"n\": 64, \"samples\": [1, 2], \"processes\": [0]}]",
         "batch[0].processes: not an array of one process a sample"},
        {"[{\"id\": \"x\", \"n\": 64, \"samples\": [1, 2], \"host\": [0]}]",
         "batch[0].host: not an array of one value a sample"},
        {"[{\"id\": \"x\", \"n\": 64, \"samples\": [1, 2], \"host\": [0, 4]}]",
         "batch[0].host[1]: not 0 to 3"},
        {"[{\"id\": \"x\", \"n\": 64, \"reps\": 3, \"cycles\": [1, 1, 1, 1, 1], \"host\": [0]}]",
         "batch[0]: host without samples"},
    };
    check_bad_forms(text, "batch", bad_forms, sizeof bad_forms / sizeof bad_forms[0]);
    free(text);
}

/* A file the schema-1 writer made (tests/data/schema1.json): read as its
 * samples say (the statistics and speeds it stored checked, not kept), and
 * written again as schema 3 without a change. */
static void check_schema1(const char *path) {
    sq_run old;
    char err[600];
    if (sq_results_load(path, &old, err, sizeof err)) {
        CHECK(false, "a schema-1 file: %s", err);
        return;
    }
    CHECK(old.seed == (1ull << 53) + 1, "a schema-1 seed past 2^53 read exactly: %" PRIu64,
          old.seed);
    CHECK(old.length == 1048580 && old.clock.tsc_hz == 2.596e9 && old.elapsed_s == 0.812346,
          "schema 1's six digits read as stored: length %zu, tsc_hz %.17g", old.length,
          old.clock.tsc_hz);
    /* Row 0: samples 3.99203, 3.99512 and null; row 2: four samples, too
     * few for the two speeds the file claimed. */
    const sq_result *r = old.results;
    double ticks_per_cycle = 2.596e9 / 4.08492e9;
    CHECK(old.nresults == 3 && isnan(r[0].samples[2]) &&
              r[0].cycles.median == (3.99203 + 3.99512) / 2 && r[0].cycles.p90 == 3.99512 &&
              r[0].ticks.p90 == 3.99512 * ticks_per_cycle && r[1].control_dependent &&
              strcmp(r[1].sequence, "file:squares.txt") == 0 && r[2].nmodes == 0 &&
              r[2].cycles.median == (4.131 + 4.32) / 2 && r[2].mode == SQ_MODE_CALL,
          "schema-1 results, their figures from their samples");
    CHECK(old.nimpls == 1 && strcmp(old.kernel, "6.1.0-test") == 0 && old.machine.hypervisor &&
              old.min_reps == 3 && old.visits == 1 && old.cpu == 1 && !old.aslr,
          "schema-1 metadata");
    CHECK(old.ncode == 0 && !old.code, "a schema-1 file has no code facts");
    CHECK(old.harness_version == 0, "a schema-1 file is of an older harness");
    bool shared = false;
    for (int i = 0; i < old.nresults; i++)
        shared |= old.results[i].shared_from != NULL;
    CHECK(old.share == 0 && !shared,
          "a file from before sharing: not known whether it shared, every row timed itself");
    sq_run back;
    char *text;
    if (round_trip(&old, &back, &text)) {
        compare_runs("schema 1 written as schema 3", &old, &back);
        sq_run_free(&back);
    }
    free(text);

    FILE *f = fopen(path, "r");
    char buf[8192] = "";
    size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
    buf[n] = 0;
    if (f)
        fclose(f);
    check_seed_forms(buf);
    sq_run_free(&old);
}

/* Whether x is within a relative 10^-5 of want: a figure of samples kept to
 * 6 digits against the one taken from all 17. */
static bool near(double x, double want) {
    return x == want || fabs(x - want) <= 1e-5 * fabs(want);
}

/* A file the schema-2 writer made from a run in three processes with shared
 * rows and batch rows (tests/data/schema2.json): read as its samples say,
 * its figures those it stored to within the resolution; written as schema 3
 * without a change, the shared rows' figures left to their sources, in a
 * fraction of the space. */
static void check_schema2(const char *path) {
    sq_run old;
    char err[600];
    json_error_t jerr;
    json_t *doc = json_load_file(path, 0, &jerr);
    if (!doc || sq_results_load(path, &old, err, sizeof err)) {
        CHECK(false, "a schema-2 file: %s", doc ? err : jerr.text);
        json_decref(doc);
        return;
    }
    json_t *rows = json_object_get(doc, "results"), *row;
    size_t i, nshared = 0;
    bool agree = json_array_size(rows) == (size_t)old.nresults && old.nresults > 0;
    json_array_foreach(rows, i, row) {
        if (i >= (size_t)old.nresults)
            break;
        const sq_result *r = &old.results[i];
        json_t *cycles = json_object_get(row, "cycles"), *ticks = json_object_get(row, "ticks");
        nshared += r->shared_from != NULL;
        agree &= r->process && r->reps == 6 &&
                 near(r->cycles.median, json_real_value(json_object_get(cycles, "median"))) &&
                 near(r->cycles.ci_hi,
                      json_real_value(json_array_get(json_object_get(cycles, "ci95"), 1))) &&
                 near(r->ticks.min, json_real_value(json_object_get(ticks, "min")));
    }
    CHECK(agree && nshared > 0 && old.processes == 3 && old.nbatch > 0 && old.batch[0].process,
          "a schema-2 run of three processes: its figures from its samples, within 1e-5 of "
          "those it stored");
    sq_run back;
    char *text;
    if (round_trip(&old, &back, &text)) {
        compare_runs("schema 2 written as schema 3", &old, &back);
        json_t *again = json_loads(text, 0, NULL), *results = json_object_get(again, "results");
        size_t left_out = 0;
        json_array_foreach(json_object_get(results, "rows"), i, row) {
            left_out += json_is_null(json_array_get(row, 4));
        }
        CHECK(left_out == nshared, "%zu shared rows' figures left to their sources, of %zu",
              left_out, nshared);
        struct stat st;
        CHECK(stat(path, &st) == 0 && strlen(text) * 5 < (size_t)st.st_size,
              "schema 3 in under a fifth of schema 2's bytes: %zu of %lld", strlen(text),
              (long long)st.st_size);
        json_decref(again);
        sq_run_free(&back);
    }
    free(text);
    json_decref(doc);
    sq_run_free(&old);
}

/* A CPU's folder is named by vendor, family and model, whatever brand string
 * the hypervisor shows: two guests of one Zen 5 model named "AMD EPYC" and
 * "Oxide Virtual Turin-like Processor" saved to two folders. */
/* rows[index][column] of a schema-3 document. */
static json_t *cell_of(json_t *doc, size_t index, size_t column) {
    json_t *rows = json_object_get(json_object_get(doc, "results"), "rows");
    return json_array_get(json_array_get(rows, index), column);
}

/* doc as text with rows[index][column] set to value (stolen); the caller
 * frees. */
static char *with_cell(json_t *doc, size_t index, size_t column, json_t *value) {
    json_t *copy = json_deep_copy(doc);
    json_t *rows = json_object_get(json_object_get(copy, "results"), "rows");
    json_array_set_new(json_array_get(rows, index), column, value);
    char *text = json_dumps(copy, 0);
    json_decref(copy);
    return text;
}

/* text refused with a message holding want. */
static void refused(const char *text, const char *want, const char *what) {
    sq_run got;
    char err[600] = "";
    int rc = sq_results_parse(text, strlen(text), "bad.json", &got, err, sizeof err);
    CHECK(rc != 0 && strstr(err, want), "%s refused: %s", what, rc ? err : "read");
    if (rc == 0)
        sq_run_free(&got);
}

/* A shared row through the file: shared_from in its column only on such
 * rows; the figures of one timed as an earlier row left out (null) and taken
 * from it on reading, those of one whose row is not there written;
 * config.share_identical only where known; wrong forms refused. */
static void check_shared(void) {
    static synthetic s;
    make_run(&s, 1, 4096);
    sq_run back;
    char *text;
    if (round_trip(&s.run, &back, &text)) {
        compare_runs("shared rows", &s.run, &back);
        json_t *doc = json_loads(text, 0, NULL);
        size_t marked = 0, left_out = 0;
        bool right = true;
        for (int i = 0; i < ROWS; i++) {
            json_t *from = cell_of(doc, (size_t)i, 5), *samples = cell_of(doc, (size_t)i, 4);
            const char *want = s.results[i].shared_from;
            marked += want != NULL;
            left_out += json_is_null(samples);
            right &= want ? json_is_string(from) && strcmp(json_string_value(from), want) == 0
                          : json_is_null(from);
            right &= json_is_null(samples) == (i % 6 == 5 && i >= 4);
        }
        CHECK(right && marked > left_out && left_out > 0,
              "shared_from on the %zu shared rows only; the figures of the %zu timed as an "
              "earlier row left out",
              marked, left_out);
        CHECK(json_is_true(json_object_get(json_object_get(doc, "config"), "share_identical")),
              "config.share_identical true");
        /* The wrong forms, each refused with its field named. */
        static const struct {
            size_t row, column;
            const char *value, *message;
        } forms[] = {
            {0, 5, "3", "results.rows[0].shared_from: not a string"},
            {0, 5, "\"nothing\"", "results.rows[0].shared_from: not the id of another variant"},
            {0, 5, "\"" /* its own id, below */, "results.rows[0].shared_from: not the id of"},
            {4, 4, "null",
             "results.rows[4]: processes, harness, host, retaken or host_loss without samples"},
            {0, 4, "null", "results.rows[0].samples: null on a row timed itself"},
            {5, 7, "[1, 1, 1, 1, 1]",
             "results.rows[5]: processes, harness, host, retaken or host_loss without samples"},
            {2, 7, "[1, 1]", "results.rows[2].harness: not an array of five numbers"},
            {1, 6, "[0, 99]", "results.rows[1].processes: not an array of one process a sample"},
        };
        for (size_t k = 0; k < sizeof forms / sizeof forms[0]; k++) {
            json_t *value = strcmp(forms[k].value, "\"") == 0
                                ? json_string(s.results[0].variant->id)
                                : json_loads(forms[k].value, JSON_DECODE_ANY, NULL);
            char *t = with_cell(doc, forms[k].row, forms[k].column, value);
            refused(t, forms[k].message, forms[k].value);
            free(t);
        }
        /* A row without samples naming a row that is itself shared (row 4's
         * source is not in the run): no row to take them from. */
        char *t4 = with_cell(doc, 5, 5, json_string(s.results[4].variant->id));
        refused(t4, "results.rows[5].samples: null, and no row of ", "a shared source");
        free(t4);
        json_t *copy = json_deep_copy(doc);
        json_object_set_new(json_object_get(copy, "config"), "share_identical", json_integer(1));
        char *t = json_dumps(copy, 0);
        refused(t, "config.share_identical: not true or false", "share_identical 1");
        free(t);
        json_decref(copy);
        json_decref(doc);
        sq_run_free(&back);
    }
    free(text);

    /* run --no-share: written false, read back; not known: not written. */
    s.run.share = -1;
    for (int i = 0; i < ROWS; i++)
        s.results[i].shared_from = NULL;
    if (round_trip(&s.run, &back, &text)) {
        compare_runs("--no-share", &s.run, &back);
        CHECK(strstr(text, "\"share_identical\": false") && !strstr(text, "shared_from"),
              "share_identical false, no row shared, no such column");
        sq_run_free(&back);
    }
    free(text);
    s.run.share = 0;
    if (round_trip(&s.run, &back, &text)) {
        CHECK(back.share == 0 && !strstr(text, "share_identical"),
              "sharing not known: not written");
        sq_run_free(&back);
    }
    free(text);
}

/* The table's wrong forms, each refused naming what is wrong; a table of one
 * good row read. */
static void check_table_forms(void) {
    static synthetic s;
    char *text = written_run(&s);
    if (!text)
        return;
    static const struct {
        const char *rows, *message;
    } forms[] = {
        {"[[\"color/bt/asm\", \"random\", \"latency\", [\"control_dependent\"], [1]]]", NULL},
        {"5", "results.rows: not an array"},
        {"[5]", "results.rows[0]: not an array of 5 values, one a column"},
        {"[[\"color/bt/asm\", \"random\", \"latency\", []]]", "results.rows[0]: not an array of 5"},
        {"[[\"color/bt\", \"random\", \"latency\", [], [1]]]",
         "results.rows[0].id: 'color/bt' is not family/technique/impl"},
        {"[[\"colour/bt/asm\", \"random\", \"latency\", [], [1]]]",
         "results.rows[0].id: unknown family 'colour'"},
        {"[[\"color/bt/asm\", 7, \"latency\", [], [1]]]", "results.rows[0].sequence: not a string"},
        {"[[\"color/bt/asm\", \"random\", \"speed\", [], [1]]]",
         "results.rows[0].mode: unknown mode 'speed'"},
        {"[[\"color/bt/asm\", \"random\", \"latency\", {}, [1]]]",
         "results.rows[0].flags: not an array"},
        {"[[\"color/bt/asm\", \"random\", \"latency\", [\"noisy\"], [1]]]",
         "results.rows[0].flags[0]: not a flag name"},
        {"[[\"color/bt/asm\", \"random\", \"latency\", [], [1, \"x\"]]]",
         "results.rows[0].samples[1]: not a number"},
        {"[[\"color/bt/asm\", \"random\", \"latency\", [], 3]]",
         "results.rows[0].samples: not an array"},
        /* Cycles up to 1e12 either way, no further. */
        {"[[\"color/bt/asm\", \"random\", \"latency\", [\"control_dependent\"], [1, -1e12, 1e12]]]",
         NULL},
        {"[[\"color/bt/asm\", \"random\", \"latency\", [], [1, 1.5e12]]]",
         "results.rows[0].samples[1]: 1.5e+12 is more than 1e+12 cycles either way"},
        {"[[\"color/bt/asm\", \"random\", \"latency\", [], [-1e308]]]",
         "results.rows[0].samples[0]: -1e+308 is more than 1e+12 cycles either way"},
    };
    for (size_t k = 0; k < sizeof forms / sizeof forms[0]; k++) {
        char results[512];
        snprintf(results, sizeof results,
                 "{\"columns\": [\"id\", \"sequence\", \"mode\", \"flags\", \"samples\"], "
                 "\"rows\": %s}",
                 forms[k].rows);
        char *t = edited(text, "results", json_loads(results, 0, NULL));
        if (forms[k].message) {
            refused(t, forms[k].message, forms[k].rows);
        } else {
            sq_run got;
            char err[600];
            int rc = sq_results_parse(t, strlen(t), "good.json", &got, err, sizeof err);
            CHECK(rc == 0 && got.nresults == 1 && got.results[0].cycles.median == 1 &&
                      got.results[0].control_dependent && !got.results[0].chain_apart,
                  "a table of one row: %s", rc ? err : "read");
            if (rc == 0)
                sq_run_free(&got);
        }
        free(t);
    }
    static const bad_form bad_forms[] = {
        {"[]", "results: not an object"},
        {"{\"rows\": []}", "results.columns: missing"},
        {"{\"columns\": [\"id\", 5], \"rows\": []}", "results.columns[1]: not a string"},
        {"{\"columns\": [\"id\", \"noise\"], \"rows\": []}",
         "results.columns[1]: not a column of schema 3"},
        {"{\"columns\": [\"id\", \"id\"], \"rows\": []}", "results.columns: 'id' twice"},
        {"{\"columns\": [\"id\", \"sequence\", \"mode\", \"flags\"], \"rows\": []}",
         "results.columns: no 'samples'"},
        {"{\"columns\": [\"id\", \"sequence\", \"mode\", \"flags\", \"samples\"]}",
         "results.rows: missing"},
    };
    check_bad_forms(text, "results", bad_forms, sizeof bad_forms / sizeof bad_forms[0]);
    free(text);
}

static void check_cpu_dirs(void) {
    sq_machine epyc = {.vendor = "AuthenticAMD", .brand = "AMD EPYC", .family = 0x1a, .model = 2},
               oxide = epyc, emr = {.vendor = "GenuineIntel", .family = 6, .model = 0xcf},
               odd = {.vendor = "Hygon\x1b[31m", .family = 0x18, .model = 0};
    snprintf(oxide.brand, sizeof oxide.brand, "Oxide Virtual Turin-like Processor");
    char a[256], b[256], c[256], d[256];
    sq_results_cpu_dir(&epyc, "results", a, sizeof a);
    sq_results_cpu_dir(&oxide, "results", b, sizeof b);
    sq_results_cpu_dir(&emr, "r", c, sizeof c);
    sq_results_cpu_dir(&odd, "r", d, sizeof d);
    CHECK(strcmp(a, "results/amd-1a-02") == 0 && strcmp(a, b) == 0, "one Zen 5 folder: %s, %s", a,
          b);
    CHECK(strcmp(c, "r/intel-06-cf") == 0, "Intel 0xcf: %s", c);
    CHECK(strcmp(d, "r/hygon31m-18-00") == 0, "another vendor, letters and digits only: %s", d);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        printf("usage: test_results_io tests/data/schema1.json tests/data/schema2.json\n");
        return 2;
    }
    check_round_trips();
    check_harness_version();
    check_history();
    check_host_loss();
    check_resolution();
    check_cpu_dirs();
    check_shared();
    check_not_utf8();
    check_code_facts();
    check_batch_rows();
    check_schema1(argv[1]);
    check_schema2(argv[2]);
    check_table_forms();
    return check_finish("results_io", NULL);
}
