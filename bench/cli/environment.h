/* The environment variables sqcolor reads, for the help (docs/commands.md)
 * and the man page: the one list of them. X(name, what it does). */
#ifndef SQCOLOR_ENVIRONMENT_H
#define SQCOLOR_ENVIRONMENT_H

#define SQ_FOR_EACH_ENVIRONMENT(X)                                                                 \
    X("SQCOLOR_HIDE_FEATURES",                                                                     \
      "a test switch: the CPU features named (comma-separated, as list names them) are treated "   \
      "as absent; what it leaves out is \"not supported with SQCOLOR_HIDE_FEATURES=...\", and "    \
      "run, try, batch, calibrate and sqcolor-gbench name it in their output and files")           \
    X("SQCOLOR_TEST_BRAND",                                                                        \
      "a test switch: a brand (printable ASCII, at most 48 bytes, as cpuid's) in place of "        \
      "cpuid's, named alike")                                                                      \
    X("SQCOLOR_MCA_TIMEOUT",                                                                       \
      "the seconds one run of llvm-mca (over all the routines shown) may take (disasm --predict)") \
    X("TMPDIR", "where run, try and ab make their folders")                                        \
    X("XDG_STATE_HOME, HOME",                                                                      \
      "run keeps each CPU model's recent quiet levels in $XDG_STATE_HOME/sqcolor/quiet-levels "    \
      "(else ~/.local/state/sqcolor/)")                                                            \
    X("CI", "true: no progress line, as when standard error is not a terminal")                    \
    X("SQCOLOR_PROCESS, SQCOLOR_PROCESS_OUTPUT, SQCOLOR_PROCESS_INPUTS, SQCOLOR_TSC_HZ, "          \
      "SQCOLOR_TRY_BUILT",                                                                         \
      "what a run tells the processes it starts; believed only in such a process")

#endif
