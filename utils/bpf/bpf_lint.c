// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A forward data-flow analysis over the image's instructions: for each instruction,
 * the registers written on every path to it, and those that may hold the unchecked
 * result of a map lookup (with the lookup that made it, so that a test of one copy
 * clears them all, as the verifier's pointer ids do; results of different lookups met
 * at a join become LINT_MANY). A state only loses written registers, and a register
 * only goes from checked to one lookup to LINT_MANY: each instruction changes at most
 * 3 times per register, so the iteration ends in a time linear in the program's size.
 * Each register also carries what it points to (the frame, a map, a map value, the
 * context; plus a constant offset while every path agrees on it), and the state the
 * stack slots of the frame written on every path: both only lose what they know at a
 * join, so they keep that bound. The findings are read off the final states, in
 * instruction order; the stack depth of chains of calls off the subprograms' frames.
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
#define LINT_FRAME 512			/* the kernel's MAX_BPF_STACK: all frames together */
#define LINT_SLOT 8
#define LINT_MAX_FRAMES 8		/* the kernel's MAX_CALL_FRAMES */
#ifndef BPF_JMP32
#define BPF_JMP32 0x06
#endif
#ifndef BPF_PSEUDO_MAP_IDX
#define BPF_PSEUDO_MAP_IDX 5
#endif
#ifndef BPF_PSEUDO_MAP_IDX_VALUE
#define BPF_PSEUDO_MAP_IDX_VALUE 6
#endif

/* What a register points to. */
enum lint_ptr_kind {
	LINT_PTR_NONE,			/* a number, or nothing this analysis follows */
	LINT_PTR_STACK,			/* the frame: off from the frame pointer */
	LINT_PTR_MAP,			/* a map itself (for the map helpers' r1) */
	LINT_PTR_VALUE,			/* a map value: off into it */
	LINT_PTR_CTX,			/* the context */
	LINT_PTR_MAX,
};

struct lint_ptr {
	uint8_t kind;			/* enum lint_ptr_kind */
	bool known;			/* off is the same on every path */
	uint16_t map;			/* MAP, VALUE: the map's index (at most 64 maps) */
	int32_t off;
};

struct lint_state {
	bool reached;
	uint16_t written;		/* bit n: rn written on every path */
	uint32_t lookup[LINT_REGS];	/* 1 + the lookup's instruction, 0: not unchecked */
	struct lint_ptr ptr[LINT_REGS];
	uint64_t stack_written;		/* bit n: the frame's slot fp-512+8n, on every path */
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
	case BPF_FUNC_map_push_elem: return 3;
	case BPF_FUNC_map_pop_elem: return 2;
	case BPF_FUNC_map_peek_elem: return 2;
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

static int compare_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
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

static const struct lint_ptr no_ptr = { .kind = LINT_PTR_NONE };

static void set_scalar(struct lint_state *s, unsigned int reg)
{
	s->written |= (uint16_t)(1u << reg);
	s->lookup[reg] = 0;
	s->ptr[reg] = no_ptr;
}

static void set_ptr(struct lint_state *s, unsigned int reg, enum lint_ptr_kind kind,
		    uint32_t map, int32_t off)
{
	set_scalar(s, reg);
	s->ptr[reg] = (struct lint_ptr){ .kind = (uint8_t)kind, .known = true,
					 .map = (uint16_t)(map > UINT16_MAX ? UINT16_MAX : map),
					 .off = off };
}

static void clobber_args(struct lint_state *s)
{
	unsigned int reg;

	for (reg = 1; reg <= 5; reg++) {
		s->written &= (uint16_t)~(1u << reg);
		s->lookup[reg] = 0;
		s->ptr[reg] = no_ptr;
	}
}

/* The bytes of a load, store or atomic operation. */
static uint32_t access_size(const struct bpf_insn *insn)
{
	switch (BPF_SIZE(insn->code)) {
	case BPF_B: return 1;
	case BPF_H: return 2;
	case BPF_W: return 4;
	default: return 8;
	}
}

/* The slots of [off, off + size) from the frame pointer, or 0 outside the frame. */
static uint64_t stack_slots(int64_t off, uint64_t size)
{
	int64_t first, last;

	if (off < -LINT_FRAME || off + (int64_t)size > 0 || size == 0)
		return 0;
	first = (off + LINT_FRAME) / LINT_SLOT;
	last = (off + (int64_t)size - 1 + LINT_FRAME) / LINT_SLOT;
	if (last - first >= 63)
		return UINT64_MAX;
	return ((UINT64_C(2) << (last - first)) - 1) << first;
}

/* A store through a pointer into the frame: the slots it writes are written. */
static void mark_stack_written(struct lint_state *s, const struct lint_ptr *base,
			       int64_t off, uint64_t size)
{
	if (base->kind != LINT_PTR_STACK)
		return;
	if (!base->known)
		s->stack_written = UINT64_MAX;	/* anywhere: no read is flagged after it */
	else
		s->stack_written |= stack_slots(base->off + off, size);
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

/* Two paths' pointers: what both agree on. Whether into changed. */
static bool merge_ptr(struct lint_ptr *into, const struct lint_ptr *other)
{
	struct lint_ptr m = *into;

	if (m.kind != other->kind || m.map != other->map)
		m = no_ptr;
	else if (m.known && (!other->known || m.off != other->off))
		m.known = false;
	if (m.kind == into->kind && m.known == into->known && m.map == into->map &&
	    m.off == into->off)
		return false;
	*into = m;
	return true;
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
		uint64_t stack_written = in->stack_written & s->stack_written;

		changed = written != in->written || stack_written != in->stack_written;
		in->written = written;
		in->stack_written = stack_written;
		for (reg = 0; reg < LINT_REGS; reg++) {
			uint32_t m = merge_lookup(in->lookup[reg], s->lookup[reg]);

			changed |= m != in->lookup[reg];
			in->lookup[reg] = m;
			changed |= merge_ptr(&in->ptr[reg], &s->ptr[reg]);
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
		/*
		 * The callee starts with r1-r5 as passed and its own frame pointer, none of
		 * its frame written; the caller's frame passed to it is not followed there.
		 */
		callee.written = (uint16_t)((s.written & LINT_ARGS) | (1u << LINT_FP));
		callee.stack_written = 0;
		for (reg = 0; reg < LINT_REGS; reg++) {
			if (!(LINT_ARGS & (1u << reg))) {
				callee.lookup[reg] = 0;
				callee.ptr[reg] = no_ptr;
			} else if (callee.ptr[reg].kind == LINT_PTR_STACK) {
				callee.ptr[reg] = no_ptr;
			}
		}
		callee.ptr[LINT_FP] = (struct lint_ptr){ .kind = LINT_PTR_STACK, .known = true };
		flow_to(l, i + 1 + (size_t)(int64_t)insn->imm, &callee);
		after.written = (uint16_t)(s.written & (LINT_CALLEE_SAVED | (1u << LINT_FP)));
		clobber_args(&after);
		set_scalar(&after, 0);
		flow_to(l, i + 1, &after);
		return;
	}
	/* A queue's pop and peek write a value where r2 points. */
	if ((insn->imm == BPF_FUNC_map_pop_elem || insn->imm == BPF_FUNC_map_peek_elem) &&
	    s.ptr[1].kind == LINT_PTR_MAP && s.ptr[1].map < l->image->map_count)
		mark_stack_written(&after, &s.ptr[2], 0,
				   l->image->maps[s.ptr[1].map].value_size);
	clobber_args(&after);
	set_scalar(&after, 0);
	if (insn->imm == BPF_FUNC_map_lookup_elem) {
		if (s.ptr[1].kind == LINT_PTR_MAP)
			set_ptr(&after, 0, LINT_PTR_VALUE, s.ptr[1].map, 0);
		after.lookup[0] = (uint32_t)i + 1;
	}
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
			if (insn->src_reg == BPF_PSEUDO_MAP_IDX)
				set_ptr(&s, dst, LINT_PTR_MAP, (uint32_t)insn->imm, 0);
			else if (insn->src_reg == BPF_PSEUDO_MAP_IDX_VALUE &&
				 i + 1 < l->image->insn_count)
				set_ptr(&s, dst, LINT_PTR_VALUE, (uint32_t)insn->imm,
					l->image->insns[i + 1].imm);
			flow_to(l, i + 2, &s);
			return;
		}
		set_scalar(&s, 0);
		break;
	case BPF_LDX:
		set_scalar(&s, dst);
		break;
	case BPF_ST:
		mark_stack_written(&s, &s.ptr[dst], insn->off, access_size(insn));
		break;
	case BPF_STX:
		mark_stack_written(&s, &s.ptr[dst], insn->off, access_size(insn));
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
			s.ptr[dst] = s.ptr[src];
		} else if (cls == BPF_ALU64 && (op == BPF_ADD || op == BPF_SUB) &&
			   BPF_SRC(insn->code) == BPF_K) {
			/* Pointer plus a constant: still the same unchecked pointer. */
			int64_t off = (int64_t)s.ptr[dst].off +
				      (op == BPF_ADD ? (int64_t)insn->imm : -(int64_t)insn->imm);

			s.written |= (uint16_t)(1u << dst);
			if (off < INT32_MIN || off > INT32_MAX)
				s.ptr[dst].known = false;
			else
				s.ptr[dst].off = (int32_t)off;
		} else if (cls == BPF_ALU64 && (op == BPF_ADD || op == BPF_SUB) &&
			   s.ptr[dst].kind != LINT_PTR_NONE &&
			   s.ptr[insn->src_reg % LINT_REGS].kind == LINT_PTR_NONE) {
			/* Pointer plus a number: the same pointer, somewhere in it. */
			s.written |= (uint16_t)(1u << dst);
			s.lookup[dst] = 0;
			s.ptr[dst].known = false;
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

/* Whether a helper takes argument reg (1-5) as a number, not a pointer or a map. */
static bool helper_arg_is_number(int32_t helper, unsigned int reg)
{
	switch (helper) {
	case BPF_FUNC_rc_keydown: return reg >= 2 && reg <= 4;
	case BPF_FUNC_rc_pointer_rel: return reg == 2 || reg == 3;
	case BPF_FUNC_map_update_elem: return reg == 4;
	case BPF_FUNC_map_push_elem: return reg == 3;
	case BPF_FUNC_trace_printk: return reg == 2;
	default: return false;
	}
}

/* A pointer used as a number by insn, in the state s: its register, or -1. */
static int pointer_as_number(const struct bpf_insn *insn, const struct lint_state *s,
			     int32_t *ret_helper)
{
	unsigned int src = insn->src_reg % LINT_REGS, base = insn->dst_reg % LINT_REGS, reg;

	*ret_helper = -1;
	if (is_helper_call(insn)) {
		for (reg = 1; reg <= 5; reg++)
			if (helper_arg_is_number(insn->imm, reg) &&
			    s->ptr[reg].kind != LINT_PTR_NONE) {
				*ret_helper = insn->imm;
				return (int)reg;
			}
		return -1;
	}
	if (BPF_CLASS(insn->code) != BPF_STX)
		return -1;
	if (BPF_MODE(insn->code) == BPF_ATOMIC) {
		/* Any atomic operand: the verifier tracks no pointer through them. */
		if (s->ptr[src].kind != LINT_PTR_NONE)
			return (int)src;
		if (insn->imm == BPF_CMPXCHG && s->ptr[0].kind != LINT_PTR_NONE)
			return 0;
		return -1;
	}
	/* Spilled to the stack is fine; kept in a map value or the context is not. */
	if (s->ptr[src].kind != LINT_PTR_NONE &&
	    (s->ptr[base].kind == LINT_PTR_VALUE || s->ptr[base].kind == LINT_PTR_CTX))
		return (int)src;
	return -1;
}

/* An access through a map value pointer outside the value, into finding. */
static bool value_out_of_bounds(const struct bpf_image *image, const struct lint_ptr *base,
				int64_t off, uint32_t size, struct bpf_lint_finding *finding)
{
	int64_t at = base->off + off;

	if (base->kind != LINT_PTR_VALUE || !base->known || base->map >= image->map_count)
		return false;
	if (at >= 0 && at + size <= image->maps[base->map].value_size)
		return false;
	finding->kind = BPF_LINT_VALUE_BOUNDS;
	finding->offset = at < INT32_MIN ? INT32_MIN : at > INT32_MAX ? INT32_MAX : (int32_t)at;
	finding->size = size;
	finding->map = base->map;
	return true;
}

/* A read of size bytes at base + off in the frame, some of them never written. */
static bool stack_unwritten(const struct lint_state *s, const struct lint_ptr *base,
			    int64_t off, uint64_t size, struct bpf_lint_finding *finding)
{
	uint64_t slots;

	if (base->kind != LINT_PTR_STACK || !base->known)
		return false;
	slots = stack_slots(base->off + off, size);
	if (!slots || (slots & ~s->stack_written) == 0)
		return false;
	finding->kind = BPF_LINT_UNINIT_STACK;
	finding->offset = (int32_t)(base->off + off);
	finding->size = (uint32_t)size;
	return true;
}

/* A map helper's key (r2) and value (r3), or a queue's value (r2), read from the frame. */
static bool helper_reads_unwritten(const struct bpf_image *image, const struct bpf_insn *insn,
				   const struct lint_state *s, struct bpf_lint_finding *finding)
{
	const struct lint_ptr *map = &s->ptr[1];
	bool value = insn->imm == BPF_FUNC_map_update_elem;

	if (map->kind != LINT_PTR_MAP || map->map >= image->map_count)
		return false;
	/* A queue's push reads a value (r2); its pop and peek write one. */
	if (insn->imm == BPF_FUNC_map_push_elem)
		return stack_unwritten(s, &s->ptr[2], 0, image->maps[map->map].value_size,
				       finding);
	if (insn->imm != BPF_FUNC_map_lookup_elem && insn->imm != BPF_FUNC_map_delete_elem &&
	    !value)
		return false;
	if (stack_unwritten(s, &s->ptr[2], 0, image->maps[map->map].key_size, finding))
		return true;
	return value && stack_unwritten(s, &s->ptr[3], 0, image->maps[map->map].value_size,
					finding);
}

/* The checks of one reached instruction that look at what registers point to. */
static void check_pointers(const struct lint *l, size_t i, const struct lint_state *s,
			   struct bpf_lint_finding *findings, bool *found, int *count)
{
	const struct bpf_insn *insn = &l->image->insns[i];
	struct bpf_lint_finding f = { .insn = i };
	int base = memory_base(insn), reg;
	bool reads_memory;

	if (base >= 0) {
		const struct lint_ptr *p = &s->ptr[base % LINT_REGS];

		f.reg = (unsigned int)base;
		if (value_out_of_bounds(l->image, p, insn->off, access_size(insn), &f))
			add_finding(findings, found, count, f);
		reads_memory = BPF_CLASS(insn->code) == BPF_LDX ||
			       (BPF_CLASS(insn->code) == BPF_STX &&
				BPF_MODE(insn->code) == BPF_ATOMIC);
		f = (struct bpf_lint_finding){ .insn = i, .reg = (unsigned int)base };
		if (reads_memory && stack_unwritten(s, p, insn->off, access_size(insn), &f))
			add_finding(findings, found, count, f);
	}
	f = (struct bpf_lint_finding){ .insn = i, .reg = 2 };
	if (is_helper_call(insn) && helper_reads_unwritten(l->image, insn, s, &f))
		add_finding(findings, found, count, f);
	f = (struct bpf_lint_finding){ .kind = BPF_LINT_POINTER_VALUE, .insn = i };
	reg = pointer_as_number(insn, s, &f.helper);
	if (reg >= 0) {
		f.reg = (unsigned int)reg;
		add_finding(findings, found, count, f);
	}
}

/* The frame of each subprogram: the deepest it reaches below its frame pointer. */
static int32_t frame_depth(const struct lint *l, size_t start, size_t end)
{
	const struct bpf_image *image = l->image;
	int64_t deepest = 0, at;
	size_t i;
	int base;

	for (i = start; i < end; i++) {
		const struct bpf_insn *insn = &image->insns[i];
		const struct lint_ptr *p;

		if (!l->in[i].reached)
			continue;
		base = memory_base(insn);
		if (base < 0)
			continue;
		p = &l->in[i].ptr[base % LINT_REGS];
		if (p->kind != LINT_PTR_STACK || !p->known)
			continue;
		at = (int64_t)p->off + insn->off;
		if (-at > deepest)
			deepest = -at;
	}
	return (int32_t)(deepest > LINT_FRAME ? LINT_FRAME : deepest);
}

struct lint_subprogs {
	size_t *start;			/* sorted; start[count] is the image's end */
	int32_t *depth;			/* rounded as the kernel counts it */
	/*
	 * deepest[k * LINT_MAX_FRAMES + f - 1]: the most bytes a chain of at most f
	 * frames from subprogram k takes, -1 until computed.
	 */
	int32_t *deepest;
	size_t count;
};

static size_t subprog_of(const struct lint_subprogs *sp, size_t insn)
{
	size_t lo = 0, hi = sp->count;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (sp->start[mid] <= insn)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

static size_t call_target(const struct lint_subprogs *sp, size_t i,
			  const struct bpf_insn *insn)
{
	return subprog_of(sp, i + 1 + (size_t)(int64_t)insn->imm);
}

/*
 * Memoised, so that the work is the program's size times the frames, however many
 * calls each subprogram makes (walking every chain would be exponential).
 */
static int32_t deepest(const struct lint *l, struct lint_subprogs *sp, size_t k,
		       unsigned int frames)
{
	int32_t *memo = &sp->deepest[k * LINT_MAX_FRAMES + frames - 1], most = 0, d;
	size_t i;

	if (*memo >= 0)
		return *memo;
	for (i = sp->start[k]; frames > 1 && i < sp->start[k + 1]; i++) {
		const struct bpf_insn *insn = &l->image->insns[i];

		if (!l->in[i].reached || !is_local_call(insn))
			continue;
		d = deepest(l, sp, call_target(sp, i, insn), frames - 1);
		if (d > most)
			most = d;
	}
	*memo = sp->depth[k] + most;
	return *memo;
}

/* The first call, in program order down the chain, whose frame takes it past 512. */
static void report_depth(const struct lint *l, struct lint_subprogs *sp,
			 struct bpf_lint_finding *findings, bool *found, int *count)
{
	unsigned int frames = LINT_MAX_FRAMES;
	int32_t total = sp->depth[0];
	size_t k = 0, i, t;

	if (deepest(l, sp, 0, frames) <= LINT_FRAME)
		return;
	for (i = sp->start[k]; i < sp->start[k + 1]; i++) {
		const struct bpf_insn *insn = &l->image->insns[i];

		if (!l->in[i].reached || !is_local_call(insn))
			continue;
		t = call_target(sp, i, insn);
		if (total + deepest(l, sp, t, frames - 1) <= LINT_FRAME)
			continue;
		if (total + sp->depth[t] > LINT_FRAME) {
			add_finding(findings, found, count, (struct bpf_lint_finding){
				.kind = BPF_LINT_STACK_DEPTH, .insn = i,
				.size = (uint32_t)(total + sp->depth[t]) });
			return;
		}
		/* Down this call: the excess is further on. */
		total += sp->depth[t];
		frames--;
		k = t;
		i = sp->start[k] - 1;
	}
}

static int check_stack_depth(const struct lint *l, struct bpf_lint_finding *findings,
			     bool *found, int *count)
{
	const struct bpf_image *image = l->image;
	struct lint_subprogs sp = { 0 };
	size_t i, n = 1, k;
	int ret = 0;

	sp.start = calloc(image->insn_count + 1, sizeof(*sp.start));
	sp.depth = calloc(image->insn_count + 1, sizeof(*sp.depth));
	if (!sp.start || !sp.depth) {
		ret = -ENOMEM;
		goto out;
	}
	/* Subprograms start at 0 and at every target of a call, in order. */
	for (i = 0; i < image->insn_count; i++)
		if (is_local_call(&image->insns[i]))
			sp.start[n++] = i + 1 + (size_t)(int64_t)image->insns[i].imm;
	qsort(sp.start, n, sizeof(*sp.start), compare_size);
	for (i = 1, k = 1; i < n; i++)
		if (sp.start[i] != sp.start[k - 1])
			sp.start[k++] = sp.start[i];
	sp.count = k;
	sp.start[k] = image->insn_count;
	if (sp.count == 1)
		goto out;	/* one frame of at most 512 bytes: the VM's bound */
	sp.deepest = malloc(sp.count * LINT_MAX_FRAMES * sizeof(*sp.deepest));
	if (!sp.deepest) {
		ret = -ENOMEM;
		goto out;
	}
	memset(sp.deepest, 0xff, sp.count * LINT_MAX_FRAMES * sizeof(*sp.deepest));
	for (k = 0; k < sp.count; k++) {
		int32_t depth = frame_depth(l, sp.start[k], sp.start[k + 1]);

		/* As the kernel counts a frame: at least 1 byte, rounded up to 32. */
		sp.depth[k] = ((depth < 1 ? 1 : depth) + 31) / 32 * 32;
	}
	report_depth(l, &sp, findings, found, count);
out:
	free(sp.start);
	free(sp.depth);
	free(sp.deepest);
	return ret;
}

/* The findings, read off the final states in instruction order. */
static int report(const struct lint *l, struct bpf_lint_finding *findings)
{
	const struct bpf_image *image = l->image;
	bool found[BPF_LINT_KIND_MAX] = { false };
	bool gpl = license_gpl_compatible(image->license);
	struct bpf_lint_finding sorted[BPF_LINT_KIND_MAX];
	int count = 0, out = 0, k, j, ret;
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
		check_pointers(l, i, s, findings, found, &count);
		if (is_ld_imm64(insn))
			i++;
	}
	ret = check_stack_depth(l, findings, found, &count);
	if (ret < 0)
		return ret;
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
	entry.ptr[1] = (struct lint_ptr){ .kind = LINT_PTR_CTX, .known = true };
	entry.ptr[LINT_FP] = (struct lint_ptr){ .kind = LINT_PTR_STACK, .known = true };
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
