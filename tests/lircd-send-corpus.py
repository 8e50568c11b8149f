#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""ir-ctl's trains for lircd.conf remotes against LIRC's own sender, irsimsend.

For every remote block of every lircd.conf file under DIR (files that include others
are left out, and counted) and each of its buttons named as an input key (KEY_* or
BTN_* of <linux/input-event-codes.h>, any case), two trains are compared:

  ir-ctl --dry-run -k FILE -K REMOTE:BUTTON --repeat N
  irsimsend -U PLUGINS -c C -k BUTTON REMOTE.conf        (C = 1 + max(N, min_repeat))

ir-ctl reads the file as it is, the remote picked by its name (a file of one remote,
or whose remotes share a name, is given as a file of that remote's block alone, and
the button by its name); irsimsend sends a file's first remote only, so it gets the
block alone. irsimsend's -c C sends the button C times, the first as a press and the
others as its repeats, and does not apply min_repeat, which lircd's SEND_ONCE does
(at least min_repeat repeats whatever the count): hence C. N is 2 unless --repeat says.

How the two texts are made comparable: irsimsend writes simsend.out, one "pulse N" or
"space N" a line; its spaces before the first pulse and after the last one (the last
frame's gap) are dropped, as ir-ctl drops them (a transmitter starts and ends with a
pulse); two lines of the same kind in a row would be added up (none have been seen).
ir-ctl's output is taken as it is. Then the two lists of durations must be equal.
A button that neither sends (both refuse it) counts apart, as agreeing.

Prints the buttons compared, identical and the percentage, then the differences by
cause with a few examples each. With --list FILE (tests/data/lircd/send-differences.txt),
every remote that differs must be listed there with its cause, and a listed remote that
no longer differs is an error too; --update rewrites FILE's lines (for review).

Run with no directory (make check), the --expected check below, then, when LIRC is
installed, Debian's remotes (/usr/share/lirc/remotes, lirc-compat-remotes) against
irsimsend, where every button must be identical.

--generate DIR writes, for each *.conf file of DIR (the small set checked in under
tests/data/lircd/send), NAME.simsend: irsimsend's train of each of its key-named
buttons, "button NAME" then its lines, with the same counts. --expected DIR then
compares ir-ctl against those files with no LIRC installed (make check), and sends
each button back through `ir-keytable --decode=- -w FILE`: one key_down of that
button's key, or none for a remote ir-keytable cannot decode (listed in DIR/README).

usage: lircd-send-corpus.py [--ir-ctl PATH] [--repeat N] [--jobs N] [--every N]
                            [--list FILE [--update]] DIR
       lircd-send-corpus.py --generate DIR
       lircd-send-corpus.py [--ir-ctl PATH] [--ir-keytable PATH] --expected DIR
"""

import argparse
import concurrent.futures
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

DEBIAN_REMOTES = "/usr/share/lirc/remotes"
COMMENT_NAMES = ("KEY_MAX", "KEY_CNT", "KEY_MIN_INTERESTING", "KEY_RESERVED")


def key_codes():
    """Every KEY_/BTN_ name of the kernel's header, upper case, to its code."""
    codes = {}
    with open("/usr/include/linux/input-event-codes.h") as f:
        for line in f:
            m = re.match(r"#define\s+((?:KEY|BTN)_\w+)\s+(\w+)", line)
            if not m:
                continue
            name, value = m.group(1), m.group(2)
            if re.fullmatch(r"0x[0-9a-fA-F]+|[0-9]+", value):
                codes[name] = int(value, 0)
            elif value in codes:
                codes[name] = codes[value]
    for name in COMMENT_NAMES:
        codes.pop(name, None)
    return codes


def is_lircd_conf(data):
    """As lircd_conf_detect(): the first token not in a comment is "begin remote" or "include"."""
    for line in data.splitlines():
        words = line.split()
        if not words or words[0].startswith(b"#"):
            continue
        first = words[0].lower()
        return first == b"include" or (first == b"begin" and len(words) > 1 and
                                       words[1].lower() == b"remote")
    return False


def blocks_of(text):
    """The remote blocks of a file's text (bytes as Latin-1); None if it includes files."""
    if re.search(r"^[ \t]*include\b", text, re.I | re.M):
        return None
    return re.findall(r"^[ \t]*begin[ \t]+remote\b.*?^[ \t]*end[ \t]+remote\b[^\n]*\n?", text,
                      re.I | re.M | re.S)


def remote_of(block):
    """(name, min_repeat, button names in order) of a remote block, read as lircd reads it."""
    name, min_repeat, buttons = None, 0, []
    section = None
    for line in block.splitlines():
        if line.startswith("#"):
            continue
        words = line.split()
        if not words:
            continue
        low = [w.lower() for w in words[:2]]
        if len(low) == 2 and low[0] in ("begin", "end") and low[1] in ("codes", "raw_codes"):
            section = low[1] if low[0] == "begin" else None
            continue
        if section == "codes":
            buttons.append(words[0])
        elif section == "raw_codes":
            if low[0] == "name" and len(words) > 1:
                buttons.append(words[1])
        elif words[0].startswith("#"):
            continue
        elif low[0] == "name" and len(words) > 1 and name is None:
            name = words[1]
        elif low[0] == "min_repeat" and len(words) > 1:
            try:
                min_repeat = int(words[1], 0)
            except ValueError:
                pass
    return name, min_repeat, buttons


def read_train(text):
    """Durations of a pulse/space text, leading and trailing spaces dropped, runs of one
    kind added up: [(is_pulse, us)]."""
    items = []
    for line in text.splitlines():
        words = line.split()
        if len(words) != 2 or words[0] not in ("pulse", "space"):
            continue
        pulse, us = words[0] == "pulse", int(words[1])
        if not items and not pulse:
            continue
        if items and items[-1][0] == pulse:
            items[-1] = (pulse, items[-1][1] + us)
        else:
            items.append((pulse, us))
    while items and not items[-1][0]:
        items.pop()
    return items


def irsimsend(plugins, workdir, conf, button, count):
    out = os.path.join(workdir, "simsend.out")
    if os.path.exists(out):
        os.unlink(out)
    subprocess.run(["irsimsend", "-U", plugins, "-c", str(count), "-k", button, conf],
                   cwd=workdir, capture_output=True, timeout=60)
    if not os.path.exists(out):
        return ""
    with open(out, encoding="latin-1") as f:
        return f.read()


def ir_ctl(binary, conf, key, repeat):
    """(train text or None, the error's last line)."""
    proc = subprocess.run([binary, "--dry-run", "-k", conf, "-K", key, "--repeat", str(repeat)],
                          capture_output=True, timeout=60)
    if proc.returncode != 0:
        lines = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        return None, lines[-1] if lines else "exit %d" % proc.returncode
    return proc.stdout.decode(), None


def describe(ours, theirs):
    """Why two trains differ, in words that group alike differences."""
    n = min(len(ours), len(theirs))
    i = next((k for k in range(n) if ours[k] != theirs[k]), n)
    # A frame ends at a space of 10 ms or more (the gaps of LIRC's remotes).
    frame = sum(1 for pulse, us in theirs[:i] if not pulse and us >= 10000)
    where = "the first frame" if frame == 0 else "a repeat (frame %d)" % (frame + 1)
    if i == n:
        return "%s: %s durations, irsimsend %d" % (where, len(ours), len(theirs)), i
    kind = "pulse" if theirs[i][0] else "space"
    if not theirs[i][0] and theirs[i][1] >= 10000 and ours[i][1] >= 10000:
        return "the gap after %s" % where, i
    return "%s: a %s" % (where, kind), i


def compare_file(args, plugins, codes, root, path):
    """Results of one file: [(key, remote, button, cause or None, detail)]."""
    with open(path, "rb") as f:
        text = f.read().decode("latin-1")
    blocks = blocks_of(text)
    if blocks is None:
        return None
    rel = os.path.relpath(path, root)
    results = []
    remotes = [remote_of(b) for b in blocks]
    names = [r[0] for r in remotes]
    with tempfile.TemporaryDirectory(prefix="lircdsend-") as workdir:
        single = os.path.join(workdir, "remote.conf")
        for block, (name, min_repeat, buttons) in zip(blocks, remotes):
            with open(single, "w", encoding="latin-1") as f:
                f.write(block)
            whole = len(blocks) > 1 and names.count(name) == 1 and ":" not in (name or "")
            seen = set()
            for button in buttons:
                if button.upper() not in codes or button in seen:
                    continue
                seen.add(button)
                count = 1 + max(args.repeat, min_repeat)
                theirs = read_train(irsimsend(plugins, workdir, single, button, count))
                if whole:
                    out, error = ir_ctl(args.ir_ctl, path, "%s:%s" % (name, button),
                                        args.repeat)
                else:
                    out, error = ir_ctl(args.ir_ctl, single, button, args.repeat)
                if error is not None:
                    error = error.replace(path, "FILE").replace(single, "FILE")
                    if not theirs:
                        results.append((rel, name, button, None, "both send nothing"))
                    else:
                        # One cause a remote: the program, line and durations left out.
                        error = re.sub(r"^[^:]*: FILE:[0-9:]* ", "", error)
                        results.append((rel, name, button, "ir-ctl refuses: " +
                                        re.sub(r"[0-9]+ us", "N us", error), ""))
                    continue
                ours = read_train(out)
                if not theirs:
                    results.append((rel, name, button, "irsimsend sends nothing", ""))
                elif ours != theirs:
                    cause, i = describe(ours, theirs)
                    results.append((rel, name, button, cause, "duration %d: ours %s, "
                                    "irsimsend %s" % (i, ours[i:i + 1], theirs[i:i + 1])))
                else:
                    results.append((rel, name, button, None, ""))
    return results


def load_list(path):
    listed = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            file_, remote, cause = line.rstrip("\n").split("\t", 2)
            listed[(file_, remote)] = cause
    return listed


def corpus(args):
    plugin = sorted(glob.glob("/usr/lib/*/lirc/plugins/file.so"))
    if not plugin or not shutil.which("irsimsend"):
        print("lircd-send-corpus: irsimsend or its file plugin not installed (the lirc "
              "package): skipped")
        return 77
    codes = key_codes()
    files = []
    for dirpath, _, names in os.walk(args.dir):
        for name in names:
            path = os.path.join(dirpath, name)
            with open(path, "rb") as f:
                if is_lircd_conf(f.read()):
                    files.append(path)
    files = sorted(files)[::args.every]
    start = time.monotonic()
    results, including = [], 0
    with tempfile.TemporaryDirectory(prefix="lircdsend-plugins-") as plugins:
        os.symlink(plugin[0], os.path.join(plugins, "file.so"))
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            futures = [pool.submit(compare_file, args, plugins, codes, args.dir, p)
                       for p in files]
            for future in futures:
                found = future.result()
                if found is None:
                    including += 1
                else:
                    results += found
    elapsed = time.monotonic() - start
    both_none = sum(1 for r in results if r[3] is None and r[4] == "both send nothing")
    compared = len(results) - both_none
    identical = sum(1 for r in results if r[3] is None) - both_none
    by_cause = {}
    for r in results:
        if r[3] is not None:
            by_cause.setdefault(r[3], []).append(r)
    print("lircd-send-corpus: %d files (%d left out: they include others), %d remotes "
          "with key-named buttons, %.0f s" % (
              len(files), including, len({(r[0], r[1]) for r in results}), elapsed))
    print("lircd-send-corpus: %d buttons compared (--repeat %d), %d identical (%.2f%%); "
          "%d more sent by neither (driver-decoded codes, protocols LIRC cannot send)" % (
              compared, args.repeat, identical, 100.0 * identical / max(compared, 1),
              both_none))
    for cause, rows in sorted(by_cause.items(), key=lambda kv: -len(kv[1])):
        print("  %5d  %s" % (len(rows), cause))
        for row in rows[:3]:
            print("         %s: %s: %s %s" % (row[:3] + (row[4],)))
    failures = []
    if args.list:
        listed = load_list(args.list)
        found = {}
        for r in results:
            if r[3] is not None:
                found.setdefault((r[0], r[1]), r[3])
        for key, cause in sorted(found.items()):
            if key not in listed:
                failures.append("%s: %s: %s (not in %s)" % (key[0], key[1], cause,
                                                           os.path.basename(args.list)))
            elif listed[key] != cause:
                failures.append("%s: %s: %s, listed as %s" % (key[0], key[1], cause,
                                                              listed[key]))
        ran = {r[0] for r in results}
        for key in sorted(listed):
            if key not in found and key[0] in ran:
                failures.append("%s: %s: listed, but identical now: take it out" % key)
        if args.update:
            with open(args.list, encoding="utf-8") as f:
                comments = [line for line in f if line.startswith("#")]
            with open(args.list, "w", encoding="utf-8") as f:
                f.writelines(comments)
                for key, cause in sorted(found.items()):
                    f.write("%s\t%s\t%s\n" % (key[0], key[1], cause))
            failures = []
    if getattr(args, "strict", False):
        failures += ["%s: %s: %s: %s" % r[:4] for r in results if r[3] is not None]
    for failure in failures:
        print("FAIL " + failure)
    return 1 if failures else 0


def generate(args):
    """NAME.simsend for each NAME.conf of the directory: irsimsend's trains."""
    plugin = sorted(glob.glob("/usr/lib/*/lirc/plugins/file.so"))
    if not plugin or not shutil.which("irsimsend"):
        print("lircd-send-corpus: --generate needs irsimsend (the lirc package)")
        return 1
    codes = key_codes()
    with tempfile.TemporaryDirectory(prefix="lircdsend-gen-") as workdir:
        plugins = os.path.join(workdir, "plugins")
        os.mkdir(plugins)
        os.symlink(plugin[0], os.path.join(plugins, "file.so"))
        for conf in sorted(glob.glob(os.path.join(args.dir, "*.conf"))):
            with open(conf, encoding="latin-1") as f:
                blocks = blocks_of(f.read())
            lines = ["# irsimsend -c 1+max(2,min_repeat) -k BUTTON, each remote of %s in a "
                     "file of its own: tests/lircd-send-corpus.py --generate" %
                     os.path.basename(conf)]
            single = os.path.join(workdir, "remote.conf")
            for block in blocks:
                name, min_repeat, buttons = remote_of(block)
                with open(single, "w", encoding="latin-1") as f:
                    f.write(block)
                seen = set()
                for button in buttons:
                    if button.upper() not in codes or button in seen:
                        continue
                    seen.add(button)
                    lines.append("button %s:%s" % (name, button))
                    lines += irsimsend(plugins, workdir, single, button,
                                       1 + max(args.repeat, min_repeat)).splitlines()
            with open(conf[:-len(".conf")] + ".simsend", "w", encoding="utf-8") as f:
                f.write("\n".join(lines) + "\n")
    return 0


def expected(args):
    """ir-ctl against the checked-in irsimsend trains; then each train decoded back."""
    codes = key_codes()
    failures, compared, identical, round_trips, left_out = [], 0, 0, 0, 0
    undecodable = set()
    readme = os.path.join(args.dir, "README")
    if os.path.exists(readme):
        with open(readme) as f:
            undecodable = set(re.findall(r"^not decoded: (\S+)", f.read(), re.M))
    for simsend in sorted(glob.glob(os.path.join(args.dir, "*.simsend"))):
        conf = simsend[:-len(".simsend")] + ".conf"
        with open(simsend) as f:
            text = f.read()
        for part in text.split("\nbutton ")[1:]:
            key, _, train = part.partition("\n")
            button = key.split(":", 1)[1]
            compared += 1
            out, error = ir_ctl(args.ir_ctl, conf, key, args.repeat)
            if error is not None:
                failures.append("%s: %s: %s" % (os.path.basename(conf), key, error))
                continue
            ours, theirs = read_train(out), read_train(train)
            if ours != theirs:
                cause, i = describe(ours, theirs)
                failures.append("%s: %s: %s (duration %d)" % (os.path.basename(conf), key,
                                                             cause, i))
                continue
            identical += 1
            base = os.path.basename(conf)
            proc = subprocess.run([args.ir_keytable, "--decode=-", "-w", conf], input=out,
                                  capture_output=True, text=True, timeout=60)
            downs = re.findall(r"key_down: \S+\((0x[0-9a-f]+)\)", proc.stdout)
            if base in undecodable:
                left_out += 1
            want = [] if base in undecodable else [codes[button.upper()]]
            if (proc.returncode != 0 and want) or [int(d, 16) for d in downs] != want:
                failures.append("%s: %s: decoded back as %s (exit %d), expected %s" % (
                    base, key, downs, proc.returncode, want))
            elif want:
                round_trips += 1
    for failure in failures:
        print("FAIL " + failure)
    print("lircd-send-corpus: %d of %d buttons as irsimsend sends them; %d decoded back "
          "to their key (%d more of remotes ir-keytable does not decode: no key, as "
          "expected)" % (identical, compared, round_trips, left_out))
    if compared < 20:
        print("FAIL too few buttons: something is missing")
        return 1
    return 1 if failures else 0


def main():
    top_builddir = os.environ.get("top_builddir", ".")
    top_srcdir = os.environ.get("top_srcdir", ".")
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ir-ctl", default=os.path.join(top_builddir, "irctl", "ir-ctl"))
    parser.add_argument("--ir-keytable", default=os.path.join(top_builddir, "keytable",
                                                              "ir-keytable"))
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--list")
    parser.add_argument("--update", action="store_true")
    parser.add_argument("--generate", action="store_true")
    parser.add_argument("--expected", action="store_true")
    parser.add_argument("dir", nargs="?")
    args = parser.parse_args()
    if args.dir is None:
        # make check: the checked-in set, no LIRC needed; then, where LIRC is installed,
        # Debian's remotes against irsimsend itself, every button identical.
        args.dir = os.path.join(top_srcdir, "tests", "data", "lircd", "send")
        ret = expected(args)
        if ret == 0 and os.path.isdir(DEBIAN_REMOTES) and shutil.which("irsimsend"):
            args.dir, args.strict = DEBIAN_REMOTES, True
            ret = corpus(args)
        return ret
    if args.generate:
        return generate(args)
    if args.expected:
        return expected(args)
    return corpus(args)


if __name__ == "__main__":
    sys.exit(main())
