#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Real A/C remotes' captures (tests/data/ac-captures) through ir-keytable --decode -p ac.

Each capture names its source and, in an "# expect:" line, the state its source gives
for it (not what irkit's decoder said): every ac line the decode prints must be of
that protocol and have each field=value of the expectation, and there must be at
least one; with that protocol alone loaded (-p ac:NAME) the decode must print the same
states, so that no other descriptor changes what a capture reads as. A capture marked "# undecoded: WHY" is one the decoder cannot read yet
(WHY says what it lacks): it must print no ac line, so that the day it does, this
test says to move it to the decoded ones.

Ends with the 'NAME: N passed, N failed' line that tools/test-all counts.
"""

import glob
import os
import re
import subprocess
import sys
import unittest

TOP_SRCDIR = os.environ.get("top_srcdir") or os.path.join(os.path.dirname(__file__), "..")
TOP_BUILDDIR = os.environ.get("top_builddir") or "."
CAPTURES = os.path.join(TOP_SRCDIR, "tests", "data", "ac-captures")
KEYTABLE = os.path.join(TOP_BUILDDIR, "keytable", "ir-keytable")
AC_LINE = re.compile(r"^[0-9.]+: ac protocol\(([a-z0-9_]+)\): (.*)$")


def expectation(path):
    """(protocol, {field: value}) of the "# expect:" line, or (None, WHY) if undecoded."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^# expect: ac protocol\(([a-z0-9_]+)\):((?: [a-z_]+=\S+)+)$",
                         line.rstrip("\n"))
            if m:
                fields = dict(kv.split("=", 1) for kv in m.group(2).split())
                return m.group(1), fields
            m = re.match(r"^# undecoded: (.+)$", line.rstrip("\n"))
            if m:
                return None, m.group(1)
    raise ValueError("%s: no '# expect:' or '# undecoded:' line" % path)


def decode(path, protocols="ac"):
    """The (protocol, {field: value}) of each ac line of ir-keytable --decode -p PROTOCOLS."""
    run = subprocess.run([KEYTABLE, "--decode=" + path, "-p", protocols],
                         capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise AssertionError("%s: ir-keytable failed: %s" % (path, run.stderr.strip()))
    states = []
    for line in run.stdout.splitlines():
        m = AC_LINE.match(line)
        if m:
            states.append((m.group(1), dict(kv.split("=", 1) for kv in m.group(2).split())))
    return states


def captures():
    return sorted(glob.glob(os.path.join(CAPTURES, "*.irctl")))


class AcCaptures(unittest.TestCase):
    def test_there_are_captures(self):
        self.assertGreaterEqual(len(captures()), 10)

    def test_each_capture(self):
        for path in captures():
            name = os.path.basename(path)
            with self.subTest(capture=name):
                protocol, want = expectation(path)
                states = decode(path)
                if protocol is None:
                    self.assertEqual(states, [], "%s decodes now: give it an "
                                     "'# expect:' line" % name)
                    continue
                self.assertTrue(states, "%s: no ac line" % name)
                for got_protocol, got in states:
                    self.assertEqual(got_protocol, protocol, name)
                    for field, value in want.items():
                        self.assertEqual(got.get(field), value,
                                         "%s: %s" % (name, field))
                self.assertEqual(decode(path, "ac:" + protocol), states,
                                 "%s: not the same with %s alone" % (name, protocol))


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=1).result
    failed = len(result.failures) + len(result.errors)
    print("ac-captures: %d passed, %d failed" % (result.testsRun - failed, failed))
    sys.exit(1 if failed else 0)
