/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ir_pointer.h: a decoder's report path, with the keymap's pointer entries.
 *
 * A decoder that includes this (after ir_decoder.h) reports through ir_keydown() and
 * ir_repeat() instead of bpf_rc_keydown() and bpf_rc_repeat(). Each does what the
 * helper does, then, when the scancode is a pointer direction of the keymap (the map
 * pointer_keys, pointer_table.h), moves the pointer with bpf_rc_pointer_rel(), faster
 * the longer the button is held. With no pointer entries (the host left pointer_state
 * zero) that is one array lookup and one test per report, never per sample.
 *
 * Including it puts the two maps into the decoder's object; the host fills them only
 * when a keymap has pointer entries.
 */
#ifndef IRKIT_IR_POINTER_H
#define IRKIT_IR_POINTER_H

#include "pointer_table.h"

struct bpf_map_def SEC("maps") pointer_keys = {
	.type = BPF_MAP_TYPE_HASH,
	.key_size = sizeof(unsigned long long),
	.value_size = sizeof(struct pointer_key),
	.max_entries = POINTER_KEYS_MAX,
};

struct bpf_map_def SEC("maps") pointer_state = {
	.type = BPF_MAP_TYPE_ARRAY,
	.key_size = sizeof(unsigned int),
	.value_size = sizeof(struct pointer_state),
	.max_entries = 1,
};

/*
 * One report of the hold in s: the move, speed at first, accel more on each report,
 * at most max; a hold that reached max counts no further (no overflow however long).
 */
static __always_inline void ir_pointer_move(void *ctx, struct pointer_state *s)
{
	unsigned int step = s->speed + s->accel * s->held;

	if (step >= s->max)
		step = s->max;
	else
		s->held++;
	if (s->rel_x | s->rel_y)
		bpf_rc_pointer_rel(ctx, s->rel_x * (int)step, s->rel_y * (int)step);
}

/*
 * After a message of scancode: a new hold unless it is the same button again within
 * hold_ms (a protocol that sends its whole message while a button is held).
 */
static __always_inline void ir_pointer_keydown(void *ctx, unsigned long long scancode)
{
	unsigned int zero = 0;
	struct pointer_state *s = bpf_map_lookup_elem(&pointer_state, &zero);
	struct pointer_key *k;
	unsigned long long now;

	if (!s || !s->speed)
		return;
	now = bpf_ktime_get_ns();
	if (scancode != s->scancode ||
	    now - s->last_ns > (unsigned long long)s->hold_ms * 1000000)
		s->held = 0;
	s->scancode = scancode;
	s->last_ns = now;
	k = bpf_map_lookup_elem(&pointer_keys, &scancode);
	s->rel_x = k ? k->rel_x : 0;
	s->rel_y = k ? k->rel_y : 0;
	ir_pointer_move(ctx, s);
}

/* After a repeat code: the last message's button held on, if it is still held. */
static __always_inline void ir_pointer_repeat(void *ctx)
{
	unsigned int zero = 0;
	struct pointer_state *s = bpf_map_lookup_elem(&pointer_state, &zero);
	unsigned long long now;

	if (!s || !s->speed)
		return;
	now = bpf_ktime_get_ns();
	if (now - s->last_ns > (unsigned long long)s->hold_ms * 1000000)
		return;
	s->last_ns = now;
	ir_pointer_move(ctx, s);
}

/*
 * Subprograms, not inlined: inlined, the context would have to live in a callee-saved
 * register across the first helper call, and the compiler saves it on entry, on the
 * path of every sample (one instruction more per sample for nec_bpf); and each call
 * site would carry its own copy of the pointer path. A call costs the report alone.
 */
static __attribute__((noinline, unused)) void ir_keydown(void *ctx, unsigned int protocol,
							 unsigned long long scancode,
							 unsigned int toggle)
{
	bpf_rc_keydown(ctx, protocol, scancode, toggle);
	ir_pointer_keydown(ctx, scancode);
}

static __attribute__((noinline, unused)) void ir_repeat(void *ctx)
{
	bpf_rc_repeat(ctx);
	ir_pointer_repeat(ctx);
}

#endif
