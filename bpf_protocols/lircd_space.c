// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lircd_space: one decoder for every space-coded (SPACE_ENC) remote of a lircd.conf,
 * their timings in maps (lircd_space_table.h), so that one program serves any number
 * of remotes.
 *
 * The first pulse and space of a frame are looked up in the index map: that gives the
 * few descriptors (at most LIRCD_SPACE_CANDIDATES) whose frame or repeat code may start
 * so. Each candidate follows two readings of the samples at once: a frame (header,
 * bits, trailer) and a repeat code (header when REPEAT_HEADER, the repeat pair,
 * trailer), since lircd tells a repeat code from a frame's start only by what follows
 * (a repeat code may equal the header). Every later pair is classified for those
 * candidates only: the work per sample is bounded by the number of candidates, not
 * by the number of remotes. A space that ends the frame (end_space, or a timeout)
 * reports the first candidate that read a whole frame (its bits as scancode, as many
 * as came: a descriptor may take frames of several lengths) or a
 * whole repeat code (a repeat, when that remote's key was the last reported).
 *
 * Pulses are only kept: each pair is judged at its space.
 */
#include "ir_decoder.h"
#include "ir_pointer.h"
#include "lircd_space_table.h"

#define LS_CANDIDATE_MASK	(LIRCD_SPACE_CANDIDATES - 1)

/* A candidate's reading as a frame. */
enum ls_frame_phase {
	LS_FRAME_DEAD,
	LS_FRAME_HEADER,	/* the header (or, optional, the first bit) comes */
	LS_FRAME_BITS,
	LS_FRAME_TRAILER,
	LS_FRAME_PHASE_MAX,
};

/* A candidate's reading as a repeat code. */
enum ls_repeat_phase {
	LS_REPEAT_DEAD,
	LS_REPEAT_HEADER,	/* REPEAT_HEADER: the header comes first */
	LS_REPEAT_PAIR,
	LS_REPEAT_TRAILER,
	LS_REPEAT_PHASE_MAX,
};

/* What a pair did to a candidate's readings. */
enum ls_outcome {
	LS_GOING,		/* a reading goes on */
	LS_DEAD,		/* no reading left */
	LS_FRAME,		/* a whole frame */
	LS_REPEAT,		/* a whole repeat code */
	LS_OUTCOME_MAX,
};

struct ls_candidate {
	unsigned long long bits;
	unsigned int remote;		/* descriptor index + 1; 0: no candidate */
	unsigned int frame;		/* enum ls_frame_phase */
	unsigned int repeat;		/* enum ls_repeat_phase */
	unsigned int left;		/* bits still to come */
};

/* All zero (as .bss starts) is the state between frames. */
struct ls_decoder {
	unsigned int pulse;		/* the pulse of the pair in progress; 0: none */
	unsigned int in_frame;		/* candidates are following a frame */
	unsigned int last_remote;	/* descriptor index + 1 of the last key reported */
	unsigned int done;		/* the frame has been reported */
	struct ls_candidate candidate[LIRCD_SPACE_CANDIDATES];
};

struct bpf_map_def SEC("maps") lircd_space_remotes = {
	.type = BPF_MAP_TYPE_ARRAY,
	.key_size = sizeof(unsigned int),
	.value_size = sizeof(struct lircd_space_remote),
	.max_entries = LIRCD_SPACE_REMOTES_MAX,
};

struct bpf_map_def SEC("maps") lircd_space_index = {
	.type = BPF_MAP_TYPE_HASH,
	.key_size = sizeof(unsigned int),
	.value_size = sizeof(struct lircd_space_candidates),
	.max_entries = LIRCD_SPACE_INDEX_MAX,
	.map_flags = BPF_F_NO_PREALLOC,
};

IR_IMM_PARAM(rc_protocol) = 70;

static struct ls_decoder ls;

static __always_inline int ls_near(unsigned int d, unsigned int expected, unsigned int margin)
{
	return ir_eq_margin(d, expected, margin);
}

/* One bit, or -1. last: the bit's space runs into the gap, its pulse tells it. */
static __always_inline int ls_bit(const struct lircd_space_remote *r, unsigned int p,
				  unsigned int s, int last)
{
	unsigned int m = r->margin;

	if (ls_near(p, r->one_pulse, m) && (last || ls_near(s, r->one_space, m)))
		return 1;
	if (ls_near(p, r->zero_pulse, m) && (last || ls_near(s, r->zero_space, m)))
		return 0;
	return -1;
}

/* Is s longer than any bit's space may be: a gap, once a frame is whole? */
static __always_inline int ls_gap(const struct lircd_space_remote *r, unsigned int s)
{
	unsigned int longest = r->one_space > r->zero_space ? r->one_space : r->zero_space;

	return s >= longest + r->margin;
}

/* The frame reading, on the pair (p, s); end: s ends the frame. */
static __always_inline int ls_frame_step(struct ls_candidate *c,
					 const struct lircd_space_remote *r,
					 unsigned int p, unsigned int s, int end)
{
	unsigned int m = r->margin, phase = c->frame;
	int last, bit;

	if (phase == LS_FRAME_HEADER) {
		if (r->header_pulse && !end && ls_near(p, r->header_pulse, m) &&
		    ls_near(s, r->header_space, m)) {
			c->frame = LS_FRAME_BITS;
			return LS_GOING;
		}
		if (!(r->flags & LIRCD_SPACE_HEADER_OPTIONAL) && r->header_pulse)
			goto dead;
		phase = LS_FRAME_BITS;
	}
	if (phase == LS_FRAME_BITS) {
		/* A shorter length of the descriptor's ends here, at its trailer. */
		if (end && r->trailer_pulse) {
			if (lircd_space_takes_length(r, r->bits - c->left) &&
			    ls_near(p, r->trailer_pulse, m))
				return LS_FRAME;
			goto dead;
		}
		/* With no trailer, a frame ends at its last bit, of whichever length. */
		last = end && !r->trailer_pulse &&
		       lircd_space_takes_length(r, r->bits - c->left + 1);
		if (end != last || (!end && c->left <= 1 && !r->trailer_pulse))
			goto dead;
		bit = ls_bit(r, p, s, last);
		if (bit < 0)
			goto dead;
		c->bits = c->bits << 1 | (unsigned int)bit;
		c->left--;
		if (last)
			return LS_FRAME;
		c->frame = c->left ? LS_FRAME_BITS : LS_FRAME_TRAILER;
		return LS_GOING;
	}
	/*
	 * After the trailer the frame is whole: the gap ends it, however short lircd.conf's
	 * gap is (shorter than end_space when barely longer than the header's space), as
	 * long as it is no bit's space.
	 */
	if (phase == LS_FRAME_TRAILER && (end || ls_gap(r, s)) &&
	    ls_near(p, r->trailer_pulse, m))
		return LS_FRAME;
dead:
	c->frame = LS_FRAME_DEAD;
	return LS_DEAD;
}

/* The repeat reading, on the pair (p, s). */
static __always_inline int ls_repeat_step(struct ls_candidate *c,
					  const struct lircd_space_remote *r,
					  unsigned int p, unsigned int s, int end)
{
	unsigned int m = r->margin, phase = c->repeat;

	if (phase == LS_REPEAT_HEADER) {
		if (end || !ls_near(p, r->header_pulse, m) || !ls_near(s, r->header_space, m))
			goto dead;
		c->repeat = LS_REPEAT_PAIR;
		return LS_GOING;
	}
	if (phase == LS_REPEAT_PAIR) {
		if (!ls_near(p, r->repeat_pulse, m))
			goto dead;
		if (r->repeat_trailer) {
			if (end || !ls_near(s, r->repeat_space, m))
				goto dead;
			c->repeat = LS_REPEAT_TRAILER;
			return LS_GOING;
		}
		/* No pulse after it: the repeat space runs into the gap. */
		if (end && s + m > r->repeat_space)
			return LS_REPEAT;
		goto dead;
	}
	if (phase == LS_REPEAT_TRAILER && end && ls_near(p, r->repeat_trailer, m))
		return LS_REPEAT;
dead:
	c->repeat = LS_REPEAT_DEAD;
	return LS_DEAD;
}

static __always_inline void ls_report(unsigned int *sample, struct ls_decoder *d,
				      const struct ls_candidate *c,
				      const struct lircd_space_remote *r, int outcome)
{
	unsigned long long bits = c->bits, flip;
	unsigned int n = r->bits - c->left;	/* the bits received */

	d->done = 1;
	if (outcome == LS_REPEAT) {
		if (d->last_remote == c->remote)
			ir_repeat(sample);
		return;
	}
	/* The bits came in first highest: sent LSB first, they are the other way round. */
	if (r->flags & LIRCD_SPACE_REVERSE)
		bits = ir_bitrev64(bits) >> ((LIRCD_SPACE_BITS_MAX - n) & (LIRCD_SPACE_BITS_MAX - 1));
	/* A frame and its toggle_mask twin are one scancode: the smaller of the two. */
	flip = (unsigned long long)r->flip_mask[1] << 32 | r->flip_mask[0];
	if ((bits ^ flip) < bits)
		bits ^= flip;
	d->last_remote = c->remote;
	ir_keydown(sample, IR_IMM(rc_protocol), bits, 0);
}

/*
 * The pair (p, s) for candidate j: returns 1 while one of its readings goes on. The
 * first whole frame or repeat code of the candidates, in their order, is reported.
 */
static __always_inline int ls_candidate_pair(unsigned int *sample, struct ls_decoder *d,
					     unsigned int j, unsigned int p, unsigned int s,
					     int timeout)
{
	struct ls_candidate *c = &d->candidate[ir_bound(j, LS_CANDIDATE_MASK)];
	const struct lircd_space_remote *r;
	unsigned int key = c->remote - 1;
	int end, frame, repeat;

	if (!c->remote)
		return 0;
	r = bpf_map_lookup_elem(&lircd_space_remotes, &key);
	if (!r) {
		c->remote = 0;
		return 0;
	}
	end = timeout || s >= r->end_space;
	frame = c->frame ? ls_frame_step(c, r, p, s, end) : LS_DEAD;
	repeat = c->repeat ? ls_repeat_step(c, r, p, s, end) : LS_DEAD;
	if (!d->done) {
		if (frame == LS_FRAME) {
			ls_report(sample, d, c, r, LS_FRAME);
		} else if (repeat == LS_REPEAT) {
			ls_report(sample, d, c, r, LS_REPEAT);
		}
	}
	if (end || (frame == LS_DEAD && repeat == LS_DEAD)) {
		c->remote = 0;
		return 0;
	}
	return 1;
}

/* The first pair of a frame: the candidates of the index, their readings started. */
static __always_inline void ls_start(struct ls_decoder *d, unsigned int p, unsigned int s,
				     int timeout)
{
	unsigned int key = lircd_space_index_key(lircd_space_bucket(p),
						 timeout ? LIRCD_SPACE_BUCKET_LONG
							 : lircd_space_bucket(s));
	struct lircd_space_candidates *found;
	const struct lircd_space_remote *r;
	struct ls_candidate *c;
	unsigned int j, index;

	found = bpf_map_lookup_elem(&lircd_space_index, &key);
	for (j = 0; j < LIRCD_SPACE_CANDIDATES; j++) {
		c = &d->candidate[j];
		c->remote = 0;
		if (!found)
			continue;
		c->remote = found->remote[j];
		index = c->remote - 1;
		r = c->remote ? bpf_map_lookup_elem(&lircd_space_remotes, &index) : NULL;
		if (!r) {
			c->remote = 0;
			continue;
		}
		c->bits = 0;
		c->left = r->bits;
		c->frame = LS_FRAME_HEADER;
		c->repeat = LS_REPEAT_DEAD;
		if (r->repeat_pulse)
			c->repeat = r->flags & LIRCD_SPACE_REPEAT_HEADER ? LS_REPEAT_HEADER
									 : LS_REPEAT_PAIR;
	}
	d->in_frame = 1;
	d->done = 0;
}

SEC("lirc_mode2/lircd_space")
int lircd_space(unsigned int *sample)
{
	struct ls_decoder *d = ir_state_base(&ls);
	unsigned int value = *sample;
	unsigned int duration = LIRC_VALUE(value);
	enum ir_sample_kind kind = ir_sample_kind(value);
	int timeout = LIRC_IS_TIMEOUT(value);
	unsigned int p = d->pulse, j, going = 0;

	if (kind == IR_SAMPLE_IGNORE)
		return 0;
	if (kind == IR_SAMPLE_RESET)
		goto reset;
	if (kind == IR_SAMPLE_PULSE) {
		/* Two pulses in a row (a space lost): this one starts again. */
		if (p)
			d->in_frame = 0;
		d->pulse = duration;
		return 0;
	}
	/* A space: it completes the pair in progress, if there is one. */
	if (!p)
		return 0;
	d->pulse = 0;
	if (!d->in_frame)
		ls_start(d, p, duration, timeout);
	for (j = 0; j < LIRCD_SPACE_CANDIDATES; j++)
		going |= ls_candidate_pair(sample, d, j, p, duration, timeout);
	/* Once a frame or repeat code is reported, the next pair starts another. */
	d->in_frame = going && !d->done;
	return 0;

reset:
	d->pulse = 0;
	d->in_frame = 0;
	return 0;
}

char _license[] SEC("license") = "GPL";
