/* A run reads each sequence file once. The run holds each file: or pgn:
 * file's bytes, read once, in a memory file (sq_sequence_hold); from then on
 * the sequence is made from that copy, and the run's processes, which inherit
 * it, read the same bytes (sq_sequence_adopt), whatever happens to the file
 * meanwhile: replaced, moved, a pipe already drained. */
#ifndef SQCOLOR_HELD_FILES_H
#define SQCOLOR_HELD_FILES_H

#include <stddef.h>
#include <stdio.h>

/* The most files a process holds. */
#define SQ_HELD_MAX 16

/* Reads spec's file, path, into a memory file that this process and those it
 * starts keep: all of it, or as far as its reader needs to refuse it: a NUL
 * byte, a byte past most, or a line's byte past most_line. A FIFO without a
 * writer reads as empty, not forever. Returns 0, or -1 with a one-line
 * reason naming the spec in err. */
int sq_sequence_hold(const char *spec, const char *path, size_t most, size_t most_line, char *err,
                     size_t errlen);

/* The held files, for a process this one starts: "spec-index=fd,..." over
 * specs[0..n), into buf; and their adoption there, from that text, for the
 * same specs. Adopt returns 0, or -1 when the text is not one this process
 * could have been given. */
void sq_sequence_held_text(const char *const *specs, int n, char *buf, size_t len);
int sq_sequence_adopt(const char *text, const char *const *specs, int n);

/* spec's file, opened for reading: its held copy from the start, or the
 * file itself, path, where it is not held; NULL with errno set. */
FILE *sq_sequence_open(const char *spec, const char *path);

#endif
