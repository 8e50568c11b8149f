// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>

#include "ir_modulate.h"

/* Bit n of data, counting in the order sent: the first bit sent is n == 0. */
static unsigned int bit_sent(uint64_t data, unsigned int bits, unsigned int n,
			     bool msb_first)
{
	unsigned int shift = msb_first ? bits - 1 - n : n;

	return (data >> shift) & 1;
}

static int pulse_space(struct ir_train *train, uint32_t pulse, uint32_t space)
{
	int ret = ir_train_pulse(train, pulse);

	return ret ? ret : ir_train_space(train, space);
}

int ir_modulate_pulse_distance(struct ir_train *train, const struct ir_pulse_distance *pd,
			       unsigned int bits, uint64_t data)
{
	unsigned int n;
	int ret;

	if (bits > 64)
		return -EINVAL;
	if (pd->header_pulse) {
		ret = pulse_space(train, pd->header_pulse, pd->header_space);
		if (ret)
			return ret;
	}
	for (n = 0; n < bits; n++) {
		ret = pulse_space(train, pd->bit_pulse,
				  pd->bit_space[bit_sent(data, bits, n, pd->msb_first)]);
		if (ret)
			return ret;
	}
	return pulse_space(train, pd->trailer_pulse, pd->trailer_space);
}

int ir_modulate_pulse_length(struct ir_train *train, const struct ir_pulse_length *pl,
			     unsigned int bits, uint64_t data)
{
	unsigned int n;
	int ret;

	if (bits > 64)
		return -EINVAL;
	ret = ir_train_pulse(train, pl->header_pulse);
	for (n = 0; !ret && n < bits; n++) {
		ret = ir_train_space(train, pl->bit_space);
		if (!ret)
			ret = ir_train_pulse(train,
					     pl->bit_pulse[bit_sent(data, bits, n, pl->msb_first)]);
	}
	return ret ? ret : ir_train_space(train, pl->trailer_space);
}

/* One half-bit: a pulse or a space of one clock. */
static int half_bit(struct ir_train *train, bool pulse, uint32_t clock)
{
	return pulse ? ir_train_pulse(train, clock) : ir_train_space(train, clock);
}

int ir_modulate_biphase(struct ir_train *train, const struct ir_biphase *bp,
			unsigned int bits, uint64_t data)
{
	unsigned int n;
	bool first_is_pulse;
	int ret;

	if (bits > 64)
		return -EINVAL;
	ret = ir_train_pulse(train, bp->leader_pulse);
	if (!ret)
		ret = ir_train_space(train, bp->leader_space);
	for (n = 0; !ret && n < bits; n++) {
		first_is_pulse = bit_sent(data, bits, n, true) == bp->one_is_pulse_space;
		ret = half_bit(train, first_is_pulse, bp->clock);
		if (!ret)
			ret = half_bit(train, !first_is_pulse, bp->clock);
	}
	return ret ? ret : ir_train_space(train, bp->trailer_space);
}
