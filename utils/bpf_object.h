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

/* A value for one decoder parameter, from a keymap or the command line. */
struct bpf_param_value {
	const char *name;
	int64_t value;
};

/*
 * Parse and check an object. data is copied; name is used in messages ("foo.o").
 * Returns 0, -ENOEXEC for anything malformed or not understood (err says what and
 * where), -EFBIG past BPF_OBJECT_FILE_MAX bytes, -ENOMEM.
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
