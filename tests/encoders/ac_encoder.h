/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * An encoder of air conditioners' state messages for the A/C decoder's tests, written
 * from the protocols' documented layouts (IRremoteESP8266's protocol notes for Gree,
 * Coolix, Mitsubishi 144-bit, Daikin ARC480 and each other protocol it sends), not
 * from the decoder's table (utils/ac/ac_protocol.c): its own byte positions, codes,
 * checksums and timings.
 *
 * A state is given in the normalized values of bpf_protocols/ac_table.h (as plain
 * numbers here: 1 off / 2 on, modes 1 auto, 2 cool, 3 heat, 4 dry, 5 fan, ...).
 * ac_encode_bytes() lays it out in the protocol's own bytes (numbered as its
 * documentation numbers them: gree 8, coolix 3, mitsubishi_ac 18, daikin 35), checksums
 * included; ac_encode_signal() sends bytes as the remote does (tests corrupt bytes in
 * between to send a wrong checksum).
 */
#ifndef IRKIT_TESTS_AC_ENCODER_H
#define IRKIT_TESTS_AC_ENCODER_H

#include <stddef.h>
#include <stdint.h>

#include "ir_signal.h"

enum ac_enc_protocol {
	AC_ENC_GREE, AC_ENC_COOLIX, AC_ENC_MITSUBISHI_AC, AC_ENC_DAIKIN, AC_ENC_MIDEA, AC_ENC_FUJITSU_AC, AC_ENC_TOSHIBA_AC,
	AC_ENC_PANASONIC_AC, AC_ENC_LG, AC_ENC_HITACHI_AC,
	AC_ENC_HAIER_AC, AC_ENC_SAMSUNG_AC, AC_ENC_WHIRLPOOL_AC,
	AC_ENC_LG2, AC_ENC_DAIKIN2, AC_ENC_TROTEC, AC_ENC_DAIKIN152,
	AC_ENC_MITSUBISHI_HEAVY_152, AC_ENC_MITSUBISHI_HEAVY_88,
	AC_ENC_RHOSS, AC_ENC_TECHNIBEL_AC,
	AC_ENC_CORONA_AC, AC_ENC_GOODWEATHER, AC_ENC_ELECTRA_AC,
	AC_ENC_CARRIER_AC64, AC_ENC_SANYO_AC,
	AC_ENC_SHARP_AC,
	AC_ENC_DAIKIN160,
	AC_ENC_TCL112AC,
	AC_ENC_DAIKIN176,
	AC_ENC_FUJITSU_AC_ARDB1,
	AC_ENC_DAIKIN216,
	AC_ENC_VESTEL_AC,
	AC_ENC_NEOCLIMA,
	AC_ENC_MAX,
};

#define AC_ENC_FLAGS		8	/* quiet turbo econo light filter clean beep sleep */
#define AC_ENC_BYTES_MAX	64

struct ac_enc_state {
	unsigned int power, mode, temp_half, fan, swing_v, swing_h;
	unsigned int flags[AC_ENC_FLAGS];
};

/* Durations changed as a receiver might: every pulse + pulse_us, every space + space_us. */
struct ac_enc_jitter {
	int pulse_us, space_us;
};

/* The protocol's bytes for state; -EINVAL for a value the protocol cannot send. */
int ac_encode_bytes(enum ac_enc_protocol protocol, const struct ac_enc_state *state,
		    uint8_t *bytes, size_t *ret_count);
/* The whole transmission of bytes (every copy the remote sends), ending in a timeout. */
int ac_encode_signal(enum ac_enc_protocol protocol, const uint8_t *bytes, size_t count,
		     const struct ac_enc_jitter *jitter, struct ir_signal *s);
/* Coolix's power-off message (it has no state bytes of its own). */
void ac_encode_coolix_off(uint8_t *bytes, size_t *ret_count);
/* LG's 28-bit number v as ac_encode_signal() takes it: 4 bytes, 28 bits from the top. */
void ac_encode_lg_bytes(uint32_t v, uint8_t *bytes);

#endif
