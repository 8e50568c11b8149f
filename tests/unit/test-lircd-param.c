// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The parameters of the table-driven lircd decoders' descriptors (utils/lircd/lircd_param):
 * a table's fields set, their ranges refused at both edges with the parameter and the
 * value named, flags and 64-bit masks; then every parameter that the setters of
 * lircd_space_index.h and lircd_biphase_index.h document reaching the descriptor's
 * field of that name.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "lircd_biphase_index.h"
#include "lircd_param.h"
#include "lircd_space_index.h"
#include "test-main.h"

#define UNTOUCHED "untouched"

struct sample {
	unsigned int plain;
	unsigned int narrow;
	unsigned int flags;
	unsigned int mask[2];
};

static const struct lircd_param sample_params[] = {
	LIRCD_PARAM_U32(struct sample, plain),
	{ "narrow", LIRCD_PARAM_U32, offsetof(struct sample, narrow), 0, 10, 20 },
	LIRCD_PARAM_FLAG("second", struct sample, flags, 1u << 1),
	LIRCD_PARAM_MASK64(struct sample, mask),
};

static int set(struct sample *s, const char *name, int64_t value, struct ir_error *err)
{
	return lircd_param_set(sample_params, sizeof(sample_params) / sizeof(sample_params[0]),
			       s, name, value, err);
}

START_TEST(test_u32_edges)
{
	struct sample s = { 0 };
	struct ir_error err;

	ck_assert_int_eq(set(&s, "plain", 0, &err), 0);
	ck_assert_uint_eq(s.plain, 0);
	ck_assert_int_eq(set(&s, "plain", 4294967295LL, &err), 0);
	ck_assert_uint_eq(s.plain, 0xffffffffu);

	ck_assert_int_eq(set(&s, "plain", 4294967296LL, &err), -ERANGE);
	ck_assert_str_eq(err.message, "parameter 'plain' = 4294967296: out of range");
	ck_assert_uint_eq(s.plain, 0xffffffffu);
	ck_assert_int_eq(set(&s, "plain", -1, &err), -ERANGE);
	ck_assert_str_eq(err.message, "parameter 'plain' = -1: out of range");
	ck_assert_uint_eq(s.plain, 0xffffffffu);
	ck_assert_int_eq(set(&s, "plain", INT64_MIN, &err), -ERANGE);
	ck_assert_str_eq(err.message,
			 "parameter 'plain' = -9223372036854775808: out of range");
}
END_TEST

START_TEST(test_own_range)
{
	struct sample s = { 0 };
	struct ir_error err;

	ck_assert_int_eq(set(&s, "narrow", 10, &err), 0);
	ck_assert_uint_eq(s.narrow, 10);
	ck_assert_int_eq(set(&s, "narrow", 20, &err), 0);
	ck_assert_uint_eq(s.narrow, 20);
	ck_assert_int_eq(set(&s, "narrow", 9, &err), -ERANGE);
	ck_assert_str_eq(err.message, "parameter 'narrow' = 9: out of range");
	ck_assert_int_eq(set(&s, "narrow", 21, &err), -ERANGE);
	ck_assert_str_eq(err.message, "parameter 'narrow' = 21: out of range");
	ck_assert_uint_eq(s.narrow, 20);
	/* No error to describe it in: still refused. */
	ck_assert_int_eq(set(&s, "narrow", 21, NULL), -ERANGE);
	ck_assert_uint_eq(s.narrow, 20);
}
END_TEST

START_TEST(test_unknown_name)
{
	struct sample s = { 1, 15, 5, { 6, 7 } };
	struct ir_error err;

	strcpy(err.message, UNTOUCHED);
	ck_assert_int_eq(set(&s, "Plain", 3, &err), -ENOENT);
	ck_assert_int_eq(set(&s, "plai", 3, &err), -ENOENT);
	ck_assert_int_eq(set(&s, "", 3, &err), -ENOENT);
	ck_assert_str_eq(err.message, UNTOUCHED);
	ck_assert_uint_eq(s.plain, 1);
	ck_assert_uint_eq(s.narrow, 15);
	ck_assert_uint_eq(s.flags, 5);
	ck_assert_uint_eq(s.mask[0], 6);
	ck_assert_uint_eq(s.mask[1], 7);
}
END_TEST

START_TEST(test_flag)
{
	struct sample s = { .flags = 1u << 0 | 1u << 2 };
	struct ir_error err;

	ck_assert_int_eq(set(&s, "second", 1, &err), 0);
	ck_assert_uint_eq(s.flags, 7);
	ck_assert_int_eq(set(&s, "second", 0, &err), 0);
	ck_assert_uint_eq(s.flags, 5);
	/* Any value other than 0 is true, a negative one too. */
	ck_assert_int_eq(set(&s, "second", -5, &err), 0);
	ck_assert_uint_eq(s.flags, 7);
	ck_assert_int_eq(set(&s, "second", INT64_MAX, &err), 0);
	ck_assert_uint_eq(s.flags, 7);
	ck_assert_uint_eq(s.plain, 0);
}
END_TEST

START_TEST(test_mask64)
{
	struct sample s = { 0 };
	struct ir_error err;

	ck_assert_int_eq(set(&s, "mask", 0x123456789abcdef0LL, &err), 0);
	ck_assert_uint_eq(s.mask[0], 0x9abcdef0u);
	ck_assert_uint_eq(s.mask[1], 0x12345678u);
	/* Bit 63 is a keymap integer's sign. */
	ck_assert_int_eq(set(&s, "mask", INT64_MIN + 1, &err), 0);
	ck_assert_uint_eq(s.mask[0], 1);
	ck_assert_uint_eq(s.mask[1], 0x80000000u);
	ck_assert_int_eq(set(&s, "mask", -1, &err), 0);
	ck_assert_uint_eq(s.mask[0], 0xffffffffu);
	ck_assert_uint_eq(s.mask[1], 0xffffffffu);
}
END_TEST

/* Each name the setter documents, and where its value must land. */
struct named_field {
	const char *name;
	size_t offset;
};

#define SPACE_FIELD(member) { #member, offsetof(struct lircd_space_remote, member) }
#define BIPHASE_FIELD(member) { #member, offsetof(struct lircd_biphase_remote, member) }

static int space_set(void *r, const char *name, int64_t value, struct ir_error *err)
{
	return lircd_space_remote_set(r, name, value, err);
}

static int biphase_set(void *r, const char *name, int64_t value, struct ir_error *err)
{
	return lircd_biphase_remote_set(r, name, value, err);
}

/* Each field takes a value of its own, and refuses out_of_range naming itself. */
static void check_fields(int (*setter)(void *, const char *, int64_t, struct ir_error *),
			 void *r, const struct named_field *fields, size_t count,
			 int64_t out_of_range)
{
	struct ir_error err;
	unsigned int value;
	char expected[IR_ERROR_MESSAGE_MAX];
	size_t i;

	for (i = 0; i < count; i++) {
		value = 1000 + (unsigned int)i;
		ck_assert_int_eq(setter(r, fields[i].name, value, &err), 0);
		ck_assert_uint_eq(*(unsigned int *)((char *)r + fields[i].offset), value);
		ck_assert_int_eq(setter(r, fields[i].name, out_of_range, &err), -ERANGE);
		snprintf(expected, sizeof(expected), "parameter '%s' = %lld: out of range",
			 fields[i].name, (long long)out_of_range);
		ck_assert_str_eq(err.message, expected);
		ck_assert_uint_eq(*(unsigned int *)((char *)r + fields[i].offset), value);
	}
}

START_TEST(test_lircd_space_names)
{
	static const struct named_field fields[] = {
		SPACE_FIELD(header_pulse), SPACE_FIELD(header_space), SPACE_FIELD(one_pulse),
		SPACE_FIELD(one_space), SPACE_FIELD(zero_pulse), SPACE_FIELD(zero_space),
		SPACE_FIELD(trailer_pulse), SPACE_FIELD(repeat_pulse),
		SPACE_FIELD(repeat_space), SPACE_FIELD(repeat_trailer), SPACE_FIELD(margin),
		SPACE_FIELD(end_space), SPACE_FIELD(bits),
	};
	struct lircd_space_remote r;
	struct ir_error err;

	memset(&r, 0, sizeof(r));
	check_fields(space_set, &r, fields, sizeof(fields) / sizeof(fields[0]), -1);
	ck_assert_int_eq(lircd_space_remote_set(&r, "reverse", 1, &err), 0);
	ck_assert_int_eq(lircd_space_remote_set(&r, "header_optional", 1, &err), 0);
	ck_assert_int_eq(lircd_space_remote_set(&r, "repeat_header", 1, &err), 0);
	ck_assert_uint_eq(r.flags, LIRCD_SPACE_REVERSE | LIRCD_SPACE_HEADER_OPTIONAL |
			  LIRCD_SPACE_REPEAT_HEADER);
	ck_assert_int_eq(lircd_space_remote_set(&r, "header_optional", 0, &err), 0);
	ck_assert_uint_eq(r.flags, LIRCD_SPACE_REVERSE | LIRCD_SPACE_REPEAT_HEADER);
	/* Not a keymap parameter of lircd_space: lengths come of merges only. */
	ck_assert_int_eq(lircd_space_remote_set(&r, "lengths", 1, &err), -ENOENT);
	ck_assert_int_eq(lircd_space_remote_set(&r, "plead", 1, &err), -ENOENT);
	ck_assert_int_eq(lircd_space_remote_set(&r, "flags", 1, &err), -ENOENT);
}
END_TEST

START_TEST(test_lircd_biphase_names)
{
	static const struct named_field fields[] = {
		BIPHASE_FIELD(header_pulse), BIPHASE_FIELD(header_space), BIPHASE_FIELD(plead),
		BIPHASE_FIELD(one_space), BIPHASE_FIELD(one_pulse), BIPHASE_FIELD(zero_pulse),
		BIPHASE_FIELD(zero_space), BIPHASE_FIELD(margin), BIPHASE_FIELD(end_space),
		BIPHASE_FIELD(bits),
	};
	struct lircd_biphase_remote r;
	struct ir_error err;

	memset(&r, 0, sizeof(r));
	check_fields(biphase_set, &r, fields, sizeof(fields) / sizeof(fields[0]), 1LL << 32);
	ck_assert_int_eq(lircd_biphase_remote_set(&r, "header_optional", 2, &err), 0);
	ck_assert_int_eq(lircd_biphase_remote_set(&r, "first_one", 1, &err), 0);
	ck_assert_uint_eq(r.flags, LIRCD_BIPHASE_HEADER_OPTIONAL | LIRCD_BIPHASE_FIRST_ONE);
	ck_assert_int_eq(lircd_biphase_remote_set(&r, "double_bits", 0x300000005LL, &err), 0);
	ck_assert_uint_eq(r.double_bits[0], 5);
	ck_assert_uint_eq(r.double_bits[1], 3);
	ck_assert_int_eq(lircd_biphase_remote_set(&r, "lengths", -2, &err), 0);
	ck_assert_uint_eq(r.lengths[0], 0xfffffffeu);
	ck_assert_uint_eq(r.lengths[1], 0xffffffffu);
	ck_assert_int_eq(lircd_biphase_remote_set(&r, "repeat_pulse", 1, &err), -ENOENT);
	ck_assert_int_eq(lircd_biphase_remote_set(&r, "reverse", 1, &err), -ENOENT);
}
END_TEST

static Suite *lircd_param_suite(void)
{
	Suite *s = suite_create("lircd_param");
	TCase *tc = tcase_create("table");

	tcase_add_test(tc, test_u32_edges);
	tcase_add_test(tc, test_own_range);
	tcase_add_test(tc, test_unknown_name);
	tcase_add_test(tc, test_flag);
	tcase_add_test(tc, test_mask64);
	suite_add_tcase(s, tc);
	tc = tcase_create("decoders");
	tcase_add_test(tc, test_lircd_space_names);
	tcase_add_test(tc, test_lircd_biphase_names);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = lircd_param_suite);
