# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 120
# A directional pad as a mouse on rc-loopback: rc-core's input device has REL_X and
# REL_Y; a keymap of pointer entries for nec_bpf loads (its mouse button is a key in the
# kernel's table); an NEC arrow held (the frame and three repeat codes, sent at once, so
# well within the 250 ms hold) moves the pointer by 2, 4, 6, 8 (speed 2, accel 2: the
# defaults), a diagonal by 2 then 4 on both axes, up being negative; -p nec_bpf alone
# (no keymap: its maps left empty) moves nothing; the IRP compiler's NEC1 with the same
# keymap moves as nec_bpf does. Signals: tests/vm/data/pointer-held.txt,
# from tests/nec-encoder.py. Test mode reads the lirc device and the input device as
# each has lines: the lirc lines are shown first, then the input events, each in order.
. /irkit/lib.sh

rc=$(rc_sysdir)
lirc=$(rc_lirc_node "$rc")

echo "== the input device's relative axes"
# The bitmap of EV_REL codes: REL_X (0) and REL_Y (1).
cat "$rc"/input*/capabilities/rel

echo "== a pointer keymap"
cat >pad.toml <<'TOML'
[[protocols]]
name = "pad"
protocol = "nec_bpf"
[protocols.scancodes]
0x0443 = "POINTER_RIGHT"
0x0444 = "POINTER_UP_RIGHT"
0x0445 = "BTN_LEFT"
TOML
ir-keytable -s rc0 -c -w pad.toml 2>&1
echo "exit status: $?"
ir-keytable -r 2>&1
ir-keytable 2>&1 | grep Attached

events() {
	strip_timestamps <"$1" | grep -v ' event type '
	strip_timestamps <"$1" | grep ' event type '
}

awk '/^# next/ { n = 1; next } /^(pulse|space)/ { print > (n ? "upright" : "right") }' \
	"$IRKIT_DATA/pointer-held.txt"

echo "== an arrow held"
bg_start out1 ir-keytable -t
wait_for_line out1 Testing
lirc-tool -d "$lirc" send-raw right
wait_for_line out1 "REL_X = 8"
sleep 1
bg_stop
events out1

echo "== a diagonal held"
bg_start out2 ir-keytable -t
wait_for_line out2 Testing
lirc-tool -d "$lirc" send-raw upright
wait_for_line out2 "REL_Y = -4"
sleep 1
bg_stop
events out2

echo "== the same pad, decoded by the IRP compiler's NEC1"
cat >pad-irp.toml <<'TOML'
[[protocols]]
name = "pad"
protocol = "irp"
irp = "NEC1"
[protocols.scancodes]
0x0443 = "POINTER_RIGHT"
TOML
ir-keytable -s rc0 -c -w pad-irp.toml 2>&1
echo "exit status: $?"
bg_start out4 ir-keytable -t
wait_for_line out4 Testing
lirc-tool -d "$lirc" send-raw right
wait_for_line out4 "REL_X = 8"
sleep 1
bg_stop
events out4 | grep -E 'REL|lirc'

echo "== no keymap, no move"
ir-keytable -s rc0 -c -p nec_bpf 2>&1
echo "exit status: $?"
bg_start out3 ir-keytable -t
wait_for_line out3 Testing
lirc-tool -d "$lirc" send-raw right
wait_for_line out3 "repeat"
sleep 1
bg_stop
echo "EV_REL events: $(grep -c EV_REL out3)"
