// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * utils/send: pulse/space trains, and the kernel protocols' encoders. Each protocol
 * has one or two trains worked out by hand here from its published timing and bit
 * layout (the arithmetic in the comments), and random scancodes (fixed seed) sent
 * through irkit's own BPF decoders in the userspace VM, which must report exactly the
 * protocol and scancode encoded. That the trains are the kernel's own, duration by
 * duration, is the VM scenario encoders-kernel's part.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/lirc.h>

#include "decoder_run.h"
#include "ir_encode.h"
#include "ir_kernel_send.h"
#include "ir_train.h"
#include "test-main.h"

#define ROUNDTRIPS	64
#define SEED		0x5e4d0001u
#define RX_TIMEOUT	125000

/* ---- trains ---- */

START_TEST(test_train_merges)
{
	struct ir_train t;

	ir_train_init(&t);
	ck_assert_int_eq(ir_train_pulse(&t, 100), 0);
	ck_assert_int_eq(ir_train_pulse(&t, 50), 0);
	ck_assert_int_eq(ir_train_space(&t, 0), 0);
	ck_assert_int_eq(ir_train_space(&t, 200), 0);
	ck_assert_int_eq(ir_train_space(&t, 1), 0);
	ck_assert_int_eq(ir_train_pulse(&t, 7), 0);
	ck_assert_uint_eq(t.count, 3);
	ck_assert_uint_eq(t.durations[0], 150);
	ck_assert_uint_eq(t.durations[1], 201);
	ck_assert_uint_eq(t.durations[2], 7);
	ck_assert_uint_eq(ir_train_duration(&t), 358);
	ir_train_trim_space(&t);	/* ends in a pulse: nothing to drop */
	ck_assert_uint_eq(t.count, 3);
	ck_assert_int_eq(ir_train_space(&t, 9), 0);
	ir_train_trim_space(&t);
	ck_assert_uint_eq(t.count, 3);
	ir_train_free(&t);
	ck_assert_uint_eq(t.count, 0);
	ir_train_free(&t);
	ir_train_free(NULL);
}
END_TEST

START_TEST(test_train_refuses)
{
	struct ir_train t;

	ir_train_init(&t);
	ck_assert_int_eq(ir_train_space(&t, 10), -EINVAL);
	ck_assert_int_eq(ir_train_pulse(&t, 0x1000000), -ERANGE);
	ck_assert_int_eq(ir_train_pulse(&t, 0xffffff), 0);
	ck_assert_int_eq(ir_train_pulse(&t, 1), -ERANGE);
	ck_assert_uint_eq(t.count, 1);
	ck_assert_uint_eq(t.durations[0], 0xffffff);
	ir_train_free(&t);
}
END_TEST

START_TEST(test_train_count_limit)
{
	struct ir_train t;
	size_t i;
	int ret = 0;

	ir_train_init(&t);
	for (i = 0; i < IR_TRAIN_COUNT_MAX && !ret; i++)
		ret = i % 2 ? ir_train_space(&t, 1) : ir_train_pulse(&t, 1);
	ck_assert_int_eq(ret, 0);
	/* The last is a space: another lengthens it, a pulse needs room. */
	ck_assert_int_eq(ir_train_space(&t, 1), 0);
	ck_assert_int_eq(ir_train_pulse(&t, 1), -E2BIG);
	ck_assert_uint_eq(t.count, IR_TRAIN_COUNT_MAX);
	ir_train_free(&t);
}
END_TEST

START_TEST(test_train_text)
{
	struct ir_train t;
	char *text = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);

	ck_assert_ptr_nonnull(out);
	ir_train_init(&t);
	ck_assert_int_eq(ir_train_pulse(&t, 889), 0);
	ck_assert_int_eq(ir_train_space(&t, 1778), 0);
	ck_assert_int_eq(ir_train_write_text(out, &t), 0);
	fclose(out);
	ck_assert_str_eq(text, "pulse 889\nspace 1778\n");
	free(text);
	ir_train_free(&t);
}
END_TEST

/* ---- trains by hand ---- */

static void encode_ok(struct ir_train *t, const char *proto, uint64_t scancode)
{
	struct ir_error err = { "" };
	int p = ir_encode_proto_from_name(proto);

	ck_assert_msg(p >= 0, "%s: no such protocol", proto);
	ir_train_init(t);
	ck_assert_msg(ir_encode_scancode(t, (uint32_t)p, scancode, &err) == 0, "%s 0x%llx: %s",
		      proto, (unsigned long long)scancode, err.message);
}

/*
 * "+6 -2 +1 ...": durations in units, pulses '+', spaces '-', in the order sent; a
 * group "[-1 +1]*12" stands for its durations twelve times.
 */
static void expand_units(char *out, size_t size, const char *units)
{
	const char *p = units, *close;
	size_t len = 0;
	long times;

	while (*p) {
		if (*p != '[') {
			ck_assert_uint_lt(len + 1, size);
			out[len++] = *p++;
			continue;
		}
		close = strchr(p, ']');
		ck_assert_ptr_nonnull(close);
		ck_assert_int_eq(close[1], '*');
		times = strtol(close + 2, NULL, 10);
		while (times-- > 0) {
			ck_assert_uint_lt(len + (size_t)(close - p) + 1, size);
			memcpy(out + len, p + 1, (size_t)(close - p - 1));
			len += (size_t)(close - p - 1);
			out[len++] = ' ';
		}
		p = close + 2;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	out[len] = '\0';
}

static void expect_units(const struct ir_train *t, unsigned int unit, const char *units)
{
	char expanded[2048];
	const char *p = expanded;
	size_t i = 0;
	char *end;
	long n;

	expand_units(expanded, sizeof(expanded), units);
	while (*p) {
		while (*p == ' ')
			p++;
		if (!*p)
			break;
		n = strtol(p, &end, 10);
		ck_assert_ptr_ne(end, p);
		ck_assert_msg(i < t->count, "train too short: %zu durations, expected more",
			      t->count);
		ck_assert_msg(ir_train_is_pulse(i) == (n > 0), "duration %zu: wrong kind", i);
		ck_assert_msg(t->durations[i] == labs(n) * unit,
			      "duration %zu: %u, expected %ld", i, t->durations[i], labs(n) * unit);
		i++;
		p = end;
	}
	ck_assert_msg(i == t->count, "train too long: %zu durations, expected %zu", t->count, i);
}

/*
 * The expected train of a pulse-distance frame: header, a pulse and a space per bit
 * of `bits` (the bits in the order sent, worked out by hand), trailer.
 */
struct pd_expect {
	uint32_t header_pulse, header_space, bit_pulse, space0, space1;
	uint32_t trailer_pulse, trailer_space;
};

static size_t expect_pd(const struct ir_train *t, size_t i, const struct pd_expect *e,
			const char *bits)
{
	const uint32_t *d = t->durations;

	if (e->header_pulse) {
		ck_assert_uint_eq(d[i++], e->header_pulse);
		ck_assert_uint_eq(d[i++], e->header_space);
	}
	for (; *bits; bits++) {
		if (*bits == ' ')
			continue;
		ck_assert_uint_lt(i + 1, t->count);
		ck_assert_uint_eq(d[i++], e->bit_pulse);
		ck_assert_uint_eq(d[i++], *bits == '1' ? e->space1 : e->space0);
	}
	ck_assert_uint_lt(i + 1, t->count + 1);
	ck_assert_uint_eq(d[i++], e->trailer_pulse);
	ck_assert_uint_eq(d[i++], e->trailer_space);
	return i;
}

/* NEC: 9 ms (16 × 563) header, 4.5 ms space; 563 µs pulses; 0 = 563, 1 = 1689. */
static const struct pd_expect nec_pd = { 9008, 4504, 563, 563, 1689, 563, 5630 };

START_TEST(test_hand_nec)
{
	struct ir_train t;

	/* Address 0x04, its inverse 0xfb, command 0x08, 0xf7: each byte LSB first. */
	encode_ok(&t, "nec", 0x0408);
	ck_assert_uint_eq(t.count, 68);
	expect_pd(&t, 0, &nec_pd, "00100000 11011111 00010000 11101111");
	ir_train_free(&t);
	/* NEC-X: address 0x12 0x34, command 0x56 and its inverse 0xa9. */
	encode_ok(&t, "necx", 0x123456);
	expect_pd(&t, 0, &nec_pd, "01001000 00101100 01101010 10010101");
	ir_train_free(&t);
	/* NEC-32 0x12345678: the bytes go 0x34 0x12 0x78 0x56. */
	encode_ok(&t, "nec32", 0x12345678);
	expect_pd(&t, 0, &nec_pd, "00101100 01001000 00011110 01101010");
	ir_train_free(&t);
}
END_TEST

START_TEST(test_hand_jvc)
{
	/* 8.4 ms and 4.2 ms header (16 and 8 units of 525); address then command LSB first. */
	static const struct pd_expect jvc = { 8400, 4200, 525, 525, 1575, 525, 18375 };
	struct ir_train t;

	encode_ok(&t, "jvc", 0x1234);
	ck_assert_uint_eq(t.count, 36);
	expect_pd(&t, 0, &jvc, "01001000 00101100");
	ir_train_free(&t);
}
END_TEST

START_TEST(test_hand_sanyo)
{
	struct ir_train t;

	/*
	 * Address 0x1234 in 13 bits (1 0010 0011 0100) LSB first, its inverse 0x0dcb
	 * (0 1101 1100 1011) LSB first, command 0x56, 0xa9 LSB first; NEC's timings.
	 */
	encode_ok(&t, "sanyo", 0x123456);
	ck_assert_uint_eq(t.count, 88);
	expect_pd(&t, 0, &nec_pd, "0010110001001 1101001110110 01101010 10010101");
	ir_train_free(&t);
}
END_TEST

START_TEST(test_hand_sharp)
{
	/* No header; 320 µs pulses, 680/1680 µs spaces; 40 ms after each frame. */
	static const struct pd_expect sharp = { 0, 0, 320, 680, 1680, 320, 40000 };
	struct ir_train t;
	size_t i;

	/* Address 1 (5 bits) and command 0x43 LSB first, then 1 0; echo: 0xbc, 0 1. */
	encode_ok(&t, "sharp", 0x0143);
	ck_assert_uint_eq(t.count, 64);
	i = expect_pd(&t, 0, &sharp, "10000 11000010 10");
	expect_pd(&t, i, &sharp, "10000 00111101 01");
	ir_train_free(&t);
}
END_TEST

/*
 * Sony: 2.4 ms header pulse, then per bit a 600 µs space and a 600 or 1200 µs pulse,
 * LSB first (command 7 bits, device, extension), and 6.6 ms after.
 */
static void expect_sony(const struct ir_train *t, const char *bits)
{
	const uint32_t *d = t->durations;
	size_t i = 0;

	ck_assert_uint_eq(d[i++], 2400);
	for (; *bits; bits++) {
		if (*bits == ' ')
			continue;
		ck_assert_uint_eq(d[i++], 600);
		ck_assert_uint_eq(d[i++], *bits == '1' ? 1200 : 600);
	}
	ck_assert_uint_eq(d[i++], 6600);
	ck_assert_uint_eq(i, t->count);
}

START_TEST(test_hand_sony)
{
	struct ir_train t;

	/* Command 0x15, device 1. */
	encode_ok(&t, "sony12", 0x010015);
	expect_sony(&t, "1010100 10000");
	ir_train_free(&t);
	/* Command 0x44, device 0x9a. */
	encode_ok(&t, "sony15", 0x9a0044);
	expect_sony(&t, "0010001 01011001");
	ir_train_free(&t);
	/* Command 0x44, device 0x1a, extension 0x0c. */
	encode_ok(&t, "sony20", 0x1a0c44);
	expect_sony(&t, "0010001 01011 00110000");
	ir_train_free(&t);
}
END_TEST

START_TEST(test_hand_rc5)
{
	struct ir_train t;

	/*
	 * Units of 889 µs; a 1 is space-pulse. System 1, command 1: after the leader
	 * pulse (second half of start bit 1), bits 1 (start 2, command bit 6 clear),
	 * 0 (toggle), 00001, 000001: halves P SP PS PS PS PS PS SP PS PS PS PS PS SP,
	 * then 10 units of space.
	 */
	encode_ok(&t, "rc5", 0x0101);
	expect_units(&t, 889, "+1 -1 +2 -1 +1 -1 +1 -1 +1 -1 +1 -2 +2 -1 +1 -1 +1 -1 +1 -1 "
			      "+1 -2 +1 -10");
	ir_train_free(&t);
	/* Command 0x40 (bit 6): the second start bit is 0, the rest zeros. */
	encode_ok(&t, "rc5", 0x0040);
	expect_units(&t, 889, "+2 -1 [+1 -1]*11 +1 -11");
	ir_train_free(&t);
}
END_TEST

START_TEST(test_hand_rc5x_sz)
{
	struct ir_train t;

	/*
	 * RC-5X-20 0x004000: bit 14 set, so the second start bit is 0; all else 0:
	 * leader P, then 7 zeros (PS each), 4 units of space, then 12 zeros, 10 units.
	 */
	encode_ok(&t, "rc5x_20", 0x004000);
	expect_units(&t, 889, "+2 -1 [+1 -1]*5 +1 -5 [+1 -1]*11 +1 -11");
	ir_train_free(&t);
	/* RC-5-SZ 0x2000: 14 bits after the leader, 10000000000000: SP then 13 PS. */
	encode_ok(&t, "rc5_sz", 0x2000);
	expect_units(&t, 889, "+1 -1 +2 -1 [+1 -1]*11 +1 -11");
	ir_train_free(&t);
}
END_TEST

START_TEST(test_hand_rc6)
{
	struct ir_train t;

	/*
	 * Units of 444 µs; a 1 is pulse-space. Leader 6 + 2; start 1 and mode 000
	 * (PS SP SP SP), trailer bit 0 at double length (S2 P2), body 0x8001: PS, 14 ×
	 * SP, PS; 6 units of space.
	 */
	encode_ok(&t, "rc6_0", 0x8001);
	expect_units(&t, 444, "+6 -2 +1 -2 +1 -1 +1 -1 +1 -2 +3 -2 +1 [-1 +1]*12 -1 +2 -7");
	ir_train_free(&t);
	/*
	 * Start 1 and mode 6 (110): PS PS PS SP; S2 P2; a 20-bit body of 0x00001: 19 ×
	 * SP, PS.
	 */
	encode_ok(&t, "rc6_6a_20", 0x00001);
	expect_units(&t, 444, "+6 -2 +1 -1 +1 -1 +1 -2 +1 -2 +2 [-1 +1]*18 -1 +2 -7");
	ir_train_free(&t);
}
END_TEST

START_TEST(test_hand_mcir2)
{
	struct ir_train t;

	/*
	 * Units of 333 µs; a 1 is pulse-space. Leader 8; header 00100 (SP SP PS SP SP),
	 * 32 zero bits (SP), 10 units of space.
	 */
	encode_ok(&t, "mcir2-kbd", 0);
	ck_assert_uint_eq(t.count, 74);
	expect_units(&t, 333, "+8 -1 +1 -1 +2 -2 +1 -1 +1 [-1 +1]*32 -10");
	ir_train_free(&t);
	/*
	 * Mouse: header 00001 (SP SP SP SP PS), then 29 bits of 0x100000: 8 × SP, PS,
	 * 20 × SP.
	 */
	encode_ok(&t, "mcir2-mse", 0x100000);
	expect_units(&t, 333, "+8 -1 +1 -1 +1 -1 +1 -1 +2 -2 +1 [-1 +1]*6 -1 +2 -2 +1 "
			      "[-1 +1]*19 -10");
	ir_train_free(&t);
}
END_TEST

START_TEST(test_hand_rcmm)
{
	struct ir_train t;

	/* 417 µs prefix, 278 µs; two bits per 166 µs pulse: 278, 444, 611, 778 µs. */
	encode_ok(&t, "rc-mm-12", 0x123);	/* 00 01 00 10 00 11 */
	expect_units(&t, 1, "+417 -278 +166 -278 +166 -444 +166 -278 +166 -611 +166 -278 "
			    "+166 -778 +166 -1556");
	ir_train_free(&t);
	encode_ok(&t, "rc-mm-24", 0xe40000);	/* 11 10 01, then 9 × 00 */
	expect_units(&t, 1, "+417 -278 +166 -778 +166 -611 +166 -444 [+166 -278]*9 +166 -1556");
	ir_train_free(&t);
}
END_TEST

START_TEST(test_hand_imon)
{
	struct ir_train t;

	/*
	 * Units of 416 µs after a leader pulse; a bit's second half is a pulse when it is
	 * clear. All 31 bits set: only spaces follow the leader, and the trailing space
	 * is not sent.
	 */
	encode_ok(&t, "imon", 0x7fffffff);
	expect_units(&t, 416, "+1");
	ir_train_free(&t);
	/* Bit 0 clear (not a checked bit): 30 × SS, then SP. */
	encode_ok(&t, "imon", 0x7ffffffe);
	expect_units(&t, 416, "+1 -61 +1");
	ir_train_free(&t);
	/* Bit 30 (checked) and 31 clear: its first half a pulse too; then all set. */
	encode_ok(&t, "imon", 0x3fffffff);
	expect_units(&t, 416, "+3");
	ir_train_free(&t);
	/* Bit 29 clear (not checked), 30 set: S P, then spaces. */
	encode_ok(&t, "imon", 0x5fffffff);
	expect_units(&t, 416, "+1 -3 +1");
	ir_train_free(&t);
}
END_TEST

/*
 * XMP, from the JP1 wiki's description: a nibble n is +210 -(760 + 136 n); 8 nibbles,
 * +210 -13800, 8 more, +210 -80400. Each half's nibbles sum to 0 mod 16.
 */
START_TEST(test_hand_xmp)
{
	struct ir_error err = { "" };
	struct ir_train t;

	/*
	 * Address 0x12, sub-address 0x34, OBC 0x5678. First half 3 C 4 F 4 4 1 2: the
	 * others sum to 33, so C = 15; second half 3 C 0 4 5 6 7 8 (toggle 0): 33, C = 15.
	 */
	encode_ok(&t, "xmp", 0x12345678);
	expect_units(&t, 1, "+210 -1168 +210 -2800 +210 -1304 +210 -2800 +210 -1304 "
			    "+210 -1304 +210 -896 +210 -1032 +210 -13800 "
			    "+210 -1168 +210 -2800 +210 -760 +210 -1304 +210 -1440 "
			    "+210 -1576 +210 -1712 +210 -1848 +210 -80400");
	ck_assert_uint_eq(t.carrier, 38000);
	ir_train_free(&t);
	/*
	 * Scancode 0: first half 0 C 0 F 4 4 0 0, sum 23, C = 9; second half all zero,
	 * C = 0.
	 */
	encode_ok(&t, "xmp", 0);
	expect_units(&t, 1, "+210 -760 +210 -1984 +210 -760 +210 -2800 +210 -1304 +210 -1304 "
			    "[+210 -760]*2 +210 -13800 [+210 -760]*8 +210 -80400");
	ir_train_free(&t);
	/*
	 * Every bit: first half F C F F 4 4 F F, sum 83, C = 13; second half F C 0 F F F
	 * F F, sum 90, C = 6.
	 */
	encode_ok(&t, "xmp", 0xffffffff);
	expect_units(&t, 1, "+210 -2800 +210 -2528 [+210 -2800]*2 +210 -1304 +210 -1304 "
			    "[+210 -2800]*2 +210 -13800 +210 -2800 +210 -1576 +210 -760 "
			    "[+210 -2800]*5 +210 -80400");
	ir_train_free(&t);
	/*
	 * A held key: the first frame, then frames with toggle 8, whose second half
	 * 3 C 8 4 5 6 7 8 sums to 41 without C: C = 7.
	 */
	ir_train_init(&t);
	ck_assert_msg(ir_kernel_send(&t, RC_PROTO_XMP, 0x12345678, 2, &err) == 0, "%s",
		      err.message);
	ck_assert_uint_eq(t.count, 3 * 36);
	ck_assert_uint_eq(t.durations[36 + 18 + 5], 1848);	/* toggle 8 */
	ck_assert_uint_eq(t.durations[36 + 18 + 3], 1712);	/* checksum 7 */
	ck_assert_uint_eq(t.durations[72 + 18 + 5], 1848);
	ck_assert_uint_eq(t.durations[72 + 18 + 3], 1712);
	ck_assert_uint_eq(t.durations[18 + 5], 760);	/* the first frame's toggle 0 */
	ck_assert_uint_eq(t.durations[3 * 36 - 1], 80400);
	ir_train_free(&t);
}
END_TEST

/* ---- refusals ---- */

static void expect_refused(const char *proto, uint64_t scancode, int error, const char *msg)
{
	struct ir_error err = { "" };
	struct ir_train t;
	int p = ir_encode_proto_from_name(proto);

	ck_assert_int_ge(p, 0);
	ir_train_init(&t);
	ck_assert_int_eq(ir_train_pulse(&t, 100), 0);
	ck_assert_int_eq(ir_encode_scancode(&t, (uint32_t)p, scancode, &err), error);
	ck_assert_str_eq(err.message, msg);
	ck_assert_uint_eq(t.count, 1);
	ck_assert_uint_eq(t.durations[0], 100);
	ir_train_free(&t);
}

START_TEST(test_refused)
{
	expect_refused("nec", 0x123456, -EINVAL,
		       "nec: scancode 0x123456: bits 0x120000 do not fit (the protocol "
		       "carries 0xffff)");
	expect_refused("rc5", 0x2080, -EINVAL,
		       "rc5: scancode 0x2080: bits 0x2080 do not fit (the protocol carries "
		       "0x1f7f)");
	expect_refused("rc6_mce", 0x800f8001, -EINVAL,
		       "rc6_mce: scancode 0x800f8001: bits 0x8000 do not fit (the protocol "
		       "carries 0xffff7fff)");
	expect_refused("nec32", 0x100000000ull, -EINVAL,
		       "nec32: scancode 0x100000000: bits 0x100000000 do not fit (the "
		       "protocol carries 0xffffffff)");
	expect_refused("necx", 0x12ed56, -EINVAL,
		       "necx: scancode 0x12ed56: an address whose low byte is the inverse of "
		       "its high byte is plain nec");
	expect_refused("nec32", 0x1234a956, -EINVAL,
		       "nec32: scancode 0x1234a956: a command whose low byte is the inverse "
		       "of its high byte is nec or necx");
	expect_refused("rc6_mce", 0x80340001, -EINVAL,
		       "rc6_mce: scancode 0x80340001: the customer code (bits 16 to 31) must "
		       "be 0x800f");
	expect_refused("rc6_6a_32", 0x800f0001, -EINVAL,
		       "rc6_6a_32: scancode 0x800f0001: customer code 0x800f is rc6_mce");
	expect_refused("xmp", 0x112345678ull, -EINVAL,
		       "xmp: scancode 0x112345678: bits 0x100000000 do not fit (the protocol "
		       "carries 0xffffffff)");
}
END_TEST

START_TEST(test_no_encoder)
{
	struct ir_error err = { "" };
	struct ir_train t;

	ir_train_init(&t);
	ck_assert_int_eq(ir_encode_scancode(&t, RC_PROTO_CEC, 1, &err), -EOPNOTSUPP);
	ck_assert_str_eq(err.message, "protocol 22 has no encoder");
	ck_assert_int_eq(ir_encode_scancode(&t, RC_PROTO_UNKNOWN, 1, &err), -EOPNOTSUPP);
	ck_assert_int_eq(ir_encode_scancode(&t, 1000, 1, &err), -EOPNOTSUPP);
	ck_assert_uint_eq(t.count, 0);
	ck_assert_ptr_null(ir_encode_proto_name(RC_PROTO_CEC));
	ck_assert_uint_eq(ir_encode_carrier(RC_PROTO_XBOX_DVD), 0);
	ck_assert_uint_eq(ir_encode_scancode_bits(RC_PROTO_OTHER), 0);
}
END_TEST

START_TEST(test_names)
{
	ck_assert_int_eq(ir_encode_proto_from_name("nec"), RC_PROTO_NEC);
	ck_assert_int_eq(ir_encode_proto_from_name("NEC-X"), RC_PROTO_NECX);
	ck_assert_int_eq(ir_encode_proto_from_name("rc-6-mce"), RC_PROTO_RC6_MCE);
	ck_assert_int_eq(ir_encode_proto_from_name("rc-5x-20"), RC_PROTO_RC5X_20);
	ck_assert_int_eq(ir_encode_proto_from_name("sony-12"), RC_PROTO_SONY12);
	ck_assert_int_eq(ir_encode_proto_from_name("rcmm32"), RC_PROTO_RCMM32);
	ck_assert_int_eq(ir_encode_proto_from_name("rc_mm_24"), RC_PROTO_RCMM24);
	ck_assert_int_eq(ir_encode_proto_from_name("mcir2_mse"), RC_PROTO_MCIR2_MSE);
	ck_assert_int_eq(ir_encode_proto_from_name("XMP"), RC_PROTO_XMP);
	ck_assert_int_eq(ir_encode_proto_from_name("cec"), -ENOENT);
	ck_assert_int_eq(ir_encode_proto_from_name("nec3"), -ENOENT);
	ck_assert_int_eq(ir_encode_proto_from_name("nec322"), -ENOENT);
	ck_assert_int_eq(ir_encode_proto_from_name(""), -ENOENT);
	ck_assert_int_eq(ir_encode_proto_from_name("-"), -ENOENT);
	ck_assert_str_eq(ir_encode_proto_name(RC_PROTO_RCMM12), "rc-mm-12");
	ck_assert_uint_eq(ir_encode_carrier(RC_PROTO_SONY20), 40000);
	ck_assert_uint_eq(ir_encode_carrier(RC_PROTO_RC6_0), 36000);
	ck_assert_uint_eq(ir_encode_scancode_bits(RC_PROTO_SANYO), 0x1fffff);
}
END_TEST

/* ---- round trips through the BPF decoders ---- */

struct roundtrip {
	const char *name;
	uint32_t protocol;
	const char *decoder;
};

static const struct roundtrip roundtrips[] = {
	{ "nec", RC_PROTO_NEC, "nec_bpf" },
	{ "necx", RC_PROTO_NECX, "nec_bpf" },
	{ "nec32", RC_PROTO_NEC32, "nec_bpf" },
	{ "rc5", RC_PROTO_RC5, "rc5_bpf" },
	{ "rc5x_20", RC_PROTO_RC5X_20, "rc5_bpf" },
	{ "rc5_sz", RC_PROTO_RC5_SZ, "rc5_bpf" },
	{ "rc6_0", RC_PROTO_RC6_0, "rc6_bpf" },
	{ "rc6_6a_20", RC_PROTO_RC6_6A_20, "rc6_bpf" },
	{ "rc6_6a_24", RC_PROTO_RC6_6A_24, "rc6_bpf" },
	{ "rc6_6a_32", RC_PROTO_RC6_6A_32, "rc6_bpf" },
	{ "rc6_mce", RC_PROTO_RC6_MCE, "rc6_bpf" },
	{ "sony12", RC_PROTO_SONY12, "sony_bpf" },
	{ "sony15", RC_PROTO_SONY15, "sony_bpf" },
	{ "sony20", RC_PROTO_SONY20, "sony_bpf" },
	{ "jvc", RC_PROTO_JVC, "jvc_bpf" },
	{ "sanyo", RC_PROTO_SANYO, "sanyo_bpf" },
	{ "sharp", RC_PROTO_SHARP, "sharp_bpf" },
	{ "mcir2-kbd", RC_PROTO_MCIR2_KBD, "mce_kbd_bpf" },
	{ "mcir2-mse", RC_PROTO_MCIR2_MSE, "mce_kbd_bpf" },
	{ "imon", RC_PROTO_IMON, "imon_bpf" },
	{ "rc-mm-12", RC_PROTO_RCMM12, "rcmm_bpf" },
	{ "rc-mm-24", RC_PROTO_RCMM24, "rcmm_bpf" },
	{ "rc-mm-32", RC_PROTO_RCMM32, "rcmm_bpf" },
	{ "xmp", RC_PROTO_XMP, "xmp_bpf" },
};

#define ROUNDTRIP_COUNT (sizeof(roundtrips) / sizeof(roundtrips[0]))

/*
 * A random scancode the protocol carries and that the decoders report as sent. The
 * decoders read some scancodes as another variant or as something else, as the
 * kernel's do: RC-6-6A-32 customers 0x8034 and 0x8046 are MCE; RC-MM-32 frames of an
 * OEM mode carry a toggle in bit 15; iMON PAD messages end in 0xb7, and its stick
 * messages are pointer motion.
 */
static uint32_t random_scancode(uint32_t protocol, uint32_t *state)
{
	uint32_t bits = ir_encode_scancode_bits(protocol);

	for (;;) {
		uint32_t sc = test_random(state) & bits;
		uint32_t customer = sc & 0xffff0000;

		switch (protocol) {
		case RC_PROTO_NECX:
			if (((sc >> 16 ^ sc >> 8) & 0xff) == 0xff)
				continue;
			break;
		case RC_PROTO_NEC32:
			if (((sc ^ sc >> 8) & 0xff) == 0xff)
				continue;
			break;
		case RC_PROTO_RC6_6A_32:
			if (customer == 0x800f0000 || customer == 0x80340000 ||
			    customer == 0x80460000)
				continue;
			break;
		case RC_PROTO_RC6_MCE:
			sc = 0x800f0000 | (sc & 0x7fff);
			break;
		case RC_PROTO_RCMM32:
			if ((sc & 0x000c0000) != 0x000c0000)
				sc &= ~0x8000u;
			break;
		case RC_PROTO_IMON:
			sc = (sc & ~0xffu) | 0xb7;
			if ((sc & 0xfc0000ff) == 0x680000b7 || sc == 0x299115b7)
				continue;
			break;
		default:
			break;
		}
		return sc;
	}
}

/* Seven bits of two's complement, as the MCE mouse sends its movements. */
static int32_t mouse_axis(uint32_t v)
{
	v &= 0x7f;
	return v & 0x40 ? (int32_t)v - 128 : (int32_t)v;
}

static void train_to_signal(struct ir_signal *s, const struct ir_train *t)
{
	size_t i;

	ir_signal_init(s);
	for (i = 0; i < t->count; i++)
		ck_assert_int_eq(ir_train_is_pulse(i) ? ir_signal_pulse(s, t->durations[i]) :
						      ir_signal_space(s, t->durations[i]), 0);
	/* The receiver ends the message with its timeout. */
	ck_assert_int_eq(ir_signal_timeout(s, RX_TIMEOUT), 0);
}

START_TEST(test_roundtrip)
{
	const struct roundtrip *r = &roundtrips[_i];
	struct decoder_run run;
	struct ir_error err = { "" };
	struct ir_signal s;
	struct ir_train t;
	uint32_t state = SEED + (uint32_t)_i;
	size_t index;
	int n;

	ck_assert_int_eq(ir_encode_proto_from_name(r->name), (int)r->protocol);
	decoder_run_open(&run, r->decoder, NULL, 0);
	for (n = 0; n < ROUNDTRIPS; n++) {
		uint32_t sc = random_scancode(r->protocol, &state);

		ir_train_init(&t);
		ck_assert_msg(ir_encode_scancode(&t, r->protocol, sc, &err) == 0, "%s", err.message);
		train_to_signal(&s, &t);
		decoder_run_reset(&run);
		decoder_run_feed(&run, &s);
		index = 0;
		if (r->protocol == RC_PROTO_MCIR2_MSE) {
			expect_event_count(&run, 2);
			expect_pointer(&run, index++, mouse_axis(sc >> 7), mouse_axis(sc >> 14));
		} else {
			expect_event_count(&run, 1);
		}
		/* JVC has no toggle: the decoder flips one at each header, from 0. */
		expect_keydown(&run, index, r->protocol, sc, r->protocol == RC_PROTO_JVC);
		ir_signal_free(&s);
		ir_train_free(&t);
	}
	decoder_run_close(&run);
}
END_TEST

static Suite *ir_encode_suite(void)
{
	Suite *s = suite_create("ir_encode");
	TCase *tc;

	tc = tcase_create("train");
	tcase_add_test(tc, test_train_merges);
	tcase_add_test(tc, test_train_refuses);
	tcase_add_test(tc, test_train_count_limit);
	tcase_add_test(tc, test_train_text);
	suite_add_tcase(s, tc);

	tc = tcase_create("by_hand");
	tcase_add_test(tc, test_hand_nec);
	tcase_add_test(tc, test_hand_jvc);
	tcase_add_test(tc, test_hand_sanyo);
	tcase_add_test(tc, test_hand_sharp);
	tcase_add_test(tc, test_hand_sony);
	tcase_add_test(tc, test_hand_rc5);
	tcase_add_test(tc, test_hand_rc5x_sz);
	tcase_add_test(tc, test_hand_rc6);
	tcase_add_test(tc, test_hand_mcir2);
	tcase_add_test(tc, test_hand_rcmm);
	tcase_add_test(tc, test_hand_imon);
	tcase_add_test(tc, test_hand_xmp);
	suite_add_tcase(s, tc);

	tc = tcase_create("refusals");
	tcase_add_test(tc, test_refused);
	tcase_add_test(tc, test_no_encoder);
	tcase_add_test(tc, test_names);
	suite_add_tcase(s, tc);

	tc = tcase_create("roundtrip");
	tcase_add_loop_test(tc, test_roundtrip, 0, ROUNDTRIP_COUNT);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = ir_encode_suite);
