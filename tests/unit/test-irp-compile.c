// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The IRP compiler (utils/irp/irp_compile.h): every protocol of the database that it
 * compiles decodes, in bpf_vm, what the renderer (utils/irp/irp_render.h, which shares only
 * the parser with the compiler) makes of random parameters; signals written out by hand
 * check tolerances, noise and truncation. The protocols that are not compiled or not
 * decoded yet are listed in irp-compile-exceptions.txt, each with its reason.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <linux/lirc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bpf_lint.h"
#include "bpf_vm.h"
#include "irp.h"
#include "irp_compile.h"
#include "irp_database.h"
#include "irp_render.h"
#include "exception-list.h"
#include "irp-random.h"
#include "test-main.h"

#define PROTOCOLS_TSV TOP_SRCDIR "/utils/irp/protocols.tsv"
#define EXCEPTIONS_TXT TOP_SRCDIR "/tests/unit/irp-compile-exceptions.txt"

#define NEC1 "{38.4k,564}<1,-1|1,-3>(16,-8,D:8,S:8,F:8,~F:8,1,^108m,(16,-4,1,^108m)*)" \
	"[D:0..255,S:0..255=255-D,F:0..255]"
#define RC5 "{36k,msb,889}<1,-1|-1,1>((1,~F:1:6,T:1,D:5,F:6,^114m)*,T=1-T)" \
	"[D:0..31,F:0..127,T@:0..1=0]"

static struct irp_protocol *parse(const char *text)
{
	struct irp_protocol *p;
	struct ir_error err = { "" };

	ck_assert_msg(irp_parse(text, strlen(text), &p, &err) == 0, "%s", err.message);
	return p;
}

static struct bpf_vm *compile_to_vm(const struct irp_protocol *p, const char *db_parameters)
{
	struct irp_compile_options options;
	struct ir_error err = { "" };
	struct bpf_image *image;
	struct bpf_vm *vm;

	irp_compile_options_init(&options, db_parameters);
	ck_assert_msg(irp_compile(p, &options, &image, &err) == 0, "%s", err.message);
	ck_assert_msg(bpf_vm_new(image, &vm, &err) == 0, "%s", err.message);
	bpf_image_free(image);
	return vm;
}

/* Durations in µs, + pulse, - space, then a timeout. */
static void feed(struct bpf_vm *vm, const int32_t *d, size_t count)
{
	struct ir_error err = { "" };
	size_t i;

	for (i = 0; i < count; i++) {
		uint32_t sample = d[i] > 0 ? LIRC_PULSE((uint32_t)d[i]) :
					     LIRC_SPACE((uint32_t)-d[i]);

		ck_assert_msg(bpf_vm_run(vm, sample, &err) == 0, "%s", err.message);
	}
	ck_assert_msg(bpf_vm_run(vm, LIRC_TIMEOUT(125000), &err) == 0, "%s", err.message);
}

static size_t count_events(const struct bpf_vm *vm, enum bpf_vm_event_type type)
{
	size_t i, n = 0;

	for (i = 0; i < bpf_vm_event_count(vm); i++)
		if (bpf_vm_event_at(vm, i)->type == type)
			n++;
	return n;
}

/* ---- signals by hand ---- */

/* NEC1 D=0x04 S=0xfb F=0x08: lead 9000/4500, 562 µs bits, 1690 µs ones, ditto frames */
static size_t nec1_by_hand(int32_t *d, double scale, unsigned int dittos)
{
	const uint32_t bits = 0x04u | 0xfbu << 8 | 0x08u << 16 | 0xf7u << 24;
	size_t n = 0;
	unsigned int i;

	d[n++] = (int32_t)(9000 * scale);
	d[n++] = -(int32_t)(4500 * scale);
	for (i = 0; i < 32; i++) {
		d[n++] = (int32_t)(562 * scale);
		d[n++] = -(int32_t)((bits >> i & 1 ? 1690 : 562) * scale);
	}
	d[n++] = (int32_t)(562 * scale);
	d[n++] = -40000;
	for (i = 0; i < dittos; i++) {
		d[n++] = 9000;
		d[n++] = -2250;
		d[n++] = 562;
		d[n++] = -96000;
	}
	return n;
}

START_TEST(test_nec1_by_hand)
{
	struct irp_protocol *p = parse(NEC1);
	struct bpf_vm *vm = compile_to_vm(p, NULL);
	int32_t d[256];
	size_t n = nec1_by_hand(d, 1.0, 3);
	const struct bpf_vm_event *e;

	feed(vm, d, n);
	ck_assert_uint_eq(bpf_vm_event_count(vm), 4);
	e = bpf_vm_event_at(vm, 0);
	ck_assert_int_eq(e->type, BPF_VM_EVENT_KEYDOWN);
	ck_assert_uint_eq(e->protocol, IRP_COMPILE_PROTOCOL);
	/* D << 16 | S << 8 | F */
	ck_assert_uint_eq(e->scancode, 0x04fb08);
	ck_assert_uint_eq(e->toggle, 0);
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_REPEAT), 3);
	bpf_vm_free(vm);
	irp_protocol_free(p);
}
END_TEST

/* With its database name, NEC1 reports as the kernel's NEC decoder does. */
START_TEST(test_kernel_layout_by_hand)
{
	struct irp_protocol *p = parse(NEC1);
	struct irp_compile_options options;
	struct ir_error err = { "" };
	struct bpf_image *image;
	struct bpf_vm *vm;
	int32_t d[256];
	size_t n = nec1_by_hand(d, 1.0, 1);

	irp_compile_options_init(&options, NULL);
	options.name = "NEC1";
	ck_assert_int_eq(irp_compile(p, &options, &image, &err), 0);
	ck_assert_str_eq(image->name, "NEC1");
	ck_assert_int_eq(bpf_vm_new(image, &vm, &err), 0);
	feed(vm, d, n);
	ck_assert_uint_eq(bpf_vm_event_count(vm), 2);
	/* S = 0xfb is ~D: plain NEC, 16 bits */
	ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->protocol, RC_PROTO_NEC);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->scancode, 0x0408);
	ck_assert_int_eq(bpf_vm_event_at(vm, 1)->type, BPF_VM_EVENT_REPEAT);
	ck_assert_str_eq(irp_compile_kernel_layout("RC5"), "D<<8|F");
	bpf_image_free(image);
	/* a program name as the kernel takes it */
	options.name = "NEC1-f16 x";
	ck_assert_int_eq(irp_compile(p, &options, &image, &err), 0);
	ck_assert_str_eq(image->name, "NEC1_f16_x");
	ck_assert_ptr_null(irp_compile_kernel_layout("Amino"));
	bpf_vm_free(vm);
	bpf_image_free(image);
	irp_protocol_free(p);
}
END_TEST

/*
 * JVC's repeat body is its message without the header: a message must give one
 * keydown, not a second one from the body's automaton ending on the same sample; the
 * frame again without its header is the repeat's keydown. By hand: 527 µs units, a
 * 16-unit pulse and 8-unit space, D then F least significant bit first, a one's space
 * 3 units; the repeat 60 ms after the message began (46.42 ms period after).
 */
static size_t jvc_by_hand(int32_t *d, uint8_t address, uint8_t command, bool header)
{
	const uint32_t bits = address | (uint32_t)command << 8;
	size_t n = 0;
	unsigned int i;

	if (header) {
		d[n++] = 16 * 527;
		d[n++] = -8 * 527;
	}
	for (i = 0; i < 16; i++) {
		d[n++] = 527;
		d[n++] = -(bits >> i & 1 ? 3 * 527 : 527);
	}
	d[n++] = 527;
	d[n++] = -22000;
	return n;
}

START_TEST(test_jvc_message_reports_once)
{
	struct irp_protocol *p = parse("{37.9k,527,33%}<1,-1|1,-3>(16,-8,D:8,F:8,1,^59.08m,"
				       "(D:8,F:8,1,^46.42m)*) [D:0..255,F:0..255]");
	struct irp_compile_options options;
	struct ir_error err = { "" };
	struct bpf_image *image;
	struct bpf_vm *vm;
	int32_t d[160];
	size_t n, i;

	irp_compile_options_init(&options, NULL);
	options.name = "JVC";
	ck_assert_int_eq(irp_compile(p, &options, &image, &err), 0);
	ck_assert_int_eq(bpf_vm_new(image, &vm, &err), 0);
	n = jvc_by_hand(d, 0x49, 0xa3, true);
	feed(vm, d, n);
	ck_assert_uint_eq(bpf_vm_event_count(vm), 1);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->protocol, RC_PROTO_JVC);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->scancode, 0x49a3);
	bpf_vm_reset(vm);
	n = jvc_by_hand(d, 0x49, 0xa3, true);
	n += jvc_by_hand(d + n, 0x49, 0xa3, false);
	feed(vm, d, n);
	ck_assert_uint_eq(bpf_vm_event_count(vm), 2);
	for (i = 0; i < 2; i++)
		ck_assert_uint_eq(bpf_vm_event_at(vm, i)->scancode, 0x49a3);
	bpf_vm_free(vm);
	bpf_image_free(image);
	irp_protocol_free(p);
}
END_TEST

/*
 * An extent's gap is the rest of the frame's time, so its tolerance is that rest's, not
 * the whole extent's: with 30% of JVC's 59.08 ms (17.7 ms), a frame that was already
 * long accepted almost any space as its end, and JVC reported a key on the first 16 bits
 * of every NEC1 frame with enough ones (ended by the 17th bit's 564 or 1692 µs space).
 * NEC1 rendered with random parameters must give JVC nothing.
 */
START_TEST(test_extent_rest_not_any_space)
{
	struct irp_protocol *jvc = parse("{37.9k,527,33%}<1,-1|1,-3>(16,-8,D:8,F:8,1,"
					 "^59.08m,(D:8,F:8,1,^46.42m)*) [D:0..255,F:0..255]");
	struct irp_protocol *nec1 = parse(NEC1);
	struct irp_render_options render = { .repeats = 1 };
	struct irp_compile_options options;
	struct ir_error err = { "" };
	struct bpf_image *image;
	struct bpf_vm *vm;
	uint64_t seed = 0x5eed0018u;
	unsigned int trial, reported = 0;

	irp_compile_options_init(&options, NULL);
	options.name = "JVC";
	ck_assert_int_eq(irp_compile(jvc, &options, &image, &err), 0);
	ck_assert_int_eq(bpf_vm_new(image, &vm, &err), 0);
	for (trial = 0; trial < 200; trial++) {
		struct irp_signal signal = { 0 };
		struct irp_env *env;
		/* the first 40 trials: the first 16 bits all ones, the worst case */
		int64_t D = trial < 40 ? 255 : (int64_t)(irp_random_next(&seed) % 256);
		int64_t F = (int64_t)(irp_random_next(&seed) % 256);

		ck_assert_int_eq(irp_env_new(&env), 0);
		ck_assert_int_eq(irp_env_set(env, "D", D), 0);
		ck_assert_int_eq(irp_env_set(env, "F", F), 0);
		if (trial < 40)
			ck_assert_int_eq(irp_env_set(env, "S", 255), 0);
		ck_assert_msg(irp_env_prepare(env, nec1, &err) == 0, "%s", err.message);
		ck_assert_msg(irp_render(nec1, env, &render, &signal, &err) == 0, "%s",
			      err.message);
		bpf_vm_reset(vm);
		feed(vm, signal.durations, signal.count);
		if (bpf_vm_event_count(vm) != 0) {
			if (reported++ < 3)
				printf("JVC reports 0x%llx on NEC1 D=%lld F=%lld\n",
				       (unsigned long long)bpf_vm_event_at(vm, 0)->scancode,
				       (long long)D, (long long)F);
		}
		irp_signal_free(&signal);
		irp_env_free(env);
	}
	ck_assert_msg(reported == 0, "JVC reported on %u of 200 NEC1 signals", reported);
	bpf_vm_free(vm);
	bpf_image_free(image);
	irp_protocol_free(jvc);
	irp_protocol_free(nec1);
}
END_TEST

/*
 * RCA's frame from a remote whose pulses are lengthened to 605 µs for the IRP's 460:
 * within 30% of the larger of the two, as IrpTransmogrifier takes the tolerance (of
 * the expected one, the limit was 598). Built from the IRP: msb, D=5, F=0x3c, then
 * both complemented. 660 µs is too long (over 460 / 0.7).
 */
START_TEST(test_tolerance_of_the_larger)
{
	struct irp_protocol *p = parse("{58k,460,msb}<1,-2|1,-4>(8,-8,D:4,F:8,~D:4,~F:8,1,-16)*"
				       "[D:0..15,F:0..255]");
	struct bpf_vm *vm = compile_to_vm(p, NULL);
	const uint32_t bits = 5u << 20 | 0x3cu << 12 | 0xau << 8 | 0xc3u;
	int32_t d[64];
	size_t n;
	unsigned int i, pulse;

	for (pulse = 605; pulse <= 660; pulse += 55) {
		n = 0;
		d[n++] = 8 * 460;
		d[n++] = -8 * 460;
		for (i = 0; i < 24; i++) {
			d[n++] = (int32_t)pulse;
			d[n++] = bits >> (23 - i) & 1 ? -4 * 460 : -2 * 460;
		}
		d[n++] = (int32_t)pulse;
		d[n++] = -16 * 460;
		bpf_vm_reset(vm);
		feed(vm, d, n);
		ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), pulse == 605 ? 1 : 0);
	}
	bpf_vm_free(vm);
	irp_protocol_free(p);
}
END_TEST

/*
 * G.I.Cable's frame, whose IRP ends it with 84 units (41 ms) of gap, from a remote that
 * sends its ditto 26 ms after it: a frame is complete at its last duration, and a gap
 * of 20 ms on ends it as the long one does. One keydown, then the ditto's repeat. Built
 * from the IRP's definition: D=5, F=0x3a, C = -(D + F:4 + F:4:4) & 15 = 14.
 */
START_TEST(test_short_leadout)
{
	struct irp_protocol *p = parse("{38.7k,490}<1,-4.5|1,-9>(18,-9,F:8,D:4,C:4,1,-84,"
				       "(18,-4.5,1,-178)*){C = -(D + F:4 + F:4:4)} "
				       "[D:0..15,F:0..255]");
	struct bpf_vm *vm = compile_to_vm(p, NULL);
	const uint32_t bits = 0x3au | 5u << 8 | 14u << 12;
	int32_t d[64];
	size_t n = 0;
	unsigned int i;

	d[n++] = 18 * 490;
	d[n++] = -9 * 490;
	for (i = 0; i < 16; i++) {
		d[n++] = 490;
		d[n++] = bits >> i & 1 ? -9 * 490 : -2205;
	}
	d[n++] = 490;
	d[n++] = -26000;
	d[n++] = 18 * 490;
	d[n++] = -2205;
	d[n++] = 490;
	d[n++] = -178 * 490;
	feed(vm, d, n);
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 1);
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_REPEAT), 1);
	/* 18 ms is no gap that ends it */
	bpf_vm_reset(vm);
	d[2 + 32 + 1] = -18000;
	feed(vm, d, n);
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 0);
	bpf_vm_free(vm);
	irp_protocol_free(p);
}
END_TEST

/*
 * NEC1's ending: the rest of its 108 ms (about 40 ms) within 30% of that rest,
 * computed here from the frame's own durations, or 20 ms at least (real remotes repeat
 * sooner than the extent says): 72% of it ends the frame, 66% of it too (26 ms), 45% of
 * it (18 ms) does not.
 */
START_TEST(test_extent_rest_tolerance_edges)
{
	struct irp_protocol *p = parse(NEC1);
	struct bpf_vm *vm = compile_to_vm(p, NULL);
	int32_t d[256];
	size_t n = nec1_by_hand(d, 1.0, 0), i;
	int32_t elapsed = 0;

	for (i = 0; i + 1 < n; i++)
		elapsed += d[i] > 0 ? d[i] : -d[i];
	d[n - 1] = -(108000 - elapsed) * 72 / 100;
	feed(vm, d, n);
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 1);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->scancode, 0x04fb08);
	bpf_vm_reset(vm);
	d[n - 1] = -(108000 - elapsed) * 66 / 100;
	feed(vm, d, n);
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 1);
	bpf_vm_reset(vm);
	d[n - 1] = -(108000 - elapsed) * 45 / 100;
	ck_assert_int_lt(-d[n - 1], 20000);
	feed(vm, d, n);
	ck_assert_uint_eq(bpf_vm_event_count(vm), 0);
	bpf_vm_free(vm);
	irp_protocol_free(p);
}
END_TEST

/* 30% relative tolerance: 25% long still decodes, 45% long does not. */
START_TEST(test_tolerance_edges)
{
	struct irp_protocol *p = parse(NEC1);
	struct bpf_vm *vm = compile_to_vm(p, NULL);
	int32_t d[256];
	size_t n;

	n = nec1_by_hand(d, 1.25, 0);
	feed(vm, d, n);
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 1);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->scancode, 0x04fb08);
	bpf_vm_reset(vm);
	n = nec1_by_hand(d, 0.8, 0);
	feed(vm, d, n);
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 1);
	bpf_vm_reset(vm);
	n = nec1_by_hand(d, 1.45, 0);
	feed(vm, d, n);
	ck_assert_uint_eq(bpf_vm_event_count(vm), 0);
	bpf_vm_free(vm);
	irp_protocol_free(p);
}
END_TEST

START_TEST(test_truncated_and_noise)
{
	struct irp_protocol *p = parse(NEC1);
	struct bpf_vm *vm = compile_to_vm(p, NULL);
	int32_t d[300], noisy[300];
	size_t n = nec1_by_hand(d, 1.0, 0);

	/* cut after 20 bits: nothing */
	feed(vm, d, 2 + 40);
	ck_assert_uint_eq(bpf_vm_event_count(vm), 0);
	/* a wrong bit (F and ~F disagree): nothing */
	bpf_vm_reset(vm);
	memcpy(noisy, d, n * sizeof(*d));
	noisy[2 + 2 * 24 + 1] = noisy[2 + 2 * 24 + 1] == -562 ? -1690 : -562;
	feed(vm, noisy, n);
	ck_assert_uint_eq(bpf_vm_event_count(vm), 0);
	/* a glitch, then a frame that starts mid-way through a broken one: decoded */
	bpf_vm_reset(vm);
	noisy[0] = 300;
	noisy[1] = -700;
	noisy[2] = 9000;
	noisy[3] = -4500;
	noisy[4] = 562;
	noisy[5] = -562;
	memcpy(noisy + 6, d, n * sizeof(*d));
	feed(vm, noisy, n + 6);
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 1);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->scancode, 0x04fb08);
	bpf_vm_free(vm);
	irp_protocol_free(p);
}
END_TEST

static struct bpf_vm *compile_entry(const char *name, struct irp_protocol **ret_p)
{
	const struct irp_database_entry *entry = irp_database_find(name);
	struct irp_compile_options options;
	struct ir_error err = { "" };
	struct bpf_image *image;
	struct bpf_vm *vm;

	ck_assert_ptr_nonnull(entry);
	*ret_p = parse(entry->irp);
	irp_compile_options_init(&options, entry->parameters);
	options.name = entry->name;
	ck_assert_msg(irp_compile(*ret_p, &options, &image, &err) == 0, "%s", err.message);
	/* the queue of the wide path, as irp_compile.h lays it out */
	ck_assert_uint_eq(image->map_count, IRP_COMPILE_MESSAGES_MAP_INDEX + 1);
	ck_assert_str_eq(image->maps[IRP_COMPILE_MESSAGES_MAP_INDEX].name, "irp_messages");
	ck_assert_uint_eq(image->maps[IRP_COMPILE_MESSAGES_MAP_INDEX].type,
			  BPF_MAP_TYPE_QUEUE);
	ck_assert_uint_eq(image->maps[IRP_COMPILE_MESSAGES_MAP_INDEX].value_size, 240);
	ck_assert_msg(bpf_vm_new(image, &vm, &err) == 0, "%s", err.message);
	bpf_image_free(image);
	return vm;
}

/*
 * Fujitsu-128, 128 bits of parameters, rendered by irp_render with random values: each
 * report's scancode is A0..A7 (A0 on top), and its message in the queue has all sixteen;
 * a frame cut short reports nothing and queues nothing.
 */
START_TEST(test_wide_fujitsu_128)
{
	struct irp_protocol *p;
	struct bpf_vm *vm = compile_entry("Fujitsu-128", &p);
	int map = bpf_vm_map_find(vm, IRP_COMPILE_MESSAGES_MAP);
	uint64_t seed = 0x128128128ull, values[IRP_RANDOM_PARAMETERS_MAX];
	struct irp_compile_message m;
	unsigned int trial, k;
	size_t i, keydowns;

	ck_assert_int_eq(map, IRP_COMPILE_MESSAGES_MAP_INDEX);
	ck_assert_uint_eq(p->parameter_count, 16);
	for (trial = 0; trial < 100; trial++) {
		struct irp_signal signal = { 0 };
		uint64_t scancode = 0;

		irp_random_render(p, &seed, false, values, &signal);
		for (k = 0; k < 8; k++)
			scancode = scancode << 8 | values[k];
		bpf_vm_reset(vm);
		feed(vm, signal.durations, signal.count);
		keydowns = 0;
		for (i = 0; i < bpf_vm_event_count(vm); i++) {
			const struct bpf_vm_event *e = bpf_vm_event_at(vm, i);

			ck_assert_int_eq(e->type, BPF_VM_EVENT_KEYDOWN);
			ck_assert_uint_eq(e->protocol, IRP_COMPILE_PROTOCOL);
			ck_assert_uint_eq(e->scancode, scancode);
			ck_assert_int_eq(bpf_vm_map_pop(vm, (size_t)map, &m), 0);
			ck_assert_str_eq(m.name, "Fujitsu-128");
			ck_assert_uint_eq(m.scancode, scancode);
			ck_assert_uint_eq(m.count, 16);
			ck_assert_uint_eq(m.toggle, 0);
			for (k = 0; k < 16; k++)
				ck_assert_msg(m.values[k] == values[k], "trial %u: A%u=%llu, sent %llu",
					      trial, k, (unsigned long long)m.values[k],
					      (unsigned long long)values[k]);
			keydowns++;
		}
		/* one report a frame: "(...)*" rendered twice */
		ck_assert_uint_eq(signal.count, 2 * (2 + 2 * 8 * 16 + 2));
		ck_assert_uint_eq(keydowns, 2);
		ck_assert_int_lt(bpf_vm_map_pop(vm, (size_t)map, &m), 0);
		/* cut in its last parameter: no report, no message */
		bpf_vm_reset(vm);
		feed(vm, signal.durations, 2 + 2 * 8 * 15 + 2 * 4);
		ck_assert_uint_eq(bpf_vm_event_count(vm), 0);
		ck_assert_int_lt(bpf_vm_map_pop(vm, (size_t)map, &m), 0);
		irp_signal_free(&signal);
	}
	bpf_vm_free(vm);
	irp_protocol_free(p);
}
END_TEST

/* RC5 by hand: 889 µs halves, biphase; D=5 F=35 T=1, then T=0 (the toggle flips). */
START_TEST(test_rc5_toggle_by_hand)
{
	struct irp_protocol *p = parse(RC5);
	struct bpf_vm *vm = compile_to_vm(p, NULL);
	/* bits: 1, ~F:1:6 = 1, T, D:5 = 00101, F:6 = 100011 */
	const char *frames[2] = { "11100101100011", "11000101100011" };
	unsigned int k, i;

	for (k = 0; k < 2; k++) {
		int32_t d[64];
		size_t n = 0;

		for (i = 0; frames[k][i]; i++) {
			/* a one is space then pulse, a zero pulse then space */
			int32_t halves[2] = { frames[k][i] == '1' ? -889 : 889,
					      frames[k][i] == '1' ? 889 : -889 };
			unsigned int h;

			for (h = 0; h < 2; h++) {
				if (n && (d[n - 1] > 0) == (halves[h] > 0))
					d[n - 1] += halves[h];
				else
					d[n++] = halves[h];
			}
		}
		/* a one first: the first space is not seen by a receiver */
		feed(vm, d + 1, n - 1);
	}
	ck_assert_uint_eq(bpf_vm_event_count(vm), 2);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->scancode, 5u << 7 | 35u);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->toggle, 1);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 1)->scancode, 5u << 7 | 35u);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 1)->toggle, 0);
	bpf_vm_free(vm);
	irp_protocol_free(p);
}
END_TEST

/* A checksum: C = (D + 1) & 15 and, wrapped, E = (-D - 7) / 3 % 5 (Java's signs). */
static size_t checksum_frame(int32_t *d, unsigned int D, unsigned int C, unsigned int E)
{
	uint32_t bits = D | C << 8 | E << 12;
	size_t n = 0;
	unsigned int i;

	d[n++] = 8000;
	d[n++] = -4000;
	for (i = 0; i < 16; i++) {
		d[n++] = 500;
		d[n++] = bits >> i & 1 ? -1500 : -500;
	}
	d[n++] = 500;
	d[n++] = -40000;
	return n;
}

START_TEST(test_checksum_by_hand)
{
	struct irp_protocol *p = parse("{38k,500}<1,-1|1,-3>(16,-8,D:8,C:4,E:4,1,-40m)"
				       "{C=D+1,E=(-D-7)/3%5}[D:0..255]");
	struct bpf_vm *vm = compile_to_vm(p, NULL);
	int32_t d[64];
	size_t n;

	/* D = 0x35 = 53: C = 54 & 15 = 6; (-60) / 3 = -20, -20 % 5 = 0 */
	n = checksum_frame(d, 0x35, 6, 0);
	feed(vm, d, n);
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 1);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->scancode, 0x35);
	/* D = 9: C = 10; -16 / 3 = -5, -5 % 5 = 0; D = 10: -17 / 3 = -5 too; D = 12:
	 * -19 / 3 = -6, -6 % 5 = -1, whose low 4 bits are 15 */
	bpf_vm_reset(vm);
	n = checksum_frame(d, 12, 13, 15);
	feed(vm, d, n);
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 1);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->scancode, 12);
	/* a wrong checksum: nothing */
	bpf_vm_reset(vm);
	n = checksum_frame(d, 12, 13, 14);
	feed(vm, d, n);
	ck_assert_uint_eq(bpf_vm_event_count(vm), 0);
	bpf_vm_reset(vm);
	n = checksum_frame(d, 0x35, 7, 0);
	feed(vm, d, n);
	ck_assert_uint_eq(bpf_vm_event_count(vm), 0);
	bpf_vm_free(vm);
	irp_protocol_free(p);
}
END_TEST

/*
 * B&O: a symbol's gap depends on the bit before it, through the names its symbols
 * assign. By hand: 3125 µs units, each bit a 200 µs flash then a gap of 1 unit (a 0
 * after a 1, or the first bit 0), 2 units (the same bit as the one before) or 3 units
 * (a 1 after a 0, or the first bit 1); D:9 then F:8, most significant bit first.
 */
static size_t bang_olufsen_by_hand(int32_t *d, unsigned int address, unsigned int command)
{
	const uint32_t bits = (uint32_t)address << 8 | command;
	int previous = -1;
	size_t n = 0;
	int i;

	d[n++] = 200;
	d[n++] = -3125;
	d[n++] = 200;
	d[n++] = -3125;
	d[n++] = 200;
	d[n++] = -5 * 3125;
	for (i = 16; i >= 0; i--) {
		int bit = (int)(bits >> i & 1);

		d[n++] = 200;
		d[n++] = -(bit == previous ? 2 : bit ? 3 : 1) * 3125;
		previous = bit;
	}
	d[n++] = 200;
	d[n++] = -4 * 3125;
	d[n++] = 200;
	d[n++] = -100000;
	return n;
}

START_TEST(test_symbols_that_assign_by_hand)
{
	struct irp_protocol *p = parse("{455k,3125,msb}<200u,-zeroGap,zeroGap=2,oneGap=3|200u,"
				       "-oneGap,zeroGap=1,oneGap=2>(200u,-1,200u,-1,200u,-5,D:9,"
				       "F:8,200u,-4,200u,-100m){zeroGap=1,oneGap=3}"
				       "[D:0..511,F:0..255]");
	struct bpf_vm *vm = compile_to_vm(p, NULL);
	static const unsigned int codes[][2] = { { 0, 0 }, { 511, 255 }, { 0x155, 0xaa },
						 { 0x0f3, 0x81 }, { 256, 1 } };
	int32_t d[64];
	size_t k;

	for (k = 0; k < sizeof(codes) / sizeof(codes[0]); k++) {
		bpf_vm_reset(vm);
		feed(vm, d, bang_olufsen_by_hand(d, codes[k][0], codes[k][1]));
		ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 1);
		ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->scancode,
				  codes[k][0] << 8 | codes[k][1]);
	}
	bpf_vm_free(vm);
	irp_protocol_free(p);
}
END_TEST

/*
 * Sejin-1: a 2-bit symbol is one flash in four unit places (<-1|1> cut by
 * <8:4|4:4|2:4|1:4>), so a symbol's gaps merge with its neighbours' and a symbol
 * boundary falls inside a space. By hand, 310 µs units: value v's flash at place v
 * of its four; the samples are the runs of equal places.
 */
START_TEST(test_symbols_inside_merged_durations_by_hand)
{
	struct irp_protocol *p = parse("{38.8k,310,msb}<-1|1>(<8:4|4:4|2:4|1:4>(3,3:2,D:8,-77))*"
				       "[D:0..255]");
	struct bpf_vm *vm = compile_to_vm(p, NULL);
	static const unsigned int addresses[] = { 0x00, 0xff, 0x1b, 0xe4, 0x3c, 0x81 };
	size_t k;

	for (k = 0; k < sizeof(addresses) / sizeof(addresses[0]); k++) {
		/* places: the header's 3 flash units, then 5 symbols of 4 places */
		bool places[3 + 20] = { true, true, true };
		unsigned int symbols[5] = { 3, addresses[k] >> 6, addresses[k] >> 4 & 3,
					    addresses[k] >> 2 & 3, addresses[k] & 3 };
		int32_t d[32];
		size_t n = 0, i, j;

		for (i = 0; i < 5; i++)
			places[3 + 4 * i + symbols[i]] = true;
		for (i = 0; i < sizeof(places); i = j) {
			for (j = i; j < sizeof(places) && places[j] == places[i]; j++)
				;
			d[n++] = (places[i] ? 1 : -1) * (int32_t)(j - i) * 310;
		}
		/* the closing gap merges with the last symbol's */
		if (d[n - 1] < 0)
			d[n - 1] -= 77 * 310;
		else
			d[n++] = -77 * 310;
		bpf_vm_reset(vm);
		feed(vm, d, n);
		ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 1);
		ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->scancode, addresses[k]);
	}
	bpf_vm_free(vm);
	irp_protocol_free(p);
}
END_TEST

/*
 * arctech: a bit of the address is two symbols of the outer bitspec (<0:2|2:2>), and D
 * and S are sent less one ((D-1):4 for D:1..16). By hand, 388 µs units, least
 * significant bit first: an address bit 0 is 1,-3,1,-3 and a 1 is 1,-3,3,-1; an outer
 * bit 0 is 1,-3 and a 1 is 3,-1; the closing gap merges with the last bit's.
 */
START_TEST(test_symbols_of_symbols_and_offsets_by_hand)
{
	struct irp_protocol *p = parse("{0k,388}<1,-3|3,-1>(<0:2|2:2>((D-1):4,(S-1):4),40:7,F:1,"
				       "0:1,-10.2m)*[D:1..16,S:1..16,F:0..1]");
	struct bpf_vm *vm = compile_to_vm(p, NULL);
	static const unsigned int codes[][3] = { { 1, 1, 0 }, { 16, 16, 1 }, { 6, 11, 1 },
						 { 9, 2, 0 } };
	size_t k;

	for (k = 0; k < sizeof(codes) / sizeof(codes[0]); k++) {
		unsigned int address = (codes[k][0] - 1) | (codes[k][1] - 1) << 4;
		unsigned int outer = 40 | codes[k][2] << 7;	/* 40:7, F:1, 0:1 */
		int32_t d[64];
		size_t n = 0;
		int i;

		for (i = 0; i < 8; i++) {
			d[n++] = 388;
			d[n++] = -3 * 388;
			d[n++] = (address >> i & 1 ? 3 : 1) * 388;
			d[n++] = -(address >> i & 1 ? 1 : 3) * 388;
		}
		for (i = 0; i < 9; i++) {
			d[n++] = (outer >> i & 1 ? 3 : 1) * 388;
			d[n++] = -(outer >> i & 1 ? 1 : 3) * 388;
		}
		d[n - 1] -= 10200;
		bpf_vm_reset(vm);
		feed(vm, d, n);
		ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 1);
		/* D << 6 | S << 1 | F: 5, 5 and 1 bits */
		ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->scancode,
				  codes[k][0] << 6 | codes[k][1] << 1 | codes[k][2]);
	}
	bpf_vm_free(vm);
	irp_protocol_free(p);
}
END_TEST

/*
 * Bits of a parameter that no frame sends (Zenith5's F:D for F:0..255) are 0 in the
 * report: the decoder gives what the signal carries. By hand: D's low 4 bits, lsb
 * first, 562 µs flashes, 562 or 1686 µs gaps.
 */
START_TEST(test_unsent_bits_by_hand)
{
	struct irp_protocol *p = parse("{38k,562}<1,-1|1,-3>(16,-8,D:4,1,-40m)*[D:0..255]");
	struct bpf_vm *vm = compile_to_vm(p, NULL);
	unsigned int value;

	for (value = 0; value < 16; value += 5) {
		int32_t d[16];
		size_t n = 0;
		int i;

		d[n++] = 16 * 562;
		d[n++] = -8 * 562;
		for (i = 0; i < 4; i++) {
			d[n++] = 562;
			d[n++] = -(value >> i & 1 ? 3 : 1) * 562;
		}
		d[n++] = 562;
		d[n++] = -40000;
		bpf_vm_reset(vm);
		feed(vm, d, n);
		ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 1);
		ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->scancode, value);
	}
	bpf_vm_free(vm);
	irp_protocol_free(p);
}
END_TEST

/* 8000, -4000, count bits of value (least significant first: 500 and -500 or -1500), 500,
 * then a gap: the frames of the protocols below. Returns the new count. */
static size_t bits_by_hand(int32_t *d, size_t n, uint64_t value, unsigned int count,
			   int32_t gap)
{
	unsigned int i;

	d[n++] = 8000;
	d[n++] = -4000;
	for (i = 0; i < count; i++) {
		d[n++] = 500;
		d[n++] = value >> i & 1 ? -1500 : -500;
	}
	d[n++] = 500;
	d[n++] = -gap;
	return n;
}

/* Durations in µs, + pulse, - space, and no timeout after them. */
static void feed_only(struct bpf_vm *vm, const int32_t *d, size_t count)
{
	struct ir_error err = { "" };
	size_t i;

	for (i = 0; i < count; i++)
		ck_assert_msg(bpf_vm_run(vm, d[i] > 0 ? LIRC_PULSE((uint32_t)d[i]) :
					 LIRC_SPACE((uint32_t)-d[i]), &err) == 0, "%s",
			      err.message);
}

static void feed_timeout(struct bpf_vm *vm)
{
	struct ir_error err = { "" };

	ck_assert_msg(bpf_vm_run(vm, LIRC_TIMEOUT(125000), &err) == 0, "%s", err.message);
}

/*
 * Parameters sent only inside expressions: K in the sum K+D, H as H-1 in two bits (its
 * range 1..4 tells 4 from 0), bit 1 of Y xored with D's bit 0 and bit 0 as it is.
 */
START_TEST(test_parameters_given_back_by_hand)
{
	struct irp_protocol *p = parse("{38k,500}<1,-1|1,-3>(16,-8,D:8,(K+D):8,(H-1):2,"
				       "(D^Y:1:1):1,Y:1,1,-20m)"
				       "[D:0..255,K:0..255,H:1..4,Y:0..3]");
	struct bpf_vm *vm = compile_to_vm(p, NULL);
	int32_t d[64];
	size_t n;

	/* D = 0xa5, K = 0x3c, H = 4, Y = 2: 0xa5, 0xe1, 3, 1 ^ 1, 0 */
	n = bits_by_hand(d, 0, 0xa5 | 0xe1 << 8 | 3 << 16, 20, 20000);
	feed(vm, d, n);
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 1);
	/* D << 13 | K << 5 | H << 2 | Y: H takes 3 bits, Y 2 */
	ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->scancode, 0xa5 << 13 | 0x3c << 5 | 4 << 2 | 2);
	/* D = 0x5a, K = 0, H = 1, Y = 1: 0x5a, 0x5a, 0, 0, 1 */
	bpf_vm_reset(vm);
	n = bits_by_hand(d, 0, 0x5a | 0x5a << 8 | 1 << 19, 20, 20000);
	feed(vm, d, n);
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 1);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->scancode, 0x5a << 13 | 1 << 2 | 1);
	/* the same with Y's bit 1 set: D's bit 0 xored */
	bpf_vm_reset(vm);
	n = bits_by_hand(d, 0, 0x5a | 0x5a << 8 | 1 << 18 | 1 << 19, 20, 20000);
	feed(vm, d, n);
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 1);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->scancode, 0x5a << 13 | 1 << 2 | 3);
	bpf_vm_free(vm);
	irp_protocol_free(p);
}
END_TEST

/* A message in two frames (as Pioneer-2Part): A in the first, B in the repeated one. */
START_TEST(test_message_in_parts_by_hand)
{
	struct irp_protocol *p = parse("{38k,500}<1,-1|1,-3>(16,-8,A:4,1,-20m,"
				       "(16,-8,B:4,1,-20m)+)[A:0..15,B:0..15]");
	struct bpf_vm *vm = compile_to_vm(p, NULL);
	int32_t d[64];
	size_t n, i;

	/* A = 5, then B = 9 twice: A << 4 | B at each B */
	n = bits_by_hand(d, 0, 5, 4, 20000);
	n = bits_by_hand(d, n, 9, 4, 20000);
	n = bits_by_hand(d, n, 9, 4, 20000);
	feed(vm, d, n);
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 2);
	for (i = 0; i < bpf_vm_event_count(vm); i++)
		ck_assert_uint_eq(bpf_vm_event_at(vm, i)->scancode, 0x59);
	/* the second part alone is a first part, not a message */
	bpf_vm_reset(vm);
	n = bits_by_hand(d, 0, 9, 4, 20000);
	feed(vm, d, n);
	ck_assert_uint_eq(bpf_vm_event_count(vm), 0);
	/* a timeout between the parts: the first is not the next signal's */
	bpf_vm_reset(vm);
	n = bits_by_hand(d, 0, 5, 4, 20000);
	feed(vm, d, n);
	n = bits_by_hand(d, 0, 9, 4, 20000);
	feed(vm, d, n);
	ck_assert_uint_eq(bpf_vm_event_count(vm), 0);
	bpf_vm_free(vm);
	irp_protocol_free(p);
}
END_TEST

/*
 * An end frame that looks like the repeated one (as F12x): E comes only in the last
 * frame, which is last only when no pulse follows it; D must be the same in both.
 */
START_TEST(test_end_frame_by_hand)
{
	struct irp_protocol *p = parse("{38k,500}<1,-1|1,-3>((16,-8,D:2,F:4,1,-20m)*,"
				       "(16,-8,D:2,E:4,1,-20m))[D:0..3,F:0..15,E:0..15]");
	struct bpf_vm *vm = compile_to_vm(p, NULL);
	int32_t d[128];
	size_t n;

	/* D = 2, F = 3 twice, then E = 10: D << 8 | F << 4 | E at the timeout only */
	n = bits_by_hand(d, 0, 2 | 3 << 2, 6, 20000);
	n = bits_by_hand(d, n, 2 | 3 << 2, 6, 20000);
	n = bits_by_hand(d, n, 2 | 10 << 2, 6, 20000);
	feed_only(vm, d, n);
	ck_assert_uint_eq(bpf_vm_event_count(vm), 0);
	feed_timeout(vm);
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 1);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->scancode, 0x23a);
	/* a receiver that ends the last space with its timeout: the report comes then */
	bpf_vm_reset(vm);
	feed_only(vm, d, n - 1);
	ck_assert_uint_eq(bpf_vm_event_count(vm), 0);
	feed_timeout(vm);
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 1);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->scancode, 0x23a);
	/* D = 1 in the end frame after D = 2: no message */
	bpf_vm_reset(vm);
	n = bits_by_hand(d, 0, 2 | 3 << 2, 6, 20000);
	n = bits_by_hand(d, n, 1 | 10 << 2, 6, 20000);
	feed(vm, d, n);
	ck_assert_uint_eq(bpf_vm_event_count(vm), 0);
	bpf_vm_free(vm);
	irp_protocol_free(p);
}
END_TEST

/*
 * A bitspec of four symbols under lsb: a symbol is its 2 bits' value, the first sent the
 * least significant. The samples are an IrScope capture of an Epson projector remote
 * (its "svideo" button), which IrpTransmogrifier decodes as Epson D=98, S=170, OBC=18,
 * T1=1, T2=0: D is sent as the symbols 2, 0, 2, 1.
 */
START_TEST(test_four_symbols_lsb_captured)
{
	static const int32_t d[] = {
		2323, -594, 567, -594, 1161, -621, 540, -621, 540, -1188, 567, -1161,
		540, -594, 1134, -621, 540, -1161, 1161, -594, 540, -594, 567, -567,
		567, -567, 540, -594, 567, -75384,
	};
	struct irp_protocol *p = parse("{38.4k,577}<2,-1|1,-2|1,-1|2,-2>"
				       "(4,-1,D:8,T1:2,OBC:6,T2:2,S:8,1,-75m)"
				       "[D:0..255,S:0..255,OBC:0..63,T1:0..3,T2:0..3]");
	struct bpf_vm *vm = compile_to_vm(p, NULL);

	feed(vm, d, sizeof(d) / sizeof(d[0]));
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 1);
	/* the generic layout: D << 18 | S << 10 | OBC << 4 | T1 << 2 | T2 */
	ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->scancode,
			  98u << 18 | 170u << 10 | 18u << 4 | 1u << 2 | 0u);
	bpf_vm_free(vm);
	irp_protocol_free(p);
}
END_TEST

/*
 * A constant sent with the enclosing bitspec's four symbols under lsb (arctech's form):
 * 1:2 is sent 1, 0, the symbol 1 (100, -200 µs); D = 1 is the inner symbols 1 then 0.
 */
START_TEST(test_four_symbols_lsb_constant_by_hand)
{
	static const int32_t d[] = { 500, -100, 100, -200, 100, -100, 100, -50000 };
	struct irp_protocol *p = parse("{0k,100}<1,-1|1,-2|1,-3|1,-4>"
				       "(<0:2|1:2>(5,-1,D:2,1,-50m))[D:0..3]");
	struct bpf_vm *vm = compile_to_vm(p, NULL);

	feed(vm, d, sizeof(d) / sizeof(d[0]));
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 1);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->scancode, 1);
	bpf_vm_free(vm);
	irp_protocol_free(p);
}
END_TEST

/* Irstreams of bits_by_hand() whose last space makes each last extents[k] µs. */
static size_t extents_by_hand(int32_t *d, const uint64_t *values, const int32_t *extents,
			      size_t count)
{
	size_t n = 0, start, k;

	for (k = 0; k < count; k++) {
		int32_t elapsed = 0;

		start = n;
		n = bits_by_hand(d, n, values[k], 4, 0) - 1;
		while (start < n)
			elapsed += abs(d[start++]);
		d[n++] = -(extents[k] - elapsed);
	}
	return n;
}

/*
 * Extents in nested irstreams of one frame (as SonyDSP's after its repeated part): each
 * counts from its own irstream's start, which is the previous one's end.
 */
START_TEST(test_nested_extents_by_hand)
{
	struct irp_protocol *p = parse("{38k,500}<1,-1|1,-3>((16,-8,D:4,1,^30m),"
				       "(16,-8,D:4,1,^30m),(16,-8,F:4,1,^30m))"
				       "[D:0..15,F:0..15]");
	struct bpf_vm *vm = compile_to_vm(p, NULL);
	const uint64_t values[] = { 6, 6, 9 };
	const int32_t right[] = { 30000, 30000, 30000 }, wrong[] = { 30000, 40000, 30000 };
	int32_t d[64];
	size_t n;

	/* D = 6 twice, F = 9: D << 4 | F */
	n = extents_by_hand(d, values, right, 3);
	feed(vm, d, n);
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 1);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->scancode, 0x69);
	/* the second irstream 10 ms too long */
	bpf_vm_reset(vm);
	n = extents_by_hand(d, values, wrong, 3);
	feed(vm, d, n);
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 0);
	bpf_vm_free(vm);
	irp_protocol_free(p);
}
END_TEST

/*
 * An end frame that is also a message (as NRC17's): F = 15 is the end frame after a
 * report in the same signal, a message before one.
 */
START_TEST(test_frame_context_by_hand)
{
	struct irp_protocol *p = parse("{38k,500}<1,-1|1,-3>((16,-8,F:4,1,-20m)+,"
				       "16,-8,15:4,1,-20m)[F:0..15]");
	struct bpf_vm *vm = compile_to_vm(p, NULL);
	int32_t d[64];
	size_t n;

	/* F = 5 twice, then the end: two keydowns of 5 and a repeat */
	n = bits_by_hand(d, 0, 5, 4, 20000);
	n = bits_by_hand(d, n, 5, 4, 20000);
	n = bits_by_hand(d, n, 15, 4, 20000);
	feed(vm, d, n);
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 2);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->scancode, 5);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 1)->scancode, 5);
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_REPEAT), 1);
	/* F = 15 first in a signal is a message, then the end frame's repeat */
	bpf_vm_reset(vm);
	n = bits_by_hand(d, 0, 15, 4, 20000);
	n = bits_by_hand(d, n, 15, 4, 20000);
	feed(vm, d, n);
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 1);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->scancode, 15);
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_REPEAT), 1);
	/* a timeout ends the signal: F = 15 after it is a message again */
	bpf_vm_reset(vm);
	n = bits_by_hand(d, 0, 3, 4, 20000);
	feed(vm, d, n);
	n = bits_by_hand(d, 0, 15, 4, 20000);
	feed(vm, d, n);
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 2);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 1)->scancode, 15);
	bpf_vm_free(vm);
	irp_protocol_free(p);
}
END_TEST

/* A repeat frame's constants are checked: 10 makes the repeat, 3 nothing. */
START_TEST(test_repeat_constants_by_hand)
{
	struct irp_protocol *p = parse("{38k,500}<1,-1|1,-3>(16,-8,F:4,1,-20m,"
				       "(8,-8,10:4,1,-20m)*)[F:0..15]");
	struct bpf_vm *vm = compile_to_vm(p, NULL);
	unsigned int k, i, sent;
	int32_t d[64];
	size_t n;

	for (k = 0; k < 2; k++) {
		sent = k ? 3 : 10;
		n = bits_by_hand(d, 0, 5, 4, 20000);
		d[n++] = 4000;
		d[n++] = -4000;
		for (i = 0; i < 4; i++) {
			d[n++] = 500;
			d[n++] = sent >> i & 1 ? -1500 : -500;
		}
		d[n++] = 500;
		d[n++] = -20000;
		bpf_vm_reset(vm);
		feed(vm, d, n);
		ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 1);
		ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_REPEAT), (k ? 0 : 1));
	}
	bpf_vm_free(vm);
	irp_protocol_free(p);
}
END_TEST

/*
 * && and || evaluate their right operand only when the left one does not decide, as
 * irp.h documents: with D=30, D==30||E/(D-30) is 1 and D!=30&&E/(D-30) is 0, their
 * zero divisor never evaluated, and the frame is kept (it was dropped).
 */
START_TEST(test_logical_operators_short_circuit)
{
	static const struct {
		const char *irp;
		unsigned int D, C, E;
		bool reported;
	} cases[] = {
		{ "{38k,500}<1,-1|1,-3>(16,-8,D:8,C:4,E:4,1,-40m){C=D==30||E/(D-30)}"
		  "[D:0..255,E:0..15]", 30, 1, 5, true },
		{ "{38k,500}<1,-1|1,-3>(16,-8,D:8,C:4,E:4,1,-40m){C=D==30||E/(D-30)}"
		  "[D:0..255,E:0..15]", 31, 1, 5, true },
		{ "{38k,500}<1,-1|1,-3>(16,-8,D:8,C:4,E:4,1,-40m){C=D==30||E/(D-30)}"
		  "[D:0..255,E:0..15]", 40, 0, 5, true },
		{ "{38k,500}<1,-1|1,-3>(16,-8,D:8,C:4,E:4,1,-40m){C=D==30||E/(D-30)}"
		  "[D:0..255,E:0..15]", 40, 1, 5, false },
		{ "{38k,500}<1,-1|1,-3>(16,-8,D:8,C:4,E:4,1,-40m){C=D!=30&&E/(D-30)}"
		  "[D:0..255,E:0..15]", 30, 0, 5, true },
		{ "{38k,500}<1,-1|1,-3>(16,-8,D:8,C:4,E:4,1,-40m){C=D!=30&&E/(D-30)}"
		  "[D:0..255,E:0..15]", 31, 1, 5, true },
		{ "{38k,500}<1,-1|1,-3>(16,-8,D:8,C:4,E:4,1,-40m){C=D!=30&&E/(D-30)}"
		  "[D:0..255,E:0..15]", 31, 0, 5, false },
		/* a zero divisor that is evaluated still drops the frame */
		{ "{38k,500}<1,-1|1,-3>(16,-8,D:8,C:4,E:4,1,-40m){C=D==31||E/(D-30)}"
		  "[D:0..255,E:0..15]", 30, 1, 5, false },
	};
	size_t k;

	for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		struct irp_protocol *p = parse(cases[k].irp);
		struct bpf_vm *vm = compile_to_vm(p, NULL);
		int32_t d[64];
		size_t n = checksum_frame(d, cases[k].D, cases[k].C, cases[k].E);

		feed(vm, d, n);
		ck_assert_msg(count_events(vm, BPF_VM_EVENT_KEYDOWN) == cases[k].reported,
			      "case %zu", k);
		/* the generic layout: D << 4 | E */
		if (cases[k].reported)
			ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->scancode,
					  cases[k].D << 4 | cases[k].E);
		bpf_vm_free(vm);
		irp_protocol_free(p);
	}
}
END_TEST

static void refused(const char *text, const char *message)
{
	struct irp_protocol *p = parse(text);
	struct ir_error err = { "" };
	struct bpf_image *image = NULL;

	ck_assert_int_eq(irp_compile(p, NULL, &image, &err), -EOPNOTSUPP);
	ck_assert_ptr_null(image);
	ck_assert_msg(strstr(err.message, message) != NULL, "%s", err.message);
	irp_protocol_free(p);
}

/* A reversed bitfield in an expression: R = D:-4, D's low four bits in reverse order. */
START_TEST(test_reversed_in_expression_by_hand)
{
	struct irp_protocol *p = parse("{38k,500}<1,-1|1,-3>(16,-8,D:8,R:4,0:4,1,-40m)"
				       "{R=D:-4}[D:0..255]");
	struct bpf_vm *vm = compile_to_vm(p, NULL);
	int32_t d[64];
	size_t n;

	/* D = 0x35: low bits 0101, reversed 1010 */
	n = checksum_frame(d, 0x35, 0xa, 0);
	feed(vm, d, n);
	ck_assert_uint_eq(count_events(vm, BPF_VM_EVENT_KEYDOWN), 1);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->scancode, 0x35);
	bpf_vm_reset(vm);
	n = checksum_frame(d, 0x35, 0x5, 0);
	feed(vm, d, n);
	ck_assert_uint_eq(bpf_vm_event_count(vm), 0);
	bpf_vm_free(vm);
	irp_protocol_free(p);
}
END_TEST

/* Found by fuzzing: a duration no receiver reports (UINT48_MAX units) was cast to int. */
START_TEST(test_duration_beyond_lirc)
{
	struct irp_protocol *p = parse("{38.6k,480}<1,-1|-1,1>(4,UINT48_MAX,F:6,-48m)+[F:0..63]");
	struct ir_error err = { "" };
	struct bpf_image *image = NULL;

	ck_assert_int_eq(irp_compile(p, NULL, &image, &err), -EINVAL);
	ck_assert_ptr_null(image);
	ck_assert_msg(strstr(err.message, "irp:26: a duration of") &&
		      strstr(err.message, "longer than a receiver reports"), "%s", err.message);
	irp_protocol_free(p);
	/* durations that add up to too much */
	p = parse("{38k,1}<1,-1|-1,1>(16000000,16000000,F:6,-48m)+[F:0..63]");
	ck_assert_int_eq(irp_compile(p, NULL, &image, &err), -EINVAL);
	ck_assert_msg(strstr(err.message, "add up to more than"), "%s", err.message);
	irp_protocol_free(p);
}
END_TEST

/*
 * Found by fuzzing: nested "(...)8" unroll to 8 to the power of their depth items, which
 * merge into a few slots, so the slot limit never stopped the work (seconds for 329
 * bytes of IRP). The work is bounded: 8^6 flashes (one slot) are refused, 8^2 compile.
 */
START_TEST(test_nested_repeats_bounded)
{
	struct irp_protocol *p = parse("{38k,1}<500,-500|500,-1500>(((((((1)8)8)8)8)8)8,-100,"
				       "D:8,500,-50m)[D:0..255]");
	struct ir_error err = { "" };
	struct bpf_image *image = NULL;

	ck_assert_int_eq(irp_compile(p, NULL, &image, &err), -E2BIG);
	ck_assert_ptr_null(image);
	ck_assert_msg(strstr(err.message, "more than 65536 items to lay out"), "%s",
		      err.message);
	irp_protocol_free(p);
	p = parse("{38k,500}<1,-1|1,-3>(((1,-1)8)8,D:8,1,-50m)[D:0..255]");
	ck_assert_int_eq(irp_compile(p, NULL, &image, &err), 0);
	ck_assert_ptr_nonnull(image);
	bpf_image_free(image);
	irp_protocol_free(p);
}
END_TEST

/* irp_compile() fails with code and a message that contains message. */
static void refused_with(const char *text, int code, const char *message)
{
	struct irp_protocol *p = parse(text);
	struct ir_error err = { "" };
	struct bpf_image *image = NULL;

	ck_assert_int_eq(irp_compile(p, NULL, &image, &err), code);
	ck_assert_ptr_null(image);
	ck_assert_msg(strstr(err.message, message) != NULL, "%s", err.message);
	irp_protocol_free(p);
}

/* Definitions A0=D, Ai = A(i-1) used uses times, for i up to depth; A(depth) sent. */
static char *chained_definitions(unsigned int depth, unsigned int uses)
{
	char *text = malloc(65536), *at = text;
	unsigned int i, k;

	ck_assert_ptr_nonnull(text);
	at += sprintf(at, "{38.4k,564}<1,-1|1,-3>(16,-8,D:8,A%u:8,1,^108m)*{A0=D", depth);
	for (i = 1; i <= depth; i++) {
		at += sprintf(at, ",A%u=", i);
		for (k = 0; k < uses; k++)
			at += sprintf(at, "%sA%u", k ? "+" : "", i - 1);
	}
	sprintf(at, "}[D:0..255]");
	return text;
}

/*
 * Found by a security review: each definition is expanded again at each use, so 15
 * definitions using the previous one 3 times (265 bytes) took 9-33 s and 1 GB, and 16
 * times never ended. The size of a use is counted before it is expanded: refused at
 * the column of the use (34, A15 in the irstream), within the budget of steps.
 */
START_TEST(test_definitions_bounded)
{
	static const unsigned int uses[] = { 3, 16 };
	struct irp_protocol *p;
	struct ir_error err = { "" };
	struct bpf_image *image = NULL;
	char *text;
	size_t k;

	for (k = 0; k < sizeof(uses) / sizeof(uses[0]); k++) {
		text = chained_definitions(15, uses[k]);
		refused_with(text, -E2BIG, "irp:34: too much work to compile (more than "
			     "200000 steps)");
		free(text);
	}
	/* 3^5 = 243 copies of D, summed: within the budget */
	text = chained_definitions(5, 3);
	p = parse(text);
	ck_assert_msg(irp_compile(p, NULL, &image, &err) == 0, "%s", err.message);
	bpf_image_free(image);
	irp_protocol_free(p);
	free(text);
}
END_TEST

/*
 * A program past what a jump reaches, from expressions that are cheap to walk but long
 * to emit (a reversed 64-bit field is over 5 instructions a bit, 4^5 of them): refused
 * as it is emitted, not after, at the column of the expression being emitted.
 */
START_TEST(test_emission_bounded)
{
	refused_with("{38k,500}<1,-1|1,-3>(16,-8,D:8,C:8,1,-40m){R=D:-64,S=R+R+R+R,"
		     "T=S+S+S+S,U=T+T+T+T,V=U+U+U+U,C=V+V+V+V}[D:0..255]", -E2BIG,
		     "irp:46: the decoder is too long (more than 131072 instructions)");
}
END_TEST

/*
 * A receiver reports whole microseconds: a unit of 1e-19 µs made every duration 0 µs,
 * and the protocol took noise for scancode 0. A written duration under 1 µs is refused
 * at its column; a unit of 0 too, at the unit's.
 */
START_TEST(test_durations_under_resolution)
{
	refused_with("{38k,0.0000000000000000001}<1,-1|1,-3>(16,-8,D:8,1,-40m)[D:0..255]",
		     -EINVAL, "irp:29: a duration of 1e-19 µs, shorter than a receiver "
		     "reports (1 µs)");
	refused_with("{38k,500}<1,-1|1,-3>(16,-8,D:8,1,-0.4u,1,-40m)[D:0..255]",
		     -EINVAL, "irp:34: a duration of 0.4 µs, shorter than a receiver "
		     "reports (1 µs)");
	refused_with("{38k,0}<1,-1|1,-3>(16,-8,D:8,1,-40m)[D:0..255]", -EINVAL,
		     "irp:6: a unit of 0");
	refused_with("{0k,2p}<1,-1|1,-3>(16,-8,D:8,1,-40m)[D:0..255]", -EINVAL,
		     "irp:5: a unit in periods with no carrier");
}
END_TEST

/* 25 parameters: the limit (24) said, at the column of the 25th. */
START_TEST(test_too_many_parameters)
{
	char text[512], *at = text;
	unsigned int k;

	at += sprintf(at, "{38k,500}<1,-1|1,-3>(16,-8,P0:1,1,-40m)[");
	for (k = 0; k < 25; k++)
		at += sprintf(at, "%sP%u:0..1", k ? "," : "", k);
	sprintf(at, "]");
	refused_with(text, -EOPNOTSUPP, "irp:247: not supported by the IRP compiler yet: "
		     "more than 24 parameters");
}
END_TEST

/*
 * 65 definitions: refused at the column of the 65th (each use of a name looks the
 * definitions up, so their number bounds the cost of a step of the budget).
 */
START_TEST(test_too_many_definitions)
{
	char text[1024], *at = text;
	unsigned int k;

	at += sprintf(at, "{38k,500}<1,-1|1,-3>(16,-8,D:8,1,-40m){");
	for (k = 0; k < 65; k++)
		at += sprintf(at, "%sX%02u=%u", k ? "," : "", k, k);
	sprintf(at, "}[D:0..255]");
	refused_with(text, -EOPNOTSUPP, "irp:478: not supported by the IRP compiler yet: "
		     "more than 64 definitions");
}
END_TEST

START_TEST(test_refusals_name_the_construct)
{
	refused("{36k,1p,msb}<6,-10|6,-16|6,-22>(15,-10,D:4,F:8,6,^100m)*[D:0..15,F:0..255]",
		"irp:13: not supported by the IRP compiler yet: a bitspec of other than 2, 4, 8 "
		"or 16 symbols");
	refused("{36k,1p,msb}<6,-10|6,-16|6,-22|6,-28>(15,-10,D:3,6,^100m)*[D:0..7]",
		"irp:46: not supported by the IRP compiler yet: bits short of a symbol before a "
		"duration");
	refused("{38k}<1,-1|1,-3>(16,-8,D:8,C:4,1,-40m){C=D**2}[D:0..255]",
		"not supported by the IRP compiler yet: an operator in an expression");
	refused("{38k}<1,-1|1,-3>(16,-8,X=D,D:8,X:8,1,-40m)*[D:0..255]",
		"irp:24: not supported by the IRP compiler yet: an assignment of a value that "
		"depends on the parameters");
	/* extents whose irstream does not start where the program's time counts from */
	refused("{38k,500}<1,-1|1,-3>(16,-8,(D:8,1,^30m))[D:0..255]",
		"irp:35: not supported by the IRP compiler yet: an extent in a nested irstream");
	refused("{38k,500}<1,-1|1,-3>((16,-8,D:8,1,^30m),1,^60m)[D:0..255]",
		"irp:43: not supported by the IRP compiler yet: an extent after a nested one");
	/* D's high bits are sent, but in another frame */
	refused("{38k}<1,-1|1,-3>(16,-8,D:4,1,-40m,(16,-8,D:4:4,1,-40m)*)[D:0..255]",
		"parameter 'D' is not wholly");
	/* an extent in a symbol; two symbols that cannot be told apart */
	refused("{38k}<1,^5m|1,-3>(16,-8,D:8,1,-40m)*[D:0..255]",
		"irp:9: not supported by the IRP compiler yet: a symbol of other than a flash "
		"and a gap");
	refused("{38k}<1,-1,1|1,-1,1,-2>(16,-8,D:8,1,-40m)*[D:0..255]",
		"not supported by the IRP compiler yet: a symbol of other than a flash and a gap");
}
END_TEST

/* ---- the database ---- */

static uint64_t value_named(const struct irp_protocol *p, const uint64_t *values,
			    const char *name)
{
	size_t i;

	for (i = 0; i < p->parameter_count; i++)
		if (strcmp(p->parameters[i].name, name) == 0)
			return values[i];
	ck_abort_msg("no parameter %s", name);
	return 0;
}

/* RC-6 mode 6A as the kernel reads a body of 32 bits: MCE for three customers. */
static void rc6_6a_32(uint64_t body, uint64_t *ret_scancode, uint32_t *ret_toggle,
		      uint32_t *ret_protocol)
{
	uint64_t customer = body >> 16;

	if (customer == 0x800f || customer == 0x8034 || customer == 0x8046) {
		*ret_protocol = RC_PROTO_RC6_MCE;
		*ret_toggle = (body & 0x8000) != 0;
		*ret_scancode = body & ~(uint64_t)0x8000;
	} else {
		*ret_protocol = RC_PROTO_RC6_6A_32;
		*ret_toggle = 0;
		*ret_scancode = body;
	}
}

/*
 * The kernel's layouts (rc-core's decoders in Linux 6.1) for the protocols it has,
 * worked out from the bits on the air as each decoder reads them; false if none.
 */
static bool kernel_code(const char *name, const struct irp_protocol *p, const uint64_t *v,
			uint64_t *ret_scancode, uint32_t *ret_toggle, uint32_t *ret_protocol)
{
	bool f16 = strstr(name, "-f16") != NULL;

	if (!strcmp(name, "NEC") || !strcmp(name, "NEC1") || !strcmp(name, "NEC2") ||
	    !strcmp(name, "NEC-f16") || !strcmp(name, "NEC1-f16") || !strcmp(name, "NEC2-f16")) {
		uint64_t d = value_named(p, v, "D"), s = value_named(p, v, "S");
		uint64_t f = value_named(p, v, "F"), e = f16 ? value_named(p, v, "E") : 255 - f;

		if ((f ^ e) != 0xff) {
			/* the kernel's NEC32: not_address, address, not_command, command */
			*ret_scancode = s << 24 | d << 16 | e << 8 | f;
			*ret_protocol = RC_PROTO_NEC32;
		} else if ((d ^ s) != 0xff) {
			*ret_scancode = d << 16 | s << 8 | f;
			*ret_protocol = RC_PROTO_NECX;
		} else {
			*ret_scancode = d << 8 | f;
			*ret_protocol = RC_PROTO_NEC;
		}
		return true;
	}
	if (!strcmp(name, "RC5") || !strcmp(name, "RC6") || !strcmp(name, "JVC") ||
	    !strcmp(name, "Sharp")) {
		*ret_scancode = value_named(p, v, "D") << 8 | value_named(p, v, "F");
		*ret_protocol = name[0] == 'J' ? RC_PROTO_JVC : name[0] == 'S' ? RC_PROTO_SHARP :
				name[2] == '5' ? RC_PROTO_RC5 : RC_PROTO_RC6_0;
		return true;
	}
	if (!strcmp(name, "Sony12") || !strcmp(name, "Sony15") || !strcmp(name, "Sony20")) {
		*ret_scancode = value_named(p, v, "D") << 16 | value_named(p, v, "F");
		*ret_protocol = name[4] == '1' && name[5] == '2' ? RC_PROTO_SONY12 :
				name[5] == '5' ? RC_PROTO_SONY15 : RC_PROTO_SONY20;
		if (name[5] == '0')
			*ret_scancode |= value_named(p, v, "S") << 8;
		return true;
	}
	if (!strcmp(name, "RC5x")) {
		/* the field bit (inverted) tops the command's 7 bits, xdata below */
		*ret_scancode = value_named(p, v, "D") << 16 | value_named(p, v, "S") << 8 |
				value_named(p, v, "F");
		*ret_protocol = RC_PROTO_RC5X_20;
		return true;
	}
	if (!strcmp(name, "RC6-M-16") && value_named(p, v, "M") == 0) {
		*ret_scancode = value_named(p, v, "D") << 8 | value_named(p, v, "F");
		*ret_protocol = RC_PROTO_RC6_0;
		return true;
	}
	if (!strcmp(name, "StreamZap") || !strcmp(name, "StreamZap-57")) {
		uint64_t f = value_named(p, v, "F");
		/* the 14 bits after the first start bit: ~F:1:6, T, D:6, F:6; no toggle */
		uint64_t body = (f >> 6 ^ 1) << 13 | value_named(p, v, "T") << 12 |
				value_named(p, v, "D") << 6 | (f & 0x3f);

		*ret_scancode = body & 0x2fff;
		*ret_protocol = RC_PROTO_RC5_SZ;
		return true;
	}
	if (!strcmp(name, "Aiwa") || !strcmp(name, "Aiwa2")) {
		/* 13 address bits sent least significant first: D's 8, then S's 5 */
		uint64_t address = value_named(p, v, "D") | value_named(p, v, "S") << 8;

		*ret_scancode = address << 8 | value_named(p, v, "F");
		*ret_protocol = RC_PROTO_SANYO;
		return true;
	}
	if (!strcmp(name, "MCIR-2-kbd")) {
		/* body: 000, C:5, 0:8, F:8, M:8; the scancode is its low 24 bits */
		*ret_scancode = value_named(p, v, "F") << 8 | value_named(p, v, "M");
		*ret_protocol = RC_PROTO_MCIR2_KBD;
		return true;
	}
	if (!strcmp(name, "MCIR-2-mouse")) {
		uint64_t body = value_named(p, v, "C") << 21 | value_named(p, v, "y") << 14 |
				value_named(p, v, "x") << 7 | value_named(p, v, "R") << 6 |
				value_named(p, v, "L") << 5 | value_named(p, v, "F");

		*ret_scancode = body & 0x1fffff;
		*ret_protocol = RC_PROTO_MCIR2_MSE;
		return true;
	}
	if (!strcmp(name, "RC6-6-20") || !strcmp(name, "Replay") ||
	    (!strcmp(name, "RC6-M-24") && value_named(p, v, "M") == 6)) {
		uint64_t d = value_named(p, v, "D"), s = value_named(p, v, "S");
		uint64_t f = value_named(p, v, "F");

		*ret_toggle = 0;
		if (name[4] == '6') {
			*ret_scancode = d << 12 | s << 8 | f;
			*ret_protocol = RC_PROTO_RC6_6A_20;
		} else {
			*ret_scancode = d << 16 | s << 8 | f;
			*ret_protocol = RC_PROTO_RC6_6A_24;
		}
		return true;
	}
	if (!strcmp(name, "RC6-M-32") && value_named(p, v, "M") == 6) {
		rc6_6a_32(value_named(p, v, "OEM1") << 24 | value_named(p, v, "OEM2") << 16 |
			  value_named(p, v, "D") << 8 | value_named(p, v, "F"),
			  ret_scancode, ret_toggle, ret_protocol);
		return true;
	}
	if (!strcmp(name, "MCE")) {
		/* OEM1 is 128; T is bit 15 of the body */
		rc6_6a_32(0x80ull << 24 | value_named(p, v, "S") << 16 |
			  value_named(p, v, "T") << 15 | value_named(p, v, "D") << 8 |
			  value_named(p, v, "F"), ret_scancode, ret_toggle, ret_protocol);
		return true;
	}
	if (!strcmp(name, "Nokia12") || !strcmp(name, "Nokia")) {
		uint64_t s = name[5] ? 0 : value_named(p, v, "S");

		*ret_scancode = name[5] ? value_named(p, v, "D") << 8 | value_named(p, v, "F") :
				value_named(p, v, "D") << 16 | s << 8 | value_named(p, v, "F");
		*ret_protocol = name[5] ? RC_PROTO_RCMM12 : RC_PROTO_RCMM24;
		return true;
	}
	if (!strcmp(name, "Nokia32")) {
		uint64_t body = value_named(p, v, "D") << 24 | value_named(p, v, "S") << 16 |
				value_named(p, v, "T") << 15 | value_named(p, v, "X") << 8 |
				value_named(p, v, "F");

		*ret_protocol = RC_PROTO_RCMM32;
		/* bit 15 is the toggle unless bits 19 and 18 are both set */
		if ((body & 0xc0000) != 0xc0000) {
			*ret_toggle = (body & 0x8000) != 0;
			*ret_scancode = body & ~(uint64_t)0x8000;
		} else {
			*ret_toggle = 0;
			*ret_scancode = body;
		}
		return true;
	}
	return false;
}

/*
 * The documented layout, worked out here: non-persistent parameters, first on top; past
 * 64 bits (the wide path), the leading ones that fit whole.
 */
static void expected_code(const char *name, const struct irp_protocol *p,
			  const uint64_t *values, uint64_t *ret_scancode, uint32_t *ret_toggle,
			  uint32_t *ret_protocol)
{
	uint64_t scancode = 0;
	unsigned int used = 0;
	size_t i;

	*ret_toggle = 0;
	*ret_protocol = IRP_COMPILE_PROTOCOL;
	for (i = 0; i < p->parameter_count; i++) {
		unsigned int bits = 0;

		if (p->parameters[i].persistent) {
			*ret_toggle = (uint32_t)values[i];
			continue;
		}
		while (bits < 64 && p->parameters[i].max >> bits)
			bits++;
		if (used + bits > 64)
			used = 65;
		if (used > 64)
			continue;
		used += bits;
		scancode = bits == 64 ? values[i] : scancode << bits | values[i];
	}
	*ret_scancode = scancode;
	kernel_code(name, p, values, ret_scancode, ret_toggle, ret_protocol);
}

/*
 * The wide path: a protocol of more than 64 bits of parameters pushes each report's
 * message, every parameter as rendered (the persistent one as sent the first time);
 * one of a narrower protocol has no queue. True, with why, when it differs.
 */
static bool wide_message_differs(const char *name, const struct irp_protocol *p,
				 struct bpf_vm *vm, const uint64_t *values, uint64_t scancode,
				 size_t keydowns, char *why, size_t size)
{
	unsigned int bits = 0;
	struct irp_compile_message m;
	int map = bpf_vm_map_find(vm, IRP_COMPILE_MESSAGES_MAP);
	size_t i;

	for (i = 0; i < p->parameter_count; i++) {
		unsigned int b = 0;

		while (b < 64 && p->parameters[i].max >> b)
			b++;
		bits += p->parameters[i].persistent ? 0 : b;
	}
	if (bits <= 64) {
		if (map >= 0)
			snprintf(why, size, "a queue of messages with %u bits of parameters", bits);
		return map >= 0;
	}
	if (map < 0 || bpf_vm_map_pop(vm, (size_t)map, &m) < 0) {
		snprintf(why, size, "no message queued for the keydown");
		return true;
	}
	if (strcmp(m.name, name) != 0 || m.scancode != scancode ||
	    m.count != p->parameter_count) {
		snprintf(why, size, "message of '%.31s' scancode 0x%llx count %u", m.name,
			 (unsigned long long)m.scancode, m.count);
		return true;
	}
	for (i = 0; i < p->parameter_count; i++)
		if (m.values[i] != values[i] && !(p->parameters[i].persistent && keydowns > 1)) {
			snprintf(why, size, "message's %s=%llu, sent %llu", p->parameters[i].name,
				 (unsigned long long)m.values[i], (unsigned long long)values[i]);
			return true;
		}
	return false;
}

/*
 * One rendering of random parameters (two repeats, and the ending when asked), decoded:
 * NULL when there is a keydown and every keydown gives them back, else what went wrong.
 */
static const char *render_and_decode(const char *name, const struct irp_protocol *p,
				     struct bpf_vm *vm,
				     uint64_t *seed, bool ending, char *why, size_t size)
{
	struct irp_signal signal = { 0 };
	uint64_t values[IRP_RANDOM_PARAMETERS_MAX], scancode;
	uint32_t toggle, protocol;
	size_t i, keydowns = 0;

	irp_random_render(p, seed, ending, values, &signal);
	expected_code(name, p, values, &scancode, &toggle, &protocol);
	bpf_vm_reset(vm);
	feed(vm, signal.durations, signal.count);
	for (i = 0; i < bpf_vm_event_count(vm); i++) {
		const struct bpf_vm_event *e = bpf_vm_event_at(vm, i);

		if (e->type != BPF_VM_EVENT_KEYDOWN)
			continue;
		keydowns++;
		if (e->scancode != scancode || e->toggle != toggle || e->protocol != protocol) {
			snprintf(why, size, "protocol %u scancode 0x%llx toggle %u, expected "
				 "protocol %u scancode 0x%llx toggle %u", e->protocol,
				 (unsigned long long)e->scancode, e->toggle, protocol,
				 (unsigned long long)scancode, toggle);
			break;
		}
		if (wide_message_differs(name, p, vm, values, scancode, keydowns, why, size))
			break;
	}
	if (i == bpf_vm_event_count(vm) && keydowns == 0)
		snprintf(why, size, "no keydown for scancode 0x%llx",
			 (unsigned long long)scancode);
	irp_signal_free(&signal);
	return why[0] ? why : NULL;
}

/*
 * The first instruction that no path from the entry reaches, or -1: the kernel's
 * verifier refuses a program with one ("unreachable insn"), before it runs anything.
 */
static long unreachable_insn(const struct bpf_image *image)
{
	size_t n = image->insn_count, i, *stack = calloc(n + 1, sizeof(*stack)), top = 0;
	bool *seen = calloc(n + 1, sizeof(*seen));
	long found = -1;

	ck_assert_ptr_nonnull(stack);
	ck_assert_ptr_nonnull(seen);
	stack[top++] = 0;
	seen[0] = true;
	while (top) {
		size_t at = stack[--top], next[2], count = 0, k;
		const struct bpf_insn *insn = &image->insns[at];
		uint8_t class = insn->code & 0x07, op = insn->code & 0xf0;

		if (insn->code == (BPF_LD | BPF_DW | BPF_IMM)) {
			next[count++] = at + 2;
		} else if ((class == BPF_JMP || class == BPF_JMP32) && op == BPF_EXIT) {
			count = 0;
		} else if ((class == BPF_JMP || class == BPF_JMP32) && op != BPF_CALL) {
			next[count++] = (size_t)((long)at + 1 + insn->off);
			if (op != BPF_JA)
				next[count++] = at + 1;
		} else if (insn->code == (BPF_JMP | BPF_CALL) &&
			   insn->src_reg == BPF_PSEUDO_CALL) {
			/* a subprogram (the report's) is reached through its calls */
			next[count++] = (size_t)((long)at + 1 + insn->imm);
			next[count++] = at + 1;
		} else {
			next[count++] = at + 1;
		}
		for (k = 0; k < count; k++)
			if (next[k] < n && !seen[next[k]]) {
				seen[next[k]] = true;
				stack[top++] = next[k];
			}
	}
	for (i = 0; i < n && found < 0; i++) {
		if (!seen[i])
			found = (long)i;
		if (image->insns[i].code == (BPF_LD | BPF_DW | BPF_IMM))
			i++;
	}
	free(stack);
	free(seen);
	return found;
}

#define TRIALS 20

START_TEST(test_every_compiled_protocol_decodes_its_renderings)
{
	struct exception_list exceptions;
	FILE *f = fopen(PROTOCOLS_TSV, "r");
	unsigned int decodable = 0, compiled = 0, passed = 0, listed_failing = 0, problems = 0;
	size_t insns_min = SIZE_MAX, insns_max = 0, insns_total = 0;
	double compile_seconds = 0, slowest = 0;
	uint64_t seed = 0x1234567887654321ull;
	char line[8192];

	ck_assert_msg(f != NULL, "%s", PROTOCOLS_TSV);
	exception_list_read(EXCEPTIONS_TXT, &exceptions);
	while (fgets(line, sizeof(line), f)) {
		struct irp_compile_options options;
		struct irp_protocol *p;
		struct ir_error err = { "" };
		struct bpf_image *image = NULL;
		struct bpf_vm *vm = NULL;
		struct bpf_lint_finding findings[BPF_LINT_KIND_MAX];
		char *name = line, *irp, *params, *nl, why[256] = "";
		struct timespec t0, t1;
		double seconds;
		unsigned int trial;
		int ret;

		if (line[0] == '#' || strncmp(line, "name\t", 5) == 0)
			continue;
		irp = strchr(line, '\t');
		ck_assert_ptr_nonnull(irp);
		*irp++ = '\0';
		params = strchr(irp, '\t');
		ck_assert_ptr_nonnull(params);
		*params++ = '\0';
		nl = strchr(params, '\n');
		if (nl)
			*nl = '\0';
		if (strstr(params, "decodable=false"))
			continue;
		decodable++;
		ck_assert_msg(irp_parse(irp, strlen(irp), &p, &err) == 0, "%s: %s", name,
			      err.message);
		irp_compile_options_init(&options, params);
		options.name = name;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		ret = irp_compile(p, &options, &image, &err);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		seconds = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
		compile_seconds += seconds;
		if (seconds > slowest)
			slowest = seconds;
		if (ret < 0) {
			ck_assert_msg(ret == -EOPNOTSUPP, "%s: %d %s", name, ret, err.message);
			ck_assert_msg(err.message[0] != '\0', "%s: refused with no message", name);
			if (!exception_list_has(&exceptions, name)) {
				printf("%s\t%s\n", name, err.message);
				problems++;
			}
			listed_failing++;
			irp_protocol_free(p);
			continue;
		}
		ck_assert_msg(bpf_vm_new(image, &vm, &err) == 0, "%s: %s", name, err.message);
		/* what the kernel's verifier checks most: initialised registers, NULL tests */
		ck_assert_msg(bpf_lint_image(image, findings) == 0, "%s: lint finding %d at %zu",
			      name, findings[0].kind, findings[0].insn);
		ck_assert_msg(unreachable_insn(image) < 0, "%s: unreachable instruction %ld",
			      name, unreachable_insn(image));
		if (image->insn_count < insns_min)
			insns_min = image->insn_count;
		if (image->insn_count > insns_max)
			insns_max = image->insn_count;
		insns_total += image->insn_count;
		compiled++;
		for (trial = 0; trial < TRIALS && !why[0]; trial++)
			render_and_decode(name, p, vm, &seed, trial % 2, why, sizeof(why));
		if (why[0]) {
			if (!exception_list_has(&exceptions, name)) {
				printf("%s\tdecodes wrong: %s\n", name, why);
				problems++;
			}
			listed_failing++;
		} else {
			if (exception_list_has(&exceptions, name)) {
				printf("%s decodes now: take it off %s\n", name, EXCEPTIONS_TXT);
				problems++;
			}
			passed++;
		}
		bpf_vm_free(vm);
		bpf_image_free(image);
		irp_protocol_free(p);
	}
	fclose(f);
	ck_assert_uint_eq(decodable, 215);
	fflush(stdout);
	/* each problem is printed above, as a line of the exceptions' file where it fails */
	ck_assert_msg(problems == 0, "%u protocols differ from %s", problems, EXCEPTIONS_TXT);
	ck_assert_uint_eq(listed_failing, exceptions.count);
	printf("irp-compile: %u of %u decodable protocols compiled, %u decoded; "
	       "instructions per program %zu..%zu (mean %zu); compile time %.3f ms in all "
	       "(the slowest %.3f ms)\n", compiled, decodable, passed, insns_min, insns_max,
	       compiled ? insns_total / compiled : 0, compile_seconds * 1e3, slowest * 1e3);
}
END_TEST

/*
 * What a compiled decoder costs: instructions run per sample on a rendering of the four
 * protocols the issue's benchmark names, printed for the record. A frame's automaton
 * runs one slot's code per sample (a dispatch, a match), so the mean stays far below a
 * thousand whatever the protocol.
 */
START_TEST(test_cost_per_sample)
{
	static const char *const names[] = {
		"NEC1", "RC5", "RC6", "Sony12", "Fujitsu-128", "Fujitsu-64",
	};
	static const char *const texts[] = {
		NEC1, RC5,
		/* one protocol, two lines: clang asks for the parentheses */
		("{36k,444,msb}<-1,1|1,-1>((6,-2,1:1,0:3,<-2,2|2,-2>(T:1),D:8,F:8,^107m)*,T=1-T)"
		 "[D:0..255,F:0..255,T@:0..1=0]"),
		"{40k,600}<1,-1|2,-1>(4,-1,F:7,D:5,^45m)*[D:0..31,F:0..127]",
		NULL,
		/* Fujitsu-128 cut to its first 64 bits: the same frame without the wide path */
		("{38.4k,413}<1,-1|1,-3>(8,-4,A0:8,A1:8,A2:8,A3:8,A4:8,A5:8,A6:8,A7:8,1,-104.3m)*"
		 "[A0:0..255,A1:0..255,A2:0..255,A3:0..255,A4:0..255,A5:0..255,A6:0..255,"
		 "A7:0..255]"),
	};
	uint64_t report[6] = { 0 };
	size_t k;

	for (k = 0; k < 6; k++) {
		struct irp_render_options options = { .repeats = 1 };
		struct irp_protocol *p = parse(texts[k] ? texts[k] :
					       irp_database_find(names[k])->irp);
		struct irp_compile_options copts;
		struct irp_signal signal = { 0 };
		struct ir_error err = { "" };
		struct bpf_image *image;
		struct irp_env *env;
		struct bpf_vm *vm;
		uint64_t insns = 0, most = 0;
		size_t i;

		irp_compile_options_init(&copts, NULL);
		copts.name = names[k];
		ck_assert_int_eq(irp_compile(p, &copts, &image, &err), 0);
		ck_assert_int_eq(bpf_vm_new(image, &vm, &err), 0);
		ck_assert_int_eq(irp_env_new(&env), 0);
		for (i = 0; i < p->parameter_count; i++)
			ck_assert_int_eq(irp_env_set(env, p->parameters[i].name, 1), 0);
		ck_assert_int_eq(irp_env_prepare(env, p, &err), 0);
		ck_assert_int_eq(irp_render(p, env, &options, &signal, &err), 0);
		for (i = 0; i < signal.count; i++) {
			int32_t d = signal.durations[i];

			ck_assert_int_eq(bpf_vm_run(vm, d > 0 ? LIRC_PULSE((uint32_t)d) :
						    LIRC_SPACE((uint32_t)-d), &err), 0);
			insns += bpf_vm_last_insn_count(vm);
			if (bpf_vm_last_insn_count(vm) > most)
				most = bpf_vm_last_insn_count(vm);
			/* the sample of the first report */
			if (!report[k] && count_events(vm, BPF_VM_EVENT_KEYDOWN))
				report[k] = bpf_vm_last_insn_count(vm);
		}
		ck_assert_uint_ge(count_events(vm, BPF_VM_EVENT_KEYDOWN), 1);
		printf("irp-compile cost: %s: %zu instructions, %.1f run per sample (at most "
		       "%llu) over %zu samples\n", names[k], image->insn_count,
		       (double)insns / (double)signal.count, (unsigned long long)most,
		       signal.count);
		ck_assert_uint_lt(insns / signal.count, 1000);
		irp_signal_free(&signal);
		irp_env_free(env);
		bpf_vm_free(vm);
		bpf_image_free(image);
		irp_protocol_free(p);
	}
	/*
	 * The wide path's price is paid at the report: eight more parameters out of their
	 * fields, the message's stores and the push, under 100 instructions more than the
	 * 64-bit cut's report; the other samples cost what the cut's do.
	 */
	printf("irp-compile cost: the report's sample: Fujitsu-128 %llu, Fujitsu-64 %llu\n",
	       (unsigned long long)report[4], (unsigned long long)report[5]);
	ck_assert_uint_gt(report[4], report[5]);
	ck_assert_uint_lt(report[4], report[5] + 100);
}
END_TEST

static Suite *irp_compile_suite(void)
{
	Suite *s = suite_create("irp_compile");
	TCase *tc = tcase_create("by hand");

	tcase_add_test(tc, test_nec1_by_hand);
	tcase_add_test(tc, test_kernel_layout_by_hand);
	tcase_add_test(tc, test_jvc_message_reports_once);
	tcase_add_test(tc, test_tolerance_edges);
	tcase_add_test(tc, test_extent_rest_not_any_space);
	tcase_add_test(tc, test_extent_rest_tolerance_edges);
	tcase_add_test(tc, test_short_leadout);
	tcase_add_test(tc, test_tolerance_of_the_larger);
	tcase_add_test(tc, test_truncated_and_noise);
	tcase_add_test(tc, test_symbols_that_assign_by_hand);
	tcase_add_test(tc, test_symbols_inside_merged_durations_by_hand);
	tcase_add_test(tc, test_symbols_of_symbols_and_offsets_by_hand);
	tcase_add_test(tc, test_unsent_bits_by_hand);
	tcase_add_test(tc, test_rc5_toggle_by_hand);
	tcase_add_test(tc, test_wide_fujitsu_128);
	tcase_add_test(tc, test_checksum_by_hand);
	tcase_add_test(tc, test_logical_operators_short_circuit);
	tcase_add_test(tc, test_parameters_given_back_by_hand);
	tcase_add_test(tc, test_message_in_parts_by_hand);
	tcase_add_test(tc, test_end_frame_by_hand);
	tcase_add_test(tc, test_four_symbols_lsb_captured);
	tcase_add_test(tc, test_four_symbols_lsb_constant_by_hand);
	tcase_add_test(tc, test_repeat_constants_by_hand);
	tcase_add_test(tc, test_nested_extents_by_hand);
	tcase_add_test(tc, test_frame_context_by_hand);
	tcase_add_test(tc, test_duration_beyond_lirc);
	tcase_add_test(tc, test_nested_repeats_bounded);
	tcase_add_test(tc, test_definitions_bounded);
	tcase_add_test(tc, test_emission_bounded);
	tcase_add_test(tc, test_durations_under_resolution);
	tcase_add_test(tc, test_too_many_parameters);
	tcase_add_test(tc, test_too_many_definitions);
	tcase_add_test(tc, test_reversed_in_expression_by_hand);
	tcase_add_test(tc, test_refusals_name_the_construct);
	tcase_add_test(tc, test_cost_per_sample);
	suite_add_tcase(s, tc);
	tc = tcase_create("database");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_every_compiled_protocol_decodes_its_renderings);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = irp_compile_suite);
