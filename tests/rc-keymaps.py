#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Checks of the shipped keymaps (rc_keymaps/) and of their generator.

Every shipped keymap is read with Python's tomllib (an implementation independent of
ours) and checked against rc_keymap(5); rc_maps.cfg and keymaps.am must list exactly
the keymaps that exist. The generator is run on the hand-written kernel stand-in in
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
        cls.keycodes = input_event_names()

    def test_there_are_keymaps(self):
        # drivers/media/rc/keymaps of linux 6.1 has 135 files, one keymap each.
        self.assertGreaterEqual(len(self.names), 135)

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
        self.assertIn(proto.get("protocol"), VARIANTS)
        self.assertIn(proto.get("variant"), VARIANTS[proto["protocol"]])
        scancodes = proto.get("scancodes")
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

    def test_each_keymap_says_where_it_came_from(self):
        for name in self.names:
            with self.subTest(keymap=name):
                with open(os.path.join(KEYMAPS, name), encoding="utf-8") as f:
                    head = f.read(600).split("\n")
                self.assertRegex(head[0], r"^# SPDX-License-Identifier: GPL-2\.0-(only|or-later)$")
                self.assertRegex(head[1], r"^# Generated by rc_keymaps/gen-keymaps\.py "
                                 r"from linux \d+\.\d+")
                m = re.match(r'^# drivers/media/rc/keymaps/(rc-[a-z0-9-]+)\.c \(kernel keymap '
                             r'"(rc-[a-z0-9-]+)", (RC_PROTO_[A-Z0-9_]+)\)\.$', head[2])
                self.assertIsNotNone(m, head[2])
                self.assertEqual(m.group(2)[3:].replace("-", "_") + ".toml", name)

    def test_a_known_keymap_has_its_known_content(self):
        # Worked out from the kernel's rc-tanix-tx3mini.c by hand: NEC, address 0x80.
        with open(os.path.join(KEYMAPS, "tanix_tx3mini.toml"), "rb") as f:
            proto = tomllib.load(f)["protocols"][0]
        self.assertEqual((proto["protocol"], proto["variant"]), ("nec", "nec"))
        self.assertEqual(len(proto["scancodes"]), 31)
        self.assertEqual(proto["scancodes"]["0x8051"], "KEY_POWER")
        self.assertEqual(proto["scancodes"]["0x8044"], "KEY_DELETE")

    def test_keycode_first_table_is_turned_around(self):
        # rc-xbox-360.c writes { KEY_EJECTCD, 0x800f7428 }: the scancode is the number.
        with open(os.path.join(KEYMAPS, "xbox_360.toml"), "rb") as f:
            proto = tomllib.load(f)["protocols"][0]
        self.assertEqual(proto["scancodes"]["0x800f7428"], "KEY_EJECTCD")
        self.assertEqual((proto["protocol"], proto["variant"]), ("rc6", "rc6_mce"))


class RcMaps(unittest.TestCase):
    """rc_maps.cfg and keymaps.am list exactly the shipped keymaps."""

    def test_rc_maps_lists_every_keymap_once(self):
        entries = read_rc_maps(os.path.join(KEYMAPS, "rc_maps.cfg"))
        files = [e[2] for e in entries]
        tables = [e[1] for e in entries]
        self.assertEqual(sorted(files), shipped_keymaps())
        self.assertEqual(len(set(tables)), len(tables))
        for driver, table, file_name in entries:
            self.assertEqual(driver, "*")
            self.assertRegex(table, r"^rc-[a-z0-9-]+$")
            self.assertEqual(table[3:].replace("-", "_") + ".toml", file_name)
            self.assertTrue(os.path.isfile(os.path.join(KEYMAPS, file_name)))

    def test_rc_maps_agrees_with_keymap_headers(self):
        entries = {e[2]: e[1] for e in read_rc_maps(os.path.join(KEYMAPS, "rc_maps.cfg"))}
        for name in shipped_keymaps():
            with open(os.path.join(KEYMAPS, name), encoding="utf-8") as f:
                header = f.read(600)
            self.assertIn('(kernel keymap "%s",' % entries[name], header)

    def test_automake_list_is_complete(self):
        with open(os.path.join(KEYMAPS, "keymaps.am"), encoding="utf-8") as f:
            listed = re.findall(r"^dist_keymap_DATA \+= rc_keymaps/(\S+)$", f.read(), re.M)
        self.assertEqual(listed, shipped_keymaps())


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

    def test_missing_tree_is_an_error(self):
        result = run_generator(os.path.join(self.tmp, "nowhere"), self.tmp)
        self.assertEqual(result.returncode, 1)
        self.assertIn("nowhere: no such file or directory", result.stderr)


def main():
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
