#include "disasm.h"

#include "clock.h"

#include <capstone/capstone.h>
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <unistd.h>

/* ---- symbol sizes from our own ELF file ----------------------------------- */

typedef struct symtab {
    const Elf64_Sym *syms;
    size_t count;
    const char *names;
} symtab;

static bool load_symtab(symtab *t) {
    static void *image;
    static size_t image_size;
    if (!image) {
        int fd = open("/proc/self/exe", O_RDONLY);
        struct stat st;
        if (fd < 0 || fstat(fd, &st) != 0)
            return false;
        image_size = (size_t)st.st_size;
        image = mmap(NULL, image_size, PROT_READ, MAP_PRIVATE, fd, 0);
        close(fd);
        if (image == MAP_FAILED) {
            image = NULL;
            return false;
        }
    }
    const Elf64_Ehdr *eh = image;
    if (image_size < sizeof *eh || memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0)
        return false;
    const Elf64_Shdr *sh = (const Elf64_Shdr *)((const char *)image + eh->e_shoff);
    for (int i = 0; i < eh->e_shnum; i++)
        if (sh[i].sh_type == SHT_SYMTAB) {
            t->syms = (const Elf64_Sym *)((const char *)image + sh[i].sh_offset);
            t->count = sh[i].sh_size / sizeof(Elf64_Sym);
            t->names = (const char *)image + sh[sh[i].sh_link].sh_offset;
            return true;
        }
    return false;
}

static bool symbol_size(const char *name, size_t *size) {
    symtab t;
    if (!load_symtab(&t))
        return false;
    for (size_t i = 0; i < t.count; i++)
        if (ELF64_ST_TYPE(t.syms[i].st_info) == STT_FUNC &&
            strcmp(t.names + t.syms[i].st_name, name) == 0) {
            *size = t.syms[i].st_size;
            return *size > 0;
        }
    return false;
}

bool sq_disassemble(const sq_variant *v, sq_code *out, char *err, size_t errlen) {
    const sq_impl *impl = sq_impl_find(v->impl);
    char name[160];
    snprintf(name, sizeof name, "sq_%s_%s_%s", impl ? impl->tag : v->impl, v->family->name,
             v->technique);
    size_t size;
    if (!symbol_size(name, &size)) {
        snprintf(err, errlen, "%s: no symbol %s with a size in /proc/self/exe", v->id, name);
        return false;
    }
    csh cs;
    if (cs_open(CS_ARCH_X86, CS_MODE_64, &cs) != CS_ERR_OK) {
        snprintf(err, errlen, "capstone: cannot open an x86-64 decoder");
        return false;
    }
    cs_option(cs, CS_OPT_SYNTAX, CS_OPT_SYNTAX_INTEL);
    cs_insn *insn;
    const uint8_t *code = (const uint8_t *)(uintptr_t)v->fn.any;
    size_t n = cs_disasm(cs, code, size, (uint64_t)(uintptr_t)code, 0, &insn);
    out->count = 0;
    out->bytes = 0;
    for (size_t i = 0; i < n && out->count < SQ_MAX_INSNS; i++) {
        snprintf(out->text[out->count++], sizeof out->text[0], "%s%s%s", insn[i].mnemonic,
                 insn[i].op_str[0] ? " " : "", insn[i].op_str);
        out->bytes += insn[i].size;
    }
    if (n)
        cs_free(insn, n);
    cs_close(&cs);
    if (!n) {
        snprintf(err, errlen, "%s: capstone decoded nothing", v->id);
        return false;
    }
    return true;
}

int sq_code_branches(const sq_variant *v) {
    sq_code code;
    char err[256];
    if (!sq_disassemble(v, &code, err, sizeof err))
        return -1;
    for (int i = 0; i < code.count; i++) {
        const char *m = code.text[i];
        if ((m[0] == 'j' && strncmp(m, "jmp", 3) != 0) || strncmp(m, "loop", 4) == 0)
            return 1;
    }
    return 0;
}

/* ---- llvm-mca --------------------------------------------------------------- */

const char *sq_mca_path(void) {
    static char found[512];
    static bool searched;
    if (searched)
        return found[0] ? found : NULL;
    searched = true;
    const char *path = getenv("PATH");
    static const char *const names[] = {"llvm-mca",    "llvm-mca-19", "llvm-mca-18", "llvm-mca-17",
                                        "llvm-mca-16", "llvm-mca-15", "llvm-mca-14"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        for (const char *p = path; p && *p;) {
            size_t len = strcspn(p, ":");
            snprintf(found, sizeof found, "%.*s/%s", (int)len, p, names[k]);
            if (access(found, X_OK) == 0)
                return found;
            p += len + (p[len] == ':');
        }
    }
    found[0] = 0;
    return NULL;
}

/* Runs a shell command and returns its standard output (at most cap bytes). */
static bool capture(const char *cmd, char *buf, size_t cap) {
    FILE *p = popen(cmd, "r");
    if (!p)
        return false;
    size_t n = fread(buf, 1, cap - 1, p);
    buf[n] = 0;
    return pclose(p) == 0;
}

bool sq_mca_knows(const char *mcpu) {
    const char *mca = sq_mca_path();
    if (!mca)
        return false;
    for (const char *c = mcpu; *c; c++)
        if (!(*c == '-' || *c == '_' || (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9')))
            return false;
    if (strcmp(mcpu, "native") == 0)
        return true;
    static char list[65536];
    char cmd[600];
    snprintf(cmd, sizeof cmd, "%s -mcpu=help </dev/null 2>&1", mca);
    capture(cmd, list, sizeof list);
    char needle[80];
    snprintf(needle, sizeof needle, "  %s ", mcpu);
    return strstr(list, needle) != NULL;
}

const char *sq_mca_default_cpu(bool *approximate) {
    sq_machine m;
    sq_machine_detect(&m);
    *approximate = false;
    if (strcmp(m.vendor, "AuthenticAMD") == 0) {
        static const struct {
            unsigned family;
            const char *cpus[3]; /* newest first */
        } amd[] = {{0x1a, {"znver5", "znver4", "znver3"}},
                   {0x19, {"znver4", "znver3", NULL}},
                   {0x17, {"znver2", "znver1", NULL}}};
        for (size_t i = 0; i < sizeof amd / sizeof amd[0]; i++) {
            if (amd[i].family != m.family)
                continue;
            for (int k = 0; k < 3 && amd[i].cpus[k]; k++)
                if (sq_mca_knows(amd[i].cpus[k])) {
                    *approximate = k > 0 || m.family == 0x19;
                    return amd[i].cpus[k];
                }
        }
    }
    return "native";
}

static double field(const char *text, const char *label) {
    const char *p = strstr(text, label);
    return p ? atof(p + strlen(label)) : -1;
}

/* llvm-mca over the instructions (ret dropped, jumps aimed at a label after
 * the block), with an optional closing line. */
static bool run_mca(const sq_code *code, const char *mcpu, const char *closing, int iterations,
                    char *report, size_t cap) {
    char in[] = "/tmp/sqcolor-mca-XXXXXX";
    int fd = mkstemp(in);
    if (fd < 0)
        return false;
    FILE *f = fdopen(fd, "w");
    for (int i = 0; i < code->count; i++) {
        const char *t = code->text[i];
        if (strncmp(t, "ret", 3) == 0)
            continue;
        if (t[0] == 'j') {
            fprintf(f, "%.*s .Lout\n", (int)strcspn(t, " "), t);
            continue;
        }
        fprintf(f, "%s\n", t);
    }
    fprintf(f, ".Lout:\n%s\n", closing ? closing : "");
    fclose(f);
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "%s -mcpu=%s -x86-asm-syntax=intel -iterations=%d -instruction-info=0 "
             "-resource-pressure=0 %s 2>&1",
             sq_mca_path(), mcpu, iterations, in);
    bool ok = capture(cmd, report, cap);
    unlink(in);
    return ok;
}

bool sq_predict(const sq_code *code, const char *mcpu, sq_prediction *out, char *err,
                size_t errlen) {
    if (!sq_mca_path()) {
        snprintf(err, errlen, "llvm-mca not found");
        return false;
    }
    char report[8192];
    if (!run_mca(code, mcpu, NULL, 100, report, sizeof report) ||
        (out->rthroughput = field(report, "Block RThroughput:")) < 0) {
        snprintf(err, errlen, "llvm-mca failed: %.200s", report);
        return false;
    }
    const int iterations = 1000;
    if (!run_mca(code, mcpu, "xor edi, eax", iterations, report, sizeof report)) {
        snprintf(err, errlen, "llvm-mca failed: %.200s", report);
        return false;
    }
    double total = field(report, "Total Cycles:");
    out->latency = total / iterations - 1;
    return total > 0;
}
