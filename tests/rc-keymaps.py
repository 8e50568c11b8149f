#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Checks of the shipped keymaps (rc_keymaps/) and of their generator.

Every shipped keymap is read with Python's tomllib (an implementation independent of
ours) and checked against rc_keymap(5); keymaps.am must list exactly the generated
keymaps and extra.am exactly the hand-kept ones, and rc_maps.cfg must name a file for
every kernel keymap. Hand-kept keymaps must say where their facts come from, give
every parameter of their BPF decoders, and hold only scancodes their protocol can
carry. The generator is run on the hand-written kernel stand-in in
tests/data/keymap-gen/linux, whose expected output was written by hand, and on broken
inputs that must stop it with FILE:LINE: reason.

Ends with the 'NAME: N passed, N failed' line that tools/test-all counts.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

try:
    import tomllib
except ImportError:		# Python < 3.11
    print("rc-keymaps: tomllib (Python 3.11) is needed; skipped")
    sys.exit(77)

TOP_SRCDIR = os.environ.get("top_srcdir") or os.path.join(os.path.dirname(__file__), "..")
KEYMAPS = os.path.join(TOP_SRCDIR, "rc_keymaps")
GENERATOR = os.path.join(KEYMAPS, "gen-keymaps.py")
FIXTURES = os.path.join(TOP_SRCDIR, "tests", "data", "keymap-gen")

# rc_keymap(5)'s protocol names in the spelling the generator writes, with the
# variants each one has (rc-main.c's protocol groups and their members).
VARIANTS = {
    "unknown": {None}, "other": {None}, "cec": {None}, "imon": {None},
    "jvc": {None}, "sanyo": {None}, "sharp": {None}, "xmp": {None},
    "xbox_dvd": {None}, "rc5_sz": {None},
    "nec": {"nec", "necx", "nec32"},
    "rc5": {"rc5", "rc5x_20"},
    "rc6": {"rc6_0", "rc6_6a_20", "rc6_6a_24", "rc6_6a_32", "rc6_mce"},
    "sony": {"sony12", "sony15", "sony20"},
    "mce_kbd": {"mcir2_kbd", "mcir2_mse"},
    "rc_mm": {"rc_mm12", "rc_mm24", "rc_mm32"},
}


# The BPF decoders' parameters, as rc_keymap(5) names them (timings in microseconds).
# A hand-kept keymap that uses one of these decoders gives every parameter, so that it
# reads the same whatever a decoder's defaults are; a kernel protocol takes none.
BPF_PARAMETERS = {
    "pulse_distance": {"margin", "header_pulse", "header_space", "repeat_pulse",
                       "repeat_space", "bit_pulse", "bit_0_space", "bit_1_space",
                       "trailer_pulse", "bits", "reverse", "header_optional"},
    "pulse_length": {"margin", "header_pulse", "header_space", "repeat_pulse",
                     "repeat_space", "bit_space", "bit_0_pulse", "bit_1_pulse",
                     "trailer_pulse", "bits", "reverse", "header_optional"},
    "manchester": {"margin", "header_pulse", "header_space", "zero_pulse", "zero_space",
                   "one_pulse", "one_space", "bits", "scancode_mask", "toggle_bit"},
    "grundig": {"margin", "header_pulse", "header_space", "leader_pulse"},
    "imon_rsc": {"margin"},
    "samsung36": {"margin"},
}

# Protocols whose decoder reports keys or pointer moves by itself, and protocol "none"
# (empty.toml: no remote, every kernel protocol off): no scancodes.
NO_SCANCODES = {"imon_rsc", "mce_kbd", "none"}

HAND_KEPT_HEAD = "# Hand-kept keymap (rc_keymaps/extra.am), not generated from the kernel"


def scancode_limit(proto):
    """One more than the largest scancode a frame of this protocol can carry, or None.

    From the protocols' frames (rc-protos.rst of the kernel documentation for the
    kernel protocols): NEC has an 8-bit address and command, NEC-X a 16-bit address,
    NEC-32 32 bits; RC-5 a 5-bit system and a 7-bit command (0x1f7f); RC-6 MCE 32 bits;
    the generic decoders as many bits as they are told, samsung36 36 and grundig 16.
    """
    name = proto.get("variant") or proto["protocol"]
    fixed = {"nec": 0x10000, "necx": 0x1000000, "nec32": 1 << 32, "rc6_mce": 1 << 32,
             "samsung36": 1 << 36, "grundig": 1 << 16}
    if name in fixed:
        return fixed[name]
    if name == "rc5":
        return None		# checked bit by bit in check_scancode_fits
    if name in ("pulse_distance", "pulse_length", "manchester"):
        return 1 << proto["bits"]
    return None


def input_event_names():
    """KEY_* and BTN_* names of the installed linux/input-event-codes.h, or None."""
    for path in (os.environ.get("INPUT_EVENT_CODES_H"),
                 "/usr/include/linux/input-event-codes.h"):
        if path and os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                return set(re.findall(r"^#define\s+((?:KEY|BTN)_\w+)\s", f.read(), re.M))
    return None


def shipped_keymaps():
    return sorted(n for n in os.listdir(KEYMAPS) if n.endswith(".toml"))


def automake_list(name):
    """The keymap files an automake list of rc_keymaps/ (keymaps.am, extra.am) names."""
    with open(os.path.join(KEYMAPS, name), encoding="utf-8") as f:
        return re.findall(r"^dist_keymap_DATA \+= rc_keymaps/(\S+)$", f.read(), re.M)


def hand_kept_keymaps():
    return automake_list("extra.am")


def header_of(name):
    with open(os.path.join(KEYMAPS, name), encoding="utf-8") as f:
        return f.read(1000)


def is_alias(name):
    """A kernel keymap written again under the name v4l-utils gives it."""
    return "# The name v4l-utils gives this keymap (RC_MAP_" in header_of(name)


def is_driver_table(name):
    """A dvb-usb driver's built-in table: no kernel keymap name, no rc_maps.cfg line."""
    return re.search(r"^# drivers/media/usb/dvb-usb[^ ]*\.c \(driver table ", header_of(name),
                     re.M) is not None


def read_rc_maps(path):
    """The (driver, table, file) lines of an rc_maps.cfg."""
    entries = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = line.split()
            if len(fields) != 3:
                raise AssertionError("%s:%d: expected 3 fields, got %r" % (path, number, line))
            entries.append(tuple(fields))
    return entries


class ShippedKeymaps(unittest.TestCase):
    """Every keymap of rc_keymaps/ against rc_keymap(5)."""

    @classmethod
    def setUpClass(cls):
        cls.names = shipped_keymaps()
        cls.hand_kept = set(hand_kept_keymaps())
        cls.keycodes = input_event_names()

    def test_there_are_keymaps(self):
        # drivers/media/rc/keymaps of linux 6.12 has 138 files, one keymap each (6.1's
        # 135 made 134 generated files, issue 2); with the hand-kept ones, 160 files.
        self.assertGreaterEqual(len(self.names), 160)
        self.assertGreaterEqual(len(self.names) - len(self.hand_kept), 150)

    def test_each_keymap_is_valid(self):
        for name in self.names:
            with self.subTest(keymap=name):
                path = os.path.join(KEYMAPS, name)
                with open(path, "rb") as f:
                    data = f.read()
                doc = tomllib.loads(data.decode("utf-8"))
                self.assertEqual(set(doc), {"protocols"})
                protocols = doc["protocols"]
                self.assertIsInstance(protocols, list)
                self.assertGreaterEqual(len(protocols), 1)
                for proto in protocols:
                    self.check_protocol(name, proto)

    def check_protocol(self, name, proto):
        self.assertEqual(proto.get("name"), name[:-len(".toml")])
        protocol = proto.get("protocol")
        if name in self.hand_kept:
            self.check_hand_kept_protocol(proto)
        else:
            self.assertIn(protocol, VARIANTS)
            self.assertIn(proto.get("variant"), VARIANTS[protocol])
        scancodes = proto.get("scancodes")
        if scancodes is None and name in self.hand_kept and protocol in NO_SCANCODES:
            return
        self.assertIsInstance(scancodes, dict)
        self.assertGreater(len(scancodes), 0)
        values = set()
        for key, keycode in scancodes.items():
            self.assertRegex(key, r"^0x[0-9a-f]+$")
            value = int(key, 16)
            self.assertLess(value, 1 << 64)
            self.assertNotIn(value, values, "scancode %s twice" % key)
            values.add(value)
            self.assertRegex(keycode, r"^(KEY|BTN)_[A-Z0-9_]+$")
            self.assertNotEqual(keycode, "KEY_RESERVED")
            if self.keycodes is not None:
                self.assertIn(keycode, self.keycodes)

    def check_hand_kept_protocol(self, proto):
        """Protocol, variant and parameters of a protocol of a hand-kept keymap."""
        protocol = proto.get("protocol")
        params = {k for k, v in proto.items() if isinstance(v, int) and
                  not isinstance(v, bool)}
        if protocol == "none":
            self.assertEqual(set(proto), {"name", "protocol"})
        elif protocol in BPF_PARAMETERS:
            self.assertNotIn("variant", proto)
            self.assertEqual(params, BPF_PARAMETERS[protocol])
            for key in params:
                self.assertGreaterEqual(proto[key], 0, key)
        else:
            # A kernel protocol: its group, and the group member or none (all members).
            self.assertIn(protocol, VARIANTS)
            self.assertIn(proto.get("variant"), VARIANTS[protocol] | {None})
            self.assertEqual(params, set())
        self.assertLessEqual(set(proto) - params, {"name", "protocol", "variant", "scancodes"})
        for key, keycode in proto.get("scancodes", {}).items():
            self.check_scancode_fits(proto, int(key, 16), key)

    def check_scancode_fits(self, proto, value, key):
        limit = scancode_limit(proto)
        if limit is not None:
            self.assertLess(value, limit, "%s does not fit the protocol" % key)
        if (proto.get("variant") or proto["protocol"]) == "rc5":
            self.assertEqual(value & ~0x1f7f, 0, "%s is no RC-5 system and command" % key)

    def test_hand_kept_pulse_distance_bits_can_be_told_apart(self):
        # The two spaces of a bit must not both match within the margin, or a 0 and a 1
        # read alike; nor may the header space pass for a bit space.
        seen = 0
        for name in sorted(self.hand_kept):
            with open(os.path.join(KEYMAPS, name), "rb") as f:
                protocols = tomllib.load(f)["protocols"]
            for proto in protocols:
                if proto["protocol"] != "pulse_distance":
                    continue
                seen += 1
                with self.subTest(keymap=name):
                    margin = proto["margin"]
                    spaces = (proto["bit_0_space"], proto["bit_1_space"])
                    self.assertGreater(abs(spaces[0] - spaces[1]), 2 * margin)
                    for space in spaces:
                        self.assertGreater(abs(proto["header_space"] - space), 2 * margin)
                    self.assertLessEqual(proto["bits"], 64)
        self.assertGreaterEqual(seen, 2)

    def test_each_keymap_says_where_it_came_from(self):
        for name in self.names:
            if name in self.hand_kept:
                continue
            with self.subTest(keymap=name):
                with open(os.path.join(KEYMAPS, name), encoding="utf-8") as f:
                    head = f.read(600).split("\n")
                self.assertRegex(head[0], r"^# SPDX-License-Identifier: GPL-2\.0-(only|or-later)$")
                self.assertRegex(head[1], r"^# Generated by rc_keymaps/gen-keymaps\.py "
                                 r"from linux \d+\.\d+")
                m = re.match(r'^# drivers/media/usb/dvb-usb/[a-zA-Z0-9_-]+\.c \(driver table '
                             r'rc_map_([a-z0-9_]+)_table, RC_PROTO_UNKNOWN\)\.$', head[2])
                if m:
                    self.assertEqual(m.group(1) + ".toml", name)
                    continue
                m = re.match(r'^# drivers/media/rc/keymaps/(rc-[a-z0-9-]+)\.c \(kernel keymap '
                             r'"(rc-[a-z0-9-]+)", (RC_PROTO_[A-Z0-9_]+)\)\.$', head[2])
                self.assertIsNotNone(m, head[2])
                alias = re.match(r"^# The name v4l-utils gives this keymap \(RC_MAP_([A-Z0-9_]+)\); "
                                 r"the generator also writes it as ([a-z0-9_]+\.toml)\.$", head[4])
                if alias:
                    self.assertEqual(alias.group(1).lower() + ".toml", name)
                    self.assertEqual(m.group(2)[3:].replace("-", "_") + ".toml", alias.group(2))
                else:
                    self.assertEqual(m.group(2)[3:].replace("-", "_") + ".toml", name)

    def test_each_hand_kept_keymap_says_where_it_came_from(self):
        self.assertGreaterEqual(len(self.hand_kept), 7)
        for name in sorted(self.hand_kept):
            with self.subTest(keymap=name):
                with open(os.path.join(KEYMAPS, name), encoding="utf-8") as f:
                    text = f.read()
                head = text[:text.index("[[protocols]]")].split("\n")
                # Files we write ourselves: our license; never the generator's mark,
                # which would let the generator delete them.
                self.assertEqual(head[0], "# SPDX-License-Identifier: GPL-2.0-or-later")
                self.assertTrue(head[1].startswith(HAND_KEPT_HEAD), head[1])
                self.assertNotIn("# Generated by", text)
                self.assertTrue(any(line.startswith("# Remote: ") for line in head))
                self.assertTrue(any(line.startswith("# Source: ") for line in head))
                self.assertTrue(all(line.startswith("#") for line in head if line))

    def test_hand_kept_keymaps_use_the_bpf_decoders(self):
        # The remotes v4l-utils ships keymaps for that need a BPF decoder.
        used = set()
        for name in self.hand_kept:
            with open(os.path.join(KEYMAPS, name), "rb") as f:
                used.update(p["protocol"] for p in tomllib.load(f)["protocols"])
        self.assertLessEqual({"pulse_distance", "samsung36", "imon_rsc", "grundig"}, used)

    def test_a_known_hand_kept_keymap_has_its_known_content(self):
        # Dish Network (DecodeIR's Dish_Network: 400 us unit, lead-in 1,-15; a 1 is
        # 1,-4 and a 0 1,-7; 16 bits): the header space is about 15 units, a 1 bit's
        # space about 4 and a 0 bit's about 7, and the repeats have no header.
        with open(os.path.join(KEYMAPS, "dish_network.toml"), "rb") as f:
            proto = tomllib.load(f)["protocols"][0]
        self.assertEqual(proto["protocol"], "pulse_distance")
        self.assertEqual(proto["bits"], 16)
        self.assertEqual(proto["header_optional"], 1)
        self.assertEqual(proto["reverse"], 0)
        self.assertAlmostEqual(proto["header_space"] / 400, 15, delta=0.2)
        self.assertAlmostEqual(proto["bit_1_space"] / 400, 4, delta=0.2)
        self.assertAlmostEqual(proto["bit_0_space"] / 400, 7, delta=0.2)
        self.assertEqual(proto["scancodes"]["0x0800"], "KEY_POWER")
        self.assertEqual(len(proto["scancodes"]), 49)

    def test_imon_rsc_keeps_the_kernel_table_and_adds_the_stick(self):
        # rc-imon-rsc.c: NEC-X, address 0x80 0x10, 43 entries of which one (0x80101e)
        # is KEY_RESERVED; the stick needs the imon_rsc decoder and no scancodes.
        with open(os.path.join(KEYMAPS, "imon_rsc.toml"), "rb") as f:
            protocols = tomllib.load(f)["protocols"]
        self.assertEqual([(p["protocol"], p.get("variant")) for p in protocols],
                         [("nec", "necx"), ("imon_rsc", None)])
        self.assertEqual(len(protocols[0]["scancodes"]), 42)
        self.assertNotIn("0x80101e", protocols[0]["scancodes"])
        self.assertEqual(protocols[0]["scancodes"]["0x80102f"], "KEY_POWER")
        self.assertNotIn("scancodes", protocols[1])

    def test_a_known_keymap_has_its_known_content(self):
        # Worked out from the kernel's rc-tanix-tx3mini.c by hand: NEC, address 0x80.
        with open(os.path.join(KEYMAPS, "tanix_tx3mini.toml"), "rb") as f:
            proto = tomllib.load(f)["protocols"][0]
        self.assertEqual((proto["protocol"], proto["variant"]), ("nec", "nec"))
        self.assertEqual(len(proto["scancodes"]), 31)
        self.assertEqual(proto["scancodes"]["0x8051"], "KEY_POWER")
        self.assertEqual(proto["scancodes"]["0x8044"], "KEY_DELETE")

    def test_v4l_utils_names_repeat_their_keymap(self):
        # rc-map.h: RC_MAP_TWINHAN_VP1027_DVBS is "rc-twinhan1027", RC_MAP_KII_PRO is
        # "rc-videostrong-kii-pro"; Debian's rc_maps.cfg names twinhan_vp1027_dvbs.toml
        # and kii_pro.toml for them.
        for alias, original in (("twinhan_vp1027_dvbs.toml", "twinhan1027.toml"),
                                ("kii_pro.toml", "videostrong_kii_pro.toml")):
            with self.subTest(keymap=alias):
                self.assertTrue(is_alias(alias))
                with open(os.path.join(KEYMAPS, alias), "rb") as f:
                    copy = tomllib.load(f)["protocols"]
                with open(os.path.join(KEYMAPS, original), "rb") as f:
                    kernel = tomllib.load(f)["protocols"]
                self.assertEqual(copy[0]["name"] + ".toml", alias)
                del copy[0]["name"], kernel[0]["name"]
                self.assertEqual(copy, kernel)

    def test_a_driver_table_keeps_the_first_of_a_scancode_listed_twice(self):
        # m920x.c's rc_map_pinnacle310e_table lists 0x08 (KEY_SUBTITLE, then KEY_VIDEO)
        # and 0x0e (KEY_MUTE, then KEY_MENU); m920x_rc_query stops at the first match.
        # 51 entries, 49 scancodes.
        with open(os.path.join(KEYMAPS, "pinnacle310e.toml"), "rb") as f:
            proto = tomllib.load(f)["protocols"][0]
        self.assertTrue(is_driver_table("pinnacle310e.toml"))
        self.assertEqual(proto["protocol"], "unknown")
        self.assertEqual(proto["scancodes"]["0x08"], "KEY_SUBTITLE")
        self.assertEqual(proto["scancodes"]["0x0e"], "KEY_MUTE")
        self.assertEqual(len(proto["scancodes"]), 49)

    def test_keycode_first_table_is_turned_around(self):
        # rc-xbox-360.c writes { KEY_EJECTCD, 0x800f7428 }: the scancode is the number.
        with open(os.path.join(KEYMAPS, "xbox_360.toml"), "rb") as f:
            proto = tomllib.load(f)["protocols"][0]
        self.assertEqual(proto["scancodes"]["0x800f7428"], "KEY_EJECTCD")
        self.assertEqual((proto["protocol"], proto["variant"]), ("rc6", "rc6_mce"))


class RcMaps(unittest.TestCase):
    """rc_maps.cfg names every kernel keymap's file; keymaps.am and extra.am list
    exactly the shipped keymaps between them."""

    def test_rc_maps_lists_every_keymap_once(self):
        entries = read_rc_maps(os.path.join(KEYMAPS, "rc_maps.cfg"))
        files = [e[2] for e in entries]
        tables = [e[1] for e in entries]
        # Every generated keymap, and the hand-kept ones that replace a kernel keymap;
        # the other hand-kept remotes have no kernel keymap name to match.
        replacing = [n for n in hand_kept_keymaps() if self.replaces_kernel_keymap(n)]
        # Not the aliases (their kernel keymap has its line) nor the drivers' tables.
        generated = [n for n in automake_list("keymaps.am")
                     if not is_alias(n) and not is_driver_table(n)]
        self.assertEqual(sorted(files), sorted(generated + replacing))
        self.assertEqual(len(set(tables)), len(tables))
        for driver, table, file_name in entries:
            self.assertEqual(driver, "*")
            self.assertRegex(table, r"^rc-[a-z0-9-]+$")
            self.assertEqual(table[3:].replace("-", "_") + ".toml", file_name)
            self.assertTrue(os.path.isfile(os.path.join(KEYMAPS, file_name)))

    @staticmethod
    def replaces_kernel_keymap(name):
        with open(os.path.join(KEYMAPS, name), encoding="utf-8") as f:
            header = f.read(600)
        return re.search(r'it replaces\s+#\s+the keymap the generator would make from '
                         r'kernel keymap "rc-', header) is not None

    def test_rc_maps_agrees_with_keymap_headers(self):
        entries = {e[2]: e[1] for e in read_rc_maps(os.path.join(KEYMAPS, "rc_maps.cfg"))}
        hand_kept = set(hand_kept_keymaps())
        for name in shipped_keymaps():
            with open(os.path.join(KEYMAPS, name), encoding="utf-8") as f:
                header = f.read(600)
            if name in hand_kept and name not in entries:
                self.assertNotRegex(header, r'kernel keymap "rc-[a-z0-9-]+", RC_PROTO')
                continue
            if is_driver_table(name):
                self.assertNotIn(name, entries)
                continue
            if is_alias(name):
                self.assertNotIn(name, entries)
                original = re.search(r"also writes it as ([a-z0-9_]+\.toml)", header).group(1)
                self.assertIn('kernel keymap "%s"' % entries[original], header)
                continue
            self.assertIn(name, entries)
            self.assertIn('kernel keymap "%s"' % entries[name], header)

    def test_automake_list_is_complete(self):
        generated = automake_list("keymaps.am")
        hand_kept = hand_kept_keymaps()
        self.assertEqual(generated, sorted(generated))
        self.assertEqual(hand_kept, sorted(hand_kept))
        self.assertEqual(set(generated) & set(hand_kept), set())
        self.assertEqual(sorted(generated + hand_kept), shipped_keymaps())
        for name in generated:
            with open(os.path.join(KEYMAPS, name), encoding="utf-8") as f:
                self.assertTrue(f.readlines()[1].startswith("# Generated by "), name)


def run_generator(source, output, *extra):
    return subprocess.run([sys.executable, "-B", GENERATOR, "--output", output, *extra, source],
                          capture_output=True, text=True)


class Generator(unittest.TestCase):
    """gen-keymaps.py on hand-written kernel stand-ins."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="gen-keymaps-")

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def read_dir(self, path):
        out = {}
        for name in sorted(os.listdir(path)):
            with open(os.path.join(path, name), encoding="utf-8") as f:
                out[name] = f.read()
        return out

    def test_fixture_gives_the_expected_files(self):
        result = run_generator(os.path.join(FIXTURES, "linux"), self.tmp)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("4 keymaps from 3 files", result.stderr)
        expected = self.read_dir(os.path.join(FIXTURES, "expected"))
        actual = self.read_dir(self.tmp)
        self.assertEqual(sorted(actual), sorted(expected))
        for name in expected:
            self.assertEqual(actual[name], expected[name], name)

    def test_second_run_changes_nothing_and_removes_stale_keymaps(self):
        run_generator(os.path.join(FIXTURES, "linux"), self.tmp)
        stale = os.path.join(self.tmp, "gone.toml")
        with open(stale, "w", encoding="utf-8") as f:
            f.write("# SPDX-License-Identifier: GPL-2.0-only\n"
                    "# Generated by rc_keymaps/gen-keymaps.py from linux 1.0\n")
        handmade = os.path.join(self.tmp, "handmade.toml")
        with open(handmade, "w", encoding="utf-8") as f:
            f.write("# SPDX-License-Identifier: GPL-2.0-or-later\n[[protocols]]\n")
        result = run_generator(os.path.join(FIXTURES, "linux"), self.tmp)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("0 files changed, 1 removed", result.stderr)
        self.assertFalse(os.path.exists(stale))
        self.assertTrue(os.path.exists(handmade))

    def test_hand_kept_keymaps_are_left_alone(self):
        # extra.am lists fixture_two.toml (replacing the kernel's) and a remote of no
        # kernel keymap: neither is written, removed nor listed in keymaps.am, and
        # fixture_two keeps its rc_maps.cfg line. Written: the three other keymaps,
        # rc_maps.cfg and keymaps.am.
        mine = "# SPDX-License-Identifier: GPL-2.0-or-later\n[[protocols]]\n"
        for name in ("fixture_two.toml", "other_remote.toml"):
            with open(os.path.join(self.tmp, name), "w", encoding="utf-8") as f:
                f.write(mine)
        with open(os.path.join(self.tmp, "extra.am"), "w", encoding="utf-8") as f:
            f.write("# hand-kept\n\ndist_keymap_DATA += rc_keymaps/fixture_two.toml\n"
                    "dist_keymap_DATA += rc_keymaps/other_remote.toml\n")
        result = run_generator(os.path.join(FIXTURES, "linux"), self.tmp)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("4 keymaps from 3 files; also 0 under v4l-utils' names and 1 driver "
                      "tables; 6 files changed, 0 removed", result.stderr)
        self.assertIn("gen-keymaps: fixture_two.toml is hand-kept (extra.am): not written "
                      "for kernel keymap rc-fixture-two", result.stderr)
        actual = self.read_dir(self.tmp)
        expected = self.read_dir(os.path.join(FIXTURES, "expected"))
        self.assertEqual(actual["fixture_two.toml"], mine)
        self.assertEqual(actual["other_remote.toml"], mine)
        self.assertEqual(actual["rc_maps.cfg"], expected["rc_maps.cfg"])
        # fixture_second.toml would repeat the kernel's table of a replaced keymap.
        self.assertEqual(actual["keymaps.am"], expected["keymaps.am"].replace(
            "dist_keymap_DATA += rc_keymaps/fixture_two.toml\n", "").replace(
            "dist_keymap_DATA += rc_keymaps/fixture_second.toml\n", ""))
        self.assertNotIn("fixture_second.toml", actual)
        for name in ("fixture_one.toml", "fixture_one_x.toml", "fixture_three.toml",
                     "fixdrv.toml"):
            self.assertEqual(actual[name], expected[name])

    def test_malformed_hand_kept_list_is_an_error(self):
        with open(os.path.join(self.tmp, "extra.am"), "w", encoding="utf-8") as f:
            f.write("dist_keymap_DATA += rc_keymaps/a.toml\nEXTRA_DIST += b.toml\n")
        result = run_generator(os.path.join(FIXTURES, "linux"), self.tmp)
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stderr.strip(), "gen-keymaps: %s:2: expected "
                         "\"dist_keymap_DATA += rc_keymaps/NAME.toml\"" %
                         os.path.join(self.tmp, "extra.am"))
        self.assertEqual(os.listdir(self.tmp), ["extra.am"])

    def test_tarball_gives_the_same_files(self):
        import tarfile
        tarball = os.path.join(self.tmp, "linux-fixture.tar.xz")
        with tarfile.open(tarball, "w:xz") as tar:
            tar.add(os.path.join(FIXTURES, "linux"), arcname="linux-fixture")
        out = os.path.join(self.tmp, "out")
        result = run_generator(tarball, out)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(self.read_dir(out), self.read_dir(os.path.join(FIXTURES, "expected")))

    def broken(self, c_text, *extra, rc_map_h='#define RC_MAP_BAD "rc-bad"\n'):
        """Run the generator on a tree holding one rc-bad.c; return its stderr."""
        root = os.path.join(self.tmp, "linux")
        os.makedirs(os.path.join(root, "drivers/media/rc/keymaps"))
        os.makedirs(os.path.join(root, "include/media"))
        with open(os.path.join(root, "include/media/rc-map.h"), "w", encoding="utf-8") as f:
            f.write(rc_map_h)
        with open(os.path.join(root, "drivers/media/rc/keymaps/rc-bad.c"), "w",
                  encoding="utf-8") as f:
            f.write(c_text)
        result = run_generator(root, os.path.join(self.tmp, "out"), "--linux-version", "1.2")
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.tmp, "out", "bad.toml")))
        return result.stderr.strip()

    LIST = ("static struct rc_map_list bad_map = {\n"
            "\t.map = {\n\t\t.scan = bad,\n\t\t.size = ARRAY_SIZE(bad),\n"
            "\t\t.rc_proto = %s,\n\t\t.name = RC_MAP_BAD,\n\t}\n};\n")

    def test_unknown_rc_proto_is_an_error(self):
        text = "static struct rc_map_table bad[] = {\n\t{ 1, KEY_A },\n};\n" + \
            self.LIST % "RC_PROTO_NEW"
        self.assertEqual(self.broken(text),
                         "gen-keymaps: drivers/media/rc/keymaps/rc-bad.c:8: bad_map: no mapping "
                         "for rc_proto RC_PROTO_NEW; add it to PROTOCOLS in "
                         "rc_keymaps/gen-keymaps.py")

    def test_function_like_macro_is_an_error(self):
        text = "#define SC(x) (0x100 | (x))\nstatic struct rc_map_table bad[] = {\n" \
               "\t{ SC(1), KEY_A },\n};\n" + self.LIST % "RC_PROTO_NEC"
        self.assertEqual(self.broken(text), "gen-keymaps: drivers/media/rc/keymaps/rc-bad.c:3: "
                         "function-like macro SC is not supported")

    def test_conditional_compilation_is_an_error(self):
        text = "static struct rc_map_table bad[] = {\n#ifdef FOO\n\t{ 1, KEY_A },\n#endif\n};\n"
        self.assertEqual(self.broken(text), "gen-keymaps: drivers/media/rc/keymaps/rc-bad.c:2: "
                         "conditional compilation (#ifdef) is not supported")

    def test_entry_with_three_fields_is_an_error(self):
        text = "static struct rc_map_table bad[] = {\n\t{ 1, KEY_A, 3 },\n};\n" + \
            self.LIST % "RC_PROTO_NEC"
        self.assertEqual(self.broken(text), "gen-keymaps: drivers/media/rc/keymaps/rc-bad.c:2: "
                         "bad: an entry has 3 fields, expected 2")

    def test_numeric_keycode_is_an_error(self):
        text = "static struct rc_map_table bad[] = {\n\t{ 1, 30 },\n};\n" + \
            self.LIST % "RC_PROTO_NEC"
        self.assertEqual(self.broken(text), "gen-keymaps: drivers/media/rc/keymaps/rc-bad.c:2: "
                         "bad: keycode '30' is not a KEY_ or BTN_ name")

    def test_file_without_keymap_is_an_error(self):
        self.assertEqual(self.broken("/* nothing */\n"), "gen-keymaps: "
                         "drivers/media/rc/keymaps/rc-bad.c:1: no struct rc_map_list in this file")

    def test_unused_table_is_an_error(self):
        text = "static struct rc_map_table bad[] = {\n\t{ 1, KEY_A },\n};\n" \
               "static struct rc_map_table spare[] = {\n\t{ 2, KEY_B },\n};\n" + \
               self.LIST % "RC_PROTO_NEC"
        self.assertIn("table spare is not used by any struct rc_map_list", self.broken(text))

    def test_unterminated_initializer_is_an_error(self):
        text = "static struct rc_map_table bad[] = {\n\t{ 1, KEY_A },\n"
        self.assertEqual(self.broken(text), "gen-keymaps: drivers/media/rc/keymaps/rc-bad.c:1: "
                         "unterminated initializer")

    def test_name_collision_is_an_error(self):
        text = "static struct rc_map_table bad[] = {\n\t{ 1, KEY_A },\n};\n" + \
            self.LIST % "RC_PROTO_NEC" + \
            "static struct rc_map_list bad2_map = {\n\t.map = {\n\t\t.scan = bad,\n" \
            "\t\t.name = \"rc_bad\",\n\t}\n};\n"
        self.assertEqual(self.broken(text), "gen-keymaps: drivers/media/rc/keymaps/rc-bad.c:15: "
                         "bad2_map: .name is not a keymap name")
        shutil.rmtree(self.tmp)
        os.makedirs(self.tmp)
        text = text.replace('"rc_bad"', '"rc-bad"')
        self.assertEqual(self.broken(text), "gen-keymaps: drivers/media/rc/keymaps/rc-bad.c and "
                         "drivers/media/rc/keymaps/rc-bad.c both make bad.toml")

    def broken_driver(self, c_text):
        """Run the generator on the fixture tree plus one driver file; return its stderr."""
        root = os.path.join(self.tmp, "linux")
        shutil.copytree(os.path.join(FIXTURES, "linux"), root)
        with open(os.path.join(root, "drivers/media/usb/dvb-usb/bad.c"), "w",
                  encoding="utf-8") as f:
            f.write(c_text)
        result = run_generator(root, os.path.join(self.tmp, "out"))
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.tmp, "out")))
        return result.stderr.strip()

    def test_conditional_inside_a_driver_table_is_an_error(self):
        text = "#if X\n#endif\nstatic struct rc_map_table rc_map_bad_table[] = {\n" \
               "\t{ 1, KEY_A },\n#ifdef FOO\n\t{ 2, KEY_B },\n#endif\n};\n"
        self.assertEqual(self.broken_driver(text), "gen-keymaps: drivers/media/usb/dvb-usb/"
                         "bad.c:5: rc_map_bad_table: a preprocessor directive inside the "
                         "table is not supported")

    def test_driver_table_of_another_name_is_an_error(self):
        text = "struct rc_map_table keys[] = {\n\t{ 1, KEY_A },\n};\n"
        self.assertEqual(self.broken_driver(text), "gen-keymaps: drivers/media/usb/dvb-usb/"
                         "bad.c:1: keys: a driver's table must be named rc_map_NAME_table")

    def test_missing_tree_is_an_error(self):
        result = run_generator(os.path.join(self.tmp, "nowhere"), self.tmp)
        self.assertEqual(result.returncode, 1)
        self.assertIn("nowhere: no such file or directory", result.stderr)


class DebianKeymaps(unittest.TestCase):
    """Every keymap Debian's ir-keytable ships, in Debian 12 (v4l-utils 1.22.1) and in
    Debian 13 (1.30.1), has one of ours with the same scancodes: the lists in
    tests/data/ hold each package's keymaps (its rc_keymaps directory) with a digest of
    each one's scancodes, made with --debian-list (see each list's head)."""

    LISTS = {
        "debian-keymaps.txt": 148,		# Debian 12, ir-keytable 1.22.1-5+b2
        "debian13-keymaps.txt": 156,		# Debian 13, ir-keytable 1.30.1-1
    }

    # Keymaps whose kernel table changed after a package was made: ours follows the
    # kernel, and rc_keymaps/README.md says what changed and why. None so far:
    # {list: {keymap: the kernel change}}.
    KERNEL_CHANGED = {}

    def test_every_debian_keymap_is_ours_with_its_scancodes(self):
        for list_name, size in sorted(self.LISTS.items()):
            listed = debian_list(os.path.join(TOP_SRCDIR, "tests", "data", list_name))
            self.assertEqual(len(listed), size, list_name)
            changed = self.KERNEL_CHANGED.get(list_name, {})
            for name, (count, digest) in sorted(listed.items()):
                with self.subTest(list=list_name, keymap=name):
                    path = os.path.join(KEYMAPS, name)
                    self.assertTrue(os.path.isfile(path), "no rc_keymaps/%s" % name)
                    if name in changed:
                        self.assertNotEqual(scancode_digest(path), (count, digest),
                                            "%s: listed as changed, but is not" % name)
                    else:
                        self.assertEqual(scancode_digest(path), (count, digest))

    def test_a_keymap_both_releases_ship_has_the_same_scancodes_in_both(self):
        # Where the two packages disagree, ours can match only one of them (the other
        # goes in KERNEL_CHANGED): none do.
        old = debian_list(os.path.join(TOP_SRCDIR, "tests", "data", "debian-keymaps.txt"))
        new = debian_list(os.path.join(TOP_SRCDIR, "tests", "data", "debian13-keymaps.txt"))
        self.assertLessEqual(set(old), set(new))
        self.assertEqual({name: new[name] for name in old}, old)


def scancode_digest(path):
    """(number, digest) of a keymap's scancodes, by protocol in order: sha256 of the
    "PROTOCOL-INDEX:0xSCANCODE" lines sorted, the first 16 hex digits. A scancode mapped to
    KEY_RESERVED maps nothing (rc-core deletes the mapping) and is not counted."""
    import hashlib
    with open(path, "rb") as f:
        protocols = tomllib.load(f)["protocols"]
    lines = sorted("%d:0x%x" % (index, int(code, 0))
                   for index, proto in enumerate(protocols)
                   for code, key in proto.get("scancodes", {}).items()
                   if key != "KEY_RESERVED")
    digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]
    return len(lines), digest


def debian_list(path):
    listed = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            name, count, digest = line.split()
            listed[name] = (int(count), digest)
    return listed


def write_debian_list(keymap_dir, package, out):
    """--debian-list DIR PACKAGE: the list, from the keymaps of an ir-keytable package
    unpacked in DIR's first component (deb/usr/lib/udev/rc_keymaps); PACKAGE says which
    ("Debian 12's ir-keytable 1.22.1-5+b2")."""
    root, _, inside = keymap_dir.strip("/").partition("/")
    out.write("# SPDX-License-Identifier: GPL-2.0-or-later\n"
              "# %s keymaps (/%s): file, number of scancodes and\n"
              "# their digest (tests/rc-keymaps.py, scancode_digest). Made with\n"
              "#   apt-get download ir-keytable && dpkg-deb -x ir-keytable_*.deb %s &&\n"
              "#   tests/rc-keymaps.py --debian-list %s \"%s\"\n"
              % (package, inside, root, keymap_dir, package))
    for name in sorted(os.listdir(keymap_dir)):
        if name.endswith(".toml"):
            count, digest = scancode_digest(os.path.join(keymap_dir, name))
            out.write("%s %d %s\n" % (name, count, digest))


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--debian-list":
        write_debian_list(sys.argv[2], sys.argv[3], sys.stdout)
        return 0
    suite = unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__])
    result = unittest.TextTestRunner(verbosity=2, stream=sys.stdout).run(suite)
    checks = result.testsRun
    failures = len(result.failures)
    errors = len(result.errors)
    # The closing line tools/test-all counts.
    print("rc-keymaps: %d passed, %d failed"
          % (checks - failures - errors, failures + errors))
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
