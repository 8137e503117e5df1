/* sqcolor run: verify, then (until the timing engine lands) show the catalogue. */
#include "cli.h"

#include <stdio.h>

int sq_cmd_run(int argc, char **argv) {
    const char *filter = NULL;
    const sq_option opts[] = {{"--filter", &filter, NULL}};
    sq_parse_options("run", argc, argv, opts, 1, NULL, 0, NULL);
    const sq_variant *vs[sq_variant_count];
    int n = sq_select_or_exit("run", filter, vs);
    if (!sq_verify_all(vs, n, false))
        return SQ_EXIT_FAIL;
    printf("\n");
    sq_print_catalogue(vs, n);
    return SQ_EXIT_OK;
}
