/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The input of the bpf-decode fuzz target (fuzz-bpf-decode.c): a decoder object built
 * from instructions and map definitions, and a capture. Little-endian:
 *
 *   byte 0      map count, modulo FUZZ_DECODE_MAPS_MAX + 1
 *   byte 1      FUZZ_DECODE_* option bits; the top 4 bits are the sample count minus 1
 *   per map     FUZZ_DECODE_MAP_BYTES: kind (u8), type (u8), key_size (u16),
 *               value_size (u16, modulo FUZZ_DECODE_VALUE_MAX + 1),
 *               max_entries (u16, modulo FUZZ_DECODE_ENTRIES_MAX + 1)
 *   per sample  u32: the top byte modulo 3 is pulse, space or timeout; the low 24 bits
 *               the duration in µs (0 becomes 1)
 *   the rest    instructions, 8 bytes each as struct bpf_insn (a partial one is dropped)
 *
 * Map kinds: FUZZ_DECODE_MAP_RAW is "raw_patterns" with exactly the layout the host
 * fills (the sizes above are ignored), FUZZ_DECODE_MAP_RAW_NAMED is "raw_patterns" with
 * the sizes above, anything else is "mN". Maps are legacy 20-byte definitions in the
 * section "maps".
 *
 * An ld_imm64 whose src_reg is 1 and imm a map index becomes, in the object, a
 * relocation against that map's symbol; src_reg 2 one against the global int "p0"
 * (imm even) or "p1" (imm odd) of .data, which the loader may take as an address
 * parameter. Both are written with src_reg and imm 0, as clang writes them.
 */
#ifndef IRKIT_TESTS_FUZZ_BPF_DECODE_H
#define IRKIT_TESTS_FUZZ_BPF_DECODE_H

#define FUZZ_DECODE_MAPS_MAX 4
#define FUZZ_DECODE_HEADER_BYTES 2
#define FUZZ_DECODE_MAP_BYTES 8
#define FUZZ_DECODE_SAMPLE_BYTES 4
#define FUZZ_DECODE_INSN_BYTES 8
#define FUZZ_DECODE_VALUE_MAX 4096
#define FUZZ_DECODE_ENTRIES_MAX 256

#define FUZZ_DECODE_MAP_RAW 0
#define FUZZ_DECODE_MAP_RAW_NAMED 1

#define FUZZ_DECODE_KEYMAP_RAW 0x01	/* -w a keymap of raw patterns (protocol "raw") */
#define FUZZ_DECODE_GPL 0x02		/* licence "GPL", else "MIT" */
#define FUZZ_DECODE_SECTION_OTHER 0x04	/* program in section "socket", not lirc_mode2/ */
#define FUZZ_DECODE_SET_PARAM 0x08	/* -e p0=7 */

#endif
