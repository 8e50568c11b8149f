// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ac_encode.h"
#include "ir_encode.h"
#include "ir_send.h"
#include "nls.h"
#include "number.h"

/* A kernel protocol's "NAME:SCANCODE". */
static int encode_kernel(const char *arg, const char *colon, struct ir_train *train,
			 struct ir_error *err)
{
	uint64_t scancode;
	char *name;
	int proto;

	name = strndup(arg, (size_t)(colon - arg));
	if (!name)
		return -ENOMEM;
	proto = ir_encode_proto_from_name(name);
	if (proto < 0) {
		ir_error_set(err, _("'%s': no encoder for protocol '%s' (--help lists those "
				    "there are)"), arg, name);
		free(name);
		return -EINVAL;
	}
	free(name);
	if (number_parse_unsigned(colon + 1, UINT64_MAX, &scancode) < 0) {
		ir_error_set(err, _("'%s': '%s' is not a number"), arg, colon + 1);
		return -EINVAL;
	}
	return ir_encode_scancode(train, (uint32_t)proto, scancode, err);
}

static int encode_scancode(const struct ir_send_request *request, struct ir_train *train,
			   struct ir_error *err)
{
	const char *arg = request->scancode;
	const char *colon = strchr(arg, ':');

	/* An A/C state: "ac:NAME:FIELD=VALUE,..." or ir-keytable's state line. */
	if (ac_encode_claims(arg))
		return ac_encode_text(arg, train, err);
	if (!colon) {
		ir_error_set(err, _("'%s': expected PROTOCOL:SCANCODE"), arg);
		return -EINVAL;
	}
	return encode_kernel(arg, colon, train, err);
}

static int encode_key(const struct ir_send_request *request, struct ir_train *train,
		      struct ir_error *err)
{
	(void)train;
	ir_error_set_at(err, request->keymap, 0, 0, _("sending keys of a keymap: %s"),
			strerror(EOPNOTSUPP));
	return -EOPNOTSUPP;
}

int ir_send_encode(const struct ir_send_request *request, struct ir_train *train,
		   struct ir_error *err)
{
	if (request->scancode)
		return encode_scancode(request, train, err);
	return encode_key(request, train, err);
}

void ir_send_for_each_protocol(void (*fn)(const char *name, void *data), void *data)
{
	uint32_t proto;

	for (proto = 0; proto < 64; proto++)
		if (ir_encode_proto_name(proto))
			fn(ir_encode_proto_name(proto), data);
}
