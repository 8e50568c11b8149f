# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 400
# The installed udev rule (70-infrared.rules) on a receiver that appears after boot:
# rc-loopback unloaded, then loaded 20 times, each time under uevent-rules, a stand-in
# for udev that applies the rule's match keys, parsed from the installed file, to the
# kernel's uevents and runs its RUN command. Each load must end with the keymap that
# rc_maps.cfg assigns to rc-loopback in the kernel: its 31 keys in the keytable and
# its protocol (nec) enabled. Expected values: tanix_tx3mini.toml (31 keys, NEC).
#
# Why the rule fires on the input event node and not on the rc device: rc-core's
# rc_register_device() adds rcN (uevent "add rc rcN"), then its lirc device, then its
# input device and event node. A rule on rcN runs ir-keytable when the kernel has
# announced only rcN; udev runs it concurrently with the rest of the registration,
# so ir-keytable may find no input device to write the keytable to ("rc0 has no input
# device"), depending on scheduling. A rule on eventN runs after all of rcN's devices
# exist. The order each rule fires in is checked below, for this rule and for the old
# one (SUBSYSTEM=="rc"). The old rule's outcome itself is a race this VM cannot show:
# its kernel has one CPU and no preemption, so insmod registers everything before a
# user process runs again. With the old rule installed, this scenario fails on the
# order (RUN right after "add rc rcN"), not on the count: 20/20 there too.
. /irkit/lib.sh

rules=$(find / -xdev -path '*/rules.d/70-infrared.rules' | head -n 1)
[ -n "$rules" ] || { echo "70-infrared.rules is not installed"; exit 1; }
# The rc_maps.cfg the rule names; rc-loopback's kernel keymap is rc-empty.
cfg=$(sed -n 's/^[^#].* -a \([^ ]*\) .*/\1/p' "$rules")
[ -f "$cfg" ] || { echo "the rule names no installed rc_maps.cfg ($cfg)"; exit 1; }
printf 'rc-loopback\trc-empty\ttanix_tx3mini.toml\n' >>"$cfg"
module=/irkit/modules/rc-loopback.ko

# The order of the uevents of interest, and the rule's RUN lines among them. Only the
# uevents of rc-loopback's devices (their paths are under /rc/rcN): a loaded machine
# may still be announcing the PS/2 mouse that its boot probed.
order() {
	grep -E '^(uevent: add (rc|lirc|input) [^ ]+ [^ ]*/rc/rc[0-9]+|RUN /)' "$1" |
		sed -E -e 's/^(uevent: [^ ]+ [^ ]+ [^ ]+) .*/\1/' \
			-e 's/(rc|lirc|input|event)[0-9]+/\1N/g' -e 's| /[^ ]*/ir-keytable | ir-keytable |' \
			-e 's| -a /[^ ]*/rc_maps.cfg | -a rc_maps.cfg |'
}

# Loaded with its keymap: 31 entries and nec enabled.
loaded() {
	rc=$(rc_sysdir) || return 1
	keys=$(ir-keytable -r -s "${rc##*/}" 2>&1 | grep -c '^scancode')
	[ "$keys" = 31 ] && grep -q '\[nec\]' "$rc/protocols"
}

rmmod rc_loopback || exit 1
echo "== the installed rule, rc-loopback loaded 20 times"
ok=0
i=1
while [ $i -le 20 ]; do
	uevent-rules -v -q 300 "$rules" -- insmod "$module" >log.$i 2>&1 ||
		{ echo "load $i: uevent-rules failed"; cat log.$i; }
	if loaded; then
		ok=$((ok + 1))
	else
		echo "load $i: keymap not loaded"
		cat log.$i
	fi
	rmmod rc_loopback || { echo "load $i: rmmod failed"; exit 1; }
	i=$((i + 1))
done
echo "hotplug: $ok/20"
echo "-- the first load"
order log.1
grep -v -E '^(uevent: |RUN /)' log.1

echo "== the old rule (on the rc device), for the order only"
printf 'ACTION=="add", SUBSYSTEM=="rc", RUN+="%s"\n' \
	"$(sed -n 's/.*RUN+="\([^ ]*ir-keytable -a [^ ]*\) .*/\1/p' "$rules") -s \$name" >old.rules
uevent-rules -v -q 300 old.rules -- insmod "$module" >old.log 2>&1
echo "exit status: $?"
order old.log
rmmod rc_loopback
# The VM's other scenarios start with rc-loopback loaded.
insmod "$module"
