// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Raw IR captures: text -> LIRC mode2 samples. See capture.h for the formats.
 */
#include "config.h"

#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/lirc.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "capture.h"
#include "nls.h"

/* Longest text of a user-supplied token quoted in an error message. */
#define QUOTE_MAX 32

struct parser {
	const char *name;
	const char *line_start;		/* first byte of the current line */
	unsigned int line;		/* 1-based */
	struct capture *capture;
	size_t capacity;
	struct ir_error *err;
};

/* A token of the current line: [start, start + len). */
struct token {
	const char *start;
	size_t len;
};

static unsigned int column_of(const struct parser *p, const char *where)
{
	return (unsigned int)(where - p->line_start) + 1;
}

static int quote_len(const struct token *tok)
{
	return tok->len > QUOTE_MAX ? QUOTE_MAX : (int)tok->len;
}

static bool is_blank(char c, bool comma)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' ||
	       (comma && c == ',');
}

/* The next token at or after *pos before end; false at the end of the line. */
static bool next_token(const char **pos, const char *end, bool comma, struct token *tok)
{
	const char *s = *pos;

	while (s < end && is_blank(*s, comma))
		s++;
	if (s == end)
		return false;
	tok->start = s;
	while (s < end && !is_blank(*s, comma))
		s++;
	tok->len = (size_t)(s - tok->start);
	*pos = s;
	return true;
}

static bool token_is(const struct token *tok, const char *word)
{
	return tok->len == strlen(word) && memcmp(tok->start, word, tok->len) == 0;
}

static bool is_comment(const struct token *tok)
{
	return tok->start[0] == '#' || (tok->len >= 2 && tok->start[0] == '/' && tok->start[1] == '/');
}

/* Decimal digits only; *ret_value is capped just above CAPTURE_DURATION_MAX. */
static bool read_digits(const char *s, size_t len, uint32_t *ret_value)
{
	uint32_t value = 0;
	size_t i;

	if (len == 0)
		return false;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		if (value <= CAPTURE_DURATION_MAX)
			value = value * 10 + (uint32_t)(s[i] - '0');
	}
	*ret_value = value;
	return true;
}

/* A duration of 1 to CAPTURE_DURATION_MAX µs, written from digits onwards in tok. */
static int parse_duration(struct parser *p, const struct token *tok, size_t digits,
			  uint32_t *ret_duration)
{
	uint32_t value;

	if (!read_digits(tok->start + digits, tok->len - digits, &value)) {
		ir_error_set_at(p->err, p->name, p->line, column_of(p, tok->start),
				_("expected a duration in microseconds, got '%.*s'"),
				quote_len(tok), tok->start);
		return -EINVAL;
	}
	if (value == 0 || value > CAPTURE_DURATION_MAX) {
		ir_error_set_at(p->err, p->name, p->line, column_of(p, tok->start),
				_("duration '%.*s' is out of range (1 to %u microseconds)"),
				quote_len(tok), tok->start, CAPTURE_DURATION_MAX);
		return -EINVAL;
	}
	*ret_duration = value;
	return 0;
}

static int push_sample(struct parser *p, uint32_t sample, const char *where)
{
	struct capture *c = p->capture;

	if (c->count == CAPTURE_SAMPLES_MAX) {
		ir_error_set_at(p->err, p->name, p->line, column_of(p, where),
				_("more than %u samples in one capture"),
				(unsigned int)CAPTURE_SAMPLES_MAX);
		return -E2BIG;
	}
	if (c->count == p->capacity) {
		size_t capacity = p->capacity ? p->capacity * 2 : 256;
		uint32_t *samples;

		if (capacity > CAPTURE_SAMPLES_MAX)
			capacity = CAPTURE_SAMPLES_MAX;
		samples = realloc(c->samples, capacity * sizeof(*samples));
		if (!samples) {
			ir_error_set_at(p->err, p->name, 0, 0, "%s", strerror(ENOMEM));
			return -ENOMEM;
		}
		c->samples = samples;
		p->capacity = capacity;
	}
	c->samples[c->count++] = sample;
	return 0;
}

static uint32_t last_sample_type(const struct parser *p)
{
	const struct capture *c = p->capture;

	/* Before the first sample, as after a timeout, a pulse is due. */
	return c->count ? LIRC_MODE2(c->samples[c->count - 1]) : LIRC_MODE2_TIMEOUT;
}

/* "timeout N" or "carrier NHz, timeout N", the whole of a comment's text. */
static bool read_timeout_note(const char *s, const char *end, uint32_t *ret_carrier,
			      uint32_t *ret_timeout)
{
	struct token words[4];
	const char *pos = s;
	size_t n = 0;
	struct token extra;
	uint32_t carrier = 0;

	while (n < 4 && next_token(&pos, end, false, &words[n]))
		n++;
	if (next_token(&pos, end, false, &extra))
		return false;
	if (n == 4) {
		/* "carrier" "NHz," "timeout" "N" */
		if (!token_is(&words[0], "carrier") || words[1].len < 4 ||
		    memcmp(words[1].start + words[1].len - 3, "Hz,", 3) != 0 ||
		    !read_digits(words[1].start, words[1].len - 3, &carrier) ||
		    carrier == 0 || carrier > CAPTURE_DURATION_MAX)
			return false;
		words[0] = words[2];
		words[1] = words[3];
	} else if (n != 2) {
		return false;
	}
	if (!token_is(&words[0], "timeout") ||
	    !read_digits(words[1].start, words[1].len, ret_timeout) ||
	    *ret_timeout == 0 || *ret_timeout > CAPTURE_DURATION_MAX)
		return false;
	*ret_carrier = carrier;
	return true;
}

/*
 * A receiver's overflow (ir-ctl's "overflow" line, "# overflow" note): IR went
 * missing. The kernel hands it on as a sample that lircd reads as a very long space;
 * here it is the longest timeout, which ends whatever message every decoder was in.
 */
#define OVERFLOW_SAMPLE LIRC_TIMEOUT(CAPTURE_DURATION_MAX)

static bool is_overflow_note(const char *s, const char *end)
{
	struct token word, extra;
	const char *pos = s;

	return next_token(&pos, end, false, &word) && token_is(&word, "overflow") &&
	       !next_token(&pos, end, false, &extra);
}

/* A comment from tok to the end of the line; only ir-ctl's notes matter. */
static int parse_comment(struct parser *p, const struct token *tok, const char *end)
{
	struct capture *c = p->capture;
	const char *text = tok->start + (tok->start[0] == '#' ? 1 : 2);
	uint32_t carrier, timeout;

	if (is_overflow_note(text, end))
		return push_sample(p, OVERFLOW_SAMPLE, tok->start);
	if (!read_timeout_note(text, end, &carrier, &timeout))
		return 0;
	if (carrier && !c->carrier)
		c->carrier = carrier;
	if (c->count && c->samples[c->count - 1] == LIRC_SPACE(timeout)) {
		/* Newer ir-ctl prints the timeout as a space, then this note. */
		c->samples[c->count - 1] = LIRC_TIMEOUT(timeout);
		return 0;
	}
	return push_sample(p, LIRC_TIMEOUT(timeout), tok->start);
}

/* pulse/space/timeout N from a keyword line: consecutive pulses or spaces add up. */
static int add_keyword_sample(struct parser *p, uint32_t type, uint32_t duration,
			      const struct token *tok)
{
	struct capture *c = p->capture;
	uint32_t *last;

	if (type == LIRC_MODE2_TIMEOUT || !c->count || last_sample_type(p) != type)
		return push_sample(p, type | duration, tok->start);
	last = &c->samples[c->count - 1];
	if (LIRC_VALUE(*last) + duration > CAPTURE_DURATION_MAX) {
		ir_error_set_at(p->err, p->name, p->line, column_of(p, tok->start),
				type == LIRC_MODE2_PULSE ?
				_("consecutive pulses add up to more than %u microseconds") :
				_("consecutive spaces add up to more than %u microseconds"),
				CAPTURE_DURATION_MAX);
		return -EINVAL;
	}
	*last += duration;
	return 0;
}

/* mode2's banner: "Using driver D on device F", "Using raw access on device F",
 * "Using device: F" and "Trying device: F" (the last two on its standard error). */
static bool is_mode2_banner(const char *s, const char *end)
{
	static const char *const prefixes[] = {
		"Using driver ", "Using raw access on device ", "Using device: ",
		"Trying device: ",
	};
	size_t i;

	for (i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++) {
		size_t len = strlen(prefixes[i]);

		if ((size_t)(end - s) >= len && memcmp(s, prefixes[i], len) == 0)
			return true;
	}
	return false;
}

/* "overflow", alone on its line or before a comment. */
static int parse_overflow_line(struct parser *p, const struct token *word, const char *end)
{
	const char *pos = word->start + word->len;
	struct token extra;

	if (next_token(&pos, end, false, &extra) && !is_comment(&extra)) {
		ir_error_set_at(p->err, p->name, p->line, column_of(p, extra.start),
				_("unexpected '%.*s' after 'overflow'"), quote_len(&extra),
				extra.start);
		return -EINVAL;
	}
	return push_sample(p, OVERFLOW_SAMPLE, word->start);
}

static int parse_keyword_line(struct parser *p, const struct token *word, const char *end)
{
	const char *pos = word->start + word->len;
	struct token value, extra;
	bool has_extra;
	uint32_t type, duration;
	int ret;

	if (token_is(word, "pulse")) {
		type = LIRC_MODE2_PULSE;
	} else if (token_is(word, "space")) {
		type = LIRC_MODE2_SPACE;
	} else if (token_is(word, "timeout")) {
		type = LIRC_MODE2_TIMEOUT;
	} else if (token_is(word, "carrier")) {
		type = LIRC_MODE2_FREQUENCY;
	} else if (token_is(word, "overflow")) {
		return parse_overflow_line(p, word, end);
	} else if (token_is(word, "scancode")) {
		ir_error_set_at(p->err, p->name, p->line, column_of(p, word->start),
				_("'scancode' lines need an IR encoder and cannot be decoded; "
				  "capture the remote's IR instead"));
		return -EINVAL;
	} else if (is_mode2_banner(word->start, end)) {
		return 0;
	} else {
		ir_error_set_at(p->err, p->name, p->line, column_of(p, word->start),
				_("unknown word '%.*s' (expected pulse, space, timeout or carrier)"),
				quote_len(word), word->start);
		return -EINVAL;
	}

	if (!next_token(&pos, end, false, &value) || is_comment(&value)) {
		ir_error_set_at(p->err, p->name, p->line, column_of(p, word->start),
				_("'%.*s' needs a number"), quote_len(word), word->start);
		return -EINVAL;
	}
	ret = parse_duration(p, &value, 0, &duration);
	if (ret)
		return ret;
	has_extra = next_token(&pos, end, false, &extra);
	if (has_extra && !is_comment(&extra)) {
		ir_error_set_at(p->err, p->name, p->line, column_of(p, extra.start),
				_("unexpected '%.*s' after the number"),
				quote_len(&extra), extra.start);
		return -EINVAL;
	}

	if (type == LIRC_MODE2_FREQUENCY) {
		if (!p->capture->carrier)
			p->capture->carrier = duration;
		ret = 0;
	} else {
		ret = add_keyword_sample(p, type, duration, &value);
	}
	if (ret == 0 && has_extra)
		ret = parse_comment(p, &extra, end);
	return ret;
}

/* +N, -N or N of a signed list: pulses and spaces must alternate. */
static int add_signed_sample(struct parser *p, const struct token *tok)
{
	uint32_t last = last_sample_type(p);
	bool has_sign = tok->start[0] == '+' || tok->start[0] == '-';
	uint32_t type, duration;
	int ret;

	ret = parse_duration(p, tok, has_sign ? 1 : 0, &duration);
	if (ret)
		return ret;
	if (tok->start[0] == '+')
		type = LIRC_MODE2_PULSE;
	else if (tok->start[0] == '-')
		type = LIRC_MODE2_SPACE;
	else
		type = last == LIRC_MODE2_PULSE ? LIRC_MODE2_SPACE : LIRC_MODE2_PULSE;

	if (type == LIRC_MODE2_PULSE && last == LIRC_MODE2_PULSE) {
		ir_error_set_at(p->err, p->name, p->line, column_of(p, tok->start),
				_("pulse '%.*s' follows a pulse; pulses and spaces must alternate"),
				quote_len(tok), tok->start);
		return -EINVAL;
	}
	if (type == LIRC_MODE2_SPACE && (!p->capture->count || last == LIRC_MODE2_SPACE)) {
		ir_error_set_at(p->err, p->name, p->line, column_of(p, tok->start),
				p->capture->count ?
				_("space '%.*s' follows a space; pulses and spaces must alternate") :
				_("space '%.*s' comes before any pulse"),
				quote_len(tok), tok->start);
		return -EINVAL;
	}
	return push_sample(p, type | duration, tok->start);
}

static int parse_signed_line(struct parser *p, const char *pos, const char *end)
{
	struct token tok;
	int ret;

	while (next_token(&pos, end, true, &tok)) {
		if (is_comment(&tok))
			return parse_comment(p, &tok, end);
		ret = add_signed_sample(p, &tok);
		if (ret)
			return ret;
	}
	return 0;
}

static int parse_line(struct parser *p, const char *end)
{
	const char *pos = p->line_start;
	struct token first;
	char c;

	if (!next_token(&pos, end, false, &first))
		return 0;
	if (is_comment(&first))
		return parse_comment(p, &first, end);
	c = first.start[0];
	if (c == '+' || c == '-' || (c >= '0' && c <= '9'))
		return parse_signed_line(p, p->line_start, end);
	return parse_keyword_line(p, &first, end);
}

#define BYTES(b) (UINT64_C(0x0101010101010101) * (b))

/*
 * The decimal digits at the start of the 8 bytes at s (which must all be readable), as
 * *ret_value; returns how many there are (0 to 8). Each byte is tested and turned into
 * its digit in parallel, in one 64-bit word: the parser's loop over each digit was a
 * third of its time.
 */
static inline __attribute__((always_inline)) unsigned int
read_digits8(const char *s, uint32_t *ret_value)
{
	uint64_t word, low, digits, value;
	unsigned int count;

	memcpy(&word, s, sizeof(word));
	word = le64toh(word);		/* the first character in the low byte */
	/* The top bit of each byte: set where the byte is '0' to '9'. */
	low = word & BYTES(0x7f);
	digits = ~word & (low + BYTES(0x50)) & ~(low + BYTES(0x46)) & BYTES(0x80);
	count = ~digits & BYTES(0x80) ? (unsigned int)__builtin_ctzll(~digits & BYTES(0x80)) / 8
				      : 8;
	if (count == 0)
		return 0;
	/* The digits at the top of the word, zeros before them; then pairs, fours, eight. */
	value = (word - BYTES(0x30)) << (8 * (8 - count));
	value = (value * 10 + (value >> 8)) & UINT64_C(0x00ff00ff00ff00ff);
	value = (value * 100 + (value >> 16)) & UINT64_C(0x0000ffff0000ffff);
	value = (value * 10000 + (value >> 32)) & UINT64_C(0x00000000ffffffff);
	*ret_value = (uint32_t)value;
	return count;
}

/*
 * The line ir-ctl and mode2 print for nearly every sample, "pulse N" or "space N" alone
 * on a line, parsed in one pass. Returns 1 with *ret_eol at the line's end when the
 * line was that and was added, 0 when the line is anything else (the general parser
 * takes it from the start, so every error is reported as it would be), or a negative
 * errno from adding the sample.
 */
static int parse_plain_line(struct parser *p, const char *end, const char **ret_eol)
{
	const char *s = p->line_start;
	const char *digits = s + 6;
	struct capture *c;
	struct token value;
	uint32_t type, duration = 0;
	int ret;

	if (end - s < 8 || s[5] != ' ')
		return 0;
	if (memcmp(s, "pulse", 5) == 0)
		type = LIRC_MODE2_PULSE;
	else if (memcmp(s, "space", 5) == 0)
		type = LIRC_MODE2_SPACE;
	else
		return 0;
	if (end - s >= 16) {
		/*
		 * Room for the word, 8 digits and a newline: the digits are read 8 bytes at
		 * once. At most 8 digits: 16777215 (CAPTURE_DURATION_MAX) has 8, so no
		 * overflow; more go to the general parser.
		 */
		unsigned int count = read_digits8(digits, &duration);

		s = digits + count;
		if (*s != '\n')
			return 0;
	} else {
		for (s = digits; s < end && s - digits < 9 && *s >= '0' && *s <= '9'; s++)
			duration = duration * 10 + (uint32_t)(*s - '0');
		if (s - digits > 8 || (s < end && *s != '\n'))
			return 0;
	}
	if (s == digits || duration == 0 || duration > CAPTURE_DURATION_MAX)
		return 0;
	*ret_eol = s;
	c = p->capture;
	/* Pulses and spaces alternate in a capture: the common case, done here. */
	if (c->count && c->count < p->capacity && LIRC_MODE2(c->samples[c->count - 1]) != type) {
		c->samples[c->count++] = type | duration;
		return 1;
	}
	value.start = digits;
	value.len = (size_t)(s - digits);
	ret = add_keyword_sample(p, type, duration, &value);
	return ret < 0 ? ret : 1;
}

/*
 * The lines of [s, end), each ending in a newline except perhaps the last (the end of
 * the text). Returns 0 or the error of the first bad line.
 */
/*
 * "pulse N\n" or "space N\n" at s, 16 bytes readable, with a pulse after a space or a
 * space after a pulse and room in the array: the sample is stored and the length of
 * the line returned (newline included). 0 for anything else, which parse_plain_line()
 * and the general parser take as they would.
 */
static inline __attribute__((always_inline)) size_t fast_line(struct parser *p,
								     const char *s)
{
	struct capture *c = p->capture;
	uint32_t type, duration = 0;
	unsigned int count;

	if (memcmp(s, "pulse ", 6) == 0)
		type = LIRC_MODE2_PULSE;
	else if (memcmp(s, "space ", 6) == 0)
		type = LIRC_MODE2_SPACE;
	else
		return 0;
	count = read_digits8(s + 6, &duration);
	if (count == 0 || s[6 + count] != '\n' || duration == 0 ||
	    duration > CAPTURE_DURATION_MAX || !c->count || c->count >= p->capacity ||
	    LIRC_MODE2(c->samples[c->count - 1]) == type)
		return 0;
	c->samples[c->count++] = type | duration;
	return 7 + count;
}

static int parse_lines(struct parser *p, const char *s, const char *end)
{
	int ret;

	while (s < end) {
		const char *eol;
		size_t len;

		p->line++;
		/* Nearly every line of a long capture: nothing else to look at. */
		if (end - s >= 16) {
			len = fast_line(p, s);
			if (len) {
				s += len;
				continue;
			}
		}
		p->line_start = s;
		ret = parse_plain_line(p, end, &eol);
		if (ret < 0)
			return ret;
		if (ret == 0) {
			eol = memchr(s, '\n', (size_t)(end - s));
			if (!eol)
				eol = end;
			ret = parse_line(p, eol);
			if (ret)
				return ret;
		}
		s = eol < end ? eol + 1 : end;
	}
	return 0;
}

struct capture_parser {
	struct parser p;
	char *name;
	/* The start of a line not ended yet, kept until its newline comes. */
	char *pending;
	size_t pending_len;
	size_t pending_capacity;
	/*
	 * The first error: a NUL byte anywhere wins over any other (it is looked for in
	 * each piece before anything is parsed), a bad line over the lines after it.
	 * After an error nothing is parsed, but lines are counted: a NUL byte further on
	 * is reported at its place.
	 */
	int error;
	bool nul_found;
	struct ir_error error_message;
	/* Newlines seen, and bytes since the last one; kept up to date only after an error. */
	unsigned int lines_seen;
	size_t line_bytes;
};

int capture_parser_new(const char *name, struct capture_parser **ret_parser)
{
	struct capture_parser *parser = calloc(1, sizeof(*parser));

	if (!parser)
		return -ENOMEM;
	parser->name = strdup(name);
	parser->p.capture = calloc(1, sizeof(*parser->p.capture));
	if (!parser->name || !parser->p.capture) {
		capture_parser_free(parser);
		return -ENOMEM;
	}
	parser->p.name = parser->name;
	parser->p.err = &parser->error_message;
	*ret_parser = parser;
	return 0;
}

void capture_parser_free(struct capture_parser *parser)
{
	if (!parser)
		return;
	capture_free(parser->p.capture);
	free(parser->pending);
	free(parser->name);
	free(parser);
}

static int parser_error(const struct capture_parser *parser, struct ir_error *err)
{
	if (err)
		*err = parser->error_message;
	return parser->error;
}

/* After an error: count the lines of more text, for a NUL byte found further on. */
static void count_lines(struct capture_parser *parser, const char *buf, size_t len)
{
	const char *end = buf + len, *nl;

	while ((nl = memchr(buf, '\n', (size_t)(end - buf)))) {
		parser->lines_seen++;
		parser->line_bytes = 0;
		buf = nl + 1;
	}
	parser->line_bytes += (size_t)(end - buf);
}

/* The line being parsed was bad (error set); the text seen goes on to text_end. */
static int fail_at(struct capture_parser *parser, int error, const char *text_end,
		   struct ir_error *err)
{
	parser->error = error;
	parser->lines_seen = parser->p.line - 1;
	parser->line_bytes = 0;
	count_lines(parser, parser->p.line_start, (size_t)(text_end - parser->p.line_start));
	return parser_error(parser, err);
}

static int out_of_memory(struct capture_parser *parser, struct ir_error *err)
{
	ir_error_set_at(&parser->error_message, parser->name, 0, 0, "%s", strerror(ENOMEM));
	parser->error = -ENOMEM;
	return parser_error(parser, err);
}

static int keep_pending(struct capture_parser *parser, const char *buf, size_t len)
{
	size_t need = parser->pending_len + len;

	if (len == 0)
		return 0;
	if (need > parser->pending_capacity) {
		size_t capacity = parser->pending_capacity ? parser->pending_capacity : 256;
		char *grown;

		while (capacity < need)
			capacity *= 2;
		grown = realloc(parser->pending, capacity);
		if (!grown)
			return -ENOMEM;
		parser->pending = grown;
		parser->pending_capacity = capacity;
	}
	memcpy(parser->pending + parser->pending_len, buf, len);
	parser->pending_len = need;
	return 0;
}

/* A NUL byte at nul in buf: the error, at its line and column in the whole text. */
static int nul_error(struct capture_parser *parser, const char *buf, const char *nul,
		     struct ir_error *err)
{
	if (!parser->error) {
		/* Every line parsed so far ended with a newline; pending is the current one. */
		parser->lines_seen = parser->p.line;
		parser->line_bytes = parser->pending_len;
	}
	count_lines(parser, buf, (size_t)(nul - buf));
	ir_error_set_at(&parser->error_message, parser->name, parser->lines_seen + 1,
			(unsigned int)(parser->line_bytes + 1), _("NUL byte in text"));
	parser->error = -EINVAL;
	parser->nul_found = true;
	return parser_error(parser, err);
}

int capture_parser_feed(struct capture_parser *parser, const char *buf, size_t len,
			struct ir_error *err)
{
	const char *end, *first_nl, *last_nl, *nul;
	int ret;

	if (parser->nul_found || parser->error == -ENOMEM || (len == 0 && parser->error))
		return parser_error(parser, err);
	if (len == 0)
		return 0;
	end = buf + len;
	nul = memchr(buf, '\0', len);
	if (nul)
		return nul_error(parser, buf, nul, err);
	if (parser->error) {
		count_lines(parser, buf, len);
		return parser_error(parser, err);
	}
	first_nl = memchr(buf, '\n', len);
	if (first_nl && parser->pending_len) {
		/* The line begun in an earlier piece ends here. */
		if (keep_pending(parser, buf, (size_t)(first_nl + 1 - buf)) < 0)
			return out_of_memory(parser, err);
		ret = parse_lines(&parser->p, parser->pending,
				  parser->pending + parser->pending_len);
		if (ret < 0) {
			fail_at(parser, ret, parser->pending + parser->pending_len, NULL);
			count_lines(parser, first_nl + 1, (size_t)(end - first_nl - 1));
			return parser_error(parser, err);
		}
		parser->pending_len = 0;
		buf = first_nl + 1;
	}
	last_nl = first_nl ? memrchr(buf, '\n', (size_t)(end - buf)) : NULL;
	if (last_nl) {
		/* Whole lines, parsed where they are. */
		ret = parse_lines(&parser->p, buf, last_nl + 1);
		if (ret < 0)
			return fail_at(parser, ret, end, err);
		buf = last_nl + 1;
	}
	if (keep_pending(parser, buf, (size_t)(end - buf)) < 0)
		return out_of_memory(parser, err);
	return 0;
}

int capture_parser_finish(struct capture_parser *parser, struct capture **ret_capture,
			  struct ir_error *err)
{
	struct capture *capture = parser->p.capture;
	int ret;

	if (parser->error)
		return parser_error(parser, err);
	/* The last line, when the text does not end with a newline. */
	if (parser->pending_len) {
		ret = parse_lines(&parser->p, parser->pending,
				  parser->pending + parser->pending_len);
		if (ret < 0)
			return fail_at(parser, ret, parser->pending + parser->pending_len, err);
		parser->pending_len = 0;
	}
	if (capture->count == 0) {
		ir_error_set_at(&parser->error_message, parser->name, 0, 0,
				_("no pulses or spaces"));
		parser->error = -EINVAL;
		return parser_error(parser, err);
	}
	*ret_capture = capture;
	parser->p.capture = NULL;
	return 0;
}

int capture_parse(const char *buf, size_t len, const char *name,
		  struct capture **ret_capture, struct ir_error *err)
{
	struct capture_parser *parser;
	int ret;

	ret = capture_parser_new(name, &parser);
	if (ret < 0) {
		ir_error_set_at(err, name, 0, 0, "%s", strerror(ENOMEM));
		return ret;
	}
	ret = capture_parser_feed(parser, buf, len, err);
	if (ret == 0)
		ret = capture_parser_finish(parser, ret_capture, err);
	capture_parser_free(parser);
	return ret;
}

/* Pieces read from a file at a time: the text is never held whole. */
#define READ_CHUNK (64 * 1024)

/*
 * Feed the whole of fd to the parser, at most CAPTURE_FILE_MAX bytes. An error of the
 * text does not stop the reading: a read error or a file too large is reported
 * instead, as for a file read whole before it is parsed.
 */
static int read_into(int fd, const char *path, struct capture_parser *parser,
		     struct ir_error *err)
{
	size_t total = 0;
	char *buf;
	int ret = 0;

	buf = malloc(READ_CHUNK);
	if (!buf) {
		ir_error_set_at(err, path, 0, 0, "%s", strerror(ENOMEM));
		return -ENOMEM;
	}
	/* One byte more than allowed tells a file that is too large. */
	while (total <= CAPTURE_FILE_MAX) {
		size_t want = (size_t)CAPTURE_FILE_MAX + 1 - total;
		ssize_t n;

		n = read(fd, buf, want < READ_CHUNK ? want : READ_CHUNK);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			ret = -errno;
			ir_error_set_at(err, path, 0, 0, _("cannot read: %s"), strerror(errno));
			goto out;
		}
		if (n == 0)
			break;
		total += (size_t)n;
		if (total <= CAPTURE_FILE_MAX)
			capture_parser_feed(parser, buf, (size_t)n, NULL);
	}
	if (total > CAPTURE_FILE_MAX) {
		ir_error_set_at(err, path, 0, 0, _("file is larger than %u bytes"),
				(unsigned int)CAPTURE_FILE_MAX);
		ret = -EFBIG;
	}
out:
	free(buf);
	return ret;
}

int capture_load_file(const char *path, struct capture **ret_capture, struct ir_error *err)
{
	bool is_stdin = strcmp(path, "-") == 0;
	struct capture_parser *parser = NULL;
	int fd, ret;

	fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		ir_error_set_at(err, path, 0, 0, _("cannot open: %s"), strerror(errno));
		return ret;
	}
	ret = capture_parser_new(path, &parser);
	if (ret < 0)
		ir_error_set_at(err, path, 0, 0, "%s", strerror(ENOMEM));
	else
		ret = read_into(fd, path, parser, err);
	if (!is_stdin)
		close(fd);
	if (ret == 0)
		ret = capture_parser_finish(parser, ret_capture, err);
	capture_parser_free(parser);
	return ret;
}

void capture_free(struct capture *capture)
{
	if (!capture)
		return;
	free(capture->samples);
	free(capture);
}

int capture_format(const struct capture *capture, char **ret_text, size_t *ret_len)
{
	/* "timeout 16777215\n" is the longest line. */
	static const size_t line_max = 17;
	size_t size, len = 0, i;
	char *text;

	if (capture->carrier > CAPTURE_DURATION_MAX ||
	    capture->count > (SIZE_MAX - line_max - 1) / line_max)
		return -EINVAL;
	for (i = 0; i < capture->count; i++) {
		uint32_t sample = capture->samples[i];
		uint32_t type = LIRC_MODE2(sample);

		if ((type != LIRC_MODE2_PULSE && type != LIRC_MODE2_SPACE &&
		     type != LIRC_MODE2_TIMEOUT) || LIRC_VALUE(sample) == 0)
			return -EINVAL;
	}

	size = (capture->count + 1) * line_max + 1;
	text = malloc(size);
	if (!text)
		return -ENOMEM;
	if (capture->carrier)
		len += (size_t)snprintf(text + len, size - len, "carrier %u\n", capture->carrier);
	for (i = 0; i < capture->count; i++) {
		uint32_t sample = capture->samples[i];
		const char *word = LIRC_IS_PULSE(sample) ? "pulse" :
				   LIRC_IS_SPACE(sample) ? "space" : "timeout";

		len += (size_t)snprintf(text + len, size - len, "%s %u\n", word,
					LIRC_VALUE(sample));
	}
	*ret_text = text;
	if (ret_len)
		*ret_len = len;
	return 0;
}
