// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vm-seed: seeds for the bpf_vm fuzz target from real programs.
 *
 *   vm-seed OUTDIR OBJECT.o...
 *
 * Every program of every object is relocated with its default parameters and written
 * as OUTDIR/OBJECT-N in the layout of fuzz-bpf-vm.h, with the first FUZZ_VM_MAPS_MAX
 * maps of its image and the start of an NEC frame as samples. Sizes beyond the
 * layout's bounds wrap, and global data loses its initial value: a seed need not run
 * as the original would, only be close to programs that do something.
 */
#include "config.h"

#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_object.h"
#include "fuzz-bpf-vm.h"

/* +9000 -4500, then a 0 bit and a 1 bit, and a timeout. */
static const uint32_t samples[] = {
	0x01002328, 0x00001194, 0x01000230, 0x00000230, 0x01000230, 0x00000698,
	0x01000230, 0x0301e848,
};

static void put_le16(FILE *out, uint32_t value)
{
	fputc((int)(value & 0xff), out);
	fputc((int)((value >> 8) & 0xff), out);
}

static void put_le32(FILE *out, uint32_t value)
{
	put_le16(out, value & 0xffff);
	put_le16(out, value >> 16);
}

static int write_seed(const struct bpf_image *image, const char *path)
{
	size_t map_count = image->map_count < FUZZ_VM_MAPS_MAX ? image->map_count
								: FUZZ_VM_MAPS_MAX;
	size_t sample_count = sizeof(samples) / sizeof(samples[0]), i;
	FILE *out = fopen(path, "wb");

	if (!out)
		return -errno;
	fputc((int)map_count, out);
	fputc((int)(sample_count - 1), out);
	for (i = 0; i < map_count; i++) {
		const struct bpf_map_spec *spec = &image->maps[i];

		fputc((int)spec->type, out);
		fputc((spec->read_only ? FUZZ_VM_MAP_GLOBAL_DATA : 0) |
		      (spec->flags & BPF_F_RDONLY_PROG ? FUZZ_VM_MAP_RDONLY_PROG : 0), out);
		put_le16(out, spec->key_size);
		put_le16(out, spec->value_size);
		put_le16(out, spec->max_entries);
	}
	for (i = 0; i < sample_count; i++)
		put_le32(out, samples[i]);
	fwrite(image->insns, sizeof(*image->insns), image->insn_count, out);
	if (fclose(out) != 0)
		return -EIO;
	return 0;
}

static int seed_object(const char *outdir, const char *path)
{
	struct bpf_object *object = NULL;
	struct ir_error err = { "" };
	char *copy = strdup(path), *base, *out = NULL;
	size_t i;
	int ret = 0;

	if (!copy)
		return -ENOMEM;
	base = basename(copy);
	/* Objects made to be refused (tests/bpf) give no seed. */
	if (bpf_object_open_file(path, &object, &err) < 0)
		goto out;
	for (i = 0; i < bpf_object_program_count(object); i++) {
		struct bpf_image *image = NULL;

		if (bpf_object_relocate(object, bpf_object_program_name(object, i), NULL, 0,
					&image, &err) < 0)
			continue;
		if (asprintf(&out, "%s/%s-%zu", outdir, base, i) < 0) {
			bpf_image_free(image);
			ret = -ENOMEM;
			goto out;
		}
		ret = write_seed(image, out);
		if (ret < 0)
			fprintf(stderr, "vm-seed: %s: %s\n", out, strerror(-ret));
		free(out);
		bpf_image_free(image);
		if (ret < 0)
			goto out;
	}
out:
	bpf_object_free(object);
	free(copy);
	return ret;
}

int main(int argc, char **argv)
{
	int i;

	if (argc < 2) {
		fprintf(stderr, "usage: vm-seed OUTDIR OBJECT.o...\n");
		return 2;
	}
	for (i = 2; i < argc; i++) {
		if (seed_object(argv[1], argv[i]) < 0)
			return 1;
	}
	return 0;
}
