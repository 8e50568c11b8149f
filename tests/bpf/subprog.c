// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * BPF-to-BPF calls: a global and a static function in .text (one calling the
 * other), a .text function nothing calls (it must be left out), a static function
 * in the program's own section, and a parameter read from inside .text.
 */
#include "test_bpf.h"

const volatile int factor = 3;

NOINLINE static int leaf(int x);

NOINLINE int middle(int x)
{
	return leaf(x) + 2;
}

NOINLINE int unused_fn(int x)
{
	return x - 9;
}

NOINLINE static int leaf(int x)
{
	return x * factor + 1;
}

NOINLINE static int local_helper(unsigned int v) SEC("lirc_mode2/sub");
NOINLINE static int local_helper(unsigned int v)
{
	return v >> 3;
}

SEC("lirc_mode2/sub")
int sub_prog(unsigned int *sample)
{
	int d = LIRC_VALUE(*sample);

	return middle(d) + local_helper(d);
}

char _license[] SEC("license") = "GPL";
