// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <stdlib.h>

#include "bpf_image.h"

void bpf_image_free(struct bpf_image *image)
{
	size_t i;

	if (!image)
		return;
	for (i = 0; i < image->map_count; i++)
		free(image->maps[i].initial_value);
	free(image->maps);
	free(image->insns);
	free(image);
}
