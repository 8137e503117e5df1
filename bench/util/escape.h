/* Text from outside (result files, arguments, the environment) made safe for
 * where it is shown. One rule for every format: a character is shown unless
 * it is a control character (Cc: C0, DEL, C1), a format character (Cf: every
 * bidirectional control that would reorder what follows, U+061C, U+200E-F,
 * U+202A-E, U+2066-9, and the zero-width ones, U+200B, U+FEFF, ...), a line
 * or paragraph separator (U+2028, U+2029), a noncharacter U+FFFE or U+FFFF,
 * or a byte that starts no valid UTF-8 sequence; each of those is
 * written as one space, so a newline in a name cannot split a row and an
 * escape sequence cannot reach a terminal. Then each format's own quoting. */
#ifndef SQCOLOR_ESCAPE_H
#define SQCOLOR_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The next character of *s: advances *s past it and returns its length in
 * bytes, setting *cp and *shown; 0 at the end. A byte that starts no valid
 * sequence is a character of one byte, not shown. */
int sq_next_char(const char **s, uint32_t *cp, bool *shown);

/* Columns s takes when written by sq_put_plain: one a character. */
int sq_plain_width(const char *s);

/* s as plain text (console tables and prose, Markdown prose). */
void sq_put_plain(FILE *out, const char *s);

/* s as plain text, left-aligned in width columns (printf's "%-*s"). */
void sq_put_plain_padded(FILE *out, const char *s, int width);

/* s as Markdown text (prose or a table cell): the characters that would start
 * emphasis, code, a link, an HTML tag, a heading or a table cell escaped, and
 * $ and ^ (pandoc's TeX math and superscript: TeX reads ^^5c as a backslash). */
void sq_put_markdown(FILE *out, const char *s);

/* s as a code span in a Markdown table cell: `s`, its '|' escaped. */
void sq_put_markdown_code(FILE *out, const char *s);

/* s as man page text (roff) on a line of its own or after a font change:
 * '-' as \-, '\' as \e, other than ASCII as \[uXXXX], a leading '.' or '\''
 * behind \&, so that nothing in s is read as a request or an escape. */
void sq_put_roff(FILE *out, const char *s);

/* s as LaTeX text (in a table cell, a caption, a paragraph): \ { } $ & # ^
 * _ % ~ as LaTeX's escapes, < > | as their text commands (the default font
 * encoding would set other glyphs), [ ] * in braces (after \\ they would be
 * its arguments); other than ASCII kept as UTF-8, which LaTeX reads by
 * default. */
void sq_put_latex(FILE *out, const char *s);

/* s as HTML or XML text or a quoted attribute value: & < > " ' as entities. */
void sq_put_html(FILE *out, const char *s);

/* s as one CSV field (RFC 4180: quoted, its quotes doubled, when it holds a
 * comma or a quote; CR and LF are not shown), nothing added: a program reads
 * back what the file held ("-O2"). A spreadsheet must import it as text
 * (docs/file-formats.md): a field may start with '='. */
void sq_put_csv(FILE *out, const char *s);

/* Dumped JSON text, a piece at a time, made safe for a terminal: each
 * character the rule does not show that JSON keeps raw (DEL, C1, the format
 * characters, U+2028-9, U+FFFE-F: only ever inside strings) written as \uXXXX
 * (a surrogate pair past U+FFFF), so
 * the JSON means the same. Writes through put, a jansson dump callback, and
 * returns the first nonzero value it returns. A piece ends between
 * characters, as jansson's do. */
int sq_json_shown(const char *text, size_t size, int (*put)(const char *, size_t, void *),
                  void *data);

/* A token as a message shows it: at most 24 bytes, bytes that are not
 * printable ASCII as \xNN, "..." where it is cut. */
const char *sq_token_shown(const char *tok, char *buf, size_t len);

/* Longer text as a message shows it (a file's value, an argument, a whole
 * message): each character the rule shows kept, each byte of every other as
 * \xNN, "..." where buf is full. One line, whatever text holds. */
const char *sq_text_shown(const char *text, char *buf, size_t len);

#endif
