/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The placing of a table-driven lircd decoder's remotes (lircd_space, lircd_biphase,
 * lircd_raw) into as few programs as their indexes allow, one remote at a time: each
 * goes into the first program whose index still takes it (lircd_first_pairs.h: the
 * keys its frames may start with). A program's index is not built to find out: each
 * program keeps, per key, how many remotes it names and how many patterns they have,
 * so that trying a remote costs its keys, and a program that a key of the remote has
 * filled is not tried again for that key. Every limit of an index is checked before
 * anything of it is allocated; the index builders (lircd_*_index.h) then build each
 * program's index once, from the remotes placed here.
 *
 * A remote that no program could take even alone (more first pairs than an index's
 * entries, more patterns than the decoder's) is refused, naming the limit, before
 * anything is allocated for it (lircd_placement_alone()); the planner adds the keymap
 * entry's file:line:column. The work (keys looked at, programs tried) is counted in
 * struct lircd_placement: tests/unit/test-keytable-plan bounds how it grows, and
 * bench/plan-cost (make bench, part 10) times 100 and 1,000 remotes of each family.
 */
#ifndef IRKIT_LIRCD_PLACEMENT_H
#define IRKIT_LIRCD_PLACEMENT_H

#include <stddef.h>

#include "ir_error.h"
#include "lircd_first_pairs.h"

/* What one program's index takes (the decoder's table header). */
struct lircd_placement_limits {
	const char *family;		/* the decoder's name, for messages */
	size_t remotes_max;		/* remotes in one program; 0: no limit */
	size_t patterns_max;		/* patterns in one program; 0: no limit */
	size_t entries_max;		/* index entries */
	unsigned int candidates;	/* remotes one entry names */
	unsigned int entry_patterns_max;/* patterns of one entry's remotes; 0: no limit */
	size_t programs_max;		/* programs at most */
};

/* A remote as the placing sees it: its keys, ascending, and its patterns. */
struct lircd_placement_remote {
	const unsigned int *keys;
	size_t key_count;
	unsigned int patterns;		/* lircd_space, lircd_biphase: 1 */
};

struct lircd_placement_program;

/* Owns its programs: lircd_placement_clear(). Starts zeroed but for limits. */
struct lircd_placement {
	struct lircd_placement_limits limits;
	struct lircd_placement_program **programs;
	size_t program_count;
	/* Per key cell: the first program where the key still has a candidate free. */
	unsigned int *first_free;
	/* The first program under limits.remotes_max. */
	size_t first_roomy;
	/* Work done: keys looked at, programs tried. Tests bound it. */
	unsigned long long work;
};

/*
 * Puts remote into the first program that takes it (a new one when none does, up to
 * limits.programs_max): its number in *ret_program. Returns 0; -E2BIG when no program
 * takes it, err set (lircd_placement_explain()); -ENOMEM.
 */
int lircd_placement_place(struct lircd_placement *pl,
			  const struct lircd_placement_remote *remote, size_t *ret_program,
			  struct ir_error *err);

/*
 * Whether remote fits an empty program: 0, or -E2BIG with err set naming the limit it
 * passes (its first pairs, its patterns, its patterns of one first pair).
 */
int lircd_placement_alone(const struct lircd_placement_limits *limits,
			  const struct lircd_placement_remote *remote, struct ir_error *err);

void lircd_placement_clear(struct lircd_placement *pl);

#endif
