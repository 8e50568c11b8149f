/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The three ways the kernel's encoders put bits on the air, appended to a train:
 * pulse distance (the space after a fixed pulse carries the bit), pulse length (the
 * pulse before a fixed space does) and bi-phase (each bit is two half-bits of one
 * clock, pulse-space or space-pulse). Durations in microseconds; each function
 * returns 0 or the error of ir_train_pulse()/ir_train_space(), and may leave a part
 * of the frame appended on error.
 */
#ifndef IRKIT_IR_MODULATE_H
#define IRKIT_IR_MODULATE_H

#include <stdbool.h>
#include <stdint.h>

#include "ir_train.h"

/*
 * Header pulse and space (none when header_pulse is 0), then per bit bit_pulse and
 * bit_space[bit], then trailer_pulse and trailer_space, which are always sent.
 */
struct ir_pulse_distance {
	uint32_t header_pulse, header_space;
	uint32_t bit_pulse, bit_space[2];
	uint32_t trailer_pulse, trailer_space;
	bool msb_first;
};

/* The low `bits` bits of data (at most 64). */
int ir_modulate_pulse_distance(struct ir_train *train, const struct ir_pulse_distance *pd,
			       unsigned int bits, uint64_t data);

/* Header pulse, then per bit bit_space and bit_pulse[bit], then trailer_space. */
struct ir_pulse_length {
	uint32_t header_pulse;
	uint32_t bit_space, bit_pulse[2];
	uint32_t trailer_space;
	bool msb_first;
};

int ir_modulate_pulse_length(struct ir_train *train, const struct ir_pulse_length *pl,
			     unsigned int bits, uint64_t data);

/*
 * A leader pulse and space (either may be 0: with no leader the bits go on from the
 * train's end), the bits most significant first as two half-bits of `clock` each, then
 * trailer_space. A one is a pulse then a space when one_is_pulse_space (RC-6, MCIR-2),
 * a space then a pulse otherwise (RC-5). Half-bits merge with the durations next to
 * them, so a leader pulse may be the first half-bit's pulse.
 */
struct ir_biphase {
	uint32_t leader_pulse, leader_space;
	uint32_t clock;
	bool one_is_pulse_space;
	uint32_t trailer_space;
};

int ir_modulate_biphase(struct ir_train *train, const struct ir_biphase *bp,
			unsigned int bits, uint64_t data);

#endif
