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
                                    "table, or json: {\"cores\", \"rows\": [{\"id\", "
                                    "\"sequence\", \"mode\", \"verdict\", ...}], "
                                    "\"batch\": [...], \"summary\"} for scripts, the table's "
                                    "rows, verdicts slower, faster, same, untested or host "
                                    "(not judged)"),
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
        "intervals, B/A (B - A in cycles, \"-0.164c\", where either is ≈0), the p-value of\n"
        "Student's t-test on the per-process medians of the repetitions the host left clean (on\n"
        "the samples where neither file has two processes in the row), adjusted by\n"
        "Benjamini-Hochberg over the rows tested, the smallest change the row could have shown\n"
        "(cycles and % of A), and the verdict. A row differs significantly when the adjusted p is\n"
        "at most alpha (the false discovery rate), the change is at least 1% of A and 0.02\n"
        "cycles, and the medians print apart. Rows about zero (≈0) in both runs or with a\n"
        "non-finite sample are not tested; a row at two speeds differs when no speed of one run\n"
        "is within 3% of a speed of the other. A row the host spoiled on a side (too few clean\n"
        "repetitions) is not judged; where the sides' cores differed (one gave over 5% fewer\n"
        "independent adds a cycle: shared), the first line says so and no row is judged. A figure\n"
        "that several rows of identical code share is one finding, its copies counted. Then the\n"
        "groups that moved as a whole, the batch rows (tested as scalar rows are, files without\n"
        "batch samples by 95% intervals apart) and the rows only in one file; a section with\n"
        "nothing to show says \"no changes\". A note above says when the two files' CPUs (vendor,\n"
        "family, model), the CPUs they were pinned to or sqcolor commits differ. Last a few\n"
        "lines: the rows tested, how many are slower and faster with the one that moved most,\n"
        "the rows not judged, the median detectable change, and the verdict with the exit\n"
        "status: 1 when a row or batch row judged is significantly slower by more than\n"
        "--fail-over, else 0 (2 for bad input, as every command). Several files a side, split\n"
        "by '--', are each a unit: each run's row by its median, Student's t across runs, which\n"
        "judges a row at two speeds too; they must be runs of one command (machine, length,\n"
        "sequences, seed), each named once.",
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
