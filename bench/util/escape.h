/* Text from outside (files, arguments, the environment) made safe for where
 * it is shown. */
#ifndef SQCOLOR_ESCAPE_H
#define SQCOLOR_ESCAPE_H

#include <stddef.h>

/* A token as a message shows it: at most 24 bytes, bytes that are not
 * printable ASCII as \xNN, "..." where it is cut. */
const char *sq_token_shown(const char *tok, char *buf, size_t len);

#endif
