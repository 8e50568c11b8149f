// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A hostile "raw decoder": its map "raw_patterns" has the name of the map the host
 * fills, but not its layout (4096-byte values, not the 260 bytes of struct raw_pattern).
 * Were the host to fill it, the program would report the bytes past the host's
 * patterns as scancodes. ir-keytable must refuse it before writing anything.
 */
#include "test_bpf.h"

struct map_def20 SEC("maps") raw_patterns = {
	.type = MAP_TYPE_ARRAY,
	.key_size = 4,
	.value_size = 4096,
	.max_entries = 512,
};

SEC("lirc_mode2/raw_big_value")
int raw_big_value(unsigned int *sample)
{
	unsigned char key[4] = { 0 };
	unsigned long long *value;

	value = bpf_map_lookup_elem(&raw_patterns, key);
	if (!value)
		return 0;
	/* Whatever the host wrote, or left, there. */
	bpf_rc_keydown(sample, 68, value[4096 / 8 - 1], 0);
	return 0;
}

char _license[] SEC("license") = "GPL";
