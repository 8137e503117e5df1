/* llvm-mca, LLVM's static model of a core: the newest one installed, the CPU
 * it should model for a machine (cpu_model.c names it), and its prediction
 * for a routine's machine code. */
#ifndef SQCOLOR_MCA_H
#define SQCOLOR_MCA_H

#include "bench/code/disasm.h"
#include "bench/machine/machine.h"

#include <stdbool.h>
#include <stddef.h>

/* An llvm-mca program. */
typedef struct sq_mca_tool {
    char path[512];
    int major;        /* NN of llvm-mca-NN; 0 for a plain llvm-mca */
    char version[32]; /* "19.1.7", from its --version; "" when it gives none */
    char host[32];    /* the CPU LLVM takes this host for (--version's "Host CPU"), or "" */
} sq_mca_tool;

/* The newest llvm-mca in the folders of search (a PATH value): the
 * executable llvm-mca-NN with the highest NN, else llvm-mca; the earlier
 * folder wins a tie. False when there is none. */
bool sq_mca_find(const char *search, sq_mca_tool *out);

/* Each run of llvm-mca may take SQCOLOR_MCA_TIMEOUT seconds (a positive
 * number; SQ_MCA_TIMEOUT_S without it): one that takes longer is stopped, and
 * that tool is not run again (its version is then "", it knows no CPU, and
 * every prediction fails at once). */
#define SQ_MCA_TIMEOUT_S 60

/* Whether tool was stopped so, with the one line saying so in err. */
bool sq_mca_hung(const sq_mca_tool *tool, char *err, size_t errlen);

/* The newest on $PATH, looked for once; NULL when there is none. */
const sq_mca_tool *sq_mca_installed(void);

/* Whether tool lists mcpu among its CPUs (-mcpu=help); "native" always. */
bool sq_mca_knows(const sq_mca_tool *tool, const char *mcpu);

typedef enum sq_mcpu_source {
    SQ_MCPU_OWN,      /* the machine's own core, as cpu_model.c names it */
    SQ_MCPU_STAND_IN, /* an older core: this LLVM does not know the machine's */
    SQ_MCPU_NATIVE,   /* LLVM's own guess: the table names no core this LLVM knows */
    SQ_MCPU_OPTION,   /* asked for by name (--mcpu) */
} sq_mcpu_source;

/* What llvm-mca models, and why. */
typedef struct sq_mca_model {
    const sq_mca_tool *tool;
    char mcpu[32];
    sq_mcpu_source source;
    char own[32];       /* SQ_MCPU_STAND_IN: the machine's own name, unknown to this LLVM */
    char cpu[96];       /* the machine, for the reader (sq_cpu_label) */
    double xor_latency; /* the model's, found by the first sq_predict; NAN before */
} sq_mca_model;

/* The model of machine m: the first of the names cpu_model.c gives its core
 * that tool knows, else "native". */
void sq_mca_model_for(const sq_mca_tool *tool, const sq_machine *m, sq_mca_model *out);

/* The model named mcpu (which tool knows), for machine m. */
void sq_mca_model_named(const sq_mca_tool *tool, const sq_machine *m, const char *mcpu,
                        sq_mca_model *out);

/* One sentence naming the model for the reader: llvm-mca's version and path,
 * -mcpu, and whether it is the machine's own, a stand-in, LLVM's guess or
 * asked for. */
void sq_mca_model_text(const sq_mca_model *model, char *buf, size_t len);

/* llvm-mca on the routine's instructions (without the ret): reciprocal
 * throughput of the block, and latency: cycles per iteration of the body with
 * its result fed back into its input through one xor, less that xor's
 * latency in the same model. */
typedef struct sq_prediction {
    double rthroughput;
    double latency;
} sq_prediction;

bool sq_predict(sq_mca_model *model, const sq_code *code, sq_prediction *out, char *err,
                size_t errlen);

/* Whether llvm-mca reads a and b as one text (sq_predict gives both one
 * prediction, so a caller may reuse it): their instructions alike, but
 * for where their jumps go. */
bool sq_mca_same_input(const sq_code *a, const sq_code *b);

/* llvm-mca's reciprocal throughput of the block lines[0..n) (a timed loop's
 * listing, timed_loop.h: its jumps aimed past the block), or -1 with the
 * reason in err. */
double sq_predict_block(sq_mca_model *model, const char (*lines)[SQ_INSN_TEXT], int n, char *err,
                        size_t errlen);

/* llvm-mca's cycles per iteration of the block lines[0..n) (as for
 * sq_predict_block) run back to back: its Total Cycles over its iterations,
 * the latency of a chain the block carries or its throughput, whichever
 * bounds it. -1 with the reason in err. */
double sq_predict_cycles(sq_mca_model *model, const char (*lines)[SQ_INSN_TEXT], int n, char *err,
                         size_t errlen);

/* Many inputs in one run of llvm-mca (a process start costs some 70 ms, more
 * than a routine's simulation): a batch gathers what the calls above will be
 * asked, runs them at once, a code region each, and keeps the figures for
 * the process, so that those calls answer without a run of their own. An
 * input llvm-mca cannot read fails the batch: each call then runs alone, as
 * without one, and says what failed. NULL (out of memory) batches nothing. */
typedef struct sq_mca_batch sq_mca_batch;
sq_mca_batch *sq_mca_batch_start(sq_mca_model *model);
/* What sq_predict(model, code) asks. */
void sq_mca_batch_code(sq_mca_batch *b, const sq_code *code);
/* What sq_predict asks of v's routine, disassembled into scratch (a
 * routine that cannot be is left to its own call, which says why). */
void sq_mca_batch_routine(sq_mca_batch *b, const sq_variant *v, sq_code *scratch);
/* What sq_predict_block and sq_predict_cycles ask of lines[0..n). */
void sq_mca_batch_block(sq_mca_batch *b, const char (*lines)[SQ_INSN_TEXT], int n);
/* Runs llvm-mca (twice: the two iteration counts) and frees b. */
void sq_mca_batch_run(sq_mca_batch *b);

#endif
