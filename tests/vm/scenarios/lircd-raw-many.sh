# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 180
# Issue 17, item 4: raw codes are matched as patterns, and 100 lircd.conf RAW_CODES
# remotes work at once in the kernel. One lircd.conf of 100 raw remotes
# (tests/vm/data/lircd-raw-many.conf, made by tests/vm/lircd-raw-many-make) loaded by
# one ir-keytable -w: one lircd_raw program serves them from its maps (one per remote
# would be more than the 64 programs the kernel attaches per lirc device). By design
# of that file, 4 remotes start alike (as many as one program takes per first pair)
# and the others each start their own way: 1 program. The load succeeding means the
# verifier accepted it. Then one button of every remote, as LIRC's own encoder
# (irsimsend) sent it (lircd-raw-many.txt), goes raw through rc-loopback with
# ir-keytable -t running; its key_down lines must be exactly the buttons the file
# names, in order, and exactly what ir-keytable --decode gives offline (the userspace
# BPF VM) for the same trains.
. /irkit/lib.sh

rc=$(rc_sysdir)
lirc=$(rc_lirc_node "$rc")
conf=$IRKIT_DATA/lircd-raw-many.conf

echo "remotes in the file: $(grep -c '^begin remote' "$conf")"
echo "== load"
ir-keytable -c -p none -s "${rc##*/}" 2>&1
echo "exit status: $?"
ir-keytable -w "$conf" -s "${rc##*/}" >load.out 2>&1
echo "exit status: $?"
sed "s|$IRKIT_DATA/||" load.out
attached=$(ir-keytable -s "${rc##*/}" 2>&1 | grep 'Attached BPF protocols')
echo "$attached"
echo "programs attached: $(echo "$attached" | sed 's/.*protocols://' | wc -w)"

# The signals: one file per train, the buttons in order ("# REMOTE KEY" lines), and one
# capture of them all as a mode2 reader gets them (each ended by a receiver's timeout:
# rc-loopback's is 125 ms with no kernel decoder enabled, tests/vm/README.md).
awk '/^# rawmany_/ { n++; print $3 > "expected"; next } /^(pulse|space)/ { print > ("sig-" n) }' \
	"$IRKIT_DATA/lircd-raw-many.txt"
signals=$(wc -l <expected)
: >list
: >capture
n=1
while [ $n -le "$signals" ]; do
	echo "raw sig-$n" >>list
	cat "sig-$n" >>capture
	echo "timeout 125000" >>capture
	n=$((n + 1))
done
echo "signals: $signals"

echo "== raw through rc-loopback, ir-keytable -t"
bg_start live ir-keytable -s "${rc##*/}" -t
wait_for_line live Testing
lirc-tool -d "$lirc" send-list list >sent
echo "lirc-tool exit status: $? ($(grep -c '^signal' sent) sent)"
tries=100
while [ "$(grep -c 'key_up' live)" -lt "$signals" ] && [ $tries -gt 0 ]; do
	sleep 0.1
	tries=$((tries - 1))
done
bg_stop
grep -o 'key_down: [A-Z0-9_]*' live | sed 's/key_down: //' >live.keys
grep -o 'lirc protocol.*' live >live.lirc
echo "key_down in -t: $(wc -l <live.keys)"
echo "scancodes in -t, not repeats: $(grep -vc 'repeat$' live.lirc)"

echo "== offline, ir-keytable --decode"
ir-keytable --decode=capture -w "$conf" >offline 2>&1
echo "exit status: $?"
grep -o 'key_down: [A-Z0-9_]*' offline | sed 's/key_down: //' >offline.keys
grep -o 'lirc protocol.*' offline >offline.lirc
echo "key_down in --decode: $(wc -l <offline.keys)"
echo "scancodes in --decode, not repeats: $(grep -vc 'repeat$' offline.lirc)"

echo "== agreement"
if cmp -s live.keys expected; then
	echo "-t gives the lircd.conf's buttons: $(wc -l <expected) of $signals"
else
	echo "-t differs from the lircd.conf's buttons:"
	diff expected live.keys
fi
if cmp -s live.keys offline.keys; then
	echo "-t and --decode agree: $(wc -l <live.keys) keys"
else
	echo "-t and --decode differ:"
	diff offline.keys live.keys
fi
if cmp -s live.lirc offline.lirc; then
	echo "-t and --decode give the same lirc events"
else
	echo "-t and --decode give different lirc events:"
	diff offline.lirc live.lirc
fi

