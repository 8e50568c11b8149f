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

#define GRUNDIG_SYMBOLS		8
#define GRUNDIG_SHORT_PULSE	583
#define GRUNDIG_LONG_PULSE	1139

enum grundig_state {
	GRUNDIG_STATE_INACTIVE,
	GRUNDIG_STATE_HEADER_SPACE,
	GRUNDIG_STATE_LEADER_PULSE,
	GRUNDIG_STATE_SYMBOL_SPACE,
	GRUNDIG_STATE_SYMBOL_PULSE,
	GRUNDIG_STATE_MAX,
};

struct grundig_decoder {
	unsigned int state;
	unsigned int count;
	unsigned int bits;
	unsigned int last_space;
};

IR_PARAM(int, margin) = 150;
IR_PARAM(int, header_pulse) = 900;
IR_PARAM(int, header_space) = 2900;
IR_PARAM(int, leader_pulse) = 1300;
IR_PARAM(int, rc_protocol) = 64;

static struct grundig_decoder grundig_state;

/* The two bits of a symbol, or -1. */
static __always_inline int grundig_symbol(long space, long pulse, long m)
{
	if (ir_eq_margin(pulse, GRUNDIG_SHORT_PULSE, m)) {
		if (ir_eq_margin(space, 472, m))
			return 1;
		if (ir_eq_margin(space, 1139, m))
			return 2;
		if (ir_eq_margin(space, 1806, m))
			return 3;
	} else if (ir_eq_margin(pulse, GRUNDIG_LONG_PULSE, m)) {
		if (ir_eq_margin(space, 2200, m))
			return 0;
	}
	return -1;
}

SEC("lirc_mode2/grundig")
int grundig(unsigned int *sample)
{
	struct grundig_decoder *d = &grundig_state;
	unsigned int value = *sample;
	long duration = LIRC_VALUE(value);
	long m = margin;
	enum ir_sample_kind kind = ir_sample_kind(value);
	int pulse = kind == IR_SAMPLE_PULSE;
	int symbol;

	if (kind == IR_SAMPLE_IGNORE)
		return 0;
	if (kind == IR_SAMPLE_RESET)
		goto reset;

	switch (d->state) {
	case GRUNDIG_STATE_INACTIVE:
		if (!pulse || !ir_eq_margin(duration, header_pulse, m))
			break;
		d->bits = 0;
		d->count = 0;
		d->state = GRUNDIG_STATE_HEADER_SPACE;
		return 0;

	case GRUNDIG_STATE_HEADER_SPACE:
		if (pulse || !ir_eq_margin(duration, header_space, m))
			break;
		d->state = GRUNDIG_STATE_LEADER_PULSE;
		return 0;

	case GRUNDIG_STATE_LEADER_PULSE:
		if (!pulse || !ir_eq_margin(duration, leader_pulse, m))
			break;
		d->state = GRUNDIG_STATE_SYMBOL_SPACE;
		return 0;

	case GRUNDIG_STATE_SYMBOL_SPACE:
		if (pulse)
			break;
		d->last_space = duration;
		d->state = GRUNDIG_STATE_SYMBOL_PULSE;
		return 0;

	case GRUNDIG_STATE_SYMBOL_PULSE:
		if (!pulse)
			break;
		symbol = grundig_symbol(d->last_space, duration, m);
		if (symbol < 0)
			break;
		d->bits = d->bits << 2 | symbol;
		d->count++;
		if (d->count < GRUNDIG_SYMBOLS) {
			d->state = GRUNDIG_STATE_SYMBOL_SPACE;
			return 0;
		}
		bpf_rc_keydown(sample, rc_protocol, d->bits, 0);
		d->state = GRUNDIG_STATE_INACTIVE;
		return 0;
	}

reset:
	d->state = GRUNDIG_STATE_INACTIVE;
	return 0;
}

char _license[] SEC("license") = "GPL";
