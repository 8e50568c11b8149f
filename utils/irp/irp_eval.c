// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IRP notation, the evaluator: the environment of names (values and definitions) and
 * the evaluation of expressions and bitfields over it with Java's 64-bit rules, under a
 * budget of steps. Apart from the parser because the compiler and the renderer use it
 * on trees long after they were parsed.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "irp.h"
#include "nls.h"

/* ---- environment and evaluation ---- */

struct binding {
	char *name;
	bool has_value;
	int64_t value;
	const struct irp_expr *definition;
};

struct irp_env {
	struct binding *bindings;
	size_t count, capacity;
	bool limited;			/* irp_env_limit() */
	unsigned long steps_left;
};

int irp_env_new(struct irp_env **ret_env)
{
	struct irp_env *env = calloc(1, sizeof(*env));

	if (!env)
		return -ENOMEM;
	*ret_env = env;
	return 0;
}

void irp_env_free(struct irp_env *env)
{
	size_t i;

	if (!env)
		return;
	for (i = 0; i < env->count; i++)
		free(env->bindings[i].name);
	free(env->bindings);
	free(env);
}

static struct binding *find_binding(const struct irp_env *env, const char *name)
{
	size_t i;

	for (i = 0; i < env->count; i++)
		if (strcmp(env->bindings[i].name, name) == 0)
			return &env->bindings[i];
	return NULL;
}

static int get_binding(struct irp_env *env, const char *name, struct binding **ret)
{
	struct binding *b = find_binding(env, name);

	if (!b) {
		if (env->count == env->capacity) {
			size_t capacity = env->capacity ? env->capacity * 2 : 16;
			struct binding *grown = realloc(env->bindings, capacity * sizeof(*grown));

			if (!grown)
				return -ENOMEM;
			env->bindings = grown;
			env->capacity = capacity;
		}
		b = &env->bindings[env->count];
		memset(b, 0, sizeof(*b));
		b->name = strdup(name);
		if (!b->name)
			return -ENOMEM;
		env->count++;
	}
	*ret = b;
	return 0;
}

int irp_env_set(struct irp_env *env, const char *name, int64_t value)
{
	struct binding *b;
	int ret = get_binding(env, name, &b);

	if (ret < 0)
		return ret;
	b->has_value = true;
	b->value = value;
	return 0;
}

int irp_env_define(struct irp_env *env, const char *name, const struct irp_expr *value)
{
	struct binding *b;
	int ret = get_binding(env, name, &b);

	if (ret < 0)
		return ret;
	b->definition = value;
	return 0;
}

void irp_env_unset(struct irp_env *env, const char *name)
{
	struct binding *b = find_binding(env, name);

	if (b)
		b->has_value = false;
}

bool irp_env_has_value(const struct irp_env *env, const char *name)
{
	const struct binding *b = find_binding(env, name);

	return b && b->has_value;
}

struct eval {
	struct irp_env *env;
	struct ir_error *err;
	unsigned long budget;
	unsigned int definition_depth;
};

#define DEFINITION_DEPTH_MAX 64

__attribute__((format(printf, 4, 5)))
static int eval_fail(struct eval *ev, int code, const struct irp_expr *e, const char *fmt, ...)
{
	char message[IR_ERROR_MESSAGE_MAX];
	va_list args;

	/* a caller that wants no message (constant folding tries many) pays nothing for it */
	if (!ev->err)
		return code;
	va_start(args, fmt);
	vsnprintf(message, sizeof(message), fmt, args);
	va_end(args);
	ir_error_set(ev->err, "irp:%u: %s", e->column, message);
	return code;
}

static int eval_node(struct eval *ev, const struct irp_expr *e, int64_t *ret);

static uint64_t reverse_bits(uint64_t value, unsigned int width)
{
	uint64_t out = 0;
	unsigned int i;

	for (i = 0; i < width; i++)
		if (value & ((uint64_t)1 << i))
			out |= (uint64_t)1 << (width - 1 - i);
	return out;
}

static int eval_bitfield(struct eval *ev, const struct irp_expr *e, int64_t *ret)
{
	int64_t data, width = 64, chop = 0;
	uint64_t bits;
	int code;

	code = eval_node(ev, e->a, &data);
	if (code == 0 && e->b)
		code = eval_node(ev, e->b, &width);
	if (code == 0 && e->c)
		code = eval_node(ev, e->c, &chop);
	if (code < 0)
		return code;
	if (width < 0 || width > 64)
		return eval_fail(ev, -ERANGE, e, _("bitfield width %lld is not within 0..64"),
				 (long long)width);
	if (chop < 0)
		return eval_fail(ev, -ERANGE, e, _("bitfield chop %lld is negative"),
				 (long long)chop);
	bits = chop >= 64 ? 0 : (uint64_t)data >> chop;
	if (e->complement)
		bits = ~bits;
	if (!e->infinite) {
		if (width < 64)
			bits &= ((uint64_t)1 << width) - 1;
		if (e->reverse)
			bits = reverse_bits(bits, (unsigned int)width);
	}
	*ret = (int64_t)bits;
	return 0;
}

static int eval_name(struct eval *ev, const struct irp_expr *e, int64_t *ret)
{
	const struct binding *b = find_binding(ev->env, e->name);
	char quoted[IRP_QUOTED_NAME_SIZE];
	int code;

	if (b && b->has_value) {
		*ret = b->value;
		return 0;
	}
	if (!b || !b->definition)
		return eval_fail(ev, -ENOENT, e, _("'%s' has no value"),
				 irp_quoted_name(e->name, quoted));
	if (++ev->definition_depth > DEFINITION_DEPTH_MAX)
		return eval_fail(ev, -ELOOP, e,
				 _("the definition of '%s' refers to itself or nests too deep"),
				 irp_quoted_name(e->name, quoted));
	code = eval_node(ev, b->definition, ret);
	ev->definition_depth--;
	return code;
}

static int eval_unary(struct eval *ev, const struct irp_expr *e, int64_t *ret)
{
	int64_t x;
	int code = eval_node(ev, e->a, &x);

	if (code < 0)
		return code;
	switch (e->op) {
	case IRP_OP_NEG:
		*ret = (int64_t)(0 - (uint64_t)x);
		break;
	case IRP_OP_COMPLEMENT:
		*ret = ~x;
		break;
	case IRP_OP_NOT:
		*ret = x == 0;
		break;
	case IRP_OP_BITCOUNT:
		*ret = __builtin_popcountll((uint64_t)x);
		break;
	default:
		return eval_fail(ev, -EINVAL, e, _("bad unary operator %d"), e->op);
	}
	return 0;
}

static int64_t power(int64_t base, int64_t exponent)
{
	uint64_t result = 1, b = (uint64_t)base;

	while (exponent > 0) {
		if (exponent & 1)
			result *= b;
		b *= b;
		exponent >>= 1;
	}
	return (int64_t)result;
}

static int eval_arith(struct eval *ev, const struct irp_expr *e, int64_t x, int64_t y,
		      int64_t *ret)
{
	uint64_t ux = (uint64_t)x, uy = (uint64_t)y;

	switch (e->op) {
	case IRP_OP_POW:
		if (y < 0)
			return eval_fail(ev, -EDOM, e, _("negative exponent %lld"), (long long)y);
		*ret = power(x, y);
		return 0;
	case IRP_OP_MUL:
		*ret = (int64_t)(ux * uy);
		return 0;
	case IRP_OP_DIV:
	case IRP_OP_MOD:
		if (y == 0)
			return eval_fail(ev, -EDOM, e, _("division by zero"));
		if (y == -1)	/* INT64_MIN / -1 overflows in C; Java wraps */
			*ret = e->op == IRP_OP_DIV ? (int64_t)(0 - ux) : 0;
		else
			*ret = e->op == IRP_OP_DIV ? x / y : x % y;
		return 0;
	case IRP_OP_ADD:
		*ret = (int64_t)(ux + uy);
		return 0;
	case IRP_OP_SUB:
		*ret = (int64_t)(ux - uy);
		return 0;
	case IRP_OP_SHL:
		*ret = (int64_t)(ux << (uy & 63));
		return 0;
	case IRP_OP_SHR:
		/* arithmetic, as Java's >> (gcc and clang shift signed values so) */
		*ret = x >> (uy & 63);
		return 0;
	case IRP_OP_LT:
		*ret = x < y;
		return 0;
	case IRP_OP_LE:
		*ret = x <= y;
		return 0;
	case IRP_OP_GT:
		*ret = x > y;
		return 0;
	case IRP_OP_GE:
		*ret = x >= y;
		return 0;
	case IRP_OP_EQ:
		*ret = x == y;
		return 0;
	case IRP_OP_NE:
		*ret = x != y;
		return 0;
	case IRP_OP_AND:
		*ret = x & y;
		return 0;
	case IRP_OP_XOR:
		*ret = x ^ y;
		return 0;
	case IRP_OP_OR:
		*ret = x | y;
		return 0;
	default:
		return eval_fail(ev, -EINVAL, e, _("bad binary operator %d"), e->op);
	}
}

static int eval_binary(struct eval *ev, const struct irp_expr *e, int64_t *ret)
{
	int64_t x, y;
	int code = eval_node(ev, e->a, &x);

	if (code < 0)
		return code;
	if (e->op == IRP_OP_LAND || e->op == IRP_OP_LOR) {
		if ((e->op == IRP_OP_LAND) == (x == 0)) {
			*ret = x != 0;
			return 0;
		}
		code = eval_node(ev, e->b, &y);
		if (code == 0)
			*ret = y != 0;
		return code;
	}
	code = eval_node(ev, e->b, &y);
	if (code < 0)
		return code;
	return eval_arith(ev, e, x, y, ret);
}

static int eval_node(struct eval *ev, const struct irp_expr *e, int64_t *ret)
{
	int64_t cond;
	int code;

	if (ev->budget-- == 0)
		return eval_fail(ev, -E2BIG, e, _("more than %d steps to evaluate"),
				 IRP_EVAL_BUDGET);
	if (ev->env->limited && ev->env->steps_left-- == 0) {
		ev->env->steps_left = 0;
		return eval_fail(ev, -E2BIG, e, _("the evaluations' limit is reached"));
	}
	switch (e->kind) {
	case IRP_EXPR_NUMBER:
		*ret = (int64_t)e->number;
		return 0;
	case IRP_EXPR_NAME:
		return eval_name(ev, e, ret);
	case IRP_EXPR_BITFIELD:
		return eval_bitfield(ev, e, ret);
	case IRP_EXPR_UNARY:
		return eval_unary(ev, e, ret);
	case IRP_EXPR_BINARY:
		return eval_binary(ev, e, ret);
	case IRP_EXPR_TERNARY:
		code = eval_node(ev, e->a, &cond);
		if (code < 0)
			return code;
		return eval_node(ev, cond ? e->b : e->c, ret);
	default:
		return eval_fail(ev, -EINVAL, e, _("bad expression kind %d"), e->kind);
	}
}

void irp_env_limit(struct irp_env *env, unsigned long steps)
{
	env->limited = true;
	env->steps_left = steps;
}

void irp_env_unlimit(struct irp_env *env)
{
	env->limited = false;
}

unsigned long irp_env_steps_left(const struct irp_env *env)
{
	return env->limited ? env->steps_left : ULONG_MAX;
}

int irp_eval(const struct irp_expr *expr, struct irp_env *env, int64_t *ret_value,
	     struct ir_error *err)
{
	struct eval ev = { env, err, IRP_EVAL_BUDGET, 0 };
	int64_t value;
	int ret = eval_node(&ev, expr, &value);

	if (ret == 0)
		*ret_value = value;
	return ret;
}

/* Every parameter has a value within its range. */
static int check_parameters(const struct irp_env *env, const struct irp_protocol *protocol,
			    struct ir_error *err)
{
	char quoted[IRP_QUOTED_NAME_SIZE];
	size_t i;

	for (i = 0; i < protocol->parameter_count; i++) {
		const struct irp_parameter *param = &protocol->parameters[i];
		const struct binding *b = find_binding(env, param->name);

		if (!b || !b->has_value) {
			ir_error_set(err, _("irp: parameter '%s' is not given"),
				     irp_quoted_name(param->name, quoted));
			return -EINVAL;
		}
		if (b->value < 0 || (uint64_t)b->value < param->min ||
		    (uint64_t)b->value > param->max) {
			ir_error_set(err, _("irp: parameter '%s' = %lld is out of %llu..%llu"),
				     irp_quoted_name(param->name, quoted), (long long)b->value,
				     (unsigned long long)param->min,
				     (unsigned long long)param->max);
			return -ERANGE;
		}
	}
	return 0;
}

int irp_env_prepare(struct irp_env *env, const struct irp_protocol *protocol,
		    struct ir_error *err)
{
	size_t i;
	int ret = 0;

	for (i = 0; ret == 0 && i < protocol->definition_count; i++)
		ret = irp_env_define(env, protocol->definitions[i].name,
				     protocol->definitions[i].value);
	for (i = 0; ret == 0 && i < protocol->parameter_count; i++) {
		const struct irp_parameter *param = &protocol->parameters[i];
		int64_t value = 0;

		if (irp_env_has_value(env, param->name) || !param->default_value)
			continue;
		ret = irp_eval(param->default_value, env, &value, err);
		if (ret == 0)
			ret = irp_env_set(env, param->name, value);
	}
	if (ret == -ENOMEM)
		ir_error_set(err, _("irp: out of memory"));
	if (ret < 0)
		return ret;
	return check_parameters(env, protocol, err);
}
