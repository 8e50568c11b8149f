// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * decoder-cost: what each of our BPF decoders costs per IR edge, counted by the
 * userspace VM, next to the decoder of Debian's ir-keytable package (the peer) on the
 * same signal.
 *
 *	decoder-cost [-p PEER_PROTOCOLS_DIR] [-O OUR_DIR] [-P] [-f FRAMES] [-o TABLE.md]
 *	             [-k KERNEL_DIR] [-l LONG_CAPTURE -e EDGES]
 *
 * Every case is one of our decoders with its parameters, the peer's object of the same
 * name (or, for our ports of kernel decoders, the peer's generic decoder configured for
 * that protocol, where one can be) with the same parameters, and a signal of FRAMES
 * frames of random values made by the test encoders (tests/encoders: written from the
 * protocols' descriptions, not from any decoder). Both decoders see every sample of that
 * signal; for each, the table gives the instructions of the relocated program, the
 * instructions executed per sample (median, 99th percentile, maximum, mean) and the
 * events it reported (a check that both decoded the signal: a decoder that reports
 * nothing is cheap for the wrong reason).
 *
 * -O takes our decoders from DIR/NAME.o instead of the embedded objects: to try a
 * change to a decoder, or to the header they share, on the same signals.
 * -k writes, for the kernel benchmark in the VM, one signal per case that rc-loopback
 * can send in one write (CASE.ir: whole frames, at most 500 samples and 480 ms), the raw
 * decoder's patterns (raw.patterns) and the list of cases (cases.list).
 * -P fills our decoders' pointer maps (bpf_protocols/pointer_table.h) as a keymap of
 * POINTER_KEYS_MAX pointer buttons would, none of them a scancode the signal sends: the
 * cost of a pad's other buttons once pointer entries are loaded (without -P the maps
 * stay empty, as for a keymap of none).
 * -l writes a long NEC capture of about EDGES samples (presses and repeats) for the
 * throughput figures.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/lirc.h>

#include "bench-stats.h"
#include "bpf_object.h"
#include "bpf_vm.h"
#include "decoders.h"
#include "encoders.h"
#include "pointer_table.h"
#include "raw_pattern.h"

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))
#define PARAMS(...) ((const struct bpf_param_value[]){ __VA_ARGS__ })
#define NPARAMS(...) COUNT(PARAMS(__VA_ARGS__))
#define SEED 0x5eed1234u
/*
 * One lirc write to rc-loopback: it stores every sample, and a timeout space, in
 * rc-core's queue of 512 events before rc-core's thread takes any (MAX_IR_EVENT_SIZE);
 * the rest is dropped ("IR event FIFO is full!"), as RC-MM-32's 612 samples were.
 */
#define KERNEL_SAMPLES_MAX 500
#define KERNEL_DURATION_MAX 480000	/* µs; the kernel refuses 500 ms (IR_MAX_DURATION) */
#define RAW_PATTERN_COUNT 12
#define RAW_MARGIN 150
#define RAW_TRAIL 20000
#define RAW_LONGEST 69			/* durations of the longest pattern (the first) */
#define LONG_TIMEOUT 125000		/* rc-loopback's timeout with no kernel decoder */

struct params {
	const struct bpf_param_value *list;
	size_t count;
};

#define P(...) { PARAMS(__VA_ARGS__), NPARAMS(__VA_ARGS__) }
#define NO_PARAMS { NULL, 0 }

struct bench_case {
	const char *label;
	const char *ours;
	struct params ours_params;
	const char *peer;		/* object file name in the peer's protocols dir */
	struct params peer_params;
	/* Appends one frame (and its repeats) of a random value. */
	int (*frame)(struct ir_signal *s, uint32_t *state);
	const char *note;
};

/* One decoder's figures on one signal. */
struct cost {
	bool loaded;
	struct bench_cost figures;
	char error[sizeof(((struct ir_error *)0)->message)];
};

static uint32_t next_random(uint32_t *state)
{
	uint32_t x = *state;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*state = x;
	return x;
}

/* Frame makers: the timings are the protocols' (see tests/encoders/encoders.h). */

static int nec_frame(struct ir_signal *s, uint32_t *state)
{
	uint32_t address = next_random(state) & 0xff, command = next_random(state) & 0xff;
	int ret;

	/* A press: the frame and two repeats, as a remote sends for a short press. */
	ret = encode_nec(s, RC_PROTO_NEC, address << 8 | command);
	if (ret == 0)
		ret = encode_nec_repeat(s);
	if (ret == 0)
		ret = encode_nec_repeat(s);
	return ret;
}

static const struct pulse_distance_timings pd_nec = {
	9000, 4500, 563, 563, 1688, 563, 32, true, 40000,
};

/* NEC through the generic decoder: the same frame and repeats, all 32 bits random. */
static int pd_nec_frame(struct ir_signal *s, uint32_t *state)
{
	int ret = encode_pulse_distance(s, &pd_nec, next_random(state));

	if (ret == 0)
		ret = encode_repeat_frame(s, 9000, 2250, 563, 96000);
	if (ret == 0)
		ret = encode_repeat_frame(s, 9000, 2250, 563, 96000);
	return ret;
}

#define PD_NEC { "header_pulse", 9000 }, { "header_space", 4500 }, { "bit_pulse", 563 },	\
	{ "bit_0_space", 563 }, { "bit_1_space", 1688 }, { "trailer_pulse", 563 },		\
	{ "bits", 32 }, { "reverse", 1 }, { "repeat_pulse", 9000 }, { "repeat_space", 2250 }

static const struct pulse_length_timings pl_sony = {
	2400, 600, 600, 600, 1200, 300, 20, true, 25000,
};

static int pl_sony_frame(struct ir_signal *s, uint32_t *state)
{
	return encode_pulse_length(s, &pl_sony, next_random(state) & 0xfffff);
}

#define PL_SONY { "header_pulse", 2400 }, { "header_space", 600 }, { "bit_space", 600 },	\
	{ "bit_0_pulse", 600 }, { "bit_1_pulse", 1200 }, { "trailer_pulse", 300 },		\
	{ "bits", 20 }, { "reverse", 1 }, { "repeat_pulse", 2400 }, { "repeat_space", 1800 }

static const struct manchester_timings man_rc5 = { 0, 0, 888, 888, 888, 888, 14, 90000 };

static int man_rc5_frame(struct ir_signal *s, uint32_t *state)
{
	return encode_manchester(s, &man_rc5, 0x2000 | (next_random(state) & 0x1fff));
}

static const struct rc_mm_timings rc_mm_24 = {
	417, 278, 167, { 278, 444, 611, 778 }, 167, 24, 20000,
};

static int rc_mm_24_frame(struct ir_signal *s, uint32_t *state)
{
	return encode_rc_mm_generic(s, &rc_mm_24, next_random(state) & 0xffffff);
}

static int grundig_frame(struct ir_signal *s, uint32_t *state)
{
	return encode_grundig(s, next_random(state) & 0xffff);
}

static int imon_rsc_frame(struct ir_signal *s, uint32_t *state)
{
	uint32_t r = next_random(state);

	return encode_imon_rsc(s, r & 0xf, 4, r >> 4 & 1);
}

static int samsung36_frame(struct ir_signal *s, uint32_t *state)
{
	uint64_t v = (uint64_t)next_random(state) << 32 | next_random(state);

	return encode_samsung36(s, v & 0xfffffffffULL);
}

static int xbox_dvd_frame(struct ir_signal *s, uint32_t *state)
{
	return encode_xbox_dvd(s, next_random(state) & 0xfff);
}

static int rc5_frame(struct ir_signal *s, uint32_t *state)
{
	uint32_t r = next_random(state);

	return encode_rc5(s, RC_PROTO_RC5, r & 0x1f3f, r >> 16 & 1);
}

static int sony12_frame(struct ir_signal *s, uint32_t *state)
{
	return encode_sony(s, RC_PROTO_SONY12, next_random(state) & 0x1f007f);
}

static int jvc_frame(struct ir_signal *s, uint32_t *state)
{
	return encode_jvc(s, next_random(state) & 0xffff, true);
}

static int sanyo_frame(struct ir_signal *s, uint32_t *state)
{
	return encode_sanyo(s, next_random(state) & 0x1fffff);
}

static int rcmm32_frame(struct ir_signal *s, uint32_t *state)
{
	return encode_rcmm(s, RC_PROTO_RCMM32, next_random(state) & 0xffff7fff, false);
}

static int rc6_frame(struct ir_signal *s, uint32_t *state)
{
	return encode_rc6(s, RC_PROTO_RC6_0, next_random(state) & 0xffff, false);
}

static int sharp_frame(struct ir_signal *s, uint32_t *state)
{
	return encode_sharp(s, next_random(state) & 0x1fff);
}

static int xmp_frame(struct ir_signal *s, uint32_t *state)
{
	return encode_xmp(s, next_random(state) & 0xffffff0f, 0);
}

static int imon_frame(struct ir_signal *s, uint32_t *state)
{
	/*
	 * Every iMON PAD message ends in 0xb7 (imon_bpf reports no other); bit 30 clear:
	 * no stick message (0x68xxxxb7), which moves the pointer too.
	 */
	return encode_imon(s, (next_random(state) & 0x3fff0000) | 0xb7);
}

static int mce_kbd_frame(struct ir_signal *s, uint32_t *state)
{
	return encode_mcir2(s, RC_PROTO_MCIR2_KBD, next_random(state) & 0xffff);
}

/*
 * The raw decoder: a signal is one of RAW_PATTERN_COUNT recorded patterns (random
 * durations, from 11 to 69 of them), sent as recorded; both decoders hold all patterns.
 */
struct raw_set {
	struct raw_pattern patterns[RAW_PATTERN_COUNT];
	size_t longest;		/* durations of the longest pattern */
};

static void raw_set_make(struct raw_set *set)
{
	uint32_t state = SEED;
	size_t i, k, length;

	memset(set, 0, sizeof(*set));
	for (i = 0; i < RAW_PATTERN_COUNT; i++) {
		length = i ? 2 * (5 + next_random(&state) % 30) + 1 : RAW_LONGEST;
		set->patterns[i].scancode = 0x100 + (unsigned int)i;
		for (k = 0; k < length; k++)
			set->patterns[i].durations[k] =
				(unsigned short)(300 + next_random(&state) % 4000);
		if (length > set->longest)
			set->longest = length;
	}
}

/* The set is made again where it is needed: the same seed, the same patterns. */
static int raw_frame(struct ir_signal *s, uint32_t *state)
{
	struct raw_set set;
	const struct raw_pattern *p;
	size_t k;
	int ret = 0;

	raw_set_make(&set);
	p = &set.patterns[next_random(state) % RAW_PATTERN_COUNT];

	for (k = 0; ret == 0 && p->durations[k]; k++)
		ret = k % 2 ? ir_signal_space(s, p->durations[k]) :
			ir_signal_pulse(s, p->durations[k]);
	return ret ? ret : ir_signal_space(s, RAW_TRAIL + 5000);
}

static const struct bench_case cases[] = {
	/* The nine decoders both packages have, same parameters on both sides. */
	{ "pulse_distance (NEC timings)", "pulse_distance", P(PD_NEC), "pulse_distance.o",
	  P(PD_NEC), pd_nec_frame, NULL },
	{ "pulse_length (SIRC-20 timings)", "pulse_length", P(PL_SONY), "pulse_length.o",
	  P(PL_SONY), pl_sony_frame, NULL },
	{ "manchester (RC-5 timings)", "manchester", NO_PARAMS, "manchester.o", NO_PARAMS,
	  man_rc5_frame, NULL },
	{ "rc_mm (24 bits)", "rc_mm", P({ "bits", 24 }), "rc_mm.o", P({ "bits", 24 }),
	  rc_mm_24_frame, NULL },
	{ "raw (12 patterns)", "raw", P({ "margin", RAW_MARGIN }, { "trail_space", RAW_TRAIL },
					{ "patterns", RAW_PATTERN_COUNT }),
	  "raw.o", P({ "margin", RAW_MARGIN }, { "trail_space", RAW_TRAIL },
		     { "max_length", RAW_LONGEST + 1 }), raw_frame,
	  "ours: patterns = their number, peer: max_length and its map sized from them, as each loader does" },
	{ "grundig", "grundig", NO_PARAMS, "grundig.o", NO_PARAMS, grundig_frame, NULL },
	{ "imon_rsc", "imon_rsc", NO_PARAMS, "imon_rsc.o", NO_PARAMS, imon_rsc_frame,
	  "defaults differ: margin 200 ours, 325 peer" },
	{ "samsung36", "samsung36", NO_PARAMS, "samsung36.o", NO_PARAMS, samsung36_frame, NULL },
	{ "xbox_dvd", "xbox_dvd", NO_PARAMS, "xbox-dvd.o", NO_PARAMS, xbox_dvd_frame, NULL },
	/* Our ports of kernel decoders against the peer's generic decoder set up for them. */
	{ "NEC: nec_bpf vs pulse_distance", "nec_bpf", NO_PARAMS, "pulse_distance.o", P(PD_NEC),
	  nec_frame, "peer: generic decoder with NEC timings, 32 raw bits" },
	{ "RC-5: rc5_bpf vs manchester", "rc5_bpf", NO_PARAMS, "manchester.o", NO_PARAMS,
	  rc5_frame, "peer: generic decoder with its RC-5 defaults, 14 raw bits" },
	{ "SIRC-12: sony_bpf vs pulse_length", "sony_bpf", NO_PARAMS, "pulse_length.o",
	  P({ "header_pulse", 2400 }, { "header_space", 600 }, { "bit_space", 600 },
	    { "bit_0_pulse", 600 }, { "bit_1_pulse", 1200 }, { "trailer_pulse", 0 },
	    { "bits", 12 }, { "reverse", 1 }), sony12_frame,
	  "peer: generic decoder with SIRC timings, 12 raw bits" },
	{ "JVC: jvc_bpf vs pulse_distance", "jvc_bpf", NO_PARAMS, "pulse_distance.o",
	  P({ "header_pulse", 8400 }, { "header_space", 4200 }, { "bit_pulse", 525 },
	    { "bit_0_space", 525 }, { "bit_1_space", 1575 }, { "trailer_pulse", 525 },
	    { "bits", 16 }, { "reverse", 1 }), jvc_frame,
	  "peer: generic decoder with JVC timings" },
	{ "Sanyo: sanyo_bpf vs pulse_distance", "sanyo_bpf", NO_PARAMS, "pulse_distance.o",
	  P({ "header_pulse", 9000 }, { "header_space", 4500 }, { "bit_pulse", 563 },
	    { "bit_0_space", 563 }, { "bit_1_space", 1688 }, { "trailer_pulse", 563 },
	    { "bits", 42 }, { "reverse", 1 }), sanyo_frame,
	  "peer: generic decoder with Sanyo timings, 42 raw bits" },
	{ "RC-MM-32: rcmm_bpf vs rc_mm", "rcmm_bpf", NO_PARAMS, "rc_mm.o", P({ "bits", 32 }),
	  rcmm32_frame, "peer: generic decoder, 32 bits" },
	/* Ports no generic decoder of the peer can stand in for. */
	{ "RC-6-0: rc6_bpf", "rc6_bpf", NO_PARAMS, NULL, NO_PARAMS, rc6_frame,
	  "no peer: RC-6's double-length trailer bit is beyond its manchester" },
	{ "Sharp: sharp_bpf", "sharp_bpf", NO_PARAMS, NULL, NO_PARAMS, sharp_frame,
	  "no peer: no header, message then inverted echo" },
	{ "XMP: xmp_bpf", "xmp_bpf", NO_PARAMS, NULL, NO_PARAMS, xmp_frame,
	  "no peer: nibbles in pulse distances, checksum" },
	{ "iMON: imon_bpf", "imon_bpf", NO_PARAMS, NULL, NO_PARAMS, imon_frame,
	  "no peer: bi-phase with parity and pointer messages" },
	{ "MCIR-2 kbd: mce_kbd_bpf", "mce_kbd_bpf", NO_PARAMS, NULL, NO_PARAMS, mce_kbd_frame,
	  "no peer: RC-6-like header, variable length" },
};

/* The case's signal: frames of random values, the last space a timeout. */
static int make_signal(const struct bench_case *c, size_t frames, struct ir_signal *s)
{
	uint32_t state = SEED;
	size_t i;
	int ret = 0;

	for (i = 0; ret == 0 && i < frames; i++)
		ret = c->frame(s, &state);
	if (ret == 0 && s->count && !LIRC_IS_PULSE(s->samples[s->count - 1]))
		s->samples[s->count - 1] = LIRC_TIMEOUT(LIRC_VALUE(s->samples[s->count - 1]));
	return ret;
}

/* The raw patterns into the decoder's map: ours "raw_patterns", the peer's "raw_map". */
static int raw_fill(struct bpf_vm *vm, const struct raw_set *set, bool peer,
		    struct ir_error *err)
{
	unsigned char value[sizeof(struct raw_pattern)];
	size_t size = peer ? 4 + 2 * (set->longest + 1) : sizeof(struct raw_pattern);
	int map = bpf_vm_map_find(vm, peer ? "raw_map" : RAW_MAP_NAME);
	unsigned int key;
	int ret;

	if (map < 0) {
		ir_error_set(err, "no raw pattern map");
		return -ENOENT;
	}
	for (key = 0; key < RAW_PATTERN_COUNT; key++) {
		/* Both layouts: the scancode, then durations ending with a 0. */
		memset(value, 0, sizeof(value));
		memcpy(value, &set->patterns[key], size);
		ret = bpf_vm_map_update(vm, (size_t)map, &key, value, err);
		if (ret < 0)
			return ret;
	}
	return 0;
}

/*
 * The peer's raw decoder walks every entry of its map: its loader sizes the map to the
 * keymap's patterns (entries) and the longest pattern plus its end (value), as here.
 */
static void raw_size_peer_map(struct bpf_image *image, const struct raw_set *set)
{
	size_t m;

	for (m = 0; m < image->map_count; m++) {
		if (strcmp(image->maps[m].name, "raw_map") == 0) {
			image->maps[m].value_size = (uint32_t)(4 + 2 * (set->longest + 1));
			image->maps[m].max_entries = RAW_PATTERN_COUNT;
		}
	}
}

/*
 * The pointer maps as the planner fills them for a keymap of POINTER_KEYS_MAX buttons
 * with the default speed (utils/plan/plan_pointer.h); scancodes past 2^40, which none
 * of the cases sends. A decoder without the maps (the peer's) is left alone.
 */
static int pointer_fill(struct bpf_vm *vm, struct ir_error *err)
{
	struct pointer_state state = { .speed = 2, .accel = 2, .max = 30, .hold_ms = 250 };
	struct pointer_key direction = { .rel_x = 1, .rel_y = 0 };
	int keys = bpf_vm_map_find(vm, POINTER_KEYS_MAP);
	int states = bpf_vm_map_find(vm, POINTER_STATE_MAP);
	unsigned long long scancode;
	unsigned int zero = 0, i;
	int ret;

	if (keys < 0 || states < 0)
		return 0;
	for (i = 0; i < POINTER_KEYS_MAX; i++) {
		scancode = (1ULL << 40) + i;
		ret = bpf_vm_map_update(vm, (size_t)keys, &scancode, &direction, err);
		if (ret < 0)
			return ret;
	}
	return bpf_vm_map_update(vm, (size_t)states, &zero, &state, err);
}

/* Where a decoder comes from: a file (the peer's, or ours with -O), else embedded. */
struct source {
	const char *path;
	bool peer;
	bool pointer;			/* -P: the pointer maps filled */
};

static int open_object(const char *ours, const struct source *from, struct bpf_object **ret,
		       struct ir_error *err)
{
	const struct decoder *d;

	if (from->path)
		return bpf_object_open_file(from->path, ret, err);
	d = decoder_find(ours);
	if (!d) {
		ir_error_set(err, "no embedded decoder '%s'", ours);
		return -ENOENT;
	}
	return bpf_object_open_memory(d->elf, d->elf_size, d->name, ret, err);
}

static int load_vm(const char *ours, const struct source *from, const struct params *params,
		   struct bpf_vm **ret_vm, size_t *ret_insns, struct ir_error *err)
{
	bool raw = strcmp(ours, "raw") == 0;
	struct bpf_object *object = NULL;
	struct raw_set set;
	struct bpf_image *image = NULL;
	int ret;

	raw_set_make(&set);
	ret = open_object(ours, from, &object, err);
	if (ret == 0)
		ret = bpf_object_relocate(object, NULL, params->list, params->count, &image,
					  err);
	if (ret == 0 && raw && from->peer)
		raw_size_peer_map(image, &set);
	if (ret == 0)
		ret = bpf_vm_new(image, ret_vm, err);
	if (ret == 0)
		*ret_insns = image->insn_count;
	if (ret == 0 && raw)
		ret = raw_fill(*ret_vm, &set, from->peer, err);
	if (ret == 0 && from->pointer && !from->peer)
		ret = pointer_fill(*ret_vm, err);
	bpf_image_free(image);
	bpf_object_free(object);
	return ret;
}

/* Runs one decoder over the signal; fills cost (error set when it could not). */
static void measure(const char *ours, const struct source *from, const struct params *params,
		    const struct ir_signal *s, struct cost *cost)
{
	struct bpf_vm *vm = NULL;
	struct ir_error err = { 0 };
	size_t insn_count = 0;

	memset(cost, 0, sizeof(*cost));
	if (load_vm(ours, from, params, &vm, &insn_count, &err) == 0 &&
	    bench_cost_measure(&vm, 1, insn_count, s, &cost->figures, &err) == 0)
		cost->loaded = true;
	else
		snprintf(cost->error, sizeof(cost->error), "%s", err.message);
	bpf_vm_free(vm);
}

static void print_params(FILE *out, const struct params *p)
{
	size_t i;

	for (i = 0; i < p->count; i++)
		fprintf(out, "%s%s=%" PRId64, i ? "," : "", p->list[i].name, p->list[i].value);
	if (!p->count)
		fputc('-', out);
}

static void print_cost_cells(FILE *out, const struct cost *c)
{
	if (!c->loaded) {
		fprintf(out, " — | — | — |");
		return;
	}
	bench_cost_print_cells(out, &c->figures);
}

static void print_row(FILE *out, const struct bench_case *c, const struct ir_signal *s,
		      const struct cost *ours, const struct cost *peer)
{
	fprintf(out, "| %s | %zu |", c->label, s->count);
	print_cost_cells(out, ours);
	print_cost_cells(out, peer);
	if (ours->loaded && peer->loaded && peer->figures.mean > 0 && peer->figures.median > 0)
		fprintf(out, " %.2f | %.2f |", ours->figures.mean / peer->figures.mean,
			(double)ours->figures.median / (double)peer->figures.median);
	else
		fprintf(out, " — | — |");
	if (!ours->loaded)
		fprintf(out, " ours failed: %s", ours->error);
	if (c->peer && !peer->loaded)
		fprintf(out, " peer failed: %s", peer->error);
	fprintf(out, " %s |\n", c->note ? c->note : "");
}

static void print_header(FILE *out)
{
	fprintf(out, "| case | samples | ours: insns | ours: per sample median / p99 / max / "
		"mean | ours: events | peer: insns | peer: per sample median / p99 / max / mean "
		"| peer: events | ratio of means | ratio of medians | note |\n");
	fprintf(out, "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|\n");
}

/*
 * The first whole frames that fit in one lirc write (samples and total duration), as
 * "pulse N" lines; the space after the last one is dropped by the sender.
 */
static int write_kernel_signal(const char *path, const struct bench_case *c)
{
	struct ir_signal s, frame;
	uint32_t state = SEED;
	FILE *out;
	int ret = 0;

	ir_signal_init(&s);
	ir_signal_init(&frame);
	for (;;) {
		ir_signal_free(&frame);
		ret = c->frame(&frame, &state);
		if (ret < 0 || s.count + frame.count > KERNEL_SAMPLES_MAX ||
		    ir_signal_duration(&s) + ir_signal_duration(&frame) > KERNEL_DURATION_MAX)
			break;
		ret = ir_signal_append(&s, &frame);
		if (ret < 0)
			break;
	}
	out = fopen(path, "w");
	if (!out) {
		ret = -errno;
	} else {
		if (ret == 0)
			ret = ir_signal_write_text(out, &s);
		if (fclose(out) != 0 && ret == 0)
			ret = -errno;
	}
	ir_signal_free(&s);
	ir_signal_free(&frame);
	return ret;
}

/* "scancode d0 d1 ..." per raw pattern, for the kernel tool. */
static int write_raw_patterns(const char *path)
{
	struct raw_set patterns;
	const struct raw_set *set = &patterns;
	FILE *out = fopen(path, "w");
	size_t i, k;

	if (!out)
		return -errno;
	raw_set_make(&patterns);
	for (i = 0; i < RAW_PATTERN_COUNT; i++) {
		fprintf(out, "%u", set->patterns[i].scancode);
		for (k = 0; set->patterns[i].durations[k]; k++)
			fprintf(out, " %u", set->patterns[i].durations[k]);
		fputc('\n', out);
	}
	return fclose(out) == 0 ? 0 : -errno;
}

/*
 * cases.list: "ID OURS OURS_PARAMS PEER PEER_PARAMS" (parameters "a=1,b=2" or "-"),
 * for the cases with a peer.
 */
static int write_kernel_files(const char *dir)
{
	char path[4096];
	FILE *list;
	size_t i;
	int ret = 0;

	snprintf(path, sizeof(path), "%s/cases.list", dir);
	list = fopen(path, "w");
	if (!list)
		return -errno;
	for (i = 0; ret == 0 && i < COUNT(cases); i++) {
		const struct bench_case *c = &cases[i];

		if (!c->peer)
			continue;
		fprintf(list, "case%02zu %s ", i, c->ours);
		print_params(list, &c->ours_params);
		fprintf(list, " %s ", c->peer);
		print_params(list, &c->peer_params);
		fprintf(list, "\n");
		snprintf(path, sizeof(path), "%s/case%02zu.ir", dir, i);
		ret = write_kernel_signal(path, c);
	}
	if (fclose(list) != 0 && ret == 0)
		ret = -errno;
	if (ret == 0) {
		snprintf(path, sizeof(path), "%s/raw.patterns", dir);
		ret = write_raw_patterns(path);
	}
	return ret;
}

/* NEC presses (a frame, two repeats) until about edges samples. */
static int write_long_capture(const char *path, size_t edges)
{
	struct ir_signal s;
	uint32_t state = SEED;
	FILE *out;
	int ret = 0;

	ir_signal_init(&s);
	while (ret == 0 && s.count < edges)
		ret = nec_frame(&s, &state);
	if (ret == 0 && s.count)
		s.samples[s.count - 1] = LIRC_TIMEOUT(LIRC_VALUE(s.samples[s.count - 1]));
	out = ret == 0 ? fopen(path, "w") : NULL;
	if (ret == 0 && !out)
		ret = -errno;
	if (out) {
		ret = ir_signal_write_text(out, &s);
		if (fclose(out) != 0 && ret == 0)
			ret = -errno;
	}
	if (ret == 0)
		printf("long capture: %s, %zu samples\n", path, s.count);
	ir_signal_free(&s);
	return ret;
}

static int run_cases(FILE *out, const char *peer_dir, const char *ours_dir, bool pointer,
		     size_t frames)
{
	char path[4096], ours_path[4096];
	size_t i;

	print_header(out);
	for (i = 0; i < COUNT(cases); i++) {
		const struct bench_case *c = &cases[i];
		struct cost ours, peer = { 0 };
		struct ir_signal s;

		ir_signal_init(&s);
		if (make_signal(c, frames, &s) < 0) {
			fprintf(stderr, "decoder-cost: %s: cannot make the signal\n", c->label);
			return -ENOMEM;
		}
		snprintf(ours_path, sizeof(ours_path), "%s/%s.o", ours_dir ? ours_dir : "",
			 c->ours);
		measure(c->ours,
			&(struct source){ ours_dir ? ours_path : NULL, false, pointer },
			&c->ours_params, &s, &ours);
		if (c->peer && peer_dir) {
			snprintf(path, sizeof(path), "%s/%s", peer_dir, c->peer);
			measure(c->ours, &(struct source){ path, true, false }, &c->peer_params,
				&s, &peer);
		}
		print_row(out, c, &s, &ours, &peer);
		ir_signal_free(&s);
	}
	return 0;
}

int main(int argc, char **argv)
{
	const char *peer_dir = NULL, *ours_dir = NULL, *table = NULL, *kernel_dir = NULL;
	const char *long_path = NULL;
	size_t frames = 200, edges = 1000000;
	bool pointer = false;
	FILE *out = stdout;
	int opt, ret;

	while ((opt = getopt(argc, argv, "p:O:Pf:o:k:l:e:")) != -1) {
		switch (opt) {
		case 'p':
			peer_dir = optarg;
			break;
		case 'O':
			ours_dir = optarg;
			break;
		case 'P':
			pointer = true;
			break;
		case 'f':
			frames = strtoul(optarg, NULL, 10);
			break;
		case 'o':
			table = optarg;
			break;
		case 'k':
			kernel_dir = optarg;
			break;
		case 'l':
			long_path = optarg;
			break;
		case 'e':
			edges = strtoul(optarg, NULL, 10);
			break;
		default:
			fprintf(stderr, "usage: decoder-cost [-p PEER_DIR] [-O OUR_DIR] [-P] "
				"[-f FRAMES] "
				"[-o TABLE.md] "
				"[-k KERNEL_DIR] [-l LONG_CAPTURE [-e EDGES]]\n");
			return 2;
		}
	}
	if (frames == 0)
		frames = 1;
	if (kernel_dir) {
		ret = write_kernel_files(kernel_dir);
		if (ret < 0) {
			fprintf(stderr, "decoder-cost: %s: %s\n", kernel_dir, strerror(-ret));
			return 1;
		}
	}
	if (long_path) {
		ret = write_long_capture(long_path, edges);
		if (ret < 0) {
			fprintf(stderr, "decoder-cost: %s: %s\n", long_path, strerror(-ret));
			return 1;
		}
	}
	if (table) {
		out = fopen(table, "w");
		if (!out) {
			fprintf(stderr, "decoder-cost: %s: %s\n", table, strerror(errno));
			return 1;
		}
	}
	ret = run_cases(out, peer_dir, ours_dir, pointer, frames);
	if (out != stdout && fclose(out) != 0)
		ret = -errno;
	return ret < 0 ? 1 : 0;
}
