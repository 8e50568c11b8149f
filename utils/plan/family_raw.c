// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The raw family: a keymap's raw patterns (protocol "raw", or raw entries given to any
 * decoder object), matched by a decoder with the map "raw_patterns" (RAW_MAP_LAYOUT).
 * Each pattern gets a scancode no other key has once the keys are planned.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "decoder_family.h"
#include "nls.h"

static const struct bpf_map_layout raw_layout = RAW_MAP_LAYOUT;

/* The embedded raw decoder, and every decoder a keymap gives raw entries. */
static bool raw_claims_object(const char *name, bool embedded,
			      const struct keymap_protocol *entry)
{
	return (embedded && !strcmp(name, "raw")) || (entry && entry->raw_count);
}

static int raw_init(void **ret_state)
{
	struct family_raw_state *s = calloc(1, sizeof(*s));

	if (!s)
		return -ENOMEM;
	s->map = -1;
	*ret_state = s;
	return 0;
}

/* A keymap's raw entries, checked against what the raw decoder's map can hold. */
static int take_raw_patterns(struct planner *p, struct family_raw_state *s,
			     const struct keymap_protocol *protocol, const char *file)
{
	size_t i, j;

	if (protocol->raw_count > RAW_MAX_PATTERNS) {
		ir_error_set_at(p->err, file, protocol->line, 0,
				_("%zu raw patterns: the raw decoder holds at most %d"),
				protocol->raw_count, RAW_MAX_PATTERNS);
		return -EINVAL;
	}
	s->patterns = calloc(protocol->raw_count, sizeof(*s->patterns));
	if (!s->patterns)
		return -ENOMEM;
	s->count = protocol->raw_count;
	for (i = 0; i < protocol->raw_count; i++) {
		const struct keymap_raw *raw = &protocol->raws[i];
		struct raw_pattern *pattern = &s->patterns[i];

		if (raw->duration_count > RAW_MAX_DURATIONS) {
			ir_error_set_at(p->err, file, raw->line, 0,
					_("raw pattern of %zu pulses and spaces: the raw decoder "
					  "takes at most %d"), raw->duration_count,
					RAW_MAX_DURATIONS);
			return -EINVAL;
		}
		for (j = 0; j < raw->duration_count; j++) {
			if (!raw->durations[j] || raw->durations[j] > UINT16_MAX) {
				ir_error_set_at(p->err, file, raw->line, 0,
						_("raw pattern: %u microseconds is out of the raw "
						  "decoder's range (1 to %u)"), raw->durations[j],
						(unsigned int)UINT16_MAX);
				return -EINVAL;
			}
			pattern->durations[j] = (unsigned short)raw->durations[j];
		}
		/* The scancode is given once every other mapping is known. */
		pattern->scancode = raw->keycode;
	}
	return 0;
}

static int raw_take(struct planner *p, struct plan_decoder *d, const struct keymap *keymap,
		    const struct keymap_protocol *entry, const struct plan_origin *origin)
{
	int ret = plan_apply_keymap_params(p, d, entry, origin);

	if (ret < 0 || !entry->raw_count)
		return ret;
	return take_raw_patterns(p, d->state, entry, keymap->filename);
}

/* trail_space must exceed every space inside the patterns, by the margin and more. */
static int set_raw_trail_space(struct plan_decoder *d, const struct family_raw_state *s)
{
	unsigned int longest = 0;
	size_t i, j;

	if (!s->count || plan_has_param(d, "trail_space") ||
	    !d->object || bpf_object_param_find(d->object, "trail_space") < 0)
		return 0;
	for (i = 0; i < s->count; i++)
		for (j = 1; s->patterns[i].durations[j]; j += 2)
			if (s->patterns[i].durations[j] > longest)
				longest = s->patterns[i].durations[j];
	return plan_set_param(d, "trail_space",
			      (int64_t)longest + 2 * plan_param_value(d, "margin"));
}

/*
 * The raw decoder looks at the patterns it is given, not at every entry its map could
 * hold: the kernel's verifier walks its loops once per entry it may look at.
 */
static int raw_set_params(struct plan_decoder *d)
{
	const struct family_raw_state *s = d->state;
	int ret = set_raw_trail_space(d, s);

	if (ret < 0 || !s->count || plan_has_param(d, "patterns") ||
	    !d->object || bpf_object_param_find(d->object, "patterns") < 0)
		return ret;
	return plan_set_param(d, "patterns", (int64_t)s->count);
}

/* The map "raw_patterns": there, and patterns to fill it with, or neither. */
static int raw_bind(struct planner *p, struct plan_decoder *d)
{
	struct family_raw_state *s = d->family == &family_raw ? d->state : NULL;
	size_t count = s ? s->count : 0;
	int map, ret;

	ret = plan_find_host_map(p, d, &raw_layout, &map);
	if (ret < 0)
		return ret;
	if (s)
		s->map = map;
	if (map >= 0 && !count) {
		ir_error_set(p->err, _("decoder '%s' matches the raw patterns of a keymap, and "
				       "none was given"), d->name);
		return -EINVAL;
	}
	if (count && map < 0) {
		ir_error_set(p->err, _("decoder '%s' has no map '%s' for raw patterns"),
			     d->name, RAW_MAP_NAME);
		return -EINVAL;
	}
	return 0;
}

static bool raw_same(const struct plan_decoder *a, const struct plan_decoder *b)
{
	const struct family_raw_state *x = a->state, *y = b->state;

	return x->count == y->count &&
	       (!x->count || !memcmp(x->patterns, y->patterns, x->count * sizeof(*x->patterns)));
}

static uint64_t raw_hash(const struct plan_decoder *d, uint64_t hash)
{
	const struct family_raw_state *s = d->state;

	/* FNV-1a over the count, as the patterns may differ only where same() looks. */
	return (hash ^ s->count) * 0x100000001b3ULL;
}

/* Raw patterns report their scancode: give each a free one, and map it to its key. */
static int raw_assign_scancodes(struct plan_scancodes *sc, struct plan_decoder *d)
{
	struct family_raw_state *s = d->state;
	uint64_t scancode;
	size_t i;
	int ret;

	for (i = 0; i < s->count; i++) {
		ret = plan_next_scancode(sc, s->patterns[i].scancode, &scancode);
		if (ret < 0)
			return ret;
		s->patterns[i].scancode = (unsigned int)scancode;
	}
	return 0;
}

static void raw_describe(const struct plan_decoder *d, FILE *out)
{
	const struct family_raw_state *s = d->state;

	if (s->count)
		fprintf(out, _("\t%zu raw patterns\n"), s->count);
}

/* The map is checked against the layout written here (raw_bind(), RAW_MAP_LAYOUT). */
static int raw_fill_maps(const struct plan_decoder *d, plan_map_update_fn update,
			 void *target, struct ir_error *err)
{
	const struct family_raw_state *s = d->state;
	uint32_t key;
	int ret;

	for (key = 0; s->map >= 0 && key < s->count; key++) {
		ret = update(target, (size_t)s->map, &key, &s->patterns[key], err);
		if (ret < 0)
			return ret;
	}
	return 0;
}

static void raw_free_state(void *state)
{
	struct family_raw_state *s = state;

	if (s)
		free(s->patterns);
	free(s);
}

const struct decoder_family_ops family_raw = {
	.name = "raw",
	.claims_object = raw_claims_object,
	.needs_keymap = true,
	.init = raw_init,
	.take = raw_take,
	.set_params = raw_set_params,
	.bind = raw_bind,
	.same = raw_same,
	.hash = raw_hash,
	.assign_scancodes = raw_assign_scancodes,
	.describe = raw_describe,
	.fill_maps = raw_fill_maps,
	.free_state = raw_free_state,
};
