// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IRP notation, the canonical printer: a tree back to text that parses to the same tree,
 * with only the parentheses that the operators' levels (irp_op_level(), the parser's)
 * need. Apart from the parser because it reads the tree only, never the text.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "irp.h"
#include "irp_internal.h"

/* ---- the canonical printer ---- */

struct text {
	char *buf;
	size_t len, capacity;
	bool failed;
};

__attribute__((format(printf, 2, 3)))
static void put(struct text *t, const char *fmt, ...)
{
	va_list args;
	int n;

	if (t->failed)
		return;
	va_start(args, fmt);
	n = vsnprintf(t->buf ? t->buf + t->len : NULL, t->buf ? t->capacity - t->len : 0,
		      fmt, args);
	va_end(args);
	if (n < 0) {
		t->failed = true;
		return;
	}
	if (!t->buf || t->len + n + 1 > t->capacity) {
		size_t capacity = t->capacity ? t->capacity : 128;
		char *grown;

		while (capacity < t->len + n + 1)
			capacity *= 2;
		grown = realloc(t->buf, capacity);
		if (!grown) {
			t->failed = true;
			return;
		}
		t->buf = grown;
		t->capacity = capacity;
		va_start(args, fmt);
		vsnprintf(t->buf + t->len, t->capacity - t->len, fmt, args);
		va_end(args);
	}
	t->len += n;
}

static void put_decimal(struct text *t, struct irp_decimal d)
{
	uint64_t divisor = 1;
	unsigned int k;

	if (d.scale == 0) {
		put(t, "%llu", (unsigned long long)d.digits);
		return;
	}
	for (k = 0; k < d.scale && k < 19; k++)
		divisor *= 10;
	put(t, "%llu.%0*llu", (unsigned long long)(d.digits / divisor), (int)d.scale,
	    (unsigned long long)(d.digits % divisor));
}

const char *irp_op_name(enum irp_op op)
{
	static const char *const names[IRP_OP_MAX] = {
		[IRP_OP_NEG] = "-", [IRP_OP_COMPLEMENT] = "~", [IRP_OP_NOT] = "!",
		[IRP_OP_BITCOUNT] = "#", [IRP_OP_POW] = "**", [IRP_OP_MUL] = "*",
		[IRP_OP_DIV] = "/", [IRP_OP_MOD] = "%", [IRP_OP_ADD] = "+",
		[IRP_OP_SUB] = "-", [IRP_OP_SHL] = "<<", [IRP_OP_SHR] = ">>",
		[IRP_OP_LT] = "<", [IRP_OP_LE] = "<=", [IRP_OP_GT] = ">",
		[IRP_OP_GE] = ">=", [IRP_OP_EQ] = "==", [IRP_OP_NE] = "!=",
		[IRP_OP_AND] = "&", [IRP_OP_XOR] = "^", [IRP_OP_OR] = "|",
		[IRP_OP_LAND] = "&&", [IRP_OP_LOR] = "||",
	};

	return op < IRP_OP_MAX ? names[op] : "?";
}

static int expr_level(const struct irp_expr *e)
{
	switch (e->kind) {
	case IRP_EXPR_TERNARY:
		return LEVEL_TERNARY;
	case IRP_EXPR_BINARY:
		return irp_op_level(e->op);
	case IRP_EXPR_UNARY:
		return LEVEL_UNARY;
	default:
		return LEVEL_PRIMARY;
	}
}

static void put_expr(struct text *t, const struct irp_expr *e);

static void put_wrapped(struct text *t, const struct irp_expr *e, bool wrap)
{
	if (wrap)
		put(t, "(");
	put_expr(t, e);
	if (wrap)
		put(t, ")");
}

/* A bitfield's parts are names, numbers or parenthesised expressions. */
static void put_primary(struct text *t, const struct irp_expr *e)
{
	put_wrapped(t, e, e->kind != IRP_EXPR_NAME && e->kind != IRP_EXPR_NUMBER);
}

static void put_expr(struct text *t, const struct irp_expr *e)
{
	int level = expr_level(e);

	switch (e->kind) {
	case IRP_EXPR_NUMBER:
		put(t, "%llu", (unsigned long long)e->number);
		break;
	case IRP_EXPR_NAME:
		put(t, "%s", e->name);
		break;
	case IRP_EXPR_BITFIELD:
		put(t, "%s", e->complement ? "~" : "");
		put_primary(t, e->a);
		if (e->infinite) {
			put(t, "::");
			put_primary(t, e->c);
			break;
		}
		put(t, ":%s", e->reverse ? "-" : "");
		put_primary(t, e->b);
		if (e->c) {
			put(t, ":");
			put_primary(t, e->c);
		}
		break;
	case IRP_EXPR_UNARY:
		put(t, "%s", irp_op_name(e->op));
		/* ~ then a bitfield would read as a complemented bitfield */
		put_wrapped(t, e->a, expr_level(e->a) < LEVEL_UNARY ||
			    (e->op == IRP_OP_COMPLEMENT && e->a->kind == IRP_EXPR_BITFIELD));
		break;
	case IRP_EXPR_BINARY:
		put_wrapped(t, e->a, e->op == IRP_OP_POW ? expr_level(e->a) <= level :
			    expr_level(e->a) < level);
		put(t, "%s", irp_op_name(e->op));
		put_wrapped(t, e->b, e->op == IRP_OP_POW ? expr_level(e->b) < level :
			    expr_level(e->b) <= level);
		break;
	case IRP_EXPR_TERNARY:
		put_wrapped(t, e->a, expr_level(e->a) == LEVEL_TERNARY);
		put(t, "?");
		/* in the middle operand, ':' would end it */
		put_wrapped(t, e->b, e->b->kind != IRP_EXPR_NAME && e->b->kind != IRP_EXPR_NUMBER);
		put(t, ":");
		put_expr(t, e->c);
		break;
	default:
		t->failed = true;
	}
}

static void put_duration(struct text *t, const struct irp_duration *d)
{
	static const char *const units[IRP_TIME_UNIT_MAX] = {
		[IRP_TIME_UNITS] = "", [IRP_TIME_MICROSECONDS] = "u",
		[IRP_TIME_MILLISECONDS] = "m", [IRP_TIME_PERIODS] = "p",
	};

	put(t, "%s", d->kind == IRP_GAP ? "-" : d->kind == IRP_EXTENT ? "^" : "");
	if (d->name)
		put(t, "%s%s%s", d->name, d->unit == IRP_TIME_UNITS ? "" : " ", units[d->unit]);
	else {
		put_decimal(t, d->value);
		put(t, "%s", units[d->unit]);
	}
}

static void put_sequence(struct text *t, const struct irp_sequence *s, bool in_bitspec);
static void put_stream(struct text *t, const struct irp_stream *s);

static void put_bitspec(struct text *t, const struct irp_bitspec *b)
{
	size_t i;

	put(t, "<");
	for (i = 0; i < b->count; i++) {
		const struct irp_sequence *symbol = &b->symbols[i];

		if (i)
			put(t, "|");
		if (symbol->count == 0) {
			put(t, " ");	/* "||" would be one token */
			continue;
		}
		/* "<<" would be one token */
		if (i == 0 && symbol->items[0].kind == IRP_ITEM_STREAM &&
		    symbol->items[0].stream->bitspec)
			put(t, " ");
		put_sequence(t, symbol, true);
	}
	put(t, ">");
}

static void put_item(struct text *t, const struct irp_item *item, bool in_bitspec)
{
	unsigned int k;

	switch (item->kind) {
	case IRP_ITEM_DURATION:
		put_duration(t, &item->duration);
		break;
	case IRP_ITEM_BITFIELD:
		put_expr(t, item->bitfield);
		break;
	case IRP_ITEM_ASSIGNMENT:
		put(t, "%s=", item->name);
		put_wrapped(t, item->value, in_bitspec && expr_level(item->value) < LEVEL_UNARY);
		break;
	case IRP_ITEM_STREAM:
		put_stream(t, item->stream);
		break;
	case IRP_ITEM_VARIATION:
		for (k = 0; k < item->alternative_count; k++) {
			put(t, "[");
			put_sequence(t, &item->alternatives[k], false);
			put(t, "]");
		}
		break;
	default:
		t->failed = true;
	}
}

static void put_sequence(struct text *t, const struct irp_sequence *s, bool in_bitspec)
{
	size_t i;

	for (i = 0; i < s->count; i++) {
		if (i)
			put(t, ",");
		put_item(t, &s->items[i], in_bitspec);
	}
}

static void put_stream(struct text *t, const struct irp_stream *s)
{
	if (s->bitspec)
		put_bitspec(t, s->bitspec);
	put(t, "(");
	put_sequence(t, &s->body, false);
	put(t, ")");
	switch (s->repeat) {
	case IRP_REPEAT_ANY:
		put(t, "*");
		break;
	case IRP_REPEAT_SOME:
		put(t, "+");
		break;
	case IRP_REPEAT_COUNT:
		put(t, "%llu", (unsigned long long)s->count);
		break;
	case IRP_REPEAT_AT_LEAST:
		put(t, "%llu+", (unsigned long long)s->count);
		break;
	default:
		break;
	}
}

static void put_general(struct text *t, const struct irp_general *g)
{
	const char *sep = "";

	put(t, "{");
	if (g->has_frequency) {
		put_decimal(t, g->frequency);
		put(t, "k");
		sep = ",";
	}
	if (g->has_unit) {
		put(t, "%s", sep);
		put_decimal(t, g->unit);
		put(t, "%s", g->unit_in_periods ? "p" : "");
		sep = ",";
	}
	if (g->has_order) {
		put(t, "%s%s", sep, g->msb ? "msb" : "lsb");
		sep = ",";
	}
	if (g->has_duty_cycle) {
		put(t, "%s", sep);
		put_decimal(t, g->duty_cycle);
		put(t, "%%");
	}
	put(t, "}");
}

static int finish(struct text *t, char **ret_text)
{
	if (!t->failed && !t->buf)
		put(t, "%s", "");
	if (t->failed) {
		free(t->buf);
		return -ENOMEM;
	}
	*ret_text = t->buf;
	return 0;
}

int irp_print(const struct irp_protocol *protocol, char **ret_text)
{
	struct text t = { NULL, 0, 0, false };
	size_t i;

	put_general(&t, &protocol->general);
	put_stream(&t, protocol->stream);
	if (protocol->definition_count) {
		put(&t, "{");
		for (i = 0; i < protocol->definition_count; i++) {
			put(&t, "%s%s=", i ? "," : "", protocol->definitions[i].name);
			put_expr(&t, protocol->definitions[i].value);
		}
		put(&t, "}");
	}
	if (protocol->has_parameter_specs) {
		put(&t, "[");
		for (i = 0; i < protocol->parameter_count; i++) {
			const struct irp_parameter *param = &protocol->parameters[i];

			put(&t, "%s%s%s:%llu..%llu", i ? "," : "", param->name,
			    param->persistent ? "@" : "", (unsigned long long)param->min,
			    (unsigned long long)param->max);
			if (param->default_value) {
				put(&t, "=");
				put_expr(&t, param->default_value);
			}
		}
		put(&t, "]");
	}
	return finish(&t, ret_text);
}

int irp_print_expression(const struct irp_expr *expr, char **ret_text)
{
	struct text t = { NULL, 0, 0, false };

	put_expr(&t, expr);
	return finish(&t, ret_text);
}

const char *irp_quoted_name(const char *name, char *buf)
{
	if (strlen(name) <= IRP_QUOTED_NAME_MAX)
		return name;
	snprintf(buf, IRP_QUOTED_NAME_SIZE, "%.*s...", IRP_QUOTED_NAME_MAX, name);
	return buf;
}
