// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include "ir_irp_send.h"
#include "irp.h"
#include "irp_compile.h"
#include "irp_database.h"
#include "irp_render.h"
#include "nls.h"
#include "number.h"

/* As many parameters as irp_compile() takes. */
#define IRP_SEND_PARAMS_MAX 24
/* One NAME=VALUE of -S irp:NAME:NAME=VALUE,..., at most. */
#define IRP_SEND_ASSIGNMENT_MAX 64
/* The protocol numbers a kernel layout may report: enum rc_proto's. */
#define IRP_SEND_RC_PROTO_MAX 64

/*
 * The parameters that protocol's decoder reports scancode with: in the generic layout,
 * or in the kernel's in any of its protocols.
 */
static int unpack(const struct irp_protocol *protocol, const struct irp_compile_options *o,
		  uint64_t scancode, uint64_t *values, struct ir_error *err)
{
	uint32_t rc_proto;
	int ret;

	if (!o->name || !irp_compile_kernel_layout(o->name))
		return irp_compile_unpack(protocol, o, IRP_COMPILE_PROTOCOL, scancode, 0, values,
					  err);
	for (rc_proto = 0; rc_proto < IRP_SEND_RC_PROTO_MAX; rc_proto++) {
		ret = irp_compile_unpack(protocol, o, rc_proto, scancode, 0, values, NULL);
		if (ret != -EINVAL)
			return ret;
	}
	ir_error_set(err, _("irp: no parameters of '%s' give scancode 0x%" PRIx64), o->name,
		     scancode);
	return -EINVAL;
}

/* The parameters set in env (the others take their defaults) rendered into signal. */
static int render_env(const struct irp_protocol *protocol, struct irp_env *env,
		      unsigned int repeats, struct irp_signal *signal, struct ir_error *err)
{
	struct irp_render_options options = { .repeats = repeats, .ending = true };
	int ret;

	ret = irp_env_prepare(env, protocol, err);
	if (ret == 0)
		ret = irp_render(protocol, env, &options, signal, err);
	return ret;
}

static int render(const struct irp_protocol *protocol, const uint64_t *values,
		  unsigned int repeats, struct irp_signal *signal, struct ir_error *err)
{
	struct irp_env *env = NULL;
	size_t i;
	int ret;

	ret = irp_env_new(&env);
	for (i = 0; ret == 0 && i < protocol->parameter_count; i++)
		ret = irp_env_set(env, protocol->parameters[i].name, (int64_t)values[i]);
	if (ret == 0)
		ret = render_env(protocol, env, repeats, signal, err);
	irp_env_free(env);
	return ret;
}

/*
 * One "NAME=VALUE" of text (length len) into env: a parameter of protocol not given
 * before (a bit each in *given), a C-style number. -EINVAL naming what is wrong.
 */
static int set_assignment(const struct irp_protocol *protocol, const char *text, size_t len,
			  struct irp_env *env, uint32_t *given, struct ir_error *err)
{
	char item[IRP_SEND_ASSIGNMENT_MAX];
	uint64_t value;
	char *equals;
	size_t i;

	if (len >= sizeof(item)) {
		ir_error_set(err, _("irp: '%.*s...' is too long for NAME=VALUE"), 16, text);
		return -EINVAL;
	}
	memcpy(item, text, len);
	item[len] = '\0';
	equals = strchr(item, '=');
	if (!equals) {
		ir_error_set(err, _("irp: '%s': expected NAME=VALUE"), item);
		return -EINVAL;
	}
	*equals = '\0';
	for (i = 0; i < protocol->parameter_count; i++)
		if (strcmp(protocol->parameters[i].name, item) == 0)
			break;
	if (i == protocol->parameter_count) {
		ir_error_set(err, _("irp: '%s' is not a parameter of the protocol"), item);
		return -EINVAL;
	}
	if (*given >> i & 1) {
		ir_error_set(err, _("irp: parameter '%s' is given twice"), item);
		return -EINVAL;
	}
	*given |= 1u << i;
	/* IRP's values are Java's longs */
	if (number_parse_unsigned(equals + 1, INT64_MAX, &value) < 0) {
		ir_error_set(err, _("irp: parameter '%s': '%s' is not a number from 0 to %lld"),
			     item, equals + 1, (long long)INT64_MAX);
		return -EINVAL;
	}
	return irp_env_set(env, protocol->parameters[i].name, (int64_t)value);
}

/* Whether an expression uses a name: a bitfield of it carries a parameter. */
static bool uses_name(const struct irp_expr *expr)
{
	if (!expr)
		return false;
	if (expr->kind == IRP_EXPR_NAME)
		return true;
	return uses_name(expr->a) || uses_name(expr->b) || uses_name(expr->c);
}

/*
 * Whether seq sends a parameter's bitfield before its first repeating irstream ("*", "+", "n+"):
 * 1 when it does, 0 when a repeating irstream comes first, -1 when it has neither.
 */
static int data_before_repeat(const struct irp_sequence *seq)
{
	const struct irp_stream *stream;
	size_t i;
	int ret;

	for (i = 0; i < seq->count; i++) {
		if (seq->items[i].kind == IRP_ITEM_BITFIELD && uses_name(seq->items[i].bitfield))
			return 1;
		if (seq->items[i].kind != IRP_ITEM_STREAM)
			continue;
		stream = seq->items[i].stream;
		if (stream->repeat == IRP_REPEAT_ANY || stream->repeat == IRP_REPEAT_SOME ||
		    stream->repeat == IRP_REPEAT_AT_LEAST)
			return 0;
		ret = data_before_repeat(&stream->body);
		if (ret >= 0)
			return ret;
	}
	return -1;
}

/*
 * The renderings of the repeat part in a press: none when an intro carries the data
 * (NEC1's frame, then its ditto as repeats), else one (RC5; DirecTV's intro is only a
 * lead-in, NRC17's a start frame of constants).
 */
static unsigned int press_repeats(const struct irp_protocol *protocol)
{
	const struct irp_stream *top = protocol->stream;

	if (top->repeat == IRP_REPEAT_ANY || top->repeat == IRP_REPEAT_SOME ||
	    top->repeat == IRP_REPEAT_AT_LEAST)
		return 1;
	return data_before_repeat(&top->body) == 1 ? 0 : 1;
}

/* A signal into the train; a space before its first pulse is the idle line. */
static int append_signal(const struct irp_signal *signal, struct ir_train *train)
{
	size_t i;
	int ret = 0;

	for (i = 0; ret == 0 && i < signal->count; i++) {
		if (signal->durations[i] > 0)
			ret = ir_train_pulse(train, (uint32_t)signal->durations[i]);
		else if (train->count)
			ret = ir_train_space(train, (uint32_t)-(int64_t)signal->durations[i]);
	}
	return ret;
}

/*
 * The protocol of a database name or an IRP string, and its options; one with more
 * parameters than a send can hold is refused (the caller frees *ret_protocol either way).
 */
static int find_protocol(const char *irp, struct irp_protocol **ret_protocol,
			 struct irp_compile_options *options, struct ir_error *err)
{
	const struct irp_database_entry *entry = NULL;
	const char *text = irp;
	int ret;

	if (irp[strspn(irp, " \t\r\n")] != '{') {
		entry = irp_database_find(irp);
		if (!entry) {
			ir_error_set(err, _("unknown IRP protocol '%s': neither a name of the IRP "
					    "database nor an IRP string ('{...}')"), irp);
			return -EINVAL;
		}
		text = entry->irp;
	}
	irp_compile_options_init(options, entry ? entry->parameters : NULL);
	options->name = entry ? entry->name : NULL;
	ret = irp_parse(text, strlen(text), ret_protocol, err);
	if (ret == 0 && (*ret_protocol)->parameter_count > IRP_SEND_PARAMS_MAX) {
		ir_error_set(err, _("irp: more than %d parameters"), IRP_SEND_PARAMS_MAX);
		ret = -EOPNOTSUPP;
	}
	return ret;
}

int ir_irp_send(const char *irp, uint64_t scancode, unsigned int repeat,
		struct ir_train *train, struct ir_error *err)
{
	struct irp_protocol *protocol = NULL;
	struct irp_compile_options options;
	uint64_t values[IRP_SEND_PARAMS_MAX];
	struct irp_signal signal = { 0 };
	int ret;

	ret = find_protocol(irp, &protocol, &options, err);
	if (ret < 0)
		goto out;
	ret = unpack(protocol, &options, scancode, values, err);
	if (ret < 0)
		goto out;
	ret = render(protocol, values, press_repeats(protocol) + repeat, &signal, err);
	if (ret == 0)
		ret = append_signal(&signal, train);
	if (ret == 0)
		train->carrier = (uint32_t)(signal.frequency + 0.5);
out:
	irp_signal_free(&signal);
	irp_protocol_free(protocol);
	return ret;
}

int ir_irp_send_values(const char *irp, const char *assignments, unsigned int repeat,
		       struct ir_train *train, struct ir_error *err)
{
	struct irp_protocol *protocol = NULL;
	struct irp_compile_options options;
	struct irp_signal signal = { 0 };
	struct irp_env *env = NULL;
	const char *p = assignments, *comma;
	uint32_t given = 0;
	int ret;

	ret = find_protocol(irp, &protocol, &options, err);
	if (ret < 0)
		goto out;
	ret = irp_env_new(&env);
	for (; ret == 0 && p; p = comma ? comma + 1 : NULL) {
		comma = strchr(p, ',');
		ret = set_assignment(protocol, p, comma ? (size_t)(comma - p) : strlen(p), env,
				     &given, err);
	}
	if (ret == 0)
		ret = render_env(protocol, env, press_repeats(protocol) + repeat, &signal, err);
	if (ret == 0)
		ret = append_signal(&signal, train);
	if (ret == 0)
		train->carrier = (uint32_t)(signal.frequency + 0.5);
out:
	irp_env_free(env);
	irp_signal_free(&signal);
	irp_protocol_free(protocol);
	return ret;
}
