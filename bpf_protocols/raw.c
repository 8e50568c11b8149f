// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * raw: matches the incoming signal against a keymap's raw patterns (rc_keymap(5),
 * [[protocols.raw]]), with no decoding: for remotes no protocol describes.
 *
 * The patterns are in the map "raw_patterns" (see raw_pattern.h), filled by the
 * loader. Every pattern is a candidate when a pulse starts a frame; each sample rules
 * out the candidates whose duration at that position differs by margin or more. A
 * space of at least trail_space ends the frame: the first candidate that ended there
 * too is reported, protocol 68, its scancode.
 *
 * The candidates still in the running are a list of pattern indices, in pattern order,
 * that each sample shortens in place: a sample costs one map lookup per candidate left
 * (usually one or none a few samples into a frame), not one per pattern, and nothing
 * once none is left. (v4l-utils' decoder of the same name walks every pattern on
 * every sample, and its bitmap of ruled-out patterns, an int shifted by up to 1023
 * bits, is wrong past bit 31.)
 */
#include "ir_decoder.h"
#include "ir_pointer.h"
#include "raw_pattern.h"

/* Positions and list indices are checked before use; ir_bound() shows the verifier. */
#define RAW_POSITION_MASK	RAW_MAX_DURATIONS
#define RAW_INDEX_MASK		(RAW_MAX_PATTERNS - 1)

/* All zero (as .bss starts) is the state between frames. */
struct raw_decoder {
	unsigned int pos;		/* samples of the frame matched so far */
	unsigned int alive;		/* candidates left: the first alive of candidate[] */
	unsigned short candidate[RAW_MAX_PATTERNS];
};

struct bpf_map_def SEC("maps") raw_patterns = {
	.type = BPF_MAP_TYPE_ARRAY,
	.key_size = sizeof(unsigned int),
	.value_size = sizeof(struct raw_pattern),
	.max_entries = RAW_MAX_PATTERNS,
};

IR_IMM_PARAM(margin) = 200;
IR_IMM_PARAM(trail_space) = 10000;
IR_IMM_PARAM(rc_protocol) = 68;
/*
 * Entries of raw_patterns to look at, at most RAW_MAX_PATTERNS: the loader sets it to
 * the number of patterns it fills in. The kernel's verifier walks each loop below once
 * per pattern it may look at; with the patterns of a keymap counted, that is a dozen
 * where it would be RAW_MAX_PATTERNS (85,000 instructions verified, 0.3 s of CPU time
 * at every load).
 */
IR_IMM_PARAM(patterns) = RAW_MAX_PATTERNS;

/* i is past the patterns to look at (an immediate the verifier knows, once loaded). */
static __always_inline int raw_past_patterns(unsigned int i)
{
	return i >= (unsigned int)IR_IMM(patterns);
}

static struct raw_decoder raw;

/* The frame ended at position pos: report the first candidate that ends there too. */
static __always_inline void raw_finish(unsigned int *sample, const struct raw_decoder *d,
				       unsigned int pos)
{
	unsigned int alive = d->alive;
	struct raw_pattern *p;
	unsigned int j, key;

	pos = ir_bound(pos, RAW_POSITION_MASK);
	for (j = 0; j < RAW_MAX_PATTERNS; j++) {
		if (j >= alive || raw_past_patterns(j))
			return;
		key = d->candidate[j];
		p = bpf_map_lookup_elem(&raw_patterns, &key);
		if (p && !p->durations[pos]) {
			ir_keydown(sample, IR_IMM(rc_protocol), p->scancode, 0);
			return;
		}
	}
}

/*
 * Keep pattern i as the next candidate. The count lives in the state, not in a
 * register: the verifier would follow every count a register could hold at every
 * iteration (more than its million instructions with 512 patterns), where a value
 * loaded from a map is simply unknown to it.
 */
static __always_inline void raw_keep(struct raw_decoder *d, unsigned int i)
{
	unsigned int kept = d->alive;

	d->candidate[ir_bound(kept, RAW_INDEX_MASK)] = i;
	d->alive = kept + 1;
}

/*
 * The first sample of a frame, a pulse: every pattern, up to the first empty one, is
 * a candidate; those it matches are the list.
 */
static __always_inline void raw_start(struct raw_decoder *d, long d1, long width)
{
	struct raw_pattern *p;
	unsigned int i, key;

	d->alive = 0;
	for (i = 0; i < RAW_MAX_PATTERNS; i++) {
		if (raw_past_patterns(i))
			break;
		key = i;
		p = bpf_map_lookup_elem(&raw_patterns, &key);
		if (!p || !p->durations[0])
			break;
		if (ir_eq_window(d1, p->durations[0], width))
			raw_keep(d, i);
	}
}

/*
 * One more sample of the frame, at position pos: the candidates it matches stay, in
 * order. A candidate whose pattern has ended (duration 0) is out.
 */
static __always_inline void raw_match(struct raw_decoder *d, unsigned int pos, long d1,
				      long width)
{
	unsigned int j, key, expected, alive = d->alive;
	struct raw_pattern *p;

	pos = ir_bound(pos, RAW_POSITION_MASK);
	d->alive = 0;
	for (j = 0; j < RAW_MAX_PATTERNS; j++) {
		if (j >= alive || raw_past_patterns(j))
			break;
		key = d->candidate[j];
		p = bpf_map_lookup_elem(&raw_patterns, &key);
		if (!p)
			continue;
		expected = p->durations[pos];
		if (expected && ir_eq_window(d1, expected, width))
			raw_keep(d, key);
	}
}

SEC("lirc_mode2/raw")
int raw_decoder(unsigned int *sample)
{
	struct raw_decoder *d = ir_state_base(&raw);
	unsigned int value = *sample;
	long duration = LIRC_VALUE(value);
	enum ir_sample_kind kind = ir_sample_kind(value);
	unsigned int pos = d->pos;
	long m, width;

	if (kind == IR_SAMPLE_IGNORE)
		return 0;
	if (kind == IR_SAMPLE_RESET)
		goto reset;

	if (kind == IR_SAMPLE_SPACE &&
	    (duration >= (int)IR_IMM(trail_space) || LIRC_IS_TIMEOUT(value))) {
		if (pos > 0 && pos <= RAW_MAX_DURATIONS && d->alive)
			raw_finish(sample, d, pos);
		goto reset;
	}

	if (pos == 0) {
		/* Frames start with a pulse. */
		if (kind != IR_SAMPLE_PULSE)
			return 0;
	} else if (!d->alive) {
		/* Nothing left to match until the frame ends. */
		return 0;
	} else if (pos >= RAW_MAX_DURATIONS) {
		/* Longer than any pattern can be. */
		d->alive = 0;
		return 0;
	}
	m = (int)IR_IMM(margin);	/* an int, as the loader takes it */
	/* No duration lies within a margin of 0 or less: nothing matches. */
	if (m <= 0) {
		d->alive = 0;
		d->pos = pos + 1;
		return 0;
	}
	width = 2 * m - 1;
	if (pos)
		raw_match(d, pos, duration + m - 1, width);
	else
		raw_start(d, duration + m - 1, width);
	d->pos = pos + 1;
	return 0;

reset:
	d->pos = 0;
	d->alive = 0;
	return 0;
}

char _license[] SEC("license") = "GPL";
