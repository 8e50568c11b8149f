// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The VM's maps: array and hash maps with the kernel's update semantics (BPF_ANY,
 * BPF_NOEXIST, BPF_EXIST; a full hash map refuses new keys with -E2BIG), and queue maps
 * (bpf_map_push_elem and bpf_map_pop_elem, a ring of values). The per-CPU variants
 * behave as on a machine with one CPU.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_vm_internal.h"
#include "hash.h"
#include "nls.h"

/* The kernel's limit on hash keys (MAX_BPF_STACK): keys live on the stack. */
#define VM_HASH_KEY_MAX 512

static size_t round_up_pow2(size_t n)
{
	size_t p = 1;

	while (p < n)
		p <<= 1;
	return p;
}

static int check_spec(const struct bpf_map_spec *spec, bool *ret_is_hash,
		      struct ir_error *err)
{
	switch (spec->type) {
	case BPF_MAP_TYPE_QUEUE:
		*ret_is_hash = false;
		/* The kernel's queue_stack_map_alloc_check(): no key, no initial value. */
		if (spec->key_size != 0) {
			ir_error_set(err, _("map '%s': a queue map has no key, not %u bytes"),
				     spec->name, spec->key_size);
			return -EINVAL;
		}
		if (spec->initial_value) {
			ir_error_set(err, _("map '%s': only array maps have an initial value"),
				     spec->name);
			return -EINVAL;
		}
		break;
	case BPF_MAP_TYPE_ARRAY:
	case BPF_MAP_TYPE_PERCPU_ARRAY:
		*ret_is_hash = false;
		if (spec->key_size != 4) {
			ir_error_set(err, _("map '%s': an array map needs 4-byte keys, not %u"),
				     spec->name, spec->key_size);
			return -EINVAL;
		}
		break;
	case BPF_MAP_TYPE_HASH:
	case BPF_MAP_TYPE_PERCPU_HASH:
		*ret_is_hash = true;
		if (spec->key_size == 0 || spec->key_size > VM_HASH_KEY_MAX) {
			ir_error_set(err, _("map '%s': key size %u is not in 1..%u"),
				     spec->name, spec->key_size, VM_HASH_KEY_MAX);
			return -EINVAL;
		}
		if (spec->initial_value) {
			ir_error_set(err, _("map '%s': only array maps have an initial value"),
				     spec->name);
			return -EINVAL;
		}
		break;
	default:
		ir_error_set(err, _("map '%s': map type %u is not supported "
				    "(array, hash and queue maps are)"), spec->name, spec->type);
		return -EINVAL;
	}
	if (spec->value_size == 0 || spec->max_entries == 0) {
		ir_error_set(err, _("map '%s': value size and max_entries must not be 0"),
			     spec->name);
		return -EINVAL;
	}
	return 0;
}

int vm_map_init(struct vm_map *map, const struct bpf_map_spec *spec, size_t *memory_used,
		struct ir_error *err)
{
	uint64_t need, buckets = 0;
	bool is_hash;
	int ret;

	memset(map, 0, sizeof(*map));
	ret = check_spec(spec, &is_hash, err);
	if (ret < 0)
		return ret;
	if (spec->value_size > VM_MAP_MEMORY_MAX) {
		ir_error_set(err, _("map '%s': value size %u is too large"), spec->name,
			     spec->value_size);
		return -E2BIG;
	}
	map->stride = round_up_pow2(spec->value_size);
	need = (uint64_t)spec->max_entries * map->stride;
	if (is_hash) {
		buckets = round_up_pow2(spec->max_entries);
		need += (uint64_t)spec->max_entries * (spec->key_size + sizeof(uint32_t)) +
			buckets * sizeof(uint32_t);
	}
	if (need > VM_MAP_MEMORY_MAX - *memory_used) {
		ir_error_set(err, _("map '%s': %u entries of %u bytes exceed the VM's %u MiB "
				    "for maps"), spec->name, spec->max_entries,
			     spec->value_size, VM_MAP_MEMORY_MAX >> 20);
		return -E2BIG;
	}
	*memory_used += need;

	snprintf(map->name, sizeof(map->name), "%s", spec->name);
	map->type = spec->type;
	map->key_size = spec->key_size;
	map->value_size = spec->value_size;
	map->max_entries = spec->max_entries;
	map->is_hash = is_hash;
	map->is_queue = spec->type == BPF_MAP_TYPE_QUEUE;
	map->frozen = spec->read_only;
	map->prog_read_only = spec->read_only || (spec->flags & BPF_F_RDONLY_PROG);
	map->values_size = (size_t)spec->max_entries * map->stride;
	map->values = calloc(1, map->values_size);
	if (!map->values)
		goto nomem;
	if (spec->initial_value) {
		map->initial_value = malloc(spec->value_size);
		if (!map->initial_value)
			goto nomem;
		memcpy(map->initial_value, spec->initial_value, spec->value_size);
	}
	if (is_hash) {
		map->keys = calloc(spec->max_entries, spec->key_size);
		map->next = calloc(spec->max_entries, sizeof(*map->next));
		map->buckets = calloc(buckets, sizeof(*map->buckets));
		if (!map->keys || !map->next || !map->buckets)
			goto nomem;
		map->bucket_mask = (uint32_t)(buckets - 1);
		/*
		 * Random per map (hash.h), so that a program cannot pick keys that share
		 * one bucket; programs never see it: no helper here iterates a map.
		 */
		map->hash_seed = hash_seed_new(map->buckets);
	}
	vm_map_reset(map);
	return 0;
nomem:
	vm_map_fini(map);
	ir_error_set(err, _("map '%s': out of memory"), spec->name);
	return -ENOMEM;
}

void vm_map_fini(struct vm_map *map)
{
	free(map->values);
	free(map->initial_value);
	free(map->keys);
	free(map->next);
	free(map->buckets);
	map->values = NULL;
	map->initial_value = NULL;
	map->keys = NULL;
	map->next = NULL;
	map->buckets = NULL;
}

void vm_map_reset(struct vm_map *map)
{
	uint32_t i;

	memset(map->values, 0, map->values_size);
	if (map->initial_value)
		memcpy(map->values, map->initial_value, map->value_size);
	map->head = 0;
	map->count = 0;
	if (!map->is_hash)
		return;
	memset(map->buckets, 0xff, ((size_t)map->bucket_mask + 1) * sizeof(*map->buckets));
	for (i = 0; i < map->max_entries; i++)
		map->next[i] = i + 1 < map->max_entries ? i + 1 : VM_SLOT_NONE;
	map->free_head = 0;
	map->count = 0;
}

static uint8_t *slot_key(const struct vm_map *map, uint32_t slot)
{
	return map->keys + (size_t)slot * map->key_size;
}

static uint8_t *slot_value(const struct vm_map *map, uint32_t slot)
{
	return map->values + (size_t)slot * map->stride;
}

/* The slot holding key, or VM_SLOT_NONE; *ret_link is what points at it. */
static uint32_t hash_find(const struct vm_map *map, const void *key, uint32_t **ret_link)
{
	uint32_t *link = &map->buckets[hash_bytes(map->hash_seed, key, map->key_size) &
				       map->bucket_mask];

	while (*link != VM_SLOT_NONE) {
		if (memcmp(slot_key(map, *link), key, map->key_size) == 0)
			break;
		link = &map->next[*link];
	}
	if (ret_link)
		*ret_link = link;
	return *link;
}

static uint8_t *array_element(const struct vm_map *map, const void *key)
{
	uint32_t index;

	memcpy(&index, key, sizeof(index));
	if (index >= map->max_entries)
		return NULL;
	return slot_value(map, index);
}

void *vm_map_lookup(struct vm_map *map, const void *key)
{
	uint32_t slot;

	if (map->is_queue)
		return NULL;
	if (!map->is_hash)
		return array_element(map, key);
	slot = hash_find(map, key, NULL);
	return slot == VM_SLOT_NONE ? NULL : slot_value(map, slot);
}

static int hash_update(struct vm_map *map, const void *key, const void *value,
		       uint64_t flags)
{
	uint32_t *link;
	uint32_t slot = hash_find(map, key, &link);

	if (slot != VM_SLOT_NONE) {
		if (flags == BPF_NOEXIST)
			return -EEXIST;
		memmove(slot_value(map, slot), value, map->value_size);
		return 0;
	}
	if (flags == BPF_EXIST)
		return -ENOENT;
	if (map->free_head == VM_SLOT_NONE)
		return -E2BIG;
	slot = map->free_head;
	map->free_head = map->next[slot];
	memcpy(slot_key(map, slot), key, map->key_size);
	memmove(slot_value(map, slot), value, map->value_size);
	map->next[slot] = VM_SLOT_NONE;
	*link = slot;
	map->count++;
	return 0;
}

int vm_map_update(struct vm_map *map, const void *key, const void *value, uint64_t flags)
{
	uint8_t *element;

	/* BPF_F_LOCK needs a bpf_spin_lock in the value, which no map here has. */
	if (flags > BPF_EXIST || map->is_queue)
		return -EINVAL;
	if (map->is_hash)
		return hash_update(map, key, value, flags);
	element = array_element(map, key);
	if (!element)
		return -E2BIG;
	if (flags == BPF_NOEXIST)
		return -EEXIST;
	memmove(element, value, map->value_size);
	return 0;
}

int vm_map_delete(struct vm_map *map, const void *key)
{
	uint32_t *link;
	uint32_t slot;

	if (!map->is_hash)
		return -EINVAL;
	slot = hash_find(map, key, &link);
	if (slot == VM_SLOT_NONE)
		return -ENOENT;
	*link = map->next[slot];
	map->next[slot] = map->free_head;
	map->free_head = slot;
	map->count--;
	return 0;
}

int vm_map_push(struct vm_map *map, const void *value, uint64_t flags)
{
	if (!map->is_queue || flags & ~(uint64_t)BPF_EXIST)
		return -EINVAL;
	if (map->count == map->max_entries) {
		if (!(flags & BPF_EXIST))
			return -E2BIG;
		map->head = (map->head + 1) % map->max_entries;
		map->count--;
	}
	memmove(slot_value(map, (map->head + map->count) % map->max_entries), value,
		map->value_size);
	map->count++;
	return 0;
}

int vm_map_pop(struct vm_map *map, void *ret_value, bool remove)
{
	if (!map->is_queue)
		return -EINVAL;
	if (!map->count)
		return -ENOENT;
	memmove(ret_value, slot_value(map, map->head), map->value_size);
	if (remove) {
		map->head = (map->head + 1) % map->max_entries;
		map->count--;
	}
	return 0;
}
