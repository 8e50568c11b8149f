// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rcmm_bpf: the kernel's RC-MM decoder (12, 24 and 32 bits) as a BPF program, for
 * kernels built without it.
 *
 * RC-MM (Philips) sends two bits per pulse: a 417 µs leader pulse and a 278 µs space,
 * then for every pair of bits a 167 µs pulse and a space of 278, 444, 611 or 778 µs
 * (00, 01, 10, 11), then a 167 µs trailer pulse. A 32-bit frame is reported at its
 * trailer pulse; 12- and 24-bit frames when the space after their trailer is no bit.
 * In 32-bit frames of the "OEM" modes (bits 18-19 not both set), bit 15 is a toggle.
 */
#include "ir_decoder.h"
#include "ir_pointer.h"

#define RCMM_UNIT		166	/* µs */
#define RCMM_PREFIX_PULSE	417
#define RCMM_PULSE_0		278
#define RCMM_PULSE_1		444
#define RCMM_PULSE_2		611
#define RCMM_PULSE_3		778
#define RCMM_MODE_MASK		0x000c0000
#define RCMM_TOGGLE_MASK	0x00008000

enum rcmm_state {
	RCMM_STATE_INACTIVE,
	RCMM_STATE_LOW,
	RCMM_STATE_BUMP,
	RCMM_STATE_VALUE,
	RCMM_STATE_FINISHED,
	RCMM_STATE_MAX,
};

struct rcmm_decoder {
	unsigned int state;
	unsigned int count;
	unsigned int bits;
};

/*
 * The tolerance on bit pulses and spaces: half a unit, as the kernel's. The leader
 * pulse and space keep the kernel's own tolerance of a unit.
 */
IR_PARAM(int, margin) = RCMM_UNIT / 2;

static struct rcmm_decoder rcmm;

/* The two bits a space stands for, or -1. */
static __always_inline int rcmm_value(long duration, long m)
{
	if (ir_eq_margin(duration, RCMM_PULSE_0, m))
		return 0;
	if (ir_eq_margin(duration, RCMM_PULSE_1, m))
		return 1;
	if (ir_eq_margin(duration, RCMM_PULSE_2, m))
		return 2;
	if (ir_eq_margin(duration, RCMM_PULSE_3, m))
		return 3;
	return -1;
}

SEC("lirc_mode2/rcmm_bpf")
int rcmm_bpf(unsigned int *sample)
{
	struct rcmm_decoder *d = &rcmm;
	unsigned int value = *sample;
	long duration = LIRC_VALUE(value);
	long m = margin;
	enum ir_sample_kind kind = ir_sample_kind(value);
	int pulse = kind == IR_SAMPLE_PULSE;
	int bits;

	if (kind == IR_SAMPLE_IGNORE)
		return 0;
	if (kind == IR_SAMPLE_RESET)
		goto reset;

	switch (d->state) {
	case RCMM_STATE_INACTIVE:
		if (!pulse || !ir_eq_margin(duration, RCMM_PREFIX_PULSE, RCMM_UNIT))
			break;
		d->state = RCMM_STATE_LOW;
		d->count = 0;
		d->bits = 0;
		return 0;

	case RCMM_STATE_LOW:
		if (pulse || !ir_eq_margin(duration, RCMM_PULSE_0, RCMM_UNIT))
			break;
		d->state = RCMM_STATE_BUMP;
		return 0;

	case RCMM_STATE_BUMP:
		if (!pulse || !ir_eq_margin(duration, RCMM_UNIT, m))
			break;
		d->state = RCMM_STATE_VALUE;
		return 0;

	case RCMM_STATE_VALUE:
		if (pulse)
			break;
		bits = rcmm_value(duration, m);
		if (bits < 0) {
			/*
			 * No bits: the space after the trailer of a short frame. Not in
			 * the kernel, which takes any space that is no bit, even a short
			 * one: it must be longer than the longest bit space.
			 */
			if (!ir_geq_margin(duration, RCMM_PULSE_3 + m, 1))
				break;
			if (d->count == 24)
				ir_keydown(sample, RC_PROTO_RCMM24, d->bits, 0);
			else if (d->count == 12)
				ir_keydown(sample, RC_PROTO_RCMM12, d->bits, 0);
			else
				break;
			d->state = RCMM_STATE_INACTIVE;
			return 0;
		}
		d->bits = d->bits << 2 | bits;
		d->count += 2;
		d->state = d->count < 32 ? RCMM_STATE_BUMP : RCMM_STATE_FINISHED;
		return 0;

	case RCMM_STATE_FINISHED:
		if (!pulse || !ir_eq_margin(duration, RCMM_UNIT, m))
			break;
		if ((d->bits & RCMM_MODE_MASK) != RCMM_MODE_MASK)
			ir_keydown(sample, RC_PROTO_RCMM32, d->bits & ~RCMM_TOGGLE_MASK,
				       !!(d->bits & RCMM_TOGGLE_MASK));
		else
			ir_keydown(sample, RC_PROTO_RCMM32, d->bits, 0);
		d->state = RCMM_STATE_INACTIVE;
		return 0;
	}

reset:
	d->state = RCMM_STATE_INACTIVE;
	return 0;
}

char _license[] SEC("license") = "GPL";
