#include "bench/measure/engine_config.h"

#include "bench/measure/timing_defaults.h"

sq_engine_config sq_engine_defaults(bool quick) {
    sq_engine_config cfg = {.timing = sq_calibration_defaults()};
    cfg.timing.reps = SQ_PICK(quick, SQ_TIMING_REPS);
    cfg.timing.samples = SQ_PICK(quick, SQ_TIMING_SAMPLES);
    cfg.timing.sample_s = SQ_PICK(quick, SQ_TIMING_SAMPLE_US) * 1e-6;
    cfg.visits = SQ_PICK(quick, SQ_TIMING_VISITS);
    cfg.length = (size_t)1 << SQ_PICK(quick, SQ_TIMING_LENGTH_LOG2);
    cfg.min_reps = SQ_PICK(quick, SQ_TIMING_MIN_REPS);
    cfg.tight = SQ_RUN_TIGHT_PERMILLE / 1000.0;
    cfg.tight_abs = SQ_RUN_TIGHT_ABS;
    cfg.budget_s = SQ_RUN_BUDGET_S;
    return cfg;
}
