// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ir-encode-generic: one frame for a generic decoder (pulse_distance, manchester, ...)
 * as "pulse N" / "space N" lines, from the test encoders (tests/encoders, written from
 * the protocols' descriptions, not from the decoders), for the VM scenarios. The
 * kernel protocols have ir-encode; these have no scancode of their own, only timings.
 *
 *	ir-encode-generic ENCODING VALUE [NAME=NUMBER]...
 *
 * Every timing the encoding needs must be given, by the name the decoder's parameter
 * has (so a scenario can give the same list to both); a name the encoding does not use
 * is an error. Encodings and their names:
 *	pulse_distance	header_pulse header_space bit_pulse bit_0_space bit_1_space
 *			trailer_pulse bits reverse
 *	pulse_length	header_pulse header_space bit_space bit_0_pulse bit_1_pulse
 *			trailer_pulse bits reverse
 *	manchester	header_pulse header_space zero_pulse zero_space one_pulse
 *			one_space bits
 *	rc_mm		header_pulse header_space bit_pulse bit_0_space bit_1_space
 *			bit_2_space bit_3_space trailer bits
 *	imon_rsc	bits long_header	(VALUE is the stick's code)
 *	grundig, samsung36, xbox_dvd	(fixed timings)
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/lirc.h>

#include "encoders.h"

#define ARGS_MAX 16

struct named_values {
	const char *names[ARGS_MAX];
	unsigned long values[ARGS_MAX];
	bool used[ARGS_MAX];
	size_t count;
	const char *missing;	/* the first name asked for and not given */
};

static int parse_number(const char *text, unsigned long long max, unsigned long long *ret)
{
	char *end;
	unsigned long long value;

	errno = 0;
	value = strtoull(text, &end, 0);
	if (errno || end == text || *end || text[0] == '-' || value > max)
		return -EINVAL;
	*ret = value;
	return 0;
}

/* The value of NAME; a missing one is remembered and reads as 0. */
static unsigned int get(struct named_values *v, const char *name)
{
	size_t i;

	for (i = 0; i < v->count; i++) {
		if (strcmp(v->names[i], name) == 0) {
			v->used[i] = true;
			return v->values[i];
		}
	}
	if (!v->missing)
		v->missing = name;
	return 0;
}

static int encode(struct ir_signal *s, const char *encoding, uint64_t value,
		  struct named_values *v)
{
	if (strcmp(encoding, "pulse_distance") == 0) {
		struct pulse_distance_timings t = {
			.header_pulse = get(v, "header_pulse"),
			.header_space = get(v, "header_space"),
			.bit_pulse = get(v, "bit_pulse"),
			.bit_0_space = get(v, "bit_0_space"),
			.bit_1_space = get(v, "bit_1_space"),
			.trailer_pulse = get(v, "trailer_pulse"),
			.bits = get(v, "bits"),
			.reverse = get(v, "reverse"),
		};

		return v->missing ? -EINVAL : encode_pulse_distance(s, &t, value);
	}
	if (strcmp(encoding, "pulse_length") == 0) {
		struct pulse_length_timings t = {
			.header_pulse = get(v, "header_pulse"),
			.header_space = get(v, "header_space"),
			.bit_space = get(v, "bit_space"),
			.bit_0_pulse = get(v, "bit_0_pulse"),
			.bit_1_pulse = get(v, "bit_1_pulse"),
			.trailer_pulse = get(v, "trailer_pulse"),
			.bits = get(v, "bits"),
			.reverse = get(v, "reverse"),
		};

		return v->missing ? -EINVAL : encode_pulse_length(s, &t, value);
	}
	if (strcmp(encoding, "manchester") == 0) {
		struct manchester_timings t = {
			.header_pulse = get(v, "header_pulse"),
			.header_space = get(v, "header_space"),
			.zero_pulse = get(v, "zero_pulse"),
			.zero_space = get(v, "zero_space"),
			.one_pulse = get(v, "one_pulse"),
			.one_space = get(v, "one_space"),
			.bits = get(v, "bits"),
		};

		return v->missing ? -EINVAL : encode_manchester(s, &t, value);
	}
	if (strcmp(encoding, "rc_mm") == 0) {
		struct rc_mm_timings t = {
			.header_pulse = get(v, "header_pulse"),
			.header_space = get(v, "header_space"),
			.bit_pulse = get(v, "bit_pulse"),
			.bit_space = { get(v, "bit_0_space"), get(v, "bit_1_space"),
				       get(v, "bit_2_space"), get(v, "bit_3_space") },
			.trailer_pulse = get(v, "trailer"),
			.bits = get(v, "bits"),
		};

		return v->missing ? -EINVAL : encode_rc_mm_generic(s, &t, value);
	}
	if (strcmp(encoding, "imon_rsc") == 0) {
		unsigned int bits = get(v, "bits");
		bool long_header = get(v, "long_header");

		return v->missing ? -EINVAL : encode_imon_rsc(s, value, bits, long_header);
	}
	if (strcmp(encoding, "grundig") == 0)
		return encode_grundig(s, value);
	if (strcmp(encoding, "samsung36") == 0)
		return encode_samsung36(s, value);
	if (strcmp(encoding, "xbox_dvd") == 0)
		return encode_xbox_dvd(s, value);
	return -ENOENT;
}

int main(int argc, char **argv)
{
	struct named_values v = { .count = 0 };
	unsigned long long value, number;
	struct ir_signal s;
	size_t i, first;
	int ret;

	if (argc < 3 || argc - 3 > ARGS_MAX) {
		fprintf(stderr, "usage: ir-encode-generic ENCODING VALUE [NAME=NUMBER]...\n");
		return 2;
	}
	if (parse_number(argv[2], UINT64_MAX, &value) < 0) {
		fprintf(stderr, "ir-encode-generic: bad value '%s'\n", argv[2]);
		return 2;
	}
	for (i = 3; i < (size_t)argc; i++) {
		char *eq = strchr(argv[i], '=');

		if (!eq || parse_number(eq + 1, UINT32_MAX, &number) < 0) {
			fprintf(stderr, "ir-encode-generic: '%s': NAME=NUMBER expected\n", argv[i]);
			return 2;
		}
		*eq = '\0';
		v.names[v.count] = argv[i];
		v.values[v.count++] = number;
	}

	ir_signal_init(&s);
	ret = encode(&s, argv[1], value, &v);
	if (ret == -ENOENT) {
		fprintf(stderr, "ir-encode-generic: unknown encoding '%s'\n", argv[1]);
		goto out;
	}
	if (v.missing) {
		fprintf(stderr, "ir-encode-generic: %s needs %s=\n", argv[1], v.missing);
		goto out;
	}
	for (i = 0; i < v.count; i++) {
		if (!v.used[i]) {
			fprintf(stderr, "ir-encode-generic: %s has no timing '%s'\n", argv[1],
				v.names[i]);
			ret = -EINVAL;
			goto out;
		}
	}
	if (ret < 0) {
		fprintf(stderr, "ir-encode-generic: %s of 0x%llx: %s\n", argv[1], value,
			strerror(-ret));
		goto out;
	}
	/* What is sent starts and ends with a pulse: leading and trailing silence goes. */
	first = 0;
	while (first < s.count && !LIRC_IS_PULSE(s.samples[first]))
		first++;
	while (s.count > first && !LIRC_IS_PULSE(s.samples[s.count - 1]))
		s.count--;
	ret = ir_signal_write_text(stdout, &(struct ir_signal){ s.samples + first,
							       s.count - first, 0 });
	if (ret < 0)
		fprintf(stderr, "ir-encode-generic: writing: %s\n", strerror(-ret));
out:
	ir_signal_free(&s);
	return ret < 0 || v.missing ? 1 : 0;
}
