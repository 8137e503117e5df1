/* Knight distance between any two squares, computed by breadth-first search at
 * start-up (no typed-in table). Its low bit is 0 exactly for same-colored pairs. */
#ifndef SQCOLOR_KNIGHT_H
#define SQCOLOR_KNIGHT_H

/* [from][to], 0..6 moves; filled before main() runs. Hidden so asm can reach it
 * PC-relative from a position-independent executable. */
extern __attribute__((visibility("hidden"))) unsigned char sq_knight_distance[64][64];

#endif
