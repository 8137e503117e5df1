#include "bench/code/capstone_loader.h"

#include <capstone/capstone.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#ifndef SQ_CAPSTONE_SONAME
#error "SQ_CAPSTONE_SONAME: the build names capstone's library (bench/CMakeLists.txt)"
#endif
#ifndef SQ_CAPSTONE_PACKAGE
#define SQ_CAPSTONE_PACKAGE "its package"
#endif

/* The library's functions, found once. */
static struct {
    cs_err (*open)(cs_arch, cs_mode, csh *);
    cs_err (*option)(csh, cs_opt_type, size_t);
    cs_err (*close)(csh *);
    cs_insn *(*malloc)(csh);
    void (*free)(cs_insn *, size_t);
    bool (*disasm_iter)(csh, const uint8_t **, size_t *, uint64_t *, cs_insn *);
    bool (*insn_group)(csh, const cs_insn *, unsigned int);
    const char *(*reg_name)(csh, unsigned int);
    cs_err (*regs_access)(csh, const cs_insn *, cs_regs, uint8_t *, cs_regs, uint8_t *);
    bool loaded;
    char why[400];
} lib;

/* A function of the library into *fn (its address copied: C has no cast
 * from an object pointer to a function pointer). */
static bool find(void *handle, const char *name, void *fn) {
    void *at = dlsym(handle, name);
    if (at)
        memcpy(fn, &at, sizeof at);
    else
        snprintf(lib.why, sizeof lib.why, "%s has no %s", SQ_CAPSTONE_SONAME, name);
    return at != NULL;
}

static void load(void) {
    void *h = dlopen(SQ_CAPSTONE_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *e = dlerror();
        snprintf(lib.why, sizeof lib.why, "cannot load capstone (%s; apt-get install %s)",
                 e ? e : SQ_CAPSTONE_SONAME, SQ_CAPSTONE_PACKAGE);
        return;
    }
    lib.loaded = find(h, "cs_open", &lib.open) && find(h, "cs_option", &lib.option) &&
                 find(h, "cs_close", &lib.close) && find(h, "cs_malloc", &lib.malloc) &&
                 find(h, "cs_free", &lib.free) && find(h, "cs_disasm_iter", &lib.disasm_iter) &&
                 find(h, "cs_insn_group", &lib.insn_group) &&
                 find(h, "cs_reg_name", &lib.reg_name) &&
                 find(h, "cs_regs_access", &lib.regs_access);
}

bool sq_capstone_load(char *err, size_t errlen) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, load);
    if (!lib.loaded)
        snprintf(err, errlen, "%s", lib.why);
    return lib.loaded;
}

/* ---- capstone's functions, each forwarded to the library ---------------------- */

cs_err cs_open(cs_arch arch, cs_mode mode, csh *handle) {
    char err[8];
    return sq_capstone_load(err, sizeof err) ? lib.open(arch, mode, handle) : CS_ERR_MEM;
}

/* The rest take what cs_open gave, so the library is loaded; where it is
 * not (a caller that went on after cs_open failed), they fail alike. */
cs_err cs_option(csh handle, cs_opt_type type, size_t value) {
    return lib.loaded ? lib.option(handle, type, value) : CS_ERR_HANDLE;
}

cs_err cs_close(csh *handle) {
    return lib.loaded ? lib.close(handle) : CS_ERR_HANDLE;
}

cs_insn *cs_malloc(csh handle) {
    return lib.loaded ? lib.malloc(handle) : NULL;
}

void cs_free(cs_insn *insn, size_t count) {
    if (lib.loaded)
        lib.free(insn, count);
}

bool cs_disasm_iter(csh handle, const uint8_t **code, size_t *size, uint64_t *address,
                    cs_insn *insn) {
    return lib.loaded && lib.disasm_iter(handle, code, size, address, insn);
}

bool cs_insn_group(csh handle, const cs_insn *insn, unsigned int group_id) {
    return lib.loaded && lib.insn_group(handle, insn, group_id);
}

const char *cs_reg_name(csh handle, unsigned int reg_id) {
    return lib.loaded ? lib.reg_name(handle, reg_id) : NULL;
}

cs_err cs_regs_access(csh handle, const cs_insn *insn, cs_regs regs_read, uint8_t *regs_read_count,
                      cs_regs regs_write, uint8_t *regs_write_count) {
    return lib.loaded ? lib.regs_access(handle, insn, regs_read, regs_read_count, regs_write,
                                        regs_write_count)
                      : CS_ERR_HANDLE;
}
