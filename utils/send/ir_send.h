/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One thing to send, as the user names it, into a train: "PROTOCOL:SCANCODE" (ir-ctl's
 * -S), or a key of a keymap (-k KEYMAP -K KEY). This is where a name finds its
 * encoder: the kernel's protocols (ir_encode.h) and, by prefix or by the keymap's kind,
 * the encoders of irkit's other decoders. Each returns the train a receiving irkit
 * reports the same scancode for.
 */
#ifndef IRKIT_IR_SEND_H
#define IRKIT_IR_SEND_H

#include "ir_error.h"
#include "ir_train.h"

struct ir_send_request {
	const char *scancode;	/* "PROTOCOL:SCANCODE" (-S); NULL for a key */
	const char *keymap;	/* -k: a keymap's path, for key */
	const char *key;	/* -K: a key name (KEY_POWER) or a lircd.conf button */
	/*
	 * Repeats after the first frame (--repeat), as the protocol repeats a held
	 * button: its repeat code where it has one, else the frame again.
	 */
	unsigned int repeat;
};

/*
 * Append request's train to train (empty or not). Returns 0; -EINVAL for a request
 * that names nothing we can encode or a value that does not fit (err says which);
 * -EOPNOTSUPP for a protocol we decode but cannot encode; -ENOENT for a key the keymap
 * does not have; -ENOMEM. On error the train is as it was.
 */
int ir_send_encode(const struct ir_send_request *request, struct ir_train *train,
		   struct ir_error *err);

/* The protocol names -S takes, for --help: calls fn once for each. */
void ir_send_for_each_protocol(void (*fn)(const char *name, void *data), void *data);

#endif
