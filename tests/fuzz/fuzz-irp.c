// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz target: irp_parse() and irp_parse_expression() on any bytes. What irp.h promises:
 * a tree that parses is printed by irp_print() into a text that parses back to the same
 * tree (columns aside) and prints the same again; a failure returns -EINVAL or -E2BIG
 * (or -ENOMEM) with an "irp:" message and leaves the out-parameter alone. The tree's
 * expressions are then evaluated (definitions, defaults) and the protocol rendered
 * (irp_render.h): any result, or one of the documented codes with a message, never a
 * crash or undefined behaviour; a rendered signal alternates pulses and spaces. The
 * evaluations of one protocol share one budget (irp_env_limit()), as the renderer's
 * and the compiler's do, and a case takes less than a second of CPU time.
 */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "fuzz.h"
#include "irp.h"
#include "irp_render.h"

static bool same_decimal(struct irp_decimal a, struct irp_decimal b)
{
	return a.digits == b.digits && a.scale == b.scale;
}

static bool same_name(const char *a, const char *b)
{
	return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

static bool same_expr(const struct irp_expr *a, const struct irp_expr *b)
{
	if (!a || !b)
		return a == b;
	if (a->kind != b->kind || a->height != b->height)
		return false;
	switch (a->kind) {
	case IRP_EXPR_NUMBER:
		return a->number == b->number;
	case IRP_EXPR_NAME:
		return same_name(a->name, b->name);
	case IRP_EXPR_BITFIELD:
		if (a->complement != b->complement || a->reverse != b->reverse ||
		    a->infinite != b->infinite)
			return false;
		break;
	case IRP_EXPR_UNARY:
	case IRP_EXPR_BINARY:
		if (a->op != b->op)
			return false;
		break;
	default:
		break;
	}
	return same_expr(a->a, b->a) && same_expr(a->b, b->b) && same_expr(a->c, b->c);
}

static bool same_stream(const struct irp_stream *a, const struct irp_stream *b);

static bool same_sequence(const struct irp_sequence *a, const struct irp_sequence *b)
{
	size_t i;
	unsigned int k;

	if (a->count != b->count)
		return false;
	for (i = 0; i < a->count; i++) {
		const struct irp_item *x = &a->items[i], *y = &b->items[i];

		if (x->kind != y->kind)
			return false;
		switch (x->kind) {
		case IRP_ITEM_DURATION:
			if (x->duration.kind != y->duration.kind ||
			    x->duration.unit != y->duration.unit ||
			    !same_name(x->duration.name, y->duration.name) ||
			    (!x->duration.name &&
			     !same_decimal(x->duration.value, y->duration.value)))
				return false;
			break;
		case IRP_ITEM_BITFIELD:
			if (x->bitfield->kind != IRP_EXPR_BITFIELD ||
			    !same_expr(x->bitfield, y->bitfield))
				return false;
			break;
		case IRP_ITEM_ASSIGNMENT:
			if (!same_name(x->name, y->name) || !same_expr(x->value, y->value))
				return false;
			break;
		case IRP_ITEM_STREAM:
			if (!same_stream(x->stream, y->stream))
				return false;
			break;
		case IRP_ITEM_VARIATION:
			FUZZ_ASSERT(x->alternative_count == 2 || x->alternative_count == 3,
				    "%u alternatives", x->alternative_count);
			if (x->alternative_count != y->alternative_count)
				return false;
			for (k = 0; k < x->alternative_count; k++)
				if (!same_sequence(&x->alternatives[k], &y->alternatives[k]))
					return false;
			break;
		default:
			FUZZ_ASSERT(false, "item kind %d", x->kind);
		}
	}
	return true;
}

static bool same_stream(const struct irp_stream *a, const struct irp_stream *b)
{
	size_t i;

	if (a->repeat != b->repeat || !same_sequence(&a->body, &b->body))
		return false;
	if ((a->repeat == IRP_REPEAT_COUNT || a->repeat == IRP_REPEAT_AT_LEAST) &&
	    a->count != b->count)
		return false;
	if (!a->bitspec || !b->bitspec)
		return a->bitspec == b->bitspec;
	if (a->bitspec->count != b->bitspec->count)
		return false;
	for (i = 0; i < a->bitspec->count; i++)
		if (!same_sequence(&a->bitspec->symbols[i], &b->bitspec->symbols[i]))
			return false;
	return true;
}

static bool same_general(const struct irp_general *a, const struct irp_general *b)
{
	return a->has_frequency == b->has_frequency && a->has_unit == b->has_unit &&
	       a->has_order == b->has_order && a->has_duty_cycle == b->has_duty_cycle &&
	       (!a->has_frequency || same_decimal(a->frequency, b->frequency)) &&
	       (!a->has_unit || (same_decimal(a->unit, b->unit) &&
				 a->unit_in_periods == b->unit_in_periods)) &&
	       (!a->has_order || a->msb == b->msb) &&
	       (!a->has_duty_cycle || same_decimal(a->duty_cycle, b->duty_cycle));
}

static bool same_protocol(const struct irp_protocol *a, const struct irp_protocol *b)
{
	size_t i;

	if (!same_general(&a->general, &b->general) || !same_stream(a->stream, b->stream) ||
	    a->definition_count != b->definition_count ||
	    a->has_parameter_specs != b->has_parameter_specs ||
	    a->parameter_count != b->parameter_count)
		return false;
	for (i = 0; i < a->definition_count; i++)
		if (!same_name(a->definitions[i].name, b->definitions[i].name) ||
		    !same_expr(a->definitions[i].value, b->definitions[i].value))
			return false;
	for (i = 0; i < a->parameter_count; i++) {
		const struct irp_parameter *x = &a->parameters[i], *y = &b->parameters[i];

		if (!same_name(x->name, y->name) || x->min != y->min || x->max != y->max ||
		    x->persistent != y->persistent ||
		    !same_expr(x->default_value, y->default_value))
			return false;
	}
	return true;
}

static void check_failure(int ret, const struct ir_error *err)
{
	FUZZ_ASSERT(ret == -EINVAL || ret == -E2BIG || ret == -ENOMEM, "ret %d", ret);
	FUZZ_ASSERT(strncmp(err->message, "irp:", 4) == 0, "message '%s'", err->message);
}

static void check_eval(int ret, const struct ir_error *err)
{
	if (ret == 0)
		return;
	FUZZ_ASSERT(ret == -ENOENT || ret == -EDOM || ret == -ERANGE || ret == -ELOOP ||
		    ret == -E2BIG || ret == -EINVAL || ret == -ENOMEM, "eval ret %d", ret);
	FUZZ_ASSERT(strncmp(err->message, "irp:", 4) == 0, "eval message '%s'", err->message);
}

static void render(const struct irp_protocol *protocol, struct irp_env *env)
{
	struct irp_render_options options = { 2, true };
	struct irp_signal signal = { NULL, 0, 0, 0, 0 };
	struct ir_error err = { "" };
	int ret = irp_render(protocol, env, &options, &signal, &err);
	size_t i;

	if (ret < 0) {
		check_eval(ret, &err);
	} else {
		for (i = 0; i < signal.count; i++) {
			FUZZ_ASSERT(signal.durations[i] != 0, "duration %zu is 0", i);
			FUZZ_ASSERT(i == 0 || (signal.durations[i] > 0) !=
				    (signal.durations[i - 1] > 0), "durations %zu and %zu", i - 1, i);
		}
	}
	irp_signal_free(&signal);
}

/* Parameters without a default at their minimum, then defaults, definitions, rendering. */
static void evaluate(const struct irp_protocol *protocol)
{
	struct ir_error err = { "" };
	struct irp_env *env;
	int64_t value;
	size_t i;

	if (irp_env_new(&env) < 0)
		return;
	irp_env_limit(env, IRP_EVAL_BUDGET);
	for (i = 0; i < protocol->parameter_count; i++)
		if (!protocol->parameters[i].default_value &&
		    irp_env_set(env, protocol->parameters[i].name,
				(int64_t)protocol->parameters[i].min) < 0)
			goto out;
	check_eval(irp_env_prepare(env, protocol, &err), &err);
	for (i = 0; i < protocol->definition_count; i++)
		check_eval(irp_eval(protocol->definitions[i].value, env, &value, &err), &err);
	render(protocol, env);
out:
	irp_env_free(env);
}

static void fuzz_protocol(const char *text, size_t size)
{
	struct irp_protocol *protocol = (struct irp_protocol *)&protocol, *again;
	struct ir_error err = { "" };
	char *printed, *reprinted;
	int ret;

	ret = irp_parse(text, size, &protocol, &err);
	if (ret < 0) {
		check_failure(ret, &err);
		FUZZ_ASSERT(protocol == (struct irp_protocol *)&protocol, "set on failure");
		return;
	}
	FUZZ_ASSERT(protocol->stream && protocol->stream->bitspec, "no top bitspec");
	if (irp_print(protocol, &printed) < 0)
		goto out;
	ret = irp_parse(printed, strlen(printed), &again, &err);
	FUZZ_ASSERT(ret == 0, "printed '%s' does not parse: %s", printed, err.message);
	FUZZ_ASSERT(same_protocol(protocol, again), "printed '%s' is another tree", printed);
	if (irp_print(again, &reprinted) == 0) {
		FUZZ_ASSERT(strcmp(printed, reprinted) == 0, "'%s' then '%s'", printed, reprinted);
		free(reprinted);
	}
	irp_protocol_free(again);
	free(printed);
	evaluate(protocol);
out:
	irp_protocol_free(protocol);
}

static void fuzz_expression(const char *text, size_t size)
{
	struct irp_protocol *holder, *again;
	const struct irp_expr *expr, *expr_again;
	struct ir_error err = { "" };
	struct irp_env *env;
	char *printed;
	int64_t value;
	int ret;

	ret = irp_parse_expression(text, size, &holder, &expr, &err);
	if (ret < 0) {
		check_failure(ret, &err);
		return;
	}
	if (irp_print_expression(expr, &printed) == 0) {
		ret = irp_parse_expression(printed, strlen(printed), &again, &expr_again, &err);
		FUZZ_ASSERT(ret == 0, "printed '%s' does not parse: %s", printed, err.message);
		FUZZ_ASSERT(same_expr(expr, expr_again), "printed '%s' is another tree", printed);
		irp_protocol_free(again);
		free(printed);
	}
	/* a few names with values, one with a definition (itself: a loop when used) */
	if (irp_env_new(&env) == 0) {
		if (irp_env_set(env, "D", 0x5a) == 0 && irp_env_set(env, "F", -3) == 0 &&
		    irp_env_set(env, "T", 1) == 0 && irp_env_define(env, "C", expr) == 0)
			check_eval(irp_eval(expr, env, &value, &err), &err);
		irp_env_free(env);
	}
	irp_protocol_free(holder);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	double start = fuzz_cpu_seconds(), spent;

	fuzz_protocol((const char *)data, size);
	fuzz_expression((const char *)data, size);
	spent = fuzz_cpu_seconds() - start;
	FUZZ_ASSERT(spent < FUZZ_CPU_SECONDS_MAX, "took %.3f s of CPU time", spent);
	return 0;
}
