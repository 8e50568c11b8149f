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
#include "ir_pointer.h"

#define NEC_UNIT		563		/* µs */
#define NEC_HEADER_PULSE	(16 * NEC_UNIT)
#define NECX_HEADER_PULSE	(8 * NEC_UNIT)
#define NEC_HEADER_SPACE	(8 * NEC_UNIT)
#define NEC_REPEAT_SPACE	(4 * NEC_UNIT)
#define NEC_BIT_PULSE		(1 * NEC_UNIT)
#define NEC_BIT_0_SPACE		(1 * NEC_UNIT)
#define NEC_BIT_1_SPACE		(3 * NEC_UNIT)
#define NEC_TRAILER_PULSE	(1 * NEC_UNIT)
#define NEC_TRAILER_SPACE	(10 * NEC_UNIT)	/* at least */

/*
 * The header keeps the kernel's own tolerances, fixed: its windows are constants, the
 * samples a (kind | duration) matches when expected - tolerance < duration <
 * expected + tolerance.
 */
#define NEC_HEADER_PULSE_TOLERANCE	(2 * NEC_UNIT)
#define NEC_HEADER_SPACE_TOLERANCE	NEC_UNIT
#define NEC_WINDOW_FIRST(kind, expected, tolerance) ((kind) | ((expected) - (tolerance) + 1))
#define NEC_WINDOW_LAST(kind, expected, tolerance) ((kind) | ((expected) + (tolerance) - 1))

/*
 * The bits come in under a 1 that starts at bit 31 and moves up with each bit: it
 * reaches bit 32 with the first bit, 33 with the second, 34 with the third, and 63
 * with the 32nd, when
 * the frame's bits are the low 32 and the word is negative (one jump tells it).
 */
#define NEC_BITS_START		(1ULL << 31)

/*
 * NEC_STATE_SETUP is the state of a decoder just loaded: its first sample sets up the
 * windows that depend on `margin` (fixed once loaded), then it is NEC_STATE_INACTIVE.
 * The states of the fourth to the 32nd bit come first: most samples are those. The
 * first three bits have states of their own: only there can a NEC-X repeat end the
 * frame (after one bit), and the kernel stops waiting for one on the third bit's space
 * (a bit or not); from the fourth bit on there is nothing to wait for, and the bit
 * states need no test of it. The trailer pulse of a
 * frame of 32 bits is a bit pulse (the same window) and the space after it is taken
 * in NEC_STATE_BIT_SPACE; the trailer states serve repeat frames.
 */
enum nec_state {
	NEC_STATE_SETUP,
	NEC_STATE_BIT_PULSE,
	NEC_STATE_BIT_SPACE,
	NEC_STATE_INACTIVE,
	NEC_STATE_HEADER_SPACE,
	NEC_STATE_LEAD_BIT_PULSE,
	NEC_STATE_LEAD_BIT_SPACE,
	NEC_STATE_TRAILER_PULSE,	/* of a repeat frame */
	NEC_STATE_TRAILER_SPACE,
	NEC_STATE_MAX,
};

struct nec_decoder {
	unsigned long long bits;	/* under the 1 of NEC_BITS_START */
	unsigned int state;
	unsigned int is_nec_x;		/* 4.5 ms header pulse */
	unsigned int necx_repeat;	/* a NEC-X repeat (header and one bit) may follow */
	/* Set up on the first sample, from `margin`. */
	struct ir_window bit_pulse;	/* the trailer pulse too: the same length */
	struct ir_window bit_0_space;
	struct ir_window bit_1_space;
	struct ir_window necx_header_pulse;
	struct ir_window repeat_space;
	struct ir_window trailer_space;	/* at least NEC_TRAILER_SPACE, within margin */
};

/*
 * The tolerance on bits, trailer, repeat space and NEC-X header pulse: half a unit, as
 * the kernel's.
 */
IR_PARAM(int, margin) = NEC_UNIT / 2;

static struct nec_decoder nec;

/*
 * Spaces whose duration d matches ir_geq_margin(d, expected, margin): a space window
 * up to the longest space (struct ir_window), empty when that is too short.
 */
static __always_inline void nec_window_at_least(struct ir_window *w, long expected,
						long margin)
{
	w->first = LIRC_MODE2_SPACE + expected - margin + 1;
	w->last = LIRC_MODE2_SPACE | LIRC_VALUE_MASK;
}

static __always_inline void nec_setup(struct nec_decoder *d)
{
	long m = margin;

	ir_window_set(&d->bit_pulse, LIRC_MODE2_PULSE, NEC_BIT_PULSE, m);
	ir_window_set(&d->bit_0_space, LIRC_MODE2_SPACE, NEC_BIT_0_SPACE, m);
	ir_window_set(&d->bit_1_space, LIRC_MODE2_SPACE, NEC_BIT_1_SPACE, m);
	ir_window_set(&d->necx_header_pulse, LIRC_MODE2_PULSE, NECX_HEADER_PULSE, m);
	ir_window_set(&d->repeat_space, LIRC_MODE2_SPACE, NEC_REPEAT_SPACE, m);
	nec_window_at_least(&d->trailer_space, NEC_TRAILER_SPACE, m);
}

/* The 32 bits of b in the opposite order. */
static __always_inline unsigned int nec_bitrev32(unsigned int b)
{
	b = b << 16 | b >> 16;
	b = (b & 0x00ff00ff) << 8 | (b >> 8 & 0x00ff00ff);
	b = (b & 0x0f0f0f0f) << 4 | (b >> 4 & 0x0f0f0f0f);
	b = (b & 0x33333333) << 2 | (b >> 2 & 0x33333333);
	b = (b & 0x55555555) << 1 | (b >> 1 & 0x55555555);
	return b;
}

/*
 * The kernel's byte order for the scancode of each NEC variant. The bytes came LSB
 * first, the first bit highest in bits: turned round once, the first byte is lowest.
 */
static __always_inline void nec_report(unsigned int *sample, unsigned int bits)
{
	unsigned int bytes = nec_bitrev32(bits);
	unsigned int address = bytes & 0xff;
	unsigned int not_address = bytes >> 8 & 0xff;
	unsigned int command = bytes >> 16 & 0xff;
	unsigned int not_command = bytes >> 24;
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
	ir_keydown(sample, protocol, scancode, 0);
}

/* bits, one bit further, if s is a bit space; 0 (which bits never are) if none. */
static __always_inline unsigned long long nec_bit(const struct nec_decoder *d,
						  unsigned long long bits, unsigned long s)
{
	bits <<= 1;
	if (ir_in_window(s, &d->bit_1_space))
		return bits | 1;
	if (ir_in_window(s, &d->bit_0_space))
		return bits;
	return 0;
}

/*
 * The space after the trailer pulse: the end of a frame of 32 bits, or of a repeat
 * frame (no bits).
 */
static __always_inline int nec_trailer_space(unsigned int *sample, struct nec_decoder *d,
					     unsigned int s)
{
	unsigned long long bits = d->bits;

	d->state = NEC_STATE_INACTIVE;
	if (!ir_in_window(s, &d->trailer_space))
		return 0;
	if ((long long)bits < 0) {
		if (d->is_nec_x)
			d->necx_repeat = 1;
		nec_report(sample, bits);
	} else {
		ir_repeat(sample);
	}
	return 0;
}

SEC("lirc_mode2/nec_bpf")
int nec_bpf(unsigned int *sample)
{
	struct nec_decoder *d = ir_opaque(&nec);
	unsigned long s = *sample;
	unsigned long long bits;
	unsigned int state;

	state = d->state;
	if (ir_sample_is_rare(s) &&
	    ir_rare_sample_skip(&s, &d->state, state, NEC_STATE_SETUP, NEC_STATE_INACTIVE))
		return 0;

	/* Every window holds samples of one kind: a match is a pulse, or a space. */
	if (state == NEC_STATE_BIT_PULSE) {
		if (!ir_in_window(s, &d->bit_pulse))
			goto lost;
		d->state = NEC_STATE_BIT_SPACE;
		return 0;
	}
	state = ir_opaque(state);
	if (state == NEC_STATE_BIT_SPACE) {
		bits = d->bits;
		/* All 32 bits in: the pulse was the trailer, this is the space after it. */
		if ((long long)bits < 0)
			return nec_trailer_space(sample, d, s);
		bits <<= 1;
		if (ir_in_window(s, &d->bit_1_space))
			bits |= 1;
		else if (!ir_in_window(s, &d->bit_0_space))
			goto lost;
		d->bits = bits;
		d->state = NEC_STATE_BIT_PULSE;
		return 0;
	}

	if (ir_state_is_setup(state, NEC_STATE_SETUP)) {
		nec_setup(d);
		state = NEC_STATE_INACTIVE;
	}
	switch (ir_opaque(state)) {
	case NEC_STATE_INACTIVE:
		if (s >= NEC_WINDOW_FIRST(LIRC_MODE2_PULSE, NEC_HEADER_PULSE,
					  NEC_HEADER_PULSE_TOLERANCE) &&
		    s <= NEC_WINDOW_LAST(LIRC_MODE2_PULSE, NEC_HEADER_PULSE,
					 NEC_HEADER_PULSE_TOLERANCE)) {
			d->is_nec_x = 0;
			d->necx_repeat = 0;
		} else if (ir_in_window(s, &d->necx_header_pulse)) {
			d->is_nec_x = 1;
		} else {
			break;
		}
		d->bits = NEC_BITS_START;
		d->state = NEC_STATE_HEADER_SPACE;
		return 0;

	case NEC_STATE_HEADER_SPACE:
		if (s >= NEC_WINDOW_FIRST(LIRC_MODE2_SPACE, NEC_HEADER_SPACE,
					  NEC_HEADER_SPACE_TOLERANCE) &&
		    s <= NEC_WINDOW_LAST(LIRC_MODE2_SPACE, NEC_HEADER_SPACE,
					 NEC_HEADER_SPACE_TOLERANCE)) {
			d->state = NEC_STATE_LEAD_BIT_PULSE;
			return 0;
		}
		if (ir_in_window(s, &d->repeat_space)) {
			/* A repeat frame: no bits until the trailer. */
			d->state = NEC_STATE_TRAILER_PULSE;
			return 0;
		}
		break;

	case NEC_STATE_LEAD_BIT_PULSE:
		if (!ir_in_window(s, &d->bit_pulse))
			break;
		d->state = NEC_STATE_LEAD_BIT_SPACE;
		return 0;

	case NEC_STATE_LEAD_BIT_SPACE:
		bits = d->bits;
		if (bits >> 33) {
			/* The third bit: any space ends the wait for a NEC-X repeat. */
			if (!LIRC_IS_PULSE((unsigned int)s))
				d->necx_repeat = 0;
		} else if (bits >> 32 && d->necx_repeat && ir_in_window(s, &d->trailer_space)) {
			/* After one bit, a long space is a NEC-X repeat. */
			ir_repeat(sample);
			break;
		}
		bits = nec_bit(d, bits, s);
		if (!bits)
			break;
		d->bits = bits;
		d->state = bits >> 34 ? NEC_STATE_BIT_PULSE : NEC_STATE_LEAD_BIT_PULSE;
		return 0;

	case NEC_STATE_TRAILER_PULSE:
		if (!ir_in_window(s, &d->bit_pulse))
			break;
		d->state = NEC_STATE_TRAILER_SPACE;
		return 0;

	case NEC_STATE_TRAILER_SPACE:
		return nec_trailer_space(sample, d, s);
	}
	goto lost;

lost:
	d->state = NEC_STATE_INACTIVE;
	return 0;
}

char _license[] SEC("license") = "GPL";
