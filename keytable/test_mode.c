// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * -t: the device's decoded scancodes (its lirc device in LIRC_MODE_SCANCODE) and the
 * input events they become, as they happen, until SIGINT or SIGTERM (exit 0) or until
 * the device goes away (an error). Both are stamped with CLOCK_MONOTONIC, so their
 * lines interleave in time. Signals arrive through a signalfd polled with the devices:
 * no handler, no global state. With -v, the bytes of each A/C message follow its line,
 * popped from the queue of the ac decoder attached (bpf_protocols/ac_table.h); the
 * parameters of an IRP protocol of the wide path follow its line, popped from its
 * decoder's queue (irp_compile.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/signalfd.h>

#include "ac_protocol.h"
#include "bpf_kernel.h"
#include "event_print.h"
#include "evdev.h"
#include "keycodes.h"
#include "lirc.h"
#include "nls.h"
#include "steps.h"

#define BATCH 64

enum test_fd {
	TEST_FD_SIGNAL,
	TEST_FD_INPUT,
	TEST_FD_LIRC,
	TEST_FD_MAX,
};

struct test_state {
	const struct rc_device *device;
	bool json;
	int ac_messages_fd;		/* -v: the ac decoder's queue, or -1 */
	int irp_messages_fd;		/* a wide IRP protocol's queue (irp_compile.h), or -1 */
	struct pollfd fds[TEST_FD_MAX];
	size_t fd_count;		/* lirc last: left out when it cannot report scancodes */
};

static int open_signals(sigset_t *old_mask, struct ir_error *err)
{
	sigset_t mask;
	int fd;

	sigemptyset(&mask);
	sigaddset(&mask, SIGINT);
	sigaddset(&mask, SIGTERM);
	if (sigprocmask(SIG_BLOCK, &mask, old_mask) < 0) {
		ir_error_set(err, "sigprocmask: %s", strerror(errno));
		return -errno;
	}
	fd = signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
	if (fd < 0) {
		fd = -errno;
		ir_error_set(err, "signalfd: %s", strerror(-fd));
		sigprocmask(SIG_SETMASK, old_mask, NULL);
	}
	return fd;
}

/*
 * The lirc device in scancode mode; *ret_fd is -1 (no error) when it has none. Raw
 * receivers do not list LIRC_CAN_REC_SCANCODE among their features but take the mode
 * (rc-core's lirc_dev.c), so the mode is tried: ENOTTY (a transmitter, or a kernel
 * before 4.16) and EINVAL mean no scancodes.
 */
static int open_lirc(const char *root, const struct rc_device *device, int *ret_fd,
		     struct ir_error *err)
{
	int fd, ret;

	*ret_fd = -1;
	if (!device->lirc_devnode)
		return 0;
	fd = rc_device_open_char_node(root, device->lirc_devnode, O_RDONLY | O_NONBLOCK, err);
	if (fd < 0)
		return fd;
	ret = lirc_set_rec_mode(fd, LIRC_MODE_SCANCODE);
	if (ret == -ENOTTY || ret == -EINVAL) {
		close(fd);
		return 0;
	}
	if (ret < 0) {
		close(fd);
		ir_error_set(err, _("%s: cannot read scancodes: %s"), device->lirc_devnode,
			     strerror(-ret));
		return ret;
	}
	*ret_fd = fd;
	return 0;
}

static const char *proto_name(uint32_t rc_proto)
{
	return lirc_proto_enum_name(rc_proto);
}

/*
 * -v: the queue of the ac decoder attached to the device; none (silently) where there is
 * no such decoder, or no BPF on the device, or a note when it cannot be read.
 */
static void open_ac_messages(struct test_state *state)
{
	struct ir_error err = { 0 };
	struct ac_message stale;
	int fd, ret;

	ret = bpf_kernel_find_attached_map(state->fds[TEST_FD_LIRC].fd, AC_MESSAGES_MAP, &fd,
					   &err);
	if (ret == 0) {
		/*
		 * Messages nobody read, queued before: emptied, or the first report of
		 * their protocol would be shown with their bytes.
		 */
		while (bpf_kernel_map_pop(fd, &stale) == 0)
			;
		state->ac_messages_fd = fd;
	} else if (ret == -EPERM || ret == -EACCES) {
		fprintf(stderr, _("%s: the A/C messages' bytes cannot be shown: %s\n"),
			state->device->sysname, err.message);
	}
}

/*
 * The queue of the IRP decoder of the wide path attached to the device (irp_compile.h:
 * a protocol of more than 64 bits of parameters, the first one's when there are more);
 * none where there is none, or where it cannot be read (a note with -v).
 */
static void open_irp_messages(struct test_state *state, bool verbose)
{
	struct ir_error err = { 0 };
	struct irp_compile_message stale;
	int fd, ret;

	ret = bpf_kernel_find_attached_map(state->fds[TEST_FD_LIRC].fd,
					   IRP_COMPILE_MESSAGES_MAP, &fd, &err);
	if (ret == 0) {
		/* messages of reports before this run: not theirs to print */
		while (bpf_kernel_map_pop(fd, &stale) == 0)
			;
		state->irp_messages_fd = fd;
	} else if (verbose && (ret == -EPERM || ret == -EACCES)) {
		fprintf(stderr, _("%s: the IRP protocols' parameters cannot be shown: %s\n"),
			state->device->sysname, err.message);
	}
}

/*
 * The message of an IRP protocol's report on the wide path: the oldest queued with its
 * scancode (those before it, of reports not made, dropped); false if none.
 */
static bool pop_irp_message(const struct test_state *state, const struct lirc_scancode *lirc,
			    struct irp_compile_message *ret_message)
{
	if (state->irp_messages_fd < 0 || lirc->rc_proto != IRP_COMPILE_PROTOCOL)
		return false;
	while (bpf_kernel_map_pop(state->irp_messages_fd, ret_message) == 0)
		if (ret_message->scancode == lirc->scancode)
			return true;
	return false;
}

/* The queued bytes of an A/C protocol's report: its protocol's oldest; false if none. */
static bool pop_ac_message(const struct test_state *state, const struct lirc_scancode *lirc,
			   struct ac_message *ret_message)
{
	if (state->ac_messages_fd < 0 || !ac_protocol_of_rc_proto(lirc->rc_proto))
		return false;
	while (bpf_kernel_map_pop(state->ac_messages_fd, ret_message) == 0)
		if (AC_RC_PROTOCOL_BASE + ret_message->id == lirc->rc_proto &&
		    ret_message->length <= AC_BYTES_MAX)
			return true;
	return false;
}

static int print_lirc(struct test_state *state)
{
	struct lirc_scancode scancodes[BATCH];
	struct irp_compile_message irp;
	struct ac_message message;
	size_t count, i;
	bool bytes, wide;
	int ret;

	ret = lirc_read_scancodes(state->fds[TEST_FD_LIRC].fd, scancodes, BATCH, &count);
	if (ret == -EAGAIN)
		return 0;
	if (ret < 0)
		return ret;
	if (count == 0)
		return -ENODEV;
	for (i = 0; ret == 0 && i < count; i++) {
		bytes = pop_ac_message(state, &scancodes[i], &message);
		wide = pop_irp_message(state, &scancodes[i], &irp);
		if (state->json) {
			ret = event_print_json_lirc(stdout, scancodes[i].timestamp, &scancodes[i],
						    proto_name(scancodes[i].rc_proto),
						    bytes ? message.bytes : NULL,
						    bytes ? message.length : 0);
			if (ret == 0 && wide)
				ret = event_print_json_irp_message(stdout, scancodes[i].timestamp,
								   &irp);
			continue;
		}
		event_print_lirc(stdout, scancodes[i].timestamp, &scancodes[i],
				 proto_name(scancodes[i].rc_proto));
		if (wide)
			event_print_irp_message(stdout, scancodes[i].timestamp, &irp);
		event_print_ac(stdout, scancodes[i].timestamp, &scancodes[i]);
		if (bytes)
			event_print_ac_bytes(stdout, scancodes[i].timestamp, &scancodes[i],
					     message.bytes, message.length);
	}
	return ret;
}

static int print_input(struct test_state *state)
{
	struct evdev_event events[BATCH];
	size_t count, i;
	int ret;

	ret = evdev_read_events(state->fds[TEST_FD_INPUT].fd, events, BATCH, &count);
	if (ret == -EAGAIN)
		return 0;
	if (ret < 0)
		return ret;
	if (count == 0)
		return -ENODEV;
	for (i = 0; ret == 0 && i < count; i++) {
		const char *key_name = events[i].type == EV_KEY ?
				       keycode_to_name(events[i].code) : NULL;

		if (state->json)
			ret = event_print_json_input(stdout, events[i].time_ns, events[i].type,
						     events[i].code, events[i].value, key_name);
		else
			event_print_input(stdout, events[i].time_ns, events[i].type,
					  events[i].code, events[i].value, key_name);
	}
	return ret;
}

/* One round of poll: 1 to stop (a signal), 0 to go on, or an error. */
static int test_round(struct test_state *state, struct ir_error *err)
{
	size_t i;
	int ret;

	if (poll(state->fds, state->fd_count, -1) < 0) {
		if (errno == EINTR)
			return 0;
		ir_error_set(err, "poll: %s", strerror(errno));
		return -errno;
	}
	if (state->fds[TEST_FD_SIGNAL].revents) {
		struct signalfd_siginfo info;

		/* Taken here, the signal is not delivered when the mask is restored. */
		while (read(state->fds[TEST_FD_SIGNAL].fd, &info, sizeof(info)) > 0)
			;
		return 1;
	}
	/* The scancode comes before the events it makes. */
	ret = state->fd_count > TEST_FD_LIRC && state->fds[TEST_FD_LIRC].revents & POLLIN ?
	      print_lirc(state) : 0;
	if (ret == 0 && state->fds[TEST_FD_INPUT].revents & POLLIN)
		ret = print_input(state);
	fflush(stdout);
	for (i = TEST_FD_INPUT; ret == 0 && i < state->fd_count; i++)
		if (state->fds[i].revents & (POLLERR | POLLHUP | POLLNVAL))
			ret = -ENODEV;
	if (ret == -ENODEV)
		ir_error_set(err, _("%s has gone away"), state->device->sysname);
	else if (ret < 0)
		ir_error_set(err, _("%s: reading events: %s"), state->device->sysname,
			     strerror(-ret));
	return ret;
}

static void close_fds(struct test_state *state)
{
	size_t i;

	for (i = 0; i < TEST_FD_MAX; i++)
		if (state->fds[i].fd >= 0)
			close(state->fds[i].fd);
	if (state->ac_messages_fd >= 0)
		close(state->ac_messages_fd);
	if (state->irp_messages_fd >= 0)
		close(state->irp_messages_fd);
}

int keytable_test(const struct keytable_options *options, const struct rc_device *device,
		  struct ir_error *err)
{
	const struct rc_device_input *input = rc_device_event_input(device);
	const char *root = options->sysroot;
	struct test_state state = {
		.device = device, .json = options->json, .ac_messages_fd = -1,
		.irp_messages_fd = -1,
	};
	sigset_t old_mask;
	int ret, fd;

	for (fd = 0; fd < TEST_FD_MAX; fd++)
		state.fds[fd] = (struct pollfd){ .fd = -1, .events = POLLIN };
	if (!input) {
		ir_error_set(err, _("%s has no input device"), device->sysname);
		return -ENODEV;
	}
	ret = state.fds[TEST_FD_INPUT].fd =
		rc_device_open_char_node(root, input->event_devnode, O_RDONLY | O_NONBLOCK, err);
	if (ret < 0)
		goto out;
	ret = evdev_set_clock_monotonic(state.fds[TEST_FD_INPUT].fd);
	if (ret < 0) {
		ir_error_set(err, _("%s: cannot stamp events with CLOCK_MONOTONIC: %s"),
			     input->event_devnode, strerror(-ret));
		goto out;
	}
	ret = open_lirc(root, device, &state.fds[TEST_FD_LIRC].fd, err);
	if (ret < 0)
		goto out;
	if (options->verbose && state.fds[TEST_FD_LIRC].fd >= 0)
		open_ac_messages(&state);
	if (state.fds[TEST_FD_LIRC].fd >= 0)
		open_irp_messages(&state, options->verbose);
	ret = state.fds[TEST_FD_SIGNAL].fd = open_signals(&old_mask, err);
	if (ret < 0)
		goto out;
	state.fd_count = state.fds[TEST_FD_LIRC].fd >= 0 ? TEST_FD_MAX : TEST_FD_LIRC;
	/* --json's output is JSON only: the prompt goes to stderr. */
	fprintf(options->json ? stderr : stdout,
		_("Testing events. Please, press CTRL-C to abort.\n"));
	fflush(stdout);
	do {
		ret = test_round(&state, err);
	} while (ret == 0);
	sigprocmask(SIG_SETMASK, &old_mask, NULL);
	ret = ret > 0 ? 0 : ret;
out:
	close_fds(&state);
	return ret;
}
