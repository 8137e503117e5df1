/* What the result file's reader and writer agree on beyond its field
 * names: the schema's version and the tool that writes it. The format is
 * described in README.md ("JSON"). */
#ifndef SQCOLOR_RESULTS_SCHEMA_H
#define SQCOLOR_RESULTS_SCHEMA_H

/* The schema written; every one from 1 up to it is read. */
#define SQ_RESULTS_SCHEMA 2

/* tool.name: a file naming another tool is not read. */
#define SQ_RESULTS_TOOL "sqcolor"

#endif
