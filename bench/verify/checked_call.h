/* C side of the checked-call trampoline in asm/checked_call.asm. */
#ifndef SQCOLOR_CHECKED_CALL_H
#define SQCOLOR_CHECKED_CALL_H

#include "bench/catalog/registry.h"

#include <stdint.h>

/* Values the trampoline loads into rbx, rbp, r12-r15, then junk for rax, rcx,
 * rdx, r8-r11. */
extern __attribute__((visibility("hidden"))) uint64_t sq_cc_canary[13];
/* After a call: bit i set if callee-saved register i (rbx, rbp, r12, r13, r14,
 * r15) changed; bit 6 if rsp changed. */
extern __attribute__((visibility("hidden"))) uint32_t sq_cc_broken;

/* Calls fn(a, b) passing a and b in full 64-bit registers. */
unsigned sq_checked_call(sq_any_fn fn, uint64_t a, uint64_t b);

/* Calls fn(a0, a1, a2, a3) (pointers and sizes) the same way. When
 * sq_cc_check_upper is set (XGETBV with ecx = 1 works here), the routine
 * starts with clean upper vector state and sq_cc_dirty_upper gets the XINUSE
 * bits it left set: 0x04 upper ymm, 0x40 upper zmm (a missing vzeroupper). */
void sq_checked_call4(sq_any_fn fn, uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3);
extern __attribute__((visibility("hidden"))) uint32_t sq_cc_check_upper;
extern __attribute__((visibility("hidden"))) uint32_t sq_cc_dirty_upper;

/* Name of bit i of sq_cc_broken. */
const char *sq_cc_register_name(int bit);

#endif
