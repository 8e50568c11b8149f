// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The A/C decoder (bpf_protocols/ac.c) in the userspace VM, its map filled from the
 * protocols' layouts (utils/ac/ac_protocol.c), on messages written by an encoder of its
 * own (tests/encoders/ac_encoder.c) that knows nothing of descriptors. For every
 * protocol: every mode and temperature, every fan, swing and flag value, both copies of
 * remotes that send two, timings at the edges of the windows, noise, a wrong checksum
 * and a message cut short (no report), and every protocol loaded at once, with the cost
 * per sample of one and of all. The expected states are packed here, from the layout
 * ac_table.h documents, not by the code under test.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/lirc.h>

#include "ac_encoder.h"
#include "ac_protocol.h"
#include "ac_state.h"
#include "decoder_run.h"
#include "ir_signal.h"
#include "test-main.h"

#define SEED		0xac5eedu
#define MARGIN		250	/* every protocol's bit margin, as documented */

enum { OFF = 1, ON = 2 };
enum { M_AUTO = 1, M_COOL, M_HEAT, M_DRY, M_FAN };
enum { F_AUTO = 1, F_MIN, F_LOW, F_MEDIUM, F_HIGH, F_MAX };
enum { S_OFF = 1, S_AUTO, S_1, S_2, S_3, S_4, S_5 };
enum { QUIET, TURBO, ECONO, LIGHT, FILTER, CLEAN, BEEP, SLEEP, FLAGS };

/* What the test knows of each protocol: its values, and how many copies it sends. */
struct protocol_case {
	enum ac_enc_protocol enc;
	const char *name;
	unsigned int rc_proto;
	unsigned int copies;
	unsigned int modes[6], fans[7], swing_v[8], swing_h[8];
	unsigned int temp_min, temp_max;	/* °C */
	unsigned int flags;			/* 1 << flag: the protocol has it */
	struct ac_enc_state base;
	bool half_degrees;			/* its temperatures by 0.5 °C */
};

static const struct protocol_case cases[] = {
	{ AC_ENC_GREE, "gree", 128, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN }, { F_AUTO, F_MIN, F_MEDIUM, F_MAX },
	  { S_OFF, S_AUTO, S_1, S_2, S_3, S_4, S_5 }, { S_OFF, S_AUTO, S_1, S_2, S_3, S_4, S_5 },
	  16, 30, 1 << TURBO | 1 << LIGHT | 1 << CLEAN | 1 << SLEEP | 1 << ECONO,
	  { ON, M_COOL, 50, F_AUTO, S_AUTO, S_OFF, { 0 } }, false },
	{ AC_ENC_COOLIX, "coolix", 129, 2,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY }, { F_AUTO, F_MIN, F_MEDIUM, F_MAX },
	  { 0 }, { 0 }, 17, 30, 0,
	  { ON, M_COOL, 50, F_AUTO, 0, 0, { 0 } }, false },
	{ AC_ENC_MITSUBISHI_AC, "mitsubishi_ac", 130, 2,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN },
	  { F_AUTO, F_MIN, F_LOW, F_MEDIUM, F_HIGH, F_MAX },
	  { S_OFF, S_AUTO, S_1, S_2, S_3, S_4, S_5 }, { S_AUTO, S_1, S_2, S_3, S_4, S_5 },
	  16, 31, 1 << QUIET | 1 << ECONO,
	  { ON, M_HEAT, 44, F_MEDIUM, S_3, S_AUTO, { 0 } }, true },
	{ AC_ENC_DAIKIN, "daikin", 131, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN },
	  { F_AUTO, F_MIN, F_LOW, F_MEDIUM, F_HIGH, F_MAX },
	  { S_OFF, S_AUTO }, { S_OFF, S_AUTO }, 10, 32,
	  1 << QUIET | 1 << TURBO | 1 << ECONO | 1 << CLEAN,
	  { ON, M_COOL, 50, F_AUTO, S_AUTO, S_OFF, { 0 } }, false },
	{ AC_ENC_MIDEA, "midea", 132, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN }, { F_AUTO, F_MIN, F_MEDIUM, F_MAX },
	  { 0 }, { 0 }, 17, 30, 1 << SLEEP,
	  { ON, M_AUTO, 50, F_AUTO, 0, 0, { 0 } }, false },
	{ AC_ENC_FUJITSU_AC, "fujitsu_ac", 133, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN },
	  { F_AUTO, F_MIN, F_LOW, F_MEDIUM, F_MAX }, { S_OFF, S_AUTO }, { S_OFF, S_AUTO },
	  16, 30, 1 << CLEAN | 1 << FILTER | 1 << QUIET,
	  { ON, M_COOL, 48, F_MEDIUM, S_OFF, S_AUTO, { 0 } }, false },
	{ AC_ENC_TOSHIBA_AC, "toshiba_ac", 134, 2,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN },
	  { F_AUTO, F_MIN, F_LOW, F_MEDIUM, F_HIGH, F_MAX }, { 0 }, { 0 },
	  17, 30, 1 << FILTER,
	  { ON, M_HEAT, 44, F_HIGH, 0, 0, { 0 } }, false },
	{ AC_ENC_PANASONIC_AC, "panasonic_ac", 135, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN },
	  { F_AUTO, F_MIN, F_LOW, F_MEDIUM, F_HIGH, F_MAX },
	  { S_AUTO, S_1, S_2, S_3, S_4, S_5 }, { S_AUTO, S_1, S_2, S_3, S_4, S_5 },
	  16, 30, 1 << QUIET | 1 << TURBO | 1 << FILTER,
	  { ON, M_COOL, 50, F_AUTO, S_AUTO, S_AUTO, { 0 } }, false },
	{ AC_ENC_LG, "lg", 136, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN },
	  { F_AUTO, F_MIN, F_LOW, F_MEDIUM, F_HIGH, F_MAX }, { 0 }, { 0 },
	  16, 30, 0,
	  { ON, M_COOL, 50, F_AUTO, 0, 0, { 0 } }, false },
	{ AC_ENC_HITACHI_AC, "hitachi_ac", 137, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN },
	  { F_AUTO, F_LOW, F_MEDIUM, F_HIGH, F_MAX }, { S_OFF, S_AUTO }, { S_OFF, S_AUTO },
	  16, 32, 0,
	  { ON, M_COOL, 46, F_MEDIUM, S_AUTO, S_OFF, { 0 } }, false },
	{ AC_ENC_HAIER_AC, "haier_ac", 138, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN }, { F_AUTO, F_LOW, F_MEDIUM, F_HIGH },
	  { S_OFF, S_1, S_5, S_AUTO }, { 0 }, 16, 30, 1 << SLEEP | 1 << FILTER,
	  { ON, M_DRY, 52, F_LOW, S_OFF, 0, { 0 } }, false },
	{ AC_ENC_SAMSUNG_AC, "samsung_ac", 139, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN }, { F_AUTO, F_LOW, F_MEDIUM, F_HIGH, F_MAX },
	  { S_OFF, S_AUTO }, { S_OFF, S_AUTO }, 16, 30,
	  1 << QUIET | 1 << TURBO | 1 << ECONO | 1 << LIGHT | 1 << FILTER | 1 << CLEAN |
	  1 << BEEP,
	  { ON, M_COOL, 48, F_LOW, S_AUTO, S_OFF, { 0 } }, false },
	/* Its power bit is a toggle: no power in the state. */
	{ AC_ENC_WHIRLPOOL_AC, "whirlpool_ac", 140, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN }, { F_AUTO, F_LOW, F_MEDIUM, F_HIGH },
	  { S_OFF, S_AUTO }, { 0 }, 18, 32, 1 << TURBO | 1 << LIGHT | 1 << SLEEP,
	  { 0, M_COOL, 46, F_MEDIUM, S_OFF, 0, { 0 } }, false },
	{ AC_ENC_LG2, "lg2", 141, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN },
	  { F_AUTO, F_MIN, F_LOW, F_MEDIUM, F_HIGH, F_MAX }, { 0 }, { 0 },
	  16, 30, 0,
	  { ON, M_HEAT, 60, F_HIGH, 0, 0, { 0 } }, false },
	{ AC_ENC_DAIKIN2, "daikin2", 142, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN },
	  { F_AUTO, F_MIN, F_LOW, F_MEDIUM, F_HIGH, F_MAX },
	  { S_OFF, S_AUTO, S_1, S_2, S_3, S_4, S_5 }, { S_OFF, S_AUTO, S_1, S_2, S_3, S_4, S_5 },
	  10, 32, 1 << QUIET | 1 << TURBO | 1 << ECONO | 1 << LIGHT | 1 << FILTER |
	  1 << CLEAN | 1 << BEEP,
	  { ON, M_COOL, 50, F_AUTO, S_AUTO, S_OFF, { 0 } }, false },
	{ AC_ENC_TROTEC, "trotec", 143, 1,
	  { M_AUTO, M_COOL, M_DRY, M_FAN }, { F_AUTO, F_MIN, F_MEDIUM, F_MAX }, { 0 }, { 0 },
	  18, 32, 1 << SLEEP,
	  { ON, M_COOL, 50, F_MEDIUM, 0, 0, { 0 } }, false },
	{ AC_ENC_DAIKIN152, "daikin152", 144, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN },
	  { F_AUTO, F_MIN, F_LOW, F_MEDIUM, F_HIGH, F_MAX }, { S_OFF, S_AUTO }, { 0 },
	  10, 32, 1 << QUIET | 1 << TURBO | 1 << ECONO,
	  { ON, M_HEAT, 44, F_HIGH, S_AUTO, 0, { 0 } }, false },
	{ AC_ENC_MITSUBISHI_HEAVY_152, "mitsubishi_heavy_152", 145, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN },
	  { F_AUTO, F_LOW, F_MEDIUM, F_HIGH, F_MAX },
	  { S_OFF, S_AUTO, S_1, S_2, S_3, S_4, S_5 }, { S_OFF, S_AUTO, S_1, S_2, S_3, S_4, S_5 },
	  17, 31, 1 << QUIET | 1 << TURBO | 1 << ECONO | 1 << FILTER | 1 << CLEAN |
	  1 << SLEEP,
	  { ON, M_COOL, 50, F_AUTO, S_OFF, S_OFF, { 0 } }, false },
	{ AC_ENC_MITSUBISHI_HEAVY_88, "mitsubishi_heavy_88", 146, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN },
	  { F_AUTO, F_LOW, F_MEDIUM, F_HIGH }, { 0 }, { 0 },
	  17, 31, 1 << TURBO | 1 << ECONO | 1 << CLEAN,
	  { ON, M_DRY, 48, F_MEDIUM, 0, 0, { 0 } }, false },
	/* From here on the protocol number is the table's (rc_proto 0: looked up). */
	{ AC_ENC_CORONA_AC, "corona_ac", 0, 1,
	  { M_COOL, M_HEAT, M_DRY, M_FAN }, { F_AUTO, F_LOW, F_MEDIUM, F_HIGH }, { 0 }, { 0 },
	  17, 30, 1 << ECONO,
	  { ON, M_COOL, 50, F_AUTO, 0, 0, { 0 } }, false },
	{ AC_ENC_GOODWEATHER, "goodweather", 0, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN }, { F_AUTO, F_MIN, F_MEDIUM, F_MAX },
	  { S_OFF, S_AUTO }, { 0 }, 16, 31, 0,
	  { ON, M_COOL, 50, F_AUTO, S_OFF, 0, { 0 } }, false },
	{ AC_ENC_ELECTRA_AC, "electra_ac", 0, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN }, { F_AUTO, F_MIN, F_MEDIUM, F_MAX },
	  { S_OFF, S_AUTO }, { S_OFF, S_AUTO }, 16, 32, 1 << TURBO | 1 << CLEAN,
	  { ON, M_COOL, 48, F_MEDIUM, S_OFF, S_AUTO, { 0 } }, false },
	{ AC_ENC_CARRIER_AC64, "carrier_ac64", 0, 1,
	  { M_COOL, M_HEAT, M_FAN }, { F_AUTO, F_LOW, F_MEDIUM, F_HIGH }, { S_OFF, S_AUTO },
	  { 0 }, 16, 30, 1 << SLEEP,
	  { ON, M_COOL, 50, F_AUTO, S_OFF, 0, { 0 } }, false },
	{ AC_ENC_SANYO_AC, "sanyo_ac", 0, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY }, { F_AUTO, F_LOW, F_MEDIUM, F_HIGH },
	  { S_AUTO, S_1, S_2, S_3, S_4, S_5 }, { 0 }, 16, 30, 1 << BEEP | 1 << SLEEP,
	  { ON, M_COOL, 50, F_AUTO, S_AUTO, 0, { 0 } }, false },
	{ AC_ENC_SHARP_AC, "sharp_ac", 0, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY }, { F_AUTO, F_MIN, F_MEDIUM, F_HIGH, F_MAX },
	  { S_OFF, S_AUTO, S_1, S_3, S_4, S_5 }, { 0 }, 15, 30, 1 << FILTER | 1 << CLEAN,
	  { ON, M_COOL, 50, F_AUTO, S_OFF, 0, { 0 } }, false },
	{ AC_ENC_RHOSS, "rhoss", 0, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN }, { F_AUTO, F_MIN, F_MEDIUM, F_MAX },
	  { S_OFF, S_AUTO }, { 0 }, 16, 30, 0,
	  { ON, M_COOL, 50, F_AUTO, S_OFF, 0, { 0 } }, false },
	{ AC_ENC_TECHNIBEL_AC, "technibel_ac", 0, 1,
	  { M_COOL, M_HEAT, M_DRY, M_FAN }, { F_LOW, F_MEDIUM, F_HIGH },
	  { S_OFF, S_AUTO }, { 0 }, 16, 31, 1 << SLEEP,
	  { ON, M_COOL, 50, F_LOW, S_OFF, 0, { 0 } }, false },
	{ AC_ENC_DAIKIN160, "daikin160", 0, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN },
	  { F_AUTO, F_MIN, F_LOW, F_MEDIUM, F_HIGH, F_MAX }, { S_AUTO, S_1, S_2, S_3, S_4, S_5 },
	  { 0 }, 10, 32, 0,
	  { ON, M_HEAT, 44, F_MEDIUM, S_5, 0, { 0 } }, false },
	{ AC_ENC_TCL112AC, "tcl112ac", 0, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN }, { F_AUTO, F_MIN, F_LOW, F_MEDIUM, F_HIGH },
	  { S_OFF, S_AUTO, S_1, S_2, S_3, S_4, S_5 }, { S_OFF, S_AUTO }, 16, 31,
	  1 << TURBO | 1 << ECONO | 1 << LIGHT | 1 << FILTER,
	  { ON, M_COOL, 48, F_AUTO, S_OFF, S_OFF, { 0 } }, false },
	{ AC_ENC_DAIKIN176, "daikin176", 0, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN }, { F_MIN, F_MAX }, { 0 }, { S_OFF, S_AUTO },
	  10, 32, 0,
	  { ON, M_COOL, 52, F_MAX, 0, S_AUTO, { 0 } }, false },
	{ AC_ENC_FUJITSU_AC_ARDB1, "fujitsu_ac_ardb1", 0, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN },
	  { F_AUTO, F_MIN, F_LOW, F_MEDIUM, F_MAX }, { 0 }, { 0 }, 16, 30, 1 << QUIET,
	  { ON, M_COOL, 38, F_AUTO, 0, 0, { 0 } }, false },
	{ AC_ENC_DAIKIN216, "daikin216", 0, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN },
	  { F_AUTO, F_MIN, F_LOW, F_MEDIUM, F_HIGH, F_MAX }, { S_OFF, S_AUTO }, { S_OFF, S_AUTO },
	  10, 32, 1 << TURBO,
	  { ON, M_HEAT, 48, F_MIN, S_OFF, S_OFF, { 0 } }, false },
	{ AC_ENC_VESTEL_AC, "vestel_ac", 0, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN }, { F_AUTO, F_LOW, F_MEDIUM, F_HIGH },
	  { S_OFF, S_AUTO }, { 0 }, 16, 30, 1 << TURBO | 1 << FILTER | 1 << SLEEP,
	  { ON, M_COOL, 50, F_AUTO, S_OFF, 0, { 0 } }, false },
	{ AC_ENC_NEOCLIMA, "neoclima", 0, 1,
	  { M_AUTO, M_COOL, M_HEAT, M_DRY, M_FAN }, { F_AUTO, F_MIN, F_MEDIUM, F_MAX },
	  { S_OFF, S_AUTO }, { S_OFF, S_AUTO }, 16, 32,
	  1 << TURBO | 1 << ECONO | 1 << LIGHT | 1 << FILTER | 1 << SLEEP,
	  { ON, M_COOL, 52, F_AUTO, S_OFF, S_OFF, { 0 } }, false },
};

#define CASE_COUNT (sizeof(cases) / sizeof(cases[0]))

/*
 * The protocol number of the case's reports, from the table (AC_RC_PROTOCOL_BASE + its
 * id): a case added later gives 0, since ids are given when protocols are merged; one
 * that gives its number must agree with the table.
 */
static unsigned int proto_of(const struct protocol_case *c)
{
	const struct ac_protocol_info *info = ac_protocol_find(c->name);
	unsigned int proto;

	ck_assert_msg(info, "no protocol %s", c->name);
	proto = AC_RC_PROTOCOL_BASE + info->layout->id;
	ck_assert(!c->rc_proto || c->rc_proto == proto);
	return proto;
}

/* The state as ac_table.h lays it out: the flags the protocol has are off or on. */
static uint64_t expected_state(const struct protocol_case *c, const struct ac_enc_state *s)
{
	uint64_t packed = (uint64_t)s->power | (uint64_t)s->mode << 4 |
			  (uint64_t)s->temp_half << 8 | (uint64_t)s->fan << 16 |
			  (uint64_t)s->swing_v << 20 | (uint64_t)s->swing_h << 24;
	unsigned int f;

	for (f = 0; f < FLAGS; f++)
		if (c->flags & 1u << f)
			packed |= (uint64_t)(s->flags[f] == ON ? ON : OFF) << (32 + 2 * f);
	return packed;
}

/* The decoder with the layouts given, as they are (not checked: some are made wrong). */
static void open_layouts(struct decoder_run *run, const struct ac_protocol *layouts,
			 size_t count)
{
	const struct bpf_param_value param = { "protocols", (int64_t)count };
	struct ir_error err;
	unsigned int key;
	int map;

	decoder_run_open(run, "ac", &param, 1);
	map = bpf_vm_map_find(run->vm, AC_PROTOCOLS_MAP);
	ck_assert_int_ge(map, 0);
	for (key = 0; key < count; key++) {
		memset(&err, 0, sizeof(err));
		ck_assert_msg(bpf_vm_map_update(run->vm, (size_t)map, &key, &layouts[key],
						&err) == 0, "%s", err.message);
	}
}

/* The decoder with the layouts of protocols[0 .. count - 1] (indexes of the table). */
static void open_ac(struct decoder_run *run, const size_t *protocols, size_t count)
{
	struct ac_protocol layouts[AC_PROTOCOLS_MAX];
	size_t i;

	ck_assert_uint_le(count, AC_PROTOCOLS_MAX);
	for (i = 0; i < count; i++) {
		const struct ac_protocol_info *info = ac_protocol_at(protocols[i]);

		ck_assert(info);
		layouts[i] = *info->layout;
	}
	open_layouts(run, layouts, count);
}

static void open_one(struct decoder_run *run, const struct protocol_case *c)
{
	const struct ac_protocol_info *info = ac_protocol_find(c->name);
	size_t index;

	ck_assert_msg(info, "no protocol %s", c->name);
	index = (size_t)(info - ac_protocol_at(0));
	open_ac(run, &index, 1);
}

static void open_all(struct decoder_run *run)
{
	size_t all[AC_PROTOCOLS_MAX], i;

	for (i = 0; i < ac_protocol_count(); i++)
		all[i] = i;
	open_ac(run, all, ac_protocol_count());
}

static void signal_of(const struct protocol_case *c, const struct ac_enc_state *s,
		      const struct ac_enc_jitter *jitter, struct ir_signal *signal)
{
	uint8_t bytes[AC_ENC_BYTES_MAX];
	size_t count;

	ck_assert_msg(ac_encode_bytes(c->enc, s, bytes, &count) == 0, "%s: state refused",
		      c->name);
	ir_signal_init(signal);
	ck_assert_int_eq(ac_encode_signal(c->enc, bytes, count, jitter, signal), 0);
}

/* The state's message decoded: one report per copy sent, each of the state. */
static void expect_round_trip(struct decoder_run *run, const struct protocol_case *c,
			      const struct ac_enc_state *s, const struct ac_enc_jitter *jitter)
{
	struct ir_signal signal;
	size_t i;

	signal_of(c, s, jitter, &signal);
	decoder_run_clear_events(run);
	decoder_run_feed(run, &signal);
	expect_event_count(run, c->copies);
	for (i = 0; i < c->copies; i++)
		expect_keydown(run, i, proto_of(c), expected_state(c, s), 0);
	ir_signal_free(&signal);
}

static void expect_nothing(struct decoder_run *run, const struct ir_signal *signal)
{
	decoder_run_clear_events(run);
	decoder_run_feed(run, signal);
	expect_event_count(run, 0);
}

START_TEST(test_modes_and_temperatures)
{
	const struct protocol_case *c = &cases[_i];
	struct decoder_run run;
	struct ac_enc_state s;
	unsigned int m, t;

	open_one(&run, c);
	for (m = 0; m < 6 && c->modes[m]; m++) {
		for (t = 2 * c->temp_min; t <= 2 * c->temp_max + c->half_degrees; t++) {
			if (t & 1 && !c->half_degrees)
				continue;
			s = c->base;
			s.mode = c->modes[m];
			s.temp_half = t;
			expect_round_trip(&run, c, &s, NULL);
		}
	}
	decoder_run_close(&run);
}
END_TEST

START_TEST(test_fans_swings_flags_power)
{
	const struct protocol_case *c = &cases[_i];
	struct decoder_run run;
	struct ac_enc_state s;
	unsigned int i, f;

	open_one(&run, c);
	for (i = 0; i < 7 && c->fans[i]; i++) {
		s = c->base;
		s.fan = c->fans[i];
		/* Fujitsu's lowest fan is its quiet one (the AR-DB1's too). */
		if ((c->enc == AC_ENC_FUJITSU_AC || c->enc == AC_ENC_FUJITSU_AC_ARDB1) &&
		    s.fan == F_MIN)
			s.flags[QUIET] = ON;
		expect_round_trip(&run, c, &s, NULL);
	}
	for (i = 0; i < 8 && c->swing_v[i]; i++) {
		s = c->base;
		s.swing_v = c->swing_v[i];
		expect_round_trip(&run, c, &s, NULL);
	}
	for (i = 0; i < 8 && c->swing_h[i]; i++) {
		s = c->base;
		s.swing_h = c->swing_h[i];
		expect_round_trip(&run, c, &s, NULL);
	}
	for (f = 0; f < FLAGS; f++) {
		if (!(c->flags & 1u << f))
			continue;
		s = c->base;
		s.flags[f] = ON;
		/* Mitsubishi's and Fujitsu's quiet is a fan speed, read as the lowest. */
		if ((c->enc == AC_ENC_MITSUBISHI_AC || c->enc == AC_ENC_FUJITSU_AC ||
		     c->enc == AC_ENC_FUJITSU_AC_ARDB1) && f == QUIET)
			s.fan = F_MIN;
		/* Mitsubishi Heavy's econo and turbo are fan speeds: min and max. */
		if ((c->enc == AC_ENC_MITSUBISHI_HEAVY_152 ||
		     c->enc == AC_ENC_MITSUBISHI_HEAVY_88) && (f == ECONO || f == TURBO))
			s.fan = f == ECONO ? F_MIN : F_MAX;
		expect_round_trip(&run, c, &s, NULL);
	}
	/*
	 * Coolix's, Fujitsu's and LG's power off is a command of its own, no state
	 * (test_lg_off); Toshiba's is a mode of its own (test_toshiba_off); Whirlpool's
	 * states have no power (its bit is a toggle).
	 */
	if (c->enc != AC_ENC_COOLIX && c->enc != AC_ENC_FUJITSU_AC &&
	    c->enc != AC_ENC_FUJITSU_AC_ARDB1 && c->enc != AC_ENC_TOSHIBA_AC && c->enc != AC_ENC_LG && c->enc != AC_ENC_LG2 &&
	    c->base.power) {
		s = c->base;
		s.power = OFF;
		expect_round_trip(&run, c, &s, NULL);
	}
	decoder_run_close(&run);
}
END_TEST

/* Within the margins (strictly), every pulse long and every space short, and the other
 * way round; past them, nothing. */
START_TEST(test_tolerance_edges)
{
	const struct protocol_case *c = &cases[_i];
	const struct ac_enc_jitter inside[] = {
		{ MARGIN - 1, -(MARGIN - 1) }, { -(MARGIN - 1), MARGIN - 1 },
	};
	const struct ac_enc_jitter outside[] = {
		{ MARGIN + 10, 0 }, { 0, MARGIN + 10 }, { -(MARGIN + 10), 0 },
	};
	struct ir_signal signal;
	struct decoder_run run;
	size_t i;

	open_one(&run, c);
	for (i = 0; i < 2; i++)
		expect_round_trip(&run, c, &c->base, &inside[i]);
	for (i = 0; i < 3; i++) {
		signal_of(c, &c->base, &outside[i], &signal);
		expect_nothing(&run, &signal);
		ir_signal_free(&signal);
	}
	decoder_run_close(&run);
}
END_TEST

/* Bit k after each header of the signal sent the other way: its space swapped. */
static void flip_bit(struct ir_signal *signal, size_t k, unsigned int one, unsigned int zero)
{
	size_t i, at;

	for (i = 0; i + 1 < signal->count; i++) {
		if (!LIRC_IS_PULSE(signal->samples[i]) || LIRC_VALUE(signal->samples[i]) < 1500)
			continue;
		at = i + 3 + 2 * k;
		ck_assert_uint_lt(at, signal->count);
		signal->samples[at] = LIRC_MODE2_SPACE |
				      (LIRC_VALUE(signal->samples[at]) == one ? zero : one);
	}
}

/*
 * The last byte's lowest bit flipped (gree and lg: its checksum nibble's): a sum or a nibble
 * sum fails. Coolix sends complements, not a sum: the first bit of byte 0's flipped.
 */
START_TEST(test_wrong_checksum)
{
	const struct protocol_case *c = &cases[_i];
	uint8_t bytes[AC_ENC_BYTES_MAX];
	struct ir_signal signal;
	struct decoder_run run;
	size_t count;

	open_one(&run, c);
	ck_assert_int_eq(ac_encode_bytes(c->enc, &c->base, bytes, &count), 0);
	if (c->enc == AC_ENC_GREE || c->enc == AC_ENC_LG || c->enc == AC_ENC_LG2)
		bytes[count - 1] ^= 0x10;
	else if (c->enc != AC_ENC_COOLIX)
		bytes[count - 1] ^= 0x01;
	ir_signal_init(&signal);
	ck_assert_int_eq(ac_encode_signal(c->enc, bytes, count, NULL, &signal), 0);
	if (c->enc == AC_ENC_COOLIX)
		flip_bit(&signal, 8, 1656, 552);
	expect_nothing(&run, &signal);
	ir_signal_free(&signal);
	decoder_run_close(&run);
}
END_TEST

/*
 * A message cut short, then the receiver's timeout: no report. Cut anywhere in its
 * first copy before the copy's last pulse (gree and daikin send one, its sections apart).
 */
START_TEST(test_cut_short)
{
	const struct protocol_case *c = &cases[_i];
	struct ir_signal signal, cut;
	struct decoder_run run;
	size_t end, last_pulse = 0, i;

	open_one(&run, c);
	signal_of(c, &c->base, NULL, &signal);
	for (i = 1; i < signal.count; i++) {
		uint32_t v = signal.samples[i];

		if (LIRC_IS_PULSE(v))
			last_pulse = i;
		if (c->copies > 1 && LIRC_IS_SPACE(v) && LIRC_VALUE(v) >= 5000)
			break;
		/*
		 * Trotec's and Goodweather's messages are whole at their gap (the first
		 * long space after the header's): the pulse after the gap is a footer.
		 */
		if ((c->enc == AC_ENC_TROTEC || c->enc == AC_ENC_GOODWEATHER ||
		     c->enc == AC_ENC_NEOCLIMA) && i > 1 &&
		    LIRC_IS_SPACE(v) && LIRC_VALUE(v) >= 5000)
			break;
		if (LIRC_IS_TIMEOUT(v))
			break;
	}
	ck_assert_uint_gt(last_pulse, 50);
	for (end = 1; end <= last_pulse; end += 3) {
		ir_signal_init(&cut);
		for (i = 0; i < end; i++) {
			uint32_t v = signal.samples[i];

			if (LIRC_IS_PULSE(v))
				ck_assert_int_eq(ir_signal_pulse(&cut, LIRC_VALUE(v)), 0);
			else
				ck_assert_int_eq(ir_signal_space(&cut, LIRC_VALUE(v)), 0);
		}
		ck_assert_int_eq(ir_signal_timeout(&cut, 100000), 0);
		expect_nothing(&run, &cut);
		ir_signal_free(&cut);
	}
	ir_signal_free(&signal);
	decoder_run_close(&run);
}
END_TEST

/* Noise before a message does not hide it; a noise pulse inside one breaks it. */
START_TEST(test_noise)
{
	const struct protocol_case *c = &cases[_i];
	struct ir_signal signal, noisy;
	struct decoder_run run;
	uint32_t seed = SEED;
	size_t i, at;

	open_one(&run, c);
	signal_of(c, &c->base, NULL, &signal);
	ir_signal_init(&noisy);
	for (i = 0; i < 5; i++) {
		ck_assert_int_eq(ir_signal_pulse(&noisy, 100 + test_random(&seed) % 900), 0);
		ck_assert_int_eq(ir_signal_space(&noisy, 100 + test_random(&seed) % 1500), 0);
	}
	ck_assert_int_eq(ir_signal_timeout(&noisy, 100000), 0);
	ck_assert_int_eq(ir_signal_append(&noisy, &signal), 0);
	decoder_run_clear_events(&run);
	decoder_run_feed(&run, &noisy);
	expect_event_count(&run, c->copies);
	expect_keydown(&run, 0, proto_of(c), expected_state(c, &c->base), 0);
	ir_signal_free(&noisy);

	/* A 2 ms space in the first copy's 9th bit: no bit's space is that long. */
	for (i = 0, at = 0; i < signal.count && at < 10; i++)
		if (LIRC_IS_SPACE(signal.samples[i]))
			at++;
	ck_assert_uint_lt(i, signal.count);
	signal.samples[i - 1] = LIRC_MODE2_SPACE | 2000;
	decoder_run_clear_events(&run);
	decoder_run_feed(&run, &signal);
	ck_assert_uint_lt(decoder_run_event_count(&run), c->copies);
	for (i = 0; i < decoder_run_event_count(&run); i++)
		expect_keydown(&run, i, proto_of(c), expected_state(c, &c->base), 0);
	ir_signal_free(&signal);
	decoder_run_close(&run);
}
END_TEST

/* Midea's checksum of bytes 0-4 as documented: bits reversed, summed, negated, reversed. */
static uint8_t midea_sum(const uint8_t *b)
{
	unsigned int sum = 0, i, k, r;

	for (i = 0; i < 5; i++)
		for (k = 0; k < 8; k++)
			sum += (b[i] >> k & 1u) << (7 - k);
	sum = (0u - sum) & 0xff;
	for (r = 0, k = 0; k < 8; k++)
		r |= (sum >> k & 1u) << (7 - k);
	return (uint8_t)r;
}

/*
 * Midea: a checksum bit flipped in both the message and its complement (the copy
 * agrees, the sum does not), and a Fahrenheit state: no report.
 */
START_TEST(test_midea_sum_and_units)
{
	const struct protocol_case *c = &cases[4];
	uint8_t bytes[AC_ENC_BYTES_MAX];
	struct ir_signal signal;
	struct decoder_run run;
	size_t count;
	unsigned int k;

	ck_assert_int_eq(c->enc, AC_ENC_MIDEA);
	open_one(&run, c);
	for (k = 0; k < 2; k++) {
		ck_assert_int_eq(ac_encode_bytes(c->enc, &c->base, bytes, &count), 0);
		/* the sum's lowest bit; the Fahrenheit bit with the sum made right for it */
		ck_assert_uint_eq(bytes[5], midea_sum(bytes));
		if (k == 0) {
			bytes[5] ^= 0x01;
		} else {
			bytes[2] |= 0x20;
			bytes[5] = midea_sum(bytes);
		}
		ir_signal_init(&signal);
		ck_assert_int_eq(ac_encode_signal(c->enc, bytes, count, NULL, &signal), 0);
		expect_nothing(&run, &signal);
		ir_signal_free(&signal);
	}
	decoder_run_close(&run);
}
END_TEST

/*
 * Fujitsu: a state without its "turn on" bit is still a state of a running unit; the
 * sum made wrong, a Fahrenheit state and a 7-byte command (off): no report.
 */
START_TEST(test_fujitsu_states)
{
	const struct protocol_case *c = &cases[5];
	static const uint8_t off[] = { 0x14, 0x63, 0x00, 0x10, 0x10, 0x02, 0xfd };
	uint8_t bytes[AC_ENC_BYTES_MAX];
	struct ir_signal signal;
	struct decoder_run run;
	size_t count;
	unsigned int k;

	ck_assert_int_eq(c->enc, AC_ENC_FUJITSU_AC);
	open_one(&run, c);
	for (k = 0; k < 4; k++) {
		ck_assert_int_eq(ac_encode_bytes(c->enc, &c->base, bytes, &count), 0);
		ck_assert_uint_eq(count, 16);
		if (k == 0) {
			/* bit 0 of byte 8 cleared: the sum one more */
			bytes[8] &= 0xfe;
			bytes[15]++;
		} else if (k == 1) {
			bytes[15] ^= 0x01;
		} else if (k == 2) {
			bytes[8] |= 0x02;
			bytes[15] -= 0x02;
		} else {
			memcpy(bytes, off, sizeof(off));
			count = sizeof(off);
		}
		ir_signal_init(&signal);
		ck_assert_int_eq(ac_encode_signal(c->enc, bytes, count, NULL, &signal), 0);
		decoder_run_clear_events(&run);
		decoder_run_feed(&run, &signal);
		if (k == 0) {
			expect_event_count(&run, 1);
			expect_keydown(&run, 0, proto_of(c), expected_state(c, &c->base), 0);
		} else {
			expect_event_count(&run, 0);
		}
		ir_signal_free(&signal);
	}
	decoder_run_close(&run);
}
END_TEST

/*
 * Toshiba: power off is mode 7, read as power off and no mode; a message whose length
 * byte says 4 (the 80-bit kind) is not read as the 72-bit state.
 */
START_TEST(test_toshiba_off)
{
	const struct protocol_case *c = &cases[6];
	uint8_t bytes[AC_ENC_BYTES_MAX];
	struct ac_enc_state s;
	struct ir_signal signal;
	struct decoder_run run;
	size_t count;

	ck_assert_int_eq(c->enc, AC_ENC_TOSHIBA_AC);
	open_one(&run, c);
	s = c->base;
	s.power = OFF;
	signal_of(c, &s, NULL, &signal);
	decoder_run_feed(&run, &signal);
	expect_event_count(&run, 2);
	/* off (1), no mode, 22 C (44), fan high (5), filter off (1 at bit 40) */
	expect_keydown(&run, 0, 134, 0x1ULL | 44ULL << 8 | 5ULL << 16 | 1ULL << 40, 0);
	ir_signal_free(&signal);

	ck_assert_int_eq(ac_encode_bytes(c->enc, &c->base, bytes, &count), 0);
	/* the length 3 -> 4 and its complement 0xfc -> 0xfb: the exclusive or unchanged */
	bytes[2] = 0x04;
	bytes[3] = 0xfb;
	ck_assert_uint_eq(bytes[2] ^ bytes[3], 0x03 ^ 0xfc);
	ir_signal_init(&signal);
	ck_assert_int_eq(ac_encode_signal(c->enc, bytes, count, NULL, &signal), 0);
	expect_nothing(&run, &signal);
	ir_signal_free(&signal);
	decoder_run_close(&run);
}
END_TEST

/*
 * LG's power-off command, 0x88c0051 as documented: power off, mode cool, no
 * temperature, fan auto. The same with its sum one off: nothing.
 */
START_TEST(test_lg_off)
{
	const struct protocol_case *c = &cases[8];
	uint8_t bytes[4];
	struct ir_signal signal;
	struct decoder_run run;
	unsigned int k;

	ck_assert_int_eq(c->enc, AC_ENC_LG);
	open_one(&run, c);
	for (k = 0; k < 2; k++) {
		ac_encode_lg_bytes(k ? 0x88c0052 : 0x88c0051, bytes);
		ir_signal_init(&signal);
		ck_assert_int_eq(ac_encode_signal(c->enc, bytes, 4, NULL, &signal), 0);
		decoder_run_clear_events(&run);
		decoder_run_feed(&run, &signal);
		if (k) {
			expect_event_count(&run, 0);
		} else {
			expect_event_count(&run, 1);
			expect_keydown(&run, 0, 136, 0x1ULL | 0x2ULL << 4 | 0x1ULL << 16, 0);
		}
		ir_signal_free(&signal);
	}
	decoder_run_close(&run);
}
END_TEST

/* Coolix's power-off message is no state of its bytes: power off, no temperature. */
START_TEST(test_coolix_off)
{
	const struct protocol_case *c = &cases[1];
	uint8_t bytes[AC_ENC_BYTES_MAX];
	struct ir_signal signal;
	struct decoder_run run;
	size_t count;

	ck_assert_int_eq(c->enc, AC_ENC_COOLIX);
	open_one(&run, c);
	ac_encode_coolix_off(bytes, &count);
	ir_signal_init(&signal);
	ck_assert_int_eq(ac_encode_signal(c->enc, bytes, count, NULL, &signal), 0);
	decoder_run_feed(&run, &signal);
	expect_event_count(&run, 2);
	/* power off (1), mode cool (2), no temperature, fan code 3 is none */
	expect_keydown(&run, 0, 129, 0x21, 0);
	ir_signal_free(&signal);
	decoder_run_close(&run);
}
END_TEST

/*
 * Samsung: the documentation's default state (02 92 0f 00 00 00 f0, 01 e2 fe 71 40 11
 * f0: on, cool, 20 C, fan auto, no swing, display on) as its bytes, not the encoder's;
 * its 21-byte power-on message, whose middle section (01 d2 0f 00 ...) has right sums
 * too: no report.
 */
START_TEST(test_samsung_documented)
{
	static const uint8_t state[] = {
		0x02, 0x92, 0x0f, 0x00, 0x00, 0x00, 0xf0, 0x01, 0xe2, 0xfe, 0x71, 0x40, 0x11, 0xf0,
	};
	static const uint8_t on[] = {
		0x02, 0x92, 0x0f, 0x00, 0x00, 0x00, 0xf0, 0x01, 0xd2, 0x0f, 0x00, 0x00, 0x00, 0x00,
		0x01, 0xe2, 0xfe, 0x71, 0x80, 0x11, 0xf0,
	};
	const struct protocol_case *c = &cases[11];
	struct ir_signal signal;
	struct decoder_run run;
	uint64_t expected;

	ck_assert_int_eq(c->enc, AC_ENC_SAMSUNG_AC);
	open_one(&run, c);
	ir_signal_init(&signal);
	ck_assert_int_eq(ac_encode_signal(c->enc, state, sizeof(state), NULL, &signal), 0);
	decoder_run_feed(&run, &signal);
	expect_event_count(&run, 1);
	/* on, cool, 20 C, fan auto, swings off; light on, the other flags off */
	expected = 0x2ULL | 0x2ULL << 4 | 40ULL << 8 | 0x1ULL << 16 | 0x1ULL << 20 |
		   0x1ULL << 24 | 0x1ULL << 32 | 0x1ULL << 34 | 0x1ULL << 36 | 0x2ULL << 38 |
		   0x1ULL << 40 | 0x1ULL << 42 | 0x1ULL << 44;
	expect_keydown(&run, 0, 139, expected, 0);
	ir_signal_free(&signal);
	ir_signal_init(&signal);
	ck_assert_int_eq(ac_encode_signal(c->enc, on, sizeof(on), NULL, &signal), 0);
	expect_nothing(&run, &signal);
	ir_signal_free(&signal);
	decoder_run_close(&run);
}
END_TEST

/*
 * Whirlpool: the DG11J1-91 remote's messages (byte 18's bit 3), whose temperatures
 * are 2 lower, are not read as the DG11J1-3A's; its sums made right for it.
 */
START_TEST(test_whirlpool_other_remote)
{
	const struct protocol_case *c = &cases[12];
	uint8_t bytes[AC_ENC_BYTES_MAX];
	struct ir_signal signal;
	struct decoder_run run;
	size_t count;

	ck_assert_int_eq(c->enc, AC_ENC_WHIRLPOOL_AC);
	open_one(&run, c);
	ck_assert_int_eq(ac_encode_bytes(c->enc, &c->base, bytes, &count), 0);
	bytes[18] |= 0x08;
	bytes[20] ^= 0x08;
	ir_signal_init(&signal);
	ck_assert_int_eq(ac_encode_signal(c->enc, bytes, count, NULL, &signal), 0);
	expect_nothing(&run, &signal);
	ir_signal_free(&signal);
	decoder_run_close(&run);
}
END_TEST

/*
 * A receiver's timeout inside a message, at a section gap (a receiver whose timeout
 * is shorter than the gap; rc-loopback, which ends each write with one): daikin and
 * gree decode across it. A timeout where no section ends (inside a bit) still drops
 * the message.
 */
START_TEST(test_timeout_at_gap)
{
	static const unsigned int which[] = { 3, 0 };	/* daikin, gree */
	struct ir_signal signal;
	struct decoder_run run;
	size_t i, k, gaps;

	for (k = 0; k < 2; k++) {
		const struct protocol_case *c = &cases[which[k]];

		open_one(&run, c);
		signal_of(c, &c->base, NULL, &signal);
		for (i = 0, gaps = 0; i < signal.count; i++) {
			uint32_t v = signal.samples[i];

			if (LIRC_IS_SPACE(v) && LIRC_VALUE(v) >= 10000)
				signal.samples[i] = LIRC_TIMEOUT(125000);
			gaps += LIRC_IS_TIMEOUT(signal.samples[i]);
		}
		/* daikin: 3 gaps and the end; gree: 1 and the end */
		ck_assert_uint_eq(gaps, k ? 2 : 4);
		decoder_run_feed(&run, &signal);
		expect_event_count(&run, 1);
		expect_keydown(&run, 0, proto_of(c), expected_state(c, &c->base), 0);
		/* the timeout in the first section's 9th bit's space instead */
		for (i = 0; i < signal.count; i++)
			if (LIRC_IS_TIMEOUT(signal.samples[i]) && i + 1 < signal.count)
				signal.samples[i] = LIRC_MODE2_SPACE | (k ? 19980 : 29000);
		for (i = 1, gaps = 0; i < signal.count && gaps < 9; i++)
			gaps += LIRC_IS_SPACE(signal.samples[i]) && LIRC_VALUE(signal.samples[i]) < 2000;
		signal.samples[i - 1] = LIRC_TIMEOUT(125000);
		expect_nothing(&run, &signal);
		ir_signal_free(&signal);
		decoder_run_close(&run);
	}
}
END_TEST

/* The case of the protocol named name. */
static const struct protocol_case *case_named(const char *name)
{
	size_t i;

	for (i = 0; i < CASE_COUNT; i++)
		if (!strcmp(cases[i].name, name))
			return &cases[i];
	ck_abort_msg("no case %s", name);
	return NULL;
}

/*
 * Rhoss: the documentation's example message aa 05 60 00 50 80 54 00 00 00 00 33 (on,
 * auto, 21 C, fan auto, swing off) sent, and its capture of aa 04 60 00 20 80 54 00 00
 * 00 00 02 (on, cool, 20 C) with its durations as captured; the first with its sum
 * one off, and ending after the 96 bits (no 0 and pulse after them): no report.
 */
START_TEST(test_rhoss_documented)
{
	static const unsigned int capture[] = {
		3044, 4248,
		648, 458, 650, 1540, 646, 458, 650, 1538, 650, 458, 650, 1538, 650, 458,
		650, 1540, 648, 458, 650, 458, 650, 1540, 646, 484, 624, 456, 650, 456,
		650, 456, 650, 456, 650, 456, 650, 456, 650, 456, 650, 456, 650, 458,
		650, 1540, 650, 1538, 650, 456, 650, 456, 650, 456, 650, 456, 650, 458,
		650, 456, 650, 456, 650, 456, 650, 458, 650, 458, 650, 456, 650, 458,
		650, 458, 650, 458, 650, 1538, 650, 458, 650, 458, 650, 458, 648, 458,
		674, 434, 648, 458, 672, 434, 648, 458, 650, 458, 648, 1540, 672, 434,
		650, 458, 672, 1518, 644, 488, 622, 1540, 644, 464, 672, 1516, 672, 434,
		672, 434, 672, 434, 650, 458, 648, 458, 672, 434, 674, 434, 672, 434,
		650, 458, 672, 434, 648, 458, 650, 458, 672, 434, 672, 436, 648, 458,
		648, 456, 650, 458, 650, 458, 650, 456, 674, 434, 650, 458, 650, 456,
		650, 458, 674, 432, 650, 458, 650, 456, 650, 456, 650, 458, 648, 458,
		674, 432, 650, 456, 674, 434, 650, 458, 650, 458, 650, 1538, 650, 458,
		650, 458, 650, 456, 650, 458, 650, 456, 650, 458, 650, 456,
		650,
	};
	static const uint8_t messages[][12] = {
		{ 0xaa, 0x05, 0x60, 0x00, 0x50, 0x80, 0x54, 0x00, 0x00, 0x00, 0x00, 0x33 },
		{ 0xaa, 0x05, 0x60, 0x00, 0x50, 0x80, 0x54, 0x00, 0x00, 0x00, 0x00, 0x34 },
	};
	const struct protocol_case *c = case_named("rhoss");
	struct ir_signal signal;
	struct decoder_run run;
	size_t k, i;

	open_one(&run, c);
	ir_signal_init(&signal);
	for (i = 0; i < sizeof(capture) / sizeof(capture[0]); i++)
		ck_assert_int_eq(i & 1 ? ir_signal_space(&signal, capture[i]) :
				 ir_signal_pulse(&signal, capture[i]), 0);
	ck_assert_int_eq(ir_signal_timeout(&signal, 100000), 0);
	decoder_run_feed(&run, &signal);
	expect_event_count(&run, 1);
	/* on, cool, 20 C, fan auto, swing off */
	expect_keydown(&run, 0, proto_of(c), 0x2ULL | 0x2ULL << 4 | 40ULL << 8 | 0x1ULL << 16 |
		       0x1ULL << 20, 0);
	ir_signal_free(&signal);
	for (k = 0; k < 3; k++) {
		ir_signal_init(&signal);
		ck_assert_int_eq(ac_encode_signal(c->enc, messages[k % 2], 12, NULL, &signal),
				 0);
		if (k == 2) {
			/* the 0 after the bytes and the pulse after it dropped */
			for (i = signal.count - 1; i > 0 && !LIRC_IS_TIMEOUT(signal.samples[i]); i--)
				;
			ck_assert_uint_eq(i, signal.count - 1);
			signal.samples[i - 2] = signal.samples[i];
			signal.count = i - 1;
		}
		decoder_run_clear_events(&run);
		decoder_run_feed(&run, &signal);
		if (k == 0) {
			expect_event_count(&run, 1);
			/* on, auto, 21 C, fan auto, swing off */
			expect_keydown(&run, 0, proto_of(c), 0x2ULL | 0x1ULL << 4 | 42ULL << 8 |
				       0x1ULL << 16 | 0x1ULL << 20, 0);
		} else {
			expect_event_count(&run, 0);
		}
		ir_signal_free(&signal);
	}
	decoder_run_close(&run);
}
END_TEST

/*
 * Technibel: the documentation's capture of 18 81 22 12 00 00 4b (on, cool, fan
 * medium, 18 C, sleep off, swing on), its durations as captured; the reset state 18 01
 * 01 14 00 00 ea (off, cool, fan low, 20 C) sent; the reset state in Fahrenheit
 * (byte 2's bit 6, the sum made right for it): no report.
 */
START_TEST(test_technibel_documented)
{
	static const unsigned int capture[] = {
		8812, 4376,
		534, 560, 530, 562, 530, 562, 532, 1668, 532, 1634, 560, 560, 530, 562,
		528, 566, 530, 1668, 532, 560, 504, 588, 526, 568, 530, 562, 530, 562,
		528, 564, 530, 1670, 530, 562, 530, 564, 528, 1670, 530, 564, 532, 560,
		530, 562, 532, 1636, 560, 564, 530, 562, 528, 564, 528, 564, 526, 1672,
		528, 538, 554, 564, 528, 1640, 558, 564, 530, 562, 526, 564, 504, 586,
		504, 592, 526, 564, 504, 588, 526, 564, 504, 592, 528, 562, 526, 566,
		526, 564, 504, 592, 526, 566, 530, 562, 530, 562, 528, 568, 528, 564,
		504, 1662, 558, 564, 528, 566, 528, 1668, 528, 562, 528, 1666, 532, 1664,
		582,
	};
	static const uint8_t reset[] = { 0x18, 0x01, 0x01, 0x14, 0x00, 0x00, 0xea };
	static const uint8_t fahrenheit[] = { 0x18, 0x01, 0x41, 0x14, 0x00, 0x00, 0xaa };
	const struct protocol_case *c = case_named("technibel_ac");
	struct ir_signal signal;
	struct decoder_run run;
	size_t i;

	open_one(&run, c);
	ir_signal_init(&signal);
	for (i = 0; i < sizeof(capture) / sizeof(capture[0]); i++)
		ck_assert_int_eq(i & 1 ? ir_signal_space(&signal, capture[i]) :
				 ir_signal_pulse(&signal, capture[i]), 0);
	ck_assert_int_eq(ir_signal_timeout(&signal, 100000), 0);
	decoder_run_feed(&run, &signal);
	expect_event_count(&run, 1);
	/* on, cool, 18 C, fan medium, swing on (auto); sleep off */
	expect_keydown(&run, 0, proto_of(c), 0x2ULL | 0x2ULL << 4 | 36ULL << 8 |
		       0x4ULL << 16 | 0x2ULL << 20 | 0x1ULL << 46, 0);
	ir_signal_free(&signal);
	for (i = 0; i < 2; i++) {
		ir_signal_init(&signal);
		ck_assert_int_eq(ac_encode_signal(c->enc, i ? fahrenheit : reset, 7, NULL,
						  &signal), 0);
		decoder_run_clear_events(&run);
		decoder_run_feed(&run, &signal);
		if (i) {
			expect_event_count(&run, 0);
		} else {
			expect_event_count(&run, 1);
			/* off, cool, 20 C, fan low, swing off; sleep off */
			expect_keydown(&run, 0, proto_of(c), 0x1ULL | 0x2ULL << 4 | 40ULL << 8 |
				       0x3ULL << 16 | 0x1ULL << 20 | 0x1ULL << 46, 0);
		}
		ir_signal_free(&signal);
	}
	decoder_run_close(&run);
}
END_TEST

/*
 * Daikin176's documented message from a BRC4C153 (IRremoteESP8266's pull request 826):
 * on, cool, 26 °C, fan high (the highest of two), horizontal swing auto.
 */
START_TEST(test_daikin176_documented)
{
	static const uint8_t example[] = {
		0x11, 0xda, 0x17, 0x18, 0x04, 0x00, 0x1e,
		0x11, 0xda, 0x17, 0x18, 0x00, 0x73, 0x00, 0x21, 0x00, 0x00, 0x22, 0x35,
		0x00, 0x20, 0x25,
	};
	const struct protocol_case *c = NULL;
	const struct ac_enc_state s = { ON, M_COOL, 52, F_MAX, 0, S_AUTO, { 0 } };
	struct ir_signal signal;
	struct decoder_run run;
	size_t i;

	for (i = 0; i < CASE_COUNT; i++)
		if (cases[i].enc == AC_ENC_DAIKIN176)
			c = &cases[i];
	ck_assert(c);
	open_one(&run, c);
	ir_signal_init(&signal);
	ck_assert_int_eq(ac_encode_signal(c->enc, example, sizeof(example), NULL, &signal), 0);
	decoder_run_clear_events(&run);
	decoder_run_feed(&run, &signal);
	expect_event_count(&run, 1);
	expect_keydown(&run, 0, proto_of(c), expected_state(c, &s), 0);
	ir_signal_free(&signal);
	decoder_run_close(&run);
}
END_TEST

/* The 56-bit number v as 7 bytes, its lowest first (as sent). */
static void bytes_le(uint64_t v, uint8_t *bytes, size_t count)
{
	size_t i;

	for (i = 0; i < count; i++)
		bytes[i] = (uint8_t)(v >> (8 * i));
}

/*
 * Vestel: the documentation's default state 0x0f00d9001fef201 (on, auto, 25 C, the
 * fan's "auto hot" 0xd, swing off) and its example 0xf4410001ff1201 (on, heat, 16 C,
 * fan auto, ion on); a timer message (0x201, its checksum right, no command bit) and
 * the default with an unused bit (32) set, its checksum now wrong: no report.
 */
START_TEST(test_vestel_documented)
{
	static const uint64_t messages[] = {
		0x0f00d9001fef201ULL, 0xf4410001ff1201ULL, 0xfd201ULL, 0x0f00d9101fef201ULL,
	};
	const struct protocol_case *c = case_named("vestel_ac");
	const uint64_t expected[] = {
		/* on, auto, 25 C, fan auto, swing off; turbo, ion, sleep off */
		0x2ULL | 0x1ULL << 4 | 50ULL << 8 | 0x1ULL << 16 | 0x1ULL << 20 | 0x1ULL << 34 |
		0x1ULL << 40 | 0x1ULL << 46,
		/* on, heat, 16 C, fan auto, swing off; ion on */
		0x2ULL | 0x3ULL << 4 | 32ULL << 8 | 0x1ULL << 16 | 0x1ULL << 20 | 0x1ULL << 34 |
		0x2ULL << 40 | 0x1ULL << 46,
	};
	uint8_t bytes[7];
	struct ir_signal signal;
	struct decoder_run run;
	size_t k;

	open_one(&run, c);
	for (k = 0; k < 4; k++) {
		bytes_le(messages[k], bytes, sizeof(bytes));
		ir_signal_init(&signal);
		ck_assert_int_eq(ac_encode_signal(c->enc, bytes, sizeof(bytes), NULL, &signal), 0);
		decoder_run_clear_events(&run);
		decoder_run_feed(&run, &signal);
		if (k < 2) {
			expect_event_count(&run, 1);
			expect_keydown(&run, 0, proto_of(c), expected[k], 0);
		} else {
			expect_event_count(&run, 0);
		}
		ir_signal_free(&signal);
	}
	decoder_run_close(&run);
}
END_TEST

static double mean_cost(const struct decoder_run *run)
{
	uint64_t sum = 0;
	size_t i;

	for (i = 0; i < run->cost_count; i++)
		sum += run->costs[i];
	return run->cost_count ? (double)sum / (double)run->cost_count : 0;
}

/*
 * Every protocol loaded: each decodes, at a cost per sample within 1.25x of it alone.
 * The goal is 1.2x (bench/table-cost reports it: 1.18 at worst with Debian 12's
 * clang 14); the object's instructions are the compiler's, and Debian 13's clang 19
 * gives vestel_ac 1.20 (66.5 against 55.3), so the bound keeps room for the compiler
 * while it still catches a protocol whose table walk grows with the table.
 */
START_TEST(test_all_loaded)
{
	struct decoder_run one, all;
	struct ir_signal signal;
	double cost_one, cost_all;
	size_t i, k;

	open_all(&all);
	for (k = 0; k < CASE_COUNT; k++) {
		const struct protocol_case *c = &cases[k];

		open_one(&one, c);
		signal_of(c, &c->base, NULL, &signal);
		for (i = 0; i < 20; i++) {
			decoder_run_clear_events(&one);
			decoder_run_feed(&one, &signal);
		}
		expect_keydown(&one, 0, proto_of(c), expected_state(c, &c->base), 0);
		all.cost_count = 0;
		for (i = 0; i < 20; i++) {
			decoder_run_clear_events(&all);
			decoder_run_feed(&all, &signal);
		}
		expect_event_count(&all, c->copies);
		expect_keydown(&all, 0, proto_of(c), expected_state(c, &c->base), 0);
		cost_one = mean_cost(&one);
		cost_all = mean_cost(&all);
		printf("cost ac %s: %zu samples, mean %.1f instructions per sample alone, "
		       "%.1f with all %zu protocols\n", c->name, signal.count, cost_one,
		       cost_all, ac_protocol_count());
		ck_assert_msg(cost_all <= 1.25 * cost_one, "%s: %.1f > 1.25 x %.1f", c->name,
			      cost_all, cost_one);
		ir_signal_free(&signal);
		decoder_run_close(&one);
	}
	decoder_run_print_cost(&all);
	decoder_run_close(&all);
}
END_TEST

START_TEST(test_layouts_checked)
{
	struct ac_protocol bad;
	const char *what = NULL;
	size_t i;

	for (i = 0; i < ac_protocol_count(); i++) {
		const struct ac_protocol_info *info = ac_protocol_at(i);

		ck_assert_msg(ac_protocol_check(info->layout, &what) == 0, "%s: %s", info->name,
			      what);
		ck_assert_uint_eq(info->layout->id, i);
		ck_assert_ptr_eq(ac_protocol_of_rc_proto(AC_RC_PROTOCOL_BASE + (uint32_t)i), info);
	}
	ck_assert_ptr_null(ac_protocol_of_rc_proto(AC_RC_PROTOCOL_BASE + 1000));
	ck_assert_ptr_null(ac_protocol_of_rc_proto(9));
	ck_assert_ptr_null(ac_protocol_find("nosuch"));
	ck_assert_ptr_eq(ac_protocol_find("Daikin"), ac_protocol_find("daikin"));

	bad = *ac_protocol_find("daikin")->layout;
	bad.bytes = 35;
	ck_assert_int_eq(ac_protocol_check(&bad, &what), -EINVAL);
	bad = *ac_protocol_find("daikin")->layout;
	bad.checks[3].at = 36;
	ck_assert_int_eq(ac_protocol_check(&bad, &what), -EINVAL);
	bad = *ac_protocol_find("daikin")->layout;
	bad.fields[2].byte = 40;
	ck_assert_int_eq(ac_protocol_check(&bad, &what), -EINVAL);
	bad = *ac_protocol_find("gree")->layout;
	bad.zero_space = 1200;	/* its window reaches the 1 space's */
	ck_assert_int_eq(ac_protocol_check(&bad, &what), -EINVAL);
	bad = *ac_protocol_find("gree")->layout;
	bad.sections = 5;
	ck_assert_int_eq(ac_protocol_check(&bad, &what), -EINVAL);
	bad = *ac_protocol_find("gree")->layout;
	bad.fields[1].width = 5;
	ck_assert_int_eq(ac_protocol_check(&bad, &what), -EINVAL);
	/* a bit count whose number lies past the message; a header space a leader's */
	bad = *ac_protocol_find("samsung_ac")->layout;
	bad.checks[1].at = 13;
	ck_assert_int_eq(ac_protocol_check(&bad, &what), -EINVAL);
	bad = *ac_protocol_find("lg2")->layout;
	bad.header_space = AC_HEADER_SPACE_MAX - bad.header_margin;
	ck_assert_int_eq(ac_protocol_check(&bad, &what), -EINVAL);
	/* nibble checks whose result or nibbles lie past the message */
	bad = *ac_protocol_find("carrier_ac64")->layout;
	bad.checks[0].at = 8;
	ck_assert_int_eq(ac_protocol_check(&bad, &what), -EINVAL);
	bad = *ac_protocol_find("sanyo_ac")->layout;
	bad.checks[0].count2 = 10;
	ck_assert_int_eq(ac_protocol_check(&bad, &what), -EINVAL);
	/* mitsubishi_ac's half-degree bit moved off its temperature's byte */
	bad = *ac_protocol_find("mitsubishi_ac")->layout;
	for (i = 0; i < AC_FIELDS_MAX; i++)
		if (bad.fields[i].kind == AC_FIELD_MAP &&
		    bad.fields[i].state_shift == AC_STATE_TEMP_SHIFT)
			bad.fields[i].byte = 8;
	ck_assert_int_eq(ac_protocol_check(&bad, &what), -EINVAL);
	ck_assert_str_eq(what, "a value's fields lie in two bytes");
}
END_TEST

START_TEST(test_state_format)
{
	char buf[256];
	struct ac_state s;
	uint64_t packed;
	uint32_t has;

	/* on, cool, 25, auto, swing_v auto, swing_h off; quiet off, turbo on */
	packed = 0x2ULL | 0x2ULL << 4 | 50ULL << 8 | 0x1ULL << 16 | 0x2ULL << 20 |
		 0x1ULL << 24 | 0x1ULL << 32 | 0x2ULL << 34;
	has = 0x3f | 1u << (AC_VALUE_FLAGS + AC_FLAG_QUIET) | 1u << (AC_VALUE_FLAGS + AC_FLAG_TURBO);
	ac_state_format(packed, has, buf, sizeof(buf));
	ck_assert_str_eq(buf, "power=on mode=cool temp=25 fan=auto swing_v=auto swing_h=off "
			      "quiet=off turbo=on");
	ac_state_unpack(packed, &s);
	ck_assert_uint_eq(s.temp_half, 50);
	ck_assert_uint_eq(s.flags[AC_FLAG_TURBO], AC_POWER_ON);
	ck_assert_uint_eq(ac_state_pack(&s), packed);
	/* half degrees, values the state lacks, swings the protocol does not have */
	ac_state_format(0x1ULL | 45ULL << 8, 0x0f, buf, sizeof(buf));
	ck_assert_str_eq(buf, "power=off mode=- temp=22.5 fan=- swing_v=off swing_h=off");
	ck_assert_uint_eq(ac_state_format(packed, has, buf, 10), strlen("power=on mode=cool "
			  "temp=25 fan=auto swing_v=auto swing_h=off quiet=off turbo=on"));
	ck_assert_str_eq(buf, "power=on ");
}
END_TEST

/* A documented message: its bytes as the protocol's documentation numbers them. */
struct documented {
	enum ac_enc_protocol enc;
	size_t count;
	uint8_t bytes[AC_ENC_BYTES_MAX];
	uint64_t state;			/* the documented state, packed as ac_table.h says */
};

#define ST(power, mode, temp_half, fan, sv, sh)					\
	((uint64_t)(power) | (uint64_t)(mode) << 4 | (uint64_t)(temp_half) << 8 |	\
	 (uint64_t)(fan) << 16 | (uint64_t)(sv) << 20 | (uint64_t)(sh) << 24)
#define FL(flag, value)	((uint64_t)(value) << (32 + 2 * (flag)))

/*
 * The example messages of the protocols' documentation (IRremoteESP8266's tests of
 * real remotes), each with the state the documentation reads from it: the fan speeds
 * it calls low and high are the state's min and max where it reads them so.
 */
static const struct documented documented[] = {
	/* Corona: "Power: On, Mode: Heat, Temp: 23C, Fan: Low, Econo: On" */
	{ AC_ENC_CORONA_AC, 21, { 0x28, 0x61, 0x3d, 0x19, 0xe6, 0x37, 0xc8, 0x28, 0x61, 0x6d,
				  0xff, 0x00, 0xff, 0x00, 0x28, 0x61, 0xcd, 0xff, 0x00,
				  0xff, 0x00 },
	  ST(ON, M_HEAT, 46, F_LOW, 0, 0) | FL(ECONO, ON) },
	/* the same, "Power: Off" */
	{ AC_ENC_CORONA_AC, 21, { 0x28, 0x61, 0x3d, 0x19, 0xe6, 0x27, 0xd8, 0x28, 0x61, 0x6d,
				  0xff, 0x00, 0xff, 0x00, 0x28, 0x61, 0xcd, 0xff, 0x00,
				  0xff, 0x00 },
	  ST(OFF, M_HEAT, 46, F_LOW, 0, 0) | FL(ECONO, ON) },
	/* Goodweather 0xd52462000000: "Power: On, Mode: Cool, Temp: 20C, Fan: Low, Swing: Fast" */
	{ AC_ENC_GOODWEATHER, 6, { 0x00, 0x00, 0x00, 0x62, 0x24, 0xd5 },
	  ST(ON, M_COOL, 40, F_MIN, S_AUTO, 0) },
	/* 0xd52668000000: "Power: Off, Mode: Cool, Temp: 22C, Fan: Low, Swing: Off" */
	{ AC_ENC_GOODWEATHER, 6, { 0x00, 0x00, 0x00, 0x68, 0x26, 0xd5 },
	  ST(OFF, M_COOL, 44, F_MIN, S_OFF, 0) },
	/* Electra: "Power: On, Mode: Cool, Temp: 24C, Fan: Low, Swing(V): Off, Swing(H): Off" */
	{ AC_ENC_ELECTRA_AC, 13, { 0xc3, 0x87, 0xf6, 0x28, 0x60, 0x00, 0x20, 0x00, 0x00, 0x20,
				   0x00, 0x05, 0x0d },
	  ST(ON, M_COOL, 48, F_MIN, S_OFF, S_OFF) | FL(TURBO, OFF) | FL(CLEAN, OFF) },
	/* the same with "Clean: On" (and the light toggled) */
	{ AC_ENC_ELECTRA_AC, 13, { 0xc3, 0x87, 0xe0, 0x00, 0x60, 0x00, 0x20, 0x00, 0x00, 0x24,
				   0x00, 0x19, 0xe7 },
	  ST(ON, M_COOL, 48, F_MIN, S_OFF, S_OFF) | FL(TURBO, OFF) | FL(CLEAN, ON) },
	/*
	 * Carrier 64-bit 0x404000102e5e5584: "Power: On, Mode: 1 (Heat), Temp: 30C, Fan: 1
	 * (Low), Swing(V): On, Sleep: Off"
	 */
	{ AC_ENC_CARRIER_AC64, 8, { 0x84, 0x55, 0x5e, 0x2e, 0x10, 0x00, 0x40, 0x40 },
	  ST(ON, M_HEAT, 60, F_LOW, S_AUTO, 0) | FL(SLEEP, OFF) },
	/* its reset state 0x109000002c2a5584: "Power: Off, Mode: 2 (Cool), Temp: 28C, ..." */
	{ AC_ENC_CARRIER_AC64, 8, { 0x84, 0x55, 0x2a, 0x2c, 0x00, 0x00, 0x90, 0x10 },
	  ST(OFF, M_COOL, 56, F_AUTO, S_AUTO, 0) | FL(SLEEP, OFF) },
	/*
	 * Sanyo: "Power: On, Mode: 2 (Cool), Temp: 21C, Fan: 0 (Auto), Swing(V): 5 (Upper
	 * Middle), Sleep: Off, Beep: On"
	 */
	{ AC_ENC_SANYO_AC, 9, { 0x6a, 0x71, 0x47, 0x00, 0x20, 0x85, 0x00, 0x00, 0x32 },
	  ST(ON, M_COOL, 42, F_AUTO, S_3, 0) | FL(BEEP, ON) | FL(SLEEP, OFF) },
	/* with the off timer: "Power: On, Mode: 1 (Heat), Temp: 17C, ..., Beep: On" */
	{ AC_ENC_SANYO_AC, 9, { 0x6a, 0x6d, 0x4f, 0x02, 0x14, 0x85, 0x00, 0x00, 0x4a },
	  ST(ON, M_HEAT, 34, F_AUTO, S_3, 0) | FL(BEEP, ON) | FL(SLEEP, OFF) },	/* Sharp A907: "Power: On, Previous Power: On, Mode: 2 (Cool), Temp: 28C, Fan: 2 (Auto)" */
	{ AC_ENC_SHARP_AC, 13, { 0xaa, 0x5a, 0xcf, 0x10, 0xcd, 0x31, 0x22, 0x00, 0x08, 0x80,
				 0x04, 0xe0, 0x51 },
	  ST(ON, M_COOL, 56, F_AUTO, 0, 0) | FL(FILTER, OFF) | FL(CLEAN, OFF) },
	/* "Power: On, Previous Power: Off, Mode: 0 (Auto), Temp: 15C, Fan: 2 (Auto)" */
	{ AC_ENC_SHARP_AC, 13, { 0xaa, 0x5a, 0xcf, 0x10, 0x00, 0x11, 0x20, 0x00, 0x08, 0x80,
				 0x00, 0xe0, 0x01 },
	  ST(ON, M_AUTO, 30, F_AUTO, 0, 0) | FL(FILTER, OFF) | FL(CLEAN, OFF) },
	/*
	 * TCL112AC (TAC09CHSD): "Power: On, Mode: 3 (Cool), Temp: 21C, Fan: 0 (Auto),
	 * Swing(V): 0 (Auto), Swing(H): Off, Econo: Off, Health: Off, Turbo: Off, Light:
	 * On" (its vanes' 0 is stdAc's swing off)
	 */
	{ AC_ENC_TCL112AC, 14, { 0x23, 0xcb, 0x26, 0x01, 0x00, 0x24, 0x03, 0x0a, 0x00, 0x00,
				 0x00, 0x00, 0x84, 0xca },
	  ST(ON, M_COOL, 42, F_AUTO, S_OFF, S_OFF) | FL(TURBO, OFF) | FL(ECONO, OFF) |
	  FL(LIGHT, ON) | FL(FILTER, OFF) },
	/* "Power: On, Mode: 2 (Dry), Temp: 26C, Fan: 2 (Low), Swing(V): 0 (Auto), ..." */
	{ AC_ENC_TCL112AC, 14, { 0x23, 0xcb, 0x26, 0x01, 0x00, 0x24, 0x02, 0x05, 0x02, 0x00,
				 0x00, 0x00, 0x80, 0xc2 },
	  ST(ON, M_DRY, 52, F_LOW, S_OFF, S_OFF) | FL(TURBO, OFF) | FL(ECONO, OFF) |
	  FL(LIGHT, ON) | FL(FILTER, OFF) },
	/*
	 * Neoclima: "Power: On, Mode: 1 (Cool), Temp: 26C, Fan: 3 (Low), Swing(V): Off,
	 * Swing(H): On, Sleep: Off, Turbo: Off, Hold: Off, Ion: Off, Eye: Off, Light: Off"
	 * (fan 3 is stdAc's minimum)
	 */
	{ AC_ENC_NEOCLIMA, 12, { 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x6a, 0x00, 0x2a,
				 0xa5, 0x39 },
	  ST(ON, M_COOL, 52, F_MIN, S_OFF, S_AUTO) | FL(TURBO, OFF) | FL(ECONO, OFF) |
	  FL(LIGHT, OFF) | FL(FILTER, OFF) | FL(SLEEP, OFF) },
	/* "Turbo: On" (the turbo button; 24C, fan low, heat: byte 9 0x88) */
	{ AC_ENC_NEOCLIMA, 12, { 0x00, 0x00, 0x00, 0x08, 0x00, 0x0a, 0x00, 0x6a, 0x00, 0x88,
				 0xa5, 0xa9 },
	  ST(ON, M_HEAT, 48, F_MIN, S_OFF, S_AUTO) | FL(TURBO, ON) | FL(ECONO, OFF) |
	  FL(LIGHT, OFF) | FL(FILTER, OFF) | FL(SLEEP, OFF) },
};

START_TEST(test_documented_examples)
{
	const struct documented *d = &documented[_i];
	const struct protocol_case *c = NULL;
	struct ir_signal signal;
	struct decoder_run run;
	size_t k;

	for (k = 0; k < CASE_COUNT; k++)
		if (cases[k].enc == d->enc)
			c = &cases[k];
	ck_assert(c);
	open_one(&run, c);
	ir_signal_init(&signal);
	ck_assert_int_eq(ac_encode_signal(d->enc, d->bytes, d->count, NULL, &signal), 0);
	decoder_run_feed(&run, &signal);
	expect_event_count(&run, 1);
	expect_keydown(&run, 0, proto_of(c), d->state, 0);
	ir_signal_free(&signal);
	decoder_run_close(&run);
}
END_TEST

/* Daikin160's documented example message: off, cool, 25 °C, fan auto, swing lowest. */
START_TEST(test_daikin160_documented)
{
	static const uint8_t example[] = {
		0x11, 0xda, 0x27, 0xf0, 0x0d, 0x00, 0x0f,
		0x11, 0xda, 0x27, 0x00, 0xd3, 0x30, 0x11, 0x00, 0x00, 0x1e, 0x0a, 0x08, 0x56,
	};
	const struct protocol_case *c = NULL;
	const struct ac_enc_state s = { OFF, M_COOL, 50, F_AUTO, S_5, 0, { 0 } };
	struct ir_signal signal;
	struct decoder_run run;
	size_t i;

	for (i = 0; i < CASE_COUNT; i++)
		if (cases[i].enc == AC_ENC_DAIKIN160)
			c = &cases[i];
	ck_assert(c);
	open_one(&run, c);
	ir_signal_init(&signal);
	ck_assert_int_eq(ac_encode_signal(c->enc, example, sizeof(example), NULL, &signal), 0);
	decoder_run_clear_events(&run);
	decoder_run_feed(&run, &signal);
	expect_event_count(&run, 1);
	expect_keydown(&run, 0, proto_of(c), expected_state(c, &s), 0);
	ir_signal_free(&signal);
	decoder_run_close(&run);
}
END_TEST

/*
 * Gree's message (its encoder's timings: 0 spaces about 540 µs, 1 spaces about 1600)
 * with each bit's space set to zero or one instead.
 */
static void gree_respaced(unsigned int zero, unsigned int one, struct ir_signal *signal)
{
	const struct protocol_case *c = &cases[0];
	size_t i;

	ck_assert_int_eq(c->enc, AC_ENC_GREE);
	signal_of(c, &c->base, NULL, signal);
	for (i = 1; i < signal->count; i++) {
		uint32_t v = signal->samples[i], before = signal->samples[i - 1];

		if (!LIRC_IS_SPACE(v) || LIRC_VALUE(v) >= AC_GAP_MIN ||
		    LIRC_VALUE(before) >= AC_HEADER_PULSE_MIN)
			continue;
		signal->samples[i] = LIRC_MODE2_SPACE | (LIRC_VALUE(v) >= 1000 ? one : zero);
	}
}

/* The report of gree's base state, under the protocol number of gree's id. */
static void expect_gree(struct decoder_run *run, const struct ir_signal *signal)
{
	const struct protocol_case *c = &cases[0];
	uint32_t rc_proto = AC_RC_PROTOCOL_BASE + ac_protocol_find("gree")->layout->id;

	decoder_run_clear_events(run);
	decoder_run_feed(run, signal);
	expect_event_count(run, 1);
	expect_keydown(run, 0, rc_proto, expected_state(c, &c->base), 0);
}

/*
 * Each descriptor's 0 and 1 told apart midway between its own spaces: a 1 space of
 * 954 µs (Daikin 64's and 128's) and a 0 space whose window reaches past 900 µs
 * (Daikin 160's and 176's, 700 µs) decode at the edges of their windows, and not
 * past them. A threshold shared by every protocol (900 µs) could not do both.
 */
START_TEST(test_own_threshold)
{
	struct ac_protocol layout = *ac_protocol_find("gree")->layout;
	const char *what = NULL;
	struct ir_signal signal;
	struct decoder_run run;

	/* 1 space 954: window 705 to 1203; 0 space 380: 131 to 629 */
	layout.one_space = 954;
	layout.zero_space = 380;
	open_layouts(&run, &layout, 1);
	gree_respaced(380, 705, &signal);
	expect_gree(&run, &signal);
	ir_signal_free(&signal);
	gree_respaced(629, 1203, &signal);
	expect_gree(&run, &signal);
	ir_signal_free(&signal);
	gree_respaced(380, 704, &signal);
	expect_nothing(&run, &signal);
	ir_signal_free(&signal);
	gree_respaced(630, 954, &signal);
	expect_nothing(&run, &signal);
	ir_signal_free(&signal);
	decoder_run_close(&run);
	ck_assert_msg(ac_protocol_check(&layout, &what) == 0, "%s", what);

	/* 0 space 710: window 461 to 959; 1 space 1400: 1151 to 1649 */
	layout.zero_space = 710;
	layout.one_space = 1400;
	open_layouts(&run, &layout, 1);
	gree_respaced(959, 1151, &signal);
	expect_gree(&run, &signal);
	ir_signal_free(&signal);
	gree_respaced(461, 1649, &signal);
	expect_gree(&run, &signal);
	ir_signal_free(&signal);
	gree_respaced(960, 1400, &signal);
	expect_nothing(&run, &signal);
	ir_signal_free(&signal);
	gree_respaced(710, 1150, &signal);
	expect_nothing(&run, &signal);
	ir_signal_free(&signal);
	decoder_run_close(&run);
	ck_assert_msg(ac_protocol_check(&layout, &what) == 0, "%s", what);

	/* Windows that meet are refused: the decoder could not tell a 0 from a 1. */
	layout.zero_space = 910;
	ck_assert_int_eq(ac_protocol_check(&layout, &what), -EINVAL);
}
END_TEST

/*
 * A message whose framing is that of several descriptors: the first whose checks hold
 * is reported, the others (their checks failing) tried before it in the table's
 * order, up to AC_CANDIDATES_MAX of them in all.
 */
START_TEST(test_next_candidate)
{
	struct ac_protocol layouts[AC_CANDIDATES_MAX + 1];
	const struct ac_protocol *gree = ac_protocol_find("gree")->layout;
	struct ir_signal signal;
	struct decoder_run run;
	size_t i;

	/* Gree's framing, a check gree's messages never pass (byte 4's signature). */
	for (i = 0; i < AC_CANDIDATES_MAX; i++) {
		layouts[i] = *gree;
		layouts[i].id = gree->id + 1 + (unsigned int)i;
		layouts[i].checks[0].kind = AC_CHECK_EQUAL;
		layouts[i].checks[0].at = 4;
		layouts[i].checks[0].first = 0x07;
		layouts[i].checks[0].count = 0x05;
	}
	signal_of(&cases[0], &cases[0].base, NULL, &signal);
	open_layouts(&run, layouts, 1);
	expect_nothing(&run, &signal);
	decoder_run_close(&run);
	/* The second of two, and the last of AC_CANDIDATES_MAX. */
	layouts[1] = *gree;
	open_layouts(&run, layouts, 2);
	expect_gree(&run, &signal);
	decoder_run_close(&run);
	layouts[1] = layouts[0];
	layouts[AC_CANDIDATES_MAX - 1] = *gree;
	open_layouts(&run, layouts, AC_CANDIDATES_MAX);
	expect_gree(&run, &signal);
	decoder_run_close(&run);
	/* One more before it: not tried. */
	layouts[AC_CANDIDATES_MAX] = *gree;
	layouts[AC_CANDIDATES_MAX - 1] = layouts[0];
	open_layouts(&run, layouts, AC_CANDIDATES_MAX + 1);
	expect_nothing(&run, &signal);
	decoder_run_close(&run);
	ir_signal_free(&signal);
}
END_TEST

/*
 * Every protocol at the inner edges of its own windows (each space a margin less one
 * toward the other kind of bit, each pulse long), then one step past an edge.
 */
START_TEST(test_own_edges)
{
	const struct protocol_case *c = &cases[_i];
	const struct ac_protocol *r = ac_protocol_find(c->name)->layout;
	unsigned int middle = (r->zero_space + r->one_space) / 2;
	unsigned int step, past;
	struct ir_signal signal;
	struct decoder_run run;
	size_t i;

	open_one(&run, c);
	for (past = 0; past < 3; past++) {
		signal_of(c, &c->base, NULL, &signal);
		for (i = 1; i < signal.count; i++) {
			uint32_t v = signal.samples[i], before = signal.samples[i - 1];

			if (!LIRC_IS_SPACE(v) || LIRC_VALUE(v) >= AC_GAP_MIN ||
			    LIRC_VALUE(before) >= AC_HEADER_PULSE_MIN)
				continue;
			step = r->margin - 1 + (past == 1);
			signal.samples[i] = LIRC_MODE2_SPACE |
				(LIRC_VALUE(v) >= middle ? r->one_space - step :
				 r->zero_space + step);
			signal.samples[i - 1] = LIRC_MODE2_PULSE |
				(r->bit_pulse + r->margin - 1 + (past == 2));
		}
		if (past == 0) {
			decoder_run_clear_events(&run);
			decoder_run_feed(&run, &signal);
			expect_event_count(&run, c->copies);
			expect_keydown(&run, 0, proto_of(c), expected_state(c, &c->base), 0);
		} else {
			expect_nothing(&run, &signal);
		}
		ir_signal_free(&signal);
	}
	decoder_run_close(&run);
}
END_TEST

/*
 * TCL112AC's special messages (type 2 in byte 3: the quiet and other buttons' second
 * message) are not a state: one laid out as the remote sends them, its sum right, is
 * not reported; the same bytes as a state message (type 1) are.
 */
START_TEST(test_tcl112ac_special)
{
	uint8_t msg[14] = { 0x23, 0xcb, 0x26, 0x02, 0x00, 0x40, 0x40, 0x00, 0xc3 };
	const struct protocol_case *c = NULL;
	struct ir_signal signal;
	struct decoder_run run;
	size_t i, k;

	for (i = 0; i < CASE_COUNT; i++)
		if (cases[i].enc == AC_ENC_TCL112AC)
			c = &cases[i];
	ck_assert(c);
	open_one(&run, c);
	for (k = 0; k < 2; k++) {
		msg[3] = k ? 0x01 : 0x02;
		msg[13] = 0;
		for (i = 0; i < 13; i++)
			msg[13] = (uint8_t)(msg[13] + msg[i]);
		ir_signal_init(&signal);
		ck_assert_int_eq(ac_encode_signal(c->enc, msg, sizeof(msg), NULL, &signal), 0);
		decoder_run_clear_events(&run);
		decoder_run_feed(&run, &signal);
		expect_event_count(&run, k);
		ir_signal_free(&signal);
	}
	decoder_run_close(&run);
}
END_TEST

static Suite *ac_suite(void)
{
	Suite *s = suite_create("ac");
	TCase *tc = tcase_create("round trips");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_modes_and_temperatures, 0, CASE_COUNT);
	tcase_add_loop_test(tc, test_fans_swings_flags_power, 0, CASE_COUNT);
	tcase_add_loop_test(tc, test_tolerance_edges, 0, CASE_COUNT);
	tcase_add_loop_test(tc, test_wrong_checksum, 0, CASE_COUNT);
	tcase_add_loop_test(tc, test_cut_short, 0, CASE_COUNT);
	tcase_add_loop_test(tc, test_noise, 0, CASE_COUNT);
	tcase_add_test(tc, test_coolix_off);
	tcase_add_test(tc, test_midea_sum_and_units);
	tcase_add_test(tc, test_fujitsu_states);
	tcase_add_test(tc, test_toshiba_off);
	tcase_add_test(tc, test_lg_off);
	tcase_add_test(tc, test_samsung_documented);
	tcase_add_test(tc, test_whirlpool_other_remote);
	tcase_add_test(tc, test_timeout_at_gap);
	tcase_add_test(tc, test_rhoss_documented);
	tcase_add_test(tc, test_own_threshold);
	tcase_add_test(tc, test_next_candidate);
	tcase_add_loop_test(tc, test_own_edges, 0, CASE_COUNT);
	tcase_add_test(tc, test_daikin160_documented);
	tcase_add_test(tc, test_technibel_documented);
	tcase_add_test(tc, test_tcl112ac_special);
	tcase_add_test(tc, test_vestel_documented);
	tcase_add_test(tc, test_all_loaded);
	tcase_add_loop_test(tc, test_documented_examples, 0,
			    (int)(sizeof(documented) / sizeof(documented[0])));
	suite_add_tcase(s, tc);
	tc = tcase_create("tables");
	tcase_add_test(tc, test_layouts_checked);
	tcase_add_test(tc, test_state_format);
	tcase_add_test(tc, test_daikin176_documented);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = ac_suite);
