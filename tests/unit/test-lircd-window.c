// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The windows of the table-driven lircd decoders (utils/lircd/lircd_window): a duration d
 * taken for an expected e of margin m when e - m < d < e + m. The edges of a window,
 * of two windows overlapping, and of merging two descriptors' durations, worked out
 * by hand from that rule; and the buckets of lircd_first_pairs_window() on the same
 * edges.
 */
#include "config.h"

#include <check.h>
#include <stdbool.h>
#include <stddef.h>

#include "lircd_first_pairs.h"
#include "lircd_window.h"
#include "../bpf_protocols/lircd_space_table.h"
#include "test-main.h"

START_TEST(test_window_of)
{
	struct lircd_window w = lircd_window_of(1000, 100);

	ck_assert_int_eq(w.low, 901);
	ck_assert_int_eq(w.high, 1099);
	w = lircd_window_of(1000, 1);
	ck_assert_int_eq(w.low, 1000);
	ck_assert_int_eq(w.high, 1000);
	/* A margin past the duration: the window reaches below 0. */
	w = lircd_window_of(50, 100);
	ck_assert_int_eq(w.low, -49);
	ck_assert_int_eq(w.high, 149);
	/* No 32-bit wrap at the top. */
	w = lircd_window_of(0xffffffffu, 2);
	ck_assert_int_eq(w.high, 0x100000000LL);
}
END_TEST

START_TEST(test_overlap_edges)
{
	struct lircd_window a = lircd_window_of(1000, 100);

	/* 1198's window starts at 1099, a's last duration. */
	ck_assert(lircd_window_overlap(a, lircd_window_of(1198, 100)));
	ck_assert(lircd_window_overlap(lircd_window_of(1198, 100), a));
	ck_assert(!lircd_window_overlap(a, lircd_window_of(1199, 100)));
	ck_assert(!lircd_window_overlap(lircd_window_of(1199, 100), a));
	/* Below: 802's window ends at 901, a's first. */
	ck_assert(lircd_window_overlap(a, lircd_window_of(802, 100)));
	ck_assert(!lircd_window_overlap(a, lircd_window_of(801, 100)));
	/* Margins of their own: 1300 within 202 reaches down to 1099. */
	ck_assert(lircd_window_overlap(a, lircd_window_of(1300, 202)));
	ck_assert(!lircd_window_overlap(a, lircd_window_of(1300, 201)));
	/* One inside the other. */
	ck_assert(lircd_window_overlap(a, lircd_window_of(1000, 1)));
	ck_assert(lircd_window_overlap(lircd_window_of(1000, 1), a));
}
END_TEST

struct pair {
	unsigned int first, second, not_merged;
};

static const size_t pair_durations[] = {
	offsetof(struct pair, first),
	offsetof(struct pair, second),
};

static bool merge(struct pair *into, const struct pair *other, unsigned int into_margin,
		  unsigned int other_margin, unsigned int *margin)
{
	return lircd_window_merge(into, other, pair_durations, 2, into_margin, other_margin,
				  margin);
}

/* One duration of two descriptors, each within its margin, and what a merge makes. */
static const struct merge_case {
	unsigned int into, into_margin, other, other_margin;
	bool merged;
	unsigned int expected, margin;
} merge_cases[] = {
	/* 901..1099 and 1099..1297: 901..1297, 1099 within 199. */
	{ 1000, 100, 1198, 100, true, 1099, 199 },
	/* 901..1099 and 1100..1298: apart by one. */
	{ 1000, 100, 1199, 100, false, 0, 0 },
	/* 941..1059 and 921..1119: 1020 within 100. */
	{ 1000, 60, 1020, 100, true, 1020, 100 },
	/* 701..1299 and 996..1004: a margin wider than the windows need stays. */
	{ 1000, 300, 1000, 5, true, 1000, 300 },
	/* -49..149 and -39..159: from 0 on, 0..159, 79 within 100. */
	{ 50, 100, 60, 100, true, 79, 100 },
};

START_TEST(test_merge_cases)
{
	const struct merge_case *c = &merge_cases[_i];
	struct pair into = { c->into, 500, 7 }, other = { c->other, 500, 9 };
	unsigned int margin = 12345;

	ck_assert_int_eq(merge(&into, &other, c->into_margin, c->other_margin, &margin),
			 c->merged);
	ck_assert_uint_eq(into.first, c->merged ? c->expected : c->into);
	ck_assert_uint_eq(margin, c->merged ? c->margin : 12345);
	/* The second pair, 500 in both, stays 500. */
	ck_assert_uint_eq(into.second, 500);
	ck_assert_uint_eq(into.not_merged, 7);
	ck_assert_uint_eq(other.first, c->other);
}
END_TEST

START_TEST(test_merge_refused_unchanged)
{
	struct pair into = { 1000, 500, 7 }, other = { 1199, 500, 9 };
	unsigned int margin = 12345;

	/* The first pair's windows miss by one: nothing changes, the second pair neither. */
	ck_assert(!merge(&into, &other, 100, 100, &margin));
	ck_assert_uint_eq(into.first, 1000);
	ck_assert_uint_eq(into.second, 500);
	ck_assert_uint_eq(margin, 12345);
	/* The second pair's miss refuses the first pair's merge too. */
	other.first = 1100;
	other.second = 801;
	ck_assert(!merge(&into, &other, 100, 100, &margin));
	ck_assert_uint_eq(into.first, 1000);
	ck_assert_uint_eq(into.second, 500);
	ck_assert_uint_eq(margin, 12345);
	/* A part that one has and the other has not. */
	other.second = 0;
	ck_assert(!merge(&into, &other, 100, 100, &margin));
	into.second = 0;
	other.second = 500;
	ck_assert(!merge(&into, &other, 100, 100, &margin));
	ck_assert_uint_eq(into.first, 1000);
	ck_assert_uint_eq(margin, 12345);
	/* A part that both lack stays 0: 901..1099 and 1001..1199, 1050 within 150. */
	other.second = 0;
	ck_assert(merge(&into, &other, 100, 100, &margin));
	ck_assert_uint_eq(into.first, 1050);
	ck_assert_uint_eq(into.second, 0);
	ck_assert_uint_eq(margin, 150);
}
END_TEST

/* A window and the first and last 100 µs buckets of its durations. */
static const struct bucket_case {
	unsigned int expected, margin, first, last;
} bucket_cases[] = {
	{ 1000, 50, 9, 10 },		/* 951..1049 */
	{ 1000, 1, 10, 10 },		/* 1000..1000 */
	{ 1000, 100, 9, 10 },		/* 901..1099 */
	{ 1000, 101, 9, 11 },		/* 900..1100 */
	{ 100, 300, 0, 3 },		/* -199..399: from bucket 0 on */
	{ 40000, 100, LIRCD_SPACE_BUCKET_LONG, LIRCD_SPACE_BUCKET_LONG },
};

START_TEST(test_first_pairs_buckets)
{
	const struct bucket_case *c = &bucket_cases[_i];
	unsigned int buckets[2];

	lircd_first_pairs_window(c->expected, c->margin, buckets);
	ck_assert_uint_eq(buckets[0], c->first);
	ck_assert_uint_eq(buckets[1], c->last);
}
END_TEST

static Suite *lircd_window_suite(void)
{
	Suite *s = suite_create("lircd_window");
	TCase *tc = tcase_create("window");

	tcase_add_test(tc, test_window_of);
	tcase_add_test(tc, test_overlap_edges);
	suite_add_tcase(s, tc);
	tc = tcase_create("merge");
	tcase_add_loop_test(tc, test_merge_cases, 0,
			    sizeof(merge_cases) / sizeof(merge_cases[0]));
	tcase_add_test(tc, test_merge_refused_unchanged);
	suite_add_tcase(s, tc);
	tc = tcase_create("first_pairs");
	tcase_add_loop_test(tc, test_first_pairs_buckets, 0,
			    sizeof(bucket_cases) / sizeof(bucket_cases[0]));
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = lircd_window_suite);
