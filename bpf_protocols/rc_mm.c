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
#include "ir_pointer.h"

#define RCMM_MAX_BITS	64
#define RCMM_MAX_PAIRS	(RCMM_MAX_BITS / 2)

/*
 * RC_MM_STATE_SETUP is the state of a decoder just loaded: its first sample sets up
 * the windows (the parameters do not change once it is loaded), then it is
 * RC_MM_STATE_IDLE. The two states of the bits come first: most samples are bits.
 */
enum rc_mm_state {
	RC_MM_STATE_SETUP,
	RC_MM_STATE_BIT_PULSE,
	RC_MM_STATE_BIT_SPACE,
	RC_MM_STATE_IDLE,
	RC_MM_STATE_HEADER_SPACE,
	RC_MM_STATE_TRAILER,
	RC_MM_STATE_BIT_SPACE_UNSORTED,	/* the spaces do not grow from 00 to 11 */
	RC_MM_STATE_GAP,		/* after the trailer */
	RC_MM_STATE_MAX,
};

struct rc_mm_decoder {
	unsigned long long bits;
	unsigned int state;
	unsigned int left;		/* pairs of bits still to come */
	/* Set up on the first sample, from the parameters. */
	unsigned int frame_pairs;	/* more than RCMM_MAX_PAIRS: no frame ends */
	unsigned int space_state;	/* after a bit pulse */
	struct ir_window bit_pulse;
	struct ir_window bit_space[4];	/* the spaces of 00, 01, 10 and 11 */
	struct ir_window header_pulse;
	struct ir_window header_space;
	struct ir_window trailer;
	struct ir_window gap;		/* spaces longer than any bit's */
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

/*
 * All ones when the space window w holds a space, else 0: its last is at least its
 * first, and at least 0 (struct ir_window: a space window's first may lie below 0).
 */
static __always_inline long rc_mm_window_holds_any(const struct ir_window *w)
{
	return ~ir_sign_mask(w->last - w->first) & ~ir_sign_mask(w->last);
}

/*
 * When sorted is all ones, w begins past the end of the window before it (which
 * ends no later than w); no branch.
 */
static __always_inline void rc_mm_trim(struct ir_window *w, const struct ir_window *before,
				       long sorted)
{
	long first = w->first;

	w->first = first + ((ir_max(first, before->last + 1) - first) & sorted);
}

/* No branch in here: see ir_sign_mask(). */
static __always_inline void rc_mm_setup(struct rc_mm_decoder *d)
{
	long m = margin;
	long space0 = bit_0_space, space1 = bit_1_space;
	long space2 = bit_2_space, space3 = bit_3_space;
	struct ir_window *w;
	long sorted;

	/* A frame has at least one pair; one of more than 64 bits is never reported. */
	d->frame_pairs = (ir_min(ir_max(bits, 1), RCMM_MAX_BITS + 1) + 1) >> 1;
	ir_window_set(&d->bit_pulse, LIRC_MODE2_PULSE, bit_pulse, m);
	ir_window_set(&d->bit_space[0], LIRC_MODE2_SPACE, space0, m);
	ir_window_set(&d->bit_space[1], LIRC_MODE2_SPACE, space1, m);
	ir_window_set(&d->bit_space[2], LIRC_MODE2_SPACE, space2, m);
	ir_window_set(&d->bit_space[3], LIRC_MODE2_SPACE, space3, m);
	/*
	 * Spaces that grow from 00 to 11 (RC-MM's do) have windows that begin and end in
	 * that order too. Each is then trimmed to begin past the end of the one before:
	 * it keeps what no window before it holds, which is what it matched anyway (the
	 * first window that holds a space wins), and a space is found by halves.
	 */
	sorted = ~ir_sign_mask(space1 - space0) & ~ir_sign_mask(space2 - space1) &
		 ~ir_sign_mask(space3 - space2);
	/*
	 * The windows again from the state, not from the registers clang would keep
	 * them in: with that many values live it would move the context pointer out of
	 * the way on the path of every sample.
	 */
	w = ir_opaque(&d->bit_space[0]);
	sorted &= rc_mm_window_holds_any(&w[0]) & rc_mm_window_holds_any(&w[1]) &
		  rc_mm_window_holds_any(&w[2]) & rc_mm_window_holds_any(&w[3]);
	rc_mm_trim(&w[1], &w[0], sorted);
	rc_mm_trim(&w[2], &w[1], sorted);
	rc_mm_trim(&w[3], &w[2], sorted);
	d->space_state = RC_MM_STATE_BIT_SPACE_UNSORTED +
			 ((RC_MM_STATE_BIT_SPACE - RC_MM_STATE_BIT_SPACE_UNSORTED) & sorted);
	ir_window_set(&d->header_pulse, LIRC_MODE2_PULSE, header_pulse, m);
	ir_window_set(&d->header_space, LIRC_MODE2_SPACE, header_space, m);
	ir_window_set(&d->trailer, LIRC_MODE2_PULSE, trailer, m);
	d->gap.first = ir_max(ir_max(w[0].last, w[1].last), ir_max(w[2].last, w[3].last)) + 1;
	d->gap.last = LIRC_VALUE_MASK;
}

/* The two bits a space stands for, or -1; the first window that holds it wins. */
static __always_inline int rc_mm_value(const struct rc_mm_decoder *d, unsigned long s)
{
	if (ir_in_window(s, &d->bit_space[0]))
		return 0;
	if (ir_in_window(s, &d->bit_space[1]))
		return 1;
	if (ir_in_window(s, &d->bit_space[2]))
		return 2;
	if (ir_in_window(s, &d->bit_space[3]))
		return 3;
	return -1;
}

/* The same for trimmed windows: the half of 00 and 01, or of 10 and 11, then one. */
static __always_inline int rc_mm_value_sorted(const struct rc_mm_decoder *d, long s)
{
	const struct ir_window *w = d->bit_space;

	if (s <= w[1].last) {
		if (s >= w[1].first)
			return 1;
		return ir_in_window(s, &w[0]) ? 0 : -1;
	}
	if (s <= w[2].last)
		return s >= w[2].first ? 2 : -1;
	return ir_in_window(s, &w[3]) ? 3 : -1;
}

/* One more pair of bits; returns 0, or -1 if the frame is lost. */
static __always_inline int rc_mm_pair(struct rc_mm_decoder *d, int pair)
{
	if (pair < 0)
		return -1;
	d->bits = d->bits << 2 | pair;
	if (--d->left) {
		d->state = RC_MM_STATE_BIT_PULSE;
		return 0;
	}
	if (d->frame_pairs > RCMM_MAX_PAIRS)
		return -1;
	d->state = RC_MM_STATE_TRAILER;
	return 0;
}

SEC("lirc_mode2/rc_mm")
int rc_mm(unsigned int *sample)
{
	struct rc_mm_decoder *d = ir_opaque(&rc_mm_state);
	unsigned long s = *sample;
	unsigned int state;

	state = d->state;
	if (ir_sample_is_rare(s) &&
	    ir_rare_sample_skip(&s, &d->state, state, RC_MM_STATE_SETUP, RC_MM_STATE_IDLE))
		return 0;

	if (state == RC_MM_STATE_BIT_PULSE) {
		if (!ir_in_window(s, &d->bit_pulse))
			goto lost;
		d->state = d->space_state;
		return 0;
	}
	state = ir_opaque(state);
	if (state == RC_MM_STATE_BIT_SPACE) {
		if (rc_mm_pair(d, rc_mm_value_sorted(d, s)) < 0)
			goto lost;
		return 0;
	}

	if (ir_state_is_setup(state, RC_MM_STATE_SETUP)) {
		rc_mm_setup(d);
		state = RC_MM_STATE_IDLE;
	}
	switch (ir_opaque(state)) {
	case RC_MM_STATE_IDLE:
		if (!ir_in_window(s, &d->header_pulse))
			break;
		d->bits = 0;
		d->left = d->frame_pairs;
		d->state = RC_MM_STATE_HEADER_SPACE;
		return 0;

	case RC_MM_STATE_HEADER_SPACE:
		if (!ir_in_window(s, &d->header_space))
			break;
		d->state = RC_MM_STATE_BIT_PULSE;
		return 0;

	case RC_MM_STATE_BIT_SPACE_UNSORTED:
		if (rc_mm_pair(d, rc_mm_value(d, s)) < 0)
			break;
		return 0;

	case RC_MM_STATE_TRAILER:
		if (!ir_in_window(s, &d->trailer))
			break;
		d->state = RC_MM_STATE_GAP;
		return 0;

	case RC_MM_STATE_GAP:
		/*
		 * Not in v4l-utils' decoder: the trailer is followed by a space no bit has,
		 * or it was a bit pulse of a longer frame (which it reports: an RC-MM
		 * frame of 12, 24 or 32 bits read as its first 8).
		 */
		if (!ir_in_window(s, &d->gap))
			break;
		ir_keydown(sample, rc_protocol, d->bits, 0);
		d->state = RC_MM_STATE_IDLE;
		return 0;
	}

lost:
	d->state = RC_MM_STATE_IDLE;
	return 0;
}

char _license[] SEC("license") = "GPL";
