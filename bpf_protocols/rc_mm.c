// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rc_mm: a generic decoder for RC-MM-like protocols, two bits per pulse: a header pulse
 * and space, then for every two bits a bit_pulse and one of four spaces (bit_0_space
 * to bit_3_space stand for 00 to 11), then a trailer pulse. `bits` is the number of
 * bits (even). The scancode is the bits, first received highest; protocol 65 unless
 * rc_protocol says otherwise. For RC-MM itself, rcmm_bpf reports what the kernel does.
 *
 * Parameters, names and defaults as v4l-utils' decoder of the same name has them.
 */
#include "ir_decoder.h"

#define RCMM_MAX_BITS	64

enum rc_mm_state {
	RC_MM_STATE_INACTIVE,
	RC_MM_STATE_HEADER_SPACE,
	RC_MM_STATE_BIT_PULSE,
	RC_MM_STATE_BIT_SPACE,
	RC_MM_STATE_TRAILER,
	RC_MM_STATE_MAX,
};

struct rc_mm_decoder {
	unsigned long long bits;
	unsigned int state;
	unsigned int count;
};

IR_PARAM(int, margin) = 100;
IR_PARAM(int, header_pulse) = 417;
IR_PARAM(int, header_space) = 278;
IR_PARAM(int, bit_pulse) = 167;
IR_PARAM(int, bit_0_space) = 278;
IR_PARAM(int, bit_1_space) = 444;
IR_PARAM(int, bit_2_space) = 611;
IR_PARAM(int, bit_3_space) = 778;
IR_PARAM(int, trailer) = 167;
IR_PARAM(int, bits) = 8;
IR_PARAM(int, rc_protocol) = 65;

static struct rc_mm_decoder rc_mm_state;

/* The two bits a space stands for, or -1. */
static __always_inline int rc_mm_value(long duration, long m)
{
	if (ir_eq_margin(duration, bit_0_space, m))
		return 0;
	if (ir_eq_margin(duration, bit_1_space, m))
		return 1;
	if (ir_eq_margin(duration, bit_2_space, m))
		return 2;
	if (ir_eq_margin(duration, bit_3_space, m))
		return 3;
	return -1;
}

SEC("lirc_mode2/rc_mm")
int rc_mm(unsigned int *sample)
{
	struct rc_mm_decoder *d = &rc_mm_state;
	unsigned int value = *sample;
	long duration = LIRC_VALUE(value);
	long m = margin;
	enum ir_sample_kind kind = ir_sample_kind(value);
	int pulse = kind == IR_SAMPLE_PULSE;
	int pair;

	if (kind == IR_SAMPLE_IGNORE)
		return 0;
	if (kind == IR_SAMPLE_RESET)
		goto reset;

	switch (d->state) {
	case RC_MM_STATE_INACTIVE:
		if (!pulse || !ir_eq_margin(duration, header_pulse, m))
			break;
		d->bits = 0;
		d->count = 0;
		d->state = RC_MM_STATE_HEADER_SPACE;
		return 0;

	case RC_MM_STATE_HEADER_SPACE:
		if (pulse || !ir_eq_margin(duration, header_space, m))
			break;
		d->state = RC_MM_STATE_BIT_PULSE;
		return 0;

	case RC_MM_STATE_BIT_PULSE:
		if (!pulse || !ir_eq_margin(duration, bit_pulse, m))
			break;
		d->state = RC_MM_STATE_BIT_SPACE;
		return 0;

	case RC_MM_STATE_BIT_SPACE:
		if (pulse)
			break;
		pair = rc_mm_value(duration, m);
		if (pair < 0 || d->count + 2 > RCMM_MAX_BITS)
			break;
		d->bits = d->bits << 2 | pair;
		d->count += 2;
		d->state = d->count >= bits ? RC_MM_STATE_TRAILER : RC_MM_STATE_BIT_PULSE;
		return 0;

	case RC_MM_STATE_TRAILER:
		if (!pulse || !ir_eq_margin(duration, trailer, m))
			break;
		bpf_rc_keydown(sample, rc_protocol, d->bits, 0);
		d->state = RC_MM_STATE_INACTIVE;
		return 0;
	}

reset:
	d->state = RC_MM_STATE_INACTIVE;
	return 0;
}

char _license[] SEC("license") = "GPL";
