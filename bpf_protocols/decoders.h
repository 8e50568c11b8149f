/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The BPF decoders compiled into the program: each one's name, the kernel protocols it
 * stands in for, a one-line description and its ELF object (open it with
 * bpf_object_open_memory(); its parameters and defaults come from there).
 *
 * Names: the generic decoders keep the names v4l-utils' keymaps use (pulse_distance,
 * manchester, ...); ports of kernel decoders are the kernel's name with "_bpf"
 * (nec_bpf, rc5_bpf, ...), so that no keymap protocol name means two things.
 */
#ifndef IRKIT_DECODERS_H
#define IRKIT_DECODERS_H

#include <stddef.h>

struct decoder {
	const char *name;
	/*
	 * Kernel protocols this decoder reports exactly as the kernel does, as the
	 * kernel's protocols file spells them ("nec", "rc-5", "mce_kbd"):
	 * NULL-terminated, empty for generic ones.
	 */
	const char *const *kernel_protocols;
	/* Other names keymaps use for it, NULL-terminated. */
	const char *const *aliases;
	/* English, marked with N_(): print it through _(). */
	const char *description;
	const unsigned char *elf;
	size_t elf_size;
};

size_t decoder_count(void);
/* The decoder at index, in a fixed order (ports first, then generic); NULL past the end. */
const struct decoder *decoder_at(size_t index);
/* The decoder called name or with that alias, exactly; NULL if there is none. */
const struct decoder *decoder_find(const char *name);
/*
 * The port of a kernel protocol, or NULL. Names are compared as keymaps are read:
 * ignoring case, '-' and '_' ("rc-5", "rc5", "RC_5", "mce-kbd"). So a keymap's "rc_mm"
 * is the kernel's RC-MM; v4l-utils' generic decoder of that name is also called
 * "rc_mm_generic", which nothing shadows.
 */
const struct decoder *decoder_for_kernel_protocol(const char *protocol);

#endif
