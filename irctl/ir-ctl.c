// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ir-ctl: send and receive infrared. It encodes scancodes and reads capture files into
 * one train, checked whole, and sends it to a lirc device (lirc_io.h), or with
 * --dry-run prints it, in the text ir-keytable --decode and ir-ctl --send read; it
 * receives raw IR in that text, and sets the receiver (receive.h).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/lirc.h>

#include "capture.h"
#include "ir_send.h"
#include "ir_error.h"
#include "ir_train.h"
#include "lirc_io.h"
#include "nls.h"
#include "options.h"
#include "receive.h"

/*
 * The pulses and spaces of a capture as a train: what a transmitter can send. Leading
 * spaces are silence, not something to send. A timeout between two messages (ir-ctl
 * --receive's note) is the silence that ended the first one: a space of its length,
 * and the space a receiver reports after it (the rest of the gap, however long) is
 * left out, so that the messages go out apart, as a receiver told them apart, and not
 * run together.
 */
static int train_from_file(struct ir_train *train, const char *path, struct ir_error *err)
{
	struct capture *capture = NULL;
	uint32_t sample, last = LIRC_TIMEOUT(0);
	size_t i;
	int ret;

	ret = capture_load_file(path, &capture, err);
	if (ret < 0)
		return ret;
	for (i = 0; ret == 0 && i < capture->count; i++, last = sample) {
		sample = capture->samples[i];
		if (LIRC_IS_PULSE(sample))
			ret = ir_train_pulse(train, LIRC_VALUE(sample));
		else if ((LIRC_IS_SPACE(sample) && !LIRC_IS_TIMEOUT(last)) ||
			 LIRC_IS_TIMEOUT(sample))
			ret = train->count ? ir_train_space(train, LIRC_VALUE(sample)) : 0;
	}
	if (ret == 0 && !train->count) {
		ir_error_set_at(err, path, 0, 0, _("no pulse to send"));
		ret = -EINVAL;
	} else if (ret < 0) {
		ir_error_set_at(err, path, 0, 0, _("too long to send: %s"), strerror(-ret));
	}
	capture_free(capture);
	return ret;
}

static int encode_item(const struct irctl_options *options, const struct irctl_item *item,
		       struct ir_train *train, struct ir_error *err)
{
	struct ir_send_request request = {
		.repeat = options->repeat,
	};

	if (item->kind == IRCTL_ITEM_SCANCODE) {
		request.scancode = item->arg;
	} else {
		request.keymap = options->keymap;
		request.key = item->arg;
	}
	return ir_send_encode(&request, train, err);
}

/*
 * The carrier the whole is sent on, when -c does not say: the one its encoded parts
 * name. Parts that name two are refused: a transmitter sends one send on one carrier.
 */
static int join_carrier(const struct irctl_options *options, struct ir_train *all,
			const struct ir_train *one, const struct irctl_item *item,
			struct ir_error *err)
{
	if (options->carrier || !one->carrier || one->carrier == all->carrier)
		return 0;
	if (all->carrier) {
		ir_error_set(err, _("'%s' is sent on a carrier of %u Hz, what comes before it "
				    "on %u Hz: send them apart, or give --carrier"), item->arg,
			     one->carrier, all->carrier);
		return -EINVAL;
	}
	all->carrier = one->carrier;
	return 0;
}

/*
 * Everything to send, one train per item, each without its trailing space (a
 * transmitter ends on a pulse), separated by the gap.
 */
static int build(const struct irctl_options *options, struct ir_train *all,
		 struct ir_error *err)
{
	struct ir_train one;
	size_t i;
	int ret = 0;

	for (i = 0; ret == 0 && i < options->item_count; i++) {
		const struct irctl_item *item = &options->items[i];

		ir_train_init(&one);
		if (item->kind == IRCTL_ITEM_FILE)
			ret = train_from_file(&one, item->arg, err);
		else
			ret = encode_item(options, item, &one, err);
		ir_train_trim_space(&one);
		if (ret == 0)
			ret = join_carrier(options, all, &one, item, err);
		if (ret == 0 && i)
			ret = ir_train_space(all, options->gap);
		if (ret == 0)
			ret = ir_train_append(all, &one);
		if (ret < 0 && !err->message[0])
			ir_error_set(err, _("too much to send: %s"), strerror(-ret));
		ir_train_free(&one);
	}
	return ret;
}

static int send_train(const struct irctl_options *options, const struct ir_train *train,
		      struct ir_error *err)
{
	struct lirc_send_settings settings = {
		.carrier = options->carrier,
		.protocol_carrier = train->carrier,
		.duty_cycle = options->duty_cycle,
		.emitters = options->emitters,
	};

	return lirc_io_send(options->sysroot, irctl_device(options), &settings,
			    train->durations, train->count, err);
}

static int run(const struct irctl_options *options, struct ir_error *err)
{
	struct ir_train all;
	int ret;

	ir_train_init(&all);
	ret = build(options, &all, err);
	if (ret == 0 && options->verbose && !options->dry_run)
		ir_train_write_text(stderr, &all);
	if (ret == 0 && !options->dry_run)
		ret = send_train(options, &all, err);
	else if (ret == 0 && ir_train_write_text(stdout, &all) < 0) {
		ir_error_set(err, _("writing to standard output: %s"), strerror(EIO));
		ret = -EIO;
	}
	ir_train_free(&all);
	return ret;
}

int main(int argc, char **argv)
{
	struct irctl_options options;
	struct ir_error err;
	int ret;

	nls_setup();
	ir_error_clear(&err);
	ret = irctl_options_parse(argc, argv, &options, &err);
	if (ret < 0) {
		fprintf(stderr, "%s: %s\n", program_invocation_short_name, err.message);
		if (ret != -EINVAL)
			return EXIT_FAILURE;
		fprintf(stderr, _("Try '%s --help' for more information.\n"),
			program_invocation_short_name);
		return IRCTL_EXIT_USAGE;
	}
	switch (options.action) {
	case IRCTL_ACTION_HELP:
		irctl_options_print_help(program_invocation_short_name);
		break;
	case IRCTL_ACTION_FEATURES:
		ret = irctl_features(&options, stdout, &err);
		break;
	case IRCTL_ACTION_RECEIVE:
		ret = irctl_receive(&options, &err);
		break;
	case IRCTL_ACTION_SET:
		ret = irctl_set_receiver(&options, &err);
		break;
	case IRCTL_ACTION_VERSION:
		printf(_("IR raw control version %s\n"), VERSION);
		break;
	default:
		ret = run(&options, &err);
		break;
	}
	irctl_options_free(&options);
	if (fflush(stdout) != 0 && ret == 0) {
		ir_error_set(&err, _("writing to standard output: %s"), strerror(errno));
		ret = -EIO;
	}
	if (ret < 0) {
		fprintf(stderr, "%s: %s\n", program_invocation_short_name, err.message);
		return EXIT_FAILURE;
	}
	return EXIT_SUCCESS;
}
