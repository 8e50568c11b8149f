/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bpf_kernel internals that its unit tests reach: the error explanations, and a load
 * with another program type (so that the verifier-log path runs on a host kernel
 * without rc-core, where BPF_PROG_TYPE_LIRC_MODE2 does not exist).
 */
#ifndef IRKIT_BPF_KERNEL_PRIVATE_H
#define IRKIT_BPF_KERNEL_PRIVATE_H

#include "bpf_kernel.h"

enum bpf_kernel_op {
	BPF_KERNEL_OP_MAP_CREATE,
	BPF_KERNEL_OP_MAP_UPDATE,
	BPF_KERNEL_OP_LOAD,
	BPF_KERNEL_OP_ATTACH,
	BPF_KERNEL_OP_DETACH,
	BPF_KERNEL_OP_QUERY,
	BPF_KERNEL_OP_INFO,
	BPF_KERNEL_OP_MAX,
};

/*
 * Set err to what error (a positive errno) means for op on the object called name
 * (a map or program name; unused for a query). lirc_read_only says the LIRC device was
 * opened read-only, which turns EPERM on attach or detach into its real cause.
 */
void bpf_kernel_explain(struct ir_error *err, enum bpf_kernel_op op, const char *name,
			int error, bool lirc_read_only);

/* bpf_kernel_load() with the program type and expected attach type given. */
int bpf_kernel_load_type(const struct bpf_image *image, enum bpf_prog_type type,
			 enum bpf_attach_type attach_type, char *log_tail,
			 size_t log_tail_size, struct bpf_kernel_program **ret_program,
			 struct ir_error *err);

/* The kernel's rules for object names: [A-Za-z0-9_.], at most 15 characters. */
void bpf_kernel_object_name(const char *name, char *out, size_t out_size);

#endif
