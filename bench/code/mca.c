#include "bench/code/mca.h"

#include "bench/code/mca_kept.h"

#include "bench/machine/cpu_model.h"
#include "bench/util/child.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <poll.h>
#include <time.h>
#include <unistd.h>

/* ---- running llvm-mca --------------------------------------------------------- */

/* How long one run of llvm-mca may take: SQCOLOR_MCA_TIMEOUT seconds, a
 * positive number, else SQ_MCA_TIMEOUT_S. */
static double time_limit(void) {
    const char *env = getenv("SQCOLOR_MCA_TIMEOUT");
    char *end;
    double s = env ? strtod(env, &end) : 0;
    return env && *env && !*end && s > 0 && s <= 86400 ? s : SQ_MCA_TIMEOUT_S;
}

/* The tool that took too long, and the line that says so: it is not run
 * again (each call would cost the whole limit). */
static char hung_path[512], hung_text[640];

typedef enum { CAPTURE_OK, CAPTURE_FAILED, CAPTURE_HUNG } capture_status;

/* What the child writes to fd, into buf (at most cap - 1 bytes, the rest
 * read and dropped), until it closes it or limit seconds from its start. */
static void read_output(const sq_child *c, double limit, int fd, char *buf, size_t cap) {
    size_t n = 0;
    char drop[4096];
    for (;;) {
        double left = limit - sq_child_elapsed_s(c);
        struct pollfd pfd = {.fd = fd, .events = POLLIN};
        int ready = left > 0 ? poll(&pfd, 1, (int)(left * 1000) + 1) : 0;
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready == 0)
            break;
        bool room = n + 1 < cap;
        ssize_t r =
            ready < 0 ? -1 : read(fd, room ? buf + n : drop, room ? cap - 1 - n : sizeof drop);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        if (room)
            n += (size_t)r;
    }
    buf[n] = 0;
}

/* Runs argv[0] (no shell: a path is never parsed as a command) with input
 * (or /dev/null) as standard input, standard output and error into buf (at
 * most cap - 1 bytes, the rest read and dropped), for at most time_limit()
 * seconds: then it is killed, CAPTURE_HUNG. Whether it exited 0. */
static capture_status capture(char *const argv[], int input, char *buf, size_t cap) {
    buf[0] = 0;
    if (strcmp(argv[0], hung_path) == 0)
        return CAPTURE_HUNG;
    int out[2];
    if (pipe2(out, O_CLOEXEC) != 0)
        return CAPTURE_FAILED;
    sq_child child;
    sq_child_io io = {.input = input, .output = out[1]};
    int spawned = sq_child_spawn(&child, argv, &io);
    close(out[1]);
    double limit = time_limit();
    if (spawned == 0)
        read_output(&child, limit, out[0], buf, cap);
    close(out[0]);
    sq_child_end end;
    /* Its output closed, it may still not end. */
    if (spawned != 0 || sq_child_wait(&child, limit, &end) != 0)
        return CAPTURE_FAILED;
    if (end.timed_out) {
        char words[64];
        snprintf(hung_path, sizeof hung_path, "%s", argv[0]);
        snprintf(hung_text, sizeof hung_text,
                 "llvm-mca (%s) %s and was stopped (the limit is SQCOLOR_MCA_TIMEOUT seconds, "
                 "default %d)",
                 argv[0], sq_child_words(&end, words, sizeof words), SQ_MCA_TIMEOUT_S);
        return CAPTURE_HUNG;
    }
    return sq_child_ok(&end) ? CAPTURE_OK : CAPTURE_FAILED;
}

bool sq_mca_hung(const sq_mca_tool *tool, char *err, size_t errlen) {
    if (!tool || strcmp(tool->path, hung_path) != 0)
        return false;
    snprintf(err, errlen, "%s", hung_text);
    return true;
}

/* The word after label in text ("19.1.7" after "LLVM version "), or "". */
static void word_after(const char *text, const char *label, char *buf, size_t len) {
    const char *p = strstr(text, label);
    p = p ? p + strlen(label) : "";
    snprintf(buf, len, "%.*s", (int)strcspn(p, " \t\r\n"), p);
}

/* ---- which llvm-mca ------------------------------------------------------------- */

/* NN of "llvm-mca-NN" (digits only), 0 for "llvm-mca", -1 for any other name. */
static int mca_major(const char *name) {
    static const char stem[] = "llvm-mca";
    if (strncmp(name, stem, sizeof stem - 1) != 0)
        return -1;
    name += sizeof stem - 1;
    if (!*name)
        return 0;
    if (*name++ != '-' || !*name || strlen(name) > 4 || strspn(name, "0123456789") != strlen(name))
        return -1;
    return atoi(name);
}

static bool executable_file(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

bool sq_mca_find(const char *search, sq_mca_tool *out) {
    memset(out, 0, sizeof *out);
    int best = -1;
    for (const char *p = search ? search : ""; *p;) {
        size_t len = strcspn(p, ":");
        char dir[512];
        snprintf(dir, sizeof dir, "%.*s", (int)len, p);
        p += len + (p[len] == ':');
        DIR *d = len ? opendir(dir) : NULL; /* an empty entry names no folder here */
        if (!d)
            continue;
        for (struct dirent *e; (e = readdir(d));) {
            int major = mca_major(e->d_name);
            char path[sizeof out->path];
            if (major <= best ||
                snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= (int)sizeof path ||
                !executable_file(path))
                continue;
            best = major;
            memcpy(out->path, path, sizeof path);
        }
        closedir(d);
    }
    if (best < 0)
        return false;
    out->major = best;
    char text[8192];
    char *argv[] = {out->path, "--version", NULL};
    capture(argv, -1, text, sizeof text);
    word_after(text, "LLVM version ", out->version, sizeof out->version);
    word_after(text, "Host CPU: ", out->host, sizeof out->host);
    return true;
}

const sq_mca_tool *sq_mca_installed(void) {
    static sq_mca_tool tool;
    static int found = -1;
    if (found < 0)
        found = sq_mca_find(getenv("PATH"), &tool);
    return found ? &tool : NULL;
}

/* ---- which CPU ------------------------------------------------------------------- */

bool sq_mca_knows(const sq_mca_tool *tool, const char *mcpu) {
    if (!*mcpu || strspn(mcpu, "abcdefghijklmnopqrstuvwxyz0123456789-_") != strlen(mcpu))
        return false;
    if (strcmp(mcpu, "native") == 0)
        return true;
    /* One tool's list at a time: a run asks one tool many times. */
    static char list[65536], listed[sizeof tool->path];
    if (strcmp(listed, tool->path) != 0) {
        char *argv[] = {(char *)tool->path, "-mcpu=help", NULL};
        capture(argv, -1, list, sizeof list); /* exits 1: it had no input */
        memcpy(listed, tool->path, sizeof listed);
    }
    /* "  name  - Select the name processor." lines, before the features' list */
    const char *cpus = strstr(list, "Available CPUs for this target:");
    const char *features = cpus ? strstr(cpus, "Available features") : NULL;
    char needle[64];
    snprintf(needle, sizeof needle, "\n  %s ", mcpu);
    const char *at = cpus ? strstr(cpus, needle) : NULL;
    return at && (!features || at < features);
}

static void model_start(const sq_mca_tool *tool, const sq_machine *m, sq_mca_model *out) {
    memset(out, 0, sizeof *out);
    out->tool = tool;
    out->xor_latency = NAN;
    sq_cpu_label(out->cpu, sizeof out->cpu, m);
}

void sq_mca_model_for(const sq_mca_tool *tool, const sq_machine *m, sq_mca_model *out) {
    model_start(tool, m, out);
    const sq_cpu_model *c = sq_cpu_model_of(m);
    const char *names = c && c->mcpu ? c->mcpu : "";
    for (const char *p = names; *p; p += strspn(p, " ")) {
        size_t len = strcspn(p, " ");
        snprintf(out->mcpu, sizeof out->mcpu, "%.*s", (int)len, p);
        if (sq_mca_knows(tool, out->mcpu)) {
            out->source = p == names ? SQ_MCPU_OWN : SQ_MCPU_STAND_IN;
            snprintf(out->own, sizeof out->own, "%.*s", (int)strcspn(names, " "), names);
            return;
        }
        p += len;
    }
    snprintf(out->mcpu, sizeof out->mcpu, "native");
    out->source = SQ_MCPU_NATIVE;
}

void sq_mca_model_named(const sq_mca_tool *tool, const sq_machine *m, const char *mcpu,
                        sq_mca_model *out) {
    model_start(tool, m, out);
    snprintf(out->mcpu, sizeof out->mcpu, "%s", mcpu);
    out->source = SQ_MCPU_OPTION;
}

void sq_mca_model_text(const sq_mca_model *model, char *buf, size_t len) {
    const sq_mca_tool *t = model->tool;
    char version[48];
    if (t->version[0])
        snprintf(version, sizeof version, " %s", t->version);
    else if (t->major)
        snprintf(version, sizeof version, " %d", t->major);
    else
        version[0] = 0;
    int n = snprintf(buf, len, "llvm-mca%s (%s) -mcpu=%s", version, t->path, model->mcpu);
    size_t at = n < 0 ? 0 : (size_t)n < len ? (size_t)n : len;
    switch (model->source) {
    case SQ_MCPU_OWN:
        snprintf(buf + at, len - at, ", the model of this CPU, %s", model->cpu);
        break;
    case SQ_MCPU_STAND_IN:
        snprintf(buf + at, len - at,
                 ", a stand-in: an older core's model, as this LLVM does not know %s, the core of "
                 "this CPU, %s",
                 model->own, model->cpu);
        break;
    case SQ_MCPU_NATIVE:
        snprintf(
            buf + at, len - at,
            ", LLVM's guess at this CPU (%s): bench/machine/cpu_model.c names no core of %s that "
            "this LLVM knows",
            t->host[0] ? t->host : "not said", model->cpu);
        break;
    case SQ_MCPU_OPTION:
        snprintf(buf + at, len - at, ", as --mcpu asked%s%s%s (this CPU: %s)",
                 strcmp(model->mcpu, "native") == 0 ? ": LLVM's guess, " : "",
                 strcmp(model->mcpu, "native") == 0 ? (t->host[0] ? t->host : "not said") : "", "",
                 model->cpu);
        break;
    }
}

/* ---- predicting ------------------------------------------------------------------ */

/* The label a routine's jumps aim at: past its block. */
#define OUT_LABEL ".Lout"

bool sq_mca_same_input(const sq_code *a, const sq_code *b) {
    int na, nb;
    char *ta = sq_mca_input(a->decoded, a->count, NULL, OUT_LABEL, &na);
    char *tb = sq_mca_input(b->decoded, b->count, NULL, OUT_LABEL, &nb);
    bool same = ta && tb && strcmp(ta, tb) == 0;
    free(ta);
    free(tb);
    return same;
}

/* input (the text sq_mca_input makes) into a file llvm-mca reads as its
 * standard input: its descriptor, or -1 with the reason in err. */
static int input_file(const char *input, char *err, size_t errlen) {
    int fd = memfd_create("sqcolor-mca", MFD_CLOEXEC);
    size_t len = strlen(input), done = 0;
    while (fd >= 0 && done < len) {
        ssize_t w = write(fd, input + done, len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            break;
        done += (size_t)w;
    }
    if (fd < 0 || done < len || lseek(fd, 0, SEEK_SET) != 0) {
        snprintf(err, errlen, "llvm-mca's input: %s", strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    return fd;
}

/* llvm-mca's report on input run `iterations` times, into report (cap
 * bytes): CAPTURE_OK, or the status with llvm-mca's words in err. */
static capture_status run_input(const sq_mca_model *model, const char *input, int iterations,
                                char *report, size_t cap, char *err, size_t errlen) {
    int fd = input_file(input, err, errlen);
    if (fd < 0)
        return CAPTURE_FAILED;
    char mcpu[48], iters[32];
    snprintf(mcpu, sizeof mcpu, "-mcpu=%s", model->mcpu);
    snprintf(iters, sizeof iters, "-iterations=%d", iterations);
    char *argv[] = {
        (char *)model->tool->path, mcpu, "-x86-asm-syntax=intel", iters, "-instruction-info=0",
        "-resource-pressure=0",    NULL};
    capture_status st = capture(argv, fd, report, cap);
    close(fd);
    if (st == CAPTURE_HUNG)
        sq_mca_hung(model->tool, err, errlen);
    else if (st != CAPTURE_OK)
        snprintf(err, errlen, "llvm-mca failed: %.200s", report);
    return st;
}

/* llvm-mca's figures for `iterations` runs of lines[0..n) (ret dropped,
 * jumps aimed past the block) followed by closing (NULL: none): those kept
 * from an earlier run of the same input (a batch's, below), else its own
 * run's. False with llvm-mca's words in err when it fails. */
static bool run_mca(const sq_mca_model *model, const char (*lines)[SQ_INSN_TEXT], int n,
                    const char *closing, int iterations, sq_mca_figures *out, char *err,
                    size_t errlen) {
    int written;
    char *input = sq_mca_input(lines, n, closing, OUT_LABEL, &written);
    if (!input) {
        snprintf(err, errlen, "llvm-mca's input: out of memory");
        return false;
    }
    const char *path = model->tool->path;
    bool ok = sq_mca_kept_find(path, model->mcpu, iterations, input, out);
    if (!ok) {
        char report[8192];
        capture_status st = run_input(model, input, iterations, report, sizeof report, err, errlen);
        *out = sq_mca_report_figures(report);
        ok = st == CAPTURE_OK && sq_mca_figures_complete(*out);
        if (ok)
            sq_mca_keep(path, model->mcpu, iterations, input, *out);
        else if (st == CAPTURE_OK)
            snprintf(err, errlen, "llvm-mca failed: %.200s", report);
    }
    free(input);
    return ok;
}

/* The closing xor: the result (eax) back into the first argument (edi). */
#define FEEDBACK "xor edi, eax"
/* The runs sq_predict asks for: a block's throughput, a chain's latency. */
enum { BLOCK_ITERATIONS = 100, CHAIN_ITERATIONS = 1000 };

bool sq_predict(sq_mca_model *model, const sq_code *code, sq_prediction *out, char *err,
                size_t errlen) {
    sq_mca_figures alone, block, chain;
    if (isnan(model->xor_latency)) {
        if (!run_mca(model, NULL, 0, FEEDBACK, CHAIN_ITERATIONS, &alone, err, errlen))
            return false;
        model->xor_latency = alone.total_cycles / CHAIN_ITERATIONS;
    }
    if (!run_mca(model, code->decoded, code->count, NULL, BLOCK_ITERATIONS, &block, err, errlen) ||
        !run_mca(model, code->decoded, code->count, FEEDBACK, CHAIN_ITERATIONS, &chain, err,
                 errlen))
        return false;
    out->rthroughput = block.rthroughput;
    out->latency = chain.total_cycles / CHAIN_ITERATIONS - model->xor_latency;
    return true;
}

double sq_predict_block(sq_mca_model *model, const char (*lines)[SQ_INSN_TEXT], int n, char *err,
                        size_t errlen) {
    sq_mca_figures f;
    return run_mca(model, lines, n, NULL, BLOCK_ITERATIONS, &f, err, errlen) ? f.rthroughput : -1;
}

double sq_predict_cycles(sq_mca_model *model, const char (*lines)[SQ_INSN_TEXT], int n, char *err,
                         size_t errlen) {
    sq_mca_figures f;
    return run_mca(model, lines, n, NULL, BLOCK_ITERATIONS, &f, err, errlen)
               ? f.total_cycles / BLOCK_ITERATIONS
               : -1;
}

/* ---- many inputs in one run ------------------------------------------------------ */

typedef struct pending {
    char *input;  /* as run_mca gives it, the key its figures are kept by */
    char *region; /* the same with its own label, between its region's markers */
    int iterations;
} pending;

struct sq_mca_batch {
    sq_mca_model *model;
    pending *p;
    int n, cap;
};

sq_mca_batch *sq_mca_batch_start(sq_mca_model *model) {
    sq_mca_batch *b = calloc(1, sizeof *b);
    if (b)
        b->model = model;
    return b;
}

static bool already(const sq_mca_batch *b, const char *input, int iterations) {
    sq_mca_figures f;
    for (int k = 0; k < b->n; k++)
        if (b->p[k].iterations == iterations && strcmp(b->p[k].input, input) == 0)
            return true;
    return sq_mca_kept_find(b->model->tool->path, b->model->mcpu, iterations, input, &f);
}

/* Adds what run_mca would be asked (lines, n, closing, iterations), unless
 * it is kept or pending already, or llvm-mca would be given nothing. */
static void add(sq_mca_batch *b, const char (*lines)[SQ_INSN_TEXT], int n, const char *closing,
                int iterations) {
    int written;
    char label[32];
    snprintf(label, sizeof label, OUT_LABEL "%d", b->n);
    char *input = sq_mca_input(lines, n, closing, OUT_LABEL, &written);
    char *region = input && written > 0 && !already(b, input, iterations)
                       ? sq_mca_input(lines, n, closing, label, &written)
                       : NULL;
    if (region && b->n == b->cap) {
        int cap = b->cap ? 2 * b->cap : 64;
        pending *p = realloc(b->p, (size_t)cap * sizeof *p);
        if (p) {
            b->p = p;
            b->cap = cap;
        }
    }
    if (!region || b->n == b->cap) {
        free(input);
        free(region);
        return;
    }
    b->p[b->n++] = (pending){input, region, iterations};
}

void sq_mca_batch_code(sq_mca_batch *b, const sq_code *code) {
    if (!b)
        return;
    if (isnan(b->model->xor_latency))
        add(b, NULL, 0, FEEDBACK, CHAIN_ITERATIONS);
    add(b, code->decoded, code->count, NULL, BLOCK_ITERATIONS);
    add(b, code->decoded, code->count, FEEDBACK, CHAIN_ITERATIONS);
}

void sq_mca_batch_routine(sq_mca_batch *b, const sq_variant *v, sq_code *scratch) {
    char err[700];
    if (b && sq_disassemble(v, scratch, err, sizeof err))
        sq_mca_batch_code(b, scratch);
}

void sq_mca_batch_block(sq_mca_batch *b, const char (*lines)[SQ_INSN_TEXT], int n) {
    if (b)
        add(b, lines, n, NULL, BLOCK_ITERATIONS);
}

/* One run of llvm-mca over the pending inputs of `iterations`, a region
 * each (named sq<k> after its index), their figures kept. */
static void run_regions(sq_mca_batch *b, int iterations) {
    char *text = NULL, err[700];
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    int regions = 0;
    for (int k = 0; f && k < b->n; k++)
        if (b->p[k].iterations == iterations) {
            fprintf(f, "# LLVM-MCA-BEGIN sq%d\n%s# LLVM-MCA-END sq%d\n", k, b->p[k].region, k);
            regions++;
        }
    bool written = f && !ferror(f);
    if (f && fclose(f) != 0) /* closed whatever ferror said: the text is freed below */
        written = false;
    if (regions == 0 || !written || !text) {
        free(text);
        return;
    }
    /* Some 250 bytes a region in llvm-mca's summary: room for four times that. */
    size_t cap = (size_t)regions * 1024 + 8192;
    char *report = malloc(cap);
    sq_mca_figures *figures = report ? malloc((size_t)b->n * sizeof *figures) : NULL;
    if (figures &&
        run_input(b->model, text, iterations, report, cap, err, sizeof err) == CAPTURE_OK) {
        sq_mca_region_figures(report, figures, b->n);
        for (int k = 0; k < b->n; k++)
            if (b->p[k].iterations == iterations && sq_mca_figures_complete(figures[k]))
                sq_mca_keep(b->model->tool->path, b->model->mcpu, iterations, b->p[k].input,
                            figures[k]);
    }
    free(figures);
    free(report);
    free(text);
}

void sq_mca_batch_run(sq_mca_batch *b) {
    if (!b)
        return;
    run_regions(b, BLOCK_ITERATIONS);
    run_regions(b, CHAIN_ITERATIONS);
    for (int k = 0; k < b->n; k++) {
        free(b->p[k].input);
        free(b->p[k].region);
    }
    free(b->p);
    free(b);
}
