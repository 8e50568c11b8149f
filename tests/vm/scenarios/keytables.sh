# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 120
# Keytables (issue 6, scenario 4), read back from the kernel: -w of a bundled keymap
# and -r listing every entry; the table decoding a kernel-encoded signal to the key;
# -c emptying it (the listing and the kernel, which then sends no key); 64-bit
# scancodes through -k and -r; -D and -P read back in the listing.
#
# Expected values:
# - The listing after -w is every entry of hauppauge.toml (173 keys, RC-5) plus the
#   one entry of the kernel's default keymap rc-empty (0x2a KEY_COFFEE, rc-main.c),
#   since -w adds to the table. It was made by
#     tests/vm/keymap-entries rc_keymaps/hauppauge.toml 0x2a:KEY_COFFEE
#   (Python's TOML parser and <linux/input-event-codes.h>, no irkit code). KEY_ZOOM
#   is an alias of KEY_FULL_SCREEN in that header: the kernel keeps only the number.
# - Signals: RC-5 scancode 0x1e3b is KEY_SELECT, 0x1f3c is KEY_ZOOM (0x174) in the
#   keymap; the kernel's rc5 encoder sends them (LIRC_MODE_SCANCODE).
# - rc-core 6.1 stores u64 scancodes and its EVIOCSKEYCODE_V2 takes an 8-byte one
#   (scancode_to_u64() in rc-main.c); a 64-bit scancode and its low 32 bits alone are
#   two entries, kept in increasing order; a BPF decoder's 64-bit scancode
#   (bpf_rc_keydown() takes a u64) finds its key.
# - rc-core's default repeat period is 125 ms (rc-main.c); -D alone keeps the period,
#   -P alone the delay.
. /irkit/lib.sh

rc=$(rc_sysdir)
lirc=$(rc_lirc_node "$rc")

echo "== -w"
ir-keytable -s rc0 -w hauppauge.toml 2>&1
echo "exit status: $?"
cat "$rc/protocols"
ir-keytable -s rc0 -r 2>&1
echo "exit status: $?"

echo "== the table decodes"
bg_start out1 ir-keytable -s rc0 -t
wait_for_line out1 Testing
lirc-tool -d "$lirc" send-scancode rc5 0x1e3b
wait_for_line out1 'key_up: KEY_SELECT'
lirc-tool -d "$lirc" send-scancode rc5 0x1f3c
wait_for_line out1 'key_up: KEY_FULL_SCREEN'
bg_stop
echo "exit status: $?"
strip_timestamps <out1

echo "== -c"
ir-keytable -s rc0 -c 2>&1
echo "exit status: $?"
ir-keytable -s rc0 -r 2>&1
echo "exit status: $?"
# The kernel's side: the scancode is still decoded and reported (EV_MSC), but no key
# follows it before the EV_SYN that ends the report (rc-core sends the key press in
# the same report as the scancode).
bg_start out2 ir-keytable -s rc0 -t
wait_for_line out2 Testing
lirc-tool -d "$lirc" send-scancode rc5 0x1e3b
wait_for_line out2 EV_SYN
bg_stop
echo "exit status: $?"
strip_timestamps <out2

echo "== 64-bit scancodes"
ir-keytable -s rc0 -k 0x1122334455667788:KEY_VOLUMEUP,0x55667788:KEY_VOLUMEDOWN 2>&1
echo "exit status: $?"
ir-keytable -s rc0 -r 2>&1
echo "exit status: $?"
# 65 bits: a usage error (exit 64), refused before the kernel is asked; the table stays
# as it was.
ir-keytable -s rc0 -k 0x11122334455667788:KEY_MUTE >err 2>&1
echo "exit status: $?"
cat err
ir-keytable -s rc0 -r 2>&1 | grep -c '^scancode'
# Decoded through the table: wide-scancode.o reports 0x1122334455667788 for a 700 us
# pulse. The key is the 64-bit entry's, not the one of its low 32 bits; rc-core sends
# no EV_MSC for a scancode past 32 bits (ir_do_keydown() in rc-main.c).
ir-keytable -s rc0 -p "$IRKIT_DATA/wide-scancode.o" 2>&1
echo "exit status: $?"
bg_start out3 ir-keytable -s rc0 -t
wait_for_line out3 Testing
lirc-tool -d "$lirc" send-pulses 700
wait_for_line out3 key_up
bg_stop
echo "exit status: $?"
strip_timestamps <out3

echo "== repeat"
ir-keytable -s rc0 -D 250 2>&1
echo "exit status: $?"
ir-keytable -s rc0 -P 33 2>&1
echo "exit status: $?"
ir-keytable -s rc0 | grep Repeat
ir-keytable -s rc0 -D 1000 -P 200 2>&1
echo "exit status: $?"
ir-keytable -s rc0 | grep Repeat
