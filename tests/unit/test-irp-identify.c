// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Every protocol of the IRP database at once (utils/irp/irp_identify.h): a rendering of
 * random parameters of each protocol that compiles (utils/irp/irp_render.c, independent of
 * the compiler) must be named by its own decode with the rendered parameters, or by a
 * decode of a protocol that prefers over it, as the database's prefer-over says (read
 * here from the database text, apart from the module's reading). The exceptions are in
 * irp-identify-exceptions.txt with their reasons; irp-compile-exceptions.txt lists the
 * protocols that do not compile or do not decode alone.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <linux/lirc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "irp.h"
#include "irp_database.h"
#include "irp_identify.h"
#include "irp_render.h"
#include "exception-list.h"
#include "irp-random.h"
#include "test-main.h"

#define COMPILE_EXCEPTIONS_TXT TOP_SRCDIR "/tests/unit/irp-compile-exceptions.txt"
#define IDENTIFY_EXCEPTIONS_TXT TOP_SRCDIR "/tests/unit/irp-identify-exceptions.txt"

/* One identify for the whole suite: compiling the database is the slow part. */
static struct irp_identify *shared;

static void setup_identify(void)
{
	struct ir_error err = { "" };

	ck_assert_msg(irp_identify_new(&shared, &err) == 0, "%s", err.message);
}

static void teardown_identify(void)
{
	irp_identify_free(shared);
	shared = NULL;
}

/* Back to the start of a signal: a long space and a timeout end whatever was going on. */
static void settle(struct irp_identify *identify)
{
	struct ir_error err = { "" };

	ck_assert_int_eq(irp_identify_sample(identify, LIRC_SPACE(500000), &err), 0);
	ck_assert_int_eq(irp_identify_sample(identify, LIRC_TIMEOUT(125000), &err), 0);
}

struct seen {
	char names[64][64];
	uint64_t values[64][8];
	size_t count;
};

/*
 * The signal's durations then a timeout; the decodes of every sample that ir-keytable
 * prints kept in seen: the one chosen for each message, not its alternatives, and not
 * again on a repeat.
 */
static void identify_signal(struct irp_identify *identify, const int32_t *d, size_t n,
			    struct seen *seen)
{
	struct ir_error err = { "" };
	size_t i, k, v;

	seen->count = 0;
	for (i = 0; i <= n; i++) {
		uint32_t sample = i == n ? LIRC_TIMEOUT(125000) : d[i] > 0 ?
				  LIRC_PULSE((uint32_t)d[i]) : LIRC_SPACE((uint32_t)-d[i]);

		ck_assert_msg(irp_identify_sample(identify, sample, &err) == 0, "%s",
			      err.message);
		for (k = 0; k < irp_identify_decode_count(identify) && seen->count < 64; k++) {
			const struct irp_identify_decode *dec = irp_identify_decode_at(identify,
										      k);

			if (dec->alternative || dec->repeat)
				continue;
			snprintf(seen->names[seen->count], 64, "%s",
				 irp_identify_entry(identify, dec->protocol)->name);
			for (v = 0; v < dec->value_count && v < 8; v++)
				seen->values[seen->count][v] = dec->values[v];
			seen->count++;
		}
	}
}

static size_t render_values(const char *name, const uint64_t *values, int32_t *d,
			    size_t max, unsigned int repeats)
{
	const struct irp_database_entry *entry = irp_database_find(name);
	struct irp_render_options options = { .repeats = repeats };
	struct irp_signal signal = { 0 };
	struct ir_error err = { "" };
	struct irp_protocol *p;
	struct irp_env *env;
	size_t i, n;

	ck_assert_int_eq(irp_parse(entry->irp, strlen(entry->irp), &p, &err), 0);
	ck_assert_int_eq(irp_env_new(&env), 0);
	for (i = 0; i < p->parameter_count; i++)
		ck_assert_int_eq(irp_env_set(env, p->parameters[i].name, (int64_t)values[i]), 0);
	ck_assert_msg(irp_env_prepare(env, p, &err) == 0, "%s", err.message);
	ck_assert_msg(irp_render(p, env, &options, &signal, &err) == 0, "%s", err.message);
	ck_assert_uint_le(signal.count, max);
	n = signal.count;
	memcpy(d, signal.durations, n * sizeof(*d));
	irp_signal_free(&signal);
	irp_env_free(env);
	irp_protocol_free(p);
	return n;
}

/*
 * NEC1's frame with its dittos. The frame alone is NEC's: NEC1 is reject-repeatless
 * and NEC (decode-only) is the frame with no repeat. When its ditto comes, NEC1, which
 * prefers over NEC, Pioneer (the same frame at 40 kHz: a capture has no carrier) and the
 * f16 forms; once, not again on the second ditto.
 */
START_TEST(test_nec1_prefers_over)
{
	static const uint64_t values[] = { 4, 251, 8 };
	int32_t d[512];
	size_t n = render_values("NEC1", values, d, 512, 2), i;
	struct seen seen;

	settle(shared);
	identify_signal(shared, d, n, &seen);
	ck_assert_uint_eq(seen.count, 2);
	ck_assert_str_eq(seen.names[0], "NEC");
	ck_assert_str_eq(seen.names[1], "NEC1");
	for (i = 0; i < seen.count; i++) {
		ck_assert_uint_eq(seen.values[i][0], 4);
		ck_assert_uint_eq(seen.values[i][1], 251);
		ck_assert_uint_eq(seen.values[i][2], 8);
	}
}
END_TEST

/*
 * A lone NEC frame, one name: NEC. NEC1, NEC2, Roku and Roku-8bit are reject-repeatless
 * (their repeat is missing), Pioneer is the same frame and only an alternative.
 */
START_TEST(test_lone_frame_one_name)
{
	static const uint64_t values[] = { 4, 251, 8 };
	int32_t d[512];
	size_t n = render_values("NEC", values, d, 512, 0);
	struct seen seen;

	settle(shared);
	identify_signal(shared, d, n, &seen);
	ck_assert_uint_eq(seen.count, 1);
	ck_assert_str_eq(seen.names[0], "NEC");
	ck_assert_uint_eq(seen.values[0][2], 8);
}
END_TEST

/*
 * A NECx frame (Samsung's TVs) is NECx, NECx3 (the same first frame, another repeat)
 * and, reject-repeatless, NECx1 and NECx2: one name, NECx, the first in the database
 * of the two that say as much about the frame.
 */
START_TEST(test_necx_one_name)
{
	static const uint64_t values[] = { 7, 7, 2 };
	int32_t d[512];
	size_t n = render_values("NECx", values, d, 512, 0);
	struct seen seen;

	settle(shared);
	identify_signal(shared, d, n, &seen);
	ck_assert_uint_eq(seen.count, 1);
	ck_assert_str_eq(seen.names[0], "NECx");
}
END_TEST

/*
 * NEC1-rnc's frame (its E is F with its nibbles swapped and inverted) is NEC-f16's
 * too: NEC1-rnc's parameters say less (24 bits to 32), so its checks held where
 * NEC-f16's hold for any frame. At its ditto, NEC1-f16 (reject-repeatless) decodes
 * and NEC1-rnc prefers over it: NEC1-rnc alone.
 */
START_TEST(test_fewer_parameter_bits)
{
	static const uint64_t values[] = { 1, 254, 41 };
	int32_t d[512];
	size_t n = render_values("NEC1-rnc", values, d, 512, 2);
	struct seen seen;

	settle(shared);
	identify_signal(shared, d, n, &seen);
	ck_assert_uint_eq(seen.count, 1);
	ck_assert_str_eq(seen.names[0], "NEC1-rnc");
	ck_assert_uint_eq(seen.values[0][2], 41);
}
END_TEST

/*
 * Kathrein's frame is Dgtec's with D's two nibbles complementary, and Kathrein sends
 * its repeat at least once ("+"): its frame alone is Dgtec's message, not a Kathrein
 * message cut short; with its repeat, Kathrein.
 */
START_TEST(test_required_repeat)
{
	static const uint64_t dgtec[] = { 240, 21 }, kathrein[] = { 0, 21 };
	int32_t d[512];
	size_t n = render_values("Dgtec", dgtec, d, 512, 0);
	struct seen seen;

	settle(shared);
	identify_signal(shared, d, n, &seen);
	ck_assert_uint_eq(seen.count, 1);
	ck_assert_str_eq(seen.names[0], "Dgtec");
	ck_assert_uint_eq(seen.values[0][0], 240);
	n = render_values("Kathrein", kathrein, d, 512, 1);
	settle(shared);
	identify_signal(shared, d, n, &seen);
	ck_assert_uint_ge(seen.count, 1);
	ck_assert_str_eq(seen.names[seen.count - 1], "Kathrein");
	ck_assert_uint_eq(seen.values[seen.count - 1][1], 21);
}
END_TEST

/*
 * A remote that sends its whole Dgtec frame again 27 ms after it, where the IRP's
 * extent leaves 41 ms: each frame is still a message (a gap of 20 ms on ends one, and
 * starts the next), named Dgtec with its parameters.
 */
START_TEST(test_early_repeat)
{
	static const uint64_t values[] = { 129, 20 };
	int32_t frame[512], d[1536];
	size_t n = render_values("Dgtec", values, frame, 512, 0), k, i;
	struct seen seen;

	frame[n - 1] = -27000;
	for (k = 0; k < 3; k++)
		memcpy(&d[k * n], frame, n * sizeof(*frame));
	settle(shared);
	identify_signal(shared, d, 3 * n, &seen);
	ck_assert_uint_eq(seen.count, 3);
	for (i = 0; i < seen.count; i++) {
		ck_assert_str_eq(seen.names[i], "Dgtec");
		ck_assert_uint_eq(seen.values[i][0], 129);
		ck_assert_uint_eq(seen.values[i][1], 20);
	}
}
END_TEST

/*
 * Emerson (36.7 kHz, 872 µs) prefers over ScAtl-6 (57.6 kHz, 846 µs): a rule for a
 * decoder that knows the carrier, which a capture does not have. Each rendering is
 * named as its own protocol, the closer fit of the two.
 */
START_TEST(test_carriers_apart)
{
	static const uint64_t values[] = { 26, 53 };
	int32_t d[512];
	size_t n = render_values("ScAtl-6", values, d, 512, 1), i;
	struct seen seen;

	settle(shared);
	identify_signal(shared, d, n, &seen);
	ck_assert_uint_ge(seen.count, 1);
	for (i = 0; i < seen.count; i++)
		ck_assert_str_eq(seen.names[i], "ScAtl-6");
	n = render_values("Emerson", values, d, 512, 1);
	settle(shared);
	identify_signal(shared, d, n, &seen);
	ck_assert_uint_ge(seen.count, 1);
	for (i = 0; i < seen.count; i++)
		ck_assert_str_eq(seen.names[i], "Emerson");
}
END_TEST

static size_t index_of(const char *name)
{
	size_t i;

	for (i = 0; i < irp_identify_protocol_count(shared); i++)
		if (!strcmp(irp_identify_entry(shared, i)->name, name))
			return i;
	ck_abort_msg("%s is not compiled", name);
	return 0;
}

/*
 * The rules themselves: plain names ignoring case, and a condition on the preferring
 * decode's parameters (Pioneer prefers over NEC2 only for D in 160..165 and a few
 * others). No signal shows this one: Roku's frames are NEC frames too, and Roku
 * prefers over NEC2 whatever its parameters.
 */
START_TEST(test_prefer_over_rules)
{
	size_t pioneer = index_of("Pioneer"), nec2 = index_of("NEC2");
	size_t nec1 = index_of("NEC1"), roku = index_of("Roku"), denon = index_of("Denon");
	uint64_t values[3] = { 160, 95, 200 };
	bool prefers;

	ck_assert_int_eq(irp_identify_prefers_over(shared, pioneer, values, nec2, &prefers), 0);
	ck_assert(prefers);
	values[0] = 166;
	ck_assert_int_eq(irp_identify_prefers_over(shared, pioneer, values, nec2, &prefers), 0);
	ck_assert(!prefers);
	values[0] = 175;
	ck_assert_int_eq(irp_identify_prefers_over(shared, pioneer, values, nec2, &prefers), 0);
	ck_assert(prefers);
	/* not the other way round, and only what is listed */
	ck_assert_int_eq(irp_identify_prefers_over(shared, nec2, values, pioneer, &prefers), 0);
	ck_assert(!prefers);
	ck_assert_int_eq(irp_identify_prefers_over(shared, nec1, values, pioneer, &prefers), 0);
	ck_assert(prefers);
	ck_assert_int_eq(irp_identify_prefers_over(shared, nec1, values, nec2, &prefers), 0);
	ck_assert(!prefers);
	ck_assert_int_eq(irp_identify_prefers_over(shared, roku, values, nec2, &prefers), 0);
	ck_assert(prefers);
	/* the last item of a list, before the next key (reject-repeatless=true) */
	ck_assert_int_eq(irp_identify_prefers_over(shared, nec1, values, index_of("NEC"),
						   &prefers), 0);
	ck_assert(prefers);
	/* names with braces: "Denon{1},Denon{2}" */
	ck_assert_int_eq(irp_identify_prefers_over(shared, denon, values,
						   index_of("Denon{2}"), &prefers), 0);
	ck_assert(prefers);
}
END_TEST

/* GwtS's frame of bits with no lead and no gap is found within Panasonic's: not a message. */
START_TEST(test_frames_within_frames)
{
	static const uint64_t values[] = { 128, 0, 61 };
	int32_t d[512];
	size_t n = render_values("Panasonic", values, d, 512, 1);
	struct seen seen;

	settle(shared);
	identify_signal(shared, d, n, &seen);
	ck_assert_uint_eq(seen.count, 1);
	ck_assert_str_eq(seen.names[0], "Panasonic");
	ck_assert_uint_eq(seen.values[0][2], 61);
}
END_TEST

START_TEST(test_noise_is_nothing)
{
	static const int32_t d[] = { 300, -300, 7000, -7000, 300, -20000 };
	struct seen seen;

	settle(shared);
	identify_signal(shared, d, sizeof(d) / sizeof(d[0]), &seen);
	ck_assert_uint_eq(seen.count, 0);
}
END_TEST

/* Whether the database's prefer-over of preferring names protocol (any form). */
static bool prefers_over(const char *preferring, const char *protocol)
{
	const struct irp_database_entry *entry = irp_database_find(preferring);
	const char *value = strstr(entry->parameters, "prefer-over=");
	char copy[1024], *token, *save;

	if (!value)
		return false;
	snprintf(copy, sizeof(copy), "%s", value + strlen("prefer-over="));
	/* items are separated by ',', conditions end with ';': the names are tokens */
	for (token = strtok_r(copy, ",;", &save); token; token = strtok_r(NULL, ",;", &save)) {
		while (*token == ' ')
			token++;
		if (!strncasecmp(token, protocol, strlen(protocol)) &&
		    strspn(token + strlen(protocol), " ") == strlen(token + strlen(protocol)))
			return true;
	}
	return false;
}

/*
 * One rendering of random parameters of protocol index: NULL when a decode names it
 * with those parameters, "preferred over" when only a protocol that prefers over it is
 * named, else why not.
 */
static const char *identify_rendering(struct irp_identify *identify, size_t index,
				      uint64_t *seed, bool ending, char *why, size_t size)
{
	const struct irp_protocol *p = irp_identify_protocol(identify, index);
	const char *name = irp_identify_entry(identify, index)->name;
	struct irp_signal signal = { 0 };
	struct ir_error err = { "" };
	uint64_t values[IRP_RANDOM_PARAMETERS_MAX];
	bool named = false, preferred = false;
	size_t i, k, v;

	irp_random_render(p, seed, ending, values, &signal);
	settle(identify);
	for (i = 0; i <= signal.count && !named; i++) {
		int32_t d = i < signal.count ? signal.durations[i] : 0;
		uint32_t sample = i == signal.count ? LIRC_TIMEOUT(125000) : d > 0 ?
				  LIRC_PULSE((uint32_t)d) : LIRC_SPACE((uint32_t)-d);

		ck_assert_msg(irp_identify_sample(identify, sample, &err) == 0, "%s",
			      err.message);
		for (k = 0; k < irp_identify_decode_count(identify); k++) {
			const struct irp_identify_decode *dec = irp_identify_decode_at(identify,
										      k);
			const char *got = irp_identify_entry(identify, dec->protocol)->name;

			if (dec->protocol != index) {
				preferred = preferred || prefers_over(got, name);
				continue;
			}
			for (v = 0; v < p->parameter_count; v++)
				if (dec->values[v] != values[v] && !p->parameters[v].persistent)
					break;
			if (v == p->parameter_count)
				named = true;
		}
	}
	if (!named && !preferred)
		snprintf(why, size, "not identified");
	else if (!named)
		snprintf(why, size, "preferred over");
	irp_signal_free(&signal);
	return why[0] ? why : NULL;
}

#define TRIALS 6

START_TEST(test_every_protocol_is_identified)
{
	struct exception_list compile_exceptions, exceptions;
	uint64_t seed = 0xfedcba9876543210ull;
	unsigned int checked = 0, listed = 0, problems = 0, preferred_count = 0;
	size_t i;

	exception_list_read(COMPILE_EXCEPTIONS_TXT, &compile_exceptions);
	exception_list_read(IDENTIFY_EXCEPTIONS_TXT, &exceptions);
	for (i = 0; i < irp_identify_protocol_count(shared); i++) {
		const char *name = irp_identify_entry(shared, i)->name;
		char why[128] = "";
		unsigned int trial, by_preferring = 0;

		/* those that do not decode their own renderings alone */
		if (exception_list_has(&compile_exceptions, name))
			continue;
		checked++;
		for (trial = 0; trial < TRIALS; trial++) {
			why[0] = '\0';
			identify_rendering(shared, i, &seed, trial % 2, why, sizeof(why));
			if (!strcmp(why, "preferred over"))
				by_preferring = 1;
			else if (why[0])
				break;
		}
		if (!strcmp(why, "preferred over"))
			why[0] = '\0';
		preferred_count += by_preferring;
		if (why[0] && !exception_list_has(&exceptions, name)) {
			printf("%s\t%s\n", name, why);
			problems++;
		} else if (!why[0] && exception_list_has(&exceptions, name)) {
			printf("%s is identified now: take it off %s\n", name,
			       IDENTIFY_EXCEPTIONS_TXT);
			problems++;
		}
		listed += why[0] != '\0';
	}
	printf("irp-identify: %u protocols, %u identified (%u of them named, at least once, "
	       "only by a protocol that prefers over them), %u listed exceptions\n", checked,
	       checked - listed, preferred_count, listed);
	fflush(stdout);
	ck_assert_uint_ge(checked, 180);
	ck_assert_msg(problems == 0, "%u protocols differ from %s", problems,
		      IDENTIFY_EXCEPTIONS_TXT);
	ck_assert_uint_eq(listed, exceptions.count);
}
END_TEST

/* The whole database compiled and loaded into VMs: the goal is under 1 s. */
START_TEST(test_compile_time)
{
	struct irp_identify *identify;
	struct ir_error err = { "" };
	struct timespec t0, t1;
	double seconds;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	ck_assert_int_eq(irp_identify_new(&identify, &err), 0);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	seconds = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	printf("irp-identify: %zu protocols compiled (%zu left out) in %.3f ms\n",
	       irp_identify_protocol_count(identify), irp_identify_left_out(identify),
	       seconds * 1e3);
	ck_assert_uint_eq(irp_identify_protocol_count(identify) +
			  irp_identify_left_out(identify), 215);
	irp_identify_free(identify);
}
END_TEST

static Suite *irp_identify_suite(void)
{
	Suite *s = suite_create("irp_identify");
	TCase *tc = tcase_create("prefer-over");

	tcase_add_unchecked_fixture(tc, setup_identify, teardown_identify);
	tcase_add_test(tc, test_nec1_prefers_over);
	tcase_add_test(tc, test_lone_frame_one_name);
	tcase_add_test(tc, test_necx_one_name);
	tcase_add_test(tc, test_fewer_parameter_bits);
	tcase_add_test(tc, test_carriers_apart);
	tcase_add_test(tc, test_required_repeat);
	tcase_add_test(tc, test_early_repeat);
	tcase_add_test(tc, test_prefer_over_rules);
	tcase_add_test(tc, test_frames_within_frames);
	tcase_add_test(tc, test_noise_is_nothing);
	suite_add_tcase(s, tc);
	tc = tcase_create("database");
	tcase_set_timeout(tc, 300);
	tcase_add_unchecked_fixture(tc, setup_identify, teardown_identify);
	tcase_add_test(tc, test_every_protocol_is_identified);
	tcase_add_test(tc, test_compile_time);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = irp_identify_suite);
