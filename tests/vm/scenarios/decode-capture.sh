# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 120
# Offline decoding of a capture made in the VM (issue 6, scenario 7): while signals go
# through rc-loopback, a mode2 reader (lirc-tool, LIRC_MODE_MODE2) records what the
# receiver got and "ir-keytable -t" prints what the attached BPF decoders made of it,
# live, in the kernel. Then "ir-keytable --decode" on the recording, with the same
# decoders, must print the same scancode lines: the lirc ones (protocol, scancode,
# flags) in the same order, and the EV_MSC ones in the same order.
#
# Expected values: the scancodes sent. The kernel's encoders make the frames of
# "scancode" lines (LIRC_MODE_SCANCODE); the test encoders (ir-encode) make frames the
# kernel cannot: RC-5 and RC-6 MCE with the toggle bit set (reported with toggle=1;
# RC-6 MCE's toggle is bit 15 of the 32-bit scancode, which the decoders clear). A NEC
# repeat frame (9 ms pulse, 2.25 ms space, one bit pulse: NEC's specification) makes
# rc-core repeat the last scancode with the repeat flag. A pulse-space-pulse burst is
# no protocol's frame: nothing. rc-core reports every scancode, repeats included, as
# an EV_MSC scancode as well.
#
# The recording is the receiver's samples as every reader gets them: the signal, the
# timeout that ends it (rc-loopback's trailing silence), and before the next signal the
# silence since then, as measured. The decoders in the kernel never see that measured
# silence (lirc_dev.c); --decode does, and must come to the same scancodes.
. /irkit/lib.sh

rc=$(rc_sysdir)
lirc=$(rc_lirc_node "$rc")
decoders=nec_bpf,rc5_bpf,rc6_bpf

# wait_count FILE REGEX COUNT: waits (up to 20 s) until COUNT lines of FILE match.
wait_count() {
	tries=200
	while [ "$(grep -Ec -- "$2" "$1")" -lt "$3" ]; do
		tries=$((tries - 1))
		if [ $tries -le 0 ]; then
			echo "wait_count: $(grep -Ec -- "$2" "$1") of $3 lines matching '$2' in $1"
			return 1
		fi
		sleep 0.1
	done
}

echo "== decoders"
ir-keytable -s rc0 -p none -p "$decoders" 2>&1
echo "exit status: $?"
ir-keytable -s rc0 | grep -E 'Attached|Enabled'

printf 'pulse 9000\nspace 2250\npulse 563\n' >nec-repeat
printf 'pulse 500\nspace 1500\npulse 500\n' >burst
ir-encode rc5 0xa0b 1 >rc5-toggle
ir-encode rc6_mce 0x800f0411 1 >rc6-toggle
cat >signals <<EOF
scancode nec 0x1234
raw nec-repeat
scancode rc5 0x1e3b
raw rc5-toggle
scancode necx 0x123456
raw burst
scancode rc6_mce 0x800f0410
scancode nec32 0x12345678
scancode rc5x_20 0x121a3f
raw rc6-toggle
scancode nec 0x1234
EOF
signals=11

echo "== live"
bg_start capture lirc-tool -d "$lirc" -r mode2 -w 600000 print ready
reader=$bg_pid
wait_for_line capture '^ready$'
bg_start live ir-keytable -s rc0 -t
wait_for_line live Testing
lirc-tool -d "$lirc" send-list signals >/dev/null
echo "send-list exit status: $?"
# Every signal ends with a timeout sample: the reader has all once it has them all.
# The kernel reports a decoder's scancode while it runs the decoder on a sample, so
# by then every scancode has been queued for -t too.
wait_count capture '^timeout ' $signals
wait_count live 'lirc protocol' 10
bg_stop
echo "test mode exit status: $?"
# A background job of a script ignores SIGINT: the reader is ended with SIGTERM.
bg_pid=$reader
bg_stop TERM
grep -v '^ready$' capture >capture.txt
echo "capture: $(grep -c '^pulse' capture.txt) pulses, $(grep -c '^timeout' capture.txt) timeouts"
strip_timestamps <live | grep 'scancode =' >live.all
grep 'lirc protocol' live.all >live.lirc
grep 'EV_MSC' live.all >live.msc
echo "live: $(wc -l <live.lirc) lirc lines, $(wc -l <live.msc) EV_MSC lines"
cat live.lirc
cat live.msc

echo "== offline"
ir-keytable --decode=capture.txt --decode-kernel="$(kernel_version)" -p "$decoders" \
	>offline 2>&1
echo "exit status: $?"
strip_timestamps <offline | grep 'scancode =' >offline.all
grep 'lirc protocol' offline.all >offline.lirc
grep 'EV_MSC' offline.all >offline.msc
echo "offline: $(wc -l <offline.lirc) lirc lines, $(wc -l <offline.msc) EV_MSC lines"
diff live.lirc offline.lirc && echo "lirc lines: the same"
diff live.msc offline.msc && echo "EV_MSC lines: the same"
