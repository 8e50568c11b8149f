// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz target: ir-keytable --decode on an object built from instructions and map
 * definitions (input layout in fuzz-bpf-decode.h), as a user would run a decoder that
 * came with a keymap: the object is written as an ELF file "raw.o", a capture and
 * maybe a keymap of raw patterns next to it, and keytable_decode() plans (-p, -w, -e),
 * loads, fills the maps the host writes, and runs the capture through the VM and
 * rc_input, printing what -t would print (to /dev/null here).
 *
 * Promises: it ends (the per-input time limit of run-fuzz catches a stall), returns 0
 * or an error with a message, and a keymap's raw patterns are never accepted by an
 * object whose "raw_patterns" map has another layout than the host writes (issue 13).
 * The sanitizers catch any read of host memory the host did not mean to give.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <elf.h>
#include <linux/bpf.h>

#include "fuzz-bpf-decode.h"
#include "fuzz.h"
#include "options.h"
#include "raw_pattern.h"
#include "steps.h"

#ifndef R_BPF_64_64
#define R_BPF_64_64 1
#endif

#define MAP_DEF_BYTES 20
#define SAMPLES_MAX 16
#define INSNS_MAX 4096

struct fuzz_map {
	char name[16];
	uint32_t def[5];	/* type, key_size, value_size, max_entries, flags */
};

struct fuzz_input {
	unsigned int options;
	struct fuzz_map maps[FUZZ_DECODE_MAPS_MAX];
	size_t map_count;
	uint32_t samples[SAMPLES_MAX];
	size_t sample_count;
	struct bpf_insn insns[INSNS_MAX];
	size_t insn_count;
	/* Relocations: instruction index and symbol. */
	size_t reloc_insn[INSNS_MAX];
	size_t reloc_symbol[INSNS_MAX];
	size_t reloc_count;
};

/* A growing byte buffer for the ELF file. */
struct buf {
	uint8_t *data;
	size_t size;
	size_t capacity;
};

static uint16_t get_le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t get_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static size_t buf_add(struct buf *b, const void *data, size_t size, size_t align)
{
	size_t at = (b->size + align - 1) / align * align;

	if (at + size > b->capacity) {
		size_t capacity = (at + size) * 2 + 256;
		uint8_t *grown = realloc(b->data, capacity);

		FUZZ_ASSERT(grown, "out of memory");
		b->data = grown;
		b->capacity = capacity;
	}
	memset(b->data + b->size, 0, at - b->size);
	if (size)
		memcpy(b->data + at, data, size);
	b->size = at + size;
	return at;
}

static uint32_t str_add(struct buf *strtab, const char *s)
{
	return (uint32_t)buf_add(strtab, s, strlen(s) + 1, 1);
}

/* Symbols: 0 null, 1 the program, 2.. the maps, then p0, p1 and _license. */
static size_t map_symbol(size_t map)
{
	return 2 + map;
}

static size_t param_symbol(const struct fuzz_input *in, size_t which)
{
	return 2 + in->map_count + which;
}

static bool decode_input(const uint8_t *data, size_t size, struct fuzz_input *in)
{
	size_t pos = FUZZ_DECODE_HEADER_BYTES, i;
	bool raw_named = false;

	memset(in, 0, sizeof(*in));
	if (size < FUZZ_DECODE_HEADER_BYTES)
		return false;
	in->map_count = data[0] % (FUZZ_DECODE_MAPS_MAX + 1);
	in->options = data[1] & 0x0f;
	in->sample_count = (data[1] >> 4) + 1;
	if (size - pos < in->map_count * FUZZ_DECODE_MAP_BYTES +
	    in->sample_count * FUZZ_DECODE_SAMPLE_BYTES)
		return false;
	for (i = 0; i < in->map_count; i++, pos += FUZZ_DECODE_MAP_BYTES) {
		struct fuzz_map *map = &in->maps[i];
		uint8_t kind = data[pos];

		map->def[0] = data[pos + 1];
		map->def[1] = get_le16(data + pos + 2);
		map->def[2] = get_le16(data + pos + 4) % (FUZZ_DECODE_VALUE_MAX + 1);
		map->def[3] = get_le16(data + pos + 6) % (FUZZ_DECODE_ENTRIES_MAX + 1);
		if (kind <= FUZZ_DECODE_MAP_RAW_NAMED && !raw_named) {
			/* One map only may have the name: symbol names are unique. */
			raw_named = true;
			snprintf(map->name, sizeof(map->name), "%s", RAW_MAP_NAME);
			if (kind == FUZZ_DECODE_MAP_RAW) {
				map->def[0] = BPF_MAP_TYPE_ARRAY;
				map->def[1] = sizeof(uint32_t);
				map->def[2] = sizeof(struct raw_pattern);
				map->def[3] = RAW_MAX_PATTERNS;
			}
		} else {
			snprintf(map->name, sizeof(map->name), "m%zu", i);
		}
	}
	for (i = 0; i < in->sample_count; i++, pos += FUZZ_DECODE_SAMPLE_BYTES)
		in->samples[i] = get_le32(data + pos);
	in->insn_count = (size - pos) / FUZZ_DECODE_INSN_BYTES;
	if (in->insn_count > INSNS_MAX)
		in->insn_count = INSNS_MAX;
	memcpy(in->insns, data + pos, in->insn_count * sizeof(struct bpf_insn));
	for (i = 0; i + 1 < in->insn_count; i++) {
		struct bpf_insn *insn = &in->insns[i];

		if (insn->code != (BPF_LD | BPF_IMM | BPF_DW))
			continue;
		if (insn->src_reg == 1 && insn->imm >= 0 && (size_t)insn->imm < in->map_count) {
			in->reloc_symbol[in->reloc_count] = map_symbol((size_t)insn->imm);
		} else if (insn->src_reg == 2) {
			in->reloc_symbol[in->reloc_count] = param_symbol(in, insn->imm & 1);
		} else {
			i++;
			continue;
		}
		in->reloc_insn[in->reloc_count++] = i;
		insn->src_reg = 0;
		insn->imm = 0;
		i++;
	}
	return in->insn_count > 0;
}

static void add_symbol(struct buf *symtab, uint32_t name, unsigned char type,
		       uint16_t section, uint64_t value, uint64_t size)
{
	Elf64_Sym sym = {
		.st_name = name,
		.st_info = ELF64_ST_INFO(STB_GLOBAL, type),
		.st_shndx = section,
		.st_value = value,
		.st_size = size,
	};

	buf_add(symtab, &sym, sizeof(sym), 1);
}

enum { SEC_NULL, SEC_PROG, SEC_MAPS, SEC_DATA, SEC_LICENSE, SEC_REL, SEC_SYMTAB,
       SEC_STRTAB, SEC_COUNT };

/* The object as clang would write it for this program; the caller frees out->data. */
static void build_elf(const struct fuzz_input *in, struct buf *out)
{
	struct buf strtab = { 0 }, symtab = { 0 }, maps = { 0 }, rels = { 0 };
	Elf64_Shdr shdr[SEC_COUNT];
	const char *license = (in->options & FUZZ_DECODE_GPL) ? "GPL" : "MIT";
	const char *section = (in->options & FUZZ_DECODE_SECTION_OTHER) ? "socket" :
			      "lirc_mode2/fuzz";
	static const int32_t data_values[2] = { 1, 2 };
	Elf64_Sym null_sym = { 0 };
	Elf64_Ehdr ehdr = { 0 };
	uint32_t names[SEC_COUNT] = { 0 };
	char rel_name[64];
	size_t i, at;

	str_add(&strtab, "");
	names[SEC_PROG] = str_add(&strtab, section);
	names[SEC_MAPS] = str_add(&strtab, "maps");
	names[SEC_DATA] = str_add(&strtab, ".data");
	names[SEC_LICENSE] = str_add(&strtab, "license");
	snprintf(rel_name, sizeof(rel_name), ".rel%s", section);
	names[SEC_REL] = str_add(&strtab, rel_name);
	names[SEC_SYMTAB] = str_add(&strtab, ".symtab");
	names[SEC_STRTAB] = str_add(&strtab, ".strtab");

	buf_add(&symtab, &null_sym, sizeof(null_sym), 1);
	add_symbol(&symtab, str_add(&strtab, "fuzz_prog"), STT_FUNC, SEC_PROG, 0,
		   in->insn_count * sizeof(struct bpf_insn));
	for (i = 0; i < in->map_count; i++) {
		add_symbol(&symtab, str_add(&strtab, in->maps[i].name), STT_OBJECT, SEC_MAPS,
			   i * MAP_DEF_BYTES, MAP_DEF_BYTES);
		buf_add(&maps, in->maps[i].def, MAP_DEF_BYTES, 4);
	}
	add_symbol(&symtab, str_add(&strtab, "p0"), STT_OBJECT, SEC_DATA, 0, 4);
	add_symbol(&symtab, str_add(&strtab, "p1"), STT_OBJECT, SEC_DATA, 4, 4);
	add_symbol(&symtab, str_add(&strtab, "_license"), STT_OBJECT, SEC_LICENSE, 0,
		   strlen(license) + 1);
	for (i = 0; i < in->reloc_count; i++) {
		Elf64_Rel rel = {
			.r_offset = in->reloc_insn[i] * sizeof(struct bpf_insn),
			.r_info = ELF64_R_INFO(in->reloc_symbol[i], R_BPF_64_64),
		};

		buf_add(&rels, &rel, sizeof(rel), 1);
	}

	memset(shdr, 0, sizeof(shdr));
	memset(out, 0, sizeof(*out));
	buf_add(out, &ehdr, sizeof(ehdr), 1);
	shdr[SEC_PROG] = (Elf64_Shdr){ .sh_type = SHT_PROGBITS, .sh_addralign = 8,
		.sh_flags = SHF_ALLOC | SHF_EXECINSTR };
	shdr[SEC_PROG].sh_offset = buf_add(out, in->insns,
					   in->insn_count * sizeof(struct bpf_insn), 8);
	shdr[SEC_PROG].sh_size = in->insn_count * sizeof(struct bpf_insn);
	shdr[SEC_MAPS] = (Elf64_Shdr){ .sh_type = SHT_PROGBITS, .sh_addralign = 4,
		.sh_flags = SHF_ALLOC | SHF_WRITE };
	shdr[SEC_MAPS].sh_offset = buf_add(out, maps.data, maps.size, 4);
	shdr[SEC_MAPS].sh_size = maps.size;
	shdr[SEC_DATA] = (Elf64_Shdr){ .sh_type = SHT_PROGBITS, .sh_addralign = 4,
		.sh_flags = SHF_ALLOC | SHF_WRITE };
	shdr[SEC_DATA].sh_offset = buf_add(out, data_values, sizeof(data_values), 4);
	shdr[SEC_DATA].sh_size = sizeof(data_values);
	shdr[SEC_LICENSE] = (Elf64_Shdr){ .sh_type = SHT_PROGBITS, .sh_addralign = 1,
		.sh_flags = SHF_ALLOC | SHF_WRITE };
	shdr[SEC_LICENSE].sh_offset = buf_add(out, license, strlen(license) + 1, 1);
	shdr[SEC_LICENSE].sh_size = strlen(license) + 1;
	shdr[SEC_REL] = (Elf64_Shdr){ .sh_type = SHT_REL, .sh_addralign = 8,
		.sh_entsize = sizeof(Elf64_Rel), .sh_link = SEC_SYMTAB, .sh_info = SEC_PROG };
	shdr[SEC_REL].sh_offset = buf_add(out, rels.data, rels.size, 8);
	shdr[SEC_REL].sh_size = rels.size;
	shdr[SEC_SYMTAB] = (Elf64_Shdr){ .sh_type = SHT_SYMTAB, .sh_addralign = 8,
		.sh_entsize = sizeof(Elf64_Sym), .sh_link = SEC_STRTAB, .sh_info = 1 };
	shdr[SEC_SYMTAB].sh_offset = buf_add(out, symtab.data, symtab.size, 8);
	shdr[SEC_SYMTAB].sh_size = symtab.size;
	shdr[SEC_STRTAB] = (Elf64_Shdr){ .sh_type = SHT_STRTAB, .sh_addralign = 1 };
	shdr[SEC_STRTAB].sh_offset = buf_add(out, strtab.data, strtab.size, 1);
	shdr[SEC_STRTAB].sh_size = strtab.size;
	for (i = 0; i < SEC_COUNT; i++)
		shdr[i].sh_name = names[i];
	at = buf_add(out, shdr, sizeof(shdr), 8);

	memcpy(ehdr.e_ident, ELFMAG, SELFMAG);
	ehdr.e_ident[EI_CLASS] = ELFCLASS64;
	ehdr.e_ident[EI_DATA] = ELFDATA2LSB;
	ehdr.e_ident[EI_VERSION] = EV_CURRENT;
	ehdr.e_type = ET_REL;
	ehdr.e_machine = EM_BPF;
	ehdr.e_version = EV_CURRENT;
	ehdr.e_shoff = at;
	ehdr.e_ehsize = sizeof(ehdr);
	ehdr.e_shentsize = sizeof(Elf64_Shdr);
	ehdr.e_shnum = SEC_COUNT;
	ehdr.e_shstrndx = SEC_STRTAB;
	memcpy(out->data, &ehdr, sizeof(ehdr));
	free(strtab.data);
	free(symtab.data);
	free(maps.data);
	free(rels.data);
}

static void write_file(const char *path, const void *data, size_t size)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	const uint8_t *p = data;
	ssize_t n;

	FUZZ_ASSERT(fd >= 0, "%s: %s", path, strerror(errno));
	while (size) {
		n = write(fd, p, size);
		FUZZ_ASSERT(n > 0, "%s: %s", path, strerror(errno));
		p += n;
		size -= (size_t)n;
	}
	close(fd);
}

static void write_capture(const char *path, const struct fuzz_input *in)
{
	static const char *const kinds[] = { "pulse", "space", "timeout" };
	char text[SAMPLES_MAX * 32];
	size_t len = 0, i;

	for (i = 0; i < in->sample_count; i++) {
		uint32_t duration = in->samples[i] & 0xffffff;

		len += (size_t)snprintf(text + len, sizeof(text) - len, "%s %u\n",
					kinds[(in->samples[i] >> 24) % 3],
					duration ? duration : 1);
	}
	write_file(path, text, len);
}

/* The layout the host writes, as plan.c checks it (raw_pattern.h). */
static bool raw_layout(const uint32_t *def)
{
	return def[0] == BPF_MAP_TYPE_ARRAY && def[1] == sizeof(uint32_t) &&
	       def[2] == sizeof(struct raw_pattern) && def[3] == RAW_MAX_PATTERNS;
}

static char work_dir[64];

static void remove_work_dir(void)
{
	static const char *const files[] = { "raw.o", "capture.txt", "raw.toml" };
	char path[96];
	size_t i;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", work_dir, files[i]);
		unlink(path);
	}
	rmdir(work_dir);
}

/* One directory per process for the files --decode reads, removed at exit. */
static void make_work_dir(void)
{
	if (work_dir[0])
		return;
	/* In memory when the system has a tmpfs there: three files written per input. */
	snprintf(work_dir, sizeof(work_dir), "/dev/shm/irkit-fuzz-decode-XXXXXX");
	if (!mkdtemp(work_dir)) {
		snprintf(work_dir, sizeof(work_dir), "/tmp/irkit-fuzz-decode-XXXXXX");
		FUZZ_ASSERT(mkdtemp(work_dir), "mkdtemp: %s", strerror(errno));
	}
	atexit(remove_work_dir);
}

static int decode(const struct fuzz_input *in, struct ir_error *err)
{
	static const char keymap[] =
		"[[protocols]]\nprotocol = \"raw\"\n"
		"[[protocols.raw]]\nkeycode = \"KEY_UP\"\nraw = \"+1000 -500 +1000 -1500 +500\"\n"
		"[[protocols.raw]]\nkeycode = \"KEY_DOWN\"\nraw = \"+1000 -1500 +500\"\n";
	char object[96], capture[96], keymap_path[96], param_name[] = "p0";
	char *protocols[1] = { object }, *keymaps[1] = { keymap_path };
	struct plan_parameter param = { NULL, param_name, 7 };
	struct keytable_options options = {
		.action = KEYTABLE_ACTION_DECODE,
		.sysroot = "",
		.decode_file = capture,
		.delay = -1,
		.period = -1,
		.protocols = protocols,
		.protocol_count = 1,
	};
	struct buf elf;
	int saved_stdout, null_fd, ret;

	snprintf(object, sizeof(object), "%s/raw.o", work_dir);
	snprintf(capture, sizeof(capture), "%s/capture.txt", work_dir);
	snprintf(keymap_path, sizeof(keymap_path), "%s/raw.toml", work_dir);
	build_elf(in, &elf);
	write_file(object, elf.data, elf.size);
	free(elf.data);
	write_capture(capture, in);
	if (in->options & FUZZ_DECODE_KEYMAP_RAW) {
		write_file(keymap_path, keymap, strlen(keymap));
		options.keymaps = keymaps;
		options.keymap_count = 1;
	}
	if (in->options & FUZZ_DECODE_SET_PARAM) {
		options.parameters = &param;
		options.parameter_count = 1;
	}
	/* What -t would print goes nowhere; the replay's own lines stay on stdout. */
	fflush(stdout);
	saved_stdout = dup(STDOUT_FILENO);
	null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	FUZZ_ASSERT(saved_stdout >= 0 && null_fd >= 0, "%s", strerror(errno));
	dup2(null_fd, STDOUT_FILENO);
	ret = keytable_decode(&options, err);
	fflush(stdout);
	dup2(saved_stdout, STDOUT_FILENO);
	close(saved_stdout);
	close(null_fd);
	return ret;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fuzz_input in;
	struct ir_error err = { { 0 } };
	size_t i;
	int ret;

	if (!decode_input(data, size, &in))
		return 0;
	make_work_dir();
	ret = decode(&in, &err);
	/* For triage: what the input led to. */
	if (getenv("FUZZ_DECODE_VERBOSE"))
		fprintf(stderr, "keytable_decode: %d %s\n", ret, err.message);
	FUZZ_ASSERT(ret <= 0, "returned %d", ret);
	FUZZ_ASSERT(ret == 0 || err.message[0], "error %d without a message", ret);
	if (ret == 0 && (in.options & FUZZ_DECODE_KEYMAP_RAW))
		for (i = 0; i < in.map_count; i++)
			FUZZ_ASSERT(strcmp(in.maps[i].name, RAW_MAP_NAME) ||
				    raw_layout(in.maps[i].def),
				    "raw patterns written to a map of type %u, %u-byte keys, "
				    "%u-byte values, %u entries", in.maps[i].def[0],
				    in.maps[i].def[1], in.maps[i].def[2], in.maps[i].def[3]);
	return 0;
}
