// SPDX-License-Identifier: GPL-2.0-or-later
/* The rc_keymap(5) TOML reader. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "keycodes.h"
#include "keymap-private.h"
#include "nls.h"
#include "toml.h"

/* Where a key was written in its table. */
struct key_position {
	unsigned int line, column;
};

static struct key_position key_position_at(const struct toml_value *table, size_t index)
{
	struct key_position at = {
		.line = toml_table_key_line_at(table, index),
		.column = toml_table_key_column_at(table, index),
	};

	return at;
}

/* A key as a C string: TOML allows "\u0000" in quoted keys, which no keymap key holds. */
static int key_at(const struct keymap_loader *loader, const struct toml_value *table,
		  size_t index, const char **ret_key)
{
	const char *key = toml_table_key_at(table, index);

	if (strlen(key) != toml_table_key_length_at(table, index))
		return keymap_fail(loader, toml_table_key_line_at(table, index),
				   toml_table_key_column_at(table, index),
				   _("a key contains a NUL character"));
	*ret_key = key;
	return 0;
}

static int wrong_type(const struct keymap_loader *loader, const char *key,
		      const struct toml_value *value, enum toml_type expected)
{
	return keymap_fail(loader, toml_value_line(value), toml_value_column(value),
			   _("'%s' has type %s, expected %s"), key,
			   toml_type_name(toml_value_type(value)), toml_type_name(expected));
}

/* A string value, copied; C strings cannot hold the NUL that TOML allows (\u0000). */
static int copy_string(const struct keymap_loader *loader, const char *key,
		       const struct toml_value *value, char **ret_copy)
{
	const char *str;
	size_t len;
	char *copy;

	if (toml_value_string(value, &str, &len) < 0)
		return wrong_type(loader, key, value, TOML_STRING);
	if (strlen(str) != len)
		return keymap_fail(loader, toml_value_line(value), toml_value_column(value),
				   _("'%s' contains a NUL character"), key);
	copy = strdup(str);
	if (!copy)
		return keymap_fail_nomem(loader);
	free(*ret_copy);
	*ret_copy = copy;
	return 0;
}

/*
 * A keycode written as a name or number in a string, or as a TOML integer;
 * KEYMAP_ENTRY_SKIPPED for an unknown name.
 */
static int read_keycode(const struct keymap_loader *loader, const struct toml_value *value,
			uint32_t *ret_keycode)
{
	unsigned int line = toml_value_line(value), column = toml_value_column(value);
	const char *str;
	int64_t number;
	size_t len;

	if (toml_value_string(value, &str, &len) == 0) {
		if (strlen(str) != len)
			return keymap_fail(loader, line, column,
					   _("a keycode contains a NUL character"));
		return keymap_parse_keycode(loader, str, line, column, ret_keycode);
	}
	if (toml_value_integer(value, &number) == 0) {
		if (number < 0 || number > KEYCODE_MAX)
			return keymap_fail(loader, line, column,
					   _("keycode '%lld' out of range (largest is 0x%x)"),
					   (long long)number, KEYCODE_MAX);
		*ret_keycode = (uint32_t)number;
		return 0;
	}
	return keymap_fail(loader, line, column,
			   _("keycode has type %s, expected a name or a number"),
			   toml_type_name(toml_value_type(value)));
}

static int load_scancodes(const struct keymap_loader *loader,
			  struct keymap_protocol *protocol, const struct toml_value *table)
{
	size_t i, count = toml_table_count(table);
	int ret;

	for (i = 0; i < count; i++) {
		struct key_position at = key_position_at(table, i);
		const char *key;
		uint64_t scancode;
		uint32_t keycode;

		ret = key_at(loader, table, i, &key);
		if (ret < 0)
			return ret;
		ret = keymap_parse_scancode(loader, key, at.line, at.column, &scancode);
		if (ret < 0)
			return ret;
		ret = read_keycode(loader, toml_table_value_at(table, i), &keycode);
		if (ret < 0)
			return ret;
		if (ret == KEYMAP_ENTRY_SKIPPED)
			continue;
		if (keymap_protocol_add_scancode(protocol, scancode, keycode, at.line,
						 at.column) < 0)
			return keymap_fail_nomem(loader);
	}
	return keymap_check_duplicate_scancodes(loader, protocol);
}

/* raw = [ 9000, -4500, 560 ]: the integer-array form of older rc_keymap(5) pages. */
static int read_raw_array(const struct keymap_loader *loader, const struct toml_value *array,
			  uint32_t **ret_durations, size_t *ret_count)
{
	unsigned int line = toml_value_line(array), column = toml_value_column(array);
	size_t i, count = toml_array_count(array);
	uint32_t *durations;
	int ret;

	durations = calloc(count ? count : 1, sizeof(*durations));
	if (!durations)
		return keymap_fail_nomem(loader);
	for (i = 0; i < count; i++) {
		const struct toml_value *item = toml_array_at(array, i);
		int64_t value;

		if (toml_value_integer(item, &value) < 0) {
			ret = keymap_fail(loader, toml_value_line(item), toml_value_column(item),
					  _("raw pattern: value %zu has type %s, expected integer"),
					  i + 1, toml_type_name(toml_value_type(item)));
			goto fail;
		}
		/* A space may carry its minus sign, as in the string form. */
		if (value < 0 && i % 2 == 0) {
			ret = keymap_fail(loader, toml_value_line(item), toml_value_column(item),
					  _("raw pattern: value %zu (%lld) must be a pulse"),
					  i + 1, (long long)value);
			goto fail;
		}
		if (value < 0)
			value = value == INT64_MIN ? INT64_MAX : -value;
		if (value > KEYMAP_RAW_DURATION_MAX) {
			ret = keymap_fail(loader, toml_value_line(item), toml_value_column(item),
					  _("raw pattern: value %zu (%s%lld) out of range (largest is %u)"),
					  i + 1, i % 2 ? "-" : "", (long long)value,
					  KEYMAP_RAW_DURATION_MAX);
			goto fail;
		}
		durations[i] = (uint32_t)value;
	}
	ret = keymap_check_raw(loader, durations, count, line, column);
	if (ret < 0)
		goto fail;
	*ret_durations = durations;
	*ret_count = count;
	return 0;
fail:
	free(durations);
	return ret;
}

static int load_raw_entry(const struct keymap_loader *loader, struct keymap_protocol *protocol,
			  const struct toml_value *entry)
{
	const struct toml_value *keycode_value, *raw_value;
	uint32_t keycode, *durations = NULL;
	size_t i, count = 0;
	const char *str;
	bool skipped;
	size_t len;
	int ret;

	if (toml_value_type(entry) != TOML_TABLE)
		return wrong_type(loader, "raw", entry, TOML_TABLE);
	for (i = 0; i < toml_table_count(entry); i++) {
		struct key_position at = key_position_at(entry, i);
		const char *key;

		ret = key_at(loader, entry, i, &key);
		if (ret < 0)
			return ret;
		if (strcmp(key, "keycode") != 0 && strcmp(key, "raw") != 0)
			return keymap_fail(loader, at.line, at.column,
					   _("unknown key '%s' in a raw entry"), key);
	}
	keycode_value = toml_table_get(entry, "keycode");
	raw_value = toml_table_get(entry, "raw");
	if (!keycode_value || !raw_value)
		return keymap_fail(loader, toml_value_line(entry), toml_value_column(entry),
				   _("raw entry without '%s'"), keycode_value ? "raw" : "keycode");
	ret = read_keycode(loader, keycode_value, &keycode);
	if (ret < 0)
		return ret;
	/* The pattern of a skipped entry is still checked: its errors are the file's. */
	skipped = ret == KEYMAP_ENTRY_SKIPPED;
	if (toml_value_string(raw_value, &str, &len) == 0 && strlen(str) != len)
		ret = keymap_fail(loader, toml_value_line(raw_value), toml_value_column(raw_value),
				  _("'%s' contains a NUL character"), "raw");
	else if (toml_value_string(raw_value, &str, &len) == 0)
		ret = keymap_parse_raw(loader, str, toml_value_line(raw_value),
				       toml_value_column(raw_value), &durations, &count);
	else if (toml_value_type(raw_value) == TOML_ARRAY)
		ret = read_raw_array(loader, raw_value, &durations, &count);
	else
		ret = wrong_type(loader, "raw", raw_value, TOML_STRING);
	if (ret < 0)
		return ret;
	if (skipped) {
		free(durations);
		return 0;
	}
	if (keymap_protocol_add_raw(protocol, keycode, durations, count,
				    toml_value_line(entry)) < 0)
		return keymap_fail_nomem(loader);
	return 0;
}

static int load_raws(const struct keymap_loader *loader, struct keymap_protocol *protocol,
		     const struct toml_value *array)
{
	size_t i;
	int ret;

	for (i = 0; i < toml_array_count(array); i++) {
		ret = load_raw_entry(loader, protocol, toml_array_at(array, i));
		if (ret < 0)
			return ret;
	}
	return 0;
}

/* The keys with a meaning of their own; every other integer is a decoder parameter. */
static int load_protocol_key(const struct keymap_loader *loader,
			     struct keymap_protocol *protocol, const char *key,
			     const struct toml_value *value)
{
	int64_t number;

	if (strcmp(key, "name") == 0)
		return copy_string(loader, key, value, &protocol->name);
	if (strcmp(key, "protocol") == 0) {
		protocol->protocol_line = toml_value_line(value);
		protocol->protocol_column = toml_value_column(value);
		return copy_string(loader, key, value, &protocol->protocol);
	}
	if (strcmp(key, "variant") == 0)
		return copy_string(loader, key, value, &protocol->variant);
	if (strcmp(key, "irp") == 0) {
		protocol->irp_line = toml_value_line(value);
		protocol->irp_column = toml_value_column(value);
		return copy_string(loader, key, value, &protocol->irp);
	}
	if (strcmp(key, "scancodes") == 0) {
		if (toml_value_type(value) != TOML_TABLE)
			return wrong_type(loader, key, value, TOML_TABLE);
		return load_scancodes(loader, protocol, value);
	}
	if (strcmp(key, "raw") == 0) {
		if (toml_value_type(value) != TOML_ARRAY)
			return wrong_type(loader, key, value, TOML_ARRAY);
		return load_raws(loader, protocol, value);
	}
	if (toml_value_integer(value, &number) < 0)
		return keymap_fail(loader, toml_value_line(value), toml_value_column(value),
				   _("parameter '%s' has type %s, expected integer"), key,
				   toml_type_name(toml_value_type(value)));
	if (keymap_protocol_add_param(protocol, key, number) < 0)
		return keymap_fail_nomem(loader);
	return 0;
}

static int load_protocol(const struct keymap_loader *loader, struct keymap *keymap,
			 const struct toml_value *table)
{
	const struct toml_value *scancodes, *raw;
	struct keymap_protocol *protocol;
	size_t i;
	int ret;

	if (toml_value_type(table) != TOML_TABLE)
		return wrong_type(loader, "protocols", table, TOML_TABLE);
	protocol = keymap_add_protocol(keymap);
	if (!protocol)
		return keymap_fail_nomem(loader);
	protocol->line = toml_value_line(table);
	for (i = 0; i < toml_table_count(table); i++) {
		const char *key;

		ret = key_at(loader, table, i, &key);
		if (ret < 0)
			return ret;
		ret = load_protocol_key(loader, protocol, key, toml_table_value_at(table, i));
		if (ret < 0)
			return ret;
	}
	if (!protocol->protocol)
		return keymap_fail(loader, toml_value_line(table), toml_value_column(table),
				   _("missing 'protocol' in a [[protocols]] entry"));
	/*
	 * rc_keymap(5): raw entries belong to the raw decoder, which has no scancodes, and
	 * to lircd_raw (a lircd.conf's raw remote, printed), which has none either.
	 */
	scancodes = toml_table_get(table, "scancodes");
	raw = toml_table_get(table, "raw");
	if (keymap_ascii_casecmp(protocol->protocol, "raw") == 0) {
		if (scancodes)
			return keymap_fail(loader, toml_value_line(scancodes),
					   toml_value_column(scancodes),
					   _("protocol 'raw' takes raw entries, not scancodes"));
	} else if (keymap_ascii_casecmp(protocol->protocol, "lircd_raw") == 0) {
		if (scancodes)
			return keymap_fail(loader, toml_value_line(scancodes),
					   toml_value_column(scancodes),
					   _("protocol '%s' takes raw entries, not scancodes"),
					   "lircd_raw");
	} else if (raw) {
		return keymap_fail(loader, toml_value_line(raw), toml_value_column(raw),
				   _("raw entries need protocol 'raw', not '%s'"),
				   protocol->protocol);
	}
	/* rc_keymap(5): the IRP of protocol "irp" says what it decodes; no other has one. */
	if (keymap_ascii_casecmp(protocol->protocol, "irp") == 0) {
		if (!protocol->irp)
			return keymap_fail(loader, protocol->protocol_line,
					   protocol->protocol_column,
					   _("protocol 'irp' needs an 'irp' key: an IRP string "
					     "or the name of a protocol of the IRP database"));
	} else if (protocol->irp) {
		return keymap_fail(loader, protocol->irp_line, protocol->irp_column,
				   _("'irp' belongs to protocol 'irp', not '%s'"),
				   protocol->protocol);
	}
	return 0;
}

static int load_keymap(const struct keymap_loader *loader, struct keymap *keymap,
		       const struct toml_value *root)
{
	const struct toml_value *protocols = NULL;
	size_t i;
	int ret;

	for (i = 0; i < toml_table_count(root); i++) {
		struct key_position at = key_position_at(root, i);
		const char *key;

		ret = key_at(loader, root, i, &key);
		if (ret < 0)
			return ret;
		if (strcmp(key, "protocols") != 0)
			return keymap_fail(loader, at.line, at.column,
					   _("unknown key '%s': a keymap has only [[protocols]]"),
					   key);
		protocols = toml_table_value_at(root, i);
	}
	if (!protocols)
		return keymap_fail(loader, 0, 0, _("no [[protocols]] entry"));
	if (toml_value_type(protocols) != TOML_ARRAY)
		return wrong_type(loader, "protocols", protocols, TOML_ARRAY);
	if (toml_array_count(protocols) == 0)
		return keymap_fail(loader, toml_value_line(protocols),
				   toml_value_column(protocols), _("no [[protocols]] entry"));
	for (i = 0; i < toml_array_count(protocols); i++) {
		ret = load_protocol(loader, keymap, toml_array_at(protocols, i));
		if (ret < 0)
			return ret;
	}
	if (keymap->protocols[0].name) {
		keymap->name = strdup(keymap->protocols[0].name);
		if (!keymap->name)
			return keymap_fail_nomem(loader);
	}
	return keymap_check_limits(loader, keymap);
}

int keymap_load_toml(const char *buf, size_t len, const char *filename,
		     struct keymap **ret_keymap, struct ir_error *err)
{
	struct keymap_loader loader = { .filename = filename, .err = err };
	struct toml_value *root = NULL;
	struct keymap *keymap = NULL;
	int ret;

	ret = keymap_check_size(&loader, len);
	if (ret < 0)
		return ret;
	ret = toml_parse(buf, len, filename, &root, err);
	if (ret < 0)
		goto out;
	keymap = keymap_new(filename);
	if (!keymap) {
		ret = keymap_fail_nomem(&loader);
		goto out;
	}
	loader.keymap = keymap;
	ret = load_keymap(&loader, keymap, root);
	if (ret < 0)
		goto out;
	*ret_keymap = keymap;
	keymap = NULL;
out:
	keymap_free(keymap);
	toml_free(root);
	return ret;
}
