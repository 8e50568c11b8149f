// SPDX-License-Identifier: GPL-2.0-or-later
/* The lircd_raw decoder's index of first pairs (lircd_raw_index.h). */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lircd_first_pairs.h"
#include "lircd_raw_index.h"
#include "../bpf_protocols/lircd_space_table.h"
#include "nls.h"

/* Durations of LIRC mode2 samples: 24 bits. */
#define DURATION_MAX 0xffffffu

/* The index keys and buckets are lircd_space's, which lircd_first_pairs computes. */
_Static_assert(LIRCD_RAW_BUCKET_US == LIRCD_SPACE_BUCKET_US &&
	       LIRCD_RAW_BUCKET_LONG == LIRCD_SPACE_BUCKET_LONG,
	       "lircd_raw's first pairs are lircd_space's");

/* Every bucket pair the first pulse and space of pattern pat may fall in. */
static int add_pattern(struct lircd_first_pairs *b, const struct lircd_raw_pattern *pat,
		       unsigned int remote)
{
	unsigned int pulses[2], spaces[2];

	lircd_first_pairs_window(pat->durations[0], pat->margin, pulses);
	if (pat->durations[1]) {
		lircd_first_pairs_window(pat->durations[1], pat->margin, spaces);
	} else {
		/* A pattern of one pulse: the space that ends it, up to a timeout. */
		spaces[0] = lircd_raw_bucket(pat->end_space);
		spaces[1] = LIRCD_RAW_BUCKET_LONG;
	}
	return lircd_first_pairs_add(b, remote, pulses, spaces);
}

int lircd_raw_remote_pairs(struct lircd_first_pairs *fp, const struct lircd_raw_pattern *patterns,
			   size_t count, unsigned int remote)
{
	size_t i;
	int ret = 0;

	for (i = 0; ret == 0 && i < count; i++)
		ret = add_pattern(fp, &patterns[i], remote);
	return ret;
}

int lircd_raw_pattern_check(const struct lircd_raw_pattern *pattern, struct ir_error *err)
{
	size_t n;

	for (n = 0; n < LIRCD_RAW_DURATIONS_MAX && pattern->durations[n]; n++)
		;
	if (n == 0 || n % 2 == 0) {
		ir_error_set(err, _("a lircd_raw pattern of %zu durations (an odd number "
				    "up to %u: it ends with a pulse)"), n, LIRCD_RAW_DURATIONS_MAX);
		return -EINVAL;
	}
	if (pattern->durations[LIRCD_RAW_DURATIONS_MAX]) {
		ir_error_set(err, _("a lircd_raw pattern of more than %u durations"),
			     LIRCD_RAW_DURATIONS_MAX);
		return -EINVAL;
	}
	for (; n <= LIRCD_RAW_DURATIONS_MAX; n++) {
		if (pattern->durations[n]) {
			ir_error_set(err, _("a lircd_raw pattern with a duration after its end"));
			return -EINVAL;
		}
	}
	if (pattern->margin < 1 || pattern->margin > DURATION_MAX || pattern->end_space < 1 ||
	    pattern->end_space > DURATION_MAX) {
		ir_error_set(err, _("a lircd_raw pattern with a margin of %u µs and an end "
				    "space of %u µs (1 to %u)"), pattern->margin,
			     pattern->end_space, DURATION_MAX);
		return -EINVAL;
	}
	return 0;
}

/* The sorted pairs as map entries: each key's remotes, once each, in order. */
static int group_pairs(const struct lircd_first_pairs *b, const struct lircd_raw_range *remotes,
		       struct lircd_raw_index_entry *entries, size_t *ret_count,
		       unsigned int *ret_candidates, struct ir_error *err)
{
	struct lircd_raw_index_entry *e = NULL;
	unsigned int candidates = 0, most = 0;
	size_t i, count = 0, n = 0;

	for (i = 0; i < b->count; i++) {
		const struct lircd_first_pair *p = &b->pairs[i];
		const struct lircd_raw_range *r = &remotes[p->remote];

		if (!e || e->key != p->key) {
			if (count == LIRCD_RAW_INDEX_MAX) {
				ir_error_set(err, _("the lircd_raw index needs more than %u entries"),
					     LIRCD_RAW_INDEX_MAX);
				return -E2BIG;
			}
			e = &entries[count++];
			memset(e, 0, sizeof(*e));
			e->key = p->key;
			n = 0;
			candidates = 0;
		} else if (e->value.first[n - 1] == r->first) {
			continue;
		}
		if (r->count > LIRCD_RAW_ALIVE_MAX) {
			ir_error_set(err, _("lircd_raw remote %u has %u buttons that may start "
					    "with a pulse of about %u µs and a space of about %u µs "
					    "(at most %u may)"), p->remote, r->count,
				     (p->key >> 16) * LIRCD_RAW_BUCKET_US,
				     (p->key & 0xffff) * LIRCD_RAW_BUCKET_US, LIRCD_RAW_ALIVE_MAX);
			return -E2BIG;
		}
		if (n == LIRCD_RAW_REMOTES || candidates + r->count > LIRCD_RAW_ALIVE_MAX) {
			ir_error_set(err, _("lircd_raw remote %u and %zu others share a first "
					    "pulse of about %u µs and space of about %u µs (at most "
					    "%u remotes of %u buttons in all may)"),
				     p->remote, n, (p->key >> 16) * LIRCD_RAW_BUCKET_US,
				     (p->key & 0xffff) * LIRCD_RAW_BUCKET_US, LIRCD_RAW_REMOTES,
				     LIRCD_RAW_ALIVE_MAX);
			return -E2BIG;
		}
		e->value.first[n] = (unsigned short)r->first;
		e->value.count[n] = (unsigned short)r->count;
		n++;
		candidates += r->count;
		if (candidates > most)
			most = candidates;
	}
	*ret_count = count;
	*ret_candidates = most;
	return 0;
}

/* The remotes cover the patterns in order, each with at least one. */
static int check_remotes(const struct lircd_raw_range *remotes, size_t remote_count,
			 size_t pattern_count, struct ir_error *err)
{
	size_t i, next = 0;

	for (i = 0; i < remote_count; i++) {
		if (remotes[i].first != next || !remotes[i].count ||
		    remotes[i].count > pattern_count - next) {
			ir_error_set(err, _("lircd_raw remote %zu: patterns %u to %u, expected "
					    "from %zu on"), i, remotes[i].first,
				     remotes[i].first + remotes[i].count, next);
			return -EINVAL;
		}
		next += remotes[i].count;
	}
	if (next != pattern_count) {
		ir_error_set(err, _("%zu lircd_raw patterns of no remote"), pattern_count - next);
		return -EINVAL;
	}
	return 0;
}

int lircd_raw_index_build(const struct lircd_raw_pattern *patterns, size_t pattern_count,
			  const struct lircd_raw_range *remotes, size_t remote_count,
			  struct lircd_raw_index_entry **ret_entries, size_t *ret_count,
			  unsigned int *ret_candidates, struct ir_error *err)
{
	struct lircd_first_pairs b = { 0 };
	struct lircd_raw_index_entry *entries = NULL;
	size_t i, k, entry_count = 0;
	unsigned int candidates = 0;
	int ret;

	if (pattern_count > LIRCD_RAW_PATTERNS_MAX) {
		ir_error_set(err, _("%zu lircd_raw patterns: the decoder takes %u"),
			     pattern_count, LIRCD_RAW_PATTERNS_MAX);
		return -E2BIG;
	}
	ret = check_remotes(remotes, remote_count, pattern_count, err);
	if (ret < 0)
		return ret;
	for (i = 0; i < remote_count; i++) {
		for (k = remotes[i].first; k < remotes[i].first + remotes[i].count; k++) {
			ret = lircd_raw_pattern_check(&patterns[k], err);
			if (ret < 0) {
				ir_error_prefix(err, _("remote %zu"), i);
				goto out;
			}
			ret = add_pattern(&b, &patterns[k], (unsigned int)i);
			if (ret < 0)
				goto out;
		}
	}
	lircd_first_pairs_sort(&b);
	entries = malloc((b.count ? b.count : 1) * sizeof(*entries));
	if (!entries) {
		ret = -ENOMEM;
		goto out;
	}
	ret = group_pairs(&b, remotes, entries, &entry_count, &candidates, err);
	if (ret < 0)
		goto out;
	*ret_entries = entries;
	*ret_count = entry_count;
	*ret_candidates = candidates;
	entries = NULL;
out:
	free(entries);
	lircd_first_pairs_clear(&b);
	return ret;
}

int lircd_raw_table_append(struct lircd_raw_table *table,
			   const struct lircd_raw_pattern *patterns, size_t count)
{
	struct lircd_raw_pattern *grown;
	struct lircd_raw_range *remotes;

	grown = realloc(table->patterns, (table->pattern_count + count) * sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	table->patterns = grown;
	remotes = realloc(table->remotes, (table->remote_count + 1) * sizeof(*remotes));
	if (!remotes)
		return -ENOMEM;
	table->remotes = remotes;
	memcpy(grown + table->pattern_count, patterns, count * sizeof(*grown));
	remotes[table->remote_count].first = (unsigned int)table->pattern_count;
	remotes[table->remote_count].count = (unsigned int)count;
	table->remote_count++;
	table->pattern_count += count;
	return 0;
}

int lircd_raw_table_index(struct lircd_raw_table *table, struct ir_error *err)
{
	struct lircd_raw_index_entry *entries;
	unsigned int candidates;
	size_t count;
	int ret;

	ret = lircd_raw_index_build(table->patterns, table->pattern_count, table->remotes,
				    table->remote_count, &entries, &count, &candidates, err);
	if (ret < 0)
		return ret;
	free(table->index);
	table->index = entries;
	table->index_count = count;
	table->candidates = candidates;
	return 0;
}

int lircd_raw_table_take(struct lircd_raw_table *table, const struct lircd_raw_pattern *patterns,
			 size_t count, struct ir_error *err)
{
	int ret;

	ret = lircd_raw_table_append(table, patterns, count);
	if (ret < 0)
		return ret;
	ret = lircd_raw_table_index(table, err);
	if (ret < 0) {
		/* Taken back: the table is as it was, its old index kept. */
		table->remote_count--;
		table->pattern_count -= count;
		return ret == -E2BIG ? 0 : ret;
	}
	return 1;
}

void lircd_raw_table_clear(struct lircd_raw_table *table)
{
	free(table->patterns);
	free(table->remotes);
	free(table->index);
	memset(table, 0, sizeof(*table));
}
