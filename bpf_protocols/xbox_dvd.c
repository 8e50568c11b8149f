// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * xbox_dvd: the remote of the first XBox's DVD playback kit, received by an ordinary IR
 * receiver (with the kit's own USB receiver the kernel's xbox_remote driver decodes
 * it). A pulse-distance protocol: a header pulse and space, 24 bits MSB first (each a
 * bit_pulse and a bit_0_space or bit_1_space), a trailer pulse. The first half of the
 * bits is the inverse of the second half, which is the scancode (12 bits for the
 * default 24); protocol 68, as v4l-utils numbers it.
 *
 * Parameters, names and defaults as v4l-utils' decoder of the same name has them.
 */
#include "ir_decoder.h"
#include "ir_pointer.h"

#define XBOX_MAX_BITS	64

/*
 * XBOX_STATE_SETUP is the state of a decoder just loaded: its first sample sets up the
 * windows (the parameters do not change once it is loaded), then it is
 * XBOX_STATE_IDLE. The two states of the bits come first: most samples are bits.
 */
enum xbox_state {
	XBOX_STATE_SETUP,
	XBOX_STATE_BIT_PULSE,
	XBOX_STATE_BIT_SPACE,
	XBOX_STATE_IDLE,
	XBOX_STATE_HEADER_SPACE,
	XBOX_STATE_TRAILER,
	XBOX_STATE_MAX,
};

struct xbox_decoder {
	unsigned long long bits;
	unsigned int state;
	unsigned int left;		/* bits still to come */
	/* Set up on the first sample, from the parameters. */
	unsigned int frame_bits;	/* more than XBOX_MAX_BITS: no frame ends */
	struct ir_window bit_pulse;
	struct ir_window bit_0_space;
	struct ir_window bit_1_space;
	struct ir_window header_pulse;
	struct ir_window header_space;
	struct ir_window trailer_pulse;
};

IR_PARAM(int, margin) = 200;
IR_PARAM(int, header_pulse) = 4000;
IR_PARAM(int, header_space) = 3900;
IR_PARAM(int, bit_pulse) = 550;
IR_PARAM(int, bit_0_space) = 900;
IR_PARAM(int, bit_1_space) = 1900;
IR_PARAM(int, trailer_pulse) = 550;
IR_PARAM(int, bits) = 24;
IR_PARAM(int, rc_protocol) = 68;

static struct xbox_decoder xbox_state;

static __always_inline void xbox_setup(struct xbox_decoder *d)
{
	long m = margin;
	long nbits = bits;

	/* A frame has at least one bit; one of more than XBOX_MAX_BITS is never reported. */
	if (nbits < 1)
		nbits = 1;
	if (nbits > XBOX_MAX_BITS)
		nbits = XBOX_MAX_BITS + 1;
	d->frame_bits = nbits;
	ir_window_set(&d->bit_pulse, LIRC_MODE2_PULSE, bit_pulse, m);
	ir_window_set(&d->bit_0_space, LIRC_MODE2_SPACE, bit_0_space, m);
	ir_window_set(&d->bit_1_space, LIRC_MODE2_SPACE, bit_1_space, m);
	ir_window_set(&d->header_pulse, LIRC_MODE2_PULSE, header_pulse, m);
	ir_window_set(&d->header_space, LIRC_MODE2_SPACE, header_space, m);
	ir_window_set(&d->trailer_pulse, LIRC_MODE2_PULSE, trailer_pulse, m);
}

/* The frame is in: report its second half if the first is its inverse. */
static __always_inline void xbox_report(unsigned int *sample, const struct xbox_decoder *d)
{
	unsigned int half = d->frame_bits / 2;
	unsigned long long mask = (1ULL << (half & 63)) - 1;
	unsigned long long code = d->bits & mask;

	if ((d->bits >> half & mask) == (~code & mask))
		ir_keydown(sample, rc_protocol, code, 0);
}

SEC("lirc_mode2/xbox_dvd")
int xbox_dvd(unsigned int *sample)
{
	struct xbox_decoder *d = ir_opaque(&xbox_state);
	unsigned long s = *sample;
	unsigned int state;

	state = d->state;
	if (ir_sample_is_rare(s) &&
	    ir_rare_sample_skip(&s, &d->state, state, XBOX_STATE_SETUP, XBOX_STATE_IDLE))
		return 0;

	if (state == XBOX_STATE_BIT_PULSE) {
		if (!ir_in_window(s, &d->bit_pulse))
			goto lost;
		d->state = XBOX_STATE_BIT_SPACE;
		return 0;
	}
	state = ir_opaque(state);
	if (state == XBOX_STATE_BIT_SPACE) {
		if (ir_take_bit(&d->bits, s, &d->bit_1_space, &d->bit_0_space))
			goto lost;
		if (--d->left) {
			d->state = XBOX_STATE_BIT_PULSE;
			return 0;
		}
		if (d->frame_bits > XBOX_MAX_BITS)
			goto lost;
		d->state = XBOX_STATE_TRAILER;
		return 0;
	}

	if (ir_state_is_setup(state, XBOX_STATE_SETUP)) {
		xbox_setup(d);
		state = XBOX_STATE_IDLE;
	}
	switch (ir_opaque(state)) {
	case XBOX_STATE_IDLE:
		if (!ir_in_window(s, &d->header_pulse))
			break;
		d->bits = 0;
		d->left = d->frame_bits;
		d->state = XBOX_STATE_HEADER_SPACE;
		return 0;

	case XBOX_STATE_HEADER_SPACE:
		if (!ir_in_window(s, &d->header_space))
			break;
		d->state = XBOX_STATE_BIT_PULSE;
		return 0;

	case XBOX_STATE_TRAILER:
		if (!ir_in_window(s, &d->trailer_pulse))
			break;
		xbox_report(sample, d);
		break;
	}

lost:
	d->state = XBOX_STATE_IDLE;
	return 0;
}

char _license[] SEC("license") = "GPL";
