#include "bench/machine/placement.h"

#include <stddef.h>
#include <sys/personality.h>
#include <unistd.h>

static char **original_argv;

void sq_placement_init(char **argv) {
    original_argv = argv;
}

void sq_placement_fix(void) {
    int persona = personality(0xffffffff);
    if (!original_argv || persona == -1 || (persona & ADDR_NO_RANDOMIZE))
        return;
    if (personality((unsigned long)persona | ADDR_NO_RANDOMIZE) == -1)
        return;
    execv("/proc/self/exe", original_argv);
    personality((unsigned long)persona); /* exec failed: carry on as we were */
}

char *const *sq_placement_argv(void) {
    return original_argv;
}

bool sq_placement_fixed(void) {
    int persona = personality(0xffffffff);
    return persona != -1 && (persona & ADDR_NO_RANDOMIZE);
}
