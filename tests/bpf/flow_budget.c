// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A global that the loader's flow analysis cannot classify within its state budget
 * (issue 13): its address is used as a number (a 32-bit move); then a branch whose
 * taken side (the one bpf_flow follows first) spills it to one of 16 stack slots on
 * each of 16 branches (2^16 combinations, past the 4096 states bpf_flow follows),
 * and whose other side reads through it as memory: the analysis runs out before it
 * gets there. Such an
 * incomplete result must not make "counter" an address parameter that -e could set.
 */
#include "test_bpf.h"

int counter = 5;

SEC("lirc_mode2/flow_budget")
int flow_budget(unsigned int *sample)
{
	asm volatile(
		"r9 = *(u32 *)(r1 + 0)\n"
		"r1 = counter ll\n"
		"w2 = w1\n"
		"if r9 != 99 goto +3\n"
		"r3 = r1\n"
		"r0 = *(u32 *)(r3 + 0)\n"
		"exit\n"
		"if r9 == 0 goto +1\n *(u64 *)(r10 - 8) = r1\n"
		"if r9 == 1 goto +1\n *(u64 *)(r10 - 16) = r1\n"
		"if r9 == 2 goto +1\n *(u64 *)(r10 - 24) = r1\n"
		"if r9 == 3 goto +1\n *(u64 *)(r10 - 32) = r1\n"
		"if r9 == 4 goto +1\n *(u64 *)(r10 - 40) = r1\n"
		"if r9 == 5 goto +1\n *(u64 *)(r10 - 48) = r1\n"
		"if r9 == 6 goto +1\n *(u64 *)(r10 - 56) = r1\n"
		"if r9 == 7 goto +1\n *(u64 *)(r10 - 64) = r1\n"
		"if r9 == 8 goto +1\n *(u64 *)(r10 - 72) = r1\n"
		"if r9 == 9 goto +1\n *(u64 *)(r10 - 80) = r1\n"
		"if r9 == 10 goto +1\n *(u64 *)(r10 - 88) = r1\n"
		"if r9 == 11 goto +1\n *(u64 *)(r10 - 96) = r1\n"
		"if r9 == 12 goto +1\n *(u64 *)(r10 - 104) = r1\n"
		"if r9 == 13 goto +1\n *(u64 *)(r10 - 112) = r1\n"
		"if r9 == 14 goto +1\n *(u64 *)(r10 - 120) = r1\n"
		"if r9 == 15 goto +1\n *(u64 *)(r10 - 128) = r1\n"
		::: "r0", "r1", "r2", "r3", "r9", "memory");
	return 0;
}

char _license[] SEC("license") = "GPL";
