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
#include "irp.h"
#include "irp_compile.h"
#include "irp_database.h"
#include "keycodes.h"
#include "lirc.h"
#include "lircd_placement.h"
#include "nls.h"
#include "plan.h"
#include "sysroot.h"

/* What a protocol name turned out to mean. */
enum protocol_kind {
	PROTOCOL_KERNEL,	/* a protocol of the device's protocols file */
	PROTOCOL_DECODER,	/* a BPF decoder, added to the plan */
	PROTOCOL_HARDWARE,	/* "unknown", "other": nothing to enable */
	PROTOCOL_SKIPPED,	/* a keymap's protocol nothing can decode: noted */
	PROTOCOL_KIND_MAX,
};

/* Where a protocol was named, for messages: a keymap (and its line) or -p. */
struct origin {
	const char *file;	/* NULL: the command line */
	unsigned int line, column;
};

struct planner {
	const struct plan_input *input;
	struct keytable_plan *plan;
	struct ir_error *err;
	/* -p objects a keymap's protocol named (by file name): not loaded a second time. */
	bool *option_used;
	bool named_protocols;		/* some keymap or -p named a protocol */
	bool named_kernel_protocols;	/* ... one of them a kernel one, none or all */
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

__attribute__((format(printf, 2, 3)))
static int add_note(struct keytable_plan *plan, const char *fmt, ...)
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

/* "remote.toml:12:5: " or "" for the command line, to put in front of a message. */
static void origin_prefix(const struct origin *origin, char *buf, size_t size)
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
 * A name or an IRP string quoted in a message, cut after QUOTED_MAX bytes (at a
 * character's start) with "...": an IRP string may be as long as a message, and what
 * comes after it (the reason, its irp:COLUMN) must not be cut off instead.
 */
#define QUOTED_MAX 160

static const char *quoted(const char *text, char *buf, size_t size)
{
	size_t len = QUOTED_MAX;

	if (strlen(text) <= QUOTED_MAX || size < QUOTED_MAX + 4)
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

static int check_lirc(struct planner *p, const char *name, const struct origin *origin)
{
	char where[IR_ERROR_MESSAGE_MAX], short_name[QUOTED_MAX + 4];

	if (!p->input->device || p->input->device->lirc_sysname)
		return 0;
	origin_prefix(origin, where, sizeof(where));
	ir_error_set(p->err, _("%s%s cannot decode protocol '%s': its kernel does not offer it, "
			       "and it has no LIRC device to attach a BPF decoder to"),
		     where, device_name(p), quoted(name, short_name, sizeof(short_name)));
	return -EINVAL;
}

static int new_decoder(struct planner *p, const char *name, bool embedded,
		       struct bpf_object *object, struct plan_decoder **ret_decoder)
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
	decoder->raw_map = -1;
	decoder->lircd_remotes_map = -1;
	decoder->lircd_index_map = -1;
	decoder->lircd_raw_patterns_map = -1;
	decoder->lircd_raw_index_map = -1;
	decoder->biphase_remotes_map = -1;
	decoder->biphase_index_map = -1;
	decoder->object = object;
	decoder->embedded = embedded;
	decoder->name = strdup(name);
	plan->decoder_count++;
	if (!decoder->name)
		return -ENOMEM;
	*ret_decoder = decoder;
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
	return new_decoder(p, embedded->name, true, object, ret_decoder);
}

static int add_file_decoder(struct planner *p, const char *path,
			    struct plan_decoder **ret_decoder)
{
	struct bpf_object *object;
	int ret;

	ret = bpf_object_open_file(path, &object, p->err);
	if (ret < 0)
		return ret;
	return new_decoder(p, path, false, object, ret_decoder);
}

/* The protocol of -p irp:NAME and -p 'irp:{...}', and of keymaps' protocol = "irp". */
#define IRP_PROTOCOL "irp"
#define IRP_OPTION_PREFIX "irp:"

/* An IRP string, rather than a database name: its general spec comes first. */
static bool is_irp_string(const char *text)
{
	while (*text == ' ' || *text == '\t' || *text == '\n' || *text == '\r')
		text++;
	return *text == '{';
}

/*
 * Compile an IRP string or a database name (text) into *ret_image, and the decoder's
 * name into *ret_name ("irp:NEC1", or "irp:" and the string). where starts the messages
 * ("FILE:LINE:COLUMN: " of a keymap's irp, or -p's argument); the compiler's own say
 * "irp:COLUMN: ...", the column within the IRP string.
 */
static int compile_irp(const char *text, const char *where, struct bpf_image **ret_image,
		       char **ret_name, struct ir_error *err)
{
	const struct irp_database_entry *entry = NULL;
	struct irp_compile_options options;
	struct irp_protocol *protocol = NULL;
	struct bpf_image *image = NULL;
	struct ir_error irp_err = { "" };
	char short_text[QUOTED_MAX + 4];
	const char *irp = text;
	int ret;

	if (!is_irp_string(text)) {
		entry = irp_database_find(text);
		if (!entry) {
			ir_error_set(err, _("%sunknown IRP protocol '%s': neither a name of the "
					    "IRP database nor an IRP string ('{...}')"),
				     where, quoted(text, short_text, sizeof(short_text)));
			return -EINVAL;
		}
		if (!irp_database_decodable(entry)) {
			ir_error_set(err, _("%sIRP protocol '%s' cannot be decoded: its IRP "
					    "database entry marks it as not decodable"),
				     where, entry->name);
			return -EINVAL;
		}
		irp = entry->irp;
	}
	ret = irp_parse(irp, strlen(irp), &protocol, &irp_err);
	if (ret < 0)
		goto fail;
	irp_compile_options_init(&options, entry ? entry->parameters : NULL);
	options.name = entry ? entry->name : NULL;
	ret = irp_compile(protocol, &options, &image, &irp_err);
	if (ret < 0)
		goto fail;
	/* Requests for one database protocol, spelt in any case, load it once. */
	if (asprintf(ret_name, IRP_OPTION_PREFIX "%s", entry ? entry->name : text) < 0) {
		*ret_name = NULL;
		ret = -ENOMEM;
		goto out;
	}
	/* An IRP string may span lines: the name is printed on one (-v). */
	ir_error_filter_controls(*ret_name);
	*ret_image = image;
	image = NULL;
	goto out;
fail:
	if (ret == -ENOMEM)
		goto out;
	if (entry)
		ir_error_set(err, _("%sIRP protocol '%s': %s"), where, entry->name,
			     irp_err.message);
	else
		ir_error_set(err, "%s%s", where, irp_err.message);
	ret = -EINVAL;
out:
	bpf_image_free(image);
	irp_protocol_free(protocol);
	return ret;
}

int plan_irp_check(const char *text, const char *where, struct ir_error *err)
{
	struct bpf_image *image = NULL;
	char *name = NULL;
	int ret;

	ret = compile_irp(text, where, &image, &name, err);
	if (ret == -ENOMEM)
		ir_error_set(err, "%s", strerror(ENOMEM));
	bpf_image_free(image);
	free(name);
	return ret;
}

/* An IRP decoder, compiled now: a protocol that cannot be decoded is an error before
 * any device is touched. */
static int add_irp_decoder(struct planner *p, const char *text, const char *where,
			   struct plan_decoder **ret_decoder)
{
	struct bpf_image *image = NULL;
	char *name = NULL;
	int ret;

	ret = compile_irp(text, where, &image, &name, p->err);
	if (ret < 0)
		return ret;
	ret = new_decoder(p, name, false, NULL, ret_decoder);
	free(name);
	if (ret < 0) {
		bpf_image_free(image);
		return ret;
	}
	(*ret_decoder)->image = image;
	return 0;
}

/* Set (or replace) one parameter value of a decoder; the name is copied. */
static int set_param(struct plan_decoder *decoder, const char *name, int64_t value)
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

static bool has_param(const struct plan_decoder *decoder, const char *name)
{
	size_t i;

	for (i = 0; i < decoder->param_count; i++)
		if (!strcmp(decoder->params[i].name, name))
			return true;
	return false;
}

/* The parameters of a keymap's protocol entry; unknown ones are noted, not fatal. */
static int apply_keymap_params(struct planner *p, struct plan_decoder *decoder,
			       const struct keymap_protocol *protocol,
			       const struct origin *origin)
{
	char where[IR_ERROR_MESSAGE_MAX], short_name[QUOTED_MAX + 4];
	size_t i;
	int ret;

	for (i = 0; i < protocol->param_count; i++) {
		const struct keymap_param *param = &protocol->params[i];

		if (!decoder->object || bpf_object_param_find(decoder->object, param->name) < 0) {
			origin_prefix(origin, where, sizeof(where));
			ret = add_note(p->plan, _("%sdecoder '%s' has no parameter '%s': ignored"),
				       where, quoted(decoder->name, short_name,
						     sizeof(short_name)),
				       param->name);
		} else {
			ret = set_param(decoder, param->name, param->value);
		}
		if (ret < 0)
			return ret;
	}
	return 0;
}

/* A keymap's raw entries, checked against what the raw decoder's map can hold. */
static int take_raw_patterns(struct planner *p, struct plan_decoder *decoder,
			     const struct keymap_protocol *protocol, const char *file)
{
	size_t i, j;

	if (protocol->raw_count > RAW_MAX_PATTERNS) {
		ir_error_set_at(p->err, file, protocol->line, 0,
				_("%zu raw patterns: the raw decoder holds at most %d"),
				protocol->raw_count, RAW_MAX_PATTERNS);
		return -EINVAL;
	}
	decoder->raw_patterns = calloc(protocol->raw_count, sizeof(*decoder->raw_patterns));
	if (!decoder->raw_patterns)
		return -ENOMEM;
	decoder->raw_pattern_count = protocol->raw_count;
	for (i = 0; i < protocol->raw_count; i++) {
		const struct keymap_raw *raw = &protocol->raws[i];
		struct raw_pattern *pattern = &decoder->raw_patterns[i];

		if (raw->duration_count > RAW_MAX_DURATIONS) {
			ir_error_set_at(p->err, file, raw->line, 0,
					_("raw pattern of %zu pulses and spaces: the raw decoder "
					  "takes at most %d"), raw->duration_count,
					RAW_MAX_DURATIONS);
			return -EINVAL;
		}
		for (j = 0; j < raw->duration_count; j++) {
			if (!raw->durations[j] || raw->durations[j] > UINT16_MAX) {
				ir_error_set_at(p->err, file, raw->line, 0,
						_("raw pattern: %u microseconds is out of the raw "
						  "decoder's range (1 to %u)"), raw->durations[j],
						(unsigned int)UINT16_MAX);
				return -EINVAL;
			}
			pattern->durations[j] = (unsigned short)raw->durations[j];
		}
		/* The scancode is given once every other mapping is known. */
		pattern->scancode = raw->keycode;
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
static int undecodable(struct planner *p, const struct origin *origin,
		       enum protocol_kind *ret_kind)
{
	if (!origin->file)
		return -EINVAL;
	*ret_kind = PROTOCOL_SKIPPED;
	return add_note(p->plan, _("%s: skipped"), p->err->message);
}

/* A keymap's decoder remembers the first entry that asked for it, for later notes. */
static int note_wanted_by(const struct origin *origin, struct plan_decoder *decoder)
{
	if (!origin->file || decoder->wanted_by)
		return 0;
	/* As origin_prefix() writes it: no column where the entry has none (lircd.conf). */
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
static int resolve_name(struct planner *p, const char *name, const struct origin *origin,
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
		ret = check_lirc(p, name, origin);
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
		ret = check_lirc(p, name, origin);
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
		ret = check_lirc(p, name, origin);
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
		ret = check_lirc(p, name, origin);
		if (ret < 0)
			ret = undecodable(p, origin, ret_kind);
		else
			ret = path ? add_file_decoder(p, path, ret_decoder)
				   : add_embedded_decoder(p, embedded, ret_decoder);
		free(path);
		return ret;
	}
	origin_prefix(origin, where, sizeof(where));
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

static int resolve_protocol(struct planner *p, const char *name, const struct origin *origin,
			    enum protocol_kind *ret_kind, struct plan_decoder **ret_decoder)
{
	int ret = resolve_name(p, name, origin, ret_kind, ret_decoder);

	/* A -p object that a keymap names is still asked for by -p. */
	if (ret < 0 || !*ret_decoder || (origin->file && option_object(p, name) >= 0))
		return ret;
	return note_wanted_by(origin, *ret_decoder);
}

static void plan_decoder_clear(struct plan_decoder *decoder);

/*
 * A keymap's or -p's IRP protocol: compiled first, so that a bad IRP is reported even
 * where the device could not take it; then, as for every BPF decoder, a device with no
 * LIRC device cannot take it. Either is an error for -p and, as an unknown protocol
 * is, a skipped entry with a note for a keymap: at boot the rest of the keymap loads.
 */
static int plan_irp_protocol(struct planner *p, const char *text, const char *where,
			     const struct origin *origin, enum protocol_kind *ret_kind,
			     struct plan_decoder **ret_decoder)
{
	struct keytable_plan *plan = p->plan;
	int ret;

	p->named_protocols = true;
	*ret_kind = PROTOCOL_DECODER;
	ret = add_irp_decoder(p, text, where, ret_decoder);
	/* As an unknown protocol: a keymap's entry is skipped, -p's is an error. */
	if (ret == -EINVAL)
		return undecodable(p, origin, ret_kind);
	if (ret < 0)
		return ret;
	ret = check_lirc(p, (*ret_decoder)->name, origin);
	if (ret < 0) {
		plan_decoder_clear(&plan->decoders[--plan->decoder_count]);
		*ret_decoder = NULL;
		return undecodable(p, origin, ret_kind);
	}
	return note_wanted_by(origin, *ret_decoder);
}

static int plan_keymap_irp(struct planner *p, const struct keymap *keymap,
			   const struct keymap_protocol *protocol)
{
	struct origin name_origin = { keymap->filename, protocol->protocol_line,
				      protocol->protocol_column };
	struct origin origin = { keymap->filename, protocol->line, 0 };
	char where[IR_ERROR_MESSAGE_MAX];
	struct plan_decoder *decoder;
	enum protocol_kind kind;
	int ret;

	/* The readers refuse protocol "irp" without its string; a keymap made in memory may not. */
	if (!protocol->irp) {
		ir_error_set_at(p->err, keymap->filename, protocol->protocol_line,
				protocol->protocol_column,
				_("protocol 'irp' needs an 'irp' key: an IRP string or the name "
				  "of a protocol of the IRP database"));
		return undecodable(p, &name_origin, &kind);
	}
	snprintf(where, sizeof(where), "%s:%u:%u: ", keymap->filename, protocol->irp_line,
		 protocol->irp_column);
	ret = plan_irp_protocol(p, protocol->irp, where, &name_origin, &kind, &decoder);
	if (ret < 0 || kind == PROTOCOL_SKIPPED)
		return ret;
	if (protocol->raw_count) {
		ir_error_set_at(p->err, keymap->filename, protocol->line, 0,
				_("raw patterns need the raw decoder, not protocol '%s'"),
				protocol->protocol);
		return -EINVAL;
	}
	return apply_keymap_params(p, decoder, protocol, &origin);
}

/* The embedded table-driven decoder of lircd.conf's space-coded remotes. */
static bool is_lircd_space(const struct plan_decoder *decoder)
{
	return decoder->embedded && !strcmp(decoder->name, "lircd_space");
}

/*
 * A keymap entry of protocol lircd_space is one remote of the decoder: its parameters
 * describe the remote (lircd_space_table.h); those the decoder itself declares
 * (rc_protocol) are the decoder's.
 */
static int take_lircd_remote(struct planner *p, struct plan_decoder *decoder,
			     const struct keymap_protocol *protocol, const struct origin *origin)
{
	struct lircd_space_remote remote = { 0 }, *remotes;
	char where[IR_ERROR_MESSAGE_MAX];
	size_t i;
	int ret;

	for (i = 0; i < protocol->param_count; i++) {
		const struct keymap_param *param = &protocol->params[i];

		ret = lircd_space_remote_set(&remote, param->name, param->value, p->err);
		if (ret == -ENOENT && bpf_object_param_find(decoder->object, param->name) >= 0) {
			ret = set_param(decoder, param->name, param->value);
		} else if (ret == -ENOENT) {
			origin_prefix(origin, where, sizeof(where));
			ret = add_note(p->plan, _("%sdecoder '%s' has no parameter '%s': ignored"),
				       where, decoder->name, param->name);
		} else if (ret == -ERANGE) {
			ir_error_prefix(p->err, "%s:%u", origin->file, origin->line);
			return -EINVAL;
		}
		if (ret < 0)
			return ret;
	}
	ret = lircd_space_remote_check(&remote, p->err);
	if (ret < 0) {
		ir_error_prefix(p->err, "%s:%u", origin->file, origin->line);
		return ret;
	}
	remotes = realloc(decoder->lircd_remotes,
			  (decoder->lircd_remote_count + 1) * sizeof(*remotes));
	if (!remotes)
		return -ENOMEM;
	remotes[decoder->lircd_remote_count++] = remote;
	decoder->lircd_remotes = remotes;
	return 0;
}

/* The embedded table-driven decoder of lircd.conf's bi-phase remotes. */
static bool is_lircd_biphase(const struct plan_decoder *decoder)
{
	return decoder->embedded && !strcmp(decoder->name, "lircd_biphase");
}

/* A keymap entry of protocol lircd_biphase: one remote (lircd_biphase_index.h). */
static int take_biphase_remote(struct planner *p, struct plan_decoder *decoder,
			       const struct keymap_protocol *protocol,
			       const struct origin *origin)
{
	struct lircd_biphase_remote remote = { 0 }, *remotes;
	size_t i;
	int ret;

	for (i = 0; i < protocol->param_count; i++) {
		const struct keymap_param *param = &protocol->params[i];

		ret = lircd_biphase_remote_set(&remote, param->name, param->value, p->err);
		if (ret == -ENOENT)
			ret = set_param(decoder, param->name, param->value);
		if (ret == -ERANGE)
			ir_error_prefix(p->err, "%s:%u", origin->file, origin->line);
		if (ret < 0)
			return ret == -ERANGE ? -EINVAL : ret;
	}
	ret = lircd_biphase_remote_check(&remote, p->err);
	if (ret < 0) {
		ir_error_prefix(p->err, "%s:%u", origin->file, origin->line);
		return ret;
	}
	remotes = realloc(decoder->biphase_remotes,
			  (decoder->biphase_remote_count + 1) * sizeof(*remotes));
	if (!remotes)
		return -ENOMEM;
	remotes[decoder->biphase_remote_count++] = remote;
	decoder->biphase_remotes = remotes;
	return 0;
}

static bool is_lircd_raw(const struct plan_decoder *decoder)
{
	return decoder->embedded && !strcmp(decoder->name, "lircd_raw");
}

/*
 * A keymap entry of protocol lircd_raw is one remote of the decoder: its raw entries
 * the patterns, its margin and trail_space theirs; the parameters the decoder itself
 * declares are the decoder's.
 */
static int take_lircd_raw_remote(struct planner *p, struct plan_decoder *decoder,
				 const struct keymap_protocol *protocol,
				 const struct origin *origin)
{
	struct lircd_raw_pattern *patterns = NULL;
	int64_t margin = 0, trail_space = 0;
	char where[IR_ERROR_MESSAGE_MAX];
	size_t i, j;
	int ret = 0;

	for (i = 0; ret == 0 && i < protocol->param_count; i++) {
		const struct keymap_param *param = &protocol->params[i];

		if (!strcmp(param->name, "margin")) {
			margin = param->value;
		} else if (!strcmp(param->name, "trail_space")) {
			trail_space = param->value;
		} else if (bpf_object_param_find(decoder->object, param->name) >= 0) {
			ret = set_param(decoder, param->name, param->value);
		} else {
			origin_prefix(origin, where, sizeof(where));
			ret = add_note(p->plan, _("%sdecoder '%s' has no parameter '%s': ignored"),
				       where, decoder->name, param->name);
		}
	}
	if (ret < 0)
		return ret;
	patterns = calloc(protocol->raw_count ? protocol->raw_count : 1, sizeof(*patterns));
	if (!patterns)
		return -ENOMEM;
	for (i = 0; i < protocol->raw_count; i++) {
		const struct keymap_raw *raw = &protocol->raws[i];

		if (raw->duration_count > LIRCD_RAW_DURATIONS_MAX) {
			ir_error_set_at(p->err, origin->file, raw->line, 0,
					_("raw pattern of %zu pulses and spaces: the %s decoder "
					  "takes at most %d"), raw->duration_count, decoder->name,
					LIRCD_RAW_DURATIONS_MAX);
			ret = -EINVAL;
			goto out;
		}
		for (j = 0; j < raw->duration_count; j++) {
			if (!raw->durations[j] || raw->durations[j] > UINT16_MAX) {
				ir_error_set_at(p->err, origin->file, raw->line, 0,
						_("raw pattern: %u microseconds is out of the %s "
						  "decoder's range (1 to %u)"), raw->durations[j],
						decoder->name, (unsigned int)UINT16_MAX);
				ret = -EINVAL;
				goto out;
			}
			patterns[i].durations[j] = (unsigned short)raw->durations[j];
		}
		patterns[i].margin = margin < 0 || margin > UINT32_MAX ? 0 : (unsigned int)margin;
		patterns[i].end_space = trail_space < 0 || trail_space > UINT32_MAX
						? 0 : (unsigned int)trail_space;
		/* The scancode is given once every other mapping is known. */
		patterns[i].scancode = raw->keycode;
		ret = lircd_raw_pattern_check(&patterns[i], p->err);
		if (ret < 0) {
			ir_error_prefix(p->err, "%s:%u", origin->file, raw->line);
			goto out;
		}
	}
	if (!protocol->raw_count) {
		ir_error_set_at(p->err, origin->file, origin->line, 0,
				_("protocol 'lircd_raw' without raw entries"));
		ret = -EINVAL;
		goto out;
	}
	ret = lircd_raw_table_append(&decoder->lircd_raw, patterns, protocol->raw_count);
out:
	free(patterns);
	return ret;
}

static int plan_keymap_protocol(struct planner *p, const struct keymap *keymap,
				const struct keymap_protocol *protocol)
{
	struct origin origin = { keymap->filename, protocol->line, 0 };
	struct origin name_origin = { keymap->filename, protocol->protocol_line,
				      protocol->protocol_column };
	struct plan_decoder *decoder;
	enum protocol_kind kind;
	int ret;

	if (!strcasecmp(protocol->protocol, IRP_PROTOCOL))
		return plan_keymap_irp(p, keymap, protocol);
	/*
	 * A lircd_raw entry of no pattern (a lircd.conf remote of no button, as LIRC's
	 * generic RC-MM and XMP descriptions) has nothing to match: no program for it.
	 */
	if (!strcasecmp(protocol->protocol, "lircd_raw") && !protocol->raw_count) {
		p->named_protocols = true;
		return add_note(p->plan, _("%s:%u: protocol 'lircd_raw' without raw entries: nothing to decode"),
				keymap->filename, protocol->line);
	}
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
			return add_note(p->plan, _("%s: protocol 'none': nothing decodes it"),
					keymap->filename);
		return 0;
	}
	p->named_protocols = true;
	ret = resolve_protocol(p, protocol->protocol, &name_origin, &kind, &decoder);
	if (ret < 0 || kind == PROTOCOL_SKIPPED)
		return ret;
	if (kind == PROTOCOL_HARDWARE && !p->input->device)
		return add_note(p->plan, _("%s: protocol '%s' is decoded by hardware: nothing "
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
	if (is_lircd_space(decoder) && !protocol->raw_count)
		return take_lircd_remote(p, decoder, protocol, &origin);
	if (is_lircd_raw(decoder))
		return take_lircd_raw_remote(p, decoder, protocol, &origin);
	if (is_lircd_biphase(decoder) && !protocol->raw_count)
		return take_biphase_remote(p, decoder, protocol, &origin);
	ret = apply_keymap_params(p, decoder, protocol, &origin);
	if (ret < 0 || !protocol->raw_count)
		return ret;
	return take_raw_patterns(p, decoder, protocol, keymap->filename);
}

static int plan_option_protocol(struct planner *p, const char *name)
{
	struct origin origin = { NULL, 0, 0 };
	const struct rc_device *device = p->input->device;
	struct plan_decoder *decoder;
	enum protocol_kind kind;
	size_t i;
	int ret;

	p->named_protocols = true;
	if (!strcasecmp(name, "none") || !strcasecmp(name, "lirc")) {
		p->named_kernel_protocols = true;
		return 0;
	}
	if (!strcasecmp(name, IRP_PROTOCOL)) {
		if (device) {
			ir_error_set(p->err, _("-p irp tries every protocol of the IRP database "
					       "and is for --decode only: name one protocol "
					       "with -p irp:NAME"));
			return -EINVAL;
		}
		p->plan->irp_all = true;
		return 0;
	}
	if (!strncasecmp(name, IRP_OPTION_PREFIX, strlen(IRP_OPTION_PREFIX))) {
		char where[IR_ERROR_MESSAGE_MAX], short_name[QUOTED_MAX + 4];

		snprintf(where, sizeof(where), "-p %s: ",
			 quoted(name, short_name, sizeof(short_name)));
		return plan_irp_protocol(p, name + strlen(IRP_OPTION_PREFIX), where, &origin,
					 &kind, &decoder);
	}
	if (strcasecmp(name, "all"))
		return resolve_protocol(p, name, &origin, &kind, &decoder);
	p->named_kernel_protocols = true;
	if (!device) {
		for (i = 0; i < decoder_count(); i++) {
			/* These decode only what a keymap puts in their maps. */
			if (!strcmp(decoder_at(i)->name, "raw") ||
			    !strcmp(decoder_at(i)->name, "lircd_space") ||
			    !strcmp(decoder_at(i)->name, "lircd_biphase") ||
			    !strcmp(decoder_at(i)->name, "lircd_raw"))
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
		ret = set_param(decoder, param->name, param->value);
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
static int64_t param_value(const struct plan_decoder *decoder, const char *name)
{
	int index;
	size_t i;

	for (i = 0; i < decoder->param_count; i++)
		if (!strcmp(decoder->params[i].name, name))
			return decoder->params[i].value;
	index = decoder->object ? bpf_object_param_find(decoder->object, name) : -1;
	return index < 0 ? 0 : bpf_object_param_default(decoder->object, (size_t)index);
}

/* trail_space must exceed every space inside the patterns, by the margin and more. */
static int set_raw_trail_space(struct plan_decoder *decoder)
{
	unsigned int longest = 0;
	size_t i, j;

	if (!decoder->raw_pattern_count || has_param(decoder, "trail_space") ||
	    !decoder->object || bpf_object_param_find(decoder->object, "trail_space") < 0)
		return 0;
	for (i = 0; i < decoder->raw_pattern_count; i++)
		for (j = 1; decoder->raw_patterns[i].durations[j]; j += 2)
			if (decoder->raw_patterns[i].durations[j] > longest)
				longest = decoder->raw_patterns[i].durations[j];
	return set_param(decoder, "trail_space",
			 (int64_t)longest + 2 * param_value(decoder, "margin"));
}

/*
 * The raw decoder looks at the patterns it is given, not at every entry its map could
 * hold: the kernel's verifier walks its loops once per entry it may look at.
 */
static int set_raw_pattern_count(struct plan_decoder *decoder)
{
	if (!decoder->raw_pattern_count || has_param(decoder, "patterns") ||
	    !decoder->object || bpf_object_param_find(decoder->object, "patterns") < 0)
		return 0;
	return set_param(decoder, "patterns", (int64_t)decoder->raw_pattern_count);
}

static const struct bpf_map_layout raw_layout = RAW_MAP_LAYOUT;
static const struct bpf_map_layout lircd_remotes_layout = LIRCD_SPACE_REMOTES_MAP_LAYOUT;
static const struct bpf_map_layout lircd_index_layout = LIRCD_SPACE_INDEX_MAP_LAYOUT;
static const struct bpf_map_layout biphase_remotes_layout = LIRCD_BIPHASE_REMOTES_MAP_LAYOUT;
static const struct bpf_map_layout biphase_index_layout = LIRCD_BIPHASE_INDEX_MAP_LAYOUT;

/* The index of a host map by its layout, -1 when the image has none of that name. */
static int find_host_map(struct planner *p, const struct plan_decoder *decoder,
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

/* The lircd_space maps: both there, and remotes to fill them with, or neither. */
static int find_lircd_maps(struct planner *p, struct plan_decoder *decoder)
{
	int ret;

	ret = find_host_map(p, decoder, &lircd_remotes_layout, &decoder->lircd_remotes_map);
	if (ret == 0)
		ret = find_host_map(p, decoder, &lircd_index_layout, &decoder->lircd_index_map);
	if (ret < 0)
		return ret;
	if ((decoder->lircd_remotes_map >= 0 || decoder->lircd_index_map >= 0) &&
	    !decoder->lircd_remote_count) {
		ir_error_set(p->err, _("decoder '%s' decodes the lircd.conf remotes of a "
				       "keymap, and none was given"), decoder->name);
		return -EINVAL;
	}
	if (decoder->lircd_remote_count &&
	    (decoder->lircd_remotes_map < 0 || decoder->lircd_index_map < 0)) {
		ir_error_set(p->err, _("decoder '%s' has no maps '%s' and '%s' for lircd.conf "
				       "remotes"), decoder->name, LIRCD_SPACE_REMOTES_MAP,
			     LIRCD_SPACE_INDEX_MAP);
		return -EINVAL;
	}
	return 0;
}

/* The lircd_biphase maps: both there, and remotes to fill them with, or neither. */
static int find_biphase_maps(struct planner *p, struct plan_decoder *decoder)
{
	int ret;

	ret = find_host_map(p, decoder, &biphase_remotes_layout, &decoder->biphase_remotes_map);
	if (ret == 0)
		ret = find_host_map(p, decoder, &biphase_index_layout, &decoder->biphase_index_map);
	if (ret < 0)
		return ret;
	if ((decoder->biphase_remotes_map >= 0 || decoder->biphase_index_map >= 0) &&
	    !decoder->biphase_remote_count) {
		ir_error_set(p->err, _("decoder '%s' decodes the lircd.conf remotes of a "
				       "keymap, and none was given"), decoder->name);
		return -EINVAL;
	}
	if (decoder->biphase_remote_count &&
	    (decoder->biphase_remotes_map < 0 || decoder->biphase_index_map < 0)) {
		ir_error_set(p->err, _("decoder '%s' has no maps '%s' and '%s' for lircd.conf "
				       "remotes"), decoder->name, LIRCD_BIPHASE_REMOTES_MAP,
			     LIRCD_BIPHASE_INDEX_MAP);
		return -EINVAL;
	}
	return 0;
}

static const struct bpf_map_layout lircd_raw_patterns_layout = LIRCD_RAW_PATTERNS_MAP_LAYOUT;
static const struct bpf_map_layout lircd_raw_index_layout = LIRCD_RAW_INDEX_MAP_LAYOUT;

/* The lircd_raw maps: both there, and remotes to fill them with, or neither. */
static int find_lircd_raw_maps(struct planner *p, struct plan_decoder *decoder)
{
	int ret;

	ret = find_host_map(p, decoder, &lircd_raw_patterns_layout,
			    &decoder->lircd_raw_patterns_map);
	if (ret == 0)
		ret = find_host_map(p, decoder, &lircd_raw_index_layout,
				    &decoder->lircd_raw_index_map);
	if (ret < 0)
		return ret;
	if ((decoder->lircd_raw_patterns_map >= 0 || decoder->lircd_raw_index_map >= 0) &&
	    !decoder->lircd_raw.remote_count) {
		ir_error_set(p->err, _("decoder '%s' decodes the lircd.conf remotes of a "
				       "keymap, and none was given"), decoder->name);
		return -EINVAL;
	}
	if (decoder->lircd_raw.remote_count &&
	    (decoder->lircd_raw_patterns_map < 0 || decoder->lircd_raw_index_map < 0)) {
		ir_error_set(p->err, _("decoder '%s' has no maps '%s' and '%s' for lircd.conf "
				       "remotes"), decoder->name, LIRCD_RAW_PATTERNS_MAP,
			     LIRCD_RAW_INDEX_MAP);
		return -EINVAL;
	}
	return 0;
}

static int relocate(struct planner *p, struct plan_decoder *decoder)
{
	int ret;

	/* An IRP decoder was compiled with its values: nothing to relocate. */
	if (!decoder->object)
		return 0;
	ret = bpf_object_relocate(decoder->object, NULL, decoder->params, decoder->param_count,
				  &decoder->image, p->err);
	if (ret < 0)
		return ret;
	ret = bpf_image_host_map(decoder->image, &raw_layout, p->err);
	if (ret == -EINVAL)
		ir_error_prefix(p->err, _("decoder '%s'"), decoder->name);
	if (ret < 0 && ret != -ENOENT)
		return ret;
	decoder->raw_map = ret < 0 ? -1 : ret;
	ret = find_lircd_maps(p, decoder);
	if (ret < 0)
		return ret;
	ret = find_lircd_raw_maps(p, decoder);
	if (ret == 0)
		ret = find_biphase_maps(p, decoder);
	if (ret < 0)
		return ret;
	if (decoder->raw_map >= 0 && !decoder->raw_pattern_count) {
		ir_error_set(p->err, _("decoder '%s' matches the raw patterns of a keymap, and "
				       "none was given"), decoder->name);
		return -EINVAL;
	}
	if (decoder->raw_pattern_count && decoder->raw_map < 0) {
		ir_error_set(p->err, _("decoder '%s' has no map '%s' for raw patterns"),
			     decoder->name, RAW_MAP_NAME);
		return -EINVAL;
	}
	return 0;
}

/* Two images that are the same program: instructions, maps and their contents. */
static bool same_image(const struct bpf_image *a, const struct bpf_image *b)
{
	size_t i;

	if (strcmp(a->name, b->name) || strcmp(a->license, b->license) ||
	    a->insn_count != b->insn_count || a->map_count != b->map_count ||
	    memcmp(a->insns, b->insns, a->insn_count * sizeof(*a->insns)))
		return false;
	for (i = 0; i < a->map_count; i++) {
		const struct bpf_map_spec *x = &a->maps[i], *y = &b->maps[i];

		if (strcmp(x->name, y->name) || x->type != y->type || x->key_size != y->key_size ||
		    x->value_size != y->value_size || x->max_entries != y->max_entries ||
		    x->flags != y->flags || x->read_only != y->read_only ||
		    !x->initial_value != !y->initial_value ||
		    (x->initial_value && memcmp(x->initial_value, y->initial_value, x->value_size)))
			return false;
	}
	return true;
}

/*
 * An IRP decoder is its compiled program (it takes no parameters): two IRP strings
 * that differ in comments, spaces or spelling but compile alike are one program.
 */
static bool is_compiled(const struct plan_decoder *d)
{
	return !d->embedded && !d->object && d->image;
}

static bool same_decoder(const struct plan_decoder *a, const struct plan_decoder *b)
{
	size_t i;

	if (is_compiled(a) && is_compiled(b))
		return same_image(a->image, b->image);
	if (a->embedded != b->embedded || !a->object != !b->object || strcmp(a->name, b->name) ||
	    a->raw_pattern_count != b->raw_pattern_count ||
	    a->lircd_remote_count != b->lircd_remote_count ||
	    a->biphase_remote_count != b->biphase_remote_count ||
	    a->lircd_raw.pattern_count || b->lircd_raw.pattern_count)
		return false;
	if (a->biphase_remote_count &&
	    memcmp(a->biphase_remotes, b->biphase_remotes,
		   a->biphase_remote_count * sizeof(*a->biphase_remotes)))
		return false;
	if (a->lircd_remote_count &&
	    memcmp(a->lircd_remotes, b->lircd_remotes,
		   a->lircd_remote_count * sizeof(*a->lircd_remotes)))
		return false;
	for (i = 0; a->object && i < bpf_object_param_count(a->object); i++) {
		const char *name = bpf_object_param_name(a->object, i);

		if (param_value(a, name) != param_value(b, name))
			return false;
	}
	return !a->raw_pattern_count ||
	       !memcmp(a->raw_patterns, b->raw_patterns,
		       a->raw_pattern_count * sizeof(*a->raw_patterns));
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

	if (is_compiled(d))
		return hash_bytes(hash, d->image->insns, d->image->insn_count *
				  sizeof(*d->image->insns));
	hash = hash_bytes(hash, d->name, strlen(d->name));
	hash = hash_bytes(hash, &d->raw_pattern_count, sizeof(d->raw_pattern_count));
	for (i = 0; d->object && i < bpf_object_param_count(d->object); i++) {
		value = param_value(d, bpf_object_param_name(d->object, i));
		hash = hash_bytes(hash, &value, sizeof(value));
	}
	return hash;
}

static void plan_decoder_clear(struct plan_decoder *decoder)
{
	size_t i;

	free(decoder->name);
	free(decoder->port_of);
	free(decoder->wanted_by);
	lircd_raw_table_clear(&decoder->lircd_raw);
	bpf_object_free(decoder->object);
	for (i = 0; i < decoder->param_count; i++)
		free((char *)decoder->params[i].name);
	free(decoder->params);
	free(decoder->raw_patterns);
	free(decoder->lircd_remotes);
	free(decoder->lircd_index);
	free(decoder->biphase_remotes);
	free(decoder->biphase_index);
	bpf_image_free(decoder->image);
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

/* Raw patterns report their scancode: give each a free one, and map it to its key. */
static int plan_raw_keys(struct keytable_plan *plan)
{
	size_t i, j, at = 0, used;
	uint64_t next = 0, scancode;
	int ret;

	/* The keys given: those added here take scancodes past next, none of theirs. */
	ret = sort_lookup(plan);
	used = plan->key_count;
	for (i = 0; ret == 0 && i < plan->decoder_count; i++) {
		struct plan_decoder *decoder = &plan->decoders[i];

		for (j = 0; ret == 0 && j < decoder->raw_pattern_count; j++) {
			scancode = free_scancode(plan->lookup, used, &at, &next);
			ret = append_key(plan, scancode, decoder->raw_patterns[j].scancode);
			decoder->raw_patterns[j].scancode = (unsigned int)scancode;
		}
		for (j = 0; ret == 0 && j < decoder->lircd_raw.pattern_count; j++) {
			scancode = free_scancode(plan->lookup, used, &at, &next);
			ret = append_key(plan, scancode, decoder->lircd_raw.patterns[j].scancode);
			decoder->lircd_raw.patterns[j].scancode = (unsigned int)scancode;
		}
	}
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
			ret = plan_keymap_protocol(p, input->keymaps[i],
						   &input->keymaps[i]->protocols[j]);
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

/*
 * A table-driven lircd decoder whose remotes (descriptors of remote_size bytes each)
 * go into the tables of as few programs as their first pairs allow: lircd_space and
 * lircd_biphase. spill_lircd_family() does the placing for both (lircd_placement.h);
 * the functions here are the typed parts.
 */
struct lircd_family {
	const char *name;	/* the embedded decoder's, as is_member() knows it */
	size_t remote_size;
	bool (*is_member)(const struct plan_decoder *d);
	/* A request's remotes and their count; set_remotes() frees the old ones. */
	const void *(*remotes)(const struct plan_decoder *d, size_t *count);
	void (*set_remotes)(struct plan_decoder *d, void *remotes, size_t count);
	/* Where a request's index and its count go. */
	struct lircd_space_index_entry **(*index)(struct plan_decoder *d, size_t **count);
	/* lircd_*_remote_merge(): 1 when into now decodes other too, else 0. */
	int (*merge)(void *into, const void *other);
	/* lircd_*_remote_check(). */
	int (*check)(const void *remote, struct ir_error *err);
	/* lircd_*_remote_pairs(). */
	int (*pairs)(struct lircd_first_pairs *fp, const void *remote, unsigned int number);
	/* lircd_*_index_build(). */
	int (*index_build)(const void *remotes, size_t count,
			   struct lircd_space_index_entry **entries, size_t *entry_count,
			   struct ir_error *err);
	/* What one program takes (its index's limits; programs_max is the plan's). */
	size_t remotes_max;
	size_t entries_max;
	/*
	 * How many requests become programs at most. false: every request of remotes.
	 * true (lircd_space): a request of one remote takes one class and one of several
	 * all the classes left; the requests after the last class do not count.
	 */
	bool requests_take_classes;
};

/* One program's share of a family's classes. */
struct lircd_table {
	char *remotes;
	size_t count;
};

/* Where a keymap entry of a request came from, for messages: "FILE:LINE:COLUMN: ". */
static void request_where(const struct plan_decoder *d, char *buf, size_t size)
{
	if (d->wanted_by)
		snprintf(buf, size, "%s: ", d->wanted_by);
	else
		buf[0] = '\0';
}

/*
 * Remotes that decode each other's signals into the same scancodes (LIRC's NEC-like
 * remotes: one layout, timings a little apart) become one descriptor (f->merge(),
 * into the first earlier one that takes it): the classes, in keymap order, in
 * *ret_classes (free() it), total (the remotes of every request) at most; the request
 * of each class's first remote in *ret_origins (free() it).
 */
static int merge_lircd_classes(const struct lircd_family *f, const struct keytable_plan *plan,
			       size_t total, char **ret_classes, size_t **ret_origins,
			       size_t *ret_count)
{
	size_t i, j, k, count, class_count = 0, *origins;
	const char *remotes;
	char *classes;

	classes = calloc(total, f->remote_size);
	origins = calloc(total, sizeof(*origins));
	if (!classes || !origins) {
		free(classes);
		free(origins);
		return -ENOMEM;
	}
	for (i = 0; i < plan->decoder_count; i++) {
		if (!f->is_member(&plan->decoders[i]))
			continue;
		remotes = f->remotes(&plan->decoders[i], &count);
		for (j = 0; j < count; j++) {
			const char *remote = remotes + j * f->remote_size;

			for (k = 0; k < class_count; k++)
				if (f->merge(classes + k * f->remote_size, remote))
					break;
			if (k < class_count)
				continue;
			origins[class_count] = i;
			memcpy(classes + class_count++ * f->remote_size, remote, f->remote_size);
		}
	}
	*ret_classes = classes;
	*ret_origins = origins;
	*ret_count = class_count;
	return 0;
}

/* How many remotes a request of the family holds; 0 for other decoders. */
static size_t lircd_request_remotes(const struct lircd_family *f, const struct plan_decoder *d)
{
	size_t count = 0;

	if (f->is_member(d))
		f->remotes(d, &count);
	return count;
}

/* How many of the requests may become programs (f->requests_take_classes). */
static size_t lircd_program_count(const struct lircd_family *f,
				  const struct keytable_plan *plan, size_t class_count)
{
	size_t i, count, taken = 0, programs = 0;

	for (i = 0; i < plan->decoder_count; i++) {
		count = lircd_request_remotes(f, &plan->decoders[i]);
		if (!count)
			continue;
		if (f->requests_take_classes) {
			if (taken == class_count)
				break;
			taken += count == 1 ? 1 : class_count - taken;
		}
		programs++;
	}
	return programs;
}

/* Appends remote (size bytes) to table. 0 or -ENOMEM. */
static int lircd_table_append(struct lircd_table *table, const void *remote, size_t size)
{
	char *remotes = realloc(table->remotes, (table->count + 1) * size);

	if (!remotes)
		return -ENOMEM;
	memcpy(remotes + table->count * size, remote, size);
	table->remotes = remotes;
	table->count++;
	return 0;
}

/*
 * One class into the first program whose index takes it (lircd_placement_place()):
 * checked first, refused with its keymap entry's place. The program's number in
 * *ret_program.
 */
static int place_lircd_class(struct planner *p, const struct lircd_family *f,
			     struct lircd_placement *pl, const void *class, unsigned int number,
			     const struct plan_decoder *origin, size_t *ret_program)
{
	struct lircd_first_pairs fp = { .keys_only = 1 };
	struct lircd_placement_remote remote = { .patterns = 1 };
	char where[IR_ERROR_MESSAGE_MAX];
	unsigned int *keys = NULL;
	int ret;

	ret = f->check(class, p->err);
	if (ret == 0)
		ret = f->pairs(&fp, class, number);
	if (ret == 0) {
		keys = malloc(fp.seen_count ? fp.seen_count * sizeof(*keys) : 1);
		ret = keys ? 0 : -ENOMEM;
	}
	if (ret == 0) {
		remote.keys = keys;
		remote.key_count = lircd_first_pairs_keys(&fp, keys);
		ret = lircd_placement_place(pl, &remote, ret_program, p->err);
	}
	if (ret < 0 && ret != -ENOMEM) {
		request_where(origin, where, sizeof(where));
		ir_error_prefix(p->err, _("%sdecoder '%s'"), where, f->name);
		ret = -EINVAL;
	}
	free(keys);
	lircd_first_pairs_clear(&fp);
	return ret;
}

/*
 * A family's requests (one per keymap entry, each with its remote) as few programs as
 * their first pairs allow. The remotes one descriptor decodes alike are merged first
 * (merge_lircd_classes()); then each class, in keymap order, goes into the first
 * program whose index still takes it (lircd_placement.h). Remotes whose frames start
 * alike beyond the LIRCD_SPACE_CANDIDATES one index takes per first pair (the NEC-like
 * ones of LIRC's database share a header) spill to another program; all others share
 * one. The programs are the first of the requests (their parameters kept), the rest
 * dropped; each gets its index, built once.
 */
static int spill_lircd_family(struct planner *p, const struct lircd_family *f)
{
	struct keytable_plan *plan = p->plan;
	struct lircd_placement pl = { .limits = {
		.family = f->name, .remotes_max = f->remotes_max, .entries_max = f->entries_max,
		.candidates = LIRCD_SPACE_CANDIDATES,
	} };
	struct lircd_table *tables = NULL;
	char *classes = NULL;
	size_t i, j, k, count, total = 0, class_count = 0, *origins = NULL;
	size_t program_count;
	struct lircd_space_index_entry **index;
	size_t *index_count;
	struct plan_decoder *d;
	const void *remotes;
	int ret;

	for (i = 0; i < plan->decoder_count; i++)
		total += lircd_request_remotes(f, &plan->decoders[i]);
	if (!total)
		return 0;
	ret = merge_lircd_classes(f, plan, total, &classes, &origins, &class_count);
	if (ret < 0)
		return ret;
	program_count = lircd_program_count(f, plan, class_count);
	/* A device takes 64 programs in all: a family that needs more is refused here. */
	pl.limits.programs_max = program_count < BPF_KERNEL_MAX_LIRC_PROGS
					 ? program_count : BPF_KERNEL_MAX_LIRC_PROGS;
	tables = calloc(program_count, sizeof(*tables));
	if (!tables) {
		ret = -ENOMEM;
		goto out;
	}
	for (j = 0; j < class_count; j++) {
		ret = place_lircd_class(p, f, &pl, classes + j * f->remote_size,
					(unsigned int)j + 1, &plan->decoders[origins[j]], &k);
		if (ret == 0)
			ret = lircd_table_append(&tables[k], classes + j * f->remote_size,
						 f->remote_size);
		if (ret < 0)
			goto out;
	}
	p->plan->placing_work += pl.work;
	/* The requests in order become the programs; those left over go. */
	for (i = 0, k = 0; i < plan->decoder_count;) {
		d = &plan->decoders[i];
		if (!lircd_request_remotes(f, d)) {
			i++;
			continue;
		}
		if (k == pl.program_count) {
			plan_decoder_clear(d);
			memmove(d, d + 1, (plan->decoder_count - i - 1) * sizeof(*d));
			plan->decoder_count--;
			continue;
		}
		f->set_remotes(d, tables[k].remotes, tables[k].count);
		tables[k].remotes = NULL;
		k++;
		i++;
		remotes = f->remotes(d, &count);
		index = f->index(d, &index_count);
		ret = f->index_build(remotes, count, index, index_count, p->err);
		if (ret < 0) {
			if (ret != -ENOMEM) {
				ir_error_prefix(p->err, _("decoder '%s'"), f->name);
				ret = -EINVAL;
			}
			goto out;
		}
	}
	ret = 0;
out:
	for (i = 0; tables && i < program_count; i++)
		free(tables[i].remotes);
	free(tables);
	free(classes);
	free(origins);
	lircd_placement_clear(&pl);
	return ret;
}

/*
 * The family PREFIX_family of the decoder PREFIX (is_PREFIX()) and its typed parts:
 * over the plan_decoder fields REMOTES (of struct PREFIX_remote), COUNT, INDEX and
 * INDEX_COUNT, and the functions PREFIX_remote_merge(), PREFIX_remote_check(),
 * PREFIX_remote_pairs() and PREFIX_index_build() of its module; REMOTES_MAX and
 * INDEX_MAX its table header's limits.
 */
#define LIRCD_FAMILY(PREFIX, REMOTES, COUNT, INDEX, INDEX_COUNT, TAKE_CLASSES, REMOTES_MAX,	\
		     INDEX_MAX)								\
static const void *PREFIX##_remotes(const struct plan_decoder *d, size_t *count)	\
{											\
	*count = d->COUNT;								\
	return d->REMOTES;								\
}											\
static void PREFIX##_set_remotes(struct plan_decoder *d, void *remotes, size_t count)	\
{											\
	free(d->REMOTES);								\
	d->REMOTES = remotes;								\
	d->COUNT = count;								\
}											\
static struct lircd_space_index_entry **PREFIX##_index(struct plan_decoder *d,		\
							size_t **count)			\
{											\
	*count = &d->INDEX_COUNT;							\
	return &d->INDEX;								\
}											\
static int PREFIX##_merge(void *into, const void *other)				\
{											\
	return PREFIX##_remote_merge(into, other);					\
}											\
static int PREFIX##_check(const void *remote, struct ir_error *err)			\
{											\
	return PREFIX##_remote_check(remote, err);					\
}											\
static int PREFIX##_pairs(struct lircd_first_pairs *fp, const void *remote,		\
			  unsigned int number)						\
{											\
	return PREFIX##_remote_pairs(fp, remote, number);				\
}											\
static int PREFIX##_build(const void *remotes, size_t count,				\
			  struct lircd_space_index_entry **entries, size_t *entry_count,	\
			  struct ir_error *err)						\
{											\
	return PREFIX##_index_build(remotes, count, entries, entry_count, err);		\
}											\
static const struct lircd_family PREFIX##_family = {					\
	.name = #PREFIX,								\
	.remote_size = sizeof(struct PREFIX##_remote),					\
	.is_member = is_##PREFIX,							\
	.remotes = PREFIX##_remotes,							\
	.set_remotes = PREFIX##_set_remotes,						\
	.index = PREFIX##_index,							\
	.merge = PREFIX##_merge,							\
	.check = PREFIX##_check,							\
	.pairs = PREFIX##_pairs,							\
	.index_build = PREFIX##_build,							\
	.remotes_max = REMOTES_MAX,							\
	.entries_max = INDEX_MAX,							\
	.requests_take_classes = TAKE_CLASSES,						\
}

/* requests_take_classes (as ever for lircd_space). */
LIRCD_FAMILY(lircd_space, lircd_remotes, lircd_remote_count, lircd_index, lircd_index_count,
	     true, LIRCD_SPACE_REMOTES_MAX, LIRCD_SPACE_INDEX_MAX);
/* Every request of remotes may be a program. */
LIRCD_FAMILY(lircd_biphase, biphase_remotes, biphase_remote_count, biphase_index,
	     biphase_index_count, false, LIRCD_BIPHASE_REMOTES_MAX, LIRCD_BIPHASE_INDEX_MAX);

/* A lircd_raw request that no longer has remotes goes. */
static void drop_empty_lircd_raw(struct keytable_plan *plan)
{
	size_t i;

	for (i = 0; i < plan->decoder_count;) {
		struct plan_decoder *d = &plan->decoders[i];

		if (!is_lircd_raw(d) || d->lircd_raw.remote_count) {
			i++;
			continue;
		}
		plan_decoder_clear(d);
		memmove(d, d + 1, (plan->decoder_count - i - 1) * sizeof(*d));
		plan->decoder_count--;
	}
}

/*
 * A lircd_raw remote (count patterns) into the first of the requests' tables whose
 * index takes it (lircd_placement.h): appended to it, refused with its keymap entry's
 * place.
 */
static int place_lircd_raw_remote(struct planner *p, struct lircd_placement *pl,
				  struct plan_decoder **requests,
				  const struct lircd_raw_pattern *patterns, size_t count,
				  unsigned int number, const struct plan_decoder *origin)
{
	struct lircd_first_pairs fp = { .keys_only = 1 };
	struct lircd_placement_remote remote = { .patterns = (unsigned int)count };
	char where[IR_ERROR_MESSAGE_MAX];
	unsigned int *keys = NULL;
	size_t k;
	int ret;

	ret = lircd_raw_remote_pairs(&fp, patterns, count, number);
	if (ret == 0) {
		keys = malloc(fp.seen_count ? fp.seen_count * sizeof(*keys) : 1);
		ret = keys ? 0 : -ENOMEM;
	}
	if (ret == 0) {
		remote.keys = keys;
		remote.key_count = lircd_first_pairs_keys(&fp, keys);
		ret = lircd_placement_place(pl, &remote, &k, p->err);
	}
	if (ret == 0)
		ret = lircd_raw_table_append(&requests[k]->lircd_raw, patterns, count);
	if (ret < 0 && ret != -ENOMEM) {
		request_where(origin, where, sizeof(where));
		ir_error_prefix(p->err, _("%sdecoder 'lircd_raw'"), where);
		ret = -EINVAL;
	}
	free(keys);
	lircd_first_pairs_clear(&fp);
	return ret;
}

/*
 * The lircd_raw requests (one per keymap entry, each with its remote) as few programs
 * as their first pairs allow: each remote, in keymap order, in the first program whose
 * index still takes it (all in the first request's program when one index takes them
 * all); each program indexed once. The programs' sync_space and candidates come from
 * their tables.
 */
static int merge_lircd_raw(struct planner *p)
{
	struct keytable_plan *plan = p->plan;
	struct lircd_placement pl = { .limits = {
		.family = "lircd_raw", .patterns_max = LIRCD_RAW_PATTERNS_MAX,
		.entries_max = LIRCD_RAW_INDEX_MAX, .candidates = LIRCD_RAW_REMOTES,
		.entry_patterns_max = LIRCD_RAW_ALIVE_MAX,
	} };
	struct lircd_raw_table *old = NULL;
	struct plan_decoder **requests = NULL, *d;
	size_t i, r, k, count = 0;
	int ret = 0;

	for (i = 0; i < plan->decoder_count; i++)
		count += is_lircd_raw(&plan->decoders[i]);
	if (!count)
		return 0;
	requests = calloc(count, sizeof(*requests));
	old = calloc(count, sizeof(*old));
	if (!requests || !old) {
		ret = -ENOMEM;
		goto out;
	}
	/* Each request's own remote comes out of it, to be placed in keymap order. */
	for (i = 0, k = 0; i < plan->decoder_count; i++) {
		d = &plan->decoders[i];
		if (!is_lircd_raw(d))
			continue;
		requests[k] = d;
		old[k++] = d->lircd_raw;
		memset(&d->lircd_raw, 0, sizeof(d->lircd_raw));
	}
	pl.limits.programs_max = count < BPF_KERNEL_MAX_LIRC_PROGS ? count
								 : BPF_KERNEL_MAX_LIRC_PROGS;
	for (k = 0; k < count; k++) {
		for (r = 0; r < old[k].remote_count; r++) {
			ret = place_lircd_raw_remote(p, &pl, requests,
						     old[k].patterns + old[k].remotes[r].first,
						     old[k].remotes[r].count,
						     (unsigned int)(k + r + 1), requests[k]);
			if (ret < 0)
				goto out;
		}
	}
	plan->placing_work += pl.work;
	for (k = 0; k < count; k++) {
		d = requests[k];
		if (!d->lircd_raw.remote_count)
			continue;
		ret = lircd_raw_table_index(&d->lircd_raw, p->err);
		if (ret < 0)
			goto out;
	}
	drop_empty_lircd_raw(plan);
	for (i = 0; i < plan->decoder_count; i++) {
		unsigned int sync = UINT32_MAX;

		d = &plan->decoders[i];
		if (!is_lircd_raw(d))
			continue;
		for (k = 0; k < d->lircd_raw.pattern_count; k++)
			if (d->lircd_raw.patterns[k].end_space < sync)
				sync = d->lircd_raw.patterns[k].end_space;
		ret = set_param(d, "sync_space", sync);
		if (ret == 0)
			ret = set_param(d, "candidates", d->lircd_raw.candidates);
		if (ret < 0)
			goto out;
	}
out:
	for (k = 0; old && k < count; k++)
		lircd_raw_table_clear(&old[k]);
	free(old);
	free(requests);
	lircd_placement_clear(&pl);
	return ret;
}

static int plan_decoders(struct planner *p)
{
	struct keytable_plan *plan = p->plan;
	const struct plan_request *options = p->input->request;
	size_t i;
	int ret;

	ret = spill_lircd_family(p, &lircd_space_family);
	if (ret == 0)
		ret = merge_lircd_raw(p);
	if (ret == 0)
		ret = spill_lircd_family(p, &lircd_biphase_family);
	if (ret < 0)
		return ret;
	for (i = 0; options && i < options->parameter_count; i++) {
		ret = apply_option_param(p, &options->parameters[i]);
		if (ret < 0)
			return ret;
	}
	for (i = 0; i < plan->decoder_count; i++) {
		ret = set_raw_trail_space(&plan->decoders[i]);
		if (ret < 0)
			return ret;
		ret = set_raw_pattern_count(&plan->decoders[i]);
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
		ret = add_note(plan, _("%s has no kernel decoder for protocol '%s': using the "
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
	ret = plan_raw_keys(p.plan);
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
	for (i = 0; i < plan->note_count; i++)
		free(plan->notes[i]);
	free(plan->notes);
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
