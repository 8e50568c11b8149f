// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_image.h"
#include "nls.h"

static const char *map_type_name(uint32_t type)
{
	switch (type) {
	case BPF_MAP_TYPE_HASH: return "hash";
	case BPF_MAP_TYPE_ARRAY: return "array";
	case BPF_MAP_TYPE_PERCPU_HASH: return "per-CPU hash";
	case BPF_MAP_TYPE_PERCPU_ARRAY: return "per-CPU array";
	case BPF_MAP_TYPE_QUEUE: return "queue";
	default: return NULL;
	}
}

static const char *host_type_name(uint32_t type)
{
	const char *name = map_type_name(type);

	return name ? name : "?";
}

int bpf_image_host_map(const struct bpf_image *image, const struct bpf_map_layout *layout,
		       struct ir_error *err)
{
	const struct bpf_map_spec *map;
	const char *type_name;
	size_t i;

	for (i = 0; i < image->map_count; i++)
		if (!strcmp(image->maps[i].name, layout->name))
			break;
	if (i == image->map_count)
		return -ENOENT;
	map = &image->maps[i];
	if (map->type != layout->type) {
		type_name = map_type_name(map->type);
		if (type_name)
			ir_error_set(err, _("map '%s' is a %s map: the host fills it as a map of "
					    "type %s"), layout->name, type_name,
				     host_type_name(layout->type));
		else
			ir_error_set(err, _("map '%s' is of type %u: the host fills it as a map "
					    "of type %s"), layout->name, map->type,
				     host_type_name(layout->type));
		return -EINVAL;
	}
	if (map->key_size != layout->key_size) {
		ir_error_set(err, _("map '%s' has %u-byte keys: the host writes %u-byte keys"),
			     layout->name, map->key_size, layout->key_size);
		return -EINVAL;
	}
	if (map->value_size != layout->value_size) {
		ir_error_set(err, _("map '%s' has %u-byte values: the host writes %u-byte "
				    "values"), layout->name, map->value_size, layout->value_size);
		return -EINVAL;
	}
	if (map->max_entries != layout->max_entries) {
		ir_error_set(err, _("map '%s' has %u entries: the host expects %u"),
			     layout->name, map->max_entries, layout->max_entries);
		return -EINVAL;
	}
	return (int)i;
}

void bpf_image_free(struct bpf_image *image)
{
	size_t i;

	if (!image)
		return;
	for (i = 0; i < image->map_count; i++)
		free(image->maps[i].initial_value);
	free(image->maps);
	free(image->insns);
	free(image);
}
