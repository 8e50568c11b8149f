/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Shared by the fuzz targets (tests/fuzz/fuzz-*.c). Each target is one libFuzzer entry
 * point, LLVMFuzzerTestOneInput(): built by clang with -fsanitize=fuzzer for "make fuzz",
 * and by the normal compiler with replay.c as its main() to replay the seed corpus and
 * the regressions in "make check".
 *
 * A target checks more than "no crash": what the module's header promises about a
 * successful result (round trips, ranges, uniqueness), and that a failure returns one of
 * the documented codes with a message. A broken promise aborts, so the fuzzer keeps the
 * input.
 */
#ifndef IRKIT_TESTS_FUZZ_H
#define IRKIT_TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_ASSERT(cond, ...) do {						\
	if (!(cond)) {								\
		fprintf(stderr, "%s:%d: broken promise: %s: ", __FILE__, __LINE__, #cond); \
		fprintf(stderr, __VA_ARGS__);					\
		fputc('\n', stderr);						\
		abort();							\
	}									\
} while (0)

#endif
