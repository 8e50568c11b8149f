// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ac_encode.h"
#include "fileio.h"
#include "ir_encode.h"
#include "ir_irp_send.h"
#include "ir_kernel_send.h"
#include "ir_keymap_send.h"
#include "ir_send.h"
#include "keymap.h"
#include "lircd_conf.h"
#include "lircd_send.h"
#include "nls.h"
#include "number.h"

/* -S irp:NAME:SCANCODE and -S 'irp:{...}:SCANCODE'. */
#define IRP_PREFIX "irp:"

/* A kernel protocol's "NAME:SCANCODE". */
static int encode_kernel(const char *arg, const char *colon, unsigned int repeat,
			 struct ir_train *train, struct ir_error *err)
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
	return ir_kernel_send(train, (uint32_t)proto, scancode, repeat, err);
}

/*
 * "irp:NAME:SCANCODE": the scancode after the last colon, as IRP has colons; or
 * "irp:NAME:P=V,P=V,...", the parameters by name.
 */
static int encode_irp(const char *arg, unsigned int repeat, struct ir_train *train,
		      struct ir_error *err)
{
	const char *irp = arg + strlen(IRP_PREFIX);
	const char *colon = strrchr(irp, ':');
	uint64_t scancode;
	char *name;
	int ret;

	if (!colon || colon == irp) {
		ir_error_set(err, _("'%s': expected irp:NAME:SCANCODE or irp:{IRP}:SCANCODE"),
			     arg);
		return -EINVAL;
	}
	/* the parameters by name: "irp:NAME:A0=20,A1=99,..." (a number has no '=') */
	if (strchr(colon + 1, '=')) {
		name = strndup(irp, (size_t)(colon - irp));
		if (!name)
			return -ENOMEM;
		ret = ir_irp_send_values(name, colon + 1, repeat, train, err);
		free(name);
		return ret;
	}
	if (number_parse_unsigned(colon + 1, UINT64_MAX, &scancode) < 0) {
		ir_error_set(err, _("'%s': '%s' is not a number"), arg, colon + 1);
		return -EINVAL;
	}
	name = strndup(irp, (size_t)(colon - irp));
	if (!name)
		return -ENOMEM;
	ret = ir_irp_send(name, scancode, repeat, train, err);
	free(name);
	return ret;
}

static int encode_scancode(const struct ir_send_request *request, struct ir_train *train,
			   struct ir_error *err)
{
	const char *arg = request->scancode;
	const char *colon = strchr(arg, ':');

	/* An A/C state: "ac:NAME:FIELD=VALUE,..." or ir-keytable's state line. */
	if (ac_encode_claims(arg))
		return ac_encode_text(arg, request->repeat, train, err);
	if (!colon) {
		ir_error_set(err, _("'%s': expected PROTOCOL:SCANCODE"), arg);
		return -EINVAL;
	}
	if (strncmp(arg, IRP_PREFIX, strlen(IRP_PREFIX)) == 0)
		return encode_irp(arg, request->repeat, train, err);
	return encode_kernel(arg, colon, request->repeat, train, err);
}

/* 1 when the keymap at path is a lircd.conf, 0 when not, or an error reading it. */
static int is_lircd_conf(const char *path, struct ir_error *err)
{
	size_t size;
	char *buf;
	int ret;

	ret = fileio_read_path(path, LIRCD_CONF_FILE_MAX, &buf, &size);
	if (ret < 0) {
		ir_error_set_at(err, path, 0, 0, "%s", strerror(-ret));
		return ret;
	}
	ret = lircd_conf_detect(buf, size);
	free(buf);
	return ret;
}

static int encode_key(const struct ir_send_request *request, struct ir_train *train,
		      struct ir_error *err)
{
	int ret = is_lircd_conf(request->keymap, err);

	if (ret < 0)
		return ret;
	if (ret)
		return lircd_send_key(request->keymap, request->key, request->repeat, train,
				      err);
	return ir_keymap_send_key(request->keymap, request->key, request->repeat, train, err);
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
