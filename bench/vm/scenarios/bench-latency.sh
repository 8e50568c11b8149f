# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 1500
# make bench, part 3: the boot path, "ir-keytable -a rc_maps.cfg -s rcN", as udev
# runs it when a receiver appears, for a kernel-protocol keymap (rc6_mce) and for a
# BPF-protocol keymap (pulse_distance with NEC timings); ours (the installed
# ir-keytable) and the peer's (Debian's 1.22.1, run from its unpacked package with
# its keymap tree at /lib/udev/rc_keymaps). bench-run times repeated runs; after
# each series, what the device holds says whether the tool did its job. A tool that
# fails is recorded with its exit status and the last line it printed on stderr.
# One "latency ...", one "after ..." and one "messages ..." (what a last run printed)
# line per tool and keymap; bench/run-bench reads them.
. /irkit/lib.sh

lat=/irkit/bench/latency
runs=${BENCH_RUNS:-20}
rc=$(rc_sysdir)
lirc=$(rc_lirc_node "$rc")
sysdev=${rc##*/}

for tool in ours peer; do
	case $tool in
	ours) bin=$(command -v ir-keytable) ;;
	peer) bin=/irkit/bin/peer-ir-keytable ;;
	esac
	for keymap in kernel bpf; do
		# The same starting point for every series: no decoder, no program.
		lirc-tool -d "$lirc" detach-all >/dev/null
		rc_protocols "$rc"
		result=$(bench-run -n "$runs" -- "$bin" -a "$lat/$keymap.cfg" -s "$sysdev")
		echo "latency tool=$tool keymap=$keymap $result"
		protocols=$(tr ' ' '\n' <"$rc/protocols" | sed -n 's/^\[\(.*\)\]$/\1/p' |
			tr '\n' ',')
		programs=$(lirc-tool -d "$lirc" query | sed -n 's/^attached programs: //p')
		echo "after tool=$tool keymap=$keymap protocols=${protocols:-none} bpf_programs=${programs:-?}"
		# What the tool says, once more and verbose, for the record: a tool may exit
		# 0 having done nothing, and say why only there (its lines about decoders,
		# protocols and errors).
		lirc-tool -d "$lirc" detach-all >/dev/null
		verbose=
		[ $tool = peer ] && verbose=-v
		messages=$("$bin" $verbose -a "$lat/$keymap.cfg" -s "$sysdev" 2>&1 |
			grep -i -E 'bpf|lirc|protocol|fail|error|denied|permitted|invalid' |
			tail -n 6 | tr '\n' '|' | cut -c 1-500)
		echo "messages tool=$tool keymap=$keymap ${messages:-(none)}"
	done
done
# The peer's BPF path without -a, for the record of how it fails.
lirc-tool -d "$lirc" detach-all >/dev/null
messages=$(/irkit/bin/peer-ir-keytable -v -s "$sysdev" -p pulse_distance 2>&1 |
	grep -i -E 'bpf|lirc|fail|error|denied|permitted|invalid' | tail -n 4 | tr '\n' '|')
programs=$(lirc-tool -d "$lirc" query | sed -n 's/^attached programs: //p')
echo "peer -p pulse_distance: bpf_programs=${programs:-?} said: ${messages:-(nothing)}"
lirc-tool -d "$lirc" detach-all >/dev/null
echo "bench-latency: done"
