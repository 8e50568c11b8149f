// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lircd.conf files as keymaps (lircd_keymap.h). The expected decoders, parameters and
 * scancodes are worked out by hand from lircd.conf(5)'s frame: header, pre_data, code,
 * post_data MSB first (each field LSB first with REVERSE), ptrail; keys from
 * <linux/input-event-codes.h>.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/input-event-codes.h>

#include "keymap.h"
#include "lircd_conf.h"
#include "lircd_keymap.h"
#include "test-main.h"

static struct keymap *convert_remotes_ok(const char *text, size_t remote_count)
{
	struct lircd_conf *conf = NULL;
	struct keymap *keymap = NULL;
	struct ir_error err;

	ir_error_clear(&err);
	ck_assert_msg(lircd_conf_parse(text, strlen(text), "t.conf", &conf, &err) == 0, "%s",
		      err.message);
	ck_assert_msg(lircd_keymap_from_conf(conf, "t.conf", &keymap, &err) == 0, "%s",
		      err.message);
	lircd_conf_free(conf);
	ck_assert_int_eq(keymap->protocol_count, remote_count);
	return keymap;
}

static struct keymap *convert_ok(const char *text)
{
	return convert_remotes_ok(text, 1);
}

/* The conversion fails with a message that holds every one of the fragments. */
static void convert_fails(const char *text, const char *fragment1, const char *fragment2)
{
	struct lircd_conf *conf = NULL;
	struct keymap *keymap = (struct keymap *)&conf;
	struct ir_error err;

	ir_error_clear(&err);
	ck_assert_msg(lircd_conf_parse(text, strlen(text), "t.conf", &conf, &err) == 0, "%s",
		      err.message);
	ck_assert_int_eq(lircd_keymap_from_conf(conf, "t.conf", &keymap, &err), -EINVAL);
	ck_assert_ptr_eq(keymap, (struct keymap *)&conf);
	ck_assert_msg(strstr(err.message, fragment1), "%s", err.message);
	ck_assert_msg(strstr(err.message, fragment2), "%s", err.message);
	lircd_conf_free(conf);
}

static int64_t param(const struct keymap_protocol *protocol, const char *name)
{
	int64_t value = -12345;

	ck_assert_msg(keymap_protocol_param(protocol, name, &value) == 0, "no %s", name);
	return value;
}

static void check_scancode(const struct keymap_protocol *protocol, size_t index,
			   uint64_t scancode, uint32_t keycode)
{
	ck_assert_uint_gt(protocol->scancode_count, index);
	ck_assert_msg(protocol->scancodes[index].scancode == scancode,
		      "entry %zu: scancode 0x%llx, expected 0x%llx", index,
		      (unsigned long long)protocol->scancodes[index].scancode,
		      (unsigned long long)scancode);
	ck_assert_uint_eq(protocol->scancodes[index].keycode, keycode);
}

/* NEC as irrecord writes it: 16 bits of address as pre_data, a repeat code. */
START_TEST(test_nec_pulse_distance)
{
	struct keymap *keymap = convert_ok(
		"begin remote\n  name nec1\n  bits 16\n  flags SPACE_ENC|CONST_LENGTH\n"
		"  eps 30\n  aeps 100\n  header 9000 4500\n  one 560 1690\n  zero 560 560\n"
		"  ptrail 560\n  repeat 9000 2250\n  pre_data_bits 16\n  pre_data 0x00FF\n"
		"  gap 108000\n  begin codes\n    KEY_POWER 0x807F\n    key_ok 0x10EF\n"
		"  end codes\nend remote\n");
	const struct keymap_protocol *p = &keymap->protocols[0];

	ck_assert_str_eq(p->protocol, "lircd_space");
	ck_assert_str_eq(p->name, "nec1");
	/* 30% of the shortest, 560, is 168 > aeps; below half of 1690 - 560. */
	ck_assert_int_eq(param(p, "margin"), 168);
	ck_assert_int_eq(param(p, "header_pulse"), 9000);
	ck_assert_int_eq(param(p, "header_space"), 4500);
	ck_assert_int_eq(param(p, "repeat_pulse"), 9000);
	ck_assert_int_eq(param(p, "repeat_space"), 2250);
	/* lircd sends ptrail after the repeat code too. */
	ck_assert_int_eq(param(p, "repeat_trailer"), 560);
	ck_assert_int_eq(param(p, "one_pulse"), 560);
	ck_assert_int_eq(param(p, "one_space"), 1690);
	ck_assert_int_eq(param(p, "zero_pulse"), 560);
	ck_assert_int_eq(param(p, "zero_space"), 560);
	ck_assert_int_eq(param(p, "trailer_pulse"), 560);
	/* The longest space of a frame, the header's 4500, and a margin. */
	ck_assert_int_eq(param(p, "end_space"), 4500 + 168);
	ck_assert_int_eq(param(p, "bits"), 32);
	ck_assert_int_eq(param(p, "reverse"), 0);
	ck_assert_int_eq(param(p, "header_optional"), 0);
	ck_assert_int_eq(p->scancode_count, 2);
	check_scancode(p, 0, 0x00ff807f, KEY_POWER);
	check_scancode(p, 1, 0x00ff10ef, KEY_OK);
	ck_assert_int_eq(keymap->warning_count, 0);
	keymap_free(keymap);
}
END_TEST

/* REVERSE: each field LSB first, so pre_data is the low byte of what arrives first. */
START_TEST(test_reverse_and_post_data)
{
	struct keymap *keymap = convert_ok(
		"begin remote\n  name rev\n  bits 8\n  flags SPACE_ENC|REVERSE\n  eps 10\n"
		"  aeps 50\n  header 3500 1700\n  one 450 1300\n  zero 450 420\n  ptrail 450\n"
		"  pre_data_bits 8\n  pre_data 0x12\n  post_data_bits 4\n  post_data 0x5\n"
		"  gap 70000\n  begin codes\n    KEY_UP 0x34\n  end codes\nend remote\n");
	const struct keymap_protocol *p = &keymap->protocols[0];

	ck_assert_int_eq(param(p, "reverse"), 1);
	ck_assert_int_eq(param(p, "bits"), 20);
	/* 10% of 420 is 42, aeps 50 is larger. */
	ck_assert_int_eq(param(p, "margin"), 50);
	check_scancode(p, 0, 0x12 | 0x34 << 8 | 0x5 << 16, KEY_UP);
	keymap_free(keymap);
}
END_TEST

/* Bits told by their pulse (SIRC-like), no trailer, no header: header_optional. */
START_TEST(test_pulse_length)
{
	struct keymap *keymap = convert_ok(
		"begin remote\n  name pl\n  bits 12\n  flags SPACE_ENC\n  eps 25\n  aeps 100\n"
		"  one 1200 600\n  zero 600 600\n  gap 45000\n  begin codes\n"
		"    vol+ 0x490\n    1 0x010\n  end codes\nend remote\n");
	const struct keymap_protocol *p = &keymap->protocols[0];

	ck_assert_str_eq(p->protocol, "lircd_space");
	ck_assert_int_eq(param(p, "header_pulse"), 0);
	ck_assert_int_eq(param(p, "header_optional"), 1);
	ck_assert_int_eq(param(p, "one_pulse"), 1200);
	ck_assert_int_eq(param(p, "one_space"), 600);
	ck_assert_int_eq(param(p, "zero_pulse"), 600);
	ck_assert_int_eq(param(p, "zero_space"), 600);
	ck_assert_int_eq(param(p, "trailer_pulse"), 0);
	ck_assert_int_eq(param(p, "margin"), 150);
	ck_assert_int_eq(param(p, "end_space"), 600 + 150);
	check_scancode(p, 0, 0x490, KEY_VOLUMEUP);
	check_scancode(p, 1, 0x010, KEY_NUMERIC_1);
	keymap_free(keymap);
}
END_TEST

/*
 * No pulse after the last bit: its space is the gap, so only 7 of the 8 bits can be
 * told, and the last bit's pulse is the trailer.
 */
START_TEST(test_no_trailer_drops_last_bit)
{
	struct keymap *keymap = convert_ok(
		"begin remote\n  name nt\n  bits 8\n  flags SPACE_ENC\n  eps 30\n  aeps 100\n"
		"  header 4000 4000\n  one 500 1500\n  zero 500 500\n  gap 50000\n"
		"  begin codes\n    KEY_A 0xA5\n  end codes\nend remote\n");
	const struct keymap_protocol *p = &keymap->protocols[0];

	ck_assert_int_eq(param(p, "bits"), 7);
	ck_assert_int_eq(param(p, "trailer_pulse"), 500);
	check_scancode(p, 0, 0xA5 >> 1, KEY_A);
	keymap_free(keymap);
}
END_TEST

/*
 * A repeat code and no ptrail (LIRC's rm1000w): lircd sends the repeat pulse, the
 * repeat space and then the gap, so the repeat code has no trailer.
 */
START_TEST(test_repeat_without_ptrail)
{
	struct keymap *keymap = convert_ok(
		"begin remote\n  name rm\n  bits 16\n  flags SPACE_ENC\n  eps 30\n  aeps 100\n"
		"  header 9000 4500\n  one 560 1690\n  zero 560 560\n  repeat 9000 2250\n"
		"  gap 108000\n  begin codes\n    KEY_1 0x1234\n  end codes\nend remote\n");
	const struct keymap_protocol *p = &keymap->protocols[0];

	ck_assert_int_eq(param(p, "repeat_pulse"), 9000);
	ck_assert_int_eq(param(p, "repeat_space"), 2250);
	ck_assert_int_eq(param(p, "repeat_trailer"), 0);
	ck_assert_int_eq(param(p, "trailer_pulse"), 560);
	ck_assert_int_eq(param(p, "bits"), 15);
	check_scancode(p, 0, 0x1234 >> 1, KEY_1);
	keymap_free(keymap);
}
END_TEST

/*
 * lircd inverts a toggle or repeat mask whole, however wide (lircd.conf(5)): a button
 * is two values a mask apart, and no value in between; a
 * toggle_mask, inverted in every other frame of a press, is one scancode, the smaller
 * of the two (the decoder folds the other into it: flip_mask).
 */
START_TEST(test_wide_masks)
{
	struct keymap *keymap = convert_ok(
		"begin remote\n  name w\n  bits 15\n  flags SPACE_ENC\n  eps 30\n"
		"  aeps 100\n  one 260 1850\n  zero 260 800\n  ptrail 260\n  gap 67000\n"
		"  toggle_bit_mask 0x7C00\n  begin codes\n    KEY_UP 0x4202\n  end codes\n"
		"end remote\n");
	const struct keymap_protocol *p = &keymap->protocols[0];

	/*
	 * lircd's first toggle state is the mask's bits of the first code (0x4000): it
	 * sends 0x4202 as 0x0202, and the next press as 0x7e02, the mask inverted.
	 */
	ck_assert_int_eq(p->scancode_count, 2);
	check_scancode(p, 0, 0x0202, KEY_UP);
	check_scancode(p, 1, 0x7e02, KEY_UP);
	ck_assert_int_eq(keymap_protocol_param(p, "flip_mask", &(int64_t){ 0 }), -ENOENT);
	keymap_free(keymap);
	keymap = convert_ok(
		"begin remote\n  name s\n  bits 15\n  flags SPACE_ENC\n  eps 30\n"
		"  aeps 100\n  one 260 1850\n  zero 260 800\n  ptrail 260\n  gap 67000\n"
		"  toggle_mask 0x3FF\n  begin codes\n    KEY_UP 0x4202\n    KEY_DOWN 0x4102\n"
		"  end codes\nend remote\n");
	p = &keymap->protocols[0];
	ck_assert_int_eq(param(p, "flip_mask"), 0x3ff);
	ck_assert_int_eq(p->scancode_count, 2);
	check_scancode(p, 0, 0x41fd, KEY_UP);
	check_scancode(p, 1, 0x4102, KEY_DOWN);
	keymap_free(keymap);
}
END_TEST

/*
 * Bi-phase on other timings than RC-5's: an entry of lircd_biphase, every part of the
 * remote a parameter. The scancode is the frame's 13 bits with a marker bit above
 * them; the toggle bit may be either way, so each button has two scancodes.
 */
START_TEST(test_biphase_table)
{
	struct keymap *keymap = convert_ok(
		"begin remote\n  name bp\n  bits 13\n  flags RC5|CONST_LENGTH\n  eps 30\n"
		"  aeps 100\n  one 500 500\n  zero 500 500\n  plead 500\n  gap 113792\n"
		"  toggle_bit_mask 0x800\n  begin codes\n    KEY_UP 0x1010\n  end codes\n"
		"end remote\n");
	const struct keymap_protocol *p = &keymap->protocols[0];

	ck_assert_str_eq(p->protocol, "lircd_biphase");
	ck_assert_int_eq(param(p, "bits"), 13);
	ck_assert_int_eq(param(p, "plead"), 500);
	ck_assert_int_eq(param(p, "one_pulse"), 500);
	ck_assert_int_eq(param(p, "zero_space"), 500);
	ck_assert_int_eq(param(p, "header_pulse"), 0);
	/* 30% of 500 is 150, under half a half (250). */
	ck_assert_int_eq(param(p, "margin"), 150);
	/* Past the longest space of a frame (a 0's and a 1's, 1000 µs), by the margin. */
	ck_assert_int_eq(param(p, "end_space"), 1150);
	ck_assert_int_eq(p->scancode_count, 2);
	check_scancode(p, 0, 0x2000 | 0x1010, KEY_UP);
	check_scancode(p, 1, 0x2000 | 0x1810, KEY_UP);
	keymap_free(keymap);
}
END_TEST

/*
 * What was refused before lircd_biphase: a header before bi-phase bits (MOTOROLA),
 * and RC-6 whose double bit is not the fifth (here the sixth: rc6_mask 0x8000 of 21
 * bits). The double bit counts from the first bit sent. LIRC's generic RC-6, whose
 * toggle_bit 5 is its double bit as lircd sends it, is RC-6 mode 0: the kernel's.
 */
START_TEST(test_biphase_header_and_rc6_layout)
{
	struct keymap *keymap = convert_remotes_ok(
		"begin remote\n  name moto\n  flags SHIFT_ENC|CONST_LENGTH\n  bits 10\n"
		"  eps 10\n  aeps 250\n  header 512 2560\n  one 512 512\n  zero 512 512\n"
		"  gap 32800\n  begin codes\n    KEY_OK 0x0\n  end codes\nend remote\n"
		"begin remote\n  name rc6\n  bits 8\n  flags RC6|CONST_LENGTH\n  eps 30\n"
		"  aeps 100\n  header 2667 889\n  one 444 444\n  zero 444 444\n"
		"  pre_data_bits 13\n  pre_data 0xEFB\n  gap 108000\n  rc6_mask 0x8000\n"
		"  begin codes\n    KEY_1 0x01\n  end codes\nend remote\n"
		"begin remote\n  name RC-6\n  bits 8\n  flags RC6|CONST_LENGTH\n  eps 30\n"
		"  aeps 100\n  header 2667 889\n  one 444 444\n  zero 444 444\n"
		"  pre_data_bits 13\n  pre_data 0xEFB\n  gap 108000\n  toggle_bit 5\n"
		"  begin codes\n    KEY_1 0x01\n  end codes\nend remote\n", 3);
	const struct keymap_protocol *p = &keymap->protocols[0];

	ck_assert_str_eq(p->protocol, "lircd_biphase");
	ck_assert_int_eq(param(p, "header_pulse"), 512);
	ck_assert_int_eq(param(p, "header_space"), 2560);
	ck_assert_int_eq(param(p, "bits"), 10);
	check_scancode(p, 0, 0x400, KEY_OK);
	p = &keymap->protocols[1];
	ck_assert_str_eq(p->protocol, "lircd_biphase");
	ck_assert_int_eq(param(p, "bits"), 21);
	/* Bit 15 of 21 is the sixth bit sent: place 5 from the start. */
	ck_assert_int_eq(param(p, "double_bits"), 1 << 5);
	ck_assert_int_eq(p->scancode_count, 1);
	check_scancode(p, 0, 1 << 21 | 0xEFB << 8 | 0x01, KEY_1);
	p = &keymap->protocols[2];
	ck_assert_str_eq(p->protocol, "rc-6");
	/* Mode 0: the 16 data bits inverted; the toggle bit is no part of them. */
	check_scancode(p, 0, ~(0xEFB01u) & 0xffff, KEY_1);
	keymap_free(keymap);
}
END_TEST

/*
 * RC-5 itself, as lircd writes Hauppauge's remote: the kernel's rc-5, whose scancode
 * is system << 8 | command, 0x40 added when the field bit is 0, toggle left out.
 * 0x1794: field 1, toggle 0, system 0x1e, command 0x14; 0x0794: field 0.
 */
START_TEST(test_rc5_kernel)
{
	struct keymap *keymap = convert_ok(
		"begin remote\n  name hpg\n  bits 13\n  flags SHIFT_ENC\n  eps 30\n"
		"  aeps 100\n  one 950 830\n  zero 950 830\n  plead 960\n  gap 89584\n"
		"  repeat_bit 2\n  begin codes\n    KEY_UP 0x1794\n    KEY_X 0x0794\n"
		"  end codes\nend remote\n");
	const struct keymap_protocol *p = &keymap->protocols[0];

	ck_assert_str_eq(p->protocol, "rc-5");
	ck_assert_int_eq(p->param_count, 0);
	/* The toggle, either way, gives one scancode. */
	ck_assert_int_eq(p->scancode_count, 2);
	check_scancode(p, 0, 0x1e14, KEY_UP);
	check_scancode(p, 1, 0x1e54, KEY_X);
	keymap_free(keymap);
}
END_TEST

/* MCE's RC-6 6A: lircd's 37 bits, the data inverted; the kernel clears MCE's toggle. */
START_TEST(test_rc6_mce)
{
	struct keymap *keymap = convert_ok(
		"begin remote\n  name mce\n  bits 16\n  flags RC6|CONST_LENGTH\n  eps 30\n"
		"  aeps 100\n  header 2667 889\n  one 444 444\n  zero 444 444\n"
		"  pre_data_bits 21\n  pre_data 0x37FF0\n  gap 105000\n"
		"  toggle_bit_mask 0x8000\n  rc6_mask 0x100000000\n  begin codes\n"
		"    KEY_POWER 0x7bf3\n  end codes\nend remote\n");
	const struct keymap_protocol *p = &keymap->protocols[0];

	ck_assert_str_eq(p->protocol, "rc-6");
	ck_assert_int_eq(p->param_count, 0);
	/* ~(0x7ff0 << 16 | 0x7bf3) is 0x800f840c; both toggles give one scancode. */
	ck_assert_int_eq(p->scancode_count, 1);
	check_scancode(p, 0, 0x800f040c, KEY_POWER);
	keymap_free(keymap);
	/*
	 * Halves 76 and 64 µs off: three in one pulse are off by more than the kernel's
	 * rc-6 takes at a toggle bit, lircd_biphase decodes them.
	 */
	keymap = convert_ok(
		"begin remote\n  name slack\n  bits 16\n  flags RC6|CONST_LENGTH\n  eps 30\n"
		"  aeps 100\n  header 2800 800\n  one 520 380\n  zero 520 380\n"
		"  pre_data_bits 21\n  pre_data 0x37FF0\n  gap 80000\n"
		"  toggle_bit_mask 0x8000\n  rc6_mask 0x100000000\n  begin codes\n"
		"    KEY_POWER 0x7bf3\n  end codes\nend remote\n");
	ck_assert_str_eq(keymap->protocols[0].protocol, "lircd_biphase");
	keymap_free(keymap);
}
END_TEST

/* REPEAT_HEADER: the header before the repeat code too, as the descriptor's flag. */
START_TEST(test_repeat_header)
{
	struct keymap *keymap = convert_ok(
		"begin remote\n  name r\n  flags SPACE_ENC|REPEAT_HEADER\n  ptrail 560\n"
		"  repeat 560 2250\n  bits 8\n  header 9000 4500\n  one 560 1690\n"
		"  zero 560 560\n  gap 108000\n  begin codes\n    KEY_A 0x01\n  end codes\n"
		"end remote\n");
	const struct keymap_protocol *p = &keymap->protocols[0];

	ck_assert_str_eq(p->protocol, "lircd_space");
	ck_assert_int_eq(param(p, "repeat_header"), 1);
	ck_assert_int_eq(param(p, "repeat_pulse"), 560);
	ck_assert_int_eq(param(p, "header_pulse"), 9000);
	keymap_free(keymap);
}
END_TEST

START_TEST(test_raw_codes)
{
	struct keymap *keymap = convert_ok(
		"begin remote\n  name raw1\n  flags RAW_CODES\n  eps 30\n  aeps 100\n"
		"  gap 30000\n  begin raw_codes\n    name KEY_PLAY\n      400 800 400 1600 400\n"
		"    name stop\n      400 1600 400 800 400\n  end raw_codes\nend remote\n");
	const struct keymap_protocol *p = &keymap->protocols[0];

	ck_assert_str_eq(p->protocol, "lircd_raw");
	ck_assert_int_eq(p->raw_count, 2);
	ck_assert_uint_eq(p->raws[0].keycode, KEY_PLAY);
	ck_assert_uint_eq(p->raws[1].keycode, KEY_STOP);
	ck_assert_int_eq(p->raws[1].duration_count, 5);
	ck_assert_uint_eq(p->raws[1].durations[1], 1600);
	/* 30% of 400 is 120; the frame ends past 1600 + 120, halfway to the gap. */
	ck_assert_int_eq(param(p, "margin"), 120);
	ck_assert_int_eq(param(p, "trail_space"), 1720 + (30000 - 1720) / 2);
	keymap_free(keymap);
}
END_TEST

/* The durations of a raw entry, as an expected list: equal, count included. */
static void assert_durations(const struct keymap_raw *raw, const uint32_t *want, size_t count)
{
	size_t i;

	ck_assert_uint_eq(raw->duration_count, count);
	for (i = 0; i < count; i++)
		ck_assert_msg(raw->durations[i] == want[i], "duration %zu: %u, not %u", i,
			      raw->durations[i], want[i]);
}

/*
 * RC-MM: each two bits one of zero, one, two, three (worked out by hand from
 * lircd.conf(5)); the toggle bit taken either way, a pattern each.
 */
START_TEST(test_rcmm_patterns)
{
	struct keymap *keymap = convert_ok(
		"begin remote\n  name mm\n  flags RCMM\n  bits 8\n  eps 2\n  aeps 100\n"
		"  header 417 278\n  zero 167 278\n  one 167 444\n  two 167 611\n"
		"  three 167 778\n  ptrail 167\n  gap 30000\n  toggle_bit_mask 0x80\n"
		"  begin codes\n    KEY_A 0x1B\n  end codes\nend remote\n");
	const struct keymap_protocol *p = &keymap->protocols[0];
	/* 0x1B: 00 01 10 11; with the toggle bit, 0x9B: 10 01 10 11. */
	const uint32_t plain[] = { 417, 278, 167, 278, 167, 444, 167, 611, 167, 778, 167 };
	const uint32_t toggled[] = { 417, 278, 167, 611, 167, 444, 167, 611, 167, 778, 167 };

	ck_assert_str_eq(p->protocol, "lircd_raw");
	ck_assert_int_eq(p->raw_count, 2);
	ck_assert_uint_eq(p->raws[0].keycode, KEY_A);
	ck_assert_uint_eq(p->raws[1].keycode, KEY_A);
	assert_durations(&p->raws[0], plain, 11);
	assert_durations(&p->raws[1], toggled, 11);
	/* aeps 100, kept below half of 444 - 278 = 166: 82. */
	ck_assert_int_eq(param(p, "margin"), 82);
	ck_assert_int_eq(param(p, "trail_space"), 778 + 82 + (30000 - 778 - 82) / 2);
	keymap_free(keymap);
}
END_TEST

/* XMP: each nibble n a pulse and a space of zero's space + n * one's space. */
START_TEST(test_xmp_patterns)
{
	struct keymap *keymap = convert_ok(
		"begin remote\n  name x\n  flags XMP\n  bits 8\n  eps 20\n  aeps 300\n"
		"  one 0 137\n  zero 250 710\n  ptrail 250\n  pre_data_bits 4\n"
		"  pre_data 0x1\n  pre 250 12921\n  gap 81698\n"
		"  begin codes\n    KEY_B 0x3A\n  end codes\nend remote\n");
	const struct keymap_protocol *p = &keymap->protocols[0];
	const uint32_t want[] = { 250, 847, 250, 12921, 250, 1121, 250, 2080, 250 };

	ck_assert_str_eq(p->protocol, "lircd_raw");
	ck_assert_int_eq(p->raw_count, 1);
	ck_assert_uint_eq(p->raws[0].keycode, KEY_B);
	assert_durations(&p->raws[0], want, 9);
	ck_assert_int_eq(param(p, "margin"), 68);
	keymap_free(keymap);
}
END_TEST

/* Names: key names in any case, LIRC's names through the table, others KEY_UNKNOWN. */
START_TEST(test_button_names)
{
	struct keymap *keymap = convert_ok(
		"begin remote\n  name names\n  bits 8\n  flags SPACE_ENC\n  header 9000 4500\n"
		"  one 560 1690\n  zero 560 560\n  ptrail 560\n  gap 108000\n  begin codes\n"
		"    btn_left 0x01\n    Mute 0x02\n    frobnicate 0x03\n    frobnicate 0x04\n"
		"    KEY_NOT_A_KEY 0x05\n    KEY_B 0x03\n  end codes\nend remote\n");
	const struct keymap_protocol *p = &keymap->protocols[0];
	uint32_t keycode = 0;

	check_scancode(p, 0, 0x01, BTN_LEFT);
	check_scancode(p, 1, 0x02, KEY_MUTE);
	check_scancode(p, 2, 0x03, KEY_UNKNOWN);
	check_scancode(p, 3, 0x04, KEY_UNKNOWN);
	check_scancode(p, 4, 0x05, KEY_UNKNOWN);
	/* KEY_B has frobnicate's code: the first button keeps it, as lircd decodes it. */
	ck_assert_int_eq(p->scancode_count, 5);
	/* One warning for frobnicate, one for KEY_NOT_A_KEY, one for KEY_B. */
	ck_assert_int_eq(keymap->warning_count, 3);
	ck_assert_str_eq(keymap->warnings[0],
			 "t.conf:13: remote 'names': button 'frobnicate' is no key name: KEY_UNKNOWN");
	ck_assert_ptr_nonnull(strstr(keymap->warnings[1], "KEY_NOT_A_KEY"));
	ck_assert_ptr_nonnull(strstr(keymap->warnings[2], "'KEY_B' has the code of an earlier"));
	keymap_free(keymap);

	ck_assert_int_eq(lircd_keymap_button_keycode("CH-", &keycode), 0);
	ck_assert_uint_eq(keycode, KEY_CHANNELDOWN);
	ck_assert_int_eq(lircd_keymap_button_keycode("0", &keycode), 0);
	ck_assert_uint_eq(keycode, KEY_NUMERIC_0);
	ck_assert_int_eq(lircd_keymap_button_keycode("key_volumeup", &keycode), 0);
	ck_assert_uint_eq(keycode, KEY_VOLUMEUP);
	/* A number is not a keycode here: "115" is no name. */
	ck_assert_int_eq(lircd_keymap_button_keycode("115", &keycode), -ENOENT);
	ck_assert_int_eq(lircd_keymap_button_keycode("KEY_", &keycode), -ENOENT);
}
END_TEST

/*
 * Two remotes whose frames carry the same bits: the kernel keeps one key per scancode,
 * so the earlier remote keeps it and the later button is named in a warning, rather
 * than the later remote silently taking the earlier one's key.
 */
START_TEST(test_scancode_of_an_earlier_remote)
{
	struct keymap *keymap = convert_remotes_ok(
		"begin remote\n  name a\n  bits 8\n  flags SPACE_ENC\n  header 4800 2500\n"
		"  one 550 1650\n  zero 550 550\n  ptrail 550\n  gap 60000\n  begin codes\n"
		"    KEY_SLEEP 0x77\n    KEY_A 0x11\n  end codes\nend remote\n"
		"begin remote\n  name b\n  bits 8\n  flags SPACE_ENC\n  header 3000 1500\n"
		"  one 400 1200\n  zero 400 400\n  ptrail 400\n  gap 60000\n  begin codes\n"
		"    KEY_B 0x77\n    KEY_C 0x22\n    KEY_A 0x11\n  end codes\nend remote\n", 2);

	check_scancode(&keymap->protocols[0], 0, 0x77, KEY_SLEEP);
	check_scancode(&keymap->protocols[0], 1, 0x11, KEY_A);
	/* b keeps only KEY_C; its KEY_A gives the same key through a's entry: no warning. */
	ck_assert_int_eq(keymap->protocols[1].scancode_count, 1);
	check_scancode(&keymap->protocols[1], 0, 0x22, KEY_C);
	ck_assert_int_eq(keymap->warning_count, 1);
	ck_assert_str_eq(keymap->warnings[0],
			 "t.conf:25: remote 'b': button 'KEY_B' has scancode 0x77 of remote 'a': it gives that remote's key");
	keymap_free(keymap);
}
END_TEST

#define NEC_BODY "  bits 8\n  header 9000 4500\n  one 560 1690\n  zero 560 560\n  gap 108000\n"
#define CODES "  begin codes\n    KEY_A 0x01\n  end codes\nend remote\n"

START_TEST(test_refusals)
{
	convert_fails("begin remote\n  name m\n  flags RCMM\n  bits 12\n  header 417 278\n"
		      "  zero 167 278\n  one 167 444\n  two 167 611\n  three 167 778\n"
		      "  gap 30000\n" CODES,
		      "t.conf:1: remote 'm' cannot be decoded", "no ptrail");
	convert_fails("begin remote\n  name g\n  flags GRUNDIG\n  bits 8\n  header 900 2600\n"
		      "  one 550 1100\n  zero 550 550\n  gap 30000\n" CODES,
		      "t.conf:1: remote 'g' cannot be decoded",
		      "do not decode GRUNDIG (lircd.conf(5) does not describe it");
	convert_fails("begin remote\n  name p\n  flags SPACE_ENC\n  plead 560\n  ptrail 560\n"
		      NEC_BODY CODES, "t.conf:1: remote 'p'", "plead");
	convert_fails("begin remote\n  name q\n  flags SPACE_ENC\n  pre 560 4000\n  ptrail 560\n"
		      "  pre_data_bits 8\n  pre_data 0x1\n" NEC_BODY CODES,
		      "remote 'q'", "pre or post");
	/* Both differ, and no pulse after the last bit: its space cannot be seen. */
	convert_fails("begin remote\n  name b\n  flags SPACE_ENC\n  bits 8\n  one 560 1690\n"
		      "  zero 800 560\n  gap 100000\n" CODES,
		      "remote 'b'", "both pulse and space");
	convert_fails("begin remote\n  name t\n  flags SPACE_ENC\n  ptrail 560\n"
		      "  ignore_mask 0x1F\n" NEC_BODY CODES, "remote 't'",
		      "more than 4 bits");
	/* Bi-phase without a start bit: every code must begin with a 1. */
	convert_fails("begin remote\n  name s\n  flags RC5\n  bits 8\n  one 889 889\n"
		      "  zero 889 889\n  gap 100000\n  begin codes\n    KEY_A 0x81\n"
		      "    KEY_B 0x01\n  end codes\nend remote\n",
		      "t.conf:10: remote 's'", "'KEY_B' does not start with a 1");
	convert_fails("begin remote\n  name x\n  flags RAW_CODES\n  gap 1000\n"
		      "  begin raw_codes\n    name KEY_A\n      400 2000 400\n  end raw_codes\n"
		      "end remote\n", "remote 'x'", "the gap is 1000");
}
END_TEST

/* keymap_load_file() tells a lircd.conf by its content, whatever its name. */
START_TEST(test_load_file_detects)
{
	char path[] = "/tmp/lircd-keymap-XXXXXX";
	static const char text[] =
		"# a comment first\nbegin remote\n  name f\n  flags SPACE_ENC\n  ptrail 560\n"
		NEC_BODY "  begin codes\n    KEY_A 0x01\n  end codes\nend remote\n";
	struct keymap *keymap = NULL;
	struct ir_error err;
	int fd = mkstemp(path);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, sizeof(text) - 1), (ssize_t)(sizeof(text) - 1));
	close(fd);
	ir_error_clear(&err);
	ck_assert_msg(keymap_load_file(path, &keymap, &err) == 0, "%s", err.message);
	ck_assert_int_eq(keymap->protocol_count, 1);
	ck_assert_str_eq(keymap->protocols[0].protocol, "lircd_space");
	ck_assert_str_eq(keymap->name, "f");
	check_scancode(&keymap->protocols[0], 0, 0x01, KEY_A);
	keymap_free(keymap);
	unlink(path);
}
END_TEST

/* The TOML written for a converted keymap reads back as the same keymap. */
START_TEST(test_toml_round_trip)
{
	struct keymap *keymap = convert_ok(
		"begin remote\n  name trip\n  flags SPACE_ENC\n  ptrail 560\n  repeat 9000 2250\n"
		NEC_BODY "  begin codes\n    KEY_A 0x01\n    odd 0x02\n  end codes\nend remote\n");
	struct keymap *again = NULL;
	struct ir_error err;
	char *text = NULL;
	size_t len = 0;

	ck_assert_int_eq(keymap_format_toml(keymap, &text, &len), 0);
	ir_error_clear(&err);
	ck_assert_msg(keymap_load_toml(text, len, "t.toml", &again, &err) == 0, "%s",
		      err.message);
	ck_assert(keymap_equal(keymap, again));
	keymap_free(again);
	free(text);
	keymap_free(keymap);
}
END_TEST

static Suite *lircd_keymap_suite(void)
{
	Suite *s = suite_create("lircd_keymap");
	TCase *tc = tcase_create("convert");

	tcase_add_test(tc, test_nec_pulse_distance);
	tcase_add_test(tc, test_reverse_and_post_data);
	tcase_add_test(tc, test_pulse_length);
	tcase_add_test(tc, test_no_trailer_drops_last_bit);
	tcase_add_test(tc, test_repeat_without_ptrail);
	tcase_add_test(tc, test_wide_masks);
	tcase_add_test(tc, test_biphase_table);
	tcase_add_test(tc, test_biphase_header_and_rc6_layout);
	tcase_add_test(tc, test_rc5_kernel);
	tcase_add_test(tc, test_rc6_mce);
	tcase_add_test(tc, test_repeat_header);
	tcase_add_test(tc, test_raw_codes);
	tcase_add_test(tc, test_button_names);
	tcase_add_test(tc, test_refusals);
	tcase_add_test(tc, test_load_file_detects);
	tcase_add_test(tc, test_toml_round_trip);
	tcase_add_test(tc, test_scancode_of_an_earlier_remote);
	tcase_add_test(tc, test_rcmm_patterns);
	tcase_add_test(tc, test_xmp_patterns);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = lircd_keymap_suite);
