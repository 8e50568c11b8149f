/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A decoder family: one kind of BPF decoder the planner can plan, behind one table of
 * operations, as each of rc-core's raw decoders is one struct ir_raw_handler.
 *
 * A family says which keymap entries and -p names it takes, takes an entry (its
 * parameters, scancodes, remotes or patterns) into a plan_decoder of its own, finishes
 * the plan's decoders of the family together (merges them, spills them over more
 * programs, builds their indexes), finds and checks its host maps in a relocated
 * image, gives its patterns scancodes, describes a decoder for -v and fills its host
 * maps into a loaded program or a VM. Its state (plan_decoder.state) is its own: the
 * planner and the program only call these operations.
 *
 * The planner (plan.c) loops over decoder_family_at() and names no family; the table
 * is families.c. Adding a family is one unit (family_NAME.c) and one line there.
 *
 * This header is the contract between the planner and its families (and the tests that
 * look into a family's state); ir-keytable uses plan.h only.
 */
#ifndef IRKIT_PLAN_DECODER_FAMILY_H
#define IRKIT_PLAN_DECODER_FAMILY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bpf_image.h"
#include "ir_error.h"
#include "keymap.h"
#include "lircd_raw_index.h"
#include "lircd_space_index.h"
#include "plan.h"

/* Where a protocol was named, for messages: a keymap (and its line) or -p. */
struct plan_origin {
	const char *file;	/* NULL: the command line */
	unsigned int line, column;
};

/* The planner's state while it makes a plan; the families use the helpers below. */
struct planner {
	const struct plan_input *input;
	struct keytable_plan *plan;
	struct ir_error *err;
	/* -p objects a keymap's protocol named (by file name): not loaded a second time. */
	bool *option_used;
	bool named_protocols;		/* some keymap or -p named a protocol */
	bool named_kernel_protocols;	/* ... one of them a kernel one, none or all */
	/* The keymap entry being planned; NULL while -p's names are. */
	const struct keymap_protocol *entry;
};

/* Where the planner hands out the scancodes of patterns (plan_next_scancode()). */
struct plan_scancodes;

struct decoder_family_ops {
	const char *name;
	/*
	 * Keymap entries and -p names the family plans by itself, before the planner
	 * resolves a name to a kernel protocol or a decoder object (IRP's "irp" and
	 * "irp:...", lircd_raw's entries of no pattern). NULL: none.
	 */
	bool (*claims_entry)(const struct keymap_protocol *entry);
	int (*plan_entry)(struct planner *p, const struct keymap *keymap,
			  const struct keymap_protocol *entry);
	bool (*claims_option)(const char *name);
	int (*plan_option)(struct planner *p, const char *name);
	/*
	 * Whether a decoder object the planner resolved a name to (an embedded decoder's
	 * name, or a file's path) is the family's, for entry (NULL: -p). The first family
	 * of the table that claims it gets it.
	 */
	bool (*claims_object)(const char *name, bool embedded,
			      const struct keymap_protocol *entry);
	/* Its decoders decode only what a keymap gives them: -p all leaves them out. */
	bool needs_keymap;
	/* A new decoder's state in *ret_state (NULL is fine). 0 or -ENOMEM. */
	int (*init)(void **ret_state);
	/* A keymap entry the decoder was made for: its parameters, remotes, patterns. */
	int (*take)(struct planner *p, struct plan_decoder *d, const struct keymap *keymap,
		    const struct keymap_protocol *entry, const struct plan_origin *origin);
	/* Every keymap and -p planned: the family's decoders merged, spilled, indexed. */
	int (*finish)(struct planner *p);
	/* After -e, before relocation: the parameters the decoder's data implies. */
	int (*set_params)(struct plan_decoder *d);
	/*
	 * After relocation, for every decoder of an object, of any family: the indexes of
	 * the family's host maps in d->image, checked against their layouts and against
	 * the data d has (none, for another family's decoder).
	 */
	int (*bind)(struct planner *p, struct plan_decoder *d);
	/* Two decoders of the family with the same object and parameters: same data? */
	bool (*same)(const struct plan_decoder *a, const struct plan_decoder *b);
	/* Folds what same() compares (coarser, never finer) into hash. */
	uint64_t (*hash)(const struct plan_decoder *d, uint64_t hash);
	/* Gives the decoder's patterns their scancodes (plan_next_scancode()). */
	int (*assign_scancodes)(struct plan_scancodes *s, struct plan_decoder *d);
	/* -v: what the decoder holds, after its parameters (one tab-indented line each). */
	void (*describe)(const struct plan_decoder *d, FILE *out);
	/* Its host maps into a loaded program or a VM (plan_decoder_fill_maps()). */
	int (*fill_maps)(const struct plan_decoder *d, plan_map_update_fn update, void *target,
			 struct ir_error *err);
	void (*free_state)(void *state);
	/*
	 * No encode: sending needs no plan (no object, relocation or device), so the
	 * encoders are in utils/send/, found by the protocol's name (ir_send.c).
	 */
};

/* The table (families.c), in the order the planner asks and finishes them. */
size_t decoder_family_count(void);
const struct decoder_family_ops *decoder_family_at(size_t i);

extern const struct decoder_family_ops family_lircd_space;
extern const struct decoder_family_ops family_lircd_raw;
extern const struct decoder_family_ops family_lircd_biphase;
extern const struct decoder_family_ops family_raw;
extern const struct decoder_family_ops family_irp;
extern const struct decoder_family_ops family_ac;
extern const struct decoder_family_ops family_embedded;
extern const struct decoder_family_ops family_file;

/* The families' state, for their units and for tests. */

/* raw: the keymap's raw patterns, the map "raw_patterns" (-1: none). */
struct family_raw_state {
	struct raw_pattern *patterns;
	size_t count;
	int map;
};

/* lircd_space and lircd_biphase: the program's remotes, its index, their maps. */
struct family_lircd_table_state {
	void *remotes;			/* struct lircd_space_remote or lircd_biphase_remote */
	size_t remote_count;
	struct lircd_space_index_entry *index;
	size_t index_count;
	int remotes_map, index_map;	/* -1: none */
};

/* lircd_raw: its remotes' patterns and index; until keys are planned, a pattern's
 * scancode holds its keycode. */
struct family_lircd_raw_state {
	struct lircd_raw_table table;
	int patterns_map, index_map;	/* -1: none */
};

/* ac: the A/C protocols asked for, the map "ac_protocols". */
struct family_ac_state {
	uint64_t protocols;		/* 1 << index in ac_protocol_at() (ac_protocol.h) */
	int map;			/* -1: none */
};

/* The planner's helpers for the families (plan.c). */

/* A note for the user, one line. 0 or -ENOMEM. */
__attribute__((format(printf, 2, 3)))
int plan_note(struct keytable_plan *plan, const char *fmt, ...);

/*
 * The keymap entry of err's message skipped, for want of room: a note, and one of
 * plan->skipped. 0 or -ENOMEM.
 */
int plan_skip_entry(struct keytable_plan *plan, const struct ir_error *err);
/* "remote.toml:12:5: " or "" for the command line. */
void plan_origin_prefix(const struct plan_origin *origin, char *buf, size_t size);
/* A name or an IRP string for a message, cut after PLAN_QUOTED_MAX bytes. */
#define PLAN_QUOTED_MAX 160
const char *plan_quoted(const char *text, char *buf, size_t size);
/* Set (or replace) a parameter value; the name is copied. */
int plan_set_param(struct plan_decoder *d, const char *name, int64_t value);
bool plan_has_param(const struct plan_decoder *d, const char *name);
/* The value set, else the object's default, else 0. */
int64_t plan_param_value(const struct plan_decoder *d, const char *name);
/* A keymap entry's parameters the decoder declares set; the others noted. */
int plan_apply_keymap_params(struct planner *p, struct plan_decoder *d,
			     const struct keymap_protocol *entry, const struct plan_origin *origin);
/* The index of a host map of that layout in d's image, -1 when there is none. */
int plan_find_host_map(struct planner *p, const struct plan_decoder *d,
		       const struct bpf_map_layout *layout, int *ret_index);
/* A new decoder of family at the plan's end, owning image (may be NULL). */
int plan_add_compiled_decoder(struct planner *p, const struct decoder_family_ops *family,
			      const char *name, struct bpf_image *image,
			      struct plan_decoder **ret_decoder);
/*
 * A new decoder at the plan's end, the embedded decoder name (of the family that claims
 * it with no keymap entry at hand). -ENOENT when there is none.
 */
int plan_add_embedded_decoder(struct planner *p, const char *name,
			      struct plan_decoder **ret_decoder);
/* The decoder at index i out of the plan, freed. */
void plan_remove_decoder(struct keytable_plan *plan, size_t i);
/* As a keymap's decoder that a device with no LIRC device cannot take: -EINVAL. */
int plan_check_lirc(struct planner *p, const char *name, const struct plan_origin *origin);
/* p->err says why nothing decodes it: -EINVAL for -p, a note and skipped for a keymap. */
int plan_undecodable(struct planner *p, const struct plan_origin *origin, bool *ret_skipped);
/* A keymap's decoder remembers the first entry that asked for it. */
int plan_note_wanted_by(const struct plan_origin *origin, struct plan_decoder *d);
/* "FILE:LINE:COLUMN: " of the entry that asked for d, or "". */
void plan_request_where(const struct plan_decoder *d, char *buf, size_t size);
/* The next scancode no key has, mapped to keycode. 0 or -ENOMEM. */
int plan_next_scancode(struct plan_scancodes *s, uint32_t keycode, uint64_t *ret_scancode);

#endif
