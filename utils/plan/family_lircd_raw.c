// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The lircd_raw family: lircd.conf's RAW_CODES remotes, each keymap entry of protocol
 * lircd_raw (its margin and trail_space parameters, its raw entries) one remote of the
 * embedded table-driven decoder (lircd_raw_table.h), all of them in as few programs as
 * their first pairs allow. Their patterns get scancodes as raw patterns do.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bpf_kernel.h"
#include "decoder_family.h"
#include "lircd_placement.h"
#include "nls.h"

static const struct bpf_map_layout patterns_layout = LIRCD_RAW_PATTERNS_MAP_LAYOUT;
static const struct bpf_map_layout index_layout = LIRCD_RAW_INDEX_MAP_LAYOUT;

/*
 * A lircd_raw entry of no pattern (a lircd.conf remote of no button, as LIRC's generic
 * RC-MM and XMP descriptions) has nothing to match: no program for it.
 */
static bool claims_entry(const struct keymap_protocol *entry)
{
	return !strcasecmp(entry->protocol, "lircd_raw") && !entry->raw_count;
}

static int plan_entry(struct planner *p, const struct keymap *keymap,
		      const struct keymap_protocol *entry)
{
	p->named_protocols = true;
	return plan_note(p->plan, _("%s:%u: protocol 'lircd_raw' without raw entries: nothing to decode"),
			 keymap->filename, entry->line);
}

static bool claims_object(const char *name, bool embedded, const struct keymap_protocol *entry)
{
	(void)entry;
	return embedded && !strcmp(name, "lircd_raw");
}

static int init(void **ret_state)
{
	struct family_lircd_raw_state *s = calloc(1, sizeof(*s));

	if (!s)
		return -ENOMEM;
	s->patterns_map = -1;
	s->index_map = -1;
	*ret_state = s;
	return 0;
}

static void free_state(void *state)
{
	struct family_lircd_raw_state *s = state;

	if (s)
		lircd_raw_table_clear(&s->table);
	free(s);
}

/* The decoder's own parameters of an entry; margin and trail_space are its patterns'. */
static int take_params(struct planner *p, struct plan_decoder *d,
		       const struct keymap_protocol *protocol, const struct plan_origin *origin,
		       int64_t *margin, int64_t *trail_space)
{
	char where[IR_ERROR_MESSAGE_MAX];
	size_t i;
	int ret = 0;

	for (i = 0; ret == 0 && i < protocol->param_count; i++) {
		const struct keymap_param *param = &protocol->params[i];

		if (!strcmp(param->name, "margin")) {
			*margin = param->value;
		} else if (!strcmp(param->name, "trail_space")) {
			*trail_space = param->value;
		} else if (bpf_object_param_find(d->object, param->name) >= 0) {
			ret = plan_set_param(d, param->name, param->value);
		} else {
			plan_origin_prefix(origin, where, sizeof(where));
			ret = plan_note(p->plan, _("%sdecoder '%s' has no parameter '%s': ignored"),
					where, d->name, param->name);
		}
	}
	return ret;
}

/* One raw entry as a pattern of the table, checked. */
static int take_pattern(struct planner *p, const struct plan_decoder *d,
			const struct plan_origin *origin, const struct keymap_raw *raw,
			int64_t margin, int64_t trail_space, struct lircd_raw_pattern *pattern)
{
	size_t j;
	int ret;

	if (raw->duration_count > LIRCD_RAW_DURATIONS_MAX) {
		ir_error_set_at(p->err, origin->file, raw->line, 0,
				_("raw pattern of %zu pulses and spaces: the %s decoder "
				  "takes at most %d"), raw->duration_count, d->name,
				LIRCD_RAW_DURATIONS_MAX);
		return -EINVAL;
	}
	for (j = 0; j < raw->duration_count; j++) {
		if (!raw->durations[j] || raw->durations[j] > UINT16_MAX) {
			ir_error_set_at(p->err, origin->file, raw->line, 0,
					_("raw pattern: %u microseconds is out of the %s "
					  "decoder's range (1 to %u)"), raw->durations[j],
					d->name, (unsigned int)UINT16_MAX);
			return -EINVAL;
		}
		pattern->durations[j] = (unsigned short)raw->durations[j];
	}
	pattern->margin = margin < 0 || margin > UINT32_MAX ? 0 : (unsigned int)margin;
	pattern->end_space = trail_space < 0 || trail_space > UINT32_MAX
				     ? 0 : (unsigned int)trail_space;
	/* The scancode is given once every other mapping is known. */
	pattern->scancode = raw->keycode;
	ret = lircd_raw_pattern_check(pattern, p->err);
	if (ret < 0)
		ir_error_prefix(p->err, "%s:%u", origin->file, raw->line);
	return ret;
}

/*
 * A keymap entry of protocol lircd_raw is one remote of the decoder: its raw entries
 * the patterns, its margin and trail_space theirs; the parameters the decoder itself
 * declares are the decoder's.
 */
static int take(struct planner *p, struct plan_decoder *d, const struct keymap *keymap,
		const struct keymap_protocol *protocol, const struct plan_origin *origin)
{
	struct family_lircd_raw_state *s = d->state;
	struct lircd_raw_pattern *patterns = NULL;
	int64_t margin = 0, trail_space = 0;
	size_t i;
	int ret;

	(void)keymap;
	ret = take_params(p, d, protocol, origin, &margin, &trail_space);
	if (ret < 0)
		return ret;
	patterns = calloc(protocol->raw_count ? protocol->raw_count : 1, sizeof(*patterns));
	if (!patterns)
		return -ENOMEM;
	for (i = 0; i < protocol->raw_count; i++) {
		ret = take_pattern(p, d, origin, &protocol->raws[i], margin, trail_space,
				   &patterns[i]);
		if (ret < 0)
			goto out;
	}
	if (!protocol->raw_count) {
		ir_error_set_at(p->err, origin->file, origin->line, 0,
				_("protocol 'lircd_raw' without raw entries"));
		ret = -EINVAL;
		goto out;
	}
	ret = lircd_raw_table_append(&s->table, patterns, protocol->raw_count);
out:
	free(patterns);
	return ret;
}

/* A request that no longer has remotes goes. */
static void drop_empty(struct keytable_plan *plan)
{
	size_t i;

	for (i = 0; i < plan->decoder_count;) {
		const struct plan_decoder *d = &plan->decoders[i];
		const struct family_lircd_raw_state *s = d->state;

		if (d->family != &family_lircd_raw || s->table.remote_count)
			i++;
		else
			plan_remove_decoder(plan, i);
	}
}

/*
 * A remote (count patterns) into the first of the requests' tables whose index takes
 * it (lircd_placement.h): appended to it, refused with its keymap entry's place.
 */
static int place_remote(struct planner *p, struct lircd_placement *pl,
			struct plan_decoder **requests, const struct lircd_raw_pattern *patterns,
			size_t count, unsigned int number, const struct plan_decoder *origin)
{
	struct lircd_first_pairs fp = { .keys_only = 1 };
	struct lircd_placement_remote remote = { .patterns = (unsigned int)count };
	struct family_lircd_raw_state *s;
	char where[IR_ERROR_MESSAGE_MAX];
	unsigned int *keys = NULL;
	size_t k;
	int ret;

	ret = lircd_raw_remote_pairs(&fp, patterns, count, number);
	if (ret == 0) {
		keys = malloc(fp.seen_count ? fp.seen_count * sizeof(*keys) : 1);
		ret = keys ? 0 : -ENOMEM;
	}
	if (ret == 0) {
		remote.keys = keys;
		remote.key_count = lircd_first_pairs_keys(&fp, keys);
		ret = lircd_placement_place(pl, &remote, &k, p->err);
	}
	if (ret == 0) {
		s = requests[k]->state;
		ret = lircd_raw_table_append(&s->table, patterns, count);
	}
	if (ret < 0 && ret != -ENOMEM) {
		plan_request_where(origin, where, sizeof(where));
		ir_error_prefix(p->err, _("%sdecoder 'lircd_raw'"), where);
		/* As lircd_table_finish(): a keymap's remote with no room is skipped. */
		if (ret == -E2BIG && origin->wanted_by) {
			ret = plan_skip_entry(p->plan, p->err);
		} else {
			ret = -EINVAL;
		}
	}
	free(keys);
	lircd_first_pairs_clear(&fp);
	return ret;
}

/* Each program's sync_space (its shortest trail space) and candidates. */
static int set_program_params(struct keytable_plan *plan)
{
	size_t i, k;
	int ret;

	for (i = 0; i < plan->decoder_count; i++) {
		struct plan_decoder *d = &plan->decoders[i];
		const struct family_lircd_raw_state *s = d->state;
		unsigned int sync = UINT32_MAX;

		if (d->family != &family_lircd_raw)
			continue;
		for (k = 0; k < s->table.pattern_count; k++)
			if (s->table.patterns[k].end_space < sync)
				sync = s->table.patterns[k].end_space;
		ret = plan_set_param(d, "sync_space", sync);
		if (ret == 0)
			ret = plan_set_param(d, "candidates", s->table.candidates);
		if (ret < 0)
			return ret;
	}
	return 0;
}

/*
 * The requests (one per keymap entry, each with its remote) as few programs as their
 * first pairs allow: each remote, in keymap order, in the first program whose index
 * still takes it (all in the first request's program when one index takes them all);
 * each program indexed once. The programs' sync_space and candidates come from their
 * tables.
 */
static int finish(struct planner *p)
{
	struct keytable_plan *plan = p->plan;
	struct lircd_placement pl = { .limits = {
		.family = "lircd_raw", .patterns_max = LIRCD_RAW_PATTERNS_MAX,
		.entries_max = LIRCD_RAW_INDEX_MAX, .candidates = LIRCD_RAW_REMOTES,
		.entry_patterns_max = LIRCD_RAW_ALIVE_MAX,
	} };
	struct lircd_raw_table *old = NULL;
	struct plan_decoder **requests = NULL;
	struct family_lircd_raw_state *s;
	size_t i, r, k, count = 0;
	int ret = 0;

	for (i = 0; i < plan->decoder_count; i++)
		count += plan->decoders[i].family == &family_lircd_raw;
	if (!count)
		return 0;
	requests = calloc(count, sizeof(*requests));
	old = calloc(count, sizeof(*old));
	if (!requests || !old) {
		ret = -ENOMEM;
		goto out;
	}
	/* Each request's own remote comes out of it, to be placed in keymap order. */
	for (i = 0, k = 0; i < plan->decoder_count; i++) {
		if (plan->decoders[i].family != &family_lircd_raw)
			continue;
		requests[k] = &plan->decoders[i];
		s = requests[k]->state;
		old[k++] = s->table;
		memset(&s->table, 0, sizeof(s->table));
	}
	pl.limits.programs_max = count < BPF_KERNEL_MAX_LIRC_PROGS ? count
								 : BPF_KERNEL_MAX_LIRC_PROGS;
	for (k = 0; k < count; k++) {
		for (r = 0; r < old[k].remote_count; r++) {
			ret = place_remote(p, &pl, requests,
					   old[k].patterns + old[k].remotes[r].first,
					   old[k].remotes[r].count, (unsigned int)(k + r + 1),
					   requests[k]);
			if (ret < 0)
				goto out;
		}
	}
	plan->placing_work += pl.work;
	for (k = 0; k < count; k++) {
		s = requests[k]->state;
		if (!s->table.remote_count)
			continue;
		ret = lircd_raw_table_index(&s->table, p->err);
		if (ret < 0)
			goto out;
	}
	drop_empty(plan);
	ret = set_program_params(plan);
out:
	for (k = 0; old && k < count; k++)
		lircd_raw_table_clear(&old[k]);
	free(old);
	free(requests);
	lircd_placement_clear(&pl);
	return ret;
}

/* The maps: both there, and remotes to fill them with, or neither. */
static int bind(struct planner *p, struct plan_decoder *d)
{
	struct family_lircd_raw_state *s = d->family == &family_lircd_raw ? d->state : NULL;
	size_t count = s ? s->table.remote_count : 0;
	int patterns_map, index_map, ret;

	ret = plan_find_host_map(p, d, &patterns_layout, &patterns_map);
	if (ret == 0)
		ret = plan_find_host_map(p, d, &index_layout, &index_map);
	if (ret < 0)
		return ret;
	if (s) {
		s->patterns_map = patterns_map;
		s->index_map = index_map;
	}
	if ((patterns_map >= 0 || index_map >= 0) && !count) {
		ir_error_set(p->err, _("decoder '%s' decodes the lircd.conf remotes of a "
				       "keymap, and none was given"), d->name);
		return -EINVAL;
	}
	if (count && (patterns_map < 0 || index_map < 0)) {
		ir_error_set(p->err, _("decoder '%s' has no maps '%s' and '%s' for lircd.conf "
				       "remotes"), d->name, LIRCD_RAW_PATTERNS_MAP,
			     LIRCD_RAW_INDEX_MAP);
		return -EINVAL;
	}
	return 0;
}

/* Programs of patterns are never one: each holds its own remotes. */
static bool same(const struct plan_decoder *a, const struct plan_decoder *b)
{
	const struct family_lircd_raw_state *x = a->state, *y = b->state;

	return !x->table.pattern_count && !y->table.pattern_count;
}

static int assign_scancodes(struct plan_scancodes *sc, struct plan_decoder *d)
{
	struct family_lircd_raw_state *s = d->state;
	uint64_t scancode;
	size_t i;
	int ret;

	for (i = 0; i < s->table.pattern_count; i++) {
		ret = plan_next_scancode(sc, s->table.patterns[i].scancode, &scancode);
		if (ret < 0)
			return ret;
		s->table.patterns[i].scancode = (unsigned int)scancode;
	}
	return 0;
}

/* The maps are checked against the layouts written here (bind(), lircd_raw_table.h). */
static int fill_maps(const struct plan_decoder *d, plan_map_update_fn update, void *target,
		     struct ir_error *err)
{
	const struct family_lircd_raw_state *s = d->state;
	const struct lircd_raw_table *table = &s->table;
	uint32_t key;
	size_t i;
	int ret = 0;

	if (s->patterns_map < 0 || s->index_map < 0)
		return 0;
	for (key = 0; ret == 0 && key < table->pattern_count; key++)
		ret = update(target, (size_t)s->patterns_map, &key, &table->patterns[key], err);
	for (i = 0; ret == 0 && i < table->index_count; i++)
		ret = update(target, (size_t)s->index_map, &table->index[i].key,
			     &table->index[i].value, err);
	return ret;
}

const struct decoder_family_ops family_lircd_raw = {
	.name = "lircd_raw",
	.claims_entry = claims_entry,
	.plan_entry = plan_entry,
	.claims_object = claims_object,
	.needs_keymap = true,
	.init = init,
	.take = take,
	.finish = finish,
	.bind = bind,
	.same = same,
	.assign_scancodes = assign_scancodes,
	.fill_maps = fill_maps,
	.free_state = free_state,
};
