// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * BPF ELF objects: parsing and checking (here, all at open time), then relocation of
 * one program into a struct bpf_image (bpf_object_relocate(), at the end).
 *
 * Everything that can be wrong with the file is found by bpf_object_open_memory():
 * every offset, size and index is range-checked with overflow-checked arithmetic
 * before it is used, and every relocation is resolved to its target (a map, a place
 * in a global data section, or the first instruction of a function). Relocating
 * afterwards can only fail for the caller's reasons (an unknown program, a parameter
 * value out of range) or for lack of memory.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <linux/btf.h>

#include "bpf_flow.h"
#include "bpf_object.h"
#include "nls.h"

/* glibc's elf.h names only some of the BPF relocation types. */
#ifndef R_BPF_NONE
#define R_BPF_NONE 0
#endif
#ifndef R_BPF_64_64
#define R_BPF_64_64 1
#endif
#ifndef R_BPF_64_ABS64
#define R_BPF_64_ABS64 2
#endif
#ifndef R_BPF_64_ABS32
#define R_BPF_64_ABS32 3
#endif
#ifndef R_BPF_64_NODYLD32
#define R_BPF_64_NODYLD32 4
#endif
#ifndef R_BPF_64_32
#define R_BPF_64_32 10
#endif
#ifndef EM_BPF
#define EM_BPF 247
#endif

#define INSN_SIZE 8				/* sizeof(struct bpf_insn) in the file */
#define ELF64_EHDR_SIZE 64
#define ELF64_SHDR_SIZE 64
#define ELF64_SYM_SIZE 24
#define ELF64_REL_SIZE 16
#define LEGACY_MAP_DEF_MIN 20			/* type .. map_flags */
#define LEGACY_MAP_DEF_MAX 28			/* .. inner_map_idx, numa_node */
#define BTF_CHAIN_MAX 32			/* modifiers and typedefs followed */
#define NO_INDEX SIZE_MAX

enum section_kind {
	SECTION_OTHER,
	SECTION_CODE,		/* executable PROGBITS: programs and .text */
	SECTION_LEGACY_MAPS,	/* "maps", "lirc_mode2/maps": struct bpf_map_def */
	SECTION_BTF_MAPS,	/* ".maps" */
	SECTION_DATA,		/* .rodata*, .data*, .bss*: global data */
	SECTION_KIND_MAX,
};

struct object_function {
	size_t first;		/* instruction index in its section */
	size_t count;
	const char *name;	/* "" when the section has no function symbols */
	bool global;
};

struct object_section {
	const char *name;
	uint32_t name_offset;		/* in the section name table */
	uint32_t type;
	uint64_t flags;
	uint64_t offset;
	uint64_t size;
	uint32_t link;
	uint32_t info;
	uint64_t entsize;
	const uint8_t *bytes;		/* into object->data; NULL for SHT_NOBITS */
	enum section_kind kind;
	/* SECTION_CODE */
	struct bpf_insn *insns;
	size_t insn_count;
	size_t *reloc_at;		/* per instruction: index in object->relocs */
	struct object_function *functions;	/* sorted by first */
	size_t function_count;
};

struct object_symbol {
	const char *name;
	uint64_t value;
	uint64_t size;
	size_t section;			/* NO_INDEX: undefined, absolute or common */
	unsigned char type;		/* STT_* */
	unsigned char bind;		/* STB_* */
};

enum reloc_target {
	TARGET_MAP,			/* ld_imm64 of a map */
	TARGET_DATA,			/* ld_imm64 of a place in global data */
	TARGET_CALL,			/* call of a function */
	TARGET_MAX,
};

struct object_reloc {
	size_t section;			/* the code section */
	size_t insn;
	uint32_t type;
	size_t symbol;
	enum reloc_target target;
	size_t map;			/* TARGET_MAP */
	size_t target_section;		/* TARGET_DATA, TARGET_CALL */
	uint64_t target_offset;		/* TARGET_DATA: byte offset */
	size_t target_insn;		/* TARGET_CALL */
	size_t address_param;		/* TARGET_DATA: a BPF_PARAM_ADDRESS, or NO_INDEX */
};

struct object_map {
	struct bpf_map_spec spec;	/* initial_value stays NULL */
	size_t section;
	uint64_t offset;
};

struct object_param {
	const char *name;
	enum bpf_param_kind kind;
	size_t section;
	uint64_t offset;
	unsigned int size;
	bool is_signed;
	int64_t default_value;
};

struct object_program {
	const char *name;		/* section name, or function name if it shares one */
	size_t section;
	size_t function;		/* index in the section's functions */
};

/* How the code uses one global of .data/.bss: decides parameter or memory. */
struct symbol_use {
	unsigned int uses;		/* enum bpf_flow_use */
	size_t memory_section, memory_insn;
	size_t value_section, value_insn;
};

struct bpf_object {
	char *name;
	uint8_t *data;
	size_t size;
	char license[BPF_IMAGE_NAME_MAX];
	struct object_section *sections;
	size_t section_count;
	struct object_symbol *symbols;
	size_t symbol_count;
	size_t symtab;			/* index of the SHT_SYMTAB section */
	struct object_reloc *relocs;
	size_t reloc_count;
	struct object_map *maps;
	size_t map_count;
	struct object_param *params;
	size_t param_count;
	struct object_program *programs;
	size_t program_count;
};

/* State of one bpf_object_open_memory() call. */
struct loader {
	struct bpf_object *object;
	struct ir_error *err;
	Elf *elf;
	struct btf *btf;		/* NULL when the object has no .BTF */
	struct symbol_use *uses;	/* per symbol */
	/*
	 * The code relocation being resolved, named in its errors. Kept as fields and
	 * formatted only on failure: a message per relocation would cost more than
	 * resolving it.
	 */
	const char *reloc_section;
	size_t reloc_index;
	uint32_t reloc_type;
	unsigned long long reloc_offset;
};

/* -------------------------------------------------------------------------- */
/* Small helpers */

__attribute__((format(printf, 2, 3)))
static int fail(struct loader *ld, const char *fmt, ...)
{
	char text[IR_ERROR_MESSAGE_MAX];
	va_list args;
	char *c;

	va_start(args, fmt);
	vsnprintf(text, sizeof(text), fmt, args);
	va_end(args);
	/* names come from the file: keep terminal control characters out */
	for (c = text; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = '?';
	ir_error_set_at(ld->err, ld->object->name, 0, 0, "%s", text);
	return -ENOEXEC;
}

static const char *reloc_type_name(uint32_t type);

/* fail() for the code relocation the loader is at, named before the reason. */
__attribute__((format(printf, 2, 3)))
static int reloc_fail(struct loader *ld, const char *fmt, ...)
{
	char reason[IR_ERROR_MESSAGE_MAX];
	va_list args;

	va_start(args, fmt);
	vsnprintf(reason, sizeof(reason), fmt, args);
	va_end(args);
	return fail(ld, _("section '%s': relocation %zu (%s, type %u) at offset 0x%llx: %s"),
		    ld->reloc_section, ld->reloc_index, reloc_type_name(ld->reloc_type),
		    ld->reloc_type, ld->reloc_offset, reason);
}

static int fail_nomem(struct loader *ld)
{
	ir_error_set_at(ld->err, ld->object->name, 0, 0, "%s", _("out of memory"));
	return -ENOMEM;
}

static uint16_t get_le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t get_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static uint64_t get_le64(const uint8_t *p)
{
	return (uint64_t)get_le32(p) | (uint64_t)get_le32(p + 4) << 32;
}

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

static void put_le_int(uint8_t *p, unsigned int size, int64_t value)
{
	unsigned int i;

	for (i = 0; i < size; i++)
		p[i] = (uint8_t)((uint64_t)value >> (8 * i));
}

static void insn_decode(const uint8_t *p, struct bpf_insn *insn)
{
	insn->code = p[0];
	insn->dst_reg = p[1] & 0x0f;
	insn->src_reg = p[1] >> 4;
	insn->off = (int16_t)get_le16(p + 2);
	insn->imm = (int32_t)get_le32(p + 4);
}

static bool insn_is_ld_imm64(const struct bpf_insn *insn)
{
	return insn->code == (BPF_LD | BPF_IMM | BPF_DW);
}

static bool insn_is_pseudo_call(const struct bpf_insn *insn)
{
	return insn->code == (BPF_JMP | BPF_CALL) && insn->src_reg == BPF_PSEUDO_CALL;
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

static bool symbol_is_global(const struct object_symbol *sym)
{
	return sym->bind == STB_GLOBAL || sym->bind == STB_WEAK;
}

static void copy_name(char *dst, const char *src)
{
	snprintf(dst, BPF_IMAGE_NAME_MAX, "%s", src);
}

/* -------------------------------------------------------------------------- */
/* ELF header and section headers */

static int check_elf_header(struct loader *ld)
{
	const struct bpf_object *obj = ld->object;
	const uint8_t *h = obj->data;
	uint64_t shoff, table_size, table_end;
	uint16_t shentsize, shnum, shstrndx;

	if (obj->size < EI_NIDENT || memcmp(h, ELFMAG, SELFMAG) != 0)
		return fail(ld, _("not an ELF file"));
	if (h[EI_CLASS] != ELFCLASS64)
		return fail(ld, _("ELF class %u: BPF objects are ELF64"), h[EI_CLASS]);
	if (h[EI_DATA] == ELFDATA2MSB)
		return fail(ld, _("big-endian BPF object (clang --target=bpfeb): only little-endian objects are supported"));
	if (h[EI_DATA] != ELFDATA2LSB)
		return fail(ld, _("unknown ELF data encoding %u"), h[EI_DATA]);
	if (h[EI_VERSION] != EV_CURRENT)
		return fail(ld, _("unknown ELF version %u"), h[EI_VERSION]);
	if (obj->size < ELF64_EHDR_SIZE)
		return fail(ld, _("truncated: %zu bytes, shorter than the ELF header"), obj->size);
	if (get_le16(h + 16) != ET_REL)
		return fail(ld, _("ELF type %u: expected a relocatable object (ET_REL)"),
			    get_le16(h + 16));
	if (get_le16(h + 18) != EM_BPF)
		return fail(ld, _("ELF machine %u: expected BPF (%u)"), get_le16(h + 18), EM_BPF);

	shoff = get_le64(h + 40);
	shentsize = get_le16(h + 58);
	shnum = get_le16(h + 60);
	shstrndx = get_le16(h + 62);
	if (shnum == 0)
		return fail(ld, _("no section headers"));
	if (shentsize != ELF64_SHDR_SIZE)
		return fail(ld, _("section header size %u: expected %u"), shentsize,
			    ELF64_SHDR_SIZE);
	if (__builtin_mul_overflow((uint64_t)shnum, (uint64_t)shentsize, &table_size) ||
	    __builtin_add_overflow(shoff, table_size, &table_end) || table_end > obj->size)
		return fail(ld, _("truncated: %u section headers at offset 0x%llx end past the file's %zu bytes"),
			    shnum, (unsigned long long)shoff, obj->size);
	if (shoff % 8)
		return fail(ld, _("section headers at offset 0x%llx are not aligned"),
			    (unsigned long long)shoff);
	if (shstrndx == SHN_UNDEF || shstrndx >= shnum)
		return fail(ld, _("section name table index %u is out of range (%u sections)"),
			    shstrndx, shnum);
	return 0;
}

static int read_section_header(struct loader *ld, size_t index, struct object_section *sec)
{
	const struct bpf_object *obj = ld->object;
	Elf_Scn *scn = elf_getscn(ld->elf, index);
	GElf_Shdr shdr;
	uint64_t end;

	if (!scn || !gelf_getshdr(scn, &shdr))
		return fail(ld, _("section %zu: cannot read its header: %s"), index,
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
			return fail(ld, _("section %zu: %llu bytes of zeroes is too large"),
				    index, (unsigned long long)sec->size);
		return 0;
	}
	if (__builtin_add_overflow(sec->offset, sec->size, &end) || end > obj->size)
		return fail(ld, _("section %zu: offset 0x%llx and size 0x%llx end past the file's %zu bytes"),
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
		return fail(ld, _("section '%s': size %llu is not a whole number of instructions"),
			    sec->name, (unsigned long long)sec->size);
	sec->insn_count = sec->size / INSN_SIZE;
	if (sec->insn_count == 0)
		return 0;
	sec->insns = calloc(sec->insn_count, sizeof(*sec->insns));
	sec->reloc_at = malloc(sec->insn_count * sizeof(*sec->reloc_at));
	if (!sec->insns || !sec->reloc_at)
		return fail_nomem(ld);
	for (i = 0; i < sec->insn_count; i++) {
		insn_decode(sec->bytes + i * INSN_SIZE, &sec->insns[i]);
		sec->reloc_at[i] = NO_INDEX;
	}
	return 0;
}

static int load_sections(struct loader *ld)
{
	struct bpf_object *obj = ld->object;
	const struct object_section *names;
	size_t count, strndx, i;
	int r;

	if (elf_getshdrnum(ld->elf, &count) != 0 || elf_getshdrstrndx(ld->elf, &strndx) != 0)
		return fail(ld, _("cannot read the section headers: %s"), elf_errmsg(-1));
	if (count == 0 || strndx >= count)
		return fail(ld, _("section name table index %zu is out of range (%zu sections)"),
			    strndx, count);
	obj->sections = calloc(count, sizeof(*obj->sections));
	if (!obj->sections)
		return fail_nomem(ld);
	obj->section_count = count;
	for (i = 0; i < count; i++) {
		r = read_section_header(ld, i, &obj->sections[i]);
		if (r < 0)
			return r;
	}
	names = &obj->sections[strndx];
	if (names->type != SHT_STRTAB)
		return fail(ld, _("section name table (section %zu) has type %u, not SHT_STRTAB"),
			    strndx, names->type);
	for (i = 1; i < count; i++) {
		struct object_section *sec = &obj->sections[i];

		sec->name = string_at(names, sec->name_offset);
		if (!sec->name)
			return fail(ld, _("section %zu: name offset 0x%x is outside the section name table"),
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

static size_t find_section(const struct bpf_object *obj, const char *name)
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
	struct bpf_object *obj = ld->object;
	const struct object_section *symtab, *strtab;
	size_t i;

	obj->symtab = NO_INDEX;
	for (i = 1; i < obj->section_count; i++) {
		if (obj->sections[i].type != SHT_SYMTAB)
			continue;
		if (obj->symtab != NO_INDEX)
			return fail(ld, _("several symbol tables (sections '%s' and '%s')"),
				    obj->sections[obj->symtab].name, obj->sections[i].name);
		obj->symtab = i;
	}
	if (obj->symtab == NO_INDEX)
		return fail(ld, _("no symbol table"));
	symtab = &obj->sections[obj->symtab];
	if (symtab->entsize != ELF64_SYM_SIZE || symtab->size % ELF64_SYM_SIZE)
		return fail(ld, _("section '%s': symbol table of %llu bytes with entries of %llu: expected entries of %u"),
			    symtab->name, (unsigned long long)symtab->size,
			    (unsigned long long)symtab->entsize, ELF64_SYM_SIZE);
	if (symtab->link == 0 || symtab->link >= obj->section_count)
		return fail(ld, _("section '%s': string table index %u is out of range"),
			    symtab->name, symtab->link);
	strtab = &obj->sections[symtab->link];
	if (strtab->type != SHT_STRTAB)
		return fail(ld, _("section '%s': its string table '%s' has type %u, not SHT_STRTAB"),
			    symtab->name, strtab->name, strtab->type);
	return 0;
}

static int check_symbol(struct loader *ld, size_t index, const GElf_Sym *sym,
			struct object_symbol *out)
{
	const struct bpf_object *obj = ld->object;
	const struct object_section *sec;
	uint64_t end;

	out->type = GELF_ST_TYPE(sym->st_info);
	out->bind = GELF_ST_BIND(sym->st_info);
	out->value = sym->st_value;
	out->size = sym->st_size;
	out->name = string_at(&obj->sections[obj->sections[obj->symtab].link], sym->st_name);
	if (!out->name)
		return fail(ld, _("symbol %zu: name offset 0x%x is outside the string table"),
			    index, sym->st_name);
	out->section = NO_INDEX;
	if (sym->st_shndx == SHN_UNDEF || sym->st_shndx == SHN_ABS ||
	    sym->st_shndx == SHN_COMMON)
		return 0;
	if (sym->st_shndx >= obj->section_count)
		return fail(ld, _("symbol '%s': section index %u is out of range (%zu sections)"),
			    out->name, sym->st_shndx, obj->section_count);
	out->section = sym->st_shndx;
	sec = &obj->sections[out->section];
	if (out->type != STT_OBJECT && out->type != STT_FUNC)
		end = out->value;	/* labels and sections: only where they start */
	else if (__builtin_add_overflow(out->value, out->size, &end))
		end = UINT64_MAX;
	if (end > sec->size)
		return fail(ld, _("symbol '%s': offset 0x%llx and size %llu lie outside section '%s' (%llu bytes)"),
			    out->name, (unsigned long long)out->value,
			    (unsigned long long)out->size, sec->name,
			    (unsigned long long)sec->size);
	return 0;
}

static int load_symbols(struct loader *ld)
{
	struct bpf_object *obj = ld->object;
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
		return fail(ld, _("section '%s': cannot read the symbols: %s"),
			    obj->sections[obj->symtab].name, elf_errmsg(-1));
	obj->symbols = calloc(count ? count : 1, sizeof(*obj->symbols));
	if (!obj->symbols)
		return fail_nomem(ld);
	obj->symbol_count = count;
	for (i = 0; i < count; i++) {
		if (!gelf_getsym(data, i, &sym))
			return fail(ld, _("symbol %zu: cannot read it: %s"), i, elf_errmsg(-1));
		r = check_symbol(ld, i, &sym, &obj->symbols[i]);
		if (r < 0)
			return r;
	}
	return 0;
}

/* -------------------------------------------------------------------------- */
/* License */

static int load_license(struct loader *ld)
{
	struct bpf_object *obj = ld->object;
	size_t index = find_section(obj, "license");
	const struct object_section *sec;

	if (index == NO_INDEX)
		return fail(ld, _("no 'license' section (the kernel needs a GPL-compatible license for the rc helpers)"));
	sec = &obj->sections[index];
	if (!sec->bytes || sec->size == 0 || !memchr(sec->bytes, '\0', sec->size))
		return fail(ld, _("section 'license': not a NUL-terminated string"));
	if (strlen((const char *)sec->bytes) >= sizeof(obj->license))
		return fail(ld, _("section 'license': longer than %zu bytes"),
			    sizeof(obj->license) - 1);
	copy_name(obj->license, (const char *)sec->bytes);
	return 0;
}

/* -------------------------------------------------------------------------- */
/* Maps */

static int add_map(struct loader *ld, size_t section, uint64_t offset, const char *name,
		   struct object_map **ret_map)
{
	struct bpf_object *obj = ld->object;
	struct object_map *maps;

	maps = realloc(obj->maps, (obj->map_count + 1) * sizeof(*maps));
	if (!maps)
		return fail_nomem(ld);
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
		return fail(ld, _("section '%s': map '%s' at offset 0x%llx is not on a %llu-byte boundary"),
			    sec->name, sym->name, (unsigned long long)sym->value,
			    (unsigned long long)def_size);
	if (def_size > sec->size - sym->value)	/* value <= size: check_symbol() */
		return fail(ld, _("section '%s': map '%s' at offset 0x%llx ends past the section"),
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
		return fail(ld, _("section '%s': map '%s': inner_map_idx %u (maps of maps) is not supported"),
			    sec->name, sym->name, inner_map_idx);
	if (map->spec.flags & BPF_F_NUMA_NODE)
		return fail(ld, _("section '%s': map '%s': BPF_F_NUMA_NODE is not supported"),
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

/* struct bpf_map_def of 20 to 28 bytes; the size is the section's over its maps. */
static int load_legacy_maps(struct loader *ld, size_t section)
{
	struct bpf_object *obj = ld->object;
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
		return fail(ld, _("section '%s': %llu bytes of map definitions but no map symbols"),
			    sec->name, (unsigned long long)sec->size);
	}
	def_size = sec->size / count;
	if (sec->size % count || def_size < LEGACY_MAP_DEF_MIN ||
	    def_size > LEGACY_MAP_DEF_MAX || def_size % 4)
		return fail(ld, _("section '%s': %llu bytes for %zu maps: a map definition has 20 to 28 bytes"),
			    sec->name, (unsigned long long)sec->size, count);
	for (i = 0; i < obj->symbol_count; i++) {
		if (!is_map_symbol(&obj->symbols[i], section))
			continue;
		r = parse_legacy_map(ld, section, &obj->symbols[i], def_size);
		if (r < 0)
			return r;
	}
	qsort(obj->maps + first, obj->map_count - first, sizeof(*obj->maps), compare_maps);
	for (i = first + 1; i < obj->map_count; i++)
		if (obj->maps[i].offset == obj->maps[i - 1].offset)
			return fail(ld, _("section '%s': maps '%s' and '%s' are at the same offset"),
				    sec->name, obj->maps[i - 1].spec.name, obj->maps[i].spec.name);
	return 0;
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
		return fail(ld, _("section '.maps': map '%s': field '%s' is not __uint(%s, N)"),
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
		return fail(ld, _("section '.maps': map '%s': field '%s' is not __type(%s, T)"),
			    map, field, field);
	size = btf__resolve_size(ld->btf, t->type);
	if (size <= 0 || size > UINT32_MAX)
		return fail(ld, _("section '.maps': map '%s': the type of '%s' has no usable size"),
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
			return fail(ld, _("section '.maps': map '%s': %s of %u bytes disagrees with %s_size %u"),
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
			return fail(ld, _("section '.maps': map '%s': %s %u disagrees with its type's size %u"),
				    spec->name, field, value, *dst);
		*dst = value;
	} else if (strcmp(field, "pinning") == 0 || strcmp(field, "numa_node") == 0 ||
		   strcmp(field, "map_extra") == 0) {
		if (value != 0)
			return fail(ld, _("section '.maps': map '%s': field '%s' is not supported"),
				    spec->name, field);
	} else {
		return fail(ld, _("section '.maps': map '%s': unknown field '%s'"), spec->name, field);
	}
	return 0;
}

static size_t find_symbol_in(const struct bpf_object *obj, size_t section, const char *name)
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
		return fail(ld, _("section '.maps': BTF type %u is not a named variable"), vsi->type);
	symbol = find_symbol_in(ld->object, section, name);
	if (symbol == NO_INDEX)
		return fail(ld, _("section '.maps': map '%s' has no symbol"), name);
	def = btf_skip_mods(ld->btf, var->type, NULL, NULL);
	if (!def || !btf_is_struct(def))
		return fail(ld, _("section '.maps': map '%s' is not a struct"), name);
	r = add_map(ld, section, ld->object->symbols[symbol].value, name, &map);
	if (r < 0)
		return r;
	member = btf_members(def);
	for (i = 0; i < btf_vlen(def); i++, member++) {
		field = btf__name_by_offset(ld->btf, member->name_off);
		if (!field || !field[0])
			return fail(ld, _("section '.maps': map '%s': a field has no name"), name);
		r = btf_map_field(ld, map, field, member->type);
		if (r < 0)
			return r;
	}
	return 0;
}

static int load_btf(struct loader *ld)
{
	const struct bpf_object *obj = ld->object;
	size_t index = find_section(obj, ".BTF");
	const struct object_section *sec;
	libbpf_print_fn_t print;
	struct btf *btf;

	if (index == NO_INDEX)
		return 0;
	sec = &obj->sections[index];
	if (!sec->bytes || sec->size > UINT32_MAX)
		return fail(ld, _("section '.BTF': no data"));
	/* libbpf reports malformed BTF on stderr: a library here must not print */
	print = libbpf_set_print(NULL);
	btf = btf__new(sec->bytes, (uint32_t)sec->size);
	libbpf_set_print(print);
	/* libbpf before 1.0 returns error pointers, later ones NULL and errno */
	if (!btf || (uintptr_t)btf >= (uintptr_t)-4095) {
		int e = btf ? -(int)(intptr_t)btf : (errno ? errno : EINVAL);

		if (e == ENOMEM)
			return fail_nomem(ld);
		return fail(ld, _("section '.BTF': cannot parse it: %s"), strerror(e));
	}
	ld->btf = btf;
	return 0;
}

static int load_btf_maps(struct loader *ld, size_t section)
{
	struct bpf_object *obj = ld->object;
	const struct btf_var_secinfo *vsi;
	const struct btf_type *datasec;
	size_t first = obj->map_count, i;
	int id, r;

	if (!ld->btf)
		return fail(ld, _("section '.maps' needs the object's BTF (compile with -g)"));
	id = btf__find_by_name_kind(ld->btf, ".maps", BTF_KIND_DATASEC);
	datasec = id > 0 ? btf__type_by_id(ld->btf, id) : NULL;
	if (!datasec)
		return fail(ld, _("section '.maps' has no BTF description"));
	vsi = btf_var_secinfos(datasec);
	for (i = 0; i < btf_vlen(datasec); i++, vsi++) {
		r = load_btf_map(ld, section, vsi);
		if (r < 0)
			return r;
	}
	qsort(obj->maps + first, obj->map_count - first, sizeof(*obj->maps), compare_maps);
	for (i = first + 1; i < obj->map_count; i++)
		if (obj->maps[i].offset == obj->maps[i - 1].offset)
			return fail(ld, _("section '.maps': maps '%s' and '%s' are at the same offset"),
				    obj->maps[i - 1].spec.name, obj->maps[i].spec.name);
	return 0;
}

static int load_maps(struct loader *ld)
{
	struct bpf_object *obj = ld->object;
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
	struct bpf_object *obj = ld->object;
	struct object_section *sec = &obj->sections[section];
	struct object_function *fn;
	size_t i, n = 0, kept;

	for (i = 0; i < obj->symbol_count; i++)
		if (obj->symbols[i].section == section && obj->symbols[i].type == STT_FUNC)
			n++;
	sec->functions = calloc(n ? n : 1, sizeof(*sec->functions));
	if (!sec->functions)
		return fail_nomem(ld);
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
			return fail(ld, _("section '%s': function '%s' at offset 0x%llx, size %llu, is not made of whole instructions"),
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
			return fail(ld, _("section '%s': functions '%s' and '%s' overlap"), sec->name,
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
			return fail(ld, _("section '%s': function '%s' at offset 0x%llx has no instructions"),
				    sec->name, fn->name,
				    (unsigned long long)fn->first * INSN_SIZE);
	}
	return 0;
}

/* The function of a section that starts at insn, or NO_INDEX. */
static size_t function_starting_at(const struct object_section *sec, size_t insn)
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
static size_t function_containing(const struct object_section *sec, size_t insn)
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
	struct bpf_object *obj = ld->object;
	struct object_program *programs;

	programs = realloc(obj->programs, (obj->program_count + 1) * sizeof(*programs));
	if (!programs)
		return fail_nomem(ld);
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
		return fail(ld, _("section '%s': %zu static functions and no global one to start at"),
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

static int load_functions_and_programs(struct loader *ld)
{
	struct bpf_object *obj = ld->object;
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
		return fail(ld, _("no program: no executable section other than .text (SEC(\"lirc_mode2\") is missing?)"));
	return 0;
}

/* -------------------------------------------------------------------------- */
/* Relocations */

static size_t find_map_at(const struct bpf_object *obj, size_t section, uint64_t offset)
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
	const struct bpf_object *obj = ld->object;
	const struct object_section *code = &obj->sections[rel->section];
	const struct object_symbol *sym = &obj->symbols[rel->symbol];
	const struct object_section *target;
	size_t fn;
	int64_t offset;

	if (rel->insn + 1 >= code->insn_count || !insn_is_ld_imm64(&code->insns[rel->insn]))
		return reloc_fail(ld, _("R_BPF_64_64 is not on an ld_imm64 instruction"));
	fn = function_containing(code, rel->insn);
	if (fn != NO_INDEX && rel->insn + 1 >= code->functions[fn].first + code->functions[fn].count)
		return reloc_fail(ld, _("the ld_imm64 instruction crosses the end of function '%s'"),
			    code->functions[fn].name);
	if (sym->section == NO_INDEX)
		return reloc_fail(ld, _("symbol '%s' is not defined in the object (extern variables, kconfig and ksyms are not supported)"),
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
			return reloc_fail(ld, _("no map starts at offset %lld of section '%s'"),
				    (long long)offset, target->name);
		return 0;
	case SECTION_DATA:
		/* A map value's address, so inside it: the kernel refuses off >= value_size. */
		if (offset < 0 || (uint64_t)offset >= target->size)
			return reloc_fail(ld, _("offset %lld is outside section '%s' (%llu bytes)"),
				    (long long)offset, target->name,
				    (unsigned long long)target->size);
		if (target->size == 0 || target->size > UINT32_MAX)
			return reloc_fail(ld, _("section '%s' of %llu bytes cannot be a map value"),
				    target->name, (unsigned long long)target->size);
		rel->target = TARGET_DATA;
		rel->target_offset = (uint64_t)offset;
		return 0;
	case SECTION_CODE:
		return reloc_fail(ld, _("the address of function '%s' is taken (callbacks are not supported)"),
			    sym->name);
	default:
		return reloc_fail(ld, _("symbol '%s' is in section '%s', which holds neither maps nor global data"),
			    sym->name, target->name);
	}
}

/* Where a call relocation points: (S + A) / 8 - 1 is in the call's imm. */
static int resolve_call(struct loader *ld, struct object_reloc *rel)
{
	const struct bpf_object *obj = ld->object;
	const struct object_section *code = &obj->sections[rel->section];
	const struct object_symbol *sym = &obj->symbols[rel->symbol];
	const struct object_section *target;
	int64_t offset;

	if (!insn_is_pseudo_call(&code->insns[rel->insn]))
		return reloc_fail(ld, _("R_BPF_64_32 is not on a BPF-to-BPF call instruction"));
	if (sym->section == NO_INDEX)
		return reloc_fail(ld, _("call to '%s', which is not defined in the object (extern functions and kfuncs are not supported)"),
			    sym->name);
	target = &obj->sections[sym->section];
	if (target->kind != SECTION_CODE)
		return reloc_fail(ld, _("call to '%s' in section '%s', which is not code"),
			    sym->name, target->name);
	offset = (int64_t)sym->value + ((int64_t)code->insns[rel->insn].imm + 1) * INSN_SIZE;
	if (offset < 0 || offset % INSN_SIZE || (uint64_t)offset / INSN_SIZE >= target->insn_count ||
	    function_starting_at(target, (uint64_t)offset / INSN_SIZE) == NO_INDEX)
		return reloc_fail(ld, _("call to offset %lld of section '%s', where no function starts"),
			    (long long)offset, target->name);
	rel->target = TARGET_CALL;
	rel->target_section = sym->section;
	rel->target_insn = (uint64_t)offset / INSN_SIZE;
	return 0;
}

static int add_code_reloc(struct loader *ld, size_t section, size_t index, const GElf_Rel *rel)
{
	struct bpf_object *obj = ld->object;
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
		return reloc_fail(ld, _("a data relocation in code"));
	if (type != R_BPF_64_64 && type != R_BPF_64_32)
		return reloc_fail(ld, _("unknown relocation type"));
	if (rel->r_offset % INSN_SIZE)
		return reloc_fail(ld, _("not on an instruction boundary"));
	if (rel->r_offset / INSN_SIZE >= code->insn_count)
		return reloc_fail(ld, _("past the end of the section (%llu bytes)"),
			    (unsigned long long)code->size);
	if (symbol == 0 || symbol >= obj->symbol_count)
		return reloc_fail(ld, _("symbol index %zu is out of range (%zu symbols)"),
			    symbol, obj->symbol_count);
	if (code->reloc_at[rel->r_offset / INSN_SIZE] != NO_INDEX)
		return reloc_fail(ld, _("a second relocation of the same instruction"));

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
	struct bpf_object *obj = ld->object;
	const struct object_section *sec = &obj->sections[rel_index];
	struct object_reloc *relocs;
	Elf_Data *data;
	GElf_Rel rel;
	size_t count, i;
	int r;

	if (sec->link != obj->symtab)
		return fail(ld, _("section '%s': uses section %u as its symbol table, not '%s'"),
			    sec->name, sec->link, obj->sections[obj->symtab].name);
	if (sec->entsize != ELF64_REL_SIZE || sec->size % ELF64_REL_SIZE)
		return fail(ld, _("section '%s': %llu bytes of entries of %llu bytes: expected entries of %u"),
			    sec->name, (unsigned long long)sec->size,
			    (unsigned long long)sec->entsize, ELF64_REL_SIZE);
	count = sec->size / ELF64_REL_SIZE;
	if (count == 0)
		return 0;
	data = elf_getdata(elf_getscn(ld->elf, rel_index), NULL);
	if (!data || data->d_size / ELF64_REL_SIZE < count)
		return fail(ld, _("section '%s': cannot read the relocations: %s"), sec->name,
			    elf_errmsg(-1));
	relocs = realloc(obj->relocs, (obj->reloc_count + count) * sizeof(*relocs));
	if (!relocs)
		return fail_nomem(ld);
	obj->relocs = relocs;
	for (i = 0; i < count; i++) {
		if (!gelf_getrel(data, i, &rel))
			return fail(ld, _("section '%s': cannot read relocation %zu: %s"), sec->name,
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
	const struct bpf_object *obj = ld->object;
	const struct object_section *sec = &obj->sections[rel_index];
	const struct object_section *target = &obj->sections[sec->info];

	if (target->kind == SECTION_CODE)
		return fail(ld, _("section '%s': RELA relocations are not supported"), sec->name);
	if (target->kind == SECTION_BTF_MAPS && sec->size > 0)
		return fail(ld, _("section '%s': initialised maps of maps or program arrays are not supported"),
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
		    function_starting_at(sec, (size_t)target) == NO_INDEX)
			return fail(ld, _("section '%s': call at offset 0x%zx goes to instruction %lld, where no function starts"),
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
			return fail(ld, _("section '%s' offset %zu: 64-bit load with source register %u but no relocation"),
				    sec->name, i * INSN_SIZE, (unsigned int)insn->src_reg);
	}
	return 0;
}

static int load_relocs(struct loader *ld)
{
	const struct bpf_object *obj = ld->object;
	size_t i;
	int r;

	for (i = 1; i < obj->section_count; i++) {
		const struct object_section *sec = &obj->sections[i];

		if (sec->type != SHT_REL && sec->type != SHT_RELA)
			continue;
		if (sec->info == 0 || sec->info >= obj->section_count)
			return fail(ld, _("section '%s': applies to section %u, which does not exist"),
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

/* -------------------------------------------------------------------------- */
/* Parameters */

/* The first instruction of the function a call at (section, insn) goes to. */
static int call_target(const struct bpf_object *obj, size_t section, size_t insn,
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
	return 0;
}

static int flow_resolve_call(void *user, size_t section, size_t insn, size_t *ret_section,
			     size_t *ret_insn)
{
	const struct bpf_object *obj = user;

	if (section >= obj->section_count || insn >= obj->sections[section].insn_count)
		return -EINVAL;
	return call_target(obj, section, insn, ret_section, ret_insn);
}

static bool is_param_size(uint64_t size)
{
	return size == 1 || size == 2 || size == 4 || size == 8;
}

/* A global integer in a data section that could be a parameter of either kind. */
static bool is_param_candidate(const struct bpf_object *obj, const struct object_symbol *sym)
{
	return sym->type == STT_OBJECT && symbol_is_global(sym) && sym->name[0] &&
	       sym->section != NO_INDEX && obj->sections[sym->section].kind == SECTION_DATA &&
	       is_param_size(sym->size);
}

static bool section_is_writable(const struct object_section *sec)
{
	return sec->flags & SHF_WRITE;
}

/* The candidate symbol an ld_imm64 into writable global data names exactly, if any. */
static size_t address_candidate(const struct bpf_object *obj, const struct object_reloc *rel)
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

static int classify_address_uses(struct loader *ld)
{
	const struct bpf_object *obj = ld->object;
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
		return fail_nomem(ld);
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
	}
	free(code);
	bpf_flow_free(flow);
	return 0;
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

/*
 * With BTF, a parameter is an integer or enum variable (a .rodata one also
 * volatile: clang folds a plain const, so patching it would change nothing), and
 * its signedness is known. Without BTF (v4l-utils' objects), any global of 1, 2, 4
 * or 8 bytes is one, taken as signed like their `int`s.
 */
static bool param_type(const struct loader *ld, const struct object_symbol *sym,
		       bool need_volatile, bool *ret_signed)
{
	const char *section = ld->object->sections[sym->section].name;
	const struct btf_type *t;
	bool is_volatile = false;
	uint32_t type;

	*ret_signed = true;
	if (!ld->btf)
		return true;
	type = btf_var_type(ld->btf, section, sym->name);
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
	const struct bpf_object *obj = ld->object;

	if (use->uses != (BPF_FLOW_USE_MEMORY | BPF_FLOW_USE_VALUE))
		return 0;
	return fail(ld, _("global '%s' in section '%s' is used both as memory (section '%s', offset 0x%zx) and as a value through its address (section '%s', offset 0x%zx)"),
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
	const struct bpf_object *obj = ld->object;
	const char **names;
	size_t i;
	int r = 0;

	if (obj->param_count < 2)
		return 0;
	names = calloc(obj->param_count, sizeof(*names));
	if (!names)
		return fail_nomem(ld);
	for (i = 0; i < obj->param_count; i++)
		names[i] = obj->params[i].name;
	qsort(names, obj->param_count, sizeof(*names), compare_names);
	for (i = 1; i < obj->param_count && r == 0; i++)
		if (strcmp(names[i], names[i - 1]) == 0)
			r = fail(ld, _("two parameters are called '%s'"), names[i]);
	free(names);
	return r;
}

static int load_params(struct loader *ld)
{
	struct bpf_object *obj = ld->object;
	size_t i, j;
	int r;

	obj->params = calloc(obj->symbol_count ? obj->symbol_count : 1, sizeof(*obj->params));
	if (!obj->params)
		return fail_nomem(ld);
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
		if (writable && (ld->uses[i].uses & BPF_FLOW_USE_MEMORY))
			continue;	/* memory, not a parameter */
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

/* -------------------------------------------------------------------------- */
/* Opening */

static void free_sections(struct bpf_object *obj)
{
	size_t i;

	for (i = 0; i < obj->section_count; i++) {
		free(obj->sections[i].insns);
		free(obj->sections[i].reloc_at);
		free(obj->sections[i].functions);
	}
	free(obj->sections);
}

void bpf_object_free(struct bpf_object *object)
{
	if (!object)
		return;
	if (object->sections)
		free_sections(object);
	free(object->symbols);
	free(object->relocs);
	free(object->maps);
	free(object->params);
	free(object->programs);
	free(object->data);
	free(object->name);
	free(object);
}

static int load_object(struct loader *ld)
{
	int r;

	r = check_elf_header(ld);
	if (r < 0)
		return r;
	if (elf_version(EV_CURRENT) == EV_NONE)
		return fail(ld, _("libelf is too old: %s"), elf_errmsg(-1));
	ld->elf = elf_memory((char *)ld->object->data, ld->object->size);
	if (!ld->elf || elf_kind(ld->elf) != ELF_K_ELF)
		return fail(ld, _("libelf cannot read it: %s"), elf_errmsg(-1));
	r = load_sections(ld);
	if (r == 0)
		r = load_symbols(ld);
	if (r == 0)
		r = load_license(ld);
	if (r == 0)
		r = load_btf(ld);
	if (r == 0)
		r = load_maps(ld);
	if (r == 0)
		r = load_functions_and_programs(ld);
	if (r == 0)
		r = load_relocs(ld);
	if (r == 0)
		r = classify_address_uses(ld);
	if (r == 0)
		r = load_params(ld);
	return r;
}

int bpf_object_open_memory(const void *data, size_t size, const char *name,
			   struct bpf_object **ret_object, struct ir_error *err)
{
	struct loader ld = { .err = err };
	struct bpf_object *obj;
	int r;

	if (size > BPF_OBJECT_FILE_MAX) {
		ir_error_set_at(err, name ? name : "BPF object", 0, 0,
				_("larger than %u bytes"), BPF_OBJECT_FILE_MAX);
		return -EFBIG;
	}
	obj = calloc(1, sizeof(*obj));
	if (!obj) {
		ir_error_set(err, "%s", _("out of memory"));
		return -ENOMEM;
	}
	obj->name = strdup(name ? name : "BPF object");
	obj->data = malloc(size ? size : 1);
	if (!obj->name || !obj->data) {
		bpf_object_free(obj);
		ir_error_set(err, "%s", _("out of memory"));
		return -ENOMEM;
	}
	if (size)
		memcpy(obj->data, data, size);
	obj->size = size;
	ld.object = obj;

	r = load_object(&ld);
	if (ld.elf)
		elf_end(ld.elf);
	btf__free(ld.btf);
	free(ld.uses);
	if (r < 0) {
		bpf_object_free(obj);
		return r;
	}
	*ret_object = obj;
	return 0;
}

int bpf_object_open_file(const char *path, struct bpf_object **ret_object,
			 struct ir_error *err)
{
	struct stat st;
	uint8_t *data = NULL;
	size_t done = 0;
	ssize_t n;
	int fd, r;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		r = -errno;
		ir_error_set_at(err, path, 0, 0, "%s", strerror(-r));
		return r;
	}
	if (fstat(fd, &st) < 0) {
		r = -errno;
		ir_error_set_at(err, path, 0, 0, "%s", strerror(-r));
		goto out;
	}
	if (!S_ISREG(st.st_mode) || st.st_size > BPF_OBJECT_FILE_MAX) {
		r = -EFBIG;
		ir_error_set_at(err, path, 0, 0, _("not a regular file of at most %u bytes"),
				BPF_OBJECT_FILE_MAX);
		goto out;
	}
	data = malloc(st.st_size ? (size_t)st.st_size : 1);
	if (!data) {
		r = -ENOMEM;
		ir_error_set_at(err, path, 0, 0, "%s", _("out of memory"));
		goto out;
	}
	while (done < (size_t)st.st_size) {
		n = read(fd, data + done, (size_t)st.st_size - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			r = -errno;
			ir_error_set_at(err, path, 0, 0, "%s", strerror(-r));
			goto out;
		}
		if (n == 0)
			break;	/* shrank while reading: parse what is there */
		done += (size_t)n;
	}
	r = bpf_object_open_memory(data, done, path, ret_object, err);
out:
	free(data);
	close(fd);
	return r;
}

/* -------------------------------------------------------------------------- */
/* Accessors */

const char *bpf_object_name(const struct bpf_object *object)
{
	return object->name;
}

const char *bpf_object_license(const struct bpf_object *object)
{
	return object->license;
}

size_t bpf_object_program_count(const struct bpf_object *object)
{
	return object->program_count;
}

const char *bpf_object_program_name(const struct bpf_object *object, size_t index)
{
	return index < object->program_count ? object->programs[index].name : NULL;
}

size_t bpf_object_param_count(const struct bpf_object *object)
{
	return object->param_count;
}

const char *bpf_object_param_name(const struct bpf_object *object, size_t index)
{
	return index < object->param_count ? object->params[index].name : NULL;
}

int64_t bpf_object_param_default(const struct bpf_object *object, size_t index)
{
	return index < object->param_count ? object->params[index].default_value : 0;
}

enum bpf_param_kind bpf_object_param_kind(const struct bpf_object *object, size_t index)
{
	return index < object->param_count ? object->params[index].kind : BPF_PARAM_KIND_MAX;
}

unsigned int bpf_object_param_size(const struct bpf_object *object, size_t index)
{
	return index < object->param_count ? object->params[index].size : 0;
}

int bpf_object_param_find(const struct bpf_object *object, const char *name)
{
	size_t i;

	for (i = 0; i < object->param_count; i++)
		if (strcmp(object->params[i].name, name) == 0)
			return (int)i;
	return -ENOENT;
}

/* -------------------------------------------------------------------------- */
/* Relocation */

/* A function placed in the image. */
struct placed_function {
	size_t section;
	size_t function;
	size_t position;		/* its first instruction in the image */
};

struct relocation {
	const struct bpf_object *object;
	struct ir_error *err;
	struct placed_function *functions;
	size_t function_count;
	size_t insn_count;
	int64_t *values;		/* per parameter */
	size_t *data_map;		/* per section: image map index, or NO_INDEX */
	struct bpf_image *image;
};

static int find_program(const struct bpf_object *obj, const char *name, size_t *ret_index,
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
	const struct bpf_object *obj = rl->object;
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
		index = bpf_object_param_find(obj, params[i].name);
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
	const struct bpf_object *obj = rl->object;
	size_t target_section, target_insn, function, placed;

	call_target(obj, section, insn, &target_section, &target_insn);
	function = function_starting_at(&obj->sections[target_section], target_insn);
	placed = place_function(rl, target_section, function);	/* checked at open */
	if (placed == NO_INDEX)
		return -ENOMEM;
	*ret_position = rl->functions[placed].position;
	return 0;
}

/* The entry function, then every function it calls, transitively, in order found. */
static int place_functions(struct relocation *rl, const struct object_program *program)
{
	const struct bpf_object *obj = rl->object;
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
	const struct bpf_object *obj = rl->object;
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
	const struct bpf_object *obj = rl->object;
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
	const struct bpf_object *obj = rl->object;
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
	const struct bpf_object *obj = rl->object;
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

int bpf_object_relocate(const struct bpf_object *object, const char *program,
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
