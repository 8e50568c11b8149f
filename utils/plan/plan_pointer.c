// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A keymap marks scancodes as pointer directions (POINTER_UP ..., keymap.h); they reach
 * the decoders through two maps that every decoder including ir_pointer.h has, not
 * through rc-core's keytable (a direction is no key). The speed is the keymaps'
 * parameters pointer_speed, pointer_accel, pointer_max and pointer_hold, which are the
 * planner's, never a decoder's.
 */
#include "config.h"

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "../bpf_protocols/pointer_table.h"
#include "nls.h"
#include "plan_pointer.h"

static const struct bpf_map_layout keys_layout = POINTER_KEYS_MAP_LAYOUT;
static const struct bpf_map_layout state_layout = POINTER_STATE_MAP_LAYOUT;

int plan_pointer_bind(struct planner *p, struct plan_decoder *d)
{
	int keys = -1, state = -1, ret;

	d->pointer_keys_map = 0;
	d->pointer_state_map = 0;
	if (!d->image)
		return 0;
	ret = plan_find_host_map(p, d, &keys_layout, &keys);
	if (ret == 0)
		ret = plan_find_host_map(p, d, &state_layout, &state);
	if (ret < 0)
		return ret;
	if ((keys < 0) != (state < 0)) {
		ir_error_set(p->err, _("decoder '%s' has a map '%s' and no map '%s'"), d->name,
			     keys < 0 ? POINTER_STATE_MAP : POINTER_KEYS_MAP,
			     keys < 0 ? POINTER_KEYS_MAP : POINTER_STATE_MAP);
		return -EINVAL;
	}
	d->pointer_keys_map = keys + 1;
	d->pointer_state_map = state + 1;
	return 0;
}

/* A speed parameter of the keymaps: its field, its range. */
struct speed_param {
	const char *name;
	size_t offset;			/* of the field in struct plan_pointer */
	int64_t min, max;
};

static const struct speed_param speed_params[] = {
	{ "pointer_speed", offsetof(struct plan_pointer, speed), 1, 1000 },
	{ "pointer_accel", offsetof(struct plan_pointer, accel), 0, 1000 },
	{ "pointer_max", offsetof(struct plan_pointer, max), 1, 10000 },
	{ "pointer_hold", offsetof(struct plan_pointer, hold_ms), 20, 2000 },
};

bool plan_pointer_param(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(speed_params) / sizeof(speed_params[0]); i++)
		if (!strcmp(name, speed_params[i].name))
			return true;
	return false;
}

/* One keymap parameter, if it is a speed: set, or a note when out of range. */
static int take_param(struct planner *p, const struct keymap *keymap,
		      const struct keymap_protocol *protocol, const struct keymap_param *param)
{
	struct ir_error message;
	size_t i;

	for (i = 0; i < sizeof(speed_params) / sizeof(speed_params[0]); i++) {
		const struct speed_param *s = &speed_params[i];

		if (strcmp(param->name, s->name))
			continue;
		if (param->value < s->min || param->value > s->max) {
			ir_error_set_at(&message, keymap->filename, protocol->line, 0,
					_("%s = %lld out of range (%lld to %lld)"), s->name,
					(long long)param->value, (long long)s->min,
					(long long)s->max);
			return plan_skip_entry(p->plan, &message);
		}
		*(uint32_t *)((char *)&p->plan->pointer + s->offset) = (uint32_t)param->value;
	}
	return 0;
}

static int take_params(struct planner *p)
{
	struct plan_pointer *pointer = &p->plan->pointer;
	size_t i, j, k;
	int ret;

	pointer->speed = PLAN_POINTER_SPEED;
	pointer->accel = PLAN_POINTER_ACCEL;
	pointer->max = PLAN_POINTER_MAX;
	pointer->hold_ms = PLAN_POINTER_HOLD_MS;
	for (i = 0; i < p->input->keymap_count; i++) {
		const struct keymap *keymap = p->input->keymaps[i];

		for (j = 0; j < keymap->protocol_count; j++) {
			const struct keymap_protocol *protocol = &keymap->protocols[j];

			for (k = 0; k < protocol->param_count; k++) {
				ret = take_param(p, keymap, protocol, &protocol->params[k]);
				if (ret < 0)
					return ret;
			}
		}
	}
	/* The fastest move is never slower than the first. */
	if (pointer->max < pointer->speed)
		pointer->max = pointer->speed;
	return 0;
}

/* The keys that are directions out of plan->keys, in order; past the map's room, noted. */
static int take_keys(struct planner *p)
{
	struct keytable_plan *plan = p->plan;
	struct plan_pointer *pointer = &plan->pointer;
	struct plan_pointer_key *key;
	size_t i, kept = 0;
	int rel_x, rel_y, ret;

	for (i = 0; i < plan->key_count; i++) {
		if (keymap_pointer_direction(plan->keys[i].keycode, &rel_x, &rel_y) < 0) {
			plan->keys[kept++] = plan->keys[i];
			continue;
		}
		if (pointer->key_count == POINTER_KEYS_MAX) {
			ret = plan_note(plan, _("scancode 0x%llx: more than %d pointer buttons: "
						"skipped"),
					(unsigned long long)plan->keys[i].scancode,
					POINTER_KEYS_MAX);
			if (ret < 0)
				return ret;
			continue;
		}
		if (!pointer->keys) {
			pointer->keys = calloc(POINTER_KEYS_MAX, sizeof(*pointer->keys));
			if (!pointer->keys)
				return -ENOMEM;
		}
		key = &pointer->keys[pointer->key_count++];
		key->scancode = plan->keys[i].scancode;
		key->rel_x = rel_x;
		key->rel_y = rel_y;
	}
	plan->key_count = kept;
	return 0;
}

int plan_pointer_take(struct planner *p)
{
	struct keytable_plan *plan = p->plan;
	size_t i, moving = 0;
	int ret;

	ret = take_keys(p);
	if (ret == 0)
		ret = take_params(p);
	if (ret < 0 || !plan->pointer.key_count)
		return ret;
	for (i = 0; i < plan->decoder_count; i++) {
		if (!plan->decoders[i].pointer_keys_map)
			continue;
		plan->decoders[i].pointer = &plan->pointer;
		moving++;
	}
	if (moving || plan->irp_all)
		return 0;
	return plan_note(plan, _("%zu pointer buttons, and no BPF decoder here moves the "
				 "pointer: a kernel protocol needs its BPF port (nec_bpf for "
				 "nec, ...)"), plan->pointer.key_count);
}

int plan_pointer_fill(const struct plan_decoder *d, plan_map_update_fn update,
		      void *target, struct ir_error *err)
{
	const struct plan_pointer *pointer = d->pointer;
	struct pointer_state state;
	struct pointer_key value;
	uint32_t zero = 0;
	size_t i;
	int ret;

	if (!pointer || !d->pointer_keys_map)
		return 0;
	for (i = 0; i < pointer->key_count; i++) {
		value.rel_x = pointer->keys[i].rel_x;
		value.rel_y = pointer->keys[i].rel_y;
		ret = update(target, (size_t)d->pointer_keys_map - 1, &pointer->keys[i].scancode,
			     &value, err);
		if (ret < 0)
			return ret;
	}
	memset(&state, 0, sizeof(state));
	state.speed = pointer->speed;
	state.accel = pointer->accel;
	state.max = pointer->max;
	state.hold_ms = pointer->hold_ms;
	return update(target, (size_t)d->pointer_state_map - 1, &zero, &state, err);
}

void plan_pointer_describe(const struct plan_decoder *d, FILE *out)
{
	const struct plan_pointer *pointer = d->pointer;

	if (!pointer)
		return;
	fprintf(out, _("\tpointer: %zu buttons, speed %u, accel %u, max %u, hold %u ms\n"),
		pointer->key_count, pointer->speed, pointer->accel, pointer->max,
		pointer->hold_ms);
}
