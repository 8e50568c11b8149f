# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 300
# Real A/C remotes' captures (tests/data/ac-captures) through the kernel: ir-keytable -p
# ac attaches the ac decoder to rc-loopback, our ir-ctl -s sends each capture's timings
# as recorded (Broadlink's stretched marks and 32.84 us ticks, ESPHome's, an ESP8266's),
# and ir-keytable -t prints the states. The fields are those the captures' sources give
# (each file's "expect" line, which tests/ac-captures.py checks offline): gree heat 24
# C fan auto (Broadlink), toshiba_ac heat 24 C fan auto (ESPHome; then a 56-bit message
# of another kind, no state), mitsubishi_heavy_152 on, heat 24 C, fan max, both swings
# auto, daikin152 on, cool 21 C (Broadlink, after its leader and 27 ms gap), samsung_ac
# on, cool 24 C, fan auto, haier_ac on, cool 16 C, whirlpool_ac auto 25 C, fan auto
# (three sections, 8 ms gaps), panasonic_ac off, cool 25 C, fan auto (two sections). All
# under rc-loopback's 512 samples a write (mitsubishi_ac's two copies, 583, are not).
. /irkit/lib.sh

rc=$(rc_sysdir)
lirc=$(rc_lirc_node "$rc")

status_of ir-keytable -s "${rc##*/}" -c -p ac

bg_start out ir-keytable -t
wait_for_line out Testing
for capture in gree-toyotomi-broadlink-heat-auto-24:gree \
	       toshiba_ac-esphome-heat-auto-24:toshiba_ac \
	       mitsubishi_heavy_152-heat24:mitsubishi_heavy_152 \
	       daikin152-ftc-broadlink-cool-mid-21:daikin152 \
	       samsung_ac-cool24:samsung_ac \
	       haier_ac-cool16-on:haier_ac \
	       whirlpool_ac-dg11j13a-auto25:whirlpool_ac \
	       panasonic_ac-jke-off-cool25:panasonic_ac; do
	status_of ir-ctl -d "$lirc" -s "$IRKIT_DATA/${capture%%:*}.irctl"
	wait_for_line out "ac protocol\(${capture##*:}\)"
done
bg_stop
grep -E ': ac protocol\(' out | strip_timestamps
