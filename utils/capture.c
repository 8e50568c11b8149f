// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Raw IR captures: text -> LIRC mode2 samples. See capture.h for the formats.
 */
#include "config.h"

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

/* A comment from tok to the end of the line; only ir-ctl's timeout note matters. */
static int parse_comment(struct parser *p, const struct token *tok, const char *end)
{
	struct capture *c = p->capture;
	const char *text = tok->start + (tok->start[0] == '#' ? 1 : 2);
	uint32_t carrier, timeout;

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
	/* At most 8 digits: 16777215 (CAPTURE_DURATION_MAX) has 8, so no overflow. */
	for (s = digits; s < end && s - digits < 9 && *s >= '0' && *s <= '9'; s++)
		duration = duration * 10 + (uint32_t)(*s - '0');
	if (s == digits || s - digits > 8 || (s < end && *s != '\n') || duration == 0 ||
	    duration > CAPTURE_DURATION_MAX)
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

static int check_no_nul(struct parser *p, const char *buf, size_t len)
{
	const char *nul = memchr(buf, '\0', len);
	const char *s;

	if (!nul)
		return 0;
	p->line = 1;
	p->line_start = buf;
	for (s = buf; s < nul; s++) {
		if (*s == '\n') {
			p->line++;
			p->line_start = s + 1;
		}
	}
	ir_error_set_at(p->err, p->name, p->line, column_of(p, nul), _("NUL byte in text"));
	return -EINVAL;
}

int capture_parse(const char *buf, size_t len, const char *name,
		  struct capture **ret_capture, struct ir_error *err)
{
	struct parser p = { .name = name, .err = err };
	const char *end = buf + len;
	const char *s = buf;
	int ret;

	ret = check_no_nul(&p, buf, len);
	if (ret)
		return ret;
	p.capture = calloc(1, sizeof(*p.capture));
	if (!p.capture) {
		ir_error_set_at(err, name, 0, 0, "%s", strerror(ENOMEM));
		return -ENOMEM;
	}

	while (s < end) {
		const char *eol;

		p.line++;
		p.line_start = s;
		ret = parse_plain_line(&p, end, &eol);
		if (ret < 0)
			goto out;
		if (ret == 0) {
			eol = memchr(s, '\n', (size_t)(end - s));
			if (!eol)
				eol = end;
			ret = parse_line(&p, eol);
			if (ret)
				goto out;
		}
		s = eol < end ? eol + 1 : end;
	}
	ret = 0;
	if (p.capture->count == 0) {
		ir_error_set_at(err, name, 0, 0, _("no pulses or spaces"));
		ret = -EINVAL;
		goto out;
	}
	*ret_capture = p.capture;
	p.capture = NULL;
out:
	capture_free(p.capture);
	return ret;
}

/* The whole of fd, at most CAPTURE_FILE_MAX bytes. */
static int read_all(int fd, const char *path, char **ret_buf, size_t *ret_len,
		    struct ir_error *err)
{
	size_t len = 0, capacity = 0, first = 65536;
	struct stat st;
	char *buf = NULL;
	int ret;

	/* A regular file is read into one buffer of its size (and a byte to see EOF). */
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    st.st_size <= CAPTURE_FILE_MAX)
		first = (size_t)st.st_size + 1;
	for (;;) {
		ssize_t n;

		if (len == capacity) {
			size_t grown = capacity ? capacity * 2 : first;
			char *tmp;

			/* One byte more than allowed tells a file that is too large. */
			if (capacity > CAPTURE_FILE_MAX)
				break;
			if (grown > (size_t)CAPTURE_FILE_MAX + 1)
				grown = (size_t)CAPTURE_FILE_MAX + 1;
			tmp = realloc(buf, grown);
			if (!tmp) {
				ir_error_set_at(err, path, 0, 0, "%s", strerror(ENOMEM));
				ret = -ENOMEM;
				goto out;
			}
			buf = tmp;
			capacity = grown;
		}
		n = read(fd, buf + len, capacity - len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			ret = -errno;
			ir_error_set_at(err, path, 0, 0, _("cannot read: %s"), strerror(errno));
			goto out;
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	if (len > CAPTURE_FILE_MAX) {
		ir_error_set_at(err, path, 0, 0, _("file is larger than %u bytes"),
				(unsigned int)CAPTURE_FILE_MAX);
		ret = -EFBIG;
		goto out;
	}
	*ret_buf = buf;
	*ret_len = len;
	buf = NULL;
	ret = 0;
out:
	free(buf);
	return ret;
}

int capture_load_file(const char *path, struct capture **ret_capture, struct ir_error *err)
{
	bool is_stdin = strcmp(path, "-") == 0;
	char *buf = NULL;
	size_t len = 0;
	int fd, ret;

	fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		ir_error_set_at(err, path, 0, 0, _("cannot open: %s"), strerror(errno));
		return ret;
	}
	ret = read_all(fd, path, &buf, &len, err);
	if (!is_stdin)
		close(fd);
	if (ret)
		return ret;
	ret = capture_parse(buf, len, path, ret_capture, err);
	free(buf);
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
