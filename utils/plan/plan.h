/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The plan: what a command line means for one rc device, worked out and checked before
 * anything is changed.
 *
 * From the keymaps (-w, -a), the scancode/keycode pairs (-k), the protocols (-p) and
 * the parameters (-e) it decides which kernel protocols to enable, which BPF decoders
 * to load (embedded, from USERKEYMAPDIR/protocols/NAME.o or KEYMAPDIR/protocols/NAME.o
 * under the root, or from a path) with which parameter values, and which scancodes map
 * to which keys. Decoder objects are read and relocated here, so a decoder that cannot be used is an error
 * before any device is touched. No device is opened: the device's sysfs description
 * (or none, for offline decoding) is an input.
 *
 * The planner knows the kinds of protocol names (kernel, hardware, decoder objects)
 * and the steps of a plan; what each kind of BPF decoder takes and builds is its
 * family's (decoder_family.h). ir-keytable's options come in as a plan_input.
 *
 * The rules:
 * - A keymap's protocol "irp" (with its irp key) and -p irp:NAME or -p 'irp:{...}' are
 *   an IRP decoder: a protocol of the built-in IRP database (irp_database.h, the name
 *   ignoring case) or an IRP string, compiled by irp_compile() here, with the kernel's
 *   scancode layout for a database protocol the kernel has. It takes no parameters.
 *   An unknown name, an IRP that does not parse and one the compiler cannot take are
 *   errors, for a keymap too (not notes: the keymap says exactly what it wants).
 * - A protocol name (of a keymap, or -p) is, in this order: a protocol the device's
 *   protocols file offers (the kernel decodes it); a kernel protocol the device does
 *   not offer but an embedded BPF port decodes (a note says so); for a keymap, an
 *   object given with -p whose file is called NAME.o (that -p is then not loaded a
 *   second time); a file USERKEYMAPDIR/protocols/NAME.o, then KEYMAPDIR/protocols/NAME.o;
 *   an embedded decoder or its
 *   alias. A name with a '/' is a path to a decoder object. Kernel names compare as keymaps write them:
 *   ignoring case, '-' and '_' ("RC5" is "rc-5"). "unknown" and "other" (hardware
 *   decoders) and "cec" (HDMI-CEC) need no decoder: their scancodes are still mapped.
 * - A protocol that nothing can decode (unknown, or neither the kernel nor a BPF decoder
 *   on a device that can take one) is an error when -p names it; when a keymap names
 *   it, a note says so ("FILE:LINE:COLUMN: ...: skipped"), and the keymap's other
 *   protocols and all of its scancodes are still planned.
 * - Offline (no device), every kernel protocol is decoded by its BPF port.
 * - -p irp (no name): every protocol of the IRP database, to identify an unknown
 *   remote; offline only (--decode): a device takes 64 BPF programs at most, and the
 *   database compiles to 214. It plans no decoder: plan->irp_all says so.
 * - -p all: every protocol the device offers (offline: every embedded decoder that
 *   needs no keymap data, which is all but raw); -p none: none; -p lirc: nothing
 *   (the kernel keeps the lirc device on by itself).
 * - Naming protocols (-p, or a keymap) replaces the device's BPF decoders. It replaces
 *   the kernel protocols only when a kernel protocol (or none, or all) is among the
 *   names: asking only for BPF decoders leaves the kernel's decoders as they are
 *   (v4l-utils turns them off).
 * - Parameters: the decoder's defaults, then the keymap's values, then -e. -e NAME=V
 *   applies to every planned decoder that declares NAME, -e DECODER:NAME=V to that
 *   decoder only; a name no decoder declares is an error. A keymap parameter its
 *   decoder does not declare is ignored with a warning (keymaps written for other
 *   decoders still load). The raw decoder's trail_space, unless given, is the longest
 *   space of its patterns plus twice its margin; its patterns, unless given, the
 *   number of patterns.
 * - Keymap entries of protocol lircd_space (lircd.conf's space-coded remotes) are
 *   remotes of one decoder, not decoders: their parameters describe the remote
 *   (lircd_space_table.h), and all of them, from every keymap, go into the maps of
 *   one lircd_space program, whose index is built and checked here. Remotes one
 *   descriptor can decode alike are merged first (lircd_space_remote_merge()); a
 *   remote that program's index cannot take (more than 4 remotes starting alike)
 *   goes to the first further lircd_space program that takes it.
 * - Keymap entries of protocol lircd_biphase (lircd.conf's bi-phase remotes) are
 *   remotes too (lircd_biphase_table.h): all of them go into one lircd_biphase
 *   program, merged first (lircd_biphase_remote_merge()) and indexed
 *   (lircd_biphase_index_build()); a descriptor that program's index cannot take
 *   (more than 4 starting alike) goes to the first further lircd_biphase program
 *   that takes it.
 * - Keymap entries of protocol lircd_raw (lircd.conf's RAW_CODES remotes: margin and
 *   trail_space parameters, raw entries) are remotes of one decoder too: all of them
 *   go into the maps of one lircd_raw program (lircd_raw_table.h), whose index is
 *   built and checked here, and whose parameters sync_space (the shortest
 *   trail_space) and candidates (the most patterns one first pair gives) are set
 *   from them; a remote that program's index cannot take (more than 4 remotes, or
 *   more than 256 buttons, starting alike) goes to the first further lircd_raw
 *   program that takes it. Their patterns get scancodes as raw patterns do.
 * - Two requests for the same decoder with the same parameter values (and the same
 *   raw patterns or lircd_space remotes) load it once; an IRP decoder is the same as
 *   another when its compiled image is. They are found by hash, not compared pairwise.
 * - The keymaps' protocol entries and scancodes are counted together
 *   (KEYMAP_PROTOCOLS_MAX) before any is planned, and more than 64 programs (a
 *   device's limit) is refused offline too, so --decode and --test-keymap take what a
 *   device takes.
 * - Pointer entries (a scancode mapped to POINTER_UP ... instead of a key) leave the
 *   keys for plan->pointer, with the speed of the keymaps' pointer_speed,
 *   pointer_accel, pointer_max and pointer_hold parameters (the last keymap's that sets
 *   one wins); a value out of range is a note and skipped (the default kept). Every
 *   planned decoder with the maps of bpf_protocols/pointer_table.h moves the pointer;
 *   a note says so when none of them has the maps (a kernel protocol decodes them).
 * - Keys: keymaps in order, then -k; a later mapping of a scancode replaces an
 *   earlier one. Raw patterns (of raw, then of lircd_raw) get scancodes 0, 1, 2, ...
 *   skipping those other mappings use.
 */
#ifndef IRKIT_PLAN_PLAN_H
#define IRKIT_PLAN_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bpf_image.h"
#include "bpf_object.h"
#include "ir_error.h"
#include "keymap.h"
#include "../bpf_protocols/raw_pattern.h"
#include "rc_device.h"

struct decoder_family_ops;

/*
 * One BPF program of the plan. Its family (decoder_family.h) says what kind of decoder
 * it is and owns state: remotes, patterns, indexes and the host maps they go into.
 */
/*
 * The keymaps' pointer entries (keymap.h, enum keymap_pointer) and how fast they move
 * the pointer: the maps of bpf_protocols/pointer_table.h, which every decoder that has
 * them gets (plan_decoder_fill_maps()). No entries: no map is filled.
 */
struct plan_pointer_key {
	uint64_t scancode;
	int32_t rel_x, rel_y;		/* -1, 0 or 1 */
};

struct plan_pointer {
	struct plan_pointer_key *keys;	/* scancode order is the order they were given */
	size_t key_count;
	uint32_t speed, accel, max, hold_ms;	/* pointer_speed, ... (rc_keymap(5)) */
};

struct plan_decoder {
	char *name;			/* embedded name, the object file's path, or irp:... */
	bool embedded;
	const struct decoder_family_ops *family;
	void *state;			/* the family's; NULL when it keeps none */
	/* The kernel protocol it stands in for when the device lacks it, else NULL. */
	char *port_of;
	/*
	 * "FILE:LINE:COLUMN" of the keymap protocol that asked for it; NULL when -p did.
	 * A keymap's decoder that the device cannot take is skipped with a note.
	 */
	char *wanted_by;
	struct bpf_object *object;	/* NULL for a compiled (IRP) decoder */
	struct bpf_param_value *params;	/* every parameter set explicitly; names owned */
	size_t param_count;
	struct bpf_image *image;	/* relocated with the final parameter values */
	/* Its maps pointer_keys and pointer_state, index + 1 (0: it has none). */
	int pointer_keys_map, pointer_state_map;
	const struct plan_pointer *pointer;	/* the plan's, when it has entries and maps */
};

struct plan_key {
	uint64_t scancode;
	uint32_t keycode;
};

struct keytable_plan {
	bool change_kernel_protocols;
	char **kernel_protocols;	/* as the device spells them; may be empty */
	size_t kernel_protocol_count;
	bool change_decoders;		/* the device's BPF decoders are replaced */
	/* -p irp: every protocol of the IRP database (irp_identify.h), offline only */
	bool irp_all;
	struct plan_decoder *decoders;
	size_t decoder_count;
	struct plan_key *keys;		/* scancode order is the order they were given */
	size_t key_count;
	struct plan_key *lookup;	/* the same keys sorted by scancode */
	struct plan_pointer pointer;	/* the scancodes that move the pointer, not in keys */
	char **notes;			/* one line each, for the user: fallbacks, warnings */
	size_t note_count;
	/*
	 * Of the notes, those of keymap entries skipped for want of room (a lircd remote
	 * no program takes): --test-keymap counts them as problems.
	 */
	char **skipped;
	size_t skipped_count;
	/*
	 * The work of placing the lircd families' remotes into programs (keys looked
	 * at, programs tried: lircd_placement.h); tests bound how it grows.
	 */
	unsigned long long placing_work;
};

/* -k SCANCODE:KEY (or SCANCODE=KEY); the key is resolved by the planner. */
struct plan_set_key {
	uint64_t scancode;
	char *key;
};

/* -e [DECODER:]NAME=VALUE; decoder NULL means every decoder that declares NAME. */
struct plan_parameter {
	char *decoder;
	char *name;
	int64_t value;
};

/* What the command line asks of the plan besides keymaps: -p, -k and -e. */
struct plan_request {
	char **protocols;		/* -p, comma lists split */
	size_t protocol_count;
	struct plan_set_key *set_keys;
	size_t set_key_count;
	struct plan_parameter *parameters;
	size_t parameter_count;
};

struct plan_input {
	const char *root;		/* the root prefix ("" or NULL: /) */
	const struct rc_device *device;	/* NULL: offline decoding */
	struct keymap *const *keymaps;
	size_t keymap_count;
	const struct plan_request *request;	/* NULL: no -p, -k or -e */
};

/*
 * Work out the plan. Returns 0; -EINVAL (err names the cause: an unknown protocol or
 * key, a parameter no decoder declares, a decoder that does not load, a device that
 * cannot do what is asked); -ENOMEM; the errno of reading a decoder file.
 */
int keytable_plan_make(const struct plan_input *input, struct keytable_plan **ret_plan,
		       struct ir_error *err);
void keytable_plan_free(struct keytable_plan *plan);	/* accepts NULL */

/* The keycode the plan maps scancode to, KEY_RESERVED (0) when none. */
uint32_t keytable_plan_lookup(const struct keytable_plan *plan, uint64_t scancode);

/*
 * Whether a protocol name means something on some device: a kernel protocol, an
 * embedded decoder or alias, a decoder object NAME.o in USERKEYMAPDIR/protocols/ or
 * KEYMAPDIR/protocols/ under the root, or a path (with a '/') to a file. 1, 0, or -ENOMEM.
 */
int plan_protocol_known(const char *root, const char *name);

/*
 * Whether an IRP protocol of a keymap (its irp key) or of -p irp:... compiles: text is
 * an IRP string or a name of the IRP database. 0, or -EINVAL with where (a prefix,
 * "FILE:LINE:COLUMN: ") and the cause in err, or -ENOMEM.
 */
int plan_irp_check(const char *text, const char *where, struct ir_error *err);

/* Writes value at key into map map_index of target (a loaded program, a VM). */
typedef int (*plan_map_update_fn)(void *target, size_t map_index, const void *key,
				  const void *value, struct ir_error *err);

/*
 * The host maps of a planned decoder (its remotes, patterns, indexes: whatever its
 * family keeps) into the program loaded from its image, through update. 0 or update's
 * error.
 */
int plan_decoder_fill_maps(const struct plan_decoder *d, plan_map_update_fn update,
			   void *target, struct ir_error *err);

/* -v: what a planned decoder holds besides its parameters, one tab-indented line each. */
void plan_decoder_describe(const struct plan_decoder *d, FILE *out);

/* Names compared as keymaps write protocols: ignoring case, '-' and '_'. */
bool plan_protocol_name_equal(const char *a, const char *b);

#endif
