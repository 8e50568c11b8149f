/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The command line of ir-ctl, parsed into one struct. Options are those of v4l-utils'
 * ir-ctl, so that scripts keep working: the sending ones (-s, -S, -k, -K, -g, -d, -c,
 * -D, -e, -v), the receiving ones (-r, -1, --mode2, -w, -n, -R, -m, -M, -t), --features
 * (-f); and irkit's own: --repeat, which sends a -S or -K as a held button, and
 * --dry-run, which prints what would be sent.
 *
 * The action follows from the options: sending when something is given to send,
 * receiving with -r, else setting the receiver when a receiving setting is given. A
 * command line that mixes sending and receiving is a usage error.
 */
#ifndef IRKIT_IRCTL_OPTIONS_H
#define IRKIT_IRCTL_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir_error.h"
#include "lirc_io.h"

#define IRCTL_EXIT_USAGE 64		/* EX_USAGE, as ir-keytable */
#define IRCTL_CARRIER_MAX 1000000	/* Hz: beyond any infrared carrier */
#define IRCTL_EMITTERS_MAX 32		/* the bits of LIRC_SET_TRANSMITTER_MASK */
#define IRCTL_GAP_DEFAULT 125000	/* µs between two things sent, as v4l-utils' */
#define IRCTL_REPEAT_MAX 100		/* --repeat: a held button's 10 s and more */
/* --oneshot: a space this long ends a message, as v4l-utils' ir-ctl documents. */
#define IRCTL_ONESHOT_SPACE 19000

enum irctl_item_kind {
	IRCTL_ITEM_FILE,	/* -s: a capture file ("-": standard input) */
	IRCTL_ITEM_SCANCODE,	/* -S PROTOCOL:SCANCODE */
	IRCTL_ITEM_KEY,		/* -K KEY, of -k's keymap */
};

/* One -s, -S or -K, in command-line order; arg is the option's argument. */
struct irctl_item {
	enum irctl_item_kind kind;
	const char *arg;
};

enum irctl_action {
	IRCTL_ACTION_SEND,
	IRCTL_ACTION_RECEIVE,		/* -r: mode2 samples as text, after the settings */
	IRCTL_ACTION_SET,		/* receiving settings alone (-w, -n, -R, -m, -M, -t) */
	IRCTL_ACTION_FEATURES,
	IRCTL_ACTION_HELP,
	IRCTL_ACTION_VERSION,
	IRCTL_ACTION_MAX,
};

struct irctl_options {
	enum irctl_action action;
	const char *device;		/* -d; NULL: /dev/lirc0 */
	const char *sysroot;		/* --sysroot, IR_KEYTABLE_SYSROOT: -d is under it */
	uint32_t carrier;		/* -c, Hz; 0: the device's own */
	uint32_t duty_cycle;		/* -D, percent; 0: the device's own */
	uint32_t emitters;		/* -e, a mask: bit 0 is emitter 1; 0: as it is */
	struct irctl_item *items;	/* owned */
	size_t item_count;
	const char *keymap;		/* -k, for the -K items */
	unsigned int repeat;		/* --repeat: repeats after each -S or -K */
	uint32_t gap;			/* -g, µs */
	bool dry_run;
	bool verbose;			/* -v: the train on standard error before sending */
	bool receive;			/* -r */
	const char *receive_file;	/* -rFILE, --receive=FILE; NULL: standard output */
	bool oneshot;			/* -1: stop at the end of the first message */
	bool mode2;			/* --mode2: a line per sample */
	struct lirc_receive_settings receiver;	/* -w, -n, -R, -m, -M, -t */
};

/*
 * Parse argv into *ret_options (freed with irctl_options_free()). Returns 0, or
 * -EINVAL for a usage error, -ENOMEM; err says which option and why.
 */
int irctl_options_parse(int argc, char **argv, struct irctl_options *ret_options,
			struct ir_error *err);
void irctl_options_free(struct irctl_options *options);

void irctl_options_print_help(const char *program);

#endif
