/* sqcolor compare A.json B.json: the operands and options read, the two
 * sides compared and shown by compare's entry point (bench/compare/show.h):
 * per matching row that changed (with --all, every one) both medians, B/A,
 * the p-value, the smallest change the row could show and a verdict
 * (docs/statistics.md); then the groups that moved as a whole, the batch
 * rows, the rows only in one file, and a summary. As a table or as JSON for
 * scripts. */
#include "bench/cli/cli.h"
#include "bench/cli/compare_options.h"
#include "bench/cli/compare_sides.h"
#include "bench/cli/formats.h"
#include "bench/compare/show.h"

enum { OPT_FAIL_OVER, OPT_ALPHA, OPT_ALL, OPT_PAIRED, OPT_FORMAT, OPT_COUNT };
static const sq_option options[OPT_COUNT] = {
    [OPT_FAIL_OVER] = SQ_OPTION_FAIL_OVER,
    [OPT_ALPHA] = SQ_OPTION_ALPHA,
    [OPT_ALL] = {.name = "--all",
                 .kind = SQ_OPTION_FLAG,
                 .help = "every matched row, in the table and the JSON; without it only the rows "
                         "that changed (significant, or batch rows apart)"},
    [OPT_PAIRED] = {.name = "--paired",
                    .kind = SQ_OPTION_FLAG,
                    .help = "A's i-th process (or run) ran beside B's i-th, in turns, as sqcolor "
                            "ab runs them: a paired t-test on their differences"},
    [OPT_FORMAT] = SQ_OPTION_FORMAT(SQ_TABLE_OR_JSON, "table",
                                    "table, or json: {\"rows\": [{\"id\", \"sequence\", "
                                    "\"mode\", \"verdict\", ...}], \"batch\": [...]} for "
                                    "scripts, the table's rows, verdicts slower, faster, same "
                                    "or untested"),
};

static int run_compare(int argc, char **argv);

static const sq_example compare_examples[] = {
    {"sqcolor compare OLD.json NEW.json --all",
     "every matched row, not only those that changed significantly"},
    {"sqcolor compare OLD.json NEW.json --fail-over 5",
     "exit 1 if a row slowed down by more than 5%: a gate for CI"},
    {"sqcolor compare OLD-1.json OLD-2.json OLD-3.json -- NEW-1.json NEW-2.json NEW-3.json",
     "three runs a side, each run a unit of the test: runs made apart"},
};

const sq_command sq_command_compare = {
    .name = "compare",
    .run = run_compare,
    .operands = "A.json B.json | A.json... -- B.json...",
    .summary = "compare two result files row by row, with significance",
    .description =
        "Per matching row that changed (with --all, every one): both medians with their 95%\n"
        "intervals, B/A, the p-value of Student's t-test on the per-process medians (on the\n"
        "samples where neither file has two processes in the row), Benjamini-Hochberg-adjusted\n"
        "over the rows tested, the smallest change the row could have shown (cycles and % of A),\n"
        "and the verdict. A row differs significantly when the adjusted p is at most alpha (the\n"
        "false discovery rate) and the change is at least 1% of A and 0.02 cycles. Rows about\n"
        "zero (≈0) in both runs or with a non-finite sample are not tested; a row at two speeds\n"
        "differs when no speed of one run is within 3% of a speed of the other. Then the groups\n"
        "that moved as a whole, the batch rows (tested as scalar rows are, files without batch\n"
        "samples by 95% intervals apart) and the rows only in one file; a section with nothing to\n"
        "show says \"no changes\". A note above says when the two files' CPUs (vendor, family,\n"
        "model) or sqcolor commits differ. Last a few lines: the rows tested, how many are\n"
        "slower and faster with the one that moved most, the median detectable change, and the\n"
        "verdict with the exit status: 1 when a row or batch row is significantly slower by more\n"
        "than --fail-over, else 0 (2 for bad input, as every command). Several files a side,\n"
        "split by '--' (runs of one command), are each a unit: each run's row by its median,\n"
        "Student's t across runs, which judges a row at two speeds too.",
    .options = options,
    .noptions = OPT_COUNT,
    SQ_EXAMPLES(compare_examples),
};

static int run_compare(int argc, char **argv) {
    sq_value v[OPT_COUNT];
    const char *words[2 * SQ_MAX_PROCESSES + 1];
    int nwords;
    sq_parse_options(&sq_command_compare, argc, argv, v, words, 2 * SQ_MAX_PROCESSES + 1, &nwords);
    compare_sides sides;
    compare_read_sides(words, nwords, v[OPT_PAIRED].given, &sides);
    sq_compare_options o = {.q = v[OPT_ALPHA].number,
                            .fail_over = v[OPT_FAIL_OVER].given ? v[OPT_FAIL_OVER].number : 0,
                            .units = sides.units};
    sq_compare_show show = {.labels = {sides.labels[0], sides.labels[1]},
                            .all = v[OPT_ALL].given,
                            .json = sq_table_or_json_of(&v[OPT_FORMAT]) == SQ_TABLE_OR_JSON_JSON};
    int status = sq_compare_and_show(&sides.runs[0], &sides.runs[1], &o, &show);
    compare_sides_free(&sides);
    return status;
}
