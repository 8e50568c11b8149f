// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The userspace BPF interpreter against hand-written programs. Every expected value is
 * worked out by hand from the instruction set's specification (RFC 9669 and the kernel's
 * Documentation/bpf/standardization/instruction-set.rst), the helpers' documented
 * behaviour (linux/bpf.h) and the kernel's map semantics, never taken from the VM.
 * Expected memory layouts assume a little-endian host, like every target we build for.
 */
#include "config.h"

#include <check.h>
#include <stdbool.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/lirc.h>

#include "article-by-hand.h"
#include "bpf-insn.h"
#include "bpf_object.h"
#include "bpf_vm.h"
#include "test-main.h"

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the expected memory layouts below are written for a little-endian host"
#endif

#define PULSE(us) (LIRC_MODE2_PULSE | (us))
#define SPACE(us) (LIRC_MODE2_SPACE | (us))
#define TIMEOUT(us) (LIRC_MODE2_TIMEOUT | (us))

#define PROG(...) ((const struct bpf_insn[]){ __VA_ARGS__ })
#define PROG_LEN(...) (sizeof(PROG(__VA_ARGS__)) / sizeof(struct bpf_insn))
#define EVAL(...) eval_insns(PROG(__VA_ARGS__), PROG_LEN(__VA_ARGS__))
#define NEW_ERROR(err, ...) new_error(PROG(__VA_ARGS__), PROG_LEN(__VA_ARGS__), NULL, 0, err)
#define RUN_ERROR(err, ...) run_error(PROG(__VA_ARGS__), PROG_LEN(__VA_ARGS__), NULL, 0, err)

static struct bpf_image image_of(const struct bpf_insn *insns, size_t n,
				 struct bpf_map_spec *maps, size_t map_count)
{
	struct bpf_image image = {
		.name = "test",
		.license = "GPL",
		.insns = (struct bpf_insn *)insns,
		.insn_count = n,
		.maps = maps,
		.map_count = map_count,
	};

	return image;
}

static struct bpf_vm *new_vm(const struct bpf_insn *insns, size_t n,
			     struct bpf_map_spec *maps, size_t map_count)
{
	struct bpf_image image = image_of(insns, n, maps, map_count);
	struct ir_error err = { "" };
	struct bpf_vm *vm = NULL;
	int ret = bpf_vm_new(&image, &vm, &err);

	ck_assert_msg(ret == 0, "bpf_vm_new: %d: %s", ret, err.message);
	ck_assert_ptr_nonnull(vm);
	return vm;
}

static uint64_t run_ok(struct bpf_vm *vm, uint32_t sample)
{
	struct ir_error err = { "" };
	int ret = bpf_vm_run(vm, sample, &err);

	ck_assert_msg(ret == 0, "bpf_vm_run: %d: %s", ret, err.message);
	return bpf_vm_last_return(vm);
}

static uint64_t eval_insns(const struct bpf_insn *insns, size_t n)
{
	struct bpf_vm *vm = new_vm(insns, n, NULL, 0);
	uint64_t r0 = run_ok(vm, 0);

	bpf_vm_free(vm);
	return r0;
}

static int new_error(const struct bpf_insn *insns, size_t n, struct bpf_map_spec *maps,
		     size_t map_count, struct ir_error *err)
{
	struct bpf_image image = image_of(insns, n, maps, map_count);
	struct bpf_vm *vm = NULL;
	int ret;

	ir_error_clear(err);
	ret = bpf_vm_new(&image, &vm, err);
	ck_assert_msg(ret < 0, "bpf_vm_new accepted a bad program");
	ck_assert_ptr_null(vm);
	ck_assert_msg(err->message[0], "no error message");
	return ret;
}

static int run_error(const struct bpf_insn *insns, size_t n, struct bpf_map_spec *maps,
		     size_t map_count, struct ir_error *err)
{
	struct bpf_vm *vm = new_vm(insns, n, maps, map_count);
	int ret;

	ir_error_clear(err);
	ret = bpf_vm_run(vm, 0, err);
	ck_assert_msg(ret < 0, "bpf_vm_run did not fail");
	ck_assert_msg(err->message[0], "no error message");
	bpf_vm_free(vm);
	return ret;
}

#define ck_assert_has(haystack, needle) \
	ck_assert_msg(strstr((haystack), (needle)), "'%s' not in '%s'", (needle), (haystack))

START_TEST(test_alu64_arithmetic)
{
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, -1), EXIT()), 0xffffffffffffffffull);
	ck_assert_uint_eq(EVAL(LD_IMM64(1, 0xdeadbeefcafebabe), MOV64_REG(0, 1), EXIT()),
			  0xdeadbeefcafebabeull);
	ck_assert_uint_eq(EVAL(LD_IMM64(0, 0x7fffffffffffffff), ALU64_IMM(BPF_ADD, 0, 1),
			       EXIT()), 0x8000000000000000ull);
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, 5), ALU64_IMM(BPF_ADD, 0, -7), EXIT()),
			  0xfffffffffffffffeull);
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, 3), MOV64_IMM(1, 5), ALU64_REG(BPF_SUB, 0, 1),
			       EXIT()), 0xfffffffffffffffeull);
	/* 2^32 * (2^32 + 1) = 2^64 + 2^32, which wraps to 2^32. */
	ck_assert_uint_eq(EVAL(LD_IMM64(0, 0x100000000), LD_IMM64(1, 0x100000001),
			       ALU64_REG(BPF_MUL, 0, 1), EXIT()), 0x100000000ull);
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, 7), ALU64_IMM(BPF_MUL, 0, -1), EXIT()),
			  0xfffffffffffffff9ull);
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, 5), NEG64(0), EXIT()), 0xfffffffffffffffbull);
	ck_assert_uint_eq(EVAL(LD_IMM64(0, 0x8000000000000000), NEG64(0), EXIT()),
			  0x8000000000000000ull);
}
END_TEST

START_TEST(test_alu64_logic_and_shifts)
{
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, 0xf0), ALU64_IMM(BPF_OR, 0, 0x0f), EXIT()), 0xff);
	/* The immediate is sign-extended to 64 bits. */
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, 0), ALU64_IMM(BPF_OR, 0, -1), EXIT()),
			  0xffffffffffffffffull);
	ck_assert_uint_eq(EVAL(LD_IMM64(0, 0x123456789abcdef0), ALU64_IMM(BPF_AND, 0, -256),
			       EXIT()), 0x123456789abcde00ull);
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, 0xff), MOV64_IMM(1, 0x0f),
			       ALU64_REG(BPF_XOR, 0, 1), EXIT()), 0xf0);
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, 1), ALU64_IMM(BPF_LSH, 0, 63), EXIT()),
			  0x8000000000000000ull);
	/* Register shift counts are masked to 63: 65 shifts by 1, 68 by 4, 127 by 63. */
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, 1), MOV64_IMM(1, 65), ALU64_REG(BPF_LSH, 0, 1),
			       EXIT()), 2);
	ck_assert_uint_eq(EVAL(LD_IMM64(0, 0x8000000000000000), ALU64_IMM(BPF_RSH, 0, 63),
			       EXIT()), 1);
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, 0x100), MOV64_IMM(1, 68),
			       ALU64_REG(BPF_RSH, 0, 1), EXIT()), 0x10);
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, -16), ALU64_IMM(BPF_ARSH, 0, 2), EXIT()),
			  0xfffffffffffffffcull);
	ck_assert_uint_eq(EVAL(LD_IMM64(0, 0x8000000000000000), MOV64_IMM(1, 127),
			       ALU64_REG(BPF_ARSH, 0, 1), EXIT()), 0xffffffffffffffffull);
}
END_TEST

START_TEST(test_alu32_zero_extends)
{
	ck_assert_uint_eq(EVAL(MOV32_IMM(0, -1), EXIT()), 0xffffffffull);
	ck_assert_uint_eq(EVAL(LD_IMM64(1, 0xdeadbeefcafebabe), MOV32_REG(0, 1), EXIT()),
			  0xcafebabeull);
	ck_assert_uint_eq(EVAL(LD_IMM64(0, 0x1ffffffff), ALU32_IMM(BPF_ADD, 0, 2), EXIT()), 1);
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, 3), MOV64_IMM(1, 5), ALU32_REG(BPF_SUB, 0, 1),
			       EXIT()), 0xfffffffeull);
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, 0x10000), MOV64_IMM(1, 0x10001),
			       ALU32_REG(BPF_MUL, 0, 1), EXIT()), 0x10000);
	ck_assert_uint_eq(EVAL(LD_IMM64(0, 0xffffffff000000f0), ALU32_IMM(BPF_OR, 0, 0x0f),
			       EXIT()), 0xff);
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, 0), ALU32_IMM(BPF_OR, 0, -1), EXIT()),
			  0xffffffffull);
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, -1), ALU32_IMM(BPF_AND, 0, 0x7f), EXIT()), 0x7f);
	ck_assert_uint_eq(EVAL(LD_IMM64(0, 0xaaaaaaaa000000ff), ALU32_IMM(BPF_XOR, 0, 0x0f),
			       EXIT()), 0xf0);
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, 5), NEG32(0), EXIT()), 0xfffffffbull);
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, 1), ALU32_IMM(BPF_LSH, 0, 31), EXIT()),
			  0x80000000ull);
	ck_assert_uint_eq(EVAL(LD_IMM64(0, 0x180000001), ALU32_IMM(BPF_LSH, 0, 1), EXIT()), 2);
	/* Masked to 31: 33 shifts by 1, 36 by 4. */
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, 1), MOV64_IMM(1, 33), ALU32_REG(BPF_LSH, 0, 1),
			       EXIT()), 2);
	ck_assert_uint_eq(EVAL(LD_IMM64(0, 0xffffffff80000000), ALU32_IMM(BPF_RSH, 0, 31),
			       EXIT()), 1);
	ck_assert_uint_eq(EVAL(LD_IMM64(0, 0x80000000), ALU32_IMM(BPF_ARSH, 0, 4), EXIT()),
			  0xf8000000ull);
	ck_assert_uint_eq(EVAL(LD_IMM64(0, 0x100000010), ALU32_IMM(BPF_ARSH, 0, 4), EXIT()),
			  1);
	ck_assert_uint_eq(EVAL(LD_IMM64(0, 0x80000000), MOV64_IMM(1, 36),
			       ALU32_REG(BPF_ARSH, 0, 1), EXIT()), 0xf8000000ull);
}
END_TEST

START_TEST(test_division)
{
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, 17), MOV64_IMM(1, 5), ALU64_REG(BPF_DIV, 0, 1),
			       EXIT()), 3);
	ck_assert_uint_eq(EVAL(LD_IMM64(0, 0xfffffffffffffff0), ALU64_IMM(BPF_DIV, 0, 16),
			       EXIT()), 0x0fffffffffffffffull);
	/* Unsigned: -2 is 2^64 - 2, larger than 2^64 - 4. */
	ck_assert_uint_eq(EVAL(LD_IMM64(0, 0xfffffffffffffffc), ALU64_IMM(BPF_DIV, 0, -2),
			       EXIT()), 0);
	ck_assert_uint_eq(EVAL(LD_IMM64(0, 0x500000064), ALU32_IMM(BPF_DIV, 0, 10), EXIT()),
			  10);
	ck_assert_uint_eq(EVAL(MOV32_IMM(0, -4), ALU32_IMM(BPF_DIV, 0, -2), EXIT()), 0);
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, 17), ALU64_IMM(BPF_MOD, 0, 5), EXIT()), 2);
	ck_assert_uint_eq(EVAL(LD_IMM64(0, 0x700000011), ALU32_IMM(BPF_MOD, 0, 5), EXIT()), 2);
}
END_TEST

START_TEST(test_division_by_zero)
{
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, 17), MOV64_IMM(1, 0), ALU64_REG(BPF_DIV, 0, 1),
			       EXIT()), 0);
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, 17), MOV64_IMM(1, 0), ALU64_REG(BPF_MOD, 0, 1),
			       EXIT()), 17);
	ck_assert_uint_eq(EVAL(LD_IMM64(0, 0x100000011), MOV64_IMM(1, 0),
			       ALU32_REG(BPF_DIV, 0, 1), EXIT()), 0);
	/* Modulo by zero leaves dst, but the 32-bit form still clears the upper half. */
	ck_assert_uint_eq(EVAL(LD_IMM64(0, 0x100000011), MOV64_IMM(1, 0),
			       ALU32_REG(BPF_MOD, 0, 1), EXIT()), 0x11);
	/* A 32-bit divisor is the low half only: 0xffffffff00000000 is zero there. */
	ck_assert_uint_eq(EVAL(LD_IMM64(0, 0x100000011), LD_IMM64(1, 0xffffffff00000000),
			       ALU32_REG(BPF_MOD, 0, 1), EXIT()), 0x11);
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, 17), LD_IMM64(1, 0xffffffff00000000),
			       ALU32_REG(BPF_DIV, 0, 1), EXIT()), 0);
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, 17), LD_IMM64(1, 0xffffffff00000000),
			       ALU64_REG(BPF_MOD, 0, 1), EXIT()), 17);
}
END_TEST

START_TEST(test_signed_division)
{
	/* Truncating division: -7 / 2 = -3, -13 % 3 = -1, 7 % -3 = 1. */
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, -7), MOV64_IMM(1, 2), SDIV64_REG(0, 1), EXIT()),
			  0xfffffffffffffffdull);
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, -13), MOV64_IMM(1, 3), SMOD64_REG(0, 1), EXIT()),
			  0xffffffffffffffffull);
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, 7), MOV64_IMM(1, -3), SMOD64_REG(0, 1), EXIT()),
			  1);
	/* INT64_MIN / -1 wraps to INT64_MIN, and its remainder is 0. */
	ck_assert_uint_eq(EVAL(LD_IMM64(0, 0x8000000000000000), MOV64_IMM(1, -1),
			       SDIV64_REG(0, 1), EXIT()), 0x8000000000000000ull);
	ck_assert_uint_eq(EVAL(LD_IMM64(0, 0x8000000000000000), MOV64_IMM(1, -1),
			       SMOD64_REG(0, 1), EXIT()), 0);
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, -7), MOV64_IMM(1, 0), SDIV64_REG(0, 1), EXIT()),
			  0);
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, -7), MOV64_IMM(1, 0), SMOD64_REG(0, 1), EXIT()),
			  0xfffffffffffffff9ull);
	ck_assert_uint_eq(EVAL(MOV32_IMM(0, -7), MOV64_IMM(1, 2), SDIV32_REG(0, 1), EXIT()),
			  0xfffffffdull);
	/* 100 / -3 = -33 = 0xffffffdf in 32 bits. */
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, 100), SDIV32_IMM(0, -3), EXIT()), 0xffffffdfull);
	ck_assert_uint_eq(EVAL(MOV32_IMM(0, -13), MOV64_IMM(1, 3), SMOD32_REG(0, 1), EXIT()),
			  0xffffffffull);
	ck_assert_uint_eq(EVAL(LD_IMM64(0, 0x1fffffff9), MOV64_IMM(1, 0), SMOD32_REG(0, 1),
			       EXIT()), 0xfffffff9ull);
	ck_assert_uint_eq(EVAL(MOV32_IMM(0, INT32_MIN), MOV64_IMM(1, -1), SDIV32_REG(0, 1),
			       EXIT()), 0x80000000ull);
}
END_TEST

START_TEST(test_byte_swaps)
{
#define SWAP(insn) EVAL(LD_IMM64(0, 0x1122334455667788), insn, EXIT())
	/* To little endian on a little-endian host: truncation only. */
	ck_assert_uint_eq(SWAP(TO_LE(0, 16)), 0x7788);
	ck_assert_uint_eq(SWAP(TO_LE(0, 32)), 0x55667788);
	ck_assert_uint_eq(SWAP(TO_LE(0, 64)), 0x1122334455667788ull);
	ck_assert_uint_eq(SWAP(TO_BE(0, 16)), 0x8877);
	ck_assert_uint_eq(SWAP(TO_BE(0, 32)), 0x88776655);
	ck_assert_uint_eq(SWAP(TO_BE(0, 64)), 0x8877665544332211ull);
	ck_assert_uint_eq(SWAP(BSWAP(0, 16)), 0x8877);
	ck_assert_uint_eq(SWAP(BSWAP(0, 32)), 0x88776655);
	ck_assert_uint_eq(SWAP(BSWAP(0, 64)), 0x8877665544332211ull);
#undef SWAP
}
END_TEST

START_TEST(test_sign_extending_moves)
{
	ck_assert_uint_eq(EVAL(MOV64_IMM(1, 0x180), MOVSX64(0, 1, 8), EXIT()),
			  0xffffffffffffff80ull);
	ck_assert_uint_eq(EVAL(MOV64_IMM(1, 0x8000), MOVSX64(0, 1, 16), EXIT()),
			  0xffffffffffff8000ull);
	ck_assert_uint_eq(EVAL(LD_IMM64(1, 0x80000000), MOVSX64(0, 1, 32), EXIT()),
			  0xffffffff80000000ull);
	ck_assert_uint_eq(EVAL(MOV64_IMM(1, 0x180), MOVSX32(0, 1, 8), EXIT()), 0xffffff80ull);
	ck_assert_uint_eq(EVAL(MOV64_IMM(1, 0x17fff), MOVSX32(0, 1, 16), EXIT()), 0x7fff);
}
END_TEST

/* 1 if the jump (r1 = a against r2 = b, or its immediate) is taken. */
static uint64_t jump_taken(struct bpf_insn jump, uint64_t a, uint64_t b)
{
	struct bpf_insn prog[] = {
		LD_IMM64(1, a), LD_IMM64(2, b), MOV64_IMM(0, 1),
		jump,
		MOV64_IMM(0, 0),
		EXIT(),
	};

	return eval_insns(prog, ARRAY_SIZE(prog));
}

#define J64(op) ((struct bpf_insn)JMP_REG(op, 1, 2, 1))
#define J32(op) ((struct bpf_insn)JMP32_REG(op, 1, 2, 1))
#define J64K(op, imm) ((struct bpf_insn)JMP_IMM(op, 1, imm, 1))
#define J32K(op, imm) ((struct bpf_insn)JMP32_IMM(op, 1, imm, 1))

START_TEST(test_jump_conditions)
{
	const uint64_t all = ~0ull, min = 0x8000000000000000ull, max = min - 1;

	ck_assert_uint_eq(jump_taken(J64(BPF_JEQ), 5, 5), 1);
	ck_assert_uint_eq(jump_taken(J64(BPF_JEQ), 0x100000005, 5), 0);
	ck_assert_uint_eq(jump_taken(J64(BPF_JNE), 0x100000005, 5), 1);
	ck_assert_uint_eq(jump_taken(J64(BPF_JNE), 5, 5), 0);
	ck_assert_uint_eq(jump_taken(J64(BPF_JGT), all, 1), 1);
	ck_assert_uint_eq(jump_taken(J64(BPF_JSGT), all, 1), 0);
	ck_assert_uint_eq(jump_taken(J64(BPF_JGT), 1, all), 0);
	ck_assert_uint_eq(jump_taken(J64(BPF_JSGT), 1, all), 1);
	ck_assert_uint_eq(jump_taken(J64(BPF_JGE), 7, 7), 1);
	ck_assert_uint_eq(jump_taken(J64(BPF_JGE), all - 1, all), 0);
	ck_assert_uint_eq(jump_taken(J64(BPF_JSGE), all, all), 1);
	ck_assert_uint_eq(jump_taken(J64(BPF_JSGE), all - 1, all), 0);
	ck_assert_uint_eq(jump_taken(J64(BPF_JLT), 1, all), 1);
	ck_assert_uint_eq(jump_taken(J64(BPF_JSLT), 1, all), 0);
	ck_assert_uint_eq(jump_taken(J64(BPF_JSLT), all, 1), 1);
	ck_assert_uint_eq(jump_taken(J64(BPF_JLE), 7, 7), 1);
	ck_assert_uint_eq(jump_taken(J64(BPF_JLE), 8, 7), 0);
	ck_assert_uint_eq(jump_taken(J64(BPF_JSLE), min, max), 1);
	ck_assert_uint_eq(jump_taken(J64(BPF_JLE), min, max), 0);
	ck_assert_uint_eq(jump_taken(J64(BPF_JSET), 0x100000000, 0x100000000), 1);
	ck_assert_uint_eq(jump_taken(J64(BPF_JSET), 6, 3), 1);
	ck_assert_uint_eq(jump_taken(J64(BPF_JSET), 4, 3), 0);
}
END_TEST

START_TEST(test_jump32_conditions)
{
	/* Only the low halves count. */
	ck_assert_uint_eq(jump_taken(J32(BPF_JEQ), 0x100000005, 5), 1);
	ck_assert_uint_eq(jump_taken(J32(BPF_JNE), 0x100000005, 5), 0);
	ck_assert_uint_eq(jump_taken(J32(BPF_JSET), 0x100000000, 0x100000000), 0);
	ck_assert_uint_eq(jump_taken(J32(BPF_JLT), 0xffffffff00000001, 0x100000002), 1);
	ck_assert_uint_eq(jump_taken(J64(BPF_JLT), 0xffffffff00000001, 0x100000002), 0);
	/* 0x80000000 is INT32_MIN signed, 0xffffffff is -1. */
	ck_assert_uint_eq(jump_taken(J32(BPF_JSGT), 0x80000000, 0xffffffff), 0);
	ck_assert_uint_eq(jump_taken(J32(BPF_JSLT), 0x80000000, 0xffffffff), 1);
	ck_assert_uint_eq(jump_taken(J32(BPF_JGT), 0x80000000, 0xffffffff), 0);
	ck_assert_uint_eq(jump_taken(J32(BPF_JLT), 0x80000000, 0xffffffff), 1);
	ck_assert_uint_eq(jump_taken(J32(BPF_JGE), 0x1ffffffff, 0xffffffff), 1);
	ck_assert_uint_eq(jump_taken(J32(BPF_JSGE), 0x7fffffff, 0x80000000), 1);
	ck_assert_uint_eq(jump_taken(J32(BPF_JLE), 0x500000000, 0), 1);
	ck_assert_uint_eq(jump_taken(J32(BPF_JSLE), 0xffffffff, 0x80000000), 0);
}
END_TEST

START_TEST(test_jump_immediates)
{
	/* A 64-bit jump compares with the sign-extended immediate. */
	ck_assert_uint_eq(jump_taken(J64K(BPF_JEQ, -1), ~0ull, 0), 1);
	ck_assert_uint_eq(jump_taken(J64K(BPF_JEQ, -1), 0xffffffff, 0), 0);
	ck_assert_uint_eq(jump_taken(J32K(BPF_JEQ, -1), 0xffffffff, 0), 1);
	ck_assert_uint_eq(jump_taken(J64K(BPF_JGT, -1), 0x80000000, 0), 0);
	ck_assert_uint_eq(jump_taken(J64K(BPF_JSGT, -1), 0x80000000, 0), 1);
	ck_assert_uint_eq(jump_taken(J32K(BPF_JSGT, -1), 0x80000000, 0), 0);
	ck_assert_uint_eq(jump_taken(J32K(BPF_JLT, -1), 0x80000000, 0), 1);
	ck_assert_uint_eq(jump_taken(J64K(BPF_JSET, 1), 0x100000001, 0), 1);
	ck_assert_uint_eq(jump_taken(J64K(BPF_JSGE, 0), ~0ull, 0), 0);
	ck_assert_uint_eq(jump_taken(J64K(BPF_JSLE, 0), ~0ull, 0), 1);
	ck_assert_uint_eq(jump_taken(J64K(BPF_JGE, 0), ~0ull, 0), 1);
	ck_assert_uint_eq(jump_taken(J64K(BPF_JLE, 3), 3, 0), 1);
	ck_assert_uint_eq(jump_taken(J64K(BPF_JNE, 3), 3, 0), 0);
	ck_assert_uint_eq(jump_taken(J64K(BPF_JSLT, -5), (uint64_t)-6, 0), 1);
}
END_TEST

START_TEST(test_unconditional_jumps_and_counts)
{
	static const struct bpf_insn loop[] = {
		MOV64_IMM(0, 0),
		MOV64_IMM(1, 10),
		ALU64_IMM(BPF_ADD, 0, 3),
		ALU64_IMM(BPF_SUB, 1, 1),
		JMP_IMM(BPF_JNE, 1, 0, -3),
		EXIT(),
	};
	static const struct bpf_insn gotol_loop[] = {
		MOV64_IMM(0, 0),
		ALU64_IMM(BPF_ADD, 0, 1),
		JMP_IMM(BPF_JEQ, 0, 3, 1),
		GOTOL(-3),
		EXIT(),
	};
	struct bpf_vm *vm = new_vm(loop, ARRAY_SIZE(loop), NULL, 0);

	/* 2 + 10 * 3 + 1 instructions. */
	ck_assert_uint_eq(run_ok(vm, 0), 30);
	ck_assert_uint_eq(bpf_vm_last_insn_count(vm), 33);
	bpf_vm_free(vm);

	/* 1 + (3 + 3 + 2) + 1 instructions. */
	vm = new_vm(gotol_loop, ARRAY_SIZE(gotol_loop), NULL, 0);
	ck_assert_uint_eq(run_ok(vm, 0), 3);
	ck_assert_uint_eq(bpf_vm_last_insn_count(vm), 10);
	bpf_vm_free(vm);

	ck_assert_uint_eq(EVAL(MOV64_IMM(0, 1), JA(1), MOV64_IMM(0, 2), EXIT()), 1);
	ck_assert_uint_eq(EVAL(MOV64_IMM(0, 1), GOTOL(1), MOV64_IMM(0, 2), EXIT()), 1);
}
END_TEST

START_TEST(test_loads_and_stores)
{
	/* ST's immediate is sign-extended to the store size. */
	ck_assert_uint_eq(EVAL(ST(BPF_DW, 10, -8, -2), LDX(BPF_DW, 0, 10, -8), EXIT()),
			  0xfffffffffffffffeull);
	ck_assert_uint_eq(EVAL(ST(BPF_W, 10, -8, 0x12345678), LDX(BPF_B, 0, 10, -8), EXIT()),
			  0x78);
	ck_assert_uint_eq(EVAL(ST(BPF_W, 10, -8, 0x12345678), LDX(BPF_H, 0, 10, -8), EXIT()),
			  0x5678);
	ck_assert_uint_eq(EVAL(ST(BPF_W, 10, -8, 0x12345678), LDX(BPF_W, 0, 10, -8), EXIT()),
			  0x12345678);
	ck_assert_uint_eq(EVAL(ST(BPF_W, 10, -8, 0x12345678), LDX(BPF_B, 0, 10, -5), EXIT()),
			  0x12);
	ck_assert_uint_eq(EVAL(ST(BPF_H, 10, -2, -1), LDX(BPF_H, 0, 10, -2), EXIT()), 0xffff);
	ck_assert_uint_eq(EVAL(ST(BPF_B, 10, -1, 0x1ff), LDX(BPF_B, 0, 10, -1), EXIT()), 0xff);
	ck_assert_uint_eq(EVAL(LD_IMM64(1, 0x1122334455667788), STX(BPF_DW, 10, 1, -16),
			       LDX(BPF_W, 0, 10, -12), EXIT()), 0x11223344);
	ck_assert_uint_eq(EVAL(LD_IMM64(1, 0x1122334455667788), STX(BPF_W, 10, 1, -4),
			       LDX(BPF_W, 0, 10, -4), EXIT()), 0x55667788);
	ck_assert_uint_eq(EVAL(LD_IMM64(1, 0x1122334455667788), STX(BPF_H, 10, 1, -2),
			       LDX(BPF_H, 0, 10, -2), EXIT()), 0x7788);
	ck_assert_uint_eq(EVAL(LD_IMM64(1, 0x1122334455667788), STX(BPF_B, 10, 1, -1),
			       LDX(BPF_B, 0, 10, -1), EXIT()), 0x88);
	/* The whole 512-byte frame, through a pointer in another register. */
	ck_assert_uint_eq(EVAL(MOV64_REG(2, 10), ALU64_IMM(BPF_ADD, 2, -512),
			       ST(BPF_DW, 2, 0, 99), LDX(BPF_DW, 0, 10, -512), EXIT()), 99);
	ck_assert_uint_eq(EVAL(LD_IMM64(0, 0x123456789abcdef0), EXIT()),
			  0x123456789abcdef0ull);
}
END_TEST

START_TEST(test_sign_extending_loads)
{
	ck_assert_uint_eq(EVAL(ST(BPF_B, 10, -1, 0x80), LDXSX(BPF_B, 0, 10, -1), EXIT()),
			  0xffffffffffffff80ull);
	ck_assert_uint_eq(EVAL(ST(BPF_H, 10, -2, 0x8001), LDXSX(BPF_H, 0, 10, -2), EXIT()),
			  0xffffffffffff8001ull);
	ck_assert_uint_eq(EVAL(ST(BPF_W, 10, -4, INT32_MIN), LDXSX(BPF_W, 0, 10, -4), EXIT()),
			  0xffffffff80000000ull);
	ck_assert_uint_eq(EVAL(ST(BPF_W, 10, -4, 0x7fffffff), LDXSX(BPF_W, 0, 10, -4), EXIT()),
			  0x7fffffff);
}
END_TEST

START_TEST(test_context_read)
{
	static const struct bpf_insn prog[] = { LDX(BPF_W, 0, 1, 0), EXIT() };
	struct bpf_vm *vm = new_vm(prog, ARRAY_SIZE(prog), NULL, 0);

	ck_assert_uint_eq(run_ok(vm, PULSE(1280)), 0x01000500);
	ck_assert_uint_eq(run_ok(vm, SPACE(7)), 7);
	bpf_vm_free(vm);
}
END_TEST

enum atomic_result { MEMORY, SRC_REG, R0 };

/* *(fp - 8) = mem; r1 = src; r0 = r0_in; the atomic operation; returns what is asked. */
static uint64_t atomic(uint8_t size, int32_t op, uint64_t mem, uint64_t src, uint64_t r0_in,
		       enum atomic_result result)
{
	struct bpf_insn prog[] = {
		LD_IMM64(2, mem),
		STX(BPF_DW, 10, 2, -8),
		LD_IMM64(1, src),
		LD_IMM64(0, r0_in),
		ATOMIC(size, op, 10, 1, -8),
		MOV64_REG(0, 0),
		EXIT(),
	};
	static const struct bpf_insn read_memory = LDX(BPF_DW, 0, 10, -8);
	static const struct bpf_insn read_src = MOV64_REG(0, 1);

	if (result == MEMORY)
		prog[8] = read_memory;
	else if (result == SRC_REG)
		prog[8] = read_src;
	return eval_insns(prog, ARRAY_SIZE(prog));
}

START_TEST(test_atomics_64)
{
	ck_assert_uint_eq(atomic(BPF_DW, BPF_ADD, 10, 5, 0, MEMORY), 15);
	ck_assert_uint_eq(atomic(BPF_DW, BPF_ADD, 10, 5, 0, SRC_REG), 5);
	ck_assert_uint_eq(atomic(BPF_DW, BPF_ADD | BPF_FETCH, 10, 5, 0, MEMORY), 15);
	ck_assert_uint_eq(atomic(BPF_DW, BPF_ADD | BPF_FETCH, 10, 5, 0, SRC_REG), 10);
	ck_assert_uint_eq(atomic(BPF_DW, BPF_OR, 0xf0, 0x0f, 0, MEMORY), 0xff);
	ck_assert_uint_eq(atomic(BPF_DW, BPF_OR, 0xf0, 0x0f, 0, SRC_REG), 0x0f);
	ck_assert_uint_eq(atomic(BPF_DW, BPF_OR | BPF_FETCH, 0xf0, 0x0f, 0, SRC_REG), 0xf0);
	ck_assert_uint_eq(atomic(BPF_DW, BPF_AND, 0xff, 0x3c, 0, MEMORY), 0x3c);
	ck_assert_uint_eq(atomic(BPF_DW, BPF_AND | BPF_FETCH, 0xff, 0x3c, 0, SRC_REG), 0xff);
	ck_assert_uint_eq(atomic(BPF_DW, BPF_XOR, 0xff, 0x0f, 0, MEMORY), 0xf0);
	ck_assert_uint_eq(atomic(BPF_DW, BPF_XOR | BPF_FETCH, 0xff, 0x0f, 0, SRC_REG), 0xff);
	ck_assert_uint_eq(atomic(BPF_DW, BPF_XCHG, 7, 9, 0, MEMORY), 9);
	ck_assert_uint_eq(atomic(BPF_DW, BPF_XCHG, 7, 9, 0, SRC_REG), 7);
	/* cmpxchg: r0 == memory: swapped; r0 gets the old value either way. */
	ck_assert_uint_eq(atomic(BPF_DW, BPF_CMPXCHG, 7, 9, 7, MEMORY), 9);
	ck_assert_uint_eq(atomic(BPF_DW, BPF_CMPXCHG, 7, 9, 7, R0), 7);
	ck_assert_uint_eq(atomic(BPF_DW, BPF_CMPXCHG, 7, 9, 7, SRC_REG), 9);
	ck_assert_uint_eq(atomic(BPF_DW, BPF_CMPXCHG, 7, 9, 8, MEMORY), 7);
	ck_assert_uint_eq(atomic(BPF_DW, BPF_CMPXCHG, 7, 9, 8, R0), 7);
}
END_TEST

START_TEST(test_atomics_32)
{
	/* The low word at fp-8 only; the word above is untouched. */
	ck_assert_uint_eq(atomic(BPF_W, BPF_ADD, ~0ull, 1, 0, MEMORY), 0xffffffff00000000ull);
	ck_assert_uint_eq(atomic(BPF_W, BPF_ADD | BPF_FETCH, ~0ull, 1, 0, SRC_REG),
			  0xffffffffull);
	ck_assert_uint_eq(atomic(BPF_W, BPF_XCHG, 0x1111111122222222, 0xaaaaaaaa33333333, 0,
				 MEMORY), 0x1111111133333333ull);
	ck_assert_uint_eq(atomic(BPF_W, BPF_XCHG, 0x1111111122222222, 0xaaaaaaaa33333333, 0,
				 SRC_REG), 0x22222222);
	ck_assert_uint_eq(atomic(BPF_W, BPF_AND | BPF_FETCH, 0x5000000ff, 0x0f, 0, MEMORY),
			  0x50000000full);
	/* cmpxchg compares the low half of r0 and zero-extends the old value into r0. */
	ck_assert_uint_eq(atomic(BPF_W, BPF_CMPXCHG, 0x500000007, 9, 0x100000007, MEMORY),
			  0x500000009ull);
	ck_assert_uint_eq(atomic(BPF_W, BPF_CMPXCHG, 0x500000007, 9, 0x100000007, R0), 7);
	ck_assert_uint_eq(atomic(BPF_W, BPF_CMPXCHG, 0x500000007, 9, 8, MEMORY),
			  0x500000007ull);
	ck_assert_uint_eq(atomic(BPF_W, BPF_CMPXCHG, 0x500000007, 9, 8, R0), 7);
}
END_TEST

START_TEST(test_local_calls)
{
	/* r0 = f(20) where f(x) = x + 1. */
	ck_assert_uint_eq(EVAL(MOV64_IMM(1, 20), CALL_LOCAL(1), EXIT(),
			       MOV64_REG(0, 1), ALU64_IMM(BPF_ADD, 0, 1), EXIT()), 21);
	/* r6-r9 survive a callee that overwrites them. */
	ck_assert_uint_eq(EVAL(MOV64_IMM(6, 1), MOV64_IMM(7, 2), MOV64_IMM(8, 3),
			       MOV64_IMM(9, 4), CALL_LOCAL(5),
			       MOV64_REG(0, 6), ALU64_REG(BPF_ADD, 0, 7),
			       ALU64_REG(BPF_ADD, 0, 8), ALU64_REG(BPF_ADD, 0, 9), EXIT(),
			       MOV64_IMM(6, 100), MOV64_IMM(7, 100), MOV64_IMM(8, 100),
			       MOV64_IMM(9, 100), EXIT()), 10);
	/* The callee has its own frame, and reads the caller's through a pointer. */
	ck_assert_uint_eq(EVAL(ST(BPF_DW, 10, -8, 111), MOV64_REG(1, 10),
			       ALU64_IMM(BPF_ADD, 1, -8), CALL_LOCAL(2),
			       LDX(BPF_DW, 0, 10, -8), EXIT(),
			       ST(BPF_DW, 10, -8, 222), LDX(BPF_DW, 0, 1, 0), EXIT()), 111);
	ck_assert_uint_eq(EVAL(ST(BPF_DW, 10, -8, 111), MOV64_REG(1, 10),
			       ALU64_IMM(BPF_ADD, 1, -8), CALL_LOCAL(1), EXIT(),
			       ST(BPF_DW, 10, -8, 222), LDX(BPF_DW, 0, 1, 0),
			       LDX(BPF_DW, 2, 10, -8), ALU64_REG(BPF_ADD, 0, 2), EXIT()), 333);
}
END_TEST

/* main: r1 = depth; call f; exit.  f: if r1 == 0 return 0; return f(r1 - 1) + 1. */
static int recurse(uint32_t depth, uint64_t *ret_r0, struct ir_error *err)
{
	struct bpf_insn prog[] = {
		MOV64_IMM(1, (int32_t)depth),
		CALL_LOCAL(1),
		EXIT(),
		MOV64_IMM(0, 0),
		JMP_IMM(BPF_JEQ, 1, 0, 3),
		ALU64_IMM(BPF_SUB, 1, 1),
		CALL_LOCAL(-4),
		ALU64_IMM(BPF_ADD, 0, 1),
		EXIT(),
	};
	struct bpf_vm *vm = new_vm(prog, ARRAY_SIZE(prog), NULL, 0);
	int ret = bpf_vm_run(vm, 0, err);

	*ret_r0 = bpf_vm_last_return(vm);
	bpf_vm_free(vm);
	return ret;
}

START_TEST(test_call_depth)
{
	struct ir_error err;
	uint64_t r0;

	/* f(6) nests 7 calls: 8 frames with main, the kernel's limit. */
	ck_assert_int_eq(recurse(6, &r0, &err), 0);
	ck_assert_uint_eq(r0, 6);
	ck_assert_int_eq(recurse(7, &r0, &err), -E2BIG);
	ck_assert_has(err.message, "instruction 6");
	ck_assert_has(err.message, "8 frames");
}
END_TEST

START_TEST(test_check_structure)
{
	struct ir_error err;

	ck_assert_int_eq(new_error(NULL, 0, NULL, 0, &err), -EINVAL);
	ck_assert_int_eq(NEW_ERROR(&err, INSN(BPF_ALU64 | 0xe0, 0, 0, 0, 0), EXIT()),
			 -EINVAL);
	ck_assert_has(err.message, "instruction 0: unknown opcode 0xe7");
	ck_assert_int_eq(NEW_ERROR(&err, MOV64_IMM(0, 0), INSN(BPF_LD | BPF_ABS | BPF_W,
							      0, 0, 0, 0), EXIT()), -EINVAL);
	ck_assert_has(err.message, "instruction 1");
	ck_assert_int_eq(NEW_ERROR(&err, MOV64_IMM(11, 0), EXIT()), -EINVAL);
	ck_assert_has(err.message, "r11");
	ck_assert_int_eq(NEW_ERROR(&err, MOV64_IMM(0, 0), MOV64_REG(0, 12), EXIT()), -EINVAL);
	ck_assert_has(err.message, "instruction 1: register r12");
	ck_assert_int_eq(NEW_ERROR(&err, MOV64_IMM(10, 0), EXIT()), -EINVAL);
	ck_assert_has(err.message, "r10");
	ck_assert_int_eq(NEW_ERROR(&err, LDX(BPF_DW, 10, 1, 0), EXIT()), -EINVAL);
	ck_assert_int_eq(NEW_ERROR(&err, ATOMIC(BPF_DW, BPF_ADD | BPF_FETCH, 1, 10, 0),
				   EXIT()), -EINVAL);
	/* Storing through r10 is fine; a non-fetching atomic only reads src. */
	ck_assert_uint_eq(EVAL(ST(BPF_DW, 10, -8, 1), MOV64_REG(1, 10),
			       ALU64_IMM(BPF_ADD, 1, -16), ST(BPF_DW, 1, 0, 0),
			       ATOMIC(BPF_DW, BPF_ADD, 1, 10, 0), MOV64_IMM(0, 5), EXIT()), 5);
	ck_assert_int_eq(NEW_ERROR(&err, LD_IMM64(0, 1)), -EINVAL);
	ck_assert_int_eq(NEW_ERROR(&err, MOV64_IMM(0, 0), EXIT(),
				   INSN(BPF_LD | BPF_DW | BPF_IMM, 0, 0, 0, 0)), -EINVAL);
	ck_assert_has(err.message, "instruction 2: ld_imm64 without its second half");
}
END_TEST

START_TEST(test_check_reserved_fields)
{
	struct ir_error err;

	ck_assert_int_eq(NEW_ERROR(&err, INSN(BPF_ALU64 | BPF_ADD | BPF_K, 0, 1, 0, 1),
				   EXIT()), -EINVAL);
	ck_assert_int_eq(NEW_ERROR(&err, INSN(BPF_ALU64 | BPF_ADD | BPF_X, 0, 1, 0, 1),
				   EXIT()), -EINVAL);
	ck_assert_int_eq(NEW_ERROR(&err, INSN(BPF_ALU64 | BPF_ADD | BPF_K, 0, 0, 1, 1),
				   EXIT()), -EINVAL);
	ck_assert_int_eq(NEW_ERROR(&err, MOV64_IMM(0, 0), INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 1)),
			 -EINVAL);
	ck_assert_int_eq(NEW_ERROR(&err, MOV64_IMM(0, 0), INSN(BPF_JMP | BPF_JA, 0, 0, 0, 1),
				   EXIT()), -EINVAL);
	ck_assert_int_eq(NEW_ERROR(&err, INSN(BPF_ALU | BPF_END | BPF_TO_LE, 0, 0, 0, 8),
				   EXIT()), -EINVAL);
	ck_assert_has(err.message, "width 8");
	ck_assert_int_eq(NEW_ERROR(&err, MOVSX32(0, 1, 32), EXIT()), -EINVAL);
	/* As in the kernel: constant division by zero and out-of-range shifts. */
	ck_assert_int_eq(NEW_ERROR(&err, ALU64_IMM(BPF_DIV, 0, 0), EXIT()), -EINVAL);
	ck_assert_has(err.message, "division by the constant zero");
	ck_assert_int_eq(NEW_ERROR(&err, ALU32_IMM(BPF_MOD, 0, 0), EXIT()), -EINVAL);
	ck_assert_int_eq(NEW_ERROR(&err, ALU64_IMM(BPF_LSH, 0, 64), EXIT()), -EINVAL);
	ck_assert_int_eq(NEW_ERROR(&err, ALU32_IMM(BPF_RSH, 0, 32), EXIT()), -EINVAL);
	ck_assert_int_eq(NEW_ERROR(&err, INSN(BPF_STX | BPF_B | BPF_ATOMIC, 1, 2, 0, BPF_ADD),
				   EXIT()), -EINVAL);
	ck_assert_int_eq(NEW_ERROR(&err, INSN(BPF_STX | BPF_W | BPF_ATOMIC, 1, 2, 0, BPF_SUB),
				   EXIT()), -EINVAL);
	ck_assert_int_eq(NEW_ERROR(&err, INSN(BPF_LDX | BPF_DW | BPF_MEMSX, 0, 1, 0, 0),
				   EXIT()), -EINVAL);
}
END_TEST

START_TEST(test_check_control_flow)
{
	struct ir_error err;

	ck_assert_int_eq(NEW_ERROR(&err, JA(5), EXIT()), -EINVAL);
	ck_assert_has(err.message, "instruction 0: jump to 6, outside the program");
	ck_assert_int_eq(NEW_ERROR(&err, JA(-2), EXIT()), -EINVAL);
	ck_assert_int_eq(NEW_ERROR(&err, JA(1), LD_IMM64(0, 5), EXIT()), -EINVAL);
	ck_assert_has(err.message, "into the middle of the ld_imm64 at 1");
	/* Falling off the end, also after a conditional jump. */
	ck_assert_int_eq(NEW_ERROR(&err, MOV64_IMM(0, 0)), -EINVAL);
	ck_assert_int_eq(NEW_ERROR(&err, MOV64_IMM(0, 0), JMP_IMM(BPF_JEQ, 0, 0, -2)),
			 -EINVAL);
	ck_assert_has(err.message, "instruction 1");
	/* A subprogram must end with exit or ja, and jumps stay inside their subprogram. */
	ck_assert_int_eq(NEW_ERROR(&err, CALL_LOCAL(1), EXIT(), MOV64_IMM(0, 1)), -EINVAL);
	ck_assert_has(err.message, "subprogram 2..2");
	ck_assert_int_eq(NEW_ERROR(&err, CALL_LOCAL(2), JA(2), EXIT(), MOV64_IMM(0, 1),
				   EXIT()), -EINVAL);
	ck_assert_has(err.message, "instruction 1: jump to 4 leaves the subprogram 0..2");
	ck_assert_int_eq(NEW_ERROR(&err, CALL_LOCAL(5), EXIT()), -EINVAL);
}
END_TEST

START_TEST(test_check_calls_and_maps)
{
	struct bpf_map_spec maps[] = {
		{ .name = "state", .type = BPF_MAP_TYPE_ARRAY, .key_size = 4, .value_size = 8,
		  .max_entries = 1 },
		{ .name = "table", .type = BPF_MAP_TYPE_HASH, .key_size = 4, .value_size = 8,
		  .max_entries = 4 },
	};
	const struct bpf_insn fd_load[] = {
		INSN(BPF_LD | BPF_DW | BPF_IMM, 1, BPF_PSEUDO_MAP_FD, 0, 3), INSN(0, 0, 0, 0, 0),
		EXIT(),
	};
	const struct bpf_insn bad_index[] = { LD_MAP(1, 2), EXIT() };
	const struct bpf_insn hash_value[] = { LD_MAP_VALUE(1, 1, 0), EXIT() };
	const struct bpf_insn past_value[] = { LD_MAP_VALUE(1, 0, 8), EXIT() };
	const struct bpf_insn good[] = { LD_MAP(1, 1), LD_MAP_VALUE(2, 0, 7), EXIT() };
	struct ir_error err;
	struct bpf_vm *vm;

	/* bpf_tail_call (12) is a real helper, but not one the VM emulates. */
	ck_assert_int_eq(NEW_ERROR(&err, MOV64_IMM(0, 0), CALL(BPF_FUNC_tail_call), EXIT()),
			 -ENOSYS);
	ck_assert_has(err.message, "instruction 1: call to helper 12");
	ck_assert_int_eq(NEW_ERROR(&err, INSN(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_KFUNC_CALL,
					      0, 1), EXIT()), -EINVAL);
	ck_assert_int_eq(new_error(fd_load, ARRAY_SIZE(fd_load), maps, 2, &err), -EINVAL);
	ck_assert_has(err.message, "file descriptor 3");
	ck_assert_int_eq(new_error(bad_index, ARRAY_SIZE(bad_index), maps, 2, &err), -EINVAL);
	ck_assert_has(err.message, "map 2");
	ck_assert_int_eq(new_error(hash_value, ARRAY_SIZE(hash_value), maps, 2, &err),
			 -EINVAL);
	ck_assert_has(err.message, "'table'");
	ck_assert_int_eq(new_error(past_value, ARRAY_SIZE(past_value), maps, 2, &err),
			 -EINVAL);
	vm = new_vm(good, ARRAY_SIZE(good), maps, 2);
	ck_assert_int_eq(bpf_vm_map_find(vm, "table"), 1);
	ck_assert_int_eq(bpf_vm_map_find(vm, "nothing"), -ENOENT);
	bpf_vm_free(vm);
}
END_TEST

START_TEST(test_check_map_specs)
{
	struct bpf_map_spec ringbuf = { .name = "rb", .type = BPF_MAP_TYPE_RINGBUF,
					.key_size = 0, .value_size = 0, .max_entries = 4096 };
	struct bpf_map_spec wide_key = { .name = "a", .type = BPF_MAP_TYPE_ARRAY,
					 .key_size = 8, .value_size = 4, .max_entries = 1 };
	struct bpf_map_spec huge = { .name = "h", .type = BPF_MAP_TYPE_ARRAY, .key_size = 4,
				     .value_size = 128, .max_entries = 1 << 20 };
	struct bpf_map_spec empty = { .name = "e", .type = BPF_MAP_TYPE_HASH, .key_size = 4,
				      .value_size = 4, .max_entries = 0 };
	const struct bpf_insn prog[] = { MOV64_IMM(0, 0), EXIT() };
	struct ir_error err;

	ck_assert_int_eq(new_error(prog, 2, &ringbuf, 1, &err), -EINVAL);
	ck_assert_has(err.message, "'rb'");
	ck_assert_int_eq(new_error(prog, 2, &wide_key, 1, &err), -EINVAL);
	ck_assert_int_eq(new_error(prog, 2, &huge, 1, &err), -E2BIG);
	ck_assert_int_eq(new_error(prog, 2, &empty, 1, &err), -EINVAL);
}
END_TEST

START_TEST(test_check_program_size)
{
	size_t n = 1000001, i;
	struct bpf_insn *insns = calloc(n, sizeof(*insns));
	struct ir_error err;

	ck_assert_ptr_nonnull(insns);
	for (i = 0; i < n; i++)
		insns[i] = (struct bpf_insn)EXIT();
	ck_assert_int_eq(new_error(insns, n, NULL, 0, &err), -E2BIG);
	free(insns);
}
END_TEST

START_TEST(test_stack_bounds)
{
	struct ir_error err;

	ck_assert_int_eq(RUN_ERROR(&err, ST(BPF_DW, 10, -520, 1), MOV64_IMM(0, 0), EXIT()),
			 -EFAULT);
	ck_assert_str_eq(err.message, "instruction 0 (STDW): write of 8 bytes at stack "
			 "fp-520: outside the stack frames in use");
	ck_assert_int_eq(RUN_ERROR(&err, LDX(BPF_W, 0, 10, 0), EXIT()), -EFAULT);
	ck_assert_has(err.message, "read of 4 bytes at stack fp+0");
	/* Half inside, half above the frame. */
	ck_assert_int_eq(RUN_ERROR(&err, LDX(BPF_DW, 0, 10, -4), EXIT()), -EFAULT);
	/* A callee may not reach below its own frame. */
	ck_assert_int_eq(RUN_ERROR(&err, CALL_LOCAL(1), EXIT(), ST(BPF_B, 10, -513, 1),
				   EXIT()), -EFAULT);
	ck_assert_has(err.message, "instruction 2");
}
END_TEST

START_TEST(test_context_is_read_only_and_whole)
{
	struct ir_error err;

	ck_assert_int_eq(RUN_ERROR(&err, ST(BPF_W, 1, 0, 1), EXIT()), -EFAULT);
	ck_assert_has(err.message, "write of 4 bytes at context+0: the context is read-only");
	ck_assert_int_eq(RUN_ERROR(&err, LDX(BPF_B, 0, 1, 0), EXIT()), -EFAULT);
	ck_assert_has(err.message, "one 4-byte word");
	ck_assert_int_eq(RUN_ERROR(&err, LDX(BPF_W, 0, 1, 4), EXIT()), -EFAULT);
	ck_assert_int_eq(RUN_ERROR(&err, MOV64_IMM(2, 1),
				   ATOMIC(BPF_W, BPF_ADD, 1, 2, 0), EXIT()), -EFAULT);
}
END_TEST

START_TEST(test_pointer_escapes)
{
	static int outside;
	struct ir_error err;

	ck_assert_int_eq(RUN_ERROR(&err, MOV64_REG(2, 10), ALU64_IMM(BPF_ADD, 2, 4096),
				   LDX(BPF_W, 0, 2, 0), EXIT()), -EFAULT);
	ck_assert_int_eq(RUN_ERROR(&err, MOV64_REG(2, 10), ALU64_IMM(BPF_SUB, 2, 0x10000000),
				   LDX(BPF_W, 0, 2, 0), EXIT()), -EFAULT);
	ck_assert_int_eq(RUN_ERROR(&err, LD_IMM64(2, (uintptr_t)&outside),
				   ST(BPF_W, 2, 0, 1), EXIT()), -EFAULT);
	ck_assert_has(err.message, "not in any memory the program may use");
	ck_assert_int_eq(outside, 0);
	ck_assert_int_eq(RUN_ERROR(&err, MOV64_IMM(2, 0), LDX(BPF_DW, 0, 2, 16), EXIT()),
			 -EFAULT);
	ck_assert_has(err.message, "address 0x10, a null pointer");
	ck_assert_int_eq(RUN_ERROR(&err, MOV64_REG(2, 10), ST(BPF_DW, 10, -8, 0),
				   ALU64_IMM(BPF_ADD, 2, -14),
				   ATOMIC(BPF_DW, BPF_ADD, 2, 0, 0), EXIT()), -EFAULT);
	ck_assert_has(err.message, "misaligned");
}
END_TEST

/*
 * Issue 27: a program holds the VM's addresses, never the host's. Pointers to a map
 * value found by a lookup, to a map, to the stack, to the context and to a direct
 * value, reported as scancodes, are the same in two VMs of the same program (whose
 * host memory lies elsewhere) and after a reset; they were host heap addresses.
 */
START_TEST(test_addresses_are_the_vms)
{
	static const struct bpf_insn prog[] = {
		MOV64_REG(7, 1), ST(BPF_W, 10, -4, 0), MOV64_REG(2, 10),
		ALU64_IMM(BPF_ADD, 2, -4), LD_MAP(1, 0), CALL(BPF_FUNC_map_lookup_elem),
		MOV64_REG(6, 0),
#define REPORT(...) MOV64_REG(1, 7), MOV64_IMM(2, 64), __VA_ARGS__, MOV64_IMM(4, 0), \
		    CALL(BPF_FUNC_rc_keydown)
		REPORT(MOV64_REG(3, 6)), REPORT(LD_MAP(3, 0)), REPORT(MOV64_REG(3, 10)),
		REPORT(MOV64_REG(3, 7)), REPORT(LD_MAP_VALUE(3, 1, 4)),
#undef REPORT
		MOV64_IMM(0, 0), EXIT(),
	};
	struct bpf_map_spec maps[] = {
		{ .name = "a", .type = BPF_MAP_TYPE_ARRAY, .key_size = 4, .value_size = 8,
		  .max_entries = 4 },
		{ .name = "d", .type = BPF_MAP_TYPE_ARRAY, .key_size = 4, .value_size = 8,
		  .max_entries = 1 },
	};
	uint64_t first[5];
	struct bpf_vm *vm[2];
	void *between;
	size_t i, k;

	vm[0] = new_vm(prog, sizeof(prog) / sizeof(prog[0]), maps, 2);
	between = malloc(1 << 20);	/* the second VM's memory lies elsewhere */
	vm[1] = new_vm(prog, sizeof(prog) / sizeof(prog[0]), maps, 2);
	for (k = 0; k < 2; k++) {
		run_ok(vm[k], PULSE(100));
		bpf_vm_reset(vm[k]);
		run_ok(vm[k], PULSE(100));
		ck_assert_uint_eq(bpf_vm_event_count(vm[k]), 5);
		for (i = 0; i < 5; i++) {
			uint64_t scancode = bpf_vm_event_at(vm[k], i)->scancode;

			if (k == 0)
				first[i] = scancode;
			ck_assert_msg(scancode == first[i], "pointer %zu: 0x%llx, then 0x%llx",
				      i, (unsigned long long)first[i],
				      (unsigned long long)scancode);
		}
	}
	/* Five different places, none of them NULL. */
	for (i = 0; i < 5; i++) {
		ck_assert_uint_ne(first[i], 0);
		for (k = 0; k < i; k++)
			ck_assert_uint_ne(first[i], first[k]);
	}
	free(between);
	bpf_vm_free(vm[0]);
	bpf_vm_free(vm[1]);
}
END_TEST

START_TEST(test_budget)
{
	static const struct bpf_insn forever[] = { MOV64_IMM(0, 0), JA(-1) };
	static const struct bpf_insn five[] = {
		MOV64_IMM(0, 1), MOV64_IMM(0, 2), MOV64_IMM(0, 3), MOV64_IMM(0, 4), EXIT(),
	};
	struct ir_error err;
	struct bpf_vm *vm = new_vm(forever, ARRAY_SIZE(forever), NULL, 0);

	ck_assert_int_eq(bpf_vm_run(vm, 0, &err), -E2BIG);
	ck_assert_has(err.message, "instruction 1: more than 1000000 instructions");
	ck_assert_uint_eq(bpf_vm_last_insn_count(vm), BPF_VM_DEFAULT_INSN_BUDGET + 1);
	bpf_vm_set_insn_budget(vm, 1000);
	ck_assert_int_eq(bpf_vm_run(vm, 0, &err), -E2BIG);
	ck_assert_uint_eq(bpf_vm_last_insn_count(vm), 1001);
	bpf_vm_free(vm);

	/* Exactly the budget is fine; one instruction more is not, even without jumps. */
	vm = new_vm(five, ARRAY_SIZE(five), NULL, 0);
	bpf_vm_set_insn_budget(vm, 5);
	ck_assert_uint_eq(run_ok(vm, 0), 4);
	ck_assert_uint_eq(bpf_vm_last_insn_count(vm), 5);
	bpf_vm_set_insn_budget(vm, 4);
	ck_assert_int_eq(bpf_vm_run(vm, 0, &err), -E2BIG);
	bpf_vm_free(vm);
}
END_TEST

/*
 * A 32-bit load of the context and a conditional jump on the loaded register are run
 * by one fused handler (bpf_vm_internal.h, VM_FUSED_OPS). Whether each condition,
 * width and operand kind jumps, against the instruction set's definition: the loaded
 * word is zero-extended; an immediate is sign-extended to 64 bits; a 32-bit jump
 * compares the low 32 bits of both.
 */
static bool defined_jump(uint8_t op, bool is64, uint64_t a, uint64_t b)
{
	/* Signed views of the compared width. */
	int64_t sa = is64 ? (int64_t)a : (int64_t)(int32_t)(uint32_t)a;
	int64_t sb = is64 ? (int64_t)b : (int64_t)(int32_t)(uint32_t)b;

	if (!is64) {
		a = (uint32_t)a;
		b = (uint32_t)b;
	}

	switch (op) {
	case BPF_JEQ: return a == b;
	case BPF_JNE: return a != b;
	case BPF_JGT: return a > b;
	case BPF_JGE: return a >= b;
	case BPF_JLT: return a < b;
	case BPF_JLE: return a <= b;
	case BPF_JSGT: return sa > sb;
	case BPF_JSGE: return sa >= sb;
	case BPF_JSLT: return sa < sb;
	case BPF_JSLE: return sa <= sb;
	default: return (a & b) != 0;	/* BPF_JSET */
	}
}

START_TEST(test_fused_load_and_jump)
{
	static const uint8_t ops[] = {
		BPF_JEQ, BPF_JNE, BPF_JGT, BPF_JGE, BPF_JLT, BPF_JLE, BPF_JSGT, BPF_JSGE,
		BPF_JSLT, BPF_JSLE, BPF_JSET,
	};
	static const uint32_t samples[] = { 0, 1, 5, 0x7fffffff, 0x80000000, 0xfffffffe,
					    0xffffffff };
	static const int32_t imms[] = { 0, 1, 5, -1, -2, 0x7fffffff, INT32_MIN };
	static const uint64_t regs[] = { 0, 5, 0xffffffff, 0xffffffffffffffff,
					 0x100000005, 0x80000000, 0xfffffffe };
	size_t o, w, i, j;

	for (o = 0; o < ARRAY_SIZE(ops); o++) {
		for (w = 0; w < 2; w++) {
			uint8_t class = w ? BPF_JMP : BPF_JMP32;

			for (j = 0; j < ARRAY_SIZE(imms); j++) {
				struct bpf_insn prog[] = {
					LDX(BPF_W, 2, 1, 0),
					INSN(class | ops[o] | BPF_K, 2, 0, 2, imms[j]),
					MOV64_IMM(0, 0),
					EXIT(),
					MOV64_IMM(0, 1),
					EXIT(),
				};
				struct bpf_vm *vm = new_vm(prog, ARRAY_SIZE(prog), NULL, 0);

				for (i = 0; i < ARRAY_SIZE(samples); i++) {
					uint64_t want = defined_jump(ops[o], w, samples[i],
								   (uint64_t)(int64_t)imms[j]);

					ck_assert_msg(run_ok(vm, samples[i]) == want,
						      "op 0x%02x %s K: %u vs %d", ops[o],
						      w ? "64" : "32", samples[i], imms[j]);
					ck_assert_uint_eq(bpf_vm_last_insn_count(vm), 4);
				}
				bpf_vm_free(vm);
			}
			for (j = 0; j < ARRAY_SIZE(regs); j++) {
				struct bpf_insn prog[] = {
					LD_IMM64(3, regs[j]),
					LDX(BPF_W, 2, 1, 0),
					INSN(class | ops[o] | BPF_X, 2, 3, 2, 0),
					MOV64_IMM(0, 0),
					EXIT(),
					MOV64_IMM(0, 1),
					EXIT(),
				};
				struct bpf_vm *vm = new_vm(prog, ARRAY_SIZE(prog), NULL, 0);

				for (i = 0; i < ARRAY_SIZE(samples); i++) {
					uint64_t want = defined_jump(ops[o], w, samples[i], regs[j]);

					ck_assert_msg(run_ok(vm, samples[i]) == want,
						      "op 0x%02x %s X: %u vs 0x%llx", ops[o],
						      w ? "64" : "32", samples[i],
						      (unsigned long long)regs[j]);
					ck_assert_uint_eq(bpf_vm_last_insn_count(vm), 5);
				}
				bpf_vm_free(vm);
			}
		}
	}
}
END_TEST

/*
 * The loaded register is written before the jump reads its operands (a jump on the
 * register against itself), and a jump may land on the jump of a fused pair.
 */
START_TEST(test_fused_pair_is_two_instructions)
{
	static const struct bpf_insn self[] = {
		MOV64_IMM(2, 77),
		LDX(BPF_W, 2, 1, 0),
		JMP32_REG(BPF_JEQ, 2, 2, 1),	/* always: w2 == w2 */
		EXIT(),
		MOV64_REG(0, 2),
		EXIT(),
	};
	static const struct bpf_insn landing[] = {
		LDX(BPF_W, 2, 1, 0),
		JMP32_IMM(BPF_JGT, 2, 5, 2),	/* 1: to 4 */
		MOV64_IMM(2, 100),
		JMP_IMM(BPF_JA, 0, 0, -3),	/* back to 1, not to 0 */
		MOV64_REG(0, 2),
		EXIT(),
	};
	struct bpf_vm *vm = new_vm(self, ARRAY_SIZE(self), NULL, 0);

	ck_assert_uint_eq(run_ok(vm, 3), 3);
	bpf_vm_free(vm);

	vm = new_vm(landing, ARRAY_SIZE(landing), NULL, 0);
	/* 0, 1, 2, 3, 1, 4, 5 */
	ck_assert_uint_eq(run_ok(vm, 3), 100);
	ck_assert_uint_eq(bpf_vm_last_insn_count(vm), 7);
	/* 0, 1, 4, 5 */
	ck_assert_uint_eq(run_ok(vm, 9), 9);
	ck_assert_uint_eq(bpf_vm_last_insn_count(vm), 4);
	/* The budget is checked at the jump of the pair, and named there. */
	bpf_vm_set_insn_budget(vm, 1);
	{
		struct ir_error err = { "" };

		ck_assert_int_eq(bpf_vm_run(vm, 9, &err), -E2BIG);
		ck_assert_str_eq(err.message, "instruction 1: more than 1 instructions executed "
				 "for one sample");
		ck_assert_uint_eq(bpf_vm_last_insn_count(vm), 2);
	}
	bpf_vm_free(vm);
}
END_TEST

/*
 * A fault in the middle of a straight run: only the instructions up to the faulting one
 * count, not the rest of the run (the interpreter counts runs where they start).
 */
START_TEST(test_count_stops_mid_run)
{
	static const struct bpf_insn prog[] = {
		MOV64_IMM(0, 1),
		JMP_IMM(BPF_JEQ, 0, 2, 5),	/* not taken: a run starts at 2 */
		MOV64_IMM(3, 0),
		ALU64_IMM(BPF_ADD, 0, 1),
		LDX(BPF_DW, 4, 3, 0),		/* a null pointer: the 5th instruction */
		ALU64_IMM(BPF_ADD, 0, 1),
		ALU64_IMM(BPF_ADD, 0, 1),
		EXIT(),
	};
	struct bpf_vm *vm = new_vm(prog, ARRAY_SIZE(prog), NULL, 0);
	struct ir_error err;

	ck_assert_int_eq(bpf_vm_run(vm, 0, &err), -EFAULT);
	ck_assert_uint_eq(bpf_vm_last_insn_count(vm), 5);
	bpf_vm_free(vm);
}
END_TEST

START_TEST(test_runs_after_a_fault)
{
	/* Sample 1 writes below the stack; any other returns 7. */
	static const struct bpf_insn prog[] = {
		LDX(BPF_W, 2, 1, 0),
		MOV64_IMM(0, 7),
		JMP_IMM(BPF_JNE, 2, 1, 1),
		ST(BPF_DW, 10, -1024, 0),
		EXIT(),
	};
	struct bpf_vm *vm = new_vm(prog, ARRAY_SIZE(prog), NULL, 0);
	struct ir_error err;

	ck_assert_int_eq(bpf_vm_run(vm, 1, &err), -EFAULT);
	ck_assert_uint_eq(bpf_vm_last_insn_count(vm), 4);
	ck_assert_uint_eq(run_ok(vm, 2), 7);
	ck_assert_uint_eq(bpf_vm_last_insn_count(vm), 4);
	bpf_vm_free(vm);
}
END_TEST

/*
 * Addresses known when the program is decoded go unchecked at run time; these are the
 * cases where a register that held such an address holds another by the time of the
 * access, and the access must still be checked.
 */
START_TEST(test_known_addresses_stay_checked)
{
	struct bpf_map_spec spec = { .name = "state", .type = BPF_MAP_TYPE_ARRAY,
				     .key_size = 4, .value_size = 8, .max_entries = 1 };
	/* Sample 1 jumps to the load with r2 = 16, any other falls through with r2 = &state. */
	const struct bpf_insn joined[] = {
		LDX(BPF_W, 3, 1, 0),
		MOV64_IMM(2, 16),
		JMP_IMM(BPF_JEQ, 3, 1, 2),
		LD_MAP_VALUE(2, 0, 0),
		LDX(BPF_W, 0, 2, 4),
		EXIT(),
	};
	/* The callee overwrites r2 (r1-r5 are not preserved across calls). */
	const struct bpf_insn called[] = {
		LD_MAP_VALUE(2, 0, 0),
		CALL_LOCAL(2),
		STX(BPF_W, 2, 0, 0),
		EXIT(),
		MOV64_IMM(2, 32),
		MOV64_IMM(0, 5),
		EXIT(),
	};
	/* The state is 8 bytes: a known address 4 bytes short of its end, read as 8. */
	const struct bpf_insn straddling[] = {
		LD_MAP_VALUE(2, 0, 4), LDX(BPF_DW, 0, 2, 0), EXIT(),
	};
	/* In a callee's frame r10 - 512 is in its frame, r10 - 516 below every frame. */
	const struct bpf_insn frames[] = {
		ST(BPF_W, 10, -512, 9),
		CALL_LOCAL(2),
		LDX(BPF_W, 0, 10, -512),
		EXIT(),
		ST(BPF_W, 10, -512, 4),
		LDX(BPF_W, 0, 10, -516),
		EXIT(),
	};
	struct ir_error err;
	struct bpf_vm *vm = new_vm(joined, ARRAY_SIZE(joined), &spec, 1);

	ck_assert_uint_eq(run_ok(vm, 0), 0);
	ck_assert_uint_eq(bpf_vm_last_insn_count(vm), 6);
	ck_assert_int_eq(bpf_vm_run(vm, 1, &err), -EFAULT);
	ck_assert_has(err.message, "instruction 5 (LDXW): read of 4 bytes at address 0x14, "
		      "a null pointer");
	bpf_vm_free(vm);
	ck_assert_int_eq(run_error(called, ARRAY_SIZE(called), &spec, 1, &err), -EFAULT);
	ck_assert_has(err.message, "instruction 3 (STXW): write of 4 bytes at address 0x20");
	ck_assert_int_eq(run_error(straddling, ARRAY_SIZE(straddling), &spec, 1, &err),
			 -EFAULT);
	ck_assert_has(err.message, "instruction 2 (LDXDW): read of 8 bytes at map 'state'");
	vm = new_vm(frames, ARRAY_SIZE(frames), NULL, 0);
	ck_assert_int_eq(bpf_vm_run(vm, 0, &err), -EFAULT);
	ck_assert_has(err.message, "instruction 5 (LDXW): read of 4 bytes at stack fp-516");
	bpf_vm_free(vm);
}
END_TEST

/*
 * Constants are followed along every path to an access: a loop whose back edge moves
 * the pointer must keep its access checked (the second turn reads past the state), and
 * r6, which a local call gives back as it was, still points at the state after the
 * call, though the callee used r6 for itself and read the state through it unproven.
 */
START_TEST(test_known_addresses_across_paths)
{
	struct bpf_map_spec spec = { .name = "state", .type = BPF_MAP_TYPE_ARRAY,
				     .key_size = 4, .value_size = 8, .max_entries = 1 };
	const struct bpf_insn loop[] = {
		LD_MAP_VALUE(2, 0, 0),
		MOV64_IMM(3, 0),
		LDX(BPF_W, 0, 2, 0),
		ALU64_IMM(BPF_ADD, 2, 8),
		ALU64_IMM(BPF_ADD, 3, 1),
		JMP_IMM(BPF_JLT, 3, 2, -4),
		EXIT(),
	};
	const struct bpf_insn kept[] = {
		LD_MAP_VALUE(6, 0, 0),
		ST(BPF_W, 6, 0, 7),
		CALL_LOCAL(3),
		JMP_IMM(BPF_JEQ, 0, 99, 0),
		LDX(BPF_W, 0, 6, 0),
		EXIT(),
		LDX(BPF_W, 0, 6, 0),
		ALU64_IMM(BPF_ADD, 0, 1),
		STX(BPF_W, 6, 0, 0),
		MOV64_IMM(6, 16),
		MOV64_IMM(0, 1),
		EXIT(),
	};
	struct ir_error err;
	struct bpf_vm *vm;

	ck_assert_int_eq(run_error(loop, ARRAY_SIZE(loop), &spec, 1, &err), -EFAULT);
	ck_assert_has(err.message, "instruction 3 (LDXW): read of 4 bytes at");
	vm = new_vm(kept, ARRAY_SIZE(kept), &spec, 1);
	ck_assert_uint_eq(run_ok(vm, 0), 8);
	ck_assert_uint_eq(bpf_vm_last_insn_count(vm), 12);
	bpf_vm_free(vm);
}
END_TEST

/*
 * One program for every map operation, driven by the sample:
 * bits 16-23 the operation (1 lookup, 2 update, 3 delete), bits 8-15 the key, bits 0-7
 * the update flags. Updates store key * 1000 + flags. Lookup returns the value, or
 * (u64)-1 for NULL; update and delete return the helper's result. Map 0 is used.
 */
static const struct bpf_insn map_machine[] = {
	LDX(BPF_W, 6, 1, 0),			/* 0: r6 = sample */
	MOV64_REG(7, 6),
	ALU64_IMM(BPF_RSH, 7, 16),		/* 2: r7 = operation */
	MOV64_REG(8, 6),
	ALU64_IMM(BPF_RSH, 8, 8),
	ALU64_IMM(BPF_AND, 8, 0xff),		/* 5: r8 = key */
	MOV64_REG(9, 6),
	ALU64_IMM(BPF_AND, 9, 0xff),		/* 7: r9 = flags */
	STX(BPF_W, 10, 8, -4),			/* 8: key at fp-4 */
	MOV64_REG(3, 8),
	ALU64_IMM(BPF_MUL, 3, 1000),
	ALU64_REG(BPF_ADD, 3, 9),
	STX(BPF_DW, 10, 3, -16),		/* 12: value at fp-16 */
	LD_MAP(1, 0),				/* 13-14 */
	MOV64_REG(2, 10),
	ALU64_IMM(BPF_ADD, 2, -4),		/* 16: r2 = &key */
	MOV64_IMM(0, -2),
	JMP_IMM(BPF_JEQ, 7, 1, 3),		/* 18: -> 22 */
	JMP_IMM(BPF_JEQ, 7, 2, 8),		/* 19: -> 28 */
	JMP_IMM(BPF_JEQ, 7, 3, 12),		/* 20: -> 33 */
	EXIT(),
	CALL(BPF_FUNC_map_lookup_elem),		/* 22 */
	JMP_IMM(BPF_JEQ, 0, 0, 2),		/* 23: -> 26 */
	LDX(BPF_DW, 0, 0, 0),
	EXIT(),
	MOV64_IMM(0, -1),			/* 26 */
	EXIT(),
	MOV64_REG(3, 10),			/* 28 */
	ALU64_IMM(BPF_ADD, 3, -16),
	MOV64_REG(4, 9),
	CALL(BPF_FUNC_map_update_elem),
	EXIT(),
	CALL(BPF_FUNC_map_delete_elem),		/* 33 */
	EXIT(),
};

static int64_t map_op(struct bpf_vm *vm, unsigned int op, unsigned int key,
		      unsigned int flags)
{
	return (int64_t)run_ok(vm, op << 16 | key << 8 | flags);
}

#define LOOKUP(vm, key) map_op(vm, 1, key, 0)
#define UPDATE(vm, key, flags) map_op(vm, 2, key, flags)
#define DELETE(vm, key) map_op(vm, 3, key, 0)

START_TEST(test_hash_map)
{
	struct bpf_map_spec spec = { .name = "h", .type = BPF_MAP_TYPE_HASH, .key_size = 4,
				     .value_size = 8, .max_entries = 2 };
	struct bpf_vm *vm = new_vm(map_machine, ARRAY_SIZE(map_machine), &spec, 1);
	uint32_t key = 2;
	uint64_t value;
	struct ir_error err;

	ck_assert_int_eq(LOOKUP(vm, 1), -1);
	ck_assert_int_eq(UPDATE(vm, 1, BPF_EXIST), -ENOENT);
	ck_assert_int_eq(UPDATE(vm, 1, BPF_ANY), 0);
	ck_assert_int_eq(LOOKUP(vm, 1), 1000);
	ck_assert_int_eq(UPDATE(vm, 1, BPF_NOEXIST), -EEXIST);
	ck_assert_int_eq(UPDATE(vm, 1, BPF_EXIST), 0);
	ck_assert_int_eq(LOOKUP(vm, 1), 1002);
	ck_assert_int_eq(UPDATE(vm, 2, BPF_NOEXIST), 0);
	ck_assert_int_eq(LOOKUP(vm, 2), 2001);
	/* Full: a new key is refused, an existing one still updates. */
	ck_assert_int_eq(UPDATE(vm, 3, BPF_ANY), -E2BIG);
	ck_assert_int_eq(UPDATE(vm, 1, BPF_ANY), 0);
	ck_assert_int_eq(LOOKUP(vm, 1), 1000);
	ck_assert_int_eq(UPDATE(vm, 1, 4), -EINVAL);
	ck_assert_int_eq(DELETE(vm, 3), -ENOENT);
	ck_assert_int_eq(DELETE(vm, 1), 0);
	ck_assert_int_eq(LOOKUP(vm, 1), -1);
	ck_assert_int_eq(DELETE(vm, 1), -ENOENT);
	ck_assert_int_eq(UPDATE(vm, 3, BPF_ANY), 0);
	ck_assert_int_eq(LOOKUP(vm, 3), 3000);
	ck_assert_int_eq(LOOKUP(vm, 2), 2001);

	ck_assert_int_eq(bpf_vm_map_lookup(vm, 0, &key, &value), 0);
	ck_assert_uint_eq(value, 2001);
	key = 9;
	ck_assert_int_eq(bpf_vm_map_lookup(vm, 0, &key, &value), -ENOENT);
	value = 42;
	ck_assert_int_eq(bpf_vm_map_update(vm, 0, &key, &value, &err), -E2BIG);
	ck_assert_int_eq(bpf_vm_map_lookup(vm, 1, &key, &value), -EINVAL);

	bpf_vm_reset(vm);
	ck_assert_int_eq(LOOKUP(vm, 2), -1);
	ck_assert_int_eq(bpf_vm_map_update(vm, 0, &key, &value, &err), 0);
	ck_assert_int_eq(LOOKUP(vm, 9), 42);
	bpf_vm_free(vm);
}
END_TEST

/*
 * One program for the queue helpers, driven by the sample: bits 16-23 the operation
 * (1 push, 2 pop, 3 peek, 4 lookup), bits 8-15 the value pushed, bits 0-7 the push's
 * flags. Push returns the helper's result; pop and peek the value, or the helper's
 * negative result.
 */
static const struct bpf_insn queue_machine[] = {
	LDX(BPF_W, 6, 1, 0),			/* 0: r6 = sample */
	MOV64_REG(7, 6),
	ALU64_IMM(BPF_RSH, 7, 16),		/* 2: r7 = operation */
	MOV64_REG(8, 6),
	ALU64_IMM(BPF_RSH, 8, 8),
	ALU64_IMM(BPF_AND, 8, 0xff),		/* 5: r8 = value */
	MOV64_REG(3, 6),
	ALU64_IMM(BPF_AND, 3, 0xff),		/* 7: r3 = flags */
	STX(BPF_DW, 10, 8, -16),		/* 8: value at fp-16 */
	LD_MAP(1, 0),				/* 9-10 */
	MOV64_REG(2, 10),
	ALU64_IMM(BPF_ADD, 2, -16),		/* 12: r2 = &value */
	JMP_IMM(BPF_JEQ, 7, 1, 5),		/* 13: -> 19 */
	JMP_IMM(BPF_JEQ, 7, 2, 6),		/* 14: -> 21 */
	JMP_IMM(BPF_JEQ, 7, 3, 9),		/* 15: -> 25 */
	JMP_IMM(BPF_JEQ, 7, 4, 12),		/* 16: -> 29 */
	MOV64_IMM(0, -99),
	EXIT(),
	CALL(BPF_FUNC_map_push_elem),		/* 19 */
	EXIT(),
	CALL(BPF_FUNC_map_pop_elem),		/* 21 */
	JMP_IMM(BPF_JNE, 0, 0, 1),		/* 22: -> 24 */
	LDX(BPF_DW, 0, 10, -16),
	EXIT(),					/* 24 */
	CALL(BPF_FUNC_map_peek_elem),		/* 25 */
	JMP_IMM(BPF_JNE, 0, 0, 1),		/* 26: -> 28 */
	LDX(BPF_DW, 0, 10, -16),
	EXIT(),					/* 28 */
	CALL(BPF_FUNC_map_lookup_elem),		/* 29 */
	EXIT(),
};

#define PUSH(vm, value, flags) ((int64_t)run_ok(vm, 1 << 16 | (value) << 8 | (flags)))
#define POP(vm) ((int64_t)run_ok(vm, 2 << 16))
#define PEEK(vm) ((int64_t)run_ok(vm, 3 << 16))

START_TEST(test_queue_map)
{
	struct bpf_map_spec spec = { .name = "q", .type = BPF_MAP_TYPE_QUEUE, .key_size = 0,
				     .value_size = 8, .max_entries = 3 };
	struct bpf_vm *vm = new_vm(queue_machine, ARRAY_SIZE(queue_machine), &spec, 1);
	uint64_t value = 0;
	uint32_t key = 0;
	struct ir_error err;

	/* Empty: pop, peek and the host's pop find nothing. */
	ck_assert_int_eq(POP(vm), -ENOENT);
	ck_assert_int_eq(PEEK(vm), -ENOENT);
	ck_assert_int_eq(bpf_vm_map_pop(vm, 0, &value), -ENOENT);
	/* First in, first out; peek leaves it. */
	ck_assert_int_eq(PUSH(vm, 11, BPF_ANY), 0);
	ck_assert_int_eq(PUSH(vm, 12, BPF_ANY), 0);
	ck_assert_int_eq(PEEK(vm), 11);
	ck_assert_int_eq(POP(vm), 11);
	ck_assert_int_eq(POP(vm), 12);
	ck_assert_int_eq(POP(vm), -ENOENT);
	/* Full: refused, or with BPF_EXIST the oldest dropped; other flags refused. */
	ck_assert_int_eq(PUSH(vm, 21, BPF_ANY), 0);
	ck_assert_int_eq(PUSH(vm, 22, BPF_ANY), 0);
	ck_assert_int_eq(PUSH(vm, 23, BPF_ANY), 0);
	ck_assert_int_eq(PUSH(vm, 24, BPF_ANY), -E2BIG);
	ck_assert_int_eq(PUSH(vm, 24, BPF_NOEXIST), -EINVAL);
	ck_assert_int_eq(PUSH(vm, 24, BPF_EXIST), 0);
	/* The host pops as BPF_MAP_LOOKUP_AND_DELETE_ELEM does: the oldest left. */
	ck_assert_int_eq(bpf_vm_map_pop(vm, 0, &value), 0);
	ck_assert_uint_eq(value, 22);
	ck_assert_int_eq(POP(vm), 23);
	ck_assert_int_eq(bpf_vm_map_pop(vm, 0, &value), 0);
	ck_assert_uint_eq(value, 24);
	ck_assert_int_eq(bpf_vm_map_pop(vm, 1, &value), -EINVAL);
	/* A queue has no keys: the host cannot write one, nor look one up. */
	ck_assert_int_eq(bpf_vm_map_update(vm, 0, &key, &value, &err), -EINVAL);
	ck_assert_has(err.message, "queue");
	ck_assert_int_eq(bpf_vm_map_lookup(vm, 0, &key, &value), -ENOENT);
	/* Reset empties it. */
	ck_assert_int_eq(PUSH(vm, 31, BPF_ANY), 0);
	bpf_vm_reset(vm);
	ck_assert_int_eq(POP(vm), -ENOENT);
	/* A lookup on a queue is what the verifier refuses: the run stops. */
	ck_assert_int_eq(bpf_vm_run(vm, 4 << 16, &err), -EFAULT);
	ck_assert_has(err.message, "is a queue map");
	bpf_vm_free(vm);
}
END_TEST

START_TEST(test_queue_specs)
{
	struct bpf_map_spec keyed = { .name = "k", .type = BPF_MAP_TYPE_QUEUE, .key_size = 4,
				      .value_size = 8, .max_entries = 3 };
	struct bpf_map_spec hash = { .name = "h", .type = BPF_MAP_TYPE_HASH, .key_size = 4,
				     .value_size = 8, .max_entries = 3 };
	struct bpf_vm *vm;
	struct ir_error err;

	ck_assert_int_eq(new_error(queue_machine, ARRAY_SIZE(queue_machine), &keyed, 1, &err),
			 -EINVAL);
	ck_assert_has(err.message, "no key");
	/* The queue helpers on a map that is not a queue: what the verifier refuses. */
	vm = new_vm(queue_machine, ARRAY_SIZE(queue_machine), &hash, 1);
	ck_assert_int_eq(bpf_vm_run(vm, 1 << 16, &err), -EFAULT);
	ck_assert_has(err.message, "not a queue map");
	bpf_vm_free(vm);
}
END_TEST

START_TEST(test_array_map)
{
	uint8_t initial[8] = { 0x39, 0x05 };	/* 1337, little-endian */
	struct bpf_map_spec spec = { .name = "a", .type = BPF_MAP_TYPE_ARRAY, .key_size = 4,
				     .value_size = 8, .max_entries = 4,
				     .initial_value = initial };
	struct bpf_vm *vm = new_vm(map_machine, ARRAY_SIZE(map_machine), &spec, 1);
	uint32_t key = 3;
	uint64_t value = 77;
	struct ir_error err;

	ck_assert_int_eq(LOOKUP(vm, 0), 1337);
	ck_assert_int_eq(LOOKUP(vm, 1), 0);
	ck_assert_int_eq(LOOKUP(vm, 4), -1);
	ck_assert_int_eq(UPDATE(vm, 2, BPF_ANY), 0);
	ck_assert_int_eq(LOOKUP(vm, 2), 2000);
	ck_assert_int_eq(UPDATE(vm, 2, BPF_NOEXIST), -EEXIST);
	ck_assert_int_eq(UPDATE(vm, 2, BPF_EXIST), 0);
	ck_assert_int_eq(LOOKUP(vm, 2), 2002);
	ck_assert_int_eq(UPDATE(vm, 4, BPF_ANY), -E2BIG);
	ck_assert_int_eq(UPDATE(vm, 0, 4), -EINVAL);
	ck_assert_int_eq(DELETE(vm, 1), -EINVAL);
	ck_assert_int_eq(UPDATE(vm, 0, BPF_ANY), 0);
	ck_assert_int_eq(LOOKUP(vm, 0), 0);

	ck_assert_int_eq(bpf_vm_map_update(vm, 0, &key, &value, &err), 0);
	ck_assert_int_eq(LOOKUP(vm, 3), 77);
	key = 4;
	ck_assert_int_eq(bpf_vm_map_update(vm, 0, &key, &value, &err), -E2BIG);
	ck_assert_int_eq(bpf_vm_map_update(vm, 5, &key, &value, &err), -EINVAL);

	bpf_vm_reset(vm);
	ck_assert_int_eq(LOOKUP(vm, 0), 1337);
	ck_assert_int_eq(LOOKUP(vm, 2), 0);
	ck_assert_int_eq(LOOKUP(vm, 3), 0);
	bpf_vm_free(vm);
}
END_TEST

START_TEST(test_map_value_bounds)
{
	/* Look up element 0 of a one-element 12-byte array, then touch offset r9. */
	struct bpf_map_spec spec = { .name = "state", .type = BPF_MAP_TYPE_ARRAY,
				     .key_size = 4, .value_size = 12, .max_entries = 1 };
	const struct bpf_insn lookup[] = {
		ST(BPF_W, 10, -4, 0),
		LD_MAP(1, 0),
		MOV64_REG(2, 10),
		ALU64_IMM(BPF_ADD, 2, -4),
		CALL(BPF_FUNC_map_lookup_elem),
	};
	struct bpf_insn prog[ARRAY_SIZE(lookup) + 3];
	const struct {
		struct bpf_insn access;
		int expected;
	} cases[] = {
		{ ST(BPF_W, 0, 8, 1), 0 },
		{ ST(BPF_B, 0, 11, 1), 0 },
		{ ST(BPF_B, 0, 12, 1), -EFAULT },	/* one byte past the value */
		{ ST(BPF_W, 0, 9, 1), -EFAULT },	/* straddles the end */
		{ ST(BPF_DW, 0, 4, 1), 0 },
		{ LDX(BPF_DW, 3, 0, 8), -EFAULT },
		{ LDX(BPF_B, 3, 0, -1), -EFAULT },
	};
	struct ir_error err;
	size_t i;

	memcpy(prog, lookup, sizeof(lookup));
	prog[ARRAY_SIZE(lookup) + 1] = (struct bpf_insn)MOV64_IMM(0, 0);
	prog[ARRAY_SIZE(lookup) + 2] = (struct bpf_insn)EXIT();
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct bpf_vm *vm;

		prog[ARRAY_SIZE(lookup)] = cases[i].access;
		vm = new_vm(prog, ARRAY_SIZE(prog), &spec, 1);
		ck_assert_msg(bpf_vm_run(vm, 0, &err) == cases[i].expected, "case %zu", i);
		if (cases[i].expected)
			ck_assert_has(err.message, "map 'state'");
		bpf_vm_free(vm);
	}
	/* The lookup of a missing element gives NULL; dereferencing it faults. */
	prog[0] = (struct bpf_insn)ST(BPF_W, 10, -4, 1);
	prog[ARRAY_SIZE(lookup)] = (struct bpf_insn)LDX(BPF_W, 0, 0, 0);
	ck_assert_int_eq(run_error(prog, ARRAY_SIZE(prog), &spec, 1, &err), -EFAULT);
	ck_assert_has(err.message, "instruction 6 (LDXW): read of 4 bytes at address 0x0, "
		      "a null pointer");
}
END_TEST

START_TEST(test_read_only_maps)
{
	uint8_t rodata[16] = "constant";
	struct bpf_map_spec maps[] = {
		{ .name = ".rodata", .type = BPF_MAP_TYPE_ARRAY, .key_size = 4,
		  .value_size = 16, .max_entries = 1, .initial_value = rodata,
		  .read_only = true },
	};
	const struct bpf_insn read[] = { LD_MAP_VALUE(1, 0, 2), LDX(BPF_B, 0, 1, 0), EXIT() };
	const struct bpf_insn write[] = {
		LD_MAP_VALUE(1, 0, 2), ST(BPF_B, 1, 0, 'X'), MOV64_IMM(0, 0), EXIT(),
	};
	const struct bpf_insn update[] = {
		ST(BPF_W, 10, -4, 0), LD_MAP(1, 0), MOV64_REG(2, 10), ALU64_IMM(BPF_ADD, 2, -4),
		MOV64_REG(3, 2), MOV64_IMM(4, 0), CALL(BPF_FUNC_map_update_elem), EXIT(),
	};
	uint32_t key = 0;
	struct ir_error err;
	struct bpf_vm *vm = new_vm(read, ARRAY_SIZE(read), maps, 1);

	ck_assert_uint_eq(run_ok(vm, 0), 'n');
	ck_assert_int_eq(bpf_vm_map_update(vm, 0, &key, rodata, &err), -EPERM);
	bpf_vm_free(vm);
	ck_assert_int_eq(run_error(write, ARRAY_SIZE(write), maps, 1, &err), -EFAULT);
	ck_assert_has(err.message, "the map is read-only to the program");
	ck_assert_int_eq(run_error(update, ARRAY_SIZE(update), maps, 1, &err), -EFAULT);
	ck_assert_has(err.message, "instruction 7: bpf_map_update_elem: map '.rodata' is "
		      "read-only");
}
END_TEST

START_TEST(test_helper_pointer_arguments)
{
	struct bpf_map_spec spec = { .name = "h", .type = BPF_MAP_TYPE_HASH, .key_size = 8,
				     .value_size = 4, .max_entries = 4 };
	/* An 8-byte key of which only 4 bytes are on the stack. */
	const struct bpf_insn short_key[] = {
		LD_MAP(1, 0), MOV64_REG(2, 10), ALU64_IMM(BPF_ADD, 2, -4),
		CALL(BPF_FUNC_map_lookup_elem), EXIT(),
	};
	const struct bpf_insn not_a_map[] = {
		MOV64_REG(1, 10), MOV64_REG(2, 10), ALU64_IMM(BPF_ADD, 2, -8),
		CALL(BPF_FUNC_map_lookup_elem), EXIT(),
	};
	const struct bpf_insn not_ctx[] = {
		MOV64_REG(1, 10), CALL(BPF_FUNC_rc_repeat), EXIT(),
	};
	struct ir_error err;

	ck_assert_int_eq(run_error(short_key, ARRAY_SIZE(short_key), &spec, 1, &err), -EFAULT);
	ck_assert_has(err.message, "instruction 4: bpf_map_lookup_elem: r2 does not point to "
		      "8 readable bytes");
	ck_assert_int_eq(run_error(not_a_map, ARRAY_SIZE(not_a_map), &spec, 1, &err), -EFAULT);
	ck_assert_has(err.message, "r1 is not a map");
	ck_assert_int_eq(run_error(not_ctx, ARRAY_SIZE(not_ctx), NULL, 0, &err), -EFAULT);
	ck_assert_has(err.message, "bpf_rc_repeat: r1 is not the context");
}
END_TEST

START_TEST(test_rc_events)
{
	static const struct bpf_insn prog[] = {
		MOV64_REG(6, 1),
		MOV64_IMM(2, 64),
		LD_IMM64(3, 0x10000000f),
		MOV64_IMM(4, 1),
		CALL(BPF_FUNC_rc_keydown),
		MOV64_REG(1, 6),
		CALL(BPF_FUNC_rc_repeat),
		MOV64_REG(1, 6),
		MOV64_IMM(2, -3),
		MOV64_IMM(3, 5),
		CALL(BPF_FUNC_rc_pointer_rel),
		EXIT(),
	};
	struct bpf_vm *vm = new_vm(prog, ARRAY_SIZE(prog), NULL, 0);
	const struct bpf_vm_event *e;

	ck_assert_uint_eq(run_ok(vm, PULSE(500)), 0);
	ck_assert_uint_eq(bpf_vm_event_count(vm), 3);
	e = bpf_vm_event_at(vm, 0);
	ck_assert_int_eq(e->type, BPF_VM_EVENT_KEYDOWN);
	ck_assert_uint_eq(e->time_ns, 500000);
	ck_assert_uint_eq(e->protocol, 64);
	ck_assert_uint_eq(e->scancode, 0x10000000full);
	ck_assert_uint_eq(e->toggle, 1);
	e = bpf_vm_event_at(vm, 1);
	ck_assert_int_eq(e->type, BPF_VM_EVENT_REPEAT);
	ck_assert_uint_eq(e->time_ns, 500000);
	e = bpf_vm_event_at(vm, 2);
	ck_assert_int_eq(e->type, BPF_VM_EVENT_POINTER_REL);
	ck_assert_int_eq(e->rel_x, -3);
	ck_assert_int_eq(e->rel_y, 5);
	ck_assert_ptr_null(bpf_vm_event_at(vm, 3));

	run_ok(vm, SPACE(1500));
	ck_assert_uint_eq(bpf_vm_event_count(vm), 6);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 5)->time_ns, 2000000);
	bpf_vm_events_clear(vm);
	ck_assert_uint_eq(bpf_vm_event_count(vm), 0);
	bpf_vm_reset(vm);
	ck_assert_uint_eq(bpf_vm_clock_ns(vm), 0);
	bpf_vm_free(vm);
}
END_TEST

START_TEST(test_clock)
{
	static const struct bpf_insn ns[] = { CALL(BPF_FUNC_ktime_get_ns), EXIT() };
	static const struct bpf_insn boot_ns[] = { CALL(BPF_FUNC_ktime_get_boot_ns), EXIT() };
	struct bpf_vm *vm = new_vm(ns, ARRAY_SIZE(ns), NULL, 0);

	ck_assert_uint_eq(run_ok(vm, PULSE(100)), 100000);
	ck_assert_uint_eq(run_ok(vm, TIMEOUT(2000)), 2100000);
	/* A frequency report is no duration. */
	ck_assert_uint_eq(run_ok(vm, LIRC_MODE2_FREQUENCY | 38000), 2100000);
	ck_assert_uint_eq(run_ok(vm, SPACE(0xffffff)), 2100000 + 16777215000ull);
	ck_assert_uint_eq(bpf_vm_clock_ns(vm), 2100000 + 16777215000ull);
	bpf_vm_free(vm);
	vm = new_vm(boot_ns, ARRAY_SIZE(boot_ns), NULL, 0);
	ck_assert_uint_eq(run_ok(vm, SPACE(3)), 3000);
	bpf_vm_free(vm);
}
END_TEST

START_TEST(test_prandom)
{
	static const struct bpf_insn prog[] = { CALL(BPF_FUNC_get_prandom_u32), EXIT() };
	struct bpf_vm *a = new_vm(prog, ARRAY_SIZE(prog), NULL, 0);
	struct bpf_vm *b = new_vm(prog, ARRAY_SIZE(prog), NULL, 0);
	uint64_t first = run_ok(a, 0), second = run_ok(a, 0), third = run_ok(a, 0);

	ck_assert_uint_le(first, 0xffffffff);
	ck_assert_uint_le(second, 0xffffffff);
	ck_assert(first != second || second != third);
	/* The same sequence from every VM and after a reset. */
	ck_assert_uint_eq(run_ok(b, 0), first);
	ck_assert_uint_eq(run_ok(b, 0), second);
	bpf_vm_reset(a);
	ck_assert_uint_eq(run_ok(a, 0), first);
	bpf_vm_free(a);
	bpf_vm_free(b);
}
END_TEST

struct trace_log {
	char text[2048];
	int calls;
};

static void collect_trace(void *user, const char *message)
{
	struct trace_log *log = user;

	log->calls++;
	strncat(log->text, message, sizeof(log->text) - strlen(log->text) - 1);
}

/*
 * bpf_trace_printk(rodata + 0, fmt_size, a1, a2, a3) with fmt (and data at offset 64)
 * in a .rodata map; a pointer argument is an offset into rodata marked by PTR().
 */
#define PTR(off) (0x5054520000000000ull | (off))
#define IS_PTR(arg) (((arg) & ~0xffull) == PTR(0))

static int64_t printk(const char *fmt, uint32_t fmt_size, const char *data,
		      uint64_t a1, uint64_t a2, uint64_t a3, struct trace_log *log)
{
	uint8_t rodata[128] = { 0 };
	struct bpf_map_spec spec = { .name = ".rodata", .type = BPF_MAP_TYPE_ARRAY,
				     .key_size = 4, .value_size = sizeof(rodata),
				     .max_entries = 1, .initial_value = rodata,
				     .read_only = true };
	const uint64_t args[] = { a1, a2, a3 };
	struct bpf_insn prog[12] = {
		LD_MAP_VALUE(1, 0, 0),
		MOV64_IMM(2, (int32_t)fmt_size),
	};
	struct bpf_vm *vm;
	int64_t ret;
	size_t i;

	memcpy(rodata, fmt, strlen(fmt));
	if (data)
		memcpy(rodata + 64, data, strlen(data) + 1);
	for (i = 0; i < 3; i++) {
		struct bpf_insn imm[] = { LD_IMM64(3 + i, args[i]) };
		struct bpf_insn ptr[] = { LD_MAP_VALUE(3 + i, 0, args[i] & 0xff) };

		memcpy(&prog[3 + 2 * i], IS_PTR(args[i]) ? ptr : imm, sizeof(imm));
	}
	prog[9] = (struct bpf_insn)CALL(BPF_FUNC_trace_printk);
	prog[10] = (struct bpf_insn)EXIT();
	vm = new_vm(prog, 11, &spec, 1);
	memset(log, 0, sizeof(*log));
	bpf_vm_set_trace(vm, collect_trace, log);
	ret = (int64_t)run_ok(vm, 0);
	bpf_vm_free(vm);
	return ret;
}

START_TEST(test_trace_printk_integers)
{
	struct trace_log log;

	ck_assert_int_eq(printk("a=%d b=%u c=%x\n", 16, NULL, (uint64_t)-5, 0xffffffff, 255,
				&log), 23);
	ck_assert_str_eq(log.text, "a=-5 b=4294967295 c=ff\n");
	ck_assert_int_eq(log.calls, 1);
	printk("%ld %llu %llx", 14, NULL, (uint64_t)-5, ~0ull, 0x123456789abcull, &log);
	ck_assert_str_eq(log.text, "-5 18446744073709551615 123456789abc");
	/* int conversions take the low 32 bits. */
	printk("%d %i %X", 9, NULL, 0x100000001ull, 0xffffffff, 0xab, &log);
	ck_assert_str_eq(log.text, "1 -1 AB");
	printk("[%5d|%-5d|%05d]", 20, NULL, 42, 42, (uint64_t)-42, &log);
	ck_assert_str_eq(log.text, "[   42|42   |-0042]");
	printk("%+d % d %08lx", 20, NULL, 7, 7, 0xbeef, &log);
	ck_assert_str_eq(log.text, "+7  7 0000beef");
	printk("%c%c %% done", 16, NULL, 'o', 'k', 0, &log);
	ck_assert_str_eq(log.text, "ok % done");
}
END_TEST

START_TEST(test_trace_printk_memory)
{
	static const char ip[] = { (char)192, (char)168, 1, 2, 0 };
	struct trace_log log;

	ck_assert_int_eq(printk("s=%s!", 8, "hello", PTR(64), 0, 0, &log), 8);
	ck_assert_str_eq(log.text, "s=hello!");
	printk("[%-7s|%7s]", 16, "abc", PTR(64), PTR(64), 0, &log);
	ck_assert_str_eq(log.text, "[abc    |    abc]");
	/* An unreadable string prints as empty, as the kernel's faulting copy does. */
	printk("<%s>", 8, NULL, 16, 0, 0, &log);
	ck_assert_str_eq(log.text, "<>");
	printk("%pI4 %pi4", 16, ip, PTR(64), PTR(64), 0, &log);
	ck_assert_str_eq(log.text, "192.168.1.2 192.168.001.002");
	printk("%px", 8, NULL, 0x1234, 0, 0, &log);
	ck_assert_str_eq(log.text, "0000000000001234");
}
END_TEST

START_TEST(test_trace_printk_rejects)
{
	struct trace_log log;

	/* A fourth conversion, unknown ones, and a %s run into a letter: -EINVAL. */
	ck_assert_int_eq(printk("%d %d %d %d", 16, NULL, 1, 2, 3, &log), -EINVAL);
	ck_assert_int_eq(log.calls, 0);
	ck_assert_int_eq(printk("%hd", 8, NULL, 1, 0, 0, &log), -EINVAL);
	ck_assert_int_eq(printk("%.3d", 8, NULL, 1, 0, 0, &log), -EINVAL);
	ck_assert_int_eq(printk("%sx", 8, "a", PTR(64), 0, 0, &log), -EINVAL);
	ck_assert_int_eq(printk("%lc", 8, NULL, 'a', 0, 0, &log), -EINVAL);
	ck_assert_int_eq(printk("%", 8, NULL, 0, 0, 0, &log), -EINVAL);
	ck_assert_int_eq(printk("\x01", 8, NULL, 0, 0, 0, &log), -EINVAL);
	/* No NUL within fmt_size. */
	ck_assert_int_eq(printk("abcdef", 6, NULL, 0, 0, 0, &log), -EINVAL);
	ck_assert_int_eq(log.calls, 0);
	ck_assert_int_eq(printk("abcdef", 7, NULL, 0, 0, 0, &log), 6);
	ck_assert_int_eq(log.calls, 1);
}
END_TEST

START_TEST(test_trace_printk_bad_format_pointer)
{
	/* The format must be readable for fmt_size bytes: the kernel would not load this. */
	const struct bpf_insn prog[] = {
		MOV64_REG(1, 10), ALU64_IMM(BPF_ADD, 1, -8), ST(BPF_DW, 1, 0, 0),
		MOV64_IMM(2, 16), CALL(BPF_FUNC_trace_printk), EXIT(),
	};
	struct ir_error err;

	ck_assert_int_eq(run_error(prog, ARRAY_SIZE(prog), NULL, 0, &err), -EFAULT);
	ck_assert_has(err.message, "instruction 4: bpf_trace_printk: r1 does not point to "
		      "16 readable bytes");
}
END_TEST

/*
 * Issue 13: helpers are charged for the bytes they touch. A loop of map updates of a
 * 1 MiB value counted one instruction a call: 71,429 copies a sample within the budget
 * (1.8 CPU-s for this one sample, measured before the fix). Now each copy costs
 * 131,073 instructions (8 bytes an instruction), and the eighth call of the loop finds
 * the budget spent before copying anything.
 */
START_TEST(test_helper_charge_map_copy)
{
	static const struct bpf_insn prog[] = {
		MOV64_IMM(6, 0), ST(BPF_W, 10, -4, 0),
		/* 2: calls = map 1's value; stop if missing. */
		LD_MAP(1, 1), MOV64_REG(2, 10), ALU64_IMM(BPF_ADD, 2, -4),
		CALL(BPF_FUNC_map_lookup_elem), JMP_IMM(BPF_JEQ, 0, 0, 11),
		ALU64_IMM(BPF_ADD, 6, 1), STX(BPF_DW, 0, 6, 0),
		/* 10: map 0[0] = map 2's value, 1 MiB copied. */
		LD_MAP(1, 0), MOV64_REG(2, 10), ALU64_IMM(BPF_ADD, 2, -4),
		LD_MAP_VALUE(3, 2, 0), MOV64_IMM(4, 0), CALL(BPF_FUNC_map_update_elem),
		JA(-17),
		MOV64_IMM(0, 0), EXIT(),
	};
	struct bpf_map_spec maps[] = {
		{ .name = "big", .type = BPF_MAP_TYPE_ARRAY, .key_size = 4,
		  .value_size = 1 << 20, .max_entries = 1 },
		{ .name = "calls", .type = BPF_MAP_TYPE_ARRAY, .key_size = 4,
		  .value_size = 8, .max_entries = 1 },
		{ .name = "source", .type = BPF_MAP_TYPE_ARRAY, .key_size = 4,
		  .value_size = 1 << 20, .max_entries = 1 },
	};
	struct bpf_vm *vm = new_vm(prog, ARRAY_SIZE(prog), maps, ARRAY_SIZE(maps));
	struct ir_error err;
	uint64_t calls = 0;
	uint32_t key = 0;

	ck_assert_int_eq(bpf_vm_run(vm, 0, &err), -E2BIG);
	ck_assert_has(err.message, "instruction 17: bpf_map_update_elem: 1048580 bytes to go "
		      "through, beyond what is left of the instruction budget");
	ck_assert_int_eq(bpf_vm_map_lookup(vm, 1, &key, &calls), 0);
	/* 7 copies of 131,073 instructions and their loops fit in 1,000,000; not 8. */
	ck_assert_uint_eq(calls, 8);
	ck_assert_uint_le(bpf_vm_last_insn_count(vm), BPF_VM_DEFAULT_INSN_BUDGET);
	ck_assert_uint_ge(bpf_vm_last_insn_count(vm), 7 * 131073);
	bpf_vm_free(vm);
}
END_TEST

/*
 * A map name with a terminal escape sequence, in the VM's fault message: filtered like
 * the loader's own messages (issue 13).
 */
START_TEST(test_fault_message_filters_names)
{
	static const struct bpf_insn prog[] = {
		LD_MAP_VALUE(1, 0, 0), LDX(BPF_DW, 0, 1, 8), EXIT(),
	};
	struct bpf_map_spec spec = { .name = "evil\x1b[2J\x1b]0;owned\x07",
				     .type = BPF_MAP_TYPE_ARRAY, .key_size = 4,
				     .value_size = 8, .max_entries = 1 };
	struct ir_error err;

	ck_assert_int_eq(run_error(prog, ARRAY_SIZE(prog), &spec, 1, &err), -EFAULT);
	ck_assert_has(err.message, "map 'evil?[2J?]0;owned?' value+8");
	ck_assert_ptr_null(strchr(err.message, '\x1b'));
}
END_TEST

/* A budget for all the runs since the reset bounds a replay whatever its length. */
START_TEST(test_total_budget)
{
	static const struct bpf_insn five[] = {
		MOV64_IMM(0, 1), MOV64_IMM(0, 2), MOV64_IMM(0, 3), MOV64_IMM(0, 4), EXIT(),
	};
	struct bpf_vm *vm = new_vm(five, ARRAY_SIZE(five), NULL, 0);
	struct ir_error err;

	bpf_vm_set_total_insn_budget(vm, 12);
	run_ok(vm, 0);
	run_ok(vm, 0);
	ck_assert_int_eq(bpf_vm_run(vm, 0, &err), -E2BIG);
	ck_assert_has(err.message, "instruction 4: more than 12 instructions executed since "
		      "the start");
	ck_assert_int_eq(bpf_vm_run(vm, 0, &err), -E2BIG);
	bpf_vm_reset(vm);
	run_ok(vm, 0);
	/* The budget per sample still holds, with its own message. */
	bpf_vm_set_insn_budget(vm, 4);
	ck_assert_int_eq(bpf_vm_run(vm, 0, &err), -E2BIG);
	ck_assert_has(err.message, "more than 4 instructions executed for one sample");
	bpf_vm_free(vm);
}
END_TEST

/*
 * bpf_trace_printk("%s") of a 1 MiB element with no NUL: the string stops at 512 bytes
 * (the kernel's argument buffer) and the walk is charged; with no trace function, the
 * format is checked and nothing is read or formatted.
 */
static uint64_t printk_huge_string(bool traced, struct trace_log *log, uint64_t *ret_insns)
{
	static const char fmt[8] = "[%s]";
	static uint8_t huge[1 << 20];
	struct bpf_map_spec maps[] = {
		{ .name = ".rodata", .type = BPF_MAP_TYPE_ARRAY, .key_size = 4,
		  .value_size = sizeof(fmt), .max_entries = 1,
		  .initial_value = (uint8_t *)fmt, .read_only = true },
		{ .name = "huge", .type = BPF_MAP_TYPE_ARRAY, .key_size = 4,
		  .value_size = sizeof(huge), .max_entries = 1, .initial_value = huge },
	};
	static const struct bpf_insn prog[] = {
		LD_MAP_VALUE(1, 0, 0), MOV64_IMM(2, 5), LD_MAP_VALUE(3, 1, 0),
		CALL(BPF_FUNC_trace_printk), EXIT(),
	};
	struct bpf_vm *vm;
	uint64_t r0;

	memset(huge, 'A', sizeof(huge));
	vm = new_vm(prog, ARRAY_SIZE(prog), maps, ARRAY_SIZE(maps));
	memset(log, 0, sizeof(*log));
	if (traced)
		bpf_vm_set_trace(vm, collect_trace, log);
	r0 = run_ok(vm, 0);
	*ret_insns = bpf_vm_last_insn_count(vm);
	bpf_vm_free(vm);
	return r0;
}

START_TEST(test_trace_printk_string_bounded)
{
	struct trace_log log;
	uint64_t insns;
	size_t i;

	/* 5 instructions; the 5-byte format (1); the 512 bytes read and 514 written (129). */
	ck_assert_uint_eq(printk_huge_string(true, &log, &insns), 514);
	ck_assert_uint_eq(insns, 5 + 1 + 129);
	ck_assert_int_eq(log.calls, 1);
	ck_assert_uint_eq(strlen(log.text), 514);
	ck_assert_int_eq(log.text[0], '[');
	for (i = 1; i <= 512; i++)
		ck_assert_int_eq(log.text[i], 'A');
	ck_assert_int_eq(log.text[513], ']');

	ck_assert_uint_eq(printk_huge_string(false, &log, &insns), 0);
	ck_assert_uint_eq(insns, 5 + 1);
	ck_assert_int_eq(log.calls, 0);
}
END_TEST

/*
 * A keydown flood: 100,000 bpf_rc_keydown a sample. With a limit per run, the VM keeps
 * that many events, counts the rest as dropped, and the program goes on.
 */
static const struct bpf_insn keydown_flood[] = {
	MOV64_REG(6, 1), MOV64_IMM(7, 0),
	MOV64_REG(1, 6), MOV64_IMM(2, 64), MOV64_REG(3, 7), MOV64_IMM(4, 0),
	CALL(BPF_FUNC_rc_keydown), ALU64_IMM(BPF_ADD, 7, 1),
	JMP_IMM(BPF_JLT, 7, 100000, -7),
	MOV64_IMM(0, 0), EXIT(),
};

START_TEST(test_event_limit)
{
	struct bpf_vm *vm = new_vm(keydown_flood, ARRAY_SIZE(keydown_flood), NULL, 0);

	bpf_vm_set_event_limit(vm, 16);
	run_ok(vm, 0);
	ck_assert_uint_eq(bpf_vm_event_count(vm), 16);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 15)->scancode, 15);
	ck_assert_uint_eq(bpf_vm_events_dropped(vm), 100000 - 16);
	/* Per run: the next one keeps 16 more, whether or not the caller cleared. */
	run_ok(vm, 0);
	ck_assert_uint_eq(bpf_vm_event_count(vm), 32);
	ck_assert_uint_eq(bpf_vm_events_dropped(vm), 2 * (100000 - 16));
	bpf_vm_reset(vm);
	ck_assert_uint_eq(bpf_vm_event_count(vm), 0);
	ck_assert_uint_eq(bpf_vm_events_dropped(vm), 0);
	bpf_vm_free(vm);
}
END_TEST

START_TEST(test_article_decoder_by_hand)
{
	struct bpf_map_spec spec = { .name = "decoder_state_map", .type = BPF_MAP_TYPE_ARRAY,
				     .key_size = 4, .value_size = 8, .max_entries = 1 };
	struct bpf_vm *vm = new_vm(article_decoder, ARRAY_SIZE(article_decoder), &spec, 1);
	const struct bpf_vm_event *e;

	/*
	 * Counted by hand along the paths: 7 + 6 + 4 + 2, 7 + 7 + 4 + 2, 7 + 8 + 11 + 2,
	 * and 1 more each for the map lookup's 4-byte key (bpf_vm.h: 8 bytes an instruction).
	 */
	run_ok(vm, PULSE(500));
	ck_assert_uint_eq(bpf_vm_last_insn_count(vm), 19 + 1);
	run_ok(vm, SPACE(1500));
	ck_assert_uint_eq(bpf_vm_last_insn_count(vm), 20 + 1);
	ck_assert_uint_eq(bpf_vm_event_count(vm), 0);
	run_ok(vm, PULSE(500));
	ck_assert_uint_eq(bpf_vm_last_insn_count(vm), 28 + 1);
	ck_assert_uint_eq(bpf_vm_event_count(vm), 1);
	e = bpf_vm_event_at(vm, 0);
	ck_assert_int_eq(e->type, BPF_VM_EVENT_KEYDOWN);
	ck_assert_uint_eq(e->protocol, 64);
	ck_assert_uint_eq(e->scancode, 0xf);
	ck_assert_uint_eq(e->toggle, 0);
	ck_assert_uint_eq(e->time_ns, 2500000);
	/* A pulse of another length in the second state resets without a key. */
	run_ok(vm, PULSE(500));
	run_ok(vm, SPACE(900));
	run_ok(vm, PULSE(600));
	ck_assert_uint_eq(bpf_vm_event_count(vm), 1);
	run_ok(vm, PULSE(500));
	run_ok(vm, SPACE(900));
	run_ok(vm, PULSE(500));
	ck_assert_uint_eq(bpf_vm_event_count(vm), 2);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 1)->scancode, 9);
	bpf_vm_free(vm);
}
END_TEST

/*
 * Programs compiled by clang in the build (tests/bpf/, shared with bpf_object's tests),
 * relocated by bpf_object and run here; the expected results follow from their C source.
 */
static struct bpf_vm *vm_from_object(const char *file, const char *program,
				     const struct bpf_param_value *params, size_t count,
				     size_t *ret_insn_count)
{
	struct bpf_object *object = NULL;
	struct bpf_image *image = NULL;
	struct bpf_vm *vm = NULL;
	struct ir_error err = { "" };
	char path[4096];
	int ret;

	snprintf(path, sizeof(path), "%s/tests/bpf/%s", TOP_BUILDDIR, file);
	ret = bpf_object_open_file(path, &object, &err);
	ck_assert_msg(ret == 0, "%s: %d: %s", path, ret, err.message);
	ret = bpf_object_relocate(object, program, params, count, &image, &err);
	ck_assert_msg(ret == 0, "%s: %d: %s", path, ret, err.message);
	ret = bpf_vm_new(image, &vm, &err);
	ck_assert_msg(ret == 0, "%s: %d: %s", path, ret, err.message);
	if (ret_insn_count)
		*ret_insn_count = image->insn_count;
	bpf_image_free(image);
	bpf_object_free(object);
	return vm;
}

static void assert_keydown(const struct bpf_vm *vm, size_t index, uint32_t protocol,
			   uint64_t scancode)
{
	const struct bpf_vm_event *e = bpf_vm_event_at(vm, index);

	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(e->type, BPF_VM_EVENT_KEYDOWN);
	ck_assert_uint_eq(e->protocol, protocol);
	ck_assert_uint_eq(e->scancode, scancode);
	ck_assert_uint_eq(e->toggle, 0);
}

START_TEST(test_clang_article)
{
	static const char *const files[] = { "article_v1.o", "article_v2.o", "article.o" };
	static const uint32_t message[] = { PULSE(500), SPACE(1500), PULSE(500) };
	size_t insn_count, i;
	struct bpf_vm *vm = vm_from_object(files[_i], NULL, NULL, 0, &insn_count);

	/* The program has no loop: each instruction runs at most once per sample. */
	for (i = 0; i < ARRAY_SIZE(message); i++) {
		run_ok(vm, message[i]);
		ck_assert_uint_gt(bpf_vm_last_insn_count(vm), 0);
		ck_assert_uint_le(bpf_vm_last_insn_count(vm), insn_count);
	}
	ck_assert_uint_eq(bpf_vm_event_count(vm), 1);
	assert_keydown(vm, 0, 64, 0xf);
	ck_assert_uint_eq(bpf_vm_event_at(vm, 0)->time_ns, 2500000);
	/* The second pulse is 600 µs: back to the start, no key. */
	run_ok(vm, PULSE(500));
	run_ok(vm, SPACE(1500));
	run_ok(vm, PULSE(600));
	ck_assert_uint_eq(bpf_vm_event_count(vm), 1);
	bpf_vm_free(vm);
}
END_TEST

START_TEST(test_clang_subprograms)
{
	const struct bpf_param_value factor = { "factor", 5 };
	struct bpf_vm *vm = vm_from_object("subprog.o", NULL, NULL, 0, NULL);

	/* middle(80) + local_helper(80) = (80 * factor + 1 + 2) + (80 >> 3). */
	ck_assert_int_eq((int32_t)run_ok(vm, SPACE(80)), 253);
	bpf_vm_free(vm);
	vm = vm_from_object("subprog.o", NULL, &factor, 1, NULL);
	ck_assert_int_eq((int32_t)run_ok(vm, SPACE(80)), 413);
	bpf_vm_free(vm);
}
END_TEST

START_TEST(test_clang_global_data)
{
	const struct bpf_param_value threshold = { "threshold", 160 };
	struct bpf_vm *vm = vm_from_object("global_data.o", "lirc_mode2/count", NULL, 0,
					   NULL);

	/* total starts at 7 and grows by scale (3) for each new sample. */
	run_ok(vm, SPACE(150));
	ck_assert_uint_eq(bpf_vm_event_count(vm), 1);
	assert_keydown(vm, 0, 64, 10);
	run_ok(vm, SPACE(150));		/* the same sample again: nothing */
	run_ok(vm, PULSE(50));		/* total 13, not above the threshold */
	run_ok(vm, SPACE(200));
	ck_assert_uint_eq(bpf_vm_event_count(vm), 2);
	assert_keydown(vm, 1, 64, 16);
	/* A reset brings .data and .bss back to their initial values. */
	bpf_vm_reset(vm);
	run_ok(vm, SPACE(150));
	assert_keydown(vm, 0, 64, 10);
	bpf_vm_free(vm);

	vm = vm_from_object("global_data.o", "lirc_mode2/count", &threshold, 1, NULL);
	run_ok(vm, SPACE(150));
	run_ok(vm, SPACE(200));
	ck_assert_uint_eq(bpf_vm_event_count(vm), 1);
	assert_keydown(vm, 0, 64, 13);
	bpf_vm_free(vm);
}
END_TEST

START_TEST(test_clang_rodata_parameters)
{
	const struct bpf_param_value margin = { "margin", 1000 };
	const struct bpf_param_value wide = { "wide_param", 100 };
	const struct bpf_param_value negative = { "margin", -7 };
	struct bpf_vm *vm;

	/* A key when d > margin + small + neg + hidden (150 + 200 - 300 + 5 = 55). */
	vm = vm_from_object("rodata_params.o", "lirc_mode2/rodata", NULL, 0, NULL);
	run_ok(vm, SPACE(55));
	run_ok(vm, SPACE(56));
	ck_assert_uint_eq(bpf_vm_event_count(vm), 1);
	assert_keydown(vm, 0, 64, 56);
	bpf_vm_free(vm);
	vm = vm_from_object("rodata_params.o", "lirc_mode2/rodata", &margin, 1, NULL);
	run_ok(vm, SPACE(905));
	run_ok(vm, SPACE(906));
	ck_assert_uint_eq(bpf_vm_event_count(vm), 1);
	assert_keydown(vm, 0, 64, 906);
	bpf_vm_free(vm);
	/* ... and d < wide_param. */
	vm = vm_from_object("rodata_params.o", "lirc_mode2/rodata", &wide, 1, NULL);
	run_ok(vm, SPACE(100));
	run_ok(vm, SPACE(99));
	ck_assert_uint_eq(bpf_vm_event_count(vm), 1);
	assert_keydown(vm, 0, 64, 99);
	bpf_vm_free(vm);
	vm = vm_from_object("rodata_params.o", "lirc_mode2/exact", NULL, 0, NULL);
	ck_assert_int_eq((int32_t)run_ok(vm, 0), 150);
	bpf_vm_free(vm);
	vm = vm_from_object("rodata_params.o", "lirc_mode2/exact", &negative, 1, NULL);
	ck_assert_int_eq((int32_t)run_ok(vm, 0), -7);
	bpf_vm_free(vm);
}
END_TEST

START_TEST(test_clang_address_parameters)
{
	static const char *const files[] = { "address_params.o", "address_params_v1.o" };
	const struct bpf_param_value params[] = {
		{ "header_pulse", 4500 }, { "margin", 100 }, { "rc_protocol", 65 },
		{ "bits", 0x1234 },
	};
	struct bpf_vm *vm = vm_from_object(files[_i], NULL, NULL, 0, NULL);

	/* A key when header_pulse - margin < d < header_pulse + margin. */
	run_ok(vm, PULSE(8800));
	run_ok(vm, PULSE(9000));
	run_ok(vm, PULSE(9200));
	ck_assert_uint_eq(bpf_vm_event_count(vm), 1);
	assert_keydown(vm, 0, 64, 0);
	bpf_vm_free(vm);
	vm = vm_from_object(files[_i], NULL, params, ARRAY_SIZE(params), NULL);
	run_ok(vm, PULSE(9000));
	run_ok(vm, PULSE(4550));
	ck_assert_uint_eq(bpf_vm_event_count(vm), 1);
	assert_keydown(vm, 0, 65, 0x1234);
	bpf_vm_free(vm);
}
END_TEST

START_TEST(test_clang_legacy_maps)
{
	struct bpf_vm *vm = vm_from_object("legacy_maps.o", NULL, NULL, 0, NULL);
	int first = bpf_vm_map_find(vm, "first_map");
	int second = bpf_vm_map_find(vm, "second_map");
	uint64_t entry[2] = { 40, 0 }, sum;
	uint32_t key = 5;
	struct ir_error err;

	ck_assert_int_ge(first, 0);
	ck_assert_int_ge(second, 0);
	ck_assert_int_eq(bpf_vm_map_update(vm, (size_t)second, &key, entry, &err), 0);
	/* first_map[0] += second_map[d] when d is in second_map. */
	run_ok(vm, SPACE(5));
	run_ok(vm, SPACE(5));
	run_ok(vm, SPACE(6));
	key = 0;
	ck_assert_int_eq(bpf_vm_map_lookup(vm, (size_t)first, &key, &sum), 0);
	ck_assert_uint_eq(sum, 80);
	bpf_vm_free(vm);
}
END_TEST

START_TEST(test_clang_btf_maps)
{
	struct bpf_vm *vm = vm_from_object("btf_maps.o", NULL, NULL, 0, NULL);
	int state = bpf_vm_map_find(vm, "state_map");
	int seen = bpf_vm_map_find(vm, "seen_map");
	uint32_t key = 0, value[4] = { 0 };
	uint64_t hkey;

	ck_assert_int_ge(state, 0);
	ck_assert_int_ge(seen, 0);
	/* count++ in state_map, then seen_map[sample] = { bits, count, 0 }. */
	run_ok(vm, SPACE(7));
	run_ok(vm, SPACE(9));
	ck_assert_int_eq(bpf_vm_map_lookup(vm, (size_t)state, &key, value), 0);
	ck_assert_uint_eq(value[1], 2);
	hkey = SPACE(9);
	ck_assert_int_eq(bpf_vm_map_lookup(vm, (size_t)seen, &hkey, value), 0);
	ck_assert_uint_eq(value[0], 0);
	ck_assert_uint_eq(value[1], 2);
	ck_assert_uint_eq(value[2], 0);
	hkey = SPACE(7);
	ck_assert_int_eq(bpf_vm_map_lookup(vm, (size_t)seen, &hkey, value), 0);
	ck_assert_uint_eq(value[1], 1);
	hkey = SPACE(8);
	ck_assert_int_eq(bpf_vm_map_lookup(vm, (size_t)seen, &hkey, value), -ENOENT);
	bpf_vm_free(vm);
}
END_TEST

static Suite *bpf_vm_suite(void)
{
	Suite *s = suite_create("bpf_vm");
	TCase *tc;

	tc = tcase_create("alu");
	tcase_add_test(tc, test_alu64_arithmetic);
	tcase_add_test(tc, test_alu64_logic_and_shifts);
	tcase_add_test(tc, test_alu32_zero_extends);
	tcase_add_test(tc, test_division);
	tcase_add_test(tc, test_division_by_zero);
	tcase_add_test(tc, test_signed_division);
	tcase_add_test(tc, test_byte_swaps);
	tcase_add_test(tc, test_sign_extending_moves);
	suite_add_tcase(s, tc);

	tc = tcase_create("jumps");
	tcase_add_test(tc, test_jump_conditions);
	tcase_add_test(tc, test_jump32_conditions);
	tcase_add_test(tc, test_jump_immediates);
	tcase_add_test(tc, test_unconditional_jumps_and_counts);
	suite_add_tcase(s, tc);

	tc = tcase_create("memory");
	tcase_add_test(tc, test_loads_and_stores);
	tcase_add_test(tc, test_sign_extending_loads);
	tcase_add_test(tc, test_context_read);
	tcase_add_test(tc, test_atomics_64);
	tcase_add_test(tc, test_atomics_32);
	suite_add_tcase(s, tc);

	tc = tcase_create("calls");
	tcase_add_test(tc, test_local_calls);
	tcase_add_test(tc, test_call_depth);
	suite_add_tcase(s, tc);

	tc = tcase_create("static checks");
	tcase_add_test(tc, test_check_structure);
	tcase_add_test(tc, test_check_reserved_fields);
	tcase_add_test(tc, test_check_control_flow);
	tcase_add_test(tc, test_check_calls_and_maps);
	tcase_add_test(tc, test_check_map_specs);
	tcase_add_test(tc, test_check_program_size);
	suite_add_tcase(s, tc);

	tc = tcase_create("memory safety");
	tcase_add_test(tc, test_stack_bounds);
	tcase_add_test(tc, test_context_is_read_only_and_whole);
	tcase_add_test(tc, test_pointer_escapes);
	tcase_add_test(tc, test_addresses_are_the_vms);
	tcase_add_test(tc, test_map_value_bounds);
	tcase_add_test(tc, test_read_only_maps);
	tcase_add_test(tc, test_helper_pointer_arguments);
	tcase_add_test(tc, test_budget);
	tcase_add_test(tc, test_runs_after_a_fault);
	tcase_add_test(tc, test_count_stops_mid_run);
	tcase_add_test(tc, test_fused_load_and_jump);
	tcase_add_test(tc, test_fused_pair_is_two_instructions);
	tcase_add_test(tc, test_known_addresses_stay_checked);
	tcase_add_test(tc, test_known_addresses_across_paths);
	suite_add_tcase(s, tc);

	tc = tcase_create("maps");
	tcase_add_test(tc, test_hash_map);
	tcase_add_test(tc, test_queue_map);
	tcase_add_test(tc, test_queue_specs);
	tcase_add_test(tc, test_array_map);
	suite_add_tcase(s, tc);

	tc = tcase_create("helpers");
	tcase_add_test(tc, test_rc_events);
	tcase_add_test(tc, test_clock);
	tcase_add_test(tc, test_prandom);
	tcase_add_test(tc, test_trace_printk_integers);
	tcase_add_test(tc, test_trace_printk_memory);
	tcase_add_test(tc, test_trace_printk_rejects);
	tcase_add_test(tc, test_trace_printk_bad_format_pointer);
	suite_add_tcase(s, tc);

	tc = tcase_create("helper costs");
	tcase_add_test(tc, test_helper_charge_map_copy);
	tcase_add_test(tc, test_total_budget);
	tcase_add_test(tc, test_fault_message_filters_names);
	tcase_add_test(tc, test_trace_printk_string_bounded);
	tcase_add_test(tc, test_event_limit);
	suite_add_tcase(s, tc);

	tc = tcase_create("decoders");
	tcase_add_test(tc, test_article_decoder_by_hand);
	suite_add_tcase(s, tc);

	tc = tcase_create("clang programs");
	tcase_add_loop_test(tc, test_clang_article, 0, 3);
	tcase_add_test(tc, test_clang_subprograms);
	tcase_add_test(tc, test_clang_global_data);
	tcase_add_test(tc, test_clang_rodata_parameters);
	tcase_add_loop_test(tc, test_clang_address_parameters, 0, 2);
	tcase_add_test(tc, test_clang_legacy_maps);
	tcase_add_test(tc, test_clang_btf_maps);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = bpf_vm_suite);
