// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rc6_bpf: the kernel's RC-6 decoder (RC-6-0-16, RC-6-6A-20, -24, -32 and the MCE
 * variant) as a BPF program, for kernels built without it.
 *
 * RC-6 is Manchester coded with 444 µs half-bits, a 1 being pulse then space. A frame
 * is a 6-unit leader pulse and a 2-unit space, a start bit and 3 mode bits, a toggle
 * bit of double length, then the body: 16 bits in mode 0, 8 to 128 in mode 6A (which
 * ends with a space of at least 6 units). The scancode is the body; mode 0 reports
 * the toggle bit; 32-bit mode 6A frames of the MCE, Kathrein and Zotac customer codes
 * are RC-6-MCE, whose toggle is body bit 15.
 */
#include "ir_decoder.h"
#include "ir_pointer.h"

#define RC6_UNIT		444	/* µs */
#define RC6_HEADER_NBITS	4	/* start bit and mode, not the toggle */
#define RC6_0_NBITS		16
#define RC6_6A_NBITS		128	/* at most */
#define RC6_BODY_MAX_BITS	32	/* kept; later bits are counted only */
#define RC6_PREFIX_PULSE	(6 * RC6_UNIT)
#define RC6_PREFIX_SPACE	(2 * RC6_UNIT)
#define RC6_BIT_START		(1 * RC6_UNIT)
#define RC6_BIT_END		(1 * RC6_UNIT)
#define RC6_TOGGLE_START	(2 * RC6_UNIT)
#define RC6_TOGGLE_END		(2 * RC6_UNIT)
#define RC6_SUFFIX_SPACE	(6 * RC6_UNIT)	/* at least, after mode 6A */
#define RC6_MODE_MASK		0x07
#define RC6_STARTBIT_MASK	0x08
#define RC6_6A_MCE_TOGGLE_MASK	0x8000
#define RC6_6A_LCC_MASK		0xffff0000
#define RC6_6A_MCE_CC		0x800f0000
#define RC6_6A_ZOTAC_CC		0x80340000
#define RC6_6A_KATHREIN_CC	0x80460000
#define RC6_MAX_STEPS		8

enum rc6_state {
	RC6_STATE_INACTIVE,
	RC6_STATE_PREFIX_SPACE,
	RC6_STATE_HEADER_BIT_START,
	RC6_STATE_HEADER_BIT_END,
	RC6_STATE_TOGGLE_START,
	RC6_STATE_TOGGLE_END,
	RC6_STATE_BODY_BIT_START,
	RC6_STATE_BODY_BIT_END,
	RC6_STATE_FINISHED,
	RC6_STATE_MAX,
};

enum rc6_mode {
	RC6_MODE_0,
	RC6_MODE_6A,
	RC6_MODE_UNKNOWN,
	RC6_MODE_MAX,
};

struct rc6_decoder {
	unsigned int state;
	unsigned int header;
	unsigned int body;
	unsigned int toggle;
	unsigned int count;
	unsigned int wanted_bits;
};

/*
 * The tolerance on every half-bit: half a unit, as the kernel's. The leader pulse keeps
 * the kernel's own tolerance of a unit.
 */
IR_PARAM(int, margin) = RC6_UNIT / 2;

static struct rc6_decoder rc6;

static __always_inline enum rc6_mode rc6_mode(const struct rc6_decoder *d)
{
	switch (d->header & RC6_MODE_MASK) {
	case 0:
		return RC6_MODE_0;
	case 6:
		/* Mode 6A has no toggle in the header: it must be 0. */
		return d->toggle ? RC6_MODE_UNKNOWN : RC6_MODE_6A;
	default:
		return RC6_MODE_UNKNOWN;
	}
}

static __always_inline int rc6_report(unsigned int *sample, const struct rc6_decoder *d)
{
	unsigned int scancode = d->body;
	unsigned int toggle = 0;
	unsigned int protocol;

	switch (rc6_mode(d)) {
	case RC6_MODE_0:
		protocol = RC_PROTO_RC6_0;
		toggle = d->toggle;
		break;
	case RC6_MODE_6A:
		if (d->count == 20) {
			protocol = RC_PROTO_RC6_6A_20;
		} else if (d->count == 24) {
			protocol = RC_PROTO_RC6_6A_24;
		} else if (d->count == 32) {
			switch (scancode & RC6_6A_LCC_MASK) {
			case RC6_6A_MCE_CC:
			case RC6_6A_KATHREIN_CC:
			case RC6_6A_ZOTAC_CC:
				protocol = RC_PROTO_RC6_MCE;
				toggle = !!(scancode & RC6_6A_MCE_TOGGLE_MASK);
				scancode &= ~RC6_6A_MCE_TOGGLE_MASK;
				break;
			default:
				protocol = RC_PROTO_RC6_6A_32;
				break;
			}
		} else {
			return -1;
		}
		break;
	default:
		return -1;
	}
	ir_keydown(sample, protocol, scancode, toggle);
	return 0;
}

SEC("lirc_mode2/rc6_bpf")
int rc6_bpf(unsigned int *sample)
{
	struct rc6_decoder *d = &rc6;
	unsigned int value = *sample;
	long duration = LIRC_VALUE(value);
	long m = margin;
	enum ir_sample_kind kind = ir_sample_kind(value);
	int pulse = kind == IR_SAMPLE_PULSE;
	int step;

	if (kind == IR_SAMPLE_IGNORE)
		return 0;
	if (kind == IR_SAMPLE_RESET || !ir_geq_margin(duration, RC6_UNIT, m))
		goto reset;

	for (step = 0; step < RC6_MAX_STEPS; step++) {
		/* What is left of the sample is less than half a unit: used up. */
		if (!ir_geq_margin(duration, RC6_UNIT, m))
			return 0;

		switch (d->state) {
		case RC6_STATE_INACTIVE:
			if (!pulse || !ir_eq_margin(duration, RC6_PREFIX_PULSE, RC6_UNIT))
				goto reset;
			d->state = RC6_STATE_PREFIX_SPACE;
			d->count = 0;
			return 0;

		case RC6_STATE_PREFIX_SPACE:
			if (pulse || !ir_eq_margin(duration, RC6_PREFIX_SPACE, m))
				goto reset;
			d->state = RC6_STATE_HEADER_BIT_START;
			d->header = 0;
			return 0;

		case RC6_STATE_HEADER_BIT_START:
			if (!ir_eq_margin(duration, RC6_BIT_START, m))
				goto reset;
			d->header = d->header << 1 | pulse;
			d->count++;
			d->state = RC6_STATE_HEADER_BIT_END;
			return 0;

		case RC6_STATE_HEADER_BIT_END:
			d->state = d->count == RC6_HEADER_NBITS ? RC6_STATE_TOGGLE_START :
								  RC6_STATE_HEADER_BIT_START;
			duration = ir_take(duration, RC6_BIT_END);
			break;

		case RC6_STATE_TOGGLE_START:
			if (!ir_eq_margin(duration, RC6_TOGGLE_START, m))
				goto reset;
			d->toggle = pulse;
			d->state = RC6_STATE_TOGGLE_END;
			return 0;

		case RC6_STATE_TOGGLE_END:
			if (!(d->header & RC6_STARTBIT_MASK))
				goto reset;
			switch (rc6_mode(d)) {
			case RC6_MODE_0:
				d->wanted_bits = RC6_0_NBITS;
				break;
			case RC6_MODE_6A:
				d->wanted_bits = RC6_6A_NBITS;
				break;
			default:
				goto reset;
			}
			d->state = RC6_STATE_BODY_BIT_START;
			d->count = 0;
			d->body = 0;
			duration = ir_take(duration, RC6_TOGGLE_END);
			break;

		case RC6_STATE_BODY_BIT_START:
			if (ir_eq_margin(duration, RC6_BIT_START, m)) {
				/* Bits past the 32nd are counted, not kept. */
				if (d->count < RC6_BODY_MAX_BITS)
					d->body = d->body << 1 | pulse;
				d->count++;
				d->state = RC6_STATE_BODY_BIT_END;
				return 0;
			}
			if (rc6_mode(d) == RC6_MODE_6A && !pulse &&
			    ir_geq_margin(duration, RC6_SUFFIX_SPACE, m)) {
				d->state = RC6_STATE_FINISHED;
				break;
			}
			goto reset;

		case RC6_STATE_BODY_BIT_END:
			d->state = d->count == d->wanted_bits ? RC6_STATE_FINISHED :
								RC6_STATE_BODY_BIT_START;
			duration = ir_take(duration, RC6_BIT_END);
			break;

		case RC6_STATE_FINISHED:
			if (pulse || rc6_report(sample, d))
				goto reset;
			d->state = RC6_STATE_INACTIVE;
			return 0;

		default:
			goto reset;
		}
	}
	return 0;

reset:
	d->state = RC6_STATE_INACTIVE;
	return 0;
}

char _license[] SEC("license") = "GPL";
