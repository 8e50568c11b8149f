# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers of make bench's VM scenarios (bench/vm/scenarios), sourced inside the VM
# after /irkit/lib.sh: . /irkit/bench/lib.sh. The scenario sets $lirc (the device's
# /dev node) and $sends (measured sends per load) first; thread_ns needs $raw_pid
# (raw_thread_pid).

# key=value of a line: field KEY LINE
field() {
	echo "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"
}

# counters ID: "run_cnt run_time_ns" of a program.
counters() {
	line=$(kernel-cost stats "$1")
	echo "$(field run_cnt "$line") $(field run_time_ns "$line")"
}

# raw_thread_pid RC_SYSDIR: the pid of rc-core's thread for that device ("rc0" for
# rc0), which takes the samples out of the device's queue and runs the kernel's
# decoders and the attached BPF programs on each.
raw_thread_pid() {
	for proc in /proc/[0-9]*; do
		if [ "$(cat "$proc/comm" 2>/dev/null)" = "${1##*/}" ]; then
			echo "${proc#/proc/}"
			return 0
		fi
	done
	return 1
}

# thread_ns: the CPU time that thread has used, in ns (the scheduler's
# se.sum_exec_runtime, printed in ms with 6 decimals; read while it sleeps, it is exact).
thread_ns() {
	awk '$1 == "se.sum_exec_runtime" { printf "%.0f\n", $3 * 1e6 }' "/proc/$raw_pid/sched"
}

# snapshot SOURCE...: "CNT NS" of each source on one line; a source is a program id
# or "thread" (rc-core's thread: CNT is 0).
snapshot() {
	for source; do
		if [ "$source" = thread ]; then
			echo "0 $(thread_ns)"
		else
			counters "$source"
		fi
	done | tr '\n' ' '
}

# batches SEND SOURCE...: runs the command SEND once to warm up (the first runs of new
# code are slow under emulation), then $sends times, reading every source after each
# (a batch); rc-core decodes in its own thread, so each send is given time to drain.
# Prints one word per source: "CNT:NS,..." with CNT and NS counted in each batch (for
# the thread, CNT is 1: one batch).
batches() {
	send=$1
	shift
	$send >/dev/null || echo "$send: sending failed" >&2
	sleep 0.5
	snaps=$(snapshot "$@")
	n=0
	while [ "$n" -lt "$sends" ]; do
		$send >/dev/null || echo "$send: sending failed" >&2
		sleep 0.5
		snaps="$snaps;$(snapshot "$@")"
		n=$((n + 1))
	done
	echo "$snaps" | awk -F';' -v sources="$*" '{
		count = split(sources, source, " ")
		for (b = 2; b <= NF; b++) {
			split($(b - 1), before, " ")
			split($b, after, " ")
			for (k = 1; k <= count; k++) {
				cnt = after[2 * k - 1] - before[2 * k - 1]
				if (source[k] == "thread")
					cnt = 1
				ns = after[2 * k] - before[2 * k]
				word[k] = word[k] (b > 2 ? "," : "") cnt ":" ns
			}
		}
		for (k = 1; k <= count; k++)
			printf "%s%s", (k > 1 ? " " : ""), word[k]
		printf "\n"
	}'
}
