/* capstone, loaded the first time an instruction is decoded rather than
 * linked: its library holds some 77,000 relocations, which the dynamic
 * loader applied at the start of every sqcolor process (5 ms, most of
 * `sqcolor help`'s time), though most processes never decode. The capstone
 * functions sqcolor calls (cs_open, cs_disasm_iter...) are defined in
 * capstone_loader.c, each forwarded to the library's own. */
#ifndef SQCOLOR_CAPSTONE_LOADER_H
#define SQCOLOR_CAPSTONE_LOADER_H

#include <stdbool.h>
#include <stddef.h>

/* Loads capstone (once; the soname the build linked against). False with
 * the reason and the package to install in err. */
bool sq_capstone_load(char *err, size_t errlen);

#endif
