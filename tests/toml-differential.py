#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Differential test of tests/toml-decoder against Python's tomllib.

Generates random valid TOML documents (from random trees, written with random
syntax: headers, implicit and super tables, arrays of tables, dotted keys, inline
tables, every string form and escape, every integer base, floats, date-times,
comments, CRLF) and random mutations of them (which are often invalid), with a
fixed seed. Every document goes to toml-decoder (in --batch mode: one process) and
to tomllib; both must accept with the same values, or both must reject.

Where tomllib departs from TOML 1.0 the case is skipped, and counted:
  - integers beyond 64 bits: TOML 1.0 says a parser must reject what it cannot
    represent losslessly, tomllib keeps Python's big integers;
  - second 60 (a leap second, allowed by RFC 3339's grammar that TOML uses) and
    year 0000: Python's datetime cannot hold them, so tomllib rejects them.
The generator itself avoids them; only mutations can produce them.

usage: toml-differential.py [DECODER] [--count N] [--seed S] [--verbose]
"""

import datetime
import json
import math
import os
import random
import struct
import subprocess
import sys
import tomllib

BARE = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"
# Characters strings are made of: ASCII, controls, quotes, backslashes, non-ASCII
# of every UTF-8 length (with the edges of the code space).
STRING_POOL = (list("abcxyz ABC019 !#$%&()*+,-./:;<=>?@[]^_`{|}~") +
               ['"', "'", "\\", "\t", "\n", "\x00", "\x01", "\x08", "\x0c", "\x0d",
                "\x1f", "\x7f", "\x80", "é", "ß", "\u07ff", "\u0800", "中", "\ud7ff",
                "\ue000", "\ufffd", "\uffff", "\U00010000", "😀", "\U0010ffff"])


class Gen:
    def __init__(self, rng):
        self.r = rng
        self.nl = "\n"

    # --- pieces ----------------------------------------------------------------
    def ws(self):
        return self.r.choice(["", "", "", " ", "  ", "\t", " \t "])

    def comment(self):
        text = "".join(self.r.choice("abc #=[]\"'\té中😀") for _ in range(self.r.randrange(8)))
        return "#" + text

    def line_tail(self):
        return self.ws() + (self.comment() if self.r.random() < 0.15 else "")

    def blank_lines(self):
        out = ""
        while self.r.random() < 0.2:
            out += self.ws() + (self.comment() if self.r.random() < 0.5 else "") + self.nl
        return out

    def random_text(self, max_len=12):
        return "".join(self.r.choice(STRING_POOL) for _ in range(self.r.randrange(max_len)))

    def key_name(self):
        roll = self.r.random()
        if roll < 0.75:
            return "".join(self.r.choice(BARE) for _ in range(self.r.randrange(1, 6)))
        if roll < 0.85:
            return self.r.choice(["true", "false", "inf", "nan", "1", "0x10", "1e5", "-", "_"])
        return self.random_text(6)

    def key_token(self, name):
        if name and all(c in BARE for c in name) and self.r.random() < 0.9:
            return name
        if ("'" not in name and "\n" not in name and
                not any(ord(c) < 32 and c != "\t" or c == "\x7f" for c in name) and
                self.r.random() < 0.4):
            return "'" + name + "'"
        return self.basic_string(name)

    def escape_char(self, c, multiline=False):
        named = {"\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r",
                 '"': '\\"', "\\": "\\\\"}
        if c in named and (c not in "\t\n" or self.r.random() < 0.5):
            if c == "\n" and multiline and self.r.random() < 0.5:
                return "\n"
            return named[c]
        if ord(c) < 32 and c not in "\t\n" or c == "\x7f":
            return self.unicode_escape(c)
        if c == "\n" and not multiline:
            return "\\n"
        if self.r.random() < 0.05:
            return self.unicode_escape(c)
        return c

    def unicode_escape(self, c):
        cp = ord(c)
        if cp <= 0xFFFF and self.r.random() < 0.6:
            prefix, digits = "\\u", "%04x" % cp
        else:
            prefix, digits = "\\U", "%08x" % cp
        return prefix + (digits.upper() if self.r.random() < 0.5 else digits)

    def basic_string(self, text):
        return '"' + "".join(self.escape_char(c) for c in text) + '"'

    def ml_basic_string(self, text):
        out = []
        quotes = 0
        for c in text:
            if c == '"':
                quotes += 1
                if quotes == 3 or self.r.random() < 0.2:
                    out.append('\\"')
                    quotes = 0
                else:
                    out.append('"')
                continue
            quotes = 0
            piece = self.escape_char(c, multiline=True)
            if c == "\n" and piece == "\n" and self.nl == "\r\n":
                piece = "\r\n"
            out.append(piece)
            if self.r.random() < 0.05:
                # A line-ending backslash: blanks, newlines and indentation vanish.
                out.append("\\" + self.ws() + self.nl + self.ws() + self.nl * self.r.randrange(2) +
                           self.ws())
        body = "".join(out)
        lead = self.nl if text.startswith("\n") or self.r.random() < 0.5 else ""
        if body.startswith("\r\n") or body.startswith("\n"):
            lead = self.nl
        return '"""' + lead + body + '"""'

    def literal_possible(self, text, multiline):
        for c in text:
            if (ord(c) < 32 and c not in "\t\n") or c == "\x7f":
                return False
        if not multiline:
            return "'" not in text and "\n" not in text
        return "'''" not in text and not text.endswith("'''")

    def ml_literal_string(self, text):
        lead = self.nl if text.startswith("\n") or self.r.random() < 0.5 else ""
        body = text.replace("\n", self.nl)
        return "'''" + lead + body + "'''"

    def string_value(self):
        text = self.random_text()
        roll = self.r.random()
        if roll < 0.35 and self.literal_possible(text, False):
            return "'" + text + "'"
        if roll < 0.55 and self.literal_possible(text, True):
            return self.ml_literal_string(text)
        if roll < 0.75:
            return self.ml_basic_string(text)
        return self.basic_string(text)

    def underscored(self, digits):
        out = digits[0]
        for d in digits[1:]:
            if self.r.random() < 0.2:
                out += "_"
            out += d
        return out

    def integer_value(self):
        r = self.r
        roll = r.random()
        if roll < 0.1:
            n = r.choice([0, 1, -1, 2**63 - 1, -2**63, 2**62, -(2**62)])
        elif roll < 0.5:
            n = r.randrange(-1000, 1000)
        else:
            n = r.randrange(-2**63, 2**63)
        base = r.choice([10, 10, 10, 16, 8, 2]) if n >= 0 else 10
        if base == 10:
            sign = "-" if n < 0 else r.choice(["", "", "+"])
            return sign + self.underscored(str(abs(n)))
        digits = {16: "%x", 8: "%o", 2: "{:b}"}[base]
        text = digits % n if base != 2 else digits.format(n)
        if base == 16 and r.random() < 0.5:
            text = text.upper()
        text = "0" * r.randrange(3) + text
        return {16: "0x", 8: "0o", 2: "0b"}[base] + self.underscored(text)

    def float_value(self):
        r = self.r
        roll = r.random()
        if roll < 0.1:
            return r.choice(["", "+", "-"]) + r.choice(["inf", "nan"])
        if roll < 0.4:
            bits = r.getrandbits(64)
            x = struct.unpack("<d", struct.pack("<Q", bits))[0]
            if math.isnan(x) or math.isinf(x):
                x = 0.5
            return repr(x)
        sign = r.choice(["", "", "-", "+"])
        intpart = str(r.choice([0, r.randrange(1, 10**r.randrange(1, 12))]))
        text = self.underscored(intpart)
        form = r.choice(["frac", "exp", "both"])
        if form in ("frac", "both"):
            text += "." + self.underscored("".join(r.choice("0123456789")
                                                   for _ in range(r.randrange(1, 12))))
        if form in ("exp", "both"):
            exp = str(r.randrange(0, 330))
            text += r.choice("eE") + r.choice(["", "+", "-"]) + \
                self.underscored("0" * r.randrange(2) + exp)
        return sign + text

    def datetime_value(self):
        r = self.r
        year = r.randrange(1, 10000)
        month = r.randrange(1, 13)
        mdays = [31, 29 if (year % 4 == 0 and year % 100 != 0) or year % 400 == 0 else 28,
                 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        day = r.randrange(1, mdays + 1)
        if r.random() < 0.1:
            day = mdays
        date = "%04d-%02d-%02d" % (year, month, day)
        time = "%02d:%02d:%02d" % (r.randrange(24), r.randrange(60), r.randrange(60))
        if r.random() < 0.4:
            time += "." + "".join(r.choice("0123456789") for _ in range(r.randrange(1, 12)))
        kind = r.randrange(4)
        if kind == 0:
            return date
        if kind == 1:
            return time
        text = date + r.choice(["T", "t", " "]) + time
        if kind == 2:
            return text
        return text + r.choice(["Z", "z", "+%02d:%02d" % (r.randrange(24), r.randrange(60)),
                                "-%02d:%02d" % (r.randrange(24), r.randrange(60))])

    def scalar(self):
        return self.r.choice([self.string_value, self.integer_value, self.float_value,
                              self.datetime_value,
                              lambda: self.r.choice(["true", "false"])])()

    # --- values and trees --------------------------------------------------------
    def array_value(self, depth):
        r = self.r
        items = [self.value(depth + 1) for _ in range(r.randrange(5))]
        multiline = r.random() < 0.4
        out = "["
        for i, item in enumerate(items):
            if multiline:
                out += self.ws() + (self.comment() if r.random() < 0.2 else "") + self.nl
            out += self.ws() + item + self.ws()
            if i + 1 < len(items) or r.random() < 0.3:
                out += ","
        if multiline:
            out += self.ws() + (self.comment() if r.random() < 0.2 else "") + self.nl
        return out + self.ws() + "]"

    def inline_table(self, depth):
        r = self.r
        keys = set()
        parts = []
        for _ in range(r.randrange(4)):
            k = self.key_name()
            if k in keys:
                continue
            keys.add(k)
            if r.random() < 0.2 and depth < 4:
                # A dotted key opens a table only reachable by more dotted keys.
                sub = []
                for _ in range(r.randrange(1, 3)):
                    s = self.key_name()
                    if s not in sub:
                        sub.append(s)
                        parts.append(self.key_token(k) + self.ws() + "." + self.ws() +
                                     self.key_token(s) + self.ws() + "=" + self.ws() +
                                     self.value(depth + 2))
            else:
                parts.append(self.key_token(k) + self.ws() + "=" + self.ws() +
                             self.value(depth + 1))
        return "{" + self.ws() + ("," + self.ws()).join(parts) + self.ws() + "}"

    def value(self, depth=0):
        roll = self.r.random()
        if depth < 4 and roll < 0.12:
            return self.array_value(depth)
        if depth < 4 and roll < 0.2:
            return self.inline_table(depth)
        return self.scalar()

    def tree(self, depth):
        """A table as a dict: scalars as text, tables as dicts, arrays of tables as lists."""
        r = self.r
        table = {}
        for _ in range(r.randrange(1 if depth else 2, 6)):
            name = self.key_name()
            if name in table:
                continue
            roll = r.random()
            if depth < 3 and roll < 0.2:
                table[name] = self.tree(depth + 1)
            elif depth < 3 and roll < 0.3:
                table[name] = [self.tree(depth + 1) for _ in range(r.randrange(1, 4))]
            else:
                table[name] = self.value()
        return table

    def path_text(self, path):
        return (self.ws() + "." + self.ws()).join(self.key_token(k) for k in path)

    def dotted_lines(self, prefix, table):
        """Lines 'a.b.c = v' for a table written with dotted keys only."""
        lines = []
        for k, v in table.items():
            if isinstance(v, dict):
                if v and self.r.random() < 0.8:
                    lines += self.dotted_lines(prefix + [k], v)
                else:
                    lines.append(self.path_text(prefix + [k]) + self.ws() + "=" + self.ws() +
                                 self.inline_of(v))
            elif isinstance(v, list):
                lines.append(self.path_text(prefix + [k]) + self.ws() + "=" + self.ws() +
                             "[" + ", ".join(self.inline_of(t) for t in v) + "]")
            else:
                lines.append(self.path_text(prefix + [k]) + self.ws() + "=" + self.ws() + v)
        return lines

    def inline_of(self, table):
        parts = []
        for k, v in table.items():
            if isinstance(v, dict):
                text = self.inline_of(v)
            elif isinstance(v, list):
                text = "[" + ", ".join(self.inline_of(t) for t in v) + "]"
            else:
                text = v    # may span lines (strings, arrays): valid inside values
            parts.append(self.key_token(k) + self.ws() + "=" + self.ws() + text)
        return "{" + ", ".join(parts) + "}"

    def section(self, path, table, header, out):
        """Write table's own keys under header (None for the root), then its sub-tables."""
        r = self.r
        own = []
        later = []
        for k, v in table.items():
            if isinstance(v, dict):
                mode = r.random()
                if mode < 0.5:
                    later.append(("table", k, v))
                elif mode < 0.8 and v:
                    own += self.dotted_lines([k], v)
                else:
                    own.append(self.key_token(k) + self.ws() + "=" + self.ws() + self.inline_of(v))
            elif isinstance(v, list):
                if r.random() < 0.7:
                    later.append(("array", k, v))
                else:
                    own.append(self.key_token(k) + self.ws() + "=" + self.ws() + "[" +
                               ", ".join(self.inline_of(t) for t in v) + "]")
            else:
                own.append(self.key_token(k) + self.ws() + "=" + self.ws() + v)
        text = ""
        # A table with no keys of its own may be left implicit, or defined after its
        # sub-tables.
        is_element = header is not None and header.startswith("[[")
        super_after = header is not None and not is_element and r.random() < 0.25
        if header is not None and not super_after and \
                (is_element or own or not later or r.random() < 0.7):
            text += self.ws() + header + self.line_tail() + self.nl
        for line in own:
            text += self.blank_lines() + self.ws() + line + self.line_tail() + self.nl
        if not super_after:
            out.append(text)
        for kind, k, v in later:
            if kind == "table":
                self.section(path + [k], v, "[" + self.ws() + self.path_text(path + [k]) +
                             self.ws() + "]", out)
            else:
                for element in v:
                    self.section(path + [k], element, "[[" + self.ws() +
                                 self.path_text(path + [k]) + self.ws() + "]]", out)
        if super_after:
            out.append(self.ws() + header + self.line_tail() + self.nl + text)

    def document(self):
        self.nl = "\r\n" if self.r.random() < 0.15 else "\n"
        out = []
        self.section([], self.tree(0), None, out)
        text = self.blank_lines() + "".join(out) + self.blank_lines()
        if self.r.random() < 0.1:
            text = text.rstrip("\r\n")
        return text.encode()


MUTATIONS = [b'"', b"'", b"=", b"[", b"]", b"[[", b"]]", b"{", b"}", b",", b".", b"#",
             b"\n", b"\r", b"\r\n", b" ", b"\t", b"\\", b"_", b"0", b"1", b"9", b"e", b"E",
             b"+", b"-", b":", b"T", b"Z", b"x", b"o", b"b", b"\x00", b"\x7f", b"\x01",
             b'"""', b"'''", b"\\u", b"\\U0010FFFF", b"\\U00110000", b"\\uD800", b"\\e",
             b"inf", b"nan", b"true", b"\xc3\xa9", b"\xff", b"\xc0\x80", b"\xed\xa0\x80",
             b"\xf4\x90\x80\x80", b"a.b", b"a = 1\n", b"[a]\n", b"[[a]]\n", b"a.b = 1\n",
             b"1979-05-27", b"07:32:00", b".5", b"00", b"__"]


def mutate(rng, doc):
    doc = bytearray(doc)
    for _ in range(rng.randrange(1, 4)):
        roll = rng.random()
        pos = rng.randrange(len(doc) + 1)
        if roll < 0.3 and doc:
            del doc[pos:pos + rng.randrange(1, 4)]
        elif roll < 0.65:
            doc[pos:pos] = rng.choice(MUTATIONS)
        elif roll < 0.8 and doc:
            doc[pos:pos + 1] = rng.choice(MUTATIONS)
        else:
            lines = bytes(doc).split(b"\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            if rng.random() < 0.5:
                lines.insert(j, lines[i])
            else:
                lines[i], lines[j] = lines[j], lines[i]
            doc = bytearray(b"\n".join(lines))
    return bytes(doc)


# --- comparison ----------------------------------------------------------------------

class Skip(Exception):
    pass


def float_key(text):
    x = float(text)
    return ("nan",) if math.isnan(x) else (x, math.copysign(1, x))


def parse_ours_datetime(kind, text):
    """('datetime', y, mo, d, h, mi, s, microseconds, offset minutes or None)."""
    date = time = None
    offset = None
    if kind in ("datetime", "datetime-local", "date-local"):
        date = tuple(int(x) for x in text[:10].split("-"))
        text = text[11:]
    if kind in ("datetime", "datetime-local", "time-local"):
        hms = text[:8]
        rest = text[8:]
        frac = ""
        if rest.startswith("."):
            i = 1
            while i < len(rest) and rest[i].isdigit():
                i += 1
            frac, rest = rest[1:i], rest[i:]
        if kind == "datetime":
            offset = 0 if rest == "Z" else (1 if rest[0] == "+" else -1) * \
                (int(rest[1:3]) * 60 + int(rest[4:6]))
        time = tuple(int(x) for x in hms.split(":")) + (int((frac + "000000")[:6]),)
    if (date and date[0] == 0) or (time and time[2] == 60):
        raise Skip("year 0 or second 60")
    return (kind, date, time, offset)


def normal_ours(node):
    if isinstance(node, list):
        return [normal_ours(x) for x in node]
    if set(node) == {"type", "value"} and isinstance(node["type"], str):
        kind, text = node["type"], node["value"]
        if kind == "integer":
            return ("integer", int(text))
        if kind == "float":
            return ("float", float_key(text))
        if kind == "bool":
            return ("bool", text == "true")
        if kind == "string":
            return ("string", text)
        return parse_ours_datetime(kind, text)
    return {k: normal_ours(v) for k, v in node.items()}


def normal_tomllib(node):
    if isinstance(node, dict):
        return {k: normal_tomllib(v) for k, v in node.items()}
    if isinstance(node, list):
        return [normal_tomllib(x) for x in node]
    if isinstance(node, bool):
        return ("bool", node)
    if isinstance(node, int):
        if not -2**63 <= node < 2**63:
            raise Skip("integer beyond 64 bits")
        return ("integer", node)
    if isinstance(node, float):
        return ("float", float_key(repr(node)))
    if isinstance(node, str):
        return ("string", node)
    if isinstance(node, datetime.datetime):
        time = (node.hour, node.minute, node.second, node.microsecond)
        date = (node.year, node.month, node.day)
        if node.tzinfo is None:
            return ("datetime-local", date, time, None)
        return ("datetime", date, time, int(node.utcoffset().total_seconds()) // 60)
    if isinstance(node, datetime.date):
        return ("date-local", (node.year, node.month, node.day), None, None)
    if isinstance(node, datetime.time):
        return ("time-local", None, (node.hour, node.minute, node.second, node.microsecond),
                None)
    raise TypeError(type(node))


def run_decoder(decoder, docs):
    batch = b"".join(b"%d\n" % len(d) + d for d in docs)
    proc = subprocess.run([decoder, "--batch"], input=batch, stdout=subprocess.PIPE,
                          check=True)
    out = proc.stdout
    results = []
    pos = 0
    while pos < len(out):
        nl = out.index(b"\n", pos)
        status, length = out[pos:nl].split()
        start = nl + 1
        results.append((status.decode(), out[start:start + int(length)]))
        pos = start + int(length)
    if len(results) != len(docs):
        raise SystemExit("toml-decoder answered %d documents of %d" % (len(results), len(docs)))
    return results


def tomllib_result(doc):
    try:
        return True, tomllib.loads(doc.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        return False, str(e)


def main():
    args = sys.argv[1:]
    decoder = os.path.join(os.environ.get("top_builddir", "."), "tests", "toml-decoder")
    count, seed, verbose = 2500, 20240611, False
    while args:
        a = args.pop(0)
        if a == "--count":
            count = int(args.pop(0))
        elif a == "--seed":
            seed = int(args.pop(0))
        elif a == "--verbose":
            verbose = True
        else:
            decoder = a
    rng = random.Random(seed)
    gen = Gen(rng)
    valid = [gen.document() for _ in range(count)]
    mutated = [mutate(rng, rng.choice(valid)) for _ in range(count)]
    docs = valid + mutated
    ours = run_decoder(decoder, docs)

    failures = 0
    stats = {"valid accepted by both": 0, "mutants accepted by both": 0,
             "mutants rejected by both": 0, "skipped": 0}
    generated_rejected = 0
    for i, (doc, (status, payload)) in enumerate(zip(docs, ours)):
        kind = "generated" if i < count else "mutant"
        ok, theirs = tomllib_result(doc)
        problem = None
        try:
            if ok and status == "ok":
                a = normal_ours(json.loads(payload))
                b = normal_tomllib(theirs)
                if a != b:
                    problem = "different values:\n ours:    %r\n tomllib: %r" % (a, b)
                else:
                    stats["valid accepted by both" if kind == "generated"
                          else "mutants accepted by both"] += 1
            elif ok:
                normal_tomllib(theirs)
                problem = "rejected by toml-decoder only: %s" % payload.decode(errors="replace")
            elif status == "ok":
                normal_ours(json.loads(payload))
                problem = "accepted by toml-decoder only (tomllib: %s)" % theirs
            else:
                stats["mutants rejected by both"] += 1
                if kind == "generated":
                    generated_rejected += 1
                    if verbose:
                        print("generated document invalid (%s):\n%r" % (theirs, doc))
        except Skip as e:
            stats["skipped"] += 1
            if verbose:
                print("skipped (%s): %r" % (e, doc))
            continue
        if problem:
            failures += 1
            if failures <= 10:
                print("FAIL %s document %d: %s\n--- document:\n%r\n" % (kind, i, problem, doc))
    print("documents: %d generated, %d mutants; %s" %
          (count, count, ", ".join("%s %d" % kv for kv in stats.items())))
    # The generator must do its job: nearly all of its documents are valid.
    if generated_rejected > count // 50:
        print("FAIL: %d generated documents are invalid for both parsers" % generated_rejected)
        failures += 1
    if failures:
        print("%d failures" % failures)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
