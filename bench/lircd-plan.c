// SPDX-License-Identifier: GPL-2.0-or-later
/* The programs ir-keytable plans for some keymap entries, as VMs (lircd-plan.h). */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lircd-plan.h"
#include "plan.h"

void family_setup_free(struct family_setup *setup)
{
	size_t i;

	for (i = 0; i < setup->program_count; i++)
		bpf_vm_free(setup->vms[i]);
	memset(setup, 0, sizeof(*setup));
}

/* plan_map_update_fn for a VM. */
static int vm_map_update(void *vm, size_t map_index, const void *key, const void *value,
			 struct ir_error *err)
{
	return bpf_vm_map_update(vm, map_index, key, value, err);
}

/* A VM of a planned decoder with the maps the plan filled, as --decode makes one. */
static int planned_vm(const struct plan_decoder *d, struct bpf_vm **ret_vm,
		      struct ir_error *err)
{
	int ret;

	ret = bpf_vm_new(d->image, ret_vm, err);
	if (ret == 0)
		ret = plan_decoder_fill_maps(d, vm_map_update, *ret_vm, err);
	if (ret < 0) {
		bpf_vm_free(*ret_vm);
		*ret_vm = NULL;
	}
	return ret;
}

int family_setup(const struct keymap *full, const size_t *entries, size_t count,
			struct family_setup *setup, struct ir_error *err)
{
	struct keymap_protocol *protocols = calloc(count, sizeof(*protocols));
	struct keymap view = { 0 };
	struct keymap *keymaps[1] = { &view };
	struct keytable_plan *plan = NULL;
	struct plan_input input = {
		.root = "/nonexistent-irkit-bench-root",
		.keymaps = keymaps,
		.keymap_count = 1,
	};
	size_t i;
	int ret;

	memset(setup, 0, sizeof(*setup));
	if (!protocols)
		return -ENOMEM;
	/* A view of the chosen entries: the keymap still owns what they point at. */
	for (i = 0; i < count; i++)
		protocols[i] = full->protocols[entries[i]];
	view.name = full->name;
	view.filename = full->filename;
	view.protocols = protocols;
	view.protocol_count = count;
	ret = keytable_plan_make(&input, &plan, err);
	if (ret == 0 && plan->decoder_count > FAMILY_PROGRAMS_MAX) {
		ir_error_set(err, "%zu programs planned", plan->decoder_count);
		ret = -E2BIG;
	}
	for (i = 0; ret == 0 && i < plan->decoder_count; i++) {
		ret = planned_vm(&plan->decoders[i], &setup->vms[i], err);
		if (ret == 0) {
			setup->program_count++;
			setup->insn_count += plan->decoders[i].image->insn_count;
		}
	}
	if (ret < 0)
		family_setup_free(setup);
	keytable_plan_free(plan);
	free(protocols);
	return ret;
}
