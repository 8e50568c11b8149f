// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The embedded decoder table, the article's example decoder, and the generic decoders
 * (the ones v4l-utils' keymaps name), run in the userspace VM on signals from the test
 * encoders: values, protocol numbers, repeats, tolerance edges, noise, truncated and
 * back-to-back frames, timeouts; the raw decoder's pattern map.
 */
#include "config.h"

#include <check.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <linux/lirc.h>

#include "decoder_run.h"
#include "decoders.h"
#include "encoders.h"
#include "keymap.h"
#include "raw_pattern.h"
#include "test-main.h"

#define ROUNDTRIPS	64
#define SEED		0x5eed1234u
#define LONG_TIMEOUT	150000

#define PARAMS(...) ((const struct bpf_param_value[]){ __VA_ARGS__ })
#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

/* The table. */

START_TEST(test_table_lookup)
{
	const struct decoder *d;
	size_t i;

	ck_assert_uint_eq(decoder_count(), 24);
	ck_assert_ptr_null(decoder_at(decoder_count()));
	for (i = 0; i < decoder_count(); i++) {
		d = decoder_at(i);
		ck_assert_ptr_nonnull(d);
		ck_assert_ptr_eq(decoder_find(d->name), d);
		ck_assert_uint_gt(d->elf_size, 64);
		ck_assert_int_eq(memcmp(d->elf, "\177ELF", 4), 0);
		ck_assert_uint_gt(strlen(d->description), 0);
		/*
		 * No decoder is called what a keymap calls a kernel protocol, but the
		 * generic rc_mm, named as in v4l-utils.
		 */
		if (strcmp(d->name, "rc_mm") != 0)
			ck_assert_ptr_null(decoder_for_kernel_protocol(d->name));
	}
	ck_assert_str_eq(decoder_find("xbox-dvd")->name, "xbox_dvd");
	ck_assert_str_eq(decoder_find("xbox")->name, "xbox_dvd");
	ck_assert_str_eq(decoder_find("rc_mm_generic")->name, "rc_mm");
	ck_assert_ptr_null(decoder_find("nec"));
	ck_assert_ptr_null(decoder_find("NEC_BPF"));
	ck_assert_str_eq(decoder_for_kernel_protocol("nec")->name, "nec_bpf");
	ck_assert_str_eq(decoder_for_kernel_protocol("rc-5")->name, "rc5_bpf");
	ck_assert_str_eq(decoder_for_kernel_protocol("RC-5-SZ")->name, "rc5_bpf");
	ck_assert_str_eq(decoder_for_kernel_protocol("rc5_sz")->name, "rc5_bpf");
	ck_assert_str_eq(decoder_for_kernel_protocol("rc5")->name, "rc5_bpf");
	ck_assert_str_eq(decoder_for_kernel_protocol("rc6")->name, "rc6_bpf");
	ck_assert_str_eq(decoder_for_kernel_protocol("rc_mm")->name, "rcmm_bpf");
	ck_assert_str_eq(decoder_for_kernel_protocol("rc-6")->name, "rc6_bpf");
	ck_assert_str_eq(decoder_for_kernel_protocol("mce_kbd")->name, "mce_kbd_bpf");
	ck_assert_str_eq(decoder_for_kernel_protocol("mce-kbd")->name, "mce_kbd_bpf");
	ck_assert_str_eq(decoder_for_kernel_protocol("rc-mm")->name, "rcmm_bpf");
	ck_assert_ptr_null(decoder_for_kernel_protocol("rc-5x"));
	ck_assert_ptr_null(decoder_for_kernel_protocol("rc-"));
	ck_assert_ptr_null(decoder_for_kernel_protocol("ne"));
	ck_assert_ptr_null(decoder_for_kernel_protocol("other"));
	ck_assert_ptr_null(decoder_for_kernel_protocol(""));
}
END_TEST

/*
 * Every kernel protocol rc_keymap(5) lists as a kernel decoder (but "other", "unknown"
 * and CEC, which no IR signal carries) has a port.
 */
START_TEST(test_table_every_kernel_protocol)
{
	static const char *const kernel[] = {
		"nec", "rc-5", "rc-6", "jvc", "sony", "sanyo", "rc-5-sz", "sharp", "mce-kbd",
		"xmp", "imon", "rc-mm",
	};
	size_t i;

	for (i = 0; i < COUNT(kernel); i++)
		ck_assert_msg(decoder_for_kernel_protocol(kernel[i]), "no port of %s", kernel[i]);
}
END_TEST

struct documented_param {
	const char *decoder;
	const char *name;
	int64_t value;
};

/* Parameters and defaults as rc_keymap(5) of v4l-utils documents them. */
static const struct documented_param documented[] = {
	{ "pulse_distance", "margin", 200 },
	{ "pulse_distance", "header_pulse", 2125 },
	{ "pulse_distance", "header_space", 1875 },
	{ "pulse_distance", "repeat_pulse", 0 },
	{ "pulse_distance", "repeat_space", 0 },
	{ "pulse_distance", "bit_pulse", 625 },
	{ "pulse_distance", "bit_0_space", 375 },
	{ "pulse_distance", "bit_1_space", 1625 },
	{ "pulse_distance", "trailer_pulse", 625 },
	{ "pulse_distance", "bits", 4 },
	{ "pulse_distance", "reverse", 0 },
	{ "pulse_distance", "header_optional", 0 },
	{ "pulse_length", "margin", 200 },
	{ "pulse_length", "header_pulse", 2125 },
	{ "pulse_length", "header_space", 1875 },
	{ "pulse_length", "repeat_pulse", 0 },
	{ "pulse_length", "repeat_space", 0 },
	{ "pulse_length", "bit_space", 625 },
	{ "pulse_length", "bit_0_pulse", 375 },
	{ "pulse_length", "bit_1_pulse", 1625 },
	{ "pulse_length", "trailer_pulse", 0 },
	{ "pulse_length", "bits", 4 },
	{ "pulse_length", "reverse", 0 },
	{ "pulse_length", "header_optional", 0 },
	{ "manchester", "margin", 200 },
	{ "manchester", "header_pulse", 0 },
	{ "manchester", "header_space", 0 },
	{ "manchester", "bits", 14 },
	{ "manchester", "zero_pulse", 888 },
	{ "manchester", "zero_space", 888 },
	{ "manchester", "one_pulse", 888 },
	{ "manchester", "one_space", 888 },
	{ "grundig", "header_pulse", 900 },
	{ "grundig", "header_space", 2900 },
	{ "grundig", "leader_pulse", 1300 },
	{ "imon_rsc", "margin", 200 },
	{ "xbox_dvd", "margin", 200 },
};

START_TEST(test_table_documented_params)
{
	const struct documented_param *p = &documented[_i];
	const struct decoder *d = decoder_find(p->decoder);
	struct bpf_object *object = NULL;
	struct ir_error err = { 0 };
	int index;

	ck_assert_ptr_nonnull(d);
	ck_assert_int_eq(bpf_object_open_memory(d->elf, d->elf_size, d->name, &object, &err), 0);
	index = bpf_object_param_find(object, p->name);
	ck_assert_msg(index >= 0, "%s has no parameter %s", p->decoder, p->name);
	ck_assert_int_eq(bpf_object_param_default(object, (size_t)index), p->value);
	bpf_object_free(object);
}
END_TEST

/* Each embedded object: GPL, one program, and it runs. */
START_TEST(test_table_objects)
{
	const struct decoder *d = decoder_at((size_t)_i);
	struct bpf_object *object = NULL;
	struct ir_error err = { 0 };
	struct decoder_run run;
	struct ir_signal s;

	ck_assert_int_eq(bpf_object_open_memory(d->elf, d->elf_size, d->name, &object, &err), 0);
	ck_assert_str_eq(bpf_object_license(object), "GPL");
	ck_assert_uint_eq(bpf_object_program_count(object), 1);
	bpf_object_free(object);

	/* Random junk: nothing may fail or be reported by accident. */
	ir_signal_init(&s);
	ck_assert_int_eq(ir_signal_pulse(&s, 50), 0);
	ck_assert_int_eq(ir_signal_space(&s, 16000000), 0);
	ck_assert_int_eq(ir_signal_append(&s, &(struct ir_signal){
		(uint32_t[]){ LIRC_FREQUENCY(38000), LIRC_OVERFLOW(0xffffff), LIRC_TIMEOUT(0),
			      0xff000123 }, 4, 4 }), 0);
	decoder_run_open(&run, d->name, NULL, 0);
	decoder_run_feed(&run, &s);
	expect_event_count(&run, 0);
	decoder_run_close(&run);
	ir_signal_free(&s);
}
END_TEST

/* The article's decoder, built from bpf_protocols/examples/foobar.c. */
START_TEST(test_article_example)
{
	struct bpf_object *object = NULL;
	struct bpf_image *image = NULL;
	struct bpf_vm *vm = NULL;
	struct ir_error err = { 0 };
	const struct bpf_vm_event *e;
	static const uint32_t samples[] = {
		LIRC_PULSE(500), LIRC_SPACE(1500), LIRC_PULSE(500),
	};
	size_t i;

	ck_assert_int_eq(bpf_object_open_file(TOP_BUILDDIR "/bpf_protocols/examples/foobar.o",
					      &object, &err), 0);
	ck_assert_int_eq(bpf_object_relocate(object, "fictional_ir", NULL, 0, &image, &err), 0);
	ck_assert_int_eq(bpf_vm_new(image, &vm, &err), 0);
	for (i = 0; i < COUNT(samples); i++)
		ck_assert_int_eq(bpf_vm_run(vm, samples[i], &err), 0);
	ck_assert_uint_eq(bpf_vm_event_count(vm), 1);
	e = bpf_vm_event_at(vm, 0);
	ck_assert_int_eq(e->type, BPF_VM_EVENT_KEYDOWN);
	ck_assert_uint_eq(e->protocol, 64);
	ck_assert_uint_eq(e->scancode, 0xf);
	bpf_vm_free(vm);
	bpf_image_free(image);
	bpf_object_free(object);
}
END_TEST

/* The example's keymap names the decoder and maps its scancode. */
START_TEST(test_article_keymap)
{
	struct keymap *keymap = NULL;
	struct ir_error err = { 0 };

	ck_assert_msg(keymap_load_file(TOP_SRCDIR "/bpf_protocols/examples/foobar.toml", &keymap,
				       &err) == 0, "%s", err.message);
	ck_assert_uint_eq(keymap->protocol_count, 1);
	ck_assert_str_eq(keymap->protocols[0].protocol, "foobar");
	ck_assert_uint_eq(keymap->protocols[0].scancode_count, 1);
	ck_assert_uint_eq(keymap->protocols[0].scancodes[0].scancode, 0xf);
	ck_assert_uint_eq(keymap->protocols[0].scancodes[0].keycode, 115);	/* KEY_VOLUMEUP */
	keymap_free(keymap);
}
END_TEST

/*
 * Generic decoders: each case is a decoder with parameters and a way to make one frame
 * of a random value, and the value the decoder must report.
 */
struct generic_case {
	const char *decoder;
	const struct bpf_param_value *params;
	size_t param_count;
	uint32_t protocol;
	/* Appends one frame of a random value; returns what must be reported. */
	uint64_t (*frame)(struct ir_signal *s, uint32_t *state, uint32_t *toggle);
};

static uint64_t random64(uint32_t *state)
{
	return (uint64_t)test_random(state) << 32 | test_random(state);
}

static const struct pulse_distance_timings pd_defaults = {
	2125, 1875, 625, 375, 1625, 625, 4, false, 20000,
};

static uint64_t pd_default_frame(struct ir_signal *s, uint32_t *state, uint32_t *toggle)
{
	uint64_t v = test_random(state) & 0xf;

	ck_assert_int_eq(encode_pulse_distance(s, &pd_defaults, v), 0);
	return v;
}

/* NEC's timings through the generic decoder, LSB first: all 32 bits as they come. */
static const struct pulse_distance_timings pd_nec = {
	9000, 4500, 563, 563, 1688, 563, 32, true, 40000,
};

#define PD_NEC_PARAMS PARAMS({ "header_pulse", 9000 }, { "header_space", 4500 },	\
	{ "bit_pulse", 563 }, { "bit_0_space", 563 }, { "bit_1_space", 1688 },		\
	{ "trailer_pulse", 563 }, { "bits", 32 }, { "reverse", 1 },			\
	{ "repeat_pulse", 9000 }, { "repeat_space", 2250 })

static uint64_t pd_nec_frame(struct ir_signal *s, uint32_t *state, uint32_t *toggle)
{
	uint64_t v = test_random(state);

	ck_assert_int_eq(encode_pulse_distance(s, &pd_nec, v), 0);
	return v;
}

/*
 * Dish Network (v4l-utils' dish_network keymap): the header pulse is as long as a bit
 * pulse, the header optional, a 1 shorter than a 0. Every other frame has no header.
 */
#define PD_DISH_PARAMS PARAMS({ "trailer_pulse", 450 }, { "header_optional", 1 },	\
	{ "header_pulse", 525 }, { "header_space", 6045 }, { "bits", 16 },		\
	{ "bit_pulse", 440 }, { "bit_1_space", 1645 }, { "bit_0_space", 2780 })

static uint64_t pd_dish_frame(struct ir_signal *s, uint32_t *state, uint32_t *toggle)
{
	struct pulse_distance_timings t = { 525, 6045, 440, 2780, 1645, 450, 16, false, 6045 };
	uint64_t v = test_random(state) & 0xffff;

	if (test_random(state) & 1)
		t.header_pulse = t.header_space = 0;
	ck_assert_int_eq(encode_pulse_distance(s, &t, v), 0);
	return v;
}

static const struct pulse_length_timings pl_defaults = {
	2125, 1875, 625, 375, 1625, 0, 4, false, 20000,
};

static uint64_t pl_default_frame(struct ir_signal *s, uint32_t *state, uint32_t *toggle)
{
	uint64_t v = test_random(state) & 0xf;

	ck_assert_int_eq(encode_pulse_length(s, &pl_defaults, v), 0);
	return v;
}

/* SIRC-like timings, 20 bits LSB first, with a trailer pulse. */
#define PL_SONY_PARAMS PARAMS({ "header_pulse", 2400 }, { "header_space", 600 },	\
	{ "bit_space", 600 }, { "bit_0_pulse", 600 }, { "bit_1_pulse", 1200 },		\
	{ "trailer_pulse", 300 }, { "bits", 20 }, { "reverse", 1 },			\
	{ "repeat_pulse", 2400 }, { "repeat_space", 1800 })

static const struct pulse_length_timings pl_sony = {
	2400, 600, 600, 600, 1200, 300, 20, true, 25000,
};

static uint64_t pl_sony_frame(struct ir_signal *s, uint32_t *state, uint32_t *toggle)
{
	uint64_t v = test_random(state) & 0xfffff;

	ck_assert_int_eq(encode_pulse_length(s, &pl_sony, v), 0);
	return v;
}

/* RC-5 through the generic decoder: 14 bits, the first (start bit) always 1. */
static const struct manchester_timings man_rc5 = { 0, 0, 888, 888, 888, 888, 14, 90000 };

static uint64_t man_default_frame(struct ir_signal *s, uint32_t *state, uint32_t *toggle)
{
	uint64_t v = 0x2000 | (test_random(state) & 0x1fff);

	ck_assert_int_eq(encode_manchester(s, &man_rc5, v), 0);
	return v;
}

/*
 * A header, uneven halves, 20 bits; bit 11 is the toggle, bits 19-18 masked out of the
 * scancode.
 */
#define MAN_HEADER_PARAMS PARAMS({ "header_pulse", 3000 }, { "header_space", 1500 },	\
	{ "zero_pulse", 500 }, { "zero_space", 700 }, { "one_pulse", 600 },		\
	{ "one_space", 800 }, { "bits", 20 }, { "toggle_bit", 11 },			\
	{ "scancode_mask", 0xc0000 })

static uint64_t man_header_frame(struct ir_signal *s, uint32_t *state, uint32_t *toggle)
{
	static const struct manchester_timings t = { 3000, 1500, 500, 700, 600, 800, 20, 30000 };
	uint64_t v = test_random(state) & 0xfffff;

	ck_assert_int_eq(encode_manchester(s, &t, v), 0);
	*toggle = v >> 11 & 1;
	return v & ~(uint64_t)0xc0800;
}

static const struct rc_mm_timings rc_mm_defaults = {
	417, 278, 167, { 278, 444, 611, 778 }, 167, 8, 20000,
};

static uint64_t rc_mm_default_frame(struct ir_signal *s, uint32_t *state, uint32_t *toggle)
{
	uint64_t v = test_random(state) & 0xff;

	ck_assert_int_eq(encode_rc_mm_generic(s, &rc_mm_defaults, v), 0);
	return v;
}

#define RC_MM_24_PARAMS PARAMS({ "bits", 24 }, { "rc_protocol", 70 })

static uint64_t rc_mm_24_frame(struct ir_signal *s, uint32_t *state, uint32_t *toggle)
{
	struct rc_mm_timings t = rc_mm_defaults;
	uint64_t v = test_random(state) & 0xffffff;

	t.bits = 24;
	ck_assert_int_eq(encode_rc_mm_generic(s, &t, v), 0);
	return v;
}

static uint64_t grundig_frame(struct ir_signal *s, uint32_t *state, uint32_t *toggle)
{
	uint64_t v = test_random(state) & 0xffff;

	ck_assert_int_eq(encode_grundig(s, (uint32_t)v), 0);
	return v;
}

static uint64_t samsung36_frame(struct ir_signal *s, uint32_t *state, uint32_t *toggle)
{
	uint64_t v = random64(state) & 0xfffffffffULL;

	ck_assert_int_eq(encode_samsung36(s, v), 0);
	return v;
}

static uint64_t xbox_dvd_frame(struct ir_signal *s, uint32_t *state, uint32_t *toggle)
{
	uint64_t v = test_random(state) & 0xfff;

	ck_assert_int_eq(encode_xbox_dvd(s, (uint32_t)v), 0);
	return v;
}

/*
 * imon_rsc, direction 0xa in 4 bits (1, 0, 1, 0): 2000 µs header pulse (3250 with the
 * long header), then 1800 µs space, 625 µs pulse, 625 µs space... Pointer events carry
 * scancode 0.
 */
static uint64_t imon_rsc_frame(struct ir_signal *s, uint32_t *state, uint32_t *toggle)
{
	ck_assert_int_eq(encode_imon_rsc(s, 0xa, 4, false), 0);
	return 0;
}

static uint64_t imon_rsc_long_frame(struct ir_signal *s, uint32_t *state, uint32_t *toggle)
{
	ck_assert_int_eq(encode_imon_rsc(s, 0xa, 5, true), 0);
	return 0;
}

/* Protocol numbers as v4l-utils' decoders report them. */
static const struct generic_case generic_cases[] = {
	{ "pulse_distance", NULL, 0, 64, pd_default_frame },
	{ "pulse_distance", PD_NEC_PARAMS, 10, 64, pd_nec_frame },
	{ "pulse_distance", PD_DISH_PARAMS, 8, 64, pd_dish_frame },
	{ "pulse_length", NULL, 0, 67, pl_default_frame },
	{ "pulse_length", PL_SONY_PARAMS, 10, 67, pl_sony_frame },
	{ "manchester", NULL, 0, 66, man_default_frame },
	{ "manchester", MAN_HEADER_PARAMS, 9, 66, man_header_frame },
	{ "rc_mm", NULL, 0, 65, rc_mm_default_frame },
	{ "rc_mm", RC_MM_24_PARAMS, 2, 70, rc_mm_24_frame },
	{ "grundig", NULL, 0, 64, grundig_frame },
	{ "samsung36", NULL, 0, 69, samsung36_frame },
	{ "xbox_dvd", NULL, 0, 68, xbox_dvd_frame },
};

#define GENERIC_COUNT COUNT(generic_cases)

static void generic_open(struct decoder_run *run, const struct generic_case *c)
{
	decoder_run_open(run, c->decoder, c->params, c->param_count);
}

START_TEST(test_generic_roundtrip)
{
	const struct generic_case *c = &generic_cases[_i];
	struct decoder_run run;
	struct ir_signal s;
	uint32_t state = SEED + (uint32_t)_i;
	int n;

	ir_signal_init(&s);
	generic_open(&run, c);
	for (n = 0; n < ROUNDTRIPS; n++) {
		uint32_t toggle = 0;
		uint64_t v;

		ir_signal_free(&s);
		v = c->frame(&s, &state, &toggle);
		decoder_run_reset(&run);
		decoder_run_feed(&run, &s);
		expect_event_count(&run, 1);
		expect_keydown(&run, 0, c->protocol, v, toggle);
	}
	ir_signal_free(&s);
	decoder_run_close(&run);
}
END_TEST

START_TEST(test_generic_back_to_back)
{
	const struct generic_case *c = &generic_cases[_i];
	struct decoder_run run;
	struct ir_signal s;
	uint32_t state = SEED ^ (uint32_t)_i;
	uint32_t toggle[3] = { 0 };
	uint64_t v[3];
	int n;

	ir_signal_init(&s);
	for (n = 0; n < 3; n++)
		v[n] = c->frame(&s, &state, &toggle[n]);
	generic_open(&run, c);
	decoder_run_feed(&run, &s);
	expect_event_count(&run, 3);
	for (n = 0; n < 3; n++)
		expect_keydown(&run, (size_t)n, c->protocol, v[n], toggle[n]);
	ir_signal_free(&s);
	decoder_run_close(&run);
}
END_TEST

/* Noise pulses between frames, and the last gap as a timeout. */
START_TEST(test_generic_noise_and_timeout)
{
	const struct generic_case *c = &generic_cases[_i];
	struct decoder_run run;
	struct ir_signal s;
	uint32_t state = SEED + 31 * (uint32_t)_i;
	uint32_t toggle[2] = { 0 };
	uint64_t v[2];
	uint32_t *last;

	ir_signal_init(&s);
	ck_assert_int_eq(ir_signal_pulse(&s, 40), 0);
	ck_assert_int_eq(ir_signal_space(&s, 30000), 0);
	v[0] = c->frame(&s, &state, &toggle[0]);
	ck_assert_int_eq(ir_signal_pulse(&s, 70), 0);
	ck_assert_int_eq(ir_signal_space(&s, 30000), 0);
	v[1] = c->frame(&s, &state, &toggle[1]);
	last = &s.samples[s.count - 1];
	*last = LIRC_TIMEOUT(LIRC_VALUE(*last));
	generic_open(&run, c);
	decoder_run_feed(&run, &s);
	expect_event_count(&run, 2);
	expect_keydown(&run, 0, c->protocol, v[0], toggle[0]);
	expect_keydown(&run, 1, c->protocol, v[1], toggle[1]);
	ir_signal_free(&s);
	decoder_run_close(&run);
}
END_TEST

/* A frame cut short before any of its pulses is never reported. */
START_TEST(test_generic_truncated)
{
	const struct generic_case *c = &generic_cases[_i];
	struct decoder_run run;
	struct ir_signal frame, cut;
	uint32_t state = SEED + 37 * (uint32_t)_i;
	uint32_t toggle = 0;
	size_t last_pulse = 0, k, e;

	ir_signal_init(&frame);
	ir_signal_init(&cut);
	c->frame(&frame, &state, &toggle);
	for (k = 0; k < frame.count; k++)
		if (LIRC_IS_PULSE(frame.samples[k]))
			last_pulse = k;
	generic_open(&run, c);
	for (k = 1; k <= last_pulse; k++) {
		ir_signal_free(&cut);
		for (e = 0; e < k; e++)
			ck_assert_int_eq(ir_signal_append(&cut, &(struct ir_signal){
				&frame.samples[e], 1, 1 }), 0);
		ck_assert_int_eq(ir_signal_timeout(&cut, LONG_TIMEOUT), 0);
		decoder_run_reset(&run);
		decoder_run_feed(&run, &cut);
		ck_assert_msg(decoder_run_event_count(&run) == 0,
			      "%s: frame cut to %zu samples reported", c->decoder, k);
	}
	ir_signal_free(&frame);
	ir_signal_free(&cut);
	decoder_run_close(&run);
}
END_TEST

/* Repeat frames of the two generic decoders that know them. */
START_TEST(test_generic_repeats)
{
	struct decoder_run run;
	struct ir_signal s;

	ir_signal_init(&s);
	decoder_run_open(&run, "pulse_distance", PD_NEC_PARAMS, 10);
	ck_assert_int_eq(encode_pulse_distance(&s, &pd_nec, 0xbf40ff00), 0);
	ck_assert_int_eq(encode_repeat_frame(&s, 9000, 2250, 563, 90000), 0);
	ck_assert_int_eq(encode_repeat_frame(&s, 9000, 2250, 563, 90000), 0);
	decoder_run_feed(&run, &s);
	expect_event_count(&run, 3);
	expect_keydown(&run, 0, 64, 0xbf40ff00, 0);
	expect_repeat(&run, 1);
	expect_repeat(&run, 2);
	decoder_run_close(&run);
	ir_signal_free(&s);

	decoder_run_open(&run, "pulse_length", PL_SONY_PARAMS, 10);
	ck_assert_int_eq(encode_pulse_length(&s, &pl_sony, 0xabcde), 0);
	ck_assert_int_eq(encode_repeat_frame(&s, 2400, 1800, 300, 25000), 0);
	decoder_run_feed(&run, &s);
	expect_event_count(&run, 2);
	expect_keydown(&run, 0, 67, 0xabcde, 0);
	expect_repeat(&run, 1);
	decoder_run_close(&run);
	ir_signal_free(&s);
}
END_TEST

/*
 * Tolerance edges of the margin parameter: a duration d matches an expected e when
 * e - margin < d < e + margin.
 */
struct generic_edge {
	const char *decoder;
	const struct bpf_param_value *params;
	size_t param_count;
	uint64_t (*frame)(struct ir_signal *s, uint32_t *state, uint32_t *toggle);
	size_t sample;
	unsigned int expected;
	unsigned int margin;
};

static const struct generic_edge generic_edges[] = {
	{ "pulse_distance", NULL, 0, pd_default_frame, 0, 2125, 200 },
	{ "pulse_distance", PARAMS({ "margin", 100 }), 1, pd_default_frame, 1, 1875, 100 },
	{ "pulse_length", NULL, 0, pl_default_frame, 0, 2125, 200 },
	{ "rc_mm", NULL, 0, rc_mm_default_frame, 0, 417, 100 },
	{ "grundig", NULL, 0, grundig_frame, 2, 1300, 150 },
	{ "grundig", PARAMS({ "margin", 60 }), 1, grundig_frame, 1, 2900, 60 },
	{ "samsung36", NULL, 0, samsung36_frame, 0, 4500, 300 },
	{ "xbox_dvd", NULL, 0, xbox_dvd_frame, 1, 3900, 200 },
	{ "manchester", MAN_HEADER_PARAMS, 9, man_header_frame, 0, 3000, 200 },
	{ "imon_rsc", NULL, 0, imon_rsc_frame, 0, 2000, 200 },
	{ "imon_rsc", NULL, 0, imon_rsc_frame, 1, 1800, 200 },
	{ "imon_rsc", NULL, 0, imon_rsc_frame, 2, 625, 200 },
	{ "imon_rsc", NULL, 0, imon_rsc_frame, 3, 625, 200 },
	{ "imon_rsc", PARAMS({ "margin", 100 }), 1, imon_rsc_long_frame, 0, 3250, 100 },
	{ "imon_rsc", PARAMS({ "margin", 100 }), 1, imon_rsc_long_frame, 3, 1800, 100 },
	{ "imon_rsc", PARAMS({ "margin", 100 }), 1, imon_rsc_long_frame, 4, 625, 100 },
};

static bool edge_decodes(struct decoder_run *run, const struct ir_signal *frame, size_t sample,
			 unsigned int duration, uint64_t value)
{
	struct ir_signal changed;
	bool found;

	ir_signal_init(&changed);
	ck_assert_int_eq(ir_signal_append(&changed, frame), 0);
	changed.samples[sample] = LIRC_MODE2(changed.samples[sample]) | duration;
	decoder_run_reset(run);
	decoder_run_feed(run, &changed);
	found = decoder_run_event_count(run) == 1 &&
		decoder_run_event(run, 0)->scancode == value;
	ir_signal_free(&changed);
	return found;
}

START_TEST(test_generic_tolerance_edges)
{
	const struct generic_edge *c = &generic_edges[_i];
	struct decoder_run run;
	struct ir_signal frame;
	uint32_t state = SEED + 41 * (uint32_t)_i;
	uint32_t toggle = 0;
	uint64_t v;

	ir_signal_init(&frame);
	v = c->frame(&frame, &state, &toggle);
	ck_assert_uint_eq(LIRC_VALUE(frame.samples[c->sample]), c->expected);
	decoder_run_open(&run, c->decoder, c->params, c->param_count);
	ck_assert(edge_decodes(&run, &frame, c->sample, c->expected, v));
	ck_assert(edge_decodes(&run, &frame, c->sample, c->expected - c->margin + 1, v));
	ck_assert(edge_decodes(&run, &frame, c->sample, c->expected + c->margin - 1, v));
	ck_assert(!edge_decodes(&run, &frame, c->sample, c->expected - c->margin, v));
	ck_assert(!edge_decodes(&run, &frame, c->sample, c->expected + c->margin, v));
	ir_signal_free(&frame);
	decoder_run_close(&run);
}
END_TEST

/* xbox_dvd: the first half must be the inverse of the second. */
START_TEST(test_xbox_dvd_check)
{
	static const struct pulse_distance_timings t = {
		4000, 3900, 550, 900, 1900, 550, 24, false, 40000,
	};
	struct decoder_run run;
	struct ir_signal s;

	ir_signal_init(&s);
	/* 12 bits each: ~0a0 is f5f, ~a0b is 5f4. */
	ck_assert_int_eq(encode_pulse_distance(&s, &t, 0xf5f0a0), 0);
	ck_assert_int_eq(encode_pulse_distance(&s, &t, 0x5f5a0b), 0);
	ck_assert_int_eq(encode_pulse_distance(&s, &t, 0x5f4a0b), 0);
	decoder_run_open(&run, "xbox_dvd", NULL, 0);
	decoder_run_feed(&run, &s);
	expect_event_count(&run, 2);
	expect_keydown(&run, 0, 68, 0x0a0, 0);
	expect_keydown(&run, 1, 68, 0xa0b, 0);
	decoder_run_close(&run);
	ir_signal_free(&s);
}
END_TEST

/*
 * imon_rsc: each direction code moves the pointer. The table is the remote's: codes
 * 0-3 up, down, right, left; 4-7 the diagonals; 8-15 the directions between.
 */
START_TEST(test_imon_rsc_directions)
{
	static const int32_t move[16][2] = {
		{ 0, -4 }, { 0, 4 }, { 4, 0 }, { -4, 0 },
		{ 4, -4 }, { -4, 4 }, { 4, 4 }, { -4, -4 },
		{ 2, -4 }, { -2, 4 }, { 4, 2 }, { -4, -2 },
		{ 4, -2 }, { -4, 2 }, { 2, 4 }, { -2, -4 },
	};
	struct decoder_run run;
	struct ir_signal s;
	unsigned int code;

	ir_signal_init(&s);
	for (code = 0; code < 16; code++)
		ck_assert_int_eq(encode_imon_rsc(&s, code, 4, code % 2), 0);
	/* Five bits: the low four count. */
	ck_assert_int_eq(encode_imon_rsc(&s, 0x1a, 5, false), 0);
	/* Three or six bits are no stick message. */
	ck_assert_int_eq(encode_imon_rsc(&s, 0x2, 3, false), 0);
	ck_assert_int_eq(encode_imon_rsc(&s, 0x22, 6, false), 0);
	decoder_run_open(&run, "imon_rsc", NULL, 0);
	decoder_run_feed(&run, &s);
	expect_event_count(&run, 17);
	for (code = 0; code < 16; code++)
		expect_pointer(&run, code, move[code][0], move[code][1]);
	expect_pointer(&run, 16, move[0xa][0], move[0xa][1]);
	decoder_run_print_cost(&run);
	decoder_run_close(&run);
	ir_signal_free(&s);
}
END_TEST

/*
 * raw: random patterns in the map; each, sent with jitter within the margin, is
 * reported with its scancode; a duration off by the margin, a pattern cut short, or one
 * run on, is not.
 */
#define RAW_PATTERNS	12
#define RAW_MARGIN	150
#define RAW_TRAIL	20000

static void raw_make_patterns(struct raw_pattern *p, size_t count, uint32_t *state)
{
	size_t i, k;

	for (i = 0; i < count; i++) {
		/* An odd number of durations: pulse first, pulse last. */
		size_t length = 2 * (5 + test_random(state) % 30) + 1;

		memset(&p[i], 0, sizeof(p[i]));
		p[i].scancode = 0x100 + (unsigned int)i;
		for (k = 0; k < length; k++)
			p[i].durations[k] = (unsigned short)(300 + test_random(state) % 4000);
	}
	/* Two patterns that differ only in their last pulse. */
	memcpy(&p[1].durations, &p[0].durations, sizeof(p[0].durations));
	for (k = 0; p[1].durations[k + 1]; k++)
		;
	p[1].durations[k] = (unsigned short)(p[0].durations[k] + 2 * RAW_MARGIN + 100);
}

static void raw_send(struct ir_signal *s, const struct raw_pattern *p, int jitter,
		     size_t change_at, int change, size_t length_delta, uint32_t *state)
{
	size_t k;

	for (k = 0; p->durations[k] && k < RAW_MAX_DURATIONS; k++) {
		int d = p->durations[k];

		if (jitter)
			d += (int)(test_random(state) % (2 * jitter - 1)) - (jitter - 1);
		if (k == change_at)
			d += change;
		ck_assert_int_eq(k % 2 ? ir_signal_space(s, (unsigned int)d) :
			     ir_signal_pulse(s, (unsigned int)d), 0);
	}
	if (length_delta) {
		/* One more space and pulse than the pattern has. */
		ck_assert_int_eq(ir_signal_space(s, 500), 0);
		ck_assert_int_eq(ir_signal_pulse(s, 500), 0);
	}
	ck_assert_int_eq(ir_signal_space(s, RAW_TRAIL + 5000), 0);
}

START_TEST(test_raw_patterns)
{
	struct raw_pattern patterns[RAW_PATTERNS];
	struct decoder_run run;
	struct ir_signal s;
	struct ir_error err = { 0 };
	uint32_t state = SEED;
	unsigned int key;
	size_t i, events = 0;

	raw_make_patterns(patterns, RAW_PATTERNS, &state);
	decoder_run_open(&run, "raw", PARAMS({ "margin", RAW_MARGIN },
					      { "trail_space", RAW_TRAIL }), 2);
	ck_assert_int_ge(run.raw_map, 0);
	for (key = 0; key < RAW_PATTERNS; key++)
		ck_assert_int_eq(bpf_vm_map_update(run.vm, (size_t)run.raw_map, &key,
						   &patterns[key], &err), 0);

	ir_signal_init(&s);
	for (i = 0; i < RAW_PATTERNS; i++) {
		/* Within the margin: reported. */
		raw_send(&s, &patterns[i], RAW_MARGIN, SIZE_MAX, 0, 0, &state);
		decoder_run_feed(&run, &s);
		ir_signal_free(&s);
		expect_event_count(&run, ++events);
		expect_keydown(&run, events - 1, 68, patterns[i].scancode, 0);

		/* One duration off by the margin, cut short, or longer: nothing. */
		raw_send(&s, &patterns[i], 0, 3, RAW_MARGIN, 0, &state);
		raw_send(&s, &patterns[i], 0, 4, -RAW_MARGIN, 0, &state);
		decoder_run_feed(&run, &s);
		ir_signal_free(&s);
		expect_event_count(&run, events);
		raw_send(&s, &patterns[i], 0, SIZE_MAX, 0, 1, &state);
		decoder_run_feed(&run, &s);
		ir_signal_free(&s);
		expect_event_count(&run, events);
	}
	/* The first pattern without its last pulse: not the first, not the second. */
	for (i = 0; patterns[0].durations[i + 1]; i++) {
		int d = patterns[0].durations[i];

		ck_assert_int_eq(i % 2 ? ir_signal_space(&s, (unsigned int)d) :
			     ir_signal_pulse(&s, (unsigned int)d), 0);
	}
	ck_assert_int_eq(ir_signal_timeout(&s, LONG_TIMEOUT), 0);
	decoder_run_feed(&run, &s);
	ir_signal_free(&s);
	expect_event_count(&run, events);
	decoder_run_print_cost(&run);
	decoder_run_close(&run);
}
END_TEST

/* What each sample costs, on the round-trip signals. */
START_TEST(test_generic_cost)
{
	const struct generic_case *c = &generic_cases[_i];
	struct decoder_run run;
	struct ir_signal s;
	uint32_t state = SEED;
	uint32_t toggle;
	int n;

	ir_signal_init(&s);
	generic_open(&run, c);
	for (n = 0; n < ROUNDTRIPS; n++) {
		ir_signal_free(&s);
		c->frame(&s, &state, &toggle);
		decoder_run_feed(&run, &s);
	}
	ck_assert_uint_lt(decoder_run_print_cost(&run), 1000);
	ir_signal_free(&s);
	decoder_run_close(&run);
}
END_TEST

/* Events from the decoder with default parameters on a frame, a pulse and a timeout. */
static size_t events_on(const char *decoder, struct ir_signal *s)
{
	struct decoder_run run;
	size_t count;

	ck_assert_int_eq(ir_signal_pulse(s, 100), 0);
	ck_assert_int_eq(ir_signal_timeout(s, LONG_TIMEOUT), 0);
	decoder_run_open(&run, decoder, NULL, 0);
	decoder_run_feed(&run, s);
	count = decoder_run_event_count(&run);
	decoder_run_close(&run);
	ir_signal_free(s);
	return count;
}

/*
 * rc_mm reports a frame when its trailer is followed by a space longer than any bit's
 * (the default 778 us space, margin 100: 878 us and more), not at the trailer, which
 * may be the next bit pulse of a longer frame (issue 16).
 */
START_TEST(test_rc_mm_gap_edge)
{
	struct rc_mm_timings t = rc_mm_defaults;
	struct ir_signal s;

	ir_signal_init(&s);
	t.gap = 878;
	ck_assert_int_eq(encode_rc_mm_generic(&s, &t, 0xa5), 0);
	ck_assert_uint_eq(events_on("rc_mm", &s), 1);
	t.gap = 877;
	ck_assert_int_eq(encode_rc_mm_generic(&s, &t, 0xa5), 0);
	ck_assert_uint_eq(events_on("rc_mm", &s), 0);
	/* RC-MM's 12-bit frame is no 8-bit frame. */
	t.bits = 12;
	t.gap = 20000;
	ck_assert_int_eq(encode_rc_mm_generic(&s, &t, 0xa5a), 0);
	ck_assert_uint_eq(events_on("rc_mm", &s), 0);
}
END_TEST

/*
 * manchester reports a frame at a space no next bit could start with: after a final
 * 1 (its pulse half), more than one_space less than the margin (888 + 200 us); after
 * a final 0, more than zero_space and one_space (888 + 888 + 200 us, the gap joined to
 * the 0's space half). A 15-bit frame is no 14-bit one (issue 16).
 */
START_TEST(test_manchester_gap_edge)
{
	struct manchester_timings t = { 0, 0, 888, 888, 888, 888, 14, 1088 };
	struct ir_signal s;
	uint64_t value;

	ir_signal_init(&s);
	for (value = 0x2000; value <= 0x2001; value++) {
		t.gap = 1088;
		ck_assert_int_eq(encode_manchester(&s, &t, value), 0);
		ck_assert_uint_eq(events_on("manchester", &s), 1);
		t.gap = 1087;
		ck_assert_int_eq(encode_manchester(&s, &t, value), 0);
		ck_assert_uint_eq(events_on("manchester", &s), 0);
	}
	t.bits = 15;
	t.gap = 90000;
	ck_assert_int_eq(encode_manchester(&s, &t, 0x7fff), 0);
	ck_assert_uint_eq(events_on("manchester", &s), 0);
}
END_TEST

static Suite *decoders_suite(void)
{
	Suite *s = suite_create("decoders");
	TCase *tc;

	tc = tcase_create("table");
	tcase_add_test(tc, test_table_lookup);
	tcase_add_test(tc, test_table_every_kernel_protocol);
	tcase_add_loop_test(tc, test_table_documented_params, 0, COUNT(documented));
	tcase_add_loop_test(tc, test_table_objects, 0, (int)decoder_count());
	tcase_add_test(tc, test_article_example);
	tcase_add_test(tc, test_article_keymap);
	suite_add_tcase(s, tc);

	tc = tcase_create("generic");
	tcase_add_loop_test(tc, test_generic_roundtrip, 0, GENERIC_COUNT);
	tcase_add_loop_test(tc, test_generic_back_to_back, 0, GENERIC_COUNT);
	tcase_add_loop_test(tc, test_generic_noise_and_timeout, 0, GENERIC_COUNT);
	tcase_add_loop_test(tc, test_generic_truncated, 0, GENERIC_COUNT);
	tcase_add_test(tc, test_generic_repeats);
	tcase_add_test(tc, test_xbox_dvd_check);
	tcase_add_test(tc, test_imon_rsc_directions);
	tcase_add_test(tc, test_rc_mm_gap_edge);
	tcase_add_test(tc, test_manchester_gap_edge);
	suite_add_tcase(s, tc);

	tc = tcase_create("tolerance");
	tcase_add_loop_test(tc, test_generic_tolerance_edges, 0, COUNT(generic_edges));
	suite_add_tcase(s, tc);

	tc = tcase_create("raw");
	tcase_add_test(tc, test_raw_patterns);
	suite_add_tcase(s, tc);

	tc = tcase_create("cost");
	tcase_add_loop_test(tc, test_generic_cost, 0, GENERIC_COUNT);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = decoders_suite);
