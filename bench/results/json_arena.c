#include "bench/results/json_arena.h"

#include <jansson.h>
#include <stdlib.h>

typedef struct chunk {
    struct chunk *next;
    size_t used, cap;
    max_align_t data[];
} chunk;

static chunk *arena;
static bool failed;

void *sq_json_arena_alloc(size_t size) {
    size = (size + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
    if (!arena || arena->cap - arena->used < size) {
        size_t cap = size > ((size_t)1 << 20) ? size : (size_t)1 << 20;
        chunk *c = malloc(sizeof *c + cap);
        if (!c) {
            failed = true;
            return NULL;
        }
        *c = (chunk){arena, 0, cap};
        arena = c;
    }
    void *p = (char *)arena->data + arena->used;
    arena->used += size;
    return p;
}

static void arena_free(void *p) {
    (void)p; /* with the rest, in sq_json_arena_end */
}

bool sq_json_arena_failed(void) {
    return failed;
}

void sq_json_arena_begin(void) {
    failed = false;
    json_set_alloc_funcs(sq_json_arena_alloc, arena_free);
}

void sq_json_arena_end(void) {
    json_set_alloc_funcs(malloc, free);
    for (chunk *next; arena; arena = next) {
        next = arena->next;
        free(arena);
    }
}
