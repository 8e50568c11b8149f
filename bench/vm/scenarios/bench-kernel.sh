# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 1500
# make bench, part 2: our decoder and the peer's object attached to the same lirc
# device at the same time, the same traffic looped back through rc-loopback, and what
# the kernel counted for each (sysctl kernel.bpf_stats_enabled=1): run_cnt and
# run_time_ns, and at load time the verifier's processed-instruction count.
# Every case runs twice, ours attached first then the peer's first, so that neither
# always runs on a cold cache. Cases come from /irkit/bench/kernel/cases.list
# (written by bench/decoder-cost -k): "ID OURS OURS_PARAMS PEER PEER_PARAMS".
# One output line per case and order; bench/run-bench reads them.
. /irkit/lib.sh
# (lib.sh's functions use $dir: the names here are the bench's own.)

bench_dir=/irkit/bench/kernel
peer=/lib/udev/rc_keymaps/protocols
sends=${BENCH_SENDS:-10}

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

field() {
	echo "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"
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

# one ID ORDER: attaches both in ORDER, sends, prints the figures; 1 if one failed.
one() {
	id=$1 order=$2
	lirc-tool -d "$lirc" detach-all >/dev/null
	case $order in
	ours-first) attach_side ours && attach_side peer ;;
	*) attach_side peer && attach_side ours ;;
	esac || return 1
	args=
	n=0
	while [ $n -lt "$sends" ]; do
		args="$args send-raw $bench_dir/$id.ir"
		n=$((n + 1))
	done
	# shellcheck disable=SC2086
	lirc-tool -d "$lirc" $args || echo "$id: sending failed"
	# rc-core decodes in its own thread: let it drain.
	sleep 1
	sa=$(kernel-cost stats "$(field id "$a")")
	sb=$(kernel-cost stats "$(field id "$b")")
	echo "$id order=$order ours $a ${sa#id=* } peer $b ${sb#id=* }"
}

while read -r id ours oparams pobj pparams; do
	# A load the verifier refuses can take minutes under emulation: not twice.
	one "$id" ours-first || { echo "$id order=peer-first skipped"; continue; }
	one "$id" peer-first || true
done <"$bench_dir/cases.list"
lirc-tool -d "$lirc" detach-all >/dev/null
echo "bench-kernel: done"
