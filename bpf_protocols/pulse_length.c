// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pulse_length: a generic decoder for protocols whose bits are told by the length of
 * their pulse, the spaces being all alike (Sony SIRC is the best known; this is for the
 * others).
 *
 * A frame is a header pulse and space, then `bits` bits, each a bit_0_pulse or
 * bit_1_pulse, separated by bit_space, MSB first unless `reverse`. Without a trailer
 * the frame is reported at its last bit pulse; with a trailer_pulse, after a bit space
 * and that pulse. With `header_optional`, a frame may start straight with its first
 * bit. A repeat frame, when the remote has one, is a repeat_pulse and a repeat_space
 * (and the trailer pulse, if there is one); the repeat pulse may equal the header
 * pulse, the space tells them apart.
 *
 * Parameters, names and defaults as rc_keymap(5) documents them; protocol 67.
 */
#include "ir_decoder.h"

#define PL_MAX_BITS	64

enum pl_state {
	PL_STATE_INACTIVE,
	PL_STATE_HEADER_SPACE,
	PL_STATE_BIT_PULSE,
	PL_STATE_BIT_SPACE,
	PL_STATE_TRAILER_SPACE,
	PL_STATE_TRAILER_PULSE,
	PL_STATE_MAX,
};

struct pl_decoder {
	unsigned long long bits;
	unsigned int state;
	unsigned int count;
	unsigned int header_seen;	/* the leading pulse matched the header pulse */
	unsigned int repeat_seen;	/* ... the repeat pulse */
	unsigned int repeat;		/* the frame is a repeat frame */
	unsigned int lead;		/* the leading pulse, µs */
};

IR_PARAM(int, margin) = 200;
IR_PARAM(int, header_pulse) = 2125;
IR_PARAM(int, header_space) = 1875;
IR_PARAM(int, repeat_pulse) = 0;
IR_PARAM(int, repeat_space) = 0;
IR_PARAM(int, bit_space) = 625;
IR_PARAM(int, bit_0_pulse) = 375;
IR_PARAM(int, bit_1_pulse) = 1625;
IR_PARAM(int, trailer_pulse) = 0;
IR_PARAM(int, bits) = 4;
IR_PARAM(int, reverse) = 0;
IR_PARAM(int, header_optional) = 0;
IR_PARAM(int, rc_protocol) = 67;

static struct pl_decoder pl;

static __always_inline void pl_report(unsigned int *sample, const struct pl_decoder *d)
{
	if (d->repeat)
		bpf_rc_repeat(sample);
	else
		bpf_rc_keydown(sample, rc_protocol, d->bits, 0);
}

/* A bit pulse: one more bit, or -1 if the pulse is no bit. Returns the next state. */
static __always_inline int pl_bit(unsigned int *sample, struct pl_decoder *d, long duration,
				  long m)
{
	unsigned int count = d->count;
	unsigned int bit;

	if (ir_eq_margin(duration, bit_1_pulse, m))
		bit = 1;
	else if (ir_eq_margin(duration, bit_0_pulse, m))
		bit = 0;
	else
		return -1;
	if (count >= PL_MAX_BITS)
		return -1;
	if (reverse)
		d->bits |= (unsigned long long)bit << count;
	else
		d->bits = d->bits << 1 | bit;
	d->count = ++count;
	if (count < bits)
		return PL_STATE_BIT_SPACE;
	if (trailer_pulse > 0)
		return PL_STATE_TRAILER_SPACE;
	pl_report(sample, d);
	return PL_STATE_INACTIVE;
}

SEC("lirc_mode2/pulse_length")
int pulse_length(unsigned int *sample)
{
	struct pl_decoder *d = &pl;
	unsigned int value = *sample;
	long duration = LIRC_VALUE(value);
	long m = margin;
	enum ir_sample_kind kind = ir_sample_kind(value);
	int pulse = kind == IR_SAMPLE_PULSE;
	int next;

	if (kind == IR_SAMPLE_IGNORE)
		return 0;
	if (kind == IR_SAMPLE_RESET)
		goto reset;

	switch (d->state) {
	case PL_STATE_INACTIVE:
		if (!pulse)
			break;
		d->header_seen = header_pulse > 0 && ir_eq_margin(duration, header_pulse, m);
		d->repeat_seen = repeat_pulse > 0 && ir_eq_margin(duration, repeat_pulse, m);
		d->bits = 0;
		d->count = 0;
		d->repeat = 0;
		d->lead = duration;
		if (d->header_seen || d->repeat_seen) {
			d->state = PL_STATE_HEADER_SPACE;
			return 0;
		}
		if (!header_optional)
			break;
		next = pl_bit(sample, d, duration, m);
		if (next < 0)
			break;
		d->state = next;
		return 0;

	case PL_STATE_HEADER_SPACE:
		if (pulse)
			break;
		if (d->header_seen && ir_eq_margin(duration, header_space, m)) {
			d->state = PL_STATE_BIT_PULSE;
			return 0;
		}
		if (d->repeat_seen && ir_eq_margin(duration, repeat_space, m)) {
			d->repeat = 1;
			if (trailer_pulse > 0) {
				d->state = PL_STATE_TRAILER_PULSE;
			} else {
				pl_report(sample, d);
				d->state = PL_STATE_INACTIVE;
			}
			return 0;
		}
		/* A header pulse can be as long as a bit pulse: then it was the first bit. */
		if (!header_optional)
			break;
		next = pl_bit(sample, d, d->lead, m);
		if (next != PL_STATE_BIT_SPACE && next != PL_STATE_TRAILER_SPACE)
			break;
		if (!ir_eq_margin(duration, bit_space, m))
			break;
		d->state = next == PL_STATE_BIT_SPACE ? PL_STATE_BIT_PULSE : PL_STATE_TRAILER_PULSE;
		return 0;

	case PL_STATE_BIT_PULSE:
		if (!pulse)
			break;
		next = pl_bit(sample, d, duration, m);
		if (next < 0)
			break;
		d->state = next;
		return 0;

	case PL_STATE_BIT_SPACE:
		if (pulse || !ir_eq_margin(duration, bit_space, m))
			break;
		d->state = PL_STATE_BIT_PULSE;
		return 0;

	case PL_STATE_TRAILER_SPACE:
		if (pulse || !ir_eq_margin(duration, bit_space, m))
			break;
		d->state = PL_STATE_TRAILER_PULSE;
		return 0;

	case PL_STATE_TRAILER_PULSE:
		if (!pulse || !ir_eq_margin(duration, trailer_pulse, m))
			break;
		pl_report(sample, d);
		d->state = PL_STATE_INACTIVE;
		return 0;
	}

reset:
	d->state = PL_STATE_INACTIVE;
	return 0;
}

char _license[] SEC("license") = "GPL";
