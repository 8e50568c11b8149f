/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Encoders for hand-written BPF programs in tests: one macro per instruction form of the
 * instruction set (Documentation/bpf/standardization/instruction-set.rst, RFC 9669).
 * LD_IMM64 and the map loads expand to the two slots of a wide instruction.
 */
#ifndef IRKIT_TESTS_BPF_INSN_H
#define IRKIT_TESTS_BPF_INSN_H

#include <stdint.h>
#include <linux/bpf.h>

#ifndef BPF_MEMSX
#define BPF_MEMSX 0x80
#endif

#define INSN(c, d, s, o, i) \
	{ .code = (c), .dst_reg = (d), .src_reg = (s), .off = (o), .imm = (i) }

#define MOV64_IMM(d, i)		INSN(BPF_ALU64 | BPF_MOV | BPF_K, d, 0, 0, i)
#define MOV32_IMM(d, i)		INSN(BPF_ALU | BPF_MOV | BPF_K, d, 0, 0, i)
#define MOV64_REG(d, s)		INSN(BPF_ALU64 | BPF_MOV | BPF_X, d, s, 0, 0)
#define MOV32_REG(d, s)		INSN(BPF_ALU | BPF_MOV | BPF_X, d, s, 0, 0)
#define MOVSX64(d, s, bits)	INSN(BPF_ALU64 | BPF_MOV | BPF_X, d, s, bits, 0)
#define MOVSX32(d, s, bits)	INSN(BPF_ALU | BPF_MOV | BPF_X, d, s, bits, 0)
#define ALU64_IMM(op, d, i)	INSN(BPF_ALU64 | (op) | BPF_K, d, 0, 0, i)
#define ALU64_REG(op, d, s)	INSN(BPF_ALU64 | (op) | BPF_X, d, s, 0, 0)
#define ALU32_IMM(op, d, i)	INSN(BPF_ALU | (op) | BPF_K, d, 0, 0, i)
#define ALU32_REG(op, d, s)	INSN(BPF_ALU | (op) | BPF_X, d, s, 0, 0)
/* Signed division and modulo: the unsigned opcodes with off = 1 (cpu v4). */
#define SDIV64_REG(d, s)	INSN(BPF_ALU64 | BPF_DIV | BPF_X, d, s, 1, 0)
#define SMOD64_REG(d, s)	INSN(BPF_ALU64 | BPF_MOD | BPF_X, d, s, 1, 0)
#define SDIV32_IMM(d, i)	INSN(BPF_ALU | BPF_DIV | BPF_K, d, 0, 1, i)
#define SDIV32_REG(d, s)	INSN(BPF_ALU | BPF_DIV | BPF_X, d, s, 1, 0)
#define SMOD32_REG(d, s)	INSN(BPF_ALU | BPF_MOD | BPF_X, d, s, 1, 0)
#define NEG64(d)		INSN(BPF_ALU64 | BPF_NEG, d, 0, 0, 0)
#define NEG32(d)		INSN(BPF_ALU | BPF_NEG, d, 0, 0, 0)
#define TO_LE(d, bits)		INSN(BPF_ALU | BPF_END | BPF_TO_LE, d, 0, 0, bits)
#define TO_BE(d, bits)		INSN(BPF_ALU | BPF_END | BPF_TO_BE, d, 0, 0, bits)
#define BSWAP(d, bits)		INSN(BPF_ALU64 | BPF_END, d, 0, 0, bits)

#define LD_IMM64(d, v)							\
	INSN(BPF_LD | BPF_DW | BPF_IMM, d, 0, 0, (int32_t)(uint32_t)(uint64_t)(v)), \
	INSN(0, 0, 0, 0, (int32_t)(uint32_t)((uint64_t)(v) >> 32))
#define LD_MAP(d, index)						\
	INSN(BPF_LD | BPF_DW | BPF_IMM, d, BPF_PSEUDO_MAP_IDX, 0, index),	\
	INSN(0, 0, 0, 0, 0)
#define LD_MAP_VALUE(d, index, offset)					\
	INSN(BPF_LD | BPF_DW | BPF_IMM, d, BPF_PSEUDO_MAP_IDX_VALUE, 0, index), \
	INSN(0, 0, 0, 0, offset)

#define LDX(size, d, s, o)	INSN(BPF_LDX | (size) | BPF_MEM, d, s, o, 0)
#define LDXSX(size, d, s, o)	INSN(BPF_LDX | (size) | BPF_MEMSX, d, s, o, 0)
#define STX(size, d, s, o)	INSN(BPF_STX | (size) | BPF_MEM, d, s, o, 0)
#define ST(size, d, o, i)	INSN(BPF_ST | (size) | BPF_MEM, d, 0, o, i)
#define ATOMIC(size, op, d, s, o) INSN(BPF_STX | (size) | BPF_ATOMIC, d, s, o, op)

#define JMP_IMM(op, d, i, o)	INSN(BPF_JMP | (op) | BPF_K, d, 0, o, i)
#define JMP_REG(op, d, s, o)	INSN(BPF_JMP | (op) | BPF_X, d, s, o, 0)
#define JMP32_IMM(op, d, i, o)	INSN(BPF_JMP32 | (op) | BPF_K, d, 0, o, i)
#define JMP32_REG(op, d, s, o)	INSN(BPF_JMP32 | (op) | BPF_X, d, s, o, 0)
#define JA(o)			INSN(BPF_JMP | BPF_JA, 0, 0, o, 0)
#define GOTOL(i)		INSN(BPF_JMP32 | BPF_JA, 0, 0, 0, i)
#define CALL(id)		INSN(BPF_JMP | BPF_CALL, 0, 0, 0, id)
#define CALL_LOCAL(rel)		INSN(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_CALL, 0, rel)
#define EXIT()			INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
