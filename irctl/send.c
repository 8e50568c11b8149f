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
#include "nls.h"
#include "rc_device.h"
#include "send.h"

#define DEFAULT_DEVICE "/dev/lirc0"

static const char *device_name(const struct irctl_options *options)
{
	return options->device ? options->device : DEFAULT_DEVICE;
}

int irctl_send_split(const struct ir_train *train, size_t values_max,
		     uint32_t duration_max, struct irctl_part **ret_parts,
		     size_t *ret_count, struct ir_error *err)
{
	struct irctl_part *parts = NULL, *grown;
	size_t i, count = 0;
	uint64_t duration = 0;

	/* A part holds a pulse, then (space, pulse) pairs: at least one value, odd. */
	if (values_max < 1 || values_max % 2 == 0)
		values_max = values_max > 1 ? values_max - 1 : 1;
	for (i = 0; i < train->count; i += 2) {
		uint32_t pulse = train->durations[i];
		uint32_t space = i ? train->durations[i - 1] : 0;
		struct irctl_part *last = count ? &parts[count - 1] : NULL;

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
		grown = realloc(parts, (count + 1) * sizeof(*parts));
		if (!grown) {
			free(parts);
			return -ENOMEM;
		}
		parts = grown;
		if (count)
			parts[count - 1].pause = space;
		parts[count++] = (struct irctl_part){ .start = i, .count = 1, .pause = 0 };
		duration = pulse;
	}
	*ret_parts = parts;
	*ret_count = count;
	return 0;
}

static int open_device(const struct irctl_options *options, struct ir_error *err)
{
	return rc_device_open_char_node(options->sysroot, device_name(options), O_RDWR, err);
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

/* Every option given needs the device to have its feature: checked before any ioctl. */
static int check_features(const struct irctl_options *options, uint32_t features,
			  struct ir_error *err)
{
	const char *name = device_name(options);

	if (!(features & LIRC_CAN_SEND_PULSE)) {
		ir_error_set(err, _("%s: the device cannot send raw IR"), name);
		return -EOPNOTSUPP;
	}
	if (options->emitters && !(features & LIRC_CAN_SET_TRANSMITTER_MASK)) {
		ir_error_set(err, _("%s: the device cannot select emitters (--emitters)"), name);
		return -EOPNOTSUPP;
	}
	if (options->carrier && !(features & LIRC_CAN_SET_SEND_CARRIER)) {
		ir_error_set(err, _("%s: the device cannot set the carrier (--carrier)"), name);
		return -EOPNOTSUPP;
	}
	if (options->duty_cycle && !(features & LIRC_CAN_SET_SEND_DUTY_CYCLE)) {
		ir_error_set(err, _("%s: the device cannot set the duty cycle (--duty-cycle)"),
			     name);
		return -EOPNOTSUPP;
	}
	return 0;
}

static int set_u32(int fd, unsigned long request, uint32_t value)
{
	int ret = ioctl(fd, request, &value);

	return ret < 0 ? -errno : ret;
}

/*
 * The emitters first: a mask past the device's emitters is the one refusal only the
 * kernel knows of, and it comes before anything else is changed.
 */
static int configure(int fd, const struct irctl_options *options, struct ir_error *err)
{
	const char *name = device_name(options);
	int ret;

	if (options->emitters) {
		ret = set_u32(fd, LIRC_SET_TRANSMITTER_MASK, options->emitters);
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
	if (options->carrier) {
		ret = set_u32(fd, LIRC_SET_SEND_CARRIER, options->carrier);
		if (ret < 0) {
			ir_error_set(err, _("%s: --carrier %u: %s"), name, options->carrier,
				     strerror(-ret));
			return ret;
		}
	}
	if (options->duty_cycle) {
		ret = set_u32(fd, LIRC_SET_SEND_DUTY_CYCLE, options->duty_cycle);
		if (ret < 0) {
			ir_error_set(err, _("%s: --duty-cycle %u: %s"), name, options->duty_cycle,
				     strerror(-ret));
			return ret;
		}
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

int irctl_send(const struct irctl_options *options, const struct ir_train *train,
	       struct ir_error *err)
{
	struct irctl_part *parts = NULL;
	size_t i, count = 0;
	uint32_t features;
	int fd = -1, ret;

	ret = irctl_send_split(train, IRCTL_WRITE_VALUES_MAX, IRCTL_WRITE_DURATION_MAX,
			       &parts, &count, err);
	if (ret < 0)
		goto out;
	fd = open_device(options, err);
	if (fd < 0) {
		ret = fd;
		goto out;
	}
	ret = get_features(fd, device_name(options), &features, err);
	if (ret == 0)
		ret = check_features(options, features, err);
	if (ret == 0)
		ret = configure(fd, options, err);
	for (i = 0; ret == 0 && i < count; i++) {
		ret = lirc_write_pulses(fd, train->durations + parts[i].start, parts[i].count,
					err);
		if (ret < 0)
			ir_error_prefix(err, "%s", device_name(options));
		else if (parts[i].pause)
			pause_us(parts[i].pause);
	}
out:
	if (fd >= 0)
		close(fd);
	free(parts);
	return ret;
}

static void print_feature(FILE *out, uint32_t features, uint32_t bit, const char *what)
{
	if (features & bit)
		fprintf(out, " - %s\n", what);
}

int irctl_features(const struct irctl_options *options, FILE *out, struct ir_error *err)
{
	const char *name = device_name(options);
	uint32_t features;
	int fd, ret;

	fd = open_device(options, err);
	if (fd < 0)
		return fd;
	ret = get_features(fd, name, &features, err);
	close(fd);
	if (ret < 0)
		return ret;
	fprintf(out, _("Receive features of %s:\n"), name);
	if (!(features & (LIRC_CAN_REC_MODE2 | LIRC_CAN_REC_SCANCODE)))
		fprintf(out, " - %s\n", _("cannot receive"));
	print_feature(out, features, LIRC_CAN_REC_MODE2, _("receives raw IR (mode2)"));
	print_feature(out, features, LIRC_CAN_REC_SCANCODE, _("receives scancodes"));
	print_feature(out, features, LIRC_CAN_SET_REC_TIMEOUT,
		      _("sets the receiver's timeout"));
	print_feature(out, features, LIRC_CAN_SET_REC_CARRIER,
		      _("sets the carrier it receives"));
	print_feature(out, features, LIRC_CAN_USE_WIDEBAND_RECEIVER,
		      _("has a wideband receiver (learning mode)"));
	print_feature(out, features, LIRC_CAN_MEASURE_CARRIER, _("measures the carrier"));
	fprintf(out, _("Send features of %s:\n"), name);
	if (!(features & LIRC_CAN_SEND_PULSE))
		fprintf(out, " - %s\n", _("cannot send"));
	print_feature(out, features, LIRC_CAN_SEND_PULSE, _("sends raw IR (pulses)"));
	print_feature(out, features, LIRC_CAN_SET_SEND_CARRIER, _("sets the carrier"));
	print_feature(out, features, LIRC_CAN_SET_SEND_DUTY_CYCLE, _("sets the duty cycle"));
	print_feature(out, features, LIRC_CAN_SET_TRANSMITTER_MASK,
		      _("selects its emitters"));
	return 0;
}
