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

# The wide path (irp_compile.h): Fujitsu-128's sixteen 8-bit parameters, more than a
# scancode's 64 bits. Its program reports A0..A7 (A0 on top: 0x1463001010fe0930, the
# key) and queues all sixteen in its map irp_messages, which -t pops and prints after
# the lirc line; ir-ctl sends them by name. A message queued before -t starts is not
# printed with a later report: -t empties the queue first.
echo "== wide: Fujitsu-128"
printf '[[protocols]]\nprotocol = "irp"\nirp = "Fujitsu-128"\n[protocols.scancodes]\n' >f128.toml
printf '0x1463001010fe0930 = "KEY_POWER"\n' >>f128.toml
f128=A0=20,A1=99,A2=0,A3=16,A4=16,A5=254,A6=9,A7=48
status_of ir-keytable -c -w f128.toml
ir-keytable 2>&1 | grep -E 'Attached'
status_of ir-ctl -d "$lirc" -S irp:Fujitsu-128:$f128,A8=9,A9=9,A10=9,A11=9,A12=9,A13=9,A14=9,A15=9
sleep 0.5
bg_start out2 ir-keytable -t
wait_for_line out2 Testing
status_of ir-ctl -d "$lirc" -S irp:Fujitsu-128:$f128,A8=1,A9=2,A10=3,A11=4,A12=5,A13=6,A14=7,A15=255
wait_for_line out2 'key_up: KEY_POWER'
status_of ir-ctl -d "$lirc" -S irp:Fujitsu-128:$f128,A8=0,A9=0,A10=0,A11=0,A12=0,A13=0,A14=0,A15=128
wait_for_line out2 'A15=128'
# its key_up, after rc-core's timeout
sleep 1
bg_stop
echo "exit status: $?"
strip_timestamps <out2
