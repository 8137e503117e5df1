/* The dispatchers' choice: the best asm routine of a batch family this CPU
 * runs, the one rule the dispatchers and the registry both follow. */
#ifndef SQCOLOR_BATCH_DISPATCH_H
#define SQCOLOR_BATCH_DISPATCH_H

typedef void (*sq_batch_any_fn)(void);

/* The last ASM line of family (c/batch.h) whose requirement this CPU meets,
 * less SQCOLOR_HIDE_FEATURES; NULL for a family with none. */
sq_batch_any_fn sq_batch_dispatch_choice(const char *family);

#endif
