/* For the tests only: in sqcolor-gbench-break (SQCOLOR_TEST_BREAK, never
 * installed), SQCOLOR_TEST_BREAK_VARIANT=ID breaks the scalar or batch variant
 * ID, so that the tests can see verification stop it before anything is
 * timed. sqcolor-gbench has no such hook: it reads no such variable. */
#include "bench/gbench/benchmarks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef SQCOLOR_TEST_BREAK
int gb_break_for_test(sq_variant *variants, sq_batch_variant *batch, char *err, size_t errlen) {
    (void)variants, (void)batch, (void)err, (void)errlen;
    return 0;
}
#else

/* 2 is neither color nor a pair's answer. */
static unsigned answer_two_1(unsigned a) {
    (void)a;
    return 2;
}
static unsigned answer_two_2(unsigned a, unsigned b) {
    (void)a, (void)b;
    return 2;
}
static void color_two(const uint8_t *sq, uint8_t *color, size_t n) {
    (void)sq;
    memset(color, 2, n);
}
static void same_two(const uint8_t *a, const uint8_t *b, uint8_t *same, size_t n) {
    (void)a, (void)b;
    memset(same, 2, n);
}
/* Every bit set: light squares too, and the bits past n. */
static void mask_ones(const uint8_t *sq, uint64_t *mask, size_t n) {
    (void)sq;
    memset(mask, 0xff, (n + 63) / 64 * sizeof *mask);
}

int gb_break_for_test(sq_variant *variants, sq_batch_variant *batch, char *err, size_t errlen) {
    const char *id = getenv("SQCOLOR_TEST_BREAK_VARIANT");
    if (!id)
        return 0;
    for (int i = 0; i < sq_variant_count; i++) {
        if (strcmp(variants[i].id, id) != 0)
            continue;
        if (variants[i].family->arity == 1)
            variants[i].fn.f1 = answer_two_1;
        else
            variants[i].fn.f2 = answer_two_2;
        return 0;
    }
    for (int i = 0; i < sq_batch_variant_count; i++) {
        sq_batch_variant *v = &batch[i];
        if (strcmp(v->id, id) != 0)
            continue;
        if (v->family->inputs == 2)
            v->fn.same = same_two;
        else if (v->family->bits == 1)
            v->fn.mask = mask_ones;
        else
            v->fn.color = color_two;
        return 0;
    }
    snprintf(err, errlen, "SQCOLOR_TEST_BREAK_VARIANT: no variant '%s'", id);
    return -1;
}
#endif
