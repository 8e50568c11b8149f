// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz target: irp_compile() on any IRP string that parses. What irp_compile.h
 * promises: a program that bpf_vm_new() accepts and bpf_lint finds nothing in (the
 * verifier's usual refusals), or a refusal with -EOPNOTSUPP, -EINVAL or -E2BIG (or
 * -ENOMEM) and a message, and no image. A program then runs, without a fault, on the
 * protocol rendered with every parameter at its minimum, when that renders. Parsing and
 * compiling take less than a second of CPU time, whatever the string (the compiler's
 * budget of steps).
 */
#include "config.h"

#include <errno.h>
#include <linux/lirc.h>
#include <string.h>

#include "bpf_lint.h"
#include "bpf_vm.h"
#include "fuzz.h"
#include "irp.h"
#include "irp_compile.h"
#include "irp_render.h"

/* At most this many samples of a rendering are run. */
#define SAMPLES_MAX 2048

static void run_rendering(const struct irp_protocol *p, struct bpf_vm *vm)
{
	struct irp_render_options options = { .repeats = 2 };
	struct irp_signal signal = { 0 };
	struct ir_error err = { "" };
	struct irp_env *env;
	size_t i;
	int ret;

	if (irp_env_new(&env) < 0)
		return;
	for (i = 0; i < p->parameter_count; i++)
		if (irp_env_set(env, p->parameters[i].name, (int64_t)p->parameters[i].min) < 0)
			goto out;
	if (irp_env_prepare(env, p, &err) < 0 || irp_render(p, env, &options, &signal, &err) < 0)
		goto out;
	for (i = 0; i < signal.count && i < SAMPLES_MAX; i++) {
		int32_t d = signal.durations[i];
		uint32_t us = (uint32_t)(d < 0 ? -(int64_t)d : d) & LIRC_VALUE_MASK;

		ret = bpf_vm_run(vm, d > 0 ? LIRC_PULSE(us) : LIRC_SPACE(us), &err);
		FUZZ_ASSERT(ret == 0, "sample %zu: %d %s", i, ret, err.message);
	}
	ret = bpf_vm_run(vm, LIRC_TIMEOUT(125000), &err);
	FUZZ_ASSERT(ret == 0, "timeout: %d %s", ret, err.message);
out:
	irp_signal_free(&signal);
	irp_env_free(env);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct bpf_lint_finding findings[BPF_LINT_KIND_MAX];
	struct irp_protocol *p;
	struct ir_error err = { "" };
	struct bpf_image *image = NULL;
	struct bpf_vm *vm;
	double start = fuzz_cpu_seconds(), spent;
	int ret;

	if (irp_parse((const char *)data, size, &p, &err) < 0)
		return 0;
	ret = irp_compile(p, NULL, &image, &err);
	spent = fuzz_cpu_seconds() - start;
	FUZZ_ASSERT(spent < FUZZ_CPU_SECONDS_MAX, "compiled in %.3f s of CPU time (%d)", spent,
		    ret);
	if (ret < 0) {
		FUZZ_ASSERT(ret == -EOPNOTSUPP || ret == -EINVAL || ret == -E2BIG ||
			    ret == -ENOMEM, "code %d", ret);
		FUZZ_ASSERT(err.message[0] != '\0', "refused (%d) with no message", ret);
		FUZZ_ASSERT(image == NULL, "an image with an error");
		goto out;
	}
	ret = bpf_vm_new(image, &vm, &err);
	FUZZ_ASSERT(ret == 0 || ret == -ENOMEM, "bpf_vm_new: %d %s", ret, err.message);
	ret = bpf_lint_image(image, findings);
	FUZZ_ASSERT(ret <= 0, "lint finding %d at instruction %zu", findings[0].kind,
		    findings[0].insn);
	if (vm)
		run_rendering(p, vm);
	bpf_vm_free(vm);
	bpf_image_free(image);
out:
	irp_protocol_free(p);
	return 0;
}
