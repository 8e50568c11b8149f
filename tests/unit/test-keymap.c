// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "keymap.h"
#include "rc_maps.h"
#include "test-main.h"

#define DATA_DIR TOP_SRCDIR "/tests/data/keymaps"

static struct keymap *toml_ok(const char *text)
{
	struct keymap *keymap = NULL;
	struct ir_error err;

	ir_error_clear(&err);
	ck_assert_msg(keymap_load_toml(text, strlen(text), "k.toml", &keymap, &err) == 0,
		      "%s", err.message);
	ck_assert_ptr_nonnull(keymap);
	return keymap;
}

static void toml_error(const char *text, const char *expected)
{
	struct keymap *keymap = NULL;
	struct ir_error err;

	ir_error_clear(&err);
	ck_assert_int_eq(keymap_load_toml(text, strlen(text), "k.toml", &keymap, &err), -EINVAL);
	ck_assert_ptr_null(keymap);
	ck_assert_str_eq(err.message, expected);
}

/* A keymap that loads with one warning: the entry it names is left out. */
static void toml_warning(const char *text, const char *expected, size_t scancodes)
{
	struct keymap *keymap = toml_ok(text);

	ck_assert_uint_eq(keymap->warning_count, 1);
	ck_assert_str_eq(keymap->warnings[0], expected);
	ck_assert_uint_eq(keymap->protocols[0].scancode_count, scancodes);
	keymap_free(keymap);
}

static struct keymap *legacy_ok(const char *text, size_t len)
{
	struct keymap *keymap = NULL;
	struct ir_error err;

	ir_error_clear(&err);
	ck_assert_msg(keymap_load_legacy(text, len, "remote", &keymap, &err) == 0,
		      "%s", err.message);
	return keymap;
}

static void legacy_error(const char *text, size_t len, const char *expected)
{
	struct keymap *keymap = NULL;
	struct ir_error err;

	ir_error_clear(&err);
	ck_assert_int_eq(keymap_load_legacy(text, len, "remote", &keymap, &err), -EINVAL);
	ck_assert_ptr_null(keymap);
	ck_assert_str_eq(err.message, expected);
}

static struct keymap *file_ok(const char *name)
{
	struct keymap *keymap = NULL;
	struct ir_error err;
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", DATA_DIR, name);
	ir_error_clear(&err);
	ck_assert_msg(keymap_load_file(path, &keymap, &err) == 0, "%s", err.message);
	return keymap;
}

static void check_scancode(const struct keymap_protocol *protocol, size_t index,
			   uint64_t scancode, uint32_t keycode)
{
	ck_assert_uint_lt(index, protocol->scancode_count);
	ck_assert_uint_eq(protocol->scancodes[index].scancode, scancode);
	ck_assert_uint_eq(protocol->scancodes[index].keycode, keycode);
}

/* Keycode numbers below are from linux/input-event-codes.h, read by hand. */
#define KEY_RESERVED_ 0
#define KEY_1_ 2
#define KEY_2_ 3
#define KEY_EXIT_ 174
#define KEY_POWER_ 116
#define KEY_MUTE_ 113
#define KEY_VOLUMEDOWN_ 114
#define KEY_VOLUMEUP_ 115
#define KEY_OK_ 0x160
#define KEY_SELECT_ 0x161
#define KEY_FULL_SCREEN_ 0x174
#define BTN_0_ 0x100
#define BTN_LEFT_ 0x110

/* ---- TOML ---------------------------------------------------------------------- */

START_TEST(test_toml_two_protocols)
{
	struct keymap *keymap = file_ok("imon_rsc.toml");
	const struct keymap_protocol *nec, *stick;
	int64_t value = 0;

	ck_assert_uint_eq(keymap->protocol_count, 2);
	ck_assert_str_eq(keymap->name, "iMON Station RSC");
	nec = &keymap->protocols[0];
	ck_assert_str_eq(nec->name, "iMON Station RSC");
	ck_assert_str_eq(nec->protocol, "nec");
	ck_assert_str_eq(nec->variant, "necx");
	ck_assert_uint_eq(nec->param_count, 0);
	ck_assert_uint_eq(nec->raw_count, 0);
	ck_assert_uint_eq(nec->scancode_count, 12);
	check_scancode(nec, 0, 0x801010, KEY_EXIT_);
	check_scancode(nec, 1, 0x80102f, KEY_POWER_);
	check_scancode(nec, 5, 0x80101e, KEY_RESERVED_);
	check_scancode(nec, 6, 0x801098, BTN_0_);
	check_scancode(nec, 7, 0x80101b, BTN_LEFT_);
	check_scancode(nec, 11, 0x801089, KEY_FULL_SCREEN_);	/* KEY_ZOOM */
	ck_assert_uint_eq(nec->scancodes[0].line, 9);
	ck_assert_uint_eq(nec->scancodes[0].column, 1);
	ck_assert_uint_eq(nec->line, 4);

	stick = &keymap->protocols[1];
	ck_assert_str_eq(stick->protocol, "imon_rsc");
	ck_assert_ptr_null(stick->variant);
	ck_assert_uint_eq(stick->scancode_count, 0);
	ck_assert_uint_eq(stick->param_count, 1);
	ck_assert_str_eq(stick->params[0].name, "margin");
	ck_assert_int_eq(keymap_protocol_param(stick, "margin", &value), 0);
	ck_assert_int_eq(value, 200);
	ck_assert_int_eq(keymap_protocol_param(stick, "bits", &value), -ENOENT);
	ck_assert_int_eq(value, 200);
	keymap_free(keymap);
}
END_TEST

START_TEST(test_toml_parameters_and_number_forms)
{
	static const char *const names[] = {
		"header_pulse", "header_space", "bit_pulse", "bit_0_space", "bit_1_space",
		"trailer_pulse", "bits", "reverse", "header_optional",
	};
	static const int64_t values[] = { 9000, 4500, 560, 560, 1680, 560, 32, 1, 0 };
	struct keymap *keymap = file_ok("pulse_distance.toml");
	const struct keymap_protocol *p = &keymap->protocols[0];
	size_t i;

	ck_assert_uint_eq(keymap->protocol_count, 1);
	ck_assert_str_eq(p->protocol, "pulse_distance");
	ck_assert_uint_eq(p->param_count, 9);
	for (i = 0; i < 9; i++) {
		ck_assert_str_eq(p->params[i].name, names[i]);
		ck_assert_int_eq(p->params[i].value, values[i]);
	}
	ck_assert_uint_eq(p->scancode_count, 6);
	check_scancode(p, 0, 0x00ff00ff, KEY_POWER_);
	check_scancode(p, 1, 0x00ff807f, KEY_OK_);
	check_scancode(p, 2, 0x00ff40bf, KEY_VOLUMEUP_);
	check_scancode(p, 3, 0x00ffc03f, KEY_VOLUMEDOWN_);
	check_scancode(p, 4, 15, KEY_1_);
	check_scancode(p, 5, 42, KEY_2_);
	keymap_free(keymap);
}
END_TEST

/*
 * KEYMAP_PROTOCOLS_MAX protocol entries load; one more is refused at its line (each
 * entry was a decoder request: 40,000 of them took a gigabyte before any was merged).
 */
START_TEST(test_toml_protocol_limit)
{
	static const char entry[] = "[[protocols]]\nprotocol = \"nec\"\n";
	size_t size = (KEYMAP_PROTOCOLS_MAX + 1) * (sizeof(entry) - 1) + 1, i;
	char *text = calloc(1, size), message[64];
	struct keymap *keymap;

	ck_assert_ptr_nonnull(text);
	for (i = 0; i < KEYMAP_PROTOCOLS_MAX; i++)
		strcat(text + i * (sizeof(entry) - 1), entry);
	keymap = toml_ok(text);
	ck_assert_uint_eq(keymap->protocol_count, KEYMAP_PROTOCOLS_MAX);
	keymap_free(keymap);
	strcat(text + i * (sizeof(entry) - 1), entry);
	snprintf(message, sizeof(message), "k.toml:%d: more than %d protocols in one keymap",
		 2 * KEYMAP_PROTOCOLS_MAX + 1, KEYMAP_PROTOCOLS_MAX);
	toml_error(text, message);
	free(text);
}
END_TEST

START_TEST(test_toml_scancode_limits)
{
	struct keymap *keymap = toml_ok(
		"[[protocols]]\n"
		"protocol = \"rc-6\"\n"
		"[protocols.scancodes]\n"
		"0xffffffffffffffff = \"KEY_A\"\n"
		"0 = \"KEY_B\"\n"
		"0X1E = \"KEY_C\"\n"
		"07 = \"KEY_D\"\n"
		"\"1234567890123\" = \"KEY_E\"\n");
	const struct keymap_protocol *p = &keymap->protocols[0];

	/* KEY_A..KEY_E are 30, 48, 46, 32 and 18. */
	ck_assert_uint_eq(p->scancode_count, 5);
	check_scancode(p, 0, UINT64_MAX, 30);
	check_scancode(p, 1, 0, 48);
	check_scancode(p, 2, 0x1e, 46);
	check_scancode(p, 3, 7, 32);
	check_scancode(p, 4, 1234567890123ull, 18);
	ck_assert_ptr_null(keymap->name);
	keymap_free(keymap);
}
END_TEST

START_TEST(test_toml_raw_entries)
{
	struct keymap *keymap = file_ok("raw.toml");
	const struct keymap_protocol *p = &keymap->protocols[0];
	static const uint32_t power[] = { 9000, 4500, 560, 560, 560 };
	static const uint32_t mute[] = { 9000, 4500, 560 };
	static const uint32_t up[] = { 2400, 600, 1200 };

	ck_assert_str_eq(p->protocol, "raw");
	ck_assert_uint_eq(p->scancode_count, 0);
	ck_assert_uint_eq(p->raw_count, 3);
	ck_assert_uint_eq(p->raws[0].keycode, KEY_POWER_);
	ck_assert_uint_eq(p->raws[0].duration_count, 5);
	ck_assert_mem_eq(p->raws[0].durations, power, sizeof(power));
	ck_assert_uint_eq(p->raws[1].keycode, KEY_MUTE_);
	ck_assert_uint_eq(p->raws[1].duration_count, 3);
	ck_assert_mem_eq(p->raws[1].durations, mute, sizeof(mute));
	ck_assert_uint_eq(p->raws[2].keycode, KEY_VOLUMEUP_);
	ck_assert_uint_eq(p->raws[2].duration_count, 3);
	ck_assert_mem_eq(p->raws[2].durations, up, sizeof(up));
	keymap_free(keymap);
}
END_TEST

#define NEC_HEAD "[[protocols]]\nprotocol = \"nec\"\n[protocols.scancodes]\n"
#define RAW_HEAD "[[protocols]]\nprotocol = \"raw\"\n"

START_TEST(test_toml_keycode_errors)
{
	toml_error(NEC_HEAD "0x10 = \"0x300\"\n",
		   "k.toml:4:8: keycode '0x300' out of range (largest is 0x2ff)");
	toml_error(NEC_HEAD "0x10 = 768\n",
		   "k.toml:4:8: keycode '768' out of range (largest is 0x2ff)");
	toml_error(NEC_HEAD "0x10 = -1\n",
		   "k.toml:4:8: keycode '-1' out of range (largest is 0x2ff)");
	toml_error(NEC_HEAD "0x10 = \"0x1g\"\n", "k.toml:4:8: invalid keycode '0x1g'");
	toml_error(NEC_HEAD "0x10 = \"KEY_A\\u0000x\"\n",
		   "k.toml:4:8: a keycode contains a NUL character");
	toml_error(RAW_HEAD "raw = [ { keycode = \"KEY_A\", raw = \"+1\\u0000 -2 +3\" } ]\n",
		   "k.toml:3:36: 'raw' contains a NUL character");
	toml_error(NEC_HEAD "0x10 = true\n",
		   "k.toml:4:8: keycode has type boolean, expected a name or a number");
}
END_TEST

/* An unknown keycode name skips its entry; the rest of the keymap loads (as v4l-utils). */
START_TEST(test_unknown_keycodes_are_skipped)
{
	struct keymap *keymap;

	toml_warning(NEC_HEAD "0x10 = \"KEY_NOPE\"\n0x11 = \"KEY_A\"\n",
		     "k.toml:4:8: unknown keycode 'KEY_NOPE': entry skipped", 1);
	toml_warning(NEC_HEAD "0x10 = \"KEY_A\"\n0x11 = \"KEY_MAX\"\n",
		     "k.toml:5:8: unknown keycode 'KEY_MAX': entry skipped", 1);
	toml_warning(NEC_HEAD "0x10 = \"\"\n", "k.toml:4:8: unknown keycode '': entry skipped", 0);

	keymap = toml_ok(NEC_HEAD "0x10 = \"KEY_X1\"\n0x11 = \"KEY_B\"\n0x12 = \"KEY_X2\"\n");
	ck_assert_uint_eq(keymap->warning_count, 2);
	ck_assert_str_eq(keymap->warnings[0], "k.toml:4:8: unknown keycode 'KEY_X1': entry skipped");
	ck_assert_str_eq(keymap->warnings[1], "k.toml:6:8: unknown keycode 'KEY_X2': entry skipped");
	ck_assert_uint_eq(keymap->protocols[0].scancode_count, 1);
	check_scancode(&keymap->protocols[0], 0, 0x11, 48);
	keymap_free(keymap);

	keymap = toml_ok(RAW_HEAD "raw = [ { keycode = \"KEY_NOPE\", raw = \"1\" },\n"
			 "  { keycode = \"KEY_A\", raw = \"2\" } ]\n");
	ck_assert_uint_eq(keymap->warning_count, 1);
	ck_assert_str_eq(keymap->warnings[0], "k.toml:3:21: unknown keycode 'KEY_NOPE': entry skipped");
	ck_assert_uint_eq(keymap->protocols[0].raw_count, 1);
	ck_assert_uint_eq(keymap->protocols[0].raws[0].durations[0], 2);
	keymap_free(keymap);

	keymap = legacy_ok("# table x, type: nec\n0x10 KEY_NOPE\n0x11 K\xc3\xa9Y_A\n0x12 KEY_B\n",
			   sizeof("# table x, type: nec\n0x10 KEY_NOPE\n0x11 K\xc3\xa9Y_A\n0x12 KEY_B\n") - 1);
	ck_assert_uint_eq(keymap->warning_count, 2);
	ck_assert_str_eq(keymap->warnings[0], "remote:2:6: unknown keycode 'KEY_NOPE': entry skipped");
	ck_assert_str_eq(keymap->warnings[1],
			 "remote:3:6: unknown keycode 'K\xc3\xa9Y_A': entry skipped");
	ck_assert_uint_eq(keymap->protocols[0].scancode_count, 1);
	check_scancode(&keymap->protocols[0], 0, 0x12, 48);
	keymap_free(keymap);
}
END_TEST

/* Where a protocol's name was written: messages about the protocol point at it. */
START_TEST(test_protocol_positions)
{
	struct keymap *keymap;

	keymap = toml_ok("[[protocols]]\nname = \"x\"\n  protocol = \"nec\"\n");
	ck_assert_uint_eq(keymap->protocols[0].protocol_line, 3);
	ck_assert_uint_eq(keymap->protocols[0].protocol_column, 14);
	keymap_free(keymap);
	keymap = legacy_ok("# table x, type: nec, rc-5\n", sizeof("# table x, type: nec, rc-5\n") - 1);
	ck_assert_uint_eq(keymap->protocols[0].protocol_line, 1);
	ck_assert_uint_eq(keymap->protocols[0].protocol_column, 18);
	ck_assert_uint_eq(keymap->protocols[1].protocol_line, 1);
	ck_assert_uint_eq(keymap->protocols[1].protocol_column, 23);
	keymap_free(keymap);
}
END_TEST

START_TEST(test_toml_scancode_errors)
{
	toml_error(NEC_HEAD "0xzz = \"KEY_A\"\n", "k.toml:4:1: invalid scancode '0xzz'");
	toml_error(NEC_HEAD "0o17 = \"KEY_A\"\n", "k.toml:4:1: invalid scancode '0o17'");
	toml_error(NEC_HEAD "\"-1\" = \"KEY_A\"\n", "k.toml:4:1: invalid scancode '-1'");
	toml_error(NEC_HEAD "0x10 = \"KEY_A\"\n 1_0 = \"KEY_B\"\n",
		   "k.toml:5:2: invalid scancode '1_0'");
	toml_error(NEC_HEAD "KEY_A = \"KEY_A\"\n", "k.toml:4:1: invalid scancode 'KEY_A'");
	toml_error(NEC_HEAD "089 = \"KEY_A\"\n", "k.toml:4:1: invalid scancode '089'");
	toml_error(NEC_HEAD "0x10000000000000000 = \"KEY_A\"\n",
		   "k.toml:4:1: scancode '0x10000000000000000' out of range (more than 64 bits)");
	toml_error(NEC_HEAD "18446744073709551616 = \"KEY_A\"\n",
		   "k.toml:4:1: scancode '18446744073709551616' out of range (more than 64 bits)");
	toml_error(NEC_HEAD "0x10 = \"KEY_A\"\n0x11 = \"KEY_B\"\n0x0010 = \"KEY_C\"\n",
		   "k.toml:6:1: duplicate scancode 0x10 (first at line 4)");
	toml_error(NEC_HEAD "16 = \"KEY_A\"\n020 = \"KEY_B\"\n0x10 = \"KEY_C\"\n",
		   "k.toml:5:1: duplicate scancode 0x10 (first at line 4)");
	toml_error(NEC_HEAD "0 = \"KEY_A\"\n00 = \"KEY_B\"\n",
		   "k.toml:5:1: duplicate scancode 0x0 (first at line 4)");
}
END_TEST

START_TEST(test_toml_raw_errors)
{
	toml_error(RAW_HEAD "raw = [ { keycode = \"KEY_A\", raw = \"+100 -200\" } ]\n",
		   "k.toml:3:36: raw pattern has an even number of values (2): it must end with a pulse");
	toml_error(RAW_HEAD "raw = [ { keycode = \"KEY_A\", raw = \"+100 -0 +200\" } ]\n",
		   "k.toml:3:36: raw pattern: value 2 is a zero duration");
	toml_error(RAW_HEAD "raw = [ { keycode = \"KEY_A\", raw = \"+100 -abc +1\" } ]\n",
		   "k.toml:3:36: raw pattern: value 2 ('-abc') is not a number");
	toml_error(RAW_HEAD "raw = [ { keycode = \"KEY_A\", raw = \"+100 +200 +300\" } ]\n",
		   "k.toml:3:36: raw pattern: value 2 ('+200') must be a space");
	toml_error(RAW_HEAD "raw = [ { keycode = \"KEY_A\", raw = \"-100\" } ]\n",
		   "k.toml:3:36: raw pattern: value 1 ('-100') must be a pulse");
	toml_error(RAW_HEAD "raw = [ { keycode = \"KEY_A\", raw = \"+\" } ]\n",
		   "k.toml:3:36: raw pattern: value 1 ('+') is not a number");
	toml_error(RAW_HEAD "raw = [ { keycode = \"KEY_A\", raw = \" \" } ]\n",
		   "k.toml:3:36: raw pattern is empty");
	toml_error(RAW_HEAD "raw = [ { keycode = \"KEY_A\", raw = \"+16777216\" } ]\n",
		   "k.toml:3:36: raw pattern: value 1 ('+16777216') out of range (largest is 16777215)");
	toml_error(RAW_HEAD "raw = [ { keycode = \"KEY_A\", raw = [100, -200, 0] } ]\n",
		   "k.toml:3:36: raw pattern: value 3 is a zero duration");
	toml_error(RAW_HEAD "raw = [ { keycode = \"KEY_A\", raw = [100, -200] } ]\n",
		   "k.toml:3:36: raw pattern has an even number of values (2): it must end with a pulse");
	toml_error(RAW_HEAD "raw = [ { keycode = \"KEY_A\", raw = [-100] } ]\n",
		   "k.toml:3:37: raw pattern: value 1 (-100) must be a pulse");
	toml_error(RAW_HEAD "raw = [ { keycode = \"KEY_A\", raw = [1, -16777216, 1] } ]\n",
		   "k.toml:3:40: raw pattern: value 2 (-16777216) out of range (largest is 16777215)");
	toml_error(RAW_HEAD "raw = [ { keycode = \"KEY_A\", raw = \"1 -2 +3 4 5x\" } ]\n",
		   "k.toml:3:36: raw pattern: value 5 ('5x') is not a number");
	toml_error(RAW_HEAD "raw = [ { keycode = \"KEY_A\", raw = [100, \"x\"] } ]\n",
		   "k.toml:3:42: raw pattern: value 2 has type string, expected integer");
	toml_error(RAW_HEAD "raw = [ { keycode = \"KEY_A\", raw = 5 } ]\n",
		   "k.toml:3:36: 'raw' has type integer, expected string");
	/* An unknown keycode skips its entry, but the pattern's errors are still errors. */
	toml_error(RAW_HEAD "raw = [ { keycode = \"KEY_NOPE\", raw = \"1 -2\" } ]\n",
		   "k.toml:3:39: raw pattern has an even number of values (2): it must end with a pulse");
	toml_error(RAW_HEAD "raw = [ { raw = \"+1\" } ]\n",
		   "k.toml:3:9: raw entry without 'keycode'");
	toml_error(RAW_HEAD "raw = [ { keycode = \"KEY_A\" } ]\n",
		   "k.toml:3:9: raw entry without 'raw'");
	toml_error(RAW_HEAD "raw = [ { keycode = \"KEY_A\", raw = \"1\", repeat = 1 } ]\n",
		   "k.toml:3:41: unknown key 'repeat' in a raw entry");
	toml_error(RAW_HEAD "raw = [ 1 ]\n", "k.toml:3:9: 'raw' has type integer, expected table");
	toml_error(RAW_HEAD "raw = \"+1\"\n", "k.toml:3:7: 'raw' has type string, expected array");
	toml_error("[[protocols]]\nprotocol = \"nec\"\nraw = [ { keycode = \"KEY_A\", raw = \"1\" } ]\n",
		   "k.toml:3:7: raw entries need protocol 'raw', not 'nec'");
	toml_error(RAW_HEAD "[protocols.scancodes]\n0x10 = \"KEY_A\"\n",
		   "k.toml:3:1: protocol 'raw' takes raw entries, not scancodes");
}
END_TEST

START_TEST(test_toml_structure_errors)
{
	toml_error("", "k.toml: no [[protocols]] entry");
	toml_error("protocols = []\n", "k.toml:1:13: no [[protocols]] entry");
	toml_error("protocols = 1\n", "k.toml:1:13: 'protocols' has type integer, expected array");
	toml_error("protocols = [ 1 ]\n",
		   "k.toml:1:15: 'protocols' has type integer, expected table");
	toml_error("name = \"x\"\n[[protocols]]\nprotocol = \"nec\"\n",
		   "k.toml:1:1: unknown key 'name': a keymap has only [[protocols]]");
	toml_error("[[protocols]]\nname = \"x\"\n",
		   "k.toml:1:1: missing 'protocol' in a [[protocols]] entry");
	toml_error("[[protocols]]\nprotocol = 1\n",
		   "k.toml:2:12: 'protocol' has type integer, expected string");
	toml_error("[[protocols]]\nprotocol = \"nec\"\nname = [\"x\"]\n",
		   "k.toml:3:8: 'name' has type array, expected string");
	toml_error("[[protocols]]\nprotocol = \"nec\"\nvariant = true\n",
		   "k.toml:3:11: 'variant' has type boolean, expected string");
	toml_error("[[protocols]]\nprotocol = \"nec\"\nname = \"a\\u0000b\"\n",
		   "k.toml:3:8: 'name' contains a NUL character");
	toml_error("\"protocols\\u0000\" = []\n", "k.toml:1:1: a key contains a NUL character");
	toml_error("[[protocols]]\nprotocol = \"nec\"\n\"margin\\u0000x\" = 1\n",
		   "k.toml:3:1: a key contains a NUL character");
	toml_error(NEC_HEAD "\"0x10\\u0000\" = \"KEY_A\"\n",
		   "k.toml:4:1: a key contains a NUL character");
	toml_error(RAW_HEAD "raw = [ { \"keycode\\u0000\" = \"KEY_A\", raw = \"1\" } ]\n",
		   "k.toml:3:11: a key contains a NUL character");
	toml_error("[[protocols]]\nprotocol = \"nec\"\nscancodes = 1\n",
		   "k.toml:3:13: 'scancodes' has type integer, expected table");
	toml_error("[[protocols]]\nprotocol = \"manchester\"\nmargin = \"200\"\n",
		   "k.toml:3:10: parameter 'margin' has type string, expected integer");
	toml_error("[[protocols]]\nprotocol = \"manchester\"\nmargin = 2.5\n",
		   "k.toml:3:10: parameter 'margin' has type float, expected integer");
}
END_TEST

START_TEST(test_toml_syntax_error_is_passed_on)
{
	struct keymap *keymap = NULL;
	struct ir_error err;
	static const char text[] = "[[protocols]]\nprotocol = \n";

	ck_assert_int_eq(keymap_load_toml(text, strlen(text), "k.toml", &keymap, &err), -EINVAL);
	ck_assert_ptr_null(keymap);
	ck_assert_msg(strncmp(err.message, "k.toml:2:", 9) == 0, "%s", err.message);
}
END_TEST

/* ---- legacy -------------------------------------------------------------------- */

START_TEST(test_legacy_file)
{
	struct keymap *keymap = file_ok("hauppauge.legacy");
	const struct keymap_protocol *p;

	ck_assert_str_eq(keymap->name, "hauppauge");
	ck_assert_uint_eq(keymap->protocol_count, 1);
	p = &keymap->protocols[0];
	ck_assert_str_eq(p->protocol, "RC5");
	ck_assert_str_eq(p->name, "hauppauge");
	ck_assert_ptr_null(p->variant);
	ck_assert_uint_eq(p->scancode_count, 7);
	check_scancode(p, 0, 0x1e3d, KEY_POWER_);
	check_scancode(p, 1, 0x1e3b, KEY_SELECT_);
	check_scancode(p, 2, 0x1e00, 0x200);	/* KEY_NUMERIC_0 */
	check_scancode(p, 6, 0x1e29, 0x191);	/* KEY_BLUE */
	ck_assert_uint_eq(p->scancodes[3].line, 7);
	keymap_free(keymap);
}
END_TEST

START_TEST(test_legacy_type_list)
{
	struct keymap *keymap = file_ok("rc6_mce.legacy");

	ck_assert_str_eq(keymap->name, "rc6_mce");
	ck_assert_uint_eq(keymap->protocol_count, 2);
	ck_assert_str_eq(keymap->protocols[0].protocol, "RC6");
	ck_assert_str_eq(keymap->protocols[1].protocol, "other");
	ck_assert_str_eq(keymap->protocols[1].name, "rc6_mce");
	ck_assert_uint_eq(keymap->protocols[0].scancode_count, 5);
	ck_assert_uint_eq(keymap->protocols[1].scancode_count, 0);
	check_scancode(&keymap->protocols[0], 2, 0x800f040c, KEY_POWER_);
	keymap_free(keymap);
}
END_TEST

START_TEST(test_legacy_layout_variations)
{
	static const char text[] =
		"\n"
		"  #   table  my remote  ,type:nec \r\n"
		"0x10 key_ok\r\n"
		"\t 017\t\t0x73   # volume up\n"
		"# 0x11 KEY_NOPE\n"
		"\n"
		"42 115";
	struct keymap *keymap = legacy_ok(text, sizeof(text) - 1);
	const struct keymap_protocol *p = &keymap->protocols[0];

	ck_assert_str_eq(keymap->name, "my remote");
	ck_assert_str_eq(p->protocol, "nec");
	ck_assert_uint_eq(p->scancode_count, 3);
	check_scancode(p, 0, 0x10, KEY_OK_);
	check_scancode(p, 1, 15, KEY_VOLUMEUP_);
	check_scancode(p, 2, 42, KEY_VOLUMEUP_);
	ck_assert_uint_eq(p->scancodes[1].line, 4);
	ck_assert_uint_eq(p->scancodes[1].column, 3);
	keymap_free(keymap);
}
END_TEST

/* Every form v4l-utils 1.22's reader takes (found by running it on each). */
START_TEST(test_legacy_v4l_utils_forms)
{
	static const char text[] =
		"# table x type NEC\n"
		"scancode 0x1e3d = KEY_POWER2\n"
		"0x1e3e = KEY_A\n"
		"0x1e3f:KEY_B\n"
		"0x1e40=KEY_C\n"
		"SCANCODE 0x41 KEY_D\n"
		":0x42 : = KEY_E\n"
		"0x43 KEY_F extra words\n"
		"0x44 KEY_G=x\n"
		"041\tkey_h\n";
	struct keymap *keymap = legacy_ok(text, sizeof(text) - 1);
	const struct keymap_protocol *p = &keymap->protocols[0];

	ck_assert_str_eq(keymap->name, "x");
	ck_assert_str_eq(p->protocol, "NEC");
	ck_assert_uint_eq(p->scancode_count, 9);
	check_scancode(p, 0, 0x1e3d, 0x164);
	check_scancode(p, 1, 0x1e3e, 30);
	check_scancode(p, 2, 0x1e3f, 48);
	check_scancode(p, 3, 0x1e40, 46);
	check_scancode(p, 4, 0x41, 32);
	check_scancode(p, 5, 0x42, 18);
	check_scancode(p, 6, 0x43, 33);
	check_scancode(p, 7, 0x44, 34);
	check_scancode(p, 8, 041, 35);
	ck_assert_uint_eq(p->scancodes[0].column, 10);
	ck_assert_uint_eq(p->scancodes[5].column, 2);
	/* What v4l-utils ignores silently is ignored with a warning. */
	ck_assert_uint_eq(keymap->warning_count, 2);
	ck_assert_str_eq(keymap->warnings[0], "remote:8:12: text after the keycode ignored");
	ck_assert_str_eq(keymap->warnings[1], "remote:9:12: text after the keycode ignored");
	keymap_free(keymap);

	keymap = legacy_ok("#table: y, type rc5\n", sizeof("#table: y, type rc5\n") - 1);
	ck_assert_str_eq(keymap->name, "y");
	ck_assert_str_eq(keymap->protocols[0].protocol, "rc5");
	keymap_free(keymap);
}
END_TEST

#define LEGACY_ERROR(text, expected) legacy_error(text, sizeof(text) - 1, expected)

START_TEST(test_legacy_errors)
{
	LEGACY_ERROR("", "remote: expected '# table NAME, type: PROTOCOL' as the first line");
	LEGACY_ERROR("\n\n", "remote: expected '# table NAME, type: PROTOCOL' as the first line");
	LEGACY_ERROR("0x10 KEY_A\n",
		     "remote:1: expected '# table NAME, type: PROTOCOL' as the first line");
	LEGACY_ERROR("# table x\n",
		     "remote:1: expected '# table NAME, type: PROTOCOL' as the first line");
	LEGACY_ERROR("# table x, type:\n",
		     "remote:1: expected '# table NAME, type: PROTOCOL' as the first line");
	LEGACY_ERROR("# table x, type: nec,\n",
		     "remote:1: expected '# table NAME, type: PROTOCOL' as the first line");
	LEGACY_ERROR("# table , type: nec\n",
		     "remote:1: expected '# table NAME, type: PROTOCOL' as the first line");
	LEGACY_ERROR("# tablex, type: nec\n",
		     "remote:1: expected '# table NAME, type: PROTOCOL' as the first line");
	LEGACY_ERROR("# table caf\xc3, type: nec\n", "remote:1: the table line is not valid UTF-8");
	LEGACY_ERROR("# table x, type: nec\n  0x10\n", "remote:2:3: expected 'SCANCODE KEYCODE'");
	LEGACY_ERROR("# table x, type: nec\n\xc3\xa9 0x10 KEY_A\n",
		     "remote:2:1: invalid scancode '\xc3\xa9'");
	LEGACY_ERROR("# table x, type: nec\nscancode\n", "remote:2:1: expected 'SCANCODE KEYCODE'");
	LEGACY_ERROR("# table x, type: nec\nscancode 0x10\n",
		     "remote:2:10: expected 'SCANCODE KEYCODE'");
	LEGACY_ERROR("# table x, type: nec\n0x10,KEY_A\n", "remote:2:1: expected 'SCANCODE KEYCODE'");
	LEGACY_ERROR("# table x, type: nec\nzz KEY_A\n", "remote:2:1: invalid scancode 'zz'");
	LEGACY_ERROR("# TABLE x, type: nec\n",
		     "remote:1: expected '# table NAME, type: PROTOCOL' as the first line");
	LEGACY_ERROR("# table x, types: nec\n",
		     "remote:1: expected '# table NAME, type: PROTOCOL' as the first line");
	LEGACY_ERROR("# table x, type: nec\n0x10 0x300\n",
		     "remote:2:6: keycode '0x300' out of range (largest is 0x2ff)");
	LEGACY_ERROR("# table x, type: nec\nKEY_A 0x10\n", "remote:2:1: invalid scancode 'KEY_A'");
	LEGACY_ERROR("# table x, type: nec\n0x10000000000000000 KEY_A\n",
		     "remote:2:1: scancode '0x10000000000000000' out of range (more than 64 bits)");
	LEGACY_ERROR("# table x, type: nec\n0x10 KEY_A\n\n 16 KEY_B\n",
		     "remote:4:2: duplicate scancode 0x10 (first at line 2)");
	LEGACY_ERROR("# table x, type: nec\n0x10 KEY_A\0\n", "remote:2: unexpected NUL character");
	LEGACY_ERROR("# table x, type: raw\n0x10 KEY_A\n",
		     "remote:2:1: protocol 'raw' takes raw entries, not scancodes");
	/* Written back as TOML, the reader refused these two. */
	LEGACY_ERROR("# table x, type: LIRCD_RAW\n0x10 KEY_A\n",
		     "remote:2:1: protocol 'lircd_raw' takes raw entries, not scancodes");
	LEGACY_ERROR("# table x, type: nec, IRP\n0x10 KEY_A\n",
		     "remote:1:23: protocol 'irp' needs an IRP string, which a legacy keymap "
		     "cannot hold: write the keymap as TOML, with an 'irp' key");
}
END_TEST

/* ---- files --------------------------------------------------------------------- */

static char *write_temp(const char *suffix, const char *text)
{
	char *path;
	FILE *f;

	ck_assert_int_ge(asprintf(&path, "/tmp/test-keymap-%d-%s", (int)getpid(), suffix), 0);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
	return path;
}

START_TEST(test_file_format_detection)
{
	struct keymap *keymap = NULL;
	struct ir_error err;
	char *path, expected[512];

	/* TOML content without the .toml name. */
	path = write_temp("plain", "[[protocols]]\nprotocol = \"nec\"\n");
	ck_assert_int_eq(keymap_load_file(path, &keymap, &err), 0);
	ck_assert_str_eq(keymap->protocols[0].protocol, "nec");
	ck_assert_str_eq(keymap->filename, path);
	keymap_free(keymap);
	unlink(path);
	free(path);

	/* A .toml name is TOML even when it starts like a legacy table. */
	path = write_temp("x.toml", "# table x, type: nec\n0x10 KEY_A\n");
	keymap = NULL;
	ck_assert_int_eq(keymap_load_file(path, &keymap, &err), -EINVAL);
	ck_assert_ptr_null(keymap);
	snprintf(expected, sizeof(expected), "%s:2:", path);
	ck_assert_msg(strncmp(err.message, expected, strlen(expected)) == 0, "%s", err.message);
	unlink(path);

	ck_assert_int_eq(keymap_load_file(path, &keymap, &err), -ENOENT);
	snprintf(expected, sizeof(expected), "%s: No such file or directory", path);
	ck_assert_str_eq(err.message, expected);
	free(path);

	/* Errors and warnings of a legacy file name the file. */
	path = write_temp("legacy", "# table x, type: nec\n0x10 KEY_NOPE\n0x11 0x1g\n");
	ck_assert_int_eq(keymap_load_file(path, &keymap, &err), -EINVAL);
	snprintf(expected, sizeof(expected), "%s:3:6: invalid keycode '0x1g'", path);
	ck_assert_str_eq(err.message, expected);
	unlink(path);
	free(path);
	path = write_temp("legacy", "# table x, type: nec\n0x10 KEY_NOPE\n0x11 KEY_A\n");
	ck_assert_int_eq(keymap_load_file(path, &keymap, &err), 0);
	snprintf(expected, sizeof(expected), "%s:2:6: unknown keycode 'KEY_NOPE': entry skipped",
		 path);
	ck_assert_uint_eq(keymap->warning_count, 1);
	ck_assert_str_eq(keymap->warnings[0], expected);
	keymap_free(keymap);
	keymap = NULL;
	unlink(path);
	free(path);

	/* Legacy lines without their table line: say what is missing. */
	path = write_temp("headless", "\n0x10 KEY_A\n0x11 KEY_B\n");
	ck_assert_int_eq(keymap_load_file(path, &keymap, &err), -EINVAL);
	snprintf(expected, sizeof(expected),
		 "%s:2: expected '# table NAME, type: PROTOCOL' as the first line", path);
	ck_assert_str_eq(err.message, expected);
	unlink(path);
	free(path);

	/* A TOML file whose first key is a number stays TOML. */
	path = write_temp("numeric-key", "0x10 = 1\n");
	ck_assert_int_eq(keymap_load_file(path, &keymap, &err), -EINVAL);
	snprintf(expected, sizeof(expected),
		 "%s:1:1: unknown key '0x10': a keymap has only [[protocols]]", path);
	ck_assert_str_eq(err.message, expected);
	unlink(path);
	free(path);

	ck_assert_int_eq(keymap_load_file("/", &keymap, &err), -EISDIR);
	ck_assert_str_eq(err.message, "/: Is a directory");
}
END_TEST

/* ---- writer -------------------------------------------------------------------- */

static char *format(const struct keymap *keymap)
{
	char *text = NULL;
	size_t len = 0;

	ck_assert_int_eq(keymap_format_toml(keymap, &text, &len), 0);
	ck_assert_uint_eq(strlen(text), len);
	return text;
}

START_TEST(test_writer_layout)
{
	struct keymap *keymap = toml_ok(
		"[[protocols]]\n"
		"scancodes = { 0x0010 = \"key_zoom\", 1 = \"0x2fe\", 0xFFFFFFFFFFFFFFFF = \"BTN_MOUSE\" }\n"
		"protocol = \"rc-5\"\n"
		"\"needs quotes\" = -5\n"
		"name = \"say \\\"hi\\\"\\t\\\\ \\u0001 caf\\u00e9\"\n"
		"variant = \"rc-5x-20\"\n"
		"plain-key_1 = 9223372036854775807\n"
		"[[protocols]]\n"
		"protocol = \"raw\"\n"
		"[[protocols.raw]]\n"
		"keycode = \"KEY_HANGUEL\"\n"
		"raw = \"1 2 3\"\n");
	char *text = format(keymap);

	ck_assert_str_eq(text,
		"[[protocols]]\n"
		"name = \"say \\\"hi\\\"\\t\\\\ \\u0001 caf\xc3\xa9\"\n"
		"protocol = \"rc-5\"\n"
		"variant = \"rc-5x-20\"\n"
		"\"needs quotes\" = -5\n"
		"plain-key_1 = 9223372036854775807\n"
		"[protocols.scancodes]\n"
		"0x10 = \"KEY_FULL_SCREEN\"\n"
		"0x1 = \"0x2fe\"\n"
		"0xffffffffffffffff = \"BTN_LEFT\"\n"
		"[[protocols]]\n"
		"protocol = \"raw\"\n"
		"raw = [\n"
		"\t{ keycode = \"KEY_HANGEUL\", raw = \"+1 -2 +3\" },\n"
		"]\n");
	free(text);
	keymap_free(keymap);
}
END_TEST

static void check_round_trip(const struct keymap *keymap, const char *what)
{
	struct keymap *again = NULL;
	struct ir_error err;
	char *text = format(keymap);

	ir_error_clear(&err);
	ck_assert_msg(keymap_load_toml(text, strlen(text), what, &again, &err) == 0,
		      "%s: %s\n%s", what, err.message, text);
	ck_assert_msg(keymap_equal(keymap, again), "%s differs after writing:\n%s", what, text);
	keymap_free(again);
	free(text);
}

START_TEST(test_writer_round_trips_fixtures)
{
	struct dirent *entry;
	DIR *dir = opendir(DATA_DIR);
	size_t count = 0;

	ck_assert_ptr_nonnull(dir);
	while ((entry = readdir(dir))) {
		struct keymap *keymap;

		if (entry->d_name[0] == '.')
			continue;
		keymap = file_ok(entry->d_name);
		check_round_trip(keymap, entry->d_name);
		keymap_free(keymap);
		count++;
	}
	closedir(dir);
	ck_assert_uint_ge(count, 5);
}
END_TEST

START_TEST(test_writer_reports_write_errors)
{
	struct keymap *keymap = file_ok("imon_rsc.toml");
	FILE *full = fopen("/dev/full", "w");

	ck_assert_ptr_nonnull(full);
	ck_assert_int_eq(keymap_write_toml(keymap, full), -EIO);
	fclose(full);
	keymap_free(keymap);
}
END_TEST

/* protocol = "irp" with its IRP: kept as written, where it was written, and written back. */
START_TEST(test_toml_irp_key)
{
	static const char text[] = "[[protocols]]\nprotocol = \"irp\"\n"
				   "irp = \"{38k,500}<1,-1|1,-3>(D:8,F:8,-50m)*[D:0..255,F:0..255]\"\n"
				   "[protocols.scancodes]\n0x1234 = \"KEY_A\"\n";
	struct keymap *keymap = toml_ok(text), *again;
	char *written;
	size_t len;

	ck_assert_str_eq(keymap->protocols[0].irp,
			 "{38k,500}<1,-1|1,-3>(D:8,F:8,-50m)*[D:0..255,F:0..255]");
	ck_assert_uint_eq(keymap->protocols[0].irp_line, 3);
	ck_assert_uint_eq(keymap->protocols[0].irp_column, 7);
	ck_assert_uint_eq(keymap->protocols[0].param_count, 0);
	ck_assert_int_eq(keymap_format_toml(keymap, &written, &len), 0);
	ck_assert_msg(strstr(written, "\nirp = \"{38k,500}") != NULL, "%s", written);
	again = toml_ok(written);
	ck_assert(keymap_equal(keymap, again));
	/* A different IRP is a different keymap. */
	again->protocols[0].irp[1] = '4';
	ck_assert(!keymap_equal(keymap, again));
	free(written);
	keymap_free(again);
	keymap_free(keymap);

	keymap = toml_ok("[[protocols]]\nprotocol = \"IRP\"\nirp = \"nec1\"\n");
	ck_assert_str_eq(keymap->protocols[0].irp, "nec1");
	keymap_free(keymap);
	keymap = toml_ok(NEC_HEAD "0x10 = \"KEY_A\"\n");
	ck_assert_ptr_null(keymap->protocols[0].irp);
	keymap_free(keymap);
}
END_TEST

START_TEST(test_toml_irp_errors)
{
	toml_error("[[protocols]]\nprotocol = \"irp\"\n",
		   "k.toml:2:12: protocol 'irp' needs an 'irp' key: an IRP string or the name of "
		   "a protocol of the IRP database");
	toml_error("[[protocols]]\nprotocol = \"nec\"\nirp = \"NEC1\"\n",
		   "k.toml:3:7: 'irp' belongs to protocol 'irp', not 'nec'");
	toml_error("[[protocols]]\nprotocol = \"irp\"\nirp = 1\n",
		   "k.toml:3:7: 'irp' has type integer, expected string");
	toml_error("[[protocols]]\nprotocol = \"irp\"\nirp = \"a\\u0000b\"\n",
		   "k.toml:3:7: 'irp' contains a NUL character");
}
END_TEST

START_TEST(test_equal_notices_each_difference)
{
	struct keymap *a = file_ok("imon_rsc.toml"), *b = file_ok("imon_rsc.toml");
	struct keymap *raw_a = file_ok("raw.toml"), *raw_b = file_ok("raw.toml");
	char *saved;

	ck_assert(keymap_equal(a, b));
	b->protocols[0].scancodes[3].keycode++;
	ck_assert(!keymap_equal(a, b));
	b->protocols[0].scancodes[3].keycode--;
	b->protocols[0].scancodes[3].scancode++;
	ck_assert(!keymap_equal(a, b));
	b->protocols[0].scancodes[3].scancode--;
	b->protocols[1].params[0].value++;
	ck_assert(!keymap_equal(a, b));
	b->protocols[1].params[0].value--;
	saved = b->protocols[0].variant;
	b->protocols[0].variant = NULL;
	ck_assert(!keymap_equal(a, b));
	b->protocols[0].variant = saved;
	b->protocols[0].scancode_count--;
	ck_assert(!keymap_equal(a, b));
	b->protocols[0].scancode_count++;
	/* Lines do not count. */
	b->protocols[0].scancodes[0].line = 1000;
	ck_assert(keymap_equal(a, b));

	ck_assert(keymap_equal(raw_a, raw_b));
	raw_b->protocols[0].raws[1].durations[2]++;
	ck_assert(!keymap_equal(raw_a, raw_b));
	raw_b->protocols[0].raws[1].durations[2]--;
	raw_b->protocols[0].raws[1].keycode++;
	ck_assert(!keymap_equal(raw_a, raw_b));
	keymap_free(a);
	keymap_free(b);
	keymap_free(raw_a);
	keymap_free(raw_b);
}
END_TEST

/* A small deterministic generator (xorshift64*), so failures can be replayed. */
static uint64_t next_random(uint64_t *state)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return *state * 0x2545f4914f6cdd1dull;
}

static char *random_text(uint64_t *state)
{
	static const char *const pieces[] = {
		"a", "Z", "0", " ", "\"", "\\", "\t", "\n", "\x01", "\x7f", "#", "=", "[", "]",
		"\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x93\xba", "'", ".", "-",
	};
	size_t i, n = next_random(state) % 12;
	char *text = calloc(1, 12 * 4 + 1);

	for (i = 0; i < n; i++)
		strcat(text, pieces[next_random(state) % (sizeof(pieces) / sizeof(pieces[0]))]);
	return text;
}

static char *random_param_name(uint64_t *state, size_t index)
{
	static const char *const stems[] = { "margin", "bits", "header pulse", "a.b", "\xc3\xa9t\xc3\xa9", "x-y_z" };
	char *name;

	ck_assert_int_ge(asprintf(&name, "%s%zu",
				  stems[next_random(state) % (sizeof(stems) / sizeof(stems[0]))],
				  index), 0);
	return name;
}

static struct keymap *random_keymap(uint64_t *state)
{
	struct keymap *keymap = calloc(1, sizeof(*keymap));
	size_t i, j, k;

	keymap->protocol_count = 1 + next_random(state) % 3;
	keymap->protocols = calloc(keymap->protocol_count, sizeof(*keymap->protocols));
	for (i = 0; i < keymap->protocol_count; i++) {
		struct keymap_protocol *p = &keymap->protocols[i];
		bool raw = next_random(state) % 4 == 0;

		p->protocol = raw ? strdup("raw") : random_text(state);
		p->name = next_random(state) % 2 ? random_text(state) : NULL;
		p->variant = next_random(state) % 2 ? random_text(state) : NULL;
		p->param_count = next_random(state) % 4;
		p->params = calloc(p->param_count + 1, sizeof(*p->params));
		for (j = 0; j < p->param_count; j++) {
			p->params[j].name = random_param_name(state, j);
			p->params[j].value = (int64_t)next_random(state);
		}
		if (raw) {
			p->raw_count = next_random(state) % 4;
			p->raws = calloc(p->raw_count + 1, sizeof(*p->raws));
			for (j = 0; j < p->raw_count; j++) {
				struct keymap_raw *r = &p->raws[j];

				r->keycode = next_random(state) % 0x300;
				r->duration_count = 1 + 2 * (next_random(state) % 5);
				r->durations = calloc(r->duration_count, sizeof(*r->durations));
				for (k = 0; k < r->duration_count; k++)
					r->durations[k] = 1 + next_random(state) % 0xffffff;
			}
			continue;
		}
		p->scancode_count = next_random(state) % 40;
		p->scancodes = calloc(p->scancode_count + 1, sizeof(*p->scancodes));
		for (j = 0; j < p->scancode_count; j++) {
			/* Distinct: the low byte is the index, the rest random and any width. */
			uint64_t high = next_random(state) >> (next_random(state) % 64);

			p->scancodes[j].scancode = (high << 8 & ~(uint64_t)0xff) | j;
			p->scancodes[j].keycode = next_random(state) % 0x300;
		}
	}
	return keymap;
}

START_TEST(test_writer_round_trips_random_keymaps)
{
	uint64_t state = 0x9e3779b97f4a7c15ull;
	int i;

	for (i = 0; i < 300; i++) {
		struct keymap *keymap = random_keymap(&state);
		char what[32];

		snprintf(what, sizeof(what), "random keymap %d", i);
		check_round_trip(keymap, what);
		keymap_free(keymap);
	}
}
END_TEST

/* ---- the keymaps we ship ------------------------------------------------------ */

#define SHIPPED_DIR TOP_SRCDIR "/rc_keymaps"

static bool is_toml_name(const char *name)
{
	size_t len = strlen(name);

	return len > 5 && strcmp(name + len - 5, ".toml") == 0;
}

/*
 * Does the automake list rc_keymaps/LIST (keymaps.am: generated keymaps; extra.am:
 * keymaps kept by hand) have the line "dist_keymap_DATA += rc_keymaps/NAME"?
 */
static bool automake_lists(const char *list, const char *name)
{
	char path[4096], line[512], want[512];
	bool found = false;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", SHIPPED_DIR, list);
	snprintf(want, sizeof(want), "dist_keymap_DATA += rc_keymaps/%s\n", name);
	f = fopen(path, "r");
	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	while (!found && fgets(line, sizeof(line), f))
		found = strcmp(line, want) == 0;
	fclose(f);
	return found;
}

/* Whether one of the first lines of a shipped keymap contains MARK. */
static bool keymap_header_has(const char *name, const char *mark)
{
	char path[4096], line[512];
	bool found = false;
	int lines = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", SHIPPED_DIR, name);
	f = fopen(path, "r");
	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	while (!found && lines++ < 10 && fgets(line, sizeof(line), f))
		found = strstr(line, mark) != NULL;
	fclose(f);
	return found;
}

START_TEST(test_shipped_keymaps_load_and_round_trip)
{
	struct dirent *entry;
	DIR *dir = opendir(SHIPPED_DIR);
	size_t count = 0, scancodes = 0;

	ck_assert_ptr_nonnull(dir);
	while ((entry = readdir(dir))) {
		struct keymap *keymap = NULL;
		struct ir_error err;
		char path[4096];

		if (!is_toml_name(entry->d_name))
			continue;
		snprintf(path, sizeof(path), "%s/%s", SHIPPED_DIR, entry->d_name);
		ir_error_clear(&err);
		ck_assert_msg(keymap_load_file(path, &keymap, &err) == 0, "%s", err.message);
		/* An entry skipped at load would be a key lost without an error. */
		ck_assert_msg(keymap->warning_count == 0, "%s",
			      keymap->warning_count ? keymap->warnings[0] : "");
		ck_assert_uint_ge(keymap->protocol_count, 1);
		scancodes += keymap->protocols[0].scancode_count;
		check_round_trip(keymap, entry->d_name);
		keymap_free(keymap);
		count++;
	}
	closedir(dir);
	/*
	 * Linux 6.1 has 135 keymap tables and rc_keymaps/extra.am adds the remotes kept by
	 * hand, more than 140 in all; a lost file or an empty glob must not pass.
	 */
	ck_assert_uint_ge(count, 141);
	ck_assert_uint_gt(scancodes, 20 * count);
}
END_TEST

static struct keymap *shipped_ok(const char *name)
{
	struct keymap *keymap = NULL;
	struct ir_error err;
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", SHIPPED_DIR, name);
	ir_error_clear(&err);
	ck_assert_msg(keymap_load_file(path, &keymap, &err) == 0, "%s", err.message);
	return keymap;
}

static void check_param(const struct keymap_protocol *p, const char *name, int64_t want)
{
	int64_t value = -1;

	ck_assert_msg(keymap_protocol_param(p, name, &value) == 0, "%s: no %s", p->name, name);
	ck_assert_msg(value == want, "%s: %s = %lld, want %lld", p->name, name,
		      (long long)value, (long long)want);
}

/*
 * The hand-kept keymaps of BPF decoders load with their parameters and with protocols
 * that have no scancodes. Expected values: the v4l-utils keymaps the files came from.
 */
START_TEST(test_shipped_hand_kept_bpf_keymaps)
{
	struct keymap *dish = shipped_ok("dish_network.toml");
	struct keymap *samsung = shipped_ok("samsung_ak59_00125a.toml");
	struct keymap *imon = shipped_ok("imon_rsc.toml");
	const struct keymap_protocol *p;

	ck_assert_uint_eq(dish->protocol_count, 1);
	p = &dish->protocols[0];
	ck_assert_str_eq(p->protocol, "pulse_distance");
	ck_assert_ptr_null(p->variant);
	ck_assert_uint_eq(p->param_count, 12);
	check_param(p, "header_pulse", 525);
	check_param(p, "header_space", 6045);
	check_param(p, "bit_0_space", 2780);
	check_param(p, "bit_1_space", 1645);
	check_param(p, "bits", 16);
	check_param(p, "header_optional", 1);
	ck_assert_uint_eq(p->scancode_count, 49);

	ck_assert_uint_eq(samsung->protocol_count, 2);
	check_param(&samsung->protocols[0], "bits", 32);
	check_param(&samsung->protocols[0], "margin", 300);
	ck_assert_uint_eq(samsung->protocols[0].scancode_count, 7);
	ck_assert_str_eq(samsung->protocols[1].protocol, "samsung36");
	check_param(&samsung->protocols[1], "margin", 300);
	ck_assert_uint_eq(samsung->protocols[1].scancode_count, 41);
	/* 36-bit scancodes: the top nibble is sent too, here 0. */
	ck_assert_uint_eq(samsung->protocols[1].scancodes[0].scancode, 0x400e00ffull);

	ck_assert_uint_eq(imon->protocol_count, 2);
	ck_assert_str_eq(imon->protocols[1].protocol, "imon_rsc");
	ck_assert_uint_eq(imon->protocols[1].scancode_count, 0);
	check_param(&imon->protocols[1], "margin", 200);
	keymap_free(dish);
	keymap_free(samsung);
	keymap_free(imon);
}
END_TEST

/*
 * Every rc_maps.cfg line names a shipped keymap, and every generated keymap of a kernel
 * keymap has a line. A hand-kept keymap has one only if it replaces a kernel keymap
 * (imon_rsc.toml); the other hand-kept remotes have no kernel keymap name to match.
 * Nor have the dvb-usb drivers' built-in tables (11 in linux 6.1), and the 2 kernel
 * keymaps written again under v4l-utils' names (kii_pro, twinhan_vp1027_dvbs) keep
 * the line of their kernel keymap's first file.
 */
START_TEST(test_shipped_rc_maps_names_every_keymap)
{
	struct rc_maps *maps = NULL;
	struct dirent *entry;
	struct ir_error err;
	size_t i, files = 0, hand_kept = 0, hand_kept_named = 0, aliases = 0, drivers = 0;
	DIR *dir;

	ir_error_clear(&err);
	ck_assert_msg(rc_maps_load_file(SHIPPED_DIR "/rc_maps.cfg", &maps, &err) == 0, "%s",
		      err.message);
	for (i = 0; i < maps->entry_count; i++) {
		char path[4096];

		snprintf(path, sizeof(path), "%s/%s", SHIPPED_DIR, maps->entries[i].file);
		ck_assert_msg(access(path, R_OK) == 0, "line %u: %s", maps->entries[i].line, path);
		ck_assert_msg(strncmp(maps->entries[i].table, "rc-", 3) == 0, "line %u",
			      maps->entries[i].line);
	}
	dir = opendir(SHIPPED_DIR);
	ck_assert_ptr_nonnull(dir);
	while ((entry = readdir(dir))) {
		bool named = false, generated, kept;

		if (!is_toml_name(entry->d_name))
			continue;
		files++;
		generated = automake_lists("keymaps.am", entry->d_name);
		kept = automake_lists("extra.am", entry->d_name);
		ck_assert_msg(generated != kept, "%s must be in one of keymaps.am and extra.am",
			      entry->d_name);
		for (i = 0; i < maps->entry_count && !named; i++)
			named = strcmp(maps->entries[i].file, entry->d_name) == 0;
		if (!named && !kept) {
			bool alias = keymap_header_has(entry->d_name,
						       "# The name v4l-utils gives this keymap");
			bool driver = keymap_header_has(entry->d_name, "(driver table rc_map_");

			ck_assert_msg(alias || driver, "%s is in no rc_maps.cfg line",
				      entry->d_name);
			aliases += alias;
			drivers += driver;
		}
		hand_kept += kept;
		hand_kept_named += kept && named;
	}
	closedir(dir);
	ck_assert_uint_ge(files, 141);
	ck_assert_uint_ge(hand_kept, 7);
	ck_assert_uint_eq(hand_kept_named, 1);
	ck_assert_uint_eq(aliases, 2);
	ck_assert_uint_eq(drivers, 11);
	rc_maps_free(maps);
}
END_TEST

/* ---- pointer directions ----------------------------------------------------------- */

/* Each direction's moves, from the names' meaning: x right, y down (REL_X, REL_Y). */
static const struct {
	const char *name;
	int rel_x, rel_y;
} pointer_names[] = {
	{ "POINTER_UP", 0, -1 },
	{ "pointer_down", 0, 1 },
	{ "Pointer_Left", -1, 0 },
	{ "POINTER_RIGHT", 1, 0 },
	{ "POINTER_UP_LEFT", -1, -1 },
	{ "POINTER_UP_RIGHT", 1, -1 },
	{ "POINTER_DOWN_LEFT", -1, 1 },
	{ "POINTER_DOWN_RIGHT", 1, 1 },
};

START_TEST(test_pointer_directions_read_and_written)
{
	char text[1024], *written = NULL;
	struct keymap *keymap, *again = NULL;
	struct ir_error err;
	size_t i, len = 0, n = sizeof(pointer_names) / sizeof(pointer_names[0]);
	int rel_x, rel_y;

	len = (size_t)snprintf(text, sizeof(text), "%s", NEC_HEAD "0x0f = \"BTN_LEFT\"\n");
	for (i = 0; i < n; i++)
		len += (size_t)snprintf(text + len, sizeof(text) - len, "0x%zx = \"%s\"\n",
					0x10 + i, pointer_names[i].name);
	keymap = toml_ok(text);
	ck_assert_uint_eq(keymap->warning_count, 0);
	ck_assert_uint_eq(keymap->protocols[0].scancode_count, n + 1);
	/* A mouse button is a key like any other. */
	check_scancode(&keymap->protocols[0], 0, 0x0f, BTN_LEFT_);
	ck_assert_int_eq(keymap_pointer_direction(BTN_LEFT_, &rel_x, &rel_y), -ENOENT);
	for (i = 0; i < n; i++) {
		uint32_t keycode = keymap->protocols[0].scancodes[i + 1].keycode;
		const char *name = keymap_pointer_name(keycode);

		ck_assert_int_eq(keymap_pointer_direction(keycode, &rel_x, &rel_y), 0);
		ck_assert_int_eq(rel_x, pointer_names[i].rel_x);
		ck_assert_int_eq(rel_y, pointer_names[i].rel_y);
		/* Named in capitals, however it was written. */
		ck_assert_int_eq(strcasecmp(name, pointer_names[i].name), 0);
		ck_assert_ptr_null(strpbrk(name, "abcdefghijklmnopqrstuvwxyz"));
	}
	/* Written by name, and read back the same. */
	ck_assert_int_eq(keymap_format_toml(keymap, &written, &len), 0);
	ck_assert_ptr_nonnull(strstr(written, "0x10 = \"POINTER_UP\""));
	ck_assert_ptr_nonnull(strstr(written, "0x17 = \"POINTER_DOWN_RIGHT\""));
	ir_error_clear(&err);
	ck_assert_int_eq(keymap_load_toml(written, len, "w.toml", &again, &err), 0);
	ck_assert(keymap_equal(keymap, again));
	free(written);
	keymap_free(again);
	keymap_free(keymap);
}
END_TEST

START_TEST(test_pointer_directions_legacy_and_typos)
{
	static const char legacy[] = "# table pad, type: nec\n0x10 POINTER_LEFT\n"
				     "0x11 BTN_RIGHT\n";
	struct keymap *keymap = legacy_ok(legacy, sizeof(legacy) - 1);
	int rel_x, rel_y;

	ck_assert_uint_eq(keymap->protocols[0].scancode_count, 2);
	ck_assert_int_eq(keymap_pointer_direction(keymap->protocols[0].scancodes[0].keycode,
						  &rel_x, &rel_y), 0);
	ck_assert_int_eq(rel_x, -1);
	ck_assert_int_eq(rel_y, 0);
	check_scancode(&keymap->protocols[0], 1, 0x11, BTN_LEFT_ + 1);
	keymap_free(keymap);

	/* A misspelt direction is an unknown keycode: that entry alone is skipped. */
	toml_warning(NEC_HEAD "0x10 = \"POINTER_UPP\"\n0x11 = \"POINTER_UP\"\n",
		     "k.toml:4:8: unknown keycode 'POINTER_UPP': entry skipped", 1);
	toml_warning(NEC_HEAD "0x10 = \"POINTER\"\n",
		     "k.toml:4:8: unknown keycode 'POINTER': entry skipped", 0);
}
END_TEST

static Suite *keymap_suite(void)
{
	Suite *s = suite_create("keymap");
	TCase *tc;

	tc = tcase_create("toml");
	tcase_add_test(tc, test_toml_two_protocols);
	tcase_add_test(tc, test_toml_parameters_and_number_forms);
	tcase_add_test(tc, test_toml_raw_entries);
	tcase_add_test(tc, test_toml_scancode_limits);
	tcase_add_test(tc, test_toml_protocol_limit);
	tcase_add_test(tc, test_toml_irp_key);
	suite_add_tcase(s, tc);

	tc = tcase_create("toml errors");
	tcase_add_test(tc, test_toml_keycode_errors);
	tcase_add_test(tc, test_unknown_keycodes_are_skipped);
	tcase_add_test(tc, test_protocol_positions);
	tcase_add_test(tc, test_toml_scancode_errors);
	tcase_add_test(tc, test_toml_raw_errors);
	tcase_add_test(tc, test_toml_structure_errors);
	tcase_add_test(tc, test_toml_syntax_error_is_passed_on);
	tcase_add_test(tc, test_toml_irp_errors);
	suite_add_tcase(s, tc);

	tc = tcase_create("pointer");
	tcase_add_test(tc, test_pointer_directions_read_and_written);
	tcase_add_test(tc, test_pointer_directions_legacy_and_typos);
	suite_add_tcase(s, tc);

	tc = tcase_create("legacy");
	tcase_add_test(tc, test_legacy_file);
	tcase_add_test(tc, test_legacy_type_list);
	tcase_add_test(tc, test_legacy_layout_variations);
	tcase_add_test(tc, test_legacy_errors);
	tcase_add_test(tc, test_legacy_v4l_utils_forms);
	suite_add_tcase(s, tc);

	tc = tcase_create("files");
	tcase_add_test(tc, test_file_format_detection);
	suite_add_tcase(s, tc);

	tc = tcase_create("writer");
	tcase_add_test(tc, test_writer_layout);
	tcase_add_test(tc, test_writer_round_trips_fixtures);
	tcase_add_test(tc, test_writer_reports_write_errors);
	tcase_add_test(tc, test_equal_notices_each_difference);
	tcase_add_test(tc, test_writer_round_trips_random_keymaps);
	suite_add_tcase(s, tc);

	tc = tcase_create("shipped keymaps");
	tcase_add_test(tc, test_shipped_keymaps_load_and_round_trip);
	tcase_add_test(tc, test_shipped_rc_maps_names_every_keymap);
	tcase_add_test(tc, test_shipped_hand_kept_bpf_keymaps);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = keymap_suite);
