// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The IRP renderer (utils/irp/irp_render.h): signals worked out by hand from the protocols'
 * IRP (the arithmetic is in the comments), then compared with the independent encoders
 * of tests/encoders, written from the protocols' published timings.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <linux/lirc.h>
#include <stdlib.h>
#include <string.h>

#include "encoders.h"
#include "ir_signal.h"
#include "irp.h"
#include "irp_render.h"
#include "test-main.h"

#define NEC1 "{38.4k,564}<1,-1|1,-3>(16,-8,D:8,S:8,F:8,~F:8,1,^108m,(16,-4,1,^108m)*)" \
	"[D:0..255,S:0..255=255-D,F:0..255]"
#define RC5 "{36k,msb,889}<1,-1|-1,1>((1,~F:1:6,T:1,D:5,F:6,^114m)*,T=1-T)" \
	"[D:0..31,F:0..127,T@:0..1=0]"
#define SONY12 "{40k,600}<1,-1|2,-1>(4,-1,F:7,D:5,^45m)*[D:0..31,F:0..127]"

struct expected {
	int32_t d[512];
	size_t count;
};

static void add(struct expected *e, int32_t us)
{
	ck_assert_uint_lt(e->count, 512);
	/* merged as a receiver would */
	if (e->count && (e->d[e->count - 1] > 0) == (us > 0))
		e->d[e->count - 1] += us;
	else
		e->d[e->count++] = us;
}

/* bits as written ("00100000"), each one pulse then space */
static void add_bits(struct expected *e, const char *bits, int32_t pulse0, int32_t space0,
		     int32_t pulse1, int32_t space1)
{
	for (; *bits; bits++) {
		add(e, *bits == '1' ? pulse1 : pulse0);
		add(e, *bits == '1' ? space1 : space0);
	}
}

/* RC5-style halves: "P" a pulse of half µs, "S" a space */
static void add_halves(struct expected *e, const char *halves, int32_t half)
{
	for (; *halves; halves++)
		if (*halves != ' ')
			add(e, *halves == 'P' ? half : -half);
}

static struct irp_protocol *parse(const char *text)
{
	struct irp_protocol *p;
	struct ir_error err = { "" };

	ck_assert_msg(irp_parse(text, strlen(text), &p, &err) == 0, "%s", err.message);
	return p;
}

static struct irp_env *env_with(const struct irp_protocol *p, const char *names)
{
	struct ir_error err = { "" };
	struct irp_env *env;
	char copy[256], *name, *save;

	ck_assert_int_eq(irp_env_new(&env), 0);
	snprintf(copy, sizeof(copy), "%s", names);
	for (name = strtok_r(copy, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(name, '=');

		*eq = '\0';
		ck_assert_int_eq(irp_env_set(env, name, strtoll(eq + 1, NULL, 0)), 0);
	}
	ck_assert_msg(irp_env_prepare(env, p, &err) == 0, "%s", err.message);
	return env;
}

static void render(const struct irp_protocol *p, struct irp_env *env, unsigned int repeats,
		   bool ending, struct irp_signal *signal)
{
	struct irp_render_options options = { repeats, ending };
	struct ir_error err = { "" };

	memset(signal, 0, sizeof(*signal));
	ck_assert_msg(irp_render(p, env, &options, signal, &err) == 0, "%s", err.message);
}

static void signal_is(const struct irp_signal *s, const struct expected *e)
{
	size_t i;

	ck_assert_uint_eq(s->count, e->count);
	for (i = 0; i < e->count; i++)
		ck_assert_msg(s->durations[i] == e->d[i], "duration %zu: %d, not %d", i,
			      s->durations[i], e->d[i]);
}

static void render_is(const char *text, const char *names, unsigned int repeats, bool ending,
		      const int32_t *durations, size_t count)
{
	struct irp_protocol *p = parse(text);
	struct irp_env *env = env_with(p, names);
	struct expected e = { .count = 0 };
	struct irp_signal s;
	size_t i;

	for (i = 0; i < count; i++)
		e.d[e.count++] = durations[i];
	render(p, env, repeats, ending, &s);
	signal_is(&s, &e);
	irp_signal_free(&s);
	irp_env_free(env);
	irp_protocol_free(p);
}

#define RENDER_IS(text, names, repeats, ending, ...) do {			\
	static const int32_t durations_[] = { __VA_ARGS__ };			\
	render_is(text, names, repeats, ending, durations_,			\
		  sizeof(durations_) / sizeof(durations_[0]));			\
} while (0)

START_TEST(test_nec1_by_hand)
{
	struct irp_protocol *p = parse(NEC1);
	struct irp_env *env = env_with(p, "D=4,F=8");
	struct expected e = { .count = 0 };
	struct irp_signal s;

	/*
	 * Unit 564 µs: header 16 and 8 units = 9024 and 4512 µs. Then LSB first, a 0 being
	 * 564/564 and a 1 564/1692: D = 4 is 00100000, S = 255 - 4 = 251 is 11011111,
	 * F = 8 is 00010000, ~F = 247 is 11101111. 16 ones: the bits last 32 * 1128 +
	 * 16 * 1128 = 54144 µs. A 564 µs stop pulse: 9024 + 4512 + 54144 + 564 = 68244 µs,
	 * so the extent leaves a space of 108000 - 68244 = 39756 µs. Each ditto is 9024,
	 * 2256, 564, and 108000 - 11844 = 96156.
	 */
	add(&e, 9024);
	add(&e, -4512);
	add_bits(&e, "00100000" "11011111" "00010000" "11101111", 564, -564, 564, -1692);
	add(&e, 564);
	add(&e, -39756);
	render(p, env, 0, false, &s);
	signal_is(&s, &e);
	irp_signal_free(&s);

	add(&e, 9024);
	add(&e, -2256);
	add(&e, 564);
	add(&e, -96156);
	add(&e, 9024);
	add(&e, -2256);
	add(&e, 564);
	add(&e, -96156);
	render(p, env, 2, false, &s);
	signal_is(&s, &e);
	ck_assert(s.frequency == 38400);
	irp_signal_free(&s);
	irp_env_free(env);
	irp_protocol_free(p);
}
END_TEST

START_TEST(test_rc5_by_hand_with_toggle)
{
	struct irp_protocol *p = parse(RC5);
	struct irp_env *env = env_with(p, "D=5,F=53");
	struct expected e = { .count = 0 };
	struct irp_signal s;

	/*
	 * MSB first, 889 µs halves, a 0 pulse-space and a 1 space-pulse. A pulse "1"; ~F:1:6
	 * with F = 53 = 0110101 (bit 6 is 0) is 1; T = 0; D = 5 is 00101; F:6 = 110101.
	 * 27 halves are 24003 µs: the extent leaves 114000 - 24003 = 89997 µs.
	 */
	add_halves(&e, "P SP PS PS PS SP PS SP SP SP PS SP PS SP", 889);
	add(&e, -89997);
	render(p, env, 1, false, &s);
	signal_is(&s, &e);
	irp_signal_free(&s);

	/* T = 1 - T after the press: the next press has T = 1 */
	e.count = 0;
	add_halves(&e, "P SP SP PS PS SP PS SP SP SP PS SP PS SP", 889);
	add(&e, -89997);
	render(p, env, 1, false, &s);
	signal_is(&s, &e);
	irp_signal_free(&s);
	irp_env_free(env);
	irp_protocol_free(p);
}
END_TEST

START_TEST(test_sony12_by_hand)
{
	struct irp_protocol *p = parse(SONY12);
	struct irp_env *env = env_with(p, "D=1,F=21");
	struct expected e = { .count = 0 };
	struct irp_signal s;
	int frame;

	/*
	 * Unit 600 µs, LSB first, a 0 600/600 and a 1 1200/600. Header 2400/600; F = 21 is
	 * 1010100, D = 1 is 10000: 4 ones, so 2400 + 600 + 12 * 1200 + 4 * 600 = 19800 µs
	 * to the end of the last bit, and the extent adds 45000 - 19800 = 25200 µs to the
	 * last bit's 600 µs space.
	 */
	for (frame = 0; frame < 3; frame++) {
		add(&e, 2400);
		add(&e, -600);
		add_bits(&e, "1010100" "10000", 600, -600, 1200, -600);
		add(&e, -25200);
	}
	render(p, env, 3, false, &s);
	signal_is(&s, &e);
	ck_assert(s.frequency == 40000);
	irp_signal_free(&s);
	irp_env_free(env);
	irp_protocol_free(p);
}
END_TEST

/* Within 1 % (the encoders use the published round timings, IRP units of 564 µs...). */
static void close_to_encoder(const struct irp_signal *s, const struct ir_signal *encoded)
{
	size_t i, n = s->count;

	ck_assert_uint_eq(n, encoded->count);
	for (i = 0; i < n; i++) {
		int32_t mine = s->durations[i];
		uint32_t sample = encoded->samples[i];
		int32_t theirs = (int32_t)LIRC_VALUE(sample);

		if (LIRC_IS_SPACE(sample) || LIRC_IS_TIMEOUT(sample))
			theirs = -theirs;
		ck_assert_msg(abs(mine - theirs) * 100 <= abs(theirs), "sample %zu: %d and %d",
			      i, mine, theirs);
	}
}

START_TEST(test_against_independent_encoders)
{
	static const struct {
		unsigned int d, f;
	} values[] = { { 0, 0 }, { 4, 8 }, { 31, 127 }, { 0x1a, 0x55 }, { 17, 64 } };
	size_t i;

	for (i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		unsigned int d = values[i].d, f = values[i].f;
		struct ir_signal encoded;
		struct irp_protocol *p;
		struct irp_env *env;
		struct irp_signal s;
		char names[64];
		int toggle;

		/* NEC1 with its default S = ~D is the kernel's NEC scancode D << 8 | F */
		p = parse(NEC1);
		snprintf(names, sizeof(names), "D=%u,F=%u", d, f);
		env = env_with(p, names);
		render(p, env, 0, false, &s);
		ir_signal_init(&encoded);
		ck_assert_int_eq(encode_nec(&encoded, RC_PROTO_NEC, d << 8 | f), 0);
		close_to_encoder(&s, &encoded);
		irp_signal_free(&s);
		ir_signal_free(&encoded);
		irp_env_free(env);
		irp_protocol_free(p);

		/* RC5: scancode D << 8 | F; two presses toggle */
		p = parse(RC5);
		env = env_with(p, names);
		for (toggle = 0; toggle < 2; toggle++) {
			render(p, env, 1, false, &s);
			ir_signal_init(&encoded);
			ck_assert_int_eq(encode_rc5(&encoded, RC_PROTO_RC5, d << 8 | f, toggle), 0);
			/*
			 * The encoder starts a frame with the idle line's half-bit space
			 * and counts the period from there; IRP starts at the first pulse.
			 */
			if (encoded.count > 1 && LIRC_IS_SPACE(encoded.samples[0])) {
				uint32_t idle = LIRC_VALUE(encoded.samples[0]);

				memmove(encoded.samples, encoded.samples + 1,
					--encoded.count * sizeof(encoded.samples[0]));
				encoded.samples[encoded.count - 1] += idle;
			}
			close_to_encoder(&s, &encoded);
			irp_signal_free(&s);
			ir_signal_free(&encoded);
		}
		irp_env_free(env);
		irp_protocol_free(p);

		/* Sony12: scancode D << 16 | F */
		p = parse(SONY12);
		env = env_with(p, names);
		render(p, env, 1, false, &s);
		ir_signal_init(&encoded);
		ck_assert_int_eq(encode_sony(&encoded, RC_PROTO_SONY12, d << 16 | f), 0);
		close_to_encoder(&s, &encoded);
		irp_signal_free(&s);
		ir_signal_free(&encoded);
		irp_env_free(env);
		irp_protocol_free(p);
	}
}
END_TEST

START_TEST(test_variations_and_repeats)
{
	/* intro, repeat, repeat, then the ending */
	RENDER_IS("{0k,1u}<1,-1|1,-2>([10][20][30],-5)+", "", 3, true,
		  10, -5, 20, -5, 20, -5, 30, -5);
	RENDER_IS("{0k,1u}<1,-1|1,-2>([10][20][30],-5)+", "", 3, false, 10, -5, 20, -5, 20, -5);
	/* "+" sends once even with no repeat; "*" does not */
	RENDER_IS("{0k,1u}<1,-1|1,-2>([10][20][30],-5)+", "", 0, false, 10, -5);
	RENDER_IS("{0k,1u}<1,-1|1,-2>(7,(8,-1)*)", "", 0, false, 7);
	/* an empty alternative: nothing in that pass; two alternatives: no ending */
	RENDER_IS("{0k,1u}<1|2>([][7][9],-3)*", "", 2, false, 7, -3);
	RENDER_IS("{0k,1u}<1|2>([7][8],-3)*", "", 2, true, 7, -3, 8, -3);
	/* counts: 2, and 3+ with fewer repeats asked */
	RENDER_IS("{0k,1u}<1|2>((4,-1)2,(5,-1)3+)", "", 1, false, 4, -1, 4, -1, 5, -1, 5, -1,
		  5, -1);
	/* assignments as they go: T=T+1 after each frame of three */
	RENDER_IS("{0k,1u}<1,-1|2,-1>((T:2,T=T+1)3)", "T=1", 0, false,
		  2, -1, 1, -1, 1, -1, 2, -1, 2, -1, 2, -1);
}
END_TEST

START_TEST(test_units_bitspecs_extents)
{
	/* unit 2 periods of 10 kHz = 200 µs: 3 units 600, 1u 1, 2m 2000, 1p 100 */
	RENDER_IS("{10k,2p}<1|2>(3,-1u,2m,-1p)", "", 0, false, 600, -1, 2000, -100);
	/* a space of 0.3 µs is left out, and the pulses around it merge */
	RENDER_IS("{0k,1u}<1|2>(5,-.3,5,-1)", "", 0, false, 10, -1);
	/* decimals are exact: 2.6 units of 100 µs */
	RENDER_IS("{0k,100}<1|2>(2.6,-.5)", "", 0, false, 260, -50);
	/* a duration named: -zeroGap */
	RENDER_IS("{0k,10}<1|2>(3,-G)", "G=7", 0, false, 30, -70);
	/*
	 * A nested bitspec (arctech's): D = 1 LSB first is the symbols 1 then 0; symbol 1 is
	 * 2:2 in the outer bitspec, LSB first 0 then 1; symbol 0 is 0:2, 0 then 0.
	 */
	RENDER_IS("{0k,1u}<1,-3|3,-1>(<0:2|2:2>(D:2))", "D=1", 0, false,
		  1, -3, 3, -1, 1, -3, 1, -3);
	/* four symbols, MSB first: 13 = 11 01 gives symbols 3 then 1 */
	RENDER_IS("{0k,1u,msb}<1,-1|1,-2|1,-3|1,-4>(D:4)", "D=13", 0, false, 1, -4, 1, -2);
	/*
	 * LSB first: 13 = 11 01 is sent 1, 0, 1, 1, and a symbol is its 2 bits' value, the
	 * first sent its least significant: symbols 01 = 1 then 11 = 3
	 */
	RENDER_IS("{0k,1u}<1,-1|1,-2|1,-3|1,-4>(D:4)", "D=13", 0, false, 1, -2, 1, -4);
	/*
	 * Epson's frame as a real remote sends it (an IrScope capture of an Epson projector
	 * remote: 2323, -594, then 567, -594, 1161, -621, 540, -621, 540, -1188 µs for its
	 * D = 98 = 01 10 00 10): the symbols of 1,-1, 2,-1, 1,-1, 1,-2 are 2, 0, 2, 1, the
	 * 2-bit groups of 98 from the lowest.
	 */
	RENDER_IS("{38.4k,577}<2,-1|1,-2|1,-1|2,-2>(4,-1,D:8)", "D=98", 0, false,
		  2308, -577, 577, -577, 1154, -577, 577, -577, 577, -1154);
	/*
	 * Consecutive bitfields are one bit stream (Grundig16's T:1,F:8,D:7): MSB first,
	 * A = 1 (1 bit) then B = 2 (3 bits, 010) are 1010: symbols 2 then 2.
	 */
	RENDER_IS("{0k,1u,msb}<1,-1|1,-2|1,-3|1,-4>(A:1,B:3)", "A=1,B=2", 0, false,
		  1, -3, 1, -3);
	/*
	 * LSB first: A = 1 then B = 2 (3 bits) are sent 1, 0, 1, 0, the first of each pair
	 * the least significant: symbols 01 = 1 then 01 = 1; A = 0, B = 1 are sent 0, 1,
	 * 0, 0: symbols 10 = 2 then 0
	 */
	RENDER_IS("{0k,1u}<1,-1|1,-2|1,-3|1,-4>(A:1,B:3)", "A=1,B=2", 0, false,
		  1, -2, 1, -2);
	RENDER_IS("{0k,1u}<1,-1|1,-2|1,-3|1,-4>(A:1,B:3)", "A=0,B=1", 0, false,
		  1, -3, 1, -1);
	/* reversed width, complement, chop */
	RENDER_IS("{0k,1u}<1,-1|2,-2>(D:-2,~D:1:1)", "D=1", 0, false, 1, -1, 2, -2, 2, -2);
	/* an extent in each repetition, counted from its start; a second extent from the first */
	RENDER_IS("{0k,1u}<1|2>((3,-1,^10,2,^5)2)", "", 0, false, 3, -7, 2, -3, 3, -7, 2, -3);
}
END_TEST

static void render_fails(const char *text, int code, const char *message)
{
	struct irp_protocol *p = parse(text);
	struct irp_render_options options = { 1, false };
	struct ir_error err = { "" };
	struct irp_signal s;
	struct irp_env *env;

	memset(&s, 0, sizeof(s));
	ck_assert_int_eq(irp_env_new(&env), 0);
	ck_assert_int_eq(irp_render(p, env, &options, &s, &err), code);
	ck_assert_str_eq(err.message, message);
	irp_signal_free(&s);
	irp_env_free(env);
	irp_protocol_free(p);
}

START_TEST(test_render_errors)
{
	render_fails("{}<A:1|2>(0:1)", -EINVAL, "irp:4: a bitfield outside any bitspec");
	render_fails("{}<1|2|3>(1:1)", -EINVAL, "irp:3: a bitspec of 3 symbols is not a power of two");
	render_fails("{}<1|2|3|4>(1:3)", -EINVAL,
		     "irp:13: bits left over, short of a symbol of the bitspec: 1");
	render_fails("{}<1|2|3|4>(1:1,2,1:1)", -EINVAL,
		     "irp:13: bits left over, short of a symbol of the bitspec: 1");
	render_fails("{}<1|2>(1::3)", -EINVAL, "irp:9: an infinite bitfield cannot be sent");
	render_fails("{0k}<1|2>(1p)", -EINVAL, "irp:11: a duration in periods with no carrier");
	render_fails("{0k,1p}<1|2>(1)", -EINVAL, "irp: a unit in periods with no carrier");
	render_fails("{0k,1u}<1|2>(5,^3)", -EINVAL,
		     "irp:16: the extent of 3 µs is shorter than the 5 µs before it");
	render_fails("{}<1|2>(-G)", -ENOENT, "irp:9: 'G' has no value");
	render_fails("{}<1|2>(D:8)", -ENOENT, "irp:9: 'D' has no value");
	render_fails("{0k,1u}<1|2>((((1,-1)1000)1000)1000)", -E2BIG,
		     "irp: more than 1000000 steps to render");
	/* a body of nothing repeated without end is bounded too */
	render_fails("{0k,1u}<1|2>(()18446744073709551615)", -E2BIG,
		     "irp: more than 1000000 steps to render");
}
END_TEST

START_TEST(test_evaluations_bounded_in_all)
{
	/* A0 costs about 3 * 2^17 = 400000 nodes, under one evaluation's budget; 30 of them
	 * pass the rendering's 10 million */
	struct irp_protocol *p = parse("{0k,1u}<1|2>((A0:1)30){A0=A1+A1,A1=A2+A2,A2=A3+A3,"
		"A3=A4+A4,A4=A5+A5,A5=A6+A6,A6=A7+A7,A7=A8+A8,A8=A9+A9,A9=A10+A10,A10=A11+A11,"
		"A11=A12+A12,A12=A13+A13,A13=A14+A14,A14=A15+A15,A15=A16+A16,A16=A17+A17,A17=1}");
	struct irp_render_options options = { 1, false };
	struct ir_error err = { "" };
	struct irp_signal s;
	struct irp_env *env = env_with(p, "");
	int64_t value;

	memset(&s, 0, sizeof(s));
	ck_assert_int_eq(irp_render(p, env, &options, &s, &err), -E2BIG);
	ck_assert_msg(strstr(err.message, "the evaluations' limit is reached"), "%s", err.message);
	/* the limit ends with the rendering */
	ck_assert_int_eq(irp_eval(p->stream->body.items[0].stream->body.items[0].bitfield, env,
				  &value, &err), 0);
	irp_signal_free(&s);
	irp_env_free(env);
	irp_protocol_free(p);
}
END_TEST

START_TEST(test_every_database_protocol_renders)
{
	FILE *f = fopen(TOP_SRCDIR "/utils/irp/protocols.tsv", "r");
	unsigned int count = 0, rendered = 0;
	char line[8192];

	ck_assert_ptr_nonnull(f);
	while (fgets(line, sizeof(line), f)) {
		struct irp_render_options options = { 2, true };
		struct ir_error err = { "" };
		char *name = line, *irp, *end;
		struct irp_protocol *p;
		struct irp_signal s;
		struct irp_env *env;
		size_t i;

		if (line[0] == '#' || strncmp(line, "name\t", 5) == 0)
			continue;
		irp = strchr(line, '\t');
		*irp++ = '\0';
		end = strchr(irp, '\t');
		*end = '\0';
		count++;
		p = parse(irp);
		/* NEC-Shirriff declares no parameters: data and length have no value */
		if (!p->has_parameter_specs) {
			irp_protocol_free(p);
			continue;
		}
		ck_assert_int_eq(irp_env_new(&env), 0);
		for (i = 0; i < p->parameter_count; i++)
			if (!p->parameters[i].default_value)
				ck_assert_int_eq(irp_env_set(env, p->parameters[i].name,
					(int64_t)(p->parameters[i].min / 2 + p->parameters[i].max / 2)), 0);
		ck_assert_msg(irp_env_prepare(env, p, &err) == 0, "%s: %s", name, err.message);
		memset(&s, 0, sizeof(s));
		ck_assert_msg(irp_render(p, env, &options, &s, &err) == 0, "%s: %s", name,
			      err.message);
		ck_assert_msg(s.count >= 2, "%s: %zu durations", name, s.count);
		for (i = 0; i < s.count; i++)
			ck_assert_msg(s.durations[i] != 0 && (i == 0 || (s.durations[i] > 0) !=
				      (s.durations[i - 1] > 0)), "%s: duration %zu", name, i);
		rendered++;
		irp_signal_free(&s);
		irp_env_free(env);
		irp_protocol_free(p);
	}
	fclose(f);
	ck_assert_uint_eq(count, 219);
	ck_assert_uint_eq(rendered, 218);
}
END_TEST

static Suite *irp_render_suite(void)
{
	Suite *s = suite_create("irp_render");
	TCase *tc;

	tc = tcase_create("by hand");
	tcase_add_test(tc, test_nec1_by_hand);
	tcase_add_test(tc, test_rc5_by_hand_with_toggle);
	tcase_add_test(tc, test_sony12_by_hand);
	tcase_add_test(tc, test_variations_and_repeats);
	tcase_add_test(tc, test_units_bitspecs_extents);
	tcase_add_test(tc, test_render_errors);
	suite_add_tcase(s, tc);

	/* 10 million evaluation steps: seconds under the sanitizers */
	tc = tcase_create("limits");
	tcase_add_test(tc, test_evaluations_bounded_in_all);
	tcase_set_timeout(tc, 300);
	suite_add_tcase(s, tc);

	tc = tcase_create("encoders");
	tcase_add_test(tc, test_against_independent_encoders);
	tcase_add_test(tc, test_every_database_protocol_renders);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = irp_render_suite);
