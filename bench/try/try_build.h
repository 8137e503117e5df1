/* A technique file built as the tree builds a catalogue line, at run time:
 * its asm body assembled with the tree's routine and kernel macros, its C
 * body compiled into the C templates by every compiler and flag set this
 * binary was built with (the very commands: cmake/try.cmake), in parallel,
 * linked into a shared object and loaded. The templates are the tree's own
 * files, beside the binary (share/sqcolor/try in the build tree and under an
 * installed copy's prefix). */
#ifndef SQCOLOR_TRY_BUILD_H
#define SQCOLOR_TRY_BUILD_H

#include "bench/catalog/registry.h"
#include "bench/try/try_source.h"

#include <stddef.h>

typedef struct sq_try_built {
    char dir[4096];       /* the folder of its sources, objects and shared object */
    void *handle;         /* the loaded object */
    sq_variant *variants; /* asm (with an asm body), then each C impl (with a C body) */
    int nvariants;
    int runs;       /* assembler and compiler runs */
    double seconds; /* building took, wall clock */
} sq_try_built;

/* How long an assembler, compiler or linker run of a build may take unless
 * told otherwise (try --build-limit). */
#define SQ_TRY_BUILD_LIMIT_S 60

/* Builds src into a new folder under $TMPDIR (or /tmp), dir, and loads it,
 * each command within limit_s seconds; the folder goes when the program
 * ends (bench/util/child.h), and the commands building in it with a stop or
 * the program's end. Returns 0, or an exit status with one line in err:
 * SQ_EXIT_USAGE for a body that does not build ("NAME:LINE: the C body does
 * not compile with gcc-12: ...") or not within the limit, SQ_EXIT_FAIL
 * when this machine cannot build (a compiler or the templates gone). */
int sq_try_build(const sq_try_source *src, double limit_s, sq_try_built *b, char *err,
                 size_t errlen);

/* Loads what sq_try_build built into dir (a process of the run). Returns 0,
 * or SQ_EXIT_FAIL with a reason in err. */
int sq_try_load(const sq_try_source *src, const char *dir, sq_try_built *b, char *err,
                size_t errlen);

#endif
