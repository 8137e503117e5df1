/* Which impls of a technique are one machine code, how to name a set of impls
 * briefly, and how each compiler's code went from version to version. Pure
 * functions of impl names and code facts (code_identity.h): disasm feeds them
 * the code it decodes, the reports the facts a run recorded. */
#ifndef SQCOLOR_CODE_GROUPS_H
#define SQCOLOR_CODE_GROUPS_H

#include "bench/code/code_identity.h"

#include <stdbool.h>
#include <stddef.h>

/* An impl name as cmake/compilers.cmake makes it, KIND-MAJOR for -O2 and
 * KIND-MAJOR-native for -O3 -march=native ("clang-16-native"): its kind
 * ("clang"), version and flag set. False for asm and any other name. */
typedef struct sq_impl_name {
    char kind[24];
    int version;
    bool native;
} sq_impl_name;

bool sq_impl_name_parse(const char *name, sq_impl_name *out);

/* An impl's short key, fixed by its name alone (never by the other impls of
 * a report), so that a table copied out of its page keeps its meaning: g for
 * gcc and c for clang, the major version, n for the native flag set
 * ("g12", "c19n"); asm and any other name as it is. */
void sq_impl_key(char *buf, size_t len, const char *name);

/* What the keys mean, as a legend says it. */
#define SQ_IMPL_KEY_MEANING                                                                        \
    "compilers by key: g gcc, c clang, then the major version; n: -O3 -march=native, else -O2 "    \
    "(g12n: gcc-12 -O3 -march=native)"

/* Numbers facts[0..n) by identical code (sq_code_same), groups in order of
 * first appearance; a NULL fact (code not known) is a group of its own.
 * Returns the number of groups. */
int sq_code_groups(const sq_code_fact *const *facts, int n, int *group);

/* The impls names[members[0..nmembers)] in brief, among all the impls
 * names[0..n) that the set is drawn from: asm first, then each compiler kind
 * in order of first appearance, generic before native, versions rising;
 * three or more versions of one kind and flag set that are consecutive among
 * names[] as one range ("clang-13..16", "clang-13..16-native"). Items are
 * joined by sep (" = " for one code, ", " for a list). */
void sq_impl_set_text(char *buf, size_t len, const char *const *names, int n, const int *members,
                      int nmembers, const char *sep);

/* The same set by keys (sq_impl_key), joined by spaces, a range as
 * "c13..19n": a chart's label. */
void sq_impl_keys_text(char *buf, size_t len, const char *const *names, int n, const int *members,
                       int nmembers);

/* One line per compiler kind and flag set of names[0..n) (kinds in order of
 * first appearance, generic first) telling how its code went version by
 * version: "clang native: clang-13 emits lea; add; shr; and; clang-16 first
 * emits lea; bextr". summary[i] is impl i's code in brief (its mnemonics);
 * facts[i] its fact (NULL: unknown, told as such). Writes at most max lines
 * of SQ_HISTORY_LINE bytes (a longer one is cut); returns how many. */
#define SQ_HISTORY_LINE 512
int sq_code_history(const char *const *names, const sq_code_fact *const *facts,
                    const char *const *summary, int n, char (*lines)[SQ_HISTORY_LINE], int max);

/* The oldest version of compiler kind whose code is target's, generic before
 * native at one version: its index in names[0..n), or -1. */
int sq_code_first_emitter(const char *const *names, const sq_code_fact *const *facts, int n,
                          const char *kind, const sq_code_fact *target);

#endif
