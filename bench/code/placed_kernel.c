#include "bench/code/placed_kernel.h"

#include "bench/code/code_pages.h"
#include "bench/code/decoder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define PLACED 0 /* a placed copy's form (sq_built) */

/* Into *field, the field of d's instruction in the function [address,
 * address + size) that the copy must move: a RIP-relative operand or a
 * rel32 branch reaching out of the function (one reaching inside is copied
 * with it); its end 0 where there is none. False with the reason in err
 * where the function cannot be placed. */
static bool field_of(const sq_decoder *d, uint64_t address, size_t size, sq_code_field *field,
                     char *err, size_t errlen) {
    const cs_x86 *x86 = d->insn ? &d->insn->detail->x86 : NULL;
    bool relative = x86 && cs_insn_group(d->cs, d->insn, CS_GRP_BRANCH_RELATIVE);
    *field = (sq_code_field){0};
    if (x86 && cs_insn_group(d->cs, d->insn, CS_GRP_JUMP) && !relative) {
        snprintf(err, errlen, "it jumps through a register or memory at +%#zx", d->at);
        return false;
    }
    for (int k = 0; relative && k < x86->op_count; k++)
        if (x86->operands[k].type == X86_OP_IMM)
            *field = (sq_code_field){d->at + x86->encoding.imm_offset, d->at + d->length,
                                     (uint64_t)x86->operands[k].imm};
    if (!relative && !sq_rip_field(d, field))
        return true;
    if (field->target - address < size) {
        *field = (sq_code_field){0};
        return true;
    }
    if (relative && x86->encoding.imm_size != 4) {
        snprintf(err, errlen, "a rel%d jump out of it (%s at +%#zx)", 8 * x86->encoding.imm_size,
                 d->insn->mnemonic, d->at);
        return false;
    }
    return true;
}

/* The fields of code[0..size) at address; false with the reason in err. */
static bool plan_of(const uint8_t *code, size_t size, uint64_t address, sq_code_fields *f,
                    char *err, size_t errlen) {
    sq_decoder d;
    sq_code_field field;
    if (!sq_decoder_open(&d, code, size, address, err, errlen))
        return false;
    f->n = 0;
    bool ok = true;
    while (ok && sq_decoder_next(&d)) {
        ok = field_of(&d, address, size, &field, err, errlen);
        if (ok && field.end)
            ok = sq_fields_add(f, field, err, errlen);
    }
    if (ok && d.decoded < size) {
        snprintf(err, errlen, "it does not decode past +%#zx", d.decoded);
        ok = false;
    }
    sq_decoder_close(&d);
    return ok;
}

bool sq_place_fits(const uint8_t *code, size_t size, uint64_t address, char *err, size_t errlen) {
    sq_code_fields f;
    return plan_of(code, size, address, &f, err, errlen);
}

sq_kernel_fn sq_placed_find(const void *key) {
    const sq_built *b = sq_built_find(key, PLACED);
    return b ? (sq_kernel_fn)(uintptr_t)b->entry : NULL;
}

/* The copy into pages (bytes of them), at start, int3 around it; false
 * where a field is out of reach. */
static bool put_copy(uint8_t *pages, size_t bytes, size_t start, const uint8_t *code, size_t size,
                     const sq_code_fields *f) {
    memset(pages, 0xcc, bytes); /* int3: never run */
    memcpy(pages + start, code, size);
    return sq_fields_put(pages + start, f);
}

sq_kernel_fn sq_placed_copy(const void *key, const uint8_t *code, size_t size, size_t loop_offset,
                            const char *name, char *err, size_t errlen) {
    sq_kernel_fn have = sq_placed_find(key);
    if (have)
        return have;
    sq_code_fields f;
    uint64_t address = (uint64_t)(uintptr_t)code;
    if (!plan_of(code, size, address, &f, err, errlen))
        return NULL;
    /* where the copy starts for its loop's head to land on the head's offset */
    size_t page = (size_t)sysconf(_SC_PAGESIZE), head = sq_code_head();
    size_t start = (head + page - loop_offset % page) % page;
    size_t bytes = (start + size + page - 1) / page * page;
    uint8_t *pages = sq_pages_near(address, &f, bytes);
    if (!pages || !put_copy(pages, bytes, start, code, size, &f)) {
        if (pages)
            munmap(pages, bytes);
        snprintf(err, errlen, "no page within reach of what it addresses");
        return NULL;
    }
    size_t len = strlen(name) + sizeof " (placed)";
    char *label = malloc(len);
    if (label)
        snprintf(label, len, "%s (placed)", name);
    sq_built b = {key, PLACED, head, pages + start, size, label, code};
    if (!label || !sq_built_keep(&b, pages, bytes)) {
        if (!label)
            munmap(pages, bytes);
        free(label);
        snprintf(err, errlen, "out of memory for its pages");
        return NULL;
    }
    return (sq_kernel_fn)(uintptr_t)(pages + start);
}
