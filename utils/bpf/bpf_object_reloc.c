// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * BPF object loader, relocation. At open time, every code relocation is checked and
 * resolved to its target (a map, a place in a global data section, or the first
 * instruction of a function). Relocating one program into a struct bpf_image then
 * can only fail for the caller's reasons (an unknown program, a parameter value out
 * of range) or for lack of memory.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_object_internal.h"
#include "nls.h"

static const char *reloc_type_name(uint32_t type)
{
	switch (type) {
	case R_BPF_NONE:
		return "R_BPF_NONE";
	case R_BPF_64_64:
		return "R_BPF_64_64";
	case R_BPF_64_ABS64:
		return "R_BPF_64_ABS64";
	case R_BPF_64_ABS32:
		return "R_BPF_64_ABS32";
	case R_BPF_64_NODYLD32:
		return "R_BPF_64_NODYLD32";
	case R_BPF_64_32:
		return "R_BPF_64_32";
	default:
		return "unknown";
	}
}

static const char *reloc_type_name(uint32_t type);

/* object_fail() for the code relocation the loader is at, named before the reason. */
__attribute__((format(printf, 3, 4)))
static int reloc_fail(struct loader *ld, enum bpf_object_errno code, const char *fmt, ...)
{
	char reason[IR_ERROR_MESSAGE_MAX];
	va_list args;

	va_start(args, fmt);
	vsnprintf(reason, sizeof(reason), fmt, args);
	va_end(args);
	return object_fail(ld, code,
			   _("section '%s': relocation %zu (%s, type %u) at offset 0x%llx: %s"),
			   ld->reloc_section, ld->reloc_index, reloc_type_name(ld->reloc_type),
			   ld->reloc_type, ld->reloc_offset, reason);
}

static void put_le_int(uint8_t *p, unsigned int size, int64_t value)
{
	unsigned int i;

	for (i = 0; i < size; i++)
		p[i] = (uint8_t)((uint64_t)value >> (8 * i));
}

/* -------------------------------------------------------------------------- */
/* Code relocations, at open time */

static size_t find_map_at(const struct parsed_object *obj, size_t section, uint64_t offset)
{
	size_t i;

	for (i = 0; i < obj->map_count; i++)
		if (obj->maps[i].section == section && obj->maps[i].offset == offset)
			return i;
	return NO_INDEX;
}

/* Where an ld_imm64 relocation points: symbol value plus the addend in insn[0].imm. */
static int resolve_ld_imm64(struct loader *ld, struct object_reloc *rel)
{
	const struct parsed_object *obj = ld->object;
	const struct object_section *code = &obj->sections[rel->section];
	const struct object_symbol *sym = &obj->symbols[rel->symbol];
	const struct object_section *target;
	size_t fn;
	int64_t offset;

	if (rel->insn + 1 >= code->insn_count || !insn_is_ld_imm64(&code->insns[rel->insn]))
		return reloc_fail(ld, BPF_OBJECT_E_RELOC_NOT_LD_IMM64,
				  _("R_BPF_64_64 is not on an ld_imm64 instruction"));
	fn = object_function_containing(code, rel->insn);
	if (fn != NO_INDEX && rel->insn + 1 >= code->functions[fn].first + code->functions[fn].count)
		return reloc_fail(ld, BPF_OBJECT_E_RELOC_LD_IMM64_SPLIT,
				  _("the ld_imm64 instruction crosses the end of function '%s'"),
				  code->functions[fn].name);
	if (sym->section == NO_INDEX)
		return reloc_fail(ld, BPF_OBJECT_E_EXTERN_VAR,
				  _("symbol '%s' is not defined in the object (extern variables, kconfig and ksyms are not supported)"),
				  sym->name);
	target = &obj->sections[sym->section];
	offset = (int64_t)sym->value + code->insns[rel->insn].imm;	/* value <= size */
	rel->target_section = sym->section;
	switch (target->kind) {
	case SECTION_LEGACY_MAPS:
	case SECTION_BTF_MAPS:
		rel->target = TARGET_MAP;
		rel->map = offset >= 0 ? find_map_at(obj, sym->section, (uint64_t)offset) : NO_INDEX;
		if (rel->map == NO_INDEX)
			return reloc_fail(ld, BPF_OBJECT_E_RELOC_NO_MAP,
					  _("no map starts at offset %lld of section '%s'"),
					  (long long)offset, target->name);
		return 0;
	case SECTION_DATA:
		/* A map value's address, so inside it: the kernel refuses off >= value_size. */
		if (offset < 0 || (uint64_t)offset >= target->size)
			return reloc_fail(ld, BPF_OBJECT_E_RELOC_DATA_BOUNDS,
					  _("offset %lld is outside section '%s' (%llu bytes)"),
					  (long long)offset, target->name,
					  (unsigned long long)target->size);
		if (target->size == 0 || target->size > UINT32_MAX)
			return reloc_fail(ld, BPF_OBJECT_E_RELOC_DATA_SIZE,
					  _("section '%s' of %llu bytes cannot be a map value"),
					  target->name, (unsigned long long)target->size);
		rel->target = TARGET_DATA;
		rel->target_offset = (uint64_t)offset;
		return 0;
	case SECTION_CODE:
		return reloc_fail(ld, BPF_OBJECT_E_FUNCTION_ADDRESS,
				  _("the address of function '%s' is taken (callbacks are not supported)"),
				  sym->name);
	default:
		return reloc_fail(ld, BPF_OBJECT_E_RELOC_TARGET,
				  _("symbol '%s' is in section '%s', which holds neither maps nor global data"),
				  sym->name, target->name);
	}
}

/* Where a call relocation points: (S + A) / 8 - 1 is in the call's imm. */
static int resolve_call(struct loader *ld, struct object_reloc *rel)
{
	const struct parsed_object *obj = ld->object;
	const struct object_section *code = &obj->sections[rel->section];
	const struct object_symbol *sym = &obj->symbols[rel->symbol];
	const struct object_section *target;
	int64_t offset;

	if (!insn_is_pseudo_call(&code->insns[rel->insn]))
		return reloc_fail(ld, BPF_OBJECT_E_RELOC_NOT_CALL,
				  _("R_BPF_64_32 is not on a BPF-to-BPF call instruction"));
	if (sym->section == NO_INDEX)
		return reloc_fail(ld, BPF_OBJECT_E_EXTERN_CALL,
				  _("call to '%s', which is not defined in the object (extern functions and kfuncs are not supported)"),
				  sym->name);
	target = &obj->sections[sym->section];
	if (target->kind != SECTION_CODE)
		return reloc_fail(ld, BPF_OBJECT_E_CALL_NOT_CODE,
				  _("call to '%s' in section '%s', which is not code"),
				  sym->name, target->name);
	offset = (int64_t)sym->value + ((int64_t)code->insns[rel->insn].imm + 1) * INSN_SIZE;
	if (offset < 0 || offset % INSN_SIZE || (uint64_t)offset / INSN_SIZE >= target->insn_count ||
	    object_function_starting_at(target, (uint64_t)offset / INSN_SIZE) == NO_INDEX)
		return reloc_fail(ld, BPF_OBJECT_E_CALL_TARGET,
				  _("call to offset %lld of section '%s', where no function starts"),
				  (long long)offset, target->name);
	rel->target = TARGET_CALL;
	rel->target_section = sym->section;
	rel->target_insn = (uint64_t)offset / INSN_SIZE;
	return 0;
}

static int add_code_reloc(struct loader *ld, size_t section, size_t index, const GElf_Rel *rel)
{
	struct parsed_object *obj = ld->object;
	struct object_section *code = &obj->sections[section];
	uint32_t type = GELF_R_TYPE(rel->r_info);
	size_t symbol = GELF_R_SYM(rel->r_info);
	struct object_reloc *r;

	ld->reloc_section = code->name;
	ld->reloc_index = index;
	ld->reloc_type = type;
	ld->reloc_offset = rel->r_offset;
	if (type == R_BPF_NONE)
		return 0;
	if (type == R_BPF_64_ABS64 || type == R_BPF_64_ABS32 || type == R_BPF_64_NODYLD32)
		return reloc_fail(ld, BPF_OBJECT_E_RELOC_DATA_TYPE,
				  _("a data relocation in code"));
	if (type != R_BPF_64_64 && type != R_BPF_64_32)
		return reloc_fail(ld, BPF_OBJECT_E_RELOC_TYPE,
				  _("unknown relocation type"));
	if (rel->r_offset % INSN_SIZE)
		return reloc_fail(ld, BPF_OBJECT_E_RELOC_ALIGN,
				  _("not on an instruction boundary"));
	if (rel->r_offset / INSN_SIZE >= code->insn_count)
		return reloc_fail(ld, BPF_OBJECT_E_RELOC_BOUNDS,
				  _("past the end of the section (%llu bytes)"),
				  (unsigned long long)code->size);
	if (symbol == 0 || symbol >= obj->symbol_count)
		return reloc_fail(ld, BPF_OBJECT_E_RELOC_SYMBOL,
				  _("symbol index %zu is out of range (%zu symbols)"),
				  symbol, obj->symbol_count);
	if (code->reloc_at[rel->r_offset / INSN_SIZE] != NO_INDEX)
		return reloc_fail(ld, BPF_OBJECT_E_RELOC_TWICE,
				  _("a second relocation of the same instruction"));

	r = &obj->relocs[obj->reloc_count];
	memset(r, 0, sizeof(*r));
	r->section = section;
	r->insn = rel->r_offset / INSN_SIZE;
	r->type = type;
	r->symbol = symbol;
	r->address_param = NO_INDEX;
	if (type == R_BPF_64_64) {
		int e = resolve_ld_imm64(ld, r);

		if (e < 0)
			return e;
	} else {
		int e = resolve_call(ld, r);

		if (e < 0)
			return e;
	}
	code->reloc_at[r->insn] = obj->reloc_count++;
	return 0;
}

static int load_code_relocs(struct loader *ld, size_t rel_index)
{
	struct parsed_object *obj = ld->object;
	const struct object_section *sec = &obj->sections[rel_index];
	struct object_reloc *relocs;
	Elf_Data *data;
	GElf_Rel rel;
	size_t count, i;
	int r;

	if (sec->link != obj->symtab)
		return object_fail(ld, BPF_OBJECT_E_RELOC_SYMTAB,
				   _("section '%s': uses section %u as its symbol table, not '%s'"),
				   sec->name, sec->link, obj->sections[obj->symtab].name);
	if (sec->entsize != ELF64_REL_SIZE || sec->size % ELF64_REL_SIZE)
		return object_fail(ld, BPF_OBJECT_E_RELOC_ENTSIZE,
				   _("section '%s': %llu bytes of entries of %llu bytes: expected entries of %u"),
				   sec->name, (unsigned long long)sec->size,
				   (unsigned long long)sec->entsize, ELF64_REL_SIZE);
	count = sec->size / ELF64_REL_SIZE;
	if (count == 0)
		return 0;
	data = elf_getdata(elf_getscn(ld->elf, rel_index), NULL);
	if (!data || data->d_size / ELF64_REL_SIZE < count)
		return object_fail(ld, BPF_OBJECT_E_LIBELF,
				   _("section '%s': cannot read the relocations: %s"), sec->name,
				   elf_errmsg(-1));
	relocs = realloc(obj->relocs, (obj->reloc_count + count) * sizeof(*relocs));
	if (!relocs)
		return object_fail_nomem(ld);
	obj->relocs = relocs;
	for (i = 0; i < count; i++) {
		if (!gelf_getrel(data, i, &rel))
			return object_fail(ld, BPF_OBJECT_E_LIBELF,
					   _("section '%s': cannot read relocation %zu: %s"), sec->name,
					   i, elf_errmsg(-1));
		r = add_code_reloc(ld, sec->info, i, &rel);
		if (r < 0)
			return r;
	}
	return 0;
}

/* Relocations of anything but code (.BTF, .BTF.ext, .debug_*) are not needed. */
static int check_other_relocs(struct loader *ld, size_t rel_index)
{
	const struct parsed_object *obj = ld->object;
	const struct object_section *sec = &obj->sections[rel_index];
	const struct object_section *target = &obj->sections[sec->info];

	if (target->kind == SECTION_CODE)
		return object_fail(ld, BPF_OBJECT_E_RELA,
				   _("section '%s': RELA relocations are not supported"), sec->name);
	if (target->kind == SECTION_BTF_MAPS && sec->size > 0)
		return object_fail(ld, BPF_OBJECT_E_MAP_INIT,
				   _("section '%s': initialised maps of maps or program arrays are not supported"),
				   sec->name);
	return 0;
}

/* Calls without a relocation are relative to their own section. */
static int check_relative_calls(struct loader *ld, size_t section)
{
	const struct object_section *sec = &ld->object->sections[section];
	size_t i;
	int64_t target;

	for (i = 0; i < sec->insn_count; i++) {
		if (!insn_is_pseudo_call(&sec->insns[i]) || sec->reloc_at[i] != NO_INDEX)
			continue;
		target = (int64_t)i + 1 + sec->insns[i].imm;
		if (target < 0 || (uint64_t)target >= sec->insn_count ||
		    object_function_starting_at(sec, (size_t)target) == NO_INDEX)
			return object_fail(ld, BPF_OBJECT_E_CALL_TARGET,
					   _("section '%s': call at offset 0x%zx goes to instruction %lld, where no function starts"),
					   sec->name, i * INSN_SIZE, (long long)target);
	}
	return 0;
}

/*
 * A pseudo load (map, map value, function) only means something with the relocation
 * that fills it in; left as the file has it, it would name a map that does not exist.
 */
static int check_pseudo_loads(struct loader *ld, size_t section)
{
	const struct object_section *sec = &ld->object->sections[section];
	size_t i;

	for (i = 0; i < sec->insn_count; i++) {
		const struct bpf_insn *insn = &sec->insns[i];

		if (!insn_is_ld_imm64(insn) || insn->src_reg == 0)
			continue;
		if (sec->reloc_at[i] == NO_INDEX ||
		    ld->object->relocs[sec->reloc_at[i]].type != R_BPF_64_64)
			return object_fail(ld, BPF_OBJECT_E_PSEUDO_LOAD,
					   _("section '%s' offset %zu: 64-bit load with source register %u but no relocation"),
					   sec->name, i * INSN_SIZE, (unsigned int)insn->src_reg);
	}
	return 0;
}

int object_load_relocs(struct loader *ld)
{
	const struct parsed_object *obj = ld->object;
	size_t i;
	int r;

	for (i = 1; i < obj->section_count; i++) {
		const struct object_section *sec = &obj->sections[i];

		if (sec->type != SHT_REL && sec->type != SHT_RELA)
			continue;
		if (sec->info == 0 || sec->info >= obj->section_count)
			return object_fail(ld, BPF_OBJECT_E_RELOC_SECTION,
					   _("section '%s': applies to section %u, which does not exist"),
					   sec->name, sec->info);
		if (sec->type == SHT_REL && obj->sections[sec->info].kind == SECTION_CODE)
			r = load_code_relocs(ld, i);
		else
			r = check_other_relocs(ld, i);
		if (r < 0)
			return r;
	}
	for (i = 1; i < obj->section_count; i++) {
		if (obj->sections[i].kind != SECTION_CODE)
			continue;
		r = check_relative_calls(ld, i);
		if (r == 0)
			r = check_pseudo_loads(ld, i);
		if (r < 0)
			return r;
	}
	return 0;
}

/* The first instruction of the function a call at (section, insn) goes to. */
void object_call_target(const struct parsed_object *obj, size_t section, size_t insn,
			size_t *ret_section, size_t *ret_insn)
{
	const struct object_section *sec = &obj->sections[section];
	size_t rel = sec->reloc_at[insn];

	if (rel != NO_INDEX) {
		*ret_section = obj->relocs[rel].target_section;
		*ret_insn = obj->relocs[rel].target_insn;
	} else {
		/* checked by check_relative_calls() */
		*ret_section = section;
		*ret_insn = (size_t)((int64_t)insn + 1 + sec->insns[insn].imm);
	}
}

/* -------------------------------------------------------------------------- */
/* Relocation of one program */

/* A function placed in the image. */
struct placed_function {
	size_t section;
	size_t function;
	size_t position;		/* its first instruction in the image */
};

struct relocation {
	const struct parsed_object *object;
	struct ir_error *err;
	struct placed_function *functions;
	size_t function_count;
	size_t insn_count;
	int64_t *values;		/* per parameter */
	size_t *data_map;		/* per section: image map index, or NO_INDEX */
	struct bpf_image *image;
};

static int find_program(const struct parsed_object *obj, const char *name, size_t *ret_index,
			struct ir_error *err)
{
	size_t i;

	if (!name) {
		if (obj->program_count == 1) {
			*ret_index = 0;
			return 0;
		}
		ir_error_set_at(err, obj->name, 0, 0,
				_("%zu programs: name one (the first is '%s')"),
				obj->program_count, obj->programs[0].name);
		return -EINVAL;
	}
	for (i = 0; i < obj->program_count; i++) {
		const struct object_program *p = &obj->programs[i];
		const struct object_section *sec = &obj->sections[p->section];

		if (strcmp(p->name, name) == 0 || strcmp(sec->name, name) == 0 ||
		    strcmp(sec->functions[p->function].name, name) == 0) {
			*ret_index = i;
			return 0;
		}
	}
	ir_error_set_at(err, obj->name, 0, 0, _("no program called '%s'"), name);
	return -EINVAL;
}

static bool value_fits(int64_t value, unsigned int size)
{
	if (size >= 8)
		return true;
	return value >= -(INT64_C(1) << (8 * size - 1)) && value < (INT64_C(1) << (8 * size));
}

static int set_param_values(struct relocation *rl, const struct bpf_param_value *params,
			    size_t param_count)
{
	const struct parsed_object *obj = rl->object;
	size_t i;
	int index;

	rl->values = calloc(obj->param_count ? obj->param_count : 1, sizeof(*rl->values));
	if (!rl->values)
		return -ENOMEM;
	for (i = 0; i < obj->param_count; i++)
		rl->values[i] = obj->params[i].default_value;
	for (i = 0; i < param_count; i++) {
		if (!params[i].name)
			continue;
		index = object_param_find(obj, params[i].name);
		if (index < 0)
			continue;	/* the caller may warn */
		if (!value_fits(params[i].value, obj->params[index].size)) {
			ir_error_set_at(rl->err, obj->name, 0, 0,
					_("parameter '%s': %lld does not fit in %u bytes"),
					params[i].name, (long long)params[i].value,
					obj->params[index].size);
			return -ERANGE;
		}
		rl->values[index] = params[i].value;
	}
	return 0;
}

static size_t place_function(struct relocation *rl, size_t section, size_t function)
{
	const struct object_function *fn = &rl->object->sections[section].functions[function];
	struct placed_function *placed;
	size_t i;

	for (i = 0; i < rl->function_count; i++)
		if (rl->functions[i].section == section && rl->functions[i].function == function)
			return i;
	placed = realloc(rl->functions, (rl->function_count + 1) * sizeof(*placed));
	if (!placed)
		return NO_INDEX;
	rl->functions = placed;
	placed[rl->function_count].section = section;
	placed[rl->function_count].function = function;
	placed[rl->function_count].position = rl->insn_count;
	rl->insn_count += fn->count;
	return rl->function_count++;
}

/* The image position of the function a call goes to, placing it if new. */
static int call_position(struct relocation *rl, size_t section, size_t insn,
			 size_t *ret_position)
{
	const struct parsed_object *obj = rl->object;
	size_t target_section, target_insn, function, placed;

	object_call_target(obj, section, insn, &target_section, &target_insn);
	function = object_function_starting_at(&obj->sections[target_section], target_insn);
	placed = place_function(rl, target_section, function);	/* checked at open */
	if (placed == NO_INDEX)
		return -ENOMEM;
	*ret_position = rl->functions[placed].position;
	return 0;
}

/* The entry function, then every function it calls, transitively, in order found. */
static int place_functions(struct relocation *rl, const struct object_program *program)
{
	const struct parsed_object *obj = rl->object;
	size_t f, i, position;
	int r;

	if (place_function(rl, program->section, program->function) == NO_INDEX)
		return -ENOMEM;
	for (f = 0; f < rl->function_count; f++) {
		const struct object_section *sec = &obj->sections[rl->functions[f].section];
		const struct object_function *fn = &sec->functions[rl->functions[f].function];

		for (i = fn->first; i < fn->first + fn->count; i++) {
			if (!insn_is_pseudo_call(&sec->insns[i]))
				continue;
			r = call_position(rl, rl->functions[f].section, i, &position);
			if (r < 0)
				return r;
		}
	}
	return rl->insn_count > BPF_IMAGE_INSNS_MAX ? -E2BIG : 0;
}

/* Global data maps come after the object's maps, in section order. */
static int assign_data_maps(struct relocation *rl)
{
	const struct parsed_object *obj = rl->object;
	size_t f, i, next = obj->map_count;

	rl->data_map = malloc(obj->section_count * sizeof(*rl->data_map));
	if (!rl->data_map)
		return -ENOMEM;
	for (i = 0; i < obj->section_count; i++)
		rl->data_map[i] = NO_INDEX;
	for (f = 0; f < rl->function_count; f++) {
		const struct object_section *sec = &obj->sections[rl->functions[f].section];
		const struct object_function *fn = &sec->functions[rl->functions[f].function];

		for (i = fn->first; i < fn->first + fn->count; i++) {
			const struct object_reloc *rel;

			if (sec->reloc_at[i] == NO_INDEX)
				continue;
			rel = &obj->relocs[sec->reloc_at[i]];
			if (rel->target == TARGET_DATA && rel->address_param == NO_INDEX)
				rl->data_map[rel->target_section] = 0;	/* used */
		}
	}
	for (i = 0; i < obj->section_count; i++)
		if (rl->data_map[i] != NO_INDEX)
			rl->data_map[i] = next++;
	return 0;
}

static void patch_ld_imm64(struct relocation *rl, const struct object_reloc *rel,
			   struct bpf_insn *insn)
{
	uint64_t value;

	if (rel->target == TARGET_MAP) {
		insn[0].src_reg = BPF_PSEUDO_MAP_IDX;
		insn[0].imm = (int32_t)rel->map;
		insn[1].imm = 0;
	} else if (rel->address_param != NO_INDEX) {
		value = (uint64_t)rl->values[rel->address_param];
		insn[0].src_reg = 0;
		insn[0].imm = (int32_t)(uint32_t)value;
		insn[1].imm = (int32_t)(uint32_t)(value >> 32);
	} else {
		insn[0].src_reg = BPF_PSEUDO_MAP_IDX_VALUE;
		insn[0].imm = (int32_t)rl->data_map[rel->target_section];
		insn[1].imm = (int32_t)rel->target_offset;	/* <= UINT32_MAX, checked */
	}
}

static int build_insns(struct relocation *rl)
{
	const struct parsed_object *obj = rl->object;
	struct bpf_insn *insns;
	size_t f, i, position, target;
	int r;

	insns = calloc(rl->insn_count ? rl->insn_count : 1, sizeof(*insns));
	if (!insns)
		return -ENOMEM;
	rl->image->insns = insns;
	rl->image->insn_count = rl->insn_count;
	for (f = 0; f < rl->function_count; f++) {
		const struct placed_function *pf = &rl->functions[f];
		const struct object_section *sec = &obj->sections[pf->section];
		const struct object_function *fn = &sec->functions[pf->function];

		memcpy(insns + pf->position, sec->insns + fn->first, fn->count * sizeof(*insns));
		for (i = 0; i < fn->count; i++) {
			struct bpf_insn *insn = &insns[pf->position + i];
			size_t rel = sec->reloc_at[fn->first + i];

			position = pf->position + i;
			if (insn_is_pseudo_call(insn)) {
				r = call_position(rl, pf->section, fn->first + i, &target);
				if (r < 0)
					return r;
				insn->imm = (int32_t)((int64_t)target - (int64_t)position - 1);
			} else if (rel != NO_INDEX && obj->relocs[rel].type == R_BPF_64_64) {
				patch_ld_imm64(rl, &obj->relocs[rel], insn);	/* insn[1] in fn */
			}
		}
	}
	return 0;
}

static int build_data_map(struct relocation *rl, size_t section, struct bpf_map_spec *spec)
{
	const struct parsed_object *obj = rl->object;
	const struct object_section *sec = &obj->sections[section];
	size_t i;

	copy_name(spec->name, sec->name);
	spec->type = BPF_MAP_TYPE_ARRAY;
	spec->key_size = sizeof(uint32_t);
	spec->value_size = (uint32_t)sec->size;
	spec->max_entries = 1;
	spec->read_only = !section_is_writable(sec);
	spec->flags = spec->read_only ? BPF_F_RDONLY_PROG : 0;
	spec->initial_value = calloc(1, sec->size);
	if (!spec->initial_value)
		return -ENOMEM;
	if (sec->bytes)
		memcpy(spec->initial_value, sec->bytes, sec->size);
	for (i = 0; i < obj->param_count; i++)
		if (obj->params[i].kind == BPF_PARAM_RODATA && obj->params[i].section == section)
			put_le_int(spec->initial_value + obj->params[i].offset, obj->params[i].size,
				   rl->values[i]);
	return 0;
}

static int build_maps(struct relocation *rl)
{
	const struct parsed_object *obj = rl->object;
	struct bpf_image *image = rl->image;
	size_t i, count = obj->map_count;
	int r;

	for (i = 0; i < obj->section_count; i++)
		if (rl->data_map[i] != NO_INDEX)
			count++;
	image->maps = calloc(count ? count : 1, sizeof(*image->maps));
	if (!image->maps)
		return -ENOMEM;
	for (i = 0; i < obj->map_count; i++)
		image->maps[i] = obj->maps[i].spec;
	image->map_count = obj->map_count;
	for (i = 0; i < obj->section_count; i++) {
		if (rl->data_map[i] == NO_INDEX)
			continue;
		/* count the map before filling it, so that bpf_image_free() frees it */
		image->map_count++;
		r = build_data_map(rl, i, &image->maps[rl->data_map[i]]);
		if (r < 0)
			return r;
	}
	return 0;
}

int object_relocate(const struct parsed_object *object, const char *program,
		    const struct bpf_param_value *params, size_t param_count,
		    struct bpf_image **ret_image, struct ir_error *err)
{
	struct relocation rl = { .object = object, .err = err };
	const struct object_program *prog;
	const struct object_section *sec;
	size_t index;
	int r;

	r = find_program(object, program, &index, err);
	if (r < 0)
		return r;
	prog = &object->programs[index];
	sec = &object->sections[prog->section];
	r = set_param_values(&rl, params, param_count);
	if (r < 0)
		goto out;
	rl.image = calloc(1, sizeof(*rl.image));
	if (!rl.image) {
		r = -ENOMEM;
		goto out;
	}
	copy_name(rl.image->name, sec->functions[prog->function].name[0] ?
		  sec->functions[prog->function].name : sec->name);
	copy_name(rl.image->license, object->license);
	r = place_functions(&rl, prog);
	if (r == 0)
		r = assign_data_maps(&rl);
	if (r == 0)
		r = build_insns(&rl);
	if (r == 0)
		r = build_maps(&rl);
out:
	if (r == -ENOMEM)
		ir_error_set_at(err, object->name, 0, 0, "%s", _("out of memory"));
	else if (r == -E2BIG)
		ir_error_set_at(err, object->name, 0, 0,
				_("program '%s' has more than %u instructions"),
				object->programs[index].name, BPF_IMAGE_INSNS_MAX);
	if (r == 0) {
		*ret_image = rl.image;
		rl.image = NULL;
	}
	bpf_image_free(rl.image);
	free(rl.functions);
	free(rl.values);
	free(rl.data_map);
	return r;
}
