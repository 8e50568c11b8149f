// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <check.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "lircd_conf.h"
#include "pathglob.h"
#include "test-main.h"

#define DATA TOP_SRCDIR "/tests/data/lircd/"

/* A remote's parameters that every test remote shares (SPACE_ENC, NEC's timings). */
#define NEC_PARAMS                                                                     \
	"  bits 8\n  flags SPACE_ENC\n  header 9000 4500\n  one 560 1690\n"              \
	"  zero 560 560\n  ptrail 560\n  gap 108000\n"

static struct lircd_conf *parse_ok(const char *text)
{
	struct lircd_conf *conf = NULL;
	struct ir_error err;

	ir_error_clear(&err);
	ck_assert_msg(lircd_conf_parse(text, strlen(text), "t.conf", &conf, &err) == 0, "%s",
		      err.message);
	ck_assert_ptr_nonnull(conf);
	return conf;
}

static struct lircd_conf *load_ok(const char *path)
{
	struct lircd_conf *conf = NULL;
	struct ir_error err;

	ir_error_clear(&err);
	ck_assert_msg(lircd_conf_load_file(path, &conf, &err) == 0, "%s", err.message);
	return conf;
}

/* Parse text; expect ret and exactly this message (a failure leaves the result alone). */
static void check_error(const char *text, int ret, const char *expected)
{
	struct lircd_conf *conf = (struct lircd_conf *)&conf;
	struct ir_error err;

	ir_error_clear(&err);
	ck_assert_int_eq(lircd_conf_parse(text, strlen(text), "t.conf", &conf, &err), ret);
	ck_assert_ptr_eq(conf, (struct lircd_conf *)&conf);
	ck_assert_str_eq(err.message, expected);
}

/* A remote of NEC_PARAMS plus extra lines and codes: "begin remote" is line 1. */
static char *remote_text(const char *extra, const char *codes)
{
	char *text = NULL;

	ck_assert_int_ge(asprintf(&text,
				  "begin remote\n  name r\n" NEC_PARAMS "%s  begin codes\n%s"
				  "  end codes\nend remote\n",
				  extra, codes), 0);
	return text;
}

static void check_remote_error(const char *extra, const char *codes, const char *expected)
{
	char *text = remote_text(extra, codes);

	check_error(text, -EINVAL, expected);
	free(text);
}

static struct lircd_conf *remote_ok(const char *extra, const char *codes)
{
	char *text = remote_text(extra, codes);
	struct lircd_conf *conf = parse_ok(text);

	free(text);
	ck_assert_uint_eq(conf->remote_count, 1);
	return conf;
}

START_TEST(test_every_field)
{
	struct lircd_conf *conf = load_ok(DATA "every-field.conf");
	const struct lircd_remote *r = &conf->remotes[0];
	const struct lircd_button *b = r->buttons;

	ck_assert_uint_eq(conf->remote_count, 1);
	ck_assert_str_eq(r->name, "every-field");
	ck_assert_str_eq(r->filename, DATA "every-field.conf");
	ck_assert_uint_eq(r->line, 3);
	ck_assert_str_eq(r->driver, "default");
	ck_assert_uint_eq(r->flags, LIRCD_FLAG_SPACE_ENC | LIRCD_FLAG_REVERSE |
			  LIRCD_FLAG_NO_HEAD_REP | LIRCD_FLAG_NO_FOOT_REP |
			  LIRCD_FLAG_CONST_LENGTH | LIRCD_FLAG_REPEAT_HEADER);
	ck_assert_int_eq(r->encoding, LIRCD_ENCODING_SPACE);
	ck_assert_uint_eq(r->bits, 16);
	ck_assert_uint_eq(r->eps, 25);
	ck_assert_uint_eq(r->aeps, 110);
	ck_assert_uint_eq(r->header.pulse, 9001);
	ck_assert_uint_eq(r->header.space, 4502);
	ck_assert_uint_eq(r->three.pulse, 301);
	ck_assert_uint_eq(r->three.space, 302);
	ck_assert_uint_eq(r->two.pulse, 201);
	ck_assert_uint_eq(r->two.space, 202);
	ck_assert_uint_eq(r->one.pulse, 561);
	ck_assert_uint_eq(r->one.space, 1693);
	ck_assert_uint_eq(r->zero.pulse, 562);
	ck_assert_uint_eq(r->zero.space, 563);
	ck_assert_uint_eq(r->ptrail, 564);
	ck_assert_uint_eq(r->plead, 565);
	ck_assert_uint_eq(r->pre.pulse, 566);
	ck_assert_uint_eq(r->pre.space, 567);
	ck_assert_uint_eq(r->post.pulse, 568);
	ck_assert_uint_eq(r->post.space, 569);
	ck_assert_uint_eq(r->foot.pulse, 570);
	ck_assert_uint_eq(r->foot.space, 571);
	ck_assert_uint_eq(r->repeat.pulse, 9003);
	ck_assert_uint_eq(r->repeat.space, 2254);
	ck_assert_uint_eq(r->pre_data_bits, 8);
	ck_assert_uint_eq(r->pre_data, 0xa5);
	ck_assert_uint_eq(r->post_data_bits, 4);
	ck_assert_uint_eq(r->post_data, 10);		/* 012, octal */
	ck_assert_uint_eq(r->gap, 108005);
	ck_assert_uint_eq(r->gap2, 54003);
	ck_assert_uint_eq(r->repeat_gap, 40001);
	ck_assert_uint_eq(r->min_repeat, 2);
	ck_assert_uint_eq(r->min_code_repeat, 1);
	ck_assert_uint_eq(r->suppress_repeat, 3);
	ck_assert_uint_eq(r->toggle_bit, 5);
	/* Bit 5 from the first of 8 + 16 + 4 = 28 bits: 1 << 23. */
	ck_assert_uint_eq(r->toggle_bit_mask, 0x800000);
	ck_assert_uint_eq(r->toggle_mask, 0x10);
	ck_assert_uint_eq(r->repeat_mask, 0x20);
	ck_assert_uint_eq(r->ignore_mask, 0x40);
	ck_assert_uint_eq(r->rc6_mask, 0x80);
	ck_assert_uint_eq(r->frequency, 36000);
	ck_assert_uint_eq(r->duty_cycle, 33);
	ck_assert_uint_eq(r->baud, 9600);
	ck_assert_uint_eq(r->serial_bits, 7);
	ck_assert_int_eq(r->serial_parity, 'E');
	ck_assert_uint_eq(r->serial_stop_halves, 3);
	ck_assert(r->manual_sort);

	ck_assert_uint_eq(r->button_count, 5);
	ck_assert_str_eq(b[0].name, "KEY_POWER");
	ck_assert_uint_eq(b[0].line, 43);
	ck_assert_uint_eq(b[0].code_count, 1);
	ck_assert_uint_eq(b[0].codes[0], 0x00ff);
	ck_assert_ptr_null(b[0].durations);
	ck_assert_str_eq(b[1].name, "KEY_1");
	ck_assert_uint_eq(b[1].code_count, 2);
	ck_assert_uint_eq(b[1].codes[0], 0x807f);
	ck_assert_uint_eq(b[1].codes[1], 0x40bf);
	ck_assert_uint_eq(b[2].codes[0], 49407);
	ck_assert_uint_eq(b[3].codes[0], 127);		/* 0177, octal */
	/* A name given twice: both kept, in file order, as lircd keeps them. */
	ck_assert_str_eq(b[4].name, "KEY_POWER");
	ck_assert_uint_eq(b[4].codes[0], 0x10ef);
	ck_assert_uint_eq(b[4].line, 47);
	ck_assert_uint_eq(conf->code_count, 6);

	ck_assert_uint_eq(lircd_remote_frame_bits(r), 28);
	ck_assert_uint_eq(lircd_remote_frame_value(r, 0x807f), 0xa5807fa);
	lircd_conf_free(conf);
	lircd_conf_free(NULL);
}
END_TEST

START_TEST(test_raw_codes)
{
	struct lircd_conf *conf = load_ok(DATA "raw.conf");
	const struct lircd_remote *r = &conf->remotes[0];
	static const uint32_t power[] = { 9024, 4512, 564, 564, 564, 1692, 564 };

	ck_assert_int_eq(r->encoding, LIRCD_ENCODING_RAW);
	ck_assert_uint_eq(r->flags, LIRCD_FLAG_RAW_CODES | LIRCD_FLAG_CONST_LENGTH);
	ck_assert_uint_eq(r->gap, 50007);
	ck_assert_uint_eq(r->eps, 30);
	ck_assert_uint_eq(r->button_count, 3);
	ck_assert_str_eq(r->buttons[0].name, "KEY_POWER");
	ck_assert_uint_eq(r->buttons[0].line, 11);
	ck_assert_uint_eq(r->buttons[0].duration_count, 7);
	ck_assert_mem_eq(r->buttons[0].durations, power, sizeof(power));
	ck_assert_uint_eq(r->buttons[0].code_count, 0);
	ck_assert_ptr_null(r->buttons[0].codes);
	ck_assert_str_eq(r->buttons[1].name, "KEY_MUTE");
	ck_assert_uint_eq(r->buttons[1].duration_count, 3);
	ck_assert_uint_eq(r->buttons[1].durations[2], 1200);
	ck_assert_str_eq(r->buttons[2].name, "KEY_MUTE");
	ck_assert_uint_eq(r->buttons[2].duration_count, 1);
	ck_assert_uint_eq(conf->code_count, 3);
	lircd_conf_free(conf);

	/* begin raw_codes alone makes a raw remote; durations may be written 0x.. too. */
	conf = parse_ok("begin remote\n name x\n gap 100\n begin raw_codes\n name A\n 0x10 020 30\n"
			" end raw_codes\nend remote\n");
	r = &conf->remotes[0];
	ck_assert_int_eq(r->encoding, LIRCD_ENCODING_RAW);
	ck_assert_uint_eq(r->flags, LIRCD_FLAG_RAW_CODES);
	ck_assert_uint_eq(r->buttons[0].durations[0], 16);
	ck_assert_uint_eq(r->buttons[0].durations[1], 16);
	ck_assert_uint_eq(r->buttons[0].durations[2], 30);
	lircd_conf_free(conf);
}
END_TEST

START_TEST(test_raw_errors)
{
	static const char head[] = "begin remote\n name x\n flags RAW_CODES\n gap 100\n begin raw_codes\n";

	check_error("begin remote\n name x\n flags RAW_CODES\n gap 100\n begin raw_codes\n"
		    "  name A\n  100 200 300 400\n  name B\n 5\n end raw_codes\nend remote\n",
		    -EINVAL, "t.conf:6:8: raw button 'A' has 4 durations: it must end on a pulse, an odd count");
	check_error("begin remote\n name x\n flags RAW_CODES\n gap 100\n begin raw_codes\n"
		    "  name A\n  100 200\n end raw_codes\nend remote\n",
		    -EINVAL, "t.conf:6:8: raw button 'A' has 2 durations: it must end on a pulse, an odd count");
	check_error("begin remote\n name x\n flags RAW_CODES\n gap 100\n begin raw_codes\n"
		    "  name A\n  name B\n 1\n end raw_codes\nend remote\n",
		    -EINVAL, "t.conf:6:8: raw button 'A' has no duration");
	check_error("begin remote\n name x\n flags RAW_CODES\n gap 100\n begin raw_codes\n"
		    "  name A 100 200 300\n end raw_codes\nend remote\n",
		    -EINVAL, "t.conf:6:10: unexpected '100' after the button name: durations go on the next lines");
	check_error("begin remote\n name x\n flags RAW_CODES\n gap 100\n begin raw_codes\n"
		    "  100 200 300\n end raw_codes\nend remote\n",
		    -EINVAL, "t.conf:6:3: expected 'name' before a raw button's durations, found '100'");
	check_error("begin remote\n name x\n flags RAW_CODES\n gap 100\n begin raw_codes\n"
		    "  name A\n 100 0 300\n end raw_codes\nend remote\n",
		    -EINVAL, "t.conf:7:6: a raw duration of 0");
	check_error("begin remote\n name x\n flags RAW_CODES\n gap 100\n begin raw_codes\n"
		    "  name A\n 100 16777216 300\n end raw_codes\nend remote\n",
		    -EINVAL, "t.conf:7:6: duration: 16777216 is out of range (0 to 16777215)");
	check_error("begin remote\n name x\n flags RAW_CODES\n gap 100\n begin raw_codes\n"
		    "  name\n end raw_codes\nend remote\n",
		    -EINVAL, "t.conf:6:3: 'name' takes a button name");
	check_error("begin remote\n name x\n flags RAW_CODES\n gap 100\n begin codes\n"
		    "  A 0\n end codes\nend remote\n",
		    -EINVAL, "t.conf:5:2: 'begin codes' in a RAW_CODES remote: expected 'begin raw_codes'");
	check_error("begin remote\n name x\n" NEC_PARAMS " begin raw_codes\n"
		    "  name A\n 1\n end raw_codes\nend remote\n",
		    -EINVAL, "t.conf:10:2: 'begin raw_codes' in a SPACE_ENC remote");

	/* LIRCD_CONF_RAW_DURATIONS_MAX durations, then one more. */
	{
		size_t size = sizeof(head) + 64 + LIRCD_CONF_RAW_DURATIONS_MAX * 3 + 64, i;
		char *text = malloc(size), *p = text;
		struct lircd_conf *conf;

		ck_assert_ptr_nonnull(text);
		p += sprintf(p, "%s name A\n", head);
		for (i = 0; i < LIRCD_CONF_RAW_DURATIONS_MAX - 1; i++)
			p += sprintf(p, "9 ");
		strcpy(p, "\n end raw_codes\nend remote\n");
		conf = parse_ok(text);
		ck_assert_uint_eq(conf->remotes[0].buttons[0].duration_count,
				  LIRCD_CONF_RAW_DURATIONS_MAX - 1);
		lircd_conf_free(conf);
		sprintf(p, "7 7\n end raw_codes\nend remote\n");
		check_error(text, -EINVAL, "t.conf:7:2049: raw button 'A' has more than 1024 durations");
		free(text);
	}
}
END_TEST

START_TEST(test_flags)
{
	static const struct {
		const char *flags;
		unsigned int flag;
		enum lircd_encoding encoding;
	} cases[] = {
		{ "SPACE_ENC", LIRCD_FLAG_SPACE_ENC, LIRCD_ENCODING_SPACE },
		{ "SHIFT_ENC", LIRCD_FLAG_RC5, LIRCD_ENCODING_SHIFT },
		{ "RC5", LIRCD_FLAG_RC5, LIRCD_ENCODING_SHIFT },
		{ "RC6", LIRCD_FLAG_RC6, LIRCD_ENCODING_RC6 },
		{ "RCMM", LIRCD_FLAG_RCMM, LIRCD_ENCODING_RCMM },
		{ "SPACE_FIRST", LIRCD_FLAG_SPACE_FIRST, LIRCD_ENCODING_SPACE_FIRST },
		{ "GOLDSTAR", LIRCD_FLAG_GOLDSTAR, LIRCD_ENCODING_GOLDSTAR },
		{ "GRUNDIG", LIRCD_FLAG_GRUNDIG, LIRCD_ENCODING_GRUNDIG },
		{ "BO", LIRCD_FLAG_BO, LIRCD_ENCODING_BO },
		{ "XMP", LIRCD_FLAG_XMP, LIRCD_ENCODING_XMP },
		{ "SERIAL", LIRCD_FLAG_SERIAL, LIRCD_ENCODING_SERIAL },
		{ "REVERSE", LIRCD_FLAG_REVERSE, LIRCD_ENCODING_SPACE },
		{ "NO_HEAD_REP", LIRCD_FLAG_NO_HEAD_REP, LIRCD_ENCODING_SPACE },
		{ "NO_FOOT_REP", LIRCD_FLAG_NO_FOOT_REP, LIRCD_ENCODING_SPACE },
		{ "CONST_LENGTH", LIRCD_FLAG_CONST_LENGTH, LIRCD_ENCODING_SPACE },
		{ "REPEAT_HEADER", LIRCD_FLAG_REPEAT_HEADER, LIRCD_ENCODING_SPACE },
		{ "rc6|const_length", LIRCD_FLAG_RC6 | LIRCD_FLAG_CONST_LENGTH, LIRCD_ENCODING_RC6 },
		{ "RC5|SHIFT_ENC", LIRCD_FLAG_RC5, LIRCD_ENCODING_SHIFT },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *text = NULL;
		struct lircd_conf *conf;

		ck_assert_int_ge(asprintf(&text,
					  "begin remote\n name x\n flags %s\n bits 4\n one 100 200\n"
					  " zero 100 400\n two 100 600\n three 100 800\n gap 9000\n"
					  " begin codes\n A 0x5\n end codes\nend remote\n",
					  cases[i].flags), 0);
		conf = parse_ok(text);
		ck_assert_msg(conf->remotes[0].flags == cases[i].flag, "%s", cases[i].flags);
		ck_assert_msg(conf->remotes[0].encoding == cases[i].encoding, "%s", cases[i].flags);
		lircd_conf_free(conf);
		free(text);
	}
	for (i = 0; i < LIRCD_ENCODING_MAX; i++)
		ck_assert_ptr_nonnull(lircd_encoding_name(i));
	ck_assert_str_eq(lircd_encoding_name(LIRCD_ENCODING_SHIFT), "RC5");
	ck_assert_ptr_null(lircd_encoding_name(LIRCD_ENCODING_MAX));

	check_remote_error("  flags SPACE_ENC|BOGUS\n", "",
			   "t.conf:10:19: flags: unknown flag 'BOGUS'");
	check_remote_error("  flags SPACE_ENC||REVERSE\n", "", "t.conf:10:19: flags: an empty flag");
	check_remote_error("  flags SPACE_ENC|\n", "", "t.conf:10:19: flags: an empty flag");
	check_remote_error("  flags CONST_LENGTH|RC5|SPACE_ENC\n", "",
			   "t.conf:10:26: flags: more than one protocol ('SPACE_ENC')");
	check_remote_error("  flags RAW_CODES|SPACE_ENC\n", "",
			   "t.conf:10:19: flags: more than one protocol ('SPACE_ENC')");
	/* lircd reads one token: "A | B" would silently be A alone there. */
	check_remote_error("  flags SPACE_ENC | REVERSE\n", "",
			   "t.conf:10:19: 'flags': unexpected '|' after its value");
}
END_TEST

START_TEST(test_numbers_and_case)
{
	struct lircd_conf *conf;
	const struct lircd_remote *r;

	/* Keywords and section words in any case; numbers in base 0, as lircd's strtoull. */
	conf = parse_ok("BEGIN Remote\n NAME MixedCase\n Bits 010\n FLAGS space_enc\n"
			" one 0x230 1690\n zero 560 01060\n Gap 108000\n Begin CODES\n"
			" Up 0x1f\n Down 017\n Left 10\n END codes\nEnd REMOTE\n");
	r = &conf->remotes[0];
	ck_assert_str_eq(r->name, "MixedCase");
	ck_assert_uint_eq(r->bits, 8);
	ck_assert_uint_eq(r->one.pulse, 560);
	ck_assert_uint_eq(r->zero.space, 560);
	ck_assert_uint_eq(r->buttons[0].codes[0], 31);
	ck_assert_uint_eq(r->buttons[1].codes[0], 15);
	ck_assert_uint_eq(r->buttons[2].codes[0], 10);
	ck_assert_str_eq(r->buttons[0].name, "Up");
	lircd_conf_free(conf);

	/* CRLF line ends, as files edited elsewhere have them; tabs and form feeds are blanks. */
	conf = parse_ok("begin remote\r\n\tname\tcrlf\r\n bits 4\f\r\n one 1 2\r\n zero 1 3\r\n"
			" gap 100\r\n begin codes\r\n A 0x5\r\n end codes\r\nend remote\r\n");
	ck_assert_str_eq(conf->remotes[0].name, "crlf");
	ck_assert_uint_eq(conf->remotes[0].bits, 4);
	ck_assert_uint_eq(conf->remotes[0].buttons[0].codes[0], 5);
	lircd_conf_free(conf);

	/* Full 64 bits. */
	conf = parse_ok("begin remote\n name w\n bits 64\n one 1 2\n zero 1 3\n gap 100\n"
			" toggle_bit_mask 0xffffffffffffffff\n begin codes\n"
			" A 0xFFFFFFFFFFFFFFFF\n B 18446744073709551615\n end codes\nend remote\n");
	ck_assert_uint_eq(conf->remotes[0].buttons[0].codes[0], UINT64_MAX);
	ck_assert_uint_eq(conf->remotes[0].buttons[1].codes[0], UINT64_MAX);
	ck_assert_uint_eq(conf->remotes[0].toggle_bit_mask, UINT64_MAX);
	lircd_conf_free(conf);

	check_remote_error("", "  A 0x1g\n", "t.conf:11:5: code: '0x1g' is not a number");
	check_remote_error("", "  A -1\n", "t.conf:11:5: code: '-1' is not a number");
	check_remote_error("", "  A 0x\n", "t.conf:11:5: code: '0x' is not a number");
	check_remote_error("", "  A 08\n", "t.conf:11:5: code: '08' is not a number");
	check_remote_error("", "  A 0x10000000000000000\n",
			   "t.conf:11:5: code: '0x10000000000000000' is not a number");
	check_remote_error("  aeps 16777216\n", "",
			   "t.conf:10:8: aeps: 16777216 is out of range (0 to 16777215)");
	check_remote_error("  header 9000 0x1000000\n", "",
			   "t.conf:10:15: header: 0x1000000 is out of range (0 to 16777215)");
	check_remote_error("  min_repeat 256\n", "",
			   "t.conf:10:14: min_repeat: 256 is out of range (0 to 255)");
	check_remote_error("  manual_sort 2\n", "",
			   "t.conf:10:15: manual_sort: 2 is out of range (0 to 1)");
}
END_TEST

START_TEST(test_codes)
{
	struct lircd_conf *conf;
	const struct lircd_remote *r;

	/* Two buttons of one code: both kept (lircd decodes the first). Comments anywhere. */
	conf = remote_ok("", "  A 0x1 # the first\n  B 0x1\n# a comment line\n  C 0x2 0x3 0x4\n"
			 "  begin 0x5\n  end 0x6\n");
	r = &conf->remotes[0];
	ck_assert_uint_eq(r->button_count, 5);
	ck_assert_uint_eq(r->buttons[0].code_count, 1);
	ck_assert_uint_eq(r->buttons[1].codes[0], 1);
	ck_assert_uint_eq(r->buttons[2].code_count, 3);
	ck_assert_uint_eq(r->buttons[2].codes[2], 4);
	ck_assert_uint_eq(r->buttons[2].line, 14);
	ck_assert_str_eq(r->buttons[3].name, "begin");
	ck_assert_str_eq(r->buttons[4].name, "end");
	ck_assert_uint_eq(conf->code_count, 7);
	lircd_conf_free(conf);

	/*
	 * '#' in the first column is a comment; past blanks, the first word of a code line
	 * is a button name as lircd reads it (Hauppauge's remotes have a button "#").
	 */
	conf = remote_ok("  # a comment among the parameters\n",
			 "# 0x1 a comment\n          #   0x0E\n  #B 0x7 # a comment\n");
	r = &conf->remotes[0];
	ck_assert_uint_eq(r->button_count, 2);
	ck_assert_str_eq(r->buttons[0].name, "#");
	ck_assert_uint_eq(r->buttons[0].codes[0], 0x0e);
	ck_assert_str_eq(r->buttons[1].name, "#B");
	ck_assert_uint_eq(r->buttons[1].code_count, 1);
	lircd_conf_free(conf);
	check_remote_error("", "    # the number keys\n",
			   "t.conf:11:7: code: 'the' is not a number");

	/* A generic remote: no button. */
	conf = remote_ok("", "");
	ck_assert_uint_eq(conf->remotes[0].button_count, 0);
	ck_assert_ptr_null(conf->remotes[0].buttons);
	lircd_conf_free(conf);

	check_remote_error("", "  A\n", "t.conf:11:3: button 'A' has no code");
	/* A code wider than bits keeps its low bits, as lircd reads it, and says so. */
	conf = remote_ok("", "  A 0x100\n  B 1 2 0x1FF\n  C 0xFF\n");
	ck_assert_uint_eq(conf->remotes[0].buttons[0].codes[0], 0);
	ck_assert(conf->remotes[0].buttons[0].code_masked);
	ck_assert_uint_eq(conf->remotes[0].buttons[1].codes[2], 0xff);
	ck_assert(conf->remotes[0].buttons[1].code_masked);
	ck_assert_uint_eq(conf->remotes[0].buttons[2].codes[0], 0xff);
	ck_assert(!conf->remotes[0].buttons[2].code_masked);
	lircd_conf_free(conf);
	/*
	 * Names that are not text are read, as lircd reads them, their control and
	 * non-ASCII bytes as \xNN, and marked (the keymap layer leaves them out).
	 */
	conf = remote_ok("", "  A\x01 1\n  \xc3\x28 2\n  FFWD_\xe9 3\n  B 4\n");
	ck_assert_uint_eq(conf->remotes[0].button_count, 4);
	ck_assert_str_eq(conf->remotes[0].buttons[0].name, "A\\x01");
	ck_assert_str_eq(conf->remotes[0].buttons[1].name, "\\xC3(");
	ck_assert_str_eq(conf->remotes[0].buttons[2].name, "FFWD_\\xE9");
	ck_assert(conf->remotes[0].buttons[0].name_not_text);
	ck_assert(conf->remotes[0].buttons[1].name_not_text);
	ck_assert(conf->remotes[0].buttons[2].name_not_text);
	ck_assert(!conf->remotes[0].buttons[3].name_not_text);
	ck_assert_uint_eq(conf->remotes[0].buttons[2].codes[0], 3);
	lircd_conf_free(conf);
	/* UTF-8 names are kept as written. */
	conf = remote_ok("", "  Lautst\xc3\xa4rke+ 1\n");
	ck_assert_str_eq(conf->remotes[0].buttons[0].name, "Lautst\xc3\xa4rke+");
	ck_assert(!conf->remotes[0].buttons[0].name_not_text);
	lircd_conf_free(conf);
}
END_TEST

START_TEST(test_remote_and_size_limits)
{
	static const char tiny[] = "begin remote\n name r\nend remote\n";
	size_t size = (LIRCD_CONF_REMOTES_MAX + 1) * (sizeof(tiny) - 1) + 1, i;
	char *text = malloc(LIRCD_CONF_FILE_MAX + 2), *p = text;
	struct lircd_conf *conf;

	ck_assert_ptr_nonnull(text);
	ck_assert_uint_lt(size, LIRCD_CONF_FILE_MAX);
	for (i = 0; i < LIRCD_CONF_REMOTES_MAX; i++)
		p += sprintf(p, "%s", tiny);
	conf = parse_ok(text);
	ck_assert_uint_eq(conf->remote_count, LIRCD_CONF_REMOTES_MAX);
	ck_assert_int_eq(conf->remotes[0].encoding, LIRCD_ENCODING_DRIVER);
	lircd_conf_free(conf);
	sprintf(p, "%s", tiny);
	check_error(text, -EINVAL, "t.conf:3073:1: more than 1024 remotes");

	/* LIRCD_CONF_FILE_MAX bytes of blanks are read; one more is refused. */
	memset(text, ' ', LIRCD_CONF_FILE_MAX + 1);
	text[LIRCD_CONF_FILE_MAX + 1] = '\0';
	check_error(text, -EFBIG, "t.conf: larger than 2097152 bytes");
	text[LIRCD_CONF_FILE_MAX] = '\0';
	conf = parse_ok(text);
	ck_assert_uint_eq(conf->remote_count, 0);
	lircd_conf_free(conf);
	free(text);
}
END_TEST

START_TEST(test_code_limit)
{
	/* LIRCD_CONF_CODES_MAX codes over two remotes, then the 8193rd. */
	size_t size = 200 + LIRCD_CONF_CODES_MAX * 16, i;
	char *text = malloc(size), *p = text;
	struct lircd_conf *conf;

	ck_assert_ptr_nonnull(text);
	p += sprintf(p, "begin remote\n name a\n" NEC_PARAMS " begin codes\n");
	for (i = 0; i < LIRCD_CONF_CODES_MAX - 1; i++)
		p += sprintf(p, " K%zu 0x%zx\n", i, i & 0xff);
	p += sprintf(p, " end codes\nend remote\n");
	p += sprintf(p, "begin remote\n name b\n" NEC_PARAMS " begin codes\n X 1");
	strcpy(p, "\n end codes\nend remote\n");
	conf = parse_ok(text);
	ck_assert_uint_eq(conf->code_count, LIRCD_CONF_CODES_MAX);
	ck_assert_uint_eq(conf->remotes[0].button_count, LIRCD_CONF_CODES_MAX - 1);
	lircd_conf_free(conf);
	strcpy(p, " 2\n end codes\nend remote\n");
	check_error(text, -EINVAL, "t.conf:8214:6: more than 8192 codes");
	free(text);
}
END_TEST

START_TEST(test_toggle_and_repeated_parameters)
{
	struct lircd_conf *conf;

	/* toggle_bit N counts from 1 at the frame's first bit: 8 + 8 bits, bit 3 = 1 << 13. */
	conf = remote_ok("  pre_data_bits 8\n  pre_data 0x12\n  toggle_bit 3\n", "");
	ck_assert_uint_eq(conf->remotes[0].toggle_bit_mask, 1u << 13);
	lircd_conf_free(conf);
	/* repeat_bit is its old name; toggle_bit_mask wins over it, before or after it. */
	conf = remote_ok("  repeat_bit 8\n", "");
	ck_assert_uint_eq(conf->remotes[0].toggle_bit, 8);
	ck_assert_uint_eq(conf->remotes[0].toggle_bit_mask, 1);
	lircd_conf_free(conf);
	conf = remote_ok("  toggle_bit_mask 0x4\n  toggle_bit 3\n", "");
	ck_assert_uint_eq(conf->remotes[0].toggle_bit_mask, 4);
	lircd_conf_free(conf);
	conf = remote_ok("  toggle_bit 3\n  toggle_bit_mask 0x4\n", "");
	ck_assert_uint_eq(conf->remotes[0].toggle_bit_mask, 4);
	lircd_conf_free(conf);
	/* toggle_bit 0 is none. */
	conf = remote_ok("  toggle_bit 0\n", "");
	ck_assert_uint_eq(conf->remotes[0].toggle_bit_mask, 0);
	lircd_conf_free(conf);
	/* Given twice, the last wins (lircd's database has such files), also the name. */
	conf = remote_ok("  bits 4\n  name second\n  gap 1 2\n  gap 3\n", "  A 0xf\n");
	ck_assert_uint_eq(conf->remotes[0].bits, 4);
	ck_assert_str_eq(conf->remotes[0].name, "second");
	ck_assert_uint_eq(conf->remotes[0].gap, 3);
	ck_assert_uint_eq(conf->remotes[0].gap2, 2);
	ck_assert_uint_eq(conf->remotes[0].name_words_line, 0);
	lircd_conf_free(conf);
	/* A name of more words is its first, as lircd reads it; the line says so. */
	conf = remote_ok("  name HP tx1000 # media\n", "");
	ck_assert_str_eq(conf->remotes[0].name, "HP");
	ck_assert_uint_eq(conf->remotes[0].name_words_line, 10);
	lircd_conf_free(conf);

	check_remote_error("  toggle_bit 9\n", "",
			   "t.conf:10:3: toggle_bit 9 is past the frame's 8 bits");

	/*
	 * RC-6: toggle_bit (not toggle_bit_mask) is also the double bit when rc6_mask is
	 * not given, as irsimsend sends LIRC's generic RC-6; an rc6_mask given wins.
	 */
	conf = parse_ok("begin remote\n name r\n flags RC6\n bits 8\n pre_data_bits 13\n"
			" header 2667 889\n one 444 444\n zero 444 444\n gap 108000\n"
			" toggle_bit 5\nend remote\n");
	ck_assert_uint_eq(conf->remotes[0].rc6_mask, 1u << 16);
	lircd_conf_free(conf);
	conf = parse_ok("begin remote\n name r\n flags RC6\n bits 8\n pre_data_bits 13\n"
			" header 2667 889\n one 444 444\n zero 444 444\n gap 108000\n"
			" rc6_mask 0x100\n toggle_bit 5\nend remote\n");
	ck_assert_uint_eq(conf->remotes[0].rc6_mask, 0x100);
	lircd_conf_free(conf);
	conf = parse_ok("begin remote\n name r\n flags RC6\n bits 8\n pre_data_bits 13\n"
			" header 2667 889\n one 444 444\n zero 444 444\n gap 108000\n"
			" toggle_bit_mask 0x10000\nend remote\n");
	ck_assert_uint_eq(conf->remotes[0].rc6_mask, 0);
	lircd_conf_free(conf);
}
END_TEST

START_TEST(test_remote_errors)
{
	check_remote_error("  foo 12\n", "", "t.conf:10:3: unknown keyword 'foo' in a remote");
	check_remote_error("  bits 65\n", "", "t.conf:10:8: bits: 65 is out of range (0 to 64)");
	check_remote_error("  pre_data_bits 32\n  post_data_bits 25\n", "",
			   "t.conf:3:3: pre_data_bits + bits + post_data_bits is 65, more than 64");
	check_remote_error("  pre_data_bits 4\n  pre_data 0x10\n", "",
			   "t.conf:11:3: pre_data does not fit in 4 bits");
	check_remote_error("  post_data 1\n", "", "t.conf:10:3: post_data does not fit in 0 bits");
	check_remote_error("  eps 101\n", "", "t.conf:10:7: eps: 101 is out of range (0 to 100)");
	check_remote_error("  duty_cycle 0\n", "",
			   "t.conf:10:14: duty_cycle: 0 is out of range (1 to 100)");
	check_remote_error("  duty_cycle 101\n", "",
			   "t.conf:10:14: duty_cycle: 101 is out of range (1 to 100)");
	check_remote_error("  gap 0\n", "", "t.conf:10:3: no gap (or gap 0): a frame's end cannot be told");
	check_remote_error("  one 0 833\n  zero 833 0\n", "",
			   "t.conf:10:3: 'one' needs a pulse and a space longer than 0 in a SPACE_ENC remote");
	check_remote_error("  zero 560 0\n", "",
			   "t.conf:10:3: 'zero' needs a pulse and a space longer than 0 in a SPACE_ENC remote");
	check_remote_error("  zero 560 1690\n", "",
			   "t.conf:10:3: 'one' and 'zero' are the same: every code would send the same signal");
	check_remote_error("  header 9000\n", "",
			   "t.conf:10:3: 'header' takes two values (a pulse and a space)");
	check_remote_error("  bits\n", "", "t.conf:10:3: 'bits' takes a value");
	check_remote_error("  bits 8 9\n", "", "t.conf:10:10: 'bits': unexpected '9' after its value");
	check_remote_error("  serial_mode 9N1\n", "",
			   "t.conf:10:15: serial_mode: '9N1' is not BITS PARITY STOP (such as 8N1)");
	check_remote_error("  serial_mode 8X1\n", "",
			   "t.conf:10:15: serial_mode: '8X1' is not BITS PARITY STOP (such as 8N1)");
	check_remote_error("  serial_mode 8N3\n", "",
			   "t.conf:10:15: serial_mode: '8N3' is not BITS PARITY STOP (such as 8N1)");
	check_remote_error("  name a\x7f\n", "",
			   "t.conf:10:8: name 'a?' is not UTF-8 text without control characters");

	/* Where the block began, for what is missing. */
	check_error("# x\nbegin remote\n" NEC_PARAMS "end remote\n", -EINVAL,
		    "t.conf:2:1: the remote has no name");
	check_error("begin remote\n name a\n bits 8\n flags SPACE_ENC\n one 1 2\n zero 1 3\n"
		    " begin codes\n end codes\nend remote\n",
		    -EINVAL, "t.conf:1:1: no gap (or gap 0): a frame's end cannot be told");
	check_error("begin remote\n name a\n" NEC_PARAMS, -EINVAL,
		    "t.conf:1:1: the file ends inside this remote: no 'end remote'");
	check_error("begin remote\n name a\n" NEC_PARAMS "  begin codes\n A 1\n", -EINVAL,
		    "t.conf:10:3: the file ends inside 'begin codes'");
	check_error("begin remote\n name a\n gap 1\n begin raw_codes\n name A\n 1\n", -EINVAL,
		    "t.conf:4:2: the file ends inside 'begin raw_codes'");
	check_error("begin remote\n name a\n" NEC_PARAMS "begin remote\n", -EINVAL,
		    "t.conf:10:1: unexpected 'begin remote' in a remote");
	check_error("begin remote\n name a\n" NEC_PARAMS " begin codes\n A 1\nend remote\n",
		    -EINVAL, "t.conf:12:1: unexpected 'end remote' in 'begin codes'");
	check_error("end remote\n", -EINVAL, "t.conf:1:1: unexpected 'end remote' outside a remote");
	check_error("begin remote extra\n", -EINVAL,
		    "t.conf:1:14: unexpected 'extra' after 'begin remote'");
	check_error("begin\n", -EINVAL, "t.conf:1:1: 'begin' takes a section name");
	check_error("  bits 8\n", -EINVAL,
		    "t.conf:1:3: expected 'begin remote' or 'include', found 'bits'");
	check_error("begin remote\n name a\n" NEC_PARAMS " begin codes\n end codes\n"
		    " begin codes\n end codes\nend remote\n",
		    -EINVAL, "t.conf:12:2: a second code section in one remote");
	check_error("begin remote\n name a\n" NEC_PARAMS " begin codes\n end codes\n"
		    " eps 20\nend remote\n",
		    -EINVAL, "t.conf:12:2: 'eps' after the codes: a remote's parameters come before them");
	{
		/* Past the NUL: strlen would stop there, so pass the length by hand. */
		static const char text[] = "begin remote\n name a\0b\nend remote\n";
		struct lircd_conf *conf = NULL;
		struct ir_error err;

		ck_assert_int_eq(lircd_conf_parse(text, sizeof(text) - 1, "t.conf", &conf, &err),
				 -EINVAL);
		ck_assert_str_eq(err.message, "t.conf:2:8: unexpected NUL character");
	}
}
END_TEST

START_TEST(test_encodings_checked)
{
	struct lircd_conf *conf;

	/* Codes decoded by a driver (devinput): no timings, no gap needed. */
	conf = parse_ok("begin remote\n name devinput\n bits 16\n eps 30\n aeps 100\n"
			" pre_data_bits 16\n pre_data 0x0001\n post_data_bits 32\n"
			" post_data 0x00000001\n gap 132799\n toggle_bit 0\n driver devinput\n"
			" begin codes\n KEY_0 11\n KEY_10CHANNELSDOWN 0x1b9\n end codes\nend remote\n"
			"begin remote\n name nogap\n bits 8\n begin codes\n A 1\n end codes\n"
			"end remote\n");
	ck_assert_uint_eq(conf->remote_count, 2);
	ck_assert_int_eq(conf->remotes[0].encoding, LIRCD_ENCODING_DRIVER);
	ck_assert_str_eq(conf->remotes[0].driver, "devinput");
	ck_assert_uint_eq(lircd_remote_frame_value(&conf->remotes[0], 0x1b9), 0x000101b900000001ull);
	ck_assert_int_eq(conf->remotes[1].encoding, LIRCD_ENCODING_DRIVER);
	ck_assert_uint_eq(conf->remotes[1].gap, 0);
	ck_assert_uint_eq(conf->remotes[1].line, 18);
	lircd_conf_free(conf);

	/* XMP's one has no pulse: only SPACE_ENC needs both. RC-MM needs its four symbols. */
	conf = parse_ok("begin remote\n name xmp\n bits 32\n flags XMP\n one 0 137\n"
			" zero 250 710\n ptrail 250\n gap 81698\n begin codes\n end codes\n"
			"end remote\n");
	ck_assert_int_eq(conf->remotes[0].encoding, LIRCD_ENCODING_XMP);
	lircd_conf_free(conf);
	check_error("begin remote\n name rcmm\n bits 12\n flags RCMM\n one 167 444\n"
		    " zero 167 278\n two 167 611\n gap 9000\n begin codes\n end codes\nend remote\n",
		    -EINVAL, "t.conf:1:1: 'three' needs a pulse and a space longer than 0 in a RCMM remote");
}
END_TEST

/* Files in a temporary directory, for includes. */
static char tmpdir[PATH_MAX];

static void write_file(const char *name, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void write_file(const char *name, const char *fmt, ...)
{
	char path[PATH_MAX * 2];
	va_list args;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	va_start(args, fmt);
	vfprintf(f, fmt, args);
	va_end(args);
	ck_assert_int_eq(fclose(f), 0);
}

static char *tmp_path(const char *name)
{
	static char path[PATH_MAX * 2];

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	return path;
}

static void setup_tmpdir(void)
{
	const char *base = getenv("TMPDIR");

	snprintf(tmpdir, sizeof(tmpdir), "%s/test-lircd-conf.XXXXXX", base ? base : "/tmp");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
	ck_assert_int_eq(mkdir(tmp_path("sub"), 0700), 0);
	ck_assert_int_eq(mkdir(tmp_path("sub/parts"), 0700), 0);
}

static void teardown_tmpdir(void)
{
	char command[PATH_MAX + 16];

	snprintf(command, sizeof(command), "rm -rf '%s'", tmpdir);
	ck_assert_int_eq(system(command), 0);
}

#define REMOTE(name) "begin remote\n name " name "\n" NEC_PARAMS " begin codes\n A 1\n end codes\nend remote\n"

static void check_load_error(const char *name, int ret, const char *expected_suffix)
{
	struct lircd_conf *conf = (struct lircd_conf *)&conf;
	struct ir_error err;
	char expected[PATH_MAX * 6];

	snprintf(expected, sizeof(expected), "%s/%s", tmpdir, expected_suffix);
	ck_assert_int_eq(lircd_conf_load_file(tmp_path(name), &conf, &err), ret);
	ck_assert_ptr_eq(conf, (struct lircd_conf *)&conf);
	ck_assert_str_eq(err.message, expected);
}

START_TEST(test_includes)
{
	struct lircd_conf *conf;
	char expected[PATH_MAX * 4];

	/* Relative to the including file's directory, patterns sorted, in place. */
	write_file("main.conf", REMOTE("first") "include \"sub/one.conf\"\n" REMOTE("last"));
	write_file("sub/one.conf", "# from sub/\ninclude \"parts/*.conf\"   # a comment\n"
		   "include \"parts/none-*.conf\"\n" REMOTE("one"));
	write_file("sub/parts/b.conf", REMOTE("part-b"));
	write_file("sub/parts/a.conf", REMOTE("part-a"));
	write_file("sub/parts/c.txt", REMOTE("not-included"));
	conf = load_ok(tmp_path("main.conf"));
	ck_assert_uint_eq(conf->remote_count, 5);
	ck_assert_str_eq(conf->remotes[0].name, "first");
	ck_assert_str_eq(conf->remotes[1].name, "part-a");
	ck_assert_str_eq(conf->remotes[2].name, "part-b");
	ck_assert_str_eq(conf->remotes[3].name, "one");
	ck_assert_str_eq(conf->remotes[4].name, "last");
	ck_assert_str_eq(conf->remotes[0].filename, tmp_path("main.conf"));
	ck_assert_str_eq(conf->remotes[1].filename, tmp_path("sub/parts/a.conf"));
	ck_assert_str_eq(conf->remotes[3].filename, tmp_path("sub/one.conf"));
	ck_assert_uint_eq(conf->remotes[3].line, 4);
	ck_assert_uint_eq(conf->remotes[4].line, 15);
	ck_assert_uint_eq(conf->filename_count, 4);
	ck_assert_uint_eq(conf->code_count, 5);
	lircd_conf_free(conf);

	/* An absolute path; the same file twice side by side is no cycle. */
	write_file("abs.conf", "include \"%s\"\ninclude \"sub/parts/a.conf\"\n",
		   tmp_path("sub/parts/a.conf"));
	conf = load_ok(tmp_path("abs.conf"));
	ck_assert_uint_eq(conf->remote_count, 2);
	lircd_conf_free(conf);

	/* Errors in an included file name it; a missing file names the include line. */
	write_file("bad.conf", REMOTE("ok") "\ninclude \"sub/broken.conf\"\n");
	write_file("sub/broken.conf", "begin remote\n name x\n bogus 1\nend remote\n");
	check_load_error("bad.conf", -EINVAL, "sub/broken.conf:3:2: unknown keyword 'bogus' in a remote");
	write_file("missing.conf", "\n  include   \"nowhere.conf\"\n");
	snprintf(expected, sizeof(expected), "missing.conf:2:13: cannot read '%s': %s",
		 tmp_path("nowhere.conf"), strerror(ENOENT));
	check_load_error("missing.conf", -ENOENT, expected);
	write_file("quote.conf", "include sub/one.conf\n");
	check_load_error("quote.conf", -EINVAL, "quote.conf:1:9: include takes a path in double quotes");
	write_file("quote2.conf", "include \"sub/one.conf\n");
	check_load_error("quote2.conf", -EINVAL, "quote2.conf:1:9: include: invalid quoting");
	write_file("quote3.conf", "include \"a.conf\" b\n");
	check_load_error("quote3.conf", -EINVAL,
			 "quote3.conf:1:18: include: unexpected 'b' after the path");
	write_file("inremote.conf", "begin remote\n include \"a.conf\"\nend remote\n");
	check_load_error("inremote.conf", -EINVAL,
			 "inremote.conf:2:2: unknown keyword 'include' in a remote");

	/* The first file's own errors. */
	snprintf(expected, sizeof(expected), "%s: %s", tmp_path("absent.conf"), strerror(ENOENT));
	ck_assert_int_eq(lircd_conf_load_file(tmp_path("absent.conf"), &conf, NULL), -ENOENT);
	check_load_error("absent.conf", -ENOENT, expected + strlen(tmpdir) + 1);

	/* LIRCD_CONF_FILES_MAX files in all, the first one included. */
	{
		char name[64];
		int i;

		ck_assert_int_eq(mkdir(tmp_path("many"), 0700), 0);
		for (i = 1; i < LIRCD_CONF_FILES_MAX; i++) {
			snprintf(name, sizeof(name), "many/%03d.conf", i);
			write_file(name, "\n");
		}
		write_file("many.conf", "include \"many/*.conf\"\n");
		conf = load_ok(tmp_path("many.conf"));
		ck_assert_uint_eq(conf->filename_count, LIRCD_CONF_FILES_MAX);
		lircd_conf_free(conf);
		write_file("many/999.conf", "\n");
		check_load_error("many.conf", -EINVAL, "many.conf:1:9: more than 256 files");
	}

	/* A file past LIRCD_CONF_FILE_MAX, included. */
	{
		char *big = malloc(LIRCD_CONF_FILE_MAX + 2);

		ck_assert_ptr_nonnull(big);
		memset(big, '\n', LIRCD_CONF_FILE_MAX + 1);
		big[LIRCD_CONF_FILE_MAX + 1] = '\0';
		write_file("big.conf", "%s", big);
		free(big);
		write_file("includes-big.conf", "include \"big.conf\"\n");
		snprintf(expected, sizeof(expected),
			 "includes-big.conf:1:9: '%s' is larger than 2097152 bytes", tmp_path("big.conf"));
		check_load_error("includes-big.conf", -EFBIG, expected);
	}

	/* From memory, include lines are not followed. */
	check_error("include \"x.conf\"\n", -EINVAL,
		    "t.conf:1:1: include is followed only when reading a file");
}
END_TEST

START_TEST(test_include_cycles_and_depth)
{
	struct lircd_conf *conf;
	char name[32], expected[PATH_MAX * 4];
	int i;

	write_file("self.conf", "include \"self.conf\"\n");
	snprintf(expected, sizeof(expected),
		 "self.conf:1:9: include cycle: '%s' is already being read", tmp_path("self.conf"));
	check_load_error("self.conf", -ELOOP, expected);
	write_file("a.conf", REMOTE("a") "include \"sub/b.conf\"\n");
	write_file("sub/b.conf", "\ninclude \"../a.conf\"\n");
	snprintf(expected, sizeof(expected),
		 "sub/b.conf:2:9: include cycle: '%s' is already being read", tmp_path("sub/../a.conf"));
	check_load_error("a.conf", -ELOOP, expected);

	/* d0 includes d1 ... d8: LIRCD_CONF_INCLUDE_DEPTH_MAX deep is fine, d9 is not. */
	for (i = 0; i < LIRCD_CONF_INCLUDE_DEPTH_MAX; i++) {
		snprintf(name, sizeof(name), "d%d.conf", i);
		write_file(name, "include \"d%d.conf\"\n", i + 1);
	}
	snprintf(name, sizeof(name), "d%d.conf", LIRCD_CONF_INCLUDE_DEPTH_MAX);
	write_file(name, REMOTE("deepest"));
	conf = load_ok(tmp_path("d0.conf"));
	ck_assert_uint_eq(conf->remote_count, 1);
	ck_assert_uint_eq(conf->filename_count, LIRCD_CONF_INCLUDE_DEPTH_MAX + 1);
	lircd_conf_free(conf);
	write_file(name, "include \"d%d.conf\"\n", LIRCD_CONF_INCLUDE_DEPTH_MAX + 1);
	snprintf(name, sizeof(name), "d%d.conf", LIRCD_CONF_INCLUDE_DEPTH_MAX + 1);
	write_file(name, REMOTE("too-deep"));
	check_load_error("d0.conf", -ELOOP, "d8.conf:1:9: includes nested deeper than 8 files");
}
END_TEST

/*
 * An include reads regular files only, and never waits (issue 27): a FIFO blocked the
 * reader for ever, /proc/kmsg too, a device could be opened at boot. Each is refused
 * at once with the include line and the path.
 */
START_TEST(test_include_only_regular_files)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	char expected[PATH_MAX * 4];
	static const char *const names[] = { "fifo", "sub", "/dev/null", "socket" };
	size_t i;
	int fd;

	ck_assert_int_eq(mkfifo(tmp_path("fifo"), 0600), 0);
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	ck_assert_int_ge(fd, 0);
	ck_assert_uint_lt(strlen(tmp_path("socket")), sizeof(addr.sun_path));
	memcpy(addr.sun_path, tmp_path("socket"), strlen(tmp_path("socket")) + 1);
	ck_assert_int_eq(bind(fd, (struct sockaddr *)&addr, sizeof(addr)), 0);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		write_file("special.conf", REMOTE("ok") "include \"%s\"\n", names[i]);
		snprintf(expected, sizeof(expected),
			 "special.conf:14:9: '%s' is not a regular file (a directory, device, "
			 "FIFO or socket is never read)",
			 names[i][0] == '/' ? names[i] : tmp_path(names[i]));
		check_load_error("special.conf", -EINVAL, expected);
	}
	close(fd);
	/* A regular file of the kernel's: /proc/kmsg blocked, and takes what it gives. */
	write_file("special.conf", "include \"/proc/self/status\"\n");
	check_load_error("special.conf", -EINVAL, "special.conf:1:9: '/proc/self/status' is a "
			 "file of the kernel's (proc, sysfs, debugfs...), which is never read");
	/* A symbolic link to a regular file is followed; one to a FIFO is not. */
	write_file("target.conf", REMOTE("linked"));
	ck_assert_int_eq(symlink("target.conf", tmp_path("link.conf")), 0);
	ck_assert_int_eq(symlink("fifo", tmp_path("fifo-link")), 0);
	write_file("links.conf", "include \"link.conf\"\n");
	lircd_conf_free(load_ok(tmp_path("links.conf")));
	write_file("links.conf", "include \"link.conf\"\ninclude \"fifo-*\"\n");
	snprintf(expected, sizeof(expected), "links.conf:2:9: '%s' is not a regular file (a "
		 "directory, device, FIFO or socket is never read)", tmp_path("fifo-link"));
	check_load_error("links.conf", -EINVAL, expected);
}
END_TEST

/*
 * A file that does not start like a lircd.conf is refused by name: no word of it in the
 * message (issue 27: include "/etc/shadow" quoted its first 40 bytes, at boot into the
 * journal). A file with no word at all is an empty lircd.conf.
 */
START_TEST(test_include_quotes_no_foreign_text)
{
	struct lircd_conf *conf = (struct lircd_conf *)&conf;
	struct ir_error err;
	char expected[PATH_MAX * 4];

	write_file("secret", "root:SECRET-HASH:19000:0:99999:7:::\nbegin remote\n");
	write_file("reads-secret.conf", "\n\n include \"secret\"\n");
	snprintf(expected, sizeof(expected), "reads-secret.conf:3:10: '%s' is not a lircd.conf: "
		 "its first word is neither 'begin remote' nor 'include'", tmp_path("secret"));
	check_load_error("reads-secret.conf", -EINVAL, expected);
	ck_assert_int_eq(lircd_conf_load_file(tmp_path("reads-secret.conf"), &conf, &err),
			 -EINVAL);
	ck_assert_ptr_null(strstr(err.message, "SECRET"));
	/* Found by a pattern too; the first file is held to the same rule. */
	write_file("sub/parts/x.conf", "[[protocols]]\nSECRET = 1\n");
	write_file("pattern.conf", "include \"sub/parts/*.conf\"\n");
	snprintf(expected, sizeof(expected), "pattern.conf:1:9: '%s' is not a lircd.conf: "
		 "its first word is neither 'begin remote' nor 'include'",
		 tmp_path("sub/parts/x.conf"));
	check_load_error("pattern.conf", -EINVAL, expected);
	snprintf(expected, sizeof(expected), "secret: '%s' is not a lircd.conf: its first word "
		 "is neither 'begin remote' nor 'include'", tmp_path("secret"));
	check_load_error("secret", -EINVAL, expected);
	/* Comments and blank lines only: nothing to read, nothing refused. */
	write_file("sub/parts/x.conf", "# nothing yet\n\n   \n");
	conf = load_ok(tmp_path("pattern.conf"));
	ck_assert_uint_eq(conf->remote_count, 0);
	lircd_conf_free(conf);
}
END_TEST

/*
 * A pattern's work is bounded, not only its matches (issue 27: "/x/x/x/x/x/x/x/x" with
 * x a star made glob(3) read the whole file system, 1.5 GB after 30 s). Any system
 * has more than LIRCD_CONF_GLOB_WORK_MAX entries that deep: refused, having read no
 * more than that.
 */
START_TEST(test_include_pattern_work_bounded)
{
	write_file("walk.conf", "include \"/*/*/*/*/*/*/*/*\"\n");
	check_load_error("walk.conf", -EINVAL,
			 "walk.conf:1:9: include: '/*/*/*/*/*/*/*/*' reaches more than 16384 "
			 "directory entries");
}
END_TEST

/* pathglob's matches, their order, and its work counted entry by entry. */
START_TEST(test_pathglob)
{
	struct pathglob g;
	char pattern[PATH_MAX * 2];
	int i;

	write_file("sub/parts/b.conf", "\n");
	write_file("sub/parts/a.conf", "\n");
	write_file("sub/parts/.hidden.conf", "\n");
	write_file("sub/parts/c.txt", "\n");
	ck_assert_int_eq(mkdir(tmp_path("sub/more"), 0700), 0);
	write_file("sub/more/d.conf", "\n");
	write_file("sub/x.conf", "\n");

	/* sub/parts holds . .. and 4 files: 6 entries read. */
	snprintf(pattern, sizeof(pattern), "%s/sub/parts/*.conf", tmpdir);
	ck_assert_int_eq(pathglob_expand(pattern, 100, &g), 0);
	ck_assert_uint_eq(g.count, 2);
	ck_assert_str_eq(g.paths[0], tmp_path("sub/parts/a.conf"));
	ck_assert_str_eq(g.paths[1], tmp_path("sub/parts/b.conf"));
	ck_assert_uint_eq(g.work, 6);
	pathglob_free(&g);
	/* A budget of 5 stops inside that directory; 6 is enough. */
	ck_assert_int_eq(pathglob_expand(pattern, 5, &g), -E2BIG);
	ck_assert_uint_eq(g.work, 6);
	ck_assert_int_eq(pathglob_expand(pattern, 6, &g), 0);
	pathglob_free(&g);

	/* sub (. .. parts more x.conf), then parts and more: 5 + 6 + 3, sorted by strcmp. */
	snprintf(pattern, sizeof(pattern), "%s/sub/*/?.conf", tmpdir);
	ck_assert_int_eq(pathglob_expand(pattern, 100, &g), 0);
	ck_assert_uint_eq(g.count, 3);
	ck_assert_str_eq(g.paths[0], tmp_path("sub/more/d.conf"));
	ck_assert_str_eq(g.paths[1], tmp_path("sub/parts/a.conf"));
	ck_assert_str_eq(g.paths[2], tmp_path("sub/parts/b.conf"));
	ck_assert_uint_eq(g.work, 14);
	pathglob_free(&g);

	/* A literal last component is looked up: a unit of work per path, kept if there. */
	snprintf(pattern, sizeof(pattern), "%s/sub/*/d.conf", tmpdir);
	ck_assert_int_eq(pathglob_expand(pattern, 100, &g), 0);
	ck_assert_uint_eq(g.count, 1);
	ck_assert_str_eq(g.paths[0], tmp_path("sub/more/d.conf"));
	ck_assert_uint_eq(g.work, 5 + 3);
	pathglob_free(&g);

	/* Escaped wildcards are literal; a leading '.' is matched only by a '.'. */
	snprintf(pattern, sizeof(pattern), "%s/sub/parts/.*", tmpdir);
	ck_assert_int_eq(pathglob_expand(pattern, 100, &g), 0);
	ck_assert_uint_eq(g.count, 1);
	ck_assert_str_eq(g.paths[0], tmp_path("sub/parts/.hidden.conf"));
	pathglob_free(&g);
	ck_assert(!pathglob_has_wildcard("a\\*b"));
	ck_assert(pathglob_has_wildcard("a[bc]"));
	snprintf(pattern, sizeof(pattern), "%s/sub/parts/\\a.conf", tmpdir);
	ck_assert_int_eq(pathglob_expand(pattern, 100, &g), 0);
	ck_assert_uint_eq(g.count, 1);
	pathglob_free(&g);

	/* Nothing matched, a file taken for a directory: no error, no path. */
	snprintf(pattern, sizeof(pattern), "%s/sub/x.conf/*", tmpdir);
	ck_assert_int_eq(pathglob_expand(pattern, 100, &g), 0);
	ck_assert_uint_eq(g.count, 0);
	pathglob_free(&g);

	/* 100 entries deep down one directory: the work, not the matches, stops it. */
	ck_assert_int_eq(mkdir(tmp_path("wide"), 0700), 0);
	for (i = 0; i < 100; i++) {
		snprintf(pattern, sizeof(pattern), "wide/%03d", i);
		write_file(pattern, "\n");
	}
	snprintf(pattern, sizeof(pattern), "%s/wide/*/none", tmpdir);
	ck_assert_int_eq(pathglob_expand(pattern, 50, &g), -E2BIG);
	ck_assert_uint_eq(g.work, 51);
}
END_TEST

static bool detect(const char *text)
{
	return lircd_conf_detect(text, strlen(text));
}

START_TEST(test_detect_and_frame)
{
	struct lircd_remote r = { .bits = 64 };
	static const char nul_first[] = "\0begin remote\n";

	ck_assert(detect("begin remote\n"));
	ck_assert(detect("# a comment\n\n  \t BEGIN\tREMOTE # x\n"));
	ck_assert(detect("include \"lircd.conf.d/x.conf\"\n"));
	ck_assert(!detect(""));
	ck_assert(!detect("# only a comment\n"));
	ck_assert(!detect("[[protocols]]\nname = \"x\"\n"));
	ck_assert(!detect("begin codes\n"));
	ck_assert(!detect("begin\nremote\n"));
	ck_assert(!detect("0x1e3b KEY_POWER\n"));
	/* Only the first len bytes count. */
	ck_assert(!lircd_conf_detect("begin remote\n", 8));
	ck_assert(!lircd_conf_detect(nul_first, sizeof(nul_first) - 1));

	/* The frame value: pre_data, code, post_data; 64 bits of code alone. */
	ck_assert_uint_eq(lircd_remote_frame_value(&r, 0x8000000000000001ull), 0x8000000000000001ull);
	ck_assert_uint_eq(lircd_remote_frame_bits(&r), 64);
	r.bits = 0;
	r.pre_data_bits = 32;
	r.pre_data = 0xdeadbeef;
	r.post_data_bits = 32;
	r.post_data = 0x12345678;
	ck_assert_uint_eq(lircd_remote_frame_value(&r, 0), 0xdeadbeef12345678ull);
	r.pre_data_bits = 0;
	r.pre_data = 0;
	r.bits = 32;
	ck_assert_uint_eq(lircd_remote_frame_value(&r, 0xcafe), 0x0000cafe12345678ull);
}
END_TEST

static Suite *lircd_conf_suite(void)
{
	Suite *s = suite_create("lircd_conf");
	TCase *tc;

	tc = tcase_create("model");
	tcase_add_test(tc, test_every_field);
	tcase_add_test(tc, test_raw_codes);
	tcase_add_test(tc, test_flags);
	tcase_add_test(tc, test_numbers_and_case);
	tcase_add_test(tc, test_codes);
	tcase_add_test(tc, test_toggle_and_repeated_parameters);
	tcase_add_test(tc, test_encodings_checked);
	tcase_add_test(tc, test_detect_and_frame);
	suite_add_tcase(s, tc);

	tc = tcase_create("errors");
	tcase_add_test(tc, test_raw_errors);
	tcase_add_test(tc, test_remote_errors);
	tcase_add_test(tc, test_code_limit);
	tcase_add_test(tc, test_remote_and_size_limits);
	suite_add_tcase(s, tc);

	tc = tcase_create("includes");
	tcase_add_checked_fixture(tc, setup_tmpdir, teardown_tmpdir);
	tcase_add_test(tc, test_includes);
	tcase_add_test(tc, test_include_cycles_and_depth);
	tcase_add_test(tc, test_include_only_regular_files);
	tcase_add_test(tc, test_include_quotes_no_foreign_text);
	tcase_add_test(tc, test_include_pattern_work_bounded);
	tcase_add_test(tc, test_pathglob);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = lircd_conf_suite);
