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

/* The environment a run's process is told its place by: "INDEX/COUNT", and
 * the file it writes. */
#define FORK_VARIABLE "SQCOLOR_PROCESS"
#define FORK_OUTPUT   "SQCOLOR_PROCESS_OUTPUT"

bool sq_fork_child(int *index, int *count, const char **output) {
    const char *place = getenv(FORK_VARIABLE), *path = getenv(FORK_OUTPUT);
    int used = 0;
    if (!place || !path || sscanf(place, "%d/%d%n", index, count, &used) != 2 || place[used] != 0 ||
        *index < 0 || *count < 1 || *index >= *count)
        return false;
    *output = path;
    return true;
}

/* Runs this command again as process index of count, writing to path; 0
 * when it exits 0. */
static int run_process(int index, int count, const char *path, char *err, size_t errlen) {
    char *const *argv = sq_placement_argv();
    char place[32];
    snprintf(place, sizeof place, "%d/%d", index, count);
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

int sq_fork_run(int count, bool progress, sq_run *parts, char *err, size_t errlen) {
    char dir[] = "/tmp/sqcolor-run-XXXXXX";
    if (!mkdtemp(dir)) {
        snprintf(err, errlen, "cannot make a folder for the processes' files: %s", strerror(errno));
        return -1;
    }
    int loaded = 0, rc = 0;
    for (int i = 0; i < count && !rc; i++) {
        char path[64], why[400];
        snprintf(path, sizeof path, "%s/%d.json", dir, i);
        if (progress)
            fprintf(stderr, "\rsqcolor: process %d of %d starting%30s", i + 1, count, "");
        rc = run_process(i, count, path, err, errlen);
        if (!rc && sq_results_load(path, &parts[i], why, sizeof why)) {
            snprintf(err, errlen, "process %d of %d: %s", i + 1, count, why);
            rc = -1;
        }
        loaded += !rc;
        unlink(path);
    }
    rmdir(dir);
    if (progress)
        fprintf(stderr, "\r%80s\r", "");
    if (rc)
        for (int i = 0; i < loaded; i++)
            sq_results_free(&parts[i]);
    return rc;
}
