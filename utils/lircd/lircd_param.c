// SPDX-License-Identifier: GPL-2.0-or-later
/* The parameters of the table-driven lircd decoders' descriptors (lircd_param.h). */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "lircd_param.h"
#include "nls.h"

int lircd_param_set(const struct lircd_param *params, size_t count, void *descriptor,
		    const char *name, int64_t value, struct ir_error *err)
{
	const struct lircd_param *param = NULL;
	unsigned int *field;
	size_t i;

	for (i = 0; i < count && !param; i++)
		if (!strcmp(params[i].name, name))
			param = &params[i];
	if (!param)
		return -ENOENT;
	if (value < param->min || value > param->max) {
		ir_error_set(err, _("parameter '%s' = %lld: out of range"), name,
			     (long long)value);
		return -ERANGE;
	}
	field = (unsigned int *)((char *)descriptor + param->offset);
	switch (param->kind) {
	case LIRCD_PARAM_U32:
		*field = (unsigned int)value;
		break;
	case LIRCD_PARAM_FLAG:
		if (value)
			*field |= param->flag;
		else
			*field &= ~param->flag;
		break;
	case LIRCD_PARAM_MASK64:
		field[0] = (unsigned int)((uint64_t)value & 0xffffffffu);
		field[1] = (unsigned int)((uint64_t)value >> 32);
		break;
	case LIRCD_PARAM_KIND_MAX:
		return -EINVAL;
	}
	return 0;
}
