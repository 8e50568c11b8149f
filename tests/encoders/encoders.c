// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Test encoders (encoders.h): from the protocols' published timings. Each function
 * notes where its numbers come from.
 */
#include "config.h"

#include <errno.h>
#include <linux/lirc.h>

#include "encoders.h"

/* Stops at the first error: every helper returns 0 or a negative errno. */
#define TRY(expr)				\
	do {					\
		int try_ret_ = (expr);		\
		if (try_ret_ < 0)		\
			return try_ret_;	\
	} while (0)

static int pulse_space(struct ir_signal *s, unsigned int pulse, unsigned int space)
{
	TRY(ir_signal_pulse(s, pulse));
	return ir_signal_space(s, space);
}

/* Pulse-distance bits: each a pulse and a space that tells the bit. */
static int distance_bits(struct ir_signal *s, uint64_t value, unsigned int bits, bool lsb_first,
			 unsigned int pulse, unsigned int space0, unsigned int space1)
{
	unsigned int i;

	for (i = 0; i < bits; i++) {
		unsigned int n = lsb_first ? i : bits - 1 - i;

		TRY(pulse_space(s, pulse, value >> n & 1 ? space1 : space0));
	}
	return 0;
}

static int frame_end(struct ir_signal *s, uint64_t start, uint64_t period,
		     unsigned int min_gap)
{
	TRY(ir_signal_space(s, min_gap));
	return ir_signal_pad_to(s, start + period);
}

/*
 * NEC (sbprojects.net "NEC protocol"): 9 ms burst, 4.5 ms space, 32 bits LSB first of
 * 562.5 µs bursts followed by 562.5 µs (0) or 1687.5 µs (1) spaces, a final burst;
 * frames every 108 ms. Byte order of the scancodes: rc-protos.rst (NEC: address,
 * command; NEC-X: 16-bit address, command; NEC-32: the table of the four bytes).
 */
#define NEC_HEADER_PULSE	9000
#define NEC_HEADER_SPACE	4500
#define NEC_REPEAT_SPACE	2250
#define NEC_BURST		563
#define NEC_ZERO_SPACE		563
#define NEC_ONE_SPACE		1688
#define NEC_PERIOD		108000

int encode_nec_header(struct ir_signal *s, unsigned int protocol, uint32_t scancode,
		      unsigned int header_pulse)
{
	uint64_t start = ir_signal_duration(s);
	uint32_t bytes[4];
	uint32_t word;
	int i;

	switch (protocol) {
	case RC_PROTO_NEC:
		bytes[0] = scancode >> 8 & 0xff;
		bytes[1] = ~bytes[0] & 0xff;
		bytes[2] = scancode & 0xff;
		bytes[3] = ~bytes[2] & 0xff;
		break;
	case RC_PROTO_NECX:
		bytes[0] = scancode >> 16 & 0xff;
		bytes[1] = scancode >> 8 & 0xff;
		bytes[2] = scancode & 0xff;
		bytes[3] = ~bytes[2] & 0xff;
		break;
	case RC_PROTO_NEC32:
		bytes[0] = scancode >> 16 & 0xff;
		bytes[1] = scancode >> 24 & 0xff;
		bytes[2] = scancode & 0xff;
		bytes[3] = scancode >> 8 & 0xff;
		break;
	default:
		return -EINVAL;
	}
	/* Each byte LSB first: byte 0 in the lowest bits of a 32-bit LSB-first word. */
	word = 0;
	for (i = 0; i < 4; i++)
		word |= bytes[i] << (8 * i);

	TRY(pulse_space(s, header_pulse, NEC_HEADER_SPACE));
	TRY(distance_bits(s, word, 32, true, NEC_BURST, NEC_ZERO_SPACE, NEC_ONE_SPACE));
	TRY(ir_signal_pulse(s, NEC_BURST));
	return frame_end(s, start, NEC_PERIOD, 0);
}

int encode_nec(struct ir_signal *s, unsigned int protocol, uint32_t scancode)
{
	return encode_nec_header(s, protocol, scancode, NEC_HEADER_PULSE);
}

int encode_nec_repeat(struct ir_signal *s)
{
	uint64_t start = ir_signal_duration(s);

	TRY(pulse_space(s, NEC_HEADER_PULSE, NEC_REPEAT_SPACE));
	TRY(ir_signal_pulse(s, NEC_BURST));
	return frame_end(s, start, NEC_PERIOD, 0);
}

/* Samsung-style NEC-X repeat: 4.5 ms header, a single 1 bit, the final burst. */
int encode_necx_short_repeat(struct ir_signal *s)
{
	uint64_t start = ir_signal_duration(s);

	TRY(pulse_space(s, NEC_HEADER_SPACE, NEC_HEADER_SPACE));
	TRY(pulse_space(s, NEC_BURST, NEC_ONE_SPACE));
	TRY(ir_signal_pulse(s, NEC_BURST));
	return frame_end(s, start, NEC_PERIOD, 0);
}

/*
 * Bi-phase halves. `first` and `second` are the levels of a bit's halves (1 = pulse).
 */
static int half(struct ir_signal *s, int pulse, unsigned int us)
{
	return pulse ? ir_signal_pulse(s, us) : ir_signal_space(s, us);
}

/*
 * RC-5 (sbprojects.net "Philips RC-5 protocol"): bits of 1.778 ms, a 1 being a space
 * then a pulse of 889 µs each, a 0 the reverse; two start bits, toggle, 5 address, 6
 * command bits, MSB first; frames every 113.778 ms. RC-5X: the second start bit is the
 * inverted 7th command bit. The scancode layouts, the 4-unit space of RC-5X-20 after
 * the 8th bit and StreamZap's 15 bits: rc-protos.rst.
 */
#define RC5_HALF		889
#define RC5X_PAUSE		(4 * RC5_HALF)
#define RC5_PERIOD		113778

int encode_rc5(struct ir_signal *s, unsigned int protocol, uint32_t scancode, bool toggle)
{
	uint64_t start = ir_signal_duration(s);
	uint32_t word;
	unsigned int bits, pause_after = 0;
	unsigned int i;

	switch (protocol) {
	case RC_PROTO_RC5: {
		uint32_t command = scancode & 0x7f;

		word = 1u << 13 | (command & 0x40 ? 0 : 1u << 12) | (uint32_t)toggle << 11 |
		       (scancode >> 8 & 0x1f) << 6 | (command & 0x3f);
		bits = 14;
		break;
	}
	case RC_PROTO_RC5X_20: {
		uint32_t command = scancode >> 8 & 0x7f;

		word = 1u << 19 | (command & 0x40 ? 0 : 1u << 18) | (uint32_t)toggle << 17 |
		       (scancode >> 16 & 0x1f) << 12 | (command & 0x3f) << 6 | (scancode & 0x3f);
		bits = 20;
		pause_after = 8;
		break;
	}
	case RC_PROTO_RC5_SZ:
		word = 1u << 14 | (scancode >> 13 & 1) << 13 | (uint32_t)toggle << 12 |
		       (scancode >> 6 & 0x3f) << 6 | (scancode & 0x3f);
		bits = 15;
		break;
	default:
		return -EINVAL;
	}

	for (i = 0; i < bits; i++) {
		int bit = word >> (bits - 1 - i) & 1;

		if (pause_after && i == pause_after)
			TRY(ir_signal_space(s, RC5X_PAUSE));
		TRY(half(s, !bit, RC5_HALF));
		TRY(half(s, bit, RC5_HALF));
	}
	return frame_end(s, start, RC5_PERIOD, 0);
}

/*
 * RC-6 (sbprojects.net "Philips RC-6 protocol"): t = 444 µs; leader 6t pulse, 2t space;
 * start bit 1, 3 mode bits, a trailer (toggle) bit of 2t halves, then the body MSB
 * first; a 1 is a pulse then a space (the reverse of RC-5); at least 6t of space after.
 * Mode 0 has 16 body bits, mode 6A 20, 24 or 32 (the Microsoft MCE remote: customer
 * 0x800f, toggle in body bit 15, per rc-protos.rst).
 */
#define RC6_T			444
#define RC6_LEADER_PULSE	2666
#define RC6_LEADER_SPACE	889
#define RC6_GAP			(6 * RC6_T)
#define RC6_PERIOD		107000

static int rc6_bit(struct ir_signal *s, int bit, unsigned int t)
{
	TRY(half(s, bit, t));
	return half(s, !bit, t);
}

int encode_rc6(struct ir_signal *s, unsigned int protocol, uint32_t scancode, bool toggle)
{
	uint64_t start = ir_signal_duration(s);
	unsigned int mode, bits, header_toggle = 0;
	uint32_t body = scancode;
	int i;

	switch (protocol) {
	case RC_PROTO_RC6_0:
		mode = 0;
		bits = 16;
		header_toggle = toggle;
		break;
	case RC_PROTO_RC6_6A_20:
		mode = 6;
		bits = 20;
		break;
	case RC_PROTO_RC6_6A_24:
		mode = 6;
		bits = 24;
		break;
	case RC_PROTO_RC6_6A_32:
		mode = 6;
		bits = 32;
		break;
	case RC_PROTO_RC6_MCE:
		mode = 6;
		bits = 32;
		body = (scancode & ~0x8000u) | (toggle ? 0x8000u : 0);
		break;
	default:
		return -EINVAL;
	}

	TRY(pulse_space(s, RC6_LEADER_PULSE, RC6_LEADER_SPACE));
	TRY(rc6_bit(s, 1, RC6_T));
	for (i = 2; i >= 0; i--)
		TRY(rc6_bit(s, mode >> i & 1, RC6_T));
	TRY(rc6_bit(s, header_toggle, 2 * RC6_T));
	for (i = bits - 1; i >= 0; i--)
		TRY(rc6_bit(s, body >> i & 1, RC6_T));
	return frame_end(s, start, RC6_PERIOD, RC6_GAP);
}

/*
 * Sony SIRC (sbprojects.net "Sony SIRC protocol"): 600 µs unit; 2.4 ms header pulse;
 * each bit a 600 µs space and a pulse of 600 µs (0) or 1.2 ms (1), LSB first: 7
 * command bits, then 5 (12-bit) or 8 (15-bit) address bits, or 5 address and 8
 * extended bits (20-bit); frames every 45 ms. Scancode: device << 16 | extended << 8 |
 * command (rc-protos.rst).
 */
#define SONY_UNIT	600
#define SONY_PERIOD	45000

static int sony_field(struct ir_signal *s, uint32_t value, unsigned int bits)
{
	unsigned int i;

	for (i = 0; i < bits; i++) {
		TRY(ir_signal_space(s, SONY_UNIT));
		TRY(ir_signal_pulse(s, value >> i & 1 ? 2 * SONY_UNIT : SONY_UNIT));
	}
	return 0;
}

int encode_sony(struct ir_signal *s, unsigned int protocol, uint32_t scancode)
{
	uint64_t start = ir_signal_duration(s);
	unsigned int device_bits, extended_bits = 0;

	switch (protocol) {
	case RC_PROTO_SONY12:
		device_bits = 5;
		break;
	case RC_PROTO_SONY15:
		device_bits = 8;
		break;
	case RC_PROTO_SONY20:
		device_bits = 5;
		extended_bits = 8;
		break;
	default:
		return -EINVAL;
	}
	TRY(ir_signal_pulse(s, 4 * SONY_UNIT));
	TRY(sony_field(s, scancode & 0x7f, 7));
	TRY(sony_field(s, scancode >> 16, device_bits));
	TRY(sony_field(s, scancode >> 8 & 0xff, extended_bits));
	return frame_end(s, start, SONY_PERIOD, 0);
}

/*
 * JVC (sbprojects.net "JVC protocol"): 525 µs unit; 8.4 ms header pulse, 4.2 ms space;
 * 8 address then 8 command bits LSB first, each a 525 µs pulse and a 525 µs (0) or
 * 1575 µs (1) space; a stop pulse. Repeats are the frame without header. Scancode:
 * address << 8 | command. The gap after a frame: 35 units, as the kernel's encoder
 * ends JVC frames.
 */
#define JVC_UNIT	525
#define JVC_GAP		(35 * JVC_UNIT)
#define JVC_PERIOD	60000

int encode_jvc(struct ir_signal *s, uint32_t scancode, bool header)
{
	uint64_t start = ir_signal_duration(s);
	uint32_t word = (scancode >> 8 & 0xff) | (scancode & 0xff) << 8;

	if (header)
		TRY(pulse_space(s, 16 * JVC_UNIT, 8 * JVC_UNIT));
	TRY(distance_bits(s, word, 16, true, JVC_UNIT, JVC_UNIT, 3 * JVC_UNIT));
	TRY(ir_signal_pulse(s, JVC_UNIT));
	return frame_end(s, start, JVC_PERIOD, JVC_GAP);
}

/*
 * Sanyo LC7461: NEC's timings; 13-bit custom code, its inverse, 8-bit data, its
 * inverse, LSB first; 108 ms period. Scancode: custom << 8 | data (rc-protos.rst). The
 * repeat frame as the kernel documents its decoder's expectation: leader, one burst,
 * space up to the period.
 */
int encode_sanyo(struct ir_signal *s, uint32_t scancode)
{
	uint64_t start = ir_signal_duration(s);
	uint64_t custom = scancode >> 8 & 0x1fff;
	uint64_t data = scancode & 0xff;
	uint64_t word = custom | (~custom & 0x1fff) << 13 | data << 26 | (~data & 0xff) << 34;

	TRY(pulse_space(s, NEC_HEADER_PULSE, NEC_HEADER_SPACE));
	TRY(distance_bits(s, word, 42, true, NEC_BURST, NEC_ZERO_SPACE, NEC_ONE_SPACE));
	TRY(ir_signal_pulse(s, NEC_BURST));
	return frame_end(s, start, NEC_PERIOD, 0);
}

int encode_sanyo_repeat(struct ir_signal *s)
{
	uint64_t start = ir_signal_duration(s);

	TRY(pulse_space(s, NEC_HEADER_PULSE, NEC_HEADER_SPACE));
	TRY(ir_signal_pulse(s, NEC_BURST));
	return frame_end(s, start, NEC_PERIOD, 0);
}

/*
 * Sharp (sbprojects.net "Sharp protocol"): 320 µs pulses; a 0 lasts 1 ms, a 1 2 ms;
 * 5 address bits, 8 command bits, expansion bit 1, check bit 0, LSB first, a stop
 * pulse; 40 ms later the same with command, expansion and check inverted. Scancode:
 * address << 8 | command.
 */
#define SHARP_PULSE	320
#define SHARP_ZERO	(1000 - SHARP_PULSE)
#define SHARP_ONE	(2000 - SHARP_PULSE)
#define SHARP_ECHO	40000

static int sharp_message(struct ir_signal *s, uint32_t address, uint32_t command,
			 unsigned int exp, unsigned int chk)
{
	uint32_t word = address | command << 5 | exp << 13 | chk << 14;

	TRY(distance_bits(s, word, 15, true, SHARP_PULSE, SHARP_ZERO, SHARP_ONE));
	return ir_signal_pulse(s, SHARP_PULSE);
}

int encode_sharp(struct ir_signal *s, uint32_t scancode)
{
	uint32_t address = scancode >> 8 & 0x1f;
	uint32_t command = scancode & 0xff;

	TRY(sharp_message(s, address, command, 1, 0));
	TRY(ir_signal_space(s, SHARP_ECHO));
	TRY(sharp_message(s, address, ~command & 0xff, 0, 1));
	return ir_signal_space(s, SHARP_ECHO);
}

/*
 * RC-MM (sbprojects.net "Philips RC-MM protocol"): 416.7 µs header pulse, 277.8 µs
 * space; each pair of bits a 166.7 µs pulse and a space of 277.8, 444.4, 611.1 or
 * 777.8 µs; a 166.7 µs stop pulse; MSB first; 12, 24 or 32 bits; frames every
 * 27.778 ms. The toggle of 32-bit OEM frames in bit 15: rc-protos.rst and the mode
 * bits 18-19.
 */
static const struct rc_mm_timings rcmm_timings = {
	.header_pulse = 417,
	.header_space = 278,
	.bit_pulse = 167,
	.bit_space = { 278, 444, 611, 778 },
	.trailer_pulse = 167,
	.gap = 10000,
};

int encode_rc_mm_generic(struct ir_signal *s, const struct rc_mm_timings *t, uint64_t value)
{
	int i;

	if (t->bits % 2)
		return -EINVAL;
	TRY(pulse_space(s, t->header_pulse, t->header_space));
	for (i = (int)t->bits - 2; i >= 0; i -= 2)
		TRY(pulse_space(s, t->bit_pulse, t->bit_space[value >> i & 3]));
	TRY(ir_signal_pulse(s, t->trailer_pulse));
	return ir_signal_space(s, t->gap);
}

int encode_rcmm(struct ir_signal *s, unsigned int protocol, uint32_t scancode, bool toggle)
{
	struct rc_mm_timings t = rcmm_timings;
	uint64_t start = ir_signal_duration(s);
	uint32_t value = scancode;

	switch (protocol) {
	case RC_PROTO_RCMM12:
		t.bits = 12;
		break;
	case RC_PROTO_RCMM24:
		t.bits = 24;
		break;
	case RC_PROTO_RCMM32:
		t.bits = 32;
		if ((scancode & 0x000c0000) != 0x000c0000)
			value = (scancode & ~0x8000u) | (toggle ? 0x8000u : 0);
		break;
	default:
		return -EINVAL;
	}
	TRY(encode_rc_mm_generic(s, &t, value));
	return ir_signal_pad_to(s, start + 27778);
}

/*
 * XMP-1: nibbles of a 210 µs pulse and a 760 + 136 * n µs space; two halves of 8
 * nibbles 13.8 ms apart; a long space after. Nibble layout (the only description is
 * the kernel's decoder, as rc-protos.rst says): sub-address high, checksum,
 * sub-address low, 15, OEM (0x44, two nibbles), address (two); then sub-address high,
 * checksum, toggle, sub-address low, OBC (four nibbles). Each half's nibbles sum to
 * 0 modulo 16. Scancode: address << 24 | sub-address << 16 | OBC.
 */
#define XMP_PULSE		210
#define XMP_NIBBLE_SPACE	760
#define XMP_NIBBLE_UNIT		136
#define XMP_HALF_SPACE		13800
#define XMP_GAP			80000

static unsigned int nibble_checksum(const unsigned int *n)
{
	unsigned int sum = 0;
	int i;

	for (i = 0; i < 8; i++)
		sum += n[i];
	return (16 - sum % 16) % 16;
}

int encode_xmp(struct ir_signal *s, uint32_t scancode, unsigned int toggle)
{
	unsigned int subaddr = scancode >> 16 & 0xff;
	unsigned int n[16] = {
		subaddr >> 4, 0, subaddr & 0xf, 0xf, 0x4, 0x4,
		scancode >> 28 & 0xf, scancode >> 24 & 0xf,
		subaddr >> 4, 0, toggle & 0xf, subaddr & 0xf,
		scancode >> 12 & 0xf, scancode >> 8 & 0xf, scancode >> 4 & 0xf, scancode & 0xf,
	};
	int i;

	n[1] = nibble_checksum(n);
	n[9] = nibble_checksum(n + 8);
	for (i = 0; i < 16; i++) {
		TRY(pulse_space(s, XMP_PULSE, XMP_NIBBLE_SPACE + XMP_NIBBLE_UNIT * n[i]));
		if (i == 7)
			TRY(pulse_space(s, XMP_PULSE, XMP_HALF_SPACE));
	}
	TRY(ir_signal_pulse(s, XMP_PULSE));
	return ir_signal_space(s, XMP_GAP);
}

/*
 * iMON PAD (the kernel's rc-protos.rst and its decoder's description): 416 µs units;
 * a one-unit pulse, then bits 30 to 0, each a check unit and a value unit (space for 1,
 * pulse for 0). For the bits in the check set the check unit is a pulse when this bit
 * and the one before it (0 before bit 30) are both 0; otherwise it is a space.
 */
#define IMON_UNIT	416
#define IMON_CHECKED	(1u << 30 | 1u << 25 | 1u << 24 | 1u << 22 | 1u << 21 | 1u << 20 | \
			 1u << 19 | 1u << 18 | 1u << 17 | 1u << 16 | 1u << 14 | 1u << 13 | \
			 1u << 12 | 1u << 11 | 1u << 10 | 1u << 9)
#define IMON_GAP	20000

int encode_imon(struct ir_signal *s, uint32_t scancode)
{
	unsigned int previous = 0;
	int i;

	TRY(ir_signal_pulse(s, IMON_UNIT));
	for (i = 30; i >= 0; i--) {
		unsigned int bit = scancode >> i & 1;
		int check_pulse = (IMON_CHECKED >> i & 1) && !bit && !previous;

		TRY(half(s, check_pulse, IMON_UNIT));
		TRY(half(s, !bit, IMON_UNIT));
		previous = bit;
	}
	return ir_signal_space(s, IMON_GAP);
}

/*
 * MCIR-2 (Microsoft MCE keyboard; described only by the kernel's decoder, per
 * rc-protos.rst): 333 µs half-bits, a 1 being a pulse then a space; an 8-unit leader
 * pulse; 5 header bits (00100 keyboard, 00001 mouse); 32 keyboard or 29 mouse body
 * bits, whose low 24 or 21 are the scancode; 10 units of space after.
 */
#define MCIR2_UNIT	333

int encode_mcir2(struct ir_signal *s, unsigned int protocol, uint32_t scancode)
{
	unsigned int header, bits;
	uint32_t body;
	int i;

	switch (protocol) {
	case RC_PROTO_MCIR2_KBD:
		header = 0x04;
		bits = 32;
		body = scancode & 0xffffff;
		break;
	case RC_PROTO_MCIR2_MSE:
		header = 0x01;
		bits = 29;
		body = scancode & 0x1fffff;
		break;
	default:
		return -EINVAL;
	}
	TRY(ir_signal_pulse(s, 8 * MCIR2_UNIT));
	for (i = 4; i >= 0; i--)
		TRY(rc6_bit(s, header >> i & 1, MCIR2_UNIT));
	for (i = bits - 1; i >= 0; i--)
		TRY(rc6_bit(s, body >> i & 1, MCIR2_UNIT));
	return ir_signal_space(s, 10 * MCIR2_UNIT);
}

/* Generic protocols: the timings are the caller's. */
int encode_pulse_distance(struct ir_signal *s, const struct pulse_distance_timings *t,
			  uint64_t value)
{
	TRY(pulse_space(s, t->header_pulse, t->header_space));
	TRY(distance_bits(s, value, t->bits, t->reverse, t->bit_pulse, t->bit_0_space,
			  t->bit_1_space));
	TRY(ir_signal_pulse(s, t->trailer_pulse));
	return ir_signal_space(s, t->gap);
}

int encode_pulse_length(struct ir_signal *s, const struct pulse_length_timings *t,
			uint64_t value)
{
	unsigned int i;

	TRY(pulse_space(s, t->header_pulse, t->header_space));
	for (i = 0; i < t->bits; i++) {
		unsigned int n = t->reverse ? i : t->bits - 1 - i;

		if (i > 0)
			TRY(ir_signal_space(s, t->bit_space));
		TRY(ir_signal_pulse(s, value >> n & 1 ? t->bit_1_pulse : t->bit_0_pulse));
	}
	if (t->trailer_pulse) {
		TRY(ir_signal_space(s, t->bit_space));
		TRY(ir_signal_pulse(s, t->trailer_pulse));
	}
	return ir_signal_space(s, t->gap);
}

int encode_repeat_frame(struct ir_signal *s, unsigned int pulse, unsigned int space,
			unsigned int trailer_pulse, unsigned int gap)
{
	TRY(pulse_space(s, pulse, space));
	TRY(ir_signal_pulse(s, trailer_pulse));
	return ir_signal_space(s, gap);
}

int encode_manchester(struct ir_signal *s, const struct manchester_timings *t, uint64_t value)
{
	int i;

	if (!t->bits || t->bits > 64)
		return -EINVAL;
	if (!t->header_pulse && !(value >> (t->bits - 1) & 1))
		return -EINVAL;
	TRY(pulse_space(s, t->header_pulse, t->header_space));
	for (i = t->bits - 1; i >= 0; i--) {
		if (value >> i & 1) {
			TRY(ir_signal_space(s, t->one_space));
			TRY(ir_signal_pulse(s, t->one_pulse));
		} else {
			TRY(ir_signal_pulse(s, t->zero_pulse));
			TRY(ir_signal_space(s, t->zero_space));
		}
	}
	return ir_signal_space(s, t->gap);
}

/*
 * Old Grundig remotes (the symbol table rc_keymap(5)'s grundig decoder was written
 * for): 900 µs header pulse, 2.9 ms space, 1.3 ms leader pulse, then 8 symbols of two
 * bits, MSB first, each a space and a pulse.
 */
int encode_grundig(struct ir_signal *s, uint32_t value)
{
	return encode_grundig_header(s, value, 900, 2900, 1300);
}

int encode_grundig_header(struct ir_signal *s, uint32_t value, unsigned int header_pulse,
			  unsigned int header_space, unsigned int leader_pulse)
{
	static const unsigned int space[4] = { 2200, 472, 1139, 1806 };
	static const unsigned int pulse[4] = { 1139, 583, 583, 583 };
	int i;

	TRY(pulse_space(s, header_pulse, header_space));
	TRY(ir_signal_pulse(s, leader_pulse));
	for (i = 14; i >= 0; i -= 2) {
		unsigned int symbol = value >> i & 3;

		TRY(ir_signal_space(s, space[symbol]));
		TRY(ir_signal_pulse(s, pulse[symbol]));
	}
	return ir_signal_space(s, 20000);
}

/*
 * iMON RSC stick: a 2 ms (or 3.25 ms) pulse, then for each bit a space of 625 µs (0)
 * or 1.8 ms (1) and a 625 µs pulse, then a space over 2.4 ms.
 */
int encode_imon_rsc(struct ir_signal *s, unsigned int code, unsigned int bits,
		    bool long_header)
{
	int i;

	TRY(ir_signal_pulse(s, long_header ? 3250 : 2000));
	for (i = bits - 1; i >= 0; i--) {
		TRY(ir_signal_space(s, code >> i & 1 ? 1800 : 625));
		TRY(ir_signal_pulse(s, 625));
	}
	return ir_signal_space(s, 12000);
}

/*
 * Samsung36 (DecodeIR: {38k,500}<1,-1|1,-3>(9,-9,D:8,S:8,1,-9,E:4,F:8,-68u,~F:8,1,-118)):
 * 500 µs unit; 4.5 ms header pulse and space; 16 bits; a pulse and a 4.5 ms space; 20
 * bits, with 68 µs more space after the 12th; a stop pulse; 59 ms of space.
 */
int encode_samsung36(struct ir_signal *s, uint64_t value)
{
	int i;

	TRY(pulse_space(s, 4500, 4500));
	for (i = 35; i >= 20; i--)
		TRY(pulse_space(s, 500, value >> i & 1 ? 1500 : 500));
	TRY(pulse_space(s, 500, 4500));
	for (i = 19; i >= 0; i--) {
		TRY(pulse_space(s, 500, value >> i & 1 ? 1500 : 500));
		if (i == 8)
			TRY(ir_signal_space(s, 68));
	}
	TRY(ir_signal_pulse(s, 500));
	return ir_signal_space(s, 59000);
}

/*
 * XBox DVD remote: 4 ms header pulse, 3.9 ms space; 24 bits MSB first, each a 550 µs
 * pulse and a 900 µs (0) or 1.9 ms (1) space: the inverted code, then the code; a stop
 * pulse.
 */
int encode_xbox_dvd(struct ir_signal *s, uint32_t code)
{
	uint64_t word = (uint64_t)(~code & 0xfff) << 12 | (code & 0xfff);

	TRY(pulse_space(s, 4000, 3900));
	TRY(distance_bits(s, word, 24, false, 550, 900, 1900));
	TRY(ir_signal_pulse(s, 550));
	return ir_signal_space(s, 40000);
}
