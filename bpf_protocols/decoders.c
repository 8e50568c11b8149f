// SPDX-License-Identifier: GPL-2.0-or-later
/* The table of the BPF decoders compiled into the program (decoders.h). */
#include "config.h"

#include <ctype.h>
#include <string.h>

#include "decoders.h"
#include "decoders-elf.h"	/* generated: decoder_elf_NAME[] */
#include "nls.h"

#define NAMES(...) ((const char *const[]){ __VA_ARGS__, NULL })
#define NO_NAMES ((const char *const[]){ NULL })

#define DECODER(id, kernel, alias, text) {				\
	.name = #id,							\
	.kernel_protocols = kernel,					\
	.aliases = alias,						\
	.description = text,						\
	.elf = decoder_elf_##id,					\
	.elf_size = sizeof(decoder_elf_##id),				\
}

static const struct decoder decoders[] = {
	DECODER(nec_bpf, NAMES("nec"), NO_NAMES,
		N_("NEC, NEC-X and NEC-32, as the kernel's nec decoder")),
	DECODER(rc5_bpf, NAMES("rc-5", "rc-5-sz"), NO_NAMES,
		N_("RC-5, RC-5X-20 and StreamZap RC-5, as the kernel's rc-5 decoder")),
	DECODER(rc6_bpf, NAMES("rc-6"), NO_NAMES,
		N_("RC-6 mode 0 and 6A (20, 24, 32 bits, MCE), as the kernel's rc-6 decoder")),
	DECODER(sony_bpf, NAMES("sony"), NO_NAMES,
		N_("Sony SIRC 12, 15 and 20 bits, as the kernel's sony decoder")),
	DECODER(jvc_bpf, NAMES("jvc"), NO_NAMES,
		N_("JVC, as the kernel's jvc decoder")),
	DECODER(sanyo_bpf, NAMES("sanyo"), NO_NAMES,
		N_("Sanyo (LC7461), as the kernel's sanyo decoder")),
	DECODER(sharp_bpf, NAMES("sharp"), NO_NAMES,
		N_("Sharp, as the kernel's sharp decoder")),
	DECODER(rcmm_bpf, NAMES("rc-mm"), NO_NAMES,
		N_("RC-MM 12, 24 and 32 bits, as the kernel's rc-mm decoder")),
	DECODER(xmp_bpf, NAMES("xmp"), NO_NAMES,
		N_("XMP, as the kernel's xmp decoder")),
	DECODER(imon_bpf, NAMES("imon"), NO_NAMES,
		N_("iMON PAD (Antec Veris, SoundGraph), as the kernel's imon decoder")),
	DECODER(mce_kbd_bpf, NAMES("mce_kbd"), NO_NAMES,
		N_("Microsoft MCE keyboard and mouse (MCIR-2), as the kernel's mce_kbd decoder")),
	DECODER(pulse_distance, NO_NAMES, NO_NAMES,
		N_("generic pulse-distance protocols (bits in the spaces)")),
	DECODER(pulse_length, NO_NAMES, NO_NAMES,
		N_("generic pulse-length protocols (bits in the pulses)")),
	DECODER(manchester, NO_NAMES, NO_NAMES,
		N_("generic Manchester (bi-phase) protocols, RC-5-like")),
	DECODER(raw, NO_NAMES, NO_NAMES,
		N_("the raw patterns of a keymap, matched as they are")),
	DECODER(rc_mm, NO_NAMES, NAMES("rc_mm_generic"),
		N_("generic RC-MM-like protocols (two bits per pulse)")),
	DECODER(grundig, NO_NAMES, NO_NAMES,
		N_("old Grundig remotes")),
	DECODER(imon_rsc, NO_NAMES, NO_NAMES,
		N_("the stick of the iMON RSC remote, as pointer movements")),
	DECODER(samsung36, NO_NAMES, NO_NAMES,
		N_("the 36-bit protocol of some Samsung remotes")),
	DECODER(xbox_dvd, NO_NAMES, NAMES("xbox-dvd", "xbox"),
		N_("the first XBox's DVD remote")),
	DECODER(lircd_space, NO_NAMES, NO_NAMES,
		N_("the space-coded remotes of lircd.conf files, from a table of remotes")),
	DECODER(lircd_biphase, NO_NAMES, NO_NAMES,
		N_("the bi-phase remotes of lircd.conf files, from a table of remotes")),
	DECODER(lircd_raw, NO_NAMES, NO_NAMES,
		N_("the raw-coded remotes of lircd.conf files, from a table of patterns")),
	DECODER(ac, NO_NAMES, NO_NAMES,
		N_("air conditioners' state messages, from a table of protocols")),
};

size_t decoder_count(void)
{
	return sizeof(decoders) / sizeof(decoders[0]);
}

const struct decoder *decoder_at(size_t index)
{
	return index < decoder_count() ? &decoders[index] : NULL;
}

static int names_contain(const char *const *names, const char *name,
			 int (*equal)(const char *, const char *))
{
	for (; *names; names++)
		if (equal(*names, name))
			return 1;
	return 0;
}

static int name_equal(const char *a, const char *b)
{
	return strcmp(a, b) == 0;
}

/* The next character that counts in a protocol name: not '-' or '_', lower case. */
static const char *protocol_char(const char *p, char *c)
{
	while (*p == '-' || *p == '_')
		p++;
	*c = (char)tolower((unsigned char)*p);
	return *p ? p + 1 : p;
}

/* Equal but for case, '-' and '_' ("rc-5", "RC5", "rc_5"), as keymaps are read. */
static int protocol_equal(const char *a, const char *b)
{
	char ca, cb;

	do {
		a = protocol_char(a, &ca);
		b = protocol_char(b, &cb);
		if (ca != cb)
			return 0;
	} while (ca);
	return 1;
}

const struct decoder *decoder_find(const char *name)
{
	size_t i;

	for (i = 0; i < decoder_count(); i++)
		if (name_equal(decoders[i].name, name) ||
		    names_contain(decoders[i].aliases, name, name_equal))
			return &decoders[i];
	return NULL;
}

const struct decoder *decoder_for_kernel_protocol(const char *protocol)
{
	size_t i;

	for (i = 0; i < decoder_count(); i++)
		if (names_contain(decoders[i].kernel_protocols, protocol, protocol_equal))
			return &decoders[i];
	return NULL;
}
