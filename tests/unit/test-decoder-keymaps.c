// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Every bundled keymap (the TOML files of rc_keymaps) whose protocol has a BPF decoder
 * (a port of the kernel's decoder, or a generic one such as xbox_dvd) decodes, in the
 * userspace VM, a signal made by the test encoders for each of its scancodes.
 *
 * NEC keys are sent as their variant lays the bytes out; what comes back is what the
 * kernel makes of those bytes (rc-protos.rst): NEC-32 when the fourth byte is not the
 * inverse of the third, else NEC-X when the second is not the inverse of the first,
 * else NEC. A few of the kernel's own tables hold scancodes its decoders never report
 * that way (NEC-32 codes that read as NEC-X, RC-6-MCE codes with the toggle bit set);
 * those must come back as the kernel reports them, and are counted. Some hold
 * scancodes no frame of their protocol can carry (receivers that decode in hardware
 * report them); those are counted and skipped.
 *
 * Keymaps of the generic decoders (pulse_distance, samsung36, grundig, the hand-kept
 * keymaps of rc_keymaps/extra.am) are sent with the keymap's own parameters, and
 * decoded by the decoder loaded with those parameters, as ir-keytable would load it;
 * a parameter the keymap leaves out has the decoder's default. A keymap that allows
 * a missing header (header_optional) must also decode its frames without one. The
 * imon_rsc stick has no keys: each of its 16 directions must move the pointer, each
 * its own way. A generic decoder that this test has no encoder for fails the test
 * as soon as a bundled keymap gives it keys.
 */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/lirc.h>

#include "bpf_object.h"
#include "decoder_run.h"
#include "decoders.h"
#include "encoders.h"
#include "keymap.h"
#include "test-main.h"

#define KEYMAP_DIR	TOP_SRCDIR "/rc_keymaps"

/* Lower case without '-' and '_': keymap protocol and variant names as compared. */
static void fold(const char *in, char *out, size_t size)
{
	size_t n = 0;

	for (; *in && n + 1 < size; in++)
		if (*in != '-' && *in != '_')
			out[n++] = (char)(*in >= 'A' && *in <= 'Z' ? *in - 'A' + 'a' : *in);
	out[n] = '\0';
}

/* A key: the protocol and scancode it is sent as, and what the kernel reports. */
struct entry {
	uint32_t send_protocol;
	uint32_t send_scancode;
	bool send_toggle;
	uint32_t protocol;
	uint64_t scancode;
};

/*
 * NEC: the four bytes of the variant (the table's variant, or the scancode's size when
 * a NEC table holds longer scancodes), and the kernel's reading of them.
 */
static bool nec_entry(const char *variant, uint64_t sc, struct entry *e)
{
	unsigned int b[4];

	if (sc > 0xffffffff)
		return false;
	if (strcmp(variant, "nec32") == 0 || sc > 0xffffff) {
		e->send_protocol = RC_PROTO_NEC32;
		b[0] = sc >> 16 & 0xff;
		b[1] = sc >> 24 & 0xff;
		b[2] = sc & 0xff;
		b[3] = sc >> 8 & 0xff;
	} else if (strcmp(variant, "necx") == 0 || sc > 0xffff) {
		e->send_protocol = RC_PROTO_NECX;
		b[0] = sc >> 16 & 0xff;
		b[1] = sc >> 8 & 0xff;
		b[2] = sc & 0xff;
		b[3] = ~b[2] & 0xff;
	} else {
		e->send_protocol = RC_PROTO_NEC;
		b[0] = sc >> 8 & 0xff;
		b[1] = ~b[0] & 0xff;
		b[2] = sc & 0xff;
		b[3] = ~b[2] & 0xff;
	}
	e->send_scancode = (uint32_t)sc;
	e->send_toggle = false;
	if ((b[2] ^ b[3]) != 0xff) {
		e->protocol = RC_PROTO_NEC32;
		e->scancode = b[1] << 24 | b[0] << 16 | b[3] << 8 | b[2];
	} else if ((b[0] ^ b[1]) != 0xff) {
		e->protocol = RC_PROTO_NECX;
		e->scancode = b[0] << 16 | b[1] << 8 | b[2];
	} else {
		e->protocol = RC_PROTO_NEC;
		e->scancode = b[0] << 8 | b[2];
	}
	return true;
}

/*
 * The protocol a keymap entry is sent with: from the variant, or the group when it has
 * a single member. False when the entry cannot be a frame of the protocol.
 */
static bool keymap_entry(const struct keymap_protocol *p, uint64_t sc, struct entry *e)
{
	static const struct {
		const char *name;
		uint32_t protocol;
		uint64_t mask;
	} members[] = {
		{ "rc5", RC_PROTO_RC5, 0x1f7f }, { "rc5x20", RC_PROTO_RC5X_20, 0x1f7f3f },
		{ "rc5sz", RC_PROTO_RC5_SZ, 0x2fff }, { "rc60", RC_PROTO_RC6_0, 0xffff },
		{ "rc66a20", RC_PROTO_RC6_6A_20, 0xfffff },
		{ "rc66a24", RC_PROTO_RC6_6A_24, 0xffffff },
		{ "rc66a32", RC_PROTO_RC6_6A_32, 0xffffffff },
		{ "rc6mce", RC_PROTO_RC6_MCE, 0xffffffff },
		{ "sony12", RC_PROTO_SONY12, 0x1f007f }, { "sony15", RC_PROTO_SONY15, 0xff007f },
		{ "sony20", RC_PROTO_SONY20, 0x1fff7f }, { "jvc", RC_PROTO_JVC, 0xffff },
		{ "sanyo", RC_PROTO_SANYO, 0x1fffff }, { "sharp", RC_PROTO_SHARP, 0x1fff },
		{ "xmp", RC_PROTO_XMP, 0xffffffff }, { "imon", RC_PROTO_IMON, 0x7fffffff },
		{ "xboxdvd", RC_PROTO_XBOX_DVD, 0xfff },
	};
	char name[64];
	size_t i;

	fold(p->variant ? p->variant : p->protocol, name, sizeof(name));
	if (strncmp(name, "nec", 3) == 0)
		return nec_entry(name, sc, e);
	for (i = 0; i < sizeof(members) / sizeof(members[0]); i++) {
		if (strcmp(name, members[i].name) != 0)
			continue;
		if (sc & ~members[i].mask)
			return false;
		/*
		 * imon_bpf takes only messages ending in 0xb7, as every iMON PAD message
		 * does; rc-imon-pad's 0x01xxxxxx and 0x02xxxxxx are the codes the iMON
		 * receiver's own driver makes of the stick and keyboard, not messages.
		 */
		if (members[i].protocol == RC_PROTO_IMON && (sc & 0xff) != 0xb7)
			return false;
		e->send_protocol = e->protocol = members[i].protocol;
		e->send_scancode = (uint32_t)sc;
		e->send_toggle = false;
		e->scancode = sc;
		if (e->protocol != RC_PROTO_RC6_MCE)
			return true;
		/*
		 * The kernel reports a 32-bit RC-6 frame as MCE only for the customer codes
		 * 0x800f, 0x8034 and 0x8046 (rc-protos.rst names the first); their bit 15
		 * is sent, and reported, as the toggle.
		 */
		switch (sc >> 16) {
		case 0x800f:
		case 0x8034:
		case 0x8046:
			e->send_toggle = sc & 0x8000;
			e->scancode = sc & ~0x8000ull;
			break;
		default:
			e->protocol = RC_PROTO_RC6_6A_32;
			break;
		}
		return true;
	}
	return false;
}

static int encode_entry(struct ir_signal *s, uint32_t protocol, uint32_t sc, bool toggle)
{
	switch (protocol) {
	case RC_PROTO_NEC:
	case RC_PROTO_NECX:
	case RC_PROTO_NEC32:
		return encode_nec(s, protocol, sc);
	case RC_PROTO_RC5:
	case RC_PROTO_RC5X_20:
	case RC_PROTO_RC5_SZ:
		return encode_rc5(s, protocol, sc, false);
	case RC_PROTO_SONY12:
	case RC_PROTO_SONY15:
	case RC_PROTO_SONY20:
		return encode_sony(s, protocol, sc);
	case RC_PROTO_JVC:
		return encode_jvc(s, sc, true);
	case RC_PROTO_SANYO:
		return encode_sanyo(s, sc);
	case RC_PROTO_SHARP:
		return encode_sharp(s, sc);
	case RC_PROTO_XMP:
		return encode_xmp(s, sc, 0);
	case RC_PROTO_IMON:
		return encode_imon(s, sc);
	case RC_PROTO_XBOX_DVD:
		return encode_xbox_dvd(s, sc);
	default:
		return encode_rc6(s, protocol, sc, toggle);
	}
}

/* The BPF decoder for a keymap protocol, as the command line would pick it. */
static const struct decoder *keymap_decoder(const char *protocol)
{
	const struct decoder *d = decoder_for_kernel_protocol(protocol);

	return d ? d : decoder_find(protocol);
}

static bool reported(const struct decoder_run *run, uint32_t protocol, uint64_t sc)
{
	size_t e;

	for (e = 0; e < decoder_run_event_count(run); e++) {
		const struct bpf_vm_event *ev = decoder_run_event(run, e);

		/* The BPF xbox_dvd decoder reports v4l-utils' number, not the kernel's. */
		if (ev->type == BPF_VM_EVENT_KEYDOWN && ev->scancode == sc &&
		    (ev->protocol == protocol || protocol == RC_PROTO_XBOX_DVD))
			return true;
	}
	return false;
}

/*
 * The value a decoder runs with for one of its parameters: the keymap's, or else the
 * default its object carries.
 */
static int64_t decoder_param(const struct decoder *d, const struct keymap_protocol *kp,
			     const char *name)
{
	struct bpf_object *object = NULL;
	struct ir_error err = { 0 };
	int64_t value;
	int index;

	if (keymap_protocol_param(kp, name, &value) == 0)
		return value;
	ck_assert_msg(bpf_object_open_memory(d->elf, d->elf_size, d->name, &object, &err) == 0,
		      "%s: %s", d->name, err.message);
	index = bpf_object_param_find(object, name);
	ck_assert_msg(index >= 0, "%s has no parameter %s", d->name, name);
	value = bpf_object_param_default(object, (size_t)index);
	bpf_object_free(object);
	return value;
}

/* A keymap protocol's parameters, as the loader hands them to its decoder. */
static struct bpf_param_value *keymap_param_values(const struct keymap_protocol *kp)
{
	struct bpf_param_value *values = calloc(kp->param_count + 1, sizeof(*values));
	size_t i;

	ck_assert_ptr_nonnull(values);
	for (i = 0; i < kp->param_count; i++) {
		values[i].name = kp->params[i].name;
		values[i].value = kp->params[i].value;
	}
	return values;
}

/* Generic decoders this test can send keys for. */
enum generic_kind {
	GENERIC_PULSE_DISTANCE,
	GENERIC_PULSE_LENGTH,
	GENERIC_SAMSUNG36,
	GENERIC_GRUNDIG,
	GENERIC_NONE,			/* no encoder here */
	GENERIC_KIND_MAX,
};

static enum generic_kind generic_kind(const struct decoder *d)
{
	if (strcmp(d->name, "pulse_distance") == 0)
		return GENERIC_PULSE_DISTANCE;
	if (strcmp(d->name, "pulse_length") == 0)
		return GENERIC_PULSE_LENGTH;
	if (strcmp(d->name, "samsung36") == 0)
		return GENERIC_SAMSUNG36;
	if (strcmp(d->name, "grundig") == 0)
		return GENERIC_GRUNDIG;
	return GENERIC_NONE;
}

/* Any space after a frame: longer than every header and bit space of these keymaps. */
#define GENERIC_GAP	30000

/*
 * One frame of scancode sc as the keymap's parameters describe it; without its header
 * pulse and space when header is false. The bits must fit the frame.
 */
static void encode_generic(const struct decoder *d, const struct keymap_protocol *kp,
			   uint64_t sc, bool header, struct ir_signal *s)
{
#define P(name) ((unsigned int)decoder_param(d, kp, name))
	unsigned int bits;

	switch (generic_kind(d)) {
	case GENERIC_PULSE_DISTANCE: {
		struct pulse_distance_timings t = {
			.header_pulse = header ? P("header_pulse") : 0,
			.header_space = header ? P("header_space") : 0,
			.bit_pulse = P("bit_pulse"), .bit_0_space = P("bit_0_space"),
			.bit_1_space = P("bit_1_space"), .trailer_pulse = P("trailer_pulse"),
			.bits = P("bits"), .reverse = P("reverse") != 0, .gap = GENERIC_GAP,
		};

		bits = t.bits;
		ck_assert_int_eq(encode_pulse_distance(s, &t, sc), 0);
		break;
	}
	case GENERIC_PULSE_LENGTH: {
		struct pulse_length_timings t = {
			.header_pulse = header ? P("header_pulse") : 0,
			.header_space = header ? P("header_space") : 0,
			.bit_space = P("bit_space"), .bit_0_pulse = P("bit_0_pulse"),
			.bit_1_pulse = P("bit_1_pulse"), .trailer_pulse = P("trailer_pulse"),
			.bits = P("bits"), .reverse = P("reverse") != 0, .gap = GENERIC_GAP,
		};

		bits = t.bits;
		ck_assert_int_eq(encode_pulse_length(s, &t, sc), 0);
		break;
	}
	case GENERIC_SAMSUNG36:
		bits = 36;
		ck_assert_int_eq(encode_samsung36(s, sc), 0);
		break;
	case GENERIC_GRUNDIG:
		bits = 16;
		ck_assert_int_eq(encode_grundig_header(s, (uint32_t)sc, P("header_pulse"),
						       P("header_space"), P("leader_pulse")), 0);
		break;
	default:
		ck_abort_msg("no encoder for %s", d->name);
		return;
	}
	ck_assert_msg(bits == 64 || sc >> bits == 0, "0x%llx has more than %u bits",
		      (unsigned long long)sc, bits);
#undef P
}

static bool reported_generic(const struct decoder_run *run, int64_t protocol, uint64_t sc)
{
	size_t e;

	for (e = 0; e < decoder_run_event_count(run); e++) {
		const struct bpf_vm_event *ev = decoder_run_event(run, e);

		if (ev->type == BPF_VM_EVENT_KEYDOWN && ev->scancode == sc &&
		    ev->protocol == protocol)
			return true;
	}
	return false;
}

/*
 * Each of the 16 directions of the iMON RSC stick (a 4-bit code after a 2000 µs pulse)
 * moves the pointer, and no two the same way.
 */
static size_t check_imon_rsc_stick(const char *path, struct decoder_run *run)
{
	int32_t moves[16][2];
	unsigned int code, other;

	for (code = 0; code < 16; code++) {
		const struct bpf_vm_event *ev = NULL;
		struct ir_signal s;
		size_t e;

		ir_signal_init(&s);
		ck_assert_int_eq(encode_imon_rsc(&s, code, 4, false), 0);
		decoder_run_reset(run);
		decoder_run_feed(run, &s);
		ir_signal_free(&s);
		for (e = 0; e < decoder_run_event_count(run) && !ev; e++)
			if (decoder_run_event(run, e)->type == BPF_VM_EVENT_POINTER_REL)
				ev = decoder_run_event(run, e);
		ck_assert_msg(ev != NULL, "%s: stick direction %u moved nothing", path, code);
		moves[code][0] = ev->rel_x;
		moves[code][1] = ev->rel_y;
		ck_assert_msg(moves[code][0] || moves[code][1], "%s: direction %u: no move",
			      path, code);
		for (other = 0; other < code; other++)
			ck_assert_msg(moves[code][0] != moves[other][0] ||
				      moves[code][1] != moves[other][1],
				      "%s: directions %u and %u move alike", path, other, code);
	}
	printf("%s: 16 stick directions decoded by imon_rsc with the keymap's parameters\n",
	       path);
	return 16;
}

/*
 * A protocol of a generic decoder: its keys sent and decoded with the keymap's
 * parameters (and without the header too when the keymap allows that).
 */
static size_t check_generic(const char *path, const struct keymap_protocol *kp,
			    const struct decoder *d, size_t *headerless)
{
	struct bpf_param_value *params = keymap_param_values(kp);
	struct decoder_run run;
	int64_t protocol;
	bool optional;
	size_t k, checked = 0;

	decoder_run_open(&run, d->name, params, kp->param_count);
	if (strcmp(d->name, "imon_rsc") == 0)
		checked = check_imon_rsc_stick(path, &run);
	ck_assert_msg(generic_kind(d) != GENERIC_NONE || kp->scancode_count == 0,
		      "%s: keys for %s, which this test has no encoder for", path, d->name);
	if (kp->scancode_count == 0)
		goto out;
	protocol = decoder_param(d, kp, "rc_protocol");
	optional = generic_kind(d) <= GENERIC_PULSE_LENGTH &&
		   decoder_param(d, kp, "header_optional") != 0;
	for (k = 0; k < kp->scancode_count; k++) {
		uint64_t sc = kp->scancodes[k].scancode;
		int pass;

		for (pass = 0; pass < (optional ? 2 : 1); pass++) {
			struct ir_signal s;

			ir_signal_init(&s);
			encode_generic(d, kp, sc, pass == 0, &s);
			decoder_run_reset(&run);
			decoder_run_feed(&run, &s);
			ir_signal_free(&s);
			ck_assert_msg(reported_generic(&run, protocol, sc),
				      "%s:%u: 0x%llx not decoded by %s%s", path,
				      kp->scancodes[k].line, (unsigned long long)sc, d->name,
				      pass ? " without its header" : "");
		}
		*headerless += optional;
		checked++;
	}
out:
	decoder_run_close(&run);
	free(params);
	if (kp->scancode_count)
		printf("%s: %zu keys decoded by %s with the keymap's parameters\n", path,
		       kp->scancode_count, d->name);
	return checked;
}

static size_t check_keymap(const char *path, size_t *unreachable, size_t *impossible,
			   size_t *generic, size_t *headerless)
{
	struct keymap *keymap = NULL;
	struct ir_error err = { 0 };
	size_t p, k, checked = 0, reported_otherwise = 0, no_frame = 0;

	ck_assert_msg(keymap_load_file(path, &keymap, &err) == 0, "%s", err.message);
	for (p = 0; p < keymap->protocol_count; p++) {
		const struct keymap_protocol *kp = &keymap->protocols[p];
		const struct decoder *d = keymap_decoder(kp->protocol);
		struct decoder_run run;

		if (!d)
			continue;
		if (d->kernel_protocols[0] == NULL && strcmp(d->name, "xbox_dvd") != 0) {
			size_t n = check_generic(path, kp, d, headerless);

			*generic += n;
			checked += n;
			continue;
		}
		decoder_run_open(&run, d->name, NULL, 0);
		for (k = 0; k < kp->scancode_count; k++) {
			uint64_t sc = kp->scancodes[k].scancode;
			unsigned int line = kp->scancodes[k].line;
			struct ir_signal s;
			struct entry e;

			if (!keymap_entry(kp, sc, &e)) {
				no_frame++;
				continue;
			}
			if (e.scancode != sc)
				reported_otherwise++;
			ir_signal_init(&s);
			ck_assert_int_eq(encode_entry(&s, e.send_protocol, e.send_scancode,
						      e.send_toggle), 0);
			decoder_run_reset(&run);
			decoder_run_feed(&run, &s);
			ck_assert_msg(reported(&run, e.protocol, e.scancode),
				      "%s:%u: 0x%llx not decoded by %s", path, line,
				      (unsigned long long)e.scancode, d->name);
			ir_signal_free(&s);
			checked++;
		}
		decoder_run_close(&run);
	}
	if (reported_otherwise || no_frame)
		printf("%s: %zu keys reported otherwise by the kernel's decoder, %zu no frame "
		       "can carry\n", path, reported_otherwise, no_frame);
	*unreachable += reported_otherwise;
	*impossible += no_frame;
	keymap_free(keymap);
	return checked;
}

START_TEST(test_bundled_keymaps)
{
	DIR *dir = opendir(KEYMAP_DIR);
	struct dirent *entry;
	size_t keymaps = 0, keys = 0, unreachable = 0, impossible = 0;
	size_t generic = 0, headerless = 0;
	char path[4096];

	ck_assert_ptr_nonnull(dir);
	while ((entry = readdir(dir))) {
		size_t len = strlen(entry->d_name);
		size_t checked;

		if (len < 6 || strcmp(entry->d_name + len - 5, ".toml") != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", KEYMAP_DIR, entry->d_name);
		checked = check_keymap(path, &unreachable, &impossible, &generic,
				       &headerless);
		keymaps += checked > 0;
		keys += checked;
	}
	closedir(dir);
	printf("bundled keymaps decoded by BPF decoders: %zu keymaps, %zu keys (%zu reported "
	       "otherwise, as the kernel does; %zu skipped, no frame carries them)\n", keymaps,
	       keys, unreachable, impossible);
	printf("of them by generic decoders with the keymaps' parameters: %zu (%zu also "
	       "without a header)\n", generic, headerless);
	/* The kernel's NEC, RC-5, RC-6 MCE, StreamZap, iMON and XBox DVD remotes at least. */
	ck_assert_uint_ge(keymaps, 60);
	/*
	 * The hand-kept Dish Network (49 keys, header optional), Samsung AK59-00125A (7 +
	 * 41), Grundig RP75 (40) and the iMON RSC stick (16 directions).
	 */
	ck_assert_uint_ge(generic, 49 + 7 + 41 + 40 + 16);
	ck_assert_uint_ge(headerless, 49);
}
END_TEST

static Suite *decoder_keymaps_suite(void)
{
	Suite *s = suite_create("decoder-keymaps");
	TCase *tc = tcase_create("bundled");

	tcase_add_test(tc, test_bundled_keymaps);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = decoder_keymaps_suite);
