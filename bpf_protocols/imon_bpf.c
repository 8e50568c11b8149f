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
 * One sample may hold many units. The kernel takes them one by one; a loop of up to a
 * message's 64 units costs Linux's verifier some 56,000 instructions at every load,
 * so the units are counted first (a division), a space's run of units is taken in
 * one go (in a space every check unit passes and every value unit is a 1), and only
 * a pulse's units one by one, in a loop of a few steps: no message has a pulse of
 * more than IMON_PULSE_STEPS - 1 units (see there).
 */
#include "ir_decoder.h"
#include "ir_pointer.h"

#define IMON_UNIT		416	/* µs */
#define IMON_BITS		30	/* bits are numbered 30 down to 0 */
#define IMON_CHKBITS		(1u << 30 | 1u << 25 | 1u << 24 | 1u << 22 | 1u << 21 | \
				 1u << 20 | 1u << 19 | 1u << 18 | 1u << 17 | 1u << 16 | \
				 1u << 14 | 1u << 13 | 1u << 12 | 1u << 11 | 1u << 10 | \
				 1u << 9)
#define IMON_ERROR_SPACE	10000	/* µs of space that end an error */
#define IMON_MAX_STEPS		(1 + 2 * (IMON_BITS + 1) + 1)
/*
 * A pulse passes a check unit only for the bits in IMON_CHKBITS, whose longest run is
 * 7 (bits 22 to 16), and the header only before bit 30's check unit (bit 29 is not
 * in IMON_CHKBITS): the longest pulse of a message is 15 units (bit 23's value unit,
 * then bits 22 to 16), and the 16th unit of any pulse is an error, reached in the
 * loop whatever the units after it.
 */
#define IMON_PULSE_STEPS	16
/*
 * Every iMON PAD message ends in 0xb7: the 64 keys of the kernel's rc-imon-pad
 * keymap, the stick's movements and its mode switch. Not checked by the kernel, which
 * takes any 31 bits; but in this protocol a lone pulse of a unit, then silence, is a
 * message, 0x7fffffff, and the kernel reports it on RC-MM and XMP frames and on noise.
 */
#define IMON_LOW_BYTE		0xb7
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

	if ((bits & 0xff) != IMON_LOW_BYTE)
		return;
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
	ir_keydown(sample, RC_PROTO_IMON, bits, 0);
}

/*
 * How many units the kernel's loop takes from a sample of this duration, at most
 * IMON_MAX_STEPS: it takes one while the rest is more than IMON_UNIT - m, the rest
 * being the duration less a unit per unit taken, and 0 once below a unit.
 */
static __always_inline long imon_units(long duration, long m)
{
	long threshold = IMON_UNIT - m;

	/* A margin of a unit or more: every rest, even 0, is a unit. */
	if (threshold < 0)
		return IMON_MAX_STEPS;
	if (duration <= threshold)
		return 0;
	return ir_min((unsigned long)(duration - threshold - 1) / IMON_UNIT + 1,
		      IMON_MAX_STEPS);
}

/* 1 when bit count is in IMON_CHKBITS: its check unit is a pulse for two 0s. */
static __always_inline unsigned int imon_chkbit(int count)
{
	return IMON_CHKBITS >> (count & 31) & 1;
}

/*
 * A space of units units (at least one) in a message: from a value unit the bit is a
 * 1, an error if its check unit was a pulse; then each check unit and value unit
 * read a 1 without an error, as many as the bits left; one unit more ends the
 * message. Returns -1 on an error, else 0.
 */
static __always_inline int imon_space(unsigned int *sample, struct imon_decoder *d,
				      long units)
{
	long n;
	int count;

	if (d->state == IMON_STATE_FINISHED)
		goto finished;
	if (d->state == IMON_STATE_BIT_START) {
		/* The kernel's test: last_chk != !(bits & 3), and bits & 1 is 1. */
		if (imon_chkbit(d->count) && d->last_chk)
			return -1;
		d->bits = d->bits << 1 | 1;
		d->state = IMON_STATE_BIT_CHK;
		units--;
		if (d->count-- == 0)
			goto last_bit;
	}
	/* At a check unit: count + 1 bits left, two units each. */
	count = d->count;
	n = ir_min(units >> 1, (long)count + 1);
	d->bits = (unsigned int)((unsigned long)d->bits << n | ((1ul << n) - 1));
	count -= n;
	d->count = count;
	units -= n << 1;
	if (count >= 0) {
		if (units) {
			/*
			 * The check unit of this bit, a space: last_chk is 0 (only
			 * read when the bit is in IMON_CHKBITS, where the kernel sets it).
			 */
			d->last_chk = 0;
			d->state = IMON_STATE_BIT_START;
		}
		return 0;
	}
last_bit:
	d->state = IMON_STATE_FINISHED;
	if (!units)
		return 0;
finished:
	imon_report(sample, d);
	d->state = IMON_STATE_INACTIVE;
	return 0;
}

/* A pulse of units units (at least one), unit by unit. Returns -1 on an error. */
static __always_inline int imon_pulse(struct imon_decoder *d, long units)
{
	int step;

	for (step = 0; step < IMON_PULSE_STEPS; step++) {
		if (step >= units)
			return 0;
		switch (d->state) {
		case IMON_STATE_INACTIVE:
			d->state = IMON_STATE_BIT_CHK;
			d->bits = 0;
			d->count = IMON_BITS;
			break;

		case IMON_STATE_BIT_CHK:
			if (!imon_chkbit(d->count))
				return -1;
			d->last_chk = 1;
			d->state = IMON_STATE_BIT_START;
			break;

		case IMON_STATE_BIT_START:
			d->bits = d->bits << 1;
			if (imon_chkbit(d->count) && d->last_chk != !(d->bits & 3))
				return -1;
			if (d->count-- == 0)
				d->state = IMON_STATE_FINISHED;
			else
				d->state = IMON_STATE_BIT_CHK;
			break;

		default:
			return -1;
		}
	}
	/* Not reached without an error: see IMON_PULSE_STEPS. */
	return -1;
}

SEC("lirc_mode2/imon_bpf")
int imon_bpf(unsigned int *sample)
{
	struct imon_decoder *d = &imon;
	unsigned int value = *sample;
	long duration = LIRC_VALUE(value);
	enum ir_sample_kind kind = ir_sample_kind(value);
	long units;
	int err;

	if (kind == IR_SAMPLE_IGNORE)
		return 0;
	if (kind == IR_SAMPLE_RESET) {
		d->state = IMON_STATE_INACTIVE;
		return 0;
	}

	/* After an error, wait for a space long enough to be between messages. */
	if (d->state == IMON_STATE_ERROR) {
		if (kind == IR_SAMPLE_SPACE && duration > IMON_ERROR_SPACE)
			d->state = IMON_STATE_INACTIVE;
		return 0;
	}

	units = imon_units(duration, margin);
	if (!units)
		return 0;
	if (kind == IR_SAMPLE_PULSE)
		err = imon_pulse(d, units);
	else if (d->state == IMON_STATE_INACTIVE)
		/* Spaces between messages change nothing. */
		return 0;
	else
		err = imon_space(sample, d, units);
	if (err)
		d->state = IMON_STATE_ERROR;
	return 0;
}

char _license[] SEC("license") = "GPL";
