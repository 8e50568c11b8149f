#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Checks of the NEC encoder and of the captures bundled in tests/data/captures.

The encoder's frames are compared with bit patterns worked out by hand from the NEC
timing; the bundled captures must be exactly what the encoder makes from the
command lines in tests/data/captures/README.md, so that the README's table and the
files cannot drift apart.

Ends with the 'NAME: N passed, N failed' line that tools/test-all counts.
"""

import importlib.util
import os
import subprocess
import sys
import unittest

TOP_SRCDIR = os.environ.get("top_srcdir") or os.path.join(os.path.dirname(__file__), "..")
ENCODER = os.path.join(TOP_SRCDIR, "tests", "nec-encoder.py")
CAPTURES = os.path.join(TOP_SRCDIR, "tests", "data", "captures")
KEYMAP = os.path.join(TOP_SRCDIR, "rc_keymaps", "tanix_tx3mini.toml")
KEYS = ["KEY_HOME", "KEY_DOWN", "KEY_OK", "KEY_VOLUMEUP:3"]


def load_encoder():
    sys.dont_write_bytecode = True
    spec = importlib.util.spec_from_file_location("nec_encoder", ENCODER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_encoder(*args):
    return subprocess.run([sys.executable, "-B", ENCODER, "--keymap", KEYMAP, *args],
                          capture_output=True, text=True)


class Encoder(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.nec = load_encoder()

    def test_frame_of_0x8053(self):
        # Address 0x80, ~0x7f, command 0x53, ~0xac; each byte least significant bit
        # first, worked out by hand.
        bits = "00000001" "11111110" "11001010" "00110101"
        want = [(True, 9000), (False, 4500)]
        for bit in bits:
            want += [(True, 560), (False, 1690 if bit == "1" else 560)]
        want.append((True, 560))
        self.assertEqual(self.nec.nec_frame(0x8053), want)
        self.assertEqual(sum(d for _, d in want), 67980)

    def test_held_key_repeats_every_108_ms(self):
        edges = self.nec.press(0x804e, 2)
        self.assertEqual(edges[67:], [(False, 108000 - 67980), (True, 9000), (False, 2250),
                                      (True, 560), (False, 108000 - 11810), (True, 9000),
                                      (False, 2250), (True, 560)])

    def test_refuses_what_it_cannot_encode(self):
        result = run_encoder("KEY_NOPE")
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("no key KEY_NOPE", result.stderr)
        result = subprocess.run([sys.executable, "-B", ENCODER, "--keymap",
                                 os.path.join(TOP_SRCDIR, "rc_keymaps", "rc6_mce.toml"),
                                 "KEY_OK"], capture_output=True, text=True)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn('no protocol "nec" with variant "nec"', result.stderr)


class BundledCaptures(unittest.TestCase):
    def check_file(self, name, *args):
        result = run_encoder(*args, *KEYS)
        self.assertEqual(result.returncode, 0, result.stderr)
        with open(os.path.join(CAPTURES, name), encoding="utf-8") as f:
            self.assertEqual(f.read(), result.stdout)

    def test_irctl_capture_is_the_encoder_output(self):
        self.check_file("tanix-tx3mini.irctl")

    def test_mode2_capture_is_the_encoder_output(self):
        self.check_file("tanix-tx3mini.mode2", "--format", "mode2")

    def test_readme_table_is_the_encoder_output(self):
        result = run_encoder("--describe", *KEYS)
        self.assertEqual(result.returncode, 0, result.stderr)
        with open(os.path.join(CAPTURES, "README.md"), encoding="utf-8") as f:
            self.assertIn(result.stdout, f.read())


def main():
    suite = unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__])
    result = unittest.TextTestRunner(verbosity=2, stream=sys.stdout).run(suite)
    checks = result.testsRun
    failures = len(result.failures)
    errors = len(result.errors)
    # The closing line tools/test-all counts.
    print("captures: %d passed, %d failed" % (checks - failures - errors, failures + errors))
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
