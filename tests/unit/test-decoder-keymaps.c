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
 */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/lirc.h>

#include "decoder_run.h"
#include "decoders.h"
#include "encoders.h"
#include "keymap.h"

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

static size_t check_keymap(const char *path, size_t *unreachable, size_t *impossible)
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
	char path[4096];

	ck_assert_ptr_nonnull(dir);
	while ((entry = readdir(dir))) {
		size_t len = strlen(entry->d_name);
		size_t checked;

		if (len < 6 || strcmp(entry->d_name + len - 5, ".toml") != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", KEYMAP_DIR, entry->d_name);
		checked = check_keymap(path, &unreachable, &impossible);
		keymaps += checked > 0;
		keys += checked;
	}
	closedir(dir);
	printf("bundled keymaps decoded by BPF decoders: %zu keymaps, %zu keys (%zu reported "
	       "otherwise, as the kernel does; %zu skipped, no frame carries them)\n", keymaps,
	       keys, unreachable, impossible);
	/* The kernel's NEC, RC-5, RC-6 MCE, StreamZap, iMON and XBox DVD remotes at least. */
	ck_assert_uint_ge(keymaps, 60);
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

int main(void)
{
	SRunner *runner = srunner_create(decoder_keymaps_suite());
	int failed;

	srunner_run_all(runner, CK_NORMAL);
	failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
