/* Truth first: every variant over its whole domain against the definition,
 * through the checked-call trampoline; then the seeds' properties. */
#ifndef SQCOLOR_VERIFY_H
#define SQCOLOR_VERIFY_H

#include "bench/catalog/registry.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct sq_check {
    bool pass;
    int checked;      /* inputs (or input x variant pairs) checked */
    char detail[320]; /* the first failure: input, expected, got, or register */
} sq_check;

/* Input (a, b) of v's family as messages name it: "sq=e4 (28)", "x88=0x34
 * (e4)" or "a=e4 (28), b=d5 (35)". */
void sq_describe_input(const sq_variant *v, unsigned a, unsigned b, char *buf, size_t len);

/* Checks v over its whole domain. A routine that crashes is reported, not fatal. */
void sq_verify_variant(const sq_variant *v, sq_check *out);

/* The seeds' properties. Those about one routine are checked on the definition
 * and on every variant of the color and color_x88 families among vs[0..n),
 * called directly: pass only variants that sq_verify_variant passed. */
typedef struct sq_property {
    const char *name;
    const char *claim;
    void (*check)(const sq_variant *const *vs, int n, sq_check *out);
} sq_property;

extern const sq_property sq_properties[];
extern const int sq_property_count;

#endif
