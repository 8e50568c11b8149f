// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * BPF ELF objects: parsing and checking (here, all at open time), then relocation of
 * one program into a struct bpf_image (bpf_object_relocate()).
 *
 * Everything that can be wrong with the file is found by bpf_object_open_memory():
 * every offset, size and index is range-checked with overflow-checked arithmetic
 * before it is used, and every relocation is resolved to its target (a map, a place
 * in a global data section, or the first instruction of a function). Relocating
 * afterwards can only fail for the caller's reasons (an unknown program, a parameter
 * value out of range) or for lack of memory.
 *
 * This file opens and frees objects and answers the accessors; the loader's steps are
 * in bpf_object_elf.c, bpf_object_maps.c, bpf_object_reloc.c and bpf_object_params.c
 * (bpf_object_internal.h says which does what).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bpf_object_internal.h"
#include "nls.h"

/*
 * The public handle. Defined here only: the loader's files work on struct
 * parsed_object, so the one that includes libbpf's headers (which declare a struct
 * bpf_object of their own) never sees this one.
 */
struct bpf_object {
	struct parsed_object parsed;
};

/* -------------------------------------------------------------------------- */
/* Errors */

__attribute__((format(printf, 2, 3)))
int object_fail(struct loader *ld, const char *fmt, ...)
{
	char text[IR_ERROR_MESSAGE_MAX];
	va_list args;
	char *c;

	va_start(args, fmt);
	vsnprintf(text, sizeof(text), fmt, args);
	va_end(args);
	/* names come from the file: keep terminal control characters out */
	for (c = text; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = '?';
	ir_error_set_at(ld->err, ld->object->name, 0, 0, "%s", text);
	return -ENOEXEC;
}

int object_fail_nomem(struct loader *ld)
{
	ir_error_set_at(ld->err, ld->object->name, 0, 0, "%s", _("out of memory"));
	return -ENOMEM;
}

/* -------------------------------------------------------------------------- */
/* Opening */

static void free_sections(struct parsed_object *obj)
{
	size_t i;

	for (i = 0; i < obj->section_count; i++) {
		free(obj->sections[i].insns);
		free(obj->sections[i].reloc_at);
		free(obj->sections[i].functions);
	}
	free(obj->sections);
}

void bpf_object_free(struct bpf_object *object)
{
	struct parsed_object *obj;

	if (!object)
		return;
	obj = &object->parsed;
	if (obj->sections)
		free_sections(obj);
	free(obj->symbols);
	free(obj->relocs);
	free(obj->maps);
	free(obj->params);
	free(obj->programs);
	free(obj->data);
	free(obj->name);
	free(object);
}

static int load_object(struct loader *ld)
{
	int r;

	r = object_open_elf(ld);
	if (r == 0)
		r = object_load_sections(ld);
	if (r == 0)
		r = object_load_symbols(ld);
	if (r == 0)
		r = object_load_license(ld);
	if (r == 0)
		r = object_load_btf(ld);
	if (r == 0)
		r = object_load_maps(ld);
	if (r == 0)
		r = object_load_functions(ld);
	if (r == 0)
		r = object_load_relocs(ld);
	if (r == 0)
		r = object_classify_address_uses(ld);
	if (r == 0)
		r = object_load_params(ld);
	return r;
}

int bpf_object_open_memory(const void *data, size_t size, const char *name,
			   struct bpf_object **ret_object, struct ir_error *err)
{
	struct loader ld = { .err = err };
	struct bpf_object *object;
	struct parsed_object *obj;
	int r;

	if (size > BPF_OBJECT_FILE_MAX) {
		ir_error_set_at(err, name ? name : "BPF object", 0, 0,
				_("larger than %u bytes"), BPF_OBJECT_FILE_MAX);
		return -EFBIG;
	}
	object = calloc(1, sizeof(*object));
	if (!object) {
		ir_error_set(err, "%s", _("out of memory"));
		return -ENOMEM;
	}
	obj = &object->parsed;
	obj->name = strdup(name ? name : "BPF object");
	obj->data = malloc(size ? size : 1);
	if (!obj->name || !obj->data) {
		bpf_object_free(object);
		ir_error_set(err, "%s", _("out of memory"));
		return -ENOMEM;
	}
	if (size)
		memcpy(obj->data, data, size);
	obj->size = size;
	ld.object = obj;

	r = load_object(&ld);
	if (ld.elf)
		elf_end(ld.elf);
	object_free_btf(&ld);
	free(ld.uses);
	if (r < 0) {
		bpf_object_free(object);
		return r;
	}
	*ret_object = object;
	return 0;
}

int bpf_object_open_file(const char *path, struct bpf_object **ret_object,
			 struct ir_error *err)
{
	struct stat st;
	uint8_t *data = NULL;
	size_t done = 0;
	ssize_t n;
	int fd, r;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		r = -errno;
		ir_error_set_at(err, path, 0, 0, "%s", strerror(-r));
		return r;
	}
	if (fstat(fd, &st) < 0) {
		r = -errno;
		ir_error_set_at(err, path, 0, 0, "%s", strerror(-r));
		goto out;
	}
	if (!S_ISREG(st.st_mode) || st.st_size > BPF_OBJECT_FILE_MAX) {
		r = -EFBIG;
		ir_error_set_at(err, path, 0, 0, _("not a regular file of at most %u bytes"),
				BPF_OBJECT_FILE_MAX);
		goto out;
	}
	data = malloc(st.st_size ? (size_t)st.st_size : 1);
	if (!data) {
		r = -ENOMEM;
		ir_error_set_at(err, path, 0, 0, "%s", _("out of memory"));
		goto out;
	}
	while (done < (size_t)st.st_size) {
		n = read(fd, data + done, (size_t)st.st_size - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			r = -errno;
			ir_error_set_at(err, path, 0, 0, "%s", strerror(-r));
			goto out;
		}
		if (n == 0)
			break;	/* shrank while reading: parse what is there */
		done += (size_t)n;
	}
	r = bpf_object_open_memory(data, done, path, ret_object, err);
out:
	free(data);
	close(fd);
	return r;
}

/* -------------------------------------------------------------------------- */
/* Accessors */

const char *bpf_object_name(const struct bpf_object *object)
{
	return object->parsed.name;
}

const char *bpf_object_license(const struct bpf_object *object)
{
	return object->parsed.license;
}

size_t bpf_object_program_count(const struct bpf_object *object)
{
	return object->parsed.program_count;
}

const char *bpf_object_program_name(const struct bpf_object *object, size_t index)
{
	const struct parsed_object *obj = &object->parsed;

	return index < obj->program_count ? obj->programs[index].name : NULL;
}

size_t bpf_object_param_count(const struct bpf_object *object)
{
	return object->parsed.param_count;
}

const char *bpf_object_param_name(const struct bpf_object *object, size_t index)
{
	const struct parsed_object *obj = &object->parsed;

	return index < obj->param_count ? obj->params[index].name : NULL;
}

int64_t bpf_object_param_default(const struct bpf_object *object, size_t index)
{
	const struct parsed_object *obj = &object->parsed;

	return index < obj->param_count ? obj->params[index].default_value : 0;
}

enum bpf_param_kind bpf_object_param_kind(const struct bpf_object *object, size_t index)
{
	const struct parsed_object *obj = &object->parsed;

	return index < obj->param_count ? obj->params[index].kind : BPF_PARAM_KIND_MAX;
}

unsigned int bpf_object_param_size(const struct bpf_object *object, size_t index)
{
	const struct parsed_object *obj = &object->parsed;

	return index < obj->param_count ? obj->params[index].size : 0;
}

int bpf_object_param_find(const struct bpf_object *object, const char *name)
{
	return object_param_find(&object->parsed, name);
}

int bpf_object_relocate(const struct bpf_object *object, const char *program,
			const struct bpf_param_value *params, size_t param_count,
			struct bpf_image **ret_image, struct ir_error *err)
{
	return object_relocate(&object->parsed, program, params, param_count, ret_image, err);
}
