# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers for scenarios, sourced inside the VM: . /irkit/lib.sh
# Installed as /irkit/lib.sh; programs are in /irkit/bin (on PATH), data in /irkit/data.

IRKIT_DATA=/irkit/data

# The running kernel as MAJOR.MINOR (5.10, 6.1), for ir-keytable --decode-kernel: an
# offline decode in a scenario models the rc-core it runs on (before 6.0 a held key's
# keydowns carry no repeat flag).
kernel_version() {
	uname -r | sed 's/^\([0-9]*\.[0-9]*\).*/\1/'
}

# The sysfs directory of the rc device rc-loopback registered (rc0 in this VM).
rc_sysdir() {
	for dir in /sys/class/rc/rc*; do
		if grep -qx 'DRV_NAME=rc-loopback' "$dir/uevent" 2>/dev/null; then
			echo "$dir"
			return 0
		fi
	done
	return 1
}

# The /dev node of the lirc device under an rc device directory.
rc_lirc_node() {
	for dir in "$1"/lirc*; do
		[ -e "$dir/dev" ] && echo "/dev/${dir##*/}" && return 0
	done
	return 1
}

# The /dev/input/eventN node of an rc device: its input device's evdev child.
rc_event_node() {
	for dir in "$1"/input*/event*; do
		[ -e "$dir/dev" ] && echo "/dev/input/${dir##*/}" && return 0
	done
	return 1
}

# Enables exactly the kernel decoders named, e.g. rc_protocols rc0dir nec rc-5.
rc_protocols() {
	dir=$1
	shift
	echo none >"$dir/protocols"
	for proto in "$@"; do
		echo "+$proto" >"$dir/protocols"
	done
}

# Replaces the "SECONDS.MICROS: " timestamps that start ir-keytable -t lines.
strip_timestamps() {
	sed -E 's/^[0-9]+\.[0-9]+: /T: /'
}

# Runs a command and prints its exit status, for scenarios that expect failures.
status_of() {
	"$@"
	echo "exit status: $?"
}

# bg_start FILE COMMAND...: runs COMMAND in the background, its output in FILE; the
# process id is in $bg_pid. For programs that must be running before a signal is sent
# (ir-keytable -t, a lirc reader): start, wait_for_line, send, bg_stop, cat FILE.
bg_start() {
	bg_file=$1
	shift
	"$@" >"$bg_file" 2>&1 &
	bg_pid=$!
}

# wait_for_line FILE REGEX [SECONDS]: waits until a line of FILE matches the extended
# regular expression (default limit 20 s); fails and says so on timeout.
wait_for_line() {
	tries=$((${3:-20} * 10))
	while ! grep -Eq -- "$2" "$1" 2>/dev/null; do
		tries=$((tries - 1))
		if [ $tries -le 0 ]; then
			echo "wait_for_line: no line matching '$2' in $1"
			return 1
		fi
		sleep 0.1
	done
}

# bg_stop [SIGNAL]: stops the background command (SIGINT by default, as a user's
# Ctrl-C) and waits for it; returns its exit status.
bg_stop() {
	kill "-${1:-INT}" "$bg_pid" 2>/dev/null
	# busybox's shell may report the killed job ("Terminated") on its stderr, racing
	# with the scenario's output; the status is what callers look at.
	{ wait "$bg_pid"; } 2>/dev/null
}

# bg_wait: waits for the background command to end by itself; returns its status.
bg_wait() {
	wait "$bg_pid"
}

# signals_list_capture PREFIX COUNT LIST CAPTURE: the files PREFIX1 to PREFIXCOUNT as
# lirc-tool's send list LIST, and as one capture CAPTURE of them all the way a mode2
# reader gets them (each ended by a receiver's timeout: rc-loopback's is 125 ms with no
# kernel decoder enabled, tests/vm/README.md).
signals_list_capture() {
	: >"$3"
	: >"$4"
	n=1
	while [ $n -le "$2" ]; do
		echo "raw $1$n" >>"$3"
		cat "$1$n" >>"$4"
		echo "timeout 125000" >>"$4"
		n=$((n + 1))
	done
}

# wait_for_key_ups FILE COUNT: until FILE (ir-keytable -t's output) has COUNT key_up
# lines, 10 s at most; the caller counts what came.
wait_for_key_ups() {
	tries=100
	while [ "$(grep -c 'key_up' "$1")" -lt "$2" ] && [ $tries -gt 0 ]; do
		sleep 0.1
		tries=$((tries - 1))
	done
}

# The lircd-many scenarios: one ir-keytable -w loads every remote of lircd.conf $1 on
# rc-loopback; each train of $2 (irsimsend's, after a "# REMOTE KEY" line whose remote
# starts with $3) goes raw through rc-loopback with ir-keytable -t running; the
# key_down lines must be the file's buttons, in order, and what --decode gives offline
# for the same trains. Leaves rc, lirc and conf set for what the scenario does next.
lircd_many_check() {
	rc=$(rc_sysdir)
	lirc=$(rc_lirc_node "$rc")
	conf=$1

	echo "remotes in the file: $(grep -c '^begin remote' "$conf")"
	echo "== load"
	ir-keytable -c -p none -s "${rc##*/}" 2>&1
	echo "exit status: $?"
	ir-keytable -w "$conf" -s "${rc##*/}" >load.out 2>&1
	echo "exit status: $?"
	sed "s|$IRKIT_DATA/||" load.out
	attached=$(ir-keytable -s "${rc##*/}" 2>&1 | grep 'Attached BPF protocols')
	echo "$attached"
	echo "programs attached: $(echo "$attached" | sed 's/.*protocols://' | wc -w)"

	# The signals: one file per train, the buttons in order ("# REMOTE KEY" lines), and one
	# capture of them all as a mode2 reader gets them (each ended by a receiver's timeout:
	# rc-loopback's is 125 ms with no kernel decoder enabled, tests/vm/README.md).
	awk -v prefix="# $3" 'index($0, prefix) == 1 { n++; print $3 > "expected"; next }
		/^(pulse|space)/ { print > ("sig-" n) }' "$2"
	signals=$(wc -l <expected)
	signals_list_capture sig- "$signals" list capture
	echo "signals: $signals"

	echo "== raw through rc-loopback, ir-keytable -t"
	bg_start live ir-keytable -s "${rc##*/}" -t
	wait_for_line live Testing
	lirc-tool -d "$lirc" send-list list >sent
	echo "lirc-tool exit status: $? ($(grep -c '^signal' sent) sent)"
	wait_for_key_ups live "$signals"
	bg_stop
	grep -o 'key_down: [A-Z0-9_]*' live | sed 's/key_down: //' >live.keys
	grep -o 'lirc protocol.*' live >live.lirc
	echo "key_down in -t: $(wc -l <live.keys)"
	echo "scancodes in -t, not repeats: $(grep -vc 'repeat$' live.lirc)"

	echo "== offline, ir-keytable --decode"
	ir-keytable --decode=capture --decode-kernel="$(kernel_version)" -w "$conf" \
		>offline 2>&1
	echo "exit status: $?"
	grep -o 'key_down: [A-Z0-9_]*' offline | sed 's/key_down: //' >offline.keys
	grep -o 'lirc protocol.*' offline >offline.lirc
	echo "key_down in --decode: $(wc -l <offline.keys)"
	echo "scancodes in --decode, not repeats: $(grep -vc 'repeat$' offline.lirc)"

	echo "== agreement"
	if cmp -s live.keys expected; then
		echo "-t gives the lircd.conf's buttons: $(wc -l <expected) of $signals"
	else
		echo "-t differs from the lircd.conf's buttons:"
		diff expected live.keys
	fi
	if cmp -s live.keys offline.keys; then
		echo "-t and --decode agree: $(wc -l <live.keys) keys"
	else
		echo "-t and --decode differ:"
		diff offline.keys live.keys
	fi
	if cmp -s live.lirc offline.lirc; then
		echo "-t and --decode give the same lirc events"
	else
		echo "-t and --decode give different lirc events:"
		diff offline.lirc live.lirc
	fi
}
