# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 120
# An IRP keymap on a real kernel, as installed: ir-keytable compiles protocol "irp"
# (irp = "nec1": NEC1 of the built-in IRP database, the name in another case) into a
# BPF program that the verifier accepts and that decodes what the kernel's own NEC
# encoder sends through rc-loopback, with no kernel protocol enabled. Expected values
# from NEC1's definition and the kernel's NEC layout (irp_compile.h, rc_keymap(5)):
# address 0x80 with S = ~D is scancode D << 8 | F, 0x804e (KEY_VOLUMEUP in the keymap
# below); 0x12, 0x34 (not ~D) is NECX, D << 16 | S << 8 | F, 0x123456 (KEY_OK). Then a
# -p IRP that does not parse and one naming no database protocol, each an error that
# leaves the device as it was (the program attached, the keys, the protocols). (In a
# keymap they are skipped entries, as an unknown protocol is: the golden CLI cases.)
. /irkit/lib.sh

rc=$(rc_sysdir)
lirc=$(rc_lirc_node "$rc")

printf '[[protocols]]\nprotocol = "irp"\nirp = "nec1"\n[protocols.scancodes]\n' >irp.toml
printf '0x804e = "KEY_VOLUMEUP"\n0x123456 = "KEY_OK"\n' >>irp.toml

echo "== load"
ir-keytable -c -p none 2>&1
echo "exit status: $?"
ir-keytable -w irp.toml 2>&1
echo "exit status: $?"
cat "$rc/protocols"
ir-keytable 2>&1 | grep -E 'Attached|Enabled'
ir-keytable -r 2>&1

echo "== test mode"
bg_start out1 ir-keytable -t
wait_for_line out1 Testing
lirc-tool -d "$lirc" send-scancode nec 0x804e
wait_for_line out1 'key_up: KEY_VOLUMEUP'
lirc-tool -d "$lirc" send-scancode necx 0x123456
wait_for_line out1 'key_up: KEY_OK'
bg_stop
echo "exit status: $?"
strip_timestamps <out1

echo "== errors leave the device as it was"
ir-keytable -c -p rc-5 -p 'irp:{38k,564}<1,-1|1,-3>(16,-8,D:8,1,-50m[D:0..255]' 2>&1
echo "exit status: $?"
ir-keytable -c -p rc-5 -p irp:NEC-1 2>&1
echo "exit status: $?"
cat "$rc/protocols"
ir-keytable 2>&1 | grep -E 'Attached|Enabled'
ir-keytable -r 2>&1
