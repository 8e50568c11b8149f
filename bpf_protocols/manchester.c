// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * manchester: a generic decoder for Manchester (bi-phase) coded protocols, for remotes
 * that are RC-5-like without being RC-5 (a header pulse, other lengths or bit counts).
 *
 * Each bit has two halves of opposite level: a 1 is a space of one_space then a pulse
 * of one_pulse, a 0 a pulse of zero_pulse then a space of zero_space (RC-5's
 * convention; https://clearwater.com.au/code/rc5). Halves of the same level merge in
 * the samples, so a sample is taken half by half. Without a header, the first pulse is
 * the second half of a leading 1 (RC-5's start bit, whose space is the idle line) and
 * counts as a bit; with one, the bits start after header_pulse and header_space. A
 * frame of `bits` bits is reported when its last half has been seen. Bit toggle_bit
 * (counted from the last bit received, 0) is reported as the toggle and cleared from
 * the scancode, as are the bits of scancode_mask.
 *
 * Parameters, names and defaults as rc_keymap(5) documents them (set up for RC-5);
 * protocol 66. v4l-utils' object of the same name calls a function that is not
 * inlined, and its relocator cannot load that; everything here is inlined.
 */
#include "ir_decoder.h"

#define MAN_MAX_BITS	64
/* Halves one sample can hold, with the bookkeeping steps between them. */
#define MAN_MAX_STEPS	8

enum man_state {
	MAN_STATE_INACTIVE,
	MAN_STATE_HEADER_SPACE,
	MAN_STATE_BIT_START,	/* between bits: the next sample half starts a bit */
	MAN_STATE_BIT_MIDDLE,	/* the first half of bit `current` is done */
	MAN_STATE_MAX,
};

struct man_decoder {
	unsigned long long bits;
	unsigned int state;
	unsigned int count;
	unsigned int current;
};

IR_PARAM(int, margin) = 200;
IR_PARAM(int, header_pulse) = 0;
IR_PARAM(int, header_space) = 0;
IR_PARAM(int, zero_pulse) = 888;
IR_PARAM(int, zero_space) = 888;
IR_PARAM(int, one_pulse) = 888;
IR_PARAM(int, one_space) = 888;
IR_PARAM(int, toggle_bit) = 100;
IR_PARAM(int, bits) = 14;
IR_PARAM(int, scancode_mask) = 0;
IR_PARAM(int, rc_protocol) = 66;

static struct man_decoder man;

static __always_inline void man_report(unsigned int *sample, const struct man_decoder *d)
{
	unsigned long long scancode = d->bits;
	unsigned long long mask = (unsigned int)scancode_mask;
	unsigned int toggle = 0;
	long tbit = toggle_bit;

	if (tbit >= 0 && tbit < bits && tbit < MAN_MAX_BITS) {
		toggle = scancode >> tbit & 1;
		mask |= 1ULL << tbit;
	}
	bpf_rc_keydown(sample, rc_protocol, scancode & ~mask, toggle);
}

/* The first half of a bit: its level gives its value. */
static __always_inline int man_push(struct man_decoder *d, unsigned int bit)
{
	if (d->count >= MAN_MAX_BITS || d->count >= bits)
		return -1;
	d->bits = d->bits << 1 | bit;
	d->count++;
	d->current = bit;
	return 0;
}

SEC("lirc_mode2/manchester")
int manchester(unsigned int *sample)
{
	struct man_decoder *d = &man;
	unsigned int value = *sample;
	long duration = LIRC_VALUE(value);
	long m = margin;
	enum ir_sample_kind kind = ir_sample_kind(value);
	int pulse = kind == IR_SAMPLE_PULSE;
	long half;
	int step;

	if (kind == IR_SAMPLE_IGNORE)
		return 0;
	/* Nothing in a frame is shorter than the margin: noise. */
	if (kind == IR_SAMPLE_RESET || duration < m)
		goto reset;

	if (d->state == MAN_STATE_INACTIVE) {
		if (!pulse)
			return 0;
		d->bits = 0;
		d->count = 0;
		if (header_pulse > 0) {
			if (!ir_eq_margin(duration, header_pulse, m))
				return 0;
			d->state = MAN_STATE_HEADER_SPACE;
			return 0;
		}
		/* The space half of the leading 1 is the idle line. */
		if (man_push(d, 1))
			goto reset;
		d->state = MAN_STATE_BIT_MIDDLE;
	} else if (d->state == MAN_STATE_HEADER_SPACE) {
		if (pulse)
			goto reset;
		if (header_space > 0) {
			if (!ir_geq_margin(duration, header_space, m))
				goto reset;
			duration -= header_space;
		}
		d->state = MAN_STATE_BIT_START;
	}

	for (step = 0; step < MAN_MAX_STEPS; step++) {
		/* What is left of the sample is within the margin: used up. */
		if (duration < m)
			return 0;

		if (d->state == MAN_STATE_BIT_START) {
			/* A pulse starts a 0, a space a 1. */
			half = pulse ? zero_pulse : one_space;
			if (!ir_geq_margin(duration, half, m) || man_push(d, !pulse))
				goto reset;
			duration -= half;
			d->state = MAN_STATE_BIT_MIDDLE;
			continue;
		}
		if (d->state != MAN_STATE_BIT_MIDDLE)
			goto reset;

		/* The second half: a pulse ends a 1, a space a 0. */
		if (pulse != (int)d->current)
			goto reset;
		half = pulse ? one_pulse : zero_space;
		if (d->count >= bits) {
			/* The last half: a space may run into the gap after the frame. */
			if (pulse ? !ir_eq_margin(duration, half, m) :
				    !ir_geq_margin(duration, half, m))
				goto reset;
			man_report(sample, d);
			goto reset;
		}
		if (!ir_geq_margin(duration, half, m))
			goto reset;
		duration -= half;
		d->state = MAN_STATE_BIT_START;
	}

reset:
	d->state = MAN_STATE_INACTIVE;
	return 0;
}

char _license[] SEC("license") = "GPL";
