// SPDX-License-Identifier: GPL-2.0-or-later
/* The plan of a command line: see plan.h for the rules. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bpf_kernel.h"
#include "../bpf_protocols/decoders.h"
#include "decoder_family.h"
#include "keycodes.h"
#include "lirc.h"
#include "nls.h"
#include "plan.h"
#include "plan_pointer.h"
#include "sysroot.h"

/* What a protocol name turned out to mean. */
enum protocol_kind {
	PROTOCOL_KERNEL,	/* a protocol of the device's protocols file */
	PROTOCOL_DECODER,	/* a BPF decoder, added to the plan */
	PROTOCOL_HARDWARE,	/* "unknown", "other": nothing to enable */
	PROTOCOL_SKIPPED,	/* a keymap's protocol nothing can decode: noted */
	PROTOCOL_KIND_MAX,
};

static bool is_protocol_separator(char c)
{
	return c == '-' || c == '_';
}

bool plan_protocol_name_equal(const char *a, const char *b)
{
	for (;;) {
		while (is_protocol_separator(*a))
			a++;
		while (is_protocol_separator(*b))
			b++;
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return false;
		if (!*a)
			return true;
		a++;
		b++;
	}
}

int plan_note(struct keytable_plan *plan, const char *fmt, ...)
{
	char **notes;
	va_list args;
	char *note;
	int ret;

	va_start(args, fmt);
	ret = vasprintf(&note, fmt, args);
	va_end(args);
	if (ret < 0)
		return -ENOMEM;
	/* Notes quote names from keymaps (a parameter's): no control to the terminal. */
	ir_error_filter_controls(note);
	notes = realloc(plan->notes, (plan->note_count + 1) * sizeof(*notes));
	if (!notes) {
		free(note);
		return -ENOMEM;
	}
	notes[plan->note_count++] = note;
	plan->notes = notes;
	return 0;
}

int plan_skip_entry(struct keytable_plan *plan, const struct ir_error *err)
{
	char **skipped;
	int ret;

	ret = plan_note(plan, _("%s: skipped"), err->message);
	if (ret < 0)
		return ret;
	skipped = realloc(plan->skipped, (plan->skipped_count + 1) * sizeof(*skipped));
	if (!skipped)
		return -ENOMEM;
	plan->skipped = skipped;
	skipped[plan->skipped_count] = strdup(plan->notes[plan->note_count - 1]);
	if (!skipped[plan->skipped_count])
		return -ENOMEM;
	plan->skipped_count++;
	return 0;
}

/* "remote.toml:12:5: " or "" for the command line, to put in front of a message. */
void plan_origin_prefix(const struct plan_origin *origin, char *buf, size_t size)
{
	if (!origin->file)
		buf[0] = '\0';
	else if (origin->line && origin->column)
		snprintf(buf, size, "%s:%u:%u: ", origin->file, origin->line, origin->column);
	else if (origin->line)
		snprintf(buf, size, "%s:%u: ", origin->file, origin->line);
	else
		snprintf(buf, size, "%s: ", origin->file);
}

/*
 * A name or an IRP string quoted in a message, cut after PLAN_QUOTED_MAX bytes (at a
 * character's start) with "...": an IRP string may be as long as a message, and what
 * comes after it (the reason, its irp:COLUMN) must not be cut off instead.
 */
const char *plan_quoted(const char *text, char *buf, size_t size)
{
	size_t len = PLAN_QUOTED_MAX;

	if (strlen(text) <= PLAN_QUOTED_MAX || size < PLAN_QUOTED_MAX + 4)
		return text;
	while (len > 0 && ((unsigned char)text[len] & 0xc0) == 0x80)
		len--;
	snprintf(buf, size, "%.*s...", (int)len, text);
	return buf;
}

static const char *device_name(const struct planner *p)
{
	return p->input->device->sysname;
}

/* The kernel's protocols-file names (every decoder rc-core has, and the hardware ones). */
static const char *kernel_protocol_name(const char *name)
{
	const char *sysfs;
	uint32_t proto;

	for (proto = 0; (sysfs = lirc_proto_sysfs_name(proto)); proto++)
		if (plan_protocol_name_equal(sysfs, name))
			return sysfs;
	return NULL;
}

/* A keymap's protocol "none": see plan_keymap_protocol(). */
static bool is_no_protocol(const char *name)
{
	return !strcasecmp(name, "none");
}

static bool is_hardware_protocol(const char *name)
{
	/* Hardware decoders' protocols, and HDMI-CEC's remote keys: never raw IR. */
	return plan_protocol_name_equal(name, "unknown") ||
	       plan_protocol_name_equal(name, "other") || plan_protocol_name_equal(name, "cec");
}

static int add_kernel_protocol(struct keytable_plan *plan, const char *name)
{
	char **names;
	size_t i;

	for (i = 0; i < plan->kernel_protocol_count; i++)
		if (!strcmp(plan->kernel_protocols[i], name))
			return 0;
	names = realloc(plan->kernel_protocols,
			(plan->kernel_protocol_count + 1) * sizeof(*names));
	if (!names)
		return -ENOMEM;
	plan->kernel_protocols = names;
	names[plan->kernel_protocol_count] = strdup(name);
	if (!names[plan->kernel_protocol_count])
		return -ENOMEM;
	plan->kernel_protocol_count++;
	return 0;
}

/* The device's own spelling of a protocol it offers, or NULL. */
static const char *device_protocol(const struct planner *p, const char *name)
{
	const struct rc_device *device = p->input->device;
	size_t i;

	if (!device || !device->has_protocols)
		return NULL;
	for (i = 0; i < device->protocols.count; i++)
		if (plan_protocol_name_equal(device->protocols.protocols[i].name, name))
			return device->protocols.protocols[i].name;
	return NULL;
}

/*
 * The first of USERKEYMAPDIR/protocols/NAME.o and KEYMAPDIR/protocols/NAME.o under the
 * root that is a file (v4l-utils' places: /etc/rc_keymaps/protocols, then the system
 * keymap directory's); else NULL.
 */
static int find_protocol_file(const char *root, const char *name, char **ret_path)
{
	static const char *const dirs[] = { USERKEYMAPDIR, KEYMAPDIR };
	char *relative, *path;
	size_t i;
	int ret = 0;

	*ret_path = NULL;
	if (asprintf(&relative, "protocols/%s.o", name) < 0)
		return -ENOMEM;
	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		ret = sysroot_path_in(root, dirs[i], relative, &path);
		if (ret < 0)
			break;
		if (sysroot_is_regular_file(path)) {
			*ret_path = path;
			break;
		}
		free(path);
	}
	free(relative);
	return ret < 0 ? ret : 0;
}

int plan_protocol_known(const char *root, const char *name)
{
	char *path;
	int ret;

	if (strchr(name, '/'))
		return sysroot_is_regular_file(name);
	if (kernel_protocol_name(name) || decoder_find(name) || is_no_protocol(name))
		return 1;
	ret = find_protocol_file(root, name, &path);
	if (ret < 0)
		return ret;
	free(path);
	return path != NULL;
}

int plan_check_lirc(struct planner *p, const char *name, const struct plan_origin *origin)
{
	char where[IR_ERROR_MESSAGE_MAX], short_name[PLAN_QUOTED_MAX + 4];

	if (!p->input->device || p->input->device->lirc_sysname)
		return 0;
	plan_origin_prefix(origin, where, sizeof(where));
	ir_error_set(p->err, _("%s%s cannot decode protocol '%s': its kernel does not offer it, "
			       "and it has no LIRC device to attach a BPF decoder to"),
		     where, device_name(p), plan_quoted(name, short_name, sizeof(short_name)));
	return -EINVAL;
}

/* The first family of the table that claims an object for the entry being planned. */
static const struct decoder_family_ops *object_family(const struct planner *p, const char *name,
						      bool embedded)
{
	const struct decoder_family_ops *family;
	size_t i;

	for (i = 0; (family = decoder_family_at(i)); i++)
		if (family->claims_object && family->claims_object(name, embedded, p->entry))
			return family;
	return NULL;
}

/* A new decoder at the plan's end, of family (its state made), owning object. */
static int new_decoder(struct planner *p, const struct decoder_family_ops *family,
		       const char *name, bool embedded, struct bpf_object *object,
		       struct plan_decoder **ret_decoder)
{
	struct keytable_plan *plan = p->plan;
	struct plan_decoder *decoders, *decoder;

	decoders = realloc(plan->decoders, (plan->decoder_count + 1) * sizeof(*decoders));
	if (!decoders) {
		bpf_object_free(object);
		return -ENOMEM;
	}
	plan->decoders = decoders;
	decoder = &decoders[plan->decoder_count];
	memset(decoder, 0, sizeof(*decoder));
	decoder->family = family;
	decoder->object = object;
	decoder->embedded = embedded;
	decoder->name = strdup(name);
	plan->decoder_count++;
	if (!decoder->name)
		return -ENOMEM;
	if (family->init && family->init(&decoder->state) < 0)
		return -ENOMEM;
	*ret_decoder = decoder;
	return 0;
}

int plan_add_compiled_decoder(struct planner *p, const struct decoder_family_ops *family,
			      const char *name, struct bpf_image *image,
			      struct plan_decoder **ret_decoder)
{
	int ret = new_decoder(p, family, name, false, NULL, ret_decoder);

	if (ret < 0) {
		bpf_image_free(image);
		return ret;
	}
	(*ret_decoder)->image = image;
	return 0;
}

static int add_embedded_decoder(struct planner *p, const struct decoder *embedded,
				struct plan_decoder **ret_decoder)
{
	struct bpf_object *object;
	int ret;

	ret = bpf_object_open_memory(embedded->elf, embedded->elf_size, embedded->name,
				     &object, p->err);
	if (ret < 0)
		return ret;
	return new_decoder(p, object_family(p, embedded->name, true), embedded->name, true,
			   object, ret_decoder);
}

int plan_add_embedded_decoder(struct planner *p, const char *name,
			      struct plan_decoder **ret_decoder)
{
	const struct decoder *embedded = decoder_find(name);

	if (!embedded) {
		ir_error_set(p->err, _("no embedded decoder '%s'"), name);
		return -ENOENT;
	}
	return add_embedded_decoder(p, embedded, ret_decoder);
}

static int add_file_decoder(struct planner *p, const char *path,
			    struct plan_decoder **ret_decoder)
{
	struct bpf_object *object;
	int ret;

	ret = bpf_object_open_file(path, &object, p->err);
	if (ret < 0)
		return ret;
	return new_decoder(p, object_family(p, path, false), path, false, object, ret_decoder);
}

/* Set (or replace) one parameter value of a decoder; the name is copied. */
int plan_set_param(struct plan_decoder *decoder, const char *name, int64_t value)
{
	struct bpf_param_value *params;
	size_t i;

	for (i = 0; i < decoder->param_count; i++) {
		if (!strcmp(decoder->params[i].name, name)) {
			decoder->params[i].value = value;
			return 0;
		}
	}
	params = realloc(decoder->params, (decoder->param_count + 1) * sizeof(*params));
	if (!params)
		return -ENOMEM;
	decoder->params = params;
	params[decoder->param_count].name = strdup(name);
	if (!params[decoder->param_count].name)
		return -ENOMEM;
	params[decoder->param_count].value = value;
	decoder->param_count++;
	return 0;
}

bool plan_has_param(const struct plan_decoder *decoder, const char *name)
{
	size_t i;

	for (i = 0; i < decoder->param_count; i++)
		if (!strcmp(decoder->params[i].name, name))
			return true;
	return false;
}

/* The parameters of a keymap's protocol entry; unknown ones are noted, not fatal. */
int plan_apply_keymap_params(struct planner *p, struct plan_decoder *decoder,
			     const struct keymap_protocol *protocol, const struct plan_origin *origin)
{
	char where[IR_ERROR_MESSAGE_MAX], short_name[PLAN_QUOTED_MAX + 4];
	size_t i;
	int ret;

	for (i = 0; i < protocol->param_count; i++) {
		const struct keymap_param *param = &protocol->params[i];

		if (plan_pointer_param(param->name))
			continue;
		if (!decoder->object || bpf_object_param_find(decoder->object, param->name) < 0) {
			plan_origin_prefix(origin, where, sizeof(where));
			ret = plan_note(p->plan, _("%sdecoder '%s' has no parameter '%s': ignored"),
				       where, plan_quoted(decoder->name, short_name,
						     sizeof(short_name)),
				       param->name);
		} else {
			ret = plan_set_param(decoder, param->name, param->value);
		}
		if (ret < 0)
			return ret;
	}
	return 0;
}

/* Does path name an object file called name ("dir/foobar.o" for "foobar")? */
static bool object_file_named(const char *path, const char *name)
{
	const char *base = strrchr(path, '/');
	size_t len = strlen(name);

	base = base ? base + 1 : path;
	return !strncmp(base, name, len) && !strcmp(base + len, ".o");
}

/* The -p object a keymap's protocol names by its file name, or -1. */
static int option_object(const struct planner *p, const char *name)
{
	const struct plan_request *options = p->input->request;
	size_t i;

	for (i = 0; options && i < options->protocol_count; i++)
		if (strchr(options->protocols[i], '/') &&
		    object_file_named(options->protocols[i], name))
			return (int)i;
	return -1;
}

/*
 * err says why nothing can decode a protocol. Named by -p, that is an error. Named by a
 * keymap, the protocol is skipped with a note and the rest of the keymap loads, its
 * scancodes still mapped: at boot, one protocol that the kernel lacks must not leave
 * the remote dead (v4l-utils warns and goes on too).
 */
static int undecodable(struct planner *p, const struct plan_origin *origin,
		       enum protocol_kind *ret_kind)
{
	if (!origin->file)
		return -EINVAL;
	*ret_kind = PROTOCOL_SKIPPED;
	return plan_note(p->plan, _("%s: skipped"), p->err->message);
}

int plan_undecodable(struct planner *p, const struct plan_origin *origin, bool *ret_skipped)
{
	enum protocol_kind kind = PROTOCOL_KIND_MAX;
	int ret = undecodable(p, origin, &kind);

	*ret_skipped = kind == PROTOCOL_SKIPPED;
	return ret;
}

/* A keymap's decoder remembers the first entry that asked for it, for later notes. */
int plan_note_wanted_by(const struct plan_origin *origin, struct plan_decoder *decoder)
{
	if (!origin->file || decoder->wanted_by)
		return 0;
	/* As plan_origin_prefix() writes it: no column where the entry has none (lircd.conf). */
	if ((origin->column ? asprintf(&decoder->wanted_by, "%s:%u:%u", origin->file,
				       origin->line, origin->column)
			    : asprintf(&decoder->wanted_by, "%s:%u", origin->file,
				       origin->line)) < 0) {
		decoder->wanted_by = NULL;
		return -ENOMEM;
	}
	return 0;
}

/*
 * What a protocol name means (see plan.h). For a decoder, *ret_decoder is the new plan
 * entry; for a kernel protocol, it is added to the plan's set.
 */
static int resolve_name(struct planner *p, const char *name, const struct plan_origin *origin,
			enum protocol_kind *ret_kind, struct plan_decoder **ret_decoder)
{
	const struct decoder *embedded;
	const char *kernel, *offered;
	char where[IR_ERROR_MESSAGE_MAX];
	char *path = NULL;
	int option, ret;

	*ret_decoder = NULL;
	if (strchr(name, '/')) {
		*ret_kind = PROTOCOL_DECODER;
		ret = plan_check_lirc(p, name, origin);
		if (ret < 0)
			return undecodable(p, origin, ret_kind);
		return add_file_decoder(p, name, ret_decoder);
	}
	offered = device_protocol(p, name);
	if (offered && strcmp(offered, "lirc")) {
		*ret_kind = PROTOCOL_KERNEL;
		p->named_kernel_protocols = true;
		return add_kernel_protocol(p->plan, offered);
	}
	kernel = kernel_protocol_name(name);
	if (kernel && is_hardware_protocol(kernel)) {
		*ret_kind = PROTOCOL_HARDWARE;
		return 0;
	}
	embedded = kernel ? decoder_for_kernel_protocol(kernel) : NULL;
	if (embedded) {
		*ret_kind = PROTOCOL_DECODER;
		ret = plan_check_lirc(p, name, origin);
		if (ret < 0)
			return undecodable(p, origin, ret_kind);
		ret = add_embedded_decoder(p, embedded, ret_decoder);
		if (ret < 0 || !p->input->device)
			return ret;
		(*ret_decoder)->port_of = strdup(kernel);
		return (*ret_decoder)->port_of ? 0 : -ENOMEM;
	}
	option = origin->file ? option_object(p, name) : -1;
	if (option >= 0) {
		p->option_used[option] = true;
		*ret_kind = PROTOCOL_DECODER;
		ret = plan_check_lirc(p, name, origin);
		if (ret < 0)
			return undecodable(p, origin, ret_kind);
		return add_file_decoder(p, p->input->request->protocols[option], ret_decoder);
	}
	ret = find_protocol_file(p->input->root, name, &path);
	if (ret < 0)
		return ret;
	embedded = decoder_find(name);
	if (path || embedded) {
		*ret_kind = PROTOCOL_DECODER;
		ret = plan_check_lirc(p, name, origin);
		if (ret < 0)
			ret = undecodable(p, origin, ret_kind);
		else
			ret = path ? add_file_decoder(p, path, ret_decoder)
				   : add_embedded_decoder(p, embedded, ret_decoder);
		free(path);
		return ret;
	}
	plan_origin_prefix(origin, where, sizeof(where));
	if (kernel && p->input->device)
		ir_error_set(p->err, _("%s%s cannot decode protocol '%s': its kernel does not "
				       "offer it and there is no BPF decoder for it"),
			     where, device_name(p), name);
	else if (kernel)
		ir_error_set(p->err, _("%sprotocol '%s' has no BPF decoder to decode it offline"),
			     where, name);
	else
		ir_error_set(p->err, _("%sunknown protocol '%s': not a kernel protocol, an "
				       "embedded decoder or a decoder object"), where, name);
	return undecodable(p, origin, ret_kind);
}

static int resolve_protocol(struct planner *p, const char *name, const struct plan_origin *origin,
			    enum protocol_kind *ret_kind, struct plan_decoder **ret_decoder)
{
	int ret = resolve_name(p, name, origin, ret_kind, ret_decoder);

	/* A -p object that a keymap names is still asked for by -p. */
	if (ret < 0 || !*ret_decoder || (origin->file && option_object(p, name) >= 0))
		return ret;
	return plan_note_wanted_by(origin, *ret_decoder);
}

static int plan_keymap_protocol(struct planner *p, const struct keymap *keymap,
				const struct keymap_protocol *protocol)
{
	struct plan_origin origin = { keymap->filename, protocol->line, 0 };
	struct plan_origin name_origin = { keymap->filename, protocol->protocol_line,
				      protocol->protocol_column };
	const struct decoder_family_ops *family;
	struct plan_decoder *decoder;
	enum protocol_kind kind;
	size_t i;
	int ret;

	/* Entries a family plans by itself (IRP's), before any name is resolved. */
	for (i = 0; (family = decoder_family_at(i)); i++)
		if (family->claims_entry && family->claims_entry(protocol))
			return family->plan_entry(p, keymap, protocol);
	/*
	 * Protocol "none" (v4l-utils' empty.toml: the table of a device with no remote):
	 * no decoder, and the device's kernel protocols all off, as -p none turns them.
	 * Its scancodes, if any, are written as a hardware protocol's are.
	 */
	if (is_no_protocol(protocol->protocol)) {
		p->named_protocols = true;
		p->named_kernel_protocols = true;
		if (protocol->raw_count) {
			ir_error_set_at(p->err, keymap->filename, protocol->line, 0,
					_("raw patterns need the raw decoder, not protocol '%s'"),
					protocol->protocol);
			return -EINVAL;
		}
		if (!p->input->device)
			return plan_note(p->plan, _("%s: protocol 'none': nothing decodes it"),
					keymap->filename);
		return 0;
	}
	p->named_protocols = true;
	ret = resolve_protocol(p, protocol->protocol, &name_origin, &kind, &decoder);
	if (ret < 0 || kind == PROTOCOL_SKIPPED)
		return ret;
	if (kind == PROTOCOL_HARDWARE && !p->input->device)
		return plan_note(p->plan, _("%s: protocol '%s' is decoded by hardware: nothing "
					   "decodes it offline"), keymap->filename,
				protocol->protocol);
	if (kind != PROTOCOL_DECODER) {
		if (protocol->raw_count) {
			ir_error_set_at(p->err, keymap->filename, protocol->line, 0,
					_("raw patterns need the raw decoder, not protocol '%s'"),
					protocol->protocol);
			return -EINVAL;
		}
		return 0;
	}
	return decoder->family->take(p, decoder, keymap, protocol, &origin);
}

static int plan_option_protocol(struct planner *p, const char *name)
{
	struct plan_origin origin = { NULL, 0, 0 };
	const struct rc_device *device = p->input->device;
	const struct decoder_family_ops *family;
	struct plan_decoder *decoder;
	enum protocol_kind kind;
	size_t i;
	int ret;

	p->named_protocols = true;
	if (!strcasecmp(name, "none") || !strcasecmp(name, "lirc")) {
		p->named_kernel_protocols = true;
		return 0;
	}
	/* Names a family plans by itself (IRP's). */
	for (i = 0; (family = decoder_family_at(i)); i++)
		if (family->claims_option && family->claims_option(name))
			return family->plan_option(p, name);
	if (strcasecmp(name, "all"))
		return resolve_protocol(p, name, &origin, &kind, &decoder);
	p->named_kernel_protocols = true;
	if (!device) {
		for (i = 0; i < decoder_count(); i++) {
			/* These decode only what a keymap puts in their maps. */
			if (object_family(p, decoder_at(i)->name, true)->needs_keymap)
				continue;
			ret = add_embedded_decoder(p, decoder_at(i), &decoder);
			if (ret < 0)
				return ret;
		}
		return 0;
	}
	for (i = 0; device->has_protocols && i < device->protocols.count; i++) {
		if (!strcmp(device->protocols.protocols[i].name, "lirc"))
			continue;
		ret = add_kernel_protocol(p->plan, device->protocols.protocols[i].name);
		if (ret < 0)
			return ret;
	}
	return 0;
}

static bool decoder_answers_to(const struct plan_decoder *decoder, const char *name)
{
	const struct decoder *embedded;
	const char *base;

	if (!strcmp(decoder->name, name))
		return true;
	if (decoder->embedded) {
		embedded = decoder_find(name);
		return embedded && !strcmp(embedded->name, decoder->name);
	}
	/* An object file also answers to its file name without directory and ".o". */
	base = strrchr(decoder->name, '/');
	return object_file_named(decoder->name, name) || (base && !strcmp(base + 1, name));
}

/* -e: after the keymaps' values, so the command line wins. */
static int apply_option_param(struct planner *p, const struct plan_parameter *param)
{
	struct keytable_plan *plan = p->plan;
	bool decoder_seen = false, applied = false;
	size_t i;
	int ret;

	for (i = 0; i < plan->decoder_count; i++) {
		struct plan_decoder *decoder = &plan->decoders[i];

		if (param->decoder && !decoder_answers_to(decoder, param->decoder))
			continue;
		decoder_seen = true;
		if (!decoder->object || bpf_object_param_find(decoder->object, param->name) < 0)
			continue;
		ret = plan_set_param(decoder, param->name, param->value);
		if (ret < 0)
			return ret;
		applied = true;
	}
	if (applied)
		return 0;
	if (param->decoder && !decoder_seen)
		ir_error_set(p->err, _("parameter '%s:%s': no decoder '%s' is loaded by this "
				       "command"), param->decoder, param->name, param->decoder);
	else if (param->decoder)
		ir_error_set(p->err, _("parameter '%s:%s': decoder '%s' has no parameter '%s'"),
			     param->decoder, param->name, param->decoder, param->name);
	else if (plan->decoder_count)
		ir_error_set(p->err, _("parameter '%s': no decoder loaded by this command has "
				       "it"), param->name);
	else
		ir_error_set(p->err, _("parameter '%s': no BPF decoder is loaded by this "
				       "command"), param->name);
	return -EINVAL;
}

/* A parameter's value: the one set, or the object's default. */
int64_t plan_param_value(const struct plan_decoder *decoder, const char *name)
{
	int index;
	size_t i;

	for (i = 0; i < decoder->param_count; i++)
		if (!strcmp(decoder->params[i].name, name))
			return decoder->params[i].value;
	index = decoder->object ? bpf_object_param_find(decoder->object, name) : -1;
	return index < 0 ? 0 : bpf_object_param_default(decoder->object, (size_t)index);
}

/* The index of a host map by its layout, -1 when the image has none of that name. */
int plan_find_host_map(struct planner *p, const struct plan_decoder *decoder,
		       const struct bpf_map_layout *layout, int *ret_index)
{
	int ret = bpf_image_host_map(decoder->image, layout, p->err);

	if (ret == -EINVAL)
		ir_error_prefix(p->err, _("decoder '%s'"), decoder->name);
	if (ret < 0 && ret != -ENOENT)
		return ret;
	*ret_index = ret < 0 ? -1 : ret;
	return 0;
}

/*
 * The object relocated with its final parameters, and every family's host maps found
 * and checked in it: a map the host would fill is the family's, and must have its data.
 */
static int relocate(struct planner *p, struct plan_decoder *decoder)
{
	const struct decoder_family_ops *family;
	size_t i;
	int ret;

	/* A compiled (IRP) decoder has its values already, and no family's host maps. */
	if (!decoder->object)
		return plan_pointer_bind(p, decoder);
	ret = bpf_object_relocate(decoder->object, NULL, decoder->params, decoder->param_count,
				  &decoder->image, p->err);
	for (i = 0; ret == 0 && (family = decoder_family_at(i)); i++)
		if (family->bind)
			ret = family->bind(p, decoder);
	return ret < 0 ? ret : plan_pointer_bind(p, decoder);
}

/* Same family, object, name and parameter values, and the family's data alike. */
static bool same_decoder(const struct plan_decoder *a, const struct plan_decoder *b)
{
	size_t i;

	if (a->family != b->family || a->embedded != b->embedded || !a->object != !b->object)
		return false;
	if (a->object && strcmp(a->name, b->name))
		return false;
	for (i = 0; a->object && i < bpf_object_param_count(a->object); i++) {
		const char *name = bpf_object_param_name(a->object, i);

		if (plan_param_value(a, name) != plan_param_value(b, name))
			return false;
	}
	return !a->family->same || a->family->same(a, b);
}

static uint64_t hash_bytes(uint64_t hash, const void *data, size_t size)
{
	const unsigned char *byte = data;
	size_t i;

	/* FNV-1a. */
	for (i = 0; i < size; i++)
		hash = (hash ^ byte[i]) * 0x100000001b3ULL;
	return hash;
}

/* Equal for decoders same_decoder() finds the same (a coarser key, never finer). */
static uint64_t decoder_hash(const struct plan_decoder *d)
{
	uint64_t hash = 0xcbf29ce484222325ULL;
	int64_t value;
	size_t i;

	if (d->object)
		hash = hash_bytes(hash, d->name, strlen(d->name));
	for (i = 0; d->object && i < bpf_object_param_count(d->object); i++) {
		value = plan_param_value(d, bpf_object_param_name(d->object, i));
		hash = hash_bytes(hash, &value, sizeof(value));
	}
	return d->family->hash ? d->family->hash(d, hash) : hash;
}

static void plan_decoder_clear(struct plan_decoder *decoder)
{
	size_t i;

	free(decoder->name);
	free(decoder->port_of);
	free(decoder->wanted_by);
	if (decoder->family && decoder->family->free_state)
		decoder->family->free_state(decoder->state);
	bpf_object_free(decoder->object);
	for (i = 0; i < decoder->param_count; i++)
		free((char *)decoder->params[i].name);
	free(decoder->params);
	bpf_image_free(decoder->image);
}

void plan_remove_decoder(struct keytable_plan *plan, size_t i)
{
	struct plan_decoder *d = &plan->decoders[i];

	plan_decoder_clear(d);
	memmove(d, d + 1, (plan->decoder_count - i - 1) * sizeof(*d));
	plan->decoder_count--;
}

struct decoder_key {
	uint64_t hash;
	size_t index;
};

static int compare_decoder_keys(const void *a, const void *b)
{
	const struct decoder_key *x = a, *y = b;

	if (x->hash != y->hash)
		return x->hash < y->hash ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

/*
 * Which earlier decoder each is the same as (SIZE_MAX: none), in *ret_same (free()
 * it): only decoders of one hash are compared, each with the first of its kind.
 */
static int find_duplicates(const struct keytable_plan *plan, size_t **ret_same)
{
	struct decoder_key *keys;
	size_t *same, i, j, start;

	keys = calloc(plan->decoder_count, sizeof(*keys));
	same = calloc(plan->decoder_count, sizeof(*same));
	if (!keys || !same) {
		free(keys);
		free(same);
		return -ENOMEM;
	}
	for (i = 0; i < plan->decoder_count; i++) {
		keys[i].hash = decoder_hash(&plan->decoders[i]);
		keys[i].index = i;
		same[i] = SIZE_MAX;
	}
	qsort(keys, plan->decoder_count, sizeof(*keys), compare_decoder_keys);
	for (start = 0; start < plan->decoder_count; start = i) {
		for (i = start; i < plan->decoder_count && keys[i].hash == keys[start].hash; i++) {
			for (j = start; j < i; j++) {
				if (same[keys[j].index] == SIZE_MAX &&
				    same_decoder(&plan->decoders[keys[j].index],
						 &plan->decoders[keys[i].index])) {
					same[keys[i].index] = keys[j].index;
					break;
				}
			}
		}
	}
	free(keys);
	*ret_same = same;
	return 0;
}

/* Identical requests load once: keep the first of each. */
static int remove_duplicates(struct keytable_plan *plan)
{
	size_t i, kept = 0, *same;
	int ret;

	if (plan->decoder_count < 2)
		return 0;
	ret = find_duplicates(plan, &same);
	if (ret < 0)
		return ret;
	for (i = 0; i < plan->decoder_count; i++) {
		if (same[i] == SIZE_MAX)
			continue;
		/* Also asked for by -p: its failures are errors, not notes. */
		if (!plan->decoders[i].wanted_by) {
			free(plan->decoders[same[i]].wanted_by);
			plan->decoders[same[i]].wanted_by = NULL;
		}
	}
	for (i = 0; i < plan->decoder_count; i++) {
		if (same[i] != SIZE_MAX) {
			plan_decoder_clear(&plan->decoders[i]);
			continue;
		}
		plan->decoders[kept++] = plan->decoders[i];
	}
	plan->decoder_count = kept;
	free(same);
	return 0;
}

/* A key as given: its place among all given (keymaps in order, then -k). */
struct given_key {
	uint64_t scancode;
	uint32_t keycode;
	size_t order;
};

static int compare_given(const void *a, const void *b)
{
	const struct given_key *x = a, *y = b;

	if (x->scancode != y->scancode)
		return x->scancode < y->scancode ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

static int compare_order(const void *a, const void *b)
{
	const struct given_key *x = a, *y = b;

	return x->order < y->order ? -1 : x->order > y->order;
}

/*
 * The scancodes of all keymaps and -k together, counted before any is compared: at
 * most KEYMAP_SCANCODES_MAX, as in one keymap (each keymap's own are already).
 */
static int count_keys(struct planner *p, size_t *ret_count)
{
	const struct plan_input *input = p->input;
	size_t i, j, count = 0;

	for (i = 0; i < input->keymap_count; i++) {
		for (j = 0; j < input->keymaps[i]->protocol_count; j++)
			count += input->keymaps[i]->protocols[j].scancode_count;
		if (count > KEYMAP_SCANCODES_MAX) {
			ir_error_set(p->err, _("%s: more than %u scancodes in the keymaps "
					       "together"), input->keymaps[i]->filename,
				     KEYMAP_SCANCODES_MAX);
			return -EINVAL;
		}
	}
	if (input->request)
		count += input->request->set_key_count;
	*ret_count = count;
	return 0;
}

/*
 * Each scancode once, where it was first given, with the keycode given last:
 * sorted, not compared one by one.
 */
static int unique_keys(struct keytable_plan *plan, struct given_key *given, size_t count)
{
	size_t i, kept = 0;

	qsort(given, count, sizeof(*given), compare_given);
	for (i = 0; i < count; i++) {
		if (kept && given[kept - 1].scancode == given[i].scancode) {
			given[kept - 1].keycode = given[i].keycode;
			continue;
		}
		given[kept++] = given[i];
	}
	qsort(given, kept, sizeof(*given), compare_order);
	plan->keys = calloc(kept ? kept : 1, sizeof(*plan->keys));
	if (!plan->keys)
		return -ENOMEM;
	for (i = 0; i < kept; i++) {
		plan->keys[i].scancode = given[i].scancode;
		plan->keys[i].keycode = given[i].keycode;
	}
	plan->key_count = kept;
	return 0;
}

static int plan_keys(struct planner *p)
{
	const struct plan_input *input = p->input;
	const struct plan_request *options = input->request;
	struct given_key *given;
	size_t i, j, k, count, n = 0;
	int ret;

	ret = count_keys(p, &count);
	if (ret < 0 || !count)
		return ret;
	given = calloc(count, sizeof(*given));
	if (!given)
		return -ENOMEM;
	for (i = 0; i < input->keymap_count; i++) {
		const struct keymap *keymap = input->keymaps[i];

		for (j = 0; j < keymap->protocol_count; j++) {
			const struct keymap_protocol *protocol = &keymap->protocols[j];

			for (k = 0; k < protocol->scancode_count; k++, n++) {
				given[n].scancode = protocol->scancodes[k].scancode;
				given[n].keycode = protocol->scancodes[k].keycode;
				given[n].order = n;
			}
		}
	}
	for (i = 0; options && i < options->set_key_count; i++, n++) {
		ret = keycode_parse(options->set_keys[i].key, &given[n].keycode);
		if (ret == -ENOMEM)
			goto out;
		if (ret < 0) {
			ir_error_set(p->err, _("--set-key 0x%llx: unknown key '%s'"),
				     (unsigned long long)options->set_keys[i].scancode,
				     options->set_keys[i].key);
			ret = -EINVAL;
			goto out;
		}
		given[n].scancode = options->set_keys[i].scancode;
		given[n].order = n;
	}
	ret = unique_keys(p->plan, given, count);
out:
	free(given);
	return ret;
}

static int compare_keys(const void *a, const void *b)
{
	const struct plan_key *x = a, *y = b;

	return x->scancode < y->scancode ? -1 : x->scancode > y->scancode;
}

/* plan->lookup: the keys sorted by scancode, for keytable_plan_lookup(). */
static int sort_lookup(struct keytable_plan *plan)
{
	free(plan->lookup);
	plan->lookup = malloc((plan->key_count ? plan->key_count : 1) * sizeof(*plan->lookup));
	if (!plan->lookup)
		return -ENOMEM;
	if (plan->key_count)
		memcpy(plan->lookup, plan->keys, plan->key_count * sizeof(*plan->lookup));
	qsort(plan->lookup, plan->key_count, sizeof(*plan->lookup), compare_keys);
	return 0;
}

/* The next scancode from *next on that no key has (used: sorted, *at walks it). */
static uint64_t free_scancode(const struct plan_key *used, size_t count, size_t *at,
			      uint64_t *next)
{
	for (;;) {
		while (*at < count && used[*at].scancode < *next)
			(*at)++;
		if (*at == count || used[*at].scancode != *next)
			return (*next)++;
		(*next)++;
	}
}

/* Appends a key of a scancode no key has. */
static int append_key(struct keytable_plan *plan, uint64_t scancode, uint32_t keycode)
{
	struct plan_key *keys = realloc(plan->keys, (plan->key_count + 1) * sizeof(*keys));

	if (!keys)
		return -ENOMEM;
	keys[plan->key_count].scancode = scancode;
	keys[plan->key_count].keycode = keycode;
	plan->keys = keys;
	plan->key_count++;
	return 0;
}

/* Where the patterns' scancodes come from: past every key given, none of theirs. */
struct plan_scancodes {
	struct keytable_plan *plan;
	size_t at, used;
	uint64_t next;
};

int plan_next_scancode(struct plan_scancodes *s, uint32_t keycode, uint64_t *ret_scancode)
{
	uint64_t scancode = free_scancode(s->plan->lookup, s->used, &s->at, &s->next);
	int ret = append_key(s->plan, scancode, keycode);

	if (ret == 0)
		*ret_scancode = scancode;
	return ret;
}

/* Patterns report their scancode: their families give each a free one, mapped to its key. */
static int plan_pattern_keys(struct keytable_plan *plan)
{
	struct plan_scancodes s = { .plan = plan };
	size_t i;
	int ret;

	/* The keys given: those added here take scancodes past next, none of theirs. */
	ret = sort_lookup(plan);
	s.used = plan->key_count;
	for (i = 0; ret == 0 && i < plan->decoder_count; i++)
		if (plan->decoders[i].family->assign_scancodes)
			ret = plan->decoders[i].family->assign_scancodes(&s, &plan->decoders[i]);
	if (ret == 0)
		ret = sort_lookup(plan);
	return ret;
}

static int plan_protocols(struct planner *p)
{
	const struct plan_input *input = p->input;
	const struct plan_request *options = input->request;
	size_t i, j, count = 0;
	int ret;

	/* Each entry is a decoder request until merged: counted before any is made. */
	for (i = 0; i < input->keymap_count; i++) {
		count += input->keymaps[i]->protocol_count;
		if (count > KEYMAP_PROTOCOLS_MAX) {
			ir_error_set(p->err, _("%s: more than %u protocols in the keymaps "
					       "together"), input->keymaps[i]->filename,
				     KEYMAP_PROTOCOLS_MAX);
			return -EINVAL;
		}
	}

	for (i = 0; i < input->keymap_count; i++) {
		for (j = 0; j < input->keymaps[i]->protocol_count; j++) {
			p->entry = &input->keymaps[i]->protocols[j];
			ret = plan_keymap_protocol(p, input->keymaps[i], p->entry);
			p->entry = NULL;
			if (ret < 0)
				return ret;
		}
	}
	for (i = 0; options && i < options->protocol_count; i++) {
		if (p->option_used[i])
			continue;
		ret = plan_option_protocol(p, options->protocols[i]);
		if (ret < 0)
			return ret;
	}
	/* Offline with nothing named: try every decoder. */
	if (!input->device && !p->named_protocols)
		return plan_option_protocol(p, "all");
	return 0;
}

/* "FILE:LINE:COLUMN: " of the keymap entry that asked for d, or "" for -p. */
void plan_request_where(const struct plan_decoder *d, char *buf, size_t size)
{
	if (d->wanted_by)
		snprintf(buf, size, "%s: ", d->wanted_by);
	else
		buf[0] = '\0';
}

static int plan_decoders(struct planner *p)
{
	struct keytable_plan *plan = p->plan;
	const struct plan_request *options = p->input->request;
	const struct decoder_family_ops *family;
	size_t i, f;
	int ret;

	/* Each family's decoders together: merged, spilled over programs, indexed. */
	for (f = 0; (family = decoder_family_at(f)); f++) {
		ret = family->finish ? family->finish(p) : 0;
		if (ret < 0)
			return ret;
	}
	for (i = 0; options && i < options->parameter_count; i++) {
		ret = apply_option_param(p, &options->parameters[i]);
		if (ret < 0)
			return ret;
	}
	for (i = 0; i < plan->decoder_count; i++) {
		family = plan->decoders[i].family;
		ret = family->set_params ? family->set_params(&plan->decoders[i]) : 0;
		if (ret < 0)
			return ret;
		ret = relocate(p, &plan->decoders[i]);
		if (ret < 0)
			return ret;
	}
	ret = remove_duplicates(plan);
	if (ret < 0)
		return ret;
	/*
	 * Refused here, not after 64 programs went through the verifier; offline too, so
	 * that --decode and --test-keymap take what a device takes (and --decode does not
	 * run every sample through thousands of programs).
	 */
	if (plan->decoder_count > BPF_KERNEL_MAX_LIRC_PROGS) {
		if (p->input->device)
			ir_error_set(p->err, _("%zu BPF decoders: %s takes at most %d"),
				     plan->decoder_count, p->input->device->sysname,
				     BPF_KERNEL_MAX_LIRC_PROGS);
		else
			ir_error_set(p->err, _("%zu BPF decoders: a LIRC device takes at most "
					       "%d"), plan->decoder_count,
				     BPF_KERNEL_MAX_LIRC_PROGS);
		return -EINVAL;
	}
	for (i = 0; p->input->device && i < plan->decoder_count; i++) {
		if (!plan->decoders[i].port_of)
			continue;
		ret = plan_note(plan, _("%s has no kernel decoder for protocol '%s': using the "
				       "BPF decoder %s"), p->input->device->sysname,
			       plan->decoders[i].port_of, plan->decoders[i].name);
		if (ret < 0)
			return ret;
	}
	return 0;
}

/* Protocols and keys need the parts of the device they change. */
static int check_device(struct planner *p)
{
	const struct rc_device *device = p->input->device;
	struct keytable_plan *plan = p->plan;

	if (!device)
		return 0;
	if (plan->change_kernel_protocols && !device->has_protocols) {
		ir_error_set(p->err, _("%s has no protocols file: its protocols cannot be "
				       "changed"), device->sysname);
		return -EINVAL;
	}
	if (plan->key_count && !device->input_count) {
		ir_error_set(p->err, _("%s has no input device: it cannot map scancodes to "
				       "keys"), device->sysname);
		return -EINVAL;
	}
	return 0;
}

int keytable_plan_make(const struct plan_input *input, struct keytable_plan **ret_plan,
		       struct ir_error *err)
{
	struct planner p = { .input = input, .err = err };
	int ret;

	p.plan = calloc(1, sizeof(*p.plan));
	p.option_used = calloc(input->request ? input->request->protocol_count + 1 : 1,
			       sizeof(*p.option_used));
	if (!p.plan || !p.option_used) {
		free(p.plan);
		free(p.option_used);
		return -ENOMEM;
	}
	ret = plan_protocols(&p);
	if (ret < 0)
		goto out;
	p.plan->change_decoders = p.named_protocols;
	p.plan->change_kernel_protocols = p.named_kernel_protocols && input->device;
	ret = plan_decoders(&p);
	if (ret < 0)
		goto out;
	ret = plan_keys(&p);
	if (ret < 0)
		goto out;
	ret = plan_pattern_keys(p.plan);
	if (ret < 0)
		goto out;
	ret = plan_pointer_take(&p);
	if (ret == 0)
		ret = sort_lookup(p.plan);
	if (ret < 0)
		goto out;
	ret = check_device(&p);
out:
	free(p.option_used);
	if (ret == -ENOMEM)
		ir_error_set(err, "%s", strerror(ENOMEM));
	if (ret < 0) {
		keytable_plan_free(p.plan);
		return ret;
	}
	*ret_plan = p.plan;
	return 0;
}

void keytable_plan_free(struct keytable_plan *plan)
{
	size_t i;

	if (!plan)
		return;
	for (i = 0; i < plan->kernel_protocol_count; i++)
		free(plan->kernel_protocols[i]);
	free(plan->kernel_protocols);
	for (i = 0; i < plan->decoder_count; i++)
		plan_decoder_clear(&plan->decoders[i]);
	free(plan->decoders);
	free(plan->keys);
	free(plan->lookup);
	free(plan->pointer.keys);
	for (i = 0; i < plan->note_count; i++)
		free(plan->notes[i]);
	free(plan->notes);
	for (i = 0; i < plan->skipped_count; i++)
		free(plan->skipped[i]);
	free(plan->skipped);
	free(plan);
}

uint32_t keytable_plan_lookup(const struct keytable_plan *plan, uint64_t scancode)
{
	const struct plan_key key = { .scancode = scancode };
	const struct plan_key *found;

	if (!plan->lookup || !plan->key_count)
		return 0;
	found = bsearch(&key, plan->lookup, plan->key_count, sizeof(key), compare_keys);
	return found ? found->keycode : 0;
}

int plan_decoder_fill_maps(const struct plan_decoder *d, plan_map_update_fn update,
			   void *target, struct ir_error *err)
{
	int ret = d->family->fill_maps ? d->family->fill_maps(d, update, target, err) : 0;

	return ret < 0 ? ret : plan_pointer_fill(d, update, target, err);
}

void plan_decoder_describe(const struct plan_decoder *d, FILE *out)
{
	if (d->family->describe)
		d->family->describe(d, out);
	plan_pointer_describe(d, out);
}
