# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 180
# Issue 17, items 4 and 6, for bi-phase remotes: 100 lircd.conf SHIFT_ENC, RC5 and RC6
# remotes at once in the kernel. One lircd.conf of 100 bi-phase remotes
# (tests/vm/data/lircd-biphase-many.conf, made by tests/vm/lircd-biphase-many-make)
# loaded by one ir-keytable -w: one program per remote would be more than the 64 the
# kernel attaches per lirc device; lircd_biphase serves them from its maps. By design
# of that file, 6 remotes of one header start alike and share no descriptor, more than
# the 4 one program takes per first pair: 2 programs (the 5th and 6th spill to the
# second); no other first pair is shared by more than 4. The load succeeding means
# the verifier accepted both. Then one button of every remote, as LIRC's own encoder
# (irsimsend) sent it (lircd-biphase-many.txt), goes raw through rc-loopback with
# ir-keytable -t running; its key_down lines must be exactly the buttons the file
# names, in order, and exactly what ir-keytable --decode gives offline (the userspace
# BPF VM) for the same trains.
. /irkit/lib.sh

lircd_many_check "$IRKIT_DATA/lircd-biphase-many.conf" \
	"$IRKIT_DATA/lircd-biphase-many.txt" bimany_
