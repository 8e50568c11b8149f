// SPDX-License-Identifier: GPL-2.0-or-later
/* Windows of durations of the table-driven lircd decoders (lircd_window.h). */
#include "config.h"

#include "lircd_window.h"

struct lircd_window lircd_window_of(unsigned int expected, unsigned int margin)
{
	struct lircd_window w = {
		.low = (int64_t)expected - margin + 1,
		.high = (int64_t)expected + margin - 1,
	};

	return w;
}

bool lircd_window_overlap(struct lircd_window a, struct lircd_window b)
{
	return a.low <= b.high && b.low <= a.high;
}

static unsigned int *duration_at(void *descriptor, size_t offset)
{
	return (unsigned int *)((char *)descriptor + offset);
}

static unsigned int duration_of(const void *descriptor, size_t offset)
{
	return *(const unsigned int *)((const char *)descriptor + offset);
}

/* Whether each pair of durations is both absent, or both there with windows that meet. */
static bool mergeable(const void *into, const void *other, const size_t *offsets,
		      size_t count, unsigned int into_margin, unsigned int other_margin)
{
	unsigned int a, b;
	size_t i;

	for (i = 0; i < count; i++) {
		a = duration_of(into, offsets[i]);
		b = duration_of(other, offsets[i]);
		if (!a != !b)
			return false;
		if (a && !lircd_window_overlap(lircd_window_of(a, into_margin),
					       lircd_window_of(b, other_margin)))
			return false;
	}
	return true;
}

bool lircd_window_merge(void *into, const void *other, const size_t *offsets, size_t count,
			unsigned int into_margin, unsigned int other_margin,
			unsigned int *ret_margin)
{
	struct lircd_window a, b;
	unsigned int *expected, margin = into_margin, low, high, mid;
	size_t i;

	if (!mergeable(into, other, offsets, count, into_margin, other_margin))
		return false;
	for (i = 0; i < count; i++) {
		expected = duration_at(into, offsets[i]);
		if (!*expected)
			continue;
		a = lircd_window_of(*expected, into_margin);
		b = lircd_window_of(duration_of(other, offsets[i]), other_margin);
		a.low = a.low < b.low ? a.low : b.low;
		low = (unsigned int)(a.low < 0 ? 0 : a.low);
		high = (unsigned int)(a.high > b.high ? a.high : b.high);
		mid = low + (high - low) / 2;
		*expected = mid;
		if (high - mid + 1 > margin)
			margin = high - mid + 1;
		if (mid - low + 1 > margin)
			margin = mid - low + 1;
	}
	*ret_margin = margin;
	return true;
}
