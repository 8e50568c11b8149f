// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <sys/ioctl.h>

#include "lirc.h"
#include "nls.h"

/* Records read per read() call when the caller asks for more. */
#define READ_BATCH 64

/*
 * enum rc_proto (linux/lirc.h) -> the kernel's name (drivers/media/rc/rc-main.c,
 * protocols[]), the name of the protocols-file entry whose decoder produces it
 * (rc-main.c, proto_names[]), and the enum's own name in lower case without its
 * RC_PROTO_ prefix, which is what ir-keytable's test mode prints.
 */
static const struct {
	const char *name;
	const char *sysfs_name;
	const char *enum_name;
} protocols[] = {
	[RC_PROTO_UNKNOWN] = { "unknown", "unknown", "unknown" },
	[RC_PROTO_OTHER] = { "other", "other", "other" },
	[RC_PROTO_RC5] = { "rc-5", "rc-5", "rc5" },
	[RC_PROTO_RC5X_20] = { "rc-5x-20", "rc-5", "rc5x_20" },
	[RC_PROTO_RC5_SZ] = { "rc-5-sz", "rc-5-sz", "rc5_sz" },
	[RC_PROTO_JVC] = { "jvc", "jvc", "jvc" },
	[RC_PROTO_SONY12] = { "sony-12", "sony", "sony12" },
	[RC_PROTO_SONY15] = { "sony-15", "sony", "sony15" },
	[RC_PROTO_SONY20] = { "sony-20", "sony", "sony20" },
	[RC_PROTO_NEC] = { "nec", "nec", "nec" },
	[RC_PROTO_NECX] = { "nec-x", "nec", "necx" },
	[RC_PROTO_NEC32] = { "nec-32", "nec", "nec32" },
	[RC_PROTO_SANYO] = { "sanyo", "sanyo", "sanyo" },
	[RC_PROTO_MCIR2_KBD] = { "mcir2-kbd", "mce_kbd", "mcir2_kbd" },
	[RC_PROTO_MCIR2_MSE] = { "mcir2-mse", "mce_kbd", "mcir2_mse" },
	[RC_PROTO_RC6_0] = { "rc-6-0", "rc-6", "rc6_0" },
	[RC_PROTO_RC6_6A_20] = { "rc-6-6a-20", "rc-6", "rc6_6a_20" },
	[RC_PROTO_RC6_6A_24] = { "rc-6-6a-24", "rc-6", "rc6_6a_24" },
	[RC_PROTO_RC6_6A_32] = { "rc-6-6a-32", "rc-6", "rc6_6a_32" },
	[RC_PROTO_RC6_MCE] = { "rc-6-mce", "rc-6", "rc6_mce" },
	[RC_PROTO_SHARP] = { "sharp", "sharp", "sharp" },
	[RC_PROTO_XMP] = { "xmp", "xmp", "xmp" },
	[RC_PROTO_CEC] = { "cec", "cec", "cec" },
	[RC_PROTO_IMON] = { "imon", "imon", "imon" },
	[RC_PROTO_RCMM12] = { "rc-mm-12", "rc-mm", "rcmm12" },
	[RC_PROTO_RCMM24] = { "rc-mm-24", "rc-mm", "rcmm24" },
	[RC_PROTO_RCMM32] = { "rc-mm-32", "rc-mm", "rcmm32" },
	[RC_PROTO_XBOX_DVD] = { "xbox-dvd", "xbox-dvd", "xbox_dvd" },
};

#define PROTOCOL_COUNT (sizeof(protocols) / sizeof(protocols[0]))

const char *lirc_proto_name(uint32_t rc_proto)
{
	return rc_proto < PROTOCOL_COUNT ? protocols[rc_proto].name : NULL;
}

const char *lirc_proto_sysfs_name(uint32_t rc_proto)
{
	return rc_proto < PROTOCOL_COUNT ? protocols[rc_proto].sysfs_name : NULL;
}

const char *lirc_proto_enum_name(uint32_t rc_proto)
{
	return rc_proto < PROTOCOL_COUNT ? protocols[rc_proto].enum_name : NULL;
}

int lirc_proto_from_name(const char *name)
{
	size_t i;

	for (i = 0; i < PROTOCOL_COUNT; i++)
		if (!strcasecmp(protocols[i].name, name))
			return (int)i;
	return -ENOENT;
}

static int get_u32(int fd, unsigned long request, uint32_t *ret_value)
{
	uint32_t value;

	if (ioctl(fd, request, &value) < 0)
		return -errno;
	*ret_value = value;
	return 0;
}

static int set_u32(int fd, unsigned long request, uint32_t value)
{
	return ioctl(fd, request, &value) == 0 ? 0 : -errno;
}

int lirc_get_features(int fd, uint32_t *ret_features)
{
	return get_u32(fd, LIRC_GET_FEATURES, ret_features);
}

int lirc_get_rec_mode(int fd, uint32_t *ret_mode)
{
	return get_u32(fd, LIRC_GET_REC_MODE, ret_mode);
}

int lirc_set_rec_mode(int fd, uint32_t mode)
{
	return set_u32(fd, LIRC_SET_REC_MODE, mode);
}

int lirc_set_send_mode(int fd, uint32_t mode)
{
	return set_u32(fd, LIRC_SET_SEND_MODE, mode);
}

int lirc_get_rec_timeout(int fd, uint32_t *ret_timeout_us)
{
	return get_u32(fd, LIRC_GET_REC_TIMEOUT, ret_timeout_us);
}

int lirc_set_rec_timeout(int fd, uint32_t timeout_us)
{
	return set_u32(fd, LIRC_SET_REC_TIMEOUT, timeout_us);
}

int lirc_get_rec_timeout_range(int fd, uint32_t *ret_min_us, uint32_t *ret_max_us)
{
	uint32_t min = 0, max = 0;
	int ret;

	ret = get_u32(fd, LIRC_GET_MIN_TIMEOUT, &min);
	if (!ret)
		ret = get_u32(fd, LIRC_GET_MAX_TIMEOUT, &max);
	if (ret)
		return ret;
	*ret_min_us = min;
	*ret_max_us = max;
	return 0;
}

/* read() of whole records of size bytes, up to max of them. */
static int read_records(int fd, void *records, size_t size, size_t max, size_t *ret_count)
{
	ssize_t n;

	if (max > READ_BATCH)
		max = READ_BATCH;
	if (!max) {
		*ret_count = 0;
		return 0;
	}
	do {
		n = read(fd, records, max * size);
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	if ((size_t)n % size)
		return -EIO;
	*ret_count = (size_t)n / size;
	return 0;
}

int lirc_read_scancodes(int fd, struct lirc_scancode *scancodes, size_t max,
			size_t *ret_count)
{
	return read_records(fd, scancodes, sizeof(*scancodes), max, ret_count);
}

int lirc_read_samples(int fd, uint32_t *samples, size_t max, size_t *ret_count)
{
	return read_records(fd, samples, sizeof(*samples), max, ret_count);
}

/* The whole buffer in one write(): the kernel takes a transmission per call. */
static int write_once(int fd, const void *buf, size_t size)
{
	ssize_t n;

	do {
		n = write(fd, buf, size);
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	return (size_t)n == size ? 0 : -EIO;
}

int lirc_write_pulses(int fd, const uint32_t *durations, size_t count,
		      struct ir_error *err)
{
	size_t i;
	int ret;

	if (count % 2 == 0) {
		ir_error_set(err, _("pulses and spaces (%zu values): the count must be odd, "
				    "starting and ending with a pulse"), count);
		return -EINVAL;
	}
	for (i = 0; i < count; i++) {
		if (!durations[i] || durations[i] > LIRC_VALUE_MASK) {
			if (i % 2)
				ir_error_set(err, _("space %zu: %u microseconds is out of range "
						    "(1 to %u)"), i + 1, durations[i],
					     (unsigned int)LIRC_VALUE_MASK);
			else
				ir_error_set(err, _("pulse %zu: %u microseconds is out of range "
						    "(1 to %u)"), i + 1, durations[i],
					     (unsigned int)LIRC_VALUE_MASK);
			return -EINVAL;
		}
	}
	ret = write_once(fd, durations, count * sizeof(*durations));
	if (ret == -EINVAL)
		ir_error_set(err, _("the kernel refused the pulses and spaces (%zu values): too "
				    "many at once, or too long in total"), count);
	else if (ret)
		ir_error_set(err, _("sending pulses: %s"), strerror(-ret));
	return ret;
}

int lirc_write_scancode(int fd, uint32_t rc_proto, uint64_t scancode,
			struct ir_error *err)
{
	struct lirc_scancode sc;
	const char *name = lirc_proto_name(rc_proto);
	int ret;

	if (!name) {
		ir_error_set(err, _("protocol %u is not one the kernel can encode"), rc_proto);
		return -EINVAL;
	}
	/* The kernel insists that everything but the protocol and scancode is zero. */
	memset(&sc, 0, sizeof(sc));
	sc.rc_proto = (uint16_t)rc_proto;
	sc.scancode = scancode;
	ret = write_once(fd, &sc, sizeof(sc));
	if (ret == -EINVAL)
		ir_error_set(err, _("the kernel refused scancode 0x%llx for protocol %s: no "
				    "encoder for it, or not a valid scancode of it"),
			     (unsigned long long)scancode, name);
	else if (ret)
		ir_error_set(err, _("sending scancode 0x%llx: %s"), (unsigned long long)scancode,
			     strerror(-ret));
	return ret;
}
