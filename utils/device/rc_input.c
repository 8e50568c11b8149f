// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <linux/input-event-codes.h>

#include "rc_input.h"

#define NSEC_PER_MSEC 1000000ULL
#define NSEC_PER_USEC 1000ULL

struct rc_input {
	struct rc_input_config config;
	uint64_t now_ns;
	/* rc-core's key state */
	bool keypressed;
	uint32_t last_protocol;
	uint64_t last_scancode;
	uint32_t last_toggle;
	uint32_t last_keycode;
	uint64_t keyup_deadline_ns;
	/* the input core's soft autorepeat */
	bool autorepeat;
	uint64_t autorepeat_deadline_ns;
	/* events since the last EV_SYN: the input core drops a SYN with nothing before it */
	unsigned int unsynced;
	struct rc_input_record *records;
	size_t record_count;
	size_t record_capacity;
};

/* Keyup hold times of Linux 6.1's rc-main.c protocol table, indexed by enum rc_proto. */
static const unsigned short repeat_period_ms[] = {
	[RC_PROTO_UNKNOWN] = 125, [RC_PROTO_OTHER] = 125,
	[RC_PROTO_RC5] = 114, [RC_PROTO_RC5X_20] = 114, [RC_PROTO_RC5_SZ] = 114,
	[RC_PROTO_JVC] = 125,
	[RC_PROTO_SONY12] = 100, [RC_PROTO_SONY15] = 100, [RC_PROTO_SONY20] = 100,
	[RC_PROTO_NEC] = 110, [RC_PROTO_NECX] = 110, [RC_PROTO_NEC32] = 110,
	[RC_PROTO_SANYO] = 125,
	[RC_PROTO_MCIR2_KBD] = 100, [RC_PROTO_MCIR2_MSE] = 100,
	[RC_PROTO_RC6_0] = 114, [RC_PROTO_RC6_6A_20] = 114, [RC_PROTO_RC6_6A_24] = 114,
	[RC_PROTO_RC6_6A_32] = 114, [RC_PROTO_RC6_MCE] = 114,
	[RC_PROTO_SHARP] = 125, [RC_PROTO_XMP] = 125, [RC_PROTO_CEC] = 0,
	[RC_PROTO_IMON] = 114,
	[RC_PROTO_RCMM12] = 114, [RC_PROTO_RCMM24] = 114, [RC_PROTO_RCMM32] = 114,
	[RC_PROTO_XBOX_DVD] = 64,
};

unsigned int rc_input_repeat_period_ms(uint32_t protocol)
{
	/* rc-core's value for protocols beyond its table, such as BPF decoders' 64. */
	if (protocol >= sizeof(repeat_period_ms) / sizeof(repeat_period_ms[0]))
		return 100;
	return repeat_period_ms[protocol];
}

int rc_input_new(const struct rc_input_config *config, struct rc_input **ret_input)
{
	struct rc_input *input;

	if (!config)
		return -EINVAL;
	input = calloc(1, sizeof(*input));
	if (!input)
		return -ENOMEM;
	input->config = *config;
	*ret_input = input;
	return 0;
}

void rc_input_free(struct rc_input *input)
{
	if (!input)
		return;
	free(input->records);
	free(input);
}

static struct rc_input_record *append(struct rc_input *input, enum rc_input_record_type type)
{
	struct rc_input_record *record;

	if (input->record_count == input->record_capacity) {
		size_t capacity = input->record_capacity ? input->record_capacity * 2 : 64;
		struct rc_input_record *bigger;

		bigger = realloc(input->records, capacity * sizeof(*bigger));
		if (!bigger)
			return NULL;
		input->records = bigger;
		input->record_capacity = capacity;
	}
	record = &input->records[input->record_count++];
	memset(record, 0, sizeof(*record));
	record->type = type;
	record->time_ns = input->now_ns;
	return record;
}

static int emit_event(struct rc_input *input, uint16_t type, uint16_t code, int32_t value)
{
	struct rc_input_record *record;

	if (type == EV_SYN) {
		if (!input->unsynced)
			return 0;
		input->unsynced = 0;
	} else {
		input->unsynced++;
	}
	record = append(input, RC_INPUT_RECORD_INPUT);
	if (!record)
		return -ENOMEM;
	record->event_type = type;
	record->event_code = code;
	record->event_value = value;
	return 0;
}

static int emit_lirc(struct rc_input *input, uint32_t protocol, uint64_t scancode,
		     uint32_t keycode, uint16_t flags)
{
	struct rc_input_record *record = append(input, RC_INPUT_RECORD_LIRC);

	if (!record)
		return -ENOMEM;
	record->lirc.timestamp = input->now_ns;
	record->lirc.flags = flags;
	record->lirc.rc_proto = protocol;
	record->lirc.keycode = keycode;
	record->lirc.scancode = scancode;
	return 0;
}

static uint64_t keyup_hold_ns(const struct rc_input *input, uint32_t protocol)
{
	return input->config.timeout_us * NSEC_PER_USEC +
	       rc_input_repeat_period_ms(protocol) * NSEC_PER_MSEC;
}

/* A key event through the input core, which starts and stops the soft autorepeat. */
static int report_key(struct rc_input *input, uint32_t keycode, int32_t value)
{
	if (value == 0) {
		input->autorepeat = false;
	} else if (value == 1 && input->config.repeat_delay_ms &&
		   input->config.repeat_period_ms) {
		input->autorepeat = true;
		input->autorepeat_deadline_ns =
			input->now_ns + input->config.repeat_delay_ms * NSEC_PER_MSEC;
	}
	return emit_event(input, EV_KEY, keycode, value);
}

static int key_up(struct rc_input *input, bool sync)
{
	int ret;

	if (!input->keypressed)
		return 0;
	ret = report_key(input, input->last_keycode, 0);
	if (ret == 0 && sync)
		ret = emit_event(input, EV_SYN, SYN_REPORT, 0);
	input->keypressed = false;
	return ret;
}

static int fire_autorepeat(struct rc_input *input)
{
	int ret;

	input->now_ns = input->autorepeat_deadline_ns;
	input->autorepeat_deadline_ns += input->config.repeat_period_ms * NSEC_PER_MSEC;
	ret = emit_event(input, EV_KEY, input->last_keycode, 2);
	if (ret == 0)
		ret = emit_event(input, EV_SYN, SYN_REPORT, 1);
	return ret;
}

/* Fire the timers due up to limit_ns, earliest first. */
static int run_timers(struct rc_input *input, uint64_t limit_ns)
{
	int ret = 0;

	while (ret == 0) {
		bool keyup_due = input->keypressed && input->keyup_deadline_ns <= limit_ns;
		bool repeat_due = input->autorepeat && input->autorepeat_deadline_ns <= limit_ns;

		if (repeat_due && (!keyup_due ||
				   input->autorepeat_deadline_ns < input->keyup_deadline_ns)) {
			ret = fire_autorepeat(input);
		} else if (keyup_due) {
			input->now_ns = input->keyup_deadline_ns;
			ret = key_up(input, true);
		} else {
			break;
		}
	}
	return ret;
}

int rc_input_advance(struct rc_input *input, uint64_t now_ns)
{
	int ret;

	if (now_ns < input->now_ns)
		return -EINVAL;
	/* Called on every sample of a decode: most have no timer due. */
	if (!(input->keypressed && input->keyup_deadline_ns <= now_ns) &&
	    !(input->autorepeat && input->autorepeat_deadline_ns <= now_ns)) {
		input->now_ns = now_ns;
		return 0;
	}
	ret = run_timers(input, now_ns);
	input->now_ns = now_ns;
	return ret;
}

int rc_input_keydown(struct rc_input *input, uint64_t now_ns, uint32_t protocol,
		     uint64_t scancode, uint32_t toggle)
{
	uint32_t keycode = input->config.lookup ?
			   input->config.lookup(input->config.user, scancode) : KEY_RESERVED;
	bool new_event;
	int ret;

	ret = rc_input_advance(input, now_ns);
	if (ret < 0)
		return ret;
	new_event = !input->keypressed || input->last_protocol != protocol ||
		    input->last_scancode != scancode || input->last_toggle != toggle;
	ret = emit_lirc(input, protocol, scancode, keycode,
			(toggle ? LIRC_SCANCODE_FLAG_TOGGLE : 0) |
			(new_event || input->config.keydown_repeat_unflagged ?
			 0 : LIRC_SCANCODE_FLAG_REPEAT));
	if (ret == 0 && new_event)
		ret = key_up(input, false);
	if (ret == 0 && scancode <= UINT32_MAX)
		ret = emit_event(input, EV_MSC, MSC_SCAN, (int32_t)scancode);
	if (ret < 0)
		return ret;
	input->last_protocol = protocol;
	input->last_scancode = scancode;
	input->last_toggle = toggle;
	input->last_keycode = keycode;
	if (new_event && keycode != KEY_RESERVED) {
		input->keypressed = true;
		ret = report_key(input, keycode, 1);
		if (ret < 0)
			return ret;
	}
	ret = emit_event(input, EV_SYN, SYN_REPORT, 0);
	if (input->keypressed)
		input->keyup_deadline_ns = now_ns + keyup_hold_ns(input, protocol);
	return ret;
}

int rc_input_repeat(struct rc_input *input, uint64_t now_ns)
{
	int ret;

	ret = rc_input_advance(input, now_ns);
	if (ret < 0)
		return ret;
	ret = emit_lirc(input, input->last_protocol, input->last_scancode,
			input->keypressed ? input->last_keycode : KEY_RESERVED,
			LIRC_SCANCODE_FLAG_REPEAT |
			(input->last_toggle ? LIRC_SCANCODE_FLAG_TOGGLE : 0));
	if (ret == 0 && input->last_scancode <= UINT32_MAX) {
		ret = emit_event(input, EV_MSC, MSC_SCAN, (int32_t)input->last_scancode);
		if (ret == 0)
			ret = emit_event(input, EV_SYN, SYN_REPORT, 0);
	}
	if (input->keypressed)
		input->keyup_deadline_ns = now_ns + keyup_hold_ns(input, input->last_protocol);
	return ret;
}

int rc_input_pointer_rel(struct rc_input *input, uint64_t now_ns, int32_t rel_x,
			 int32_t rel_y)
{
	int ret;

	ret = rc_input_advance(input, now_ns);
	/* The input core drops relative events of zero. */
	if (ret == 0 && rel_x)
		ret = emit_event(input, EV_REL, REL_X, rel_x);
	if (ret == 0 && rel_y)
		ret = emit_event(input, EV_REL, REL_Y, rel_y);
	if (ret == 0)
		ret = emit_event(input, EV_SYN, SYN_REPORT, 0);
	return ret;
}

uint64_t rc_input_next_timer_ns(const struct rc_input *input)
{
	uint64_t next = UINT64_MAX;

	if (input->keypressed)
		next = input->keyup_deadline_ns;
	if (input->autorepeat && input->autorepeat_deadline_ns < next)
		next = input->autorepeat_deadline_ns;
	return next;
}

int rc_input_finish(struct rc_input *input)
{
	return run_timers(input, UINT64_MAX);
}

size_t rc_input_record_count(const struct rc_input *input)
{
	return input->record_count;
}

const struct rc_input_record *rc_input_record_at(const struct rc_input *input, size_t index)
{
	return index < input->record_count ? &input->records[index] : NULL;
}

void rc_input_records_clear(struct rc_input *input)
{
	input->record_count = 0;
}
