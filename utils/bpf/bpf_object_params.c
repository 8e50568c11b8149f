// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * BPF object loader, parameters: the globals a keymap may set, in either convention
 * (`const volatile` in .rodata, or v4l-utils' address of a global in .data/.bss), told
 * apart from globals the code uses as memory by following how the code uses each
 * address (bpf_flow).
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_flow.h"
#include "bpf_object_internal.h"
#include "nls.h"

/* A little-endian integer of 1, 2, 4 or 8 bytes, sign-extended if asked. */
static int64_t get_le_int(const uint8_t *p, unsigned int size, bool is_signed)
{
	uint64_t v = 0;
	unsigned int i;

	for (i = 0; i < size; i++)
		v |= (uint64_t)p[i] << (8 * i);
	if (is_signed && size < 8 && (v & (1ULL << (8 * size - 1))))
		v |= ~0ULL << (8 * size);
	return (int64_t)v;
}


static int flow_resolve_call(void *user, size_t section, size_t insn, size_t *ret_section,
			     size_t *ret_insn)
{
	const struct parsed_object *obj = user;

	if (section >= obj->section_count || insn >= obj->sections[section].insn_count)
		return -EINVAL;
	object_call_target(obj, section, insn, ret_section, ret_insn);
	return 0;
}

static bool is_param_size(uint64_t size)
{
	return size == 1 || size == 2 || size == 4 || size == 8;
}

/* A global integer in a data section that could be a parameter of either kind. */
static bool is_param_candidate(const struct parsed_object *obj, const struct object_symbol *sym)
{
	return sym->type == STT_OBJECT && symbol_is_global(sym) && sym->name[0] &&
	       sym->section != NO_INDEX && obj->sections[sym->section].kind == SECTION_DATA &&
	       is_param_size(sym->size);
}

/* The candidate symbol an ld_imm64 into writable global data names exactly, if any. */
static size_t address_candidate(const struct parsed_object *obj, const struct object_reloc *rel)
{
	size_t i;

	if (rel->target != TARGET_DATA || !section_is_writable(&obj->sections[rel->target_section]))
		return NO_INDEX;
	if (is_param_candidate(obj, &obj->symbols[rel->symbol]) &&
	    obj->symbols[rel->symbol].value == rel->target_offset)
		return rel->symbol;
	for (i = 0; i < obj->symbol_count; i++) {
		const struct object_symbol *sym = &obj->symbols[i];

		if (sym->section == rel->target_section && sym->value == rel->target_offset &&
		    is_param_candidate(obj, sym))
			return i;
	}
	return NO_INDEX;
}

int object_classify_address_uses(struct loader *ld)
{
	const struct parsed_object *obj = ld->object;
	struct bpf_flow_code *code;
	struct bpf_flow *flow;
	struct bpf_flow_result result;
	size_t i, symbol;

	ld->uses = calloc(obj->symbol_count ? obj->symbol_count : 1, sizeof(*ld->uses));
	code = calloc(obj->section_count, sizeof(*code));
	flow = bpf_flow_new();
	if (!ld->uses || !code || !flow) {
		free(code);
		bpf_flow_free(flow);
		return object_fail_nomem(ld);
	}
	for (i = 0; i < obj->section_count; i++) {
		code[i].insns = obj->sections[i].insns;
		code[i].insn_count = obj->sections[i].insn_count;
	}
	for (i = 0; i < obj->reloc_count; i++) {
		struct symbol_use *use;

		symbol = address_candidate(obj, &obj->relocs[i]);
		if (symbol == NO_INDEX)
			continue;
		bpf_flow_classify(flow, code, obj->section_count, flow_resolve_call, (void *)obj,
				  obj->relocs[i].section, obj->relocs[i].insn, &result);
		use = &ld->uses[symbol];
		if ((result.uses & BPF_FLOW_USE_MEMORY) && !(use->uses & BPF_FLOW_USE_MEMORY)) {
			use->memory_section = result.memory_section;
			use->memory_insn = result.memory_insn;
		}
		if ((result.uses & BPF_FLOW_USE_VALUE) && !(use->uses & BPF_FLOW_USE_VALUE)) {
			use->value_section = result.value_section;
			use->value_insn = result.value_insn;
		}
		use->uses |= result.uses;
		use->incomplete |= result.incomplete;
	}
	free(code);
	bpf_flow_free(flow);
	return 0;
}

/*
 * With BTF, a parameter is an integer or enum variable (a .rodata one also
 * volatile: clang folds a plain const, so patching it would change nothing), and
 * its signedness is known. Without BTF (v4l-utils' objects), any global of 1, 2, 4
 * or 8 bytes is one, taken as signed like their `int`s.
 */
static bool param_type(const struct loader *ld, const struct object_symbol *sym,
		       bool need_volatile, bool *ret_signed)
{
	*ret_signed = true;
	if (!ld->btf)
		return true;
	return object_btf_param_type(ld, ld->object->sections[sym->section].name, sym->name,
				     need_volatile, ret_signed);
}

static int compare_params(const void *a, const void *b)
{
	const struct object_param *x = a, *y = b;

	if (x->section != y->section)
		return x->section < y->section ? -1 : 1;
	if (x->offset != y->offset)
		return x->offset < y->offset ? -1 : 1;
	return strcmp(x->name, y->name);
}

static int check_symbol_use(struct loader *ld, const struct object_symbol *sym,
			    const struct symbol_use *use)
{
	const struct parsed_object *obj = ld->object;

	if (use->uses != (BPF_FLOW_USE_MEMORY | BPF_FLOW_USE_VALUE))
		return 0;
	return object_fail(ld, BPF_OBJECT_E_MEMORY_AND_VALUE,
			   _("global '%s' in section '%s' is used both as memory (section '%s', offset 0x%zx) and as a value through its address (section '%s', offset 0x%zx)"),
			   sym->name, obj->sections[sym->section].name,
			   obj->sections[use->memory_section].name, use->memory_insn * INSN_SIZE,
			   obj->sections[use->value_section].name, use->value_insn * INSN_SIZE);
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Names are how keymaps set parameters: each names one (sorted by name to compare). */
static int check_param_names(struct loader *ld)
{
	const struct parsed_object *obj = ld->object;
	const char **names;
	size_t i;
	int r = 0;

	if (obj->param_count < 2)
		return 0;
	names = calloc(obj->param_count, sizeof(*names));
	if (!names)
		return object_fail_nomem(ld);
	for (i = 0; i < obj->param_count; i++)
		names[i] = obj->params[i].name;
	qsort(names, obj->param_count, sizeof(*names), compare_names);
	for (i = 1; i < obj->param_count && r == 0; i++)
		if (strcmp(names[i], names[i - 1]) == 0)
			r = object_fail(ld, BPF_OBJECT_E_PARAM_NAME_TWICE,
					_("two parameters are called '%s'"), names[i]);
	free(names);
	return r;
}

int object_load_params(struct loader *ld)
{
	struct parsed_object *obj = ld->object;
	size_t i, j;
	int r;

	obj->params = calloc(obj->symbol_count ? obj->symbol_count : 1, sizeof(*obj->params));
	if (!obj->params)
		return object_fail_nomem(ld);
	for (i = 0; i < obj->symbol_count; i++) {
		const struct object_symbol *sym = &obj->symbols[i];
		const struct object_section *sec;
		struct object_param *param;
		bool writable, is_signed;

		if (!is_param_candidate(obj, sym))
			continue;
		sec = &obj->sections[sym->section];
		writable = section_is_writable(sec);
		r = check_symbol_use(ld, sym, &ld->uses[i]);
		if (r < 0)
			return r;
		/*
		 * Memory, not a parameter; and so when the analysis could not follow every
		 * use: patching the address of memory into a number would let -e choose
		 * the value the program then uses as a pointer.
		 */
		if (writable && ((ld->uses[i].uses & BPF_FLOW_USE_MEMORY) ||
				 ld->uses[i].incomplete))
			continue;
		if (!param_type(ld, sym, !writable, &is_signed))
			continue;
		param = &obj->params[obj->param_count++];
		param->name = sym->name;
		param->kind = writable ? BPF_PARAM_ADDRESS : BPF_PARAM_RODATA;
		param->section = sym->section;
		param->offset = sym->value;
		param->size = (unsigned int)sym->size;
		param->is_signed = is_signed;
		param->default_value = sec->bytes ?
			get_le_int(sec->bytes + sym->value, param->size, is_signed) : 0;
	}
	qsort(obj->params, obj->param_count, sizeof(*obj->params), compare_params);
	r = check_param_names(ld);
	if (r < 0)
		return r;

	/* Each address-parameter site learns which parameter it loads. */
	for (i = 0; i < obj->reloc_count; i++) {
		size_t symbol = address_candidate(obj, &obj->relocs[i]);

		if (symbol == NO_INDEX)
			continue;
		for (j = 0; j < obj->param_count; j++)
			if (obj->params[j].kind == BPF_PARAM_ADDRESS &&
			    obj->params[j].section == obj->symbols[symbol].section &&
			    obj->params[j].offset == obj->symbols[symbol].value)
				obj->relocs[i].address_param = j;
	}
	return 0;
}

int object_param_find(const struct parsed_object *obj, const char *name)
{
	size_t i;

	for (i = 0; i < obj->param_count; i++)
		if (strcmp(obj->params[i].name, name) == 0)
			return (int)i;
	return -ENOENT;
}
