// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Global variables used as memory: .data and .bss, global and static, become
 * single-element array maps. Two programs share them.
 */
#include "test_bpf.h"

volatile int counter;		/* .bss */
static volatile unsigned int last_sample; /* .bss, through the section symbol */
volatile int total = 7;		/* .data */
static volatile int scale = 3;	/* .data, through the section symbol */
const volatile int threshold = 100;

SEC("lirc_mode2/count")
int count_prog(unsigned int *sample)
{
	counter++;
	if (last_sample == *sample)
		return 0;
	last_sample = *sample;
	total += scale;
	if (LIRC_VALUE(*sample) > threshold)
		bpf_rc_keydown(sample, 64, total, 0);
	return 0;
}

SEC("lirc_mode2/reset")
int reset_prog(unsigned int *sample)
{
	counter = 0;
	scale = 1;
	return 0;
}

char _license[] SEC("license") = "GPL";
