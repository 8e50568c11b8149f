// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "ac_state.h"
#include "../bpf_protocols/ac_table.h"

static const char *const value_names[AC_VALUE_MAX] = {
	"power", "mode", "temp", "fan", "swing_v", "swing_h",
	"quiet", "turbo", "econo", "light", "filter", "clean", "beep", "sleep",
};

static const char *const power_names[AC_POWER_MAX] = { NULL, "off", "on" };
static const char *const mode_names[AC_MODE_MAX] = {
	NULL, "auto", "cool", "heat", "dry", "fan",
};
static const char *const fan_names[AC_FAN_MAX] = {
	NULL, "auto", "min", "low", "medium", "high", "max",
};
static const char *const swing_v_names[AC_SWING_V_MAX] = {
	NULL, "off", "auto", "highest", "high", "middle", "low", "lowest",
};
static const char *const swing_h_names[AC_SWING_H_MAX] = {
	NULL, "off", "auto", "leftmost", "left", "middle", "right", "rightmost",
};

void ac_value_bits(enum ac_value v, unsigned int *ret_shift, unsigned int *ret_width)
{
	static const unsigned char shift[AC_VALUE_FLAGS] = {
		AC_STATE_POWER_SHIFT, AC_STATE_MODE_SHIFT, AC_STATE_TEMP_SHIFT,
		AC_STATE_FAN_SHIFT, AC_STATE_SWING_V_SHIFT, AC_STATE_SWING_H_SHIFT,
	};
	static const unsigned char width[AC_VALUE_FLAGS] = {
		AC_STATE_POWER_WIDTH, AC_STATE_MODE_WIDTH, AC_STATE_TEMP_WIDTH,
		AC_STATE_FAN_WIDTH, AC_STATE_SWING_V_WIDTH, AC_STATE_SWING_H_WIDTH,
	};

	if (v < AC_VALUE_FLAGS) {
		*ret_shift = shift[v];
		*ret_width = width[v];
		return;
	}
	*ret_shift = AC_STATE_FLAGS_SHIFT + AC_STATE_FLAG_WIDTH * (v - AC_VALUE_FLAGS);
	*ret_width = AC_STATE_FLAG_WIDTH;
}

unsigned int ac_state_value(uint64_t packed, enum ac_value v)
{
	unsigned int shift, width;

	if (v >= AC_VALUE_MAX)
		return 0;
	ac_value_bits(v, &shift, &width);
	return (unsigned int)(packed >> shift & ((1ULL << width) - 1));
}

const char *ac_value_name(enum ac_value v)
{
	return v < AC_VALUE_MAX ? value_names[v] : NULL;
}

unsigned int *ac_state_slot(struct ac_state *s, enum ac_value v)
{
	switch (v) {
	case AC_VALUE_POWER:
		return &s->power;
	case AC_VALUE_MODE:
		return &s->mode;
	case AC_VALUE_TEMP:
		return &s->temp_half;
	case AC_VALUE_FAN:
		return &s->fan;
	case AC_VALUE_SWING_V:
		return &s->swing_v;
	case AC_VALUE_SWING_H:
		return &s->swing_h;
	default:
		return &s->flags[v - AC_VALUE_FLAGS];
	}
}

uint64_t ac_state_pack(const struct ac_state *state)
{
	struct ac_state copy = *state;
	unsigned int shift, width;
	uint64_t packed = 0;
	unsigned int v;

	for (v = 0; v < AC_VALUE_MAX; v++) {
		ac_value_bits(v, &shift, &width);
		packed |= (uint64_t)(*ac_state_slot(&copy, v) & ((1U << width) - 1)) << shift;
	}
	return packed;
}

void ac_state_unpack(uint64_t packed, struct ac_state *ret_state)
{
	unsigned int v;

	for (v = 0; v < AC_VALUE_MAX; v++)
		*ac_state_slot(ret_state, v) = ac_state_value(packed, v);
}

const char *ac_state_value_text(uint64_t packed, uint32_t has, enum ac_value v)
{
	unsigned int value = ac_state_value(packed, v);

	switch (v) {
	case AC_VALUE_POWER:
		return value < AC_POWER_MAX ? power_names[value] : NULL;
	case AC_VALUE_MODE:
		return value < AC_MODE_MAX ? mode_names[value] : NULL;
	case AC_VALUE_FAN:
		return value < AC_FAN_MAX ? fan_names[value] : NULL;
	case AC_VALUE_SWING_V:
		/* A swing the protocol does not have does not swing. */
		if (!(has & 1U << AC_VALUE_SWING_V))
			value = AC_SWING_V_OFF;
		return value < AC_SWING_V_MAX ? swing_v_names[value] : NULL;
	case AC_VALUE_SWING_H:
		if (!(has & 1U << AC_VALUE_SWING_H))
			value = AC_SWING_H_OFF;
		return value < AC_SWING_H_MAX ? swing_h_names[value] : NULL;
	case AC_VALUE_TEMP:
	case AC_VALUE_MAX:
		return NULL;
	default:
		return value < AC_POWER_MAX ? power_names[value] : NULL;
	}
}

enum ac_value ac_value_find(const char *name)
{
	unsigned int v;

	for (v = 0; v < AC_VALUE_MAX; v++)
		if (!strcmp(value_names[v], name))
			return v;
	return AC_VALUE_MAX;
}

/* The names of v's values (index: the value), and how many there are. */
static const char *const *value_table(enum ac_value v, size_t *ret_count)
{
	switch (v) {
	case AC_VALUE_POWER:
		*ret_count = AC_POWER_MAX;
		return power_names;
	case AC_VALUE_MODE:
		*ret_count = AC_MODE_MAX;
		return mode_names;
	case AC_VALUE_FAN:
		*ret_count = AC_FAN_MAX;
		return fan_names;
	case AC_VALUE_SWING_V:
		*ret_count = AC_SWING_V_MAX;
		return swing_v_names;
	case AC_VALUE_SWING_H:
		*ret_count = AC_SWING_H_MAX;
		return swing_h_names;
	case AC_VALUE_TEMP:
	case AC_VALUE_MAX:
		*ret_count = 0;
		return NULL;
	default:
		*ret_count = AC_POWER_MAX;
		return power_names;
	}
}

/* "25" or "25.5" (°C) into half degrees that fit the state's 8 bits. */
static int parse_temp(const char *text, unsigned int *ret_half)
{
	unsigned int whole = 0, digits = 0, half = 0;
	const char *p = text;

	for (; *p >= '0' && *p <= '9' && digits < 4; p++, digits++)
		whole = whole * 10 + (unsigned int)(*p - '0');
	if (!digits)
		return -EINVAL;
	if (*p == '.') {
		if (p[1] == '5')
			half = 1;
		else if (p[1] != '0')
			return -EINVAL;
		p += 2;
	}
	if (*p || !whole || 2 * whole + half > 255)
		return -EINVAL;
	*ret_half = 2 * whole + half;
	return 0;
}

int ac_state_value_parse(enum ac_value v, const char *text, unsigned int *ret_value)
{
	const char *const *names;
	size_t count, i;

	if (v == AC_VALUE_TEMP)
		return parse_temp(text, ret_value);
	names = value_table(v, &count);
	for (i = 1; i < count; i++) {
		if (!strcmp(names[i], text)) {
			*ret_value = (unsigned int)i;
			return 0;
		}
	}
	return -EINVAL;
}

const char *ac_value_choices(enum ac_value v)
{
	switch (v) {
	case AC_VALUE_POWER:
		return "on, off";
	case AC_VALUE_MODE:
		return "auto, cool, heat, dry, fan";
	case AC_VALUE_TEMP:
		return NULL;
	case AC_VALUE_FAN:
		return "auto, min, low, medium, high, max";
	case AC_VALUE_SWING_V:
		return "off, auto, highest, high, middle, low, lowest";
	case AC_VALUE_SWING_H:
		return "off, auto, leftmost, left, middle, right, rightmost";
	case AC_VALUE_MAX:
		return "";
	default:
		return "on, off";
	}
}

static const char *text_or_dash(const char *text)
{
	return text ? text : "-";
}

size_t ac_state_format(uint64_t packed, uint32_t has, char *buf, size_t size)
{
	unsigned int temp = ac_state_value(packed, AC_VALUE_TEMP);
	char temp_text[16];
	size_t len;
	int n;
	unsigned int f;

	if (!temp)
		snprintf(temp_text, sizeof(temp_text), "-");
	else if (temp & 1)
		snprintf(temp_text, sizeof(temp_text), "%u.5", temp / 2);
	else
		snprintf(temp_text, sizeof(temp_text), "%u", temp / 2);
	n = snprintf(buf, size, "power=%s mode=%s temp=%s fan=%s swing_v=%s swing_h=%s",
		     text_or_dash(ac_state_value_text(packed, has, AC_VALUE_POWER)),
		     text_or_dash(ac_state_value_text(packed, has, AC_VALUE_MODE)),
		     temp_text,
		     text_or_dash(ac_state_value_text(packed, has, AC_VALUE_FAN)),
		     text_or_dash(ac_state_value_text(packed, has, AC_VALUE_SWING_V)),
		     text_or_dash(ac_state_value_text(packed, has, AC_VALUE_SWING_H)));
	len = n > 0 ? (size_t)n : 0;
	for (f = AC_VALUE_FLAGS; f < AC_VALUE_MAX; f++) {
		if (!(has & 1U << f))
			continue;
		n = snprintf(len < size ? buf + len : NULL, len < size ? size - len : 0, " %s=%s",
			     value_names[f], text_or_dash(ac_state_value_text(packed, has, f)));
		len += n > 0 ? (size_t)n : 0;
	}
	return len;
}
