/* The code tables of disasm (and of try's page): each technique's impls side
 * by side, a column per code (impls of byte-identical code sharing one), with
 * llvm-mca's predictions, how each compiler's code went version by version,
 * and on request the loop each mode times. */
#ifndef SQCOLOR_CODE_LISTING_H
#define SQCOLOR_CODE_LISTING_H

#include "bench/catalog/registry.h"
#include "bench/code/mca.h"
#include "bench/machine/machine.h"

#include <stdbool.h>
#include <stdio.h>

/* "sqcolor disasm: <message>" on stderr, one line whatever it quotes, below
 * any progress line. */
void sq_disasm_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* llvm-mca's model for the predictions: of the CPU mcpu, or with mcpu NULL of
 * this machine's core (host). False, after a line on stderr, when llvm-mca is
 * not installed or takes too long; false with *unknown set (nothing said)
 * when it does not know mcpu. */
bool sq_code_model(const char *mcpu, const sq_machine *host, sq_mca_model *model, bool *unknown);

/* How the code is shown. */
typedef struct sq_code_listing {
    sq_mca_model *model; /* llvm-mca's predictions from it; NULL: none */
    bool markdown;       /* else console text */
    bool loops;          /* each mode's timed loop after a technique's routines */
    bool progress;       /* a progress line on stderr while llvm-mca predicts */
} sq_code_listing;

/* The code of vs[0..n) to out, a table per technique, then a legend and where
 * the predictions came from (or why there are none). Returns SQ_EXIT_OK, or
 * SQ_EXIT_FAIL when a routine's code cannot be read or memory runs out (said
 * on stderr). */
int sq_print_code(const sq_variant **vs, int n, const sq_code_listing *how, FILE *out);

/* The code of vs[0..n) as disasm --predict shows it, with llvm-mca's
 * prediction for this CPU where it is installed. Returns as sq_print_code. */
int sq_print_code_of(const sq_variant **vs, int n, bool markdown, bool progress, FILE *out);

#endif
