// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <stdbool.h>

#include "number.h"

int number_parse_unsigned(const char *text, uint64_t max, uint64_t *ret_value)
{
	unsigned int base = 10;
	uint64_t value = 0;
	bool too_big = false;
	const char *p = text;

	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		base = 16;
		p += 2;
	} else if (p[0] == '0' && p[1]) {
		base = 8;
		p++;
	}
	if (!*p)
		return -EINVAL;
	/* Read every digit even past max, so "0x1g" is invalid rather than too big. */
	for (; *p; p++) {
		int digit = number_digit_value((unsigned char)*p);

		if (digit < 0 || (unsigned int)digit >= base)
			return -EINVAL;
		if (too_big || (uint64_t)digit > max || value > (max - (uint64_t)digit) / base)
			too_big = true;
		else
			value = value * base + (uint64_t)digit;
	}
	if (too_big)
		return -ERANGE;
	*ret_value = value;
	return 0;
}
