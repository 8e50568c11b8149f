/* rc-fixture-two.c - test input for gen-keymaps.py
 *
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.
 */

#include <media/rc-map.h>

static struct rc_map_table fixture_two[] = {
	{KEY_PLAY, 0x800f0416},
	{KEY_STOP, 0x800f0419},
};

static struct rc_map_list fixture_two_map = {
	.map = {
		.scan = fixture_two,
		.size = ARRAY_SIZE(fixture_two),
		.rc_proto = RC_PROTO_RC6_MCE,
		.name = RC_MAP_FIXTURE_SECOND,
	}
};
