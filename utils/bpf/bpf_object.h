/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * BPF ELF objects (as clang --target=bpf emits them) read from memory with libelf,
 * relocated into a struct bpf_image. No system calls.
 *
 * Understood: the "license" section; program sections (lirc_mode2*, or any executable
 * section named by the caller); legacy map definitions in "maps" / "lirc_mode2/maps"
 * (struct bpf_map_def, 20 to 28 bytes); BTF-defined maps in ".maps"; global data
 * (.rodata, .data, .bss) as single-entry array maps; .text subprograms for BPF-to-BPF
 * calls; decoder parameters, both `const volatile` globals in .rodata and the v4l-utils
 * convention (the address of a global int used as a value through an ld_imm64).
 * Anything else is an error naming section, offset and type.
 *
 * The loader's files and its order of checks are in bpf_object_internal.h; libbpf is
 * used only there, for BTF. An IRP decoder never comes through here (bpf_image.h).
 */
#ifndef IRKIT_BPF_OBJECT_H
#define IRKIT_BPF_OBJECT_H

#include <stddef.h>
#include <stdint.h>

#include "bpf_image.h"
#include "ir_error.h"

/*
 * The largest object, file or buffer (-EFBIG past it): 150 times the largest bundled
 * decoder (7 KiB), and small enough that no object can make the reader slow (some of
 * its checks cost sections times symbols or relocations times maps: a fraction of a
 * second at this size, minutes at 64 MiB).
 */
#define BPF_OBJECT_FILE_MAX (1u << 20)

struct bpf_object;

/*
 * Why an object was refused: bpf_object_open_memory() and bpf_object_open_file()
 * return the negative of one of these for an object that is malformed or that the
 * loader does not understand, one code per check, and err says what and where in
 * words. The codes lie past every errno value and below libbpf's LIBBPF_ERRNO__*
 * (4000 and up), so neither is mistaken for them. bpf_object_strerror() describes one.
 */
enum bpf_object_errno {
	BPF_OBJECT_ERRNO_FIRST = 3800,
	/* ELF header */
	BPF_OBJECT_E_NOT_ELF = BPF_OBJECT_ERRNO_FIRST,
	BPF_OBJECT_E_ELF_CLASS,		/* not ELF64 */
	BPF_OBJECT_E_BIG_ENDIAN,
	BPF_OBJECT_E_ELF_DATA,		/* unknown data encoding */
	BPF_OBJECT_E_ELF_VERSION,
	BPF_OBJECT_E_SHORT_HEADER,	/* shorter than the ELF header */
	BPF_OBJECT_E_ELF_TYPE,		/* not ET_REL */
	BPF_OBJECT_E_ELF_MACHINE,	/* not EM_BPF */
	BPF_OBJECT_E_LIBELF,		/* libelf cannot read what the checks let through */
	/* section headers */
	BPF_OBJECT_E_NO_SECTIONS,
	BPF_OBJECT_E_SHDR_SIZE,
	BPF_OBJECT_E_SHDR_BOUNDS,	/* the table ends past the file */
	BPF_OBJECT_E_SHDR_ALIGN,
	BPF_OBJECT_E_SHSTRNDX,		/* section name table index out of range */
	BPF_OBJECT_E_SHSTRTAB_TYPE,
	BPF_OBJECT_E_SECTION_NAME,	/* outside the section name table */
	BPF_OBJECT_E_SECTION_BOUNDS,	/* a section ends past the file */
	BPF_OBJECT_E_NOBITS_SIZE,	/* a SHT_NOBITS section too large for a map */
	BPF_OBJECT_E_CODE_SIZE,		/* not a whole number of instructions */
	/* symbols */
	BPF_OBJECT_E_NO_SYMTAB,
	BPF_OBJECT_E_SYMTABS,		/* more than one */
	BPF_OBJECT_E_SYMTAB_ENTSIZE,
	BPF_OBJECT_E_STRTAB_INDEX,
	BPF_OBJECT_E_STRTAB_TYPE,
	BPF_OBJECT_E_SYMBOL_NAME,	/* outside the string table */
	BPF_OBJECT_E_SYMBOL_SECTION,	/* section index out of range */
	BPF_OBJECT_E_SYMBOL_BOUNDS,	/* outside its section */
	/* license */
	BPF_OBJECT_E_NO_LICENSE,
	BPF_OBJECT_E_LICENSE_STRING,	/* not NUL-terminated */
	BPF_OBJECT_E_LICENSE_LENGTH,
	/* maps */
	BPF_OBJECT_E_MAP_NO_SYMBOLS,	/* map definitions but no map symbols */
	BPF_OBJECT_E_MAP_DEF_SIZE,	/* not 20 to 28 bytes per legacy definition */
	BPF_OBJECT_E_MAP_ALIGN,
	BPF_OBJECT_E_MAP_BOUNDS,	/* ends past its section */
	BPF_OBJECT_E_MAP_SAME_OFFSET,
	BPF_OBJECT_E_MAP_OF_MAPS,
	BPF_OBJECT_E_MAP_NUMA,		/* BPF_F_NUMA_NODE */
	BPF_OBJECT_E_BTF_NO_DATA,
	BPF_OBJECT_E_BTF_PARSE,
	BPF_OBJECT_E_MAPS_NEED_BTF,	/* ".maps" in an object without BTF */
	BPF_OBJECT_E_MAPS_NO_DATASEC,	/* ".maps" without its BTF description */
	BPF_OBJECT_E_BTF_MAP_VAR,	/* not a named variable */
	BPF_OBJECT_E_BTF_MAP_SYMBOL,	/* no symbol */
	BPF_OBJECT_E_BTF_MAP_STRUCT,	/* not a struct */
	BPF_OBJECT_E_BTF_MAP_FIELD_NAME,	/* a field without a name */
	BPF_OBJECT_E_BTF_MAP_UINT,	/* not __uint(name, N) */
	BPF_OBJECT_E_BTF_MAP_TYPE,	/* not __type(name, T) */
	BPF_OBJECT_E_BTF_MAP_TYPE_SIZE,	/* __type(name, T) with no usable size */
	BPF_OBJECT_E_BTF_MAP_SIZES,	/* key or value type and size disagree */
	BPF_OBJECT_E_BTF_MAP_UNSUPPORTED,	/* pinning, numa_node, map_extra */
	BPF_OBJECT_E_BTF_MAP_UNKNOWN,	/* unknown field */
	/* functions and programs */
	BPF_OBJECT_E_FUNCTION_ALIGN,	/* not made of whole instructions */
	BPF_OBJECT_E_FUNCTION_OVERLAP,
	BPF_OBJECT_E_FUNCTION_EMPTY,
	BPF_OBJECT_E_NO_ENTRY,		/* static functions and no global one */
	BPF_OBJECT_E_NO_PROGRAM,
	/* relocations */
	BPF_OBJECT_E_RELOC_SECTION,	/* applies to a section that does not exist */
	BPF_OBJECT_E_RELOC_SYMTAB,	/* uses another symbol table */
	BPF_OBJECT_E_RELOC_ENTSIZE,
	BPF_OBJECT_E_RELA,		/* RELA relocations of code */
	BPF_OBJECT_E_MAP_INIT,		/* initialised maps of maps, program arrays */
	BPF_OBJECT_E_RELOC_TYPE,	/* unknown type */
	BPF_OBJECT_E_RELOC_DATA_TYPE,	/* a data relocation in code */
	BPF_OBJECT_E_RELOC_ALIGN,	/* not on an instruction boundary */
	BPF_OBJECT_E_RELOC_BOUNDS,	/* past the end of the section */
	BPF_OBJECT_E_RELOC_SYMBOL,	/* symbol index out of range */
	BPF_OBJECT_E_RELOC_TWICE,	/* two relocations of one instruction */
	BPF_OBJECT_E_RELOC_NOT_LD_IMM64,
	BPF_OBJECT_E_RELOC_LD_IMM64_SPLIT,	/* crosses the end of a function */
	BPF_OBJECT_E_EXTERN_VAR,	/* extern variables, kconfig, ksyms */
	BPF_OBJECT_E_RELOC_NO_MAP,	/* no map starts where it points */
	BPF_OBJECT_E_RELOC_DATA_BOUNDS,	/* points outside its data section */
	BPF_OBJECT_E_RELOC_DATA_SIZE,	/* a data section that cannot be a map value */
	BPF_OBJECT_E_FUNCTION_ADDRESS,	/* a function's address taken */
	BPF_OBJECT_E_RELOC_TARGET,	/* into a section of neither maps nor data */
	BPF_OBJECT_E_RELOC_NOT_CALL,
	BPF_OBJECT_E_EXTERN_CALL,	/* extern functions, kfuncs */
	BPF_OBJECT_E_CALL_NOT_CODE,
	BPF_OBJECT_E_CALL_TARGET,	/* a call to where no function starts */
	BPF_OBJECT_E_PSEUDO_LOAD,	/* a map or data load without its relocation */
	/* parameters */
	BPF_OBJECT_E_MEMORY_AND_VALUE,	/* a global used both as memory and as a value */
	BPF_OBJECT_E_PARAM_NAME_TWICE,
	BPF_OBJECT_ERRNO_MAX,
};

/*
 * A short description of err (positive or negative): of the BPF_OBJECT_E_* codes from
 * a fixed table, of any other code strerror()'s. Not translated: the program shows
 * err's message, which says more; this is for tools and tests.
 */
const char *bpf_object_strerror(int err);

/* A value for one decoder parameter, from a keymap or the command line. */
struct bpf_param_value {
	const char *name;
	int64_t value;
};

/*
 * Parse and check an object. data is copied; name is used in messages ("foo.o").
 * Returns 0, -BPF_OBJECT_E_* for anything malformed or not understood (err says what
 * and where), -EFBIG past BPF_OBJECT_FILE_MAX bytes, -ENOMEM.
 */
int bpf_object_open_memory(const void *data, size_t size, const char *name,
			   struct bpf_object **ret_object, struct ir_error *err);
/*
 * Reads the whole file, then bpf_object_open_memory(); -EFBIG for anything but a
 * regular file of at most BPF_OBJECT_FILE_MAX bytes.
 */
int bpf_object_open_file(const char *path, struct bpf_object **ret_object,
			 struct ir_error *err);
void bpf_object_free(struct bpf_object *object);	/* accepts NULL */

const char *bpf_object_name(const struct bpf_object *object);
const char *bpf_object_license(const struct bpf_object *object);

/*
 * Programs, in file order: one per executable section other than .text, named after
 * the section ("lirc_mode2/foo"); a section with several global functions gives one
 * program per function, named after the function.
 */
size_t bpf_object_program_count(const struct bpf_object *object);
const char *bpf_object_program_name(const struct bpf_object *object, size_t index);

/*
 * Parameters the object declares, with the defaults the object carries, ordered by
 * section and offset. Both conventions are listed:
 *   BPF_PARAM_RODATA:  a global `const volatile` integer in .rodata; its value is
 *                      patched into the initial value of the .rodata map.
 *   BPF_PARAM_ADDRESS: a global integer in .data or .bss whose address the program
 *                      uses as its value (v4l-utils' BPF_PARAM); the value is written
 *                      into the immediate of every ld_imm64 that names it. A global
 *                      in .data/.bss that the code dereferences is memory, not a
 *                      parameter; so is one whose uses the analysis (bpf_flow.h)
 *                      could not all follow within its budget.
 * A parameter is a global (not static) variable of 1, 2, 4 or 8 bytes. When the
 * object has BTF, it must also be an integer or enum (and, in .rodata, volatile),
 * and BTF gives its signedness; without BTF (v4l-utils' objects) it is signed.
 */
enum bpf_param_kind {
	BPF_PARAM_RODATA,
	BPF_PARAM_ADDRESS,
	BPF_PARAM_KIND_MAX,
};

size_t bpf_object_param_count(const struct bpf_object *object);
const char *bpf_object_param_name(const struct bpf_object *object, size_t index);
int64_t bpf_object_param_default(const struct bpf_object *object, size_t index);
enum bpf_param_kind bpf_object_param_kind(const struct bpf_object *object, size_t index);
/* Size in bytes (1, 2, 4 or 8); values from -2^(8n-1) to 2^(8n)-1 fit. */
unsigned int bpf_object_param_size(const struct bpf_object *object, size_t index);
/* Index of the parameter called name, or -ENOENT. */
int bpf_object_param_find(const struct bpf_object *object, const char *name);

/*
 * Produce a ready-to-load image of one program. program is a program, section or
 * function name, or NULL for the object's only program (-EINVAL with a message if
 * there are several). The image holds the program's entry function, then every
 * function it calls, transitively, in the order first called. Its maps are all the
 * object's maps ("maps", "lirc_mode2/maps", ".maps"; in section and offset order, so
 * with the same indices for every program of the object), then one per global data
 * section the program uses as memory, in section order, named after the section
 * (".rodata", ".bss"). Parameters
 * not listed in params keep their defaults; names the object does not declare are
 * ignored (the caller may warn, with bpf_object_param_find()). A value that does not
 * fit the parameter's size is -ERANGE, a program of more than BPF_IMAGE_INSNS_MAX
 * instructions -E2BIG. Nothing half-patched is ever returned.
 */
int bpf_object_relocate(const struct bpf_object *object, const char *program,
			const struct bpf_param_value *params, size_t param_count,
			struct bpf_image **ret_image, struct ir_error *err);

#endif
