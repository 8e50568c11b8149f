/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The command line of ir-keytable, parsed into one struct. Parsing checks only the
 * form of each option; names (keycodes, protocols, parameters) are resolved later,
 * still before any device is touched.
 */
#ifndef IRKIT_KEYTABLE_OPTIONS_H
#define IRKIT_KEYTABLE_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir_error.h"
#include "plan.h"	/* -k and -e are the planner's struct plan_set_key and plan_parameter */


enum keytable_action {
	KEYTABLE_ACTION_LIST,		/* no option, or only -s: list rc devices */
	KEYTABLE_ACTION_CONFIGURE,	/* -c -w -k -p -e -D -P -r -t -a */
	KEYTABLE_ACTION_DECODE,		/* --decode=CAPTURE: offline */
	KEYTABLE_ACTION_LIST_DECODERS,	/* --list-decoders */
	KEYTABLE_ACTION_TEST_KEYMAP,	/* --test-keymap=KEYMAP: check, touch no device */
	KEYTABLE_ACTION_HELP,
	KEYTABLE_ACTION_USAGE,
	KEYTABLE_ACTION_VERSION,
	KEYTABLE_ACTION_MAX,
};

struct keytable_options {
	enum keytable_action action;
	const char *sysroot;		/* --sysroot or IR_KEYTABLE_SYSROOT; "" is / */
	const char *sysdev;		/* -s; NULL means rc0 */
	const char *auto_load;		/* -a CFGFILE */
	const char *decode_file;	/* --decode */
	/*
	 * --decode-kernel=MAJOR.MINOR: the Linux whose rc-core --decode models, as
	 * OPTIONS_KERNEL(major, minor); 0 (not given) models the newest.
	 */
	unsigned int decode_kernel;
	bool clear;			/* -c */
	bool read;			/* -r */
	bool test;			/* -t */
	bool json;			/* --json: -t's and --decode's events as JSON */
	unsigned int verbose;		/* -v, repeatable */
	int delay;			/* -D, -1 when not given */
	int period;			/* -P, -1 when not given */
	char **keymaps;			/* -w, or --test-keymap, in order */
	size_t keymap_count;
	struct plan_set_key *set_keys;
	size_t set_key_count;
	char **protocols;		/* -p, comma lists split */
	size_t protocol_count;
	struct plan_parameter *parameters;
	size_t parameter_count;
};

#define OPTIONS_KERNEL(major, minor) ((major) << 16 | (minor))

/* The exit status of a command line error (sysexits.h's EX_USAGE, as v4l-utils'). */
#define KEYTABLE_EXIT_USAGE 64

/*
 * Parse argv. Returns 0, -EINVAL with err set ("invalid scancode '0xzz' in --set-key"),
 * or -ENOMEM. The options own copies of every string; free with options_free().
 */
int options_parse(int argc, char **argv, struct keytable_options *ret_options,
		  struct ir_error *err);
void options_free(struct keytable_options *options);

void options_print_help(const char *program);
void options_print_usage(const char *program);

#endif
