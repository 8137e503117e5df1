/* llvm-mca's choice and the model beside the measurement: the newest
 * llvm-mca of a PATH (fake ones in a scratch folder, printing made-up CPU
 * lists), the -mcpu for each CPU and the stand-in where an LLVM does not know
 * it, the refusal of another machine's run, and (with a
 * real llvm-mca) that a predicted latency is the model's own for the body. */
#include "bench/code/mca.h"
#include "bench/code/mca_kept.h"
#include "bench/report/model_vs_measurement.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"

static char scratch[] = "/tmp/sqcolor-test-mca-XXXXXX";

/* A fake llvm-mca at dir/name: version "major.1.7", its CPU list cpus
 * (space-separated), and avx2 among its features. Executable unless told. */
static void fake(const char *dir, const char *name, int major, const char *cpus, bool exec) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s", scratch, dir);
    mkdir(path, 0755);
    snprintf(path, sizeof path, "%s/%s/%s", scratch, dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        printf("cannot write %s\n", path);
        exit(1);
    }
    fprintf(f,
            "#!/bin/sh\n"
            "case \"$1\" in\n"
            "--version) printf 'Debian LLVM version %d.1.7\\n  Optimized build.\\n  Host CPU: "
            "rocketlake\\n' ;;\n"
            "-mcpu=help)\n"
            "  { echo 'Available CPUs for this target:'; echo\n"
            "    for c in %s; do echo \"  $c - Select the $c processor.\"; done\n"
            "    echo; echo 'Available features for this target:'; echo\n"
            "    echo '  avx2 - Enable AVX2 instructions.'; } >&2\n"
            "  exit 1 ;;\n"
            "esac\n",
            major, cpus);
    if (fclose(f) != 0 || chmod(path, exec ? 0755 : 0644) != 0) {
        printf("cannot write %s\n", path);
        exit(1);
    }
}

static const char *in(const char *dirs) {
    static char search[1024];
    search[0] = 0;
    for (const char *p = dirs; *p;) {
        size_t len = strcspn(p, ":");
        size_t n = strlen(search);
        snprintf(search + n, sizeof search - n, "%s%s/%.*s", n ? ":" : "", scratch, (int)len, p);
        p += len + (p[len] == ':');
    }
    return search;
}

static bool ends_with(const char *s, const char *tail) {
    size_t a = strlen(s), b = strlen(tail);
    return a >= b && strcmp(s + a - b, tail) == 0;
}

#define OLD_CPUS "znver1 znver2 znver3 icelake-server rocketlake sapphirerapids"
#define NEW_CPUS OLD_CPUS " znver4 znver5 emeraldrapids"

static void check_newest(void) {
    fake("a", "llvm-mca", 14, OLD_CPUS, true);
    fake("a", "llvm-mca-9", 9, OLD_CPUS, true);
    fake("a", "llvm-mca-13", 13, OLD_CPUS, true);
    fake("a", "llvm-mca-20", 20, NEW_CPUS, false); /* not executable */
    fake("a", "llvm-mca-21.bak", 21, NEW_CPUS, true);
    fake("a", "llvm-mca-x", 22, NEW_CPUS, true);
    fake("b", "llvm-mca-19", 19, NEW_CPUS, true);
    fake("c", "llvm-mca-19", 19, NEW_CPUS, true);
    fake("d", "llvm-mca", 14, OLD_CPUS, true);

    sq_mca_tool t;
    CHECK(sq_mca_find(in("a:b"), &t) && ends_with(t.path, "/b/llvm-mca-19") && t.major == 19,
          "a:b: the newest is b's llvm-mca-19, not %s", t.path);
    CHECK(strcmp(t.version, "19.1.7") == 0 && strcmp(t.host, "rocketlake") == 0,
          "version '%s', host '%s' from --version", t.version, t.host);
    CHECK(sq_mca_find(in("a"), &t) && ends_with(t.path, "/a/llvm-mca-13") && t.major == 13,
          "a: llvm-mca-13 (13 > 9 as numbers; 20 not executable; .bak, -x not versions), not %s",
          t.path);
    CHECK(sq_mca_find(in("c:b"), &t) && ends_with(t.path, "/c/llvm-mca-19"),
          "c:b: a tie goes to the earlier folder, not %s", t.path);
    CHECK(sq_mca_find(in("d"), &t) && ends_with(t.path, "/d/llvm-mca") && t.major == 0,
          "d: plain llvm-mca when there is no llvm-mca-NN, not %s", t.path);
    char search[1100];
    snprintf(search, sizeof search, "::%s:/nonexistent", in("d"));
    CHECK(sq_mca_find(search, &t) && ends_with(t.path, "/d/llvm-mca"),
          "empty and missing folders skipped: %s", t.path);
    CHECK(!sq_mca_find("/nonexistent", &t) && !sq_mca_find("", &t) && !sq_mca_find(NULL, &t),
          "no llvm-mca: none found");
}

static void check_knows(void) {
    sq_mca_tool t;
    sq_mca_find(in("b"), &t);
    CHECK(sq_mca_knows(&t, "znver5") && sq_mca_knows(&t, "sapphirerapids"), "listed CPUs known");
    CHECK(!sq_mca_knows(&t, "avx2"), "a feature is not a CPU");
    CHECK(!sq_mca_knows(&t, "znver") && !sq_mca_knows(&t, "znver55"), "prefixes, longer names");
    CHECK(!sq_mca_knows(&t, "a b") && !sq_mca_knows(&t, "") && !sq_mca_knows(&t, "Znver4"),
          "odd names");
    CHECK(sq_mca_knows(&t, "native"), "native");
    sq_mca_find(in("a"), &t);
    CHECK(!sq_mca_knows(&t, "znver4"), "the old tool's list: no znver4");
}

static sq_machine machine(const char *vendor, unsigned family, unsigned model, bool guest) {
    sq_machine m = {.family = family, .model = model, .hypervisor = guest};
    snprintf(m.vendor, sizeof m.vendor, "%s", vendor);
    return m;
}

/* What the tool in folder dir models for a CPU: its -mcpu, why, and the CPU's
 * own name where another stands in. */
typedef struct mcpu_case {
    const char *dir, *vendor;
    unsigned family, model;
    bool guest;
    const char *mcpu;
    sq_mcpu_source source;
    const char *own;
} mcpu_case;

#define AMD   "AuthenticAMD"
#define INTEL "GenuineIntel"
static const mcpu_case mcpu_cases[] = {
    {"b", AMD, 0x19, 0x11, true, "znver4", SQ_MCPU_OWN, "znver4"}, /* the Zen 4 guest */
    {"a", AMD, 0x19, 0x11, true, "znver3", SQ_MCPU_STAND_IN, "znver4"},
    {"b", AMD, 0x19, 0x74, false, "znver4", SQ_MCPU_OWN, "znver4"},
    {"b", AMD, 0x19, 0xa0, false, "znver4", SQ_MCPU_OWN, "znver4"},
    {"b", AMD, 0x19, 0x21, false, "znver3", SQ_MCPU_OWN, "znver3"},
    {"b", AMD, 0x1a, 0x02, true, "znver5", SQ_MCPU_OWN, "znver5"}, /* the Zen 5 guest */
    {"a", AMD, 0x1a, 0x02, true, "znver3", SQ_MCPU_STAND_IN, "znver5"},
    {"b", INTEL, 6, 0x8f, false, "sapphirerapids", SQ_MCPU_OWN, "sapphirerapids"},
    {"b", INTEL, 6, 0xa7, true, "sapphirerapids", SQ_MCPU_OWN, "sapphirerapids"},
    {"b", INTEL, 6, 0xa7, false, "rocketlake", SQ_MCPU_OWN, "rocketlake"},
    {"a", INTEL, 6, 0xcf, false, "sapphirerapids", SQ_MCPU_STAND_IN, "emeraldrapids"},
    {"b", INTEL, 6, 0xcf, false, "emeraldrapids", SQ_MCPU_OWN, "emeraldrapids"},
    {"b", "HygonGenuine", 0x18, 0, false, "native", SQ_MCPU_NATIVE, ""},
    {"e", AMD, 0x19, 0x11, true, "native", SQ_MCPU_NATIVE, ""}, /* e knows no Zen 4 stand-in */
};

static void check_mcpu(void) {
    fake("e", "llvm-mca-11", 11, "znver1 znver2 skylake", true);
    static sq_mca_tool t; /* outlives the model, which points at it */
    for (size_t i = 0; i < sizeof mcpu_cases / sizeof mcpu_cases[0]; i++) {
        const mcpu_case *c = &mcpu_cases[i];
        sq_machine m = machine(c->vendor, c->family, c->model, c->guest);
        sq_mca_find(in(c->dir), &t);
        sq_mca_model model;
        sq_mca_model_for(&t, &m, &model);
        CHECK(strcmp(model.mcpu, c->mcpu) == 0 && model.source == c->source &&
                  strcmp(model.own, c->own) == 0,
              "%s family 0x%x model 0x%x with llvm-mca %d: -mcpu=%s (source %d, own '%s'), "
              "wanted %s (source %d, own '%s')",
              c->vendor, c->family, c->model, t.major, model.mcpu, (int)model.source, model.own,
              c->mcpu, (int)c->source, c->own);
        char text[600];
        sq_mca_model_text(&model, text, sizeof text);
        const char *says[] = {"the model of this CPU", "a stand-in", "LLVM's guess"};
        CHECK(strstr(text, says[c->source]) && strstr(text, c->own), "the model named as such: %s",
              text);
    }
}

static void check_here(void) {
    sq_machine there = machine(AMD, 0x19, 0x11, true), host = there;
    char err[300] = "";
    CHECK(sq_measured_here(&there, &host, err, sizeof err), "the same CPU: accepted");
    host = machine(INTEL, 6, 0xa7, true);
    CHECK(!sq_measured_here(&there, &host, err, sizeof err) &&
              strstr(err, "family 0x19 model 0x11") && strstr(err, "family 0x6 model 0xa7"),
          "another CPU refused, both named: %s", err);
    host = machine(AMD, 0x19, 0x61, true);
    CHECK(!sq_measured_here(&there, &host, err, sizeof err), "another model of a family: refused");
}

/* The latency llvm-mca's instruction table gives insn under mcpu, or -1. */
static int table_latency(const sq_mca_tool *t, const char *mcpu, const char *insn) {
    char path[600], cmd[1400], line[512];
    snprintf(path, sizeof path, "%s/one.s", scratch);
    FILE *f = fopen(path, "w");
    if (!f || fprintf(f, "%s\n", insn) < 0 || fclose(f) != 0)
        return -1;
    snprintf(cmd, sizeof cmd, "'%s' -mcpu=%s -x86-asm-syntax=intel -iterations=1 '%s' 2>&1",
             t->path, mcpu, path);
    FILE *p = popen(cmd, "r");
    int uops, latency = -1;
    while (p && latency < 0 && fgets(line, sizeof line, p)) /* the instruction table first */
        if (strstr(line, "lea\t") && sscanf(line, "%d %d", &uops, &latency) != 2)
            latency = -1;
    if (p)
        pclose(p);
    return latency;
}

static void check_predict(void) {
    const sq_mca_tool *t = sq_mca_installed();
    if (!t) {
        printf("no llvm-mca: the prediction itself is not checked\n");
        return;
    }
    sq_code code = {.count = 2};
    snprintf(code.decoded[0], sizeof code.decoded[0], "lea eax, [rdi + 1]");
    snprintf(code.decoded[1], sizeof code.decoded[1], "ret");
    sq_machine host = {0};
    const char *cpus[] = {"sapphirerapids", "znver3", "znver4", "znver5"};
    for (size_t k = 0; k < sizeof cpus / sizeof cpus[0]; k++) {
        if (!sq_mca_knows(t, cpus[k]))
            continue;
        sq_mca_model model;
        sq_mca_model_named(t, &host, cpus[k], &model);
        sq_prediction p;
        char err[256] = "";
        int want = table_latency(t, cpus[k], code.decoded[0]);
        CHECK(sq_predict(&model, &code, &p, err, sizeof err) && want > 0 &&
                  fabs(p.latency - want) < 0.01,
              "-mcpu=%s: lat %.3f of '%s', its own latency %d in the model (the closing xor's "
              "taken out as the model prices it, %.3f): %s",
              cpus[k], p.latency, code.decoded[0], want, model.xor_latency, err);
    }
}

/* llvm-mca's input: the ret left out, a jump aimed at the label past the
 * block, the closing after it; and the report read region by region. */
static void check_input_and_report(void) {
    const char lines[][SQ_INSN_TEXT] = {"lea eax, [rdi + 1]", "je 0x401a2c", "ret"};
    int written = -1;
    char *text = sq_mca_input(lines, 3, "xor edi, eax", ".Lout3", &written);
    CHECK(text && strcmp(text, "lea eax, [rdi + 1]\nje .Lout3\n.Lout3:\nxor edi, eax\n") == 0 &&
              written == 3,
          "the input of a routine: '%s', %d lines", text ? text : "(none)", written);
    free(text);
    text = sq_mca_input(lines + 2, 1, NULL, ".L", &written);
    CHECK(text && written == 0, "a ret alone gives llvm-mca no line: %d", written);
    free(text);
    char report[] = "[0] Code Region - sq1\n\nIterations:        100\nTotal Cycles:      105\n"
                    "Block RThroughput: 0.8\n\n[1] Code Region - sq0\nIterations: 1000\n"
                    "Total Cycles:      5003\nDispatch Width: 6\nBlock RThroughput: 1.5\n"
                    "[2] Code Region - sq7\nTotal Cycles: 9\nBlock RThroughput: 9\n"
                    "[3] Code Region - sq2x\nTotal Cycles: 9\nBlock RThroughput: 9\n";
    sq_mca_figures f[3];
    int found = sq_mca_region_figures(report, f, 3);
    CHECK(found == 2 && f[1].total_cycles == 105 && f[1].rthroughput == 0.8 &&
              f[0].total_cycles == 5003 && f[0].rthroughput == 1.5 && isnan(f[2].total_cycles),
          "regions read back by name, another region's figures not taken: %d found, sq0 %g %g, "
          "sq1 %g %g, sq2 %g",
          found, f[0].total_cycles, f[0].rthroughput, f[1].total_cycles, f[1].rthroughput,
          f[2].total_cycles);
    sq_mca_figures one = sq_mca_report_figures("Iterations: 1\nTotal Cycles: 12\n");
    CHECK(one.total_cycles == 12 && isnan(one.rthroughput), "a missing figure is NAN: %g %g",
          one.total_cycles, one.rthroughput);
}

static void check_kept(void) {
    sq_mca_figures got, f = {42, 1.25};
    sq_mca_keep("/x/llvm-mca", "znver5", 100, "add eax, 1\n", f);
    CHECK(sq_mca_kept_find("/x/llvm-mca", "znver5", 100, "add eax, 1\n", &got) &&
              got.total_cycles == 42 && got.rthroughput == 1.25,
          "kept figures found");
    CHECK(!sq_mca_kept_find("/x/llvm-mca", "znver5", 1000, "add eax, 1\n", &got) &&
              !sq_mca_kept_find("/x/llvm-mca", "znver4", 100, "add eax, 1\n", &got) &&
              !sq_mca_kept_find("/y/llvm-mca", "znver5", 100, "add eax, 1\n", &got) &&
              !sq_mca_kept_find("/x/llvm-mca", "znver5", 100, "add eax, 2\n", &got),
          "another count, CPU, tool or input finds none");
}

/* llvm-mca's figures for input run alone (a file of its own), or NANs. */
static sq_mca_figures alone(const sq_mca_tool *t, const char *mcpu, const char *input,
                            int iterations) {
    char path[600], cmd[1400], report[8192];
    snprintf(path, sizeof path, "%s/alone.s", scratch);
    FILE *f = fopen(path, "w");
    sq_mca_figures none = {NAN, NAN};
    if (!f || fputs(input, f) < 0 || fclose(f) != 0)
        return none;
    snprintf(cmd, sizeof cmd,
             "'%s' -mcpu=%s -x86-asm-syntax=intel -iterations=%d -instruction-info=0 "
             "-resource-pressure=0 '%s' 2>&1",
             t->path, mcpu, iterations, path);
    FILE *p = popen(cmd, "r");
    size_t n = p ? fread(report, 1, sizeof report - 1, p) : 0;
    report[n] = 0;
    if (p)
        pclose(p);
    return p ? sq_mca_report_figures(report) : none;
}

/* A batch keeps, for each input, what llvm-mca gives that input alone: one
 * run of regions is the same model as a run each. */
static void check_batch(void) {
    const sq_mca_tool *t = sq_mca_installed();
    if (!t) {
        printf("no llvm-mca: the batch is not checked\n");
        return;
    }
    sq_machine host = {0};
    sq_mca_model model;
    sq_mca_model_named(t, &host, sq_mca_knows(t, "znver4") ? "znver4" : "native", &model);
    static sq_code codes[3] = {
        {.count = 4, .decoded = {"lea eax, [rdi + rdi*8 + 8]", "shr eax, 3", "and eax, 1", "ret"}},
        {.count = 4, .decoded = {"mov eax, edi", "test edi, 8", "je 0x401a2c", "ret"}},
        {.count = 3,
         .decoded = {"lea rax, [rip + 0x2f00]", "movzx eax, byte ptr [rax + rdi]", "ret"}}};
    sq_mca_batch *b = sq_mca_batch_start(&model);
    for (int k = 0; k < 3; k++)
        sq_mca_batch_code(b, &codes[k]);
    sq_mca_batch_run(b);
    for (int k = 0; k < 3; k++)
        for (int feed = 0; feed < 2; feed++) {
            int w, it = feed ? 1000 : 100;
            char *input = sq_mca_input(codes[k].decoded, codes[k].count,
                                       feed ? "xor edi, eax" : NULL, ".Lout", &w);
            sq_mca_figures got = {NAN, NAN}, want = alone(t, model.mcpu, input, it);
            bool kept = sq_mca_kept_find(t->path, model.mcpu, it, input, &got);
            CHECK(kept && got.total_cycles == want.total_cycles &&
                      got.rthroughput == want.rthroughput,
                  "-mcpu=%s, routine %d%s: kept %d, %g cycles rthr %g in the batch, %g and %g "
                  "alone",
                  model.mcpu, k, feed ? " fed back" : "", kept, got.total_cycles, got.rthroughput,
                  want.total_cycles, want.rthroughput);
            free(input);
        }
}

int main(void) {
    if (!mkdtemp(scratch)) {
        printf("cannot make a scratch folder\n");
        return 1;
    }
    check_newest();
    check_knows();
    check_mcpu();
    check_here();
    check_predict();
    check_input_and_report();
    check_kept();
    check_batch();
    return check_finish("mca", scratch);
}
