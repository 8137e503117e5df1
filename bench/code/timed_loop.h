/* The loop a timing kernel times, read from this process's own machine code
 * (a run's kernels are the harness's copies: spliced latency loops, placed
 * throughput and branch kernels): where it lies, whether it sits on a
 * 64-byte line, whether it branches, and its code fact, so that identical
 * loops are told as such across impls. */
#ifndef SQCOLOR_TIMED_LOOP_H
#define SQCOLOR_TIMED_LOOP_H

#include "bench/catalog/batch_registry.h"
#include "bench/catalog/registry.h"
#include "bench/code/code_identity.h"
#include "bench/code/disasm.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The line every timed loop's head should start (cmake/compilers.cmake,
 * asm/kernels.asm's align 64). */
#define SQ_LOOP_ALIGN 64

/* The kernels' modes by name: "latency", "throughput", "branch". */
extern const char *const sq_kernel_mode_names[SQ_KERNEL_MODES];

/* A kernel's timed loop. A loop is the bytes from a head H to the end of
 * the last jump back to H (conditional or not) that H reaches without
 * leaving them. The timed one holds no other loop (in nested loops, the
 * inner) and of those moves the most data a trip (sq_insn's memory: the
 * unrolled loop before its remainder loop, the vector loop before its
 * scalar tail), then is the longest. Blocks a compiler moved out of the
 * loop's bytes are not in it; a jump to one is a conditional branch in it
 * all the same. A function that is only a jump to another (a compiler's
 * tail call to an identical twin) has that one's loop. */
typedef struct sq_timed_loop {
    const uint8_t *code; /* its first byte, the head */
    uint64_t address;    /* the head's address (as given to sq_loop_in_bytes) */
    size_t offset;       /* the head's offset in the kernel */
    size_t bytes;
    int insns;
    int conditionals; /* conditional branches in its bytes, the exit test among them */
    int byte_reads;   /* one-byte memory operands through a register (sq_insn's
                         memory; a timing kernel writes none): its squares,
                         arity a square, and any one-byte table it looks up */
    int alignment;    /* address % SQ_LOOP_ALIGN: 0 on a line */
    bool has_fact;    /* fact is known (the bytes decode to their end) */
    sq_code_fact fact;
    /* The function it lies in (the bytes sq_loop_in_bytes was given), where
     * the blocks a compiler moved out of the loop lie too. */
    const uint8_t *function;
    size_t function_bytes;
    uint64_t function_address;
    /* The listing (sq_listing), where asked for: heap arrays of insns lines. */
    int lines;
    size_t *offset_of;
    char (*text)[SQ_INSN_TEXT];
} sq_timed_loop;

/* Whether loop, a kernel's of mode (SQ_KERNEL_LATENCY...) for a family of
 * arity, times a conditional branch besides those its harness has: a loop
 * has one, its exit test; a branch kernel's also has one a square, and as
 * the squares of a trip are counted by its byte_reads (those of a lookup
 * table too), a body's own branch shows in branch mode only where the body
 * reads no table. */
bool sq_loop_branches(const sq_timed_loop *loop, int mode, int arity);

/* The timed loop in code[0..size), a kernel taken to lie at address. False
 * with a reason in err when it holds no loop or does not decode. */
bool sq_loop_in_bytes(const uint8_t *code, size_t size, uint64_t address, sq_timed_loop *out,
                      char *err, size_t errlen);

/* The timed loop of the function at fn (sq_function_bytes, or a copy the
 * harness built: code_pages.h), with its listing when listed (free it with
 * sq_timed_loop_free); *name its symbol. False with a reason in err. */
bool sq_loop_of_function(const void *fn, bool listed, sq_timed_loop *out, const char **name,
                         char *err, size_t errlen);

/* The copy of fn (a kernel, a baseline, a batch routine) that a run times:
 * its function, or the one it tail-calls, placed (placed_kernel.h). NULL
 * with the reason in err where it cannot be. */
const void *sq_placed_function(const void *fn, char *err, size_t errlen);

/* sq_placed_function of a throughput or branch kernel, or such a baseline. */
sq_kernel_fn sq_placed_kernel(sq_kernel_fn kernel, char *err, size_t errlen);

/* The batch routine (or a bound's way) a run times for fn: its placed copy,
 * so that where the linker put it moves nothing, as for the scalar kernels;
 * fn where it cannot be placed (a cpuid dispatcher jumps through memory). */
typedef void (*sq_batch_fn)(void);
sq_batch_fn sq_timed_batch(sq_batch_fn fn);

/* What a run times for batch variant v: sq_timed_batch of its routine; for
 * a cpuid dispatcher, of the routine it picks on this CPU (sq_batch_best_asm),
 * so that a dispatcher's row and its pick's time one copy of one code (run
 * where linked, the pick read 0.033-0.043 a square at 256 KiB on Intel 0xa7
 * against its copy's 0.035). Its jump through memory, once a call of
 * thousands of squares, is left out. */
sq_batch_fn sq_timed_batch_of(const sq_batch_variant *v);

/* The kernel a run times for v in mode (SQ_KERNEL_LATENCY...): in latency
 * the loop the harness splices around v's routine (spliced_loop.h), so that
 * byte-identical routines meet one loop; in the other modes the placed copy
 * of v's own kernel (sq_placed_kernel), so that where the linker put it
 * moves nothing. v's linked kernel where neither can be built. */
sq_kernel_fn sq_timed_kernel(const sq_variant *v, int mode);

/* The baseline a run subtracts for impl's rows of arity in mode: in latency
 * the harness's identity in the same spliced loop, one for every impl; in
 * the others the placed copy of impl's own. */
sq_kernel_fn sq_timed_baseline(const sq_impl *impl, int arity, int mode);

/* v's timed kernel of mode (sq_timed_kernel): its timed loop, as above. */
bool sq_kernel_loop(const sq_variant *v, int mode, bool listed, sq_timed_loop *out, char *err,
                    size_t errlen);

void sq_timed_loop_free(sq_timed_loop *loop);

/* sq_loop_branches for v's kernel of mode: 1 yes, 0 no, -1 unknown (no
 * loop found). */
int sq_kernel_loop_branches(const sq_variant *v, int mode);

/* The code fact of v's loop in mode, out->id v's id: what a run can record
 * to group identical loops. False with a reason in err. */
bool sq_kernel_loop_fact(const sq_variant *v, int mode, sq_code_fact *out, char *err,
                         size_t errlen);

/* Every loop of this binary as it was linked (the latency, throughput and
 * branch rows time copies placed on a line: spliced_loop.h, placed_kernel.h):
 * each variant's in each mode, each impl's baselines, each batch routine's
 * (a dispatcher has no loop of its own).
 * Each is named "what mode": "color/cmov/gcc-12 latency", "baseline
 * 2/clang-13 branch", "color_batch/sse2/asm batch"; one that matches a shell
 * pattern of skip[0..nskip) is skipped. Writes a line to out for each loop
 * whose head is not on a SQ_LOOP_ALIGN line or that cannot be found, naming
 * it and the head's address; *checked and *skipped count the loops. Returns
 * how many lines it wrote. */
int sq_loops_misaligned(FILE *out, const char *const *skip, int nskip, int *checked, int *skipped);

#endif
