# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 4500
# make bench, part 8: kernel time per edge of lircd.conf remotes decoded in the kernel,
# against the number of remotes loaded, for each table-driven decoder: lircd_space
# (/irkit/data/lircd-many.conf), lircd_biphase (lircd-biphase-many.conf) and lircd_raw
# (lircd-raw-many.conf). The first 10 and 100 remotes of the file, and its remote 007
# alone, each loaded as a user loads them (ir-keytable -w FILE: the decoder's programs,
# the remotes in their maps), ROUNDS times each; LIRC irsimsend's trains (the .txt
# files beside each conf) sent raw through rc-loopback, one write per train: those of
# remote 007 (loaded in every case), then every remote's. With
# kernel.bpf_stats_enabled=1, run_cnt and run_time_ns of every attached program after
# each batch (a warm-up batch, then SENDS): a sample costs the sum of the programs'
# time, every program runs on every sample.
# One line per family, case, traffic and round: "lircd family=DECODER remotes=N
# traffic=one|all round=R programs=P kernel_protocols=LIST events=E
# verified=V1+V2... batches=CNT:NS,..." (CNT the samples of the batch, NS the
# programs' time summed; events: scancodes reported for one batch; kernel_protocols:
# kernel decoders the load enabled, whose time this does not count).
. /irkit/lib.sh
. /irkit/bench/lib.sh

sends=${BENCH_SENDS:-5}
rounds=${BENCH_ROUNDS:-3}

rc=$(rc_sysdir)
lirc=$(rc_lirc_node "$rc")
echo 1 >/proc/sys/kernel/bpf_stats_enabled

# The trains of a family: one file per train, one list of writes for the single
# remote's (FAMILY-one.list), one for all (FAMILY-all.list).
make_trains() {
	family=$1 single=$2
	shift 2
	: >"$family-one.list"
	: >"$family-all.list"
	n=0
	for file in "$@"; do
		# "# REMOTE KEY" starts a train; the files' other comments have more words.
		awk -v n=$n -v prefix="$family-train-" '
			$1 == "#" && NF == 3 { n++; print n, $2; next }
			/^(pulse|space)/ { print > (prefix n) }' "$file" >trains
		while read -r n remote; do
			echo "raw $family-train-$n" >>"$family-all.list"
			[ "$remote" != "$single" ] || echo "raw $family-train-$n" >>"$family-one.list"
		done <trains
		n=$(tail -n 1 trains | cut -d ' ' -f 1)
	done
}

# conf FILE N SINGLE: the lircd.conf of the first N remotes, or of SINGLE for N=1.
make_conf() {
	awk -v n="$2" -v single="$3" '
		/^begin remote/ { r++; block = $0 "\n"; inside = 1; name = ""; next }
		inside { block = block $0 "\n" }
		# The name of the remote, not of a button (raw_codes blocks name them too).
		inside && $1 == "name" && name == "" { name = $2 }
		/^end remote/ {
			inside = 0
			if ((n == 1 && name == single) || (n > 1 && r <= n))
				printf "%s\n", block
		}' "$1"
}

# measure FAMILY CONF SINGLE TRAINS...: the family's lines.
measure() {
	family=$1 conf=$2 single=$3
	shift 3
	make_trains "$family" "$single" "$@"
	for remotes in 1 10 100; do
		make_conf "$conf" $remotes "$single" >"$family-$remotes.conf"
		round=1
		while [ $round -le "$rounds" ]; do
			lirc-tool -d "$lirc" detach-all >/dev/null
			ir-keytable -c -p none -s "${rc##*/}" >/dev/null 2>&1
			if ! ir-keytable -w "$family-$remotes.conf" -s "${rc##*/}" >load.out 2>&1; then
				echo "lircd family=$family remotes=$remotes FAILED: $(head -n 1 load.out)"
				break
			fi
			ids=$(kernel-cost -d "$lirc" ids)
			# What else decodes: kernel protocols enabled by the load (none expected;
			# "lirc", the mode2 reader's, is always on).
			enabled=$(tr ' ' '\n' <"$rc/protocols" | sed -n 's/^\[\(.*\)\]$/\1/p' |
				grep -vx lirc | tr '\n' ',')
			verified=
			for id in $ids; do
				verified="$verified+$(field verified_insns "$(kernel-cost stats "$id")")"
			done
			for traffic in one all; do
				list=$family-$traffic.list
				events=$(lirc-tool -d "$lirc" -r scancode -w 300 send-list "$list" |
					grep -c 'scancode=')
				# shellcheck disable=SC2086
				words=$(batches "lirc-tool -d $lirc send-list $list" $ids)
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
				echo "lircd family=$family remotes=$remotes traffic=$traffic" \
					"round=$round programs=$(echo $ids | wc -w)" \
					"kernel_protocols=${enabled%,} events=$events" \
					"verified=${verified#+}" \
					"batches=$summed"
			done
			round=$((round + 1))
		done
	done
}

measure lircd_space "$IRKIT_DATA/lircd-many.conf" many_007 \
	"$IRKIT_DATA/lircd-many.txt" "$IRKIT_DATA/lircd-many-held.txt"
measure lircd_biphase "$IRKIT_DATA/lircd-biphase-many.conf" biphase_007 \
	"$IRKIT_DATA/lircd-biphase-many.txt"
measure lircd_raw "$IRKIT_DATA/lircd-raw-many.conf" rawmany_007 \
	"$IRKIT_DATA/lircd-raw-many.txt"
lirc-tool -d "$lirc" detach-all >/dev/null
ir-keytable -c -p none -s "${rc##*/}" >/dev/null 2>&1
echo "bench-lircd: done"
