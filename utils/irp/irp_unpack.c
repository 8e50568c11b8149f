// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * irp_compile_report() and irp_compile_unpack(): a compiled protocol's report from its
 * parameters, with the compiler's own layout expressions, and back (the contract is in
 * irp_compile.h). A report is unpacked only when packing the values found gives it
 * again, so that one the program could not have made is refused rather than half read.
 */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "irp_compile.h"
#include "nls.h"

/* irp_compile() takes 24 parameters at most. */
#define UNPACK_PARAMS_MAX 64

static unsigned int parameter_bits(const struct irp_parameter *p)
{
	unsigned int bits = 0;

	while (bits < 64 && (p->max >> bits) != 0)
		bits++;
	return bits;
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

static int report_kernel(const struct irp_protocol *protocol, const char *name,
			 const uint64_t *values, uint32_t *ret_rc_protocol,
			 uint64_t *ret_scancode, uint32_t *ret_toggle)
{
	const char *toggle = irp_compile_kernel_toggle(name);
	int64_t rc_protocol = 0, scancode = 0, toggle_value = 0;
	struct irp_env *env;
	size_t i;
	int ret;

	ret = irp_env_new(&env);
	for (i = 0; ret == 0 && i < protocol->parameter_count; i++) {
		ret = irp_env_set(env, protocol->parameters[i].name, (int64_t)values[i]);
		if (ret == 0 && !toggle && protocol->parameters[i].persistent)
			toggle_value = (int64_t)values[i];
	}
	if (ret == 0)
		ret = eval_text(irp_compile_kernel_protocol(name), env, &rc_protocol);
	if (ret == 0)
		ret = eval_text(irp_compile_kernel_layout(name), env, &scancode);
	if (ret == 0 && toggle)
		ret = eval_text(toggle, env, &toggle_value);
	irp_env_free(env);
	if (ret < 0)
		return ret;
	*ret_rc_protocol = (uint32_t)rc_protocol;
	*ret_scancode = (uint64_t)scancode;
	*ret_toggle = (uint32_t)toggle_value;
	return 0;
}

int irp_compile_report(const struct irp_protocol *protocol,
		       const struct irp_compile_options *options, const uint64_t *values,
		       uint32_t *ret_rc_protocol, uint64_t *ret_scancode, uint32_t *ret_toggle)
{
	const char *name = options ? options->name : NULL;
	uint64_t scancode = 0;
	uint32_t toggle = 0;
	unsigned int used = 0;
	size_t i;

	if (irp_compile_kernel_layout(name))
		return report_kernel(protocol, name, values, ret_rc_protocol, ret_scancode,
				     ret_toggle);
	/*
	 * The generic layout: first parameter on top, the persistent one the toggle; a
	 * wide protocol's, the leading parameters that fit in 64 bits whole
	 */
	for (i = 0; i < protocol->parameter_count; i++) {
		unsigned int bits = parameter_bits(&protocol->parameters[i]);

		if (protocol->parameters[i].persistent) {
			toggle = (uint32_t)values[i];
			continue;
		}
		if (bits == 0 || used + bits > 64) {
			used = bits ? 65 : used;
			continue;
		}
		used += bits;
		scancode = bits >= 64 ? values[i] : scancode << bits | values[i];
	}
	*ret_rc_protocol = IRP_COMPILE_PROTOCOL;
	*ret_scancode = scancode;
	*ret_toggle = toggle;
	return 0;
}

/*
 * The generic layout, last parameter in the lowest bits; -EINVAL for bits left over. A
 * wide protocol's parameters past those the scancode carries are their minimums.
 */
static int unpack_generic(const struct irp_protocol *protocol, uint64_t scancode,
			  uint32_t toggle, uint64_t *values)
{
	size_t i, carried = 0;
	unsigned int used = 0;

	for (i = 0; i < protocol->parameter_count; i++) {
		unsigned int bits = parameter_bits(&protocol->parameters[i]);

		if (protocol->parameters[i].persistent || bits == 0)
			continue;
		if (used + bits > 64)
			break;
		used += bits;
		carried = i + 1;
	}
	for (i = protocol->parameter_count; i-- > 0;) {
		const struct irp_parameter *p = &protocol->parameters[i];
		unsigned int bits = parameter_bits(p);

		if (p->persistent) {
			values[i] = toggle;
			continue;
		}
		if (i >= carried) {
			values[i] = p->min;
			continue;
		}
		values[i] = bits >= 64 ? scancode : scancode & (((uint64_t)1 << bits) - 1);
		scancode = bits >= 64 ? 0 : scancode >> bits;
	}
	return scancode ? -EINVAL : 0;
}

/*
 * A set of values to probe the kernel layout at: each parameter its minimum (or its
 * maximum), except those in defaulted (a bit per parameter that has a default), which
 * take their default's value given the others. -EINVAL when the defaults do not fit.
 */
static int base_values(const struct irp_protocol *protocol, uint64_t defaulted, bool maximum,
		       const uint64_t *given, uint64_t *values)
{
	struct ir_error ignored = { "" };
	struct irp_env *env;
	size_t i;
	int ret;

	ret = irp_env_new(&env);
	for (i = 0; ret == 0 && i < protocol->parameter_count; i++) {
		const struct irp_parameter *p = &protocol->parameters[i];

		if (defaulted >> i & 1)
			continue;
		ret = irp_env_set(env, p->name, (int64_t)(given ? given[i] :
							  maximum ? p->max : p->min));
	}
	if (ret == 0)
		ret = irp_env_prepare(env, protocol, &ignored);
	for (i = 0; ret == 0 && i < protocol->parameter_count; i++) {
		struct irp_expr name = { .kind = IRP_EXPR_NAME, .height = 1,
					 .name = protocol->parameters[i].name };
		int64_t value;

		ret = irp_eval(&name, env, &value, &ignored);
		values[i] = (uint64_t)value;
	}
	irp_env_free(env);
	return ret == -ENOMEM ? ret : ret < 0 ? -EINVAL : 0;
}

/* The one bit where two reports differ (64 and up: the toggle's), or -1. */
static int single_bit(uint64_t scancode_a, uint32_t toggle_a, uint64_t scancode_b,
		      uint32_t toggle_b)
{
	uint64_t s = scancode_a ^ scancode_b, t = toggle_a ^ toggle_b;

	if (s && !t && !(s & (s - 1)))
		return __builtin_ctzll(s);
	if (t && !s && !(t & (t - 1)))
		return 64 + __builtin_ctzll(t);
	return -1;
}

/*
 * One try from a base: each bit of each parameter that is not defaulted is flipped
 * (the defaulted ones follow), and when that flips one bit of the report alone, the
 * parameter's bit is flipped too where the report differs there from the base's.
 * Then the values must give the report back.
 */
static int unpack_from(const struct irp_protocol *protocol,
		       const struct irp_compile_options *options, uint64_t defaulted,
		       const uint64_t *base, uint32_t rc_protocol, uint64_t scancode,
		       uint32_t toggle, uint64_t *values)
{
	uint64_t probe[UNPACK_PARAMS_MAX], got[UNPACK_PARAMS_MAX], base_scancode, sc;
	uint32_t base_protocol, base_toggle, rp, tg;
	size_t i;
	unsigned int b;
	int ret, bit;

	ret = irp_compile_report(protocol, options, base, &base_protocol, &base_scancode,
				 &base_toggle);
	if (ret < 0 || base_protocol != rc_protocol)
		return ret < 0 ? ret : -EINVAL;
	memcpy(got, base, protocol->parameter_count * sizeof(*got));
	for (i = 0; i < protocol->parameter_count; i++) {
		if (defaulted >> i & 1)
			continue;
		for (b = 0; b < parameter_bits(&protocol->parameters[i]); b++) {
			memcpy(probe, base, protocol->parameter_count * sizeof(*probe));
			probe[i] ^= (uint64_t)1 << b;
			ret = base_values(protocol, defaulted, false, probe, probe);
			if (ret == -ENOMEM)
				return ret;
			if (ret < 0)
				continue;
			ret = irp_compile_report(protocol, options, probe, &rp, &sc, &tg);
			if (ret == -ENOMEM)
				return ret;
			if (ret < 0 || rp != base_protocol)
				continue;
			bit = single_bit(sc, tg, base_scancode, base_toggle);
			if (bit < 0)
				continue;
			/* the bit differs from the base's report: so does the parameter's
			 * (a layout may send it inverted: StreamZap's ~F:1:6) */
			if ((bit < 64 ? (scancode ^ base_scancode) >> bit :
			     (uint64_t)(toggle ^ base_toggle) >> (bit - 64)) & 1)
				got[i] = (got[i] & ~((uint64_t)1 << b)) |
					 ((base[i] ^ ((uint64_t)1 << b)) & ((uint64_t)1 << b));
		}
	}
	ret = base_values(protocol, defaulted, false, got, got);
	if (ret == 0)
		ret = irp_compile_report(protocol, options, got, &rp, &sc, &tg);
	if (ret == 0 && (rp != rc_protocol || sc != scancode || tg != toggle))
		ret = -EINVAL;
	if (ret == 0)
		memcpy(values, got, protocol->parameter_count * sizeof(*values));
	return ret;
}

/* The kernel's layouts: from each base (defaults or not, minimums or maximums). */
static int unpack_kernel(const struct irp_protocol *protocol,
			 const struct irp_compile_options *options, uint32_t rc_protocol,
			 uint64_t scancode, uint32_t toggle, uint64_t *values)
{
	uint64_t base[UNPACK_PARAMS_MAX], with_default = 0, defaulted;
	size_t i, k = 0;
	int ret = -EINVAL, maximum;

	for (i = 0; i < protocol->parameter_count; i++)
		if (protocol->parameters[i].default_value)
			with_default |= (uint64_t)1 << i;
	/* every subset of the parameters with a default */
	for (defaulted = with_default;; defaulted = (defaulted - 1) & with_default) {
		for (maximum = 0; maximum < 2; maximum++) {
			ret = base_values(protocol, defaulted, maximum, NULL, base);
			if (ret == 0)
				ret = unpack_from(protocol, options, defaulted, base, rc_protocol,
						  scancode, toggle, values);
			if (ret == 0 || ret == -ENOMEM)
				return ret;
		}
		if (!defaulted || ++k >= 64)
			break;
	}
	return -EINVAL;
}

int irp_compile_unpack(const struct irp_protocol *protocol,
		       const struct irp_compile_options *options, uint32_t rc_protocol,
		       uint64_t scancode, uint32_t toggle, uint64_t *values,
		       struct ir_error *err)
{
	const char *name = options ? options->name : NULL;
	uint64_t got[UNPACK_PARAMS_MAX];
	uint32_t rp, tg;
	uint64_t sc;
	int ret;

	if (protocol->parameter_count > UNPACK_PARAMS_MAX) {
		ret = -EINVAL;
	} else if (irp_compile_kernel_layout(name)) {
		ret = unpack_kernel(protocol, options, rc_protocol, scancode, toggle, got);
	} else {
		ret = rc_protocol == IRP_COMPILE_PROTOCOL ?
		      unpack_generic(protocol, scancode, toggle, got) : -EINVAL;
		/* the ranges and the defaults' own checks, and the same report */
		if (ret == 0)
			ret = base_values(protocol, 0, false, got, got);
		if (ret == 0)
			ret = irp_compile_report(protocol, options, got, &rp, &sc, &tg);
		if (ret == 0 && (rp != rc_protocol || sc != scancode || tg != toggle))
			ret = -EINVAL;
	}
	if (ret == 0) {
		memcpy(values, got, protocol->parameter_count * sizeof(*values));
	} else if (ret == -ENOMEM) {
		ir_error_set(err, _("irp: out of memory"));
	} else {
		ret = -EINVAL;
		ir_error_set(err, _("irp: no parameters of '%s' give protocol %u, scancode "
				    "0x%llx, toggle %u"), name ? name : "irp", rc_protocol,
			     (unsigned long long)scancode, toggle);
	}
	return ret;
}

int irp_compile_unpack_message(const struct irp_protocol *protocol,
			       const struct irp_compile_options *options,
			       const struct irp_compile_message *message, uint64_t *values,
			       struct ir_error *err)
{
	uint64_t scancode;
	uint32_t rc_protocol, toggle;
	size_t i;
	int ret;

	if (message->count != protocol->parameter_count ||
	    protocol->parameter_count > IRP_COMPILE_PARAMETERS_MAX) {
		ir_error_set(err, _("irp: a message of %u parameters for a protocol of %zu"),
			     message->count, protocol->parameter_count);
		return -EINVAL;
	}
	for (i = 0; i < protocol->parameter_count; i++) {
		const struct irp_parameter *p = &protocol->parameters[i];

		if (message->values[i] < p->min || message->values[i] > p->max) {
			ir_error_set(err, _("irp: parameter %s=%llu of a message is out of its "
					    "range %llu..%llu"), p->name,
				     (unsigned long long)message->values[i],
				     (unsigned long long)p->min, (unsigned long long)p->max);
			return -EINVAL;
		}
	}
	ret = irp_compile_report(protocol, options, message->values, &rc_protocol, &scancode,
				 &toggle);
	if (ret == -ENOMEM) {
		ir_error_set(err, _("irp: out of memory"));
		return ret;
	}
	if (ret < 0 || scancode != message->scancode || toggle != message->toggle) {
		ir_error_set(err, _("irp: a message whose parameters do not give its scancode "
				    "0x%llx"), (unsigned long long)message->scancode);
		return -EINVAL;
	}
	memcpy(values, message->values, protocol->parameter_count * sizeof(*values));
	return 0;
}
