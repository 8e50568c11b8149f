// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A hostile decoder (issue 13): 140,000 bpf_rc_keydown calls on every sample, within
 * the VM's instruction budget. --decode keeps a few reports a sample, prints as it
 * goes, and says how many it dropped, instead of keeping every record of a batch.
 */
#include "test_bpf.h"

SEC("lirc_mode2/keydown_flood")
int keydown_flood(unsigned int *sample)
{
	unsigned int i;

	for (i = 0; i < 140000; i++)
		bpf_rc_keydown(sample, 64, 0x10, 0);
	return 0;
}

char _license[] SEC("license") = "GPL";
