# SPDX-License-Identifier: GPL-2.0-or-later
# Every embedded decoder in Linux 6.1 through the product's loader (issue 6,
# scenario 2): irkit-attach (utils/bpf/bpf_object + utils/bpf/bpf_kernel + the embedded
# table) loads it (the kernel's verifier judges it; the figures line gives the
# instructions as loaded, verified_insns and xlated_insns from the kernel's program
# info), attaches it to /dev/lirc0, finds it in the device's query, and it decodes a
# signal of the test encoders (ir-encode, ir-encode-generic: written from the
# protocols' descriptions) sent through rc-loopback, with no kernel decoder enabled.
# Then it is detached by id. The test encoders' signals of every variant of the kernel
# protocols go to the kernel's decoder and then to the port, and generic decoders get
# the kernel's own NEC and RC-5 signals. At the end all are attached at once, listed
# in the kernel's order and detached together; an object file in the article's format
# loads the same way, and one the verifier refuses fails with the verifier's reason.
# (Each port against the kernel's decoder on the kernel's own encoders' signals, in
# every variant and hundreds of scancodes, is the parity scenario.)
. /irkit/lib.sh

rc=$(rc_sysdir)
lirc=$(rc_lirc_node "$rc")
event=$(rc_event_node "$rc")
rc_protocols "$rc"

# verify DECODER CAPTURE [IRKIT-ATTACH OPTIONS...]: attach, list, decode, detach, list.
# Program ids change from boot to boot: they are printed as ID.
verify() {
	decoder=$1 capture=$2
	shift 2
	irkit-attach -d "$lirc" "$@" attach "$decoder" >attached || return 1
	id=$(sed -n 's/^attached [^:]*: id=\([0-9]*\) .*/\1/p' attached)
	cat attached
	irkit-attach -d "$lirc" list | sed "s/^id=$id /id=ID /"
	lirc-tool -d "$lirc" -r scancode -w 300 send-raw "$capture"
	irkit-attach -d "$lirc" detach "$id" | sed "s/=$id\$/=ID/"
	irkit-attach -d "$lirc" list
}

# The ports of the kernel's decoders report what the kernel's decoders report: the
# scancode encoded, with the protocol's toggle (RC-5: the toggle bit; MCE: bit 15 of
# the body; JVC: the kernel's decoder flips a toggle of its own at every header, from
# 0, and a freshly loaded port does the same).
ir-encode nec 0x1234 >nec
verify nec_bpf nec
ir-encode rc5 0x1234 1 >rc5
verify rc5_bpf rc5
ir-encode rc6_mce 0x800f0410 1 >rc6
verify rc6_bpf rc6
ir-encode sony20 0x1a0c44 >sony
verify sony_bpf sony
ir-encode jvc 0x1234 >jvc
verify jvc_bpf jvc
ir-encode sanyo 0x123456 >sanyo
verify sanyo_bpf sanyo
ir-encode sharp 0x1234 >sharp
verify sharp_bpf sharp
ir-encode rcmm32 0x12345678 >rcmm
verify rcmm_bpf rcmm
ir-encode xmp 0x1234ab56 >xmp
verify xmp_bpf xmp
ir-encode imon 0x123456b7 >imon
verify imon_bpf imon
ir-encode mcir2_kbd 0x123456 >mce_kbd
verify mce_kbd_bpf mce_kbd

# The test encoders' signals of every variant, checked against the kernel's decoders
# (which makes the expected values above the kernel's word, not only the encoders'),
# then given to the port: per kernel protocol, its decoder alone, then the port alone,
# on the same signals (send-list prints "signal N: LINE", then what that signal gave).
# The kernel's JVC decoder flips a toggle of its own at every header, from 0 at boot,
# as a freshly attached port does: both report the first message with flags 0x1. XMP
# is the deliberate difference: Linux 6.1's decoder rejects every frame (its unit
# correction is still 2000, in ns, on µs durations); the port decodes it.
# encoded KERNEL_PROTOCOL PORT VARIANT:SCANCODE...
encoded() {
	kernel=$1 port=$2
	shift 2
	: >list
	for item in "$@"; do
		ir-encode "${item%%:*}" "${item#*:}" >"enc-${item%%:*}" ||
			echo "ir-encode $item failed"
		echo "raw enc-${item%%:*}" >>list
	done
	rc_protocols "$rc" "$kernel"
	echo "kernel $kernel:"
	lirc-tool -d "$lirc" -r scancode -w 300 send-list list
	rc_protocols "$rc"
	irkit-attach -d "$lirc" attach "$port" >/dev/null || echo "attaching $port failed"
	echo "$port:"
	lirc-tool -d "$lirc" -r scancode -w 300 send-list list
	irkit-attach -d "$lirc" detach-all >/dev/null
}
encoded nec nec_bpf nec:0x1234 necx:0x123456 nec32:0x12345678
encoded rc-5 rc5_bpf rc5:0x1234 rc5x_20:0x121a3f
encoded rc-5-sz rc5_bpf rc5_sz:0x2a3b
encoded rc-6 rc6_bpf rc6_0:0x1234 rc6_6a_20:0x12345 rc6_6a_24:0x123456 \
	rc6_6a_32:0x12345678 rc6_mce:0x800f0410
encoded sony sony_bpf sony12:0x10015 sony15:0x9a0044 sony20:0x1a0c44
encoded jvc jvc_bpf jvc:0x1234
encoded sanyo sanyo_bpf sanyo:0x123456
encoded sharp sharp_bpf sharp:0x1234
encoded rc-mm rcmm_bpf rcmm12:0x123 rcmm24:0x123456 rcmm32:0x12345678
encoded xmp xmp_bpf xmp:0x1234ab56
encoded imon imon_bpf imon:0x123456b7
encoded mce_kbd mce_kbd_bpf mcir2_kbd:0x123456 mcir2_mse:0x1abcde

# The generic decoders report the bits as sent (rc_keymap(5)), under the protocol
# numbers of v4l-utils' decoders. First with their default timings (the encoder is
# given the same ones, from rc_keymap(5)), then pulse_distance with NEC's timings
# as parameters: they reach the kernel's copy of the program.
PD_DEFAULTS="header_pulse=2125 header_space=1875 bit_pulse=625 bit_0_space=375 bit_1_space=1625 trailer_pulse=625 bits=4 reverse=0"
ir-encode-generic pulse_distance 0xa $PD_DEFAULTS >pd
verify pulse_distance pd
PD_NEC="header_pulse=9000 header_space=4500 bit_pulse=563 bit_0_space=563 bit_1_space=1688 trailer_pulse=563 bits=32 reverse=1"
ir-encode-generic pulse_distance 0xbf40ff00 $PD_NEC >pd-nec
params=
for p in $PD_NEC; do params="$params -e $p"; done
verify pulse_distance pd-nec $params
# The same parameters on the kernel's own NEC signal, and manchester's defaults (RC-5's
# timings) on the kernel's RC-5 signal. NEC 0x1234 is the bytes 12, ed, 34, cb, each
# LSB first: taken LSB first (reverse) as 32 bits, 0xcb34ed12. RC-5 0x1234 is start 1,
# field 1 (command below 64), toggle 0, address 10010, command 110100: 0x34b4 as 14
# bits, MSB first.
irkit-attach -d "$lirc" $params attach pulse_distance >/dev/null || echo "attaching failed"
echo "the kernel's nec 0x1234: pulse_distance"
lirc-tool -d "$lirc" -r scancode -w 300 send-scancode nec 0x1234
irkit-attach -d "$lirc" detach-all >/dev/null
irkit-attach -d "$lirc" attach manchester >/dev/null || echo "attaching failed"
echo "the kernel's rc5 0x1234: manchester"
lirc-tool -d "$lirc" -r scancode -w 300 send-scancode rc5 0x1234
irkit-attach -d "$lirc" detach-all >/dev/null
ir-encode-generic pulse_length 0x5 header_pulse=2125 header_space=1875 bit_space=625 \
	bit_0_pulse=375 bit_1_pulse=1625 trailer_pulse=0 bits=4 reverse=0 >pl
verify pulse_length pl
# RC-5's timings, with no header: the first bit sent, 1, is the start bit.
ir-encode-generic manchester 0x2123 header_pulse=0 header_space=0 zero_pulse=888 \
	zero_space=888 one_pulse=888 one_space=888 bits=14 >man
verify manchester man
ir-encode-generic rc_mm 0xa5 header_pulse=417 header_space=278 bit_pulse=167 \
	bit_0_space=278 bit_1_space=444 bit_2_space=611 bit_3_space=778 trailer=167 bits=8 >rcmm-generic
verify rc_mm rcmm-generic
ir-encode-generic grundig 0x1234 >grundig
verify grundig grundig
ir-encode-generic samsung36 0x123456789 >samsung36
verify samsung36 samsung36
ir-encode-generic xbox_dvd 0x123 >xbox
verify xbox_dvd xbox
# raw: a pattern in its map (written by irkit-attach through bpf_kernel), and the
# same durations sent; a signal that is no pattern gives nothing.
printf 'pulse 1000\nspace 500\npulse 1000\nspace 1500\npulse 500\n' >pattern
verify raw pattern -r 0x42=pattern
printf 'pulse 1000\nspace 500\npulse 1000\nspace 2500\npulse 500\n' >no-pattern
irkit-attach -d "$lirc" -r 0x42=pattern attach raw >/dev/null
echo "raw, another signal:"
lirc-tool -d "$lirc" -r scancode -w 300 send-raw no-pattern
irkit-attach -d "$lirc" detach-all

# lircd_space: a lircd.conf's space-coded remotes in two maps (the table of remotes
# and the index of first pairs, bpf_protocols/lircd_space_table.h); loaded empty, the
# verifier judges the program for every table (its figures: verified_insns).
irkit-attach -d "$lirc" attach lircd_space | sed 's/ id=[0-9]* / id=ID /'
irkit-attach -d "$lirc" detach-all
# Filled by ir-keytable from a lircd.conf of two remotes (tests/cli/data/lircd-two.conf:
# maps written with bpf(2), the index a hash map), one program for both; LIRC's
# irsimsend's signals of lircd-two.txt, one at a time: KEY_POWER held (a frame and two
# repeat codes with no ptrail), KEY_1 of the other remote, KEY_MUTE.
ir-keytable -s "${rc##*/}" -c -w "$IRKIT_DATA/lircd-two.conf" 2>&1 | sed "s|$IRKIT_DATA/||"
ir-keytable -s "${rc##*/}" 2>&1 | grep -E "Attached BPF"
awk -v n=1 '/^timeout/ { n++; next } /^(pulse|space)/ { print > ("lircd-" n) }' \
	"$IRKIT_DATA/lircd-two.txt"
for n in 1 2 3; do
	lirc-tool -d "$lirc" -r scancode -w 300 send-raw "lircd-$n"
done
irkit-attach -d "$lirc" detach-all

# lircd_biphase: a lircd.conf's bi-phase remotes in two maps
# (bpf_protocols/lircd_biphase_table.h); loaded empty for the verifier's figures, then
# filled by ir-keytable from three remotes (tests/cli/data/lircd-biphase.conf: a header
# before the bits, RC-6 with its sixth bit double, RC-5 with 14 bits), one program
# for all; LIRC's irsimsend's signals of lircd-biphase.txt, one at a time (KEY_VOLUMEUP
# held: its frame three times). A held button's frames again are keydowns of the key
# still held, which rc-core flags as repeats (0x2) since Linux 6.0 only (the "[<6.0]"
# lines of the expected output); lircd_raw's below likewise.
irkit-attach -d "$lirc" attach lircd_biphase | sed 's/ id=[0-9]* / id=ID /'
irkit-attach -d "$lirc" detach-all
ir-keytable -s "${rc##*/}" -c -w "$IRKIT_DATA/lircd-biphase.conf" 2>&1 | sed "s|$IRKIT_DATA/||"
ir-keytable -s "${rc##*/}" 2>&1 | grep -E "Attached BPF"
awk -v n=1 '/^timeout/ { n++; next } /^(pulse|space)/ { print > ("biphase-" n) }' \
	"$IRKIT_DATA/lircd-biphase.txt"
for n in 1 2 3 4 5 6; do
	lirc-tool -d "$lirc" -r scancode -w 300 send-raw "biphase-$n"
done
irkit-attach -d "$lirc" detach-all

# lircd_raw: a lircd.conf's raw remotes, their buttons' patterns in two maps (the
# patterns and the index of first pairs, bpf_protocols/lircd_raw_table.h); loaded
# empty, the verifier judges the program with its loops' default bound (256).
irkit-attach -d "$lirc" attach lircd_raw | sed 's/ id=[0-9]* / id=ID /'
irkit-attach -d "$lirc" detach-all
# Filled by ir-keytable from a lircd.conf of three raw remotes
# (tests/cli/data/lircd-raw.conf), one program for all; LIRC's irsimsend's signals of
# lircd-raw.txt, one at a time: KEY_POWER of raw_nec held (the frame three times),
# then six buttons of the three remotes.
ir-keytable -s "${rc##*/}" -c -w "$IRKIT_DATA/lircd-raw.conf" 2>&1 | sed "s|$IRKIT_DATA/||"
ir-keytable -s "${rc##*/}" 2>&1 | grep -E "Attached BPF"
awk -v n=1 '/^timeout/ { n++; next } /^(pulse|space)/ { print > ("lircd-raw-" n) }' \
	"$IRKIT_DATA/lircd-raw.txt"
for n in 1 2 3 4 5 6 7; do
	lirc-tool -d "$lirc" -r scancode -w 300 send-raw "lircd-raw-$n"
done
irkit-attach -d "$lirc" detach-all

# ac: the A/C protocols' layouts in a map (bpf_protocols/ac_table.h); loaded empty,
# the verifier judges the program with its loops' bound (32 protocols). Then
# ir-keytable -p ac, every A/C protocol in one program; the independent encoder's
# messages of ac-loopback.txt, one at a time: gree, mitsubishi_ac's first copy, and
# coolix's power-off sent twice (two keydowns: with no key mapped, rc-core holds no
# key, so the second is no repeat).
irkit-attach -d "$lirc" attach ac | sed 's/ id=[0-9]* / id=ID /'
irkit-attach -d "$lirc" detach-all
ir-keytable -s "${rc##*/}" -c -p ac 2>&1
ir-keytable -s "${rc##*/}" 2>&1 | grep -E "Attached BPF"
awk -v n=1 '/^timeout/ { n++; next } /^(pulse|space)/ { print > ("ac-" n) }' \
	"$IRKIT_DATA/ac-loopback.txt"
for n in 1 2 3; do
	lirc-tool -d "$lirc" -r scancode -w 300 send-raw "ac-$n"
done
irkit-attach -d "$lirc" detach-all

# imon_rsc moves the pointer (bpf_rc_pointer_rel): no scancode, but relative motion
# on the input device. Code 0x2 is "right", +4 on X, in the decoder's table of the
# remote's 16 directions. Events are read as the kernel writes them (struct
# input_event: 16 bytes of time, then type, code, value).
ir-encode-generic imon_rsc 0x2 bits=4 long_header=0 >rsc
irkit-attach -d "$lirc" attach imon_rsc | sed 's/ id=[0-9]* / id=ID /'
bg_start events cat "$event"
until ls -l /proc/$bg_pid/fd 2>/dev/null | grep -q "${event#/dev/}"; do sleep 0.05; done
lirc-tool -d "$lirc" send-raw rsc
sleep 0.2
bg_stop TERM
od -An -v -w24 -td4 events | awk '{ print "event type=" $5 % 65536 " code=" int($5 / 65536) " value=" $6 }'
irkit-attach -d "$lirc" detach-all

# All at once, in the kernel's order, then detached together.
for decoder in $(irkit-attach decoders); do
	irkit-attach -d "$lirc" attach "$decoder" >/dev/null || echo "attaching $decoder failed"
done
irkit-attach -d "$lirc" list | sed 's/^id=[0-9]* /id=ID /'
irkit-attach -d "$lirc" detach-all
irkit-attach -d "$lirc" list

# An object file in the article's format (legacy maps section) through the same
# loader; and one the verifier refuses (a map value used without a NULL check).
irkit-attach -d "$lirc" attach "$IRKIT_DATA/foobar.o" | sed 's/ id=[0-9]* / id=ID /'
lirc-tool -d "$lirc" -r scancode -w 300 send-pulses 500 1500 500
irkit-attach -d "$lirc" detach-all
status_of irkit-attach -d "$lirc" load "$IRKIT_DATA/unchecked-lookup.o" 2>refused
grep -E "^irkit-attach: |invalid mem access" refused
irkit-attach -d "$lirc" list
