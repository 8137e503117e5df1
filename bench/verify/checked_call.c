/* The checked call: fresh canaries, the trampoline, and a crash caught. */
#include "bench/verify/checked_call.h"

#include "bench/util/crash_guard.h"

#include <stdio.h>

sq_cc_outcome sq_checked(sq_any_fn fn, int nargs, const uint64_t *arg, uint64_t (*random)(void)) {
    sq_cc_outcome out = {0, 0, 0, 0};
    for (int i = 0; i < SQ_CC_CANARIES; i++)
        sq_cc_canary[i] = random();
    sq_cc_broken = 0;
    sq_cc_dirty_upper = 0;
    if (sigsetjmp(sq_crash_jump, 0)) {
        out.crashed = sq_crash_signal;
        return out;
    }
    if (nargs == 2)
        out.result = sq_checked_call(fn, arg[0], arg[1]);
    else
        sq_checked_call4(fn, arg[0], arg[1], arg[2], arg[3]);
    out.broken = sq_cc_broken;
    out.dirty_upper = sq_cc_dirty_upper;
    return out;
}

const char *sq_cc_broken_register(uint32_t broken) {
    static const char *const names[] = {"rbx", "rbp", "r12", "r13", "r14", "r15", "rsp"};
    for (int bit = 0; bit < 7; bit++)
        if (broken & (1u << bit))
            return names[bit];
    return NULL;
}

const char *sq_cc_broken_words(uint32_t broken, char *buf, size_t len) {
    int bit = 0;
    while (bit < SQ_CC_BITS && !(broken >> bit & 1))
        bit++;
    if (bit < 7)
        snprintf(buf, len, "clobbered callee-saved register %s", sq_cc_broken_register(broken));
    else if (bit == 7)
        snprintf(buf, len, "left the direction flag set (DF: clear on return, says the SysV ABI)");
    else if (bit == 8)
        snprintf(buf, len,
                 "changed the MXCSR control bits (0x%04x before, 0x%04x after: its rounding, "
                 "exception masks, FTZ and DAZ are the caller's)",
                 sq_cc_mxcsr[0] & 0xffc0u, sq_cc_mxcsr[1] & 0xffc0u);
    else if (bit == 9)
        snprintf(buf, len, "changed the x87 control word (0x%04x before, 0x%04x after)",
                 sq_cc_x87cw[0], sq_cc_x87cw[1]);
    else if (bit == 10)
        snprintf(buf, len,
                 "left the x87 register stack in use (a value pushed and not popped, "
                 "or MMX without emms)");
    else
        snprintf(buf, len, "%s", "");
    return buf;
}
