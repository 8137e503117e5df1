#include "bench/try/try_build.h"

#include "bench/machine/clock.h"
#include "bench/try/try_jobs.h"
#include "bench/try/try_write.h"
#include "bench/util/child.h"
#include "bench/util/escape.h"
#include "bench/util/exit_status.h"
#include "sq_try_builds.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Every C impl's objects: impl tag, compiler, template, its arguments. */
typedef struct object_row {
    const char *tag, *compiler, *source, *args;
} object_row;
#define OBJECT_ROW(tag, compiler, source, args) {tag, compiler, source, args},
static const object_row object_rows[] = {SQ_FOR_EACH_TRY_OBJECT(OBJECT_ROW)};
enum { NROWS = sizeof object_rows / sizeof object_rows[0] };

#define BODIES_HEADER "sq_try_bodies.h"
#define ASM_SOURCE    "sqcolor-try.asm"
#define OBJECT_FILE   "sqcolor-try.so"
#define SOURCE_COPY   "source.txt"

/* The templates: share/sqcolor/try beside the binary (a build tree), or
 * under its prefix (bin/../share/sqcolor/try, an installed copy). */
static int find_templates(char *dir, size_t len, char *err, size_t errlen) {
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        snprintf(err, errlen, "cannot read /proc/self/exe: %s", strerror(errno));
        return -1;
    }
    exe[n] = 0;
    *strrchr(exe, '/') = 0;
    static const char *const places[] = {"%s/share/sqcolor/try", "%s/../share/sqcolor/try"};
    for (int i = 0; i < 2; i++) {
        struct stat st;
        char probe[4200];
        if (snprintf(dir, len, places[i], exe) < (int)len &&
            snprintf(probe, sizeof probe, "%s/asm/kernels.inc", dir) < (int)sizeof probe &&
            stat(probe, &st) == 0)
            return 0;
    }
    snprintf(err, errlen,
             "the templates are missing: no share/sqcolor/try beside %s or under its prefix", exe);
    return -1;
}

/* dir/name written by write(src, f); 0 or -1 with err. */
static int write_file(const char *dir, const char *name, const sq_try_source *src,
                      int (*write)(const sq_try_source *, FILE *), char *err, size_t errlen) {
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    int rc = f ? write(src, f) : -1;
    if (f && fclose(f) != 0)
        rc = -1;
    if (rc)
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
    return rc;
}

static int write_text(const sq_try_source *src, FILE *f) {
    return fputs(src->text, f) < 0 ? -1 : 0;
}

/* The folder and the sources in it. */
static int write_sources(const sq_try_source *src, sq_try_built *b, char *err, size_t errlen) {
    const char *tmp;
    if (sq_child_folder(b->dir, sizeof b->dir, "sqcolor-try", &tmp)) {
        snprintf(err, errlen, "cannot make a folder %s: %s", b->dir, strerror(errno));
        b->dir[0] = 0;
        return -1;
    }
    if (write_file(b->dir, SOURCE_COPY, src, write_text, err, errlen))
        return -1;
    if (src->c.text && write_file(b->dir, BODIES_HEADER, src, sq_try_write_c, err, errlen))
        return -1;
    if (src->asm_body.text && write_file(b->dir, ASM_SOURCE, src, sq_try_write_asm, err, errlen))
        return -1;
    return 0;
}

/* The words of a command being made: its strings held until it is freed. */
typedef struct words {
    char *text[1024];
    int n;
} words;

static char *word(words *w, const char *fmt, const char *a, const char *b) {
    char buf[8400];
    snprintf(buf, sizeof buf, fmt, a, b);
    return w->n < (int)(sizeof w->text / sizeof w->text[0]) ? (w->text[w->n++] = strdup(buf))
                                                            : NULL;
}

static void free_words(words *w) {
    for (int i = 0; i < w->n; i++)
        free(w->text[i]);
    w->n = 0;
}

/* argv = the words of args split at spaces, then the rest. */
static void command(sq_job *j, words *w, const char *program, const char *args) {
    int n = 0;
    j->argv[n++] = word(w, "%s%s", program, "");
    char *copy = word(w, "%s%s", args, "");
    for (char *p = copy, *tok; p && (tok = strsep(&p, " ")) && n < SQ_JOB_MAX_ARGS - 12;)
        if (*tok)
            j->argv[n++] = tok;
    j->argv[n] = NULL;
}

static void add_arg(sq_job *j, char *arg) {
    int n = 0;
    while (j->argv[n])
        n++;
    if (n < SQ_JOB_MAX_ARGS) {
        j->argv[n] = arg;
        j->argv[n + 1] = NULL;
    }
}

/* The impl name of tag ("gcc_12_native": "gcc-12-native"). */
static const char *impl_of_tag(const char *tag) {
    for (int i = 0; i < sq_impl_count; i++)
        if (strcmp(sq_impls[i].tag, tag) == 0)
            return sq_impls[i].name;
    return tag;
}

/* The jobs: NASM on the asm body, then every C impl's objects. */
static int make_jobs(const sq_try_source *src, const sq_try_built *b, const char *tpl, sq_job *jobs,
                     words *w) {
    int n = 0;
    if (src->asm_body.text) {
        sq_job *j = &jobs[n++];
        command(j, w, SQ_TRY_NASM, "-f elf64 -w+error -dSQ_VISIBILITY=default");
        add_arg(j, word(w, "-I%s/asm/", tpl, ""));
        add_arg(j, word(w, "-o%s/%s", b->dir, "asm.o"));
        add_arg(j, word(w, "%s/%s", b->dir, ASM_SOURCE));
        snprintf(j->log, sizeof j->log, "%s/asm.log", b->dir);
        j->what = "asm";
    }
    for (int r = 0; src->c.text && r < NROWS; r++) {
        const object_row *row = &object_rows[r];
        sq_job *j = &jobs[n++];
        char obj[32];
        snprintf(obj, sizeof obj, "c%02d", r);
        command(j, w, row->compiler, row->args);
        add_arg(j, word(w, "-fPIC", "", ""));
        add_arg(j, word(w, "-I%s/c", tpl, ""));
        add_arg(j, word(w, "-I%s", b->dir, ""));
        add_arg(j, word(w, "-DSQ_TRY_BODIES=\"" BODIES_HEADER "\"", "", ""));
        add_arg(j, word(w, "-c", "", ""));
        add_arg(j, word(w, "%s/c/%s", tpl, row->source));
        add_arg(j, word(w, "-o%s/%s.o", b->dir, obj));
        snprintf(j->log, sizeof j->log, "%s/%s.log", b->dir, obj);
        j->what = impl_of_tag(row->tag);
    }
    return n;
}

/* text without the build's folder, dir, in it: the folder is gone by the
 * time a message is read, so a file of it is named by its name alone. */
static void without_folder(char *text, const char *dir) {
    size_t k = strlen(dir);
    for (char *at; k && (at = strstr(text, dir)) && at[k] == '/';)
        memmove(at, at + k + 1, strlen(at + k + 1) + 1);
}

/* How job j ended when its log holds no error line, in one line: "(it
 * exited with status 1): LOG'S FIRST LINE" or "(it died of signal 25, with
 * no message)". */
static void ended(const sq_job *j, const char *dir, char *buf, size_t len) {
    char words[64], first[512], shown[600];
    sq_child_words(&j->end, words, sizeof words);
    if (!sq_job_first_line(j->log, first, sizeof first)) {
        snprintf(buf, len, "(it %s, with no message)", words);
        return;
    }
    without_folder(first, dir);
    snprintf(buf, len, "(it %s): %s", words, sq_text_shown(first, shown, sizeof shown));
}

/* Why job j failed, in one line: the body's own line where the message
 * names it, and nothing of the build's folder, dir, which goes with the
 * program. SQ_EXIT_USAGE for a body that does not build, SQ_EXIT_FAIL for a
 * command that could not run. */
static int why_failed(const sq_try_source *src, const sq_job *j, const char *dir, char *err,
                      size_t errlen) {
    char message[512], where[512], shown[600], name[4096], file[300];
    int line;
    bool is_asm = strcmp(j->what, "asm") == 0;
    const char *what = is_asm ? "the asm body does not assemble" : "the C body does not compile";
    if (j->spawn_error) {
        snprintf(err, errlen, "cannot run %s: %s", j->argv[0], strerror(j->spawn_error));
        return SQ_EXIT_FAIL;
    }
    const sq_try_body *body = is_asm ? &src->asm_body : &src->c;
    sq_text_shown(src->name, file, sizeof file);
    if (j->end.timed_out) {
        snprintf(err, errlen, "%s:%d: %s%s%s within %g s (--build-limit): %s stopped", file,
                 body->line, what, is_asm ? "" : " with ", is_asm ? "" : j->what, j->end.limit_s,
                 j->argv[0]);
        return SQ_EXIT_USAGE;
    }
    sq_try_line_name(src->name, name, sizeof name);
    if (!sq_job_first_error(j->log, name, message, sizeof message, &line, where, sizeof where)) {
        ended(j, dir, shown, sizeof shown);
        snprintf(err, errlen, "%s failed building %s's code of %s %s", j->argv[0], j->what, file,
                 shown);
        return SQ_EXIT_FAIL;
    }
    without_folder(message, dir);
    without_folder(where, dir);
    if (is_asm && strstr(message, "inconsistently redefined"))
        strncat(message, " (a label in a body is written %%name: the body is expanded many times)",
                sizeof message - strlen(message) - 1);
    sq_text_shown(message, shown, sizeof shown);
    /* A compiler that crashed says nothing of the body: the machine's fault. */
    if (strstr(message, "internal compiler error") || strstr(message, "terminated program") ||
        strstr(message, "crashed")) {
        snprintf(err, errlen, "%s crashed building %s's code of %s: %s", j->argv[0], j->what, file,
                 shown);
        return SQ_EXIT_FAIL;
    }
    if (line)
        snprintf(err, errlen, "%s:%d: %s%s%s: %s", file, line, what, is_asm ? "" : " with ",
                 is_asm ? "" : j->what, shown);
    else
        snprintf(err, errlen, "%s:%d: %s%s%s: %s (at %s, in the code around the body)", file,
                 body->line, what, is_asm ? "" : " with ", is_asm ? "" : j->what, shown,
                 sq_text_shown(where, message, sizeof message));
    return SQ_EXIT_USAGE;
}

/* The objects linked into one shared object. */
static int link_objects(sq_try_built *b, int asm_jobs, int c_jobs, double limit_s, char *err,
                        size_t errlen) {
    static sq_job j;
    static words w; /* not on a small stack */
    memset(&j, 0, sizeof j);
    command(&j, &w, SQ_TRY_LINKER, "-shared -Wl,-z,noexecstack");
    add_arg(&j, word(&w, "-o%s/%s", b->dir, OBJECT_FILE));
    if (asm_jobs)
        add_arg(&j, word(&w, "%s/%s", b->dir, "asm.o"));
    for (int r = 0; r < c_jobs; r++) {
        char obj[32];
        snprintf(obj, sizeof obj, "c%02d.o", r);
        add_arg(&j, word(&w, "%s/%s", b->dir, obj));
    }
    snprintf(j.log, sizeof j.log, "%s/link.log", b->dir);
    int failed = sq_jobs_run(&j, 1, 1, b->dir, limit_s);
    char why[700];
    if (failed >= 0 && j.spawn_error)
        snprintf(why, sizeof why, "cannot run %s: %s", j.argv[0], strerror(j.spawn_error));
    else if (failed >= 0)
        ended(&j, b->dir, why, sizeof why);
    if (failed >= 0)
        snprintf(err, errlen, "cannot link the technique's objects: %s%s%s",
                 j.spawn_error ? "" : j.argv[0], j.spawn_error ? "" : " failed ", why);
    free_words(&w);
    return failed >= 0 ? -1 : 0;
}

/* One variant of the loaded object: impl's symbols sq_<tag>_<family>_try. */
static int add_variant(const sq_try_source *src, sq_try_built *b, const char *tag, const char *impl,
                       char *err, size_t errlen) {
    sq_variant *v = &b->variants[b->nvariants];
    char sym[160], id[160];
    static const char *const modes[SQ_KERNEL_MODES] = {"latency", "throughput", "branch"};
    snprintf(sym, sizeof sym, "sq_%s_%s_" SQ_TRY_SYMBOL, tag, src->family->name);
    snprintf(id, sizeof id, "%s/%s/%s", src->family->name, src->technique, impl);
    *v = (sq_variant){.id = strdup(id),
                      .family = src->family,
                      .technique = src->technique,
                      .impl = impl,
                      .formula = src->formula,
                      .insns =
                          strcmp(impl, "asm") == 0 ? "the file's asm body" : "the file's C body",
                      .needs = src->needs_mask};
    v->fn.any = (sq_any_fn)(uintptr_t)dlsym(b->handle, sym);
    for (int m = 0; m < SQ_KERNEL_MODES; m++) {
        char k[200];
        snprintf(k, sizeof k, "%s_%s", sym, modes[m]);
        v->kernel[m] = (sq_kernel_fn)(uintptr_t)dlsym(b->handle, k);
        if (!v->kernel[m])
            v->fn.any = NULL;
    }
    if (!v->id || !v->fn.any) {
        snprintf(err, errlen, "the technique's object has no %s or its kernels", sym);
        return -1;
    }
    b->nvariants++;
    return 0;
}

/* dir's object loaded, its variants made: asm, then the C impls in the
 * registry's order. */
static int load(const sq_try_source *src, sq_try_built *b, char *err, size_t errlen) {
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", b->dir, OBJECT_FILE);
    if (!(b->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL))) {
        snprintf(err, errlen, "cannot load %s: %s", path, dlerror());
        return SQ_EXIT_FAIL;
    }
    if (!(b->variants = calloc((size_t)sq_impl_count, sizeof *b->variants)))
        return snprintf(err, errlen, "out of memory"), SQ_EXIT_FAIL;
    for (int i = 0; i < sq_impl_count; i++) {
        bool is_asm = strcmp(sq_impls[i].name, "asm") == 0;
        if (!(is_asm ? src->asm_body.text : src->c.text))
            continue;
        if (add_variant(src, b, sq_impls[i].tag, sq_impls[i].name, err, errlen))
            return SQ_EXIT_FAIL;
    }
    return 0;
}

static int parallel_jobs(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 16 ? 16 : (int)n;
}

int sq_try_build(const sq_try_source *src, double limit_s, sq_try_built *b, char *err,
                 size_t errlen) {
    double t0 = sq_monotonic_s();
    char tpl[4096];
    static sq_job jobs[NROWS + 1]; /* not on a small stack */
    static words w;
    *b = (sq_try_built){0};
    if (find_templates(tpl, sizeof tpl, err, errlen) || write_sources(src, b, err, errlen))
        return SQ_EXIT_FAIL;
    memset(jobs, 0, sizeof jobs);
    int n = make_jobs(src, b, tpl, jobs, &w);
    int failed = sq_jobs_run(jobs, n, parallel_jobs(), b->dir, limit_s);
    int rc = failed >= 0 ? why_failed(src, &jobs[failed], b->dir, err, errlen) : 0;
    free_words(&w);
    b->runs = n;
    if (!rc &&
        link_objects(b, src->asm_body.text != NULL, src->c.text ? NROWS : 0, limit_s, err, errlen))
        rc = SQ_EXIT_FAIL;
    if (!rc)
        rc = load(src, b, err, errlen);
    b->seconds = sq_monotonic_s() - t0;
    return rc;
}

int sq_try_load(const sq_try_source *src, const char *dir, sq_try_built *b, char *err,
                size_t errlen) {
    *b = (sq_try_built){0};
    snprintf(b->dir, sizeof b->dir, "%s", dir);
    return load(src, b, err, errlen);
}
