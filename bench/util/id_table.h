/* A table from string ids to pointers, of a size fixed when it is made:
 * open addressing on the id's FNV-1a hash, at most half the slots used, so
 * n lookups take time linear in n. The ids are the caller's and must outlive
 * the table. */
#ifndef SQCOLOR_ID_TABLE_H
#define SQCOLOR_ID_TABLE_H

#include <stddef.h>

typedef struct sq_id_table {
    struct sq_id_slot *slots;
    size_t mask; /* mask + 1 slots */
    size_t n, max;
} sq_id_table;

/* A table for up to max ids. Returns 0, or -1 out of memory. */
int sq_id_table_init(sq_id_table *t, size_t max);

/* The value stored under id, or NULL. */
void *sq_id_table_get(const sq_id_table *t, const char *id);

/* Stores value under id (not already in the table). Returns 0, or -1 when
 * the table already holds its max ids. */
int sq_id_table_put(sq_id_table *t, const char *id, void *value);

void sq_id_table_free(sq_id_table *t);

/* A table from distinct names[0..n) to their places. Returns 0, or -1 out
 * of memory. */
int sq_id_table_of_places(sq_id_table *t, const char *const *names, int n);

/* The place of name in a table of places, or -1. */
int sq_id_table_place(const sq_id_table *t, const char *name);

#endif
