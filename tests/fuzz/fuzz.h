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
#include <time.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_ASSERT(cond, ...) do {						\
	if (!(cond)) {								\
		fprintf(stderr, "%s:%d: broken promise: %s: ", __FILE__, __LINE__, #cond); \
		fprintf(stderr, __VA_ARGS__);					\
		fputc('\n', stderr);						\
		abort();							\
	}									\
} while (0)

/*
 * The CPU time of this thread, in seconds: a target whose module promises a bound on
 * its work (the IRP compiler's budget of steps, the lircd.conf reader's limits, read at
 * boot) asserts that a case takes less than
 * FUZZ_CPU_SECONDS_MAX. CPU time, not the wall clock, so that a loaded machine (the
 * fuzzer runs at the lowest priority) does not make a finding of a fast case.
 */
#define FUZZ_CPU_SECONDS_MAX 1.0

static inline double fuzz_cpu_seconds(void)
{
	struct timespec now;

	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) < 0)
		return 0;
	return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

#endif
