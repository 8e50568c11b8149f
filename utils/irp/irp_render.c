// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IRP renderer: walks the tree of irp.h and emits durations. See irp_render.h for the
 * semantics of each item.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "irp_render.h"
#include "nls.h"

struct render {
	const struct irp_protocol *protocol;
	struct irp_env *env;
	const struct irp_render_options *options;
	struct irp_signal *signal;
	struct ir_error *err;
	double unit_us;		/* the general spec's unit */
	double period_us;	/* one carrier period, 0 without a carrier */
	bool msb;
	double now;		/* µs since the start of this rendering */
	double pending;		/* the sample being summed: > 0 pulse, < 0 space */
	unsigned long steps;	/* items and repetitions rendered */
};

/* One more item or repetition; -E2BIG past the limit. */
static int step(struct render *r)
{
	if (++r->steps > IRP_RENDER_STEPS_MAX) {
		ir_error_set(r->err, _("irp: more than %d steps to render"), IRP_RENDER_STEPS_MAX);
		return -E2BIG;
	}
	return 0;
}

/* Where a sequence is rendered: its bitspec, and which pass of the enclosing repeat. */
struct scope {
	const struct irp_bitspec *bitspec;
	const struct scope *bitspec_home;	/* the scope whose bitspec renders symbols */
	unsigned int pass;			/* 0 intro, 1 repeat, 2 ending */
	double start;				/* for extents */
	uint64_t bits;				/* of bitfields, short of a symbol */
	unsigned int bit_count;
	unsigned int bit_column;		/* where they started */
};

#define STOPPED 1	/* an empty alternative: the rest of the body is not rendered */

static int flush(struct render *r)
{
	struct irp_signal *s = r->signal;
	double magnitude = r->pending < 0 ? -r->pending : r->pending;
	int32_t rounded;

	if (r->pending == 0)
		return 0;
	if (magnitude + 0.5 >= INT32_MAX) {
		ir_error_set(r->err, _("irp: a duration of %.0f µs is too long"), magnitude);
		return -ERANGE;
	}
	rounded = (int32_t)(magnitude + 0.5);
	if (r->pending < 0)
		rounded = -rounded;
	r->pending = 0;
	/* under half a microsecond: nothing, and its neighbours join */
	if (rounded == 0)
		return 0;
	if (s->count && (s->durations[s->count - 1] > 0) == (rounded > 0)) {
		int64_t joined = (int64_t)s->durations[s->count - 1] + rounded;

		if (joined > INT32_MAX || joined < -INT32_MAX) {
			ir_error_set(r->err, _("irp: a duration of %lld µs is too long"),
				     (long long)(joined < 0 ? -joined : joined));
			return -ERANGE;
		}
		s->durations[s->count - 1] = (int32_t)joined;
		return 0;
	}
	if (s->count == s->capacity) {
		size_t capacity = s->capacity ? s->capacity * 2 : 64;
		int32_t *grown = realloc(s->durations, capacity * sizeof(*grown));

		if (!grown)
			return -ENOMEM;
		s->durations = grown;
		s->capacity = capacity;
	}
	s->durations[s->count++] = rounded;
	return 0;
}

/* A pulse (pulse = true) or a space of us µs, merged with the previous one of its kind. */
static int emit(struct render *r, bool pulse, double us)
{
	int ret;

	if (us == 0)
		return 0;
	if ((r->pending > 0) != pulse && r->pending != 0) {
		ret = flush(r);
		if (ret < 0)
			return ret;
	}
	r->pending += pulse ? us : -us;
	r->now += us;
	return 0;
}

static int duration_us(struct render *r, const struct irp_item *item, double *ret_us)
{
	const struct irp_duration *d = &item->duration;
	double value, scale;

	if (d->name) {
		struct irp_expr name = { .kind = IRP_EXPR_NAME, .column = item->column,
					 .name = d->name, .height = 1 };
		int64_t v;
		int ret = irp_eval(&name, r->env, &v, r->err);

		if (ret < 0)
			return ret;
		value = (double)v;
	} else {
		value = irp_decimal_value(d->value);
	}
	switch (d->unit) {
	case IRP_TIME_MICROSECONDS:
		scale = 1;
		break;
	case IRP_TIME_MILLISECONDS:
		scale = 1000;
		break;
	case IRP_TIME_PERIODS:
		scale = r->period_us;
		break;
	default:
		scale = r->unit_us;
		break;
	}
	if (scale == 0 && d->unit == IRP_TIME_PERIODS) {
		ir_error_set(r->err, _("irp:%u: a duration in periods with no carrier"), item->column);
		return -EINVAL;
	}
	if (value < 0) {
		ir_error_set(r->err, _("irp:%u: negative duration %g"), item->column, value);
		return -EINVAL;
	}
	*ret_us = value * scale;
	return 0;
}

static int render_sequence(struct render *r, const struct irp_sequence *seq,
			   struct scope *scope);
static int render_stream(struct render *r, const struct irp_stream *stream,
			 const struct scope *parent);

static int end_bits(struct render *r, const struct scope *scope);

static int render_symbol(struct render *r, struct scope *scope, uint64_t symbol)
{
	struct scope inner = *scope->bitspec_home;
	int ret = step(r);

	if (ret < 0)
		return ret;
	inner.pass = scope->pass;
	inner.start = r->now;
	inner.bits = 0;
	inner.bit_count = 0;
	inner.bit_column = 0;
	ret = render_sequence(r, &scope->bitspec->symbols[symbol], &inner);
	if (ret > 0)
		ret = 0;	/* an empty alternative ends the symbol */
	return ret < 0 ? ret : end_bits(r, &inner);
}

/* The bits that wait for a symbol must be none: a duration or the end comes. */
static int end_bits(struct render *r, const struct scope *scope)
{
	if (scope->bit_count == 0)
		return 0;
	ir_error_set(r->err, _("irp:%u: bits left over, short of a symbol of the bitspec: %u"),
		     scope->bit_column, scope->bit_count);
	return -EINVAL;
}

/*
 * The bits of consecutive bitfields are one stream, cut into symbols of k bits: the
 * first bit sent is the most significant of the value under msb, the least under lsb,
 * and a symbol is its k bits read in that same order (under lsb its first bit is its
 * least significant), which is what real remotes send: Epson's lsb D:8 = 98 is the
 * symbols 2, 0, 2, 1, the 2-bit groups of 98 from the lowest.
 */
static int render_bitfield(struct render *r, const struct irp_item *item,
			   struct scope *scope)
{
	const struct irp_expr *field = item->bitfield;
	const struct irp_bitspec *bitspec = scope->bitspec;
	unsigned int bits_per_symbol = 0, i;
	int64_t value, width;
	int ret;

	if (!bitspec) {
		ir_error_set(r->err, _("irp:%u: a bitfield outside any bitspec"), item->column);
		return -EINVAL;
	}
	if (field->infinite) {
		ir_error_set(r->err, _("irp:%u: an infinite bitfield cannot be sent"), item->column);
		return -EINVAL;
	}
	while (bits_per_symbol < 16 && ((size_t)1 << bits_per_symbol) < bitspec->count)
		bits_per_symbol++;
	if (bitspec->count < 2 || ((size_t)1 << bits_per_symbol) != bitspec->count) {
		ir_error_set(r->err, _("irp:%u: a bitspec of %zu symbols is not a power of two"),
			     bitspec->column, bitspec->count);
		return -EINVAL;
	}
	ret = irp_eval(field, r->env, &value, r->err);
	if (ret == 0)
		ret = irp_eval(field->b, r->env, &width, r->err);
	if (ret < 0)
		return ret;
	if (scope->bit_count == 0)
		scope->bit_column = item->column;
	for (i = 0; i < (unsigned int)width; i++) {
		unsigned int bit = r->msb ? (unsigned int)width - 1 - i : i;
		uint64_t one = (uint64_t)value >> bit & 1;

		if (r->msb)
			scope->bits = scope->bits << 1 | one;
		else
			scope->bits |= one << scope->bit_count;
		if (++scope->bit_count < bits_per_symbol)
			continue;
		ret = render_symbol(r, scope, scope->bits);
		if (ret < 0)
			return ret;
		scope->bits = 0;
		scope->bit_count = 0;
	}
	return 0;
}

static int render_item(struct render *r, const struct irp_item *item, struct scope *scope)
{
	const struct irp_sequence *alternative;
	int64_t value;
	double us;
	int ret;

	if (item->kind == IRP_ITEM_DURATION || item->kind == IRP_ITEM_STREAM) {
		ret = end_bits(r, scope);
		if (ret < 0)
			return ret;
	}
	switch (item->kind) {
	case IRP_ITEM_DURATION:
		ret = duration_us(r, item, &us);
		if (ret < 0)
			return ret;
		if (item->duration.kind == IRP_FLASH)
			return emit(r, true, us);
		if (item->duration.kind == IRP_GAP)
			return emit(r, false, us);
		if (us < r->now - scope->start) {
			ir_error_set(r->err, _("irp:%u: the extent of %.0f µs is shorter than the "
				     "%.0f µs before it"), item->column, us, r->now - scope->start);
			return -EINVAL;
		}
		ret = emit(r, false, us - (r->now - scope->start));
		scope->start = r->now;
		return ret;
	case IRP_ITEM_BITFIELD:
		return render_bitfield(r, item, scope);
	case IRP_ITEM_ASSIGNMENT:
		ret = irp_eval(item->value, r->env, &value, r->err);
		if (ret < 0)
			return ret;
		return irp_env_set(r->env, item->name, value);
	case IRP_ITEM_STREAM:
		return render_stream(r, item->stream, scope);
	case IRP_ITEM_VARIATION:
		if (scope->pass >= item->alternative_count)
			return STOPPED;
		alternative = &item->alternatives[scope->pass];
		if (alternative->count == 0)
			return STOPPED;
		return render_sequence(r, alternative, scope);
	default:
		ir_error_set(r->err, _("irp:%u: unknown item"), item->column);
		return -EINVAL;
	}
}

static int render_sequence(struct render *r, const struct irp_sequence *seq,
			   struct scope *scope)
{
	size_t i;
	int ret;

	for (i = 0; i < seq->count; i++) {
		ret = step(r);
		if (ret < 0)
			return ret;
		ret = render_item(r, &seq->items[i], scope);
		if (ret != 0)
			return ret;
	}
	return 0;
}

static bool has_variation(const struct irp_sequence *body)
{
	size_t i;

	for (i = 0; i < body->count; i++)
		if (body->items[i].kind == IRP_ITEM_VARIATION)
			return true;
	return false;
}

static int render_stream(struct render *r, const struct irp_stream *stream,
			 const struct scope *parent)
{
	unsigned int repeats = r->options->repeats;
	bool repeating = stream->repeat == IRP_REPEAT_ANY || stream->repeat == IRP_REPEAT_SOME ||
			 stream->repeat == IRP_REPEAT_AT_LEAST;
	uint64_t times, k;
	struct scope scope;
	int ret;

	switch (stream->repeat) {
	case IRP_REPEAT_COUNT:
		times = stream->count;
		break;
	case IRP_REPEAT_ANY:
		times = repeats;
		break;
	case IRP_REPEAT_SOME:
		times = repeats > 1 ? repeats : 1;
		break;
	case IRP_REPEAT_AT_LEAST:
		times = repeats > stream->count ? repeats : stream->count;
		break;
	default:
		times = 1;
		break;
	}
	if (repeating && r->options->ending && has_variation(&stream->body))
		times++;
	scope.bitspec = stream->bitspec ? stream->bitspec : parent->bitspec;
	scope.bitspec_home = stream->bitspec ? parent : parent->bitspec_home;
	for (k = 0; k < times; k++) {
		ret = step(r);
		if (ret < 0)
			return ret;
		if (!repeating)
			scope.pass = parent->pass;
		else if (r->options->ending && has_variation(&stream->body) && k == times - 1)
			scope.pass = 2;
		else
			scope.pass = k == 0 ? 0 : 1;
		scope.start = r->now;
		scope.bits = 0;
		scope.bit_count = 0;
		ret = render_sequence(r, &stream->body, &scope);
		if (ret >= 0)
			ret = end_bits(r, &scope);
		if (ret < 0)
			return ret;
	}
	return 0;
}

int irp_render(const struct irp_protocol *protocol, struct irp_env *env,
	       const struct irp_render_options *options, struct irp_signal *signal,
	       struct ir_error *err)
{
	const struct irp_general *g = &protocol->general;
	struct render r = { protocol, env, options, signal, err, 1, 0, g->msb, 0, 0, 0 };
	struct scope top = { NULL, NULL, 0, 0, 0, 0, 0 };
	double frequency = g->has_frequency ? irp_decimal_value(g->frequency) * 1000 : 38000;
	int ret;

	top.bitspec_home = &top;
	if (frequency > 0)
		r.period_us = 1e6 / frequency;
	if (g->has_unit) {
		r.unit_us = irp_decimal_value(g->unit);
		if (g->unit_in_periods) {
			if (frequency <= 0) {
				ir_error_set(err, _("irp: a unit in periods with no carrier"));
				return -EINVAL;
			}
			r.unit_us *= r.period_us;
		}
	}
	signal->frequency = frequency;
	signal->duty_cycle = g->has_duty_cycle ? irp_decimal_value(g->duty_cycle) : 0;
	irp_env_limit(env, IRP_RENDER_EVAL_STEPS_MAX);
	ret = render_stream(&r, protocol->stream, &top);
	irp_env_unlimit(env);
	if (ret == 0)
		ret = flush(&r);
	if (ret == -ENOMEM)
		ir_error_set(err, _("irp: out of memory"));
	return ret < 0 ? ret : 0;
}

void irp_signal_free(struct irp_signal *signal)
{
	if (!signal)
		return;
	free(signal->durations);
	memset(signal, 0, sizeof(*signal));
}
