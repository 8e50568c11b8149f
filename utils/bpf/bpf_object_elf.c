// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * BPF object loader, ELF reading: the ELF header and section headers, the symbol
 * table, the license, and the functions and programs of the code sections. Every
 * offset, size and index is range-checked with overflow-checked arithmetic before it
 * is used.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "bpf_object_internal.h"
#include "nls.h"

static void insn_decode(const uint8_t *p, struct bpf_insn *insn)
{
	insn->code = p[0];
	insn->dst_reg = p[1] & 0x0f;
	insn->src_reg = p[1] >> 4;
	insn->off = (int16_t)get_le16(p + 2);
	insn->imm = (int32_t)get_le32(p + 4);
}

/* The NUL-terminated string at offset in a string table section, or NULL. */
static const char *string_at(const struct object_section *strtab, uint64_t offset)
{
	if (!strtab->bytes || offset >= strtab->size)
		return NULL;
	if (!memchr(strtab->bytes + offset, '\0', strtab->size - offset))
		return NULL;
	return (const char *)strtab->bytes + offset;
}

static bool is_data_section_name(const char *name)
{
	static const char *const bases[] = { ".rodata", ".data", ".bss" };
	size_t i, n;

	for (i = 0; i < sizeof(bases) / sizeof(bases[0]); i++) {
		n = strlen(bases[i]);
		if (strncmp(name, bases[i], n) == 0 && (name[n] == '\0' || name[n] == '.'))
			return true;
	}
	return false;
}

/* -------------------------------------------------------------------------- */
/* ELF header and section headers */

static int check_elf_header(struct loader *ld)
{
	const struct parsed_object *obj = ld->object;
	const uint8_t *h = obj->data;
	uint64_t shoff, table_size, table_end;
	uint16_t shentsize, shnum, shstrndx;

	if (obj->size < EI_NIDENT || memcmp(h, ELFMAG, SELFMAG) != 0)
		return object_fail(ld, BPF_OBJECT_E_NOT_ELF, _("not an ELF file"));
	if (h[EI_CLASS] != ELFCLASS64)
		return object_fail(ld, BPF_OBJECT_E_ELF_CLASS,
				   _("ELF class %u: BPF objects are ELF64"), h[EI_CLASS]);
	if (h[EI_DATA] == ELFDATA2MSB)
		return object_fail(ld, BPF_OBJECT_E_BIG_ENDIAN,
				   _("big-endian BPF object (clang --target=bpfeb): only little-endian objects are supported"));
	if (h[EI_DATA] != ELFDATA2LSB)
		return object_fail(ld, BPF_OBJECT_E_ELF_DATA,
				   _("unknown ELF data encoding %u"), h[EI_DATA]);
	if (h[EI_VERSION] != EV_CURRENT)
		return object_fail(ld, BPF_OBJECT_E_ELF_VERSION,
				   _("unknown ELF version %u"), h[EI_VERSION]);
	if (obj->size < ELF64_EHDR_SIZE)
		return object_fail(ld, BPF_OBJECT_E_SHORT_HEADER,
				   _("truncated: %zu bytes, shorter than the ELF header"), obj->size);
	if (get_le16(h + 16) != ET_REL)
		return object_fail(ld, BPF_OBJECT_E_ELF_TYPE,
				   _("ELF type %u: expected a relocatable object (ET_REL)"),
				   get_le16(h + 16));
	if (get_le16(h + 18) != EM_BPF)
		return object_fail(ld, BPF_OBJECT_E_ELF_MACHINE,
				   _("ELF machine %u: expected BPF (%u)"), get_le16(h + 18), EM_BPF);

	shoff = get_le64(h + 40);
	shentsize = get_le16(h + 58);
	shnum = get_le16(h + 60);
	shstrndx = get_le16(h + 62);
	if (shnum == 0)
		return object_fail(ld, BPF_OBJECT_E_NO_SECTIONS, _("no section headers"));
	if (shentsize != ELF64_SHDR_SIZE)
		return object_fail(ld, BPF_OBJECT_E_SHDR_SIZE,
				   _("section header size %u: expected %u"), shentsize,
				   ELF64_SHDR_SIZE);
	if (__builtin_mul_overflow((uint64_t)shnum, (uint64_t)shentsize, &table_size) ||
	    __builtin_add_overflow(shoff, table_size, &table_end) || table_end > obj->size)
		return object_fail(ld, BPF_OBJECT_E_SHDR_BOUNDS,
				   _("truncated: %u section headers at offset 0x%llx end past the file's %zu bytes"),
				   shnum, (unsigned long long)shoff, obj->size);
	if (shoff % 8)
		return object_fail(ld, BPF_OBJECT_E_SHDR_ALIGN,
				   _("section headers at offset 0x%llx are not aligned"),
				   (unsigned long long)shoff);
	if (shstrndx == SHN_UNDEF || shstrndx >= shnum)
		return object_fail(ld, BPF_OBJECT_E_SHSTRNDX,
				   _("section name table index %u is out of range (%u sections)"),
				   shstrndx, shnum);
	return 0;
}

/* The ELF header, checked by hand first (libelf accepts what the loader must not). */
int object_open_elf(struct loader *ld)
{
	int r;

	r = check_elf_header(ld);
	if (r < 0)
		return r;
	if (elf_version(EV_CURRENT) == EV_NONE)
		return object_fail(ld, BPF_OBJECT_E_LIBELF,
				   _("libelf is too old: %s"), elf_errmsg(-1));
	ld->elf = elf_memory((char *)ld->object->data, ld->object->size);
	if (!ld->elf || elf_kind(ld->elf) != ELF_K_ELF)
		return object_fail(ld, BPF_OBJECT_E_LIBELF,
				   _("libelf cannot read it: %s"), elf_errmsg(-1));
	return 0;
}

static int read_section_header(struct loader *ld, size_t index, struct object_section *sec)
{
	const struct parsed_object *obj = ld->object;
	Elf_Scn *scn = elf_getscn(ld->elf, index);
	GElf_Shdr shdr;
	uint64_t end;

	if (!scn || !gelf_getshdr(scn, &shdr))
		return object_fail(ld, BPF_OBJECT_E_LIBELF,
				   _("section %zu: cannot read its header: %s"), index,
				   elf_errmsg(-1));
	sec->name_offset = shdr.sh_name;
	sec->type = shdr.sh_type;
	sec->flags = shdr.sh_flags;
	sec->offset = shdr.sh_offset;
	sec->size = shdr.sh_size;
	sec->link = shdr.sh_link;
	sec->info = shdr.sh_info;
	sec->entsize = shdr.sh_entsize;
	sec->name = "";
	if (sec->type == SHT_NULL)
		return 0;
	if (sec->type == SHT_NOBITS) {
		/* no bytes in the file, but a map may have to hold them */
		if (sec->size > BPF_OBJECT_FILE_MAX)
			return object_fail(ld, BPF_OBJECT_E_NOBITS_SIZE,
					   _("section %zu: %llu bytes of zeroes is too large"),
					   index, (unsigned long long)sec->size);
		return 0;
	}
	if (__builtin_add_overflow(sec->offset, sec->size, &end) || end > obj->size)
		return object_fail(ld, BPF_OBJECT_E_SECTION_BOUNDS,
				   _("section %zu: offset 0x%llx and size 0x%llx end past the file's %zu bytes"),
				   index, (unsigned long long)sec->offset,
				   (unsigned long long)sec->size, obj->size);
	sec->bytes = obj->data + sec->offset;
	return 0;
}

static void classify_section(struct object_section *sec)
{
	if ((sec->flags & SHF_EXECINSTR) && sec->type == SHT_PROGBITS)
		sec->kind = SECTION_CODE;
	else if (!(sec->flags & SHF_ALLOC))
		sec->kind = SECTION_OTHER;
	else if (strcmp(sec->name, "maps") == 0 || strcmp(sec->name, "lirc_mode2/maps") == 0)
		sec->kind = SECTION_LEGACY_MAPS;
	else if (strcmp(sec->name, ".maps") == 0)
		sec->kind = SECTION_BTF_MAPS;
	else if (is_data_section_name(sec->name) &&
		 (sec->type == SHT_PROGBITS || sec->type == SHT_NOBITS))
		sec->kind = SECTION_DATA;
	else
		sec->kind = SECTION_OTHER;
}

static int decode_code_section(struct loader *ld, struct object_section *sec)
{
	size_t i;

	if (sec->size % INSN_SIZE)
		return object_fail(ld, BPF_OBJECT_E_CODE_SIZE,
				   _("section '%s': size %llu is not a whole number of instructions"),
				   sec->name, (unsigned long long)sec->size);
	sec->insn_count = sec->size / INSN_SIZE;
	if (sec->insn_count == 0)
		return 0;
	sec->insns = calloc(sec->insn_count, sizeof(*sec->insns));
	sec->reloc_at = malloc(sec->insn_count * sizeof(*sec->reloc_at));
	if (!sec->insns || !sec->reloc_at)
		return object_fail_nomem(ld);
	for (i = 0; i < sec->insn_count; i++) {
		insn_decode(sec->bytes + i * INSN_SIZE, &sec->insns[i]);
		sec->reloc_at[i] = NO_INDEX;
	}
	return 0;
}

int object_load_sections(struct loader *ld)
{
	struct parsed_object *obj = ld->object;
	const struct object_section *names;
	size_t count, strndx, i;
	int r;

	if (elf_getshdrnum(ld->elf, &count) != 0 || elf_getshdrstrndx(ld->elf, &strndx) != 0)
		return object_fail(ld, BPF_OBJECT_E_LIBELF,
				   _("cannot read the section headers: %s"), elf_errmsg(-1));
	if (count == 0 || strndx >= count)
		return object_fail(ld, BPF_OBJECT_E_SHSTRNDX,
				   _("section name table index %zu is out of range (%zu sections)"),
				   strndx, count);
	obj->sections = calloc(count, sizeof(*obj->sections));
	if (!obj->sections)
		return object_fail_nomem(ld);
	obj->section_count = count;
	for (i = 0; i < count; i++) {
		r = read_section_header(ld, i, &obj->sections[i]);
		if (r < 0)
			return r;
	}
	names = &obj->sections[strndx];
	if (names->type != SHT_STRTAB)
		return object_fail(ld, BPF_OBJECT_E_SHSTRTAB_TYPE,
				   _("section name table (section %zu) has type %u, not SHT_STRTAB"),
				   strndx, names->type);
	for (i = 1; i < count; i++) {
		struct object_section *sec = &obj->sections[i];

		sec->name = string_at(names, sec->name_offset);
		if (!sec->name)
			return object_fail(ld, BPF_OBJECT_E_SECTION_NAME,
					   _("section %zu: name offset 0x%x is outside the section name table"),
					   i, sec->name_offset);
		classify_section(sec);
		if (sec->kind == SECTION_CODE) {
			r = decode_code_section(ld, sec);
			if (r < 0)
				return r;
		}
	}
	return 0;
}

size_t object_find_section(const struct parsed_object *obj, const char *name)
{
	size_t i;

	for (i = 1; i < obj->section_count; i++)
		if (strcmp(obj->sections[i].name, name) == 0)
			return i;
	return NO_INDEX;
}

/* -------------------------------------------------------------------------- */
/* Symbols */

static int find_symtab(struct loader *ld)
{
	struct parsed_object *obj = ld->object;
	const struct object_section *symtab, *strtab;
	size_t i;

	obj->symtab = NO_INDEX;
	for (i = 1; i < obj->section_count; i++) {
		if (obj->sections[i].type != SHT_SYMTAB)
			continue;
		if (obj->symtab != NO_INDEX)
			return object_fail(ld, BPF_OBJECT_E_SYMTABS,
					   _("several symbol tables (sections '%s' and '%s')"),
					   obj->sections[obj->symtab].name, obj->sections[i].name);
		obj->symtab = i;
	}
	if (obj->symtab == NO_INDEX)
		return object_fail(ld, BPF_OBJECT_E_NO_SYMTAB, _("no symbol table"));
	symtab = &obj->sections[obj->symtab];
	if (symtab->entsize != ELF64_SYM_SIZE || symtab->size % ELF64_SYM_SIZE)
		return object_fail(ld, BPF_OBJECT_E_SYMTAB_ENTSIZE,
				   _("section '%s': symbol table of %llu bytes with entries of %llu: expected entries of %u"),
				   symtab->name, (unsigned long long)symtab->size,
				   (unsigned long long)symtab->entsize, ELF64_SYM_SIZE);
	if (symtab->link == 0 || symtab->link >= obj->section_count)
		return object_fail(ld, BPF_OBJECT_E_STRTAB_INDEX,
				   _("section '%s': string table index %u is out of range"),
				   symtab->name, symtab->link);
	strtab = &obj->sections[symtab->link];
	if (strtab->type != SHT_STRTAB)
		return object_fail(ld, BPF_OBJECT_E_STRTAB_TYPE,
				   _("section '%s': its string table '%s' has type %u, not SHT_STRTAB"),
				   symtab->name, strtab->name, strtab->type);
	return 0;
}

static int check_symbol(struct loader *ld, size_t index, const GElf_Sym *sym,
			struct object_symbol *out)
{
	const struct parsed_object *obj = ld->object;
	const struct object_section *sec;
	uint64_t end;

	out->type = GELF_ST_TYPE(sym->st_info);
	out->bind = GELF_ST_BIND(sym->st_info);
	out->value = sym->st_value;
	out->size = sym->st_size;
	out->name = string_at(&obj->sections[obj->sections[obj->symtab].link], sym->st_name);
	if (!out->name)
		return object_fail(ld, BPF_OBJECT_E_SYMBOL_NAME,
				   _("symbol %zu: name offset 0x%x is outside the string table"),
				   index, sym->st_name);
	out->section = NO_INDEX;
	if (sym->st_shndx == SHN_UNDEF || sym->st_shndx == SHN_ABS ||
	    sym->st_shndx == SHN_COMMON)
		return 0;
	if (sym->st_shndx >= obj->section_count)
		return object_fail(ld, BPF_OBJECT_E_SYMBOL_SECTION,
				   _("symbol '%s': section index %u is out of range (%zu sections)"),
				   out->name, sym->st_shndx, obj->section_count);
	out->section = sym->st_shndx;
	sec = &obj->sections[out->section];
	if (out->type != STT_OBJECT && out->type != STT_FUNC)
		end = out->value;	/* labels and sections: only where they start */
	else if (__builtin_add_overflow(out->value, out->size, &end))
		end = UINT64_MAX;
	if (end > sec->size)
		return object_fail(ld, BPF_OBJECT_E_SYMBOL_BOUNDS,
				   _("symbol '%s': offset 0x%llx and size %llu lie outside section '%s' (%llu bytes)"),
				   out->name, (unsigned long long)out->value,
				   (unsigned long long)out->size, sec->name,
				   (unsigned long long)sec->size);
	return 0;
}

int object_load_symbols(struct loader *ld)
{
	struct parsed_object *obj = ld->object;
	Elf_Data *data;
	GElf_Sym sym;
	size_t i, count;
	int r;

	r = find_symtab(ld);
	if (r < 0)
		return r;
	count = obj->sections[obj->symtab].size / ELF64_SYM_SIZE;
	data = elf_getdata(elf_getscn(ld->elf, obj->symtab), NULL);
	if (!data || data->d_size / ELF64_SYM_SIZE < count)
		return object_fail(ld, BPF_OBJECT_E_LIBELF,
				   _("section '%s': cannot read the symbols: %s"),
				   obj->sections[obj->symtab].name, elf_errmsg(-1));
	obj->symbols = calloc(count ? count : 1, sizeof(*obj->symbols));
	if (!obj->symbols)
		return object_fail_nomem(ld);
	obj->symbol_count = count;
	for (i = 0; i < count; i++) {
		if (!gelf_getsym(data, i, &sym))
			return object_fail(ld, BPF_OBJECT_E_LIBELF,
					   _("symbol %zu: cannot read it: %s"), i, elf_errmsg(-1));
		r = check_symbol(ld, i, &sym, &obj->symbols[i]);
		if (r < 0)
			return r;
	}
	return 0;
}

/* -------------------------------------------------------------------------- */
/* License */

int object_load_license(struct loader *ld)
{
	struct parsed_object *obj = ld->object;
	size_t index = object_find_section(obj, "license");
	const struct object_section *sec;

	if (index == NO_INDEX)
		return object_fail(ld, BPF_OBJECT_E_NO_LICENSE,
				   _("no 'license' section (the kernel needs a GPL-compatible license for the rc helpers)"));
	sec = &obj->sections[index];
	if (!sec->bytes || sec->size == 0 || !memchr(sec->bytes, '\0', sec->size))
		return object_fail(ld, BPF_OBJECT_E_LICENSE_STRING,
				   _("section 'license': not a NUL-terminated string"));
	if (strlen((const char *)sec->bytes) >= sizeof(obj->license))
		return object_fail(ld, BPF_OBJECT_E_LICENSE_LENGTH,
				   _("section 'license': longer than %zu bytes"),
				   sizeof(obj->license) - 1);
	copy_name(obj->license, (const char *)sec->bytes);
	return 0;
}

/* -------------------------------------------------------------------------- */
/* Functions and programs */

static int compare_functions(const void *a, const void *b)
{
	const struct object_function *x = a, *y = b;

	if (x->first != y->first)
		return x->first < y->first ? -1 : 1;
	/* aliases: the global name first */
	return (int)y->global - (int)x->global;
}

static int collect_functions(struct loader *ld, size_t section)
{
	struct parsed_object *obj = ld->object;
	struct object_section *sec = &obj->sections[section];
	struct object_function *fn;
	size_t i, n = 0, kept;

	for (i = 0; i < obj->symbol_count; i++)
		if (obj->symbols[i].section == section && obj->symbols[i].type == STT_FUNC)
			n++;
	sec->functions = calloc(n ? n : 1, sizeof(*sec->functions));
	if (!sec->functions)
		return object_fail_nomem(ld);
	if (n == 0) {
		/* No symbols (hand-written code): the section is one function. */
		sec->functions[0].count = sec->insn_count;
		sec->functions[0].name = "";
		sec->function_count = sec->insn_count ? 1 : 0;
		return 0;
	}
	for (i = 0; i < obj->symbol_count; i++) {
		const struct object_symbol *sym = &obj->symbols[i];

		if (sym->section != section || sym->type != STT_FUNC)
			continue;
		if (sym->value % INSN_SIZE || sym->size % INSN_SIZE)
			return object_fail(ld, BPF_OBJECT_E_FUNCTION_ALIGN,
					   _("section '%s': function '%s' at offset 0x%llx, size %llu, is not made of whole instructions"),
					   sec->name, sym->name, (unsigned long long)sym->value,
					   (unsigned long long)sym->size);
		fn = &sec->functions[sec->function_count++];
		fn->first = sym->value / INSN_SIZE;
		fn->count = sym->size / INSN_SIZE;
		fn->name = sym->name;
		fn->global = symbol_is_global(sym);
	}
	qsort(sec->functions, sec->function_count, sizeof(*fn), compare_functions);
	for (i = 0, kept = 0; i < sec->function_count; i++) {
		fn = &sec->functions[i];
		if (kept && fn->first == sec->functions[kept - 1].first &&
		    fn->count == sec->functions[kept - 1].count)
			continue;	/* an alias */
		if (kept && fn->first < sec->functions[kept - 1].first + sec->functions[kept - 1].count)
			return object_fail(ld, BPF_OBJECT_E_FUNCTION_OVERLAP,
					   _("section '%s': functions '%s' and '%s' overlap"), sec->name,
					   sec->functions[kept - 1].name, fn->name);
		sec->functions[kept++] = *fn;
	}
	sec->function_count = kept;
	/* A size of 0 (assembly) runs to the next function or the end of the section. */
	for (i = 0; i < kept; i++) {
		fn = &sec->functions[i];
		if (fn->count == 0)
			fn->count = (i + 1 < kept ? sec->functions[i + 1].first : sec->insn_count) -
				    fn->first;
		/* At the section's end or where another starts: a program of nothing. */
		if (fn->count == 0)
			return object_fail(ld, BPF_OBJECT_E_FUNCTION_EMPTY,
					   _("section '%s': function '%s' at offset 0x%llx has no instructions"),
					   sec->name, fn->name,
					   (unsigned long long)fn->first * INSN_SIZE);
	}
	return 0;
}

/* The function of a section that starts at insn, or NO_INDEX. */
size_t object_function_starting_at(const struct object_section *sec, size_t insn)
{
	size_t lo = 0, hi = sec->function_count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (sec->functions[mid].first == insn)
			return mid;
		if (sec->functions[mid].first < insn)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NO_INDEX;
}

/* The function of a section that contains insn, or NO_INDEX. */
size_t object_function_containing(const struct object_section *sec, size_t insn)
{
	size_t i;

	for (i = 0; i < sec->function_count; i++)
		if (insn >= sec->functions[i].first &&
		    insn - sec->functions[i].first < sec->functions[i].count)
			return i;
	return NO_INDEX;
}

static int add_program(struct loader *ld, size_t section, size_t function, const char *name)
{
	struct parsed_object *obj = ld->object;
	struct object_program *programs;

	programs = realloc(obj->programs, (obj->program_count + 1) * sizeof(*programs));
	if (!programs)
		return object_fail_nomem(ld);
	obj->programs = programs;
	programs[obj->program_count].section = section;
	programs[obj->program_count].function = function;
	programs[obj->program_count].name = name;
	obj->program_count++;
	return 0;
}

/* One program per executable section other than .text; per global function if several. */
static int load_programs(struct loader *ld, size_t section)
{
	const struct object_section *sec = &ld->object->sections[section];
	size_t i, globals = 0;
	int r;

	for (i = 0; i < sec->function_count; i++)
		globals += sec->functions[i].global;
	if (globals == 0) {
		if (sec->function_count == 1)
			return add_program(ld, section, 0, sec->name);
		return object_fail(ld, BPF_OBJECT_E_NO_ENTRY,
				   _("section '%s': %zu static functions and no global one to start at"),
				   sec->name, sec->function_count);
	}
	for (i = 0; i < sec->function_count; i++) {
		if (!sec->functions[i].global)
			continue;
		r = add_program(ld, section, i, globals == 1 ? sec->name : sec->functions[i].name);
		if (r < 0)
			return r;
	}
	return 0;
}

int object_load_functions(struct loader *ld)
{
	struct parsed_object *obj = ld->object;
	size_t i;
	int r;

	for (i = 1; i < obj->section_count; i++) {
		if (obj->sections[i].kind != SECTION_CODE)
			continue;
		r = collect_functions(ld, i);
		if (r < 0)
			return r;
		if (strcmp(obj->sections[i].name, ".text") == 0 || obj->sections[i].insn_count == 0)
			continue;
		r = load_programs(ld, i);
		if (r < 0)
			return r;
	}
	if (obj->program_count == 0)
		return object_fail(ld, BPF_OBJECT_E_NO_PROGRAM,
				   _("no program: no executable section other than .text (SEC(\"lirc_mode2\") is missing?)"));
	return 0;
}
