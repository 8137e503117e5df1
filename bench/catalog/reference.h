/* The plain definition every routine is checked against: a square is dark iff
 * file + rank is even. Nothing here uses any of the catalogue's tricks. */
#ifndef SQCOLOR_REFERENCE_H
#define SQCOLOR_REFERENCE_H

#include <stdint.h>

static inline unsigned sq_file(unsigned sq) {
    return sq % 8;
}
static inline unsigned sq_rank(unsigned sq) {
    return sq / 8;
}

/* 1 = dark. */
static inline unsigned ref_color(unsigned sq) {
    return (sq_file(sq) + sq_rank(sq)) % 2 == 0;
}

static inline unsigned ref_same_color(unsigned a, unsigned b) {
    return ref_color(a) == ref_color(b);
}

static inline unsigned ref_different_color(unsigned a, unsigned b) {
    return ref_color(a) != ref_color(b);
}

/* 0x88 square of a 0..63 square, and back. */
static inline unsigned sq_to_x88(unsigned sq) {
    return 16 * sq_rank(sq) + sq_file(sq);
}
static inline unsigned x88_to_sq(unsigned x88) {
    return 8 * (x88 / 16) + x88 % 16;
}

/* Writes "e4" style names; buf needs 3 bytes. */
static inline const char *sq_name(unsigned sq, char buf[3]) {
    buf[0] = (char)('a' + sq_file(sq));
    buf[1] = (char)('1' + sq_rank(sq));
    buf[2] = 0;
    return buf;
}

#endif
