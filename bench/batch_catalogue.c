/* sqcolor list's batch rows, after the scalar ones. */
#include "cli.h"
#include "cpu_features.h"

#include <stdio.h>

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
        char names[160], needs[200];
        unsigned missing = sq_cpu_features_missing(vs[i]->needs);
        if (missing)
            snprintf(needs, sizeof needs, "not supported on this CPU (needs %s)",
                     sq_feature_names(missing, names, sizeof names));
        else
            sq_feature_names(vs[i]->needs, needs, sizeof needs);
        const sq_batch_variant *picks = vs[i]->dispatcher ? sq_batch_best_asm(vs[i]->family) : NULL;
        printf("%-34s %-56s %s%s%s%s\n", vs[i]->id, needs, vs[i]->how, picks ? " (here: " : "",
               picks ? picks->id : "", picks ? ")" : "");
    }
}
