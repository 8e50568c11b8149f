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
#include "ir_pointer.h"

#define PD_MAX_BITS	64

/*
 * PD_STATE_SETUP is the state of a decoder just loaded: its first sample sets up the
 * windows (the parameters do not change once it is loaded), then it is PD_STATE_IDLE.
 * The two states of the bits come first: most samples are bits.
 */
enum pd_state {
	PD_STATE_SETUP,
	PD_STATE_BIT_PULSE,
	PD_STATE_BIT_SPACE,
	PD_STATE_IDLE,
	PD_STATE_HEADER_SPACE,
	PD_STATE_TRAILER,
	PD_STATE_MAX,
};

struct pd_decoder {
	unsigned long long bits;
	unsigned int state;
	unsigned int left;		/* bits still to come */
	unsigned int lead;		/* the pulse that started the frame */
	unsigned int repeat;		/* the frame is a repeat frame */
	/* Set up on the first sample, from the parameters. */
	unsigned int frame_bits;	/* bits of a frame; more than PD_MAX_BITS: none ends */
	unsigned int reverse;
	unsigned int trailer;		/* a trailer pulse ends the frame */
	struct ir_window bit_pulse;
	struct ir_window bit_0_space;
	struct ir_window bit_1_space;
	struct ir_window header_pulse;	/* none when header_pulse is 0 */
	struct ir_window header_space;
	struct ir_window repeat_pulse;	/* none when repeat_pulse is 0 */
	struct ir_window repeat_space;
	struct ir_window lead_bit_pulse; /* a bit pulse starting a frame: header_optional */
	struct ir_window trailer_pulse;
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

/* No branch in here: see ir_sign_mask(). */
static __always_inline void pd_setup(struct pd_decoder *d)
{
	long m = margin;

	/* A frame has at least one bit; one of more than PD_MAX_BITS is never reported. */
	d->frame_bits = ir_min(ir_max(bits, 1), PD_MAX_BITS + 1);
	d->reverse = reverse;
	d->trailer = ir_positive_mask(trailer_pulse);
	ir_window_set(&d->bit_pulse, LIRC_MODE2_PULSE, bit_pulse, m);
	ir_window_set(&d->bit_0_space, LIRC_MODE2_SPACE, bit_0_space, m);
	ir_window_set(&d->bit_1_space, LIRC_MODE2_SPACE, bit_1_space, m);
	ir_window_set_if(&d->header_pulse, LIRC_MODE2_PULSE, header_pulse, m,
			 ir_positive_mask(header_pulse));
	ir_window_set(&d->header_space, LIRC_MODE2_SPACE, header_space, m);
	ir_window_set_if(&d->repeat_pulse, LIRC_MODE2_PULSE, repeat_pulse, m,
			 ir_positive_mask(repeat_pulse));
	ir_window_set(&d->repeat_space, LIRC_MODE2_SPACE, repeat_space, m);
	ir_window_copy_if(&d->lead_bit_pulse, &d->bit_pulse, ir_nonzero_mask(header_optional));
	ir_window_set(&d->trailer_pulse, LIRC_MODE2_PULSE, trailer_pulse, m);
}

static __always_inline void pd_report(unsigned int *sample, const struct pd_decoder *d)
{
	if (d->repeat)
		ir_repeat(sample);
	else
		ir_keydown(sample, rc_protocol, d->bits, 0);
}

/* The last bit is in: the trailer comes, or the frame is reported. */
static __always_inline int pd_frame_end(unsigned int *sample, struct pd_decoder *d)
{
	unsigned int n = d->frame_bits;

	d->state = PD_STATE_IDLE;
	if (n > PD_MAX_BITS)
		return 0;
	/* The bits came in first highest: sent LSB first, they are the other way round. */
	if (d->reverse)
		d->bits = ir_bitrev64(d->bits) >> ((PD_MAX_BITS - n) & (PD_MAX_BITS - 1));
	if (d->trailer)
		d->state = PD_STATE_TRAILER;
	else
		pd_report(sample, d);
	return 0;
}

/* A pulse that may start a frame: a header, repeat or (header_optional) bit pulse. */
static __always_inline void pd_frame_start(struct pd_decoder *d, unsigned long s)
{
	d->lead = s;
	d->bits = 0;
	d->left = d->frame_bits;
	d->repeat = 0;
}

/* A bit space, or none (and the frame is lost). */
static __always_inline int pd_bit_space(unsigned int *sample, struct pd_decoder *d,
					unsigned long s)
{
	if (ir_take_bit(&d->bits, s, &d->bit_1_space, &d->bit_0_space))
		goto lost;
	if (--d->left == 0)
		return pd_frame_end(sample, d);
	d->state = PD_STATE_BIT_PULSE;
	return 0;
lost:
	d->state = PD_STATE_IDLE;
	return 0;
}

SEC("lirc_mode2/pulse_distance")
int pulse_distance(unsigned int *sample)
{
	struct pd_decoder *d = ir_opaque(&pd);
	unsigned long s = *sample;
	unsigned int state;

	state = d->state;
	if (ir_sample_is_rare(s) &&
	    ir_rare_sample_skip(&s, &d->state, state, PD_STATE_SETUP, PD_STATE_IDLE))
		return 0;

	if (state == PD_STATE_BIT_PULSE) {
		if (!ir_in_window(s, &d->bit_pulse))
			goto lost;
		d->state = PD_STATE_BIT_SPACE;
		return 0;
	}
	state = ir_opaque(state);
	if (state == PD_STATE_BIT_SPACE)
		return pd_bit_space(sample, d, s);

	if (ir_state_is_setup(state, PD_STATE_SETUP)) {
		pd_setup(d);
		state = PD_STATE_IDLE;
	}
	switch (ir_opaque(state)) {
	case PD_STATE_IDLE:
		/*
		 * Windows, not flags: three flags set here would be eight paths for the
		 * verifier to follow. The header space looks at the leading pulse again.
		 * Only pulses match these windows.
		 */
		if (ir_in_window(s, &d->header_pulse) || ir_in_window(s, &d->repeat_pulse)) {
			pd_frame_start(d, s);
			d->state = PD_STATE_HEADER_SPACE;
			return 0;
		}
		if (!ir_in_window(s, &d->lead_bit_pulse))
			break;
		pd_frame_start(d, s);
		d->state = PD_STATE_BIT_SPACE;
		return 0;

	case PD_STATE_HEADER_SPACE: {
		unsigned int lead = d->lead;

		if (ir_in_window(lead, &d->header_pulse) && ir_in_window(s, &d->header_space)) {
			d->state = PD_STATE_BIT_PULSE;
			return 0;
		}
		if (ir_in_window(lead, &d->repeat_pulse) && ir_in_window(s, &d->repeat_space)) {
			d->repeat = 1;
			if (d->trailer) {
				d->state = PD_STATE_TRAILER;
			} else {
				pd_report(sample, d);
				d->state = PD_STATE_IDLE;
			}
			return 0;
		}
		/* A header pulse can be as long as a bit pulse: then it was the first bit. */
		if (!ir_in_window(lead, &d->lead_bit_pulse))
			break;
		return pd_bit_space(sample, d, s);
	}

	case PD_STATE_TRAILER:
		if (!ir_in_window(s, &d->trailer_pulse))
			break;
		pd_report(sample, d);
		d->state = PD_STATE_IDLE;
		return 0;
	}

lost:
	d->state = PD_STATE_IDLE;
	return 0;
}

char _license[] SEC("license") = "GPL";
