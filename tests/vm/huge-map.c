// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A decoder whose map the kernel cannot allocate, for the failure scenarios: an array
 * of 1 GiB on a test machine of 512 MiB. The object and the program are sound; map
 * creation fails with ENOMEM before anything is loaded, and the decoders attached
 * before must stay attached.
 */
#include <linux/lirc.h>
#include <linux/bpf.h>

#include "bpf_helpers.h"

#define HUGE_MAP_ENTRIES (1U << 24)

struct decoder_state {
	unsigned long long history[8];
};

struct bpf_map_def SEC("maps") huge_state_map = {
	.type = BPF_MAP_TYPE_ARRAY,
	.key_size = sizeof(unsigned int),
	.value_size = sizeof(struct decoder_state),
	.max_entries = HUGE_MAP_ENTRIES,
};

SEC("lirc_mode2")
int huge(unsigned int *sample)
{
	unsigned int key = LIRC_VALUE(*sample) % HUGE_MAP_ENTRIES;
	struct decoder_state *s = bpf_map_lookup_elem(&huge_state_map, &key);

	if (s && LIRC_IS_PULSE(*sample))
		bpf_rc_keydown(sample, 64, s->history[0]++, 0);
	return 0;
}

char _license[] SEC("license") = "GPL";
