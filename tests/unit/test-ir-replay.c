// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ir_replay: samples through decoders in the VM into rc-core's key handling. The decoder
 * is the article's, written by hand (article-by-hand.h): a 500 µs pulse, a space of N
 * µs, a 500 µs pulse give protocol 64, scancode N / 100, at the second pulse. Expected
 * times are the sums of the sample durations; the key rules are rc-core's (rc_input.h).
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/input-event-codes.h>
#include <linux/lirc.h>

#include "article-by-hand.h"
#include "ir_replay.h"
#include "test-main.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define PULSE(us) (LIRC_MODE2_PULSE | (us))
#define SPACE(us) (LIRC_MODE2_SPACE | (us))
#define TIMEOUT(us) (LIRC_MODE2_TIMEOUT | (us))
#define MS 1000000ULL

static struct bpf_vm *article_vm(void)
{
	struct bpf_map_spec spec = { .name = "decoder_state_map", .type = BPF_MAP_TYPE_ARRAY,
				     .key_size = 4, .value_size = 8, .max_entries = 1 };
	struct bpf_image image = {
		.name = "article",
		.license = "GPL",
		.insns = (struct bpf_insn *)article_decoder,
		.insn_count = ARRAY_SIZE(article_decoder),
		.maps = &spec,
		.map_count = 1,
	};
	struct ir_error err;
	struct bpf_vm *vm;

	ck_assert_msg(bpf_vm_new(&image, &vm, &err) == 0, "%s", err.message);
	return vm;
}

static uint32_t volume_up_at_15(void *user, uint64_t scancode)
{
	(void)user;
	return scancode == 15 ? KEY_VOLUMEUP : KEY_RESERVED;
}

static struct rc_input *new_input(void)
{
	struct rc_input_config config = {
		.timeout_us = RC_INPUT_DEFAULT_TIMEOUT_US,
		.repeat_delay_ms = RC_INPUT_DEFAULT_REPEAT_DELAY_MS,
		.repeat_period_ms = RC_INPUT_DEFAULT_REPEAT_PERIOD_MS,
		.lookup = volume_up_at_15,
	};
	struct rc_input *input;

	ck_assert_int_eq(rc_input_new(&config, &input), 0);
	return input;
}

static void replay(struct bpf_vm *const *vms, size_t count, struct rc_input *input,
		   const uint32_t *samples, size_t sample_count, uint64_t *clock_ns)
{
	struct ir_error err;
	size_t i;

	for (i = 0; i < sample_count; i++)
		ck_assert_msg(ir_replay_sample(vms, count, input, samples[i], clock_ns, &err) == 0,
			      "%s", err.message);
}

static void expect_lirc(struct rc_input *input, size_t index, uint64_t time_ns,
			uint64_t scancode, uint16_t flags)
{
	const struct rc_input_record *r = rc_input_record_at(input, index);

	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(r->type, RC_INPUT_RECORD_LIRC);
	ck_assert_uint_eq(r->time_ns, time_ns);
	ck_assert_uint_eq(r->lirc.rc_proto, 64);
	ck_assert_uint_eq(r->lirc.scancode, scancode);
	ck_assert_uint_eq(r->lirc.flags, flags);
}

static void expect_event(struct rc_input *input, size_t index, uint64_t time_ns,
			 uint16_t type, uint16_t code, int32_t value)
{
	const struct rc_input_record *r = rc_input_record_at(input, index);

	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(r->type, RC_INPUT_RECORD_INPUT);
	ck_assert_uint_eq(r->time_ns, time_ns);
	ck_assert_uint_eq(r->event_type, type);
	ck_assert_uint_eq(r->event_code, code);
	ck_assert_int_eq(r->event_value, value);
}

/* The article's test: scancode 15 at 2.5 ms, the key up 125 + 100 ms later. */
START_TEST(test_one_decoder)
{
	static const uint32_t samples[] = { PULSE(500), SPACE(1500), PULSE(500) };
	struct bpf_vm *vm = article_vm();
	struct rc_input *input = new_input();
	uint64_t clock_ns = 0;

	replay(&vm, 1, input, samples, ARRAY_SIZE(samples), &clock_ns);
	ck_assert_uint_eq(clock_ns, 2500000);
	ck_assert_uint_eq(rc_input_record_count(input), 4);
	expect_lirc(input, 0, 2500000, 15, 0);
	expect_event(input, 1, 2500000, EV_MSC, MSC_SCAN, 15);
	expect_event(input, 2, 2500000, EV_KEY, KEY_VOLUMEUP, 1);
	expect_event(input, 3, 2500000, EV_SYN, SYN_REPORT, 0);
	rc_input_records_clear(input);
	/* A timeout sample brings the clock past nothing due yet: 127.5 ms < 227.5 ms. */
	replay(&vm, 1, input, (const uint32_t[]){ TIMEOUT(125000) }, 1, &clock_ns);
	ck_assert_uint_eq(rc_input_record_count(input), 0);
	ck_assert_int_eq(rc_input_finish(input), 0);
	ck_assert_uint_eq(rc_input_record_count(input), 2);
	expect_event(input, 0, 227500000, EV_KEY, KEY_VOLUMEUP, 0);
	expect_event(input, 1, 227500000, EV_SYN, SYN_REPORT, 0);
	rc_input_free(input);
	bpf_vm_free(vm);
}
END_TEST

/*
 * Two copies of a decoder both report each frame, as two attached copies do in the
 * kernel: the second report is a repeat of the held key. (This is why identical
 * requests are loaded once.)
 */
START_TEST(test_two_decoders_report_twice)
{
	static const uint32_t samples[] = { PULSE(500), SPACE(1500), PULSE(500) };
	struct bpf_vm *vms[2] = { article_vm(), article_vm() };
	struct rc_input *input = new_input();
	uint64_t clock_ns = 0;

	replay(vms, 2, input, samples, ARRAY_SIZE(samples), &clock_ns);
	ck_assert_uint_eq(rc_input_record_count(input), 7);
	expect_lirc(input, 0, 2500000, 15, 0);
	expect_event(input, 2, 2500000, EV_KEY, KEY_VOLUMEUP, 1);
	expect_lirc(input, 4, 2500000, 15, LIRC_SCANCODE_FLAG_REPEAT);
	expect_event(input, 5, 2500000, EV_MSC, MSC_SCAN, 15);
	expect_event(input, 6, 2500000, EV_SYN, SYN_REPORT, 0);
	rc_input_free(input);
	bpf_vm_free(vms[0]);
	bpf_vm_free(vms[1]);
}
END_TEST

/* The timers run at each sample: the key goes up between frames, in time order. */
START_TEST(test_timers_between_samples)
{
	static const uint32_t samples[] = {
		PULSE(500), SPACE(1500), PULSE(500),	/* 15 at 2.5 ms */
		TIMEOUT(300000),			/* to 302.5 ms: key up at 227.5 */
		PULSE(500), SPACE(2000), PULSE(500),	/* 20 at 305.5 ms, no key */
	};
	struct bpf_vm *vm = article_vm();
	struct rc_input *input = new_input();
	uint64_t clock_ns = 0;

	replay(&vm, 1, input, samples, ARRAY_SIZE(samples), &clock_ns);
	ck_assert_uint_eq(clock_ns, 305500000);
	ck_assert_uint_eq(rc_input_record_count(input), 9);
	expect_event(input, 4, 227500000, EV_KEY, KEY_VOLUMEUP, 0);
	expect_event(input, 5, 227500000, EV_SYN, SYN_REPORT, 0);
	expect_lirc(input, 6, 305500000, 20, 0);
	expect_event(input, 7, 305500000, EV_MSC, MSC_SCAN, 20);
	expect_event(input, 8, 305500000, EV_SYN, SYN_REPORT, 0);
	rc_input_free(input);
	bpf_vm_free(vm);
}
END_TEST

/* The same samples in one batch: the same records, in the same order. */
START_TEST(test_batch)
{
	static const uint32_t samples[] = {
		PULSE(500), SPACE(1500), PULSE(500),	/* 15 at 2.5 ms */
		TIMEOUT(300000),			/* to 302.5 ms: key up at 227.5 */
		PULSE(500), SPACE(2000), PULSE(500),	/* 20 at 305.5 ms, no key */
	};
	struct bpf_vm *vm = article_vm();
	struct rc_input *input = new_input();
	uint64_t clock_ns = 0;
	struct ir_error err;
	size_t done;

	ck_assert_msg(ir_replay_samples(&vm, 1, input, samples, ARRAY_SIZE(samples), &done,
					&clock_ns, &err) == 0, "%s", err.message);
	ck_assert_uint_eq(done, ARRAY_SIZE(samples));
	ck_assert_uint_eq(clock_ns, 305500000);
	ck_assert_uint_eq(rc_input_record_count(input), 9);
	expect_lirc(input, 0, 2500000, 15, 0);
	expect_event(input, 2, 2500000, EV_KEY, KEY_VOLUMEUP, 1);
	expect_event(input, 4, 227500000, EV_KEY, KEY_VOLUMEUP, 0);
	expect_event(input, 5, 227500000, EV_SYN, SYN_REPORT, 0);
	expect_lirc(input, 6, 305500000, 20, 0);
	expect_event(input, 8, 305500000, EV_SYN, SYN_REPORT, 0);
	rc_input_free(input);
	bpf_vm_free(vm);
}
END_TEST

/*
 * Issue 13: a decoder reporting on every sample as much as it can (100,000 keydowns)
 * with the VM keeping 16 a sample: a batch of 256 samples stops once rc_input holds
 * IR_REPLAY_RECORDS_MAX records, for the caller to print them, and goes on from there.
 */
START_TEST(test_batch_bounded)
{
	static const struct bpf_insn flood[] = {
		MOV64_REG(6, 1), MOV64_IMM(7, 0),
		MOV64_REG(1, 6), MOV64_IMM(2, 64), MOV64_REG(3, 7), MOV64_IMM(4, 0),
		CALL(BPF_FUNC_rc_keydown), ALU64_IMM(BPF_ADD, 7, 1),
		JMP_IMM(BPF_JLT, 7, 100000, -7),
		MOV64_IMM(0, 0), EXIT(),
	};
	struct bpf_image image = {
		.name = "flood", .license = "GPL",
		.insns = (struct bpf_insn *)flood, .insn_count = ARRAY_SIZE(flood),
	};
	uint32_t samples[256];
	struct rc_input *input = new_input();
	uint64_t clock_ns = 0;
	size_t done, total = 0, batches = 0, records, i;
	struct ir_error err;
	struct bpf_vm *vm;

	ck_assert_msg(bpf_vm_new(&image, &vm, &err) == 0, "%s", err.message);
	bpf_vm_set_event_limit(vm, 16);
	for (i = 0; i < ARRAY_SIZE(samples); i++)
		samples[i] = i % 2 ? SPACE(500) : PULSE(500);
	while (total < ARRAY_SIZE(samples)) {
		ck_assert_msg(ir_replay_samples(&vm, 1, input, samples + total,
						ARRAY_SIZE(samples) - total, &done, &clock_ns,
						&err) == 0, "%s", err.message);
		ck_assert_uint_gt(done, 0);
		records = rc_input_record_count(input);
		/* Each of the 16 keydowns of the last sample adds at most 4 records. */
		ck_assert_uint_lt(records, IR_REPLAY_RECORDS_MAX + 16 * 4);
		if (total + done < ARRAY_SIZE(samples))
			ck_assert_uint_ge(records, IR_REPLAY_RECORDS_MAX);
		rc_input_records_clear(input);
		total += done;
		batches++;
	}
	ck_assert_uint_eq(total, ARRAY_SIZE(samples));
	ck_assert_uint_eq(clock_ns, 256 * 500000ULL);
	/* 256 samples of 16 keydowns, at least 3 records each: more than 12,288. */
	ck_assert_uint_ge(batches, 4);
	ck_assert_uint_eq(bpf_vm_events_dropped(vm), 256 * (100000 - 16));
	rc_input_free(input);
	bpf_vm_free(vm);
}
END_TEST

/* A decoder that fails stops the batch at that sample, its clock already counted. */
START_TEST(test_batch_stops_at_error)
{
	static const uint32_t samples[] = { PULSE(500), SPACE(1500), PULSE(500) };
	struct bpf_vm *vms[2] = { article_vm(), article_vm() };
	struct rc_input *input = new_input();
	uint64_t clock_ns = 0;
	struct ir_error err;
	size_t done;

	bpf_vm_set_insn_budget(vms[1], 0);
	ck_assert_int_eq(ir_replay_samples(vms, 2, input, samples, ARRAY_SIZE(samples),
					   &done, &clock_ns, &err), -E2BIG);
	ck_assert_uint_eq(done, 1);
	ck_assert_uint_eq(clock_ns, 500000);
	ck_assert_msg(strncmp(err.message, "decoder 2: ", 11) == 0, "%s", err.message);
	ck_assert_uint_eq(rc_input_record_count(input), 0);
	rc_input_free(input);
	bpf_vm_free(vms[0]);
	bpf_vm_free(vms[1]);
}
END_TEST

/* With no decoder the clock still runs, and nothing is reported. */
START_TEST(test_no_decoder)
{
	struct rc_input *input = new_input();
	uint64_t clock_ns = 0;

	replay(NULL, 0, input, (const uint32_t[]){ PULSE(9000), SPACE(4500) }, 2, &clock_ns);
	ck_assert_uint_eq(clock_ns, 13500000);
	ck_assert_uint_eq(rc_input_record_count(input), 0);
	rc_input_free(input);
}
END_TEST

static Suite *ir_replay_suite(void)
{
	Suite *s = suite_create("ir_replay");
	TCase *tc = tcase_create("replay");

	tcase_add_test(tc, test_one_decoder);
	tcase_add_test(tc, test_two_decoders_report_twice);
	tcase_add_test(tc, test_timers_between_samples);
	tcase_add_test(tc, test_no_decoder);
	tcase_add_test(tc, test_batch);
	tcase_add_test(tc, test_batch_stops_at_error);
	tcase_add_test(tc, test_batch_bounded);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = ir_replay_suite);
