# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 180
# Issue 17, item 6: more than 64 lircd.conf remotes at once in the kernel. One
# lircd.conf of 100 space-coded remotes (tests/vm/data/lircd-many.conf, made by
# tests/vm/lircd-many-make) loaded by one ir-keytable -w: the kernel attaches at most 64
# programs per lirc device, so one per remote would fail; lircd_space serves them from
# its maps. By design of that file (see lircd-many-make) 6 NEC-like remotes of
# different lengths start alike, more than the 4 remotes lircd_space takes per first
# pair: they merge into one descriptor of several lengths (two more, of the first
# one's timings, share it too), so 1 program; no other first pair is shared by more
# than 4. The load succeeding means the verifier accepted it.
# Then one button of every remote, as LIRC's own encoder (irsimsend) sent it
# (lircd-many.txt), goes raw through rc-loopback with ir-keytable -t running; its
# key_down lines must be exactly the buttons the file names, in order, and exactly
# what ir-keytable --decode gives offline (the userspace BPF VM) for the same trains.
# Last, six buttons held (lircd-many-held.txt, irsimsend -c 3: the frame, then two
# repeats of lircd's kind): one key_down each, then two repeats, then one key_up.
# many_007, many_016 and many_019 have a repeat code: their repeats are the decoder's
# (bpf_rc_repeat), flagged "repeat" by every kernel. many_018, many_047 and many_096
# have none, so irsimsend sends the frame again, a keydown of the key still held: Linux
# 6.0 and later flag it "repeat", 5.10 does not (the "[<6.0]" lines of the expected
# output: 6 repeats, not 12). --decode models the running kernel (--decode-kernel).
. /irkit/lib.sh

lircd_many_check "$IRKIT_DATA/lircd-many.conf" "$IRKIT_DATA/lircd-many.txt" many_

echo "== held buttons"
awk '/^# many_/ { n++; print $3 > "held.expected"; next }
	/^(pulse|space)/ { print > ("held-" n) }' "$IRKIT_DATA/lircd-many-held.txt"
held=$(wc -l <held.expected)
signals_list_capture held- "$held" held.list held.capture
bg_start held.live ir-keytable -s "${rc##*/}" -t
wait_for_line held.live Testing
lirc-tool -d "$lirc" send-list held.list >/dev/null
echo "lirc-tool exit status: $?"
wait_for_key_ups held.live "$held"
bg_stop
ir-keytable --decode=held.capture --decode-kernel="$(kernel_version)" -w "$conf" \
	>held.offline 2>&1
echo "--decode exit status: $?"
for mode in live offline; do
	grep -o 'key_down: [A-Z0-9_]*' "held.$mode" | sed 's/key_down: //' >"held.$mode.keys"
	grep -o 'lirc protocol.*' "held.$mode" >"held.$mode.lirc"
	echo "$mode: $held held, key_down $(wc -l <"held.$mode.keys")," \
		"key_up $(grep -c key_up "held.$mode"), lirc events $(wc -l <"held.$mode.lirc")" \
		"($(grep -c 'repeat$' "held.$mode.lirc") repeats)"
	cmp -s "held.$mode.keys" held.expected && echo "$mode: the held buttons' keys"
done
if cmp -s held.live.lirc held.offline.lirc; then
	echo "-t and --decode give the same lirc events"
else
	echo "-t and --decode give different lirc events:"
	diff held.offline.lirc held.live.lirc
fi
