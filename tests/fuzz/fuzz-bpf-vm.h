/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The input of the bpf_vm fuzz target (fuzz-bpf-vm.c), also written by vm-seed.c from
 * relocated BPF objects. Little-endian:
 *
 *   byte 0      map count, modulo FUZZ_VM_MAPS_MAX + 1
 *   byte 1      sample count minus 1, modulo FUZZ_VM_SAMPLES_MAX
 *   per map     FUZZ_VM_MAP_BYTES: type (u8), flags (u8), key_size (u16),
 *               value_size (u16, modulo FUZZ_VM_VALUE_MAX + 1),
 *               max_entries (u16, modulo FUZZ_VM_ENTRIES_MAX + 1)
 *   per sample  a LIRC mode2 sample (u32)
 *   the rest    instructions, 8 bytes each as struct bpf_insn (a partial one is dropped)
 *
 * Map flags: FUZZ_VM_MAP_GLOBAL_DATA gives the map an initial value (bytes of
 * FUZZ_VM_FILL) and makes it read-only (.rodata); FUZZ_VM_MAP_RDONLY_PROG sets
 * BPF_F_RDONLY_PROG. Sizes are bounded so that one run stays cheap; types and zero
 * sizes are not, so that the VM's own checks are fuzzed too.
 */
#ifndef IRKIT_TESTS_FUZZ_BPF_VM_H
#define IRKIT_TESTS_FUZZ_BPF_VM_H

#define FUZZ_VM_MAPS_MAX 4
#define FUZZ_VM_SAMPLES_MAX 8
#define FUZZ_VM_HEADER_BYTES 2
#define FUZZ_VM_MAP_BYTES 8
#define FUZZ_VM_SAMPLE_BYTES 4
#define FUZZ_VM_INSN_BYTES 8
#define FUZZ_VM_VALUE_MAX 2048
#define FUZZ_VM_ENTRIES_MAX 128

#define FUZZ_VM_MAP_GLOBAL_DATA 0x01
#define FUZZ_VM_MAP_RDONLY_PROG 0x02
#define FUZZ_VM_FILL 0x5a

#endif
