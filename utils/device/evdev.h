/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The input (evdev) side of an rc device: its scancode-to-keycode table, key repeat,
 * the clock of event timestamps, and reading events.
 *
 * The keytable goes through EVIOCGKEYCODE_V2 / EVIOCSKEYCODE_V2 (struct
 * input_keymap_entry). Facts from the kernel (rc-main.c, drivers/input/evdev.c):
 * - the scancode is "machine-endian" in entry.scancode, entry.len bytes long; rc-core
 *   accepts len 1, 2, 4 and, since its tables hold 64-bit scancodes, 8; older kernels
 *   refuse 8 with EINVAL, so a scancode that fits 32 bits is retried with len 4;
 * - reading by index (INPUT_KEYMAP_BY_INDEX) walks the table in scancode order and
 *   fails with EINVAL past its end; the entry read back has len 8 (or 4 on old kernels);
 * - setting KEY_RESERVED removes a mapping from an rc-core table (the entries after it
 *   move down one index);
 * - a lookup of an unmapped scancode succeeds with KEY_RESERVED.
 * Repeat delay and period (EVIOCGREP / EVIOCSREP) are in milliseconds; devices without
 * EV_REP refuse them with ENOSYS. EVIOCSCLOCKID with CLOCK_MONOTONIC gives events the
 * time base of LIRC scancode timestamps (ktime_get_ns()).
 *
 * Functions take an open /dev/input/eventN descriptor and return 0 or a negative errno.
 */
#ifndef IRKIT_EVDEV_H
#define IRKIT_EVDEV_H

#include <stddef.h>
#include <stdint.h>
#include <linux/input.h>

#include "ir_error.h"

struct evdev_keymap_entry {
	uint64_t scancode;
	uint32_t keycode;	/* KEY_* / BTN_* */
	uint16_t index;		/* position in the device's table */
};

/*
 * Every entry of the device's table, by index. *ret_entries is NULL for an empty table;
 * free() it.
 */
int evdev_keytable_read(int fd, struct evdev_keymap_entry **ret_entries, size_t *ret_count,
			struct ir_error *err);

/* The keycode of one scancode: KEY_RESERVED when it has none. */
int evdev_keytable_lookup(int fd, uint64_t scancode, uint32_t *ret_keycode,
			  struct ir_error *err);

/*
 * Map scancode to keycode (KEY_RESERVED removes the mapping). -EINVAL for a keycode
 * past KEY_MAX, or a scancode over 32 bits on a kernel without 64-bit scancodes (err
 * says which); -ENOMEM when the device's table is full.
 */
int evdev_keytable_set(int fd, uint64_t scancode, uint32_t keycode, struct ir_error *err);

/*
 * Remove every mapping (by index, from the last, so that no entry moves before it is
 * removed). *ret_removed (may be NULL) is the number of entries there were.
 */
int evdev_keytable_clear(int fd, size_t *ret_removed, struct ir_error *err);

/* Repeat delay and period in milliseconds. -ENOSYS: the device does not repeat. */
int evdev_get_repeat(int fd, unsigned int *ret_delay_ms, unsigned int *ret_period_ms);
int evdev_set_repeat(int fd, unsigned int delay_ms, unsigned int period_ms);

/* Timestamp events with CLOCK_MONOTONIC, the clock of LIRC scancode timestamps. */
int evdev_set_clock_monotonic(int fd);

/* The device's name, NUL-terminated (cut to size). */
int evdev_get_name(int fd, char *name, size_t size);
int evdev_get_id(int fd, struct input_id *ret_id);

struct evdev_event {
	uint64_t time_ns;	/* the event's timestamp, in the device's clock */
	uint16_t type;		/* EV_* */
	uint16_t code;
	int32_t value;
};

/*
 * Read up to max events (at least one unless the descriptor is non-blocking and there
 * is nothing to read: -EAGAIN). *ret_count is 0 at end of file. -ENODEV when the device
 * has gone away; -EIO for a partial event.
 */
int evdev_read_events(int fd, struct evdev_event *events, size_t max, size_t *ret_count);

/*
 * Pure parts, exposed for tests.
 */

/* Put scancode in entry->scancode, len bytes (1, 2, 4 or 8), machine-endian. */
int evdev_scancode_pack(uint64_t scancode, uint8_t len, struct input_keymap_entry *entry);
/* The scancode an entry holds, by its len. -EINVAL for a len the kernel never uses. */
int evdev_scancode_unpack(const struct input_keymap_entry *entry, uint64_t *ret_scancode);

#endif
