/* The one answer to running out of memory where a caller has no way to go on
 * (a report's tables, a summary's index). */
#ifndef SQCOLOR_MUST_H
#define SQCOLOR_MUST_H

/* p, or "sqcolor: out of memory" on stderr and exit status 2. */
void *sq_must(void *p);

#endif
