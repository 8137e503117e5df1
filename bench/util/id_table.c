#include "bench/util/id_table.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct sq_id_slot {
    const char *id; /* NULL: empty */
    void *value;
};

/* FNV-1a. */
static size_t hash_of(const char *s) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
    return (size_t)h;
}

int sq_id_table_init(sq_id_table *t, size_t max) {
    size_t slots = 16;
    while (slots < 2 * max)
        slots *= 2;
    *t = (sq_id_table){calloc(slots, sizeof *t->slots), slots - 1, 0, max};
    return t->slots ? 0 : -1;
}

/* The slot holding id, or the empty one where it would go. */
static struct sq_id_slot *slot_of(const sq_id_table *t, const char *id) {
    size_t h = hash_of(id) & t->mask;
    while (t->slots[h].id && strcmp(t->slots[h].id, id) != 0)
        h = (h + 1) & t->mask;
    return &t->slots[h];
}

void *sq_id_table_get(const sq_id_table *t, const char *id) {
    return slot_of(t, id)->value;
}

int sq_id_table_put(sq_id_table *t, const char *id, void *value) {
    if (t->n == t->max)
        return -1;
    struct sq_id_slot *s = slot_of(t, id);
    t->n += !s->id;
    *s = (struct sq_id_slot){id, value};
    return 0;
}

void sq_id_table_free(sq_id_table *t) {
    free(t->slots);
    memset(t, 0, sizeof *t);
}

int sq_id_table_of_places(sq_id_table *t, const char *const *names, int n) {
    if (sq_id_table_init(t, (size_t)(n > 0 ? n : 0)))
        return -1;
    for (int i = 0; i < n; i++)
        sq_id_table_put(t, names[i], (void *)(uintptr_t)(i + 1));
    return 0;
}

int sq_id_table_place(const sq_id_table *t, const char *name) {
    return (int)(uintptr_t)sq_id_table_get(t, name) - 1;
}
