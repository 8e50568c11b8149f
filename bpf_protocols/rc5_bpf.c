// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rc5_bpf: the kernel's RC-5 decoder (RC-5, RC-5X-20 and StreamZap RC-5-SZ) as a BPF
 * program, for kernels built without it.
 *
 * RC-5 is Manchester coded with 889 µs half-bits, a 1 being space then pulse. A frame
 * is a start bit (its space half is the idle line), then 13 bits: a second start bit
 * (the inverted 7th command bit), the toggle, 5 address and 6 command bits. RC-5X
 * has a 4-unit space after the 8th bit and 6 more bits; StreamZap sends 15 bits. The
 * frame ends with a space of at least 6 units.
 *
 * A sample may hold several half-bits (two halves of the same level merge), so one
 * sample is consumed half-bit by half-bit, as the kernel does, in a bounded loop.
 */
#include "ir_decoder.h"
#include "ir_pointer.h"

#define RC5_UNIT		889	/* µs */
#define RC5_NBITS		14
#define RC5_SZ_NBITS		15
#define RC5X_NBITS		20
#define CHECK_RC5X_NBITS	8
#define RC5_BIT_START		(1 * RC5_UNIT)
#define RC5_BIT_END		(1 * RC5_UNIT)
#define RC5X_SPACE		(4 * RC5_UNIT)
#define RC5_TRAILER		(6 * RC5_UNIT)	/* at least */
/* Steps one sample can take: bit end, rc5x check, bit start, finished. */
#define RC5_MAX_STEPS		8

enum rc5_state {
	RC5_STATE_INACTIVE,
	RC5_STATE_BIT_START,
	RC5_STATE_BIT_END,
	RC5_STATE_CHECK_RC5X,
	RC5_STATE_FINISHED,
	RC5_STATE_MAX,
};

struct rc5_decoder {
	unsigned int state;
	unsigned int count;
	unsigned int bits;
	unsigned int is_rc5x;
	/*
	 * A pulse came since the last space as long as a frame's trailer: a pulse now
	 * is no start bit (0 after loading or an overflow: a frame may start).
	 */
	unsigned int line_busy;
};

/* The tolerance on every half-bit: half a unit, as the kernel's. */
IR_PARAM(int, margin) = RC5_UNIT / 2;

static struct rc5_decoder rc5;

/* The frame is complete: report it if its length is one of the three variants. */
static __always_inline int rc5_report(unsigned int *sample, struct rc5_decoder *d)
{
	unsigned int bits = d->bits;
	unsigned int command, system, toggle, scancode, protocol;

	if (d->is_rc5x && d->count == RC5X_NBITS) {
		command = (bits >> 6 & 0x3f) | (bits & 0x40000 ? 0 : 0x40);
		system = bits >> 12 & 0x1f;
		toggle = bits >> 17 & 1;
		scancode = system << 16 | command << 8 | (bits & 0x3f);
		protocol = RC_PROTO_RC5X_20;
	} else if (!d->is_rc5x && d->count == RC5_NBITS) {
		command = (bits & 0x3f) | (bits & 0x1000 ? 0 : 0x40);
		system = bits >> 6 & 0x1f;
		toggle = bits >> 11 & 1;
		scancode = system << 8 | command;
		protocol = RC_PROTO_RC5;
	} else if (!d->is_rc5x && d->count == RC5_SZ_NBITS) {
		/* The toggle (bit 12) is left out; the second start bit stays in. */
		toggle = bits >> 12 & 1;
		scancode = bits & 0x2fff;
		protocol = RC_PROTO_RC5_SZ;
	} else {
		return -1;
	}
	ir_keydown(sample, protocol, scancode, toggle);
	return 0;
}

SEC("lirc_mode2/rc5_bpf")
int rc5_bpf(unsigned int *sample)
{
	struct rc5_decoder *d = &rc5;
	unsigned int value = *sample;
	long duration = LIRC_VALUE(value);
	long m = margin;
	enum ir_sample_kind kind = ir_sample_kind(value);
	int pulse = kind == IR_SAMPLE_PULSE;
	int step;

	if (kind == IR_SAMPLE_IGNORE)
		return 0;
	if (kind == IR_SAMPLE_RESET) {
		d->line_busy = 0;
		d->state = RC5_STATE_INACTIVE;
		return 0;
	}
	if (!ir_geq_margin(duration, RC5_UNIT, m))
		goto reset;

	for (step = 0; step < RC5_MAX_STEPS; step++) {
		/* What is left of the sample is less than half a unit: used up. */
		if (!ir_geq_margin(duration, RC5_UNIT, m))
			return 0;

		switch (d->state) {
		case RC5_STATE_INACTIVE:
			/*
			 * Not in the kernel: an RC-5 frame starts out of silence (the
			 * space half of its start bit is the idle line), so a pulse that
			 * follows another pulse and a shorter space starts none. The
			 * kernel starts a frame at any pulse, and reads the bits of a
			 * Sony-15 frame after its header (600 us spaces, pulses of 600 or
			 * 1200 us: each within half a unit of one RC-5 half) as the 15
			 * ones of an RC-5-SZ frame, 0x2fff.
			 */
			if (!pulse || d->line_busy)
				goto reset;
			/* The pulse half of the first start bit. */
			d->state = RC5_STATE_BIT_START;
			d->count = 1;
			d->bits = 0;
			duration = ir_take(duration, RC5_BIT_START);
			break;

		case RC5_STATE_BIT_START:
			if (!pulse && ir_geq_margin(duration, RC5_TRAILER, m)) {
				d->state = RC5_STATE_FINISHED;
				break;
			}
			if (!ir_eq_margin(duration, RC5_BIT_START, m))
				goto reset;
			d->bits = d->bits << 1 | !pulse;
			d->count++;
			d->state = RC5_STATE_BIT_END;
			return 0;

		case RC5_STATE_BIT_END:
			d->state = d->count == CHECK_RC5X_NBITS ? RC5_STATE_CHECK_RC5X :
								RC5_STATE_BIT_START;
			duration = ir_take(duration, RC5_BIT_END);
			break;

		case RC5_STATE_CHECK_RC5X:
			d->is_rc5x = !pulse && ir_geq_margin(duration, RC5X_SPACE, m);
			if (d->is_rc5x)
				duration = ir_take(duration, RC5X_SPACE);
			d->state = RC5_STATE_BIT_START;
			break;

		case RC5_STATE_FINISHED:
			if (pulse || rc5_report(sample, d))
				goto reset;
			d->state = RC5_STATE_INACTIVE;
			return 0;

		default:
			goto reset;
		}
	}
	return 0;

reset:
	/*
	 * Only where no frame goes on: a pulse that starts none, or a frame lost, makes
	 * the line busy, and a space as long as a trailer makes it idle; a frame that
	 * started on an idle line and was reported leaves it idle.
	 */
	d->line_busy = (pulse | d->line_busy | (d->state != RC5_STATE_INACTIVE)) &
		       (pulse | !ir_geq_margin(duration, RC5_TRAILER, m));
	d->state = RC5_STATE_INACTIVE;
	return 0;
}

char _license[] SEC("license") = "GPL";
