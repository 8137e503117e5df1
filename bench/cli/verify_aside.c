#include "bench/cli/verify_aside.h"

#include "bench/util/child.h"
#include "bench/verify/batch_verify.h"

#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

/* Off the CPU the run is on, where there is another: a forked process
 * starts on its parent's CPU, and there the two took turns (a quick run's
 * verification 0.7 s longer on AMD Zen 5). */
static void away_from(int cpu) {
    cpu_set_t allowed;
    if (cpu < 0 || sched_getaffinity(0, sizeof allowed, &allowed) != 0 ||
        !CPU_ISSET(cpu, &allowed) || CPU_COUNT(&allowed) < 2)
        return;
    CPU_CLR(cpu, &allowed);
    sched_setaffinity(0, sizeof allowed, &allowed);
}

void sq_verify_aside_start(sq_verify_aside *a, const sq_batch_variant *const *vs, int n) {
    *a = (sq_verify_aside){.log = NULL, .vs = vs, .n = n};
    if (n == 0 || !(a->log = tmpfile()))
        return;
    int here = sched_getcpu();
    pid_t pid = sq_child_fork(&a->child);
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL); /* no process of the run outlives it */
        away_from(here);
        /* Not the parent's exit handlers (its --output temporary is its own). */
        bool passed = sq_batch_verify_all(vs, n, true, a->log);
        _exit(fflush(a->log) == 0 && passed ? 0 : 1);
    }
    if (pid < 0) {
        fclose(a->log);
        a->log = NULL;
    }
}

bool sq_verify_aside_wait(sq_verify_aside *a, FILE *out) {
    if (a->child.pid <= 0) {
        if (a->log)
            fclose(a->log);
        return sq_batch_verify_all(a->vs, a->n, true, out);
    }
    sq_child_end end;
    int lost = sq_child_wait(&a->child, SQ_CHILD_NO_LIMIT, &end);
    /* The process wrote through its own copy of the stream: read the file. */
    char buf[4096];
    size_t k;
    rewind(a->log);
    while ((k = fread(buf, 1, sizeof buf, a->log)) > 0)
        fwrite(buf, 1, k, out);
    fclose(a->log);
    fflush(out);
    if (lost || !WIFEXITED(end.status)) {
        char words[64];
        fprintf(out, "verify batch: the verifying process %s\n",
                lost ? "was lost" : sq_child_words(&end, words, sizeof words));
        return false;
    }
    return sq_child_ok(&end);
}
