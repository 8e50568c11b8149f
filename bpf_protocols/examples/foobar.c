// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The fictional decoder of the founding article ("IR decoding with BPF", 2018), kept
 * as the article shows it apart from the include lines: the article's three includes
 * (<linux/lirc.h>, <linux/bpf.h>, "bpf_helpers.h") are replaced by ir_decoder.h.
 * Build it with:  clang --target=bpf -O2 -c foobar.c
 *
 * The one copy in the tree: the decoder tests, the VM scenarios and the loader's tests
 * (tests/bpf/article.c, with another map layout) build this file.
 */
#include "ir_decoder.h"

enum state {
    STATE_INACTIVE,
    STATE_FIRST_PULSE,
    STATE_SECOND_PULSE
};

struct decoder_state {
   enum state state;
   unsigned int space;
};

/*
 * The article's map definition. tests/bpf/article.c, which builds this file for the
 * loader's tests, sets FOOBAR_MAP to v4l-utils' 28-byte layout instead.
 */
#ifndef FOOBAR_MAP
#define FOOBAR_MAP struct bpf_map_def SEC("maps")
#endif

FOOBAR_MAP decoder_state_map = {
    .type = BPF_MAP_TYPE_ARRAY,
    .key_size = sizeof(unsigned int),
    .value_size = sizeof(struct decoder_state),
    .max_entries = 1,
};

SEC("fictional_ir")
int decode(unsigned int *sample)
{
    int key = 0;
    struct decoder_state *s = bpf_map_lookup_elem(&decoder_state_map, &key);

    if (!s)
        return 0;

    int duration = LIRC_VALUE(*sample);

    switch (s->state) {
    case STATE_INACTIVE:
        if (LIRC_IS_PULSE(*sample) && duration == 500) {
            s->state = STATE_FIRST_PULSE;
        }
        break;
    case STATE_FIRST_PULSE:
        if (LIRC_IS_SPACE(*sample)) {
            s->space = duration;
            s->state = STATE_SECOND_PULSE;
        } else {
            s->state = STATE_INACTIVE;
        }
        break;
    case STATE_SECOND_PULSE:
        if (LIRC_IS_PULSE(*sample) && duration == 500) {
            bpf_rc_keydown(sample, 64, s->space / 100, 0);
        }
        s->state = STATE_INACTIVE;
        break;
    }

    return 0;
}

char _license[] SEC("license") = "GPL";
