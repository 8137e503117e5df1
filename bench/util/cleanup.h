/* What the program must not leave behind when it ends, in one registry: the
 * children it runs, the folders it made for them and its output files'
 * temporaries. At exit() and on a stop signal (cleanup.c holds the one list:
 * the signals that end a process and that a user, a tool or the system sends
 * to stop one) the children are killed and reaped, the files removed and the
 * folders removed with what is in them; then the signal ends the process as
 * it would have. A signal is handled only if its action was the default when
 * the registry was first used: one ignored (nohup) stays ignored. A forked
 * copy of the program takes nothing of its parent's with it. From the first
 * folder or child on, a janitor (a forked copy that shares the registry)
 * waits for the program to end and takes what is still registered then:
 * what a SIGKILL, which no handler sees, would leave. */
#ifndef SQCOLOR_CLEANUP_H
#define SQCOLOR_CLEANUP_H

#include <signal.h>
#include <stdbool.h>
#include <sys/types.h>

/* The most files registered at once (bench/util/output.h's temporaries). */
#define SQ_CLEANUP_MAX_FILES 8

/* The stop signals held, until sq_cleanup_release: what is made and then
 * registered in between cannot be left by a signal between the two. The
 * handlers are in place from the first call on; the mask before in *old. */
void sq_cleanup_hold(sigset_t *old);
void sq_cleanup_release(const sigset_t *old);

/* A file to remove: its slot, or -1 when SQ_CLEANUP_MAX_FILES are
 * registered. sq_cleanup_drop_file forgets it (removing nothing). */
int sq_cleanup_add_file(const char *path);
void sq_cleanup_drop_file(int slot);

/* A folder to remove with every file in it: 0, or -1 when too many are.
 * sq_cleanup_remove_folder removes a registered folder now (any other path
 * is left alone): the one place a folder of the program's goes. */
int sq_cleanup_add_folder(const char *path);
void sq_cleanup_remove_folder(const char *path);

/* Everything registered taken now, as a stop signal takes it: the
 * children killed and reaped, the files and folders removed. Signal-safe,
 * for a handler that ends the program another way (bench/util/watchdog.h). */
void sq_cleanup_now(void);

/* A child to kill (with its process group, when it leads one) and reap: its
 * slot, or -1 when too many are registered. sq_cleanup_drop_child forgets it
 * (its caller reaps it). */
int sq_cleanup_add_child(pid_t pid, bool group);
void sq_cleanup_drop_child(int slot);

#endif
