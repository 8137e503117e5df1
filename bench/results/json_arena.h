/* jansson's allocations while one result file is parsed and read, or built
 * and written: bumped from large chunks and dropped together. A result
 * file's tree is used once and dropped whole; malloc and free of its many
 * small nodes cost as much as the parse. */
#ifndef SQCOLOR_JSON_ARENA_H
#define SQCOLOR_JSON_ARENA_H

#include <stddef.h>

/* From here on jansson allocates from the arena. */
void sq_json_arena_begin(void);

/* Memory from the arena, as jansson gets it; NULL when malloc fails. */
void *sq_json_arena_alloc(size_t size);

/* jansson back on malloc and free, and everything it had from the arena
 * freed: no value made since sq_json_arena_begin may be used after. */
void sq_json_arena_end(void);

#endif
