// SPDX-License-Identifier: GPL-2.0-or-later
/* A BTF-defined map asking to be pinned: not supported, and said so. */
#include "test_bpf.h"

struct {
	__uint(type, MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, unsigned int);
	__type(value, unsigned int);
	__uint(pinning, 1);
} pinned_map SEC(".maps");

SEC("lirc_mode2/pinned")
int pinned_prog(unsigned int *sample)
{
	unsigned int key = 0;

	return bpf_map_lookup_elem(&pinned_map, &key) != 0;
}

char _license[] SEC("license") = "GPL";
