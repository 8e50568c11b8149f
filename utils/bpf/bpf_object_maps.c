// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * BPF object loader, maps: legacy definitions (struct bpf_map_def in "maps" or
 * "lirc_mode2/maps") and BTF-defined maps (".maps"), and what else the loader asks
 * of the BTF. The only file of the loader that uses libbpf (its BTF parser); libbpf's
 * headers declare a struct bpf_object of their own, which is why the loader's own
 * state is a struct parsed_object.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <linux/btf.h>

#include "bpf_object_internal.h"
#include "nls.h"

static int add_map(struct loader *ld, size_t section, uint64_t offset, const char *name,
		   struct object_map **ret_map)
{
	struct parsed_object *obj = ld->object;
	struct object_map *maps;

	maps = realloc(obj->maps, (obj->map_count + 1) * sizeof(*maps));
	if (!maps)
		return object_fail_nomem(ld);
	obj->maps = maps;
	*ret_map = &maps[obj->map_count++];
	memset(*ret_map, 0, sizeof(**ret_map));
	(*ret_map)->section = section;
	(*ret_map)->offset = offset;
	copy_name((*ret_map)->spec.name, name);
	return 0;
}

static bool is_map_symbol(const struct object_symbol *sym, size_t section)
{
	return sym->section == section && sym->name[0] &&
	       (sym->type == STT_OBJECT || sym->type == STT_NOTYPE);
}

static int parse_legacy_map(struct loader *ld, size_t section, const struct object_symbol *sym,
			    uint64_t def_size)
{
	const struct object_section *sec = &ld->object->sections[section];
	uint8_t def[LEGACY_MAP_DEF_MAX] = { 0 };
	struct object_map *map;
	uint32_t inner_map_idx;
	int r;

	if (sym->value % def_size)
		return object_fail(ld, BPF_OBJECT_E_MAP_ALIGN,
				   _("section '%s': map '%s' at offset 0x%llx is not on a %llu-byte boundary"),
				   sec->name, sym->name, (unsigned long long)sym->value,
				   (unsigned long long)def_size);
	if (def_size > sec->size - sym->value)	/* value <= size: check_symbol() */
		return object_fail(ld, BPF_OBJECT_E_MAP_BOUNDS,
				   _("section '%s': map '%s' at offset 0x%llx ends past the section"),
				   sec->name, sym->name, (unsigned long long)sym->value);
	if (sec->bytes)
		memcpy(def, sec->bytes + sym->value, def_size);
	r = add_map(ld, section, sym->value, sym->name, &map);
	if (r < 0)
		return r;
	map->spec.type = get_le32(def);
	map->spec.key_size = get_le32(def + 4);
	map->spec.value_size = get_le32(def + 8);
	map->spec.max_entries = get_le32(def + 12);
	map->spec.flags = get_le32(def + 16);
	inner_map_idx = get_le32(def + 20);
	if (inner_map_idx != 0)
		return object_fail(ld, BPF_OBJECT_E_MAP_OF_MAPS,
				   _("section '%s': map '%s': inner_map_idx %u (maps of maps) is not supported"),
				   sec->name, sym->name, inner_map_idx);
	if (map->spec.flags & BPF_F_NUMA_NODE)
		return object_fail(ld, BPF_OBJECT_E_MAP_NUMA,
				   _("section '%s': map '%s': BPF_F_NUMA_NODE is not supported"),
				   sec->name, sym->name);
	return 0;
}

static int compare_maps(const void *a, const void *b)
{
	const struct object_map *x = a, *y = b;

	if (x->section != y->section)
		return x->section < y->section ? -1 : 1;
	if (x->offset != y->offset)
		return x->offset < y->offset ? -1 : 1;
	return 0;
}

/*
 * The maps of one section, obj->maps[first..], sorted by their offset in it, which
 * relocations name them by: two at one offset would make a relocation ambiguous.
 */
static int sort_section_maps(struct loader *ld, const char *section_name, size_t first)
{
	struct parsed_object *obj = ld->object;
	size_t i;

	qsort(obj->maps + first, obj->map_count - first, sizeof(*obj->maps), compare_maps);
	for (i = first + 1; i < obj->map_count; i++)
		if (obj->maps[i].offset == obj->maps[i - 1].offset)
			return object_fail(ld, BPF_OBJECT_E_MAP_SAME_OFFSET,
					   _("section '%s': maps '%s' and '%s' are at the same offset"),
					   section_name, obj->maps[i - 1].spec.name,
					   obj->maps[i].spec.name);
	return 0;
}

/* struct bpf_map_def of 20 to 28 bytes; the size is the section's over its maps. */
static int load_legacy_maps(struct loader *ld, size_t section)
{
	struct parsed_object *obj = ld->object;
	const struct object_section *sec = &obj->sections[section];
	size_t i, count = 0, first = obj->map_count;
	uint64_t def_size;
	int r;

	for (i = 0; i < obj->symbol_count; i++)
		if (is_map_symbol(&obj->symbols[i], section))
			count++;
	if (count == 0) {
		if (sec->size == 0)
			return 0;
		return object_fail(ld, BPF_OBJECT_E_MAP_NO_SYMBOLS,
				   _("section '%s': %llu bytes of map definitions but no map symbols"),
				   sec->name, (unsigned long long)sec->size);
	}
	def_size = sec->size / count;
	if (sec->size % count || def_size < LEGACY_MAP_DEF_MIN ||
	    def_size > LEGACY_MAP_DEF_MAX || def_size % 4)
		return object_fail(ld, BPF_OBJECT_E_MAP_DEF_SIZE,
				   _("section '%s': %llu bytes for %zu maps: a map definition has 20 to 28 bytes"),
				   sec->name, (unsigned long long)sec->size, count);
	for (i = 0; i < obj->symbol_count; i++) {
		if (!is_map_symbol(&obj->symbols[i], section))
			continue;
		r = parse_legacy_map(ld, section, &obj->symbols[i], def_size);
		if (r < 0)
			return r;
	}
	return sort_section_maps(ld, sec->name, first);
}

/* Follow modifiers and typedefs; notes whether `volatile` was among them. */
static const struct btf_type *btf_skip_mods(const struct btf *btf, uint32_t id,
					    uint32_t *ret_id, bool *ret_volatile)
{
	const struct btf_type *t;
	int depth;

	for (depth = 0; depth < BTF_CHAIN_MAX; depth++) {
		t = btf__type_by_id(btf, id);
		if (!t)
			return NULL;
		if (!btf_is_mod(t) && !btf_is_typedef(t)) {
			if (ret_id)
				*ret_id = id;
			return t;
		}
		if (btf_is_volatile(t) && ret_volatile)
			*ret_volatile = true;
		id = t->type;
	}
	return NULL;
}

/* __uint(name, n) is `int (*name)[n]`: the value is the array's dimension. */
static int btf_map_uint(struct loader *ld, const char *map, const char *field,
			uint32_t type, uint32_t *ret_value)
{
	const struct btf_type *t = btf_skip_mods(ld->btf, type, NULL, NULL);

	if (t && btf_is_ptr(t))
		t = btf_skip_mods(ld->btf, t->type, NULL, NULL);
	if (!t || !btf_is_array(t))
		return object_fail(ld, BPF_OBJECT_E_BTF_MAP_UINT,
				   _("section '.maps': map '%s': field '%s' is not __uint(%s, N)"),
				   map, field, field);
	*ret_value = btf_array(t)->nelems;
	return 0;
}

/* __type(name, T) is `typeof(T) *name`: the value is the size of T. */
static int btf_map_type_size(struct loader *ld, const char *map, const char *field,
			     uint32_t type, uint32_t *ret_size)
{
	const struct btf_type *t = btf_skip_mods(ld->btf, type, NULL, NULL);
	long long size;

	if (!t || !btf_is_ptr(t))
		return object_fail(ld, BPF_OBJECT_E_BTF_MAP_TYPE,
				   _("section '.maps': map '%s': field '%s' is not __type(%s, T)"),
				   map, field, field);
	size = btf__resolve_size(ld->btf, t->type);
	if (size <= 0 || size > UINT32_MAX)
		return object_fail(ld, BPF_OBJECT_E_BTF_MAP_TYPE_SIZE,
				   _("section '.maps': map '%s': the type of '%s' has no usable size"),
				   map, field);
	*ret_size = (uint32_t)size;
	return 0;
}

static int btf_map_field(struct loader *ld, struct object_map *map, const char *field,
			 uint32_t type)
{
	struct bpf_map_spec *spec = &map->spec;
	uint32_t value = 0, size = 0;
	int r;

	if (strcmp(field, "key") == 0 || strcmp(field, "value") == 0) {
		uint32_t *dst = field[0] == 'k' ? &spec->key_size : &spec->value_size;

		r = btf_map_type_size(ld, spec->name, field, type, &size);
		if (r < 0)
			return r;
		if (*dst && *dst != size)
			return object_fail(ld, BPF_OBJECT_E_BTF_MAP_SIZES,
					   _("section '.maps': map '%s': %s of %u bytes disagrees with %s_size %u"),
					   spec->name, field, size, field, *dst);
		*dst = size;
		return 0;
	}
	r = btf_map_uint(ld, spec->name, field, type, &value);
	if (r < 0)
		return r;
	if (strcmp(field, "type") == 0) {
		spec->type = value;
	} else if (strcmp(field, "max_entries") == 0) {
		spec->max_entries = value;
	} else if (strcmp(field, "map_flags") == 0) {
		spec->flags = value;
	} else if (strcmp(field, "key_size") == 0 || strcmp(field, "value_size") == 0) {
		uint32_t *dst = field[0] == 'k' ? &spec->key_size : &spec->value_size;

		if (*dst && *dst != value)
			return object_fail(ld, BPF_OBJECT_E_BTF_MAP_SIZES,
					   _("section '.maps': map '%s': %s %u disagrees with its type's size %u"),
					   spec->name, field, value, *dst);
		*dst = value;
	} else if (strcmp(field, "pinning") == 0 || strcmp(field, "numa_node") == 0 ||
		   strcmp(field, "map_extra") == 0) {
		if (value != 0)
			return object_fail(ld, BPF_OBJECT_E_BTF_MAP_UNSUPPORTED,
					   _("section '.maps': map '%s': field '%s' is not supported"),
					   spec->name, field);
	} else {
		return object_fail(ld, BPF_OBJECT_E_BTF_MAP_UNKNOWN,
				   _("section '.maps': map '%s': unknown field '%s'"), spec->name, field);
	}
	return 0;
}

static size_t find_symbol_in(const struct parsed_object *obj, size_t section, const char *name)
{
	size_t i;

	for (i = 0; i < obj->symbol_count; i++)
		if (obj->symbols[i].section == section && strcmp(obj->symbols[i].name, name) == 0 &&
		    obj->symbols[i].type != STT_SECTION)
			return i;
	return NO_INDEX;
}

static int load_btf_map(struct loader *ld, size_t section, const struct btf_var_secinfo *vsi)
{
	const struct btf_type *var = btf__type_by_id(ld->btf, vsi->type);
	const struct btf_type *def;
	const struct btf_member *member;
	struct object_map *map;
	const char *name, *field;
	size_t symbol;
	int i, r;

	name = var ? btf__name_by_offset(ld->btf, var->name_off) : NULL;
	if (!var || !btf_is_var(var) || !name || !name[0])
		return object_fail(ld, BPF_OBJECT_E_BTF_MAP_VAR,
				   _("section '.maps': BTF type %u is not a named variable"), vsi->type);
	symbol = find_symbol_in(ld->object, section, name);
	if (symbol == NO_INDEX)
		return object_fail(ld, BPF_OBJECT_E_BTF_MAP_SYMBOL,
				   _("section '.maps': map '%s' has no symbol"), name);
	def = btf_skip_mods(ld->btf, var->type, NULL, NULL);
	if (!def || !btf_is_struct(def))
		return object_fail(ld, BPF_OBJECT_E_BTF_MAP_STRUCT,
				   _("section '.maps': map '%s' is not a struct"), name);
	r = add_map(ld, section, ld->object->symbols[symbol].value, name, &map);
	if (r < 0)
		return r;
	member = btf_members(def);
	for (i = 0; i < btf_vlen(def); i++, member++) {
		field = btf__name_by_offset(ld->btf, member->name_off);
		if (!field || !field[0])
			return object_fail(ld, BPF_OBJECT_E_BTF_MAP_FIELD_NAME,
					   _("section '.maps': map '%s': a field has no name"), name);
		r = btf_map_field(ld, map, field, member->type);
		if (r < 0)
			return r;
	}
	return 0;
}

int object_load_btf(struct loader *ld)
{
	const struct parsed_object *obj = ld->object;
	size_t index = object_find_section(obj, ".BTF");
	const struct object_section *sec;
	libbpf_print_fn_t print;
	struct btf *btf;

	if (index == NO_INDEX)
		return 0;
	sec = &obj->sections[index];
	if (!sec->bytes || sec->size > UINT32_MAX)
		return object_fail(ld, BPF_OBJECT_E_BTF_NO_DATA,
				   _("section '.BTF': no data"));
	/* libbpf reports malformed BTF on stderr: a library here must not print */
	print = libbpf_set_print(NULL);
	btf = btf__new(sec->bytes, (uint32_t)sec->size);
	libbpf_set_print(print);
	/* libbpf before 1.0 returns error pointers, later ones NULL and errno */
	if (!btf || (uintptr_t)btf >= (uintptr_t)-4095) {
		int e = btf ? -(int)(intptr_t)btf : (errno ? errno : EINVAL);

		if (e == ENOMEM)
			return object_fail_nomem(ld);
		return object_fail(ld, BPF_OBJECT_E_BTF_PARSE,
				   _("section '.BTF': cannot parse it: %s"), strerror(e));
	}
	ld->btf = btf;
	return 0;
}

static int load_btf_maps(struct loader *ld, size_t section)
{
	struct parsed_object *obj = ld->object;
	const struct btf_var_secinfo *vsi;
	const struct btf_type *datasec;
	size_t first = obj->map_count, i;
	int id, r;

	if (!ld->btf)
		return object_fail(ld, BPF_OBJECT_E_MAPS_NEED_BTF,
				   _("section '.maps' needs the object's BTF (compile with -g)"));
	id = btf__find_by_name_kind(ld->btf, ".maps", BTF_KIND_DATASEC);
	datasec = id > 0 ? btf__type_by_id(ld->btf, id) : NULL;
	if (!datasec)
		return object_fail(ld, BPF_OBJECT_E_MAPS_NO_DATASEC,
				   _("section '.maps' has no BTF description"));
	vsi = btf_var_secinfos(datasec);
	for (i = 0; i < btf_vlen(datasec); i++, vsi++) {
		r = load_btf_map(ld, section, vsi);
		if (r < 0)
			return r;
	}
	return sort_section_maps(ld, ".maps", first);
}

int object_load_maps(struct loader *ld)
{
	struct parsed_object *obj = ld->object;
	size_t i;
	int r = 0;

	for (i = 1; i < obj->section_count && r == 0; i++) {
		if (obj->sections[i].kind == SECTION_LEGACY_MAPS)
			r = load_legacy_maps(ld, i);
		else if (obj->sections[i].kind == SECTION_BTF_MAPS)
			r = load_btf_maps(ld, i);
	}
	return r;
}

/* The BTF type of a global variable of a data section, or 0. */
static uint32_t btf_var_type(const struct btf *btf, const char *section, const char *name)
{
	const struct btf_var_secinfo *vsi;
	const struct btf_type *datasec, *var;
	int id, i;
	const char *var_name;

	if (!btf)
		return 0;
	id = btf__find_by_name_kind(btf, section, BTF_KIND_DATASEC);
	datasec = id > 0 ? btf__type_by_id(btf, id) : NULL;
	if (!datasec)
		return 0;
	vsi = btf_var_secinfos(datasec);
	for (i = 0; i < btf_vlen(datasec); i++, vsi++) {
		var = btf__type_by_id(btf, vsi->type);
		if (!var || !btf_is_var(var))
			continue;
		var_name = btf__name_by_offset(btf, var->name_off);
		if (var_name && strcmp(var_name, name) == 0)
			return var->type;
	}
	return 0;
}

bool object_btf_param_type(const struct loader *ld, const char *section, const char *name,
			   bool need_volatile, bool *ret_signed)
{
	const struct btf_type *t;
	bool is_volatile = false;
	uint32_t type;

	type = btf_var_type(ld->btf, section, name);
	t = type ? btf_skip_mods(ld->btf, type, NULL, &is_volatile) : NULL;
	if (!t || (need_volatile && !is_volatile))
		return false;
	if (btf_is_int(t)) {
		*ret_signed = btf_int_encoding(t) & BTF_INT_SIGNED;
		return true;
	}
	if (btf_is_any_enum(t)) {
		*ret_signed = btf_kflag(t);
		return true;
	}
	return false;
}

void object_free_btf(struct loader *ld)
{
	btf__free(ld->btf);
	ld->btf = NULL;
}
