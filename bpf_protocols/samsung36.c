// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * samsung36: the 36-bit protocol of some Samsung remotes (DecodeIR's Samsung36): a
 * 4.5 ms header pulse and space, 16 bits, a 500 µs pulse and a 4.5 ms marker space,
 * 20 more bits and a trailer pulse. Every bit is a 500 µs pulse and a space of 500 µs
 * (0) or about 1.5 ms (1). The scancode is the 36 bits in the order received, first
 * highest (as v4l-utils' keymaps have it); protocol 69.
 *
 * Parameters margin and rc_protocol as v4l-utils' decoder of the same name has them.
 */
#include "ir_decoder.h"
#include "ir_pointer.h"

#define SAMSUNG36_HEADER_PULSE	4500	/* µs */
#define SAMSUNG36_HEADER_SPACE	4500
#define SAMSUNG36_BIT_PULSE	500
#define SAMSUNG36_BIT_0_SPACE	500
#define SAMSUNG36_BIT_1_SPACE	1600
#define SAMSUNG36_MARKER_SPACE	4450
#define SAMSUNG36_TRAILER_PULSE	500
#define SAMSUNG36_MARKER_AFTER	16	/* bits before the marker */
#define SAMSUNG36_NBITS		36

/*
 * SAMSUNG36_STATE_SETUP is the state of a decoder just loaded: its first sample sets
 * up the windows (the margin does not change once it is loaded), then it is
 * SAMSUNG36_STATE_IDLE. The two states of the bits come first: most samples are bits.
 */
enum samsung36_state {
	SAMSUNG36_STATE_SETUP,
	SAMSUNG36_STATE_BIT_PULSE,
	SAMSUNG36_STATE_BIT_SPACE,
	SAMSUNG36_STATE_IDLE,
	SAMSUNG36_STATE_HEADER_SPACE,
	SAMSUNG36_STATE_MARKER_PULSE,
	SAMSUNG36_STATE_MARKER_SPACE,
	SAMSUNG36_STATE_TRAILER,
	SAMSUNG36_STATE_MAX,
};

/*
 * The bits of a frame, under a 1 put in at its start: the bits before the marker are
 * in when it reaches bit 16, all of them when it reaches bit 36.
 */
#define SAMSUNG36_BITS_START	1ULL
#define SAMSUNG36_BITS_MARKER	(SAMSUNG36_BITS_START << SAMSUNG36_MARKER_AFTER)
#define SAMSUNG36_BITS_FULL	(SAMSUNG36_BITS_START << SAMSUNG36_NBITS)

struct samsung36_decoder {
	unsigned long long bits;
	unsigned long long bits_end;	/* the bits when this part of the frame is in */
	unsigned int state;
	/* Set up on the first sample, from the margin. */
	struct ir_window bit_pulse;
	struct ir_window bit_0_space;
	struct ir_window bit_1_space;
	struct ir_window header_pulse;
	struct ir_window header_space;
	struct ir_window marker_space;
	struct ir_window trailer_pulse;
};

IR_PARAM(int, margin) = 300;
IR_PARAM(int, rc_protocol) = 69;

static struct samsung36_decoder samsung36_state;

static __always_inline void samsung36_setup(struct samsung36_decoder *d)
{
	long m = margin;

	ir_window_set(&d->bit_pulse, LIRC_MODE2_PULSE, SAMSUNG36_BIT_PULSE, m);
	ir_window_set(&d->bit_0_space, LIRC_MODE2_SPACE, SAMSUNG36_BIT_0_SPACE, m);
	ir_window_set(&d->bit_1_space, LIRC_MODE2_SPACE, SAMSUNG36_BIT_1_SPACE, m);
	ir_window_set(&d->header_pulse, LIRC_MODE2_PULSE, SAMSUNG36_HEADER_PULSE, m);
	ir_window_set(&d->header_space, LIRC_MODE2_SPACE, SAMSUNG36_HEADER_SPACE, m);
	ir_window_set(&d->marker_space, LIRC_MODE2_SPACE, SAMSUNG36_MARKER_SPACE, m);
	ir_window_set(&d->trailer_pulse, LIRC_MODE2_PULSE, SAMSUNG36_TRAILER_PULSE, m);
}

SEC("lirc_mode2/samsung36")
int samsung36(unsigned int *sample)
{
	struct samsung36_decoder *d = ir_opaque(&samsung36_state);
	unsigned long s = *sample;
	unsigned int state;

	state = d->state;
	if (ir_sample_is_rare(s) &&
	    ir_rare_sample_skip(&s, &d->state, state, SAMSUNG36_STATE_SETUP, SAMSUNG36_STATE_IDLE))
		return 0;

	if (state == SAMSUNG36_STATE_BIT_PULSE) {
		if (!ir_in_window(s, &d->bit_pulse))
			goto lost;
		d->state = SAMSUNG36_STATE_BIT_SPACE;
		return 0;
	}
	state = ir_opaque(state);
	if (state == SAMSUNG36_STATE_BIT_SPACE) {
		if (ir_take_bit(&d->bits, s, &d->bit_1_space, &d->bit_0_space))
			goto lost;
		if (d->bits < d->bits_end) {
			d->state = SAMSUNG36_STATE_BIT_PULSE;
			return 0;
		}
		if (d->bits_end == SAMSUNG36_BITS_MARKER)
			d->state = SAMSUNG36_STATE_MARKER_PULSE;
		else
			d->state = SAMSUNG36_STATE_TRAILER;
		return 0;
	}

	if (ir_state_is_setup(state, SAMSUNG36_STATE_SETUP)) {
		samsung36_setup(d);
		state = SAMSUNG36_STATE_IDLE;
	}
	switch (ir_opaque(state)) {
	case SAMSUNG36_STATE_IDLE:
		if (!ir_in_window(s, &d->header_pulse))
			break;
		d->bits = SAMSUNG36_BITS_START;
		d->bits_end = SAMSUNG36_BITS_MARKER;
		d->state = SAMSUNG36_STATE_HEADER_SPACE;
		return 0;

	case SAMSUNG36_STATE_HEADER_SPACE:
		if (!ir_in_window(s, &d->header_space))
			break;
		d->state = SAMSUNG36_STATE_BIT_PULSE;
		return 0;

	case SAMSUNG36_STATE_MARKER_PULSE:
		if (!ir_in_window(s, &d->bit_pulse))
			break;
		d->state = SAMSUNG36_STATE_MARKER_SPACE;
		return 0;

	case SAMSUNG36_STATE_MARKER_SPACE:
		if (!ir_in_window(s, &d->marker_space))
			break;
		d->bits_end = SAMSUNG36_BITS_FULL;
		d->state = SAMSUNG36_STATE_BIT_PULSE;
		return 0;

	case SAMSUNG36_STATE_TRAILER:
		if (!ir_in_window(s, &d->trailer_pulse))
			break;
		ir_keydown(sample, rc_protocol, d->bits - SAMSUNG36_BITS_FULL, 0);
		d->state = SAMSUNG36_STATE_IDLE;
		return 0;
	}

lost:
	d->state = SAMSUNG36_STATE_IDLE;
	return 0;
}

char _license[] SEC("license") = "GPL";
