// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/signalfd.h>
#include <linux/lirc.h>

#include "capture_writer.h"
#include "lirc.h"
#include "lirc_io.h"
#include "nls.h"
#include "receive.h"

#define DEFAULT_DEVICE "/dev/lirc0"
/* Samples read at once: lirc.c reads at most this many per read(). */
#define READ_SAMPLES 64

const char *irctl_device(const struct irctl_options *options)
{
	return options->device ? options->device : DEFAULT_DEVICE;
}

struct receiving {
	const struct irctl_options *options;
	int fd;
	int signal_fd;		/* SIGINT and SIGTERM, read as the device is */
	sigset_t old_mask;
	FILE *out;
	const char *out_name;
	struct capture_writer writer;
	bool pulse_seen;	/* a pulse since the last timeout: a message is under way */
	bool done;		/* --oneshot: the first message has ended */
};

static int put(struct receiving *r, const char *text, size_t len, struct ir_error *err)
{
	if (!len)
		return 0;
	/* A line at a time, so that a reader of a pipe sees each message as it ends. */
	if (fwrite(text, 1, len, r->out) != len ||
	    (text[len - 1] == '\n' && fflush(r->out) != 0)) {
		ir_error_set(err, _("writing to %s: %s"), r->out_name, strerror(errno));
		return -EIO;
	}
	return 0;
}

/*
 * One sample written. --oneshot ends at the first message's end: a timeout or an
 * overflow after a pulse, or a space of IRCTL_ONESHOT_SPACE or more after one (that
 * space is the silence after the message, not part of it).
 */
static int take_sample(struct receiving *r, uint32_t sample, struct ir_error *err)
{
	char text[CAPTURE_WRITER_TEXT_MAX];
	bool ends = r->pulse_seen && (LIRC_IS_TIMEOUT(sample) || LIRC_IS_OVERFLOW(sample));
	size_t len;

	if (r->options->oneshot && r->pulse_seen && LIRC_IS_SPACE(sample) &&
	    LIRC_VALUE(sample) >= IRCTL_ONESHOT_SPACE) {
		r->done = true;
		return 0;
	}
	if (LIRC_IS_PULSE(sample))
		r->pulse_seen = true;
	else if (LIRC_IS_TIMEOUT(sample) || LIRC_IS_OVERFLOW(sample))
		r->pulse_seen = false;
	len = capture_writer_sample(&r->writer, sample, text);
	if (ends && r->options->oneshot)
		r->done = true;
	return put(r, text, len, err);
}

/*
 * Ctrl-C and SIGTERM end receiving as the device's end does: the line under way is
 * ended and ir-ctl exits 0. They come through a descriptor polled with the device's,
 * so that they are taken between two reads, never in the middle of writing a line
 * (and also when a shell started ir-ctl in the background with SIGINT ignored).
 */
static int open_signals(struct receiving *r, struct ir_error *err)
{
	sigset_t mask;

	sigemptyset(&mask);
	sigaddset(&mask, SIGINT);
	sigaddset(&mask, SIGTERM);
	if (sigprocmask(SIG_BLOCK, &mask, &r->old_mask) < 0) {
		ir_error_set(err, "sigprocmask: %s", strerror(errno));
		return -errno;
	}
	r->signal_fd = signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
	if (r->signal_fd < 0) {
		ir_error_set(err, "signalfd: %s", strerror(errno));
		sigprocmask(SIG_SETMASK, &r->old_mask, NULL);
		return -errno;
	}
	return 0;
}

static void close_signals(struct receiving *r)
{
	struct signalfd_siginfo info;

	if (r->signal_fd < 0)
		return;
	/* Taken here, a signal is not delivered when the mask is restored. */
	while (read(r->signal_fd, &info, sizeof(info)) > 0)
		;
	close(r->signal_fd);
	sigprocmask(SIG_SETMASK, &r->old_mask, NULL);
}

/*
 * One read's worth of samples, waiting for them: 1 when the device has no more, or a
 * signal came.
 */
static int read_some(struct receiving *r, uint32_t *samples, size_t *ret_count,
		     struct ir_error *err)
{
	struct pollfd fds[2] = {
		{ .fd = r->fd, .events = POLLIN }, { .fd = r->signal_fd, .events = POLLIN },
	};
	const char *name = irctl_device(r->options);
	int ret;

	for (;;) {
		if (poll(fds, 2, -1) < 0 && errno != EINTR) {
			ir_error_set(err, "poll: %s", strerror(errno));
			return -errno;
		}
		if (fds[1].revents)
			return 1;
		ret = lirc_read_samples(r->fd, samples, READ_SAMPLES, ret_count);
		if (ret == -EAGAIN || ret == -EINTR)
			continue;
		if (ret == -ENODEV) {
			ir_error_set(err, _("%s: the device has gone away"), name);
			return ret;
		}
		if (ret < 0) {
			ir_error_set(err, _("%s: receiving: %s"), name, strerror(-ret));
			return ret;
		}
		return *ret_count ? 0 : 1;
	}
}

static int receive_loop(struct receiving *r, struct ir_error *err)
{
	uint32_t samples[READ_SAMPLES];
	char text[CAPTURE_WRITER_TEXT_MAX];
	size_t count, i;
	int ret = 0;

	size_t len;

	while (ret == 0 && !r->done) {
		ret = read_some(r, samples, &count, err);
		for (i = 0; ret == 0 && i < count && !r->done; i++)
			ret = take_sample(r, samples[i], err);
	}
	/* What came before an error is kept, its line ended; the error is what is said. */
	len = capture_writer_finish(&r->writer, text);
	if (ret < 0) {
		if (len && fwrite(text, 1, len, r->out) == len)
			fflush(r->out);
		return ret;
	}
	return put(r, text, len, err);
}

int irctl_receive(const struct irctl_options *options, struct ir_error *err)
{
	struct receiving r = {
		.options = options, .fd = -1, .signal_fd = -1, .out = stdout,
		.out_name = _("standard output"),
	};
	int ret;

	capture_writer_init(&r.writer, options->mode2 ? CAPTURE_STYLE_MODE2 :
			    CAPTURE_STYLE_LIST);
	ret = lirc_io_receive_open(options->sysroot, irctl_device(options), &options->receiver,
				   1, &r.fd, err);
	if (ret < 0)
		return ret;
	/* The file only once the device is ready: a refusal leaves no empty file. */
	if (options->receive_file) {
		r.out_name = options->receive_file;
		r.out = fopen(options->receive_file, "w");
		if (!r.out) {
			ret = -errno;
			ir_error_set(err, "%s: %s", options->receive_file, strerror(errno));
			goto out;
		}
	}
	ret = open_signals(&r, err);
	if (ret == 0)
		ret = receive_loop(&r, err);
	close_signals(&r);
	if (options->receive_file && fclose(r.out) != 0 && ret == 0) {
		ir_error_set(err, _("writing to %s: %s"), r.out_name, strerror(errno));
		ret = -EIO;
	}
out:
	close(r.fd);
	return ret;
}

int irctl_set_receiver(const struct irctl_options *options, struct ir_error *err)
{
	int fd, ret;

	ret = lirc_io_receive_open(options->sysroot, irctl_device(options), &options->receiver,
				   0, &fd, err);
	if (ret == 0)
		close(fd);
	return ret;
}

static void print_feature(FILE *out, uint32_t features, uint32_t bit, const char *what)
{
	if (features & bit)
		fprintf(out, " - %s\n", what);
}

static void print_receive_features(FILE *out, const struct lirc_io_features *f)
{
	uint32_t features = f->features;

	if (!(features & (LIRC_CAN_REC_MODE2 | LIRC_CAN_REC_SCANCODE)))
		fprintf(out, " - %s\n", _("cannot receive"));
	print_feature(out, features, LIRC_CAN_REC_MODE2, _("receives raw IR (mode2)"));
	print_feature(out, features, LIRC_CAN_REC_SCANCODE, _("receives scancodes"));
	if ((features & LIRC_CAN_SET_REC_TIMEOUT) && f->timeout)
		fprintf(out, _(" - sets the receiver's timeout: %u to %u microseconds (now %u)\n"),
			f->timeout_min, f->timeout_max, f->timeout);
	else if (features & LIRC_CAN_SET_REC_TIMEOUT)
		fprintf(out, _(" - sets the receiver's timeout: %u to %u microseconds\n"),
			f->timeout_min, f->timeout_max);
	print_feature(out, features, LIRC_CAN_SET_REC_CARRIER,
		      _("sets the carrier it receives"));
	print_feature(out, features, LIRC_CAN_USE_WIDEBAND_RECEIVER,
		      _("has a wideband receiver (learning mode)"));
	print_feature(out, features, LIRC_CAN_MEASURE_CARRIER, _("measures the carrier"));
}

int irctl_features(const struct irctl_options *options, FILE *out, struct ir_error *err)
{
	const char *name = irctl_device(options);
	struct lirc_io_features f;
	uint32_t features;
	int ret;

	ret = lirc_io_features(options->sysroot, name, &f, err);
	if (ret < 0)
		return ret;
	features = f.features;
	fprintf(out, _("Receive features of %s:\n"), name);
	print_receive_features(out, &f);
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
