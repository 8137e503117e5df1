/* The figures on made-up runs: which charts there are and their names, text
 * from a file escaped and stripped of control characters, a log axis only
 * for a bar that dwarfs the rest, text boxes that never meet (15 impls x every
 * catalogue technique, long names), whiskers at the interval's ends, the unit and
 * the CPU's codename in the titles, and report --plot's files. */
#include "bench/render/figures.h"
#include "bench/render/plot.h"
#include "bench/util/stats.h"
#include "c/techniques.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"

static char dir[] = "/tmp/sqcolor-test-figures-XXXXXX";

/* ---- made-up runs ---------------------------------------------------------- */

#define MAX_ROWS 2048

typedef struct made_run {
    sq_run run;
    sq_variant variants[MAX_ROWS];
    sq_result rows[MAX_ROWS];
    char names[MAX_ROWS][2][160]; /* each variant's technique and impl */
    char ids[MAX_ROWS][400];
} made_run;

static const sq_family *family_of_arity(int arity) {
    for (int f = 0; f < sq_family_count; f++)
        if (sq_families[f].arity == arity)
            return &sq_families[f];
    return NULL;
}

static void made_init(made_run *m, const char *vendor, unsigned family, unsigned model,
                      const char *brand) {
    memset(m, 0, sizeof *m);
    snprintf(m->run.machine.vendor, sizeof m->run.machine.vendor, "%s", vendor);
    snprintf(m->run.machine.brand, sizeof m->run.machine.brand, "%s", brand);
    m->run.machine.family = family;
    m->run.machine.model = model;
    m->run.clock.source = "perf";
    m->run.clock.tsc_source = "cpuid 0x15";
    m->run.results = m->rows;
}

/* A row of technique/impl on sequence seq: median m in [lo, hi]. */
static sq_result *add_row(made_run *m, const sq_family *fam, const char *tech, const char *impl,
                          const char *seq, sq_mode mode, double med, double lo, double hi) {
    int i = m->run.nresults++;
    snprintf(m->names[i][0], sizeof m->names[i][0], "%s", tech);
    snprintf(m->names[i][1], sizeof m->names[i][1], "%s", impl);
    snprintf(m->ids[i], sizeof m->ids[i], "%s/%s/%s", fam->name, tech, impl);
    m->variants[i] = (sq_variant){
        .id = m->ids[i], .family = fam, .technique = m->names[i][0], .impl = m->names[i][1]};
    m->rows[i] = (sq_result){.variant = &m->variants[i],
                             .sequence = seq,
                             .mode = mode,
                             .cycles = {lo, med, hi, lo, hi},
                             .reps = 5};
    return &m->rows[i];
}

/* ---- the SVG as text --------------------------------------------------------- */

static char *svg_of(const sq_run *runs, int nruns, const sq_figure *f, bool standalone) {
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem)
        return NULL;
    int rc = sq_figure_write_svg(mem, runs, nruns, f, standalone);
    fclose(mem);
    if (rc) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* The value of attribute name in the tag starting at tag (up to its '>'). */
static double attr(const char *tag, const char *name) {
    char key[64];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *end = strchr(tag, '>'), *at = strstr(tag, key);
    return at && at < end ? strtod(at + strlen(key), NULL) : NAN;
}

static bool attr_is(const char *tag, const char *name, const char *value) {
    char key[128];
    snprintf(key, sizeof key, " %s=\"%s\"", name, value);
    const char *end = strchr(tag, '>'), *at = strstr(tag, key);
    return at && at < end;
}

/* The width of XML text up to '<', in em: 0.6 a character (monospace fonts
 * advance 0.6 em; proportional text is narrower on average), an entity
 * counting as one; 1 em for a character of three bytes or more in UTF-8
 * (CJK ideographs are square). */
static double em_width(const char *s) {
    double em = 0;
    while (*s && *s != '<') {
        if (*s == '&') {
            s = strchr(s, ';') + 1;
            em += 0.6;
            continue;
        }
        int bytes = 1;
        for (s++; (*s & 0xc0) == 0x80; s++)
            bytes++;
        em += bytes >= 3 ? 1 : 0.6;
    }
    return em;
}

typedef struct box {
    double x0, y0, x1, y1;
    const char *text;
} box;

/* Every <text>'s box by a plain model of the fonts: em_width wide, from
 * 0.8 em above the baseline to 0.2 em below. */
static int text_boxes(const char *svg, box *out, int max) {
    int n = 0;
    for (const char *t = strstr(svg, "<text "); t && n < max; t = strstr(t + 1, "<text ")) {
        double x = attr(t, "x"), y = attr(t, "y"), size = attr(t, "font-size");
        const char *content = strchr(t, '>') + 1;
        double w = em_width(content) * size;
        double x0 = attr_is(t, "text-anchor", "end")      ? x - w
                    : attr_is(t, "text-anchor", "middle") ? x - w / 2
                                                          : x;
        out[n++] = (box){x0, y - 0.8 * size, x0 + w, y + 0.2 * size, content};
    }
    return n;
}

/* The bars' rectangles. */
static int bar_boxes(const char *svg, box *out, int max) {
    int n = 0;
    for (const char *g = strstr(svg, "<g class=\"sqfig-bar\">"); g && n < max;
         g = strstr(g + 1, "<g class=\"sqfig-bar\">")) {
        const char *r = strstr(g, "<rect "), *end = strstr(g, "</g>");
        if (!r || r > end)
            continue;
        double x = attr(r, "x"), y = attr(r, "y");
        out[n++] = (box){x, y, x + attr(r, "width"), y + attr(r, "height"), "a bar"};
    }
    return n;
}

static bool meet(const box *a, const box *b) {
    return a->x0 < b->x1 - 0.01 && b->x0 < a->x1 - 0.01 && a->y0 < b->y1 - 0.01 &&
           b->y0 < a->y1 - 0.01;
}

/* Whether no two text boxes meet, none meets a bar, and all lie within the
 * picture. */
static bool boxes_apart(const char *svg, const char *what) {
    static box b[20000], bars[20000];
    int n = text_boxes(svg, b, 20000), nbars = bar_boxes(svg, bars, 20000);
    const char *s = strstr(svg, "<svg ");
    double width = attr(s, "width"), height = attr(s, "height");
    bool ok = n > 0;
    for (int i = 0; i < n; i++) {
        if (b[i].x0 < 0 || b[i].y0 < 0 || b[i].x1 > width || b[i].y1 > height) {
            printf("%s: text outside the %gx%g picture: %.40s\n", what, width, height, b[i].text);
            ok = false;
        }
        for (int j = i + 1; j < n; j++)
            if (meet(&b[i], &b[j])) {
                printf("%s: text boxes meet: '%.40s' and '%.40s'\n", what, b[i].text, b[j].text);
                ok = false;
            }
        for (int j = 0; j < nbars; j++)
            if (meet(&b[i], &bars[j])) {
                printf("%s: text on a bar: '%.40s'\n", what, b[i].text);
                ok = false;
            }
    }
    return ok;
}

static int count(const char *s, const char *needle) {
    int n = 0;
    for (const char *p = strstr(s, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* The latency figure of a run's family fam. */
static bool latency_figure(const sq_run *run, const sq_family *fam, sq_figure *out) {
    sq_figure figs[64];
    char name[96];
    snprintf(name, sizeof name, "%s-latency", fam->name);
    int n = sq_figures_list(run, 1, figs, 64);
    for (int i = 0; i < n; i++)
        if (strcmp(figs[i].name, name) == 0) {
            *out = figs[i];
            return true;
        }
    return false;
}

/* ---- the axis, read back ------------------------------------------------------ */

typedef struct scale {
    bool log;
    double v0, x0, v1, x1; /* two tick labels far apart: value and x */
} scale;

/* The axis from the bottom row of tick labels (the last ones written). */
static scale scale_of(const char *svg) {
    scale sc = {.log = strstr(svg, "(log scale)") != NULL, .v0 = NAN};
    double bottom = -1;
    for (const char *t = strstr(svg, "sqfig-tick"); t; t = strstr(t + 1, "sqfig-tick"))
        bottom = fmax(bottom, attr(t, "y"));
    for (const char *t = strstr(svg, "sqfig-tick"); t; t = strstr(t + 1, "sqfig-tick")) {
        if (attr(t, "y") != bottom)
            continue;
        double v = strtod(strchr(t, '>') + 1, NULL), x = attr(t, "x");
        if (isnan(sc.v0)) {
            sc.v0 = v;
            sc.x0 = x;
        }
        sc.v1 = v;
        sc.x1 = x;
    }
    return sc;
}

static double scaled(const scale *sc, double v) {
    if (sc->log)
        return sc->x0 +
               (log10(v) - log10(sc->v0)) / (log10(sc->v1) - log10(sc->v0)) * (sc->x1 - sc->x0);
    return sc->x0 + (v - sc->v0) / (sc->v1 - sc->v0) * (sc->x1 - sc->x0);
}

/* Every bar's whisker against the row it draws: its ends at the interval's
 * ends on the axis. Returns the whiskers checked; *off the worst miss. */
static int whiskers_checked(const char *svg, const made_run *m, sq_mode mode, double *off) {
    scale sc = scale_of(svg);
    int checked = 0;
    *off = 0;
    for (const char *g = strstr(svg, "<g class=\"sqfig-bar\"><title>"); g;
         g = strstr(g + 1, "<g class=\"sqfig-bar\"><title>")) {
        const char *title = g + strlen("<g class=\"sqfig-bar\"><title>"), *end = strstr(g, "</g>");
        const char *w = strstr(g, "sqfig-whisker");
        if (!w || w > end)
            continue;
        for (int i = 0; i < m->run.nresults; i++) {
            const sq_result *r = &m->rows[i];
            char name[400];
            snprintf(name, sizeof name, "%s, %s:", r->variant->technique, r->variant->impl);
            /* An interval reaching below 0 is cut at the axis. */
            if (r->mode != mode || strcmp(r->sequence, "random") != 0 || r->cycles.ci_lo < 0 ||
                strncmp(title, name, strlen(name)) != 0)
                continue;
            double x1, y, x2;
            if (sscanf(strstr(w, "d=\"M") + 4, "%lf %lfH%lf", &x1, &y, &x2) != 3)
                continue;
            *off = fmax(*off, fabs(x1 - scaled(&sc, r->cycles.ci_lo)));
            *off = fmax(*off, fabs(x2 - scaled(&sc, r->cycles.ci_hi)));
            checked++;
        }
    }
    return checked;
}

/* ---- the checks ------------------------------------------------------------- */

/* A run of one family and mode: a technique per value, one impl. */
static void one_impl_run(made_run *m, const sq_family *fam, const double *values, int n) {
    made_init(m, "AuthenticAMD", 0x19, 0x11, "AMD EPYC 9654 96-Core Processor");
    for (int i = 0; i < n; i++) {
        char tech[32];
        snprintf(tech, sizeof tech, "t%d", i);
        add_row(m, fam, tech, "asm", "random", SQ_MODE_LATENCY, values[i], values[i] * 0.97,
                values[i] * 1.05);
    }
}

static void check_titles_and_units(void) {
    static made_run m;
    const double v[] = {2, 3, 4};
    const sq_family *pair = family_of_arity(2), *square = family_of_arity(1);
    CHECK(pair && square, "the registry has a pair family and a one-square family");
    if (!pair || !square)
        return;
    one_impl_run(&m, square, v, 3);
    add_row(&m, pair, "p", "asm", "random", SQ_MODE_LATENCY, 3, 2.9, 3.1);
    sq_figure figs[8];
    int n = sq_figures_list(&m.run, 1, figs, 8);
    CHECK(n == 2, "one run, two families, latency only: %d figures", n);
    char want[128];
    snprintf(want, sizeof want, "%s — latency on Zen 4 \"Genoa\"", square->name);
    CHECK(n >= 1 && strcmp(figs[0].title, want) == 0, "title '%s', expected '%s'", figs[0].title,
          want);
    snprintf(want, sizeof want, "%s-latency", square->name);
    CHECK(n >= 1 && strcmp(figs[0].name, want) == 0 && figs[0].run == 0, "name '%s'", figs[0].name);
    for (int i = 0; i < n; i++) {
        char *svg = svg_of(&m.run, 1, &figs[i], true);
        bool is_pair = figs[i].family->arity == 2;
        CHECK(svg && strstr(svg, "Zen 4 &quot;Genoa&quot;"), "%s: the codename in the title",
              figs[i].name);
        CHECK(svg && strstr(svg, is_pair ? "core cycles per pair" : "core cycles per square") &&
                  !strstr(svg, is_pair ? "per square" : "per pair"),
              "%s: the unit is per %s", figs[i].name, is_pair ? "pair" : "square");
        free(svg);
    }
    CHECK(sq_figures_list(&m.run, 1, figs, 1) == 1, "at most max figures");
}

static void check_escaping(void) {
    static made_run m;
    made_init(&m, "Evil<&>\"'", 0x99, 0x1, "Evil \"brand\" <b>&amp;\x01\x7f\xc2\x85 end");
    const sq_family *fam = family_of_arity(1);
    add_row(&m, fam, "<script>alert(\"&'\")</script>", "x'; \"y\"", "random", SQ_MODE_LATENCY, 2,
            1.9, 2.1);
    add_row(&m, fam, "a,\"b\"\nc\td\x1b[31m", "bad\xff\xfeutf8\xef\xbf\xbf!", "random",
            SQ_MODE_LATENCY, 3, 2.9, 3.1);
    add_row(&m, fam, "rtl\xe2\x80\xaeoverride", "asm", "random", SQ_MODE_LATENCY, 4, 3.9, 4.1);
    sq_figure f;
    CHECK(latency_figure(&m.run, fam, &f), "the hostile run has its figure");
    char *svg = svg_of(&m.run, 1, &f, true);
    CHECK(svg != NULL, "written");
    if (!svg)
        return;
    CHECK(!strstr(svg, "<script") && !strstr(svg, "<b>") &&
              strstr(svg, "&lt;script&gt;alert(&quot;&amp;&#39;&quot;)&lt;/script&gt;"),
          "markup from a file is text");
    CHECK(strstr(svg, "x&#39;; &quot;y&quot;") && strstr(svg, "Evil &quot;brand&quot; "
                                                              "&lt;b&gt;&amp;amp;    end"),
          "quotes and the brand escaped");
    CHECK(strstr(svg, "Evil&lt;&amp;&gt;&quot;&#39; family 0x99"),
          "an unknown CPU's vendor escaped in the title");
    CHECK(strstr(svg, "a,&quot;b&quot; c d [31m") && strstr(svg, "bad  utf8 !") &&
              strstr(svg, "rtl override"),
          "control characters, invalid UTF-8, U+FFFF and a direction override as spaces");
    bool control = false;
    for (const unsigned char *p = (const unsigned char *)svg; *p; p++)
        control |= (*p < 0x20 && *p != '\n') || *p == 0x7f || (p[0] == 0xc2 && p[1] == 0x85);
    CHECK(!control, "no control character in the SVG");
    const char *doc = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "
                      "xmlns=\"http://www.w3.org/2000/svg\"";
    CHECK(strncmp(svg, doc, strlen(doc)) == 0, "a standalone document: %.60s", svg);
    free(svg);
    svg = svg_of(&m.run, 1, &f, false);
    CHECK(svg && strncmp(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\"", 39) == 0 &&
              count(svg, "<svg") == 1 && strstr(svg, "</svg>\n"),
          "inline: an <svg> element");
    free(svg);
    FILE *full = fopen("/dev/full", "w");
    if (full) {
        CHECK(sq_figure_write_svg(full, &m.run, 1, &f, true) == -1, "a full disk is an error");
        fclose(full);
    }
}

static void check_log_scale(void) {
    static made_run m;
    const sq_family *fam = family_of_arity(1);
    /* The median bar is 1: 4.9 stays linear, 5.5 (and 11.3) goes log. */
    const double linear[] = {0.9, 1, 1, 1.1, 4.9}, dwarfing[] = {0.9, 1, 1, 1.1, 11.3},
                 just[] = {0.9, 1, 1, 1.1, 5.5};
    const double *cases[] = {linear, dwarfing, just};
    for (int c = 0; c < 3; c++) {
        one_impl_run(&m, fam, cases[c], 5);
        sq_figure f;
        latency_figure(&m.run, fam, &f);
        char *svg = svg_of(&m.run, 1, &f, true);
        bool log = svg && strstr(svg, "core cycles per square (log scale)");
        CHECK(svg && log == (c > 0), "largest bar %g: %s scale", cases[c][4],
              log ? "log" : "linear");
        scale sc = svg ? scale_of(svg) : (scale){0};
        if (log) {
            /* 1-2-5 ticks, evenly spaced by ratio. */
            CHECK(strstr(svg, ">0.5</text>") && strstr(svg, ">1</text>") &&
                      strstr(svg, ">2</text>") && strstr(svg, ">5</text>") &&
                      strstr(svg, ">10</text>"),
                  "log ticks 0.5 1 2 5 10");
            double d1 = scaled(&sc, 10) - scaled(&sc, 1), d2 = scaled(&sc, 1) - scaled(&sc, 0.1);
            CHECK(fabs(d1 - d2) < 0.1 && d1 > 0, "a decade is %g px, then %g", d1, d2);
        }
        double off;
        int n = svg ? whiskers_checked(svg, &m, SQ_MODE_LATENCY, &off) : 0;
        CHECK(n == 5 && off < 0.05, "%d whiskers at the interval's ends, %.3f px off at worst", n,
              off);
        free(svg);
    }
}

/* A run without random: each bar the median over the sequences, its whisker
 * the medians of the cells' bounds (summary.h). */
static void check_over_sequences(void) {
    static made_run m;
    const sq_family *fam = family_of_arity(1);
    made_init(&m, "AuthenticAMD", 0x1a, 0x02, "AMD EPYC 9965");
    add_row(&m, fam, "t", "asm", "ordered", SQ_MODE_LATENCY, 2, 1.9, 2.1);
    add_row(&m, fam, "t", "asm", "dark", SQ_MODE_LATENCY, 4, 3.8, 4.2);
    add_row(&m, fam, "t", "asm", "light", SQ_MODE_LATENCY, 3, 2.9, 3.1)->nmodes = SQ_MAX_MODES;
    add_row(&m, fam, "u", "asm", "ordered", SQ_MODE_LATENCY, 5, 4.9, 5.1);
    sq_figure f;
    CHECK(latency_figure(&m.run, fam, &f), "a run without random has its figure");
    char *svg = svg_of(&m.run, 1, &f, true);
    /* The two-speed cell (3 on light) is left out: the median of 2 and 4. */
    CHECK(svg && strstr(svg, "<title>t, asm: 3.00‖, 95% interval 2.850 to 3.150</title>"),
          "the median over sequences, the medians of the bounds, a two-speed cell left out");
    CHECK(svg &&
              strstr(svg, "median core cycles per square over sequences (the run has no random "
                          "squares)") &&
              strstr(svg, "‖: a sequence whose cell runs at two speeds is left out"),
          "the subtitle and the note say so");
    CHECK(svg && strstr(svg, "Zen 5 &quot;Turin&quot;"), "Turin by its codename");
    free(svg);
}

/* Every technique of the catalogue in one family's chart: more than any family has. */
enum { TECHNIQUES = SQ_TECHNIQUE_COUNT };

/* 15 impls x TECHNIQUES with long names, every kind of mark; the boxes of all
 * the text apart, on a linear axis and a log one. */

static void check_no_overlap(void) {
    static made_run m;
    const sq_family *fam = family_of_arity(1);
    for (int log = 0; log < 2; log++) {
        made_init(&m, "GenuineIntel", 6, 0x8f, "Intel(R) Xeon(R) Platinum 8480+ with a long name");
        for (int t = 0; t < TECHNIQUES; t++)
            for (int i = 0; i < 15; i++) {
                char tech[160], impl[64];
                snprintf(tech, sizeof tech, "technique_%02d_%s", t,
                         t == 4
                             ? "技術の名前はとても長いので途中で切られるはずの名前です長い長い名前"
                         : t % 3 ? "with_a_rather_long_name_that_goes_on_and_on"
                                 : "short");
                snprintf(impl, sizeof impl, "clang-%02d-native-O3-with-long-flags", i);
                double v = 0.5 + (t * 15 + i) % 23 * 0.21;
                if (log && t == 7 && i == 3)
                    v = 40;
                sq_result *r =
                    add_row(&m, fam, tech, impl, "random", SQ_MODE_LATENCY, v, v * 0.98, v * 1.04);
                if (i == 2) /* about zero */
                    r->cycles = (sq_stats){-0.02, 0.01, 0.03, -0.02, 0.03};
                if (i == 5) {
                    r->nmodes = SQ_MAX_MODES;
                    r->modes[0] = (sq_speed){v * 0.9, 0.6};
                    r->modes[1] = (sq_speed){v * 1.3, 0.4};
                }
                r->control_dependent = i == 7;
            }
        sq_figure f;
        latency_figure(&m.run, fam, &f);
        char *svg = svg_of(&m.run, 1, &f, true);
        CHECK(svg && boxes_apart(svg, log ? "15 x all, log" : "15 x all, linear"),
              "15 x %d: no two text boxes meet (%s)", TECHNIQUES, log ? "log" : "linear");
        CHECK(svg && (strstr(svg, "(log scale)") != NULL) == log, "15 x %d: %s scale", TECHNIQUES,
              log ? "log" : "linear");
        CHECK(svg && count(svg, "class=\"sqfig-label\"") == TECHNIQUES &&
                  count(svg, "class=\"sqfig-value\"") == TECHNIQUES * 15 &&
                  count(svg, "class=\"sqfig-legend\"") == 15,
              "every technique, bar and impl labelled");
        CHECK(svg && count(svg, " †</text>") == TECHNIQUES && strstr(svg, "†: control-dependent"),
              "† after every control-dependent latency bar, and the note");
        CHECK(svg && count(svg, ">≈0</text>") == TECHNIQUES && strstr(svg, "≈0: not told apart"),
              "≈0 for every cost about zero, and the note");
        CHECK(svg && count(svg, "class=\"sqfig-speed\"") >= TECHNIQUES &&
                  strstr(svg, "a|b: the row"),
              "two speeds marked, and the note");
        bool negative = false;
        for (const char *r = svg ? strstr(svg, "<rect ") : NULL; r; r = strstr(r + 1, "<rect "))
            negative |= attr(r, "width") < 0;
        CHECK(svg && !negative, "no bar of negative width");
        double off;
        int n = svg ? whiskers_checked(svg, &m, SQ_MODE_LATENCY, &off) : 0;
        CHECK(n >= TECHNIQUES * 13 && off < 0.05, "%d whiskers at the interval's ends, %.3f px off",
              n, off);
        free(svg);
    }
}

/* Several runs: numbered figures, and one machines chart per family with a
 * bar per file, "[k]" where two files share a CPU. */
static void check_machines(void) {
    static made_run m[3];
    const sq_family *fam = family_of_arity(1);
    made_init(&m[0], "AuthenticAMD", 0x19, 0x11, "AMD EPYC 9654");
    made_init(&m[1], "AuthenticAMD", 0x19, 0x11, "AMD EPYC 9654 again");
    made_init(&m[2], "GenuineIntel", 6, 0x8f, "Intel(R) Xeon(R) Platinum 8480+");
    for (int k = 0; k < 3; k++)
        for (int t = 0; t < 4; t++) {
            char tech[16];
            snprintf(tech, sizeof tech, "t%d", t);
            add_row(&m[k], fam, tech, "asm", "random", SQ_MODE_LATENCY, 1 + t + k, 0.9 + t + k,
                    1.1 + t + k);
            add_row(&m[k], fam, tech, "gcc", "random", SQ_MODE_LATENCY, 9, 8.9, 9.1);
            add_row(&m[k], fam, tech, "asm", "random", SQ_MODE_THROUGHPUT, 0.5, 0.4, 0.6);
        }
    sq_run runs[3] = {m[0].run, m[1].run, m[2].run};
    sq_figure figs[32];
    int n = sq_figures_list(runs, 3, figs, 32);
    CHECK(n == 7, "3 runs x (latency, throughput) + 1 machines chart: %d", n);
    char first[96], sixth[96], machines[96];
    snprintf(first, sizeof first, "1-%s-latency", fam->name);
    snprintf(sixth, sizeof sixth, "3-%s-throughput", fam->name);
    snprintf(machines, sizeof machines, "machines-%s-latency", fam->name);
    CHECK(n == 7 && strcmp(figs[0].name, first) == 0 && strcmp(figs[5].name, sixth) == 0 &&
              strcmp(figs[6].name, machines) == 0 && figs[6].run == -1,
          "names: %s .. %s", figs[0].name, n ? figs[n - 1].name : "");
    CHECK(strstr(figs[0].title, "Zen 4 \"Genoa\" [1]") && strstr(figs[2].title, "[2]") &&
              !strstr(figs[4].title, "["),
          "[k] in the titles of runs that share a CPU: %s", figs[0].title);
    CHECK(strstr(figs[6].title, "by machine") && strstr(figs[6].title, SQ_FIGURE_MACHINES_IMPL),
          "the machines chart says what it compares: %s", figs[6].title);
    char *svg = svg_of(runs, 3, &figs[6], true);
    CHECK(svg && strstr(svg, ">Genoa [1]</text>") && strstr(svg, ">Genoa [2]</text>") &&
              strstr(svg, ">Sapphire Rapids</text>"),
          "bars labelled by codename, [k] for a shared CPU");
    CHECK(svg && count(svg, "class=\"sqfig-value\"") == 12 && !strstr(svg, ">9.00</text>"),
          "one bar per machine and technique, the asm impl's");
    CHECK(svg && boxes_apart(svg, "machines"), "machines chart: no two text boxes meet");
    free(svg);
}

/* report --plot: a file per figure, through output.h. */
static void check_plot_files(void) {
    static made_run m;
    const double v[] = {1, 2, 3};
    const sq_family *fam = family_of_arity(1);
    one_impl_run(&m, fam, v, 3);
    char plots[128], path[256], err[512];
    snprintf(plots, sizeof plots, "%s/plots/deeper", dir);
    CHECK(sq_plot(&m.run, 1, plots, err, sizeof err) == 0, "sq_plot: %s", err);
    snprintf(path, sizeof path, "%s/%s-latency.svg", plots, fam->name);
    struct stat st;
    CHECK(stat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 1000, "%s written", path);
    snprintf(path, sizeof path, "%s/%s-latency.png", plots, fam->name);
    CHECK(stat(path, &st) != 0, "no PNG");
    /* A fifo under a figure's name is refused, not written through. */
    snprintf(path, sizeof path, "%s/%s-latency.svg", plots, fam->name);
    unlink(path);
    CHECK(mkfifo(path, 0600) == 0, "mkfifo: %s", strerror(errno));
    err[0] = 0;
    CHECK(sq_plot(&m.run, 1, plots, err, sizeof err) == -1 && strstr(err, "not a regular file"),
          "a fifo refused: %s", err);
    unlink(path);
}

int main(void) {
    if (!mkdtemp(dir)) {
        printf("mkdtemp: %s\n", strerror(errno));
        return 1;
    }
    check_titles_and_units();
    check_escaping();
    check_log_scale();
    check_over_sequences();
    check_no_overlap();
    check_machines();
    check_plot_files();
    return check_finish("figures", dir);
}
