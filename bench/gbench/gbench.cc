// The C API of gbench.h over Google Benchmark 1.7.
#include "bench/gbench/gbench.h"

#include <benchmark/benchmark.h>

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <regex.h>
#include <exception>
#include <map>
#include <memory>
#include <ostream>
#include <set>
#include <sstream>
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

// Every flag Google Benchmark 1.7 reads, and what its value must be. It checks
// few of them itself: an unknown --benchmark_format or --benchmark_time_unit
// prints the usage and exits 0, a negative --benchmark_repetitions throws
// (vector::reserve), any word but false/no/off is a true bool ("banana"),
// --benchmark_min_time is read with atof ("0.5s" is 0.5, "abc" 0). So each is
// checked here first, on the command line and, for the benchmark_* flags, in
// the environment, which it reads as their defaults (BENCHMARK_FORMAT etc.).
enum class Kind { Bool, Int, Count, Seconds, Choice, Color, Text, Path, Context, Regex };
struct Flag {
    const char *name;
    Kind kind;
    const char *choices; // Kind::Choice: '|'-separated
};
const Flag flags[] = {
    {"benchmark_list_tests", Kind::Bool, nullptr},
    {"benchmark_filter", Kind::Regex, nullptr},
    {"benchmark_min_time", Kind::Seconds, nullptr},
    {"benchmark_min_warmup_time", Kind::Seconds, nullptr},
    {"benchmark_repetitions", Kind::Count, nullptr},
    {"benchmark_enable_random_interleaving", Kind::Bool, nullptr},
    {"benchmark_report_aggregates_only", Kind::Bool, nullptr},
    {"benchmark_display_aggregates_only", Kind::Bool, nullptr},
    {"benchmark_format", Kind::Choice, "console|json|csv"},
    {"benchmark_out", Kind::Path, nullptr},
    {"benchmark_out_format", Kind::Choice, "json|console|csv"},
    {"benchmark_color", Kind::Color, nullptr},
    {"benchmark_counters_tabular", Kind::Bool, nullptr},
    {"benchmark_perf_counters", Kind::Text, nullptr},
    {"benchmark_context", Kind::Context, nullptr},
    {"benchmark_time_unit", Kind::Choice, "ns|us|ms|s"},
    {"v", Kind::Int, nullptr},
};

bool one_of(const std::string &value, const char *choices) {
    std::string all = std::string("|") + choices + "|";
    return !value.empty() && value.find('|') == std::string::npos &&
           all.find("|" + value + "|") != std::string::npos;
}

bool whole_number(const std::string &value, long lo, long hi) {
    if (value.empty() || !(std::isdigit((unsigned char)value[0]) || value[0] == '-'))
        return false;
    errno = 0;
    char *end = nullptr;
    long v = std::strtol(value.c_str(), &end, 10);
    return errno == 0 && *end == 0 && v >= lo && v <= hi;
}

const char bool_words[] = "true|false|yes|no|on|off|1|0";

// What is wrong with value for flag f, or "" if nothing.
std::string problem(const Flag &f, const std::string &value) {
    std::string is = "not '" + value + "'";
    switch (f.kind) {
    case Kind::Bool:
        return one_of(value, bool_words) ? "" : "takes true or false, " + is;
    case Kind::Color:
        return value == "auto" || one_of(value, bool_words) ? ""
                                                            : "takes auto, true or false, " + is;
    case Kind::Choice: {
        if (one_of(value, f.choices))
            return "";
        std::string list = f.choices;
        size_t last = list.rfind('|');
        list.replace(last, 1, " or ");
        for (size_t bar; (bar = list.find('|')) != std::string::npos;)
            list.replace(bar, 1, ", ");
        return "takes " + list + ", " + is;
    }
    case Kind::Int:
        return whole_number(value, INT32_MIN, INT32_MAX) ? "" : "takes a whole number, " + is;
    case Kind::Count:
        return whole_number(value, 1, INT32_MAX) ? "" : "takes a whole number of at least 1, " + is;
    case Kind::Seconds: {
        char *end = nullptr;
        double v = std::strtod(value.c_str(), &end);
        bool plain = !value.empty() && (std::isdigit((unsigned char)value[0]) || value[0] == '.');
        return plain && *end == 0 && std::isfinite(v)
                   ? ""
                   : "takes seconds as a plain number (e.g. 0.5), " + is;
    }
    case Kind::Path:
        return value.empty() ? "takes a file name, not nothing" : "";
    case Kind::Context: {
        // Google Benchmark splits at ',' and each pair at '=' into exactly two.
        std::string pairs = value + ",";
        for (size_t at = 0, comma; (comma = pairs.find(',', at)) != std::string::npos;
             at = comma + 1) {
            std::string pair = pairs.substr(at, comma - at);
            size_t eq = pair.find('=');
            if (eq == 0 || eq == std::string::npos || pair.find('=', eq + 1) != std::string::npos)
                return "takes key=value pairs separated by commas, " + is;
        }
        return "";
    }
    case Kind::Text:
        return "";
    case Kind::Regex: {
        // As Google Benchmark 1.7 reads it: a leading '-' negates, "all" is
        // everything, the rest is a POSIX extended expression (its
        // std::regex::extended; regcomp here, as libstdc++'s std::regex trips
        // GCC 12's -Wmaybe-uninitialized).
        std::string spec = !value.empty() && value[0] == '-' ? value.substr(1) : value;
        // Google Benchmark's std::regex recurses once a term: a filter of
        // 18,641 characters overflowed the default 8 MiB stack; 4096 is a
        // margin of four, and 8192 still works under AddressSanitizer.
        if (value.size() > SQGB_MAX_FILTER)
            return "takes at most " + std::to_string(SQGB_MAX_FILTER) + " characters, not " +
                   std::to_string(value.size()) + " (a longer one overflows the stack)";
        regex_t re;
        int rc = regcomp(&re, spec == "all" ? "." : spec.c_str(), REG_EXTENDED | REG_NOSUB);
        if (rc == 0) {
            regfree(&re);
            return "";
        }
        char why[200];
        regerror(rc, &re, why, sizeof why);
        return "takes a regular expression, " + is + " (" + why + ")";
    }
    }
    return "";
}

// The flag arg is, if any: "--name=value", or a bool's bare "--name" (true);
// a flag's name without '=' for another kind has no value.
const Flag *flag_of(const char *arg, std::string *value, bool *has_value) {
    if (std::strncmp(arg, "--", 2) != 0)
        return nullptr;
    for (const Flag &f : flags) {
        size_t n = std::strlen(f.name);
        if (std::strncmp(arg + 2, f.name, n) != 0 || (arg[2 + n] && arg[2 + n] != '='))
            continue;
        *has_value = arg[2 + n] == '=';
        *value = *has_value ? arg + 3 + n : "true";
        return &f;
    }
    return nullptr;
}

// "--help" or "--help=...", which Google Benchmark takes as a request for help.
bool is_help(const char *arg) {
    return std::strncmp(arg, "--help", 6) == 0 && (arg[6] == 0 || arg[6] == '=');
}

// The effective value of each flag: the last on the command line, else the
// environment's. Set by sqgb_check_args.
std::map<std::string, std::string> effective;

template <typename F> void guarded(F f) {
    try {
        f();
    } catch (const std::exception &e) {
        std::fprintf(stderr, "sqgb: %s\n", e.what());
    } catch (...) {
        std::fprintf(stderr, "sqgb: unknown C++ exception\n");
    }
}

// The filter as the flag gives it, but every benchmark as ".*": Google
// Benchmark reads none, "all" and "." as ".", for which it makes room for
// each family's benchmarks one family at a time, copying all those before:
// quadratic where each benchmark is a family, as sqcolor-gbench's (a minute).
std::string filter() {
    std::string spec = benchmark::GetBenchmarkFilter();
    return spec.empty() || spec == "all" || spec == "." ? ".*" : spec;
}

// A selection pass (sqgb_selected): Google Benchmark runs the benchmarks its
// flags select as usual, but each callback only tells each() its ctx, once,
// and skips; the reporters print nothing (errors, such as a filter matching
// nothing, still go to stderr).
struct Selecting {
    void (*each)(void *ctx, void *arg);
    void *arg;
    std::set<void *> seen;
};
Selecting *selecting = nullptr;

class Silent : public benchmark::BenchmarkReporter {
  public:
    Silent() {
        SetOutputStream(&nothing);
    } // --benchmark_list_tests writes here
    bool ReportContext(const Context &) override {
        return true;
    }
    void ReportRuns(const std::vector<Run> &) override {}

  private:
    std::ostream nothing{nullptr}; // no buffer: every write is dropped
};

// The --benchmark_out report, kept in memory and written to the caller's file
// at the end (sqgb_set_out_file): Google Benchmark writes its own file with an
// ofstream whose errors it never checks (a full disk leaves an empty file and
// exit 0). It still opens a file of its own, to give this reporter as a
// stream; the reporter inside writes here instead.
class ToMemory : public benchmark::BenchmarkReporter {
  public:
    explicit ToMemory(const std::string &format) {
        if (format == "csv") {
            // Deprecated in 1.7, but still what --benchmark_out_format=csv gives.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
            inner.reset(new benchmark::CSVReporter);
#pragma GCC diagnostic pop
        } else if (format == "console")
            inner.reset(new benchmark::ConsoleReporter(benchmark::ConsoleReporter::OO_None));
        else
            inner.reset(new benchmark::JSONReporter);
        inner->SetOutputStream(&text);
        inner->SetErrorStream(&text);
    }
    bool ReportContext(const Context &c) override {
        return inner->ReportContext(c);
    }
    void ReportRuns(const std::vector<Run> &r) override {
        inner->ReportRuns(r);
    }
    void Finalize() override {
        inner->Finalize();
    }
    std::string str() const {
        return text.str();
    }

  private:
    std::ostringstream text;
    std::unique_ptr<benchmark::BenchmarkReporter> inner;
};

FILE *out_file = nullptr;

// The BENCHMARK_* environment variables, into seen (if given); numbers_only:
// only those of the flags Google Benchmark reads as numbers when it is loaded.
// 0, or -1 with a one-line reason in err.
int check_env(std::map<std::string, std::string> *seen, bool numbers_only, char *err,
              size_t errlen) {
    for (const Flag &f : flags) {
        if (f.kind == Kind::Int) // v: verbosity, whose variable V is too common a name
            continue;
        if (numbers_only && f.kind != Kind::Seconds && f.kind != Kind::Count)
            continue;
        std::string env = f.name;
        for (char &c : env)
            c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        const char *value = std::getenv(env.c_str());
        if (!value)
            continue;
        std::string why = problem(f, value);
        // An empty BENCHMARK_OUT is no output file, as in Google Benchmark.
        if (!why.empty() && !(f.kind == Kind::Path && !*value)) {
            std::snprintf(err, errlen, "%s=%s in the environment: --%s %s", env.c_str(), value,
                          f.name, why.c_str());
            return -1;
        }
        if (seen)
            (*seen)[f.name] = value;
    }
    return 0;
}

} // namespace

extern "C" {

int sqgb_check_numbers_in_env(char *err, size_t errlen) {
    return check_env(nullptr, true, err, errlen);
}

int sqgb_check_args(int argc, char **argv, char *err, size_t errlen) {
    std::map<std::string, std::string> seen;
    if (check_env(&seen, false, err, errlen))
        return -1;
    for (int i = 1; i < argc; i++) {
        std::string value;
        bool has_value = false;
        const Flag *f = flag_of(argv[i], &value, &has_value);
        if (!f) {
            if (is_help(argv[i]))
                continue;
            std::snprintf(err, errlen, "unrecognized argument '%s'", argv[i]);
            return -1;
        }
        if (!has_value && f->kind != Kind::Bool) {
            std::snprintf(err, errlen, "--%s needs a value: --%s=...", f->name, f->name);
            return -1;
        }
        std::string why = problem(*f, value);
        if (!why.empty()) {
            std::snprintf(err, errlen, "--%s %s", f->name, why.c_str());
            return -1;
        }
        seen[f->name] = value;
    }
    effective = seen;
    return 0;
}

const char *sqgb_flag(const char *name) {
    auto it = effective.find(name);
    return it == effective.end() ? nullptr : it->second.c_str();
}

bool sqgb_is_flag(const char *arg) {
    return std::strncmp(arg, "--benchmark_", 12) == 0 || std::strcmp(arg, "--v") == 0 ||
           std::strncmp(arg, "--v=", 4) == 0 || is_help(arg);
}

bool sqgb_library_debug(void) {
    bool debug = false;
    guarded([&] {
        // The JSON context is where the library says how it was built.
        std::ostringstream text;
        benchmark::JSONReporter json;
        json.SetOutputStream(&text);
        json.SetErrorStream(&text);
        benchmark::BenchmarkReporter::Context context;
        json.ReportContext(context);
        debug = text.str().find("\"library_build_type\": \"debug\"") != std::string::npos;
    });
    return debug;
}

bool sqgb_help_asked(int argc, char **argv) {
    for (int i = 1; i < argc; i++)
        if (is_help(argv[i]))
            return true;
    return false;
}

void sqgb_print_help(void) {
    guarded([] { benchmark::PrintDefaultHelp(); });
    std::printf("\n--benchmark_filter takes at most %d characters (a longer expression "
                "overflows the stack of Google Benchmark's regex).\n",
                SQGB_MAX_FILTER);
}

int sqgb_initialize(int *argc, char **argv, char *err, size_t errlen) {
    if (sqgb_check_args(*argc, argv, err, errlen))
        return -1;
    if (sqgb_help_asked(*argc, argv)) {
        std::snprintf(err, errlen, "--help: ask for it before sqgb_initialize (sqgb_help_asked)");
        return -1;
    }
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
            if (selecting) {
                if (selecting->seen.insert(ctx).second)
                    selecting->each(ctx, selecting->arg);
                s.SkipWithError("selected, not run");
                return;
            }
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

size_t sqgb_selected(void (*each)(void *ctx, void *arg), void *arg) {
    Selecting sel{each, arg, {}};
    selecting = &sel;
    size_t n = 0;
    guarded([&] {
        Silent display, file;
        // With --benchmark_out, Google Benchmark opens that file whatever the
        // reporter; a silent one writes nothing into it.
        const char *out = sqgb_flag("benchmark_out");
        n = benchmark::RunSpecifiedBenchmarks(&display, out && *out ? &file : nullptr, filter());
    });
    selecting = nullptr;
    return n;
}

void sqgb_set_out_file(FILE *fp) {
    out_file = fp;
}

size_t sqgb_run(void) {
    size_t n = 0;
    const char *format = sqgb_flag("benchmark_out_format");
    const char *out = sqgb_flag("benchmark_out");
    guarded([&] {
        if (!out_file || !out || !*out) {
            n = benchmark::RunSpecifiedBenchmarks(nullptr, nullptr, filter());
            return;
        }
        ToMemory file(format ? format : "json");
        n = benchmark::RunSpecifiedBenchmarks(nullptr, &file, filter());
        std::string text = file.str();
        if (!text.empty())
            std::fwrite(text.data(), 1, text.size(), out_file);
    });
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
