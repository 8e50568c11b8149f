// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fakedev.so: an LD_PRELOAD shim for the golden CLI tests (tests/cli/run-golden). It
 * makes the plain files of a fake tree's dev/ (under $IR_KEYTABLE_SYSROOT) behave as
 * the devices of an rc device, and injects faults into their calls, so that the real
 * ir-keytable can be watched losing its device, or failing midway, without a kernel.
 *
 * - fstat() of a file under $IR_KEYTABLE_SYSROOT/dev/ says "character device".
 * - dev/input/event*: an rc-core input device. Its keytable is the file's text, one
 *   "0xSCANCODE KEYCODE" line per entry in scancode order (as rc-core keeps it): read
 *   at open, written back after every change, so a test compares the file afterwards.
 *   EVIOC[GS]KEYCODE_V2 by scancode and by index do what rc-core does (KEY_RESERVED
 *   removes an entry; past the end by index is EINVAL); EVIOCSCLOCKID and
 *   EVIOC[GS]REP are taken, EVIOCGVERSION and EVIOCGID answered, and the old
 *   EVIOC[GS]KEYCODE (the peer's, tests/compat/peer-cli) done as by-scancode V2 calls.
 * - dev/lirc*: takes LIRC_SET_REC_MODE (scancodes) when IRKIT_FAKEDEV_LIRC_READS is
 *   set; without it, ENOTTY (a device without a scancode interface). bpf(2)'s
 *   BPF_PROG_QUERY on it fails with EINVAL, as on a kernel without
 *   CONFIG_BPF_LIRC_MODE2, whatever the machine running the tests allows.
 * - dev/lirc* sending: LIRC_GET_FEATURES answers IRKIT_FAKEDEV_LIRC_FEATURES (a number;
 *   unset: ENOTTY). LIRC_SET_SEND_CARRIER, LIRC_SET_SEND_DUTY_CYCLE (1 to 99, else
 *   EINVAL) and LIRC_SET_TRANSMITTER_MASK are taken when the features say so (else
 *   ENOTTY); a mask naming an emitter past IRKIT_FAKEDEV_LIRC_EMITTERS (default 2)
 *   returns their number, as the kernel's drivers do. write() takes what lirc_dev.c
 *   takes in LIRC_MODE_PULSE: whole 32-bit values, an odd count of at most 1024, each
 *   1 or more and 500000 µs in all (else EINVAL). Every one of these calls that
 *   succeeds is appended to the file IRKIT_FAKEDEV_SEND_LOG names, one line each
 *   ("LIRC_SET_SEND_CARRIER 38000", "write 3: 500 700 300"), so that a test compares
 *   what reached the device.
 * - dev/lirc* receiving: LIRC_SET_REC_MODE LIRC_MODE_MODE2 is taken when the features
 *   have LIRC_CAN_REC_MODE2, and from then on the lirc script's records are mode2
 *   samples. LIRC_SET_WIDEBAND_RECEIVER, LIRC_SET_MEASURE_CARRIER_MODE,
 *   LIRC_SET_REC_CARRIER_RANGE, LIRC_SET_REC_CARRIER (both 1 or more, else EINVAL) and
 *   LIRC_SET_REC_TIMEOUT are taken when the features have their bit (else ENOTTY), the
 *   timeout only within IRKIT_FAKEDEV_LIRC_TIMEOUT_RANGE ("MIN-MAX" µs, default
 *   1-1250000; else EINVAL), which LIRC_GET_MIN_TIMEOUT and LIRC_GET_MAX_TIMEOUT
 *   answer, as LIRC_GET_REC_TIMEOUT answers the timeout (125000 until set). Each
 *   setting that succeeds is logged as the send ioctls are ("LIRC_SET_REC_MODE 4").
 * - read() of either plays, one step per call, the space-separated steps of
 *   IRKIT_FAKEDEV_INPUT_READS or IRKIT_FAKEDEV_LIRC_READS, then says EAGAIN:
 *     REC[+REC...]  these records (as many as fit in the caller's count)
 *     partial:REC   the first half of a record: a short count inside a record
 *     EINTR EAGAIN ENODEV EIO   the call fails with that errno
 *     EOF           the call returns 0
 *     HUP           not read: poll() says POLLHUP | POLLERR for the device from now
 *                   on, as the kernel does for a device that has been unregistered
 *     SIGINT        raise(SIGINT), as CTRL-C would, and fail with EAGAIN
 *   An input record is SEC.USEC/TYPE/CODE/VALUE, a lirc one NSEC/PROTO/SCANCODE/FLAGS
 *   (numbers in C notation; fields left out at the end are 0), or in LIRC_MODE_MODE2
 *   a sample: P500 (pulse), S700 (space), T125000 (timeout), C38000 (carrier), O
 *   (overflow, of 16777215 as the kernel's), X5 (a type the header does not know). A script that runs out
 *   without ending the program makes it exit 98 after a few seconds instead of hanging
 *   the test.
 * - IRKIT_FAKEDEV_FAIL: space-separated faults, "ioctl:NAME:N:ERRNO" (the Nth call of
 *   that ioctl on a fake device fails; "N+" for the Nth and every later one) and
 *   "write:SUFFIX:N:ERRNO" (the Nth write() to a file whose path ends in SUFFIX). A
 *   file with a write fault is opened without O_TRUNC and cut to what was written, as
 *   sysfs attributes behave, so a failed write leaves its earlier content.
 *
 * An LD_PRELOAD shim sees every call of the process: its state is necessarily the
 * process's, kept in the one static struct below. It allocates nothing.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <linux/input.h>
#include <linux/lirc.h>
#include <sys/syscall.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/stat.h>

#define MAX_FDS 1024
#define MAX_KEYS 4096
#define MAX_FAULTS 8
#define MAX_PATH 4096
/* Reads after a script's end before the run is declared stuck (1 ms apart). */
#define STUCK_READS 5000
#define EXIT_STUCK 98
#define EXIT_BAD_SPEC 97

enum fake_kind {
	FAKE_NONE,
	FAKE_INPUT,
	FAKE_LIRC,
	FAKE_WATCHED,		/* a file with a write fault: not a device */
	FAKE_KIND_MAX,
};

enum fault_call {
	FAULT_IOCTL,
	FAULT_WRITE,
	FAULT_CALL_MAX,
};

struct fault {
	enum fault_call call;
	char what[64];		/* the ioctl's name, or the path's suffix */
	unsigned long request;
	unsigned int nth;
	bool and_later;
	int error;
	unsigned int calls;
};

struct key {
	uint64_t scancode;
	uint32_t keycode;
};

struct script {
	const char *text;	/* the environment's string, never written */
	size_t pos;
	unsigned int idle_reads;
};

struct real_calls {
	int (*open)(const char *, int, ...);
	int (*openat)(int, const char *, int, ...);
	int (*close)(int);
	int (*fstat)(int, struct stat *);
	int (*ioctl)(int, unsigned long, ...);
	ssize_t (*read)(int, void *, size_t);
	ssize_t (*write)(int, const void *, size_t);
	int (*poll)(struct pollfd *, nfds_t, int);
};

static struct {
	struct real_calls real;
	char root[MAX_PATH];
	size_t root_len;
	unsigned char kinds[MAX_FDS];
	signed char watch_fault[MAX_FDS];
	struct fault faults[MAX_FAULTS];
	size_t fault_count;
	char keytable_path[MAX_PATH];
	struct key keys[MAX_KEYS];
	size_t key_count;
	unsigned int repeat[2];
	struct script input_script, lirc_script;
	bool lirc_mode2;	/* LIRC_SET_REC_MODE LIRC_MODE_MODE2 taken */
	uint32_t rec_timeout;
} fake;

struct name_value {
	const char *name;
	unsigned long value;
};

static const struct name_value errno_names[] = {
	{ "EIO", EIO }, { "EINVAL", EINVAL }, { "ENODEV", ENODEV }, { "ENOMEM", ENOMEM },
	{ "EINTR", EINTR }, { "EAGAIN", EAGAIN }, { "EACCES", EACCES }, { "EPERM", EPERM },
	{ "ENOSPC", ENOSPC }, { NULL, 0 },
};

static const struct name_value ioctl_names[] = {
	{ "EVIOCGKEYCODE_V2", EVIOCGKEYCODE_V2 }, { "EVIOCSKEYCODE_V2", EVIOCSKEYCODE_V2 },
	{ "EVIOCSCLOCKID", EVIOCSCLOCKID }, { "EVIOCGREP", EVIOCGREP },
	{ "EVIOCSREP", EVIOCSREP }, { "LIRC_SET_REC_MODE", LIRC_SET_REC_MODE },
	{ "LIRC_GET_FEATURES", LIRC_GET_FEATURES },
	{ "LIRC_SET_SEND_CARRIER", LIRC_SET_SEND_CARRIER },
	{ "LIRC_SET_SEND_DUTY_CYCLE", LIRC_SET_SEND_DUTY_CYCLE },
	{ "LIRC_SET_TRANSMITTER_MASK", LIRC_SET_TRANSMITTER_MASK },
	{ "LIRC_SET_WIDEBAND_RECEIVER", LIRC_SET_WIDEBAND_RECEIVER },
	{ "LIRC_SET_MEASURE_CARRIER_MODE", LIRC_SET_MEASURE_CARRIER_MODE },
	{ "LIRC_SET_REC_CARRIER_RANGE", LIRC_SET_REC_CARRIER_RANGE },
	{ "LIRC_SET_REC_CARRIER", LIRC_SET_REC_CARRIER },
	{ "LIRC_SET_REC_TIMEOUT", LIRC_SET_REC_TIMEOUT },
	{ "LIRC_GET_MIN_TIMEOUT", LIRC_GET_MIN_TIMEOUT },
	{ NULL, 0 },
};

static bool lookup(const struct name_value *table, const char *name, size_t len,
		   unsigned long *ret_value)
{
	for (; table->name; table++)
		if (strlen(table->name) == len && !strncmp(table->name, name, len)) {
			*ret_value = table->value;
			return true;
		}
	return false;
}

static void die(int status, const char *what, const char *detail)
{
	char line[512];
	int n = snprintf(line, sizeof(line), "fakedev: %s: %s\n", what, detail);

	if (n > 0)
		fake.real.write(STDERR_FILENO, line, (size_t)n < sizeof(line) ? (size_t)n :
				sizeof(line) - 1);
	_exit(status);
}

/* "ioctl:NAME:N[+]:ERRNO" or "write:SUFFIX:N[+]:ERRNO", len bytes of spec. */
static void parse_fault(const char *spec, size_t len)
{
	struct fault *f = &fake.faults[fake.fault_count];
	const char *field[4], *end = spec + len;
	size_t field_len[4], i;
	unsigned long value;
	char *num_end;

	if (fake.fault_count == MAX_FAULTS)
		die(EXIT_BAD_SPEC, "IRKIT_FAKEDEV_FAIL", "too many faults");
	field[0] = spec;
	for (i = 0; i < 4; i++) {
		const char *colon = memchr(field[i], ':', (size_t)(end - field[i]));

		if (i < 3 && !colon)
			die(EXIT_BAD_SPEC, "IRKIT_FAKEDEV_FAIL", spec);
		field_len[i] = (size_t)((i < 3 ? colon : end) - field[i]);
		if (i < 3)
			field[i + 1] = colon + 1;
	}
	memset(f, 0, sizeof(*f));
	if (field_len[0] == 5 && !strncmp(field[0], "ioctl", 5))
		f->call = FAULT_IOCTL;
	else if (field_len[0] == 5 && !strncmp(field[0], "write", 5))
		f->call = FAULT_WRITE;
	else
		die(EXIT_BAD_SPEC, "IRKIT_FAKEDEV_FAIL", spec);
	if (field_len[1] == 0 || field_len[1] >= sizeof(f->what))
		die(EXIT_BAD_SPEC, "IRKIT_FAKEDEV_FAIL", spec);
	memcpy(f->what, field[1], field_len[1]);
	if (f->call == FAULT_IOCTL && !lookup(ioctl_names, field[1], field_len[1], &f->request))
		die(EXIT_BAD_SPEC, "IRKIT_FAKEDEV_FAIL: unknown ioctl", spec);
	f->nth = (unsigned int)strtoul(field[2], &num_end, 10);
	f->and_later = *num_end == '+';
	if (f->nth == 0 || num_end == field[2])
		die(EXIT_BAD_SPEC, "IRKIT_FAKEDEV_FAIL", spec);
	if (!lookup(errno_names, field[3], field_len[3], &value))
		die(EXIT_BAD_SPEC, "IRKIT_FAKEDEV_FAIL: unknown errno", spec);
	f->error = (int)value;
	fake.fault_count++;
}

static void parse_faults(const char *text)
{
	while (text && *text) {
		size_t len = strcspn(text, " ");

		if (len)
			parse_fault(text, len);
		text += len;
		text += strspn(text, " ");
	}
}

/*
 * Resolved on the first call: another library's constructor may open or read before
 * ours has run.
 */
static void fake_init(void)
{
	const char *root;

	if (fake.real.write)
		return;
	root = getenv("IR_KEYTABLE_SYSROOT");
	fake.real.open = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open");
	fake.real.openat = (int (*)(int, const char *, int, ...))dlsym(RTLD_NEXT, "openat");
	fake.real.close = (int (*)(int))dlsym(RTLD_NEXT, "close");
	fake.real.fstat = (int (*)(int, struct stat *))dlsym(RTLD_NEXT, "fstat");
	fake.real.ioctl = (int (*)(int, unsigned long, ...))dlsym(RTLD_NEXT, "ioctl");
	fake.real.read = (ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
	fake.real.write = (ssize_t (*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
	fake.real.poll = (int (*)(struct pollfd *, nfds_t, int))dlsym(RTLD_NEXT, "poll");
	if (!fake.real.open || !fake.real.openat || !fake.real.close || !fake.real.fstat ||
	    !fake.real.ioctl || !fake.real.read || !fake.real.write || !fake.real.poll)
		abort();
	if (root && strlen(root) + sizeof("/dev/") < sizeof(fake.root)) {
		snprintf(fake.root, sizeof(fake.root), "%s/dev/", root);
		fake.root_len = strlen(fake.root);
	}
	fake.input_script.text = getenv("IRKIT_FAKEDEV_INPUT_READS");
	fake.lirc_script.text = getenv("IRKIT_FAKEDEV_LIRC_READS");
	fake.repeat[0] = 500;
	fake.repeat[1] = 125;
	fake.rec_timeout = 125000;
	parse_faults(getenv("IRKIT_FAKEDEV_FAIL"));
}

__attribute__((constructor)) static void fake_init_early(void)
{
	fake_init();
}

/* The fault of this call, if one is due: its errno, else 0. */
static int fault_due(enum fault_call call, unsigned long request, int write_fault)
{
	size_t i;

	for (i = 0; i < fake.fault_count; i++) {
		struct fault *f = &fake.faults[i];

		if (f->call != call || (call == FAULT_IOCTL && f->request != request) ||
		    (call == FAULT_WRITE && (int)i != write_fault))
			continue;
		f->calls++;
		if (f->calls == f->nth || (f->and_later && f->calls > f->nth))
			return f->error;
	}
	return 0;
}

static int write_fault_of(const char *path)
{
	size_t len = strlen(path), i;

	for (i = 0; i < fake.fault_count; i++) {
		size_t suffix_len = strlen(fake.faults[i].what);

		if (fake.faults[i].call == FAULT_WRITE && len >= suffix_len &&
		    !strcmp(path + len - suffix_len, fake.faults[i].what))
			return (int)i;
	}
	return -1;
}

static void load_keytable(const char *path)
{
	char text[MAX_KEYS * 32], *line, *next;
	ssize_t n;
	int fd;

	snprintf(fake.keytable_path, sizeof(fake.keytable_path), "%s", path);
	fake.key_count = 0;
	fd = fake.real.open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	n = fake.real.read(fd, text, sizeof(text) - 1);
	fake.real.close(fd);
	if (n < 0)
		return;
	text[n] = '\0';
	for (line = text; *line && fake.key_count < MAX_KEYS; line = next) {
		struct key *key = &fake.keys[fake.key_count];
		char *end;

		next = line + strcspn(line, "\n");
		if (*next)
			*next++ = '\0';
		key->scancode = strtoull(line, &end, 0);
		if (end == line)
			continue;
		key->keycode = (uint32_t)strtoul(end, NULL, 0);
		fake.key_count++;
	}
}

static void save_keytable(void)
{
	char text[MAX_KEYS * 32];
	size_t len = 0, i;
	int fd;

	for (i = 0; i < fake.key_count; i++)
		len += (size_t)snprintf(text + len, sizeof(text) - len, "0x%llx %u\n",
					(unsigned long long)fake.keys[i].scancode,
					fake.keys[i].keycode);
	fd = fake.real.open(fake.keytable_path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	if (fd < 0 || fake.real.write(fd, text, len) != (ssize_t)len)
		die(EXIT_STUCK, "cannot record the keytable in", fake.keytable_path);
	fake.real.close(fd);
}

static enum fake_kind kind_of(const char *path)
{
	if (!fake.root_len || strncmp(path, fake.root, fake.root_len))
		return FAKE_NONE;
	if (!strncmp(path + fake.root_len, "input/event", 11))
		return FAKE_INPUT;
	if (!strncmp(path + fake.root_len, "lirc", 4))
		return FAKE_LIRC;
	return FAKE_NONE;
}

static int track(int fd, const char *path)
{
	enum fake_kind kind;
	int watch;

	if (fd < 0 || fd >= MAX_FDS)
		return fd;
	kind = kind_of(path);
	watch = write_fault_of(path);
	fake.kinds[fd] = (unsigned char)(kind != FAKE_NONE ? kind :
					 watch >= 0 ? FAKE_WATCHED : FAKE_NONE);
	fake.watch_fault[fd] = (signed char)watch;
	if (kind == FAKE_INPUT)
		load_keytable(path);
	return fd;
}

static int open_flags(const char *path, int flags)
{
	return write_fault_of(path) >= 0 ? flags & ~O_TRUNC : flags;
}

static mode_t open_mode(int flags, va_list args)
{
	return flags & (O_CREAT | O_TMPFILE) ? (mode_t)va_arg(args, unsigned int) : 0;
}

int open(const char *path, int flags, ...)
{
	va_list args;
	mode_t mode;

	fake_init();
	va_start(args, flags);
	mode = open_mode(flags, args);
	va_end(args);
	return track(fake.real.open(path, open_flags(path, flags), mode), path);
}

int open64(const char *path, int flags, ...) __attribute__((alias("open")));

int __open_2(const char *path, int flags);
int __open_2(const char *path, int flags)
{
	return open(path, flags);
}

int __open64_2(const char *path, int flags) __attribute__((alias("__open_2")));

int openat(int dir, const char *path, int flags, ...)
{
	va_list args;
	mode_t mode;

	fake_init();
	va_start(args, flags);
	mode = open_mode(flags, args);
	va_end(args);
	/* The paths ir-keytable opens are absolute: dir does not change them. */
	return track(fake.real.openat(dir, path, open_flags(path, flags), mode), path);
}

int openat64(int dir, const char *path, int flags, ...) __attribute__((alias("openat")));

int close(int fd)
{
	fake_init();
	if (fd >= 0 && fd < MAX_FDS)
		fake.kinds[fd] = FAKE_NONE;
	return fake.real.close(fd);
}

static enum fake_kind kind_of_fd(int fd)
{
	return fd >= 0 && fd < MAX_FDS ? (enum fake_kind)fake.kinds[fd] : FAKE_NONE;
}

/* libbpf calls bpf(2) through syscall(). */
long syscall(long number, ...)
{
	long (*real_syscall)(long, ...);
	const union bpf_attr *attr;
	long args[6];
	va_list ap;
	int i;

	va_start(ap, number);
	for (i = 0; i < 6; i++)
		args[i] = va_arg(ap, long);
	va_end(ap);
	attr = (const union bpf_attr *)args[1];
	if (number == SYS_bpf && args[0] == BPF_PROG_QUERY && attr &&
	    kind_of_fd((int)attr->query.target_fd) == FAKE_LIRC) {
		errno = EINVAL;
		return -1;
	}
	real_syscall = (long (*)(long, ...))dlsym(RTLD_NEXT, "syscall");
	if (!real_syscall)
		abort();
	return real_syscall(number, args[0], args[1], args[2], args[3], args[4], args[5]);
}

int fstat(int fd, struct stat *st)
{
	enum fake_kind kind = kind_of_fd(fd);
	int ret;

	fake_init();
	ret = fake.real.fstat(fd, st);

	if (ret == 0 && (kind == FAKE_INPUT || kind == FAKE_LIRC))
		st->st_mode = (st->st_mode & ~(mode_t)S_IFMT) | S_IFCHR;
	return ret;
}

int fstat64(int fd, struct stat64 *st) __attribute__((alias("fstat")));

/* rc-core's table lookup: the index of scancode, or where it would go. */
static size_t key_position(uint64_t scancode, bool *ret_found)
{
	size_t i;

	for (i = 0; i < fake.key_count && fake.keys[i].scancode < scancode; i++)
		;
	*ret_found = i < fake.key_count && fake.keys[i].scancode == scancode;
	return i;
}

static int entry_scancode(const struct input_keymap_entry *ke, uint64_t *ret_scancode)
{
	uint8_t u8;
	uint16_t u16;
	uint32_t u32;

	switch (ke->len) {
	case 1:
		memcpy(&u8, ke->scancode, 1);
		*ret_scancode = u8;
		return 0;
	case 2:
		memcpy(&u16, ke->scancode, 2);
		*ret_scancode = u16;
		return 0;
	case 4:
		memcpy(&u32, ke->scancode, 4);
		*ret_scancode = u32;
		return 0;
	case 8:
		memcpy(ret_scancode, ke->scancode, 8);
		return 0;
	default:
		return -EINVAL;
	}
}

static int get_keycode(struct input_keymap_entry *ke)
{
	uint64_t scancode;
	size_t index;
	bool found;

	if (ke->flags & INPUT_KEYMAP_BY_INDEX) {
		if (ke->index >= fake.key_count)
			return -EINVAL;
		index = ke->index;
		found = true;
	} else {
		if (entry_scancode(ke, &scancode))
			return -EINVAL;
		index = key_position(scancode, &found);
	}
	ke->index = (uint16_t)index;
	ke->keycode = found ? fake.keys[index].keycode : KEY_RESERVED;
	if (found) {
		/* rc-core reports the scancode as the u64 it keeps. */
		ke->len = 8;
		memset(ke->scancode, 0, sizeof(ke->scancode));
		memcpy(ke->scancode, &fake.keys[index].scancode, 8);
	}
	return 0;
}

static void remove_key(size_t index)
{
	memmove(&fake.keys[index], &fake.keys[index + 1],
		(fake.key_count - index - 1) * sizeof(fake.keys[0]));
	fake.key_count--;
}

static int set_keycode(const struct input_keymap_entry *ke)
{
	uint64_t scancode;
	size_t index;
	bool found;

	if (ke->keycode > KEY_MAX)
		return -EINVAL;
	if (ke->flags & INPUT_KEYMAP_BY_INDEX) {
		if (ke->index >= fake.key_count)
			return -EINVAL;
		index = ke->index;
		found = true;
	} else {
		if (entry_scancode(ke, &scancode))
			return -EINVAL;
		index = key_position(scancode, &found);
	}
	if (ke->keycode == KEY_RESERVED) {
		if (found)
			remove_key(index);
	} else if (found) {
		fake.keys[index].keycode = ke->keycode;
	} else {
		if (fake.key_count == MAX_KEYS)
			return -ENOMEM;
		memmove(&fake.keys[index + 1], &fake.keys[index],
			(fake.key_count - index) * sizeof(fake.keys[0]));
		fake.keys[index] = (struct key){ scancode, ke->keycode };
		fake.key_count++;
	}
	save_keytable();
	return 0;
}

/*
 * The old EVIOC[GS]KEYCODE: two unsigned ints, scancode and keycode. The input core
 * turns them into a by-scancode entry of 4 bytes; so does this.
 */
static int old_keycode(unsigned long request, unsigned int *pair)
{
	struct input_keymap_entry ke = { .len = sizeof(pair[0]), .keycode = pair[1] };
	int ret;

	memcpy(ke.scancode, &pair[0], sizeof(pair[0]));
	if (request == EVIOCSKEYCODE)
		return set_keycode(&ke);
	ret = get_keycode(&ke);
	if (ret == 0)
		pair[1] = ke.keycode;
	return ret;
}

static int input_ioctl(unsigned long request, void *arg)
{
	switch (request) {
	case EVIOCGKEYCODE:
	case EVIOCSKEYCODE:
		return old_keycode(request, arg);
	case EVIOCGKEYCODE_V2:
		return get_keycode(arg);
	case EVIOCSKEYCODE_V2:
		return set_keycode(arg);
	case EVIOCSCLOCKID:
		return 0;
	case EVIOCGREP:
		memcpy(arg, fake.repeat, sizeof(fake.repeat));
		return 0;
	case EVIOCSREP:
		memcpy(fake.repeat, arg, sizeof(fake.repeat));
		return 0;
	/*
	 * Ours asks neither; the peer's ir-keytable (tests/compat/peer-cli) gives up
	 * without them. Every evdev answers both: its protocol version, and the ids of
	 * a virtual device (rc-loopback's bus).
	 */
	case EVIOCGVERSION:
		*(int *)arg = EV_VERSION;
		return 0;
	case EVIOCGID:
		memset(arg, 0, sizeof(struct input_id));
		((struct input_id *)arg)->bustype = BUS_VIRTUAL;
		return 0;
	default:
		return -ENOTTY;
	}
}

/* One line to IRKIT_FAKEDEV_SEND_LOG, when it is set. */
static void send_log(const char *line)
{
	const char *path = getenv("IRKIT_FAKEDEV_SEND_LOG");
	int fd;

	if (!path)
		return;
	fd = fake.real.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		die(EXIT_BAD_SPEC, "IRKIT_FAKEDEV_SEND_LOG: cannot open", path);
	if (fake.real.write(fd, line, strlen(line)) < 0)
		die(EXIT_BAD_SPEC, "IRKIT_FAKEDEV_SEND_LOG: cannot write", path);
	fake.real.close(fd);
}

static unsigned long env_number(const char *name, unsigned long fallback)
{
	const char *text = getenv(name);

	return text && *text ? strtoul(text, NULL, 0) : fallback;
}

/* IRKIT_FAKEDEV_LIRC_TIMEOUT_RANGE, "MIN-MAX". */
static void timeout_range(uint32_t *ret_min, uint32_t *ret_max)
{
	const char *text = getenv("IRKIT_FAKEDEV_LIRC_TIMEOUT_RANGE");
	char *end;

	*ret_min = 1;
	*ret_max = 1250000;
	if (!text || !*text)
		return;
	*ret_min = (uint32_t)strtoul(text, &end, 0);
	if (*end != '-')
		die(EXIT_BAD_SPEC, "IRKIT_FAKEDEV_LIRC_TIMEOUT_RANGE", text);
	*ret_max = (uint32_t)strtoul(end + 1, NULL, 0);
}

/* What the kernel refuses of a setting's value, beyond the feature: an errno, or 0. */
static int refused_value(unsigned long request, uint32_t value)
{
	uint32_t min, max;

	switch (request) {
	case LIRC_SET_SEND_DUTY_CYCLE:
		return value < 1 || value > 99 ? EINVAL : 0;
	case LIRC_SET_REC_CARRIER_RANGE:
	case LIRC_SET_REC_CARRIER:
		return value < 1 ? EINVAL : 0;
	case LIRC_SET_REC_TIMEOUT:
		timeout_range(&min, &max);
		return value < min || value > max ? EINVAL : 0;
	default:
		return 0;
	}
}

/* A setting, when the features have its bit; logged when it succeeds. */
static int lirc_send_ioctl(unsigned long request, const char *name, uint32_t needs,
			   uint32_t value)
{
	unsigned long emitters = env_number("IRKIT_FAKEDEV_LIRC_EMITTERS", 2);
	char line[96];

	if (!(env_number("IRKIT_FAKEDEV_LIRC_FEATURES", 0) & needs))
		return -ENOTTY;
	if (refused_value(request, value))
		return -refused_value(request, value);
	if (request == LIRC_SET_TRANSMITTER_MASK && emitters < 32 && value >> emitters)
		return (int)emitters;
	if (request == LIRC_SET_REC_TIMEOUT)
		fake.rec_timeout = value;
	snprintf(line, sizeof(line), "%s %u\n", name, value);
	send_log(line);
	return 0;
}

/* What a device that can set its receiver's timeout answers, and the settings. */
static int lirc_receive_ioctl(unsigned long request, void *arg, uint32_t value)
{
	uint32_t answer, min, max;

	switch (request) {
	case LIRC_SET_WIDEBAND_RECEIVER:
		return lirc_send_ioctl(request, "LIRC_SET_WIDEBAND_RECEIVER",
				       LIRC_CAN_USE_WIDEBAND_RECEIVER, value);
	case LIRC_SET_MEASURE_CARRIER_MODE:
		return lirc_send_ioctl(request, "LIRC_SET_MEASURE_CARRIER_MODE",
				       LIRC_CAN_MEASURE_CARRIER, value);
	case LIRC_SET_REC_CARRIER_RANGE:
		return lirc_send_ioctl(request, "LIRC_SET_REC_CARRIER_RANGE",
				       LIRC_CAN_SET_REC_CARRIER, value);
	case LIRC_SET_REC_CARRIER:
		return lirc_send_ioctl(request, "LIRC_SET_REC_CARRIER", LIRC_CAN_SET_REC_CARRIER,
				       value);
	case LIRC_SET_REC_TIMEOUT:
		return lirc_send_ioctl(request, "LIRC_SET_REC_TIMEOUT", LIRC_CAN_SET_REC_TIMEOUT,
				       value);
	case LIRC_GET_MIN_TIMEOUT:
	case LIRC_GET_MAX_TIMEOUT:
	case LIRC_GET_REC_TIMEOUT:
		if (!(env_number("IRKIT_FAKEDEV_LIRC_FEATURES", 0) & LIRC_CAN_SET_REC_TIMEOUT))
			return -ENOTTY;
		timeout_range(&min, &max);
		answer = request == LIRC_GET_MIN_TIMEOUT ? min :
			 request == LIRC_GET_MAX_TIMEOUT ? max : fake.rec_timeout;
		memcpy(arg, &answer, sizeof(answer));
		return 0;
	default:
		return -ENOTTY;
	}
}

static int lirc_ioctl(unsigned long request, void *arg)
{
	uint32_t value;

	memcpy(&value, arg, sizeof(value));
	switch (request) {
	case LIRC_GET_FEATURES:
		if (!getenv("IRKIT_FAKEDEV_LIRC_FEATURES"))
			return -ENOTTY;
		value = (uint32_t)env_number("IRKIT_FAKEDEV_LIRC_FEATURES", 0);
		memcpy(arg, &value, sizeof(value));
		return 0;
	case LIRC_SET_SEND_CARRIER:
		return lirc_send_ioctl(request, "LIRC_SET_SEND_CARRIER",
				       LIRC_CAN_SET_SEND_CARRIER, value);
	case LIRC_SET_SEND_DUTY_CYCLE:
		return lirc_send_ioctl(request, "LIRC_SET_SEND_DUTY_CYCLE",
				       LIRC_CAN_SET_SEND_DUTY_CYCLE, value);
	case LIRC_SET_TRANSMITTER_MASK:
		return lirc_send_ioctl(request, "LIRC_SET_TRANSMITTER_MASK",
				       LIRC_CAN_SET_TRANSMITTER_MASK, value);
	case LIRC_SET_REC_MODE:
		if (value == LIRC_MODE_MODE2) {
			int ret = lirc_send_ioctl(request, "LIRC_SET_REC_MODE",
						  LIRC_CAN_REC_MODE2, value);

			fake.lirc_mode2 = ret == 0;
			return ret;
		}
		if (!fake.lirc_script.text)
			return -ENOTTY;
		return value == LIRC_MODE_SCANCODE ? 0 : -EINVAL;
	default:
		return lirc_receive_ioctl(request, arg, value);
	}
}

static ssize_t fail_with(int error);

/* A LIRC_MODE_PULSE write, checked as lirc_dev.c checks it, and logged. */
static ssize_t lirc_write(const void *buf, size_t count)
{
	const unsigned char *bytes = buf;
	size_t values = count / 4, i, len;
	uint64_t total = 0;
	uint32_t value;
	char line[16384];

	if (count % 4 || values % 2 == 0 || values > 1024)
		return fail_with(EINVAL);
	len = (size_t)snprintf(line, sizeof(line), "write %zu:", values);
	for (i = 0; i < values; i++) {
		memcpy(&value, bytes + 4 * i, sizeof(value));
		total += value;
		if (!value || total > 500000)
			return fail_with(EINVAL);
		if (len < sizeof(line))
			len += (size_t)snprintf(line + len, sizeof(line) - len, " %u", value);
	}
	if (len + 2 > sizeof(line))
		die(EXIT_BAD_SPEC, "IRKIT_FAKEDEV_SEND_LOG", "a write too long to log");
	memcpy(line + len, "\n", 2);
	send_log(line);
	return (ssize_t)count;
}

int ioctl(int fd, unsigned long request, ...)
{
	enum fake_kind kind = kind_of_fd(fd);
	va_list args;
	void *arg;
	int ret;

	fake_init();
	va_start(args, request);
	arg = va_arg(args, void *);
	va_end(args);
	if (kind != FAKE_INPUT && kind != FAKE_LIRC)
		return fake.real.ioctl(fd, request, arg);
	ret = fault_due(FAULT_IOCTL, request, -1);
	if (ret) {
		errno = ret;
		return -1;
	}
	ret = kind == FAKE_INPUT ? input_ioctl(request, arg) : lirc_ioctl(request, arg);
	if (ret < 0) {
		errno = -ret;
		return -1;
	}
	return ret;
}

/* A mode2 sample, "P500": its size, 0 when the text is not one. */
static size_t parse_sample(const char *text, void *buf)
{
	static const struct {
		char letter;
		uint32_t type;
	} types[] = {
		{ 'P', LIRC_MODE2_PULSE }, { 'S', LIRC_MODE2_SPACE },
		{ 'T', LIRC_MODE2_TIMEOUT }, { 'C', LIRC_MODE2_FREQUENCY },
		{ 'X', 0 },
	};
	unsigned long value;
	uint32_t sample;
	char *end;
	size_t i;

	if (text[0] == 'O' && (text[1] == '\0' || text[1] == '+')) {
		sample = LIRC_OVERFLOW(LIRC_VALUE_MASK);
		memcpy(buf, &sample, sizeof(sample));
		return sizeof(sample);
	}
	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		if (text[0] != types[i].letter)
			continue;
		value = strtoul(text + 1, &end, 0);
		if (end == text + 1 || (*end && *end != '+'))
			return 0;
		sample = types[i].letter == 'X' ? (uint32_t)value << 24 :
			 types[i].type | ((uint32_t)value & LIRC_VALUE_MASK);
		memcpy(buf, &sample, sizeof(sample));
		return sizeof(sample);
	}
	return 0;
}

/* One record of a script into buf: its size, 0 when the text is not one. */
static size_t parse_record(enum fake_kind kind, const char *text, void *buf)
{
	unsigned long long n[4] = { 0 };
	char *end;
	size_t i;

	if (kind == FAKE_LIRC && fake.lirc_mode2)
		return parse_sample(text, buf);

	/* Fields left out at the end are 0. */
	for (i = 0; i < 4; i++) {
		n[i] = strtoull(text, &end, 0);
		if (end == text)
			return 0;
		if (kind == FAKE_INPUT && i == 0 && *end == '.') {
			/* SEC.USEC: the microseconds as written, not a fraction. */
			text = end + 1;
			n[i] = n[i] * 1000000u + strtoull(text, &end, 10);
		}
		if (*end != '/')
			break;
		text = end + 1;
	}
	if (*end && *end != '+')
		return 0;
	if (kind == FAKE_INPUT) {
		struct input_event ev;

		memset(&ev, 0, sizeof(ev));
		ev.input_event_sec = (time_t)(n[0] / 1000000u);
		ev.input_event_usec = (suseconds_t)(n[0] % 1000000u);
		ev.type = (uint16_t)n[1];
		ev.code = (uint16_t)n[2];
		ev.value = (int32_t)(long long)n[3];
		memcpy(buf, &ev, sizeof(ev));
		return sizeof(ev);
	} else {
		struct lirc_scancode sc;

		memset(&sc, 0, sizeof(sc));
		sc.timestamp = n[0];
		sc.rc_proto = (uint16_t)n[1];
		sc.scancode = n[2];
		sc.flags = (uint16_t)n[3];
		memcpy(buf, &sc, sizeof(sc));
		return sizeof(sc);
	}
}

static ssize_t fail_with(int error)
{
	errno = error;
	return -1;
}

/* The script's next step, as one read() of count bytes into buf. */
static ssize_t script_read(enum fake_kind kind, void *buf, size_t count)
{
	struct script *s = kind == FAKE_INPUT ? &fake.input_script : &fake.lirc_script;
	char step[512], record[sizeof(struct input_event) > sizeof(struct lirc_scancode) ?
			       sizeof(struct input_event) : sizeof(struct lirc_scancode)];
	const char *p;
	unsigned long error;
	size_t start, len, size, done = 0;
	struct timespec ms = { 0, 1000000 };

	p = s->text ? s->text + s->pos + strspn(s->text + s->pos, " ") : "";
	len = strcspn(p, " ");
	if (!len) {
		/* The end of the script: nothing more to read, as a quiet device. */
		if (++s->idle_reads > STUCK_READS)
			die(EXIT_STUCK, "script ended and the program did not", "stuck");
		nanosleep(&ms, NULL);
		return fail_with(EAGAIN);
	}
	if (len >= sizeof(step))
		die(EXIT_BAD_SPEC, "script step too long", p);
	memcpy(step, p, len);
	step[len] = '\0';
	start = (size_t)(p - s->text);
	s->pos = start + len;
	if (lookup(errno_names, step, len, &error))
		return fail_with((int)error);
	if (!strcmp(step, "EOF"))
		return 0;
	if (!strcmp(step, "SIGINT")) {
		raise(SIGINT);
		return fail_with(EAGAIN);
	}
	if (!strncmp(step, "partial:", 8)) {
		size = parse_record(kind, step + 8, record);
		if (!size || size / 2 > count)
			die(EXIT_BAD_SPEC, "bad script step", step);
		memcpy(buf, record, size / 2);
		return (ssize_t)(size / 2);
	}
	for (p = step; *p; p += strcspn(p, "+"), p += *p == '+') {
		size = parse_record(kind, p, record);
		if (!size)
			die(EXIT_BAD_SPEC, "bad script step", step);
		/* What does not fit stays for the next call, as a kernel fifo keeps it. */
		if (done + size > count) {
			s->pos = start + (size_t)(p - step);
			break;
		}
		memcpy((char *)buf + done, record, size);
		done += size;
	}
	if (!done)
		return fail_with(EINVAL);
	return (ssize_t)done;
}

ssize_t read(int fd, void *buf, size_t count)
{
	enum fake_kind kind = kind_of_fd(fd);

	fake_init();
	if (kind != FAKE_INPUT && kind != FAKE_LIRC)
		return fake.real.read(fd, buf, count);
	return script_read(kind, buf, count);
}

/*
 * With _FORTIFY_SOURCE (Ubuntu's compilers set it), read() and poll() on a buffer of
 * known size are calls to these instead: they must reach the model too.
 */
ssize_t __read_chk(int fd, void *buf, size_t count, size_t buflen);
ssize_t __read_chk(int fd, void *buf, size_t count, size_t buflen)
{
	if (count > buflen)
		abort();
	return read(fd, buf, count);
}

ssize_t write(int fd, const void *buf, size_t count)
{
	ssize_t n;
	int error;

	fake_init();
	if (kind_of_fd(fd) == FAKE_LIRC)
		return lirc_write(buf, count);
	if (kind_of_fd(fd) != FAKE_WATCHED)
		return fake.real.write(fd, buf, count);
	error = fault_due(FAULT_WRITE, 0, fake.watch_fault[fd]);
	if (error)
		return fail_with(error);
	n = fake.real.write(fd, buf, count);
	/* Opened without O_TRUNC: the attribute's new value replaces all of the old. */
	if (n > 0 && lseek(fd, 0, SEEK_CUR) == n && ftruncate(fd, n) < 0)
		return -1;
	return n;
}

static bool script_at_hup(const struct script *s)
{
	const char *p;

	if (!s->text)
		return false;
	p = s->text + s->pos + strspn(s->text + s->pos, " ");
	return !strncmp(p, "HUP", 3) && (p[3] == ' ' || p[3] == '\0');
}

int poll(struct pollfd *fds, nfds_t count, int timeout)
{
	int ret, hung_up = 0;
	nfds_t i;

	fake_init();
	for (i = 0; i < count; i++) {
		enum fake_kind kind = kind_of_fd(fds[i].fd);

		if ((kind == FAKE_INPUT && script_at_hup(&fake.input_script)) ||
		    (kind == FAKE_LIRC && script_at_hup(&fake.lirc_script)))
			hung_up++;
	}
	ret = fake.real.poll(fds, count, hung_up ? 0 : timeout);
	if (ret < 0 || !hung_up)
		return ret;
	for (ret = 0, i = 0; i < count; i++) {
		enum fake_kind kind = kind_of_fd(fds[i].fd);

		if ((kind == FAKE_INPUT && script_at_hup(&fake.input_script)) ||
		    (kind == FAKE_LIRC && script_at_hup(&fake.lirc_script)))
			fds[i].revents = POLLHUP | POLLERR;
		ret += fds[i].revents != 0;
	}
	return ret;
}

int __poll_chk(struct pollfd *fds, nfds_t count, int timeout, size_t fdslen);
int __poll_chk(struct pollfd *fds, nfds_t count, int timeout, size_t fdslen)
{
	if (fdslen / sizeof(*fds) < count)
		abort();
	return poll(fds, count, timeout);
}
