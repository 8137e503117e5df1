/* sqcolor verify: truth before timing. */
#include "bench/cli/cli.h"
#include "bench/verify/batch_verify.h"
#include "bench/verify/verify.h"

#include <stdio.h>
#include <stdlib.h>

bool sq_verify_all(const sq_variant *const *vs, int n, bool quiet, FILE *out) {
    int passed = 0, failed = 0;
    const sq_variant **good = malloc(sizeof *good * (size_t)(n > 0 ? n : 1)); /* not on the stack */
    if (!good) {
        fprintf(out, "verify: out of memory\n");
        return false;
    }
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
    free(good);
    fprintf(out, "verify: %d passed, %d failed\n", passed, failed);
    fflush(out);
    return failed == 0;
}

static const sq_option options[] = {SQ_OPTION_FILTER("ids")};

static int run_verify(int argc, char **argv);

static const sq_example verify_examples[] = {
    {"sqcolor verify", "every variant over its whole domain, and the seeds' properties"},
    {"sqcolor verify --filter 'same_color/*/asm'",
     "only the asm routines of the same_color family"},
};

const sq_command sq_command_verify = {
    .name = "verify",
    .run = run_verify,
    .summary = "check every variant over its whole domain, and the seeds' properties",
    .description =
        "Calls each routine through a checked-call trampoline for every input of its domain\n"
        "(64 squares, 64 valid 0x88 squares or 4096 pairs) and compares with the definition:\n"
        "dark iff file + rank is even. Also reports clobbered callee-saved registers and\n"
        "results that depend on the upper 32 bits of an argument. Then the batch routines this\n"
        "CPU runs: every square in every lane, lengths 0..257 at every offset, nothing written\n"
        "outside the output, no vzeroupper forgotten. Exit 0 if all pass, else 1.",
    .options = options,
    .noptions = 1,
    SQ_EXAMPLES(verify_examples),
};

static int run_verify(int argc, char **argv) {
    sq_value filter;
    sq_parse_options(&sq_command_verify, argc, argv, &filter, NULL, 0, NULL);
    const sq_variant **vs = sq_variant_room();
    const sq_batch_variant **bvs = sq_batch_variant_room();
    int nb, n = sq_select_all_supported_or_exit("verify", filter.text, vs, bvs, &nb);
    bool ok = sq_verify_all(vs, n, false, stdout);
    return sq_batch_verify_all(bvs, nb, false, stdout) && ok ? SQ_EXIT_OK : SQ_EXIT_FAIL;
}
