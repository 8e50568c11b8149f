// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The IRP family: a keymap's protocol "irp" (with its irp key), -p irp:NAME and
 * -p 'irp:{...}' are a protocol of the built-in IRP database (irp_database.h, the name
 * ignoring case) or an IRP string, compiled by irp_compile() into the decoder's image:
 * it has no object and takes no parameters. -p irp alone asks for every protocol of
 * the database (offline only). Two requests that compile to one program load once.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "decoder_family.h"
#include "irp.h"
#include "irp_compile.h"
#include "irp_database.h"
#include "nls.h"

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
	char short_text[PLAN_QUOTED_MAX + 4];
	const char *irp = text;
	int ret;

	if (!is_irp_string(text)) {
		entry = irp_database_find(text);
		if (!entry) {
			ir_error_set(err, _("%sunknown IRP protocol '%s': neither a name of the "
					    "IRP database nor an IRP string ('{...}')"),
				     where, plan_quoted(text, short_text, sizeof(short_text)));
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
	ret = plan_add_compiled_decoder(p, &family_irp, name, image, ret_decoder);
	free(name);
	return ret;
}

/*
 * A keymap's or -p's IRP protocol: compiled first, so that a bad IRP is reported even
 * where the device could not take it; then, as for every BPF decoder, a device with no
 * LIRC device cannot take it. Either is an error for -p and, as an unknown protocol
 * is, a skipped entry with a note for a keymap: at boot the rest of the keymap loads.
 */
static int plan_irp_protocol(struct planner *p, const char *text, const char *where,
			     const struct plan_origin *origin, bool *ret_skipped,
			     struct plan_decoder **ret_decoder)
{
	struct keytable_plan *plan = p->plan;
	int ret;

	p->named_protocols = true;
	*ret_skipped = false;
	ret = add_irp_decoder(p, text, where, ret_decoder);
	/* As an unknown protocol: a keymap's entry is skipped, -p's is an error. */
	if (ret == -EINVAL)
		return plan_undecodable(p, origin, ret_skipped);
	if (ret < 0)
		return ret;
	ret = plan_check_lirc(p, (*ret_decoder)->name, origin);
	if (ret < 0) {
		plan_remove_decoder(plan, plan->decoder_count - 1);
		*ret_decoder = NULL;
		return plan_undecodable(p, origin, ret_skipped);
	}
	return plan_note_wanted_by(origin, *ret_decoder);
}

static bool irp_claims_entry(const struct keymap_protocol *entry)
{
	return !strcasecmp(entry->protocol, IRP_PROTOCOL);
}

static int irp_plan_entry(struct planner *p, const struct keymap *keymap,
			  const struct keymap_protocol *protocol)
{
	struct plan_origin name_origin = { keymap->filename, protocol->protocol_line,
					   protocol->protocol_column };
	struct plan_origin origin = { keymap->filename, protocol->line, 0 };
	char where[IR_ERROR_MESSAGE_MAX];
	struct plan_decoder *decoder;
	bool skipped;
	int ret;

	/* The readers refuse protocol "irp" without its string; a keymap made in memory may not. */
	if (!protocol->irp) {
		ir_error_set_at(p->err, keymap->filename, protocol->protocol_line,
				protocol->protocol_column,
				_("protocol 'irp' needs an 'irp' key: an IRP string or the name "
				  "of a protocol of the IRP database"));
		return plan_undecodable(p, &name_origin, &skipped);
	}
	snprintf(where, sizeof(where), "%s:%u:%u: ", keymap->filename, protocol->irp_line,
		 protocol->irp_column);
	ret = plan_irp_protocol(p, protocol->irp, where, &name_origin, &skipped, &decoder);
	if (ret < 0 || skipped)
		return ret;
	if (protocol->raw_count) {
		ir_error_set_at(p->err, keymap->filename, protocol->line, 0,
				_("raw patterns need the raw decoder, not protocol '%s'"),
				protocol->protocol);
		return -EINVAL;
	}
	return plan_apply_keymap_params(p, decoder, protocol, &origin);
}

static bool irp_claims_option(const char *name)
{
	return !strcasecmp(name, IRP_PROTOCOL) ||
	       !strncasecmp(name, IRP_OPTION_PREFIX, strlen(IRP_OPTION_PREFIX));
}

static int irp_plan_option(struct planner *p, const char *name)
{
	struct plan_origin origin = { NULL, 0, 0 };
	char where[IR_ERROR_MESSAGE_MAX], short_name[PLAN_QUOTED_MAX + 4];
	struct plan_decoder *decoder;
	bool skipped;

	if (!strcasecmp(name, IRP_PROTOCOL)) {
		if (p->input->device) {
			ir_error_set(p->err, _("-p irp tries every protocol of the IRP database "
					       "and is for --decode only: name one protocol "
					       "with -p irp:NAME"));
			return -EINVAL;
		}
		p->plan->irp_all = true;
		return 0;
	}
	snprintf(where, sizeof(where), "-p %s: ", plan_quoted(name, short_name, sizeof(short_name)));
	return plan_irp_protocol(p, name + strlen(IRP_OPTION_PREFIX), where, &origin, &skipped,
				 &decoder);
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
static bool irp_same(const struct plan_decoder *a, const struct plan_decoder *b)
{
	return same_image(a->image, b->image);
}

static uint64_t irp_hash(const struct plan_decoder *d, uint64_t hash)
{
	const unsigned char *byte = (const unsigned char *)d->image->insns;
	size_t i, size = d->image->insn_count * sizeof(*d->image->insns);

	/* FNV-1a over the instructions. */
	for (i = 0; i < size; i++)
		hash = (hash ^ byte[i]) * 0x100000001b3ULL;
	return hash;
}

const struct decoder_family_ops family_irp = {
	.name = "irp",
	.claims_entry = irp_claims_entry,
	.plan_entry = irp_plan_entry,
	.claims_option = irp_claims_option,
	.plan_option = irp_plan_option,
	.same = irp_same,
	.hash = irp_hash,
};
