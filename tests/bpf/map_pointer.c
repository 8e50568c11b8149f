// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A decoder that reports the address of its map as the scancode (issue 27): the
 * kernel's verifier refuses a pointer given to bpf_rc_keydown as a number, and
 * offline the scancode was a host heap address. ir-keytable --decode says so, and
 * the scancode it prints is the VM's own address of the map, the same on every run.
 */
#include "test_bpf.h"

struct map_def20 SEC("maps") state = {
	.type = MAP_TYPE_ARRAY,
	.key_size = sizeof(unsigned int),
	.value_size = sizeof(unsigned int),
	.max_entries = 1,
};

SEC("lirc_mode2/map_pointer")
int map_pointer(unsigned int *sample)
{
	bpf_rc_keydown(sample, 64, (unsigned long long)&state, 0);
	return 0;
}

char _license[] SEC("license") = "GPL";
