/* Bash completion scripts, printed from the commands' option declarations
 * (options.h) as the help is: the commands, each one's options, the values
 * of a choice, files and folders where a value or operand is one, and
 * variant ids for --filter. */
#ifndef SQCOLOR_COMPLETION_H
#define SQCOLOR_COMPLETION_H

#include "bench/cli/options.h"

#include <stdio.h>

/* The script for sqcolor's commands cmds[0..n) (the first one whose
 * is_default is set runs without its name), or, when n is 1 and cmds[0] is a
 * program of its own (sqcolor-gbench), for that program. */
void sq_print_bash_completion(FILE *out, const sq_command *const *cmds, int n);

#endif
