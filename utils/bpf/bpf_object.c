// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * BPF ELF objects: parsing and checking (here, all at open time), then relocation of
 * one program into a struct bpf_image (bpf_object_relocate()).
 *
 * Everything that can be wrong with the file is found by bpf_object_open_memory():
 * every offset, size and index is range-checked with overflow-checked arithmetic
 * before it is used, and every relocation is resolved to its target (a map, a place
 * in a global data section, or the first instruction of a function). Relocating
 * afterwards can only fail for the caller's reasons (an unknown program, a parameter
 * value out of range) or for lack of memory.
 *
 * This file opens and frees objects and answers the accessors; the loader's steps are
 * in bpf_object_elf.c, bpf_object_maps.c, bpf_object_reloc.c and bpf_object_params.c
 * (bpf_object_internal.h says which does what).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bpf_object_internal.h"
#include "fileio.h"
#include "nls.h"

/*
 * The public handle. Defined here only: the loader's files work on struct
 * parsed_object, so the one that includes libbpf's headers (which declare a struct
 * bpf_object of their own) never sees this one.
 */
struct bpf_object {
	struct parsed_object parsed;
};

/* -------------------------------------------------------------------------- */
/* Errors */

/* What each BPF_OBJECT_E_* code means, in a few words (err's message says more). */
static const char *const errno_texts[BPF_OBJECT_ERRNO_MAX - BPF_OBJECT_ERRNO_FIRST] = {
#define T(code, text) [BPF_OBJECT_E_##code - BPF_OBJECT_ERRNO_FIRST] = text
	T(NOT_ELF, "not an ELF file"),
	T(ELF_CLASS, "not an ELF64 file"),
	T(BIG_ENDIAN, "big-endian object"),
	T(ELF_DATA, "unknown ELF data encoding"),
	T(ELF_VERSION, "unknown ELF version"),
	T(SHORT_HEADER, "shorter than the ELF header"),
	T(ELF_TYPE, "not a relocatable object (ET_REL)"),
	T(ELF_MACHINE, "not a BPF object (EM_BPF)"),
	T(LIBELF, "libelf cannot read the object"),
	T(NO_SECTIONS, "no section headers"),
	T(SHDR_SIZE, "wrong section header size"),
	T(SHDR_BOUNDS, "section headers past the end of the file"),
	T(SHDR_ALIGN, "section headers not aligned"),
	T(SHSTRNDX, "section name table index out of range"),
	T(SHSTRTAB_TYPE, "section name table is not a string table"),
	T(SECTION_NAME, "section name outside the section name table"),
	T(SECTION_BOUNDS, "section past the end of the file"),
	T(NOBITS_SIZE, "section of zeroes too large"),
	T(CODE_SIZE, "code section not a whole number of instructions"),
	T(NO_SYMTAB, "no symbol table"),
	T(SYMTABS, "several symbol tables"),
	T(SYMTAB_ENTSIZE, "wrong symbol table entry size"),
	T(STRTAB_INDEX, "string table index out of range"),
	T(STRTAB_TYPE, "symbol names not in a string table"),
	T(SYMBOL_NAME, "symbol name outside the string table"),
	T(SYMBOL_SECTION, "symbol section index out of range"),
	T(SYMBOL_BOUNDS, "symbol outside its section"),
	T(NO_LICENSE, "no license section"),
	T(LICENSE_STRING, "license not a NUL-terminated string"),
	T(LICENSE_LENGTH, "license too long"),
	T(MAP_NO_SYMBOLS, "map definitions without map symbols"),
	T(MAP_DEF_SIZE, "wrong map definition size"),
	T(MAP_ALIGN, "map definition not aligned"),
	T(MAP_BOUNDS, "map definition past the end of its section"),
	T(MAP_SAME_OFFSET, "two maps at one offset"),
	T(MAP_OF_MAPS, "map of maps"),
	T(MAP_NUMA, "map on a NUMA node"),
	T(BTF_NO_DATA, "BTF section without data"),
	T(BTF_PARSE, "malformed BTF"),
	T(MAPS_NEED_BTF, "BTF-defined maps without BTF"),
	T(MAPS_NO_DATASEC, "BTF-defined maps without their BTF description"),
	T(BTF_MAP_VAR, "BTF-defined map not a named variable"),
	T(BTF_MAP_SYMBOL, "BTF-defined map without a symbol"),
	T(BTF_MAP_STRUCT, "BTF-defined map not a struct"),
	T(BTF_MAP_FIELD_NAME, "BTF-defined map field without a name"),
	T(BTF_MAP_UINT, "BTF-defined map field not __uint(name, N)"),
	T(BTF_MAP_TYPE, "BTF-defined map field not __type(name, T)"),
	T(BTF_MAP_TYPE_SIZE, "BTF-defined map key or value type without a size"),
	T(BTF_MAP_SIZES, "BTF-defined map sizes disagree"),
	T(BTF_MAP_UNSUPPORTED, "BTF-defined map field not supported"),
	T(BTF_MAP_UNKNOWN, "unknown BTF-defined map field"),
	T(FUNCTION_ALIGN, "function not made of whole instructions"),
	T(FUNCTION_OVERLAP, "overlapping functions"),
	T(FUNCTION_EMPTY, "function without instructions"),
	T(NO_ENTRY, "program section without a global function"),
	T(NO_PROGRAM, "no program"),
	T(RELOC_SECTION, "relocations of a section that does not exist"),
	T(RELOC_SYMTAB, "relocations against another symbol table"),
	T(RELOC_ENTSIZE, "wrong relocation entry size"),
	T(RELA, "RELA relocations of code"),
	T(MAP_INIT, "initialised map of maps or program array"),
	T(RELOC_TYPE, "unknown relocation type"),
	T(RELOC_DATA_TYPE, "data relocation in code"),
	T(RELOC_ALIGN, "relocation not on an instruction boundary"),
	T(RELOC_BOUNDS, "relocation past the end of its section"),
	T(RELOC_SYMBOL, "relocation symbol index out of range"),
	T(RELOC_TWICE, "two relocations of one instruction"),
	T(RELOC_NOT_LD_IMM64, "64-bit relocation not on an ld_imm64"),
	T(RELOC_LD_IMM64_SPLIT, "ld_imm64 across the end of a function"),
	T(EXTERN_VAR, "extern variable"),
	T(RELOC_NO_MAP, "relocation to where no map starts"),
	T(RELOC_DATA_BOUNDS, "relocation outside its data section"),
	T(RELOC_DATA_SIZE, "data section that cannot be a map value"),
	T(FUNCTION_ADDRESS, "address of a function taken"),
	T(RELOC_TARGET, "relocation to a section of neither maps nor data"),
	T(RELOC_NOT_CALL, "call relocation not on a call"),
	T(EXTERN_CALL, "call to an extern function"),
	T(CALL_NOT_CODE, "call into a section that is not code"),
	T(CALL_TARGET, "call to where no function starts"),
	T(PSEUDO_LOAD, "map or data load without a relocation"),
	T(MEMORY_AND_VALUE, "global used both as memory and as a value"),
	T(PARAM_NAME_TWICE, "two parameters of one name"),
#undef T
};

const char *bpf_object_strerror(int err)
{
	int code = err < 0 ? -err : err;

	if (code >= BPF_OBJECT_ERRNO_FIRST && code < BPF_OBJECT_ERRNO_MAX &&
	    errno_texts[code - BPF_OBJECT_ERRNO_FIRST])
		return errno_texts[code - BPF_OBJECT_ERRNO_FIRST];
	return strerror(code);
}

__attribute__((format(printf, 3, 4)))
int object_fail(struct loader *ld, enum bpf_object_errno code, const char *fmt, ...)
{
	char text[IR_ERROR_MESSAGE_MAX];
	va_list args;

	va_start(args, fmt);
	vsnprintf(text, sizeof(text), fmt, args);
	va_end(args);
	/* Names come from the file: ir_error_set_at() keeps control characters out. */
	ir_error_set_at(ld->err, ld->object->name, 0, 0, "%s", text);
	return -(int)code;
}

int object_fail_nomem(struct loader *ld)
{
	ir_error_set_at(ld->err, ld->object->name, 0, 0, "%s", _("out of memory"));
	return -ENOMEM;
}

/* -------------------------------------------------------------------------- */
/* Opening */

static void free_sections(struct parsed_object *obj)
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
	struct parsed_object *obj;

	if (!object)
		return;
	obj = &object->parsed;
	if (obj->sections)
		free_sections(obj);
	free(obj->symbols);
	free(obj->relocs);
	free(obj->maps);
	free(obj->params);
	free(obj->programs);
	free(obj->data);
	free(obj->name);
	free(object);
}

static int load_object(struct loader *ld)
{
	int r;

	r = object_open_elf(ld);
	if (r == 0)
		r = object_load_sections(ld);
	if (r == 0)
		r = object_load_symbols(ld);
	if (r == 0)
		r = object_load_license(ld);
	if (r == 0)
		r = object_load_btf(ld);
	if (r == 0)
		r = object_load_maps(ld);
	if (r == 0)
		r = object_load_functions(ld);
	if (r == 0)
		r = object_load_relocs(ld);
	if (r == 0)
		r = object_classify_address_uses(ld);
	if (r == 0)
		r = object_load_params(ld);
	return r;
}

int bpf_object_open_memory(const void *data, size_t size, const char *name,
			   struct bpf_object **ret_object, struct ir_error *err)
{
	struct loader ld = { .err = err };
	struct bpf_object *object;
	struct parsed_object *obj;
	int r;

	if (size > BPF_OBJECT_FILE_MAX) {
		ir_error_set_at(err, name ? name : "BPF object", 0, 0,
				_("larger than %u bytes"), BPF_OBJECT_FILE_MAX);
		return -EFBIG;
	}
	object = calloc(1, sizeof(*object));
	if (!object) {
		ir_error_set(err, "%s", _("out of memory"));
		return -ENOMEM;
	}
	obj = &object->parsed;
	obj->name = strdup(name ? name : "BPF object");
	obj->data = malloc(size ? size : 1);
	if (!obj->name || !obj->data) {
		bpf_object_free(object);
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
	object_free_btf(&ld);
	free(ld.uses);
	if (r < 0) {
		bpf_object_free(object);
		return r;
	}
	*ret_object = object;
	return 0;
}

int bpf_object_open_file(const char *path, struct bpf_object **ret_object,
			 struct ir_error *err)
{
	struct stat st;
	char *data = NULL;
	size_t size = 0;
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
	/* the size first: a file too large is refused without reading it */
	if (!S_ISREG(st.st_mode) || st.st_size > BPF_OBJECT_FILE_MAX)
		r = -EFBIG;
	else
		r = fileio_read_fd(fd, BPF_OBJECT_FILE_MAX, &data, &size);
	if (r == -EFBIG)
		ir_error_set_at(err, path, 0, 0, _("not a regular file of at most %u bytes"),
				BPF_OBJECT_FILE_MAX);
	else if (r == -ENOMEM)
		ir_error_set_at(err, path, 0, 0, "%s", _("out of memory"));
	else if (r < 0)
		ir_error_set_at(err, path, 0, 0, "%s", strerror(-r));
	else
		r = bpf_object_open_memory(data, size, path, ret_object, err);
out:
	free(data);
	close(fd);
	return r;
}

/* -------------------------------------------------------------------------- */
/* Accessors */

const char *bpf_object_name(const struct bpf_object *object)
{
	return object->parsed.name;
}

const char *bpf_object_license(const struct bpf_object *object)
{
	return object->parsed.license;
}

size_t bpf_object_program_count(const struct bpf_object *object)
{
	return object->parsed.program_count;
}

const char *bpf_object_program_name(const struct bpf_object *object, size_t index)
{
	const struct parsed_object *obj = &object->parsed;

	return index < obj->program_count ? obj->programs[index].name : NULL;
}

size_t bpf_object_param_count(const struct bpf_object *object)
{
	return object->parsed.param_count;
}

const char *bpf_object_param_name(const struct bpf_object *object, size_t index)
{
	const struct parsed_object *obj = &object->parsed;

	return index < obj->param_count ? obj->params[index].name : NULL;
}

int64_t bpf_object_param_default(const struct bpf_object *object, size_t index)
{
	const struct parsed_object *obj = &object->parsed;

	return index < obj->param_count ? obj->params[index].default_value : 0;
}

enum bpf_param_kind bpf_object_param_kind(const struct bpf_object *object, size_t index)
{
	const struct parsed_object *obj = &object->parsed;

	return index < obj->param_count ? obj->params[index].kind : BPF_PARAM_KIND_MAX;
}

unsigned int bpf_object_param_size(const struct bpf_object *object, size_t index)
{
	const struct parsed_object *obj = &object->parsed;

	return index < obj->param_count ? obj->params[index].size : 0;
}

int bpf_object_param_find(const struct bpf_object *object, const char *name)
{
	return object_param_find(&object->parsed, name);
}

int bpf_object_relocate(const struct bpf_object *object, const char *program,
			const struct bpf_param_value *params, size_t param_count,
			struct bpf_image **ret_image, struct ir_error *err)
{
	return object_relocate(&object->parsed, program, params, param_count, ret_image, err);
}
