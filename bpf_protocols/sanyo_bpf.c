// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sanyo_bpf: the kernel's Sanyo decoder as a BPF program, for kernels built without it.
 *
 * Sanyo (LC7461) uses NEC's timings with 42 bits, LSB first: a 13-bit address and its
 * inverse, an 8-bit command and its inverse. A held key sends the header, one pulse
 * and a long space. The scancode is address << 8 | command; like the kernel, only the
 * command is checked against its inverse.
 */
#include "ir_decoder.h"
#include "ir_pointer.h"

#define SANYO_UNIT		563	/* µs */
#define SANYO_NBITS		(13 + 13 + 8 + 8)
#define SANYO_HEADER_PULSE	(16 * SANYO_UNIT)
#define SANYO_HEADER_SPACE	(8 * SANYO_UNIT)
#define SANYO_BIT_PULSE		(1 * SANYO_UNIT)
#define SANYO_BIT_0_SPACE	(1 * SANYO_UNIT)
#define SANYO_BIT_1_SPACE	(3 * SANYO_UNIT)
#define SANYO_REPEAT_SPACE	(150 * SANYO_UNIT)	/* at least */
#define SANYO_TRAILER_PULSE	(1 * SANYO_UNIT)
#define SANYO_TRAILER_SPACE	(10 * SANYO_UNIT)	/* at least */
/*
 * Not the kernel's half unit: the header within 2 units (pulse) and 1 (space), as the
 * kernel takes NEC's (the same header), 12.5% of each, so that a remote 10% slow or
 * fast is read (half a unit of a 16-unit pulse is 3%).
 */
#define SANYO_HEADER_PULSE_TOLERANCE	(2 * SANYO_UNIT)
#define SANYO_HEADER_SPACE_TOLERANCE	(1 * SANYO_UNIT)

enum sanyo_state {
	SANYO_STATE_INACTIVE,
	SANYO_STATE_HEADER_SPACE,
	SANYO_STATE_BIT_PULSE,
	SANYO_STATE_BIT_SPACE,
	SANYO_STATE_TRAILER_PULSE,
	SANYO_STATE_TRAILER_SPACE,
	SANYO_STATE_MAX,
};

struct sanyo_decoder {
	unsigned long long bits;
	unsigned int state;
	unsigned int count;
};

/* The tolerance: half a unit, as the kernel's. */
IR_PARAM(int, margin) = SANYO_UNIT / 2;

static struct sanyo_decoder sanyo;

/* The low 13 bits of v in the opposite order. */
static __always_inline unsigned int sanyo_bitrev13(unsigned int v)
{
	return (ir_bitrev8(v & 0xff) << 5) | (ir_bitrev8(v >> 8 & 0x1f) >> 3);
}

SEC("lirc_mode2/sanyo_bpf")
int sanyo_bpf(unsigned int *sample)
{
	struct sanyo_decoder *d = &sanyo;
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
	case SANYO_STATE_INACTIVE:
		if (!pulse || !ir_eq_margin(duration, SANYO_HEADER_PULSE, SANYO_HEADER_PULSE_TOLERANCE))
			break;
		d->count = 0;
		d->state = SANYO_STATE_HEADER_SPACE;
		return 0;

	case SANYO_STATE_HEADER_SPACE:
		if (pulse || !ir_eq_margin(duration, SANYO_HEADER_SPACE, SANYO_HEADER_SPACE_TOLERANCE))
			break;
		d->state = SANYO_STATE_BIT_PULSE;
		return 0;

	case SANYO_STATE_BIT_PULSE:
		if (!pulse || !ir_eq_margin(duration, SANYO_BIT_PULSE, m))
			break;
		d->state = SANYO_STATE_BIT_SPACE;
		return 0;

	case SANYO_STATE_BIT_SPACE:
		if (pulse)
			break;
		if (!d->count && ir_geq_margin(duration, SANYO_REPEAT_SPACE, m)) {
			ir_repeat(sample);
			d->state = SANYO_STATE_INACTIVE;
			return 0;
		}
		if (ir_eq_margin(duration, SANYO_BIT_1_SPACE, m))
			d->bits = d->bits << 1 | 1;
		else if (ir_eq_margin(duration, SANYO_BIT_0_SPACE, m))
			d->bits = d->bits << 1;
		else
			break;
		d->count++;
		d->state = d->count == SANYO_NBITS ? SANYO_STATE_TRAILER_PULSE :
						     SANYO_STATE_BIT_PULSE;
		return 0;

	case SANYO_STATE_TRAILER_PULSE:
		if (!pulse || !ir_eq_margin(duration, SANYO_TRAILER_PULSE, m))
			break;
		d->state = SANYO_STATE_TRAILER_SPACE;
		return 0;

	case SANYO_STATE_TRAILER_SPACE: {
		unsigned int address, command, not_command;

		if (pulse || !ir_geq_margin(duration, SANYO_TRAILER_SPACE, m))
			break;
		address = sanyo_bitrev13(d->bits >> 29 & 0x1fff);
		command = ir_bitrev8(d->bits >> 8 & 0xff);
		not_command = ir_bitrev8(d->bits & 0xff);
		/* A bad checksum is no error: the frame is just not reported. */
		if ((command ^ not_command) == 0xff)
			ir_keydown(sample, RC_PROTO_SANYO, address << 8 | command, 0);
		d->state = SANYO_STATE_INACTIVE;
		return 0;
	}
	}

reset:
	d->state = SANYO_STATE_INACTIVE;
	return 0;
}

char _license[] SEC("license") = "GPL";
