// SPDX-License-Identifier: GPL-2.0-or-later
/* A variable defined elsewhere (libbpf's kconfig or ksym externs): not supported. */
#include "test_bpf.h"

extern int elsewhere;

SEC("lirc_mode2/extern")
int extern_prog(unsigned int *sample)
{
	return elsewhere;
}

char _license[] SEC("license") = "GPL";
