#include "bench/code/loop_model.h"

#include "bench/code/timed_loop.h"

#include <math.h>
#include <stdio.h>

/* llvm-mca's reciprocal throughput of the loop at fn (a kernel), and, where
 * loads, its one-byte loads: a pass's squares in a one-square harness. With
 * ahead, the loop is only added to that batch (0). */
static double loop_rthroughput(sq_mca_model *model, sq_mca_batch *ahead, const void *fn, int *loads,
                               char *err, size_t errlen) {
    sq_timed_loop loop;
    const char *name;
    if (!sq_loop_of_function(fn, true, &loop, &name, err, errlen))
        return -1;
    if (loads)
        *loads = loop.byte_reads;
    const char(*lines)[SQ_INSN_TEXT] = (const char(*)[SQ_INSN_TEXT])loop.text;
    double r = 0;
    if (ahead)
        sq_mca_batch_block(ahead, lines, loop.lines);
    else
        r = sq_predict_block(model, lines, loop.lines, err, errlen);
    sq_timed_loop_free(&loop);
    return r;
}

/* The net figure, or with ahead the three loops added to it (NAN). */
static double net(sq_mca_model *model, sq_mca_batch *ahead, const sq_variant *v, int mode,
                  char *err, size_t errlen) {
    const sq_impl *impl = sq_impl_find(v->impl);
    if (!impl) {
        snprintf(err, errlen, "%s: no impl %s", v->id, v->impl);
        return NAN;
    }
    int squares = 0;
    const void *kernel = (const void *)(uintptr_t)sq_timed_kernel(v, mode);
    const void *base = (const void *)(uintptr_t)sq_timed_baseline(impl, v->family->arity, mode);
    const void *base1 = (const void *)(uintptr_t)sq_timed_baseline(impl, 1, mode);
    double own = loop_rthroughput(model, ahead, kernel, NULL, err, errlen);
    double harness = own < 0 ? -1 : loop_rthroughput(model, ahead, base, NULL, err, errlen);
    double one = harness < 0 ? -1 : loop_rthroughput(model, ahead, base1, &squares, err, errlen);
    if (one < 0 || ahead)
        return NAN;
    if (squares < 1) {
        snprintf(err, errlen, "%s: its harness loop loads no square", v->id);
        return NAN;
    }
    return (own - harness) / squares;
}

double sq_loop_model_net(sq_mca_model *model, const sq_variant *v, int mode, char *err,
                         size_t errlen) {
    return net(model, NULL, v, mode, err, errlen);
}

void sq_loop_model_ahead(sq_mca_batch *b, const sq_variant *v, int mode) {
    char err[700];
    if (b)
        net(NULL, b, v, mode, err, sizeof err);
}
