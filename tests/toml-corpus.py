#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Run the TOML corpus through tests/toml-decoder (the toml-test decoder interface).

tests/toml/valid/NAME.toml must decode (exit 0) to the tagged JSON of NAME.json,
written by hand; floats compare as numbers, everything else as written.
tests/toml/invalid/NAME.toml must be rejected: exit 1, nothing on stdout, one
"-:LINE:COLUMN: reason" line on stderr.

usage: toml-corpus.py [DECODER [CORPUS_DIR]]
"""

import glob
import json
import math
import os
import re
import subprocess
import sys

ERROR_LINE = re.compile(rb"^-:[0-9]+:[0-9]+: [^\n]+\n$")


def normal(node):
    """Tagged JSON with floats as numbers (nan equal to nan, -0 apart from 0)."""
    if isinstance(node, list):
        return [normal(x) for x in node]
    if set(node) == {"type", "value"} and isinstance(node["type"], str):
        if node["type"] == "float":
            x = float(node["value"])
            return ("float", "nan" if math.isnan(x) else (x, math.copysign(1, x)))
        return (node["type"], node["value"])
    return {k: normal(v) for k, v in node.items()}


def main():
    top_builddir = os.environ.get("top_builddir", ".")
    top_srcdir = os.environ.get("top_srcdir", ".")
    decoder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(top_builddir, "tests", "toml-decoder")
    corpus = sys.argv[2] if len(sys.argv) > 2 else os.path.join(top_srcdir, "tests", "toml")
    failures = []

    valid = sorted(glob.glob(os.path.join(corpus, "valid", "*.toml")))
    for path in valid:
        with open(path, "rb") as f:
            doc = f.read()
        with open(path[:-5] + ".json", encoding="utf-8") as f:
            expected = json.load(f)
        proc = subprocess.run([decoder], input=doc, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if proc.returncode != 0:
            failures.append("%s: rejected (exit %d): %s" % (path, proc.returncode,
                                                            proc.stderr.decode(errors="replace")))
            continue
        got = json.loads(proc.stdout)
        if normal(got) != normal(expected):
            failures.append("%s: decoded to\n%s\nexpected\n%s" % (path, json.dumps(got), json.dumps(expected)))

    invalid = sorted(glob.glob(os.path.join(corpus, "invalid", "*.toml")))
    for path in invalid:
        with open(path, "rb") as f:
            doc = f.read()
        proc = subprocess.run([decoder], input=doc, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if proc.returncode != 1 or proc.stdout or not ERROR_LINE.match(proc.stderr):
            failures.append("%s: exit %d, stdout %r, stderr %r" % (path, proc.returncode,
                                                                   proc.stdout[:200], proc.stderr[:200]))

    for failure in failures:
        print("FAIL " + failure)
    print("toml corpus: %d valid, %d invalid documents, %d failures" %
          (len(valid), len(invalid), len(failures)))
    if len(valid) < 50 or len(invalid) < 150:
        print("FAIL: corpus not found or incomplete in %s" % corpus)
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
