/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Hashes of keys that the input chooses (a TOML document's keys, a BPF program's map
 * keys): 32-bit FNV-1a from a basis that is random per table. From the fixed basis,
 * keys that share one hash are easy to make (2^n of them from n colliding pairs of
 * short blocks), and every lookup would then walk them all.
 */
#ifndef IRKIT_HASH_H
#define IRKIT_HASH_H

#include <stddef.h>
#include <stdint.h>

#define HASH_FNV1A_BASIS 2166136261u
#define HASH_FNV1A_PRIME 16777619u

/*
 * A random seed, from getrandom(); before the kernel has entropy (early boot), from the
 * address space layout and salt (any pointer of the caller's). 0 in a fuzzing build,
 * so that the same input takes the same paths.
 */
uint32_t hash_seed_new(const void *salt);

/* For a key hashed while it is scanned: start, then one byte at a time. */
static inline uint32_t hash_start(uint32_t seed)
{
	return HASH_FNV1A_BASIS ^ seed;
}

static inline uint32_t hash_byte(uint32_t hash, unsigned char byte)
{
	return (hash ^ byte) * HASH_FNV1A_PRIME;
}

static inline uint32_t hash_bytes(uint32_t seed, const void *data, size_t size)
{
	const unsigned char *p = data;
	uint32_t hash = hash_start(seed);
	size_t i;

	for (i = 0; i < size; i++)
		hash = hash_byte(hash, p[i]);
	return hash;
}

#endif
