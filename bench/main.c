/* sqcolor: how many core cycles does each way of computing the color of a
 * chess square cost, hand-written asm beside compiled C? */
#include "bench/cli/cli.h"
#include "bench/cli/completion.h"
#include "bench/cli/manual.h"
#include "bench/machine/clock.h"
#include "bench/machine/test_switches.h"
#include "bench/report/report.h"
#include "bench/measure/engine.h"
#include "bench/report/model_vs_measurement.h"
#include "bench/machine/placement.h"
#include "bench/input/sequence.h"
#include "bench/util/suggest.h"
#include "sq_version.h"

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int run_help(int argc, char **argv);

#define HELP_FORMATS(X)                                                                            \
    X(HELP_TEXT, "text") X(HELP_MARKDOWN, "markdown") X(HELP_MAN, "man") X(HELP_BASH, "bash")
typedef enum help_format { HELP_FORMATS(SQ_CHOICE_ENUMERATOR) } help_format;

enum { HELP_FORMAT, HELP_COUNT };
static const sq_option help_options[HELP_COUNT] = {
    [HELP_FORMAT] = SQ_OPTION_FORMAT(HELP_FORMATS, "text",
                                     "text for a terminal; markdown (docs/commands.md is made "
                                     "of it by tools/docs.py); man, the page sqcolor.1; bash, "
                                     "the completion script"),
};

static const sq_example help_examples[] = {
    {"sqcolor help run", "run's options, as 'sqcolor run --help' prints them"},
    {"sqcolor help --format man", "the man page sqcolor.1, every command and example"},
};

static const sq_command help_command = {
    .name = "help",
    .run = run_help,
    .operands = "[COMMAND]",
    .summary = "help on a command",
    .description = "Without a command: the commands, or with --format markdown every command's\n"
                   "reference. --format man and bash are of every command: they take none.",
    .options = help_options,
    .noptions = HELP_COUNT,
    SQ_EXAMPLES(help_examples),
};

/* The commands in the order the overview and the reference list them. */
static const sq_command *const commands[] = {
    &sq_command_run,    &sq_command_try,       &sq_command_verify,   &sq_command_list,
    &sq_command_eval,   &sq_command_calibrate, &sq_command_selftest, &sq_command_disasm,
    &sq_command_report, &sq_command_compare,   &sq_command_ab,       &sq_command_batch,
    &help_command,
};
#define COMMAND_COUNT (int)(sizeof commands / sizeof commands[0])

static const sq_command *find_command(const char *name) {
    for (int i = 0; i < COMMAND_COUNT; i++)
        if (strcmp(commands[i]->name, name) == 0)
            return commands[i];
    return NULL;
}

/* "unknown command 'WORD'", with the command it may have meant. */
static _Noreturn void unknown_command(const char *word) {
    const char *names[COMMAND_COUNT];
    char hint[96];
    for (int i = 0; i < COMMAND_COUNT; i++)
        names[i] = commands[i]->name;
    sq_usage_error(NULL, "unknown command '%s'%s", word,
                   sq_did_you_mean(word, names, COMMAND_COUNT, hint, sizeof hint));
}

static const char summary[] = "core cycles per chess-square color technique, asm beside C";

static void print_overview(void) {
    printf("sqcolor %s: %s\n\nusage: sqcolor [COMMAND] [OPTIONS]\n\ncommands:\n", SQCOLOR_VERSION,
           summary);
    for (int i = 0; i < COMMAND_COUNT; i++)
        printf("  %-10s %s\n", commands[i]->name, commands[i]->summary);
    printf("\nsqcolor help COMMAND (or sqcolor COMMAND --help, -h) shows a command's options.\n"
           "Exit status: 0 success, 1 a check failed, 2 bad input.\n");
}

static int run_help(int argc, char **argv) {
    sq_value format;
    const char *name = NULL;
    int named;
    sq_parse_options(&help_command, argc, argv, &format, &name, 1, &named);
    const sq_command *c = named ? find_command(name) : NULL;
    if (named && !c)
        unknown_command(name);
    bool markdown = format.choice == HELP_MARKDOWN;
    bool whole = format.choice == HELP_MAN || format.choice == HELP_BASH;
    if (c && whole)
        sq_usage_error("help", "--format %s is of every command: give no command, not '%s'",
                       format.text, name);
    if (format.choice == HELP_MAN)
        sq_print_commands_man(stdout, SQCOLOR_VERSION, summary, commands, COMMAND_COUNT);
    else if (format.choice == HELP_BASH)
        sq_print_bash_completion(stdout, commands, COMMAND_COUNT);
    else if (c && markdown)
        sq_print_command_markdown(stdout, c);
    else if (c)
        sq_print_command_help(stdout, c);
    else if (markdown)
        sq_print_commands_markdown(stdout, commands, COMMAND_COUNT);
    else
        print_overview();
    return SQ_EXIT_OK;
}

/* Standard input, output and error closed by the caller (">&-") are opened
 * on /dev/null the wrong way round, so that a file opened later cannot take
 * their numbers and a write to a closed standard output still fails. */
static void occupy_closed_std_fds(void) {
    for (int fd = 0; fd <= 2; fd++)
        if (fcntl(fd, F_GETFD) == -1 && errno == EBADF)
            open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
}

/* Standard output through a stream that keeps the reason its first write
 * failed: a long output (list of 15 impls, eval) fails in the middle of a
 * printf, and errno is long gone by the check at exit. */
static int stdout_errno;

static ssize_t write_stdout(void *cookie, const char *buf, size_t n) {
    (void)cookie;
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(STDOUT_FILENO, buf + done, n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (!stdout_errno)
                stdout_errno = w < 0 ? errno : EIO;
            return done ? (ssize_t)done : -1;
        }
        done += (size_t)w;
    }
    return (ssize_t)done;
}

static void keep_stdout_errors(void) {
    FILE *f = fopencookie(NULL, "w", (cookie_io_functions_t){.write = write_stdout});
    if (!f)
        return; /* the plain stream: the check at exit may not know why */
    setvbuf(f, NULL, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF, BUFSIZ);
    stdout = f;
}

/* At exit, whatever the command: everything written to standard output
 * reached it, or one line says why and the status is 2. */
static void check_stdout(void) {
    errno = 0;
    int e = 0;
    bool failed = fflush(stdout) != 0 || ferror(stdout);
    if (failed)
        e = stdout_errno ? stdout_errno : errno;
    if (fclose(stdout) != 0 && !failed) {
        failed = true;
        e = stdout_errno ? stdout_errno : errno;
    }
    if (failed) {
        fprintf(stderr, "sqcolor: cannot write standard output%s%s\n", e ? ": " : "",
                e ? strerror(e) : "");
        _exit(SQ_EXIT_USAGE);
    }
}

int main(int argc, char **argv) {
    sq_tsc_mark();
    occupy_closed_std_fds();
    keep_stdout_errors();
    atexit(check_stdout);
    sq_placement_init(argv);
    char err[256];
    if (sq_test_switches_init(err, sizeof err) != 0)
        sq_usage_error(NULL, "%s", err);
    if (argc < 2)
        return sq_command_run.run(0, argv + 1);
    const char *word = argv[1];
    if (strcmp(word, "--help") == 0 || strcmp(word, "-h") == 0)
        word = "help"; /* --help COMMAND is help COMMAND */
    if (strcmp(word, "--version") == 0 && argc > 2)
        sq_usage_error(NULL, "--version takes no argument, not '%s'", argv[2]);
    if (strcmp(word, "--version") == 0) {
        printf("sqcolor %s (%s)\n", SQCOLOR_VERSION, SQCOLOR_COMMIT);
        return SQ_EXIT_OK;
    }
    if (strncmp(word, "--", 2) == 0) /* options of the default command */
        return sq_command_run.run(argc - 1, argv + 1);
    const sq_command *c = find_command(word);
    if (!c)
        unknown_command(word);
    return c->run(argc - 2, argv + 2);
}
