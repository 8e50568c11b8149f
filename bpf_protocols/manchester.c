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
 *
 * Cost: a sample is one or two halves, decided in one pass with the state read once
 * (no loop over halves); the parameters are immediates (IR_IMM_PARAM); durations are
 * compared as d1 = d + margin - 1 against the halves' lengths (ir_geq_window()), so the
 * margin costs nothing per comparison; what depends on the margin alone is worked out
 * when a frame starts.
 */
#include "ir_decoder.h"
#include "ir_pointer.h"

#define MAN_MAX_BITS	64

/*
 * Where a frame is. In the middle of a bit, the phase says which level its second
 * half must have: a 1 (space first) ends with a pulse, a 0 with a space.
 */
enum man_phase {
	MAN_INACTIVE,
	MAN_HEADER_SPACE,
	MAN_BIT_START,		/* between bits: the next half starts a bit */
	MAN_MIDDLE_SPACE_DUE,	/* the first half of a 0 is done */
	MAN_MIDDLE_PULSE_DUE,	/* the first half of a 1 is done */
	MAN_TRAILER,		/* the last pulse is done: the gap is due */
	MAN_PHASE_MAX,
};

/*
 * to_d1[level] takes a sample's value (mode bits on) to d1 = duration + margin - 1;
 * width is ir_eq_window()'s; d1 < width means the duration is below the margin.
 */
struct man_decoder {
	unsigned long long bits;
	unsigned int phase;
	unsigned int left;		/* bits still to come */
	long width;
	long to_d1[2];			/* space, pulse */
};

IR_IMM_PARAM(margin) = 200;
IR_IMM_PARAM(header_pulse) = 0;
IR_IMM_PARAM(header_space) = 0;
IR_IMM_PARAM(zero_pulse) = 888;
IR_IMM_PARAM(zero_space) = 888;
IR_IMM_PARAM(one_pulse) = 888;
IR_IMM_PARAM(one_space) = 888;
IR_IMM_PARAM(toggle_bit) = 100;
IR_IMM_PARAM(bits) = 14;
IR_IMM_PARAM(scancode_mask) = 0;
IR_IMM_PARAM(rc_protocol) = 66;

static struct man_decoder man;

static __always_inline void man_report(unsigned int *sample, const struct man_decoder *d)
{
	unsigned long long scancode = d->bits;
	unsigned long long mask = (unsigned int)IR_IMM(scancode_mask);
	unsigned int toggle = 0;
	long tbit = (int)IR_IMM(toggle_bit);

	if (tbit >= 0 && tbit < (int)IR_IMM(bits) && tbit < MAN_MAX_BITS) {
		toggle = scancode >> tbit & 1;
		mask |= 1ULL << tbit;
	}
	ir_keydown(sample, IR_IMM(rc_protocol), scancode & ~mask, toggle);
}

static __always_inline void man_reset(struct man_decoder *d)
{
	d->phase = MAN_INACTIVE;
}

/*
 * The first half of a bit, of the sample's level (pulse: a 0, space: a 1), from d1;
 * what is left of the sample must be within the margin: the next half is of the
 * other level.
 */
static __always_inline void man_first_half(struct man_decoder *d, long d1, int pulse)
{
	long half = pulse ? IR_IMM(zero_pulse) : IR_IMM(one_space);
	unsigned int left = d->left;

	if (d1 < half || !left)
		goto reset;
	d1 -= half;
	if (d1 >= d->width)
		goto reset;
	d->bits = d->bits << 1 | !pulse;
	d->left = left - 1;
	d->phase = pulse ? MAN_MIDDLE_SPACE_DUE : MAN_MIDDLE_PULSE_DUE;
	return;
reset:
	man_reset(d);
}

/*
 * The second half of a bit, of the sample's level (pulse: a 1, space: a 0), then
 * maybe the first half of the next, of the same level. The last half of the frame is
 * reported: a pulse within the margin, a space at least as long (it runs into the gap
 * after the frame).
 */
static __always_inline void man_second_half(unsigned int *sample, struct man_decoder *d,
					    long d1, int pulse)
{
	long half = pulse ? IR_IMM(one_pulse) : IR_IMM(zero_space);

	if (!d->left) {
		/*
		 * Not in v4l-utils' decoder, which reports here: a frame ends in a space
		 * that no next bit could start with (one longer than a 0's space half and
		 * a 1's together, after a 0; longer than a 1's space half, after a 1).
		 * Without it, a longer frame reports its first `bits` bits: an RC-5-SZ
		 * frame (15 bits) read as RC-5 (14).
		 */
		if (pulse) {
			if (ir_eq_window(d1, half, d->width)) {
				d->phase = MAN_TRAILER;
				return;
			}
		} else if (ir_geq_window(d1, half + IR_IMM(one_space) + d->width)) {
			man_report(sample, d);
		}
		goto reset;
	}
	if (d1 < half)
		goto reset;
	d1 -= half;
	if (d1 < d->width) {
		d->phase = MAN_BIT_START;
		return;
	}
	man_first_half(d, d1, pulse);
	return;
reset:
	man_reset(d);
}

/*
 * A pulse while no frame is going on: the header, or with none the pulse half of the
 * leading 1 (its space half is the idle line). The margin's figures are worked out
 * here; a margin of 0 or less matches nothing (no frame ever starts), and a frame of
 * no bits or more than 64 never ends.
 */
static __always_inline void man_start(unsigned int *sample, struct man_decoder *d,
				      long value)
{
	/* Ints, as the loader takes them (it may write 2^31 and up as they are). */
	long m = (int)IR_IMM(margin);
	long n = (int)IR_IMM(bits);
	long d1;

	if (m <= 0 || n <= 0 || n > MAN_MAX_BITS)
		return;
	d->width = 2 * m - 1;
	d->to_d1[0] = m - 1 - LIRC_MODE2_SPACE;
	d->to_d1[1] = m - 1 - LIRC_MODE2_PULSE;
	d1 = value + d->to_d1[1];
	if (d1 < d->width)
		return;
	d->bits = 0;
	d->left = n;
	if ((int)IR_IMM(header_pulse) > 0) {
		if (ir_eq_window(d1, (int)IR_IMM(header_pulse), d->width))
			d->phase = MAN_HEADER_SPACE;
		return;
	}
	d->bits = 1;
	d->left = n - 1;
	man_second_half(sample, d, d1, 1);
}

/* The space after the header; what is left of it starts the first bit. */
static __always_inline void man_header_space(struct man_decoder *d, long d1)
{
	long space = (int)IR_IMM(header_space);

	if (space > 0) {
		if (d1 < space)
			goto reset;
		d1 -= space;
	}
	if (d1 < d->width) {
		d->phase = MAN_BIT_START;
		return;
	}
	man_first_half(d, d1, 0);
	return;
reset:
	man_reset(d);
}

static __always_inline void man_space(unsigned int *sample, struct man_decoder *d,
				      long value)
{
	unsigned int phase = d->phase;
	long d1 = value + d->to_d1[0];

	/*
	 * Nothing in a frame is shorter than the margin: noise. (With no frame going on,
	 * the figures may not be worked out yet, and resetting changes nothing.)
	 */
	if (d1 < d->width)
		goto reset;
	/* The phases in the order of their frequency: the compiler keeps it. */
	if (__builtin_expect(phase == MAN_MIDDLE_SPACE_DUE, 1))
		man_second_half(sample, d, d1, 0);
	else if (__builtin_expect(phase == MAN_BIT_START, 1))
		man_first_half(d, d1, 0);
	else if (phase == MAN_HEADER_SPACE)
		man_header_space(d, d1);
	else if (phase == MAN_TRAILER && ir_geq_window(d1, IR_IMM(one_space) + d->width))
		goto report;
	else
		goto reset;
	return;
report:
	man_report(sample, d);
reset:
	man_reset(d);
}

static __always_inline void man_pulse(unsigned int *sample, struct man_decoder *d,
				      long value)
{
	unsigned int phase = d->phase;
	long d1;

	if (phase == MAN_INACTIVE) {
		man_start(sample, d, value);
		return;
	}
	d1 = value + d->to_d1[1];
	if (d1 < d->width)
		goto reset;
	if (__builtin_expect(phase == MAN_MIDDLE_PULSE_DUE, 1))
		man_second_half(sample, d, d1, 1);
	else if (__builtin_expect(phase == MAN_BIT_START, 1))
		man_first_half(d, d1, 1);
	else
		goto reset;
	return;
reset:
	man_reset(d);
}

SEC("lirc_mode2/manchester")
int manchester(unsigned int *sample)
{
	struct man_decoder *d = ir_state_base(&man);
	long value = *sample;

	/* Spaces first (their mode bits are 0), then pulses, then the rest. */
	if (value < LIRC_MODE2_PULSE)
		man_space(sample, d, value);
	else if (value < LIRC_MODE2_FREQUENCY)
		man_pulse(sample, d, value);
	else if (LIRC_IS_TIMEOUT(value))
		man_space(sample, d, LIRC_VALUE(value));
	else if (LIRC_IS_OVERFLOW(value))
		man_reset(d);
	return 0;
}

char _license[] SEC("license") = "GPL";
