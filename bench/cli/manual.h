/* The man pages (sqcolor.1, sqcolor-gbench.1), printed from the commands'
 * option declarations as their help and docs/commands.md are, so that the
 * three cannot drift apart. */
#ifndef SQCOLOR_MANUAL_H
#define SQCOLOR_MANUAL_H

#include "bench/cli/options.h"

#include <stdio.h>

/* sqcolor's page: what it is (summary, one line), then every command of
 * cmds[0..n) with its options. */
void sq_print_commands_man(FILE *out, const char *version, const char *summary,
                           const sq_command *const *cmds, int n);

/* The page of a program of its own (cmd->program, sqcolor-gbench); more is a
 * paragraph after its options, or NULL. */
void sq_print_program_man(FILE *out, const char *version, const sq_command *cmd, const char *more);

#endif
