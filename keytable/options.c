// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "nls.h"
#include "options.h"

enum long_only_option {
	OPTION_USAGE = CHAR_MAX + 1,
	OPTION_SYSROOT,
	OPTION_DECODE,
	OPTION_DECODE_KERNEL,
	OPTION_LIST_DECODERS,
	OPTION_TEST_KEYMAP,
	OPTION_JSON,
};

static const struct option long_options[] = {
	{ "auto-load", required_argument, NULL, 'a' },
	{ "clear", no_argument, NULL, 'c' },
	{ "delay", required_argument, NULL, 'D' },
	{ "parameter", required_argument, NULL, 'e' },
	{ "help", no_argument, NULL, 'h' },
	{ "set-key", required_argument, NULL, 'k' },
	{ "protocol", required_argument, NULL, 'p' },
	{ "period", required_argument, NULL, 'P' },
	{ "read", no_argument, NULL, 'r' },
	{ "sysdev", required_argument, NULL, 's' },
	{ "test", no_argument, NULL, 't' },
	{ "verbose", no_argument, NULL, 'v' },
	{ "version", no_argument, NULL, 'V' },
	{ "write", required_argument, NULL, 'w' },
	{ "usage", no_argument, NULL, OPTION_USAGE },
	{ "decode", required_argument, NULL, OPTION_DECODE },
	{ "decode-kernel", required_argument, NULL, OPTION_DECODE_KERNEL },
	{ "json", no_argument, NULL, OPTION_JSON },
	{ "list-decoders", no_argument, NULL, OPTION_LIST_DECODERS },
	{ "test-keymap", required_argument, NULL, OPTION_TEST_KEYMAP },
	/* The test seam: every /sys and /dev path is looked up under this root. */
	{ "sysroot", required_argument, NULL, OPTION_SYSROOT },
	{ NULL, 0, NULL, 0 },
};

static const char short_options[] = ":a:cD:e:hk:p:P:rs:tvVw:?";

static int parse_u64(const char *text, uint64_t *ret_value)
{
	unsigned long long value;
	char *end;

	if (!*text || *text == '-' || isspace((unsigned char)*text))
		return -EINVAL;
	errno = 0;
	value = strtoull(text, &end, 0);
	if (errno || *end)
		return -EINVAL;
	*ret_value = value;
	return 0;
}

static int parse_s64(const char *text, int64_t *ret_value)
{
	long long value;
	char *end;

	if (!*text || isspace((unsigned char)*text))
		return -EINVAL;
	errno = 0;
	value = strtoll(text, &end, 0);
	if (errno || *end)
		return -EINVAL;
	*ret_value = value;
	return 0;
}

static int parse_milliseconds(const char *text, int *ret_value)
{
	uint64_t value;

	if (parse_u64(text, &value) < 0 || value > INT_MAX)
		return -EINVAL;
	*ret_value = (int)value;
	return 0;
}

static int grow(void **array, size_t count, size_t element_size)
{
	void *bigger;

	/* Doubling keeps appends amortised O(1); counts are small, so start at 4. */
	if (count && (count & (count - 1)))
		return 0;
	bigger = realloc(*array, (count ? count * 2 : 4) * element_size);
	if (!bigger)
		return -ENOMEM;
	*array = bigger;
	return 0;
}

static int append_string(char ***array, size_t *count, const char *text, size_t len)
{
	char *copy;

	if (grow((void **)array, *count, sizeof(**array)) < 0)
		return -ENOMEM;
	copy = strndup(text, len);
	if (!copy)
		return -ENOMEM;
	(*array)[(*count)++] = copy;
	return 0;
}

/* Between the items of a list option: v4l-utils takes ';' as well as ','. */
#define LIST_SEPARATORS ",;"

/*
 * -p nec,rc-5 -p pulse_distance: every comma-separated item is one protocol. An IRP
 * string has commas of its own: "irp:{" takes the rest of the argument. So does the
 * list of A/C protocols of "ac:" (-p ac:daikin,gree), up to a ';'.
 */
static int add_protocols(struct keytable_options *options, const char *list,
			 struct ir_error *err)
{
	const char *item = list;

	for (;;) {
		size_t len = strcspn(item, LIST_SEPARATORS);
		int ret;

		if (!strncasecmp(item, "irp:{", 5))
			len = strlen(item);
		else if (!strncasecmp(item, "ac:", 3))
			len = strcspn(item, ";");

		if (len == 0) {
			ir_error_set(err, _("empty protocol name in '%s'"), list);
			return -EINVAL;
		}
		ret = append_string(&options->protocols, &options->protocol_count, item, len);
		if (ret < 0)
			return ret;
		if (!item[len])
			return 0;
		item += len + 1;
	}
}

/* -k 0x1e:KEY_OK,0x1f=KEY_BACK */
static int add_set_keys(struct keytable_options *options, const char *list,
			struct ir_error *err)
{
	const char *item = list;

	for (;;) {
		size_t len = strcspn(item, LIST_SEPARATORS);
		size_t separator = strcspn(item, ":=");
		struct plan_set_key *entry;
		char *scancode;
		int ret;

		if (separator >= len || separator == 0 || separator + 1 == len) {
			ir_error_set(err, _("invalid scancode/keycode pair '%.*s': expected SCANCODE:KEYCODE"),
				     (int)len, item);
			return -EINVAL;
		}
		if (grow((void **)&options->set_keys, options->set_key_count,
			 sizeof(*options->set_keys)) < 0)
			return -ENOMEM;
		entry = &options->set_keys[options->set_key_count];
		scancode = strndup(item, separator);
		if (!scancode)
			return -ENOMEM;
		ret = parse_u64(scancode, &entry->scancode);
		if (ret < 0)
			ir_error_set(err, _("invalid scancode '%s' in '%.*s'"), scancode,
				     (int)len, item);
		free(scancode);
		if (ret < 0)
			return ret;
		entry->key = strndup(item + separator + 1, len - separator - 1);
		if (!entry->key)
			return -ENOMEM;
		options->set_key_count++;
		if (!item[len])
			return 0;
		item += len + 1;
	}
}

/* -e margin=200,header_pulse=9000 or -e pulse_distance:margin=200 */
static int add_parameters(struct keytable_options *options, const char *list,
			  struct ir_error *err)
{
	const char *item = list;

	for (;;) {
		size_t len = strcspn(item, ",");
		size_t equals = strcspn(item, "=");
		size_t colon = strcspn(item, ":");
		struct plan_parameter *entry;
		size_t name_start = 0;
		char *value;
		int ret;

		/* '=' and a value; a decoder before ':', if any, and a name, not empty. */
		if (equals >= len || equals + 1 == len ||
		    (colon < equals && (colon == 0 || colon + 1 == equals)) ||
		    (colon >= equals && equals == 0)) {
			ir_error_set(err, _("invalid parameter '%.*s': expected [DECODER:]NAME=VALUE"),
				     (int)len, item);
			return -EINVAL;
		}
		if (grow((void **)&options->parameters, options->parameter_count,
			 sizeof(*options->parameters)) < 0)
			return -ENOMEM;
		entry = &options->parameters[options->parameter_count];
		memset(entry, 0, sizeof(*entry));
		if (colon < equals) {
			entry->decoder = strndup(item, colon);
			if (!entry->decoder)
				return -ENOMEM;
			name_start = colon + 1;
		}
		entry->name = strndup(item + name_start, equals - name_start);
		value = strndup(item + equals + 1, len - equals - 1);
		if (!entry->name || !value) {
			free(entry->decoder);
			free(entry->name);
			free(value);
			return -ENOMEM;
		}
		/* Counted before the value check so that options_free() owns the strings. */
		options->parameter_count++;
		ret = parse_s64(value, &entry->value);
		if (ret < 0)
			ir_error_set(err, _("invalid value '%s' for parameter '%s'"), value,
				     entry->name);
		free(value);
		if (ret < 0)
			return ret;
		if (!item[len])
			return 0;
		item += len + 1;
	}
}

/*
 * An unknown long option, or an abbreviation of several: getopt_long() says only '?'.
 * "--sys" is both --sysdev and --sysroot: name them, as getopt's own message would.
 */
static void report_long_option(const char *arg, struct ir_error *err)
{
	const char *name = arg + 2;
	size_t len = strcspn(name, "="), matches = 0, used = 0, i;
	char candidates[256];

	candidates[0] = '\0';
	for (i = 0; long_options[i].name; i++) {
		if (strncmp(long_options[i].name, name, len) != 0)
			continue;
		matches++;
		if (used < sizeof(candidates))
			used += (size_t)snprintf(candidates + used, sizeof(candidates) - used,
						 "%s'--%s'", used ? " " : "",
						 long_options[i].name);
	}
	if (matches > 1)
		ir_error_set(err, _("option '--%.*s' is ambiguous; possibilities: %s"), (int)len,
			     name, candidates);
	else
		ir_error_set(err, _("unknown option '%s'"), arg);
}

/*
 * "MAJOR.MINOR" (6.1, 5.10) into OPTIONS_KERNEL(): a release of Linux 3.0 or later
 * (rc-core's lirc scancodes and BPF decoders came much later, but the number alone is
 * no error). A third field, as uname -r has, is taken and not used.
 */
static int parse_kernel_version(const char *text, unsigned int *ret_version)
{
	unsigned long major, minor;
	char *end;

	if (!isdigit((unsigned char)*text))
		return -EINVAL;
	errno = 0;
	major = strtoul(text, &end, 10);
	if (errno || *end != '.' || !isdigit((unsigned char)end[1]) || major < 3 ||
	    major > 99)
		return -EINVAL;
	minor = strtoul(end + 1, &end, 10);
	if (errno || minor > 999)
		return -EINVAL;
	if (*end == '.') {
		if (!isdigit((unsigned char)end[1]))
			return -EINVAL;
		strtoul(end + 1, &end, 10);
		if (errno)
			return -EINVAL;
	}
	if (*end)
		return -EINVAL;
	*ret_version = OPTIONS_KERNEL((unsigned int)major, (unsigned int)minor);
	return 0;
}

/*
 * The options that change or read a device. -s only chooses the device: alone, it lists
 * that device, as v4l-utils does.
 */
static bool is_configure_option(int c)
{
	return strchr("acDekpPrtw", c) != NULL;
}

static int check_combination(struct keytable_options *options, bool configure,
			     struct ir_error *err)
{
	if (options->action == KEYTABLE_ACTION_TEST_KEYMAP) {
		if (configure || options->sysdev || options->json) {
			ir_error_set(err, _("--test-keymap takes no other option than --verbose"));
			return -EINVAL;
		}
		return 0;
	}
	if (options->action == KEYTABLE_ACTION_DECODE) {
		if (options->clear || options->read || options->test || options->auto_load ||
		    options->delay >= 0 || options->period >= 0) {
			ir_error_set(err, _("--decode takes only --write, --set-key, --protocol, "
					    "--parameter and --decode-kernel"));
			return -EINVAL;
		}
		return 0;
	}
	if (options->decode_kernel) {
		ir_error_set(err, _("--decode-kernel needs --decode"));
		return -EINVAL;
	}
	if (options->json && !options->test) {
		ir_error_set(err, _("--json needs --test or --decode"));
		return -EINVAL;
	}
	if (options->action == KEYTABLE_ACTION_LIST && configure)
		options->action = KEYTABLE_ACTION_CONFIGURE;
	return 0;
}

int options_parse(int argc, char **argv, struct keytable_options *ret_options,
		  struct ir_error *err)
{
	struct keytable_options options = {
		.action = KEYTABLE_ACTION_LIST,
		.delay = -1,
		.period = -1,
	};
	bool configure = false;
	const char *env;
	int ret = 0;
	int c;

	env = getenv("IR_KEYTABLE_SYSROOT");
	if (env)
		options.sysroot = env;
	optind = 0;
	opterr = 0;
	for (;;) {
		optopt = 0;
		c = getopt_long(argc, argv, short_options, long_options, NULL);
		if (c == -1)
			break;
		if (is_configure_option(c))
			configure = true;
		switch (c) {
		case 'a':
			options.auto_load = optarg;
			break;
		case 'c':
			options.clear = true;
			break;
		case 'D':
			if (parse_milliseconds(optarg, &options.delay) < 0) {
				ir_error_set(err, _("invalid delay '%s'"), optarg);
				ret = -EINVAL;
			}
			break;
		case 'P':
			if (parse_milliseconds(optarg, &options.period) < 0) {
				ir_error_set(err, _("invalid period '%s'"), optarg);
				ret = -EINVAL;
			}
			break;
		case 'e':
			ret = add_parameters(&options, optarg, err);
			break;
		case 'k':
			ret = add_set_keys(&options, optarg, err);
			break;
		case 'p':
			ret = add_protocols(&options, optarg, err);
			break;
		case 'w':
			ret = append_string(&options.keymaps, &options.keymap_count, optarg,
					    strlen(optarg));
			break;
		case 'r':
			options.read = true;
			break;
		case 's':
			options.sysdev = optarg;
			break;
		case 't':
			options.test = true;
			break;
		case 'v':
			options.verbose++;
			break;
		case 'V':
			options.action = KEYTABLE_ACTION_VERSION;
			break;
		case 'h':
			options.action = KEYTABLE_ACTION_HELP;
			break;
		case OPTION_USAGE:
			options.action = KEYTABLE_ACTION_USAGE;
			break;
		case OPTION_SYSROOT:
			options.sysroot = optarg;
			break;
		case OPTION_DECODE:
			options.decode_file = optarg;
			options.action = KEYTABLE_ACTION_DECODE;
			break;
		case OPTION_DECODE_KERNEL:
			if (parse_kernel_version(optarg, &options.decode_kernel) < 0) {
				ir_error_set(err, _("invalid kernel version '%s' in --decode-kernel "
						    "(MAJOR.MINOR, as 5.10)"), optarg);
				ret = -EINVAL;
			}
			break;
		case OPTION_JSON:
			options.json = true;
			break;
		case OPTION_LIST_DECODERS:
			options.action = KEYTABLE_ACTION_LIST_DECODERS;
			break;
		case OPTION_TEST_KEYMAP:
			options.action = KEYTABLE_ACTION_TEST_KEYMAP;
			ret = append_string(&options.keymaps, &options.keymap_count, optarg,
					    strlen(optarg));
			break;
		case ':':
			ir_error_set(err, _("option '%s' requires an argument"), argv[optind - 1]);
			ret = -EINVAL;
			break;
		case '?':
			/*
			 * "-?" is help, as in v4l-utils. getopt leaves optopt at 0 for it,
			 * and also for an unknown long option, told apart by its "--".
			 */
			if (optopt == 0 && strncmp(argv[optind - 1], "--", 2) != 0) {
				options.action = KEYTABLE_ACTION_HELP;
				break;
			}
			if (optopt)
				ir_error_set(err, _("unknown option '-%c'"), optopt);
			else
				report_long_option(argv[optind - 1], err);
			ret = -EINVAL;
			break;
		default:
			ir_error_set(err, _("unknown option"));
			ret = -EINVAL;
			break;
		}
		if (ret < 0)
			goto out;
	}
	if (optind < argc) {
		ir_error_set(err, _("unexpected argument '%s'"), argv[optind]);
		ret = -EINVAL;
		goto out;
	}
	if (options.action == KEYTABLE_ACTION_HELP || options.action == KEYTABLE_ACTION_USAGE ||
	    options.action == KEYTABLE_ACTION_VERSION)
		goto out;
	ret = check_combination(&options, configure, err);
out:
	if (ret < 0) {
		options_free(&options);
		return ret;
	}
	*ret_options = options;
	return 0;
}

void options_free(struct keytable_options *options)
{
	size_t i;

	for (i = 0; i < options->keymap_count; i++)
		free(options->keymaps[i]);
	free(options->keymaps);
	for (i = 0; i < options->set_key_count; i++)
		free(options->set_keys[i].key);
	free(options->set_keys);
	for (i = 0; i < options->protocol_count; i++)
		free(options->protocols[i]);
	free(options->protocols);
	for (i = 0; i < options->parameter_count; i++) {
		free(options->parameters[i].decoder);
		free(options->parameters[i].name);
	}
	free(options->parameters);
	memset(options, 0, sizeof(*options));
}

void options_print_usage(const char *program)
{
	printf(_("Usage: %s [-a CFGFILE] [-c] [-D DELAY] [-e [DECODER:]NAME=VALUE] [-k SCANCODE:KEYCODE]\n"
		 "\t[-p PROTOCOL] [-P PERIOD] [-r] [-s SYSDEV] [-t] [-v] [-w KEYMAP]\n"
		 "\t[--decode=CAPTURE [--decode-kernel=VERSION]] [--json] [--list-decoders]\n"
		 "\t[--test-keymap=KEYMAP] [-V] [-h] [--usage]\n"),
	       program);
}

void options_print_help(const char *program)
{
	printf(_("Usage: %s [OPTION...]\n"), program);
	fputs(_("Lists Remote Controller devices, loads rc keymaps and BPF protocol decoders, tests\n"
		"events, and adjusts other Remote Controller options.\n"), stdout);
	fputs("\n", stdout);
	fputs(_("  -a, --auto-load=CFGFILE    auto-load keymaps from an rc_maps.cfg file\n"), stdout);
	fputs(_("  -c, --clear                clear the scancode to keycode mappings\n"), stdout);
	fputs(_("  -D, --delay=DELAY          set the delay before repeating a keystroke (ms)\n"), stdout);
	fputs(_("  -e, --parameter=[DECODER:]NAME=VALUE\n"
		"                             set a BPF decoder parameter (comma-separated list)\n"), stdout);
	fputs(_("  -k, --set-key=SCANCODE:KEYCODE\n"
		"                             set scancode to keycode mappings (comma-separated list)\n"), stdout);
	fputs(_("  -p, --protocol=PROTOCOL    kernel protocols, BPF decoders or decoder objects to\n"
		"                             enable (comma-separated list; 'all', 'none'); IRP\n"
		"                             decoders: 'irp:NAME' (IRP database), 'irp:{...}',\n"
		"                             'irp' (every one, --decode only)\n"), stdout);
	fputs(_("  -P, --period=PERIOD        set the period to repeat a keystroke (ms)\n"), stdout);
	fputs(_("  -r, --read                 read and show the scancode to keycode mappings\n"), stdout);
	fputs(_("  -s, --sysdev=SYSDEV        rc device to control (default: rc0)\n"), stdout);
	fputs(_("  -t, --test                 print the events the rc device generates\n"), stdout);
	fputs(_("  -v, --verbose              show the keymaps read, the plan and skipped steps\n"), stdout);
	fputs(_("  -w, --write=KEYMAP         add the mappings and protocols of a keymap file\n"), stdout);
	fputs(_("      --decode=CAPTURE       decode a recorded IR capture offline, as -t would show it\n"), stdout);
	fputs(_("      --decode-kernel=VERSION\n"
		"                             with --decode: model that Linux's rc-core (5.10,\n"
		"                             6.1, ...; default: the newest)\n"), stdout);
	fputs(_("      --json                 with -t or --decode: one JSON object a line for each\n"
		"                             event\n"), stdout);
	fputs(_("      --list-decoders        list the embedded BPF decoders and their parameters\n"), stdout);
	fputs(_("      --test-keymap=KEYMAP   check a keymap without touching a device\n"), stdout);
	fputs(_("  -h, -?, --help             show this help\n"), stdout);
	fputs(_("      --usage                show a short usage message\n"), stdout);
	fputs(_("  -V, --version              show the version\n"), stdout);
}
