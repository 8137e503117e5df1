#include "bench/results/results_read_header.h"

#include "bench/results/quiet_history.h"
#include "bench/results/results_schema.h"
#include "bench/util/seed.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Schema 2 keeps the seed in a string: jansson's integers stop at 2^63-1.
 * Schema 1 has a number, exact as a JSON integer. */
static int get_seed(sq_reader *rd, json_t *config, int schema, uint64_t *seed) {
    json_t *v = json_object_get(config, SQ_KEY_SEED);
    if (schema >= 2) {
        if (!json_is_string(v) || !sq_seed_parse(json_string_value(v), seed))
            return sq_reader_bad(rd, "config.seed: %s",
                                 v ? "not a string of decimal digits from 0 to 2^64-1" : "missing");
        return 0;
    }
    if (json_is_integer(v) && json_integer_value(v) >= 0) {
        *seed = (uint64_t)json_integer_value(v);
        return 0;
    }
    /* Beyond 2^63-1 a real; the bounds named exactly, not as %g rounds them
     * (both 1.84467e+19). */
    double x = 0;
    if (sq_get_number(rd, config, SQ_KEY_CONFIG, SQ_KEY_SEED, &x, false))
        return -1;
    if (!(x >= 0 && x < 18446744073709551616.0) || x != floor(x)) {
        char shown[32]; /* every digit of a whole number near the bounds */
        snprintf(shown, sizeof shown, x == floor(x) && fabs(x) < 1e20 ? "%.0f" : "%.17g", x);
        return sq_reader_bad(
            rd, "config.seed: %s is not a whole number from 0 to 18446744073709551615", shown);
    }
    *seed = (uint64_t)x;
    return 0;
}

/* One code fact {id, insns, bytes, hash} (results_write.c) into *f. */
static int read_fact(sq_reader *rd, json_t *o, const char *at, sq_run *run, sq_code_fact *f) {
    const char *id, *hash;
    double insns, bytes;
    if (sq_get_text(rd, o, at, SQ_KEY_ID, &id) ||
        sq_get_whole(rd, o, at, SQ_KEY_INSNS, 1, 1e6, &insns) ||
        sq_get_whole(rd, o, at, SQ_KEY_BYTES, 1, 1e6, &bytes) ||
        sq_get_text(rd, o, at, SQ_KEY_HASH, &hash))
        return -1;
    if (strlen(hash) != 16 || strspn(hash, "0123456789abcdef") != 16)
        return sq_reader_bad(rd, "%s.hash: '%.40s' is not 16 lowercase hex digits", at, hash);
    f->hash = strtoull(hash, NULL, 16);
    f->insns = (int)insns;
    f->bytes = (int)bytes;
    if (!(f->id = sq_run_strdup(run, id)))
        return sq_reader_bad(rd, "out of memory");
    return 0;
}

/* The optional code facts (code_identity.h), each routine's in code[] and
 * each kernel loop's in loops[] (with its mode); none in older files. */
static int read_code(sq_reader *rd, json_t *root, sq_run *run) {
    static const char *const keys[] = {SQ_KEY_CODE, SQ_KEY_LOOPS};
    for (int k = 0; k < 2; k++) {
        json_t *a = json_object_get(root, keys[k]), *o;
        if (!a)
            continue;
        if (!json_is_array(a))
            return sq_reader_bad(rd, "%s: not an array", keys[k]);
        size_t n = json_array_size(a), i;
        if (k == 0 ? !(run->code = sq_run_alloc(run, sizeof *run->code * (n ? n : 1)))
                   : !(run->loops = sq_run_alloc(run, sizeof *run->loops * (n ? n : 1))))
            return sq_reader_bad(rd, "out of memory");
        json_array_foreach(a, i, o) {
            char at[32];
            if (sq_get_element(rd, keys[k], i, o, at, sizeof at))
                return -1;
            if (k == 0) {
                if (read_fact(rd, o, at, run, &run->code[run->ncode]))
                    return -1;
                run->ncode++;
                continue;
            }
            sq_loop_fact *l = &run->loops[run->nloops];
            int mode = sq_get_mode(rd, o, at);
            if (mode < 0 || read_fact(rd, o, at, run, &l->code))
                return -1;
            l->mode = (sq_mode)mode;
            run->nloops++;
        }
    }
    return 0;
}
/* The schema's version into rd->schema: one this sqcolor reads. */
static int read_schema(sq_reader *rd, json_t *root) {
    json_t *schema = json_object_get(root, SQ_KEY_SCHEMA);
    if (!json_is_integer(schema))
        return sq_reader_bad(rd, "not a sqcolor result file (no \"schema\")");
    json_int_t version = json_integer_value(schema);
    if (version < 1 || version > SQ_RESULTS_SCHEMA)
        return sq_reader_bad(rd,
                             "schema %lld is not supported (this sqcolor reads schemas 1 to %d)",
                             (long long)version, SQ_RESULTS_SCHEMA);
    rd->schema = (int)version;
    return 0;
}

/* tool: sqcolor's, with its version, commit and harness version (0 where
 * the file has none: an older harness). */
static int read_tool(sq_reader *rd, json_t *tool, sq_run *run) {
    const char *tool_name;
    if (sq_get_text(rd, tool, SQ_KEY_TOOL, SQ_KEY_NAME, &tool_name))
        return -1;
    if (strcmp(tool_name, SQ_RESULTS_TOOL) != 0)
        return sq_reader_bad(rd, "written by '%s', not sqcolor", tool_name);
    if (sq_get_optional_string(rd, tool, SQ_KEY_TOOL, SQ_KEY_VERSION, "", run->version,
                               sizeof run->version) ||
        sq_get_optional_string(rd, tool, SQ_KEY_TOOL, SQ_KEY_COMMIT, "unknown", run->commit,
                               sizeof run->commit))
        return -1;
    double harness;
    if (sq_get_optional_whole(rd, tool, SQ_KEY_TOOL, SQ_KEY_HARNESS_VERSION, 1, INT_MAX, 0,
                              &harness))
        return -1;
    run->harness_version = (int)harness;
    return 0;
}

/* machine: the CPU, the hypervisor, the kernel, and what test switches made
 * of it. */
static int read_machine(sq_reader *rd, json_t *machine, sq_run *run) {
    double family = 0, model = 0, stepping = 0;
    if (sq_get_string(rd, machine, SQ_KEY_MACHINE, SQ_KEY_VENDOR, run->machine.vendor,
                      sizeof run->machine.vendor) ||
        sq_get_string(rd, machine, SQ_KEY_MACHINE, SQ_KEY_BRAND, run->machine.brand,
                      sizeof run->machine.brand) ||
        sq_get_whole(rd, machine, SQ_KEY_MACHINE, SQ_KEY_FAMILY, 0, UINT32_MAX, &family) ||
        sq_get_whole(rd, machine, SQ_KEY_MACHINE, SQ_KEY_MODEL, 0, UINT32_MAX, &model) ||
        sq_get_whole(rd, machine, SQ_KEY_MACHINE, SQ_KEY_STEPPING, 0, UINT32_MAX, &stepping))
        return -1;
    run->machine.family = (unsigned)family;
    run->machine.model = (unsigned)model;
    run->machine.stepping = (unsigned)stepping;
    if (sq_get_optional_bool(rd, machine, SQ_KEY_MACHINE, SQ_KEY_HYPERVISOR, false,
                             &run->machine.hypervisor) ||
        sq_get_optional_string(rd, machine, SQ_KEY_MACHINE, SQ_KEY_KERNEL, "unknown", run->kernel,
                               sizeof run->kernel) ||
        sq_get_optional_string(rd, machine, SQ_KEY_MACHINE, SQ_KEY_HIDDEN_FEATURES, "",
                               run->machine.hidden, sizeof run->machine.hidden) ||
        sq_get_optional_bool(rd, machine, SQ_KEY_MACHINE, SQ_KEY_TEST_BRAND, false,
                             &run->machine.test_brand))
        return -1;
    return 0;
}

/* A clock rate in Hz: positive and finite, or the report would print a clock
 * of 0 or -0 GHz and divide by it; optional: absent (files from before it)
 * reads as 0, unknown. */
static int get_hz(sq_reader *rd, json_t *clock, const char *key, bool optional, double *out) {
    *out = 0;
    if (optional && !json_object_get(clock, key))
        return 0;
    if (sq_get_number(rd, clock, SQ_KEY_CLOCK, key, out, true))
        return -1;
    if (isnan(*out))
        return sq_reader_bad(rd, "%s.%s: null, not a positive frequency in Hz", SQ_KEY_CLOCK, key);
    if (!(*out > 0 && isfinite(*out)))
        return sq_reader_bad(rd, "%s.%s: %g is not a positive frequency in Hz", SQ_KEY_CLOCK, key,
                             *out);
    return 0;
}

/* clock: its sources and rates, the timer's overhead and the screening. */
static int read_clock(sq_reader *rd, json_t *clock, sq_run *run) {
    const char *source, *tsc_source;
    if (sq_get_text(rd, clock, SQ_KEY_CLOCK, SQ_KEY_SOURCE, &source) ||
        sq_get_text(rd, clock, SQ_KEY_CLOCK, SQ_KEY_TSC_SOURCE, &tsc_source) ||
        get_hz(rd, clock, SQ_KEY_TSC_HZ, false, &run->clock.tsc_hz) ||
        get_hz(rd, clock, SQ_KEY_CORE_HZ, false, &run->clock.core_hz) ||
        get_hz(rd, clock, SQ_KEY_CORE_HZ_MIN, true, &run->clock.core_hz_min) ||
        get_hz(rd, clock, SQ_KEY_CORE_HZ_MAX, true, &run->clock.core_hz_max))
        return -1;
    run->clock.source = sq_run_strdup(run, source);
    run->clock.tsc_source = sq_run_strdup(run, tsc_source);
    if (!run->clock.source || !run->clock.tsc_source)
        return sq_reader_bad(rd, "out of memory");
    /* alu_per_cycle, modulation_*: NAN in files from before they were recorded. */
    if (sq_get_optional_number(rd, clock, SQ_KEY_CLOCK, SQ_KEY_TIMER_OVERHEAD_TICKS, 0,
                               &run->clock.timer_overhead) ||
        sq_get_optional_number(rd, clock, SQ_KEY_CLOCK, SQ_KEY_ALU_PER_CYCLE, NAN,
                               &run->clock.alu_per_cycle) ||
        sq_get_optional_number(rd, clock, SQ_KEY_CLOCK, SQ_KEY_MODULATION_HZ, NAN,
                               &run->clock.modulation_hz) ||
        sq_get_optional_number(rd, clock, SQ_KEY_CLOCK, SQ_KEY_MODULATION_AMPLITUDE, NAN,
                               &run->clock.modulation_amplitude))
        return -1;
    double screened, dropped;
    if (sq_get_optional_whole(rd, clock, SQ_KEY_CLOCK, SQ_KEY_SCREENED, 0, 1e15, -1, &screened) ||
        sq_get_optional_whole(rd, clock, SQ_KEY_CLOCK, SQ_KEY_DROPPED, 0, 1e15, -1, &dropped))
        return -1;
    run->clock.screened = (long)screened;
    run->clock.dropped = (long)dropped;
    return 0;
}

/* config's numbers, and the run's elapsed_s (at the top level). */
static int read_config_numbers(sq_reader *rd, json_t *root, json_t *config, sq_run *run) {
    double reps = 0, length = 0, cpu = -1;
    if (sq_get_whole(rd, config, SQ_KEY_CONFIG, SQ_KEY_REPS, 1, 100000, &reps) ||
        sq_get_whole(rd, config, SQ_KEY_CONFIG, SQ_KEY_LENGTH, 0, 1e15, &length) ||
        get_seed(rd, config, rd->schema, &run->seed))
        return -1;
    run->reps = (int)reps;
    run->length = (size_t)length;
    double samples, visits, min_reps, spread, processes;
    /* Before visits were recorded, a repetition was one visit; before the
     * repetitions adapted, every row had them all; before placement was
     * fixed, address randomisation was on. spread_threshold, of older files,
     * is checked and dropped. */
    if (sq_get_optional_whole(rd, config, SQ_KEY_CONFIG, SQ_KEY_CPU, -1, 1e6, -1, &cpu) ||
        sq_get_optional_whole(rd, config, SQ_KEY_CONFIG, SQ_KEY_SAMPLES, 0, 1e6, 0, &samples) ||
        sq_get_optional_whole(rd, config, SQ_KEY_CONFIG, SQ_KEY_VISITS, 1, 1e6, 1, &visits) ||
        sq_get_optional_whole(rd, config, SQ_KEY_CONFIG, SQ_KEY_PROCESSES, 1, SQ_MAX_PROCESSES, 1,
                              &processes) ||
        sq_get_optional_whole(rd, config, SQ_KEY_CONFIG, SQ_KEY_MIN_REPS, 0, 100000, reps,
                              &min_reps) ||
        sq_get_optional_bool(rd, config, SQ_KEY_CONFIG, SQ_KEY_ASLR, true, &run->aslr) ||
        sq_get_optional_number(rd, config, SQ_KEY_CONFIG, SQ_KEY_TIGHT, NAN, &run->tight) ||
        sq_get_optional_number(rd, config, SQ_KEY_CONFIG, SQ_KEY_SAMPLE_US, 0, &run->sample_us) ||
        sq_get_optional_number(rd, config, SQ_KEY_CONFIG, SQ_KEY_SPREAD_THRESHOLD, NAN, &spread) ||
        sq_get_optional_number(rd, root, "", SQ_KEY_ELAPSED_S, 0, &run->elapsed_s))
        return -1;
    run->min_reps = (int)min_reps;
    run->cpu = (int)cpu;
    run->visits = (int)visits;
    run->processes = (int)processes;
    run->samples = (int)samples;
    return 0;
}

/* config: its numbers, then the sequences and whether identical rows were
 * shared. */
static int read_config(sq_reader *rd, json_t *root, json_t *config, sq_run *run) {
    if (read_config_numbers(rd, root, config, run))
        return -1;
    json_t *sequences = json_object_get(config, SQ_KEY_SEQUENCES);
    if (sequences && !json_is_string(sequences))
        return sq_reader_bad(rd, "config.sequences: not a string");
    run->sequences = sq_run_strdup(run, sequences ? json_string_value(sequences) : "unknown");
    if (!run->sequences)
        return sq_reader_bad(rd, "out of memory");
    json_t *share = json_object_get(config, SQ_KEY_SHARE_IDENTICAL);
    if (share && !json_is_boolean(share))
        return sq_reader_bad(rd, "config.share_identical: not true or false");
    run->share = !share ? 0 : json_is_true(share) ? 1 : -1;
    return 0;
}

/* impls: each implementation's name, compiler and flags. */
static int read_impls(sq_reader *rd, json_t *root, sq_run *run) {
    json_t *impls = json_object_get(root, SQ_KEY_IMPLS);
    if (impls && !json_is_array(impls))
        return sq_reader_bad(rd, "impls: not an array");
    size_t i;
    json_t *impl;
    json_array_foreach(impls, i, impl) {
        char at[32];
        if (sq_get_element(rd, "impls", i, impl, at, sizeof at))
            return -1;
        if (run->nimpls == SQ_MAX_IMPLS)
            return sq_reader_bad(rd, "impls: more than %d", SQ_MAX_IMPLS);
        sq_impl_info *m = &run->impls[run->nimpls];
        if (sq_get_string(rd, impl, at, SQ_KEY_NAME, m->name, sizeof m->name) ||
            sq_get_string(rd, impl, at, SQ_KEY_COMPILER, m->compiler, sizeof m->compiler) ||
            sq_get_string(rd, impl, at, SQ_KEY_FLAGS, m->flags, sizeof m->flags))
            return -1;
        run->nimpls++;
    }
    return 0;
}

/* try, optional (a run of sqcolor try): the technique's file, its name and
 * its whole text. */
static int read_try(sq_reader *rd, json_t *root, sq_run *run) {
    json_t *o = json_object_get(root, SQ_KEY_TRY);
    const char *file, *text;
    if (!o)
        return 0;
    if (!json_is_object(o))
        return sq_reader_bad(rd, "try: not an object");
    if (sq_get_text(rd, o, SQ_KEY_TRY, SQ_KEY_FILE, &file) ||
        sq_get_text(rd, o, SQ_KEY_TRY, SQ_KEY_TEXT, &text))
        return -1;
    if (!(run->try_name = sq_run_strdup(run, file)) || !(run->try_text = sq_run_strdup(run, text)))
        return sq_reader_bad(rd, "out of memory");
    return 0;
}

/* host, optional (none in older files): per process, what the host did to
 * its kernel samples. */
static int read_host(sq_reader *rd, json_t *root, sq_run *run) {
    json_t *host = json_object_get(root, SQ_KEY_HOST);
    if (!host)
        return 0;
    if (!json_is_array(host) || json_array_size(host) > SQ_MAX_PROCESSES)
        return sq_reader_bad(rd, "host: not an array of at most %d processes", SQ_MAX_PROCESSES);
    size_t i;
    json_t *o;
    json_array_foreach(host, i, o) {
        char at[32];
        double n[4];
        const char *keys[4] = {SQ_KEY_SAMPLES, SQ_KEY_MOVED, SQ_KEY_SHARED, SQ_KEY_RETAKEN};
        sq_host_counts *h = &run->host[i];
        if (sq_get_element(rd, SQ_KEY_HOST, i, o, at, sizeof at))
            return -1;
        for (int k = 0; k < 4; k++)
            if (sq_get_whole(rd, o, at, keys[k], 0, 1e15, &n[k]))
                return -1;
        if (sq_get_number(rd, o, at, SQ_KEY_QUIET, &h->quiet, false))
            return -1;
        if (!(h->quiet >= 0 && h->quiet <= SQ_QUIET_MOST))
            return sq_reader_bad(rd, "%s.%s: not 0 to %d adds a cycle", at, SQ_KEY_QUIET,
                                 SQ_QUIET_MOST);
        *h = (sq_host_counts){(long)n[0], (long)n[1], (long)n[2], (long)n[3], h->quiet};
    }
    run->nhost = (int)json_array_size(host);
    return 0;
}

/* history, optional (none in older files, nor where no history was kept):
 * the quiet level of the CPU's earlier runs, and how many. */
static int read_history(sq_reader *rd, json_t *root, sq_run *run) {
    json_t *o = json_object_get(root, SQ_KEY_HISTORY);
    double runs;
    if (!o)
        return 0;
    if (!json_is_object(o))
        return sq_reader_bad(rd, "%s: not an object", SQ_KEY_HISTORY);
    if (sq_get_number(rd, o, SQ_KEY_HISTORY, SQ_KEY_QUIET, &run->history_quiet, false) ||
        sq_get_whole(rd, o, SQ_KEY_HISTORY, SQ_KEY_RUNS, SQ_HISTORY_LEAST, SQ_HISTORY_RUNS, &runs))
        return -1;
    if (!(run->history_quiet > 0 && run->history_quiet <= SQ_QUIET_MOST))
        return sq_reader_bad(rd, "%s.%s: not over 0 to %d adds a cycle", SQ_KEY_HISTORY,
                             SQ_KEY_QUIET, SQ_QUIET_MOST);
    run->history_runs = (int)runs;
    return 0;
}

int sq_results_read_header(sq_reader *rd, json_t *root, sq_run *run) {
    json_t *tool, *machine, *clock, *config;
    if (read_schema(rd, root) || sq_get_object(rd, root, "", SQ_KEY_TOOL, &tool) ||
        sq_get_object(rd, root, "", SQ_KEY_MACHINE, &machine) ||
        sq_get_object(rd, root, "", SQ_KEY_CLOCK, &clock) ||
        sq_get_object(rd, root, "", SQ_KEY_CONFIG, &config))
        return -1;
    if (read_tool(rd, tool, run) || read_machine(rd, machine, run) || read_clock(rd, clock, run) ||
        read_config(rd, root, config, run) || read_impls(rd, root, run) ||
        read_try(rd, root, run) || read_host(rd, root, run) || read_history(rd, root, run))
        return -1;
    return read_code(rd, root, run);
}
