/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the kernel's verifier would refuse and the userspace VM runs anyway.
 *
 * bpf_vm checks every memory access as it happens, so a program that reads a register
 * nobody wrote, or dereferences what bpf_map_lookup_elem() returned without testing it
 * for NULL, runs offline, while the kernel refuses to load it. ir-keytable --decode
 * says so, naming the instruction, so that a decoder tested offline is not a surprise
 * on a device. The checks are those of the verifier that decoders meet most:
 *
 *   BPF_LINT_UNINIT_REG    an instruction reads a register that, on some path to it,
 *                          was never written (r1 and r10 are set at entry; a helper or
 *                          BPF-to-BPF call leaves r1-r5 unreadable and sets r0; a
 *                          subprogram starts with r1-r5 as its caller left them)
 *   BPF_LINT_MAYBE_NULL    a load, store or atomic operation through the result of
 *                          bpf_map_lookup_elem() (or a copy of it, or that plus a
 *                          constant) on a path where it was not compared with 0
 *   BPF_LINT_GPL_ONLY      a helper the kernel gives only to GPL programs
 *                          (bpf_rc_keydown, bpf_rc_repeat, bpf_rc_pointer_rel,
 *                          bpf_trace_printk) in a program whose licence is not
 *                          GPL-compatible
 *
 * It is an approximation, not the verifier: a register spilled to the stack and
 * filled again loses its NULL state (no warning then), and paths are not pruned by
 * the values of comparisons. Every bundled decoder and Debian's passes it clean.
 */
#ifndef IRKIT_BPF_LINT_H
#define IRKIT_BPF_LINT_H

#include <stddef.h>
#include <stdint.h>

#include "bpf_image.h"

enum bpf_lint_kind {
	BPF_LINT_UNINIT_REG,
	BPF_LINT_MAYBE_NULL,
	BPF_LINT_GPL_ONLY,
	BPF_LINT_KIND_MAX,
};

struct bpf_lint_finding {
	enum bpf_lint_kind kind;
	size_t insn;			/* index in image->insns */
	unsigned int reg;		/* UNINIT_REG, MAYBE_NULL: the register */
	int32_t helper;			/* GPL_ONLY: the helper's BPF_FUNC_* id */
};

/*
 * Check an image that bpf_vm_new() accepted (jumps and calls in range). Stores the
 * first finding of each kind, in kind order, in findings (room for BPF_LINT_KIND_MAX)
 * and returns how many; or -ENOMEM.
 */
int bpf_lint_image(const struct bpf_image *image, struct bpf_lint_finding *findings);

/* The kernel's name of a helper the lint names ("bpf_rc_keydown"), or "?". */
const char *bpf_lint_helper_name(int32_t helper);

#endif
