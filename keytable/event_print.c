// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The lines are put together by hand in a buffer and written at once: --decode prints
 * one for every few samples, and fprintf's parsing of the formats was a third of a
 * decode's time. The output is what the printf formats in the comments would give.
 */
#include "config.h"

#include <inttypes.h>
#include <string.h>
#include <linux/input-event-codes.h>

#include "event_print.h"

#define NSEC_PER_SEC UINT64_C(1000000000)
/* Room for the longest number (20 digits of a uint64_t, or a sign and 10 digits). */
#define NUMBER_MAX 24

/* One output line; written out when full, so names of any length fit. */
struct line {
	FILE *out;
	size_t len;
	char buf[192];
};

static void flush(struct line *line)
{
	fwrite(line->buf, 1, line->len, line->out);
	line->len = 0;
}

static void make_room(struct line *line, size_t len)
{
	if (sizeof(line->buf) - line->len < len)
		flush(line);
}

static void put_str(struct line *line, const char *s)
{
	size_t len = strlen(s);

	make_room(line, len);
	if (len > sizeof(line->buf)) {
		fwrite(s, 1, len, line->out);
		return;
	}
	memcpy(line->buf + line->len, s, len);
	line->len += len;
}

/* %0Nu with N = min_digits (0 or 1 for plain %u). */
static void put_dec(struct line *line, uint64_t value, unsigned int min_digits)
{
	char digits[NUMBER_MAX];
	unsigned int n = 0;

	do {
		digits[n++] = (char)('0' + value % 10);
		value /= 10;
	} while (value || n < min_digits);
	make_room(line, n);
	while (n)
		line->buf[line->len++] = digits[--n];
}

/* %d */
static void put_int(struct line *line, int32_t value)
{
	if (value < 0) {
		put_str(line, "-");
		put_dec(line, (uint64_t)-(int64_t)value, 1);
	} else {
		put_dec(line, (uint64_t)value, 1);
	}
}

/* %0Nx with N = min_digits. */
static void put_hex(struct line *line, uint64_t value, unsigned int min_digits)
{
	static const char hex[] = "0123456789abcdef";
	char digits[NUMBER_MAX];
	unsigned int n = 0;

	do {
		digits[n++] = hex[value & 15];
		value >>= 4;
	} while (value || n < min_digits);
	make_room(line, n);
	while (n)
		line->buf[line->len++] = digits[--n];
}

/* "%" PRIu64 ".%06" PRIu64 ": ", seconds and microseconds */
static void put_time(struct line *line, uint64_t time_ns)
{
	put_dec(line, time_ns / NSEC_PER_SEC, 1);
	put_str(line, ".");
	put_dec(line, (time_ns % NSEC_PER_SEC) / UINT64_C(1000), 6);
	put_str(line, ": ");
}

/* "event type NAME(0x%02x)" */
static void put_type(struct line *line, const char *name, uint16_t type)
{
	put_str(line, "event type ");
	put_str(line, name);
	put_str(line, "(0x");
	put_hex(line, type, 2);
	put_str(line, ")");
}

void event_print_lirc(FILE *out, uint64_t time_ns, const struct lirc_scancode *scancode,
		      const char *protocol_name)
{
	struct line line = { .out = out };

	put_time(&line, time_ns);
	/* "lirc protocol(%s): scancode = 0x%llx", or %u of the protocol number */
	put_str(&line, "lirc protocol(");
	if (protocol_name)
		put_str(&line, protocol_name);
	else
		put_dec(&line, scancode->rc_proto, 1);
	put_str(&line, "): scancode = 0x");
	put_hex(&line, scancode->scancode, 1);
	if (scancode->flags & LIRC_SCANCODE_FLAG_REPEAT)
		put_str(&line, " repeat");
	if (scancode->flags & LIRC_SCANCODE_FLAG_TOGGLE)
		put_str(&line, " toggle=1");
	put_str(&line, "\n");
	flush(&line);
}

static const char *const key_actions[] = { "key_up", "key_down", "key_repeat" };

/* ": code 0x%02x = %d\n" */
static void put_code_value(struct line *line, uint16_t code, int32_t value)
{
	put_str(line, ": code 0x");
	put_hex(line, code, 2);
	put_str(line, " = ");
	put_int(line, value);
	put_str(line, "\n");
}

void event_print_input(FILE *out, uint64_t time_ns, uint16_t type, uint16_t code,
		       int32_t value, const char *key_name)
{
	struct line line = { .out = out };

	put_time(&line, time_ns);
	switch (type) {
	case EV_SYN:
		put_type(&line, "EV_SYN", type);
		put_str(&line, ".\n");
		break;
	case EV_KEY:
		/* "EV_KEY(0x%02x) %s: " then "%s(0x%04x)" or "0x%04x", then " = %d" */
		put_type(&line, "EV_KEY", type);
		put_str(&line, " ");
		put_str(&line, value >= 0 && value <= 2 ? key_actions[value] : "key_value");
		put_str(&line, ": ");
		if (key_name) {
			put_str(&line, key_name);
			put_str(&line, "(0x");
			put_hex(&line, code, 4);
			put_str(&line, ")");
		} else {
			put_str(&line, "0x");
			put_hex(&line, code, 4);
		}
		if (value < 0 || value > 2) {
			put_str(&line, " = ");
			put_int(&line, value);
		}
		put_str(&line, "\n");
		break;
	case EV_MSC:
		put_type(&line, "EV_MSC", type);
		if (code == MSC_SCAN) {
			/* ": scancode = 0x%02x\n" of the value as unsigned */
			put_str(&line, ": scancode = 0x");
			put_hex(&line, (uint32_t)value, 2);
			put_str(&line, "\n");
		} else {
			put_code_value(&line, code, value);
		}
		break;
	case EV_REL:
		put_type(&line, "EV_REL", type);
		if (code == REL_X || code == REL_Y) {
			/* ": %s = %d\n" */
			put_str(&line, code == REL_X ? ": REL_X = " : ": REL_Y = ");
			put_int(&line, value);
			put_str(&line, "\n");
		} else {
			put_code_value(&line, code, value);
		}
		break;
	default:
		/* "event type 0x%02x: code 0x%04x = %d\n" */
		put_str(&line, "event type 0x");
		put_hex(&line, type, 2);
		put_str(&line, ": code 0x");
		put_hex(&line, code, 4);
		put_str(&line, " = ");
		put_int(&line, value);
		put_str(&line, "\n");
		break;
	}
	flush(&line);
}
