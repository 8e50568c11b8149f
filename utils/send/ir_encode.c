// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One encoder per kernel protocol family, each written from the facts of the kernel's
 * drivers/media/rc/ir-*-decoder.c (timings, the layout of the scancode in the bits
 * sent, bit order, trailers) and of the generators in rc-ir-raw.c; the kernel's
 * scancode masks and carriers are those of rc-main.c and the decoders' handlers.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <string.h>
#include <linux/lirc.h>

#include "ir_encode.h"
#include "ir_modulate.h"
#include "nls.h"

/* NEC: 32 bits LSB first; units of 563 µs. */
#define NEC_UNIT 563
static const struct ir_pulse_distance nec_timings = {
	.header_pulse = 16 * NEC_UNIT, .header_space = 8 * NEC_UNIT,
	.bit_pulse = NEC_UNIT, .bit_space = { NEC_UNIT, 3 * NEC_UNIT },
	.trailer_pulse = NEC_UNIT, .trailer_space = 10 * NEC_UNIT,
	.msb_first = false,
};

/* JVC: 16 bits, each byte LSB first; units of 525 µs. */
#define JVC_UNIT 525
static const struct ir_pulse_distance jvc_timings = {
	.header_pulse = 16 * JVC_UNIT, .header_space = 8 * JVC_UNIT,
	.bit_pulse = JVC_UNIT, .bit_space = { JVC_UNIT, 3 * JVC_UNIT },
	.trailer_pulse = JVC_UNIT, .trailer_space = 35 * JVC_UNIT,
	.msb_first = true,
};

/* Sanyo (LC7461): 42 bits; NEC's units. */
static const struct ir_pulse_distance sanyo_timings = {
	.header_pulse = 16 * NEC_UNIT, .header_space = 8 * NEC_UNIT,
	.bit_pulse = NEC_UNIT, .bit_space = { NEC_UNIT, 3 * NEC_UNIT },
	.trailer_pulse = NEC_UNIT, .trailer_space = 10 * NEC_UNIT,
	.msb_first = true,
};

/* Sharp: no header, 15 bits and a trailer pulse, 40 ms, then the echo. */
#define SHARP_UNIT 40
static const struct ir_pulse_distance sharp_timings = {
	.bit_pulse = 8 * SHARP_UNIT, .bit_space = { 17 * SHARP_UNIT, 42 * SHARP_UNIT },
	.trailer_pulse = 8 * SHARP_UNIT, .trailer_space = 1000 * SHARP_UNIT,
	.msb_first = true,
};

/* Sony SIRC: pulse length, LSB first; units of 600 µs, 11 after the last bit. */
#define SONY_UNIT 600
static const struct ir_pulse_length sony_timings = {
	.header_pulse = 4 * SONY_UNIT,
	.bit_space = SONY_UNIT, .bit_pulse = { SONY_UNIT, 2 * SONY_UNIT },
	.trailer_space = 11 * SONY_UNIT,
	.msb_first = false,
};

/*
 * RC-5: the leader pulse is the second half of the first start bit, which is not among
 * the bits; RC-5X stops for 4 units after its first 8 bits.
 */
#define RC5_UNIT 889
static const struct ir_biphase rc5_timings = {
	.leader_pulse = RC5_UNIT, .clock = RC5_UNIT, .trailer_space = 10 * RC5_UNIT,
};
static const struct ir_biphase rc5x_head_timings = {
	.leader_pulse = RC5_UNIT, .clock = RC5_UNIT, .trailer_space = 4 * RC5_UNIT,
};
static const struct ir_biphase rc5x_tail_timings = {
	.clock = RC5_UNIT, .trailer_space = 10 * RC5_UNIT,
};

/* RC-6: leader, start bit and 3 mode bits, the double-length trailer bit, the body. */
#define RC6_UNIT 444
static const struct ir_biphase rc6_header_timings = {
	.leader_pulse = 6 * RC6_UNIT, .leader_space = 2 * RC6_UNIT,
	.clock = RC6_UNIT, .one_is_pulse_space = true,
};
static const struct ir_biphase rc6_trailer_bit_timings = {
	.clock = 2 * RC6_UNIT, .one_is_pulse_space = true,
};
static const struct ir_biphase rc6_body_timings = {
	.clock = RC6_UNIT, .one_is_pulse_space = true, .trailer_space = 6 * RC6_UNIT,
};

/* MCIR-2 (MCE keyboard and mouse): a leader pulse, a 5-bit header, the body. */
#define MCIR2_UNIT 333
static const struct ir_biphase mcir2_timings = {
	.leader_pulse = 8 * MCIR2_UNIT, .clock = MCIR2_UNIT, .one_is_pulse_space = true,
	.trailer_space = 10 * MCIR2_UNIT,
};

/* RC-MM: two bits per space after a short pulse; thirds of 166.7 µs, as the kernel. */
#define RCMM_UNIT 166
#define RCMM_PREFIX_PULSE 417
static const uint32_t rcmm_spaces[4] = { 278, 444, 611, 778 };

/* iMON PAD: 31 bi-phase-like bits of 416 µs half-bits after a leader pulse. */
#define IMON_UNIT 416
#define IMON_BITS 31
/* The bits whose first half is a pulse only when neither it nor the bit above is set. */
#define IMON_CHECKED_BITS 0x437f7e00u

/*
 * XMP: a nibble n is a 210 µs pulse and a space of 760 + 136 * n µs; 8 nibbles, a pulse
 * and 13.8 ms, 8 more, a pulse and the 80.4 ms lead-out (the JP1 wiki's IRP).
 */
#define XMP_PULSE		210
#define XMP_NIBBLE_SPACE	760
#define XMP_NIBBLE_UNIT		136
#define XMP_HALF_SPACE		13800
#define XMP_LEADOUT		80400
#define XMP_NIBBLES		16
/* The first half's fourth nibble and the OEM code: the values every remote sends. */
#define XMP_FIXED_NIBBLE	0xf
#define XMP_OEM			0x44

static uint32_t bit_reverse(uint32_t value, unsigned int bits)
{
	uint32_t out = 0;
	unsigned int i;

	for (i = 0; i < bits; i++)
		out |= ((value >> i) & 1) << (bits - 1 - i);
	return out;
}

static int encode_nec(struct ir_train *train, uint32_t proto, uint32_t scancode)
{
	uint32_t address, address_check, command = scancode & 0xff, command_check;

	switch (proto) {
	case RC_PROTO_NEC32:	/* address 16 bits, command and its check given */
		address = (scancode >> 16) & 0xff;
		address_check = scancode >> 24;
		command_check = (scancode >> 8) & 0xff;
		break;
	case RC_PROTO_NECX:	/* address 16 bits, command checked */
		address = scancode >> 16;
		address_check = (scancode >> 8) & 0xff;
		command_check = command ^ 0xff;
		break;
	default:		/* address and command, each followed by its inverse */
		address = scancode >> 8;
		address_check = address ^ 0xff;
		command_check = command ^ 0xff;
		break;
	}
	return ir_modulate_pulse_distance(train, &nec_timings, 32,
					  command_check << 24 | command << 16 |
					  address_check << 8 | address);
}

static int encode_jvc(struct ir_train *train, uint32_t proto, uint32_t scancode)
{
	(void)proto;
	return ir_modulate_pulse_distance(train, &jvc_timings, 16,
					  bit_reverse(scancode >> 8, 8) << 8 |
					  bit_reverse(scancode & 0xff, 8));
}

/* Address (13 bits), its inverse, command, its inverse: each LSB first. */
static int encode_sanyo(struct ir_train *train, uint32_t proto, uint32_t scancode)
{
	uint64_t address = (scancode >> 8) & 0x1fff, command = scancode & 0xff;
	uint64_t raw = (uint64_t)bit_reverse(address, 13) << 29 |
		       (uint64_t)bit_reverse(~address & 0x1fff, 13) << 16 |
		       bit_reverse(command, 8) << 8 | bit_reverse(~command & 0xff, 8);

	(void)proto;
	return ir_modulate_pulse_distance(train, &sanyo_timings, 42, raw);
}

/*
 * Address (5 bits) and command, LSB first, then expansion bit 1 and check bit 0; the
 * echo has the command inverted and the two bits swapped.
 */
static int encode_sharp(struct ir_train *train, uint32_t proto, uint32_t scancode)
{
	uint32_t address = bit_reverse((scancode >> 8) & 0x1f, 5);
	uint32_t command = scancode & 0xff;
	int ret;

	(void)proto;
	ret = ir_modulate_pulse_distance(train, &sharp_timings, 15,
					 address << 10 | bit_reverse(command, 8) << 2 | 2);
	if (ret)
		return ret;
	return ir_modulate_pulse_distance(train, &sharp_timings, 15,
					  address << 10 | bit_reverse(~command & 0xff, 8) << 2 | 1);
}

/* Command (7 bits), then device (5 or 8 bits), then for 20 bits the extension. */
static int encode_sony(struct ir_train *train, uint32_t proto, uint32_t scancode)
{
	uint32_t command = scancode & 0x7f, device = (scancode >> 16) & 0xff;
	uint32_t extension = (scancode >> 8) & 0xff;

	switch (proto) {
	case RC_PROTO_SONY12:
		return ir_modulate_pulse_length(train, &sony_timings, 12,
						command | (device & 0x1f) << 7);
	case RC_PROTO_SONY15:
		return ir_modulate_pulse_length(train, &sony_timings, 15, command | device << 7);
	default:
		return ir_modulate_pulse_length(train, &sony_timings, 20,
						command | (device & 0x1f) << 7 | extension << 12);
	}
}

/*
 * RC-5: the second start bit is the inverse of command bit 6, then the toggle (0),
 * system (5 bits), command (6 bits). RC-5X: the same, then 6 more bits after the
 * pause. RC-5-SZ: its 14 bits are the scancode's, the toggle (bit 12) clear.
 */
static int encode_rc5(struct ir_train *train, uint32_t proto, uint32_t scancode)
{
	uint32_t data;
	int ret;

	switch (proto) {
	case RC_PROTO_RC5:
		data = !(scancode & 0x40) << 12 | ((scancode >> 8) & 0x1f) << 6 |
		       (scancode & 0x3f);
		return ir_modulate_biphase(train, &rc5_timings, 13, data);
	case RC_PROTO_RC5X_20:
		data = !(scancode & 0x4000) << 18 | ((scancode >> 16) & 0x1f) << 12 |
		       ((scancode >> 8) & 0x3f) << 6 | (scancode & 0x3f);
		ret = ir_modulate_biphase(train, &rc5x_head_timings, 7, data >> 12);
		return ret ? ret : ir_modulate_biphase(train, &rc5x_tail_timings, 12,
						       data & 0xfff);
	default:
		return ir_modulate_biphase(train, &rc5_timings, 14, scancode & 0x2fff);
	}
}

/* Start bit 1, mode 0 or 6, trailer bit (toggle) 0, then 16 to 32 bits of body. */
static int encode_rc6(struct ir_train *train, uint32_t proto, uint32_t scancode)
{
	unsigned int mode = 6, bits;
	int ret;

	switch (proto) {
	case RC_PROTO_RC6_0:
		mode = 0;
		bits = 16;
		break;
	case RC_PROTO_RC6_6A_20:
		bits = 20;
		break;
	case RC_PROTO_RC6_6A_24:
		bits = 24;
		break;
	default:
		bits = 32;
		break;
	}
	ret = ir_modulate_biphase(train, &rc6_header_timings, 4, 0x8 | mode);
	if (!ret)
		ret = ir_modulate_biphase(train, &rc6_trailer_bit_timings, 1, 0);
	return ret ? ret : ir_modulate_biphase(train, &rc6_body_timings, bits, scancode);
}

/* A header of 0b00100 before 32 keyboard bits, of 0b00001 before 29 mouse bits. */
static int encode_mcir2(struct ir_train *train, uint32_t proto, uint32_t scancode)
{
	if (proto == RC_PROTO_MCIR2_KBD)
		return ir_modulate_biphase(train, &mcir2_timings, 37,
					   (uint64_t)0x4 << 32 | scancode);
	return ir_modulate_biphase(train, &mcir2_timings, 34, (uint64_t)0x1 << 29 | scancode);
}

static int encode_rcmm(struct ir_train *train, uint32_t proto, uint32_t scancode)
{
	int bits = proto == RC_PROTO_RCMM12 ? 12 : proto == RC_PROTO_RCMM24 ? 24 : 32;
	int ret, i;

	ret = ir_train_pulse(train, RCMM_PREFIX_PULSE);
	if (!ret)
		ret = ir_train_space(train, rcmm_spaces[0]);
	for (i = bits - 2; !ret && i >= 0; i -= 2) {
		ret = ir_train_pulse(train, RCMM_UNIT);
		if (!ret)
			ret = ir_train_space(train, rcmm_spaces[(scancode >> i) & 3]);
	}
	if (!ret)
		ret = ir_train_pulse(train, RCMM_UNIT);
	return ret ? ret : ir_train_space(train, 2 * rcmm_spaces[3]);
}

/*
 * iMON PAD, MSB first from bit 30: each bit is two half-bits, the second a pulse when
 * the bit is clear; the first is a space, except on the checked bits, where it is a
 * pulse when both the bit and the one above it are clear. The kernel's encoder ends
 * at the last pulse: no trailing space.
 */
static int encode_imon(struct ir_train *train, uint32_t proto, uint32_t scancode)
{
	uint64_t sc = scancode;
	bool first;
	int ret, i;

	(void)proto;
	ret = ir_train_pulse(train, IMON_UNIT);
	for (i = IMON_BITS - 1; !ret && i >= 0; i--) {
		first = (IMON_CHECKED_BITS >> i & 1) && !(sc >> i & 3);
		ret = first ? ir_train_pulse(train, IMON_UNIT) : ir_train_space(train, IMON_UNIT);
		if (ret)
			break;
		ret = !(sc >> i & 1) ? ir_train_pulse(train, IMON_UNIT) :
				       ir_train_space(train, IMON_UNIT);
	}
	if (!ret)
		ir_train_trim_space(train);
	return ret;
}

/* The nibble that makes the sum of the 8 at n a multiple of 16 (itself counted as 0). */
static unsigned int xmp_checksum(const unsigned int *n)
{
	unsigned int sum = 0, i;

	for (i = 0; i < XMP_NIBBLES / 2; i++)
		sum += n[i];
	return (16 - sum % 16) % 16;
}

/*
 * The layout the kernel's ir-xmp-decoder.c reads: first half sub-address high,
 * checksum, sub-address low, 15, OEM (two nibbles), address (two); second half
 * sub-address high, checksum, toggle, sub-address low, OBC (four nibbles). Scancode:
 * address << 24 | sub-address << 16 | OBC.
 */
int ir_encode_xmp(struct ir_train *train, uint32_t scancode, unsigned int toggle)
{
	unsigned int sub = scancode >> 16 & 0xff, n[XMP_NIBBLES], i;
	int ret = 0;

	n[0] = sub >> 4;
	n[2] = sub & 0xf;
	n[3] = XMP_FIXED_NIBBLE;
	n[4] = XMP_OEM >> 4;
	n[5] = XMP_OEM & 0xf;
	n[6] = scancode >> 28 & 0xf;
	n[7] = scancode >> 24 & 0xf;
	n[8] = sub >> 4;
	n[10] = toggle & 0xf;
	n[11] = sub & 0xf;
	for (i = 0; i < 4; i++)
		n[12 + i] = scancode >> (12 - 4 * i) & 0xf;
	n[1] = 0;
	n[9] = 0;
	n[1] = xmp_checksum(n);
	n[9] = xmp_checksum(n + XMP_NIBBLES / 2);
	for (i = 0; !ret && i < XMP_NIBBLES; i++) {
		ret = ir_train_pulse(train, XMP_PULSE);
		if (!ret)
			ret = ir_train_space(train, XMP_NIBBLE_SPACE + XMP_NIBBLE_UNIT * n[i]);
		if (!ret && (i == XMP_NIBBLES / 2 - 1 || i == XMP_NIBBLES - 1)) {
			ret = ir_train_pulse(train, XMP_PULSE);
			if (!ret)
				ret = ir_train_space(train, i == XMP_NIBBLES - 1 ? XMP_LEADOUT :
								       XMP_HALF_SPACE);
		}
	}
	return ret;
}

/* A key's first frame: toggle 0 (ir_kernel_send() sends the repeats, toggle 8). */
static int encode_xmp(struct ir_train *train, uint32_t proto, uint32_t scancode)
{
	(void)proto;
	return ir_encode_xmp(train, scancode, 0);
}

struct ir_encoder {
	const char *name;
	uint32_t scancode_bits;
	uint32_t carrier;
	int (*encode)(struct ir_train *train, uint32_t proto, uint32_t scancode);
};

static const struct ir_encoder encoders[] = {
	[RC_PROTO_RC5] = { "rc5", 0x1f7f, 36000, encode_rc5 },
	[RC_PROTO_RC5X_20] = { "rc5x_20", 0x1f7f3f, 36000, encode_rc5 },
	[RC_PROTO_RC5_SZ] = { "rc5_sz", 0x2fff, 36000, encode_rc5 },
	[RC_PROTO_JVC] = { "jvc", 0xffff, 38000, encode_jvc },
	[RC_PROTO_SONY12] = { "sony12", 0x1f007f, 40000, encode_sony },
	[RC_PROTO_SONY15] = { "sony15", 0xff007f, 40000, encode_sony },
	[RC_PROTO_SONY20] = { "sony20", 0x1fff7f, 40000, encode_sony },
	[RC_PROTO_NEC] = { "nec", 0xffff, 38000, encode_nec },
	[RC_PROTO_NECX] = { "necx", 0xffffff, 38000, encode_nec },
	[RC_PROTO_NEC32] = { "nec32", 0xffffffff, 38000, encode_nec },
	[RC_PROTO_SANYO] = { "sanyo", 0x1fffff, 38000, encode_sanyo },
	[RC_PROTO_MCIR2_KBD] = { "mcir2-kbd", 0xffffff, 36000, encode_mcir2 },
	[RC_PROTO_MCIR2_MSE] = { "mcir2-mse", 0x1fffff, 36000, encode_mcir2 },
	[RC_PROTO_RC6_0] = { "rc6_0", 0xffff, 36000, encode_rc6 },
	[RC_PROTO_RC6_6A_20] = { "rc6_6a_20", 0xfffff, 36000, encode_rc6 },
	[RC_PROTO_RC6_6A_24] = { "rc6_6a_24", 0xffffff, 36000, encode_rc6 },
	[RC_PROTO_RC6_6A_32] = { "rc6_6a_32", 0xffffffff, 36000, encode_rc6 },
	/* Bit 15 is the toggle, which a remote flips and a scancode does not have. */
	[RC_PROTO_RC6_MCE] = { "rc6_mce", 0xffff7fff, 36000, encode_rc6 },
	[RC_PROTO_SHARP] = { "sharp", 0x1fff, 38000, encode_sharp },
	[RC_PROTO_IMON] = { "imon", 0x7fffffff, 38000, encode_imon },
	[RC_PROTO_RCMM12] = { "rc-mm-12", 0xfff, 36000, encode_rcmm },
	[RC_PROTO_RCMM24] = { "rc-mm-24", 0xffffff, 36000, encode_rcmm },
	[RC_PROTO_RCMM32] = { "rc-mm-32", 0xffffffff, 36000, encode_rcmm },
	[RC_PROTO_XMP] = { "xmp", 0xffffffff, 38000, encode_xmp },
};

#define ENCODER_COUNT (sizeof(encoders) / sizeof(encoders[0]))

static const struct ir_encoder *encoder_of(uint32_t rc_proto)
{
	if (rc_proto >= ENCODER_COUNT || !encoders[rc_proto].encode)
		return NULL;
	return &encoders[rc_proto];
}

/* The next character of a name that counts: '-' and '_' do not; case does not. */
static const char *name_next(const char *s)
{
	while (*s == '-' || *s == '_')
		s++;
	return s;
}

static bool name_equal(const char *a, const char *b)
{
	for (;;) {
		a = name_next(a);
		b = name_next(b);
		if (!*a || !*b)
			return !*a && !*b;
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return false;
		a++;
		b++;
	}
}

int ir_encode_proto_from_name(const char *name)
{
	size_t i;

	for (i = 0; i < ENCODER_COUNT; i++)
		if (encoders[i].encode && name_equal(name, encoders[i].name))
			return (int)i;
	return -ENOENT;
}

const char *ir_encode_proto_name(uint32_t rc_proto)
{
	const struct ir_encoder *e = encoder_of(rc_proto);

	return e ? e->name : NULL;
}

uint32_t ir_encode_scancode_bits(uint32_t rc_proto)
{
	const struct ir_encoder *e = encoder_of(rc_proto);

	return e ? e->scancode_bits : 0;
}

uint32_t ir_encode_carrier(uint32_t rc_proto)
{
	const struct ir_encoder *e = encoder_of(rc_proto);

	return e ? e->carrier : 0;
}

/* What the kernel refuses among the scancodes that fit (rc_validate_scancode()). */
static int check_scancode(const struct ir_encoder *e, uint32_t rc_proto, uint32_t sc,
			  struct ir_error *err)
{
	switch (rc_proto) {
	case RC_PROTO_NECX:
		if (((sc >> 16 ^ sc >> 8) & 0xff) == 0xff) {
			ir_error_set(err, _("%s: scancode 0x%" PRIx32 ": an address whose low "
					    "byte is the inverse of its high byte is plain nec"),
				     e->name, sc);
			return -EINVAL;
		}
		break;
	case RC_PROTO_NEC32:
		if (((sc >> 8 ^ sc) & 0xff) == 0xff) {
			ir_error_set(err, _("%s: scancode 0x%" PRIx32 ": a command whose low "
					    "byte is the inverse of its high byte is nec or necx"),
				     e->name, sc);
			return -EINVAL;
		}
		break;
	case RC_PROTO_RC6_MCE:
		if ((sc & 0xffff0000) != 0x800f0000) {
			ir_error_set(err, _("%s: scancode 0x%" PRIx32 ": the customer code "
					    "(bits 16 to 31) must be 0x800f"), e->name, sc);
			return -EINVAL;
		}
		break;
	case RC_PROTO_RC6_6A_32:
		if ((sc & 0xffff0000) == 0x800f0000) {
			ir_error_set(err, _("%s: scancode 0x%" PRIx32 ": customer code 0x800f "
					    "is rc6_mce"), e->name, sc);
			return -EINVAL;
		}
		break;
	default:
		break;
	}
	return 0;
}

int ir_encode_scancode(struct ir_train *train, uint32_t rc_proto, uint64_t scancode,
		       struct ir_error *err)
{
	const struct ir_encoder *e = encoder_of(rc_proto);
	size_t count = train->count;
	uint32_t last = count ? train->durations[count - 1] : 0;
	uint64_t extra;
	int ret;

	if (!e) {
		ir_error_set(err, _("protocol %" PRIu32 " has no encoder"), rc_proto);
		return -EOPNOTSUPP;
	}
	extra = scancode & ~(uint64_t)e->scancode_bits;
	if (extra) {
		ir_error_set(err, _("%s: scancode 0x%" PRIx64 ": bits 0x%" PRIx64 " do not fit "
				    "(the protocol carries 0x%" PRIx32 ")"),
			     e->name, scancode, extra, e->scancode_bits);
		return -EINVAL;
	}
	ret = check_scancode(e, rc_proto, (uint32_t)scancode, err);
	if (ret)
		return ret;
	ret = e->encode(train, rc_proto, (uint32_t)scancode);
	if (ret) {
		/* Undo the part appended, and the lengthening of the last duration. */
		train->count = count;
		if (count)
			train->durations[count - 1] = last;
		ir_error_set(err, _("%s: scancode 0x%" PRIx64 ": %s"), e->name, scancode,
			     strerror(-ret));
		return ret;
	}
	train->carrier = e->carrier;
	return 0;
}
