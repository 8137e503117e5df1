/* The verifier catches what it claims to: wrong results, clobbered callee-saved
 * registers (named), and arguments used beyond their 32 bits. */
#include "check.h"
#include "bench/catalog/registry.h"
#include "bench/verify/verify.h"

#include <stdio.h>
#include <string.h>

#define BROKEN(name) unsigned name(unsigned a);
BROKEN(broken_wrong)
BROKEN(broken_clobber_rbx)
BROKEN(broken_clobber_rbp)
BROKEN(broken_clobber_r12)
BROKEN(broken_clobber_r13)
BROKEN(broken_clobber_r14)
BROKEN(broken_clobber_r15)
BROKEN(broken_upper_index)
BROKEN(broken_upper_range)
BROKEN(broken_std)
BROKEN(broken_mxcsr)
BROKEN(broken_x87cw)
BROKEN(broken_x87_push)
BROKEN(broken_mmx)
unsigned broken_upper_b(unsigned a, unsigned b);

/* Verifies fn as a routine of family fam; expects pass, or a failure whose
 * detail contains every string of want[] (NULL-terminated). */
static void expect(const char *label, const char *fam, sq_any_fn fn, bool pass,
                   const char *const *want) {
    sq_variant v = {.id = label,
                    .family = sq_family_find(fam),
                    .technique = "test",
                    .impl = "asm",
                    .formula = "",
                    .insns = "",
                    .fn = {.any = fn}};
    sq_check c;
    sq_verify_variant(&v, &c);
    check_verdict(label, pass, c.pass, c.detail, want);
}

int main(void) {
    const sq_variant *good = NULL;
    for (int i = 0; i < sq_variant_count; i++)
        if (strcmp(sq_variants[i].id, "color/lea_shr_and/asm") == 0)
            good = &sq_variants[i];
    expect("good", "color", good->fn.any, true, NULL);

    expect("wrong", "color", (sq_any_fn)broken_wrong, false,
           WANT("sq=a1 (0)", "expected 1 (dark), got 0"));
    expect("clobber_rbx", "color", (sq_any_fn)broken_clobber_rbx, false, WANT("register rbx"));
    expect("clobber_rbp", "color", (sq_any_fn)broken_clobber_rbp, false, WANT("register rbp"));
    expect("clobber_r12", "color", (sq_any_fn)broken_clobber_r12, false, WANT("register r12"));
    expect("clobber_r13", "color", (sq_any_fn)broken_clobber_r13, false, WANT("register r13"));
    expect("clobber_r14", "color", (sq_any_fn)broken_clobber_r14, false, WANT("register r14"));
    expect("clobber_r15", "color", (sq_any_fn)broken_clobber_r15, false, WANT("register r15"));
    expect("upper_index", "color", (sq_any_fn)broken_upper_index, false,
           WANT("crashed (SIGSEGV)", "upper 32 bits of rdi"));
    expect("upper_range", "color", (sq_any_fn)broken_upper_range, false,
           WANT("depends on the upper 32 bits of rdi"));
    expect("upper_b", "same_color", (sq_any_fn)broken_upper_b, false,
           WANT("depends on the upper 32 bits of rsi"));
    /* The state the SysV ABI has a routine keep: named, and put back. */
    expect("std", "color", (sq_any_fn)broken_std, false,
           WANT("left the direction flag set", "sq=a1 (0)"));
    expect("mxcsr", "color", (sq_any_fn)broken_mxcsr, false,
           WANT("changed the MXCSR control bits (0x1f80 before, 0x0000 after"));
    expect("x87cw", "color", (sq_any_fn)broken_x87cw, false,
           WANT("changed the x87 control word (0x037f before, 0x0f7f after)"));
    expect("x87_push", "color", (sq_any_fn)broken_x87_push, false,
           WANT("left the x87 register stack in use"));
    expect("mmx", "color", (sq_any_fn)broken_mmx, false,
           WANT("left the x87 register stack in use"));
    expect("good after them", "color", good->fn.any, true, NULL);
    volatile double third = 1.0 / 3.0, tiny = 1e-310;
    CHECK(third * 3.0 == 1.0 && tiny / 2 != 0, "the caller's floating point state is not back");

    return check_finish("checked_call", NULL);
}
