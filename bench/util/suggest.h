/* "Did you mean X?": the closest of the names a word could have been, by
 * edit distance, for the one line that refuses an unknown word. */
#ifndef SQCOLOR_SUGGEST_H
#define SQCOLOR_SUGGEST_H

#include <stdbool.h>
#include <stddef.h>

/* Words longer than this are never close to anything (and cost nothing). */
enum { SQ_SUGGEST_MAX_LEN = 64 };

/* The Damerau-Levenshtein distance of a and b in bytes (optimal string
 * alignment: insertions, deletions, substitutions and swaps of two adjacent
 * bytes, each costing 1); SQ_SUGGEST_MAX_LEN + 1 when either is longer. */
int sq_edit_distance(const char *a, const char *b);

/* Whether candidate is close enough to typed to be suggested for it: at most
 * one edit in three of the longer word (leading '-' not counted), and at
 * least one edit allowed. */
bool sq_suggest_close(const char *typed, const char *candidate);

/* The candidate closest to typed among candidates[0..n) (the first of equals),
 * or NULL when none is close. */
const char *sq_suggest(const char *typed, const char *const *candidates, int n);

/* What an error line about typed ends with: "; did you mean 'X'?" for the
 * closest candidate, or "" when none is close. Written to buf. */
const char *sq_did_you_mean(const char *typed, const char *const *candidates, int n, char *buf,
                            size_t len);

#endif
