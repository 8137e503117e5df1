#include "bench/machine/calibration.h"

#include "bench/machine/test_switches.h"
#include "bench/util/stats.h"

#include <math.h>
#include <sched.h>
#include <stdlib.h>

sq_calibration_config sq_calibration_defaults(void) {
    return (sq_calibration_config){.reps = SQ_CALIBRATION_REPS,
                                   .samples = 5,
                                   .sample_s = SQ_CALIBRATION_SAMPLE_US * 1e-6,
                                   .cpu = -1};
}

int sq_pin_cpu(int cpu) {
    if (cpu >= 0) {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(cpu, &set);
        if (sched_setaffinity(0, sizeof set, &set) != 0)
            return -1;
        return cpu;
    }
    /* Stay on the CPU we are on: the scheduler must not move us mid-sample. */
    cpu = sched_getcpu();
    return sq_pin_cpu(cpu < 0 ? 0 : cpu);
}

double sq_cycles_per_tick_now(const sq_calibration_config *cfg, const sq_calibration *cal) {
    const sq_chain *add = sq_chain_find("add");
    return 1.0 / sq_chain_ticks(add, cal->add_iters, cfg->samples);
}

void sq_calibrate_clock(const sq_calibration_config *cfg, sq_calibration *cal) {
    cal->cpu = sq_pin_cpu(cfg->cpu);
    sq_machine_detect(&cal->machine);
    cal->tsc_hz = sq_tsc_hz(&cal->tsc_source);
    cal->timer_overhead = sq_timer_overhead();
    cal->perf = sq_perf_cycles_open();
    const sq_chain *add = sq_chain_find("add");
    /* Warm up: let the core reach its clock before anything is kept. */
    double warm_s = cfg->warm_s > 0 ? cfg->warm_s : 0.05;
    sq_chain_ticks(add, sq_chain_iters_for(add, warm_s * cal->tsc_hz), 1);
    /* A cycle counter needs no clock samples to span its swing. */
    cal->modulation = cal->perf ? (sq_modulation){0, 0, 0} : sq_modulation_measure(cal->tsc_hz);
    cal->add_iters = sq_chain_iters_for(add, cfg->sample_s * cal->tsc_hz);
    /* Each add_x8 sample right after an add-chain sample, so that the two
     * see one core clock: the x8 chain alone, against the clock's median,
     * read 7.05 adds a cycle (5.38 quiet) in a process whose clock was
     * still rising (AMD Zen 5), and that process took every later sample
     * as shared. */
    const sq_chain *x8 = sq_chain_find("add_x8");
    uint64_t x8_iters = sq_chain_iters_for(x8, cfg->sample_s * cal->tsc_hz);
    int reps = cfg->reps > 0 ? cfg->reps : 1;
    double *add_ticks = malloc(sizeof *add_ticks * (size_t)reps * 3), *x8_ticks = add_ticks + reps,
           *r = x8_ticks + reps;
    for (int i = 0; i < reps; i++) {
        add_ticks[i] = sq_chain_ticks(add, cal->add_iters, cfg->samples);
        x8_ticks[i] = sq_chain_ticks(x8, x8_iters, cfg->samples);
        r[i] = 1 / add_ticks[i];
    }
    cal->cycles_per_tick = sq_stats_of(r, reps).median;
    cal->core_hz = cal->tsc_hz * cal->cycles_per_tick;
    cal->alu_per_cycle = sq_alu_of_pairs(add_ticks, x8_ticks, reps);
    free(add_ticks);
}

double sq_alu_of_pairs(const double *add_ticks, const double *x8_ticks, int n) {
    double *alu = malloc(sizeof *alu * (size_t)(n > 0 ? n : 1));
    if (!alu)
        return NAN;
    for (int i = 0; i < n; i++)
        alu[i] = 8 * add_ticks[i] / x8_ticks[i];
    double median = sq_stats_of(alu, n).median;
    free(alu);
    return median;
}

sq_stats sq_measure_chain(const sq_calibration_config *cfg, const sq_calibration *cal,
                          const sq_chain *chain) {
    uint64_t iters = sq_chain_iters_for(chain, cfg->sample_s * cal->tsc_hz);
    double *r = malloc(sizeof *r * (size_t)cfg->reps);
    for (int i = 0; i < cfg->reps; i++) {
        double cpt = sq_cycles_per_tick_now(cfg, cal);
        r[i] = sq_chain_ticks(chain, iters, cfg->samples) * cpt;
    }
    sq_stats s = sq_stats_of(r, cfg->reps);
    free(r);
    return s;
}

void sq_print_clock(FILE *out, const sq_calibration *cal) {
    const sq_machine *m = &cal->machine;
    fprintf(out, "machine    %s (%s family 0x%x model 0x%x stepping %u)%s, cpu %d\n", m->brand,
            m->vendor, m->family, m->model, m->stepping, m->hypervisor ? ", virtualized" : "",
            cal->cpu);
    char switches[400];
    if (*sq_test_switches_text(switches, sizeof switches))
        fprintf(out, "switches   %s: the machine as the environment makes it seem\n", switches);
    fprintf(out, "tsc        %.4f GHz (%s)\n", cal->tsc_hz / 1e9, cal->tsc_source);
    fprintf(out, "core clock %.4f GHz = %.4f cycles per TSC tick (dependent add chain)\n",
            cal->core_hz / 1e9, cal->cycles_per_tick);
    fprintf(out, "cycles     %s\n",
            cal->perf ? "perf hardware counter (add chain shown as cross-check)"
                      : "calibrated from the add chain (no hardware cycle counter: "
                        "perf_event_open refused it)");
    fprintf(out, "timer      %.1f TSC ticks for an empty lfence;rdtsc region (a mean)\n",
            cal->timer_overhead);
    const sq_modulation *mod = &cal->modulation;
    if (mod->hz > 0)
        fprintf(out,
                "modulation %.2f kHz, %.2f%% either way (spread-spectrum clocking), a period of "
                "%.1f us\n",
                mod->hz / 1e3, 100 * mod->amplitude, 1e6 / mod->hz);
    else if (!cal->perf)
        fprintf(out, "modulation none found (%.0f to %.0f kHz)\n", SQ_MODULATION_LO_HZ / 1e3,
                SQ_MODULATION_HI_HZ / 1e3);
    fprintf(out,
            "alu        %.2f independent adds per cycle (fewer when another thread shares "
            "the core)\n",
            cal->alu_per_cycle);
}
