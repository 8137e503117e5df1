#include "bench/code/decoder.h"

#include "bench/code/capstone_loader.h"

#include <stdio.h>

bool sq_decoder_open(sq_decoder *d, const uint8_t *code, size_t size, uint64_t address, char *err,
                     size_t errlen) {
    *d = (sq_decoder){.code = code, .size = size, .address = address};
    if (!sq_capstone_load(err, errlen))
        return false;
    if (cs_open(CS_ARCH_X86, CS_MODE_64, &d->cs) != CS_ERR_OK) {
        snprintf(err, errlen, "capstone: cannot open an x86-64 decoder");
        return false;
    }
    cs_option(d->cs, CS_OPT_SYNTAX, CS_OPT_SYNTAX_INTEL);
    cs_option(d->cs, CS_OPT_DETAIL, CS_OPT_ON);
    d->buffer = cs_malloc(d->cs);
    if (!d->buffer) {
        cs_close(&d->cs);
        snprintf(err, errlen, "capstone: out of memory");
        return false;
    }
    return true;
}

bool sq_decoder_next(sq_decoder *d) {
    const uint8_t *p = d->code + d->decoded;
    size_t left = d->size - d->decoded;
    uint64_t address = d->address + d->decoded;
    if (!left)
        return false;
    d->at = d->decoded;
    d->rip_disp = 0;
    d->memory = 0;
    if (cs_disasm_iter(d->cs, &p, &left, &address, d->buffer)) {
        d->insn = d->buffer;
        d->length = d->buffer->size;
    } else {
        d->insn = NULL;
        d->length =
            sq_vector_insn_length(d->code + d->at, d->size - d->at, &d->rip_disp, &d->memory);
        if (!d->length)
            return false;
    }
    d->decoded += d->length;
    return true;
}

void sq_decoder_close(sq_decoder *d) {
    cs_free(d->buffer, 1);
    cs_close(&d->cs);
}

/* Whether an instruction of map (1: 0F, 2: 0F38, 3: 0F3A) and opcode has an
 * imm8: every one of 0F3A, and in 0F the shuffles, shifts by an immediate,
 * compares, pinsrw and pextrw. */
static bool has_imm8(int map, uint8_t opcode) {
    return map == 3 || (map == 1 && ((opcode >= 0x70 && opcode <= 0x73) || opcode == 0xc2 ||
                                     opcode == 0xc4 || opcode == 0xc5 || opcode == 0xc6));
}

size_t sq_vector_insn_length(const uint8_t *p, size_t avail, size_t *rip_disp, int *memory) {
    size_t i = 0, at;
    int map, imm, width;
    *rip_disp = 0;
    *memory = 0;
    /* Segment and address-size prefixes may come first. */
    while (i < avail && i < 4 &&
           (p[i] == 0x26 || p[i] == 0x2e || p[i] == 0x36 || p[i] == 0x3e || p[i] == 0x64 ||
            p[i] == 0x65 || p[i] == 0x67))
        i++;
    if (i + 2 >= avail)
        return 0;
    switch (p[i]) {
    case 0xc5: /* VEX, 2 bytes: map 0F */
        map = 1;
        at = i + 2;
        width = p[i + 1] & 4 ? 32 : 16;
        break;
    case 0xc4: /* VEX, 3 bytes: maps 1-3 */
    case 0x8f: /* XOP, 3 bytes: maps 8-10 (below 8, 8f is pop) */
        map = p[i + 1] & 0x1f;
        at = i + 3;
        width = p[i + 2] & 4 ? 32 : 16;
        if (p[i] == 0xc4 ? map < 1 || map > 3 : map < 8 || map > 10)
            return 0;
        break;
    case 0x62: /* EVEX, 4 bytes */
        map = p[i + 1] & 0x7;
        at = i + 4;
        width = 16 << ((p[i + 3] >> 5) & 3); /* L'L */
        if (map == 0 || map == 4 || map == 7)
            return 0;
        break;
    default:
        return 0;
    }
    if (at >= avail)
        return 0;
    uint8_t opcode = p[at++];
    if (p[i] != 0x62 && p[i] != 0x8f && map == 1 && opcode == 0x77)
        return at; /* vzeroupper, vzeroall: no ModRM */
    if (p[i] == 0x8f)
        imm = map == 8 ? 1 : map == 10 ? 4 : 0;
    else
        imm = has_imm8(map, opcode);
    if (at >= avail)
        return 0;
    uint8_t modrm = p[at++];
    int mod = modrm >> 6, rm = modrm & 7;
    if (mod != 3 && rm == 4) {
        if (at >= avail)
            return 0;
        if (mod == 0 && (p[at] & 7) == 5)
            at += 4; /* a SIB without base: disp32 */
        at++;
    } else if (mod == 0 && rm == 5) {
        *rip_disp = at;
        at += 4;
    }
    at += mod == 1 ? 1 : mod == 2 ? 4 : 0;
    at += (size_t)imm;
    if (at > avail) {
        *rip_disp = 0;
        return 0;
    }
    *memory = mod != 3 ? width : 0;
    return at;
}
