// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The lircd_raw decoder (bpf_protocols/lircd_raw.c) in the userspace VM, with its maps
 * filled through utils/lircd/lircd_raw_index: the raw codes of lircd.conf(5) RAW_CODES
 * remotes, sent as lircd sends them (each duration in turn, then the gap), with
 * jitter, at the edges of the tolerance, truncated, after noise, many remotes at once,
 * and the cost per sample with 1, 10 and 100 remotes. The "encoder" is the codes
 * themselves: what a test sends is a remote's durations, never the decoder's tables.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/lirc.h>

#include "decoder_run.h"
#include "ir_signal.h"
#include "lircd_raw_index.h"
#include "test-main.h"

#define PROTOCOL	72
#define SEED		0x5a3e17u
#define BUTTONS		8
#define REMOTES		100
/* header, 16 bits, a trailing pulse */
#define DURATIONS	35

/* A RAW_CODES remote as a lircd.conf holds one: each button's recorded durations. */
struct raw_remote {
	unsigned int codes[BUTTONS][DURATIONS];
	unsigned int margin;		/* the tolerance, as the keymap gives it */
	unsigned int gap;
};

/*
 * Remote number index: a header of its own (ten pulses and ten spaces 800 µs apart,
 * so that 100 remotes start 100 ways), 8 address bits all its buttons share and 8
 * bits of the button, pulse-distance; each duration as a recording would have it,
 * up to 40 µs off.
 */
static void make_remote(struct raw_remote *r, unsigned int index, uint32_t *state)
{
	unsigned int b, k, address = test_random(state) & 0xff, bits, jitter;

	memset(r, 0, sizeof(*r));
	r->margin = 150;
	r->gap = 30000;
	for (b = 0; b < BUTTONS; b++) {
		unsigned int *d = r->codes[b];

		d[0] = 2000 + (index % 10) * 800;
		d[1] = 1000 + (index / 10 % 10) * 800;
		bits = address << 8 | (b * 37 + 11) % 256;
		for (k = 0; k < 16; k++) {
			jitter = test_random(state) % 81;
			d[2 + 2 * k] = 500 + jitter - 40;
			jitter = test_random(state) % 81;
			d[3 + 2 * k] = (bits >> (15 - k) & 1 ? 1600 : 550) + jitter - 40;
		}
		d[34] = 500;
	}
}

/* The patterns of these remotes as the host writes them; scancode: the pattern's index. */
static void open_with(struct decoder_run *run, const struct raw_remote *remotes, size_t count)
{
	struct lircd_raw_table table = { 0 };
	struct lircd_raw_pattern patterns[BUTTONS];
	struct bpf_param_value params[2] = { { "sync_space", 0 }, { "candidates", 0 } };
	struct ir_error err;
	size_t i, b, k;

	memset(&err, 0, sizeof(err));
	for (i = 0; i < count; i++) {
		memset(patterns, 0, sizeof(patterns));
		for (b = 0; b < BUTTONS; b++) {
			patterns[b].scancode = (unsigned int)(i * BUTTONS + b);
			patterns[b].margin = remotes[i].margin;
			patterns[b].end_space = remotes[i].gap / 2;
			for (k = 0; k < DURATIONS; k++)
				patterns[b].durations[k] = (unsigned short)remotes[i].codes[b][k];
		}
		ck_assert_int_eq(lircd_raw_table_append(&table, patterns, BUTTONS), 0);
	}
	ck_assert_msg(lircd_raw_table_index(&table, &err) == 0, "index: %s", err.message);
	params[0].value = remotes[0].gap / 2;
	params[1].value = table.candidates;
	decoder_run_open(run, "lircd_raw", params, 2);
	ck_assert_int_ge(run->lircd_raw_patterns_map, 0);
	ck_assert_int_ge(run->lircd_raw_index_map, 0);
	for (i = 0; i < table.pattern_count; i++) {
		unsigned int key = (unsigned int)i;

		ck_assert_int_eq(bpf_vm_map_update(run->vm, (size_t)run->lircd_raw_patterns_map,
						   &key, &table.patterns[i], &err), 0);
	}
	for (i = 0; i < table.index_count; i++)
		ck_assert_msg(bpf_vm_map_update(run->vm, (size_t)run->lircd_raw_index_map,
						&table.index[i].key, &table.index[i].value,
						&err) == 0, "index entry %zu: %s", i, err.message);
	lircd_raw_table_clear(&table);
}

/*
 * A button as lircd sends it: its durations, the one at position off moved by delta
 * (all of them when off is SIZE_MAX), cut after count durations, then the gap.
 */
static void send_button(struct ir_signal *s, const struct raw_remote *r, size_t button,
			size_t off, int delta, size_t count)
{
	size_t k;

	for (k = 0; k < DURATIONS && k < count; k++) {
		unsigned int d = r->codes[button][k];

		if (off == SIZE_MAX || off == k)
			d = (unsigned int)((int)d + delta);
		if (k % 2)
			ck_assert_int_eq(ir_signal_space(s, d), 0);
		else
			ck_assert_int_eq(ir_signal_pulse(s, d), 0);
	}
	ck_assert_int_eq(ir_signal_space(s, r->gap), 0);
}

static void feed(struct decoder_run *run, struct ir_signal *s)
{
	decoder_run_feed(run, s);
	ir_signal_free(s);
}

START_TEST(test_every_button)
{
	struct raw_remote remote;
	uint32_t state = SEED;
	struct decoder_run run;
	struct ir_signal s;
	size_t b;

	make_remote(&remote, 0, &state);
	open_with(&run, &remote, 1);
	ir_signal_init(&s);
	for (b = 0; b < BUTTONS; b++)
		send_button(&s, &remote, b, 0, 0, SIZE_MAX);
	/* Held: lircd sends the frame again; each is a keydown, rc-core's repeat. */
	send_button(&s, &remote, 3, 0, 0, SIZE_MAX);
	send_button(&s, &remote, 3, 0, 0, SIZE_MAX);
	feed(&run, &s);
	expect_event_count(&run, BUTTONS + 2);
	for (b = 0; b < BUTTONS; b++)
		expect_keydown(&run, b, PROTOCOL, b, 0);
	expect_keydown(&run, BUTTONS, PROTOCOL, 3, 0);
	expect_keydown(&run, BUTTONS + 1, PROTOCOL, 3, 0);
	decoder_run_close(&run);
}
END_TEST

/* Within margin - 1 on every duration: decoded; margin on one: not, and the next is. */
START_TEST(test_tolerance_edges)
{
	struct raw_remote remote;
	uint32_t state = SEED;
	struct decoder_run run;
	struct ir_signal s;
	int m;

	make_remote(&remote, 7, &state);
	m = (int)remote.margin;
	open_with(&run, &remote, 1);
	ir_signal_init(&s);
	send_button(&s, &remote, 1, SIZE_MAX, m - 1, SIZE_MAX);
	send_button(&s, &remote, 2, SIZE_MAX, -(m - 1), SIZE_MAX);
	send_button(&s, &remote, 4, 0, m, SIZE_MAX);		/* the header's pulse */
	send_button(&s, &remote, 4, 20, -m, SIZE_MAX);		/* a bit's pulse */
	send_button(&s, &remote, 4, 33, m, SIZE_MAX);		/* the last bit's space */
	send_button(&s, &remote, 4, 34, -m, SIZE_MAX);		/* the last pulse */
	send_button(&s, &remote, 5, 0, 0, SIZE_MAX);
	feed(&run, &s);
	expect_event_count(&run, 3);
	expect_keydown(&run, 0, PROTOCOL, 1, 0);
	expect_keydown(&run, 1, PROTOCOL, 2, 0);
	expect_keydown(&run, 2, PROTOCOL, 5, 0);
	decoder_run_close(&run);
}
END_TEST

/* A frame cut short gives nothing, nor does noise; the frame after each is decoded. */
START_TEST(test_truncated_and_noise)
{
	struct raw_remote remote;
	uint32_t state = SEED;
	struct decoder_run run;
	struct ir_signal s;
	size_t cut, k;

	make_remote(&remote, 42, &state);
	open_with(&run, &remote, 1);
	for (cut = 1; cut < DURATIONS; cut++) {
		ir_signal_init(&s);
		send_button(&s, &remote, 6, 0, 0, cut);
		send_button(&s, &remote, 2, 0, 0, SIZE_MAX);
		feed(&run, &s);
		expect_event_count(&run, 1);
		expect_keydown(&run, 0, PROTOCOL, 2, 0);
		decoder_run_clear_events(&run);
	}
	for (k = 0; k < 50; k++) {
		unsigned int i, n = 1 + test_random(&state) % 40;

		ir_signal_init(&s);
		for (i = 0; i < n; i++) {
			ck_assert_int_eq(ir_signal_pulse(&s, 100 + test_random(&state) % 9000), 0);
			ck_assert_int_eq(ir_signal_space(&s, 100 + test_random(&state) % 9000), 0);
		}
		ck_assert_int_eq(ir_signal_space(&s, remote.gap), 0);
		send_button(&s, &remote, k % BUTTONS, 0, 0, SIZE_MAX);
		feed(&run, &s);
		expect_event_count(&run, 1);
		expect_keydown(&run, 0, PROTOCOL, k % BUTTONS, 0);
		decoder_run_clear_events(&run);
	}
	/* A frame that ends at a timeout. */
	ir_signal_init(&s);
	for (k = 0; k < DURATIONS; k++)
		ck_assert_int_eq(k % 2 ? ir_signal_space(&s, remote.codes[0][k])
				       : ir_signal_pulse(&s, remote.codes[0][k]), 0);
	ck_assert_int_eq(ir_signal_timeout(&s, 12000), 0);
	feed(&run, &s);
	expect_event_count(&run, 1);
	expect_keydown(&run, 0, PROTOCOL, 0, 0);
	decoder_run_close(&run);
}
END_TEST

/* 100 remotes in one program: a button of each gives its own scancode. */
START_TEST(test_many_remotes)
{
	struct raw_remote *remotes = calloc(REMOTES, sizeof(*remotes));
	uint32_t state = SEED;
	struct decoder_run run;
	struct ir_signal s;
	size_t i;

	ck_assert(remotes);
	for (i = 0; i < REMOTES; i++)
		make_remote(&remotes[i], (unsigned int)i, &state);
	open_with(&run, remotes, REMOTES);
	ir_signal_init(&s);
	for (i = 0; i < REMOTES; i++)
		send_button(&s, &remotes[i], i % BUTTONS, 0, 0, SIZE_MAX);
	feed(&run, &s);
	expect_event_count(&run, REMOTES);
	for (i = 0; i < REMOTES; i++)
		expect_keydown(&run, i, PROTOCOL, i * BUTTONS + i % BUTTONS, 0);
	decoder_run_close(&run);
	free(remotes);
}
END_TEST

/* Mean and most instructions per sample of remote 0's buttons among count remotes. */
static void cost_among(size_t count, double *ret_mean, uint64_t *ret_max)
{
	struct raw_remote *remotes = calloc(REMOTES, sizeof(*remotes));
	uint32_t state = SEED;
	struct decoder_run run;
	struct ir_signal s;
	uint64_t max = 0, sum = 0;
	size_t i;

	ck_assert(remotes);
	for (i = 0; i < REMOTES; i++)
		make_remote(&remotes[i], (unsigned int)i, &state);
	open_with(&run, remotes, count);
	ir_signal_init(&s);
	for (i = 0; i < BUTTONS; i++)
		send_button(&s, &remotes[0], i, 0, 0, SIZE_MAX);
	feed(&run, &s);
	expect_event_count(&run, BUTTONS);
	for (i = 0; i < run.cost_count; i++) {
		max = run.costs[i] > max ? run.costs[i] : max;
		sum += run.costs[i];
	}
	*ret_mean = (double)sum / (double)run.cost_count;
	*ret_max = max;
	printf("lircd_raw with %zu remotes: mean %.1f ", count, *ret_mean);
	decoder_run_print_cost(&run);
	decoder_run_close(&run);
	free(remotes);
}

START_TEST(test_cost_does_not_grow)
{
	uint64_t one_max, ten_max, hundred_max;
	double one, ten, hundred;

	cost_among(1, &one, &one_max);
	cost_among(10, &ten, &ten_max);
	cost_among(100, &hundred, &hundred_max);
	ck_assert(one > 0);
	ck_assert(ten <= 2 * one && hundred <= 2 * one);
	ck_assert_uint_le(ten_max, 2 * one_max);
	ck_assert_uint_le(hundred_max, 2 * one_max);
}
END_TEST

/* The index refuses what the decoder cannot follow, with the reason. */
START_TEST(test_index_refusals)
{
	struct lircd_raw_pattern patterns[LIRCD_RAW_REMOTES + 1];
	struct lircd_raw_range remotes[LIRCD_RAW_REMOTES + 1];
	struct lircd_raw_index_entry *entries = NULL;
	unsigned int candidates = 0;
	struct ir_error err;
	size_t i, count = 0;

	memset(patterns, 0, sizeof(patterns));
	for (i = 0; i < LIRCD_RAW_REMOTES + 1; i++) {
		patterns[i].margin = 100;
		patterns[i].end_space = 10000;
		patterns[i].durations[0] = 9000;
		patterns[i].durations[1] = 4500;
		patterns[i].durations[2] = 560 + 300 * (unsigned short)i;
		remotes[i].first = (unsigned int)i;
		remotes[i].count = 1;
	}
	memset(&err, 0, sizeof(err));
	ck_assert_int_eq(lircd_raw_index_build(patterns, LIRCD_RAW_REMOTES, remotes,
					       LIRCD_RAW_REMOTES, &entries, &count, &candidates,
					       &err), 0);
	ck_assert_uint_eq(candidates, LIRCD_RAW_REMOTES);
	/* Windows of 9000 +- 99 and 4500 +- 99: buckets 89-90 and 44-45. */
	ck_assert_uint_eq(count, 4);
	free(entries);
	ck_assert_int_eq(lircd_raw_index_build(patterns, LIRCD_RAW_REMOTES + 1, remotes,
					       LIRCD_RAW_REMOTES + 1, &entries, &count,
					       &candidates, &err), -E2BIG);
	ck_assert_str_eq(err.message, "lircd_raw remote 4 and 4 others share a first pulse "
				      "of about 8900 µs and space of about 4400 µs (at most 4 "
				      "remotes of 256 buttons in all may)");
	patterns[2].durations[2] = 0;
	ck_assert_int_eq(lircd_raw_index_build(patterns, 3, remotes, 3, &entries, &count,
					       &candidates, &err), -EINVAL);
	ck_assert_str_eq(err.message, "remote 2: a lircd_raw pattern of 2 durations (an odd "
				      "number up to 127: it ends with a pulse)");
	patterns[2].durations[2] = 560;
	patterns[2].margin = 0;
	ck_assert_int_eq(lircd_raw_index_build(patterns, 3, remotes, 3, &entries, &count,
					       &candidates, &err), -EINVAL);
	patterns[2].margin = 100;
	remotes[1].count = 2;
	ck_assert_int_eq(lircd_raw_index_build(patterns, 3, remotes, 3, &entries, &count,
					       &candidates, &err), -EINVAL);
	ck_assert_str_eq(err.message, "lircd_raw remote 2: patterns 2 to 3, expected from 3 on");
}
END_TEST

/* A remote of more buttons than the decoder follows at once is refused, with why. */
START_TEST(test_index_too_many_buttons)
{
	struct lircd_raw_pattern *patterns = calloc(LIRCD_RAW_ALIVE_MAX + 1, sizeof(*patterns));
	struct lircd_raw_range remote = { 0, LIRCD_RAW_ALIVE_MAX + 1 };
	struct lircd_raw_index_entry *entries = NULL;
	unsigned int candidates = 0;
	struct ir_error err;
	size_t i, count = 0;

	ck_assert(patterns);
	memset(&err, 0, sizeof(err));
	for (i = 0; i <= LIRCD_RAW_ALIVE_MAX; i++) {
		patterns[i].margin = 50;
		patterns[i].end_space = 10000;
		patterns[i].durations[0] = (unsigned short)(1000 + 200 * i);
		patterns[i].durations[1] = 500;
		patterns[i].durations[2] = 500;
	}
	ck_assert_int_eq(lircd_raw_index_build(patterns, LIRCD_RAW_ALIVE_MAX + 1, &remote, 1,
					       &entries, &count, &candidates, &err), -E2BIG);
	/* The first pulse of 1000 +- 49 µs: the first pair named is bucket 9's (900 µs). */
	ck_assert_str_eq(err.message, "lircd_raw remote 0 has 257 buttons that may start with "
				      "a pulse of about 900 µs and a space of about 400 µs (at "
				      "most 256 may)");
	free(patterns);
}
END_TEST

/* lircd_raw_table_take(): a remote the index cannot take leaves the table as it was. */
START_TEST(test_table_take)
{
	struct lircd_raw_pattern pattern;
	struct lircd_raw_table table = { 0 };
	struct ir_error err;
	size_t i;

	memset(&pattern, 0, sizeof(pattern));
	memset(&err, 0, sizeof(err));
	pattern.margin = 100;
	pattern.end_space = 10000;
	pattern.durations[0] = 9000;
	pattern.durations[1] = 4500;
	pattern.durations[2] = 560;
	for (i = 0; i < LIRCD_RAW_REMOTES; i++)
		ck_assert_int_eq(lircd_raw_table_take(&table, &pattern, 1, &err), 1);
	ck_assert_int_eq(lircd_raw_table_take(&table, &pattern, 1, &err), 0);
	ck_assert_uint_eq(table.remote_count, LIRCD_RAW_REMOTES);
	ck_assert_uint_eq(table.pattern_count, LIRCD_RAW_REMOTES);
	ck_assert_uint_eq(table.candidates, LIRCD_RAW_REMOTES);
	pattern.durations[0] = 3000;
	ck_assert_int_eq(lircd_raw_table_take(&table, &pattern, 1, &err), 1);
	ck_assert_uint_eq(table.remote_count, LIRCD_RAW_REMOTES + 1);
	lircd_raw_table_clear(&table);
}
END_TEST

static Suite *lircd_raw_suite(void)
{
	Suite *s = suite_create("lircd_raw");
	TCase *tc;

	tc = tcase_create("frames");
	tcase_add_test(tc, test_every_button);
	tcase_add_test(tc, test_tolerance_edges);
	tcase_add_test(tc, test_truncated_and_noise);
	tcase_add_test(tc, test_many_remotes);
	suite_add_tcase(s, tc);
	tc = tcase_create("cost");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_cost_does_not_grow);
	suite_add_tcase(s, tc);
	tc = tcase_create("index");
	tcase_add_test(tc, test_index_refusals);
	tcase_add_test(tc, test_index_too_many_buttons);
	tcase_add_test(tc, test_table_take);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = lircd_raw_suite);
#include "test-main.h"
