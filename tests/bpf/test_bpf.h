/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The few definitions the loader's test programs need, written here so that the
 * programs build with nothing but clang (no kernel or libbpf headers): section
 * placement, BTF map fields, and the helpers of BPF_PROG_TYPE_LIRC_MODE2.
 */
#ifndef IRKIT_TEST_BPF_H
#define IRKIT_TEST_BPF_H

#define SEC(name) __attribute__((section(name), used))
#define NOINLINE __attribute__((noinline))

/* BTF-defined map fields: the value is carried by the array dimension or the type. */
#define __uint(name, val) int (*name)[val]
#define __type(name, val) __typeof__(val) *name

/* The v4l-utils convention: the address of a global int stands for its value. */
#define BPF_PARAM(x) ((int)(long)&(x))

enum {
	MAP_TYPE_HASH = 1,	/* BPF_MAP_TYPE_HASH */
	MAP_TYPE_ARRAY = 2,	/* BPF_MAP_TYPE_ARRAY */
};

/* struct bpf_map_def as the article and older samples declare it: 20 bytes. */
struct map_def20 {
	unsigned int type;
	unsigned int key_size;
	unsigned int value_size;
	unsigned int max_entries;
	unsigned int map_flags;
};

/* The 28-byte form used by v4l-utils' decoders. */
struct map_def28 {
	unsigned int type;
	unsigned int key_size;
	unsigned int value_size;
	unsigned int max_entries;
	unsigned int map_flags;
	unsigned int inner_map_idx;
	unsigned int numa_node;
};

/* Helper numbers from enum bpf_func_id. */
static void *(*bpf_map_lookup_elem)(void *map, const void *key) = (void *)1;
static long (*bpf_map_update_elem)(void *map, const void *key, const void *value,
				   unsigned long long flags) = (void *)2;
static long (*bpf_rc_keydown)(unsigned int *ctx, unsigned int protocol,
			      unsigned long long scancode, unsigned int toggle) = (void *)78;

#define LIRC_VALUE(sample) ((sample) & 0x00ffffff)
#define LIRC_IS_SPACE(sample) (((sample) & 0xff000000) == 0x00000000)
#define LIRC_IS_PULSE(sample) (((sample) & 0xff000000) == 0x01000000)

#endif
