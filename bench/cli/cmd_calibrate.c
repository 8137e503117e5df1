/* sqcolor calibrate: the clock, and chains of known latency measured the way
 * the kernels are, in core cycles; as JSON, the instruction-form file
 * (forms_file.h) that disasm --results --forms sets beside llvm-mca. */
#include "bench/machine/calibration.h"
#include "bench/cli/cli.h"
#include "bench/cli/formats.h"
#include "bench/code/chain_code.h"
#include "bench/machine/clock.h"
#include "bench/results/forms_file.h"
#include "bench/util/failure.h"
#include "bench/util/stats.h"
#include "sq_version.h"

#include <stdio.h>
#include <stdlib.h>

enum { OPT_REPS, OPT_SAMPLE_US, OPT_CPU, OPT_FORMAT, OPT_OUTPUT, OPT_COUNT };
static const sq_option options[OPT_COUNT] = {
    [OPT_REPS] = {.name = "--reps",
                  .kind = SQ_OPTION_WHOLE,
                  .placeholder = "N",
                  .help = "repetitions",
                  .def = SQ_STR(SQ_CALIBRATION_REPS),
                  .min = 3,
                  .max = 1000},
    [OPT_SAMPLE_US] = {.name = "--sample-us",
                       .kind = SQ_OPTION_WHOLE,
                       .placeholder = "N",
                       .help = "length of one timed sample in microseconds",
                       .def = SQ_STR(SQ_CALIBRATION_SAMPLE_US),
                       .min = 5,
                       .max = 100000},
    [OPT_CPU] = SQ_OPTION_CPU,
    [OPT_FORMAT] = SQ_OPTION_FORMAT(SQ_TABLE_OR_JSON, "table",
                                    "table, or json: the instruction-form file (each chain's link "
                                    "as this binary holds it, its cycles per link, the machine), "
                                    "which disasm --results --forms reads"),
    [OPT_OUTPUT] = SQ_OPTION_OUTPUT,
};

static int run_calibrate(int argc, char **argv);

static const sq_example calibrate_examples[] = {
    {"sqcolor calibrate",
     "this machine's clocks and the latency of each chain of known instructions"},
    {"sqcolor calibrate --format json --output forms.json",
     "the instruction-form file that disasm --results --forms reads"},
};

const sq_command sq_command_calibrate = {
    .name = "calibrate",
    .run = run_calibrate,
    .summary = "the clock: TSC and core frequency, timer overhead, chains of known latency",
    .description =
        "Measures the TSC frequency, the core clock (from a dependent add chain: one add is one\n"
        "core cycle on every x86-64 core) and dependent chains of the instruction forms the\n"
        "techniques use, in core cycles: min, median, p90 and spread over the repetitions.",
    .options = options,
    .noptions = OPT_COUNT,
    SQ_EXAMPLES(calibrate_examples),
};

/* The measurement as an instruction-form file: each chain's link read from
 * this binary. False with the reason in err. */
static bool forms_of(const sq_calibration_config *cfg, const sq_calibration *cal,
                     const sq_stats *cycles, sq_forms_file *f, char *err, size_t errlen) {
    snprintf(f->version, sizeof f->version, "%s", SQCOLOR_VERSION);
    snprintf(f->commit, sizeof f->commit, "%s", SQCOLOR_COMMIT);
    f->machine = cal->machine;
    f->tsc_hz = cal->tsc_hz;
    f->core_hz = cal->core_hz;
    f->reps = cfg->reps;
    f->samples = cfg->samples;
    f->sample_us = cfg->sample_s * 1e6;
    f->nrows = sq_chain_count < SQ_FORMS_MAX ? sq_chain_count : SQ_FORMS_MAX;
    for (int i = 0; i < f->nrows; i++) {
        sq_form_row *r = &f->rows[i];
        sq_chain_code code;
        if (!sq_chain_code_of(&sq_chains[i], &code, err, errlen))
            return false;
        snprintf(r->chain, sizeof r->chain, "%s", sq_chains[i].name);
        sq_chain_link_text(&code, r->link, sizeof r->link);
        r->cycles = cycles[i];
    }
    return true;
}

static int run_calibrate(int argc, char **argv) {
    sq_value v[OPT_COUNT];
    sq_parse_options(&sq_command_calibrate, argc, argv, v, NULL, 0, NULL);
    bool json = sq_table_or_json_of(&v[OPT_FORMAT]) == SQ_TABLE_OR_JSON_JSON;
    const char *output = v[OPT_OUTPUT].text;
    char err[600];
    static sq_output o; /* 8 KiB: not on a small stack */
    if (output && sq_output_open(&o, output, err, sizeof err))
        sq_usage_error("calibrate", "%s", err);
    FILE *out = output ? o.fp : stdout;
    sq_stats *cycles = calloc((size_t)sq_chain_count, sizeof *cycles);
    sq_forms_file *forms = calloc(1, sizeof *forms);
    if (!cycles || !forms) {
        if (output)
            sq_output_abort(&o);
        fprintf(stderr, "sqcolor calibrate: out of memory\n");
        return SQ_EXIT_FAIL;
    }

    sq_calibration cal;
    sq_calibration_config cfg = sq_calibration_defaults();
    cfg.reps = (int)v[OPT_REPS].whole;
    cfg.sample_s = v[OPT_SAMPLE_US].whole * 1e-6;
    cfg.cpu = v[OPT_CPU].given ? (int)v[OPT_CPU].whole : -1;
    sq_calibrate_clock(&cfg, &cal);
    for (int i = 0; i < sq_chain_count; i++)
        cycles[i] = sq_measure_chain(&cfg, &cal, &sq_chains[i]);

    int written = 0;
    if (json && !forms_of(&cfg, &cal, cycles, forms, err, sizeof err)) {
        free(cycles);
        free(forms);
        if (output)
            sq_output_abort(&o);
        sq_error_line("calibrate", "%s", err);
        return SQ_EXIT_FAIL;
    }
    if (json) {
        written = sq_forms_write(out, forms);
    } else {
        sq_print_clock(out, &cal);
        fprintf(out, "\n%-12s %-42s %8s %8s %8s %8s\n", "chain", "one link", "min", "median", "p90",
                "spread");
        for (int i = 0; i < sq_chain_count; i++)
            fprintf(out, "%-12s %-42s %8.3f %8.3f %8.3f %8.3f\n", sq_chains[i].name,
                    sq_chains[i].insns, cycles[i].min, cycles[i].median, cycles[i].p90,
                    cycles[i].p90 - cycles[i].min);
        fprintf(out,
                "\ncore cycles per link; %d repetitions, each the minimum of %d samples of %.0f "
                "us\n",
                cfg.reps, cfg.samples, cfg.sample_s * 1e6);
    }
    free(cycles);
    free(forms);
    /* A write error shows on the commit (--output) or at exit (main.c). */
    return sq_finish_report_output("calibrate", output ? &o : NULL, written, SQ_FORMAT_JSON);
}
