# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 180
# Issue 17, item 4: raw codes are matched as patterns, and 100 lircd.conf RAW_CODES
# remotes work at once in the kernel. One lircd.conf of 100 raw remotes
# (tests/vm/data/lircd-raw-many.conf, made by tests/vm/lircd-raw-many-make) loaded by
# one ir-keytable -w: one lircd_raw program serves them from its maps (one per remote
# would be more than the 64 programs the kernel attaches per lirc device). By design
# of that file, 4 remotes start alike (as many as one program takes per first pair)
# and the others each start their own way: 1 program. The load succeeding means the
# verifier accepted it. Then one button of every remote, as LIRC's own encoder
# (irsimsend) sent it (lircd-raw-many.txt), goes raw through rc-loopback with
# ir-keytable -t running; its key_down lines must be exactly the buttons the file
# names, in order, and exactly what ir-keytable --decode gives offline (the userspace
# BPF VM) for the same trains.
. /irkit/lib.sh

lircd_many_check "$IRKIT_DATA/lircd-raw-many.conf" "$IRKIT_DATA/lircd-raw-many.txt" \
	rawmany_
