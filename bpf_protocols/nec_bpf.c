// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nec_bpf: the kernel's NEC decoder as a BPF program, for kernels built without it.
 *
 * NEC sends a 9 ms header pulse and a 4.5 ms space, then 32 bits LSB first: each bit a
 * 563 µs pulse and a 563 µs (0) or 1689 µs (1) space, then a 563 µs trailer pulse. A
 * held key sends repeat frames: 9 ms pulse, 2.25 ms space, trailer pulse. Some
 * remotes use a 4.5 ms header pulse instead; those may repeat with a header, one bit
 * and a long space.
 *
 * The four bytes give the scancode as the kernel builds it: NEC (address, ~address,
 * command, ~command) is address << 8 | command; NEC-X (16-bit address) is
 * address << 16 | second byte << 8 | command; anything whose command is not followed
 * by its inverse is NEC-32, with the bytes in the kernel's order.
 */
#include "ir_decoder.h"

#define NEC_UNIT		563		/* µs */
#define NEC_NBITS		32
#define NEC_HEADER_PULSE	(16 * NEC_UNIT)
#define NECX_HEADER_PULSE	(8 * NEC_UNIT)
#define NEC_HEADER_SPACE	(8 * NEC_UNIT)
#define NEC_REPEAT_SPACE	(4 * NEC_UNIT)
#define NEC_BIT_PULSE		(1 * NEC_UNIT)
#define NEC_BIT_0_SPACE		(1 * NEC_UNIT)
#define NEC_BIT_1_SPACE		(3 * NEC_UNIT)
#define NEC_TRAILER_PULSE	(1 * NEC_UNIT)
#define NEC_TRAILER_SPACE	(10 * NEC_UNIT)	/* at least */
#define NECX_REPEAT_BITS	1

enum nec_state {
	NEC_STATE_INACTIVE,
	NEC_STATE_HEADER_SPACE,
	NEC_STATE_BIT_PULSE,
	NEC_STATE_BIT_SPACE,
	NEC_STATE_TRAILER_PULSE,
	NEC_STATE_TRAILER_SPACE,
	NEC_STATE_MAX,
};

struct nec_decoder {
	unsigned int state;
	unsigned int count;
	unsigned int bits;
	unsigned char is_nec_x;		/* 4.5 ms header pulse */
	unsigned char necx_repeat;	/* a NEC-X repeat (header and one bit) may follow */
};

/*
 * The tolerance on bits and trailer: half a unit, as the kernel's. The header keeps the
 * kernel's own tolerances (two units on the pulse, one on the space).
 */
IR_PARAM(int, margin) = NEC_UNIT / 2;

static struct nec_decoder nec;

/* The kernel's byte order for the scancode of each NEC variant. */
static __always_inline void nec_report(unsigned int *sample, unsigned int bits)
{
	unsigned int address = ir_bitrev8(bits >> 24);
	unsigned int not_address = ir_bitrev8(bits >> 16);
	unsigned int command = ir_bitrev8(bits >> 8);
	unsigned int not_command = ir_bitrev8(bits);
	unsigned int protocol;
	unsigned int scancode;

	if ((command ^ not_command) != 0xff) {
		protocol = RC_PROTO_NEC32;
		scancode = not_address << 24 | address << 16 | not_command << 8 | command;
	} else if ((address ^ not_address) != 0xff) {
		protocol = RC_PROTO_NECX;
		scancode = address << 16 | not_address << 8 | command;
	} else {
		protocol = RC_PROTO_NEC;
		scancode = address << 8 | command;
	}
	bpf_rc_keydown(sample, protocol, scancode, 0);
}

SEC("lirc_mode2/nec_bpf")
int nec_bpf(unsigned int *sample)
{
	struct nec_decoder *d = &nec;
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
	case NEC_STATE_INACTIVE:
		if (!pulse)
			break;
		if (ir_eq_margin(duration, NEC_HEADER_PULSE, 2 * NEC_UNIT)) {
			d->is_nec_x = 0;
			d->necx_repeat = 0;
		} else if (ir_eq_margin(duration, NECX_HEADER_PULSE, m)) {
			d->is_nec_x = 1;
		} else {
			break;
		}
		d->count = 0;
		d->state = NEC_STATE_HEADER_SPACE;
		return 0;

	case NEC_STATE_HEADER_SPACE:
		if (pulse)
			break;
		if (ir_eq_margin(duration, NEC_HEADER_SPACE, NEC_UNIT)) {
			d->state = NEC_STATE_BIT_PULSE;
			return 0;
		}
		if (ir_eq_margin(duration, NEC_REPEAT_SPACE, m)) {
			/* A repeat frame: count stays 0 until the trailer. */
			d->state = NEC_STATE_TRAILER_PULSE;
			return 0;
		}
		break;

	case NEC_STATE_BIT_PULSE:
		if (!pulse || !ir_eq_margin(duration, NEC_BIT_PULSE, m))
			break;
		d->state = NEC_STATE_BIT_SPACE;
		return 0;

	case NEC_STATE_BIT_SPACE:
		if (pulse)
			break;
		if (d->necx_repeat && d->count == NECX_REPEAT_BITS &&
		    ir_geq_margin(duration, NEC_TRAILER_SPACE, m)) {
			bpf_rc_repeat(sample);
			d->state = NEC_STATE_INACTIVE;
			return 0;
		}
		if (d->count > NECX_REPEAT_BITS)
			d->necx_repeat = 0;
		if (ir_eq_margin(duration, NEC_BIT_1_SPACE, m))
			d->bits = d->bits << 1 | 1;
		else if (ir_eq_margin(duration, NEC_BIT_0_SPACE, m))
			d->bits = d->bits << 1;
		else
			break;
		d->count++;
		d->state = d->count == NEC_NBITS ? NEC_STATE_TRAILER_PULSE : NEC_STATE_BIT_PULSE;
		return 0;

	case NEC_STATE_TRAILER_PULSE:
		if (!pulse || !ir_eq_margin(duration, NEC_TRAILER_PULSE, m))
			break;
		d->state = NEC_STATE_TRAILER_SPACE;
		return 0;

	case NEC_STATE_TRAILER_SPACE:
		if (pulse || !ir_geq_margin(duration, NEC_TRAILER_SPACE, m))
			break;
		if (d->count == NEC_NBITS) {
			if (d->is_nec_x)
				d->necx_repeat = 1;
			nec_report(sample, d->bits);
		} else {
			bpf_rc_repeat(sample);
		}
		d->state = NEC_STATE_INACTIVE;
		return 0;
	}

reset:
	d->state = NEC_STATE_INACTIVE;
	return 0;
}

char _license[] SEC("license") = "GPL";
