// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>

#include "evdev.h"
#include "nls.h"

/* Events read per read() call when the caller asks for more. */
#define READ_BATCH 64

int evdev_scancode_pack(uint64_t scancode, uint8_t len, struct input_keymap_entry *entry)
{
	uint8_t u8;
	uint16_t u16;
	uint32_t u32;

	memset(entry->scancode, 0, sizeof(entry->scancode));
	switch (len) {
	case 1:
		u8 = (uint8_t)scancode;
		memcpy(entry->scancode, &u8, sizeof(u8));
		break;
	case 2:
		u16 = (uint16_t)scancode;
		memcpy(entry->scancode, &u16, sizeof(u16));
		break;
	case 4:
		u32 = (uint32_t)scancode;
		memcpy(entry->scancode, &u32, sizeof(u32));
		break;
	case 8:
		memcpy(entry->scancode, &scancode, sizeof(scancode));
		break;
	default:
		return -EINVAL;
	}
	entry->len = len;
	return 0;
}

int evdev_scancode_unpack(const struct input_keymap_entry *entry, uint64_t *ret_scancode)
{
	uint8_t u8;
	uint16_t u16;
	uint32_t u32;
	uint64_t u64;

	switch (entry->len) {
	case 1:
		memcpy(&u8, entry->scancode, sizeof(u8));
		*ret_scancode = u8;
		return 0;
	case 2:
		memcpy(&u16, entry->scancode, sizeof(u16));
		*ret_scancode = u16;
		return 0;
	case 4:
		memcpy(&u32, entry->scancode, sizeof(u32));
		*ret_scancode = u32;
		return 0;
	case 8:
		memcpy(&u64, entry->scancode, sizeof(u64));
		*ret_scancode = u64;
		return 0;
	default:
		return -EINVAL;
	}
}

/* Entry index of the table, -ENOENT past its end. */
static int get_by_index(int fd, uint16_t index, struct evdev_keymap_entry *ret_entry)
{
	struct input_keymap_entry ke;
	uint64_t scancode;

	memset(&ke, 0, sizeof(ke));
	ke.flags = INPUT_KEYMAP_BY_INDEX;
	ke.index = index;
	if (ioctl(fd, EVIOCGKEYCODE_V2, &ke) < 0)
		return errno == EINVAL ? -ENOENT : -errno;
	if (evdev_scancode_unpack(&ke, &scancode))
		return -EPROTO;
	ret_entry->scancode = scancode;
	ret_entry->keycode = ke.keycode;
	ret_entry->index = ke.index;
	return 0;
}

int evdev_keytable_read(int fd, struct evdev_keymap_entry **ret_entries, size_t *ret_count,
			struct ir_error *err)
{
	struct evdev_keymap_entry *entries = NULL;
	size_t count = 0, cap = 0;
	int ret = 0;

	/* The index is 16 bits wide: that bounds the walk. */
	for (;;) {
		struct evdev_keymap_entry entry;

		if (count > UINT16_MAX)
			break;
		ret = get_by_index(fd, (uint16_t)count, &entry);
		if (ret == -ENOENT) {
			ret = 0;
			break;
		}
		if (ret) {
			if (ret == -EPROTO)
				ir_error_set(err, _("keytable entry %zu: scancode of unexpected "
						    "length"), count);
			else
				ir_error_set(err, _("reading keytable entry %zu: %s"), count,
					     strerror(-ret));
			goto fail;
		}
		if (count == cap) {
			size_t ncap = cap ? cap * 2 : 64;
			struct evdev_keymap_entry *grown = realloc(entries, ncap * sizeof(*entries));

			if (!grown) {
				ret = -ENOMEM;
				ir_error_set(err, "%s", strerror(ENOMEM));
				goto fail;
			}
			entries = grown;
			cap = ncap;
		}
		entries[count++] = entry;
	}
	*ret_entries = entries;
	*ret_count = count;
	return 0;
fail:
	free(entries);
	return ret;
}

/* One ioctl with a scancode entry, len 8 then (old kernels) len 4. */
static int keycode_ioctl(int fd, unsigned long request, uint64_t scancode,
			 struct input_keymap_entry *ke)
{
	evdev_scancode_pack(scancode, 8, ke);
	if (ioctl(fd, request, ke) == 0)
		return 0;
	if (errno != EINVAL || scancode > UINT32_MAX)
		return -errno;
	evdev_scancode_pack(scancode, 4, ke);
	return ioctl(fd, request, ke) == 0 ? 0 : -errno;
}

int evdev_keytable_lookup(int fd, uint64_t scancode, uint32_t *ret_keycode,
			  struct ir_error *err)
{
	struct input_keymap_entry ke;
	int ret;

	memset(&ke, 0, sizeof(ke));
	ret = keycode_ioctl(fd, EVIOCGKEYCODE_V2, scancode, &ke);
	if (ret) {
		ir_error_set(err, _("looking up scancode 0x%llx: %s"),
			     (unsigned long long)scancode, strerror(-ret));
		return ret;
	}
	*ret_keycode = ke.keycode;
	return 0;
}

int evdev_keytable_set(int fd, uint64_t scancode, uint32_t keycode, struct ir_error *err)
{
	struct input_keymap_entry ke;
	int ret;

	if (keycode > KEY_MAX) {
		ir_error_set(err, _("keycode 0x%x is past KEY_MAX (0x%x)"), keycode, KEY_MAX);
		return -EINVAL;
	}
	memset(&ke, 0, sizeof(ke));
	ke.keycode = keycode;
	ret = keycode_ioctl(fd, EVIOCSKEYCODE_V2, scancode, &ke);
	if (!ret)
		return 0;
	if (ret == -EINVAL && scancode > UINT32_MAX)
		ir_error_set(err, _("scancode 0x%llx: this kernel only supports 32-bit "
				    "scancodes (64-bit ones need Linux 5.7 or later)"),
			     (unsigned long long)scancode);
	else if (ret == -ENOMEM)
		ir_error_set(err, _("scancode 0x%llx: the device's keytable is full"),
			     (unsigned long long)scancode);
	else
		ir_error_set(err, _("setting scancode 0x%llx: %s"), (unsigned long long)scancode,
			     strerror(-ret));
	return ret;
}

static int set_by_index(int fd, uint16_t index, uint32_t keycode)
{
	struct input_keymap_entry ke;

	memset(&ke, 0, sizeof(ke));
	ke.flags = INPUT_KEYMAP_BY_INDEX;
	ke.index = index;
	ke.keycode = keycode;
	return ioctl(fd, EVIOCSKEYCODE_V2, &ke) == 0 ? 0 : -errno;
}

int evdev_keytable_clear(int fd, size_t *ret_removed, struct ir_error *err)
{
	struct evdev_keymap_entry *entries;
	size_t count, i;
	int ret;

	ret = evdev_keytable_read(fd, &entries, &count, err);
	if (ret)
		return ret;
	free(entries);
	for (i = count; i-- > 0;) {
		ret = set_by_index(fd, (uint16_t)i, KEY_RESERVED);
		if (ret) {
			ir_error_set(err, _("clearing keytable entry %zu: %s"), i,
				     strerror(-ret));
			return ret;
		}
	}
	if (ret_removed)
		*ret_removed = count;
	return 0;
}

int evdev_get_repeat(int fd, unsigned int *ret_delay_ms, unsigned int *ret_period_ms)
{
	unsigned int rep[2];

	if (ioctl(fd, EVIOCGREP, rep) < 0)
		return -errno;
	*ret_delay_ms = rep[0];
	*ret_period_ms = rep[1];
	return 0;
}

int evdev_set_repeat(int fd, unsigned int delay_ms, unsigned int period_ms)
{
	unsigned int rep[2] = { delay_ms, period_ms };

	return ioctl(fd, EVIOCSREP, rep) == 0 ? 0 : -errno;
}

int evdev_set_clock_monotonic(int fd)
{
	int clock = CLOCK_MONOTONIC;

	return ioctl(fd, EVIOCSCLOCKID, &clock) == 0 ? 0 : -errno;
}

int evdev_get_name(int fd, char *name, size_t size)
{
	int n;

	if (!size)
		return -EINVAL;
	/* The kernel does not NUL-terminate a name it has to cut. */
	n = ioctl(fd, EVIOCGNAME(size - 1), name);
	if (n < 0)
		return -errno;
	name[(size_t)n < size ? (size_t)n : size - 1] = '\0';
	return 0;
}

int evdev_get_id(int fd, struct input_id *ret_id)
{
	return ioctl(fd, EVIOCGID, ret_id) == 0 ? 0 : -errno;
}

int evdev_read_events(int fd, struct evdev_event *events, size_t max, size_t *ret_count)
{
	struct input_event raw[READ_BATCH];
	size_t want = max < READ_BATCH ? max : READ_BATCH;
	size_t count, i;
	ssize_t n;

	if (!max) {
		*ret_count = 0;
		return 0;
	}
	do {
		n = read(fd, raw, want * sizeof(raw[0]));
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	if ((size_t)n % sizeof(raw[0]))
		return -EIO;
	count = (size_t)n / sizeof(raw[0]);
	for (i = 0; i < count; i++) {
		events[i].time_ns = (uint64_t)raw[i].input_event_sec * 1000000000u +
				    (uint64_t)raw[i].input_event_usec * 1000u;
		events[i].type = raw[i].type;
		events[i].code = raw[i].code;
		events[i].value = raw[i].value;
	}
	*ret_count = count;
	return 0;
}
