// SPDX-License-Identifier: GPL-2.0-or-later
/* A global used both as memory and, through BPF_PARAM, as a value: an error. */
#include "test_bpf.h"

int confused = 1;

SEC("lirc_mode2/conflict")
int conflict_prog(unsigned int *sample)
{
	confused++;
	bpf_rc_keydown(sample, BPF_PARAM(confused), 0, 0);
	return 0;
}

char _license[] SEC("license") = "GPL";
