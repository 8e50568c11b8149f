#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Parse speed of utils/text/toml.c: writes a large document and times toml-decoder --parse-only.

The document mixes what keymaps hold ([[protocols]] with big scancode tables of
hex keys and string values) with every other kind of value, so that no single
path dominates.

usage: toml-bench.py [DECODER] [--mb N] [--runs N]
"""

import os
import random
import subprocess
import sys
import tempfile
import time


def document(target_bytes, rng):
    parts = []
    size = 0
    n = 0
    while size < target_bytes:
        lines = ['[[protocols]]', 'name = "remote %d"' % n, 'protocol = "nec"',
                 'variant = "necx"', 'bits = 32', '[protocols.scancodes]']
        for i in range(300):
            lines.append('0x%06x = "KEY_%s"' % (rng.getrandbits(24) | i << 24,
                                                 rng.choice(["POWER", "VOLUMEUP", "MUTE", "1", "OK"])))
        lines.append('[values%d]' % n)
        lines.append('floats = [%s]' % ", ".join(repr(rng.uniform(-1e6, 1e6)) for _ in range(20)))
        lines.append('ints = [%s]' % ", ".join(str(rng.randrange(-10**12, 10**12)) for _ in range(20)))
        lines.append('text = "%s\\n\\t\\u00e9"' % ("lorem ipsum " * 5))
        lines.append("lit = '''\n%s'''" % ("multi-line\n" * 5))
        lines.append('when = 1979-05-27T07:32:00.999-08:00')
        lines.append('inline = { a = 1, b.c = "x", d = [true, false] }')
        text = "\n".join(lines) + "\n\n"
        parts.append(text)
        size += len(text)
        n += 1
    return "".join(parts).encode()


def main():
    args = sys.argv[1:]
    decoder = os.path.join(os.environ.get("top_builddir", "."), "tests", "toml-decoder")
    mb, runs = 64, 5
    while args:
        a = args.pop(0)
        if a == "--mb":
            mb = int(args.pop(0))
        elif a == "--runs":
            runs = int(args.pop(0))
        else:
            decoder = a
    doc = document(mb * 1000 * 1000, random.Random(1))
    with tempfile.NamedTemporaryFile(suffix=".toml") as f:
        f.write(doc)
        f.flush()
        best = None
        for _ in range(runs):
            with open(f.name, "rb") as stdin:
                start = time.perf_counter()
                subprocess.run([decoder, "--parse-only"], stdin=stdin, check=True)
                elapsed = time.perf_counter() - start
            best = elapsed if best is None else min(best, elapsed)
    print("%.1f MB in %.3f s (best of %d, reading stdin included): %.0f MB/s" %
          (len(doc) / 1e6, best, runs, len(doc) / 1e6 / best))


if __name__ == "__main__":
    sys.exit(main())
