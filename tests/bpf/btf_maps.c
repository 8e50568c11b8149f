// SPDX-License-Identifier: GPL-2.0-or-later
/* BTF-defined maps in ".maps": every field form the loader decodes. */
#include "test_bpf.h"

struct state {
	unsigned int bits;
	unsigned int count;
	unsigned long long last;
};

struct {
	__uint(type, MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, unsigned int);
	__type(value, struct state);
} state_map SEC(".maps");

struct {
	__uint(type, MAP_TYPE_HASH);
	__uint(max_entries, 64);
	__uint(key_size, 8);
	__uint(value_size, 12);
	__uint(map_flags, 1);
} seen_map SEC(".maps");

SEC("lirc_mode2/btf")
int btf_prog(unsigned int *sample)
{
	unsigned int key = 0;
	unsigned long long hkey = *sample;
	unsigned int hval[3];
	struct state *s = bpf_map_lookup_elem(&state_map, &key);

	if (!s)
		return 0;
	s->count++;
	hval[0] = s->bits;
	hval[1] = s->count;
	hval[2] = key;
	bpf_map_update_elem(&seen_map, &hkey, hval, 0);
	return 0;
}

char _license[] SEC("license") = "GPL";
