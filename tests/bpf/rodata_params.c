// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoder parameters as `const volatile` globals in .rodata, one of each size, with
 * a signed negative default and an unsigned one above the signed range. The static
 * one is private to the file and is not a parameter.
 */
#include "test_bpf.h"

const volatile unsigned char small_param = 200;
const volatile short neg_param = -300;
const volatile int margin = 150;
const volatile long long wide_param = 0x123456789LL;
static const volatile int hidden = 5;

SEC("lirc_mode2/rodata")
int rodata_prog(unsigned int *sample)
{
	long long d = LIRC_VALUE(*sample);

	if (d > margin + small_param + neg_param + hidden && d < wide_param)
		bpf_rc_keydown(sample, 64, d, 0);
	return 0;
}

/* Small enough that its relocated form is written out by hand in the test. */
SEC("lirc_mode2/exact")
int exact_prog(unsigned int *sample)
{
	return margin;
}

char _license[] SEC("license") = "GPL";
