// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz target: the A/C decoder's table. The input is one descriptor (struct
 * ac_protocol, bpf_protocols/ac_table.h, as the map holds it; short inputs padded with
 * zeros), then LIRC mode2 samples (4 bytes each). What ac_protocol.h promises: a
 * descriptor is accepted or refused with a reason. What the decoder promises, since
 * any process with the map's fd may write it: with that descriptor in its map after
 * every known protocol's, whatever it holds, the decoder (bpf_protocols/ac.c in the
 * VM) runs every sample without a fault, within AC_FUZZ_INSNS_MAX instructions, and
 * reports only protocols from AC_RC_PROTOCOL_BASE on.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "ac_protocol.h"
#include "bpf_object.h"
#include "bpf_vm.h"
#include "decoders.h"
#include "fuzz.h"

#define SAMPLES_MAX		2048
/* The work of one sample: the end of a section with every descriptor compared. */
#define AC_FUZZ_INSNS_MAX	20000

static struct bpf_vm *new_ac_vm(size_t protocols)
{
	const struct decoder *decoder = decoder_find("ac");
	const struct bpf_param_value param = { "protocols", (int64_t)protocols };
	struct bpf_object *object = NULL;
	struct bpf_image *image = NULL;
	struct bpf_vm *vm = NULL;
	struct ir_error err;
	int ret;

	memset(&err, 0, sizeof(err));
	FUZZ_ASSERT(decoder, "no embedded decoder ac");
	ret = bpf_object_open_memory(decoder->elf, decoder->elf_size, "ac", &object, &err);
	FUZZ_ASSERT(ret == 0, "%s", err.message);
	ret = bpf_object_relocate(object, NULL, &param, 1, &image, &err);
	FUZZ_ASSERT(ret == 0, "%s", err.message);
	ret = bpf_vm_new(image, &vm, &err);
	FUZZ_ASSERT(ret == 0, "%s", err.message);
	bpf_image_free(image);
	bpf_object_free(object);
	return vm;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ac_protocol fuzzed;
	size_t known = ac_protocol_count(), i, count, taken;
	const char *what = NULL;
	struct ir_error err;
	struct bpf_vm *vm;
	unsigned int key;
	int map, ret;

	memset(&fuzzed, 0, sizeof(fuzzed));
	taken = size < sizeof(fuzzed) ? size : sizeof(fuzzed);
	memcpy(&fuzzed, data, taken);
	ret = ac_protocol_check(&fuzzed, &what);
	FUZZ_ASSERT(ret == 0 || (ret == -EINVAL && what && *what), "%d", ret);

	vm = new_ac_vm(known + 1);
	map = bpf_vm_map_find(vm, AC_PROTOCOLS_MAP);
	FUZZ_ASSERT(map >= 0, "no map %s", AC_PROTOCOLS_MAP);
	for (key = 0; key <= known; key++) {
		const void *value = key < known ? (const void *)ac_protocol_at(key)->layout
						: (const void *)&fuzzed;

		memset(&err, 0, sizeof(err));
		ret = bpf_vm_map_update(vm, (size_t)map, &key, value, &err);
		FUZZ_ASSERT(ret == 0, "%s", err.message);
	}
	count = (size - taken) / 4;
	if (count > SAMPLES_MAX)
		count = SAMPLES_MAX;
	for (i = 0; i < count; i++) {
		uint32_t sample;

		memcpy(&sample, data + taken + 4 * i, 4);
		memset(&err, 0, sizeof(err));
		ret = bpf_vm_run(vm, sample, &err);
		FUZZ_ASSERT(ret == 0, "sample %zu (0x%08x): %s", i, sample, err.message);
		FUZZ_ASSERT(bpf_vm_last_insn_count(vm) <= AC_FUZZ_INSNS_MAX, "%llu instructions",
			    (unsigned long long)bpf_vm_last_insn_count(vm));
	}
	for (i = 0; i < bpf_vm_event_count(vm); i++) {
		const struct bpf_vm_event *e = bpf_vm_event_at(vm, i);

		FUZZ_ASSERT(e->type != BPF_VM_EVENT_KEYDOWN || e->protocol >= AC_RC_PROTOCOL_BASE,
			    "protocol %u", e->protocol);
	}
	bpf_vm_free(vm);
	return 0;
}
