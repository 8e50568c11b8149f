// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * irp_compile_unpack(): a compiled protocol's report back into its parameters (the
 * contract is in irp_compile.h). The layouts are undone here, then done again with the
 * compiler's own expressions, so that a report the program could not have made is
 * refused rather than half read.
 */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <linux/lirc.h>

#include "irp_compile.h"
#include "nls.h"

/* A field of a kernel scancode: name's value is (scancode >> shift) & 0xff. */
struct kernel_field {
	const char *name;
	unsigned int shift;
};

#define KERNEL_FIELDS_MAX 4

/* The fields each kernel protocol number carries, as rc-core's decoders report them. */
struct kernel_fields {
	uint32_t rc_protocol;
	struct kernel_field fields[KERNEL_FIELDS_MAX];
};

static const struct kernel_fields kernel_fields[] = {
	{ RC_PROTO_NEC, { { "D", 8 }, { "F", 0 } } },
	{ RC_PROTO_NECX, { { "D", 16 }, { "S", 8 }, { "F", 0 } } },
	{ RC_PROTO_NEC32, { { "D", 24 }, { "S", 16 }, { "F", 8 }, { "E", 0 } } },
	{ RC_PROTO_RC5, { { "D", 8 }, { "F", 0 } } },
	{ RC_PROTO_JVC, { { "D", 8 }, { "F", 0 } } },
	{ RC_PROTO_SONY12, { { "D", 16 }, { "F", 0 } } },
	{ RC_PROTO_SONY15, { { "D", 16 }, { "F", 0 } } },
	{ RC_PROTO_SONY20, { { "D", 16 }, { "S", 8 }, { "F", 0 } } },
	{ RC_PROTO_RC6_0, { { "D", 8 }, { "F", 0 } } },
	{ RC_PROTO_SHARP, { { "D", 8 }, { "F", 0 } } },
};

static unsigned int parameter_bits(const struct irp_parameter *p)
{
	unsigned int bits = 0;

	while (bits < 64 && (p->max >> bits) != 0)
		bits++;
	return bits;
}

/* The value of name in env (a parameter's, or its default's). */
static int env_value(struct irp_env *env, const char *name, int64_t *ret_value,
		     struct ir_error *err)
{
	struct irp_expr expr = { .kind = IRP_EXPR_NAME, .name = name, .height = 1 };

	return irp_eval(&expr, env, ret_value, err);
}

/* The generic layout, last parameter in the lowest bits: the values, or -EINVAL. */
static int unpack_generic(const struct irp_protocol *protocol, uint64_t scancode,
			  struct irp_env *env, struct ir_error *err)
{
	size_t i;
	int ret;

	for (i = protocol->parameter_count; i-- > 0;) {
		const struct irp_parameter *p = &protocol->parameters[i];
		unsigned int bits = parameter_bits(p);
		uint64_t value;

		if (p->persistent)
			continue;
		value = bits >= 64 ? scancode : scancode & (((uint64_t)1 << bits) - 1);
		scancode = bits >= 64 ? 0 : scancode >> bits;
		ret = irp_env_set(env, p->name, (int64_t)value);
		if (ret < 0)
			return ret;
	}
	return scancode ? -EINVAL : 0;
}

static int unpack_kernel(uint32_t rc_protocol, uint64_t scancode, struct irp_env *env)
{
	size_t i, k;
	int ret;

	for (i = 0; i < sizeof(kernel_fields) / sizeof(kernel_fields[0]); i++) {
		const struct kernel_fields *kf = &kernel_fields[i];

		if (kf->rc_protocol != rc_protocol)
			continue;
		for (k = 0; k < KERNEL_FIELDS_MAX && kf->fields[k].name; k++) {
			ret = irp_env_set(env, kf->fields[k].name,
					  (int64_t)(scancode >> kf->fields[k].shift & 0xff));
			if (ret < 0)
				return ret;
		}
		return 0;
	}
	return -EINVAL;
}

/* What text (an expression of the parameters) gives in env; -EINVAL if it fails. */
static int eval_text(const char *text, struct irp_env *env, int64_t *ret_value)
{
	struct irp_protocol *holder = NULL;
	const struct irp_expr *expr;
	struct ir_error ignored = { "" };
	int ret;

	ret = irp_parse_expression(text, strlen(text), &holder, &expr, &ignored);
	if (ret == 0)
		ret = irp_eval(expr, env, ret_value, &ignored);
	irp_protocol_free(holder);
	return ret == -ENOMEM ? ret : ret < 0 ? -EINVAL : 0;
}

/* The kernel layout done again on the values: the same protocol and scancode? */
static int check_kernel(const char *name, uint32_t rc_protocol, uint64_t scancode,
			struct irp_env *env)
{
	int64_t got_protocol, got_scancode;
	int ret;

	ret = eval_text(irp_compile_kernel_protocol(name), env, &got_protocol);
	if (ret == 0)
		ret = eval_text(irp_compile_kernel_layout(name), env, &got_scancode);
	if (ret < 0)
		return ret;
	return (uint64_t)got_protocol == rc_protocol && (uint64_t)got_scancode == scancode ?
	       0 : -EINVAL;
}

int irp_compile_unpack(const struct irp_protocol *protocol,
		       const struct irp_compile_options *options, uint32_t rc_protocol,
		       uint64_t scancode, uint32_t toggle, uint64_t *values,
		       struct ir_error *err)
{
	const char *name = options ? options->name : NULL;
	bool kernel = irp_compile_kernel_layout(name) != NULL;
	struct ir_error ignored = { "" };
	struct irp_env *env = NULL;
	size_t i;
	int ret;

	ret = irp_env_new(&env);
	if (ret < 0)
		goto out;
	for (i = 0; i < protocol->parameter_count; i++) {
		if (!protocol->parameters[i].persistent)
			continue;
		ret = irp_env_set(env, protocol->parameters[i].name, toggle);
		if (ret < 0)
			goto out;
	}
	if (kernel)
		ret = unpack_kernel(rc_protocol, scancode, env);
	else
		ret = rc_protocol == IRP_COMPILE_PROTOCOL ?
		      unpack_generic(protocol, scancode, env, err) : -EINVAL;
	/* the defaults (NEC's S=255-D) and the ranges */
	if (ret == 0)
		ret = irp_env_prepare(env, protocol, &ignored);
	if (ret == 0 && kernel)
		ret = check_kernel(name, rc_protocol, scancode, env);
	for (i = 0; ret == 0 && i < protocol->parameter_count; i++) {
		int64_t value;

		ret = env_value(env, protocol->parameters[i].name, &value, &ignored);
		if (ret == 0)
			values[i] = (uint64_t)value;
	}
out:
	if (ret == -ENOMEM) {
		ir_error_set(err, _("irp: out of memory"));
	} else if (ret < 0) {
		ret = -EINVAL;
		ir_error_set(err, _("irp: no parameters of '%s' give protocol %u, scancode "
				    "0x%llx, toggle %u"), name ? name : "irp", rc_protocol,
			     (unsigned long long)scancode, toggle);
	}
	irp_env_free(env);
	return ret;
}
