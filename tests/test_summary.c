/* The per-variant summary on made-up cells with known answers: which
 * sequences are predictable, latency withheld from a control-dependent
 * variant, medians over sequences, the cost of a mispredict with its bounds,
 * and the vendors' figures by CPU. */
#include "bench/report/report_formats.h"
#include "bench/results/cells.h"
#include "bench/results/summary.h"
#include "bench/results/runs.h"

#include <math.h>
#include <string.h>

#include "check.h"

#define MAX_ROWS 32

static sq_run run;
static sq_result rows[MAX_ROWS];
static sq_variant plain, branchy;

/* A cell with median m and interval [lo, hi]. */
static sq_result *add(const sq_variant *v, const char *seq, sq_mode mode, double m, double lo,
                      double hi) {
    sq_result *r = &rows[run.nresults++];
    *r = (sq_result){.variant = v,
                     .sequence = seq,
                     .mode = mode,
                     .cycles = {lo, m, hi, lo, hi},
                     .control_dependent = v == &branchy};
    return r;
}

static bool near(double x, double want) {
    return fabs(x - want) < 1e-9;
}

static void build(void) {
    plain = (sq_variant){.id = "color/plain/asm", .family = &sq_families[0]};
    branchy = (sq_variant){.id = "color/branchy/asm", .family = &sq_families[0]};
    run = (sq_run){.results = rows};
    /* plain: latency 4, 5, 4.5 -> 4.5 over all; throughput 1 and 3 -> 2. */
    add(&plain, "ordered", SQ_MODE_LATENCY, 4, 3.9, 4.1);
    add(&plain, "random", SQ_MODE_LATENCY, 5, 4.9, 5.1);
    add(&plain, "dark", SQ_MODE_LATENCY, 4.5, 4.4, 4.6);
    add(&plain, "ordered", SQ_MODE_THROUGHPUT, 1, 1, 1);
    add(&plain, "random", SQ_MODE_THROUGHPUT, 3, 3, 3);
    /* branch: predictable 0.5 [0.25, 0.75], 1.5 [1, 2], 0.25 [0, 0.5] -> 0.5
     * [0.25, 0.75]; random 11.5 [11.25, 12]; a file's cell counts nowhere. */
    add(&plain, "ordered", SQ_MODE_BRANCH, 0.5, 0.25, 0.75);
    add(&plain, "dark", SQ_MODE_BRANCH, 1.5, 1, 2);
    add(&plain, "light", SQ_MODE_BRANCH, 0.25, 0, 0.5);
    add(&plain, "random", SQ_MODE_BRANCH, 11.5, 11.25, 12);
    add(&plain, "file", SQ_MODE_BRANCH, 100, 99, 101);
    /* branchy: control-dependent; throughput 1 predictable, 9 random. */
    add(&branchy, "ordered", SQ_MODE_LATENCY, 0.1, 0, 0.2);
    add(&branchy, "random", SQ_MODE_LATENCY, 12, 11, 13);
    add(&branchy, "ordered", SQ_MODE_THROUGHPUT, 1, 1, 1);
    add(&branchy, "dark", SQ_MODE_THROUGHPUT, 1, 1, 1);
    add(&branchy, "random", SQ_MODE_THROUGHPUT, 9, 9, 9);
    add(&branchy, "ordered", SQ_MODE_BRANCH, 0.5, 0.4, 0.6);
}

static void check_sequences(void) {
    const char *predictable[] = {"ordered", "dark", "light", "alternating", "same", "different"};
    for (size_t i = 0; i < sizeof predictable / sizeof predictable[0]; i++)
        CHECK(sq_sequence_predictable(predictable[i]), "%s is predictable", predictable[i]);
    CHECK(!sq_sequence_predictable("random") && !sq_sequence_predictable("file"),
          "random and file are not predictable");
    CHECK(!sq_sequence_predictable("file:moves.txt") && sq_sequence_predictable("filed"),
          "a file's label is not predictable");
    CHECK(!sq_sequence_predictable("pgn:game.pgn") && sq_sequence_predictable("pgnx"),
          "a PGN's label is not predictable");
}

static void check_summaries(void) {
    int n;
    sq_summary *s = sq_summaries_of(&run, &n);
    CHECK(s && n == 2 && s[0].variant == &plain && s[1].variant == &branchy,
          "one summary per variant, in the order of their rows: %d", n);
    if (!s || n != 2)
        return;
    CHECK(!s[0].control_dependent && near(s[0].latency, 4.5), "latency %g", s[0].latency);
    CHECK(near(s[0].throughput, 2), "throughput %g", s[0].throughput);
    CHECK(near(s[0].branch_predictable, 0.5), "branch_predictable %g", s[0].branch_predictable);
    CHECK(near(s[0].mispredict_penalty, 22) && near(s[0].penalty_lo, 21) &&
              near(s[0].penalty_hi, 23.5),
          "penalty %g [%g, %g], expected 22 [21, 23.5]", s[0].mispredict_penalty, s[0].penalty_lo,
          s[0].penalty_hi);

    CHECK(s[1].control_dependent && isnan(s[1].latency), "no latency for a control-dependent one");
    CHECK(near(s[1].throughput, 1), "control-dependent throughput over predictable sequences: %g",
          s[1].throughput);
    CHECK(isnan(s[1].mispredict_penalty) && isnan(s[1].penalty_lo),
          "no penalty without a random branch cell");
    free(s);

    sq_over_sequences o =
        sq_over_sequences_of(&run, "color/plain/asm", SQ_MODE_BRANCH, SQ_SEQUENCES_PREDICTABLE);
    CHECK(o.ncells == 3 && near(o.median, 0.5) && near(o.ci_lo, 0.25) && near(o.ci_hi, 0.75),
          "predictable branch cells: %d, %g [%g, %g]", o.ncells, o.median, o.ci_lo, o.ci_hi);
    o = sq_over_sequences_of(&run, "color/plain/asm", SQ_MODE_BRANCH, SQ_SEQUENCES_ALL);
    CHECK(o.ncells == 5, "all branch cells, the file's too: %d", o.ncells);

    /* A branch cell at two speeds: no penalty. */
    rows[8].nmodes = 2;
    sq_summary b = sq_summary_of(&run, &plain);
    CHECK(isnan(b.mispredict_penalty) && near(b.branch_predictable, 0.5),
          "a bimodal random cell withdraws the penalty only");
    rows[8].nmodes = 0;
}

static void check_references(void) {
    struct {
        const char *vendor;
        unsigned family, model;
        bool hypervisor;
        const char *core; /* NULL: none known */
    } cases[] = {
        {"AuthenticAMD", 0x19, 0x11, false, "Zen 4"},
        {"AuthenticAMD", 0x19, 0x61, false, "Zen 4"},
        {"AuthenticAMD", 0x19, 0xa0, false, "Zen 4c"}, /* Zen 4's figure */
        {"AuthenticAMD", 0x19, 0x21, false, NULL},     /* Zen 3 */
        {"AuthenticAMD", 0x1a, 0x02, true, "Zen 5"},
        {"GenuineIntel", 6, 0x8f, false, "Golden Cove"},
        {"GenuineIntel", 6, 0xcf, false, "Raptor Cove"}, /* Golden Cove's */
        {"GenuineIntel", 6, 0x97, false, "Golden Cove"},
        {"GenuineIntel", 6, 0x9a, false, "Golden Cove"},
        {"GenuineIntel", 6, 0xa7, true, "Golden Cove"},
        {"GenuineIntel", 6, 0xa7, false, NULL}, /* Rocket Lake */
        {"GenuineIntel", 6, 0x55, false, NULL},
        {"HygonGenuine", 0x18, 0x00, false, NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sq_machine m = {
            .family = cases[i].family, .model = cases[i].model, .hypervisor = cases[i].hypervisor};
        snprintf(m.vendor, sizeof m.vendor, "%s", cases[i].vendor);
        const sq_cpu_model *ref = sq_mispredict_reference_of(&m);
        CHECK(cases[i].core ? ref && strcmp(ref->core, cases[i].core) == 0 : !ref,
              "%s family 0x%x model 0x%x: %s, expected %s", cases[i].vendor, cases[i].family,
              cases[i].model, ref ? ref->core : "none", cases[i].core ? cases[i].core : "none");
    }
    sq_machine zen4 = {.vendor = "AuthenticAMD", .family = 0x19, .model = 0x61};
    CHECK(strcmp(sq_mispredict_reference_of(&zen4)->mispredict, "11-18, 13 typical") == 0,
          "Zen 4's figure");
}

/* Codenames for titles and headers, and a plain name for an unknown CPU. */
static void check_names(void) {
    static const struct {
        const char *vendor;
        unsigned family, model;
        bool hypervisor;
        const char *label, *short_name;
    } cases[] = {
        {"AuthenticAMD", 0x19, 0x11, true, "Zen 4 \"Genoa\"", "Genoa"},
        {"AuthenticAMD", 0x1a, 0x02, true, "Zen 5 \"Turin\"", "Turin"},
        {"AuthenticAMD", 0x1a, 0x90, false, "Zen 5", "Zen 5"},
        {"GenuineIntel", 6, 0xa7, true, "Sapphire Rapids class (Golden Cove)", "Sapphire Rapids"},
        {"GenuineIntel", 6, 0xa7, false, "Rocket Lake (Cypress Cove)", "Rocket Lake"},
        {"HygonGenuine", 0x18, 0x02, false, "HygonGenuine family 0x18 model 0x2",
         "family 0x18 model 0x2"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sq_machine m = {
            .family = cases[i].family, .model = cases[i].model, .hypervisor = cases[i].hypervisor};
        snprintf(m.vendor, sizeof m.vendor, "%s", cases[i].vendor);
        char label[96], short_name[64];
        sq_cpu_label(label, sizeof label, &m);
        sq_cpu_short(short_name, sizeof short_name, &m);
        CHECK(strcmp(label, cases[i].label) == 0 && strcmp(short_name, cases[i].short_name) == 0,
              "%s family 0x%x model 0x%x: '%s' / '%s', expected '%s' / '%s'", cases[i].vendor,
              cases[i].family, cases[i].model, label, short_name, cases[i].label,
              cases[i].short_name);
    }
}

/* Runs named among others: a name two runs share gets each one's place. */
static void check_names_among(void) {
    sq_run runs[3];
    memset(runs, 0, sizeof runs);
    const unsigned models[3] = {0x11, 0x8f, 0x11}; /* Genoa, Sapphire Rapids, Genoa */
    for (int k = 0; k < 3; k++) {
        runs[k].machine.family = models[k] == 0x11 ? 0x19 : 6;
        runs[k].machine.model = models[k];
        snprintf(runs[k].machine.vendor, sizeof runs[k].machine.vendor, "%s",
                 models[k] == 0x11 ? "AuthenticAMD" : "GenuineIntel");
    }
    static const char *const bracketed[3] = {"Genoa [1]", "Sapphire Rapids", "Genoa [3]"};
    static const char *const hashed[3] = {"Genoa #1", "Sapphire Rapids", "Genoa #3"};
    for (int k = 0; k < 3; k++) {
        char a[64], b[64];
        sq_cpu_name_among(a, sizeof a, runs, 3, k, sq_cpu_short, true);
        sq_cpu_name_among(b, sizeof b, runs, 3, k, sq_cpu_short, false);
        CHECK(strcmp(a, bracketed[k]) == 0 && strcmp(b, hashed[k]) == 0,
              "run %d among three: '%s' / '%s', expected '%s' / '%s'", k, a, b, bracketed[k],
              hashed[k]);
    }
    char one[64];
    sq_cpu_name_among(one, sizeof one, runs, 1, 0, sq_cpu_short, true);
    CHECK(strcmp(one, "Genoa") == 0, "a run alone: '%s', expected 'Genoa'", one);
}

/* The mispredicted share on the games, inferred from three branch costs. */
static void check_games_rate(void) {
    double rate;
    rate = sq_games_rate(2.0, 12.5, 0.5); /* a mispredict costs 24: 1.5 cycles is 1/16 */
    CHECK(fabs(rate - 1.5 / 24) < 1e-12, "games rate %g, expected %g", rate, 1.5 / 24);
    rate = sq_games_rate(0.4, 12.5, 0.5); /* cheaper than the predictable ones: none */
    CHECK(rate == 0, "games rate below the predictable cost: %g, expected 0", rate);
    rate = sq_games_rate(1.0, 1.4, 0.5); /* random not a mispredict's worth dearer */
    CHECK(isnan(rate), "games rate without a mispredict to count by: %g, expected NAN", rate);
    CHECK(!sq_sequence_predictable("game-moves") && sq_sequence_from_games("game-bishop-pairs") &&
              !sq_sequence_from_games("random") && sq_sequence_predictable("ordered"),
          "the games are a regime of their own");
}

/* Control dependence per mode: a branch-free routine whose throughput loop
 * the compiler made branch (loop_branch_only) marks its throughput rows only,
 * with ‡, no rank and no latency withheld. */
static void check_loop_branch(void) {
    static sq_result loop_rows[4];
    static sq_variant cmov;
    cmov = (sq_variant){.id = "color/cmov/gcc-11-native", .family = &sq_families[0]};
    sq_run r = {.results = loop_rows, .nresults = 4};
    loop_rows[0] = (sq_result){.variant = &cmov,
                               .sequence = "ordered",
                               .mode = SQ_MODE_LATENCY,
                               .cycles = {3, 3, 3, 3, 3}};
    loop_rows[1] = (sq_result){.variant = &cmov,
                               .sequence = "ordered",
                               .mode = SQ_MODE_THROUGHPUT,
                               .cycles = {1.2, 1.22, 1.3, 1.2, 1.3},
                               .control_dependent = true,
                               .loop_branch_only = true};
    loop_rows[2] = loop_rows[1];
    loop_rows[2].sequence = "random";
    loop_rows[2].cycles = (sq_stats){4.2, 4.21, 4.3, 4.2, 4.3};
    loop_rows[3] = loop_rows[0];
    loop_rows[3].sequence = "random";
    sq_headline lat = sq_headline_of(&r, cmov.id, SQ_HEADLINE_LATENCY),
                thr = sq_headline_of(&r, cmov.id, SQ_HEADLINE_THROUGHPUT);
    CHECK(!lat.control_dependent && !lat.loop_branch_only && lat.median == 3,
          "latency of a branch-free loop: a figure, %g", lat.median);
    CHECK(thr.loop_branch_only && isinf(sq_headline_rank(&thr)) && thr.median == 1.22,
          "throughput: the predictable sequences, marked, no rank: %g", thr.median);
    char text[64];
    sq_headline_text(text, sizeof text, &thr, 2);
    CHECK(strstr(text, "‡") != NULL, "the headline shows ‡: %s", text);
    sq_cell_text(text, sizeof text, &loop_rows[2]);
    CHECK(strcmp(text, "4.21±0.09‡") == 0 && isinf(sq_cell_rank(&loop_rows[2])),
          "the cell shows ‡ and is never the best: %s", text);
    CHECK(sq_regimes_apart(&r, cmov.id, SQ_MODE_THROUGHPUT) &&
              !sq_regimes_apart(&r, cmov.id, SQ_MODE_LATENCY),
          "regimes apart in throughput only");
}

/* A latency loop whose chain is shorter than its routine's (chain_apart):
 * its latency figure is kept, marked §, and given no rank; other modes are
 * untouched. */
static void check_chain_apart(void) {
    static sq_result apart_rows[2];
    static sq_variant sf;
    sf = (sq_variant){.id = "same_color/stockfish_2019/clang-13", .family = &sq_families[0]};
    sq_run r = {.results = apart_rows, .nresults = 2};
    apart_rows[0] = (sq_result){.variant = &sf,
                                .sequence = "random",
                                .mode = SQ_MODE_LATENCY,
                                .cycles = {4.98, 4.99, 5.0, 4.98, 5.0},
                                .chain_apart = true};
    apart_rows[1] = (sq_result){.variant = &sf,
                                .sequence = "random",
                                .mode = SQ_MODE_THROUGHPUT,
                                .cycles = {1, 1, 1, 1, 1}};
    sq_headline lat = sq_headline_of(&r, sf.id, SQ_HEADLINE_LATENCY),
                thr = sq_headline_of(&r, sf.id, SQ_HEADLINE_THROUGHPUT);
    CHECK(lat.chain_apart && near(lat.median, 4.99) && isinf(sq_headline_rank(&lat)),
          "latency apart from its routine: a figure, marked, no rank: %g", lat.median);
    CHECK(!thr.chain_apart && sq_headline_rank(&thr) == 1, "throughput untouched");
    char text[64];
    sq_headline_text(text, sizeof text, &lat, 2);
    CHECK(strcmp(text, "4.99±0.01§") == 0, "the headline shows §: %s", text);
    sq_cell_text(text, sizeof text, &apart_rows[0]);
    CHECK(strcmp(text, "4.99±0.01§") == 0 && isinf(sq_cell_rank(&apart_rows[0])),
          "the cell shows § and is never the best: %s", text);
    sq_cell_over_sequences(text, sizeof text, &r, sf.id, SQ_MODE_LATENCY);
    CHECK(strstr(text, "§") != NULL, "over sequences too: %s", text);
}

int main(void) {
    build();
    check_loop_branch();
    check_chain_apart();
    check_sequences();
    check_summaries();
    check_references();
    check_names();
    check_names_among();
    check_games_rate();
    return check_finish("summary", NULL);
}
