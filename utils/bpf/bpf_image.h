/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A BPF program ready to load: relocated instructions plus the maps they use.
 *
 * This is the one contract between the producers of programs (bpf_object from an ELF
 * file; irp_compile.h's generated IRP decoders, which have an image and no bpf_object)
 * and their consumers (bpf_kernel loads into the kernel, bpf_vm runs in userspace). It
 * holds no file descriptors.
 *
 * A map that the host fills (raw's patterns, lircd_space's and lircd_biphase's
 * remotes and index, lircd_raw's patterns and index) is found only through
 * bpf_image_host_map(), which checks its type and sizes against the layout the host
 * copies: an object whose map differs is refused, never written past its values.
 *
 * Map references in the instructions use the kernel's index forms, not fds:
 *   ld_imm64 with src_reg = BPF_PSEUDO_MAP_IDX:       insn[0].imm = map index
 *   ld_imm64 with src_reg = BPF_PSEUDO_MAP_IDX_VALUE: insn[0].imm = map index,
 *                                                    insn[1].imm = offset in the value
 * bpf_kernel rewrites them to BPF_PSEUDO_MAP_FD / BPF_PSEUDO_MAP_VALUE after creating
 * the maps (so old kernels work); bpf_vm resolves them to its own maps.
 * BPF-to-BPF calls are already resolved: every subprogram is in insns, and each call
 * (BPF_JMP|BPF_CALL, src_reg = BPF_PSEUDO_CALL) has its relative imm set.
 */
#ifndef IRKIT_BPF_IMAGE_H
#define IRKIT_BPF_IMAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <linux/bpf.h>

#include "ir_error.h"

#define BPF_IMAGE_NAME_MAX 64

/*
 * Instruction slots in one program (an ld_imm64 takes two): the kernel's limit for a
 * privileged loader (BPF_COMPLEXITY_LIMIT_INSNS). bpf_object_relocate() and bpf_vm_new()
 * refuse a longer program with -E2BIG.
 */
#define BPF_IMAGE_INSNS_MAX 1000000

struct bpf_map_spec {
	char name[BPF_IMAGE_NAME_MAX];	/* symbol or section name (".rodata", "decoder_state") */
	uint32_t type;			/* BPF_MAP_TYPE_* */
	uint32_t key_size;
	uint32_t value_size;
	uint32_t max_entries;
	uint32_t flags;			/* BPF_F_* map flags */
	/*
	 * For global data maps (.rodata/.data/.bss): value_size bytes written to element 0
	 * at creation. NULL for other maps (zero-filled, as the kernel does).
	 */
	uint8_t *initial_value;
	bool read_only;			/* .rodata: frozen after the initial value is written */
};

struct bpf_image {
	char name[BPF_IMAGE_NAME_MAX];	/* program name (function or section name) */
	char license[BPF_IMAGE_NAME_MAX];
	struct bpf_insn *insns;
	size_t insn_count;
	struct bpf_map_spec *maps;
	size_t map_count;
};

/*
 * The layout the host gives a map it writes (bpf(2) from userspace, or bpf_vm's map
 * update): the host copies key_size and value_size bytes from its own structures, so
 * a map of the same name but another layout would make it read past them.
 */
struct bpf_map_layout {
	const char *name;
	uint32_t type;			/* BPF_MAP_TYPE_* */
	uint32_t key_size;
	uint32_t value_size;
	uint32_t max_entries;
};

/*
 * The index of the image's map called layout->name, checked against the layout: every
 * map the host writes is found through this, and written only with the layout's sizes.
 * Returns the index (>= 0), -ENOENT (no map of that name; err untouched), or -EINVAL
 * (type, key size, value size or max entries differ; err says which).
 */
int bpf_image_host_map(const struct bpf_image *image, const struct bpf_map_layout *layout,
		       struct ir_error *err);

/* Frees everything the image owns, and the image. Accepts NULL. */
void bpf_image_free(struct bpf_image *image);

#endif
