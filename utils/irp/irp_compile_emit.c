// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IRP compiler, the instruction emitter: instructions, labels and the jumps to them,
 * resolved once the program is whole (irpc_resolve()), and the expressions of the IRP
 * into code over the stack's temporaries, definitions expanded at each use within the
 * budget. Apart because every later stage emits through it and none of it knows a
 * frame.
 */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "irp_compile.h"
#include "irp_compile_internal.h"
#include "nls.h"

/* ---- the emitter ---- */

static bool grow(void **array, size_t *capacity, size_t count, size_t size)
{
	size_t wanted;
	void *grown;

	if (count < *capacity)
		return true;
	wanted = *capacity ? *capacity * 2 : 256;
	grown = realloc(*array, wanted * size);
	if (!grown)
		return false;
	*array = grown;
	*capacity = wanted;
	return true;
}

void irpc_insn(struct compiler *c, uint8_t code, uint8_t dst, uint8_t src, int16_t off,
	       int32_t imm)
{
	struct bpf_insn *i;

	/* past what a jump reaches, emit no more: irpc_resolve() refuses the program */
	if (c->insn_count > INSNS_MAX) {
		c->too_long = true;
		return;
	}
	if (c->out_of_memory || !grow((void **)&c->insns, &c->insn_capacity, c->insn_count,
				      sizeof(*c->insns))) {
		c->out_of_memory = true;
		return;
	}
	i = &c->insns[c->insn_count++];
	memset(i, 0, sizeof(*i));
	i->code = code;
	i->dst_reg = dst;
	i->src_reg = src;
	i->off = off;
	i->imm = imm;
}

int irpc_new_label(struct compiler *c)
{
	if (c->out_of_memory || !grow((void **)&c->labels, &c->label_capacity, c->label_count,
				      sizeof(*c->labels))) {
		c->out_of_memory = true;
		return 0;
	}
	c->labels[c->label_count] = -1;
	return (int)c->label_count++;
}

void irpc_place(struct compiler *c, int label)
{
	if (!c->out_of_memory)
		c->labels[label] = (long)c->insn_count;
}

/* A jump (op BPF_JA or a condition) to label; src_reg set for the register forms. */
void irpc_jump(struct compiler *c, uint8_t code, uint8_t dst, uint8_t src, int32_t imm,
	       int label)
{
	if (c->out_of_memory || !grow((void **)&c->fixups, &c->fixup_capacity,
				      c->fixup_count, sizeof(*c->fixups))) {
		c->out_of_memory = true;
		return;
	}
	c->fixups[c->fixup_count].at = c->insn_count;
	c->fixups[c->fixup_count++].label = label;
	irpc_insn(c, code, dst, src, 0, imm);
}

void irpc_load_imm64(struct compiler *c, uint8_t dst, uint64_t value)
{
	irpc_insn(c, BPF_LD | BPF_DW | BPF_IMM, dst, 0, 0, (int32_t)(uint32_t)value);
	irpc_insn(c, 0, 0, 0, 0, (int32_t)(uint32_t)(value >> 32));
}

/* dst = value, in the shortest form. */
void irpc_mov_imm(struct compiler *c, uint8_t dst, uint64_t value)
{
	if (value <= INT32_MAX)
		ALU64_IMM(c, BPF_MOV, dst, (int32_t)value);
	else
		irpc_load_imm64(c, dst, value);
}

/* if (reg OP value) goto label, unsigned 64-bit; r5 holds a wide value. */
void irpc_jump_if(struct compiler *c, uint8_t op, uint8_t reg, uint64_t value, int label)
{
	if (value <= INT32_MAX) {
		JUMP_IMM(c, op, reg, (int32_t)value, label);
		return;
	}
	irpc_load_imm64(c, BPF_REG_5, value);
	JUMP_REG(c, op, reg, BPF_REG_5, label);
}

/*
 * Drops the jumps to the very next instruction (a block laid out where its goto
 * leads): each costs a step of every run through it.
 */
static int drop_jumps_to_next(struct compiler *c)
{
	size_t *index = calloc(c->insn_count + 1, sizeof(*index));
	bool *dropped = calloc(c->insn_count + 1, sizeof(*dropped));
	size_t i, kept = 0, fixups = 0;

	if (!index || !dropped) {
		free(index);
		free(dropped);
		return -ENOMEM;
	}
	for (i = 0; i < c->fixup_count; i++) {
		size_t at = c->fixups[i].at;

		if (c->insns[at].code == (BPF_JMP | BPF_JA) &&
		    c->labels[c->fixups[i].label] == (long)at + 1)
			dropped[at] = true;
	}
	/* an instruction's new index; a dropped one's is that of the one after it */
	for (i = 0; i <= c->insn_count; i++) {
		index[i] = kept;
		if (i < c->insn_count && !dropped[i])
			c->insns[kept++] = c->insns[i];
	}
	for (i = 0; i < c->label_count; i++)
		if (c->labels[i] >= 0)
			c->labels[i] = (long)index[c->labels[i]];
	for (i = 0; i < c->fixup_count; i++) {
		if (dropped[c->fixups[i].at])
			continue;
		c->fixups[fixups].label = c->fixups[i].label;
		c->fixups[fixups++].at = index[c->fixups[i].at];
	}
	c->fixup_count = fixups;
	c->insn_count = kept;
	free(index);
	free(dropped);
	return 0;
}

int irpc_resolve(struct compiler *c)
{
	size_t i;

	if (c->too_long) {
		ir_error_set(c->err, _("irp:%u: the decoder is too long (more than "
				       "%d instructions)"), c->emitting, INSNS_MAX);
		return -E2BIG;
	}
	if (c->out_of_memory || drop_jumps_to_next(c) < 0)
		return -ENOMEM;
	for (i = 0; i < c->fixup_count; i++) {
		long target = c->labels[c->fixups[i].label];
		long off = target - (long)c->fixups[i].at - 1;

		if (target < 0 || off < INT16_MIN || off > INT16_MAX) {
			ir_error_set(c->err, _("irp:%u: the decoder is too long (more than "
					       "%d instructions)"), c->emitting, INSNS_MAX);
			return -E2BIG;
		}
		/* a call of the report subprogram takes its offset in imm */
		if (c->insns[c->fixups[i].at].code == (BPF_JMP | BPF_CALL))
			c->insns[c->fixups[i].at].imm = (int32_t)off;
		else
			c->insns[c->fixups[i].at].off = (int16_t)off;
	}
	return 0;
}

bool irpc_is_parameter_name(const struct compiler *c, const char *name)
{
	return irpc_parameter_index(c->protocol, name) >= 0 && !irp_env_has_value(c->env, name);
}

static int definition_index(const struct compiler *c, const char *name)
{
	size_t i;

	for (i = 0; i < c->protocol->definition_count; i++)
		if (strcmp(c->protocol->definitions[i].name, name) == 0)
			return (int)i;
	return -1;
}

const struct irp_expr *irpc_definition_of(const struct compiler *c, const char *name)
{
	int i = definition_index(c, name);

	return i < 0 ? NULL : c->protocol->definitions[i].value;
}

/*
 * The nodes of e with every definition it uses expanded, as irpc_emit_expr() and
 * mentions() walk them, at most limit + 1: each definition's size is counted once (a
 * definition met again while it is being counted is a loop, which the walkers refuse
 * by its depth; it counts 1 here).
 */
static size_t expanded_size(struct compiler *c, const struct irp_expr *e, size_t limit)
{
	size_t size = 1, *memo;
	int i;

	if (!e)
		return 0;
	if (e->kind == IRP_EXPR_NAME) {
		if (irpc_is_parameter_name(c, e->name) || (i = definition_index(c, e->name)) < 0)
			return 1;
		memo = &c->definition_sizes[i];
		if (*memo == SIZE_MAX)
			return 1;
		if (*memo == 0) {
			*memo = SIZE_MAX;
			*memo = expanded_size(c, c->protocol->definitions[i].value, limit);
		}
		return *memo > limit ? limit + 1 : 1 + *memo;
	}
	size += expanded_size(c, e->a, limit);
	if (size <= limit)
		size += expanded_size(c, e->b, limit);
	if (size <= limit)
		size += expanded_size(c, e->c, limit);
	return size > limit ? limit + 1 : size;
}

/*
 * Before walking e, expanded: refuse it at its column when the steps left would not
 * do (the walk itself draws them as it goes).
 */
bool irpc_affordable(struct compiler *c, const struct irp_expr *e, unsigned int column)
{
	size_t left = irp_env_steps_left(c->env);

	if (expanded_size(c, e, left) <= left)
		return true;
	return irpc_spend(c, left + 1, column);
}

/* r0 = r0's low width bits in the other order, the rest 0, one by one (no loop). */
void irpc_emit_reverse_r0(struct compiler *c, int64_t width)
{
	int64_t bit;

	ALU64_IMM(c, BPF_MOV, BPF_REG_2, 0);
	for (bit = 0; bit < width; bit++) {
		ALU64_REG(c, BPF_MOV, BPF_REG_1, BPF_REG_0);
		if (bit)
			ALU64_IMM(c, BPF_RSH, BPF_REG_1, (int32_t)bit);
		ALU64_IMM(c, BPF_AND, BPF_REG_1, 1);
		if (width - 1 - bit)
			ALU64_IMM(c, BPF_LSH, BPF_REG_1, (int32_t)(width - 1 - bit));
		ALU64_REG(c, BPF_OR, BPF_REG_2, BPF_REG_1);
	}
	ALU64_REG(c, BPF_MOV, BPF_REG_0, BPF_REG_2);
}

/*
 * r0 = a && b, a || b: 0 or 1. The right operand is evaluated only when the left one
 * does not decide, as irp_eval() does: a zero divisor there fails the frame only then
 * ((D==30||F/(D-30)) with D=30 is 1).
 */
static int emit_logical(struct compiler *c, const struct irp_expr *e, unsigned int temp,
			unsigned int inlined, int fail)
{
	int decided = irpc_new_label(c), done = irpc_new_label(c);
	/* && is decided (0) by a zero, || (1) by anything else */
	uint8_t op = e->op == IRP_OP_LAND ? BPF_JEQ : BPF_JNE;
	int ret;

	ret = irpc_emit_expr(c, e->a, temp, inlined, fail);
	if (ret < 0)
		return ret;
	JUMP_IMM(c, op, BPF_REG_0, 0, decided);
	ret = irpc_emit_expr(c, e->b, temp, inlined, fail);
	if (ret < 0)
		return ret;
	JUMP_IMM(c, op, BPF_REG_0, 0, decided);
	ALU64_IMM(c, BPF_MOV, BPF_REG_0, e->op == IRP_OP_LAND ? 1 : 0);
	GOTO(c, done);
	irpc_place(c, decided);
	ALU64_IMM(c, BPF_MOV, BPF_REG_0, e->op == IRP_OP_LAND ? 0 : 1);
	irpc_place(c, done);
	return 0;
}

/*
 * r0 = the expression, with Java's 64-bit rules as irp_eval() has them; the parameters
 * are on the stack. Constant subexpressions are folded here. temp is the first free
 * temporary slot. A zero divisor goes to fail, as the evaluation would fail.
 */
int irpc_emit_expr(struct compiler *c, const struct irp_expr *e, unsigned int temp,
		   unsigned int inlined, int fail)
{
	int64_t value, width, chop = 0;
	int ret, a_done, skip;

	c->emitting = e->column;
	if (!irpc_spend(c, 1, e->column))
		return irpc_over_budget(c);
	if (irpc_fold(c, e, &value) == 0) {
		irpc_mov_imm(c, BPF_REG_0, (uint64_t)value);
		return 0;
	}
	if (irpc_spent(c, e->column))
		return irpc_over_budget(c);
	if (temp >= TEMPS_MAX || inlined > INLINE_MAX)
		return irpc_unsupported(c, e->column, _("an expression too deep to compile"));
	switch (e->kind) {
	case IRP_EXPR_NAME: {
		const struct irp_expr *definition;

		if (irpc_is_parameter_name(c, e->name)) {
			LDX64(c, BPF_REG_0, BPF_REG_10,
			      (int16_t)STACK_PARAM(irpc_parameter_index(c->protocol, e->name)));
			return 0;
		}
		definition = irpc_definition_of(c, e->name);
		if (!definition)
			return irpc_unsupported(c, e->column,
						_("a name that is neither a parameter "
						  "nor a definition"));
		if (!irpc_affordable(c, definition, e->column))
			return irpc_over_budget(c);
		return irpc_emit_expr(c, definition, temp, inlined + 1, fail);
	}
	case IRP_EXPR_BITFIELD:
		if (!e->infinite && irpc_fold(c, e->b, &width) < 0)
			return irpc_unsupported(c, e->column,
						_("a bitfield width that is not a constant"));
		if (e->c && irpc_fold(c, e->c, &chop) < 0)
			return irpc_unsupported(c, e->column,
						_("a bitfield chop that is not a constant"));
		if ((!e->infinite && (width < 0 || width > 64)) || chop < 0)
			return irpc_unsupported(c, e->column,
						_("a bitfield of width or chop out of range"));
		ret = irpc_emit_expr(c, e->a, temp, inlined, fail);
		if (ret < 0)
			return ret;
		if (chop >= 64)
			ALU64_IMM(c, BPF_MOV, BPF_REG_0, 0);
		else if (chop > 0)
			ALU64_IMM(c, BPF_RSH, BPF_REG_0, (int32_t)chop);
		if (e->complement)
			ALU64_IMM(c, BPF_XOR, BPF_REG_0, -1);
		if (!e->infinite && width < 64) {
			irpc_mov_imm(c, BPF_REG_1, irpc_low_mask((unsigned int)width));
			ALU64_REG(c, BPF_AND, BPF_REG_0, BPF_REG_1);
		}
		if (e->reverse && !e->infinite)
			irpc_emit_reverse_r0(c, width);
		return 0;
	case IRP_EXPR_UNARY:
		ret = irpc_emit_expr(c, e->a, temp, inlined, fail);
		if (ret < 0)
			return ret;
		switch (e->op) {
		case IRP_OP_NEG:
			ALU64_IMM(c, BPF_NEG, BPF_REG_0, 0);
			return 0;
		case IRP_OP_COMPLEMENT:
			ALU64_IMM(c, BPF_XOR, BPF_REG_0, -1);
			return 0;
		case IRP_OP_NOT:
			skip = irpc_new_label(c);
			ALU64_REG(c, BPF_MOV, BPF_REG_1, BPF_REG_0);
			ALU64_IMM(c, BPF_MOV, BPF_REG_0, 1);
			JUMP_IMM(c, BPF_JEQ, BPF_REG_1, 0, skip);
			ALU64_IMM(c, BPF_MOV, BPF_REG_0, 0);
			irpc_place(c, skip);
			return 0;
		case IRP_OP_BITCOUNT:
			/* the population count, by halves (no loop) */
			ALU64_REG(c, BPF_MOV, BPF_REG_1, BPF_REG_0);
			ALU64_IMM(c, BPF_RSH, BPF_REG_1, 1);
			irpc_load_imm64(c, BPF_REG_2, 0x5555555555555555ull);
			ALU64_REG(c, BPF_AND, BPF_REG_1, BPF_REG_2);
			ALU64_REG(c, BPF_SUB, BPF_REG_0, BPF_REG_1);
			irpc_load_imm64(c, BPF_REG_2, 0x3333333333333333ull);
			ALU64_REG(c, BPF_MOV, BPF_REG_1, BPF_REG_0);
			ALU64_IMM(c, BPF_RSH, BPF_REG_1, 2);
			ALU64_REG(c, BPF_AND, BPF_REG_1, BPF_REG_2);
			ALU64_REG(c, BPF_AND, BPF_REG_0, BPF_REG_2);
			ALU64_REG(c, BPF_ADD, BPF_REG_0, BPF_REG_1);
			ALU64_REG(c, BPF_MOV, BPF_REG_1, BPF_REG_0);
			ALU64_IMM(c, BPF_RSH, BPF_REG_1, 4);
			ALU64_REG(c, BPF_ADD, BPF_REG_0, BPF_REG_1);
			irpc_load_imm64(c, BPF_REG_2, 0x0f0f0f0f0f0f0f0full);
			ALU64_REG(c, BPF_AND, BPF_REG_0, BPF_REG_2);
			irpc_load_imm64(c, BPF_REG_2, 0x0101010101010101ull);
			ALU64_REG(c, BPF_MUL, BPF_REG_0, BPF_REG_2);
			ALU64_IMM(c, BPF_RSH, BPF_REG_0, 56);
			return 0;
		default:
			return irpc_unsupported(c, e->column, _("an operator in an expression"));
		}
	case IRP_EXPR_TERNARY: {
		int otherwise = irpc_new_label(c), done = irpc_new_label(c);

		ret = irpc_emit_expr(c, e->a, temp, inlined, fail);
		if (ret < 0)
			return ret;
		JUMP_IMM(c, BPF_JEQ, BPF_REG_0, 0, otherwise);
		ret = irpc_emit_expr(c, e->b, temp, inlined, fail);
		if (ret < 0)
			return ret;
		GOTO(c, done);
		irpc_place(c, otherwise);
		ret = irpc_emit_expr(c, e->c, temp, inlined, fail);
		if (ret < 0)
			return ret;
		irpc_place(c, done);
		return 0;
	}
	case IRP_EXPR_BINARY:
		if (e->op == IRP_OP_LAND || e->op == IRP_OP_LOR)
			return emit_logical(c, e, temp, inlined, fail);
		break;
	default:
		return irpc_unsupported(c, e->column, _("an expression"));
	}
	/* binary: r1 = a, r0 = b */
	ret = irpc_emit_expr(c, e->a, temp, inlined, fail);
	if (ret < 0)
		return ret;
	STX64(c, BPF_REG_10, BPF_REG_0, (int16_t)STACK_TEMP(temp));
	ret = irpc_emit_expr(c, e->b, temp + 1, inlined, fail);
	if (ret < 0)
		return ret;
	LDX64(c, BPF_REG_1, BPF_REG_10, (int16_t)STACK_TEMP(temp));
	a_done = irpc_new_label(c);
	switch (e->op) {
	case IRP_OP_ADD:
	case IRP_OP_MUL:
	case IRP_OP_AND:
	case IRP_OP_OR:
	case IRP_OP_XOR:
		ALU64_REG(c, e->op == IRP_OP_ADD ? BPF_ADD : e->op == IRP_OP_MUL ? BPF_MUL :
			     e->op == IRP_OP_AND ? BPF_AND : e->op == IRP_OP_OR ? BPF_OR : BPF_XOR,
			  BPF_REG_0, BPF_REG_1);
		break;
	case IRP_OP_SUB:
		ALU64_REG(c, BPF_SUB, BPF_REG_1, BPF_REG_0);
		ALU64_REG(c, BPF_MOV, BPF_REG_0, BPF_REG_1);
		break;
	case IRP_OP_SHL:
	case IRP_OP_SHR:
		/* the count modulo 64; >> copies the sign */
		ALU64_IMM(c, BPF_AND, BPF_REG_0, 63);
		ALU64_REG(c, e->op == IRP_OP_SHL ? BPF_LSH : BPF_ARSH, BPF_REG_1, BPF_REG_0);
		ALU64_REG(c, BPF_MOV, BPF_REG_0, BPF_REG_1);
		break;
	case IRP_OP_LT:
	case IRP_OP_LE:
	case IRP_OP_GT:
	case IRP_OP_GE:
	case IRP_OP_EQ:
	case IRP_OP_NE: {
		static const uint8_t jumps[] = {
			[IRP_OP_LT] = BPF_JSLT, [IRP_OP_LE] = BPF_JSLE, [IRP_OP_GT] = BPF_JSGT,
			[IRP_OP_GE] = BPF_JSGE, [IRP_OP_EQ] = BPF_JEQ, [IRP_OP_NE] = BPF_JNE,
		};
		int yes = irpc_new_label(c);

		JUMP_REG(c, jumps[e->op], BPF_REG_1, BPF_REG_0, yes);
		ALU64_IMM(c, BPF_MOV, BPF_REG_0, 0);
		GOTO(c, a_done);
		irpc_place(c, yes);
		ALU64_IMM(c, BPF_MOV, BPF_REG_0, 1);
		break;
	}
	case IRP_OP_DIV:
	case IRP_OP_MOD: {
		/*
		 * Signed, truncating toward zero, from the unsigned operation on the
		 * magnitudes: the quotient is negative when the signs differ, the remainder
		 * takes the dividend's sign. A zero divisor fails the frame.
		 */
		int a_positive = irpc_new_label(c), b_positive = irpc_new_label(c);
		int positive = irpc_new_label(c);

		JUMP_IMM(c, BPF_JEQ, BPF_REG_0, 0, fail);
		ALU64_IMM(c, BPF_MOV, BPF_REG_2, 0);	/* r2: bit 0 a < 0, bit 1 b < 0 */
		JUMP_IMM(c, BPF_JSGE, BPF_REG_1, 0, a_positive);
		ALU64_IMM(c, BPF_NEG, BPF_REG_1, 0);
		ALU64_IMM(c, BPF_OR, BPF_REG_2, 1);
		irpc_place(c, a_positive);
		JUMP_IMM(c, BPF_JSGE, BPF_REG_0, 0, b_positive);
		ALU64_IMM(c, BPF_NEG, BPF_REG_0, 0);
		ALU64_IMM(c, BPF_OR, BPF_REG_2, 2);
		irpc_place(c, b_positive);
		ALU64_REG(c, e->op == IRP_OP_DIV ? BPF_DIV : BPF_MOD, BPF_REG_1, BPF_REG_0);
		ALU64_REG(c, BPF_MOV, BPF_REG_0, BPF_REG_1);
		if (e->op == IRP_OP_DIV) {
			/* negative when exactly one sign bit is set */
			JUMP_IMM(c, BPF_JEQ, BPF_REG_2, 0, positive);
			JUMP_IMM(c, BPF_JEQ, BPF_REG_2, 3, positive);
		} else {
			ALU64_IMM(c, BPF_AND, BPF_REG_2, 1);
			JUMP_IMM(c, BPF_JEQ, BPF_REG_2, 0, positive);
		}
		ALU64_IMM(c, BPF_NEG, BPF_REG_0, 0);
		irpc_place(c, positive);
		break;
	}
	default:
		return irpc_unsupported(c, e->column, _("an operator in an expression"));
	}
	irpc_place(c, a_done);
	return 0;
}
