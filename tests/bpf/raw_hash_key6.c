// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A hostile "raw decoder": its map "raw_patterns" has the name of the map the host
 * fills, but not its layout (a hash map of 6-byte keys, not an array of 4-byte ones).
 * Were the host to fill it, the program would report the bytes past the host's
 * patterns as scancodes. ir-keytable must refuse it before writing anything.
 */
#include "test_bpf.h"

struct map_def20 SEC("maps") raw_patterns = {
	.type = MAP_TYPE_HASH,
	.key_size = 6,
	.value_size = 260,
	.max_entries = 512,
};

SEC("lirc_mode2/raw_hash_key6")
int raw_hash_key6(unsigned int *sample)
{
	unsigned char key[6] = { 0 };
	unsigned long long *value;

	value = bpf_map_lookup_elem(&raw_patterns, key);
	if (!value)
		return 0;
	/* Whatever the host wrote, or left, there. */
	bpf_rc_keydown(sample, 68, value[260 / 8 - 1], 0);
	return 0;
}

char _license[] SEC("license") = "GPL";
