# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 600
# Parity (issue 6, scenario 3): for each kernel protocol with a BPF port, the port and
# the kernel's own decoder are given the same signals and must report the same lirc
# scancode events (protocol, scancode, flags), in the same order.
#
# The signals are random scancodes of every variant of the protocol (a fixed seed),
# encoded by the kernel's own encoders (LIRC_MODE_SCANCODE), plus what those encoders
# cannot make: toggled RC-5 and RC-6 frames (from the test encoders, ir-encode), NEC
# repeat frames, JVC repeats (a frame and the same frame without its header in one
# transmission); and now and then the same scancode twice in a row.
#
# The two decoders run in two passes over the same list, not side by side: rc-core
# keeps one "last scancode" per device, which rc_repeat() reports, and both decoders'
# events land in the same queue, so side by side neither could be told from the
# other. In the kernel's pass only its decoder is enabled; in the port's pass no
# kernel decoder is, only the port is attached, and the receiver's timeout (the
# silence rc-loopback appends to every transmission, which ends a message) is set to
# what the kernel's decoder had. rc-loopback's keymap is empty, so no key is ever
# "pressed" and rc-core adds no repeat flag of its own: every flag comes from the
# decoder.
#
# Left out: XMP. Linux 6.1 has no XMP encoder, and its decoder rejects every frame
# (see decoders-verify); there is no kernel truth to compare with.
. /irkit/lib.sh

rc=$(rc_sysdir)
lirc=$(rc_lirc_node "$rc")
SIGNALS=200
SEED=20261203

# A NEC repeat frame: 9 ms pulse, 2.25 ms space, 562.5 us pulse (NEC's specification).
printf 'pulse 9000\nspace 2250\npulse 563\n' >nec-repeat

# generate FAMILY: SIGNALS items for the protocol family, one a line:
#   S PROTO SCANCODE  the kernel encodes it;     T PROTO SCANCODE  ir-encode, toggle set
#   R                 a NEC repeat frame;         J SCANCODE        JVC frame + repeat
# and in "expect" the number of events each gives when decoded (J: 2, others: 1).
generate() {
	awk -v family="$1" -v count="$SIGNALS" -v seed="$SEED" '
	# MINSTD (Park and Miller): exact in awk doubles, the same on every awk.
	function rnd(n) { seed = (seed * 48271) % 2147483647; return int(seed / 2147483647 * n) }
	function hex(v,  hi, lo) {
		hi = int(v / 65536); lo = v - hi * 65536
		return hi ? sprintf("0x%x%04x", hi, lo) : sprintf("0x%x", lo)
	}
	function emit(item, events) { print item; print events >"expect"; n++; last = item }
	function nec(  v, a, b, c, d) {
		v = rnd(3); a = rnd(256); b = rnd(256); c = rnd(256); d = rnd(256)
		if (v == 0)
			return "S nec " hex(a * 256 + c)
		# An address byte followed by its complement is plain NEC on the air,
		# a command byte followed by its complement NEC-X: the kernel refuses those.
		if (v == 1) {
			if (a + b == 255) b = (b + 1) % 256
			return "S necx " hex((a * 256 + b) * 256 + c)
		}
		if (c + d == 255) d = (d + 1) % 256
		return "S nec32 " hex(((a * 256 + b) * 256 + c) * 256 + d)
	}
	function rc5(  v, s) {
		v = rnd(2)
		if (v == 0) s = "rc5 " hex(rnd(32) * 256 + rnd(128))
		else s = "rc5x_20 " hex(rnd(32) * 65536 + rnd(128) * 256 + rnd(64))
		return (rnd(4) == 0 ? "T " : "S ") s
	}
	function rc5sz() {
		return (rnd(4) == 0 ? "T " : "S ") "rc5_sz " hex(rnd(2) * 8192 + rnd(4096))
	}
	function rc6(  v, hi, s) {
		v = rnd(5)
		if (v == 0) s = "rc6_0 " hex(rnd(65536))
		else if (v == 1) s = "rc6_6a_20 " hex(rnd(16) * 65536 + rnd(65536))
		else if (v == 2) s = "rc6_6a_24 " hex(rnd(256) * 65536 + rnd(65536))
		else if (v == 3) {
			# 0x800f is MCE (sent as rc6_mce); the kernel also reads the
			# customers 0x8034 and 0x8046 as MCE, with the toggle in bit 15.
			hi = rnd(8) == 0 ? (rnd(2) ? 32820 : 32838) : rnd(65536)
			if (hi == 32783) hi = 32784
			s = "rc6_6a_32 " hex(hi * 65536 + rnd(65536))
		} else s = "rc6_mce " hex(32783 * 65536 + rnd(65536))
		return (rnd(4) == 0 ? "T " : "S ") s
	}
	function sony(  v) {
		v = rnd(3)
		if (v == 0) return "S sony12 " hex(rnd(32) * 65536 + rnd(128))
		if (v == 1) return "S sony15 " hex(rnd(256) * 65536 + rnd(128))
		return "S sony20 " hex(rnd(32) * 65536 + rnd(256) * 256 + rnd(128))
	}
	function rcmm(  v) {
		v = rnd(3)
		if (v == 0) return "S rcmm12 " hex(rnd(4096))
		if (v == 1) return "S rcmm24 " hex(rnd(256) * 65536 + rnd(65536))
		return "S rcmm32 " hex(rnd(65536) * 65536 + rnd(65536))
	}
	function imon(  v) {
		v = rnd(8)
		# The code that switches the stick between mouse and arrow keys, and
		# stick codes, which are arrow keys in keyboard mode.
		if (v == 0) return "S imon 0x299115b7"
		if (v == 1) return "S imon " hex(26624 * 65536 + rnd(262144) * 256 + 183)
		# Every iMON PAD message ends in 0xb7; imon_bpf takes no other (the
		# kernel takes any 31 bits, and a lone pulse of a unit is 0x7fffffff).
		return "S imon " hex(rnd(32768) * 65536 + rnd(256) * 256 + 183)
	}
	function mce_kbd() {
		if (rnd(2)) return "S mcir2_kbd " hex(rnd(256) * 65536 + rnd(65536))
		return "S mcir2_mse " hex(rnd(32) * 65536 + rnd(65536))
	}
	BEGIN {
		while (n < count) {
			# The same scancode quickly twice.
			if (last ~ /^S / && rnd(8) == 0) {
				emit(last, 1)
				continue
			}
			if (family == "nec") {
				if (last ~ /^S nec/ && rnd(6) == 0) emit("R", 1)
				else emit(nec(), 1)
			} else if (family == "rc-5") emit(rc5(), 1)
			else if (family == "rc-5-sz") emit(rc5sz(), 1)
			else if (family == "rc-6") emit(rc6(), 1)
			else if (family == "sony") emit(sony(), 1)
			else if (family == "jvc") {
				if (rnd(6) == 0) emit("J " hex(rnd(65536)), 2)
				else emit("S jvc " hex(rnd(65536)), 1)
			} else if (family == "sanyo") emit("S sanyo " hex(rnd(8192) * 256 + rnd(256)), 1)
			else if (family == "sharp") emit("S sharp " hex(rnd(32) * 256 + rnd(256)), 1)
			else if (family == "rc-mm") emit(rcmm(), 1)
			else if (family == "imon") emit(imon(), 1)
			else if (family == "mce_kbd") emit(mce_kbd(), 1)
			else { print "generate: no family " family >"/dev/stderr"; exit 1 }
		}
	}' >items || return 1
	# The items as lirc-tool send-list lines; the test encoders' signals as files.
	i=0
	while read -r kind a b; do
		i=$((i + 1))
		case $kind in
		S) echo "scancode $a $b" ;;
		T) ir-encode "$a" "$b" 1 >raw$i || echo "ir-encode $a $b 1 failed" >&2
		   echo "raw raw$i" ;;
		R) echo "raw nec-repeat" ;;
		# JVC repeats without a header: a frame, a gap that makes its period about
		# 60 ms (shorter than the receiver's timeout), then the frame again minus
		# its header pulse and space.
		J) { ir-encode jvc "$a" && echo "space 22000" && ir-encode jvc "$a" | sed 1,2d; } \
			>raw$i || echo "ir-encode jvc $a failed" >&2
		   echo "raw raw$i" ;;
		esac
	done <items >list
}

# compare FAMILY: the kernel's events and the port's, signal by signal.
compare() {
	awk -v family="$1" '
	# The events after "signal N:" belong to that signal (lirc-tool send-list).
	function load(file, ev, n,  line, i) {
		i = 0
		while ((getline line <file) > 0) {
			if (line ~ /^signal [0-9]+: /) {
				i++
				ev[i] = ""; n[i] = 0
			} else if (line ~ /^rc_proto=/ && i > 0) {
				sub(/ keycode=0$/, "", line)
				ev[i] = ev[i] (n[i] ? "; " : "") line
				n[i]++
				events[file]++
				if (file == "kernel.out" && line ~ /flags=0x[13]$/) toggles++
				if (file == "kernel.out" && line ~ /flags=0x[23]$/) repeats++
			} else {
				print family ": " file ": unexpected line: " line
			}
		}
		return i
	}
	function describe(item,  w) {
		split(item, w, " ")
		if (w[1] == "S") return w[2] " " w[3]
		if (w[1] == "T") return w[2] " " w[3] " with its toggle set (ir-encode)"
		if (w[1] == "R") return "a NEC repeat frame"
		return "jvc " w[2] " and its repeat"
	}
	BEGIN {
		signals = load("kernel.out", kev, kn)
		if (load("port.out", pev, pn) != signals)
			print family ": the two passes sent different numbers of signals"
		i = 0
		while ((getline line <"expect") > 0)
			expect[++i] = line
		i = 0
		while ((getline line <"items") > 0)
			text[++i] = describe(line)
		for (i = 1; i <= signals; i++) {
			if (kev[i] == pev[i]) {
				same++
			} else if (differ++ < 5) {
				print family ": signal " i " (" text[i] ") differs:"
				print "  kernel: " (kn[i] ? kev[i] : "nothing")
				print "  port:   " (pn[i] ? pev[i] : "nothing")
			}
			if (kn[i] != expect[i] && missed++ < 5)
				print family ": signal " i " (" text[i] "): the kernel reported " \
					kn[i] " events, not " expect[i] ": " kev[i]
		}
		printf "%s: signals=%d same=%d differ=%d\n", family, signals, same, differ
		printf "%s: events: kernel=%d port=%d; with toggle=%d, repeat=%d\n", family,
			events["kernel.out"], events["port.out"], toggles, repeats
		print family ": the kernel decoded every signal: " (missed ? "no" : "yes")
	}'
}

# parity KERNEL_PROTOCOL PORT
parity() {
	generate "$1" || return
	lirc-tool -d "$lirc" detach-all
	rc_protocols "$rc" "$1"
	timeout=$(lirc-tool -d "$lirc" timeout | sed -n 's/^timeout //p')
	lirc-tool -d "$lirc" -r scancode -w 300 send-list list >kernel.out
	rc_protocols "$rc"
	lirc-tool -d "$lirc" set-timeout "$timeout"
	irkit-attach -d "$lirc" attach "$2" >/dev/null || echo "$1: attaching $2 failed"
	lirc-tool -d "$lirc" -r scancode -w 300 send-list list >port.out
	irkit-attach -d "$lirc" detach-all >/dev/null
	compare "$1"
}

start=$(cut -d ' ' -f 1 /proc/uptime)
parity nec nec_bpf
parity rc-5 rc5_bpf
parity rc-5-sz rc5_bpf
parity rc-6 rc6_bpf
parity sony sony_bpf
parity jvc jvc_bpf
parity sanyo sanyo_bpf
parity sharp sharp_bpf
parity rc-mm rcmm_bpf
parity imon imon_bpf
parity mce_kbd mce_kbd_bpf
echo "parity: $(awk -v a="$start" -v b="$(cut -d ' ' -f 1 /proc/uptime)" 'BEGIN { printf "%d", b - a }') s"
