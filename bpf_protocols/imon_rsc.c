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

enum imon_rsc_state {
	IMON_RSC_STATE_INACTIVE,
	IMON_RSC_STATE_BIT_SPACE,
	IMON_RSC_STATE_BIT_PULSE,
	IMON_RSC_STATE_MAX,
};

struct imon_rsc_decoder {
	unsigned int state;
	unsigned int count;
	unsigned int bits;
};

IR_PARAM(int, margin) = 200;

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

SEC("lirc_mode2/imon_rsc")
int imon_rsc(unsigned int *sample)
{
	struct imon_rsc_decoder *d = &imon_rsc_state;
	unsigned int value = *sample;
	long duration = LIRC_VALUE(value);
	long m = margin;
	enum ir_sample_kind kind = ir_sample_kind(value);
	int pulse = kind == IR_SAMPLE_PULSE;

	if (kind == IR_SAMPLE_IGNORE)
		return 0;
	if (kind == IR_SAMPLE_RESET)
		goto reset;

	switch (d->state) {
	case IMON_RSC_STATE_INACTIVE:
		if (!pulse || !(ir_eq_margin(duration, IMON_RSC_HEADER_PULSE, m) ||
				ir_eq_margin(duration, IMON_RSC_LONG_HEADER_PULSE, m)))
			break;
		d->bits = 0;
		d->count = 0;
		d->state = IMON_RSC_STATE_BIT_SPACE;
		return 0;

	case IMON_RSC_STATE_BIT_SPACE:
		if (pulse)
			break;
		if (duration > IMON_RSC_END_SPACE) {
			if (d->count == 4 || d->count == 5)
				imon_rsc_move(sample, d->bits);
			break;
		}
		if (ir_eq_margin(duration, IMON_RSC_BIT_1_SPACE, m))
			d->bits = d->bits << 1 | 1;
		else if (ir_eq_margin(duration, IMON_RSC_BIT_0_SPACE, m))
			d->bits = d->bits << 1;
		else
			break;
		/* More than 5 bits is no stick message. */
		if (++d->count > 5)
			break;
		d->state = IMON_RSC_STATE_BIT_PULSE;
		return 0;

	case IMON_RSC_STATE_BIT_PULSE:
		if (!pulse || !ir_eq_margin(duration, IMON_RSC_BIT_PULSE, m))
			break;
		d->state = IMON_RSC_STATE_BIT_SPACE;
		return 0;
	}

reset:
	d->state = IMON_RSC_STATE_INACTIVE;
	return 0;
}

char _license[] SEC("license") = "GPL";
