/* Buffers on transparent huge pages, where the kernel gives them: a 2 MiB
 * page fixes the physical address bits a 4 KiB page leaves to chance (the
 * L2's set index runs to bit 15 or beyond), so the conflicts a buffer meets
 * no longer change from one process to the next. */
#ifndef SQCOLOR_HUGE_PAGES_H
#define SQCOLOR_HUGE_PAGES_H

#include <stdbool.h>
#include <stddef.h>

#define SQ_HUGE_PAGE ((size_t)2 << 20)

/* size bytes, zeroed, 2 MiB-aligned, asked for on huge pages
 * (madvise(MADV_HUGEPAGE)); *huge says whether the kernel backed all of it
 * so (from /proc/self/smaps). NULL when out of memory. Free it with
 * sq_huge_free(p, size). */
void *sq_huge_alloc(size_t size, bool *huge);

void sq_huge_free(void *p, size_t size);

#endif
