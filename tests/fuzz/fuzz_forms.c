/* libFuzzer target: the instruction-form file's reader must reject, never crash. */
#include "bench/results/forms_file.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static sq_forms_file forms; /* tens of kilobytes: not on the stack */
    char err[600];
    sq_forms_parse((const char *)data, size, "fuzz.json", &forms, err, sizeof err);
    return 0;
}
