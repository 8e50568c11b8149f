// SPDX-License-Identifier: GPL-2.0-or-later
/* What configuring and decoding do first: the keymaps read, the plan made (prepare.h). */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nls.h"
#include "prepare.h"
#include "rc_maps.h"
#include "steps.h"
#include "sysroot.h"

static int load_one_keymap(const char *root, const char *name, struct keymap **ret_keymap,
			   struct ir_error *err)
{
	char *path = NULL;
	int ret;

	/* As v4l-utils: the name as given first, then the keymap directories. */
	if (strchr(name, '/') || sysroot_is_regular_file(name))
		return keymap_load_file(name, ret_keymap, err);
	ret = rc_maps_find_keymap(root, name, &path, err);
	if (ret < 0)
		return ret;
	ret = keymap_load_file(path, ret_keymap, err);
	free(path);
	return ret;
}

void keytable_free_keymaps(struct keymap **keymaps, size_t count)
{
	size_t i;

	for (i = 0; i < count; i++)
		keymap_free(keymaps[i]);
	free(keymaps);
}

int keytable_load_keymaps(const char *root, char *const *names, size_t count,
			  struct keymap ***ret_keymaps, size_t *ret_count, struct ir_error *err)
{
	struct keymap **keymaps;
	size_t i;
	int ret = 0;

	keymaps = calloc(count ? count : 1, sizeof(*keymaps));
	if (!keymaps)
		return -ENOMEM;
	for (i = 0; i < count; i++) {
		ret = load_one_keymap(root, names[i], &keymaps[i], err);
		if (ret < 0) {
			keytable_free_keymaps(keymaps, i);
			return ret;
		}
	}
	*ret_keymaps = keymaps;
	*ret_count = count;
	return 0;
}

/*
 * -a: the keymaps rc_maps.cfg gives the device's driver and default keymap, appended
 * to those of -w. *ret_matched says whether a line of the file matched.
 */
static int load_auto_keymaps(const struct keytable_options *options,
			     const struct rc_device *device, struct keymap ***keymaps,
			     size_t *count, bool *ret_matched, struct ir_error *err)
{
	const struct rc_maps_entry **matches = NULL;
	struct rc_maps *maps = NULL;
	struct keymap **bigger, *keymap;
	char *path;
	size_t match_count = 0, i;
	int ret;

	ret = rc_maps_load_file(options->auto_load, &maps, err);
	if (ret < 0)
		return ret;
	ret = rc_maps_match(maps, device->driver, device->keymap, &matches, &match_count);
	if (ret < 0)
		goto out;
	*ret_matched = match_count != 0;
	if (!match_count)
		fprintf(stderr, _("%s: no keymap for driver '%s', table '%s'\n"),
			options->auto_load, device->driver ? device->driver : "",
			device->keymap ? device->keymap : "");
	for (i = 0; i < match_count; i++) {
		ret = rc_maps_find_keymap(options->sysroot, matches[i]->file, &path, err);
		if (ret < 0) {
			ir_error_prefix(err, "%s:%u", options->auto_load, matches[i]->line);
			goto out;
		}
		ret = keymap_load_file(path, &keymap, err);
		free(path);
		if (ret < 0)
			goto out;
		bigger = realloc(*keymaps, (*count + 1) * sizeof(*bigger));
		if (!bigger) {
			keymap_free(keymap);
			ret = -ENOMEM;
			goto out;
		}
		*keymaps = bigger;
		bigger[(*count)++] = keymap;
	}
out:
	free(matches);
	rc_maps_free(maps);
	return ret;
}

int keytable_prepare(const struct keytable_options *options, const struct rc_device *device,
		     struct keytable_prepared *prepared, struct ir_error *err)
{
	const struct plan_request request = {
		.protocols = options->protocols,
		.protocol_count = options->protocol_count,
		.set_keys = options->set_keys,
		.set_key_count = options->set_key_count,
		.parameters = options->parameters,
		.parameter_count = options->parameter_count,
	};
	struct plan_input input;
	int ret;

	memset(prepared, 0, sizeof(*prepared));
	ret = keytable_load_keymaps(options->sysroot, options->keymaps, options->keymap_count,
				    &prepared->keymaps, &prepared->keymap_count, err);
	if (ret < 0)
		return ret;
	if (device && options->auto_load) {
		ret = load_auto_keymaps(options, device, &prepared->keymaps,
					&prepared->keymap_count, &prepared->auto_matched, err);
		if (ret < 0)
			goto fail;
	}
	input = (struct plan_input){
		.root = options->sysroot,
		.device = device,
		.keymaps = prepared->keymaps,
		.keymap_count = prepared->keymap_count,
		.request = &request,
	};
	ret = keytable_plan_make(&input, &prepared->plan, err);
	if (ret == 0)
		return 0;
fail:
	keytable_prepared_clear(prepared);
	return ret;
}

void keytable_prepare_report(const struct keytable_options *options,
			     const struct rc_device *device,
			     const struct keytable_prepared *prepared)
{
	if (options->verbose)
		keytable_print_plan(prepared->plan, prepared->keymaps, prepared->keymap_count,
				    !device);
	keytable_print_notes(prepared->plan, prepared->keymaps, prepared->keymap_count);
}

void keytable_prepared_clear(struct keytable_prepared *prepared)
{
	keytable_plan_free(prepared->plan);
	keytable_free_keymaps(prepared->keymaps, prepared->keymap_count);
	memset(prepared, 0, sizeof(*prepared));
}
