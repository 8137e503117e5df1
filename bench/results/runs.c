#include "bench/results/runs.h"

#include <stdio.h>
#include <string.h>

void sq_cpu_name_among(char *buf, size_t len, const sq_run *runs, int nruns, int k,
                       sq_cpu_namer namer, bool bracketed) {
    namer(buf, len, &runs[k].machine);
    for (int j = 0; j < nruns; j++) {
        char other[160];
        namer(other, sizeof other, &runs[j].machine);
        if (j != k && strcmp(other, buf) == 0) {
            size_t n = strlen(buf);
            snprintf(buf + n, len - n, bracketed ? " [%d]" : " #%d", k + 1);
            return;
        }
    }
}

const sq_code_fact *sq_run_code_of(const sq_run *run, const char *id) {
    for (int i = 0; i < run->ncode; i++)
        if (strcmp(run->code[i].id, id) == 0)
            return &run->code[i];
    return NULL;
}
