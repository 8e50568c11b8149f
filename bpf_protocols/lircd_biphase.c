// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lircd_biphase: one decoder for every bi-phase remote of a lircd.conf (SHIFT_ENC,
 * RC5, RC6), their timings in maps (lircd_biphase_table.h), so that one program serves
 * any number of remotes.
 *
 * The first pulse and space of a frame are looked up in the index map: that gives the
 * few descriptors (at most LIRCD_SPACE_CANDIDATES) whose frame may start so. Each
 * candidate reads the frame as a sequence of parts (header pulse, header space, plead,
 * then two halves per bit) of which one sample covers one, or two of the same kind; a
 * bit's value is the kind of its first half (a space: 1). The work per sample is
 * bounded by the number of candidates, not by the number of remotes. A space that ends
 * the frame (end_space, or a timeout) reports the first candidate, in the index's
 * order, that read a whole frame of a length it takes.
 *
 * Pulses are only kept: each pulse and the space after it are read at that space.
 */
#include "ir_decoder.h"
#include "ir_pointer.h"
#include "lircd_biphase_table.h"

#define LB_CANDIDATE_MASK	(LIRCD_SPACE_CANDIDATES - 1)

/* A candidate's place in the frame: the part its next sample starts with. */
enum lb_part {
	LB_HEADER_PULSE,
	LB_HEADER_SPACE,
	LB_PLEAD,
	LB_BITS,		/* LB_BITS + 2 * i + h: half h of bit i */
};

struct lb_candidate {
	unsigned long long bits;	/* the bits read, the last lowest */
	unsigned int remote;		/* descriptor index + 1; 0: no candidate */
	unsigned int part;		/* enum lb_part */
	unsigned int bit;		/* the value of the bit in progress */
	unsigned int unused;
};

/* All zero (as .bss starts) is the state between frames. */
struct lb_decoder {
	unsigned int pulse;		/* the pulse of the pair in progress; 0: none */
	unsigned int in_frame;		/* candidates are following a frame */
	struct lb_candidate candidate[LIRCD_SPACE_CANDIDATES];
};

struct bpf_map_def SEC("maps") lircd_biphase_remotes = {
	.type = BPF_MAP_TYPE_ARRAY,
	.key_size = sizeof(unsigned int),
	.value_size = sizeof(struct lircd_biphase_remote),
	.max_entries = LIRCD_BIPHASE_REMOTES_MAX,
};

struct bpf_map_def SEC("maps") lircd_biphase_index = {
	.type = BPF_MAP_TYPE_HASH,
	.key_size = sizeof(unsigned int),
	.value_size = sizeof(struct lircd_space_candidates),
	.max_entries = LIRCD_BIPHASE_INDEX_MAX,
	.map_flags = BPF_F_NO_PREALLOC,
};

IR_IMM_PARAM(rc_protocol) = 71;

static struct lb_decoder lb;

/* Where a frame starts that comes without its header (or has none). */
static __always_inline void lb_start_headerless(struct lb_candidate *c,
						const struct lircd_biphase_remote *r)
{
	c->bits = 0;
	if (r->plead) {
		c->part = LB_PLEAD;
	} else if (r->flags & LIRCD_BIPHASE_FIRST_ONE) {
		/* The first 1's space came before anything a receiver sees. */
		c->bits = 1;
		c->bit = 1;
		c->part = LB_BITS + 1;
	} else {
		c->part = LB_BITS;
	}
}

/*
 * The duration of the part a sample of this kind (pulse: 1) may start with, 0 when no
 * such sample can come there. At a bit's first half the kind gives the bit.
 */
static __always_inline unsigned int lb_part(struct lb_candidate *c,
					    const struct lircd_biphase_remote *r, int pulse)
{
	unsigned int part = c->part, i, d;

	if (part == LB_HEADER_PULSE)
		return pulse ? r->header_pulse : 0;
	if (part == LB_HEADER_SPACE)
		return pulse ? 0 : r->header_space;
	if (part == LB_PLEAD)
		return pulse ? r->plead : 0;
	i = (part - LB_BITS) >> 1;
	if (i >= r->bits)
		return 0;
	if (!((part - LB_BITS) & 1)) {
		c->bit = !pulse;
		d = pulse ? r->zero_pulse : r->one_space;
	} else {
		if ((unsigned int)pulse != c->bit)
			return 0;
		d = pulse ? r->one_pulse : r->zero_space;
	}
	return lircd_biphase_double(r, i & (LIRCD_BIPHASE_BITS_MAX - 1)) ? d << 1 : d;
}

/* Past the part just read: a bit's first half adds the bit. */
static __always_inline void lb_advance(struct lb_candidate *c,
				       const struct lircd_biphase_remote *r)
{
	if (c->part == LB_HEADER_SPACE && !r->plead)
		c->part = LB_PLEAD;	/* so the next part is the first bit */
	if (c->part >= LB_BITS && !((c->part - LB_BITS) & 1))
		c->bits = c->bits << 1 | c->bit;
	c->part++;
}

/* A sample of one kind and duration d, not the frame's end: 1 while the frame goes on. */
static __always_inline int lb_sample(struct lb_candidate *c,
				     const struct lircd_biphase_remote *r, int pulse,
				     unsigned int d)
{
	unsigned int m = r->margin, want;

	/* A frame without its header: its first sample is read again from the start. */
	if (c->part == LB_HEADER_PULSE && (r->flags & LIRCD_BIPHASE_HEADER_OPTIONAL) &&
	    !ir_eq_margin(d, r->header_pulse, m))
		lb_start_headerless(c, r);
	if (c->part == LB_HEADER_PULSE && !r->header_pulse)
		lb_start_headerless(c, r);
	want = lb_part(c, r, pulse);
	if (!want)
		return 0;
	if (ir_eq_margin(d, want, m)) {
		lb_advance(c, r);
		return 1;
	}
	if (d < want + m)
		return 0;
	/* Longer: this part and the next, of the same kind, in one sample. */
	lb_advance(c, r);
	d -= want;
	want = lb_part(c, r, pulse);
	if (!want || !ir_eq_margin(d, want, m))
		return 0;
	lb_advance(c, r);
	return 1;
}

/* The bits of a whole frame when a space ending it comes now, else -1. */
static __always_inline int lb_end(const struct lb_candidate *c,
				  const struct lircd_biphase_remote *r)
{
	unsigned int part = c->part, n;

	if (part < LB_BITS)
		return -1;
	n = (part - LB_BITS) >> 1;
	/* In a 0's second half: that space runs into the gap. */
	if ((part - LB_BITS) & 1) {
		if (c->bit)
			return -1;
		n++;
	}
	if (n > LIRCD_BIPHASE_BITS_MAX || !lircd_biphase_takes_length(r, n))
		return -1;
	return (int)n;
}

static __always_inline void lb_report(unsigned int *sample, const struct lb_candidate *c,
				      int n)
{
	unsigned long long scancode = c->bits;

	if (n < LIRCD_BIPHASE_BITS_MAX)
		scancode |= 1ULL << (n & (LIRCD_BIPHASE_BITS_MAX - 1));
	ir_keydown(sample, IR_IMM(rc_protocol), scancode, 0);
}

/*
 * The pair (p, s) for candidate j: returns 1 while it goes on. *done: a frame of this
 * pair has been reported (by an earlier candidate, or now).
 */
static __always_inline int lb_candidate_pair(unsigned int *sample, struct lb_decoder *d,
					     unsigned int j, unsigned int p, unsigned int s,
					     int timeout, int *done)
{
	struct lb_candidate *c = &d->candidate[ir_bound(j, LB_CANDIDATE_MASK)];
	const struct lircd_biphase_remote *r;
	unsigned int key = c->remote - 1;
	int n;

	if (!c->remote)
		return 0;
	r = bpf_map_lookup_elem(&lircd_biphase_remotes, &key);
	if (!r || !lb_sample(c, r, 1, p))
		goto dead;
	if (timeout || s >= r->end_space) {
		n = lb_end(c, r);
		if (n >= 0 && !*done) {
			*done = 1;
			lb_report(sample, c, n);
		}
		goto dead;
	}
	if (lb_sample(c, r, 0, s))
		return 1;
dead:
	c->remote = 0;
	return 0;
}

/* The first pair of a frame: the candidates of the index, at their frames' start. */
static __always_inline void lb_start(struct lb_decoder *d, unsigned int p, unsigned int s,
				     int timeout)
{
	unsigned int key = lircd_space_index_key(lircd_space_bucket(p),
						 timeout ? LIRCD_SPACE_BUCKET_LONG
							 : lircd_space_bucket(s));
	struct lircd_space_candidates *found;
	struct lb_candidate *c;
	unsigned int j;

	found = bpf_map_lookup_elem(&lircd_biphase_index, &key);
	for (j = 0; j < LIRCD_SPACE_CANDIDATES; j++) {
		c = &d->candidate[j];
		c->remote = found ? found->remote[j] : 0;
		c->part = LB_HEADER_PULSE;
		c->bits = 0;
		c->bit = 0;
	}
	d->in_frame = 1;
}

SEC("lirc_mode2/lircd_biphase")
int lircd_biphase(unsigned int *sample)
{
	struct lb_decoder *d = ir_state_base(&lb);
	unsigned int value = *sample;
	unsigned int duration = LIRC_VALUE(value);
	enum ir_sample_kind kind = ir_sample_kind(value);
	int timeout = LIRC_IS_TIMEOUT(value), done = 0;
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
		lb_start(d, p, duration, timeout);
	for (j = 0; j < LIRCD_SPACE_CANDIDATES; j++)
		going |= lb_candidate_pair(sample, d, j, p, duration, timeout, &done);
	d->in_frame = going;
	return 0;

reset:
	d->pulse = 0;
	d->in_frame = 0;
	return 0;
}

char _license[] SEC("license") = "GPL";
