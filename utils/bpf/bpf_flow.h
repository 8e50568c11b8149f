/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * How the value an ld_imm64 loads is used: as a memory address, or as a number.
 *
 * v4l-utils' decoders take their parameters as the *address* of a global int
 * (BPF_PARAM(x) is `(int)&x`): the loader replaces the address with the value. A
 * program built for libbpf uses the same kind of global as memory. Nothing in the
 * ELF file tells the two apart; the instructions do. The verifier accepts a map
 * value pointer only in pointer operations (loads and stores through it, adding
 * constants, pointer arguments of helpers) and a number only in scalar ones (32-bit
 * ALU, shifts, multiplication, scalar helper arguments), so a use of either kind
 * decides what the program expects.
 *
 * The analysis follows the loaded register forward along every path of the control
 * flow graph, through register copies, 8-byte stack spills and fills, and calls to
 * BPF subprograms (arguments r1-r5 into the callee, r6-r9 across the call), until
 * every copy is overwritten. It is bounded: past a fixed number of states it stops
 * and reports what it has seen so far, with `incomplete` set.
 *
 * Its user is the loader (bpf_object_params.c: which globals are parameters). The VM
 * proves its memory accesses with a data flow of its own (bpf_vm.h).
 */
#ifndef IRKIT_BPF_FLOW_H
#define IRKIT_BPF_FLOW_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/bpf.h>

/* One code section: instructions in host order, already bounds-checked by the caller. */
struct bpf_flow_code {
	const struct bpf_insn *insns;
	size_t insn_count;
};

/*
 * Resolve a BPF-to-BPF call (src_reg BPF_PSEUDO_CALL) at (section, insn) to the first
 * instruction of the callee. Returns 0, or a negative errno when the call cannot be
 * followed (the path then ends there).
 */
typedef int (*bpf_flow_resolve_call)(void *user, size_t section, size_t insn,
				     size_t *ret_section, size_t *ret_insn);

enum bpf_flow_use {
	BPF_FLOW_USE_MEMORY = 1 << 0,	/* dereferenced, or a pointer helper argument */
	BPF_FLOW_USE_VALUE = 1 << 1,	/* used in arithmetic only numbers allow */
};

struct bpf_flow_result {
	unsigned int uses;		/* enum bpf_flow_use flags */
	size_t memory_section;		/* the first use of each kind found */
	size_t memory_insn;
	size_t value_section;
	size_t value_insn;
	bool incomplete;		/* the state budget ran out */
};

struct bpf_flow;

/* Returns NULL on allocation failure. */
struct bpf_flow *bpf_flow_new(void);
void bpf_flow_free(struct bpf_flow *flow);	/* accepts NULL */

/*
 * Classify the uses of the register that the ld_imm64 at (section, insn) loads.
 * Instructions out of range, unknown opcodes and unresolvable calls end a path
 * quietly: checking the program is the verifier's (or bpf_vm's) business.
 */
void bpf_flow_classify(struct bpf_flow *flow, const struct bpf_flow_code *code,
		       size_t code_count, bpf_flow_resolve_call resolve, void *user,
		       size_t section, size_t insn, struct bpf_flow_result *ret_result);

#endif
