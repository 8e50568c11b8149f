// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The test-mode lines, written by hand in event_print.c, against the printf formats
 * they replaced (libc is the independent reference), plus lines worked out by hand.
 */
#include "config.h"

#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/input-event-codes.h>

#include "event_print.h"
#include "test-main.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* What one call printed, NUL-terminated, owned by the caller. */
struct printed {
	char *text;
	size_t len;
	FILE *out;
};

static FILE *begin(struct printed *p)
{
	p->out = open_memstream(&p->text, &p->len);
	ck_assert_ptr_nonnull(p->out);
	return p->out;
}

static void end_and_check(struct printed *p, const char *want)
{
	ck_assert_int_eq(fclose(p->out), 0);
	ck_assert_str_eq(p->text, want);
	free(p->text);
}

static const uint64_t times[] = {
	0, 999, 1000, 855168999000ull, 4263192000000ull, 1000000000ull, 999999999ull,
	UINT64_MAX,
};

static void reference_time(char *buf, size_t size, uint64_t time_ns)
{
	snprintf(buf, size, "%" PRIu64 ".%06" PRIu64 ": ", time_ns / 1000000000u,
		 (time_ns % 1000000000u) / 1000u);
}

START_TEST(test_lirc_lines)
{
	static const struct {
		uint64_t scancode;
		uint32_t flags;
		uint16_t rc_proto;
		const char *name;
	} cases[] = {
		{ 0x34a6, LIRC_SCANCODE_FLAG_REPEAT, 8, "nec" },
		{ 0, 0, 0, "unknown" },
		{ UINT64_MAX, LIRC_SCANCODE_FLAG_TOGGLE | LIRC_SCANCODE_FLAG_REPEAT, 64, NULL },
		{ 0x1e3d, LIRC_SCANCODE_FLAG_TOGGLE, 9, "rc-5" },
	};
	size_t i, t;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		for (t = 0; t < ARRAY_SIZE(times); t++) {
			struct lirc_scancode sc = {
				.scancode = cases[i].scancode, .flags = cases[i].flags,
				.rc_proto = cases[i].rc_proto,
			};
			struct printed p;
			char want[256], proto[32];
			size_t n;

			reference_time(want, sizeof(want), times[t]);
			if (cases[i].name)
				snprintf(proto, sizeof(proto), "%s", cases[i].name);
			else
				snprintf(proto, sizeof(proto), "%u", cases[i].rc_proto);
			n = strlen(want);
			snprintf(want + n, sizeof(want) - n, "lirc protocol(%s): scancode = 0x%llx%s%s\n",
				 proto, (unsigned long long)cases[i].scancode,
				 cases[i].flags & LIRC_SCANCODE_FLAG_REPEAT ? " repeat" : "",
				 cases[i].flags & LIRC_SCANCODE_FLAG_TOGGLE ? " toggle=1" : "");
			event_print_lirc(begin(&p), times[t], &sc, cases[i].name);
			end_and_check(&p, want);
		}
	}
	/* By hand, as the header documents it. */
	{
		struct lirc_scancode sc = { .scancode = 0x1234, .rc_proto = 8,
					    .flags = LIRC_SCANCODE_FLAG_REPEAT |
						     LIRC_SCANCODE_FLAG_TOGGLE };
		struct printed p;

		event_print_lirc(begin(&p), 855168999000ull, &sc, "nec");
		end_and_check(&p, "855.168999: lirc protocol(nec): scancode = 0x1234 repeat "
			      "toggle=1\n");
	}
}
END_TEST

START_TEST(test_input_lines)
{
	static const int32_t values[] = { 0, 1, 2, 3, -1, 0x34a6, INT32_MIN, INT32_MAX, 5 };
	static const struct {
		uint16_t type, code;
	} events[] = {
		{ EV_SYN, SYN_REPORT }, { EV_KEY, KEY_VOLUMEUP }, { EV_KEY, 0x2ff },
		{ EV_MSC, MSC_SCAN }, { EV_MSC, MSC_SERIAL }, { EV_REL, REL_X }, { EV_REL, REL_Y },
		{ EV_REL, REL_WHEEL }, { EV_ABS, 0x1234 }, { 0x1f, 0xffff },
	};
	static const char *const actions[] = { "key_up", "key_down", "key_repeat" };
	size_t e, v, t;

	for (e = 0; e < ARRAY_SIZE(events); e++) {
		for (v = 0; v < ARRAY_SIZE(values); v++) {
			for (t = 0; t < ARRAY_SIZE(times); t += 3) {
				uint16_t type = events[e].type, code = events[e].code;
				int32_t value = values[v];
				const char *name = code == KEY_VOLUMEUP ? "KEY_VOLUMEUP" : NULL;
				struct printed p;
				char want[256];
				size_t n;

				reference_time(want, sizeof(want), times[t]);
				n = strlen(want);
				switch (type) {
				case EV_SYN:
					snprintf(want + n, sizeof(want) - n,
						 "event type EV_SYN(0x%02x).\n", type);
					break;
				case EV_KEY:
					n += (size_t)snprintf(want + n, sizeof(want) - n,
						"event type EV_KEY(0x%02x) %s: ", type,
						value >= 0 && value <= 2 ? actions[value] :
						"key_value");
					if (name)
						n += (size_t)snprintf(want + n, sizeof(want) - n,
								      "%s(0x%04x)", name, code);
					else
						n += (size_t)snprintf(want + n, sizeof(want) - n,
								      "0x%04x", code);
					if (value < 0 || value > 2)
						n += (size_t)snprintf(want + n, sizeof(want) - n,
								      " = %d", value);
					snprintf(want + n, sizeof(want) - n, "\n");
					break;
				case EV_MSC:
					if (code == MSC_SCAN)
						snprintf(want + n, sizeof(want) - n,
							 "event type EV_MSC(0x%02x): scancode = "
							 "0x%02x\n", type, (uint32_t)value);
					else
						snprintf(want + n, sizeof(want) - n,
							 "event type EV_MSC(0x%02x): code 0x%02x = "
							 "%d\n", type, code, value);
					break;
				case EV_REL:
					if (code == REL_X || code == REL_Y)
						snprintf(want + n, sizeof(want) - n,
							 "event type EV_REL(0x%02x): %s = %d\n",
							 type, code == REL_X ? "REL_X" : "REL_Y",
							 value);
					else
						snprintf(want + n, sizeof(want) - n,
							 "event type EV_REL(0x%02x): code 0x%02x = "
							 "%d\n", type, code, value);
					break;
				default:
					snprintf(want + n, sizeof(want) - n,
						 "event type 0x%02x: code 0x%04x = %d\n", type,
						 code, value);
					break;
				}
				event_print_input(begin(&p), times[t], type, code, value, name);
				end_and_check(&p, want);
			}
		}
	}
}
END_TEST

START_TEST(test_input_lines_by_hand)
{
	struct printed p;

	event_print_input(begin(&p), 855169009000ull, EV_KEY, KEY_VOLUMEUP, 1, "KEY_VOLUMEUP");
	end_and_check(&p, "855.169009: event type EV_KEY(0x01) key_down: KEY_VOLUMEUP(0x0073)\n");
	event_print_input(begin(&p), 4263192000000ull, EV_MSC, MSC_SCAN, 0x34a6, NULL);
	end_and_check(&p, "4263.192000: event type EV_MSC(0x04): scancode = 0x34a6\n");
	event_print_input(begin(&p), 5000, EV_MSC, MSC_SCAN, 7, NULL);
	end_and_check(&p, "0.000005: event type EV_MSC(0x04): scancode = 0x07\n");
	event_print_input(begin(&p), 0, EV_REL, REL_Y, -3, NULL);
	end_and_check(&p, "0.000000: event type EV_REL(0x02): REL_Y = -3\n");
	event_print_input(begin(&p), 0, EV_SYN, SYN_REPORT, 0, NULL);
	end_and_check(&p, "0.000000: event type EV_SYN(0x00).\n");
}
END_TEST

/* A name longer than the line buffer is printed whole. */
/* The ac line after an A/C protocol's lirc line; nothing after any other protocol's. */
START_TEST(test_ac_lines)
{
	/* daikin: on, cool, 25.5 C, fan high, swing_v auto, swing_h off; turbo on, clean off */
	struct lirc_scancode sc = {
		.scancode = 0x2ULL | 0x2ULL << 4 | 51ULL << 8 | 0x5ULL << 16 | 0x2ULL << 20 |
			    0x1ULL << 24 | 0x1ULL << 32 | 0x2ULL << 34 | 0x1ULL << 36 |
			    0x1ULL << 42,
		.rc_proto = 131,
	};
	struct printed p;

	ck_assert(event_print_ac(begin(&p), 855168999000ull, &sc));
	end_and_check(&p, "855.168999: ac protocol(daikin): power=on mode=cool temp=25.5 "
		      "fan=high swing_v=auto swing_h=off quiet=off turbo=on econo=off clean=off\n");
	sc.rc_proto = 9;
	ck_assert(!event_print_ac(begin(&p), 0, &sc));
	end_and_check(&p, "");
	sc.rc_proto = 128 + 1000;
	ck_assert(!event_print_ac(begin(&p), 0, &sc));
	end_and_check(&p, "");
}
END_TEST

START_TEST(test_long_names)
{
	char name[1001];
	char want[1200];
	struct printed p;
	struct lirc_scancode sc = { .scancode = 1, .rc_proto = 8 };

	memset(name, 'k', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	snprintf(want, sizeof(want), "1.000000: event type EV_KEY(0x01) key_up: %s(0x0073)\n",
		 name);
	event_print_input(begin(&p), 1000000000ull, EV_KEY, KEY_VOLUMEUP, 0, name);
	end_and_check(&p, want);
	snprintf(want, sizeof(want), "0.000000: lirc protocol(%s): scancode = 0x1\n", name);
	event_print_lirc(begin(&p), 0, &sc, name);
	end_and_check(&p, want);
}
END_TEST

static Suite *event_print_suite(void)
{
	Suite *s = suite_create("event_print");
	TCase *tc = tcase_create("lines");

	tcase_add_test(tc, test_lirc_lines);
	tcase_add_test(tc, test_input_lines);
	tcase_add_test(tc, test_input_lines_by_hand);
	tcase_add_test(tc, test_long_names);
	tcase_add_test(tc, test_ac_lines);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = event_print_suite);
