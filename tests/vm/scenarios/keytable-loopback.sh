# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 300
# ir-keytable itself on rc-loopback, as installed: the listing; a keymap by name (its
# keys in the kernel's table, its kernel protocol enabled); test mode on a scancode the
# kernel's own encoder sends; a BPF decoder loaded beside the kernel's; the founding
# article's steps (its decoder, a key, test mode); -a run twice as udev would, leaving
# one copy of the keymap's BPF decoder; a decoder the verifier refuses and one whose map
# the kernel cannot allocate (ENOMEM) and a keymap with a syntax error, each leaving the
# device as it was (decoders, protocols, the 58 keys, still decoding); a keymap with an
# unknown key name, whose other entries load with a warning (exit status 0); -p none;
# the 64-program limit; the repeat timing; SIGTERM ending test mode.
# Expected values: the keymaps' files (tanix_tx3mini.toml sorted by scancode:
# 0x8009 KEY_RED, 0x800d KEY_OK, 0x8011 KEY_GREEN, ..., 0x80bd KEY_PREVIOUS; 31 keys;
# xbox_dvd.toml 27 keys; the kernel's keymap rc-empty is not empty but maps 0x2a to
# KEY_COFFEE, and -w adds to the table), linux/input-event-codes.h for key numbers, rc-core's
# defaults (500 ms / 125 ms repeat), the article's decoder (protocol 64, space / 100).
. /irkit/lib.sh

rc=$(rc_sysdir)
lirc=$(rc_lirc_node "$rc")
event=$(rc_event_node "$rc")
list() {
	ir-keytable 2>&1 | sed "s|$event|EVENT|"
}
# Each background run writes its own file: waiting for a line in a reused one could find
# the last run's line before the shell has truncated it.

echo "== the device"
list

echo "== a keymap by name"
ir-keytable -s rc0 -w tanix_tx3mini.toml 2>&1
echo "exit status: $?"
cat "$rc/protocols"
ir-keytable -r >table 2>&1
echo "exit status: $?"
grep -c '^scancode' table
head -n 3 table
grep -v '^scancode' table

echo "== test mode"
bg_start out1 ir-keytable -t
wait_for_line out1 Testing
lirc-tool -d "$lirc" send-scancode nec 0x804e
wait_for_line out1 key_up
bg_stop
echo "exit status: $?"
strip_timestamps <out1

echo "== a BPF decoder beside the kernel's"
ir-keytable -p nec_bpf 2>&1
echo "exit status: $?"
cat "$rc/protocols"
list | grep Attached

echo "== the article"
ir-keytable -c -p none -p "$IRKIT_DATA/foobar.o" -k 15:KEY_VOLUMEUP 2>&1
echo "exit status: $?"
list | grep -E 'Attached|Enabled'
printf 'pulse 500\nspace 1500\npulse 500\n' >test
bg_start out2 ir-keytable -t
wait_for_line out2 Testing
lirc-tool -d "$lirc" send-raw test
wait_for_line out2 key_up
bg_stop
echo "exit status: $?"
strip_timestamps <out2

echo "== -a twice"
printf 'rc-loopback\trc-empty\ttanix_tx3mini.toml\n*\trc-empty\txbox_dvd.toml\n' >maps.cfg
ir-keytable -a maps.cfg -s rc0 2>&1
echo "exit status: $?"
ir-keytable -a maps.cfg -s rc0 2>&1
echo "exit status: $?"
lirc-tool -d "$lirc" -R query

echo "== a decoder the verifier refuses"
ir-keytable -p "$IRKIT_DATA/unchecked-lookup.o" >err 2>&1
echo "exit status: $?"
cat err
lirc-tool -d "$lirc" -R query
cat "$rc/protocols"

echo "== a decoder whose map the kernel cannot allocate"
ir-keytable -p "$IRKIT_DATA/huge-map.o" 2>&1
echo "exit status: $?"
lirc-tool -d "$lirc" -R query
cat "$rc/protocols"

echo "== a keymap with a syntax error"
printf '[[protocols]]\nname = "broken"\nprotocol = "nec"\n[protocols.scancodes]\n0x10 = "KEY_OK"\n0x11 = "KEY_A\n' >broken.toml
ir-keytable -c -p none -w broken.toml 2>&1
echo "exit status: $?"
ir-keytable -r >table2 2>&1
grep -c '^scancode' table2
lirc-tool -d "$lirc" -R query
cat "$rc/protocols"
bg_start out4 ir-keytable -t
wait_for_line out4 Testing
lirc-tool -d "$lirc" send-scancode nec 0x804e
wait_for_line out4 key_up
bg_stop
echo "exit status: $?"
strip_timestamps <out4

echo "== a keymap with an unknown key name"
printf '[[protocols]]\nname = "partly"\nprotocol = "nec"\n[protocols.scancodes]\n0x7f10 = "KEY_OK"\n0x7f11 = "KEY_NO_SUCH_KEY"\n0x7f12 = "KEY_NEXT"\n' >partly.toml
ir-keytable -w partly.toml 2>&1
echo "exit status: $?"
ir-keytable -r >table3 2>&1
grep -c '^scancode' table3
grep '^scancode 0x7f' table3
cat "$rc/protocols"

echo "== none"
ir-keytable -p none 2>&1
echo "exit status: $?"
lirc-tool -d "$lirc" -R query
cat "$rc/protocols"

echo "== the 64-program limit"
i=0
while [ $i -lt 64 ]; do
	lirc-tool -d "$lirc" attach "$IRKIT_DATA/foobar.o" >/dev/null || break
	i=$((i + 1))
done
lirc-tool -d "$lirc" -R query | head -n 1
ir-keytable -p nec_bpf 2>&1
echo "exit status: $?"
lirc-tool -d "$lirc" -R query | head -n 1
ir-keytable -p none 2>&1
echo "exit status: $?"
lirc-tool -d "$lirc" -R query

echo "== repeat"
ir-keytable -D 400 -P 100 2>&1
echo "exit status: $?"
list | grep Repeat

echo "== SIGTERM"
bg_start out3 ir-keytable -t
wait_for_line out3 Testing
bg_stop TERM
echo "exit status: $?"
