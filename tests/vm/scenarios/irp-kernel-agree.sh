# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 300
# The IRP decoders of the kernel's protocols against the kernel's own encoders (issue
# 18, item 5), signal by signal. For each database protocol (utils/irp/protocols.tsv)
# that describes a protocol Linux 6.1 can encode (the decoders with an encoder:
# ir-{nec,rc5,rc6,jvc,sony,sanyo,sharp,rcmm,mce_kbd,imon}-decoder.c), `ir-keytable -p
# irp:NAME` attaches the compiled program alone (no kernel decoder enabled), and
# SIGNALS random scancodes of each kernel variant that the protocol describes (a fixed
# seed) go through the kernel's encoder (LIRC_MODE_SCANCODE on rc-loopback). Each must
# come back as exactly one lirc scancode event: the kernel's protocol and scancode (the
# kernel's layouts, irp_compile.c), its toggle; no miss, nothing extra.
#
# Also sent, where the protocol has them and the kernel's encoders cannot make them:
# RC-5, RC-5X, StreamZap and RC-6 mode 0 frames with the toggle set (the test encoders,
# ir-encode), NEC repeat frames after a NEC frame (NEC1 and NEC1-f16: one event, the
# previous scancode with the repeat flag), JVC frames followed by their repeat (the
# frame again without its header: two events, the same scancode; the kernel's JVC
# decoder flags the second as a repeat, the IRP's repeat body sends the parameters
# again, so the repeat flag is not compared there).
#
# The expected event of a kernel-encoded scancode is what the kernel's decoder makes of
# that signal, worked out here from the decoders' source: NEC, NECX and NEC32 as sent;
# RC-6 6A-32 bodies of the customers 0x8034 and 0x8046 are MCE, and MCE takes its
# toggle from bit 15 and clears it; RC-MM 32 does the same unless bits 19 and 18 are
# both set; MCIR-2 reports the keyboard's low 24 bits and the mouse's low 21, so the
# bits above them carry the checksum that the database's IRPs require (the kernel's
# encoder sends them as given).
#
# Not tested: imon (no database protocol describes iMON PAD), XMP (Linux 6.1 has no XMP
# encoder). A protocol that does not agree must be listed, with its reason, in
# /irkit/data/irp-kernel-exceptions.txt (tests/vm/irp-kernel-exceptions.txt), and a
# listed one must not agree: the list only shrinks.
. /irkit/lib.sh

rc=$(rc_sysdir)
lirc=$(rc_lirc_node "$rc")
SIGNALS=12
SEED=20261818
exceptions=/irkit/data/irp-kernel-exceptions.txt

# NAME KERNEL-DECODER VARIANT...; a variant with "+t" gets toggled frames too.
cat >protocols <<'EOF'
NEC nec nec necx
NEC1 nec nec necx repeat
NEC2 nec nec necx
NEC-f16 nec nec necx nec32
NEC1-f16 nec nec necx nec32 repeat
NEC2-f16 nec nec necx nec32
RC5 rc-5 rc5+t
RC5x rc-5 rc5x_20+t
StreamZap rc-5-sz rc5_sz+t
StreamZap-57 rc-5-sz rc5_sz+t
RC6 rc-6 rc6_0+t
RC6-M-16 rc-6 rc6_0+t
RC6-6-20 rc-6 rc6_6a_20
Replay rc-6 rc6_6a_24
RC6-M-24 rc-6 rc6_6a_24
RC6-M-32 rc-6 rc6_6a_32
MCE rc-6 rc6_mce mce_customers
JVC jvc jvc jvc_repeat
Sony12 sony sony12
Sony15 sony sony15
Sony20 sony sony20
Sharp sharp sharp
Aiwa sanyo sanyo
Aiwa2 sanyo sanyo
Nokia12 rc-mm rcmm12
Nokia rc-mm rcmm24
Nokia32 rc-mm rcmm32
MCIR-2-kbd mce_kbd mcir2_kbd
MCIR-2-mouse mce_kbd mcir2_mse
EOF

printf 'pulse 9000\nspace 2250\npulse 563\n' >nec-repeat

# For each protocol: items.NAME ("S VARIANT SCANCODE", "T VARIANT SCANCODE" (ir-encode,
# toggle set), "R" (a NEC repeat frame), "J SCANCODE" (JVC frame and repeat)) and
# expect.NAME (the events each item must give, "; " between them).
awk -v count="$SIGNALS" -v seed="$SEED" '
# MINSTD (Park and Miller): exact in awk doubles, the same on every awk.
function rnd(n) { seed = (seed * 48271) % 2147483647; return int(seed / 2147483647 * n) }
function hex(v,  hi, lo) {
	hi = int(v / 65536); lo = v - hi * 65536
	return hi ? sprintf("0x%x%04x", hi, lo) : sprintf("0x%x", lo)
}
function bit(v, n) { return int(v / pow2[n]) % 2 }
function ones(v, mask,  n, i) {
	for (i = 0; i < 8; i++)
		if (bit(v, i) && bit(mask, i))
			n++
	return n
}
function event(proto, sc, flags) {
	return "rc_proto=" proto "(" names[proto] ") scancode=" hex(sc) " flags=0x" flags
}
# The MCIR-2 keyboard checksum of the database IRP for F and M.
function mcir2_checksum(f, m) {
	return (ones(f, 248) % 2) * 16 + ((ones(f, 7) + ones(m, 48)) % 2) * 8 + \
	       ((ones(f, 199) + ones(m, 142)) % 2) * 4 + \
	       ((ones(f, 54) + ones(m, 173)) % 2) * 2 + (ones(f, 173) + ones(m, 155)) % 2
}
# RC-6 6A-32 and RC-MM 32 as the kernel reads them: bit 15 a toggle, cleared.
function toggled(proto, sc,  t) {
	t = bit(sc, 15)
	return event(proto, sc - t * 32768, t)
}
# One item of variant v: sets item and want.
function make(v, toggle,  a, b, c, d, sc, f, m) {
	if (v == "nec") {
		sc = rnd(256) * 256 + rnd(256)
		want = event(9, sc, 0)
	} else if (v == "necx") {
		# the second byte must not be the complement of the first (then it is NEC)
		a = rnd(256); b = rnd(256); if (a + b == 255) b = (b + 1) % 256
		sc = (a * 256 + b) * 256 + rnd(256)
		want = event(10, sc, 0)
	} else if (v == "nec32") {
		a = rnd(256); b = rnd(256); c = rnd(256); d = rnd(256)
		if (c + d == 255) d = (d + 1) % 256
		sc = ((a * 256 + b) * 256 + c) * 256 + d
		want = event(11, sc, 0)
	} else if (v == "rc5") {
		sc = rnd(32) * 256 + rnd(128)
		want = event(2, sc, toggle)
	} else if (v == "rc5x_20") {
		sc = rnd(32) * 65536 + rnd(128) * 256 + rnd(64)
		want = event(3, sc, toggle)
	} else if (v == "rc5_sz") {
		sc = rnd(2) * 8192 + rnd(4096)
		want = event(4, sc, toggle)
	} else if (v == "rc6_0") {
		sc = rnd(65536)
		want = event(15, sc, toggle)
	} else if (v == "rc6_6a_20") {
		sc = rnd(16) * 65536 + rnd(65536)
		want = event(16, sc, 0)
	} else if (v == "rc6_6a_24") {
		sc = rnd(256) * 65536 + rnd(65536)
		want = event(17, sc, 0)
	} else if (v == "rc6_6a_32") {
		# now and then one of the two MCE customers the encoder takes as 6A-32
		a = rnd(4) == 0 ? (rnd(2) ? 32820 : 32838) : rnd(65536)
		if (a == 32783) a = 32784
		sc = a * 65536 + rnd(65536)
		want = (a == 32820 || a == 32838) ? toggled(19, sc) : event(18, sc, 0)
	} else if (v == "rc6_mce") {
		sc = 32783 * 65536 + rnd(65536)
		want = toggled(19, sc)
	} else if (v == "mce_customers") {
		v = "rc6_6a_32"
		sc = (rnd(2) ? 32820 : 32838) * 65536 + rnd(65536)
		want = toggled(19, sc)
	} else if (v == "jvc") {
		sc = rnd(65536)
		want = event(5, sc, 0)
	} else if (v == "sony12") {
		sc = rnd(32) * 65536 + rnd(128)
		want = event(6, sc, 0)
	} else if (v == "sony15") {
		sc = rnd(256) * 65536 + rnd(128)
		want = event(7, sc, 0)
	} else if (v == "sony20") {
		sc = rnd(32) * 65536 + rnd(256) * 256 + rnd(128)
		want = event(8, sc, 0)
	} else if (v == "sharp") {
		sc = rnd(32) * 256 + rnd(256)
		want = event(20, sc, 0)
	} else if (v == "sanyo") {
		sc = rnd(8192) * 256 + rnd(256)
		want = event(12, sc, 0)
	} else if (v == "rcmm12") {
		sc = rnd(4096)
		want = event(24, sc, 0)
	} else if (v == "rcmm24") {
		sc = rnd(256) * 65536 + rnd(65536)
		want = event(25, sc, 0)
	} else if (v == "rcmm32") {
		sc = rnd(65536) * 65536 + rnd(65536)
		want = bit(sc, 19) && bit(sc, 18) ? event(26, sc, 0) : toggled(26, sc)
	} else if (v == "mcir2_kbd") {
		# the checksum in bits 24..28 above the kernel scancode F << 8 | M
		f = rnd(256); m = rnd(256)
		sc = mcir2_checksum(f, m) * 16777216 + f * 256 + m
		want = event(13, f * 256 + m, 0)
	} else if (v == "mcir2_mse") {
		# C:5 in bits 21..25: the IRP leaves it free, the kernel drops it
		a = rnd(2097152)
		sc = rnd(32) * 2097152 + a
		want = event(14, a, 0)
	} else {
		print "irp-kernel-agree: no variant " v >"/dev/stderr"
		exit 1
	}
	item = (toggle ? "T " : "S ") v " " hex(sc)
}
BEGIN {
	pow2[0] = 1
	for (i = 1; i < 32; i++)
		pow2[i] = pow2[i - 1] * 2
	n = split("unknown other rc5 rc5x_20 rc5_sz jvc sony12 sony15 sony20 nec necx " \
		  "nec32 sanyo mcir2_kbd mcir2_mse rc6_0 rc6_6a_20 rc6_6a_24 rc6_6a_32 " \
		  "rc6_mce sharp xmp cec imon rcmm12 rcmm24 rcmm32", list, " ")
	for (i = 1; i <= n; i++)
		names[i - 1] = list[i]
	while ((getline line <"protocols") > 0) {
		nv = split(line, w, " ")
		name = w[1]
		for (i = 3; i <= nv; i++) {
			v = w[i]
			if (v == "repeat" || v == "jvc_repeat")
				continue
			for (k = 0; k < count; k++) {
				toggle = v ~ /\+t$/ && rnd(3) == 0
				make(substr(v, 1, length(v) - (v ~ /\+t$/ ? 2 : 0)), toggle)
				print item >("items." name)
				print want >("expect." name)
				if (line ~ / repeat/ && v ~ /^nec/ && rnd(4) == 0) {
					sub(/flags=0x0$/, "flags=0x2", want)
					print "R" >("items." name)
					print want >("expect." name)
				}
				if (line ~ / jvc_repeat/ && rnd(4) == 0) {
					a = rnd(65536)
					print "J " hex(a) >("items." name)
					print event(5, a, 0) "; " event(5, a, 0) >("expect." name)
				}
			}
		}
	}
}' || exit 1

# The items of a protocol as lirc-tool send-list lines; the test encoders' signals as
# files (as parity makes them).
list_of() {
	i=0
	while read -r kind a b; do
		i=$((i + 1))
		case $kind in
		S) echo "scancode $a $b" ;;
		T) ir-encode "$a" "$b" 1 >"raw.$1.$i" || echo "ir-encode $a $b 1 failed" >&2
		   echo "raw raw.$1.$i" ;;
		R) echo "raw nec-repeat" ;;
		# a frame, a gap that makes its period about 60 ms, the frame without its
		# header pulse and space
		J) { ir-encode jvc "$a" && echo "space 22000" && ir-encode jvc "$a" | sed 1,2d; } \
			>"raw.$1.$i" || echo "ir-encode jvc $a failed" >&2
		   echo "raw raw.$1.$i" ;;
		esac
	done <"items.$1"
}

# compare NAME: the events of each signal against what it must give; prints the
# counts and the first disagreements, and "agrees" or "disagrees".
compare() {
	awk -v name="$1" '
	BEGIN {
		while ((getline line <("expect." name)) > 0)
			want[++n] = line
		while ((getline line <("items." name)) > 0)
			item[++m] = line
	}
	/^signal [0-9]+: / { i++; got[i] = ""; next }
	/^rc_proto=/ && i > 0 {
		sub(/ keycode=0$/, "")
		# JVC: the repeat flag of the repeat frame is not compared (see above)
		if (item[i] ~ /^J /)
			sub(/flags=0x2$/, "flags=0x0")
		got[i] = got[i] (got[i] == "" ? "" : "; ") $0
		events++
		next
	}
	{ print name ": unexpected line: " $0 }
	END {
		for (k = 1; k <= n; k++) {
			if (got[k] == want[k]) {
				agree++
			} else if (shown++ < 3) {
				print name ": signal " k " (" item[k] "):"
				print "  want: " want[k]
				print "  got:  " (got[k] == "" ? "nothing" : got[k])
			}
		}
		if (i != n)
			print name ": " i " signals sent, " n " expected"
		printf "%s: %d signals, %d events, %d agree: %s\n", name, n, events, agree,
			agree == n && i == n ? "agrees" : "disagrees"
	}' "out.$1"
}

start=$(cut -d ' ' -f 1 /proc/uptime)
protocols=0
signals=0
agreeing=0
failed=0
lirc-tool -d "$lirc" detach-all
last_decoder=
while read -r name decoder variants; do
	list_of "$name" >"list.$name"
	# the receiver's timeout as the kernel's decoder of the protocol has it
	if [ "$decoder" != "$last_decoder" ]; then
		rc_protocols "$rc" "$decoder"
		timeout=$(lirc-tool -d "$lirc" timeout | sed -n 's/^timeout //p')
		last_decoder=$decoder
	fi
	rc_protocols "$rc"
	ir-keytable -p "irp:$name" >keytable.out 2>&1 || { cat keytable.out; echo "$name: not attached"; }
	[ "$(cat "$rc/protocols" | tr ' ' '\n' | grep -c '^\[')" = 1 ] ||
		echo "$name: a kernel decoder is enabled: $(cat "$rc/protocols")"
	lirc-tool -d "$lirc" set-timeout "$timeout" >/dev/null
	lirc-tool -d "$lirc" -r scancode -w 300 send-list "list.$name" >"out.$name"
	lirc-tool -d "$lirc" detach-all
	compare "$name" >"result.$name"
	protocols=$((protocols + 1))
	signals=$((signals + $(wc -l <"items.$name")))
	verdict=$(sed -n 's/.*: \([a-z]*\)$/\1/p' "result.$name" | tail -n 1)
	reason=$(awk -F '\t' -v name="$name" '$1 == name { print $2 }' "$exceptions")
	if [ "$verdict" = agrees ]; then
		agreeing=$((agreeing + 1))
		tail -n 1 "result.$name"
		if [ -n "$reason" ]; then
			echo "$name: agrees, but is listed as an exception: take it off the list"
			failed=$((failed + 1))
		fi
	elif [ -n "$reason" ]; then
		echo "$name: disagrees, listed: $reason"
	else
		cat "result.$name"
		echo "$name: disagrees and is not listed"
		failed=$((failed + 1))
	fi
done <protocols
# a listed name that is not tested here
awk -F '\t' '!/^#/ && NF { print $1 }' "$exceptions" | while read -r name; do
	grep -q "^$name " protocols || echo "$name: listed but not tested"
done
echo "irp-kernel-agree: $protocols protocols, $signals signals, $agreeing protocols agree, $failed failures"
elapsed=$(awk -v a="$start" -v b="$(cut -d ' ' -f 1 /proc/uptime)" 'BEGIN { printf "%.1f", b - a }')
echo "irp-kernel-agree: $elapsed s" >&2
