/* The figures on made-up runs: which charts there are and their names, text
 * from a file escaped and stripped of control characters, a linear axis that
 * cuts a bar far past the rest and a log one only when asked, a bar per
 * machine code timed with the impls that share it, each bar the table's
 * figure (the median over sequences, its marks, none where the table has
 * none), a compiler's color the same on every chart, text boxes that never
 * meet and no figure taller than SQ_FIGURE_MAX_HEIGHT (15 impls x every
 * catalogue technique, long names), whiskers at the interval's ends, the
 * unit and the CPU's codename in the titles, report --plot's files, and the
 * split into parts found as trying 1, 2, 3, ... parts would find it. */
#include "bench/render/figure_parts.h"
#include "bench/render/figures.h"
#include "bench/render/plot.h"
#include "bench/util/stats.h"
#include "c/techniques.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
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

/* A figure of a run named stem ("color-latency"). */
static bool figure_named(const sq_run *run, const char *stem, bool log_axis, sq_figure *out) {
    sq_figure *figs;
    int n = sq_figures_list(run, 1, log_axis, &figs);
    bool found = false;
    for (int i = 0; i < n && !found; i++)
        if (strcmp(figs[i].name, stem) == 0) {
            *out = figs[i];
            found = true;
        }
    free(figs);
    return found;
}

/* The latency figure of a run's family fam (its first part). */
static bool latency_figure(const sq_run *run, const sq_family *fam, sq_figure *out) {
    char name[96];
    snprintf(name, sizeof name, "%s-latency", fam->name);
    return figure_named(run, name, false, out);
}

/* ---- the axis, read back ------------------------------------------------------ */

typedef struct scale {
    bool log;
    double v0, x0, v1, x1; /* two tick labels far apart: value and x */
} scale;

/* The axis of the panel drawn at from: its tick labels, the first ones
 * written after from (a panel's come after its bars) and before the next
 * panel, on one baseline. */
static scale scale_of(const char *svg, const char *from) {
    scale sc = {.log = strstr(svg, "(log scale)") != NULL, .v0 = NAN};
    const char *t = strstr(from, "sqfig-tick"), *next = strstr(from + 1, "class=\"sqfig-panel\"");
    double baseline = t ? attr(t, "y") : NAN;
    for (; t && attr(t, "y") == baseline && (!next || t < next); t = strstr(t + 1, "sqfig-tick")) {
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
    int checked = 0;
    *off = 0;
    for (const char *g = strstr(svg, "<g class=\"sqfig-bar\"><title>"); g;
         g = strstr(g + 1, "<g class=\"sqfig-bar\"><title>")) {
        scale sc = scale_of(svg, g);
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
    sq_figure *figs;
    int n = sq_figures_list(&m.run, 1, false, &figs);
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
    free(figs);
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

/* The axis: linear from 0 by default, a bar SQ_FIGURE_OUTLIER_RATIO times
 * the median bar or more cut at its end with its figure whole beside it;
 * log only when asked, nothing cut. */
static void check_axis(void) {
    static made_run m;
    const sq_family *fam = family_of_arity(1);
    /* The median bar is 1: 2.9 stays on the axis, 3.3 and 11.3 are cut. */
    const double within[] = {0.9, 1, 1, 1.1, 2.9}, dwarfing[] = {0.9, 1, 1, 1.1, 11.3},
                 just[] = {0.9, 1, 1, 1.1, 3.3};
    const double *cases[] = {within, dwarfing, just};
    for (int c = 0; c < 3; c++)
        for (int log = 0; log < 2; log++) {
            one_impl_run(&m, fam, cases[c], 5);
            char name[96];
            snprintf(name, sizeof name, "%s-latency", fam->name);
            sq_figure f;
            figure_named(&m.run, name, log, &f);
            char *svg = svg_of(&m.run, 1, &f, true);
            bool is_log = svg && strstr(svg, "core cycles per square (log scale)");
            CHECK(svg && is_log == log, "largest bar %g, %s asked: %s scale", cases[c][4],
                  log ? "log" : "linear", is_log ? "log" : "linear");
            int cut = svg ? count(svg, "class=\"sqfig-cut\"") : -1;
            CHECK(cut == (c > 0 && !log), "largest bar %g on a %s axis: %d bars cut", cases[c][4],
                  log ? "log" : "linear", cut);
            char value[32];
            snprintf(value, sizeof value, ">%.2f</text>", cases[c][4]);
            CHECK(svg && strstr(svg, value), "the largest bar's figure whole: %s", value);
            scale sc = svg ? scale_of(svg, strstr(svg, "class=\"sqfig-panel\"")) : (scale){0};
            if (!log)
                CHECK(sc.v0 == 0 && sc.v1 >= (c ? 1.1 : 2.9) && sc.v1 <= (c ? 1.5 : 4),
                      "largest bar %g: a linear axis from 0 to %g", cases[c][4], sc.v1);
            if (log && c == 1) {
                /* 1-2-5 ticks, evenly spaced by ratio. */
                CHECK(strstr(svg, ">0.5</text>") && strstr(svg, ">1</text>") &&
                          strstr(svg, ">2</text>") && strstr(svg, ">5</text>") &&
                          strstr(svg, ">10</text>"),
                      "log ticks 0.5 1 2 5 10");
                double d1 = scaled(&sc, 10) - scaled(&sc, 1),
                       d2 = scaled(&sc, 1) - scaled(&sc, 0.1);
                CHECK(fabs(d1 - d2) < 0.1 && d1 > 0, "a decade is %g px, then %g", d1, d2);
            }
            double off = 0;
            int n = svg ? whiskers_checked(svg, &m, SQ_MODE_LATENCY, &off) : 0;
            int whole = 5 - (c > 0 && !log); /* a cut bar has no whisker */
            CHECK(n == whole && off < 0.05,
                  "%d whiskers at the interval's ends, %.3f px off at worst", n, off);
            free(svg);
        }
}

/* The <g> of the bar titled title ("t, asm: ") up to its end, or NULL. */
static char *bar_group(const char *svg, const char *title) {
    char key[256];
    snprintf(key, sizeof key, "<g class=\"sqfig-bar\"><title>%s", title);
    const char *g = svg ? strstr(svg, key) : NULL, *end = g ? strstr(g, "</g>") : NULL;
    return end ? strndup(g, (size_t)(end - g)) : NULL;
}

/* Each bar the figure of the table beside it (summary.h): the median over
 * every sequence, random among them and never alone, its whisker the
 * medians of the cells' bounds; a cell at two speeds left out and marked ‖,
 * the table's ‡ after its figure; no bar where the table has no figure (a
 * † latency, every cell at two speeds), its text in the bar's place. */
static void check_table_figure(void) {
    static made_run m;
    const sq_family *fam = family_of_arity(1);
    made_init(&m, "AuthenticAMD", 0x1a, 0x02, "AMD EPYC 9965");
    add_row(&m, fam, "t", "asm", "ordered", SQ_MODE_LATENCY, 2, 1.9, 2.1);
    add_row(&m, fam, "t", "asm", "dark", SQ_MODE_LATENCY, 4, 3.8, 4.2);
    add_row(&m, fam, "t", "asm", "light", SQ_MODE_LATENCY, 3, 2.9, 3.1)->nmodes = SQ_MAX_MODES;
    add_row(&m, fam, "t", "asm", "random", SQ_MODE_LATENCY, 11.3, 11, 11.6);
    add_row(&m, fam, "u", "asm", "ordered", SQ_MODE_LATENCY, 5, 4.9, 5.1)->control_dependent = true;
    add_row(&m, fam, "u", "asm", "random", SQ_MODE_LATENCY, 13, 12.9, 13.1)->control_dependent =
        true;
    add_row(&m, fam, "v", "asm", "random", SQ_MODE_LATENCY, 3, 2.9, 3.1)->nmodes = SQ_MAX_MODES;
    add_row(&m, fam, "w", "asm", "random", SQ_MODE_LATENCY, 2, 1.9, 2.1)->loop_branch_only = true;
    sq_figure f;
    CHECK(latency_figure(&m.run, fam, &f), "the run has its figure");
    char *svg = svg_of(&m.run, 1, &f, true);
    /* t: the median of 2, 4 and 11.3 (random), the two-speed cell left out. */
    CHECK(svg && strstr(svg, "<title>t, asm: 4.00‖, 95% interval 3.800 to 4.200</title>"),
          "the median over sequences with random among them, the medians of the bounds, a "
          "two-speed cell left out and marked");
    char *u = bar_group(svg, "u, asm: †</title>"), *v = bar_group(svg, "v, asm: 2 speeds</title>");
    CHECK(u && !strstr(u, "<rect") && strstr(u, ">†</text>"),
          "a † latency: no bar, † in its place, as the table's bare †");
    CHECK(v && !strstr(v, "<rect") && strstr(v, ">2 speeds</text>"),
          "every cell at two speeds: no bar, as the table's '2 speeds'");
    CHECK(svg && strstr(svg, ">2.00‡</text>"), "the table's ‡ after the figure");
    CHECK(svg &&
              strstr(svg, "latency, the table&#39;s lat figure: the median over sequences of core "
                          "cycles per square") &&
              strstr(svg, "whiskers: its 95% interval") &&
              strstr(svg, "‖: a sequence whose cell ran at two speeds is left out") &&
              strstr(svg, "†: control-dependent") && strstr(svg, "2 speeds: every cell") &&
              strstr(svg, "‡: the timed loop branches"),
          "the subtitle names the statistic, the notes every mark");
    CHECK(svg && strstr(svg, "Zen 5 &quot;Turin&quot;"), "Turin by its codename");
    free(u);
    free(v);
    free(svg);
}

/* Room to read the bars: with a reference run's labels ("g11 g12 g11n
 * g12n") and 16 techniques, each panel's plot is 200 px wide or more; an
 * axis ends close past the longest bar (0..12 for a whisker reaching 11,
 * not 0..15). */
static void check_plot_room(void) {
    static made_run m;
    const sq_family *fam = family_of_arity(1);
    made_init(&m, "AuthenticAMD", 0x1a, 0x02, "AMD EPYC 9965");
    const char *gcc[] = {"gcc-11", "gcc-12", "gcc-11-native", "gcc-12-native"};
    static char from[16][64];
    for (int t = 0; t < 16; t++) {
        char tech[16];
        snprintf(tech, sizeof tech, "t%02d", t);
        snprintf(from[t], sizeof from[t], "%s/%s/gcc-11", fam->name, tech);
        double v = t == 15 ? 10.5 : 4;
        add_row(&m, fam, tech, "asm", "random", SQ_MODE_LATENCY, v, v * 0.98, v * 1.05);
        for (int i = 0; i < 4; i++)
            add_row(&m, fam, tech, gcc[i], "random", SQ_MODE_LATENCY, 4, 3.9, 4.1)->shared_from =
                i ? from[t] : NULL;
    }
    sq_figure f;
    CHECK(latency_figure(&m.run, fam, &f), "the run has its figure");
    char *svg = svg_of(&m.run, 1, &f, true);
    scale sc = svg ? scale_of(svg, strstr(svg, "class=\"sqfig-panel\"")) : (scale){0};
    CHECK(svg && strstr(svg, ">g11 g12 g11n g12n</text>") && sc.x1 - sc.x0 >= 200,
          "a panel's plot is %.0f px wide", sc.x1 - sc.x0);
    CHECK(sc.v0 == 0 && sc.v1 == 12, "the axis runs from %g to %g, for a whisker reaching 11",
          sc.v0, sc.v1);
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
        /* Every part of the latency figure: none too tall, all together
         * every technique, bar and mark. */
        sq_figure *figs;
        int n = sq_figures_list(&m.run, 1, log, &figs), parts = 0, panels = 0, values = 0;
        int daggers = 0, zeros = 0, speeds = 0, whiskers = 0;
        bool apart = true, low = true, negative = false, scale_right = true, notes = true;
        double off = 0;
        char stem[96];
        snprintf(stem, sizeof stem, "%s-latency", fam->name);
        for (int k = 0; k < n; k++) {
            if (strncmp(figs[k].name, stem, strlen(stem)) != 0)
                continue;
            parts++;
            char *svg = svg_of(&m.run, 1, &figs[k], true);
            if (!svg) {
                apart = false;
                continue;
            }
            apart &= boxes_apart(svg, log ? "15 x all, log" : "15 x all, linear");
            double height = attr(strstr(svg, "<svg "), "height");
            low &= height <= SQ_FIGURE_MAX_HEIGHT;
            scale_right &= (strstr(svg, "(log scale)") != NULL) == log;
            panels += count(svg, "class=\"sqfig-panel\"");
            values += count(svg, "class=\"sqfig-value\"");
            daggers += count(svg, ">†</text>");
            zeros += count(svg, ">≈0</text>");
            speeds += count(svg, ">2 speeds</text>");
            notes &= strstr(svg, "†: control-dependent") && strstr(svg, "≈0: not told apart") &&
                     strstr(svg, "2 speeds: every cell") &&
                     count(svg, "class=\"sqfig-legend\"") == 1;
            for (const char *r = strstr(svg, "<rect "); r; r = strstr(r + 1, "<rect "))
                negative |= attr(r, "width") < 0;
            double part_off;
            whiskers += whiskers_checked(svg, &m, SQ_MODE_LATENCY, &part_off);
            off = fmax(off, part_off);
            free(svg);
        }
        free(figs);
        CHECK(parts >= 2, "15 x %d in %d parts", TECHNIQUES, parts);
        CHECK(apart, "15 x %d: no two text boxes meet (%s)", TECHNIQUES, log ? "log" : "linear");
        CHECK(low, "15 x %d: no part taller than %g px", TECHNIQUES, SQ_FIGURE_MAX_HEIGHT);
        CHECK(scale_right, "15 x %d: %s scale", TECHNIQUES, log ? "log" : "linear");
        CHECK(panels == TECHNIQUES && values == TECHNIQUES * 15,
              "every technique (%d) and bar (%d) labelled", panels, values);
        CHECK(daggers == TECHNIQUES && zeros == TECHNIQUES && speeds == TECHNIQUES && notes,
              "† for every control-dependent latency (%d), ≈0 for every cost about zero (%d), "
              "'2 speeds' for every row at two (%d), the notes and the legend",
              daggers, zeros, speeds);
        CHECK(!negative, "no bar of negative width");
        CHECK(whiskers >= TECHNIQUES * 12 && off < 0.05,
              "%d whiskers at the interval's ends, %.3f px off", whiskers, off);
    }
}

/* Several runs: one machines chart per family, the figures an HTML report of
 * them shows, a panel per technique and in it a bar per file, "[k]" where
 * two files share a CPU. */
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
            add_row(&m[k], fam, tech, "gcc-12", "random", SQ_MODE_LATENCY, 9, 8.9, 9.1);
            add_row(&m[k], fam, tech, "asm", "random", SQ_MODE_THROUGHPUT, 0.5, 0.4, 0.6);
        }
    sq_run runs[3] = {m[0].run, m[1].run, m[2].run};
    sq_figure *figs;
    int n = sq_figures_list(runs, 3, false, &figs);
    char machines[96];
    snprintf(machines, sizeof machines, "machines-%s-latency", fam->name);
    CHECK(n == 1 && strcmp(figs[0].name, machines) == 0 && figs[0].run == -1,
          "3 runs: one machines chart, %d figures, %s", n, n > 0 ? figs[0].name : "");
    CHECK(n > 0 && strstr(figs[0].title, "by machine") &&
              strstr(figs[0].title, SQ_FIGURE_MACHINES_IMPL),
          "the machines chart says what it compares: %s", n > 0 ? figs[0].title : "");
    char *svg = n > 0 ? svg_of(runs, 3, &figs[0], true) : NULL;
    CHECK(svg && count(svg, ">Genoa [1]</text>") == 4 && count(svg, ">Genoa [2]</text>") == 4 &&
              count(svg, ">Sapphire Rapids</text>") == 4,
          "each panel's bars labelled by codename, [k] for a shared CPU");
    CHECK(svg && count(svg, "class=\"sqfig-panel\"") == 4 &&
              count(svg, "class=\"sqfig-value\"") == 12 && !strstr(svg, ">9.00</text>"),
          "a panel per technique, in it a bar per machine, the asm impl's");
    CHECK(svg && boxes_apart(svg, "machines"), "machines chart: no two text boxes meet");
    free(svg);
    free(figs);
}

/* The fill of the bar whose tooltip starts with title ("t, gcc-11, gcc-12:"),
 * in buf; "" when there is none. */
static const char *bar_fill(const char *svg, const char *title, char *buf, size_t len) {
    char key[256];
    snprintf(key, sizeof key, "<g class=\"sqfig-bar\"><title>%s", title);
    const char *g = strstr(svg, key), *end = g ? strstr(g, "</g>") : NULL;
    const char *fill = g ? strstr(g, " fill=\"") : NULL;
    buf[0] = 0;
    if (fill && fill < end)
        snprintf(buf, len, "%.*s", (int)strcspn(fill + 7, "\""), fill + 7);
    return buf;
}

/* A bar per machine code timed: the impls whose rows took one row's figure
 * (shared_from) on one bar, by their keys, in their technique's panel even
 * when the row they took it from is another technique's; colored by their
 * compiler, the same on every chart, and no color for two. */
static void check_shared_bars(void) {
    static made_run m;
    const sq_family *fam = family_of_arity(1);
    made_init(&m, "AuthenticAMD", 0x1a, 0x02, "AMD EPYC 9965");
    char from[8][64];
    const char *impls[] = {"asm",      "gcc-11",   "gcc-12",         "clang-13",
                           "clang-14", "clang-15", "clang-16-native"};
    /* t: gcc-12 timed as gcc-11, clang-14 and -15 as clang-13; u: both gcc
     * builds took t's gcc-11 figure; v: clang-13 took gcc-11's. */
    for (int mode = 0; mode < 2; mode++) {
        sq_mode md = mode ? SQ_MODE_THROUGHPUT : SQ_MODE_LATENCY;
        for (int i = 0; i < 7; i++)
            add_row(&m, fam, "t", impls[i], "random", md, 2 + i, 1.9 + i, 2.1 + i);
        snprintf(from[0], sizeof from[0], "%s/t/gcc-11", fam->name);
        snprintf(from[1], sizeof from[1], "%s/t/clang-13", fam->name);
        snprintf(from[2], sizeof from[2], "%s/v/gcc-11", fam->name);
        m.rows[m.run.nresults - 5].shared_from = from[0]; /* t/gcc-12 */
        m.rows[m.run.nresults - 3].shared_from = from[1]; /* t/clang-14 */
        m.rows[m.run.nresults - 2].shared_from = from[1]; /* t/clang-15 */
        add_row(&m, fam, "u", "gcc-11", "random", md, 3, 2.9, 3.1)->shared_from = from[0];
        add_row(&m, fam, "u", "gcc-12", "random", md, 3, 2.9, 3.1)->shared_from = from[0];
        add_row(&m, fam, "v", "gcc-11", "random", md, 4, 3.9, 4.1);
        add_row(&m, fam, "v", "clang-13", "random", md, 4, 3.9, 4.1)->shared_from = from[2];
    }
    char stems[2][96];
    snprintf(stems[0], sizeof stems[0], "%s-latency", fam->name);
    snprintf(stems[1], sizeof stems[1], "%s-throughput", fam->name);
    char fills[2][4][32];
    for (int k = 0; k < 2; k++) {
        sq_figure f;
        CHECK(figure_named(&m.run, stems[k], false, &f), "%s listed", stems[k]);
        char *svg = svg_of(&m.run, 1, &f, true);
        CHECK(svg && count(svg, "class=\"sqfig-panel\"") == 3 &&
                  count(svg, "class=\"sqfig-value\"") == 4 + 1 + 1,
              "%s: t has 4 bars, u and v one each: %d", stems[k],
              svg ? count(svg, "class=\"sqfig-value\"") : -1);
        const char *labels[] = {">asm</text>", ">g11 g12</text>", ">c13..15</text>", ">c16n</text>",
                                ">g11 c13</text>"};
        for (int i = 0; i < 5; i++)
            CHECK(svg && strstr(svg, labels[i]), "%s: a bar labelled %s", stems[k], labels[i]);
        CHECK(svg && count(svg, ">g11 g12</text>") == 2, "%s: u's bar its own, beside t's",
              stems[k]);
        CHECK(svg && strstr(svg, "<title>t, gcc-11, gcc-12: 3.00, 95% interval"),
              "%s: the tooltip names the impls in full", stems[k]);
        bar_fill(svg ? svg : "", "t, asm:", fills[k][0], sizeof fills[k][0]);
        bar_fill(svg ? svg : "", "t, gcc-11, gcc-12:", fills[k][1], sizeof fills[k][1]);
        bar_fill(svg ? svg : "", "t, clang-13..15:", fills[k][2], sizeof fills[k][2]);
        bar_fill(svg ? svg : "", "v, gcc-11, clang-13:", fills[k][3], sizeof fills[k][3]);
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < i; j++)
                CHECK(fills[k][i][0] == '#' && strcmp(fills[k][i], fills[k][j]) != 0,
                      "%s: asm, gcc, clang and both told by color: %s, %s", stems[k], fills[k][j],
                      fills[k][i]);
        CHECK(svg && !strstr(svg, "url(#") && count(svg, "class=\"sqfig-legend\"") == 4,
              "%s: no hatching; a legend item per color", stems[k]);
        free(svg);
    }
    for (int i = 0; i < 4; i++)
        CHECK(strcmp(fills[0][i], fills[1][i]) == 0, "one color on both charts: %s, %s",
              fills[0][i], fills[1][i]);
}

/* report --plot: a file per figure, through output.h. */
static void check_plot_files(void) {
    static made_run m;
    const double v[] = {1, 2, 3};
    const sq_family *fam = family_of_arity(1);
    one_impl_run(&m, fam, v, 3);
    char plots[128], path[256], err[512];
    snprintf(plots, sizeof plots, "%s/plots/deeper", dir);
    CHECK(sq_plot(&m.run, 1, plots, false, err, sizeof err) == 0, "sq_plot: %s", err);
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
    CHECK(sq_plot(&m.run, 1, plots, false, err, sizeof err) == -1 &&
              strstr(err, "not a regular file"),
          "a fifo refused: %s", err);
    unlink(path);
}

/* ---- the split into parts -------------------------------------------------- */

/* The rows per part of trying 1, 2, 3, ... parts in turn: figure_parts.c
 * skips the tries that cannot fit, and must land where this does. */
static int rows_per_part_tried(const sq_fig_layout *l) {
    int rows = l->nrows, parts = 1;
    for (; parts < rows; parts++) {
        int per = (rows + parts - 1) / parts;
        bool fits = true;
        for (int r0 = 0; fits && r0 < rows; r0 += per)
            fits = sq_fig_layout_height(l, r0, r0 + per < rows ? r0 + per : rows) <=
                   SQ_FIGURE_MAX_HEIGHT;
        if (fits)
            break;
    }
    return (rows + parts - 1) / parts;
}

static void check_parts_split(void) {
    double row_h[400];
    sq_fig_layout l = {.row_h = row_h};
    uint64_t x = 7;
    int wrong = 0;
    for (int t = 0; t < 20000; t++) {
        x = x * 6364136223846793005u + 1442695040888963407u;
        l.nrows = (int)(x >> 33) % 400;
        l.grid_top = 60 + (double)(x >> 40 & 127);
        l.nnotes = (int)(x >> 50 & 7);
        int tall = (int)(x >> 20 & 3); /* how often a row is far taller */
        for (int r = 0; r < l.nrows; r++) {
            x = x * 6364136223846793005u + 1442695040888963407u;
            row_h[r] = 38 + (double)(x >> 35 & 255) * 0.75;
            if (tall && (x >> 60) % (unsigned)(4 * tall) == 0)
                row_h[r] += (double)(x >> 45 & 1023) * 1.2;
        }
        int got = sq_fig_rows_per_part(&l), want = rows_per_part_tried(&l);
        if (got != want && wrong++ < 5)
            printf("%d rows: %d rows per part, trying every number of parts %d\n", l.nrows, got,
                   want);
    }
    CHECK(wrong == 0, "the split into parts as every try finds it (%d of 20000 differ)", wrong);
}

int main(void) {
    if (!mkdtemp(dir)) {
        printf("mkdtemp: %s\n", strerror(errno));
        return 1;
    }
    check_titles_and_units();
    check_escaping();
    check_axis();
    check_table_figure();
    check_plot_room();
    check_no_overlap();
    check_shared_bars();
    check_machines();
    check_plot_files();
    check_parts_split();
    return check_finish("figures", dir);
}
