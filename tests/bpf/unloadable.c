// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A decoder the kernel's verifier would refuse three times over, which the userspace
 * VM runs (issue 13): it reads r7 before writing it, goes through a map lookup's
 * result without testing it for NULL, and calls the GPL-only bpf_rc_keydown with a
 * licence that is not GPL-compatible. ir-keytable --decode runs it and says so.
 */
#include "test_bpf.h"

struct map_def20 SEC("maps") counts = {
	.type = MAP_TYPE_ARRAY,
	.key_size = sizeof(unsigned int),
	.value_size = sizeof(unsigned long long),
	.max_entries = 1,
};

SEC("lirc_mode2/unloadable")
int unloadable(unsigned int *sample)
{
	unsigned int key = 0;
	unsigned long long *count;
	unsigned long long junk;

	/* r7 has not been written: the verifier says "R7 !read_ok". */
	asm volatile("%0 = r7" : "=r"(junk));
	count = bpf_map_lookup_elem(&counts, &key);
	*count += 1 + (junk & 0);
	bpf_rc_keydown(sample, 64, *count, 0);
	return 0;
}

char _license[] SEC("license") = "MIT";
