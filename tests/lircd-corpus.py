#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Every remote LIRC ships, through the lircd.conf reader, and LIRC's encoder as the oracle.

1. The corpus: every file under /usr/share/lirc/remotes (Debian's lirc-compat-remotes),
   /usr/share/lirc/contrib and /etc/lirc (the lirc package) that is lircd.conf text (its
   first token is `begin remote` or `include`, as lircd_conf_detect() tells) goes
   through tests/tools/lircd-conf-dump. A file the reader
   refuses must be listed, with the same message, in tests/data/lircd/corpus-refused.txt;
   a listed file that is now read is an error too (the list may only shrink: take the
   line out).
2. The oracle: each SPACE_ENC remote read (pulse distance and pulse length, LIRC's most
   common kind) and each RC5 (SHIFT_ENC, bi-phase) remote, one remote block a file at a
   time, goes through LIRC's own encoder,
   irsimsend (with only the file driver's plugin, -U), and every button's pulse train
   must be what ENCODER (below, written from lircd.conf(5), seeing the reader only
   through the dump) makes of the reader's model. The gap after a frame is not compared:
   irsimsend writes a frame's last space as the gap.

Prints "lircd-corpus: N passed, N failed" (files read or refused as expected, remotes
matching the oracle). Exit 77 when LIRC's remotes are not installed (tools/install-deps
installs lirc and lirc-compat-remotes).

usage: lircd-corpus.py [DUMP]
"""

import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOTS = ["/usr/share/lirc/remotes", "/usr/share/lirc/contrib", "/etc/lirc"]


def is_lircd_conf(text):
    """As lircd_conf_detect(): the first token not in a comment is "begin remote" or "include"."""
    for line in text.splitlines():
        words = line.split()
        if not words or words[0].startswith(b"#"):
            continue
        first = words[0].lower()
        return first == b"include" or (first == b"begin" and len(words) > 1 and
                                       words[1].lower() == b"remote")
    return False


def find_files():
    """Every file of the roots that holds lircd.conf text; the count of the others."""
    found, others = [], 0
    for root in ROOTS:
        for dirpath, _, names in os.walk(root):
            for name in sorted(names):
                path = os.path.join(dirpath, name)
                with open(path, "rb") as f:
                    text = f.read()
                if is_lircd_conf(text):
                    found.append(path)
                else:
                    others += 1
    return sorted(found), others


def parse_dump(text):
    """The dump's lines into remotes: dicts of their fields plus a list of buttons."""
    remotes = []
    for line in text.splitlines():
        words = line.split(" ")
        if words[0] == "remote":
            remote = {"name": words[1], "buttons": []}
            for word in words[2:]:
                key, value = word.split("=", 1)
                if "," in value:
                    value = tuple(int(v) for v in value.split(","))
                elif re.fullmatch(r"0x[0-9a-f]+|[0-9]+", value):
                    value = int(value, 0)
                remote[key] = value
            remotes.append(remote)
        elif words[0] in ("code", "raw"):
            values = [int(v, 0) for v in words[3:]]
            remotes[-1]["buttons"].append((words[0], words[1], values))
    return remotes


# The encoder: lircd.conf(5)'s frame, |header|plead|pre data|pre|data|post|post data|
# ptrail|foot|, each data field MSB first (LSB first with REVERSE), a one and a zero as
# their pulse and space; toggle_bit_mask applied to the frame's value.
REVERSE = 1 << 11
ENCODED = ("SPACE_ENC", "RC5")


class Train:
    """Pulses and spaces, pulse first; a duration of the same kind as the last adds to it."""

    def __init__(self):
        self.items = []

    def add(self, pulse, duration):
        if duration == 0:
            return
        if self.items and self.items[-1][0] == pulse:
            self.items[-1] = (pulse, self.items[-1][1] + duration)
        elif self.items or pulse:
            self.items.append((pulse, duration))

    def pair(self, pair):
        self.add(True, pair[0])
        self.add(False, pair[1])


def send_bits(train, remote, value, bits):
    order = range(bits) if remote["flags"] & REVERSE else range(bits - 1, -1, -1)
    for i in order:
        one = (value >> i) & 1
        if remote["encoding"] == "RC5" and one:
            # Bi-phase (SHIFT_ENC): a one is its space then its pulse, a zero the reverse.
            train.add(False, remote["one"][1])
            train.add(True, remote["one"][0])
        else:
            train.pair(remote["one"] if one else remote["zero"])


def encode(remote, code, toggle):
    pre_bits, bits, post_bits = remote["pre_data_bits"], remote["bits"], remote["post_data_bits"]
    value = (remote["pre_data"] << (bits + post_bits)) | (code << post_bits) | remote["post_data"]
    if toggle:
        value ^= remote["toggle_bit_mask"]
    train = Train()
    train.pair(remote["header"])
    train.add(True, remote["plead"])
    if pre_bits:
        send_bits(train, remote, value >> (bits + post_bits), pre_bits)
        train.pair(remote["pre"])
    send_bits(train, remote, (value >> post_bits) & ((1 << bits) - 1), bits)
    if post_bits:
        train.pair(remote["post"])
        send_bits(train, remote, value & ((1 << post_bits) - 1), post_bits)
    train.add(True, remote["ptrail"])
    train.pair(remote["foot"])
    items = train.items
    if items and not items[-1][0]:
        items = items[:-1]
    return items


def remote_blocks(path):
    """The text of each remote block of a file, in order (None if it includes files)."""
    with open(path, "rb") as f:
        text = f.read().decode("utf-8", "replace")
    if re.search(r"^[ \t]*include\b", text, re.I | re.M):
        return None
    return re.findall(r"^[ \t]*begin[ \t]+remote\b.*?^[ \t]*end[ \t]+remote\b[^\n]*\n?", text,
                      re.I | re.M | re.S)


def irsimsend(plugins, workdir, block):
    conf = os.path.join(workdir, "remote.conf")
    out = os.path.join(workdir, "simsend.out")
    with open(conf, "w") as f:
        f.write(block)
    if os.path.exists(out):
        os.unlink(out)
    proc = subprocess.run(["irsimsend", "-U", plugins, conf], cwd=workdir, capture_output=True,
                          text=True, timeout=60)
    if not os.path.exists(out):
        return None, proc.stdout
    items = []
    with open(out) as f:
        for line in f:
            kind, value = line.split()
            items.append((kind == "pulse", int(value)))
    return items, proc.stdout


def check_remote(remote, sent):
    """irsimsend's train against the encoder's, button by button; None or what differs."""
    pos = 0
    for press, (kind, name, codes) in enumerate(remote["buttons"]):
        # irsimsend sends the first code of a button; its first press has the toggle set.
        want = encode(remote, codes[0], toggle=press % 2 == 0)
        got = sent[pos:pos + len(want)]
        if got != want:
            for i, (g, w) in enumerate(zip(got + [None] * len(want), want)):
                if g != w:
                    break
            return "button %s: duration %d is %s, the encoder says %s" % (name, i, g, w)
        pos += len(want) + 1            # and the gap
    if pos < len(sent):
        return "%d more durations than the buttons" % (len(sent) - pos)
    return None


def oracle(files, dumps):
    """Returns (remotes matched, buttons matched, failures, remotes left out by why)."""
    plugin = sorted(glob.glob("/usr/lib/*/lirc/plugins/file.so"))
    if not plugin or not shutil.which("irsimsend"):
        print("lircd-corpus: irsimsend or its file plugin not found: no oracle check")
        return 0, 0, ["irsimsend not installed (the lirc package)"], {}
    remotes_ok = buttons_ok = 0
    failures, left_out = [], {}
    with tempfile.TemporaryDirectory() as workdir:
        plugins = os.path.join(workdir, "plugins")
        os.mkdir(plugins)
        os.symlink(plugin[0], os.path.join(plugins, "file.so"))
        for path in files:
            blocks = remote_blocks(path)
            remotes = dumps.get(path)
            if blocks is None or remotes is None:
                continue
            if len(blocks) != len(remotes):
                failures.append("%s: %d remote blocks, the reader read %d" %
                                (path, len(blocks), len(remotes)))
                continue
            for block, remote in zip(blocks, remotes):
                if remote["encoding"] not in ENCODED:
                    continue
                why = ("no button" if not remote["buttons"] else
                       "min_repeat (irsimsend sends repeats too)" if remote["min_repeat"] else
                       None)
                if why:
                    left_out[why] = left_out.get(why, 0) + 1
                    continue
                sent, names = irsimsend(plugins, workdir, block)
                if sent is None:
                    failures.append("%s: %s: irsimsend wrote nothing" % (path, remote["name"]))
                    continue
                problem = check_remote(remote, sent)
                if problem:
                    failures.append("%s: %s: %s" % (path, remote["name"], problem))
                else:
                    remotes_ok += 1
                    buttons_ok += len(remote["buttons"])
    return remotes_ok, buttons_ok, failures, left_out


def load_expected(path):
    expected = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            name, message = line.rstrip("\n").split("\t", 1)
            expected[name] = message
    return expected


def main():
    top_builddir = os.environ.get("top_builddir", ".")
    top_srcdir = os.environ.get("top_srcdir", ".")
    dump = sys.argv[1] if len(sys.argv) > 1 else os.path.join(top_builddir, "tests", "tools",
                                                                "lircd-conf-dump")
    if not os.path.isdir(ROOTS[0]):
        print("lircd-corpus: %s not found (tools/install-deps installs lirc-compat-remotes): "
              "skipped" % ROOTS[0])
        return 77
    expected = load_expected(os.path.join(top_srcdir, "tests", "data", "lircd",
                                          "corpus-refused.txt"))
    files, others = find_files()
    failures, refused, dumps = [], {}, {}
    remotes = buttons = codes = 0
    encodings = {}
    for path in files:
        proc = subprocess.run([dump, path], capture_output=True, text=True)
        if proc.returncode != 0:
            message = proc.stderr.strip()
            if not message.startswith("refused: ") or "\n" in message:
                failures.append("%s: exit %d, %r" % (path, proc.returncode, message))
                continue
            refused[path] = message[len("refused: "):]
            continue
        dumps[path] = parse_dump(proc.stdout)
        for remote in dumps[path]:
            remotes += 1
            buttons += len(remote["buttons"])
            codes += sum(len(b[2]) if b[0] == "code" else 1 for b in remote["buttons"])
            encodings[remote["encoding"]] = encodings.get(remote["encoding"], 0) + 1
    for path, message in sorted(refused.items()):
        if path not in expected:
            failures.append("%s: refused, and not in corpus-refused.txt: %s" % (path, message))
        elif expected[path] != message:
            failures.append("%s: refused with\n  %s\nexpected\n  %s" % (path, message,
                                                                       expected[path]))
    for path in sorted(expected):
        if path not in refused:
            failures.append("%s: in corpus-refused.txt, but %s: take it out of the list" %
                            (path, "read now" if path in dumps else "not in the corpus"))
    read_ok = len(files) - len(refused)

    remotes_ok, buttons_ok, oracle_failures, left_out = oracle(files, dumps)
    failures += oracle_failures

    for failure in failures:
        print("FAIL " + failure)
    print("lircd-corpus: %d files of lircd.conf text (%d other files), %d read, %d refused "
          "as listed" % (len(files), others, read_ok, len(refused)))
    for path, message in sorted(refused.items()):
        print("  refused: %s" % message)
    print("lircd-corpus: %d remotes, %d buttons, %d codes; by encoding: %s" %
          (remotes, buttons, codes,
           ", ".join("%s %d" % kv for kv in sorted(encodings.items()))))
    print("lircd-corpus: irsimsend agrees on %d SPACE_ENC and RC5 remotes, %d buttons "
          "(not compared: %s)" %
          (remotes_ok, buttons_ok,
           ", ".join("%s %d" % kv for kv in sorted(left_out.items())) or "none"))
    if len(files) < 50 or remotes_ok < 20:
        failures.append("the corpus or the oracle check is too small: something is missing")
        print("FAIL " + failures[-1])
    passed = len(files) + remotes_ok
    print("lircd-corpus: %d passed, %d failed" % (passed, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
