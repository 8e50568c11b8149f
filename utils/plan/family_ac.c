// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The A/C family: the embedded decoder "ac" (bpf_protocols/ac.c) with the layouts of the
 * air conditioners' protocols asked for (utils/ac/ac_protocol.h) in its map
 * "ac_protocols". -p ac asks for every protocol, -p ac:daikin,gree for some; a keymap
 * entry of protocol "ac" for those its variant names ("daikin,gree"), or every one
 * with no variant. However many ask, the plan has one ac program, with the union.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ac_protocol.h"
#include "decoder_family.h"
#include "fileio.h"
#include "nls.h"
#include "sysroot.h"

#define AC_DECODER		"ac"
#define AC_OPTION_PREFIX	"ac:"

static const struct bpf_map_layout ac_layout = AC_PROTOCOLS_MAP_LAYOUT;

static uint64_t all_protocols(void)
{
	size_t count = ac_protocol_count();

	return count >= 64 ? ~0ULL : (1ULL << count) - 1;
}

static size_t protocol_count(uint64_t protocols)
{
	return (size_t)__builtin_popcountll(protocols);
}

/*
 * The protocols a comma-separated list names, into *ret_protocols. -EINVAL with the
 * unknown name in err, at origin.
 */
static int parse_names(struct planner *p, const char *list, const struct plan_origin *origin,
		       uint64_t *ret_protocols)
{
	char where[IR_ERROR_MESSAGE_MAX], quoted[PLAN_QUOTED_MAX + 4], name[64];
	const struct ac_protocol_info *info;
	uint64_t protocols = 0;
	const char *item = list;
	size_t len;

	for (;;) {
		len = strcspn(item, ",");
		if (len && len < sizeof(name)) {
			memcpy(name, item, len);
			name[len] = '\0';
			info = ac_protocol_find(name);
			if (info) {
				protocols |= 1ULL << (info - ac_protocol_at(0));
				goto next;
			}
		}
		snprintf(name, sizeof(name), "%.*s", (int)(len < 63 ? len : 63), item);
		plan_origin_prefix(origin, where, sizeof(where));
		ir_error_set(p->err, _("%sno A/C protocol '%s' (see rc_keymap(5), ac)"), where,
			     plan_quoted(name, quoted, sizeof(quoted)));
		return -EINVAL;
next:
		if (!item[len])
			break;
		item += len + 1;
	}
	*ret_protocols = protocols;
	return 0;
}

static bool ac_claims_option(const char *name)
{
	return !strcasecmp(name, AC_DECODER) ||
	       !strncasecmp(name, AC_OPTION_PREFIX, strlen(AC_OPTION_PREFIX));
}

static int ac_plan_option(struct planner *p, const char *name)
{
	struct plan_origin origin = { NULL, 0, 0 };
	struct family_ac_state *s;
	struct plan_decoder *d;
	uint64_t protocols = all_protocols();
	int ret;

	if (strcasecmp(name, AC_DECODER)) {
		ret = parse_names(p, name + strlen(AC_OPTION_PREFIX), &origin, &protocols);
		if (ret < 0)
			return ret;
	}
	ret = plan_check_lirc(p, AC_DECODER, &origin);
	if (ret < 0)
		return ret;
	ret = plan_add_embedded_decoder(p, AC_DECODER, &d);
	if (ret < 0)
		return ret;
	s = d->state;
	s->protocols |= protocols;
	return 0;
}

static bool ac_claims_object(const char *name, bool embedded, const struct keymap_protocol *entry)
{
	(void)entry;
	return embedded && !strcmp(name, AC_DECODER);
}

static int ac_init(void **ret_state)
{
	struct family_ac_state *s = calloc(1, sizeof(*s));

	if (!s)
		return -ENOMEM;
	s->map = -1;
	*ret_state = s;
	return 0;
}

static int ac_take(struct planner *p, struct plan_decoder *d, const struct keymap *keymap,
		   const struct keymap_protocol *entry, const struct plan_origin *origin)
{
	struct family_ac_state *s = d->state;
	uint64_t protocols = all_protocols();
	int ret = plan_apply_keymap_params(p, d, entry, origin);

	(void)keymap;
	if (ret == 0 && entry->variant)
		ret = parse_names(p, entry->variant, origin, &protocols);
	if (ret == 0)
		s->protocols |= protocols;
	return ret;
}

/* The running kernel's MAJOR.MINOR, from /proc/sys/kernel/osrelease under root. */
static int kernel_release(const char *root, unsigned int *ret_major, unsigned int *ret_minor)
{
	char *path = NULL, *text = NULL;
	unsigned int major, minor;
	size_t size;
	int ret;

	ret = sysroot_path(root, "/proc/sys/kernel/osrelease", &path);
	if (ret < 0)
		return ret;
	ret = fileio_read_path(path, 256, &text, &size);
	free(path);
	if (ret < 0)
		return ret;
	ret = sscanf(text, "%u.%u", &major, &minor) == 2 ? 0 : -EINVAL;
	free(text);
	if (ret == 0) {
		*ret_major = major;
		*ret_minor = minor;
	}
	return ret;
}

/*
 * Loading on a kernel before 5.7, which keeps the low 32 bits of a scancode: the state's
 * flags (bits 32 to 47) never reach the readers. Said once; a kernel whose release
 * cannot be read is taken as a recent one.
 */
static int note_narrow_scancodes(struct planner *p)
{
	unsigned int major, minor;

	if (!p->input->device || kernel_release(p->input->root, &major, &minor) < 0 ||
	    major > 5 || (major == 5 && minor >= 7))
		return 0;
	return plan_note(p->plan, _("Linux %u.%u keeps only the low 32 bits of a scancode: "
				    "the A/C states' flags (quiet, turbo, ...) are lost; "
				    "Linux 5.7 and later keep them"), major, minor);
}

/* Every ac decoder of the plan into the first: one program holds every protocol. */
static int ac_finish(struct planner *p)
{
	struct keytable_plan *plan = p->plan;
	struct family_ac_state *first = NULL, *s;
	size_t i = 0;

	while (i < plan->decoder_count) {
		if (plan->decoders[i].family != &family_ac) {
			i++;
			continue;
		}
		s = plan->decoders[i].state;
		if (!first) {
			first = s;
			i++;
			continue;
		}
		first->protocols |= s->protocols;
		plan_remove_decoder(plan, i);
	}
	return first ? note_narrow_scancodes(p) : 0;
}

static int ac_set_params(struct plan_decoder *d)
{
	const struct family_ac_state *s = d->state;

	return plan_set_param(d, "protocols", (int64_t)protocol_count(s->protocols));
}

/* The map "ac_protocols": in the ac decoder, and in no other (none would fill it). */
static int ac_bind(struct planner *p, struct plan_decoder *d)
{
	struct family_ac_state *s = d->family == &family_ac ? d->state : NULL;
	int map, ret;

	ret = plan_find_host_map(p, d, &ac_layout, &map);
	if (ret < 0)
		return ret;
	if (s)
		s->map = map;
	if (s && map < 0) {
		ir_error_set(p->err, _("decoder '%s' has no map '%s' for A/C protocols"),
			     d->name, AC_PROTOCOLS_MAP);
		return -EINVAL;
	}
	if (!s && map >= 0) {
		ir_error_set(p->err, _("decoder '%s' decodes the A/C protocols of -p ac, and "
				       "was named otherwise"), d->name);
		return -EINVAL;
	}
	return 0;
}

static bool ac_same(const struct plan_decoder *a, const struct plan_decoder *b)
{
	const struct family_ac_state *x = a->state, *y = b->state;

	return x->protocols == y->protocols;
}

static uint64_t ac_hash(const struct plan_decoder *d, uint64_t hash)
{
	const struct family_ac_state *s = d->state;

	return (hash ^ s->protocols) * 0x100000001b3ULL;
}

static void ac_describe(const struct plan_decoder *d, FILE *out)
{
	const struct family_ac_state *s = d->state;
	const char *sep = "";
	size_t i;

	fprintf(out, _("\t%zu A/C protocols:"), protocol_count(s->protocols));
	for (i = 0; i < ac_protocol_count(); i++) {
		if (!(s->protocols >> i & 1))
			continue;
		fprintf(out, "%s %s", sep, ac_protocol_at(i)->name);
		sep = ",";
	}
	fputc('\n', out);
}

/* The layouts asked for, in the order of their ids, from key 0 on. */
static int ac_fill_maps(const struct plan_decoder *d, plan_map_update_fn update,
			void *target, struct ir_error *err)
{
	const struct family_ac_state *s = d->state;
	uint32_t key = 0;
	size_t i;
	int ret;

	for (i = 0; s->map >= 0 && i < ac_protocol_count(); i++) {
		if (!(s->protocols >> i & 1))
			continue;
		ret = update(target, (size_t)s->map, &key, ac_protocol_at(i)->layout, err);
		if (ret < 0)
			return ret;
		key++;
	}
	return 0;
}

static void ac_free_state(void *state)
{
	free(state);
}

const struct decoder_family_ops family_ac = {
	.name = "ac",
	.claims_option = ac_claims_option,
	.plan_option = ac_plan_option,
	.claims_object = ac_claims_object,
	.needs_keymap = true,
	.init = ac_init,
	.take = ac_take,
	.finish = ac_finish,
	.set_params = ac_set_params,
	.bind = ac_bind,
	.same = ac_same,
	.hash = ac_hash,
	.describe = ac_describe,
	.fill_maps = ac_fill_maps,
	.free_state = ac_free_state,
};
