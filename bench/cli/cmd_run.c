/* sqcolor run: verify, then time, then print. */
#include "bench/cli/cli.h"
#include "bench/cli/formats.h"
#include "bench/cli/processes.h"
#include "bench/cli/run_flow.h"
#include "bench/cli/run_options.h"
#include "bench/cli/run_plan.h"
#include "bench/input/sequence.h"
#include "bench/machine/machine.h"
#include "bench/machine/placement.h"
#include "bench/measure/timing_defaults.h"
#include "bench/report/report.h"
#include "bench/results/results_path.h"
#include "bench/util/failure.h"
#include "bench/util/output.h"
#include "bench/verify/batch_verify.h"
#include "bench/verify/verify.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const sq_option options[OPT_COUNT] = {
    SQ_RUN_OPTION_ROWS(SQ_OPTION_FILTER("ids, e.g. 'color/*/asm,same_color/lea_*/*'"))};

static int run_run(int argc, char **argv);

static const sq_example run_examples[] = {
    {"sqcolor run --quick --filter 'color/*/asm'",
     "a short run of the color family's asm routines"},
    {"sqcolor run --save", "the full run, its result file saved in results/, in the CPU's folder"},
};

const sq_command sq_command_run = {
    .name = "run",
    .run = run_run,
    .is_default = true,
    .summary = "verify, then time every variant (the default command)",
    .description =
        "Verifies the selected variants (a failing variant stops the run), checks every timing\n"
        "kernel's answers, then times every variant x sequence x mode in core cycles per square,\n"
        "then the batch variants it selects as 'sqcolor batch' does.",
    .options = options,
    .noptions = OPT_COUNT,
    SQ_EXAMPLES(run_examples),
};

static int run_run(int argc, char **argv) {
    sq_value v[OPT_COUNT];
    sq_parse_options(&sq_command_run, argc, argv, v, NULL, 0, NULL);
    /* Code and data at the same addresses in every run: placement moves a
     * loop's speed by a few percent from one process to the next. Before
     * anything is opened: the process is replaced. */
    if (!v[OPT_ASLR].given)
        sq_placement_fix();
    sq_run_plan plan;
    const char *process_output;
    bool one_of_many = sq_run_plan_from("run", v, &plan, &process_output);
    const sq_variant **vs = sq_variant_room(); /* not on the stack: ulimit -s 64 */
    const sq_batch_variant **bvs = sq_batch_variant_room();
    plan.cfg.nvariants =
        sq_select_all_supported_or_exit("run", v[OPT_FILTER].text, vs, bvs, &plan.nbatch);
    plan.cfg.variants = vs;
    plan.batch = bvs;
    return sq_run_planned(v, &plan, one_of_many, process_output, NULL);
}
