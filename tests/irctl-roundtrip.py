#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""ir-ctl -k KEYMAP -K KEY through ir-keytable --decode, for the generic decoders.

Every parameter set of a generic decoder in the shipped keymaps (rc_keymaps/, read with
Python's tomllib), and sets written here for the decoders no shipped keymap uses
(pulse_length, manchester, rc_mm_generic, raw, a pulse_distance with a repeat frame),
gets a keymap of random scancodes (fixed seed) that fit its decoder, each mapped to a
key; all its keys are sent in one run of `ir-ctl --dry-run`, the train decoded by
`ir-keytable --decode=- -w KEYMAP`, and the scancodes reported must be those sent, in
order. --repeat: a decoder's repeat frame comes back as repeats. The BPF decoders, run
by the VM, are the independent side: the encoders were written from their
descriptions, and share no code with them.

Ends with the 'NAME: N passed, N failed' line that tools/test-all counts.
"""

import os
import random
import re
import subprocess
import sys
import tempfile
import unittest

try:
    import tomllib
except ImportError:		# Python < 3.11
    print("irctl-roundtrip: tomllib (Python 3.11) is needed; skipped")
    sys.exit(77)

SRCDIR = os.environ.get("top_srcdir", os.path.join(os.path.dirname(__file__), ".."))
BUILDDIR = os.environ.get("top_builddir", ".")
IRCTL = os.path.join(BUILDDIR, "irctl", "ir-ctl")
KEYTABLE = os.path.join(BUILDDIR, "keytable", "ir-keytable")
SEED = 31
PER_SET = 12
KEYS = ["KEY_%s" % c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"]
LIRC_LINE = re.compile(r"^[0-9.]+: lirc protocol\([^)]*\): scancode = (0x[0-9a-f]+)( repeat)?")

GENERIC = {"pulse_distance", "pulse_length", "manchester", "rc_mm_generic", "xbox_dvd",
           "xbox", "xbox-dvd", "samsung36", "grundig"}

# Kernel protocols of the shipped keymaps that ir-ctl encodes.
KERNEL = {"nec", "rc5", "rc5_sz", "rc6", "sony", "jvc", "sanyo", "sharp", "rc_mm"}

# Why the kernel's decoders never report a scancode (ir_encode.h's refusals).
NEVER_REPORTED = re.compile(r"do not fit|is plain nec|is nec or necx|is rc6_mce")

# The decoders' defaults (bpf_protocols/README.md), for what a set leaves out.
DEFAULTS = {
    "pulse_distance": {"bits": 4},
    "pulse_length": {"bits": 4},
    "manchester": {"bits": 14, "toggle_bit": 100, "scancode_mask": 0, "header_pulse": 0},
    "rc_mm_generic": {"bits": 8},
    "xbox_dvd": {"bits": 24},
}

# Sets of parameters for what no shipped keymap uses.
OWN_SETS = [
    ("sony-like", "pulse_length",
     {"header_pulse": 2400, "header_space": 600, "bit_space": 600, "bit_0_pulse": 600,
      "bit_1_pulse": 1200, "bits": 12, "reverse": 1}),
    ("pulse_length-trailer", "pulse_length",
     {"header_pulse": 3000, "header_space": 1000, "bit_space": 500, "bit_0_pulse": 500,
      "bit_1_pulse": 1500, "trailer_pulse": 2500, "bits": 20, "reverse": 0}),
    ("pulse_length-defaults", "pulse_length", {}),
    ("nec-like", "pulse_distance",
     {"header_pulse": 9000, "header_space": 4500, "repeat_pulse": 9000,
      "repeat_space": 2250, "bit_pulse": 560, "bit_0_space": 560, "bit_1_space": 1690,
      "trailer_pulse": 560, "bits": 32, "reverse": 1}),
    ("pulse_distance-48", "pulse_distance",
     {"header_pulse": 3000, "header_space": 3000, "bit_pulse": 500, "bit_0_space": 500,
      "bit_1_space": 1500, "trailer_pulse": 500, "bits": 48}),
    ("pulse_distance-defaults", "pulse_distance", {}),
    ("rc5-like", "manchester",
     {"zero_pulse": 889, "zero_space": 889, "one_pulse": 889, "one_space": 889,
      "bits": 14, "toggle_bit": 11, "scancode_mask": 0x2000}),
    ("manchester-header", "manchester",
     {"header_pulse": 2600, "header_space": 900, "zero_pulse": 450, "zero_space": 450,
      "one_pulse": 450, "one_space": 450, "bits": 21}),
    ("manchester-defaults", "manchester", {}),
    ("rc_mm_generic-defaults", "rc_mm_generic", {}),
    ("rc_mm_generic-24", "rc_mm_generic", {"bits": 24}),
    ("xbox_dvd-32", "xbox_dvd", {"bits": 32}),
]


def shipped_sets():
    """(name, protocol, parameters) of every generic entry of rc_keymaps/."""
    sets = []
    folder = os.path.join(SRCDIR, "rc_keymaps")
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".toml"):
            continue
        with open(os.path.join(folder, name), "rb") as f:
            keymap = tomllib.load(f)
        for i, entry in enumerate(keymap.get("protocols", [])):
            if entry["protocol"] not in GENERIC:
                continue
            params = {k: v for k, v in entry.items()
                      if isinstance(v, int) and not isinstance(v, bool)}
            sets.append(("%s#%d" % (name, i), entry["protocol"], params))
    return sets


def scancode_width(protocol, params):
    p = dict(DEFAULTS.get(protocol, {}))
    p.update(params)
    if protocol in ("pulse_distance", "pulse_length", "manchester"):
        return p["bits"]
    if protocol == "rc_mm_generic":
        return 2 * ((p["bits"] + 1) // 2)
    if protocol in ("xbox_dvd", "xbox", "xbox-dvd"):
        return p["bits"] // 2
    if protocol == "samsung36":
        return 36
    if protocol == "grundig":
        return 16
    raise ValueError(protocol)


def random_scancode(rng, protocol, params):
    """A scancode the decoder can report with these parameters."""
    width = scancode_width(protocol, params)
    code = rng.getrandbits(width)
    if protocol == "manchester":
        p = dict(DEFAULTS["manchester"])
        p.update(params)
        cleared = p["scancode_mask"]
        if p["toggle_bit"] < 64:
            cleared |= 1 << p["toggle_bit"]
        code &= ~cleared
        top = 1 << (width - 1)
        if not p["header_pulse"] and not cleared & top:
            code |= top
    return code


def write_keymap(path, protocol, params, scancodes):
    with open(path, "w") as f:
        f.write('[[protocols]]\nname = "roundtrip"\nprotocol = "%s"\n' % protocol)
        for k, v in sorted(params.items()):
            f.write("%s = %d\n" % (k, v))
        f.write("[protocols.scancodes]\n")
        for code, key in zip(scancodes, KEYS):
            f.write('0x%x = "%s"\n' % (code, key))


def send_and_decode(keymap, keys, repeat=0):
    args = [IRCTL, "--dry-run", "-k", keymap]
    for key in keys:
        args += ["-K", key]
    if repeat:
        args.append("--repeat=%d" % repeat)
    sent = subprocess.run(args, capture_output=True, text=True)
    if sent.returncode != 0:
        raise AssertionError("ir-ctl: %s" % sent.stderr.strip())
    decoded = subprocess.run([KEYTABLE, "--decode=-", "-w", keymap], input=sent.stdout,
                             capture_output=True, text=True)
    if decoded.returncode != 0:
        raise AssertionError("ir-keytable: %s" % decoded.stderr.strip())
    lines = []
    for line in decoded.stdout.splitlines():
        m = LIRC_LINE.match(line)
        if m:
            lines.append((int(m.group(1), 16), bool(m.group(2))))
    return lines


class RoundTrip(unittest.TestCase):
    counted = {"sets": 0, "shipped": 0, "scancodes": 0, "kernel": 0, "refused": 0}

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="irctl-roundtrip.")

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()
        c = cls.counted
        print("irctl-roundtrip: %d parameter sets (%d from rc_keymaps), %d scancodes "
              "sent and decoded back; %d keymaps of kernel protocols (%d keys the "
              "kernel never reports refused)"
              % (c["sets"], c["shipped"], c["scancodes"], c["kernel"], c["refused"]))

    def round_trip(self, label, protocol, params, shipped):
        rng = random.Random("%d:%s" % (SEED, label))
        codes = []
        while len(codes) < PER_SET:
            code = random_scancode(rng, protocol, params)
            if code not in codes:
                codes.append(code)
        path = os.path.join(self.tmp.name, re.sub(r"[^\w.-]", "_", label) + ".toml")
        write_keymap(path, protocol, params, codes)
        got = send_and_decode(path, KEYS[:PER_SET])
        self.assertEqual([c for c, _ in got], codes, label)
        self.assertFalse(any(r for _, r in got), label)
        self.counted["sets"] += 1
        self.counted["shipped"] += shipped
        self.counted["scancodes"] += len(codes)

    def test_shipped_keymaps(self):
        sets = shipped_sets()
        # dish_network, samsung_ak59_00125a (twice), grundig_rp75_lcd, xbox_dvd
        self.assertGreaterEqual(len(sets), 5)
        for label, protocol, params in sets:
            with self.subTest(label):
                self.round_trip(label, protocol, params, 1)

    def test_own_sets(self):
        for label, protocol, params in OWN_SETS:
            with self.subTest(label):
                self.round_trip(label, protocol, params, 0)

    def test_kernel_keymaps(self):
        """Every shipped keymap of one kernel protocol: its keys (a key's first
        scancode) sent in the protocol the kernel reports them in, decoded by the BPF
        ports."""
        folder = os.path.join(SRCDIR, "rc_keymaps")
        sent = 0
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".toml"):
                continue
            with open(os.path.join(folder, name), "rb") as f:
                entries = tomllib.load(f).get("protocols", [])
            if len(entries) != 1 or entries[0]["protocol"] not in KERNEL:
                continue
            first = {}
            for code, key in entries[0].get("scancodes", {}).items():
                first.setdefault(key, int(code, 0))
            keys = sorted(first)[:PER_SET]
            path = os.path.join(folder, name)
            with self.subTest(name):
                keys = [k for k in keys if self.kernel_reports(path, k, first[k])]
                if not keys:
                    continue
                got = send_and_decode(path, keys)
                self.assertEqual([c for c, _ in got], [first[k] for k in keys], name)
                sent += 1
        self.assertGreaterEqual(sent, 70)
        self.counted["kernel"] = sent

    def kernel_reports(self, path, key, code):
        """Whether ir-ctl sends key; a scancode the kernel never reports (tables of
        drivers that decode in hardware, entries of another variant) it refuses, and
        says why."""
        run = subprocess.run([IRCTL, "--dry-run", "-k", path, "-K", key],
                             capture_output=True, text=True)
        if run.returncode == 0:
            return True
        self.assertRegex(run.stderr, NEVER_REPORTED, "%s %s" % (path, key))
        self.counted["refused"] += 1
        return False

    def test_repeat_frame(self):
        """nec-like has a repeat frame: two repeats come back as two repeats."""
        label, protocol, params = OWN_SETS[3]
        path = os.path.join(self.tmp.name, "repeat.toml")
        write_keymap(path, protocol, params, [0x12345678])
        self.assertEqual(send_and_decode(path, ["KEY_A"], repeat=2),
                         [(0x12345678, False), (0x12345678, True), (0x12345678, True)])

    def test_frame_again(self):
        """samsung36 has none: the frame again, reported as the same scancode."""
        path = os.path.join(self.tmp.name, "again.toml")
        write_keymap(path, "samsung36", {}, [0x400e00ff])
        got = send_and_decode(path, ["KEY_A"], repeat=2)
        self.assertEqual([c for c, _ in got], [0x400e00ff] * 3)

    def test_raw(self):
        """A raw pattern, sent as written, is matched by the raw decoder."""
        rng = random.Random(SEED)
        path = os.path.join(self.tmp.name, "raw.toml")
        with open(path, "w") as f:
            f.write('[[protocols]]\nname = "raw"\nprotocol = "raw"\n')
            for key in KEYS[:PER_SET]:
                durations = [rng.randrange(300, 3000) for _ in range(2 * rng.randrange(3, 20) + 1)]
                f.write('[[protocols.raw]]\nkeycode = "%s"\nraw = "%s"\n' % (
                    key, " ".join(("+%d" if i % 2 == 0 else "-%d") % d
                                  for i, d in enumerate(durations))))
        decoded = subprocess.run(
            [KEYTABLE, "--decode=-", "-w", path],
            input=subprocess.run([IRCTL, "--dry-run", "-k", path] +
                                 [a for k in KEYS[:PER_SET] for a in ("-K", k)],
                                 capture_output=True, text=True, check=True).stdout,
            capture_output=True, text=True, check=True)
        keys = re.findall(r"key_down: (KEY_\w+)", decoded.stdout)
        self.assertEqual(keys, KEYS[:PER_SET])


def main():
    suite = unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__])
    result = unittest.TextTestRunner(verbosity=2, stream=sys.stdout).run(suite)
    checks = result.testsRun
    failures = len(result.failures)
    errors = len(result.errors)
    print("irctl-roundtrip: %d passed, %d failed"
          % (checks - failures - errors, failures + errors))
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
