// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bpf_lint on hand-assembled programs: each case breaks one rule of the kernel's
 * verifier (a register read before it is written, a map lookup's result used without
 * a NULL test, a GPL-only helper in a program of another licence, a map value read
 * past its end, a pointer used as a number, frames over 512 bytes together, a stack
 * slot read before it is written) or keeps it in a way the verifier accepts (a test of
 * a copy, "!= 0", a subprogram's arguments, a spill of a pointer). Then every embedded
 * decoder, which the kernel loads, must pass clean.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "bpf-insn.h"
#include "bpf_lint.h"
#include "bpf_object.h"
#include "decoders.h"
#include "test-main.h"

static int lint(const struct bpf_insn *insns, size_t n, const char *license,
		struct bpf_lint_finding *findings)
{
	struct bpf_image image = {
		.name = "test", .insns = (struct bpf_insn *)insns, .insn_count = n,
	};

	snprintf(image.license, sizeof(image.license), "%s", license);
	return bpf_lint_image(&image, findings);
}

#define LINT(license, findings, ...)						\
	lint((const struct bpf_insn[]){ __VA_ARGS__ },				\
	     sizeof((const struct bpf_insn[]){ __VA_ARGS__ }) / sizeof(struct bpf_insn), \
	     license, findings)

/*
 * Map 0: an array of 2 elements of 4 bytes, keys of 4 bytes; map 1: an array of one
 * 16-byte element (direct value access).
 */
static int lint_maps(const struct bpf_insn *insns, size_t n,
		     struct bpf_lint_finding *findings)
{
	struct bpf_map_spec maps[2] = {
		{ .name = "pair", .type = BPF_MAP_TYPE_ARRAY, .key_size = 4, .value_size = 4,
		  .max_entries = 2 },
		{ .name = "one", .type = BPF_MAP_TYPE_ARRAY, .key_size = 4, .value_size = 16,
		  .max_entries = 1 },
	};
	struct bpf_image image = {
		.name = "test", .license = "GPL", .insns = (struct bpf_insn *)insns,
		.insn_count = n, .maps = maps, .map_count = 2,
	};

	return bpf_lint_image(&image, findings);
}

#define LINT_MAPS(findings, ...)						\
	lint_maps((const struct bpf_insn[]){ __VA_ARGS__ },			\
		  sizeof((const struct bpf_insn[]){ __VA_ARGS__ }) / sizeof(struct bpf_insn), \
		  findings)

/* *(u32 *)(fp - 4) = 0, r2 = fp - 4, r1 = map 0, lookup: instructions 0-5. */
#define LOOKUP() ST(BPF_W, 10, -4, 0), MOV64_REG(2, 10), ALU64_IMM(BPF_ADD, 2, -4), \
		 LD_MAP(1, 0), CALL(BPF_FUNC_map_lookup_elem)

START_TEST(test_clean)
{
	struct bpf_lint_finding f[BPF_LINT_KIND_MAX];

	ck_assert_int_eq(LINT("GPL", f, MOV64_IMM(0, 0), EXIT()), 0);
	/* r1 (the context) and r10 are set at entry. */
	ck_assert_int_eq(LINT("GPL", f, LDX(BPF_W, 0, 1, 0), MOV64_REG(2, 10), EXIT()), 0);
	/* Tested with "== 0", the other path goes through it. */
	ck_assert_int_eq(LINT("GPL", f, LOOKUP(), JMP_IMM(BPF_JEQ, 0, 0, 1),
			      LDX(BPF_DW, 3, 0, 0), MOV64_IMM(0, 0), EXIT()), 0);
	/* "!= 0", and a copy tested for the original. */
	ck_assert_int_eq(LINT("Dual MIT/GPL", f, LOOKUP(), MOV64_REG(6, 0),
			      JMP_IMM(BPF_JNE, 0, 0, 2), MOV64_IMM(0, 0), EXIT(),
			      ST(BPF_DW, 6, 8, 1), MOV64_IMM(0, 0), EXIT()), 0);
	/* A subprogram reads the arguments it was given. */
	ck_assert_int_eq(LINT("GPL", f, MOV64_IMM(2, 5), CALL_LOCAL(1), EXIT(),
			      MOV64_REG(0, 2), EXIT()), 0);
	/* A GPL-only helper under a GPL-compatible licence. */
	ck_assert_int_eq(LINT("GPL v2", f, CALL(BPF_FUNC_rc_repeat), MOV64_IMM(0, 0),
			      EXIT()), 0);
}
END_TEST

START_TEST(test_uninitialised_register)
{
	struct bpf_lint_finding f[BPF_LINT_KIND_MAX];

	ck_assert_int_eq(LINT("GPL", f, MOV64_REG(0, 7), EXIT()), 1);
	ck_assert_int_eq(f[0].kind, BPF_LINT_UNINIT_REG);
	ck_assert_uint_eq(f[0].insn, 0);
	ck_assert_uint_eq(f[0].reg, 7);
	/* r0 is not set at entry: exit reads it. */
	ck_assert_int_eq(LINT("GPL", f, MOV64_IMM(1, 0), EXIT()), 1);
	ck_assert_uint_eq(f[0].insn, 1);
	ck_assert_uint_eq(f[0].reg, 0);
	/* Written on one path only. */
	ck_assert_int_eq(LINT("GPL", f, LDX(BPF_W, 2, 1, 0), JMP_IMM(BPF_JEQ, 2, 0, 1),
			      MOV64_IMM(3, 1), MOV64_REG(0, 3), EXIT()), 1);
	ck_assert_uint_eq(f[0].insn, 3);
	ck_assert_uint_eq(f[0].reg, 3);
	/* A helper call leaves r1-r5 unreadable: the second keydown's ctx is lost. */
	ck_assert_int_eq(LINT("GPL", f, MOV64_IMM(2, 1), MOV64_IMM(3, 1), MOV64_IMM(4, 0),
			      CALL(BPF_FUNC_rc_keydown), CALL(BPF_FUNC_rc_repeat), EXIT()), 1);
	ck_assert_uint_eq(f[0].insn, 4);
	ck_assert_uint_eq(f[0].reg, 1);
	/* A subprogram gets r1-r5 only: r6 is its caller's, not readable there. */
	ck_assert_int_eq(LINT("GPL", f, MOV64_IMM(6, 5), CALL_LOCAL(1), EXIT(),
			      MOV64_REG(0, 6), EXIT()), 1);
	ck_assert_uint_eq(f[0].insn, 3);
	ck_assert_uint_eq(f[0].reg, 6);
}
END_TEST

START_TEST(test_lookup_without_null_test)
{
	struct bpf_lint_finding f[BPF_LINT_KIND_MAX];
	int count;

	ck_assert_int_eq(LINT("GPL", f, LOOKUP(), LDX(BPF_DW, 3, 0, 0), MOV64_IMM(0, 0),
			      EXIT()), 1);
	ck_assert_int_eq(f[0].kind, BPF_LINT_MAYBE_NULL);
	ck_assert_uint_eq(f[0].insn, 6);
	ck_assert_uint_eq(f[0].reg, 0);
	/* Through a copy plus a constant, on the path where the test said NULL. */
	ck_assert_int_eq(LINT("GPL", f, LOOKUP(), MOV64_REG(6, 0), ALU64_IMM(BPF_ADD, 6, 8),
			      JMP_IMM(BPF_JNE, 0, 0, 1), ST(BPF_W, 6, 0, 1),
			      MOV64_IMM(0, 0), EXIT()), 1);
	ck_assert_uint_eq(f[0].insn, 9);
	ck_assert_uint_eq(f[0].reg, 6);
	/* A test of something else is no test; nor is a 32-bit one. */
	ck_assert_int_eq(LINT("GPL", f, LOOKUP(), JMP32_IMM(BPF_JEQ, 0, 0, 1),
			      LDX(BPF_DW, 3, 0, 0), MOV64_IMM(0, 0), EXIT()), 1);
	ck_assert_uint_eq(f[0].insn, 7);
	/* Two lookups' results meet at instruction 16: one test there covers both... */
	count = LINT("GPL", f, LOOKUP(), MOV64_REG(6, 0), LDX(BPF_W, 2, 10, -4),
		     JMP_IMM(BPF_JEQ, 2, 0, 7), LOOKUP(), MOV64_REG(6, 0),
		     JMP_IMM(BPF_JEQ, 6, 0, 1), LDX(BPF_DW, 3, 6, 0), MOV64_IMM(0, 0), EXIT());
	ck_assert_int_eq(count, 0);
	/* ...and without it, either may be NULL. */
	count = LINT("GPL", f, LOOKUP(), MOV64_REG(6, 0), LDX(BPF_W, 2, 10, -4),
		     JMP_IMM(BPF_JEQ, 2, 0, 7), LOOKUP(), MOV64_REG(6, 0),
		     MOV64_IMM(5, 0), LDX(BPF_DW, 3, 6, 0), MOV64_IMM(0, 0), EXIT());
	ck_assert_int_eq(count, 1);
	ck_assert_uint_eq(f[0].insn, 17);
	ck_assert_uint_eq(f[0].reg, 6);
}
END_TEST

START_TEST(test_gpl_only_helpers)
{
	struct bpf_lint_finding f[BPF_LINT_KIND_MAX];

	ck_assert_int_eq(LINT("MIT", f, MOV64_IMM(2, 64), MOV64_IMM(3, 1), MOV64_IMM(4, 0),
			      CALL(BPF_FUNC_rc_keydown), MOV64_IMM(0, 0), EXIT()), 1);
	ck_assert_int_eq(f[0].kind, BPF_LINT_GPL_ONLY);
	ck_assert_uint_eq(f[0].insn, 3);
	ck_assert_int_eq(f[0].helper, BPF_FUNC_rc_keydown);
	ck_assert_str_eq(bpf_lint_helper_name(f[0].helper), "bpf_rc_keydown");
	/* Not in a licence's list ("GPLv2" is not "GPL v2"), nor empty. */
	ck_assert_int_eq(LINT("GPLv2", f, CALL(BPF_FUNC_rc_repeat), MOV64_IMM(0, 0),
			      EXIT()), 1);
	ck_assert_int_eq(LINT("", f, CALL(BPF_FUNC_rc_pointer_rel), MOV64_IMM(0, 0),
			      EXIT()), 2);	/* and r2, r3 unwritten */
	ck_assert_int_eq(f[0].kind, BPF_LINT_UNINIT_REG);
	ck_assert_int_eq(f[1].kind, BPF_LINT_GPL_ONLY);
	ck_assert_int_eq(f[1].helper, BPF_FUNC_rc_pointer_rel);
	/* Map helpers are for every licence. */
	ck_assert_int_eq(LINT("Proprietary", f, LOOKUP(), MOV64_IMM(0, 0), EXIT()), 0);
}
END_TEST

/*
 * Issue 27: a map value read across two array elements. The VM checks that an access
 * lies inside one element; the verifier, that it lies inside the value looked up.
 */
START_TEST(test_map_value_bounds)
{
	struct bpf_lint_finding f[BPF_LINT_KIND_MAX];

	/* Element 0 of "pair" (4 bytes), then 4 bytes at offset 4: element 1. */
	ck_assert_int_eq(LINT_MAPS(f, LOOKUP(), JMP_IMM(BPF_JEQ, 0, 0, 1),
				   LDX(BPF_W, 3, 0, 4), MOV64_IMM(0, 0), EXIT()), 1);
	ck_assert_int_eq(f[0].kind, BPF_LINT_VALUE_BOUNDS);
	ck_assert_uint_eq(f[0].insn, 7);
	ck_assert_uint_eq(f[0].reg, 0);
	ck_assert_int_eq(f[0].offset, 4);
	ck_assert_uint_eq(f[0].size, 4);
	ck_assert_uint_eq(f[0].map, 0);
	/* Through a copy plus 2, 4 bytes: 2 of them past the end; and a store below 0. */
	ck_assert_int_eq(LINT_MAPS(f, LOOKUP(), JMP_IMM(BPF_JEQ, 0, 0, 3),
				   MOV64_REG(6, 0), ALU64_IMM(BPF_ADD, 6, 2), ST(BPF_W, 6, 0, 1),
				   MOV64_IMM(0, 0), EXIT()), 1);
	ck_assert_uint_eq(f[0].insn, 9);
	ck_assert_int_eq(f[0].offset, 2);
	ck_assert_int_eq(LINT_MAPS(f, LD_MAP_VALUE(2, 1, 8), ST(BPF_DW, 2, -16, 1),
				   MOV64_IMM(0, 0), EXIT()), 1);
	ck_assert_int_eq(f[0].offset, -8);
	ck_assert_uint_eq(f[0].map, 1);
	/* Inside: the whole value, the direct address's last 8 bytes. */
	ck_assert_int_eq(LINT_MAPS(f, LOOKUP(), JMP_IMM(BPF_JEQ, 0, 0, 1),
				   LDX(BPF_W, 3, 0, 0), MOV64_IMM(0, 0), EXIT()), 0);
	ck_assert_int_eq(LINT_MAPS(f, LD_MAP_VALUE(2, 1, 8), LDX(BPF_DW, 0, 2, 0), EXIT()), 0);
	/* An offset that differs between paths is not checked (no false alarm). */
	ck_assert_int_eq(LINT_MAPS(f, LD_MAP_VALUE(2, 1, 0), LDX(BPF_W, 3, 1, 0),
				   JMP_IMM(BPF_JEQ, 3, 0, 1), ALU64_IMM(BPF_ADD, 2, 12),
				   LDX(BPF_W, 0, 2, 0), EXIT()), 0);
}
END_TEST

/*
 * Issue 27: pointers used as numbers. cmpxchg with r10 as its source kept the frame
 * pointer in memory; a map pointer given to bpf_rc_keydown as the scancode printed a
 * host address.
 */
START_TEST(test_pointer_as_number)
{
	struct bpf_lint_finding f[BPF_LINT_KIND_MAX];

	ck_assert_int_eq(LINT_MAPS(f, ST(BPF_DW, 10, -8, 0), MOV64_IMM(0, 0),
				   ATOMIC(BPF_DW, BPF_CMPXCHG, 10, 10, -8), MOV64_IMM(0, 0),
				   EXIT()), 1);
	ck_assert_int_eq(f[0].kind, BPF_LINT_POINTER_VALUE);
	ck_assert_uint_eq(f[0].insn, 2);
	ck_assert_uint_eq(f[0].reg, 10);
	ck_assert_int_eq(f[0].helper, -1);
	/* The map itself as the scancode. */
	ck_assert_int_eq(LINT_MAPS(f, LD_MAP(3, 0), MOV64_IMM(2, 64), MOV64_IMM(4, 0),
				   CALL(BPF_FUNC_rc_keydown), MOV64_IMM(0, 0), EXIT()), 1);
	ck_assert_int_eq(f[0].kind, BPF_LINT_POINTER_VALUE);
	ck_assert_uint_eq(f[0].insn, 4);
	ck_assert_uint_eq(f[0].reg, 3);
	ck_assert_int_eq(f[0].helper, BPF_FUNC_rc_keydown);
	/* A copy of the frame pointer stored into a map value, the context as rel_y. */
	ck_assert_int_eq(LINT_MAPS(f, LD_MAP_VALUE(2, 1, 0), MOV64_REG(3, 10),
				   STX(BPF_DW, 2, 3, 8), MOV64_IMM(0, 0), EXIT()), 1);
	ck_assert_uint_eq(f[0].insn, 3);
	ck_assert_uint_eq(f[0].reg, 3);
	ck_assert_int_eq(LINT_MAPS(f, MOV64_IMM(2, 1), MOV64_REG(3, 1),
				   CALL(BPF_FUNC_rc_pointer_rel), MOV64_IMM(0, 0), EXIT()), 1);
	ck_assert_uint_eq(f[0].reg, 3);
	ck_assert_int_eq(f[0].helper, BPF_FUNC_rc_pointer_rel);
	/* Pointers where pointers belong: spilled to the stack, the map in r1, fp-4 as key. */
	ck_assert_int_eq(LINT_MAPS(f, STX(BPF_DW, 10, 1, -8), LOOKUP(), MOV64_IMM(0, 0),
				   EXIT()), 0);
}
END_TEST

/*
 * Issue 27: 8 frames of 512 bytes. The VM gives each frame 512 bytes; the kernel
 * gives all the frames of a chain of calls 512 together.
 */
START_TEST(test_stack_depth)
{
	struct bpf_lint_finding f[BPF_LINT_KIND_MAX];

	/* 512 bytes in the program, 8 in the subprogram it calls at instruction 1. */
	ck_assert_int_eq(LINT_MAPS(f, ST(BPF_DW, 10, -512, 0), CALL_LOCAL(2),
				   MOV64_IMM(0, 0), EXIT(), ST(BPF_DW, 10, -8, 0), MOV64_IMM(0, 0),
				   EXIT()), 1);
	ck_assert_int_eq(f[0].kind, BPF_LINT_STACK_DEPTH);
	ck_assert_uint_eq(f[0].insn, 1);
	ck_assert_uint_eq(f[0].size, 512 + 32);
	/* 256 + 256: exactly the kernel's limit; then a third frame of 8 goes past it. */
	ck_assert_int_eq(LINT_MAPS(f, ST(BPF_DW, 10, -256, 0), CALL_LOCAL(2),
				   MOV64_IMM(0, 0), EXIT(), ST(BPF_DW, 10, -256, 0),
				   MOV64_IMM(0, 0), EXIT()), 0);
	ck_assert_int_eq(LINT_MAPS(f, ST(BPF_DW, 10, -256, 0), CALL_LOCAL(2),
				   MOV64_IMM(0, 0), EXIT(), ST(BPF_DW, 10, -248, 0),
				   CALL_LOCAL(2), MOV64_IMM(0, 0), EXIT(), ST(BPF_DW, 10, -8, 0),
				   MOV64_IMM(0, 0), EXIT()), 1);
	ck_assert_uint_eq(f[0].insn, 5);
	ck_assert_uint_eq(f[0].size, 256 + 256 + 32);
	/*
	 * A subprogram that calls itself, frames of 96 bytes: the program's 32 and 5 of
	 * them are 512, the sixth goes past (at most the VM's 8 frames are followed; 7
	 * frames of 64 and the program's 32 would be 480, clean).
	 */
	ck_assert_int_eq(LINT_MAPS(f, CALL_LOCAL(1), EXIT(), ST(BPF_DW, 10, -96, 0),
				   CALL_LOCAL(-2), MOV64_IMM(0, 0), EXIT()), 1);
	ck_assert_int_eq(f[0].kind, BPF_LINT_STACK_DEPTH);
	ck_assert_uint_eq(f[0].insn, 3);
	ck_assert_uint_eq(f[0].size, 32 + 6 * 96);
	ck_assert_int_eq(LINT_MAPS(f, CALL_LOCAL(1), EXIT(), ST(BPF_DW, 10, -64, 0),
				   CALL_LOCAL(-2), MOV64_IMM(0, 0), EXIT()), 0);
}
END_TEST

/*
 * Issue 27: a stack read across samples. The VM keeps the stack from one run to the
 * next, so a program that reads fp-8 before writing it gets the last sample's value.
 */
START_TEST(test_uninitialised_stack)
{
	struct bpf_lint_finding f[BPF_LINT_KIND_MAX];

	ck_assert_int_eq(LINT_MAPS(f, LDX(BPF_DW, 0, 10, -8), EXIT()), 1);
	ck_assert_int_eq(f[0].kind, BPF_LINT_UNINIT_STACK);
	ck_assert_uint_eq(f[0].insn, 0);
	ck_assert_int_eq(f[0].offset, -8);
	ck_assert_uint_eq(f[0].size, 8);
	/* Written on one path only; then through a copy of the frame pointer. */
	ck_assert_int_eq(LINT_MAPS(f, LDX(BPF_W, 2, 1, 0), JMP_IMM(BPF_JEQ, 2, 0, 1),
				   ST(BPF_W, 10, -4, 1), LDX(BPF_W, 0, 10, -4), EXIT()), 1);
	ck_assert_uint_eq(f[0].insn, 3);
	ck_assert_int_eq(LINT_MAPS(f, ST(BPF_W, 10, -4, 1), MOV64_REG(6, 10),
				   ALU64_IMM(BPF_ADD, 6, -16), LDX(BPF_DW, 0, 6, 0), EXIT()), 1);
	ck_assert_uint_eq(f[0].insn, 3);
	ck_assert_int_eq(f[0].offset, -16);
	/* A lookup's key that was never written. */
	ck_assert_int_eq(LINT_MAPS(f, MOV64_REG(2, 10), ALU64_IMM(BPF_ADD, 2, -4),
				   LD_MAP(1, 0), CALL(BPF_FUNC_map_lookup_elem), MOV64_IMM(0, 0),
				   EXIT()), 1);
	ck_assert_uint_eq(f[0].insn, 4);
	ck_assert_int_eq(f[0].offset, -4);
	ck_assert_uint_eq(f[0].size, 4);
	/* A subprogram's frame starts unwritten, its caller's stays written. */
	ck_assert_int_eq(LINT_MAPS(f, ST(BPF_DW, 10, -8, 1), CALL_LOCAL(2),
				   LDX(BPF_DW, 0, 10, -8), EXIT(), LDX(BPF_DW, 0, 10, -8),
				   EXIT()), 1);
	ck_assert_uint_eq(f[0].insn, 4);
	/* Written, then read: clean. */
	ck_assert_int_eq(LINT_MAPS(f, ST(BPF_DW, 10, -8, 1), LDX(BPF_W, 0, 10, -4), EXIT()),
			 0);
}
END_TEST

/* Map 0: a queue of 8-byte values (BPF_MAP_TYPE_QUEUE: no key). */
static int lint_queue(const struct bpf_insn *insns, size_t n,
		      struct bpf_lint_finding *findings)
{
	struct bpf_map_spec queue = { .name = "q", .type = BPF_MAP_TYPE_QUEUE, .key_size = 0,
				      .value_size = 8, .max_entries = 4 };
	struct bpf_image image = {
		.name = "test", .license = "GPL", .insns = (struct bpf_insn *)insns,
		.insn_count = n, .maps = &queue, .map_count = 1,
	};

	return bpf_lint_image(&image, findings);
}

#define LINT_QUEUE(findings, ...)						\
	lint_queue((const struct bpf_insn[]){ __VA_ARGS__ },			\
		   sizeof((const struct bpf_insn[]){ __VA_ARGS__ }) / sizeof(struct bpf_insn), \
		   findings)

/* The queue helpers (the ac decoder's "ac_messages"): what they read and write. */
START_TEST(test_queue_helpers)
{
	struct bpf_lint_finding f[BPF_LINT_KIND_MAX];

	/* A value written, pushed: clean. */
	ck_assert_int_eq(LINT_QUEUE(f, ST(BPF_DW, 10, -8, 7), LD_MAP(1, 0), MOV64_REG(2, 10),
				    ALU64_IMM(BPF_ADD, 2, -8), MOV64_IMM(3, BPF_EXIST),
				    CALL(BPF_FUNC_map_push_elem), MOV64_IMM(0, 0), EXIT()), 0);
	/* A value never written, pushed: the push reads it. */
	ck_assert_int_eq(LINT_QUEUE(f, LD_MAP(1, 0), MOV64_REG(2, 10),
				    ALU64_IMM(BPF_ADD, 2, -8), MOV64_IMM(3, 0),
				    CALL(BPF_FUNC_map_push_elem), MOV64_IMM(0, 0), EXIT()), 1);
	ck_assert_int_eq(f[0].kind, BPF_LINT_UNINIT_STACK);
	ck_assert_uint_eq(f[0].insn, 5);
	ck_assert_int_eq(f[0].offset, -8);
	ck_assert_uint_eq(f[0].size, 8);
	/* The push's flags are a number: the map pointer there is flagged. */
	ck_assert_int_eq(LINT_QUEUE(f, ST(BPF_DW, 10, -8, 7), LD_MAP(1, 0), MOV64_REG(2, 10),
				    ALU64_IMM(BPF_ADD, 2, -8), MOV64_REG(3, 1),
				    CALL(BPF_FUNC_map_push_elem), MOV64_IMM(0, 0), EXIT()), 1);
	ck_assert_int_eq(f[0].kind, BPF_LINT_POINTER_VALUE);
	ck_assert_int_eq(f[0].helper, BPF_FUNC_map_push_elem);
	/* Pop and peek write the value: reading it after them is clean. */
	ck_assert_int_eq(LINT_QUEUE(f, LD_MAP(1, 0), MOV64_REG(2, 10), ALU64_IMM(BPF_ADD, 2, -8),
				    CALL(BPF_FUNC_map_pop_elem), LDX(BPF_DW, 0, 10, -8),
				    EXIT()), 0);
	ck_assert_int_eq(LINT_QUEUE(f, LD_MAP(1, 0), MOV64_REG(2, 10), ALU64_IMM(BPF_ADD, 2, -8),
				    CALL(BPF_FUNC_map_peek_elem), LDX(BPF_DW, 0, 10, -8),
				    EXIT()), 0);
}
END_TEST

/* The kernel loads every embedded decoder: none may be flagged. */
START_TEST(test_embedded_decoders_clean)
{
	size_t i, p;

	for (i = 0; i < decoder_count(); i++) {
		const struct decoder *decoder = decoder_at(i);
		struct bpf_lint_finding f[BPF_LINT_KIND_MAX];
		struct bpf_object *object = NULL;
		struct ir_error err;

		ck_assert_msg(bpf_object_open_memory(decoder->elf, decoder->elf_size,
						     decoder->name, &object, &err) == 0,
			      "%s", err.message);
		for (p = 0; p < bpf_object_program_count(object); p++) {
			struct bpf_image *image = NULL;
			int count;

			ck_assert_msg(bpf_object_relocate(object,
							  bpf_object_program_name(object, p),
							  NULL, 0, &image, &err) == 0,
				      "%s", err.message);
			count = bpf_lint_image(image, f);
			ck_assert_msg(count == 0, "%s: %d findings, the first kind %d at "
				      "instruction %zu", decoder->name, count, f[0].kind,
				      f[0].insn);
			bpf_image_free(image);
		}
		bpf_object_free(object);
	}
}
END_TEST

static Suite *bpf_lint_suite(void)
{
	Suite *s = suite_create("bpf_lint");
	TCase *tc = tcase_create("rules");

	tcase_add_test(tc, test_clean);
	tcase_add_test(tc, test_uninitialised_register);
	tcase_add_test(tc, test_lookup_without_null_test);
	tcase_add_test(tc, test_gpl_only_helpers);
	tcase_add_test(tc, test_map_value_bounds);
	tcase_add_test(tc, test_pointer_as_number);
	tcase_add_test(tc, test_stack_depth);
	tcase_add_test(tc, test_uninitialised_stack);
	tcase_add_test(tc, test_queue_helpers);
	tcase_add_test(tc, test_embedded_decoders_clean);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = bpf_lint_suite);
