/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The front that configuring a device and decoding a capture share: every keymap read
 * and checked (those of -w, and for a device those -a finds in rc_maps.cfg), and the
 * plan made from them and the options. Nothing is touched. Then, once the caller has
 * all else it needs, the report: the plan for -v and the notes, on stderr.
 */
#ifndef IRKIT_KEYTABLE_PREPARE_H
#define IRKIT_KEYTABLE_PREPARE_H

#include <stdbool.h>
#include <stddef.h>

#include "ir_error.h"
#include "keymap.h"
#include "options.h"
#include "plan.h"
#include "rc_device.h"

struct keytable_prepared {
	struct keymap **keymaps;	/* -w's, then -a's */
	size_t keymap_count;
	struct keytable_plan *plan;
	bool auto_matched;		/* -a: a line of rc_maps.cfg gave the device keymaps */
};

/*
 * Read the keymaps and make the plan, for device (NULL: offline decoding, and -a is not
 * looked at). 0, or a negative errno with err set; *prepared is then empty. Free with
 * keytable_prepared_clear() in either case.
 */
int keytable_prepare(const struct keytable_options *options, const struct rc_device *device,
		     struct keytable_prepared *prepared, struct ir_error *err);

/* -v's plan (offline when device is NULL), then the keymaps' warnings and plan's notes. */
void keytable_prepare_report(const struct keytable_options *options,
			     const struct rc_device *device,
			     const struct keytable_prepared *prepared);

void keytable_prepared_clear(struct keytable_prepared *prepared);

/* Load the keymaps of -w (a name without '/' is also looked up in the keymap dirs). */
int keytable_load_keymaps(const char *root, char *const *names, size_t count,
			  struct keymap ***ret_keymaps, size_t *ret_count, struct ir_error *err);
void keytable_free_keymaps(struct keymap **keymaps, size_t count);

#endif
