// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <linux/lirc.h>

#include "ir_signal.h"

void ir_signal_init(struct ir_signal *signal)
{
	signal->samples = NULL;
	signal->count = 0;
	signal->capacity = 0;
}

void ir_signal_free(struct ir_signal *signal)
{
	if (!signal)
		return;
	free(signal->samples);
	ir_signal_init(signal);
}

static int push(struct ir_signal *signal, uint32_t sample)
{
	if (signal->count == signal->capacity) {
		size_t capacity = signal->capacity ? signal->capacity * 2 : 64;
		uint32_t *samples = realloc(signal->samples, capacity * sizeof(*samples));

		if (!samples)
			return -ENOMEM;
		signal->samples = samples;
		signal->capacity = capacity;
	}
	signal->samples[signal->count++] = sample;
	return 0;
}

/* Appends a pulse or space, merging it into a last sample of the same kind. */
static int add(struct ir_signal *signal, uint32_t mode, unsigned int us)
{
	uint32_t *last;
	uint64_t total;

	if (us == 0)
		return 0;
	if (us > LIRC_VALUE_MASK)
		return -ERANGE;
	last = signal->count ? &signal->samples[signal->count - 1] : NULL;
	if (last && LIRC_MODE2(*last) == mode) {
		total = (uint64_t)LIRC_VALUE(*last) + us;
		if (total > LIRC_VALUE_MASK)
			return -ERANGE;
		*last = mode | (uint32_t)total;
		return 0;
	}
	return push(signal, mode | us);
}

int ir_signal_pulse(struct ir_signal *signal, unsigned int us)
{
	return add(signal, LIRC_MODE2_PULSE, us);
}

int ir_signal_space(struct ir_signal *signal, unsigned int us)
{
	return add(signal, LIRC_MODE2_SPACE, us);
}

int ir_signal_timeout(struct ir_signal *signal, unsigned int us)
{
	if (us > LIRC_VALUE_MASK)
		return -ERANGE;
	return push(signal, LIRC_MODE2_TIMEOUT | us);
}

int ir_signal_append(struct ir_signal *signal, const struct ir_signal *other)
{
	size_t i;
	int ret = 0;

	for (i = 0; i < other->count && ret == 0; i++) {
		uint32_t sample = other->samples[i];

		if (LIRC_IS_TIMEOUT(sample))
			ret = ir_signal_timeout(signal, LIRC_VALUE(sample));
		else
			ret = add(signal, LIRC_MODE2(sample), LIRC_VALUE(sample));
	}
	return ret;
}

uint64_t ir_signal_duration(const struct ir_signal *signal)
{
	uint64_t total = 0;
	size_t i;

	for (i = 0; i < signal->count; i++)
		total += LIRC_VALUE(signal->samples[i]);
	return total;
}

int ir_signal_pad_to(struct ir_signal *signal, uint64_t period)
{
	uint64_t duration = ir_signal_duration(signal);

	if (duration >= period)
		return 0;
	return ir_signal_space(signal, (unsigned int)(period - duration));
}

int ir_signal_write_text(FILE *out, const struct ir_signal *signal)
{
	size_t i;

	for (i = 0; i < signal->count; i++) {
		uint32_t sample = signal->samples[i];
		const char *kind = LIRC_IS_PULSE(sample) ? "pulse" :
				   LIRC_IS_TIMEOUT(sample) ? "timeout" : "space";

		if (fprintf(out, "%s %u\n", kind, LIRC_VALUE(sample)) < 0)
			return -EIO;
	}
	return 0;
}
