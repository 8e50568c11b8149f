# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 1500
# make bench, part 3: the boot path, "ir-keytable -a rc_maps.cfg -s rcN", as udev
# runs it when a receiver appears, for a kernel-protocol keymap (rc6_mce) and for a
# BPF-protocol keymap (pulse_distance with NEC timings); ours (the installed
# ir-keytable) and the peer's (Debian's 1.22.1, run from its unpacked package with
# its keymap tree at /lib/udev/rc_keymaps). bench-run times repeated runs of the two,
# alternating; then one run of each from the same start shows what the device holds
# after it (did the tool do its job?) and what it said. A tool that fails is recorded
# with its exit status and its messages.
# One "latency ...", one "after ..." and one "messages ..." (what a last run printed)
# line per tool and keymap; bench/run-bench reads them.
. /irkit/lib.sh

lat=/irkit/bench/latency
runs=${BENCH_RUNS:-20}
rc=$(rc_sysdir)
lirc=$(rc_lirc_node "$rc")
sysdev=${rc##*/}

ours=$(command -v ir-keytable)
peer=/irkit/bin/peer-ir-keytable

# The same starting point: no kernel decoder, no BPF program (as at boot).
reset_device() {
	lirc-tool -d "$lirc" detach-all >/dev/null
	rc_protocols "$rc"
}

for keymap in kernel bpf; do
	# The two tools alternate run by run, so that the host's load weighs on both.
	reset_device
	result=$(bench-run -n "$runs" -- "$ours" -a "$lat/$keymap.cfg" -s "$sysdev" \
		::: "$peer" -a "$lat/$keymap.cfg" -s "$sysdev")
	echo "latency tool=ours keymap=$keymap $(echo "$result" | sed -n 's/^command=1 //p')"
	echo "latency tool=peer keymap=$keymap $(echo "$result" | sed -n 's/^command=2 //p')"
	for tool in ours peer; do
		bin=$ours
		verbose=
		[ $tool = peer ] && bin=$peer verbose=-v
		# One run from the same start: what the device holds after it, and what
		# the tool said (verbose for the peer, which may exit 0 having done
		# nothing and say why only there; its lines about decoders, protocols,
		# errors).
		reset_device
		messages=$("$bin" $verbose -a "$lat/$keymap.cfg" -s "$sysdev" 2>&1 |
			grep -i -E 'bpf|lirc|protocol|fail|error|denied|permitted|invalid' |
			tail -n 6 | tr '\n' '|' | cut -c 1-500)
		protocols=$(tr ' ' '\n' <"$rc/protocols" | sed -n 's/^\[\(.*\)\]$/\1/p' |
			tr '\n' ',')
		programs=$(lirc-tool -d "$lirc" query | sed -n 's/^attached programs: //p')
		echo "after tool=$tool keymap=$keymap protocols=${protocols:-none} bpf_programs=${programs:-?}"
		echo "messages tool=$tool keymap=$keymap ${messages:-(none)}"
	done
done

# What the BPF keymap's time is made of: our tool loading our pulse_distance, then
# the peer's object with the same parameters, then clearing the keytable only (no
# decoder loaded); ours both times, so the difference is the decoder object's.
nec="-e header_pulse=9000 -e header_space=4500 -e bit_pulse=563 -e bit_0_space=563
	-e bit_1_space=1688 -e trailer_pulse=563 -e bits=32 -e reverse=1"
reset_device
# shellcheck disable=SC2086
result=$(bench-run -n "$runs" -- "$ours" -s "$sysdev" -p pulse_distance $nec \
	::: "$ours" -s "$sysdev" -p /lib/udev/rc_keymaps/protocols/pulse_distance.o $nec)
echo "load object=ours $(echo "$result" | sed -n 's/^command=1 //p')"
echo "load object=peer $(echo "$result" | sed -n 's/^command=2 //p')"
echo "load object=none $(bench-run -n "$runs" -- "$ours" -s "$sysdev" -c)"
programs=$(lirc-tool -d "$lirc" query | sed -n 's/^attached programs: //p')
echo "load after: bpf_programs=${programs:-?}"

# The peer's BPF path without -a, for the record of how it fails.
lirc-tool -d "$lirc" detach-all >/dev/null
messages=$(/irkit/bin/peer-ir-keytable -v -s "$sysdev" -p pulse_distance 2>&1 |
	grep -i -E 'bpf|lirc|fail|error|denied|permitted|invalid' | tail -n 4 | tr '\n' '|')
programs=$(lirc-tool -d "$lirc" query | sed -n 's/^attached programs: //p')
echo "peer -p pulse_distance: bpf_programs=${programs:-?} said: ${messages:-(nothing)}"
lirc-tool -d "$lirc" detach-all >/dev/null
echo "bench-latency: done"
