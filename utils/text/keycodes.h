/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Linux input keycodes: KEY_* and BTN_* names <-> numbers.
 *
 * The table is generated at build time from the installed linux/input-event-codes.h
 * (utils/text/gen-keycodes.sh), so it knows exactly the keys of the kernel headers the
 * program is built against. Aliases (KEY_HANGUEL, BTN_A, KEY_ZOOM...) are names too;
 * a number has one canonical name, the one the header defines with that literal number.
 */
#ifndef IRKIT_KEYCODES_H
#define IRKIT_KEYCODES_H

#include <stddef.h>
#include <stdint.h>

/* The largest keycode (KEY_MAX of the header); keycodes are 0..KEYCODE_MAX. */
#define KEYCODE_MAX 0x2ff

/*
 * Look up a KEY_* or BTN_* name. The case of the letters does not matter ("key_ok" is
 * KEY_OK): the header's names never differ by case alone, so no name is ambiguous.
 * Returns 0, or -ENOENT for an unknown name.
 */
int keycode_from_name(const char *name, uint32_t *ret_code);

/*
 * A keycode as a keymap writes it: a name (as keycode_from_name() reads it) or a number
 * in decimal, hexadecimal ("0x73") or octal ("0163"). Returns 0; -ENOENT for an unknown
 * name; -ERANGE for a number above KEYCODE_MAX; -EINVAL when text is neither.
 */
int keycode_parse(const char *text, uint32_t *ret_code);

/* The canonical name of a keycode, or NULL when the header gives it no name. */
const char *keycode_to_name(uint32_t code);

/* Every name in the table (aliases included), for listing; index < keycode_name_count(). */
size_t keycode_name_count(void);
const char *keycode_name_at(size_t index, uint32_t *ret_code);

#endif
