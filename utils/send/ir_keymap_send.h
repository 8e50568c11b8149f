/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A key of a TOML or legacy keymap (keymap.h) sent: the first scancode, in the keymap's
 * order (its protocols, then each one's scancodes, or raw patterns), that maps to the
 * key, in its entry's protocol: a kernel protocol (ir_kernel_send.h), a generic decoder
 * with the entry's parameters (ir_generic.h), or protocol "irp" with its IRP
 * (ir_irp_send.h). A lircd.conf file is not for this unit.
 */
#ifndef IRKIT_IR_KEYMAP_SEND_H
#define IRKIT_IR_KEYMAP_SEND_H

#include "ir_error.h"
#include "ir_train.h"

/*
 * Append the train of key (a KEY_ or BTN_ name, or a keycode's number) of the keymap at
 * path, and repeat repeats, to train. Returns 0; -ENOENT for a key the keymap does not
 * map; -EINVAL for an unknown key name, a keymap that does not load, or a scancode its
 * protocol cannot send; -EOPNOTSUPP for a protocol with no encoder; -E2BIG, -ERANGE,
 * -ENOMEM. On error the train is as it was.
 */
int ir_keymap_send_key(const char *path, const char *key, unsigned int repeat,
		       struct ir_train *train, struct ir_error *err);

#endif
