// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz target: lircd_conf_parse() on any bytes. A failure is one of the documented
 * codes with a "fuzz.conf:" message and leaves *ret_conf alone. A success keeps every
 * promise of lircd_conf.h (names, bit counts, codes within their bits, raw buttons
 * ending on a pulse, a gap, the encoding's symbols, the limits), and the model written
 * back as lircd.conf text (by a writer of this file, from the header's description)
 * reads back to the same model. The model as a keymap (lircd_keymap.h): refused with one
 * "fuzz.conf:" line, or one protocol entry per remote whose TOML reads back equal.
 * A case that takes more than FUZZ_CPU_SECONDS_MAX (fuzz.h) of CPU time is a finding too (issue 27:
 * a keymap read at boot must be read or refused at once).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fuzz.h"
#include "keymap.h"
#include "lircd_conf.h"
#include "lircd_keymap.h"

#define NAME "fuzz.conf"

static bool fits(uint64_t value, unsigned int bits)
{
	return bits >= 64 || value >> bits == 0;
}

static bool is_zero(struct lircd_pair pair)
{
	return pair.pulse == 0 && pair.space == 0;
}

static void check_button(const struct lircd_remote *r, const struct lircd_button *b)
{
	size_t i;

	FUZZ_ASSERT(b->name && b->name[0] && !strpbrk(b->name, " \t\r\n\v\f") &&
		    (b->name[0] != '#' || r->encoding != LIRCD_ENCODING_RAW),
		    "button name '%s'", b->name ? b->name : "(null)");
	FUZZ_ASSERT(b->line >= r->line, "button line %u before remote %u", b->line, r->line);
	if (r->encoding == LIRCD_ENCODING_RAW) {
		FUZZ_ASSERT(b->code_count == 0 && !b->codes, "raw button with codes");
		FUZZ_ASSERT(b->duration_count % 2 == 1, "%zu durations", b->duration_count);
		FUZZ_ASSERT(b->duration_count <= LIRCD_CONF_RAW_DURATIONS_MAX, "%zu", b->duration_count);
		for (i = 0; i < b->duration_count; i++)
			FUZZ_ASSERT(b->durations[i] >= 1 && b->durations[i] <= LIRCD_DURATION_MAX,
				    "duration %u", b->durations[i]);
		return;
	}
	FUZZ_ASSERT(b->duration_count == 0 && !b->durations, "code button with durations");
	FUZZ_ASSERT(b->code_count >= 1, "button without code");
	for (i = 0; i < b->code_count; i++)
		FUZZ_ASSERT(fits(b->codes[i], r->bits), "code %llx past %u bits",
			    (unsigned long long)b->codes[i], r->bits);
}

static size_t check_remote(const struct lircd_remote *r)
{
	unsigned int frame = lircd_remote_frame_bits(r);
	size_t i, codes = 0;

	FUZZ_ASSERT(r->name && r->name[0], "remote without name");
	FUZZ_ASSERT(strcmp(r->filename, NAME) == 0, "filename '%s'", r->filename);
	FUZZ_ASSERT((unsigned int)r->encoding < LIRCD_ENCODING_MAX, "encoding %d", r->encoding);
	FUZZ_ASSERT(lircd_encoding_name(r->encoding) != NULL, "no encoding name");
	FUZZ_ASSERT(r->flags < LIRCD_FLAG_MAX, "flags %x", r->flags);
	FUZZ_ASSERT(frame <= 64, "frame of %u bits", frame);
	FUZZ_ASSERT(fits(r->pre_data, r->pre_data_bits) && fits(r->post_data, r->post_data_bits),
		    "pre_data or post_data too wide");
	FUZZ_ASSERT(r->eps <= 100, "eps %u", r->eps);
	FUZZ_ASSERT(r->duty_cycle <= 100, "duty_cycle %u", r->duty_cycle);
	FUZZ_ASSERT(r->toggle_bit <= frame, "toggle_bit %u", r->toggle_bit);
	FUZZ_ASSERT(r->encoding == LIRCD_ENCODING_DRIVER || r->gap > 0, "no gap");
	FUZZ_ASSERT((r->encoding == LIRCD_ENCODING_RAW) == !!(r->flags & LIRCD_FLAG_RAW_CODES),
		    "RAW_CODES flag and encoding disagree");
	FUZZ_ASSERT(r->encoding != LIRCD_ENCODING_DRIVER || (is_zero(r->one) && is_zero(r->zero)),
		    "driver remote with timings");
	if (r->encoding == LIRCD_ENCODING_SPACE)
		FUZZ_ASSERT(r->one.pulse && r->one.space && r->zero.pulse && r->zero.space &&
			    (r->one.pulse != r->zero.pulse || r->one.space != r->zero.space),
			    "SPACE_ENC symbols");
	for (i = 0; i < r->button_count; i++) {
		check_button(r, &r->buttons[i]);
		codes += r->encoding == LIRCD_ENCODING_RAW ? 1 : r->buttons[i].code_count;
	}
	return codes;
}

/* The model as lircd.conf text: every field, in the order lircd.conf(5) lists them. */
static void write_pair(FILE *f, const char *key, struct lircd_pair pair)
{
	fprintf(f, "  %s %u %u\n", key, pair.pulse, pair.space);
}

static const char *const flag_words[] = {
	"RAW_CODES", "RC5", "RC6", "RCMM", "SPACE_ENC", "SPACE_FIRST", "GOLDSTAR", "GRUNDIG",
	"BO", "SERIAL", "XMP", "REVERSE", "NO_HEAD_REP", "NO_FOOT_REP", "CONST_LENGTH",
	"REPEAT_HEADER",
};

static void write_remote(FILE *f, const struct lircd_remote *r)
{
	size_t i, k;
	bool first = true;

	fprintf(f, "begin remote\n  name %s\n", r->name);
	if (r->driver)
		fprintf(f, "  driver %s\n", r->driver);
	if (r->flags) {
		fputs("  flags ", f);
		for (i = 0; i < sizeof(flag_words) / sizeof(flag_words[0]); i++) {
			if (r->flags & (1u << i)) {
				fprintf(f, "%s%s", first ? "" : "|", flag_words[i]);
				first = false;
			}
		}
		fputc('\n', f);
	}
	fprintf(f, "  bits %u\n  eps %u\n  aeps %u\n", r->bits, r->eps, r->aeps);
	write_pair(f, "header", r->header);
	write_pair(f, "three", r->three);
	write_pair(f, "two", r->two);
	write_pair(f, "one", r->one);
	write_pair(f, "zero", r->zero);
	fprintf(f, "  ptrail %u\n  plead %u\n", r->ptrail, r->plead);
	write_pair(f, "pre", r->pre);
	write_pair(f, "post", r->post);
	write_pair(f, "foot", r->foot);
	write_pair(f, "repeat", r->repeat);
	fprintf(f, "  pre_data_bits %u\n  pre_data 0x%llx\n", r->pre_data_bits,
		(unsigned long long)r->pre_data);
	fprintf(f, "  post_data_bits %u\n  post_data 0%llo\n", r->post_data_bits,
		(unsigned long long)r->post_data);
	if (r->gap2)
		fprintf(f, "  gap %u %u\n", r->gap, r->gap2);
	else
		fprintf(f, "  gap %u\n", r->gap);
	fprintf(f, "  repeat_gap %u\n  min_repeat %u\n  min_code_repeat %u\n", r->repeat_gap,
		r->min_repeat, r->min_code_repeat);
	fprintf(f, "  suppress_repeat %u\n  toggle_bit %u\n", r->suppress_repeat, r->toggle_bit);
	fprintf(f, "  toggle_bit_mask 0x%llx\n  toggle_mask 0x%llx\n  repeat_mask 0x%llx\n",
		(unsigned long long)r->toggle_bit_mask, (unsigned long long)r->toggle_mask,
		(unsigned long long)r->repeat_mask);
	fprintf(f, "  ignore_mask 0x%llx\n  rc6_mask 0x%llx\n  frequency %u\n",
		(unsigned long long)r->ignore_mask, (unsigned long long)r->rc6_mask, r->frequency);
	if (r->duty_cycle)
		fprintf(f, "  duty_cycle %u\n", r->duty_cycle);
	fprintf(f, "  baud %u\n  manual_sort %d\n", r->baud, r->manual_sort);
	if (r->serial_bits)
		fprintf(f, "  serial_mode %u%c%s\n", r->serial_bits, r->serial_parity,
			r->serial_stop_halves == 3 ? "1.5" : r->serial_stop_halves == 4 ? "2" : "1");
	if (r->encoding == LIRCD_ENCODING_RAW) {
		fputs("  begin raw_codes\n", f);
		for (i = 0; i < r->button_count; i++) {
			fprintf(f, "    name %s\n", r->buttons[i].name);
			for (k = 0; k < r->buttons[i].duration_count; k++)
				fprintf(f, "%s%u", k % 6 ? " " : "\n     ",
					r->buttons[i].durations[k]);
			fputc('\n', f);
		}
		fputs("  end raw_codes\n", f);
	} else if (r->button_count) {
		fputs("  begin codes\n", f);
		for (i = 0; i < r->button_count; i++) {
			fprintf(f, "    %s", r->buttons[i].name);
			for (k = 0; k < r->buttons[i].code_count; k++)
				fprintf(f, " %llu", (unsigned long long)r->buttons[i].codes[k]);
			fputc('\n', f);
		}
		fputs("  end codes\n", f);
	}
	fputs("end remote\n", f);
}

#define SAME(field) FUZZ_ASSERT(memcmp(&a->field, &b->field, sizeof(a->field)) == 0, \
				"%s: " #field " differs after a round trip", a->name)

static void compare_remotes(const struct lircd_remote *a, const struct lircd_remote *b)
{
	size_t i;

	FUZZ_ASSERT(strcmp(a->name, b->name) == 0, "name");
	FUZZ_ASSERT(!a->driver == !b->driver && (!a->driver || !strcmp(a->driver, b->driver)),
		    "driver");
	SAME(flags); SAME(encoding); SAME(bits); SAME(eps); SAME(aeps); SAME(header);
	SAME(three); SAME(two); SAME(one); SAME(zero); SAME(plead); SAME(ptrail); SAME(pre);
	SAME(post); SAME(foot); SAME(repeat); SAME(pre_data_bits); SAME(pre_data);
	SAME(post_data_bits); SAME(post_data); SAME(gap); SAME(gap2); SAME(repeat_gap);
	SAME(min_repeat); SAME(min_code_repeat); SAME(suppress_repeat); SAME(toggle_bit_mask);
	SAME(toggle_bit); SAME(toggle_mask); SAME(repeat_mask); SAME(ignore_mask);
	SAME(rc6_mask); SAME(frequency); SAME(duty_cycle); SAME(baud); SAME(serial_bits);
	SAME(serial_parity); SAME(serial_stop_halves); SAME(manual_sort); SAME(button_count);
	for (i = 0; i < a->button_count; i++) {
		const struct lircd_button *x = &a->buttons[i], *y = &b->buttons[i];

		FUZZ_ASSERT(strcmp(x->name, y->name) == 0, "button name");
		FUZZ_ASSERT(x->code_count == y->code_count && x->duration_count == y->duration_count,
			    "button '%s' counts", x->name);
		FUZZ_ASSERT(!x->code_count ||
			    !memcmp(x->codes, y->codes, x->code_count * sizeof(*x->codes)), "codes");
		FUZZ_ASSERT(!x->duration_count ||
			    !memcmp(x->durations, y->durations,
				    x->duration_count * sizeof(*x->durations)), "durations");
	}
}

static void round_trip(const struct lircd_conf *conf)
{
	struct lircd_conf *again = (struct lircd_conf *)&again;
	struct ir_error err = { "" };
	char *text = NULL;
	size_t len = 0, i;
	FILE *f = open_memstream(&text, &len);
	int ret;

	if (!f)
		return;
	for (i = 0; i < conf->remote_count; i++)
		write_remote(f, &conf->remotes[i]);
	if (fclose(f) != 0) {
		free(text);
		return;
	}
	ret = lircd_conf_parse(text, len, NAME, &again, &err);
	if (ret == -ENOMEM || ret == -EFBIG) {
		free(text);
		return;
	}
	FUZZ_ASSERT(ret == 0, "written back, refused: %s\n%s", err.message, text);
	FUZZ_ASSERT(again->remote_count == conf->remote_count, "remote count");
	FUZZ_ASSERT(again->code_count == conf->code_count, "code count");
	for (i = 0; i < conf->remote_count; i++)
		compare_remotes(&conf->remotes[i], &again->remotes[i]);
	lircd_conf_free(again);
	free(text);
}

static void check_keymap(const struct lircd_conf *conf)
{
	struct keymap *keymap = (struct keymap *)&keymap, *again = NULL;
	struct ir_error err = { "" };
	char *text = NULL;
	size_t len = 0;
	int ret;

	ret = lircd_keymap_from_conf(conf, NAME, &keymap, &err);
	if (ret < 0) {
		FUZZ_ASSERT(ret == -EINVAL || ret == -ENOMEM, "keymap: ret %d", ret);
		FUZZ_ASSERT(keymap == (struct keymap *)&keymap, "keymap set on failure");
		FUZZ_ASSERT(strncmp(err.message, NAME ":", strlen(NAME ":")) == 0,
			    "keymap: message '%s'", err.message);
		FUZZ_ASSERT(!strchr(err.message, '\n'), "keymap: message of several lines");
		return;
	}
	FUZZ_ASSERT(keymap->protocol_count == conf->remote_count, "%zu protocols, %zu remotes",
		    keymap->protocol_count, conf->remote_count);
	ret = keymap_format_toml(keymap, &text, &len);
	FUZZ_ASSERT(ret == 0 || ret == -ENOMEM, "keymap_format_toml: %d", ret);
	if (ret == 0) {
		ret = keymap_load_toml(text, len, "fuzz.toml", &again, &err);
		FUZZ_ASSERT(ret == 0 || ret == -ENOMEM, "TOML of a converted keymap: %s",
			    err.message);
		FUZZ_ASSERT(ret < 0 || keymap_equal(keymap, again),
			    "TOML of a converted keymap reads back different");
	}
	keymap_free(again);
	free(text);
	keymap_free(keymap);
}

static void test_one(const uint8_t *data, size_t size)
{
	struct lircd_conf *conf = (struct lircd_conf *)&conf;
	struct ir_error err = { "" };
	size_t i, codes = 0;
	int ret;

	ret = lircd_conf_parse((const char *)data, size, NAME, &conf, &err);
	if (ret < 0) {
		FUZZ_ASSERT(ret == -EINVAL || ret == -ENOMEM || ret == -EFBIG, "ret %d", ret);
		FUZZ_ASSERT(conf == (struct lircd_conf *)&conf, "conf set on failure");
		FUZZ_ASSERT(strncmp(err.message, NAME ":", strlen(NAME ":")) == 0,
			    "message '%s'", err.message);
		FUZZ_ASSERT(!strchr(err.message, '\n'), "message of several lines");
		return;
	}
	FUZZ_ASSERT(conf->remote_count <= LIRCD_CONF_REMOTES_MAX, "%zu remotes",
		    conf->remote_count);
	for (i = 0; i < conf->remote_count; i++)
		codes += check_remote(&conf->remotes[i]);
	FUZZ_ASSERT(codes == conf->code_count && codes <= LIRCD_CONF_CODES_MAX,
		    "%zu codes counted, %zu said", codes, conf->code_count);
	FUZZ_ASSERT(!conf->remote_count || lircd_conf_detect((const char *)data, size),
		    "remotes read from a text not detected as lircd.conf");
	round_trip(conf);
	check_keymap(conf);
	lircd_conf_free(conf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	double start = fuzz_cpu_seconds(), spent;

	test_one(data, size);
	spent = fuzz_cpu_seconds() - start;
	FUZZ_ASSERT(spent < FUZZ_CPU_SECONDS_MAX, "over budget: %.3f s of CPU for %zu bytes",
		    spent, size);
	return 0;
}
