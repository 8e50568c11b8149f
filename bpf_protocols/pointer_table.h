/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The maps through which a keymap's pointer entries reach the decoders (ir_pointer.h):
 * shared by the decoders and by the host that fills them (utils/plan/plan_pointer.c).
 * Plain C types only, so that the layout is the same for the BPF target and the host.
 *
 * Map "pointer_keys": a hash from a scancode (unsigned long long) to the direction its
 * button moves the pointer (struct pointer_key: -1, 0 or 1 on each axis, x to the
 * right, y down, as REL_X and REL_Y go). Only a keymap's pointer entries are in it.
 *
 * Map "pointer_state": an array of one struct pointer_state, the speed the host sets
 * and the hold the program keeps. speed 0 (a map the host did not fill) means no
 * pointer entries: a report then costs one array lookup and one test.
 *
 * While a button of pointer_keys is held (its message, or the protocol's repeat code,
 * comes again within hold_ms of the last one), each report moves the pointer by
 * min(speed + accel * n, max) on each axis of its direction, n the reports of the hold
 * before this one: speed on the first, then faster, up to max.
 */
#ifndef IRKIT_POINTER_TABLE_H
#define IRKIT_POINTER_TABLE_H

#define POINTER_KEYS_MAP	"pointer_keys"
#define POINTER_STATE_MAP	"pointer_state"
/* Pointer entries of all the keymaps together: a pad and a few more. */
#define POINTER_KEYS_MAX	64

struct pointer_key {
	int rel_x;
	int rel_y;
};

struct pointer_state {
	/* Set by the host. */
	unsigned int speed;		/* the first move of a hold; 0: no pointer keys */
	unsigned int accel;		/* added for each report of the hold */
	unsigned int max;		/* the fastest move */
	unsigned int hold_ms;		/* a report this soon after the last holds on */
	/* Kept by the program. */
	unsigned long long scancode;	/* of the last message */
	unsigned long long last_ns;	/* bpf_ktime_get_ns() of the last report */
	int rel_x;			/* the last message's direction, 0 0 for a key */
	int rel_y;
	unsigned int held;		/* reports of the hold before the next one */
	unsigned int unused;
};

#define POINTER_KEYS_MAP_LAYOUT { POINTER_KEYS_MAP, BPF_MAP_TYPE_HASH,		\
				  sizeof(unsigned long long),			\
				  sizeof(struct pointer_key), POINTER_KEYS_MAX }
#define POINTER_STATE_MAP_LAYOUT { POINTER_STATE_MAP, BPF_MAP_TYPE_ARRAY,		\
				   sizeof(unsigned int), sizeof(struct pointer_state), 1 }

#endif
