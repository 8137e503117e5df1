/* sqcolor verify: truth before timing. */
#include "bench/cli/cli.h"
#include "bench/verify/batch_verify.h"
#include "bench/verify/verify.h"

#include <stdio.h>

bool sq_verify_all(const sq_variant *const *vs, int n, bool quiet, FILE *out) {
    int passed = 0, failed = 0;
    const sq_variant *good[sq_variant_count];
    int ngood = 0;
    for (int i = 0; i < n; i++) {
        sq_check c;
        sq_verify_variant(vs[i], &c);
        if (c.pass) {
            good[ngood++] = vs[i];
            passed++;
            if (!quiet)
                fprintf(out, "%-40s %5d inputs  PASS\n", vs[i]->id, c.checked);
        } else {
            failed++;
            fprintf(out, "%-40s %5d inputs  FAIL  %s\n", vs[i]->id, c.checked, c.detail);
        }
    }
    for (int i = 0; i < sq_property_count; i++) {
        const sq_property *p = &sq_properties[i];
        sq_check c;
        p->check(good, ngood, &c);
        char name[64];
        snprintf(name, sizeof name, "property/%s", p->name);
        if (c.pass) {
            passed++;
            if (!quiet)
                fprintf(out, "%-40s %5d checks  PASS  %s\n", name, c.checked, p->claim);
        } else {
            failed++;
            fprintf(out, "%-40s %5d checks  FAIL  %s\n", name, c.checked, c.detail);
        }
    }
    fprintf(out, "verify: %d passed, %d failed\n", passed, failed);
    fflush(out);
    return failed == 0;
}

int sq_cmd_verify(int argc, char **argv) {
    const char *filter = NULL;
    const sq_option opts[] = {{"--filter", &filter, NULL}};
    sq_parse_options("verify", argc, argv, opts, 1, NULL, 0, NULL);
    const sq_variant *vs[sq_variant_count];
    const sq_batch_variant *bvs[sq_batch_variant_count];
    int nb, n = sq_select_all_supported_or_exit("verify", filter, vs, bvs, &nb);
    bool ok = sq_verify_all(vs, n, false, stdout);
    return sq_batch_verify_all(bvs, nb, false, stdout) && ok ? SQ_EXIT_OK : SQ_EXIT_FAIL;
}
