/* The machine code of routines in a shared object loaded at run time, as a
 * technique of `sqcolor try` is: tests/loaded_code.asm assembled and linked
 * into a .so here, dlopen()ed, and its routine, kernels and twins read as
 * this binary's own are. Arguments: nasm, the C compiler (the linker driver),
 * tests/loaded_code.asm. */
#include "bench/code/code_identity.h"
#include "bench/code/code_pages.h"
#include "bench/code/disasm.h"
#include "bench/code/timed_loop.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

static char scratch[] = "/tmp/sqcolor-test-loaded-code-XXXXXX";

/* Runs argv to its end: whether it exited 0. */
static bool run(char *const *argv) {
    pid_t pid = fork();
    if (pid == 0) {
        execvp(argv[0], argv);
        _exit(127);
    }
    int status;
    return pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
           WEXITSTATUS(status) == 0;
}

/* The shared object built from source: dlopen()ed, or NULL. */
static void *build(char *nasm, char *cc, char *source) {
    char object[128], shared[128];
    snprintf(object, sizeof object, "%s/loaded_code.o", scratch);
    snprintf(shared, sizeof shared, "%s/loaded_code.so", scratch);
    char *assemble[] = {nasm, "-f", "elf64", "-o", object, source, NULL};
    char *link[] = {cc, "-shared", "-nostdlib", "-o", shared, object, NULL};
    if (!run(assemble) || !run(link)) {
        printf("cannot build %s from %s\n", shared, source);
        return NULL;
    }
    void *so = dlopen(shared, RTLD_NOW | RTLD_LOCAL);
    if (!so)
        printf("dlopen: %s\n", dlerror());
    return so;
}

/* A variant of the catalogue's shape whose routine is the .so's symbol
 * routine and whose kernels are its kernel. */
static sq_variant loaded(void *so, const char *id, const char *technique, const char *routine) {
    sq_kernel_fn kernel = (sq_kernel_fn)(uintptr_t)dlsym(so, "sq_loaded_kernel");
    sq_variant v = {.id = id,
                    .family = sq_family_find("color"),
                    .technique = technique,
                    .impl = "try",
                    .fn.any = (sq_any_fn)(uintptr_t)dlsym(so, routine),
                    .kernel = {kernel, kernel, kernel}};
    CHECK(v.fn.any && kernel, "%s: no symbol %s in the .so", id, routine);
    return v;
}

/* The routine: its bytes, listing and fact. */
static void check_routine(void *so) {
    sq_variant a = loaded(so, "color/twin_a/try", "twin_a", "sq_loaded_twin_a");
    sq_code *code = malloc(sizeof *code);
    sq_code_fact fact;
    char err[400] = "";
    CHECK(code && sq_disassemble(&a, code, err, sizeof err) && code->count == 5 &&
              code->bytes == 11 && strcmp(code->text[1], "shr eax, 3") == 0 &&
              strcmp(code->text[4], "ret") == 0,
          "disassembled: %s", err);
    CHECK(sq_code_fact_of(&a, &fact, err, sizeof err) && fact.insns == 5 && fact.bytes == 11 &&
              strcmp(fact.id, a.id) == 0,
          "fact: %s", err);
    CHECK(sq_code_branches(&a) == 0, "the routine branches");

    /* A routine named as one of this binary's is still the .so's. */
    sq_variant same_name = sq_variants[0];
    same_name.fn.any = a.fn.any;
    CHECK(sq_code_fact_of(&same_name, &fact, err, sizeof err) && fact.bytes == 11,
          "%s's name: %d bytes, not the .so's 11 (%s)", same_name.id, fact.bytes, err);

    sq_variant unsized = loaded(so, "color/unsized/try", "unsized", "sq_loaded_unsized");
    err[0] = 0;
    CHECK(!sq_disassemble(&unsized, code, err, sizeof err) && strstr(err, "loaded_code.so"),
          "a symbol without a size: %s", err);
    free(code);
}

/* The kernels: their timed loop, and one reached through a tail call. */
static void check_kernels(void *so) {
    sq_variant a = loaded(so, "color/twin_a/try", "twin_a", "sq_loaded_twin_a");
    sq_timed_loop l;
    sq_code_fact fact;
    char err[600] = "";
    const char *name;
    /* its own latency kernel's loop (a run times the spliced one, below) */
    CHECK(sq_loop_of_function((const void *)(uintptr_t)a.kernel[SQ_KERNEL_LATENCY], true, &l, &name,
                              err, sizeof err) &&
              !l.alignment && l.insns == 6 && l.lines == 6 && l.offset == 64 &&
              l.function_bytes == 83 && strcmp(l.text[0], "movzx edi, byte ptr [r11 + rcx]") == 0 &&
              strcmp(l.text[5], "jne +0x0") == 0,
          "kernel loop: %s", err);
    sq_timed_loop_free(&l);
    /* A loaded routine is spliced as the catalogue's are: the run's latency loop. */
    CHECK(sq_kernel_loop(&a, SQ_KERNEL_LATENCY, false, &l, err, sizeof err) &&
              l.offset == SQ_SPLICE_HEAD && !l.alignment &&
              l.code != (const uint8_t *)(uintptr_t)a.kernel[SQ_KERNEL_LATENCY] + 64,
          "the spliced loop of a loaded routine: %s", err);
    CHECK(sq_kernel_loop_fact(&a, SQ_KERNEL_BRANCH, &fact, err, sizeof err) && fact.insns == 6,
          "kernel loop fact: %s", err);
    CHECK(sq_kernel_loop_branches(&a, SQ_KERNEL_THROUGHPUT) == 0, "the loop branches");

    name = "";
    CHECK(sq_loop_of_function(dlsym(so, "sq_loaded_tail"), false, &l, &name, err, sizeof err) &&
              strcmp(name, "sq_loaded_kernel") == 0 && l.insns == 6,
          "a tail call not followed: %s (%s)", err, name);
}

/* sq_code_twins: the one identical routine, in order, v itself left out. */
static void check_twins(void *so) {
    sq_variant a = loaded(so, "color/twin_a/try", "twin_a", "sq_loaded_twin_a");
    sq_variant b = loaded(so, "color/twin_b/try", "twin_b", "sq_loaded_twin_b");
    sq_variant other = loaded(so, "color/other/try", "other", "sq_loaded_other");
    sq_variant unsized = loaded(so, "color/unsized/try", "unsized", "sq_loaded_unsized");
    const sq_variant *others[] = {&other, &a, &unsized, &sq_variants[0], &b};
    const sq_variant *twins[4] = {0};
    int n = sq_code_twins(&a, others, 5, twins, 4);
    CHECK(n == 1 && twins[0] == &b, "twins of a: %d, not b alone", n);
    CHECK(sq_code_twins(&b, others, 5, twins, 4) == 1 && twins[0] == &a, "twins of b: not a");
    CHECK(sq_code_twins(&other, others, 5, twins, 4) == 0, "other has a twin");
    CHECK(sq_code_twins(&a, others, 5, twins, 0) == 0, "more twins than room");
    CHECK(sq_code_twins(&unsized, others, 5, twins, 4) == -1, "an unreadable code has twins");
}

int main(int argc, char **argv) {
    if (argc != 4) {
        printf("usage: test_loaded_code NASM CC tests/loaded_code.asm\n");
        return 2;
    }
    void *so = mkdtemp(scratch) ? build(argv[1], argv[2], argv[3]) : NULL;
    CHECK(so, "no shared object to read");
    if (so) {
        check_routine(so);
        check_kernels(so);
        check_twins(so);
        dlclose(so);
    }
    return check_finish("loaded_code", scratch);
}
