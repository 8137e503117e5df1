// The C API of gbench.h over Google Benchmark 1.7.
#include "gbench.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <string>
#include <vector>

struct sqgb_state {
    benchmark::State *s;
};
struct sqgb_bench {
    benchmark::internal::Benchmark *b;
};

namespace {

// The handles given out, freed by sqgb_shutdown.
std::vector<std::unique_ptr<sqgb_bench>> handles;

// 1.7 reads --benchmark_min_time with atof: "0.5s" would silently become 0.5
// and "abc" 0; refuse what is not a plain non-negative number.
bool valid_min_time(const char *arg, char *err, size_t errlen) {
    const char *flag = "--benchmark_min_time=";
    if (std::strncmp(arg, flag, std::strlen(flag)) != 0)
        return true;
    const char *value = arg + std::strlen(flag);
    char *end = nullptr;
    double v = std::strtod(value, &end);
    if (*value && end && !*end && v >= 0)
        return true;
    std::snprintf(err, errlen,
                  "--benchmark_min_time takes seconds as a plain number (e.g. 0.5), not '%s'",
                  value);
    return false;
}

template <typename F> void guarded(F f) {
    try {
        f();
    } catch (const std::exception &e) {
        std::fprintf(stderr, "sqgb: %s\n", e.what());
    } catch (...) {
        std::fprintf(stderr, "sqgb: unknown C++ exception\n");
    }
}

} // namespace

extern "C" {

int sqgb_initialize(int *argc, char **argv, char *err, size_t errlen) {
    for (int i = 1; i < *argc; i++)
        if (!valid_min_time(argv[i], err, errlen))
            return -1;
    int rc = -1;
    guarded([&] {
        benchmark::Initialize(argc, argv);
        // Whatever Initialize left, other than the program name, it did not know.
        if (*argc > 1)
            std::snprintf(err, errlen, "unrecognized argument '%s'", argv[1]);
        else
            rc = 0;
    });
    return rc;
}

void sqgb_add_context(const char *key, const char *value) {
    guarded([&] { benchmark::AddCustomContext(key, value); });
}

sqgb_bench *sqgb_register(const char *name, sqgb_fn fn, void *ctx) {
    sqgb_bench *out = nullptr;
    guarded([&] {
        auto *b = benchmark::RegisterBenchmark(name, [fn, ctx](benchmark::State &s) {
            sqgb_state st{&s};
            fn(&st, ctx);
        });
        handles.push_back(std::make_unique<sqgb_bench>(sqgb_bench{b}));
        out = handles.back().get();
    });
    return out;
}

void sqgb_arg(sqgb_bench *b, int64_t x) {
    b->b->Arg(x);
}
void sqgb_range(sqgb_bench *b, int64_t lo, int64_t hi) {
    b->b->Range(lo, hi);
}
void sqgb_dense_range(sqgb_bench *b, int64_t lo, int64_t hi, int step) {
    b->b->DenseRange(lo, hi, step);
}
void sqgb_repetitions(sqgb_bench *b, int n) {
    b->b->Repetitions(n);
}
void sqgb_unit(sqgb_bench *b, sqgb_time_unit unit) {
    static const benchmark::TimeUnit units[] = {benchmark::kNanosecond, benchmark::kMicrosecond,
                                                benchmark::kMillisecond, benchmark::kSecond};
    b->b->Unit(units[unit]);
}
void sqgb_min_time(sqgb_bench *b, double seconds) {
    b->b->MinTime(seconds);
}
void sqgb_use_manual_time(sqgb_bench *b) {
    b->b->UseManualTime();
}

bool sqgb_keep_running_batch(sqgb_state *st, int64_t n) {
    return st->s->KeepRunningBatch(n);
}
int64_t sqgb_iterations(const sqgb_state *st) {
    return st->s->iterations();
}
int64_t sqgb_max_iterations(const sqgb_state *st) {
    return st->s->max_iterations;
}
int64_t sqgb_range_arg(const sqgb_state *st, int index) {
    return st->s->range(static_cast<std::size_t>(index));
}
void sqgb_set_counter(sqgb_state *st, const char *name, double value, unsigned flags) {
    int f = benchmark::Counter::kDefaults;
    if (flags & SQGB_COUNTER_RATE)
        f |= benchmark::Counter::kIsRate;
    if (flags & SQGB_COUNTER_ITERATION_INVARIANT)
        f |= benchmark::Counter::kIsIterationInvariant;
    if (flags & SQGB_COUNTER_AVG_ITERATIONS)
        f |= benchmark::Counter::kAvgIterations;
    guarded([&] {
        st->s->counters[name] =
            benchmark::Counter(value, static_cast<benchmark::Counter::Flags>(f));
    });
}
void sqgb_set_items_processed(sqgb_state *st, int64_t items) {
    st->s->SetItemsProcessed(items);
}
void sqgb_set_label(sqgb_state *st, const char *label) {
    guarded([&] { st->s->SetLabel(label); });
}
void sqgb_set_iteration_time(sqgb_state *st, double seconds) {
    st->s->SetIterationTime(seconds);
}
void sqgb_skip_with_error(sqgb_state *st, const char *message) {
    st->s->SkipWithError(message);
}

size_t sqgb_run(void) {
    size_t n = 0;
    guarded([&] { n = benchmark::RunSpecifiedBenchmarks(); });
    return n;
}
void sqgb_shutdown(void) {
    guarded([] {
        benchmark::ClearRegisteredBenchmarks();
        handles.clear();
        benchmark::Shutdown();
    });
}
}
