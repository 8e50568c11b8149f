// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A decoder the kernel's verifier would refuse in four more ways than unloadable.c
 * (issue 27), which the userspace VM runs: it reads element 1 of an array map through
 * element 0's value, keeps a pointer into its frame in memory with a cmpxchg, calls a
 * function whose frame and its own come to more than 512 bytes, and reads a stack
 * slot before writing it (the VM keeps the last sample's bytes there).
 * ir-keytable --decode runs it and names each instruction.
 */
#include "test_bpf.h"

struct map_def20 SEC("maps") pair = {
	.type = MAP_TYPE_ARRAY,
	.key_size = sizeof(unsigned int),
	.value_size = sizeof(unsigned int),
	.max_entries = 2,
};

NOINLINE static unsigned long long deep(unsigned long long v)
{
	volatile unsigned long long frame[60];

	frame[0] = v;
	frame[59] = v;
	return frame[0] + frame[59];
}

SEC("lirc_mode2/unverifiable")
int unverifiable(unsigned int *sample)
{
	volatile unsigned long long frame[60];
	unsigned int key = 0, *value;
	unsigned long long old, slot;

	frame[0] = *sample;
	frame[59] = 0;
	/* fp-504 was never written in this run. */
	asm volatile("%0 = *(u64 *)(r10 - 504)" : "=r"(old));
	/* A pointer into the frame as cmpxchg's new value. */
	slot = 0;
	__sync_val_compare_and_swap(&slot, 0, (unsigned long long)&slot);
	value = bpf_map_lookup_elem(&pair, &key);
	if (value)
		old += value[1];
	old += deep(frame[0] + frame[59]);
	bpf_rc_keydown(sample, 64, old & 0xff, 0);
	return 0;
}

char _license[] SEC("license") = "GPL";
