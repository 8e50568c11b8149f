# SPDX-License-Identifier: GPL-2.0-or-later
# The kernel as an oracle, through rc-loopback alone: a scancode written in
# LIRC_MODE_SCANCODE is encoded by the kernel's encoder, looped back into the
# receiver, decoded by the kernel's decoder and read back as the same protocol and
# scancode. Raw pulses and spaces come back unchanged in mode2, followed by the
# timeout that ends a message.
. /irkit/lib.sh

rc=$(rc_sysdir)
lirc=$(rc_lirc_node "$rc")

# roundtrip SYSFS_PROTOCOL LIRC_PROTOCOL SCANCODE: only that decoder enabled.
roundtrip() {
	rc_protocols "$rc" "$1"
	echo "send $2 $3"
	lirc-tool -d "$lirc" -r scancode -w 400 send-scancode "$2" "$3"
}

rc_protocols "$rc" nec
echo "protocols: $(cat "$rc/protocols")"
roundtrip nec nec 0x1234
roundtrip nec necx 0x123456
roundtrip nec nec32 0x12345678
# An extended address whose low byte is the complement of its high byte is plain
# NEC on the air: the kernel refuses to send it as NECX.
status_of lirc-tool -d "$lirc" send-scancode necx 0x12ed56
roundtrip rc-5 rc5 0x1234
roundtrip rc-5 rc5x_20 0x121a3f
roundtrip rc-6 rc6_0 0x1234
roundtrip rc-6 rc6_6a_32 0x12345678
roundtrip rc-6 rc6_mce 0x800f0410
roundtrip sony sony12 0x10015
roundtrip sony sony15 0x9a0044
roundtrip sony sony20 0x1a0c44
# JVC has no toggle bit; the kernel's decoder flips one of its own at every header,
# from 0 at boot, so that the first message after boot reports toggle (flags 0x1).
roundtrip jvc jvc 0x1234
roundtrip sanyo sanyo 0x123456
roundtrip sharp sharp 0x1234

# The first sample after a timeout is the silence since then, as measured: any
# length. The timeout that ends the message is the longest minimum timeout of the
# enabled decoders plus 10 ms: 10 NEC units of 563 us + 10000 us for nec alone.
echo "raw"
rc_protocols "$rc" nec
lirc-tool -d "$lirc" -r mode2 -w 400 send-pulses 500 1500 500
# A capture in mode2's words and in "+N -N" form replays the same: the leading space
# and the timeout are silence, not sent.
printf '# recorded\nspace 20000\n+500 -1500\n+500\ntimeout 15630\n' >capture
lirc-tool -d "$lirc" -r mode2 -w 400 send-raw capture

# Every open lirc descriptor gets the events: a reader in another process, started
# first, sees what a separate sender's transmission decoded to (the article's
# "ir-keytable -t in one terminal, ir-ctl -s in another").
echo "two processes"
bg_start /tmp/reader lirc-tool -d "$lirc" -r scancode -n 1 -w 10000 print ready
wait_for_line /tmp/reader '^ready$' || exit 1
lirc-tool -d "$lirc" send-scancode nec 0x0a0b
bg_wait
echo "reader exit status: $?"
cat /tmp/reader
