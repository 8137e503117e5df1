#include "bench/code/disasm.h"

#include <capstone/capstone.h>
#include <dlfcn.h>
#include <elf.h>
#include <stdarg.h>
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

/* A function symbol's value (its address less the load bias) and size. */
static bool find_function(const char *name, Elf64_Addr *value, size_t *size) {
    symtab t;
    if (!load_symtab(&t))
        return false;
    for (size_t i = 0; i < t.count; i++)
        if (ELF64_ST_TYPE(t.syms[i].st_info) == STT_FUNC &&
            strcmp(t.names + t.syms[i].st_name, name) == 0) {
            *value = t.syms[i].st_value;
            *size = t.syms[i].st_size;
            return *size > 0;
        }
    return false;
}

/* The symbol of the binary at value (an address less the load bias):
 * "name", or "name+0x8" inside a sized one; the nearest start wins, a
 * function or object before a plain label. NASM's macro-local labels
 * ("..@6.end") name nothing a reader knows. */
static bool symbol_at(Elf64_Addr value, char *buf, size_t len) {
    symtab t;
    if (!load_symtab(&t))
        return false;
    const Elf64_Sym *best = NULL;
    for (size_t i = 0; i < t.count; i++) {
        const Elf64_Sym *s = &t.syms[i];
        int type = ELF64_ST_TYPE(s->st_info);
        const char *name = t.names + s->st_name;
        if (!*name || strncmp(name, "..@", 3) == 0 || s->st_shndx == SHN_UNDEF ||
            (type != STT_FUNC && type != STT_OBJECT && type != STT_NOTYPE))
            continue;
        bool inside = s->st_size ? value - s->st_value < s->st_size : value == s->st_value;
        if (value < s->st_value || !inside)
            continue;
        if (!best || s->st_value > best->st_value ||
            (s->st_value == best->st_value && ELF64_ST_TYPE(best->st_info) == STT_NOTYPE))
            best = s;
    }
    if (!best)
        return false;
    if (value == best->st_value)
        snprintf(buf, len, "%s", t.names + best->st_name);
    else
        snprintf(buf, len, "%s+0x%llx", t.names + best->st_name,
                 (unsigned long long)(value - best->st_value));
    return true;
}

/* What an address is called in the listing: "+0x1a" inside the routine at
 * start, else its symbol in this binary or a library, else "<outside>". */
static void name_target(uint64_t target, uint64_t start, size_t size, uint64_t bias, char *buf,
                        size_t len) {
    Dl_info dl;
    if (target - start < size)
        snprintf(buf, len, "+0x%llx", (unsigned long long)(target - start));
    else if (target >= bias && symbol_at(target - bias, buf, len))
        return;
    else if (dladdr((void *)(uintptr_t)target, &dl) && dl.dli_sname && dl.dli_saddr)
        snprintf(buf, len, "%s+0x%llx", dl.dli_sname,
                 (unsigned long long)(target - (uintptr_t)dl.dli_saddr));
    else
        snprintf(buf, len, "<outside>");
}

/* printf into a listing's text: a line past len is cut, which the compiler
 * cannot prove never happens for capstone's and the symbol table's strings. */
static void listing_text(char *buf, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void listing_text(char *buf, size_t len, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, len, fmt, ap);
    va_end(ap);
}

/* insn's operands with every address named (name_target): a relative
 * branch's target, and a RIP-relative operand as "[rip + name]". */
static void operands_text(csh cs, const cs_insn *insn, uint64_t start, size_t size, uint64_t bias,
                          char *buf, size_t len) {
    const cs_x86 *x86 = &insn->detail->x86;
    char name[160];
    snprintf(buf, len, "%s", insn->op_str);
    for (int k = 0; k < x86->op_count; k++) {
        const cs_x86_op *op = &x86->operands[k];
        if (op->type == X86_OP_IMM && cs_insn_group(cs, insn, CS_GRP_BRANCH_RELATIVE)) {
            name_target((uint64_t)op->imm, start, size, bias, name, sizeof name);
            snprintf(buf, len, "%s", name); /* the target is the only operand */
        } else if (op->type == X86_OP_MEM && op->mem.base == X86_REG_RIP) {
            name_target(insn->address + insn->size + (uint64_t)op->mem.disp, start, size, bias,
                        name, sizeof name);
            const char *open = strstr(insn->op_str, "[rip");
            const char *close = open ? strchr(open, ']') : NULL;
            if (close)
                listing_text(buf, len, "%.*s[rip + %s%s", (int)(open - insn->op_str), insn->op_str,
                             name, close);
        }
    }
}

/* v's callable routine: where it is loaded, its size, and its symbol's value. */
static bool find_routine(const sq_variant *v, const uint8_t **code, size_t *size, Elf64_Addr *value,
                         char *err, size_t errlen) {
    const sq_impl *impl = sq_impl_find(v->impl);
    char name[160];
    snprintf(name, sizeof name, "sq_%s_%s_%s", impl ? impl->tag : v->impl, v->family->name,
             v->technique);
    if (!find_function(name, value, size)) {
        snprintf(err, errlen, "%s: no symbol %s with a size in /proc/self/exe", v->id, name);
        return false;
    }
    *code = (const uint8_t *)(uintptr_t)v->fn.any;
    return true;
}

bool sq_routine_bytes(const sq_variant *v, const uint8_t **code, size_t *size, char *err,
                      size_t errlen) {
    Elf64_Addr value;
    return find_routine(v, code, size, &value, err, errlen);
}

bool sq_disassemble(const sq_variant *v, sq_code *out, char *err, size_t errlen) {
    const uint8_t *code;
    size_t size;
    Elf64_Addr value;
    if (!find_routine(v, &code, &size, &value, err, errlen))
        return false;
    csh cs;
    if (cs_open(CS_ARCH_X86, CS_MODE_64, &cs) != CS_ERR_OK) {
        snprintf(err, errlen, "capstone: cannot open an x86-64 decoder");
        return false;
    }
    cs_option(cs, CS_OPT_SYNTAX, CS_OPT_SYNTAX_INTEL);
    cs_option(cs, CS_OPT_DETAIL, CS_OPT_ON);
    cs_insn *insn;
    uint64_t start = (uint64_t)(uintptr_t)code, bias = start - value;
    size_t n = cs_disasm(cs, code, size, start, 0, &insn);
    out->count = 0;
    out->bytes = 0;
    for (size_t i = 0; i < n && out->count < SQ_MAX_INSNS; i++) {
        char operands[160];
        operands_text(cs, &insn[i], start, size, bias, operands, sizeof operands);
        int k = out->count++;
        out->offset[k] = (size_t)(insn[i].address - start);
        listing_text(out->text[k], sizeof out->text[k], "%s%s%s", insn[i].mnemonic,
                     operands[0] ? " " : "", operands);
        snprintf(out->decoded[k], sizeof out->decoded[k], "%s%s%s", insn[i].mnemonic,
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

bool sq_code_has_branch(const sq_code *code) {
    for (int i = 0; i < code->count; i++) {
        const char *m = code->text[i];
        if ((m[0] == 'j' && strncmp(m, "jmp", 3) != 0) || strncmp(m, "loop", 4) == 0)
            return true;
    }
    return false;
}

int sq_code_branches(const sq_variant *v) {
    sq_code *code = malloc(sizeof *code); /* tens of kilobytes: not on the stack */
    char err[256];
    int branches = code && sq_disassemble(v, code, err, sizeof err) ? sq_code_has_branch(code) : -1;
    free(code);
    return branches;
}
