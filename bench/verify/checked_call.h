/* C side of the checked-call trampoline in asm/checked_call.asm, and the one
 * way to make a checked call. */
#ifndef SQCOLOR_CHECKED_CALL_H
#define SQCOLOR_CHECKED_CALL_H

#include "bench/catalog/registry.h"

#include <stddef.h>
#include <stdint.h>

/* The canaries: values the trampoline loads into rbx, rbp, r12-r15, then junk
 * for rax, rcx, rdx, r8-r11. asm/checked_call.asm reserves as many, read from
 * this line (cmake/catalogues.cmake writes it for NASM). */
#define SQ_CC_CANARIES 13
extern __attribute__((visibility("hidden"))) uint64_t sq_cc_canary[SQ_CC_CANARIES];
/* After a call: bit i set if callee-saved register i (rbx, rbp, r12, r13, r14,
 * r15) changed; bit 6 if rsp changed; then what else the SysV ABI has a
 * routine keep: bit 7 the direction flag left set, 8 the MXCSR control bits
 * changed, 9 the x87 control word changed, 10 the x87 register stack left in
 * use. The caller's state is put back after each call. */
extern __attribute__((visibility("hidden"))) uint32_t sq_cc_broken;
enum { SQ_CC_BITS = 11 };

/* MXCSR and the x87 control word before ([0]) and after ([1]) the last call. */
extern __attribute__((visibility("hidden"))) uint32_t sq_cc_mxcsr[2];
extern __attribute__((visibility("hidden"))) uint16_t sq_cc_x87cw[2];

/* Calls fn(a, b) passing a and b in full 64-bit registers. */
unsigned sq_checked_call(sq_any_fn fn, uint64_t a, uint64_t b);

/* Calls fn(a0, a1, a2, a3) (pointers and sizes) the same way, and returns
 * what it returns in rax (a timing kernel's answer). When
 * sq_cc_check_upper is set (XGETBV with ecx = 1 works here), the routine
 * starts with clean upper vector state and sq_cc_dirty_upper gets the XINUSE
 * bits it left set: 0x04 upper ymm, 0x40 upper zmm (a missing vzeroupper). */
uint64_t sq_checked_call4(sq_any_fn fn, uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3);
extern __attribute__((visibility("hidden"))) uint32_t sq_cc_check_upper;
extern __attribute__((visibility("hidden"))) uint32_t sq_cc_dirty_upper;

/* What one checked call saw. */
typedef struct sq_cc_outcome {
    unsigned result;      /* sq_checked_call's; 0 for sq_checked_call4 */
    int crashed;          /* the signal it died of, or 0 */
    uint32_t broken;      /* sq_cc_broken */
    uint32_t dirty_upper; /* sq_cc_dirty_upper */
} sq_cc_outcome;

/* One checked call of fn: with 2 arguments sq_checked_call(fn, arg[0],
 * arg[1]), with 4 sq_checked_call4, each canary fresh from random() (the
 * caller's generator, so that its runs repeat). Must run under the crash
 * guard (crash_guard.h). */
sq_cc_outcome sq_checked(sq_any_fn fn, int nargs, const uint64_t *arg, uint64_t (*random)(void));

/* The first register a call broke: rbx, rbp, r12-r15 or rsp (the bits of
 * sq_cc_broken); NULL when broken is 0. */
const char *sq_cc_broken_register(uint32_t broken);

/* What the call broke, from sq_cc_broken and the state it saw, in words:
 * "clobbered callee-saved register rbx", "left the direction flag set",
 * ... (the first broken bit); "" where nothing. Returns buf. */
const char *sq_cc_broken_words(uint32_t broken, char *buf, size_t len);

#endif
