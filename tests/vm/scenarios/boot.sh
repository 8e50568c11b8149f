# SPDX-License-Identifier: GPL-2.0-or-later
# The VM as the other scenarios need it: rc-loopback registered as an rc device with
# a lirc node and an input node (found through sysfs, not assumed to be event0),
# every kernel decoder available, BPF lirc_mode2 queries working, and the installed
# ir-keytable able to start (its shared libraries are all in the image).
. /irkit/lib.sh

ir-keytable --version >/dev/null && echo "ir-keytable starts"

rc=$(rc_sysdir) || { echo "no rc-loopback device in /sys/class/rc"; exit 1; }
echo "rc device: ${rc##*/}"
grep -E '^(NAME|DRV_NAME|DEV_NAME)=' "$rc/uevent"

lirc=$(rc_lirc_node "$rc") || { echo "no lirc device under $rc"; exit 1; }
[ -c "$lirc" ] || { echo "$lirc is not a character device"; exit 1; }
echo "lirc node: $lirc"

event=$(rc_event_node "$rc") || { echo "no input device under $rc"; exit 1; }
[ -c "$event" ] || { echo "$event is not a character device"; exit 1; }
echo "event node: $event"
echo "input name: $(cat "$rc"/input*/name)"

echo "protocols: $(cat "$rc/protocols")"
lirc-tool -d "$lirc" features
# Querying works on any lirc device of a BPF_LIRC_MODE2 kernel; none attached yet.
lirc-tool -d "$lirc" query
