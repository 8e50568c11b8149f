// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The decoder families, in the order the planner asks them (the first that claims an
 * entry or an object gets it) and finishes, binds and fills them: the table-driven
 * lircd decoders, then raw patterns, IRP, the A/C protocols, and the plain embedded and file objects that
 * take what nothing before them did. A new family is one unit and one line here.
 */
#include "config.h"

#include "decoder_family.h"

static const struct decoder_family_ops *const families[] = {
	&family_lircd_space,
	&family_lircd_raw,
	&family_lircd_biphase,
	&family_raw,
	&family_irp,
	&family_ac,
	&family_embedded,
	&family_file,
};

size_t decoder_family_count(void)
{
	return sizeof(families) / sizeof(families[0]);
}

const struct decoder_family_ops *decoder_family_at(size_t i)
{
	return i < decoder_family_count() ? families[i] : NULL;
}
