// SPDX-License-Identifier: GPL-2.0-or-later
/* First pairs of the table-driven lircd decoders' indexes (lircd_first_pairs.h). */
#include "config.h"

#include <errno.h>
#include <stdlib.h>

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

int lircd_first_pairs_add(struct lircd_first_pairs *fp, unsigned int remote,
			  const unsigned int pulse_buckets[2],
			  const unsigned int space_buckets[2])
{
	unsigned int pb, sb;
	int ret;

	for (pb = pulse_buckets[0]; pb <= pulse_buckets[1]; pb++) {
		for (sb = space_buckets[0]; sb <= space_buckets[1]; sb++) {
			ret = add_pair(fp, lircd_space_index_key(pb, sb), remote);
			if (ret < 0)
				return ret;
		}
	}
	return 0;
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
	fp->pairs = NULL;
	fp->count = 0;
	fp->capacity = 0;
}
