/* A command and its options, each declared once (in the style of FFmpeg's
 * AVOption tables): the parser checks values against the rows, and the help,
 * the usage and docs/commands.md are printed from them. */
#ifndef SQCOLOR_OPTIONS_H
#define SQCOLOR_OPTIONS_H

#include "bench/util/choices.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef enum sq_option_kind {
    SQ_OPTION_FLAG,        /* no value */
    SQ_OPTION_TEXT,        /* any non-empty text */
    SQ_OPTION_WHOLE,       /* a whole number in [min, max] */
    SQ_OPTION_U64,         /* decimal digits, 0 to 2^64-1 */
    SQ_OPTION_NUMBER,      /* a number in [low, high], or (low, high) if open */
    SQ_OPTION_CHOICE,      /* one of choices */
    SQ_OPTION_CHOICE_LIST, /* comma-separated items of choices */
    SQ_OPTION_WHOLE_LIST,  /* comma-separated whole numbers in [min, max], at most
                              SQ_MAX_WHOLES, rising */
} sq_option_kind;

/* One option: everything the parser, the help and the docs know of it. */
typedef struct sq_option {
    const char *name; /* "--reps" */
    sq_option_kind kind;
    const char *placeholder; /* the value in the help, "N", "FILE"; NULL for a flag */
    const char *help;
    /* The default in the option's own syntax, checked and applied by the
     * parser when the option is absent; or, when the command works it out
     * (from other options, the machine), default_note says how. */
    const char *def;
    const char *default_note;
    long min, max;         /* SQ_OPTION_WHOLE(_LIST) */
    long (*max_now)(void); /* a top known only when run, instead of max... */
    const char *max_name;  /* ...and what the help calls it */
    double low, high;      /* SQ_OPTION_NUMBER */
    bool open;             /* SQ_OPTION_NUMBER: low and high themselves refused */
    const char *choices;   /* SQ_OPTION_CHOICE(_LIST): "table|csv|markdown", made by
                              SQ_CHOICES of the list that makes its enum (choices.h) */
} sq_option;

#define SQ_MAX_WHOLES 16

/* What the parser made of one option (the row's default if absent). */
typedef struct sq_value {
    bool given;       /* on the command line (a flag: set) */
    const char *text; /* as written, or the default; NULL if neither */
    long whole;
    uint64_t u64;
    double number;
    int choice;                 /* SQ_OPTION_CHOICE: the index in choices, an enumerator of
                                   its list: compared by name, read by an accessor
                                   (formats.h), never a bare number */
    unsigned chosen;            /* SQ_OPTION_CHOICE_LIST: bit i for choice i */
    long wholes[SQ_MAX_WHOLES]; /* SQ_OPTION_WHOLE_LIST: nwholes of them, rising */
    int nwholes;
} sq_value;

/* A use of a command, shown by its help, docs/commands.md and the man page:
 * one command line (no pipe or redirection: the ctest cli parses its
 * options, from the word that names the program on), and what it does. */
typedef struct sq_example {
    const char *line; /* "sqcolor run --quick" */
    const char *what; /* one line, no full stop */
} sq_example;

/* A command's examples, an array declared next to its options. */
#define SQ_EXAMPLES(array) .examples = array, .nexamples = (int)(sizeof array / sizeof array[0])

/* A command: its help, usage and reference page are printed from this. */
typedef struct sq_command {
    const char *name;
    const char *program; /* a program of its own (sqcolor-gbench), or NULL: a sqcolor command */
    int (*run)(int argc, char **argv);
    bool is_default;          /* what 'sqcolor' alone runs: the name is optional */
    const char *operands;     /* after the name in the usage line ("FILE..."), or NULL */
    const char *most;         /* a message's words for the most operands it takes ("at most
                                 16 result files"), or NULL: one more is unexpected */
    const char *summary;      /* one line, for the overview */
    const char *description;  /* lines joined by '\n', or NULL */
    const sq_option *options; /* in the order the help lists them */
    int noptions;
    const sq_example *examples; /* at least two (SQ_EXAMPLES) */
    int nexamples;
} sq_command;

/* A macro's value as text, for a default owned by a macro. */
#define SQ_STR_(x) #x
#define SQ_STR(x)  SQ_STR_(x)

/* Options shared by several commands. */
#define SQ_OPTION_FILTER(over)                                                                     \
    {                                                                                              \
        .name = "--filter", .kind = SQ_OPTION_TEXT, .placeholder = "GLOBS",                        \
        .help = "comma-separated shell globs over " over                                           \
    }
#define SQ_OPTION_OUTPUT                                                                           \
    {                                                                                              \
        .name = "--output", .kind = SQ_OPTION_TEXT, .placeholder = "FILE",                         \
        .help = "write there (atomically) instead of standard output"                              \
    }
/* The batch sizes (sqcolor batch, sqcolor-gbench); SQ_BATCH_* of
 * bench/measure/batch_timing.h. */
#define SQ_OPTION_BATCH_SIZES(what)                                                                \
    {                                                                                              \
        .name = "--sizes", .kind = SQ_OPTION_WHOLE_LIST, .placeholder = "N,...", .help = what,     \
        .def = SQ_STR(SQ_BATCH_L1_N) "," SQ_STR(SQ_BATCH_L2_N), .min = 64, .max = SQ_BATCH_MOST_N  \
    }
/* --format over the choice set LIST (choices.h), def by default; what says
 * what each gives. */
#define SQ_OPTION_FORMAT(LIST, def_name, what)                                                     \
    {                                                                                              \
        .name = "--format", .kind = SQ_OPTION_CHOICE, .placeholder = "F", .help = what,            \
        .def = def_name, .choices = SQ_CHOICES(LIST)                                               \
    }
#define SQ_OPTION_CPU                                                                              \
    {                                                                                              \
        .name = "--cpu", .kind = SQ_OPTION_WHOLE, .placeholder = "N", .help = "pin to CPU N",      \
        .default_note = "the current one", .min = 0, .max_now = sq_last_cpu,                       \
        .max_name = "the last online CPU"                                                          \
    }

/* The number of the last online CPU. */
long sq_last_cpu(void);

/* Parses argv[0..argc) (the words after the command name) against cmd's
 * options into values[0..cmd->noptions); bad input exits 2. Positional words
 * go to positional[0..*npositional), at most max_positional of them. --help
 * or -h where an option or positional word may stand prints the command's
 * help and exits 0. */
void sq_parse_options(const sq_command *cmd, int argc, char **argv, sq_value *values,
                      const char **positional, int max_positional, int *npositional);

/* A command's usage line, "sqcolor [run] [OPTIONS]", into buf. */
const char *sq_usage_text(const sq_command *cmd, char *buf, size_t len);

/* What an option's help line ends with: "(default X; 3 to 1000)", or ""
 * when there is neither. */
const char *sq_option_notes(const sq_option *o, char *buf, size_t len);

/* The help of a command: usage line, description, a line per option. */
void sq_print_command_help(FILE *out, const sq_command *cmd);

/* The reference of the commands as Markdown (docs/commands.md): the
 * overview table, then a section per command. */
void sq_print_commands_markdown(FILE *out, const sq_command *const *cmds, int n);

/* One command's section of that reference. */
void sq_print_command_markdown(FILE *out, const sq_command *cmd);

/* As sq_usage_error (messages.h) for cmd's options; for a program of its
 * own (cmd->program, sqcolor-gbench): "PROGRAM: <message> (see 'PROGRAM
 * --help')". */
_Noreturn void sq_command_usage_error(const sq_command *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
