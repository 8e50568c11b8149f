// SPDX-License-Identifier: GPL-2.0-or-later
/* The lircd_biphase decoder's descriptors and index of first pairs (lircd_biphase_index.h). */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "lircd_biphase_index.h"
#include "lircd_param.h"
#include "lircd_window.h"
#include "nls.h"

/* Durations of LIRC mode2 samples: 24 bits. */
#define DURATION_MAX 0xffffffu
/* The first pulse and space of a frame lie within its first three bits. */
#define FIRST_PAIR_BITS 3

int lircd_biphase_remote_set(struct lircd_biphase_remote *r, const char *name,
			     int64_t value, struct ir_error *err)
{
	static const struct lircd_param params[] = {
		LIRCD_PARAM_U32(struct lircd_biphase_remote, header_pulse),
		LIRCD_PARAM_U32(struct lircd_biphase_remote, header_space),
		LIRCD_PARAM_U32(struct lircd_biphase_remote, plead),
		LIRCD_PARAM_U32(struct lircd_biphase_remote, one_space),
		LIRCD_PARAM_U32(struct lircd_biphase_remote, one_pulse),
		LIRCD_PARAM_U32(struct lircd_biphase_remote, zero_pulse),
		LIRCD_PARAM_U32(struct lircd_biphase_remote, zero_space),
		LIRCD_PARAM_U32(struct lircd_biphase_remote, margin),
		LIRCD_PARAM_U32(struct lircd_biphase_remote, end_space),
		LIRCD_PARAM_U32(struct lircd_biphase_remote, bits),
		LIRCD_PARAM_FLAG("header_optional", struct lircd_biphase_remote, flags,
				 LIRCD_BIPHASE_HEADER_OPTIONAL),
		LIRCD_PARAM_FLAG("first_one", struct lircd_biphase_remote, flags,
				 LIRCD_BIPHASE_FIRST_ONE),
		LIRCD_PARAM_MASK64(struct lircd_biphase_remote, double_bits),
		LIRCD_PARAM_MASK64(struct lircd_biphase_remote, lengths),
	};

	return lircd_param_set(params, sizeof(params) / sizeof(params[0]), r, name, value,
			       err);
}

static unsigned int max_u(unsigned int a, unsigned int b)
{
	return a > b ? a : b;
}

static unsigned int min_u(unsigned int a, unsigned int b)
{
	return a < b ? a : b;
}

unsigned int lircd_biphase_end_space(const struct lircd_biphase_remote *r)
{
	unsigned int k = r->double_bits[0] || r->double_bits[1] ? 2 : 1;
	unsigned int longest = max_u(r->header_space + k * r->one_space,
				     k * (r->zero_space + r->one_space));

	return longest + r->margin;
}

static unsigned int distance(unsigned int a, unsigned int b)
{
	return a > b ? a - b : b - a;
}

/* The most any header part, plead or half of r lies from merged's. */
static unsigned int farthest(const struct lircd_biphase_remote *r,
			     const struct lircd_biphase_remote *merged)
{
	unsigned int most = distance(r->header_pulse, merged->header_pulse);

	most = max_u(most, distance(r->header_space, merged->header_space));
	most = max_u(most, distance(r->plead, merged->plead));
	most = max_u(most, distance(r->one_space, merged->one_space));
	most = max_u(most, distance(r->one_pulse, merged->one_pulse));
	most = max_u(most, distance(r->zero_pulse, merged->zero_pulse));
	return max_u(most, distance(r->zero_space, merged->zero_space));
}

/*
 * The margin merged needs for the frames of into and of other: one sample may be two
 * halves of one kind, each double (the decoder takes them one after the other, each
 * within the margin), so a remote's distance from the merged durations adds up to
 * twice in a sample, four times with double bits, on top of its own margin.
 */
static unsigned int sums_margin(const struct lircd_biphase_remote *into,
				const struct lircd_biphase_remote *other,
				const struct lircd_biphase_remote *merged)
{
	unsigned int times = into->double_bits[0] || into->double_bits[1] ? 4 : 2;

	return max_u(into->margin + times * farthest(into, merged),
		     other->margin + times * farthest(other, merged));
}

int lircd_biphase_remote_check(const struct lircd_biphase_remote *r, struct ir_error *err)
{
	const unsigned int durations[] = {
		r->header_pulse, r->header_space, r->plead, r->one_space, r->one_pulse,
		r->zero_pulse, r->zero_space, r->margin, r->end_space,
	};
	/* The keymap parameter of each, for the message. */
	static const char *const names[] = {
		"header_pulse", "header_space", "plead", "one_space", "one_pulse",
		"zero_pulse", "zero_space", "margin", "end_space",
	};
	unsigned long long lengths, doubles;
	size_t i;

	if (r->bits < 1 || r->bits > LIRCD_BIPHASE_BITS_MAX) {
		ir_error_set(err, _("a lircd_biphase remote of %u bits (1 to %u)"), r->bits,
			     LIRCD_BIPHASE_BITS_MAX);
		return -EINVAL;
	}
	lengths = (unsigned long long)r->lengths[1] << 32 | r->lengths[0];
	doubles = (unsigned long long)r->double_bits[1] << 32 | r->double_bits[0];
	if (lengths >> (r->bits - 1) || (r->bits < 64 && doubles >> r->bits)) {
		ir_error_set(err, _("a lircd_biphase remote of %u bits with lengths or double "
				    "bits past them"), r->bits);
		return -EINVAL;
	}
	if (r->margin < 1 || r->flags >= LIRCD_BIPHASE_FLAGS_MAX ||
	    ((r->flags & LIRCD_BIPHASE_FIRST_ONE) && r->plead)) {
		ir_error_set(err, _("a lircd_biphase remote with a margin of 0 or unknown "
				    "flags"));
		return -EINVAL;
	}
	if (!r->header_pulse != !r->header_space || !r->one_space || !r->one_pulse ||
	    !r->zero_pulse || !r->zero_space) {
		ir_error_set(err, _("a lircd_biphase remote with a header of a pulse or a "
				    "space alone, or a half bit of 0 µs"));
		return -EINVAL;
	}
	for (i = 0; i < sizeof(durations) / sizeof(durations[0]); i++) {
		if (durations[i] > DURATION_MAX) {
			ir_error_set(err, _("a lircd_biphase remote with %s %u µs (at most %u)"),
				     names[i], durations[i], DURATION_MAX);
			return -EINVAL;
		}
	}
	return 0;
}

/* The durations of a descriptor that a merge puts together. */
static const size_t merged_durations[] = {
	offsetof(struct lircd_biphase_remote, header_pulse),
	offsetof(struct lircd_biphase_remote, header_space),
	offsetof(struct lircd_biphase_remote, plead),
	offsetof(struct lircd_biphase_remote, one_space),
	offsetof(struct lircd_biphase_remote, one_pulse),
	offsetof(struct lircd_biphase_remote, zero_pulse),
	offsetof(struct lircd_biphase_remote, zero_space),
};

static void add_length(unsigned int lengths[2], unsigned int n)
{
	lengths[(n - 1) / 32] |= 1u << ((n - 1) % 32);
}

int lircd_biphase_remote_merge(struct lircd_biphase_remote *into,
			       const struct lircd_biphase_remote *other)
{
	struct lircd_biphase_remote merged = *into;
	unsigned int margin, shortest, lengths[2];

	if (into->flags != other->flags || into->double_bits[0] != other->double_bits[0] ||
	    into->double_bits[1] != other->double_bits[1])
		return 0;
	if (!lircd_window_merge(&merged, other, merged_durations,
				sizeof(merged_durations) / sizeof(merged_durations[0]),
				into->margin, other->margin, &margin))
		return 0;
	/* The shortest half of a bit. */
	shortest = min_u(min_u(merged.one_space, merged.one_pulse),
			 min_u(merged.zero_pulse, merged.zero_space));
	if (2 * margin >= shortest)
		return 0;
	/* Each remote's frames, not only each duration, within the merged margin. */
	merged.margin = max_u(margin, sums_margin(into, other, &merged));
	if (2 * merged.margin >= shortest)
		return 0;
	/* The longest is bits itself; the other lengths go into the mask. */
	lengths[0] = into->lengths[0] | other->lengths[0];
	lengths[1] = into->lengths[1] | other->lengths[1];
	if (into->bits != other->bits) {
		add_length(lengths, into->bits);
		add_length(lengths, other->bits);
		merged.bits = max_u(into->bits, other->bits);
		lengths[(merged.bits - 1) / 32] &= ~(1u << ((merged.bits - 1) % 32));
	}
	merged.lengths[0] = lengths[0];
	merged.lengths[1] = lengths[1];
	merged.end_space = max_u(lircd_biphase_end_space(&merged),
				 max_u(into->end_space, other->end_space));
	/* Durations the user never wrote (end_space past 24 bits): kept apart. */
	if (lircd_biphase_remote_check(&merged, NULL) < 0)
		return 0;
	*into = merged;
	return 1;
}

/* --- the index --- */

/*
 * The first pulse and space of a frame of r: with or without its header, its first
 * bits as value (first bit highest) and, when the frame has no more than
 * FIRST_PAIR_BITS bits, its end. space 0: the space is the gap after the frame.
 * Returns false when such a frame starts with a space no receiver sees.
 */
static bool first_pair(const struct lircd_biphase_remote *r, bool header, unsigned int bits,
		       unsigned int value, bool ends, unsigned int *ret_pulse,
		       unsigned int *ret_space)
{
	/* Up to 2 + 1 + 2 * FIRST_PAIR_BITS parts, and the end. */
	unsigned int kinds[12], durations[12], n = 0, i, k, bit;

	if (header) {
		kinds[n] = 1, durations[n++] = r->header_pulse;
		kinds[n] = 0, durations[n++] = r->header_space;
	}
	if (r->plead)
		kinds[n] = 1, durations[n++] = r->plead;
	for (i = 0; i < bits; i++) {
		bit = value >> (bits - 1 - i) & 1;
		k = lircd_biphase_double(r, i) ? 2 : 1;
		if (i == 0 && !header && !r->plead && (r->flags & LIRCD_BIPHASE_FIRST_ONE)) {
			if (!bit)
				return false;
			kinds[n] = 1, durations[n++] = k * r->one_pulse;
			continue;
		}
		if (bit) {
			kinds[n] = 0, durations[n++] = k * r->one_space;
			kinds[n] = 1, durations[n++] = k * r->one_pulse;
		} else {
			kinds[n] = 1, durations[n++] = k * r->zero_pulse;
			kinds[n] = 0, durations[n++] = k * r->zero_space;
		}
	}
	/* The end is a space with no end; a longer frame goes on with something else. */
	kinds[n] = ends ? 0 : 2, durations[n++] = 0;
	if (kinds[0] != 1)
		return false;
	*ret_pulse = 0;
	for (i = 0; i < n && kinds[i] == 1; i++)
		*ret_pulse += durations[i];
	*ret_space = 0;
	for (; i < n && kinds[i] == 0; i++) {
		if (!durations[i]) {
			*ret_space = 0;	/* runs into the gap */
			return true;
		}
		*ret_space += durations[i];
	}
	return true;
}

static int add_first_pairs(struct lircd_first_pairs *b,
			   const struct lircd_biphase_remote *r, unsigned int remote)
{
	unsigned int m = r->margin, pulse, space, pulses[2], spaces[2], value, n, bits;
	int variant, ret;

	for (variant = 0; variant < 2; variant++) {
		bool header = variant == 0;

		if (header && !r->header_pulse)
			continue;
		if (!header && r->header_pulse && !(r->flags & LIRCD_BIPHASE_HEADER_OPTIONAL))
			continue;
		/* Lengths 1 to FIRST_PAIR_BITS end within; longer ones start alike. */
		for (n = 1; n <= FIRST_PAIR_BITS + 1; n++) {
			bool ends = n <= FIRST_PAIR_BITS;

			if (ends && !lircd_biphase_takes_length(r, n))
				continue;
			if (!ends && r->bits <= FIRST_PAIR_BITS)
				continue;
			bits = ends ? n : FIRST_PAIR_BITS;
			for (value = 0; value < 1u << bits; value++) {
				if (!first_pair(r, header, bits, value, ends, &pulse, &space))
					continue;
				lircd_first_pairs_window(pulse, m, pulses);
				if (space) {
					lircd_first_pairs_window(space, m, spaces);
				} else {
					spaces[0] = lircd_space_bucket(r->end_space);
					spaces[1] = LIRCD_SPACE_BUCKET_LONG;
				}
				ret = lircd_first_pairs_add(b, remote, pulses, spaces);
				if (ret < 0)
					return ret;
			}
		}
	}
	return 0;
}

int lircd_biphase_remote_pairs(struct lircd_first_pairs *fp,
			       const struct lircd_biphase_remote *r, unsigned int remote)
{
	return add_first_pairs(fp, r, remote);
}

int lircd_biphase_index_build(const struct lircd_biphase_remote *remotes, size_t count,
			      struct lircd_space_index_entry **ret_entries, size_t *ret_count,
			      struct ir_error *err)
{
	struct lircd_first_pairs b = { 0 };
	size_t i;
	int ret = 0;

	if (count > LIRCD_BIPHASE_REMOTES_MAX) {
		ir_error_set(err, _("%zu lircd_biphase remotes: the decoder takes %u"), count,
			     LIRCD_BIPHASE_REMOTES_MAX);
		return -E2BIG;
	}
	for (i = 0; i < count; i++) {
		ret = lircd_biphase_remote_check(&remotes[i], err);
		if (ret < 0) {
			ir_error_prefix(err, _("remote %zu"), i);
			goto out;
		}
		ret = add_first_pairs(&b, &remotes[i], (unsigned int)i + 1);
		if (ret < 0)
			goto out;
	}
	ret = lircd_space_index_entries(&b, "lircd_biphase", LIRCD_BIPHASE_INDEX_MAX,
					ret_entries, ret_count, err);
out:
	lircd_first_pairs_clear(&b);
	return ret;
}

int lircd_biphase_tables_build(const struct lircd_biphase_remote *requests, size_t count,
			       struct lircd_biphase_remote **ret_remotes,
			       size_t *ret_remote_count,
			       struct lircd_space_index_entry **ret_entries,
			       size_t *ret_entry_count, struct ir_error *err)
{
	struct lircd_biphase_remote *remotes = calloc(count ? count : 1, sizeof(*remotes));
	size_t i, k, remote_count = 0;
	int ret;

	if (!remotes)
		return -ENOMEM;
	for (i = 0; i < count; i++) {
		ret = lircd_biphase_remote_check(&requests[i], err);
		if (ret < 0) {
			ir_error_prefix(err, _("remote %zu"), i);
			goto out;
		}
		for (k = 0; k < remote_count; k++)
			if (lircd_biphase_remote_merge(&remotes[k], &requests[i]))
				break;
		if (k == remote_count)
			remotes[remote_count++] = requests[i];
	}
	ret = lircd_biphase_index_build(remotes, remote_count, ret_entries, ret_entry_count,
					err);
	if (ret < 0)
		goto out;
	*ret_remotes = remotes;
	*ret_remote_count = remote_count;
	return 0;
out:
	free(remotes);
	return ret;
}
