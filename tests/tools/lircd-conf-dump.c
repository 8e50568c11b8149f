// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What lircd_conf_load_file() makes of a lircd.conf, one line per remote and per button,
 * for tests/lircd-corpus.py (the corpus test and its encoder, which see the model only
 * through these lines):
 *
 *   remote NAME file=PATH line=N encoding=E flags=0x.. bits=N eps=N aeps=N
 *          header=P,S three=P,S two=P,S one=P,S zero=P,S plead=N ptrail=N pre=P,S
 *          post=P,S foot=P,S repeat=P,S pre_data_bits=N pre_data=0x.. post_data_bits=N
 *          post_data=0x.. gap=N gap2=N repeat_gap=N min_repeat=N toggle_bit_mask=0x..
 *          ...                                                    (one line)
 *   code NAME line=N 0x.. [0x..]
 *   raw NAME line=N D D D ...
 *
 * usage: lircd-conf-dump FILE...   (exit 1 and "refused: MESSAGE" on stderr per refusal)
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "lircd_conf.h"

static void pair(const char *key, struct lircd_pair p)
{
	printf(" %s=%u,%u", key, p.pulse, p.space);
}

static void dump_remote(const struct lircd_remote *r)
{
	size_t i, k;

	printf("remote %s file=%s line=%u encoding=%s flags=0x%x bits=%u eps=%u aeps=%u", r->name,
	       r->filename, r->line, lircd_encoding_name(r->encoding), r->flags, r->bits, r->eps,
	       r->aeps);
	pair("header", r->header);
	pair("three", r->three);
	pair("two", r->two);
	pair("one", r->one);
	pair("zero", r->zero);
	printf(" plead=%u ptrail=%u", r->plead, r->ptrail);
	pair("pre", r->pre);
	pair("post", r->post);
	pair("foot", r->foot);
	pair("repeat", r->repeat);
	printf(" pre_data_bits=%u pre_data=0x%llx post_data_bits=%u post_data=0x%llx",
	       r->pre_data_bits, (unsigned long long)r->pre_data, r->post_data_bits,
	       (unsigned long long)r->post_data);
	printf(" gap=%u gap2=%u repeat_gap=%u min_repeat=%u min_code_repeat=%u suppress_repeat=%u",
	       r->gap, r->gap2, r->repeat_gap, r->min_repeat, r->min_code_repeat,
	       r->suppress_repeat);
	printf(" toggle_bit_mask=0x%llx toggle_mask=0x%llx repeat_mask=0x%llx ignore_mask=0x%llx"
	       " rc6_mask=0x%llx",
	       (unsigned long long)r->toggle_bit_mask, (unsigned long long)r->toggle_mask,
	       (unsigned long long)r->repeat_mask, (unsigned long long)r->ignore_mask,
	       (unsigned long long)r->rc6_mask);
	printf(" frequency=%u duty_cycle=%u driver=%s button_count=%zu\n", r->frequency, r->duty_cycle,
	       r->driver ? r->driver : "-", r->button_count);
	for (i = 0; i < r->button_count; i++) {
		const struct lircd_button *b = &r->buttons[i];

		if (r->encoding == LIRCD_ENCODING_RAW) {
			printf("raw %s line=%u", b->name, b->line);
			for (k = 0; k < b->duration_count; k++)
				printf(" %u", b->durations[k]);
		} else {
			printf("code %s line=%u", b->name, b->line);
			for (k = 0; k < b->code_count; k++)
				printf(" 0x%llx", (unsigned long long)b->codes[k]);
		}
		putchar('\n');
	}
}

int main(int argc, char **argv)
{
	int i, status = 0;

	for (i = 1; i < argc; i++) {
		struct lircd_conf *conf = NULL;
		struct ir_error err;
		size_t r;

		if (lircd_conf_load_file(argv[i], &conf, &err) < 0) {
			fprintf(stderr, "refused: %s\n", err.message);
			status = 1;
			continue;
		}
		for (r = 0; r < conf->remote_count; r++)
			dump_remote(&conf->remotes[r]);
		lircd_conf_free(conf);
	}
	return status;
}
