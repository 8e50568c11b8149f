// SPDX-License-Identifier: GPL-2.0-only
/* A stand-in for a dvb-usb driver: its remote's table is built in, among code,
 * conditionals and function-like macros the generator must step over. */

#include <linux/module.h>

#define FIXDRV_KEY(x)	((x) << 8)
#define FIXDRV_BASE	0x1e00
#ifdef CONFIG_FIXTURE
#define FIXDRV_MODE	1
#else
#define FIXDRV_MODE	2
#endif

static struct rc_map_table rc_map_fixdrv_table[] = {
	{ FIXDRV_BASE + 1, KEY_1 },
	{ 0x1e02, KEY_2 },	/* listed twice: the driver's search stops at the first */
	{ 0x1e02, KEY_3 },
	{ 0x00ff, KEY_RESERVED },
};

static int fixdrv_lookup(struct rc_map_table *table, int n, u32 code, char c)
{
	struct rc_map_table *entry;
	int i;

	for (i = 0; i < n; i++) {
		entry = &table[i];
		if (entry->scancode == code && c != '}')
			return entry->keycode;
	}
	return FIXDRV_KEY(FIXDRV_MODE);
}
