// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/lirc.h>

#include "ac_protocol.h"
#include "ir_send.h"
#include "nls.h"
#include "number.h"
#include "options.h"

enum {
	OPTION_DRY_RUN = 0x100,
	OPTION_SYSROOT,
	OPTION_REPEAT,
	OPTION_MODE2,
};

static const struct option long_options[] = {
	{ "device", required_argument, NULL, 'd' },
	{ "send", required_argument, NULL, 's' },
	{ "scancode", required_argument, NULL, 'S' },
	{ "keymap", required_argument, NULL, 'k' },
	{ "keycode", required_argument, NULL, 'K' },
	{ "repeat", required_argument, NULL, OPTION_REPEAT },
	{ "gap", required_argument, NULL, 'g' },
	{ "carrier", required_argument, NULL, 'c' },
	{ "duty-cycle", required_argument, NULL, 'D' },
	{ "emitters", required_argument, NULL, 'e' },
	{ "features", no_argument, NULL, 'f' },
	{ "receive", optional_argument, NULL, 'r' },
	{ "oneshot", no_argument, NULL, '1' },
	{ "mode2", no_argument, NULL, OPTION_MODE2 },
	{ "wideband", no_argument, NULL, 'w' },
	{ "narrowband", no_argument, NULL, 'n' },
	{ "carrier-range", required_argument, NULL, 'R' },
	{ "measure-carrier", no_argument, NULL, 'm' },
	{ "no-measure-carrier", no_argument, NULL, 'M' },
	{ "timeout", required_argument, NULL, 't' },
	{ "verbose", no_argument, NULL, 'v' },
	{ "dry-run", no_argument, NULL, OPTION_DRY_RUN },
	{ "sysroot", required_argument, NULL, OPTION_SYSROOT },	/* hidden: for tests */
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 },
};

static int add_item(struct irctl_options *options, const struct irctl_item *item)
{
	struct irctl_item *items;

	items = realloc(options->items, (options->item_count + 1) * sizeof(*items));
	if (!items)
		return -ENOMEM;
	items[options->item_count++] = *item;
	options->items = items;
	return 0;
}

/*
 * -S PROTOCOL:SCANCODE: a protocol irkit encodes and a scancode it can carry, checked
 * here so that a bad one stops ir-ctl before anything is sent.
 */
static int check_scancode(const char *arg, struct ir_error *err)
{
	struct ir_send_request request = { .scancode = arg };
	struct ir_train scratch;
	int ret;

	ir_train_init(&scratch);
	ret = ir_send_encode(&request, &scratch, err);
	ir_train_free(&scratch);
	if (ret < 0) {
		ir_error_prefix(err, "--scancode");
		return ret == -ENOMEM ? ret : -EINVAL;
	}
	return 0;
}

/* -e 1,3: the emitters to send with, numbered from 1, as a mask. */
static int parse_emitters(const char *arg, uint32_t *ret_mask, struct ir_error *err)
{
	const char *p = arg;
	uint32_t mask = 0;
	uint64_t n;
	char *one;
	size_t len;

	for (;;) {
		len = strcspn(p, ",");
		one = strndup(p, len);
		if (!one)
			return -ENOMEM;
		if (number_parse_unsigned(one, IRCTL_EMITTERS_MAX, &n) < 0 || !n) {
			ir_error_set(err, _("--emitters '%s': '%s' is not an emitter (1 to %d)"),
				     arg, one, IRCTL_EMITTERS_MAX);
			free(one);
			return -EINVAL;
		}
		free(one);
		mask |= 1u << (n - 1);
		if (!p[len])
			break;
		p += len + 1;
	}
	*ret_mask = mask;
	return 0;
}

static int parse_number(const char *arg, const char *option, uint64_t min, uint64_t max,
			const char *unit, uint32_t *ret_value, struct ir_error *err)
{
	uint64_t n;

	if (number_parse_unsigned(arg, max, &n) < 0 || n < min) {
		/* TRANSLATORS: --carrier '40k': expected Hz, 1 to 1000000 */
		ir_error_set(err, _("%s '%s': expected %s, %llu to %llu"), option, arg, unit,
			     (unsigned long long)min, (unsigned long long)max);
		return -EINVAL;
	}
	*ret_value = (uint32_t)n;
	return 0;
}

/* -R 30000-50000: the carriers the receiver takes, in Hz. */
static int parse_carrier_range(const char *arg, struct lirc_receive_settings *receiver,
			       struct ir_error *err)
{
	const char *dash = strchr(arg, '-');
	uint64_t low = 0, high = 0;
	char *first = dash ? strndup(arg, (size_t)(dash - arg)) : NULL;
	int ret = -EINVAL;

	if (dash && !first)
		return -ENOMEM;
	if (first && number_parse_unsigned(first, IRCTL_CARRIER_MAX, &low) == 0 &&
	    number_parse_unsigned(dash + 1, IRCTL_CARRIER_MAX, &high) == 0 && low &&
	    low <= high) {
		receiver->carrier_low = (uint32_t)low;
		receiver->carrier_high = (uint32_t)high;
		ret = 0;
	} else {
		ir_error_set(err, _("--carrier-range '%s': expected LOW-HIGH in Hz, 1 to %d, "
				    "LOW not above HIGH"), arg, IRCTL_CARRIER_MAX);
	}
	free(first);
	return ret;
}

/* The receiving options, which also set a receiver on their own (IRCTL_ACTION_SET). */
static int parse_receive_option(int opt, const char *arg, struct irctl_options *options,
				struct ir_error *err)
{
	struct lirc_receive_settings *receiver = &options->receiver;

	switch (opt) {
	case 'r':
		options->receive = true;
		options->receive_file = arg;
		return 0;
	case '1':
		options->oneshot = true;
		return 0;
	case OPTION_MODE2:
		options->mode2 = true;
		return 0;
	case 'w':
		receiver->wideband = LIRC_SWITCH_ON;
		return 0;
	case 'n':
		receiver->wideband = LIRC_SWITCH_OFF;
		return 0;
	case 'R':
		return parse_carrier_range(arg, receiver, err);
	case 'm':
		receiver->measure_carrier = LIRC_SWITCH_ON;
		return 0;
	case 'M':
		receiver->measure_carrier = LIRC_SWITCH_OFF;
		return 0;
	case 't':
		return parse_number(arg, "--timeout", 1, LIRC_VALUE_MASK, _("microseconds"),
				    &receiver->timeout, err);
	default:
		return 1;
	}
}

static int parse_option(int opt, const char *arg, struct irctl_options *options,
			struct ir_error *err)
{
	struct irctl_item item = { IRCTL_ITEM_FILE, arg };
	uint64_t gap;
	int ret;

	ret = parse_receive_option(opt, arg, options, err);
	if (ret <= 0)
		return ret;
	switch (opt) {
	case 'd':
		options->device = arg;
		return 0;
	case 's':
		return add_item(options, &item);
	case 'S':
		item.kind = IRCTL_ITEM_SCANCODE;
		ret = check_scancode(arg, err);
		return ret < 0 ? ret : add_item(options, &item);
	case 'k':
		if (options->keymap) {
			ir_error_set(err, _("--keymap given twice"));
			return -EINVAL;
		}
		options->keymap = arg;
		return 0;
	case 'K':
		item.kind = IRCTL_ITEM_KEY;
		return add_item(options, &item);
	case OPTION_REPEAT:
		return parse_number(arg, "--repeat", 0, IRCTL_REPEAT_MAX, _("a count"),
				    &options->repeat, err);
	case 'g':
		if (number_parse_unsigned(arg, IR_TRAIN_DURATION_MAX, &gap) < 0 || !gap) {
			ir_error_set(err, _("--gap '%s': expected microseconds, 1 to %u"), arg,
				     IR_TRAIN_DURATION_MAX);
			return -EINVAL;
		}
		options->gap = (uint32_t)gap;
		return 0;
	case 'c':
		return parse_number(arg, "--carrier", 1, IRCTL_CARRIER_MAX, "Hz",
				    &options->carrier, err);
	case 'D':
		return parse_number(arg, "--duty-cycle", 1, 99, _("percent"),
				    &options->duty_cycle, err);
	case 'e':
		return parse_emitters(arg, &options->emitters, err);
	case 'f':
		options->action = IRCTL_ACTION_FEATURES;
		return 0;
	case OPTION_DRY_RUN:
		options->dry_run = true;
		return 0;
	case 'v':
		options->verbose = true;
		return 0;
	case OPTION_SYSROOT:
		options->sysroot = arg;
		return 0;
	case 'h':
		options->action = IRCTL_ACTION_HELP;
		return 0;
	case 'V':
		options->action = IRCTL_ACTION_VERSION;
		return 0;
	default:
		/* getopt_long has printed what was wrong. */
		ir_error_set(err, _("invalid option"));
		return -EINVAL;
	}
}

/* -K needs -k, and -k is for -K. */
static int check_keys(const struct irctl_options *options, struct ir_error *err)
{
	size_t i, keys = 0;

	for (i = 0; i < options->item_count; i++)
		keys += options->items[i].kind == IRCTL_ITEM_KEY;
	if (keys && !options->keymap) {
		ir_error_set(err, _("--keycode needs --keymap: the keymap the key is in"));
		return -EINVAL;
	}
	if (!keys && options->keymap) {
		ir_error_set(err, _("--keymap without --keycode: nothing of it to send"));
		return -EINVAL;
	}
	return 0;
}

static bool has_receiver_setting(const struct lirc_receive_settings *r)
{
	return r->wideband != LIRC_SWITCH_KEEP || r->measure_carrier != LIRC_SWITCH_KEEP ||
	       r->carrier_high || r->timeout;
}

/*
 * What the options ask for: sending, receiving, or the receiver's settings alone;
 * options of one with the other are usage errors, each named.
 */
static int choose_action(struct irctl_options *options, struct ir_error *err)
{
	bool sending = options->item_count || options->keymap;
	bool setting = has_receiver_setting(&options->receiver);

	if (options->action != IRCTL_ACTION_SEND)
		return 0;
	if (sending && options->receive) {
		ir_error_set(err, _("--receive cannot be combined with --send, --scancode or "
				    "--keycode"));
		return -EINVAL;
	}
	if (sending && setting) {
		ir_error_set(err, _("the receiver's settings (--wideband, --narrowband, "
				    "--carrier-range, --measure-carrier, --no-measure-carrier, "
				    "--timeout) cannot be combined with sending"));
		return -EINVAL;
	}
	if (!options->receive && (options->oneshot || options->mode2)) {
		ir_error_set(err, _("%s needs --receive"), options->oneshot ? "--oneshot" :
			     "--mode2");
		return -EINVAL;
	}
	if (options->dry_run && !sending) {
		ir_error_set(err, _("--dry-run is for sending: give --send, --scancode or "
				    "--keycode"));
		return -EINVAL;
	}
	if (options->receive)
		options->action = IRCTL_ACTION_RECEIVE;
	else if (setting)
		options->action = IRCTL_ACTION_SET;
	else if (!sending) {
		ir_error_set(err, _("nothing to do: give --send, --scancode, --keycode or "
				    "--receive"));
		return -EINVAL;
	}
	return 0;
}

int irctl_options_parse(int argc, char **argv, struct irctl_options *ret_options,
			struct ir_error *err)
{
	struct irctl_options options = {
		.action = IRCTL_ACTION_SEND, .gap = IRCTL_GAP_DEFAULT,
	};
	const char *env = getenv("IR_KEYTABLE_SYSROOT");
	int opt, ret = 0;

	if (env && *env)
		options.sysroot = env;
	/* 0, not 1: glibc's getopt forgets a cluster ("-rw") an earlier parse stopped in. */
	optind = 0;
	while (ret == 0 && (opt = getopt_long(argc, argv, "d:s:S:k:K:g:c:D:e:fhVr::1wnR:mMt:v",
					      long_options, NULL)) != -1)
		ret = parse_option(opt, optarg, &options, err);
	if (ret == 0 && optind < argc) {
		ir_error_set(err, _("unexpected argument '%s'"), argv[optind]);
		ret = -EINVAL;
	}
	if (ret == 0)
		ret = choose_action(&options, err);
	if (ret == 0 && options.action == IRCTL_ACTION_SEND)
		ret = check_keys(&options, err);
	if (ret < 0) {
		irctl_options_free(&options);
		return ret;
	}
	*ret_options = options;
	return 0;
}

void irctl_options_free(struct irctl_options *options)
{
	if (!options)
		return;
	free(options->items);
	options->items = NULL;
	options->item_count = 0;
}

static void print_protocol(const char *name, void *data)
{
	(void)data;
	printf(" %s", name);
}

void irctl_options_print_help(const char *program)
{
	size_t i;

	printf(_("Usage: %s [OPTION]... --send=FILE|--scancode=PROTOCOL:SCANCODE|"
		 "--keycode=KEY...\n"), program);
	printf(_("  or:  %s [OPTION]... --receive[=FILE]\n"), program);
	printf(_("  or:  %s [--device=DEV] --features\n"), program);
	fputs(_("Sends infrared: pulses and spaces from a file, or a scancode encoded as the\n"
		"kernel encodes it. Receives raw infrared, and sets the receiver.\n"), stdout);
	fputs("\n", stdout);
	fputs(_("  -d, --device=DEV           lirc device to use (default /dev/lirc0)\n"), stdout);
	fputs(_("  -s, --send=FILE            send the pulses and spaces of FILE ('-': standard\n"
		"                             input)\n"), stdout);
	fputs(_("  -S, --scancode=PROTOCOL:SCANCODE\n"
		"                             send SCANCODE encoded in PROTOCOL\n"), stdout);
	fputs(_("  -k, --keymap=KEYMAP        the keymap of --keycode: TOML, legacy or lircd.conf\n"),
	      stdout);
	fputs(_("  -K, --keycode=KEY          send KEY of the keymap (KEY_POWER, or a lircd.conf\n"
		"                             button name)\n"), stdout);
	fputs(_("      --repeat=COUNT         send each --scancode and --keycode as a held\n"
		"                             button: COUNT repeats after it (default 0)\n"), stdout);
	fputs(_("  -g, --gap=GAP              microseconds between two things sent (default\n"
		"                             125000)\n"), stdout);
	fputs(_("  -c, --carrier=CARRIER      carrier to send with, in Hz\n"), stdout);
	fputs(_("  -D, --duty-cycle=DUTY      duty cycle of the carrier, in percent (1 to 99)\n"),
	      stdout);
	fputs(_("  -e, --emitters=EMITTERS    emitters to send with, numbered from 1 and\n"
		"                             separated by commas\n"), stdout);
	fputs(_("  -v, --verbose              print what is sent, on standard error, before\n"
		"                             sending it\n"), stdout);
	fputs(_("  -r, --receive[=FILE]       print the IR received, or save it to FILE\n"),
	      stdout);
	fputs(_("  -1, --oneshot              stop receiving at the end of the first message\n"),
	      stdout);
	fputs(_("      --mode2                receive in mode2's format: a line per pulse or\n"
		"                             space\n"), stdout);
	fputs(_("  -w, --wideband             use the wideband (learning) receiver\n"), stdout);
	fputs(_("  -n, --narrowband           use the normal, narrowband receiver\n"), stdout);
	fputs(_("  -R, --carrier-range=LOW-HIGH\n"
		"                             carriers the receiver takes, in Hz\n"), stdout);
	fputs(_("  -m, --measure-carrier      report the carrier of what is received\n"), stdout);
	fputs(_("  -M, --no-measure-carrier   stop reporting the carrier\n"), stdout);
	fputs(_("  -t, --timeout=TIMEOUT      microseconds of silence that end a message\n"),
	      stdout);
	fputs(_("  -f, --features             show what the device can do\n"), stdout);
	fputs(_("      --dry-run              print what would be sent, as pulse and space lines,\n"
		"                             instead of sending it\n"), stdout);
	fputs(_("  -h, --help                 show this help\n"), stdout);
	fputs(_("  -V, --version              show the version\n"), stdout);
	fputs("\n", stdout);
	fputs(_("Protocols:"), stdout);
	ir_send_for_each_protocol(print_protocol, NULL);
	fputs("\n", stdout);
	fputs(_("A/C states (-S ac:NAME[:FIELD=VALUE,...], or a state line of ir-keytable -t):"),
	      stdout);
	for (i = 0; i < ac_protocol_count(); i++)
		printf(" %s", ac_protocol_at(i)->name);
	fputs("\n", stdout);
}
