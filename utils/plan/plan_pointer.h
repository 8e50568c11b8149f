/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The keymaps' pointer entries in a plan (plan.h, struct plan_pointer), and the maps of
 * bpf_protocols/pointer_table.h that carry them into every decoder that has those maps.
 * The planner's alone: plan.c calls these in its steps.
 */
#ifndef IRKIT_PLAN_POINTER_H
#define IRKIT_PLAN_POINTER_H

#include <stdbool.h>
#include <stdio.h>

#include "decoder_family.h"
#include "plan.h"

/* Defaults of the keymap parameters pointer_speed, _accel, _max and _hold (ms). */
#define PLAN_POINTER_SPEED	2
#define PLAN_POINTER_ACCEL	2
#define PLAN_POINTER_MAX	30
#define PLAN_POINTER_HOLD_MS	250

/* Whether a keymap parameter is one of those four: the planner's, never a decoder's. */
bool plan_pointer_param(const char *name);

/*
 * d's maps pointer_keys and pointer_state found in its image and checked: both or
 * neither. 0, or -EINVAL with p->err set.
 */
int plan_pointer_bind(struct planner *p, struct plan_decoder *d);

/*
 * The pointer entries out of plan->keys into plan->pointer, with the keymaps' speed,
 * and given to each decoder that has the maps. plan->lookup is stale afterwards: sort
 * it again. 0 or -ENOMEM (a bad value or an entry past POINTER_KEYS_MAX is a note).
 */
int plan_pointer_take(struct planner *p);

/* The maps of d filled (nothing when it has no pointer entries). 0 or update's error. */
int plan_pointer_fill(const struct plan_decoder *d, plan_map_update_fn update,
		      void *target, struct ir_error *err);

/* -v: "\tpointer: N buttons, speed S, accel A, max M, hold H ms" when d moves it. */
void plan_pointer_describe(const struct plan_decoder *d, FILE *out);

#endif
