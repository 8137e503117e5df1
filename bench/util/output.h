/* Output files that appear whole or not at all: written to a temporary beside
 * the final name and renamed into place; and mkdir -p for their folders. */
#ifndef SQCOLOR_OUTPUT_H
#define SQCOLOR_OUTPUT_H

#include "bench/util/cleanup.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* An output file. What sq_output_open does with the name it is given:
 *  - a new name or a regular file: written to a temporary beside it and
 *    renamed over it on commit (and only if it is still a new name or a
 *    regular file then); the temporary is removed on abort, on a write error,
 *    at exit() without a commit and when a signal ends the process;
 *  - a symbolic link: followed; the file it leads to is treated as above (a
 *    regular file is replaced atomically, the link stays). A link to nothing
 *    is refused;
 *  - a device, a fifo or a socket: written through, never replaced or
 *    removed; a write error is still reported on commit;
 *  - a folder: refused; and so is a file (or device) this process may not
 *    write, as the shell's '>' refuses it, though a rename could replace it.
 * The temporary is "<file>.tmp.<pid>.XXXXXX": one left by a process killed
 * with SIGKILL (every catchable signal removes them, see below) is told by
 * its process id no longer running, and the next open of the same file says
 * so on standard error, one line each, removing nothing.
 *
 * Signals: a temporary is in the cleanup registry (bench/util/cleanup.h)
 * while it is open, so a stop signal removes it and then ends the process
 * as before (one ignored stays ignored: nohup keeps working). At most
 * SQ_OUTPUT_MAX are open at once.
 * Every descriptor is opened close-on-exec: a command started meanwhile does
 * not hold the temporary. */
typedef struct sq_output {
    FILE *fp;
    char path[4096];             /* the file written (a symbolic link resolved) */
    char tmp[4096 + 32];         /* the temporary; path itself when written through */
    bool direct;                 /* written through: not a regular file */
    int slot;                    /* the temporary's place in the cleanup list */
    struct sq_output_sink *sink; /* fp's descriptor, and why its first write failed */
} sq_output;

#define SQ_OUTPUT_MAX SQ_CLEANUP_MAX_FILES

int sq_output_open(sq_output *o, const char *path, char *err, size_t errlen);
int sq_output_commit(sq_output *o, char *err, size_t errlen);
void sq_output_abort(sq_output *o);

/* Whether path can take a file written whole (a temporary renamed over it):
 * a new name, or a regular file (or a link to one) this process may write.
 * Else -1 with the reason: a folder, a link to nothing, a file it may not
 * write, or "not a regular file" for a device, fifo or socket (which
 * sq_output_open would write through). */
int sq_output_check_file(const char *path, char *err, size_t errlen);

/* For sq_output_commit_new: always a temporary, whatever path is now. */
int sq_output_open_new(sq_output *o, const char *path, char *err, size_t errlen);

/* Commits under o->path, or, if that name exists (whatever it is), under the
 * first free "<stem>-N<ext>"; the name used goes to used. Never overwrites
 * or writes through anything. */
int sq_output_commit_new(sq_output *o, char *used, size_t usedlen, char *err, size_t errlen);

/* mkdir -p of the folder a path is in. */
int sq_make_parent_dirs(const char *path, char *err, size_t errlen);

/* mkdir -p of dir, then a file created and removed in it: whether results can
 * be saved there, found before any timing. */
int sq_check_writable_dir(const char *dir, char *err, size_t errlen);

#endif
