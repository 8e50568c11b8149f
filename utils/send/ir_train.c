// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>

#include "ir_train.h"

void ir_train_init(struct ir_train *train)
{
	train->durations = NULL;
	train->count = 0;
	train->capacity = 0;
	train->carrier = 0;
}

void ir_train_free(struct ir_train *train)
{
	if (!train)
		return;
	free(train->durations);
	ir_train_init(train);
}

static int ir_train_grow(struct ir_train *train)
{
	size_t capacity;
	uint32_t *durations;

	if (train->count < train->capacity)
		return 0;
	if (train->count >= IR_TRAIN_COUNT_MAX)
		return -E2BIG;
	capacity = train->capacity ? 2 * train->capacity : 64;
	if (capacity > IR_TRAIN_COUNT_MAX)
		capacity = IR_TRAIN_COUNT_MAX;
	durations = realloc(train->durations, capacity * sizeof(*durations));
	if (!durations)
		return -ENOMEM;
	train->durations = durations;
	train->capacity = capacity;
	return 0;
}

/* Lengthen the last duration when it is of the same kind, else add one. */
static int ir_train_add(struct ir_train *train, bool pulse, uint32_t us)
{
	uint32_t *last;
	int ret;

	if (us > IR_TRAIN_DURATION_MAX)
		return -ERANGE;
	if (!us)
		return 0;
	if (!train->count && !pulse)
		return -EINVAL;
	if (train->count && ir_train_is_pulse(train->count - 1) == pulse) {
		last = &train->durations[train->count - 1];
		if (*last > IR_TRAIN_DURATION_MAX - us)
			return -ERANGE;
		*last += us;
		return 0;
	}
	ret = ir_train_grow(train);
	if (ret)
		return ret;
	train->durations[train->count++] = us;
	return 0;
}

int ir_train_pulse(struct ir_train *train, uint32_t us)
{
	return ir_train_add(train, true, us);
}

int ir_train_space(struct ir_train *train, uint32_t us)
{
	return ir_train_add(train, false, us);
}

int ir_train_append(struct ir_train *train, const struct ir_train *from)
{
	size_t count = train->count, i;
	uint32_t last = count ? train->durations[count - 1] : 0;
	int ret = 0;

	for (i = 0; ret == 0 && i < from->count; i++)
		ret = ir_train_add(train, ir_train_is_pulse(i), from->durations[i]);
	if (ret < 0) {
		train->count = count;
		if (count)
			train->durations[count - 1] = last;
		return ret;
	}
	if (from->carrier)
		train->carrier = from->carrier;
	return 0;
}

void ir_train_trim_space(struct ir_train *train)
{
	if (train->count && !ir_train_is_pulse(train->count - 1))
		train->count--;
}

uint64_t ir_train_duration(const struct ir_train *train)
{
	uint64_t sum = 0;
	size_t i;

	for (i = 0; i < train->count; i++)
		sum += train->durations[i];
	return sum;
}

int ir_train_write_text(FILE *out, const struct ir_train *train)
{
	size_t i;

	for (i = 0; i < train->count; i++)
		if (fprintf(out, "%s %" PRIu32 "\n",
			    ir_train_is_pulse(i) ? "pulse" : "space", train->durations[i]) < 0)
			return -EIO;
	return 0;
}
