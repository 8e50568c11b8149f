// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * How a value finds its bits: the fields of a value (the layout's fields whose place in
 * the state is that value's) read their byte as the decoder does, so a byte is right
 * when each field in it reads the value wanted. Each byte that holds fields is chosen
 * among its 256 values: the bits no wanted field covers keep the remote's usual
 * bits (the template), and of the values whose fields all read right the one closest
 * to the template wins (coolix's "auto" fan is 5 on the remote, also read from 0 and
 * 6). Values asked for go first, then the defaults, each kept only when every byte
 * still has a value: so an asked-for value is never lost to a default.
 */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ac_encode.h"
#include "nls.h"

#define GAP_DEFAULT_US	20000

/* What the layout does not say about sending a protocol. */
struct ac_sending {
	const char *name;
	uint8_t template[AC_BYTES_MAX];	/* the bytes before the values go in */
	unsigned int gap_us;		/* between sections and between copies */
	unsigned int copies;		/* the message sent this many times */
	unsigned int lead_pulse, lead_space;	/* before each copy (0: none) */
	/* Bits the remote derives from values, set after them. */
	void (*derive)(const struct ac_state *state, uint32_t wanted, uint8_t *msg);
	/* After each copy, the gap and one more pulse (Trotec's footer). */
	bool trail_pulse;
};

#define AC_POWER_SECTION_BYTES	7

/*
 * Remotes that, when power is asked for, first send a longer message: this section
 * between the state's first and second sections (Samsung's 21-byte message), then
 * the state as usual. A table apart from sendings[], whose rows it would lengthen.
 */
static const struct {
	const char *name;
	uint8_t section[AC_POWER_SECTION_BYTES];
} power_sections[] = {
	/* Samsung's middle section, its bit count included. */
	{ "samsung_ac", { 0x01, 0xd2, 0x0f, 0x00, 0x00, 0x00, 0x00 } },
};

/* The power section of protocol's remote, or NULL. */
static const uint8_t *power_section_of(const struct ac_protocol_info *protocol)
{
	size_t i;

	for (i = 0; i < sizeof(power_sections) / sizeof(power_sections[0]); i++)
		if (!strcmp(power_sections[i].name, protocol->name))
			return power_sections[i].section;
	return NULL;
}

/* Gree: byte 0 bit 6 says that the vertical swing is set. */
static void gree_derive(const struct ac_state *state, uint32_t wanted, uint8_t *msg)
{
	(void)state;
	(void)wanted;
	msg[0] = (uint8_t)((msg[0] & ~0x40) | ((msg[5] & 0x0f) != 0) << 6);
}

/* Coolix: power off is a command of its own, b2 7b e0, with no state in it. */
static void coolix_derive(const struct ac_state *state, uint32_t wanted, uint8_t *msg)
{
	if (wanted & 1U << AC_VALUE_POWER && state->power == AC_POWER_OFF) {
		msg[2] = 0x7b;
		msg[4] = 0xe0;
	}
}

/* Mitsubishi: byte 9 bit 6 says that the vane is set, bit 7 that the fan is auto. */
static void mitsubishi_derive(const struct ac_state *state, uint32_t wanted, uint8_t *msg)
{
	bool auto_fan = wanted & 1U << AC_VALUE_FAN && state->fan == AC_FAN_AUTO;

	msg[9] = (uint8_t)((msg[9] & 0x3f) | ((msg[9] >> 3 & 7) != 0) << 6 | auto_fan << 7);
}

/* LG: power off is 88 c0 05 (and its check), with no temperature. */
static void lg_derive(const struct ac_state *state, uint32_t wanted, uint8_t *msg)
{
	if (wanted & 1U << AC_VALUE_POWER && state->power == AC_POWER_OFF) {
		msg[1] = 0xc0;
		msg[2] = 0x05;
	}
}

/* Hitachi: byte 9 (as read here) is 0x09 at 16 °C, 0x08 above. */
static void hitachi_derive(const struct ac_state *state, uint32_t wanted, uint8_t *msg)
{
	msg[9] = wanted & 1U << AC_VALUE_TEMP && state->temp_half == 32 ? 0x09 : 0x08;
}

/*
 * Samsung: byte 13 repeats byte 6's power bits, byte 11's bit 1 byte 10's clean bit;
 * in auto mode the remote's auto fan is 6, not 0.
 */
static void samsung_derive(const struct ac_state *state, uint32_t wanted, uint8_t *msg)
{
	(void)state;
	(void)wanted;
	msg[13] = (uint8_t)((msg[13] & ~0x30) | (msg[6] & 0x30));
	msg[11] = (uint8_t)((msg[11] & ~0x02) | (msg[10] >> 7 & 1) << 1);
	if (!(msg[12] >> 4 & 7) && !(msg[12] >> 1 & 7))
		msg[12] |= 6 << 1;
}

/* Whirlpool: byte 8's bit 6 repeats the swing bit of byte 2. */
static void whirlpool_derive(const struct ac_state *state, uint32_t wanted, uint8_t *msg)
{
	(void)state;
	(void)wanted;
	msg[8] = (uint8_t)((msg[8] & ~0x40) | (msg[2] >> 7 & 1) << 6);
}

/*
 * Daikin2: byte 6's bit 7 is power off; byte 17's high nibble is 0xa for a
 * horizontal position, 0xb for auto and off; of the two vertical positions read as
 * the middle (3 and 4), 3 is sent; the beep the remote sends is "loud" (2).
 */
static void daikin2_derive(const struct ac_state *state, uint32_t wanted, uint8_t *msg)
{
	(void)state;
	(void)wanted;
	msg[6] = (uint8_t)((msg[6] & ~0x80) | !(msg[25] & 1) << 7);
	msg[17] = (uint8_t)((msg[17] & 0x0f) | ((msg[17] & 0x0f) >= 0xe ? 0xb0 : 0xa0));
	if ((msg[18] & 0x0f) == 4)
		msg[18] = (uint8_t)((msg[18] & 0xf0) | 3);
	if ((msg[7] >> 6 & 3) == 1)
		msg[7] = (uint8_t)((msg[7] & 0x3f) | 2 << 6);
}

/* Daikin176: byte 12's mode bits again, 2 in dry, 6 in fan, 7 in the others. */
static void daikin176_derive(const struct ac_state *state, uint32_t wanted, uint8_t *msg)
{
	unsigned int mode = msg[14] >> 4 & 7;

	(void)state;
	(void)wanted;
	msg[12] = (uint8_t)((mode == 7 ? 2 : mode == 0 ? 6 : 7) << 4 | (msg[12] & 0x0f));
}

/*
 * The remotes' usual bytes, in the decoder's numbering (ac_protocol.c says how it
 * differs from the protocols' own): the fixed bytes, and the bits of fields the state
 * does not have. Gaps and copies as the remotes send them.
 */
static const struct ac_sending sendings[] = {
	{ "gree", { [2] = 0x40, [3] = 0x50, [6] = 0x20 }, 19980, 1, 0, 0, gree_derive, false },
	{ "coolix", { 0xb2, [2] = 0xbf }, 5244, 2, 0, 0, coolix_derive, false },
	{ "mitsubishi_ac", { 0x23, 0xcb, 0x26, 0x01 }, 17100, 2, 0, 0, mitsubishi_derive,
	  false },
	{ "daikin", { [1] = 0x11, 0xda, 0x27, 0x00, 0xc5, [9] = 0x11, 0xda, 0x27, 0x00, 0x42,
		      [17] = 0x11, 0xda, 0x27, 0x00, 0x00, 0x08, [28] = 0x06, 0x60,
		      [32] = 0xc0, 0x80 },
	  29000, 1, 0, 0, NULL, false },
	/* Midea's bytes are read LSB first here: its 0xa1 is 0x85, 0xff stays. */
	{ "midea", { 0x85, 0x00, 0x02, 0xff, 0xff }, 5600, 1, 0, 0, NULL, false },
	{ "fujitsu_ac", { 0x14, 0x63, 0x00, 0x10, 0x10, 0xfe, 0x09, 0x30, 0x01 },
	  8100, 1, 0, 0, NULL, false },
	{ "toshiba_ac", { 0xf2, 0x0d, 0x03, 0xfc, 0x01 }, 7400, 2, 0, 0, NULL, false },
	{ "panasonic_ac", { 0x02, 0x20, 0xe0, 0x04, 0x00, 0x00, 0x00, 0x06,
			    0x02, 0x20, 0xe0, 0x04, 0x00, [15] = 0x80, [23] = 0x81 },
	  10000, 1, 0, 0, NULL, false },
	{ "lg", { 0x88 }, GAP_DEFAULT_US, 1, 0, 0, lg_derive, false },
	/* Hitachi's values are bit-reversed in its bytes: read LSB first, they are plain. */
	{ "hitachi_ac", { 0x01, 0x10, 0x30, 0x40, 0xbf, 0x01, 0xfe, 0x11, 0x12, 0x08,
			  [14] = 0x06, 0x06, [24] = 0x01 },
	  GAP_DEFAULT_US, 1, 0, 0, hitachi_derive, false },
	{ "haier_ac", { 0xa5, 0x00, 0x20 }, GAP_DEFAULT_US, 1, 3000, 3000, NULL, false },
	{ "trotec", { 0x12, 0x34 }, 6184, 1, 0, 0, NULL, true },
	{ "daikin152", { [1] = 0x11, 0xda, 0x27 }, 25182, 1, 0, 0, NULL, false },
	/* Read with the long space a 1: the remote's bytes complemented (0x80 in 17). */
	{ "mitsubishi_heavy_152", { 0x52, 0xae, 0xc3, 0x1a, 0xe5, 0xff, [7] = 0xff,
				    [9] = 0xff, [11] = 0xff, [13] = 0xff, [15] = 0xff,
				    [17] = 0x7f },
	  GAP_DEFAULT_US, 1, 0, 0, NULL, false },
	{ "mitsubishi_heavy_88", { 0x52, 0xae, 0xc3, 0x26, 0xd9, 0xff, [7] = 0xff, [9] = 0xff },
	  GAP_DEFAULT_US, 1, 0, 0, NULL, false },
	/* The timer sections say none (0xffff); the power button clear: a running unit's. */
	{ "corona_ac", { 0x28, 0x61, 0x3d, 0x10, [7] = 0x28, 0x61, 0x6d, 0xff, 0x00, 0xff, 0x00,
			 0x28, 0x61, 0xcd, 0xff, 0x00, 0xff, 0x00 },
	  10800, 1, 0, 0, NULL, false },
	/* Read with the long space a 1: the remote's bytes complemented, no toggle set. */
	{ "goodweather", { 0xff, [2] = 0xff, [4] = 0xff, [6] = 0xff, [8] = 0xff, [10] = 0x2a },
	  6800, 1, 0, 0, NULL, true },
	{ "electra_ac", { 0xc3, [11] = 0x08 }, GAP_DEFAULT_US, 1, 0, 0, NULL, false },
	/* No timer. */
	{ "carrier_ac64", { 0x84, 0x55 }, GAP_DEFAULT_US, 1, 0, 0, NULL, false },
	/* The room at 21 °C, measured at the remote; the middle swing the upper one (5). */
	{ "sanyo_ac", { 0x6a, [2] = 0x11, [5] = 0x05 }, GAP_DEFAULT_US, 1, 0, 0, NULL, false },
	/* The A907's: on (3, not 1: on after off), no button's function, 1 below the sum. */
	{ "sharp_ac", { 0xaa, 0x5a, 0xcf, 0x10, 0xc0, 0x31, [8] = 0x08, 0x80, [11] = 0xe0,
			0x01 },
	  GAP_DEFAULT_US, 1, 0, 0, NULL, false },
	{ "rhoss", { 0xaa, [2] = 0x60, [6] = 0x54 }, GAP_DEFAULT_US, 1, 0, 0, NULL, false },
	{ "technibel_ac", { 0x18 }, GAP_DEFAULT_US, 1, 0, 0, NULL, false },
	{ "daikin160", { 0x11, 0xda, 0x27, 0xf0, 0x0d, [7] = 0x11, 0xda, 0x27, 0x00, 0xd3,
			 [13] = 0x01, [18] = 0x08 },
	  29650, 1, 0, 0, NULL, false },
	/* Unit A's; the mode button not pressed. */
	{ "daikin176", { 0x11, 0xda, 0x17, 0x18, 0x04, [7] = 0x11, 0xda, 0x17, 0x18,
			 [12] = 0x03, [20] = 0x20 },
	  29410, 1, 0, 0, daikin176_derive, false },
	{ "fujitsu_ac_ardb1", { 0x14, 0x63, 0x00, 0x10, 0x10, 0xfc, 0x08, 0x30 },
	  8100, 1, 0, 0, NULL, false },
	{ "daikin216", { 0x11, 0xda, 0x27, 0xf0, [8] = 0x11, 0xda, 0x27, [23] = 0xc0 },
	  29650, 1, 0, 0, NULL, false },
	/* The 14-byte state, after a 690 µs pulse and an 18 ms space; 2.9 ms gaps. */
	{ "samsung_ac", { 0x02, 0x02, 0x00, [7] = 0x01, 0x02, 0x80, 0x61, 0x00, 0x01, 0xc0 },
	  2886, 1, 690, 17844, samsung_derive, false },
	{ "whirlpool_ac", { 0x83, 0x06, [6] = 0x80, [15] = 0x02 }, 7920, 1, 0, 0,
	  whirlpool_derive, false },
	{ "lg2", { 0x88 }, GAP_DEFAULT_US, 1, 0, 0, lg_derive, false },
	/* After a 10 ms pulse and a 25 ms space; the sections 35 ms apart. */
	{ "daikin2", { 0x11, 0xda, 0x27, 0x00, 0x01, [20] = 0x11, 0xda, 0x27, 0x00 },
	  35204, 1, 10024, 25180, daikin2_derive, false },
	/* A state message (byte 3), byte 5's bit 5 set as the remote sends it. */
	{ "tcl112ac", { 0x23, 0xcb, 0x26, 0x01, 0x00, 0x20 }, GAP_DEFAULT_US, 1, 0, 0, NULL,
	  false },
	/* A command (byte 6's bits 6-7), neither turbo nor sleep (byte 3 1). */
	{ "vestel_ac", { 0x01, 0x02, [3] = 0x01, [6] = 0xc0 }, GAP_DEFAULT_US, 1, 0, 0, NULL,
	  false },
	/* Byte 10 fixed; after the message a 7.4 ms space and one more pulse. */
	{ "neoclima", { [10] = 0xa5 }, 7391, 1, 0, 0, NULL, true },
};

static const struct ac_sending sending_default = { "", { 0 }, GAP_DEFAULT_US, 1, 0, 0, NULL,
						   false };

static const struct ac_sending *sending_of(const struct ac_protocol_info *protocol)
{
	size_t i;

	for (i = 0; i < sizeof(sendings) / sizeof(sendings[0]); i++)
		if (!strcmp(sendings[i].name, protocol->name))
			return &sendings[i];
	return &sending_default;
}

/* A field's value from its byte, as the decoder reads it (bpf_protocols/ac.c). */
static unsigned int field_read(const struct ac_field *f, unsigned int byte)
{
	unsigned int raw = byte >> (f->shift & 7) & ((1U << (f->width & 15)) - 1);
	unsigned int value;

	if (f->kind == AC_FIELD_MAP)
		value = raw < AC_FIELD_MAP_SIZE ? f->map[raw] : 0;
	else
		value = raw * f->mul + f->add;
	return value & ((1U << (f->state_width & 15)) - 1);
}

/* The value of the state whose place field f fills; AC_VALUE_MAX for none. */
static enum ac_value field_value(const struct ac_field *f)
{
	unsigned int shift, width, v;

	for (v = 0; v < AC_VALUE_MAX; v++) {
		ac_value_bits(v, &shift, &width);
		if (f->state_shift == shift && f->state_width == width)
			return v;
	}
	return AC_VALUE_MAX;
}

static unsigned int popcount8(unsigned int x)
{
	return (unsigned int)__builtin_popcount(x & 0xff);
}

/* What the solver works on: the wanted values and the message being made. */
struct solver {
	const struct ac_protocol *layout;
	const uint8_t *template;
	unsigned int want[AC_VALUE_MAX];
	uint32_t wanted;		/* 1 << enum ac_value: the values held to */
	uint8_t msg[AC_BYTES_MAX];
};

/*
 * Whether byte i of value x says every wanted value that has fields in it: the
 * decoder ORs a value's fields into the state (mitsubishi_ac's temperature is its
 * whole degrees and a half-degree bit), so the fields of a value in byte i, read
 * together, must give that value. A value's fields lie in one byte (ac_protocol.h).
 */
static bool byte_reads_right(const struct solver *s, unsigned int i, unsigned int x)
{
	const struct ac_protocol *r = s->layout;
	unsigned int read[AC_VALUE_MAX] = { 0 }, j;
	uint32_t seen = 0;
	enum ac_value v;

	for (j = 0; j < AC_FIELDS_MAX && r->fields[j].kind != AC_FIELD_NONE; j++) {
		const struct ac_field *f = &r->fields[j];

		v = field_value(f);
		if (f->byte != i || v >= AC_VALUE_MAX || !(s->wanted & 1U << v))
			continue;
		read[v] |= field_read(f, x);
		seen |= 1U << v;
	}
	for (v = 0; v < AC_VALUE_MAX; v++)
		if (seen & 1U << v && read[v] != s->want[v])
			return false;
	return true;
}

/* Byte i of the message, every wanted field in it reading right; false if none does. */
static bool solve_byte(struct solver *s, unsigned int i)
{
	const struct ac_protocol *r = s->layout;
	unsigned int mask = 0, x, best = 0, best_score = 9, score, j;
	bool found = false;

	for (j = 0; j < AC_FIELDS_MAX && r->fields[j].kind != AC_FIELD_NONE; j++) {
		const struct ac_field *f = &r->fields[j];
		enum ac_value v = field_value(f);

		if (f->byte == i && v < AC_VALUE_MAX && s->wanted & 1U << v)
			mask |= ((1U << f->width) - 1) << f->shift;
	}
	for (x = 0; x < 256; x++) {
		if ((x ^ s->msg[i]) & ~mask & 0xff)
			continue;
		if (!byte_reads_right(s, i, x))
			continue;
		score = popcount8(x ^ s->msg[i]);
		if (score < best_score) {
			best = x;
			best_score = score;
			found = true;
		}
	}
	if (found)
		s->msg[i] = (uint8_t)best;
	return found;
}

/* A check's fixed bits (AC_CHECK_EQUAL) set in msg. */
static void apply_equal(const struct ac_protocol *r, uint8_t *msg)
{
	unsigned int i;

	for (i = 0; i < AC_CHECKS_MAX; i++) {
		const struct ac_check *c = &r->checks[i];

		if (c->kind == AC_CHECK_EQUAL)
			msg[c->at] = (uint8_t)((msg[c->at] & ~c->first) | (c->count & c->first));
	}
}

/* The message from the template with every wanted value in; false if one cannot be. */
static bool solve(struct solver *s)
{
	unsigned int i;

	memcpy(s->msg, s->template, sizeof(s->msg));
	apply_equal(s->layout, s->msg);
	for (i = 0; i < s->layout->bytes; i++)
		if (!solve_byte(s, i))
			return false;
	return true;
}

static unsigned int byte_sum(const uint8_t *msg, unsigned int first, unsigned int count)
{
	unsigned int sum = 0, i;

	for (i = 0; i < count; i++)
		sum += msg[first + i];
	return sum;
}

static unsigned int byte_xor(const uint8_t *msg, unsigned int first, unsigned int count)
{
	unsigned int x = 0, i;

	for (i = 0; i < count; i++)
		x ^= msg[first + i];
	return x;
}

/* The nibbles' sum, or their exclusive or for AC_CHECK_NIBBLE_XOR, all of it. */
static unsigned int nibble_sum(const struct ac_check *c, const uint8_t *msg)
{
	unsigned int sum = c->init, xor = c->init, i;

	for (i = 0; i < c->count; i++) {
		sum += msg[c->first + i] & 0xf;
		xor ^= msg[c->first + i] & 0xf;
	}
	for (i = 0; i < c->count2; i++) {
		sum += msg[c->first2 + i] >> 4;
		xor ^= msg[c->first2 + i] >> 4;
	}
	return c->kind == AC_CHECK_NIBBLE_XOR ? xor : sum;
}

/*
 * The 8 bits from bit first2 of bytes at and at + 1: init exclusive-or the count of
 * the other set bits of bytes first .. first + count - 1.
 */
static void bit_count_apply(const struct ac_check *c, uint8_t *msg)
{
	unsigned int window = msg[c->at] | (unsigned int)msg[c->at + 1] << 8;
	unsigned int mask = 0xffU << (c->first2 & 7), set = 0, i;

	for (i = 0; i < c->count; i++)
		set += popcount8(msg[c->first + i]);
	set -= (unsigned int)__builtin_popcount(window & mask);
	window = (window & ~mask) | ((c->init ^ set) & 0xff) << (c->first2 & 7);
	msg[c->at] = (uint8_t)window;
	msg[c->at + 1] = (uint8_t)(window >> 8);
}

/*
 * Check c made to hold in msg (ac_table.h defines each kind): true, or false for a kind
 * not known here (a protocol added with a check of a new kind does not encode).
 */
static bool check_apply(const struct ac_check *c, uint8_t *msg)
{
	unsigned int i;

	switch (c->kind) {
	case AC_CHECK_SUM8:
		msg[c->at] = (uint8_t)byte_sum(msg, c->first, c->count);
		break;
	case AC_CHECK_NEG_SUM8:
		msg[c->at] = (uint8_t)(c->init - byte_sum(msg, c->first, c->count));
		break;
	case AC_CHECK_XOR8:
		msg[c->at] = (uint8_t)byte_xor(msg, c->first, c->count);
		break;
	case AC_CHECK_INVERTED_PAIRS:
		for (i = 0; i < c->count; i++)
			msg[c->first + 2 * i + 1] = (uint8_t)~msg[c->first + 2 * i];
		break;
	case AC_CHECK_INVERTED_COPY:
		for (i = 0; i < c->count; i++)
			msg[c->at + i] = (uint8_t)~msg[c->first + i];
		break;
	case AC_CHECK_NIBBLE_SUM:
	case AC_CHECK_NIBBLE_XOR:
		msg[c->at] = (uint8_t)((msg[c->at] & 0x0f) | (nibble_sum(c, msg) & 0xf) << 4);
		break;
	case AC_CHECK_NIBBLE_SUM_LOW:
		msg[c->at] = (uint8_t)((msg[c->at] & 0xf0) | (nibble_sum(c, msg) & 0xf));
		break;
	case AC_CHECK_NIBBLE_SUM8:
		msg[c->at] = (uint8_t)nibble_sum(c, msg);
		break;
	case AC_CHECK_EQUAL:
		msg[c->at] = (uint8_t)((msg[c->at] & ~c->first) | (c->count & c->first));
		break;
	case AC_CHECK_BIT_COUNT:
		bit_count_apply(c, msg);
		break;
	case AC_CHECK_NONE:
		break;
	default:
		return false;
	}
	return true;
}

/* Whether check c holds in msg, as the decoder tests it; a kind unknown here never. */
static bool check_holds(const struct ac_check *c, const uint8_t *msg)
{
	uint8_t copy[AC_BYTES_MAX];

	memcpy(copy, msg, sizeof(copy));
	return check_apply(c, copy) && !memcmp(copy, msg, sizeof(copy));
}

/*
 * Every check made to hold. A check may cover bytes another one writes (midea's sum,
 * then its complemented copy), so the list is applied until nothing changes.
 */
static int checks_apply(const struct ac_protocol *r, uint8_t *msg)
{
	unsigned int pass, i;

	for (pass = 0; pass <= AC_CHECKS_MAX; pass++) {
		bool all = true;

		for (i = 0; i < AC_CHECKS_MAX; i++)
			all = all && check_holds(&r->checks[i], msg);
		if (all)
			return 0;
		for (i = 0; i < AC_CHECKS_MAX; i++)
			check_apply(&r->checks[i], msg);
	}
	return -EINVAL;
}

/* Whether the layout has a field for value v. */
static bool has_field(const struct ac_protocol *r, enum ac_value v)
{
	unsigned int j;

	for (j = 0; j < AC_FIELDS_MAX && r->fields[j].kind != AC_FIELD_NONE; j++)
		if (field_value(&r->fields[j]) == v)
			return true;
	return false;
}

/* The defaults of a value not asked for, in order of preference; 0 ends the list. */
static const unsigned int *defaults_of(enum ac_value v)
{
	static const unsigned int power[] = { AC_POWER_ON, 0 };
	static const unsigned int mode[] = { AC_MODE_COOL, AC_MODE_AUTO, 0 };
	static const unsigned int temp[] = { 50, 48, 52, 0 };
	static const unsigned int fan[] = { AC_FAN_AUTO, AC_FAN_MEDIUM, AC_FAN_LOW, 0 };
	static const unsigned int swing_v[] = { AC_SWING_V_OFF, AC_SWING_V_AUTO, 0 };
	static const unsigned int swing_h[] = {
		AC_SWING_H_OFF, AC_SWING_H_AUTO, AC_SWING_H_MIDDLE, 0,
	};
	static const unsigned int flag[] = { AC_POWER_OFF, 0 };

	switch (v) {
	case AC_VALUE_POWER:
		return power;
	case AC_VALUE_MODE:
		return mode;
	case AC_VALUE_TEMP:
		return temp;
	case AC_VALUE_FAN:
		return fan;
	case AC_VALUE_SWING_V:
		return swing_v;
	case AC_VALUE_SWING_H:
		return swing_h;
	default:
		return flag;
	}
}

/* "temp=25.5", "mode=cool": value v of a state as an assignment, for messages. */
static void assignment_text(enum ac_value v, unsigned int value, char *buf, size_t size)
{
	struct ac_state state = { 0 };
	const char *name;

	if (v == AC_VALUE_TEMP) {
		snprintf(buf, size, "temp=%u%s", value / 2, value & 1 ? ".5" : "");
		return;
	}
	*ac_state_slot(&state, v) = value;
	name = ac_state_value_text(ac_state_pack(&state), UINT32_MAX, v);
	snprintf(buf, size, "%s=%s", ac_value_name(v), name ? name : "-");
}

/* The asked-for values into the solver, in order; an error names the one that fails. */
static int want_given(struct solver *s, const struct ac_protocol_info *protocol,
		      const struct ac_request *request, struct ir_error *err)
{
	struct ac_state state = request->state;
	uint32_t wanted;
	char text[32];
	unsigned int v;

	for (v = 0; v < AC_VALUE_MAX; v++) {
		if (!(request->given & 1U << v))
			continue;
		assignment_text(v, *ac_state_slot(&state, v), text, sizeof(text));
		if (!has_field(s->layout, v)) {
			ir_error_set(err, _("ac:%s has no %s"), protocol->name, ac_value_name(v));
			return -EINVAL;
		}
		s->want[v] = *ac_state_slot(&state, v);
		s->wanted |= 1U << v;
		if (solve(s))
			continue;
		/* Alone, or only with the values asked for before it? */
		wanted = s->wanted;
		s->wanted = 1U << v;
		if (solve(s))
			ir_error_set(err, _("ac:%s cannot send %s with the values given before "
					    "it"), protocol->name, text);
		else
			ir_error_set(err, _("ac:%s cannot send %s"), protocol->name, text);
		s->wanted = wanted;
		return -EINVAL;
	}
	return 0;
}

/* The defaults of the values not asked for: the first that fits, or none. */
static void want_defaults(struct solver *s, const struct ac_request *request)
{
	const unsigned int *d;
	unsigned int v;

	for (v = 0; v < AC_VALUE_MAX; v++) {
		if (request->given & 1U << v || !has_field(s->layout, v))
			continue;
		for (d = defaults_of(v); *d; d++) {
			s->want[v] = *d;
			s->wanted |= 1U << v;
			if (solve(s))
				break;
			s->wanted &= ~(1U << v);
		}
	}
}

int ac_encode_message(const struct ac_protocol_info *protocol,
		      const struct ac_request *request, uint8_t *msg, size_t *ret_count,
		      uint64_t *ret_sent, struct ir_error *err)
{
	const struct ac_sending *sending = sending_of(protocol);
	const struct ac_protocol *r = protocol->layout;
	struct solver s = { .layout = r, .template = sending->template };
	struct ac_state chosen = { 0 };
	char text[32];
	unsigned int v, j;
	uint64_t sent = 0;
	int ret;

	ret = want_given(&s, protocol, request, err);
	if (ret < 0)
		return ret;
	want_defaults(&s, request);
	if (!solve(&s)) {
		ir_error_set(err, _("ac:%s: no message says this state"), protocol->name);
		return -EINVAL;
	}
	for (v = 0; v < AC_VALUE_MAX; v++)
		if (s.wanted & 1U << v)
			*ac_state_slot(&chosen, v) = s.want[v];
	if (sending->derive)
		sending->derive(&chosen, s.wanted, s.msg);
	if (checks_apply(r, s.msg) < 0) {
		ir_error_set(err, _("ac:%s: the protocol's checks cannot all hold"),
			     protocol->name);
		return -EINVAL;
	}
	/* What the message says, as the decoder will read it. */
	for (j = 0; j < AC_FIELDS_MAX && r->fields[j].kind != AC_FIELD_NONE; j++) {
		const struct ac_field *f = &r->fields[j];

		sent |= (uint64_t)field_read(f, s.msg[f->byte]) << (f->state_shift & 63);
	}
	/* A value a derived bit or a check overwrote (coolix's power off has no temp). */
	for (v = 0; v < AC_VALUE_MAX; v++) {
		if (request->given & 1U << v && ac_state_value(sent, v) != s.want[v]) {
			assignment_text(v, s.want[v], text, sizeof(text));
			ir_error_set(err, _("ac:%s cannot send %s with the other values given"),
				     protocol->name, text);
			return -EINVAL;
		}
	}
	memcpy(msg, s.msg, r->bytes);
	*ret_count = r->bytes;
	*ret_sent = sent;
	return 0;
}

/* The bits of one section: the first `bits` of its bytes in the protocol's order. */
static int send_bits(const struct ac_protocol *r, const uint8_t *bytes, unsigned int bits,
		     struct ir_train *train)
{
	unsigned int k, bit;
	int ret = 0;

	for (k = 0; ret == 0 && k < bits; k++) {
		if (r->flags & AC_MSB_FIRST)
			bit = bytes[k / 8] >> (7 - k % 8) & 1;
		else
			bit = bytes[k / 8] >> (k % 8) & 1;
		ret = ir_train_pulse(train, r->bit_pulse);
		if (ret == 0)
			ret = ir_train_space(train, bit ? r->one_space : r->zero_space);
	}
	return ret;
}

/* One copy of the message: its sections, each ended by a pulse, a gap between them. */
static int send_copy(const struct ac_protocol *r, const struct ac_sending *sending,
		     const uint8_t *msg, struct ir_train *train)
{
	unsigned int i, offset = 0;
	int ret = 0;

	if (sending->lead_pulse) {
		ret = ir_train_pulse(train, sending->lead_pulse);
		if (ret == 0)
			ret = ir_train_space(train, sending->lead_space);
	}
	for (i = 0; ret == 0 && i < r->sections; i++) {
		if (i > 0)
			ret = ir_train_space(train, sending->gap_us);
		if (ret == 0 && r->header_mask >> i & 1) {
			ret = ir_train_pulse(train, r->header_pulse);
			if (ret == 0)
				ret = ir_train_space(train, r->header_space);
		}
		if (ret == 0)
			ret = send_bits(r, msg + offset, r->section_bits[i], train);
		if (ret == 0)
			ret = ir_train_pulse(train, r->bit_pulse);
		offset += (r->section_bits[i] + 7U) / 8;
	}
	return ret;
}

/*
 * The power message of a remote that has one (power_section_of()): the state's
 * first section, the power section, the state's second section, framed as the state.
 */
static int send_power_message(const struct ac_protocol *r, const struct ac_sending *sending,
			      const uint8_t *section, const uint8_t *msg,
			      struct ir_train *train)
{
	struct ac_protocol ext = *r;
	uint8_t bytes[AC_BYTES_MAX];
	unsigned int first = (r->section_bits[0] + 7U) / 8;

	/* Only a layout of two whole-byte sections has the middle for it. */
	if (r->sections != 2 || r->bytes + AC_POWER_SECTION_BYTES > AC_BYTES_MAX ||
	    r->section_bits[0] % 8)
		return -EINVAL;
	memcpy(bytes, msg, first);
	memcpy(bytes + first, section, AC_POWER_SECTION_BYTES);
	memcpy(bytes + first + AC_POWER_SECTION_BYTES, msg + first, r->bytes - first);
	ext.sections = 3;
	/* The middle section framed as the second: a header if that has one. */
	ext.header_mask = (r->header_mask & 1) | (r->header_mask & 2) * 3;
	ext.section_bits[2] = r->section_bits[1];
	ext.section_bits[1] = AC_POWER_SECTION_BYTES * 8;
	ext.bytes = r->bytes + AC_POWER_SECTION_BYTES;
	return send_copy(&ext, sending, bytes, train);
}

/*
 * One press: the power message first when power_change and the remote has one, then
 * every copy of the state the remote sends, all apart by the gap.
 */
static int send_press(const struct ac_protocol_info *protocol, const uint8_t *msg,
		      bool power_change, struct ir_train *train)
{
	const struct ac_sending *sending = sending_of(protocol);
	const uint8_t *section = power_section_of(protocol);
	unsigned int copy;
	int ret = 0;

	if (power_change && section) {
		ret = send_power_message(protocol->layout, sending, section, msg, train);
		if (ret == 0)
			ret = ir_train_space(train, sending->gap_us);
	}
	for (copy = 0; ret == 0 && copy < sending->copies; copy++) {
		if (copy > 0)
			ret = ir_train_space(train, sending->gap_us);
		if (ret == 0)
			ret = send_copy(protocol->layout, sending, msg, train);
		if (ret == 0 && sending->trail_pulse) {
			ret = ir_train_space(train, sending->gap_us);
			if (ret == 0)
				ret = ir_train_pulse(train, protocol->layout->bit_pulse);
		}
	}
	return ret;
}

/* The press, then repeat more, each after the gap. */
static int send_presses(const struct ac_protocol_info *protocol, const uint8_t *msg,
			bool power_change, unsigned int repeat, struct ir_train *train)
{
	unsigned int i;
	int ret = 0;

	for (i = 0; ret == 0 && i <= repeat; i++) {
		if (i > 0)
			ret = ir_train_space(train, sending_of(protocol)->gap_us);
		if (ret == 0)
			ret = send_press(protocol, msg, power_change, train);
	}
	return ret;
}

int ac_encode_train(const struct ac_protocol_info *protocol, const uint8_t *msg,
		    unsigned int repeat, struct ir_train *train)
{
	return send_presses(protocol, msg, false, repeat, train);
}

/* One "NAME=VALUE" of length len into request. */
static int parse_assignment(const char *text, size_t len, struct ac_request *request,
			    struct ir_error *err)
{
	char word[64], *eq;
	const char *choices;
	unsigned int value;
	enum ac_value v;

	if (len >= sizeof(word)) {
		ir_error_set(err, _("'%.*s': not a FIELD=VALUE of an A/C state"), (int)len, text);
		return -EINVAL;
	}
	memcpy(word, text, len);
	word[len] = '\0';
	eq = strchr(word, '=');
	if (!eq) {
		ir_error_set(err, _("'%s': not a FIELD=VALUE of an A/C state"), word);
		return -EINVAL;
	}
	*eq = '\0';
	v = ac_value_find(word);
	if (v == AC_VALUE_MAX) {
		ir_error_set(err, _("'%s=%s': no A/C state has '%s' (power, mode, temp, fan, "
				    "swing_v, swing_h, quiet, turbo, econo, light, filter, "
				    "clean, beep, sleep)"), word, eq + 1, word);
		return -EINVAL;
	}
	/* A state line's value the message did not carry. */
	if (!strcmp(eq + 1, "-"))
		return 0;
	if (ac_state_value_parse(v, eq + 1, &value) < 0) {
		choices = ac_value_choices(v);
		if (choices)
			ir_error_set(err, _("'%s=%s': %s is one of %s"), word, eq + 1, word,
				     choices);
		else
			ir_error_set(err, _("'%s=%s': temp is in degrees Celsius, as 25 or "
					    "25.5"), word, eq + 1);
		return -EINVAL;
	}
	*ac_state_slot(&request->state, v) = value;
	request->given |= 1U << v;
	return 0;
}

int ac_request_parse(const char *text, char sep, struct ac_request *ret_request,
		     struct ir_error *err)
{
	struct ac_request request = { { 0 }, 0 };
	const char *p = text, *end;
	int ret;

	while (*p) {
		if (*p == sep) {
			p++;
			continue;
		}
		end = strchr(p, sep);
		if (!end)
			end = p + strlen(p);
		ret = parse_assignment(p, (size_t)(end - p), &request, err);
		if (ret < 0)
			return ret;
		p = end;
	}
	*ret_request = request;
	return 0;
}

#define STATE_LINE "ac protocol("

/* The state line's start after an optional "SECONDS: "; NULL when it is not one. */
static const char *state_line(const char *text)
{
	const char *p = text;

	while (*p >= '0' && *p <= '9')
		p++;
	if (p > text && *p == '.') {
		for (p++; *p >= '0' && *p <= '9'; p++)
			;
		if (p[0] != ':' || p[1] != ' ')
			return NULL;
		p += 2;
	} else {
		p = text;
	}
	return strncmp(p, STATE_LINE, strlen(STATE_LINE)) ? NULL : p;
}

bool ac_encode_claims(const char *text)
{
	return !strncmp(text, "ac:", 3) || state_line(text);
}

/* The protocol's name of length len; an error names it when there is none. */
static const struct ac_protocol_info *find_protocol(const char *text, const char *name,
						    size_t len, struct ir_error *err)
{
	const struct ac_protocol_info *protocol = NULL;
	char *copy = strndup(name, len);

	if (copy)
		protocol = ac_protocol_find(copy);
	if (!protocol)
		ir_error_set(err, _("'%s': no A/C protocol '%.*s' (ir-ctl --help lists them)"),
			     text, (int)len, name);
	free(copy);
	return protocol;
}

int ac_encode_text(const char *text, unsigned int repeat, struct ir_train *train,
		   struct ir_error *err)
{
	const struct ac_protocol_info *protocol;
	const char *name, *end, *line = state_line(text);
	struct ac_request request;
	uint8_t msg[AC_BYTES_MAX];
	size_t count, before;
	uint64_t sent;
	uint32_t last;
	char sep;
	int ret;

	if (line) {
		name = line + strlen(STATE_LINE);
		end = strstr(name, "):");
		if (!end) {
			ir_error_set(err, _("'%s': expected 'ac protocol(NAME): FIELD=VALUE ...'"),
				     text);
			return -EINVAL;
		}
		sep = ' ';
	} else {
		name = text + 3;
		end = strchr(name, ':');
		if (!end)
			end = name + strlen(name);
		sep = ',';
	}
	protocol = find_protocol(text, name, (size_t)(end - name), err);
	if (!protocol)
		return -EINVAL;
	end += *end == ')' ? 2 : *end == ':';
	ret = ac_request_parse(end, sep, &request, err);
	if (ret == 0)
		ret = ac_encode_message(protocol, &request, msg, &count, &sent, err);
	if (ret < 0)
		return ret;
	/* On error the train is left as it was: its count and its last duration. */
	before = train->count;
	last = before ? train->durations[before - 1] : 0;
	ret = send_presses(protocol, msg, request.given & 1U << AC_VALUE_POWER, repeat, train);
	if (ret < 0) {
		train->count = before;
		if (before)
			train->durations[before - 1] = last;
		/* A count too big for the protocol: the user's input, said as such. */
		if (ret == -E2BIG) {
			ir_error_set(err, _("'%s': %u repeats make a train longer than %u "
					    "pulses and spaces"), text, repeat,
				     (unsigned int)IR_TRAIN_COUNT_MAX);
			ret = -EINVAL;
		} else {
			ir_error_set(err, _("'%s': %s"), text, strerror(-ret));
		}
	}
	return ret;
}
