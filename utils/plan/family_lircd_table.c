// SPDX-License-Identifier: GPL-2.0-or-later
/* What lircd_space and lircd_biphase share: see family_lircd_table.h. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_kernel.h"
#include "family_lircd_table.h"
#include "lircd_placement.h"
#include "nls.h"

int lircd_table_init(void **ret_state)
{
	struct family_lircd_table_state *s = calloc(1, sizeof(*s));

	if (!s)
		return -ENOMEM;
	s->remotes_map = -1;
	s->index_map = -1;
	*ret_state = s;
	return 0;
}

void lircd_table_free(void *state)
{
	struct family_lircd_table_state *s = state;

	if (s) {
		free(s->remotes);
		free(s->index);
	}
	free(s);
}

int lircd_table_append(const struct lircd_table_kind *kind, struct plan_decoder *d,
		       const void *remote)
{
	struct family_lircd_table_state *s = d->state;
	char *remotes = realloc(s->remotes, (s->remote_count + 1) * kind->remote_size);

	if (!remotes)
		return -ENOMEM;
	memcpy(remotes + s->remote_count++ * kind->remote_size, remote, kind->remote_size);
	s->remotes = remotes;
	return 0;
}

/* How many remotes a request of the family holds; 0 for other decoders. */
static size_t request_remotes(const struct lircd_table_kind *kind, const struct plan_decoder *d)
{
	const struct family_lircd_table_state *s = d->state;

	return d->family == kind->family ? s->remote_count : 0;
}

/*
 * Remotes that decode each other's signals into the same scancodes (LIRC's NEC-like
 * remotes: one layout, timings a little apart) become one descriptor (kind->merge(),
 * into the first earlier one that takes it): the classes, in keymap order, in
 * *ret_classes (free() it), total (the remotes of every request) at most; the request
 * of each class's first remote in *ret_origins (free() it).
 */
static int merge_classes(const struct lircd_table_kind *kind, const struct keytable_plan *plan,
			 size_t total, char **ret_classes, size_t **ret_origins,
			 size_t *ret_count)
{
	size_t i, j, k, count, class_count = 0, *origins;
	const char *remotes;
	char *classes;

	classes = calloc(total, kind->remote_size);
	origins = calloc(total, sizeof(*origins));
	if (!classes || !origins) {
		free(classes);
		free(origins);
		return -ENOMEM;
	}
	for (i = 0; i < plan->decoder_count; i++) {
		const struct family_lircd_table_state *s = plan->decoders[i].state;

		count = request_remotes(kind, &plan->decoders[i]);
		remotes = count ? s->remotes : NULL;
		for (j = 0; j < count; j++) {
			const char *remote = remotes + j * kind->remote_size;

			for (k = 0; k < class_count; k++)
				if (kind->merge(classes + k * kind->remote_size, remote))
					break;
			if (k < class_count)
				continue;
			origins[class_count] = i;
			memcpy(classes + class_count++ * kind->remote_size, remote,
			       kind->remote_size);
		}
	}
	*ret_classes = classes;
	*ret_origins = origins;
	*ret_count = class_count;
	return 0;
}

/* How many of the requests may become programs (kind->requests_take_classes). */
static size_t program_count_of(const struct lircd_table_kind *kind,
			       const struct keytable_plan *plan, size_t class_count)
{
	size_t i, count, taken = 0, programs = 0;

	for (i = 0; i < plan->decoder_count; i++) {
		count = request_remotes(kind, &plan->decoders[i]);
		if (!count)
			continue;
		if (kind->requests_take_classes) {
			if (taken == class_count)
				break;
			taken += count == 1 ? 1 : class_count - taken;
		}
		programs++;
	}
	return programs;
}

/* One program's share of a family's classes. */
struct lircd_table {
	char *remotes;
	size_t count;
};

/* Appends remote (size bytes) to table. 0 or -ENOMEM. */
static int table_append(struct lircd_table *table, const void *remote, size_t size)
{
	char *remotes = realloc(table->remotes, (table->count + 1) * size);

	if (!remotes)
		return -ENOMEM;
	memcpy(remotes + table->count * size, remote, size);
	table->remotes = remotes;
	table->count++;
	return 0;
}

/*
 * One class into the first program whose index takes it (lircd_placement_place()):
 * checked first, refused with its keymap entry's place. The program's number in
 * *ret_program. Returns 0; 1 when no program has room for a keymap's remote, which is
 * then skipped with a note; -EINVAL; -ENOMEM.
 */
static int place_class(struct planner *p, const struct lircd_table_kind *kind,
		       struct lircd_placement *pl, const void *class, unsigned int number,
		       const struct plan_decoder *origin, size_t *ret_program)
{
	struct lircd_first_pairs fp = { .keys_only = 1 };
	struct lircd_placement_remote remote = { .patterns = 1 };
	char where[IR_ERROR_MESSAGE_MAX];
	unsigned int *keys = NULL;
	int ret;

	ret = kind->check(class, p->err);
	if (ret == 0)
		ret = kind->pairs(&fp, class, number);
	if (ret == 0) {
		keys = malloc(fp.seen_count ? fp.seen_count * sizeof(*keys) : 1);
		ret = keys ? 0 : -ENOMEM;
	}
	if (ret == 0) {
		remote.keys = keys;
		remote.key_count = lircd_first_pairs_keys(&fp, keys);
		ret = lircd_placement_place(pl, &remote, ret_program, p->err);
	}
	if (ret < 0 && ret != -ENOMEM) {
		plan_request_where(origin, where, sizeof(where));
		ir_error_prefix(p->err, _("%sdecoder '%s'"), where, kind->name);
		/*
		 * A keymap's remote that no program has room for is skipped with a note:
		 * at boot the keymap's other remotes must still load.
		 */
		if (ret == -E2BIG && origin->wanted_by) {
			ret = plan_skip_entry(p->plan, p->err);
			if (ret == 0)
				ret = 1;
		} else {
			ret = -EINVAL;
		}
	}
	free(keys);
	lircd_first_pairs_clear(&fp);
	return ret;
}

/* The requests in order become the programs, each indexed once; those left over go. */
static int make_programs(struct planner *p, const struct lircd_table_kind *kind,
			 struct lircd_table *tables, size_t program_count)
{
	struct keytable_plan *plan = p->plan;
	struct family_lircd_table_state *s;
	size_t i, k;
	int ret;

	for (i = 0, k = 0; i < plan->decoder_count;) {
		if (!request_remotes(kind, &plan->decoders[i])) {
			i++;
			continue;
		}
		if (k == program_count) {
			plan_remove_decoder(plan, i);
			continue;
		}
		s = plan->decoders[i].state;
		free(s->remotes);
		s->remotes = tables[k].remotes;
		s->remote_count = tables[k].count;
		tables[k].remotes = NULL;
		k++;
		i++;
		ret = kind->index_build(s->remotes, s->remote_count, &s->index, &s->index_count,
					p->err);
		if (ret < 0) {
			if (ret != -ENOMEM) {
				ir_error_prefix(p->err, _("decoder '%s'"), kind->name);
				ret = -EINVAL;
			}
			return ret;
		}
	}
	return 0;
}

/*
 * A family's requests (one per keymap entry, each with its remote) as few programs as
 * their first pairs allow. The remotes one descriptor decodes alike are merged first
 * (merge_classes()); then each class, in keymap order, goes into the first program
 * whose index still takes it (lircd_placement.h). Remotes whose frames start alike
 * beyond the LIRCD_SPACE_CANDIDATES one index takes per first pair (the NEC-like ones
 * of LIRC's database share a header) spill to another program; all others share one.
 * The programs are the first of the requests (their parameters kept), the rest
 * dropped; each gets its index, built once.
 */
int lircd_table_finish(struct planner *p, const struct lircd_table_kind *kind)
{
	struct keytable_plan *plan = p->plan;
	struct lircd_placement pl = { .limits = {
		.family = kind->name, .remotes_max = kind->remotes_max,
		.entries_max = kind->entries_max, .candidates = LIRCD_SPACE_CANDIDATES,
	} };
	struct lircd_table *tables = NULL;
	char *classes = NULL;
	size_t i, j, k, total = 0, class_count = 0, *origins = NULL;
	size_t program_count;
	int ret;

	for (i = 0; i < plan->decoder_count; i++)
		total += request_remotes(kind, &plan->decoders[i]);
	if (!total)
		return 0;
	ret = merge_classes(kind, plan, total, &classes, &origins, &class_count);
	if (ret < 0)
		return ret;
	program_count = program_count_of(kind, plan, class_count);
	/* A device takes 64 programs in all: a family that needs more is refused here. */
	pl.limits.programs_max = program_count < BPF_KERNEL_MAX_LIRC_PROGS
					 ? program_count : BPF_KERNEL_MAX_LIRC_PROGS;
	tables = calloc(program_count, sizeof(*tables));
	if (!tables) {
		ret = -ENOMEM;
		goto out;
	}
	for (j = 0; j < class_count; j++) {
		ret = place_class(p, kind, &pl, classes + j * kind->remote_size,
				  (unsigned int)j + 1, &plan->decoders[origins[j]], &k);
		if (ret == 0)
			ret = table_append(&tables[k], classes + j * kind->remote_size,
					   kind->remote_size);
		if (ret < 0)
			goto out;
		ret = 0;
	}
	plan->placing_work += pl.work;
	ret = make_programs(p, kind, tables, pl.program_count);
out:
	for (i = 0; tables && i < program_count; i++)
		free(tables[i].remotes);
	free(tables);
	free(classes);
	free(origins);
	lircd_placement_clear(&pl);
	return ret;
}

int lircd_table_bind(struct planner *p, struct plan_decoder *d,
		     const struct lircd_table_kind *kind)
{
	struct family_lircd_table_state *s = d->family == kind->family ? d->state : NULL;
	size_t count = s ? s->remote_count : 0;
	int remotes_map, index_map, ret;

	ret = plan_find_host_map(p, d, kind->remotes_layout, &remotes_map);
	if (ret == 0)
		ret = plan_find_host_map(p, d, kind->index_layout, &index_map);
	if (ret < 0)
		return ret;
	if (s) {
		s->remotes_map = remotes_map;
		s->index_map = index_map;
	}
	if ((remotes_map >= 0 || index_map >= 0) && !count) {
		ir_error_set(p->err, _("decoder '%s' decodes the lircd.conf remotes of a "
				       "keymap, and none was given"), d->name);
		return -EINVAL;
	}
	if (count && (remotes_map < 0 || index_map < 0)) {
		ir_error_set(p->err, _("decoder '%s' has no maps '%s' and '%s' for lircd.conf "
				       "remotes"), d->name, kind->remotes_map_name,
			     kind->index_map_name);
		return -EINVAL;
	}
	return 0;
}

bool lircd_table_same(const struct lircd_table_kind *kind, const struct plan_decoder *a,
		      const struct plan_decoder *b)
{
	const struct family_lircd_table_state *x = a->state, *y = b->state;

	return x->remote_count == y->remote_count &&
	       (!x->remote_count ||
		!memcmp(x->remotes, y->remotes, x->remote_count * kind->remote_size));
}

uint64_t lircd_table_hash(const struct plan_decoder *d, uint64_t hash)
{
	const struct family_lircd_table_state *s = d->state;

	return (hash ^ s->remote_count) * 0x100000001b3ULL;
}

/* The maps are checked against the layouts written here (lircd_table_bind()). */
int lircd_table_fill_maps(const struct lircd_table_kind *kind, const struct plan_decoder *d,
			  plan_map_update_fn update, void *target, struct ir_error *err)
{
	const struct family_lircd_table_state *s = d->state;
	const char *remotes = s->remotes;
	uint32_t key;
	size_t i;
	int ret = 0;

	if (s->remotes_map < 0 || s->index_map < 0)
		return 0;
	for (key = 0; ret == 0 && key < s->remote_count; key++)
		ret = update(target, (size_t)s->remotes_map, &key,
			     remotes + key * kind->remote_size, err);
	for (i = 0; ret == 0 && i < s->index_count; i++)
		ret = update(target, (size_t)s->index_map, &s->index[i].key, &s->index[i].value,
			     err);
	return ret;
}
