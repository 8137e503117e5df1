/* How a call below the cli failed, returned up to the cli, which turns it
 * into a message and an exit status (exit_status.h). */
#ifndef SQCOLOR_FAILURE_H
#define SQCOLOR_FAILURE_H

enum { SQ_FAILED_WRITE = -1, SQ_FAILED_MEMORY = -2 };

#endif
