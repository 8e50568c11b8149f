// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "capture.h"
#include "capture_writer.h"
#include "test-main.h"

/*
 * Expected samples are written from the LIRC mode2 layout itself (type in the top 8
 * bits: pulse 0x01, space 0x00, timeout 0x03; microseconds in the low 24), not with
 * the code under test.
 */
#define P(us) (0x01000000u | (us))
#define S(us) (0x00000000u | (us))
#define T(us) (0x03000000u | (us))
#define F(hz) (0x02000000u | (hz))	/* a measured carrier */
#define OVERFLOW 0x04ffffffu		/* the kernel's: type 0x04, the largest value */

#define CAPTURES TOP_SRCDIR "/tests/data/captures/"

static struct capture *parse_ok(const char *text)
{
	struct capture *capture = NULL;
	struct ir_error err = { "" };
	int ret;

	ret = capture_parse(text, strlen(text), "t", &capture, &err);
	ck_assert_msg(ret == 0, "capture_parse: %d: %s", ret, err.message);
	ck_assert_ptr_nonnull(capture);
	return capture;
}

static void check_samples(const struct capture *capture, const uint32_t *want, size_t count)
{
	size_t i;

	ck_assert_uint_eq(capture->count, count);
	for (i = 0; i < count; i++)
		ck_assert_msg(capture->samples[i] == want[i], "sample %zu: 0x%08x, expected 0x%08x",
			      i, capture->samples[i], want[i]);
}

#define CHECK_PARSE(text, ...) do {						\
	static const uint32_t want_[] = { __VA_ARGS__ };			\
	struct capture *c_ = parse_ok(text);					\
	check_samples(c_, want_, sizeof(want_) / sizeof(want_[0]));		\
	capture_free(c_);							\
} while (0)

static void check_error_len(const char *text, size_t len, int code, const char *message)
{
	struct capture *capture = (struct capture *)0x1;
	struct ir_error err = { "" };
	int ret;

	ret = capture_parse(text, len, "t", &capture, &err);
	ck_assert_int_eq(ret, code);
	ck_assert_str_eq(err.message, message);
	/* The out-parameter is set only on success. */
	ck_assert_ptr_eq(capture, (struct capture *)0x1);
}

static void check_error(const char *text, int code, const char *message)
{
	check_error_len(text, strlen(text), code, message);
}

/* ---- keyword lines ---- */

START_TEST(test_keyword_lines)
{
	CHECK_PARSE("pulse 560\nspace 1690\npulse 560\ntimeout 125000\n",
		    P(560), S(1690), P(560), T(125000));
	/* No final newline. */
	CHECK_PARSE("pulse 7", P(7));
}
END_TEST

/* "pulse N" and "space N" alone on a line, and the near misses around them. */
START_TEST(test_keyword_plain_lines)
{
	/* Eight digits, nine digits, a trailing blank, CR LF, a final line without LF. */
	CHECK_PARSE("pulse 00000005\nspace 016777215\npulse 5 \nspace 5\r\npulse 8\nspace 9",
		    P(5), S(16777215), P(5), S(5), P(8), S(9));
	check_error("pulse 5\nspace 5\npulse 16777216\n", -EINVAL,
		    "t:3:7: duration '16777216' is out of range (1 to 16777215 microseconds)");
	check_error("pulse 5\nspace 5\nspaces 5\n", -EINVAL,
		    "t:3:1: unknown word 'spaces' (expected pulse, space, timeout or carrier)");
	check_error("pulse 5\nspace 5\nspace 5x\n", -EINVAL,
		    "t:3:7: expected a duration in microseconds, got '5x'");
	check_error("pulse 5\nspace 16777215\nspace 1\n", -EINVAL,
		    "t:3:7: consecutive spaces add up to more than 16777215 microseconds");
}
END_TEST

START_TEST(test_keyword_blanks_and_comments)
{
	CHECK_PARSE("  pulse 9000\r\n\tspace\t4500 # leader\r\n// a note\n# a line\n"
		    "\n   \npulse 560 // the end\n",
		    P(9000), S(4500), P(560));
}
END_TEST

START_TEST(test_keyword_consecutive_samples_add_up)
{
	CHECK_PARSE("pulse 100\npulse 200\nspace 300\nspace 400\npulse 5\n",
		    P(300), S(700), P(5));
	/* Up to the largest duration exactly. */
	CHECK_PARSE("space 16777000\nspace 215\n", S(16777215));
}
END_TEST

START_TEST(test_keyword_timeout_keeps_its_own_sample)
{
	/* The kernel reports the gap after a timeout as a space of its own. */
	CHECK_PARSE("pulse 560\ntimeout 125000\nspace 3000000\npulse 9000\n",
		    P(560), T(125000), S(3000000), P(9000));
	CHECK_PARSE("timeout 5\ntimeout 6\n", T(5), T(6));
}
END_TEST

START_TEST(test_keyword_carrier_is_recorded)
{
	struct capture *capture = parse_ok("carrier 38000\npulse 1\ncarrier 36000\n");

	ck_assert_uint_eq(capture->carrier, 38000);
	ck_assert_uint_eq(capture->count, 1);
	ck_assert_uint_eq(capture->samples[0], P(1));
	capture_free(capture);

	capture = parse_ok("pulse 1\n");
	ck_assert_uint_eq(capture->carrier, 0);
	capture_free(capture);
}
END_TEST

START_TEST(test_keyword_mode2_banner_is_skipped)
{
	CHECK_PARSE("Using driver default on device /dev/lirc0\n"
		    "Trying device: /dev/lirc0\n"
		    "Using device: /dev/lirc0\n"
		    "space 16777215\npulse 9000\n",
		    S(16777215), P(9000));
	CHECK_PARSE("Using raw access on device /dev/lirc1\npulse 5\n", P(5));
}
END_TEST

/* ---- signed lists ---- */

START_TEST(test_signed_list)
{
	CHECK_PARSE("+9000 -4500 +560", P(9000), S(4500), P(560));
	CHECK_PARSE("+1 -2\n+3 -4\n", P(1), S(2), P(3), S(4));
}
END_TEST

START_TEST(test_signed_unsigned_numbers_alternate)
{
	CHECK_PARSE("9000 4500 560 560", P(9000), S(4500), P(560), S(560));
	CHECK_PARSE("+100,-200, 300 ,400\n500", P(100), S(200), P(300), S(400), P(500));
}
END_TEST

START_TEST(test_signed_timeout_notes)
{
	/* ir-ctl --receive of v4l-utils 1.20: the note follows the last pulse. */
	CHECK_PARSE("+889 -889 +1778 # timeout 133889\n+889 -889 +889 # timeout 133889\n",
		    P(889), S(889), P(1778), T(133889), P(889), S(889), P(889), T(133889));
	/* Newer: the timeout printed as a space, then the note, on one line or two. */
	CHECK_PARSE("+560 -125000 # carrier 38000Hz, timeout 125000\n+9000\n",
		    P(560), T(125000), P(9000));
	CHECK_PARSE("+560 -125000\n # carrier 38000Hz, timeout 125000\n", P(560), T(125000));
	/* A space of another length stays. */
	CHECK_PARSE("+560 -3000 # timeout 125000\n", P(560), S(3000), T(125000));
	/* After a timeout a pulse is due, and the kernel's gap space may come first. */
	CHECK_PARSE("+560 # timeout 100\n200", P(560), T(100), P(200));
	CHECK_PARSE("+560 # timeout 125000\n-4000 +9000\n", P(560), T(125000), S(4000), P(9000));
	/* '//' comments, keyword lines and notes without a blank after '#' too. */
	CHECK_PARSE("+560 -20 // timeout 20\n-1", P(560), T(20), S(1));
	CHECK_PARSE("pulse 560 #timeout 7\n", P(560), T(7));
}
END_TEST

START_TEST(test_signed_note_carrier_is_recorded)
{
	struct capture *capture = parse_ok("+560 -125000 # carrier 36000Hz, timeout 125000\n");

	ck_assert_uint_eq(capture->carrier, 36000);
	capture_free(capture);
}
END_TEST

START_TEST(test_other_comments_are_not_notes)
{
	CHECK_PARSE("+560 # timeout soon\n", P(560));
	CHECK_PARSE("+560 # timeout 5 ms\n", P(560));
	CHECK_PARSE("+560 # carrier 38000, timeout 5\n", P(560));
	CHECK_PARSE("+560 # timeout 0\n", P(560));
}
END_TEST

START_TEST(test_overflow_lines)
{
	/* mode2's line and the list's note: the longest timeout, ending any message. */
	CHECK_PARSE("pulse 500\nspace 700\noverflow\nspace 40000\npulse 600\n",
		    P(500), S(700), T(16777215), S(40000), P(600));
	CHECK_PARSE("+500 -700 # overflow\n+600 # timeout 125000\n",
		    P(500), S(700), T(16777215), P(600), T(125000));
	CHECK_PARSE("  overflow # the receiver lost some\n", T(16777215));
	/* Only the word alone is a note. */
	CHECK_PARSE("+500 # overflow of 3\n", P(500));
	check_error("pulse 1\noverflow 3\n", -EINVAL, "t:2:10: unexpected '3' after 'overflow'");
}
END_TEST

/* ---- errors ---- */

START_TEST(test_error_durations)
{
	check_error("pulse 0\n", -EINVAL,
		    "t:1:7: duration '0' is out of range (1 to 16777215 microseconds)");
	check_error("+1\n+16777216", -EINVAL,
		    "t:2:1: duration '+16777216' is out of range (1 to 16777215 microseconds)");
	check_error("space 99999999999999999999999", -EINVAL,
		    "t:1:7: duration '99999999999999999999999' is out of range "
		    "(1 to 16777215 microseconds)");
	check_error("-0", -EINVAL,
		    "t:1:1: duration '-0' is out of range (1 to 16777215 microseconds)");
	check_error("carrier 0", -EINVAL,
		    "t:1:9: duration '0' is out of range (1 to 16777215 microseconds)");
	check_error("pulse 16777000\npulse 216\n", -EINVAL,
		    "t:2:7: consecutive pulses add up to more than 16777215 microseconds");
	check_error("space 16777000\nspace 216\n", -EINVAL,
		    "t:2:7: consecutive spaces add up to more than 16777215 microseconds");
}
END_TEST

START_TEST(test_error_numbers)
{
	check_error("pulse 12a", -EINVAL,
		    "t:1:7: expected a duration in microseconds, got '12a'");
	check_error("+", -EINVAL, "t:1:1: expected a duration in microseconds, got '+'");
	check_error("+1 -2 x3", -EINVAL, "t:1:7: expected a duration in microseconds, got 'x3'");
	check_error("+1 -0x10", -EINVAL,
		    "t:1:4: expected a duration in microseconds, got '-0x10'");
	check_error("pulse -5", -EINVAL, "t:1:7: expected a duration in microseconds, got '-5'");
	/* Quoted text is cut at 32 bytes. */
	check_error("pulse xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", -EINVAL,
		    "t:1:7: expected a duration in microseconds, got "
		    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'");
}
END_TEST

START_TEST(test_error_words)
{
	check_error("flash 5", -EINVAL,
		    "t:1:1: unknown word 'flash' (expected pulse, space, timeout or carrier)");
	check_error("Pulse 5", -EINVAL,
		    "t:1:1: unknown word 'Pulse' (expected pulse, space, timeout or carrier)");
	check_error("pulse 1\n  scancode nec:0x8053\n", -EINVAL,
		    "t:2:3: 'scancode' lines need an IR encoder and cannot be decoded; "
		    "capture the remote's IR instead");
	check_error("pulse\n", -EINVAL, "t:1:1: 'pulse' needs a number");
	check_error("timeout # 5\n", -EINVAL, "t:1:1: 'timeout' needs a number");
	check_error("pulse 5 6", -EINVAL, "t:1:9: unexpected '6' after the number");
	check_error("Using something else\n", -EINVAL,
		    "t:1:1: unknown word 'Using' (expected pulse, space, timeout or carrier)");
}
END_TEST

START_TEST(test_error_alternation)
{
	check_error("+1 +2", -EINVAL,
		    "t:1:4: pulse '+2' follows a pulse; pulses and spaces must alternate");
	check_error("+1 -2\n-3", -EINVAL,
		    "t:2:1: space '-3' follows a space; pulses and spaces must alternate");
	check_error("# leading\n-5 +1", -EINVAL, "t:2:1: space '-5' comes before any pulse");
	check_error("5 +6", -EINVAL,
		    "t:1:3: pulse '+6' follows a pulse; pulses and spaces must alternate");
	/* A keyword pulse and a signed pulse do not add up. */
	check_error("pulse 5\n+6", -EINVAL,
		    "t:2:1: pulse '+6' follows a pulse; pulses and spaces must alternate");
}
END_TEST

START_TEST(test_error_empty_and_nul)
{
	check_error("", -EINVAL, "t: no pulses or spaces");
	check_error("# nothing\n\n  // here\ncarrier 38000\n", -EINVAL, "t: no pulses or spaces");
	check_error_len("pulse 1\npu\0lse 2\n", 16, -EINVAL, "t:2:3: NUL byte in text");
}
END_TEST

START_TEST(test_error_leaves_err_alone_on_success)
{
	struct capture *capture = NULL;
	struct ir_error err = { "untouched" };

	ck_assert_int_eq(capture_parse("+1", 2, "t", &capture, &err), 0);
	ck_assert_str_eq(err.message, "untouched");
	capture_free(capture);
	/* A NULL err is allowed. */
	ck_assert_int_eq(capture_parse("+1 +1", 5, "t", &capture, NULL), -EINVAL);
}
END_TEST

/* ---- limits ---- */

START_TEST(test_sample_limit)
{
	/* "1 1 1 ...": token i (from 0) starts at byte 2i. */
	size_t tokens = (size_t)CAPTURE_SAMPLES_MAX + 1;
	size_t len = 2 * tokens;
	struct capture *capture = NULL;
	struct ir_error err;
	char *text = malloc(len);
	size_t i;

	ck_assert_ptr_nonnull(text);
	for (i = 0; i < tokens; i++) {
		text[2 * i] = '1';
		text[2 * i + 1] = ' ';
	}
	ck_assert_int_eq(capture_parse(text, len, "t", &capture, &err), -E2BIG);
	ck_assert_str_eq(err.message, "t:1:20000001: more than 10000000 samples in one capture");
	/* One token fewer is exactly the limit. */
	ck_assert_int_eq(capture_parse(text, len - 2, "t", &capture, &err), 0);
	ck_assert_uint_eq(capture->count, 10000000);
	ck_assert_uint_eq(capture->samples[0], P(1));
	ck_assert_uint_eq(capture->samples[9999999], S(1));
	capture_free(capture);
	free(text);
}
END_TEST

/* ---- text given in pieces ---- */

/* text fed in pieces of piece bytes (the last one shorter), then finished. */
static int parse_in_pieces(const char *text, size_t len, size_t piece,
			   struct capture **ret_capture, struct ir_error *err)
{
	struct capture_parser *parser = NULL;
	size_t at;
	int ret;

	ck_assert_int_eq(capture_parser_new("t", &parser), 0);
	for (at = 0; at < len; at += piece)
		capture_parser_feed(parser, text + at, len - at < piece ? len - at : piece, err);
	ret = capture_parser_finish(parser, ret_capture, err);
	capture_parser_free(parser);
	return ret;
}

/* text fed in two pieces, cut at cut. */
static int parse_cut(const char *text, size_t len, size_t cut, struct capture **ret_capture,
		     struct ir_error *err)
{
	struct capture_parser *parser = NULL;
	int ret;

	ck_assert_int_eq(capture_parser_new("t", &parser), 0);
	capture_parser_feed(parser, text, cut, err);
	capture_parser_feed(parser, text + cut, len - cut, err);
	ret = capture_parser_finish(parser, ret_capture, err);
	capture_parser_free(parser);
	return ret;
}

/*
 * Every cut of a text of every kind of line, inside words, numbers, comments and
 * between a line and its newline; and pieces of 1 to 16 bytes. The last line has no
 * newline.
 */
START_TEST(test_pieces_every_cut)
{
	static const char text[] =
		"carrier 38000\n"
		"pulse 9000\n"
		"space 4500\n"
		"pulse 12345678\n"
		"pulse 2\r\n"
		"  space 560 # note\n"
		"+560 -1690,+560 # timeout 125000\n"
		"-70\n"
		"# carrier 36000Hz, timeout 20000\n"
		"pulse 7";
	static const uint32_t want[] = {
		P(9000), S(4500), P(12345680), S(560), P(560), S(1690), P(560), T(125000),
		S(70), T(20000), P(7),
	};
	size_t len = strlen(text), cut, piece;
	struct capture *capture;
	struct ir_error err;

	for (cut = 0; cut <= len; cut++) {
		capture = NULL;
		ck_assert_msg(parse_cut(text, len, cut, &capture, &err) == 0, "cut %zu: %s", cut,
			      err.message);
		check_samples(capture, want, sizeof(want) / sizeof(want[0]));
		ck_assert_uint_eq(capture->carrier, 38000);
		capture_free(capture);
	}
	for (piece = 1; piece <= 16; piece++) {
		capture = NULL;
		ck_assert_msg(parse_in_pieces(text, len, piece, &capture, &err) == 0,
			      "pieces of %zu: %s", piece, err.message);
		check_samples(capture, want, sizeof(want) / sizeof(want[0]));
		capture_free(capture);
	}
}
END_TEST

/* An error keeps its line and column wherever the text is cut. */
START_TEST(test_pieces_error_positions)
{
	static const struct {
		const char *text;
		const char *message;
	} cases[] = {
		{ "pulse 9000\nspace 4500\npulse 12x\nspace 1\n",
		  "t:3:7: expected a duration in microseconds, got '12x'" },
		{ "pulse 9000\nspace 4500\n  banana 3\npulse 1\n",
		  "t:3:3: unknown word 'banana' (expected pulse, space, timeout or carrier)" },
		/* The bad line is the last, without a newline. */
		{ "pulse 9000\nspace 4500\npulse 16777216",
		  "t:3:7: duration '16777216' is out of range (1 to 16777215 microseconds)" },
		{ "+1 -2 +3\n-4 +5 +6\n",
		  "t:2:7: pulse '+6' follows a pulse; pulses and spaces must alternate" },
		{ "\n\n# only comments\n", "t: no pulses or spaces" },
	};
	size_t i, len, cut;
	struct capture *capture = NULL;
	struct ir_error err;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		len = strlen(cases[i].text);
		for (cut = 0; cut <= len; cut++) {
			ck_assert_int_eq(parse_cut(cases[i].text, len, cut, &capture, &err),
					 -EINVAL);
			ck_assert_msg(strcmp(err.message, cases[i].message) == 0,
				      "case %zu, cut %zu: %s", i, cut, err.message);
		}
		ck_assert_int_eq(parse_in_pieces(cases[i].text, len, 1, &capture, &err), -EINVAL);
		ck_assert_str_eq(err.message, cases[i].message);
	}
	ck_assert_ptr_null(capture);
}
END_TEST

/*
 * A NUL byte is reported rather than any other error, before or after it, at its own
 * line and column, in whatever pieces the text comes.
 */
START_TEST(test_pieces_nul_wins)
{
	/* A bad line 2, then a NUL byte on line 4, column 5. */
	static const char text[] = "pulse 1\nspace x\nspace 2\npuls\0e 3\n";
	size_t len = sizeof(text) - 1, cut, piece;
	struct capture *capture = NULL;
	struct ir_error err;

	for (cut = 0; cut <= len; cut++) {
		ck_assert_int_eq(parse_cut(text, len, cut, &capture, &err), -EINVAL);
		ck_assert_msg(strcmp(err.message, "t:4:5: NUL byte in text") == 0, "cut %zu: %s",
			      cut, err.message);
	}
	for (piece = 1; piece <= 9; piece++) {
		ck_assert_int_eq(parse_in_pieces(text, len, piece, &capture, &err), -EINVAL);
		ck_assert_msg(strcmp(err.message, "t:4:5: NUL byte in text") == 0,
			      "pieces of %zu: %s", piece, err.message);
	}
	/* The first NUL byte is the one reported. */
	ck_assert_int_eq(parse_in_pieces("pulse 1\n\0\n\0", 12, 1, &capture, &err), -EINVAL);
	ck_assert_str_eq(err.message, "t:2:1: NUL byte in text");
	ck_assert_ptr_null(capture);
}
END_TEST

/* feed returns the error of the text so far; finish gives the whole text's. */
START_TEST(test_pieces_feed_reports)
{
	struct capture_parser *parser = NULL;
	struct capture *capture = NULL;
	struct ir_error err = { "" };

	ck_assert_int_eq(capture_parser_new("t", &parser), 0);
	ck_assert_int_eq(capture_parser_feed(parser, "pulse 1\nspa", 11, &err), 0);
	ck_assert_str_eq(err.message, "");
	ck_assert_int_eq(capture_parser_feed(parser, "ce 0\n", 5, &err), -EINVAL);
	ck_assert_str_eq(err.message, "t:2:7: duration '0' is out of range (1 to 16777215 "
			 "microseconds)");
	ck_assert_int_eq(capture_parser_feed(parser, "pulse 3\n", 8, &err), -EINVAL);
	ck_assert_int_eq(capture_parser_finish(parser, &capture, &err), -EINVAL);
	ck_assert_str_eq(err.message, "t:2:7: duration '0' is out of range (1 to 16777215 "
			 "microseconds)");
	ck_assert_ptr_null(capture);
	capture_parser_free(parser);
	capture_parser_free(NULL);
}
END_TEST

/* The sample limit, past it in the middle of a piece, and exactly at it. */
START_TEST(test_pieces_sample_limit)
{
	/* "1 1 1 ...": token i (from 0) starts at byte 2i; pieces of 4093 bytes. */
	size_t tokens = (size_t)CAPTURE_SAMPLES_MAX + 1;
	size_t len = 2 * tokens;
	struct capture *capture = NULL;
	struct ir_error err;
	char *text = malloc(len);
	size_t i;

	ck_assert_ptr_nonnull(text);
	for (i = 0; i < tokens; i++) {
		text[2 * i] = '1';
		text[2 * i + 1] = '\n';
	}
	ck_assert_int_eq(parse_in_pieces(text, len, 4093, &capture, &err), -E2BIG);
	ck_assert_str_eq(err.message, "t:10000001:1: more than 10000000 samples in one capture");
	ck_assert_int_eq(parse_in_pieces(text, len - 2, 4093, &capture, &err), 0);
	ck_assert_uint_eq(capture->count, 10000000);
	ck_assert_uint_eq(capture->samples[9999999], S(1));
	capture_free(capture);
	free(text);
}
END_TEST

/*
 * The fast path of "pulse N" lines reads 8 bytes of digits at once: 1 to 8 digits, and
 * what is not a digit (bytes whose low 7 bits are digits, too) ends them.
 */
START_TEST(test_plain_line_digits)
{
	/* Each line is followed by 16 more bytes, so that the fast path takes it. */
	CHECK_PARSE("pulse 7\nspace 1\n# sixteen bytes.\n", P(7), S(1));
	CHECK_PARSE("pulse 12\nspace 123\npulse 1234\nspace 12345\npulse 123456\n"
		    "space 1234567\npulse 16777215\nspace 00000009\n# sixteen bytes.\n",
		    P(12), S(123), P(1234), S(12345), P(123456), S(1234567), P(16777215), S(9));
	check_error("pulse 123456789\n# sixteen bytes.\n", -EINVAL,
		    "t:1:7: duration '123456789' is out of range (1 to 16777215 microseconds)");
	check_error("pulse 12\xb3\n# sixteen bytes.\n", -EINVAL,
		    "t:1:7: expected a duration in microseconds, got '12\xb3'");
	check_error("pulse 1/\n# sixteen bytes.\n", -EINVAL,
		    "t:1:7: expected a duration in microseconds, got '1/'");
	check_error("pulse 1:\n# sixteen bytes.\n", -EINVAL,
		    "t:1:7: expected a duration in microseconds, got '1:'");
	check_error("pulse 00000000\n# sixteen bytes.\n", -EINVAL,
		    "t:1:7: duration '00000000' is out of range (1 to 16777215 microseconds)");
}
END_TEST

/* ---- the writer ---- */

START_TEST(test_format_text)
{
	uint32_t samples[] = { P(560), S(1690), T(125000), S(16777215) };
	struct capture capture = { samples, 4, 38000 };
	char *text = NULL;
	size_t len = 0;

	ck_assert_int_eq(capture_format(&capture, &text, &len), 0);
	ck_assert_str_eq(text, "carrier 38000\npulse 560\nspace 1690\ntimeout 125000\n"
			 "space 16777215\n");
	ck_assert_uint_eq(len, strlen(text));
	free(text);

	capture.carrier = 0;
	capture.count = 1;
	ck_assert_int_eq(capture_format(&capture, &text, NULL), 0);
	ck_assert_str_eq(text, "pulse 560\n");
	free(text);
}
END_TEST

START_TEST(test_format_rejects_other_samples)
{
	uint32_t frequency[] = { P(1), 0x02000000u | 38000 };
	uint32_t zero[] = { P(0) };
	struct capture capture = { frequency, 2, 0 };
	char *text = (char *)0x1;

	ck_assert_int_eq(capture_format(&capture, &text, NULL), -EINVAL);
	capture.samples = zero;
	capture.count = 1;
	ck_assert_int_eq(capture_format(&capture, &text, NULL), -EINVAL);
	ck_assert_ptr_eq(text, (char *)0x1);
}
END_TEST

static void check_round_trip(const char *input)
{
	struct capture *first = parse_ok(input), *second;
	char *text;
	size_t len;

	ck_assert_int_eq(capture_format(first, &text, &len), 0);
	second = parse_ok(text);
	ck_assert_uint_eq(second->carrier, first->carrier);
	check_samples(second, first->samples, first->count);
	capture_free(first);
	capture_free(second);
	free(text);
}

START_TEST(test_format_round_trip)
{
	check_round_trip("+889 -889 +1778 # carrier 36000Hz, timeout 133889\n-5000 +889\n");
	check_round_trip("space 7\npulse 1\npulse 2\ntimeout 9\nspace 4\n");
}
END_TEST

/* ---- files ---- */

/*
 * tests/data/captures/tanix-tx3mini.*: NEC address 0x80 (inverted 0x7f), then
 * KEY_HOME 0x53 (0xac), KEY_DOWN 0x28 (0xd7), KEY_OK 0x0d (0xf2), KEY_VOLUMEUP 0x4e
 * (0xb1) held for three repeat codes; each press ends in a 125 ms timeout.
 * The bits of the first frame, least significant first, worked out by hand:
 */
static const char home_bits[] = "00000001" "11111110" "11001010" "00110101";

static void check_tanix_capture(const struct capture *capture)
{
	uint64_t total = 0;
	size_t i;

	/* 3 single presses of 67 samples and a timeout; 67 + 3 * 4 + 1 for the held key. */
	ck_assert_uint_eq(capture->count, 3 * 68 + 80);
	ck_assert_uint_eq(capture->carrier, 0);

	ck_assert_uint_eq(capture->samples[0], P(9000));
	ck_assert_uint_eq(capture->samples[1], S(4500));
	for (i = 0; i < 32; i++) {
		ck_assert_uint_eq(capture->samples[2 + 2 * i], P(560));
		ck_assert_uint_eq(capture->samples[3 + 2 * i],
				  S(home_bits[i] == '1' ? 1690 : 560));
	}
	ck_assert_uint_eq(capture->samples[66], P(560));
	ck_assert_uint_eq(capture->samples[67], T(125000));
	ck_assert_uint_eq(capture->samples[68], P(9000));

	/* The held key: frame, 108 ms - 67.98 ms of space, three repeat codes. */
	ck_assert_uint_eq(capture->samples[204], P(9000));
	ck_assert_uint_eq(capture->samples[270], P(560));
	ck_assert_uint_eq(capture->samples[271], S(40020));
	ck_assert_uint_eq(capture->samples[272], P(9000));
	ck_assert_uint_eq(capture->samples[273], S(2250));
	ck_assert_uint_eq(capture->samples[274], P(560));
	ck_assert_uint_eq(capture->samples[275], S(96190));
	ck_assert_uint_eq(capture->samples[279], S(96190));
	ck_assert_uint_eq(capture->samples[282], P(560));
	ck_assert_uint_eq(capture->samples[283], T(125000));

	/* 3 * (67980 + 125000) + 67980 + 40020 + 3 * 11810 + 2 * 96190 + 125000 */
	for (i = 0; i < capture->count; i++)
		total += capture->samples[i] & 0xffffff;
	ck_assert_uint_eq(total, 1039750);
}

START_TEST(test_file_bundled_captures)
{
	struct capture *irctl = NULL, *mode2 = NULL;
	struct ir_error err;

	ck_assert_msg(capture_load_file(CAPTURES "tanix-tx3mini.irctl", &irctl, &err) == 0,
		      "%s", err.message);
	check_tanix_capture(irctl);
	ck_assert_msg(capture_load_file(CAPTURES "tanix-tx3mini.mode2", &mode2, &err) == 0,
		      "%s", err.message);
	check_samples(mode2, irctl->samples, irctl->count);
	capture_free(irctl);
	capture_free(mode2);
}
END_TEST

START_TEST(test_file_errors)
{
	struct capture *capture = NULL;
	struct ir_error err;

	ck_assert_int_eq(capture_load_file("/nonexistent/x.irctl", &capture, &err), -ENOENT);
	ck_assert_str_eq(err.message, "/nonexistent/x.irctl: cannot open: No such file or directory");
	ck_assert_int_eq(capture_load_file(CAPTURES, &capture, &err), -EISDIR);
	ck_assert_str_eq(err.message, CAPTURES ": cannot read: Is a directory");
	ck_assert_ptr_null(capture);
	capture_free(NULL);
}
END_TEST

/* ---- the writer: samples received into text ---- */

/* Every sample through a writer of style, then its end: the text, to free. */
static char *write_all(enum capture_style style, const uint32_t *samples, size_t count)
{
	struct capture_writer writer;
	char piece[CAPTURE_WRITER_TEXT_MAX];
	char *text = calloc(1, count * CAPTURE_WRITER_TEXT_MAX + CAPTURE_WRITER_TEXT_MAX);
	size_t i, len = 0;

	ck_assert_ptr_nonnull(text);
	capture_writer_init(&writer, style);
	for (i = 0; i < count; i++) {
		size_t n = capture_writer_sample(&writer, samples[i], piece);

		ck_assert_uint_eq(n, strlen(piece));
		memcpy(text + len, piece, n + 1);
		len += n;
	}
	memcpy(text + len, piece, capture_writer_finish(&writer, piece) + 1);
	return text;
}

#define CHECK_WRITE(style, want, ...) do {					\
	static const uint32_t samples_[] = { __VA_ARGS__ };			\
	char *text_ = write_all(style, samples_,				\
				sizeof(samples_) / sizeof(samples_[0]));	\
	ck_assert_str_eq(text_, want);						\
	free(text_);								\
} while (0)

START_TEST(test_writer_list)
{
	/* v4l-utils' ir-ctl -r: a message a line, the timeout's note at its end. */
	CHECK_WRITE(CAPTURE_STYLE_LIST, "+9000 -4500 +560 # timeout 125000\n",
		    P(9000), S(4500), P(560), T(125000));
	/* The gap before a message, and a timeout with no message, are left out. */
	CHECK_WRITE(CAPTURE_STYLE_LIST, "+500 # timeout 20000\n+600 -700 +800 # timeout 20000\n",
		    S(30000), T(20000), P(500), T(20000), S(90000), P(600), S(700), P(800),
		    T(20000));
	/* A measured carrier goes into that message's note, and only that one's. */
	CHECK_WRITE(CAPTURE_STYLE_LIST,
		    "+500 -600 +700 # carrier 38000Hz, timeout 125000\n+1 # timeout 125000\n",
		    P(500), F(38000), S(600), P(700), T(125000), P(1), T(125000));
	/* An overflow ends the line; an unknown type says nothing. */
	CHECK_WRITE(CAPTURE_STYLE_LIST, "+500 -600 # overflow\n+700 # timeout 9\n",
		    P(500), S(600), 0x05000007u, OVERFLOW, P(700), T(9));
	/* Stopped mid-message: the line is ended. */
	CHECK_WRITE(CAPTURE_STYLE_LIST, "+16777215 -1\n", P(16777215), S(1));
	/* An overflow between messages, on its own line. */
	CHECK_WRITE(CAPTURE_STYLE_LIST, "# overflow\n+2 # timeout 3\n", OVERFLOW, P(2), T(3));
	CHECK_WRITE(CAPTURE_STYLE_LIST, "", S(5));
}
END_TEST

START_TEST(test_writer_mode2)
{
	/* LIRC's mode2: every sample, a line each. */
	CHECK_WRITE(CAPTURE_STYLE_MODE2,
		    "space 30000\npulse 500\ncarrier 36000\nspace 700\npulse 1\n"
		    "timeout 125000\noverflow\n",
		    S(30000), P(500), F(36000), S(700), P(1), T(125000), 0x06000001u, OVERFLOW);
	CHECK_WRITE(CAPTURE_STYLE_MODE2, "", 0x05000007u);
}
END_TEST

/* What the writer prints, the parser reads back as the same samples. */
START_TEST(test_writer_read_back)
{
	static const uint32_t received[] = {
		S(50000), P(9000), S(4500), P(560), S(1690), P(560), F(38000), T(125000),
		S(200000), P(560), T(125000), P(300), OVERFLOW, S(4000), P(400), T(125000),
	};
	/* The list leaves out the gaps before messages; mode2 keeps them. */
	static const uint32_t list[] = {
		P(9000), S(4500), P(560), S(1690), P(560), T(125000), P(560), T(125000),
		P(300), T(16777215), P(400), T(125000),
	};
	static const uint32_t mode2[] = {
		S(50000), P(9000), S(4500), P(560), S(1690), P(560), T(125000),
		S(200000), P(560), T(125000), P(300), T(16777215), S(4000), P(400), T(125000),
	};
	struct capture *c;
	char *text;

	text = write_all(CAPTURE_STYLE_LIST, received, sizeof(received) / sizeof(received[0]));
	c = parse_ok(text);
	check_samples(c, list, sizeof(list) / sizeof(list[0]));
	ck_assert_uint_eq(c->carrier, 38000);
	capture_free(c);
	free(text);
	text = write_all(CAPTURE_STYLE_MODE2, received, sizeof(received) / sizeof(received[0]));
	c = parse_ok(text);
	check_samples(c, mode2, sizeof(mode2) / sizeof(mode2[0]));
	ck_assert_uint_eq(c->carrier, 38000);
	capture_free(c);
	free(text);
}
END_TEST

static Suite *capture_suite(void)
{
	Suite *s = suite_create("capture");
	TCase *tc;

	tc = tcase_create("keyword");
	tcase_add_test(tc, test_keyword_lines);
	tcase_add_test(tc, test_keyword_plain_lines);
	tcase_add_test(tc, test_keyword_blanks_and_comments);
	tcase_add_test(tc, test_keyword_consecutive_samples_add_up);
	tcase_add_test(tc, test_keyword_timeout_keeps_its_own_sample);
	tcase_add_test(tc, test_keyword_carrier_is_recorded);
	tcase_add_test(tc, test_keyword_mode2_banner_is_skipped);
	suite_add_tcase(s, tc);

	tc = tcase_create("signed");
	tcase_add_test(tc, test_signed_list);
	tcase_add_test(tc, test_signed_unsigned_numbers_alternate);
	tcase_add_test(tc, test_signed_timeout_notes);
	tcase_add_test(tc, test_signed_note_carrier_is_recorded);
	tcase_add_test(tc, test_other_comments_are_not_notes);
	tcase_add_test(tc, test_overflow_lines);
	suite_add_tcase(s, tc);

	tc = tcase_create("writer");
	tcase_add_test(tc, test_writer_list);
	tcase_add_test(tc, test_writer_mode2);
	tcase_add_test(tc, test_writer_read_back);
	suite_add_tcase(s, tc);

	tc = tcase_create("errors");
	tcase_add_test(tc, test_error_durations);
	tcase_add_test(tc, test_error_numbers);
	tcase_add_test(tc, test_error_words);
	tcase_add_test(tc, test_error_alternation);
	tcase_add_test(tc, test_error_empty_and_nul);
	tcase_add_test(tc, test_error_leaves_err_alone_on_success);
	suite_add_tcase(s, tc);

	tc = tcase_create("limits");
	tcase_add_test(tc, test_sample_limit);
	suite_add_tcase(s, tc);

	tc = tcase_create("pieces");
	tcase_add_test(tc, test_pieces_every_cut);
	tcase_add_test(tc, test_pieces_error_positions);
	tcase_add_test(tc, test_pieces_nul_wins);
	tcase_add_test(tc, test_pieces_feed_reports);
	tcase_add_test(tc, test_pieces_sample_limit);
	tcase_add_test(tc, test_plain_line_digits);
	suite_add_tcase(s, tc);

	tc = tcase_create("format");
	tcase_add_test(tc, test_format_text);
	tcase_add_test(tc, test_format_rejects_other_samples);
	tcase_add_test(tc, test_format_round_trip);
	suite_add_tcase(s, tc);

	tc = tcase_create("file");
	tcase_add_test(tc, test_file_bundled_captures);
	tcase_add_test(tc, test_file_errors);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = capture_suite);
