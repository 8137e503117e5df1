#include "bench/code/code_identity.h"

#include "bench/code/decoder.h"
#include "bench/code/disasm.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Zeroes size bytes at offset of the instruction at insn in masked. */
static void zero_field(uint8_t *masked, size_t insn, uint8_t offset, uint8_t size) {
    if (offset && size)
        memset(masked + insn + offset, 0, size);
}

int sq_code_mask(const uint8_t *code, size_t len, uint64_t address, uint8_t *masked) {
    memcpy(masked, code, len);
    sq_decoder d;
    char err[80];
    if (!sq_decoder_open(&d, code, len, address, err, sizeof err))
        return -1;
    int n = 0;
    for (; sq_decoder_next(&d); n++) {
        if (!d.insn) { /* one capstone does not know: a RIP-relative disp32 at most */
            int32_t disp;
            memcpy(&disp, code + d.at + d.rip_disp, sizeof disp);
            if (d.rip_disp && (uint64_t)(d.at + d.length) + (uint64_t)(int64_t)disp >= len)
                zero_field(masked, d.at, (uint8_t)d.rip_disp, 4);
            continue;
        }
        const cs_x86 *x86 = &d.insn->detail->x86;
        uint64_t next = d.insn->address + d.insn->size;
        for (int k = 0; k < x86->op_count; k++) {
            const cs_x86_op *op = &x86->operands[k];
            if (op->type == X86_OP_IMM && cs_insn_group(d.cs, d.insn, CS_GRP_BRANCH_RELATIVE) &&
                (uint64_t)op->imm - address >= len)
                zero_field(masked, d.at, x86->encoding.imm_offset, x86->encoding.imm_size);
            else if (op->type == X86_OP_MEM && op->mem.base == X86_REG_RIP &&
                     next + (uint64_t)op->mem.disp - address >= len)
                zero_field(masked, d.at, x86->encoding.disp_offset, x86->encoding.disp_size);
        }
    }
    sq_decoder_close(&d);
    return d.decoded == len ? n : -1;
}

int sq_code_exits(const uint8_t *code, size_t len, uint64_t address) {
    sq_decoder d;
    char err[80];
    if (!sq_decoder_open(&d, code, len, address, err, sizeof err))
        return -1;
    int n = 0;
    while (sq_decoder_next(&d)) {
        if (!d.insn) /* VEX or EVEX (decoder.h): never a branch */
            continue;
        bool relative = cs_insn_group(d.cs, d.insn, CS_GRP_BRANCH_RELATIVE);
        bool jump =
            cs_insn_group(d.cs, d.insn, CS_GRP_JUMP) || cs_insn_group(d.cs, d.insn, CS_GRP_CALL);
        const cs_x86 *x86 = &d.insn->detail->x86;
        bool out = jump && !relative;
        for (int k = 0; k < x86->op_count && relative; k++)
            out |= x86->operands[k].type == X86_OP_IMM &&
                   (uint64_t)x86->operands[k].imm - address >= len;
        n += out;
    }
    sq_decoder_close(&d);
    return d.decoded == len ? n : -1;
}

/* FNV-1a, 64 bits. */
static uint64_t fnv1a(const uint8_t *p, size_t len) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < len; i++)
        h = (h ^ p[i]) * 0x100000001b3ULL;
    return h;
}

bool sq_code_fact_of_bytes(const uint8_t *code, size_t len, uint64_t address, sq_code_fact *out) {
    uint8_t *masked = len <= INT_MAX ? malloc(len ? len : 1) : NULL;
    int insns = masked ? sq_code_mask(code, len, address, masked) : -1;
    if (insns >= 0)
        *out = (sq_code_fact){out->id, insns, (int)len, fnv1a(masked, len)};
    free(masked);
    return insns >= 0;
}

bool sq_code_fact_of(const sq_variant *v, sq_code_fact *out, char *err, size_t errlen) {
    const uint8_t *code;
    size_t size;
    out->id = v->id;
    if (!sq_routine_bytes(v, &code, &size, err, errlen))
        return false;
    if (!sq_code_fact_of_bytes(code, size, (uint64_t)(uintptr_t)code, out)) {
        snprintf(err, errlen, "%s: capstone cannot decode its %zu bytes to their end", v->id, size);
        return false;
    }
    return true;
}

bool sq_code_same(const sq_code_fact *a, const sq_code_fact *b) {
    return a && b && a->insns == b->insns && a->bytes == b->bytes && a->hash == b->hash;
}

int sq_code_twins(const sq_variant *v, const sq_variant *const *others, int n,
                  const sq_variant **twins, int max) {
    sq_code_fact mine, theirs;
    char err[256];
    if (!sq_code_fact_of(v, &mine, err, sizeof err))
        return -1;
    int found = 0;
    for (int i = 0; i < n && found < max; i++)
        if (others[i] != v && sq_code_fact_of(others[i], &theirs, err, sizeof err) &&
            sq_code_same(&mine, &theirs))
            twins[found++] = others[i];
    return found;
}
