// SPDX-License-Identifier: GPL-2.0-or-later
/* Writing a keymap as rc_keymap(5) TOML, in the layout of the shipped keymaps. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "keycodes.h"
#include "keymap-private.h"

/*
 * A TOML basic string: quotes, backslashes and control characters (C0, DEL, C1)
 * escaped. The model's strings are UTF-8.
 */
static void write_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		switch (c) {
		case '"':
			fputs("\\\"", out);
			break;
		case '\\':
			fputs("\\\\", out);
			break;
		case '\b':
			fputs("\\b", out);
			break;
		case '\t':
			fputs("\\t", out);
			break;
		case '\n':
			fputs("\\n", out);
			break;
		case '\f':
			fputs("\\f", out);
			break;
		case '\r':
			fputs("\\r", out);
			break;
		default:
			if (c < 0x20 || c == 0x7f) {
				fprintf(out, "\\u%04X", c);
			} else if (c == 0xc2 && (unsigned char)s[1] >= 0x80 &&
				   (unsigned char)s[1] <= 0x9f) {
				/* A C1 control in UTF-8: escaped too, not sent to a terminal. */
				fprintf(out, "\\u%04X", (unsigned char)s[1]);
				s++;
			} else {
				fputc(c, out);
			}
		}
	}
	fputc('"', out);
}

/* Bare when TOML allows it (A-Za-z0-9_-), quoted otherwise. */
static void write_key(FILE *out, const char *key)
{
	const char *p;

	for (p = key; *p; p++) {
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || *p == '_' || *p == '-'))
			break;
	}
	if (*key && !*p)
		fputs(key, out);
	else
		write_string(out, key);
}

static void write_keycode(FILE *out, uint32_t keycode)
{
	const char *name = keymap_pointer_name(keycode);

	if (!name)
		name = keycode_to_name(keycode);
	if (name)
		fprintf(out, "\"%s\"", name);
	else
		fprintf(out, "\"0x%" PRIx32 "\"", keycode);
}

static void write_raw(FILE *out, const struct keymap_raw *raw)
{
	size_t i;

	fputs("\t{ keycode = ", out);
	write_keycode(out, raw->keycode);
	fputs(", raw = \"", out);
	for (i = 0; i < raw->duration_count; i++)
		fprintf(out, "%s%c%" PRIu32, i ? " " : "", i % 2 ? '-' : '+',
			raw->durations[i]);
	fputs("\" },\n", out);
}

/* "# " before each line of text. */
static void write_comment(FILE *out, const char *text)
{
	const char *end;

	for (;;) {
		end = strchr(text, '\n');
		fputs("# ", out);
		fwrite(text, 1, end ? (size_t)(end - text) : strlen(text), out);
		fputc('\n', out);
		if (!end)
			return;
		text = end + 1;
	}
}

static void write_protocol(FILE *out, const struct keymap_protocol *protocol)
{
	size_t i;

	fputs("[[protocols]]\n", out);
	if (protocol->comment)
		write_comment(out, protocol->comment);
	if (protocol->name) {
		fputs("name = ", out);
		write_string(out, protocol->name);
		fputc('\n', out);
	}
	fputs("protocol = ", out);
	write_string(out, protocol->protocol);
	fputc('\n', out);
	if (protocol->irp) {
		fputs("irp = ", out);
		write_string(out, protocol->irp);
		fputc('\n', out);
	}
	if (protocol->variant) {
		fputs("variant = ", out);
		write_string(out, protocol->variant);
		fputc('\n', out);
	}
	for (i = 0; i < protocol->param_count; i++) {
		write_key(out, protocol->params[i].name);
		fprintf(out, " = %" PRId64 "\n", protocol->params[i].value);
	}
	/* Key/value pairs must all come before the [protocols.scancodes] header. */
	if (protocol->raw_count) {
		fputs("raw = [\n", out);
		for (i = 0; i < protocol->raw_count; i++)
			write_raw(out, &protocol->raws[i]);
		fputs("]\n", out);
	}
	if (protocol->scancode_count) {
		fputs("[protocols.scancodes]\n", out);
		for (i = 0; i < protocol->scancode_count; i++) {
			fprintf(out, "0x%" PRIx64 " = ", protocol->scancodes[i].scancode);
			write_keycode(out, protocol->scancodes[i].keycode);
			fputc('\n', out);
		}
	}
}

int keymap_write_toml(const struct keymap *keymap, FILE *out)
{
	size_t i;

	for (i = 0; i < keymap->protocol_count; i++)
		write_protocol(out, &keymap->protocols[i]);
	if (fflush(out) != 0 || ferror(out))
		return -EIO;
	return 0;
}

int keymap_format_toml(const struct keymap *keymap, char **ret_text, size_t *ret_len)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out;
	int ret;

	out = open_memstream(&text, &len);
	if (!out)
		return -ENOMEM;
	ret = keymap_write_toml(keymap, out);
	if (fclose(out) != 0 && ret == 0)
		ret = -ENOMEM;
	if (ret < 0) {
		free(text);
		return ret;
	}
	*ret_text = text;
	*ret_len = len;
	return 0;
}
