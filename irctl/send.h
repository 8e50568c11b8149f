/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ir-ctl's device side: a train sent whole to a lirc device in LIRC_MODE_PULSE, and
 * what the device can do (--features). A send is checked whole before the device is
 * touched: the train split into writes the kernel takes, the device's features for
 * every option given; only then are the ioctls made and the parts written.
 */
#ifndef IRKIT_IRCTL_SEND_H
#define IRKIT_IRCTL_SEND_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ir_error.h"
#include "ir_train.h"
#include "options.h"

/*
 * What lirc_dev.c takes in one write(): at most LIRCBUF_SIZE values, adding up to at
 * most IR_MAX_DURATION (500 ms); more is EINVAL.
 */
#define IRCTL_WRITE_VALUES_MAX 1024
#define IRCTL_WRITE_DURATION_MAX 500000

/* One write(): count values of the train from start, then pause µs of silence. */
struct irctl_part {
	size_t start;
	size_t count;
	uint32_t pause;
};

/*
 * Split train (pulse first, ending on a pulse) into writes of at most values_max
 * values and duration_max µs, each ending on a pulse; the space where it is cut
 * becomes the pause after a part. -EINVAL when one pulse alone is longer than
 * duration_max (err says which). *ret_parts is the caller's to free.
 */
int irctl_send_split(const struct ir_train *train, size_t values_max,
		     uint32_t duration_max, struct irctl_part **ret_parts,
		     size_t *ret_count, struct ir_error *err);

/* Send train to options' device (-d under the root prefix) with -c, -D and -e. */
int irctl_send(const struct irctl_options *options, const struct ir_train *train,
	       struct ir_error *err);

/* Print to out what options' device can do (--features). */
int irctl_features(const struct irctl_options *options, FILE *out, struct ir_error *err);

#endif
