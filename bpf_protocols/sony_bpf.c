// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sony_bpf: the kernel's Sony SIRC decoder (12, 15 and 20 bits) as a BPF program, for
 * kernels built without it.
 *
 * SIRC is pulse-length coded with a 600 µs unit: a 4-unit header pulse, then each bit
 * a 1-unit space and a pulse of 1 unit (0) or 2 units (1), LSB first: 7 command bits,
 * then 5 device bits (12), 8 device bits (15), or 5 device and 8 extended bits (20).
 * The frame ends with a space of at least 10 units. The scancode is
 * device << 16 | extended << 8 | command.
 */
#include "ir_decoder.h"
#include "ir_pointer.h"

#define SONY_UNIT		600	/* µs */
#define SONY_HEADER_PULSE	(4 * SONY_UNIT)
#define SONY_HEADER_SPACE	(1 * SONY_UNIT)
#define SONY_BIT_0_PULSE	(1 * SONY_UNIT)
#define SONY_BIT_1_PULSE	(2 * SONY_UNIT)
#define SONY_BIT_SPACE		(1 * SONY_UNIT)
#define SONY_TRAILER_SPACE	(10 * SONY_UNIT)	/* at least */
/*
 * Not in the kernel, whose tolerance is half a unit everywhere: the header pulse is
 * taken within 250 us (10% and more), every space within 200 us. With half a unit,
 * an RC-6 frame (a 2666 us leader, an 889 us space, halves of 444 us) reads as SIRC,
 * and a Sony-15 or -20 key is pressed on RC-6 signals. Both still take a receiver's
 * 100 us of pulse stretching and a 10% slower or faster remote.
 */
#define SONY_HEADER_TOLERANCE	250
#define SONY_SPACE_TOLERANCE	200

enum sony_state {
	SONY_STATE_INACTIVE,
	SONY_STATE_HEADER_SPACE,
	SONY_STATE_BIT_PULSE,
	SONY_STATE_BIT_SPACE,
	SONY_STATE_MAX,
};

struct sony_decoder {
	unsigned int state;
	unsigned int count;
	unsigned int bits;
};

/* The tolerance: half a unit, as the kernel's. */
IR_PARAM(int, margin) = SONY_UNIT / 2;

static struct sony_decoder sony;

/*
 * Bits arrive LSB first and are shifted in from the right, so the last bit received is
 * bit 0: the fields come out reversed, and are turned back here.
 */
static __always_inline int sony_report(unsigned int *sample, unsigned int bits,
				       unsigned int count)
{
	unsigned int device, subdevice = 0, function, protocol;

	switch (count) {
	case 12:
		device = ir_bitrev8(bits << 3 & 0xf8);
		function = ir_bitrev8(bits >> 4 & 0xfe);
		protocol = RC_PROTO_SONY12;
		break;
	case 15:
		device = ir_bitrev8(bits & 0xff);
		function = ir_bitrev8(bits >> 7 & 0xfe);
		protocol = RC_PROTO_SONY15;
		break;
	case 20:
		device = ir_bitrev8(bits >> 5 & 0xf8);
		subdevice = ir_bitrev8(bits & 0xff);
		function = ir_bitrev8(bits >> 12 & 0xfe);
		protocol = RC_PROTO_SONY20;
		break;
	default:
		return -1;
	}
	ir_keydown(sample, protocol, device << 16 | subdevice << 8 | function, 0);
	return 0;
}

SEC("lirc_mode2/sony_bpf")
int sony_bpf(unsigned int *sample)
{
	struct sony_decoder *d = &sony;
	unsigned int value = *sample;
	long duration = LIRC_VALUE(value);
	long m = margin;
	enum ir_sample_kind kind = ir_sample_kind(value);
	int pulse = kind == IR_SAMPLE_PULSE;

	if (kind == IR_SAMPLE_IGNORE)
		return 0;
	if (kind == IR_SAMPLE_RESET || !ir_geq_margin(duration, SONY_UNIT, m))
		goto reset;

	switch (d->state) {
	case SONY_STATE_INACTIVE:
		if (!pulse || !ir_eq_margin(duration, SONY_HEADER_PULSE, ir_min(m, SONY_HEADER_TOLERANCE)))
			break;
		d->count = 0;
		d->bits = 0;
		d->state = SONY_STATE_HEADER_SPACE;
		return 0;

	case SONY_STATE_HEADER_SPACE:
		if (pulse || !ir_eq_margin(duration, SONY_HEADER_SPACE, ir_min(m, SONY_SPACE_TOLERANCE)))
			break;
		d->state = SONY_STATE_BIT_PULSE;
		return 0;

	case SONY_STATE_BIT_PULSE:
		if (!pulse)
			break;
		if (ir_eq_margin(duration, SONY_BIT_1_PULSE, m))
			d->bits = d->bits << 1 | 1;
		else if (ir_eq_margin(duration, SONY_BIT_0_PULSE, m))
			d->bits = d->bits << 1;
		else
			break;
		d->count++;
		d->state = SONY_STATE_BIT_SPACE;
		return 0;

	case SONY_STATE_BIT_SPACE:
		if (pulse)
			break;
		/* Just a bit space: another bit follows. */
		if (ir_eq_margin(duration, SONY_BIT_SPACE, ir_min(m, SONY_SPACE_TOLERANCE))) {
			d->state = SONY_STATE_BIT_PULSE;
			return 0;
		}
		duration -= SONY_BIT_SPACE;
		/* The space goes on: the end of the frame. */
		if (!ir_geq_margin(duration, SONY_TRAILER_SPACE, m) ||
		    sony_report(sample, d->bits, d->count))
			break;
		d->state = SONY_STATE_INACTIVE;
		return 0;
	}

reset:
	d->state = SONY_STATE_INACTIVE;
	return 0;
}

char _license[] SEC("license") = "GPL";
