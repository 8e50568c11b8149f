// SPDX-License-Identifier: GPL-2.0+
/*
 * Test input for gen-keymaps.py. A commented-out entry is not an entry:
 *	{ 0x99, KEY_FAKE },
 */
#include <media/rc-map.h>
#include <linux/module.h>

#define FIXTURE_ADDR	0x12
#define FIXTURE_OK	KEY_OK

static struct rc_map_table fixture_one[] = {
	{ 0x1201, KEY_POWER },		/* a comment with a brace } */
	{ (FIXTURE_ADDR << 8) | 0x02, KEY_MUTE },
	{ .scancode = 0x1203, .keycode = KEY_VOLUMEUP },
	{ 0x1204, FIXTURE_OK, },
	{ 0x1205, KEY_RESERVED },	// this key sends nothing
	{ 0x1206, BTN_LEFT },
	{ 0x1201, KEY_SLEEP },
	{ 0x07, KEY_NUMERIC_7 }
};

static const struct rc_map_table fixture_one_x[] = {
	{ 0x00ff01, KEY_UP }, { 0x00ff02, KEY_DOWN },
};

static struct rc_map_list fixture_one_map = {
	.map = {
		.scan     = fixture_one,
		.size     = ARRAY_SIZE(fixture_one),
		.rc_proto = RC_PROTO_NEC,
		.name     = RC_MAP_FIXTURE_ONE,
	}
};

static struct rc_map_list fixture_one_x_map = {
	.map = {
		.scan     = fixture_one_x,
		.size     = ARRAY_SIZE(fixture_one_x),
		.rc_proto = RC_PROTO_NECX,
		.name     = RC_MAP_FIXTURE_ONE_X,
	}
};
