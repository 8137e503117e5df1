#include "bench/machine/huge_pages.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

static size_t rounded(size_t size) {
    return (size + SQ_HUGE_PAGE - 1) / SQ_HUGE_PAGE * SQ_HUGE_PAGE;
}

/* The kB of the mapping holding p that the kernel backs with huge pages
 * (smaps' AnonHugePages); 0 when it cannot tell. */
static size_t huge_kib_at(const void *p) {
    FILE *f = fopen("/proc/self/smaps", "r");
    if (!f)
        return 0;
    char line[512];
    bool in = false;
    size_t kib = 0;
    uintptr_t at = (uintptr_t)p;
    while (fgets(line, sizeof line, f)) {
        unsigned long lo, hi;
        if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2) {
            if (in)
                break;
            in = lo <= at && at < hi;
        } else if (in && sscanf(line, "AnonHugePages: %zu kB", &kib) == 1) {
            break;
        }
    }
    fclose(f);
    return in ? kib : 0;
}

void *sq_huge_alloc(size_t size, bool *huge) {
    size_t n = rounded(size ? size : 1);
    /* Over-map by a page to align inside, then give the slack back. */
    char *raw =
        mmap(NULL, n + SQ_HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED)
        return NULL;
    char *p = (char *)(((uintptr_t)raw + SQ_HUGE_PAGE - 1) & ~(uintptr_t)(SQ_HUGE_PAGE - 1));
    if (p > raw)
        munmap(raw, (size_t)(p - raw));
    if (raw + SQ_HUGE_PAGE > p)
        munmap(p + n, (size_t)(raw + SQ_HUGE_PAGE - p));
    madvise(p, n, MADV_HUGEPAGE);
    /* Fault it in now, as huge pages where the kernel has them: one write a
     * page (the kernel gives the pages zeroed; a memset wrote every byte
     * again, a tenth of a run's process's own time). */
    for (size_t at = 0; at < n; at += 4096)
        ((volatile char *)p)[at] = 0;
    *huge = huge_kib_at(p) * 1024 >= n;
    return p;
}

void sq_huge_free(void *p, size_t size) {
    if (p)
        munmap(p, rounded(size ? size : 1));
}
