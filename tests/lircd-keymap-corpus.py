#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""LIRC's remotes as keymaps, with LIRC's own encoder as the oracle.

For every remote block of LIRC's remotes (the files tests/lircd-corpus.py reads, one
block at a time, since irsimsend encodes only a file's first remote) that is IR (the
reader's encoding is not "driver"), each button whose name is an input key name
(KEY_* or BTN_* of <linux/input-event-codes.h>, any case) and whose signal is unique
within its remote is sent by LIRC's irsimsend (-k NAME, with only the file driver's
plugin, -U). All those signals of a remote, 300 ms apart, go through one
`ir-keytable --decode=CAPTURE -w REMOTE.conf`; in each button's stretch of time the
output must hold a key_down of that key (compared by code: the program prints the
canonical name of an alias) and no key_down of another. Then the remote's first button
that passed is held (irsimsend -c 4: the frame, then lircd's repeats): it must give one
key_down, and its key_up must come after the last frame (the repeats were decoded).

A remote with a button that fails, or that ir-keytable refuses, must be listed in
tests/data/lircd/keymap-corpus-failures.txt as FILE<TAB>REMOTE<TAB>REASON; a listed
remote that now passes is an error too (the list may only shrink: take the line out).

The keymap printed as TOML (`ir-keytable -v --test-keymap=REMOTE.conf`, in v4l-utils'
protocol names where its decoders decode the remote alike) must decode the same capture
to the same keys when read back, and so must the held button. Then the same TOML with
v4l-utils' own decoder objects for the protocols it names (Debian's ir-keytable package:
$IRKIT_PEER_PROTOCOLS, the bench's cache, or downloaded with `apt-get download
ir-keytable` into a temporary directory), run by our VM: same keys, same held button,
and no parameter the object lacks. A remote whose printed keymap decodes otherwise is
a failure, not an expectation: the printer must keep lircd_space for it.

Prints the buttons decoded out of those tested, the remotes converted and refused, the
printed keymaps' protocols, and the buttons the peer's route decodes: the printed keymap
on v4l-utils' objects, where it names no lircd_space or lircd_biphase entry (v4l-utils
cannot load one);
make bench (part 9) reports that line.
Exit 77 when LIRC's remotes or irsimsend are not installed.

With IRKIT_LIRCD_REMOTES=DIR, the lircd.conf files under DIR instead (LIRC's whole
remotes database, say; not run by make check): up to six buttons a remote, each
decoded alone as irsimsend wrote it (the remote's gap last), the held button too,
but neither the printed keymaps nor the peer's route; a remote the reader refuses
counts its key-named buttons as failed. Its failures are listed in
tests/data/lircd/database-failures.txt, FILE relative to DIR. IRKIT_CORPUS_EVERY=N
runs every Nth file only (a sample: listed remotes of the others are not checked).

usage: lircd-keymap-corpus.py [IR-KEYTABLE]
"""

import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import importlib.util

_spec = importlib.util.spec_from_file_location(
    "lircd_corpus", os.path.join(os.path.dirname(os.path.abspath(__file__)), "lircd-corpus.py"))
lircd_corpus = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lircd_corpus)

SEPARATOR_US = 300000


def key_codes():
    """Every KEY_/BTN_ name of the kernel's header, upper case, to its code."""
    codes = {}
    path = "/usr/include/linux/input-event-codes.h"
    with open(path) as f:
        lines = f.read().splitlines()
    for line in lines:
        m = re.match(r"#define\s+((?:KEY|BTN)_\w+)\s+(\w+)", line)
        if not m:
            continue
        name, value = m.group(1), m.group(2)
        if re.fullmatch(r"0x[0-9a-fA-F]+|[0-9]+", value):
            codes[name] = int(value, 0)
        elif value in codes:
            codes[name] = codes[value]
    for name in ("KEY_MAX", "KEY_CNT", "KEY_MIN_INTERESTING", "KEY_RESERVED"):
        codes.pop(name, None)
    return codes


def read_train(path):
    items = []
    with open(path) as f:
        for line in f:
            kind, value = line.split()
            items.append((kind, int(value)))
    return items


def send(plugins, workdir, conf, name):
    out = os.path.join(workdir, "simsend.out")
    if os.path.exists(out):
        os.unlink(out)
    subprocess.run(["irsimsend", "-U", plugins, "-k", name, conf], cwd=workdir,
                   capture_output=True, timeout=60)
    if not os.path.exists(out):
        return None
    train = read_train(out)
    return train if any(kind == "pulse" for kind, _ in train) else None


PEER_DECODERS = ("pulse_distance", "pulse_length", "manchester", "raw")
# Our table-driven decoders: v4l-utils' ir-keytable cannot load an entry of theirs.
OURS_ONLY = ("lircd_space", "lircd_biphase")


def find_peer_protocols(workdir):
    """The directory of v4l-utils' decoder objects (pulse_distance.o, ...), or None."""
    candidates = [os.environ.get("IRKIT_PEER_PROTOCOLS", ""),
                  os.environ.get("IRKIT_BENCH_CACHE", "") + "/root/lib/udev/rc_keymaps/protocols",
                  "/var/cache/irkit-bench/root/lib/udev/rc_keymaps/protocols",
                  os.path.expanduser("~/.cache/irkit-bench/root/lib/udev/rc_keymaps/protocols")]
    for path in candidates:
        if path and os.path.isfile(os.path.join(path, "pulse_distance.o")):
            return path
    if not shutil.which("apt-get") or not shutil.which("dpkg-deb"):
        return None
    peer = os.path.join(workdir, "peer")
    os.mkdir(peer)
    proc = subprocess.run(["apt-get", "download", "ir-keytable"], cwd=peer,
                          capture_output=True, timeout=120)
    debs = glob.glob(os.path.join(peer, "ir-keytable_*.deb"))
    if proc.returncode != 0 or not debs:
        return None
    subprocess.run(["dpkg-deb", "-x", debs[0], os.path.join(peer, "root")], check=True)
    path = os.path.join(peer, "root", "lib", "udev", "rc_keymaps", "protocols")
    return path if os.path.isfile(os.path.join(path, "pulse_distance.o")) else None


def decode_keys(binary, capture, args):
    """(key_down (time, code) list, stdout, stderr, exit status) of one --decode."""
    proc = subprocess.run([binary, "--decode=" + capture] + args, capture_output=True,
                          text=True, errors="replace", timeout=120)
    downs = []
    for line in proc.stdout.splitlines():
        m = re.match(r"\s*([0-9.]+): event type EV_KEY\(0x01\) key_down: \S+\((0x[0-9a-f]+)\)",
                     line)
        if m:
            downs.append((round(float(m.group(1)) * 1e6), int(m.group(2), 16)))
    return downs, proc


def print_toml(binary, workdir, conf):
    """The keymap of conf as ir-keytable -v --test-keymap prints it, in a file; its protocols."""
    proc = subprocess.run([binary, "-v", "--test-keymap=" + conf], capture_output=True,
                          text=True, timeout=60)
    path = os.path.join(workdir, "remote.toml")
    with open(path, "w") as f:
        f.write(proc.stdout)
    return path, re.findall(r'^protocol = "([^"]+)"', proc.stdout, re.M)


def toml_routes(binary, workdir, conf, peer):
    """The printed keymap's routes: [(label, -w and -p arguments)] and its protocols."""
    toml, protocols = print_toml(binary, workdir, conf)
    routes = [("printed TOML", ["-w", toml])]
    named = sorted(set(p for p in protocols if p in PEER_DECODERS))
    if peer and named:
        args = ["-w", toml]
        for name in named:
            args += ["-p", os.path.join(peer, name + ".o")]
        routes.append(("printed TOML on v4l-utils' objects", args))
    return routes, protocols


def keys_only_toml(toml, out):
    """The printed keymap with its lircd_space entries as v4l-utils' pulse_distance or
    pulse_length, repeat code left out (they cannot repeat it alike, but may still give
    the frames' keys), written to out; False when one cannot be written so (no header
    and bit pulses under twice the margin: their 0 us header window takes every bit)."""
    with open(toml, "rb") as f:
        keymap = tomllib.load(f)
    lines = []
    for entry in keymap.get("protocols", []):
        params = {k: v for k, v in entry.items() if isinstance(v, int)}
        protocol = entry["protocol"]
        if protocol == "lircd_biphase":
            return False
        if protocol == "lircd_space":
            p = params
            margin = p["margin"]
            if not p.get("header_pulse") and min(p["one_pulse"], p["zero_pulse"]) < 2 * margin:
                return False
            common = {"margin": margin, "header_pulse": p.get("header_pulse", 0),
                      "header_space": p.get("header_space", 0), "bits": p["bits"],
                      "reverse": p.get("reverse", 0),
                      "header_optional": p.get("header_optional", 0)}
            if p["one_pulse"] == p["zero_pulse"]:
                protocol = "pulse_distance"
                common.update(bit_pulse=p["one_pulse"], bit_0_space=p["zero_space"],
                              bit_1_space=p["one_space"], trailer_pulse=p["trailer_pulse"])
            else:
                protocol = "pulse_length"
                common.update(bit_space=p["one_space"], bit_0_pulse=p["zero_pulse"],
                              bit_1_pulse=p["one_pulse"], trailer_pulse=0)
            params = common
        lines.append("[[protocols]]")
        lines.append('protocol = "%s"' % protocol)
        lines += ["%s = %d" % kv for kv in params.items()]
        if "raw" in entry:
            lines.append("raw = [")
            lines += ['{ keycode = "%s", raw = "%s" },' % (r["keycode"], r["raw"])
                      for r in entry["raw"]]
            lines.append("]")
        if "scancodes" in entry:
            lines.append("[protocols.scancodes]")
            lines += ['%s = "%s"' % kv for kv in entry["scancodes"].items()]
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    return True


def test_remote(binary, plugins, workdir, block, remote, codes, peer, stats, routes=True):
    """(buttons tested, buttons passed, reason or None) for one remote block."""
    conf = os.path.join(workdir, "remote.conf")
    # A database block is its file's bytes as Latin-1: written back byte for byte.
    with open(conf, "w", encoding="utf-8" if routes else "latin-1") as f:
        f.write(block)
    names = [b[1] for b in remote["buttons"]]
    signals = [tuple(b[2][:1]) if b[0] == "code" else tuple(b[2]) for b in remote["buttons"]]
    candidates = []
    for i, (kind, name, _) in enumerate(remote["buttons"]):
        if name.upper() not in codes or names.count(name) > 1:
            continue
        if signals.count(signals[i]) > 1:
            continue
        candidates.append(name)
    if not routes:
        candidates = candidates[:6]     # the database: six buttons a remote
    trains = {}
    for name in candidates:
        train = send(plugins, workdir, conf, name)
        if train is not None:
            trains[name] = train
    seen = {}
    for name, train in trains.items():
        seen.setdefault(tuple(train), []).append(name)
    tested = [n for n in candidates if n in trains and len(seen[tuple(trains[n])]) == 1]
    if not routes:
        return database_buttons(binary, plugins, workdir, conf, trains, tested, codes)
    # One capture: each button's train, then a space that ends any key. With no button
    # to test (LIRC's generic remotes have none), one pulse: is the remote converted?
    capture = os.path.join(workdir, "capture.txt")
    starts, now = [], 0
    with open(capture, "w") as f:
        if not tested:
            f.write("pulse 100\n")
        for name in tested:
            starts.append(now)
            train = trains[name]
            if train[-1][0] == "space":
                train = train[:-1]
            for kind, value in train:
                f.write("%s %d\n" % (kind, value))
                now += value
            f.write("space %d\n" % SEPARATOR_US)
            now += SEPARATOR_US
    downs, proc = decode_keys(binary, capture, ["-w", conf])
    if proc.returncode != 0:
        message = proc.stderr.strip().splitlines()
        message = message[-1] if message else "exit %d" % proc.returncode
        message = message.replace(conf, "REMOTE")
        return len(tested), 0, "refused: " + message
    if not tested:
        return 0, 0, None

    def per_button(downs):
        got = []
        for i, name in enumerate(tested):
            end = starts[i + 1] if i + 1 < len(tested) else now
            # A sample's time is that of its end: the separator's end is the next start.
            got.append([code for t, code in downs if starts[i] < t <= end])
        return got

    got = per_button(downs)
    passed, wrong = 0, []
    for i, name in enumerate(tested):
        if got[i] == [codes[name.upper()]]:
            passed += 1
        else:
            wrong.append(name)
    reason = None
    if wrong:
        reason = "%d of %d buttons not decoded (%s)" % (len(wrong), len(tested),
                                                      ", ".join(wrong[:3]))
    held = [n for n in tested if n not in wrong]
    if held and not reason:
        reason = check_held(binary, plugins, workdir, conf, held[0], codes)
    # The printed keymap, read back (and on v4l-utils' objects): the same keys.
    routes, protocols = toml_routes(binary, workdir, conf, peer)
    for protocol in protocols:
        stats["protocols"][protocol] = stats["protocols"].get(protocol, 0) + 1
    route_got = {}
    for label, args in routes:
        toml_downs, toml_proc = decode_keys(binary, capture, args)
        route_got[label] = per_button(toml_downs)
        if toml_proc.returncode != 0 or "has no parameter" in toml_proc.stderr:
            message = (toml_proc.stderr.strip().splitlines() or ["exit %d" %
                                                                 toml_proc.returncode])[-1]
            stats["failures"].append("%s: %s: %s" % (remote["name"], label, message))
            continue
        stats["routes"][label] = stats["routes"].get(label, 0) + 1
        if per_button(toml_downs) != got:
            stats["failures"].append("%s: %s decodes other keys than the lircd.conf (%s)" %
                                     (remote["name"], label, " ".join(protocols)))
        elif held and not reason:
            held_reason = check_held(binary, plugins, workdir, conf, held[0], codes, args)
            if held_reason:
                stats["failures"].append("%s: %s: %s" % (remote["name"], label, held_reason))
    # The peer's route: its own objects for its generic decoders, its kernel's rc-5 and
    # rc-6 (our ports of them here); a lircd_space entry it cannot load at all.
    if peer and not any(p in OURS_ONLY for p in protocols):
        peer_got = route_got.get(routes[-1][0], [])
        stats["peer_reached"] += sum(1 for i, name in enumerate(tested)
                                     if i < len(peer_got) and peer_got[i] == [codes[name.upper()]])
    # The peer's route for keys alone: the repeat codes it cannot repeat left out.
    keys_only = os.path.join(workdir, "keys-only.toml")
    if peer and keys_only_toml(os.path.join(workdir, "remote.toml"), keys_only):
        args = ["-w", keys_only]
        with open(keys_only) as f:
            named = sorted(set(re.findall(r'^protocol = "([^"]+)"', f.read(), re.M)))
        for name in named:
            if name in PEER_DECODERS:
                args += ["-p", os.path.join(peer, name + ".o")]
        keys_downs, _ = decode_keys(binary, capture, args)
        keys_got = per_button(keys_downs)
        stats["peer_keys_reached"] += sum(1 for i, name in enumerate(tested)
                                          if keys_got[i] == [codes[name.upper()]])
    return len(tested), passed, reason


def database_buttons(binary, plugins, workdir, conf, trains, tested, codes):
    """The database's way: each button's train decoded alone, as irsimsend wrote it
    (its last space the remote's gap, however short, and then the end)."""
    capture = os.path.join(workdir, "capture.txt")
    passed, wrong = 0, []
    for name in tested or [None]:
        with open(capture, "w") as f:
            for kind, value in trains[name] if name else [("pulse", 100)]:
                f.write("%s %d\n" % (kind, value))
        downs, proc = decode_keys(binary, capture, ["-w", conf])
        if proc.returncode != 0:
            message = proc.stderr.strip().splitlines()
            message = message[-1] if message else "exit %d" % proc.returncode
            return len(tested), 0, "refused: " + message.replace(conf, "REMOTE")
        if name is None:
            break
        if [code for _, code in downs] == [codes[name.upper()]]:
            passed += 1
        else:
            wrong.append(name)
    if wrong:
        return len(tested), passed, "%d of %d buttons not decoded (%s)" % (
            len(wrong), len(tested), ", ".join(wrong[:3]))
    if tested:
        return len(tested), passed, check_held(binary, plugins, workdir, conf, tested[0],
                                               codes)
    return 0, 0, None


def check_held(binary, plugins, workdir, conf, name, codes, args=None):
    """A button held (irsimsend -c 4): one key_down, and the key down until the last frame.
    The train decoded through args (-w conf by default)."""
    out = os.path.join(workdir, "simsend.out")
    if os.path.exists(out):
        os.unlink(out)
    subprocess.run(["irsimsend", "-U", plugins, "-c", "4", "-k", name, conf], cwd=workdir,
                   capture_output=True, timeout=60)
    if args is None:
        args = ["-w", conf]
    train = read_train(out)
    last_pulse_end, now = 0, 0
    for kind, value in train:
        now += value
        if kind == "pulse":
            last_pulse_end = now
    proc = subprocess.run([binary, "--decode=" + out] + args, capture_output=True,
                          text=True, errors="replace", timeout=120)
    downs, up = 0, None
    for line in proc.stdout.splitlines():
        m = re.match(r"\s*([0-9.]+): event type EV_KEY\(0x01\) key_(down|up): \S+\((0x[0-9a-f]+)\)",
                     line)
        if not m:
            continue
        if m.group(2) == "down":
            downs += 1
        elif up is None:
            up = round(float(m.group(1)) * 1e6)
    if downs != 1 or up is None or up < last_pulse_end:
        return "%s held: %d key_down, key_up at %s us, last frame ends at %d us" % (
            name, downs, up, last_pulse_end)
    return None


def refused_buttons(block, codes):
    """Key-named buttons of a remote block the reader refuses: (name, buttons), read
    crudely (a name's first word; each button's first code), for the count alone."""
    m = re.search(r"^[ \t]*name[ \t]+(\S+)", block, re.M)
    name = m.group(1) if m else "?"
    buttons = []
    inside = False
    for line in block.splitlines():
        words = line.split("#", 1)[0].split()
        if len(words) >= 2 and words[0].lower() in ("begin", "end") and \
                words[1].lower() in ("codes", "raw_codes"):
            inside = words[0].lower() == "begin"
            continue
        if inside and len(words) >= 2 and words[0].lower() != "name":
            buttons.append(words[0])
        elif inside and len(words) == 2 and words[0].lower() == "name":
            buttons.append(words[1])
    named = [b for b in buttons if b.upper() in codes and buttons.count(b) == 1]
    return name, len(named[:6])


def database_blocks(path):
    """The remote blocks of a database file, its bytes as Latin-1 text (kept byte for byte
    when written back so); None if it includes files."""
    with open(path, "rb") as f:
        text = f.read().decode("latin-1")
    if re.search(r"^[ \t]*include\b", text, re.I | re.M):
        return None
    return re.findall(r"^[ \t]*begin[ \t]+remote\b.*?^[ \t]*end[ \t]+remote\b[^\n]*\n?", text,
                      re.I | re.M | re.S)


def database_files(root):
    """Every file under root that holds lircd.conf text, sorted."""
    found = []
    for dirpath, _, names in os.walk(root):
        for name in names:
            path = os.path.join(dirpath, name)
            with open(path, "rb") as f:
                if lircd_corpus.is_lircd_conf(f.read()):
                    found.append(path)
    return sorted(found)


def load_expected(path):
    expected = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            path_, remote, reason = line.rstrip("\n").split("\t", 2)
            expected[(path_, remote)] = reason
    return expected


def main():
    top_builddir = os.environ.get("top_builddir", ".")
    top_srcdir = os.environ.get("top_srcdir", ".")
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(top_builddir, "keytable",
                                                                  "ir-keytable")
    dump = os.path.join(top_builddir, "tests", "tools", "lircd-conf-dump")
    plugin = sorted(glob.glob("/usr/lib/*/lirc/plugins/file.so"))
    if not os.path.isdir(lircd_corpus.ROOTS[0]) or not plugin or not shutil.which("irsimsend"):
        print("lircd-keymap-corpus: LIRC's remotes or irsimsend not installed "
              "(tools/install-deps installs lirc and lirc-compat-remotes): skipped")
        return 77
    database = os.environ.get("IRKIT_LIRCD_REMOTES")
    every = int(os.environ.get("IRKIT_CORPUS_EVERY", "1"))
    expected_path = os.path.join(top_srcdir, "tests", "data", "lircd",
                                 "database-failures.txt" if database else
                                 "keymap-corpus-failures.txt")
    expected = load_expected(expected_path)
    codes = key_codes()
    if database:
        files = database_files(database)[::every]
    else:
        files, _ = lircd_corpus.find_files()
    run = set()
    failures, results = [], {}
    buttons_tested = buttons_passed = converted = refused = 0
    stats = {"protocols": {}, "routes": {}, "failures": [], "peer_reached": 0,
             "peer_keys_reached": 0}
    with tempfile.TemporaryDirectory() as workdir:
        peer = None if database else find_peer_protocols(workdir)
        if not peer and not database:
            print("lircd-keymap-corpus: v4l-utils' decoder objects not found or downloaded: "
                  "the printed keymaps are not tried on them")
        plugins = os.path.join(workdir, "plugins")
        os.mkdir(plugins)
        os.symlink(plugin[0], os.path.join(plugins, "file.so"))
        for path in files:
            blocks = database_blocks(path) if database else lircd_corpus.remote_blocks(path)
            key = os.path.relpath(path, database) if database else path
            run.add(key)
            if database and blocks:
                # Each remote on its own, as irsimsend sends a file's first remote only.
                pairs = []
                for block in blocks:
                    single = os.path.join(workdir, "single.conf")
                    with open(single, "w", encoding="latin-1") as f:
                        f.write(block)
                    proc = subprocess.run([dump, single], capture_output=True, text=True,
                                          errors="replace")
                    remotes = lircd_corpus.parse_dump(proc.stdout)
                    if proc.returncode == 0 and len(remotes) == 1:
                        pairs.append((block, remotes[0]))
                        continue
                    # Refused: its key-named buttons failed.
                    message = (proc.stderr.strip().splitlines() or ["exit %d" %
                                                                    proc.returncode])[-1]
                    message = message.replace(single, "REMOTE")
                    name, count = refused_buttons(block, codes)
                    buttons_tested += count
                    refused += 1
                    results[(key, name)] = "refused: " + message
            else:
                proc = subprocess.run([dump, path], capture_output=True, text=True)
                if blocks is None or proc.returncode != 0:
                    continue        # includes, or refused by the reader (lircd-corpus.py)
                remotes = lircd_corpus.parse_dump(proc.stdout)
                if len(blocks) != len(remotes):
                    failures.append("%s: %d blocks, %d remotes read" % (path, len(blocks),
                                                                        len(remotes)))
                    continue
                pairs = list(zip(blocks, remotes))
            for block, remote in pairs:
                if remote["encoding"] == "driver":
                    continue
                tested, passed, reason = test_remote(binary, plugins, workdir, block,
                                                     remote, codes, peer, stats,
                                                     not database)
                buttons_tested += tested
                buttons_passed += passed
                if reason and reason.startswith("refused"):
                    refused += 1
                else:
                    converted += 1
                if reason:
                    results[(key, remote["name"])] = reason
    for key, reason in sorted(results.items()):
        if key not in expected:
            failures.append("%s: %s: %s (not in keymap-corpus-failures.txt)" %
                            (key[0], key[1], reason))
        elif expected[key] != reason:
            failures.append("%s: %s: %s, expected %s" % (key[0], key[1], reason,
                                                         expected[key]))
    for key in sorted(expected):
        if key not in results and key[0] in run:
            failures.append("%s: %s: in keymap-corpus-failures.txt but passes now: take "
                            "it out of the list" % key)
    if os.environ.get("IRKIT_CORPUS_UPDATE") and every == 1:
        # The list again, its comment lines kept (IRKIT_CORPUS_UPDATE=1: for review).
        with open(expected_path, encoding="utf-8") as f:
            comments = [line for line in f if line.startswith("#")]
        with open(expected_path, "w", encoding="utf-8") as f:
            f.writelines(comments)
            for key, reason in sorted(results.items()):
                f.write("%s\t%s\t%s\n" % (key[0], key[1], reason))
    failures += ["printed keymap: " + f for f in stats["failures"]]
    for failure in failures:
        print("FAIL " + failure)
    print("lircd-keymap-corpus: printed keymaps' protocols: %s; decoded alike, read back: %s" % (
        ", ".join("%s %d" % kv for kv in sorted(stats["protocols"].items())),
        ", ".join("%s %d" % kv for kv in sorted(stats["routes"].items()))))
    if peer:
        print("lircd-keymap-corpus: the peer's route (the printed keymap on v4l-utils' "
              "objects): %d of %d buttons decoded (%.1f%%)" % (
                  stats["peer_reached"], buttons_tested,
                  100.0 * stats["peer_reached"] / max(buttons_tested, 1)))
        print("lircd-keymap-corpus: the peer's route for keys alone (lircd_space entries "
              "as v4l-utils' decoders, repeat codes left out): %d of %d buttons decoded "
              "(%.1f%%)" % (stats["peer_keys_reached"], buttons_tested,
                            100.0 * stats["peer_keys_reached"] / max(buttons_tested, 1)))
    print("lircd-keymap-corpus: %d of %d buttons decoded (%.1f%%); IR remotes: %d converted, "
          "%d refused" % (buttons_passed, buttons_tested,
                          100.0 * buttons_passed / max(buttons_tested, 1), converted, refused))
    if buttons_tested < 500 and every == 1:
        failures.append("too few buttons tested: something is missing")
        print("FAIL " + failures[-1])
    print("lircd-keymap-corpus: %d passed, %d failed" % (buttons_passed, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
