// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Faults under the library: reads cut short, interrupted (EINTR) or failing midway, and
 * every allocation failing in turn.
 *
 * Linked with --wrap for read (and __read_chk, what a read() on a buffer of known size
 * calls under _FORTIFY_SOURCE, as Ubuntu's compilers build), malloc, calloc, realloc,
 * free, strdup, strndup and open_memstream: the library's calls (libirutils.a is linked into this program) reach
 * the wrappers below; libc's, libelf's and libbpf's own calls inside themselves do not.
 * The wrappers act only while a test has armed them, around the call under test, so
 * that Check's own allocations are never failed.
 *
 * Allocation failures: for N = 1, 2, ... the Nth allocation of a whole operation (a
 * keymap load, a capture parse, a TOML parse, ...) fails, and only it. The operation
 * must then return -ENOMEM with a message (or succeed, when it can do without), and
 * every block the library allocated must have been freed: the wrappers keep the set of
 * live blocks, independently of ASan (which the sanitizer build adds on top). N stops
 * growing when an operation runs without reaching its Nth allocation.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bpf_object.h"
#include "bpf_vm.h"
#include "capture.h"
#include "keymap.h"
#include "rc_maps.h"
#include "toml.h"
#include "test-main.h"

#define DATA TOP_SRCDIR "/tests/data/"
#define OBJECTS TOP_BUILDDIR "/tests/bpf/"

/* ---- the wrappers ---- */

void *__real_malloc(size_t size);
void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *ptr, size_t size);
void __real_free(void *ptr);
char *__real_strdup(const char *s);
char *__real_strndup(const char *s, size_t n);
FILE *__real_open_memstream(char **ret_buf, size_t *ret_size);
ssize_t __real_read(int fd, void *buf, size_t count);

void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t count, size_t size);
void *__wrap_realloc(void *ptr, size_t size);
void __wrap_free(void *ptr);
char *__wrap_strdup(const char *s);
char *__wrap_strndup(const char *s, size_t n);
FILE *__wrap_open_memstream(char **ret_buf, size_t *ret_size);
ssize_t __wrap_read(int fd, void *buf, size_t count);
ssize_t __wrap___read_chk(int fd, void *buf, size_t count, size_t buflen);

/* Live blocks: open addressing, a deleted slot holds TOMBSTONE. */
#define LIVE_SLOTS (1u << 18)
#define TOMBSTONE ((void *)1)

enum read_fault {
	READ_NORMAL,
	READ_SHORT_EINTR,	/* EINTR, then one byte, then EINTR, ... */
	READ_EIO_MIDWAY,	/* some bytes, then EIO */
	READ_FAULT_MAX,
};

/* Test state, one per test process (Check forks each test). */
static struct {
	bool armed;
	unsigned long allocations;	/* while armed */
	unsigned long fail_at;		/* 1-based; 0: none */
	bool failed;			/* the fail_at'th allocation happened */
	void *live[LIVE_SLOTS];
	size_t live_count;
	enum read_fault read_fault;
	unsigned long reads;
	size_t read_bytes;
} fault;

static size_t slot_of(const void *ptr)
{
	return (size_t)(((uintptr_t)ptr >> 4) * 0x9e3779b97f4a7c15ull >> 40) % LIVE_SLOTS;
}

static void live_add(void *ptr)
{
	size_t i = slot_of(ptr);

	if (!ptr || !fault.armed)
		return;
	while (fault.live[i] && fault.live[i] != TOMBSTONE)
		i = (i + 1) % LIVE_SLOTS;
	fault.live[i] = ptr;
	fault.live_count++;
	if (fault.live_count > LIVE_SLOTS / 2)
		abort();	/* the table would degrade: make it larger */
}

static void live_remove(void *ptr)
{
	size_t i = slot_of(ptr);

	if (!ptr)
		return;
	for (; fault.live[i]; i = (i + 1) % LIVE_SLOTS) {
		if (fault.live[i] == ptr) {
			fault.live[i] = TOMBSTONE;
			fault.live_count--;
			return;
		}
	}
	/* Not ours: allocated by libc or before arming. */
}

/* Should this allocation fail? */
static bool inject(void)
{
	if (!fault.armed)
		return false;
	fault.allocations++;
	if (fault.allocations != fault.fail_at)
		return false;
	fault.failed = true;
	errno = ENOMEM;
	return true;
}

void *__wrap_malloc(size_t size)
{
	void *p = inject() ? NULL : __real_malloc(size);

	live_add(p);
	return p;
}

void *__wrap_calloc(size_t count, size_t size)
{
	void *p = inject() ? NULL : __real_calloc(count, size);

	live_add(p);
	return p;
}

void *__wrap_realloc(void *ptr, size_t size)
{
	void *p;

	if (inject())
		return NULL;	/* ptr stays valid, and live */
	p = __real_realloc(ptr, size);
	if (p) {
		live_remove(ptr);
		live_add(p);
	}
	return p;
}

void __wrap_free(void *ptr)
{
	live_remove(ptr);
	__real_free(ptr);
}

char *__wrap_strdup(const char *s)
{
	char *p = inject() ? NULL : __real_strdup(s);

	live_add(p);
	return p;
}

char *__wrap_strndup(const char *s, size_t n)
{
	char *p = inject() ? NULL : __real_strndup(s, n);

	live_add(p);
	return p;
}

/* The stream's buffer is libc's; failing to make the stream counts as an allocation. */
FILE *__wrap_open_memstream(char **ret_buf, size_t *ret_size)
{
	return inject() ? NULL : __real_open_memstream(ret_buf, ret_size);
}

ssize_t __wrap_read(int fd, void *buf, size_t count)
{
	ssize_t n;

	if (!fault.armed || fault.read_fault == READ_NORMAL)
		return __real_read(fd, buf, count);
	fault.reads++;
	if (fault.read_fault == READ_SHORT_EINTR) {
		if (fault.reads % 2) {
			errno = EINTR;
			return -1;
		}
		return __real_read(fd, buf, count ? 1 : 0);
	}
	/* READ_EIO_MIDWAY: 7 bytes at a time, then an error after 20 bytes. */
	if (fault.read_bytes >= 20) {
		errno = EIO;
		return -1;
	}
	n = __real_read(fd, buf, count < 7 ? count : 7);
	if (n > 0)
		fault.read_bytes += (size_t)n;
	return n;
}

ssize_t __wrap___read_chk(int fd, void *buf, size_t count, size_t buflen)
{
	if (count > buflen)
		abort();
	return __wrap_read(fd, buf, count);
}

static void arm(unsigned long fail_at, enum read_fault read_fault)
{
	memset(&fault, 0, sizeof(fault));
	fault.fail_at = fail_at;
	fault.read_fault = read_fault;
	fault.armed = true;
}

static void disarm(void)
{
	fault.armed = false;
}

/* ---- reads ---- */

static char *read_text(const char *path, size_t *ret_len)
{
	struct stat st;
	char *text;
	int fd = open(path, O_RDONLY);

	ck_assert_msg(fd >= 0, "%s: %s", path, strerror(errno));
	ck_assert_int_eq(fstat(fd, &st), 0);
	text = malloc((size_t)st.st_size + 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_int_eq(read(fd, text, (size_t)st.st_size), st.st_size);
	text[st.st_size] = '\0';
	close(fd);
	*ret_len = (size_t)st.st_size;
	return text;
}

START_TEST(test_keymap_reads)
{
	static const char *const files[] = {
		DATA "keymaps/pulse_distance.toml", DATA "keymaps/raw.toml",
		DATA "keymaps/hauppauge.legacy",
	};
	struct keymap *plain = NULL, *cut = NULL;
	struct ir_error err;
	size_t i;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		ck_assert_int_eq(keymap_load_file(files[i], &plain, &err), 0);
		arm(0, READ_SHORT_EINTR);
		ck_assert_int_eq(keymap_load_file(files[i], &cut, &err), 0);
		disarm();
		/* One byte per read, an EINTR before each: as many reads as bytes, and more. */
		ck_assert_uint_gt(fault.reads, 100);
		ck_assert(keymap_equal(plain, cut));
		keymap_free(cut);
		keymap_free(plain);

		arm(0, READ_EIO_MIDWAY);
		ck_assert_int_eq(keymap_load_file(files[i], &cut, &err), -EIO);
		disarm();
		ck_assert_str_eq(strchr(err.message, ':'), ": Input/output error");
	}
}
END_TEST

START_TEST(test_rc_maps_reads)
{
	static const char *const path = TOP_SRCDIR "/rc_keymaps/rc_maps.cfg";
	struct rc_maps *plain = NULL, *cut = NULL;
	struct ir_error err;
	size_t i;

	ck_assert_int_eq(rc_maps_load_file(path, &plain, &err), 0);
	arm(0, READ_SHORT_EINTR);
	ck_assert_int_eq(rc_maps_load_file(path, &cut, &err), 0);
	disarm();
	ck_assert_uint_gt(fault.reads, 100);
	ck_assert_uint_gt(plain->entry_count, 10);
	ck_assert_uint_eq(cut->entry_count, plain->entry_count);
	for (i = 0; i < plain->entry_count; i++) {
		ck_assert_str_eq(cut->entries[i].driver, plain->entries[i].driver);
		ck_assert_str_eq(cut->entries[i].table, plain->entries[i].table);
		ck_assert_str_eq(cut->entries[i].file, plain->entries[i].file);
	}
	rc_maps_free(cut);
	rc_maps_free(plain);

	arm(0, READ_EIO_MIDWAY);
	ck_assert_int_eq(rc_maps_load_file(path, &cut, &err), -EIO);
	disarm();
	ck_assert_str_eq(err.message, TOP_SRCDIR "/rc_keymaps/rc_maps.cfg: Input/output error");
}
END_TEST

START_TEST(test_capture_reads)
{
	static const char *const path = DATA "captures/tanix-tx3mini.mode2";
	struct capture *plain = NULL, *cut = NULL;
	struct ir_error err;

	ck_assert_int_eq(capture_load_file(path, &plain, &err), 0);
	arm(0, READ_SHORT_EINTR);
	ck_assert_int_eq(capture_load_file(path, &cut, &err), 0);
	disarm();
	ck_assert_uint_gt(fault.reads, 100);
	ck_assert_uint_gt(plain->count, 10);
	ck_assert_uint_eq(cut->count, plain->count);
	ck_assert_mem_eq(cut->samples, plain->samples, plain->count * sizeof(*plain->samples));
	capture_free(cut);
	capture_free(plain);

	arm(0, READ_EIO_MIDWAY);
	ck_assert_int_eq(capture_load_file(path, &cut, &err), -EIO);
	disarm();
	ck_assert_str_eq(err.message, DATA "captures/tanix-tx3mini.mode2: cannot read: "
			 "Input/output error");
}
END_TEST

START_TEST(test_object_reads)
{
	static const char *const path = OBJECTS "article.o";
	struct bpf_object *plain = NULL, *cut = NULL;
	struct bpf_image *a = NULL, *b = NULL;
	struct ir_error err;

	ck_assert_int_eq(bpf_object_open_file(path, &plain, &err), 0);
	arm(0, READ_SHORT_EINTR);
	ck_assert_int_eq(bpf_object_open_file(path, &cut, &err), 0);
	disarm();
	ck_assert_uint_gt(fault.reads, 100);
	ck_assert_int_eq(bpf_object_relocate(plain, NULL, NULL, 0, &a, &err), 0);
	ck_assert_int_eq(bpf_object_relocate(cut, NULL, NULL, 0, &b, &err), 0);
	ck_assert_uint_eq(a->insn_count, b->insn_count);
	ck_assert_mem_eq(a->insns, b->insns, a->insn_count * sizeof(*a->insns));
	bpf_image_free(a);
	bpf_image_free(b);
	bpf_object_free(cut);
	bpf_object_free(plain);

	arm(0, READ_EIO_MIDWAY);
	ck_assert_int_eq(bpf_object_open_file(path, &cut, &err), -EIO);
	disarm();
	ck_assert_str_eq(err.message, OBJECTS "article.o: Input/output error");
}
END_TEST

/* ---- allocation failures ---- */

/* An operation: everything it allocates is freed before it returns. */
typedef int (*operation_fn)(const void *input, struct ir_error *err);

/*
 * Fail each allocation of op in turn. Returns how many allocations op makes when
 * nothing fails, so that a test can tell it exercised something.
 */
static unsigned long fail_each(operation_fn op, const void *input, const char *what)
{
	struct ir_error err;
	unsigned long n;
	int ret;

	for (n = 1;; n++) {
		ir_error_clear(&err);
		arm(n, READ_NORMAL);
		ret = op(input, &err);
		disarm();
		ck_assert_msg(fault.live_count == 0,
			      "%s: allocation %lu failed: %zu blocks leaked", what, n,
			      fault.live_count);
		if (!fault.failed) {
			ck_assert_msg(ret == 0, "%s: %d without a failure: %s", what, ret,
				      err.message);
			printf("%s: %lu allocations, each failed in turn\n", what, n - 1);
			return n - 1;
		}
		ck_assert_msg(ret == -ENOMEM || ret == 0, "%s: allocation %lu failed: %d (%s)",
			      what, n, ret, err.message);
		ck_assert_msg(ret == 0 || err.message[0], "%s: allocation %lu failed: no message",
			      what, n);
	}
}

static int op_toml(const void *input, struct ir_error *err)
{
	struct toml_value *root = NULL;
	const char *text = input;
	int ret = toml_parse(text, strlen(text), "t.toml", &root, err);

	toml_free(root);
	return ret;
}

START_TEST(test_toml_nomem)
{
	/* Tables by header, dotted keys and inline, arrays of tables, a hashed table. */
	static const char doc[] =
		"title = \"t\\u00e9st\"\n"
		"a.b.c = 1\n"
		"dates = [1979-05-27T07:32:00Z, 1979-05-27, 07:32:00, 1979-05-27T00:32:00.999]\n"
		"[server]\nip = '10.0.0.1'\nports = [ 8000, 8001, [ 1.5, -inf ] ]\n"
		"[[fruit]]\nname = \"apple\"\n[fruit.physical]\ncolor = \"red\"\n"
		"[[fruit]]\nname = \"\"\"\nbanana\"\"\"\n"
		"[many]\nk1 = 1\nk2 = 2\nk3 = 3\nk4 = 4\nk5 = 5\nk6 = 6\nk7 = 7\nk8 = 8\n"
		"k9 = 9\nk10 = { x = 1, y = { z = true } }\n";

	/* The tree lives in an arena: few allocations, each of them tried. */
	ck_assert_uint_gt(fail_each(op_toml, doc, "toml_parse"), 2);
}
END_TEST

struct keymap_input {
	const char *text;
	size_t len;
	int (*load)(const char *, size_t, const char *, struct keymap **, struct ir_error *);
};

static int op_keymap(const void *input, struct ir_error *err)
{
	const struct keymap_input *in = input;
	struct keymap *keymap = NULL;
	int ret = in->load(in->text, in->len, "k", &keymap, err);

	keymap_free(keymap);
	return ret;
}

static void keymap_nomem(const char *path,
			 int (*load)(const char *, size_t, const char *, struct keymap **,
				     struct ir_error *))
{
	struct keymap_input in = { .load = load };
	char *text = read_text(path, &in.len);

	in.text = text;
	ck_assert_uint_gt(fail_each(op_keymap, &in, path), 5);
	free(text);
}

START_TEST(test_keymap_nomem)
{
	keymap_nomem(DATA "keymaps/pulse_distance.toml", keymap_load_toml);
	keymap_nomem(DATA "keymaps/raw.toml", keymap_load_toml);
	keymap_nomem(DATA "keymaps/imon_rsc.toml", keymap_load_toml);
	keymap_nomem(DATA "keymaps/irp.toml", keymap_load_toml);
	keymap_nomem(DATA "keymaps/hauppauge.legacy", keymap_load_legacy);
	keymap_nomem(DATA "keymaps/rc6_mce.legacy", keymap_load_legacy);
}
END_TEST

static int op_keymap_file(const void *input, struct ir_error *err)
{
	struct keymap *keymap = NULL;
	int ret = keymap_load_file(input, &keymap, err);

	keymap_free(keymap);
	return ret;
}

static int op_keymap_format(const void *input, struct ir_error *err)
{
	char *text = NULL;
	size_t len = 0;
	int ret = keymap_format_toml(input, &text, &len);

	/* The writer has no ir_error: its -ENOMEM is its whole message. */
	if (ret == -ENOMEM)
		ir_error_set(err, "keymap_format_toml: -ENOMEM");
	free(text);
	return ret;
}

START_TEST(test_keymap_file_nomem)
{
	struct keymap *keymap = NULL;
	struct ir_error err;

	ck_assert_uint_gt(fail_each(op_keymap_file, DATA "keymaps/raw.toml", "raw.toml"), 5);
	ck_assert_uint_gt(fail_each(op_keymap_file, DATA "keymaps/hauppauge.legacy",
				    "hauppauge.legacy"), 5);
	ck_assert_int_eq(keymap_load_file(DATA "keymaps/pulse_distance.toml", &keymap, &err), 0);
	ck_assert_uint_gt(fail_each(op_keymap_format, keymap, "keymap_format_toml"), 0);
	keymap_free(keymap);
}
END_TEST

static int op_capture(const void *input, struct ir_error *err)
{
	struct capture *capture = NULL;
	char *text = NULL;
	size_t len = 0;
	const char *in = input;
	int ret = capture_parse(in, strlen(in), "c", &capture, err);

	if (ret == 0) {
		ret = capture_format(capture, &text, &len);
		if (ret == -ENOMEM)
			ir_error_set(err, "capture_format: -ENOMEM");
	}
	free(text);
	capture_free(capture);
	return ret;
}

START_TEST(test_capture_nomem)
{
	size_t len = 0;
	char *mode2 = read_text(DATA "captures/tanix-tx3mini.mode2", &len);
	char *irctl = read_text(DATA "captures/tanix-tx3mini.irctl", &len);

	ck_assert_uint_gt(fail_each(op_capture, mode2, "mode2 capture"), 2);
	ck_assert_uint_gt(fail_each(op_capture, irctl, "ir-ctl capture"), 2);
	free(mode2);
	free(irctl);
}
END_TEST

static int op_rc_maps(const void *input, struct ir_error *err)
{
	const struct rc_maps_entry **matches = NULL;
	struct rc_maps *maps = NULL;
	const char *text = input;
	size_t count = 0;
	int ret = rc_maps_load(text, strlen(text), "rc_maps.cfg", &maps, err);

	if (ret == 0) {
		ret = rc_maps_match(maps, "em28xx", "rc-hauppauge", &matches, &count);
		if (ret == -ENOMEM)
			ir_error_set(err, "rc_maps_match: -ENOMEM");
	}
	free(matches);
	rc_maps_free(maps);
	return ret;
}

START_TEST(test_rc_maps_nomem)
{
	size_t len = 0;
	char *text = read_text(TOP_SRCDIR "/rc_keymaps/rc_maps.cfg", &len);

	ck_assert_uint_gt(fail_each(op_rc_maps, text, "rc_maps.cfg"), 10);
	free(text);
}
END_TEST

struct object_input {
	const uint8_t *data;
	size_t size;
};

static int op_object(const void *input, struct ir_error *err)
{
	const struct object_input *in = input;
	struct bpf_param_value param = { .name = "margin", .value = 100 };
	struct bpf_object *object = NULL;
	struct bpf_image *image = NULL;
	struct bpf_vm *vm = NULL;
	int ret;

	ret = bpf_object_open_memory(in->data, in->size, "o", &object, err);
	if (ret == 0)
		ret = bpf_object_relocate(object, bpf_object_program_name(object, 0), &param, 1,
					  &image, err);
	if (ret == 0)
		ret = bpf_vm_new(image, &vm, err);
	if (ret == 0)
		ret = bpf_vm_run(vm, 0x01002328, err);
	bpf_vm_free(vm);
	bpf_image_free(image);
	bpf_object_free(object);
	return ret;
}

START_TEST(test_object_nomem)
{
	static const char *const objects[] = {
		OBJECTS "article.o", OBJECTS "btf_maps.o", OBJECTS "rodata_params.o",
		OBJECTS "address_params_v1.o", OBJECTS "subprog.o",
	};
	struct object_input in;
	size_t i;

	for (i = 0; i < sizeof(objects) / sizeof(objects[0]); i++) {
		char *data = read_text(objects[i], &in.size);

		in.data = (const uint8_t *)data;
		ck_assert_uint_gt(fail_each(op_object, &in, objects[i]), 5);
		free(data);
	}
}
END_TEST

static Suite *faults_suite(void)
{
	Suite *s = suite_create("faults");
	TCase *tc;

	tc = tcase_create("reads");
	tcase_add_test(tc, test_keymap_reads);
	tcase_add_test(tc, test_rc_maps_reads);
	tcase_add_test(tc, test_capture_reads);
	tcase_add_test(tc, test_object_reads);
	suite_add_tcase(s, tc);

	tc = tcase_create("allocation");
	tcase_add_test(tc, test_toml_nomem);
	tcase_add_test(tc, test_keymap_nomem);
	tcase_add_test(tc, test_keymap_file_nomem);
	tcase_add_test(tc, test_capture_nomem);
	tcase_add_test(tc, test_rc_maps_nomem);
	tcase_add_test(tc, test_object_nomem);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = faults_suite);
