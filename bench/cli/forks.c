#include "bench/cli/forks.h"

#include "bench/machine/placement.h"
#include "bench/results/results_read.h"
#include "bench/util/exit_status.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The environment a run's process is told its place by:
 * "INDEX/COUNT/BATCH_ONLY", and the file it writes. */
#define FORK_VARIABLE "SQCOLOR_PROCESS"
#define FORK_OUTPUT   "SQCOLOR_PROCESS_OUTPUT"

bool sq_fork_child(int *index, int *count, int *batch_only, const char **output) {
    const char *place = getenv(FORK_VARIABLE), *path = getenv(FORK_OUTPUT);
    int used = 0;
    if (!place || !path || sscanf(place, "%d/%d/%d%n", index, count, batch_only, &used) != 3 ||
        place[used] != 0 || *index < 0 || *count < 1 || *batch_only < 0 ||
        *index >= *count + *batch_only)
        return false;
    *output = path;
    return true;
}

/* Runs this command again as process index of count + batch_only, writing
 * to path; 0 when it exits 0. */
static int run_process(int index, int count, int batch_only, const char *path, char *err,
                       size_t errlen) {
    char *const *argv = sq_placement_argv();
    char place[48];
    snprintf(place, sizeof place, "%d/%d/%d", index, count, batch_only);
    count += batch_only; /* the processes its messages count */
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, "cannot start process %d of %d: %s", index + 1, count,
                 strerror(errno));
        return -1;
    }
    if (pid == 0) {
        if (setenv(FORK_VARIABLE, place, 1) == 0 && setenv(FORK_OUTPUT, path, 1) == 0)
            execv("/proc/self/exe", argv);
        fprintf(stderr, "sqcolor run: cannot run process %d of %d: %s\n", index + 1, count,
                strerror(errno));
        _exit(SQ_EXIT_FAIL);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            snprintf(err, errlen, "process %d of %d: %s", index + 1, count, strerror(errno));
            return -1;
        }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;
    if (WIFSIGNALED(status))
        snprintf(err, errlen, "process %d of %d died of signal %d", index + 1, count,
                 WTERMSIG(status));
    else
        snprintf(err, errlen, "process %d of %d exited with status %d", index + 1, count,
                 WEXITSTATUS(status));
    return -1;
}

/* The process that runs i-th: the two kinds take turns while both last, so
 * that batch rows are timed across the run's whole length. */
static int index_at(int i, int count, int batch_only) {
    int pairs = count < batch_only ? count : batch_only;
    if (i < 2 * pairs)
        return i % 2 ? count + i / 2 : i / 2;
    return count > batch_only ? i - pairs : count + i - pairs;
}

int sq_fork_run(int count, int batch_only, bool progress, sq_run *parts, char *err, size_t errlen) {
    char dir[] = "/tmp/sqcolor-run-XXXXXX";
    if (!mkdtemp(dir)) {
        snprintf(err, errlen, "cannot make a folder for the processes' files: %s", strerror(errno));
        return -1;
    }
    int total = count + batch_only, rc = 0;
    bool loaded[SQ_MAX_PROCESSES] = {0};
    for (int i = 0; i < total && !rc; i++) {
        int at = index_at(i, count, batch_only);
        char path[64], why[400];
        snprintf(path, sizeof path, "%s/%d.json", dir, at);
        if (progress)
            fprintf(stderr, "\rsqcolor: process %d of %d starting%30s", at + 1, total, "");
        rc = run_process(at, count, batch_only, path, err, errlen);
        if (!rc && sq_results_load(path, &parts[at], why, sizeof why)) {
            snprintf(err, errlen, "process %d of %d: %s", at + 1, total, why);
            rc = -1;
        }
        loaded[at] = !rc;
        unlink(path);
    }
    rmdir(dir);
    if (progress)
        fprintf(stderr, "\r%80s\r", "");
    if (rc)
        for (int i = 0; i < total; i++)
            if (loaded[i])
                sq_run_free(&parts[i]);
    return rc;
}
