/* The version of the harness: what a run times (the timed loops around a
 * routine, the identity loop subtracted, the inputs fed to them) and how (the
 * clocks read, the samples and repetitions a cell is made of, the statistic
 * kept). Runs of one harness version are comparable across machines and
 * commits; runs of two are not, whatever their commits say. It is written
 * into every result file (tool.harness_version); a file without it is of an
 * older harness.
 *
 * Raise it by one in the commit that changes what is timed or how, and only
 * then (CONTRIBUTING.md says when): a new technique, a fix elsewhere or a new
 * report leaves it alone. */
#ifndef SQCOLOR_HARNESS_VERSION_H
#define SQCOLOR_HARNESS_VERSION_H

#define SQ_HARNESS_VERSION 13

#endif
