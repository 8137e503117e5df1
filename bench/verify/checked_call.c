/* The checked call: fresh canaries, the trampoline, and a crash caught. */
#include "bench/verify/checked_call.h"

#include "bench/util/crash_guard.h"

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
