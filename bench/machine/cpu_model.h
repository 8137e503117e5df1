/* What a CPU is called: its core and codename from the CPUID vendor, family
 * and model, for titles and column headers, the vendor's published cost of a
 * branch mispredict on that core, and LLVM's name for it. One table
 * (cpu_model.c) owns them. */
#ifndef SQCOLOR_CPU_MODEL_H
#define SQCOLOR_CPU_MODEL_H

#include "bench/machine/machine.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct sq_cpu_model {
    const char *core;       /* "Zen 4", "Golden Cove" */
    const char *codename;   /* "Genoa", "Sapphire Rapids"; NULL for a core only */
    const char *label;      /* for titles: "Zen 4 \"Genoa\"", "Sapphire Rapids (Golden Cove)" */
    const char *mispredict; /* the vendor's cycles per mispredict as published, or NULL */
    /* LLVM's -mcpu names for the core, space-separated: its own first, then
     * older cores that stand in for it where an LLVM does not know it
     * ("znver4 znver3"); NULL where the table cannot say (LLVM guesses). */
    const char *mcpu;
} sq_cpu_model;

/* m's entry, or NULL when the table does not know the CPU. */
const sq_cpu_model *sq_cpu_model_of(const sq_machine *m);

/* Whether a and b are one CPU: vendor, family and model alike. */
bool sq_same_cpu(const sq_machine *a, const sq_machine *b);

/* A name that tells m apart from the other machines a report shows: the
 * model's label, or "<vendor> family 0x<f> model 0x<m>" for an unknown one. */
void sq_cpu_label(char *buf, size_t len, const sq_machine *m);

/* A short name for a column header: the codename, else the core, else
 * "family 0x<f> model 0x<m>". */
void sq_cpu_short(char *buf, size_t len, const sq_machine *m);

#endif
