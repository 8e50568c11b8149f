// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * jvc_bpf: the kernel's JVC decoder as a BPF program, for kernels built without it.
 *
 * JVC is pulse-distance coded with a 525 µs unit: a 16-unit header pulse and an 8-unit
 * space, then 16 bits LSB first (8 address, 8 command), each a 1-unit pulse and a space
 * of 1 (0) or 3 (1) units, and a trailer pulse. A held key repeats the frame without
 * the header. The scancode is address << 8 | command.
 *
 * JVC has no toggle bit; like the kernel, the decoder flips its own toggle at every
 * header, so that a key pressed again (a new header) is told from one held (repeats
 * without header).
 */
#include "ir_decoder.h"
#include "ir_pointer.h"

#define JVC_UNIT		525	/* µs */
#define JVC_NBITS		16
#define JVC_HEADER_PULSE	(16 * JVC_UNIT)
#define JVC_HEADER_SPACE	(8 * JVC_UNIT)
#define JVC_BIT_PULSE		(1 * JVC_UNIT)
#define JVC_BIT_0_SPACE		(1 * JVC_UNIT)
#define JVC_BIT_1_SPACE		(3 * JVC_UNIT)
#define JVC_TRAILER_PULSE	(1 * JVC_UNIT)
/*
 * At least; the kernel's is 35 units (18.4 ms), more than the gap after a frame of
 * many 1s in a 60 ms period (13.3 ms for 0xffff), and after any frame 10% fast.
 */
#define JVC_TRAILER_SPACE	(20 * JVC_UNIT)
/*
 * Not the kernel's half unit: the header within 2 units (pulse) and 1 (space), as the
 * kernel takes NEC's, 12.5% of each, so that a remote 10% slow or fast is read (half
 * a unit of a 16-unit pulse is 3%). NEC and Sanyo headers fall in too, as JVC's fall
 * in NEC's: their frames are told apart by their bit counts and trailers.
 */
#define JVC_HEADER_PULSE_TOLERANCE	(2 * JVC_UNIT)
#define JVC_HEADER_SPACE_TOLERANCE	(1 * JVC_UNIT)

enum jvc_state {
	JVC_STATE_INACTIVE,
	JVC_STATE_HEADER_SPACE,
	JVC_STATE_BIT_PULSE,
	JVC_STATE_BIT_SPACE,
	JVC_STATE_TRAILER_PULSE,
	JVC_STATE_TRAILER_SPACE,
	JVC_STATE_CHECK_REPEAT,
	JVC_STATE_MAX,
};

struct jvc_decoder {
	unsigned int state;
	unsigned int count;
	unsigned int bits;
	unsigned int old_bits;		/* of the frame with the header */
	unsigned char first;		/* the frame being read has a header */
	unsigned char toggle;
};

/* The tolerance: half a unit, as the kernel's. */
IR_PARAM(int, margin) = JVC_UNIT / 2;

static struct jvc_decoder jvc;

SEC("lirc_mode2/jvc_bpf")
int jvc_bpf(unsigned int *sample)
{
	struct jvc_decoder *d = &jvc;
	unsigned int value = *sample;
	long duration = LIRC_VALUE(value);
	long m = margin;
	enum ir_sample_kind kind = ir_sample_kind(value);
	int pulse = kind == IR_SAMPLE_PULSE;

	if (kind == IR_SAMPLE_IGNORE)
		return 0;
	if (kind == IR_SAMPLE_RESET || !ir_geq_margin(duration, JVC_UNIT, m))
		goto reset;

	/* After a frame: a header starts a new press, anything else is a repeat. */
	if (d->state == JVC_STATE_CHECK_REPEAT) {
		if (!pulse)
			goto reset;
		d->state = ir_eq_margin(duration, JVC_HEADER_PULSE, JVC_HEADER_PULSE_TOLERANCE) ? JVC_STATE_INACTIVE :
									 JVC_STATE_BIT_PULSE;
	}

	switch (d->state) {
	case JVC_STATE_INACTIVE:
		if (!pulse || !ir_eq_margin(duration, JVC_HEADER_PULSE, JVC_HEADER_PULSE_TOLERANCE))
			break;
		d->count = 0;
		d->first = 1;
		d->toggle = !d->toggle;
		d->state = JVC_STATE_HEADER_SPACE;
		return 0;

	case JVC_STATE_HEADER_SPACE:
		if (pulse || !ir_eq_margin(duration, JVC_HEADER_SPACE, JVC_HEADER_SPACE_TOLERANCE))
			break;
		d->state = JVC_STATE_BIT_PULSE;
		return 0;

	case JVC_STATE_BIT_PULSE:
		if (!pulse || !ir_eq_margin(duration, JVC_BIT_PULSE, m))
			break;
		d->state = JVC_STATE_BIT_SPACE;
		return 0;

	case JVC_STATE_BIT_SPACE:
		if (pulse)
			break;
		if (ir_eq_margin(duration, JVC_BIT_1_SPACE, m))
			d->bits = (d->bits << 1 | 1) & 0xffff;
		else if (ir_eq_margin(duration, JVC_BIT_0_SPACE, m))
			d->bits = d->bits << 1 & 0xffff;
		else
			break;
		d->count++;
		d->state = d->count == JVC_NBITS ? JVC_STATE_TRAILER_PULSE : JVC_STATE_BIT_PULSE;
		return 0;

	case JVC_STATE_TRAILER_PULSE:
		if (!pulse || !ir_eq_margin(duration, JVC_TRAILER_PULSE, m))
			break;
		d->state = JVC_STATE_TRAILER_SPACE;
		return 0;

	case JVC_STATE_TRAILER_SPACE:
		if (pulse || !ir_geq_margin(duration, JVC_TRAILER_SPACE, m))
			break;
		if (d->first) {
			unsigned int scancode = ir_bitrev8(d->bits >> 8) << 8 |
						ir_bitrev8(d->bits);

			ir_keydown(sample, RC_PROTO_JVC, scancode, d->toggle);
			d->first = 0;
			d->old_bits = d->bits;
		} else if (d->bits == d->old_bits) {
			ir_repeat(sample);
		} else {
			break;
		}
		d->count = 0;
		d->state = JVC_STATE_CHECK_REPEAT;
		return 0;
	}

reset:
	d->state = JVC_STATE_INACTIVE;
	return 0;
}

char _license[] SEC("license") = "GPL";
