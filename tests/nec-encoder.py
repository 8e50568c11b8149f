#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Make an IR capture of NEC key presses, from the protocol's published timing.

This encoder shares nothing with irkit's decoders: it is written from the NEC
timing as published (a 9 ms leader pulse and 4.5 ms space; 32 bits, least
significant bit first: address, inverted address, command, inverted command; a bit
is a 560 µs pulse then a 560 µs space for 0 or 1690 µs for 1; a final 560 µs pulse;
a key held down sends the repeat code, 9 ms pulse, 2.25 ms space, 560 µs pulse;
a frame or repeat code starts every 108 ms).

The kernel's NEC scancode of such a frame is address << 8 | command, so each key's
scancode is looked up in a keymap of protocol "nec", variant "nec".

Usage:
  nec-encoder.py --keymap KEYMAP.toml [--format irctl|mode2] KEY[:REPEATS]...
  nec-encoder.py --keymap KEYMAP.toml --describe KEY[:REPEATS]...

irctl writes what ir-ctl --receive prints (one line of +pulse -space per key press,
ended by "# timeout N"); mode2 writes pulse/space/timeout lines. --describe writes
the Markdown table of the keys for the captures' README.
"""

import argparse
import sys
import tomllib

LEADER_PULSE_US = 9000
LEADER_SPACE_US = 4500
REPEAT_SPACE_US = 2250
BIT_PULSE_US = 560
ZERO_SPACE_US = 560
ONE_SPACE_US = 1690
FRAME_PERIOD_US = 108000
# The receiver's default timeout (what the kernel reports after the last edge).
TIMEOUT_US = 125000


def frame_bytes(scancode):
    address, command = scancode >> 8, scancode & 0xff
    return [address, address ^ 0xff, command, command ^ 0xff]


def nec_frame(scancode):
    """[(is_pulse, µs)] of one full frame, ending with its final pulse."""
    edges = [(True, LEADER_PULSE_US), (False, LEADER_SPACE_US)]
    for byte in frame_bytes(scancode):
        for bit in range(8):			# least significant bit first
            one = (byte >> bit) & 1
            edges.append((True, BIT_PULSE_US))
            edges.append((False, ONE_SPACE_US if one else ZERO_SPACE_US))
    edges.append((True, BIT_PULSE_US))
    return edges


def nec_repeat():
    return [(True, LEADER_PULSE_US), (False, REPEAT_SPACE_US), (True, BIT_PULSE_US)]


def press(scancode, repeats):
    """One key press: the frame, then a repeat code every 108 ms for each repeat."""
    edges = nec_frame(scancode)
    sent = sum(duration for _, duration in edges)
    for _ in range(repeats):
        # The space lasts until the next 108 ms slot begins.
        edges.append((False, FRAME_PERIOD_US - sent))
        repeat = nec_repeat()
        edges.extend(repeat)
        sent = sum(duration for _, duration in repeat)
    return edges


def write_irctl(presses, out):
    for edges in presses:
        out.write(" ".join(("+%d" if pulse else "-%d") % duration for pulse, duration in edges))
        out.write(" # timeout %d\n" % TIMEOUT_US)


def write_mode2(presses, out):
    for edges in presses:
        for pulse, duration in edges:
            out.write("%s %d\n" % ("pulse" if pulse else "space", duration))
        out.write("timeout %d\n" % TIMEOUT_US)


def load_nec_keymap(path):
    with open(path, "rb") as f:
        doc = tomllib.load(f)
    for proto in doc.get("protocols", []):
        if proto.get("protocol") == "nec" and proto.get("variant") == "nec":
            return proto["name"], {v: int(k, 0) for k, v in proto["scancodes"].items()}
    raise SystemExit("%s: no protocol \"nec\" with variant \"nec\"" % path)


def parse_keys(names, scancodes, keymap):
    keys = []
    for arg in names:
        name, _, repeats = arg.partition(":")
        if name not in scancodes:
            raise SystemExit("%s: no key %s" % (keymap, name))
        scancode = scancodes[name]
        if scancode > 0xffff:
            raise SystemExit("%s: %s is 0x%x, not a 16-bit NEC scancode" % (keymap, name,
                                                                             scancode))
        keys.append((name, scancode, int(repeats) if repeats else 0))
    return keys


def describe(keys, out):
    out.write("| key | scancode | address | command | bytes sent (LSB first) | repeats |\n")
    out.write("|-----|----------|---------|---------|------------------------|---------|\n")
    for name, scancode, repeats in keys:
        sent = " ".join("0x%02x" % b for b in frame_bytes(scancode))
        out.write("| %s | 0x%04x | 0x%02x | 0x%02x | %s | %d |\n" % (
            name, scancode, scancode >> 8, scancode & 0xff, sent, repeats))


def main(argv):
    parser = argparse.ArgumentParser(description="NEC IR capture from key names.")
    parser.add_argument("--keymap", required=True)
    parser.add_argument("--format", choices=("irctl", "mode2"), default="irctl")
    parser.add_argument("--describe", action="store_true")
    parser.add_argument("keys", nargs="+", metavar="KEY[:REPEATS]")
    args = parser.parse_args(argv)

    name, scancodes = load_nec_keymap(args.keymap)
    keys = parse_keys(args.keys, scancodes, args.keymap)
    if args.describe:
        describe(keys, sys.stdout)
        return 0
    out = sys.stdout
    out.write("# SPDX-License-Identifier: GPL-2.0-or-later\n")
    out.write("# Made by tests/nec-encoder.py --format %s for keymap %s: %s\n"
              % (args.format, name, " ".join(args.keys)))
    presses = [press(scancode, repeats) for _, scancode, repeats in keys]
    (write_irctl if args.format == "irctl" else write_mode2)(presses, out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
