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
 *   BPF_LINT_VALUE_BOUNDS  a load, store or atomic operation through a pointer into
 *                          a map value (a lookup's result, a direct value address,
 *                          each plus constants) that reaches outside that value: into
 *                          the next element of an array, say, which the VM allows
 *   BPF_LINT_POINTER_VALUE a pointer (the frame pointer, a map, a map value, the
 *                          context, each plus constants) used as a number: stored
 *                          into a map value or the context, the operand of an
 *                          atomic operation (cmpxchg with r10 as its source), or an
 *                          argument a helper takes as a number (bpf_rc_keydown's
 *                          scancode, say: it would print an address)
 *   BPF_LINT_STACK_DEPTH   a chain of BPF-to-BPF calls whose frames add up to more
 *                          than the kernel's 512 bytes of stack (each frame counted
 *                          as the kernel does, rounded up to 32 bytes; the VM gives
 *                          each of its 8 frames 512)
 *   BPF_LINT_UNINIT_STACK  a read of a stack slot (8 bytes) that, on some path in the
 *                          same run, was never written: the VM keeps the stack from
 *                          one sample to the next, the kernel does not (a helper's
 *                          map key or value read from the stack counts)
 *
 * It is an approximation, not the verifier: a register spilled to the stack and
 * filled again loses its NULL state and what it points to (no warning then), paths
 * are not pruned by the values of comparisons, a pointer whose offset differs between
 * paths is not checked against its bounds, and a store through a stack pointer of
 * unknown offset counts as writing the whole frame. Every bundled decoder and
 * Debian's passes it clean.
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
	BPF_LINT_VALUE_BOUNDS,
	BPF_LINT_POINTER_VALUE,
	BPF_LINT_STACK_DEPTH,
	BPF_LINT_UNINIT_STACK,
	BPF_LINT_KIND_MAX,
};

struct bpf_lint_finding {
	enum bpf_lint_kind kind;
	size_t insn;			/* index in image->insns */
	/*
	 * UNINIT_REG, MAYBE_NULL, VALUE_BOUNDS: the register gone through; POINTER_VALUE:
	 * the register that holds the pointer.
	 */
	unsigned int reg;
	/*
	 * GPL_ONLY: the helper's BPF_FUNC_* id; POINTER_VALUE: the helper given the
	 * pointer as a number, or -1 when it is stored or is an atomic operand.
	 */
	int32_t helper;
	/*
	 * VALUE_BOUNDS: the offset in the value and the access size, and the map (its
	 * index in image->maps); UNINIT_STACK: the offset from the frame pointer (fp-8 is
	 * -8) and the size read; STACK_DEPTH: the frames' total in bytes (offset 0).
	 */
	int32_t offset;
	uint32_t size;
	uint32_t map;
};

/*
 * Check an image that bpf_vm_new() accepted (jumps and calls in range, map references
 * within image->maps). Stores the first finding of each kind, in kind order, in
 * findings (room for BPF_LINT_KIND_MAX) and returns how many; or -ENOMEM. STACK_DEPTH
 * names the BPF-to-BPF call that enters the frame past 512 bytes.
 */
int bpf_lint_image(const struct bpf_image *image, struct bpf_lint_finding *findings);

/* The kernel's name of a helper the lint names ("bpf_rc_keydown"), or "?". */
const char *bpf_lint_helper_name(int32_t helper);

#endif
