/* The instruction-form file written and read back: every field, a brand
 * byte that is not ASCII written as '?', and the reader's refusals, each one
 * line naming the file and the field. */
#include "bench/results/forms_file.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static sq_forms_file made, back; /* tens of kilobytes: not on the stack */

/* f written to memory and parsed back into out; the text in *text (free it). */
static int round_trip(const sq_forms_file *f, sq_forms_file *out, char **text, char *err,
                      size_t errlen) {
    size_t len;
    FILE *mem = open_memstream(text, &len);
    if (!mem || sq_forms_write(mem, f) != 0 || fclose(mem) != 0) {
        snprintf(err, errlen, "could not write");
        return -1;
    }
    return sq_forms_parse(*text, len, "made.json", out, err, errlen);
}

static void fill(sq_forms_file *f) {
    memset(f, 0, sizeof *f);
    snprintf(f->version, sizeof f->version, "0.1.0");
    snprintf(f->commit, sizeof f->commit, "abc123def456");
    f->machine = (sq_machine){.vendor = "AuthenticAMD",
                              .brand = "AMD EPYC \xc3\xa9",
                              .family = 0x1a,
                              .model = 2,
                              .stepping = 1,
                              .hypervisor = true,
                              .hidden = "avx512f,gfni",
                              .test_brand = true};
    f->tsc_hz = 2.5961e9;
    f->core_hz = 4.2654e9;
    f->reps = 21;
    f->samples = 5;
    f->sample_us = 50;
    f->nrows = 2;
    f->rows[0] = (sq_form_row){"lea_bis", "lea eax, [rax + rax*8]", {0.999, 1.0, 1.001, NAN, NAN}};
    f->rows[1] = (sq_form_row){
        "movzx_load", "movzx eax, byte ptr [rsi + rax]", {3.991, 3.999, 4.001, NAN, NAN}};
}

static void written_and_read(void) {
    fill(&made);
    char err[600] = "", *text = NULL;
    CHECK(round_trip(&made, &back, &text, err, sizeof err) == 0, "read back: %s", err);
    CHECK(text && strstr(text, "\"kind\": \"instruction-forms\""), "kind written: %s", text);
    CHECK(strcmp(back.version, "0.1.0") == 0 && strcmp(back.commit, "abc123def456") == 0, "tool");
    CHECK(strcmp(back.machine.vendor, "AuthenticAMD") == 0 && back.machine.family == 0x1a &&
              back.machine.model == 2 && back.machine.stepping == 1 && back.machine.hypervisor,
          "machine");
    CHECK(strcmp(back.machine.brand, "AMD EPYC ??") == 0, "a brand byte not ASCII as '?': %s",
          back.machine.brand);
    CHECK(strcmp(back.machine.hidden, "avx512f,gfni") == 0 && back.machine.test_brand,
          "the test switches: '%s', %d", back.machine.hidden, back.machine.test_brand);
    free(text);
    made.machine.hidden[0] = 0;
    made.machine.test_brand = false;
    CHECK(round_trip(&made, &back, &text, err, sizeof err) == 0 &&
              !strstr(text, "hidden_features") && !strstr(text, "test_brand") &&
              !back.machine.hidden[0] && !back.machine.test_brand,
          "no switch, no key: %s", err);
    CHECK(back.reps == 21 && back.samples == 5 && back.sample_us == 50, "config");
    CHECK(fabs(back.tsc_hz - 2.5961e9) < 1e3 && fabs(back.core_hz - 4.2654e9) < 1e3, "clock");
    CHECK(back.nrows == 2 && strcmp(back.rows[1].chain, "movzx_load") == 0 &&
              strcmp(back.rows[1].link, "movzx eax, byte ptr [rsi + rax]") == 0,
          "rows");
    CHECK(back.rows[0].cycles.min == 0.999 && back.rows[0].cycles.median == 1.0 &&
              back.rows[1].cycles.p90 == 4.001,
          "cycles to 7 digits: %.17g", back.rows[1].cycles.p90);
    free(text);
}

/* text parsed: refused, with want in its one line. */
static void refused(const char *label, const char *text, const char *want) {
    char err[600] = "";
    int rc = sq_forms_parse(text, strlen(text), "bad.json", &back, err, sizeof err);
    CHECK(rc == -1 && strstr(err, "bad.json: ") == err && strstr(err, want) && !strchr(err, '\n'),
          "%s: %s", label, err);
}

static void refusals(void) {
    refused("not JSON", "hello", "not valid JSON");
    refused("a run", "{\"schema\": 2, \"tool\": {\"name\": \"sqcolor\"}}",
            "not an instruction-form file");
    fill(&made);
    char err[600], *text = NULL;
    round_trip(&made, &back, &text, err, sizeof err);
    struct {
        const char *label, *from, *to, *want;
    } edits[] = {
        {"schema", "\"schema\": 1", "\"schema\": 2", "schema 2: this sqcolor reads schema 1"},
        {"tool", "\"name\": \"sqcolor\"", "\"name\": \"x\"", "written by 'x'"},
        {"family", "\"family\": 26", "\"family\": -1", "machine.family: -1 is not from 0"},
        {"hypervisor", "\"hypervisor\": true", "\"hypervisor\": 1", "machine.hypervisor"},
        {"test_brand", "\"test_brand\": true", "\"test_brand\": 1", "machine.test_brand"},
        {"hidden", "\"hidden_features\": \"", "\"hidden_features\": 5, \"x\": \"",
         "machine.hidden_features: not a string"},
        {"median", "\"median\": 1.0", "\"median\": 0", "forms[0].cycles.median: 0 is not a pos"},
        {"link", "\"link\": \"lea", "\"link\": 3, \"x\": \"lea", "forms[0].link: not a string"},
        {"chain twice", "\"movzx_load\"", "\"lea_bis\"", "forms[1]: the chain 'lea_bis' again"},
        {"reps", "\"reps\": 21", "\"reps\": 0", "config.reps: 0 is not from 1"},
    };
    for (size_t i = 0; i < sizeof edits / sizeof *edits; i++) {
        char *at = text ? strstr(text, edits[i].from) : NULL;
        CHECK(at, "%s: '%s' in the file", edits[i].label, edits[i].from);
        if (!at)
            continue;
        char changed[8192];
        snprintf(changed, sizeof changed, "%.*s%s%s", (int)(at - text), text, edits[i].to,
                 at + strlen(edits[i].from));
        refused(edits[i].label, changed, edits[i].want);
    }
    free(text);
}

int main(void) {
    written_and_read();
    refusals();
    return check_finish("forms_file", NULL);
}
