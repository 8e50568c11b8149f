# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 300
# ir-ctl, as installed, sending to rc-loopback's lirc device: what the device can do
# (-f); scancodes of two protocols sent with a carrier, duty cycle and emitter, seen
# decoded by the kernel in ir-keytable -t; two messages 600 ms apart, more than the
# kernel takes in one write (500 ms), sent in two writes; an emitter rc-loopback does
# not have (it has two: the regular receiver and the learning one), refused with nothing
# sent. Expected values: the scancodes given, rc-loopback's driver ops (tx mask,
# carrier, duty cycle; receive carrier range, wideband, timeout, carrier report).
# Then Debian's ir-ctl beside ours (below).
. /irkit/lib.sh

rc=$(rc_sysdir)
lirc=$(rc_lirc_node "$rc")
rc_protocols "$rc" nec rc-6

echo "== features"
ir-ctl -d "$lirc" -f >features 2>&1
echo "exit status: $?"
sed "s|$lirc|LIRC|" features

echo "== sent"
bg_start out1 ir-keytable -t
wait_for_line out1 Testing
status_of ir-ctl -d "$lirc" -c 38000 -D 50 -e 1 -S nec:0x1234
wait_for_line out1 'scancode = 0x1234$'
status_of ir-ctl -d "$lirc" -S rc6_0:0x4567
wait_for_line out1 'scancode = 0x4567$'
status_of ir-ctl -d "$lirc" -g 600000 -S nec:0x21 -S nec:0x22
wait_for_line out1 'scancode = 0x22$'
echo "== refused"
ir-ctl -d "$lirc" -e 3 -S nec:0x99 >refused 2>&1
echo "exit status: $?"
sed "s|$lirc|LIRC|" refused
status_of ir-ctl -d "$lirc" -S nec:0x77
wait_for_line out1 'scancode = 0x77$'
bg_stop
echo "== what ir-keytable -t saw"
grep 'lirc protocol' out1 | strip_timestamps

# Debian's ir-ctl (v4l-utils, /usr/bin/ir-ctl on the host, /irkit/debian/ir-ctl here) as
# a second sender: the same pulse/space file and scancodes of four kernel protocols sent
# by each, received by our ir-ctl -r -1, and the two trains compared duration by
# duration. v4l-utils encodes the scancodes itself, independently of irkit's encoders.
# "the same" is cmp's verdict; the count of durations beside it is there to show that
# the trains are not empty (NEC: leader pulse and space, 32 bits, final pulse: 67).
echo "== Debian's ir-ctl beside ours"
debian=/irkit/debian/ir-ctl
if [ ! -x "$debian" ]; then
	echo "Debian's ir-ctl is not in the image: install v4l-utils on the host"
	echo "(IRKIT_VM_DEPS=1 tools/install-deps) and run make check-vm again"
	exit 1
fi
# No kernel decoder: the samples alone, each message ended by the 125 ms timeout.
rc_protocols "$rc"

# receive_from OUT SENDER ARGS...: SENDER's train as our ir-ctl -r -1 receives it.
receive_from() {
	out=$1
	shift
	bg_start "$out" ir-ctl -d "$lirc" -r -1
	tries=100
	while ! ls -l "/proc/$bg_pid/fd" 2>/dev/null | grep -q "$lirc"; do
		tries=$((tries - 1))
		[ $tries -gt 0 ] || { echo "ir-ctl -r did not open $lirc"; return 1; }
		sleep 0.1
	done
	status=0
	"$@" -d "$lirc" >"$out.send" 2>&1 || status=$?
	if [ $status -ne 0 ]; then
		echo "$*: exit status $status"
		cat "$out.send"
		bg_stop
		return 1
	fi
	bg_wait
}

# both ARGS...: sends ARGS with either ir-ctl and says whether the trains are the same.
both() {
	receive_from ours ir-ctl "$@" || return
	receive_from theirs "$debian" "$@" || return
	if cmp -s ours theirs; then
		echo "$*: the same, durations: $(tr ' ' '\n' <ours | grep -c '^[-+]')"
	else
		echo "$*: different"
		echo "ours:   $(cat ours)"
		echo "Debian: $(cat theirs)"
	fi
}

printf 'pulse 2400\nspace 600\npulse 1200\nspace 600\npulse 600\nspace 1800\npulse 900\n' \
	>article-like
both -s article-like
both -S nec:0x1234
both -S rc5:0x1e3d
both -S rc6_0:0x4567
both -S sony12:0x10015
for scancode in necx:0x123456 nec32:0x12345678 jvc:0x1234 sanyo:0x123456 sharp:0x0143 \
	rc5x_20:0x121a3f rc5_sz:0x2345 rc6_6a_20:0x12345 rc6_6a_24:0x123456 \
	rc6_6a_32:0x12345678 rc6_mce:0x800f0410 sony15:0x9a0044 sony20:0x1a0c44 \
	rc-mm-12:0x123 rc-mm-24:0x123456 rc-mm-32:0x12345678 imon:0x12345678; do
	both -S "$scancode"
done

# Where they differ: v4l-utils 1.22 (Debian 12's) masks an MCIR-2 scancode to 0 before
# encoding it (it warns so) and sends the train of scancode 0; ours is the kernel's
# (encoders-kernel). A later v4l-utils (Debian 13's) may send them as the kernel does:
# the expected output takes either.
for scancode in mcir2-kbd:0x123456 mcir2-mse:0x10203; do
	receive_from ours ir-ctl -S "$scancode" || continue
	receive_from theirs "$debian" -S "$scancode" || continue
	receive_from zero ir-ctl -S "${scancode%%:*}:0x0" || continue
	if cmp -s ours theirs; then
		echo "-S $scancode: the same, durations: $(tr ' ' '\n' <ours | grep -c '^[-+]')"
	elif cmp -s zero theirs; then
		echo "-S $scancode: different: Debian's ir-ctl sends what ours sends for 0x0" \
			"($(cat theirs.send))"
	else
		echo "-S $scancode: different"
		echo "ours:   $(cat ours)"
		echo "Debian: $(cat theirs)"
	fi
done
# XMP: neither the kernel nor v4l-utils encodes it, and Debian's refuses it; ours sends
# the train xmp_bpf decodes (encoders-kernel): 2 halves of 8 nibbles and a last pulse.
if receive_from ours ir-ctl -S xmp:0x1234; then
	echo "-S xmp:0x1234: ours sends it, durations: $(tr ' ' '\n' <ours | grep -c '^[-+]')"
fi
"$debian" -d "$lirc" -S xmp:0x1234 >refused 2>&1
echo "exit status: $?"
sed "s|$lirc|LIRC|" refused
