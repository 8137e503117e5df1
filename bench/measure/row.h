/* A row: one variant (or an impl's harness) in one mode over one input, and
 * how one visit of it is timed. sqcolor run's engine and the Google Benchmark
 * front end both time rows through this interface. */
#ifndef SQCOLOR_ROW_H
#define SQCOLOR_ROW_H

#include "bench/machine/calibration.h"
#include "bench/input/inputs.h"
#include "bench/results/results.h"

typedef struct sq_row {
    const sq_variant *variant; /* NULL: the harness, an identity body in the same loop */
    const sq_impl *impl;
    const sq_input *in;
    sq_mode mode;
    sq_kernel_fn kernel; /* latency, throughput, branch */
    sq_any_fn callee;    /* call mode */
    size_t chunk;        /* squares per sample: a window of the sequence */
} sq_row;

/* Variant v's row, or with v NULL impl's harness, over in. */
void sq_row_init(sq_row *r, const sq_variant *v, const sq_impl *impl, const sq_input *in,
                 sq_mode mode);

/* The kernel's answers before any timing: prefix by prefix to 128 squares
 * (so every early result is seen), then, for the modes that count their
 * results, over the first SQ_CHECK_SQUARES.
 * Returns false with a one-line reason naming the variant, mode, sequence,
 * expected and got. */
#define SQ_CHECK_SQUARES 65536
bool sq_row_check(const sq_row *r, char *err, size_t errlen);

/* Sizes r's samples to about target_ticks. */
void sq_row_size(sq_row *r, double target_ticks);

/* What times visits: the clock, the add-chain length of a clock sample, the
 * state of the window offsets, and the latest clock sample. */
/* A number below `below` from a 64-bit LCG's top bits: the windows' and the
 * orders' generator, so a run follows --seed. */
uint64_t sq_random_below(uint64_t *state, uint64_t below);

/* Orders (rows, kernels before a visit) draw from the seed xor this, apart
 * from the windows. */
#define SQ_ORDER_SALT 0x5eedf00dULL

/* A neighbour probe lasts this share of a kernel sample: a quiet probe of
 * it varies by under 1% (the TSC's granularity, 27 ticks on the Zen 5
 * guest, is 0.4% of it). */
#define SQ_PROBE_SHARE 0.125

/* A kernel sample's readings as the trace holds them (run --trace), one
 * line an attempt: the row, its repetition, visit and attempt, the kernel's
 * TSC ticks a square, the clock samples either side (ticks an add), the
 * neighbour probe's lower reading (adds a cycle), the cycles a square, the
 * run's calibrated cycles a tick and the quiet level then, and what the
 * host did (SQ_HOST_* bits). */
typedef struct sq_trace_line {
    char id[96], mode[16], sequence[64];
    int rep, visit, attempt;
    double ticks, before, after, alu, cycles, run_cpt, quiet;
    int host;
    size_t squares; /* in the sample (0: a trace without them) */
} sq_trace_line;

#define SQ_TRACE_HEADER                                                                            \
    "id,mode,sequence,rep,visit,attempt,ticks,before,after,alu,cycles,run_cpt,quiet,host,squares"

/* line into *t (the header, or a malformed line: false). */
bool sq_trace_read(const char *line, sq_trace_line *t);

/* How far apart the clock samples either side of a sample of gross core
 * cycles a square may read: a clock that moved that much inside it may move
 * it by the tolerance a run holds a row to (SQ_RUN_TIGHT_PERMILLE, or
 * SQ_RUN_TIGHT_ABS cycles), and no more than SQ_CLOCK_AGREEMENT. */
double sq_clock_agreement(double gross);

/* What the host did to a sample of gross core cycles a square whose clock
 * samples read before and after ticks an add, beside a probe of alu adds a
 * cycle: SQ_HOST_MOVED where the two disagree by more than
 * sq_clock_agreement(gross) or either is far off the run's clock (run_cpt;
 * SQ_CLOCK_SCREEN), SQ_HOST_SHARED where alu lies under the quiet level. */
unsigned char sq_sample_host(double before, double after, double gross, double alu, double run_cpt,
                             double quiet);

/* Independent adds a cycle the core gives this thread now: eight
 * independent add chains for iters iterations, their ticks at the clock
 * sample just taken (ticks_per_add). A dip under quiet's shared level that
 * does not last (an interrupt in the probe) is probed again: a neighbour
 * stays for seconds. */
double sq_neighbour_probe(uint64_t iters, double ticks_per_add, double quiet);

typedef struct sq_sampler {
    sq_calibration cal;
    FILE *trace;          /* each attempt's readings (sq_trace_line), or NULL */
    int rep, visit;       /* the trace's: the engine's repetition and visit now */
    uint64_t add_iters;   /* a clock sample's last part, beside the probe: a quarter sample */
    uint64_t span_iters;  /* the part before it, so the two span whole periods of the
                             clock's modulation (clock_modulation.h); 0 where none */
    uint64_t probe_iters; /* add_x8 iterations of a neighbour probe */
    uint64_t windows;
    double last_clock;          /* the latest clock sample (ticks per add) ... */
    bool last_apart;            /* ... whether its parts read clocks apart ... */
    double last_alu;            /* ... the probe beside it (adds a cycle) ... */
    uint64_t last_clock_at;     /* ... and the TSC when it ended */
    uint64_t clock_fresh_ticks; /* how old it may be to open the next sample */
    long screened;              /* samples taken again: their clock was far off the run's */
    long dropped;               /* samples whose every attempt's clock was: none counts */
    sq_host_counts host;        /* what the host did to this sampler's samples */
    double calibrated_alu;      /* the calibration's adds a cycle: the least quiet level */
    sq_top clean_alu;           /* the highest probe readings of clean samples */
} sq_sampler;

/* A sampler for samples of sample_s seconds at cal's clock; windows follow seed. */
void sq_sampler_init(sq_sampler *s, const sq_calibration *cal, double sample_s, uint64_t seed);

typedef struct sq_visit {
    double ticks, cpt, cycles; /* per square; cpt: core cycles per tick */
    double alu;                /* the neighbour probe's lower reading either side */
    double clock_agreement;    /* the lower clock sample either side over the higher */
    bool clock_apart;          /* a clock sample's parts disagreed (row.c, read_clock) */
    unsigned char host;        /* 0, or SQ_HOST_* bits: what spoiled it */
} sq_visit;

/* What the host took from a sample, as a fraction of its cycles: its probe's
 * shortfall under the quiet level, or its clocks' disagreement, the larger;
 * 0 for a sample at the quiet level between agreeing clocks. A chain a
 * neighbour slows is slowed no more than the probe's eight independent
 * chains, which take every port a thread is given, and its clock is read by a
 * chain the neighbour slows too: so the sample's cycles lie within that
 * fraction of the truth (figures.c widens a marked row's interval by it). On
 * AMD Zen 5, 96% of 42,188 shared attempts of integer chains did. */
double sq_visit_loss(const sq_visit *v, double quiet);

/* Whether sample a is faster than sample than: a clean sample before one
 * the host spoiled; then by ticks, where the cycles are ticks at an
 * add-chain clock, and by cycles where a counter counted them. A clock
 * sample's error is not in the ticks, so choosing on them picks no clock
 * that came out low; a minimum of derived cycles did: 96 latency rows of a
 * default run on Zen 5 (0x1a/2) held samples up to 9% under their chain's
 * floor (color/lookup 4.54 against 4.99), and 3 of one row's 6 moved its
 * median by 0.08 cycles. */
bool sq_visit_faster(const sq_visit *a, const sq_visit *than, bool counted);

/* One visit: a warm-up, then `samples` samples over new windows, each between
 * two add-chain clock samples, each with a neighbour probe; the fastest
 * counts (sq_visit_faster). A sample the host spoiled is taken again over a
 * new window, up to three times; the visit says if none was clean. Returns
 * false if the kernel answered wrong while timed. */
bool sq_row_visit(sq_sampler *s, const sq_row *r, int samples, sq_visit *out);

#endif
