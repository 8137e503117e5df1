/* sqcolor's exit statuses: 0 done, 1 a check or a write failed, 2 bad input. */
#ifndef SQCOLOR_EXIT_STATUS_H
#define SQCOLOR_EXIT_STATUS_H

enum { SQ_EXIT_OK = 0, SQ_EXIT_FAIL = 1, SQ_EXIT_USAGE = 2 };

#endif
