#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""lircd.conf remotes of RC-MM (flag RCMM) and XMP, decoded by `ir-keytable --decode -w`.

The signals come from an encoder written here from lircd.conf(5)'s description (RC-MM:
each two bits of a field one of the pairs zero, one, two, three; XMP: each nibble n a
pulse of zero's pulse and a space of zero's space + n * one's space; header, pre_data,
pre, code, post, post_data, ptrail in that order), checked against LIRC's irsimsend
where it is installed (the oracle: the same trains, and irsimsend's own signals give
the keys). Then: every button gives its key and no other; a held button gives one
key_down and its key_up after the last frame; durations within the margin still match,
a symbol shifted to the next one does not; noise before a frame and a truncated frame
give no key; remotes the patterns cannot express are refused with file, line and
reason.

Ends with the 'NAME: N passed, N failed' line that tools/test-all counts.
usage: lircd-symbols.py [IR-KEYTABLE]
"""

import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

BINARY = None
PLUGINS = None
HAVE_ORACLE = bool(shutil.which("irsimsend") and glob.glob("/usr/lib/*/lirc/plugins/file.so"))
GAP_END = 300000

RCMM = """
begin remote
  name  TEST-RCMM
  bits           16
  flags RCMM|CONST_LENGTH
  eps             2
  aeps           100
  header        417   278
  three         167   778
  two           167   611
  one           167   444
  zero          167   278
  ptrail        167
  pre_data_bits  16
  pre_data       0x2480
  gap          99817
  toggle_bit_mask 0x8000
  begin codes
    KEY_POWER   0x000C
    KEY_1       0x0001
    KEY_2       0x0002
    KEY_OK      0x1234
    KEY_UP      0x7FFF
  end codes
end remote
"""

XMP = """
begin remote
  name  TEST-XMP
  bits           32
  flags XMP
  eps            20
  aeps          300
  one             0   137
  zero          250   710
  ptrail        250
  pre_data_bits   32
  pre_data       0x170F443E
  pre           250 12921
  gap          81698
  begin codes
    KEY_POWER   0x0B00FF00
    KEY_1       0x01000001
    KEY_2       0x02000002
    KEY_OK      0x0F123456
  end codes
end remote
"""


def parse(conf):
    """The few fields of a remote this test's encoder needs, and its buttons."""
    r = {"pairs": {}, "codes": []}
    in_codes = False
    for line in conf.splitlines():
        words = line.split()
        if not words:
            continue
        if words[0] == "begin" and words[1] == "codes":
            in_codes = True
        elif words[0] == "end" and words[1] == "codes":
            in_codes = False
        elif in_codes:
            r["codes"].append((words[0], int(words[1], 16)))
        elif words[0] in ("header", "three", "two", "one", "zero", "pre", "post"):
            r["pairs"][words[0]] = (int(words[1]), int(words[2]))
        elif words[0] in ("bits", "pre_data_bits", "ptrail", "gap"):
            r[words[0]] = int(words[1])
        elif words[0] in ("pre_data",):
            r[words[0]] = int(words[1], 16)
        elif words[0] == "flags":
            r["flags"] = words[1].split("|")
    return r


def encode(r, code):
    """One frame of code, durations alternating pulse and space, ending at ptrail."""
    xmp = "XMP" in r["flags"]
    width = 4 if xmp else 2
    out = []

    def field(value, bits):
        for shift in range(bits - width, -1, -width):
            sym = (value >> shift) & ((1 << width) - 1)
            if xmp:
                out.extend([r["pairs"]["zero"][0],
                            r["pairs"]["zero"][1] + sym * r["pairs"]["one"][1]])
            else:
                out.extend(r["pairs"][("zero", "one", "two", "three")[sym]])
    if "header" in r["pairs"]:
        out.extend(r["pairs"]["header"])
    if r.get("pre_data_bits"):
        field(r["pre_data"], r["pre_data_bits"])
        if "pre" in r["pairs"]:
            out.extend(r["pairs"]["pre"])
    field(code, r["bits"])
    out.append(r["ptrail"])
    return out


def write_capture(path, frames):
    """frames: lists of durations, each ended by its trailing space (0: GAP_END)."""
    with open(path, "w") as f:
        for durations, space in frames:
            for i, d in enumerate(durations):
                f.write("%s %d\n" % ("pulse" if i % 2 == 0 else "space", d))
            f.write("space %d\n" % (space or GAP_END))


def decode(capture, conf_path, extra=()):
    proc = subprocess.run([BINARY, "--decode=" + capture, "-w", conf_path, *extra],
                          capture_output=True, text=True, timeout=60)
    events = re.findall(r"([0-9.]+): event type EV_KEY\(0x01\) key_(down|up): (\w+)",
                        proc.stdout)
    return proc, [(float(t), kind, key) for t, kind, key in events]


def downs(events):
    return [key for _, kind, key in events if kind == "down"]


def irsimsend(workdir, conf_path, name, count=0):
    out = os.path.join(workdir, "simsend.out")
    if os.path.exists(out):
        os.unlink(out)
    subprocess.run(["irsimsend", "-U", PLUGINS, "-c", str(count), "-k", name, conf_path],
                   cwd=workdir, capture_output=True, timeout=60, check=True)
    with open(out) as f:
        return [int(line.split()[1]) for line in f]


class Symbols(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def conf(self, text, name="remote.conf"):
        path = os.path.join(self.dir, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def check_each_button(self, text):
        r = parse(text)
        path = self.conf(text)
        capture = os.path.join(self.dir, "c.txt")
        for name, code in r["codes"]:
            write_capture(capture, [(encode(r, code), 0)])
            proc, events = decode(capture, path)
            self.assertEqual(proc.returncode, 0, proc.stderr)
            self.assertEqual(downs(events), [name], name)

    def test_rcmm_buttons(self):
        self.check_each_button(RCMM)

    def test_xmp_buttons(self):
        self.check_each_button(XMP)

    @unittest.skipUnless(HAVE_ORACLE, "LIRC's irsimsend is not installed")
    def test_oracle(self):
        """irsimsend sends what the encoder here sends, and its signals give the keys."""
        for text in (RCMM, XMP):
            r = parse(text)
            path = self.conf(text)
            for name, code in r["codes"]:
                train = irsimsend(self.dir, path, name)
                self.assertEqual(train[:-1], encode(r, code), name)
                out = os.path.join(self.dir, "simsend.out")
                proc, events = decode(out, path)
                self.assertEqual(downs(events), [name], (name, proc.stderr))

    @unittest.skipUnless(HAVE_ORACLE, "LIRC's irsimsend is not installed")
    def test_held(self):
        """irsimsend -c 4: one key_down, the key up only after the last frame."""
        for text in (RCMM, XMP):
            path = self.conf(text)
            name = parse(text)["codes"][1][0]
            train = irsimsend(self.dir, path, name, 4)
            last_pulse_end = sum(train[:-1]) / 1e6
            proc, events = decode(os.path.join(self.dir, "simsend.out"), path)
            self.assertEqual(downs(events), [name])
            ups = [t for t, kind, _ in events if kind == "up"]
            self.assertTrue(ups and ups[0] > last_pulse_end, events)

    def test_toggle(self):
        """RC-MM's toggle bit (0x8000 of the code) flipped: the same key, a new press."""
        r = parse(RCMM)
        path = self.conf(RCMM)
        capture = os.path.join(self.dir, "c.txt")
        write_capture(capture, [(encode(r, 0x0001), 0), (encode(r, 0x8001), 0)])
        _, events = decode(capture, path)
        self.assertEqual(downs(events), ["KEY_1", "KEY_1"])

    def test_tolerance(self):
        """margin: RC-MM's aeps 100 kept below half the 166 µs step (82 µs)."""
        r = parse(RCMM)
        path = self.conf(RCMM)
        capture = os.path.join(self.dir, "c.txt")
        frame = encode(r, 0x1234)
        for delta, want in ((80, ["KEY_OK"]), (-80, ["KEY_OK"]), (90, []), (-90, [])):
            # Every space after the header off by delta.
            moved = [d + delta if i % 2 and i > 1 else d for i, d in enumerate(frame)]
            write_capture(capture, [(moved, 0)])
            _, events = decode(capture, path)
            self.assertEqual(downs(events), want, delta)
        # One symbol moved to the next (zero to one): another frame, no key.
        moved = list(frame)
        moved[3] += 167
        write_capture(capture, [(moved, 0)])
        _, events = decode(capture, path)
        self.assertEqual(downs(events), [])

    def test_xmp_tolerance(self):
        """XMP: a nibble's space within half a step (68 µs) is that nibble."""
        r = parse(XMP)
        path = self.conf(XMP)
        capture = os.path.join(self.dir, "c.txt")
        frame = encode(r, 0x0F123456)
        for delta, want in ((60, ["KEY_OK"]), (-60, ["KEY_OK"]), (75, []), (137, [])):
            moved = list(frame)
            moved[-2] += delta
            write_capture(capture, [(moved, 0)])
            _, events = decode(capture, path)
            self.assertEqual(downs(events), want, delta)

    def test_noise_and_truncated(self):
        """Noise, then a frame: its key. A frame cut short: no key."""
        for text in (RCMM, XMP):
            r = parse(text)
            path = self.conf(text)
            capture = os.path.join(self.dir, "c.txt")
            name, code = r["codes"][0]
            frame = encode(r, code)
            noise = [90, 130, 2000, 55, 300]
            write_capture(capture, [(noise, 150000), (frame, 0)])
            _, events = decode(capture, path)
            self.assertEqual(downs(events), [name])
            for cut in (len(frame) // 2 | 1, len(frame) - 2):
                write_capture(capture, [(frame[:cut], 0)])
                _, events = decode(capture, path)
                self.assertEqual(downs(events), [], cut)

    def test_no_buttons(self):
        """LIRC's generic descriptions (no button): accepted, with a warning, nothing loaded."""
        text = re.sub(r"begin codes.*end codes", "begin codes\n  end codes", RCMM, flags=re.S)
        path = self.conf(text)
        capture = os.path.join(self.dir, "c.txt")
        write_capture(capture, [([100], 0)])
        proc, events = decode(capture, path)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("remote 'TEST-RCMM' has no button: nothing to decode", proc.stderr)
        # An entry of no pattern: the planner loads no program for it, and says so.
        self.assertIn("protocol 'lircd_raw' without raw entries: nothing to decode",
                      proc.stderr)
        self.assertEqual(events, [])

    def test_refused(self):
        cases = (
            (RCMM.replace("bits           16", "bits           15"),
             "pre_data_bits, bits and post_data_bits must be multiples of 2"),
            (RCMM.replace("ptrail        167", ""), "no ptrail"),
            (RCMM.replace("toggle_bit_mask 0x8000", "repeat_mask 0x8000"), "repeat_mask"),
            (RCMM.replace("two           167   611", "two           167   444"),
             "two RC-MM symbols of the same timings"),
            (XMP.replace("one             0   137", "one             0     0"),
             "XMP needs zero's pulse and space and one's space"),
            (XMP.replace("flags XMP", "flags XMP|REVERSE"), "REVERSE on an XMP remote"),
            (RCMM.replace("gap          99817", "gap          700"), "the gap is"),
        )
        capture = os.path.join(self.dir, "c.txt")
        write_capture(capture, [([100], 0)])
        for text, reason in cases:
            path = self.conf(text)
            proc, _ = decode(capture, path)
            self.assertNotEqual(proc.returncode, 0, reason)
            line = proc.stderr.strip().splitlines()[-1]
            self.assertRegex(line, r"remote\.conf:2: remote '[^']+' cannot be decoded: ")
            self.assertIn(reason, line)

    def test_printed_keymap(self):
        """The keymap printed as TOML decodes the same keys, read back."""
        r = parse(RCMM)
        path = self.conf(RCMM)
        proc = subprocess.run([BINARY, "-v", "--test-keymap=" + path], capture_output=True,
                              text=True, timeout=60)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        start = proc.stdout.find("[[protocols]]")
        self.assertGreaterEqual(start, 0, proc.stdout)
        toml = os.path.join(self.dir, "remote.toml")
        with open(toml, "w") as f:
            f.write(proc.stdout[start:])
        capture = os.path.join(self.dir, "c.txt")
        write_capture(capture, [(encode(r, code), 0) for _, code in r["codes"]])
        _, from_conf = decode(capture, path)
        proc, from_toml = decode(capture, toml)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(downs(from_toml), downs(from_conf))
        self.assertEqual(downs(from_conf), [name for name, _ in r["codes"]])


def main():
    global BINARY, PLUGINS
    top_builddir = os.environ.get("top_builddir", ".")
    BINARY = sys.argv[1] if len(sys.argv) > 1 else os.path.join(top_builddir, "keytable",
                                                                  "ir-keytable")
    plugin = sorted(glob.glob("/usr/lib/*/lirc/plugins/file.so"))
    with tempfile.TemporaryDirectory() as plugins:
        if plugin:
            os.symlink(plugin[0], os.path.join(plugins, "file.so"))
        PLUGINS = plugins
        result = unittest.main(argv=[sys.argv[0]], exit=False, verbosity=1).result
    failed = len(result.failures) + len(result.errors)
    print("lircd-symbols: %d passed, %d failed" % (result.testsRun - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
