// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz target: any bytes as a BPF ELF object. An object bpf_object_open_memory()
 * accepts has named programs and parameters of 1, 2, 4 or 8 bytes, each found again by
 * name; every program relocates into an image whose map references and calls stay in
 * bounds (or fails with a message), a value just outside a parameter's size is -ERANGE,
 * and the image then goes through bpf_vm_new() and a few samples in the VM.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "bpf_object.h"
#include "bpf_vm.h"
#include "fuzz.h"

#define NAME "fuzz.o"
#define VM_SAMPLES 4
#define VM_BUDGET 10000

static bool is_ld_imm64(const struct bpf_insn *insn)
{
	return insn->code == (BPF_LD | BPF_IMM | BPF_DW);
}

/* bpf_image.h's forms: map indices below map_count, calls inside the program. */
static void check_image(const struct bpf_image *image)
{
	size_t i;

	FUZZ_ASSERT(image->insn_count >= 1 && image->insns, "%zu instructions",
		    image->insn_count);
	FUZZ_ASSERT(memchr(image->name, '\0', sizeof(image->name)) &&
		    memchr(image->license, '\0', sizeof(image->license)), "names");
	for (i = 0; i < image->map_count; i++) {
		const struct bpf_map_spec *spec = &image->maps[i];

		FUZZ_ASSERT(memchr(spec->name, '\0', sizeof(spec->name)), "map %zu name", i);
	}
	for (i = 0; i < image->insn_count; i++) {
		const struct bpf_insn *insn = &image->insns[i];

		if (is_ld_imm64(insn) && (insn->src_reg == BPF_PSEUDO_MAP_IDX ||
					  insn->src_reg == BPF_PSEUDO_MAP_IDX_VALUE)) {
			FUZZ_ASSERT(i + 1 < image->insn_count, "ld_imm64 at the end");
			FUZZ_ASSERT(insn->imm >= 0 && (size_t)insn->imm < image->map_count,
				    "insn %zu: map %d of %zu", i, insn->imm, image->map_count);
			if (insn->src_reg == BPF_PSEUDO_MAP_IDX_VALUE)
				FUZZ_ASSERT((uint32_t)insn[1].imm <
					    image->maps[insn->imm].value_size,
					    "insn %zu: offset %d in a value of %u", i, insn[1].imm,
					    image->maps[insn->imm].value_size);
		}
		if (insn->code == (BPF_JMP | BPF_CALL) && insn->src_reg == BPF_PSEUDO_CALL) {
			int64_t target = (int64_t)i + 1 + insn->imm;

			FUZZ_ASSERT(target >= 0 && target < (int64_t)image->insn_count,
				    "insn %zu: call to %" PRId64, i, target);
		}
		if (is_ld_imm64(insn))
			i++;
	}
}

static void run_in_vm(const struct bpf_image *image)
{
	static const uint32_t samples[VM_SAMPLES] = {
		/* +9000 -4500 +560, timeout 125000 */
		0x01002328, 0x00001194, 0x01000230, 0x0301e848,
	};
	struct ir_error err = { "" };
	struct bpf_vm *vm = NULL;
	size_t i;
	int ret;

	ret = bpf_vm_new(image, &vm, &err);
	if (ret < 0) {
		FUZZ_ASSERT(ret == -EINVAL || ret == -ENOSYS || ret == -E2BIG || ret == -ENOMEM,
			    "bpf_vm_new: %d", ret);
		FUZZ_ASSERT(err.message[0], "bpf_vm_new: %d without a message", ret);
		return;
	}
	bpf_vm_set_insn_budget(vm, VM_BUDGET);
	for (i = 0; i < VM_SAMPLES; i++) {
		ret = bpf_vm_run(vm, samples[i], &err);
		FUZZ_ASSERT(ret == 0 || ret == -EFAULT || ret == -E2BIG || ret == -ENOMEM,
			    "bpf_vm_run: %d (%s)", ret, err.message);
		/* The budget is checked at jumps, calls and exits: straight code may pass it. */
		FUZZ_ASSERT(bpf_vm_last_insn_count(vm) <= VM_BUDGET + image->insn_count + 1,
			    "%" PRIu64 " instructions", bpf_vm_last_insn_count(vm));
	}
	bpf_vm_free(vm);
}

static void check_relocate(const struct bpf_object *object, const char *program)
{
	struct bpf_image *image = (struct bpf_image *)&image;
	struct ir_error err = { "" };
	int ret;

	ret = bpf_object_relocate(object, program, NULL, 0, &image, &err);
	if (ret < 0) {
		FUZZ_ASSERT(ret == -EINVAL || ret == -E2BIG || ret == -ENOMEM,
			    "relocate '%s': %d", program, ret);
		FUZZ_ASSERT(image == (struct bpf_image *)&image, "image set on failure");
		FUZZ_ASSERT(strncmp(err.message, NAME ":", strlen(NAME ":")) == 0,
			    "message '%s'", err.message);
		return;
	}
	check_image(image);
	run_in_vm(image);
	bpf_image_free(image);
}

/* Values just outside the parameter's size are refused. */
static void check_param(const struct bpf_object *object, size_t index, const char *program)
{
	const char *name = bpf_object_param_name(object, index);
	unsigned int size = bpf_object_param_size(object, index);
	struct bpf_param_value value = { .name = name };
	struct bpf_image *image = NULL;
	struct ir_error err = { "" };
	int ret;

	FUZZ_ASSERT(name, "parameter %zu has no name", index);
	/* Names are symbols: unique, so each is found where it is. */
	FUZZ_ASSERT(bpf_object_param_find(object, name) == (int)index, "'%s' found at %d", name,
		    bpf_object_param_find(object, name));
	FUZZ_ASSERT(size == 1 || size == 2 || size == 4 || size == 8, "'%s': size %u", name,
		    size);
	FUZZ_ASSERT(bpf_object_param_kind(object, index) < BPF_PARAM_KIND_MAX, "'%s'", name);
	if (size == 8)
		return;
	value.value = (int64_t)1 << (8 * size);
	ret = bpf_object_relocate(object, program, &value, 1, &image, &err);
	FUZZ_ASSERT(ret == -ERANGE || ret == -ENOMEM, "'%s' = %" PRId64 " (%u bytes): %d", name,
		    value.value, size, ret);
	FUZZ_ASSERT(ret != -ERANGE || err.message[0], "-ERANGE without a message");
	value.value = -((int64_t)1 << (8 * size - 1)) - 1;
	ret = bpf_object_relocate(object, program, &value, 1, &image, &err);
	FUZZ_ASSERT(ret == -ERANGE || ret == -ENOMEM, "'%s' = %" PRId64 " (%u bytes): %d", name,
		    value.value, size, ret);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct bpf_object *object = (struct bpf_object *)&object;
	struct ir_error err = { "" };
	size_t i, count;
	int ret;

	ret = bpf_object_open_memory(data, size, NAME, &object, &err);
	if (ret < 0) {
		/* refused (one code per check), or no memory; never anything else */
		FUZZ_ASSERT((ret <= -BPF_OBJECT_ERRNO_FIRST && ret > -BPF_OBJECT_ERRNO_MAX) ||
			    ret == -ENOMEM || ret == -EFBIG || ret == -E2BIG, "ret %d", ret);
		FUZZ_ASSERT(object == (struct bpf_object *)&object, "object set on failure");
		FUZZ_ASSERT(strncmp(err.message, NAME ":", strlen(NAME ":")) == 0,
			    "message '%s'", err.message);
		return 0;
	}
	FUZZ_ASSERT(bpf_object_license(object) != NULL, "no license string");
	count = bpf_object_program_count(object);
	for (i = 0; i < count; i++) {
		const char *program = bpf_object_program_name(object, i);

		/* An unnamed executable section gives a program called "": allowed. */
		FUZZ_ASSERT(program, "program %zu has no name", i);
		check_relocate(object, program);
	}
	/* Parameters are checked against the first program only: relocation is costly. */
	for (i = 0; count && i < bpf_object_param_count(object); i++)
		check_param(object, i, bpf_object_program_name(object, 0));
	bpf_object_free(object);
	return 0;
}
