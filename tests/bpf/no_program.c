// SPDX-License-Identifier: GPL-2.0-or-later
/* A map and a license but no program section: refused. */
#include "test_bpf.h"

struct map_def20 SEC("maps") lonely_map = {
	.type = MAP_TYPE_ARRAY,
	.key_size = 4,
	.value_size = 4,
	.max_entries = 1,
};

char _license[] SEC("license") = "GPL";
