/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A recorded or synthesised infrared signal: LIRC mode2 samples (pulse, space, timeout
 * with a duration in µs), as a receiver delivers them to a decoder. Adjacent pulses
 * (or spaces) merge, as they do in a receiver.
 */
#ifndef IRKIT_TESTS_IR_SIGNAL_H
#define IRKIT_TESTS_IR_SIGNAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct ir_signal {
	uint32_t *samples;
	size_t count;
	size_t capacity;
};

void ir_signal_init(struct ir_signal *signal);
void ir_signal_free(struct ir_signal *signal);	/* back to empty; accepts NULL */

/* Append; a duration of 0 appends nothing. Return 0 or -ENOMEM, -ERANGE (> 24 bits). */
int ir_signal_pulse(struct ir_signal *signal, unsigned int us);
int ir_signal_space(struct ir_signal *signal, unsigned int us);
/* A timeout sample: never merged. */
int ir_signal_timeout(struct ir_signal *signal, unsigned int us);
int ir_signal_append(struct ir_signal *signal, const struct ir_signal *other);

/* Total duration in µs. */
uint64_t ir_signal_duration(const struct ir_signal *signal);
/* Pads the signal with a space so that it lasts at least period µs in total. */
int ir_signal_pad_to(struct ir_signal *signal, uint64_t period);

/* "pulse N" / "space N" / "timeout N" lines, as ir-ctl -s reads them. */
int ir_signal_write_text(FILE *out, const struct ir_signal *signal);

#endif
