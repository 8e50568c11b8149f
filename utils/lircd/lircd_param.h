/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The parameters of a table-driven lircd decoder's remote descriptor (lircd_space,
 * lircd_biphase): a keymap entry of that protocol names each field of its remote,
 * and each decoder's module lists them once, in a table of struct lircd_param, with
 * the values each takes. lircd_param_set() finds a parameter there, checks its value
 * and sets the field, so that every decoder refuses a bad value with the same words.
 * A parameter is a name, a kind (a value, a flag bit or a 64-bit mask), the field's
 * offset and its range; the message names the parameter and the value refused.
 */
#ifndef IRKIT_LIRCD_PARAM_H
#define IRKIT_LIRCD_PARAM_H

#include <stddef.h>
#include <stdint.h>

#include "ir_error.h"

enum lircd_param_kind {
	LIRCD_PARAM_U32,	/* an unsigned int, the value itself */
	LIRCD_PARAM_FLAG,	/* a bit of an unsigned int: set by a value other than 0 */
	LIRCD_PARAM_MASK64,	/* unsigned int[2], the value's low half first */
	LIRCD_PARAM_KIND_MAX,
};

struct lircd_param {
	const char *name;
	enum lircd_param_kind kind;
	size_t offset;		/* of the field in the descriptor */
	unsigned int flag;	/* LIRCD_PARAM_FLAG: the bit */
	int64_t min, max;	/* the values taken, both included */
};

/* A field named as its parameter: 0 to UINT32_MAX. */
#define LIRCD_PARAM_U32(type, member) \
	{ #member, LIRCD_PARAM_U32, offsetof(type, member), 0, 0, UINT32_MAX }
/* Bit bit of field member, for parameter name: any value, 0 clears it. */
#define LIRCD_PARAM_FLAG(name, type, member, bit) \
	{ name, LIRCD_PARAM_FLAG, offsetof(type, member), bit, INT64_MIN, INT64_MAX }
/* A 64-bit mask named as its parameter: any value (a keymap's bit 63 is its sign). */
#define LIRCD_PARAM_MASK64(type, member) \
	{ #member, LIRCD_PARAM_MASK64, offsetof(type, member), 0, INT64_MIN, INT64_MAX }

/*
 * Sets the field of parameter name, from the count entries of params, in descriptor
 * to value. Returns 0; -ENOENT, err untouched, for a name of no entry; -ERANGE with
 * err set (naming the parameter and the value) for a value out of the entry's range.
 */
int lircd_param_set(const struct lircd_param *params, size_t count, void *descriptor,
		    const char *name, int64_t value, struct ir_error *err);

#endif
