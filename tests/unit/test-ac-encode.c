// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The A/C encoder (utils/ac/ac_encode.c), two ways:
 * - round trips through the decoder: for every protocol of the table (those added
 *   later too), every value each of its fields can say (every mode, temperature, fan,
 *   swing and flag value) asked for alone, the rest left to the defaults, sent as a
 *   train and decoded by the ac decoder in the VM with every protocol loaded, must come
 *   back as asked, and the bytes the decoder queues for each report ("ac_messages")
 *   are the encoder's message;
 * - against the test encoder (tests/encoders/ac_encoder.c, written from the protocols'
 *   documents, not from the table): for the states it takes, varied one value at a time
 *   over the whole range, the two trains must be the same, duration for duration (the
 *   gaps between sections only as gaps: both at least the decoder's AC_GAP_MIN).
 * And the text forms ir-ctl takes, and their errors. Values are walked in a fixed
 * order; nothing is random.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <linux/lirc.h>

#include "ac_encode.h"
#include "ac_encoder.h"
#include "decoder_run.h"
#include "ir_signal.h"
#include "test-main.h"

/* The train as the receiver delivers it: its durations, then the timeout. */
static void signal_of_train(const struct ir_train *train, struct ir_signal *signal)
{
	size_t i;

	ir_signal_init(signal);
	for (i = 0; i < train->count; i++) {
		if (ir_train_is_pulse(i))
			ck_assert_int_eq(ir_signal_pulse(signal, train->durations[i]), 0);
		else
			ck_assert_int_eq(ir_signal_space(signal, train->durations[i]), 0);
	}
	ck_assert_int_eq(ir_signal_timeout(signal, 100000), 0);
}

static void open_all(struct decoder_run *run)
{
	const struct bpf_param_value param = { "protocols", (int64_t)ac_protocol_count() };
	struct ir_error err;
	unsigned int key;
	int map;

	decoder_run_open(run, "ac", &param, 1);
	map = bpf_vm_map_find(run->vm, AC_PROTOCOLS_MAP);
	ck_assert_int_ge(map, 0);
	for (key = 0; key < ac_protocol_count(); key++) {
		memset(&err, 0, sizeof(err));
		ck_assert_msg(bpf_vm_map_update(run->vm, (size_t)map, &key,
						ac_protocol_at(key)->layout, &err) == 0,
			      "%s", err.message);
	}
}

/*
 * Every value the decoder can report for v from protocol's message, as a mask of
 * values (1 << value; the temperature's half degrees up to 255 in four words): the
 * ORs of one reading of each of v's fields (mitsubishi_ac's whole degrees and its
 * half-degree bit), 0 (no value) left out.
 */
static void reportable(const struct ac_protocol *r, enum ac_value v, uint64_t values[4])
{
	unsigned int shift, width, j, raw, value, old;
	uint64_t before[4];

	memset(values, 0, 4 * sizeof(values[0]));
	values[0] = 1;			/* 0: no field read yet */
	ac_value_bits(v, &shift, &width);
	for (j = 0; j < AC_FIELDS_MAX && r->fields[j].kind != AC_FIELD_NONE; j++) {
		const struct ac_field *f = &r->fields[j];

		if (f->state_shift != shift)
			continue;
		memcpy(before, values, sizeof(before));
		memset(values, 0, 4 * sizeof(values[0]));
		for (raw = 0; raw < 1U << f->width; raw++) {
			if (f->kind == AC_FIELD_MAP)
				value = raw < AC_FIELD_MAP_SIZE ? f->map[raw] : 0;
			else
				value = raw * f->mul + f->add;
			value &= (1U << width) - 1;
			for (old = 0; old < 256; old++)
				if (before[old / 64] >> (old % 64) & 1)
					values[(old | value) / 64] |= 1ULL << ((old | value) % 64);
		}
	}
	values[0] &= ~1ULL;
}

/* Protocol p asked for v = value alone: its train decoded says value. */
static void expect_round_trip(struct decoder_run *run, const struct ac_protocol_info *p,
			      enum ac_value v, unsigned int value)
{
	struct ac_request request = { { 0 }, 1U << v };
	uint8_t msg[AC_BYTES_MAX];
	struct ir_signal signal;
	struct ir_train train;
	struct ir_error err = { 0 };
	struct ac_message message;
	size_t count, i;
	uint64_t sent;
	int ret, map;

	*ac_state_slot(&request.state, v) = value;
	ret = ac_encode_message(p, &request, msg, &count, &sent, &err);
	ck_assert_msg(ret == 0, "%s %s=%u: %s", p->name, ac_value_name(v), value, err.message);
	ck_assert_uint_eq(count, p->layout->bytes);
	ir_train_init(&train);
	ck_assert_int_eq(ac_encode_train(p, msg, 0, &train), 0);
	signal_of_train(&train, &signal);
	decoder_run_clear_events(run);
	decoder_run_feed(run, &signal);
	ck_assert_msg(decoder_run_event_count(run) >= 1, "%s %s=%u: no report", p->name,
		      ac_value_name(v), value);
	for (i = 0; i < decoder_run_event_count(run); i++) {
		const struct bpf_vm_event *e = decoder_run_event(run, i);

		ck_assert_uint_eq(e->protocol, AC_RC_PROTOCOL_BASE + p->layout->id);
		ck_assert_msg(ac_state_value(e->scancode, v) == value,
			      "%s %s=%u: decoded as %u", p->name, ac_value_name(v), value,
			      ac_state_value(e->scancode, v));
		/* What the encoder says it sent is what the decoder read. */
		ck_assert_uint_eq(e->scancode, sent);
	}
	/* One message queued per report, its bytes the encoder's (ac_table.h). */
	map = bpf_vm_map_find(run->vm, AC_MESSAGES_MAP);
	ck_assert_int_ge(map, 0);
	for (i = 0; i < decoder_run_event_count(run); i++) {
		ck_assert_int_eq(bpf_vm_map_pop(run->vm, (size_t)map, &message), 0);
		ck_assert_uint_eq(message.id, p->layout->id);
		ck_assert_uint_eq(message.length, count);
		ck_assert_msg(!memcmp(message.bytes, msg, count), "%s %s=%u: bytes queued differ",
			      p->name, ac_value_name(v), value);
	}
	ck_assert_int_eq(bpf_vm_map_pop(run->vm, (size_t)map, &message), -ENOENT);
	ir_signal_free(&signal);
	ir_train_free(&train);
}

START_TEST(test_round_trips)
{
	const struct ac_protocol_info *p = ac_protocol_at((size_t)_i);
	struct decoder_run run;
	uint64_t values[4];
	unsigned int v, value, tried = 0;

	open_all(&run);
	for (v = 0; v < AC_VALUE_MAX; v++) {
		reportable(p->layout, v, values);
		for (value = 1; value < 256; value++) {
			if (!(values[value / 64] >> (value % 64) & 1))
				continue;
			expect_round_trip(&run, p, v, value);
			tried++;
		}
	}
	/* At least power or mode, a temperature and a fan, or a flag. */
	ck_assert_uint_ge(tried, 4);
	decoder_run_close(&run);
}
END_TEST

/* The test encoder's protocols, by name. */
static const struct {
	const char *name;
	enum ac_enc_protocol enc;
} enc_names[] = {
	{ "gree", AC_ENC_GREE }, { "coolix", AC_ENC_COOLIX },
	{ "mitsubishi_ac", AC_ENC_MITSUBISHI_AC }, { "daikin", AC_ENC_DAIKIN },
	{ "midea", AC_ENC_MIDEA }, { "fujitsu_ac", AC_ENC_FUJITSU_AC },
	{ "toshiba_ac", AC_ENC_TOSHIBA_AC }, { "panasonic_ac", AC_ENC_PANASONIC_AC },
	{ "lg", AC_ENC_LG }, { "hitachi_ac", AC_ENC_HITACHI_AC },
	{ "haier_ac", AC_ENC_HAIER_AC }, { "trotec", AC_ENC_TROTEC },
	{ "daikin152", AC_ENC_DAIKIN152 },
	{ "mitsubishi_heavy_152", AC_ENC_MITSUBISHI_HEAVY_152 },
	{ "mitsubishi_heavy_88", AC_ENC_MITSUBISHI_HEAVY_88 },
	{ "rhoss", AC_ENC_RHOSS }, { "technibel_ac", AC_ENC_TECHNIBEL_AC },
	{ "corona_ac", AC_ENC_CORONA_AC }, { "goodweather", AC_ENC_GOODWEATHER },
	{ "electra_ac", AC_ENC_ELECTRA_AC },
	{ "carrier_ac64", AC_ENC_CARRIER_AC64 }, { "sanyo_ac", AC_ENC_SANYO_AC },
	{ "sharp_ac", AC_ENC_SHARP_AC },
	{ "daikin160", AC_ENC_DAIKIN160 },
	{ "tcl112ac", AC_ENC_TCL112AC },
	{ "daikin176", AC_ENC_DAIKIN176 },
	{ "fujitsu_ac_ardb1", AC_ENC_FUJITSU_AC_ARDB1 },
	{ "daikin216", AC_ENC_DAIKIN216 },
	{ "vestel_ac", AC_ENC_VESTEL_AC },
	{ "neoclima", AC_ENC_NEOCLIMA },
	{ "samsung_ac", AC_ENC_SAMSUNG_AC }, { "whirlpool_ac", AC_ENC_WHIRLPOOL_AC },
	{ "lg2", AC_ENC_LG2 }, { "daikin2", AC_ENC_DAIKIN2 },
};

#define ENC_COUNT (sizeof(enc_names) / sizeof(enc_names[0]))

/* The test encoder's signal of s, or false when it does not take s. */
static bool enc_signal(enum ac_enc_protocol enc, const struct ac_enc_state *s,
		       struct ir_signal *signal)
{
	uint8_t bytes[AC_ENC_BYTES_MAX];
	size_t count;

	if (ac_encode_bytes(enc, s, bytes, &count) < 0)
		return false;
	ir_signal_init(signal);
	ck_assert_int_eq(ac_encode_signal(enc, bytes, count, NULL, signal), 0);
	return true;
}

/* s as a request: every value s has (not 0) that the protocol has asked for. */
static void request_of(const struct ac_protocol_info *p, const struct ac_enc_state *s,
		       struct ac_request *request)
{
	const unsigned int values[AC_VALUE_FLAGS] = {
		s->power, s->mode, s->temp_half, s->fan, s->swing_v, s->swing_h,
	};
	unsigned int v;

	memset(request, 0, sizeof(*request));
	for (v = 0; v < AC_VALUE_MAX; v++) {
		unsigned int value = v < AC_VALUE_FLAGS ? values[v] :
				     s->flags[v - AC_VALUE_FLAGS];

		if (!value || !(ac_protocol_has(p) & 1U << v))
			continue;
		*ac_state_slot(&request->state, v) = value;
		request->given |= 1U << v;
	}
}

/* Both encoders' trains of s the same, the gaps as gaps; 1 compared, 0 not taken. */
static int expect_same_train(const struct ac_protocol_info *p, enum ac_enc_protocol enc,
			     const struct ac_enc_state *s)
{
	struct ac_request request;
	uint8_t msg[AC_BYTES_MAX];
	struct ir_signal signal;
	struct ir_train train;
	struct ir_error err = { 0 };
	size_t count, i, n = 0;
	uint64_t sent;
	int ret;

	if (!enc_signal(enc, s, &signal))
		return 0;
	request_of(p, s, &request);
	ret = ac_encode_message(p, &request, msg, &count, &sent, &err);
	/* Toshiba's power off is a mode of its own: the mode asked for is not sent. */
	if (ret < 0 && s->power == 1) {
		request.given &= ~(1U << AC_VALUE_MODE);
		ret = ac_encode_message(p, &request, msg, &count, &sent, &err);
	}
	ck_assert_msg(ret == 0, "%s: a state the test encoder takes refused: %s", p->name,
		      err.message);
	ir_train_init(&train);
	ck_assert_int_eq(ac_encode_train(p, msg, 0, &train), 0);
	for (i = 0; i < signal.count; i++) {
		uint32_t sample = signal.samples[i], d = LIRC_VALUE(sample);

		if (LIRC_IS_TIMEOUT(sample))
			continue;
		ck_assert_msg(n < train.count, "%s: train shorter than the test's (%zu)",
			      p->name, n);
		ck_assert_int_eq(LIRC_IS_PULSE(sample), ir_train_is_pulse(n));
		if (!LIRC_IS_PULSE(sample) && d >= AC_GAP_MIN)
			ck_assert_msg(train.durations[n] >= AC_GAP_MIN, "%s: no gap at %zu",
				      p->name, n);
		else
			ck_assert_msg(train.durations[n] == d, "%s: duration %zu is %u, the "
				      "test encoder's %u (mode %u temp %u fan %u swing %u %u)",
				      p->name, n, train.durations[n], d, s->mode, s->temp_half,
				      s->fan, s->swing_v, s->swing_h);
		n++;
	}
	ck_assert_uint_eq(n, train.count);
	ir_signal_free(&signal);
	ir_train_free(&train);
	return 1;
}

/*
 * A state the test encoder takes, with power on (or none: whirlpool_ac's is a
 * toggle), cool and 25 °C, or false.
 */
static bool base_state(enum ac_enc_protocol enc, struct ac_enc_state *ret)
{
	static const unsigned int swings[] = { 1, 2, 0 };	/* off, auto, none */
	/* auto, medium; max for daikin176, whose two speeds are min and max */
	static const unsigned int fans[] = { 1, 4, 6 };
	static const unsigned int powers[] = { 2, 0 };		/* on, none */
	struct ir_signal signal;
	unsigned int v, h, f, p;

	for (p = 0; p < 2; p++) {
		for (f = 0; f < 3; f++) {
			for (v = 0; v < 3; v++) {
				for (h = 0; h < 3; h++) {
					struct ac_enc_state s = { powers[p], 2, 50, fans[f],
								  swings[v], swings[h], { 0 } };

					if (enc_signal(enc, &s, &signal)) {
						ir_signal_free(&signal);
						*ret = s;
						return true;
					}
				}
			}
		}
	}
	return false;
}

START_TEST(test_same_as_test_encoder)
{
	const struct ac_protocol_info *p = ac_protocol_find(enc_names[_i].name);
	enum ac_enc_protocol enc = enc_names[_i].enc;
	struct ac_enc_state base, s;
	unsigned int value, f, compared = 0;

	ck_assert_ptr_nonnull(p);
	ck_assert_msg(base_state(enc, &base), "%s: no base state", p->name);
	for (value = 1; value <= 2; value++) {
		s = base;
		s.power = value;
		compared += expect_same_train(p, enc, &s);
	}
	for (value = 1; value <= 5; value++) {
		s = base;
		s.mode = value;
		compared += expect_same_train(p, enc, &s);
	}
	for (value = 20; value <= 64; value++) {
		s = base;
		s.temp_half = value;
		compared += expect_same_train(p, enc, &s);
	}
	for (value = 1; value <= 6; value++) {
		s = base;
		s.fan = value;
		compared += expect_same_train(p, enc, &s);
	}
	for (value = 1; value <= 7; value++) {
		s = base;
		s.swing_v = value;
		compared += expect_same_train(p, enc, &s);
		s = base;
		s.swing_h = value;
		compared += expect_same_train(p, enc, &s);
	}
	for (f = 0; f < AC_ENC_FLAGS; f++) {
		if (!(ac_protocol_has(p) & 1U << (AC_VALUE_FLAGS + f)))
			continue;
		for (value = 1; value <= 2; value++) {
			s = base;
			s.flags[f] = value;
			compared += expect_same_train(p, enc, &s);
			/* Mitsubishi's and Fujitsu's quiet is their lowest fan. */
			s.fan = 2;
			compared += expect_same_train(p, enc, &s);
		}
	}
	ck_assert_uint_ge(compared, 20);
}
END_TEST

/* Text, as ir-ctl's -S takes it, into a train; err's message into message. */
static int encode_text(const char *text, struct ir_train *train, char *message, size_t size)
{
	struct ir_error err = { 0 };
	int ret = ac_encode_text(text, 0, train, &err);

	snprintf(message, size, "%s", ret < 0 ? err.message : "");
	return ret;
}

START_TEST(test_text_forms)
{
	struct ir_train a, b;
	char message[IR_ERROR_MESSAGE_MAX];
	size_t i;

	ir_train_init(&a);
	ir_train_init(&b);
	/* The two forms, and the defaults spelt out, make one train. */
	ck_assert_int_eq(encode_text("ac:daikin:mode=heat,temp=22.5,fan=medium,econo=on", &a,
				     message, sizeof(message)), 0);
	ck_assert_int_eq(encode_text("0.738175: ac protocol(daikin): power=on mode=heat "
				     "temp=22.5 fan=medium swing_v=off swing_h=off quiet=off "
				     "turbo=off econo=on", &b, message, sizeof(message)), 0);
	ck_assert_uint_eq(a.count, b.count);
	for (i = 0; i < a.count; i++)
		ck_assert_uint_eq(a.durations[i], b.durations[i]);
	ir_train_free(&b);
	ck_assert_int_eq(encode_text("ac protocol(gree): power=on mode=cool temp=- fan=-", &b,
				     message, sizeof(message)), 0);
	ir_train_free(&b);
	ck_assert_int_eq(encode_text("ac:lg", &b, message, sizeof(message)), 0);
	ck_assert_uint_eq(b.count, 2 + 28 * 2 + 1);
	ir_train_free(&b);
	ir_train_free(&a);
}
END_TEST

static const struct {
	const char *text;
	const char *message;
} bad_texts[] = {
	{ "ac:nope", "'ac:nope': no A/C protocol 'nope' (ir-ctl --help lists them)" },
	{ "ac:", "'ac:': no A/C protocol '' (ir-ctl --help lists them)" },
	{ "ac:daikin:fan=quiet", "'fan=quiet': fan is one of auto, min, low, medium, high, max" },
	{ "ac:daikin:color=red", "'color=red': no A/C state has 'color' (power, mode, temp, fan, "
	  "swing_v, swing_h, quiet, turbo, econo, light, filter, clean, beep, sleep)" },
	{ "ac:daikin:temp=25.4", "'temp=25.4': temp is in degrees Celsius, as 25 or 25.5" },
	{ "ac:daikin:temp=0", "'temp=0': temp is in degrees Celsius, as 25 or 25.5" },
	{ "ac:daikin:power", "'power': not a FIELD=VALUE of an A/C state" },
	{ "ac:coolix:swing_v=auto", "ac:coolix has no swing_v" },
	{ "ac:gree:temp=25.5", "ac:gree cannot send temp=25.5" },
	{ "ac:fujitsu_ac:power=off", "ac:fujitsu_ac cannot send power=off" },
	{ "ac:toshiba_ac:power=off,mode=cool",
	  "ac:toshiba_ac cannot send mode=cool with the values given before it" },
	{ "ac:coolix:power=off,temp=20",
	  "ac:coolix cannot send temp=20 with the other values given" },
	{ "ac protocol(daikin", "'ac protocol(daikin': expected 'ac protocol(NAME): "
	  "FIELD=VALUE ...'" },
};

START_TEST(test_bad_texts)
{
	struct ir_train train;
	char message[IR_ERROR_MESSAGE_MAX];

	ir_train_init(&train);
	ck_assert_int_eq(ir_train_pulse(&train, 500), 0);
	ck_assert_int_eq(encode_text(bad_texts[_i].text, &train, message, sizeof(message)),
			 -EINVAL);
	ck_assert_str_eq(message, bad_texts[_i].message);
	/* The train is as it was. */
	ck_assert_uint_eq(train.count, 1);
	ck_assert_uint_eq(train.durations[0], 500);
	ir_train_free(&train);
}
END_TEST

/*
 * Power off, which lg and lg2 send as a command of its own (88 c0 05 and its check,
 * as the test encoder writes it), and the rest of their states the same bytes.
 */
START_TEST(test_lg_power_off)
{
	static const char *const names[] = { "lg", "lg2" };
	struct ac_request request = { { 0 }, 1U << AC_VALUE_POWER };
	uint8_t msg[AC_BYTES_MAX], expected[AC_ENC_BYTES_MAX];
	struct ir_error err = { 0 };
	size_t count, i;
	uint64_t sent;

	request.state.power = AC_POWER_OFF;
	ac_encode_lg_bytes(0x88c0051, expected);
	for (i = 0; i < 2; i++) {
		const struct ac_protocol_info *p = ac_protocol_find(names[i]);

		ck_assert_int_eq(ac_encode_message(p, &request, msg, &count, &sent, &err), 0);
		ck_assert_uint_eq(count, 4);
		ck_assert_msg(!memcmp(msg, expected, 4), "%s: %02x %02x %02x %02x", names[i],
			      msg[0], msg[1], msg[2], msg[3]);
		ck_assert_uint_eq(ac_state_value(sent, AC_VALUE_POWER), AC_POWER_OFF);
	}
}
END_TEST

/*
 * --repeat: for every protocol, the press of repeat 0 twice more, each after a gap
 * (a space the decoder takes as one, at least AC_GAP_MIN), the durations the same.
 */
START_TEST(test_repeat)
{
	const struct ac_protocol_info *p = ac_protocol_at((size_t)_i);
	struct ac_request request = { { 0 }, 0 };
	uint8_t msg[AC_BYTES_MAX];
	struct ir_train one, three;
	struct ir_error err = { 0 };
	size_t count, n, k, i;
	uint64_t sent;

	ck_assert_int_eq(ac_encode_message(p, &request, msg, &count, &sent, &err), 0);
	ir_train_init(&one);
	ir_train_init(&three);
	ck_assert_int_eq(ac_encode_train(p, msg, 0, &one), 0);
	ck_assert_int_eq(ac_encode_train(p, msg, 2, &three), 0);
	n = one.count;
	ck_assert_uint_eq(three.count, 3 * n + 2);
	for (k = 0; k < 3; k++) {
		for (i = 0; i < n; i++)
			ck_assert_uint_eq(three.durations[k * (n + 1) + i], one.durations[i]);
		if (k < 2) {
			ck_assert(!ir_train_is_pulse(k * (n + 1) + n));
			ck_assert_uint_ge(three.durations[k * (n + 1) + n], AC_GAP_MIN);
		}
	}
	ir_train_free(&one);
	ir_train_free(&three);
}
END_TEST

/* The durations of signal but its timeouts, appended to d at *n. */
static void durations_of(const struct ir_signal *signal, uint32_t *d, size_t size, size_t *n)
{
	size_t i;

	for (i = 0; i < signal->count; i++) {
		if (LIRC_IS_TIMEOUT(signal->samples[i]))
			continue;
		ck_assert_uint_lt(*n, size);
		d[(*n)++] = LIRC_VALUE(signal->samples[i]);
	}
}

/*
 * Samsung's power message: with power asked for, ir-ctl sends the remote's 21-byte
 * message (the state's first section, 01 d2 0f 00 00 00 00, its second) before the
 * state, as the test encoder lays them out; the decoder reads the state alone, once.
 * Without power asked for, the state alone.
 */
START_TEST(test_samsung_power_message)
{
	static const char *const texts[] = {
		"ac:samsung_ac:power=on", "ac:samsung_ac:power=off", "ac:samsung_ac:mode=cool",
	};
	static const uint8_t middle[] = { 0x01, 0xd2, 0x0f, 0x00, 0x00, 0x00, 0x00 };
	struct ac_enc_state s = { _i == 1 ? 1 : 2, 2, 50, 1, 1, 1, { 0 } };
	uint8_t state[AC_ENC_BYTES_MAX], ext[AC_ENC_BYTES_MAX];
	char message[IR_ERROR_MESSAGE_MAX];
	static uint32_t want[2 * IR_TRAIN_COUNT_MAX];
	struct ir_signal signal;
	struct decoder_run run;
	struct ir_train train;
	size_t count, n = 0, i;

	ck_assert_int_eq(ac_encode_bytes(AC_ENC_SAMSUNG_AC, &s, state, &count), 0);
	ck_assert_uint_eq(count, 14);
	if (_i < 2) {
		memcpy(ext, state, 7);
		memcpy(ext + 7, middle, 7);
		memcpy(ext + 14, state + 7, 7);
		ir_signal_init(&signal);
		ck_assert_int_eq(ac_encode_signal(AC_ENC_SAMSUNG_AC, ext, 21, NULL, &signal), 0);
		durations_of(&signal, want, sizeof(want) / sizeof(want[0]), &n);
		ir_signal_free(&signal);
		want[n++] = AC_GAP_MIN;		/* a gap: compared as one */
	}
	ir_signal_init(&signal);
	ck_assert_int_eq(ac_encode_signal(AC_ENC_SAMSUNG_AC, state, 14, NULL, &signal), 0);
	durations_of(&signal, want, sizeof(want) / sizeof(want[0]), &n);
	ir_signal_free(&signal);

	ir_train_init(&train);
	ck_assert_int_eq(encode_text(texts[_i], &train, message, sizeof(message)), 0);
	ck_assert_uint_eq(train.count, n);
	for (i = 0; i < n; i++) {
		if (!ir_train_is_pulse(i) && want[i] >= AC_GAP_MIN)
			ck_assert_uint_ge(train.durations[i], AC_GAP_MIN);
		else
			ck_assert_msg(train.durations[i] == want[i], "%s: duration %zu is %u, "
				      "not %u", texts[_i], i, train.durations[i], want[i]);
	}
	open_all(&run);
	signal_of_train(&train, &signal);
	decoder_run_feed(&run, &signal);
	ck_assert_uint_eq(decoder_run_event_count(&run), 1);
	ck_assert_uint_eq(ac_state_value(decoder_run_event(&run, 0)->scancode, AC_VALUE_POWER),
			  _i == 1 ? AC_POWER_OFF : AC_POWER_ON);
	decoder_run_close(&run);
	ir_signal_free(&signal);
	ir_train_free(&train);
}
END_TEST

static Suite *ac_encode_suite(void)
{
	Suite *s = suite_create("ac_encode");
	TCase *tc = tcase_create("round trips");

	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, test_round_trips, 0, (int)ac_protocol_count());
	suite_add_tcase(s, tc);
	tc = tcase_create("test encoder");
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, test_same_as_test_encoder, 0, (int)ENC_COUNT);
	suite_add_tcase(s, tc);
	tc = tcase_create("text");
	tcase_add_test(tc, test_text_forms);
	tcase_add_test(tc, test_lg_power_off);
	tcase_add_loop_test(tc, test_repeat, 0, (int)ac_protocol_count());
	tcase_add_loop_test(tc, test_samsung_power_message, 0, 3);
	tcase_add_loop_test(tc, test_bad_texts, 0, (int)(sizeof(bad_texts) / sizeof(bad_texts[0])));
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = ac_encode_suite);
