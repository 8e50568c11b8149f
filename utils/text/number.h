/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unsigned numbers written the C way, as rc_keymap(5) and rc_maps.cfg users write
 * scancodes and keycodes: "0x1e3b" (or 0X) is hexadecimal, a leading 0 is octal ("017"),
 * anything else decimal. No sign, no spaces, no underscores, no 0o/0b prefixes.
 * One parser for every reader (TOML and legacy keymaps, keycodes, lircd.conf), so
 * that a number written the same means the same in each, with the same range checks.
 */
#ifndef IRKIT_NUMBER_H
#define IRKIT_NUMBER_H

#include <stdint.h>

/*
 * Parse all of text. Returns 0 and sets *ret_value; -EINVAL when text is not such a
 * number (including the empty string and "0x"); -ERANGE when it is above max.
 */
int number_parse_unsigned(const char *text, uint64_t max, uint64_t *ret_value);

/*
 * The value of a digit of base 16 or less: 0-9, a-f, A-F; -1 for any other character
 * (c is an unsigned char or EOF). Inline: the TOML and keymap readers call it for
 * every digit they read.
 */
static inline int number_digit_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

#endif
