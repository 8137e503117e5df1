#include "bench/cli/manual.h"

#include "bench/cli/environment.h"
#include "bench/util/escape.h"

#include "sq_version.h"

#include <ctype.h>
#include <string.h>

static const char exit_status[] = "0 success, 1 a check failed or the run could not be made, "
                                  "2 bad input (one line naming it).";

/* text's lines, each a line of the page: roff fills them into a paragraph. */
static void put_lines(FILE *out, const char *text) {
    char line[512];
    for (const char *p = text; p && *p;) {
        size_t len = strcspn(p, "\n");
        snprintf(line, sizeof line, "%.*s", (int)len, p);
        sq_put_roff(out, line);
        fputc('\n', out);
        p += len + (p[len] != 0);
    }
}

/* "\fBtext\fR", text escaped. */
static void put_bold(FILE *out, const char *text) {
    fputs("\\fB", out);
    sq_put_roff(out, text);
    fputs("\\fR", out);
}

static void put_header(FILE *out, const char *program, const char *version, const char *summary) {
    fprintf(out,
            ".\\\" Generated from the option declarations (bench/cli/options.h): do not edit.\n"
            ".TH ");
    char title[64];
    size_t i = 0;
    for (; program[i] && i < sizeof title - 1; i++) /* the title in capitals: SQCOLOR */
        title[i] = (char)toupper((unsigned char)program[i]);
    title[i] = 0;
    sq_put_roff(out, title);
    fputs(" 1 \"" SQCOLOR_DATE "\" \"sqcolor ", out); /* the release's date */
    sq_put_roff(out, version);
    fputs("\" \"User Commands\"\n.nh\n.ad l\n.SH NAME\n", out); /* option names unbroken */
    sq_put_roff(out, program);
    fputs(" \\- ", out);
    sq_put_roff(out, summary);
    fputc('\n', out);
}

/* One .TP paragraph per option, then --help. */
static void put_options(FILE *out, const sq_command *cmd) {
    for (int i = 0; i < cmd->noptions; i++) {
        const sq_option *o = &cmd->options[i];
        char notes[320];
        fputs(".TP\n", out);
        put_bold(out, o->name);
        if (o->placeholder) {
            fputs(" \\fI", out);
            sq_put_roff(out, o->placeholder);
            fputs("\\fR", out);
        }
        fputc('\n', out);
        sq_put_roff(out, o->help);
        sq_put_roff(out, sq_option_notes(o, notes, sizeof notes));
        fputc('\n', out);
    }
    fputs(".TP\n\\fB\\-\\-help\\fR, \\fB\\-h\\fR\nthis help, and exit\n", out);
}

static void put_command(FILE *out, const sq_command *cmd) {
    char usage[256];
    fputs(".SS ", out);
    sq_put_roff(out, cmd->name);
    fputc('\n', out);
    put_bold(out, sq_usage_text(cmd, usage, sizeof usage));
    fputs("\n.PP\n", out);
    sq_put_roff(out, cmd->summary);
    fputs(".\n", out);
    if (cmd->description) {
        fputs(".PP\n", out);
        put_lines(out, cmd->description);
    }
    put_options(out, cmd);
}

/* Every example of cmds[0..n), a paragraph each: the line, what it does. */
static void put_examples(FILE *out, const sq_command *const *cmds, int n) {
    fputs(".SH EXAMPLES\n", out);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < cmds[i]->nexamples; k++) {
            fputs(".TP\n", out);
            put_bold(out, cmds[i]->examples[k].line);
            fputc('\n', out);
            sq_put_roff(out, cmds[i]->examples[k].what);
            fputc('\n', out);
        }
}

/* The sections after the commands: exit status, examples, see also. */
static void put_footer(FILE *out, const sq_command *const *cmds, int n, const char *see_also) {
    fputs(".SH EXIT STATUS\n", out);
    put_lines(out, exit_status);
    put_examples(out, cmds, n);
    fputs(".SH SEE ALSO\n", out);
    fprintf(out,
            ".BR %s (1);\nthe documentation in share/doc/sqcolor under the prefix\n"
            "(/usr/share/doc/sqcolor from the Debian package).\n",
            see_also);
}

void sq_print_commands_man(FILE *out, const char *version, const char *summary,
                           const sq_command *const *cmds, int n) {
    put_header(out, "sqcolor", version, summary);
    fputs(".SH SYNOPSIS\n\\fBsqcolor\\fR [\\fICOMMAND\\fR] [\\fIOPTIONS\\fR]\n"
          ".SH DESCRIPTION\n",
          out);
    put_lines(out, "Without a command, sqcolor runs the default command (run). Every command\n"
                   "takes --help or -h (sqcolor --help COMMAND is sqcolor help COMMAND);\n"
                   "sqcolor --version prints the version. The commands:");
    for (int i = 0; i < n; i++) {
        fputs(".TP\n", out);
        put_bold(out, cmds[i]->name);
        fputc('\n', out);
        sq_put_roff(out, cmds[i]->summary);
        fputc('\n', out);
    }
    fputs(".SH COMMANDS\n", out);
    for (int i = 0; i < n; i++)
        put_command(out, cmds[i]);
    fputs(".SH ENVIRONMENT\n", out);
#define SQ_ENVIRONMENT_ITEM(name, what)                                                            \
    fputs(".TP\n", out);                                                                           \
    put_bold(out, name);                                                                           \
    fputc('\n', out);                                                                              \
    sq_put_roff(out, what);                                                                        \
    fputc('\n', out);
    SQ_FOR_EACH_ENVIRONMENT(SQ_ENVIRONMENT_ITEM)
#undef SQ_ENVIRONMENT_ITEM
    fputs(".SH FILES\n.TP\n\\fIshare/sqcolor/try\\fR\n", out);
    put_lines(out, "the templates sqcolor try builds a technique with, under the prefix (or\n"
                   "beside the program in a build folder)");
    put_footer(out, cmds, n, "sqcolor\\-gbench");
}

void sq_print_program_man(FILE *out, const char *version, const sq_command *cmd, const char *more) {
    char usage[256];
    put_header(out, cmd->program, version, cmd->summary);
    fputs(".SH SYNOPSIS\n", out);
    put_bold(out, sq_usage_text(cmd, usage, sizeof usage));
    fputs("\n.SH DESCRIPTION\n", out);
    put_lines(out, cmd->description);
    fputs(".SH OPTIONS\n", out);
    put_options(out, cmd);
    if (more) {
        fputs(".PP\n", out);
        put_lines(out, more);
    }
    put_footer(out, &cmd, 1, "sqcolor");
}
