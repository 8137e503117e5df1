/* sqcolor list and sqcolor eval: what the registry holds, and what each
 * routine answers over its whole domain. */
#include "cli.h"

#include <stdio.h>

int sq_cmd_list(int argc, char **argv) {
    const char *filter = NULL, *format = "table";
    const sq_option opts[] = {{"--filter", &filter, NULL}, {"--format", &format, NULL}};
    sq_parse_options("list", argc, argv, opts, 2, NULL, 0, NULL);
    int csv = sq_choice("list", "--format", format, "table|csv");
    const sq_variant *vs[sq_variant_count];
    const sq_batch_variant *bvs[sq_batch_variant_count];
    int nb, n = sq_select_all_or_exit("list", filter, vs, bvs, &nb);

    if (csv) {
        printf("id,family,technique,impl\n");
        for (int i = 0; i < n; i++)
            printf("%s,%s,%s,%s\n", vs[i]->id, vs[i]->family->name, vs[i]->technique, vs[i]->impl);
    } else if (n) {
        sq_print_catalogue(vs, n);
    }
    sq_print_batch_catalogue(bvs, nb, csv);
    return SQ_EXIT_OK;
}

void sq_print_catalogue(const sq_variant *const *vs, int n) {
    printf("%-40s %-34s %s\n", "id", "formula", "instructions");
    for (int i = 0; i < n; i++)
        printf("%-40s %-34s %s\n", vs[i]->id, vs[i]->formula, vs[i]->insns);
}

/* The raw answers, called directly (not through the trampoline) so the rows
 * are exactly what a user calling the routine would get. */
int sq_cmd_eval(int argc, char **argv) {
    const char *filter = NULL;
    const sq_option opts[] = {{"--filter", &filter, NULL}};
    sq_parse_options("eval", argc, argv, opts, 1, NULL, 0, NULL);
    const sq_variant *vs[sq_variant_count];
    int n = sq_select_or_exit("eval", filter, vs);

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
