/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The windows of the table-driven lircd decoders (lircd_space, lircd_biphase,
 * lircd_raw): a decoder takes a duration d for an expected duration e of margin m when
 * e - m < d < e + m, so that e's window is e - m + 1 to e + m - 1. The index builders
 * bucket windows (lircd_first_pairs.h); the merges of descriptors put two windows into
 * one where they overlap.
 *
 * lircd_window_merge() is the merge that lircd_space's and lircd_biphase's share: two
 * descriptors' durations, pair by pair, each pair both absent or overlapping, each put
 * in the middle of the two windows together, the margin widened to cover them.
 */
#ifndef IRKIT_LIRCD_WINDOW_H
#define IRKIT_LIRCD_WINDOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The durations taken, low to high, both included; low below 0 where margin > e. */
struct lircd_window {
	int64_t low, high;
};

struct lircd_window lircd_window_of(unsigned int expected, unsigned int margin);

/* Whether some duration lies in both windows. */
bool lircd_window_overlap(struct lircd_window a, struct lircd_window b);

/*
 * Two descriptors of one layout as one: the count durations at offsets (each of an
 * unsigned int) of into, taken within into_margin, and of other, within other_margin.
 * Each pair must be both 0 (no such part) or both not, and their windows must overlap.
 * Then each of into's durations becomes the middle of the two windows together (from
 * the lower low, no lower than 0, to the higher high), and *ret_margin the margin that
 * the widest of them needs, no less than into_margin. Returns true; false, with into
 * and *ret_margin unchanged, when a pair differs in that.
 */
bool lircd_window_merge(void *into, const void *other, const size_t *offsets, size_t count,
			unsigned int into_margin, unsigned int other_margin,
			unsigned int *ret_margin);

#endif
