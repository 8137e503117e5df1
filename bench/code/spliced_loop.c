#include "bench/code/spliced_loop.h"

#include "bench/code/code_pages.h"
#include "bench/code/decoder.h"
#include "bench/code/disasm.h"

#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* What splicing a routine takes: the bytes before its ret, and its
 * RIP-relative fields, to be made relative to where each copy lies. */
typedef struct splice_plan {
    size_t body;
    sq_code_fields fields;
} splice_plan;

/* One instruction capstone knows: a stop (ret), a refusal (err), or the
 * furthest jump target noted. */
static bool plan_insn(sq_decoder *d, uint64_t address, uint64_t *furthest, bool *ret, char *err,
                      size_t errlen) {
    const cs_x86 *x86 = &d->insn->detail->x86;
    if (cs_insn_group(d->cs, d->insn, CS_GRP_RET)) {
        *ret = true;
        return true;
    }
    if (cs_insn_group(d->cs, d->insn, CS_GRP_CALL) || cs_insn_group(d->cs, d->insn, CS_GRP_INT)) {
        snprintf(err, errlen, "it calls out (%s at +%#zx)", d->insn->mnemonic, d->at);
        return false;
    }
    bool jump = cs_insn_group(d->cs, d->insn, CS_GRP_JUMP);
    if (jump && !cs_insn_group(d->cs, d->insn, CS_GRP_BRANCH_RELATIVE)) {
        snprintf(err, errlen, "it jumps through a register or memory at +%#zx", d->at);
        return false;
    }
    for (int k = 0; jump && k < x86->op_count; k++)
        if (x86->operands[k].type == X86_OP_IMM) {
            uint64_t target = (uint64_t)x86->operands[k].imm;
            if (target < address) {
                snprintf(err, errlen, "it jumps out of itself at +%#zx", d->at);
                return false;
            }
            *furthest = target > *furthest ? target : *furthest;
        }
    return true;
}

/* The plan of code[0..size) at address; false with the reason in err. */
static bool plan_of(const uint8_t *code, size_t size, uint64_t address, splice_plan *p, char *err,
                    size_t errlen) {
    sq_decoder d;
    if (!sq_decoder_open(&d, code, size, address, err, errlen))
        return false;
    *p = (splice_plan){0};
    uint64_t furthest = address;
    bool ok = true, ret = false;
    while (ok && !ret && sq_decoder_next(&d)) {
        sq_code_field rip;
        ok = !d.insn || plan_insn(&d, address, &furthest, &ret, err, errlen);
        if (ok && !ret && sq_rip_field(&d, &rip))
            ok = sq_fields_add(&p->fields, rip, err, errlen);
        p->body = d.at;
    }
    sq_decoder_close(&d);
    if (ok && !ret)
        snprintf(err, errlen, "no ret decodes in its %zu bytes", size);
    else if (ok && furthest > address + p->body)
        snprintf(err, errlen, "code after its ret runs (a jump to +%#llx)",
                 (unsigned long long)(furthest - address));
    return ok && ret && furthest <= address + p->body;
}

bool sq_splice_fits(const uint8_t *code, size_t size, uint64_t address, char *err, size_t errlen) {
    splice_plan p;
    return plan_of(code, size, address, &p, err, errlen);
}

/* ---- the loop ------------------------------------------------------------- */

/* The harness's bytes; the comments give what each register holds. */
static const uint8_t prologue[] = {
    0x53,                   /* push rbx: four pushes keep rsp as a call leaves it */
    0x55,                   /* push rbp */
    0x41, 0x54,             /* push r12 */
    0x41, 0x55,             /* push r13 */
    0x4c, 0x8d, 0x24, 0x17, /* lea  r12, [rdi + rdx]   ; a + n */
    0x4c, 0x8d, 0x2c, 0x16, /* lea  r13, [rsi + rdx]   ; b + n */
    0x48, 0x89, 0xd3,       /* mov  rbx, rdx */
    0x48, 0xf7, 0xdb,       /* neg  rbx                ; i - n, up to 0 */
    0x31, 0xc0,             /* xor  eax, eax           ; r = 0 */
};
static const uint8_t load_a[] = {0x41, 0x0f, 0xb6, 0x7c, 0x1c};     /* movzx edi, [r12+rbx+k] */
static const uint8_t chain[] = {0x31, 0xc7};                        /* xor edi, eax: a[i] ^ r */
static const uint8_t load_b[] = {0x41, 0x0f, 0xb6, 0x74, 0x1d};     /* movzx esi, [r13+rbx+k] */
static const uint8_t step[] = {0x48, 0x83, 0xc3, SQ_KERNEL_UNROLL}; /* add rbx, UNROLL */
static const uint8_t epilogue[] = {
    0x89, 0xc0, /* mov eax, eax: the last r */
    0x41, 0x5d, /* pop r13 */
    0x41, 0x5c, /* pop r12 */
    0x5d,       /* pop rbp */
    0x5b,       /* pop rbx */
    0xc3,       /* ret */
};
/* The harness's identity body: the baseline's. */
static const uint8_t identity[] = {0x89, 0xf8, 0xc3}; /* mov eax, edi; ret */

static size_t loop_size(size_t body, int arity) {
    size_t link = sizeof load_a + 1 + sizeof chain + (arity == 2 ? sizeof load_b + 1 : 0) + body;
    return sq_code_head() + SQ_KERNEL_UNROLL * link + sizeof step + 6 + sizeof epilogue;
}

static uint8_t *put(uint8_t *at, const void *bytes, size_t n) {
    memcpy(at, bytes, n);
    return at + n;
}

/* One link: the loads, the chain's xor, the body with its fields made
 * relative to this copy. False when a field's target is out of reach. */
static bool put_link(uint8_t **at, const uint8_t *code, const splice_plan *p, int arity, int k) {
    uint8_t *o = put(*at, load_a, sizeof load_a);
    *o++ = (uint8_t)k;
    o = put(o, chain, sizeof chain);
    if (arity == 2) {
        o = put(o, load_b, sizeof load_b);
        *o++ = (uint8_t)k;
    }
    uint8_t *body = put(o, code, p->body) - p->body;
    *at = body + p->body;
    return sq_fields_put(body, &p->fields);
}

/* The whole loop into page; false when a target is out of reach. */
static bool put_loop(uint8_t *page, const uint8_t *code, const splice_plan *p, int arity) {
    size_t head = sq_code_head();
    uint8_t *o = put(page, prologue, sizeof prologue);
    int32_t to_head = (int32_t)(head - (size_t)(o + 5 - page));
    *o++ = 0xe9; /* jmp head */
    o = put(o, &to_head, sizeof to_head);
    memset(o, 0xcc, (size_t)(page + head - o)); /* int3: never run */
    o = page + head;
    for (int k = 0; k < SQ_KERNEL_UNROLL; k++)
        if (!put_link(&o, code, p, arity, k))
            return false;
    o = put(o, step, sizeof step);
    int32_t back = (int32_t)(page + head - (o + 6));
    *o++ = 0x0f; /* jnz head */
    *o++ = 0x85;
    o = put(o, &back, sizeof back);
    put(o, epilogue, sizeof epilogue);
    return true;
}

/* ---- built once --------------------------------------------------------- */

/* The loop around code[0..size) (the routine at its place) for arity, built
 * now or before; NULL with the reason in err. */
static sq_kernel_fn splice(const uint8_t *code, size_t size, int arity, char *err, size_t errlen) {
    const sq_built *have = sq_built_find(code, arity);
    if (have)
        return (sq_kernel_fn)(uintptr_t)have->entry;
    splice_plan p;
    uint64_t address = (uint64_t)(uintptr_t)code;
    if (!plan_of(code, size, address, &p, err, errlen))
        return NULL;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t used = loop_size(p.body, arity), bytes = (used + page - 1) / page * page;
    uint8_t *loop = sq_pages_near(address, &p.fields, bytes);
    if (!loop || !put_loop(loop, code, &p, arity)) {
        if (loop)
            munmap(loop, bytes);
        snprintf(err, errlen, "no page within reach of what it addresses");
        return NULL;
    }
    sq_built b = {code, arity, sq_code_head(), loop, used, "the spliced latency loop", NULL};
    if (!sq_built_keep(&b, loop, bytes)) {
        snprintf(err, errlen, "out of memory for its pages");
        return NULL;
    }
    return (sq_kernel_fn)(uintptr_t)loop;
}

sq_kernel_fn sq_spliced_latency(const sq_variant *v, char *err, size_t errlen) {
    /* built before: the routine starts at its function pointer
     * (sq_routine_bytes), found without reading the symbols again */
    const sq_built *have = sq_built_find((const void *)(uintptr_t)v->fn.any, v->family->arity);
    if (have)
        return (sq_kernel_fn)(uintptr_t)have->entry;
    const uint8_t *code;
    size_t size;
    char why[300];
    if (!sq_routine_bytes(v, &code, &size, why, sizeof why)) {
        snprintf(err, errlen, "%s", why);
        return NULL;
    }
    sq_kernel_fn k = splice(code, size, v->family->arity, why, sizeof why);
    if (!k)
        snprintf(err, errlen, "%s cannot be spliced into the latency loop: %s", v->id, why);
    return k;
}

sq_kernel_fn sq_spliced_baseline(int arity, char *err, size_t errlen) {
    return splice(identity, sizeof identity, arity, err, errlen);
}
