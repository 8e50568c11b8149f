/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ir-ctl's receiving: the receiver set up (lirc_io.h), then the samples it gives
 * written as text (capture_writer.h) to standard output or -r's file, a line at a time
 * as they come, until SIGINT or SIGTERM (exit 0: the line under way ended) or the
 * device goes away, or with --oneshot until the first message has ended; and
 * --features, what a device can do.
 */
#ifndef IRKIT_IRCTL_RECEIVE_H
#define IRKIT_IRCTL_RECEIVE_H

#include <stdio.h>

#include "ir_error.h"
#include "options.h"

/* -r: set the receiver, receive. */
int irctl_receive(const struct irctl_options *options, struct ir_error *err);

/* The receiver's settings alone (IRCTL_ACTION_SET). */
int irctl_set_receiver(const struct irctl_options *options, struct ir_error *err);

/* --features: what options' device can do, to out. */
int irctl_features(const struct irctl_options *options, FILE *out, struct ir_error *err);

/* The device options name: -d, or /dev/lirc0. */
const char *irctl_device(const struct irctl_options *options);

#endif
