"""What every python test script of sqcolor's counts: a check per property,
a line per one that fails, and the closing 'NAME: N passed, N failed' that
ctest's pass regex reads."""


class Tally:
    def __init__(self, name):
        self.name = name
        self.passed = self.failed = 0

    def check(self, ok, what):
        """Counts ok; a failure is printed as 'NAME: FAIL what'."""
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("%s: FAIL %s" % (self.name, what))
        return ok

    def finish(self):
        """Prints the closing line; the script's exit status."""
        print("%s: %d passed, %d failed" % (self.name, self.passed, self.failed))
        return 1 if self.failed else 0
