#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""ir-keytable --json: every line of the golden cases' outputs with --json parses as one
JSON object with a number "time" and a string "event", and the A/C objects say what the
text lines of the same capture say (decode-json-ac.out against decode-ac.out), field by
field, and with -v their "bytes" what the text's "ac bytes" lines say, so that the two
outputs cannot drift apart.

Ends with the 'NAME: N passed, N failed' line that tools/test-all counts.
"""

import glob
import json
import os
import sys
import unittest

TOP_SRCDIR = os.environ.get("top_srcdir") or os.path.join(os.path.dirname(__file__), "..")
CASES = os.path.join(TOP_SRCDIR, "tests", "cli", "cases")


def json_outputs():
    outputs = []
    for cmd in sorted(glob.glob(os.path.join(CASES, "*.cmd"))):
        with open(cmd, encoding="utf-8") as f:
            if "--json" not in f.read().split():
                continue
        out = cmd[:-len(".cmd")] + ".out"
        if os.path.exists(out):
            outputs.append(out)
    return outputs


def text_of(value):
    """A JSON value as the text line prints it."""
    if value is None:
        return "-"
    if isinstance(value, float):
        return "%g" % value
    return str(value)


class JsonLines(unittest.TestCase):
    def test_every_line_parses(self):
        outputs = json_outputs()
        self.assertGreaterEqual(len(outputs), 5)
        kinds = set()
        for out in outputs:
            with open(out, encoding="utf-8") as f:
                for number, line in enumerate(f, 1):
                    with self.subTest(file=os.path.basename(out), line=number):
                        obj = json.loads(line)
                        self.assertIsInstance(obj, dict)
                        self.assertIsInstance(obj["time"], (int, float))
                        self.assertIsInstance(obj["event"], str)
                        self.assertEqual(list(obj)[:2], ["time", "event"])
                        kinds.add(obj["event"])
        # Every kind of event is in some case.
        self.assertLessEqual({"lirc", "key", "msc", "rel", "ac", "irp", "input"}, kinds)

    def test_ac_fields_are_the_text_lines(self):
        with open(os.path.join(CASES, "decode-ac.out"), encoding="utf-8") as f:
            text = [line.rstrip("\n") for line in f if ": ac protocol(" in line]
        with open(os.path.join(CASES, "decode-json-ac.out"), encoding="utf-8") as f:
            objs = [json.loads(line) for line in f]
        acs = [obj for obj in objs if obj["event"] == "ac"]
        self.assertEqual(len(acs), len(text))
        self.assertGreater(len(acs), 0)
        for obj, line in zip(acs, text):
            fields = " ".join("%s=%s" % (key, text_of(value)) for key, value in obj.items()
                              if key not in ("time", "event", "protocol", "bytes"))
            self.assertEqual("%.6f: ac protocol(%s): %s" % (obj["time"], obj["protocol"],
                                                            fields), line)

    def test_ac_bytes_are_the_text_lines(self):
        with open(os.path.join(CASES, "decode-ac-bytes.out"), encoding="utf-8") as f:
            text = [line.rstrip("\n") for line in f if ": ac bytes(" in line]
        with open(os.path.join(CASES, "decode-json-ac-bytes.out"), encoding="utf-8") as f:
            acs = [obj for obj in map(json.loads, f) if obj["event"] == "ac"]
        self.assertEqual(len(acs), len(text))
        self.assertGreater(len(acs), 0)
        for obj, line in zip(acs, text):
            pairs = " ".join(obj["bytes"][i:i + 2] for i in range(0, len(obj["bytes"]), 2))
            self.assertEqual("%.6f: ac bytes(%s): %s" % (obj["time"], obj["protocol"], pairs),
                             line)


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=1).result
    failed = len(result.failures) + len(result.errors)
    print("json-lines: %d passed, %d failed" % (result.testsRun - failed, failed))
    sys.exit(1 if failed else 0)
