#include "bench/code/code_pages.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static size_t head = SQ_SPLICE_HEAD; /* a loop's offset in its page */

void sq_splice_shift(int lines) {
    head = SQ_SPLICE_HEAD + 64 * (size_t)(((lines % 32) + 32) % 32);
}

size_t sq_code_head(void) {
    return head;
}

/* ---- fields ------------------------------------------------------------- */

bool sq_fields_add(sq_code_fields *f, sq_code_field field, char *err, size_t errlen) {
    if (f->n == SQ_MOST_FIELDS) {
        snprintf(err, errlen, "it has more than %d fields to move", SQ_MOST_FIELDS);
        return false;
    }
    f->field[f->n++] = field;
    return true;
}

bool sq_rip_field(const sq_decoder *d, sq_code_field *out) {
    size_t disp = d->rip_disp; /* VEX or EVEX capstone does not know (decoder.h) */
    if (d->insn) {
        const cs_x86 *x86 = &d->insn->detail->x86;
        for (int k = 0; k < x86->op_count; k++)
            if (x86->operands[k].type == X86_OP_MEM && x86->operands[k].mem.base == X86_REG_RIP)
                disp = x86->encoding.disp_offset;
    }
    if (!disp)
        return false;
    int32_t rel;
    memcpy(&rel, d->code + d->at + disp, sizeof rel);
    uint64_t end = d->address + d->at + d->length;
    *out = (sq_code_field){d->at + disp, d->at + d->length, end + (uint64_t)(int64_t)rel};
    return true;
}

bool sq_fields_put(uint8_t *copy, const sq_code_fields *f) {
    for (int i = 0; i < f->n; i++) {
        int64_t rel = (int64_t)(f->field[i].target - (uint64_t)(uintptr_t)(copy + f->field[i].end));
        if (rel != (int32_t)rel)
            return false;
        int32_t rel32 = (int32_t)rel;
        memcpy(copy + f->field[i].at, &rel32, sizeof rel32);
    }
    return true;
}

/* ---- pages within reach ------------------------------------------------- */

#define REACH ((int64_t)1 << 31)

/* Where the pages' searches start, each going on under where the last one
 * ended, so that the copies lie one after another in build order. */
typedef struct region {
    uint64_t top, last_low;
} region;

#define REGION_ALIGN ((uint64_t)1 << 24)
/* For code that addresses nothing: one place in every build, far from the
 * binary, its heap and the shared objects, and above AddressSanitizer's
 * shadow (which ends under 0x10007fff8000). */
#define FREE_TOP ((uint64_t)1 << 45)

/* Places a search tries before it gives up: 16 MiB of pages. */
#define MOST_TRIES 4096

static region regions[32];
static int nregions;

static region *region_at(uint64_t top) {
    for (int i = 0; i < nregions; i++)
        if (regions[i].top == top)
            return &regions[i];
    if (nregions == (int)(sizeof regions / sizeof regions[0]))
        return NULL;
    regions[nregions] = (region){top, 0};
    return &regions[nregions++];
}

/* The pages at at, if free; NULL if not. MAP_FIXED_NOREPLACE takes no
 * place already in use. */
static uint8_t *map_at(uint64_t at, size_t size) {
    void *m = mmap((void *)(uintptr_t)at, size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    if (m == MAP_FAILED)
        return NULL;
    if ((uint64_t)(uintptr_t)m != at) { /* a kernel before 4.17 took it as a hint */
        munmap(m, size);
        return NULL;
    }
    return m;
}

/* Code that addresses nothing starts at FREE_TOP, code that does 16 MiB
 * under the 16 MiB line below the highest address it reaches, so that two
 * builds (one with an instruction more somewhere) place the same code at
 * the same addresses and an A/B comparison sees the changed code alone. */
uint8_t *sq_pages_near(uint64_t address, const sq_code_fields *f, size_t size) {
    uint64_t low = address, high = address;
    for (int i = 0; i < f->n; i++) {
        low = f->field[i].target < low ? f->field[i].target : low;
        high = f->field[i].target > high ? f->field[i].target : high;
    }
    bool reach = f->n > 0;
    uint64_t top = !reach ? FREE_TOP : (high & ~(REGION_ALIGN - 1)) - REGION_ALIGN;
    region *r = high > 2 * REGION_ALIGN || !reach ? region_at(top) : NULL;
    if (!r)
        return NULL;
    /* A bounded search: a place taken for long (another mapping, a
     * sanitizer's shadow) ends it, and code that addresses nothing then
     * goes wherever the kernel puts it. */
    int tries = 0;
    for (uint64_t at = (r->last_low ? r->last_low : top) - size; at > size && tries < MOST_TRIES;
         at -= size, tries++) {
        if (reach && ((int64_t)(high - at) >= REACH - (int64_t)size))
            break; /* too far under the highest target */
        if (reach && (int64_t)(at + size - low) >= REACH)
            continue; /* too far under the lowest target */
        uint8_t *m = map_at(at, size);
        if (m) {
            r->last_low = at;
            return m;
        }
    }
    if (reach)
        return NULL;
    void *m = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return m == MAP_FAILED ? NULL : m;
}

/* ---- built once --------------------------------------------------------- */

static sq_built *built;
static int nbuilt, capacity;

bool sq_built_keep(const sq_built *b, uint8_t *pages, size_t size) {
    if (nbuilt == capacity) {
        int more = capacity ? 2 * capacity : 64;
        sq_built *grown = realloc(built, sizeof *built * (size_t)more);
        if (!grown) {
            munmap(pages, size);
            return false;
        }
        built = grown;
        capacity = more;
    }
    if (mprotect(pages, size, PROT_READ | PROT_EXEC) != 0) {
        munmap(pages, size);
        return false;
    }
    built[nbuilt++] = *b;
    return true;
}

const sq_built *sq_built_find(const void *source, int form) {
    for (int i = 0; i < nbuilt; i++)
        if (built[i].source == source && built[i].form == form && built[i].head == head)
            return &built[i];
    return NULL;
}

const sq_built *sq_built_at(const void *entry) {
    for (int i = 0; i < nbuilt; i++)
        if (built[i].entry == entry)
            return &built[i];
    return NULL;
}

bool sq_built_origin(uint64_t address, uint64_t *origin) {
    for (int i = 0; i < nbuilt; i++) {
        uint64_t entry = (uint64_t)(uintptr_t)built[i].entry;
        if (built[i].origin && address - entry < built[i].bytes) {
            *origin = (uint64_t)(uintptr_t)built[i].origin + (address - entry);
            return true;
        }
    }
    return false;
}
