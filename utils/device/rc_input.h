/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What rc-core makes of decoded scancodes, emulated in userspace for offline decoding.
 *
 * A decoder reports keydown/repeat/pointer movements; rc-core turns them into lirc
 * scancode events (with the repeat flag set when the same key is still held) and input
 * events: MSC_SCAN, key down, key up after the keyup timeout, the input layer's soft
 * autorepeat, relative movement. This module reproduces those rules (Linux 6.1
 * drivers/media/rc/rc-main.c and the input core's autorepeat; 5.10's with
 * keydown_repeat_unflagged) on a virtual clock, so that `--decode` prints what `-t`
 * prints on a real device.
 */
#ifndef IRKIT_RC_INPUT_H
#define IRKIT_RC_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <linux/lirc.h>

/* rc-core's defaults: IR_DEFAULT_TIMEOUT, and the repeat timing it gives input devices. */
#define RC_INPUT_DEFAULT_TIMEOUT_US 125000
#define RC_INPUT_DEFAULT_REPEAT_DELAY_MS 500
#define RC_INPUT_DEFAULT_REPEAT_PERIOD_MS 125

enum rc_input_record_type {
	RC_INPUT_RECORD_LIRC,		/* a struct lirc_scancode, as read from /dev/lircN */
	RC_INPUT_RECORD_INPUT,		/* an input event, as read from /dev/input/eventN */
	RC_INPUT_RECORD_TYPE_MAX,
};

struct rc_input_record {
	enum rc_input_record_type type;
	uint64_t time_ns;
	struct lirc_scancode lirc;	/* RC_INPUT_RECORD_LIRC; timestamp = time_ns */
	uint16_t event_type;		/* RC_INPUT_RECORD_INPUT: EV_*, code and value */
	uint16_t event_code;
	int32_t event_value;
};

struct rc_input_config {
	uint32_t timeout_us;		/* the device's IR timeout */
	unsigned int repeat_delay_ms;	/* 0 disables the soft autorepeat */
	unsigned int repeat_period_ms;
	/*
	 * Before Linux 6.0 rc-core sets LIRC_SCANCODE_FLAG_REPEAT only on a decoder's
	 * repeat (rc_repeat), not on a keydown of the key still held; true models that.
	 */
	bool keydown_repeat_unflagged;
	/* The keycode for a scancode, KEY_RESERVED (0) when it has none. */
	uint32_t (*lookup)(void *user, uint64_t scancode);
	void *user;
};

struct rc_input;

int rc_input_new(const struct rc_input_config *config, struct rc_input **ret_input);
void rc_input_free(struct rc_input *input);	/* accepts NULL */

/* rc-core's keyup hold time for a protocol: timeout + the protocol's repeat period. */
unsigned int rc_input_repeat_period_ms(uint32_t protocol);

/*
 * Each call first fires the timers due at or before now_ns (key up, autorepeat), then
 * appends the records the call produces. Times must not go backwards (-EINVAL).
 */
int rc_input_advance(struct rc_input *input, uint64_t now_ns);
int rc_input_keydown(struct rc_input *input, uint64_t now_ns, uint32_t protocol,
		     uint64_t scancode, uint32_t toggle);
int rc_input_repeat(struct rc_input *input, uint64_t now_ns);
int rc_input_pointer_rel(struct rc_input *input, uint64_t now_ns, int32_t rel_x,
			 int32_t rel_y);
/*
 * When the next timer (key up, autorepeat) is due, UINT64_MAX when none is pending:
 * until then rc_input_advance() has nothing to do, and a caller that feeds it a time
 * that only grows may leave it uncalled (the calls that report do it themselves).
 */
uint64_t rc_input_next_timer_ns(const struct rc_input *input);

/* The end of the signal: fire every pending timer (the last key goes up). */
int rc_input_finish(struct rc_input *input);

size_t rc_input_record_count(const struct rc_input *input);
const struct rc_input_record *rc_input_record_at(const struct rc_input *input, size_t index);
void rc_input_records_clear(struct rc_input *input);

#endif
