// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The v4l-utils parameter convention: global ints whose address is used as their
 * value (BPF_PARAM), in .data (a default) and .bss (default 0). One .bss global is
 * genuine memory in the same object, and must stay a map value.
 */
#include "test_bpf.h"

int margin = 200;
int header_pulse = 9000;
int rc_protocol = 64;
int bits;
int hits;

SEC("lirc_mode2/address")
int address_prog(unsigned int *sample)
{
	int d = LIRC_VALUE(*sample);

	hits++;
	if (d > BPF_PARAM(header_pulse) - BPF_PARAM(margin) &&
	    d < BPF_PARAM(header_pulse) + BPF_PARAM(margin))
		bpf_rc_keydown(sample, BPF_PARAM(rc_protocol), BPF_PARAM(bits), 0);
	return 0;
}

char _license[] SEC("license") = "GPL";
