/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The article's example decoder as BPF written by hand: for tests and the benchmark. */
#ifndef IRKIT_TESTS_ARTICLE_BY_HAND_H
#define IRKIT_TESTS_ARTICLE_BY_HAND_H

#include "bpf-insn.h"

/*
 * The article's example decoder, translated by hand into BPF (state at offset 0 of the
 * one-element map, space at offset 4; LIRC_MODE2_SPACE is 0, PULSE is 1 << 24).
 */
static const struct bpf_insn article_decoder[] __attribute__((unused)) = {
	MOV64_REG(6, 1),			/* 0: r6 = sample pointer */
	ST(BPF_W, 10, -4, 0),			/* key = 0 */
	LD_MAP(1, 0),				/* 2-3 */
	MOV64_REG(2, 10),
	ALU64_IMM(BPF_ADD, 2, -4),
	CALL(BPF_FUNC_map_lookup_elem),		/* 6 */
	JMP_IMM(BPF_JEQ, 0, 0, 28),		/* 7: !s -> 36 */
	LDX(BPF_W, 1, 6, 0),			/* 8: r1 = *sample */
	MOV64_REG(2, 1),
	ALU64_IMM(BPF_AND, 2, 0xffffff),	/* 10: r2 = duration */
	ALU64_IMM(BPF_RSH, 1, 24),		/* 11: r1 = mode */
	LDX(BPF_W, 3, 0, 0),			/* 12: r3 = s->state */
	JMP_IMM(BPF_JEQ, 3, 0, 3),		/* 13: -> 17 */
	JMP_IMM(BPF_JEQ, 3, 1, 6),		/* 14: -> 21 */
	JMP_IMM(BPF_JEQ, 3, 2, 9),		/* 15: -> 25 */
	JA(19),					/* 16: -> 36 */
	JMP_IMM(BPF_JNE, 1, 1, 18),		/* 17: inactive: not a pulse -> 36 */
	JMP_IMM(BPF_JNE, 2, 500, 17),		/* 18: -> 36 */
	ST(BPF_W, 0, 0, 1),			/* 19: state = first pulse */
	JA(15),					/* 20: -> 36 */
	JMP_IMM(BPF_JNE, 1, 0, 13),		/* 21: first pulse: not a space -> 35 */
	STX(BPF_W, 0, 2, 4),			/* 22: s->space = duration */
	ST(BPF_W, 0, 0, 2),			/* 23: state = second pulse */
	JA(11),					/* 24: -> 36 */
	JMP_IMM(BPF_JNE, 1, 1, 9),		/* 25: second pulse: -> 35 */
	JMP_IMM(BPF_JNE, 2, 500, 8),		/* 26: -> 35 */
	LDX(BPF_W, 3, 0, 4),
	ALU64_IMM(BPF_DIV, 3, 100),		/* 28: scancode = space / 100 */
	MOV64_REG(1, 6),
	MOV64_IMM(2, 64),
	MOV64_IMM(4, 0),
	MOV64_REG(7, 0),
	CALL(BPF_FUNC_rc_keydown),		/* 33 */
	MOV64_REG(0, 7),
	ST(BPF_W, 0, 0, 0),			/* 35: state = inactive */
	MOV64_IMM(0, 0),			/* 36 */
	EXIT(),
};

#endif
