// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The stated limits (ir-keytable(1), LIMITS): for each, an input exactly at the limit
 * is accepted and one just past it is refused with its own message. And what a
 * hostile input within the limits may cost (TOML keys made to collide). Inputs are built
 * here; line and column numbers in the expected messages are counted from how the
 * text is built, not taken from the code under test.
 */
#include "config.h"

#include <check.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bpf-insn.h"
#include "bpf_object.h"
#include "bpf_vm.h"
#include "capture.h"
#include "keymap.h"
#include "raw_pattern.h"
#include "toml.h"
#include "test-main.h"

#define OBJECTS TOP_BUILDDIR "/tests/bpf/"

/* A growing NUL-terminated text. */
struct text {
	char *s;
	size_t len, size;
};

__attribute__((format(printf, 2, 3)))
static void add(struct text *t, const char *fmt, ...)
{
	va_list args;
	int n;

	for (;;) {
		va_start(args, fmt);
		n = vsnprintf(t->s ? t->s + t->len : NULL, t->s ? t->size - t->len : 0, fmt, args);
		va_end(args);
		/* No ck_assert on this path: it is taken millions of times. */
		if (n < 0)
			abort();
		if (t->s && (size_t)n < t->size - t->len)
			break;
		t->size = (t->size + (size_t)n + 1) * 2;
		t->s = realloc(t->s, t->size);
		if (!t->s)
			abort();
	}
	t->len += (size_t)n;
}

/* Pad with a comment line ("#xxx...\n") so that the text is exactly len bytes. */
static void pad_to(struct text *t, size_t len)
{
	size_t fill;

	ck_assert_uint_ge(len, t->len + 2);
	fill = len - t->len - 2;
	add(t, "#%*s\n", (int)fill, "");
	memset(t->s + t->len - 1 - fill, 'x', fill);
	ck_assert_uint_eq(t->len, len);
}

static int load_toml(const struct text *t, struct keymap **ret_keymap, struct ir_error *err)
{
	return keymap_load_toml(t->s, t->len, "t.toml", ret_keymap, err);
}

static int load_legacy(const struct text *t, struct keymap **ret_keymap,
		       struct ir_error *err)
{
	return keymap_load_legacy(t->s, t->len, "t.legacy", ret_keymap, err);
}

/* A temporary file in the build directory holding len bytes of t (zeros past it). */
static char *temp_file(const struct text *t, size_t len)
{
	char *path = strdup("test-limits-XXXXXX");
	int fd;

	ck_assert_ptr_nonnull(path);
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	if (t)
		ck_assert_int_eq(write(fd, t->s, t->len), (ssize_t)t->len);
	/* The rest is a hole: no disk space, zeros when read. */
	ck_assert_int_eq(ftruncate(fd, (off_t)len), 0);
	close(fd);
	return path;
}

/* ---- keymaps ---- */

START_TEST(test_keymap_file_size)
{
	struct keymap *keymap = NULL;
	struct ir_error err;
	struct text t = { 0 };
	char *path;

	add(&t, "[[protocols]]\nprotocol = \"nec\"\n[protocols.scancodes]\n0x1 = \"KEY_A\"\n");
	pad_to(&t, 2 * 1024 * 1024);
	ck_assert_int_eq(load_toml(&t, &keymap, &err), 0);
	ck_assert_uint_eq(keymap->protocols[0].scancode_count, 1);
	keymap_free(keymap);
	/* Through a file too. */
	path = temp_file(&t, t.len);
	ck_assert_int_eq(rename(path, "test-limits.toml"), 0);
	ck_assert_int_eq(keymap_load_file("test-limits.toml", &keymap, &err), 0);
	keymap_free(keymap);

	/* One byte more. */
	t.s[t.len - 1] = 'x';
	add(&t, "\n");
	ck_assert_int_eq(load_toml(&t, &keymap, &err), -EFBIG);
	ck_assert_str_eq(err.message, "t.toml: larger than 2097152 bytes");
	ck_assert_int_eq(load_legacy(&t, &keymap, &err), -EFBIG);
	ck_assert_str_eq(err.message, "t.legacy: larger than 2097152 bytes");
	free(path);
	path = temp_file(&t, t.len);
	ck_assert_int_eq(rename(path, "test-limits.toml"), 0);
	ck_assert_int_eq(keymap_load_file("test-limits.toml", &keymap, &err), -EFBIG);
	ck_assert_str_eq(err.message, "test-limits.toml: larger than 2097152 bytes");
	unlink("test-limits.toml");
	/* A file that never ends is not read to its end. */
	ck_assert_int_eq(keymap_load_file("/dev/zero", &keymap, &err), -EFBIG);
	ck_assert_str_eq(err.message, "/dev/zero: larger than 2097152 bytes");
	free(path);
	free(t.s);
}
END_TEST

START_TEST(test_keymap_legacy_file_size)
{
	struct keymap *keymap = NULL;
	struct ir_error err;
	struct text t = { 0 };

	add(&t, "# table t, type: NEC\n0x1 KEY_A\n");
	pad_to(&t, 2 * 1024 * 1024);
	ck_assert_int_eq(load_legacy(&t, &keymap, &err), 0);
	ck_assert_uint_eq(keymap->protocols[0].scancode_count, 1);
	keymap_free(keymap);
	free(t.s);
}
END_TEST

/* protocols with counts[i] scancodes each: 0x0, 0x1, ... one per line. */
static void toml_scancodes(struct text *t, const size_t *counts, size_t protocols)
{
	size_t p, i, next = 0;

	for (p = 0; p < protocols; p++) {
		add(t, "[[protocols]]\nprotocol = \"nec\"\n[protocols.scancodes]\n");
		for (i = 0; i < counts[p]; i++)
			add(t, "0x%zx = \"KEY_A\"\n", next++);
	}
}

START_TEST(test_keymap_scancodes)
{
	static const size_t at_limit[] = { 8192 }, past[] = { 8193 };
	static const size_t split_at[] = { 4096, 4096 }, split_past[] = { 4096, 4097 };
	struct keymap *keymap = NULL;
	struct ir_error err;
	struct text t = { 0 };

	toml_scancodes(&t, at_limit, 1);
	ck_assert_int_eq(load_toml(&t, &keymap, &err), 0);
	ck_assert_uint_eq(keymap->protocols[0].scancode_count, 8192);
	keymap_free(keymap);

	/* Three header lines, then scancode k (from 1) on line 3 + k. */
	t.len = 0;
	toml_scancodes(&t, past, 1);
	ck_assert_int_eq(load_toml(&t, &keymap, &err), -EINVAL);
	ck_assert_str_eq(err.message, "t.toml:8196:1: more than 8192 scancodes in one keymap");

	/* All protocols count together. */
	t.len = 0;
	toml_scancodes(&t, split_at, 2);
	ck_assert_int_eq(load_toml(&t, &keymap, &err), 0);
	keymap_free(keymap);
	t.len = 0;
	toml_scancodes(&t, split_past, 2);
	ck_assert_int_eq(load_toml(&t, &keymap, &err), -EINVAL);
	/* 3 + 4096 lines, 3 more headers, then the 4097th of the second protocol. */
	ck_assert_str_eq(err.message, "t.toml:8199:1: more than 8192 scancodes in one keymap");
	free(t.s);
}
END_TEST

START_TEST(test_keymap_legacy_scancodes)
{
	struct keymap *keymap = NULL;
	struct ir_error err;
	struct text t = { 0 };
	size_t i;

	add(&t, "# table t, type: NEC\n");
	for (i = 0; i < 8192; i++)
		add(&t, "0x%zx KEY_A\n", i);
	ck_assert_int_eq(load_legacy(&t, &keymap, &err), 0);
	ck_assert_uint_eq(keymap->protocols[0].scancode_count, 8192);
	keymap_free(keymap);
	add(&t, "0x%zx KEY_A\n", i);
	ck_assert_int_eq(load_legacy(&t, &keymap, &err), -EINVAL);
	ck_assert_str_eq(err.message, "t.legacy:8194:1: more than 8192 scancodes in one keymap");
	free(t.s);
}
END_TEST

/* count raw entries of one pulse each; entry k (from 1) starts on line 3k. */
static void toml_raws(struct text *t, size_t count)
{
	size_t i;

	add(t, "[[protocols]]\nprotocol = \"raw\"\n");
	for (i = 0; i < count; i++)
		add(t, "[[protocols.raw]]\nkeycode = \"KEY_A\"\nraw = \"+%zu\"\n", i + 1);
}

START_TEST(test_keymap_raws)
{
	struct keymap *keymap = NULL;
	struct ir_error err;
	struct text t = { 0 };

	toml_raws(&t, 1024);
	ck_assert_int_eq(load_toml(&t, &keymap, &err), 0);
	ck_assert_uint_eq(keymap->protocols[0].raw_count, 1024);
	keymap_free(keymap);
	t.len = 0;
	toml_raws(&t, 1025);
	ck_assert_int_eq(load_toml(&t, &keymap, &err), -EINVAL);
	ck_assert_str_eq(err.message, "t.toml:3075: more than 1024 raw entries in one keymap");
	free(t.s);
}
END_TEST

/* One raw entry of count durations, as a string or an integer array, on line 4. */
static void toml_raw_pattern(struct text *t, size_t count, bool array)
{
	size_t i;

	add(t, "[[protocols]]\nprotocol = \"raw\"\n[[protocols.raw]]\nraw = %s",
	    array ? "[" : "\"");
	for (i = 0; i < count; i++)
		add(t, "%s%s100", i ? (array ? ", " : " ") : "", i % 2 ? "-" : "+");
	add(t, "%s\nkeycode = \"KEY_A\"\n", array ? "]" : "\"");
}

START_TEST(test_keymap_raw_length)
{
	struct keymap *keymap = NULL;
	struct ir_error err;
	struct text t = { 0 };
	int array;

	for (array = 0; array < 2; array++) {
		t.len = 0;
		toml_raw_pattern(&t, 127, array);
		ck_assert_int_eq(load_toml(&t, &keymap, &err), 0);
		ck_assert_uint_eq(keymap->protocols[0].raws[0].duration_count, 127);
		ck_assert_uint_eq(keymap->protocols[0].raws[0].durations[126], 100);
		keymap_free(keymap);
		/* 128 is also even, but its length is what is wrong with it. */
		t.len = 0;
		toml_raw_pattern(&t, 128, array);
		ck_assert_int_eq(load_toml(&t, &keymap, &err), -EINVAL);
		ck_assert_str_eq(err.message, "t.toml:4:7: raw pattern has more than 127 values");
		t.len = 0;
		toml_raw_pattern(&t, 129, array);
		ck_assert_int_eq(load_toml(&t, &keymap, &err), -EINVAL);
		ck_assert_str_eq(err.message, "t.toml:4:7: raw pattern has more than 127 values");
	}
	free(t.s);
}
END_TEST

START_TEST(test_keymap_raw_duration)
{
	static const char at[] = "[[protocols]]\nprotocol = \"raw\"\n[[protocols.raw]]\n"
				 "keycode = \"KEY_A\"\nraw = \"+16777215\"\n";
	static const char past[] = "[[protocols]]\nprotocol = \"raw\"\n[[protocols.raw]]\n"
				   "keycode = \"KEY_A\"\nraw = \"+16777216\"\n";
	struct keymap *keymap = NULL;
	struct ir_error err;

	ck_assert_int_eq(keymap_load_toml(at, strlen(at), "t.toml", &keymap, &err), 0);
	ck_assert_uint_eq(keymap->protocols[0].raws[0].durations[0], 0xffffff);
	keymap_free(keymap);
	ck_assert_int_eq(keymap_load_toml(past, strlen(past), "t.toml", &keymap, &err), -EINVAL);
	ck_assert_str_eq(err.message, "t.toml:5:7: raw pattern: value 1 ('+16777216') out of "
			 "range (largest is 16777215)");
}
END_TEST

/* What a keymap may hold, the raw decoder can take; ir-keytable checks the rest. */
START_TEST(test_keymap_raw_decoder)
{
	ck_assert_int_eq(KEYMAP_RAW_DURATIONS_MAX, RAW_MAX_DURATIONS);
	ck_assert_int_ge(KEYMAP_RAWS_MAX, RAW_MAX_PATTERNS);
}
END_TEST

/* ---- TOML ---- */

/*
 * FNV-1a (32 bits) reaches the same state after either block of each pair, from the
 * state it has after "k" and the blocks before (found by a birthday search on the FNV-1a
 * definition, outside this project). So the 2^14 keys "k" + one block of each pair all
 * have one FNV-1a hash: a table indexed by that hash alone puts them in one chain.
 */
static const char *const colliding_blocks[14][2] = {
	{ "mtzx", "31cd" }, { "yyao", "1kia" }, { "g3zx", "1pad" }, { "epvu", "33ea" },
	{ "zwfo", "2uja" }, { "g3zx", "1pad" }, { "epvu", "33ea" }, { "zwfo", "2uja" },
	{ "g3zx", "1pad" }, { "epvu", "33ea" }, { "zwfo", "2uja" }, { "g3zx", "1pad" },
	{ "epvu", "33ea" }, { "zwfo", "2uja" },
};

static uint32_t fnv1a(const char *s, size_t len)
{
	uint32_t h = 2166136261u;
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

static double cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The least CPU time of three parses. */
static double parse_time(const struct text *t)
{
	double best = 1e9, start;
	struct toml_value *root;
	struct ir_error err;
	int i;

	for (i = 0; i < 3; i++) {
		start = cpu_seconds();
		ck_assert_int_eq(toml_parse(t->s, t->len, "t.toml", &root, &err), 0);
		if (cpu_seconds() - start < best)
			best = cpu_seconds() - start;
		ck_assert_uint_eq(toml_table_count(root), 16384);
		toml_free(root);
	}
	return best;
}

START_TEST(test_toml_colliding_keys)
{
	struct text colliding = { 0 }, plain = { 0 };
	uint32_t first_hash = 0;
	double slow, fast;
	size_t i, b;

	for (i = 0; i < 16384; i++) {
		size_t start = colliding.len;

		add(&colliding, "k");
		for (b = 0; b < 14; b++)
			add(&colliding, "%s", colliding_blocks[b][(i >> b) & 1]);
		/* The premise, checked here rather than trusted. */
		if (i == 0)
			first_hash = fnv1a(colliding.s + start, colliding.len - start);
		else if (fnv1a(colliding.s + start, colliding.len - start) != first_hash)
			ck_abort_msg("key %zu does not collide", i);
		add(&colliding, " = 1\n");
		/* The same shape, without the collisions. */
		add(&plain, "k%056zu = 1\n", i);
	}
	ck_assert_uint_eq(colliding.len, plain.len);
	slow = parse_time(&colliding);
	fast = parse_time(&plain);
	/* Unseeded, the colliding keys cost about 80 times more: quadratic probing. */
	ck_assert_msg(slow < 10 * fast + 0.05, "colliding keys: %.3f s, others: %.3f s", slow,
		      fast);
	free(colliding.s);
	free(plain.s);
}
END_TEST

/* ---- captures ---- */

START_TEST(test_capture_file_size)
{
	struct capture *capture = NULL;
	struct ir_error err;
	struct text t = { 0 };
	char *path;

	/* At the limit the file is read and parsed: its zeros are the parser's to refuse. */
	add(&t, "pulse 1\n");
	path = temp_file(&t, 256u * 1024 * 1024);
	ck_assert_int_eq(capture_load_file(path, &capture, &err), -EINVAL);
	ck_assert_msg(strstr(err.message, ":2:1: NUL byte in text") != NULL, "%s", err.message);
	unlink(path);
	free(path);
	path = temp_file(&t, 256u * 1024 * 1024 + 1);
	ck_assert_int_eq(capture_load_file(path, &capture, &err), -EFBIG);
	ck_assert_msg(strstr(err.message, ": file is larger than 268435456 bytes") != NULL, "%s",
		      err.message);
	unlink(path);
	free(path);
	free(t.s);
}
END_TEST

/* ---- BPF objects ---- */

struct file {
	uint8_t *data;
	size_t size;
};

static struct file read_whole(const char *path)
{
	struct file f = { 0 };
	struct stat st;
	int fd = open(path, O_RDONLY);

	ck_assert_msg(fd >= 0, "%s: %s", path, strerror(errno));
	ck_assert_int_eq(fstat(fd, &st), 0);
	f.size = (size_t)st.st_size;
	f.data = malloc(f.size);
	ck_assert_ptr_nonnull(f.data);
	ck_assert_int_eq(read(fd, f.data, f.size), (ssize_t)f.size);
	close(fd);
	return f;
}

START_TEST(test_object_size)
{
	const size_t max = 1024 * 1024;
	struct file article = read_whole(OBJECTS "article.o");
	struct bpf_object *object = NULL;
	struct ir_error err;
	struct text t = { 0 };
	uint8_t *padded = calloc(max + 1, 1);
	char *path;

	/* An ELF file may carry bytes that no section covers. */
	ck_assert_ptr_nonnull(padded);
	memcpy(padded, article.data, article.size);
	ck_assert_int_eq(bpf_object_open_memory(padded, max, "a.o", &object, &err), 0);
	bpf_object_free(object);
	ck_assert_int_eq(bpf_object_open_memory(padded, max + 1, "a.o", &object, &err), -EFBIG);
	ck_assert_str_eq(err.message, "a.o: larger than 1048576 bytes");

	t.s = (char *)article.data;
	t.len = article.size;
	path = temp_file(&t, max);
	ck_assert_int_eq(bpf_object_open_file(path, &object, &err), 0);
	bpf_object_free(object);
	unlink(path);
	free(path);
	path = temp_file(&t, max + 1);
	ck_assert_int_eq(bpf_object_open_file(path, &object, &err), -EFBIG);
	unlink(path);
	free(path);
	free(padded);
	free(article.data);
}
END_TEST

/*
 * A relocatable BPF object made by hand: one function "prog" in section "lirc_mode2"
 * (so the program is named after the section) of insn_count instructions (r0 = 0 ...
 * exit), a license, a symbol table. Little-endian host assumed, as the structures are
 * written as they are.
 */
static struct file make_object(size_t insn_count)
{
	static const char strings[] = "\0.strtab\0lirc_mode2\0license\0.symtab\0prog";
	enum { NAME_STRTAB = 1, NAME_CODE = 9, NAME_LICENSE = 20, NAME_SYMTAB = 28,
	       NAME_PROG = 36 };
	const size_t code_off = 64 + 64, code_size = insn_count * 8;
	const size_t license_off = code_off + code_size, symtab_off = license_off + 8;
	const size_t shoff = symtab_off + 2 * sizeof(Elf64_Sym);
	struct file f = { .size = shoff + 5 * sizeof(Elf64_Shdr) };
	Elf64_Ehdr *ehdr;
	Elf64_Shdr *shdr;
	Elf64_Sym *sym;
	size_t i;

	ck_assert_uint_ge(insn_count, 1);
	f.data = calloc(1, f.size);
	ck_assert_ptr_nonnull(f.data);
	ehdr = (Elf64_Ehdr *)f.data;
	memcpy(ehdr->e_ident, ELFMAG, SELFMAG);
	ehdr->e_ident[EI_CLASS] = ELFCLASS64;
	ehdr->e_ident[EI_DATA] = ELFDATA2LSB;
	ehdr->e_ident[EI_VERSION] = EV_CURRENT;
	ehdr->e_type = ET_REL;
	ehdr->e_machine = EM_BPF;
	ehdr->e_version = EV_CURRENT;
	ehdr->e_shoff = shoff;
	ehdr->e_ehsize = sizeof(Elf64_Ehdr);
	ehdr->e_shentsize = sizeof(Elf64_Shdr);
	ehdr->e_shnum = 5;
	ehdr->e_shstrndx = 1;
	memcpy(f.data + 64, strings, sizeof(strings));
	for (i = 0; i < insn_count; i++) {
		/* BPF_ALU64 | BPF_MOV | BPF_K (0xb7) r0 = 0, and BPF_JMP | BPF_EXIT (0x95). */
		f.data[code_off + i * 8] = i + 1 < insn_count ? 0xb7 : 0x95;
	}
	memcpy(f.data + license_off, "GPL", 4);
	sym = (Elf64_Sym *)(f.data + symtab_off);
	sym[1].st_name = NAME_PROG;
	sym[1].st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC);
	sym[1].st_shndx = 2;
	sym[1].st_size = code_size;
	shdr = (Elf64_Shdr *)(f.data + shoff);
	shdr[1] = (Elf64_Shdr){ .sh_name = NAME_STRTAB, .sh_type = SHT_STRTAB, .sh_offset = 64,
				.sh_size = sizeof(strings), .sh_addralign = 1 };
	shdr[2] = (Elf64_Shdr){ .sh_name = NAME_CODE, .sh_type = SHT_PROGBITS,
				.sh_flags = SHF_ALLOC | SHF_EXECINSTR, .sh_offset = code_off,
				.sh_size = code_size, .sh_addralign = 8 };
	shdr[3] = (Elf64_Shdr){ .sh_name = NAME_LICENSE, .sh_type = SHT_PROGBITS,
				.sh_flags = SHF_ALLOC | SHF_WRITE, .sh_offset = license_off,
				.sh_size = 4, .sh_addralign = 1 };
	shdr[4] = (Elf64_Shdr){ .sh_name = NAME_SYMTAB, .sh_type = SHT_SYMTAB,
				.sh_offset = symtab_off, .sh_size = 2 * sizeof(Elf64_Sym),
				.sh_link = 1, .sh_info = 1, .sh_addralign = 8,
				.sh_entsize = sizeof(Elf64_Sym) };
	return f;
}

/*
 * An object made to be slow: sections sections named "maps" (empty) and symbols
 * symbols. A reader that looks at every symbol for each map section does
 * sections * symbols steps.
 */
static struct file make_slow_object(size_t sections, size_t symbols)
{
	static const char strings[] = "\0.strtab\0lirc_mode2\0license\0.symtab\0maps\0s";
	enum { NAME_STRTAB = 1, NAME_CODE = 9, NAME_LICENSE = 20, NAME_SYMTAB = 28,
	       NAME_MAPS = 36, NAME_S = 41 };
	const size_t code_off = 64 + 48, license_off = code_off + 16;
	const size_t symtab_off = license_off + 8, symtab_size = (symbols + 1) * sizeof(Elf64_Sym);
	const size_t shoff = symtab_off + symtab_size;
	struct file f = { .size = shoff + (5 + sections) * sizeof(Elf64_Shdr) };
	Elf64_Ehdr *ehdr;
	Elf64_Shdr *shdr;
	Elf64_Sym *sym;
	size_t i;

	ck_assert_uint_le(sizeof(strings), 48);
	f.data = calloc(1, f.size);
	ck_assert_ptr_nonnull(f.data);
	ehdr = (Elf64_Ehdr *)f.data;
	memcpy(ehdr->e_ident, ELFMAG, SELFMAG);
	ehdr->e_ident[EI_CLASS] = ELFCLASS64;
	ehdr->e_ident[EI_DATA] = ELFDATA2LSB;
	ehdr->e_ident[EI_VERSION] = EV_CURRENT;
	ehdr->e_type = ET_REL;
	ehdr->e_machine = EM_BPF;
	ehdr->e_version = EV_CURRENT;
	ehdr->e_shoff = shoff;
	ehdr->e_ehsize = sizeof(Elf64_Ehdr);
	ehdr->e_shentsize = sizeof(Elf64_Shdr);
	ehdr->e_shnum = (Elf64_Half)(5 + sections);
	ehdr->e_shstrndx = 1;
	memcpy(f.data + 64, strings, sizeof(strings));
	f.data[code_off] = 0xb7;	/* r0 = 0 */
	f.data[code_off + 8] = 0x95;	/* exit */
	memcpy(f.data + license_off, "GPL", 4);
	sym = (Elf64_Sym *)(f.data + symtab_off);
	for (i = 1; i <= symbols; i++) {
		sym[i].st_name = NAME_S;
		sym[i].st_info = ELF64_ST_INFO(STB_GLOBAL, STT_NOTYPE);
		sym[i].st_shndx = 2;
	}
	shdr = (Elf64_Shdr *)(f.data + shoff);
	shdr[1] = (Elf64_Shdr){ .sh_name = NAME_STRTAB, .sh_type = SHT_STRTAB, .sh_offset = 64,
				.sh_size = sizeof(strings), .sh_addralign = 1 };
	shdr[2] = (Elf64_Shdr){ .sh_name = NAME_CODE, .sh_type = SHT_PROGBITS,
				.sh_flags = SHF_ALLOC | SHF_EXECINSTR, .sh_offset = code_off,
				.sh_size = 16, .sh_addralign = 8 };
	shdr[3] = (Elf64_Shdr){ .sh_name = NAME_LICENSE, .sh_type = SHT_PROGBITS,
				.sh_flags = SHF_ALLOC | SHF_WRITE, .sh_offset = license_off,
				.sh_size = 4, .sh_addralign = 1 };
	shdr[4] = (Elf64_Shdr){ .sh_name = NAME_SYMTAB, .sh_type = SHT_SYMTAB,
				.sh_offset = symtab_off, .sh_size = symtab_size,
				.sh_link = 1, .sh_info = 1, .sh_addralign = 8,
				.sh_entsize = sizeof(Elf64_Sym) };
	for (i = 0; i < sections; i++)
		shdr[5 + i] = (Elf64_Shdr){ .sh_name = NAME_MAPS, .sh_type = SHT_PROGBITS,
					    .sh_flags = SHF_ALLOC | SHF_WRITE,
					    .sh_offset = license_off, .sh_addralign = 1 };
	return f;
}

/* CPU seconds to open an object, whatever the outcome. */
static double open_time(const struct file *f, int *ret)
{
	struct bpf_object *object = NULL;
	struct ir_error err;
	double start = cpu_seconds();

	*ret = bpf_object_open_memory(f->data, f->size, "slow.o", &object, &err);
	bpf_object_free(object);
	return cpu_seconds() - start;
}

START_TEST(test_object_slow)
{
	/* The most sections times symbols that fit in 1 MiB: half of it each. */
	struct file within = make_slow_object(8000, 21000);
	/* 9 MB: it took 18 s when objects of 64 MiB were read. */
	struct file past = make_slow_object(30000, 300000);
	double spent;
	int ret;

	ck_assert_uint_le(within.size, 1024 * 1024);
	spent = open_time(&within, &ret);
	ck_assert_int_eq(ret, 0);
	ck_assert_msg(spent < 1.0, "%zu bytes: %.3f s", within.size, spent);
	spent = open_time(&past, &ret);
	ck_assert_int_eq(ret, -EFBIG);
	ck_assert_msg(spent < 0.1, "%zu bytes: %.3f s", past.size, spent);
	free(within.data);
	free(past.data);
}
END_TEST

START_TEST(test_program_size)
{
	/* make_object(n) is 504 + 8n bytes: the longest program that fits in 1 MiB. */
	const size_t longest = (1024 * 1024 - 504) / 8;
	struct file at = make_object(longest), past = make_object(longest + 1);
	struct bpf_insn *insns = calloc(1000001, sizeof(*insns));
	struct bpf_image *image = NULL, big = { .name = "big", .insns = insns };
	struct bpf_object *object = NULL;
	struct bpf_vm *vm = NULL;
	struct ir_error err;
	size_t i;

	/* Through bpf_object, the object's size comes first. */
	ck_assert_uint_eq(at.size, 1024 * 1024);
	ck_assert_int_eq(bpf_object_open_memory(at.data, at.size, "at.o", &object, &err), 0);
	ck_assert_int_eq(bpf_object_relocate(object, NULL, NULL, 0, &image, &err), 0);
	ck_assert_uint_eq(image->insn_count, longest);
	bpf_image_free(image);
	bpf_object_free(object);
	ck_assert_int_eq(bpf_object_open_memory(past.data, past.size, "past.o", &object, &err),
			 -EFBIG);

	/* A generated program of 1000000 instructions: 999999 times r0 = 0, then exit. */
	ck_assert_ptr_nonnull(insns);
	for (i = 0; i < 1000001; i++)
		insns[i] = (struct bpf_insn){ .code = BPF_ALU64 | BPF_MOV | BPF_K };
	insns[999999] = (struct bpf_insn){ .code = BPF_JMP | BPF_EXIT };
	big.insn_count = 1000000;
	ck_assert_int_eq(bpf_vm_new(&big, &vm, &err), 0);
	ck_assert_int_eq(bpf_vm_run(vm, 0x01000001, &err), 0);
	ck_assert_uint_eq(bpf_vm_last_insn_count(vm), 1000000);
	bpf_vm_free(vm);
	insns[999999] = insns[0];
	insns[1000000] = (struct bpf_insn){ .code = BPF_JMP | BPF_EXIT };
	big.insn_count = 1000001;
	ck_assert_int_eq(bpf_vm_new(&big, &vm, &err), -E2BIG);
	ck_assert_str_eq(err.message, "the program has 1000001 instructions, more than 1000000");
	free(insns);
	free(at.data);
	free(past.data);
}
END_TEST

START_TEST(test_vm_maps)
{
	struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	struct bpf_map_spec maps[65];
	struct bpf_image image = { .name = "p", .insns = insns, .insn_count = 2, .maps = maps };
	struct bpf_vm *vm = NULL;
	struct ir_error err;
	size_t i;

	memset(maps, 0, sizeof(maps));
	for (i = 0; i < 65; i++) {
		snprintf(maps[i].name, sizeof(maps[i].name), "m%zu", i);
		maps[i].type = BPF_MAP_TYPE_ARRAY;
		maps[i].key_size = 4;
		maps[i].value_size = 4;
		maps[i].max_entries = 1;
	}
	image.map_count = 64;
	ck_assert_int_eq(bpf_vm_new(&image, &vm, &err), 0);
	ck_assert_int_eq(bpf_vm_map_find(vm, "m63"), 63);
	bpf_vm_free(vm);
	image.map_count = 65;
	ck_assert_int_eq(bpf_vm_new(&image, &vm, &err), -E2BIG);
	ck_assert_str_eq(err.message, "the program uses 65 maps, more than 64");
}
END_TEST

/*
 * A program looking up, again and again, a key absent from a hash map whose keys were
 * chosen to share one bucket under FNV-1a from its usual basis: each lookup would walk
 * them all, and the budget counts a helper call as one instruction.
 */
#define COLLIDING_ENTRIES 8192

START_TEST(test_vm_colliding_keys)
{
	const struct bpf_insn insns[] = {
		ST(BPF_W, 10, -4, 0),		/* the key looked up: set below */
		MOV64_IMM(6, 100000),
		LD_MAP(1, 0),
		MOV64_REG(2, 10),
		ALU64_IMM(BPF_ADD, 2, -4),
		CALL(BPF_FUNC_map_lookup_elem),
		ALU64_IMM(BPF_SUB, 6, 1),
		JMP_IMM(BPF_JNE, 6, 0, -7),
		MOV64_IMM(0, 0),
		EXIT(),
	};
	struct bpf_insn program[ARRAY_SIZE(insns)];
	struct bpf_map_spec map = { .name = "h", .type = BPF_MAP_TYPE_HASH, .key_size = 4,
				    .value_size = 4, .max_entries = COLLIDING_ENTRIES };
	struct bpf_image image = { .name = "p", .insns = program,
				   .insn_count = ARRAY_SIZE(insns), .maps = &map, .map_count = 1 };
	uint32_t *keys = calloc(COLLIDING_ENTRIES + 1, sizeof(*keys));
	uint32_t key, value = 1;
	struct bpf_vm *vm = NULL;
	struct ir_error err;
	size_t found = 0;
	double start, spent;

	/* Keys whose FNV-1a hash has the same low 13 bits (8192 buckets): one in 8192. */
	ck_assert_ptr_nonnull(keys);
	for (key = 1; found <= COLLIDING_ENTRIES; key++) {
		if ((fnv1a((const char *)&key, 4) & (COLLIDING_ENTRIES - 1)) == 0)
			keys[found++] = key;
	}
	memcpy(program, insns, sizeof(insns));
	program[0].imm = (int32_t)keys[COLLIDING_ENTRIES];	/* not in the map */
	ck_assert_int_eq(bpf_vm_new(&image, &vm, &err), 0);
	for (found = 0; found < COLLIDING_ENTRIES; found++)
		ck_assert_int_eq(bpf_vm_map_update(vm, 0, &keys[found], &value, &err), 0);
	start = cpu_seconds();
	ck_assert_int_eq(bpf_vm_run(vm, 0x01000001, &err), 0);
	spent = cpu_seconds() - start;
	/* 6 instructions a lookup, and 1 for hashing its 4-byte key (bpf_vm.h). */
	ck_assert_uint_eq(bpf_vm_last_insn_count(vm), 2 + 100000 * (6 + 1) + 2);
	/*
	 * With the keys in one chain: 819,200,000 key comparisons, many seconds; seeded
	 * buckets take tens of ms, 0.6 s seen under ASan on a loaded machine.
	 */
	ck_assert_msg(spent < 2.0, "100000 lookups took %.3f s", spent);
	bpf_vm_free(vm);
	free(keys);
}
END_TEST

static Suite *limits_suite(void)
{
	Suite *s = suite_create("limits");
	TCase *tc;

	tc = tcase_create("keymap");
	tcase_add_test(tc, test_keymap_file_size);
	tcase_add_test(tc, test_keymap_legacy_file_size);
	tcase_add_test(tc, test_keymap_scancodes);
	tcase_add_test(tc, test_keymap_legacy_scancodes);
	tcase_add_test(tc, test_keymap_raws);
	tcase_add_test(tc, test_keymap_raw_length);
	tcase_add_test(tc, test_keymap_raw_duration);
	tcase_add_test(tc, test_keymap_raw_decoder);
	suite_add_tcase(s, tc);

	tc = tcase_create("toml");
	tcase_add_test(tc, test_toml_colliding_keys);
	suite_add_tcase(s, tc);

	tc = tcase_create("capture");
	tcase_add_test(tc, test_capture_file_size);
	suite_add_tcase(s, tc);

	tc = tcase_create("bpf");
	/* Before the hash was seeded, the colliding keys took about 4 s. */
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_object_size);
	tcase_add_test(tc, test_object_slow);
	tcase_add_test(tc, test_program_size);
	tcase_add_test(tc, test_vm_maps);
	tcase_add_test(tc, test_vm_colliding_keys);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = limits_suite);
