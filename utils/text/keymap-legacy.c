// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The legacy text keymap reader:
 *
 *   # table behold, type: NEC
 *   0x866b1c KEY_TUNER
 *   0x866b12 KEY_POWER	# comments may follow
 *
 * The first line that is not blank names the table and its protocols ("type: RC6, foo"
 * enables two); "#table:" is accepted as well as "# table", and, as v4l-utils reads
 * them, the comma before "type" and the colon after it may be left out. Every other
 * line is blank, a comment, or a scancode and a keycode in one of v4l-utils' forms:
 *
 *   0x1e3d KEY_POWER2
 *   scancode 0x1e3d = KEY_POWER2
 *   0x1e3d=KEY_POWER2
 *   0x1e3d:KEY_POWER2
 */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "keymap-private.h"
#include "nls.h"

struct line_reader {
	const char *next, *end;
	unsigned int number;
	char *text;		/* the current line, NUL-terminated, without its newline */
	size_t size;
};

/* Returns 1 with reader->text set, 0 at the end, -ENOMEM. */
static int next_line(struct line_reader *reader, size_t *ret_len)
{
	const char *start = reader->next, *newline;
	size_t len;

	if (start >= reader->end)
		return 0;
	newline = memchr(start, '\n', (size_t)(reader->end - start));
	len = newline ? (size_t)(newline - start) : (size_t)(reader->end - start);
	reader->next = newline ? newline + 1 : reader->end;
	reader->number++;
	if (len + 1 > reader->size) {
		char *bigger = realloc(reader->text, len + 1);

		if (!bigger)
			return -ENOMEM;
		reader->text = bigger;
		reader->size = len + 1;
	}
	memcpy(reader->text, start, len);
	if (len && reader->text[len - 1] == '\r')
		len--;
	reader->text[len] = '\0';
	*ret_len = len;
	return 1;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

static char *skip_blanks(char *p)
{
	while (is_blank(*p))
		p++;
	return p;
}

/* Cut trailing blanks; returns s. */
static char *trim_end(char *s)
{
	size_t len = strlen(s);

	while (len && is_blank(s[len - 1]))
		s[--len] = '\0';
	return s;
}

/* The writer emits these strings into TOML, which must be UTF-8. */
static bool valid_utf8(const unsigned char *s)
{
	static const unsigned int smallest[] = { 0, 0x80, 0x800, 0x10000 };

	while (*s) {
		unsigned int extra, code, i;

		if (*s < 0x80) {
			s++;
			continue;
		}
		if ((*s & 0xe0) == 0xc0) {
			extra = 1;
			code = *s & 0x1f;
		} else if ((*s & 0xf0) == 0xe0) {
			extra = 2;
			code = *s & 0x0f;
		} else if ((*s & 0xf8) == 0xf0) {
			extra = 3;
			code = *s & 0x07;
		} else {
			return false;
		}
		for (i = 1; i <= extra; i++) {
			if ((s[i] & 0xc0) != 0x80)
				return false;
			code = code << 6 | (s[i] & 0x3f);
		}
		/* Overlong forms, surrogates, and beyond U+10FFFF are not UTF-8. */
		if (code < smallest[extra] || (code >= 0xd800 && code <= 0xdfff) ||
		    code > 0x10ffff)
			return false;
		s += extra + 1;
	}
	return true;
}

static int add_protocol(const struct keymap_loader *loader, struct keymap *keymap,
			const char *type, unsigned int line, unsigned int column)
{
	struct keymap_protocol *protocol;

	/*
	 * Protocol "irp" decodes what its IRP string says, and this format has no place
	 * for one: written as TOML, it would be a keymap the reader refuses, and loaded,
	 * a protocol nothing can decode. No v4l-utils keymap names it (it is irkit's), so
	 * it is a mistake to report where it was made, not a kernel's missing protocol.
	 */
	if (keymap_ascii_casecmp(type, "irp") == 0)
		return keymap_fail(loader, line, column,
				   _("protocol 'irp' needs an IRP string, which a legacy keymap "
				     "cannot hold: write the keymap as TOML, with an 'irp' key"));
	protocol = keymap_add_protocol(keymap);
	if (!protocol)
		return keymap_fail_nomem(loader);
	protocol->line = line;
	protocol->protocol_line = line;
	protocol->protocol_column = column;
	protocol->protocol = strdup(type);
	protocol->name = strdup(keymap->name);
	if (!protocol->protocol || !protocol->name)
		return keymap_fail_nomem(loader);
	return 0;
}

/*
 * Columns count characters, as the TOML reader's do: UTF-8 continuation bytes don't.
 * A line cut at its commas counts the same.
 */
static unsigned int column_of(const char *text, const char *p)
{
	unsigned int column = 1;

	for (; text < p; text++) {
		if (((unsigned char)*text & 0xc0) != 0x80)
			column++;
	}
	return column;
}

/* The "type" that follows the table's name: a word of its own, after a blank or ','. */
static char *find_type(char *name)
{
	char *p;

	if (!*name)
		return NULL;
	for (p = name + 1; (p = strstr(p, "type")); p++) {
		if ((is_blank(p[-1]) || p[-1] == ',') && (is_blank(p[4]) || p[4] == ':'))
			return p;
	}
	return NULL;
}

/* "# table NAME, type: A, B" */
static int parse_header(const struct keymap_loader *loader, struct keymap *keymap,
			char *text, unsigned int line)
{
	char *p = skip_blanks(text), *name, *comma, *type;
	/* The whole line, before it is cut at its commas: the types are written too. */
	bool utf8 = valid_utf8((const unsigned char *)text);
	int ret;

	if (*p != '#')
		goto malformed;
	p = skip_blanks(p + 1);
	if (strncmp(p, "table", 5) != 0)
		goto malformed;
	p += 5;
	if (*p == ':')
		p++;
	else if (!is_blank(*p))
		goto malformed;
	name = skip_blanks(p);
	p = find_type(name);
	if (!p)
		goto malformed;
	*p = '\0';
	trim_end(name);
	/* The comma before "type" is optional. */
	if (*name && name[strlen(name) - 1] == ',')
		name[strlen(name) - 1] = '\0';
	trim_end(name);
	if (!*name)
		goto malformed;
	p = skip_blanks(p + 4);
	/* So is the colon after it. */
	if (*p == ':')
		p++;
	if (!utf8)
		return keymap_fail(loader, line, 0, _("the table line is not valid UTF-8"));
	keymap->name = strdup(name);
	if (!keymap->name)
		return keymap_fail_nomem(loader);
	/* Every item of the comma list must name a protocol: "nec," is a typo. */
	for (type = p; type; type = comma) {
		comma = strchr(type, ',');
		if (comma)
			*comma++ = '\0';
		type = trim_end(skip_blanks(type));
		if (!*type)
			goto malformed;
		ret = add_protocol(loader, keymap, type, line, column_of(text, type));
		if (ret < 0)
			return ret;
	}
	if (keymap->protocol_count == 0)
		goto malformed;
	return 0;
malformed:
	return keymap_fail(loader, line, 0,
			   _("expected '# table NAME, type: PROTOCOL' as the first line"));
}

/* Between the words of an entry: "0x1e3d = KEY_X", "0x1e3d:KEY_X" are v4l-utils' too. */
static bool is_entry_separator(char c)
{
	return is_blank(c) || c == '=' || c == ':';
}

/*
 * "SCANCODE KEYCODE" in the forms v4l-utils reads: words separated by blanks, '=' or
 * ':' (runs of them count as one), an optional "scancode" first, and an optional
 * comment after a '#'. Words after the keycode are ignored with a warning, as
 * v4l-utils ignores them.
 */
static int parse_entry(const struct keymap_loader *loader, struct keymap_protocol *protocol,
		       char *text, unsigned int line)
{
	char *words[4], **fields = words, *p = text, *comment;
	unsigned int word_columns[4], *columns = word_columns;
	size_t count = 0;
	uint64_t scancode;
	uint32_t keycode;
	int ret;

	comment = strchr(text, '#');
	if (comment)
		*comment = '\0';
	for (;;) {
		while (is_entry_separator(*p))
			p++;
		if (!*p || count == 4)
			break;
		words[count] = p;
		word_columns[count] = column_of(text, p);
		count++;
		while (*p && !is_entry_separator(*p))
			p++;
		if (*p)
			*p++ = '\0';
	}
	if (count == 0)
		return 0;
	if (count > 1 && keymap_ascii_casecmp(words[0], "scancode") == 0) {
		fields++;
		columns++;
		count--;
	}
	if (count < 2)
		return keymap_fail(loader, line, columns[count - 1],
				   _("expected 'SCANCODE KEYCODE'"));
	/* As the TOML reader: both have raw entries, which this format cannot hold. */
	if (keymap_ascii_casecmp(protocol->protocol, "raw") == 0)
		return keymap_fail(loader, line, columns[0],
				   _("protocol 'raw' takes raw entries, not scancodes"));
	if (keymap_ascii_casecmp(protocol->protocol, "lircd_raw") == 0)
		return keymap_fail(loader, line, columns[0],
				   _("protocol '%s' takes raw entries, not scancodes"), "lircd_raw");
	ret = keymap_parse_scancode(loader, fields[0], line, columns[0], &scancode);
	if (ret < 0)
		return ret;
	ret = keymap_parse_keycode(loader, fields[1], line, columns[1], &keycode);
	if (ret < 0)
		return ret;
	if (ret == KEYMAP_ENTRY_SKIPPED)
		return 0;
	if (count > 2) {
		ret = keymap_warn(loader, line, columns[2], _("text after the keycode ignored"));
		if (ret < 0)
			return ret;
	}
	if (keymap_protocol_add_scancode(protocol, scancode, keycode, line, columns[0]) < 0)
		return keymap_fail_nomem(loader);
	return 0;
}

static int parse_lines(const struct keymap_loader *loader, struct keymap *keymap,
		       struct line_reader *reader)
{
	size_t len;
	int ret;

	while ((ret = next_line(reader, &len)) > 0) {
		if (memchr(reader->text, '\0', len))
			return keymap_fail(loader, reader->number, 0,
					   _("unexpected NUL character"));
		if (keymap->protocol_count == 0) {
			if (!*skip_blanks(reader->text))
				continue;
			ret = parse_header(loader, keymap, reader->text, reader->number);
		} else {
			ret = parse_entry(loader, &keymap->protocols[0], reader->text,
					  reader->number);
		}
		if (ret < 0)
			return ret;
	}
	if (ret < 0)
		return keymap_fail_nomem(loader);
	if (keymap->protocol_count == 0)
		return keymap_fail(loader, 0, 0,
				   _("expected '# table NAME, type: PROTOCOL' as the first line"));
	ret = keymap_check_duplicate_scancodes(loader, &keymap->protocols[0]);
	if (ret < 0)
		return ret;
	return keymap_check_limits(loader, keymap);
}

int keymap_load_legacy(const char *buf, size_t len, const char *filename,
		       struct keymap **ret_keymap, struct ir_error *err)
{
	struct keymap_loader loader = { .filename = filename, .err = err };
	struct line_reader reader = { .next = buf, .end = buf + len };
	struct keymap *keymap;
	int ret;

	ret = keymap_check_size(&loader, len);
	if (ret < 0)
		return ret;
	keymap = keymap_new(filename);
	if (!keymap)
		return keymap_fail_nomem(&loader);
	loader.keymap = keymap;
	ret = parse_lines(&loader, keymap, &reader);
	if (ret < 0)
		goto out;
	*ret_keymap = keymap;
	keymap = NULL;
out:
	keymap_free(keymap);
	free(reader.text);
	return ret;
}
