// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The lircd_space family: lircd.conf's space-coded remotes, each keymap entry of
 * protocol lircd_space one remote (lircd_space_table.h) of the embedded table-driven
 * decoder, all of them in as few programs as their first pairs allow.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "family_lircd_table.h"
#include "nls.h"

static const struct bpf_map_layout remotes_layout = LIRCD_SPACE_REMOTES_MAP_LAYOUT;
static const struct bpf_map_layout index_layout = LIRCD_SPACE_INDEX_MAP_LAYOUT;

static int merge(void *into, const void *other)
{
	return lircd_space_remote_merge(into, other);
}

static int check(const void *remote, struct ir_error *err)
{
	return lircd_space_remote_check(remote, err);
}

static int pairs(struct lircd_first_pairs *fp, const void *remote, unsigned int number)
{
	return lircd_space_remote_pairs(fp, remote, number);
}

static int index_build(const void *remotes, size_t count,
		       struct lircd_space_index_entry **entries, size_t *entry_count,
		       struct ir_error *err)
{
	return lircd_space_index_build(remotes, count, entries, entry_count, err);
}

static const struct lircd_table_kind kind = {
	.family = &family_lircd_space,
	.name = "lircd_space",
	.remote_size = sizeof(struct lircd_space_remote),
	.merge = merge,
	.check = check,
	.pairs = pairs,
	.index_build = index_build,
	.remotes_max = LIRCD_SPACE_REMOTES_MAX,
	.entries_max = LIRCD_SPACE_INDEX_MAX,
	/* A request of one remote takes one class, one of several the classes left. */
	.requests_take_classes = true,
	.remotes_layout = &remotes_layout,
	.index_layout = &index_layout,
	.remotes_map_name = LIRCD_SPACE_REMOTES_MAP,
	.index_map_name = LIRCD_SPACE_INDEX_MAP,
};

/* The embedded decoder, but not for raw entries: those go to the raw family. */
static bool claims_object(const char *name, bool embedded, const struct keymap_protocol *entry)
{
	return embedded && !strcmp(name, "lircd_space") && !(entry && entry->raw_count);
}

/*
 * A keymap entry of protocol lircd_space is one remote of the decoder: its parameters
 * describe the remote (lircd_space_table.h); those the decoder itself declares
 * (rc_protocol) are the decoder's.
 */
static int take(struct planner *p, struct plan_decoder *d, const struct keymap *keymap,
		const struct keymap_protocol *protocol, const struct plan_origin *origin)
{
	struct lircd_space_remote remote = { 0 };
	char where[IR_ERROR_MESSAGE_MAX];
	size_t i;
	int ret;

	(void)keymap;
	for (i = 0; i < protocol->param_count; i++) {
		const struct keymap_param *param = &protocol->params[i];

		ret = lircd_space_remote_set(&remote, param->name, param->value, p->err);
		if (ret == -ENOENT && bpf_object_param_find(d->object, param->name) >= 0) {
			ret = plan_set_param(d, param->name, param->value);
		} else if (ret == -ENOENT) {
			plan_origin_prefix(origin, where, sizeof(where));
			ret = plan_note(p->plan, _("%sdecoder '%s' has no parameter '%s': ignored"),
					where, d->name, param->name);
		} else if (ret == -ERANGE) {
			ir_error_prefix(p->err, "%s:%u", origin->file, origin->line);
			return -EINVAL;
		}
		if (ret < 0)
			return ret;
	}
	ret = lircd_space_remote_check(&remote, p->err);
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

const struct decoder_family_ops family_lircd_space = {
	.name = "lircd_space",
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
