// SPDX-License-Identifier: GPL-2.0-or-later
/* Placing the table-driven lircd decoders' remotes into programs (lircd_placement.h). */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "lircd_placement.h"
#include "nls.h"

/* One pulse bucket's keys of a program: per space bucket, its remotes and patterns. */
struct placement_row {
	unsigned char remotes[LIRCD_FIRST_PAIRS_BUCKETS];
	unsigned short patterns[LIRCD_FIRST_PAIRS_BUCKETS];
};

/* What one program's index holds so far: rows allocated as keys come. */
struct lircd_placement_program {
	struct placement_row *rows[LIRCD_FIRST_PAIRS_BUCKETS];
	size_t entries;
	size_t remotes;
	size_t patterns;
};

static unsigned int key_cell(unsigned int key)
{
	return (key >> 16) * LIRCD_FIRST_PAIRS_BUCKETS + (key & 0xffff);
}

int lircd_placement_alone(const struct lircd_placement_limits *l,
			  const struct lircd_placement_remote *r, struct ir_error *err)
{
	if (r->key_count > l->entries_max) {
		ir_error_set(err, _("its frames may start with %zu pairs of a first pulse and "
				    "space: the %s index takes %zu"),
			     r->key_count, l->family, l->entries_max);
		return -E2BIG;
	}
	if (l->patterns_max && r->patterns > l->patterns_max) {
		ir_error_set(err, _("%u patterns: the %s decoder takes %zu"), r->patterns,
			     l->family, l->patterns_max);
		return -E2BIG;
	}
	if (l->entry_patterns_max && r->patterns > l->entry_patterns_max) {
		ir_error_set(err, _("%u buttons that may start alike: the %s decoder takes %u"),
			     r->patterns, l->family, l->entry_patterns_max);
		return -E2BIG;
	}
	return 0;
}

/* Does program p take remote r? Counts the work. */
static bool takes(struct lircd_placement *pl, const struct lircd_placement_program *p,
		  const struct lircd_placement_remote *r)
{
	const struct lircd_placement_limits *l = &pl->limits;
	size_t i, fresh = 0;

	pl->work++;
	if ((l->remotes_max && p->remotes >= l->remotes_max) ||
	    (l->patterns_max && p->patterns + r->patterns > l->patterns_max))
		return false;
	for (i = 0; i < r->key_count; i++) {
		const struct placement_row *row = p->rows[r->keys[i] >> 16];
		unsigned int space = r->keys[i] & 0xffff;

		pl->work++;
		if (!row || !row->remotes[space]) {
			fresh++;
			continue;
		}
		if (row->remotes[space] >= l->candidates ||
		    (l->entry_patterns_max &&
		     row->patterns[space] + r->patterns > l->entry_patterns_max))
			return false;
	}
	return p->entries + fresh <= l->entries_max;
}

static int add(struct lircd_placement_program *p, const struct lircd_placement_remote *r)
{
	struct placement_row *row;
	size_t i;

	for (i = 0; i < r->key_count; i++) {
		row = p->rows[r->keys[i] >> 16];
		if (!row) {
			row = calloc(1, sizeof(*row));
			if (!row)
				return -ENOMEM;
			p->rows[r->keys[i] >> 16] = row;
		}
		if (!row->remotes[r->keys[i] & 0xffff]++)
			p->entries++;
		row->patterns[r->keys[i] & 0xffff] += (unsigned short)r->patterns;
	}
	p->remotes++;
	p->patterns += r->patterns;
	return 0;
}

static unsigned int remotes_at(const struct lircd_placement_program *p, unsigned int key)
{
	const struct placement_row *row = p->rows[key >> 16];

	return row ? row->remotes[key & 0xffff] : 0;
}

/* After program k took r: the programs each of r's keys still has room in. */
static void advance(struct lircd_placement *pl, size_t k,
		    const struct lircd_placement_remote *r)
{
	const struct lircd_placement_limits *l = &pl->limits;
	unsigned int *first;
	size_t i;

	for (i = 0; i < r->key_count; i++) {
		first = &pl->first_free[key_cell(r->keys[i])];
		if (*first != k)
			continue;
		while (*first < pl->program_count &&
		       remotes_at(pl->programs[*first], r->keys[i]) >= l->candidates)
			(*first)++;
	}
	while (l->remotes_max && pl->first_roomy < pl->program_count &&
	       pl->programs[pl->first_roomy]->remotes >= l->remotes_max)
		pl->first_roomy++;
}

/* The first program that may take r: those before are full for one of its keys. */
static size_t first_candidate(const struct lircd_placement *pl,
			      const struct lircd_placement_remote *r)
{
	size_t i, k = pl->first_roomy;

	for (i = 0; i < r->key_count; i++)
		if (pl->first_free[key_cell(r->keys[i])] > k)
			k = pl->first_free[key_cell(r->keys[i])];
	return k;
}

static int new_program(struct lircd_placement *pl)
{
	struct lircd_placement_program **programs, *p;

	programs = realloc(pl->programs, (pl->program_count + 1) * sizeof(*programs));
	if (!programs)
		return -ENOMEM;
	pl->programs = programs;
	p = calloc(1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	programs[pl->program_count++] = p;
	return 0;
}

int lircd_placement_place(struct lircd_placement *pl,
			  const struct lircd_placement_remote *r, size_t *ret_program,
			  struct ir_error *err)
{
	const struct lircd_placement_limits *l = &pl->limits;
	size_t k;
	int ret;

	ret = lircd_placement_alone(l, r, err);
	if (ret < 0)
		return ret;
	if (!pl->first_free) {
		pl->first_free = calloc(LIRCD_FIRST_PAIRS_KEYS, sizeof(*pl->first_free));
		if (!pl->first_free)
			return -ENOMEM;
	}
	for (k = first_candidate(pl, r); k < l->programs_max; k++) {
		if (k == pl->program_count) {
			ret = new_program(pl);
			if (ret < 0)
				return ret;
		}
		if (takes(pl, pl->programs[k], r))
			break;
	}
	if (k >= l->programs_max) {
		ir_error_set(err, _("more remotes start alike than %zu %s programs take (%u "
				    "that may start with one first pulse and space each)"),
			     l->programs_max, l->family, l->candidates);
		return -E2BIG;
	}
	ret = add(pl->programs[k], r);
	if (ret < 0)
		return ret;
	advance(pl, k, r);
	*ret_program = k;
	return 0;
}

void lircd_placement_clear(struct lircd_placement *pl)
{
	size_t i, j;

	for (i = 0; i < pl->program_count; i++) {
		for (j = 0; j < LIRCD_FIRST_PAIRS_BUCKETS; j++)
			free(pl->programs[i]->rows[j]);
		free(pl->programs[i]);
	}
	free(pl->programs);
	free(pl->first_free);
	pl->programs = NULL;
	pl->program_count = 0;
	pl->first_free = NULL;
	pl->first_roomy = 0;
	pl->work = 0;
}
