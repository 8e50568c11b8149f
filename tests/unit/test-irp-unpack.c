// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * irp_compile_unpack() (utils/irp/irp_unpack.c): the reports of a compiled protocol back into
 * its parameters. For every protocol of the database that compiles and decodes (those
 * that do not are in irp-compile-exceptions.txt), random parameters rendered by
 * utils/irp/irp_render.c (which shares only the parser with the compiler), decoded in
 * bpf_vm, and every keydown unpacked must give back the rendered parameters, in the
 * kernel's layouts and in the generic one (those whose kernel report does not carry
 * every parameter, or whose layout is not inverted yet, are in
 * irp-unpack-exceptions.txt with their reasons). Reports written by hand check the
 * refusals.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <linux/lirc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_vm.h"
#include "irp.h"
#include "irp_compile.h"
#include "irp_database.h"
#include "irp_render.h"
#include "exception-list.h"
#include "irp-random.h"
#include "test-main.h"

#define EXCEPTIONS_TXT TOP_SRCDIR "/tests/unit/irp-compile-exceptions.txt"
#define UNPACK_EXCEPTIONS_TXT TOP_SRCDIR "/tests/unit/irp-unpack-exceptions.txt"

static struct irp_protocol *parse_entry(const char *name)
{
	const struct irp_database_entry *entry = irp_database_find(name);
	struct irp_protocol *p;
	struct ir_error err = { "" };

	ck_assert_ptr_nonnull(entry);
	ck_assert_msg(irp_parse(entry->irp, strlen(entry->irp), &p, &err) == 0, "%s",
		      err.message);
	return p;
}

static int unpack(const char *name, const struct irp_protocol *p, uint32_t rc_protocol,
		  uint64_t scancode, uint32_t toggle, uint64_t *values, struct ir_error *err)
{
	struct irp_compile_options options;

	irp_compile_options_init(&options, NULL);
	options.name = name;
	return irp_compile_unpack(p, &options, rc_protocol, scancode, toggle, values, err);
}

START_TEST(test_nec_kernel_layouts)
{
	struct irp_protocol *p = parse_entry("NEC1");
	struct ir_error err = { "" };
	uint64_t v[4];	/* NEC1-f16's D, S, F, E */

	/* NEC: D << 8 | F, S is D's complement */
	ck_assert_int_eq(unpack("NEC1", p, RC_PROTO_NEC, 0x0408, 0, v, &err), 0);
	ck_assert_uint_eq(v[0], 4);
	ck_assert_uint_eq(v[1], 251);
	ck_assert_uint_eq(v[2], 8);
	/* NECX: D << 16 | S << 8 | F */
	ck_assert_int_eq(unpack("NEC1", p, RC_PROTO_NECX, 0x123456, 0, v, &err), 0);
	ck_assert_uint_eq(v[0], 0x12);
	ck_assert_uint_eq(v[1], 0x34);
	ck_assert_uint_eq(v[2], 0x56);
	/* NECX with S = ~D is what the program reports as NEC: not its report */
	ck_assert_int_eq(unpack("NEC1", p, RC_PROTO_NECX, 0x04fb08, 0, v, &err), -EINVAL);
	ck_assert_str_eq(err.message, "irp: no parameters of 'NEC1' give protocol 10, "
			 "scancode 0x4fb08, toggle 0");
	/* NEC32 is for the -f16 forms only */
	ck_assert_int_eq(unpack("NEC1", p, RC_PROTO_NEC32, 0x04fb0801, 0, v, &err), -EINVAL);
	/* the generic number is not the kernel layout's */
	ck_assert_int_eq(unpack("NEC1", p, IRP_COMPILE_PROTOCOL, 0x0408, 0, v, &err), -EINVAL);
	irp_protocol_free(p);

	/* NEC32: S << 24 | D << 16 | E << 8 | F, as the kernel orders the bytes */
	p = parse_entry("NEC1-f16");
	ck_assert_int_eq(unpack("NEC1-f16", p, RC_PROTO_NEC32, 0xfb040108, 0, v, &err), 0);
	ck_assert_uint_eq(v[0], 4);
	ck_assert_uint_eq(v[1], 0xfb);
	ck_assert_uint_eq(v[2], 8);
	ck_assert_uint_eq(v[3], 1);
	irp_protocol_free(p);
}
END_TEST

START_TEST(test_generic_layout_and_toggle)
{
	struct irp_protocol *p = parse_entry("RC5");
	struct ir_error err = { "" };
	uint64_t v[3];

	/* RC5 with no name: D << 7 | F, and T is the toggle */
	ck_assert_int_eq(unpack(NULL, p, IRP_COMPILE_PROTOCOL, 5 << 7 | 0x35, 1, v, &err), 0);
	ck_assert_uint_eq(v[0], 5);
	ck_assert_uint_eq(v[1], 0x35);
	ck_assert_uint_eq(v[2], 1);
	/* a bit above D's five */
	ck_assert_int_eq(unpack(NULL, p, IRP_COMPILE_PROTOCOL, 1 << 12, 0, v, &err), -EINVAL);
	/* a toggle out of T's range */
	ck_assert_int_eq(unpack(NULL, p, IRP_COMPILE_PROTOCOL, 0, 2, v, &err), -EINVAL);
	/* with its name: the kernel's D << 8 | F */
	ck_assert_int_eq(unpack("RC5", p, RC_PROTO_RC5, 0x0a35, 1, v, &err), 0);
	ck_assert_uint_eq(v[0], 10);
	ck_assert_uint_eq(v[1], 0x35);
	ck_assert_uint_eq(v[2], 1);
	/* F is 7 bits: 0xff is no RC5 report */
	ck_assert_int_eq(unpack("RC5", p, RC_PROTO_RC5, 0x0aff, 0, v, &err), -EINVAL);
	irp_protocol_free(p);

	/* Akai, D:0..7 and F:0..127: D << 7 | F */
	p = parse_entry("Akai");
	ck_assert_int_eq(unpack(NULL, p, IRP_COMPILE_PROTOCOL, 7 << 7 | 127, 0, v, &err), 0);
	ck_assert_uint_eq(v[0], 7);
	ck_assert_uint_eq(v[1], 127);
	irp_protocol_free(p);
}
END_TEST

/*
 * A wide protocol's message (Fujitsu-128's sixteen A0..A15) given back whole, its scancode
 * the first eight; one whose values do not give its scancode, or out of range, or of
 * another count, refused. The scancode alone gives A0..A7, the rest their minimums.
 */
START_TEST(test_wide_message)
{
	const struct irp_database_entry *entry = irp_database_find("Fujitsu-128");
	struct irp_compile_message m = { "Fujitsu-128", 0, 16, 0, { 0 } };
	struct irp_compile_options options;
	struct ir_error err = { "" };
	uint64_t got[64];
	struct irp_protocol *p;
	size_t i;

	ck_assert_ptr_nonnull(entry);
	p = parse_entry(entry->name);
	ck_assert(irp_compile_is_wide(p));
	irp_compile_options_init(&options, entry->parameters);
	options.name = entry->name;
	for (i = 0; i < 16; i++)
		m.values[i] = 0x10 + i;
	m.scancode = 0x1011121314151617ull;
	ck_assert_int_eq(irp_compile_unpack_message(p, &options, &m, got, &err), 0);
	for (i = 0; i < 16; i++)
		ck_assert_uint_eq(got[i], 0x10 + i);
	ck_assert_int_eq(irp_compile_unpack(p, &options, IRP_COMPILE_PROTOCOL, m.scancode, 0,
					    got, &err), 0);
	for (i = 0; i < 16; i++)
		ck_assert_uint_eq(got[i], i < 8 ? 0x10 + i : 0);
	m.scancode ^= 1;
	ck_assert_int_eq(irp_compile_unpack_message(p, &options, &m, got, &err), -EINVAL);
	m.scancode ^= 1;
	m.values[15] = 256;
	ck_assert_int_eq(irp_compile_unpack_message(p, &options, &m, got, &err), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "A15=256"));
	m.values[15] = 0x1f;
	m.count = 15;
	ck_assert_int_eq(irp_compile_unpack_message(p, &options, &m, got, &err), -EINVAL);
	irp_protocol_free(p);
}
END_TEST

static void feed(struct bpf_vm *vm, const struct irp_signal *signal)
{
	struct ir_error err = { "" };
	size_t i;

	for (i = 0; i < signal->count; i++) {
		int32_t d = signal->durations[i];
		uint32_t sample = d > 0 ? LIRC_PULSE((uint32_t)d) : LIRC_SPACE((uint32_t)-d);

		ck_assert_msg(bpf_vm_run(vm, sample, &err) == 0, "%s", err.message);
	}
	ck_assert_msg(bpf_vm_run(vm, LIRC_TIMEOUT(125000), &err) == 0, "%s", err.message);
}

/*
 * A report's parameters: from its scancode, or for a protocol of the wide path (its
 * image has the queue) from the message queued with it.
 */
static int unpack_report(const struct irp_protocol *p,
			 const struct irp_compile_options *options, struct bpf_vm *vm, const struct bpf_vm_event *e, uint64_t *got,
			 struct ir_error *err)
{
	struct irp_compile_message message;
	int map = bpf_vm_map_find(vm, IRP_COMPILE_MESSAGES_MAP);

	if (map < 0)
		return irp_compile_unpack(p, options, e->protocol, e->scancode, e->toggle, got,
					  err);
	if (bpf_vm_map_pop(vm, (size_t)map, &message) < 0) {
		snprintf(err->message, sizeof(err->message), "no message queued");
		return -EINVAL;
	}
	return irp_compile_unpack_message(p, options, &message, got, err);
}

/* One rendering of random parameters (two repeats, the ending when asked), decoded and unpacked; NULL, or what differs. */
static const char *round_trip(const char *name, const struct irp_protocol *p,
			      const struct irp_compile_options *options, struct bpf_vm *vm,
			      uint64_t *seed, bool ending, char *why, size_t size)
{
	struct irp_signal signal = { 0 };
	struct ir_error err = { "" };
	uint64_t sent[IRP_RANDOM_PARAMETERS_MAX], got[64];
	size_t i, k, keydowns = 0;

	irp_random_render(p, seed, ending, sent, &signal);
	bpf_vm_reset(vm);
	feed(vm, &signal);
	for (i = 0; i < bpf_vm_event_count(vm) && !why[0]; i++) {
		const struct bpf_vm_event *e = bpf_vm_event_at(vm, i);

		if (e->type != BPF_VM_EVENT_KEYDOWN)
			continue;
		keydowns++;
		if (unpack_report(p, options, vm, e, got, &err) < 0) {
			snprintf(why, size, "%s", err.message);
			break;
		}
		/* the persistent parameter is sent as it was, the first time */
		for (k = 0; k < p->parameter_count; k++)
			if (got[k] != sent[k] && !(p->parameters[k].persistent && keydowns > 1))
				snprintf(why, size, "%s=%llu, sent %llu", p->parameters[k].name,
					 (unsigned long long)got[k], (unsigned long long)sent[k]);
	}
	if (!keydowns && !why[0])
		snprintf(why, size, "no keydown");
	irp_signal_free(&signal);
	return why[0] ? why : NULL;
}

#define TRIALS 40

/* A seed of the random draws from a protocol's name (FNV-1a), never 0. */
static uint64_t protocol_seed(const char *name)
{
	uint64_t hash = 0xcbf29ce484222325ull;

	for (; *name; name++)
		hash = (hash ^ (unsigned char)*name) * 0x100000001b3ull;
	return hash ? hash : 1;
}

START_TEST(test_every_protocol_round_trips)
{
	struct exception_list exceptions, unpack_exceptions;
	uint64_t seed;
	unsigned int checked = 0, failed = 0, problems = 0;
	size_t i;

	exception_list_read(EXCEPTIONS_TXT, &exceptions);
	exception_list_read(UNPACK_EXCEPTIONS_TXT, &unpack_exceptions);
	for (i = 0; i < irp_database_count(); i++) {
		const struct irp_database_entry *entry = irp_database_at(i);
		struct irp_compile_options options;
		struct ir_error err = { "" };
		struct irp_protocol *p;
		struct bpf_image *image;
		struct bpf_vm *vm;
		char why[256] = "";
		unsigned int trial;

		if (!irp_database_decodable(entry) ||
		    exception_list_has(&exceptions, entry->name))
			continue;
		p = parse_entry(entry->name);
		irp_compile_options_init(&options, entry->parameters);
		options.name = entry->name;
		ck_assert_msg(irp_compile(p, &options, &image, &err) == 0, "%s: %s",
			      entry->name, err.message);
		ck_assert_int_eq(bpf_vm_new(image, &vm, &err), 0);
		/* each protocol its own draws, whichever protocols before it compile */
		seed = protocol_seed(entry->name);
		for (trial = 0; trial < TRIALS && !why[0]; trial++)
			round_trip(entry->name, p, &options, vm, &seed, trial % 2, why,
				   sizeof(why));
		if (why[0] && !exception_list_has(&unpack_exceptions, entry->name)) {
			printf("%s\t%s\n", entry->name, why);
			problems++;
		} else if (!why[0] && exception_list_has(&unpack_exceptions, entry->name)) {
			printf("%s round-trips now: take it off %s\n", entry->name,
			       UNPACK_EXCEPTIONS_TXT);
			problems++;
		}
		failed += why[0] != '\0';
		checked++;
		bpf_vm_free(vm);
		bpf_image_free(image);
		irp_protocol_free(p);
	}
	printf("irp-unpack: %u protocols round-trip through their reports, %u listed "
	       "exceptions\n", checked - failed, failed);
	fflush(stdout);
	ck_assert_uint_ge(checked, 180);
	ck_assert_msg(problems == 0, "%u protocols differ from %s", problems,
		      UNPACK_EXCEPTIONS_TXT);
	ck_assert_uint_eq(failed, unpack_exceptions.count);
}
END_TEST

static Suite *irp_unpack_suite(void)
{
	Suite *s = suite_create("irp_unpack");
	TCase *tc = tcase_create("layouts");

	tcase_add_test(tc, test_nec_kernel_layouts);
	tcase_add_test(tc, test_wide_message);
	tcase_add_test(tc, test_generic_layout_and_toggle);
	suite_add_tcase(s, tc);
	tc = tcase_create("database");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_every_protocol_round_trips);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = irp_unpack_suite);
