#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Real captures with a reference decoder's decodes, through `ir-keytable -p irp`.

DIR holds captures in IrScope's .ict format and, beside each, a .exp with the decodes
IrpTransmogrifier (`decode --recursive --namedinput`) found for each named signal. A
button is a name of the .ict (a name seen twice is the same button recorded again): all
its samples, in order, are one capture, decoded with
`ir-keytable --decode=CAPTURE -p irp`. A button with at least one decode in the .exp
passes when an `irp protocol(NAME): P=V ...` line names one of those decodes (names
compared ignoring case) with the same value for every parameter the .exp gives.
Protocols whose IRP differs only in the carrier frequency (the database's
utils/irp/protocols.tsv, blanks ignored) count as one: a capture has no carrier.

.ict: a `note=NAME` line starts a signal's samples; `+N` is a pulse of N µs (`,M` after
it: a sample index), `-N` a space. .exp: a line `NAME:` then, tab-separated, decodes
`PROTOCOL: {P=V,...}, beg=N, end=N` (a decode of a later part in braces after it); a
line that starts with a tab goes on with the line before.

Prints, for each protocol of the reference's first decode with a button that fails,
how many of its buttons pass, marked "(listed)" when tests/data/irp-captures-left.txt
says why; each failing button with what was printed (-v); then the total. Exit 1 when
fewer than --goal percent pass.

usage: irp-captures.py [-v] [--goal PERCENT] [--ir-keytable PATH] DIR
"""

import argparse
import collections
import glob
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TSV = os.path.join(HERE, '..', 'utils', 'irp', 'protocols.tsv')
LEFT = os.path.join(HERE, 'data', 'irp-captures-left.txt')
DECODE_RE = re.compile(r'(?:^|[\t{])([^\t{}]+?): \{([^}]*)\}')
LINE_RE = re.compile(r'irp protocol\((.*)\):((?: [^ =]+=\d+)*)$')


def carrier_classes():
    """Protocol name (lower case) -> a key shared by those that differ only in carrier."""
    classes = {}
    with open(TSV, encoding='utf-8') as f:
        for line in f:
            if line.startswith('#') or line.startswith('name\t'):
                continue
            cols = line.rstrip('\n').split('\t')
            if len(cols) < 2:
                continue
            # the frequency is the general spec's item with a 'k' unit
            irp = re.sub(r'^\{[^}]*\}', lambda m: re.sub(r'[\d.]+k,?', '', m.group(0)),
                         cols[1].strip())
            classes[cols[0].lower()] = re.sub(r'\s+', '', irp)
    return classes


def read_ict(path):
    """Button name -> signed durations, every recording in order."""
    buttons = collections.OrderedDict()
    current = None
    with open(path, encoding='utf-8', errors='replace') as f:
        for line in f:
            line = line.strip()
            if line.startswith('note='):
                current = buttons.setdefault(line[5:], [])
            elif current is not None and line[:1] in '+-' and len(line) > 1:
                current.append(int(line.split(',')[0]))
    return buttons


def read_exp(path):
    """Button name -> list of (protocol, {param: value})."""
    buttons = collections.OrderedDict()
    name = None
    with open(path, encoding='utf-8', errors='replace') as f:
        for line in f:
            line = line.rstrip('\n')
            if not line.startswith('\t'):
                if ':\t' not in line and not line.endswith(':'):
                    continue
                name, _, line = line.partition(':\t') if ':\t' in line else \
                    (line[:-1], '', '')
                line = '\t' + line
            if name is None:
                continue
            decodes = buttons.setdefault(name, [])
            for proto, params in DECODE_RE.findall(line):
                values = {}
                for item in params.split(','):
                    if '=' in item:
                        k, v = item.split('=', 1)
                        values[k.strip()] = int(v)
                decodes.append((proto.strip(), values))
    return buttons


def capture_text(durations):
    """A signed list as ir-ctl reads it, pulses and spaces merged where they repeat."""
    merged = []
    for d in durations:
        if merged and (merged[-1] > 0) == (d > 0):
            merged[-1] += d
        else:
            merged.append(d)
    while merged and merged[0] < 0:
        merged.pop(0)
    return ' '.join('%+d' % d for d in merged) + '\n'


def decode(ir_keytable, text, tmp):
    path = os.path.join(tmp, 'capture.txt')
    with open(path, 'w') as f:
        f.write(text)
    proc = subprocess.run([ir_keytable, '--decode=' + path, '-p', 'irp'],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, env=dict(os.environ, LC_ALL='C'))
    found = []
    for line in proc.stdout.splitlines():
        m = LINE_RE.search(line)
        if m:
            values = dict((k, int(v)) for k, v in
                          (item.split('=') for item in m.group(2).split()))
            found.append((m.group(1), values))
    return proc.stdout, found


def passes(expected, found, classes):
    for want_name, want in expected:
        want_key = classes.get(want_name.lower(), want_name.lower())
        for got_name, got in found:
            if classes.get(got_name.lower(), got_name.lower()) != want_key:
                continue
            if all(got.get(k) == v for k, v in want.items()):
                return True
    return False


def listed_left():
    """Protocols whose failures tests/data/irp-captures-left.txt explains."""
    left = set()
    with open(LEFT, encoding='utf-8') as f:
        for line in f:
            if line.strip() and not line.startswith('#'):
                left.add(line.split('\t', 1)[0])
    return left


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('dir')
    parser.add_argument('-v', '--verbose', action='store_true')
    parser.add_argument('--goal', type=float, default=0.0)
    parser.add_argument('--ir-keytable', default=os.environ.get(
        'IR_KEYTABLE', os.path.join(os.getcwd(), 'keytable', 'ir-keytable')))
    args = parser.parse_args()

    classes = carrier_classes()
    total = passed = 0
    by_protocol = collections.defaultdict(lambda: [0, 0])
    with tempfile.TemporaryDirectory(prefix='irp-captures.') as tmp:
        for ict in sorted(glob.glob(os.path.join(args.dir, '*.ict'))):
            exp = ict[:-4] + '.exp'
            if not os.path.exists(exp):
                continue
            expected = read_exp(exp)
            for button, durations in read_ict(ict).items():
                decodes = expected.get(button)
                if not decodes or not durations:
                    continue
                out, found = decode(args.ir_keytable, capture_text(durations), tmp)
                ok = passes(decodes, found, classes)
                total += 1
                passed += ok
                counts = by_protocol[decodes[0][0]]
                counts[0] += ok
                counts[1] += 1
                if not ok and args.verbose:
                    print('FAIL %s: %s: want %s' % (os.path.basename(ict), button,
                          ' | '.join('%s %s' % d for d in decodes[:3])))
                    for line in out.splitlines():
                        if 'irp protocol' in line or 'lirc protocol' in line:
                            print('    ' + line)
    left = listed_left()
    for proto, (ok, n) in sorted(by_protocol.items()):
        if ok < n:
            print('%s: %d of %d%s' % (proto, ok, n, ' (listed)' if proto in left else ''))
    percent = 100.0 * passed / total if total else 0.0
    print('%d of %d buttons (%.1f%%)' % (passed, total, percent))
    return 0 if percent >= args.goal else 1


if __name__ == '__main__':
    sys.exit(main())
