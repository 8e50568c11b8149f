/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the two families of table-driven lircd decoders whose programs hold remote
 * descriptors (lircd_space and lircd_biphase) share: their state
 * (family_lircd_table_state), the placing of their remotes into as few programs as
 * their first pairs allow (lircd_placement.h), their two host maps. Each family is a
 * kind: its descriptor's size, functions and limits.
 */
#ifndef IRKIT_PLAN_FAMILY_LIRCD_TABLE_H
#define IRKIT_PLAN_FAMILY_LIRCD_TABLE_H

#include "decoder_family.h"
#include "lircd_first_pairs.h"

struct lircd_table_kind {
	const struct decoder_family_ops *family;
	const char *name;	/* the embedded decoder's */
	size_t remote_size;
	/* lircd_*_remote_merge(): 1 when into now decodes other too, else 0. */
	int (*merge)(void *into, const void *other);
	int (*check)(const void *remote, struct ir_error *err);
	int (*pairs)(struct lircd_first_pairs *fp, const void *remote, unsigned int number);
	int (*index_build)(const void *remotes, size_t count,
			   struct lircd_space_index_entry **entries, size_t *entry_count,
			   struct ir_error *err);
	/* What one program takes (its index's limits; programs_max is the plan's). */
	size_t remotes_max;
	size_t entries_max;
	/*
	 * How many requests become programs at most. false: every request of remotes.
	 * true (lircd_space): a request of one remote takes one class and one of several
	 * all the classes left; the requests after the last class do not count.
	 */
	bool requests_take_classes;
	const struct bpf_map_layout *remotes_layout, *index_layout;
	const char *remotes_map_name, *index_map_name;
};

int lircd_table_init(void **ret_state);
void lircd_table_free(void *state);
/* Appends one remote (kind->remote_size bytes) to d's state. 0 or -ENOMEM. */
int lircd_table_append(const struct lircd_table_kind *kind, struct plan_decoder *d,
		       const void *remote);
/* The family's requests merged, placed into programs, indexed (plan.h's rules). */
int lircd_table_finish(struct planner *p, const struct lircd_table_kind *kind);
/* Both maps there and remotes to fill them with, or neither. */
int lircd_table_bind(struct planner *p, struct plan_decoder *d,
		     const struct lircd_table_kind *kind);
bool lircd_table_same(const struct lircd_table_kind *kind, const struct plan_decoder *a,
		      const struct plan_decoder *b);
uint64_t lircd_table_hash(const struct plan_decoder *d, uint64_t hash);
int lircd_table_fill_maps(const struct lircd_table_kind *kind, const struct plan_decoder *d,
			  plan_map_update_fn update, void *target, struct ir_error *err);

#endif
