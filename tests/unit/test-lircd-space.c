// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The lircd_space decoder (bpf_protocols/lircd_space.c) in the userspace VM, with its
 * maps filled through utils/lircd/lircd_space_index: frames and repeat codes written by an
 * encoder of lircd.conf(5)'s space-coded remotes (below: header, bits, ptrail, gap;
 * the repeat code with or without REPEAT_HEADER, with or without ptrail), which knows
 * nothing of descriptors, buckets or candidates. Repeats, tolerance edges, noise,
 * truncated frames, many remotes at once, and the cost per sample with 1, 10 and 100
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
#include "lircd_space_index.h"
#include "test-main.h"

#define PROTOCOL	70
#define SEED		0x17a5eedu

/* A remote as lircd.conf(5) describes one (SPACE_ENC), for the encoder. */
struct lircd_like {
	unsigned int header[2];		/* pulse, space; 0 0: none */
	unsigned int one[2];
	unsigned int zero[2];
	unsigned int ptrail;
	unsigned int repeat[2];		/* 0 0: none */
	unsigned int gap;
	unsigned int bits;
	unsigned int eps_us;		/* the tolerance, as aeps */
	bool reverse;
	bool repeat_header;
	bool no_head_rep;
};

/* Jitter of every duration the encoder writes: +jitter, or random in +-jitter. */
struct jitter {
	int fixed;
	unsigned int random;
	uint32_t state;
};

static unsigned int jittered(struct jitter *j, unsigned int us)
{
	int d = j ? j->fixed : 0;

	if (j && j->random)
		d += (int)(test_random(&j->state) % (2 * j->random + 1)) - (int)j->random;
	return (unsigned int)((int)us + d);
}

static void pulse(struct ir_signal *s, struct jitter *j, unsigned int us)
{
	ck_assert_int_eq(ir_signal_pulse(s, jittered(j, us)), 0);
}

static void space(struct ir_signal *s, struct jitter *j, unsigned int us)
{
	ck_assert_int_eq(ir_signal_space(s, jittered(j, us)), 0);
}

/* A frame of code as lircd sends it: header, the bits, ptrail, then the gap. */
static void send_frame(struct ir_signal *s, const struct lircd_like *r, uint64_t code,
		       bool with_header, struct jitter *j)
{
	unsigned int i, bit;

	if (with_header && r->header[0]) {
		pulse(s, j, r->header[0]);
		space(s, j, r->header[1]);
	}
	for (i = 0; i < r->bits; i++) {
		bit = r->reverse ? i : r->bits - 1 - i;
		if (code >> bit & 1) {
			pulse(s, j, r->one[0]);
			space(s, j, r->one[1]);
		} else {
			pulse(s, j, r->zero[0]);
			space(s, j, r->zero[1]);
		}
	}
	if (r->ptrail)
		pulse(s, j, r->ptrail);
	space(s, NULL, r->gap);
}

/* lircd's repeat code: [header], the repeat pulse and space, ptrail, the gap. */
static void send_repeat(struct ir_signal *s, const struct lircd_like *r)
{
	if (r->repeat_header) {
		pulse(s, NULL, r->header[0]);
		space(s, NULL, r->header[1]);
	}
	pulse(s, NULL, r->repeat[0]);
	space(s, NULL, r->repeat[1]);
	if (r->ptrail)
		pulse(s, NULL, r->ptrail);
	space(s, NULL, r->gap);
}

/*
 * The descriptor of such a remote, as lircd_space_table.h defines one: a
 * pulse-distance remote with no ptrail has its last bit's pulse as trailer and one bit
 * less (the scancode is the code without its last bit sent).
 */
static struct lircd_space_remote descriptor(const struct lircd_like *r)
{
	bool distance = r->one[0] == r->zero[0];
	bool drop = distance && !r->ptrail;
	struct lircd_space_remote d = {
		.header_pulse = r->header[0],
		.header_space = r->header[1],
		.one_pulse = r->one[0],
		.one_space = r->one[1],
		.zero_pulse = r->zero[0],
		.zero_space = r->zero[1],
		.trailer_pulse = drop ? r->one[0] : r->ptrail,
		.repeat_pulse = r->repeat[0],
		.repeat_space = r->repeat[1],
		.repeat_trailer = r->ptrail,
		.margin = r->eps_us,
		.end_space = r->gap / 2,
		.bits = r->bits - drop,
		.flags = (r->reverse ? LIRCD_SPACE_REVERSE : 0) |
			 (r->no_head_rep ? LIRCD_SPACE_HEADER_OPTIONAL : 0) |
			 (r->repeat_header ? LIRCD_SPACE_REPEAT_HEADER : 0),
	};
	return d;
}

/* The scancode the decoder reports for code (see descriptor()). */
static uint64_t scancode_of(const struct lircd_like *r, uint64_t code)
{
	if (r->one[0] == r->zero[0] && !r->ptrail)
		return r->reverse ? code & ((1ull << (r->bits - 1)) - 1) : code >> 1;
	return code;
}

/* The decoder with these remotes in its maps. */
static void open_with(struct decoder_run *run, const struct lircd_like *remotes, size_t count)
{
	struct lircd_space_remote *table = calloc(count ? count : 1, sizeof(*table));
	struct lircd_space_index_entry *entries = NULL;
	size_t i, entry_count = 0;
	struct ir_error err;
	int ret;

	ck_assert(table);
	memset(&err, 0, sizeof(err));
	for (i = 0; i < count; i++)
		table[i] = descriptor(&remotes[i]);
	ret = lircd_space_index_build(table, count, &entries, &entry_count, &err);
	ck_assert_msg(ret == 0, "index: %d %s", ret, err.message);
	decoder_run_open(run, "lircd_space", NULL, 0);
	ck_assert_int_ge(run->lircd_remotes_map, 0);
	ck_assert_int_ge(run->lircd_index_map, 0);
	for (i = 0; i < count; i++) {
		unsigned int key = (unsigned int)i;

		ck_assert_int_eq(bpf_vm_map_update(run->vm, (size_t)run->lircd_remotes_map,
						   &key, &table[i], &err), 0);
	}
	for (i = 0; i < entry_count; i++)
		ck_assert_msg(bpf_vm_map_update(run->vm, (size_t)run->lircd_index_map,
						&entries[i].key, &entries[i].value, &err) == 0,
			      "index entry %zu: %s", i, err.message);
	free(entries);
	free(table);
}

static void feed(struct decoder_run *run, struct ir_signal *s)
{
	decoder_run_feed(run, s);
	ir_signal_free(s);
}

/* NEC as lircd.conf describes it: 32 bits, ptrail, a repeat code. */
static const struct lircd_like nec = {
	.header = { 9000, 4500 }, .one = { 560, 1690 }, .zero = { 560, 560 },
	.ptrail = 560, .repeat = { 9000, 2250 }, .gap = 40000, .bits = 32, .eps_us = 200,
};

START_TEST(test_frames_and_repeats)
{
	struct decoder_run run;
	struct ir_signal s;

	open_with(&run, &nec, 1);
	ir_signal_init(&s);
	send_frame(&s, &nec, 0x20df10ef, true, NULL);
	send_repeat(&s, &nec);
	send_repeat(&s, &nec);
	send_frame(&s, &nec, 0x20df8877, true, NULL);
	feed(&run, &s);
	expect_event_count(&run, 4);
	expect_keydown(&run, 0, PROTOCOL, 0x20df10ef, 0);
	expect_repeat(&run, 1);
	expect_repeat(&run, 2);
	expect_keydown(&run, 3, PROTOCOL, 0x20df8877, 0);
	decoder_run_close(&run);
}
END_TEST

/* A repeat code before any key, or after another remote's key, repeats nothing. */
START_TEST(test_repeat_of_another_remote)
{
	struct lircd_like remotes[2] = { nec, nec };
	struct decoder_run run;
	struct ir_signal s;

	/* The second remote: another header and repeat code, the same bits. */
	remotes[1].header[0] = 4500;
	remotes[1].repeat[0] = 4500;
	open_with(&run, remotes, 2);
	ir_signal_init(&s);
	send_repeat(&s, &remotes[0]);
	send_frame(&s, &remotes[0], 0x1234, true, NULL);
	send_repeat(&s, &remotes[1]);
	send_repeat(&s, &remotes[0]);
	send_frame(&s, &remotes[1], 0x5678, true, NULL);
	send_repeat(&s, &remotes[1]);
	feed(&run, &s);
	expect_event_count(&run, 4);
	expect_keydown(&run, 0, PROTOCOL, 0x1234, 0);
	expect_repeat(&run, 1);
	expect_keydown(&run, 2, PROTOCOL, 0x5678, 0);
	expect_repeat(&run, 3);
	decoder_run_close(&run);
}
END_TEST

/*
 * rm1000w (LIRC's creative/lircd.conf.livedrive): no ptrail, so the repeat code's
 * space runs into the gap and the repeat is a lone 9000 µs pulse; the frame's last bit
 * is seen by its pulse only.
 */
START_TEST(test_repeat_without_ptrail)
{
	struct lircd_like r = nec;
	struct decoder_run run;
	struct ir_signal s;

	r.ptrail = 0;
	r.bits = 16;
	r.gap = 108000;
	open_with(&run, &r, 1);
	ir_signal_init(&s);
	send_frame(&s, &r, 0xa55b, true, NULL);
	send_repeat(&s, &r);
	send_repeat(&s, &r);
	feed(&run, &s);
	expect_event_count(&run, 3);
	expect_keydown(&run, 0, PROTOCOL, scancode_of(&r, 0xa55b), 0);
	ck_assert_uint_eq(scancode_of(&r, 0xa55b), 0x52ad);
	expect_repeat(&run, 1);
	expect_repeat(&run, 2);
	decoder_run_close(&run);
}
END_TEST

/*
 * flyvideo (LIRC's life-view/lircd.conf.flyvideo): the repeat code equals the header;
 * what follows it tells them apart, the ptrail and the gap, or bits.
 */
START_TEST(test_repeat_equal_to_header)
{
	struct lircd_like r = nec;
	struct decoder_run run;
	struct ir_signal s;

	r.repeat[1] = r.header[1];
	open_with(&run, &r, 1);
	ir_signal_init(&s);
	send_frame(&s, &r, 0x61d6807f, true, NULL);
	send_repeat(&s, &r);
	send_repeat(&s, &r);
	send_frame(&s, &r, 0x61d640bf, true, NULL);
	feed(&run, &s);
	expect_event_count(&run, 4);
	expect_keydown(&run, 0, PROTOCOL, 0x61d6807f, 0);
	expect_repeat(&run, 1);
	expect_repeat(&run, 2);
	expect_keydown(&run, 3, PROTOCOL, 0x61d640bf, 0);
	decoder_run_close(&run);
}
END_TEST

/* REPEAT_HEADER: the header, then the repeat code. NO_HEAD_REP: frames without header. */
START_TEST(test_repeat_header_and_no_head_rep)
{
	struct lircd_like rh = nec, nh = nec;
	struct decoder_run run;
	struct ir_signal s;

	rh.repeat_header = true;
	rh.repeat[0] = 560;
	rh.repeat[1] = 5000;
	open_with(&run, &rh, 1);
	ir_signal_init(&s);
	send_frame(&s, &rh, 0xc0ffee, true, NULL);
	send_repeat(&s, &rh);
	feed(&run, &s);
	expect_event_count(&run, 2);
	expect_keydown(&run, 0, PROTOCOL, 0xc0ffee, 0);
	expect_repeat(&run, 1);
	decoder_run_close(&run);

	nh.no_head_rep = true;
	nh.repeat[0] = nh.repeat[1] = 0;
	open_with(&run, &nh, 1);
	ir_signal_init(&s);
	send_frame(&s, &nh, 0x1234abcd, true, NULL);
	send_frame(&s, &nh, 0x1234abcd, false, NULL);
	send_frame(&s, &nh, 0x1234abcd, false, NULL);
	feed(&run, &s);
	expect_event_count(&run, 3);
	expect_keydown(&run, 0, PROTOCOL, 0x1234abcd, 0);
	expect_keydown(&run, 1, PROTOCOL, 0x1234abcd, 0);
	expect_keydown(&run, 2, PROTOCOL, 0x1234abcd, 0);
	decoder_run_close(&run);
}
END_TEST

/* Pulse-length (the bit in the pulse), LSB first, no header, no ptrail: Sony-like. */
static const struct lircd_like pulse_length = {
	.one = { 1200, 600 }, .zero = { 600, 600 }, .gap = 45000, .bits = 12,
	.eps_us = 150, .reverse = true,
};

START_TEST(test_pulse_length_headerless)
{
	struct decoder_run run;
	struct ir_signal s;

	open_with(&run, &pulse_length, 1);
	ir_signal_init(&s);
	send_frame(&s, &pulse_length, 0x815, true, NULL);
	send_frame(&s, &pulse_length, 0x001, true, NULL);
	send_frame(&s, &pulse_length, 0xfff, true, NULL);
	feed(&run, &s);
	expect_event_count(&run, 3);
	expect_keydown(&run, 0, PROTOCOL, 0x815, 0);
	expect_keydown(&run, 1, PROTOCOL, 0x001, 0);
	expect_keydown(&run, 2, PROTOCOL, 0xfff, 0);
	decoder_run_close(&run);
}
END_TEST

/* Every duration off by margin - 1 decodes; off by margin, nothing does. */
START_TEST(test_tolerance_edges)
{
	const struct lircd_like *remotes[] = { &nec, &pulse_length };
	struct jitter j = { 0 };
	struct decoder_run run;
	struct ir_signal s;
	size_t i;

	for (i = 0; i < 2; i++) {
		const struct lircd_like *r = remotes[i];
		int edge = (int)r->eps_us;

		open_with(&run, r, 1);
		ir_signal_init(&s);
		j.fixed = edge - 1;
		send_frame(&s, r, 0x5a5, true, &j);
		j.fixed = -(edge - 1);
		send_frame(&s, r, 0x5a6, true, &j);
		feed(&run, &s);
		expect_event_count(&run, 2);
		expect_keydown(&run, 0, PROTOCOL, 0x5a5, 0);
		expect_keydown(&run, 1, PROTOCOL, 0x5a6, 0);
		decoder_run_clear_events(&run);
		ir_signal_init(&s);
		j.fixed = edge;
		send_frame(&s, r, 0x5a5, true, &j);
		j.fixed = -edge;
		send_frame(&s, r, 0x5a6, true, &j);
		feed(&run, &s);
		expect_event_count(&run, 0);
		decoder_run_close(&run);
	}
}
END_TEST

/*
 * Noise before a frame, a frame cut short (by the gap, by a timeout, by an overflow),
 * a frame with one bit too many: no key; the next whole frame decodes.
 */
START_TEST(test_noise_and_truncated_frames)
{
	struct lircd_like longer = nec;
	struct decoder_run run;
	struct ir_signal s, cut;
	uint32_t state = SEED;
	size_t i, n;

	open_with(&run, &nec, 1);
	ir_signal_init(&s);
	for (i = 0; i < 40; i++) {
		pulse(&s, NULL, 100 + test_random(&state) % 3000);
		space(&s, NULL, 100 + test_random(&state) % 3000);
	}
	space(&s, NULL, 50000);
	/* Cut after every sample of a frame: the gap follows. */
	ir_signal_init(&cut);
	send_frame(&cut, &nec, 0x11223344, true, NULL);
	for (n = 1; n + 1 < cut.count; n++) {
		for (i = 0; i < n; i++)
			ck_assert_int_eq(ir_signal_append(&s, &(struct ir_signal){
				.samples = &cut.samples[i], .count = 1 }), 0);
		if (n % 2)
			ck_assert_int_eq(ir_signal_timeout(&s, 60000), 0);
		else
			space(&s, NULL, 60000);
	}
	ir_signal_free(&cut);
	longer.bits = 33;
	send_frame(&s, &longer, 0x155667788ull, true, NULL);
	feed(&run, &s);
	expect_event_count(&run, 0);

	/* An overflow in the middle loses the frame; the next one decodes. */
	ir_signal_init(&s);
	send_frame(&s, &nec, 0x11223344, true, NULL);
	s.count = 20;
	ck_assert_int_eq(ir_signal_pulse(&s, 560), 0);
	s.samples[s.count - 1] = LIRC_MODE2_OVERFLOW;
	send_frame(&s, &nec, 0x55667788, true, NULL);
	feed(&run, &s);
	expect_event_count(&run, 1);
	expect_keydown(&run, 0, PROTOCOL, 0x55667788, 0);
	decoder_run_close(&run);
}
END_TEST

/* A frame ended by a timeout, not a space. */
START_TEST(test_timeout_ends_frame)
{
	struct decoder_run run;
	struct ir_signal s;

	open_with(&run, &nec, 1);
	ir_signal_init(&s);
	send_frame(&s, &nec, 0xdeadbeef, true, NULL);
	s.count--;
	ck_assert_int_eq(ir_signal_timeout(&s, 12000), 0);
	feed(&run, &s);
	expect_event_count(&run, 1);
	expect_keydown(&run, 0, PROTOCOL, 0xdeadbeef, 0);
	decoder_run_close(&run);
}
END_TEST

/*
 * count remotes: headers from 10000 µs (above NEC's), 200 µs apart in pulse (further than twice the margin
 * of 80 µs) and in four groups of space, so that a frame's first pair has one
 * candidate or two; bit timings that overlap, random bit counts and bit orders; every
 * other remote has a repeat code, some without ptrail.
 */
static void make_remotes(struct lircd_like *remotes, size_t count, uint32_t *state)
{
	size_t i;

	for (i = 0; i < count; i++) {
		struct lircd_like *r = &remotes[i];

		memset(r, 0, sizeof(*r));
		r->header[0] = 10000 + 200 * (unsigned int)(i / 2);
		r->header[1] = 1500 + 1000 * (unsigned int)(i % 2);
		r->one[0] = 500 + test_random(state) % 100;
		r->zero[0] = r->one[0];
		r->one[1] = 1600 + test_random(state) % 100;
		r->zero[1] = 500 + test_random(state) % 100;
		r->ptrail = i % 3 ? r->one[0] : 0;
		r->bits = 8 + test_random(state) % 25;
		r->gap = 40000;
		r->eps_us = 80;
		r->reverse = test_random(state) % 2;
		if (i % 2) {
			r->repeat[0] = r->header[0];
			r->repeat[1] = 1000;
		}
	}
}

START_TEST(test_hundred_remotes)
{
	struct lircd_like remotes[100];
	uint32_t state = SEED;
	struct decoder_run run;
	struct ir_signal s;
	size_t i, events = 0;
	uint64_t code;

	make_remotes(remotes, 100, &state);
	open_with(&run, remotes, 100);
	for (i = 0; i < 100; i++) {
		const struct lircd_like *r = &remotes[i];
		struct jitter j = { .random = r->eps_us - 1, .state = (uint32_t)i + 1 };

		code = ((uint64_t)test_random(&state) << 16 ^ test_random(&state)) &
		       ((1ull << r->bits) - 1);
		ir_signal_init(&s);
		send_frame(&s, r, code, true, &j);
		if (r->repeat[0])
			send_repeat(&s, r);
		feed(&run, &s);
		expect_keydown(&run, events++, PROTOCOL, scancode_of(r, code), 0);
		if (r->repeat[0])
			expect_repeat(&run, events++);
		expect_event_count(&run, events);
	}
	decoder_run_close(&run);
}
END_TEST

/*
 * Instructions per sample, at most, of NEC's frame and repeat among count remotes;
 * sharing: the first LIRCD_SPACE_CANDIDATES remotes all NEC's timings but for their
 * bit counts, so that NEC's frame has that many candidates to the end.
 */
static uint64_t max_cost_among(size_t count, bool sharing)
{
	struct lircd_like remotes[100];
	uint32_t state = SEED;
	struct decoder_run run;
	struct ir_signal s;
	uint64_t max = 0;
	size_t i;

	make_remotes(remotes, 100, &state);
	for (i = 0; i < (sharing ? LIRCD_SPACE_CANDIDATES : 1); i++) {
		remotes[i] = nec;
		remotes[i].bits = 32 + (unsigned int)i;
		/* One repeat code: 4 of them and a neighbour's header would be 5. */
		if (i)
			remotes[i].repeat[0] = remotes[i].repeat[1] = 0;
	}
	open_with(&run, remotes, count);
	ir_signal_init(&s);
	send_frame(&s, &nec, 0x20df10ef, true, NULL);
	send_repeat(&s, &nec);
	feed(&run, &s);
	expect_event_count(&run, 2);
	for (i = 0; i < run.cost_count; i++)
		max = run.costs[i] > max ? run.costs[i] : max;
	printf("lircd_space with %zu remotes%s: ", count,
	       sharing ? ", 4 candidates to the end" : "");
	decoder_run_print_cost(&run);
	decoder_run_close(&run);
	return max;
}

START_TEST(test_cost_does_not_grow)
{
	uint64_t one = max_cost_among(1, false), ten = max_cost_among(10, false);
	uint64_t hundred = max_cost_among(100, false), shared = max_cost_among(100, true);

	ck_assert_uint_gt(one, 0);
	ck_assert_uint_le(ten, 2 * one);
	ck_assert_uint_le(hundred, 2 * one);
	/* The bound of the design: the candidates, whatever the number of remotes. */
	ck_assert_uint_le(shared, LIRCD_SPACE_CANDIDATES * one);
}
END_TEST

/* The index refuses what the decoder cannot follow, with the reason. */
START_TEST(test_index_refusals)
{
	struct lircd_space_remote table[LIRCD_SPACE_CANDIDATES + 1];
	struct lircd_space_index_entry *entries = NULL;
	struct ir_error err;
	size_t i, count = 0;

	for (i = 0; i < LIRCD_SPACE_CANDIDATES + 1; i++)
		table[i] = descriptor(&nec);
	memset(&err, 0, sizeof(err));
	ck_assert_int_eq(lircd_space_index_build(table, LIRCD_SPACE_CANDIDATES, &entries,
						 &count, &err), 0);
	ck_assert_uint_gt(count, 0);
	free(entries);
	ck_assert_int_eq(lircd_space_index_build(table, LIRCD_SPACE_CANDIDATES + 1, &entries,
						 &count, &err), -E2BIG);
	ck_assert_str_eq(err.message, "lircd_space remotes 0, 1, 2, 3 and 4 share a first "
				      "pulse of about 8800 µs and space of about 2000 µs "
				      "(at most 4 may)");
	table[2].bits = 0;
	ck_assert_int_eq(lircd_space_index_build(table, 3, &entries, &count, &err), -EINVAL);
	ck_assert_str_eq(err.message, "remote 2: a lircd_space remote of 0 bits (1 to 64)");
	table[2].bits = 65;
	ck_assert_int_eq(lircd_space_index_build(table, 3, &entries, &count, &err), -EINVAL);
	table[2] = descriptor(&nec);
	table[2].margin = 0;
	ck_assert_int_eq(lircd_space_index_build(table, 3, &entries, &count, &err), -EINVAL);
	/* Lengths past bits: the longest length is bits. */
	table[2] = descriptor(&nec);
	table[2].lengths[0] = 1u << 31;
	ck_assert_int_eq(lircd_space_index_build(table, 3, &entries, &count, &err), -EINVAL);
	ck_assert_str_eq(err.message,
			 "remote 2: a lircd_space remote of 32 bits taking longer frames");
	table[2].lengths[0] = 0;
	table[2].lengths[1] = 1;
	ck_assert_int_eq(lircd_space_index_build(table, 3, &entries, &count, &err), -EINVAL);
	table[2].bits = 20;
	table[2].lengths[1] = 0;
	table[2].lengths[0] = 1u << 20;
	ck_assert_int_eq(lircd_space_index_build(table, 3, &entries, &count, &err), -EINVAL);
	table[2].lengths[0] = 1u << 18;
	ck_assert_int_eq(lircd_space_index_build(table, 3, &entries, &count, &err), 0);
	free(entries);
	entries = NULL;
	ck_assert_int_eq(lircd_space_index_build(table, LIRCD_SPACE_REMOTES_MAX + 1, &entries,
						 &count, &err), -E2BIG);
}
END_TEST

/* The decoder with one descriptor and its index. */
static void open_descriptor(struct decoder_run *run, const struct lircd_space_remote *r)
{
	struct lircd_space_index_entry *entries = NULL;
	struct ir_error err;
	unsigned int key = 0;
	size_t i, count = 0;

	memset(&err, 0, sizeof(err));
	ck_assert_int_eq(lircd_space_index_build(r, 1, &entries, &count, &err), 0);
	decoder_run_open(run, "lircd_space", NULL, 0);
	ck_assert_int_eq(bpf_vm_map_update(run->vm, (size_t)run->lircd_remotes_map, &key, r,
					   &err), 0);
	for (i = 0; i < count; i++)
		ck_assert_int_eq(bpf_vm_map_update(run->vm, (size_t)run->lircd_index_map,
						   &entries[i].key, &entries[i].value, &err), 0);
	free(entries);
}

/*
 * NEC-like remotes of different lengths (pre_data and code as one frame) start alike:
 * merged, one descriptor takes each one's frames into that one's scancode, the bits
 * received, and a frame of a length none of them has into nothing. The same for
 * pulse-length remotes with no trailer, whose last bit ends the frame.
 */
START_TEST(test_merge_lengths)
{
	static const unsigned int lengths[] = { 32, 24, 28, 36, 40, 48 };
	static const uint64_t codes[] = { 0x1000a55a, 0x2111c3, 0x3222f0e, 0x4333e1e1e,
					  0x5444b44b4b, 0x6555deadbeef };
	struct lircd_like remote = nec, pl = { .one = { 1200, 600 }, .zero = { 600, 600 },
					       .gap = 45000, .eps_us = 200 };
	struct lircd_space_remote merged, o, single;
	struct decoder_run run;
	struct ir_signal s;
	size_t i;

	remote.bits = lengths[0];
	merged = descriptor(&remote);
	for (i = 1; i < sizeof(lengths) / sizeof(lengths[0]); i++) {
		remote.bits = lengths[i];
		o = descriptor(&remote);
		ck_assert_int_eq(lircd_space_remote_merge(&merged, &o), 1);
	}
	ck_assert_uint_eq(merged.bits, 48);
	open_descriptor(&run, &merged);
	ir_signal_init(&s);
	for (i = 0; i < sizeof(lengths) / sizeof(lengths[0]); i++) {
		remote.bits = lengths[i];
		send_frame(&s, &remote, codes[i], true, NULL);
		send_repeat(&s, &remote);
	}
	/* 30 bits: no remote's length, nor a prefix of one that ends so. */
	remote.bits = 30;
	send_frame(&s, &remote, 0x2aaaaaaa, true, NULL);
	feed(&run, &s);
	expect_event_count(&run, 12);
	for (i = 0; i < sizeof(lengths) / sizeof(lengths[0]); i++) {
		expect_keydown(&run, 2 * i, PROTOCOL, codes[i], 0);
		expect_repeat(&run, 2 * i + 1);
	}
	decoder_run_close(&run);

	/* Two merged descriptors of one longest length: each keeps its shorter ones. */
	remote.bits = 32;
	merged = descriptor(&remote);
	o = merged;
	remote.bits = 24;
	single = descriptor(&remote);
	ck_assert_int_eq(lircd_space_remote_merge(&merged, &single), 1);
	remote.bits = 28;
	single = descriptor(&remote);
	ck_assert_int_eq(lircd_space_remote_merge(&o, &single), 1);
	ck_assert_int_eq(lircd_space_remote_merge(&merged, &o), 1);
	open_descriptor(&run, &merged);
	ir_signal_init(&s);
	for (i = 0; i < 3; i++) {
		remote.bits = lengths[i];
		send_frame(&s, &remote, codes[i], true, NULL);
	}
	feed(&run, &s);
	expect_event_count(&run, 3);
	for (i = 0; i < 3; i++)
		expect_keydown(&run, i, PROTOCOL, codes[i], 0);
	decoder_run_close(&run);

	/* Pulse-length, no ptrail: 12 and 15 bits, not 13. */
	pl.bits = 12;
	merged = descriptor(&pl);
	pl.bits = 15;
	o = descriptor(&pl);
	ck_assert_int_eq(lircd_space_remote_merge(&merged, &o), 1);
	open_descriptor(&run, &merged);
	ir_signal_init(&s);
	pl.bits = 12;
	send_frame(&s, &pl, 0xa5c, true, NULL);
	pl.bits = 15;
	send_frame(&s, &pl, 0x5a5a, true, NULL);
	pl.bits = 13;
	send_frame(&s, &pl, 0x1a5c, true, NULL);
	feed(&run, &s);
	expect_event_count(&run, 2);
	expect_keydown(&run, 0, PROTOCOL, 0xa5c, 0);
	expect_keydown(&run, 1, PROTOCOL, 0x5a5a, 0);
	decoder_run_close(&run);
}
END_TEST

/*
 * flip_mask (lircd's toggle_mask, its frames alternating with the mask inverted): a
 * frame and its twin report one scancode, the smaller; a descriptor of another mask,
 * or of none, is not merged with it.
 */
START_TEST(test_flip_mask)
{
	struct lircd_space_remote d = descriptor(&nec), other = d, none = d;
	struct decoder_run run;
	struct ir_signal s;

	d.flip_mask[0] = 0xffff;
	other.flip_mask[0] = 0xff;
	ck_assert_int_eq(lircd_space_remote_merge(&other, &d), 0);
	ck_assert_int_eq(lircd_space_remote_merge(&none, &d), 0);
	other = d;
	ck_assert_int_eq(lircd_space_remote_merge(&other, &d), 1);
	open_descriptor(&run, &d);
	ir_signal_init(&s);
	send_frame(&s, &nec, 0x20df10ef, true, NULL);
	send_frame(&s, &nec, 0x20dfef10, true, NULL);
	send_frame(&s, &nec, 0x20df0000, true, NULL);
	feed(&run, &s);
	expect_event_count(&run, 3);
	expect_keydown(&run, 0, PROTOCOL, 0x20df10ef, 0);
	expect_keydown(&run, 1, PROTOCOL, 0x20df10ef, 0);
	expect_keydown(&run, 2, PROTOCOL, 0x20df0000, 0);
	decoder_run_close(&run);
}
END_TEST

/*
 * Two NEC-like remotes as irrecord writes them, timings a little apart: one merged
 * descriptor decodes the frames of both, each sent at the edges of its own tolerance.
 */
START_TEST(test_merge_nec_like)
{
	struct lircd_like other = nec;
	struct lircd_space_remote merged = descriptor(&nec), o, before;
	struct jitter j = { 0 };
	struct decoder_run run;
	struct ir_error err;
	struct ir_signal s;
	unsigned int key = 0;
	size_t count = 0;
	struct lircd_space_index_entry *entries = NULL;
	int edge;

	other.header[0] = 8900;
	other.header[1] = 4450;
	other.one[0] = other.zero[0] = 600;
	other.one[1] = 1650;
	other.zero[1] = 540;
	other.ptrail = 600;
	other.repeat[0] = 8900;
	other.repeat[1] = 2200;
	other.eps_us = 150;
	o = descriptor(&other);
	ck_assert_int_eq(lircd_space_remote_merge(&merged, &o), 1);

	memset(&err, 0, sizeof(err));
	ck_assert_int_eq(lircd_space_index_build(&merged, 1, &entries, &count, &err), 0);
	decoder_run_open(&run, "lircd_space", NULL, 0);
	ck_assert_int_eq(bpf_vm_map_update(run.vm, (size_t)run.lircd_remotes_map, &key, &merged,
					   &err), 0);
	for (size_t i = 0; i < count; i++)
		ck_assert_int_eq(bpf_vm_map_update(run.vm, (size_t)run.lircd_index_map,
						   &entries[i].key, &entries[i].value, &err), 0);
	free(entries);
	ir_signal_init(&s);
	for (edge = -1; edge <= 1; edge += 2) {
		j.fixed = edge * (int)(nec.eps_us - 1);
		send_frame(&s, &nec, 0x20df10ef, true, &j);
		send_repeat(&s, &nec);
		j.fixed = edge * (int)(other.eps_us - 1);
		send_frame(&s, &other, 0x00ff807f, true, &j);
		send_repeat(&s, &other);
	}
	feed(&run, &s);
	expect_event_count(&run, 8);
	expect_keydown(&run, 0, PROTOCOL, 0x20df10ef, 0);
	expect_repeat(&run, 1);
	expect_keydown(&run, 2, PROTOCOL, 0x00ff807f, 0);
	expect_repeat(&run, 3);
	expect_keydown(&run, 4, PROTOCOL, 0x20df10ef, 0);
	expect_keydown(&run, 6, PROTOCOL, 0x00ff807f, 0);
	decoder_run_close(&run);

	/* What cannot decode the other's frames into the same scancodes stays apart. */
	before = merged = descriptor(&nec);
	before = merged = descriptor(&nec);
	merged.flags = LIRCD_SPACE_REVERSE;
	o = merged;
	o.bits = 31;
	ck_assert_int_eq(lircd_space_remote_merge(&merged, &o), 0);
	merged = before;
	o = descriptor(&nec);
	o.flags = LIRCD_SPACE_REVERSE;
	ck_assert_int_eq(lircd_space_remote_merge(&merged, &o), 0);
	o = descriptor(&nec);
	o.repeat_pulse = o.repeat_space = 0;
	ck_assert_int_eq(lircd_space_remote_merge(&merged, &o), 0);
	o = descriptor(&nec);
	o.header_pulse = 4500;
	ck_assert_int_eq(lircd_space_remote_merge(&merged, &o), 0);
	/* Windows that touch, but whose union would let a 0 pass for a 1. */
	o = descriptor(&nec);
	o.one_space = 1300;	/* [1101, 1499] meets NEC's [1491, 1889] */
	o.zero_space = 900;	/* [701, 1099] meets NEC's [361, 759] */
	o.margin = 200;
	ck_assert_int_eq(lircd_space_remote_merge(&merged, &o), 0);
	ck_assert_mem_eq(&merged, &before, sizeof(merged));
}
END_TEST

static Suite *lircd_space_suite(void)
{
	Suite *s = suite_create("lircd_space");
	TCase *tc;

	tc = tcase_create("frames");
	tcase_add_test(tc, test_frames_and_repeats);
	tcase_add_test(tc, test_repeat_of_another_remote);
	tcase_add_test(tc, test_repeat_without_ptrail);
	tcase_add_test(tc, test_repeat_equal_to_header);
	tcase_add_test(tc, test_repeat_header_and_no_head_rep);
	tcase_add_test(tc, test_pulse_length_headerless);
	suite_add_tcase(s, tc);

	tc = tcase_create("robustness");
	tcase_add_test(tc, test_tolerance_edges);
	tcase_add_test(tc, test_noise_and_truncated_frames);
	tcase_add_test(tc, test_timeout_ends_frame);
	suite_add_tcase(s, tc);

	tc = tcase_create("table");
	tcase_add_test(tc, test_hundred_remotes);
	tcase_add_test(tc, test_cost_does_not_grow);
	tcase_add_test(tc, test_index_refusals);
	tcase_add_test(tc, test_merge_nec_like);
	tcase_add_test(tc, test_merge_lengths);
	tcase_add_test(tc, test_flip_mask);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = lircd_space_suite);
