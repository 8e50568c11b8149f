# SPDX-License-Identifier: GPL-2.0-or-later
# The whole kernel path of a BPF decoder, with the founding article's example
# (bpf_protocols/examples/foobar.c, built as the article builds it but with
# ir_decoder.h for its includes), lirc-tool's own loader and our ir-ctl as the sender:
# the verifier accepts it, it attaches to /dev/lirc0 (opened read-write: since 6.1.y
# a read-only descriptor may query but not attach), and pulse 500 / space S /
# pulse 500 sent through rc-loopback comes back as protocol 64, scancode S / 100.
. /irkit/lib.sh

rc=$(rc_sysdir)
lirc=$(rc_lirc_node "$rc")
obj=$IRKIT_DATA/foobar.o

# No kernel decoder: whatever is decoded comes from the BPF program.
rc_protocols "$rc"
echo "protocols: $(cat "$rc/protocols")"

# The article's warning: a map value used without a NULL check does not load. The
# verifier's log names the register (which one depends on the compiler).
lirc-tool -d "$lirc" attach "$IRKIT_DATA/unchecked-lookup.o" >/tmp/refused 2>&1
echo "exit status: $?"
grep -E "invalid mem access|refused" /tmp/refused
lirc-tool -d "$lirc" -R query

status_of lirc-tool -d "$lirc" -R attach "$obj"
lirc-tool -d "$lirc" attach "$obj"
lirc-tool -d "$lirc" -R query

# The article's test file, sent as the article sends it, "ir-ctl -s test", by our
# ir-ctl, while a reader of scancodes started first waits for the decoder's report;
# then by lirc-tool, a second sender, to compare.
printf 'pulse 500\nspace 1500\npulse 500\n' >test
echo "ir-ctl -s test"
bg_start scancodes lirc-tool -d "$lirc" -r scancode -n 1 -w 5000 print ready
wait_for_line scancodes '^ready$' || exit 1
status_of ir-ctl -d "$lirc" -s test
bg_wait
echo "reader exit status: $?"
grep -v '^ready$' scancodes
echo "lirc-tool send-raw test"
lirc-tool -d "$lirc" -r scancode -w 400 send-raw test
echo "pulse 500 space 2300 pulse 500"
lirc-tool -d "$lirc" -r scancode -w 400 send-pulses 500 2300 500
# The decoder wants exactly 500 us pulses: a 600 us first pulse is no message.
echo "pulse 600 space 1500 pulse 500"
lirc-tool -d "$lirc" -r scancode -w 400 send-pulses 600 1500 500

status_of lirc-tool -d "$lirc" -R detach-all
lirc-tool -d "$lirc" detach-all
lirc-tool -d "$lirc" query
echo "detached: pulse 500 space 1500 pulse 500"
lirc-tool -d "$lirc" -r scancode -w 400 send-pulses 500 1500 500
