// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <check.h>
#include <string.h>

#include "irp-random.h"

uint64_t irp_random_next(uint64_t *state)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return *state * 0x2545f4914f6cdd1dull;
}

/* p rendered with values into signal, or false when it cannot be. */
static bool render_values(const struct irp_protocol *p,
			  const struct irp_render_options *options, const uint64_t *values,
			  struct irp_signal *signal)
{
	struct ir_error err = { "" };
	struct irp_env *env;
	bool rendered = true;
	size_t i;

	ck_assert_int_eq(irp_env_new(&env), 0);
	for (i = 0; i < p->parameter_count; i++)
		ck_assert_int_eq(irp_env_set(env, p->parameters[i].name, (int64_t)values[i]), 0);
	if (irp_env_prepare(env, p, &err) < 0 || irp_render(p, env, options, signal, &err) < 0)
		rendered = false;
	irp_env_free(env);
	return rendered;
}

/*
 * A bit of parameter i whose value the signal does not carry (Zenith5 sends 5 bits of
 * its F:0..255) is drawn as 0: no decoder can give it back. A bit is not carried when
 * the rendering with it cleared is the same.
 */
static void clear_unsent_bits(const struct irp_protocol *p,
			      const struct irp_render_options *options, uint64_t *values,
			      size_t i, const struct irp_signal *signal)
{
	unsigned int bit;

	for (bit = 0; bit < 64; bit++) {
		uint64_t kept = values[i], cleared = values[i] & ~((uint64_t)1 << bit);
		struct irp_signal other = { 0 };
		bool same;

		if (cleared == kept || cleared < p->parameters[i].min)
			continue;
		values[i] = cleared;
		same = render_values(p, options, values, &other) && other.count == signal->count &&
		       memcmp(other.durations, signal->durations,
			      signal->count * sizeof(*signal->durations)) == 0;
		irp_signal_free(&other);
		if (!same)
			values[i] = kept;
	}
}

void irp_random_render(const struct irp_protocol *p, uint64_t *state, bool ending,
		       uint64_t values[IRP_RANDOM_PARAMETERS_MAX], struct irp_signal *signal)
{
	struct irp_render_options options = { .repeats = 2, .ending = ending };
	struct ir_error err = { "" };
	struct irp_env *env;
	size_t i;

	ck_assert_uint_le(p->parameter_count, IRP_RANDOM_PARAMETERS_MAX);
	ck_assert_int_eq(irp_env_new(&env), 0);
	for (i = 0; i < p->parameter_count; i++) {
		const struct irp_parameter *pa = &p->parameters[i];
		/* A parameter of the whole 64-bit range has a span of 0: any value. */
		uint64_t span = pa->max - pa->min + 1;

		values[i] = pa->min + (span ? irp_random_next(state) % span
					    : irp_random_next(state));
		ck_assert_int_eq(irp_env_set(env, pa->name, (int64_t)values[i]), 0);
	}
	ck_assert_msg(irp_env_prepare(env, p, &err) == 0, "%s", err.message);
	ck_assert_msg(irp_render(p, env, &options, signal, &err) == 0, "%s", err.message);
	irp_env_free(env);
	for (i = 0; i < p->parameter_count; i++)
		clear_unsent_bits(p, &options, values, i, signal);
}
