/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The programs ir-keytable would attach for some entries of a keymap, through its own
 * planner (utils/plan/plan.c), as userspace VMs with the maps the plan filled: the
 * table-driven lircd decoders measured as users load them (bench/table-cost).
 *
 * Its own file so that only it sees the planner's header (utils/plan/plan.h): table-cost
 * measures what comes out, not how the planner lays it out.
 */
#ifndef IRKIT_BENCH_LIRCD_PLAN_H
#define IRKIT_BENCH_LIRCD_PLAN_H

#include <stddef.h>

#include "bpf_vm.h"
#include "ir_error.h"
#include "keymap.h"

#define FAMILY_PROGRAMS_MAX 64		/* the kernel attaches at most 64 per device */

struct family_setup {
	struct bpf_vm *vms[FAMILY_PROGRAMS_MAX];
	size_t program_count;
	size_t insn_count;		/* of all the programs */
};

/*
 * The programs planned for the entries of keymap listed in entries (count of them),
 * offline (no device; no decoder file under the root: the embedded decoders).
 * 0, or a negative errno with err set.
 */
int family_setup(const struct keymap *keymap, const size_t *entries, size_t count,
		 struct family_setup *setup, struct ir_error *err);
void family_setup_free(struct family_setup *setup);

#endif
