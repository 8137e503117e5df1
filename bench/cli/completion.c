#include "bench/cli/completion.h"

#include <stdbool.h>
#include <string.h>

/* The part that is the same for every program: the helpers, and the reading
 * of the line into cur (the word completed) and opt (the option whose value
 * it is, if any), with --opt=value split at '=' as bash splits it. */
static const char helpers[] =
    "# The variant ids of sqcolor list (program $1), for --filter.\n"
    "_sqcolor_ids() {\n"
    "    \"$1\" list --format csv 2>/dev/null | while IFS=, read -r id _; do\n"
    "        [ \"$id\" = id ] || printf '%s\\n' \"$id\"\n"
    "    done\n"
    "}\n"
    "\n"
    "# cur as one of the words $1, or with $2 set as a comma-separated list of them.\n"
    "_sqcolor_words() {\n"
    "    local head=\n"
    "    [ -n \"${2-}\" ] && [[ $cur == *,* ]] && head=${cur%,*},\n"
    "    local IFS=$'\\n'\n"
    "    COMPREPLY=($(compgen -W \"$1\" -P \"$head\" -- \"${cur##*,}\"))\n"
    "}\n"
    "\n"
    "# cur as a file (-f) or folder (-d).\n"
    "_sqcolor_files() {\n"
    "    compopt -o filenames 2>/dev/null\n"
    "    local IFS=$'\\n'\n"
    "    COMPREPLY=($(compgen \"$1\" -- \"$cur\"))\n"
    "}\n"
    "\n"
    "# The word completed (cur) and the option it is the value of (opt).\n"
    "_sqcolor_line() {\n"
    "    cur=${COMP_WORDS[COMP_CWORD]} opt=\n"
    "    ((COMP_CWORD > 0)) && opt=${COMP_WORDS[COMP_CWORD - 1]}\n"
    "    if [ \"$cur\" = = ]; then\n"
    "        cur=\n"
    "    elif [ \"$opt\" = = ] && ((COMP_CWORD > 1)); then\n"
    "        opt=${COMP_WORDS[COMP_CWORD - 2]}\n"
    "    fi\n"
    "}\n";

/* text in single quotes for the shell. */
static void put_quoted(FILE *out, const char *text) {
    fputc('\'', out);
    for (const char *p = text; *p; p++)
        if (*p == '\'')
            fputs("'\\''", out);
        else
            fputc(*p, out);
    fputc('\'', out);
}

/* choices "a|b|c" as one quoted word list, a line each. */
static void put_choices(FILE *out, const char *choices) {
    char words[512];
    snprintf(words, sizeof words, "%s", choices);
    for (char *p = words; *p; p++)
        if (*p == '|')
            *p = '\n';
    put_quoted(out, words);
}

/* What follows the option o on the line: a case branch that completes its
 * value, or nothing for a flag. */
static void put_value_branch(FILE *out, const sq_option *o) {
    if (o->kind == SQ_OPTION_FLAG)
        return;
    fputs("        ", out);
    put_quoted(out, o->name);
    fputs(") ", out);
    const char *ph = o->placeholder ? o->placeholder : "";
    if (strcmp(o->name, "--filter") == 0)
        fputs("_sqcolor_words \"$(_sqcolor_ids \"$1\")\" list", out);
    else if (o->kind == SQ_OPTION_CHOICE || o->kind == SQ_OPTION_CHOICE_LIST) {
        fputs("_sqcolor_words ", out);
        put_choices(out, o->choices);
        fputs(o->kind == SQ_OPTION_CHOICE_LIST ? " list" : "", out);
    } else if (strcmp(ph, "FILE") == 0)
        fputs("_sqcolor_files -f", out);
    else if (strcmp(ph, "DIR") == 0)
        fputs("_sqcolor_files -d", out);
    else
        fputs(":", out); /* a number or a name: nothing to offer */
    fputs("; return ;;\n", out);
}

/* What a command's operands are: files (FILE..., A.json B.json), a command
 * name (help's), or nothing to complete. */
static const char *operand_kind(const sq_command *cmd) {
    const char *ops = cmd->operands;
    if (ops && strstr(ops, "COMMAND"))
        return "command";
    if (ops && (strstr(ops, "FILE") || strstr(ops, ".json")))
        return "file";
    return "none";
}

/* One command's branch: sets opts and operands, or completes a value. */
static void put_command(FILE *out, const sq_command *cmd) {
    char opts[1024] = "";
    for (int i = 0; i < cmd->noptions; i++) {
        strncat(opts, cmd->options[i].name, sizeof opts - strlen(opts) - 1);
        strncat(opts, " ", sizeof opts - strlen(opts) - 1);
    }
    strncat(opts, "--help", sizeof opts - strlen(opts) - 1);
    fputs("    opts=", out);
    put_quoted(out, opts);
    fputc('\n', out);
    fprintf(out, "    operands=%s\n    case $opt in\n", operand_kind(cmd));
    for (int i = 0; i < cmd->noptions; i++)
        put_value_branch(out, &cmd->options[i]);
    fputs("    esac\n", out);
}

/* The end of the function: options, or the operands. */
static const char tail[] = "    if [[ $cur == -* || $operands == none ]]; then\n"
                           "        local IFS=$'\\n'\n"
                           "        COMPREPLY=($(compgen -W \"${opts// /$'\\n'}\" -- \"$cur\"))\n"
                           "    elif [ $operands = command ]; then\n"
                           "        _sqcolor_words \"$commands\"\n"
                           "    else\n"
                           "        _sqcolor_files -f\n"
                           "    fi\n"
                           "}\n";

/* The function name of program: _sqcolor, _sqcolor_gbench. */
static void put_function_name(FILE *out, const char *program) {
    fputc('_', out);
    for (const char *p = program; *p; p++)
        fputc(*p == '-' ? '_' : *p, out);
}

static void put_program(FILE *out, const sq_command *cmd) {
    put_function_name(out, cmd->program);
    fputs("() {\n    local cur opt opts operands commands=\n    _sqcolor_line\n", out);
    put_command(out, cmd);
    fputs(tail, out);
    fprintf(out, "complete -F ");
    put_function_name(out, cmd->program);
    fprintf(out, " %s\n", cmd->program);
}

/* sqcolor: the command is the first word, or the default one when that is an
 * option; the first word itself is a command or an option of the default. */
static void put_commands(FILE *out, const sq_command *const *cmds, int n) {
    const sq_command *def = NULL;
    char names[1024] = "";
    for (int i = 0; i < n; i++) {
        strncat(names, i ? "\n" : "", sizeof names - strlen(names) - 1);
        strncat(names, cmds[i]->name, sizeof names - strlen(names) - 1);
        if (cmds[i]->is_default && !def)
            def = cmds[i];
    }
    fputs("_sqcolor() {\n    local cur opt opts operands commands=", out);
    put_quoted(out, names);
    fputs("\n    _sqcolor_line\n    local cmd=${COMP_WORDS[1]-}\n", out);
    if (def) {
        fputs("    [[ $cmd == -* ]] && cmd=", out);
        put_quoted(out, def->name);
        fputc('\n', out);
    }
    fputs("    if ((COMP_CWORD == 1)) && [[ $cur != -* ]]; then\n"
          "        _sqcolor_words \"$commands\"\n        return\n    fi\n"
          "    case $cmd in\n",
          out);
    for (int i = 0; i < n; i++) {
        fputs("    ", out);
        put_quoted(out, cmds[i]->name);
        fputs(")\n", out);
        put_command(out, cmds[i]);
        fputs("    ;;\n", out);
    }
    fputs("    *) return ;;\n    esac\n", out);
    if (def)
        fputs("    ((COMP_CWORD == 1)) && opts+=' --version'\n", out);
    fputs(tail, out);
    fputs("complete -F _sqcolor sqcolor\n", out);
}

void sq_print_bash_completion(FILE *out, const sq_command *const *cmds, int n) {
    bool program = n == 1 && cmds[0]->program;
    fprintf(out,
            "# bash completion for %s, generated from its option declarations\n"
            "# (bench/cli/options.h): do not edit.\n\n",
            program ? cmds[0]->program : "sqcolor");
    fputs(helpers, out);
    fputc('\n', out);
    if (program)
        put_program(out, cmds[0]);
    else
        put_commands(out, cmds, n);
}
