/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * IRP protocols sent: a name of the IRP database irkit embeds (irp_database.h) or an
 * IRP string ("{...}..."), and a scancode in the layout that ir-keytable reports for
 * the same protocol (-p irp:NAME, or a keymap's protocol = "irp"): the kernel's layout
 * for the database's protocols that have one (NEC1 reports nec, necx or nec32), the
 * generic one otherwise (irp_compile_unpack()). The scancode's parameters are rendered
 * by irp_render(); a persistent parameter (a toggle) starts from its default.
 *
 * The parameters may be given by name instead (ir_irp_send_values()).
 *
 * A press is the protocol's intro and its repeat part once if it has no intro (RC5),
 * else its intro alone (NEC1); repeat more repeat parts follow, and the ending, if the
 * protocol has one.
 */
#ifndef IRKIT_IR_IRP_SEND_H
#define IRKIT_IR_IRP_SEND_H

#include <stdint.h>

#include "ir_error.h"
#include "ir_train.h"

/*
 * Append irp's rendering of scancode to train. Returns 0; -EINVAL for a name not in the
 * database, an IRP string that does not parse or a scancode no parameters give (err
 * says which); the renderer's errors (-E2BIG, -ERANGE...); -ENOMEM. On error the train
 * may have part of the signal.
 */
int ir_irp_send(const char *irp, uint64_t scancode, unsigned int repeat,
		struct ir_train *train, struct ir_error *err);

/*
 * The same with the parameters by name rather than a scancode, for those a scancode
 * cannot carry (a protocol of more than 64 bits of parameters, irp_compile.h's wide
 * path): assignments is "NAME=VALUE,NAME=VALUE,...", each a parameter of the protocol
 * once, a C-style number; one left out takes its default, and one with no default must
 * be given. Returns 0; -EINVAL for a name that is not a parameter, one given twice, a
 * value that is not a number or one not given; -ERANGE for a value out of its range;
 * as ir_irp_send() otherwise.
 */
int ir_irp_send_values(const char *irp, const char *assignments, unsigned int repeat,
		       struct ir_train *train, struct ir_error *err);

#endif
