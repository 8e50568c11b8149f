# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 1500
# make bench, part 8: kernel time per edge of lircd.conf remotes decoded in the kernel,
# against the number of remotes loaded. The first 10 and 100 remotes of
# /irkit/data/lircd-many.conf, and many_007 alone, each loaded as a user loads them
# (ir-keytable -w FILE: lircd_space's programs, the remotes in their maps), ROUNDS times
# each; LIRC irsimsend's trains (lircd-many.txt, lircd-many-held.txt) sent raw
# through rc-loopback, one write per train: those of many_007 (loaded in every case),
# then every remote's. With kernel.bpf_stats_enabled=1, run_cnt and run_time_ns of
# every attached program after each batch (a warm-up batch, then SENDS): a sample
# costs the sum of the programs' time, every program runs on every sample.
# One line per case, traffic and round: "lircd remotes=N traffic=one|all round=R
# programs=P kernel_protocols=LIST events=E verified=V1+V2... batches=CNT:NS,..." (CNT
# the samples of the batch, NS the programs' time summed; events: scancodes reported
# for one batch; kernel_protocols: kernel decoders the load enabled, whose time this
# does not count).
. /irkit/lib.sh
. /irkit/bench/lib.sh

conf=$IRKIT_DATA/lircd-many.conf
sends=${BENCH_SENDS:-5}
rounds=${BENCH_ROUNDS:-3}
single=many_007

rc=$(rc_sysdir)
lirc=$(rc_lirc_node "$rc")
echo 1 >/proc/sys/kernel/bpf_stats_enabled

# The trains: one file per train, one list of writes for the single remote's, one
# for all.
: >one.list
: >all.list
n=0
for file in "$IRKIT_DATA/lircd-many.txt" "$IRKIT_DATA/lircd-many-held.txt"; do
	awk -v n=$n '/^# many_/ { n++; print n, $2; next }
		/^(pulse|space)/ { print > ("train-" n) }' "$file" >trains
	while read -r n remote; do
		echo "raw train-$n" >>all.list
		[ "$remote" != "$single" ] || echo "raw train-$n" >>one.list
	done <trains
	n=$(tail -n 1 trains | cut -d ' ' -f 1)
done

# conf N: the lircd.conf of the first N remotes, or of the single remote for N=1.
make_conf() {
	awk -v n="$1" -v single="$single" '
		/^begin remote/ { r++; block = $0 "\n"; inside = 1; next }
		inside { block = block $0 "\n" }
		inside && $1 == "name" { name = $2 }
		/^end remote/ {
			inside = 0
			if ((n == 1 && name == single) || (n > 1 && r <= n))
				printf "%s\n", block
		}' "$conf"
}

for remotes in 1 10 100; do
	make_conf $remotes >"many-$remotes.conf"
	round=1
	while [ $round -le "$rounds" ]; do
		lirc-tool -d "$lirc" detach-all >/dev/null
		ir-keytable -c -p none -s "${rc##*/}" >/dev/null 2>&1
		if ! ir-keytable -w "many-$remotes.conf" -s "${rc##*/}" >load.out 2>&1; then
			echo "lircd remotes=$remotes FAILED: $(head -n 1 load.out)"
			break
		fi
		ids=$(kernel-cost -d "$lirc" ids)
		# What else decodes: kernel protocols enabled by the load (none expected; "lirc",
		# the mode2 reader's, is always on).
		enabled=$(tr ' ' '\n' <"$rc/protocols" | sed -n 's/^\[\(.*\)\]$/\1/p' |
			grep -vx lirc | tr '\n' ',')
		verified=
		for id in $ids; do
			verified="$verified+$(field verified_insns "$(kernel-cost stats "$id")")"
		done
		for traffic in one all; do
			events=$(lirc-tool -d "$lirc" -r scancode -w 300 send-list $traffic.list |
				grep -c 'scancode=')
			# shellcheck disable=SC2086
			words=$(batches "lirc-tool -d $lirc send-list $traffic.list" $ids)
			# The first program's count and the sum of the programs' time, per batch.
			summed=$(echo "$words" | awk '{
				for (k = 1; k <= NF; k++) {
					count = split($k, batch, ",")
					for (b = 1; b <= count; b++) {
						split(batch[b], x, ":")
						if (k == 1)
							cnt[b] = x[1]
						ns[b] += x[2]
					}
				}
				for (b = 1; b <= count; b++)
					printf "%s%d:%d", (b > 1 ? "," : ""), cnt[b], ns[b]
				printf "\n"
			}')
			echo "lircd remotes=$remotes traffic=$traffic round=$round" \
				"programs=$(echo $ids | wc -w) kernel_protocols=${enabled%,} events=$events" \
				"verified=${verified#+}" \
				"batches=$summed"
		done
		round=$((round + 1))
	done
done
lirc-tool -d "$lirc" detach-all >/dev/null
ir-keytable -c -p none -s "${rc##*/}" >/dev/null 2>&1
echo "bench-lircd: done"
