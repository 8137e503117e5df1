/* jansson's allocations while one result file is parsed and read, or built
 * and written: bumped from large chunks and dropped together. A result
 * file's tree is used once and dropped whole; malloc and free of its many
 * small nodes cost as much as the parse. */
#ifndef SQCOLOR_JSON_ARENA_H
#define SQCOLOR_JSON_ARENA_H

#include <stdbool.h>
#include <stddef.h>

/* From here on jansson allocates from the arena. */
void sq_json_arena_begin(void);

/* Memory from the arena, as jansson gets it; NULL when malloc fails. */
void *sq_json_arena_alloc(size_t size);

/* Whether an allocation failed since sq_json_arena_begin: jansson does not
 * always say so (a failure inside its lexer reads as a syntax error, one in
 * its setup as no reason at all). */
bool sq_json_arena_failed(void);

/* jansson back on malloc and free, and everything it had from the arena
 * freed: no value made since sq_json_arena_begin may be used after. */
void sq_json_arena_end(void);

#endif
