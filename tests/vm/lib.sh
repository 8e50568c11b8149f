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
