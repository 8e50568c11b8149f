// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * imon_bpf: the kernel's iMON (Antec Veris, SoundGraph iMON PAD) decoder as a BPF
 * program, for kernels built without it.
 *
 * The protocol has 416 µs units: a one-unit header pulse, then 31 bits, MSB first,
 * each a check unit and a value unit (space for 1, pulse for 0). For the bits in
 * IMON_CHKBITS the check unit is a pulse exactly when this bit and the one before are
 * both 0; for the others it is always a space. The scancode is the 31 bits.
 *
 * Messages 0x68xxxxb7 are stick movements. One message (0x299115b7) switches the stick
 * between keyboard mode, where movements become arrow-key scancodes, and mouse mode,
 * where they move the pointer (bpf_rc_pointer_rel(); the kernel also reports the
 * stick's buttons, which no BPF helper can).
 *
 * One sample may hold many units; they are taken one by one, as the kernel does, in a
 * loop bounded by the longest message: header, 31 bits of two units, end.
 */
#include "ir_decoder.h"

#define IMON_UNIT		416	/* µs */
#define IMON_BITS		30	/* bits are numbered 30 down to 0 */
#define IMON_CHKBITS		(1u << 30 | 1u << 25 | 1u << 24 | 1u << 22 | 1u << 21 | \
				 1u << 20 | 1u << 19 | 1u << 18 | 1u << 17 | 1u << 16 | \
				 1u << 14 | 1u << 13 | 1u << 12 | 1u << 11 | 1u << 10 | \
				 1u << 9)
#define IMON_ERROR_SPACE	10000	/* µs of space that end an error */
#define IMON_MAX_STEPS		(1 + 2 * (IMON_BITS + 1) + 1)
#define IMON_TOGGLE_STICK	0x299115b7
#define IMON_STICK_MASK		0xfc0000ff
#define IMON_STICK		0x680000b7
#define IMON_KEY_DOWN		0x289515b7
#define IMON_KEY_UP		0x2aa515b7
#define IMON_KEY_RIGHT		0x2ba515b7
#define IMON_KEY_LEFT		0x29a515b7

enum imon_state {
	IMON_STATE_INACTIVE,
	IMON_STATE_BIT_CHK,
	IMON_STATE_BIT_START,
	IMON_STATE_FINISHED,
	IMON_STATE_ERROR,
	IMON_STATE_MAX,
};

struct imon_decoder {
	unsigned int state;
	int count;			/* the bit being read, 30 down to 0 */
	unsigned int last_chk;
	unsigned int bits;
	unsigned int stick_keyboard;
};

/* The tolerance: half a unit, as the kernel's. */
IR_PARAM(int, margin) = IMON_UNIT / 2;

static struct imon_decoder imon;

/* Bits 6..3 of b in the order 3, 4, 5, 6 from the top: the stick's 4-bit magnitude. */
static __always_inline int imon_stick_axis(unsigned int b, int negative)
{
	int v = (b & 0x08) | (b & 0x10) >> 2 | (b & 0x20) >> 4 | (b & 0x40) >> 6;

	return negative ? v | ~0x0f : v;
}

static __always_inline int imon_abs(int v)
{
	return v < 0 ? -v : v;
}

static __always_inline void imon_report(unsigned int *sample, struct imon_decoder *d)
{
	unsigned int bits = d->bits;

	if (bits == IMON_TOGGLE_STICK)
		d->stick_keyboard = !d->stick_keyboard;

	if ((bits & IMON_STICK_MASK) == IMON_STICK) {
		int rel_x = imon_stick_axis(bits >> 16 & 0xff, bits & 0x02000000);
		int rel_y = imon_stick_axis(bits >> 8 & 0xff, bits & 0x01000000);

		if (rel_x && rel_y && d->stick_keyboard) {
			if (imon_abs(rel_y) > imon_abs(rel_x))
				bits = rel_y > 0 ? IMON_KEY_DOWN : IMON_KEY_UP;
			else
				bits = rel_x > 0 ? IMON_KEY_RIGHT : IMON_KEY_LEFT;
		}
		if (!d->stick_keyboard)
			bpf_rc_pointer_rel(sample, rel_x, rel_y);
	}
	bpf_rc_keydown(sample, RC_PROTO_IMON, bits, 0);
}

SEC("lirc_mode2/imon_bpf")
int imon_bpf(unsigned int *sample)
{
	struct imon_decoder *d = &imon;
	unsigned int value = *sample;
	long duration = LIRC_VALUE(value);
	long m = margin;
	enum ir_sample_kind kind = ir_sample_kind(value);
	int pulse = kind == IR_SAMPLE_PULSE;
	int step;

	if (kind == IR_SAMPLE_IGNORE)
		return 0;
	if (kind == IR_SAMPLE_RESET) {
		d->state = IMON_STATE_INACTIVE;
		return 0;
	}

	/* After an error, wait for a space long enough to be between messages. */
	if (d->state == IMON_STATE_ERROR) {
		if (!pulse && duration > IMON_ERROR_SPACE)
			d->state = IMON_STATE_INACTIVE;
		return 0;
	}

	for (step = 0; step < IMON_MAX_STEPS; step++) {
		if (!ir_geq_margin(duration, IMON_UNIT, m))
			return 0;
		duration = duration > IMON_UNIT ? duration - IMON_UNIT : 0;

		switch (d->state) {
		case IMON_STATE_INACTIVE:
			/* Spaces between messages change nothing: skip the rest. */
			if (!pulse)
				return 0;
			d->state = IMON_STATE_BIT_CHK;
			d->bits = 0;
			d->count = IMON_BITS;
			break;

		case IMON_STATE_BIT_CHK:
			if (IMON_CHKBITS & (1u << (d->count & 31)))
				d->last_chk = pulse;
			else if (pulse)
				goto error;
			d->state = IMON_STATE_BIT_START;
			break;

		case IMON_STATE_BIT_START:
			d->bits = d->bits << 1 | !pulse;
			if ((IMON_CHKBITS & (1u << (d->count & 31))) &&
			    d->last_chk != !(d->bits & 3))
				goto error;
			if (d->count-- == 0)
				d->state = IMON_STATE_FINISHED;
			else
				d->state = IMON_STATE_BIT_CHK;
			break;

		case IMON_STATE_FINISHED:
			if (pulse)
				goto error;
			imon_report(sample, d);
			d->state = IMON_STATE_INACTIVE;
			break;

		default:
			goto error;
		}
	}
	return 0;

error:
	d->state = IMON_STATE_ERROR;
	return 0;
}

char _license[] SEC("license") = "GPL";
