// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A forward data-flow analysis over the image's instructions: for each instruction,
 * the registers written on every path to it, and those that may hold the unchecked
 * result of a map lookup (with the lookup that made it, so that a test of one copy
 * clears them all, as the verifier's pointer ids do; results of different lookups met
 * at a join become LINT_MANY). A state only loses written registers, and a register
 * only goes from checked to one lookup to LINT_MANY: each instruction changes at most
 * 3 times per register, so the iteration ends in a time linear in the program's size.
 * The findings are read off the final states, in instruction order.
 */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_lint.h"

#define LINT_REGS 11
#define LINT_FP 10
#define LINT_ARGS 0x3eu		/* r1-r5 */
#define LINT_CALLEE_SAVED 0x3c0u	/* r6-r9 */
#define LINT_MANY UINT32_MAX		/* unchecked results of several lookups */
#ifndef BPF_JMP32
#define BPF_JMP32 0x06
#endif

struct lint_state {
	bool reached;
	uint16_t written;		/* bit n: rn written on every path */
	uint32_t lookup[LINT_REGS];	/* 1 + the lookup's instruction, 0: not unchecked */
};

struct lint {
	const struct bpf_image *image;
	struct lint_state *in;
	size_t *work;
	size_t work_count;
	bool *queued;
};

static bool is_ld_imm64(const struct bpf_insn *insn)
{
	return insn->code == (BPF_LD | BPF_IMM | BPF_DW);
}

/* Arguments each emulated helper reads (the verifier checks them all). */
static unsigned int helper_args(int32_t helper)
{
	switch (helper) {
	case BPF_FUNC_map_lookup_elem: return 2;
	case BPF_FUNC_map_update_elem: return 4;
	case BPF_FUNC_map_delete_elem: return 2;
	case BPF_FUNC_trace_printk: return 2;
	case BPF_FUNC_rc_repeat: return 1;
	case BPF_FUNC_rc_keydown: return 4;
	case BPF_FUNC_rc_pointer_rel: return 3;
	default: return 0;
	}
}

static bool helper_gpl_only(int32_t helper)
{
	return helper == BPF_FUNC_rc_repeat || helper == BPF_FUNC_rc_keydown ||
	       helper == BPF_FUNC_rc_pointer_rel || helper == BPF_FUNC_trace_printk;
}

const char *bpf_lint_helper_name(int32_t helper)
{
	switch (helper) {
	case BPF_FUNC_rc_repeat: return "bpf_rc_repeat";
	case BPF_FUNC_rc_keydown: return "bpf_rc_keydown";
	case BPF_FUNC_rc_pointer_rel: return "bpf_rc_pointer_rel";
	case BPF_FUNC_trace_printk: return "bpf_trace_printk";
	default: return "?";
	}
}

/* The kernel's license_is_gpl_compatible(). */
static bool license_gpl_compatible(const char *license)
{
	static const char *const gpl[] = {
		"GPL", "GPL v2", "GPL and additional rights", "Dual BSD/GPL",
		"Dual MIT/GPL", "Dual MPL/GPL",
	};
	size_t i;

	for (i = 0; i < sizeof(gpl) / sizeof(gpl[0]); i++)
		if (!strcmp(license, gpl[i]))
			return true;
	return false;
}

static bool is_local_call(const struct bpf_insn *insn)
{
	return insn->code == (BPF_JMP | BPF_CALL) && insn->src_reg == BPF_PSEUDO_CALL;
}

static bool is_helper_call(const struct bpf_insn *insn)
{
	return insn->code == (BPF_JMP | BPF_CALL) && insn->src_reg != BPF_PSEUDO_CALL;
}

/* The registers an instruction reads, as a mask. */
static unsigned int reads(const struct bpf_insn *insn)
{
	unsigned int dst = 1u << (insn->dst_reg % LINT_REGS);
	unsigned int src = 1u << (insn->src_reg % LINT_REGS);
	uint8_t cls = BPF_CLASS(insn->code), op = BPF_OP(insn->code);

	switch (cls) {
	case BPF_ALU:
	case BPF_ALU64:
		if (op == BPF_MOV)
			return BPF_SRC(insn->code) == BPF_X ? src : 0;
		if (op == BPF_NEG || op == BPF_END)
			return dst;
		return dst | (BPF_SRC(insn->code) == BPF_X ? src : 0);
	case BPF_LDX:
		return src;
	case BPF_ST:
		return dst;
	case BPF_STX:
		if (BPF_MODE(insn->code) == BPF_ATOMIC && insn->imm == BPF_CMPXCHG)
			return dst | src | 1u;
		return dst | src;
	case BPF_JMP:
	case BPF_JMP32:
		if (op == BPF_JA)
			return 0;
		if (op == BPF_EXIT)
			return 1u;
		if (op == BPF_CALL)
			return is_local_call(insn) ? 0 :
			       (((1u << helper_args(insn->imm)) - 1) << 1);
		return dst | (BPF_SRC(insn->code) == BPF_X ? src : 0);
	default:
		return 0;
	}
}

/* The register a load, store or atomic operation goes through, or -1. */
static int memory_base(const struct bpf_insn *insn)
{
	switch (BPF_CLASS(insn->code)) {
	case BPF_LDX:
		return insn->src_reg;
	case BPF_ST:
	case BPF_STX:
		return insn->dst_reg;
	default:
		return -1;
	}
}

static void set_scalar(struct lint_state *s, unsigned int reg)
{
	s->written |= (uint16_t)(1u << reg);
	s->lookup[reg] = 0;
}

static void clobber_args(struct lint_state *s)
{
	unsigned int reg;

	for (reg = 1; reg <= 5; reg++) {
		s->written &= (uint16_t)~(1u << reg);
		s->lookup[reg] = 0;
	}
}

/* A register tested against 0: every copy of the same lookup is checked too. */
static void mark_checked(struct lint_state *s, uint32_t lookup)
{
	unsigned int reg;

	for (reg = 0; reg < LINT_REGS; reg++)
		if (s->lookup[reg] == lookup)
			s->lookup[reg] = 0;
}

static uint32_t merge_lookup(uint32_t a, uint32_t b)
{
	if (a == b || !b)
		return a;
	if (!a)
		return b;
	return LINT_MANY;
}

static void flow_to(struct lint *l, size_t target, const struct lint_state *s)
{
	struct lint_state *in;
	bool changed = false;
	unsigned int reg;

	if (target >= l->image->insn_count)
		return;
	in = &l->in[target];
	if (!in->reached) {
		*in = *s;
		in->reached = true;
		changed = true;
	} else {
		uint16_t written = in->written & s->written;

		changed = written != in->written;
		in->written = written;
		for (reg = 0; reg < LINT_REGS; reg++) {
			uint32_t m = merge_lookup(in->lookup[reg], s->lookup[reg]);

			changed |= m != in->lookup[reg];
			in->lookup[reg] = m;
		}
	}
	if (changed && !l->queued[target]) {
		l->queued[target] = true;
		l->work[l->work_count++] = target;
	}
}

static void step_call(struct lint *l, size_t i, const struct bpf_insn *insn,
		      struct lint_state s)
{
	struct lint_state callee = s, after = s;
	unsigned int reg;

	if (is_local_call(insn)) {
		/* The callee starts with r1-r5 as passed and its own frame pointer. */
		callee.written = (uint16_t)((s.written & LINT_ARGS) | (1u << LINT_FP));
		for (reg = 0; reg < LINT_REGS; reg++)
			if (!(LINT_ARGS & (1u << reg)))
				callee.lookup[reg] = 0;
		flow_to(l, i + 1 + (size_t)(int64_t)insn->imm, &callee);
		after.written = (uint16_t)(s.written & (LINT_CALLEE_SAVED | (1u << LINT_FP)));
		clobber_args(&after);
		set_scalar(&after, 0);
		flow_to(l, i + 1, &after);
		return;
	}
	clobber_args(&after);
	set_scalar(&after, 0);
	if (insn->imm == BPF_FUNC_map_lookup_elem)
		after.lookup[0] = (uint32_t)i + 1;
	flow_to(l, i + 1, &after);
}

static void step_jump(struct lint *l, size_t i, const struct bpf_insn *insn,
		      struct lint_state s)
{
	struct lint_state taken = s, next = s;
	uint8_t op = BPF_OP(insn->code);
	uint32_t lookup = s.lookup[insn->dst_reg % LINT_REGS];
	int64_t off = insn->off;

	if (op == BPF_EXIT)
		return;
	if (op == BPF_CALL) {
		step_call(l, i, insn, s);
		return;
	}
	if (op == BPF_JA) {
		if (BPF_CLASS(insn->code) == BPF_JMP32)
			off = insn->imm;
		flow_to(l, (size_t)((int64_t)i + 1 + off), &s);
		return;
	}
	/* "if rX == 0" and "if rX != 0" on a lookup's result: the verifier's NULL check. */
	if (lookup && BPF_CLASS(insn->code) == BPF_JMP && BPF_SRC(insn->code) == BPF_K &&
	    insn->imm == 0 && (op == BPF_JEQ || op == BPF_JNE))
		mark_checked(op == BPF_JEQ ? &next : &taken, lookup);
	flow_to(l, i + 1, &next);
	flow_to(l, (size_t)((int64_t)i + 1 + off), &taken);
}

static void step(struct lint *l, size_t i)
{
	const struct bpf_insn *insn = &l->image->insns[i];
	struct lint_state s = l->in[i];
	uint8_t cls = BPF_CLASS(insn->code), op = BPF_OP(insn->code);
	unsigned int dst = insn->dst_reg % LINT_REGS;

	switch (cls) {
	case BPF_LD:
		if (is_ld_imm64(insn)) {
			set_scalar(&s, dst);
			flow_to(l, i + 2, &s);
			return;
		}
		set_scalar(&s, 0);
		break;
	case BPF_LDX:
		set_scalar(&s, dst);
		break;
	case BPF_ST:
		break;
	case BPF_STX:
		if (BPF_MODE(insn->code) == BPF_ATOMIC) {
			if (insn->imm & BPF_FETCH)
				set_scalar(&s, insn->src_reg % LINT_REGS);
			if (insn->imm == BPF_CMPXCHG)
				set_scalar(&s, 0);
		}
		break;
	case BPF_ALU:
	case BPF_ALU64:
		if (cls == BPF_ALU64 && op == BPF_MOV && BPF_SRC(insn->code) == BPF_X &&
		    insn->off == 0) {
			/* A copy: written and unchecked as its source. */
			unsigned int src = insn->src_reg % LINT_REGS;

			s.written |= (uint16_t)(1u << dst);
			s.lookup[dst] = s.lookup[src];
		} else if (cls == BPF_ALU64 && (op == BPF_ADD || op == BPF_SUB) &&
			   BPF_SRC(insn->code) == BPF_K) {
			/* Pointer plus a constant: still the same unchecked pointer. */
			s.written |= (uint16_t)(1u << dst);
		} else {
			set_scalar(&s, dst);
		}
		break;
	case BPF_JMP:
	case BPF_JMP32:
		step_jump(l, i, insn, s);
		return;
	default:
		return;
	}
	flow_to(l, i + 1, &s);
}

static void add_finding(struct bpf_lint_finding *findings, bool *found, int *count,
			struct bpf_lint_finding finding)
{
	if (found[finding.kind])
		return;
	found[finding.kind] = true;
	findings[(*count)++] = finding;
}

/* The findings, read off the final states in instruction order. */
static int report(const struct lint *l, struct bpf_lint_finding *findings)
{
	const struct bpf_image *image = l->image;
	bool found[BPF_LINT_KIND_MAX] = { false };
	bool gpl = license_gpl_compatible(image->license);
	struct bpf_lint_finding sorted[BPF_LINT_KIND_MAX];
	int count = 0, out = 0, k, j;
	size_t i;

	for (i = 0; i < image->insn_count; i++) {
		const struct bpf_insn *insn = &image->insns[i];
		const struct lint_state *s = &l->in[i];
		unsigned int unread = reads(insn) & ~(unsigned int)s->written, reg;
		int base = memory_base(insn);

		if (!s->reached)
			continue;
		for (reg = 0; unread && reg < LINT_REGS; reg++)
			if (unread & (1u << reg)) {
				add_finding(findings, found, &count, (struct bpf_lint_finding){
					.kind = BPF_LINT_UNINIT_REG, .insn = i, .reg = reg });
				break;
			}
		if (base >= 0 && s->lookup[base % LINT_REGS])
			add_finding(findings, found, &count, (struct bpf_lint_finding){
				.kind = BPF_LINT_MAYBE_NULL, .insn = i,
				.reg = (unsigned int)base });
		if (!gpl && is_helper_call(insn) && helper_gpl_only(insn->imm))
			add_finding(findings, found, &count, (struct bpf_lint_finding){
				.kind = BPF_LINT_GPL_ONLY, .insn = i, .helper = insn->imm });
		if (is_ld_imm64(insn))
			i++;
	}
	/* In kind order, as the header promises. */
	for (k = 0; k < BPF_LINT_KIND_MAX; k++)
		for (j = 0; j < count; j++)
			if ((int)findings[j].kind == k)
				sorted[out++] = findings[j];
	memcpy(findings, sorted, (size_t)out * sizeof(*findings));
	return out;
}

int bpf_lint_image(const struct bpf_image *image, struct bpf_lint_finding *findings)
{
	struct lint l = { .image = image };
	struct lint_state entry = { .reached = true };
	int ret = 0;

	if (!image->insn_count)
		return 0;
	l.in = calloc(image->insn_count, sizeof(*l.in));
	l.work = calloc(image->insn_count, sizeof(*l.work));
	l.queued = calloc(image->insn_count, sizeof(*l.queued));
	if (!l.in || !l.work || !l.queued) {
		ret = -ENOMEM;
		goto out;
	}
	/* The program starts with the context in r1 and its frame pointer in r10. */
	entry.written = (uint16_t)((1u << 1) | (1u << LINT_FP));
	l.in[0] = entry;
	l.work[l.work_count++] = 0;
	l.queued[0] = true;
	while (l.work_count) {
		size_t i = l.work[--l.work_count];

		l.queued[i] = false;
		step(&l, i);
	}
	ret = report(&l, findings);
out:
	free(l.in);
	free(l.work);
	free(l.queued);
	return ret;
}
