/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The things ir-keytable does, one per action of the command line. Each prints its
 * own output (results on stdout, progress on stderr, as v4l-utils' ir-keytable does)
 * and returns 0 or a negative errno with err set; main() reports err once.
 */
#ifndef IRKIT_KEYTABLE_STEPS_H
#define IRKIT_KEYTABLE_STEPS_H

#include <stdio.h>

#include "ir_error.h"
#include "options.h"
#include "plan.h"
#include "rc_device.h"

/* No action, or only -s: describe the rc devices (all, or the one -s names). */
int keytable_list(const struct keytable_options *options, struct ir_error *err);

/*
 * -c -w -k -p -e -D -P -r -t -a on one device (-s's, or rc0): the plan made and checked
 * first (prepare.h), then the changes in a fixed order (configure.c): decoders, keytable,
 * kernel protocols, repeat. A change that fails leaves the device as it was before that
 * change (new decoders attach before the old ones go, the old keytable is written back);
 * the changes before it stay made, and the error says which were applied.
 */
int keytable_configure(const struct keytable_options *options, struct ir_error *err);

/*
 * -t: print the device's scancodes and input events until a signal or its removal (as
 * JSON with --json).
 */
int keytable_test(const struct keytable_options *options, const struct rc_device *device,
		  struct ir_error *err);

/* --decode: the plan run offline on a capture. */
int keytable_decode(const struct keytable_options *options, struct ir_error *err);

/*
 * --test-keymap: read each keymap and check its protocol names, touching no device;
 * every problem (an error, an entry skipped, a protocol nothing here decodes) is
 * printed, and the result is -EINVAL when there was one.
 */
int keytable_test_keymaps(const struct keytable_options *options, struct ir_error *err);

/* --list-decoders */
int keytable_list_decoders(struct ir_error *err);

/* " lirc nec rc-5\n": lirc first, then the kernel's order. */
void keytable_print_protocols(FILE *out, const struct rc_protocols *protocols,
			      bool enabled_only);

/*
 * On stderr: the entries the keymaps' readers skipped, then the plan's notes (protocols
 * skipped, fallbacks to BPF ports, parameters ignored).
 */
void keytable_print_notes(const struct keytable_plan *plan, struct keymap *const *keymaps,
			  size_t keymap_count);

/* The keymaps read and the plan, on stderr, for -v; offline, without kernel protocols. */
void keytable_print_plan(const struct keytable_plan *plan, struct keymap *const *keymaps,
			 size_t keymap_count, bool offline);

#endif
