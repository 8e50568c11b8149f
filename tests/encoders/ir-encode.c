// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ir-encode: one frame of a kernel protocol as "pulse N" / "space N" lines, as ir-ctl -s
 * reads them; for tests that drive a real receiver (rc-loopback) with known signals.
 *
 *	ir-encode PROTOCOL SCANCODE [TOGGLE]
 *
 * PROTOCOL is a kernel protocol variant: nec, necx, nec32, rc5, rc5x_20, rc5_sz, rc6_0,
 * rc6_6a_20, rc6_6a_24, rc6_6a_32, rc6_mce, sony12, sony15, sony20, jvc, sanyo, sharp,
 * rcmm12, rcmm24, rcmm32, xmp, imon, mcir2_kbd, mcir2_mse.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/lirc.h>

#include "encoders.h"

static const struct {
	const char *name;
	unsigned int protocol;
} protocols[] = {
	{ "nec", RC_PROTO_NEC }, { "necx", RC_PROTO_NECX }, { "nec32", RC_PROTO_NEC32 },
	{ "rc5", RC_PROTO_RC5 }, { "rc5x_20", RC_PROTO_RC5X_20 },
	{ "rc5_sz", RC_PROTO_RC5_SZ }, { "rc6_0", RC_PROTO_RC6_0 },
	{ "rc6_6a_20", RC_PROTO_RC6_6A_20 }, { "rc6_6a_24", RC_PROTO_RC6_6A_24 },
	{ "rc6_6a_32", RC_PROTO_RC6_6A_32 }, { "rc6_mce", RC_PROTO_RC6_MCE },
	{ "sony12", RC_PROTO_SONY12 }, { "sony15", RC_PROTO_SONY15 },
	{ "sony20", RC_PROTO_SONY20 }, { "jvc", RC_PROTO_JVC }, { "sanyo", RC_PROTO_SANYO },
	{ "sharp", RC_PROTO_SHARP }, { "rcmm12", RC_PROTO_RCMM12 },
	{ "rcmm24", RC_PROTO_RCMM24 }, { "rcmm32", RC_PROTO_RCMM32 }, { "xmp", RC_PROTO_XMP },
	{ "imon", RC_PROTO_IMON }, { "mcir2_kbd", RC_PROTO_MCIR2_KBD },
	{ "mcir2_mse", RC_PROTO_MCIR2_MSE },
};

static int encode(struct ir_signal *s, unsigned int protocol, uint32_t scancode, bool toggle)
{
	switch (protocol) {
	case RC_PROTO_NEC:
	case RC_PROTO_NECX:
	case RC_PROTO_NEC32:
		return encode_nec(s, protocol, scancode);
	case RC_PROTO_RC5:
	case RC_PROTO_RC5X_20:
	case RC_PROTO_RC5_SZ:
		return encode_rc5(s, protocol, scancode, toggle);
	case RC_PROTO_SONY12:
	case RC_PROTO_SONY15:
	case RC_PROTO_SONY20:
		return encode_sony(s, protocol, scancode);
	case RC_PROTO_JVC:
		return encode_jvc(s, scancode, true);
	case RC_PROTO_SANYO:
		return encode_sanyo(s, scancode);
	case RC_PROTO_SHARP:
		return encode_sharp(s, scancode);
	case RC_PROTO_RCMM12:
	case RC_PROTO_RCMM24:
	case RC_PROTO_RCMM32:
		return encode_rcmm(s, protocol, scancode, toggle);
	case RC_PROTO_XMP:
		return encode_xmp(s, scancode, 0);
	case RC_PROTO_IMON:
		return encode_imon(s, scancode);
	case RC_PROTO_MCIR2_KBD:
	case RC_PROTO_MCIR2_MSE:
		return encode_mcir2(s, protocol, scancode);
	default:
		return encode_rc6(s, protocol, scancode, toggle);
	}
}

int main(int argc, char **argv)
{
	struct ir_signal s;
	unsigned long scancode;
	char *end;
	size_t i;
	int ret;

	if (argc < 3 || argc > 4) {
		fprintf(stderr, "usage: ir-encode PROTOCOL SCANCODE [TOGGLE]\n");
		return 2;
	}
	for (i = 0; i < sizeof(protocols) / sizeof(protocols[0]); i++)
		if (strcmp(protocols[i].name, argv[1]) == 0)
			break;
	if (i == sizeof(protocols) / sizeof(protocols[0])) {
		fprintf(stderr, "ir-encode: unknown protocol \"%s\"\n", argv[1]);
		return 2;
	}
	errno = 0;
	scancode = strtoul(argv[2], &end, 0);
	if (errno || *end || scancode > 0xffffffffUL) {
		fprintf(stderr, "ir-encode: bad scancode \"%s\"\n", argv[2]);
		return 2;
	}

	ir_signal_init(&s);
	ret = encode(&s, protocols[i].protocol, (uint32_t)scancode,
		     argc == 4 && strcmp(argv[3], "0") != 0);
	/* ir-ctl wants pulses first and last: leading and trailing spaces go. */
	while (ret == 0 && s.count && !LIRC_IS_PULSE(s.samples[s.count - 1]))
		s.count--;
	if (ret == 0 && s.count && !LIRC_IS_PULSE(s.samples[0]))
		ret = ir_signal_write_text(stdout, &(struct ir_signal){ s.samples + 1,
								       s.count - 1, 0 });
	else if (ret == 0)
		ret = ir_signal_write_text(stdout, &s);
	ir_signal_free(&s);
	if (ret) {
		fprintf(stderr, "ir-encode: %s\n", strerror(-ret));
		return 1;
	}
	return 0;
}
