// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * imon_rsc: the direction stick of the iMON RSC remote (shipped with the iMON Station
 * and others), as pointer movements. Its buttons are NEC-X: a keymap for this remote
 * lists both protocols. Unrelated to the kernel's imon protocol.
 *
 * A stick message is a 2000 or 3250 µs pulse, then 4 or 5 bits, each a space (625 µs
 * for 0, 1800 µs for 1) and a 625 µs pulse, ended by a space longer than 2400 µs. The
 * last four bits give one of 16 directions, moved by bpf_rc_pointer_rel(). A held
 * stick repeats the message, and the pointer keeps moving.
 *
 * Parameter margin as rc_keymap(5) documents it (default 200).
 */
#include "ir_decoder.h"

#define IMON_RSC_HEADER_PULSE		2000
#define IMON_RSC_LONG_HEADER_PULSE	3250
#define IMON_RSC_BIT_PULSE		625
#define IMON_RSC_BIT_0_SPACE		625
#define IMON_RSC_BIT_1_SPACE		1800
#define IMON_RSC_END_SPACE		2400	/* more than */
#define IMON_RSC_STEP			4	/* pointer units of a full move */
#define IMON_RSC_HALF_STEP		2

/*
 * The state is one word, so that a sample costs one load and one store: 0 between
 * messages; otherwise the bits received so far behind a leading 1 (which counts them:
 * 4 bits make 16..31), and in bit 31 whether a bit's space is due (set) or its pulse
 * (clear), tested as the sign. The rest is worked out from the margin when a message
 * starts (the margin is a constant: every message gets the same), so that a duration
 * costs one addition and one comparison: width is ir_eq_window()'s, to_pulse and
 * to_1_space take a sample's value to d1 - expected for a bit's pulse and a 1's space.
 */
#define IMON_RSC_SPACE_DUE	0x80000000u
#define IMON_RSC_START		(1 | IMON_RSC_SPACE_DUE)	/* a header, no bits yet */
#define IMON_RSC_TOO_LONG	64	/* 6 bits behind the leading 1: no stick message */

struct imon_rsc_decoder {
	unsigned int state;
	unsigned int width;
	long to_pulse;
	long to_1_space;
};

IR_IMM_PARAM(margin) = 200;

static struct imon_rsc_decoder imon_rsc_state;

/* The 16 directions the code's low four bits stand for: (x, y), y growing downwards. */
static __always_inline void imon_rsc_move(unsigned int *sample, unsigned int code)
{
	int x, y;

	switch (code & 0xf) {
	case 0x0: x = 0; y = -IMON_RSC_STEP; break;
	case 0x1: x = 0; y = IMON_RSC_STEP; break;
	case 0x2: x = IMON_RSC_STEP; y = 0; break;
	case 0x3: x = -IMON_RSC_STEP; y = 0; break;
	case 0x4: x = IMON_RSC_STEP; y = -IMON_RSC_STEP; break;
	case 0x5: x = -IMON_RSC_STEP; y = IMON_RSC_STEP; break;
	case 0x6: x = IMON_RSC_STEP; y = IMON_RSC_STEP; break;
	case 0x7: x = -IMON_RSC_STEP; y = -IMON_RSC_STEP; break;
	case 0x8: x = IMON_RSC_HALF_STEP; y = -IMON_RSC_STEP; break;
	case 0x9: x = -IMON_RSC_HALF_STEP; y = IMON_RSC_STEP; break;
	case 0xa: x = IMON_RSC_STEP; y = IMON_RSC_HALF_STEP; break;
	case 0xb: x = -IMON_RSC_STEP; y = -IMON_RSC_HALF_STEP; break;
	case 0xc: x = IMON_RSC_STEP; y = -IMON_RSC_HALF_STEP; break;
	case 0xd: x = -IMON_RSC_STEP; y = IMON_RSC_HALF_STEP; break;
	case 0xe: x = IMON_RSC_HALF_STEP; y = IMON_RSC_STEP; break;
	default: x = -IMON_RSC_HALF_STEP; y = -IMON_RSC_STEP; break;
	}
	bpf_rc_pointer_rel(sample, x, y);
}

/*
 * A space (timeouts too): a bit's value, or the end of the message. base is what the
 * sample's value has on top of the duration.
 */
static __always_inline void imon_rsc_space(unsigned int *sample, struct imon_rsc_decoder *d,
					   long value, long base)
{
	unsigned int state = d->state;
	long t;

	if ((int)state >= 0)
		goto reset;
	if (value > IMON_RSC_END_SPACE + base) {
		/* 4 or 5 bits behind the leading 1. */
		if (state - (IMON_RSC_SPACE_DUE | 16) < 48)
			imon_rsc_move(sample, state);
		goto reset;
	}
	/* A sixth bit: no stick message. */
	if (state >= (IMON_RSC_SPACE_DUE | IMON_RSC_TOO_LONG / 2))
		goto reset;
	t = value - base + d->to_1_space;
	if ((unsigned long)t < d->width) {
		d->state = state << 1 | 1;	/* the flag shifts out */
		return;
	}
	t += IMON_RSC_BIT_1_SPACE - IMON_RSC_BIT_0_SPACE;
	if ((unsigned long)t < d->width) {
		d->state = state << 1;
		return;
	}
reset:
	d->state = 0;
}

/* A pulse: a header, or the pulse after a bit's space. */
static __always_inline void imon_rsc_pulse(struct imon_rsc_decoder *d, long value)
{
	const long base = LIRC_MODE2_PULSE;
	unsigned int state = d->state;
	long m, d1, width;

	if ((int)state < 0)
		goto reset;
	if (state) {
		if ((unsigned long)(value + d->to_pulse) >= d->width)
			goto reset;
		d->state = state | IMON_RSC_SPACE_DUE;
		return;
	}
	m = (int)IR_IMM(margin);	/* an int, as the loader takes it */
	/* No duration lies within a margin of 0 or less: nothing ever starts. */
	if (m <= 0)
		return;
	d1 = value - base + m - 1;
	width = 2 * m - 1;
	if (!ir_eq_window(d1, IMON_RSC_HEADER_PULSE, width) &&
	    !ir_eq_window(d1, IMON_RSC_LONG_HEADER_PULSE, width))
		return;
	d->width = width;
	d->to_pulse = m - 1 - IMON_RSC_BIT_PULSE - base;
	d->to_1_space = m - 1 - IMON_RSC_BIT_1_SPACE;
	d->state = IMON_RSC_START;
	return;
reset:
	d->state = 0;
}

SEC("lirc_mode2/imon_rsc")
int imon_rsc(unsigned int *sample)
{
	struct imon_rsc_decoder *d = ir_state_base(&imon_rsc_state);
	long value = *sample;

	/*
	 * Spaces first (their mode bits are 0), then pulses, then the rest; pulses are
	 * compared with their mode bit still on.
	 */
	if (value < LIRC_MODE2_PULSE)
		imon_rsc_space(sample, d, value, LIRC_MODE2_SPACE);
	else if (value < LIRC_MODE2_FREQUENCY)
		imon_rsc_pulse(d, value);
	else if (LIRC_IS_TIMEOUT(value))
		imon_rsc_space(sample, d, value, LIRC_MODE2_TIMEOUT);
	else if (LIRC_IS_OVERFLOW(value))
		d->state = 0;
	return 0;
}

char _license[] SEC("license") = "GPL";
