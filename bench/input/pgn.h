/* A small PGN reader: the destination square of every main-line move of every
 * game, in game order. No legality check: SAN names the destination. */
#ifndef SQCOLOR_PGN_H
#define SQCOLOR_PGN_H

#include <stddef.h>
#include <stdint.h>

/* Reads text[0..len) (tag pairs, move numbers, comments, NAGs, annotations,
 * nested variations, results, several games, CRLF, a UTF-8 BOM) into out,
 * which has room for len / 2 squares (a move takes at least two bytes).
 * Returns the number of moves, or -1 with "line N: reason" in err. */
long sq_pgn_moves(const char *text, size_t len, uint8_t *out, char *err, size_t errlen);

#endif
