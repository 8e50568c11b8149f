// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hash: 32-bit FNV-1a against the published test vectors of its specification (seed
 * 0 is the standard offset basis), the same hash byte by byte as whole, and seeds that
 * change the hash and differ from call to call.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "test-main.h"

START_TEST(test_fnv1a_vectors)
{
	static const struct {
		const char *text;
		uint32_t hash;
	} vectors[] = {
		{ "", 0x811c9dc5u }, { "a", 0xe40c292cu }, { "foobar", 0xbf9cf968u },
	};
	size_t i, j;

	for (i = 0; i < sizeof(vectors) / sizeof(vectors[0]); i++) {
		const char *text = vectors[i].text;
		uint32_t hash = hash_start(0);

		ck_assert_uint_eq(hash_bytes(0, text, strlen(text)), vectors[i].hash);
		for (j = 0; text[j]; j++)
			hash = hash_byte(hash, (unsigned char)text[j]);
		ck_assert_uint_eq(hash, vectors[i].hash);
	}
}
END_TEST

START_TEST(test_seeds)
{
	/*
	 * Salts the seeds take only the address of; initialized all the same, since gcc 14
	 * reads a const pointer to an uninitialized object as a read of it.
	 */
	const char salts[3] = { 0 };
	uint32_t a = hash_seed_new(&salts[0]), b = hash_seed_new(&salts[1]);
	uint32_t c = hash_seed_new(&salts[2]);

	/* three equal draws of 32 random bits: once in 2^64 runs */
	ck_assert(a != b || b != c);
	ck_assert_uint_ne(hash_bytes(1, "key", 3), hash_bytes(0, "key", 3));
}
END_TEST

static Suite *hash_suite(void)
{
	Suite *s = suite_create("hash");
	TCase *tc = tcase_create("fnv1a");

	tcase_add_test(tc, test_fnv1a_vectors);
	tcase_add_test(tc, test_seeds);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = hash_suite);
