#include "bench/code/disasm.h"

#include "bench/code/code_pages.h"
#include "bench/code/decoder.h"

#include <dlfcn.h>
#include <elf.h>
#include <link.h>
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
 * start, else its symbol in this binary or a library (in a placed copy,
 * that of where it was copied from), else "<outside>". */
static void name_target(uint64_t target, uint64_t start, size_t size, uint64_t bias, char *buf,
                        size_t len) {
    Dl_info dl;
    uint64_t origin;
    if (target - start < size)
        snprintf(buf, len, "+0x%llx", (unsigned long long)(target - start));
    else if (sq_built_origin(target, &origin))
        name_target(origin, start, size, bias, buf, len);
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

/* What this binary's symbol values are off by in this process: the load
 * bias of a position-independent executable (0 for one that is not). */
static uint64_t load_bias(void) {
    Dl_info dl;
    struct link_map *map = NULL;
    if (!dladdr1((void *)(uintptr_t)load_bias, &dl, (void **)&map, RTLD_DL_LINKMAP) || !map)
        return 0;
    return (uint64_t)map->l_addr;
}

/* The function of this binary that starts at fn: its size and name (from
 * the symbol table). */
static bool binary_function(const void *fn, size_t *size, const char **name) {
    symtab t;
    uint64_t value = (uint64_t)(uintptr_t)fn - load_bias();
    if (!load_symtab(&t))
        return false;
    for (size_t i = 0; i < t.count; i++)
        if (ELF64_ST_TYPE(t.syms[i].st_info) == STT_FUNC && t.syms[i].st_value == value &&
            t.syms[i].st_size > 0) {
            *size = t.syms[i].st_size;
            *name = t.names + t.syms[i].st_name;
            return true;
        }
    return false;
}

/* ---- functions of the shared objects loaded at run time ------------------- */

/* The loaded object fn lies in, where dladdr places it in one other than
 * this binary (a shared object dlopen()ed at run time): its file; else
 * NULL. */
static const char *other_object(const void *fn) {
    Dl_info self, dl;
    if (!dladdr((void *)(uintptr_t)load_bias, &self) || !dladdr(fn, &dl) ||
        dl.dli_fbase == self.dli_fbase)
        return NULL;
    return dl.dli_fname ? dl.dli_fname : "?";
}

/* The function of another loaded object that starts at fn, from its dynamic
 * symbols: its size and name (which live while the object stays loaded). */
static bool loaded_function(const void *fn, size_t *size, const char **name) {
    Dl_info dl;
    const ElfW(Sym) *sym = NULL;
    if (!other_object(fn) || !dladdr1(fn, &dl, (void **)&sym, RTLD_DL_SYMENT) || !sym ||
        dl.dli_saddr != fn || ELF64_ST_TYPE(sym->st_info) != STT_FUNC || sym->st_size == 0)
        return false;
    *size = sym->st_size;
    *name = dl.dli_sname;
    return true;
}

/* v's callable routine: where it is loaded and its size. One in another
 * loaded object is found by its address alone: its name there may be that of
 * a routine of this binary. */
static bool find_routine(const sq_variant *v, const uint8_t **code, size_t *size, char *err,
                         size_t errlen) {
    const void *fn = (const void *)(uintptr_t)v->fn.any;
    const char *object = other_object(fn), *found;
    *code = fn;
    if (object) {
        if (loaded_function(fn, size, &found))
            return true;
        snprintf(err, errlen, "%s: no dynamic symbol with a size at %p in %s", v->id, fn, object);
        return false;
    }
    const sq_impl *impl = sq_impl_find(v->impl);
    char name[160];
    Elf64_Addr value;
    snprintf(name, sizeof name, "sq_%s_%s_%s", impl ? impl->tag : v->impl, v->family->name,
             v->technique);
    if (find_function(name, &value, size) || binary_function(fn, size, &found))
        return true;
    snprintf(err, errlen, "%s: no symbol %s with a size in /proc/self/exe", v->id, name);
    return false;
}

bool sq_routine_bytes(const sq_variant *v, const uint8_t **code, size_t *size, char *err,
                      size_t errlen) {
    return find_routine(v, code, size, err, errlen);
}

bool sq_function_bytes(const void *fn, const uint8_t **code, size_t *size, const char **name,
                       char *err, size_t errlen) {
    const char *object = other_object(fn);
    *code = fn;
    if (object ? loaded_function(fn, size, name) : binary_function(fn, size, name))
        return true;
    snprintf(err, errlen, "no function with a size at %p in %s", fn,
             object ? object : "/proc/self/exe");
    return false;
}

/* An instruction capstone does not know, as bytes an assembler takes. */
static void bytes_text(const uint8_t *p, size_t n, char *buf, size_t len) {
    size_t used = (size_t)snprintf(buf, len, ".byte");
    for (size_t i = 0; i < n && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s0x%02x", i ? ", " : " ", p[i]);
}

/* The listing of code[0..size), loaded at code: at most max lines, each
 * instruction's offset and text (and capstone's own, where decoded is not
 * NULL); *listed the bytes they take. Returns the lines, or -1 with a reason
 * in err. */
static int listing(const uint8_t *code, size_t size, size_t *offset, char (*text)[SQ_INSN_TEXT],
                   char (*decoded)[SQ_INSN_TEXT], int max, size_t *listed, char *err,
                   size_t errlen) {
    sq_decoder d;
    uint64_t start = (uint64_t)(uintptr_t)code, bias = load_bias();
    if (!sq_decoder_open(&d, code, size, start, err, errlen))
        return -1;
    int lines = 0;
    *listed = 0;
    for (; lines < max && sq_decoder_next(&d); lines++) {
        offset[lines] = d.at;
        *listed += d.length;
        if (!d.insn) {
            bytes_text(code + d.at, d.length, text[lines], sizeof text[lines]);
            if (decoded)
                snprintf(decoded[lines], sizeof decoded[lines], "%s", text[lines]);
            continue;
        }
        char operands[160];
        operands_text(d.cs, d.insn, start, size, bias, operands, sizeof operands);
        listing_text(text[lines], sizeof text[lines], "%s%s%s", d.insn->mnemonic,
                     operands[0] ? " " : "", operands);
        if (decoded)
            snprintf(decoded[lines], sizeof decoded[lines], "%s%s%s", d.insn->mnemonic,
                     d.insn->op_str[0] ? " " : "", d.insn->op_str);
    }
    sq_decoder_close(&d);
    if (!lines) {
        snprintf(err, errlen, "capstone decoded nothing");
        return -1;
    }
    return lines;
}

int sq_listing(const uint8_t *code, size_t size, size_t *offset, char (*text)[SQ_INSN_TEXT],
               int max, char *err, size_t errlen) {
    size_t listed;
    return listing(code, size, offset, text, NULL, max, &listed, err, errlen);
}

bool sq_disassemble(const sq_variant *v, sq_code *out, char *err, size_t errlen) {
    const uint8_t *code;
    size_t size;
    if (!find_routine(v, &code, &size, err, errlen))
        return false;
    char why[200];
    out->count = listing(code, size, out->offset, out->text, out->decoded, SQ_MAX_INSNS,
                         &out->bytes, why, sizeof why);
    if (out->count < 0) {
        snprintf(err, errlen, "%s: %s", v->id, why);
        out->count = 0;
        out->bytes = 0;
        return false;
    }
    return true;
}

sq_insn *sq_decode(const uint8_t *code, size_t size, uint64_t address, int *count, char *err,
                   size_t errlen) {
    sq_decoder d;
    *count = 0;
    if (!sq_decoder_open(&d, code, size, address, err, errlen))
        return NULL;
    /* An instruction takes a byte at least: size of them is room for all. */
    sq_insn *out = calloc(size ? size : 1, sizeof *out);
    int n = 0;
    while (out && sq_decoder_next(&d)) {
        sq_insn *o = &out[n++];
        o->offset = d.at;
        o->size = d.length;
        if (!d.insn) { /* VEX or EVEX: no branch */
            o->memory = d.rip_disp ? 0 : d.memory;
            continue;
        }
        const cs_x86 *x86 = &d.insn->detail->x86;
        unsigned id = d.insn->id;
        for (int k = 0; k < x86->op_count && id != X86_INS_LEA && id != X86_INS_NOP; k++)
            if (x86->operands[k].type == X86_OP_MEM && x86->operands[k].mem.base != X86_REG_RIP)
                o->memory += x86->operands[k].size;
        o->branch = cs_insn_group(d.cs, d.insn, CS_GRP_BRANCH_RELATIVE) &&
                    cs_insn_group(d.cs, d.insn, CS_GRP_JUMP) && x86->op_count == 1 &&
                    x86->operands[0].type == X86_OP_IMM;
        o->target = o->branch ? (uint64_t)x86->operands[0].imm : 0;
        o->conditional = o->branch && id != X86_INS_JMP;
        o->stops = id == X86_INS_JMP || id == X86_INS_LJMP || id == X86_INS_RET ||
                   id == X86_INS_RETF || id == X86_INS_UD2 || id == X86_INS_HLT ||
                   id == X86_INS_INT3;
    }
    sq_decoder_close(&d);
    if (!out || !n) {
        snprintf(err, errlen,
                 out ? "capstone decoded nothing" : "out of memory for %zu bytes' instructions",
                 size);
        free(out);
        return NULL;
    }
    *count = n;
    return out;
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
