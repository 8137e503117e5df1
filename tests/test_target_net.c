/* sqcolor-gbench's statistic over visits the host moved: a visit whose
 * every sample was dropped reads infinite, and a group with no kept visit
 * on one side has no net figure. Such groups are left out, as sqcolor run
 * leaves out a repetition with no clean sample; a group with one side
 * dropped once gave +inf or -inf, and with both nan, which sorted into the
 * median (a CI run on a busy host printed a Time of inf, or skipped the
 * benchmark as "no positive time"). */
#include "bench/measure/engine.h"

#include <math.h>

#include "check.h"

enum { GROUP = 4 };

/* Visits of groups whose net (variant less harness) is net[g]; dropped[g]
 * names the side whose visits the host took in that group: 0 the variant,
 * 1 the harness, 2 both, -1 neither. */
static int visits_of(const double *net, const int *dropped, int groups, sq_target_visit_times *v) {
    int n = 0;
    for (int g = 0; g < groups; g++)
        for (int i = 0; i < GROUP; i++, n++) {
            double harness = 10.0 + i, variant = harness + net[g];
            bool no_variant = dropped[g] == 0 || dropped[g] == 2,
                 no_harness = dropped[g] == 1 || dropped[g] == 2;
            v[n] = (sq_target_visit_times){
                {no_variant ? INFINITY : variant, no_harness ? INFINITY : harness},
                {no_variant ? INFINITY : 2 * variant, no_harness ? INFINITY : 2 * harness}};
        }
    return n;
}

int main(void) {
    sq_target_visit_times v[8 * GROUP];
    sq_stats cycles;
    double ticks;

    /* Three clean groups (nets 1, 2, 3) and one of each kind of dropped. */
    const double net[] = {1, 2, 3, 0, 0, 0};
    const int dropped[] = {-1, -1, -1, 0, 1, 2};
    int n = visits_of(net, dropped, 6, v);
    CHECK(sq_target_net(v, n, GROUP, &cycles, &ticks), "visits given: a statistic");
    CHECK(cycles.median == 2 && ticks == 4, "median of the clean groups 2 (ticks 4), got %g (%g)",
          cycles.median, ticks);
    CHECK(cycles.min == 1 && isfinite(cycles.ci_lo) && isfinite(cycles.ci_hi) &&
              isfinite(cycles.p90),
          "only clean groups in the interval: min %g, [%g, %g], p90 %g", cycles.min, cycles.ci_lo,
          cycles.ci_hi, cycles.p90);

    /* Every group dropped: no figure, not an infinite or a nan one sorted in. */
    const int all[] = {0, 1, 2, 0};
    n = visits_of(net, all, 4, v);
    CHECK(sq_target_net(v, n, GROUP, &cycles, &ticks), "visits given: a statistic");
    CHECK(isnan(cycles.median) && isnan(ticks), "no clean group: nan, got %g (%g)", cycles.median,
          ticks);
    CHECK(!sq_target_net(v, 0, GROUP, &cycles, &ticks), "no visits: false");
    return check_finish("target_net", NULL);
}
