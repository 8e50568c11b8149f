// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The A/C protocols' layouts. Bytes are numbered as in the decoder's message: each
 * section from the next whole byte on (gree's bytes 4 to 7 are bytes 5 to 8 here,
 * after the byte of its 3-bit footer; daikin's bytes are one on, after its leader).
 * Durations in µs; margins are the decoder's strict windows.
 */
#include "config.h"

#include <errno.h>
#include <strings.h>

#include "ac_protocol.h"

#define FIELD_MAP(value, b, s, w, ...)						\
	{ .kind = AC_FIELD_MAP, .byte = (b), .shift = (s), .width = (w),		\
	  .state_shift = AC_STATE_##value##_SHIFT, .state_width = AC_STATE_##value##_WIDTH, \
	  .map = { __VA_ARGS__ } }
#define FIELD_LINEAR(value, b, s, w, m, a)					\
	{ .kind = AC_FIELD_LINEAR, .byte = (b), .shift = (s), .width = (w),		\
	  .state_shift = AC_STATE_##value##_SHIFT, .state_width = AC_STATE_##value##_WIDTH, \
	  .mul = (m), .add = (a) }
/* A flag of the state from bits of the message, through map. */
#define FLAG_MAP(flag, b, s, w, ...)						\
	{ .kind = AC_FIELD_MAP, .byte = (b), .shift = (s), .width = (w),		\
	  .state_shift = AC_STATE_FLAGS_SHIFT + AC_STATE_FLAG_WIDTH * (flag),		\
	  .state_width = AC_STATE_FLAG_WIDTH, .map = { __VA_ARGS__ } }
/* A flag that is one bit of the message. */
#define FLAG_BIT(flag, b, s)	FLAG_MAP(flag, b, s, 1, AC_POWER_OFF, AC_POWER_ON)
#define POWER_BIT(b, s)		FIELD_MAP(POWER, b, s, 1, AC_POWER_OFF, AC_POWER_ON)

#define CHECK_EQUAL(byte, mask, value)						\
	{ .kind = AC_CHECK_EQUAL, .first = (mask), .count = (value), .at = (byte) }
#define CHECK_SUM8(from, n, where)						\
	{ .kind = AC_CHECK_SUM8, .first = (from), .count = (n), .at = (where) }

/*
 * Gree (YAW1F and alike), LSB first: header, bytes 0-3, a footer of 3 bits (0 1 0), a
 * pulse and a 20 ms gap, bytes 4-7. Byte 0: mode (0-2), power (3), fan (4-5), sleep
 * (7); byte 1: temperature - 16 (0-3); byte 2: turbo (4), light (5), x-fan (7, the
 * state's clean); byte 4: vertical swing (0-3), horizontal (4-6); byte 7: econo (2),
 * and in its high nibble 10 + the low nibbles of bytes 0-3 + the high nibbles of
 * bytes 4-6. No quiet, filter or beep in the layout. Not read: the timer (bytes 1-2),
 * Fahrenheit (byte 3), the displayed temperature, i-feel and wifi (byte 5).
 */
static const struct ac_protocol gree = {
	.id = 0,
	.header_pulse = 9000, .header_space = 4500, .header_margin = 1000,
	.bit_pulse = 620, .one_space = 1600, .zero_space = 540, .margin = 250,
	.sections = 2, .header_mask = 1, .bytes = 9, .section_bits = { 35, 32 },
	.checks = {
		CHECK_EQUAL(4, 0x07, 0x02),
		{ .kind = AC_CHECK_NIBBLE_SUM, .first = 0, .count = 4, .first2 = 5,
		  .count2 = 3, .init = 10, .at = 8 },
	},
	.fields = {
		POWER_BIT(0, 3),
		FIELD_MAP(MODE, 0, 0, 3, AC_MODE_AUTO, AC_MODE_COOL, AC_MODE_DRY, AC_MODE_FAN,
			  AC_MODE_HEAT),
		FIELD_LINEAR(TEMP, 1, 0, 4, 2, 32),
		FIELD_MAP(FAN, 0, 4, 2, AC_FAN_AUTO, AC_FAN_MIN, AC_FAN_MEDIUM, AC_FAN_TOP),
		FIELD_MAP(SWING_V, 5, 0, 4, AC_SWING_V_OFF, AC_SWING_V_AUTO, AC_SWING_V_HIGHEST,
			  AC_SWING_V_HIGH, AC_SWING_V_MIDDLE, AC_SWING_V_LOW, AC_SWING_V_LOWEST,
			  AC_SWING_V_AUTO, [9] = AC_SWING_V_AUTO, [11] = AC_SWING_V_AUTO),
		FIELD_MAP(SWING_H, 5, 4, 3, AC_SWING_H_OFF, AC_SWING_H_AUTO, AC_SWING_H_LEFTMOST,
			  AC_SWING_H_LEFT, AC_SWING_H_MIDDLE, AC_SWING_H_RIGHT,
			  AC_SWING_H_RIGHTMOST),
		FLAG_BIT(AC_FLAG_TURBO, 2, 4),
		FLAG_BIT(AC_FLAG_LIGHT, 2, 5),
		FLAG_BIT(AC_FLAG_CLEAN, 2, 7),
		FLAG_BIT(AC_FLAG_SLEEP, 0, 7),
		FLAG_BIT(AC_FLAG_ECONO, 8, 2),
	},
};

/*
 * Coolix, MSB first: header, 3 bytes each followed by its complement, a pulse and a
 * gap; sent twice. Byte 0 is 0xb2; byte 1: fan (5-7), 0x1f below it in a state and
 * 0x1b in the power-off message (0xb2 0x7b 0xe0: power off, mode cool, no fan or
 * temperature); byte 2: temperature (4-7, a Gray-like code from 17 °C, 0xe in fan
 * mode, which reads as dry with no temperature), mode (2-3). The other fixed commands
 * (swing, turbo, light toggles) read as power off.
 */
static const struct ac_protocol coolix = {
	.id = 1,
	.flags = AC_MSB_FIRST,
	.header_pulse = 4692, .header_space = 4416, .header_margin = 700,
	.bit_pulse = 552, .one_space = 1656, .zero_space = 552, .margin = 250,
	.sections = 1, .header_mask = 1, .bytes = 6, .section_bits = { 48 },
	.checks = {
		{ .kind = AC_CHECK_INVERTED_PAIRS, .first = 0, .count = 3 },
		CHECK_EQUAL(0, 0xff, 0xb2),
	},
	.fields = {
		POWER_BIT(2, 2),
		FIELD_MAP(MODE, 4, 2, 2, AC_MODE_COOL, AC_MODE_DRY, AC_MODE_AUTO, AC_MODE_HEAT),
		FIELD_MAP(TEMP, 4, 4, 4, [0x0] = 34, [0x1] = 36, [0x3] = 38, [0x2] = 40,
			  [0x6] = 42, [0x7] = 44, [0x5] = 46, [0x4] = 48, [0xc] = 50,
			  [0xd] = 52, [0x9] = 54, [0x8] = 56, [0xa] = 58, [0xb] = 60),
		FIELD_MAP(FAN, 2, 5, 3, [0] = AC_FAN_AUTO, [1] = AC_FAN_TOP,
			  [2] = AC_FAN_MEDIUM, [4] = AC_FAN_MIN, [5] = AC_FAN_AUTO,
			  [6] = AC_FAN_AUTO),
	},
};

/*
 * Mitsubishi Electric, 144 bits, LSB first: header, 18 bytes, sent twice. Bytes 0-2
 * 0x23 0xcb 0x26; byte 5: power (5); byte 6: mode (3-5); byte 7: temperature - 16
 * (0-3), half a degree more (4: ORed into the low bit of the state's half degrees);
 * byte 8: horizontal vane (4-7); byte 9: fan (0-2; 6 is quiet), vertical vane (3-5);
 * byte 14: econo cool (5, the state's econo); byte 17: the sum of bytes 0-16. Not
 * read: i-see (byte 6's bit 6), the clock and timers (bytes 10-13), direct/indirect,
 * absence detection and i-save (byte 15), natural flow and the left vane (byte 16).
 */
static const struct ac_protocol mitsubishi_ac = {
	.id = 2,
	.header_pulse = 3400, .header_space = 1750, .header_margin = 600,
	.bit_pulse = 450, .one_space = 1300, .zero_space = 420, .margin = 250,
	.sections = 1, .header_mask = 1, .bytes = 18, .section_bits = { 144 },
	.checks = {
		CHECK_SUM8(0, 17, 17),
		CHECK_EQUAL(0, 0xff, 0x23),
		CHECK_EQUAL(1, 0xff, 0xcb),
		CHECK_EQUAL(2, 0xff, 0x26),
	},
	.fields = {
		POWER_BIT(5, 5),
		FIELD_MAP(MODE, 6, 3, 3, [1] = AC_MODE_HEAT, [2] = AC_MODE_DRY,
			  [3] = AC_MODE_COOL, [4] = AC_MODE_AUTO, [7] = AC_MODE_FAN),
		FIELD_LINEAR(TEMP, 7, 0, 4, 2, 32),
		FIELD_MAP(TEMP, 7, 4, 1, 0, 1),
		FIELD_MAP(FAN, 9, 0, 3, AC_FAN_AUTO, AC_FAN_MIN, AC_FAN_LOW, AC_FAN_MEDIUM,
			  AC_FAN_HIGH, AC_FAN_TOP, AC_FAN_MIN),
		FLAG_MAP(AC_FLAG_QUIET, 9, 0, 3, AC_POWER_OFF, AC_POWER_OFF, AC_POWER_OFF,
			 AC_POWER_OFF, AC_POWER_OFF, AC_POWER_OFF, AC_POWER_ON),
		FIELD_MAP(SWING_V, 9, 3, 3, AC_SWING_V_OFF, AC_SWING_V_HIGHEST, AC_SWING_V_HIGH,
			  AC_SWING_V_MIDDLE, AC_SWING_V_LOW, AC_SWING_V_LOWEST,
			  [7] = AC_SWING_V_AUTO),
		FIELD_MAP(SWING_H, 8, 4, 4, [1] = AC_SWING_H_LEFTMOST, [2] = AC_SWING_H_LEFT,
			  [3] = AC_SWING_H_MIDDLE, [4] = AC_SWING_H_RIGHT,
			  [5] = AC_SWING_H_RIGHTMOST, [8] = AC_SWING_H_AUTO),
		FLAG_BIT(AC_FLAG_ECONO, 14, 5),
	},
};

/*
 * Daikin ARC480 (280 bits), LSB first: a leader of 5 zero bits, then 3 sections of 8,
 * 8 and 19 bytes, each after a header, each ending in the sum of its other bytes, a
 * pulse and a gap. Of the third section (bytes 17-35 here; 0x11 0xda first): byte 5
 * power (0), mode (4-6); byte 6 the temperature x 2; byte 8 vertical swing (0-3), fan
 * (4-7: 3-7, 10 auto, 11 quiet); byte 9 horizontal swing (0-3); byte 13 powerful (0,
 * the state's turbo), quiet (5); byte 16 econo (2); byte 17 mold proof (1, the
 * state's clean, as IRremoteESP8266's common state has it). Not read: the timers,
 * comfort (the first section's byte 6), the sensor and the eye (byte 16's bits 1
 * and 7); no light, filter, beep or sleep in the layout.
 */
static const struct ac_protocol daikin = {
	.id = 3,
	.header_pulse = 3650, .header_space = 1623, .header_margin = 600,
	.bit_pulse = 428, .one_space = 1280, .zero_space = 428, .margin = 250,
	.sections = 4, .header_mask = 0xe, .bytes = 36, .section_bits = { 5, 64, 64, 152 },
	.checks = {
		CHECK_EQUAL(0, 0x1f, 0),
		CHECK_SUM8(1, 7, 8),
		CHECK_SUM8(9, 7, 16),
		CHECK_SUM8(17, 18, 35),
		CHECK_EQUAL(17, 0xff, 0x11),
		CHECK_EQUAL(18, 0xff, 0xda),
	},
	.fields = {
		POWER_BIT(22, 0),
		FIELD_MAP(MODE, 22, 4, 3, [0] = AC_MODE_AUTO, [2] = AC_MODE_DRY,
			  [3] = AC_MODE_COOL, [4] = AC_MODE_HEAT, [6] = AC_MODE_FAN),
		FIELD_LINEAR(TEMP, 23, 0, 8, 1, 0),
		FIELD_MAP(FAN, 25, 4, 4, [3] = AC_FAN_MIN, [4] = AC_FAN_LOW,
			  [5] = AC_FAN_MEDIUM, [6] = AC_FAN_HIGH, [7] = AC_FAN_TOP,
			  [10] = AC_FAN_AUTO, [11] = AC_FAN_MIN),
		FIELD_MAP(SWING_V, 25, 0, 4, [0] = AC_SWING_V_OFF, [15] = AC_SWING_V_AUTO),
		FIELD_MAP(SWING_H, 26, 0, 4, [0] = AC_SWING_H_OFF, [15] = AC_SWING_H_AUTO),
		FLAG_BIT(AC_FLAG_TURBO, 30, 0),
		FLAG_BIT(AC_FLAG_QUIET, 30, 5),
		FLAG_BIT(AC_FLAG_ECONO, 33, 2),
		FLAG_BIT(AC_FLAG_CLEAN, 34, 1),
	},
};

/*
 * Midea (and Pioneer, Comfee, Danby), 48 bits sent MSB first: header, 6 bytes, a pulse
 * and a gap, then the header and the same 6 bytes complemented. Read here LSB first,
 * so each byte below is the remote's byte with its bits reversed: byte 0 is 0x85
 * (0xa1, a state); byte 1 power (0), sleep (1), fan (3-4: 0 auto, 2 low, 1 medium, 3
 * high), mode (5-7: 0 cool, 4 dry, 2 auto, 6 heat, 1 fan); byte 2 the temperature - 17
 * with its 4 bits reversed (4-7), its fifth bit and the Fahrenheit bit (2-3) clear;
 * bytes 3-4 the timers and the room sensor; byte 5 minus the sum of bytes 0-4. Not
 * read: swing, turbo, econo and light, which its remote sends as commands of their
 * own (other first bytes), which toggle; Fahrenheit states.
 */
static const struct ac_protocol midea = {
	.id = 4,
	.header_pulse = 4480, .header_space = 4480, .header_margin = 700,
	.bit_pulse = 560, .one_space = 1680, .zero_space = 560, .margin = 250,
	.sections = 2, .header_mask = 3, .bytes = 12, .section_bits = { 48, 48 },
	.checks = {
		{ .kind = AC_CHECK_NEG_SUM8, .first = 0, .count = 5, .at = 5 },
		{ .kind = AC_CHECK_INVERTED_COPY, .first = 0, .count = 6, .at = 6 },
		CHECK_EQUAL(0, 0xff, 0x85),
		CHECK_EQUAL(2, 0x0c, 0x00),
	},
	.fields = {
		POWER_BIT(1, 0),
		FIELD_MAP(MODE, 1, 5, 3, [0] = AC_MODE_COOL, [1] = AC_MODE_FAN,
			  [2] = AC_MODE_AUTO, [4] = AC_MODE_DRY, [6] = AC_MODE_HEAT),
		FIELD_MAP(TEMP, 2, 4, 4, [0x0] = 34, [0x8] = 36, [0x4] = 38, [0xc] = 40,
			  [0x2] = 42, [0xa] = 44, [0x6] = 46, [0xe] = 48, [0x1] = 50,
			  [0x9] = 52, [0x5] = 54, [0xd] = 56, [0x3] = 58, [0xb] = 60),
		FIELD_MAP(FAN, 1, 3, 2, AC_FAN_AUTO, AC_FAN_MEDIUM, AC_FAN_MIN, AC_FAN_TOP),
		FLAG_BIT(AC_FLAG_SLEEP, 1, 1),
	},
};

/*
 * Fujitsu (AR-RAH2E, AR-REB1E, AR-RY4), the 16-byte state, LSB first: header, 16 bytes,
 * a pulse and a gap, once. Bytes 0-1 0x14 0x63; byte 5 0xfe (a state; the short
 * commands, off among them, are 7 bytes and not read here); byte 6 0x09 (the bytes
 * after it); byte 8: "turn on" (0, a state is sent only while the unit runs: on
 * either way), Fahrenheit (1, clear), temperature - 16 (4-7); byte 9: mode (0-2),
 * clean (3); byte 10: fan (0-2: 0 auto, 1 high, 2 medium, 3 low, 4 quiet, read as
 * min and the quiet flag), vertical swing (4), horizontal swing (5); byte 14: filter
 * (3); byte 15 minus the sum of bytes 7-14. Not read: the timers; powerful and econo,
 * which are short commands of their own.
 */
static const struct ac_protocol fujitsu_ac = {
	.id = 5,
	.header_pulse = 3324, .header_space = 1574, .header_margin = 600,
	.bit_pulse = 448, .one_space = 1182, .zero_space = 390, .margin = 250,
	.sections = 1, .header_mask = 1, .bytes = 16, .section_bits = { 128 },
	.checks = {
		{ .kind = AC_CHECK_NEG_SUM8, .first = 7, .count = 8, .at = 15 },
		CHECK_EQUAL(0, 0xff, 0x14),
		CHECK_EQUAL(1, 0xff, 0x63),
		CHECK_EQUAL(5, 0xff, 0xfe),
		CHECK_EQUAL(6, 0xff, 0x09),
		CHECK_EQUAL(8, 0x02, 0x00),
	},
	.fields = {
		FIELD_MAP(POWER, 8, 0, 1, AC_POWER_ON, AC_POWER_ON),
		FIELD_MAP(MODE, 9, 0, 3, AC_MODE_AUTO, AC_MODE_COOL, AC_MODE_DRY, AC_MODE_FAN,
			  AC_MODE_HEAT),
		FIELD_LINEAR(TEMP, 8, 4, 4, 2, 32),
		FIELD_MAP(FAN, 10, 0, 3, AC_FAN_AUTO, AC_FAN_TOP, AC_FAN_MEDIUM, AC_FAN_LOW,
			  AC_FAN_MIN),
		FIELD_MAP(SWING_V, 10, 4, 1, AC_SWING_V_OFF, AC_SWING_V_AUTO),
		FIELD_MAP(SWING_H, 10, 5, 1, AC_SWING_H_OFF, AC_SWING_H_AUTO),
		FLAG_BIT(AC_FLAG_CLEAN, 9, 3),
		FLAG_BIT(AC_FLAG_FILTER, 14, 3),
		FLAG_MAP(AC_FLAG_QUIET, 10, 0, 3, AC_POWER_OFF, AC_POWER_OFF, AC_POWER_OFF,
			 AC_POWER_OFF, AC_POWER_ON),
	},
};

/*
 * Toshiba (and Carrier), the 72-bit state, MSB first: header, 9 bytes, a pulse and a
 * gap; sent twice. Bytes 0-3 0xf2 0x0d 0x03 0xfc (3: the bytes after byte 4); byte 4
 * 0x01; byte 5 the temperature - 17 (4-7); byte 6 mode (0-2: 0 auto, 1 cool, 2 dry, 3
 * heat, 4 fan, 7 power off), fan (5-7: 0 auto, 2-6 the five speeds); byte 7 filter
 * (4); byte 8 the exclusive or of bytes 0-7. Not read: swing, which has short
 * messages of its own (56 bits), and the 80-bit messages that carry turbo and econo.
 */
static const struct ac_protocol toshiba_ac = {
	.id = 6,
	.flags = AC_MSB_FIRST,
	.header_pulse = 4400, .header_space = 4300, .header_margin = 700,
	.bit_pulse = 580, .one_space = 1600, .zero_space = 490, .margin = 250,
	.sections = 1, .header_mask = 1, .bytes = 9, .section_bits = { 72 },
	.checks = {
		{ .kind = AC_CHECK_XOR8, .first = 0, .count = 8, .at = 8 },
		CHECK_EQUAL(0, 0xff, 0xf2),
		CHECK_EQUAL(1, 0xff, 0x0d),
		CHECK_EQUAL(2, 0xff, 0x03),
		CHECK_EQUAL(4, 0xff, 0x01),
	},
	.fields = {
		FIELD_MAP(POWER, 6, 0, 3, AC_POWER_ON, AC_POWER_ON, AC_POWER_ON, AC_POWER_ON,
			  AC_POWER_ON, [7] = AC_POWER_OFF),
		FIELD_MAP(MODE, 6, 0, 3, AC_MODE_AUTO, AC_MODE_COOL, AC_MODE_DRY, AC_MODE_HEAT,
			  AC_MODE_FAN),
		FIELD_LINEAR(TEMP, 5, 4, 4, 2, 34),
		FIELD_MAP(FAN, 6, 5, 3, AC_FAN_AUTO, [2] = AC_FAN_MIN, [3] = AC_FAN_LOW,
			  [4] = AC_FAN_MEDIUM, [5] = AC_FAN_HIGH, [6] = AC_FAN_TOP),
		FLAG_BIT(AC_FLAG_FILTER, 7, 4),
	},
};

/*
 * Panasonic (NKE, DKE, JKE and alike), 216 bits, LSB first: header, 8 fixed bytes (02
 * 20 e0 04 00 00 00 06), a pulse and a gap, header, 19 bytes (bytes 8-26 here), a
 * pulse and a gap. Byte 13: power (0), mode (4-7); byte 14 the temperature (1-5);
 * byte 16 vertical swing (0-3: 1-5 highest to lowest, 15 auto), fan (4-7: 3-7 the
 * speeds, 10 auto); byte 17 horizontal swing (0-3: 6 middle, 9-12 leftmost to
 * rightmost, 13 auto); byte 21 quiet (0), powerful (5, the state's turbo; CKP remotes
 * swap the two); byte 22 the ion purifier (0, the state's filter; DKE remotes, the
 * others leave it clear); byte 26 the sum of bytes 8-25 (the remote's sum of bytes
 * 0-25 from 0xf4: the fixed section's bytes add up to 0x0c, which makes it 0). Not
 * read: the timers and the clock (bytes 18-20, 24-25); no econo, light, clean, beep
 * or sleep in the layout.
 */
static const struct ac_protocol panasonic_ac = {
	.id = 7,
	.header_pulse = 3456, .header_space = 1728, .header_margin = 600,
	.bit_pulse = 432, .one_space = 1296, .zero_space = 432, .margin = 250,
	.sections = 2, .header_mask = 3, .bytes = 27, .section_bits = { 64, 152 },
	/* The signature first: a daikin216 message, whose framing this is, fails sooner. */
	.checks = {
		CHECK_EQUAL(0, 0xff, 0x02),
		CHECK_EQUAL(1, 0xff, 0x20),
		CHECK_EQUAL(2, 0xff, 0xe0),
		CHECK_EQUAL(7, 0xff, 0x06),
		CHECK_EQUAL(8, 0xff, 0x02),
		CHECK_SUM8(8, 18, 26),
	},
	.fields = {
		POWER_BIT(13, 0),
		FIELD_MAP(MODE, 13, 4, 4, [0] = AC_MODE_AUTO, [2] = AC_MODE_DRY,
			  [3] = AC_MODE_COOL, [4] = AC_MODE_HEAT, [6] = AC_MODE_FAN),
		FIELD_LINEAR(TEMP, 14, 1, 5, 2, 0),
		FIELD_MAP(FAN, 16, 4, 4, [3] = AC_FAN_MIN, [4] = AC_FAN_LOW,
			  [5] = AC_FAN_MEDIUM, [6] = AC_FAN_HIGH, [7] = AC_FAN_TOP,
			  [10] = AC_FAN_AUTO),
		FIELD_MAP(SWING_V, 16, 0, 4, [1] = AC_SWING_V_HIGHEST, [2] = AC_SWING_V_HIGH,
			  [3] = AC_SWING_V_MIDDLE, [4] = AC_SWING_V_LOW, [5] = AC_SWING_V_LOWEST,
			  [15] = AC_SWING_V_AUTO),
		FIELD_MAP(SWING_H, 17, 0, 4, [6] = AC_SWING_H_MIDDLE, [9] = AC_SWING_H_LEFTMOST,
			  [10] = AC_SWING_H_LEFT, [11] = AC_SWING_H_RIGHT,
			  [12] = AC_SWING_H_RIGHTMOST, [13] = AC_SWING_H_AUTO),
		FLAG_BIT(AC_FLAG_QUIET, 21, 0),
		FLAG_BIT(AC_FLAG_TURBO, 21, 5),
		FLAG_BIT(AC_FLAG_FILTER, 22, 0),
	},
};

/*
 * LG (and General Electric), 28 bits MSB first: header, 28 bits, a pulse, once. Byte
 * 0 is 0x88; byte 1 power (6-7: 0 on, 3 off), mode (0-2: 0 cool, 1 dry, 2 fan, 3 auto,
 * 4 heat); byte 2 the temperature - 15 (4-7), fan (0-3: 0 lowest, 1 and 9 low, 2
 * medium, 10 high, 4 max, 5 auto); the last 4 bits (byte 3's high nibble here) the
 * sum of the 4 nibbles of bytes 1-2. Power off is 88 c0 05 1: cool, no temperature.
 * Not read: swing, light and the other commands of their own (not states).
 */
static const struct ac_protocol lg = {
	.id = 8,
	.flags = AC_MSB_FIRST,
	.header_pulse = 8500, .header_space = 4250, .header_margin = 1000,
	.bit_pulse = 550, .one_space = 1600, .zero_space = 550, .margin = 250,
	.sections = 1, .header_mask = 1, .bytes = 4, .section_bits = { 28 },
	.checks = {
		{ .kind = AC_CHECK_NIBBLE_SUM, .first = 1, .count = 2, .first2 = 1,
		  .count2 = 2, .at = 3 },
		CHECK_EQUAL(0, 0xff, 0x88),
	},
	.fields = {
		FIELD_MAP(POWER, 1, 6, 2, [0] = AC_POWER_ON, [3] = AC_POWER_OFF),
		FIELD_MAP(MODE, 1, 0, 3, AC_MODE_COOL, AC_MODE_DRY, AC_MODE_FAN, AC_MODE_AUTO,
			  AC_MODE_HEAT),
		FIELD_MAP(TEMP, 2, 4, 4, [1] = 32, [2] = 34, [3] = 36, [4] = 38, [5] = 40,
			  [6] = 42, [7] = 44, [8] = 46, [9] = 48, [10] = 50, [11] = 52,
			  [12] = 54, [13] = 56, [14] = 58, [15] = 60),
		FIELD_MAP(FAN, 2, 0, 4, [0] = AC_FAN_MIN, [1] = AC_FAN_LOW,
			  [2] = AC_FAN_MEDIUM, [4] = AC_FAN_TOP, [5] = AC_FAN_AUTO,
			  [9] = AC_FAN_LOW, [10] = AC_FAN_HIGH),
	},
};

/*
 * Hitachi (RAS-35THA6, LT0541-HTA), 224 bits sent MSB first: header, 28 bytes, a
 * pulse, once. Its values are kept bit-reversed in its bytes, so read LSB first here
 * each is plain: bytes 0-4 0x01 0x10 0x30 0x40 0xbf; byte 10 mode (2 auto, 3 heat, 4
 * cool, 5 dry, 12 fan); byte 11 the temperature (1-6); byte 13 fan (1 auto, 2-5 low
 * to max); byte 14 vertical swing (0); byte 15 horizontal swing (0); byte 17 power
 * (7); byte 27 62 minus the sum of bytes 0-26. Not read: the timers; no flags in the
 * layout.
 */
static const struct ac_protocol hitachi_ac = {
	.id = 9,
	.header_pulse = 3300, .header_space = 1700, .header_margin = 600,
	.bit_pulse = 400, .one_space = 1250, .zero_space = 500, .margin = 250,
	.sections = 1, .header_mask = 1, .bytes = 28, .section_bits = { 224 },
	.checks = {
		{ .kind = AC_CHECK_NEG_SUM8, .first = 0, .count = 27, .at = 27, .init = 62 },
		CHECK_EQUAL(0, 0xff, 0x01),
		CHECK_EQUAL(1, 0xff, 0x10),
		CHECK_EQUAL(2, 0xff, 0x30),
		CHECK_EQUAL(3, 0xff, 0x40),
		CHECK_EQUAL(4, 0xff, 0xbf),
	},
	.fields = {
		POWER_BIT(17, 7),
		FIELD_MAP(MODE, 10, 0, 4, [2] = AC_MODE_AUTO, [3] = AC_MODE_HEAT,
			  [4] = AC_MODE_COOL, [5] = AC_MODE_DRY, [12] = AC_MODE_FAN),
		FIELD_LINEAR(TEMP, 11, 1, 6, 2, 0),
		FIELD_MAP(FAN, 13, 0, 4, [1] = AC_FAN_AUTO, [2] = AC_FAN_LOW,
			  [3] = AC_FAN_MEDIUM, [4] = AC_FAN_HIGH, [5] = AC_FAN_TOP),
		FIELD_MAP(SWING_V, 14, 0, 1, AC_SWING_V_OFF, AC_SWING_V_AUTO),
		FIELD_MAP(SWING_H, 15, 0, 1, AC_SWING_H_OFF, AC_SWING_H_AUTO),
	},
};

/*
 * Haier (HSU07-HEA03 remote), 72 bits MSB first: a 3 ms pulse and space, then the
 * header (the decoder keeps the last header before the bits), 9 bytes, a pulse, once.
 * Byte 0 0xa5; byte 1 the button (0-3: 0 is off, the others leave the unit on),
 * temperature - 16 (4-7); byte 2 vertical swing (6-7: 0 off, 1 up, 2 down, 3
 * swinging); byte 4 health (5, the state's filter); byte 5 fan (6-7: 0 auto, 1
 * high, 2 medium, 3 low); byte 6 mode (5-7: 0 auto, 1 cool, 2 dry, 3 heat, 4 fan);
 * byte 7 sleep (6); byte 8 the sum of bytes 0-7. Not read: the clock and timers (the
 * rest of bytes 2-7); no quiet, turbo, econo, light, clean or beep in the layout.
 */
static const struct ac_protocol haier_ac = {
	.id = 10,
	.flags = AC_MSB_FIRST,
	.header_pulse = 3000, .header_space = 4300, .header_margin = 700,
	.bit_pulse = 520, .one_space = 1650, .zero_space = 650, .margin = 250,
	.sections = 1, .header_mask = 1, .bytes = 9, .section_bits = { 72 },
	.checks = {
		CHECK_SUM8(0, 8, 8),
		CHECK_EQUAL(0, 0xff, 0xa5),
	},
	.fields = {
		FIELD_MAP(POWER, 1, 0, 4, [0] = AC_POWER_OFF, [1] = AC_POWER_ON,
			  [2] = AC_POWER_ON, [3] = AC_POWER_ON, [6] = AC_POWER_ON,
			  [7] = AC_POWER_ON, [8] = AC_POWER_ON, [9] = AC_POWER_ON,
			  [10] = AC_POWER_ON, [12] = AC_POWER_ON, [13] = AC_POWER_ON),
		FIELD_MAP(MODE, 6, 5, 3, AC_MODE_AUTO, AC_MODE_COOL, AC_MODE_DRY, AC_MODE_HEAT,
			  AC_MODE_FAN),
		FIELD_LINEAR(TEMP, 1, 4, 4, 2, 32),
		FIELD_MAP(FAN, 5, 6, 2, AC_FAN_AUTO, AC_FAN_HIGH, AC_FAN_MEDIUM, AC_FAN_LOW),
		FIELD_MAP(SWING_V, 2, 6, 2, AC_SWING_V_OFF, AC_SWING_V_HIGHEST,
			  AC_SWING_V_LOWEST, AC_SWING_V_AUTO),
		FLAG_BIT(AC_FLAG_SLEEP, 7, 6),
		FLAG_BIT(AC_FLAG_FILTER, 4, 5),
	},
};

/*
 * Samsung (AR09FSSDAWKNFA, AR12KSFPEWQNET and alike), the 112-bit state, LSB first: a
 * 690 µs pulse and an 18 ms space, then 2 sections of 7 bytes, each after a header,
 * ending in a pulse and a 2.9 ms gap. In each section, byte 1's high nibble and byte
 * 2's low nibble are a number: the complement of the count of the section's other
 * set bits. Byte 0 0x02; byte 5: quiet (5); byte 6: power (4-5: 3 on, 0 off, as in
 * byte 13); byte 7 0x01; byte 9 swing (4-6: 2 vertical, 3 horizontal, 4 both, 7
 * none); byte 10: the fan's special (1-3: 3 powerful, the state's turbo; 5 breeze; 7
 * econo), display (4, the state's light), 0x60 always (the 21-byte message's middle
 * section has it clear), clean (7); byte 11: ion (0, the state's filter), the
 * temperature - 16 (4-7); byte 12: fan (1-3: 0 and 6 auto, 2 low, 4 medium, 5 high, 7
 * turbo), mode (4-6: auto, cool, dry, fan, heat); byte 13 beep (2). Not read: breeze;
 * the 21-byte message (power changes, timers, sleep), whose middle section fails the
 * 0x60 and whose third section alone is no message.
 */
static const struct ac_protocol samsung_ac = {
	.id = 11,
	.header_pulse = 3086, .header_space = 8864, .header_margin = 1000,
	.bit_pulse = 586, .one_space = 1432, .zero_space = 436, .margin = 250,
	.sections = 2, .header_mask = 3, .bytes = 14, .section_bits = { 56, 56 },
	.checks = {
		{ .kind = AC_CHECK_BIT_COUNT, .first = 0, .count = 7, .at = 1, .first2 = 4,
		  .init = 0xff },
		{ .kind = AC_CHECK_BIT_COUNT, .first = 7, .count = 7, .at = 8, .first2 = 4,
		  .init = 0xff },
		CHECK_EQUAL(0, 0xff, 0x02),
		CHECK_EQUAL(7, 0xff, 0x01),
		CHECK_EQUAL(10, 0x60, 0x60),
	},
	.fields = {
		FIELD_MAP(POWER, 6, 4, 2, [0] = AC_POWER_OFF, [3] = AC_POWER_ON),
		FIELD_MAP(MODE, 12, 4, 3, AC_MODE_AUTO, AC_MODE_COOL, AC_MODE_DRY, AC_MODE_FAN,
			  AC_MODE_HEAT),
		FIELD_LINEAR(TEMP, 11, 4, 4, 2, 32),
		FIELD_MAP(FAN, 12, 1, 3, [0] = AC_FAN_AUTO, [2] = AC_FAN_LOW,
			  [4] = AC_FAN_MEDIUM, [5] = AC_FAN_HIGH, [6] = AC_FAN_AUTO,
			  [7] = AC_FAN_TOP),
		FIELD_MAP(SWING_V, 9, 4, 3, [2] = AC_SWING_V_AUTO, [3] = AC_SWING_V_OFF,
			  [4] = AC_SWING_V_AUTO, [7] = AC_SWING_V_OFF),
		FIELD_MAP(SWING_H, 9, 4, 3, [2] = AC_SWING_H_OFF, [3] = AC_SWING_H_AUTO,
			  [4] = AC_SWING_H_AUTO, [7] = AC_SWING_H_OFF),
		FLAG_BIT(AC_FLAG_QUIET, 5, 5),
		FLAG_MAP(AC_FLAG_TURBO, 10, 1, 3, AC_POWER_OFF, AC_POWER_OFF, AC_POWER_OFF,
			 AC_POWER_ON, AC_POWER_OFF, AC_POWER_OFF, AC_POWER_OFF, AC_POWER_OFF),
		FLAG_MAP(AC_FLAG_ECONO, 10, 1, 3, AC_POWER_OFF, AC_POWER_OFF, AC_POWER_OFF,
			 AC_POWER_OFF, AC_POWER_OFF, AC_POWER_OFF, AC_POWER_OFF, AC_POWER_ON),
		FLAG_BIT(AC_FLAG_LIGHT, 10, 4),
		FLAG_BIT(AC_FLAG_FILTER, 11, 0),
		FLAG_BIT(AC_FLAG_CLEAN, 10, 7),
		FLAG_BIT(AC_FLAG_BEEP, 13, 2),
	},
};

/*
 * Whirlpool (DG11J1-3A and DG11J1-04 remotes), 168 bits, LSB first: header, 6 bytes, a
 * pulse and a gap, 8 bytes, a pulse and a gap, 7 bytes, a pulse; once. Bytes 0-1 0x83
 * 0x06; byte 2: fan (0-1: 0 auto, 1 high, 2 medium, 3 low), sleep (3), swing (7, and
 * byte 8's bit 6); byte 3: mode (0-2: heat, auto, cool, dry, fan), the temperature -
 * 18 (4-7); byte 5 super (4 and 7, the state's turbo); byte 6 light off (5); byte 13
 * the exclusive or of bytes 2-12, byte 20 of bytes 14-19; byte 15 the button pressed.
 * Not read: byte 2's bit 2, a power toggle, not a state (power stays unknown); the
 * clock and timers; the DG11J1-91 remote (byte 18's bit 3 set), whose temperatures
 * are 2 lower.
 */
static const struct ac_protocol whirlpool_ac = {
	.id = 12,
	.header_pulse = 8950, .header_space = 4484, .header_margin = 1000,
	.bit_pulse = 597, .one_space = 1649, .zero_space = 533, .margin = 250,
	.sections = 3, .header_mask = 1, .bytes = 21, .section_bits = { 48, 64, 56 },
	.checks = {
		{ .kind = AC_CHECK_XOR8, .first = 2, .count = 11, .at = 13 },
		{ .kind = AC_CHECK_XOR8, .first = 14, .count = 6, .at = 20 },
		CHECK_EQUAL(0, 0xff, 0x83),
		CHECK_EQUAL(1, 0xff, 0x06),
		CHECK_EQUAL(18, 0x08, 0x00),
	},
	.fields = {
		FIELD_MAP(MODE, 3, 0, 3, AC_MODE_HEAT, AC_MODE_AUTO, AC_MODE_COOL, AC_MODE_DRY,
			  AC_MODE_FAN),
		FIELD_LINEAR(TEMP, 3, 4, 4, 2, 36),
		FIELD_MAP(FAN, 2, 0, 2, AC_FAN_AUTO, AC_FAN_HIGH, AC_FAN_MEDIUM, AC_FAN_LOW),
		FIELD_MAP(SWING_V, 2, 7, 1, AC_SWING_V_OFF, AC_SWING_V_AUTO),
		FLAG_MAP(AC_FLAG_TURBO, 5, 4, 4, [0x0] = AC_POWER_OFF, [0x9] = AC_POWER_ON),
		FLAG_MAP(AC_FLAG_LIGHT, 6, 5, 1, AC_POWER_ON, AC_POWER_OFF),
		FLAG_BIT(AC_FLAG_SLEEP, 2, 3),
	},
};

/*
 * LG2 (LG's remotes since the AKB74955603): lg's 28 bits and their layout, after a
 * shorter header pulse and a longer space (3.2 and 9.9 ms), with shorter bit pulses.
 */
static const struct ac_protocol lg2 = {
	.id = 13,
	.flags = AC_MSB_FIRST,
	.header_pulse = 3200, .header_space = 9900, .header_margin = 1000,
	.bit_pulse = 480, .one_space = 1600, .zero_space = 550, .margin = 250,
	.sections = 1, .header_mask = 1, .bytes = 4, .section_bits = { 28 },
	.checks = {
		{ .kind = AC_CHECK_NIBBLE_SUM, .first = 1, .count = 2, .first2 = 1,
		  .count2 = 2, .at = 3 },
		CHECK_EQUAL(0, 0xff, 0x88),
	},
	.fields = {
		FIELD_MAP(POWER, 1, 6, 2, [0] = AC_POWER_ON, [3] = AC_POWER_OFF),
		FIELD_MAP(MODE, 1, 0, 3, AC_MODE_COOL, AC_MODE_DRY, AC_MODE_FAN, AC_MODE_AUTO,
			  AC_MODE_HEAT),
		FIELD_MAP(TEMP, 2, 4, 4, [1] = 32, [2] = 34, [3] = 36, [4] = 38, [5] = 40,
			  [6] = 42, [7] = 44, [8] = 46, [9] = 48, [10] = 50, [11] = 52,
			  [12] = 54, [13] = 56, [14] = 58, [15] = 60),
		FIELD_MAP(FAN, 2, 0, 4, [0] = AC_FAN_MIN, [1] = AC_FAN_LOW,
			  [2] = AC_FAN_MEDIUM, [4] = AC_FAN_TOP, [5] = AC_FAN_AUTO,
			  [9] = AC_FAN_LOW, [10] = AC_FAN_HIGH),
	},
};

/*
 * Daikin2 (ARC477A1 remote), 312 bits, LSB first: a leader (a 10 ms pulse and a 25 ms
 * space, which ends the decoder's message before one begins), then 2 sections of 20
 * and 19 bytes, each after a header, each ending in the sum of its other bytes, a
 * pulse and a gap. Bytes 0-1 and 20-21 0x11 0xda; byte 7: light (4-5: 1 bright, 2
 * dim, 3 off), beep (6-7: 1 quiet, 2 loud, 3 off); byte 8 clean (5); byte 17 the
 * horizontal swing (0-3 of 0xa8-0xac leftmost to rightmost, 0xbe auto, 0xbf off);
 * byte 18 the vertical swing (0-3: 1-6 highest to lowest, 0xe off, 0xf auto); byte
 * 25 power (0), mode (4-6: as daikin's); byte 26 the temperature (1-6); byte 28 fan
 * (4-7: as daikin's); byte 33 powerful (0, the state's turbo), quiet (5); byte 36
 * econo (2), purify (4, the state's filter). Not read: the clock and timers, fresh
 * air, mold, humidity, the eye, breeze and circulation (vertical swing 0xc, 0xd), the
 * horizontal swing "wide" (0xa3).
 */
static const struct ac_protocol daikin2 = {
	.id = 14,
	.header_pulse = 3500, .header_space = 1728, .header_margin = 600,
	.bit_pulse = 460, .one_space = 1270, .zero_space = 420, .margin = 250,
	.sections = 2, .header_mask = 3, .bytes = 39, .section_bits = { 160, 152 },
	.checks = {
		CHECK_SUM8(0, 19, 19),
		CHECK_SUM8(20, 18, 38),
		CHECK_EQUAL(0, 0xff, 0x11),
		CHECK_EQUAL(1, 0xff, 0xda),
		CHECK_EQUAL(20, 0xff, 0x11),
		CHECK_EQUAL(21, 0xff, 0xda),
	},
	.fields = {
		POWER_BIT(25, 0),
		FIELD_MAP(MODE, 25, 4, 3, [0] = AC_MODE_AUTO, [2] = AC_MODE_DRY,
			  [3] = AC_MODE_COOL, [4] = AC_MODE_HEAT, [6] = AC_MODE_FAN),
		FIELD_LINEAR(TEMP, 26, 1, 6, 2, 0),
		FIELD_MAP(FAN, 28, 4, 4, [3] = AC_FAN_MIN, [4] = AC_FAN_LOW,
			  [5] = AC_FAN_MEDIUM, [6] = AC_FAN_HIGH, [7] = AC_FAN_TOP,
			  [10] = AC_FAN_AUTO, [11] = AC_FAN_MIN),
		FIELD_MAP(SWING_V, 18, 0, 4, [1] = AC_SWING_V_HIGHEST, [2] = AC_SWING_V_HIGH,
			  [3] = AC_SWING_V_MIDDLE, [4] = AC_SWING_V_MIDDLE, [5] = AC_SWING_V_LOW,
			  [6] = AC_SWING_V_LOWEST, [14] = AC_SWING_V_OFF,
			  [15] = AC_SWING_V_AUTO),
		FIELD_MAP(SWING_H, 17, 0, 4, [8] = AC_SWING_H_LEFTMOST, [9] = AC_SWING_H_LEFT,
			  [10] = AC_SWING_H_MIDDLE, [11] = AC_SWING_H_RIGHT,
			  [12] = AC_SWING_H_RIGHTMOST, [14] = AC_SWING_H_AUTO,
			  [15] = AC_SWING_H_OFF),
		FLAG_BIT(AC_FLAG_QUIET, 33, 5),
		FLAG_BIT(AC_FLAG_TURBO, 33, 0),
		FLAG_BIT(AC_FLAG_ECONO, 36, 2),
		FLAG_MAP(AC_FLAG_LIGHT, 7, 4, 2, [1] = AC_POWER_ON, [2] = AC_POWER_ON,
			 [3] = AC_POWER_OFF),
		FLAG_BIT(AC_FLAG_FILTER, 36, 4),
		FLAG_BIT(AC_FLAG_CLEAN, 8, 5),
		FLAG_MAP(AC_FLAG_BEEP, 7, 6, 2, [1] = AC_POWER_ON, [2] = AC_POWER_ON,
			 [3] = AC_POWER_OFF),
	},
};

/*
 * Trotec (PAC 3200, and Duux Blizzard), 72 bits, LSB first: header (5.95 ms pulse, 7.36
 * ms space), 9 bytes, a pulse, a 6.2 ms gap, and one more pulse (the decoder has the
 * message at the gap; the lone pulse after it begins nothing). Bytes 0-1 0x12 0x34;
 * byte 2: mode (0-1: auto, cool, dry, fan; no heat), power (3), fan (4-5: 1 low, 2
 * medium, 3 high, read as the state's min, medium and max as IRremoteESP8266 reads
 * them; 0 auto); byte 3: the temperature - 18 (0-3, 18 to 32 °C), sleep (7); byte 8
 * the sum of bytes 2-7. Not read: the timer (byte 5's bit 6, the hours in byte 6).
 */
static const struct ac_protocol trotec = {
	.id = 15,
	.header_pulse = 5952, .header_space = 7364, .header_margin = 1000,
	.bit_pulse = 592, .one_space = 1560, .zero_space = 592, .margin = 250,
	.sections = 1, .header_mask = 1, .bytes = 9, .section_bits = { 72 },
	.checks = {
		CHECK_SUM8(2, 6, 8),
		CHECK_EQUAL(0, 0xff, 0x12),
		CHECK_EQUAL(1, 0xff, 0x34),
	},
	.fields = {
		POWER_BIT(2, 3),
		FIELD_MAP(MODE, 2, 0, 2, AC_MODE_AUTO, AC_MODE_COOL, AC_MODE_DRY, AC_MODE_FAN),
		FIELD_LINEAR(TEMP, 3, 0, 4, 2, 36),
		FIELD_MAP(FAN, 2, 4, 2, AC_FAN_AUTO, AC_FAN_MIN, AC_FAN_MEDIUM, AC_FAN_TOP),
		FLAG_BIT(AC_FLAG_SLEEP, 3, 7),
	},
};

/*
 * Daikin152 (ARC480A5 remote), 152 bits, LSB first: a leader of 5 zero bits, a pulse
 * and a gap, then a header, 19 bytes (bytes 1-19 here, one on after the leader), a
 * pulse and a gap. Bytes 1-3 0x11 0xda 0x27; byte 6: power (0), mode (4-6: as
 * daikin's); byte 7: the temperature (1-7; the remote sends 18 in dry mode and 96 in
 * fan mode, reported as sent); byte 9: vertical swing (0-3: 0 off, 15 auto), fan
 * (4-7: as daikin's); byte 14: powerful (0, the state's turbo), quiet (5); byte 17:
 * econo (2); byte 19 the sum of bytes 1-18. Not read: comfort and the sensor (byte
 * 17's bits 1 and 3).
 */
static const struct ac_protocol daikin152 = {
	.id = 16,
	.header_pulse = 3492, .header_space = 1718, .header_margin = 600,
	.bit_pulse = 433, .one_space = 1529, .zero_space = 433, .margin = 250,
	.sections = 2, .header_mask = 2, .bytes = 20, .section_bits = { 5, 152 },
	.checks = {
		CHECK_EQUAL(0, 0x1f, 0),
		CHECK_SUM8(1, 18, 19),
		CHECK_EQUAL(1, 0xff, 0x11),
		CHECK_EQUAL(2, 0xff, 0xda),
		CHECK_EQUAL(3, 0xff, 0x27),
	},
	.fields = {
		POWER_BIT(6, 0),
		FIELD_MAP(MODE, 6, 4, 3, [0] = AC_MODE_AUTO, [2] = AC_MODE_DRY,
			  [3] = AC_MODE_COOL, [4] = AC_MODE_HEAT, [6] = AC_MODE_FAN),
		FIELD_LINEAR(TEMP, 7, 1, 7, 2, 0),
		FIELD_MAP(FAN, 9, 4, 4, [3] = AC_FAN_MIN, [4] = AC_FAN_LOW,
			  [5] = AC_FAN_MEDIUM, [6] = AC_FAN_HIGH, [7] = AC_FAN_TOP,
			  [10] = AC_FAN_AUTO, [11] = AC_FAN_MIN),
		FIELD_MAP(SWING_V, 9, 0, 4, [0] = AC_SWING_V_OFF, [15] = AC_SWING_V_AUTO),
		FLAG_BIT(AC_FLAG_TURBO, 14, 0),
		FLAG_BIT(AC_FLAG_QUIET, 14, 5),
		FLAG_BIT(AC_FLAG_ECONO, 17, 2),
	},
};

/*
 * Mitsubishi Heavy (RLA502A700B remote, SRKxxZM-S units), 152 bits, LSB first: header,
 * 19 bytes, a pulse, once. Which space is a 1: the short one (420 µs), as
 * IRremoteESP8266's layout has it, settled by its documented example messages read
 * that way (bytes 5 and 7 of a capture its user read as "on, 25 °C" are 0x09, cool
 * and power, and 0x08, 25 - 17; read the other way they would be fan mode, off).
 * The decoder takes the long space for a 1, so each byte here is the remote's
 * complemented: the signature ad 51 3c e5 1a reads 52 ae c3 1a e5, and bytes 5-18 are
 * pairs of a byte and its complement. The fields are read in the first byte of each
 * pair, complemented (so that ir-ctl's encoder, which derives the second from the
 * first, can set them); as the remote has them: byte 5 mode (0-2: auto, cool, dry,
 * fan, heat), power (3), clean (5), filter (6); byte 7 the temperature - 17 (0-3);
 * byte 9 fan (0-3: 0 auto, 1-4 low to max, 6 econo read as min and the econo flag, 8
 * turbo read as max and the turbo flag); byte 11 vertical swing (5-7: auto, highest
 * to lowest, off); byte 13 horizontal swing (0-3: auto, leftmost to rightmost, 8 off;
 * 6 and 7, its two split directions, have no value in the state); byte 15 night (6,
 * the state's sleep), silent (7, the state's quiet). Not read: 3D (byte 11's bits 1
 * and 4).
 */
#define INV_BIT(flag, b, s)	FLAG_MAP(flag, b, s, 1, AC_POWER_ON, AC_POWER_OFF)
static const struct ac_protocol mitsubishi_heavy_152 = {
	.id = 17,
	.header_pulse = 3140, .header_space = 1630, .header_margin = 600,
	.bit_pulse = 370, .one_space = 1220, .zero_space = 420, .margin = 250,
	.sections = 1, .header_mask = 1, .bytes = 19, .section_bits = { 152 },
	.checks = {
		{ .kind = AC_CHECK_INVERTED_PAIRS, .first = 5, .count = 7 },
		CHECK_EQUAL(0, 0xff, 0x52),
		CHECK_EQUAL(1, 0xff, 0xae),
		CHECK_EQUAL(2, 0xff, 0xc3),
		CHECK_EQUAL(3, 0xff, 0x1a),
		CHECK_EQUAL(4, 0xff, 0xe5),
	},
	.fields = {
		FIELD_MAP(POWER, 5, 3, 1, AC_POWER_ON, AC_POWER_OFF),
		FIELD_MAP(MODE, 5, 0, 3, [7] = AC_MODE_AUTO, [6] = AC_MODE_COOL,
			  [5] = AC_MODE_DRY, [4] = AC_MODE_FAN, [3] = AC_MODE_HEAT),
		FIELD_MAP(TEMP, 7, 0, 4, [15] = 34, [14] = 36, [13] = 38, [12] = 40, [11] = 42,
			  [10] = 44, [9] = 46, [8] = 48, [7] = 50, [6] = 52, [5] = 54,
			  [4] = 56, [3] = 58, [2] = 60, [1] = 62),
		FIELD_MAP(FAN, 9, 0, 4, [15] = AC_FAN_AUTO, [14] = AC_FAN_LOW,
			  [13] = AC_FAN_MEDIUM, [12] = AC_FAN_HIGH, [11] = AC_FAN_TOP,
			  [9] = AC_FAN_MIN, [7] = AC_FAN_TOP),
		FIELD_MAP(SWING_V, 11, 5, 3, [7] = AC_SWING_V_AUTO, [6] = AC_SWING_V_HIGHEST,
			  [5] = AC_SWING_V_HIGH, [4] = AC_SWING_V_MIDDLE, [3] = AC_SWING_V_LOW,
			  [2] = AC_SWING_V_LOWEST, [1] = AC_SWING_V_OFF),
		FIELD_MAP(SWING_H, 13, 0, 4, [15] = AC_SWING_H_AUTO, [14] = AC_SWING_H_LEFTMOST,
			  [13] = AC_SWING_H_LEFT, [12] = AC_SWING_H_MIDDLE,
			  [11] = AC_SWING_H_RIGHT, [10] = AC_SWING_H_RIGHTMOST,
			  [7] = AC_SWING_H_OFF),
		FLAG_MAP(AC_FLAG_ECONO, 9, 0, 4, [15] = AC_POWER_OFF, [14] = AC_POWER_OFF,
			 [13] = AC_POWER_OFF, [12] = AC_POWER_OFF, [11] = AC_POWER_OFF,
			 [9] = AC_POWER_ON, [7] = AC_POWER_OFF),
		FLAG_MAP(AC_FLAG_TURBO, 9, 0, 4, [15] = AC_POWER_OFF, [14] = AC_POWER_OFF,
			 [13] = AC_POWER_OFF, [12] = AC_POWER_OFF, [11] = AC_POWER_OFF,
			 [9] = AC_POWER_OFF, [7] = AC_POWER_ON),
		INV_BIT(AC_FLAG_CLEAN, 5, 5),
		INV_BIT(AC_FLAG_FILTER, 5, 6),
		INV_BIT(AC_FLAG_SLEEP, 15, 6),
		INV_BIT(AC_FLAG_QUIET, 15, 7),
	},
};

/*
 * Daikin160 (ARC423A5 remote), 160 bits, LSB first: a header, 7 bytes, a pulse and a
 * gap; a header, 13 bytes, a pulse. Its 0 space (700 µs) is long: its window reaches
 * past 900 µs. Bytes 0-4 11 da 27 f0 0d, byte 6 the sum of bytes 0-5; bytes 7-11
 * 11 da 27 00 d3; byte 12: power (0), mode (4-6: as daikin's); byte 13: vertical swing
 * (4-7: 1 lowest to 5 highest, 15 auto); byte 16: the temperature - 10 (1-6); byte 17:
 * fan (0-3: 1-5 the speeds, 10 auto, 11 quiet, read as the lowest); byte 19 the sum of
 * bytes 7-18. Not read: byte 13's low nibble and byte 18 (fixed as the remote sends
 * them).
 */
static const struct ac_protocol daikin160 = {
	.id = 27,
	.header_pulse = 5000, .header_space = 2145, .header_margin = 600,
	.bit_pulse = 342, .one_space = 1786, .zero_space = 700, .margin = 250,
	.sections = 2, .header_mask = 3, .bytes = 20, .section_bits = { 56, 104 },
	.checks = {
		CHECK_SUM8(0, 6, 6),
		CHECK_SUM8(7, 12, 19),
		CHECK_EQUAL(0, 0xff, 0x11),
		CHECK_EQUAL(1, 0xff, 0xda),
		CHECK_EQUAL(7, 0xff, 0x11),
		CHECK_EQUAL(8, 0xff, 0xda),
	},
	.fields = {
		POWER_BIT(12, 0),
		FIELD_MAP(MODE, 12, 4, 3, [0] = AC_MODE_AUTO, [2] = AC_MODE_DRY,
			  [3] = AC_MODE_COOL, [4] = AC_MODE_HEAT, [6] = AC_MODE_FAN),
		FIELD_LINEAR(TEMP, 16, 1, 6, 2, 20),
		FIELD_MAP(FAN, 17, 0, 4, [1] = AC_FAN_MIN, [2] = AC_FAN_LOW,
			  [3] = AC_FAN_MEDIUM, [4] = AC_FAN_HIGH, [5] = AC_FAN_TOP,
			  [10] = AC_FAN_AUTO, [11] = AC_FAN_MIN),
		FIELD_MAP(SWING_V, 13, 4, 4, [1] = AC_SWING_V_LOWEST, [2] = AC_SWING_V_LOW,
			  [3] = AC_SWING_V_MIDDLE, [4] = AC_SWING_V_HIGH,
			  [5] = AC_SWING_V_HIGHEST, [15] = AC_SWING_V_AUTO),
	},
};
#undef INV_BIT

/*
 * Mitsubishi Heavy (RKX502A001C remote, SRKxxZJ-S units), 88 bits: mitsubishi_heavy_152's
 * framing and bit sense (a 1 is the short space, so the bytes here are the remote's
 * complemented), the signature ad 51 3c d9 26 (52 ae c3 26 d9 here), then 3 pairs of a
 * byte and its complement; the fields read in the first byte of each pair,
 * complemented. As the remote has them: byte 5 clean (5); byte 7 fan (5-7: 0 auto, 2
 * low, 3 medium, 4 high, 6 turbo read as max and the turbo flag, 7 econo read as min
 * and the econo flag); byte 9 mode (0-2: auto, cool, dry, fan, heat), power (3), the
 * temperature - 17 (4-7). Not read: the swings, whose bits are split over bytes 5 and
 * 7 (the vertical one over both), which the table's fields cannot join; 3D.
 */
#define INV_BIT(flag, b, s)	FLAG_MAP(flag, b, s, 1, AC_POWER_ON, AC_POWER_OFF)
static const struct ac_protocol mitsubishi_heavy_88 = {
	.id = 18,
	.header_pulse = 3140, .header_space = 1630, .header_margin = 600,
	.bit_pulse = 370, .one_space = 1220, .zero_space = 420, .margin = 250,
	.sections = 1, .header_mask = 1, .bytes = 11, .section_bits = { 88 },
	.checks = {
		{ .kind = AC_CHECK_INVERTED_PAIRS, .first = 5, .count = 3 },
		CHECK_EQUAL(0, 0xff, 0x52),
		CHECK_EQUAL(1, 0xff, 0xae),
		CHECK_EQUAL(2, 0xff, 0xc3),
		CHECK_EQUAL(3, 0xff, 0x26),
		CHECK_EQUAL(4, 0xff, 0xd9),
	},
	.fields = {
		FIELD_MAP(POWER, 9, 3, 1, AC_POWER_ON, AC_POWER_OFF),
		FIELD_MAP(MODE, 9, 0, 3, [7] = AC_MODE_AUTO, [6] = AC_MODE_COOL,
			  [5] = AC_MODE_DRY, [4] = AC_MODE_FAN, [3] = AC_MODE_HEAT),
		FIELD_MAP(TEMP, 9, 4, 4, [15] = 34, [14] = 36, [13] = 38, [12] = 40, [11] = 42,
			  [10] = 44, [9] = 46, [8] = 48, [7] = 50, [6] = 52, [5] = 54,
			  [4] = 56, [3] = 58, [2] = 60, [1] = 62),
		FIELD_MAP(FAN, 7, 5, 3, [7] = AC_FAN_AUTO, [5] = AC_FAN_LOW,
			  [4] = AC_FAN_MEDIUM, [3] = AC_FAN_HIGH, [1] = AC_FAN_TOP,
			  [0] = AC_FAN_MIN),
		FLAG_MAP(AC_FLAG_TURBO, 7, 5, 3, [7] = AC_POWER_OFF, [5] = AC_POWER_OFF,
			 [4] = AC_POWER_OFF, [3] = AC_POWER_OFF, [1] = AC_POWER_ON,
			 [0] = AC_POWER_OFF),
		FLAG_MAP(AC_FLAG_ECONO, 7, 5, 3, [7] = AC_POWER_OFF, [5] = AC_POWER_OFF,
			 [4] = AC_POWER_OFF, [3] = AC_POWER_OFF, [1] = AC_POWER_OFF,
			 [0] = AC_POWER_ON),
		INV_BIT(AC_FLAG_CLEAN, 5, 5),
	},
};
#undef INV_BIT

/*
 * Corona (CSH-N2211 and alike, AR-01 remote), 168 bits, LSB first: 3 sections of 7
 * bytes, each after a header and ending in a pulse and a 10.8 ms gap. Each section is
 * 0x28 0x61, a label (0x3d, 0x6d, 0xcd: which section it is), then 2 bytes each
 * followed by its complement. The first section holds the state: byte 3 fan (0-1: 0
 * auto, 1 low, 2 medium, 3 high), power save (3, the state's econo), 1 (4); byte 5
 * the temperature - 16 (0-3, 17 to 30 °C), power (4), mode (6-7: 0 heat, 1 dry, 2
 * cool, 3 fan). The others hold the on and off timers (0xffff: none). The labels are
 * checked, and each byte's complement; 0x28 0x61 are not (six checks at most): the
 * labels tell the sections apart, so no copy of the first passes for another. Not
 * read: the power button (byte 5's bit 5, set on the press that turns the unit on),
 * the vertical swing toggle (byte 3's bit 6, a press, not a state), the timers; the
 * 56-bit message of the auto and max buttons (its one section labelled 0x9d).
 */
#define CHECK_PAIRS(from, n)	{ .kind = AC_CHECK_INVERTED_PAIRS, .first = (from), .count = (n) }
static const struct ac_protocol corona_ac = {
	.id = 21,
	.header_pulse = 3500, .header_space = 1680, .header_margin = 600,
	.bit_pulse = 450, .one_space = 1270, .zero_space = 420, .margin = 250,
	.sections = 3, .header_mask = 7, .bytes = 21, .section_bits = { 56, 56, 56 },
	.checks = {
		CHECK_PAIRS(3, 2),
		CHECK_PAIRS(10, 2),
		CHECK_PAIRS(17, 2),
		CHECK_EQUAL(2, 0xff, 0x3d),
		CHECK_EQUAL(9, 0xff, 0x6d),
		CHECK_EQUAL(16, 0xff, 0xcd),
	},
	.fields = {
		POWER_BIT(5, 4),
		FIELD_MAP(MODE, 5, 6, 2, AC_MODE_HEAT, AC_MODE_DRY, AC_MODE_COOL, AC_MODE_FAN),
		FIELD_LINEAR(TEMP, 5, 0, 4, 2, 32),
		FIELD_MAP(FAN, 3, 0, 2, AC_FAN_AUTO, AC_FAN_LOW, AC_FAN_MEDIUM, AC_FAN_HIGH),
		FLAG_BIT(AC_FLAG_ECONO, 3, 3),
	},
};

/*
 * Goodweather (ZH/JT-03 remote), 48 bits, LSB first: header (6.8 ms pulse and space),
 * each of 6 bytes followed by its complement (96 bits sent), a pulse, a 6.8 ms space
 * and one more pulse. A 1 is the short space (580 µs), a 0 the long (1600): the
 * decoder takes the long space for a 1, so each byte here is the remote's
 * complemented, and the message reads as pairs of a byte and its complement (byte k
 * of the remote is byte 2k here, complemented). The fields are read in the first
 * byte of each pair, complemented (so that ir-ctl's encoder, which derives the second
 * from the first, can set them). As the remote has them: byte 3 power (1), swing (2-3:
 * 0 fast, 1 slow, both the state's auto; 2 off), fan (5-6: 0 auto, 1 high, 2 medium, 3
 * low, read as the state's max, medium and min as IRremoteESP8266 reads them); byte 4
 * the temperature - 16 (0-3, 16 to 31 °C), mode (5-7: auto, cool, dry, fan, heat);
 * byte 5 0xd5 (0x2a here). Not read: the button pressed (byte 2's low nibble), and
 * the turbo, light and sleep bits (byte 1's bits 3 and 0, byte 3's bit 0), which are
 * toggles, set on the press that changes them, not a state.
 */
static const struct ac_protocol goodweather = {
	.id = 22,
	.header_pulse = 6800, .header_space = 6800, .header_margin = 1000,
	.bit_pulse = 640, .one_space = 1600, .zero_space = 580, .margin = 250,
	.sections = 1, .header_mask = 1, .bytes = 12, .section_bits = { 96 },
	.checks = {
		CHECK_PAIRS(0, 6),
		CHECK_EQUAL(10, 0xff, 0x2a),
	},
	.fields = {
		FIELD_MAP(POWER, 6, 1, 1, AC_POWER_ON, AC_POWER_OFF),
		FIELD_MAP(MODE, 8, 5, 3, [7] = AC_MODE_AUTO, [6] = AC_MODE_COOL,
			  [5] = AC_MODE_DRY, [4] = AC_MODE_FAN, [3] = AC_MODE_HEAT),
		FIELD_MAP(TEMP, 8, 0, 4, [15] = 32, [14] = 34, [13] = 36, [12] = 38, [11] = 40,
			  [10] = 42, [9] = 44, [8] = 46, [7] = 48, [6] = 50, [5] = 52, [4] = 54,
			  [3] = 56, [2] = 58, [1] = 60, [0] = 62),
		FIELD_MAP(FAN, 6, 5, 2, [3] = AC_FAN_AUTO, [2] = AC_FAN_TOP, [1] = AC_FAN_MEDIUM,
			  [0] = AC_FAN_MIN),
		FIELD_MAP(SWING_V, 6, 2, 2, [3] = AC_SWING_V_AUTO, [2] = AC_SWING_V_AUTO,
			  [1] = AC_SWING_V_OFF),
	},
};

/*
 * Electra (and AUX: YKR-M/003E, YKR-T/011 remotes), 104 bits, LSB first: header, 13
 * bytes, a pulse, once. Byte 0 0xc3; byte 1 vertical swing (0-2: 0 on, the state's
 * auto; 7 off), the temperature - 8 (3-7, 16 to 32 °C); byte 2 horizontal swing (5-7,
 * as the vertical); byte 4 fan (5-7: 5 auto, 3 low, 2 medium, 1 high, read as the
 * state's min, medium and max as IRremoteESP8266 reads them); byte 5 turbo (6); byte
 * 6 mode (5-7: 0 auto, 1 cool, 2 dry, 4 heat, 6 fan); byte 9 clean (2), power (5);
 * byte 12 the sum of bytes 0-11. Not read: byte 11, the light toggle (0x15 or 0x19
 * on the press that changes it, 0x08 or 0x05 else), a press, not a state.
 */
static const struct ac_protocol electra_ac = {
	.id = 23,
	.header_pulse = 9166, .header_space = 4470, .header_margin = 1000,
	.bit_pulse = 646, .one_space = 1647, .zero_space = 547, .margin = 250,
	.sections = 1, .header_mask = 1, .bytes = 13, .section_bits = { 104 },
	.checks = {
		CHECK_SUM8(0, 12, 12),
		CHECK_EQUAL(0, 0xff, 0xc3),
	},
	.fields = {
		POWER_BIT(9, 5),
		FIELD_MAP(MODE, 6, 5, 3, [0] = AC_MODE_AUTO, [1] = AC_MODE_COOL,
			  [2] = AC_MODE_DRY, [4] = AC_MODE_HEAT, [6] = AC_MODE_FAN),
		FIELD_LINEAR(TEMP, 1, 3, 5, 2, 16),
		FIELD_MAP(FAN, 4, 5, 3, [5] = AC_FAN_AUTO, [3] = AC_FAN_MIN, [2] = AC_FAN_MEDIUM,
			  [1] = AC_FAN_TOP),
		FIELD_MAP(SWING_V, 1, 0, 3, [0] = AC_SWING_V_AUTO, [7] = AC_SWING_V_OFF),
		FIELD_MAP(SWING_H, 2, 5, 3, [0] = AC_SWING_H_AUTO, [7] = AC_SWING_H_OFF),
		FLAG_BIT(AC_FLAG_TURBO, 5, 6),
		FLAG_BIT(AC_FLAG_CLEAN, 9, 2),
	},
};

/*
 * Carrier's 64-bit protocol (40MKC, 53NGK and alike; carrier_ac64 here, as
 * IRremoteESP8266 names it: Carrier's 32-, 40- and 128-bit protocols are others), LSB
 * first: header, 8 bytes, a pulse, once. Bytes 0-1 0x84 0x55; byte 2: the checksum
 * (0-3: the sum of the nibbles of bits 20-63, modulo 16), mode (4-5: 1 heat, 2 cool, 3
 * fan), fan (6-7: auto, low, medium, high); byte 3 the temperature - 16 (0-3, 16 to 30
 * °C), vertical swing (5); byte 4 power (4), sleep (7). Not read: the timers (byte 4's
 * bits 5 and 6 enable them, bytes 6 and 7 hold their hours).
 */
static const struct ac_protocol carrier_ac64 = {
	.id = 24,
	.header_pulse = 8940, .header_space = 4556, .header_margin = 1000,
	.bit_pulse = 503, .one_space = 1736, .zero_space = 615, .margin = 250,
	.sections = 1, .header_mask = 1, .bytes = 8, .section_bits = { 64 },
	.checks = {
		{ .kind = AC_CHECK_NIBBLE_SUM_LOW, .first = 3, .count = 5, .first2 = 2,
		  .count2 = 6, .at = 2 },
		CHECK_EQUAL(0, 0xff, 0x84),
		CHECK_EQUAL(1, 0xff, 0x55),
	},
	.fields = {
		POWER_BIT(4, 4),
		FIELD_MAP(MODE, 2, 4, 2, [1] = AC_MODE_HEAT, [2] = AC_MODE_COOL,
			  [3] = AC_MODE_FAN),
		FIELD_LINEAR(TEMP, 3, 0, 4, 2, 32),
		FIELD_MAP(FAN, 2, 6, 2, AC_FAN_AUTO, AC_FAN_LOW, AC_FAN_MEDIUM, AC_FAN_HIGH),
		FIELD_MAP(SWING_V, 3, 5, 1, AC_SWING_V_OFF, AC_SWING_V_AUTO),
		FLAG_BIT(AC_FLAG_SLEEP, 4, 7),
	},
};

/*
 * Sanyo (SAP-K121AHA, SAP-K242AH; RCS-2HS4E, RCS-2S4E remotes), 72 bits, LSB first:
 * header, 9 bytes, a pulse, once. Byte 0 0x6a; byte 1 the temperature - 4 (0-4, 16 to
 * 30 °C); byte 2 beep (6); byte 4 fan (0-1: 0 auto, 1 high, 2 low, 3 medium), mode
 * (4-6: 1 heat, 2 cool, 3 dry, 4 auto); byte 5 vertical swing (0-2: 0 auto, 2 lowest, 3
 * low, 4 and 5 the lower and upper middle, 6 high, 7 highest), power (6-7: 1 off, 2
 * on); byte 6 sleep (3); byte 8 the sum of the nibbles of bytes 0-7. Not read: the
 * room temperature and where it is measured (byte 2's bits 0-5), the off timer (byte
 * 3, byte 4's bit 2).
 */
static const struct ac_protocol sanyo_ac = {
	.id = 25,
	.header_pulse = 8500, .header_space = 4200, .header_margin = 1000,
	.bit_pulse = 500, .one_space = 1600, .zero_space = 550, .margin = 250,
	.sections = 1, .header_mask = 1, .bytes = 9, .section_bits = { 72 },
	.checks = {
		{ .kind = AC_CHECK_NIBBLE_SUM8, .first = 0, .count = 8, .first2 = 0,
		  .count2 = 8, .at = 8 },
		CHECK_EQUAL(0, 0xff, 0x6a),
	},
	.fields = {
		FIELD_MAP(POWER, 5, 6, 2, [1] = AC_POWER_OFF, [2] = AC_POWER_ON),
		FIELD_MAP(MODE, 4, 4, 3, [1] = AC_MODE_HEAT, [2] = AC_MODE_COOL,
			  [3] = AC_MODE_DRY, [4] = AC_MODE_AUTO),
		FIELD_LINEAR(TEMP, 1, 0, 5, 2, 8),
		FIELD_MAP(FAN, 4, 0, 2, AC_FAN_AUTO, AC_FAN_HIGH, AC_FAN_LOW, AC_FAN_MEDIUM),
		FIELD_MAP(SWING_V, 5, 0, 3, [0] = AC_SWING_V_AUTO, [2] = AC_SWING_V_LOWEST,
			  [3] = AC_SWING_V_LOW, [4] = AC_SWING_V_MIDDLE, [5] = AC_SWING_V_MIDDLE,
			  [6] = AC_SWING_V_HIGH, [7] = AC_SWING_V_HIGHEST),
		FLAG_BIT(AC_FLAG_BEEP, 2, 6),
		FLAG_BIT(AC_FLAG_SLEEP, 6, 3),
	},
};

/*
 * Sharp (the CRMC-A907 JBEZ remote's messages; AY-ZP40KR, AH-AxSAY), 104 bits, LSB
 * first: header, 13 bytes, a pulse, once. Bytes 0-3 0xaa 0x5a 0xcf 0x10; byte 4 the
 * temperature - 15 (0-3; the remote sends 0 in auto and dry, read as 15 °C as
 * IRremoteESP8266 reads it), 0xc0 above it in cool and heat; byte 5 power (4-7: 1 on
 * after off, 2 off, 3 on, 6 and 7 a special function set, 8 a timer set: all but off
 * are a running unit); byte 6 mode (0-1: 0 auto, 1 heat, 2 cool, 3 dry), clean (3), fan
 * (4-6: 2 auto, 4 min, 3 medium, 5 high, 7 max); byte 8 vertical swing (0-2: 1 highest,
 * 2 and 5 off, 3 middle, 4 low, 6 lowest, 7 swinging, read as the state's auto; 0 no
 * change, no value); byte 11 ion (2, the state's filter); byte 12's high nibble the
 * exclusive or of the nibbles of bytes 0-11 and of its low nibble. The A705 and A903
 * remotes' messages (byte 11's bit 4 set), whose modes and fan speeds differ, are not
 * read. Not read: the button pressed (byte 10), turbo and econo (a power code of 6 or
 * 7 with byte 10 saying which: two bytes no field joins), the timer (byte 7).
 */
static const struct ac_protocol sharp_ac = {
	.id = 26,
	.header_pulse = 3800, .header_space = 1900, .header_margin = 600,
	.bit_pulse = 470, .one_space = 1400, .zero_space = 500, .margin = 250,
	.sections = 1, .header_mask = 1, .bytes = 13, .section_bits = { 104 },
	.checks = {
		{ .kind = AC_CHECK_NIBBLE_XOR, .first = 0, .count = 13, .first2 = 0,
		  .count2 = 12, .at = 12 },
		CHECK_EQUAL(0, 0xff, 0xaa),
		CHECK_EQUAL(1, 0xff, 0x5a),
		CHECK_EQUAL(2, 0xff, 0xcf),
		CHECK_EQUAL(3, 0xff, 0x10),
		CHECK_EQUAL(11, 0x10, 0x00),
	},
	.fields = {
		FIELD_MAP(POWER, 5, 4, 4, [1] = AC_POWER_ON, [2] = AC_POWER_OFF,
			  [3] = AC_POWER_ON, [6] = AC_POWER_ON, [7] = AC_POWER_ON,
			  [8] = AC_POWER_ON),
		FIELD_MAP(MODE, 6, 0, 2, AC_MODE_AUTO, AC_MODE_HEAT, AC_MODE_COOL, AC_MODE_DRY),
		FIELD_LINEAR(TEMP, 4, 0, 4, 2, 30),
		FIELD_MAP(FAN, 6, 4, 3, [2] = AC_FAN_AUTO, [4] = AC_FAN_MIN, [3] = AC_FAN_MEDIUM,
			  [5] = AC_FAN_HIGH, [7] = AC_FAN_TOP),
		FIELD_MAP(SWING_V, 8, 0, 3, [1] = AC_SWING_V_HIGHEST, [2] = AC_SWING_V_OFF,
			  [3] = AC_SWING_V_MIDDLE, [4] = AC_SWING_V_LOW, [5] = AC_SWING_V_OFF,
			  [6] = AC_SWING_V_LOWEST, [7] = AC_SWING_V_AUTO),
		FLAG_BIT(AC_FLAG_FILTER, 11, 2),
		FLAG_BIT(AC_FLAG_CLEAN, 6, 3),
	},
};

/*
 * Rhoss (Idrowall MPCV), 96 bits, LSB first: header (3 ms pulse, 4.2 ms space), 12
 * bytes, then a pulse and a 0's space, a pulse and the gap: the decoder reads 97 bits,
 * the last a 0 in a 13th byte. Byte 0 0xaa; byte 1: the temperature - 16 (0-3); byte
 * 2 0x60; byte 4: fan (0-1: 0 auto, 1 low, 2 medium, 3 high, read as the state's min,
 * medium and max as IRremoteESP8266 reads them), mode (4-7: 1 heat, 2 cool, 3 dry, 4
 * fan, 5 auto); byte 5: swing (0), power (6-7: 2 on, 1 off); byte 6 0x54; byte 11 the
 * sum of bytes 0-10. Not read: nothing else is known of its bytes.
 */
static const struct ac_protocol rhoss = {
	.id = 19,
	.header_pulse = 3042, .header_space = 4248, .header_margin = 700,
	.bit_pulse = 648, .one_space = 1545, .zero_space = 457, .margin = 250,
	.sections = 1, .header_mask = 1, .bytes = 13, .section_bits = { 97 },
	.checks = {
		CHECK_SUM8(0, 11, 11),
		CHECK_EQUAL(0, 0xff, 0xaa),
		CHECK_EQUAL(12, 0x01, 0x00),
	},
	.fields = {
		FIELD_MAP(POWER, 5, 6, 2, [1] = AC_POWER_OFF, [2] = AC_POWER_ON),
		FIELD_MAP(MODE, 4, 4, 4, [1] = AC_MODE_HEAT, [2] = AC_MODE_COOL,
			  [3] = AC_MODE_DRY, [4] = AC_MODE_FAN, [5] = AC_MODE_AUTO),
		FIELD_LINEAR(TEMP, 1, 0, 4, 2, 32),
		FIELD_MAP(FAN, 4, 0, 2, AC_FAN_AUTO, AC_FAN_MIN, AC_FAN_MEDIUM, AC_FAN_TOP),
		FIELD_MAP(SWING_V, 5, 0, 1, AC_SWING_V_OFF, AC_SWING_V_AUTO),
	},
};

/*
 * Technibel (IRO PLUS), 56 bits, MSB first: header, 7 bytes, a pulse, once. Byte 0
 * 0x18; byte 1: mode (0-3: 1 cool, 2 dry, 4 fan, 8 heat; no auto), power (7); byte 2:
 * fan (0-2: 1 low, 2 medium, 4 high; no auto), sleep (4), swing (5), Fahrenheit (6:
 * those states are not read); byte 3: the temperature (0-6, 16 to 31 °C); byte 6 0
 * minus the sum of bytes 1-4. Not read: which button changed what (byte 1's bits
 * 4-6), the timer (byte 2's bit 7, the hours in byte 4).
 */
static const struct ac_protocol technibel_ac = {
	.id = 20,
	.flags = AC_MSB_FIRST,
	.header_pulse = 8836, .header_space = 4380, .header_margin = 1000,
	.bit_pulse = 523, .one_space = 1696, .zero_space = 564, .margin = 250,
	.sections = 1, .header_mask = 1, .bytes = 7, .section_bits = { 56 },
	.checks = {
		{ .kind = AC_CHECK_NEG_SUM8, .first = 1, .count = 4, .at = 6, .init = 0 },
		CHECK_EQUAL(0, 0xff, 0x18),
		CHECK_EQUAL(2, 0x40, 0x00),
	},
	.fields = {
		POWER_BIT(1, 7),
		FIELD_MAP(MODE, 1, 0, 4, [1] = AC_MODE_COOL, [2] = AC_MODE_DRY,
			  [4] = AC_MODE_FAN, [8] = AC_MODE_HEAT),
		FIELD_LINEAR(TEMP, 3, 0, 7, 2, 0),
		FIELD_MAP(FAN, 2, 0, 3, [1] = AC_FAN_LOW, [2] = AC_FAN_MEDIUM,
			  [4] = AC_FAN_HIGH),
		FIELD_MAP(SWING_V, 2, 5, 1, AC_SWING_V_OFF, AC_SWING_V_AUTO),
		FLAG_BIT(AC_FLAG_SLEEP, 2, 4),
	},
};

/*
 * TCL112AC (TAC09CHSD and alike), 112 bits, LSB first: a header (3 ms pulse, 1.65 ms
 * space), 14 bytes, a pulse. Its 1 space, 1050 µs, lies past the 900 µs most others
 * split at: read with its own threshold. Bytes 0-2 23 cb 26; byte 3: the message's
 * type (0-1: 1 the state, read; 2 the remote's special messages, not read); byte 5:
 * power (2), light (6, set when off), econo (7); byte 6: mode (0-3: 1 heat, 2 dry, 3
 * cool, 7 fan, 8 auto), health (4, the state's filter, as IRremoteESP8266 takes it),
 * turbo (5); byte 7: 31 - the temperature (0-3; the field's multiplier 254 is -2
 * modulo 256); byte 8: fan (0-2: 0 auto, 1 min (night), 2 low, 3 medium, 5 high),
 * vertical swing (3-5: 0 off, 1 highest to 5 lowest, 7 auto); byte 12: horizontal
 * swing (3); byte 13 the sum of bytes 0-12. Not read: byte 12's half-degree bit (5:
 * a value's fields lie in one byte, and the temperature's is byte 7), byte 5's bit 5
 * (set in the state messages; quiet in the special ones), the timers (bytes 9-10).
 */
static const struct ac_protocol tcl112ac = {
	.id = 28,
	.header_pulse = 3000, .header_space = 1650, .header_margin = 600,
	.bit_pulse = 500, .one_space = 1050, .zero_space = 325, .margin = 250,
	.sections = 1, .header_mask = 1, .bytes = 14, .section_bits = { 112 },
	.checks = {
		CHECK_EQUAL(0, 0xff, 0x23),
		CHECK_EQUAL(1, 0xff, 0xcb),
		CHECK_EQUAL(2, 0xff, 0x26),
		CHECK_EQUAL(3, 0x03, 0x01),
		CHECK_SUM8(0, 13, 13),
	},
	.fields = {
		POWER_BIT(5, 2),
		FIELD_MAP(MODE, 6, 0, 4, [1] = AC_MODE_HEAT, [2] = AC_MODE_DRY,
			  [3] = AC_MODE_COOL, [7] = AC_MODE_FAN, [8] = AC_MODE_AUTO),
		FIELD_LINEAR(TEMP, 7, 0, 4, 254, 62),
		FIELD_MAP(FAN, 8, 0, 3, [0] = AC_FAN_AUTO, [1] = AC_FAN_MIN, [2] = AC_FAN_LOW,
			  [3] = AC_FAN_MEDIUM, [5] = AC_FAN_HIGH),
		FIELD_MAP(SWING_V, 8, 3, 3, [0] = AC_SWING_V_OFF, [1] = AC_SWING_V_HIGHEST,
			  [2] = AC_SWING_V_HIGH, [3] = AC_SWING_V_MIDDLE, [4] = AC_SWING_V_LOW,
			  [5] = AC_SWING_V_LOWEST, [7] = AC_SWING_V_AUTO),
		FIELD_MAP(SWING_H, 12, 3, 1, AC_SWING_H_OFF, AC_SWING_H_AUTO),
		FLAG_MAP(AC_FLAG_LIGHT, 5, 6, 1, AC_POWER_ON, AC_POWER_OFF),
		FLAG_BIT(AC_FLAG_ECONO, 5, 7),
		FLAG_BIT(AC_FLAG_FILTER, 6, 4),
		FLAG_BIT(AC_FLAG_TURBO, 6, 5),
	},
};

/*
 * Daikin176 (BRC4C153 and BRC4C151 remotes), 176 bits, LSB first: a header, 7 bytes, a
 * pulse and a gap; a header, 15 bytes, a pulse. Its first section's framing is
 * daikin160's (56 bits after a 5000/2145 header), its second 120 bits to daikin160's
 * 104: no message is both's. Bytes 0-4 11 da 17 18 04, byte 6 the sum of bytes 0-5;
 * bytes 7-10 11 da 17 18; byte 14: power (0), mode (4-6: 0 fan, 1 heat, 2 cool, 3
 * auto, 7 dry); byte 17: the temperature - 9 (1-6; the remote sends 17 °C in dry and
 * fan modes); byte 18: horizontal swing (0-3: 5 auto, 6 off), fan (4-7: 1 the lowest,
 * 3 the highest, its only two); byte 21 the sum of bytes 7-20. Not read: byte 12's mode
 * bits again (4-6: 2 dry, 6 fan, 7 the others), byte 13 (4 when the mode button was
 * pressed), the unit's id (A or B) and the fixed bytes 12's low nibble and 20 (0x20).
 */
static const struct ac_protocol daikin176 = {
	.id = 29,
	.header_pulse = 5070, .header_space = 2140, .header_margin = 600,
	.bit_pulse = 370, .one_space = 1780, .zero_space = 710, .margin = 250,
	.sections = 2, .header_mask = 3, .bytes = 22, .section_bits = { 56, 120 },
	.checks = {
		CHECK_EQUAL(0, 0xff, 0x11),
		CHECK_EQUAL(2, 0xff, 0x17),
		CHECK_EQUAL(7, 0xff, 0x11),
		CHECK_EQUAL(9, 0xff, 0x17),
		CHECK_SUM8(0, 6, 6),
		CHECK_SUM8(7, 14, 21),
	},
	.fields = {
		POWER_BIT(14, 0),
		FIELD_MAP(MODE, 14, 4, 3, [0] = AC_MODE_FAN, [1] = AC_MODE_HEAT,
			  [2] = AC_MODE_COOL, [3] = AC_MODE_AUTO, [7] = AC_MODE_DRY),
		FIELD_LINEAR(TEMP, 17, 1, 6, 2, 18),
		FIELD_MAP(FAN, 18, 4, 4, [1] = AC_FAN_MIN, [3] = AC_FAN_TOP),
		FIELD_MAP(SWING_H, 18, 0, 4, [5] = AC_SWING_H_AUTO, [6] = AC_SWING_H_OFF),
	},
};

/*
 * Fujitsu's AR-DB1 remote (and AR-JW2's kind), the 15-byte state, LSB first: fujitsu_ac's
 * framing and timings, 120 bits where fujitsu_ac's state has 128. Bytes 0-1 0x14 0x63;
 * byte 5 0xfc; byte 6 0x08 (the bytes after it); byte 8: "turn on" (0, on either way
 * as fujitsu_ac's), the temperature - 16 (4-7); byte 9: mode (0-2, as fujitsu_ac's);
 * byte 10: fan (0-2, as fujitsu_ac's; quiet read as min and the quiet flag); byte 14
 * 0 minus the sum of bytes 7-13. Not read: the timers; byte 10's bits 4-5, which no
 * documented AR-DB1 message sets.
 */
static const struct ac_protocol fujitsu_ac_ardb1 = {
	.id = 30,
	.header_pulse = 3324, .header_space = 1574, .header_margin = 600,
	.bit_pulse = 448, .one_space = 1182, .zero_space = 390, .margin = 250,
	.sections = 1, .header_mask = 1, .bytes = 15, .section_bits = { 120 },
	.checks = {
		CHECK_EQUAL(0, 0xff, 0x14),
		CHECK_EQUAL(1, 0xff, 0x63),
		CHECK_EQUAL(5, 0xff, 0xfc),
		CHECK_EQUAL(6, 0xff, 0x08),
		CHECK_EQUAL(8, 0x02, 0x00),
		{ .kind = AC_CHECK_NEG_SUM8, .first = 7, .count = 7, .at = 14 },
	},
	.fields = {
		FIELD_MAP(POWER, 8, 0, 1, AC_POWER_ON, AC_POWER_ON),
		FIELD_MAP(MODE, 9, 0, 3, AC_MODE_AUTO, AC_MODE_COOL, AC_MODE_DRY, AC_MODE_FAN,
			  AC_MODE_HEAT),
		FIELD_LINEAR(TEMP, 8, 4, 4, 2, 32),
		FIELD_MAP(FAN, 10, 0, 3, AC_FAN_AUTO, AC_FAN_TOP, AC_FAN_MEDIUM, AC_FAN_LOW,
			  AC_FAN_MIN),
		FLAG_MAP(AC_FLAG_QUIET, 10, 0, 3, AC_POWER_OFF, AC_POWER_OFF, AC_POWER_OFF,
			 AC_POWER_OFF, AC_POWER_ON),
	},
};

/*
 * Daikin216 (ARC433B69 remote), 216 bits, LSB first: a header, 8 bytes, a pulse and a
 * gap; a header, 19 bytes, a pulse. Its framing is panasonic_ac's (64 and 152 bits,
 * within both windows): the decoder tries panasonic_ac first, whose signature fails,
 * then this one. Bytes 0-3 11 da 27 f0, byte 7 the sum of bytes 0-6; bytes 8-10
 * 11 da 27; byte 13: power (0), mode (4-6: as daikin's); byte 14: the temperature in
 * whole degrees (1-6); byte 16: vertical swing (0-3: 0 off, 15 on), fan (4-7: 3-7 the
 * speeds, 10 auto, 11 quiet, read as the lowest); byte 17: horizontal swing (0-3, the
 * same); byte 21: powerful (0); byte 26 the sum of bytes 8-25. Not read: the rest of
 * bytes 3-6, 11-12, 15 and 18-25 (fixed as the remote sends them; 0xc0 in byte 23).
 */
static const struct ac_protocol daikin216 = {
	.id = 31,
	.header_pulse = 3440, .header_space = 1750, .header_margin = 600,
	.bit_pulse = 420, .one_space = 1300, .zero_space = 450, .margin = 250,
	.sections = 2, .header_mask = 3, .bytes = 27, .section_bits = { 64, 152 },
	.checks = {
		CHECK_SUM8(0, 7, 7),
		CHECK_SUM8(8, 18, 26),
		CHECK_EQUAL(0, 0xff, 0x11),
		CHECK_EQUAL(1, 0xff, 0xda),
		CHECK_EQUAL(8, 0xff, 0x11),
		CHECK_EQUAL(9, 0xff, 0xda),
	},
	.fields = {
		POWER_BIT(13, 0),
		FIELD_MAP(MODE, 13, 4, 3, [0] = AC_MODE_AUTO, [2] = AC_MODE_DRY,
			  [3] = AC_MODE_COOL, [4] = AC_MODE_HEAT, [6] = AC_MODE_FAN),
		FIELD_LINEAR(TEMP, 14, 1, 6, 2, 0),
		FIELD_MAP(FAN, 16, 4, 4, [3] = AC_FAN_MIN, [4] = AC_FAN_LOW,
			  [5] = AC_FAN_MEDIUM, [6] = AC_FAN_HIGH, [7] = AC_FAN_TOP,
			  [10] = AC_FAN_AUTO, [11] = AC_FAN_MIN),
		FIELD_MAP(SWING_V, 16, 0, 4, [0] = AC_SWING_V_OFF, [15] = AC_SWING_V_AUTO),
		FIELD_MAP(SWING_H, 17, 0, 4, [0] = AC_SWING_H_OFF, [15] = AC_SWING_H_AUTO),
		FLAG_BIT(AC_FLAG_TURBO, 21, 0),
	},
};

/*
 * Vestel (BIOX CXP-9), the 56-bit command message, LSB first: header (3.1 ms pulse,
 * 9.1 ms space), 7 bytes, a pulse, once. Bits 0-11 the signature 0x201 (byte 0 0x01,
 * byte 1's low nibble 2); bits 12-19 (byte 1's high nibble, byte 2's low one) 0xff
 * minus 2 and the set bits of bits 20-55, which with the signature's two set bits is
 * 0xff exclusive-or the count of the message's other set bits (samsung_ac's check).
 * Byte 2: swing (4-7: 0xa auto, 0xf off); byte 3: turbo and sleep (0-3: 1 neither, 3
 * sleep, 7 turbo); byte 4: the temperature - 16 (4-7); byte 5: fan (0-3: 1 auto, 5 low,
 * 9 medium, 0xb high, 0xc and 0xd the remote's auto in cool and heat), mode (4-6: auto,
 * cool, dry, fan, heat); byte 6: ion (2, the state's filter), power (4-5: 3 on, 0 off),
 * a command (6; clear in the timer message, which is not read). Not read: the clock
 * and timers (the other 56-bit message).
 */
static const struct ac_protocol vestel_ac = {
	.id = 32,
	.header_pulse = 3110, .header_space = 9066, .header_margin = 1000,
	.bit_pulse = 520, .one_space = 1535, .zero_space = 480, .margin = 250,
	.sections = 1, .header_mask = 1, .bytes = 7, .section_bits = { 56 },
	.checks = {
		/* The fixed bits first: samsung_ac's first section fails here, cheaply. */
		CHECK_EQUAL(0, 0xff, 0x01),
		CHECK_EQUAL(1, 0x0f, 0x02),
		CHECK_EQUAL(6, 0x40, 0x40),
		/* Unused, 0; samsung_ac's second section has 0x60 there. */
		CHECK_EQUAL(3, 0xf0, 0x00),
		{ .kind = AC_CHECK_BIT_COUNT, .first = 0, .count = 7, .at = 1, .first2 = 4,
		  .init = 0xff },
	},
	.fields = {
		FIELD_MAP(POWER, 6, 4, 2, [0] = AC_POWER_OFF, [3] = AC_POWER_ON),
		FIELD_MAP(MODE, 5, 4, 3, AC_MODE_AUTO, AC_MODE_COOL, AC_MODE_DRY, AC_MODE_FAN,
			  AC_MODE_HEAT),
		FIELD_LINEAR(TEMP, 4, 4, 4, 2, 32),
		FIELD_MAP(FAN, 5, 0, 4, [0x1] = AC_FAN_AUTO, [0x5] = AC_FAN_LOW,
			  [0x9] = AC_FAN_MEDIUM, [0xb] = AC_FAN_HIGH, [0xc] = AC_FAN_AUTO,
			  [0xd] = AC_FAN_AUTO),
		FIELD_MAP(SWING_V, 2, 4, 4, [0xa] = AC_SWING_V_AUTO, [0xf] = AC_SWING_V_OFF),
		FLAG_MAP(AC_FLAG_TURBO, 3, 0, 4, [1] = AC_POWER_OFF, [3] = AC_POWER_OFF,
			 [7] = AC_POWER_ON),
		FLAG_MAP(AC_FLAG_SLEEP, 3, 0, 4, [1] = AC_POWER_OFF, [3] = AC_POWER_ON,
			 [7] = AC_POWER_OFF),
		FLAG_BIT(AC_FLAG_FILTER, 6, 2),
	},
};

/*
 * Neoclima (NS-09AHTI, ZH/TY-01 remote), 96 bits, LSB first: a header (6.1 ms pulse,
 * 7.4 ms space), 12 bytes, a pulse, a 7.4 ms space and one more pulse. Every duration
 * lies within goodweather's windows, and both are 96 bits: goodweather's checks (its
 * bytes' complements, its byte 10 0x2a) fail here, and this one is tried next. Byte 1:
 * ion (2, the state's filter, as IRremoteESP8266 takes it); byte 3: light (0), turbo
 * (3), econo (4); byte 7: sleep (0), power (1), vertical swing (2-3: 1 auto, 2 off),
 * horizontal swing (4, clear when on), fan (5-6: 0 auto, 1 high read as max, 2 medium,
 * 3 low read as min), Fahrenheit (7, clear: Celsius states only); byte 9: the
 * temperature - 16 (0-4), mode (5-7: auto, cool, dry, fan, heat); byte 10 0xa5; byte
 * 11 the sum of bytes 0-10. Not read: the button pressed (byte 5, 0-4), fresh (byte
 * 5, 7), 8 °C heat (byte 1, 1), hold and eye (byte 3, 2 and 6), follow me (byte 8).
 */
static const struct ac_protocol neoclima = {
	.id = 33,
	.header_pulse = 6112, .header_space = 7391, .header_margin = 1000,
	.bit_pulse = 537, .one_space = 1651, .zero_space = 571, .margin = 250,
	.sections = 1, .header_mask = 1, .bytes = 12, .section_bits = { 96 },
	.checks = {
		CHECK_EQUAL(10, 0xff, 0xa5),
		CHECK_EQUAL(7, 0x80, 0x00),
		CHECK_SUM8(0, 11, 11),
	},
	.fields = {
		POWER_BIT(7, 1),
		FIELD_MAP(MODE, 9, 5, 3, AC_MODE_AUTO, AC_MODE_COOL, AC_MODE_DRY, AC_MODE_FAN,
			  AC_MODE_HEAT),
		FIELD_LINEAR(TEMP, 9, 0, 5, 2, 32),
		FIELD_MAP(FAN, 7, 5, 2, AC_FAN_AUTO, AC_FAN_TOP, AC_FAN_MEDIUM, AC_FAN_MIN),
		FIELD_MAP(SWING_V, 7, 2, 2, [1] = AC_SWING_V_AUTO, [2] = AC_SWING_V_OFF),
		FIELD_MAP(SWING_H, 7, 4, 1, AC_SWING_H_AUTO, AC_SWING_H_OFF),
		FLAG_BIT(AC_FLAG_FILTER, 1, 2),
		FLAG_BIT(AC_FLAG_LIGHT, 3, 0),
		FLAG_BIT(AC_FLAG_TURBO, 3, 3),
		FLAG_BIT(AC_FLAG_ECONO, 3, 4),
		FLAG_BIT(AC_FLAG_SLEEP, 7, 0),
	},
};

/* In id order: protocols[id].layout->id == id. */
static const struct ac_protocol_info protocols[] = {
	{ "gree", 64, &gree },
	{ "coolix", 24, &coolix },
	{ "mitsubishi_ac", 144, &mitsubishi_ac },
	{ "daikin", 280, &daikin },
	{ "midea", 48, &midea },
	{ "fujitsu_ac", 128, &fujitsu_ac },
	{ "toshiba_ac", 72, &toshiba_ac },
	{ "panasonic_ac", 216, &panasonic_ac },
	{ "lg", 28, &lg },
	{ "hitachi_ac", 224, &hitachi_ac },
	{ "haier_ac", 72, &haier_ac },
	{ "samsung_ac", 112, &samsung_ac },
	{ "whirlpool_ac", 168, &whirlpool_ac },
	{ "lg2", 28, &lg2 },
	{ "daikin2", 312, &daikin2 },
	{ "trotec", 72, &trotec },
	{ "daikin152", 152, &daikin152 },
	{ "mitsubishi_heavy_152", 152, &mitsubishi_heavy_152 },
	{ "mitsubishi_heavy_88", 88, &mitsubishi_heavy_88 },
	{ "rhoss", 96, &rhoss },
	{ "technibel_ac", 56, &technibel_ac },
	{ "corona_ac", 168, &corona_ac },
	{ "goodweather", 48, &goodweather },
	{ "electra_ac", 104, &electra_ac },
	{ "carrier_ac64", 64, &carrier_ac64 },
	{ "sanyo_ac", 72, &sanyo_ac },
	{ "sharp_ac", 104, &sharp_ac },
	{ "daikin160", 160, &daikin160 },
	{ "tcl112ac", 112, &tcl112ac },
	{ "daikin176", 176, &daikin176 },
	{ "fujitsu_ac_ardb1", 120, &fujitsu_ac_ardb1 },
	{ "daikin216", 216, &daikin216 },
	{ "vestel_ac", 56, &vestel_ac },
	{ "neoclima", 96, &neoclima },
};

size_t ac_protocol_count(void)
{
	return sizeof(protocols) / sizeof(protocols[0]);
}

const struct ac_protocol_info *ac_protocol_at(size_t index)
{
	return index < ac_protocol_count() ? &protocols[index] : NULL;
}

const struct ac_protocol_info *ac_protocol_find(const char *name)
{
	size_t i;

	for (i = 0; i < ac_protocol_count(); i++)
		if (!strcasecmp(protocols[i].name, name))
			return &protocols[i];
	return NULL;
}

const struct ac_protocol_info *ac_protocol_of_rc_proto(uint32_t rc_proto)
{
	if (rc_proto < AC_RC_PROTOCOL_BASE)
		return NULL;
	return ac_protocol_at(rc_proto - AC_RC_PROTOCOL_BASE);
}

uint32_t ac_protocol_has(const struct ac_protocol_info *protocol)
{
	const struct ac_protocol *r = protocol->layout;
	unsigned int shift, width;
	uint32_t has = 0;
	size_t i;
	unsigned int v;

	for (i = 0; i < AC_FIELDS_MAX && r->fields[i].kind != AC_FIELD_NONE; i++) {
		for (v = 0; v < AC_VALUE_MAX; v++) {
			ac_value_bits(v, &shift, &width);
			if (r->fields[i].state_shift == shift)
				has |= 1U << v;
		}
	}
	return has;
}

/* Bytes first .. first + count - 1 (step apart) lie in the message. */
static bool in_message(const struct ac_protocol *r, unsigned int first, unsigned int count,
		       unsigned int step)
{
	return count >= 1 && first + (count - 1) * step < r->bytes;
}

static int check_check(const struct ac_protocol *r, const struct ac_check *c,
		       const char **ret_what)
{
	switch (c->kind) {
	case AC_CHECK_NONE:
		return 0;
	case AC_CHECK_SUM8:
	case AC_CHECK_NEG_SUM8:
	case AC_CHECK_XOR8:
		if (!in_message(r, c->first, c->count, 1) || c->at >= r->bytes)
			break;
		return 0;
	case AC_CHECK_INVERTED_PAIRS:
		if (!in_message(r, c->first, 2 * c->count, 1))
			break;
		return 0;
	case AC_CHECK_INVERTED_COPY:
		if (!in_message(r, c->first, c->count, 1) || !in_message(r, c->at, c->count, 1))
			break;
		return 0;
	case AC_CHECK_NIBBLE_SUM:
	case AC_CHECK_NIBBLE_SUM_LOW:
	case AC_CHECK_NIBBLE_SUM8:
	case AC_CHECK_NIBBLE_XOR:
		if (!in_message(r, c->first, c->count, 1) || c->at >= r->bytes ||
		    (c->count2 && !in_message(r, c->first2, c->count2, 1)))
			break;
		return 0;
	case AC_CHECK_EQUAL:
		if (c->at >= r->bytes)
			break;
		return 0;
	case AC_CHECK_BIT_COUNT:
		if (!in_message(r, c->first, c->count, 1) || !in_message(r, c->at, 2, 1) ||
		    c->first2 > 7)
			break;
		return 0;
	default:
		*ret_what = "a check of no known kind";
		return -EINVAL;
	}
	*ret_what = "a check reads past the message";
	return -EINVAL;
}

static int check_field(const struct ac_protocol *r, const struct ac_field *f,
		       const char **ret_what)
{
	if (f->kind >= AC_FIELD_KIND_MAX)
		*ret_what = "a field of no known kind";
	else if (f->byte >= r->bytes || !f->width || f->shift + f->width > 8)
		*ret_what = "a field reads past the message";
	else if (f->kind == AC_FIELD_MAP && f->width > 4)
		*ret_what = "a mapped field is wider than 4 bits";
	else if (!f->state_width || f->state_width > 8 || f->state_shift + f->state_width > 64)
		*ret_what = "a field's value lies outside the state";
	else
		return 0;
	return -EINVAL;
}

static int check_framing(const struct ac_protocol *r, const char **ret_what)
{
	unsigned int i, bytes = 0;

	if (r->sections < 1 || r->sections > AC_SECTIONS_MAX ||
	    r->header_mask >> r->sections) {
		*ret_what = "sections out of range";
		return -EINVAL;
	}
	for (i = 0; i < r->sections; i++) {
		if (!r->section_bits[i]) {
			*ret_what = "a section of no bits";
			return -EINVAL;
		}
		bytes += (r->section_bits[i] + 7) / 8;
	}
	if (bytes != r->bytes || bytes > AC_BYTES_MAX) {
		*ret_what = "bytes are not the sections' bytes, or too many";
		return -EINVAL;
	}
	/* The decoder's own rules for headers, bits and gaps must hold for r's windows. */
	if (!r->margin || !r->header_margin || r->bit_pulse + r->margin > AC_HEADER_PULSE_MIN ||
	    (r->header_mask && (r->header_pulse < AC_HEADER_PULSE_MIN + r->header_margin ||
				r->header_space + r->header_margin >= AC_HEADER_SPACE_MAX)) ||
	    r->one_space + r->margin > AC_GAP_MIN ||
	    r->zero_space + 2 * r->margin > r->one_space) {
		*ret_what = "durations the decoder cannot tell apart";
		return -EINVAL;
	}
	return 0;
}

/*
 * A value with several fields (a temperature and its half-degree bit) is their OR in
 * the decoder; ir-ctl's encoder solves the message a byte at a time, so they share one.
 */
static int check_value_bytes(const struct ac_protocol *r, const char **ret_what)
{
	unsigned int i, j;

	for (i = 0; i < AC_FIELDS_MAX && r->fields[i].kind != AC_FIELD_NONE; i++) {
		for (j = i + 1; j < AC_FIELDS_MAX && r->fields[j].kind != AC_FIELD_NONE; j++) {
			if (r->fields[i].state_shift == r->fields[j].state_shift &&
			    r->fields[i].byte != r->fields[j].byte) {
				*ret_what = "a value's fields lie in two bytes";
				return -EINVAL;
			}
		}
	}
	return 0;
}

int ac_protocol_check(const struct ac_protocol *r, const char **ret_what)
{
	unsigned int i;
	int ret;

	if (r->flags >= AC_FLAGS_MAX) {
		*ret_what = "unknown flags";
		return -EINVAL;
	}
	ret = check_framing(r, ret_what);
	for (i = 0; ret == 0 && i < AC_CHECKS_MAX; i++)
		ret = check_check(r, &r->checks[i], ret_what);
	for (i = 0; ret == 0 && i < AC_FIELDS_MAX; i++)
		if (r->fields[i].kind != AC_FIELD_NONE)
			ret = check_field(r, &r->fields[i], ret_what);
	if (ret == 0)
		ret = check_value_bytes(r, ret_what);
	return ret;
}
