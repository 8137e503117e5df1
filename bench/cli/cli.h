/* Command-line plumbing shared by sqcolor's commands: option parsing and the
 * one-line, exit-status-2 answer to bad input. */
#ifndef SQCOLOR_CLI_H
#define SQCOLOR_CLI_H

#include "bench/catalog/batch_registry.h"
#include "bench/catalog/registry.h"
#include "bench/report/report.h"
#include "bench/util/exit_status.h"

#include <stdbool.h>
#include <stdio.h>

/* One option of a command: "--name VALUE" / "--name=VALUE" sets *value; an
 * option without value (value == NULL) sets *flag. */
typedef struct sq_option {
    const char *name;
    const char **value;
    bool *flag;
} sq_option;

/* Parses argv[0..argc) (the words after the command name) against opts;
 * bad input exits 2. Positional words go to positional[0..*npositional), at
 * most max_positional of them. --help or -h where an option or positional
 * word may stand prints sq_command_usage(cmd) and exits 0. */
void sq_parse_options(const char *cmd, int argc, char **argv, const sq_option *opts, int nopts,
                      const char **positional, int max_positional, int *npositional);

/* The usage text of a command (main.c's help), or NULL. */
extern const char *(*sq_command_usage)(const char *cmd);

/* "sqcolor CMD: <message> (see 'sqcolor help CMD')" on stderr, exit 2. */
_Noreturn void sq_usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Returns which of the '|'-separated choices value is, or exits 2 naming them. */
int sq_choice(const char *cmd, const char *option, const char *value, const char *choices);

/* The variants --filter selects (all if globs is NULL); exits 2 if a glob
 * matches nothing. *out has room for every variant. */
int sq_select_or_exit(const char *cmd, const char *globs, const sq_variant **out);

/* sq_keep_supported, saying on stderr in one line "<who>: skipped N variants
 * not supported on this CPU (...)" when it leaves some but not all out. */
int sq_keep_supported_noting(const char *who, const sq_variant **vs, int n, char *skipped,
                             size_t len);

/* The variants --filter selects that this CPU can execute: the others are
 * left out with one line on stderr naming them and what they lack; exits 2
 * when that leaves none. The gate in front of every command that calls a
 * routine or kernel. */
int sq_select_supported_or_exit(const char *cmd, const char *globs, const sq_variant **out);
/* The same over the scalar variants (to out, returned count) and the batch
 * ones (batch_out, *nbatch): a glob must match one of either. */
/* The batch variants --filter selects (a glob must match one of them), in
 * registry order; exits 2 with the reason otherwise. *out has room for all. */
int sq_select_batch_or_exit(const char *cmd, const char *globs, const sq_batch_variant **out);

int sq_select_all_or_exit(const char *cmd, const char *globs, const sq_variant **out,
                          const sq_batch_variant **batch_out, int *nbatch);

/* sq_select_all_or_exit, then the gate of sq_select_supported_or_exit over the
 * scalar variants (the batch ones are gated where they are called); exits 2
 * only when nothing of either kind is left. Returns the scalar count. */
int sq_select_all_supported_or_exit(const char *cmd, const char *globs, const sq_variant **out,
                                    const sq_batch_variant **batch_out, int *nbatch);

/* A whole number in [min, max] from an option's value, or exit 2 naming both. */
long sq_parse_long(const char *cmd, const char *option, const char *value, long min, long max);

/* For a report sq_report_write ran out of memory on: "sqcolor: out of memory
 * for the result file" (JSON) or "... for a report" on stderr. Returns
 * SQ_EXIT_FAIL, the status to end with. */
int sq_report_out_of_memory(sq_format format);

/* The commands. */
int sq_cmd_list(int argc, char **argv);
int sq_cmd_eval(int argc, char **argv);
int sq_cmd_verify(int argc, char **argv);
int sq_cmd_run(int argc, char **argv);
int sq_cmd_calibrate(int argc, char **argv);
int sq_cmd_selftest(int argc, char **argv);
int sq_cmd_disasm(int argc, char **argv);
int sq_cmd_report(int argc, char **argv);
int sq_cmd_compare(int argc, char **argv);
int sq_cmd_batch(int argc, char **argv);

/* The catalogue table: id, formula, instructions. */
void sq_print_catalogue(const sq_variant *const *vs, int n);

/* The batch variants' table: id, needs (or "not supported on this CPU (needs
 * ...)"), what it does; csv rows as list's. */
/* One row of list --format csv: id,family,technique,impl,kind,needs,supported
 * (kind scalar or batch; needs the feature names joined by '+', or '-';
 * supported yes or no, on this CPU). */
void sq_print_csv_row(const char *id, const char *family, const char *technique, const char *impl,
                      const char *kind, unsigned needs);
void sq_print_batch_catalogue(const sq_batch_variant *const *vs, int n, bool csv);

/* Verifies vs[0..n) and the properties, printing one line each unless quiet
 * (failures are always printed). Returns true when everything passed. */
bool sq_verify_all(const sq_variant *const *vs, int n, bool quiet, FILE *out);

/* Progress lines on stderr: only to a terminal, and never under CI=true. */
bool sq_progress_wanted(void);

#endif
