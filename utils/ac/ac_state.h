/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The normalized state of an air conditioner, as the A/C decoder reports it in 64 bits
 * (the layout: bpf_protocols/ac_table.h): power, mode, target temperature in half
 * degrees Celsius, fan, vertical and horizontal swing, and eight flags. Every value
 * has 0 for "not in this protocol's message" (or a value the protocol's map lacks).
 * Packing, unpacking and the text of ir-keytable's "ac protocol(NAME): ..." line.
 */
#ifndef IRKIT_AC_STATE_H
#define IRKIT_AC_STATE_H

#include <stddef.h>
#include <stdint.h>

enum ac_power { AC_POWER_NONE, AC_POWER_OFF, AC_POWER_ON, AC_POWER_MAX };
enum ac_mode {
	AC_MODE_NONE, AC_MODE_AUTO, AC_MODE_COOL, AC_MODE_HEAT, AC_MODE_DRY, AC_MODE_FAN,
	AC_MODE_MAX,
};
enum ac_fan {
	AC_FAN_NONE, AC_FAN_AUTO, AC_FAN_MIN, AC_FAN_LOW, AC_FAN_MEDIUM, AC_FAN_HIGH,
	AC_FAN_TOP, AC_FAN_MAX,		/* AC_FAN_TOP prints as "max" */
};
enum ac_swing_v {
	AC_SWING_V_NONE, AC_SWING_V_OFF, AC_SWING_V_AUTO, AC_SWING_V_HIGHEST, AC_SWING_V_HIGH,
	AC_SWING_V_MIDDLE, AC_SWING_V_LOW, AC_SWING_V_LOWEST, AC_SWING_V_MAX,
};
enum ac_swing_h {
	AC_SWING_H_NONE, AC_SWING_H_OFF, AC_SWING_H_AUTO, AC_SWING_H_LEFTMOST, AC_SWING_H_LEFT,
	AC_SWING_H_MIDDLE, AC_SWING_H_RIGHT, AC_SWING_H_RIGHTMOST, AC_SWING_H_MAX,
};
enum ac_flag {
	AC_FLAG_QUIET, AC_FLAG_TURBO, AC_FLAG_ECONO, AC_FLAG_LIGHT, AC_FLAG_FILTER,
	AC_FLAG_CLEAN, AC_FLAG_BEEP, AC_FLAG_SLEEP, AC_FLAG_MAX,
};
/* A flag's value: as enum ac_power (0 none, 1 off, 2 on). */

/* The values of a state, each a field a protocol may have (ac_protocol_has()). */
enum ac_value {
	AC_VALUE_POWER, AC_VALUE_MODE, AC_VALUE_TEMP, AC_VALUE_FAN, AC_VALUE_SWING_V,
	AC_VALUE_SWING_H, AC_VALUE_FLAGS,	/* AC_VALUE_FLAGS + enum ac_flag */
	AC_VALUE_MAX = AC_VALUE_FLAGS + AC_FLAG_MAX,
};

struct ac_state {
	unsigned int power;		/* enum ac_power */
	unsigned int mode;		/* enum ac_mode */
	unsigned int temp_half;		/* °C x 2; 0: none */
	unsigned int fan;		/* enum ac_fan */
	unsigned int swing_v;		/* enum ac_swing_v */
	unsigned int swing_h;		/* enum ac_swing_h */
	unsigned int flags[AC_FLAG_MAX];	/* enum ac_power each */
};

uint64_t ac_state_pack(const struct ac_state *state);
void ac_state_unpack(uint64_t packed, struct ac_state *ret_state);

/* Where value v lies in the packed state: its shift and width in bits. */
void ac_value_bits(enum ac_value v, unsigned int *ret_shift, unsigned int *ret_width);
/* Where value v of an unpacked state is kept (v below AC_VALUE_MAX). */
unsigned int *ac_state_slot(struct ac_state *state, enum ac_value v);
/* The value v of a packed state, and its name ("power", "swing_v", "quiet"). */
unsigned int ac_state_value(uint64_t packed, enum ac_value v);
const char *ac_value_name(enum ac_value v);

/* The value named name ("power", "swing_v", "quiet"), or AC_VALUE_MAX for none. */
enum ac_value ac_value_find(const char *name);
/*
 * The value of v that text names, as the line below says it ("on", "cool", "25.5"
 * for the temperature, in half degrees here: 51); -EINVAL for a name v does not have.
 */
int ac_state_value_parse(enum ac_value v, const char *text, unsigned int *ret_value);
/*
 * The names v takes, ", "-separated ("auto, cool, heat, dry, fan"), for messages; NULL
 * for the temperature, a number.
 */
const char *ac_value_choices(enum ac_value v);

/*
 * The name of value v (not the temperature) of a packed state, as the line below says
 * it ("on", "cool", "medium", "auto"); NULL for a value the state lacks. A swing the
 * protocol does not have (not in has, a mask of 1 << enum ac_value) is "off".
 */
const char *ac_state_value_text(uint64_t packed, uint32_t has, enum ac_value v);

/*
 * "power=on mode=cool temp=25 fan=auto swing_v=auto swing_h=off", then "NAME=on|off"
 * for each flag in has (a mask of 1 << enum ac_value): a value the state lacks is "-",
 * but a swing the protocol does not have is "off". Always NUL-terminated; returns the
 * length it needed (as snprintf).
 */
size_t ac_state_format(uint64_t packed, uint32_t has, char *buf, size_t size);

#endif
