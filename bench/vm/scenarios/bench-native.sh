# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 1500
# make bench, part 7: the kernel's own C decoders as the anchor. For each protocol of
# /irkit/bench/kernel/native.list ("NAME PORT NATIVE SAMPLES", written by bench/table-cost
# -k: the IRP database name, our hand-written port, the kernel decoder's sysfs name),
# the same signal goes through rc-loopback with, in turn: nothing enabled, only the
# kernel's decoder enabled, only a BPF program that returns at once attached (what
# running any program costs: rc-core's call into BPF, the JIT's prologue), only our
# port attached, only the IRP compiler's program attached. What each costs is the CPU time of rc-core's thread for the device, the one
# that takes every sample out of the queue and runs the enabled decoders and the
# attached programs on it (the scheduler's sum_exec_runtime; under qemu -icount a
# nanosecond is a guest instruction). BPF statistics stay off: their clock reads would
# be charged to our programs only. A batch is WRITES writes of the signal; each mode is
# set up ROUNDS times, each time a warm-up batch and SENDS measured ones. One line per
# protocol, mode and round: "NAME mode=MODE round=R writes=W edges=E events=V [LOAD]
# batches=1:NS,..."
# (edges: samples the thread handled per write, counted by the port's program;
# events: scancodes the decoder reported for one write; LOAD: kernel-cost's line).
. /irkit/lib.sh
. /irkit/bench/lib.sh

bench_dir=/irkit/bench/kernel
# Under -icount the figures repeat to the instruction from batch to batch, but for a
# block of 1,359 instructions that lands in one now and then (as in part 2): the
# median of the batches leaves it out.
sends=5
rounds=${BENCH_ROUNDS:-3}
writes=10

rc=$(rc_sysdir)
lirc=$(rc_lirc_node "$rc")
raw_pid=$(raw_thread_pid "$rc") || { echo "no rc-core thread for $rc"; exit 1; }

# events NAME: scancodes reported for one write of the signal.
events() {
	lirc-tool -d "$lirc" -r scancode -w 300 send-raw "$bench_dir/$1.ir" | grep -c 'scancode='
}

# edges NAME ID: samples a program ran on for one write (statistics on for it).
edges() {
	echo 1 >/proc/sys/kernel/bpf_stats_enabled
	before=$(counters "$2")
	lirc-tool -d "$lirc" send-raw "$bench_dir/$1.ir"
	sleep 0.5
	after=$(counters "$2")
	echo 0 >/proc/sys/kernel/bpf_stats_enabled
	echo $((${after%% *} - ${before%% *}))
}

# setup NAME MODE PORT NATIVE: the device with only that decoder; kernel-cost's line
# in $load. Returns 1 (and says why) if it did not attach.
setup() {
	lirc-tool -d "$lirc" detach-all >/dev/null
	rc_protocols "$rc"
	load=
	case $2 in
	native) rc_protocols "$rc" "$4" ;;
	empty) load=$(kernel-cost -d "$lirc" attach empty 2>attach.err) ;;
	port) load=$(kernel-cost -d "$lirc" attach "$3" 2>attach.err) ;;
	irp) load=$(kernel-cost -d "$lirc" attach "irp:$1" 2>attach.err) ;;
	esac && return 0
	echo "$1 mode=$2 round=$round FAILED: $(head -n 1 attach.err)"
	return 1
}

echo 0 >/proc/sys/kernel/bpf_stats_enabled
while read -r name port native _; do
	: >"$name.list"
	n=0
	while [ $n -lt "$writes" ]; do
		echo "raw $bench_dir/$name.ir" >>"$name.list"
		n=$((n + 1))
	done
	round=1
	while [ $round -le "$rounds" ]; do
		for mode in none native empty port irp; do
			setup "$name" "$mode" "$port" "$native" || continue
			per_write=-
			[ "$mode" != port ] || per_write=$(edges "$name" "$(field id "$load")")
			echo "$name mode=$mode round=$round writes=$writes edges=$per_write" \
				"events=$(events "$name") $load batches=$(batches "lirc-tool -d $lirc send-list $name.list" thread)"
		done
		round=$((round + 1))
	done
done <"$bench_dir/native.list"
lirc-tool -d "$lirc" detach-all >/dev/null
rc_protocols "$rc"
echo "bench-native: done"
