/* The instruction-form file: what 'sqcolor calibrate --format json' measured,
 * each chain of asm/chains.asm (a dependent chain of one instruction form)
 * in core cycles per link, with the machine it ran on. Written and read here
 * only; disasm --results --forms sets it beside llvm-mca's model of the same
 * loops. The format is described in docs/file-formats.md. */
#ifndef SQCOLOR_FORMS_FILE_H
#define SQCOLOR_FORMS_FILE_H

#include "bench/code/chain.h"
#include "bench/machine/machine.h"
#include "bench/util/stats.h"

#include <stddef.h>
#include <stdio.h>

#define SQ_FORMS_KIND   "instruction-forms" /* the top level's "kind" */
#define SQ_FORMS_SCHEMA 1
#define SQ_FORMS_MAX    32 /* chains in a file */

typedef struct sq_form_row {
    char chain[32];  /* the chain's name in asm/chains.asm */
    char link[400];  /* one link's instructions as the measuring binary held
                        them, joined by "; " */
    sq_stats cycles; /* core cycles per link over the repetitions: min,
                        median, p90 (no interval: NAN) */
} sq_form_row;

typedef struct sq_forms_file {
    char version[32], commit[64]; /* the sqcolor that measured */
    sq_machine machine;
    double tsc_hz, core_hz;
    int reps, samples;
    double sample_us;
    int nrows;
    sq_form_row rows[SQ_FORMS_MAX];
} sq_forms_file;

/* Writes f as JSON, indented by two spaces. Returns 0, SQ_FAILED_WRITE or
 * SQ_FAILED_MEMORY (failure.h). */
int sq_forms_write(FILE *out, const sq_forms_file *f);

/* Parses an instruction-form file's text; name is used in messages. 0, or -1
 * with one line naming the file and the problem in err. */
int sq_forms_parse(const char *text, size_t len, const char *name, sq_forms_file *out, char *err,
                   size_t errlen);

/* Reads and parses the file at path (at most 1 MiB). */
int sq_forms_load(const char *path, sq_forms_file *out, char *err, size_t errlen);

/* The latencies of f's single-instruction chains as sq_chain_floor takes
 * them (code/chain.h): each chain's form as this binary holds it, its
 * median cycles a link (the fastest repetition is the one whose clock read
 * low: an add chain's read 0.82 on a loaded AMD Zen 5 guest).
 * Chains of several instructions a link say nothing of one. Returns how
 * many, at most max. */
int sq_forms_costs(const sq_forms_file *f, sq_form_cost *out, int max);

#endif
