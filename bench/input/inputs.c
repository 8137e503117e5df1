#include "bench/input/inputs.h"

#include "bench/catalog/reference.h"
#include "bench/input/sequence.h"
#include "bench/machine/huge_pages.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sq_input_encode(const sq_family *fam, const char *spec, const sq_sequence *seq, sq_input *in,
                    char *err, size_t errlen) {
    memset(in, 0, sizeof *in);
    size_t n = seq->length - seq->length % SQ_KERNEL_UNROLL;
    bool pairs = fam->arity == 2;
    in->family = fam;
    in->sequence = spec;
    in->n = n;
    /* Each buffer on a line of its own: the block's start is 2 MiB-aligned.
     * One square's families read no b: two buffers, one 2 MiB page for the
     * default 2^20 squares. */
    size_t stride = (n + 63) / 64 * 64;
    in->timed_size = ((pairs ? 3 : 2) * stride + SQ_HUGE_PAGE - 1) / SQ_HUGE_PAGE * SQ_HUGE_PAGE;
    in->timed = sq_huge_alloc(in->timed_size, &in->huge);
    if (in->timed) {
        in->a = in->timed;
        in->a_lat = in->a + stride;
        in->b = pairs ? in->a_lat + stride : in->a; /* never read by one square's kernels */
    }
    in->want = malloc(n);
    in->ones = malloc(sizeof *in->ones * (n + 1));
    if (!in->a || !in->want || !in->ones) {
        sq_input_free(in);
        snprintf(err, errlen, "--length %zu: out of memory", seq->length);
        return -1;
    }
    /* The answers by square (pair), from the reference once each, not once a
     * square of a million: a run's processes each encode 22 inputs. */
    uint8_t encoded[64], answer[64][64];
    for (unsigned sq = 0; sq < 64; sq++) {
        encoded[sq] = (uint8_t)(fam->x88 ? sq_to_x88(sq) : sq);
        for (unsigned b = 0; b < (pairs ? 64u : 1u); b++)
            answer[sq][b] = (uint8_t)fam->expected(encoded[sq], b);
    }
    in->ones[0] = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned a = seq->a[i] & 63, b = pairs ? seq->b[i] & 63 : 0;
        in->a[i] = encoded[a];
        if (pairs)
            in->b[i] = (uint8_t)b;
        in->want[i] = answer[a][b];
        in->ones[i + 1] = in->ones[i] + in->want[i];
        in->a_lat[i] = (uint8_t)(in->a[i] ^ (i ? in->want[i - 1] : 0));
    }
    return 0;
}

int sq_input_build(const sq_family *fam, const char *spec, size_t length, uint64_t seed,
                   sq_input *in, char *err, size_t errlen) {
    sq_sequence seq;
    memset(in, 0, sizeof *in);
    if (sq_sequence_make(spec, fam->arity, length, seed, &seq, err, errlen))
        return -1;
    int rc = sq_input_encode(fam, spec, &seq, in, err, errlen);
    sq_sequence_free(&seq);
    return rc;
}

void sq_input_free(sq_input *in) {
    if (in->timed)
        sq_huge_free(in->timed, in->timed_size);
    free(in->want);
    free(in->ones);
    memset(in, 0, sizeof *in);
}
