/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Shared by the keymap readers and writer (keymap*.c) and by the lircd.conf converters
 * (utils/lircd/lircd_keymap*.c, a third reader) only: building a keymap and the checks
 * that every file format makes the same way, with the same messages.
 */
#ifndef IRKIT_KEYMAP_PRIVATE_H
#define IRKIT_KEYMAP_PRIVATE_H

#include "keymap.h"

struct keymap_loader {
	const char *filename;
	struct ir_error *err;
	struct keymap *keymap;	/* the keymap being built: its warnings are added to it */
};

/* keymap_parse_keycode()'s answer for an entry skipped with a warning. */
#define KEYMAP_ENTRY_SKIPPED 1

/* Add "FILE:LINE:COLUMN: message" to the keymap's warnings; 0 or -ENOMEM (err set). */
__attribute__((format(printf, 4, 5)))
int keymap_warn(const struct keymap_loader *loader, unsigned int line, unsigned int column,
		const char *fmt, ...);

/* Set "FILE:LINE:COLUMN: message" and return -EINVAL. */
__attribute__((format(printf, 4, 5)))
int keymap_fail(const struct keymap_loader *loader, unsigned int line, unsigned int column,
		const char *fmt, ...);

/* Set "FILE: out of memory" and return -ENOMEM. */
int keymap_fail_nomem(const struct keymap_loader *loader);

struct keymap *keymap_new(const char *filename);
/* A zeroed protocol appended to keymap->protocols, or NULL when out of memory. */
struct keymap_protocol *keymap_add_protocol(struct keymap *keymap);
int keymap_protocol_add_scancode(struct keymap_protocol *protocol, uint64_t scancode,
				 uint32_t keycode, unsigned int line, unsigned int column);
/* Takes a copy of name. */
int keymap_protocol_add_param(struct keymap_protocol *protocol, const char *name,
			      int64_t value);
/* Takes ownership of durations, also on failure. */
int keymap_protocol_add_raw(struct keymap_protocol *protocol, uint32_t keycode,
			    uint32_t *durations, size_t count, unsigned int line);

/* "0x1e3b", "017", "42": errors "invalid scancode" / "scancode ... out of range". */
int keymap_parse_scancode(const struct keymap_loader *loader, const char *text,
			  unsigned int line, unsigned int column, uint64_t *ret_scancode);
/*
 * A keycode name or number: errors "invalid keycode" / "keycode ... out of range". An
 * unknown name is a warning ("unknown keycode 'KEY_X': entry skipped"), and the answer
 * is KEYMAP_ENTRY_SKIPPED: the caller leaves the entry out.
 */
int keymap_parse_keycode(const struct keymap_loader *loader, const char *text,
			 unsigned int line, unsigned int column, uint32_t *ret_keycode);
/* "+9000 -4500 +560": pulse first, alternating, odd count, none zero. */
int keymap_parse_raw(const struct keymap_loader *loader, const char *text,
		     unsigned int line, unsigned int column,
		     uint32_t **ret_durations, size_t *ret_count);
/*
 * The checks on a raw pattern however it was written (string or integer array),
 * KEYMAP_RAW_DURATIONS_MAX included.
 */
int keymap_check_raw(const struct keymap_loader *loader, const uint32_t *durations,
		     size_t count, unsigned int line, unsigned int column);

/* A buffer of more than KEYMAP_FILE_MAX bytes: "FILE: larger than N bytes", -EFBIG. */
int keymap_check_size(const struct keymap_loader *loader, size_t len);

/*
 * After the whole keymap is read: KEYMAP_SCANCODES_MAX and KEYMAP_RAWS_MAX, the error
 * at the first entry past the limit.
 */
int keymap_check_limits(const struct keymap_loader *loader, const struct keymap *keymap);

/* After a protocol's scancodes are read: "duplicate scancode ... (first at line N)". */
int keymap_check_duplicate_scancodes(const struct keymap_loader *loader,
				     const struct keymap_protocol *protocol);

/* ASCII-only case-insensitive comparison (no locale: tr_TR must not matter). */
int keymap_ascii_casecmp(const char *a, const char *b);

#endif
