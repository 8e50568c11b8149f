// SPDX-License-Identifier: GPL-2.0-or-later
/* The lircd_space decoder's index of first pairs (lircd_space_index.h). */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "lircd_param.h"
#include "lircd_space_index.h"
#include "lircd_window.h"
#include "nls.h"

/* Durations of LIRC mode2 samples: 24 bits. */
#define DURATION_MAX 0xffffffu

/* A pair within margin of pulse and space; from space on to the longest, when open. */
static int add_window_pair(struct lircd_first_pairs *b, unsigned int remote,
			   unsigned int margin, unsigned int pulse, unsigned int space, int open)
{
	unsigned int pulses[2], spaces[2];

	lircd_first_pairs_window(pulse, margin, pulses);
	lircd_first_pairs_window(space, margin, spaces);
	if (open)
		spaces[1] = LIRCD_SPACE_BUCKET_LONG;
	return lircd_first_pairs_add(b, remote, pulses, spaces);
}

/* The first pairs of remote r's frames and repeat codes. */
static int add_remote(struct lircd_first_pairs *b, const struct lircd_space_remote *r,
		      unsigned int remote)
{
	int headerless = !r->header_pulse || (r->flags & LIRCD_SPACE_HEADER_OPTIONAL);
	/* A one-bit frame with no trailer: its bit's space is the end of the frame. */
	int bit_open = lircd_space_takes_length(r, 1) && !r->trailer_pulse;
	/* A longer frame: its first bit's space is the bit's own. */
	int bit_closed = r->bits > 1 || r->trailer_pulse;
	unsigned int m = r->margin;
	int ret = 0;

	if (r->header_pulse)
		ret = add_window_pair(b, remote, m, r->header_pulse, r->header_space, 0);
	if (ret == 0 && headerless && bit_closed)
		ret = add_window_pair(b, remote, m, r->one_pulse, r->one_space, 0);
	if (ret == 0 && headerless && bit_closed)
		ret = add_window_pair(b, remote, m, r->zero_pulse, r->zero_space, 0);
	if (ret == 0 && headerless && bit_open)
		ret = add_window_pair(b, remote, m, r->one_pulse, r->end_space, 1);
	if (ret == 0 && headerless && bit_open)
		ret = add_window_pair(b, remote, m, r->zero_pulse, r->end_space, 1);
	if (ret == 0 && r->repeat_pulse && !(r->flags & LIRCD_SPACE_REPEAT_HEADER))
		ret = add_window_pair(b, remote, m, r->repeat_pulse, r->repeat_space,
				      !r->repeat_trailer);
	return ret;
}

int lircd_space_remote_pairs(struct lircd_first_pairs *fp, const struct lircd_space_remote *r,
			     unsigned int remote)
{
	return add_remote(fp, r, remote);
}

int lircd_space_remote_set(struct lircd_space_remote *r, const char *name, int64_t value,
			   struct ir_error *err)
{
	static const struct lircd_param params[] = {
		LIRCD_PARAM_U32(struct lircd_space_remote, header_pulse),
		LIRCD_PARAM_U32(struct lircd_space_remote, header_space),
		LIRCD_PARAM_U32(struct lircd_space_remote, one_pulse),
		LIRCD_PARAM_U32(struct lircd_space_remote, one_space),
		LIRCD_PARAM_U32(struct lircd_space_remote, zero_pulse),
		LIRCD_PARAM_U32(struct lircd_space_remote, zero_space),
		LIRCD_PARAM_U32(struct lircd_space_remote, trailer_pulse),
		LIRCD_PARAM_U32(struct lircd_space_remote, repeat_pulse),
		LIRCD_PARAM_U32(struct lircd_space_remote, repeat_space),
		LIRCD_PARAM_U32(struct lircd_space_remote, repeat_trailer),
		LIRCD_PARAM_U32(struct lircd_space_remote, margin),
		LIRCD_PARAM_U32(struct lircd_space_remote, end_space),
		LIRCD_PARAM_U32(struct lircd_space_remote, bits),
		LIRCD_PARAM_MASK64(struct lircd_space_remote, flip_mask),
		LIRCD_PARAM_FLAG("reverse", struct lircd_space_remote, flags,
				 LIRCD_SPACE_REVERSE),
		LIRCD_PARAM_FLAG("header_optional", struct lircd_space_remote, flags,
				 LIRCD_SPACE_HEADER_OPTIONAL),
		LIRCD_PARAM_FLAG("repeat_header", struct lircd_space_remote, flags,
				 LIRCD_SPACE_REPEAT_HEADER),
	};

	return lircd_param_set(params, sizeof(params) / sizeof(params[0]), r, name, value,
			       err);
}

int lircd_space_remote_check(const struct lircd_space_remote *r, struct ir_error *err)
{
	const unsigned int durations[] = {
		r->header_pulse, r->header_space, r->one_pulse, r->one_space, r->zero_pulse,
		r->zero_space, r->trailer_pulse, r->repeat_pulse, r->repeat_space,
		r->repeat_trailer, r->margin, r->end_space,
	};
	/* The keymap parameter of each, for the message. */
	static const char *const names[] = {
		"header_pulse", "header_space", "one_pulse", "one_space", "zero_pulse",
		"zero_space", "trailer_pulse", "repeat_pulse", "repeat_space",
		"repeat_trailer", "margin", "end_space",
	};
	unsigned long long lengths;
	size_t i;

	if (r->bits < 1 || r->bits > LIRCD_SPACE_BITS_MAX) {
		ir_error_set(err, _("a lircd_space remote of %u bits (1 to %u)"), r->bits,
			     LIRCD_SPACE_BITS_MAX);
		return -EINVAL;
	}
	/* Bit n - 1 takes n bits: from bits on (bits - 1), none; bits is the longest. */
	lengths = (unsigned long long)r->lengths[1] << 32 | r->lengths[0];
	if (lengths >> (r->bits - 1)) {
		ir_error_set(err, _("a lircd_space remote of %u bits taking longer frames"),
			     r->bits);
		return -EINVAL;
	}
	if (r->margin < 1 || r->flags >= LIRCD_SPACE_FLAGS_MAX) {
		ir_error_set(err, _("a lircd_space remote with a margin of 0 or unknown flags"));
		return -EINVAL;
	}
	for (i = 0; i < sizeof(durations) / sizeof(durations[0]); i++) {
		if (durations[i] > DURATION_MAX) {
			ir_error_set(err, _("a lircd_space remote with %s %u µs (at most %u)"),
				     names[i], durations[i], DURATION_MAX);
			return -EINVAL;
		}
	}
	return 0;
}

/* The durations of a descriptor that a merge puts together. */
static const size_t merged_durations[] = {
	offsetof(struct lircd_space_remote, header_pulse),
	offsetof(struct lircd_space_remote, header_space),
	offsetof(struct lircd_space_remote, one_pulse),
	offsetof(struct lircd_space_remote, one_space),
	offsetof(struct lircd_space_remote, zero_pulse),
	offsetof(struct lircd_space_remote, zero_space),
	offsetof(struct lircd_space_remote, trailer_pulse),
	offsetof(struct lircd_space_remote, repeat_pulse),
	offsetof(struct lircd_space_remote, repeat_space),
	offsetof(struct lircd_space_remote, repeat_trailer),
};

/* a and b are told apart by windows of margin m: |a - b| > 2 (m - 1). */
static bool apart(unsigned int a, unsigned int b, unsigned int m)
{
	unsigned int d = a > b ? a - b : b - a;

	return a == b || d > 2 * (m - 1);
}

/* A bit count into a length mask (lircd_space_table.h). */
static void add_length(unsigned int lengths[2], unsigned int n)
{
	lengths[(n - 1) / 32] |= 1u << ((n - 1) % 32);
}

/* into takes other's lengths too: the longest is its bits, the others its mask. */
static void merge_lengths(struct lircd_space_remote *into, const struct lircd_space_remote *other)
{
	unsigned int lengths[2] = { into->lengths[0] | other->lengths[0],
				    into->lengths[1] | other->lengths[1] };

	if (into->bits != other->bits) {
		add_length(lengths, into->bits);
		add_length(lengths, other->bits);
		if (other->bits > into->bits)
			into->bits = other->bits;
		/* The longest is bits itself, not in the mask. */
		lengths[(into->bits - 1) / 32] &= ~(1u << ((into->bits - 1) % 32));
	}
	into->lengths[0] = lengths[0];
	into->lengths[1] = lengths[1];
}

int lircd_space_remote_merge(struct lircd_space_remote *into,
			     const struct lircd_space_remote *other)
{
	struct lircd_space_remote merged = *into;
	unsigned int margin, mid;

	/* One descriptor flips one mask: remotes of other toggle masks stay apart. */
	if (into->flags != other->flags ||
	    memcmp(into->flip_mask, other->flip_mask, sizeof(into->flip_mask)))
		return 0;
	/*
	 * Of other lengths, the bits received are the scancode of either (lircd_keymap.h,
	 * "Scancodes"); but LSB first, pre_data and post_data are reversed apart.
	 */
	if ((into->bits != other->bits || into->lengths[0] || into->lengths[1] ||
	     other->lengths[0] || other->lengths[1]) && (into->flags & LIRCD_SPACE_REVERSE))
		return 0;
	if (!lircd_window_merge(&merged, other, merged_durations,
				sizeof(merged_durations) / sizeof(merged_durations[0]),
				into->margin, other->margin, &margin))
		return 0;
	if (!apart(merged.one_pulse, merged.zero_pulse, margin) ||
	    !apart(merged.one_space, merged.zero_space, margin))
		return 0;
	merged.margin = margin;
	merge_lengths(&merged, other);
	/* Past every space of a frame, now that each may be up to margin long. */
	mid = merged.header_space;
	mid = merged.one_space > mid ? merged.one_space : mid;
	mid = merged.zero_space > mid ? merged.zero_space : mid;
	if (merged.repeat_trailer && merged.repeat_space > mid)
		mid = merged.repeat_space;
	merged.end_space = mid + margin;
	if (into->end_space > merged.end_space)
		merged.end_space = into->end_space;
	if (other->end_space > merged.end_space)
		merged.end_space = other->end_space;
	/* Durations the user never wrote (end_space past 24 bits): kept apart. */
	if (lircd_space_remote_check(&merged, NULL) < 0)
		return 0;
	*into = merged;
	return 1;
}

static int group_pairs(const struct lircd_first_pairs *fp, const char *family,
		       size_t entries_max, struct lircd_space_index_entry *entries,
		       size_t *ret_count, struct ir_error *err)
{
	struct lircd_space_index_entry *e = NULL;
	size_t i, count = 0, n = 0;

	for (i = 0; i < fp->count; i++) {
		const struct lircd_first_pair *p = &fp->pairs[i];

		if (!e || e->key != p->key) {
			if (count == entries_max) {
				ir_error_set(err, _("the %s index needs more than %zu entries"),
					     family, entries_max);
				return -E2BIG;
			}
			e = &entries[count++];
			memset(e, 0, sizeof(*e));
			e->key = p->key;
			n = 0;
		} else if (e->value.remote[n - 1] == p->remote) {
			continue;
		}
		if (n == LIRCD_SPACE_CANDIDATES) {
			ir_error_set(err, _("%s remotes %u, %u, %u, %u and %u share a first pulse "
					    "of about %u µs and space of about %u µs (at most %u "
					    "may)"), family,
				     e->value.remote[0] - 1, e->value.remote[1] - 1,
				     e->value.remote[2] - 1, e->value.remote[3] - 1,
				     p->remote - 1, (p->key >> 16) * LIRCD_SPACE_BUCKET_US,
				     (p->key & 0xffff) * LIRCD_SPACE_BUCKET_US,
				     LIRCD_SPACE_CANDIDATES);
			return -E2BIG;
		}
		e->value.remote[n++] = (unsigned short)p->remote;
	}
	*ret_count = count;
	return 0;
}

int lircd_space_index_entries(struct lircd_first_pairs *fp, const char *family,
			      size_t entries_max, struct lircd_space_index_entry **ret_entries,
			      size_t *ret_count, struct ir_error *err)
{
	struct lircd_space_index_entry *entries;
	size_t count = 0;
	int ret;

	lircd_first_pairs_sort(fp);
	entries = malloc((fp->count ? fp->count : 1) * sizeof(*entries));
	if (!entries)
		return -ENOMEM;
	ret = group_pairs(fp, family, entries_max, entries, &count, err);
	if (ret < 0) {
		free(entries);
		return ret;
	}
	*ret_entries = entries;
	*ret_count = count;
	return 0;
}

int lircd_space_index_build(const struct lircd_space_remote *remotes, size_t count,
			    struct lircd_space_index_entry **ret_entries, size_t *ret_count,
			    struct ir_error *err)
{
	struct lircd_first_pairs b = { 0 };
	size_t i;
	int ret;

	if (count > LIRCD_SPACE_REMOTES_MAX) {
		ir_error_set(err, _("%zu lircd_space remotes: the decoder takes %u"), count,
			     LIRCD_SPACE_REMOTES_MAX);
		return -E2BIG;
	}
	for (i = 0; i < count; i++) {
		ret = lircd_space_remote_check(&remotes[i], err);
		if (ret < 0) {
			ir_error_prefix(err, _("remote %zu"), i);
			goto out;
		}
		ret = add_remote(&b, &remotes[i], (unsigned int)i + 1);
		if (ret < 0)
			goto out;
	}
	ret = lircd_space_index_entries(&b, "lircd_space", LIRCD_SPACE_INDEX_MAX, ret_entries,
					ret_count, err);
out:
	lircd_first_pairs_clear(&b);
	return ret;
}
