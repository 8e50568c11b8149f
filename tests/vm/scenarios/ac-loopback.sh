# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 300
# A/C states through rc-loopback, as ir-keytable -t prints them: ir-keytable -p ac loads
# every A/C protocol in one program; the messages of tests/cli/data/ac-states.txt
# (written by the independent encoder, tests/encoders/ac_encoder.c, from the protocols'
# documented layouts) are sent raw: gree (on, cool, 25 C, fan auto, vertical swing auto,
# turbo and light on), daikin (on, heat, 22.5 C, fan medium, horizontal swing auto,
# econo on), mitsubishi_ac's first copy (off, dry, 31 C, fan max, vane lowest, wide
# vane auto). The expected fields are those the file's comment gives.
#
# Daikin's message is 584 samples. rc-loopback stores every sample of one write in
# rc-core's queue of 512 raw events (MAX_IR_EVENT_SIZE) before rc-core's thread reads
# any, and drops what does not fit ("IR event FIFO is full!"): sent whole, daikin's
# last section is cut and nothing is reported. What works: two writes, split at a
# section gap, after its second 8-byte section (275 samples, then its last section's
# 307). rc-loopback ends each write with a timeout (a space of its timeout, 125 ms,
# flagged as one), which the decoder takes as the end of a section, not of the message:
# it keeps sections that begin a loaded protocol's message across a timeout, as it must
# for a receiver whose timeout is shorter than a protocol's gaps. Waiting between the
# writes changes nothing (a timeout is a timeout), so none is added.
. /irkit/lib.sh

rc=$(rc_sysdir)
lirc=$(rc_lirc_node "$rc")

ir-keytable -s "${rc##*/}" -c -p ac 2>&1
echo "exit status: $?"
ir-keytable -s "${rc##*/}" 2>&1 | grep -E "Attached BPF"

# One file per message (ac-1 gree, ac-2 daikin, ac-3 mitsubishi_ac's two copies).
awk -v n=1 '/^timeout/ { n++; next } /^(pulse|space)/ { print > ("ac-" n) }' \
	"$IRKIT_DATA/ac-states.txt"
# Daikin in two at its third gap (after the leader's, the first section's and the
# second's); mitsubishi_ac's first copy, up to its gap.
awk -v f=daikin-1 '/^space 29000$/ && ++g == 3 { f = "daikin-2"; next } { print > f }' ac-2
awk '/^space 17100$/ { exit } { print }' ac-3 >mitsubishi-1
wc -l daikin-1 daikin-2 mitsubishi-1 | awk '$2 != "total" { print $2 ": " $1 " samples" }'

bg_start out ir-keytable -t
wait_for_line out Testing
# Daikin whole first: rc-core says its queue is full, and no state comes before gree's.
lirc-tool -d "$lirc" send-raw ac-2
dmesg | grep -q "IR event FIFO is full" && echo "rc-core: IR event FIFO is full"
lirc-tool -d "$lirc" send-raw ac-1
lirc-tool -d "$lirc" send-raw daikin-1
lirc-tool -d "$lirc" send-raw daikin-2
lirc-tool -d "$lirc" send-raw mitsubishi-1
wait_for_line out "ac protocol\(mitsubishi_ac\)"
bg_stop
grep -E "protocol\(" out | strip_timestamps
