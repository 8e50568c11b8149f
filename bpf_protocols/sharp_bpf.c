// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sharp_bpf: the kernel's Sharp decoder as a BPF program, for kernels built without it.
 *
 * Sharp is pulse-distance coded: every bit a 320 µs pulse, a 0 lasting 1 ms and a 1
 * 2 ms from pulse to pulse. A message is 15 bits LSB first: 5 address bits, 8 command
 * bits, an expansion bit (1) and a check bit (0), a trailer pulse, a 40 ms space, then
 * the same 15 bits with command, expansion and check inverted, and a trailer pulse.
 * (Denon's variant sends both check bits 0.) The scancode is address << 8 | command.
 */
#include "ir_decoder.h"
#include "ir_pointer.h"

#define SHARP_NBITS		15
#define SHARP_UNIT		40	/* µs */
#define SHARP_BIT_PULSE		(8 * SHARP_UNIT)
#define SHARP_BIT_0_PERIOD	(25 * SHARP_UNIT)
#define SHARP_BIT_1_PERIOD	(50 * SHARP_UNIT)
#define SHARP_ECHO_SPACE	(1000 * SHARP_UNIT)
#define SHARP_TRAILER_SPACE	(125 * SHARP_UNIT)	/* at least */

enum sharp_state {
	SHARP_STATE_INACTIVE,
	SHARP_STATE_BIT_PULSE,
	SHARP_STATE_BIT_SPACE,
	SHARP_STATE_TRAILER_PULSE,
	SHARP_STATE_ECHO_SPACE,
	SHARP_STATE_TRAILER_SPACE,
	SHARP_STATE_MAX,
};

struct sharp_decoder {
	unsigned int state;
	unsigned int count;
	unsigned int bits;
	unsigned int pulse_len;
};

/*
 * The tolerance on pulses: half a pulse (160 µs), as the kernel's. Bit periods (two
 * pulses) and the 40 ms echo space (a quarter of it) keep the kernel's own tolerances.
 */
IR_PARAM(int, margin) = SHARP_BIT_PULSE / 2;

static struct sharp_decoder sharp;

SEC("lirc_mode2/sharp_bpf")
int sharp_bpf(unsigned int *sample)
{
	struct sharp_decoder *d = &sharp;
	unsigned int value = *sample;
	long duration = LIRC_VALUE(value);
	long m = margin;
	enum ir_sample_kind kind = ir_sample_kind(value);
	int pulse = kind == IR_SAMPLE_PULSE;
	long period;

	if (kind == IR_SAMPLE_IGNORE)
		return 0;
	if (kind == IR_SAMPLE_RESET)
		goto reset;

	switch (d->state) {
	case SHARP_STATE_INACTIVE:
	case SHARP_STATE_BIT_PULSE:
		if (!pulse || !ir_eq_margin(duration, SHARP_BIT_PULSE, m))
			break;
		if (d->state == SHARP_STATE_INACTIVE)
			d->count = 0;
		d->pulse_len = duration;
		d->state = SHARP_STATE_BIT_SPACE;
		return 0;

	case SHARP_STATE_BIT_SPACE:
		if (pulse)
			break;
		period = d->pulse_len + duration;
		if (ir_eq_margin(period, SHARP_BIT_1_PERIOD, 2 * SHARP_BIT_PULSE))
			d->bits = d->bits << 1 | 1;
		else if (ir_eq_margin(period, SHARP_BIT_0_PERIOD, 2 * SHARP_BIT_PULSE))
			d->bits = d->bits << 1;
		else
			break;
		d->count++;
		if (d->count == SHARP_NBITS || d->count == SHARP_NBITS * 2)
			d->state = SHARP_STATE_TRAILER_PULSE;
		else
			d->state = SHARP_STATE_BIT_PULSE;
		return 0;

	case SHARP_STATE_TRAILER_PULSE:
		if (!pulse || !ir_eq_margin(duration, SHARP_BIT_PULSE, m))
			break;
		if (d->count == SHARP_NBITS) {
			/* Expansion and check bits: 1, 0 (or Denon's 0, 0). */
			if ((d->bits & 3) != 2 && (d->bits & 3) != 0)
				break;
			d->state = SHARP_STATE_ECHO_SPACE;
		} else {
			d->state = SHARP_STATE_TRAILER_SPACE;
		}
		return 0;

	case SHARP_STATE_ECHO_SPACE:
		if (pulse || !ir_eq_margin(duration, SHARP_ECHO_SPACE, SHARP_ECHO_SPACE / 4))
			break;
		d->state = SHARP_STATE_BIT_PULSE;
		return 0;

	case SHARP_STATE_TRAILER_SPACE: {
		unsigned int msg, echo, address, command;

		if (pulse || !ir_geq_margin(duration, SHARP_TRAILER_SPACE, m))
			break;
		/* The echo inverts command, expansion and check bits. */
		msg = d->bits >> 15 & 0x7fff;
		echo = d->bits & 0x7fff;
		if ((msg ^ echo) != 0x3ff)
			break;
		address = ir_bitrev8(msg >> 7 & 0xf8);
		command = ir_bitrev8(msg >> 2 & 0xff);
		ir_keydown(sample, RC_PROTO_SHARP, address << 8 | command, 0);
		d->state = SHARP_STATE_INACTIVE;
		return 0;
	}
	}

reset:
	d->state = SHARP_STATE_INACTIVE;
	return 0;
}

char _license[] SEC("license") = "GPL";
