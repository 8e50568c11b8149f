// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <inttypes.h>
#include <linux/input-event-codes.h>

#include "event_print.h"

#define NSEC_PER_SEC UINT64_C(1000000000)

static void print_time(FILE *out, uint64_t time_ns)
{
	fprintf(out, "%" PRIu64 ".%06" PRIu64 ": ", time_ns / NSEC_PER_SEC,
		(time_ns % NSEC_PER_SEC) / UINT64_C(1000));
}

void event_print_lirc(FILE *out, uint64_t time_ns, const struct lirc_scancode *scancode,
		      const char *protocol_name)
{
	print_time(out, time_ns);
	if (protocol_name)
		fprintf(out, "lirc protocol(%s): scancode = 0x%llx", protocol_name,
			(unsigned long long)scancode->scancode);
	else
		fprintf(out, "lirc protocol(%u): scancode = 0x%llx", scancode->rc_proto,
			(unsigned long long)scancode->scancode);
	if (scancode->flags & LIRC_SCANCODE_FLAG_REPEAT)
		fputs(" repeat", out);
	if (scancode->flags & LIRC_SCANCODE_FLAG_TOGGLE)
		fputs(" toggle=1", out);
	fputc('\n', out);
}

static const char *const key_actions[] = { "key_up", "key_down", "key_repeat" };

void event_print_input(FILE *out, uint64_t time_ns, uint16_t type, uint16_t code,
		       int32_t value, const char *key_name)
{
	print_time(out, time_ns);
	switch (type) {
	case EV_SYN:
		fprintf(out, "event type EV_SYN(0x%02x).\n", type);
		break;
	case EV_KEY:
		fprintf(out, "event type EV_KEY(0x%02x) %s: ", type,
			value >= 0 && value <= 2 ? key_actions[value] : "key_value");
		if (key_name)
			fprintf(out, "%s(0x%04x)", key_name, code);
		else
			fprintf(out, "0x%04x", code);
		if (value < 0 || value > 2)
			fprintf(out, " = %d", value);
		fputc('\n', out);
		break;
	case EV_MSC:
		if (code == MSC_SCAN)
			fprintf(out, "event type EV_MSC(0x%02x): scancode = 0x%02x\n", type,
				(uint32_t)value);
		else
			fprintf(out, "event type EV_MSC(0x%02x): code 0x%02x = %d\n", type, code,
				value);
		break;
	case EV_REL:
		if (code == REL_X || code == REL_Y)
			fprintf(out, "event type EV_REL(0x%02x): %s = %d\n", type,
				code == REL_X ? "REL_X" : "REL_Y", value);
		else
			fprintf(out, "event type EV_REL(0x%02x): code 0x%02x = %d\n", type, code,
				value);
		break;
	default:
		fprintf(out, "event type 0x%02x: code 0x%04x = %d\n", type, code, value);
		break;
	}
}
