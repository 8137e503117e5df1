/* Command-line plumbing shared by sqcolor's commands: the one-line,
 * exit-status-2 answer to bad input and the selection of variants (the
 * options themselves: options.h). */
#ifndef SQCOLOR_CLI_H
#define SQCOLOR_CLI_H

#include "bench/catalog/batch_registry.h"
#include "bench/catalog/registry.h"
#include "bench/cli/messages.h"
#include "bench/cli/options.h"
#include "bench/report/report.h"
#include "bench/util/exit_status.h"
#include "bench/util/output.h"

#include <stdbool.h>
#include <stdio.h>

/* Room for every scalar (batch) variant, on the heap, kept to the end of the
 * process: a list of them on the stack would not fit in a small one (ulimit
 * -s 64). Exits 1 when out of memory. */
const sq_variant **sq_variant_room(void);
const sq_batch_variant **sq_batch_variant_room(void);

/* The variants --filter selects (all if globs is NULL); exits 2 if a glob
 * matches nothing. *out has room for every variant. */
int sq_select_or_exit(const char *cmd, const char *globs, const sq_variant **out);

/* sq_gate_scalar, saying on stderr in one line "<who>: skipped N variants
 * not supported on this CPU (...)" when it leaves some but not all out. */
int sq_keep_supported_noting(const char *who, const sq_variant **vs, int n, char *skipped,
                             size_t len);

/* The variants --filter selects that this CPU can execute: the others are
 * left out with one line on stderr naming them and what they lack; exits 2
 * when that leaves none. The gate in front of every command that calls a
 * routine or kernel. */
int sq_select_supported_or_exit(const char *cmd, const char *globs, const sq_variant **out);
/* The batch variants --filter selects (a glob must match one of them), in
 * registry order; exits 2 with the reason otherwise, or when this CPU
 * executes none of them. All of them stay in *out (they are gated where they
 * are called); *out has room for all. */
int sq_select_batch_supported_or_exit(const char *cmd, const char *globs,
                                      const sq_batch_variant **out);

/* The variants --filter selects over the scalar variants (to out, returned
 * count) and the batch ones (batch_out, *nbatch): a glob must match one of
 * either. */
int sq_select_all_or_exit(const char *cmd, const char *globs, const sq_variant **out,
                          const sq_batch_variant **batch_out, int *nbatch);

/* sq_select_all_or_exit, then the gate of sq_select_supported_or_exit over the
 * scalar variants (the batch ones are gated where they are called); exits 2
 * only when this CPU executes nothing of either kind. Returns the scalar count. */
int sq_select_all_supported_or_exit(const char *cmd, const char *globs, const sq_variant **out,
                                    const sq_batch_variant **batch_out, int *nbatch);

/* The commands, each declared beside its code. */
extern const sq_command sq_command_run, sq_command_verify, sq_command_list, sq_command_eval,
    sq_command_calibrate, sq_command_selftest, sq_command_disasm, sq_command_report,
    sq_command_compare, sq_command_ab, sq_command_batch, sq_command_try;

/* For a report sq_report_write ran out of memory on: "sqcolor: out of memory
 * for the result file" (JSON) or "... for a report" on stderr. Returns
 * SQ_EXIT_FAIL, the status to end with. */
int sq_report_out_of_memory(sq_format format);

/* Ends cmd's --output o (NULL: standard output, whose write errors main.c
 * reports at exit) after a report sq_report_write answered `written` for:
 * aborted when out of memory, else committed. Returns the exit status:
 * SQ_EXIT_OK, SQ_EXIT_FAIL (out of memory) or SQ_EXIT_USAGE (the commit
 * failed: its reason on stderr). */
int sq_finish_report_output(const char *cmd, sq_output *o, int written, sq_format format);

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
