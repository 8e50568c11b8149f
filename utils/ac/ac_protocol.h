/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The air conditioners' protocols the A/C decoder (bpf_protocols/ac.c) knows: each
 * one's name (lower case, as IRremoteESP8266 and Tasmota name it), its number (the
 * report's protocol is AC_RC_PROTOCOL_BASE + id; ids never change meaning) and its
 * layout, the descriptor the decoder reads from its map "ac_protocols" (ac_table.h).
 *
 * The protocols, with the length of their messages:
 *	gree		64 bits (8 bytes; a 3-bit footer and a 20 ms gap after byte 3)
 *	coolix		24 bits, each byte followed by its complement (48 sent)
 *	mitsubishi_ac	144 bits (18 bytes)
 *	daikin		280 bits (35 bytes in 3 sections, after a 5-bit leader)
 *	midea		48 bits (6 bytes), then the 48 complemented after a header
 *	fujitsu_ac	128 bits (16 bytes: the state; the 7-byte commands are not read)
 *	toshiba_ac	72 bits (9 bytes; the 56-bit swing messages are not read)
 *	panasonic_ac	216 bits (27 bytes in 2 sections, the first fixed)
 *	lg		28 bits (the last 4, the checksum, in the high nibble of byte 3)
 *	hitachi_ac	224 bits (28 bytes)
 *	haier_ac	72 bits (9 bytes, after a 3 ms pulse and space and the header)
 *	samsung_ac	112 bits (14 bytes in 2 sections, a bit count each; the
 *			21-byte message of power changes and timers is not read)
 *	whirlpool_ac	168 bits (21 bytes in 3 sections; its power bit is a toggle)
 *	lg2		28 bits (lg's, after another header)
 *	daikin2		312 bits (39 bytes in 2 sections, after a leader)
 *	trotec		72 bits (9 bytes, then a gap and one more pulse)
 *	daikin152	152 bits (19 bytes, after a 5-bit leader)
 *	mitsubishi_heavy_152	152 bits (19 bytes; a 1 is the short space)
 *	mitsubishi_heavy_88	88 bits (11 bytes, as mitsubishi_heavy_152's; no swing)
 *	rhoss		96 bits (12 bytes, then a 0 and a pulse)
 *	technibel_ac	56 bits (7 bytes; Celsius states only)
 *	corona_ac	168 bits (21 bytes in 3 sections; the state in the first)
 *	goodweather	48 bits, each byte followed by its complement (96 sent)
 *	electra_ac	104 bits (13 bytes)
 *	carrier_ac64	64 bits (8 bytes; Carrier's other lengths are not read)
 *	sanyo_ac	72 bits (9 bytes)
 *	sharp_ac	104 bits (13 bytes; the A907 remote's, not the A705's or A903's)
 *	daikin160	160 bits (20 bytes in 2 sections; its 0 space, 700 µs, is long)
 *	tcl112ac	112 bits (14 bytes; whole degrees, the special messages not read)
 *	daikin176	176 bits (22 bytes in 2 sections; two fan speeds)
 *	fujitsu_ac_ardb1	120 bits (15 bytes: the AR-DB1 remote's fujitsu_ac state)
 *	daikin216	216 bits (27 bytes in 2 sections; panasonic_ac's framing)
 *	vestel_ac	56 bits (7 bytes; the timer message is not read)
 *	neoclima	96 bits (12 bytes, then a gap and a pulse; Celsius states only)
 *
 * A value may have several fields, ORed into the state (mitsubishi_ac's temperature:
 * its whole degrees and a half-degree bit); they lie in one byte of the message.
 * Where a protocol's layout cannot say a state in its fields (coolix's commands that
 * are not a state, its fan mode), ac_protocol.c says what the decoder reports.
 */
#ifndef IRKIT_AC_PROTOCOL_H
#define IRKIT_AC_PROTOCOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ac_state.h"
#include "../bpf_protocols/ac_table.h"

struct ac_protocol_info {
	const char *name;
	unsigned int bits;		/* of the message's state, as usually counted */
	const struct ac_protocol *layout;
};

size_t ac_protocol_count(void);
const struct ac_protocol_info *ac_protocol_at(size_t index);
/* By name, ignoring case; NULL when there is none. */
const struct ac_protocol_info *ac_protocol_find(const char *name);
/* The protocol whose reports carry rc_proto; NULL for any other number. */
const struct ac_protocol_info *ac_protocol_of_rc_proto(uint32_t rc_proto);
/* Which values (1 << enum ac_value) the protocol's messages carry. */
uint32_t ac_protocol_has(const struct ac_protocol_info *protocol);
/*
 * A layout the decoder can use: sections, bytes, checks and fields within its limits.
 * 0, or -EINVAL with what is wrong in *ret_what (a static string).
 */
int ac_protocol_check(const struct ac_protocol *layout, const char **ret_what);

#endif
