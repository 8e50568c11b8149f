// SPDX-License-Identifier: GPL-2.0-or-later
/* bpf_kernel's pure parts: map reference rewriting, verifier logs, error messages. */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_kernel.h"
#include "bpf_kernel-private.h"
#include "test-main.h"

#define LD_IMM64(src, imm0, imm1) \
	{ .code = BPF_LD | BPF_IMM | BPF_DW, .dst_reg = 1, .src_reg = (src), .imm = (imm0) }, \
	{ .code = 0, .imm = (imm1) }

static const struct bpf_map_spec two_maps[] = {
	{ .name = ".rodata", .type = BPF_MAP_TYPE_ARRAY, .key_size = 4, .value_size = 16,
	  .max_entries = 1, .read_only = true },
	{ .name = "decoder_state", .type = BPF_MAP_TYPE_ARRAY, .key_size = 4,
	  .value_size = 8, .max_entries = 1 },
};
static const int two_fds[] = { 7, 9 };

START_TEST(test_rewrite_index_forms)
{
	struct bpf_insn insns[] = {
		LD_IMM64(BPF_PSEUDO_MAP_IDX, 1, 0),
		LD_IMM64(BPF_PSEUDO_MAP_IDX_VALUE, 0, 12),
		/* A constant whose second half looks like nothing in particular. */
		LD_IMM64(0, 0x1234, 0x5678),
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0, .imm = 1 },
		LD_IMM64(BPF_PSEUDO_MAP_IDX_VALUE, 1, 0),
		{ .code = BPF_JMP | BPF_EXIT },
	};
	/* Worked out from bpf_image.h's contract and linux/bpf.h's pseudo sources. */
	const struct bpf_insn expected[] = {
		LD_IMM64(BPF_PSEUDO_MAP_FD, 9, 0),
		LD_IMM64(BPF_PSEUDO_MAP_VALUE, 7, 12),
		LD_IMM64(0, 0x1234, 0x5678),
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0, .imm = 1 },
		LD_IMM64(BPF_PSEUDO_MAP_VALUE, 9, 0),
		{ .code = BPF_JMP | BPF_EXIT },
	};
	struct ir_error err;
	size_t n = sizeof(insns) / sizeof(insns[0]);

	ck_assert_int_eq(bpf_kernel_rewrite_map_refs(insns, n, two_maps, two_fds, 2, &err), 0);
	ck_assert_mem_eq(insns, expected, sizeof(expected));
}
END_TEST

START_TEST(test_rewrite_rejects_bad_references)
{
	struct bpf_insn out_of_range[] = { LD_IMM64(BPF_PSEUDO_MAP_IDX, 2, 0) };
	struct bpf_insn bad_offset[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K },
		LD_IMM64(BPF_PSEUDO_MAP_IDX_VALUE, 1, 8),
	};
	struct bpf_insn fd_form[] = { LD_IMM64(BPF_PSEUDO_MAP_FD, 3, 0) };
	struct bpf_insn truncated[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K },
		{ .code = BPF_LD | BPF_IMM | BPF_DW, .src_reg = BPF_PSEUDO_MAP_IDX },
	};
	struct ir_error err;

	ck_assert_int_eq(bpf_kernel_rewrite_map_refs(out_of_range, 2, two_maps, two_fds, 2, &err),
			 -EINVAL);
	ck_assert_str_eq(err.message, "instruction 0: map index 2 out of range (2 maps)");
	ck_assert_int_eq(bpf_kernel_rewrite_map_refs(bad_offset, 3, two_maps, two_fds, 2, &err),
			 -EINVAL);
	ck_assert_str_eq(err.message, "instruction 1: offset 8 outside the 8-byte value of "
			 "map \"decoder_state\"");
	ck_assert_int_eq(bpf_kernel_rewrite_map_refs(fd_form, 2, two_maps, two_fds, 2, &err),
			 -EINVAL);
	ck_assert_str_eq(err.message, "instruction 0: map reference by file descriptor, "
			 "expected a map index");
	ck_assert_int_eq(bpf_kernel_rewrite_map_refs(truncated, 2, two_maps, two_fds, 2, &err),
			 -EINVAL);
	ck_assert_str_eq(err.message, "instruction 1: ld_imm64 without its second half");
	/* No maps at all, and a NULL error, are fine. */
	ck_assert_int_eq(bpf_kernel_rewrite_map_refs(out_of_range, 2, NULL, NULL, 0, NULL),
			 -EINVAL);
}
END_TEST

/* The shape of a 4.18-era log: no register comments, a statistics line at the end. */
static const char old_log[] =
	"0: (b7) r6 = 0\n"
	"1: (63) *(u32 *)(r10 -4) = r6\n"
	"2: (bf) r2 = r10\n"
	"3: (07) r2 += -4\n"
	"4: (18) r1 = 0xffff8800a1b2c300\n"
	"6: (85) call bpf_map_lookup_elem#1\n"
	"7: (61) r1 = *(u32 *)(r0 +0)\n"
	"R0 invalid mem access 'map_value_or_null'\n"
	"processed 7 insns (limit 131072), stack depth 4\n";

/* The shape of a 6.x log: register states after "; ", statistics lines. */
static const char new_log[] =
	"func#0 @0\n"
	"0: R1=ctx() R10=fp0\n"
	"0: (61) r0 = *(u32 *)(r1 +0)          ; R0_w=scalar() R1=ctx()\n"
	"1: (61) r0 = *(u32 *)(r0 +0)\n"
	"R0 invalid mem access 'scalar'\n"
	"verification time 25 usec\n"
	"stack depth 0\n"
	"processed 2 insns (limit 1000000) max_states_per_insn 0 total_states 0 "
	"peak_states 0 mark_read 0\n"
	"\n";

START_TEST(test_log_error_line_and_instruction)
{
	char error_line[128], insn_line[64];

	bpf_kernel_log_error(old_log, error_line, sizeof(error_line), insn_line,
			     sizeof(insn_line));
	ck_assert_str_eq(error_line, "R0 invalid mem access 'map_value_or_null'");
	ck_assert_str_eq(insn_line, "7: (61) r1 = *(u32 *)(r0 +0)");
	bpf_kernel_log_error(new_log, error_line, sizeof(error_line), insn_line,
			     sizeof(insn_line));
	ck_assert_str_eq(error_line, "R0 invalid mem access 'scalar'");
	ck_assert_str_eq(insn_line, "1: (61) r0 = *(u32 *)(r0 +0)");
	/* A rejection before any instruction (the control-flow check). */
	bpf_kernel_log_error("back-edge from insn 3 to 1\nprocessed 0 insns\n", error_line,
			     sizeof(error_line), insn_line, sizeof(insn_line));
	ck_assert_str_eq(error_line, "back-edge from insn 3 to 1");
	ck_assert_str_eq(insn_line, "");
	bpf_kernel_log_error("", error_line, sizeof(error_line), insn_line, sizeof(insn_line));
	ck_assert_str_eq(error_line, "");
	ck_assert_str_eq(insn_line, "");
	/* Lines cut to the buffers. */
	bpf_kernel_log_error(old_log, error_line, 8, insn_line, 5);
	ck_assert_str_eq(error_line, "R0 inva");
	ck_assert_str_eq(insn_line, "7: (");
}
END_TEST

/* A verifier before 5.3 refuses any loop: the message names the kernel that takes it. */
START_TEST(test_rejection_messages)
{
	struct ir_error err;

	bpf_kernel_explain_rejection(&err, "lircd_raw", "back-edge from insn 40 to 12", "");
	ck_assert_str_eq(err.message, "BPF program \"lircd_raw\" has a loop, which this "
			 "kernel's verifier refuses (bounded loops need Linux 5.3 or later): "
			 "back-edge from insn 40 to 12");
	bpf_kernel_explain_rejection(&err, "foo", "R0 invalid mem access 'scalar'",
				     "1: (61) r0 = *(u32 *)(r0 +0)");
	ck_assert_str_eq(err.message, "BPF program \"foo\" rejected by the verifier: R0 "
			 "invalid mem access 'scalar' (at instruction 1: (61) r0 = *(u32 *)(r0 +0))");
	bpf_kernel_explain_rejection(&err, "foo", "unreachable insn 5", "");
	ck_assert_str_eq(err.message, "BPF program \"foo\" rejected by the verifier: "
			 "unreachable insn 5");
}
END_TEST

START_TEST(test_log_tail)
{
	char tail[512];

	/* The last 3 lines, extended back to the instruction at "7:". */
	bpf_kernel_log_tail(old_log, 2, tail, sizeof(tail));
	ck_assert_str_eq(tail, "7: (61) r1 = *(u32 *)(r0 +0)\n"
			 "R0 invalid mem access 'map_value_or_null'\n"
			 "processed 7 insns (limit 131072), stack depth 4\n");
	/* min_lines reaches further back than the instruction: it wins. */
	bpf_kernel_log_tail(old_log, 4, tail, sizeof(tail));
	ck_assert_str_eq(tail, "6: (85) call bpf_map_lookup_elem#1\n"
			 "7: (61) r1 = *(u32 *)(r0 +0)\n"
			 "R0 invalid mem access 'map_value_or_null'\n"
			 "processed 7 insns (limit 131072), stack depth 4\n");
	/* Blank lines are dropped; the register comment stays in the tail. */
	bpf_kernel_log_tail(new_log, 1, tail, sizeof(tail));
	ck_assert_str_eq(tail, "1: (61) r0 = *(u32 *)(r0 +0)\n"
			 "R0 invalid mem access 'scalar'\n"
			 "verification time 25 usec\n"
			 "stack depth 0\n"
			 "processed 2 insns (limit 1000000) max_states_per_insn 0 total_states 0 "
			 "peak_states 0 mark_read 0\n");
	/* Too small a buffer keeps the last whole lines that fit. */
	bpf_kernel_log_tail(old_log, 2, tail, 91);
	ck_assert_str_eq(tail, "R0 invalid mem access 'map_value_or_null'\n"
			 "processed 7 insns (limit 131072), stack depth 4\n");
	bpf_kernel_log_tail(old_log, 2, tail, 10);
	ck_assert_str_eq(tail, "");
	bpf_kernel_log_tail(NULL, 2, tail, sizeof(tail));
	ck_assert_str_eq(tail, "");
}
END_TEST

START_TEST(test_explain_messages)
{
	struct ir_error err;

	bpf_kernel_explain(&err, BPF_KERNEL_OP_ATTACH, "nec", E2BIG, false);
	ck_assert_str_eq(err.message, "attaching BPF program \"nec\": the device already has "
			 "64 BPF programs attached, the kernel's limit");
	bpf_kernel_explain(&err, BPF_KERNEL_OP_ATTACH, "nec", EPERM, true);
	ck_assert_str_eq(err.message, "attaching BPF program \"nec\": the LIRC device was "
			 "opened read-only; attaching and detaching programs needs it "
			 "opened read-write");
	bpf_kernel_explain(&err, BPF_KERNEL_OP_ATTACH, "nec", EPERM, false);
	ck_assert_str_eq(err.message, "attaching BPF program \"nec\": permission denied; BPF "
			 "decoders need root (CAP_BPF or CAP_SYS_ADMIN)");
	bpf_kernel_explain(&err, BPF_KERNEL_OP_LOAD, "rc_mm", EPERM, false);
	ck_assert_str_eq(err.message, "loading BPF program \"rc_mm\": permission denied; BPF "
			 "decoders need root (CAP_BPF or CAP_SYS_ADMIN)");
	bpf_kernel_explain(&err, BPF_KERNEL_OP_LOAD, "rc_mm", EINVAL, false);
	ck_assert_str_eq(err.message, "loading BPF program \"rc_mm\": the kernel does not "
			 "support LIRC_MODE2 BPF programs (CONFIG_BPF_LIRC_MODE2), or "
			 "rejected the program's attributes");
	bpf_kernel_explain(&err, BPF_KERNEL_OP_QUERY, NULL, EINVAL, false);
	ck_assert_str_eq(err.message, "listing the BPF programs of the LIRC device: not a "
			 "LIRC device, or the kernel lacks LIRC_MODE2 BPF support "
			 "(CONFIG_BPF_LIRC_MODE2)");
	/* A read-only descriptor is fine for a query: EPERM there is about privileges. */
	bpf_kernel_explain(&err, BPF_KERNEL_OP_QUERY, NULL, EPERM, true);
	ck_assert_str_eq(err.message, "listing the BPF programs of the LIRC device: "
			 "permission denied; BPF decoders need root (CAP_BPF or "
			 "CAP_SYS_ADMIN)");
	bpf_kernel_explain(&err, BPF_KERNEL_OP_DETACH, "42", ENOENT, false);
	ck_assert_str_eq(err.message, "detaching BPF program 42: the program is not attached "
			 "to this device");
	bpf_kernel_explain(&err, BPF_KERNEL_OP_MAP_UPDATE, ".rodata", EPERM, false);
	ck_assert_str_eq(err.message, "writing to BPF map \".rodata\": the map is read-only");
	/* Anything else is the system's own words. */
	bpf_kernel_explain(&err, BPF_KERNEL_OP_MAP_CREATE, "state", ENOMEM, false);
	ck_assert_str_eq(err.message, "creating BPF map \"state\": Cannot allocate memory");
	bpf_kernel_explain(NULL, BPF_KERNEL_OP_LOAD, "x", EPERM, false);
}
END_TEST

START_TEST(test_object_names)
{
	char name[BPF_KERNEL_NAME_MAX];
	char tiny[4];

	bpf_kernel_object_name("rc-mm", name, sizeof(name));
	ck_assert_str_eq(name, "rc_mm");
	bpf_kernel_object_name(".rodata", name, sizeof(name));
	ck_assert_str_eq(name, ".rodata");
	bpf_kernel_object_name("lirc_mode2/nec", name, sizeof(name));
	ck_assert_str_eq(name, "lirc_mode2_nec");
	bpf_kernel_object_name("pulse_distance_decoder", name, sizeof(name));
	ck_assert_str_eq(name, "pulse_distance_");
	bpf_kernel_object_name("manchester", tiny, sizeof(tiny));
	ck_assert_str_eq(tiny, "man");
	bpf_kernel_object_name(NULL, name, sizeof(name));
	ck_assert_str_eq(name, "");
}
END_TEST

static Suite *bpf_kernel_suite(void)
{
	Suite *s = suite_create("bpf_kernel");
	TCase *tc;

	tc = tcase_create("rewrite");
	tcase_add_test(tc, test_rewrite_index_forms);
	tcase_add_test(tc, test_rewrite_rejects_bad_references);
	suite_add_tcase(s, tc);

	tc = tcase_create("verifier log");
	tcase_add_test(tc, test_log_error_line_and_instruction);
	tcase_add_test(tc, test_rejection_messages);
	tcase_add_test(tc, test_log_tail);
	suite_add_tcase(s, tc);

	tc = tcase_create("messages");
	tcase_add_test(tc, test_explain_messages);
	tcase_add_test(tc, test_object_names);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = bpf_kernel_suite);
