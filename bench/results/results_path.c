#include "bench/results/results_path.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

void sq_results_cpu_dir(const sq_machine *m, const char *dir, char *path, size_t len) {
    char slug[64];
    size_t n = 0;
    for (const char *p = m->brand; *p && n < sizeof slug - 1; p++) {
        if (isalnum((unsigned char)*p))
            slug[n++] = (char)tolower((unsigned char)*p);
        else if (n && slug[n - 1] != '-')
            slug[n++] = '-';
    }
    while (n && slug[n - 1] == '-')
        n--;
    slug[n] = 0;
    snprintf(path, len, "%s/%s", dir, n ? slug : "unknown-cpu");
}

void sq_results_path(const sq_run *run, const char *dir, char *path, size_t len) {
    char cpu_dir[4096];
    sq_results_cpu_dir(&run->machine, dir, cpu_dir, sizeof cpu_dir);
    char date[16];
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%d", gmtime(&now));
    char commit[16];
    snprintf(commit, sizeof commit, "%.12s", run->commit);
    if (strstr(run->commit, "-dirty"))
        snprintf(commit, sizeof commit, "%.7s-dirty", run->commit);
    snprintf(path, len, "%s/%s-%s.json", cpu_dir, date, commit);
}
