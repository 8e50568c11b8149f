// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bpf_lint on hand-assembled programs: each case breaks one rule of the kernel's
 * verifier (a register read before it is written, a map lookup's result used without
 * a NULL test, a GPL-only helper in a program of another licence) or keeps it in a way
 * the verifier accepts (a test of a copy, "!= 0", a subprogram's arguments). Then every
 * embedded decoder, which the kernel loads, must pass clean.
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
	tcase_add_test(tc, test_embedded_decoders_clean);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = bpf_lint_suite);
