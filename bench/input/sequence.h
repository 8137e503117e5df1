/* The square sequences the engine times over: built-in patterns generated from
 * a seed, a user's file of squares, or the moves of a PGN file. Squares are
 * 0..63 (a1 = 0); pairs for two-square families. */
#ifndef SQCOLOR_SEQUENCE_H
#define SQCOLOR_SEQUENCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct sq_sequence {
    int arity;
    size_t length;       /* squares (pairs) */
    uint8_t *a, *b;      /* b is NULL for arity 1 */
    size_t source_count; /* squares (pairs) read from the file, before tiling */
} sq_sequence;

/* The most a sequence file may hold, and a line of it: past them a file is
 * refused with a message naming the limit. */
#define SQ_SEQUENCE_MAX_BYTES ((size_t)256 << 20)
#define SQ_SEQUENCE_MAX_LINE  ((size_t)16 << 20)

/* The built-in names, comma-separated: of one square and of pairs. */
#define SQ_SEQUENCES_ONE  "ordered,random,dark,light,alternating,game-moves,game-bishops"
#define SQ_SEQUENCES_PAIR "random,same,different,game-bishop-pairs"

/* The built-in names for an arity: SQ_SEQUENCES_ONE or SQ_SEQUENCES_PAIR. */
const char *sq_sequence_names(int arity);

/* The PATH of "file:PATH" or "pgn:PATH" (a spec or its label); NULL for the
 * other specs. */
const char *sq_sequence_path(const char *spec);

/* A built-in name of that arity, "file:PATH" or "pgn:PATH" (pair families
 * refuse a PGN when it is made). */
bool sq_sequence_known(const char *spec, int arity);

/* Builds `length` squares (pairs); a file's are repeated to that length.
 * A sequence's first squares are the same at every length (a run's kernel
 * check builds only them). Returns 0, or -1 with a one-line reason naming the file, line and token.
 */
int sq_sequence_make(const char *spec, int arity, size_t length, uint64_t seed, sq_sequence *out,
                     char *err, size_t errlen);

void sq_sequence_free(sq_sequence *s);

/* spec's file read once, for the run and its processes (held_files.h): 0
 * for a spec that is not a file, or -1 with a one-line reason in err. */
int sq_sequence_read_once(const char *spec, char *err, size_t errlen);

/* "e4", "E4" or "28" -> 28; false if the token is none of these. */
bool sq_parse_square(const char *token, unsigned *sq);

#endif
