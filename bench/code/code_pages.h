/* The pages the harness runs its own code from: the spliced latency loops
 * (spliced_loop.h) and the placed kernels (placed_kernel.h). Where code
 * lies moves its speed on some CPUs (branch predictors and the front end
 * index by address), so a loop lies where no build's layout moves it: its
 * head at one offset of its page (sq_code_head), its pages found by
 * construction (sq_pages_near), each disp32 that reaches out of it made to
 * reach the same address from there (sq_code_fields). What was built is
 * kept, once per process per head (sq_built_*). */
#ifndef SQCOLOR_CODE_PAGES_H
#define SQCOLOR_CODE_PAGES_H

#include "bench/code/decoder.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Where a copy's loop head lies in its page (a 64-byte line's start), in a
 * process that has not moved it. */
#define SQ_SPLICE_HEAD 64

/* Moves the head of every loop built from now on by lines 64-byte lines
 * (mod 32) within its page, the same for all of them: where one process
 * places a loop changes its speed on some CPUs, so each of a run's
 * processes places them apart (processes.c) and a cell's interval, which
 * holds every process's median, covers the placement too. */
void sq_splice_shift(int lines);

/* The loop head's offset in its page now. */
size_t sq_code_head(void);

/* A disp32 of code that reaches out of it: where it lies, where its
 * instruction ends (what it is relative to) and the address it reaches. */
typedef struct sq_code_field {
    size_t at, end;
    uint64_t target;
} sq_code_field;

#define SQ_MOST_FIELDS 256

typedef struct sq_code_fields {
    sq_code_field field[SQ_MOST_FIELDS];
    int n;
} sq_code_fields;

/* Adds a field; false with the reason in err when there is no room. */
bool sq_fields_add(sq_code_fields *f, sq_code_field field, char *err, size_t errlen);

/* The RIP-relative disp32 of d's instruction into *out, its offsets from
 * the start of what d decodes; false where it has none. */
bool sq_rip_field(const sq_decoder *d, sq_code_field *out);

/* Writes every field of f into copy, code now at its new place, so that it
 * reaches its target from there; false where one is out of a disp32's
 * reach. */
bool sq_fields_put(uint8_t *copy, const sq_code_fields *f);

/* size bytes of writable pages from which every target of f, and the code
 * at address, lies within a disp32. Their place depends on nothing a build
 * moves by a few bytes (code_pages.c). NULL where none is within reach. */
uint8_t *sq_pages_near(uint64_t address, const sq_code_fields *f, size_t size);

/* Code built in such pages. */
typedef struct sq_built {
    const void *source; /* what it was built for, and is found by */
    int form;           /* the builder's: a spliced loop's arity, 0 a placed copy */
    size_t head;        /* sq_code_head when it was built */
    const uint8_t *entry;
    size_t bytes;     /* from entry: a loop to its ret, a copy's whole function */
    const char *name; /* for messages, living as long as the process */
    /* where entry's bytes were moved from whole (a placed copy's function),
     * else NULL */
    const uint8_t *origin;
} sq_built;

/* Makes pages[0..size) executable and keeps b (its entry in them); false,
 * the pages unmapped, where either fails. */
bool sq_built_keep(const sq_built *b, uint8_t *pages, size_t size);

/* What was built from source in form at the head of now, or NULL. */
const sq_built *sq_built_find(const void *source, int form);

/* What was built with its entry at entry, or NULL. */
const sq_built *sq_built_at(const void *entry);

/* Where address, in code moved whole, was moved from (so that a listing
 * names it as in the linked code); false where it lies in none. */
bool sq_built_origin(uint64_t address, uint64_t *origin);

#endif
