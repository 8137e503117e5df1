#include "bench/code/chain.h"

#include "bench/code/decoder.h"
#include "bench/code/disasm.h"
#include "bench/code/insn_form.h"
#include "bench/code/timed_loop.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Registers as the chain sees them: the 16 general ones by their 64-bit
 * name, the flags, and the 32 vector ones. */
enum { GPRS = 16, FLAGS = GPRS, VECTORS = GPRS + 1, SLOTS = VECTORS + 32, NONE = -1 };

static const char *const gpr_names[GPRS] = {"ax", "bx", "cx", "dx", "si", "di", "bp", "sp"};

/* The slot of capstone's register name, and whether a write to it keeps the
 * rest of its register (8 and 16 bits do; 32 bits zero the upper half). */
static int slot_of(const char *name, bool *partial) {
    size_t len = strlen(name);
    *partial = false;
    if (strcmp(name, "rflags") == 0 || strcmp(name, "eflags") == 0)
        return FLAGS;
    if (len >= 4 && name[1] == 'm' && name[2] == 'm' && strchr("xyz", name[0]))
        return VECTORS + atoi(name + 3);
    if (name[0] == 'r' && name[1] >= '0' && name[1] <= '9') { /* r8 .. r15[bwd] */
        char suffix = name[len - 1];
        *partial = suffix == 'b' || suffix == 'w';
        return atoi(name + 1);
    }
    for (int i = 0; i < 8; i++) {
        const char *g = gpr_names[i];
        if (len == 3 && (name[0] == 'r' || name[0] == 'e') && strcmp(name + 1, g) == 0)
            return i;
        if (len == 2 && strcmp(name, g) == 0) { /* ax, si ... */
            *partial = true;
            return i;
        }
        /* al, ah, bl, cl, dl; sil, dil, bpl, spl */
        if ((len == 2 && name[0] == g[0] && g[1] == 'x' && (name[1] == 'l' || name[1] == 'h')) ||
            (len == 3 && name[2] == 'l' && strncmp(name, g, 2) == 0)) {
            *partial = true;
            return i;
        }
    }
    return NONE;
}

/* An instruction as the chain sees it: the slots it reads (an 8- or 16-bit
 * write merges with the register's old value: a read too), the slots it
 * writes, and whether it counts. */
typedef struct step {
    uint64_t reads, writes;
    int cost;
    bool move;               /* a register copy of any width (mov, movzx, movsx) */
    char form[SQ_FORM_TEXT]; /* insn_form.h */
} step;

/* code[0..size) straight through, to its first ret or to a jump that ends
 * it: into steps[] (at most max), their count; -1 where the path cannot be
 * told: a jump before the end, an instruction capstone does not know, or
 * more than max. */
static int decode(const uint8_t *code, size_t size, uint64_t address, step *steps, int max) {
    sq_decoder d;
    char err[200];
    if (!sq_decoder_open(&d, code, size, address, err, sizeof err))
        return -1;
    int n = 0;
    while (sq_decoder_next(&d)) {
        const cs_insn *insn = d.insn;
        if (!insn || n == max) {
            n = -1;
            break;
        }
        if (strcmp(insn->mnemonic, "ret") == 0)
            break;
        if (cs_insn_group(d.cs, insn, CS_GRP_JUMP)) {
            /* A loop's jump back ends it; any other makes the path a matter
             * of the data. */
            if (d.decoded != size)
                n = -1;
            break;
        }
        cs_regs read, written;
        uint8_t nread = 0, nwritten = 0;
        if (cs_regs_access(d.cs, insn, read, &nread, written, &nwritten) != CS_ERR_OK) {
            n = -1;
            break;
        }
        step st = {0, 0, sq_renamed_move(insn) ? 0 : 1, false, ""};
        sq_insn_form(insn, st.form, sizeof st.form);
        st.move = sq_register_copy(insn);
        bool partial;
        for (int i = 0; i < nread && !sq_zero_idiom(insn); i++) {
            int s = slot_of(cs_reg_name(d.cs, read[i]), &partial);
            if (s != NONE)
                st.reads |= 1ull << s;
        }
        for (int i = 0; i < nwritten; i++) {
            int s = slot_of(cs_reg_name(d.cs, written[i]), &partial);
            if (s == NONE)
                continue;
            st.writes |= 1ull << s;
            if (partial)
                st.reads |= 1ull << s;
        }
        steps[n++] = st;
    }
    sq_decoder_close(&d);
    return n;
}

/* depth[s]: the counted instructions on the longest path from slot from to
 * slot s's value after steps[0..n), -1 off it. */
static void walk(const step *steps, int n, int from, int depth[SLOTS]) {
    for (int s = 0; s < SLOTS; s++)
        depth[s] = -1;
    depth[from] = 0;
    for (int k = 0; k < n; k++) {
        int in = -1;
        for (uint64_t m = steps[k].reads; m; m &= m - 1) {
            int s = __builtin_ctzll(m);
            if (depth[s] > in)
                in = depth[s];
        }
        for (uint64_t m = steps[k].writes; m; m &= m - 1)
            depth[__builtin_ctzll(m)] = in < 0 ? -1 : in + steps[k].cost;
    }
}

enum { RAX = 0, RDI = 5, MAX_STEPS = 1024 };

int sq_chain_insns(const uint8_t *code, size_t size, uint64_t address) {
    step steps[64];
    int depth[SLOTS], n = decode(code, size, address, steps, 64);
    if (n < 0)
        return -1;
    walk(steps, n, RDI, depth);
    return depth[RAX];
}

int sq_loop_chain_insns(const uint8_t *code, size_t size, uint64_t address) {
    step *steps = malloc(sizeof *steps * MAX_STEPS);
    int n = steps ? decode(code, size, address, steps, MAX_STEPS) : -1, longest = -1;
    for (int r = 0; r < GPRS && n >= 0; r++) {
        int depth[SLOTS];
        walk(steps, n, r, depth);
        if (depth[r] > longest)
            longest = depth[r];
    }
    free(steps);
    return n < 0 ? -1 : longest;
}

int sq_routine_chain(const sq_variant *v) {
    const uint8_t *code;
    size_t size;
    char err[400];
    if (!sq_routine_bytes(v, &code, &size, err, sizeof err))
        return -1;
    return sq_chain_insns(code, size, (uint64_t)(uintptr_t)code);
}

int sq_latency_loop_chain(const sq_variant *v) {
    sq_timed_loop loop;
    char err[600];
    if (!sq_kernel_loop(v, SQ_KERNEL_LATENCY, false, &loop, err, sizeof err))
        return -1;
    int n = sq_loop_chain_insns(loop.code, loop.bytes, loop.address);
    sq_timed_loop_free(&loop);
    return n;
}

/* The cheapest a step can be: its form's measured latency where costs has
 * it, else 1 for an instruction that computes and 0 for a register copy
 * (a core may eliminate movzx as it does mov) or a zero idiom (no cost). */
static double floor_cost(const step *st, const sq_form_cost *costs, int ncosts) {
    for (int i = 0; i < ncosts; i++)
        if (strcmp(costs[i].form, st->form) == 0)
            return costs[i].cycles;
    return st->cost && !st->move ? 1 : 0;
}

double sq_chain_floor(const uint8_t *code, size_t size, uint64_t address, const sq_form_cost *costs,
                      int ncosts) {
    step steps[64];
    double depth[SLOTS];
    int n = decode(code, size, address, steps, 64);
    if (n < 0)
        return NAN;
    for (int s = 0; s < SLOTS; s++)
        depth[s] = -1;
    depth[RDI] = 0;
    for (int k = 0; k < n; k++) {
        double in = -1;
        for (uint64_t m = steps[k].reads; m; m &= m - 1)
            in = fmax(in, depth[__builtin_ctzll(m)]);
        double out = in < 0 ? -1 : in + floor_cost(&steps[k], costs, ncosts);
        for (uint64_t m = steps[k].writes; m; m &= m - 1)
            depth[__builtin_ctzll(m)] = out;
    }
    return depth[RAX] < 0 ? NAN : depth[RAX];
}

double sq_routine_floor(const sq_variant *v, const sq_form_cost *costs, int ncosts) {
    const uint8_t *code;
    size_t size;
    char err[400];
    if (!sq_routine_bytes(v, &code, &size, err, sizeof err))
        return NAN;
    return sq_chain_floor(code, size, (uint64_t)(uintptr_t)code, costs, ncosts);
}
