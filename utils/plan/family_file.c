// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The object-file family: a BPF decoder read from a file, given by its path (with -p,
 * or a keymap protocol with a '/') or found by name as USERKEYMAPDIR/protocols/NAME.o
 * or KEYMAPDIR/protocols/NAME.o under the root. A keymap entry gives it parameter
 * values; given raw entries, it is the raw family's instead.
 */
#include "config.h"

#include "decoder_family.h"

static bool file_claims_object(const char *name, bool embedded,
			       const struct keymap_protocol *entry)
{
	(void)name;
	(void)entry;
	return !embedded;
}

static int file_take(struct planner *p, struct plan_decoder *d, const struct keymap *keymap,
		     const struct keymap_protocol *entry, const struct plan_origin *origin)
{
	(void)keymap;
	return plan_apply_keymap_params(p, d, entry, origin);
}

const struct decoder_family_ops family_file = {
	.name = "file",
	.claims_object = file_claims_object,
	.take = file_take,
};
