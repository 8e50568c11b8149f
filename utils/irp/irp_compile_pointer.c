// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The report path of a compiled decoder, with the pointer: what ir_keydown() and
 * ir_repeat() (bpf_protocols/ir_pointer.h) do for the embedded decoders, emitted as one
 * subprogram at the program's end. Each report calls it instead of bpf_rc_keydown() or
 * bpf_rc_repeat(): it reports, then, when the planner filled the maps pointer_keys and
 * pointer_state (bpf_protocols/pointer_table.h, maps 1 and 2 of the image), moves the
 * pointer while a pointer button is held. A subprogram, so that the code is there once
 * and the caller's registers r6 to r9 stay as they were (the machine keeps them across
 * a call); its own stack is the scancode and the key 0 of the state, 16 bytes, which
 * with the deepest caller's 472 stay within the kernel's 512 for both frames.
 */
#include "config.h"

#include <stddef.h>

#include "../bpf_protocols/pointer_table.h"
#include "irp_compile_internal.h"

#define SUB_SCANCODE	(-8)
#define SUB_ZERO	(-16)
#define FIELD(name)	((int16_t)offsetof(struct pointer_state, name))
#define LDX32(c, d, s, o) irpc_insn(c, BPF_LDX | BPF_W | BPF_MEM, d, s, o, 0)
#define STX32(c, d, s, o) irpc_insn(c, BPF_STX | BPF_W | BPF_MEM, d, s, o, 0)
#define CALL(c, helper)	irpc_insn(c, BPF_JMP | BPF_CALL, 0, 0, 0, helper)

void irpc_emit_report_call(struct compiler *c, bool repeat)
{
	if (c->pointer_sub < 0)
		c->pointer_sub = irpc_new_label(c);
	/*
	 * A repeat passes a keydown's arguments too, as 0: the kernel's verifier follows
	 * each call on its own (r5 known, the keydown's path not taken), but a check that
	 * merges the calls (bpf_lint) would see them read uninitialised.
	 */
	if (repeat) {
		ALU64_IMM(c, BPF_MOV, BPF_REG_2, 0);
		ALU64_IMM(c, BPF_MOV, BPF_REG_3, 0);
		ALU64_IMM(c, BPF_MOV, BPF_REG_4, 0);
	}
	ALU64_IMM(c, BPF_MOV, BPF_REG_5, repeat ? 1 : 0);
	irpc_jump(c, BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_CALL, 0, c->pointer_sub);
}

/* r1 = the address of map index, as an ld_imm64 the loader turns into the map. */
static void load_map(struct compiler *c, int32_t index)
{
	irpc_insn(c, BPF_LD | BPF_DW | BPF_IMM, BPF_REG_1, BPF_PSEUDO_MAP_IDX, 0, index);
	irpc_insn(c, 0, 0, 0, 0, 0);
}

/* r7 = the pointer state, r0 = the time; to out when there are no pointer buttons. */
static void emit_state(struct compiler *c, int out)
{
	irpc_insn(c, BPF_ST | BPF_W | BPF_MEM, BPF_REG_10, 0, SUB_ZERO, 0);
	load_map(c, IRP_COMPILE_POINTER_STATE_MAP_INDEX);
	ALU64_REG(c, BPF_MOV, BPF_REG_2, BPF_REG_10);
	ALU64_IMM(c, BPF_ADD, BPF_REG_2, SUB_ZERO);
	CALL(c, BPF_FUNC_map_lookup_elem);
	JUMP_IMM(c, BPF_JEQ, BPF_REG_0, 0, out);
	ALU64_REG(c, BPF_MOV, BPF_REG_7, BPF_REG_0);
	LDX32(c, BPF_REG_1, BPF_REG_7, FIELD(speed));
	JUMP_IMM(c, BPF_JEQ, BPF_REG_1, 0, out);
	CALL(c, BPF_FUNC_ktime_get_ns);
}

/*
 * A message: the hold goes on when it is the last one's scancode within hold_ms, else
 * starts again; its direction from pointer_keys (none: 0, 0).
 */
static void emit_keydown(struct compiler *c, int move)
{
	int reset = irpc_new_label(c), keep = irpc_new_label(c), store = irpc_new_label(c);

	LDX64(c, BPF_REG_1, BPF_REG_7, FIELD(scancode));
	LDX64(c, BPF_REG_2, BPF_REG_10, SUB_SCANCODE);
	LDX64(c, BPF_REG_3, BPF_REG_7, FIELD(last_ns));
	ALU64_REG(c, BPF_MOV, BPF_REG_4, BPF_REG_0);
	ALU64_REG(c, BPF_SUB, BPF_REG_4, BPF_REG_3);
	STX64(c, BPF_REG_7, BPF_REG_0, FIELD(last_ns));
	STX64(c, BPF_REG_7, BPF_REG_2, FIELD(scancode));
	LDX32(c, BPF_REG_3, BPF_REG_7, FIELD(hold_ms));
	ALU64_IMM(c, BPF_MUL, BPF_REG_3, 1000000);
	JUMP_REG(c, BPF_JNE, BPF_REG_1, BPF_REG_2, reset);
	JUMP_REG(c, BPF_JGT, BPF_REG_4, BPF_REG_3, reset);
	GOTO(c, keep);
	irpc_place(c, reset);
	irpc_insn(c, BPF_ST | BPF_W | BPF_MEM, BPF_REG_7, 0, FIELD(held), 0);
	irpc_place(c, keep);
	load_map(c, IRP_COMPILE_POINTER_KEYS_MAP_INDEX);
	ALU64_REG(c, BPF_MOV, BPF_REG_2, BPF_REG_10);
	ALU64_IMM(c, BPF_ADD, BPF_REG_2, SUB_SCANCODE);
	CALL(c, BPF_FUNC_map_lookup_elem);
	ALU64_IMM(c, BPF_MOV, BPF_REG_1, 0);
	ALU64_IMM(c, BPF_MOV, BPF_REG_2, 0);
	JUMP_IMM(c, BPF_JEQ, BPF_REG_0, 0, store);
	LDX32(c, BPF_REG_1, BPF_REG_0, (int16_t)offsetof(struct pointer_key, rel_x));
	LDX32(c, BPF_REG_2, BPF_REG_0, (int16_t)offsetof(struct pointer_key, rel_y));
	irpc_place(c, store);
	STX32(c, BPF_REG_7, BPF_REG_1, FIELD(rel_x));
	STX32(c, BPF_REG_7, BPF_REG_2, FIELD(rel_y));
	GOTO(c, move);
}

/*
 * The move of this report: min(speed + accel * held, max) on each axis of the
 * direction; held counts on until the move reaches max.
 */
static void emit_move(struct compiler *c, int out)
{
	int capped = irpc_new_label(c), go = irpc_new_label(c);

	LDX32(c, BPF_REG_1, BPF_REG_7, FIELD(speed));
	LDX32(c, BPF_REG_2, BPF_REG_7, FIELD(accel));
	LDX32(c, BPF_REG_3, BPF_REG_7, FIELD(held));
	ALU64_REG(c, BPF_MUL, BPF_REG_2, BPF_REG_3);
	ALU64_REG(c, BPF_ADD, BPF_REG_1, BPF_REG_2);
	LDX32(c, BPF_REG_4, BPF_REG_7, FIELD(max));
	JUMP_REG(c, BPF_JGE, BPF_REG_1, BPF_REG_4, capped);
	ALU64_IMM(c, BPF_ADD, BPF_REG_3, 1);
	STX32(c, BPF_REG_7, BPF_REG_3, FIELD(held));
	GOTO(c, go);
	irpc_place(c, capped);
	ALU64_REG(c, BPF_MOV, BPF_REG_1, BPF_REG_4);
	irpc_place(c, go);
	LDX32(c, BPF_REG_2, BPF_REG_7, FIELD(rel_x));
	LDX32(c, BPF_REG_3, BPF_REG_7, FIELD(rel_y));
	ALU64_REG(c, BPF_MOV, BPF_REG_4, BPF_REG_2);
	ALU64_REG(c, BPF_OR, BPF_REG_4, BPF_REG_3);
	JUMP_IMM(c, BPF_JEQ, BPF_REG_4, 0, out);
	/* 32-bit products: -1 times the move is the int the helper takes */
	irpc_insn(c, BPF_ALU | BPF_MUL | BPF_X, BPF_REG_2, BPF_REG_1, 0, 0);
	irpc_insn(c, BPF_ALU | BPF_MUL | BPF_X, BPF_REG_3, BPF_REG_1, 0, 0);
	ALU64_REG(c, BPF_MOV, BPF_REG_1, BPF_REG_6);
	CALL(c, BPF_FUNC_rc_pointer_rel);
}

void irpc_emit_pointer_subprogram(struct compiler *c)
{
	int repeat = irpc_new_label(c), move = irpc_new_label(c), out = irpc_new_label(c);

	if (c->pointer_sub < 0)
		return;
	/* r1 = the context, r2-r4 a keydown's protocol, scancode and toggle, r5 = repeat */
	irpc_place(c, c->pointer_sub);
	ALU64_REG(c, BPF_MOV, BPF_REG_6, BPF_REG_1);
	JUMP_IMM(c, BPF_JNE, BPF_REG_5, 0, repeat);
	STX64(c, BPF_REG_10, BPF_REG_3, SUB_SCANCODE);
	CALL(c, BPF_FUNC_rc_keydown);
	emit_state(c, out);
	emit_keydown(c, move);

	irpc_place(c, repeat);
	CALL(c, BPF_FUNC_rc_repeat);
	emit_state(c, out);
	/* a repeat code holds on only within hold_ms of the last report */
	LDX64(c, BPF_REG_3, BPF_REG_7, FIELD(last_ns));
	ALU64_REG(c, BPF_MOV, BPF_REG_4, BPF_REG_0);
	ALU64_REG(c, BPF_SUB, BPF_REG_4, BPF_REG_3);
	LDX32(c, BPF_REG_3, BPF_REG_7, FIELD(hold_ms));
	ALU64_IMM(c, BPF_MUL, BPF_REG_3, 1000000);
	JUMP_REG(c, BPF_JGT, BPF_REG_4, BPF_REG_3, out);
	STX64(c, BPF_REG_7, BPF_REG_0, FIELD(last_ns));

	irpc_place(c, move);
	emit_move(c, out);
	irpc_place(c, out);
	ALU64_IMM(c, BPF_MOV, BPF_REG_0, 0);
	irpc_insn(c, BPF_JMP | BPF_EXIT, 0, 0, 0, 0);
}
