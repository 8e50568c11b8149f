// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The article's decoder, bpf_protocols/examples/foobar.c, for the loader's tests: its
 * map in the 28-byte layout v4l-utils' decoders use, in "lirc_mode2/maps", and a
 * program section that is not called lirc_mode2. test_bpf.h stands in for
 * ir_decoder.h.
 */
#include "test_bpf.h"

#define IRKIT_IR_DECODER_H
#define BPF_MAP_TYPE_ARRAY MAP_TYPE_ARRAY
#define FOOBAR_MAP struct map_def28 SEC("lirc_mode2/maps")

#include "../../bpf_protocols/examples/foobar.c"
