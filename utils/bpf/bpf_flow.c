// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_flow.h"

/* Added to linux/bpf.h after Debian 12's headers: sign-extending loads (cpu v4). */
#ifndef BPF_MEMSX
#define BPF_MEMSX 0x80
#endif

/*
 * A state is a program point and where copies of the tracked value live: a bit per
 * register r0-r9 and a bit per 8-byte stack slot of the current frame (512 bytes).
 */
#define FLOW_MAX_STATES 4096
#define FLOW_TABLE_SIZE (2 * FLOW_MAX_STATES)	/* a power of two */
/*
 * The table starts this small and doubles as states come (kept at most half full): a
 * decoder needs a few hundred states, and zeroing the whole table, 256 KiB, at every
 * object opened was most of what opening one cost (0.35 ms of an ir-keytable -a run).
 */
#define FLOW_TABLE_MIN 256
#define FLOW_STACK_SLOTS 64
#define FLOW_CALLER_SAVED 0x03e		/* r1-r5: arguments, clobbered by calls */
#define FLOW_CALLEE_SAVED 0x3c0		/* r6-r9: kept across calls */

struct flow_state {
	uint32_t section;
	uint32_t insn;
	uint16_t regs;
	uint64_t slots;
};

struct flow_entry {
	struct flow_state state;
	uint32_t generation;		/* equal to flow->generation: in use */
};

struct bpf_flow {
	struct flow_entry *table;
	size_t table_size;		/* a power of two, FLOW_TABLE_MIN to FLOW_TABLE_SIZE */
	struct flow_state *pending;	/* table_size / 2 of them */
	size_t pending_count;
	size_t state_count;
	uint32_t generation;
	bool overflow;
	struct flow_state current;	/* the instruction being followed */
	struct bpf_flow_result *result;
};

enum helper_arg {
	ARG_ANY,	/* not known, or either */
	ARG_POINTER,
	ARG_SCALAR,
	ARG_MAX,
};

/* Argument kinds of the helpers a lirc_mode2 program may call (enum bpf_func_id). */
static const struct {
	int32_t id;
	unsigned char args[5];
} helper_args[] = {
	{ 1, { ARG_POINTER, ARG_POINTER } },			/* map_lookup_elem */
	{ 2, { ARG_POINTER, ARG_POINTER, ARG_POINTER, ARG_SCALAR } }, /* map_update_elem */
	{ 3, { ARG_POINTER, ARG_POINTER } },			/* map_delete_elem */
	{ 6, { ARG_POINTER, ARG_SCALAR } },			/* trace_printk */
	{ 12, { ARG_POINTER, ARG_POINTER, ARG_SCALAR } },	/* tail_call */
	{ 77, { ARG_POINTER } },				/* rc_repeat */
	{ 78, { ARG_POINTER, ARG_SCALAR, ARG_SCALAR, ARG_SCALAR } }, /* rc_keydown */
	{ 87, { ARG_POINTER, ARG_POINTER, ARG_SCALAR } },	/* map_push_elem */
	{ 88, { ARG_POINTER, ARG_POINTER } },			/* map_pop_elem */
	{ 89, { ARG_POINTER, ARG_POINTER } },			/* map_peek_elem */
	{ 92, { ARG_POINTER, ARG_SCALAR, ARG_SCALAR } },	/* rc_pointer_rel */
};

struct bpf_flow *bpf_flow_new(void)
{
	struct bpf_flow *flow = calloc(1, sizeof(*flow));

	if (!flow)
		return NULL;
	flow->table_size = FLOW_TABLE_MIN;
	flow->table = calloc(flow->table_size, sizeof(*flow->table));
	/* A stack: every entry is written before it is read. */
	flow->pending = malloc(flow->table_size / 2 * sizeof(*flow->pending));
	if (!flow->table || !flow->pending) {
		bpf_flow_free(flow);
		return NULL;
	}
	return flow;
}

void bpf_flow_free(struct bpf_flow *flow)
{
	if (!flow)
		return;
	free(flow->table);
	free(flow->pending);
	free(flow);
}

static uint64_t state_hash(const struct flow_state *state)
{
	uint64_t h = ((uint64_t)state->section << 48) ^ ((uint64_t)state->insn << 16) ^
		     state->regs;

	h ^= state->slots * 0x9e3779b97f4a7c15ULL;
	h ^= h >> 29;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 32;
	return h;
}

static bool state_equal(const struct flow_state *a, const struct flow_state *b)
{
	return a->section == b->section && a->insn == b->insn && a->regs == b->regs &&
	       a->slots == b->slots;
}

/* The slot of state in the table: where it is, or the free one where it would go. */
static size_t flow_slot(const struct bpf_flow *flow, const struct flow_state *state)
{
	size_t mask = flow->table_size - 1;
	size_t i = state_hash(state) & mask;

	while (flow->table[i].generation == flow->generation &&
	       !state_equal(&flow->table[i].state, state))
		i = (i + 1) & mask;
	return i;
}

/* Twice the table (and the queue), with the states of this run moved over. */
static int flow_grow(struct bpf_flow *flow)
{
	struct flow_entry *old = flow->table;
	size_t old_size = flow->table_size, i;
	struct flow_state *pending;

	pending = realloc(flow->pending, old_size * sizeof(*pending));
	if (!pending)
		return -1;
	flow->pending = pending;
	flow->table = calloc(old_size * 2, sizeof(*flow->table));
	if (!flow->table) {
		flow->table = old;
		return -1;
	}
	flow->table_size = old_size * 2;
	for (i = 0; i < old_size; i++) {
		if (old[i].generation == flow->generation)
			flow->table[flow_slot(flow, &old[i].state)] = old[i];
	}
	free(old);
	return 0;
}

/* Queue a state unless it was seen before, or nothing is tracked any more. */
static void flow_push(struct bpf_flow *flow, struct flow_state state)
{
	size_t i;

	if (!state.regs && !state.slots)
		return;
	i = flow_slot(flow, &state);
	if (flow->table[i].generation == flow->generation)
		return;
	if (flow->state_count >= FLOW_MAX_STATES) {
		flow->overflow = true;
		return;
	}
	if (flow->state_count >= flow->table_size / 2) {
		if (flow_grow(flow) < 0) {
			flow->overflow = true;
			return;
		}
		i = flow_slot(flow, &state);
	}
	flow->table[i].state = state;
	flow->table[i].generation = flow->generation;
	flow->state_count++;
	flow->pending[flow->pending_count++] = state;
}

/* Record a use by the instruction being followed. */
static void flow_note(struct bpf_flow *flow, unsigned int use)
{
	struct bpf_flow_result *result = flow->result;
	const struct flow_state *at = &flow->current;

	if (result->uses & use)
		return;
	result->uses |= use;
	if (use == BPF_FLOW_USE_MEMORY) {
		result->memory_section = at->section;
		result->memory_insn = at->insn;
	} else {
		result->value_section = at->section;
		result->value_insn = at->insn;
	}
}

static bool reg_tracked(const struct flow_state *state, unsigned int reg)
{
	return reg < 10 && (state->regs & (1u << reg));
}

static void reg_set(struct flow_state *state, unsigned int reg, bool tracked)
{
	if (reg >= 10)
		return;
	if (tracked)
		state->regs |= 1u << reg;
	else
		state->regs &= ~(1u << reg);
}

/* The stack slot an 8-byte aligned access at r10 + off names, or -1. */
static int stack_slot(int16_t off)
{
	if (off >= 0 || off < -FLOW_STACK_SLOTS * 8 || (-off) % 8)
		return -1;
	return (-off) / 8 - 1;
}

static void slot_set(struct flow_state *state, int16_t off, bool tracked)
{
	int slot = stack_slot(off);

	if (slot < 0) {
		/* A narrower or unaligned store: forget the slots it may touch. */
		if (off < 0 && off >= -FLOW_STACK_SLOTS * 8) {
			slot = (-off - 1) / 8;
			state->slots &= ~(1ULL << slot);
			if (slot > 0)
				state->slots &= ~(1ULL << (slot - 1));
		}
		return;
	}
	if (tracked)
		state->slots |= 1ULL << slot;
	else
		state->slots &= ~(1ULL << slot);
}

static void flow_load(struct bpf_flow *flow, const struct bpf_insn *insn,
		      struct flow_state *next)
{
	unsigned int mode = BPF_MODE(insn->code);
	int slot;

	if (mode != BPF_MEM && mode != BPF_MEMSX) {
		reg_set(next, insn->dst_reg, false);
		return;
	}
	if (insn->src_reg != BPF_REG_10) {
		if (reg_tracked(next, insn->src_reg))
			flow_note(flow, BPF_FLOW_USE_MEMORY);
		reg_set(next, insn->dst_reg, false);
		return;
	}
	/* A fill from the stack brings a spilled copy back. */
	slot = stack_slot(insn->off);
	reg_set(next, insn->dst_reg, mode == BPF_MEM && BPF_SIZE(insn->code) == BPF_DW &&
		slot >= 0 && (next->slots & (1ULL << slot)));
}

static void flow_store(struct bpf_flow *flow, const struct bpf_insn *insn,
		       struct flow_state *next)
{
	bool wide = BPF_SIZE(insn->code) == BPF_DW;
	bool src = BPF_CLASS(insn->code) == BPF_STX && reg_tracked(next, insn->src_reg);

	if (reg_tracked(next, insn->dst_reg))
		flow_note(flow, BPF_FLOW_USE_MEMORY);
	if (BPF_MODE(insn->code) == BPF_ATOMIC) {
		if (insn->dst_reg == BPF_REG_10)
			slot_set(next, insn->off, false);
		if (insn->imm & BPF_FETCH)
			reg_set(next, insn->src_reg, false);
		if (insn->imm == BPF_CMPXCHG)
			reg_set(next, BPF_REG_0, false);
		return;
	}
	if (BPF_MODE(insn->code) != BPF_MEM)
		return;
	/* Storing part of an address keeps a number, never a usable pointer. */
	if (src && !wide)
		flow_note(flow, BPF_FLOW_USE_VALUE);
	if (insn->dst_reg == BPF_REG_10)
		slot_set(next, insn->off, src && wide);
}

static void flow_alu64(struct bpf_flow *flow, const struct bpf_insn *insn,
		       struct flow_state *next)
{
	bool x = BPF_SRC(insn->code) == BPF_X;
	bool dst = reg_tracked(next, insn->dst_reg);
	bool src = x && reg_tracked(next, insn->src_reg);

	switch (BPF_OP(insn->code)) {
	case BPF_MOV:
		if (x && insn->off != 0 && src)	/* movsx: sign extension of a part */
			flow_note(flow, BPF_FLOW_USE_VALUE);
		reg_set(next, insn->dst_reg, x && insn->off == 0 && src);
		return;
	case BPF_ADD:
		/* pointer + number stays a pointer; pointer + pointer is not one */
		if (dst && src) {
			flow_note(flow, BPF_FLOW_USE_VALUE);
			reg_set(next, insn->dst_reg, false);
		} else if (src) {
			reg_set(next, insn->dst_reg, true);
		}
		return;
	case BPF_SUB:
		/* number - pointer is not allowed on pointers; pointer - pointer is a number */
		if (src && !dst)
			flow_note(flow, BPF_FLOW_USE_VALUE);
		if (src)
			reg_set(next, insn->dst_reg, false);
		return;
	default:
		if (dst || src)
			flow_note(flow, BPF_FLOW_USE_VALUE);
		reg_set(next, insn->dst_reg, false);
		return;
	}
}

static void flow_alu32(struct bpf_flow *flow, const struct bpf_insn *insn,
		       struct flow_state *next)
{
	bool x = BPF_SRC(insn->code) == BPF_X;
	bool reads_dst = BPF_OP(insn->code) != BPF_MOV;

	if ((reads_dst && reg_tracked(next, insn->dst_reg)) ||
	    (x && reg_tracked(next, insn->src_reg)))
		flow_note(flow, BPF_FLOW_USE_VALUE);
	reg_set(next, insn->dst_reg, false);
}

static void flow_helper_args(struct bpf_flow *flow, int32_t helper,
			     const struct flow_state *at)
{
	size_t i, arg;

	for (i = 0; i < sizeof(helper_args) / sizeof(helper_args[0]); i++) {
		if (helper_args[i].id != helper)
			continue;
		for (arg = 0; arg < 5; arg++) {
			if (!reg_tracked(at, arg + 1))
				continue;
			if (helper_args[i].args[arg] == ARG_POINTER)
				flow_note(flow, BPF_FLOW_USE_MEMORY);
			else if (helper_args[i].args[arg] == ARG_SCALAR)
				flow_note(flow, BPF_FLOW_USE_VALUE);
		}
		return;
	}
}

static void flow_call(struct bpf_flow *flow, const struct bpf_insn *insn,
		      const struct flow_state *at, bpf_flow_resolve_call resolve, void *user)
{
	struct flow_state callee, after = *at;
	size_t section, first;

	if (insn->src_reg == BPF_PSEUDO_CALL) {
		if (resolve(user, at->section, at->insn, &section, &first) == 0 &&
		    section <= UINT32_MAX && first <= UINT32_MAX) {
			callee.section = section;
			callee.insn = first;
			callee.regs = at->regs & FLOW_CALLER_SAVED;
			callee.slots = 0;	/* a new frame */
			flow_push(flow, callee);
		}
	} else if (insn->src_reg == 0) {
		flow_helper_args(flow, insn->imm, at);
	}
	after.insn++;
	after.regs &= FLOW_CALLEE_SAVED;
	flow_push(flow, after);
}

static void flow_jump(struct bpf_flow *flow, const struct bpf_insn *insn,
		      const struct flow_state *at)
{
	bool jmp32 = BPF_CLASS(insn->code) == BPF_JMP32;
	struct flow_state next = *at, taken = *at;
	int64_t target;

	if (BPF_OP(insn->code) == BPF_JA) {
		/* gotol (JMP32 class) carries its offset in imm */
		target = (int64_t)at->insn + 1 + (jmp32 ? insn->imm : insn->off);
		if (target >= 0 && target <= UINT32_MAX) {
			taken.insn = target;
			flow_push(flow, taken);
		}
		return;
	}
	/* Comparing 32-bit halves is arithmetic on a number. */
	if (jmp32 && (reg_tracked(at, insn->dst_reg) ||
		      (BPF_SRC(insn->code) == BPF_X && reg_tracked(at, insn->src_reg))))
		flow_note(flow, BPF_FLOW_USE_VALUE);
	next.insn++;
	flow_push(flow, next);
	target = (int64_t)at->insn + 1 + insn->off;
	if (target >= 0 && target <= UINT32_MAX) {
		taken.insn = target;
		flow_push(flow, taken);
	}
}

/* Follow one state across one instruction, queueing its successors. */
static void flow_step(struct bpf_flow *flow, const struct bpf_flow_code *code,
		      size_t code_count, bpf_flow_resolve_call resolve, void *user,
		      const struct flow_state *at)
{
	const struct bpf_insn *insn;
	struct flow_state next = *at;

	if (at->section >= code_count || at->insn >= code[at->section].insn_count)
		return;
	insn = &code[at->section].insns[at->insn];
	flow->current = *at;
	next.insn++;
	switch (BPF_CLASS(insn->code)) {
	case BPF_LD:
		if (insn->code == (BPF_LD | BPF_IMM | BPF_DW)) {
			next.insn++;
			reg_set(&next, insn->dst_reg, false);
		} else {
			next.regs &= ~(FLOW_CALLER_SAVED | 1u);	/* legacy packet loads */
		}
		break;
	case BPF_LDX:
		flow_load(flow, insn, &next);
		break;
	case BPF_ST:
	case BPF_STX:
		flow_store(flow, insn, &next);
		break;
	case BPF_ALU64:
		flow_alu64(flow, insn, &next);
		break;
	case BPF_ALU:
		flow_alu32(flow, insn, &next);
		break;
	case BPF_JMP:
	case BPF_JMP32:
		if (BPF_CLASS(insn->code) == BPF_JMP && BPF_OP(insn->code) == BPF_CALL) {
			flow_call(flow, insn, at, resolve, user);
			return;
		}
		if (BPF_CLASS(insn->code) == BPF_JMP && BPF_OP(insn->code) == BPF_EXIT)
			return;
		flow_jump(flow, insn, at);
		return;
	default:
		return;
	}
	flow_push(flow, next);
}

void bpf_flow_classify(struct bpf_flow *flow, const struct bpf_flow_code *code,
		       size_t code_count, bpf_flow_resolve_call resolve, void *user,
		       size_t section, size_t insn, struct bpf_flow_result *ret_result)
{
	const struct bpf_insn *load;
	struct flow_state start;

	memset(ret_result, 0, sizeof(*ret_result));
	if (section >= code_count || section > UINT32_MAX ||
	    insn + 2 > code[section].insn_count || insn + 2 > UINT32_MAX)
		return;
	load = &code[section].insns[insn];
	if (load->code != (BPF_LD | BPF_IMM | BPF_DW) || load->dst_reg >= 10)
		return;

	if (++flow->generation == 0) {
		/* wrapped: stale entries would look current */
		memset(flow->table, 0, flow->table_size * sizeof(*flow->table));
		flow->generation = 1;
	}
	flow->pending_count = 0;
	flow->state_count = 0;
	flow->overflow = false;
	flow->result = ret_result;

	start.section = section;
	start.insn = insn + 2;
	start.regs = 1u << load->dst_reg;
	start.slots = 0;
	flow_push(flow, start);
	while (flow->pending_count > 0) {
		struct flow_state at = flow->pending[--flow->pending_count];

		flow_step(flow, code, code_count, resolve, user, &at);
		if (ret_result->uses == (BPF_FLOW_USE_MEMORY | BPF_FLOW_USE_VALUE))
			break;
	}
	ret_result->incomplete = flow->overflow;
	flow->result = NULL;
}
