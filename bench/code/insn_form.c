#include "bench/code/insn_form.h"

#include "bench/code/decoder.h"

#include <stdio.h>
#include <string.h>

/* A shift or rotate, whose count in cl is a register of its own: a form
 * with "cl" is not one with "r8". */
static bool shifts(const cs_insn *insn) {
    static const char *const names[] = {"shl", "sal", "shr", "sar",  "rol",
                                        "ror", "rcl", "rcr", "shld", "shrd"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strcmp(insn->mnemonic, names[i]) == 0)
            return true;
    return false;
}

/* A register by its kind and width: "r32", "xmm", "k". */
static const char *register_form(const cs_x86_op *op) {
    if (op->reg >= X86_REG_K0 && op->reg <= X86_REG_K7)
        return "k";
    if (op->reg >= X86_REG_MM0 && op->reg <= X86_REG_MM7)
        return "mm";
    switch (op->size) {
    case 1:
        return "r8";
    case 2:
        return "r16";
    case 4:
        return "r32";
    case 8:
        return "r64";
    case 16:
        return "xmm";
    case 32:
        return "ymm";
    case 64:
        return "zmm";
    default:
        return "reg";
    }
}

static const char *memory_size(int bytes) {
    switch (bytes) {
    case 1:
        return "byte";
    case 2:
        return "word";
    case 4:
        return "dword";
    case 8:
        return "qword";
    case 16:
        return "xmmword";
    case 32:
        return "ymmword";
    case 64:
        return "zmmword";
    default:
        return "mem";
    }
}

/* A memory operand: "[r + r*8 + disp]", its size first unless lea. */
static void memory_form(const cs_insn *insn, const cs_x86_op *op, char *buf, size_t len) {
    const x86_op_mem *m = &op->mem;
    bool lea = strcmp(insn->mnemonic, "lea") == 0;
    size_t n = 0;
    n += (size_t)snprintf(buf + n, len - n, "%s%s", lea ? "" : memory_size(op->size),
                          lea ? "[" : " [");
    const char *sep = "";
    if (m->segment != X86_REG_INVALID && n < len)
        n += (size_t)snprintf(buf + n, len - n, "seg:");
    if (m->base != X86_REG_INVALID && n < len) {
        n += (size_t)snprintf(buf + n, len - n, "%s", m->base == X86_REG_RIP ? "rip" : "r");
        sep = " + ";
    }
    if (m->index != X86_REG_INVALID && n < len) {
        n += (size_t)snprintf(buf + n, len - n, "%sr", sep);
        if (m->scale != 1 && n < len)
            n += (size_t)snprintf(buf + n, len - n, "*%d", m->scale);
        sep = " + ";
    }
    if ((m->disp || !*sep) && n < len)
        n += (size_t)snprintf(buf + n, len - n, "%sdisp", sep);
    if (n < len)
        snprintf(buf + n, len - n, "]");
}

void sq_insn_form(const cs_insn *insn, char *buf, size_t len) {
    const cs_x86 *x = &insn->detail->x86;
    size_t n = (size_t)snprintf(buf, len, "%s", insn->mnemonic);
    for (int i = 0; i < x->op_count && n < len; i++) {
        const cs_x86_op *op = &x->operands[i];
        char operand[SQ_FORM_TEXT];
        if (op->type == X86_OP_REG && op->reg == X86_REG_CL && shifts(insn))
            snprintf(operand, sizeof operand, "cl");
        else if (op->type == X86_OP_REG)
            snprintf(operand, sizeof operand, "%s", register_form(op));
        else if (op->type == X86_OP_IMM)
            snprintf(operand, sizeof operand, "imm");
        else if (op->type == X86_OP_MEM)
            memory_form(insn, op, operand, sizeof operand);
        else
            snprintf(operand, sizeof operand, "?");
        n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? ", " : " ", operand);
    }
}

bool sq_zero_idiom(const cs_insn *insn) {
    const cs_x86 *x = &insn->detail->x86;
    static const char *const idioms[] = {"xor", "sub", "pxor", "vpxor", "xorps", "vxorps"};
    bool named = false;
    for (size_t i = 0; i < sizeof idioms / sizeof *idioms; i++)
        named |= strcmp(insn->mnemonic, idioms[i]) == 0;
    if (!named || x->op_count < 2)
        return false;
    for (int i = 1; i < x->op_count; i++)
        if (x->operands[i].type != X86_OP_REG || x->operands[i].reg != x->operands[0].reg)
            return false;
    return x->operands[0].type == X86_OP_REG;
}

bool sq_renamed_move(const cs_insn *insn) {
    const cs_x86 *x = &insn->detail->x86;
    return strcmp(insn->mnemonic, "mov") == 0 && x->op_count == 2 &&
           x->operands[0].type == X86_OP_REG && x->operands[1].type == X86_OP_REG &&
           x->operands[0].size >= 4 && x->operands[0].size == x->operands[1].size;
}

bool sq_register_copy(const cs_insn *insn) {
    const cs_x86 *x = &insn->detail->x86;
    const char *m = insn->mnemonic;
    return (strcmp(m, "mov") == 0 || strcmp(m, "movzx") == 0 || strcmp(m, "movsx") == 0 ||
            strcmp(m, "movsxd") == 0) &&
           x->op_count == 2 && x->operands[0].type == X86_OP_REG &&
           x->operands[1].type == X86_OP_REG;
}

int sq_code_forms(const uint8_t *code, size_t size, uint64_t address, int max_insns, bool glue,
                  char (*forms)[SQ_FORM_TEXT], int max, char *err, size_t errlen) {
    sq_decoder d;
    if (!sq_decoder_open(&d, code, size, address, err, errlen))
        return -1;
    int n = 0;
    for (int k = 0; k < max_insns && n >= 0 && sq_decoder_next(&d); k++) {
        if (!d.insn) {
            snprintf(err, errlen, "an instruction capstone does not know at +0x%zx", d.at);
            n = -1;
            break;
        }
        if (!glue && (sq_zero_idiom(d.insn) || sq_renamed_move(d.insn)))
            continue;
        char form[SQ_FORM_TEXT];
        sq_insn_form(d.insn, form, sizeof form);
        bool seen = false;
        for (int i = 0; i < n && !seen; i++)
            seen = strcmp(forms[i], form) == 0;
        if (seen)
            continue;
        if (n == max) {
            snprintf(err, errlen, "more than %d instruction forms", max);
            n = -1;
            break;
        }
        memcpy(forms[n++], form, sizeof form);
    }
    sq_decoder_close(&d);
    return n;
}
