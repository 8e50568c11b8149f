// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The lircd_biphase family: lircd.conf's bi-phase remotes, each keymap entry of
 * protocol lircd_biphase one remote (lircd_biphase_table.h) of the embedded
 * table-driven decoder, merged and placed in as few programs as their first pairs
 * allow.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "family_lircd_table.h"
#include "lircd_biphase_index.h"

static const struct bpf_map_layout remotes_layout = LIRCD_BIPHASE_REMOTES_MAP_LAYOUT;
static const struct bpf_map_layout index_layout = LIRCD_BIPHASE_INDEX_MAP_LAYOUT;

static int merge(void *into, const void *other)
{
	return lircd_biphase_remote_merge(into, other);
}

static int check(const void *remote, struct ir_error *err)
{
	return lircd_biphase_remote_check(remote, err);
}

static int pairs(struct lircd_first_pairs *fp, const void *remote, unsigned int number)
{
	return lircd_biphase_remote_pairs(fp, remote, number);
}

static int index_build(const void *remotes, size_t count,
		       struct lircd_space_index_entry **entries, size_t *entry_count,
		       struct ir_error *err)
{
	return lircd_biphase_index_build(remotes, count, entries, entry_count, err);
}

static const struct lircd_table_kind kind = {
	.family = &family_lircd_biphase,
	.name = "lircd_biphase",
	.remote_size = sizeof(struct lircd_biphase_remote),
	.merge = merge,
	.check = check,
	.pairs = pairs,
	.index_build = index_build,
	.remotes_max = LIRCD_BIPHASE_REMOTES_MAX,
	.entries_max = LIRCD_BIPHASE_INDEX_MAX,
	/* Every request of remotes may be a program. */
	.requests_take_classes = false,
	.remotes_layout = &remotes_layout,
	.index_layout = &index_layout,
	.remotes_map_name = LIRCD_BIPHASE_REMOTES_MAP,
	.index_map_name = LIRCD_BIPHASE_INDEX_MAP,
};

/* The embedded decoder, but not for raw entries: those go to the raw family. */
static bool claims_object(const char *name, bool embedded, const struct keymap_protocol *entry)
{
	return embedded && !strcmp(name, "lircd_biphase") && !(entry && entry->raw_count);
}

/* A keymap entry of protocol lircd_biphase: one remote (lircd_biphase_index.h). */
static int take(struct planner *p, struct plan_decoder *d, const struct keymap *keymap,
		const struct keymap_protocol *protocol, const struct plan_origin *origin)
{
	struct lircd_biphase_remote remote = { 0 };
	size_t i;
	int ret;

	(void)keymap;
	for (i = 0; i < protocol->param_count; i++) {
		const struct keymap_param *param = &protocol->params[i];

		ret = lircd_biphase_remote_set(&remote, param->name, param->value, p->err);
		if (ret == -ENOENT)
			ret = plan_set_param(d, param->name, param->value);
		if (ret == -ERANGE)
			ir_error_prefix(p->err, "%s:%u", origin->file, origin->line);
		if (ret < 0)
			return ret == -ERANGE ? -EINVAL : ret;
	}
	ret = lircd_biphase_remote_check(&remote, p->err);
	if (ret < 0) {
		ir_error_prefix(p->err, "%s:%u", origin->file, origin->line);
		return ret;
	}
	return lircd_table_append(&kind, d, &remote);
}

static int finish(struct planner *p)
{
	return lircd_table_finish(p, &kind);
}

static int bind(struct planner *p, struct plan_decoder *d)
{
	return lircd_table_bind(p, d, &kind);
}

static bool same(const struct plan_decoder *a, const struct plan_decoder *b)
{
	return lircd_table_same(&kind, a, b);
}

static int fill_maps(const struct plan_decoder *d, plan_map_update_fn update, void *target,
		     struct ir_error *err)
{
	return lircd_table_fill_maps(&kind, d, update, target, err);
}

const struct decoder_family_ops family_lircd_biphase = {
	.name = "lircd_biphase",
	.claims_object = claims_object,
	.needs_keymap = true,
	.init = lircd_table_init,
	.take = take,
	.finish = finish,
	.bind = bind,
	.same = same,
	.hash = lircd_table_hash,
	.fill_maps = fill_maps,
	.free_state = lircd_table_free,
};
