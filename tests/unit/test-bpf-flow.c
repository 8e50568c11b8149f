// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bpf_flow on hand-assembled instructions: each case loads an address with ld_imm64
 * at instruction 0 and uses it in one way; the expected classification and the
 * instruction that decides it follow from the verifier's rules for pointers.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdlib.h>

#include "bpf_flow.h"
#include "test-main.h"

#define LD_IMM64(dst) \
	{ .code = BPF_LD | BPF_IMM | BPF_DW, .dst_reg = (dst) }, { .code = 0 }
#define MOV64_REG(dst, src) { .code = BPF_ALU64 | BPF_MOV | BPF_X, .dst_reg = (dst), .src_reg = (src) }
#define MOV64_IMM(dst, k) { .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = (dst), .imm = (k) }
#define ALU32_IMM(op, dst, k) { .code = BPF_ALU | (op) | BPF_K, .dst_reg = (dst), .imm = (k) }
#define ALU64_IMM(op, dst, k) { .code = BPF_ALU64 | (op) | BPF_K, .dst_reg = (dst), .imm = (k) }
#define ALU64_REG(op, dst, src) { .code = BPF_ALU64 | (op) | BPF_X, .dst_reg = (dst), .src_reg = (src) }
#define LDX(size, dst, src, o) { .code = BPF_LDX | BPF_MEM | (size), .dst_reg = (dst), .src_reg = (src), .off = (o) }
#define STX(size, dst, src, o) { .code = BPF_STX | BPF_MEM | (size), .dst_reg = (dst), .src_reg = (src), .off = (o) }
#define JEQ_IMM(dst, k, o) { .code = BPF_JMP | BPF_JEQ | BPF_K, .dst_reg = (dst), .imm = (k), .off = (o) }
#define JEQ32_IMM(dst, k, o) { .code = BPF_JMP32 | BPF_JEQ | BPF_K, .dst_reg = (dst), .imm = (k), .off = (o) }
#define JA(o) { .code = BPF_JMP | BPF_JA, .off = (o) }
#define CALL_HELPER(id) { .code = BPF_JMP | BPF_CALL, .imm = (id) }
#define CALL_PSEUDO(rel) { .code = BPF_JMP | BPF_CALL, .src_reg = BPF_PSEUDO_CALL, .imm = (rel) }
#define EXIT { .code = BPF_JMP | BPF_EXIT }

/* Calls are relative to their own section, as clang writes them without relocation. */
static int resolve_relative(void *user, size_t section, size_t insn, size_t *ret_section,
			    size_t *ret_insn)
{
	const struct bpf_flow_code *code = user;
	int64_t target = (int64_t)insn + 1 + code[section].insns[insn].imm;

	*ret_section = section;
	*ret_insn = (size_t)target;
	return target >= 0 ? 0 : -EINVAL;
}

static struct bpf_flow_result classify(const struct bpf_insn *insns, size_t count)
{
	struct bpf_flow_code code = { insns, count };
	struct bpf_flow_result result;
	struct bpf_flow *flow = bpf_flow_new();

	ck_assert_ptr_nonnull(flow);
	bpf_flow_classify(flow, &code, 1, resolve_relative, &code, 0, 0, &result);
	bpf_flow_free(flow);
	return result;
}

#define CLASSIFY(insns) classify(insns, sizeof(insns) / sizeof(insns[0]))

static void expect_memory(struct bpf_flow_result r, size_t insn)
{
	ck_assert_uint_eq(r.uses, BPF_FLOW_USE_MEMORY);
	ck_assert_uint_eq(r.memory_insn, insn);
	ck_assert(!r.incomplete);
}

static void expect_value(struct bpf_flow_result r, size_t insn)
{
	ck_assert_uint_eq(r.uses, BPF_FLOW_USE_VALUE);
	ck_assert_uint_eq(r.value_insn, insn);
	ck_assert(!r.incomplete);
}

START_TEST(test_dereference_is_memory)
{
	const struct bpf_insn insns[] = {
		LD_IMM64(1),
		LDX(BPF_W, 0, 1, 0),
		EXIT,
	};

	expect_memory(CLASSIFY(insns), 2);
}
END_TEST

START_TEST(test_alu32_is_value)
{
	const struct bpf_insn insns[] = {
		LD_IMM64(1),
		ALU32_IMM(BPF_ADD, 1, 1),
		EXIT,
	};

	expect_value(CLASSIFY(insns), 2);
}
END_TEST

START_TEST(test_shift_is_value)
{
	/* what clang -mcpu=v1 emits to truncate (int)&x */
	const struct bpf_insn insns[] = {
		LD_IMM64(3),
		ALU64_IMM(BPF_LSH, 3, 32),
		ALU64_IMM(BPF_RSH, 3, 32),
		EXIT,
	};

	expect_value(CLASSIFY(insns), 2);
}
END_TEST

START_TEST(test_copy_then_store)
{
	const struct bpf_insn insns[] = {
		LD_IMM64(1),
		MOV64_REG(2, 1),
		MOV64_IMM(1, 0),
		STX(BPF_W, 2, 1, 0),	/* *(u32 *)(r2 + 0) = r1 */
		EXIT,
	};

	expect_memory(CLASSIFY(insns), 4);
}
END_TEST

START_TEST(test_pointer_plus_constant_stays_pointer)
{
	const struct bpf_insn insns[] = {
		LD_IMM64(1),
		ALU64_IMM(BPF_ADD, 1, 8),
		LDX(BPF_DW, 0, 1, 0),
		EXIT,
	};

	expect_memory(CLASSIFY(insns), 3);
}
END_TEST

START_TEST(test_number_minus_address_is_value)
{
	const struct bpf_insn insns[] = {
		LD_IMM64(1),
		MOV64_IMM(2, 5),
		ALU64_REG(BPF_SUB, 2, 1),	/* r2 -= r1 */
		EXIT,
	};

	expect_value(CLASSIFY(insns), 3);
}
END_TEST

START_TEST(test_number_plus_address_is_followed)
{
	/* r2 += r1 makes r2 the pointer, whose dereference decides */
	const struct bpf_insn insns[] = {
		LD_IMM64(1),
		MOV64_IMM(2, 4),
		ALU64_REG(BPF_ADD, 2, 1),
		MOV64_IMM(1, 0),
		LDX(BPF_B, 0, 2, 0),
		EXIT,
	};

	expect_memory(CLASSIFY(insns), 5);
}
END_TEST

START_TEST(test_spill_and_fill)
{
	const struct bpf_insn insns[] = {
		LD_IMM64(1),
		STX(BPF_DW, 10, 1, -16),	/* spill */
		MOV64_IMM(1, 0),
		LDX(BPF_DW, 4, 10, -16),	/* fill */
		ALU32_IMM(BPF_AND, 4, 0xff),
		EXIT,
	};

	expect_value(CLASSIFY(insns), 5);
}
END_TEST

START_TEST(test_overwritten_spill_is_forgotten)
{
	const struct bpf_insn insns[] = {
		LD_IMM64(1),
		STX(BPF_DW, 10, 1, -16),
		MOV64_IMM(1, 0),
		STX(BPF_DW, 10, 1, -16),	/* the slot now holds 0 */
		LDX(BPF_DW, 4, 10, -16),
		LDX(BPF_W, 0, 4, 0),
		EXIT,
	};
	struct bpf_flow_result r = CLASSIFY(insns);

	ck_assert_uint_eq(r.uses, 0);
}
END_TEST

START_TEST(test_narrow_store_is_value)
{
	const struct bpf_insn insns[] = {
		LD_IMM64(1),
		STX(BPF_W, 10, 1, -4),		/* *(u32 *)(r10 - 4) = r1: a truncated address */
		EXIT,
	};

	expect_value(CLASSIFY(insns), 2);
}
END_TEST

START_TEST(test_helper_arguments)
{
	/* bpf_rc_keydown(ctx, protocol, ...): protocol is a number */
	const struct bpf_insn keydown[] = {
		LD_IMM64(2),
		CALL_HELPER(78),
		EXIT,
	};
	/* bpf_map_lookup_elem(map, key): key is a pointer */
	const struct bpf_insn lookup[] = {
		LD_IMM64(2),
		CALL_HELPER(1),
		EXIT,
	};
	/* an unknown helper decides nothing, and clobbers r1-r5 */
	const struct bpf_insn unknown[] = {
		LD_IMM64(2),
		CALL_HELPER(5),
		LDX(BPF_W, 0, 2, 0),
		EXIT,
	};

	expect_value(CLASSIFY(keydown), 2);
	expect_memory(CLASSIFY(lookup), 2);
	ck_assert_uint_eq(CLASSIFY(unknown).uses, 0);
}
END_TEST

START_TEST(test_callee_saved_register_survives_call)
{
	const struct bpf_insn insns[] = {
		LD_IMM64(6),
		CALL_HELPER(5),
		LDX(BPF_W, 0, 6, 0),
		EXIT,
	};

	expect_memory(CLASSIFY(insns), 3);
}
END_TEST

START_TEST(test_argument_followed_into_subprogram)
{
	const struct bpf_insn insns[] = {
		LD_IMM64(1),
		CALL_PSEUDO(1),			/* to insn 4 */
		EXIT,
		ALU32_IMM(BPF_MOV, 0, 0),	/* the callee overwrites r0 only */
		MOV64_REG(2, 1),
		ALU32_IMM(BPF_XOR, 2, 1),	/* and uses its argument as a number */
		EXIT,
	};

	expect_value(CLASSIFY(insns), 6);
}
END_TEST

START_TEST(test_both_paths_followed)
{
	const struct bpf_insn insns[] = {
		LD_IMM64(1),
		JEQ_IMM(2, 0, 2),		/* taken: to insn 5 */
		ALU32_IMM(BPF_ADD, 1, 1),	/* fall through: a number */
		EXIT,
		LDX(BPF_W, 0, 1, 0),		/* taken: memory */
		EXIT,
	};
	struct bpf_flow_result r = CLASSIFY(insns);

	ck_assert_uint_eq(r.uses, BPF_FLOW_USE_MEMORY | BPF_FLOW_USE_VALUE);
	ck_assert_uint_eq(r.value_insn, 3);
	ck_assert_uint_eq(r.memory_insn, 5);
}
END_TEST

START_TEST(test_jmp32_compare_is_value)
{
	const struct bpf_insn insns[] = {
		LD_IMM64(1),
		JEQ32_IMM(1, 200, 0),
		EXIT,
	};

	expect_value(CLASSIFY(insns), 2);
}
END_TEST

START_TEST(test_loops_and_wild_jumps_end)
{
	const struct bpf_insn loop[] = {
		LD_IMM64(1),
		JA(-1),				/* to itself, forever */
	};
	const struct bpf_insn wild[] = {
		LD_IMM64(1),
		JA(1000),
		EXIT,
	};
	struct bpf_flow_result r = CLASSIFY(loop);

	ck_assert_uint_eq(r.uses, 0);
	ck_assert(!r.incomplete);
	r = CLASSIFY(wild);
	ck_assert_uint_eq(r.uses, 0);
}
END_TEST

START_TEST(test_state_budget)
{
	/*
	 * 16 branches, each spilling the address to its own stack slot on one side:
	 * 2^16 combinations of slots, more than the analysis follows.
	 */
	struct bpf_insn insns[2 + 2 * 16 + 1] = { LD_IMM64(1) };
	size_t i, n = 2;

	for (i = 0; i < 16; i++) {
		insns[n++] = (struct bpf_insn)JEQ_IMM(9, (int32_t)i, 1);
		insns[n++] = (struct bpf_insn)STX(BPF_DW, 10, 1, (int16_t)(-8 * (int)(i + 1)));
	}
	insns[n++] = (struct bpf_insn)EXIT;
	ck_assert(classify(insns, n).incomplete);
}
END_TEST

START_TEST(test_many_states_within_budget)
{
	/*
	 * 9 branches as above, then a dereference: 2^9 slot combinations at its
	 * instruction alone, well past the table's first size (256 entries, kept half
	 * full) and within the budget of 4096 states: the analysis grows its table and
	 * still finds the one use on every path.
	 */
	struct bpf_insn insns[2 + 2 * 9 + 2] = { LD_IMM64(1) };
	struct bpf_flow_result r;
	size_t i, n = 2;

	for (i = 0; i < 9; i++) {
		insns[n++] = (struct bpf_insn)JEQ_IMM(9, (int32_t)i, 1);
		insns[n++] = (struct bpf_insn)STX(BPF_DW, 10, 1, (int16_t)(-8 * (int)(i + 1)));
	}
	insns[n++] = (struct bpf_insn)LDX(BPF_DW, 0, 1, 0);
	insns[n++] = (struct bpf_insn)EXIT;
	r = classify(insns, n);
	ck_assert(!r.incomplete);
	expect_memory(r, n - 2);
}
END_TEST

START_TEST(test_not_an_ld_imm64)
{
	const struct bpf_insn insns[] = {
		MOV64_IMM(1, 0),
		LDX(BPF_W, 0, 1, 0),
		EXIT,
	};

	ck_assert_uint_eq(CLASSIFY(insns).uses, 0);
}
END_TEST

static Suite *bpf_flow_suite(void)
{
	Suite *s = suite_create("bpf_flow");
	TCase *tc;

	tc = tcase_create("uses");
	tcase_add_test(tc, test_dereference_is_memory);
	tcase_add_test(tc, test_alu32_is_value);
	tcase_add_test(tc, test_shift_is_value);
	tcase_add_test(tc, test_copy_then_store);
	tcase_add_test(tc, test_pointer_plus_constant_stays_pointer);
	tcase_add_test(tc, test_number_minus_address_is_value);
	tcase_add_test(tc, test_number_plus_address_is_followed);
	tcase_add_test(tc, test_narrow_store_is_value);
	tcase_add_test(tc, test_helper_arguments);
	tcase_add_test(tc, test_jmp32_compare_is_value);
	suite_add_tcase(s, tc);

	tc = tcase_create("paths");
	tcase_add_test(tc, test_spill_and_fill);
	tcase_add_test(tc, test_overwritten_spill_is_forgotten);
	tcase_add_test(tc, test_callee_saved_register_survives_call);
	tcase_add_test(tc, test_argument_followed_into_subprogram);
	tcase_add_test(tc, test_both_paths_followed);
	tcase_add_test(tc, test_loops_and_wild_jumps_end);
	tcase_add_test(tc, test_state_budget);
	tcase_add_test(tc, test_many_states_within_budget);
	tcase_add_test(tc, test_not_an_ld_imm64);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = bpf_flow_suite);
