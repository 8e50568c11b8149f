// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One encoder per generic decoder, each written from what its decoder in bpf_protocols/
 * takes (its header comment and its states): the frame's parts in the order the
 * decoder's states expect them, its defaults, its scancode's bits.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <string.h>

#include "ir_generic.h"
#include "nls.h"

/* The entry's parameters, read once, and where to say what is wrong with them. */
struct generic_ctx {
	const struct keymap_protocol *entry;
	const char *file;
	struct ir_error *err;
	unsigned int line;	/* the scancode's, for what is wrong with it */
	uint32_t longest;	/* the longest duration sent in a frame, for the gap */
};

struct generic_encoder {
	const char *names[3];	/* the decoder's name and aliases, NULL-ended */
	int (*frame)(struct generic_ctx *c, uint64_t scancode, struct ir_train *train);
	/* The repeat frame, or NULL: the frame again. */
	int (*repeat)(struct generic_ctx *c, struct ir_train *train, bool *ret_sent);
};

/* A parameter that is a duration or a count: 0 .. IR_TRAIN_DURATION_MAX. */
static int param(struct generic_ctx *c, const char *name, int64_t fallback,
		 uint32_t *ret_value)
{
	int64_t value = fallback;

	if (keymap_protocol_param(c->entry, name, &value) == 0 &&
	    (value < 0 || value > IR_TRAIN_DURATION_MAX)) {
		ir_error_set_at(c->err, c->file, c->entry->line, 0,
				_("parameter '%s' = %" PRId64 " cannot be sent (0 to %u)"),
				name, value, IR_TRAIN_DURATION_MAX);
		return -EINVAL;
	}
	*ret_value = (uint32_t)value;
	return 0;
}

/* Several parameters: names[i] with defaults[i] into values[i]. */
static int params(struct generic_ctx *c, const char *const *names, const int64_t *defaults,
		  uint32_t *values, size_t count)
{
	size_t i;
	int ret;

	for (i = 0; i < count; i++) {
		ret = param(c, names[i], defaults[i], &values[i]);
		if (ret < 0)
			return ret;
	}
	return 0;
}

static int pulse(struct generic_ctx *c, struct ir_train *train, uint32_t us)
{
	if (us > c->longest)
		c->longest = us;
	return ir_train_pulse(train, us);
}

static int space(struct generic_ctx *c, struct ir_train *train, uint32_t us)
{
	if (us > c->longest)
		c->longest = us;
	return ir_train_space(train, us);
}

static int pulse_space(struct generic_ctx *c, struct ir_train *train, uint32_t p, uint32_t s)
{
	int ret = pulse(c, train, p);

	return ret < 0 ? ret : space(c, train, s);
}

static int too_wide(struct generic_ctx *c, uint64_t scancode, unsigned int bits)
{
	ir_error_set_at(c->err, c->file, c->line, 0,
			_("scancode 0x%" PRIx64 " has more than the %u bits protocol '%s' "
			  "sends"), scancode, bits, c->entry->protocol);
	return -EINVAL;
}

static bool fits(uint64_t scancode, unsigned int bits)
{
	return bits >= 64 || scancode >> bits == 0;
}

/* bits 1 .. 64, as the decoders report frames of them. */
static int frame_bits(struct generic_ctx *c, uint32_t bits)
{
	if (bits < 1 || bits > 64) {
		ir_error_set_at(c->err, c->file, c->entry->line, 0,
				_("parameter 'bits' = %u: the decoder reports frames of 1 to 64 "
				  "bits"), bits);
		return -EINVAL;
	}
	return 0;
}

/* Bit n (0: the first sent) of the low bits of data, first highest unless reverse. */
static unsigned int bit_at(uint64_t data, unsigned int bits, unsigned int n, bool reverse)
{
	return (unsigned int)(data >> (reverse ? n : bits - 1 - n)) & 1;
}

/* pulse_distance and pulse_length share their parameters' names but the bits'. */
enum pd_param {
	PD_HEADER_PULSE, PD_HEADER_SPACE, PD_REPEAT_PULSE, PD_REPEAT_SPACE, PD_BIT,
	PD_BIT_0, PD_BIT_1, PD_TRAILER_PULSE, PD_BITS, PD_REVERSE, PD_PARAM_MAX,
};

static const char *const pd_names[PD_PARAM_MAX] = {
	"header_pulse", "header_space", "repeat_pulse", "repeat_space", "bit_pulse",
	"bit_0_space", "bit_1_space", "trailer_pulse", "bits", "reverse",
};
static const char *const pl_names[PD_PARAM_MAX] = {
	"header_pulse", "header_space", "repeat_pulse", "repeat_space", "bit_space",
	"bit_0_pulse", "bit_1_pulse", "trailer_pulse", "bits", "reverse",
};
/* The decoders' defaults (rc_keymap(5)). */
static const int64_t pd_defaults[PD_PARAM_MAX] = {
	2125, 1875, 0, 0, 625, 375, 1625, 625, 4, 0,
};
static const int64_t pl_defaults[PD_PARAM_MAX] = {
	2125, 1875, 0, 0, 625, 375, 1625, 0, 4, 0,
};

/*
 * What pulse_distance and pulse_length frames share: their parameters into v, the
 * scancode checked against their bits, the header.
 */
static int pd_head(struct generic_ctx *c, const char *const *names, const int64_t *defaults,
		   uint64_t scancode, uint32_t *v, struct ir_train *train)
{
	int ret;

	ret = params(c, names, defaults, v, PD_PARAM_MAX);
	if (ret < 0 || (ret = frame_bits(c, v[PD_BITS])) < 0)
		return ret;
	if (!fits(scancode, v[PD_BITS]))
		return too_wide(c, scancode, v[PD_BITS]);
	if (v[PD_HEADER_PULSE])
		return pulse_space(c, train, v[PD_HEADER_PULSE], v[PD_HEADER_SPACE]);
	return 0;
}

static int pd_frame(struct generic_ctx *c, uint64_t scancode, struct ir_train *train)
{
	uint32_t v[PD_PARAM_MAX];
	unsigned int n;
	int ret;

	ret = pd_head(c, pd_names, pd_defaults, scancode, v, train);
	if (ret < 0)
		return ret;
	for (n = 0; n < v[PD_BITS]; n++) {
		ret = pulse_space(c, train, v[PD_BIT],
				  v[PD_BIT_0 + bit_at(scancode, v[PD_BITS], n, v[PD_REVERSE])]);
		if (ret < 0)
			return ret;
	}
	return pulse(c, train, v[PD_TRAILER_PULSE]);
}

/*
 * With no trailer pulse the decoder takes the frame at its last bit's space, which the
 * gap after the frame lengthens past either bit space: nothing would decode it.
 */
static int pd_checked_frame(struct generic_ctx *c, uint64_t scancode, struct ir_train *train)
{
	uint32_t trailer;
	int ret = param(c, "trailer_pulse", pd_defaults[PD_TRAILER_PULSE], &trailer);

	if (ret < 0)
		return ret;
	if (!trailer) {
		ir_error_set_at(c->err, c->file, c->entry->line, 0,
				_("protocol '%s' with trailer_pulse 0 cannot be sent: its last "
				  "bit's space runs into the gap after it"), c->entry->protocol);
		return -EINVAL;
	}
	return pd_frame(c, scancode, train);
}

static int pl_frame(struct generic_ctx *c, uint64_t scancode, struct ir_train *train)
{
	uint32_t v[PD_PARAM_MAX];
	unsigned int n;
	int ret;

	ret = pd_head(c, pl_names, pl_defaults, scancode, v, train);
	if (ret < 0)
		return ret;
	for (n = 0; n < v[PD_BITS]; n++) {
		if (n > 0 && (ret = space(c, train, v[PD_BIT])) < 0)
			return ret;
		ret = pulse(c, train,
			    v[PD_BIT_0 + bit_at(scancode, v[PD_BITS], n, v[PD_REVERSE])]);
		if (ret < 0)
			return ret;
	}
	if (!v[PD_TRAILER_PULSE])
		return 0;
	ret = space(c, train, v[PD_BIT]);
	return ret < 0 ? ret : pulse(c, train, v[PD_TRAILER_PULSE]);
}

/* Both decoders' repeat frame: repeat_pulse, repeat_space, the trailer pulse. */
static int pd_pl_repeat(struct generic_ctx *c, struct ir_train *train, bool *ret_sent,
			int64_t trailer_default)
{
	uint32_t repeat_pulse, repeat_space, trailer;
	int ret;

	*ret_sent = false;
	if ((ret = param(c, "repeat_pulse", 0, &repeat_pulse)) < 0 ||
	    (ret = param(c, "repeat_space", 0, &repeat_space)) < 0 ||
	    (ret = param(c, "trailer_pulse", trailer_default, &trailer)) < 0)
		return ret;
	if (!repeat_pulse)
		return 0;
	*ret_sent = true;
	ret = pulse_space(c, train, repeat_pulse, repeat_space);
	return ret < 0 ? ret : pulse(c, train, trailer);
}

static int pd_repeat(struct generic_ctx *c, struct ir_train *train, bool *ret_sent)
{
	return pd_pl_repeat(c, train, ret_sent, pd_defaults[PD_TRAILER_PULSE]);
}

static int pl_repeat(struct generic_ctx *c, struct ir_train *train, bool *ret_sent)
{
	return pd_pl_repeat(c, train, ret_sent, pl_defaults[PD_TRAILER_PULSE]);
}

/*
 * manchester: a 1 is a space then a pulse, a 0 a pulse then a space, first bit highest.
 * The decoder clears the toggle bit and scancode_mask's bits from what it reports, so a
 * scancode with them set is none it reports; they are sent as 0, but for the first bit
 * of a frame with no header, which is a 1 (its space is the idle line before it).
 */
enum man_param {
	MAN_HEADER_PULSE, MAN_HEADER_SPACE, MAN_ZERO_PULSE, MAN_ZERO_SPACE, MAN_ONE_PULSE,
	MAN_ONE_SPACE, MAN_TOGGLE_BIT, MAN_BITS, MAN_PARAM_MAX,
};

static int man_frame(struct generic_ctx *c, uint64_t scancode, struct ir_train *train)
{
	static const char *const names[MAN_PARAM_MAX] = {
		"header_pulse", "header_space", "zero_pulse", "zero_space", "one_pulse",
		"one_space", "toggle_bit", "bits",
	};
	static const int64_t defaults[MAN_PARAM_MAX] = { 0, 0, 888, 888, 888, 888, 100, 14 };
	uint32_t v[MAN_PARAM_MAX], mask, bits;
	uint64_t cleared, first, frame = scancode;
	unsigned int n;
	int ret;

	ret = params(c, names, defaults, v, MAN_PARAM_MAX);
	if (ret < 0 || (ret = param(c, "scancode_mask", 0, &mask)) < 0 ||
	    (ret = frame_bits(c, v[MAN_BITS])) < 0)
		return ret;
	bits = v[MAN_BITS];
	if (!fits(scancode, bits))
		return too_wide(c, scancode, bits);
	cleared = mask | (v[MAN_TOGGLE_BIT] < 64 ? (uint64_t)1 << v[MAN_TOGGLE_BIT] : 0);
	first = (uint64_t)1 << (bits - 1);
	if (scancode & cleared) {
		ir_error_set_at(c->err, c->file, c->line, 0,
				_("scancode 0x%" PRIx64 " has bits that protocol '%s' never "
				  "reports (toggle_bit, scancode_mask: 0x%" PRIx64 ")"),
				scancode, c->entry->protocol, cleared);
		return -EINVAL;
	}
	if (!v[MAN_HEADER_PULSE] && !(frame & first)) {
		if (!(cleared & first)) {
			ir_error_set_at(c->err, c->file, c->line, 0,
					_("scancode 0x%" PRIx64 ": with no header_pulse, the "
					  "first of the %u bits of protocol '%s' is a 1"),
					scancode, bits, c->entry->protocol);
			return -EINVAL;
		}
		frame |= first;
	}
	if (v[MAN_HEADER_PULSE]) {
		ret = pulse_space(c, train, v[MAN_HEADER_PULSE], v[MAN_HEADER_SPACE]);
		if (ret < 0)
			return ret;
	}
	for (n = 0; n < bits; n++) {
		if (bit_at(frame, bits, n, false)) {
			/* The idle line before a train is the first 1's space. */
			if (train->count && (ret = space(c, train, v[MAN_ONE_SPACE])) < 0)
				return ret;
			ret = pulse(c, train, v[MAN_ONE_PULSE]);
		} else {
			ret = pulse_space(c, train, v[MAN_ZERO_PULSE], v[MAN_ZERO_SPACE]);
		}
		if (ret < 0)
			return ret;
	}
	return 0;
}

/* rc_mm_generic: two bits a bit_pulse and one of four spaces, first pair highest. */
enum rcmm_param {
	RCMM_HEADER_PULSE, RCMM_HEADER_SPACE, RCMM_BIT_PULSE, RCMM_SPACE_0, RCMM_SPACE_1,
	RCMM_SPACE_2, RCMM_SPACE_3, RCMM_TRAILER, RCMM_BITS, RCMM_PARAM_MAX,
};

static int rcmm_frame(struct generic_ctx *c, uint64_t scancode, struct ir_train *train)
{
	static const char *const names[RCMM_PARAM_MAX] = {
		"header_pulse", "header_space", "bit_pulse", "bit_0_space", "bit_1_space",
		"bit_2_space", "bit_3_space", "trailer", "bits",
	};
	static const int64_t defaults[RCMM_PARAM_MAX] = {
		417, 278, 167, 278, 444, 611, 778, 167, 8,
	};
	uint32_t v[RCMM_PARAM_MAX];
	unsigned int pairs, n;
	int ret;

	ret = params(c, names, defaults, v, RCMM_PARAM_MAX);
	if (ret < 0 || (ret = frame_bits(c, v[RCMM_BITS])) < 0)
		return ret;
	/* An odd count is rounded up: the decoder takes bits in pairs. */
	pairs = (v[RCMM_BITS] + 1) / 2;
	if (!fits(scancode, 2 * pairs))
		return too_wide(c, scancode, 2 * pairs);
	ret = pulse_space(c, train, v[RCMM_HEADER_PULSE], v[RCMM_HEADER_SPACE]);
	for (n = 0; ret == 0 && n < pairs; n++)
		ret = pulse_space(c, train, v[RCMM_BIT_PULSE],
				  v[RCMM_SPACE_0 + (scancode >> (2 * (pairs - 1 - n)) & 3)]);
	return ret < 0 ? ret : pulse(c, train, v[RCMM_TRAILER]);
}

/* xbox_dvd: the scancode's complement, then the scancode, in bits / 2 bits each. */
static int xbox_frame(struct generic_ctx *c, uint64_t scancode, struct ir_train *train)
{
	static const char *const names[PD_PARAM_MAX] = {
		"header_pulse", "header_space", NULL, NULL, "bit_pulse", "bit_0_space",
		"bit_1_space", "trailer_pulse", "bits", NULL,
	};
	static const int64_t defaults[PD_PARAM_MAX] = {
		4000, 3900, 0, 0, 550, 900, 1900, 550, 24, 0,
	};
	uint32_t v[PD_PARAM_MAX] = { 0 };
	unsigned int half, n, i;
	uint64_t frame, mask;
	int ret;

	for (i = 0; i < PD_PARAM_MAX; i++)
		if (names[i] && (ret = param(c, names[i], defaults[i], &v[i])) < 0)
			return ret;
	if ((ret = frame_bits(c, v[PD_BITS])) < 0)
		return ret;
	half = v[PD_BITS] / 2;
	if (!fits(scancode, half))
		return too_wide(c, scancode, half);
	mask = half ? (((uint64_t)1 << half) - 1) : 0;
	frame = (~scancode & mask) << half | scancode;
	ret = pulse_space(c, train, v[PD_HEADER_PULSE], v[PD_HEADER_SPACE]);
	for (n = 0; ret == 0 && n < v[PD_BITS]; n++)
		ret = pulse_space(c, train, v[PD_BIT],
				  v[PD_BIT_0 + bit_at(frame, v[PD_BITS], n, false)]);
	return ret < 0 ? ret : pulse(c, train, v[PD_TRAILER_PULSE]);
}

/* samsung36: fixed timings; 16 bits, a marker, 20 bits, first highest. */
#define SAMSUNG36_HEADER	4500
#define SAMSUNG36_BIT_PULSE	500
#define SAMSUNG36_BIT_0_SPACE	500
#define SAMSUNG36_BIT_1_SPACE	1600
#define SAMSUNG36_MARKER_SPACE	4450
#define SAMSUNG36_MARKER_AFTER	16
#define SAMSUNG36_BITS		36

static int samsung36_frame(struct generic_ctx *c, uint64_t scancode, struct ir_train *train)
{
	unsigned int n;
	int ret;

	if (!fits(scancode, SAMSUNG36_BITS))
		return too_wide(c, scancode, SAMSUNG36_BITS);
	ret = pulse_space(c, train, SAMSUNG36_HEADER, SAMSUNG36_HEADER);
	for (n = 0; ret == 0 && n < SAMSUNG36_BITS; n++) {
		if (n == SAMSUNG36_MARKER_AFTER)
			ret = pulse_space(c, train, SAMSUNG36_BIT_PULSE, SAMSUNG36_MARKER_SPACE);
		if (ret == 0)
			ret = pulse_space(c, train, SAMSUNG36_BIT_PULSE,
					  bit_at(scancode, SAMSUNG36_BITS, n, false) ?
					  SAMSUNG36_BIT_1_SPACE : SAMSUNG36_BIT_0_SPACE);
	}
	return ret < 0 ? ret : pulse(c, train, SAMSUNG36_BIT_PULSE);
}

/* grundig: a header pulse and space, a leader pulse, 8 symbols of two bits. */
#define GRUNDIG_SYMBOLS 8

static int grundig_frame(struct generic_ctx *c, uint64_t scancode, struct ir_train *train)
{
	/* Each symbol's space and pulse, by its value. */
	static const uint32_t symbol[4][2] = {
		{ 2200, 1139 }, { 472, 583 }, { 1139, 583 }, { 1806, 583 },
	};
	static const char *const names[3] = { "header_pulse", "header_space", "leader_pulse" };
	static const int64_t defaults[3] = { 900, 2900, 1300 };
	uint32_t v[3];
	unsigned int n, s;
	int ret;

	ret = params(c, names, defaults, v, 3);
	if (ret < 0)
		return ret;
	if (!fits(scancode, 2 * GRUNDIG_SYMBOLS))
		return too_wide(c, scancode, 2 * GRUNDIG_SYMBOLS);
	ret = pulse_space(c, train, v[0], v[1]);
	if (ret == 0)
		ret = pulse(c, train, v[2]);
	for (n = 0; ret == 0 && n < GRUNDIG_SYMBOLS; n++) {
		s = scancode >> (2 * (GRUNDIG_SYMBOLS - 1 - n)) & 3;
		ret = space(c, train, symbol[s][0]);
		if (ret == 0)
			ret = pulse(c, train, symbol[s][1]);
	}
	return ret;
}

static int raw_frame(struct generic_ctx *c, uint64_t scancode, struct ir_train *train)
{
	(void)scancode;
	(void)train;
	ir_error_set_at(c->err, c->file, c->entry->line, 0,
			_("protocol 'raw' has patterns, not scancodes"));
	return -EOPNOTSUPP;
}

static const struct generic_encoder encoders[] = {
	{ { "pulse_distance" }, pd_checked_frame, pd_repeat },
	{ { "pulse_length" }, pl_frame, pl_repeat },
	{ { "manchester" }, man_frame, NULL },
	{ { "rc_mm_generic" }, rcmm_frame, NULL },
	{ { "xbox_dvd", "xbox" }, xbox_frame, NULL },
	{ { "samsung36" }, samsung36_frame, NULL },
	{ { "grundig" }, grundig_frame, NULL },
	{ { "raw" }, raw_frame, NULL },
};

/* Names compared as the keymap reader compares protocols: no case, '-' or '_'. */
static bool same_name(const char *a, const char *b)
{
	for (;;) {
		while (*a == '-' || *a == '_')
			a++;
		while (*b == '-' || *b == '_')
			b++;
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return false;
		if (!*a)
			return true;
		a++;
		b++;
	}
}

static const struct generic_encoder *find_encoder(const char *protocol)
{
	size_t i, j;

	for (i = 0; i < sizeof(encoders) / sizeof(encoders[0]); i++)
		for (j = 0; j < 3 && encoders[i].names[j]; j++)
			if (same_name(encoders[i].names[j], protocol))
				return &encoders[i];
	return NULL;
}

bool ir_generic_claims(const char *protocol)
{
	return find_encoder(protocol) != NULL;
}

/* The gap after a frame: long enough that no part of a frame is taken for it. */
static int gap(struct generic_ctx *c, struct ir_train *train, uint32_t least)
{
	uint64_t us = (uint64_t)c->longest * 3;

	if (us < IR_GENERIC_GAP)
		us = IR_GENERIC_GAP;
	if (us < least)
		us = least;
	if (us > IR_TRAIN_DURATION_MAX)
		us = IR_TRAIN_DURATION_MAX;
	return ir_train_space(train, (uint32_t)us);
}

int ir_generic_encode(const struct keymap_protocol *entry, const char *file,
		      const struct keymap_scancode *scancode, unsigned int repeat,
		      struct ir_train *train, struct ir_error *err)
{
	const struct generic_encoder *e = find_encoder(entry->protocol);
	struct generic_ctx c = { entry, file, err, scancode->line, 0 };
	unsigned int i;
	bool sent;
	int ret;

	if (!e)
		return -EINVAL;
	ret = e->frame(&c, scancode->scancode, train);
	if (ret == 0)
		ret = gap(&c, train, 0);
	for (i = 0; ret == 0 && i < repeat; i++) {
		sent = false;
		if (e->repeat)
			ret = e->repeat(&c, train, &sent);
		if (ret == 0 && !sent)
			ret = e->frame(&c, scancode->scancode, train);
		if (ret == 0)
			ret = gap(&c, train, 0);
	}
	return ret;
}

int ir_generic_encode_raw(const struct keymap_protocol *entry, const char *file,
			  const struct keymap_raw *raw, unsigned int repeat,
			  struct ir_train *train, struct ir_error *err)
{
	struct generic_ctx c = { entry, file, err, raw->line, 0 };
	uint32_t trail_space, margin;
	unsigned int i;
	size_t n;
	int ret;

	ret = param(&c, "trail_space", 10000, &trail_space);
	if (ret == 0)
		ret = param(&c, "margin", 200, &margin);
	for (i = 0; ret == 0 && i <= repeat; i++) {
		for (n = 0; ret == 0 && n < raw->duration_count; n++)
			ret = n % 2 ? space(&c, train, raw->durations[n]) :
				      pulse(&c, train, raw->durations[n]);
		if (ret == 0)
			ret = gap(&c, train, trail_space + margin);
	}
	return ret;
}
