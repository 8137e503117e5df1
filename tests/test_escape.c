/* The one escaping rule (bench/util/escape.h) in every format: what is not
 * shown becomes a space, then each format's quoting. */
#include "bench/util/escape.h"

#include "check.h"

typedef void (*writer)(FILE *, const char *);

static char *written(writer w, const char *s) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    w(f, s);
    fclose(f);
    return buf;
}

static void markdown_code(FILE *f, const char *s) {
    sq_put_markdown_code(f, s);
}

static int gather(const char *text, size_t size, void *data) {
    return fwrite(text, 1, size, data) == size ? 0 : -1;
}

/* JSON as jansson dumps it, in pieces, through sq_json_shown. */
static void json_pieces(FILE *f, const char *s) {
    size_t n = strlen(s), half = n / 2;
    while (half < n && ((unsigned char)s[half] & 0xc0) == 0x80) /* between characters */
        half++;
    sq_json_shown(s, half, gather, f);
    sq_json_shown(s + half, n - half, gather, f);
}

static void plain_padded(FILE *f, const char *s) {
    sq_put_plain_padded(f, s, 6);
}

static void expect(const char *format, writer w, const char *in, const char *want) {
    char *got = written(w, in);
    CHECK(got && strcmp(got, want) == 0, "%s: wanted \"%s\", got \"%s\"", format, want,
          got ? got : "(nothing)");
    free(got);
}

int main(void) {
    /* ESC ] 0 ; title BEL, CSI as C1 (U+009B), a bidi override, an isolate, a
     * newline, a byte that is no UTF-8: each one space. */
    const char *hostile = "a\x1b]0;t\x07|b\xc2\x9b"
                          "2J\xe2\x80\xae"
                          "c\xe2\x81\xa6"
                          "d\ne\xff";
    expect("plain", sq_put_plain, hostile, "a ]0;t |b 2J c d e ");
    expect("markdown", sq_put_markdown, hostile, "a \\]0;t \\|b 2J c d e ");
    expect("markdown code", markdown_code, hostile, "`a ]0;t \\|b 2J c d e `");
    expect("html", sq_put_html, hostile, "a ]0;t |b 2J c d e ");
    expect("csv", sq_put_csv, hostile, "a ]0;t |b 2J c d e ");
    CHECK(sq_plain_width(hostile) == 19, "plain width %d", sq_plain_width(hostile));

    /* Each format's own quoting, and what is shown kept as it is. */
    expect("html", sq_put_html, "<b>&\"'é", "&lt;b&gt;&amp;&quot;&#39;é");
    expect("markdown", sq_put_markdown, "*a* antidiag_add _b [x](y) #",
           "\\*a\\* antidiag_add \\_b \\[x\\](y) \\#");
    /* TeX reads ^^5c as a backslash and $ opens math: a Markdown table given
     * to pandoc and LaTeX must not pass them through. */
    expect("markdown", sq_put_markdown, "$^^5cinput{/etc/hostname}$",
           "\\$\\^\\^5cinput{/etc/hostname}\\$");
    expect("latex", sq_put_latex, "\\input{f} $x$ & #1 ^ a_b 5% ~ <|> [*]",
           "\\textbackslash{}input\\{f\\} \\$x\\$ \\& \\#1 \\textasciicircum{} a\\_b 5\\% "
           "\\textasciitilde{} \\textless{}\\textbar{}\\textgreater{} {[}{*}{]}");
    expect("latex", sq_put_latex, hostile, "a {]}0;t \\textbar{}b 2J c d e ");
    expect("latex", sq_put_latex, "Zen 5 “Turin” é", "Zen 5 “Turin” é");
    /* TeX's quotes: " would set a closing quote at both ends. */
    expect("latex", sq_put_latex, "\"Zen 5\" \"Turin\" (\"a\")", "``Zen 5'' ``Turin'' (``a'')");
    expect("roff", sq_put_roff, ".x -y \\fB 'z ≈", "\\&.x \\-y \\efB 'z \\[u2248]");
    expect("roff", sq_put_roff, "'a", "\\&'a");
    expect("roff", sq_put_roff, hostile, "a ]0;t |b 2J c d e ");
    expect("csv", sq_put_csv, "a,\"b\"", "\"a,\"\"b\"\"\"");
    /* Nothing added: a program reads back the value (a spreadsheet imports as text). */
    expect("csv", sq_put_csv, "=1+2", "=1+2");
    expect("csv", sq_put_csv, "-O2", "-O2");
    expect("csv", sq_put_csv, "\tx", " x");
    expect("csv", sq_put_csv, "Zen 5 “Turin”", "Zen 5 “Turin”");

    /* Padding counts columns, not bytes; what is not shown is still a space. */
    expect("plain padded", plain_padded, "±\x1b", "±     ");
    expect("plain padded", plain_padded, "toolong", "toolong");

    /* JSON keeps the meaning: what JSON leaves raw and the rule does not show
     * as \uXXXX; newlines, indentation and the rest as they are. */
    expect("json", json_pieces, "{\n  \"a\": \"x\x7f\xc2\x9b\xe2\x80\xae\xe2\x81\xa6é±\"\n}",
           "{\n  \"a\": \"x\\u007F\\u009B\\u202E\\u2066é±\"\n}");

    char buf[64];
    CHECK(strcmp(sq_token_shown("e4\x1b[2J", buf, sizeof buf), "e4\\x1b[2J") == 0, "token: %s",
          buf);
    /* Longer text: shown characters kept, each byte of the others as \xNN,
     * cut with "..." where the buffer is full. */
    CHECK(strcmp(sq_text_shown("é\x1b]0;t\x07\n\xc2\x9bz", buf, sizeof buf),
                 "é\\x1b]0;t\\x07\\x0a\\xc2\\x9bz") == 0,
          "text: %s", buf);
    char small[12];
    CHECK(strcmp(sq_text_shown("abcdefghijklmnop", small, sizeof small), "abcdefgh...") == 0,
          "text cut: %s", small);
    CHECK(strcmp(sq_text_shown("abc\x1b\x1b\x1b", small, sizeof small), "abc\\x1b...") == 0,
          "text cut at an escape: %s", small);
    return check_finish("escape", NULL);
}
