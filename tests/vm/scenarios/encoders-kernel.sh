# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 300
# irkit's encoders (utils/send) against the kernel's own: for each protocol the
# kernel encodes and three scancodes (zero, every bit the protocol carries, one in
# between), the kernel's train (a struct lirc_scancode written to /dev/lirc0 in
# LIRC_MODE_SCANCODE: lirc_dev encodes it with ir_raw_encode_scancode(), drops the
# trailing space and rc-loopback's tx stores each duration as it is into its own
# receiver) read back in LIRC_MODE_MODE2, compared duration by duration with
# ir-train's. No rounding: rc-loopback's resolution is 1 µs. The gap before the
# first pulse and the timeout after the last are the receiver's, not the encoder's,
# and are left out; so is irkit's trailing space, which lirc_dev drops before sending.
# Then the differences: the kernel ignores the bits a protocol cannot carry, irkit
# refuses them; both refuse what rc_validate_scancode() refuses.
# XMP, which the kernel cannot encode: irkit's trains of edge scancodes and 12 from a
# fixed seed, sent in mode2 through rc-loopback to the kernel's XMP decoder, then to
# the xmp_bpf port. The kernel's decoder reports none (5.10 to 6.12 still take 2000
# from the unit in µs, as in ns, and reject every frame: the same with the test
# encoders' trains in decoders-verify); the port reports each scancode as encoded,
# and a held key (--repeat 1, toggle 8) as the key and a repeat.
. /irkit/lib.sh

rc=$(rc_sysdir)
lirc=$(rc_lirc_node "$rc")
# No decoder: the samples alone.
rc_protocols "$rc"

# compare PROTOCOL SCANCODE
compare() {
	lirc-tool -d "$lirc" -r mode2 -w 200 send-scancode "$1" "$2" >/tmp/kernel.raw
	sed -e '1{/^space /d;}' -e '/^timeout /d' /tmp/kernel.raw >/tmp/kernel
	if ! ir-train "$1" "$2" >/tmp/irkit.raw; then
		echo "$1 $2: irkit refused it"
		return
	fi
	sed -e '${/^space /d;}' /tmp/irkit.raw >/tmp/irkit
	if cmp -s /tmp/kernel /tmp/irkit; then
		echo "$1 $2: the same, durations: $(wc -l </tmp/irkit)"
	else
		echo "$1 $2: different"
		diff /tmp/kernel /tmp/irkit | head -n 20
	fi
}

while read -r proto a b c; do
	for scancode in $a $b $c; do
		compare "$proto" "$scancode"
	done
done <<'LIST'
nec 0x0 0xffff 0x1234
necx 0x000100 0xfe00ff 0x123456
nec32 0x1 0xffffffff 0x12345678
rc5 0x0 0x1f7f 0x0a35
rc5x_20 0x0 0x1f7f3f 0x121a3f
rc5_sz 0x0 0x2fff 0x2345
rc6_0 0x0 0xffff 0x1234
rc6_6a_20 0x0 0xfffff 0x12345
rc6_6a_24 0x0 0xffffff 0x123456
rc6_6a_32 0x0 0xffffffff 0x12345678
rc6_mce 0x800f0000 0x800f7fff 0x800f0410
sony12 0x0 0x1f007f 0x10015
sony15 0x0 0xff007f 0x9a0044
sony20 0x0 0x1fff7f 0x1a0c44
jvc 0x0 0xffff 0x1234
sanyo 0x0 0x1fffff 0x123456
sharp 0x0 0x1fff 0x0143
mcir2_kbd 0x0 0xffffff 0x123456
mcir2_mse 0x0 0x1fffff 0x10203
imon 0x0 0x7fffffff 0x12345678
rcmm12 0x0 0xfff 0x123
rcmm24 0x0 0xffffff 0x123456
rcmm32 0x0 0xffffffff 0x12345678
LIST

echo "== differences"
# The kernel sends 0x3456 for nec 0x123456; irkit names the bits.
lirc-tool -d "$lirc" -r mode2 -w 200 send-scancode nec 0x123456 >/tmp/kernel.raw
echo "kernel: nec 0x123456 sent, $(grep -c '^pulse' /tmp/kernel.raw) pulses"
status_of ir-train nec 0x123456
status_of ir-train rc6_mce 0x800f8001
# Both refuse these.
status_of lirc-tool -d "$lirc" send-scancode necx 0x12ed56
status_of ir-train necx 0x12ed56
status_of lirc-tool -d "$lirc" send-scancode rc6_mce 0x80340001
status_of ir-train rc6_mce 0x80340001

echo "== xmp"
status_of lirc-tool -d "$lirc" send-scancode xmp 0x1234
status_of ir-train xmp 0x100000000
: >xmp.list
state=$((0x5e4d0061))
n=0
for sc in 0x0 0xffffffff 0x00ff0000 0xff00ffff 0x0000ffff 0xffff0000 $(i=0
	while [ $i -lt 12 ]; do
		state=$(( (state ^ (state << 13)) & 0xffffffff ))
		state=$(( state ^ (state >> 17) ))
		state=$(( (state ^ (state << 5)) & 0xffffffff ))
		printf '0x%x ' $state
		i=$((i + 1))
	done); do
	n=$((n + 1))
	ir-train xmp "$sc" | sed -e '${/^space /d;}' >"xmp-$n" || echo "xmp $sc: refused"
	echo "raw xmp-$n" >>xmp.list
done
ir-ctl --dry-run --repeat 1 -S xmp:0x1a2bc3d4 >xmp-held
echo "raw xmp-held" >>xmp.list
rc_protocols "$rc" xmp
echo "kernel xmp:"
lirc-tool -d "$lirc" -r scancode -w 300 send-list xmp.list
rc_protocols "$rc"
irkit-attach -d "$lirc" attach xmp_bpf >/dev/null || echo "attaching xmp_bpf failed"
echo "xmp_bpf:"
lirc-tool -d "$lirc" -r scancode -w 300 send-list xmp.list
irkit-attach -d "$lirc" detach-all >/dev/null
