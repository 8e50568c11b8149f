// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A decoder that reports a 64-bit scancode (keytables): every pulse of 700 us is
 * protocol 64, scancode 0x1122334455667788, so that a keytable entry of that scancode
 * can be seen to decode to its key. rc-core's scancodes are u64 and
 * bpf_rc_keydown() takes one. Stateless: no map.
 */
#include <linux/lirc.h>
#include <linux/bpf.h>

#include "bpf_helpers.h"

#define WIDE_PULSE_US 700
#define WIDE_PROTOCOL 64
#define WIDE_SCANCODE 0x1122334455667788ULL

SEC("lirc_mode2")
int wide_scancode(unsigned int *sample)
{
	if (LIRC_IS_PULSE(*sample) && LIRC_VALUE(*sample) == WIDE_PULSE_US)
		bpf_rc_keydown(sample, WIDE_PROTOCOL, WIDE_SCANCODE, 0);
	return 0;
}

char _license[] SEC("license") = "GPL";
