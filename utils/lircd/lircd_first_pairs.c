// SPDX-License-Identifier: GPL-2.0-or-later
/* First pairs of the table-driven lircd decoders' indexes (lircd_first_pairs.h). */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lircd_first_pairs.h"
#include "lircd_window.h"
#include "../bpf_protocols/lircd_space_table.h"

void lircd_first_pairs_window(unsigned int expected, unsigned int margin,
			      unsigned int buckets[2])
{
	struct lircd_window w = lircd_window_of(expected, margin);

	buckets[0] = lircd_space_bucket(w.low < 0 ? 0 : (unsigned int)w.low);
	buckets[1] = lircd_space_bucket((unsigned int)w.high);
}

static int add_pair(struct lircd_first_pairs *fp, unsigned int key, unsigned int remote)
{
	if (fp->count == fp->capacity) {
		size_t capacity = fp->capacity ? 2 * fp->capacity : 256;
		struct lircd_first_pair *pairs = realloc(fp->pairs, capacity * sizeof(*pairs));

		if (!pairs)
			return -ENOMEM;
		fp->pairs = pairs;
		fp->capacity = capacity;
	}
	fp->pairs[fp->count].key = key;
	fp->pairs[fp->count].remote = remote;
	fp->count++;
	return 0;
}

_Static_assert(LIRCD_FIRST_PAIRS_BUCKETS == LIRCD_SPACE_BUCKET_LONG + 1,
	       "a bucket is 0 to LIRCD_SPACE_BUCKET_LONG");

#define SEEN_WORDS ((LIRCD_FIRST_PAIRS_KEYS + 63) / 64)

/* seen starts over at each new remote. */
static int seen_for(struct lircd_first_pairs *fp, unsigned int remote)
{
	if (!fp->seen) {
		fp->seen = calloc(SEEN_WORDS, sizeof(*fp->seen));
		if (!fp->seen)
			return -ENOMEM;
	} else if (remote != fp->seen_remote) {
		memset(fp->seen, 0, SEEN_WORDS * sizeof(*fp->seen));
	} else {
		return 0;
	}
	fp->seen_remote = remote;
	fp->seen_count = 0;
	return 0;
}

int lircd_first_pairs_add(struct lircd_first_pairs *fp, unsigned int remote,
			  const unsigned int pulse_buckets[2],
			  const unsigned int space_buckets[2])
{
	unsigned int pb, sb, cell;
	uint64_t bit;
	int ret;

	ret = seen_for(fp, remote);
	if (ret < 0)
		return ret;
	for (pb = pulse_buckets[0]; pb <= pulse_buckets[1]; pb++) {
		for (sb = space_buckets[0]; sb <= space_buckets[1]; sb++) {
			cell = pb * LIRCD_FIRST_PAIRS_BUCKETS + sb;
			bit = (uint64_t)1 << (cell % 64);
			if (fp->seen[cell / 64] & bit)
				continue;
			fp->seen[cell / 64] |= bit;
			fp->seen_count++;
			if (fp->keys_only)
				continue;
			ret = add_pair(fp, lircd_space_index_key(pb, sb), remote);
			if (ret < 0)
				return ret;
		}
	}
	return 0;
}

size_t lircd_first_pairs_keys(const struct lircd_first_pairs *fp, unsigned int *keys)
{
	size_t w, count = 0;
	uint64_t bits;
	unsigned int cell;

	for (w = 0; fp->seen && w < SEEN_WORDS; w++) {
		for (bits = fp->seen[w]; bits; bits &= bits - 1) {
			cell = (unsigned int)(w * 64) + (unsigned int)__builtin_ctzll(bits);
			keys[count++] = lircd_space_index_key(cell / LIRCD_FIRST_PAIRS_BUCKETS,
							      cell % LIRCD_FIRST_PAIRS_BUCKETS);
		}
	}
	return count;
}

static int compare_pairs(const void *a, const void *b)
{
	const struct lircd_first_pair *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->remote < y->remote ? -1 : x->remote > y->remote;
}

void lircd_first_pairs_sort(struct lircd_first_pairs *fp)
{
	if (fp->count)
		qsort(fp->pairs, fp->count, sizeof(*fp->pairs), compare_pairs);
}

void lircd_first_pairs_clear(struct lircd_first_pairs *fp)
{
	free(fp->pairs);
	free(fp->seen);
	memset(fp, 0, sizeof(*fp));
}
