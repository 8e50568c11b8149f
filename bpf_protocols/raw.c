// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * raw: matches the incoming signal against a keymap's raw patterns (rc_keymap(5),
 * [[protocols.raw]]), with no decoding: for remotes no protocol describes.
 *
 * The patterns are in the map "raw_patterns" (see raw_pattern.h), filled by the
 * loader. Every pattern is a candidate when a pulse starts a frame; each sample rules
 * out the candidates whose duration at that position differs by margin or more. A
 * space of at least trail_space ends the frame: the first candidate that ended there
 * too is reported, protocol 68, its scancode. Once no candidate is left, samples cost
 * almost nothing until that space.
 *
 * The set of ruled-out patterns is a bitmap of 64-bit words: v4l-utils' decoder of the
 * same name shifts an int by up to 1023 bits, which is undefined and wrong past bit 31.
 */
#include "ir_decoder.h"
#include "raw_pattern.h"

#define RAW_BITMAP_WORDS	(RAW_MAX_PATTERNS / 64)
/* Positions are checked before use; ir_bound() shows the verifier too. */
#define RAW_POSITION_MASK	RAW_MAX_DURATIONS

/* All zero (as .bss starts) is the state between frames. */
struct raw_decoder {
	unsigned int pos;		/* samples of the frame matched so far */
	unsigned int none_left;		/* every pattern has been ruled out */
	unsigned long long nomatch[RAW_BITMAP_WORDS];
};

struct bpf_map_def SEC("maps") raw_patterns = {
	.type = BPF_MAP_TYPE_ARRAY,
	.key_size = sizeof(unsigned int),
	.value_size = sizeof(struct raw_pattern),
	.max_entries = RAW_MAX_PATTERNS,
};

IR_PARAM(int, margin) = 200;
IR_PARAM(int, trail_space) = 10000;
IR_PARAM(int, rc_protocol) = 68;

static struct raw_decoder raw;

static __always_inline void raw_reset(struct raw_decoder *d)
{
	int i;

	d->pos = 0;
	d->none_left = 0;
#pragma unroll
	for (i = 0; i < RAW_BITMAP_WORDS; i++)
		d->nomatch[i] = 0;
}

static __always_inline int raw_ruled_out(const struct raw_decoder *d, unsigned int i)
{
	return d->nomatch[(i / 64) % RAW_BITMAP_WORDS] >> (i % 64) & 1;
}

/* The frame ended at position pos: report the first candidate that ends there too. */
static __always_inline void raw_finish(unsigned int *sample, struct raw_decoder *d,
				       unsigned int pos)
{
	struct raw_pattern *p;
	unsigned int i, key;

	pos = ir_bound(pos, RAW_POSITION_MASK);
	for (i = 0; i < RAW_MAX_PATTERNS; i++) {
		key = i;
		p = bpf_map_lookup_elem(&raw_patterns, &key);
		if (!p || !p->durations[0])
			return;
		if (!raw_ruled_out(d, i) && !p->durations[pos]) {
			bpf_rc_keydown(sample, rc_protocol, p->scancode, 0);
			return;
		}
	}
}

/*
 * One more sample of the frame, at position pos: rule out the patterns it breaks.
 * Nothing but the index is carried from one iteration to the next in registers (the
 * "no candidate left" flag lives in the state), so the verifier's cost grows with the
 * number of patterns, not with its square.
 */
static __always_inline void raw_match(struct raw_decoder *d, unsigned int pos, long duration,
				      long m)
{
	struct raw_pattern *p;
	unsigned int i, key;
	long expected;

	pos = ir_bound(pos, RAW_POSITION_MASK);
	d->none_left = 1;
	for (i = 0; i < RAW_MAX_PATTERNS; i++) {
		key = i;
		p = bpf_map_lookup_elem(&raw_patterns, &key);
		if (!p || !p->durations[0])
			break;
		if (raw_ruled_out(d, i))
			continue;
		expected = p->durations[pos];
		if (expected && ir_eq_margin(duration, expected, m))
			d->none_left = 0;
		else
			d->nomatch[(i / 64) % RAW_BITMAP_WORDS] |= 1ULL << (i % 64);
	}
}

SEC("lirc_mode2/raw")
int raw_decoder(unsigned int *sample)
{
	struct raw_decoder *d = &raw;
	unsigned int value = *sample;
	long duration = LIRC_VALUE(value);
	enum ir_sample_kind kind = ir_sample_kind(value);
	unsigned int pos = d->pos;

	if (kind == IR_SAMPLE_IGNORE)
		return 0;
	if (kind == IR_SAMPLE_RESET) {
		raw_reset(d);
		return 0;
	}

	if (kind == IR_SAMPLE_SPACE &&
	    (duration >= trail_space || LIRC_IS_TIMEOUT(value))) {
		if (pos > 0 && pos <= RAW_MAX_DURATIONS && !d->none_left)
			raw_finish(sample, d, pos);
		raw_reset(d);
		return 0;
	}

	/* Frames start with a pulse. */
	if (pos == 0 && kind != IR_SAMPLE_PULSE)
		return 0;
	if (pos >= RAW_MAX_DURATIONS) {
		/* Longer than any pattern can be. */
		d->none_left = 1;
		return 0;
	}
	if (!d->none_left)
		raw_match(d, pos, duration, margin);
	d->pos = pos + 1;
	return 0;
}

char _license[] SEC("license") = "GPL";
