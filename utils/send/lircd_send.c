// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lircd_conf.h"
#include "lircd_keymap.h"
#include "lircd_send.h"
#include "nls.h"

/* One frame being built, and what stays the same over a press. */
struct sender {
	const struct lircd_remote *remote;
	unsigned int all_bits;		/* the frame's value: pre_data, code, post_data */
	uint64_t toggle_state;		/* toggle_bit_mask's bits for this press */
	/* Code frames sent: toggle_mask inverts every other one, from the second. */
	unsigned int code_frames;
	/*
	 * The frame's durations as lircd's send buffer holds them: alternately pulse and
	 * space by their place. A pulse (or space) is held until a space (pulse) comes,
	 * adding up those that follow it; a duration of 0 still ends what is held, so
	 * that two held pulses around a zero space are two entries, a pulse and a
	 * "space" (lircd's buffer of a SPACE_ENC remote whose one or zero has a 0).
	 */
	struct ir_train frame;
	uint32_t held_pulse, held_space;
	/* The frame's length as lircd counts it: its entries, not the last held space. */
	int64_t sum;
	int ret;			/* the first error of an entry */
};

static bool has_pair(struct lircd_pair pair)
{
	return pair.pulse && pair.space;
}

/* An entry of the buffer: a pulse at an even place, a space at an odd one. */
static void add_entry(struct sender *s, uint32_t us)
{
	int ret;

	if (s->ret)
		return;
	ret = ir_train_is_pulse(s->frame.count) ? ir_train_pulse(&s->frame, us) :
						   ir_train_space(&s->frame, us);
	if (ret < 0) {
		s->ret = ret;
		return;
	}
	s->sum += us;
}

static void emit(struct sender *s, bool pulse, uint32_t us)
{
	if (pulse) {
		if (s->held_pulse) {
			s->held_pulse += us;
			return;
		}
		if (s->held_space)
			add_entry(s, s->held_space);
		s->held_space = 0;
		s->held_pulse = us;
		return;
	}
	/* A transmitter starts with a pulse: a space before any is not sent. */
	if (!s->frame.count && !s->held_pulse)
		return;
	if (s->held_space) {
		s->held_space += us;
		return;
	}
	if (s->held_pulse)
		add_entry(s, s->held_pulse);
	s->held_pulse = 0;
	s->held_space = us;
}

/* plead and ptrail: a pulse when the remote has one (a 0 would end a held space). */
static void emit_given(struct sender *s, uint32_t pulse)
{
	if (pulse)
		emit(s, true, pulse);
}

static void emit_pair(struct sender *s, struct lircd_pair pair)
{
	emit(s, true, pair.pulse);
	emit(s, false, pair.space);
}

/* The low n bits of v, the first one last. */
static uint64_t reverse_bits(uint64_t v, unsigned int n)
{
	uint64_t r = 0;
	unsigned int i;

	for (i = 0; i < n; i++, v >>= 1)
		r = r << 1 | (v & 1);
	return r;
}

static void emit_bit(struct sender *s, int bit, uint64_t at)
{
	const struct lircd_remote *r = s->remote;
	enum lircd_encoding e = r->encoding;
	bool twice = at & r->rc6_mask;

	if (bit && (e == LIRCD_ENCODING_SHIFT || e == LIRCD_ENCODING_RC6)) {
		emit(s, false, twice ? 2 * r->one.space : r->one.space);
		emit(s, true, twice ? 2 * r->one.pulse : r->one.pulse);
	} else if (bit && e == LIRCD_ENCODING_SPACE_FIRST) {
		emit(s, false, r->one.space);
		emit(s, true, r->one.pulse);
	} else if (bit) {
		emit_pair(s, r->one);
	} else if (twice) {
		/* lircd doubles a zero of rc6_mask whatever the encoding. */
		emit(s, true, 2 * r->zero.pulse);
		emit(s, false, 2 * r->zero.space);
	} else if (e == LIRCD_ENCODING_SPACE_FIRST) {
		emit(s, false, r->zero.space);
		emit(s, true, r->zero.pulse);
	} else {
		emit_pair(s, r->zero);
	}
}

/* RC-MM: two bits a symbol; XMP: a nibble a space's length. */
static void emit_symbols(struct sender *s, uint64_t value, unsigned int bits)
{
	const struct lircd_remote *r = s->remote;
	const struct lircd_pair *symbols[4] = { &r->zero, &r->one, &r->two, &r->three };
	unsigned int i;

	if (r->encoding == LIRCD_ENCODING_RCMM) {
		for (i = 0; i + 2 <= bits; i += 2)
			emit_pair(s, *symbols[(value >> (bits - 2 - i)) & 3]);
		return;
	}
	for (i = 0; i + 4 <= bits; i += 4) {
		uint32_t nibble = (uint32_t)(value >> (bits - 4 - i)) & 0xf;

		emit(s, true, r->zero.pulse);
		emit(s, false, r->zero.space + nibble * r->one.space);
	}
}

/*
 * bits bits of a field, done bits of the frame's value before it, most significant
 * first (a REVERSE field is reversed before: see field()): the masks are placed by
 * the bit's place in the whole value.
 */
static void emit_field(struct sender *s, uint64_t value, unsigned int bits, unsigned int done)
{
	const struct lircd_remote *r = s->remote;
	bool one_bit_toggle = __builtin_popcountll(r->toggle_bit_mask) == 1;
	unsigned int i;

	if (r->encoding == LIRCD_ENCODING_RCMM || r->encoding == LIRCD_ENCODING_XMP) {
		emit_symbols(s, value, bits);
		return;
	}
	for (i = 0; i < bits; i++) {
		uint64_t at = 1ull << (s->all_bits - 1 - done - i);
		int bit = (int)((value >> (bits - 1 - i)) & 1);

		if (at & r->toggle_bit_mask) {
			/* A one-bit mask is set to the state, a wider one inverted by it. */
			if (one_bit_toggle)
				bit = !!(s->toggle_state & at);
			else if (s->toggle_state & at)
				bit ^= 1;
		}
		if ((at & r->toggle_mask) && s->code_frames % 2)
			bit ^= 1;
		emit_bit(s, bit, at);
	}
}

/* A field's value in the order it is sent: REVERSE sends each field backwards. */
static uint64_t field(const struct lircd_remote *r, uint64_t value, unsigned int bits)
{
	return r->flags & LIRCD_FLAG_REVERSE ? reverse_bits(value, bits) : value;
}

/*
 * A frame of a button's code; repeated: a frame after the first of the press; later:
 * the code is not the button's first.
 */
static void emit_code(struct sender *s, uint64_t code, bool repeated, bool later)
{
	const struct lircd_remote *r = s->remote;
	unsigned int flags = r->flags;

	/*
	 * repeat_mask inverts bits of the code as sent (under REVERSE too). REVERSE turns
	 * only a button's first code around: lircd sends the others as written
	 * (irsimsend does).
	 */
	if (!later)
		code = field(r, code, r->bits);
	if (repeated)
		code ^= r->repeat_mask;
	if ((!repeated || !(flags & LIRCD_FLAG_NO_HEAD_REP)) && has_pair(r->header))
		emit_pair(s, r->header);
	emit_given(s, r->plead);
	if (r->pre_data_bits) {
		emit_field(s, field(r, r->pre_data, r->pre_data_bits), r->pre_data_bits, 0);
		if (has_pair(r->pre))
			emit_pair(s, r->pre);
	}
	emit_field(s, code, r->bits, r->pre_data_bits);
	if (r->post_data_bits) {
		if (has_pair(r->post))
			emit_pair(s, r->post);
		emit_field(s, field(r, r->post_data, r->post_data_bits), r->post_data_bits,
			   r->pre_data_bits + r->bits);
	}
	emit_given(s, r->ptrail);
	if ((!repeated || !(flags & LIRCD_FLAG_NO_FOOT_REP)) && has_pair(r->foot)) {
		emit(s, false, r->foot.space);
		emit(s, true, r->foot.pulse);
	}
	/* A constant length counted from after the header that repeats leave out. */
	if (!repeated && (flags & LIRCD_FLAG_NO_HEAD_REP) && (flags & LIRCD_FLAG_CONST_LENGTH))
		s->sum -= (int64_t)r->header.pulse + r->header.space;
}

static void emit_repeat_code(struct sender *s)
{
	const struct lircd_remote *r = s->remote;

	if ((r->flags & LIRCD_FLAG_REPEAT_HEADER) && has_pair(r->header))
		emit_pair(s, r->header);
	emit_given(s, r->plead);
	emit_pair(s, r->repeat);
	emit_given(s, r->ptrail);
}

/* The space after the frame built. */
static int frame_gap(const struct sender *s, bool repeat_code, uint32_t *ret_gap,
		     struct ir_error *err)
{
	const struct lircd_remote *r = s->remote;
	uint32_t gap = r->gap2 && r->gap2 < r->gap ? r->gap2 : r->gap;

	if (repeat_code && r->repeat_gap) {
		*ret_gap = r->repeat_gap;
	} else if (r->flags & LIRCD_FLAG_CONST_LENGTH) {
		if ((int64_t)gap <= s->sum) {
			ir_error_set_at(err, r->filename, r->line, 0,
					_("remote '%s': its gap (%u us, CONST_LENGTH) is shorter "
					  "than a frame (%lld us): lircd sends nothing"),
					r->name, gap, (long long)s->sum);
			return -EINVAL;
		}
		*ret_gap = (uint32_t)(gap - s->sum);
	} else {
		*ret_gap = gap;
	}
	return 0;
}

/*
 * The frame ends: a held pulse is its last entry, a held space is dropped (nor is it
 * counted in the frame's length), and so is a last entry at a space's place.
 */
static void frame_end(struct sender *s)
{
	if (s->held_pulse)
		add_entry(s, s->held_pulse);
	s->held_pulse = s->held_space = 0;
	ir_train_trim_space(&s->frame);
}

/* The frame built, then the gap, onto out. */
static int frame_append(struct sender *s, uint32_t gap, struct ir_train *out)
{
	size_t i;
	int ret = 0;

	for (i = 0; ret == 0 && i < s->frame.count; i++)
		ret = ir_train_is_pulse(i) ? ir_train_pulse(out, s->frame.durations[i]) :
					     ir_train_space(out, s->frame.durations[i]);
	if (ret == 0 && out->count)
		ret = ir_train_space(out, gap);
	return ret;
}

/*
 * sends sends of button b: the press, then its repeats. Each send is one frame, or,
 * for a button of several codes whose gap is short, the rest of its codes too.
 */
static int send_button(struct sender *s, const struct lircd_button *b, unsigned int sends,
		       struct ir_train *out, struct ir_error *err)
{
	const struct lircd_remote *r = s->remote;
	bool raw = r->encoding == LIRCD_ENCODING_RAW;
	size_t next = 0;	/* the code to send; past the first: the sequence goes on */
	unsigned int i;
	uint32_t gap;
	int ret;

	for (i = 0; i < sends; i++) {
		bool repeated = i > 0, more;

		do {
			bool repeat_code = repeated && has_pair(r->repeat);
			size_t j;

			ir_train_free(&s->frame);
			s->sum = 0;
			if (repeat_code) {
				emit_repeat_code(s);
			} else if (raw) {
				/* lircd takes a raw button's durations as its buffer. */
				for (j = 0; j < b->duration_count; j++)
					add_entry(s, b->durations[j]);
			} else {
				emit_code(s, b->codes[next], repeated, next > 0);
				s->code_frames++;
			}
			if (s->ret)
				goto fail;
			frame_end(s);
			ret = frame_gap(s, repeat_code, &gap, err);
			if (ret < 0)
				return ret;
			/* The sequence goes on until its last code has been sent. */
			more = false;
			if (!raw && b->code_count > 1) {
				more = ++next < b->code_count;
				/* XMP starts again from its second code, as lircd does. */
				if (!more)
					next = r->encoding == LIRCD_ENCODING_XMP ? 1 : 0;
			}
			s->ret = frame_append(s, gap, out);
			if (s->ret)
				goto fail;
			repeated = true;
		} while (more && gap < LIRCD_SEND_GAP_CONCAT_MAX);
	}
	return 0;
fail:
	ir_error_set_at(err, r->filename, b->line, 0,
			_("remote '%s': button '%s': too long to send: %s"), r->name, b->name,
			strerror(-s->ret));
	return s->ret;
}

static const char *encoding_unsendable(enum lircd_encoding encoding)
{
	switch (encoding) {
	case LIRCD_ENCODING_GOLDSTAR:
	case LIRCD_ENCODING_GRUNDIG:
	case LIRCD_ENCODING_BO:
	case LIRCD_ENCODING_SERIAL:
	case LIRCD_ENCODING_DRIVER:
		return lircd_encoding_name(encoding);
	default:
		return NULL;
	}
}

/* a and b alike but for the case of ASCII letters (whatever the locale). */
static bool same_ascii_case(const char *a, const char *b)
{
	for (; *a && *b; a++, b++) {
		char x = *a >= 'A' && *a <= 'Z' ? (char)(*a - 'A' + 'a') : *a;
		char y = *b >= 'A' && *b <= 'Z' ? (char)(*b - 'A' + 'a') : *b;

		if (x != y)
			return false;
	}
	return *a == *b;
}

/* The first button of remote named name, case ignored as lircd ignores it; or NULL. */
static const struct lircd_button *button_named(const struct lircd_remote *r, const char *name)
{
	size_t i;

	for (i = 0; i < r->button_count; i++)
		if (same_ascii_case(r->buttons[i].name, name))
			return &r->buttons[i];
	return NULL;
}

/* The first button of remote whose name is the key keycode, or NULL. */
static const struct lircd_button *button_of_key(const struct lircd_remote *r,
						uint32_t keycode)
{
	uint32_t code;
	size_t i;

	for (i = 0; i < r->button_count; i++)
		if (lircd_keymap_button_keycode(r->buttons[i].name, &code) == 0 &&
		    code == keycode)
			return &r->buttons[i];
	return NULL;
}

/*
 * key in the remotes (all of them, or the one "REMOTE:" names): by its name first,
 * then by its key.
 */
static int find_button(const struct lircd_conf *conf, const char *path, const char *key,
		       const struct lircd_remote **ret_remote,
		       const struct lircd_button **ret_button, struct ir_error *err)
{
	const char *colon = strchr(key, ':');
	const char *name = key;
	size_t first = 0, end = conf->remote_count, i;
	uint32_t keycode;
	bool by_key;

	for (i = 0; colon && i < conf->remote_count; i++) {
		const char *remote = conf->remotes[i].name;

		if (strlen(remote) == (size_t)(colon - key) &&
		    strncmp(remote, key, (size_t)(colon - key)) == 0) {
			first = i;
			end = i + 1;
			name = colon + 1;
			break;
		}
	}
	by_key = lircd_keymap_button_keycode(name, &keycode) == 0;
	for (i = first; i < end; i++) {
		*ret_button = button_named(&conf->remotes[i], name);
		if (*ret_button)
			break;
	}
	for (i = i < end ? i : first; by_key && !*ret_button && i < end; i++) {
		*ret_button = button_of_key(&conf->remotes[i], keycode);
		if (*ret_button)
			break;
	}
	if (*ret_button) {
		*ret_remote = &conf->remotes[i];
		return 0;
	}
	if (end - first == 1 && name != key)
		ir_error_set_at(err, path, 0, 0, _("remote '%s' has no button '%s'"),
				conf->remotes[first].name, name);
	else
		ir_error_set_at(err, path, 0, 0, _("no remote has a button '%s'"), name);
	return -ENOENT;
}

/* lircd's toggle_bit_mask state on the first press: see the header. */
static uint64_t first_toggle_state(const struct lircd_remote *r)
{
	uint64_t state = 0;

	if (r->button_count && r->buttons[0].code_count)
		state = r->buttons[0].codes[0] & r->toggle_bit_mask;
	return state ? state : r->toggle_bit_mask;
}

int lircd_send_key(const char *path, const char *key, unsigned int repeat,
		   struct ir_train *train, struct ir_error *err)
{
	const struct lircd_button *button = NULL;
	const struct lircd_remote *remote = NULL;
	struct lircd_conf *conf = NULL;
	struct sender s = { 0 };
	struct ir_train all;
	const char *kind;
	int ret;

	ir_train_init(&all);
	ir_train_init(&s.frame);
	ret = lircd_conf_load_file_to_send(path, &conf, err);
	if (ret < 0)
		goto out;
	ret = find_button(conf, path, key, &remote, &button, err);
	if (ret < 0)
		goto out;
	kind = encoding_unsendable(remote->encoding);
	if (kind) {
		ir_error_set_at(err, remote->filename, remote->line, 0,
				_("remote '%s': lircd cannot send %s remotes"), remote->name,
				kind);
		ret = -EOPNOTSUPP;
		goto out;
	}
	s.remote = remote;
	s.all_bits = lircd_remote_frame_bits(remote);
	s.toggle_state = first_toggle_state(remote);
	ret = send_button(&s, button, 1 + (repeat > remote->min_repeat ? repeat :
					  remote->min_repeat), &all, err);
	if (ret == 0)
		ret = ir_train_append(train, &all);
	if (ret == 0)
		train->carrier = remote->frequency ? remote->frequency : LIRCD_SEND_CARRIER;
	if (ret < 0 && !err->message[0])
		ir_error_set_at(err, path, 0, 0, _("too long to send: %s"), strerror(-ret));
out:
	ir_train_free(&s.frame);
	ir_train_free(&all);
	lircd_conf_free(conf);
	return ret;
}
