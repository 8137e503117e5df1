/* llvm-mca on the loops a run times, on the basis of a measured cell: a
 * cell is net of its harness (the same loop around an identity body), so
 * the model's figure is the loop's less its harness loop's, per square. */
#ifndef SQCOLOR_LOOP_MODEL_H
#define SQCOLOR_LOOP_MODEL_H

#include "bench/catalog/registry.h"
#include "bench/code/mca.h"

#include <stddef.h>

/* llvm-mca's net cost per square (pair) of v's loop of kernel mode
 * (SQ_KERNEL_THROUGHPUT...): (the loop's block reciprocal throughput - its
 * impl's harness loop's) / the squares a pass takes, counted as the byte
 * loads of the impl's one-square harness loop. NAN with the reason in err. */
double sq_loop_model_net(sq_mca_model *model, const sq_variant *v, int mode, char *err,
                         size_t errlen);

/* What sq_loop_model_net(model, v, mode) will ask llvm-mca, added to b
 * (mca.h: a batch); nothing where it would fail. */
void sq_loop_model_ahead(sq_mca_batch *b, const sq_variant *v, int mode);

#endif
