// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The embedded family: a BPF decoder built into ir-keytable (bpf_protocols/decoders.h),
 * named by a keymap or -p, or standing in for a kernel protocol the device lacks. A
 * keymap entry gives it parameter values; it keeps nothing else. The embedded decoders
 * that decode only what a keymap puts in their maps are other families' (raw, the
 * lircd tables), which come first in the table.
 */
#include "config.h"

#include "decoder_family.h"

static bool embedded_claims_object(const char *name, bool embedded,
				   const struct keymap_protocol *entry)
{
	(void)name;
	(void)entry;
	return embedded;
}

static int embedded_take(struct planner *p, struct plan_decoder *d,
			 const struct keymap *keymap, const struct keymap_protocol *entry,
			 const struct plan_origin *origin)
{
	(void)keymap;
	return plan_apply_keymap_params(p, d, entry, origin);
}

const struct decoder_family_ops family_embedded = {
	.name = "embedded",
	.claims_object = embedded_claims_object,
	.take = embedded_take,
};
