#include "bench/code/code_identity.h"

#include "bench/code/disasm.h"

#include <capstone/capstone.h>
#include <stdio.h>
#include <string.h>

/* Zeroes size bytes at offset of the instruction at insn in masked. */
static void zero_field(uint8_t *masked, size_t insn, uint8_t offset, uint8_t size) {
    if (offset && size)
        memset(masked + insn + offset, 0, size);
}

int sq_code_mask(const uint8_t *code, size_t len, uint64_t address, uint8_t *masked) {
    memcpy(masked, code, len);
    csh cs;
    if (cs_open(CS_ARCH_X86, CS_MODE_64, &cs) != CS_ERR_OK)
        return -1;
    cs_option(cs, CS_OPT_DETAIL, CS_OPT_ON);
    cs_insn *insn;
    size_t n = cs_disasm(cs, code, len, address, 0, &insn), decoded = 0;
    for (size_t i = 0; i < n; i++) {
        const cs_x86 *x86 = &insn[i].detail->x86;
        size_t at = (size_t)(insn[i].address - address);
        uint64_t next = insn[i].address + insn[i].size;
        decoded += insn[i].size;
        for (int k = 0; k < x86->op_count; k++) {
            const cs_x86_op *op = &x86->operands[k];
            if (op->type == X86_OP_IMM && cs_insn_group(cs, &insn[i], CS_GRP_BRANCH_RELATIVE) &&
                (uint64_t)op->imm - address >= len)
                zero_field(masked, at, x86->encoding.imm_offset, x86->encoding.imm_size);
            else if (op->type == X86_OP_MEM && op->mem.base == X86_REG_RIP &&
                     next + (uint64_t)op->mem.disp - address >= len)
                zero_field(masked, at, x86->encoding.disp_offset, x86->encoding.disp_size);
        }
    }
    if (n)
        cs_free(insn, n);
    cs_close(&cs);
    return decoded == len ? (int)n : -1;
}

/* FNV-1a, 64 bits. */
static uint64_t fnv1a(const uint8_t *p, size_t len) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < len; i++)
        h = (h ^ p[i]) * 0x100000001b3ULL;
    return h;
}

bool sq_code_fact_of_bytes(const uint8_t *code, size_t len, uint64_t address, sq_code_fact *out) {
    uint8_t masked[4096];
    if (len > sizeof masked)
        return false;
    int insns = sq_code_mask(code, len, address, masked);
    if (insns < 0)
        return false;
    *out = (sq_code_fact){out->id, insns, (int)len, fnv1a(masked, len)};
    return true;
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
