// SPDX-License-Identifier: GPL-2.0-or-later
/* lircd_space entries as v4l-utils' pulse_distance and pulse_length (lircd_keymap_peer.h). */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keymap-private.h"
#include "lircd_keymap_peer.h"
#include "nls.h"

/* A lircd_space entry's parameters (lircd_keymap.h names them), 0 when absent. */
struct space_remote {
	int64_t margin, header_pulse, header_space, repeat_pulse, repeat_space,
		repeat_trailer, one_pulse, one_space, zero_pulse, zero_space, trailer_pulse,
		bits, reverse, header_optional;
};

static const struct {
	const char *name;
	size_t offset;
} space_params[] = {
	{ "margin", offsetof(struct space_remote, margin) },
	{ "header_pulse", offsetof(struct space_remote, header_pulse) },
	{ "header_space", offsetof(struct space_remote, header_space) },
	{ "repeat_pulse", offsetof(struct space_remote, repeat_pulse) },
	{ "repeat_space", offsetof(struct space_remote, repeat_space) },
	{ "repeat_trailer", offsetof(struct space_remote, repeat_trailer) },
	{ "one_pulse", offsetof(struct space_remote, one_pulse) },
	{ "one_space", offsetof(struct space_remote, one_space) },
	{ "zero_pulse", offsetof(struct space_remote, zero_pulse) },
	{ "zero_space", offsetof(struct space_remote, zero_space) },
	{ "trailer_pulse", offsetof(struct space_remote, trailer_pulse) },
	{ "bits", offsetof(struct space_remote, bits) },
	{ "reverse", offsetof(struct space_remote, reverse) },
	{ "header_optional", offsetof(struct space_remote, header_optional) },
};

/* The peer's parameter list for one entry, in the order it is written. */
struct peer_param {
	const char *name;
	int64_t value;
};

#define PEER_PARAMS_MAX 12

/*
 * Read the entry's parameters; an unknown one (end_space aside, which the peer's
 * decoders do without) or repeat_header set is a reason to keep lircd_space.
 */
static const char *read_space_remote(const struct keymap_protocol *protocol,
				     struct space_remote *r)
{
	size_t i, k;

	memset(r, 0, sizeof(*r));
	for (i = 0; i < protocol->param_count; i++) {
		const struct keymap_param *param = &protocol->params[i];

		if (!strcmp(param->name, "end_space") || !strcmp(param->name, "rc_protocol"))
			continue;
		if (!strcmp(param->name, "repeat_header")) {
			if (param->value)
				return _("the repeat code comes after a header (repeat_header): "
					 "v4l-utils' decoders have no such repeat");
			continue;
		}
		for (k = 0; k < sizeof(space_params) / sizeof(space_params[0]); k++) {
			if (!strcmp(param->name, space_params[k].name))
				break;
		}
		if (k == sizeof(space_params) / sizeof(space_params[0]))
			return _("a parameter that v4l-utils' decoders do not have");
		*(int64_t *)((char *)r + space_params[k].offset) = param->value;
	}
	return NULL;
}

static int64_t distance(int64_t a, int64_t b)
{
	return a > b ? a - b : b - a;
}

/*
 * Why the peer's decoders cannot decode the remote alike, or NULL; *ret_length tells
 * pulse_length from pulse_distance.
 */
static const char *peer_refusal(const struct space_remote *r, bool *ret_length)
{
	bool by_space = r->one_pulse == r->zero_pulse && r->one_space != r->zero_space;
	bool by_pulse = r->one_space == r->zero_space && r->one_pulse != r->zero_pulse;

	*ret_length = by_pulse;
	if (!by_space && !by_pulse)
		return _("one and zero differ in both pulse and space");
	if (r->bits < 1 || r->bits > 64 || r->margin < 1)
		return _("bits or margin out of the range of v4l-utils' decoders");
	if (by_space && r->trailer_pulse <= 0)
		return _("no trailer pulse after the bits: v4l-utils' pulse_distance reports a "
			 "frame at its trailer");
	/*
	 * Their header window is (header_pulse - margin, header_pulse + margin) even when
	 * header_pulse is 0: then every pulse shorter than margin is a header.
	 */
	if (!r->header_pulse &&
	    (r->one_pulse < 2 * r->margin || r->zero_pulse < 2 * r->margin))
		return _("no header, and bit pulses shorter than twice the margin: v4l-utils' "
			 "decoders take a pulse shorter than margin for a header of 0 µs");
	if (!r->repeat_pulse)
		return NULL;
	/* The repeat is reported at trailer_pulse: the repeat code must end with one. */
	if (r->repeat_trailer <= 0)
		return _("no pulse after the repeat code: v4l-utils' decoders report a repeat "
			 "at a trailer pulse");
	if (by_space && r->repeat_trailer != r->trailer_pulse)
		return _("the repeat code's trailer differs from the frame's: v4l-utils' "
			 "pulse_distance takes one trailer_pulse for both");
	/* Disjoint windows: no repeat pulse is ever taken for a header. */
	if (r->header_pulse && distance(r->repeat_pulse, r->header_pulse) < 2 * r->margin)
		return _("the repeat code starts with a pulse as long as the header's: "
			 "v4l-utils' decoders take it for a header, and give no repeat");
	return NULL;
}

static int replace_params(struct keymap_protocol *protocol, const struct peer_param *params,
			  size_t count)
{
	struct keymap_protocol fresh = { 0 };
	size_t i;
	int ret;

	for (i = 0; i < count; i++) {
		ret = keymap_protocol_add_param(&fresh, params[i].name, params[i].value);
		if (ret < 0)
			goto out;
	}
	for (i = 0; i < protocol->param_count; i++)
		free(protocol->params[i].name);
	free(protocol->params);
	protocol->params = fresh.params;
	protocol->param_count = fresh.param_count;
	return 0;
out:
	for (i = 0; i < fresh.param_count; i++)
		free(fresh.params[i].name);
	free(fresh.params);
	return ret;
}

static int rewrite(struct keymap_protocol *protocol, const struct space_remote *r,
		   bool by_pulse)
{
	struct peer_param params[PEER_PARAMS_MAX];
	const char *name = by_pulse ? "pulse_length" : "pulse_distance";
	size_t n = 0;
	char *copy;
	int ret;

	params[n++] = (struct peer_param){ "margin", r->margin };
	params[n++] = (struct peer_param){ "header_pulse", r->header_pulse };
	params[n++] = (struct peer_param){ "header_space", r->header_space };
	params[n++] = (struct peer_param){ "repeat_pulse", r->repeat_pulse };
	params[n++] = (struct peer_param){ "repeat_space", r->repeat_space };
	if (by_pulse) {
		params[n++] = (struct peer_param){ "bit_space", r->one_space };
		params[n++] = (struct peer_param){ "bit_0_pulse", r->zero_pulse };
		params[n++] = (struct peer_param){ "bit_1_pulse", r->one_pulse };
		/* pulse_length's trailer_pulse ends only a repeat code. */
		params[n++] = (struct peer_param){ "trailer_pulse", r->repeat_trailer };
	} else {
		params[n++] = (struct peer_param){ "bit_pulse", r->one_pulse };
		params[n++] = (struct peer_param){ "bit_0_space", r->zero_space };
		params[n++] = (struct peer_param){ "bit_1_space", r->one_space };
		params[n++] = (struct peer_param){ "trailer_pulse", r->trailer_pulse };
	}
	params[n++] = (struct peer_param){ "bits", r->bits };
	params[n++] = (struct peer_param){ "reverse", r->reverse ? 1 : 0 };
	params[n++] = (struct peer_param){ "header_optional", r->header_optional ? 1 : 0 };
	copy = strdup(name);
	if (!copy)
		return -ENOMEM;
	ret = replace_params(protocol, params, n);
	if (ret < 0) {
		free(copy);
		return ret;
	}
	free(protocol->protocol);
	protocol->protocol = copy;
	return 0;
}

static int keep(struct keymap_protocol *protocol, const char *reason)
{
	char *comment;

	if (asprintf(&comment, _("lircd_space is irkit's own decoder. v4l-utils' "
				 "pulse_distance and pulse_length\ncannot decode this remote "
				 "alike: %s."), reason) < 0)
		return -ENOMEM;
	free(protocol->comment);
	protocol->comment = comment;
	return 0;
}

/* The table-driven bi-phase decoder is ours alone too; nothing of v4l-utils takes it. */
static int keep_biphase(struct keymap_protocol *protocol)
{
	char *comment = strdup(_("lircd_biphase is irkit's own decoder: v4l-utils' "
				 "ir-keytable cannot load this entry."));

	if (!comment)
		return -ENOMEM;
	free(protocol->comment);
	protocol->comment = comment;
	return 0;
}

int lircd_keymap_peer_form(struct keymap *keymap)
{
	struct space_remote r;
	const char *reason;
	bool by_pulse;
	size_t i;
	int ret;

	for (i = 0; i < keymap->protocol_count; i++) {
		struct keymap_protocol *protocol = &keymap->protocols[i];

		if (!strcmp(protocol->protocol, "lircd_biphase")) {
			ret = keep_biphase(protocol);
			if (ret < 0)
				return ret;
			continue;
		}
		if (strcmp(protocol->protocol, "lircd_space") || protocol->raw_count)
			continue;
		reason = read_space_remote(protocol, &r);
		if (!reason)
			reason = peer_refusal(&r, &by_pulse);
		ret = reason ? keep(protocol, reason) : rewrite(protocol, &r, by_pulse);
		if (ret < 0)
			return ret;
	}
	return 0;
}
