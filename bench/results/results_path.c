#include "bench/results/results_path.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

void sq_results_cpu_name(const sq_machine *m, char *name, size_t len) {
    /* The vendor, family and model, not the brand string: a hypervisor
     * names one CPU model as it likes ("AMD EPYC", "Oxide Virtual
     * Turin-like Processor"), and one brand spans several models. */
    char vendor[16];
    size_t n = 0;
    if (strcmp(m->vendor, "GenuineIntel") == 0)
        n = (size_t)snprintf(vendor, sizeof vendor, "intel");
    else if (strcmp(m->vendor, "AuthenticAMD") == 0)
        n = (size_t)snprintf(vendor, sizeof vendor, "amd");
    else
        for (const char *p = m->vendor; *p && n < sizeof vendor - 1; p++)
            if (isalnum((unsigned char)*p))
                vendor[n++] = (char)tolower((unsigned char)*p);
    vendor[n] = 0;
    snprintf(name, len, "%s-%02x-%02x", n ? vendor : "unknown", m->family & 0xfff,
             m->model & 0xfff);
}

void sq_results_cpu_dir(const sq_machine *m, const char *dir, char *path, size_t len) {
    char name[64];
    sq_results_cpu_name(m, name, sizeof name);
    snprintf(path, len, "%s/%s", dir, name);
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
    /* A tried technique's run is no reference run of the catalogue. */
    snprintf(path, len, "%s/%s-%s%s.json", cpu_dir, date, commit, run->try_text ? "-try" : "");
}
