# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 600
# False keys (issue 16): every decoder on every other protocol's signals, the kernel's
# decoders and the BPF ports side by side. With several decoders at once (-p all, a
# keymap of several protocols), a decoder that reports on a signal that is not its
# protocol's presses a key nobody pressed.
#
# The signals: SIGNALS random scancodes (a fixed seed) of each of the 23 variants the
# kernel's encoders make (LIRC_MODE_SCANCODE), a quarter of the RC-5 and RC-6 ones
# with the toggle set (the test encoders, ir-encode, as parity does), NEC repeat
# frames and JVC repeats now and then, and XMP frames from ir-encode (Linux 6.1 has no
# XMP encoder). They go once through every kernel decoder enabled at once, once
# through the 11 ports attached at once. A report is false when its protocol is not
# of the family of the signal's (NEC, NEC-X and NEC-32 are one family, as are the
# RC-5, RC-6, Sony, RC-MM and MCIR-2 variants: one decoder each).
#
# The kernel's counts are a measurement, printed for bench/RESULTS.md; the ports'
# must be 0, and every signal must give its own decoder a report (the kernel's XMP
# decoder reports none: see xmp_bpf.c). The unit test tests/unit/test-decoder-matrix.c does the same offline,
# with the generic decoders too.
. /irkit/lib.sh

rc=$(rc_sysdir)
lirc=$(rc_lirc_node "$rc")
SIGNALS=40
SEED=20261604

printf 'pulse 9000\nspace 2250\npulse 563\n' >nec-repeat

awk -v count="$SIGNALS" -v seed="$SEED" '
function rnd(n) { seed = (seed * 48271) % 2147483647; return int(seed / 2147483647 * n) }
function hex(v,  hi, lo) {
	hi = int(v / 65536); lo = v - hi * 65536
	return hi ? sprintf("0x%x%04x", hi, lo) : sprintf("0x%x", lo)
}
function w32() { return rnd(65536) * 65536 + rnd(65536) }
function scancode(v) {
	if (v == "nec") return rnd(65536)
	if (v == "necx") return rnd(256) * 65536 + rnd(65536)
	if (v == "nec32") return w32()
	if (v == "rc5") return rnd(32) * 256 + rnd(128)
	if (v == "rc5x_20") return rnd(32) * 65536 + rnd(128) * 256 + rnd(64)
	if (v == "rc5_sz") return rnd(2) * 8192 + rnd(4096)
	if (v == "rc6_0") return rnd(65536)
	if (v == "rc6_6a_20") return rnd(16) * 65536 + rnd(65536)
	if (v == "rc6_6a_24") return rnd(256) * 65536 + rnd(65536)
	if (v == "rc6_6a_32") return rnd(32768) * 65536 + rnd(65536)
	if (v == "rc6_mce") return 32783 * 65536 + rnd(32768)
	if (v == "sony12") return rnd(32) * 65536 + rnd(128)
	if (v == "sony15") return rnd(256) * 65536 + rnd(128)
	if (v == "sony20") return rnd(32) * 65536 + rnd(256) * 256 + rnd(128)
	if (v == "jvc") return rnd(65536)
	if (v == "sanyo") return rnd(8192) * 256 + rnd(256)
	if (v == "sharp") return rnd(32) * 256 + rnd(256)
	if (v == "rcmm12") return rnd(4096)
	if (v == "rcmm24") return rnd(256) * 65536 + rnd(65536)
	if (v == "rcmm32") return w32()
	# Every iMON PAD message ends in 0xb7 (imon_bpf takes no other).
	if (v == "imon") return rnd(32768) * 65536 + rnd(256) * 256 + 183
	if (v == "mcir2_kbd") return rnd(256) * 65536 + rnd(65536)
	if (v == "mcir2_mse") return rnd(32) * 65536 + rnd(65536)
	return w32()
}
BEGIN {
	n = split("nec necx nec32 rc5 rc5x_20 rc5_sz rc6_0 rc6_6a_20 rc6_6a_24 rc6_6a_32 " \
		  "rc6_mce sony12 sony15 sony20 jvc sanyo sharp rcmm12 rcmm24 rcmm32 imon " \
		  "mcir2_kbd mcir2_mse xmp", variants, " ")
	for (i = 1; i <= n; i++) {
		v = variants[i]
		for (k = 0; k < count; k++) {
			sc = hex(scancode(v))
			if (v == "xmp" || (v ~ /^rc[56]/ && rnd(4) == 0))
				print "T " v " " sc
			else if (v == "jvc" && rnd(6) == 0)
				print "J " v " " sc
			else
				print "S " v " " sc
			if (v ~ /^nec/ && rnd(6) == 0)
				print "R " v
		}
	}
}' >items

# The items as lirc-tool send-list lines; the test encoders' signals as files.
i=0
while read -r kind v sc; do
	i=$((i + 1))
	case $kind in
	S) echo "scancode $v $sc" ;;
	T) toggle=1
	   [ "$v" = xmp ] && toggle=0
	   ir-encode "$v" "$sc" $toggle >raw$i || echo "ir-encode $v $sc failed" >&2
	   echo "raw raw$i" ;;
	R) echo "raw nec-repeat" ;;
	J) { ir-encode jvc "$sc" && echo "space 22000" && ir-encode jvc "$sc" | sed 1,2d; } \
		>raw$i || echo "ir-encode jvc $sc failed" >&2
	   echo "raw raw$i" ;;
	esac
done <items >list
cut -d ' ' -f 2 items >families

# count WHO FILE: the reports whose family is not the signal's, per pair.
count() {
	awk -v who="$1" '
	function family(p) {
		sub(/^rc_proto=[0-9]+\(/, "", p); sub(/\).*/, "", p)
		if (p ~ /^nec/) return "nec"
		if (p ~ /^rc5/) return "rc5"
		if (p ~ /^rc6/) return "rc6"
		if (p ~ /^sony/) return "sony"
		if (p ~ /^rcmm/) return "rcmm"
		if (p ~ /^mcir2/) return "mcir2"
		return p
	}
	NR == FNR { variant[FNR] = $1; next }
	/^signal [0-9]+: / { i++; next }
	/^rc_proto=/ {
		events++
		p = $1; sub(/^rc_proto=[0-9]+\(/, "", p); sub(/\).*/, "", p)
		if (family($1) != family(variant[i])) {
			pairs[variant[i] " -> " p]++
			false_reports++
		} else {
			own[i] = 1
		}
	}
	END {
		for (k = 1; k <= i; k++)
			if (!own[k])
				missed++
		printf "%s: %d signals, %d events, %d false reports, %d signals without a " \
		       "report of their own\n", who, i, events, false_reports, missed
		# One line, in a fixed order: the pairs and their counts.
		n = 0
		for (k in pairs)
			keys[++n] = k
		for (a = 1; a <= n; a++)
			for (b = a + 1; b <= n; b++)
				if (keys[b] < keys[a]) {
					t = keys[a]; keys[a] = keys[b]; keys[b] = t
				}
		line = ""
		for (a = 1; a <= n; a++)
			line = line (a > 1 ? ", " : "") keys[a] " " pairs[keys[a]]
		printf "%s: false reports: %s\n", who, n ? line : "none"
	}' families "$2"
}

lirc-tool -d "$lirc" detach-all
rc_protocols "$rc" rc-5 nec rc-6 jvc sony rc-5-sz sanyo sharp mce_kbd xmp imon rc-mm
timeout=$(lirc-tool -d "$lirc" timeout | sed -n 's/^timeout //p')
lirc-tool -d "$lirc" -r scancode -w 300 send-list list >kernel.out
count kernel kernel.out

rc_protocols "$rc"
lirc-tool -d "$lirc" set-timeout "$timeout"
for port in nec_bpf rc5_bpf rc6_bpf sony_bpf jvc_bpf sanyo_bpf sharp_bpf rcmm_bpf xmp_bpf \
	    imon_bpf mce_kbd_bpf; do
	irkit-attach -d "$lirc" attach "$port" >/dev/null || echo "attaching $port failed"
done
lirc-tool -d "$lirc" -r scancode -w 300 send-list list >port.out
irkit-attach -d "$lirc" detach-all >/dev/null
count ports port.out
