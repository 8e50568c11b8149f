// SPDX-License-Identifier: GPL-2.0
// No rc_proto: the kernel's zero value, RC_PROTO_UNKNOWN. The name is a literal.

#include <media/rc-map.h>

static struct rc_map_table fixture_three[] = {
	{ 0x0001, KEY_A },
	{ 1 + 1, KEY_B },
	{ 010, KEY_C },
};

static struct rc_map_list fixture_three_map = {
	.map = {
		.scan = fixture_three,
		.size = 2,
		.name = "rc-fixture" "-three",
	}
};
