/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The few declarations a test decoder built with the kernel's headers takes from
 * "bpf_helpers.h", as the article's example did: section placement, the legacy map
 * definition read by lirc-tool's loader, and the helpers a lirc_mode2 program calls. Helper numbers
 * come from the kernel's enum bpf_func_id, so they match the running kernel.
 */
#ifndef IRKIT_TESTS_VM_BPF_HELPERS_H
#define IRKIT_TESTS_VM_BPF_HELPERS_H

#include <linux/bpf.h>

#define SEC(name) __attribute__((section(name), used))

/* The layout of a map in the "maps" section, five 32-bit fields. */
struct bpf_map_def {
	unsigned int type;
	unsigned int key_size;
	unsigned int value_size;
	unsigned int max_entries;
	unsigned int map_flags;
};

static void *(*bpf_map_lookup_elem)(void *map, const void *key) =
	(void *)BPF_FUNC_map_lookup_elem;
static int (*bpf_rc_keydown)(void *ctx, unsigned int protocol,
			     unsigned long long scancode, unsigned int toggle) =
	(void *)BPF_FUNC_rc_keydown;
static int (*bpf_rc_repeat)(void *ctx) = (void *)BPF_FUNC_rc_repeat;

#endif
