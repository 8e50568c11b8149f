// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bpf_kernel against the running kernel: maps, loads, verifier logs, program info.
 *
 * The host may have no rc-core, so the programs here are socket filters (loaded through
 * bpf_kernel_load_type(), the same path as LIRC_MODE2 loads) and are run with
 * BPF_PROG_TEST_RUN to prove that the rewritten map references reach the right maps.
 * Attaching to a real LIRC device is the qemu tests' job (tests/vm). Skipped (77) when
 * bpf(2) is not permitted.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>

#include "bpf_kernel.h"
#include "bpf_kernel-private.h"
#include "test-main.h"

#define LD_IMM64(dst, src, imm0, imm1) \
	{ .code = BPF_LD | BPF_IMM | BPF_DW, .dst_reg = (dst), .src_reg = (src), \
	  .imm = (imm0) }, \
	{ .code = 0, .imm = (imm1) }

/* .rodata holds 0x01020304 at offset 4 (little endian), "state" holds 0x10. */
static uint8_t rodata_value[16] = { 0, 0, 0, 0, 0x04, 0x03, 0x02, 0x01 };
static uint8_t state_value[4] = { 0x10, 0, 0, 0 };

/* r0 = *(u32 *)(.rodata + 4) + *(u32 *)(state + 0) */
static struct bpf_insn sum_insns[] = {
	LD_IMM64(1, BPF_PSEUDO_MAP_IDX_VALUE, 0, 4),
	{ .code = BPF_LDX | BPF_MEM | BPF_W, .dst_reg = 0, .src_reg = 1, .off = 0 },
	LD_IMM64(2, BPF_PSEUDO_MAP_IDX_VALUE, 1, 0),
	{ .code = BPF_LDX | BPF_MEM | BPF_W, .dst_reg = 3, .src_reg = 2, .off = 0 },
	{ .code = BPF_ALU64 | BPF_ADD | BPF_X, .dst_reg = 0, .src_reg = 3 },
	{ .code = BPF_JMP | BPF_EXIT },
};

static struct bpf_map_spec sum_maps[] = {
	{ .name = ".rodata", .type = BPF_MAP_TYPE_ARRAY, .key_size = 4, .value_size = 16,
	  .max_entries = 1, .initial_value = rodata_value, .read_only = true },
	{ .name = "state", .type = BPF_MAP_TYPE_ARRAY, .key_size = 4, .value_size = 4,
	  .max_entries = 1, .initial_value = state_value },
};

static const struct bpf_image sum_image = {
	.name = "sum", .license = "GPL",
	.insns = sum_insns, .insn_count = sizeof(sum_insns) / sizeof(sum_insns[0]),
	.maps = sum_maps, .map_count = 2,
};

static uint32_t run_once(int prog_fd)
{
	uint8_t packet[64] = { 0 };
	LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = packet, .data_size_in = sizeof(packet),
		    .repeat = 1);

	ck_assert_int_eq(bpf_prog_test_run_opts(prog_fd, &opts), 0);
	return opts.retval;
}

START_TEST(test_maps_created_and_referenced)
{
	struct bpf_kernel_program *program;
	struct bpf_map_info info;
	uint32_t len = sizeof(info), key = 0, value = 0x20;
	uint8_t read_back[16];
	struct ir_error err;
	char tail[1024] = "unchanged";

	ck_assert_int_eq(bpf_kernel_load_type(&sum_image, BPF_PROG_TYPE_SOCKET_FILTER, 0, tail,
					      sizeof(tail), &program, &err), 0);
	ck_assert_str_eq(tail, "");
	ck_assert_str_eq(bpf_kernel_program_name(program), "sum");
	ck_assert_uint_eq(bpf_kernel_program_map_count(program), 2);
	ck_assert_int_eq(bpf_kernel_program_map_fd(program, 2), -ENOENT);
	ck_assert_uint_ne(bpf_kernel_program_id(program), 0);

	/* 0x01020304 + 0x10 */
	ck_assert_uint_eq(run_once(bpf_kernel_program_fd(program)), 0x01020314);
	ck_assert_int_eq(bpf_kernel_map_update(program, 1, &key, &value, &err), 0);
	ck_assert_uint_eq(run_once(bpf_kernel_program_fd(program)), 0x01020324);

	/* .rodata: initial value written, read-only for programs, and frozen. */
	ck_assert_int_eq(bpf_map_lookup_elem(bpf_kernel_program_map_fd(program, 0), &key,
					     read_back), 0);
	ck_assert_mem_eq(read_back, rodata_value, sizeof(rodata_value));
	memset(&info, 0, sizeof(info));
	ck_assert_int_eq(bpf_obj_get_info_by_fd(bpf_kernel_program_map_fd(program, 0), &info,
						&len), 0);
	ck_assert_uint_eq(info.map_flags & BPF_F_RDONLY_PROG, BPF_F_RDONLY_PROG);
	ck_assert_str_eq(info.name, ".rodata");
	ck_assert_uint_eq(info.value_size, 16);
	ck_assert_int_eq(bpf_kernel_map_update(program, 0, &key, rodata_value, &err), -EPERM);
	ck_assert_str_eq(err.message, "writing to BPF map \"0\": the map is read-only");
	ck_assert_int_eq(bpf_kernel_map_update(program, 5, &key, &value, &err), -ENOENT);
	ck_assert_str_eq(err.message, "BPF program \"sum\" has no map 5");
	bpf_kernel_program_free(program);
}
END_TEST

START_TEST(test_program_info)
{
	struct bpf_kernel_program *program;
	struct bpf_kernel_prog_info info;
	struct ir_error err;

	ck_assert_int_eq(bpf_kernel_load_type(&sum_image, BPF_PROG_TYPE_SOCKET_FILTER, 0, NULL,
					      0, &program, &err), 0);
	ck_assert_int_eq(bpf_kernel_prog_info_by_id(bpf_kernel_program_id(program), &info,
						    &err), 0);
	ck_assert_uint_eq(info.id, bpf_kernel_program_id(program));
	ck_assert_str_eq(info.name, "sum");
	ck_assert_uint_eq(info.type, BPF_PROG_TYPE_SOCKET_FILTER);
	/* 8 instruction slots; the verifier walks 6 instructions (ld_imm64 counts once). */
	ck_assert_uint_eq(info.xlated_insns, 8);
	if (info.has_verified_insns)
		ck_assert_uint_eq(info.verified_insns, 6);
	bpf_kernel_program_free(program);

	ck_assert_int_eq(bpf_kernel_prog_info_by_id(UINT32_MAX, &info, &err), -ENOENT);
	ck_assert_str_eq(err.message, "reading BPF program 4294967295: no such program");
}
END_TEST

START_TEST(test_run_statistics)
{
	struct bpf_kernel_program *program;
	struct bpf_kernel_prog_info info;
	struct ir_error err;
	int stats_fd, i;

	stats_fd = bpf_kernel_enable_stats(&err);
	if (stats_fd == -EINVAL)
		return;	/* a kernel before 5.8: nothing to check */
	ck_assert_int_ge(stats_fd, 0);
	ck_assert_int_eq(bpf_kernel_load_type(&sum_image, BPF_PROG_TYPE_SOCKET_FILTER, 0, NULL,
					      0, &program, &err), 0);
	for (i = 0; i < 3; i++)
		run_once(bpf_kernel_program_fd(program));
	ck_assert_int_eq(bpf_kernel_prog_info_by_id(bpf_kernel_program_id(program), &info,
						    &err), 0);
	ck_assert_uint_eq(info.run_cnt, 3);
	ck_assert_uint_gt(info.run_time_ns, 0);
	bpf_kernel_program_free(program);
	close(stats_fd);
}
END_TEST

START_TEST(test_verifier_rejection)
{
	/* Dereferences a scalar: the verifier's classic refusal. */
	struct bpf_insn insns[] = {
		{ .code = BPF_LDX | BPF_MEM | BPF_W, .dst_reg = 0, .src_reg = 1 },
		{ .code = BPF_LDX | BPF_MEM | BPF_W, .dst_reg = 0, .src_reg = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	const struct bpf_image image = {
		.name = "bad", .license = "GPL", .insns = insns, .insn_count = 3,
	};
	static const char prefix[] = "BPF program \"bad\" rejected by the verifier: R0 ";
	static const char insn[] = "(at instruction 1: (61) r0 = *(u32 *)(r0 +0))";
	struct bpf_kernel_program *program = NULL;
	struct ir_error err;
	char tail[1024];
	size_t len;

	ck_assert_int_eq(bpf_kernel_load_type(&image, BPF_PROG_TYPE_SOCKET_FILTER, 0, tail,
					      sizeof(tail), &program, &err), -EACCES);
	ck_assert_ptr_null(program);
	/* The wording of the reason varies between kernels ('inv', 'scalar'). */
	ck_assert_msg(!strncmp(err.message, prefix, strlen(prefix)), "%s", err.message);
	len = strlen(err.message);
	ck_assert_uint_gt(len, strlen(insn));
	ck_assert_str_eq(err.message + len - strlen(insn), insn);
	ck_assert_ptr_nonnull(strstr(tail, "1: (61) r0 = *(u32 *)(r0 +0)\nR0 "));
}
END_TEST

START_TEST(test_lirc_mode2_load)
{
	struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	const struct bpf_image image = {
		.name = "empty", .license = "GPL", .insns = insns, .insn_count = 2,
	};
	struct bpf_kernel_program *program = NULL;
	struct ir_error err;
	char tail[256];
	int ret;

	ret = bpf_kernel_load(&image, tail, sizeof(tail), &program, &err);
	if (ret == 0) {
		/* A kernel with rc-core: the program is a LIRC_MODE2 one. */
		struct bpf_kernel_prog_info info;

		ck_assert_int_eq(bpf_kernel_prog_info_by_id(bpf_kernel_program_id(program),
							    &info, &err), 0);
		ck_assert_uint_eq(info.type, BPF_PROG_TYPE_LIRC_MODE2);
		bpf_kernel_program_free(program);
		return;
	}
	ck_assert_int_eq(ret, -EINVAL);
	ck_assert_str_eq(err.message, "loading BPF program \"empty\": the kernel does not "
			 "support LIRC_MODE2 BPF programs (CONFIG_BPF_LIRC_MODE2), or rejected "
			 "the program's attributes");
	ck_assert_str_eq(tail, "");
}
END_TEST

START_TEST(test_query_on_a_file_that_is_not_lirc)
{
	struct ir_error err;
	uint32_t ids[4];
	size_t count = 99;
	int fd = open("/dev/null", O_RDWR | O_CLOEXEC);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(bpf_kernel_query(fd, ids, 4, &count, &err), -EINVAL);
	ck_assert_uint_eq(count, 99);
	ck_assert_str_eq(err.message, "listing the BPF programs of the LIRC device: not a LIRC "
			 "device, or the kernel lacks LIRC_MODE2 BPF support "
			 "(CONFIG_BPF_LIRC_MODE2)");
	close(fd);
}
END_TEST

START_TEST(test_map_creation_failure_leaves_nothing)
{
	struct bpf_map_spec maps[] = {
		{ .name = "ok", .type = BPF_MAP_TYPE_ARRAY, .key_size = 4, .value_size = 4,
		  .max_entries = 1 },
		{ .name = "bad", .type = BPF_MAP_TYPE_ARRAY, .key_size = 4, .value_size = 4,
		  .max_entries = 0 },
	};
	const struct bpf_image image = {
		.name = "x", .license = "GPL", .insns = sum_insns, .insn_count = 8,
		.maps = maps, .map_count = 2,
	};
	struct bpf_kernel_program *program = NULL;
	struct ir_error err;
	int before, after;

	/* The lowest free descriptor shows whether the first map's fd was closed. */
	before = dup(0);
	close(before);
	ck_assert_int_eq(bpf_kernel_load_type(&image, BPF_PROG_TYPE_SOCKET_FILTER, 0, NULL, 0,
					      &program, &err), -EINVAL);
	ck_assert_str_eq(err.message, "creating BPF map \"bad\": Invalid argument");
	ck_assert_ptr_null(program);
	after = dup(0);
	close(after);
	ck_assert_int_eq(after, before);
}
END_TEST

START_TEST(test_attach_to_a_file_that_is_not_lirc)
{
	static const char hint[] = "not a LIRC device, or the kernel lacks LIRC_MODE2 BPF "
				   "support (CONFIG_BPF_LIRC_MODE2)";
	struct bpf_kernel_program *program;
	struct ir_error err;
	char expected[256];
	int fd = open("/dev/null", O_RDWR | O_CLOEXEC);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(bpf_kernel_load_type(&sum_image, BPF_PROG_TYPE_SOCKET_FILTER, 0, NULL,
					      0, &program, &err), 0);
	ck_assert_int_eq(bpf_kernel_attach(fd, program, &err), -EINVAL);
	snprintf(expected, sizeof(expected), "attaching BPF program \"sum\": %s", hint);
	ck_assert_str_eq(err.message, expected);
	ck_assert_int_eq(bpf_kernel_detach(fd, program, &err), -EINVAL);
	snprintf(expected, sizeof(expected), "detaching BPF program sum: %s", hint);
	ck_assert_str_eq(err.message, expected);
	ck_assert_int_eq(bpf_kernel_detach_id(fd, bpf_kernel_program_id(program), &err),
			 -EINVAL);
	snprintf(expected, sizeof(expected), "detaching BPF program %u: %s",
		 bpf_kernel_program_id(program), hint);
	ck_assert_str_eq(err.message, expected);
	ck_assert_int_eq(bpf_kernel_detach_id(fd, UINT32_MAX, &err), -ENOENT);
	ck_assert_str_eq(err.message, "detaching BPF program 4294967295: no such program");
	bpf_kernel_program_free(program);
	close(fd);
}
END_TEST

static Suite *bpf_kernel_live_suite(void)
{
	Suite *s = suite_create("bpf_kernel_live");
	TCase *tc;

	tc = tcase_create("maps");
	tcase_add_test(tc, test_maps_created_and_referenced);
	tcase_add_test(tc, test_map_creation_failure_leaves_nothing);
	suite_add_tcase(s, tc);

	tc = tcase_create("programs");
	tcase_add_test(tc, test_program_info);
	tcase_add_test(tc, test_run_statistics);
	tcase_add_test(tc, test_verifier_rejection);
	tcase_add_test(tc, test_lirc_mode2_load);
	tcase_add_test(tc, test_query_on_a_file_that_is_not_lirc);
	tcase_add_test(tc, test_attach_to_a_file_that_is_not_lirc);
	suite_add_tcase(s, tc);
	return s;
}

static int probe_bpf(void)
{
	int probe = bpf_map_create(BPF_MAP_TYPE_ARRAY, NULL, 4, 4, 1, NULL);

	if (probe < 0)
		return UNIT_TEST_SKIP;	/* bpf(2) not permitted here (not root, or a sandbox) */
	close(probe);
	return 0;
}

UNIT_TEST(.suite = bpf_kernel_live_suite, .setup = probe_bpf);
