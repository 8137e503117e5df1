#include "bench/code/timed_loop.h"

#include "bench/code/code_pages.h"
#include "bench/code/placed_kernel.h"
#include "bench/code/spliced_loop.h"

#include "bench/catalog/batch_registry.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

bool sq_loop_branches(const sq_timed_loop *loop, int mode, int arity) {
    int own = 1 + (mode == SQ_KERNEL_BRANCH ? loop->byte_reads / (arity > 1 ? arity : 1) : 0);
    return loop->conditionals > own;
}

/* The index of the instruction at offset in insns[0..n) (ordered), or -1. */
static int insn_at(const sq_insn *insns, int n, size_t offset) {
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (insns[mid].offset == offset)
            return mid;
        if (insns[mid].offset < offset)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

/* A loop as instruction indices: head .. last (the closing jump). */
typedef struct span {
    int head, last;
} span;

/* The loop headed by instruction head: up to the furthest jump back to it
 * that head reaches, following fall-through and jumps, within
 * insns[head..limit]. reached (n flags) is scratch. last = -1 if none. */
static span loop_from(const sq_insn *insns, int n, uint64_t address, int head, int limit,
                      bool *reached, int *work) {
    span s = {head, -1};
    memset(reached + head, 0, (size_t)(limit - head + 1) * sizeof *reached);
    int nwork = 0;
    reached[head] = true;
    work[nwork++] = head;
    while (nwork) {
        int i = work[--nwork];
        const sq_insn *in = &insns[i];
        int next[2] = {in->stops ? -1 : i + 1, -1};
        if (in->branch && in->target >= address + insns[head].offset) {
            int t = insn_at(insns, n, (size_t)(in->target - address));
            if (t >= head && t <= limit)
                next[1] = t;
            if (t == head && i > s.last)
                s.last = i;
        }
        for (int k = 0; k < 2; k++)
            if (next[k] >= 0 && next[k] <= limit && !reached[next[k]]) {
                reached[next[k]] = true;
                work[nwork++] = next[k];
            }
    }
    return s;
}

static bool contains(span outer, span inner) {
    return outer.head <= inner.head && inner.last <= outer.last &&
           (outer.head != inner.head || outer.last != inner.last);
}

/* Every loop of insns[0..n) into loops (room for n); returns how many.
 * furthest, reached and work are scratch of n. */
static int find_loops(const sq_insn *insns, int n, uint64_t address, span *loops, int *furthest,
                      bool *reached, int *work) {
    for (int i = 0; i < n; i++)
        furthest[i] = -1;
    for (int j = 0; j < n; j++) {
        int t = insns[j].branch && insns[j].target >= address
                    ? insn_at(insns, n, (size_t)(insns[j].target - address))
                    : -1;
        if (t >= 0 && t <= j)
            furthest[t] = j; /* the furthest jump back to t bounds its search */
    }
    int nloops = 0;
    for (int h = 0; h < n; h++) {
        span s = furthest[h] < 0 ? (span){h, -1}
                                 : loop_from(insns, n, address, h, furthest[h], reached, work);
        if (s.last >= 0)
            loops[nloops++] = s;
    }
    return nloops;
}

static size_t span_bytes(const sq_insn *insns, span s) {
    return insns[s.last].offset + insns[s.last].size - insns[s.head].offset;
}

/* The timed one of loops[0..nloops) (timed_loop.h): of those holding no
 * other, the one that moves the most data a trip, then the longest; -1 if
 * none. */
static int timed_one(const sq_insn *insns, const span *loops, int nloops) {
    int best = -1;
    size_t best_bytes = 0;
    long best_memory = -1;
    for (int a = 0; a < nloops; a++) {
        bool innermost = true;
        for (int b = 0; b < nloops && innermost; b++)
            innermost = !contains(loops[a], loops[b]);
        size_t bytes = span_bytes(insns, loops[a]);
        long memory = 0;
        for (int i = loops[a].head; i <= loops[a].last; i++)
            memory += insns[i].memory;
        if (innermost && (memory > best_memory || (memory == best_memory && bytes > best_bytes))) {
            best = a;
            best_bytes = bytes;
            best_memory = memory;
        }
    }
    return best;
}

bool sq_loop_in_bytes(const uint8_t *code, size_t size, uint64_t address, sq_timed_loop *out,
                      char *err, size_t errlen) {
    memset(out, 0, sizeof *out);
    int n;
    sq_insn *insns = sq_decode(code, size, address, &n, err, errlen);
    if (!insns)
        return false;
    span *loops = malloc(sizeof *loops * (size_t)n);
    bool *reached = malloc(sizeof *reached * (size_t)n);
    int *work = malloc(sizeof *work * (size_t)n), *furthest = malloc(sizeof *furthest * (size_t)n);
    bool found = false;
    if (!loops || !reached || !work || !furthest) {
        snprintf(err, errlen, "out of memory for %d instructions", n);
    } else {
        int nloops = find_loops(insns, n, address, loops, furthest, reached, work);
        int best = timed_one(insns, loops, nloops);
        if (best < 0) {
            snprintf(err, errlen, "no loop: no jump back that its target reaches");
        } else {
            span s = loops[best];
            out->function = code;
            out->function_bytes = size;
            out->function_address = address;
            out->offset = insns[s.head].offset;
            out->code = code + out->offset;
            out->address = address + out->offset;
            out->bytes = span_bytes(insns, s);
            out->insns = s.last - s.head + 1;
            for (int i = s.head; i <= s.last; i++) {
                out->conditionals += insns[i].conditional;
                out->byte_reads += insns[i].memory == 1;
            }
            out->alignment = (int)(out->address % SQ_LOOP_ALIGN);
            out->has_fact = sq_code_fact_of_bytes(out->code, out->bytes, out->address, &out->fact);
            found = true;
        }
    }
    free(loops);
    free(reached);
    free(work);
    free(furthest);
    free(insns);
    return found;
}

void sq_timed_loop_free(sq_timed_loop *loop) {
    free(loop->offset_of);
    free(loop->text);
    loop->offset_of = NULL;
    loop->text = NULL;
    loop->lines = 0;
}

/* Where code[0..size) jumps at once to another function (a compiler's tail
 * call to an identical twin: gcc makes baseline 2's throughput kernel a jmp
 * to baseline 1's), that function's start; else NULL. */
static const void *tail_call(const uint8_t *code, size_t size) {
    int n;
    char err[80];
    uint64_t start = (uint64_t)(uintptr_t)code;
    sq_insn *first = sq_decode(code, size < 16 ? size : 16, start, &n, err, sizeof err);
    const void *to = first && first->branch && !first->conditional && first->target - start >= size
                         ? (const void *)(uintptr_t)first->target
                         : NULL;
    free(first);
    return to;
}

/* The loops found so far, by the function asked for: a row's loop is asked
 * for by the share plan, its flags and its checks, and by every sequence's
 * row of it, and decoding it each time took a tenth of a default run (Intel
 * 0xa7, 2 of its 18 s). Code, once built or linked, does not change. */
typedef struct found_loop {
    const void *fn;
    const char *name;
    sq_timed_loop loop;
} found_loop;

static struct {
    found_loop *slots;
    size_t size, used; /* size a power of two, used at most half of it */
} found;

static size_t slot_of(const void *fn, size_t size) {
    size_t h = (size_t)((uintptr_t)fn * 0x9E3779B97F4A7C15ull >> 20);
    for (size_t i = h & (size - 1);; i = (i + 1) & (size - 1))
        if (!found.slots[i].fn || found.slots[i].fn == fn)
            return i;
}

static const found_loop *found_of(const void *fn) {
    if (!found.size)
        return NULL;
    const found_loop *f = &found.slots[slot_of(fn, found.size)];
    return f->fn ? f : NULL;
}

/* Keeps fn's loop; out of memory, keeps nothing (it is found again). */
static void keep_found(const void *fn, const sq_timed_loop *loop, const char *name) {
    if (2 * (found.used + 1) > found.size) {
        size_t size = found.size ? 2 * found.size : 1024;
        found_loop *old = found.slots, *slots = calloc(size, sizeof *slots);
        if (!slots)
            return;
        size_t old_size = found.size;
        found.slots = slots;
        found.size = size;
        for (size_t i = 0; i < old_size; i++)
            if (old[i].fn)
                found.slots[slot_of(old[i].fn, size)] = old[i];
        free(old);
    }
    found_loop *f = &found.slots[slot_of(fn, found.size)];
    if (!f->fn)
        found.used++;
    *f = (found_loop){fn, name, *loop};
}

/* The timed loop of the function at fn (a copy built in code_pages.h, or
 * one of the binary's), or of the one it tail-calls; *name that function's. */
static bool find_function_loop(const void *fn, sq_timed_loop *out, const char **name, char *err,
                               size_t errlen) {
    const uint8_t *code;
    size_t size;
    char why[200];
    *name = "?";
    for (int hops = 0;; hops++) {
        const sq_built *b = sq_built_at(fn);
        if (b) {
            code = b->entry;
            size = b->bytes;
            *name = b->name;
        } else if (!sq_function_bytes(fn, &code, &size, name, err, errlen)) {
            return false;
        }
        if (sq_loop_in_bytes(code, size, (uint64_t)(uintptr_t)code, out, why, sizeof why))
            return true;
        if (hops == 3 || !(fn = tail_call(code, size))) {
            snprintf(err, errlen, "%s: %s", *name, why);
            return false;
        }
    }
}

static bool function_loop(const void *fn, sq_timed_loop *out, const char **name, char *err,
                          size_t errlen) {
    const found_loop *f = found_of(fn);
    if (f) {
        *out = f->loop;
        *name = f->name;
        return true;
    }
    if (!find_function_loop(fn, out, name, err, errlen))
        return false;
    keep_found(fn, out, *name);
    return true;
}

bool sq_loop_of_function(const void *fn, bool listed, sq_timed_loop *out, const char **name,
                         char *err, size_t errlen) {
    char why[200];
    memset(out, 0, sizeof *out);
    if (!function_loop(fn, out, name, err, errlen))
        return false;
    if (!listed)
        return true;
    out->offset_of = malloc(sizeof *out->offset_of * (size_t)out->insns);
    out->text = malloc(sizeof *out->text * (size_t)out->insns);
    if (!out->offset_of || !out->text) {
        sq_timed_loop_free(out);
        snprintf(err, errlen, "%s: out of memory for the listing of its loop", *name);
        return false;
    }
    out->lines =
        sq_listing(out->code, out->bytes, out->offset_of, out->text, out->insns, why, sizeof why);
    if (out->lines < 0) {
        sq_timed_loop_free(out);
        snprintf(err, errlen, "%s: its loop: %s", *name, why);
        return false;
    }
    return true;
}

const void *sq_placed_function(const void *fn, char *err, size_t errlen) {
    if (!fn) {
        snprintf(err, errlen, "no kernel to place");
        return NULL;
    }
    sq_kernel_fn have = sq_placed_find(fn);
    sq_timed_loop loop;
    const char *name;
    char why[300];
    if (have || !function_loop(fn, &loop, &name, err, errlen))
        return (const void *)(uintptr_t)have;
    sq_kernel_fn k =
        sq_placed_copy(fn, loop.function, loop.function_bytes, loop.offset, name, why, sizeof why);
    if (!k)
        snprintf(err, errlen, "%s cannot be placed: %s", name, why);
    return (const void *)(uintptr_t)k;
}

sq_kernel_fn sq_placed_kernel(sq_kernel_fn kernel, char *err, size_t errlen) {
    return (sq_kernel_fn)(uintptr_t)sq_placed_function((const void *)(uintptr_t)kernel, err,
                                                       errlen);
}

sq_batch_fn sq_timed_batch(sq_batch_fn fn) {
    char err[400];
    const void *placed = sq_placed_function((const void *)(uintptr_t)fn, err, sizeof err);
    return placed ? (sq_batch_fn)(uintptr_t)placed : fn;
}

sq_batch_fn sq_timed_batch_of(const sq_batch_variant *v) {
    const sq_batch_variant *picked = v->dispatcher ? sq_batch_best_asm(v->family) : NULL;
    return sq_timed_batch(picked ? picked->fn.any : v->fn.any);
}

sq_kernel_fn sq_timed_kernel(const sq_variant *v, int mode) {
    char err[400];
    sq_kernel_fn built = mode == SQ_KERNEL_LATENCY
                             ? sq_spliced_latency(v, err, sizeof err)
                             : sq_placed_kernel(v->kernel[mode], err, sizeof err);
    return built ? built : v->kernel[mode];
}

sq_kernel_fn sq_timed_baseline(const sq_impl *impl, int arity, int mode) {
    char err[400];
    sq_kernel_fn linked = impl->baseline[arity - 1][mode];
    sq_kernel_fn built = mode == SQ_KERNEL_LATENCY ? sq_spliced_baseline(arity, err, sizeof err)
                                                   : sq_placed_kernel(linked, err, sizeof err);
    return built ? built : linked;
}

bool sq_kernel_loop(const sq_variant *v, int mode, bool listed, sq_timed_loop *out, char *err,
                    size_t errlen) {
    const char *name;
    char why[400];
    if (mode < 0 || mode >= SQ_KERNEL_MODES) {
        snprintf(err, errlen, "%s: no kernel of mode %d", v->id, mode);
        return false;
    }
    if (sq_loop_of_function((const void *)(uintptr_t)sq_timed_kernel(v, mode), listed, out, &name,
                            why, sizeof why))
        return true;
    snprintf(err, errlen, "%s: %s", v->id, why);
    return false;
}

int sq_kernel_loop_branches(const sq_variant *v, int mode) {
    sq_timed_loop loop;
    char err[600];
    if (!sq_kernel_loop(v, mode, false, &loop, err, sizeof err))
        return -1;
    return sq_loop_branches(&loop, mode, v->family->arity);
}

bool sq_kernel_loop_fact(const sq_variant *v, int mode, sq_code_fact *out, char *err,
                         size_t errlen) {
    sq_timed_loop loop;
    if (!sq_kernel_loop(v, mode, false, &loop, err, errlen))
        return false;
    if (!loop.has_fact) {
        snprintf(err, errlen, "%s: its loop's %zu bytes do not decode to their end", v->id,
                 loop.bytes);
        return false;
    }
    *out = loop.fact;
    out->id = v->id;
    return true;
}

const char *const sq_kernel_mode_names[SQ_KERNEL_MODES] = {"latency", "throughput", "branch"};

/* A kernel's name in sq_loops_misaligned's lines and skip patterns: "what
 * mode". */
typedef struct loop_check {
    FILE *out;
    const char *const *skip;
    int nskip;
    int checked, skipped, bad;
} loop_check;

/* Checks the loop of fn, what's in mode. */
static void check_one(loop_check *c, const void *fn, const char *what, const char *mode) {
    char name[200], err[600];
    const char *symbol;
    sq_timed_loop loop;
    snprintf(name, sizeof name, "%s %s", what, mode);
    for (int i = 0; i < c->nskip; i++)
        if (fnmatch(c->skip[i], name, 0) == 0) {
            c->skipped++;
            return;
        }
    c->checked++;
    if (!sq_loop_of_function(fn, false, &loop, &symbol, err, sizeof err)) {
        fprintf(c->out, "%s: %s\n", name, err);
        c->bad++;
    } else if (loop.alignment) {
        fprintf(c->out, "%s: loop head at %#llx (%s+%#zx), %d bytes past a %d-byte line\n", name,
                (unsigned long long)loop.address, symbol, loop.offset, loop.alignment,
                SQ_LOOP_ALIGN);
        c->bad++;
    }
}

int sq_loops_misaligned(FILE *out, const char *const *skip, int nskip, int *checked, int *skipped) {
    loop_check c = {out, skip, nskip, 0, 0, 0};
    char what[160];
    for (int i = 0; i < sq_variant_count; i++)
        for (int m = 0; m < SQ_KERNEL_MODES; m++)
            check_one(&c, (const void *)(uintptr_t)sq_variants[i].kernel[m], sq_variants[i].id,
                      sq_kernel_mode_names[m]);
    for (int i = 0; i < sq_impl_count; i++)
        for (int arity = 1; arity <= 2; arity++)
            for (int m = 0; m < SQ_KERNEL_MODES; m++) {
                snprintf(what, sizeof what, "baseline %d/%s", arity, sq_impls[i].name);
                check_one(&c, (const void *)(uintptr_t)sq_impls[i].baseline[arity - 1][m], what,
                          sq_kernel_mode_names[m]);
            }
    const sq_batch_variant *const lists[2] = {sq_batch_variants, sq_batch_bounds};
    const int counts[2] = {sq_batch_variant_count, sq_batch_bound_count};
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < counts[l]; i++)
            if (!lists[l][i].dispatcher)
                check_one(&c, (const void *)(uintptr_t)lists[l][i].fn.any, lists[l][i].id, "batch");
    *checked = c.checked;
    *skipped = c.skipped;
    return c.bad;
}
