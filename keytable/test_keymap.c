// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --test-keymap=KEYMAP: what -w or -a would say about a keymap, said without a device.
 * Every keymap given is read, and every problem found is printed: a keymap that cannot
 * be read, the entries its reader skipped, the protocols that nothing here decodes.
 * With --verbose, each keymap read is also written to stdout as rc_keymap(5) TOML, as
 * the program understood it: a legacy keymap or a lircd.conf converted, to edit and
 * reuse, by this program or v4l-utils' (lircd_space entries that v4l-utils' generic
 * decoders decode alike in their names, lircd_keymap_peer.h).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lircd_keymap_peer.h"
#include "nls.h"
#include "plan.h"
#include "prepare.h"
#include "steps.h"

/* An IRP protocol that does not compile: printed, and counted. */
static int check_irp(const struct keymap *keymap, const struct keymap_protocol *protocol,
		     size_t *problems)
{
	char where[IR_ERROR_MESSAGE_MAX];
	struct ir_error message;
	int ret;

	/* A legacy keymap's "type: irp" has no irp key (a TOML one must have it). */
	if (!protocol->irp) {
		ir_error_set_at(&message, keymap->filename, protocol->protocol_line,
				protocol->protocol_column,
				_("protocol 'irp' needs an 'irp' key: an IRP string or the name "
				  "of a protocol of the IRP database"));
		ret = -EINVAL;
	} else {
		snprintf(where, sizeof(where), "%s:%u:%u: ", keymap->filename,
			 protocol->irp_line, protocol->irp_column);
		ret = plan_irp_check(protocol->irp, where, &message);
	}
	if (ret == -ENOMEM)
		return ret;
	if (ret < 0) {
		fprintf(stderr, "%s\n", message.message);
		(*problems)++;
	}
	return 0;
}

/* The protocol names of a keymap nothing decodes: printed, and counted. */
static int check_protocols(const char *root, const struct keymap *keymap, size_t *problems)
{
	struct ir_error message;
	size_t i;
	int ret;

	for (i = 0; i < keymap->protocol_count; i++) {
		const struct keymap_protocol *protocol = &keymap->protocols[i];

		if (!strcasecmp(protocol->protocol, "irp")) {
			ret = check_irp(keymap, protocol, problems);
			if (ret < 0)
				return ret;
			continue;
		}
		ret = plan_protocol_known(root, protocol->protocol);
		if (ret < 0)
			return ret;
		if (ret)
			continue;
		ir_error_set_at(&message, keymap->filename, protocol->protocol_line,
				protocol->protocol_column,
				_("unknown protocol '%s': not a kernel protocol, an embedded "
				  "decoder or a decoder object"), protocol->protocol);
		fprintf(stderr, "%s\n", message.message);
		(*problems)++;
	}
	return 0;
}

/*
 * What -w would refuse of a keymap: the plan made as --decode makes it (no device), so
 * that every planner check runs (the lircd families' placing and limits, parameters,
 * raw patterns, decoders that load). 0 and the plan in *ret_plan (NULL for a keymap of
 * no protocol), or -EINVAL with *err set; -ENOMEM.
 */
static int check_plan(const struct keytable_options *options, struct keymap *keymap,
		      struct keytable_plan **ret_plan, struct ir_error *err)
{
	struct keymap *keymaps[1] = { keymap };
	struct plan_input input = {
		.root = options->sysroot,
		.keymaps = keymaps,
		.keymap_count = 1,
	};
	struct keytable_plan *plan = NULL;
	int ret;

	*ret_plan = NULL;
	/* With no protocol, the plan would take every decoder: nothing of the keymap's. */
	if (!keymap->protocol_count)
		return 0;
	ret = keytable_plan_make(&input, &plan, err);
	if (ret == 0) {
		*ret_plan = plan;
		return 0;
	}
	keytable_plan_free(plan);
	return ret == -ENOMEM ? ret : ret < 0 ? -EINVAL : 0;
}

static int test_one(const struct keytable_options *options, char *name, size_t *problems)
{
	struct keymap **keymaps = NULL;
	struct ir_error load_err, plan_err;
	struct keytable_plan *plan = NULL;
	size_t count = 0, i, before;
	int ret, planned;

	ret = keytable_load_keymaps(options->sysroot, &name, 1, &keymaps, &count, &load_err);
	if (ret == -ENOMEM)
		return ret;
	if (ret < 0) {
		fprintf(stderr, "%s: %s\n", program_invocation_short_name, load_err.message);
		(*problems)++;
		return 0;
	}
	/* Planned as read, before -v rewrites it in v4l-utils' names. */
	planned = check_plan(options, keymaps[0], &plan, &plan_err);
	if (planned == -ENOMEM) {
		keytable_free_keymaps(keymaps, count);
		return planned;
	}
	if (options->verbose) {
		fprintf(stderr, _("Read keymap %s\n"), keymaps[0]->filename);
		ret = lircd_keymap_peer_form(keymaps[0]);
		if (ret == 0)
			ret = keymap_write_toml(keymaps[0], stdout);
		if (ret < 0) {
			keytable_plan_free(plan);
			keytable_free_keymaps(keymaps, count);
			return ret;
		}
	}
	for (i = 0; i < keymaps[0]->warning_count; i++)
		fprintf(stderr, "%s\n", keymaps[0]->warnings[i]);
	*problems += keymaps[0]->warning_count;
	before = *problems;
	ret = check_protocols(options->sysroot, keymaps[0], problems);
	/* Each problem once: the plan would say again what check_protocols() said. */
	if (ret == 0 && *problems == before && planned < 0) {
		fprintf(stderr, "%s: %s\n", program_invocation_short_name, plan_err.message);
		(*problems)++;
	}
	/* What -w would load without: the entries skipped for want of room. */
	for (i = 0; ret == 0 && plan && i < plan->skipped_count; i++) {
		fprintf(stderr, "%s\n", plan->skipped[i]);
		(*problems)++;
	}
	keytable_plan_free(plan);
	keytable_free_keymaps(keymaps, count);
	return ret;
}

int keytable_test_keymaps(const struct keytable_options *options, struct ir_error *err)
{
	size_t problems = 0, i;
	int ret;

	for (i = 0; i < options->keymap_count; i++) {
		ret = test_one(options, options->keymaps[i], &problems);
		if (ret < 0) {
			ir_error_set(err, "%s", strerror(-ret));
			return ret;
		}
	}
	/* Each problem is printed: main() adds nothing. */
	ir_error_clear(err);
	return problems ? -EINVAL : 0;
}
