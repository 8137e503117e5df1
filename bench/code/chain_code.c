#include "bench/code/chain_code.h"

#include "bench/code/timed_loop.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static bool chain_loop(const sq_chain *c, sq_timed_loop *loop, char *err, size_t errlen) {
    const char *name;
    char why[400];
    if (!sq_loop_of_function((const void *)(uintptr_t)c->fn, true, loop, &name, why, sizeof why)) {
        snprintf(err, errlen, "chain %s: %s", c->name, why);
        return false;
    }
    return true;
}

bool sq_chain_code_of(const sq_chain *c, sq_chain_code *out, char *err, size_t errlen) {
    memset(out, 0, sizeof *out);
    sq_timed_loop loop;
    if (!chain_loop(c, &loop, err, errlen))
        return false;
    int body = loop.lines - 2; /* less the count's dec and the jump back */
    if (body <= 0 || body % SQ_CHAIN_LINKS || body / SQ_CHAIN_LINKS > SQ_LINK_MAX) {
        snprintf(err, errlen,
                 "chain %s: a loop of %d instructions is not %d links of at most %d, a dec and "
                 "a jump",
                 c->name, loop.lines, SQ_CHAIN_LINKS, SQ_LINK_MAX);
        sq_timed_loop_free(&loop);
        return false;
    }
    out->ninsns = body / SQ_CHAIN_LINKS;
    for (int i = 0; i < out->ninsns; i++)
        memcpy(out->text[i], loop.text[i], sizeof out->text[i]);
    char why[200];
    for (int glue = 0; glue < 2 && out->nforms == 0; glue++)
        out->nforms = sq_code_forms(loop.code, loop.bytes, loop.address, out->ninsns, glue,
                                    out->form, SQ_LINK_MAX, why, sizeof why);
    sq_timed_loop_free(&loop);
    if (out->nforms < 0) {
        snprintf(err, errlen, "chain %s: %s", c->name, why);
        return false;
    }
    return true;
}

void sq_chain_link_text(const sq_chain_code *code, char *buf, size_t len) {
    size_t n = 0;
    buf[0] = 0;
    for (int i = 0; i < code->ninsns && n < len; i++)
        n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? "; " : "", code->text[i]);
}

double sq_chain_model(sq_mca_model *model, const sq_chain *c, char *err, size_t errlen) {
    sq_timed_loop loop;
    if (!chain_loop(c, &loop, err, errlen))
        return NAN;
    double cycles =
        sq_predict_cycles(model, (const char(*)[SQ_INSN_TEXT])loop.text, loop.lines, err, errlen);
    sq_timed_loop_free(&loop);
    return cycles < 0 ? NAN : cycles / SQ_CHAIN_LINKS;
}

void sq_chain_model_ahead(sq_mca_batch *b, const sq_chain *c) {
    sq_timed_loop loop;
    char err[700];
    if (!b || !chain_loop(c, &loop, err, sizeof err))
        return;
    sq_mca_batch_block(b, (const char(*)[SQ_INSN_TEXT])loop.text, loop.lines);
    sq_timed_loop_free(&loop);
}
