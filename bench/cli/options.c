#include "bench/cli/options.h"

#include "bench/cli/environment.h"
#include "bench/cli/messages.h"
#include "bench/util/exit_status.h"

#include "bench/util/seed.h"
#include "bench/util/escape.h"
#include "bench/util/suggest.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

long sq_last_cpu(void) {
    return sysconf(_SC_NPROCESSORS_ONLN) - 1;
}

/* A whole number as the help writes it: powers of two from 2^10 as 2^k. */
static const char *whole_text(long v, char *buf, size_t len) {
    int k = 0;
    while (k < 62 && (1L << k) < v)
        k++;
    if (v >= 1024 && (1L << k) == v)
        snprintf(buf, len, "2^%d", k);
    else
        snprintf(buf, len, "%ld", v);
    return buf;
}

/* What an option accepts, in words: "3 to 1000", "one of table|csv". Empty
 * for any text and for a flag. */
static const char *range_text(const sq_option *o, char *buf, size_t len) {
    char lo[32], hi[32];
    switch (o->kind) {
    case SQ_OPTION_WHOLE:
        if (o->max_now)
            snprintf(buf, len, "%s to %s", whole_text(o->min, lo, sizeof lo), o->max_name);
        else
            snprintf(buf, len, "%s to %s", whole_text(o->min, lo, sizeof lo),
                     whole_text(o->max, hi, sizeof hi));
        break;
    case SQ_OPTION_WHOLE_LIST:
        snprintf(buf, len, "comma-separated, rising, each %s to %s",
                 whole_text(o->min, lo, sizeof lo), whole_text(o->max, hi, sizeof hi));
        break;
    case SQ_OPTION_U64:
        snprintf(buf, len, "0 to 2^64-1 in decimal digits");
        break;
    case SQ_OPTION_NUMBER:
        snprintf(buf, len, o->open ? "between %g and %g" : "%g to %g", o->low, o->high);
        break;
    case SQ_OPTION_CHOICE:
        snprintf(buf, len, "one of %s", o->choices);
        break;
    case SQ_OPTION_CHOICE_LIST:
        snprintf(buf, len, "any of %s, comma-separated", o->choices);
        break;
    default:
        *buf = 0;
    }
    return buf;
}

/* Which of the '|'-separated choices text is, or -1. */
static int choice_index(const char *choices, const char *text, size_t text_len) {
    int index = 0;
    for (const char *p = choices;; index++) {
        size_t len = strcspn(p, "|");
        if (text_len == len && strncmp(text, p, len) == 0)
            return index;
        if (!p[len])
            return -1;
        p += len + 1;
    }
}

/* The one way numbers are written on the command line: decimal digits, a
 * leading '-' only where negative_ok; a decimal may have a fraction and an
 * exponent ("0.5", "1e-3", ".5"). No '+', space, hex, hex-float, inf or nan
 * (which strtol and strtod would take). */
static bool plain_number(const char *text, bool negative_ok, bool decimal) {
    static const char digit[] = "0123456789";
    const char *p = text + (negative_ok && *text == '-');
    size_t n = strspn(p, digit);
    p += n;
    if (decimal && *p == '.') {
        size_t fraction = strspn(p + 1, digit);
        n += fraction;
        p += 1 + fraction;
    }
    if (decimal && n && (*p == 'e' || *p == 'E')) {
        p += 1 + (p[1] == '+' || p[1] == '-');
        size_t exponent = strspn(p, digit);
        if (!exponent)
            return false;
        p += exponent;
    }
    return n > 0 && *p == 0;
}

/* text as a whole number within o's range, or exit 2 naming what o takes. */
static long parse_whole(const sq_command *cmd, const sq_option *o, const char *text) {
    char *end;
    errno = 0;
    long n = strtol(text, &end, 10), max = o->max_now ? o->max_now() : o->max;
    if (!plain_number(text, true, false) || errno || *end)
        sq_command_usage_error(cmd, "%s takes a whole number, not '%s'", o->name, text);
    /* A '-' only where the range has negatives: "-0" where 0 is in range is
     * refused for its sign, not called out of range. */
    if (*text == '-' && n == 0 && o->min == 0)
        sq_command_usage_error(cmd, "%s takes a whole number with no sign, not '%s'", o->name,
                               text);
    if (n < o->min || n > max) {
        char lo[32], hi[32];
        sq_command_usage_error(cmd, "%s %s is out of range (%s to %s)", o->name, text,
                               whole_text(o->min, lo, sizeof lo), whole_text(max, hi, sizeof hi));
    }
    return n;
}

/* text as the value of o into *v, or exit 2 naming what o takes. */
static void parse_value(const sq_command *cmd, const sq_option *o, const char *text, sq_value *v) {
    char range[160], *end;
    v->text = text;
    switch (o->kind) {
    case SQ_OPTION_WHOLE:
        v->whole = parse_whole(cmd, o, text);
        break;
    case SQ_OPTION_WHOLE_LIST:
        v->nwholes = 0;
        for (const char *p = text;; p++) {
            size_t len = strcspn(p, ",");
            char item[32];
            if (!len)
                sq_command_usage_error(cmd, "%s '%s': empty item between commas", o->name, text);
            if (v->nwholes == SQ_MAX_WHOLES)
                sq_command_usage_error(cmd, "%s takes at most %d numbers", o->name, SQ_MAX_WHOLES);
            snprintf(item, sizeof item, "%.*s", (int)(len < sizeof item ? len : sizeof item - 1),
                     p);
            if (len >= sizeof item)
                sq_command_usage_error(cmd, "%s takes whole numbers, not '%s'", o->name, text);
            v->wholes[v->nwholes] = parse_whole(cmd, o, item);
            if (v->nwholes && v->wholes[v->nwholes] <= v->wholes[v->nwholes - 1])
                sq_command_usage_error(cmd, "%s takes rising numbers, not '%s'", o->name, text);
            v->nwholes++;
            p += len;
            if (!*p)
                break;
        }
        break;
    case SQ_OPTION_U64:
        if (!plain_number(text, false, false) || !sq_seed_parse(text, &v->u64))
            sq_command_usage_error(cmd, "%s takes a whole number from %s, not '%s'", o->name,
                                   range_text(o, range, sizeof range), text);
        break;
    case SQ_OPTION_NUMBER:
        v->number = strtod(text, &end);
        /* "-0" where 0 is in range: refused for its sign, not its value */
        if (*text == '-' && v->number == 0 && o->low == 0 && !o->open &&
            plain_number(text, true, true))
            sq_command_usage_error(cmd, "%s takes a number with no sign, not '%s'", o->name, text);
        if (!plain_number(text, o->low < 0, true) || *end ||
            !(o->open ? v->number > o->low && v->number < o->high
                      : v->number >= o->low && v->number <= o->high))
            sq_command_usage_error(cmd, "%s takes a number %s%s, not '%s'", o->name,
                                   o->open ? "" : "from ", range_text(o, range, sizeof range),
                                   text);
        break;
    case SQ_OPTION_CHOICE: {
        int index = choice_index(o->choices, text, strlen(text));
        if (index < 0)
            sq_command_usage_error(cmd, "%s must be one of %s, not '%s'", o->name, o->choices,
                                   text);
        v->choice = index;
        break;
    }
    case SQ_OPTION_CHOICE_LIST:
        v->chosen = 0;
        for (const char *p = text;; p++) {
            size_t len = strcspn(p, ",");
            if (!len)
                sq_command_usage_error(cmd, "%s '%s': empty item between commas", o->name, text);
            int i = choice_index(o->choices, p, len);
            if (i < 0)
                sq_command_usage_error(cmd, "%s must be one of %s, not '%.*s'", o->name, o->choices,
                                       (int)len, p);
            v->chosen |= 1u << i;
            p += len;
            if (!*p)
                break;
        }
        break;
    default:
        break;
    }
}

/* "CMD --help" or "-h": the command's help on standard output, exit 0 (2 if
 * it cannot be written: main.c's check of standard output at exit says so,
 * in its one line). */
static _Noreturn void help_exit(const sq_command *cmd) {
    sq_print_command_help(stdout, cmd);
    exit(SQ_EXIT_OK);
}

static int find_option(const sq_command *cmd, const char *name, size_t len) {
    for (int i = 0; i < cmd->noptions; i++)
        if (strlen(cmd->options[i].name) == len && strncmp(cmd->options[i].name, name, len) == 0)
            return i;
    return -1;
}

/* "unknown option '--NAME'" (name: its first len bytes), with the option of
 * cmd it may have meant. */
static _Noreturn void unknown_option(const sq_command *cmd, const char *name, size_t len) {
    const char *names[cmd->noptions + 1];
    char typed[SQ_SUGGEST_MAX_LEN + 2], hint[96];
    for (int i = 0; i < cmd->noptions; i++)
        names[i] = cmd->options[i].name;
    names[cmd->noptions] = "--help";
    snprintf(typed, sizeof typed, "%.*s", (int)(len < sizeof typed ? len : sizeof typed - 1), name);
    sq_command_usage_error(cmd, "unknown option '%.*s'%s", (int)len, name,
                           sq_did_you_mean(typed, names, cmd->noptions + 1, hint, sizeof hint));
}

void sq_parse_options(const sq_command *cmd, int argc, char **argv, sq_value *values,
                      const char **positional, int max_positional, int *npositional) {
    for (int i = 0; i < cmd->noptions; i++) {
        values[i] = (sq_value){.given = false};
        if (cmd->options[i].def)
            parse_value(cmd, &cmd->options[i], cmd->options[i].def, &values[i]);
    }
    int npos = 0;
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0)
            help_exit(cmd);
        if (strncmp(arg, "--", 2) != 0 || arg[2] == 0) {
            if (npos >= max_positional && cmd->most)
                sq_command_usage_error(cmd, "%s: '%s' is one too many", cmd->most, arg);
            if (npos >= max_positional)
                sq_command_usage_error(cmd, "unexpected argument '%s'", arg);
            positional[npos++] = arg;
            continue;
        }
        const char *eq = strchr(arg, '=');
        size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
        int k = find_option(cmd, arg, len);
        if (k < 0)
            unknown_option(cmd, arg, len);
        const sq_option *o = &cmd->options[k];
        values[k].given = true;
        if (o->kind == SQ_OPTION_FLAG) {
            if (eq)
                sq_command_usage_error(cmd, "option '%s' takes no value", o->name);
            continue;
        }
        const char *value = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
        if (!value || (!eq && strncmp(value, "--", 2) == 0))
            sq_command_usage_error(cmd, "option '%s' needs a value", o->name);
        if (!*value)
            sq_command_usage_error(cmd, "option '%s' needs a non-empty value", o->name);
        parse_value(cmd, o, value, &values[k]);
    }
    if (npositional)
        *npositional = npos;
}

const char *sq_option_notes(const sq_option *o, char *buf, size_t len) {
    char range[160];
    const char *def = o->def ? o->def : o->default_note;
    range_text(o, range, sizeof range);
    if (def && *range)
        snprintf(buf, len, " (default %s; %s)", def, range);
    else if (def || *range)
        snprintf(buf, len, " (%s%s)", def ? "default " : "", def ? def : range);
    else
        *buf = 0;
    return buf;
}

const char *sq_usage_text(const sq_command *cmd, char *buf, size_t len) {
    const char *operands = cmd->operands ? cmd->operands : "";
    if (cmd->program)
        snprintf(buf, len, "%s%s%s%s", cmd->program, cmd->noptions ? " [OPTIONS]" : "",
                 *operands ? " " : "", operands);
    else
        snprintf(buf, len, "sqcolor %s%s%s%s%s%s", cmd->is_default ? "[" : "", cmd->name,
                 cmd->is_default ? "]" : "", *operands ? " " : "", operands,
                 cmd->noptions ? " [OPTIONS]" : "");
    return buf;
}

static void print_usage_line(FILE *out, const sq_command *cmd, const char *before,
                             const char *after) {
    char usage[256];
    fprintf(out, "%s%s%s", before, sq_usage_text(cmd, usage, sizeof usage), after);
}

void sq_print_command_help(FILE *out, const sq_command *cmd) {
    print_usage_line(out, cmd, "usage: ", "\n");
    fprintf(out, "  %s.\n", cmd->summary);
    for (const char *p = cmd->description; p && *p;) {
        size_t len = strcspn(p, "\n");
        fprintf(out, "  %.*s\n", (int)len, p);
        p += len + (p[len] != 0);
    }
    int width = 16;
    for (int i = 0; i < cmd->noptions; i++) {
        const sq_option *o = &cmd->options[i];
        int w = (int)strlen(o->name) + (o->placeholder ? 1 + (int)strlen(o->placeholder) : 0);
        if (w > width)
            width = w;
    }
    if (cmd->noptions)
        fprintf(out, "\noptions:\n");
    for (int i = 0; i < cmd->noptions; i++) {
        const sq_option *o = &cmd->options[i];
        char left[64], notes[320];
        snprintf(left, sizeof left, "%s%s%s", o->name, o->placeholder ? " " : "",
                 o->placeholder ? o->placeholder : "");
        fprintf(out, "  %-*s  %s%s\n", width, left, o->help,
                sq_option_notes(o, notes, sizeof notes));
    }
    if (cmd->nexamples)
        fprintf(out, "\nexamples:\n");
    for (int i = 0; i < cmd->nexamples; i++)
        fprintf(out, "  %s\n      %s\n", cmd->examples[i].line, cmd->examples[i].what);
}

/* The examples as a shell block, each line after a comment saying what it does. */
static void print_examples_markdown(FILE *out, const sq_command *cmd) {
    if (!cmd->nexamples)
        return;
    fprintf(out, "\nExamples:\n\n```sh\n");
    for (int i = 0; i < cmd->nexamples; i++)
        fprintf(out, "%s# %s\n%s\n", i ? "\n" : "", cmd->examples[i].what, cmd->examples[i].line);
    fprintf(out, "```\n");
}

/* text in a Markdown table cell: '|' would end the cell, '*' start emphasis. */
void sq_print_command_markdown(FILE *out, const sq_command *cmd) {
    fprintf(out, "## %s\n\n", cmd->name);
    print_usage_line(out, cmd, "`", "`\n\n");
    fprintf(out, "%s.\n", cmd->summary);
    if (cmd->description)
        fprintf(out, "\n%s\n", cmd->description);
    if (cmd->noptions)
        fprintf(out, "\n| option | what it does | default | accepts |\n|---|---|---|---|\n");
    for (int i = 0; i < cmd->noptions; i++) {
        const sq_option *o = &cmd->options[i];
        char range[160];
        fprintf(out, "| `%s%s%s` | ", o->name, o->placeholder ? " " : "",
                o->placeholder ? o->placeholder : "");
        sq_put_markdown(out, o->help);
        fprintf(out, " | ");
        if (o->def) {
            fprintf(out, "`%s`", o->def);
        } else if (o->default_note) {
            sq_put_markdown(out, o->default_note);
        }
        fprintf(out, " | ");
        sq_put_markdown(out, range_text(o, range, sizeof range));
        fprintf(out, " |\n");
    }
    print_examples_markdown(out, cmd);
}

void sq_print_commands_markdown(FILE *out, const sq_command *const *cmds, int n) {
    fprintf(out, "| command | what it does |\n|---|---|\n");
    for (int i = 0; i < n; i++) {
        fprintf(out, "| [`%s`](#%s) | ", cmds[i]->name, cmds[i]->name);
        sq_put_markdown(out, cmds[i]->summary);
        fprintf(out, " |\n");
    }
    fprintf(out,
            "\nEvery command takes `--help` or `-h` (`sqcolor --help COMMAND` is `sqcolor help "
            "COMMAND`); `sqcolor --version` prints the version. Exit status: 0 success, 1 a "
            "check failed, 2 bad input (one line naming it).\n\nThe environment:\n\n");
#define SQ_ENVIRONMENT_ITEM(name, what) fprintf(out, "- `%s`: %s\n", name, what);
    SQ_FOR_EACH_ENVIRONMENT(SQ_ENVIRONMENT_ITEM)
#undef SQ_ENVIRONMENT_ITEM
    for (int i = 0; i < n; i++) {
        fprintf(out, "\n");
        sq_print_command_markdown(out, cmds[i]);
    }
}

void sq_command_usage_error(const sq_command *cmd, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    sq_usage_error_v(cmd->program, cmd->name, fmt, ap);
}
