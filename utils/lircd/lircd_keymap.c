// SPDX-License-Identifier: GPL-2.0-or-later
/* A lircd.conf's remotes as keymap protocols (lircd_keymap.h). */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/input-event-codes.h>

#include "keycodes.h"
#include "keymap-private.h"
#include "lircd_biphase_index.h"
#include "lircd_keymap.h"
#include "nls.h"

/*
 * LIRC's common button names that are not input key names (those of its remotes
 * written before it took the kernel's names), as rc_keymap(5) lists them. Compared
 * ignoring case.
 */
static const struct {
	const char *name;
	const char *key;
} lirc_names[] = {
	{ "0", "KEY_NUMERIC_0" }, { "1", "KEY_NUMERIC_1" }, { "2", "KEY_NUMERIC_2" },
	{ "3", "KEY_NUMERIC_3" }, { "4", "KEY_NUMERIC_4" }, { "5", "KEY_NUMERIC_5" },
	{ "6", "KEY_NUMERIC_6" }, { "7", "KEY_NUMERIC_7" }, { "8", "KEY_NUMERIC_8" },
	{ "9", "KEY_NUMERIC_9" },
	{ "power", "KEY_POWER" }, { "standby", "KEY_POWER" }, { "on/off", "KEY_POWER" },
	{ "mute", "KEY_MUTE" },
	{ "vol+", "KEY_VOLUMEUP" }, { "vol-", "KEY_VOLUMEDOWN" },
	{ "vol_up", "KEY_VOLUMEUP" }, { "vol_down", "KEY_VOLUMEDOWN" },
	{ "volup", "KEY_VOLUMEUP" }, { "voldown", "KEY_VOLUMEDOWN" },
	{ "volume_up", "KEY_VOLUMEUP" }, { "volume_down", "KEY_VOLUMEDOWN" },
	{ "ch+", "KEY_CHANNELUP" }, { "ch-", "KEY_CHANNELDOWN" },
	{ "ch_up", "KEY_CHANNELUP" }, { "ch_down", "KEY_CHANNELDOWN" },
	{ "chan+", "KEY_CHANNELUP" }, { "chan-", "KEY_CHANNELDOWN" },
	{ "channel_up", "KEY_CHANNELUP" }, { "channel_down", "KEY_CHANNELDOWN" },
	{ "up", "KEY_UP" }, { "down", "KEY_DOWN" }, { "left", "KEY_LEFT" },
	{ "right", "KEY_RIGHT" },
	{ "ok", "KEY_OK" }, { "enter", "KEY_ENTER" }, { "select", "KEY_SELECT" },
	{ "menu", "KEY_MENU" }, { "exit", "KEY_EXIT" }, { "back", "KEY_BACK" },
	{ "return", "KEY_BACK" }, { "info", "KEY_INFO" }, { "guide", "KEY_EPG" },
	{ "epg", "KEY_EPG" }, { "home", "KEY_HOME" }, { "setup", "KEY_SETUP" },
	{ "play", "KEY_PLAY" }, { "pause", "KEY_PAUSE" }, { "stop", "KEY_STOP" },
	{ "rec", "KEY_RECORD" }, { "record", "KEY_RECORD" },
	{ "rew", "KEY_REWIND" }, { "rewind", "KEY_REWIND" },
	{ "ff", "KEY_FASTFORWARD" }, { "fwd", "KEY_FASTFORWARD" },
	{ "forward", "KEY_FASTFORWARD" },
	{ "next", "KEY_NEXT" }, { "prev", "KEY_PREVIOUS" }, { "previous", "KEY_PREVIOUS" },
	{ "skip+", "KEY_NEXT" }, { "skip-", "KEY_PREVIOUS" },
	{ "red", "KEY_RED" }, { "green", "KEY_GREEN" }, { "yellow", "KEY_YELLOW" },
	{ "blue", "KEY_BLUE" },
	{ "tv", "KEY_TV" }, { "radio", "KEY_RADIO" }, { "dvd", "KEY_DVD" },
	{ "text", "KEY_TEXT" }, { "teletext", "KEY_TEXT" }, { "subtitle", "KEY_SUBTITLE" },
	{ "audio", "KEY_AUDIO" }, { "eject", "KEY_EJECTCD" }, { "sleep", "KEY_SLEEP" },
	{ "source", "KEY_VIDEO" }, { "input", "KEY_VIDEO" }, { "av", "KEY_VIDEO" },
	{ "last", "KEY_LAST" }, { "recall", "KEY_LAST" }, { "clear", "KEY_CLEAR" },
	{ "list", "KEY_LIST" }, { "zoom", "KEY_ZOOM" }, { "help", "KEY_HELP" },
};

/* Does name start with prefix (upper case letters and '_'), whatever its case? */
static bool has_prefix(const char *name, const char *prefix)
{
	for (; *prefix; name++, prefix++) {
		char c = *name >= 'a' && *name <= 'z' ? (char)(*name - 'a' + 'A') : *name;

		if (c != *prefix)
			return false;
	}
	return true;
}

int lircd_keymap_button_keycode(const char *name, uint32_t *ret_keycode)
{
	size_t i;

	if (has_prefix(name, "KEY_") || has_prefix(name, "BTN_"))
		return keycode_from_name(name, ret_keycode);
	for (i = 0; i < sizeof(lirc_names) / sizeof(lirc_names[0]); i++) {
		if (keymap_ascii_casecmp(name, lirc_names[i].name) == 0)
			return keycode_from_name(lirc_names[i].key, ret_keycode);
	}
	return -ENOENT;
}

/* What one remote becomes: the decoder, and how a frame value becomes a scancode. */
struct conversion {
	const struct lircd_remote *remote;
	const char *filename;
	struct ir_error *err;
	struct keymap_protocol *protocol;
	/* The remotes converted before this one, whose scancodes share the device's table. */
	const struct keymap_protocol *earlier;
	size_t earlier_count;
	unsigned int frame_bits;
	bool reverse;			/* REVERSE: each field LSB first */
	bool biphase;			/* lircd_biphase: a marker bit above the frame's bits */
	bool drop_last_bit;		/* pulse distance without trailer: the last bit is lost */
	unsigned int rc6_data_bits;	/* RC-6 as the kernel's rc-6: the bits after the trailer */
	bool rc5;			/* RC-5 as the kernel's rc-5 */
	uint64_t free_mask;		/* the bits lircd does not compare */
	/*
	 * How lircd matches a frame to a code: the masks it inverts whole (toggle_bit_mask
	 * between presses, repeat_mask in repeats, toggle_mask in every other frame), each
	 * inverted or not, and the ignore_mask bits either way.
	 */
	uint64_t flips[3];
	/*
	 * lircd's first toggle state: a press sends the code with the toggle_bit_mask
	 * bits of the remote's first code inverted (the next press, the rest of the mask;
	 * none of them in that code: the whole mask, then none).
	 */
	uint64_t toggle_state;
	uint64_t ignore_mask;
	uint64_t flip_scancode;		/* toggle_mask, folded by lircd_space (flip_mask) */
};

__attribute__((format(printf, 2, 3)))
static int refuse(const struct conversion *c, const char *fmt, ...)
{
	char text[IR_ERROR_MESSAGE_MAX];
	va_list args;

	va_start(args, fmt);
	vsnprintf(text, sizeof(text), fmt, args);
	va_end(args);
	ir_error_set_at(c->err, c->remote->filename, c->remote->line, 0,
			_("remote '%s' cannot be decoded: %s"), c->remote->name, text);
	return -EINVAL;
}

static bool pair_empty(struct lircd_pair p)
{
	return p.pulse == 0 && p.space == 0;
}

static uint32_t min_nonzero(uint32_t a, uint32_t b)
{
	if (!a)
		return b;
	if (!b)
		return a;
	return a < b ? a : b;
}

/* The larger of aeps and eps percent of shortest, at most limit, at least 1. */
static int64_t margin_for(const struct lircd_remote *remote, uint32_t shortest,
			  uint32_t limit)
{
	uint64_t margin = (uint64_t)shortest * remote->eps / 100;

	if (remote->aeps > margin)
		margin = remote->aeps;
	if (margin > limit)
		margin = limit;
	return margin ? (int64_t)margin : 1;
}

/* Is d within tolerance of what a kernel decoder expects? */
static bool near(uint32_t d, uint32_t expected, uint32_t tolerance)
{
	return (uint64_t)d + tolerance >= expected && d <= (uint64_t)expected + tolerance;
}

static int add_param(struct conversion *c, const char *name, int64_t value)
{
	return keymap_protocol_add_param(c->protocol, name, value);
}

/* The header: none (header_optional), or both a pulse and a space. */
static int add_header(struct conversion *c)
{
	const struct lircd_remote *r = c->remote;
	int ret;

	if (pair_empty(r->header))
		return add_param(c, "header_pulse", 0);
	if (!r->header.pulse || !r->header.space)
		return refuse(c, _("a header of a pulse or a space alone"));
	ret = add_param(c, "header_pulse", r->header.pulse);
	if (ret == 0)
		ret = add_param(c, "header_space", r->header.space);
	return ret;
}

/* The repeat code, as lircd_space takes one, or none. */
static int add_repeat(struct conversion *c)
{
	const struct lircd_remote *r = c->remote;
	int ret;

	if (pair_empty(r->repeat))
		return 0;
	if (!pair_empty(r->foot))
		return refuse(c, _("a repeat code and a foot"));
	if (!r->repeat.pulse || !r->repeat.space)
		return refuse(c, _("a repeat code of a pulse or a space alone"));
	ret = add_param(c, "repeat_pulse", r->repeat.pulse);
	if (ret == 0)
		ret = add_param(c, "repeat_space", r->repeat.space);
	/* REPEAT_HEADER: lircd sends the header before the repeat code too. */
	if (ret == 0 && (r->flags & LIRCD_FLAG_REPEAT_HEADER) && !pair_empty(r->header))
		ret = add_param(c, "repeat_header", 1);
	/* lircd sends ptrail after the repeat code too; without it, the gap follows. */
	if (ret == 0)
		ret = add_param(c, "repeat_trailer", r->ptrail);
	return ret;
}

/*
 * The space that ends a frame: longer than every space within one (each may be up to
 * a margin long), and no longer than one plus the margin, so that the gap after a
 * frame, however short, is not taken for a space within it.
 */
static uint32_t end_space_of(const struct lircd_remote *r, uint32_t margin)
{
	uint32_t longest = r->header.space;

	if (r->one.space > longest)
		longest = r->one.space;
	if (r->zero.space > longest)
		longest = r->zero.space;
	if (r->ptrail && r->repeat.space > longest)
		longest = r->repeat.space;
	return longest + margin;
}

/* What lircd_space refuses about a frame's ends. */
static int check_space_frame(struct conversion *c)
{
	const struct lircd_remote *r = c->remote;

	if (r->plead)
		return refuse(c, _("plead (a pulse that runs into the first bit's)"));
	if (!pair_empty(r->pre) || !pair_empty(r->post))
		return refuse(c, _("pre or post (durations between the data fields)"));
	if ((r->flags & LIRCD_FLAG_NO_FOOT_REP) && r->foot.pulse)
		return refuse(c, _("NO_FOOT_REP with a foot"));
	return 0;
}

static int trailer_of(const struct lircd_remote *r)
{
	return (int)(r->ptrail + r->foot.pulse);
}

static uint64_t scancode_of(const struct conversion *c, uint64_t value);

static int convert_space(struct conversion *c)
{
	const struct lircd_remote *r = c->remote;
	bool distance = r->one.pulse == r->zero.pulse;
	bool headerless = pair_empty(r->header) || (r->flags & LIRCD_FLAG_NO_HEAD_REP);
	uint32_t diff, shortest;
	int64_t margin;
	int ret;

	/*
	 * One and zero may differ in both pulse and space (emerson's CD remote: 1451 236
	 * and 564 1118): the decoder matches both, as lircd does, but the last bit's
	 * space runs into the gap without a pulse after it.
	 */
	if (!distance && r->one.space != r->zero.space && !trailer_of(r))
		return refuse(c, _("one and zero differ in both pulse and space"));
	ret = check_space_frame(c);
	if (ret < 0)
		return ret;
	if (distance) {
		/*
		 * No pulse after the last bit: its space runs into the gap, and only its
		 * pulse can be seen. That pulse becomes the trailer, and the bit is left out
		 * of the scancode (lircd_keymap.h).
		 */
		if (!trailer_of(r)) {
			if (c->frame_bits < 2)
				return refuse(c, _("one bit and no pulse after it"));
			c->drop_last_bit = true;
		}
		diff = r->one.space > r->zero.space ? r->one.space - r->zero.space
						    : r->zero.space - r->one.space;
		shortest = min_nonzero(r->one.pulse, min_nonzero(r->one.space, r->zero.space));
	} else {
		diff = r->one.pulse > r->zero.pulse ? r->one.pulse - r->zero.pulse
						    : r->zero.pulse - r->one.pulse;
		shortest = min_nonzero(r->one.space, min_nonzero(r->one.pulse, r->zero.pulse));
		/*
		 * Both differ: a bit's windows must be apart in one of them (the wider
		 * apart), whichever the other does.
		 */
		if (r->one.space != r->zero.space) {
			uint32_t spaces = r->one.space > r->zero.space
						  ? r->one.space - r->zero.space
						  : r->zero.space - r->one.space;

			diff = spaces > diff ? spaces : diff;
			shortest = min_nonzero(shortest, r->zero.space);
		}
	}
	c->protocol->protocol = strdup("lircd_space");
	if (!c->protocol->protocol)
		return -ENOMEM;
	margin = margin_for(r, shortest, diff / 2);
	ret = add_param(c, "margin", margin);
	if (ret == 0)
		ret = add_header(c);
	if (ret == 0)
		ret = add_repeat(c);
	if (ret == 0)
		ret = add_param(c, "one_pulse", r->one.pulse);
	if (ret == 0)
		ret = add_param(c, "one_space", r->one.space);
	if (ret == 0)
		ret = add_param(c, "zero_pulse", r->zero.pulse);
	if (ret == 0)
		ret = add_param(c, "zero_space", r->zero.space);
	if (ret == 0)
		ret = add_param(c, "trailer_pulse",
				c->drop_last_bit ? (int)r->one.pulse : trailer_of(r));
	if (ret == 0)
		ret = add_param(c, "end_space", end_space_of(r, (uint32_t)margin));
	if (ret == 0)
		ret = add_param(c, "bits", c->frame_bits - c->drop_last_bit);
	if (ret == 0)
		ret = add_param(c, "reverse", c->reverse);
	if (ret == 0)
		ret = add_param(c, "header_optional", headerless);
	/*
	 * toggle_mask: the frames of a press alternate between the code and the code with
	 * the mask inverted; the decoder reports the smaller of the two, for both.
	 */
	if (ret == 0 && c->flips[2]) {
		c->flip_scancode = scancode_of(c, c->flips[2]);
		c->flips[2] = 0;
		ret = add_param(c, "flip_mask", (int64_t)c->flip_scancode);
	}
	return ret;
}

/* The halves of a bi-phase remote's bits, all of them there. */
static int check_halves(struct conversion *c)
{
	const struct lircd_remote *r = c->remote;

	if (!r->one.pulse || !r->one.space || !r->zero.pulse || !r->zero.space)
		return refuse(c, _("a bi-phase bit with a half of no duration"));
	return 0;
}

/* Does every code of the remote start with a 1 (the bits lircd compares)? */
static bool codes_start_with_one(const struct conversion *c)
{
	const struct lircd_remote *r = c->remote;
	size_t i;

	for (i = 0; i < r->button_count; i++) {
		uint64_t value = lircd_remote_frame_value(r, r->buttons[i].codes[0]);

		if (!((value & ~c->free_mask) >> (c->frame_bits - 1) & 1))
			return false;
	}
	return true;
}

/* Is every code of an RC-6 remote a frame of mode 0 (16 data bits) or 6A? */
static bool rc6_modes_ok(const struct conversion *c, unsigned int data_bits)
{
	const struct lircd_remote *r = c->remote;
	size_t i;

	for (i = 0; i < r->button_count; i++) {
		uint64_t value = lircd_remote_frame_value(r, r->buttons[i].codes[0]);

		/* Start bit 1 (sent as lircd's 0), mode 0 or 6 (000, 110). */
		if (((value & ~c->free_mask) >> (c->frame_bits - 4)) !=
		    (data_bits == 16 ? 0x7u : 0x1u))
			return false;
	}
	return true;
}

/*
 * Bi-phase (SHIFT_ENC, RC5, RC6) as an entry of the table-driven lircd_biphase: the
 * remote's parts as parameters (lircd_biphase_table.h), every bit as lircd sends it
 * (a 1 space then pulse), the double bits of rc6_mask from the frame's start.
 */
static int convert_biphase(struct conversion *c)
{
	const struct lircd_remote *r = c->remote;
	struct lircd_biphase_remote d = { 0 };
	uint64_t doubles = 0;
	uint32_t half;
	unsigned int i;
	int ret;

	if (!c->frame_bits)
		return refuse(c, _("no bits"));
	if (c->frame_bits > LIRCD_BIPHASE_BITS_MAX)
		return refuse(c, _("more than %u bits"), LIRCD_BIPHASE_BITS_MAX);
	if (!pair_empty(r->header) && (!r->header.pulse || !r->header.space))
		return refuse(c, _("a header of a pulse or a space alone"));
	if (!pair_empty(r->pre) || !pair_empty(r->post))
		return refuse(c, _("pre or post (durations between the data fields)"));
	if (r->ptrail || !pair_empty(r->foot))
		return refuse(c, _("ptrail or foot after bi-phase bits"));
	if (!pair_empty(r->repeat))
		return refuse(c, _("a repeat code on a bi-phase remote"));
	if (c->reverse)
		return refuse(c, _("REVERSE on a bi-phase remote"));
	for (i = 0; i < c->frame_bits; i++)
		if (r->rc6_mask >> (c->frame_bits - 1 - i) & 1)
			doubles |= 1ull << i;
	half = min_nonzero(min_nonzero(r->one.pulse, r->one.space),
			   min_nonzero(r->zero.pulse, r->zero.space));
	/* Below half a half: one half and two merged ones stay apart. */
	d.margin = (uint32_t)margin_for(r, half, (half - 1) / 2);
	d.header_pulse = r->header.pulse;
	d.header_space = r->header.space;
	d.plead = r->plead;
	d.one_space = r->one.space;
	d.one_pulse = r->one.pulse;
	d.zero_pulse = r->zero.pulse;
	d.zero_space = r->zero.space;
	d.double_bits[0] = (uint32_t)doubles;
	d.double_bits[1] = (uint32_t)(doubles >> 32);
	d.bits = c->frame_bits;
	/* Without header and plead, a frame's first half may be a space nobody sees. */
	c->biphase = true;
	c->protocol->protocol = strdup("lircd_biphase");
	if (!c->protocol->protocol)
		return -ENOMEM;
	ret = add_param(c, "margin", d.margin);
	if (ret == 0)
		ret = add_param(c, "header_pulse", d.header_pulse);
	if (ret == 0 && d.header_pulse)
		ret = add_param(c, "header_space", d.header_space);
	if (ret == 0 && d.plead)
		ret = add_param(c, "plead", d.plead);
	if (ret == 0)
		ret = add_param(c, "one_space", d.one_space);
	if (ret == 0)
		ret = add_param(c, "one_pulse", d.one_pulse);
	if (ret == 0)
		ret = add_param(c, "zero_pulse", d.zero_pulse);
	if (ret == 0)
		ret = add_param(c, "zero_space", d.zero_space);
	if (ret == 0 && doubles)
		ret = add_param(c, "double_bits", (int64_t)doubles);
	if (ret == 0)
		ret = add_param(c, "end_space", lircd_biphase_end_space(&d));
	if (ret == 0)
		ret = add_param(c, "bits", d.bits);
	if (ret == 0)
		ret = add_param(c, "header_optional",
				!pair_empty(r->header) && (r->flags & LIRCD_FLAG_NO_HEAD_REP));
	/*
	 * Without header and plead, a frame's first half may be a space nobody sees: when
	 * every code starts with a 1, that is the one.
	 */
	if (ret == 0 && !r->plead &&
	    (pair_empty(r->header) || (r->flags & LIRCD_FLAG_NO_HEAD_REP)))
		ret = add_param(c, "first_one", codes_start_with_one(c));
	return ret;
}

static int convert_shift(struct conversion *c)
{
	const struct lircd_remote *r = c->remote;
	int ret;

	ret = check_halves(c);
	if (ret < 0)
		return ret;
	/*
	 * RC-5 itself (a start bit, then field, toggle, 5 bits of system and 6 of
	 * command, halves of 889 µs): the kernel's rc-5 decoder gives the same keys, with
	 * its own scancodes (rc5_scancode()). Timings within 20%, where the kernel's
	 * half-unit tolerance leaves room for a receiver's drift.
	 */
	if (r->plead && c->frame_bits == 13 && pair_empty(r->header) &&
	    pair_empty(r->pre) && pair_empty(r->post) && !r->ptrail &&
	    pair_empty(r->foot) && pair_empty(r->repeat) && !c->reverse &&
	    near(r->plead, 889, 178) &&
	    near(r->one.pulse, 889, 178) && near(r->one.space, 889, 178) &&
	    near(r->zero.pulse, 889, 178) && near(r->zero.space, 889, 178)) {
		c->rc5 = true;
		c->protocol->protocol = strdup("rc-5");
		return c->protocol->protocol ? 0 : -ENOMEM;
	}
	return convert_biphase(c);
}

/*
 * How far RC-6 halves may be from 444 µs for the kernel's rc-6: it takes a long
 * pulse or space as its halves at their nominal length, so the error of three halves
 * in one (a toggle bit's double half and one more) must stay within its margin of
 * 222 µs, with room for a receiver's jitter: 3 x 50 µs. (Fujitsu-Siemens' RC812,
 * halves of 522 and 380 µs, gave the kernel nothing; lircd_biphase takes it.)
 */
#define RC6_UNIT_SLACK 50

/*
 * RC-6 as lircd describes it: header, then start bit, three mode bits, the trailer
 * bit of double length (rc6_mask) and the data bits, each bit's value the opposite of
 * RC-6's (lircd sends a 0 as pulse then space). The kernel's rc-6 decoder (or its
 * port) decodes it when the timings are RC-6's and the frame is mode 0 with 16 bits or
 * mode 6A with 20, 24 or 32: its scancode is the data bits, inverted. Every other
 * RC-6 remote is lircd_biphase's.
 */
static int convert_rc6(struct conversion *c)
{
	const struct lircd_remote *r = c->remote;
	unsigned int data_bits = c->frame_bits > 5 ? c->frame_bits - 5 : 0;
	int ret;

	ret = check_halves(c);
	if (ret < 0)
		return ret;
	if ((data_bits != 16 && data_bits != 20 && data_bits != 24 && data_bits != 32) ||
	    r->rc6_mask != 1ull << data_bits ||
	    !near(r->header.pulse, 2666, 400) || !near(r->header.space, 889, 200) ||
	    r->one.pulse != r->zero.pulse || r->one.space != r->zero.space ||
	    !near(r->one.pulse, 444, RC6_UNIT_SLACK) || !near(r->one.space, 444, RC6_UNIT_SLACK) ||
	    r->plead || r->ptrail || !pair_empty(r->pre) || !pair_empty(r->post) ||
	    !pair_empty(r->foot) || !pair_empty(r->repeat) || c->reverse ||
	    !rc6_modes_ok(c, data_bits))
		return convert_biphase(c);
	c->rc6_data_bits = data_bits;
	c->protocol->protocol = strdup("rc-6");
	return c->protocol->protocol ? 0 : -ENOMEM;
}

/* A frame value as the decoder reports it (lircd_keymap.h, "Scancodes"). */
static uint64_t scancode_of(const struct conversion *c, uint64_t value)
{
	const struct lircd_remote *r = c->remote;
	unsigned int after_pre = r->bits + r->post_data_bits;
	uint64_t pre, code, post, scancode;

	/*
	 * The kernel's RC-5 scancode: system (bits 10-6 of the 13) above the command
	 * (bits 5-0), and 0x40 when the field bit (12) is 0; the toggle (11) is no part
	 * of it.
	 */
	if (c->rc5)
		return ((value >> 6) & 0x1f) << 8 | (value & 0x3f) | ((value & 0x1000) ? 0 : 0x40);
	if (c->rc6_data_bits) {
		scancode = ~value & (UINT64_MAX >> (64 - c->rc6_data_bits));
		/* The kernel takes the toggle out of MCE's codes (0x800fxxxx). */
		if (c->rc6_data_bits == 32 && (scancode & 0xffff0000u) == 0x800f0000u)
			scancode &= ~(uint64_t)0x8000;
		return scancode;
	}
	if (c->biphase)
		return (c->frame_bits < 64 ? 1ull << c->frame_bits : 0) | value;
	if (!c->reverse)
		return c->drop_last_bit ? value >> 1 : value;
	pre = r->pre_data_bits ? value >> after_pre : 0;
	code = r->bits ? (value >> r->post_data_bits) & (UINT64_MAX >> (64 - r->bits)) : 0;
	post = r->post_data_bits ? value & (UINT64_MAX >> (64 - r->post_data_bits)) : 0;
	scancode = pre | (r->bits ? code << r->pre_data_bits : 0) |
		   (r->post_data_bits ? post << (r->pre_data_bits + r->bits) : 0);
	/* The last bit sent is the highest of the frame. */
	if (c->drop_last_bit)
		scancode &= UINT64_MAX >> (64 - (c->frame_bits - 1));
	return scancode;
}

static bool has_scancode(const struct keymap_protocol *protocol, uint64_t scancode,
			 uint32_t *ret_keycode)
{
	size_t i;

	for (i = 0; i < protocol->scancode_count; i++) {
		if (protocol->scancodes[i].scancode == scancode) {
			*ret_keycode = protocol->scancodes[i].keycode;
			return true;
		}
	}
	return false;
}

/* Does a remote converted before this one report scancode too? Its entry in *ret_owner. */
static bool earlier_remote_has_scancode(const struct conversion *c, uint64_t scancode,
					uint32_t *ret_keycode,
					const struct keymap_protocol **ret_owner)
{
	size_t i;

	for (i = 0; i < c->earlier_count; i++) {
		if (has_scancode(&c->earlier[i], scancode, ret_keycode)) {
			*ret_owner = &c->earlier[i];
			return true;
		}
	}
	return false;
}

/* The key of a button, KEY_UNKNOWN with one warning for a name of no key. */
static int button_keycode(struct keymap_loader *loader, const struct lircd_remote *r,
			  size_t index, uint32_t *ret_keycode)
{
	const struct lircd_button *b = &r->buttons[index];
	size_t i;

	if (lircd_keymap_button_keycode(b->name, ret_keycode) == 0)
		return 0;
	*ret_keycode = KEY_UNKNOWN;
	for (i = 0; i < index; i++) {
		if (strcmp(r->buttons[i].name, b->name) == 0)
			return 0;	/* warned at its first button */
	}
	loader->filename = r->filename;
	return keymap_warn(loader, b->line, 0,
			   _("remote '%s': button '%s' is no key name: KEY_UNKNOWN"), r->name,
			   b->name);
}

/*
 * The scancodes of button b's frame value, its ignored bits either way (subset walks
 * the subsets of the mask); first: the value as lircd.conf gives it, whose clash with
 * an earlier button of the remote is warned about (*warned: the clash with an earlier
 * remote was, once for the button).
 */
static int add_button_values(struct conversion *c, struct keymap_loader *loader,
			     const struct lircd_button *b, uint32_t keycode, uint64_t value,
			     bool first, bool *warned)
{
	const struct lircd_remote *r = c->remote;
	const struct keymap_protocol *owner;
	uint64_t subset = 0;
	uint32_t taken;
	int ret;

	do {
		uint64_t scancode = scancode_of(c, (value & ~c->ignore_mask) | subset);

		/* A toggle_mask twin the decoder folds: the smaller of the two. */
		if ((scancode ^ c->flip_scancode) < scancode)
			scancode ^= c->flip_scancode;
		if (earlier_remote_has_scancode(c, scancode, &taken, &owner)) {
			/*
			 * The kernel keeps one key per scancode, whatever the protocol: the
			 * earlier remote keeps it, and this button says so once.
			 */
			if (taken != keycode && !*warned) {
				*warned = true;
				loader->filename = r->filename;
				ret = keymap_warn(loader, b->line, 0,
						  _("remote '%s': button '%s' has scancode 0x%" PRIx64 " of remote '%s': it gives that remote's key"),
						  r->name, b->name, scancode,
						  owner->name ? owner->name : "");
				if (ret < 0)
					return ret;
			}
		} else if (has_scancode(c->protocol, scancode, &taken)) {
			if (taken != keycode && first && subset == 0) {
				loader->filename = r->filename;
				ret = keymap_warn(loader, b->line, 0,
						  _("remote '%s': button '%s' has the code of an earlier button: no key"),
						  r->name, b->name);
				if (ret < 0)
					return ret;
			}
		} else {
			ret = keymap_protocol_add_scancode(c->protocol, scancode, keycode, b->line,
							   1);
			if (ret < 0)
				return keymap_fail_nomem(loader);
		}
		subset = (subset - c->ignore_mask) & c->ignore_mask;
	} while (subset);
	return 0;
}

static int add_codes(struct conversion *c, struct keymap_loader *loader)
{
	const struct lircd_remote *r = c->remote;
	unsigned int flip, k;
	size_t i;
	int ret;

	for (i = 0; i < r->button_count; i++) {
		const struct lircd_button *b = &r->buttons[i];
		uint64_t value = lircd_remote_frame_value(r, b->codes[0]) ^ c->toggle_state;
		bool warned = false;
		uint32_t keycode;

		if (c->biphase && !r->plead && pair_empty(r->header) &&
		    !((value & ~c->free_mask) >> (c->frame_bits - 1) & 1)) {
			loader->filename = r->filename;
			return keymap_fail(loader, b->line, 0,
					   _("remote '%s' cannot be decoded: button '%s' does not start with a 1 (bi-phase without a start bit)"),
					   r->name, b->name);
		}
		ret = button_keycode(loader, r, i, &keycode);
		if (ret < 0)
			return ret;
		if (b->code_masked) {
			loader->filename = r->filename;
			ret = keymap_warn(loader, b->line, 0,
					  _("remote '%s': button '%s' has a code wider than %u bits: its bits above them are left out, as lircd does"),
					  r->name, b->name, r->bits);
			if (ret < 0)
				return ret;
		}
		for (flip = 0; flip < 1u << 3; flip++) {
			uint64_t flipped = value;

			for (k = 0; k < 3; k++) {
				if (flip >> k & 1)
					flipped ^= c->flips[k];
			}
			/* A mask of no bits, or one already inverted: no other value. */
			if (flip && flipped == value)
				continue;
			ret = add_button_values(c, loader, b, keycode, flipped, flip == 0,
						&warned);
			if (ret < 0)
				return ret;
		}
	}
	return 0;
}

/* The durations of an RC-MM or XMP frame at most: header, 32 symbols, pre, post, ptrail. */
#define SYMBOL_FRAME_DURATIONS (2 + 2 * 32 + 2 + 2 + 1)

/* One pattern of a remote for lircd_raw: a button's durations, and whose they are. */
struct raw_frame {
	size_t button;			/* index into the remote's buttons */
	const uint32_t *durations;
	size_t count;
};

/*
 * The frames as entries of the table-driven lircd_raw: each frame a raw entry, margin
 * at most margin_limit (and half the shortest duration), the space that ends a frame
 * between the longest space of one and the gap.
 */
static int convert_frames(struct conversion *c, struct keymap_loader *loader,
			  const struct raw_frame *frames, size_t frame_count,
			  uint32_t margin_limit)
{
	const struct lircd_remote *r = c->remote;
	uint32_t shortest = 0, longest_space = 0, trail;
	uint64_t total;
	size_t i, k;
	int64_t margin;
	int ret;

	for (i = 0; i < frame_count; i++) {
		const struct raw_frame *f = &frames[i];
		const char *name = r->buttons[f->button].name;

		if (f->count > KEYMAP_RAW_DURATIONS_MAX)
			return refuse(c, _("button '%s' has %zu durations (the raw decoder takes %u)"),
				      name, f->count, KEYMAP_RAW_DURATIONS_MAX);
		for (k = 0; k < f->count; k++) {
			if (f->durations[k] > UINT16_MAX)
				return refuse(c, _("button '%s' has a duration over %u µs"),
					      name, UINT16_MAX);
			shortest = min_nonzero(shortest, f->durations[k]);
			if (k % 2 && f->durations[k] > longest_space)
				longest_space = f->durations[k];
		}
	}
	c->protocol->protocol = strdup("lircd_raw");
	if (!c->protocol->protocol)
		return -ENOMEM;
	margin = margin_for(r, shortest, shortest / 2 < margin_limit ? shortest / 2
								     : margin_limit);
	/*
	 * The frame ends at a space longer than any of its own and no longer than the
	 * gap (with CONST_LENGTH, what is left of it after the shortest frame).
	 */
	trail = r->gap;
	if (r->flags & LIRCD_FLAG_CONST_LENGTH) {
		for (i = 0; i < frame_count; i++) {
			for (total = 0, k = 0; k < frames[i].count; k++)
				total += frames[i].durations[k];
			trail = total < r->gap && r->gap - total < trail ? (uint32_t)(r->gap - total)
									 : trail;
		}
	}
	if ((uint64_t)longest_space + (uint64_t)margin >= trail)
		return refuse(c, _("a space of %u µs within a button, the gap is %u µs"),
			      longest_space, trail);
	ret = add_param(c, "margin", margin);
	if (ret == 0)
		ret = add_param(c, "trail_space",
				longest_space + margin + (trail - longest_space - margin) / 2);
	for (i = 0; ret == 0 && i < frame_count; i++) {
		const struct raw_frame *f = &frames[i];
		uint32_t keycode, *copy;

		ret = button_keycode(loader, r, f->button, &keycode);
		if (ret < 0)
			return ret;
		copy = malloc(f->count * sizeof(*copy));
		if (!copy)
			return keymap_fail_nomem(loader);
		memcpy(copy, f->durations, f->count * sizeof(*copy));
		ret = keymap_protocol_add_raw(c->protocol, keycode, copy, f->count,
					      r->buttons[f->button].line);
	}
	return ret == -ENOMEM ? keymap_fail_nomem(loader) : ret;
}

static int convert_raw(struct conversion *c, struct keymap_loader *loader)
{
	const struct lircd_remote *r = c->remote;
	struct raw_frame *frames;
	size_t i;
	int ret;

	frames = calloc(r->button_count ? r->button_count : 1, sizeof(*frames));
	if (!frames)
		return keymap_fail_nomem(loader);
	for (i = 0; i < r->button_count; i++) {
		frames[i].button = i;
		frames[i].durations = r->buttons[i].durations;
		frames[i].count = r->buttons[i].duration_count;
	}
	ret = convert_frames(c, loader, frames, r->button_count, UINT32_MAX);
	free(frames);
	return ret;
}

/* The bits one symbol of RC-MM (a pulse and space of four) or XMP (a nibble) carries. */
static unsigned int symbol_width(const struct lircd_remote *r)
{
	return r->encoding == LIRCD_ENCODING_XMP ? 4 : 2;
}

/* Half (less one) what tells two symbol pairs apart: the larger of their differences. */
static uint32_t pair_margin_limit(struct lircd_pair a, struct lircd_pair b)
{
	uint32_t dp = a.pulse > b.pulse ? a.pulse - b.pulse : b.pulse - a.pulse;
	uint32_t ds = a.space > b.space ? a.space - b.space : b.space - a.space;
	uint32_t apart = dp > ds ? dp : ds;

	return apart ? (apart - 1) / 2 : 0;
}

/*
 * What the patterns of an RC-MM or XMP remote cannot express as lircd decodes it, and
 * in *ret_limit the most margin that keeps the symbols apart.
 */
static int check_symbol_remote(struct conversion *c, uint32_t *ret_limit)
{
	const struct lircd_remote *r = c->remote;
	const char *family = lircd_encoding_name(r->encoding);
	unsigned int width = symbol_width(r);
	uint32_t limit = UINT32_MAX;

	if (!c->frame_bits)
		return refuse(c, _("no bits"));
	if (r->pre_data_bits % width || r->bits % width || r->post_data_bits % width)
		return refuse(c, _("pre_data_bits, bits and post_data_bits must be multiples of %u (%s sends %u bits a symbol)"),
			      width, family, width);
	if ((!pair_empty(r->header) && (!r->header.pulse || !r->header.space)) ||
	    (!pair_empty(r->pre) && (!r->pre.pulse || !r->pre.space)) ||
	    (!pair_empty(r->post) && (!r->post.pulse || !r->post.space)))
		return refuse(c, _("a header, pre or post of a pulse or a space alone"));
	if (r->plead || !pair_empty(r->foot) || !pair_empty(r->repeat))
		return refuse(c, _("plead, foot or a repeat code on an %s remote"), family);
	if (c->reverse)
		return refuse(c, _("REVERSE on an %s remote"), family);
	if (!r->ptrail)
		return refuse(c, _("no ptrail: the last symbol's space runs into the gap"));
	if ((r->flags & LIRCD_FLAG_NO_HEAD_REP) && !pair_empty(r->header))
		return refuse(c, _("NO_HEAD_REP on an %s remote"), family);
	/* Each frame is one pattern: a bit that changes while a button is held would end it. */
	if (r->repeat_mask)
		return refuse(c, _("repeat_mask on an %s remote (its frames are matched whole)"),
			      family);
	if (r->encoding == LIRCD_ENCODING_XMP) {
		if (!r->zero.pulse || !r->zero.space || !r->one.space)
			return refuse(c, _("XMP needs zero's pulse and space and one's space (the step of a nibble)"));
		limit = (r->one.space - 1) / 2;
	} else {
		const struct lircd_pair symbols[4] = { r->zero, r->one, r->two, r->three };
		unsigned int i, j;

		for (i = 0; i < 4; i++) {
			if (!symbols[i].pulse || !symbols[i].space)
				return refuse(c, _("an RC-MM symbol (zero, one, two, three) of no pulse or no space"));
			for (j = 0; j < i; j++) {
				uint32_t apart = pair_margin_limit(symbols[i], symbols[j]);

				if (!apart)
					return refuse(c, _("two RC-MM symbols of the same timings"));
				if (apart < limit)
					limit = apart;
			}
		}
	}
	*ret_limit = limit;
	return 0;
}

/* Appends a field's symbols (bits of value, MSB first) to d[n...]; the new count. */
static size_t put_symbols(const struct lircd_remote *r, uint64_t value, unsigned int bits,
			  uint32_t *d, size_t n)
{
	unsigned int width = symbol_width(r), shift;

	for (shift = bits; shift; shift -= width) {
		unsigned int symbol = (unsigned int)(value >> (shift - width)) & ((1u << width) - 1);
		struct lircd_pair pair;

		if (r->encoding == LIRCD_ENCODING_XMP) {
			pair.pulse = r->zero.pulse;
			pair.space = r->zero.space + symbol * r->one.space;
		} else {
			pair = symbol == 0 ? r->zero : symbol == 1 ? r->one
				: symbol == 2 ? r->two : r->three;
		}
		d[n++] = pair.pulse;
		d[n++] = pair.space;
	}
	return n;
}

static size_t put_pair(struct lircd_pair pair, uint32_t *d, size_t n)
{
	if (pair_empty(pair))
		return n;
	d[n++] = pair.pulse;
	d[n++] = pair.space;
	return n;
}

/* A frame as lircd sends it (lircd.conf(5)); the count of its durations. */
static size_t symbol_frame(const struct lircd_remote *r, uint64_t value, uint32_t *d)
{
	unsigned int after_pre = r->bits + r->post_data_bits;
	size_t n = 0;

	n = put_pair(r->header, d, n);
	if (r->pre_data_bits) {
		n = put_symbols(r, after_pre < 64 ? value >> after_pre : 0, r->pre_data_bits, d, n);
		n = put_pair(r->pre, d, n);
	}
	n = put_symbols(r, r->post_data_bits < 64 ? value >> r->post_data_bits : 0, r->bits,
			d, n);
	if (r->post_data_bits) {
		n = put_pair(r->post, d, n);
		n = put_symbols(r, value, r->post_data_bits, d, n);
	}
	d[n++] = r->ptrail;
	return n;
}

/*
 * RC-MM (RCMM: two bits a pulse and space, zero one two three) and XMP (a nibble a
 * pulse and space, zero's space plus the nibble times one's space): every button's
 * frame, each combination of its free bits, as lircd sends it, a pattern of the
 * table-driven lircd_raw. lircd compares each duration within its tolerance, the raw
 * decoder each duration within the margin: the same keys, as long as the margin keeps
 * the symbols apart.
 */
static int convert_symbols(struct conversion *c, struct keymap_loader *loader)
{
	const struct lircd_remote *r = c->remote;
	struct raw_frame *frames = NULL;
	uint32_t *durations = NULL, limit = UINT32_MAX;
	uint64_t *values = NULL;
	size_t i, k, count = 0;
	int ret;

	ret = check_symbol_remote(c, &limit);
	if (ret < 0)
		return ret;
	frames = calloc(LIRCD_KEYMAP_SYMBOL_FRAMES_MAX, sizeof(*frames));
	values = calloc(LIRCD_KEYMAP_SYMBOL_FRAMES_MAX, sizeof(*values));
	durations = calloc(LIRCD_KEYMAP_SYMBOL_FRAMES_MAX * SYMBOL_FRAME_DURATIONS,
			   sizeof(*durations));
	if (!frames || !values || !durations) {
		ret = keymap_fail_nomem(loader);
		goto out;
	}
	for (i = 0; i < r->button_count; i++) {
		uint64_t value = lircd_remote_frame_value(r, r->buttons[i].codes[0]);
		uint64_t subset = 0;

		/* Every combination of the free bits: subset walks the subsets of the mask. */
		do {
			uint64_t v = (value & ~c->free_mask) | subset;

			for (k = 0; k < count && values[k] != v; k++)
				;
			if (k < count) {
				if (subset == 0 && keymap_ascii_casecmp(r->buttons[frames[k].button].name,
									r->buttons[i].name)) {
					loader->filename = r->filename;
					ret = keymap_warn(loader, r->buttons[i].line, 0,
							  _("remote '%s': button '%s' has the code of an earlier button: no key"),
							  r->name, r->buttons[i].name);
					if (ret < 0)
						goto out;
				}
			} else if (count == LIRCD_KEYMAP_SYMBOL_FRAMES_MAX) {
				ret = refuse(c, _("more than %u frames (buttons times the combinations of their toggle and ignore bits)"),
					     LIRCD_KEYMAP_SYMBOL_FRAMES_MAX);
				goto out;
			} else {
				values[count] = v;
				frames[count].button = i;
				frames[count].durations = durations + count * SYMBOL_FRAME_DURATIONS;
				frames[count].count = symbol_frame(r, v, durations +
								   count * SYMBOL_FRAME_DURATIONS);
				count++;
			}
			subset = (subset - c->free_mask) & c->free_mask;
		} while (subset);
	}
	/*
	 * A remote of no button (LIRC's generic descriptions) is an entry of no pattern,
	 * which the planner leaves out: said once here.
	 */
	if (!r->button_count) {
		loader->filename = r->filename;
		ret = keymap_warn(loader, r->line, 0,
				  _("remote '%s' has no button: nothing to decode"), r->name);
		if (ret < 0)
			goto out;
	}
	ret = convert_frames(c, loader, frames, count, limit);
out:
	free(frames);
	free(values);
	free(durations);
	return ret;
}

static int convert_remote(struct keymap *keymap, const struct lircd_remote *r,
			  struct keymap_loader *loader);

/*
 * Remote r without its buttons whose names are not text (lircd takes any bytes; a
 * keymap cannot hold them): each left out with a warning at its line, the others
 * converted. The copy borrows everything of r but its array of buttons.
 */
static int convert_text_buttons(struct keymap *keymap, const struct lircd_remote *r,
				struct keymap_loader *loader)
{
	struct lircd_remote kept = *r;
	size_t i;
	int ret = 0;

	kept.buttons = calloc(r->button_count, sizeof(*kept.buttons));
	if (!kept.buttons)
		return keymap_fail_nomem(loader);
	kept.button_count = 0;
	for (i = 0; i < r->button_count; i++) {
		if (!r->buttons[i].name_not_text) {
			kept.buttons[kept.button_count++] = r->buttons[i];
			continue;
		}
		loader->filename = r->filename;
		ret = keymap_warn(loader, r->buttons[i].line, 0,
				  _("remote '%s': button '%s' is not UTF-8 text: left out"),
				  r->name, r->buttons[i].name);
		if (ret < 0)
			goto out;
	}
	ret = convert_remote(keymap, &kept, loader);
out:
	free(kept.buttons);
	return ret;
}

static bool has_text_names(const struct lircd_remote *r)
{
	size_t i;

	for (i = 0; i < r->button_count; i++) {
		if (r->buttons[i].name_not_text)
			return false;
	}
	return true;
}

static int convert_remote(struct keymap *keymap, const struct lircd_remote *r,
			  struct keymap_loader *loader)
{
	struct conversion c = {
		.remote = r,
		.err = loader->err,
		.frame_bits = lircd_remote_frame_bits(r),
		.reverse = (r->flags & LIRCD_FLAG_REVERSE) != 0,
		.free_mask = r->toggle_bit_mask | r->toggle_mask | r->repeat_mask | r->ignore_mask,
	};
	int ret;

	c.protocol = keymap_add_protocol(keymap);
	if (!c.protocol)
		return keymap_fail_nomem(loader);
	c.earlier = keymap->protocols;
	c.earlier_count = keymap->protocol_count - 1;
	c.protocol->line = r->line;
	c.protocol->protocol_line = r->line;
	c.protocol->name = strdup(r->name);
	if (!c.protocol->name)
		return keymap_fail_nomem(loader);
	if (r->name_words_line) {
		loader->filename = r->filename;
		ret = keymap_warn(loader, r->name_words_line, 0,
				  _("remote '%s': the words after its name are left out, as lircd does"),
				  r->name);
		if (ret < 0)
			return ret;
	}
	if (c.frame_bits < 64)
		c.free_mask &= (1ull << c.frame_bits) - 1;
	c.flips[0] = r->toggle_bit_mask & c.free_mask;
	/* lircd takes the first code as written, not the frame, against the mask. */
	if (r->button_count && r->buttons[0].code_count)
		c.toggle_state = r->buttons[0].codes[0] & c.flips[0];
	c.flips[1] = r->repeat_mask & c.free_mask;
	c.flips[2] = r->toggle_mask & c.free_mask;
	c.ignore_mask = r->ignore_mask & c.free_mask;
	/*
	 * lircd inverts its toggle and repeat masks whole, whatever their width; the
	 * ignored bits take every value: each is a scancode (RC-MM and XMP frames, each
	 * a pattern, take every value of all of them).
	 */
	if (__builtin_popcountll(c.ignore_mask) > LIRCD_KEYMAP_FREE_BITS_MAX ||
	    ((r->encoding == LIRCD_ENCODING_RCMM || r->encoding == LIRCD_ENCODING_XMP) &&
	     __builtin_popcountll(c.free_mask) > LIRCD_KEYMAP_FREE_BITS_MAX))
		return refuse(&c, _("more than %u bits that lircd does not compare (toggle, repeat and ignore masks)"),
			      LIRCD_KEYMAP_FREE_BITS_MAX);
	switch (r->encoding) {
	case LIRCD_ENCODING_SPACE:
		if (!c.frame_bits)
			return refuse(&c, _("no bits"));
		ret = convert_space(&c);
		break;
	case LIRCD_ENCODING_SHIFT:
		if (!c.frame_bits)
			return refuse(&c, _("no bits"));
		ret = convert_shift(&c);
		break;
	case LIRCD_ENCODING_RC6:
		ret = convert_rc6(&c);
		break;
	case LIRCD_ENCODING_RAW:
		return convert_raw(&c, loader);
	case LIRCD_ENCODING_RCMM:
	case LIRCD_ENCODING_XMP:
		return convert_symbols(&c, loader);
	case LIRCD_ENCODING_DRIVER:
		return refuse(&c, _("its codes are decoded by a lirc driver, not sent as IR"));
	case LIRCD_ENCODING_GRUNDIG:
	case LIRCD_ENCODING_BO:
	case LIRCD_ENCODING_GOLDSTAR:
	case LIRCD_ENCODING_SERIAL:
		/*
		 * lircd.conf(5) does not describe these encodings, and LIRC's encoder
		 * (irsimsend) sends nothing for them: no reference to decode them against.
		 */
		return refuse(&c, _("the generic decoders do not decode %s (lircd.conf(5) does not describe it, and LIRC's encoder does not send it)"),
			      lircd_encoding_name(r->encoding));
	default:
		return refuse(&c, _("the generic decoders do not decode %s"),
			      lircd_encoding_name(r->encoding));
	}
	if (ret == -ENOMEM)
		return keymap_fail_nomem(loader);
	if (ret < 0)
		return ret;
	return add_codes(&c, loader);
}

int lircd_keymap_from_conf(const struct lircd_conf *conf, const char *filename,
			   struct keymap **ret_keymap, struct ir_error *err)
{
	struct keymap_loader loader = { .filename = filename, .err = err };
	struct keymap *keymap;
	size_t i;
	int ret;

	keymap = keymap_new(filename);
	if (!keymap)
		return keymap_fail_nomem(&loader);
	loader.keymap = keymap;
	if (!conf->remote_count) {
		ret = keymap_fail(&loader, 0, 0, _("no remote in this lircd.conf"));
		goto out;
	}
	keymap->name = strdup(conf->remotes[0].name);
	if (!keymap->name) {
		ret = keymap_fail_nomem(&loader);
		goto out;
	}
	for (i = 0; i < conf->remote_count; i++) {
		if (has_text_names(&conf->remotes[i]))
			ret = convert_remote(keymap, &conf->remotes[i], &loader);
		else
			ret = convert_text_buttons(keymap, &conf->remotes[i], &loader);
		if (ret < 0)
			goto out;
	}
	loader.filename = filename;
	ret = keymap_check_limits(&loader, keymap);
	if (ret < 0)
		goto out;
	*ret_keymap = keymap;
	return 0;
out:
	keymap_free(keymap);
	return ret;
}

int lircd_keymap_load_file(const char *path, struct keymap **ret_keymap,
			   struct ir_error *err)
{
	struct lircd_conf *conf = NULL;
	int ret;

	ret = lircd_conf_load_file(path, &conf, err);
	if (ret == 0)
		ret = lircd_keymap_from_conf(conf, path, ret_keymap, err);
	lircd_conf_free(conf);
	return ret;
}
