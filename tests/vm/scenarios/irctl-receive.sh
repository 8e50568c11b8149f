# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 300
# ir-ctl receiving, as installed, from rc-loopback, which loops what is sent back to
# its own receiver: what our ir-ctl sends, our ir-ctl -r -1 receives, pulse for pulse
# (the NEC train of --dry-run, then the receiver's 125 ms timeout, with no kernel
# decoder enabled), and ir-keytable --decode reads back as the scancode sent; --mode2
# into a file; the receiver's settings (-f shows the timeout set) and what they do on
# rc-loopback: in learning mode (-w) it takes only emitter 2, with -t 20000 a 30 ms
# space ends a message, and with -m it reports the carrier sent; an overflow.
# rc-loopback before 6.1 reports neither carrier nor overflow, and its timeout's range
# differs: the expected output says so line by line. (What a device cannot do, and a
# timeout out of range, are tests/irctl.test's: rc-loopback can do all of it, up to
# the longest timeout ir-ctl takes.)
. /irkit/lib.sh

rc=$(rc_sysdir)
lirc=$(rc_lirc_node "$rc")
rc_protocols "$rc"

# receive OUT ARGS...: ir-ctl -r in the background, until its device is open.
receive() {
	out=$1
	shift
	bg_start "$out" ir-ctl -d "$lirc" "$@"
	tries=100
	while ! ls -l "/proc/$bg_pid/fd" 2>/dev/null | grep -q "$lirc"; do
		tries=$((tries - 1))
		[ $tries -gt 0 ] || { echo "receive: ir-ctl did not open $lirc"; return 1; }
		sleep 0.1
	done
}

echo "== sent and received"
receive received -r -1
status_of ir-ctl -d "$lirc" -S nec:0x1234
bg_wait
echo "receiver exit status: $?"
{
	ir-ctl --dry-run -S nec:0x1234 | sed 's/^pulse /+/; s/^space /-/' | tr '\n' ' ' |
		sed 's/ $//'
	echo ' # timeout 125000'
} >sent
if cmp -s sent received; then
	echo "received what was sent"
else
	echo "received otherwise:"
	cat sent received
fi
ir-keytable --decode=received -p nec | grep 'lirc protocol'

echo "== mode2, into a file"
printf 'pulse 500\nspace 1500\npulse 600\n' >short
receive err -1 --mode2 -rshort.mode2
status_of ir-ctl -d "$lirc" -s short
bg_wait
echo "receiver exit status: $?"
cat err
# The first sample after a timeout is the silence since then, of any length.
sed '1{/^space /d}' short.mode2

echo "== settings"
status_of ir-ctl -d "$lirc" -w -m -R 30000-50000 -t 20000
ir-ctl -d "$lirc" -f | grep timeout
# The receiver ends a message at 20 ms of silence now: a 30 ms space is a timeout.
printf 'pulse 500\nspace 1500\npulse 600\nspace 30000\npulse 700\n' >gapped
receive gap -1 --mode2 -r
status_of ir-ctl -d "$lirc" -e 2 -s gapped
bg_wait
echo "receiver exit status: $?"
sed '1{/^space /d}' gap
# rc-loopback (6.1 and later) reports the carrier before a message's last pulse, and
# again in place of the timeout (it marks its idle silence a carrier report): no
# timeout ends the message, so this reader is stopped once the last pulse came.
receive carrier --mode2 -r
status_of ir-ctl -d "$lirc" -e 2 -c 38000 -s short
wait_for_line carrier '^pulse 600$'
bg_stop
sed '1{/^space /d}' carrier | head -n 4
status_of ir-ctl -d "$lirc" -n -M -t 125000
ir-ctl -d "$lirc" -f | grep timeout
receive normal -r -1
status_of ir-ctl -d "$lirc" -e 1 -s short
bg_wait
cat normal

# rc-loopback (6.1 and later) reports a pulse over 50 ms as an overflow of its
# receiver: on a line of its own, as no message came before it.
echo "== overflow"
printf 'pulse 60000\nspace 1000\npulse 500\n' >long
receive overflow -r -1
status_of ir-ctl -d "$lirc" -s long
bg_wait
cat overflow
