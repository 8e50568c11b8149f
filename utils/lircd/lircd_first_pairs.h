/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The first pairs of the table-driven lircd decoders (lircd_space, lircd_biphase,
 * lircd_raw): each decoder finds a frame's few candidate remotes from the frame's first
 * pulse and space, both quantized into 100 µs buckets (lircd_space_bucket(), up to
 * LIRCD_SPACE_BUCKET_LONG), through a map keyed by lircd_space_index_key(). The three
 * index builders collect here every key that each remote's frames may start with, then
 * sort the keys so that each groups them into its own map's entries
 * (lircd_space_index_entries() serves lircd_space and lircd_biphase, whose entries
 * are alike; lircd_raw groups its own).
 *
 * A key that two windows of one remote touch is one pair (a bit per cell of the
 * 257 x 257 bucket pairs), so a remote costs at most LIRCD_FIRST_PAIRS_KEYS (66,049)
 * pairs whatever its margins. lircd_first_pairs_keys() gives one remote's keys,
 * ascending, for the placing of remotes into programs (lircd_placement.h).
 */
#ifndef IRKIT_LIRCD_FIRST_PAIRS_H
#define IRKIT_LIRCD_FIRST_PAIRS_H

#include <stddef.h>
#include <stdint.h>

/* Buckets of a first pulse or space: 0 to LIRCD_SPACE_BUCKET_LONG. */
#define LIRCD_FIRST_PAIRS_BUCKETS 257
/* Every (pulse bucket, space bucket) pair: what one remote may start with at most. */
#define LIRCD_FIRST_PAIRS_KEYS (LIRCD_FIRST_PAIRS_BUCKETS * LIRCD_FIRST_PAIRS_BUCKETS)

struct lircd_first_pair {
	unsigned int key;		/* lircd_space_index_key() */
	unsigned int remote;		/* as the builder numbers its remotes */
};

/*
 * Owns pairs and seen: lircd_first_pairs_clear() frees them. Starts zeroed. A remote's
 * pairs are added together (all of one remote, then the next): seen marks the keys
 * of the remote added last, so that a key that two of its windows touch is one pair,
 * and a remote costs at most LIRCD_FIRST_PAIRS_KEYS pairs whatever its windows.
 */
struct lircd_first_pairs {
	struct lircd_first_pair *pairs;
	size_t count;
	size_t capacity;
	uint64_t *seen;			/* a bit per key cell of seen_remote */
	unsigned int seen_remote;
	size_t seen_count;		/* its keys */
	/* Only the keys: seen and seen_count are kept, no pair is stored. */
	int keys_only;
};

/* The buckets of the durations within margin of expected (strictly), first to last. */
void lircd_first_pairs_window(unsigned int expected, unsigned int margin,
			      unsigned int buckets[2]);

/*
 * Adds remote under every key of a pulse bucket from pulse_buckets[0] to [1] and a
 * space bucket from space_buckets[0] to [1]. Returns 0 or -ENOMEM.
 */
int lircd_first_pairs_add(struct lircd_first_pairs *fp, unsigned int remote,
			  const unsigned int pulse_buckets[2],
			  const unsigned int space_buckets[2]);

/*
 * The keys of the remote added last, ascending, in keys (LIRCD_FIRST_PAIRS_KEYS at
 * most): their count.
 */
size_t lircd_first_pairs_keys(const struct lircd_first_pairs *fp, unsigned int *keys);

/* Sorts by key, then by remote, so that a key's remotes come in order. */
void lircd_first_pairs_sort(struct lircd_first_pairs *fp);

void lircd_first_pairs_clear(struct lircd_first_pairs *fp);

#endif
