/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The index of the lircd_raw decoder (bpf_protocols/lircd_raw_table.h): from a table
 * of patterns grouped into remotes, every entry of the map "lircd_raw_index", so that
 * the decoder finds a frame's few candidate remotes from its first pulse and space.
 * The host builds it before it touches any device, and writes the entries, as the
 * patterns, into the maps that bpf_image_host_map() found with the layouts of that
 * header.
 *
 * The patterns map has one entry per button, with its remote's margin and end space,
 * a remote's patterns consecutive; an index entry names at most LIRCD_RAW_REMOTES (4)
 * remotes, of at most LIRCD_RAW_ALIVE_MAX (256) patterns in all, as ranges of
 * patterns. Patterns are checked and every overflow refused before any map is
 * written. struct lircd_raw_table is one program's remotes, patterns and index, which
 * the planner grows remote by remote. The decoder compares the samples after a
 * frame's first pair only with the patterns of the remotes still matching, so its
 * work per sample is bounded by the buttons of the remotes that start alike:
 * tests/unit/test-lircd-raw measures 1, 10 and 100 remotes of 8 buttons.
 */
#ifndef IRKIT_LIRCD_RAW_INDEX_H
#define IRKIT_LIRCD_RAW_INDEX_H

#include <stddef.h>
#include <linux/bpf.h>

#include "ir_error.h"
#include "lircd_first_pairs.h"
#include "../bpf_protocols/lircd_raw_table.h"

/* The patterns of one remote: entries first to first + count - 1 of the table. */
struct lircd_raw_range {
	unsigned int first;
	unsigned int count;
};

struct lircd_raw_index_entry {
	unsigned int key;			/* lircd_raw_index_key() */
	struct lircd_raw_remotes value;
};

/*
 * One pattern: 1 to LIRCD_RAW_DURATIONS_MAX durations of 1 to 65535 µs, an odd number
 * (it ends with a pulse), 0 after them; margin and end_space 1 to 2^24 - 1. Returns 0,
 * or -EINVAL with err set.
 */
int lircd_raw_pattern_check(const struct lircd_raw_pattern *pattern, struct ir_error *err);

/*
 * Adds the first pairs of a remote's count patterns to fp as remote number remote
 * (lircd_first_pairs_keys() then gives its keys). 0 or -ENOMEM.
 */
int lircd_raw_remote_pairs(struct lircd_first_pairs *fp, const struct lircd_raw_pattern *patterns,
			   size_t count, unsigned int remote);

/*
 * Checks the patterns (at most LIRCD_RAW_PATTERNS_MAX, each as
 * lircd_raw_pattern_check() wants) and the remotes (ranges in order, each of at least
 * one pattern, together every pattern once), and builds the index: an array of
 * *ret_count entries, sorted by key, in *ret_entries (free() it), and in
 * *ret_candidates the most patterns one entry gives. A first pair that more than
 * LIRCD_RAW_REMOTES remotes, or more than LIRCD_RAW_ALIVE_MAX patterns, may start, or
 * more than LIRCD_RAW_INDEX_MAX entries, are refused. Returns 0, -EINVAL or -E2BIG
 * with err set (naming the remote by its index), or -ENOMEM.
 */
int lircd_raw_index_build(const struct lircd_raw_pattern *patterns, size_t pattern_count,
			  const struct lircd_raw_range *remotes, size_t remote_count,
			  struct lircd_raw_index_entry **ret_entries, size_t *ret_count,
			  unsigned int *ret_candidates, struct ir_error *err);

/*
 * The patterns of one lircd_raw program: its remotes in order, their patterns, and
 * the index built from them. All zero is an empty table.
 */
struct lircd_raw_table {
	struct lircd_raw_pattern *patterns;
	size_t pattern_count;
	struct lircd_raw_range *remotes;
	size_t remote_count;
	struct lircd_raw_index_entry *index;	/* lircd_raw_table_index() */
	size_t index_count;
	unsigned int candidates;		/* the most patterns one entry gives */
};

/* Appends a remote of count patterns (copied) to table, with no index. 0 or -ENOMEM. */
int lircd_raw_table_append(struct lircd_raw_table *table,
			   const struct lircd_raw_pattern *patterns, size_t count);

/*
 * Builds table's index (lircd_raw_index_build()), replacing the one it had. On
 * failure the table keeps its old index. Returns 0, -EINVAL, -E2BIG (err set), or
 * -ENOMEM.
 */
int lircd_raw_table_index(struct lircd_raw_table *table, struct ir_error *err);

/*
 * Appends a remote of count patterns to table when table's index still takes it
 * (table indexed again): 1; 0 when it does not (table unchanged); -EINVAL (a bad
 * pattern, err set) or -ENOMEM.
 */
int lircd_raw_table_take(struct lircd_raw_table *table, const struct lircd_raw_pattern *patterns,
			 size_t count, struct ir_error *err);

/* Frees what table holds and empties it; accepts an empty table. */
void lircd_raw_table_clear(struct lircd_raw_table *table);

#endif
