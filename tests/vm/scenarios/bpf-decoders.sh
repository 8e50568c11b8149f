# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 900
# The embedded BPF decoders in Linux 6.1, loaded by the product's loader
# (decoder-tool: bpf_object + bpf_kernel): every one passes the kernel's verifier,
# and each port of a kernel decoder, alone on the device, reports for a signal made
# by the kernel's own encoder what the kernel's decoder reports for the same signal;
# then the same with the signal of the test encoders (ir-encode, tests/encoders),
# which checks those encoders against the kernel's decoders as well.
# Expected lines are the scancodes sent, each twice (kernel, then port). JVC has no
# toggle bit: the kernel's decoder and the port each flip one of their own at every
# header, from 0; the port is loaded afresh for every message, the kernel's decoder
# keeps its state, so its second JVC message reports flags 0x0. XMP is the deliberate
# difference: Linux 6.1 has no XMP encoder, and its decoder rejects every frame (its
# unit correction is still 2000, in ns, on µs durations); the port decodes it.
. /irkit/lib.sh

rc=$(rc_sysdir)
lirc=$(rc_lirc_node "$rc")

decoder-tool -d "$lirc" load-all
echo "load-all exit status: $?"

# both KERNEL_PROTOCOL PORT LIRC_PROTOCOL SCANCODE: the kernel decoder alone, then
# the port alone.
both() {
	lirc-tool -d "$lirc" detach-all
	rc_protocols "$rc" "$1"
	echo "send $3 $4: kernel $1"
	lirc-tool -d "$lirc" -r scancode -w 400 send-scancode "$3" "$4"
	rc_protocols "$rc"
	decoder-tool -d "$lirc" attach "$2" >/dev/null || echo "attaching $2 failed"
	echo "send $3 $4: $2"
	lirc-tool -d "$lirc" -r scancode -w 400 send-scancode "$3" "$4"
}

# both_raw: the same with ir-encode's signal for the scancode.
both_raw() {
	ir-encode "$3" "$4" >signal || echo "ir-encode $3 $4 failed"
	lirc-tool -d "$lirc" detach-all
	rc_protocols "$rc" "$1"
	echo "send encoded $3 $4: kernel $1"
	lirc-tool -d "$lirc" -r scancode -w 400 send-raw signal
	rc_protocols "$rc"
	decoder-tool -d "$lirc" attach "$2" >/dev/null || echo "attaching $2 failed"
	echo "send encoded $3 $4: $2"
	lirc-tool -d "$lirc" -r scancode -w 400 send-raw signal
}

both nec nec_bpf nec 0x1234
both nec nec_bpf necx 0x123456
both nec nec_bpf nec32 0x12345678
both rc-5 rc5_bpf rc5 0x1234
both rc-5 rc5_bpf rc5x_20 0x121a3f
both rc-5-sz rc5_bpf rc5_sz 0x2a3b
both rc-6 rc6_bpf rc6_0 0x1234
both rc-6 rc6_bpf rc6_6a_20 0x12345
both rc-6 rc6_bpf rc6_6a_24 0x123456
both rc-6 rc6_bpf rc6_6a_32 0x12345678
both rc-6 rc6_bpf rc6_mce 0x800f0410
both sony sony_bpf sony12 0x10015
both sony sony_bpf sony15 0x9a0044
both sony sony_bpf sony20 0x1a0c44
both jvc jvc_bpf jvc 0x1234
both sanyo sanyo_bpf sanyo 0x123456
both sharp sharp_bpf sharp 0x1234
both rc-mm rcmm_bpf rcmm12 0x123
both rc-mm rcmm_bpf rcmm24 0x123456
both rc-mm rcmm_bpf rcmm32 0x12345678
both imon imon_bpf imon 0x12345678
both mce_kbd mce_kbd_bpf mcir2_kbd 0x123456
both mce_kbd mce_kbd_bpf mcir2_mse 0x1abcde
lirc-tool -d "$lirc" detach-all

both_raw nec nec_bpf nec 0x1234
both_raw nec nec_bpf necx 0x123456
both_raw nec nec_bpf nec32 0x12345678
both_raw rc-5 rc5_bpf rc5 0x1234
both_raw rc-5 rc5_bpf rc5x_20 0x121a3f
both_raw rc-5-sz rc5_bpf rc5_sz 0x2a3b
both_raw rc-6 rc6_bpf rc6_0 0x1234
both_raw rc-6 rc6_bpf rc6_6a_20 0x12345
both_raw rc-6 rc6_bpf rc6_6a_24 0x123456
both_raw rc-6 rc6_bpf rc6_6a_32 0x12345678
both_raw rc-6 rc6_bpf rc6_mce 0x800f0410
both_raw sony sony_bpf sony12 0x10015
both_raw sony sony_bpf sony15 0x9a0044
both_raw sony sony_bpf sony20 0x1a0c44
both_raw jvc jvc_bpf jvc 0x1234
both_raw sanyo sanyo_bpf sanyo 0x123456
both_raw sharp sharp_bpf sharp 0x1234
both_raw rc-mm rcmm_bpf rcmm12 0x123
both_raw rc-mm rcmm_bpf rcmm24 0x123456
both_raw rc-mm rcmm_bpf rcmm32 0x12345678
both_raw xmp xmp_bpf xmp 0x1234ab56
both_raw imon imon_bpf imon 0x12345678
both_raw mce_kbd mce_kbd_bpf mcir2_kbd 0x123456
both_raw mce_kbd mce_kbd_bpf mcir2_mse 0x1abcde

# Generic decoders with parameters (written into .rodata by the loader, which the
# kernel freezes) on the kernel's NEC and RC-5 signals. NEC 0x1234 is the bytes 12,
# ed, 34, cb, each LSB first: taken LSB first (reverse) as 32 bits, 0xcb34ed12. RC-5
# 0x1234 is start 1, field 1 (command below 64), toggle 0, address 10010, command
# 110100: 0x34b4 as 14 bits, MSB first.
generic() {
	lirc-tool -d "$lirc" detach-all
	rc_protocols "$rc"
	decoder=$1 proto=$2 scancode=$3
	shift 3
	decoder-tool -d "$lirc" attach "$decoder" "$@" >/dev/null || echo "attaching $decoder failed"
	echo "send $proto $scancode: $decoder"
	lirc-tool -d "$lirc" -r scancode -w 400 send-scancode "$proto" "$scancode"
}

generic pulse_distance nec 0x1234 header_pulse=9000 header_space=4500 bit_pulse=563 \
	bit_0_space=563 bit_1_space=1688 trailer_pulse=563 bits=32 reverse=1
generic manchester rc5 0x1234
lirc-tool -d "$lirc" detach-all
