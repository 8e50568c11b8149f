// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ir_irp_send() (utils/send/ir_irp_send.c), -S irp:NAME:SCANCODE, round trip: for every
 * protocol of the database that compiles (irp-compile-exceptions.txt lists those that
 * do not), random parameters (fixed seeds) are turned into the report the compiled
 * decoder makes for them (irp_compile_report()); that scancode is sent, and the train
 * decoded in bpf_vm by the protocol's compiled program (irp_compile(), which shares
 * only the parser with the renderer that sends) must report it (NRC17 reports its start
 * frame first, as from its remotes). The protocols that do
 * not come back are in irctl-irp-exceptions.txt with their causes.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <linux/lirc.h>
#include <stdio.h>
#include <string.h>

#include "bpf_vm.h"
#include "exception-list.h"
#include "ir_irp_send.h"
#include "ir_train.h"
#include "irp.h"
#include "irp_compile.h"
#include "irp_database.h"
#include "irp-random.h"
#include "test-main.h"

#define EXCEPTIONS_TXT TOP_SRCDIR "/tests/unit/irp-compile-exceptions.txt"
#define SEND_EXCEPTIONS_TXT TOP_SRCDIR "/tests/unit/irctl-irp-exceptions.txt"
#define TRIALS 20

static void feed(struct bpf_vm *vm, const struct ir_train *train)
{
	struct ir_error err = { "" };
	size_t i;

	for (i = 0; i < train->count; i++) {
		uint32_t d = train->durations[i];

		ck_assert_msg(bpf_vm_run(vm, ir_train_is_pulse(i) ? LIRC_PULSE(d) : LIRC_SPACE(d),
					 &err) == 0, "%s", err.message);
	}
	ck_assert_msg(bpf_vm_run(vm, LIRC_TIMEOUT(125000), &err) == 0, "%s", err.message);
}

/* One draw sent and decoded; why[] says what went wrong. */
static void round_trip(const struct irp_database_entry *entry, const struct irp_protocol *p,
		       const struct irp_compile_options *options, struct bpf_vm *vm,
		       uint64_t *seed, char *why, size_t size)
{
	uint64_t values[IRP_RANDOM_PARAMETERS_MAX], scancode;
	struct irp_signal signal = { 0 };
	struct ir_error err = { "" };
	struct ir_train train;
	uint32_t rc_protocol, toggle;
	size_t i;
	bool found = false;
	int ret;

	irp_random_render(p, seed, false, values, &signal);
	irp_signal_free(&signal);
	ck_assert_int_eq(irp_compile_report(p, options, values, &rc_protocol, &scancode,
					    &toggle), 0);
	ir_train_init(&train);
	ret = ir_irp_send(entry->name, scancode, 0, &train, &err);
	if (ret < 0) {
		snprintf(why, size, "scancode 0x%llx: %s", (unsigned long long)scancode,
			 err.message);
		goto out;
	}
	bpf_vm_reset(vm);
	feed(vm, &train);
	for (i = 0; i < bpf_vm_event_count(vm) && !found; i++) {
		const struct bpf_vm_event *e = bpf_vm_event_at(vm, i);

		if (e->type != BPF_VM_EVENT_KEYDOWN)
			continue;
		if (e->protocol == rc_protocol && e->scancode == scancode)
			found = true;
		else if (!why[0])
			snprintf(why, size, "sent %u:0x%llx, decoded %u:0x%llx", rc_protocol,
				 (unsigned long long)scancode, e->protocol,
				 (unsigned long long)e->scancode);
	}
	if (found)
		why[0] = '\0';
	else if (!why[0])
		snprintf(why, size, "sent %u:0x%llx, no keydown", rc_protocol,
			 (unsigned long long)scancode);
out:
	ir_train_free(&train);
}

/*
 * A wide protocol (irp_compile.h) by name: every parameter drawn sent as NAME=VALUE,
 * and the message queued with the report gives each one back; why[] when not.
 */
static void round_trip_by_name(const struct irp_database_entry *entry,
			       const struct irp_protocol *p, struct bpf_vm *vm,
			       uint64_t *seed, char *why, size_t size)
{
	uint64_t values[IRP_RANDOM_PARAMETERS_MAX];
	struct irp_signal signal = { 0 };
	struct irp_compile_message m;
	struct ir_error err = { "" };
	struct ir_train train;
	char text[1024] = "";
	size_t i, len = 0;
	int map = bpf_vm_map_find(vm, IRP_COMPILE_MESSAGES_MAP);

	irp_random_render(p, seed, false, values, &signal);
	irp_signal_free(&signal);
	for (i = 0; i < p->parameter_count; i++)
		len += (size_t)snprintf(text + len, sizeof(text) - len, "%s%s=%llu",
					i ? "," : "", p->parameters[i].name,
					(unsigned long long)values[i]);
	ir_train_init(&train);
	if (ir_irp_send_values(entry->name, text, 0, &train, &err) < 0) {
		snprintf(why, size, "%s: %s", text, err.message);
		goto out;
	}
	bpf_vm_reset(vm);
	feed(vm, &train);
	if (map < 0 || bpf_vm_map_pop(vm, (size_t)map, &m) < 0) {
		snprintf(why, size, "%s: no message", text);
		goto out;
	}
	for (i = 0; i < p->parameter_count; i++)
		if (m.values[i] != values[i] && !p->parameters[i].persistent)
			snprintf(why, size, "%s: %s=%llu came back", text, p->parameters[i].name,
				 (unsigned long long)m.values[i]);
out:
	ir_train_free(&train);
}

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
	struct exception_list exceptions, send_exceptions;
	unsigned int checked = 0, failed = 0, problems = 0, wide = 0;
	size_t i;

	exception_list_read(EXCEPTIONS_TXT, &exceptions);
	exception_list_read(SEND_EXCEPTIONS_TXT, &send_exceptions);
	for (i = 0; i < irp_database_count(); i++) {
		const struct irp_database_entry *entry = irp_database_at(i);
		struct irp_compile_options options;
		struct ir_error err = { "" };
		struct irp_protocol *p;
		struct bpf_image *image;
		struct bpf_vm *vm;
		char why[512] = "";
		unsigned int trial;
		uint64_t seed;

		if (!irp_database_decodable(entry) ||
		    exception_list_has(&exceptions, entry->name))
			continue;
		ck_assert_int_eq(irp_parse(entry->irp, strlen(entry->irp), &p, &err), 0);
		irp_compile_options_init(&options, entry->parameters);
		options.name = entry->name;
		ck_assert_msg(irp_compile(p, &options, &image, &err) == 0, "%s: %s",
			      entry->name, err.message);
		ck_assert_int_eq(bpf_vm_new(image, &vm, &err), 0);
		seed = protocol_seed(entry->name);
		for (trial = 0; trial < TRIALS && !why[0]; trial++)
			round_trip(entry, p, &options, vm, &seed, why, sizeof(why));
		/* the parameters a scancode cannot carry: by name */
		for (trial = 0; irp_compile_is_wide(p) && trial < TRIALS && !why[0]; trial++)
			round_trip_by_name(entry, p, vm, &seed, why, sizeof(why));
		wide += irp_compile_is_wide(p);
		if (why[0] && !exception_list_has(&send_exceptions, entry->name)) {
			printf("%s\t%s\n", entry->name, why);
			problems++;
		} else if (!why[0] && exception_list_has(&send_exceptions, entry->name)) {
			printf("%s round-trips now: take it off %s\n", entry->name,
			       SEND_EXCEPTIONS_TXT);
			problems++;
		}
		failed += why[0] != '\0';
		checked++;
		bpf_vm_free(vm);
		bpf_image_free(image);
		irp_protocol_free(p);
	}
	printf("ir-irp-send: %u of %u protocols round-trip, %u listed exceptions\n",
	       checked - failed, checked, failed);
	fflush(stdout);
	ck_assert_uint_ge(checked, 180);
	/* Fujitsu-128 */
	ck_assert_uint_ge(wide, 1);
	ck_assert_msg(problems == 0, "%u protocols differ from %s", problems,
		      SEND_EXCEPTIONS_TXT);
	ck_assert_uint_eq(failed, send_exceptions.count);
}
END_TEST

START_TEST(test_refusals)
{
	struct ir_error err = { "" };
	struct ir_train train;

	ir_train_init(&train);
	ck_assert_int_eq(ir_irp_send("NoSuchProtocol", 1, 0, &train, &err), -EINVAL);
	ck_assert_str_eq(err.message, "unknown IRP protocol 'NoSuchProtocol': neither a name "
			 "of the IRP database nor an IRP string ('{...}')");
	/* NEC-X with S = ~D is what the decoder reports as NEC */
	ck_assert_int_eq(ir_irp_send("NEC1", 0x04fb08, 0, &train, &err), -EINVAL);
	ck_assert_str_eq(err.message, "irp: no parameters of 'NEC1' give scancode 0x4fb08");
	/* Akai's D:3 and F:7, in the generic layout: D << 7 | F */
	ck_assert_int_eq(ir_irp_send("Akai", 1 << 10, 0, &train, &err), -EINVAL);
	ck_assert_uint_eq(train.count, 0);
	ck_assert_int_eq(ir_irp_send("{38k,564}<1,-1|1,-3>(16,-8,D:8,1,-78m)[D:0..255]", 0x1ff,
				     0, &train, &err), -EINVAL);
	ir_train_free(&train);
}
END_TEST

/* Worked out by hand: an IRP string of its own, NEC1's repeat part, RC5's frame. */
START_TEST(test_trains)
{
	static const uint32_t own[] = {
		/* 16,-8, D=0xa5 lsb: 1 0 1 0 0 1 0 1, 1, then -78m less what went before */
		9024, 4512, 564, 1692, 564, 564, 564, 1692, 564, 564, 564, 564, 564, 1692,
		564, 564, 564, 1692, 564,
	};
	struct ir_error err = { "" };
	struct ir_train train;
	size_t i;

	ir_train_init(&train);
	ck_assert_int_eq(ir_irp_send("{38k,564}<1,-1|1,-3>(16,-8,D:8,1,^78m)[D:0..255]", 0xa5,
				     0, &train, &err), 0);
	ck_assert_uint_eq(train.count, sizeof(own) / sizeof(own[0]) + 1);
	for (i = 0; i < sizeof(own) / sizeof(own[0]); i++)
		ck_assert_uint_eq(train.durations[i], own[i]);
	ck_assert_uint_eq(ir_train_duration(&train), 78000);
	ir_train_free(&train);

	/* NEC1 with two repeats: the frame, then twice the 9 ms, 2.25 ms, 564 µs ditto */
	ck_assert_int_eq(ir_irp_send("NEC1", 0x0408, 2, &train, &err), 0);
	ck_assert_uint_eq(train.count, 68 + 2 * 4);
	for (i = 68; i < train.count; i += 4) {
		ck_assert_uint_eq(train.durations[i], 16 * 564);
		ck_assert_uint_eq(train.durations[i + 1], 4 * 564);
		ck_assert_uint_eq(train.durations[i + 2], 564);
	}
	ir_train_free(&train);
}
END_TEST

/* -S irp:NAME:P=V,...: each bad assignment refused, naming it; a default filled in. */
START_TEST(test_by_name)
{
	static const struct {
		const char *text;
		int ret;
		const char *message;
	} bad[] = {
		{ "D=4,X=1", -EINVAL, "'X' is not a parameter" },
		{ "D=4,D=5", -EINVAL, "'D' is given twice" },
		{ "D=4", -EINVAL, "'F' is not given" },
		{ "D=4,F", -EINVAL, "'F': expected NAME=VALUE" },
		{ "D=4,F=x", -EINVAL, "'F': 'x' is not a number" },
		{ "D=4,F=256", -ERANGE, "'F' = 256 is out of 0..255" },
	};
	struct ir_error err = { "" };
	struct ir_train train, by_scancode;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ir_train_init(&train);
		ck_assert_int_eq(ir_irp_send_values("NEC1", bad[i].text, 0, &train, &err),
				 bad[i].ret);
		ck_assert_msg(strstr(err.message, bad[i].message), "%s: %s", bad[i].text,
			      err.message);
		ir_train_free(&train);
	}
	/* S takes its default, 255-D: the train of NEC1:0x0408 */
	ir_train_init(&train);
	ir_train_init(&by_scancode);
	ck_assert_int_eq(ir_irp_send_values("NEC1", "D=4,F=8", 0, &train, &err), 0);
	ck_assert_int_eq(ir_irp_send("NEC1", 0x0408, 0, &by_scancode, &err), 0);
	ck_assert_uint_eq(train.count, by_scancode.count);
	ck_assert(memcmp(train.durations, by_scancode.durations,
			 train.count * sizeof(*train.durations)) == 0);
	ir_train_free(&train);
	ir_train_free(&by_scancode);
}
END_TEST

static Suite *ir_irp_send_suite(void)
{
	Suite *s = suite_create("ir_irp_send");
	TCase *tc = tcase_create("trains");

	tcase_add_test(tc, test_refusals);
	tcase_add_test(tc, test_trains);
	tcase_add_test(tc, test_by_name);
	suite_add_tcase(s, tc);
	tc = tcase_create("database");
	tcase_set_timeout(tc, 240);
	tcase_add_test(tc, test_every_protocol_round_trips);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = ir_irp_send_suite);
