// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The keymap model: building, freeing, comparing, the checks shared by both readers,
 * and reading a keymap file.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "keycodes.h"
#include "keymap-private.h"
#include "lircd_conf.h"
#include "lircd_keymap.h"
#include "nls.h"
#include "number.h"

int keymap_fail(const struct keymap_loader *loader, unsigned int line, unsigned int column,
		const char *fmt, ...)
{
	char text[IR_ERROR_MESSAGE_MAX];
	va_list args;

	va_start(args, fmt);
	vsnprintf(text, sizeof(text), fmt, args);
	va_end(args);
	ir_error_set_at(loader->err, loader->filename, line, column, "%s", text);
	return -EINVAL;
}

int keymap_warn(const struct keymap_loader *loader, unsigned int line, unsigned int column,
		const char *fmt, ...)
{
	struct keymap *keymap = loader->keymap;
	char text[IR_ERROR_MESSAGE_MAX];
	struct ir_error warning;
	char **warnings, *copy;
	va_list args;

	va_start(args, fmt);
	vsnprintf(text, sizeof(text), fmt, args);
	va_end(args);
	ir_error_set_at(&warning, loader->filename, line, column, "%s", text);
	copy = strdup(warning.message);
	warnings = copy ? realloc(keymap->warnings,
				  (keymap->warning_count + 1) * sizeof(*warnings)) : NULL;
	if (!warnings) {
		free(copy);
		return keymap_fail_nomem(loader);
	}
	warnings[keymap->warning_count++] = copy;
	keymap->warnings = warnings;
	return 0;
}

int keymap_fail_nomem(const struct keymap_loader *loader)
{
	ir_error_set_at(loader->err, loader->filename, 0, 0, "%s", strerror(ENOMEM));
	return -ENOMEM;
}

int keymap_ascii_casecmp(const char *a, const char *b)
{
	unsigned char ca, cb;

	do {
		ca = (unsigned char)*a++;
		cb = (unsigned char)*b++;
		if (ca >= 'A' && ca <= 'Z')
			ca += 'a' - 'A';
		if (cb >= 'A' && cb <= 'Z')
			cb += 'a' - 'A';
	} while (ca && ca == cb);
	return ca - cb;
}

/*
 * Make room for one more element. Capacity is not stored: an array holding count
 * elements has room for max(8, the next power of two >= count), so it is full exactly
 * when count is 0 or a power of two of at least 8.
 */
static int grow(void **items, size_t count, size_t size)
{
	size_t capacity;
	void *bigger;

	if (count != 0 && (count < 8 || (count & (count - 1)) != 0))
		return 0;
	capacity = count ? count * 2 : 8;
	if (capacity < count || capacity > SIZE_MAX / size)
		return -ENOMEM;
	bigger = realloc(*items, capacity * size);
	if (!bigger)
		return -ENOMEM;
	*items = bigger;
	return 0;
}

static void protocol_clear(struct keymap_protocol *protocol)
{
	size_t i;

	free(protocol->name);
	free(protocol->protocol);
	free(protocol->variant);
	free(protocol->irp);
	free(protocol->comment);
	for (i = 0; i < protocol->param_count; i++)
		free(protocol->params[i].name);
	free(protocol->params);
	free(protocol->scancodes);
	for (i = 0; i < protocol->raw_count; i++)
		free(protocol->raws[i].durations);
	free(protocol->raws);
}

void keymap_free(struct keymap *keymap)
{
	size_t i;

	if (!keymap)
		return;
	for (i = 0; i < keymap->protocol_count; i++)
		protocol_clear(&keymap->protocols[i]);
	free(keymap->protocols);
	for (i = 0; i < keymap->warning_count; i++)
		free(keymap->warnings[i]);
	free(keymap->warnings);
	free(keymap->name);
	free(keymap->filename);
	free(keymap);
}

struct keymap *keymap_new(const char *filename)
{
	struct keymap *keymap = calloc(1, sizeof(*keymap));

	if (!keymap)
		return NULL;
	keymap->filename = strdup(filename ? filename : "");
	if (!keymap->filename) {
		free(keymap);
		return NULL;
	}
	return keymap;
}

struct keymap_protocol *keymap_add_protocol(struct keymap *keymap)
{
	struct keymap_protocol *protocol;

	if (grow((void **)&keymap->protocols, keymap->protocol_count, sizeof(*protocol)) < 0)
		return NULL;
	protocol = &keymap->protocols[keymap->protocol_count++];
	memset(protocol, 0, sizeof(*protocol));
	return protocol;
}

int keymap_protocol_add_scancode(struct keymap_protocol *protocol, uint64_t scancode,
				 uint32_t keycode, unsigned int line, unsigned int column)
{
	struct keymap_scancode *entry;

	if (grow((void **)&protocol->scancodes, protocol->scancode_count, sizeof(*entry)) < 0)
		return -ENOMEM;
	entry = &protocol->scancodes[protocol->scancode_count++];
	entry->scancode = scancode;
	entry->keycode = keycode;
	entry->line = line;
	entry->column = column;
	return 0;
}

int keymap_protocol_add_param(struct keymap_protocol *protocol, const char *name,
			      int64_t value)
{
	char *copy = strdup(name);

	if (!copy || grow((void **)&protocol->params, protocol->param_count,
			  sizeof(*protocol->params)) < 0) {
		free(copy);
		return -ENOMEM;
	}
	protocol->params[protocol->param_count].name = copy;
	protocol->params[protocol->param_count].value = value;
	protocol->param_count++;
	return 0;
}

int keymap_protocol_add_raw(struct keymap_protocol *protocol, uint32_t keycode,
			    uint32_t *durations, size_t count, unsigned int line)
{
	struct keymap_raw *raw;

	if (grow((void **)&protocol->raws, protocol->raw_count, sizeof(*raw)) < 0) {
		free(durations);
		return -ENOMEM;
	}
	raw = &protocol->raws[protocol->raw_count++];
	raw->keycode = keycode;
	raw->durations = durations;
	raw->duration_count = count;
	raw->line = line;
	return 0;
}

int keymap_parse_scancode(const struct keymap_loader *loader, const char *text,
			  unsigned int line, unsigned int column, uint64_t *ret_scancode)
{
	int ret = number_parse_unsigned(text, UINT64_MAX, ret_scancode);

	if (ret == -ERANGE)
		return keymap_fail(loader, line, column,
				   _("scancode '%s' out of range (more than 64 bits)"), text);
	if (ret < 0)
		return keymap_fail(loader, line, column, _("invalid scancode '%s'"), text);
	return 0;
}

/* Each direction's name and its moves on x and y, in the order of enum keymap_pointer. */
static const struct {
	const char *name;
	int rel_x, rel_y;
} pointer_directions[KEYMAP_POINTER_MAX - KEYMAP_POINTER_UP] = {
	{ "POINTER_UP", 0, -1 },
	{ "POINTER_DOWN", 0, 1 },
	{ "POINTER_LEFT", -1, 0 },
	{ "POINTER_RIGHT", 1, 0 },
	{ "POINTER_UP_LEFT", -1, -1 },
	{ "POINTER_UP_RIGHT", 1, -1 },
	{ "POINTER_DOWN_LEFT", -1, 1 },
	{ "POINTER_DOWN_RIGHT", 1, 1 },
};

int keymap_pointer_direction(uint32_t keycode, int *ret_rel_x, int *ret_rel_y)
{
	if (keycode < KEYMAP_POINTER_UP || keycode >= KEYMAP_POINTER_MAX)
		return -ENOENT;
	*ret_rel_x = pointer_directions[keycode - KEYMAP_POINTER_UP].rel_x;
	*ret_rel_y = pointer_directions[keycode - KEYMAP_POINTER_UP].rel_y;
	return 0;
}

const char *keymap_pointer_name(uint32_t keycode)
{
	if (keycode < KEYMAP_POINTER_UP || keycode >= KEYMAP_POINTER_MAX)
		return NULL;
	return pointer_directions[keycode - KEYMAP_POINTER_UP].name;
}

int keymap_pointer_from_name(const char *name, uint32_t *ret_keycode)
{
	size_t i;

	for (i = 0; i < KEYMAP_POINTER_MAX - KEYMAP_POINTER_UP; i++) {
		if (!keymap_ascii_casecmp(name, pointer_directions[i].name)) {
			*ret_keycode = KEYMAP_POINTER_UP + (uint32_t)i;
			return 0;
		}
	}
	return -ENOENT;
}

int keymap_parse_keycode(const struct keymap_loader *loader, const char *text,
			 unsigned int line, unsigned int column, uint32_t *ret_keycode)
{
	int ret = keymap_pointer_from_name(text, ret_keycode);

	if (ret == 0)
		return 0;
	ret = keycode_parse(text, ret_keycode);

	if (ret == -ERANGE)
		return keymap_fail(loader, line, column,
				   _("keycode '%s' out of range (largest is 0x%x)"), text,
				   KEYCODE_MAX);
	if (ret == -EINVAL)
		return keymap_fail(loader, line, column, _("invalid keycode '%s'"), text);
	if (ret == -ENOMEM)
		return keymap_fail_nomem(loader);
	if (ret < 0) {
		ret = keymap_warn(loader, line, column, _("unknown keycode '%s': entry skipped"),
				  text);
		return ret < 0 ? ret : KEYMAP_ENTRY_SKIPPED;
	}
	return 0;
}

int keymap_check_raw(const struct keymap_loader *loader, const uint32_t *durations,
		     size_t count, unsigned int line, unsigned int column)
{
	size_t i;

	if (count == 0)
		return keymap_fail(loader, line, column, _("raw pattern is empty"));
	if (count > KEYMAP_RAW_DURATIONS_MAX)
		return keymap_fail(loader, line, column,
				   _("raw pattern has more than %u values"),
				   KEYMAP_RAW_DURATIONS_MAX);
	for (i = 0; i < count; i++) {
		if (durations[i] == 0)
			return keymap_fail(loader, line, column,
					   _("raw pattern: value %zu is a zero duration"), i + 1);
	}
	if (count % 2 == 0)
		return keymap_fail(loader, line, column,
				   _("raw pattern has an even number of values (%zu): it must end with a pulse"),
				   count);
	return 0;
}

/* One duration of a raw string: "+560" or "560" at a pulse, "-4500" or "4500" at a space. */
static int parse_raw_value(const struct keymap_loader *loader, const char *token,
			   size_t index, unsigned int line, unsigned int column,
			   uint32_t *ret_duration)
{
	bool pulse = index % 2 == 0;
	const char *digits = token;
	uint64_t value = 0;

	if (*digits == '+' || *digits == '-') {
		if ((*digits == '+') != pulse)
			return keymap_fail(loader, line, column,
					   pulse ? _("raw pattern: value %zu ('%s') must be a pulse")
						 : _("raw pattern: value %zu ('%s') must be a space"),
					   index + 1, token);
		digits++;
	}
	if (!*digits)
		return keymap_fail(loader, line, column,
				   _("raw pattern: value %zu ('%s') is not a number"), index + 1, token);
	for (; *digits; digits++) {
		if (*digits < '0' || *digits > '9')
			return keymap_fail(loader, line, column,
					   _("raw pattern: value %zu ('%s') is not a number"),
					   index + 1, token);
		value = value * 10 + (uint64_t)(*digits - '0');
		if (value > KEYMAP_RAW_DURATION_MAX)
			return keymap_fail(loader, line, column,
					   _("raw pattern: value %zu ('%s') out of range (largest is %u)"),
					   index + 1, token, KEYMAP_RAW_DURATION_MAX);
	}
	*ret_duration = (uint32_t)value;
	return 0;
}

int keymap_parse_raw(const struct keymap_loader *loader, const char *text,
		     unsigned int line, unsigned int column,
		     uint32_t **ret_durations, size_t *ret_count)
{
	static const char separators[] = " \t\r\n";
	uint32_t *durations = NULL;
	size_t count = 0;
	char *copy, *token, *saveptr = NULL;
	int ret = 0;

	copy = strdup(text);
	if (!copy)
		return keymap_fail_nomem(loader);
	for (token = strtok_r(copy, separators, &saveptr); token;
	     token = strtok_r(NULL, separators, &saveptr)) {
		uint32_t duration = 0;

		/* Stop at the first value too many: keymap_check_raw() says so. */
		if (count > KEYMAP_RAW_DURATIONS_MAX)
			break;
		ret = parse_raw_value(loader, token, count, line, column, &duration);
		if (ret < 0)
			goto out;
		ret = grow((void **)&durations, count, sizeof(*durations));
		if (ret < 0) {
			ret = keymap_fail_nomem(loader);
			goto out;
		}
		durations[count++] = duration;
	}
	ret = keymap_check_raw(loader, durations, count, line, column);
	if (ret < 0)
		goto out;
	*ret_durations = durations;
	*ret_count = count;
	durations = NULL;
out:
	free(durations);
	free(copy);
	return ret;
}

int keymap_check_size(const struct keymap_loader *loader, size_t len)
{
	if (len <= KEYMAP_FILE_MAX)
		return 0;
	ir_error_set_at(loader->err, loader->filename, 0, 0, _("larger than %u bytes"),
			(unsigned int)KEYMAP_FILE_MAX);
	return -EFBIG;
}

int keymap_check_limits(const struct keymap_loader *loader, const struct keymap *keymap)
{
	size_t scancodes = 0, raws = 0, i;

	if (keymap->protocol_count > KEYMAP_PROTOCOLS_MAX)
		return keymap_fail(loader, keymap->protocols[KEYMAP_PROTOCOLS_MAX].line, 0,
				   _("more than %u protocols in one keymap"),
				   KEYMAP_PROTOCOLS_MAX);
	for (i = 0; i < keymap->protocol_count; i++) {
		const struct keymap_protocol *protocol = &keymap->protocols[i];

		if (protocol->scancode_count > KEYMAP_SCANCODES_MAX - scancodes) {
			const struct keymap_scancode *past =
				&protocol->scancodes[KEYMAP_SCANCODES_MAX - scancodes];

			return keymap_fail(loader, past->line, past->column,
					   _("more than %u scancodes in one keymap"),
					   KEYMAP_SCANCODES_MAX);
		}
		scancodes += protocol->scancode_count;
		if (protocol->raw_count > KEYMAP_RAWS_MAX - raws)
			return keymap_fail(loader, protocol->raws[KEYMAP_RAWS_MAX - raws].line, 0,
					   _("more than %u raw entries in one keymap"),
					   KEYMAP_RAWS_MAX);
		raws += protocol->raw_count;
	}
	return 0;
}

struct scancode_position {
	uint64_t scancode;
	size_t index;
};

static int compare_position(const void *a, const void *b)
{
	const struct scancode_position *pa = a, *pb = b;

	if (pa->scancode != pb->scancode)
		return pa->scancode < pb->scancode ? -1 : 1;
	return pa->index < pb->index ? -1 : pa->index > pb->index;
}

int keymap_check_duplicate_scancodes(const struct keymap_loader *loader,
				     const struct keymap_protocol *protocol)
{
	const struct keymap_scancode *first, *again;
	struct scancode_position *sorted;
	size_t i, n = protocol->scancode_count, repeat = SIZE_MAX, original = 0;

	if (n < 2)
		return 0;
	sorted = calloc(n, sizeof(*sorted));
	if (!sorted)
		return keymap_fail_nomem(loader);
	for (i = 0; i < n; i++) {
		sorted[i].scancode = protocol->scancodes[i].scancode;
		sorted[i].index = i;
	}
	qsort(sorted, n, sizeof(*sorted), compare_position);
	/* Report the repetition that comes first in the file. */
	for (i = 1; i < n; i++) {
		if (sorted[i].scancode == sorted[i - 1].scancode && sorted[i].index < repeat) {
			repeat = sorted[i].index;
			original = sorted[i - 1].index;
		}
	}
	free(sorted);
	if (repeat == SIZE_MAX)
		return 0;
	first = &protocol->scancodes[original];
	again = &protocol->scancodes[repeat];
	return keymap_fail(loader, again->line, again->column,
			   _("duplicate scancode 0x%" PRIx64 " (first at line %u)"),
			   again->scancode, first->line);
}

static bool same_string(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return strcmp(a, b) == 0;
}

static bool protocol_equal(const struct keymap_protocol *a, const struct keymap_protocol *b)
{
	size_t i;

	if (!same_string(a->name, b->name) || !same_string(a->protocol, b->protocol) ||
	    !same_string(a->variant, b->variant) || !same_string(a->irp, b->irp) || a->param_count != b->param_count ||
	    a->scancode_count != b->scancode_count || a->raw_count != b->raw_count)
		return false;
	for (i = 0; i < a->param_count; i++) {
		if (strcmp(a->params[i].name, b->params[i].name) != 0 ||
		    a->params[i].value != b->params[i].value)
			return false;
	}
	for (i = 0; i < a->scancode_count; i++) {
		if (a->scancodes[i].scancode != b->scancodes[i].scancode ||
		    a->scancodes[i].keycode != b->scancodes[i].keycode)
			return false;
	}
	for (i = 0; i < a->raw_count; i++) {
		const struct keymap_raw *ra = &a->raws[i], *rb = &b->raws[i];

		if (ra->keycode != rb->keycode || ra->duration_count != rb->duration_count ||
		    memcmp(ra->durations, rb->durations,
			   ra->duration_count * sizeof(*ra->durations)) != 0)
			return false;
	}
	return true;
}

bool keymap_equal(const struct keymap *a, const struct keymap *b)
{
	size_t i;

	if (a->protocol_count != b->protocol_count)
		return false;
	for (i = 0; i < a->protocol_count; i++) {
		if (!protocol_equal(&a->protocols[i], &b->protocols[i]))
			return false;
	}
	return true;
}

int keymap_protocol_param(const struct keymap_protocol *protocol, const char *name,
			  int64_t *ret_value)
{
	size_t i;

	for (i = 0; i < protocol->param_count; i++) {
		if (strcmp(protocol->params[i].name, name) == 0) {
			*ret_value = protocol->params[i].value;
			return 0;
		}
	}
	return -ENOENT;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && strcmp(s + ls - lx, suffix) == 0;
}

/*
 * The legacy format: a "# table NAME, ..." (or "#table: NAME") first line. A first line
 * like "0x1e3b KEY_SELECT" (a digit, and no '=') is legacy too, without its table line:
 * the legacy reader's complaint about that line says more than a TOML syntax error.
 */
static bool looks_legacy(const char *buf, size_t len)
{
	const char *end = buf + len, *p = buf, *line_end;

	while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
		p++;
	line_end = memchr(p, '\n', (size_t)(end - p));
	if (!line_end)
		line_end = end;
	if (p < end && *p >= '0' && *p <= '9')
		return !memchr(p, '=', (size_t)(line_end - p));
	if (p >= end || *p != '#')
		return false;
	p++;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return end - p > 5 && strncmp(p, "table", 5) == 0 &&
	       (p[5] == ' ' || p[5] == '\t' || p[5] == ':');
}

int keymap_load_file(const char *path, struct keymap **ret_keymap, struct ir_error *err)
{
	char *buf = NULL;
	size_t len = 0;
	int ret;

	ret = fileio_read_path(path, KEYMAP_FILE_MAX, &buf, &len);
	if (ret == -EFBIG) {
		ir_error_set_at(err, path, 0, 0, _("larger than %u bytes"),
				(unsigned int)KEYMAP_FILE_MAX);
		return ret;
	}
	if (ret < 0) {
		ir_error_set_at(err, path, 0, 0, "%s", strerror(-ret));
		return ret;
	}
	if (!ends_with(path, ".toml") && lircd_conf_detect(buf, len)) {
		/* Read again with its includes, each file named in the errors. */
		free(buf);
		return lircd_keymap_load_file(path, ret_keymap, err);
	}
	if (!ends_with(path, ".toml") && looks_legacy(buf, len))
		ret = keymap_load_legacy(buf, len, path, ret_keymap, err);
	else
		ret = keymap_load_toml(buf, len, path, ret_keymap, err);
	free(buf);
	return ret;
}
