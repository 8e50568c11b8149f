// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A decoder the verifier must refuse, for the failure scenarios: it uses the value
 * of bpf_map_lookup_elem() without checking it for NULL, the mistake the founding
 * article warns about ("invalid mem access 'map_value_or_null'"). Loading it fails
 * with EACCES; nothing may be attached afterwards.
 */
#include <linux/lirc.h>
#include <linux/bpf.h>

#include "bpf_helpers.h"

struct decoder_state {
	unsigned int count;
};

struct bpf_map_def SEC("maps") decoder_state_map = {
	.type = BPF_MAP_TYPE_ARRAY,
	.key_size = sizeof(unsigned int),
	.value_size = sizeof(struct decoder_state),
	.max_entries = 1,
};

SEC("lirc_mode2")
int unchecked(unsigned int *sample)
{
	unsigned int key = 0;
	struct decoder_state *s = bpf_map_lookup_elem(&decoder_state_map, &key);

	s->count++;
	if (LIRC_IS_PULSE(*sample))
		bpf_rc_keydown(sample, 64, s->count, 0);
	return 0;
}

char _license[] SEC("license") = "GPL";
