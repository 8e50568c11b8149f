// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Legacy map definitions in the "maps" section, 20 bytes each (struct bpf_map_def
 * as in the article). The program uses the second map before the first, so that
 * the map indices in the relocated instructions differ from their order of use.
 */
#include "test_bpf.h"

struct map_def20 SEC("maps") first_map = {
	.type = MAP_TYPE_ARRAY,
	.key_size = sizeof(unsigned int),
	.value_size = 8,
	.max_entries = 1,
};

struct map_def20 SEC("maps") second_map = {
	.type = MAP_TYPE_HASH,
	.key_size = sizeof(unsigned int),
	.value_size = 16,
	.max_entries = 32,
	.map_flags = 1,
};

SEC("lirc_mode2/legacy")
int legacy_prog(unsigned int *sample)
{
	unsigned int key = LIRC_VALUE(*sample);
	unsigned long long *a, *b;

	b = bpf_map_lookup_elem(&second_map, &key);
	if (!b)
		return 0;
	key = 0;
	a = bpf_map_lookup_elem(&first_map, &key);
	if (!a)
		return 0;
	*a += *b;
	return 0;
}

char _license[] SEC("license") = "GPL";
