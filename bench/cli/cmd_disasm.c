/* sqcolor disasm: each technique's machine code, asm beside every compiler's,
 * decoded from this very binary. */
#include "bench/cli/cli.h"
#include "bench/cli/formats.h"
#include "bench/code/mca.h"
#include "bench/machine/clock.h"
#include "bench/report/code_listing.h"
#include "bench/report/model_vs_measurement.h"
#include "bench/results/forms_file.h"
#include "bench/results/results_read.h"
#include "bench/util/failure.h"

#include <stdio.h>
#include <stdlib.h>

/* The model --predict uses: --mcpu's (mcpu; an unknown one exits 2) or this
 * machine's own. False without llvm-mca. */
static bool choose_model(const char *mcpu, const sq_machine *host, sq_mca_model *model) {
    bool unknown;
    bool ok = sq_code_model(mcpu, host, model, &unknown);
    if (unknown)
        sq_usage_error("disasm",
                       "--mcpu: llvm-mca does not know the CPU '%s' (see '%s -mcpu=help')", mcpu,
                       sq_mca_installed()->path);
    return ok;
}

#define MCA_LIMIT SQ_STR(SQ_MCA_TIMEOUT_S)

enum {
    OPT_FILTER,
    OPT_FORMAT,
    OPT_LOOPS,
    OPT_PREDICT,
    OPT_MCPU,
    OPT_RESULTS,
    OPT_FORMS,
    OPT_ALL,
    OPT_COUNT
};
static const sq_option options[OPT_COUNT] = {
    [OPT_FILTER] = SQ_OPTION_FILTER("ids"),
    [OPT_FORMAT] = SQ_OPTION_FORMAT(SQ_FORMATS_TABLE_MARKDOWN, "table", "the form of the tables"),
    [OPT_LOOPS] = {.name = "--loops",
                   .kind = SQ_OPTION_FLAG,
                   .help = "after each technique's routines, the loop each mode times (latency, "
                           "throughput, branch), impls of one loop sharing a column: where its "
                           "head lies against a 64-byte line, and whether it holds a conditional "
                           "branch besides its exit test (in branch mode, more than one a "
                           "square), marked †: that mode's rows are control dependent"},
    [OPT_PREDICT] = {.name = "--predict",
                     .kind = SQ_OPTION_FLAG,
                     .help = "add llvm-mca's reciprocal throughput and latency (the newest "
                             "llvm-mca on PATH, modelling this CPU's core, or an older one where "
                             "it knows no newer); a run of llvm-mca longer than "
                             "SQCOLOR_MCA_TIMEOUT seconds (default " MCA_LIMIT
                             ") is stopped, and no more predictions made"},
    [OPT_MCPU] = {.name = "--mcpu",
                  .kind = SQ_OPTION_TEXT,
                  .placeholder = "NAME",
                  .help = "the CPU llvm-mca models (implies --predict)",
                  .default_note = "from cpuid"},
    [OPT_RESULTS] = {.name = "--results",
                     .kind = SQ_OPTION_TEXT,
                     .placeholder = "FILE",
                     .help = "instead of the code, where llvm-mca's model and a saved run of this "
                             "machine disagree by " SQ_STR(
                                 SQ_MODEL_TOLERANCE) " cycle or more: each variant's latency and "
                                                     "throughput, by technique (implies --predict; "
                                                     "a run of another CPU is refused)"},
    [OPT_FORMS] = {.name = "--forms",
                   .kind = SQ_OPTION_TEXT,
                   .placeholder = "FILE",
                   .help = "with --results: calibrate's instruction-form file of this machine "
                           "(calibrate --format json): the forms llvm-mca gets wrong come first, "
                           "each with the variants whose latency it explains"},
    [OPT_ALL] = {.name = "--all",
                 .kind = SQ_OPTION_FLAG,
                 .help = "with --results: every variant's row as well, agreeing or not, a table "
                         "per family"},
};

static int run_disasm(int argc, char **argv);

static const sq_example disasm_examples[] = {
    {"sqcolor disasm --filter 'color/lea_*/*' --predict",
     "the lea techniques' code in every impl, with llvm-mca's predictions"},
    {"sqcolor disasm --loops --filter 'color/cmov/*'",
     "cmov's routines in every impl, then the loop each mode times"},
    {"sqcolor disasm --results RUN.json --forms FORMS.json",
     "where llvm-mca and a saved run of this machine disagree, with the instruction forms of "
     "calibrate's FORMS.json that explain it"},
};

const sq_command sq_command_disasm = {
    .name = "disasm",
    .run = run_disasm,
    .summary = "each technique's machine code: asm beside every compiler's",
    .description =
        "Decodes the callable routines from this binary (capstone, Intel syntax) and prints each\n"
        "technique's impls side by side with instruction and byte counts.",
    .options = options,
    .noptions = OPT_COUNT,
    SQ_EXAMPLES(disasm_examples),
};

/* --results (and --forms): the saved run, and the form file, of this
 * machine into measured and forms; anything else exits 2. */
static void load_measured(const char *results, const char *forms_path, const sq_machine *host,
                          sq_run *measured, sq_forms_file *forms) {
    char err[600];
    if (sq_results_load(results, measured, err, sizeof err))
        sq_usage_error("disasm", "%s", err);
    if (!sq_measured_here(&measured->machine, host, err, sizeof err)) {
        sq_run_free(measured);
        sq_usage_error("disasm", "--results %s: %s", results, err);
    }
    if (forms_path && (sq_forms_load(forms_path, forms, err, sizeof err) ||
                       !sq_measured_here(&forms->machine, host, err, sizeof err))) {
        sq_run_free(measured);
        sq_usage_error("disasm", "--forms: %s", err);
    }
}

static int run_disasm(int argc, char **argv) {
    sq_value v[OPT_COUNT];
    sq_parse_options(&sq_command_disasm, argc, argv, v, NULL, 0, NULL);
    const char *filter = v[OPT_FILTER].text, *mcpu = v[OPT_MCPU].text,
               *results = v[OPT_RESULTS].text, *forms_path = v[OPT_FORMS].text;
    if (!results && (forms_path || v[OPT_ALL].given))
        sq_usage_error("disasm", "%s goes with --results", forms_path ? "--forms" : "--all");
    bool predict = v[OPT_PREDICT].given, md = sq_format_of(&v[OPT_FORMAT]) == SQ_FORMAT_MARKDOWN;
    /* The selection and the run on the heap: the catalogue's size and
     * kilobytes (sq_run), too much for a small stack. */
    const sq_variant **vs = malloc(sizeof *vs * (size_t)sq_variant_count);
    sq_run *measured = calloc(1, sizeof *measured);
    sq_forms_file *forms = calloc(1, sizeof *forms);
    int status = SQ_EXIT_FAIL;
    if (!vs || !measured || !forms) {
        fprintf(stderr, "sqcolor disasm: out of memory\n");
        goto done;
    }
    int n = sq_select_or_exit("disasm", filter, vs);
    sq_machine host;
    sq_machine_detect(&host);
    if (results)
        load_measured(results, forms_path, &host, measured, forms);
    sq_mca_model model;
    predict = (predict || mcpu || results) && choose_model(mcpu, &host, &model);
    if (results) {
        sq_model_page page = {measured, results,          forms_path ? forms : NULL, forms_path,
                              md,       v[OPT_ALL].given, sq_progress_wanted()};
        int rc = sq_model_vs_measurement(vs, n, predict ? &model : NULL, &page);
        sq_run_free(measured);
        status = rc == SQ_FAILED_MEMORY ? sq_report_out_of_memory(SQ_FORMAT_TABLE) : rc;
    } else {
        sq_code_listing how = {predict ? &model : NULL, md, v[OPT_LOOPS].given,
                               sq_progress_wanted()};
        status = sq_print_code(vs, n, &how, stdout);
    }
done:
    free(forms);
    free(measured);
    free(vs);
    return status;
}
