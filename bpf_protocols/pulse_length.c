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
#include "ir_pointer.h"

#define PL_MAX_BITS	64

/*
 * PL_STATE_SETUP is the state of a decoder just loaded: its first sample sets up the
 * windows (the parameters do not change once it is loaded), then it is PL_STATE_IDLE.
 * The two states of the bits come first: most samples are bits.
 */
enum pl_state {
	PL_STATE_SETUP,
	PL_STATE_BIT_PULSE,
	PL_STATE_BIT_SPACE,
	PL_STATE_IDLE,
	PL_STATE_HEADER_SPACE,
	PL_STATE_TRAILER_SPACE,
	PL_STATE_TRAILER_PULSE,
	PL_STATE_MAX,
};

struct pl_decoder {
	unsigned long long bits;
	unsigned int state;
	unsigned int left;		/* bits still to come */
	unsigned int repeat;		/* the frame is a repeat frame */
	unsigned int lead;		/* the leading pulse, as sampled */
	/* Set up on the first sample, from the parameters. */
	unsigned int frame_bits;	/* bits of a frame; more than PL_MAX_BITS: none ends */
	unsigned int reverse;
	unsigned int trailer;		/* a trailer pulse ends the frame */
	unsigned int header_optional;
	struct ir_window bit_0_pulse;
	struct ir_window bit_1_pulse;
	struct ir_window bit_space;
	struct ir_window header_pulse;	/* none when header_pulse is 0 */
	struct ir_window header_space;
	struct ir_window repeat_pulse;	/* none when repeat_pulse is 0 */
	struct ir_window repeat_space;
	struct ir_window trailer_pulse;
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

/* No branch in here: see ir_sign_mask(). */
static __always_inline void pl_setup(struct pl_decoder *d)
{
	long m = margin;

	/* A frame has at least one bit; one of more than PL_MAX_BITS is never reported. */
	d->frame_bits = ir_min(ir_max(bits, 1), PL_MAX_BITS + 1);
	d->reverse = reverse;
	d->trailer = ir_positive_mask(trailer_pulse);
	d->header_optional = header_optional;
	ir_window_set(&d->bit_0_pulse, LIRC_MODE2_PULSE, bit_0_pulse, m);
	ir_window_set(&d->bit_1_pulse, LIRC_MODE2_PULSE, bit_1_pulse, m);
	ir_window_set(&d->bit_space, LIRC_MODE2_SPACE, bit_space, m);
	ir_window_set_if(&d->header_pulse, LIRC_MODE2_PULSE, header_pulse, m,
			 ir_positive_mask(header_pulse));
	ir_window_set(&d->header_space, LIRC_MODE2_SPACE, header_space, m);
	ir_window_set_if(&d->repeat_pulse, LIRC_MODE2_PULSE, repeat_pulse, m,
			 ir_positive_mask(repeat_pulse));
	ir_window_set(&d->repeat_space, LIRC_MODE2_SPACE, repeat_space, m);
	ir_window_set(&d->trailer_pulse, LIRC_MODE2_PULSE, trailer_pulse, m);
}

static __always_inline void pl_report(unsigned int *sample, const struct pl_decoder *d)
{
	if (d->repeat)
		ir_repeat(sample);
	else
		ir_keydown(sample, rc_protocol, d->bits, 0);
}

/* The last bit is in: returns the next state, or -1 if the frame is too long. */
static __always_inline int pl_frame_end(unsigned int *sample, struct pl_decoder *d)
{
	unsigned int n = d->frame_bits;

	if (n > PL_MAX_BITS)
		return -1;
	/* The bits came in first highest: sent LSB first, they are the other way round. */
	if (d->reverse)
		d->bits = ir_bitrev64(d->bits) >> ((PL_MAX_BITS - n) & (PL_MAX_BITS - 1));
	if (d->trailer)
		return PL_STATE_TRAILER_SPACE;
	pl_report(sample, d);
	return PL_STATE_IDLE;
}

/* A bit pulse: one more bit, or -1 if the pulse is no bit. Returns the next state. */
static __always_inline int pl_bit(unsigned int *sample, struct pl_decoder *d, unsigned long s)
{
	if (ir_take_bit(&d->bits, s, &d->bit_1_pulse, &d->bit_0_pulse))
		return -1;
	if (--d->left)
		return PL_STATE_BIT_SPACE;
	return pl_frame_end(sample, d);
}

SEC("lirc_mode2/pulse_length")
int pulse_length(unsigned int *sample)
{
	struct pl_decoder *d = ir_opaque(&pl);
	unsigned long s = *sample;
	unsigned int state;
	int next;

	state = d->state;
	if (ir_sample_is_rare(s) &&
	    ir_rare_sample_skip(&s, &d->state, state, PL_STATE_SETUP, PL_STATE_IDLE))
		return 0;

	if (state == PL_STATE_BIT_PULSE) {
		next = pl_bit(sample, d, s);
		if (next < 0)
			goto lost;
		d->state = next;
		return 0;
	}
	state = ir_opaque(state);
	if (state == PL_STATE_BIT_SPACE) {
		if (!ir_in_window(s, &d->bit_space))
			goto lost;
		d->state = PL_STATE_BIT_PULSE;
		return 0;
	}

	if (ir_state_is_setup(state, PL_STATE_SETUP)) {
		pl_setup(d);
		state = PL_STATE_IDLE;
	}
	switch (ir_opaque(state)) {
	case PL_STATE_IDLE:
		if (!LIRC_IS_PULSE((unsigned int)s))
			break;
		/*
		 * Windows, not flags: two flags set here would be four paths for the
		 * verifier to follow. The header space looks at the leading pulse again.
		 */
		d->bits = 0;
		d->left = d->frame_bits;
		d->repeat = 0;
		d->lead = s;
		if (ir_in_window(s, &d->header_pulse) || ir_in_window(s, &d->repeat_pulse)) {
			d->state = PL_STATE_HEADER_SPACE;
			return 0;
		}
		if (!d->header_optional)
			break;
		next = pl_bit(sample, d, s);
		if (next < 0)
			break;
		d->state = next;
		return 0;

	case PL_STATE_HEADER_SPACE:
		if (ir_in_window(d->lead, &d->header_pulse) && ir_in_window(s, &d->header_space)) {
			d->state = PL_STATE_BIT_PULSE;
			return 0;
		}
		if (ir_in_window(d->lead, &d->repeat_pulse) && ir_in_window(s, &d->repeat_space)) {
			d->repeat = 1;
			if (d->trailer) {
				d->state = PL_STATE_TRAILER_PULSE;
			} else {
				pl_report(sample, d);
				d->state = PL_STATE_IDLE;
			}
			return 0;
		}
		/* A header pulse can be as long as a bit pulse: then it was the first bit. */
		if (!d->header_optional)
			break;
		next = pl_bit(sample, d, d->lead);
		if (next != PL_STATE_BIT_SPACE && next != PL_STATE_TRAILER_SPACE)
			break;
		if (!ir_in_window(s, &d->bit_space))
			break;
		d->state = next == PL_STATE_BIT_SPACE ? PL_STATE_BIT_PULSE : PL_STATE_TRAILER_PULSE;
		return 0;

	case PL_STATE_TRAILER_SPACE:
		if (!ir_in_window(s, &d->bit_space))
			break;
		d->state = PL_STATE_TRAILER_PULSE;
		return 0;

	case PL_STATE_TRAILER_PULSE:
		if (!ir_in_window(s, &d->trailer_pulse))
			break;
		pl_report(sample, d);
		d->state = PL_STATE_IDLE;
		return 0;
	}

lost:
	d->state = PL_STATE_IDLE;
	return 0;
}

char _license[] SEC("license") = "GPL";
