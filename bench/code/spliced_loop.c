#include "bench/code/spliced_loop.h"

#include "bench/code/decoder.h"
#include "bench/code/disasm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* A RIP-relative disp32 of the routine: where it lies, where its
 * instruction ends (what it is relative to) and the address it reaches. */
typedef struct rip_field {
    size_t at, end;
    uint64_t target;
} rip_field;

#define MOST_FIELDS 32

/* What splicing a routine takes: the bytes before its ret, and its
 * RIP-relative fields, to be made relative to where each copy lies. */
typedef struct splice_plan {
    size_t body;
    rip_field field[MOST_FIELDS];
    int nfields;
} splice_plan;

static bool add_field(splice_plan *p, size_t at, size_t end, uint64_t target) {
    if (p->nfields == MOST_FIELDS)
        return false;
    p->field[p->nfields++] = (rip_field){at, end, target};
    return true;
}

/* One instruction capstone knows: a stop (ret), a refusal (err), or its
 * RIP-relative field and the furthest jump target noted. */
static bool plan_insn(sq_decoder *d, uint64_t address, splice_plan *p, uint64_t *furthest,
                      bool *ret, char *err, size_t errlen) {
    const cs_x86 *x86 = &d->insn->detail->x86;
    uint64_t next = d->insn->address + d->insn->size;
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
    for (int k = 0; k < x86->op_count; k++) {
        const cs_x86_op *op = &x86->operands[k];
        if (jump && op->type == X86_OP_IMM) {
            if ((uint64_t)op->imm < address) {
                snprintf(err, errlen, "it jumps out of itself at +%#zx", d->at);
                return false;
            }
            *furthest = (uint64_t)op->imm > *furthest ? (uint64_t)op->imm : *furthest;
        } else if (op->type == X86_OP_MEM && op->mem.base == X86_REG_RIP &&
                   !add_field(p, d->at + x86->encoding.disp_offset, d->at + d->length,
                              next + (uint64_t)op->mem.disp)) {
            snprintf(err, errlen, "it has more than %d RIP-relative operands", MOST_FIELDS);
            return false;
        }
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
        if (d.insn)
            ok = plan_insn(&d, address, p, &furthest, &ret, err, errlen);
        else if (d.rip_disp) { /* VEX or EVEX capstone does not know (decoder.h) */
            int32_t disp;
            memcpy(&disp, code + d.at + d.rip_disp, sizeof disp);
            uint64_t end = address + d.at + d.length;
            ok = add_field(p, d.at + d.rip_disp, d.at + d.length, end + (uint64_t)(int64_t)disp);
            if (!ok)
                snprintf(err, errlen, "it has more than %d RIP-relative operands", MOST_FIELDS);
        }
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

static size_t head = SQ_SPLICE_HEAD; /* the loop's offset in its page */

void sq_splice_shift(int lines) {
    head = SQ_SPLICE_HEAD + 64 * (size_t)(((lines % 32) + 32) % 32);
}

static size_t loop_size(size_t body, int arity) {
    size_t link = sizeof load_a + 1 + sizeof chain + (arity == 2 ? sizeof load_b + 1 : 0) + body;
    return head + SQ_KERNEL_UNROLL * link + sizeof step + 6 + sizeof epilogue;
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
    for (int f = 0; f < p->nfields; f++) {
        int64_t disp =
            (int64_t)(p->field[f].target - (uint64_t)(uintptr_t)(body + p->field[f].end));
        if (disp != (int32_t)disp)
            return false;
        int32_t d32 = (int32_t)disp;
        memcpy(body + p->field[f].at, &d32, sizeof d32);
    }
    *at = body + p->body;
    return true;
}

/* The whole loop into page; false when a target is out of reach. */
static bool put_loop(uint8_t *page, const uint8_t *code, const splice_plan *p, int arity) {
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

/* ---- pages within reach ------------------------------------------------- */

#define REACH ((int64_t)1 << 31)

/* Where the pages' searches start, each going on under where the last one
 * ended, so that the loops lie one after another in build order. */
typedef struct region {
    uint64_t top, last_low;
} region;

#define REGION_ALIGN ((uint64_t)1 << 24)
/* For loops that address nothing: one place in every build, far from the
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

/* Pages of size bytes from which every target of p lies within a disp32.
 * Their place depends on nothing a build moves by a few bytes: a loop that
 * addresses nothing starts at FREE_TOP, one that does 16 MiB under the 16 MiB
 * line below the highest address it reaches, so that two builds (one with an
 * instruction more somewhere) place the same loops at the same addresses
 * and an A/B comparison sees the changed code alone. MAP_FIXED_NOREPLACE
 * takes no place already in use; NULL where none is within reach. */
static uint8_t *pages_near(uint64_t routine, const splice_plan *p, size_t size) {
    uint64_t low = routine, high = routine;
    for (int f = 0; f < p->nfields; f++) {
        low = p->field[f].target < low ? p->field[f].target : low;
        high = p->field[f].target > high ? p->field[f].target : high;
    }
    bool reach = p->nfields > 0;
    uint64_t top = !reach ? FREE_TOP : (high & ~(REGION_ALIGN - 1)) - REGION_ALIGN;
    region *r = high > 2 * REGION_ALIGN || !reach ? region_at(top) : NULL;
    if (!r)
        return NULL;
    /* A bounded search: a place taken for long (another mapping, a
     * sanitizer's shadow) ends it, and a loop that addresses nothing then
     * goes wherever the kernel puts it. */
    int tries = 0;
    for (uint64_t at = (r->last_low ? r->last_low : top) - size; at > size && tries < MOST_TRIES;
         at -= size, tries++) {
        if (reach && ((int64_t)(high - at) >= REACH - (int64_t)size))
            break; /* too far under the highest target */
        if (reach && (int64_t)(at + size - low) >= REACH)
            continue; /* too far under the lowest target */
        void *m = mmap((void *)(uintptr_t)at, size, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
        if (m == MAP_FAILED)
            continue;
        if ((uint64_t)(uintptr_t)m != at) { /* a kernel before 4.17 took it as a hint */
            munmap(m, size);
            continue;
        }
        r->last_low = at;
        return m;
    }
    if (reach)
        return NULL;
    void *m = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return m == MAP_FAILED ? NULL : m;
}

/* ---- built once --------------------------------------------------------- */

typedef struct spliced {
    const void *routine; /* the routine's first byte, or identity */
    int arity;
    size_t head; /* the loop's offset in its page when built */
    uint8_t *loop;
    size_t used, size; /* the loop's bytes, to its ret; the pages' */
} spliced;

static spliced *built;
static int nbuilt, capacity;

static const spliced *find_built(const void *routine, int arity) {
    for (int i = 0; i < nbuilt; i++)
        if (built[i].routine == routine && built[i].arity == arity && built[i].head == head)
            return &built[i];
    return NULL;
}

/* The loop around code[0..size) (the routine at its place) for arity, built
 * now or before; NULL with the reason in err. */
static sq_kernel_fn splice(const uint8_t *code, size_t size, int arity, char *err, size_t errlen) {
    const spliced *have = find_built(code, arity);
    if (have)
        return (sq_kernel_fn)(uintptr_t)have->loop;
    splice_plan p;
    uint64_t address = (uint64_t)(uintptr_t)code;
    if (!plan_of(code, size, address, &p, err, errlen))
        return NULL;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t bytes = (loop_size(p.body, arity) + page - 1) / page * page;
    uint8_t *loop = pages_near(address, &p, bytes);
    if (!loop || !put_loop(loop, code, &p, arity) || mprotect(loop, bytes, PROT_READ | PROT_EXEC)) {
        if (loop)
            munmap(loop, bytes);
        snprintf(err, errlen, "no page within reach of what it addresses");
        return NULL;
    }
    if (nbuilt == capacity) {
        int more = capacity ? 2 * capacity : 64;
        spliced *grown = realloc(built, sizeof *built * (size_t)more);
        if (!grown) {
            munmap(loop, bytes);
            snprintf(err, errlen, "out of memory");
            return NULL;
        }
        built = grown;
        capacity = more;
    }
    built[nbuilt++] = (spliced){code, arity, head, loop, loop_size(p.body, arity), bytes};
    return (sq_kernel_fn)(uintptr_t)loop;
}

sq_kernel_fn sq_spliced_latency(const sq_variant *v, char *err, size_t errlen) {
    /* built before: the routine starts at its function pointer
     * (sq_routine_bytes), found without reading the symbols again */
    const spliced *have = find_built((const void *)(uintptr_t)v->fn.any, v->family->arity);
    if (have)
        return (sq_kernel_fn)(uintptr_t)have->loop;
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

bool sq_spliced_bytes(const void *fn, const uint8_t **code, size_t *size) {
    for (int i = 0; i < nbuilt; i++)
        if (built[i].loop == fn) {
            *code = built[i].loop;
            *size = built[i].used;
            return true;
        }
    return false;
}
