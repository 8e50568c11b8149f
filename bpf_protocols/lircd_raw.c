// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lircd_raw: one decoder for every RAW_CODES remote of a lircd.conf, their buttons'
 * durations as patterns in maps (lircd_raw_table.h), so that one program serves any
 * number of remotes.
 *
 * A frame's first pulse and space are looked up in the index map: that gives the
 * pattern ranges of the few remotes (at most LIRCD_RAW_REMOTES) whose buttons may
 * start so, and the patterns of those that match the pair are the candidates. Each
 * later sample keeps the candidates whose duration at that position it matches, in
 * order, so the work per sample is bounded by the candidates left, not by the number
 * of remotes. A space that ends a candidate's pattern (its remote's end_space, or a
 * timeout, after its last pulse) reports the first such candidate's scancode. A frame
 * no candidate matches is ignored up to a space of sync_space or more.
 */
#include "ir_decoder.h"
#include "ir_pointer.h"
#include "lircd_raw_table.h"

#define LR_POSITION_MASK	LIRCD_RAW_DURATIONS_MAX
#define LR_ALIVE_MASK		(LIRCD_RAW_ALIVE_MAX - 1)

/* All zero (as .bss starts) is the state between frames. */
struct lr_decoder {
	unsigned int pulse;	/* a frame's first pulse, waiting for its space; 0: none */
	unsigned int pos;	/* durations of the frame matched so far; 0: between frames */
	unsigned int alive;	/* candidates left: the first alive of candidate[] */
	unsigned int skip;	/* no candidate left: wait for a space of sync_space */
	unsigned short candidate[LIRCD_RAW_ALIVE_MAX];
};

struct bpf_map_def SEC("maps") lircd_raw_patterns = {
	.type = BPF_MAP_TYPE_ARRAY,
	.key_size = sizeof(unsigned int),
	.value_size = sizeof(struct lircd_raw_pattern),
	.max_entries = LIRCD_RAW_PATTERNS_MAX,
};

struct bpf_map_def SEC("maps") lircd_raw_index = {
	.type = BPF_MAP_TYPE_HASH,
	.key_size = sizeof(unsigned int),
	.value_size = sizeof(struct lircd_raw_remotes),
	.max_entries = LIRCD_RAW_INDEX_MAX,
	.map_flags = BPF_F_NO_PREALLOC,
};

IR_IMM_PARAM(rc_protocol) = 72;
IR_IMM_PARAM(sync_space) = 10000;
/*
 * The most candidates one index entry gives, at most LIRCD_RAW_ALIVE_MAX: the loader
 * sets it from its index, so that the kernel's verifier walks the loops below that
 * many times, not LIRCD_RAW_ALIVE_MAX times.
 */
IR_IMM_PARAM(candidates) = LIRCD_RAW_ALIVE_MAX;

static struct lr_decoder lr;

/* j is past the candidates there can be (an immediate the verifier knows, once loaded). */
static __always_inline int lr_past_candidates(unsigned int j)
{
	return j >= (unsigned int)IR_IMM(candidates);
}

/*
 * Keep pattern key as the next candidate. The count lives in the state, not in a
 * register, so that the verifier does not follow every count a register could hold.
 */
static __always_inline void lr_keep(struct lr_decoder *d, unsigned int key)
{
	unsigned int kept = d->alive;

	d->candidate[ir_bound(kept, LR_ALIVE_MASK)] = (unsigned short)key;
	d->alive = kept + 1;
}

/* A space that ends pattern pat after its last pulse. */
static __always_inline int lr_ends(const struct lircd_raw_pattern *pat, unsigned int s,
				   int timeout)
{
	return timeout || s >= pat->end_space;
}

/*
 * The first pair (p, s) of a frame: the patterns of the index's remotes that it
 * matches become the candidates. Returns 1 when a pattern of one pulse ended there
 * (it is reported).
 */
static __always_inline int lr_start(unsigned int *sample, struct lr_decoder *d,
				    unsigned int p, unsigned int s, int timeout)
{
	unsigned int key = lircd_raw_index_key(lircd_raw_bucket(p),
					       timeout ? LIRCD_RAW_BUCKET_LONG
						       : lircd_raw_bucket(s));
	const struct lircd_raw_remotes *found;
	const struct lircd_raw_pattern *pat;
	unsigned int r, k, first, count, index;

	d->alive = 0;
	found = bpf_map_lookup_elem(&lircd_raw_index, &key);
	if (!found)
		return 0;
	for (r = 0; r < LIRCD_RAW_REMOTES; r++) {
		first = found->first[r];
		count = found->count[r];
		for (k = 0; k < LIRCD_RAW_ALIVE_MAX; k++) {
			if (k >= count || lr_past_candidates(k))
				break;
			index = first + k;
			pat = bpf_map_lookup_elem(&lircd_raw_patterns, &index);
			if (!pat || !ir_eq_margin(p, pat->durations[0], pat->margin))
				continue;
			if (!pat->durations[1]) {
				if (!lr_ends(pat, s, timeout))
					continue;
				ir_keydown(sample, IR_IMM(rc_protocol), pat->scancode, 0);
				return 1;
			}
			if (!timeout && ir_eq_margin(s, pat->durations[1], pat->margin))
				lr_keep(d, index);
		}
	}
	return 0;
}

/*
 * Sample d1 at position pos of the frame: the candidates it matches stay, in order.
 * A space after a candidate's last pulse that ends it reports it: returns 1.
 */
static __always_inline int lr_step(unsigned int *sample, struct lr_decoder *d,
				   unsigned int pos, unsigned int d1, int space, int timeout)
{
	unsigned int j, key, expected, alive = d->alive;
	const struct lircd_raw_pattern *pat;

	pos = ir_bound(pos, LR_POSITION_MASK);
	d->alive = 0;
	for (j = 0; j < LIRCD_RAW_ALIVE_MAX; j++) {
		if (j >= alive || lr_past_candidates(j))
			break;
		key = d->candidate[j];
		pat = bpf_map_lookup_elem(&lircd_raw_patterns, &key);
		if (!pat)
			continue;
		expected = pat->durations[pos];
		if (!expected) {
			if (!space || !lr_ends(pat, d1, timeout))
				continue;
			ir_keydown(sample, IR_IMM(rc_protocol), pat->scancode, 0);
			return 1;
		}
		if (!timeout && ir_eq_margin(d1, expected, pat->margin))
			lr_keep(d, key);
	}
	return 0;
}

SEC("lirc_mode2/lircd_raw")
int lircd_raw(unsigned int *sample)
{
	struct lr_decoder *d = ir_state_base(&lr);
	unsigned int value = *sample;
	unsigned int duration = LIRC_VALUE(value);
	enum ir_sample_kind kind = ir_sample_kind(value);
	int timeout = LIRC_IS_TIMEOUT(value);
	int space = kind == IR_SAMPLE_SPACE;
	int sync = space && (timeout || duration >= (unsigned int)IR_IMM(sync_space));
	unsigned int pos = d->pos, p = d->pulse;

	if (kind == IR_SAMPLE_IGNORE)
		return 0;
	if (kind == IR_SAMPLE_RESET)
		goto reset;
	if (d->skip) {
		if (sync)
			goto reset;
		return 0;
	}
	if (pos == 0) {
		if (!space) {
			/* A pulse starts a frame (a second one in a row starts it again). */
			d->pulse = duration;
			return 0;
		}
		if (!p)
			return 0;
		d->pulse = 0;
		if (lr_start(sample, d, p, duration, timeout))
			return 0;
		if (!d->alive)
			goto lost;
		d->pos = 2;
		return 0;
	}
	/* Pulses at even positions, spaces at odd ones; no pattern is longer. */
	if (space != (int)(pos & 1) || pos >= LIRCD_RAW_DURATIONS_MAX)
		goto lost;
	if (lr_step(sample, d, pos, duration, space, timeout))
		goto reset;
	if (!d->alive)
		goto lost;
	d->pos = pos + 1;
	return 0;

lost:
	/* No pattern matches this frame: nothing until a space ends it. */
	d->pos = 0;
	d->alive = 0;
	d->skip = !sync;
	return 0;
reset:
	d->pos = 0;
	d->alive = 0;
	d->pulse = 0;
	d->skip = 0;
	return 0;
}

char _license[] SEC("license") = "GPL";
