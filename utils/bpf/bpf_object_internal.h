/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the parts of the BPF object loader share, and nothing else includes.
 *
 * bpf_object.c        opening, freeing, the accessors: the only file that defines the
 *                     public struct bpf_object (a wrapper of struct parsed_object)
 * bpf_object_elf.c    ELF header, section headers, symbols, license, functions and
 *                     programs
 * bpf_object_maps.c   legacy and BTF-defined maps; the only user of libbpf (its BTF
 *                     parser), whose headers declare a struct bpf_object of their own:
 *                     so the loader works on struct parsed_object
 * bpf_object_params.c decoder parameters, and how the code uses each global
 * bpf_object_reloc.c  code relocations, resolved at open time, and the relocation of
 *                     one program into a struct bpf_image
 *
 * The steps run in the order of load_object() (bpf_object.c); each may rely on what
 * the steps before it checked. Every step returns 0 or fails through object_fail(),
 * which sets the message and returns the negative of its BPF_OBJECT_E_* code: one
 * code per check (a new check gets a new code, and its line in bpf_object.c's table).
 */
#ifndef IRKIT_BPF_OBJECT_INTERNAL_H
#define IRKIT_BPF_OBJECT_INTERNAL_H

#include <gelf.h>
#include <libelf.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bpf_image.h"
#include "bpf_object.h"
#include "ir_error.h"

struct btf;

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
	bool incomplete;		/* a use's analysis ran out of states: not known */
	size_t memory_section, memory_insn;
	size_t value_section, value_insn;
};

struct parsed_object {
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

/* State of one bpf_object_open_memory() call, passed to every step of the loader. */
struct loader {
	struct parsed_object *object;
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

static inline uint16_t get_le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static inline uint32_t get_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static inline uint64_t get_le64(const uint8_t *p)
{
	return (uint64_t)get_le32(p) | (uint64_t)get_le32(p + 4) << 32;
}

static inline bool insn_is_ld_imm64(const struct bpf_insn *insn)
{
	return insn->code == (BPF_LD | BPF_IMM | BPF_DW);
}

static inline bool insn_is_pseudo_call(const struct bpf_insn *insn)
{
	return insn->code == (BPF_JMP | BPF_CALL) && insn->src_reg == BPF_PSEUDO_CALL;
}

static inline bool symbol_is_global(const struct object_symbol *sym)
{
	return sym->bind == STB_GLOBAL || sym->bind == STB_WEAK;
}

static inline bool section_is_writable(const struct object_section *sec)
{
	return sec->flags & SHF_WRITE;
}

static inline void copy_name(char *dst, const char *src)
{
	snprintf(dst, BPF_IMAGE_NAME_MAX, "%s", src);
}

/* bpf_object.c: set the message ("NAME: ...", control characters replaced), -code. */
__attribute__((format(printf, 3, 4)))
int object_fail(struct loader *ld, enum bpf_object_errno code, const char *fmt, ...);
int object_fail_nomem(struct loader *ld);	/* -ENOMEM */

/* bpf_object_elf.c, in the order they run */
int object_open_elf(struct loader *ld);		/* sets ld->elf */
int object_load_sections(struct loader *ld);
int object_load_symbols(struct loader *ld);
int object_load_license(struct loader *ld);
int object_load_functions(struct loader *ld);	/* and programs; after the maps */
size_t object_find_section(const struct parsed_object *obj, const char *name); /* or NO_INDEX */
/* The function of a section that starts at, or contains, insn; or NO_INDEX. */
size_t object_function_starting_at(const struct object_section *sec, size_t insn);
size_t object_function_containing(const struct object_section *sec, size_t insn);

/* bpf_object_maps.c */
int object_load_btf(struct loader *ld);		/* ld->btf stays NULL without .BTF */
void object_free_btf(struct loader *ld);
int object_load_maps(struct loader *ld);
/*
 * The BTF type of a global variable of a data section: false unless it is an integer
 * or an enum (and volatile, if asked); its signedness in *ret_signed. Needs ld->btf.
 */
bool object_btf_param_type(const struct loader *ld, const char *section, const char *name,
			   bool need_volatile, bool *ret_signed);

/* bpf_object_reloc.c */
int object_load_relocs(struct loader *ld);
/* The first instruction of the function a call at (section, insn) goes to. */
void object_call_target(const struct parsed_object *obj, size_t section, size_t insn,
			size_t *ret_section, size_t *ret_insn);
int object_relocate(const struct parsed_object *obj, const char *program,
		    const struct bpf_param_value *params, size_t param_count,
		    struct bpf_image **ret_image, struct ir_error *err);

/* bpf_object_params.c */
int object_classify_address_uses(struct loader *ld);	/* fills ld->uses */
int object_load_params(struct loader *ld);
int object_param_find(const struct parsed_object *obj, const char *name);	/* or -ENOENT */

#endif
