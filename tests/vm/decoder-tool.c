// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * decoder-tool: puts the embedded BPF decoders into a real kernel, through the
 * product's loader (bpf_object, bpf_kernel), for the VM scenarios.
 *
 *	decoder-tool [-d /dev/lirc0] load-all
 *		load every embedded decoder (the kernel's verifier judges each), print
 *		"NAME: loaded" or the verifier's reason, detach nothing, attach nothing
 *	decoder-tool [-d /dev/lirc0] attach NAME [PARAM=VALUE]...
 *		load NAME with those parameters and attach it to the device
 *
 * Exit status 0 when everything loaded (and attached), 1 otherwise.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bpf_kernel.h"
#include "bpf_object.h"
#include "decoders.h"

#define LOG_TAIL_SIZE 2048
#define PARAMS_MAX 32

/* Loads one embedded decoder; prints why not. Returns 0 or a negative errno. */
static int load(const struct decoder *d, const struct bpf_param_value *params,
		size_t param_count, struct bpf_kernel_program **ret_program)
{
	struct bpf_object *object = NULL;
	struct bpf_image *image = NULL;
	struct ir_error err;
	char log_tail[LOG_TAIL_SIZE] = "";
	int ret;

	memset(&err, 0, sizeof(err));
	ret = bpf_object_open_memory(d->elf, d->elf_size, d->name, &object, &err);
	if (ret == 0)
		ret = bpf_object_relocate(object, NULL, params, param_count, &image, &err);
	if (ret == 0)
		ret = bpf_kernel_load(image, log_tail, sizeof(log_tail), ret_program, &err);
	if (ret != 0)
		printf("%s: %s\n%s", d->name, err.message, log_tail);
	bpf_image_free(image);
	bpf_object_free(object);
	return ret;
}

static int load_all(void)
{
	size_t i;
	int failed = 0;

	for (i = 0; i < decoder_count(); i++) {
		const struct decoder *d = decoder_at(i);
		struct bpf_kernel_program *program = NULL;

		if (load(d, NULL, 0, &program) == 0)
			printf("%s: loaded\n", d->name);
		else
			failed = 1;
		bpf_kernel_program_free(program);
		fflush(stdout);
	}
	return failed;
}

static int attach(const char *device, const char *name, char **args, int count)
{
	const struct decoder *d = decoder_find(name);
	struct bpf_param_value params[PARAMS_MAX];
	struct bpf_kernel_program *program = NULL;
	struct ir_error err;
	int fd = -1;
	int i, ret = 1;

	if (!d) {
		fprintf(stderr, "decoder-tool: no decoder \"%s\"\n", name);
		return 1;
	}
	if (count > PARAMS_MAX) {
		fprintf(stderr, "decoder-tool: too many parameters\n");
		return 1;
	}
	for (i = 0; i < count; i++) {
		char *eq = strchr(args[i], '=');

		if (!eq) {
			fprintf(stderr, "decoder-tool: \"%s\" is no NAME=VALUE\n", args[i]);
			return 1;
		}
		*eq = '\0';
		params[i].name = args[i];
		params[i].value = strtoll(eq + 1, NULL, 0);
	}
	if (load(d, params, (size_t)count, &program) != 0)
		goto out;
	fd = open(device, O_RDWR);
	if (fd < 0) {
		fprintf(stderr, "decoder-tool: %s: %s\n", device, strerror(errno));
		goto out;
	}
	memset(&err, 0, sizeof(err));
	if (bpf_kernel_attach(fd, program, &err) != 0) {
		fprintf(stderr, "decoder-tool: %s\n", err.message);
		goto out;
	}
	printf("attached %s\n", d->name);
	ret = 0;
out:
	if (fd >= 0)
		close(fd);
	bpf_kernel_program_free(program);
	return ret;
}

int main(int argc, char **argv)
{
	const char *device = "/dev/lirc0";
	int arg = 1;

	if (argc > 2 && strcmp(argv[1], "-d") == 0) {
		device = argv[2];
		arg = 3;
	}
	if (argc == arg + 1 && strcmp(argv[arg], "load-all") == 0)
		return load_all();
	if (argc >= arg + 2 && strcmp(argv[arg], "attach") == 0)
		return attach(device, argv[arg + 1], argv + arg + 2, argc - arg - 2);
	fprintf(stderr, "usage: decoder-tool [-d DEVICE] load-all | attach NAME [PARAM=VALUE]...\n");
	return 2;
}
