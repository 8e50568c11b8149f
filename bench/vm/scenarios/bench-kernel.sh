# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 1500
# make bench, part 2: our decoder and the peer's object attached to the same lirc
# device at the same time, the same traffic looped back through rc-loopback, and what
# the kernel counted for each (sysctl kernel.bpf_stats_enabled=1): run_cnt and
# run_time_ns, and at load time the verifier's processed-instruction count.
# Every case is loaded ROUNDS times in each order, ours attached first then the
# peer's first, so that neither always runs first: what lands on top of a program's
# own cost (an interrupt during a batch, rc-core's key-down work for the first program
# to report a key) moves between loads, and bench/run-bench keeps each program's
# cheapest load. Each load is a warm-up send and SENDS measured sends. Cases come from
# /irkit/bench/kernel/cases.list (written by bench/decoder-cost -k):
# "ID OURS OURS_PARAMS PEER PEER_PARAMS". One output line per case, round and order.
. /irkit/lib.sh
. /irkit/bench/lib.sh
# (lib.sh's functions use $dir: the names here are the bench's own.)

bench_dir=/irkit/bench/kernel
peer=/lib/udev/rc_keymaps/protocols
sends=${BENCH_SENDS:-5}
rounds=${BENCH_ROUNDS:-3}

rc=$(rc_sysdir)
lirc=$(rc_lirc_node "$rc")
# No kernel decoder: the two programs are the only consumers of the samples.
rc_protocols "$rc"
echo 1 >/proc/sys/kernel/bpf_stats_enabled

# "a=1,b=2" -> "a=1 b=2"; "-" -> nothing.
params() {
	[ "$1" = - ] || echo "$1" | tr ',' ' '
}

# attach DECODER PARAMS: prints kernel-cost's "id=N insns=..." line.
attach() {
	raw=
	case $1 in */raw.o | raw) raw="-r $bench_dir/raw.patterns" ;; esac
	# shellcheck disable=SC2046,SC2086
	kernel-cost -d "$lirc" attach "$1" $raw $(params "$2")
}

# attach_side ours|peer: attaches that side's decoder, its kernel-cost line in $a (ours)
# or $b (peer); on failure prints why and returns 1.
attach_side() {
	if [ "$1" = ours ]; then
		a=$(attach "$ours" "$oparams" 2>attach.err)
	else
		b=$(attach "$peer/$pobj" "$pparams" 2>attach.err)
	fi && return 0
	echo "$id order=$order FAILED $1: $(head -n 1 attach.err)"
	return 1
}

# one ID ORDER: attaches both in ORDER, then sends the case's signal in batches (see
# batches in bench/vm/bench-lib.sh) and prints the counts and nanoseconds of every
# batch ("ours_batches=CNT:NS,..."): the median of the per-batch figures is robust to
# a batch that the host's scheduler stretched. Returns 1 if a decoder did not attach.
one() {
	id=$1 order=$2
	lirc-tool -d "$lirc" detach-all >/dev/null
	case $order in
	ours-first) attach_side ours && attach_side peer ;;
	*) attach_side peer && attach_side ours ;;
	esac || return 1
	set -- $(batches "lirc-tool -d $lirc send-raw $bench_dir/$id.ir" "$(field id "$a")" \
		"$(field id "$b")")
	echo "$id order=$order round=$round ours $a peer $b ours_batches=$1 peer_batches=$2"
}

# The baseline: a program that returns at once, alone on the device, charged per run
# what the measurement itself costs (the statistics' clock reads and the call); the
# first case's signal, sent as the cases' are. "baseline id=N ... batches=CNT:NS,...".
baseline() {
	lirc-tool -d "$lirc" detach-all >/dev/null
	e=$(kernel-cost -d "$lirc" attach empty) || { echo "baseline FAILED"; return; }
	signal=$bench_dir/$(head -n 1 "$bench_dir/cases.list" | cut -d ' ' -f 1).ir
	echo "baseline $e batches=$(batches "lirc-tool -d $lirc send-raw $signal" "$(field id "$e")")"
}

baseline
while read -r id ours oparams pobj pparams; do
	round=1
	while [ $round -le "$rounds" ]; do
		# A load the verifier refuses can take minutes under emulation: not twice.
		one "$id" ours-first || { echo "$id order=peer-first skipped"; break; }
		one "$id" peer-first || true
		round=$((round + 1))
	done
done <"$bench_dir/cases.list"
lirc-tool -d "$lirc" detach-all >/dev/null
echo "bench-kernel: done"
