// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The lircd.conf(5) reader: lines of tokens into struct lircd_conf, each remote checked
 * when it ends, include lines resolved and expanded; and the model's own helpers. The
 * loads, and each file's opening and reading, are in lircd_conf_load.c.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lircd_conf.h"
#include "lircd_conf_internal.h"
#include "nls.h"
#include "number.h"
#include "pathglob.h"

/* Walks the tokens of one line; a token starting with '#' ends it. */
struct line_cursor {
	const char *text;
	size_t len;
	size_t pos;
};

/* How a keyword's values are read, and where they go in struct lircd_remote. */
enum value_kind {
	VALUE_STRING,		/* one token, copied (char *) */
	VALUE_IGNORED,		/* one token, dropped */
	VALUE_FLAGS,
	VALUE_UINT,		/* one number, unsigned int, min..max */
	VALUE_DURATION,		/* one number, uint32_t, 0..LIRCD_DURATION_MAX */
	VALUE_PAIR,		/* two durations, struct lircd_pair */
	VALUE_MASK,		/* one number, uint64_t */
	VALUE_GAP,		/* one or two durations: gap, gap2 */
	VALUE_SERIAL_MODE,
	VALUE_BOOL,		/* 0 or 1 */
};

struct keyword_spec {
	const char *name;
	const char *alias;
	enum value_kind kind;
	size_t offset;
	unsigned int min, max;	/* VALUE_UINT */
};

#define FIELD(kw, nm, kd, member) \
	[kw] = { .name = nm, .kind = kd, .offset = offsetof(struct lircd_remote, member) }
#define UINT_FIELD(kw, nm, member, lo, hi)                                               \
	[kw] = { .name = nm, .kind = VALUE_UINT, .offset = offsetof(struct lircd_remote, member), \
		 .min = lo, .max = hi }

static const struct keyword_spec keywords[KW_MAX] = {
	FIELD(KW_NAME, "name", VALUE_STRING, name),
	FIELD(KW_DRIVER, "driver", VALUE_STRING, driver),
	FIELD(KW_FLAGS, "flags", VALUE_FLAGS, flags),
	UINT_FIELD(KW_BITS, "bits", bits, 0, 64),
	UINT_FIELD(KW_EPS, "eps", eps, 0, 100),
	FIELD(KW_AEPS, "aeps", VALUE_DURATION, aeps),
	FIELD(KW_HEADER, "header", VALUE_PAIR, header),
	FIELD(KW_THREE, "three", VALUE_PAIR, three),
	FIELD(KW_TWO, "two", VALUE_PAIR, two),
	FIELD(KW_ONE, "one", VALUE_PAIR, one),
	FIELD(KW_ZERO, "zero", VALUE_PAIR, zero),
	FIELD(KW_PTRAIL, "ptrail", VALUE_DURATION, ptrail),
	FIELD(KW_PLEAD, "plead", VALUE_DURATION, plead),
	FIELD(KW_PRE, "pre", VALUE_PAIR, pre),
	FIELD(KW_POST, "post", VALUE_PAIR, post),
	FIELD(KW_FOOT, "foot", VALUE_PAIR, foot),
	FIELD(KW_REPEAT, "repeat", VALUE_PAIR, repeat),
	UINT_FIELD(KW_PRE_DATA_BITS, "pre_data_bits", pre_data_bits, 0, 64),
	FIELD(KW_PRE_DATA, "pre_data", VALUE_MASK, pre_data),
	UINT_FIELD(KW_POST_DATA_BITS, "post_data_bits", post_data_bits, 0, 64),
	FIELD(KW_POST_DATA, "post_data", VALUE_MASK, post_data),
	FIELD(KW_GAP, "gap", VALUE_GAP, gap),
	FIELD(KW_REPEAT_GAP, "repeat_gap", VALUE_DURATION, repeat_gap),
	UINT_FIELD(KW_MIN_REPEAT, "min_repeat", min_repeat, 0, 255),
	UINT_FIELD(KW_MIN_CODE_REPEAT, "min_code_repeat", min_code_repeat, 0, 255),
	UINT_FIELD(KW_SUPPRESS_REPEAT, "suppress_repeat", suppress_repeat, 0, 255),
	[KW_TOGGLE_BIT] = { .name = "toggle_bit", .alias = "repeat_bit", .kind = VALUE_UINT,
			    .offset = offsetof(struct lircd_remote, toggle_bit), .max = 64 },
	FIELD(KW_TOGGLE_BIT_MASK, "toggle_bit_mask", VALUE_MASK, toggle_bit_mask),
	FIELD(KW_TOGGLE_MASK, "toggle_mask", VALUE_MASK, toggle_mask),
	FIELD(KW_REPEAT_MASK, "repeat_mask", VALUE_MASK, repeat_mask),
	FIELD(KW_IGNORE_MASK, "ignore_mask", VALUE_MASK, ignore_mask),
	FIELD(KW_RC6_MASK, "rc6_mask", VALUE_MASK, rc6_mask),
	FIELD(KW_FREQUENCY, "frequency", VALUE_DURATION, frequency),
	UINT_FIELD(KW_DUTY_CYCLE, "duty_cycle", duty_cycle, 1, 100),
	UINT_FIELD(KW_BAUD, "baud", baud, 0, 10000000),
	FIELD(KW_SERIAL_MODE, "serial_mode", VALUE_SERIAL_MODE, serial_bits),
	FIELD(KW_MANUAL_SORT, "manual_sort", VALUE_BOOL, manual_sort),
	[KW_DYNCODES_NAME] = { .name = "dyncodes_name", .kind = VALUE_IGNORED },
};

static const struct {
	const char *name;
	unsigned int flag;
} flag_names[] = {
	{ "RAW_CODES", LIRCD_FLAG_RAW_CODES },
	{ "RC5", LIRCD_FLAG_RC5 },
	{ "SHIFT_ENC", LIRCD_FLAG_RC5 },
	{ "RC6", LIRCD_FLAG_RC6 },
	{ "RCMM", LIRCD_FLAG_RCMM },
	{ "SPACE_ENC", LIRCD_FLAG_SPACE_ENC },
	{ "SPACE_FIRST", LIRCD_FLAG_SPACE_FIRST },
	{ "GOLDSTAR", LIRCD_FLAG_GOLDSTAR },
	{ "GRUNDIG", LIRCD_FLAG_GRUNDIG },
	{ "BO", LIRCD_FLAG_BO },
	{ "SERIAL", LIRCD_FLAG_SERIAL },
	{ "XMP", LIRCD_FLAG_XMP },
	{ "REVERSE", LIRCD_FLAG_REVERSE },
	{ "NO_HEAD_REP", LIRCD_FLAG_NO_HEAD_REP },
	{ "NO_FOOT_REP", LIRCD_FLAG_NO_FOOT_REP },
	{ "CONST_LENGTH", LIRCD_FLAG_CONST_LENGTH },
	{ "REPEAT_HEADER", LIRCD_FLAG_REPEAT_HEADER },
};

static const char *const encoding_names[LIRCD_ENCODING_MAX] = {
	[LIRCD_ENCODING_SPACE] = "SPACE_ENC",
	[LIRCD_ENCODING_SHIFT] = "RC5",
	[LIRCD_ENCODING_RC6] = "RC6",
	[LIRCD_ENCODING_RCMM] = "RCMM",
	[LIRCD_ENCODING_SPACE_FIRST] = "SPACE_FIRST",
	[LIRCD_ENCODING_GOLDSTAR] = "GOLDSTAR",
	[LIRCD_ENCODING_GRUNDIG] = "GRUNDIG",
	[LIRCD_ENCODING_BO] = "BO",
	[LIRCD_ENCODING_XMP] = "XMP",
	[LIRCD_ENCODING_SERIAL] = "SERIAL",
	[LIRCD_ENCODING_RAW] = "RAW_CODES",
	[LIRCD_ENCODING_DRIVER] = "driver",
};
static int fail(const struct parser *p, unsigned int line, unsigned int column,
		const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static int fail(const struct parser *p, unsigned int line, unsigned int column,
		const char *fmt, ...)
{
	struct ir_error *err = p->loader->err;
	char reason[IR_ERROR_MESSAGE_MAX];
	va_list args;

	va_start(args, fmt);
	vsnprintf(reason, sizeof(reason), fmt, args);
	va_end(args);
	ir_error_set_at(err, p->filename, line, column, "%s", reason);
	return -EINVAL;
}

static int fail_nomem(const struct parser *p)
{
	ir_error_set_at(p->loader->err, p->filename, 0, 0, "%s", strerror(ENOMEM));
	return -ENOMEM;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* The next token; one starting with '#' starts a comment, unless hash_is_text. */
static bool next_word(struct line_cursor *c, struct token *t, bool hash_is_text)
{
	size_t start;

	while (c->pos < c->len && is_blank(c->text[c->pos]))
		c->pos++;
	if (c->pos == c->len || (c->text[c->pos] == '#' && !hash_is_text)) {
		c->pos = c->len;
		return false;
	}
	start = c->pos;
	while (c->pos < c->len && !is_blank(c->text[c->pos]))
		c->pos++;
	t->text = c->text + start;
	t->len = c->pos - start;
	t->column = (unsigned int)start + 1;
	return true;
}

static bool next_token(struct line_cursor *c, struct token *t)
{
	return next_word(c, t, false);
}

static bool token_is(const struct token *t, const char *word)
{
	return t->len == strlen(word) && strncasecmp(t->text, word, t->len) == 0;
}

/* A token for a message, with "%.*s%s": at most 40 bytes of it. */
#define SHOW(t) (int)((t)->len > 40 ? 40 : (t)->len), (t)->text, ((t)->len > 40 ? "..." : "")

/*
 * Names are kept as written, so they must be text: UTF-8, no control character (a
 * keymap written from them must be valid TOML).
 */
static bool valid_name(const struct token *t)
{
	const unsigned char *s = (const unsigned char *)t->text;
	size_t i = 0, n = t->len, more, k;
	uint32_t cp;

	while (i < n) {
		unsigned char c = s[i++];

		if (c < 0x80) {
			if (c < 0x20 || c == 0x7f)
				return false;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf) {
			more = 1;
			cp = c & 0x1f;
		} else if (c >= 0xe0 && c <= 0xef) {
			more = 2;
			cp = c & 0x0f;
		} else if (c >= 0xf0 && c <= 0xf4) {
			more = 3;
			cp = c & 0x07;
		} else {
			return false;
		}
		if (n - i < more)
			return false;
		for (k = 0; k < more; k++) {
			if ((s[i] & 0xc0) != 0x80)
				return false;
			cp = (cp << 6) | (s[i++] & 0x3f);
		}
		if ((more == 2 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
		    (more == 3 && (cp < 0x10000 || cp > 0x10ffff)) || (cp >= 0x80 && cp < 0xa0))
			return false;
	}
	return n > 0;
}

static int copy_name(const struct parser *p, const struct token *t, const char *what,
		     char **ret_copy)
{
	char *copy;

	if (!valid_name(t))
		return fail(p, p->line, t->column,
			    _("%s '%.*s%s' is not UTF-8 text without control characters"),
			    what, SHOW(t));
	copy = strndup(t->text, t->len);
	if (!copy)
		return fail_nomem(p);
	*ret_copy = copy;
	return 0;
}

/*
 * A button name that is not text, as text: each byte that is a control character or
 * not ASCII as \xNN (so that messages and dumps can show it).
 */
static int copy_escaped(const struct parser *p, const struct token *t, char **ret_copy)
{
	const unsigned char *s = (const unsigned char *)t->text;
	char *copy = malloc(t->len * 4 + 1), *out = copy;
	size_t i;

	if (!copy)
		return fail_nomem(p);
	for (i = 0; i < t->len; i++) {
		struct token one = { .text = t->text + i, .len = 1 };

		if (s[i] < 0x80 && valid_name(&one))
			*out++ = (char)s[i];
		else
			out += sprintf(out, "\\x%02X", s[i]);
	}
	*out = '\0';
	*ret_copy = copy;
	return 0;
}

/* A number as lircd reads it (strtoull, base 0), at most max. */
static int parse_number(const struct parser *p, const struct token *t, const char *what,
			uint64_t min, uint64_t max, uint64_t *ret_value)
{
	char text[80];
	uint64_t value = 0;
	int ret = -EINVAL;

	*ret_value = 0;

	if (t->len < sizeof(text)) {
		memcpy(text, t->text, t->len);
		text[t->len] = '\0';
		ret = number_parse_unsigned(text, UINT64_MAX, &value);
	}
	if (ret < 0)
		return fail(p, p->line, t->column, _("%s: '%.*s%s' is not a number"), what,
			    SHOW(t));
	if (value < min || value > max)
		return fail(p, p->line, t->column,
			    _("%s: %.*s%s is out of range (%llu to %llu)"), what, SHOW(t),
			    (unsigned long long)min, (unsigned long long)max);
	*ret_value = value;
	return 0;
}

static int parse_duration(const struct parser *p, const struct token *t, const char *what,
			  uint32_t *ret_value)
{
	uint64_t value;
	int ret = parse_number(p, t, what, 0, LIRCD_DURATION_MAX, &value);

	if (ret == 0)
		*ret_value = (uint32_t)value;
	return ret;
}

static int parse_flags(struct parser *p, const struct token *t, unsigned int *ret_flags)
{
	unsigned int flags = 0, protocol = 0;
	size_t start = 0, end, i;

	while (start <= t->len) {
		struct token part;
		bool known = false;

		for (end = start; end < t->len && t->text[end] != '|'; end++)
			;
		part.text = t->text + start;
		part.len = end - start;
		part.column = t->column + (unsigned int)start;
		if (part.len == 0)
			return fail(p, p->line, part.column, _("flags: an empty flag"));
		for (i = 0; i < sizeof(flag_names) / sizeof(flag_names[0]); i++) {
			unsigned int flag = flag_names[i].flag;

			if (!token_is(&part, flag_names[i].name))
				continue;
			known = true;
			if ((flag & LIRCD_FLAGS_PROTOCOL) && protocol && protocol != flag)
				return fail(p, p->line, part.column,
					    _("flags: more than one protocol ('%.*s%s')"),
					    SHOW(&part));
			if (flag & LIRCD_FLAGS_PROTOCOL)
				protocol = flag;
			flags |= flag;
		}
		if (!known)
			return fail(p, p->line, part.column, _("flags: unknown flag '%.*s%s'"),
				    SHOW(&part));
		start = end + 1;
	}
	*ret_flags = flags;
	return 0;
}

/* "8N1": 5 to 8 data bits, parity N, E or O, 1, 1.5 or 2 stop bits. */
static int parse_serial_mode(struct parser *p, const struct token *t)
{
	const char *s = t->text;
	char parity;

	if (t->len < 3 || s[0] < '5' || s[0] > '8')
		goto bad;
	parity = (char)(s[1] >= 'a' ? s[1] - 'a' + 'A' : s[1]);
	if (parity != 'N' && parity != 'E' && parity != 'O')
		goto bad;
	if (t->len == 3 && (s[2] == '1' || s[2] == '2'))
		p->remote.serial_stop_halves = (unsigned int)(s[2] - '0') * 2;
	else if (t->len == 5 && memcmp(s + 2, "1.5", 3) == 0)
		p->remote.serial_stop_halves = 3;
	else
		goto bad;
	p->remote.serial_bits = (unsigned int)(s[0] - '0');
	p->remote.serial_parity = parity;
	return 0;
bad:
	return fail(p, p->line, t->column,
		    _("serial_mode: '%.*s%s' is not BITS PARITY STOP (such as 8N1)"),
		    SHOW(t));
}

static int find_keyword(const struct token *t)
{
	int kw;

	for (kw = 0; kw < KW_MAX; kw++)
		if (token_is(t, keywords[kw].name) ||
		    (keywords[kw].alias && token_is(t, keywords[kw].alias)))
			return kw;
	return -1;
}

/* The values of one keyword into the remote; the cursor is past the keyword. */
static int parse_values(struct parser *p, enum keyword kw, struct line_cursor *c,
			const struct token *key)
{
	const struct keyword_spec *spec = &keywords[kw];
	char *field = (char *)&p->remote + spec->offset;
	struct token values[2];
	size_t count = 0, wanted = spec->kind == VALUE_PAIR ? 2 : 1;
	struct token extra;
	uint64_t number;
	int ret = 0;

	while (count < wanted && next_token(c, &values[count]))
		count++;
	if (spec->kind == VALUE_GAP && next_token(c, &values[1]))
		count++;
	if (count < wanted)
		return fail(p, p->line, key->column,
			    wanted == 2 ? _("'%s' takes two values (a pulse and a space)")
					: _("'%s' takes a value"),
			    spec->name);
	/*
	 * A remote's name of more words ("name HP tx1000"): lircd takes the first and
	 * goes on; the keymap layer warns (name_words_line).
	 */
	if (kw == KW_NAME) {
		p->remote.name_words_line = 0;
		if (next_token(c, &extra)) {
			while (next_token(c, &extra))
				;
			p->remote.name_words_line = p->line;
		}
	}
	if (next_token(c, &extra))
		return fail(p, p->line, extra.column,
			    _("'%s': unexpected '%.*s%s' after its value"), spec->name,
			    SHOW(&extra));
	switch (spec->kind) {
	case VALUE_STRING: {
		char *copy = NULL;

		ret = copy_name(p, &values[0], spec->name, &copy);
		if (ret == 0) {
			free(*(char **)field);
			*(char **)field = copy;
		}
		break;
	}
	case VALUE_IGNORED:
		break;
	case VALUE_FLAGS:
		ret = parse_flags(p, &values[0], (unsigned int *)field);
		break;
	case VALUE_UINT:
		ret = parse_number(p, &values[0], spec->name, spec->min, spec->max, &number);
		if (ret == 0)
			*(unsigned int *)field = (unsigned int)number;
		break;
	case VALUE_BOOL:
		ret = parse_number(p, &values[0], spec->name, 0, 1, &number);
		if (ret == 0)
			*(bool *)field = number != 0;
		break;
	case VALUE_DURATION:
		ret = parse_duration(p, &values[0], spec->name, (uint32_t *)field);
		break;
	case VALUE_MASK:
		ret = parse_number(p, &values[0], spec->name, 0, UINT64_MAX, (uint64_t *)field);
		break;
	case VALUE_PAIR:
		ret = parse_duration(p, &values[0], spec->name, &((struct lircd_pair *)field)->pulse);
		if (ret == 0)
			ret = parse_duration(p, &values[1], spec->name,
					     &((struct lircd_pair *)field)->space);
		break;
	case VALUE_GAP:
		ret = parse_duration(p, &values[0], spec->name, &p->remote.gap);
		if (ret == 0 && count == 2)
			ret = parse_duration(p, &values[1], spec->name, &p->remote.gap2);
		break;
	case VALUE_SERIAL_MODE:
		ret = parse_serial_mode(p, &values[0]);
		break;
	}
	return ret;
}

static int parse_parameter(struct parser *p, struct line_cursor *c, const struct token *key)
{
	int kw = find_keyword(key);

	if (kw < 0)
		return fail(p, p->line, key->column, _("unknown keyword '%.*s%s' in a remote"),
			    SHOW(key));
	if (p->has_codes || p->has_raw_codes)
		return fail(p, p->line, key->column,
			    _("'%s' after the codes: a remote's parameters come before them"),
			    keywords[kw].name);
	/* Given twice, the last one wins, as in lircd (files of LIRC's database do it). */
	p->keyword_at[kw].line = p->line;
	p->keyword_at[kw].column = key->column;
	return parse_values(p, (enum keyword)kw, c, key);
}

static int count_code(struct parser *p, unsigned int column)
{
	struct lircd_conf *conf = p->loader->conf;

	if (conf->code_count >= LIRCD_CONF_CODES_MAX)
		return fail(p, p->line, column, _("more than %u codes"), LIRCD_CONF_CODES_MAX);
	conf->code_count++;
	return 0;
}

static int add_button(struct parser *p, const struct token *name,
		      struct lircd_button **ret_button)
{
	struct lircd_remote *r = &p->remote;
	struct lircd_button *b;
	int ret;

	if (r->button_count == p->button_capacity) {
		size_t capacity = p->button_capacity ? p->button_capacity * 2 : 16;

		b = realloc(r->buttons, capacity * sizeof(*b));
		if (!b)
			return fail_nomem(p);
		r->buttons = b;
		p->button_capacity = capacity;
	}
	b = &r->buttons[r->button_count];
	memset(b, 0, sizeof(*b));
	if (valid_name(name)) {
		ret = copy_name(p, name, _("button name"), &b->name);
	} else {
		b->name_not_text = true;
		ret = copy_escaped(p, name, &b->name);
	}
	if (ret < 0)
		return ret;
	b->line = p->line;
	r->button_count++;
	*ret_button = b;
	return 0;
}

static bool fits(uint64_t value, unsigned int bits)
{
	return bits >= 64 || value >> bits == 0;
}

/* "NAME CODE [CODE...]" */
static int parse_code_line(struct parser *p, struct line_cursor *c, const struct token *name)
{
	struct line_cursor count_cursor = *c;
	struct lircd_button *b;
	struct token t;
	size_t count = 0, i;
	int ret;

	while (next_token(&count_cursor, &t))
		count++;
	if (count == 0)
		return fail(p, p->line, name->column, _("button '%.*s%s' has no code"),
			    SHOW(name));
	ret = add_button(p, name, &b);
	if (ret < 0)
		return ret;
	b->codes = calloc(count, sizeof(*b->codes));
	if (!b->codes)
		return fail_nomem(p);
	for (i = 0; i < count && next_token(c, &t); i++) {
		ret = count_code(p, t.column);
		if (ret == 0)
			ret = parse_number(p, &t, _("code"), 0, UINT64_MAX, &b->codes[i]);
		if (ret < 0)
			return ret;
		b->code_count++;
		/* Wider than bits: lircd keeps its low bits, and so does the reader. */
		if (!fits(b->codes[i], p->remote.bits)) {
			b->codes[i] &= p->remote.bits ? UINT64_MAX >> (64 - p->remote.bits) : 0;
			b->code_masked = true;
		}
	}
	return 0;
}

/* The last raw button is complete: it must end on a pulse. */
static int finish_raw_button(struct parser *p)
{
	const struct lircd_remote *r = &p->remote;
	const struct lircd_button *b;

	if (!r->button_count)
		return 0;
	b = &r->buttons[r->button_count - 1];
	if (b->duration_count == 0)
		return fail(p, p->raw_name_at.line, p->raw_name_at.column,
			    _("raw button '%s' has no duration"), b->name);
	if (b->duration_count % 2 == 0)
		return fail(p, p->raw_name_at.line, p->raw_name_at.column,
			    _("raw button '%s' has %zu durations: it must end on a pulse, an odd count"),
			    b->name, b->duration_count);
	return 0;
}

static int add_duration(struct parser *p, const struct token *t)
{
	struct lircd_button *b = &p->remote.buttons[p->remote.button_count - 1];
	uint32_t value = 0;
	int ret;

	if (b->duration_count == LIRCD_CONF_RAW_DURATIONS_MAX)
		return fail(p, p->line, t->column, _("raw button '%s' has more than %u durations"),
			    b->name, LIRCD_CONF_RAW_DURATIONS_MAX);
	ret = parse_duration(p, t, _("duration"), &value);
	if (ret < 0)
		return ret;
	if (value == 0)
		return fail(p, p->line, t->column, _("a raw duration of 0"));
	if (b->duration_count == p->duration_capacity) {
		size_t capacity = p->duration_capacity ? p->duration_capacity * 2 : 32;
		uint32_t *bigger = realloc(b->durations, capacity * sizeof(*bigger));

		if (!bigger)
			return fail_nomem(p);
		b->durations = bigger;
		p->duration_capacity = capacity;
	}
	b->durations[b->duration_count++] = value;
	return 0;
}

/* "name NAME", or durations of the last button. */
static int parse_raw_line(struct parser *p, struct line_cursor *c, const struct token *first)
{
	struct lircd_button *b;
	struct token t = *first;
	int ret;

	if (token_is(first, "name")) {
		ret = finish_raw_button(p);
		if (ret < 0)
			return ret;
		if (!next_token(c, &t))
			return fail(p, p->line, first->column, _("'name' takes a button name"));
		p->raw_name_at.line = p->line;
		p->raw_name_at.column = t.column;
		ret = add_button(p, &t, &b);
		if (ret == 0)
			ret = count_code(p, t.column);
		if (ret < 0)
			return ret;
		p->duration_capacity = 0;
		if (next_token(c, &t))
			return fail(p, p->line, t.column,
				    _("unexpected '%.*s%s' after the button name: durations go on the next lines"),
				    SHOW(&t));
		return 0;
	}
	if (!p->remote.button_count)
		return fail(p, p->line, first->column,
			    _("expected 'name' before a raw button's durations, found '%.*s%s'"),
			    SHOW(first));
	do {
		ret = add_duration(p, &t);
		if (ret < 0)
			return ret;
	} while (next_token(c, &t));
	return 0;
}

static void remote_clear(struct lircd_remote *r)
{
	size_t i;

	for (i = 0; i < r->button_count; i++) {
		free(r->buttons[i].name);
		free(r->buttons[i].codes);
		free(r->buttons[i].durations);
	}
	free(r->buttons);
	free(r->name);
	free(r->driver);
	memset(r, 0, sizeof(*r));
}

static int fail_at_keyword(const struct parser *p, enum keyword kw, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* An error about a field: at its keyword, or at "begin remote" when it was not given. */
static int fail_at_keyword(const struct parser *p, enum keyword kw, const char *fmt, ...)
{
	struct position at = p->keyword_at[kw].line ? p->keyword_at[kw] : p->remote_at;
	char reason[IR_ERROR_MESSAGE_MAX];
	va_list args;

	va_start(args, fmt);
	vsnprintf(reason, sizeof(reason), fmt, args);
	va_end(args);
	return fail(p, at.line, at.column, "%s", reason);
}

static bool pair_is_zero(struct lircd_pair pair)
{
	return pair.pulse == 0 && pair.space == 0;
}

static enum lircd_encoding encoding_of(unsigned int flags)
{
	static const struct {
		unsigned int flag;
		enum lircd_encoding encoding;
	} map[] = {
		{ LIRCD_FLAG_RAW_CODES, LIRCD_ENCODING_RAW },
		{ LIRCD_FLAG_RC5, LIRCD_ENCODING_SHIFT },
		{ LIRCD_FLAG_RC6, LIRCD_ENCODING_RC6 },
		{ LIRCD_FLAG_RCMM, LIRCD_ENCODING_RCMM },
		{ LIRCD_FLAG_SPACE_FIRST, LIRCD_ENCODING_SPACE_FIRST },
		{ LIRCD_FLAG_GOLDSTAR, LIRCD_ENCODING_GOLDSTAR },
		{ LIRCD_FLAG_GRUNDIG, LIRCD_ENCODING_GRUNDIG },
		{ LIRCD_FLAG_BO, LIRCD_ENCODING_BO },
		{ LIRCD_FLAG_SERIAL, LIRCD_ENCODING_SERIAL },
		{ LIRCD_FLAG_XMP, LIRCD_ENCODING_XMP },
	};
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (flags & map[i].flag)
			return map[i].encoding;
	return LIRCD_ENCODING_SPACE;
}

/* The encoding, from the flags and the code section. */
static int check_encoding(struct parser *p)
{
	struct lircd_remote *r = &p->remote;

	r->encoding = encoding_of(r->flags);
	if (p->has_raw_codes && r->encoding != LIRCD_ENCODING_RAW &&
	    (r->flags & LIRCD_FLAGS_PROTOCOL))
		return fail(p, p->section_at.line, p->section_at.column,
			    _("'begin raw_codes' in a %s remote"), encoding_names[r->encoding]);
	if (p->has_codes && r->encoding == LIRCD_ENCODING_RAW)
		return fail(p, p->section_at.line, p->section_at.column,
			    _("'begin codes' in a RAW_CODES remote: expected 'begin raw_codes'"));
	if (p->has_raw_codes) {
		r->encoding = LIRCD_ENCODING_RAW;
		r->flags |= LIRCD_FLAG_RAW_CODES;
	}
	if (r->encoding != LIRCD_ENCODING_RAW && pair_is_zero(r->one) && pair_is_zero(r->zero))
		r->encoding = LIRCD_ENCODING_DRIVER;
	/*
	 * RC-6 with toggle_bit (not toggle_bit_mask) and no rc6_mask: lircd sends the
	 * toggle bit, RC-6's trailer bit, at double length (irsimsend does so).
	 * check_bits() has checked toggle_bit against the frame's bits.
	 */
	if (r->encoding == LIRCD_ENCODING_RC6 && r->toggle_bit &&
	    !p->keyword_at[KW_RC6_MASK].line)
		r->rc6_mask = 1ull << (r->pre_data_bits + r->bits + r->post_data_bits -
				       r->toggle_bit);
	return 0;
}

static int check_symbol(struct parser *p, enum keyword kw, struct lircd_pair pair)
{
	if (pair.pulse && pair.space)
		return 0;
	return fail_at_keyword(p, kw, _("'%s' needs a pulse and a space longer than 0 in a %s remote"),
			       keywords[kw].name, encoding_names[p->remote.encoding]);
}

/* What a decoder needs of the timings. */
static int check_timings(struct parser *p)
{
	struct lircd_remote *r = &p->remote;
	int ret = 0;

	if (r->encoding == LIRCD_ENCODING_DRIVER || p->loader->to_send)
		return 0;
	if (r->gap == 0)
		return fail_at_keyword(p, KW_GAP,
				       _("no gap (or gap 0): a frame's end cannot be told"));
	if (r->encoding == LIRCD_ENCODING_SPACE) {
		ret = check_symbol(p, KW_ONE, r->one);
		if (ret == 0)
			ret = check_symbol(p, KW_ZERO, r->zero);
		if (ret == 0 && r->one.pulse == r->zero.pulse && r->one.space == r->zero.space)
			ret = fail_at_keyword(p, KW_ZERO,
					      _("'one' and 'zero' are the same: every code would send the same signal"));
	} else if (r->encoding == LIRCD_ENCODING_RCMM) {
		ret = check_symbol(p, KW_ZERO, r->zero);
		if (ret == 0)
			ret = check_symbol(p, KW_ONE, r->one);
		if (ret == 0)
			ret = check_symbol(p, KW_TWO, r->two);
		if (ret == 0)
			ret = check_symbol(p, KW_THREE, r->three);
	}
	return ret;
}

static int check_bits(struct parser *p)
{
	struct lircd_remote *r = &p->remote;
	unsigned int total = r->pre_data_bits + r->bits + r->post_data_bits;

	if (total > 64)
		return fail_at_keyword(p, r->bits ? KW_BITS : KW_PRE_DATA_BITS,
				       _("pre_data_bits + bits + post_data_bits is %u, more than 64"),
				       total);
	if (!fits(r->pre_data, r->pre_data_bits))
		return fail_at_keyword(p, KW_PRE_DATA, _("pre_data does not fit in %u bits"),
				       r->pre_data_bits);
	if (!fits(r->post_data, r->post_data_bits))
		return fail_at_keyword(p, KW_POST_DATA, _("post_data does not fit in %u bits"),
				       r->post_data_bits);
	if (r->toggle_bit > total)
		return fail_at_keyword(p, KW_TOGGLE_BIT,
				       _("toggle_bit %u is past the frame's %u bits"),
				       r->toggle_bit, total);
	if (r->toggle_bit && !p->keyword_at[KW_TOGGLE_BIT_MASK].line)
		r->toggle_bit_mask = 1ull << (total - r->toggle_bit);
	return 0;
}

static int append_remote(struct parser *p)
{
	struct lircd_conf *conf = p->loader->conf;
	struct lircd_remote *bigger;

	if (conf->remote_count >= LIRCD_CONF_REMOTES_MAX)
		return fail(p, p->remote_at.line, p->remote_at.column, _("more than %u remotes"),
			    LIRCD_CONF_REMOTES_MAX);
	bigger = realloc(conf->remotes, (conf->remote_count + 1) * sizeof(*bigger));
	if (!bigger)
		return fail_nomem(p);
	conf->remotes = bigger;
	conf->remotes[conf->remote_count++] = p->remote;
	memset(&p->remote, 0, sizeof(p->remote));
	return 0;
}

static int finish_remote(struct parser *p)
{
	struct lircd_remote *r = &p->remote;
	int ret;

	if (!r->name)
		return fail(p, p->remote_at.line, p->remote_at.column, _("the remote has no name"));
	if (!p->keyword_at[KW_EPS].line)
		r->eps = LIRCD_EPS_DEFAULT;
	ret = check_bits(p);
	if (ret == 0)
		ret = check_encoding(p);
	if (ret == 0)
		ret = check_timings(p);
	if (ret == 0)
		ret = append_remote(p);
	return ret;
}

static void start_remote(struct parser *p, const struct token *begin)
{
	memset(&p->remote, 0, sizeof(p->remote));
	memset(p->keyword_at, 0, sizeof(p->keyword_at));
	p->remote.filename = p->filename;
	p->remote.line = p->line;
	p->remote_at.line = p->line;
	p->remote_at.column = begin->column;
	p->button_capacity = 0;
	p->has_codes = p->has_raw_codes = false;
	p->section = SECTION_REMOTE;
}

static int include_files(struct parser *p, const char *pattern, const struct token *at);

/* include "PATH": the rest of the line, in double quotes. */
static int parse_include(struct parser *p, struct line_cursor *c, const struct token *key)
{
	const char *s = c->text + c->pos, *end = c->text + c->len, *close;
	struct line_cursor rest;
	struct token quoted, extra;
	char *path;
	int ret;

	while (s < end && is_blank(*s))
		s++;
	quoted.text = s;
	quoted.column = (unsigned int)(s - c->text) + 1;
	if (s == end || *s != '"')
		return fail(p, p->line, s == end ? key->column : quoted.column,
			    _("include takes a path in double quotes"));
	close = memchr(s + 1, '"', (size_t)(end - s - 1));
	if (!close || close == s + 1)
		return fail(p, p->line, quoted.column, _("include: invalid quoting"));
	rest.text = c->text;
	rest.len = c->len;
	rest.pos = (size_t)(close + 1 - c->text);
	if (next_token(&rest, &extra))
		return fail(p, p->line, extra.column, _("include: unexpected '%.*s%s' after the path"),
			    SHOW(&extra));
	if (!p->loader->follow_includes)
		return fail(p, p->line, key->column,
			    _("include is followed only when reading a file"));
	if (memchr(s + 1, '\0', (size_t)(close - s - 1)))
		return fail(p, p->line, quoted.column, _("include: NUL character in the path"));
	path = strndup(s + 1, (size_t)(close - s - 1));
	if (!path)
		return fail_nomem(p);
	quoted.len = (size_t)(close - s + 1);
	ret = include_files(p, path, &quoted);
	free(path);
	return ret;
}

static int parse_begin_end(struct parser *p, struct line_cursor *c, const struct token *word)
{
	bool begin = token_is(word, "begin");
	struct token what, extra;

	if (!next_token(c, &what))
		return fail(p, p->line, word->column, _("'%.*s%s' takes a section name"),
			    SHOW(word));
	if (next_token(c, &extra))
		return fail(p, p->line, extra.column, _("unexpected '%.*s%s' after '%.*s%s %.*s%s'"),
			    SHOW(&extra), SHOW(word), SHOW(&what));
	if (p->section == SECTION_TOP) {
		if (begin && token_is(&what, "remote")) {
			start_remote(p, word);
			return 0;
		}
	} else if (p->section == SECTION_REMOTE) {
		if (!begin && token_is(&what, "remote")) {
			p->section = SECTION_TOP;
			return finish_remote(p);
		}
		if (begin && (token_is(&what, "codes") || token_is(&what, "raw_codes"))) {
			if (p->has_codes || p->has_raw_codes)
				return fail(p, p->line, word->column,
					    _("a second code section in one remote"));
			p->section_at.line = p->line;
			p->section_at.column = word->column;
			p->has_raw_codes = token_is(&what, "raw_codes");
			p->has_codes = !p->has_raw_codes;
			p->section = p->has_codes ? SECTION_CODES : SECTION_RAW_CODES;
			return 0;
		}
	} else if (!begin && token_is(&what, p->section == SECTION_CODES ? "codes" : "raw_codes")) {
		int ret = p->section == SECTION_RAW_CODES ? finish_raw_button(p) : 0;

		p->section = SECTION_REMOTE;
		return ret;
	}
	return fail(p, p->line, word->column, _("unexpected '%.*s%s %.*s%s' %s"),
		    SHOW(word), SHOW(&what),
		    p->section == SECTION_TOP ? _("outside a remote")
		    : p->section == SECTION_REMOTE ? _("in a remote")
		    : p->section == SECTION_CODES ? _("in 'begin codes'")
		    : _("in 'begin raw_codes'"));
}

static int parse_line(struct parser *p, const char *text, size_t len)
{
	struct line_cursor c = { .text = text, .len = len };
	struct token first;
	const char *nul = memchr(text, '\0', len);

	if (nul)
		return fail(p, p->line, (unsigned int)(nul - text) + 1,
			    _("unexpected NUL character"));
	/*
	 * lircd's comment is a '#' in the first column. Past blanks, it takes the first
	 * word of a code line as a button name ("#" is a button of Hauppauge's remotes);
	 * elsewhere such a word starts a comment here (lircd would refuse the line).
	 */
	if (len && text[0] == '#')
		return 0;
	if (!next_word(&c, &first, p->section == SECTION_CODES))
		return 0;
	if (token_is(&first, "begin") || token_is(&first, "end")) {
		/* In a code section, a button may be named "begin" or "end" (not both words). */
		struct line_cursor peek = c;
		struct token what;

		if (p->section < SECTION_CODES || !next_token(&peek, &what) ||
		    token_is(&what, "codes") || token_is(&what, "raw_codes") ||
		    token_is(&what, "remote"))
			return parse_begin_end(p, &c, &first);
	}
	switch (p->section) {
	case SECTION_TOP:
		if (token_is(&first, "include"))
			return parse_include(p, &c, &first);
		return fail(p, p->line, first.column,
			    _("expected 'begin remote' or 'include', found '%.*s%s'"),
			    SHOW(&first));
	case SECTION_REMOTE:
		return parse_parameter(p, &c, &first);
	case SECTION_CODES:
		return parse_code_line(p, &c, &first);
	case SECTION_RAW_CODES:
		return parse_raw_line(p, &c, &first);
	}
	return 0;
}

int conf_parse_buffer(struct loader *loader, const char *buf, size_t len,
		      const char *filename)
{
	struct parser p = { .loader = loader, .filename = filename };
	const char *s = buf, *end = buf + len, *newline;
	int ret = 0;

	while (s < end) {
		newline = memchr(s, '\n', (size_t)(end - s));
		p.line++;
		ret = parse_line(&p, s, newline ? (size_t)(newline - s) : (size_t)(end - s));
		if (ret < 0)
			goto out;
		s = newline ? newline + 1 : end;
	}
	if (p.section != SECTION_TOP)
		ret = fail(&p, p.section == SECTION_REMOTE ? p.remote_at.line : p.section_at.line,
			   p.section == SECTION_REMOTE ? p.remote_at.column : p.section_at.column,
			   p.section == SECTION_REMOTE
				   ? _("the file ends inside this remote: no 'end remote'")
			   : p.section == SECTION_CODES ? _("the file ends inside 'begin codes'")
						       : _("the file ends inside 'begin raw_codes'"));
out:
	remote_clear(&p.remote);
	return ret;
}

void lircd_conf_free(struct lircd_conf *conf)
{
	size_t i;

	if (!conf)
		return;
	for (i = 0; i < conf->remote_count; i++)
		remote_clear(&conf->remotes[i]);
	free(conf->remotes);
	for (i = 0; i < conf->filename_count; i++)
		free(conf->filenames[i]);
	free(conf->filenames);
	free(conf);
}

/* A file with no word at all, or whose first word is "include" or "begin remote". */
bool conf_starts_like_lircd_conf(const char *buf, size_t len)
{
	const char *s = buf, *end = buf + len, *newline;
	struct line_cursor c;
	struct token first;

	while (s < end) {
		newline = memchr(s, '\n', (size_t)(end - s));
		c.text = s;
		c.len = newline ? (size_t)(newline - s) : (size_t)(end - s);
		c.pos = 0;
		if (next_token(&c, &first))
			return lircd_conf_detect(buf, len);
		s = newline ? newline + 1 : end;
	}
	return true;
}

/* An include path from the directory of the file that names it. */
static char *resolve(const char *includer, const char *path)
{
	const char *slash = strrchr(includer, '/');
	size_t dir_len, len;
	char *full;

	if (path[0] == '/' || !slash)
		return strdup(path);
	dir_len = (size_t)(slash - includer) + 1;
	len = strlen(path);
	full = malloc(dir_len + len + 1);
	if (!full)
		return NULL;
	memcpy(full, includer, dir_len);
	memcpy(full + dir_len, path, len + 1);
	return full;
}

static int include_files(struct parser *p, const char *pattern, const struct token *at)
{
	struct loader *loader = p->loader;
	char *path = resolve(p->filename, pattern);
	struct pathglob matches;
	size_t i;
	int ret;

	if (!path)
		return fail_nomem(p);
	if (loader->depth >= LIRCD_CONF_INCLUDE_DEPTH_MAX) {
		free(path);
		ir_error_set_at(loader->err, p->filename, p->line, at->column,
				_("includes nested deeper than %u files"),
				LIRCD_CONF_INCLUDE_DEPTH_MAX);
		return -ELOOP;
	}
	if (!pathglob_has_wildcard(pattern)) {
		ret = conf_load_one(loader, path, p, at);
		free(path);
		return ret;
	}
	/* The pattern's work is bounded, not only its matches: glob(3) read whole disks. */
	ret = pathglob_expand(path, LIRCD_CONF_GLOB_WORK_MAX, &matches);
	free(path);
	if (ret == -ENOMEM)
		return fail_nomem(p);
	if (ret == -E2BIG)
		return fail(p, p->line, at->column,
			    _("include: '%s' reaches more than %u directory entries"), pattern,
			    LIRCD_CONF_GLOB_WORK_MAX);
	if (ret < 0)
		return fail(p, p->line, at->column, _("include: cannot list '%s': %s"), pattern,
			    strerror(-ret));
	for (i = 0, ret = 0; i < matches.count && ret == 0; i++)
		ret = conf_load_one(loader, matches.paths[i], p, at);
	pathglob_free(&matches);
	return ret;
}

bool lircd_conf_detect(const char *buf, size_t len)
{
	const char *s = buf, *end = buf + len, *newline;
	struct line_cursor c;
	struct token first, second;

	while (s < end) {
		newline = memchr(s, '\n', (size_t)(end - s));
		c.text = s;
		c.len = newline ? (size_t)(newline - s) : (size_t)(end - s);
		c.pos = 0;
		if (next_token(&c, &first)) {
			if (token_is(&first, "include"))
				return true;
			return token_is(&first, "begin") && next_token(&c, &second) &&
			       token_is(&second, "remote");
		}
		s = newline ? newline + 1 : end;
	}
	return false;
}

unsigned int lircd_remote_frame_bits(const struct lircd_remote *remote)
{
	return remote->pre_data_bits + remote->bits + remote->post_data_bits;
}

static uint64_t shift_in(uint64_t value, uint64_t bits_value, unsigned int bits)
{
	return bits >= 64 ? bits_value : (value << bits) | bits_value;
}

uint64_t lircd_remote_frame_value(const struct lircd_remote *remote, uint64_t code)
{
	uint64_t value = remote->pre_data;

	value = shift_in(value, code, remote->bits);
	return shift_in(value, remote->post_data, remote->post_data_bits);
}

const char *lircd_encoding_name(enum lircd_encoding encoding)
{
	return (unsigned int)encoding < LIRCD_ENCODING_MAX ? encoding_names[encoding] : NULL;
}
