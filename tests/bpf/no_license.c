// SPDX-License-Identifier: GPL-2.0-or-later
/* A program without a "license" section: refused. */
#include "test_bpf.h"

SEC("lirc_mode2/unlicensed")
int unlicensed_prog(unsigned int *sample)
{
	return 0;
}
