/* sqcolor list and sqcolor eval: what the registry holds, and what each
 * routine answers over its whole domain. */
#include "bench/cli/cli.h"

#include "bench/machine/cpu_features.h"
#include "bench/catalog/gate.h"
#include "bench/util/escape.h"

#include <stdio.h>
#include <string.h>

/* A row per technique of the selected variants: docs/catalogue.md's table
 * (tools/docs.py), so the two cannot drift. Needs are the
 * catalogue's, not this CPU's. */
static void print_catalogue_markdown(const sq_variant *const *vs, int n) {
    printf("| family | technique | formula | asm instructions | needs |\n|---|---|---|---|---|\n");
    for (int i = 0; i < n; i++) {
        bool seen = false;
        for (int j = 0; j < i && !seen; j++)
            seen =
                vs[j]->family == vs[i]->family && strcmp(vs[j]->technique, vs[i]->technique) == 0;
        if (seen)
            continue;
        char needs[128];
        printf("| %s | %s | ", vs[i]->family->name, vs[i]->technique);
        sq_put_markdown_code(stdout, vs[i]->formula);
        printf(" | ");
        sq_put_markdown_code(stdout, vs[i]->insns);
        printf(" | %s |\n", sq_feature_names(vs[i]->needs, needs, sizeof needs));
    }
}

/* A row per batch technique and language (asm, or C built by every C impl). */
static void print_batch_catalogue_markdown(const sq_batch_variant *const *vs, int n) {
    printf("\n| batch family | technique | written in | how | needs |\n|---|---|---|---|---|\n");
    for (int i = 0; i < n; i++) {
        bool asm_i = strcmp(vs[i]->impl, "asm") == 0, seen = false;
        for (int j = 0; j < i && !seen; j++)
            seen = vs[j]->family == vs[i]->family &&
                   strcmp(vs[j]->technique, vs[i]->technique) == 0 &&
                   (strcmp(vs[j]->impl, "asm") == 0) == asm_i;
        if (seen)
            continue;
        char needs[128];
        printf("| %s | %s | %s | ", vs[i]->family->name, vs[i]->technique,
               asm_i ? "asm" : "C, every C impl");
        sq_put_markdown_code(stdout, vs[i]->how);
        printf(" | %s |\n", sq_feature_names(vs[i]->needs, needs, sizeof needs));
    }
}

/* list's own order: csv before markdown. */
#define LIST_FORMATS(X) X(LIST_TABLE, "table") X(LIST_CSV, "csv") X(LIST_MARKDOWN, "markdown")
typedef enum list_format { LIST_FORMATS(SQ_CHOICE_ENUMERATOR) } list_format;

enum { LIST_FILTER, LIST_FORMAT, LIST_COUNT };
static const sq_option list_options[LIST_COUNT] = {
    [LIST_FILTER] = SQ_OPTION_FILTER("ids"),
    [LIST_FORMAT] = SQ_OPTION_FORMAT(
        LIST_FORMATS, "table",
        "table (a variant this CPU cannot execute says what it needs), csv (header: "
        "id,family,technique,impl,kind,needs,supported) or markdown (a row per technique: "
        "family, technique, formula, asm instructions, needs; docs/catalogue.md)"),
};

static int run_list(int argc, char **argv);

static const sq_example list_examples[] = {
    {"sqcolor list --filter '*/*/asm'",
     "every technique's asm routine, and what a CPU needs to run it"},
    {"sqcolor list --format csv", "every variant, one CSV line each, for a script"},
};

const sq_command sq_command_list = {
    .name = "list",
    .run = run_list,
    .summary = "list the variants",
    .description = "The batch variants follow the scalar ones, with what each needs of the CPU.",
    .options = list_options,
    .noptions = LIST_COUNT,
    SQ_EXAMPLES(list_examples),
};

static int run_list(int argc, char **argv) {
    sq_value v[LIST_COUNT];
    sq_parse_options(&sq_command_list, argc, argv, v, NULL, 0, NULL);
    list_format chosen = v[LIST_FORMAT].choice;
    const sq_variant **vs = sq_variant_room();
    const sq_batch_variant **bvs = sq_batch_variant_room();
    int nb, n = sq_select_all_or_exit("list", v[LIST_FILTER].text, vs, bvs, &nb);

    if (chosen == LIST_MARKDOWN) {
        print_catalogue_markdown(vs, n);
        if (nb)
            print_batch_catalogue_markdown(bvs, nb);
        return SQ_EXIT_OK;
    }
    if (chosen == LIST_CSV) {
        printf("id,family,technique,impl,kind,needs,supported\n");
        for (int i = 0; i < n; i++)
            sq_print_csv_row(vs[i]->id, vs[i]->family->name, vs[i]->technique, vs[i]->impl,
                             "scalar", vs[i]->needs);
    } else if (n) {
        sq_print_catalogue(vs, n);
    }
    sq_print_batch_catalogue(bvs, nb, chosen == LIST_CSV);
    return SQ_EXIT_OK;
}

void sq_print_csv_row(const char *id, const char *family, const char *technique, const char *impl,
                      const char *kind, unsigned needs) {
    char names[160];
    sq_feature_names(needs, names, sizeof names);
    for (char *p = names; *p; p++) /* "avx2, gfni" -> "avx2+gfni": one CSV field */
        if (*p == ',') {
            memmove(p, p + 1, strlen(p));
            *p = '+';
        }
    printf("%s,%s,%s,%s,%s,%s,%s\n", id, family, technique, impl, kind, names,
           sq_cpu_features_missing(needs) ? "no" : "yes");
}

void sq_print_catalogue(const sq_variant *const *vs, int n) {
    printf("%-40s %-34s %s\n", "id", "formula", "instructions");
    for (int i = 0; i < n; i++) {
        char why[160];
        const char *unsupported = sq_gate_reason(vs[i]->needs, why, sizeof why);
        printf("%-40s %-34s %s%s%s\n", vs[i]->id, vs[i]->formula, vs[i]->insns,
               unsupported ? "  " : "", unsupported ? unsupported : "");
    }
}

/* The raw answers, called directly (not through the trampoline) so the rows
 * are exactly what a user calling the routine would get. */
static const sq_option eval_options[] = {SQ_OPTION_FILTER("ids")};

static int run_eval(int argc, char **argv);

static const sq_example eval_examples[] = {
    {"sqcolor eval --filter color/bt/asm", "color/bt/asm's answer for each of the 64 squares"},
    {"sqcolor eval --filter 'same_color/*/asm'",
     "the same_color asm routines' answers for every pair of squares"},
};

const sq_command sq_command_eval = {
    .name = "eval",
    .run = run_eval,
    .summary = "print every variant's raw result for every input, as CSV",
    .description =
        "CSV with header id,a,b,result; b is empty for one-square families; a is a 0x88\n"
        "square (16*rank + file) for color_x88, else 8*rank + file (a1 = 0).",
    .options = eval_options,
    .noptions = 1,
    SQ_EXAMPLES(eval_examples),
};

static int run_eval(int argc, char **argv) {
    sq_value filter;
    sq_parse_options(&sq_command_eval, argc, argv, &filter, NULL, 0, NULL);
    const sq_variant **vs = sq_variant_room();
    int n = sq_select_supported_or_exit("eval", filter.text, vs);

    printf("id,a,b,result\n");
    for (int k = 0; k < n; k++) {
        const sq_variant *v = vs[k];
        for (int i = 0; i < v->family->domain_size; i++) {
            unsigned a, b;
            sq_domain_input(v->family, i, &a, &b);
            unsigned r = sq_call(v, a, b);
            if (v->family->arity == 2)
                printf("%s,%u,%u,%u\n", v->id, a, b, r);
            else
                printf("%s,%u,,%u\n", v->id, a, r);
        }
    }
    return SQ_EXIT_OK; /* main checks what reached standard output */
}

/* list's batch rows, after the scalar ones. */
void sq_print_batch_catalogue(const sq_batch_variant *const *vs, int n, bool csv) {
    if (csv) {
        for (int i = 0; i < n; i++)
            sq_print_csv_row(vs[i]->id, vs[i]->family->name, vs[i]->technique, vs[i]->impl, "batch",
                             vs[i]->needs);
        return;
    }
    if (!n)
        return;
    printf("\n%-34s %-56s %s\n", "batch id", "needs", "how");
    for (int i = 0; i < n; i++) {
        char needs[200];
        if (!sq_gate_reason(vs[i]->needs, needs, sizeof needs))
            sq_feature_names(vs[i]->needs, needs, sizeof needs);
        const sq_batch_variant *picks = vs[i]->dispatcher ? sq_batch_best_asm(vs[i]->family) : NULL;
        printf("%-34s %-56s %s%s%s%s\n", vs[i]->id, needs, vs[i]->how, picks ? " (here: " : "",
               picks ? picks->id : "", picks ? ")" : "");
    }
}
