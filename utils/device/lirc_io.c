// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <linux/lirc.h>

#include "lirc.h"
#include "lirc_io.h"
#include "nls.h"
#include "rc_device.h"

int lirc_io_split(const uint32_t *durations, size_t count, size_t values_max,
		  uint32_t duration_max, struct lirc_io_part **ret_parts,
		  size_t *ret_part_count, struct ir_error *err)
{
	struct lirc_io_part *parts = NULL, *grown;
	size_t i, n = 0;
	uint64_t duration = 0;

	/* A part holds a pulse, then (space, pulse) pairs: at least one value, odd. */
	if (values_max < 1 || values_max % 2 == 0)
		values_max = values_max > 1 ? values_max - 1 : 1;
	for (i = 0; i < count; i += 2) {
		uint32_t pulse = durations[i];
		uint32_t space = i ? durations[i - 1] : 0;
		struct lirc_io_part *last = n ? &parts[n - 1] : NULL;

		if (pulse > duration_max) {
			ir_error_set(err, _("pulse %zu: %u microseconds is longer than a device "
					    "sends at once (%u)"), i + 1, pulse, duration_max);
			free(parts);
			return -EINVAL;
		}
		if (last && last->count + 2 <= values_max &&
		    duration + space + pulse <= duration_max) {
			last->count += 2;
			duration += (uint64_t)space + pulse;
			continue;
		}
		grown = realloc(parts, (n + 1) * sizeof(*parts));
		if (!grown) {
			free(parts);
			return -ENOMEM;
		}
		parts = grown;
		if (n)
			parts[n - 1].pause = space;
		parts[n++] = (struct lirc_io_part){ .start = i, .count = 1, .pause = 0 };
		duration = pulse;
	}
	*ret_parts = parts;
	*ret_part_count = n;
	return 0;
}

static int get_features(int fd, const char *name, uint32_t *ret_features,
			struct ir_error *err)
{
	int ret = lirc_get_features(fd, ret_features);

	if (ret < 0)
		ir_error_set(err, _("%s: cannot ask what the device can do (LIRC_GET_FEATURES): "
				    "%s"), name, strerror(-ret));
	return ret;
}

/* Every send option given needs the device to have its feature: checked before any ioctl. */
static int check_send(const char *name, const struct lirc_send_settings *s, uint32_t features,
		      struct ir_error *err)
{
	if (!(features & LIRC_CAN_SEND_PULSE)) {
		ir_error_set(err, _("%s: the device cannot send raw IR"), name);
		return -EOPNOTSUPP;
	}
	if (s->emitters && !(features & LIRC_CAN_SET_TRANSMITTER_MASK)) {
		ir_error_set(err, _("%s: the device cannot select emitters (--emitters)"), name);
		return -EOPNOTSUPP;
	}
	if (s->carrier && !(features & LIRC_CAN_SET_SEND_CARRIER)) {
		ir_error_set(err, _("%s: the device cannot set the carrier (--carrier)"), name);
		return -EOPNOTSUPP;
	}
	if (s->duty_cycle && !(features & LIRC_CAN_SET_SEND_DUTY_CYCLE)) {
		ir_error_set(err, _("%s: the device cannot set the duty cycle (--duty-cycle)"),
			     name);
		return -EOPNOTSUPP;
	}
	return 0;
}

/* The ioctl's own return value (a mask's refusal is a positive count), or -errno. */
static int set_u32(int fd, unsigned long request, uint32_t value)
{
	int ret = ioctl(fd, request, &value);

	return ret < 0 ? -errno : ret;
}

/* A setting the kernel refused: which option, and why. */
static int refused(int ret, const char *name, const char *option, uint32_t value,
		   struct ir_error *err)
{
	/* TRANSLATORS: /dev/lirc0: --carrier 38000: Invalid argument */
	ir_error_set(err, _("%s: %s %u: %s"), name, option, value, strerror(-ret));
	return ret;
}

/*
 * The emitters first: a mask past the device's emitters is the one refusal only the
 * kernel knows of, and it comes before anything else is changed.
 */
static int configure_send(int fd, const char *name, const struct lirc_send_settings *s,
			  struct ir_error *err)
{
	int ret;

	if (s->emitters) {
		ret = set_u32(fd, LIRC_SET_TRANSMITTER_MASK, s->emitters);
		if (ret > 0) {
			ir_error_set(err, _("%s: --emitters: the device has only %d emitters"),
				     name, ret);
			return -EINVAL;
		}
		if (ret < 0) {
			ir_error_set(err, _("%s: --emitters: %s"), name, strerror(-ret));
			return ret;
		}
	}
	if (s->carrier) {
		ret = set_u32(fd, LIRC_SET_SEND_CARRIER, s->carrier);
		if (ret < 0)
			return refused(ret, name, "--carrier", s->carrier, err);
	}
	if (s->duty_cycle) {
		ret = set_u32(fd, LIRC_SET_SEND_DUTY_CYCLE, s->duty_cycle);
		if (ret < 0)
			return refused(ret, name, "--duty-cycle", s->duty_cycle, err);
	}
	return 0;
}

/* The kernel's write() returns once the part has been sent; the cut space is ours. */
static void pause_us(uint32_t us)
{
	struct timespec left = { .tv_sec = us / 1000000, .tv_nsec = (long)(us % 1000000) * 1000 };

	while (nanosleep(&left, &left) < 0 && errno == EINTR)
		;
}

int lirc_io_send(const char *root, const char *device, const struct lirc_send_settings *settings,
		 const uint32_t *durations, size_t count, struct ir_error *err)
{
	struct lirc_io_part *parts = NULL;
	size_t i, part_count = 0;
	uint32_t features;
	int fd = -1, ret;

	ret = lirc_io_split(durations, count, LIRC_IO_WRITE_VALUES_MAX,
			    LIRC_IO_WRITE_DURATION_MAX, &parts, &part_count, err);
	if (ret < 0)
		goto out;
	fd = rc_device_open_char_node(root, device, O_RDWR, err);
	if (fd < 0) {
		ret = fd;
		goto out;
	}
	ret = get_features(fd, device, &features, err);
	if (ret == 0)
		ret = check_send(device, settings, features, err);
	if (ret == 0)
		ret = configure_send(fd, device, settings, err);
	for (i = 0; ret == 0 && i < part_count; i++) {
		ret = lirc_write_pulses(fd, durations + parts[i].start, parts[i].count, err);
		if (ret < 0)
			ir_error_prefix(err, "%s", device);
		else if (parts[i].pause)
			pause_us(parts[i].pause);
	}
out:
	if (fd >= 0)
		close(fd);
	free(parts);
	return ret;
}

/* A feature missing for an option: the device and the option. */
static int missing(const char *name, const char *what, const char *option,
		   struct ir_error *err)
{
	/* TRANSLATORS: /dev/lirc0: the device cannot use a wideband receiver (--wideband) */
	ir_error_set(err, _("%s: the device cannot %s (%s)"), name, what, option);
	return -EOPNOTSUPP;
}

static int check_switch(const char *name, enum lirc_switch value, uint32_t features,
			uint32_t needs, const char *what, const char *on, const char *off,
			struct ir_error *err)
{
	if (value == LIRC_SWITCH_KEEP || (features & needs))
		return 0;
	return missing(name, what, value == LIRC_SWITCH_ON ? on : off, err);
}

/* The timeout asked for, within what the device takes (LIRC_GET_MIN/MAX_TIMEOUT). */
static int check_timeout(int fd, const char *name, uint32_t timeout, struct ir_error *err)
{
	uint32_t min, max;
	int ret;

	ret = lirc_get_rec_timeout_range(fd, &min, &max);
	if (ret < 0) {
		ir_error_set(err, _("%s: cannot ask the receiver's timeout range: %s"), name,
			     strerror(-ret));
		return ret;
	}
	if (timeout < min || timeout > max) {
		ir_error_set(err, _("%s: --timeout %u: the device takes %u to %u microseconds"),
			     name, timeout, min, max);
		return -ERANGE;
	}
	return 0;
}

static int check_receive(int fd, const char *name, const struct lirc_receive_settings *s,
			 int receive, uint32_t features, struct ir_error *err)
{
	int ret;

	if (receive && !(features & LIRC_CAN_REC_MODE2)) {
		ir_error_set(err, _("%s: the device cannot receive raw IR"), name);
		return -EOPNOTSUPP;
	}
	ret = check_switch(name, s->wideband, features, LIRC_CAN_USE_WIDEBAND_RECEIVER,
			   _("switch to a wideband receiver"), "--wideband", "--narrowband", err);
	if (ret == 0)
		ret = check_switch(name, s->measure_carrier, features, LIRC_CAN_MEASURE_CARRIER,
				   _("measure the carrier"), "--measure-carrier",
				   "--no-measure-carrier", err);
	if (ret == 0 && s->carrier_high && !(features & LIRC_CAN_SET_REC_CARRIER))
		ret = missing(name, _("set the carrier range it receives"), "--carrier-range",
			      err);
	if (ret == 0 && s->timeout && !(features & LIRC_CAN_SET_REC_TIMEOUT))
		ret = missing(name, _("set the receiver's timeout"), "--timeout", err);
	if (ret == 0 && s->timeout)
		ret = check_timeout(fd, name, s->timeout, err);
	return ret;
}

/*
 * The range is two calls: LIRC_SET_REC_CARRIER_RANGE keeps the low bound, and
 * LIRC_SET_REC_CARRIER gives the high one and sets both.
 */
static int configure_receive(int fd, const char *name, const struct lirc_receive_settings *s,
			     int receive, struct ir_error *err)
{
	int ret;

	if (receive) {
		ret = lirc_set_rec_mode(fd, LIRC_MODE_MODE2);
		if (ret < 0) {
			ir_error_set(err, _("%s: cannot receive raw IR (LIRC_SET_REC_MODE): %s"),
				     name, strerror(-ret));
			return ret;
		}
	}
	if (s->wideband != LIRC_SWITCH_KEEP) {
		ret = set_u32(fd, LIRC_SET_WIDEBAND_RECEIVER, s->wideband == LIRC_SWITCH_ON);
		if (ret < 0)
			return refused(ret, name, s->wideband == LIRC_SWITCH_ON ? "--wideband" :
				       "--narrowband", s->wideband == LIRC_SWITCH_ON, err);
	}
	if (s->carrier_high) {
		ret = set_u32(fd, LIRC_SET_REC_CARRIER_RANGE, s->carrier_low);
		if (ret == 0)
			ret = set_u32(fd, LIRC_SET_REC_CARRIER, s->carrier_high);
		if (ret < 0) {
			ir_error_set(err, _("%s: --carrier-range %u-%u: %s"), name,
				     s->carrier_low, s->carrier_high, strerror(-ret));
			return ret;
		}
	}
	if (s->measure_carrier != LIRC_SWITCH_KEEP) {
		ret = set_u32(fd, LIRC_SET_MEASURE_CARRIER_MODE,
			      s->measure_carrier == LIRC_SWITCH_ON);
		if (ret < 0)
			return refused(ret, name, s->measure_carrier == LIRC_SWITCH_ON ?
				       "--measure-carrier" : "--no-measure-carrier",
				       s->measure_carrier == LIRC_SWITCH_ON, err);
	}
	if (s->timeout) {
		ret = lirc_set_rec_timeout(fd, s->timeout);
		if (ret < 0)
			return refused(ret, name, "--timeout", s->timeout, err);
	}
	return 0;
}

int lirc_io_receive_open(const char *root, const char *device,
			 const struct lirc_receive_settings *settings, int receive,
			 int *ret_fd, struct ir_error *err)
{
	uint32_t features;
	int fd, ret;

	fd = rc_device_open_char_node(root, device, O_RDONLY, err);
	if (fd < 0)
		return fd;
	ret = get_features(fd, device, &features, err);
	if (ret == 0)
		ret = check_receive(fd, device, settings, receive, features, err);
	if (ret == 0)
		ret = configure_receive(fd, device, settings, receive, err);
	if (ret < 0) {
		close(fd);
		return ret;
	}
	*ret_fd = fd;
	return 0;
}

int lirc_io_features(const char *root, const char *device, struct lirc_io_features *ret,
		     struct ir_error *err)
{
	struct lirc_io_features f = { 0 };
	int fd, r;

	fd = rc_device_open_char_node(root, device, O_RDONLY, err);
	if (fd < 0)
		return fd;
	r = get_features(fd, device, &f.features, err);
	if (r == 0 && (f.features & LIRC_CAN_SET_REC_TIMEOUT)) {
		r = lirc_get_rec_timeout_range(fd, &f.timeout_min, &f.timeout_max);
		/* LIRC_GET_REC_TIMEOUT came with Linux 5.4: without it, the range only. */
		if (r == 0 && lirc_get_rec_timeout(fd, &f.timeout) < 0)
			f.timeout = 0;
		if (r < 0)
			ir_error_set(err, _("%s: cannot ask the receiver's timeout range: %s"),
				     device, strerror(-r));
	}
	close(fd);
	if (r < 0)
		return r;
	*ret = f;
	return 0;
}
