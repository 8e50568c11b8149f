// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * grundig: old Grundig remotes. A frame is a header pulse and space and a leader
 * pulse, then 8 symbols of two bits, each a space and a pulse:
 *
 *	space  472 µs, pulse  583 µs	01
 *	space 1139 µs, pulse  583 µs	10
 *	space 1806 µs, pulse  583 µs	11
 *	space 2200 µs, pulse 1139 µs	00
 *
 * The scancode is the 16 bits, first symbol highest; protocol 64. Parameters as
 * rc_keymap(5) documents them, and a margin used for every duration (v4l-utils'
 * decoder has fixed tolerances and ignores any margin). It must stay below half the
 * smallest difference between symbol spaces (394 µs), or symbols become ambiguous.
 */
#include "ir_decoder.h"
#include "ir_pointer.h"

#define GRUNDIG_SYMBOLS		8
#define GRUNDIG_SHORT_PULSE	583
#define GRUNDIG_LONG_PULSE	1139

/*
 * GRUNDIG_STATE_SETUP is the state of a decoder just loaded: its first sample sets up
 * the windows (the parameters do not change once it is loaded), then it is
 * GRUNDIG_STATE_IDLE. The two states of the symbols come first: most samples are
 * symbols.
 */
enum grundig_state {
	GRUNDIG_STATE_SETUP,
	GRUNDIG_STATE_SYMBOL_SPACE,
	GRUNDIG_STATE_SYMBOL_PULSE,
	GRUNDIG_STATE_IDLE,
	GRUNDIG_STATE_HEADER_SPACE,
	GRUNDIG_STATE_LEADER_PULSE,
	GRUNDIG_STATE_MAX,
};

/* The bits of a frame, under a 1 put in at its start: 8 symbols in when it comes out. */
#define GRUNDIG_BITS_START	1U
#define GRUNDIG_BITS_FULL	(GRUNDIG_BITS_START << (2 * GRUNDIG_SYMBOLS))

struct grundig_decoder {
	unsigned int state;
	unsigned int bits;
	unsigned int last_space;	/* as sampled */
	/* Set up on the first sample, from the parameters. */
	struct ir_window short_pulse;
	struct ir_window long_pulse;
	struct ir_window space[4];	/* before the pulse of symbol 00, 01, 10, 11 */
	struct ir_window header_pulse;
	struct ir_window header_space;
	struct ir_window leader_pulse;
};

IR_PARAM(int, margin) = 150;
IR_PARAM(int, header_pulse) = 900;
IR_PARAM(int, header_space) = 2900;
IR_PARAM(int, leader_pulse) = 1300;
IR_PARAM(int, rc_protocol) = 64;

static struct grundig_decoder grundig_state;

static __always_inline void grundig_setup(struct grundig_decoder *d)
{
	long m = margin;

	ir_window_set(&d->short_pulse, LIRC_MODE2_PULSE, GRUNDIG_SHORT_PULSE, m);
	ir_window_set(&d->long_pulse, LIRC_MODE2_PULSE, GRUNDIG_LONG_PULSE, m);
	ir_window_set(&d->space[0], LIRC_MODE2_SPACE, 2200, m);
	ir_window_set(&d->space[1], LIRC_MODE2_SPACE, 472, m);
	ir_window_set(&d->space[2], LIRC_MODE2_SPACE, 1139, m);
	ir_window_set(&d->space[3], LIRC_MODE2_SPACE, 1806, m);
	ir_window_set(&d->header_pulse, LIRC_MODE2_PULSE, header_pulse, m);
	ir_window_set(&d->header_space, LIRC_MODE2_SPACE, header_space, m);
	ir_window_set(&d->leader_pulse, LIRC_MODE2_PULSE, leader_pulse, m);
}

/* The two bits of a symbol, or -1. */
static __always_inline int grundig_symbol(const struct grundig_decoder *d,
					  unsigned long space, unsigned long pulse)
{
	if (ir_in_window(pulse, &d->short_pulse)) {
		if (ir_in_window(space, &d->space[1]))
			return 1;
		if (ir_in_window(space, &d->space[2]))
			return 2;
		if (ir_in_window(space, &d->space[3]))
			return 3;
	} else if (ir_in_window(pulse, &d->long_pulse)) {
		if (ir_in_window(space, &d->space[0]))
			return 0;
	}
	return -1;
}

SEC("lirc_mode2/grundig")
int grundig(unsigned int *sample)
{
	struct grundig_decoder *d = ir_opaque(&grundig_state);
	unsigned long s = *sample;
	unsigned int state;
	int symbol;

	state = d->state;
	if (ir_sample_is_rare(s) &&
	    ir_rare_sample_skip(&s, &d->state, state, GRUNDIG_STATE_SETUP, GRUNDIG_STATE_IDLE))
		return 0;
	if (state == GRUNDIG_STATE_SYMBOL_SPACE) {
		if (!LIRC_IS_SPACE((unsigned int)s))
			goto lost;
		d->last_space = s;
		d->state = GRUNDIG_STATE_SYMBOL_PULSE;
		return 0;
	}
	state = ir_opaque(state);
	if (state == GRUNDIG_STATE_SYMBOL_PULSE) {
		symbol = grundig_symbol(d, d->last_space, s);
		if (symbol < 0)
			goto lost;
		d->bits = d->bits << 2 | symbol;
		if (d->bits < GRUNDIG_BITS_FULL) {
			d->state = GRUNDIG_STATE_SYMBOL_SPACE;
			return 0;
		}
		ir_keydown(sample, rc_protocol, d->bits - GRUNDIG_BITS_FULL, 0);
		goto lost;
	}

	if (ir_state_is_setup(state, GRUNDIG_STATE_SETUP)) {
		grundig_setup(d);
		state = GRUNDIG_STATE_IDLE;
	}
	switch (ir_opaque(state)) {
	case GRUNDIG_STATE_IDLE:
		if (!ir_in_window(s, &d->header_pulse))
			break;
		d->bits = GRUNDIG_BITS_START;
		d->state = GRUNDIG_STATE_HEADER_SPACE;
		return 0;

	case GRUNDIG_STATE_HEADER_SPACE:
		if (!ir_in_window(s, &d->header_space))
			break;
		d->state = GRUNDIG_STATE_LEADER_PULSE;
		return 0;

	case GRUNDIG_STATE_LEADER_PULSE:
		if (!ir_in_window(s, &d->leader_pulse))
			break;
		d->state = GRUNDIG_STATE_SYMBOL_SPACE;
		return 0;
	}

lost:
	d->state = GRUNDIG_STATE_IDLE;
	return 0;
}

char _license[] SEC("license") = "GPL";
