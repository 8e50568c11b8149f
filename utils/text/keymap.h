/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The rc_keymap(5) model: what a keymap file says, checked, with no device I/O.
 * keymap.c holds the model and keymap_load_file(), keymap-toml.c and keymap-legacy.c
 * read the two formats, keymap-writer.c writes a keymap back as TOML (the keymap that
 * --test-keymap prints), keymap-private.h is what those files and lircd_keymap*.c alone share.
 *
 * A keymap is a list of protocols. Each protocol names its decoder ("nec", "rc-5", or a
 * BPF decoder such as "pulse_distance"), optionally a variant, integer parameters for a
 * BPF decoder, and either a scancode table (scancode -> keycode) or, for the "raw"
 * decoder, raw entries (keycode -> pulse/space durations).
 *
 * Two file formats are read:
 *   TOML (rc_keymap(5)):   [[protocols]] name, protocol, variant, irp (a string, for
 *                          protocol "irp" only), other integer keys as parameters, [protocols.scancodes] "0x1e3b" = "KEY_SELECT",
 *                          raw = [ { keycode = "KEY_X", raw = "+9000 -4500 +560" } ]
 *   legacy text:           "# table NAME, type: NEC" (type may be a comma list), then
 *                          "0x1e3b KEY_SELECT" lines (or "scancode 0x1e3b = KEY_SELECT",
 *                          "0x1e3b:KEY_SELECT", as v4l-utils reads them), '#' comments,
 *                          blank lines.
 * Scancodes are C-style numbers (see number.h) up to 64 bits. Keycodes are KEY_ and BTN_
 * names (any case) or numbers up to KEYCODE_MAX (keycodes.h). An unknown keycode name
 * is not an error: its entry is skipped with a warning (struct keymap's warnings).
 *
 * Protocol names are kept as written ("NEC" in a legacy file stays "NEC"): which kernel
 * protocol or BPF decoder they mean is decided by whoever applies the keymap.
 *
 * Errors: every loader returns 0 or a negative errno (-EINVAL for an invalid keymap,
 * -EFBIG for one larger than KEYMAP_FILE_MAX, -ENOMEM, or the errno of reading the
 * file) and describes an invalid keymap in err as "FILE:LINE:COLUMN: cause".
 *
 * Limits (ir-keytable(1), LIMITS): a keymap past one of them is invalid, and the message
 * names the first thing past it. They bound what a hostile file costs, far above what
 * a remote needs (the largest bundled keymap has about a hundred keys).
 */
#ifndef IRKIT_KEYMAP_H
#define IRKIT_KEYMAP_H

/* Bytes of a keymap, file or buffer (a full raw decoder's worth of patterns fits). */
#define KEYMAP_FILE_MAX (2 * 1024 * 1024)
/*
 * Scancodes in one keymap, all its protocols together. The kernel's own table is
 * smaller: rc-core grows a device's keytable to 8 KiB at most (IR_TAB_MAX_SIZE), 512
 * entries on 64-bit machines, unless the table it started with was larger.
 */
#define KEYMAP_SCANCODES_MAX 8192
/*
 * Protocol entries in one keymap (a lircd.conf's remotes each become one): each is a
 * decoder request until the plan merges them, so they bound what planning costs
 * (1,000 remotes plan in milliseconds), far above a remote's one or two.
 */
#define KEYMAP_PROTOCOLS_MAX 4096
/*
 * Raw entries in one keymap. The raw decoder holds fewer (RAW_MAX_PATTERNS in
 * bpf_protocols/raw_pattern.h), and durations of 16 bits only: ir-keytable checks
 * those when it plans, as they belong to the decoder, not to the file format.
 */
#define KEYMAP_RAWS_MAX 1024
/* Pulses and spaces in one raw pattern: what the raw decoder matches (RAW_MAX_DURATIONS). */
#define KEYMAP_RAW_DURATIONS_MAX 127
/*
 * The longest pulse or space of a raw pattern, in µs: a LIRC mode2 sample carries 24
 * bits of microseconds (LIRC_VALUE_MASK), so a longer one cannot be sent or matched.
 */
#define KEYMAP_RAW_DURATION_MAX 0xffffffu

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ir_error.h"

/*
 * Pointer directions: where a keycode is expected, a keymap may write one of the names
 * "POINTER_UP", "POINTER_DOWN", "POINTER_LEFT", "POINTER_RIGHT", "POINTER_UP_LEFT",
 * "POINTER_UP_RIGHT", "POINTER_DOWN_LEFT", "POINTER_DOWN_RIGHT" (any case): its button
 * moves the pointer while held, instead of pressing a key. They are kept as these
 * numbers, past every keycode, so that the model and the writer carry them as keys;
 * the planner takes them out of the keys (plan.h).
 */
enum keymap_pointer {
	KEYMAP_POINTER_UP = 0x10000,
	KEYMAP_POINTER_DOWN,
	KEYMAP_POINTER_LEFT,
	KEYMAP_POINTER_RIGHT,
	KEYMAP_POINTER_UP_LEFT,
	KEYMAP_POINTER_UP_RIGHT,
	KEYMAP_POINTER_DOWN_LEFT,
	KEYMAP_POINTER_DOWN_RIGHT,
	KEYMAP_POINTER_MAX,
};

/*
 * The direction of a pointer keycode: -1, 0 or 1 on each axis (x to the right, y
 * down, as REL_X and REL_Y go). 0, or -ENOENT when keycode is a key.
 */
int keymap_pointer_direction(uint32_t keycode, int *ret_rel_x, int *ret_rel_y);

/* "POINTER_UP" ... for a pointer keycode, NULL for a key. */
const char *keymap_pointer_name(uint32_t keycode);

/* The pointer keycode of a name (any case), or -ENOENT. */
int keymap_pointer_from_name(const char *name, uint32_t *ret_keycode);

struct keymap_scancode {
	uint64_t scancode;
	uint32_t keycode;
	unsigned int line, column;	/* where it was written (0: built in memory) */
};

struct keymap_param {
	char *name;
	int64_t value;
};

struct keymap_raw {
	uint32_t keycode;
	uint32_t *durations;		/* pulse, space, pulse, ... in microseconds; odd count */
	size_t duration_count;
	unsigned int line;
};

struct keymap_protocol {
	char *name;			/* the remote's description; NULL when absent */
	char *protocol;			/* never NULL */
	char *variant;			/* NULL when absent */
	/*
	 * Protocol "irp" only: the IRP string or the name of a protocol of the IRP
	 * database (irp_database.h), as written; never NULL for protocol "irp" (both
	 * readers refuse one without it: a legacy keymap cannot name "irp"), NULL for
	 * every other protocol.
	 */
	char *irp;
	unsigned int irp_line, irp_column;	/* where irp's value was written */
	struct keymap_param *params;	/* in file order, names unique */
	size_t param_count;
	struct keymap_scancode *scancodes;	/* in file order, scancodes unique */
	size_t scancode_count;
	struct keymap_raw *raws;	/* only for "raw" and "lircd_raw", which have no scancodes */
	size_t raw_count;
	unsigned int line;		/* the [[protocols]] header or legacy type line */
	/* Where the protocol's name was written, for messages about it. */
	unsigned int protocol_line, protocol_column;
	/*
	 * Written as a TOML comment line above the entry's parameters when the keymap is
	 * written (keymap_write_toml()), one line per '\n'; NULL for none. Never read:
	 * a comment in a file is not kept.
	 */
	char *comment;
};

struct keymap {
	/*
	 * The legacy table name, or the name of the first protocol of a TOML keymap (TOML
	 * keymaps have no name of their own); NULL when there is none. A legacy keymap gives
	 * its table name to each of its protocols, so that writing it as TOML keeps it.
	 */
	char *name;
	char *filename;			/* as given to the loader, for later error messages */
	struct keymap_protocol *protocols;
	size_t protocol_count;
	/*
	 * The entries left out, in file order, one "FILE:LINE:COLUMN: cause" line each:
	 * an entry whose keycode name is unknown (a typo, or a key of a newer kernel) is
	 * skipped and the rest of the keymap loads, as v4l-utils does. Whoever uses the
	 * keymap shows these to the user.
	 */
	char **warnings;
	size_t warning_count;
};

/* Frees the keymap and everything it owns. Accepts NULL. */
void keymap_free(struct keymap *keymap);

/* Parse a TOML keymap held in memory; filename only names it in errors. */
int keymap_load_toml(const char *buf, size_t len, const char *filename,
		     struct keymap **ret_keymap, struct ir_error *err);

/*
 * Parse a legacy text keymap. Its scancodes all go to the first protocol of the type
 * list; the others get empty tables (they only enable more decoders).
 */
int keymap_load_legacy(const char *buf, size_t len, const char *filename,
		       struct keymap **ret_keymap, struct ir_error *err);

/*
 * Read a keymap file (at most KEYMAP_FILE_MAX bytes are read: -EFBIG past them).
 * A name ending in ".toml" is TOML; otherwise a lircd.conf (lircd_conf_detect()) is
 * converted by lircd_keymap_load_file(), a file whose first
 * line that is not blank is "# table ..." or a "SCANCODE KEYCODE" pair is legacy, and
 * anything else is read as TOML.
 */
int keymap_load_file(const char *path, struct keymap **ret_keymap, struct ir_error *err);

/*
 * Write as rc_keymap(5) TOML: keycodes by their canonical names (a keycode the header
 * does not name as a "0x..." string), scancodes as "0x..." keys, raw patterns as
 * "+pulse -space ..." strings. Loading the output gives a keymap equal to this one
 * (when it is within the limits above).
 * Returns 0, or -EIO when out reports an error.
 */
int keymap_write_toml(const struct keymap *keymap, FILE *out);

/* The same into a NUL-terminated buffer that the caller frees. */
int keymap_format_toml(const struct keymap *keymap, char **ret_text, size_t *ret_len);

/*
 * Same protocols in the same order with the same names, variants, parameters, scancode
 * and raw entries (also in order). Lines and file names are not compared.
 */
bool keymap_equal(const struct keymap *a, const struct keymap *b);

/* A parameter's value: 0, or -ENOENT when the protocol has no such parameter. */
int keymap_protocol_param(const struct keymap_protocol *protocol, const char *name,
			  int64_t *ret_value);

#endif
