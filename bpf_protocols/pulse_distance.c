// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pulse_distance: a generic decoder for protocols whose bits are told by the space
 * after a pulse of fixed length (NEC is the best known; this is for the others).
 *
 * A frame is a header pulse and space, `bits` bits (a bit_pulse, then a bit_0_space
 * or bit_1_space), MSB first unless `reverse`, and a trailer pulse. With
 * `header_optional`, a frame may start straight with its first bit. A repeat frame,
 * when the remote has one, is a repeat_pulse, a repeat_space and a trailer pulse; the
 * repeat pulse may equal the header pulse (as in NEC), the space tells them apart. A
 * trailer_pulse of 0 means the frame ends with its last bit space.
 *
 * Parameters, names and defaults as rc_keymap(5) documents them; protocol 64.
 */
#include "ir_decoder.h"

#define PD_MAX_BITS	64

enum pd_state {
	PD_STATE_INACTIVE,
	PD_STATE_HEADER_SPACE,
	PD_STATE_BIT_PULSE,
	PD_STATE_BIT_SPACE,
	PD_STATE_TRAILER,
	PD_STATE_MAX,
};

struct pd_decoder {
	unsigned long long bits;
	unsigned int state;
	unsigned int count;
	unsigned int header_seen;	/* the leading pulse matched the header pulse */
	unsigned int repeat_seen;	/* ... the repeat pulse */
	unsigned int bit_seen;		/* ... a bit pulse, and the header is optional */
	unsigned int repeat;		/* the frame is a repeat frame */
};

IR_PARAM(int, margin) = 200;
IR_PARAM(int, header_pulse) = 2125;
IR_PARAM(int, header_space) = 1875;
IR_PARAM(int, repeat_pulse) = 0;
IR_PARAM(int, repeat_space) = 0;
IR_PARAM(int, bit_pulse) = 625;
IR_PARAM(int, bit_0_space) = 375;
IR_PARAM(int, bit_1_space) = 1625;
IR_PARAM(int, trailer_pulse) = 625;
IR_PARAM(int, bits) = 4;
IR_PARAM(int, reverse) = 0;
IR_PARAM(int, header_optional) = 0;
IR_PARAM(int, rc_protocol) = 64;

static struct pd_decoder pd;

static __always_inline void pd_report(unsigned int *sample, const struct pd_decoder *d)
{
	if (d->repeat)
		bpf_rc_repeat(sample);
	else
		bpf_rc_keydown(sample, rc_protocol, d->bits, 0);
}

/* One more bit; returns the state that follows it. */
static __always_inline unsigned int pd_bit(unsigned int *sample, struct pd_decoder *d,
					   unsigned int bit)
{
	unsigned int count = d->count;
	long nbits = bits;

	if (count >= PD_MAX_BITS)
		return PD_STATE_INACTIVE;
	if (reverse)
		d->bits |= (unsigned long long)bit << count;
	else
		d->bits = d->bits << 1 | bit;
	d->count = ++count;
	if (count < nbits)
		return PD_STATE_BIT_PULSE;
	if (trailer_pulse > 0)
		return PD_STATE_TRAILER;
	pd_report(sample, d);
	return PD_STATE_INACTIVE;
}

SEC("lirc_mode2/pulse_distance")
int pulse_distance(unsigned int *sample)
{
	struct pd_decoder *d = &pd;
	unsigned int value = *sample;
	long duration = LIRC_VALUE(value);
	long m = margin;
	enum ir_sample_kind kind = ir_sample_kind(value);
	int pulse = kind == IR_SAMPLE_PULSE;

	if (kind == IR_SAMPLE_IGNORE)
		return 0;
	if (kind == IR_SAMPLE_RESET)
		goto reset;

	switch (d->state) {
	case PD_STATE_INACTIVE:
		if (!pulse)
			break;
		d->header_seen = header_pulse > 0 && ir_eq_margin(duration, header_pulse, m);
		d->repeat_seen = repeat_pulse > 0 && ir_eq_margin(duration, repeat_pulse, m);
		d->bit_seen = header_optional && ir_eq_margin(duration, bit_pulse, m);
		d->bits = 0;
		d->count = 0;
		d->repeat = 0;
		if (d->header_seen || d->repeat_seen) {
			d->state = PD_STATE_HEADER_SPACE;
			return 0;
		}
		if (d->bit_seen) {
			d->state = PD_STATE_BIT_SPACE;
			return 0;
		}
		break;

	case PD_STATE_HEADER_SPACE:
		if (pulse)
			break;
		if (d->header_seen && ir_eq_margin(duration, header_space, m)) {
			d->state = PD_STATE_BIT_PULSE;
			return 0;
		}
		if (d->repeat_seen && ir_eq_margin(duration, repeat_space, m)) {
			d->repeat = 1;
			if (trailer_pulse > 0) {
				d->state = PD_STATE_TRAILER;
			} else {
				pd_report(sample, d);
				d->state = PD_STATE_INACTIVE;
			}
			return 0;
		}
		/* A header pulse can be as long as a bit pulse: then it was the first bit. */
		if (!d->bit_seen)
			break;
		/* fall through */
	case PD_STATE_BIT_SPACE:
		if (pulse)
			break;
		if (ir_eq_margin(duration, bit_1_space, m))
			d->state = pd_bit(sample, d, 1);
		else if (ir_eq_margin(duration, bit_0_space, m))
			d->state = pd_bit(sample, d, 0);
		else
			break;
		return 0;

	case PD_STATE_BIT_PULSE:
		if (!pulse || !ir_eq_margin(duration, bit_pulse, m))
			break;
		d->state = PD_STATE_BIT_SPACE;
		return 0;

	case PD_STATE_TRAILER:
		if (!pulse || !ir_eq_margin(duration, trailer_pulse, m))
			break;
		pd_report(sample, d);
		d->state = PD_STATE_INACTIVE;
		return 0;
	}

reset:
	d->state = PD_STATE_INACTIVE;
	return 0;
}

char _license[] SEC("license") = "GPL";
