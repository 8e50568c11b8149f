// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <sys/random.h>
#include <sys/types.h>

#include "hash.h"

uint32_t hash_seed_new(const void *salt)
{
	uint32_t seed;

#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
	/* The fuzzer needs the same paths for the same input (tests/fuzz). */
	return 0;
#endif
	if (getrandom(&seed, sizeof(seed), GRND_NONBLOCK) == (ssize_t)sizeof(seed))
		return seed;
	/* No entropy yet (early boot): the address space layout is still random. */
	return (uint32_t)((uintptr_t)salt >> 4) ^ (uint32_t)((uintptr_t)&seed >> 4);
}
