# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 300
# ir-ctl, as installed, sending to rc-loopback's lirc device: what the device can do
# (-f); scancodes of two protocols sent with a carrier, duty cycle and emitter, seen
# decoded by the kernel in ir-keytable -t; two messages 600 ms apart, more than the
# kernel takes in one write (500 ms), sent in two writes; an emitter rc-loopback does
# not have (it has two: the regular receiver and the learning one), refused with nothing
# sent. Expected values: the scancodes given, rc-loopback's driver ops (tx mask,
# carrier, duty cycle; receive carrier range, wideband, timeout, carrier report).
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
