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

With --headroom it tests nothing and prints, for each decoded capture, how far its
durations lie from its protocol's descriptor (utils/ac/ac_protocol.c): the largest
deviation of a header, a bit's pulse, a 0 space and a 1 space, in microseconds and as
a share of the window's margin (100% is the edge), for whoever tunes the windows.
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


def descriptors():
    """{name: {header_pulse: us, ...}} from the descriptors' source."""
    with open(os.path.join(TOP_SRCDIR, "utils", "ac", "ac_protocol.c"), encoding="utf-8") as f:
        text = f.read()
    found = {}
    for m in re.finditer(r"static const struct ac_protocol (\w+) = \{(.*?)\n\};", text, re.S):
        found[m.group(1)] = {k: int(v) for k, v in re.findall(
            r"\.(header_pulse|header_space|header_margin|bit_pulse|one_space|zero_space|"
            r"margin) = (\d+)", m.group(2))}
    return found


def durations(path):
    with open(path, encoding="utf-8") as f:
        return [int(x) for line in f for x in re.findall(r"[+-](\d+)", line.split("#")[0])]


def headroom():
    """Each decoded capture's largest deviations from its descriptor's windows."""
    layouts = descriptors()
    for path in captures():
        protocol, _ = expectation(path)
        if protocol is None:
            continue
        d = layouts[protocol]
        worst = {}
        values = durations(path)
        pairs = list(zip(values[0::2], values[1::2]))
        for i, (pulse, space) in enumerate(pairs):
            if pulse >= 1500:
                # A header, if bits follow (haier's preamble is followed by the header).
                if i + 1 < len(pairs) and pairs[i + 1][0] < 1500:
                    dev = max(abs(pulse - d["header_pulse"]), abs(space - d["header_space"]))
                    worst["header"] = max(worst.get("header", (0, 0)),
                                          (dev / d["header_margin"], dev))
                continue
            checks = [("pulse", pulse, d["bit_pulse"])]
            if space < 900:
                checks.append(("0 space", space, d["zero_space"]))
            elif space < 2500:
                checks.append(("1 space", space, d["one_space"]))
            for kind, value, expected in checks:
                dev = abs(value - expected)
                worst[kind] = max(worst.get(kind, (0, 0)), (dev / d["margin"], dev))
        print("%s (%s): %s" % (os.path.basename(path), protocol, ", ".join(
            "%s %d us %d%%" % (kind, dev, round(100 * share))
            for kind, (share, dev) in sorted(worst.items()))))


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
    if sys.argv[1:] == ["--headroom"]:
        headroom()
        sys.exit(0)
    result = unittest.main(exit=False, verbosity=1).result
    failed = len(result.failures) + len(result.errors)
    print("ac-captures: %d passed, %d failed" % (result.testsRun - failed, failed))
    sys.exit(1 if failed else 0)
