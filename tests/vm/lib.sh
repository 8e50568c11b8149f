# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers for scenarios, sourced inside the VM: . /irkit/lib.sh
# Installed as /irkit/lib.sh; programs are in /irkit/bin (on PATH), data in /irkit/data.

IRKIT_DATA=/irkit/data

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
