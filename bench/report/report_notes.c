/* The notes under a report: how a run was measured (clocks, machine,
 * impls, repetitions) and what the tables' marks mean. */
#include "bench/report/report_formats.h"

#include "bench/machine/clock_modulation.h"
#include "bench/machine/cpu_model.h"
#include "bench/machine/test_switches.h"
#include "bench/results/cells.h"
#include "bench/results/code_check.h"
#include "bench/results/summary.h"
#include "bench/util/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

typedef struct reps_count {
    int reps, rows;
} reps_count;

static int by_rows(const void *a, const void *b) {
    const reps_count *x = a, *y = b;
    return x->rows != y->rows ? (x->rows < y->rows) - (x->rows > y->rows)
                              : (x->reps > y->reps) - (x->reps < y->reps);
}

/* "repetitions per row: 6 (1520 rows), 9 (140), 15 (60); median 6": the
 * repetitions rows were given (sampling stops early on tight rows), most
 * common first. */
static void write_reps(sq_doc *d, const sq_run *run) {
    int n = run->nresults;
    int *reps = malloc(sizeof *reps * (size_t)(n ? n : 1));
    reps_count *counts = malloc(sizeof *counts * (size_t)(n ? n : 1));
    if (n && reps && counts) {
        for (int i = 0; i < n; i++)
            reps[i] = run->results[i].reps;
        qsort(reps, (size_t)n, sizeof *reps, cmp_int);
        /* The median of the counts, sorted here anyway. */
        double median = n % 2 ? reps[n / 2] : (reps[n / 2 - 1] + reps[n / 2]) / 2.0;
        int distinct = 0;
        for (int i = 0; i < n; i++)
            if (i && reps[i] == reps[i - 1])
                counts[distinct - 1].rows++;
            else
                counts[distinct++] = (reps_count){reps[i], 1};
        qsort(counts, (size_t)distinct, sizeof *counts, by_rows);
        char text[400];
        size_t used = 0;
        for (int k = 0; k < distinct && k < 8; k++)
            used +=
                (size_t)snprintf(text + used, sizeof text - used, k ? ", %d (%d)" : "%d (%d rows)",
                                 counts[k].reps, counts[k].rows);
        sq_doc_note(d, "repetitions per row: %s%s; median %g", text, distinct > 8 ? ", ..." : "",
                    median);
    }
    free(reps);
    free(counts);
}

/* How many rows took another's figure (≡), or that the run timed every row
 * itself; nothing for files from before sharing. */
static void write_shared(sq_doc *d, const sq_run *run) {
    int shared = 0;
    for (int i = 0; i < run->nresults; i++)
        shared += run->results[i].shared_from != NULL;
    if (shared)
        sq_doc_note(d,
                    "timed once: %d of %d rows (≡) took the figure of an earlier row of "
                    "byte-identical timed code on the same sequence and mode (an asm row only an "
                    "asm row's)",
                    shared, run->nresults);
    else if (run->share < 0)
        sq_doc_note(d, "every row timed itself (--no-share), rows of byte-identical code too");
}

/* The run's check of itself (code_check.h): rows of one machine code that
 * got different figures, which since the harness times one code once and
 * splices every latency loop alike can only be placement (or a run with
 * --no-share, or an older file). In full, a line per group; briefly, their
 * count. */
static void write_code_check(sq_doc *d, const sq_run *run, bool full) {
    if (!run->ncode)
        return;
    sq_code_mismatch *m;
    int n = sq_code_mismatches(run, &m);
    if (n < 0) {
        sq_doc_out_of_memory(d);
        return;
    }
    if (!n)
        sq_doc_note(d,
                    "identical code, one figure: every row agrees with the rows of the same "
                    "machine code (the routine's in latency and call mode, the loop's in the "
                    "others) within %.2f cycles",
                    SQ_RESOLUTION_CYCLES);
    else if (!full)
        sq_doc_note(d,
                    "identical code, two figures: in %d group%s, rows of one machine code at "
                    "different addresses read more than %.2f cycles apart: placement, a property "
                    "of this CPU (--detail lists them)",
                    n, n == 1 ? "" : "s", SQ_RESOLUTION_CYCLES);
    for (int i = 0; full && i < n; i++) {
        char cheap[32], dear[32];
        sq_cell_value(cheap, sizeof cheap, m[i].cheap->cycles.median, 2);
        sq_cell_value(dear, sizeof dear, m[i].dear->cycles.median, 2);
        sq_doc_note(d,
                    "identical code, two figures: %s %s on %s: %s %s, %s %s (%d rows of this code)",
                    sq_mode_names[m[i].cheap->mode], m[i].cheap->variant->family->name,
                    m[i].cheap->sequence, m[i].cheap->variant->id, cheap, m[i].dear->variant->id,
                    dear, m[i].nsame);
    }
    free(m);
}

/* "impls: asm, gcc-11, ...": their names alone, on the console without
 * --detail (a line each, with compiler and flags, in full). */
static void write_impls(sq_doc *d, const sq_run *run, bool full) {
    if (full) {
        for (int i = 0; i < run->nimpls; i++)
            sq_doc_note(d, "impl %s: %s %s", run->impls[i].name, run->impls[i].compiler,
                        run->impls[i].flags);
        return;
    }
    char names[1024] = "";
    size_t used = 0;
    for (int i = 0; i < run->nimpls && used < sizeof names; i++)
        used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "",
                                 run->impls[i].name);
    sq_doc_note(d, "impls: %s (--detail: each one's compiler and flags)", names);
}

/* The rows whose cells rest on samples the host spoiled, and those that
 * kept some though they had enough clean ones; batch rows too. */
static void count_spoiled(const sq_run *run, int *spoiled, int *kept) {
    *spoiled = *kept = 0;
    for (int i = 0; i < run->nresults; i++) {
        const sq_result *r = &run->results[i];
        *spoiled += r->host_spoiled && !r->shared_from;
        *kept += r->host && !r->host_spoiled && !r->shared_from;
    }
    for (int i = 0; i < run->nbatch; i++) {
        const sq_batch_result *b = &run->batch[i];
        *spoiled += b->host_spoiled;
        *kept += b->host && !b->host_spoiled;
    }
}

/* The run's quiet level against this CPU's in earlier runs, where known:
 * under it, a neighbour shared the core for the whole run. */
static void history_note(sq_doc *d, const sq_run *run) {
    double own = sq_run_quiet(run), cpu = run->history_quiet;
    if (run->history_runs <= 0 || !isfinite(own))
        return;
    if (sq_quiet_level_under(own, cpu))
        sq_doc_note(d,
                    "host: this run's core gave at most %.2f independent adds a cycle, %.1f%% "
                    "under the %.2f of this CPU's last %d runs: a neighbour shared it throughout, "
                    "and every sample is taken as shared (~)",
                    own, 100 * (1 - own / cpu), cpu, run->history_runs);
    else
        sq_doc_note(d,
                    "host: this run's core gave %.2f independent adds a cycle at most, as this "
                    "CPU's last %d runs (%.2f): no neighbour throughout",
                    own, run->history_runs, cpu);
}

/* count as a percentage of h's kernel samples. */
static double host_share(const sq_host_counts *h, long count) {
    return 100.0 * (double)count / (h->samples > 0 ? (double)h->samples : 1);
}

/* What the host did while the run timed: per process, the share of its
 * kernel samples that saw the clock move and that a neighbour shared the
 * core with, against the quiet level its probes found; files from before
 * the probe have the start's reading alone. */
static void host_notes(sq_doc *d, const sq_run *run) {
    const sq_clock *c = &run->clock;
    if (!run->nhost) {
        sq_doc_note(d,
                    "alu: %.2f independent adds per cycle at the start of the run (fewer than "
                    "this core usually gives means another thread shared it: throughput rows run "
                    "slower)",
                    c->alu_per_cycle);
        return;
    }
    /* One process in words; several with the words once, "process N:
     * shared / moved (quiet)", so that seven fit in two lines. */
    char text[1024];
    const sq_host_counts *h = run->host;
    if (run->nhost == 1)
        snprintf(text, sizeof text,
                 "%.1f%% on a shared core, %.1f%% on a moving clock (quiet %.2f adds a cycle)",
                 host_share(h, h->shared), host_share(h, h->moved), h->quiet);
    else {
        size_t used =
            (size_t)snprintf(text, sizeof text,
                             "on a shared core / on a moving clock (quiet level, adds a cycle): ");
        for (int p = 0; p < run->nhost && used < sizeof text; p++, h++)
            used += (size_t)snprintf(text + used, sizeof text - used,
                                     "%sprocess %d %.1f%% / %.1f%% (%.2f)", p ? ", " : "", p + 1,
                                     host_share(h, h->shared), host_share(h, h->moved), h->quiet);
    }
    int spoiled, kept;
    count_spoiled(run, &spoiled, &kept);
    sq_doc_note(d,
                "host: kernel samples %s, each taken again; %d rows kept spoiled ones beside %d or "
                "more clean (their figures are the clean ones'), %d had fewer clean (~)",
                text, kept, SQ_CLEAN_MIN, spoiled);
    history_note(d, run);
}

void sq_report_run_notes(sq_doc *d, const sq_run *run, bool detail) {
    /* the console without --detail keeps to what changes how a figure reads */
    bool full = detail || d->format != SQ_DOC_TEXT;
    const sq_machine *m = &run->machine;
    const sq_clock *c = &run->clock;
    sq_doc_note(d, "cycles: %s",
                strcmp(c->source, "perf") == 0
                    ? "core cycles from the hardware cycle counter (perf)"
                    : "core cycles calibrated from a dependent add chain beside every row (no "
                      "hardware cycle counter); TSC ticks are not cycles here");
    sq_doc_note(d,
                "clock: TSC %.4f GHz (%s); core %.4f GHz median, %.4f-%.4f seen; timer %.0f "
                "ticks",
                c->tsc_hz / 1e9, c->tsc_source, c->core_hz / 1e9, c->core_hz_min / 1e9,
                c->core_hz_max / 1e9, c->timer_overhead);
    if (full && c->modulation_hz > 0) {
        sq_modulation swing = {c->modulation_hz, c->modulation_amplitude, 0};
        bool spanned =
            sq_sampler_clock_span_s(&swing, run->sample_us * 1e-6) > run->sample_us * 1e-6 / 4;
        sq_doc_note(d,
                    "clock modulation: the core clock swung %.2f%% either way at %.2f kHz "
                    "(spread-spectrum clocking); %s",
                    100 * c->modulation_amplitude, c->modulation_hz / 1e3,
                    spanned ? "each clock sample spanned whole periods of it"
                            : "a period was over two samples long, so clock samples did not "
                              "span it");
    }
    if (full && c->screened >= 0)
        sq_doc_note(d,
                    "clock screened: %ld kernel samples taken again, their add-chain clock more "
                    "than %.0f%% off the run's; %ld dropped, no attempt's clock near it; no cell "
                    "rests on such a clock",
                    c->screened, 100 * SQ_CLOCK_SCREEN, c->dropped);
    host_notes(d, run);
    char cpu[32] = "not pinned to a cpu", label[96];
    if (run->cpu >= 0)
        snprintf(cpu, sizeof cpu, "cpu %d", run->cpu);
    sq_cpu_label(label, sizeof label, m);
    sq_doc_note(d, "machine: %s, %s (%s family 0x%x model 0x%x stepping %u)%s, %s, Linux %s", label,
                m->brand, m->vendor, m->family, m->model, m->stepping,
                m->hypervisor ? ", virtualized" : "", cpu, run->kernel);
    if (m->hidden[0] || m->test_brand)
        sq_doc_note(
            d,
            "test switches: the machine as the run's environment made it seem, not as it "
            "is: %s%s%s%s%s",
            m->hidden[0] ? SQ_HIDE_FEATURES_VARIABLE "=" : "", m->hidden,
            m->hidden[0] ? " hid these features (the variants needing them were not run)" : "",
            m->hidden[0] && m->test_brand ? "; " : "",
            m->test_brand ? SQ_TEST_BRAND_VARIABLE " set the brand in place of cpuid's" : "");
    sq_doc_note(d,
                "run: sqcolor %s (%s), %d to %d repetitions of %d samples of %.0f us in %d "
                "visits, sequences of %zu %s (%s), seed %llu, address randomisation %s, %.1f s%s%s",
                run->version, run->commit, run->min_reps, run->reps, run->samples, run->sample_us,
                run->visits, run->length, "squares (pairs)", run->sequences,
                (unsigned long long)run->seed, run->aslr ? "on" : "off", run->elapsed_s,
                run->source ? ", from " : "", run->source ? run->source : "");
    sq_report_try_note(d, run);
    write_impls(d, run, full);
    /* The batch rows' processes: the run's, and those that timed them alone. */
    int batch_processes = run->nbatch && run->batch[0].samples
                              ? sq_group_count(run->batch[0].process, run->batch[0].reps)
                              : 0;
    char batch_alone[96] = "";
    if (batch_processes > run->processes)
        snprintf(batch_alone, sizeof batch_alone,
                 ", and the batch rows' over %d more that time them alone",
                 batch_processes - run->processes);
    if (run->processes > 1)
        sq_doc_note(d,
                    "processes: the repetitions spread over %d%s, one after another, each in a "
                    "fresh address space; a cell's interval holds every process's median",
                    run->processes, batch_alone);
    if (run->sequence_huge_pages == 0)
        sq_doc_note(d, "sequences: on 4 KiB pages, the kernel gave no huge pages (transparent "
                       "huge pages off?): rows reading them may move from one process to the next");
    if (full)
        write_reps(d, run);
    write_shared(d, run);
    write_code_check(d, run, full);
}

void sq_report_vendor_note(sq_doc *d, const sq_run *run) {
    const sq_cpu_model *ref = sq_mispredict_reference_of(&run->machine);
    if (ref)
        sq_doc_note(d, "the vendor's figure for this CPU (%s): %s cycles per mispredict", ref->core,
                    ref->mispredict);
    else
        sq_doc_note(d, "no vendor's figure is known for this CPU (%s family 0x%x model 0x%x)",
                    run->machine.vendor, run->machine.family, run->machine.model);
}

void sq_report_marks(sq_doc *d, bool detail, bool shared) {
    sq_doc_note(d,
                "cells: median over repetitions of the minimum of each repetition's samples (its "
                "visits spread over the run, the rows in a new order each pass), the harness (an "
                "identity body in the same loop) subtracted");
    if (d->format == SQ_DOC_TEXT && !detail) { /* each table's legend says what it uses */
        sq_doc_note(d, "marks: under each table; every mark in full: --detail, or "
                       "docs/reading-tables.md");
        return;
    }
    char pm[200];
    sq_report_pm_meaning(d, pm, sizeof pm);
    if (d->reps_least && d->reps_least < SQ_CI95_LEAST)
        sq_doc_note(d,
                    "%s: the wider side; a 95%% interval of the median (distribution-free, from "
                    "the order statistics) needs %d repetitions, and the range of fewer holds "
                    "the median less often (3: 75%%)",
                    pm, SQ_CI95_LEAST);
    else
        sq_doc_note(d, "±: half the width of the cell's 95%% interval of the median "
                       "(distribution-free, from the order statistics of its repetitions), the "
                       "wider side");
    sq_doc_note(d,
                "≈0: a cost not told apart from zero (its median within %.2f cycles of zero or "
                "below it, or its interval holding zero); ≈0≤X: it costs at most X (the "
                "interval's upper end; below zero is the harness's slack, not a cost)",
                SQ_RESOLUTION_CYCLES);
    if (detail)
        sq_doc_note(d, "a|b: the row ran at two speeds, a the faster; its line under the table "
                       "gives each speed's share of the repetitions");
    sq_doc_note(d, "‖: a figure over sequences that left out a sequence whose cell ran at two "
                   "speeds (--detail shows it); '2 speeds': every cell did");
    sq_doc_note(d, "†: control-dependent: the timed chain passes through a predicted branch, so "
                   "there is no latency; it depends on how predictable the sequence is");
    sq_doc_note(d, "‡: the timed loop branches on the result although the routine does not (the "
                   "compiler made the branch when it inlined the routine): a figure of how the "
                   "loop was built, not of the routine, so it is given no verdict against asm");
    sq_doc_note(d, "§: the timed loop's latency chain is shorter than the routine's (the compiler "
                   "reordered the routine when it inlined it; disasm --loops shows both): a "
                   "figure of the loop, not of the routine, so it is given no verdict against asm; "
                   "call mode times the routine itself");
    if (shared)
        sq_doc_note(
            d, "≡: not timed itself: the row's timed code is byte-identical to that of an "
               "earlier row of the same sequence and mode (asm's or a C impl's; an asm row only "
               "an asm row's), timed once for both, net of that row's harness; the figure is "
               "that row's (the CSV's shared_from and the JSON's name it; run --no-share times "
               "every row)");
    const char *best = d->format == SQ_DOC_TEXT ? "*" : "bold";
    sq_doc_note(d,
                "%s in the headline tables: per figure, the verdict of asm against the best "
                "compiler: the clear winner alone, the cheaper by %.2f cycles or more with its "
                "interval apart from the other's; neither where they are not told apart, or "
                "where one has no figure to rank (†, ‡, §, 2 speeds, missing)",
                best, SQ_RESOLUTION_CYCLES);
    if (detail)
        sq_doc_note(
            d,
            "%s in the detailed tables: the best of a row and sequence, the lowest median among "
            "cells with one "
            "speed and no † (≈0 counts as 0), and every cell not told apart from it (within "
            "%.2f cycles, or its interval reaching the best's)",
            best, SQ_RESOLUTION_CYCLES);
    sq_doc_note(d, "summaries: medians over sequences; in branch mode and for † variants the "
                   "predictable sequences (all but random, file, pgn and the games) and random are "
                   "kept apart");
    sq_doc_note(d,
                "per mispredict: (branch on random - median branch on the predictable "
                "sequences) / %.1f; a loop's cost is higher than the vendor's figure, as it "
                "includes the time the branch waits for its input before it can resolve",
                SQ_RANDOM_MISPREDICT_RATE);
}
