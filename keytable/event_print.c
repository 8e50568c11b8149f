// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The lines are put together by hand in a buffer and written at once: --decode prints
 * one for every few samples, and fprintf's parsing of the formats was a third of a
 * decode's time. The output is what the printf formats in the comments would give.
 * Literal pieces go in with their length known at compile time (put_lit), and the line
 * is written with fwrite_unlocked(): the program has one thread, and stdio's lock
 * around each line was a tenth of --decode's printing.
 */
#include "config.h"

#include <inttypes.h>
#include <string.h>
#include <linux/input-event-codes.h>

#include "ac_protocol.h"
#include "event_print.h"
#include "ir_error.h"
#include "irp.h"
#include "irp_database.h"
#include "json_writer.h"

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
	fwrite_unlocked(line->buf, 1, line->len, line->out);
	line->len = 0;
}

static inline __attribute__((always_inline)) void make_room(struct line *line, size_t len)
{
	if (sizeof(line->buf) - line->len < len)
		flush(line);
}

/* Inlined everywhere: most pieces are literals, copied with their length known. */
static inline __attribute__((always_inline)) void put_mem(struct line *line, const char *s,
							  size_t len)
{
	make_room(line, len);
	if (len > sizeof(line->buf)) {
		fwrite_unlocked(s, 1, len, line->out);
		return;
	}
	memcpy(line->buf + line->len, s, len);
	line->len += len;
}

/* Inlined, so that the length of a literal name (put_type) is known at compile time. */
static inline __attribute__((always_inline)) void put_str(struct line *line, const char *s)
{
	put_mem(line, s, strlen(s));
}

/* A string literal, its length known at compile time. */
#define put_lit(line, literal) put_mem((line), "" literal, sizeof(literal) - 1)

/* The digits of 0 to 99, two by two: half the divisions of one digit at a time. */
static const char digit_pairs[] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

/* How many decimal digits value has: comparisons, not divisions. */
static unsigned int dec_digits(uint64_t value)
{
	unsigned int n = 1;
	uint64_t power = 10;

	/* 20 digits at most: the last multiplication would overflow, and is not needed. */
	while (n < 20 && value >= power) {
		n++;
		power *= 10;
	}
	return n;
}

/*
 * %0Nu with N = min_digits (0 or 1 for plain %u). The digits go straight into the line,
 * from the last, two at a time.
 */
static void put_dec(struct line *line, uint64_t value, unsigned int min_digits)
{
	unsigned int digits = dec_digits(value);
	unsigned int n = digits > min_digits ? digits : min_digits;
	char *out;
	uint32_t small;

	make_room(line, n);
	out = line->buf + line->len + n;
	line->len += n;
	/* 32-bit divisions once the value fits: most numbers printed are small. */
	for (; value > UINT32_MAX; value /= 100)
		out = memcpy(out - 2, &digit_pairs[2 * (value % 100)], 2);
	for (small = (uint32_t)value; small >= 100; small /= 100)
		out = memcpy(out - 2, &digit_pairs[2 * (small % 100)], 2);
	if (small >= 10)
		out = memcpy(out - 2, &digit_pairs[2 * small], 2);
	else
		*--out = (char)('0' + small);
	for (; n > digits; n--)
		*--out = '0';
}

/* %d */
static void put_int(struct line *line, int32_t value)
{
	if (value < 0) {
		put_lit(line, "-");
		put_dec(line, (uint64_t)-(int64_t)value, 1);
	} else {
		put_dec(line, (uint64_t)value, 1);
	}
}

/* %0Nx with N = min_digits; written straight into the line, from the last digit. */
static void put_hex(struct line *line, uint64_t value, unsigned int min_digits)
{
	static const char hex[] = "0123456789abcdef";
	unsigned int digits = value ? (67 - (unsigned int)__builtin_clzll(value)) / 4 : 1;
	unsigned int n = digits > min_digits ? digits : min_digits, i;
	char *out;

	make_room(line, n);
	out = line->buf + line->len + n;
	line->len += n;
	for (i = 0; i < n; i++) {
		*--out = hex[value & 15];
		value >>= 4;
	}
}

/* "%" PRIu64 ".%06" PRIu64 ": ", seconds and microseconds */
static void put_time(struct line *line, uint64_t time_ns)
{
	uint32_t micro = (uint32_t)((time_ns % NSEC_PER_SEC) / UINT64_C(1000));
	char *out;

	put_dec(line, time_ns / NSEC_PER_SEC, 1);
	/* ".%06u": always three pairs of digits. */
	make_room(line, 7);
	out = line->buf + line->len;
	out[0] = '.';
	memcpy(out + 1, &digit_pairs[2 * (micro / 10000)], 2);
	memcpy(out + 3, &digit_pairs[2 * (micro / 100 % 100)], 2);
	memcpy(out + 5, &digit_pairs[2 * (micro % 100)], 2);
	line->len += 7;
	put_lit(line, ": ");
}

/* "event type NAME(0x%02x)" */
static void put_type(struct line *line, const char *name, uint16_t type)
{
	put_lit(line, "event type ");
	put_str(line, name);
	put_lit(line, "(0x");
	put_hex(line, type, 2);
	put_lit(line, ")");
}

void event_print_lirc(FILE *out, uint64_t time_ns, const struct lirc_scancode *scancode,
		      const char *protocol_name)
{
	struct line line;

	/* Not an initializer: that would clear the whole buffer for each line. */
	line.out = out;
	line.len = 0;

	put_time(&line, time_ns);
	/* "lirc protocol(%s): scancode = 0x%llx", or %u of the protocol number */
	put_lit(&line, "lirc protocol(");
	if (protocol_name)
		put_str(&line, protocol_name);
	else
		put_dec(&line, scancode->rc_proto, 1);
	put_lit(&line, "): scancode = 0x");
	put_hex(&line, scancode->scancode, 1);
	if (scancode->flags & LIRC_SCANCODE_FLAG_REPEAT)
		put_lit(&line, " repeat");
	if (scancode->flags & LIRC_SCANCODE_FLAG_TOGGLE)
		put_lit(&line, " toggle=1");
	put_lit(&line, "\n");
	flush(&line);
}

bool event_print_ac(FILE *out, uint64_t time_ns, const struct lirc_scancode *scancode)
{
	const struct ac_protocol_info *protocol = ac_protocol_of_rc_proto(scancode->rc_proto);
	char state[256];
	struct line line;

	if (!protocol)
		return false;
	line.out = out;
	line.len = 0;
	put_time(&line, time_ns);
	/* "ac protocol(%s): %s\n" */
	put_lit(&line, "ac protocol(");
	put_str(&line, protocol->name);
	put_lit(&line, "): ");
	ac_state_format(scancode->scancode, ac_protocol_has(protocol), state, sizeof(state));
	put_str(&line, state);
	put_lit(&line, "\n");
	flush(&line);
	return true;
}

void event_print_ac_bytes(FILE *out, uint64_t time_ns, const struct lirc_scancode *scancode,
			  const uint8_t *bytes, size_t size)
{
	const struct ac_protocol_info *protocol = ac_protocol_of_rc_proto(scancode->rc_proto);
	struct line line;
	size_t i;

	if (!protocol)
		return;
	line.out = out;
	line.len = 0;
	put_time(&line, time_ns);
	/* "ac bytes(%s):" then " %02x" each */
	put_lit(&line, "ac bytes(");
	put_str(&line, protocol->name);
	put_lit(&line, "):");
	for (i = 0; i < size; i++) {
		put_lit(&line, " ");
		put_hex(&line, bytes[i], 2);
	}
	put_lit(&line, "\n");
	flush(&line);
}

/*
 * A wide message's protocol name, safe to print (NUL-terminated, no control characters),
 * and its parsed IRP from the database for the parameters' names: NULL when it is not
 * a database protocol ("irp": an IRP string), or has another count of parameters.
 */
static struct irp_protocol *message_protocol(const struct irp_compile_message *m,
					     char name[IRP_COMPILE_MESSAGE_NAME_SIZE])
{
	const struct irp_database_entry *entry;
	struct irp_protocol *protocol = NULL;
	struct ir_error ignored = { "" };

	memcpy(name, m->name, IRP_COMPILE_MESSAGE_NAME_SIZE);
	name[IRP_COMPILE_MESSAGE_NAME_SIZE - 1] = '\0';
	ir_error_filter_controls(name);
	entry = irp_database_find(name);
	if (!entry || irp_parse(entry->irp, strlen(entry->irp), &protocol, &ignored) < 0)
		return NULL;
	if (protocol->parameter_count != m->count) {
		irp_protocol_free(protocol);
		return NULL;
	}
	return protocol;
}

/* The values a message has, at most the compiler's parameters. */
static size_t message_count(const struct irp_compile_message *m)
{
	return m->count < IRP_COMPILE_PARAMETERS_MAX ? m->count : IRP_COMPILE_PARAMETERS_MAX;
}

/* A parameter's name, or its index in the parameter spec when it has none known. */
static const char *parameter_name(const struct irp_protocol *protocol, size_t i,
				  char index[NUMBER_MAX])
{
	if (protocol)
		return protocol->parameters[i].name;
	snprintf(index, NUMBER_MAX, "%zu", i);
	return index;
}

void event_print_irp_message(FILE *out, uint64_t time_ns, const struct irp_compile_message *m)
{
	char name[IRP_COMPILE_MESSAGE_NAME_SIZE], index[NUMBER_MAX];
	struct irp_protocol *protocol = message_protocol(m, name);
	struct line line;
	size_t i;

	line.out = out;
	line.len = 0;
	put_time(&line, time_ns);
	/* "irp protocol(%s):" then " %s=%llu" each */
	put_lit(&line, "irp protocol(");
	put_str(&line, name);
	put_lit(&line, "):");
	for (i = 0; i < message_count(m); i++) {
		put_lit(&line, " ");
		put_str(&line, parameter_name(protocol, i, index));
		put_lit(&line, "=");
		put_dec(&line, m->values[i], 1);
	}
	put_lit(&line, "\n");
	flush(&line);
	irp_protocol_free(protocol);
}

static const char *const key_actions[] = { "key_up", "key_down", "key_repeat" };

/* ": code 0x%02x = %d\n" */
static void put_code_value(struct line *line, uint16_t code, int32_t value)
{
	put_lit(line, ": code 0x");
	put_hex(line, code, 2);
	put_lit(line, " = ");
	put_int(line, value);
	put_lit(line, "\n");
}

void event_print_input(FILE *out, uint64_t time_ns, uint16_t type, uint16_t code,
		       int32_t value, const char *key_name)
{
	struct line line;

	/* Not an initializer: that would clear the whole buffer for each line. */
	line.out = out;
	line.len = 0;

	put_time(&line, time_ns);
	switch (type) {
	case EV_SYN:
		put_type(&line, "EV_SYN", type);
		put_lit(&line, ".\n");
		break;
	case EV_KEY:
		/* "EV_KEY(0x%02x) %s: " then "%s(0x%04x)" or "0x%04x", then " = %d" */
		put_type(&line, "EV_KEY", type);
		put_lit(&line, " ");
		put_str(&line, value >= 0 && value <= 2 ? key_actions[value] : "key_value");
		put_lit(&line, ": ");
		if (key_name) {
			put_str(&line, key_name);
			put_lit(&line, "(0x");
			put_hex(&line, code, 4);
			put_lit(&line, ")");
		} else {
			put_lit(&line, "0x");
			put_hex(&line, code, 4);
		}
		if (value < 0 || value > 2) {
			put_lit(&line, " = ");
			put_int(&line, value);
		}
		put_lit(&line, "\n");
		break;
	case EV_MSC:
		put_type(&line, "EV_MSC", type);
		if (code == MSC_SCAN) {
			/* ": scancode = 0x%02x\n" of the value as unsigned */
			put_lit(&line, ": scancode = 0x");
			put_hex(&line, (uint32_t)value, 2);
			put_lit(&line, "\n");
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
			put_lit(&line, "\n");
		} else {
			put_code_value(&line, code, value);
		}
		break;
	default:
		/* "event type 0x%02x: code 0x%04x = %d\n" */
		put_lit(&line, "event type 0x");
		put_hex(&line, type, 2);
		put_lit(&line, ": code 0x");
		put_hex(&line, code, 4);
		put_lit(&line, " = ");
		put_int(&line, value);
		put_lit(&line, "\n");
		break;
	}
	flush(&line);
}

/* The time in µs as seconds with six decimals, as the text lines print it. */
static void json_head(struct json_writer *w, uint64_t time_ns, const char *event)
{
	json_writer_begin(w);
	json_writer_fixed(w, "time", time_ns / 1000, 6);
	json_writer_string(w, "event", event);
}

/* The line written, or the writer's error; the writer freed either way. */
static int json_finish(FILE *out, struct json_writer *w)
{
	const char *text;
	size_t len;
	int ret;

	ret = json_writer_end(w, &text, &len);
	if (ret == 0)
		fwrite_unlocked(text, 1, len, out);
	json_writer_free(w);
	return ret;
}

/* "0x%llx", as the text line prints a scancode. */
static void json_scancode(struct json_writer *w, uint64_t scancode)
{
	char text[24];

	snprintf(text, sizeof(text), "0x%" PRIx64, scancode);
	json_writer_string(w, "scancode", text);
}

static int json_ac(FILE *out, uint64_t time_ns, const struct lirc_scancode *scancode,
		   const struct ac_protocol_info *protocol, const uint8_t *bytes, size_t size)
{
	uint32_t has = ac_protocol_has(protocol);
	uint64_t state = scancode->scancode;
	unsigned int temp = ac_state_value(state, AC_VALUE_TEMP);
	struct json_writer w;
	unsigned int v;

	json_writer_init(&w);
	json_head(&w, time_ns, "ac");
	json_writer_string(&w, "protocol", protocol->name);
	for (v = 0; v < AC_VALUE_FLAGS; v++) {
		if (v != AC_VALUE_TEMP)
			json_writer_string(&w, ac_value_name(v), ac_state_value_text(state, has, v));
		else if (!temp)
			json_writer_null(&w, "temp");
		else
			/* Half degrees: 25 or 25.5, never 25.0. */
			json_writer_fixed(&w, "temp", temp & 1 ? temp * 5 : temp / 2, temp & 1);
	}
	for (v = AC_VALUE_FLAGS; v < AC_VALUE_MAX; v++)
		if (has & 1U << v)
			json_writer_string(&w, ac_value_name(v), ac_state_value_text(state, has, v));
	if (bytes)
		json_writer_hex(&w, "bytes", bytes, size);
	return json_finish(out, &w);
}

int event_print_json_lirc(FILE *out, uint64_t time_ns, const struct lirc_scancode *scancode,
			  const char *protocol_name, const uint8_t *bytes, size_t size)
{
	const struct ac_protocol_info *protocol = ac_protocol_of_rc_proto(scancode->rc_proto);
	struct json_writer w;
	int ret;

	json_writer_init(&w);
	json_head(&w, time_ns, "lirc");
	json_writer_string(&w, "protocol", protocol_name);
	json_writer_uint(&w, "rc_proto", scancode->rc_proto);
	json_scancode(&w, scancode->scancode);
	json_writer_bool(&w, "repeat", scancode->flags & LIRC_SCANCODE_FLAG_REPEAT);
	json_writer_bool(&w, "toggle", scancode->flags & LIRC_SCANCODE_FLAG_TOGGLE);
	ret = json_finish(out, &w);
	if (ret == 0 && protocol)
		ret = json_ac(out, time_ns, scancode, protocol, bytes, size);
	return ret;
}

int event_print_json_irp_message(FILE *out, uint64_t time_ns,
				 const struct irp_compile_message *m)
{
	char name[IRP_COMPILE_MESSAGE_NAME_SIZE], index[NUMBER_MAX];
	struct irp_protocol *protocol = message_protocol(m, name);
	struct json_writer w;
	size_t i;

	json_writer_init(&w);
	json_head(&w, time_ns, "irp");
	json_writer_string(&w, "protocol", name);
	for (i = 0; i < message_count(m); i++)
		json_writer_uint(&w, parameter_name(protocol, i, index), m->values[i]);
	irp_protocol_free(protocol);
	return json_finish(out, &w);
}

/* The relative axes' names, from the kernel's header (input-event-codes.h). */
static const char *rel_name(uint16_t code)
{
	static const char *const names[] = {
		[REL_X] = "REL_X", [REL_Y] = "REL_Y", [REL_Z] = "REL_Z",
		[REL_RX] = "REL_RX", [REL_RY] = "REL_RY", [REL_RZ] = "REL_RZ",
		[REL_HWHEEL] = "REL_HWHEEL", [REL_DIAL] = "REL_DIAL",
		[REL_WHEEL] = "REL_WHEEL", [REL_MISC] = "REL_MISC",
#ifdef REL_WHEEL_HI_RES
		[REL_WHEEL_HI_RES] = "REL_WHEEL_HI_RES",
		[REL_HWHEEL_HI_RES] = "REL_HWHEEL_HI_RES",
#endif
	};

	return code < sizeof(names) / sizeof(names[0]) ? names[code] : NULL;
}

static const char *const json_key_values[] = { "up", "down", "repeat" };

int event_print_json_input(FILE *out, uint64_t time_ns, uint16_t type, uint16_t code,
			   int32_t value, const char *key_name)
{
	struct json_writer w;

	if (type == EV_SYN)
		return 0;
	json_writer_init(&w);
	switch (type) {
	case EV_KEY:
		json_head(&w, time_ns, "key");
		json_writer_string(&w, "key", key_name);
		json_writer_uint(&w, "code", code);
		if (value >= 0 && value <= 2)
			json_writer_string(&w, "value", json_key_values[value]);
		else
			json_writer_int(&w, "value", value);
		break;
	case EV_MSC:
		json_head(&w, time_ns, "msc");
		if (code == MSC_SCAN) {
			json_scancode(&w, (uint32_t)value);
		} else {
			json_writer_uint(&w, "code", code);
			json_writer_int(&w, "value", value);
		}
		break;
	case EV_REL:
		json_head(&w, time_ns, "rel");
		json_writer_string(&w, "axis", rel_name(code));
		json_writer_uint(&w, "code", code);
		json_writer_int(&w, "value", value);
		break;
	default:
		json_head(&w, time_ns, "input");
		json_writer_uint(&w, "type", type);
		json_writer_uint(&w, "code", code);
		json_writer_int(&w, "value", value);
		break;
	}
	return json_finish(out, &w);
}
