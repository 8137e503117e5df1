#include "bench/input/inputs.h"

#include "bench/catalog/reference.h"
#include "bench/input/sequence.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sq_input_build(const sq_family *fam, const char *spec, size_t length, uint64_t seed,
                   sq_input *in, char *err, size_t errlen) {
    sq_sequence seq;
    memset(in, 0, sizeof *in);
    if (sq_sequence_make(spec, fam->arity, length, seed, &seq, err, errlen))
        return -1;
    size_t n = seq.length - seq.length % SQ_KERNEL_UNROLL;
    in->family = fam;
    in->sequence = spec;
    in->n = n;
    in->a = malloc(n);
    in->b = malloc(n);
    in->a_lat = malloc(n);
    in->want = malloc(n);
    in->ones = malloc(sizeof *in->ones * (n + 1));
    if (!in->a || !in->b || !in->a_lat || !in->want || !in->ones) {
        sq_sequence_free(&seq);
        sq_input_free(in);
        snprintf(err, errlen, "--length %zu: out of memory", length);
        return -1;
    }
    in->ones[0] = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned a = seq.a[i], b = seq.b ? seq.b[i] : 0;
        in->a[i] = (uint8_t)(fam->x88 ? sq_to_x88(a) : a);
        in->b[i] = (uint8_t)b;
        in->want[i] = (uint8_t)fam->expected(in->a[i], b);
        in->ones[i + 1] = in->ones[i] + in->want[i];
        in->a_lat[i] = (uint8_t)(in->a[i] ^ (i ? in->want[i - 1] : 0));
    }
    sq_sequence_free(&seq);
    return 0;
}

void sq_input_free(sq_input *in) {
    free(in->a);
    free(in->b);
    free(in->a_lat);
    free(in->want);
    free(in->ones);
    memset(in, 0, sizeof *in);
}
