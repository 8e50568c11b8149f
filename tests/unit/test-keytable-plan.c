// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The plan of ir-keytable's options (utils/plan/plan.c) on devices described in memory and
 * keymaps written here: the rules of plan.h, one test each. Expected values come from
 * those rules and the decoders' declared defaults (the IR_PARAM lines of bpf_protocols/), not from running
 * the planner.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <linux/input-event-codes.h>

#include "ac_protocol.h"
#include "bpf_kernel.h"
#include "decoder_family.h"
#include "decoders.h"
#include "lircd_biphase_index.h"
#include "keymap.h"
#include "options.h"
#include "plan.h"
#include "test-main.h"

/* A raw receiver: protocols file, lirc0, input with an event node. */
static struct rc_device *new_device(const char *protocols, bool lirc)
{
	struct rc_device *device = calloc(1, sizeof(*device));

	ck_assert_ptr_nonnull(device);
	device->sysname = strdup("rc0");
	device->syspath = strdup("/sys/class/rc/rc0");
	if (lirc) {
		device->lirc_sysname = strdup("lirc0");
		device->lirc_devnode = strdup("/dev/lirc0");
	}
	device->inputs = calloc(1, sizeof(*device->inputs));
	device->inputs[0].sysname = strdup("input5");
	device->inputs[0].event_sysname = strdup("event3");
	device->inputs[0].event_devnode = strdup("/dev/input/event3");
	device->input_count = 1;
	if (protocols) {
		device->has_protocols = true;
		ck_assert_int_eq(rc_protocols_parse(protocols, &device->protocols, NULL), 0);
	}
	return device;
}

static struct keymap *toml(const char *text)
{
	struct keymap *keymap;
	struct ir_error err;

	ck_assert_msg(keymap_load_toml(text, strlen(text), "test.toml", &keymap, &err) == 0,
		      "%s", err.message);
	return keymap;
}

#define NEC_KEYMAP "[[protocols]]\nprotocol = \"nec\"\n[protocols.scancodes]\n" \
		   "0x8051 = \"KEY_POWER\"\n0x804e = \"KEY_VOLUMEUP\"\n"

/* A planned decoder's family state, checked to be that family's (decoder_family.h). */
static const struct family_lircd_table_state *space_of(const struct plan_decoder *d)
{
	ck_assert_ptr_eq(d->family, &family_lircd_space);
	return d->state;
}

static const struct family_lircd_table_state *biphase_of(const struct plan_decoder *d)
{
	ck_assert_ptr_eq(d->family, &family_lircd_biphase);
	return d->state;
}

static const struct family_raw_state *raw_of(const struct plan_decoder *d)
{
	ck_assert_ptr_eq(d->family, &family_raw);
	return d->state;
}

#define SPACE(d) ((const struct lircd_space_remote *)space_of(d)->remotes)
#define BIPHASE(d) ((const struct lircd_biphase_remote *)biphase_of(d)->remotes)

struct fixture {
	const char *root;		/* NULL: "/nonexistent-root" */
	struct keytable_options options;
	struct keymap *keymaps[4];
	size_t keymap_count;
	struct rc_device *device;
	struct keytable_plan *plan;
	struct ir_error err;
};

static void add_protocol(struct fixture *f, const char *name)
{
	f->options.protocols = realloc(f->options.protocols,
				       (f->options.protocol_count + 1) * sizeof(char *));
	f->options.protocols[f->options.protocol_count++] = strdup(name);
}

static void add_parameter(struct fixture *f, const char *decoder, const char *name,
			  int64_t value)
{
	struct plan_parameter *p;

	f->options.parameters = realloc(f->options.parameters,
					(f->options.parameter_count + 1) * sizeof(*p));
	p = &f->options.parameters[f->options.parameter_count++];
	p->decoder = decoder ? strdup(decoder) : NULL;
	p->name = strdup(name);
	p->value = value;
}

static void add_set_key(struct fixture *f, uint64_t scancode, const char *key)
{
	f->options.set_keys = realloc(f->options.set_keys,
				      (f->options.set_key_count + 1) * sizeof(*f->options.set_keys));
	f->options.set_keys[f->options.set_key_count].scancode = scancode;
	f->options.set_keys[f->options.set_key_count++].key = strdup(key);
}

static int make(struct fixture *f)
{
	const struct plan_request request = {
		.protocols = f->options.protocols,
		.protocol_count = f->options.protocol_count,
		.set_keys = f->options.set_keys,
		.set_key_count = f->options.set_key_count,
		.parameters = f->options.parameters,
		.parameter_count = f->options.parameter_count,
	};
	struct plan_input input = {
		.root = f->root ? f->root : "/nonexistent-root",
		.device = f->device,
		.keymaps = f->keymaps,
		.keymap_count = f->keymap_count,
		.request = &request,
	};

	return keytable_plan_make(&input, &f->plan, &f->err);
}

static void done(struct fixture *f)
{
	size_t i;

	keytable_plan_free(f->plan);
	for (i = 0; i < f->keymap_count; i++)
		keymap_free(f->keymaps[i]);
	rc_device_free(f->device);
	options_free(&f->options);
}

static void init(struct fixture *f)
{
	memset(f, 0, sizeof(*f));
	f->options.delay = -1;
	f->options.period = -1;
}

static int64_t param(const struct plan_decoder *decoder, const char *name)
{
	size_t i;

	for (i = 0; i < decoder->param_count; i++)
		if (!strcmp(decoder->params[i].name, name))
			return decoder->params[i].value;
	ck_abort_msg("parameter %s not set", name);
	return 0;
}

START_TEST(test_protocol_names)
{
	ck_assert(plan_protocol_name_equal("rc-5", "RC5"));
	ck_assert(plan_protocol_name_equal("rc_5_sz", "rc-5-sz"));
	ck_assert(plan_protocol_name_equal("mce-kbd", "mce_kbd"));
	ck_assert(plan_protocol_name_equal("-nec-", "NEC"));
	ck_assert(!plan_protocol_name_equal("rc-5", "rc-5-sz"));
	ck_assert(!plan_protocol_name_equal("nec", "necx"));
	ck_assert(!plan_protocol_name_equal("", "nec"));
}
END_TEST

/* A keymap's kernel protocol the device offers: that set, no decoder, every key. */
START_TEST(test_keymap_kernel_protocol)
{
	struct fixture f;

	init(&f);
	f.device = new_device("rc-5 [nec] rc-6 [lirc]", true);
	f.keymaps[f.keymap_count++] = toml(NEC_KEYMAP);
	ck_assert_int_eq(make(&f), 0);
	ck_assert(f.plan->change_kernel_protocols);
	ck_assert_uint_eq(f.plan->kernel_protocol_count, 1);
	ck_assert_str_eq(f.plan->kernel_protocols[0], "nec");
	ck_assert(f.plan->change_decoders);
	ck_assert_uint_eq(f.plan->decoder_count, 0);
	ck_assert_uint_eq(f.plan->key_count, 2);
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, 0x804e), KEY_VOLUMEUP);
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, 0x8052), KEY_RESERVED);
	ck_assert_uint_eq(f.plan->note_count, 0);
	done(&f);
}
END_TEST

/* Only BPF decoders named: the kernel protocols stay as they are. */
START_TEST(test_bpf_only_keeps_kernel_protocols)
{
	struct fixture f;

	init(&f);
	f.device = new_device("rc-5 [nec] [lirc]", true);
	add_protocol(&f, "pulse_distance");
	ck_assert_int_eq(make(&f), 0);
	ck_assert(!f.plan->change_kernel_protocols);
	ck_assert(f.plan->change_decoders);
	ck_assert_uint_eq(f.plan->decoder_count, 1);
	ck_assert_str_eq(f.plan->decoders[0].name, "pulse_distance");
	ck_assert(f.plan->decoders[0].embedded);
	ck_assert_ptr_nonnull(f.plan->decoders[0].image);
	done(&f);
}
END_TEST

/* A kernel protocol the device lacks: its BPF port, and a note naming both. */
START_TEST(test_port_when_kernel_lacks_decoder)
{
	struct fixture f;

	init(&f);
	f.device = new_device("rc-5 rc-6 [lirc]", true);
	f.keymaps[f.keymap_count++] = toml(NEC_KEYMAP);
	ck_assert_int_eq(make(&f), 0);
	ck_assert(!f.plan->change_kernel_protocols);
	ck_assert_uint_eq(f.plan->decoder_count, 1);
	ck_assert_str_eq(f.plan->decoders[0].name, "nec_bpf");
	ck_assert_str_eq(f.plan->decoders[0].port_of, "nec");
	ck_assert_uint_eq(f.plan->note_count, 1);
	ck_assert_str_eq(f.plan->notes[0], "rc0 has no kernel decoder for protocol 'nec': "
			 "using the BPF decoder nec_bpf");
	done(&f);
}
END_TEST

START_TEST(test_no_lirc_no_decoder)
{
	struct fixture f;

	init(&f);
	f.device = new_device("[nec]", false);
	add_protocol(&f, "rc-6");
	ck_assert_int_eq(make(&f), -EINVAL);
	ck_assert_ptr_nonnull(strstr(f.err.message, "no LIRC device"));
	ck_assert_ptr_null(f.plan);
	done(&f);
}
END_TEST

/* all: what the device offers but lirc; none and lirc: an empty set. */
START_TEST(test_all_none_lirc)
{
	struct fixture f;

	init(&f);
	f.device = new_device("rc-5 [nec] sony [lirc]", true);
	add_protocol(&f, "all");
	ck_assert_int_eq(make(&f), 0);
	ck_assert_uint_eq(f.plan->kernel_protocol_count, 3);
	ck_assert_str_eq(f.plan->kernel_protocols[0], "rc-5");
	ck_assert_str_eq(f.plan->kernel_protocols[1], "nec");
	ck_assert_str_eq(f.plan->kernel_protocols[2], "sony");
	done(&f);

	init(&f);
	f.device = new_device("rc-5 [nec] sony [lirc]", true);
	add_protocol(&f, "none");
	add_protocol(&f, "lirc");
	ck_assert_int_eq(make(&f), 0);
	ck_assert(f.plan->change_kernel_protocols);
	ck_assert_uint_eq(f.plan->kernel_protocol_count, 0);
	ck_assert(f.plan->change_decoders);
	done(&f);
}
END_TEST

/* Defaults, then the keymap's values, then -e; scoped -e only to its decoder. */
START_TEST(test_parameters)
{
	struct fixture f;

	init(&f);
	f.device = new_device("[nec] [lirc]", true);
	f.keymaps[f.keymap_count++] = toml("[[protocols]]\nprotocol = \"pulse_distance\"\n"
					   "margin = 100\nbits = 32\nheader_pulse = 9000\n"
					   "bogus = 3\n");
	add_protocol(&f, "manchester");
	add_parameter(&f, NULL, "margin", 150);
	add_parameter(&f, "pulse_distance", "bits", 16);
	ck_assert_int_eq(make(&f), 0);
	ck_assert_uint_eq(f.plan->decoder_count, 2);
	ck_assert_str_eq(f.plan->decoders[0].name, "pulse_distance");
	ck_assert_int_eq(param(&f.plan->decoders[0], "margin"), 150);
	ck_assert_int_eq(param(&f.plan->decoders[0], "bits"), 16);
	ck_assert_int_eq(param(&f.plan->decoders[0], "header_pulse"), 9000);
	ck_assert_str_eq(f.plan->decoders[1].name, "manchester");
	ck_assert_int_eq(param(&f.plan->decoders[1], "margin"), 150);
	/* manchester's bits stay its default: the scoped -e was pulse_distance's. */
	ck_assert_uint_eq(f.plan->decoders[1].param_count, 1);
	ck_assert_uint_eq(f.plan->note_count, 1);
	ck_assert_str_eq(f.plan->notes[0], "test.toml:1: decoder 'pulse_distance' has no "
			 "parameter 'bogus': ignored");
	done(&f);
}
END_TEST

START_TEST(test_parameter_errors)
{
	struct fixture f;

	init(&f);
	f.device = new_device("[nec] [lirc]", true);
	add_protocol(&f, "nec_bpf");
	add_parameter(&f, NULL, "bits", 3);
	ck_assert_int_eq(make(&f), -EINVAL);
	ck_assert_str_eq(f.err.message, "parameter 'bits': no decoder loaded by this command "
			 "has it");
	done(&f);

	init(&f);
	f.device = new_device("[nec] [lirc]", true);
	add_protocol(&f, "nec_bpf");
	add_parameter(&f, "xbox", "margin", 3);
	ck_assert_int_eq(make(&f), -EINVAL);
	ck_assert_str_eq(f.err.message, "parameter 'xbox:margin': no decoder 'xbox' is loaded "
			 "by this command");
	done(&f);

	/* An alias names its decoder. */
	init(&f);
	f.device = new_device("[nec] [lirc]", true);
	add_protocol(&f, "xbox_dvd");
	add_parameter(&f, "xbox-dvd", "bits", 12);
	ck_assert_int_eq(make(&f), 0);
	ck_assert_int_eq(param(&f.plan->decoders[0], "bits"), 12);
	done(&f);
}
END_TEST

/* The same decoder with the same values loads once; other values, twice. */
START_TEST(test_duplicates)
{
	struct fixture f;

	init(&f);
	f.device = new_device("rc-5 [lirc]", true);
	f.keymaps[f.keymap_count++] = toml(NEC_KEYMAP);
	f.keymaps[f.keymap_count++] = toml(NEC_KEYMAP);
	add_protocol(&f, "nec_bpf");
	/* The default, given explicitly, is the same request. */
	f.keymaps[f.keymap_count++] = toml("[[protocols]]\nprotocol = \"nec_bpf\"\n"
					   "margin = 281\n");
	ck_assert_int_eq(make(&f), 0);
	ck_assert_uint_eq(f.plan->decoder_count, 1);
	ck_assert_uint_eq(f.plan->key_count, 2);
	done(&f);

	init(&f);
	f.device = new_device("rc-5 [lirc]", true);
	f.keymaps[f.keymap_count++] = toml(NEC_KEYMAP);
	f.keymaps[f.keymap_count++] = toml("[[protocols]]\nprotocol = \"nec\"\n"
					   "margin = 200\n");
	ck_assert_int_eq(make(&f), 0);
	ck_assert_uint_eq(f.plan->decoder_count, 2);
	done(&f);
}
END_TEST

/* A lircd_space entry (a lircd.conf remote, as the conversion writes it). */
#define LIRCD_SPACE_ENTRY(header_pulse, bits) \
	"[[protocols]]\nprotocol = \"lircd_space\"\nmargin = 150\n" \
	"header_pulse = " #header_pulse "\nheader_space = 4500\none_pulse = 560\n" \
	"one_space = 1690\nzero_pulse = 560\nzero_space = 560\ntrailer_pulse = 560\n" \
	"end_space = 4650\nbits = " #bits "\nreverse = 1\n"

/*
 * Every lircd_space entry of every keymap is a remote of one program: one decoder,
 * its remotes in keymap order, their index built; each entry's scancodes mapped.
 */
START_TEST(test_lircd_space_one_program)
{
	struct fixture f;
	const struct plan_decoder *d;

	init(&f);
	f.device = new_device("[nec] [lirc]", true);
	f.keymaps[f.keymap_count++] = toml(LIRCD_SPACE_ENTRY(9000, 32)
		"[protocols.scancodes]\n0x1234 = \"KEY_UP\"\n"
		LIRCD_SPACE_ENTRY(4500, 16) "[protocols.scancodes]\n0x56 = \"KEY_DOWN\"\n");
	f.keymaps[f.keymap_count++] = toml(LIRCD_SPACE_ENTRY(6000, 24)
		"[protocols.scancodes]\n0x78 = \"KEY_LEFT\"\n");
	ck_assert_int_eq(make(&f), 0);
	ck_assert_uint_eq(f.plan->decoder_count, 1);
	d = &f.plan->decoders[0];
	ck_assert_str_eq(d->name, "lircd_space");
	ck_assert_uint_eq(space_of(d)->remote_count, 3);
	ck_assert_uint_eq(SPACE(d)[0].header_pulse, 9000);
	ck_assert_uint_eq(SPACE(d)[1].bits, 16);
	ck_assert_uint_eq(SPACE(d)[2].header_pulse, 6000);
	ck_assert_uint_eq(SPACE(d)[2].flags, LIRCD_SPACE_REVERSE);
	ck_assert_uint_eq(SPACE(d)[2].end_space, 4650);
	ck_assert_uint_gt(space_of(d)->index_count, 0);
	ck_assert_int_ge(space_of(d)->remotes_map, 0);
	ck_assert_int_ge(space_of(d)->index_map, 0);
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, 0x1234), KEY_UP);
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, 0x56), KEY_DOWN);
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, 0x78), KEY_LEFT);
	done(&f);
}
END_TEST

/*
 * A keymap of count remotes of one family (lircd_space, lircd_biphase or lircd_raw),
 * all starting alike, each with windows of 3000 µs every way (thousands of first
 * pairs each): as a hostile keymap may ask.
 */
static struct keymap *wide_keymap(const char *family, size_t count)
{
	struct keymap *keymap;
	char *text = NULL;
	size_t size = 0, i;
	FILE *f = open_memstream(&text, &size);

	ck_assert_ptr_nonnull(f);
	for (i = 0; i < count; i++) {
		fprintf(f, "[[protocols]]\nprotocol = \"%s\"\nmargin = 3000\n", family);
		if (!strcmp(family, "lircd_space"))
			fprintf(f, "header_pulse = 9000\nheader_space = 4500\none_pulse = 560\n"
				"one_space = %zu\nzero_pulse = 560\nzero_space = %zu\n"
				"trailer_pulse = 560\nend_space = 20000\nbits = 16\n",
				7000 + 40 * i, 1000 + 10 * i);
		else if (!strcmp(family, "lircd_biphase"))
			fprintf(f, "header_pulse = 2600\nheader_space = 2600\none_pulse = %zu\n"
				"one_space = %zu\nzero_pulse = %zu\nzero_space = %zu\n"
				"end_space = 20000\nbits = 10\n", 400 + 10 * i, 400 + 10 * i,
				400 + 10 * i, 400 + 10 * i);
		else
			fprintf(f, "trail_space = 20000\n[[protocols.raw]]\nkeycode = \"KEY_1\"\n"
				"raw = [ 9000, 4500, 560, %zu, 560 ]\n", 500 + 3 * i);
	}
	ck_assert_int_eq(fclose(f), 0);
	keymap = toml(text);
	free(text);
	return keymap;
}

/* The placing work of planning count wide remotes of family offline; their programs. */
static unsigned long long placing_work(const char *family, size_t count, size_t *programs)
{
	struct fixture f;
	unsigned long long work;

	init(&f);
	f.keymaps[f.keymap_count++] = wide_keymap(family, count);
	ck_assert_msg(make(&f) == 0, "%s", f.err.message);
	work = f.plan->placing_work;
	*programs = f.plan->decoder_count;
	done(&f);
	return work;
}

/*
 * Placing remotes grows with the remotes, not with remotes times programs: ten times
 * the remotes, at most twenty times the work (placing each remote by building the
 * index of every program it tried grew a hundred times, and took 20 s for 1,000).
 */
START_TEST(test_lircd_placing_scales)
{
	static const char *const families[] = { "lircd_space", "lircd_biphase", "lircd_raw" };
	unsigned long long small, large;
	size_t i, small_programs, large_programs;

	for (i = 0; i < sizeof(families) / sizeof(families[0]); i++) {
		small = placing_work(families[i], 25, &small_programs);
		large = placing_work(families[i], 250, &large_programs);
		ck_assert_msg(small > 0 && large <= 20 * small,
			      "%s: work %llu for 25 remotes, %llu for 250", families[i], small,
			      large);
		ck_assert_uint_ge(large_programs, small_programs);
	}
	/* 4 raw remotes that start alike to a program. */
	placing_work("lircd_raw", 40, &small_programs);
	ck_assert_uint_eq(small_programs, 10);
	placing_work("lircd_raw", 250, &large_programs);
	ck_assert_uint_eq(large_programs, 63);
}
END_TEST

/*
 * More remotes than a device's 64 programs take: the remote that finds no room is
 * skipped with a note naming its entry, and the 256 before it still load (at boot a
 * keymap must not be lost for one remote too many; it was refused whole before).
 */
START_TEST(test_lircd_programs_limit)
{
	struct fixture f;

	init(&f);
	f.keymaps[f.keymap_count++] = wide_keymap("lircd_raw", 4 * BPF_KERNEL_MAX_LIRC_PROGS + 1);
	ck_assert_msg(make(&f) == 0, "%s", f.err.message);
	ck_assert_uint_eq(f.plan->decoder_count, BPF_KERNEL_MAX_LIRC_PROGS);
	ck_assert_uint_eq(f.plan->key_count, 4 * BPF_KERNEL_MAX_LIRC_PROGS);
	ck_assert_uint_eq(f.plan->note_count, 1);
	/* Each entry is 7 lines, its protocol on its second: the 257th at 1794. */
	ck_assert_str_eq(f.plan->notes[0], "test.toml:1794:12: decoder 'lircd_raw': more remotes "
			 "start alike than 64 lircd_raw programs take (4 that may start with "
			 "one first pulse and space each): skipped");
	done(&f);
}
END_TEST

/*
 * The same for the space-coded family (lircd_table_finish()): remotes whose frames all
 * start with the same header, more of them than 64 indexes take, each its own remote
 * (bits 1 to 64, lengths one descriptor cannot merge when sent LSB first).
 */
START_TEST(test_lircd_space_programs_limit)
{
	struct fixture f;
	char *text = NULL;
	size_t size = 0, i, remotes = 4 * BPF_KERNEL_MAX_LIRC_PROGS + 3;
	FILE *m = open_memstream(&text, &size);

	ck_assert_ptr_nonnull(m);
	for (i = 0; i < remotes; i++)
		fprintf(m, "[[protocols]]\nprotocol = \"lircd_space\"\nmargin = 100\n"
			"header_pulse = 9000\nheader_space = 4500\none_pulse = 560\n"
			"one_space = %zu\nzero_pulse = 560\nzero_space = 560\n"
			"trailer_pulse = 560\nend_space = 40000\nbits = %zu\nreverse = 1\n",
			1200 + 400 * (i / 64), 1 + i % 64);
	ck_assert_int_eq(fclose(m), 0);
	init(&f);
	f.keymaps[f.keymap_count++] = toml(text);
	free(text);
	ck_assert_msg(make(&f) == 0, "%s", f.err.message);
	ck_assert_uint_eq(f.plan->decoder_count, BPF_KERNEL_MAX_LIRC_PROGS);
	ck_assert_uint_ge(f.plan->note_count, 1);
	for (i = 0; i < f.plan->note_count; i++)
		ck_assert_msg(strstr(f.plan->notes[i], ": decoder 'lircd_space': more remotes "
				     "start alike than 64 lircd_space programs take") &&
			      strstr(f.plan->notes[i], "): skipped"), "%s", f.plan->notes[i]);
	done(&f);
}
END_TEST

/*
 * More remotes whose frames start alike than one program's index takes (4 per first
 * pair): a second program takes the fifth; a remote that starts otherwise joins the
 * first program.
 */
START_TEST(test_lircd_space_spread)
{
	struct fixture f;

	init(&f);
	f.device = new_device("[nec] [lirc]", true);
	f.keymaps[f.keymap_count++] = toml(LIRCD_SPACE_ENTRY(9000, 32) LIRCD_SPACE_ENTRY(9000, 31)
		LIRCD_SPACE_ENTRY(9000, 30) LIRCD_SPACE_ENTRY(9000, 29)
		LIRCD_SPACE_ENTRY(9000, 28) LIRCD_SPACE_ENTRY(3000, 20));
	ck_assert_int_eq(make(&f), 0);
	ck_assert_uint_eq(f.plan->decoder_count, 2);
	ck_assert_str_eq(f.plan->decoders[0].name, "lircd_space");
	ck_assert_str_eq(f.plan->decoders[1].name, "lircd_space");
	ck_assert_uint_eq(space_of(&f.plan->decoders[0])->remote_count, 5);
	ck_assert_uint_eq(SPACE(&f.plan->decoders[0])[3].bits, 29);
	ck_assert_uint_eq(SPACE(&f.plan->decoders[0])[4].header_pulse, 3000);
	ck_assert_uint_eq(space_of(&f.plan->decoders[1])->remote_count, 1);
	ck_assert_uint_eq(SPACE(&f.plan->decoders[1])[0].bits, 28);
	done(&f);

	/*
	 * Two remotes of one layout, timings apart by less than their margins: one
	 * descriptor for both (each keymap's scancodes still mapped).
	 */
	init(&f);
	f.device = new_device("[nec] [lirc]", true);
	f.keymaps[f.keymap_count++] = toml(LIRCD_SPACE_ENTRY(9000, 32)
		"[protocols.scancodes]\n0x1234 = \"KEY_UP\"\n");
	f.keymaps[f.keymap_count++] = toml(LIRCD_SPACE_ENTRY(9100, 32)
		"[protocols.scancodes]\n0x5678 = \"KEY_DOWN\"\n");
	ck_assert_int_eq(make(&f), 0);
	ck_assert_uint_eq(f.plan->decoder_count, 1);
	ck_assert_uint_eq(space_of(&f.plan->decoders[0])->remote_count, 1);
	/* [8851, 9149] and [8951, 9249] together: 9050, a margin of 200. */
	ck_assert_uint_eq(SPACE(&f.plan->decoders[0])[0].header_pulse, 9050);
	ck_assert_uint_eq(SPACE(&f.plan->decoders[0])[0].margin, 200);
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, 0x1234), KEY_UP);
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, 0x5678), KEY_DOWN);
	done(&f);
}
END_TEST

/* The same entry sent MSB first: its scancode the bits received, of any length. */
#define LIRCD_SPACE_MSB_ENTRY(bits) \
	"[[protocols]]\nprotocol = \"lircd_space\"\nmargin = 150\n" \
	"header_pulse = 9000\nheader_space = 4500\none_pulse = 560\n" \
	"one_space = 1690\nzero_pulse = 560\nzero_space = 560\ntrailer_pulse = 560\n" \
	"end_space = 4650\nbits = " #bits "\n"

/*
 * Five remotes of different lengths starting alike, MSB first (the NEC-like ones of
 * LIRC's database): one descriptor taking every length, so one program, and each
 * keymap's scancodes still mapped.
 */
START_TEST(test_lircd_space_lengths_merged)
{
	struct fixture f;
	const struct plan_decoder *d;

	init(&f);
	f.device = new_device("[nec] [lirc]", true);
	f.keymaps[f.keymap_count++] = toml(LIRCD_SPACE_MSB_ENTRY(32)
		"[protocols.scancodes]\n0x12345678 = \"KEY_UP\"\n"
		LIRCD_SPACE_MSB_ENTRY(24) "[protocols.scancodes]\n0x123456 = \"KEY_DOWN\"\n"
		LIRCD_SPACE_MSB_ENTRY(28) LIRCD_SPACE_MSB_ENTRY(36) LIRCD_SPACE_MSB_ENTRY(48)
		"[protocols.scancodes]\n0x123456789abc = \"KEY_LEFT\"\n");
	ck_assert_int_eq(make(&f), 0);
	ck_assert_uint_eq(f.plan->decoder_count, 1);
	d = &f.plan->decoders[0];
	ck_assert_uint_eq(space_of(d)->remote_count, 1);
	ck_assert_uint_eq(SPACE(d)[0].bits, 48);
	/* 24, 28 and 32 bits (bits 23, 27, 31 of the low half), 36 (bit 3 of the high). */
	ck_assert_uint_eq(SPACE(d)[0].lengths[0], 1u << 23 | 1u << 27 | 1u << 31);
	ck_assert_uint_eq(SPACE(d)[0].lengths[1], 1u << 3);
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, 0x12345678), KEY_UP);
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, 0x123456), KEY_DOWN);
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, 0x123456789abc), KEY_LEFT);
	done(&f);
}
END_TEST

/*
 * What the decoder cannot take is refused while planning, before a device is
 * touched: a remote's bad description, the decoder with no remote.
 */
START_TEST(test_lircd_space_refused)
{
	struct fixture f;

	init(&f);
	f.device = new_device("[nec] [lirc]", true);
	f.keymaps[f.keymap_count++] = toml(LIRCD_SPACE_ENTRY(9000, 65));
	ck_assert_int_eq(make(&f), -EINVAL);
	ck_assert_str_eq(f.err.message, "test.toml:1: a lircd_space remote of 65 bits (1 to 64)");
	done(&f);

	init(&f);
	f.device = new_device("[nec] [lirc]", true);
	add_protocol(&f, "lircd_space");
	ck_assert_int_eq(make(&f), -EINVAL);
	ck_assert_str_eq(f.err.message, "decoder 'lircd_space' decodes the lircd.conf remotes "
			 "of a keymap, and none was given");
	done(&f);
}
END_TEST

/* A lircd_biphase entry (a lircd.conf bi-phase remote, as the conversion writes it). */
#define LIRCD_BIPHASE_ENTRY(header_pulse, bits) \
	"[[protocols]]\nprotocol = \"lircd_biphase\"\nmargin = 100\n" \
	"header_pulse = " #header_pulse "\nheader_space = 900\none_pulse = 444\n" \
	"one_space = 444\nzero_pulse = 444\nzero_space = 444\ndouble_bits = 16\n" \
	"end_space = 2000\nbits = " #bits "\n"

/*
 * Every lircd_biphase entry of every keymap is a remote of one program; entries of one
 * layout and timings share a descriptor (two lengths), the others keep their own.
 */
START_TEST(test_lircd_biphase_one_program)
{
	struct fixture f;
	const struct plan_decoder *d;

	init(&f);
	f.device = new_device("[nec] [lirc]", true);
	f.keymaps[f.keymap_count++] = toml(LIRCD_BIPHASE_ENTRY(2666, 37)
		"[protocols.scancodes]\n0x3000000000 = \"KEY_UP\"\n"
		LIRCD_BIPHASE_ENTRY(2666, 21) "[protocols.scancodes]\n0x300000 = \"KEY_DOWN\"\n");
	f.keymaps[f.keymap_count++] = toml(LIRCD_BIPHASE_ENTRY(5000, 20)
		"[protocols.scancodes]\n0x100000 = \"KEY_LEFT\"\n");
	ck_assert_int_eq(make(&f), 0);
	ck_assert_uint_eq(f.plan->decoder_count, 1);
	d = &f.plan->decoders[0];
	ck_assert_str_eq(d->name, "lircd_biphase");
	ck_assert_uint_eq(biphase_of(d)->remote_count, 2);
	ck_assert_uint_eq(BIPHASE(d)[0].bits, 37);
	ck_assert_uint_eq(BIPHASE(d)[0].lengths[0], 1u << 20);
	ck_assert_uint_eq(BIPHASE(d)[0].double_bits[0], 16);
	ck_assert_uint_eq(BIPHASE(d)[1].header_pulse, 5000);
	ck_assert_uint_gt(biphase_of(d)->index_count, 0);
	ck_assert_int_ge(biphase_of(d)->remotes_map, 0);
	ck_assert_int_ge(biphase_of(d)->index_map, 0);
	ck_assert_uint_eq(f.plan->key_count, 3);
	done(&f);

	/*
	 * 100 remotes of different headers, more than a device's 64 programs: one
	 * program, each remote its descriptor.
	 */
	{
		char *text = malloc(100 * 400), *at = text;
		size_t i;

		ck_assert(text);
		for (i = 0; i < 100; i++)
			at += sprintf(at, "[[protocols]]\nprotocol = \"lircd_biphase\"\n"
				      "margin = 80\nheader_pulse = %zu\nheader_space = 900\n"
				      "one_pulse = 500\none_space = 500\nzero_pulse = 500\n"
				      "zero_space = 500\nend_space = 2000\nbits = 16\n"
				      "[protocols.scancodes]\n0x%zx = \"KEY_UP\"\n",
				      3000 + 200 * i, 0x10000 + i);
		init(&f);
		f.device = new_device("[nec] [lirc]", true);
		f.keymaps[f.keymap_count++] = toml(text);
		free(text);
		ck_assert_int_eq(make(&f), 0);
		ck_assert_uint_eq(f.plan->decoder_count, 1);
		ck_assert_uint_eq(biphase_of(&f.plan->decoders[0])->remote_count, 100);
		ck_assert_uint_eq(f.plan->key_count, 100);
		done(&f);
	}

	init(&f);
	f.device = new_device("[nec] [lirc]", true);
	f.keymaps[f.keymap_count++] = toml(LIRCD_BIPHASE_ENTRY(2666, 65));
	ck_assert_int_eq(make(&f), -EINVAL);
	ck_assert_str_eq(f.err.message, "test.toml:1: a lircd_biphase remote of 65 bits (1 to 64)");
	done(&f);

	init(&f);
	f.device = new_device("[nec] [lirc]", true);
	add_protocol(&f, "lircd_biphase");
	ck_assert_int_eq(make(&f), -EINVAL);
	ck_assert_str_eq(f.err.message, "decoder 'lircd_biphase' decodes the lircd.conf remotes "
			 "of a keymap, and none was given");
	done(&f);
}
END_TEST

/* A lircd_biphase entry of one header whose halves all last unit µs. */
#define LIRCD_BIPHASE_UNIT_ENTRY(header_pulse, unit, scancode, key) \
	"[[protocols]]\nprotocol = \"lircd_biphase\"\nmargin = 100\n" \
	"header_pulse = " #header_pulse "\nheader_space = 900\none_pulse = " #unit "\n" \
	"one_space = " #unit "\nzero_pulse = " #unit "\nzero_space = " #unit "\n" \
	"end_space = 3000\nbits = 16\n[protocols.scancodes]\n" #scancode " = \"" key "\"\n"

/*
 * Five remotes of one header and bit halves too far apart to share a descriptor: the
 * frames of all five whose first bit is 0 start with the header alone, one first pair
 * for more remotes than an index takes (4). So the fifth spills to a second program,
 * and a remote of another header still joins the first; every scancode mapped.
 */
START_TEST(test_lircd_biphase_spill)
{
	struct fixture f;
	const struct plan_decoder *d;

	init(&f);
	f.device = new_device("[nec] [lirc]", true);
	f.keymaps[f.keymap_count++] = toml(LIRCD_BIPHASE_UNIT_ENTRY(2666, 400, 0x1001, "KEY_A")
		LIRCD_BIPHASE_UNIT_ENTRY(2666, 600, 0x1002, "KEY_B")
		LIRCD_BIPHASE_UNIT_ENTRY(2666, 800, 0x1003, "KEY_C"));
	f.keymaps[f.keymap_count++] = toml(LIRCD_BIPHASE_UNIT_ENTRY(2666, 1000, 0x1004, "KEY_D")
		LIRCD_BIPHASE_UNIT_ENTRY(2666, 1200, 0x1005, "KEY_E")
		LIRCD_BIPHASE_UNIT_ENTRY(5000, 500, 0x1006, "KEY_F"));
	ck_assert_int_eq(make(&f), 0);
	ck_assert_uint_eq(f.plan->decoder_count, 2);
	d = &f.plan->decoders[0];
	ck_assert_str_eq(d->name, "lircd_biphase");
	ck_assert_uint_eq(biphase_of(d)->remote_count, 5);
	ck_assert_uint_eq(BIPHASE(d)[0].one_pulse, 400);
	ck_assert_uint_eq(BIPHASE(d)[3].one_pulse, 1000);
	ck_assert_uint_eq(BIPHASE(d)[4].header_pulse, 5000);
	ck_assert_uint_gt(biphase_of(d)->index_count, 0);
	ck_assert_int_ge(biphase_of(d)->remotes_map, 0);
	d = &f.plan->decoders[1];
	ck_assert_str_eq(d->name, "lircd_biphase");
	ck_assert_uint_eq(biphase_of(d)->remote_count, 1);
	ck_assert_uint_eq(BIPHASE(d)[0].one_pulse, 1200);
	ck_assert_uint_gt(biphase_of(d)->index_count, 0);
	ck_assert_int_ge(biphase_of(d)->index_map, 0);
	ck_assert_uint_eq(f.plan->key_count, 6);
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, 0x1001), KEY_A);
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, 0x1005), KEY_E);
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, 0x1006), KEY_F);
	done(&f);

	/* 100 remotes that all start alike: 4 in each of 25 programs. */
	{
		char *text = malloc(100 * 400), *at = text;
		size_t i;

		ck_assert(text);
		for (i = 0; i < 100; i++)
			at += sprintf(at, "[[protocols]]\nprotocol = \"lircd_biphase\"\n"
				      "margin = 10\nheader_pulse = 2666\nheader_space = 900\n"
				      "one_pulse = %zu\none_space = %zu\nzero_pulse = %zu\n"
				      "zero_space = %zu\nend_space = 9000\nbits = 16\n"
				      "[protocols.scancodes]\n0x%zx = \"KEY_UP\"\n",
				      300 + 25 * i, 300 + 25 * i, 300 + 25 * i, 300 + 25 * i,
				      0x10000 + i);
		init(&f);
		f.device = new_device("[nec] [lirc]", true);
		f.keymaps[f.keymap_count++] = toml(text);
		free(text);
		ck_assert_int_eq(make(&f), 0);
		ck_assert_uint_eq(f.plan->decoder_count, 25);
		for (i = 0; i < 25; i++) {
			ck_assert_str_eq(f.plan->decoders[i].name, "lircd_biphase");
			ck_assert_uint_eq(biphase_of(&f.plan->decoders[i])->remote_count, 4);
		}
		ck_assert_uint_eq(BIPHASE(&f.plan->decoders[24])[3].one_pulse, 300 + 25 * 99);
		ck_assert_uint_eq(f.plan->key_count, 100);
		done(&f);
	}
}
END_TEST

/*
 * Raw patterns: free scancodes from 0, their keys, trail_space and patterns from the
 * patterns.
 */
START_TEST(test_raw)
{
	struct fixture f;
	const struct plan_decoder *raw;

	init(&f);
	f.device = new_device("[nec] [lirc]", true);
	f.keymaps[f.keymap_count++] = toml(
		"[[protocols]]\nprotocol = \"raw\"\nmargin = 100\n"
		"[[protocols.raw]]\nkeycode = \"KEY_UP\"\nraw = \"+1000 -500 +1000 -2500 +500\"\n"
		"[[protocols.raw]]\nkeycode = \"KEY_DOWN\"\nraw = \"+1000 -1500 +500\"\n"
		"[[protocols.raw]]\nkeycode = \"KEY_LEFT\"\nraw = \"+300\"\n");
	add_set_key(&f, 1, "KEY_OK");
	ck_assert_int_eq(make(&f), 0);
	ck_assert_uint_eq(f.plan->decoder_count, 1);
	raw = &f.plan->decoders[0];
	ck_assert_uint_eq(raw_of(raw)->count, 3);
	/* 2500 µs, the longest space, and twice the margin of 100. */
	ck_assert_int_eq(param(raw, "trail_space"), 2700);
	/* The decoder looks at the three patterns given, not at every entry of its map. */
	ck_assert_int_eq(param(raw, "patterns"), 3);
	/* Scancode 1 is -k's: the patterns get 0, 2 and 3. */
	ck_assert_uint_eq(raw_of(raw)->patterns[0].scancode, 0);
	ck_assert_uint_eq(raw_of(raw)->patterns[1].scancode, 2);
	ck_assert_uint_eq(raw_of(raw)->patterns[2].scancode, 3);
	ck_assert_uint_eq(raw_of(raw)->patterns[0].durations[3], 2500);
	ck_assert_uint_eq(raw_of(raw)->patterns[0].durations[5], 0);
	ck_assert_uint_eq(raw_of(raw)->patterns[2].durations[0], 300);
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, 0), KEY_UP);
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, 1), KEY_OK);
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, 2), KEY_DOWN);
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, 3), KEY_LEFT);
	done(&f);
}
END_TEST

START_TEST(test_raw_errors)
{
	struct fixture f;

	init(&f);
	f.device = new_device("[nec] [lirc]", true);
	f.keymaps[f.keymap_count++] = toml(
		"[[protocols]]\nprotocol = \"raw\"\n"
		"[[protocols.raw]]\nkeycode = \"KEY_UP\"\nraw = \"+1000 -70000 +500\"\n");
	ck_assert_int_eq(make(&f), -EINVAL);
	ck_assert_ptr_nonnull(strstr(f.err.message, "70000 microseconds"));
	done(&f);

	init(&f);
	f.device = new_device("[nec] [lirc]", true);
	add_protocol(&f, "raw");
	ck_assert_int_eq(make(&f), -EINVAL);
	ck_assert_ptr_nonnull(strstr(f.err.message, "raw patterns"));
	done(&f);
}
END_TEST

/*
 * A decoder object whose "raw_patterns" map has another layout than the one the host
 * fills (issue 13): refused when planned, so neither --decode nor a device ever copies
 * the host's 260-byte patterns or 4-byte keys into a larger value or key.
 */
static void expect_raw_layout_refused(const char *object, const char *reason)
{
	char path[256], message[512];
	struct fixture f;

	snprintf(path, sizeof(path), TOP_BUILDDIR "/tests/bpf/%s/raw.o", object);
	snprintf(message, sizeof(message), "decoder '%s': %s", path, reason);
	init(&f);
	/* The keymap's "raw" is the -p object raw.o, not the embedded decoder. */
	f.keymaps[f.keymap_count++] = toml(
		"[[protocols]]\nprotocol = \"raw\"\n"
		"[[protocols.raw]]\nkeycode = \"KEY_UP\"\nraw = \"+1000 -500 +500\"\n");
	add_protocol(&f, path);
	ck_assert_int_eq(make(&f), -EINVAL);
	ck_assert_str_eq(f.err.message, message);
	done(&f);
}

START_TEST(test_raw_map_layout)
{
	expect_raw_layout_refused("raw_big_value", "map 'raw_patterns' has 4096-byte values: "
				  "the host writes 260-byte values");
	expect_raw_layout_refused("raw_hash_key6", "map 'raw_patterns' is a hash map: the "
				  "host fills it as a map of type array");
}
END_TEST

/* Keymaps in order, then -k: the last mapping of a scancode wins. */
START_TEST(test_keys_last_wins)
{
	struct fixture f;

	init(&f);
	f.device = new_device("[nec] [lirc]", true);
	f.keymaps[f.keymap_count++] = toml(NEC_KEYMAP);
	f.keymaps[f.keymap_count++] = toml("[[protocols]]\nprotocol = \"nec\"\n"
					   "[protocols.scancodes]\n0x8051 = \"KEY_SLEEP\"\n");
	add_set_key(&f, 0x804e, "key_mute");
	add_set_key(&f, 0x1ffffffffULL, "0x73");
	ck_assert_int_eq(make(&f), 0);
	ck_assert_uint_eq(f.plan->key_count, 3);
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, 0x8051), KEY_SLEEP);
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, 0x804e), KEY_MUTE);
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, 0x1ffffffffULL), KEY_VOLUMEUP);
	done(&f);

	init(&f);
	f.device = new_device("[nec] [lirc]", true);
	add_set_key(&f, 1, "KEY_NOT_THERE");
	ck_assert_int_eq(make(&f), -EINVAL);
	ck_assert_str_eq(f.err.message, "--set-key 0x1: unknown key 'KEY_NOT_THERE'");
	done(&f);
}
END_TEST

static struct keymap *irp_keymap(size_t count, bool distinct);

/* A nec keymap of count scancodes from first on, built as text. */
static struct keymap *scancodes_keymap(unsigned int first, unsigned int count)
{
	struct keymap *keymap;
	char *text = NULL;
	size_t size = 0;
	unsigned int i;
	FILE *f = open_memstream(&text, &size);

	ck_assert_ptr_nonnull(f);
	fprintf(f, "[[protocols]]\nprotocol = \"nec\"\n[protocols.scancodes]\n");
	for (i = 0; i < count; i++)
		fprintf(f, "%u = \"KEY_1\"\n", first + i);
	ck_assert_int_eq(fclose(f), 0);
	keymap = toml(text);
	free(text);
	return keymap;
}

/*
 * The keymaps' scancodes together are counted before any is compared: past
 * KEYMAP_SCANCODES_MAX, as one keymap may have, refused naming the keymap (16 keymaps
 * of 8,192 took seconds of comparing each key with every other); up to it, each
 * scancode where it came first, with the key given last.
 */
START_TEST(test_keys_counted_first)
{
	struct fixture f;

	init(&f);
	f.keymaps[f.keymap_count++] = scancodes_keymap(0, KEYMAP_SCANCODES_MAX / 2);
	f.keymaps[f.keymap_count++] = scancodes_keymap(KEYMAP_SCANCODES_MAX,
						       KEYMAP_SCANCODES_MAX / 2 + 1);
	ck_assert_int_eq(make(&f), -EINVAL);
	ck_assert_str_eq(f.err.message, "test.toml: more than 8192 scancodes in the keymaps "
			 "together");
	done(&f);

	/* So are the protocol entries, each a decoder request until merged. */
	init(&f);
	f.keymaps[f.keymap_count++] = irp_keymap(KEYMAP_PROTOCOLS_MAX / 2, false);
	f.keymaps[f.keymap_count++] = irp_keymap(KEYMAP_PROTOCOLS_MAX / 2 + 1, false);
	ck_assert_int_eq(make(&f), -EINVAL);
	ck_assert_str_eq(f.err.message, "test.toml: more than 4096 protocols in the keymaps "
			 "together");
	done(&f);

	init(&f);
	f.keymaps[f.keymap_count++] = scancodes_keymap(0, KEYMAP_SCANCODES_MAX / 2);
	f.keymaps[f.keymap_count++] = scancodes_keymap(10, KEYMAP_SCANCODES_MAX / 2);
	add_set_key(&f, 5, "KEY_2");
	ck_assert_int_eq(make(&f), 0);
	ck_assert_uint_eq(f.plan->key_count, KEYMAP_SCANCODES_MAX / 2 + 10);
	ck_assert_uint_eq(f.plan->keys[5].scancode, 5);
	ck_assert_uint_eq(f.plan->keys[5].keycode, KEY_2);
	ck_assert_uint_eq(f.plan->keys[KEYMAP_SCANCODES_MAX / 2].scancode,
			  KEYMAP_SCANCODES_MAX / 2);
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, 4), KEY_1);
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, 5), KEY_2);
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, KEYMAP_SCANCODES_MAX), 0);
	done(&f);
}
END_TEST

/*
 * Offline: every decoder but raw, lircd_space and lircd_biphase when nothing is named;
 * kernel names get ports.
 */
START_TEST(test_offline)
{
	struct fixture f;
	size_t i;

	init(&f);
	ck_assert_int_eq(make(&f), 0);
	ck_assert(!f.plan->change_kernel_protocols);
	/* 24 embedded decoders (11 ports, 13 generic), the five that decode only what a keymap
	 * or -p puts in their maps left out. */
	ck_assert_uint_eq(f.plan->decoder_count, 19);
	for (i = 0; i < f.plan->decoder_count; i++) {
		ck_assert_str_ne(f.plan->decoders[i].name, "raw");
		ck_assert_str_ne(f.plan->decoders[i].name, "lircd_space");
		ck_assert_str_ne(f.plan->decoders[i].name, "lircd_biphase");
		ck_assert_str_ne(f.plan->decoders[i].name, "ac");
	}
	done(&f);

	init(&f);
	f.keymaps[f.keymap_count++] = toml(NEC_KEYMAP);
	add_protocol(&f, "RC6");
	ck_assert_int_eq(make(&f), 0);
	ck_assert_uint_eq(f.plan->decoder_count, 2);
	ck_assert_str_eq(f.plan->decoders[0].name, "nec_bpf");
	ck_assert_ptr_null(f.plan->decoders[0].port_of);
	ck_assert_str_eq(f.plan->decoders[1].name, "rc6_bpf");
	ck_assert_uint_eq(f.plan->note_count, 0);
	done(&f);

	/* A hardware protocol decodes nothing offline, and says so. */
	init(&f);
	f.keymaps[f.keymap_count++] = toml("[[protocols]]\nprotocol = \"unknown\"\n"
					   "[protocols.scancodes]\n0x10 = \"KEY_1\"\n");
	ck_assert_int_eq(make(&f), 0);
	ck_assert_uint_eq(f.plan->decoder_count, 0);
	ck_assert_uint_eq(f.plan->key_count, 1);
	ck_assert_uint_eq(f.plan->note_count, 1);
	done(&f);
}
END_TEST

/* A keymap's protocol names a -p object by its file name: one decoder, not two. */
START_TEST(test_keymap_names_option_object)
{
	struct fixture f;

	init(&f);
	f.keymaps[f.keymap_count++] = toml("[[protocols]]\nprotocol = \"foobar\"\n"
					   "[protocols.scancodes]\n0xf = \"KEY_VOLUMEUP\"\n");
	add_protocol(&f, TOP_BUILDDIR "/bpf_protocols/examples/foobar.o");
	ck_assert_msg(make(&f) == 0, "%s", f.err.message);
	ck_assert_uint_eq(f.plan->decoder_count, 1);
	ck_assert_str_eq(f.plan->decoders[0].name,
			 TOP_BUILDDIR "/bpf_protocols/examples/foobar.o");
	ck_assert(!f.plan->decoders[0].embedded);
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, 0xf), KEY_VOLUMEUP);
	/* Still asked for by -p: a device that cannot take it makes that an error. */
	ck_assert_ptr_null(f.plan->decoders[0].wanted_by);
	done(&f);

	/* The same decoder from a keymap and from -p is loaded once, as -p's. */
	init(&f);
	f.keymaps[f.keymap_count++] = toml("[[protocols]]\nprotocol = \"nec\"\n");
	add_protocol(&f, "nec_bpf");
	ck_assert_msg(make(&f) == 0, "%s", f.err.message);
	ck_assert_uint_eq(f.plan->decoder_count, 1);
	ck_assert_str_eq(f.plan->decoders[0].name, "nec_bpf");
	ck_assert_ptr_null(f.plan->decoders[0].wanted_by);
	done(&f);

	/*
	 * Without the -p, "foobar" is nothing known: a keymap's unknown protocol is
	 * skipped with a note, its scancodes still mapped, the other protocols planned.
	 */
	init(&f);
	f.keymaps[f.keymap_count++] = toml("[[protocols]]\nprotocol = \"foobar\"\n"
					   "[protocols.scancodes]\n0xf = \"KEY_VOLUMEUP\"\n"
					   "[[protocols]]\nprotocol = \"nec\"\n");
	ck_assert_msg(make(&f) == 0, "%s", f.err.message);
	ck_assert_uint_eq(f.plan->note_count, 1);
	ck_assert_str_eq(f.plan->notes[0], "test.toml:2:12: unknown protocol 'foobar': not a "
			 "kernel protocol, an embedded decoder or a decoder object: skipped");
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, 0xf), KEY_VOLUMEUP);
	/* The fixture's device has no kernel decoders: nec is its BPF port. */
	ck_assert_uint_eq(f.plan->decoder_count, 1);
	ck_assert_str_eq(f.plan->decoders[0].name, "nec_bpf");
	ck_assert_str_eq(f.plan->decoders[0].wanted_by, "test.toml:6:12");
	done(&f);

	/* Named by -p, the same name is an error. */
	init(&f);
	add_protocol(&f, "foobar");
	ck_assert_int_eq(make(&f), -EINVAL);
	ck_assert_str_eq(f.err.message, "unknown protocol 'foobar': not a kernel protocol, an "
			 "embedded decoder or a decoder object");
	done(&f);
}
END_TEST

/* The parts of the device a plan changes must be there. */
START_TEST(test_device_checks)
{
	struct fixture f;

	init(&f);
	f.device = new_device(NULL, true);
	add_protocol(&f, "none");
	ck_assert_int_eq(make(&f), -EINVAL);
	ck_assert_str_eq(f.err.message, "rc0 has no protocols file: its protocols cannot be "
			 "changed");
	done(&f);

	init(&f);
	f.device = new_device("[nec]", true);
	f.device->input_count = 0;
	add_set_key(&f, 1, "KEY_1");
	ck_assert_int_eq(make(&f), -EINVAL);
	ck_assert_str_eq(f.err.message, "rc0 has no input device: it cannot map scancodes "
			 "to keys");
	f.device->input_count = 1;
	done(&f);

	/* unknown and other need nothing of the device. */
	init(&f);
	f.device = new_device("[other]", false);
	f.keymaps[f.keymap_count++] = toml("[[protocols]]\nprotocol = \"unknown\"\n"
					   "[protocols.scancodes]\n0x10 = \"KEY_1\"\n");
	ck_assert_int_eq(make(&f), 0);
	ck_assert(!f.plan->change_kernel_protocols);
	ck_assert_uint_eq(f.plan->decoder_count, 0);
	done(&f);
}
END_TEST

/*
 * IRP protocols (plan.h): compiled into the decoder's image, with no object and no
 * parameters; one request per database protocol whatever the case of its name; the
 * kernel's protocols left alone (a BPF decoder only); errors before anything else, for
 * a keymap too.
 */
#define LEGACY_NEC "# table x, type: nec\n0x10 KEY_1\n"

/* count IRP entries: the same program with a comment each, or each its own gap. */
static struct keymap *irp_keymap(size_t count, bool distinct)
{
	struct keymap *keymap;
	char *text = NULL;
	size_t size = 0, i;
	FILE *f = open_memstream(&text, &size);

	ck_assert_ptr_nonnull(f);
	for (i = 0; i < count; i++)
		fprintf(f, "[[protocols]]\nprotocol = \"irp\"\nirp = \"{38k,564}<1,-1|1,-3>"
			"(16,-8,D:8,F:8,1,^%zum)*[D:0..255,F:0..255] /* entry %zu */\"\n",
			distinct ? 100 + i : 100, i);
	ck_assert_int_eq(fclose(f), 0);
	keymap = toml(text);
	free(text);
	return keymap;
}

/*
 * IRP decoders are their compiled programs: entries that differ only in comments are
 * one program (each was a program of its own: 8,000 of them ran on every sample of
 * --decode). A device takes at most 64 programs: more are refused when planned, not
 * after the kernel verified 64 of them, and offline as well.
 */
START_TEST(test_irp_programs)
{
	struct fixture f;

	init(&f);
	f.keymaps[f.keymap_count++] = irp_keymap(100, false);
	ck_assert_int_eq(make(&f), 0);
	ck_assert_uint_eq(f.plan->decoder_count, 1);
	done(&f);

	init(&f);
	f.device = new_device("[nec] [lirc]", true);
	f.keymaps[f.keymap_count++] = irp_keymap(BPF_KERNEL_MAX_LIRC_PROGS, true);
	ck_assert_int_eq(make(&f), 0);
	ck_assert_uint_eq(f.plan->decoder_count, BPF_KERNEL_MAX_LIRC_PROGS);
	done(&f);

	init(&f);
	f.device = new_device("[nec] [lirc]", true);
	f.keymaps[f.keymap_count++] = irp_keymap(BPF_KERNEL_MAX_LIRC_PROGS + 1, true);
	ck_assert_int_eq(make(&f), -EINVAL);
	ck_assert_str_eq(f.err.message, "65 BPF decoders: rc0 takes at most 64");
	done(&f);

	/* Offline too: --decode and --test-keymap take what a device takes. */
	init(&f);
	f.keymaps[f.keymap_count++] = irp_keymap(BPF_KERNEL_MAX_LIRC_PROGS + 1, true);
	ck_assert_int_eq(make(&f), -EINVAL);
	ck_assert_str_eq(f.err.message, "65 BPF decoders: a LIRC device takes at most 64");
	done(&f);
}
END_TEST

START_TEST(test_irp)
{
	struct keymap *legacy;
	struct ir_error err;
	struct fixture f;

	init(&f);
	f.device = new_device("[nec] rc-5 [lirc]", true);
	f.keymaps[f.keymap_count++] = toml("[[protocols]]\nprotocol = \"irp\"\nirp = \"NEC1\"\n"
					   "margin = 100\n[protocols.scancodes]\n"
					   "0x8051 = \"KEY_POWER\"\n");
	add_protocol(&f, "irp:nec1");
	ck_assert_int_eq(make(&f), 0);
	ck_assert(!f.plan->change_kernel_protocols);
	ck_assert(f.plan->change_decoders);
	ck_assert_uint_eq(f.plan->decoder_count, 1);
	ck_assert_str_eq(f.plan->decoders[0].name, "irp:NEC1");
	ck_assert_ptr_null(f.plan->decoders[0].object);
	ck_assert_ptr_nonnull(f.plan->decoders[0].image);
	ck_assert_uint_gt(f.plan->decoders[0].image->insn_count, 0);
	ck_assert_uint_eq(f.plan->decoders[0].param_count, 0);
	ck_assert_uint_eq(f.plan->key_count, 1);
	ck_assert_uint_eq(f.plan->note_count, 1);
	ck_assert_str_eq(f.plan->notes[0],
			 "test.toml:1: decoder 'irp:NEC1' has no parameter 'margin': ignored");
	done(&f);

	/* -e has nothing to set in an IRP decoder. */
	init(&f);
	add_protocol(&f, "irp:{38k,500}<1,-1|1,-3>(16,-8,D:8,F:8,1,-50m)*[D:0..255,F:0..255]");
	add_parameter(&f, NULL, "margin", 100);
	ck_assert_int_eq(make(&f), -EINVAL);
	ck_assert_str_eq(f.err.message, "parameter 'margin': no decoder loaded by this command "
			 "has it");
	done(&f);

	/* Offline, an IRP string: its own decoder, named by the string. */
	init(&f);
	add_protocol(&f, "irp:{38k,500}<1,-1|1,-3>(16,-8,D:8,F:8,1,-50m)*[D:0..255,F:0..255]");
	add_protocol(&f, "irp:RC5");
	ck_assert_int_eq(make(&f), 0);
	ck_assert_uint_eq(f.plan->decoder_count, 2);
	ck_assert_str_eq(f.plan->decoders[0].name,
			 "irp:{38k,500}<1,-1|1,-3>(16,-8,D:8,F:8,1,-50m)*[D:0..255,F:0..255]");
	ck_assert_str_eq(f.plan->decoders[1].name, "irp:RC5");
	done(&f);

	/* No LIRC device: a keymap's IRP protocol is skipped, -p's is an error. */
	init(&f);
	f.device = new_device("[nec]", false);
	f.keymaps[f.keymap_count++] = toml("[[protocols]]\nprotocol = \"irp\"\nirp = \"RC5\"\n"
					   "[protocols.scancodes]\n0x10 = \"KEY_1\"\n");
	ck_assert_int_eq(make(&f), 0);
	ck_assert_uint_eq(f.plan->decoder_count, 0);
	ck_assert_uint_eq(f.plan->key_count, 1);
	ck_assert_uint_eq(f.plan->note_count, 1);
	ck_assert_ptr_nonnull(strstr(f.plan->notes[0], "no LIRC device"));
	done(&f);
	init(&f);
	f.device = new_device("[nec]", false);
	add_protocol(&f, "irp:RC5");
	ck_assert_int_eq(make(&f), -EINVAL);
	ck_assert_ptr_nonnull(strstr(f.err.message, "no LIRC device"));
	done(&f);

	/*
	 * A keymap's IRP that does not compile, names no database protocol, or is not
	 * given (a legacy keymap cannot say which) is skipped with a note, as an unknown
	 * protocol is: the rest of the keymap still loads at boot.
	 */
	init(&f);
	f.device = new_device("[nec]", false);
	f.keymaps[f.keymap_count++] = toml("[[protocols]]\nprotocol = \"irp\"\n"
					   "irp = \"{38k,500}<1,-1|1,-3>(D:8,F:8\"\n");
	ck_assert_int_eq(make(&f), 0);
	ck_assert_uint_eq(f.plan->decoder_count, 0);
	ck_assert_str_eq(f.plan->notes[0], "test.toml:3:7: irp:29: expected ',' or ')', "
			 "found the end: skipped");
	done(&f);
	init(&f);
	f.keymaps[f.keymap_count++] = toml("[[protocols]]\nprotocol = \"irp\"\n"
					   "irp = \"NEC-1\"\n");
	ck_assert_int_eq(make(&f), 0);
	ck_assert_str_eq(f.plan->notes[0], "test.toml:3:7: unknown IRP protocol 'NEC-1': "
			 "neither a name of the IRP database nor an IRP string ('{...}'): skipped");
	done(&f);
	init(&f);
	/* Both readers refuse "irp" without its string; a keymap made in memory may lack it. */
	ck_assert_int_eq(keymap_load_legacy(LEGACY_NEC, strlen(LEGACY_NEC), "old", &legacy,
					    &err), 0);
	free(legacy->protocols[0].protocol);
	legacy->protocols[0].protocol = strdup("irp");
	ck_assert_ptr_nonnull(legacy->protocols[0].protocol);
	f.keymaps[f.keymap_count++] = legacy;
	ck_assert_int_eq(make(&f), 0);
	ck_assert_ptr_nonnull(strstr(f.plan->notes[0], "old:1:"));
	ck_assert_ptr_nonnull(strstr(f.plan->notes[0], "protocol 'irp' needs an 'irp' key"));
	done(&f);

	/* -p's is an error. */
	init(&f);
	add_protocol(&f, "irp:NEC-1");
	ck_assert_int_eq(make(&f), -EINVAL);
	ck_assert_str_eq(f.err.message, "-p irp:NEC-1: unknown IRP protocol 'NEC-1': "
			 "neither a name of the IRP database nor an IRP string ('{...}')");
	done(&f);

	ck_assert_int_eq(plan_irp_check("sony12", "x: ", &err), 0);
	ck_assert_int_eq(plan_irp_check("Zenith", "x: ", &err), -EINVAL);
	ck_assert_str_eq(err.message, "x: IRP protocol 'Zenith' cannot be decoded: its IRP "
			 "database entry marks it as not decodable");
}
END_TEST

/*
 * The table of decoder families (decoder_family.h): each family plans by itself the
 * entries and -p names it claims, takes the entries of the objects it claims; no two
 * answer to one name.
 */
START_TEST(test_family_table)
{
	const struct decoder_family_ops *f, *g;
	size_t i, j;

	ck_assert_uint_eq(decoder_family_count(), 8);
	ck_assert_ptr_null(decoder_family_at(decoder_family_count()));
	for (i = 0; (f = decoder_family_at(i)); i++) {
		ck_assert_ptr_nonnull(f->name);
		ck_assert_msg(!f->claims_entry == !f->plan_entry, "%s: claims_entry", f->name);
		ck_assert_msg(!f->claims_option == !f->plan_option, "%s: claims_option",
			      f->name);
		ck_assert_msg(!f->claims_object || f->take, "%s: takes no entry", f->name);
		ck_assert_msg(!f->init == !f->free_state, "%s: state", f->name);
		for (j = 0; j < i; j++) {
			g = decoder_family_at(j);
			ck_assert_msg(strcmp(f->name, g->name), "two families '%s'", f->name);
		}
	}
}
END_TEST

/* Which family gets a decoder: the entry and the object decide (plan.h's rules). */
START_TEST(test_family_of_decoders)
{
	struct fixture f;

	/* A keymap's embedded decoder with parameters only: the embedded family. */
	init(&f);
	f.keymaps[f.keymap_count++] = toml("[[protocols]]\nprotocol = \"pulse_distance\"\n"
					   "header_pulse = 9000\n[protocols.scancodes]\n"
					   "0x1 = \"KEY_1\"\n");
	ck_assert_msg(make(&f) == 0, "%s", f.err.message);
	ck_assert_uint_eq(f.plan->decoder_count, 1);
	ck_assert_ptr_eq(f.plan->decoders[0].family, &family_embedded);
	ck_assert_ptr_null(f.plan->decoders[0].state);
	done(&f);

	/* An object file named by -p; an IRP protocol, compiled, of no object. */
	init(&f);
	add_protocol(&f, TOP_BUILDDIR "/bpf_protocols/examples/foobar.o");
	add_protocol(&f, "irp:NEC1");
	ck_assert_msg(make(&f) == 0, "%s", f.err.message);
	ck_assert_uint_eq(f.plan->decoder_count, 2);
	ck_assert_ptr_eq(f.plan->decoders[0].family, &family_file);
	ck_assert_ptr_eq(f.plan->decoders[1].family, &family_irp);
	done(&f);

	/* Raw entries: the raw family, whose patterns -v counts. */
	init(&f);
	f.keymaps[f.keymap_count++] = toml("[[protocols]]\nprotocol = \"raw\"\n"
					   "[[protocols.raw]]\nkeycode = \"KEY_UP\"\n"
					   "raw = \"+1000 -500 +1000\"\n");
	ck_assert_msg(make(&f) == 0, "%s", f.err.message);
	ck_assert_uint_eq(f.plan->decoder_count, 1);
	ck_assert_ptr_eq(f.plan->decoders[0].family, &family_raw);
	{
		char *text = NULL;
		size_t size = 0;
		FILE *out = open_memstream(&text, &size);

		plan_decoder_describe(&f.plan->decoders[0], out);
		fclose(out);
		ck_assert_str_eq(text, "\t1 raw patterns\n");
		free(text);
	}
	done(&f);
}
END_TEST

static const struct family_ac_state *ac_of(const struct plan_decoder *d)
{
	ck_assert_ptr_eq(d->family, &family_ac);
	return d->state;
}

/* The protocols' bits in ac_protocol_at() order, by name. */
static uint64_t ac_mask(const char *const *names, size_t count)
{
	uint64_t mask = 0;
	size_t i;

	for (i = 0; i < count; i++) {
		const struct ac_protocol_info *info = ac_protocol_find(names[i]);

		ck_assert_msg(info, "%s", names[i]);
		mask |= 1ULL << (info - ac_protocol_at(0));
	}
	return mask;
}

/*
 * -p ac: one program with every A/C protocol; -p ac:NAME,... and keymap entries of
 * protocol "ac" (variant: the names) add theirs to the same program.
 */
START_TEST(test_ac)
{
	static const char *const some[] = {
		"daikin", "gree", "coolix", "mitsubishi_ac", "midea", "fujitsu_ac", "toshiba_ac",
		"panasonic_ac", "lg", "hitachi_ac", "haier_ac", "samsung_ac",
		"whirlpool_ac", "lg2", "daikin2", "trotec",
		"daikin152", "mitsubishi_heavy_152", "mitsubishi_heavy_88",
		"rhoss", "technibel_ac",
		"corona_ac", "goodweather", "electra_ac", "carrier_ac64", "sanyo_ac",
		"sharp_ac",
		"daikin160", "tcl112ac", "daikin176", "fujitsu_ac_ardb1", "daikin216", "vestel_ac", "neoclima",
	};
#define AC_KNOWN (sizeof(some) / sizeof(some[0]))
	const struct plan_decoder *d;
	struct fixture f;
	char *text = NULL;
	size_t size = 0;
	FILE *out;

	init(&f);
	f.device = new_device("[nec] [lirc]", true);
	add_protocol(&f, "ac");
	ck_assert_msg(make(&f) == 0, "%s", f.err.message);
	ck_assert_uint_eq(f.plan->decoder_count, 1);
	d = &f.plan->decoders[0];
	ck_assert_str_eq(d->name, "ac");
	ck_assert_uint_eq(ac_of(d)->protocols, ac_mask(some, AC_KNOWN));
	ck_assert_int_eq(param(d, "protocols"), (int64_t)AC_KNOWN);
	ck_assert_int_ge(ac_of(d)->map, 0);
	done(&f);

	init(&f);
	add_protocol(&f, "ac:daikin,Gree");
	add_protocol(&f, "ac:gree");
	f.keymaps[f.keymap_count++] = toml("[[protocols]]\nprotocol = \"ac\"\n"
					   "variant = \"coolix\"\n");
	ck_assert_msg(make(&f) == 0, "%s", f.err.message);
	ck_assert_uint_eq(f.plan->decoder_count, 1);
	d = &f.plan->decoders[0];
	ck_assert_uint_eq(ac_of(d)->protocols, ac_mask(some, 3));
	ck_assert_int_eq(param(d, "protocols"), 3);
	out = open_memstream(&text, &size);
	plan_decoder_describe(d, out);
	fclose(out);
	ck_assert_str_eq(text, "\t3 A/C protocols: gree, coolix, daikin\n");
	free(text);
	done(&f);

	/* A keymap entry with no variant: every protocol. */
	init(&f);
	f.keymaps[f.keymap_count++] = toml("[[protocols]]\nprotocol = \"ac\"\n");
	ck_assert_msg(make(&f) == 0, "%s", f.err.message);
	ck_assert_uint_eq(f.plan->decoder_count, 1);
	ck_assert_uint_eq(ac_of(&f.plan->decoders[0])->protocols, ac_mask(some, AC_KNOWN));
	done(&f);

	init(&f);
	add_protocol(&f, "ac:daikin,nosuch");
	ck_assert_int_eq(make(&f), -EINVAL);
	ck_assert_str_eq(f.err.message, "no A/C protocol 'nosuch' (see rc_keymap(5), ac)");
	done(&f);

	init(&f);
	add_protocol(&f, "ac:");
	ck_assert_int_eq(make(&f), -EINVAL);
	ck_assert_str_eq(f.err.message, "no A/C protocol '' (see rc_keymap(5), ac)");
	done(&f);

	init(&f);
	f.keymaps[f.keymap_count++] = toml("[[protocols]]\nprotocol = \"ac\"\n"
					   "variant = \"gree,lg9\"\n");
	ck_assert_int_eq(make(&f), -EINVAL);
	ck_assert_str_eq(f.err.message, "test.toml:1: no A/C protocol 'lg9' (see rc_keymap(5), ac)");
	done(&f);

	/* A device with no LIRC device takes no BPF decoder. */
	init(&f);
	f.device = new_device("[nec]", false);
	add_protocol(&f, "ac");
	ck_assert_int_eq(make(&f), -EINVAL);
	done(&f);
}
END_TEST

/* A root whose /proc/sys/kernel/osrelease says release; its path, to free. */
static char *root_with_release(const char *release)
{
	char *root = strdup("/tmp/test-plan-ac-XXXXXX"), path[256];
	FILE *f;

	ck_assert_ptr_nonnull(mkdtemp(root));
	snprintf(path, sizeof(path), "%s/proc", root);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/proc/sys", root);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/proc/sys/kernel", root);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/proc/sys/kernel/osrelease", root);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fprintf(f, "%s\n", release);
	fclose(f);
	return root;
}

static void remove_root(char *root)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/proc/sys/kernel/osrelease", root);
	unlink(path);
	snprintf(path, sizeof(path), "%s/proc/sys/kernel", root);
	rmdir(path);
	snprintf(path, sizeof(path), "%s/proc/sys", root);
	rmdir(path);
	snprintf(path, sizeof(path), "%s/proc", root);
	rmdir(path);
	rmdir(root);
	free(root);
}

/* Before Linux 5.7 a scancode keeps 32 bits: -p ac on a device says the flags are lost. */
START_TEST(test_ac_old_kernel_note)
{
	static const char *const releases[] = { "5.4.0-150-generic", "5.7.0", "6.1.192" };
	struct fixture f;
	size_t i, j;

	for (i = 0; i < 3; i++) {
		char *root = root_with_release(releases[i]);
		bool noted = false;

		init(&f);
		f.root = root;
		f.device = new_device("[nec] [lirc]", true);
		add_protocol(&f, "ac:gree");
		ck_assert_msg(make(&f) == 0, "%s", f.err.message);
		for (j = 0; j < f.plan->note_count; j++)
			noted |= !strcmp(f.plan->notes[j], "Linux 5.4 keeps only the low 32 bits "
					 "of a scancode: the A/C states' flags (quiet, turbo, ...) "
					 "are lost; Linux 5.7 and later keep them");
		ck_assert_msg(noted == (i == 0), "%s: noted %d", releases[i], noted);
		done(&f);
		remove_root(root);
	}
}
END_TEST

/* -p all offline: every embedded decoder but those of families that need a keymap. */
START_TEST(test_family_all_offline)
{
	const struct decoder_family_ops *family;
	struct fixture f;
	size_t i;

	init(&f);
	add_protocol(&f, "all");
	ck_assert_msg(make(&f) == 0, "%s", f.err.message);
	/* raw, lircd_space, lircd_biphase, lircd_raw and ac decode only a keymap's data. */
	ck_assert_uint_eq(f.plan->decoder_count, decoder_count() - 5);
	for (i = 0; i < f.plan->decoder_count; i++) {
		family = f.plan->decoders[i].family;
		ck_assert_msg(!family->needs_keymap, "%s", f.plan->decoders[i].name);
		ck_assert_ptr_eq(family, &family_embedded);
	}
	done(&f);
}
END_TEST

/* What plan_decoder_fill_maps() writes, recorded: map index, key and value bytes. */
struct map_write {
	size_t map;
	unsigned char key[8], value[64];
};

struct map_writes {
	struct map_write writes[80];
	size_t count;
};

static int record_write(void *target, size_t map_index, const void *key, const void *value,
			struct ir_error *err)
{
	struct map_writes *w = target;
	struct map_write *one;

	(void)err;
	ck_assert_uint_lt(w->count, 80);
	one = &w->writes[w->count++];
	one->map = map_index;
	/* The layouts' sizes (pointer_table.h): 8-byte scancodes, a 48-byte state. */
	memcpy(one->key, key, map_index == w->writes[0].map ? 8 : 4);
	memcpy(one->value, value, map_index == w->writes[0].map ? 8 : 48);
	return 0;
}

#define POINTER_KEYMAP "[[protocols]]\nprotocol = \"nec\"\npointer_speed = 3\n" \
		       "pointer_max = 9\n[protocols.scancodes]\n0x0440 = \"POINTER_UP\"\n" \
		       "0x0443 = \"POINTER_DOWN_RIGHT\"\n0x0445 = \"BTN_LEFT\"\n"

/*
 * A keymap's pointer entries leave the keys for the plan's pointer table, with the
 * keymap's speed and the defaults where it gives none (rc_keymap(5): accel 2, hold
 * 250 ms); the decoder gets both maps filled, the mouse button stays a key.
 */
START_TEST(test_pointer_offline)
{
	struct map_writes writes = { .count = 0 };
	const struct plan_decoder *d;
	struct ir_error err;
	struct fixture f;
	uint64_t scancode;
	int32_t value[12];

	init(&f);
	f.keymaps[f.keymap_count++] = toml(POINTER_KEYMAP);
	ck_assert_msg(make(&f) == 0, "%s", f.err.message);
	ck_assert_uint_eq(f.plan->decoder_count, 1);
	d = &f.plan->decoders[0];
	ck_assert_str_eq(d->name, "nec_bpf");
	/* The speed is the planner's, not a parameter of the decoder (no note either). */
	ck_assert_uint_eq(d->param_count, 0);
	ck_assert_uint_eq(f.plan->note_count, 0);
	ck_assert_uint_eq(f.plan->key_count, 1);
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, 0x0445), BTN_LEFT);
	ck_assert_uint_eq(keytable_plan_lookup(f.plan, 0x0440), 0);
	ck_assert_uint_eq(f.plan->pointer.key_count, 2);
	ck_assert_uint_eq(f.plan->pointer.keys[0].scancode, 0x0440);
	ck_assert_int_eq(f.plan->pointer.keys[0].rel_x, 0);
	ck_assert_int_eq(f.plan->pointer.keys[0].rel_y, -1);
	ck_assert_uint_eq(f.plan->pointer.keys[1].scancode, 0x0443);
	ck_assert_int_eq(f.plan->pointer.keys[1].rel_x, 1);
	ck_assert_int_eq(f.plan->pointer.keys[1].rel_y, 1);
	ck_assert_uint_eq(f.plan->pointer.speed, 3);
	ck_assert_uint_eq(f.plan->pointer.accel, 2);
	ck_assert_uint_eq(f.plan->pointer.max, 9);
	ck_assert_uint_eq(f.plan->pointer.hold_ms, 250);
	ck_assert_ptr_eq(d->pointer, &f.plan->pointer);

	ck_assert_int_eq(plan_decoder_fill_maps(d, record_write, &writes, &err), 0);
	ck_assert_uint_eq(writes.count, 3);
	ck_assert_uint_eq(writes.writes[0].map, writes.writes[1].map);
	ck_assert_uint_ne(writes.writes[0].map, writes.writes[2].map);
	memcpy(&scancode, writes.writes[1].key, 8);
	ck_assert_uint_eq(scancode, 0x0443);
	memcpy(value, writes.writes[1].value, 8);
	ck_assert_int_eq(value[0], 1);
	ck_assert_int_eq(value[1], 1);
	/* The state: speed, accel, max, hold, then the program's, zero. */
	memcpy(value, writes.writes[2].value, 48);
	ck_assert_int_eq(value[0], 3);
	ck_assert_int_eq(value[1], 2);
	ck_assert_int_eq(value[2], 9);
	ck_assert_int_eq(value[3], 250);
	ck_assert_int_eq(value[4] | value[5] | value[6] | value[7] | value[8] | value[9], 0);
	done(&f);

	/* No pointer entries: nothing written, whatever the decoder has. */
	init(&f);
	f.keymaps[f.keymap_count++] = toml(NEC_KEYMAP);
	ck_assert_int_eq(make(&f), 0);
	ck_assert_ptr_null(f.plan->decoders[0].pointer);
	ck_assert_int_gt(f.plan->decoders[0].pointer_keys_map, 0);
	writes.count = 0;
	ck_assert_int_eq(plan_decoder_fill_maps(&f.plan->decoders[0], record_write, &writes,
						&err), 0);
	ck_assert_uint_eq(writes.count, 0);
	done(&f);
}
END_TEST

/* Bad speeds are notes, and skipped entries for --test-keymap; the rest still loads. */
START_TEST(test_pointer_bad_entries)
{
	struct fixture f;

	init(&f);
	f.keymaps[f.keymap_count++] = toml("[[protocols]]\nprotocol = \"nec\"\n"
					   "pointer_speed = 0\npointer_hold = 5000\n"
					   "pointer_accel = 7\n[protocols.scancodes]\n"
					   "0x10 = \"POINTER_LEFT\"\n");
	ck_assert_msg(make(&f) == 0, "%s", f.err.message);
	ck_assert_uint_eq(f.plan->skipped_count, 2);
	ck_assert_str_eq(f.plan->skipped[0],
			 "test.toml:1: pointer_speed = 0 out of range (1 to 1000): skipped");
	ck_assert_str_eq(f.plan->skipped[1],
			 "test.toml:1: pointer_hold = 5000 out of range (20 to 2000): skipped");
	ck_assert_uint_eq(f.plan->pointer.speed, 2);
	ck_assert_uint_eq(f.plan->pointer.accel, 7);
	ck_assert_uint_eq(f.plan->pointer.hold_ms, 250);
	ck_assert_uint_eq(f.plan->pointer.key_count, 1);
	done(&f);

	/* The kernel decodes nec on this device: nothing would move the pointer. */
	init(&f);
	f.device = new_device("[nec] [lirc]", true);
	f.keymaps[f.keymap_count++] = toml(POINTER_KEYMAP);
	ck_assert_msg(make(&f) == 0, "%s", f.err.message);
	ck_assert_uint_eq(f.plan->decoder_count, 0);
	ck_assert_uint_eq(f.plan->key_count, 1);
	ck_assert_uint_eq(f.plan->note_count, 1);
	ck_assert_str_eq(f.plan->notes[0], "2 pointer buttons, and no BPF decoder here moves "
			 "the pointer: a kernel protocol needs its BPF port (nec_bpf for nec, "
			 "...)");
	done(&f);

	/* Its BPF port, named: it does. */
	init(&f);
	f.device = new_device("[nec] [lirc]", true);
	f.keymaps[f.keymap_count++] = toml("[[protocols]]\nprotocol = \"nec_bpf\"\n"
					   "[protocols.scancodes]\n0x10 = \"POINTER_LEFT\"\n");
	ck_assert_msg(make(&f) == 0, "%s", f.err.message);
	ck_assert_uint_eq(f.plan->decoder_count, 1);
	ck_assert_ptr_eq(f.plan->decoders[0].pointer, &f.plan->pointer);
	ck_assert_uint_eq(f.plan->note_count, 0);
	done(&f);

	/* A compiled IRP decoder (no object) has the maps too. */
	init(&f);
	f.keymaps[f.keymap_count++] = toml("[[protocols]]\nprotocol = \"irp\"\nirp = \"NEC1\"\n"
					   "[protocols.scancodes]\n0x10 = \"POINTER_LEFT\"\n");
	ck_assert_msg(make(&f) == 0, "%s", f.err.message);
	ck_assert_uint_eq(f.plan->decoder_count, 1);
	ck_assert_ptr_null(f.plan->decoders[0].object);
	ck_assert_int_gt(f.plan->decoders[0].pointer_keys_map, 0);
	ck_assert_ptr_eq(f.plan->decoders[0].pointer, &f.plan->pointer);
	ck_assert_uint_eq(f.plan->note_count, 0);
	done(&f);
}
END_TEST

static Suite *keytable_plan_suite(void)
{
	Suite *s = suite_create("keytable_plan");
	TCase *tc;

	tc = tcase_create("names");
	tcase_add_test(tc, test_protocol_names);
	suite_add_tcase(s, tc);
	tc = tcase_create("protocols");
	tcase_add_test(tc, test_keymap_kernel_protocol);
	tcase_add_test(tc, test_bpf_only_keeps_kernel_protocols);
	tcase_add_test(tc, test_port_when_kernel_lacks_decoder);
	tcase_add_test(tc, test_no_lirc_no_decoder);
	tcase_add_test(tc, test_all_none_lirc);
	suite_add_tcase(s, tc);
	tc = tcase_create("parameters");
	tcase_add_test(tc, test_parameters);
	tcase_add_test(tc, test_parameter_errors);
	tcase_add_test(tc, test_duplicates);
	suite_add_tcase(s, tc);
	tc = tcase_create("raw");
	tcase_add_test(tc, test_raw);
	tcase_add_test(tc, test_lircd_space_one_program);
	tcase_add_test(tc, test_lircd_space_spread);
	tcase_add_test(tc, test_lircd_space_lengths_merged);
	tcase_add_test(tc, test_lircd_space_refused);
	tcase_add_test(tc, test_lircd_biphase_one_program);
	tcase_add_test(tc, test_lircd_biphase_spill);
	tcase_add_test(tc, test_lircd_placing_scales);
	tcase_add_test(tc, test_lircd_programs_limit);
	tcase_add_test(tc, test_lircd_space_programs_limit);
	tcase_add_test(tc, test_raw_errors);
	tcase_add_test(tc, test_raw_map_layout);
	suite_add_tcase(s, tc);
	tc = tcase_create("keys");
	tcase_add_test(tc, test_keys_last_wins);
	tcase_add_test(tc, test_keys_counted_first);
	suite_add_tcase(s, tc);
	tc = tcase_create("pointer");
	tcase_add_test(tc, test_pointer_offline);
	tcase_add_test(tc, test_pointer_bad_entries);
	suite_add_tcase(s, tc);
	tc = tcase_create("offline");
	tcase_add_test(tc, test_offline);
	suite_add_tcase(s, tc);
	tc = tcase_create("objects");
	tcase_add_test(tc, test_keymap_names_option_object);
	suite_add_tcase(s, tc);
	tc = tcase_create("irp");
	tcase_add_test(tc, test_irp);
	tcase_add_test(tc, test_irp_programs);
	suite_add_tcase(s, tc);
	tc = tcase_create("device");
	tcase_add_test(tc, test_device_checks);
	suite_add_tcase(s, tc);
	tc = tcase_create("families");
	tcase_add_test(tc, test_family_table);
	tcase_add_test(tc, test_family_of_decoders);
	tcase_add_test(tc, test_family_all_offline);
	tcase_add_test(tc, test_ac);
	tcase_add_test(tc, test_ac_old_kernel_note);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = keytable_plan_suite);
