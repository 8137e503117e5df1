/* calibrate's chains (asm/chains.asm) as this binary holds them: one link's
 * instructions, the instruction forms it stands for, and llvm-mca's cycles
 * per link of the very loop calibrate times. */
#ifndef SQCOLOR_CHAIN_CODE_H
#define SQCOLOR_CHAIN_CODE_H

#include "bench/code/disasm.h"
#include "bench/code/insn_form.h"
#include "bench/code/mca.h"
#include "bench/machine/clock.h"

#include <stdbool.h>
#include <stddef.h>

#define SQ_LINK_MAX 8 /* instructions in a link (add_x8's eight adds) */

typedef struct sq_chain_code {
    int ninsns;
    char text[SQ_LINK_MAX][SQ_INSN_TEXT];
    /* The forms the link stands for: its instructions' but the zero idioms
     * and renamed moves that only make it a chain (insn_form.h), or, for a
     * link of nothing else (the mov chain), those. */
    int nforms;
    char form[SQ_LINK_MAX][SQ_FORM_TEXT];
} sq_chain_code;

/* c's link, from the loop calibrate times: SQ_CHAIN_LINKS links, then the
 * count's dec and the jump back. False with a reason in err. */
bool sq_chain_code_of(const sq_chain *c, sq_chain_code *out, char *err, size_t errlen);

/* The link as one line: its instructions joined by "; ". */
void sq_chain_link_text(const sq_chain_code *code, char *buf, size_t len);

/* llvm-mca's cycles per link of c's loop, the loop whole (its count and jump
 * back with the links): NAN with the reason in err. */
double sq_chain_model(sq_mca_model *model, const sq_chain *c, char *err, size_t errlen);

/* What sq_chain_model(model, c) will ask llvm-mca, added to b (mca.h). */
void sq_chain_model_ahead(sq_mca_batch *b, const sq_chain *c);

#endif
