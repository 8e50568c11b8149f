// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Every bundled keymap (rc_keymaps/*.toml) whose protocol has a BPF decoder (a port of
 * the kernel's decoder, or a generic one such as xbox_dvd) decodes, in the userspace
 * VM, a signal made by the test encoders for each of its scancodes.
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

/*
 * The kernel protocol a keymap entry is sent with: from the variant, or the group
 * when it has a single member; for the NEC group the scancode's form decides, as the
 * kernel's tables mix them. 0 when the entry cannot be a frame of the protocol.
 */
static uint32_t entry_protocol(const struct keymap_protocol *p, uint64_t sc)
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
		{ "rc6mce", RC_PROTO_RC6_MCE, 0xffff7fff },
		{ "sony12", RC_PROTO_SONY12, 0x1f007f }, { "sony15", RC_PROTO_SONY15, 0xff007f },
		{ "sony20", RC_PROTO_SONY20, 0x1fff7f }, { "jvc", RC_PROTO_JVC, 0xffff },
		{ "sanyo", RC_PROTO_SANYO, 0x1fffff }, { "sharp", RC_PROTO_SHARP, 0x1fff },
		{ "xmp", RC_PROTO_XMP, 0xffffffff }, { "imon", RC_PROTO_IMON, 0x7fffffff },
		{ "xboxdvd", RC_PROTO_XBOX_DVD, 0xfff },
	};
	char name[64];
	size_t i;

	fold(p->variant ? p->variant : p->protocol, name, sizeof(name));
	if (strncmp(name, "nec", 3) == 0) {
		unsigned int b0 = sc >> 16 & 0xff, b1 = sc >> 8 & 0xff;

		if (sc <= 0xffff)
			return RC_PROTO_NEC;
		if (sc <= 0xffffff && (b0 ^ b1) != 0xff)
			return RC_PROTO_NECX;
		if (sc <= 0xffffffff && ((sc ^ sc >> 8) & 0xff) != 0xff)
			return RC_PROTO_NEC32;
		return 0;
	}
	for (i = 0; i < sizeof(members) / sizeof(members[0]); i++)
		if (strcmp(name, members[i].name) == 0)
			return (sc & ~members[i].mask) ? 0 : members[i].protocol;
	return 0;
}

static int encode_entry(struct ir_signal *s, uint32_t protocol, uint32_t sc)
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
		return encode_rc6(s, protocol, sc, false);
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

static size_t check_keymap(const char *path)
{
	struct keymap *keymap = NULL;
	struct ir_error err = { 0 };
	size_t p, k, checked = 0;

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
			uint32_t protocol = entry_protocol(kp, sc);
			struct ir_signal s;

			ck_assert_msg(protocol, "%s:%u: 0x%llx is no %s scancode", path,
				      kp->scancodes[k].line, (unsigned long long)sc,
				      kp->variant ? kp->variant : kp->protocol);
			ir_signal_init(&s);
			ck_assert_int_eq(encode_entry(&s, protocol, (uint32_t)sc), 0);
			decoder_run_reset(&run);
			decoder_run_feed(&run, &s);
			ck_assert_msg(reported(&run, protocol, sc), "%s:%u: 0x%llx not decoded by %s",
				      path, kp->scancodes[k].line, (unsigned long long)sc, d->name);
			ir_signal_free(&s);
			checked++;
		}
		decoder_run_close(&run);
	}
	keymap_free(keymap);
	return checked;
}

START_TEST(test_bundled_keymaps)
{
	DIR *dir = opendir(KEYMAP_DIR);
	struct dirent *entry;
	size_t keymaps = 0, keys = 0;
	char path[4096];

	ck_assert_ptr_nonnull(dir);
	while ((entry = readdir(dir))) {
		size_t len = strlen(entry->d_name);
		size_t checked;

		if (len < 6 || strcmp(entry->d_name + len - 5, ".toml") != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", KEYMAP_DIR, entry->d_name);
		checked = check_keymap(path);
		keymaps += checked > 0;
		keys += checked;
	}
	closedir(dir);
	printf("bundled keymaps decoded by BPF decoders: %zu keymaps, %zu keys\n", keymaps, keys);
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
