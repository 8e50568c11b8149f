// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz target: the keymap readers on any bytes, both of them on every input (TOML and
 * legacy). A keymap either reader accepts must keep keymap.h's promises: a protocol
 * name, unique scancodes and parameter names, keycodes up to KEYCODE_MAX, raw patterns
 * (for "raw" and "lircd_raw" only, which have no scancodes) of an odd number of
 * non-zero durations of 24 bits at most, an IRP string for protocol "irp" only; and
 * written as TOML and read back, it is the same keymap.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "fuzz.h"
#include "keycodes.h"
#include "keymap.h"

#define NAME "fuzz.keymap"

static void check_protocol(const struct keymap_protocol *protocol)
{
	size_t i, j;

	FUZZ_ASSERT(protocol->protocol != NULL, "no protocol name");
	/* keymap.h: protocol "irp" has its IRP string, no other protocol has one. */
	FUZZ_ASSERT((strcasecmp(protocol->protocol, "irp") == 0) == (protocol->irp != NULL),
		    "protocol '%s' with%s an IRP string", protocol->protocol,
		    protocol->irp ? "" : "out");
	for (i = 0; i < protocol->param_count; i++) {
		FUZZ_ASSERT(protocol->params[i].name != NULL, "param %zu", i);
		for (j = 0; j < i; j++)
			FUZZ_ASSERT(strcmp(protocol->params[i].name, protocol->params[j].name),
				    "parameter '%s' twice", protocol->params[i].name);
	}
	/* Quadratic, but inputs are small: an independent check of uniqueness. */
	for (i = 0; i < protocol->scancode_count; i++) {
		FUZZ_ASSERT(protocol->scancodes[i].keycode <= KEYCODE_MAX, "keycode 0x%x",
			    protocol->scancodes[i].keycode);
		for (j = 0; j < i; j++)
			FUZZ_ASSERT(protocol->scancodes[i].scancode !=
				    protocol->scancodes[j].scancode, "scancode %zu twice", i);
	}
	/* rc_keymap(5): raw entries are for "raw" and for a printed lircd.conf's "lircd_raw". */
	if (protocol->raw_count)
		FUZZ_ASSERT(strcasecmp(protocol->protocol, "raw") == 0 ||
			    strcasecmp(protocol->protocol, "lircd_raw") == 0, "raws for '%s'",
			    protocol->protocol);
	/* ... which take no scancodes. */
	if (protocol->scancode_count)
		FUZZ_ASSERT(strcasecmp(protocol->protocol, "raw") &&
			    strcasecmp(protocol->protocol, "lircd_raw"), "scancodes for '%s'",
			    protocol->protocol);
	for (i = 0; i < protocol->raw_count; i++) {
		const struct keymap_raw *raw = &protocol->raws[i];

		FUZZ_ASSERT(raw->keycode <= KEYCODE_MAX, "raw keycode 0x%x", raw->keycode);
		FUZZ_ASSERT(raw->duration_count % 2 == 1, "raw %zu: %zu durations", i,
			    raw->duration_count);
		for (j = 0; j < raw->duration_count; j++)
			FUZZ_ASSERT(raw->durations[j] >= 1 && raw->durations[j] <= 0xffffff,
				    "raw %zu: duration %u", i, raw->durations[j]);
	}
}

/* keymap.h: loading what keymap_format_toml() wrote gives an equal keymap. */
static void check_round_trip(const struct keymap *keymap)
{
	struct keymap *again = NULL;
	struct ir_error err = { "" };
	char *text = NULL;
	size_t len = 0;
	int ret;

	ret = keymap_format_toml(keymap, &text, &len);
	if (ret == -ENOMEM)
		return;
	FUZZ_ASSERT(ret == 0, "keymap_format_toml: %d", ret);
	FUZZ_ASSERT(strlen(text) == len, "length %zu", len);
	ret = keymap_load_toml(text, len, "written.toml", &again, &err);
	FUZZ_ASSERT(ret == 0 || ret == -ENOMEM, "written keymap refused: %s\n%s", err.message,
		    text);
	if (ret == 0)
		FUZZ_ASSERT(keymap_equal(keymap, again), "written keymap differs:\n%s", text);
	keymap_free(again);
	free(text);
}

static void check_load(int (*load)(const char *, size_t, const char *, struct keymap **,
				   struct ir_error *),
		       const uint8_t *data, size_t size)
{
	struct keymap *keymap = (struct keymap *)&keymap;
	struct ir_error err = { "" };
	size_t i;
	int ret;

	ret = load((const char *)data, size, NAME, &keymap, &err);
	if (ret < 0) {
		FUZZ_ASSERT(ret == -EINVAL || ret == -ENOMEM || ret == -E2BIG || ret == -EFBIG,
			    "ret %d", ret);
		FUZZ_ASSERT(keymap == (struct keymap *)&keymap, "keymap set on failure");
		FUZZ_ASSERT(strncmp(err.message, NAME ":", strlen(NAME ":")) == 0,
			    "message '%s'", err.message);
		return;
	}
	for (i = 0; i < keymap->protocol_count; i++)
		check_protocol(&keymap->protocols[i]);
	check_round_trip(keymap);
	keymap_free(keymap);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	check_load(keymap_load_toml, data, size);
	check_load(keymap_load_legacy, data, size);
	return 0;
}
