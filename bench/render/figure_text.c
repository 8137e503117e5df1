#include "bench/render/figure_text.h"

#include "bench/util/escape.h"

#include <stdint.h>
#include <string.h>

/* Width of one column, in em: monospace fonts advance 0.6 em (Consolas
 * 0.55); proportional text averages less than this even in capitals. */
#define MONO_EM 0.62
#define SANS_EM 0.66

static double em_of(sq_fig_font f) {
    return f == SQ_FIG_FONT_MONO ? MONO_EM : SANS_EM * (f == SQ_FIG_FONT_BOLD ? 1.08 : 1);
}

/* Columns a character takes: CJK and the like take two; everything past
 * U+1100 is counted so, to be safe. */
static int columns_of(uint32_t cp) {
    return cp >= 0x1100 ? 2 : 1;
}

int sq_fig_put_text(FILE *out, const char *s, int max_cols) {
    int cols = 0;
    uint32_t cp;
    bool shown;
    for (const char *at = s; sq_next_char(&s, &cp, &shown); at = s) {
        int width = shown ? columns_of(cp) : 1;
        if (cols + width > max_cols - 1) {
            /* Cut only if more follows than fits. */
            int rest = width;
            for (const char *q = s; rest <= max_cols - cols && sq_next_char(&q, &cp, &shown);)
                rest += shown ? columns_of(cp) : 1;
            if (cols + rest > max_cols) {
                if (out)
                    fputs("…", out);
                return cols + columns_of(0x2026); /* … */
            }
        }
        if (out) {
            char one[5] = {0};
            memcpy(one, at, (size_t)(s - at));
            sq_put_html(out, one);
        }
        cols += width;
    }
    return cols;
}

double sq_fig_text_width(const char *s, int max_cols, double size, sq_fig_font f) {
    return sq_fig_put_text(NULL, s, max_cols) * size * em_of(f);
}

int sq_fig_columns_in(double width, double size, sq_fig_font f) {
    return (int)(width / (size * em_of(f)));
}

void sq_fig_text_at(FILE *out, const char *cls, double x, double y, double size, sq_fig_font f,
                    const char *anchor, const char *fill, const char *s, int max_cols) {
    fprintf(out,
            "<text class=\"sqfig-%s\" x=\"%.2f\" y=\"%.2f\" font-size=\"%g\" font-family=\"%s\"%s "
            "text-anchor=\"%s\" fill=\"%s\">",
            cls, x, y, size, f == SQ_FIG_FONT_MONO ? SQ_FIG_MONO : SQ_FIG_SANS,
            f == SQ_FIG_FONT_BOLD ? " font-weight=\"bold\"" : "", anchor, fill);
    sq_fig_put_text(out, s, max_cols);
    fputs("</text>\n", out);
}

int sq_fig_split_label(const char *s, int cols, char line[2][256]) {
    snprintf(line[0], 256, "%s", s);
    line[1][0] = 0;
    if (sq_fig_put_text(NULL, s, 1 << 20) <= cols)
        return 1;
    /* The last space whose first part fits. */
    const char *split = NULL;
    for (const char *p = strchr(s, ' '); p; p = strchr(p + 1, ' ')) {
        char head[256];
        snprintf(head, sizeof head, "%.*s", (int)(p - s), s);
        if (sq_fig_put_text(NULL, head, 1 << 20) > cols)
            break;
        split = p;
    }
    if (!split) /* one word too long: cut when drawn */
        return 1;
    snprintf(line[0], 256, "%.*s", (int)(split - s), s);
    snprintf(line[1], 256, "%s", split + 1);
    return 2;
}
