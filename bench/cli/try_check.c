#include "bench/cli/try_check.h"

#include "bench/util/child.h"
#include "bench/util/crash_guard.h"
#include "bench/util/exit_status.h"
#include "bench/verify/checked_call.h"
#include "bench/verify/verify.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

/* What the checking process shares with sqcolor: where it is, and the
 * first failure. */
typedef struct progress {
    volatile int variant;  /* the variant being checked */
    volatile int kernel;   /* -1: its routine; else the kernel (SQ_KERNEL_*) */
    sq_check check;        /* the routine's, sq_verify_variant's (checked: the input reached) */
    char failure[400];     /* set when a check failed */
    volatile int reported; /* set as the check ends its process: any other end is a body's */
} progress;

/* The checking process ends, having said how (failure[0] or not). */
static void report(progress *p, int status) {
    p->reported = 1;
    _exit(status);
}

static const char *const kernel_names[SQ_KERNEL_MODES] = {"latency", "throughput", "branch"};

/* Kernel mode of v over the family's domain and then again its inputs
 * whose answer is 1 (so that a kernel counting 0s for 1s is told), against
 * the definition: its result, and what it should be (asm/kernels.inc says
 * how each mode folds the results). */
static void run_kernel(const sq_variant *v, int mode, uint64_t *got, uint64_t *want) {
    static uint8_t a[2 * 64 * 64], b[2 * 64 * 64];
    const sq_family *fam = v->family;
    unsigned before = 0;
    int n = 0;
    *want = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < fam->domain_size; i++) {
            unsigned x, y;
            sq_domain_input(fam, i, &x, &y);
            unsigned r = fam->expected(x, y);
            if (pass == 1 && !r)
                continue;
            /* latency: square i arrives xored with the previous result */
            a[n] = (uint8_t)(mode == SQ_KERNEL_LATENCY ? x ^ before : x);
            b[n++] = (uint8_t)y;
            *want = mode == SQ_KERNEL_LATENCY ? r : *want + r;
            before = r;
        }
    /* As a routine is called: what the SysV ABI has it keep is checked. */
    *got = n % SQ_KERNEL_UNROLL ? *want + 1
                                : sq_checked_call4((sq_any_fn)v->kernel[mode], (uintptr_t)a,
                                                   (uintptr_t)b, (uint64_t)n, 0);
}

/* The checking process: every variant's routine, then its kernels. A
 * fault outside verify's guard kills it, by the signal (a sanitizer's
 * handler would report and exit instead), which sqcolor names. */
static void check_all(const sq_variant *vs, int n, progress *p) {
    static const int faults[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE};
    for (size_t k = 0; k < sizeof faults / sizeof faults[0]; k++)
        signal(faults[k], SIG_DFL);
    for (int i = 0; i < n; i++) {
        p->variant = i;
        p->kernel = -1;
        sq_verify_variant(&vs[i], &p->check);
        if (!p->check.pass) {
            snprintf(p->failure, sizeof p->failure, "%s", p->check.detail);
            report(p, SQ_EXIT_FAIL);
        }
        for (int m = 0; m < SQ_KERNEL_MODES; m++) {
            uint64_t got, want;
            char words[200];
            p->kernel = m;
            sq_cc_broken = 0;
            run_kernel(&vs[i], m, &got, &want);
            if (sq_cc_broken) {
                snprintf(p->failure, sizeof p->failure, "its %s kernel %s", kernel_names[m],
                         sq_cc_broken_words(sq_cc_broken, words, sizeof words));
                report(p, SQ_EXIT_FAIL);
            }
            if (got != want) {
                snprintf(p->failure, sizeof p->failure,
                         "its %s kernel returned %llu over the domain, not %llu (%s)",
                         kernel_names[m], (unsigned long long)got, (unsigned long long)want,
                         m == SQ_KERNEL_BRANCH && vs[i].impl[0] == 'a'
                             ? "a branch hook jumps to %1 exactly when the result is 0, and "
                               "keeps what the body keeps"
                             : "a body keeps every register but eax, ecx, edx, r8 and the "
                               "flags: asm/sqcolor.inc");
                report(p, SQ_EXIT_FAIL);
            }
        }
    }
    report(p, SQ_EXIT_OK);
}

/* Where the checks stood: "on sq=e4 (28)" or "in its latency kernel". */
static void where(const sq_variant *v, const progress *p, char *buf, size_t len) {
    if (p->kernel >= 0) {
        snprintf(buf, len, "in its %s kernel", kernel_names[p->kernel]);
        return;
    }
    unsigned a, b;
    char in[64];
    sq_domain_input(v->family, p->check.checked, &a, &b);
    sq_describe_input(v, a, b, in, sizeof in);
    snprintf(buf, len, "on %s", in);
}

/* A crash's words: SIGILL is an instruction this CPU lacks (or ud2). */
static const char *crash_words(int sig) {
    switch (sig) {
    case SIGILL:
        return "executed an instruction this CPU lacks (SIGILL)";
    case SIGSEGV:
        return "crashed (SIGSEGV: a memory access it may not make)";
    case SIGBUS:
        return "crashed (SIGBUS)";
    case SIGFPE:
        return "crashed (SIGFPE: a division fault)";
    default:
        return "crashed";
    }
}

/* The routine's own failure; a crash verify's guard caught, "crashed
 * (SIGSEGV) on ...", in the words of one that killed the check. */
static void routine_failure(const char *id, const char *failure, char *err, size_t errlen) {
    static const int sigs[] = {SIGILL, SIGSEGV, SIGBUS, SIGFPE};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        char caught[64];
        snprintf(caught, sizeof caught, "crashed (%s)", sq_signal_name(sigs[i]));
        if (strncmp(failure, caught, strlen(caught)) == 0) {
            snprintf(err, errlen, "%s %s%s", id, crash_words(sigs[i]), failure + strlen(caught));
            return;
        }
    }
    snprintf(err, errlen, "%s fails its check: %s", id, failure);
}

int sq_try_check(const sq_variant *vs, int n, char *err, size_t errlen) {
    progress *p = mmap(NULL, sizeof *p, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return snprintf(err, errlen, "cannot share memory with the check"), SQ_EXIT_FAIL;
    memset(p, 0, sizeof *p);
    sq_child child;
    pid_t pid = sq_child_fork(&child);
    if (pid < 0) {
        munmap(p, sizeof *p);
        return snprintf(err, errlen, "cannot start the check"), SQ_EXIT_FAIL;
    }
    if (pid == 0)
        check_all(vs, n, p);
    sq_child_end end;
    int lost = sq_child_wait(&child, SQ_TRY_CHECK_LIMIT_S, &end);
    const sq_variant *v = &vs[p->variant];
    char at[128], words[64];
    where(v, p, at, sizeof at);
    int rc = SQ_EXIT_FAIL;
    if (lost)
        snprintf(err, errlen, "cannot wait for the check: %s", strerror(errno));
    else if (end.timed_out)
        snprintf(err, errlen, "%s did not return within %d s %s", v->id, SQ_TRY_CHECK_LIMIT_S, at);
    else if (WIFSIGNALED(end.status))
        snprintf(err, errlen, "%s %s %s", v->id, crash_words(WTERMSIG(end.status)), at);
    else if (!p->reported) /* exit_group, _exit(): it never returned */
        snprintf(err, errlen, "%s ended the process that checked it (%s) %s: a body must return",
                 v->id, sq_child_words(&end, words, sizeof words), at);
    else if (sq_child_ok(&end))
        rc = SQ_EXIT_OK;
    else if (!p->failure[0])
        snprintf(err, errlen, "%s: the check %s %s", v->id,
                 sq_child_words(&end, words, sizeof words), at);
    else if (p->kernel >= 0)
        snprintf(err, errlen, "%s: %s", v->id, p->failure);
    else
        routine_failure(v->id, p->failure, err, errlen);
    munmap(p, sizeof *p);
    return rc;
}
