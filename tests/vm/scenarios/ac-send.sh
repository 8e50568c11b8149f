# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 300
# A/C states sent and seen, on the real kernel: ir-keytable -p ac attaches the ac
# decoder to rc-loopback; ir-ctl -S ac:NAME:... (utils/ac/ac_encode.c) sends a Gree, a
# Toshiba and a Haier state through it (and Gree's as the state line -t prints), and
# ir-keytable -t -v shows each state's line and its bytes, popped from the decoder's
# queue map "ac_messages" (BPF_MAP_TYPE_QUEUE, BPF_MAP_LOOKUP_AND_DELETE_ELEM);
# toshiba_ac sends its message twice, so it is seen twice. Then -t -v --json for a
# Panasonic state: the same fields and a "bytes" member. (Daikin's and Mitsubishi's
# whole transmissions, 580 samples and more, overflow rc-loopback's FIFO of 512.) The
# bytes are those of ir-keytable --decode -v on the same trains in the userspace VM:
# the kernel agrees with it. A state sent before -t -v starts is not shown, nor are its
# bytes given to a later state of its protocol: -t -v empties the queue first.
. /irkit/lib.sh

rc=$(rc_sysdir)
lirc=$(rc_lirc_node "$rc")
dev=${rc##*/}

status_of ir-keytable -s "$dev" -c -p ac
# A state nobody reads: its bytes wait in the queue, and -t -v must not take them for
# the next Gree state's.
status_of ir-ctl -d "$lirc" -S ac:gree:temp=30
sleep 0.5
bg_start out1 ir-keytable -s "$dev" -t -v
wait_for_line out1 Testing
status_of ir-ctl -d "$lirc" -S ac:gree:mode=heat,temp=22,fan=max,swing_v=low,turbo=on
wait_for_line out1 'ac bytes\(gree\)'
status_of ir-ctl -d "$lirc" -S ac:toshiba_ac:mode=dry,temp=19,fan=medium,filter=on
wait_for_line out1 'ac bytes\(toshiba_ac\)'
sleep 0.3
status_of ir-ctl -d "$lirc" -S ac:haier_ac:power=off,mode=fan,temp=28,swing_v=highest,sleep=on
wait_for_line out1 'ac bytes\(haier_ac\)'
status_of ir-ctl -d "$lirc" -S '0.228340: ac protocol(gree): power=on mode=cool temp=25 fan=auto swing_v=auto swing_h=off turbo=on light=off clean=off sleep=off'
wait_for_line out1 'ac bytes\(gree\): 49'
bg_stop
echo "== what ir-keytable -t -v saw"
grep -E ': ac (protocol|bytes)' out1 | strip_timestamps

bg_start out2 ir-keytable -s "$dev" -t -v --json
wait_for_line out2 Testing
status_of ir-ctl -d "$lirc" -S ac:panasonic_ac:mode=cool,temp=24,fan=high,swing_h=left,quiet=on
wait_for_line out2 '"bytes"'
bg_stop
echo "== what ir-keytable -t -v --json saw"
grep '"event":"ac"' out2 | sed -E 's/^\{"time":[0-9.]+,/{"time":T,/'
