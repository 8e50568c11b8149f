// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include "ir_generic.h"
#include "ir_irp_send.h"
#include "ir_kernel_send.h"
#include "ir_keymap_send.h"
#include "keycodes.h"
#include "keymap.h"
#include "nls.h"

/* The first entry, scancode or raw pattern of the keymap that maps to keycode. */
struct key_found {
	const struct keymap_protocol *entry;
	const struct keymap_scancode *scancode;	/* NULL for a raw pattern */
	const struct keymap_raw *raw;
};

static bool find_key(const struct keymap *keymap, uint32_t keycode, struct key_found *found)
{
	const struct keymap_protocol *entry;
	size_t i, j;

	for (i = 0; i < keymap->protocol_count; i++) {
		entry = &keymap->protocols[i];
		for (j = 0; j < entry->scancode_count; j++) {
			if (entry->scancodes[j].keycode == keycode) {
				*found = (struct key_found){ entry, &entry->scancodes[j], NULL };
				return true;
			}
		}
		for (j = 0; j < entry->raw_count; j++) {
			if (entry->raws[j].keycode == keycode) {
				*found = (struct key_found){ entry, NULL, &entry->raws[j] };
				return true;
			}
		}
	}
	return false;
}

static int encode_found(const struct keymap *keymap, const struct key_found *f,
			unsigned int repeat, struct ir_train *train, struct ir_error *err)
{
	const struct keymap_protocol *e = f->entry;
	const char *file = keymap->filename;
	int ret;

	if (f->raw)
		return ir_generic_encode_raw(e, file, f->raw, repeat, train, err);
	if (e->irp) {
		ret = ir_irp_send(e->irp, f->scancode->scancode, repeat, train, err);
		if (ret < 0)
			ir_error_prefix(err, "%s:%u", file, f->scancode->line);
		return ret;
	}
	if (ir_generic_claims(e->protocol))
		return ir_generic_encode(e, file, f->scancode, repeat, train, err);
	ret = ir_kernel_send_name(train, e->protocol, e->variant, f->scancode->scancode,
				  repeat, err);
	if (ret == -ENOENT) {
		ir_error_set_at(err, file, e->protocol_line, e->protocol_column,
				_("no encoder for protocol '%s'"), e->protocol);
		return -EOPNOTSUPP;
	}
	if (ret < 0)
		ir_error_prefix(err, "%s:%u", file, f->scancode->line);
	return ret;
}

int ir_keymap_send_key(const char *path, const char *key, unsigned int repeat,
		       struct ir_train *train, struct ir_error *err)
{
	struct keymap *keymap = NULL;
	struct ir_train frames;
	struct key_found found;
	uint32_t keycode;
	int ret;

	ir_train_init(&frames);
	if (keycode_parse(key, &keycode) < 0) {
		ir_error_set(err, _("'%s': no such key (a KEY_ or BTN_ name, or a number)"), key);
		return -EINVAL;
	}
	ret = keymap_load_file(path, &keymap, err);
	if (ret < 0)
		goto out;
	if (!find_key(keymap, keycode, &found)) {
		ir_error_set(err, _("%s: no scancode maps to '%s'"), path, key);
		ret = -ENOENT;
		goto out;
	}
	ret = encode_found(keymap, &found, repeat, &frames, err);
	if (ret == 0)
		ret = ir_train_append(train, &frames);
out:
	ir_train_free(&frames);
	keymap_free(keymap);
	return ret;
}
