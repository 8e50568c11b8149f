// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The lircd_biphase decoder (bpf_protocols/lircd_biphase.c) in the userspace VM, with
 * its maps filled through utils/lircd/lircd_biphase_index: frames written by an encoder of
 * lircd.conf(5)'s bi-phase remotes as lircd sends them (below: header, plead, each
 * bit MSB first, a 1 as a space then a pulse, a 0 as a pulse then a space, the bits of
 * rc6_mask twice as long, then the gap), which knows nothing of descriptors, parts,
 * buckets or candidates; the receiver merges neighbouring samples of one kind and
 * never sees a space before the first pulse. RC-5-like, RC-6-like, MOTOROLA-like
 * remotes, NO_HEAD_REP repeats, toggles, tolerance edges, noise, truncated frames,
 * many remotes at once, merging, refusals, and the cost per sample with 1, 10 and 100
 * remotes.
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
#include "lircd_biphase_index.h"
#include "test-main.h"

#define PROTOCOL	71
#define SEED		0xb1fa5e5u

/* A remote as lircd.conf(5) describes one (SHIFT_ENC / RC6), for the encoder. */
struct biphase_like {
	unsigned int header[2];		/* pulse, space; 0 0: none */
	unsigned int plead;
	unsigned int one[2];		/* lircd.conf's order: pulse, space (sent space first) */
	unsigned int zero[2];		/* pulse, space (sent pulse first) */
	unsigned int bits;
	uint64_t rc6_mask;		/* as lircd: bit bits - 1 is the first sent */
	unsigned int gap;
	unsigned int eps_us;		/* the tolerance, as aeps */
	bool no_head_rep;
};

static void pulse(struct ir_signal *s, unsigned int us)
{
	ck_assert_int_eq(ir_signal_pulse(s, us), 0);
}

static void space(struct ir_signal *s, unsigned int us)
{
	ck_assert_int_eq(ir_signal_space(s, us), 0);
}

/* A frame of code as lircd sends it; with_header false: a NO_HEAD_REP repeat. */
static void send_frame(struct ir_signal *s, const struct biphase_like *r, uint64_t code,
		       bool with_header)
{
	unsigned int i, k;
	uint64_t mask;

	if (with_header && r->header[0]) {
		pulse(s, r->header[0]);
		space(s, r->header[1]);
	}
	if (r->plead)
		pulse(s, r->plead);
	for (i = 0; i < r->bits; i++) {
		mask = 1ull << (r->bits - 1 - i);
		k = r->rc6_mask & mask ? 2 : 1;
		if (code & mask) {
			space(s, k * r->one[1]);
			pulse(s, k * r->one[0]);
		} else {
			pulse(s, k * r->zero[0]);
			space(s, k * r->zero[1]);
		}
	}
	space(s, r->gap);
}

/* What a receiver gives: no space before the first pulse, every sample moved by jitter. */
static void receive(struct ir_signal *out, const struct ir_signal *sent, int jitter)
{
	size_t i = 0;

	ir_signal_init(out);
	while (i < sent->count && !LIRC_IS_PULSE(sent->samples[i]))
		i++;
	for (; i < sent->count; i++) {
		unsigned int us = LIRC_VALUE(sent->samples[i]);
		/* The gap stays as it is: it is no part of a frame's timing. */
		unsigned int d = us > 20000 ? us : (unsigned int)((int)us + jitter);

		if (LIRC_IS_PULSE(sent->samples[i]))
			pulse(out, d);
		else
			space(out, d);
	}
}

/* The descriptor of such a remote, as lircd_biphase_table.h defines one. */
static struct lircd_biphase_remote descriptor(const struct biphase_like *r)
{
	struct lircd_biphase_remote d = {
		.header_pulse = r->header[0],
		.header_space = r->header[1],
		.plead = r->plead,
		.one_space = r->one[1],
		.one_pulse = r->one[0],
		.zero_pulse = r->zero[0],
		.zero_space = r->zero[1],
		.margin = r->eps_us,
		.end_space = r->gap / 2,
		.bits = r->bits,
	};
	unsigned int i;

	for (i = 0; i < r->bits; i++)
		if (r->rc6_mask >> (r->bits - 1 - i) & 1)
			d.double_bits[i / 32] |= 1u << (i % 32);
	if (r->no_head_rep)
		d.flags |= LIRCD_BIPHASE_HEADER_OPTIONAL;
	if (!r->plead && (!r->header[0] || r->no_head_rep))
		d.flags |= LIRCD_BIPHASE_FIRST_ONE;
	return d;
}

/* The scancode of a frame of n bits: a marker bit above them (lircd_biphase_table.h). */
static uint64_t scancode_of(unsigned int n, uint64_t code)
{
	return (n < 64 ? 1ull << n : 0) | code;
}

static void fill(struct decoder_run *run, const struct lircd_biphase_remote *table,
		 size_t count)
{
	struct lircd_space_index_entry *entries = NULL;
	size_t i, entry_count = 0;
	struct ir_error err;
	int ret;

	memset(&err, 0, sizeof(err));
	ret = lircd_biphase_index_build(table, count, &entries, &entry_count, &err);
	ck_assert_msg(ret == 0, "index: %d %s", ret, err.message);
	decoder_run_open(run, "lircd_biphase", NULL, 0);
	ck_assert_int_ge(run->biphase_remotes_map, 0);
	ck_assert_int_ge(run->biphase_index_map, 0);
	for (i = 0; i < count; i++) {
		unsigned int key = (unsigned int)i;

		ck_assert_int_eq(bpf_vm_map_update(run->vm, (size_t)run->biphase_remotes_map,
						   &key, &table[i], &err), 0);
	}
	for (i = 0; i < entry_count; i++)
		ck_assert_msg(bpf_vm_map_update(run->vm, (size_t)run->biphase_index_map,
						&entries[i].key, &entries[i].value, &err) == 0,
			      "index entry %zu: %s", i, err.message);
	free(entries);
}

/* The decoder with these remotes in its maps. */
static void open_with(struct decoder_run *run, const struct biphase_like *remotes,
		      size_t count)
{
	struct lircd_biphase_remote *table = calloc(count ? count : 1, sizeof(*table));
	size_t i;

	ck_assert(table);
	for (i = 0; i < count; i++)
		table[i] = descriptor(&remotes[i]);
	fill(run, table, count);
	free(table);
}

/* Sends code as received with jitter; expects the keydowns given (0: none). */
static void expect_code(struct decoder_run *run, const struct biphase_like *r,
			uint64_t code, int jitter, bool decoded)
{
	struct ir_signal sent, got;

	decoder_run_clear_events(run);
	ir_signal_init(&sent);
	send_frame(&sent, r, code, true);
	receive(&got, &sent, jitter);
	decoder_run_feed(run, &got);
	if (decoded) {
		expect_event_count(run, 1);
		expect_keydown(run, 0, PROTOCOL, scancode_of(r->bits, code), 0);
	} else {
		expect_event_count(run, 0);
	}
	ir_signal_free(&sent);
	ir_signal_free(&got);
}

/* RC-5 as lircd.conf writes it with a start bit as plead, and one bit more (RC-5x-like). */
static const struct biphase_like rc5x = {
	.plead = 889, .one = { 889, 889 }, .zero = { 889, 889 }, .bits = 14,
	.gap = 90000, .eps_us = 200,
};

/* RC-6 mode 6A as lircd.conf writes it: 21 bits of pre_data and 16, the fifth double. */
static const struct biphase_like rc6 = {
	.header = { 2666, 889 }, .one = { 444, 444 }, .zero = { 444, 444 }, .bits = 37,
	.rc6_mask = 1ull << 32, .gap = 100000, .eps_us = 150,
};

/* LIRC's generic RC-6: 13 bits of pre_data and 8, toggle_bit 5 doubled. */
static const struct biphase_like rc6_generic = {
	.header = { 2667, 889 }, .one = { 444, 444 }, .zero = { 444, 444 }, .bits = 21,
	.rc6_mask = 1ull << 16, .gap = 108000, .eps_us = 133,
};

/* MOTOROLA (Grundig): a header before bi-phase bits, 10 bits of 512 µs halves. */
static const struct biphase_like motorola = {
	.header = { 512, 2560 }, .one = { 512, 512 }, .zero = { 512, 512 }, .bits = 10,
	.gap = 32800, .eps_us = 250,
};

/* No header, no plead: every code starts with a 1, whose space is never seen. */
static const struct biphase_like bare = {
	.one = { 600, 600 }, .zero = { 600, 600 }, .bits = 12, .gap = 50000, .eps_us = 150,
};

START_TEST(test_rc5x_frames_and_toggle)
{
	static const uint64_t codes[] = { 0x3fff, 0x0000, 0x2aaa, 0x1555, 0x1234, 0x3001 };
	struct decoder_run run;
	struct ir_signal s, got;
	size_t i;

	open_with(&run, &rc5x, 1);
	for (i = 0; i < sizeof(codes) / sizeof(codes[0]); i++)
		expect_code(&run, &rc5x, codes[i], 0, true);
	/* Held: the same frame again is the same scancode (rc-core's repeat); toggled: other. */
	decoder_run_clear_events(&run);
	ir_signal_init(&s);
	send_frame(&s, &rc5x, 0x1234, true);
	send_frame(&s, &rc5x, 0x1234, true);
	send_frame(&s, &rc5x, 0x1234 ^ 0x0800, true);
	receive(&got, &s, 0);
	decoder_run_feed(&run, &got);
	expect_event_count(&run, 3);
	expect_keydown(&run, 0, PROTOCOL, scancode_of(14, 0x1234), 0);
	expect_keydown(&run, 1, PROTOCOL, scancode_of(14, 0x1234), 0);
	expect_keydown(&run, 2, PROTOCOL, scancode_of(14, 0x1234 ^ 0x0800), 0);
	ir_signal_free(&s);
	ir_signal_free(&got);
	decoder_run_close(&run);
}
END_TEST

START_TEST(test_rc6_double_bits)
{
	struct decoder_run run;
	uint32_t state = SEED;
	uint64_t code;
	int i;

	open_with(&run, &rc6, 1);
	expect_code(&run, &rc6, 0x37ff00000ull | 0x8bf1, 0, true);
	expect_code(&run, &rc6, 0x37ff00000ull | 0x0000, 0, true);
	expect_code(&run, &rc6, 0x1fffffffffull, 0, true);
	for (i = 0; i < 50; i++) {
		code = ((uint64_t)test_random(&state) << 32 | test_random(&state)) &
		       ((1ull << 37) - 1);
		expect_code(&run, &rc6, code, 0, true);
	}
	decoder_run_close(&run);

	/* The double bit elsewhere: LIRC's generic RC-6. */
	open_with(&run, &rc6_generic, 1);
	for (i = 0; i < 50; i++) {
		code = test_random(&state) & ((1u << 21) - 1);
		expect_code(&run, &rc6_generic, code, 0, true);
	}
	decoder_run_close(&run);
}
END_TEST

START_TEST(test_motorola_and_bare)
{
	struct decoder_run run;
	uint64_t code;

	open_with(&run, &motorola, 1);
	for (code = 0; code < 1024; code += 37)
		expect_code(&run, &motorola, code, 0, true);
	expect_code(&run, &motorola, 0x3ff, 0, true);
	decoder_run_close(&run);

	open_with(&run, &bare, 1);
	for (code = 0x800; code < 0x1000; code += 29)
		expect_code(&run, &bare, code, 0, true);
	expect_code(&run, &bare, 0xfff, 0, true);
	decoder_run_close(&run);
}
END_TEST

/* NO_HEAD_REP: lircd sends the header with the first frame only. */
START_TEST(test_no_head_rep)
{
	struct biphase_like r = rc6;
	struct decoder_run run;
	struct ir_signal s, got;
	uint64_t code = 0x37ff08bf1ull;

	r.no_head_rep = true;
	/* Starting with a 1, so that a frame without header starts with its first bit's pulse. */
	code |= 1ull << 36;
	open_with(&run, &r, 1);
	ir_signal_init(&s);
	send_frame(&s, &r, code, true);
	send_frame(&s, &r, code, false);
	send_frame(&s, &r, code, false);
	receive(&got, &s, 0);
	decoder_run_feed(&run, &got);
	expect_event_count(&run, 3);
	expect_keydown(&run, 0, PROTOCOL, scancode_of(37, code), 0);
	expect_keydown(&run, 1, PROTOCOL, scancode_of(37, code), 0);
	expect_keydown(&run, 2, PROTOCOL, scancode_of(37, code), 0);
	ir_signal_free(&s);
	ir_signal_free(&got);
	decoder_run_close(&run);

	/* Without NO_HEAD_REP the headerless frames are not this remote's. */
	r.no_head_rep = false;
	open_with(&run, &r, 1);
	ir_signal_init(&s);
	send_frame(&s, &r, code, true);
	send_frame(&s, &r, code, false);
	receive(&got, &s, 0);
	decoder_run_feed(&run, &got);
	expect_event_count(&run, 1);
	ir_signal_free(&s);
	ir_signal_free(&got);
	decoder_run_close(&run);
}
END_TEST

/* Strictly within the margin: every sample off by margin - 1 decodes, by margin not. */
START_TEST(test_tolerance_edges)
{
	const struct biphase_like *remotes[] = { &rc5x, &rc6, &motorola, &bare };
	struct decoder_run run;
	size_t i;

	for (i = 0; i < sizeof(remotes) / sizeof(remotes[0]); i++) {
		const struct biphase_like *r = remotes[i];
		int m = (int)r->eps_us;
		uint64_t code = (0x2d5ull | 1ull << (r->bits - 1)) & ((1ull << r->bits) - 1);

		open_with(&run, r, 1);
		expect_code(&run, r, code, m - 1, true);
		expect_code(&run, r, code, -(m - 1), true);
		expect_code(&run, r, code, m, false);
		expect_code(&run, r, code, -m, false);
		decoder_run_close(&run);
	}
}
END_TEST

/* A frame cut short, a lone pulse, a longer frame: nothing; the frame after: decoded. */
START_TEST(test_noise_and_truncated_frames)
{
	struct decoder_run run;
	struct ir_signal s, got, cut;
	struct biphase_like longer = rc5x;

	open_with(&run, &rc5x, 1);
	/* The first 10 samples of a frame, then the gap. */
	ir_signal_init(&s);
	send_frame(&s, &rc5x, 0x2aaa, true);
	receive(&got, &s, 0);
	ir_signal_init(&cut);
	cut.count = 0;
	for (size_t i = 0; i < 10; i++) {
		unsigned int us = LIRC_VALUE(got.samples[i]);

		if (LIRC_IS_PULSE(got.samples[i]))
			pulse(&cut, us);
		else
			space(&cut, us);
	}
	space(&cut, 50000);
	/* Noise: a pulse of 100 µs, a pulse of 5 ms. */
	pulse(&cut, 100);
	space(&cut, 30000);
	pulse(&cut, 5000);
	space(&cut, 30000);
	decoder_run_feed(&run, &cut);
	expect_event_count(&run, 0);
	/* One bit more than the remote has: not its frame. */
	ir_signal_free(&s);
	ir_signal_free(&got);
	longer.bits = 15;
	ir_signal_init(&s);
	send_frame(&s, &longer, 0x4aaa, true);
	receive(&got, &s, 0);
	decoder_run_feed(&run, &got);
	expect_event_count(&run, 0);
	expect_code(&run, &rc5x, 0x2aaa, 0, true);
	ir_signal_free(&s);
	ir_signal_free(&got);
	ir_signal_free(&cut);
	decoder_run_close(&run);
}
END_TEST

/* A frame ended by a timeout, not a space: both a last 0 and a last 1. */
START_TEST(test_timeout_ends_frame)
{
	static const uint64_t codes[] = { 0x1aa0, 0x1aa1 };
	struct decoder_run run;
	struct ir_signal s, got;
	size_t i;

	open_with(&run, &rc5x, 1);
	for (i = 0; i < 2; i++) {
		decoder_run_clear_events(&run);
		ir_signal_init(&s);
		send_frame(&s, &rc5x, codes[i], true);
		receive(&got, &s, 0);
		/* The gap (with a last 0's space in it) becomes a timeout. */
		got.count--;
		ck_assert_int_eq(ir_signal_timeout(&got, 12000), 0);
		decoder_run_feed(&run, &got);
		expect_event_count(&run, 1);
		expect_keydown(&run, 0, PROTOCOL, scancode_of(14, codes[i]), 0);
		ir_signal_free(&s);
		ir_signal_free(&got);
	}
	decoder_run_close(&run);
}
END_TEST

/*
 * count remotes: headers 200 µs apart in pulse (further than twice the margin of
 * 80 µs) and in two groups of space; halves of 400 to 599 µs, bit counts 8 to 40, a
 * double bit in some, a plead in some.
 */
static void make_remotes(struct biphase_like *remotes, size_t count, uint32_t *state)
{
	size_t i;

	for (i = 0; i < count; i++) {
		struct biphase_like *r = &remotes[i];

		memset(r, 0, sizeof(*r));
		r->header[0] = 3000 + 200 * (unsigned int)(i / 2);
		r->header[1] = 1500 + 1500 * (unsigned int)(i % 2);
		r->one[0] = r->one[1] = 400 + test_random(state) % 200;
		r->zero[0] = r->zero[1] = r->one[0];
		r->bits = 8 + test_random(state) % 33;
		r->plead = i % 3 == 0 ? r->one[0] : 0;
		if (i % 4 == 1)
			r->rc6_mask = 1ull << (r->bits - 1 - test_random(state) % r->bits);
		r->gap = 60000;
		r->eps_us = 80;
	}
}

static uint64_t random_code(const struct biphase_like *r, uint32_t *state)
{
	return ((uint64_t)test_random(state) << 32 | test_random(state)) &
	       (r->bits < 64 ? (1ull << r->bits) - 1 : ~0ull);
}

START_TEST(test_hundred_remotes)
{
	struct biphase_like remotes[100];
	uint32_t state = SEED;
	struct decoder_run run;
	size_t i;

	make_remotes(remotes, 100, &state);
	open_with(&run, remotes, 100);
	for (i = 0; i < 100; i++)
		expect_code(&run, &remotes[i], random_code(&remotes[i], &state), 0, true);
	decoder_run_close(&run);
}
END_TEST

/* Instructions per sample, at most, of rc6's frame among count remotes (rc6 first). */
static uint64_t max_cost_among(size_t count)
{
	struct biphase_like remotes[100];
	uint32_t state = SEED;
	struct decoder_run run;
	uint64_t max = 0;
	size_t i;

	make_remotes(remotes, 100, &state);
	remotes[0] = rc6;
	open_with(&run, remotes, count);
	expect_code(&run, &rc6, 0x37ff08bf1ull, 0, true);
	expect_code(&run, &rc6, 0x1fffffffffull, 0, true);
	for (i = 0; i < run.cost_count; i++)
		max = run.costs[i] > max ? run.costs[i] : max;
	printf("lircd_biphase with %zu remotes: ", count);
	decoder_run_print_cost(&run);
	decoder_run_close(&run);
	return max;
}

START_TEST(test_cost_does_not_grow)
{
	uint64_t one = max_cost_among(1), ten = max_cost_among(10);
	uint64_t hundred = max_cost_among(100);

	ck_assert_uint_gt(one, 0);
	ck_assert_uint_le(ten, 2 * one);
	ck_assert_uint_le(hundred, 2 * one);
}
END_TEST

/*
 * Remotes of one layout and overlapping timings become one descriptor, of several
 * lengths: each remote's frames give its own scancodes (the marker bit tells the
 * lengths apart), where 5 descriptors would be more than an index entry takes.
 */
START_TEST(test_merge_lengths)
{
	struct lircd_biphase_remote requests[6], *merged = NULL;
	struct lircd_space_index_entry *entries = NULL;
	struct biphase_like remotes[6];
	size_t i, merged_count = 0, entry_count = 0;
	struct decoder_run run;
	struct ir_error err;
	uint32_t state = SEED;

	memset(&err, 0, sizeof(err));
	for (i = 0; i < 6; i++) {
		remotes[i] = rc5x;
		remotes[i].bits = 12 + (unsigned int)i;
		remotes[i].one[0] = remotes[i].zero[0] = 850 + 20 * (unsigned int)i;
		remotes[i].one[1] = remotes[i].zero[1] = remotes[i].one[0];
		remotes[i].plead = remotes[i].one[0];
		requests[i] = descriptor(&remotes[i]);
	}
	/* Unmerged, they are too many for one first pair. */
	ck_assert_int_eq(lircd_biphase_index_build(requests, 6, &entries, &entry_count, &err),
			 -E2BIG);
	ck_assert_msg(strstr(err.message, "share a first pulse"), "%s", err.message);
	ck_assert_int_eq(lircd_biphase_tables_build(requests, 6, &merged, &merged_count,
						    &entries, &entry_count, &err), 0);
	ck_assert_uint_eq(merged_count, 1);
	ck_assert_uint_eq(merged[0].bits, 17);
	fill(&run, merged, merged_count);
	for (i = 0; i < 6; i++) {
		expect_code(&run, &remotes[i], random_code(&remotes[i], &state), 0, true);
		expect_code(&run, &remotes[i], 0, 0, true);
	}
	decoder_run_close(&run);
	free(merged);
	free(entries);
}
END_TEST

/*
 * A sample may hold two halves (neighbours of one kind), each of them double (the bits
 * of rc6_mask), and the decoder takes them one after the other, each within the margin
 * of what the descriptor expects: so where one descriptor serves two remotes, a
 * remote's halves away from the descriptor's add up in one sample. Whatever merging
 * gives, every frame of each remote, received with any jitter within its own margin,
 * must still give its scancode. (A merged margin that covered each half alone lost the
 * frames of the 1000 µs remote below: its 2000 µs samples are 2 x 110 µs from the
 * descriptor's; and the 400 µs RC-6-like one's doubled ones.)
 */
START_TEST(test_merge_sums)
{
	static const struct biphase_like pairs[2][2] = {
		{
			{ .header = { 2400, 1200 }, .one = { 1000, 1000 },
			  .zero = { 1000, 1000 }, .bits = 8, .gap = 40000, .eps_us = 100 },
			{ .header = { 2400, 1200 }, .one = { 1200, 1200 },
			  .zero = { 1200, 1200 }, .bits = 8, .gap = 40000, .eps_us = 120 },
		},
		{
			{ .header = { 2666, 889 }, .one = { 400, 400 }, .zero = { 400, 400 },
			  .bits = 16, .rc6_mask = 1u << 12, .gap = 60000, .eps_us = 60 },
			{ .header = { 2666, 889 }, .one = { 480, 480 }, .zero = { 480, 480 },
			  .bits = 16, .rc6_mask = 1u << 12, .gap = 60000, .eps_us = 60 },
		},
	};
	struct lircd_biphase_remote requests[2], *merged;
	struct lircd_space_index_entry *entries;
	size_t p, i, k, merged_count, entry_count;
	uint32_t state = SEED;
	struct decoder_run run;
	struct ir_error err;
	int jitter;

	memset(&err, 0, sizeof(err));
	for (p = 0; p < 2; p++) {
		merged = NULL;
		entries = NULL;
		for (i = 0; i < 2; i++)
			requests[i] = descriptor(&pairs[p][i]);
		ck_assert_int_eq(lircd_biphase_tables_build(requests, 2, &merged, &merged_count,
							    &entries, &entry_count, &err), 0);
		fill(&run, merged, merged_count);
		for (i = 0; i < 2; i++) {
			for (k = 0; k < 30; k++) {
				jitter = (int)(k % 3) - 1;
				jitter *= (int)pairs[p][i].eps_us - 1;
				expect_code(&run, &pairs[p][i], random_code(&pairs[p][i], &state),
					    jitter, true);
			}
			expect_code(&run, &pairs[p][i], 0xaa, 0, true);
			expect_code(&run, &pairs[p][i], 0x55, 0, true);
		}
		decoder_run_close(&run);
		free(merged);
		free(entries);
	}
}
END_TEST

/* What the checks refuse, with the reason. */
START_TEST(test_refusals)
{
	struct lircd_biphase_remote r = descriptor(&rc6), many[LIRCD_BIPHASE_REMOTES_MAX + 1];
	struct lircd_space_index_entry *entries = NULL;
	size_t entry_count = 0;
	struct ir_error err;

	memset(&err, 0, sizeof(err));
	ck_assert_int_eq(lircd_biphase_remote_check(&r, &err), 0);
	r.bits = 65;
	ck_assert_int_eq(lircd_biphase_remote_check(&r, &err), -EINVAL);
	ck_assert_str_eq(err.message, "a lircd_biphase remote of 65 bits (1 to 64)");
	r = descriptor(&rc6);
	r.double_bits[1] = 1u << 10;	/* bit 42 of 37 */
	ck_assert_int_eq(lircd_biphase_remote_check(&r, &err), -EINVAL);
	r = descriptor(&rc6);
	r.header_space = 0;
	ck_assert_int_eq(lircd_biphase_remote_check(&r, &err), -EINVAL);
	r = descriptor(&rc6);
	r.zero_space = 0;
	ck_assert_int_eq(lircd_biphase_remote_check(&r, &err), -EINVAL);
	r = descriptor(&rc5x);
	r.flags |= LIRCD_BIPHASE_FIRST_ONE;	/* and a plead */
	ck_assert_int_eq(lircd_biphase_remote_check(&r, &err), -EINVAL);
	r = descriptor(&rc6);
	r.margin = 0;
	ck_assert_int_eq(lircd_biphase_remote_check(&r, &err), -EINVAL);
	r.margin = 100;
	r.one_pulse = 1u << 24;
	ck_assert_int_eq(lircd_biphase_remote_check(&r, &err), -EINVAL);
	memset(many, 0, sizeof(many));
	ck_assert_int_eq(lircd_biphase_index_build(many, LIRCD_BIPHASE_REMOTES_MAX + 1, &entries,
						   &entry_count, &err), -E2BIG);
	/* Merging stops where one half and two would mix. */
	r = descriptor(&rc5x);
	{
		struct lircd_biphase_remote far = r;

		/* 690-1088 and 801-2199 together: 1444 +- 755, and 2 x 1444 - 755 < 1444 + 755. */
		far.one_pulse = far.one_space = far.zero_pulse = far.zero_space = far.plead = 1500;
		far.margin = 700;
		ck_assert_int_eq(lircd_biphase_remote_merge(&r, &far), 0);
		ck_assert_uint_eq(r.one_pulse, 889);
	}
}
END_TEST

static Suite *lircd_biphase_suite(void)
{
	Suite *s = suite_create("lircd_biphase");
	TCase *tc = tcase_create("frames");

	tcase_add_test(tc, test_rc5x_frames_and_toggle);
	tcase_add_test(tc, test_rc6_double_bits);
	tcase_add_test(tc, test_motorola_and_bare);
	tcase_add_test(tc, test_no_head_rep);
	suite_add_tcase(s, tc);

	tc = tcase_create("robustness");
	tcase_add_test(tc, test_tolerance_edges);
	tcase_add_test(tc, test_noise_and_truncated_frames);
	tcase_add_test(tc, test_timeout_ends_frame);
	suite_add_tcase(s, tc);

	tc = tcase_create("table");
	tcase_add_test(tc, test_hundred_remotes);
	tcase_add_test(tc, test_cost_does_not_grow);
	tcase_add_test(tc, test_merge_lengths);
	tcase_add_test(tc, test_merge_sums);
	tcase_add_test(tc, test_refusals);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = lircd_biphase_suite);
