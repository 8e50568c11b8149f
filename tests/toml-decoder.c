// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * toml-decoder: the decoder interface of toml-test over utils/text/toml.c.
 *
 *   toml-decoder < doc.toml    tagged JSON on stdout, exit 0; or the error on
 *                              stderr, exit 1
 *   toml-decoder --batch       many documents on stdin, each as "LENGTH\n" then
 *                              LENGTH bytes; for each, "ok LENGTH\n" and the JSON,
 *                              or "error LENGTH\n" and the message (one process for
 *                              thousands of documents: the differential test)
 *   toml-decoder --parse-only  parse stdin and print nothing (speed measurements)
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "toml.h"

struct buffer {
	char *data;
	size_t len, capacity;
};

static int buffer_reserve(struct buffer *b, size_t extra)
{
	size_t capacity = b->capacity ? b->capacity : 4096;
	char *grown;

	if (b->capacity - b->len >= extra)
		return 0;
	while (capacity - b->len < extra) {
		if (capacity > SIZE_MAX / 2)
			return -ENOMEM;
		capacity *= 2;
	}
	grown = realloc(b->data, capacity);
	if (!grown)
		return -ENOMEM;
	b->data = grown;
	b->capacity = capacity;
	return 0;
}

static int buffer_append(struct buffer *b, const char *str, size_t len)
{
	int r = buffer_reserve(b, len);

	if (r)
		return r;
	memcpy(b->data + b->len, str, len);
	b->len += len;
	return 0;
}

__attribute__((format(printf, 2, 3)))
static int buffer_printf(struct buffer *b, const char *fmt, ...)
{
	char text[128];
	va_list args;
	int n;

	va_start(args, fmt);
	n = vsnprintf(text, sizeof(text), fmt, args);
	va_end(args);
	if (n < 0 || (size_t)n >= sizeof(text))
		return -EINVAL;
	return buffer_append(b, text, (size_t)n);
}

static int json_string(struct buffer *b, const char *str, size_t len)
{
	size_t i;
	int r;

	r = buffer_append(b, "\"", 1);
	for (i = 0; i < len && !r; i++) {
		unsigned char c = str[i];

		if (c == '"' || c == '\\')
			r = buffer_printf(b, "\\%c", c);
		else if (c < 0x20 || c == 0x7f)
			r = buffer_printf(b, "\\u%04x", c);
		else
			r = buffer_append(b, (const char *)&c, 1);
	}
	return r ? r : buffer_append(b, "\"", 1);
}

/* The shortest %g form that reads back as the same double. */
static int format_float(double value, char *out, size_t size)
{
	int precision;

	if (isnan(value))
		return snprintf(out, size, "nan");
	if (isinf(value))
		return snprintf(out, size, value < 0 ? "-inf" : "inf");
	for (precision = 1; precision < 17; precision++) {
		snprintf(out, size, "%.*g", precision, value);
		if (strtod(out, NULL) == value)
			break;
	}
	return snprintf(out, size, "%.*g", precision, value);
}

static int format_datetime(const struct toml_value *value, char *out, size_t size)
{
	enum toml_type type = toml_value_type(value);
	struct toml_datetime dt;
	size_t used = 0;
	int digits, i;
	uint32_t ns;

	if (toml_value_datetime(value, &dt))
		return -EINVAL;
	if (type != TOML_LOCAL_TIME)
		used += snprintf(out + used, size - used, "%04d-%02d-%02d", dt.year, dt.month, dt.day);
	if (type == TOML_LOCAL_DATE)
		return 0;
	if (type != TOML_LOCAL_TIME)
		used += snprintf(out + used, size - used, "T");
	used += snprintf(out + used, size - used, "%02d:%02d:%02d", dt.hour, dt.minute, dt.second);
	if (dt.fraction_digits) {
		/* As many digits as written, down to nanoseconds. */
		digits = dt.fraction_digits < 9 ? dt.fraction_digits : 9;
		ns = dt.nanosecond;
		for (i = digits; i < 9; i++)
			ns /= 10;
		used += snprintf(out + used, size - used, ".%0*" PRIu32, digits, ns);
	}
	if (type == TOML_OFFSET_DATETIME) {
		if (dt.offset_is_z)
			snprintf(out + used, size - used, "Z");
		else
			snprintf(out + used, size - used, "%c%02d:%02d",
				 dt.offset_minutes < 0 ? '-' : '+', abs(dt.offset_minutes) / 60,
				 abs(dt.offset_minutes) % 60);
	}
	return 0;
}

static int json_value(struct buffer *b, const struct toml_value *value);

static int json_tagged(struct buffer *b, const char *type, const char *text, size_t len)
{
	int r = buffer_printf(b, "{\"type\": \"%s\", \"value\": ", type);

	if (!r)
		r = json_string(b, text, len);
	return r ? r : buffer_append(b, "}", 1);
}

static int json_table(struct buffer *b, const struct toml_value *table)
{
	size_t count = toml_table_count(table), i;
	int r = buffer_append(b, "{", 1);

	for (i = 0; i < count && !r; i++) {
		if (i)
			r = buffer_append(b, ", ", 2);
		if (!r)
			r = json_string(b, toml_table_key_at(table, i), toml_table_key_length_at(table, i));
		if (!r)
			r = buffer_append(b, ": ", 2);
		if (!r)
			r = json_value(b, toml_table_value_at(table, i));
	}
	return r ? r : buffer_append(b, "}", 1);
}

static int json_array(struct buffer *b, const struct toml_value *array)
{
	size_t count = toml_array_count(array), i;
	int r = buffer_append(b, "[", 1);

	for (i = 0; i < count && !r; i++) {
		if (i)
			r = buffer_append(b, ", ", 2);
		if (!r)
			r = json_value(b, toml_array_at(array, i));
	}
	return r ? r : buffer_append(b, "]", 1);
}

/* Recursion is bounded: the parser refuses documents nested deeper than 1000. */
static int json_value(struct buffer *b, const struct toml_value *value)
{
	char text[128];
	const char *str;
	size_t len;
	int64_t integer;
	double real;
	bool boolean;

	switch (toml_value_type(value)) {
	case TOML_TABLE:
		return json_table(b, value);
	case TOML_ARRAY:
		return json_array(b, value);
	case TOML_STRING:
		if (toml_value_string(value, &str, &len))
			return -EINVAL;
		return json_tagged(b, "string", str, len);
	case TOML_INTEGER:
		if (toml_value_integer(value, &integer))
			return -EINVAL;
		snprintf(text, sizeof(text), "%" PRId64, integer);
		return json_tagged(b, "integer", text, strlen(text));
	case TOML_FLOAT:
		if (toml_value_float(value, &real))
			return -EINVAL;
		format_float(real, text, sizeof(text));
		return json_tagged(b, "float", text, strlen(text));
	case TOML_BOOLEAN:
		if (toml_value_boolean(value, &boolean))
			return -EINVAL;
		return json_tagged(b, "bool", boolean ? "true" : "false", boolean ? 4 : 5);
	case TOML_OFFSET_DATETIME:
	case TOML_LOCAL_DATETIME:
	case TOML_LOCAL_DATE:
	case TOML_LOCAL_TIME:
		if (format_datetime(value, text, sizeof(text)))
			return -EINVAL;
		return json_tagged(b, toml_value_type(value) == TOML_OFFSET_DATETIME ? "datetime" :
				      toml_value_type(value) == TOML_LOCAL_DATETIME ? "datetime-local" :
				      toml_value_type(value) == TOML_LOCAL_DATE ? "date-local" :
				      "time-local", text, strlen(text));
	default:
		return -EINVAL;
	}
}

/* Parse one document into JSON (returns 0) or an error message (returns 1). */
static int decode(const char *doc, size_t len, struct buffer *out)
{
	struct toml_value *root = NULL;
	struct ir_error err;
	char *exact;
	int r;

	/* A copy of the exact size, so that AddressSanitizer sees any read past len. */
	exact = malloc(len ? len : 1);
	if (!exact)
		return -ENOMEM;
	memcpy(exact, doc, len);
	out->len = 0;
	ir_error_clear(&err);
	r = toml_parse(exact, len, "-", &root, &err);
	free(exact);
	if (r == -EINVAL)
		return buffer_append(out, err.message, strlen(err.message) + 1) ? -ENOMEM : 1;
	if (r)
		return r;
	r = json_value(out, root);
	if (!r)
		r = buffer_append(out, "\n", 1);
	toml_free(root);
	return r;
}

static int read_all(FILE *in, struct buffer *b)
{
	struct stat st;
	size_t n;
	int r;

	/* A file on stdin: read it in one go. */
	if (!fstat(fileno(in), &st) && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    (uint64_t)st.st_size < SIZE_MAX / 2) {
		r = buffer_reserve(b, (size_t)st.st_size + 1);
		if (r)
			return r;
	}
	do {
		r = buffer_reserve(b, 65536);
		if (r)
			return r;
		n = fread(b->data + b->len, 1, b->capacity - b->len, in);
		b->len += n;
	} while (n);
	return ferror(in) ? -EIO : 0;
}

static int run_batch(const struct buffer *input)
{
	struct buffer out = { 0 };
	size_t pos = 0;
	int r = 0;

	while (pos < input->len) {
		char *end;
		unsigned long long len = strtoull(input->data + pos, &end, 10);

		if (*end != '\n' || len > input->len - (size_t)(end + 1 - input->data)) {
			fprintf(stderr, "toml-decoder: bad batch record at byte %zu\n", pos);
			r = -EINVAL;
			break;
		}
		pos = (size_t)(end + 1 - input->data);
		r = decode(input->data + pos, (size_t)len, &out);
		if (r < 0)
			break;
		/* Error messages carry their NUL: leave it out. */
		if (r)
			out.len--;
		printf("%s %zu\n", r ? "error" : "ok", out.len);
		fwrite(out.data, 1, out.len, stdout);
		pos += (size_t)len;
		r = 0;
	}
	free(out.data);
	return r;
}

int main(int argc, char **argv)
{
	struct buffer input = { 0 }, out = { 0 };
	const char *mode = argc > 1 ? argv[1] : "";
	int r;

	if (argc > 2 || (argc == 2 && strcmp(mode, "--batch") && strcmp(mode, "--parse-only"))) {
		fprintf(stderr, "usage: toml-decoder [--batch | --parse-only] < FILE\n");
		return 2;
	}
	if (read_all(stdin, &input)) {
		fprintf(stderr, "toml-decoder: cannot read stdin\n");
		return 2;
	}
	if (!strcmp(mode, "--batch")) {
		r = run_batch(&input);
		free(input.data);
		return r ? 2 : 0;
	}
	if (!strcmp(mode, "--parse-only")) {
		struct toml_value *root = NULL;
		struct ir_error err;

		r = toml_parse(input.data, input.len, "-", &root, &err);
		if (r)
			fprintf(stderr, "%s\n", err.message);
		toml_free(root);
		free(input.data);
		return r ? 1 : 0;
	}
	r = decode(input.data, input.len, &out);
	if (r == 1)
		fprintf(stderr, "%s\n", out.data);
	else if (!r)
		fwrite(out.data, 1, out.len, stdout);
	free(input.data);
	free(out.data);
	return r == 1 ? 1 : r ? 2 : 0;
}
