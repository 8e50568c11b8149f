/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A pulse/space train, as a transmitter sends it: durations in microseconds,
 * alternately pulse and space, the first a pulse. This is the layout of a
 * LIRC_MODE_PULSE write and of the raw events the kernel's encoders produce
 * (ir_raw_encode_scancode()), so a train can be compared with the kernel's duration
 * by duration and written to /dev/lircN as it is (once its trailing space, if any,
 * is dropped: the kernel's lirc_dev does the same before sending).
 *
 * Appending a pulse after a pulse (or a space after a space) lengthens the last
 * duration instead, as two adjacent pulses of light are one on the air; a duration
 * of 0 appends nothing.
 */
#ifndef IRKIT_IR_TRAIN_H
#define IRKIT_IR_TRAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The longest duration a LIRC sample carries: 24 bits of microseconds. */
#define IR_TRAIN_DURATION_MAX 0xffffffu
/* More than any kernel encoder makes (lirc_dev takes at most 1024). */
#define IR_TRAIN_COUNT_MAX 4096

struct ir_train {
	uint32_t *durations;	/* count durations, owned by the train */
	size_t count;
	size_t capacity;
	/*
	 * The carrier the train is meant to be sent on, in Hz, as its encoder knows it
	 * (the protocol's, the remote's); 0 when nothing says.
	 */
	uint32_t carrier;
};

/* An empty train, which owns nothing yet. */
void ir_train_init(struct ir_train *train);
/* Back to empty; accepts NULL. */
void ir_train_free(struct ir_train *train);

/* Duration index of a train is a pulse (even indices) or a space (odd ones). */
static inline bool ir_train_is_pulse(size_t index)
{
	return index % 2 == 0;
}

/*
 * Append. Returns 0; -EINVAL for a space on an empty train (a train starts with a
 * pulse); -ERANGE when the duration, or the sum it makes with the last one, passes
 * IR_TRAIN_DURATION_MAX; -E2BIG past IR_TRAIN_COUNT_MAX durations; -ENOMEM. The
 * train is unchanged on error.
 */
int ir_train_pulse(struct ir_train *train, uint32_t us);
int ir_train_space(struct ir_train *train, uint32_t us);

/*
 * Append from's durations (a space after a space, or a pulse after a pulse, adds to
 * it), and its carrier when it has one. Errors as ir_train_pulse(); the train is
 * unchanged on error.
 */
int ir_train_append(struct ir_train *train, const struct ir_train *from);

/* Drop the last duration if it is a space. */
void ir_train_trim_space(struct ir_train *train);

/* The sum of the durations, in microseconds. */
uint64_t ir_train_duration(const struct ir_train *train);

/*
 * "pulse N" and "space N" lines, one per duration: the text ir-ctl --send reads and
 * ir-keytable --decode takes. Returns 0 or -EIO.
 */
int ir_train_write_text(FILE *out, const struct ir_train *train);

#endif
