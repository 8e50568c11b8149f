// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <bpf/bpf.h>

#include "bpf_kernel.h"
#include "bpf_kernel-private.h"
#include "nls.h"

/*
 * The verifier log is only asked for after a failed load: a first buffer that holds the
 * log of any decoder, then the largest size every kernel accepts (older kernels reject
 * log_size > UINT32_MAX >> 8, and before 6.4 they fail with ENOSPC when the log does
 * not fit instead of keeping its tail).
 */
#define LOG_FIRST_SIZE (1024 * 1024)
#define LOG_LARGEST_SIZE (UINT32_MAX >> 8)
#define LOG_TAIL_MIN_LINES 6

struct bpf_kernel_program {
	int prog_fd;
	uint32_t id;
	char name[BPF_KERNEL_NAME_MAX];
	int *map_fds;
	uint32_t *key_sizes;
	size_t map_count;
};

static const char *op_subject(enum bpf_kernel_op op)
{
	switch (op) {
	case BPF_KERNEL_OP_MAP_CREATE:
		return N_("creating BPF map \"%s\"");
	case BPF_KERNEL_OP_MAP_UPDATE:
		return N_("writing to BPF map \"%s\"");
	case BPF_KERNEL_OP_LOAD:
		return N_("loading BPF program \"%s\"");
	case BPF_KERNEL_OP_ATTACH:
		return N_("attaching BPF program \"%s\"");
	case BPF_KERNEL_OP_DETACH:
		return N_("detaching BPF program %s");
	case BPF_KERNEL_OP_QUERY:
		return N_("listing the BPF programs of the LIRC device");
	case BPF_KERNEL_OP_INFO:
		return N_("reading BPF program %s");
	case BPF_KERNEL_OP_MAX:
		break;
	}
	return "%s";
}

/* What error means for op, when that is more than strerror() says; NULL otherwise. */
static const char *op_hint(enum bpf_kernel_op op, int error, bool lirc_read_only)
{
	bool on_device = op == BPF_KERNEL_OP_ATTACH || op == BPF_KERNEL_OP_DETACH ||
			 op == BPF_KERNEL_OP_QUERY;

	switch (error) {
	case EPERM:
	case EACCES:
		if (on_device && op != BPF_KERNEL_OP_QUERY && lirc_read_only)
			return _("the LIRC device was opened read-only; attaching and detaching "
				 "programs needs it opened read-write");
		if (op == BPF_KERNEL_OP_MAP_UPDATE && error == EPERM)
			return _("the map is read-only");
		return _("permission denied; BPF decoders need root (CAP_BPF or "
			 "CAP_SYS_ADMIN)");
	case E2BIG:
		if (op == BPF_KERNEL_OP_ATTACH)
			return _("the device already has 64 BPF programs attached, the "
				 "kernel's limit");
		if (op == BPF_KERNEL_OP_LOAD)
			return _("the program is too large for the kernel");
		return NULL;
	case EINVAL:
		if (op == BPF_KERNEL_OP_LOAD)
			return _("the kernel does not support LIRC_MODE2 BPF programs "
				 "(CONFIG_BPF_LIRC_MODE2), or rejected the program's attributes");
		if (on_device)
			return _("not a LIRC device, or the kernel lacks LIRC_MODE2 BPF "
				 "support (CONFIG_BPF_LIRC_MODE2)");
		return NULL;
	case ENOENT:
		if (op == BPF_KERNEL_OP_DETACH)
			return _("the program is not attached to this device");
		if (op == BPF_KERNEL_OP_INFO)
			return _("no such program");
		return NULL;
	case ENODEV:
		if (on_device)
			return _("the device has gone away");
		return NULL;
	default:
		return NULL;
	}
}

void bpf_kernel_explain(struct ir_error *err, enum bpf_kernel_op op, const char *name,
			int error, bool lirc_read_only)
{
	char subject[256];
	const char *hint;

	if (!err)
		return;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
	snprintf(subject, sizeof(subject), _(op_subject(op)), name ? name : "");
#pragma GCC diagnostic pop
	hint = op_hint(op, error, lirc_read_only);
	ir_error_set(err, "%s: %s", subject, hint ? hint : strerror(error));
}

void bpf_kernel_object_name(const char *name, char *out, size_t out_size)
{
	size_t n = 0;

	if (!out_size)
		return;
	for (; name && *name && n + 1 < out_size && n < BPF_KERNEL_NAME_MAX - 1; name++) {
		unsigned char c = (unsigned char)*name;

		out[n++] = isalnum(c) || c == '_' || c == '.' ? (char)c : '_';
	}
	out[n] = '\0';
}

static bool fd_is_read_only(int fd)
{
	int flags = fcntl(fd, F_GETFL);

	return flags >= 0 && (flags & O_ACCMODE) == O_RDONLY;
}

int bpf_kernel_rewrite_map_refs(struct bpf_insn *insns, size_t insn_count,
				const struct bpf_map_spec *maps, const int *map_fds,
				size_t map_count, struct ir_error *err)
{
	size_t i;

	for (i = 0; i < insn_count; i++) {
		struct bpf_insn *insn = &insns[i];
		uint32_t index;

		if (insn->code != (BPF_LD | BPF_IMM | BPF_DW))
			continue;
		if (i + 1 >= insn_count) {
			ir_error_set(err, _("instruction %zu: ld_imm64 without its second half"),
				     i);
			return -EINVAL;
		}
		switch (insn->src_reg) {
		case BPF_PSEUDO_MAP_IDX:
		case BPF_PSEUDO_MAP_IDX_VALUE:
			break;
		case BPF_PSEUDO_MAP_FD:
		case BPF_PSEUDO_MAP_VALUE:
			ir_error_set(err, _("instruction %zu: map reference by file descriptor, "
					    "expected a map index"), i);
			return -EINVAL;
		default:
			i++;	/* a constant, or a reference that is not a map's */
			continue;
		}
		index = (uint32_t)insn->imm;
		if (index >= map_count) {
			ir_error_set(err, _("instruction %zu: map index %u out of range (%zu maps)"),
				     i, index, map_count);
			return -EINVAL;
		}
		if (insn->src_reg == BPF_PSEUDO_MAP_IDX_VALUE) {
			uint32_t offset = (uint32_t)insn[1].imm;

			if (offset >= maps[index].value_size) {
				ir_error_set(err, _("instruction %zu: offset %u outside the %u-byte "
						    "value of map \"%s\""), i, offset,
					     maps[index].value_size, maps[index].name);
				return -EINVAL;
			}
			insn->src_reg = BPF_PSEUDO_MAP_VALUE;
		} else {
			insn->src_reg = BPF_PSEUDO_MAP_FD;
		}
		insn->imm = map_fds[index];
		i++;
	}
	return 0;
}

static bool is_stats_line(const char *line, size_t len)
{
	static const char *const prefixes[] = {
		"processed ", "verification time ", "stack depth ",
	};
	size_t i;

	for (i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++) {
		size_t plen = strlen(prefixes[i]);

		if (len >= plen && !memcmp(line, prefixes[i], plen))
			return true;
	}
	return false;
}

/* "12: (61) r1 = ...": the verifier prints each instruction it checks this way. */
static bool is_insn_line(const char *line, size_t len)
{
	size_t i = 0;

	while (i < len && isdigit((unsigned char)line[i]))
		i++;
	return i > 0 && i + 6 <= len && line[i] == ':' && line[i + 1] == ' ' &&
	       line[i + 2] == '(' && isxdigit((unsigned char)line[i + 3]) &&
	       isxdigit((unsigned char)line[i + 4]) && line[i + 5] == ')';
}

struct log_line {
	const char *start;
	size_t len;
};

/* The non-empty lines of a log; *ret_lines is NULL for an empty log. */
static size_t split_lines(const char *log, struct log_line **ret_lines)
{
	struct log_line *lines = NULL;
	size_t count = 0, cap = 0;
	const char *p = log;

	*ret_lines = NULL;
	while (p && *p) {
		const char *end = strchr(p, '\n');
		size_t len = end ? (size_t)(end - p) : strlen(p);

		if (len) {
			if (count == cap) {
				size_t ncap = cap ? cap * 2 : 64;
				struct log_line *n = realloc(lines, ncap * sizeof(*lines));

				if (!n)
					break;	/* keep what fits: this only serves messages */
				lines = n;
				cap = ncap;
			}
			lines[count].start = p;
			lines[count].len = len;
			count++;
		}
		p = end ? end + 1 : p + len;
	}
	*ret_lines = lines;
	return count;
}

static void copy_line(char *out, size_t out_size, const char *start, size_t len)
{
	if (!out_size)
		return;
	if (len >= out_size)
		len = out_size - 1;
	memcpy(out, start, len);
	out[len] = '\0';
}

void bpf_kernel_log_error(const char *log, char *error_line, size_t error_size,
			  char *insn_line, size_t insn_size)
{
	struct log_line *lines;
	size_t count = split_lines(log, &lines);
	size_t i, error_at = count;

	copy_line(error_line, error_size, "", 0);
	copy_line(insn_line, insn_size, "", 0);
	for (i = count; i-- > 0;) {
		if (!is_stats_line(lines[i].start, lines[i].len)) {
			error_at = i;
			break;
		}
	}
	if (error_at == count)
		goto out;
	copy_line(error_line, error_size, lines[error_at].start, lines[error_at].len);
	for (i = error_at + 1; i-- > 0;) {
		const char *start = lines[i].start;
		const char *semicolon;
		size_t len = lines[i].len;

		if (!is_insn_line(start, len))
			continue;
		/* Newer verifiers append "; R0=..." register states: not the instruction. */
		semicolon = memchr(start, ';', len);
		if (semicolon)
			len = (size_t)(semicolon - start);
		while (len && (start[len - 1] == ' ' || start[len - 1] == '\t'))
			len--;
		copy_line(insn_line, insn_size, start, len);
		break;
	}
out:
	free(lines);
}

void bpf_kernel_log_tail(const char *log, size_t min_lines, char *out, size_t out_size)
{
	struct log_line *lines;
	size_t count = split_lines(log, &lines);
	size_t first, i, used = 0;

	if (!out_size)
		goto out;
	out[0] = '\0';
	if (!count)
		goto out;
	first = count > min_lines ? count - min_lines : 0;
	for (i = count; i-- > 0;) {
		if (is_insn_line(lines[i].start, lines[i].len)) {
			if (i < first)
				first = i;
			break;
		}
	}
	/* Drop whole lines from the front until the rest fits with its newlines. */
	for (i = first; i < count; i++)
		used += lines[i].len + 1;
	while (first < count && used + 1 > out_size) {
		used -= lines[first].len + 1;
		first++;
	}
	used = 0;
	for (i = first; i < count; i++) {
		memcpy(out + used, lines[i].start, lines[i].len);
		used += lines[i].len;
		out[used++] = '\n';
	}
	out[used] = '\0';
out:
	free(lines);
}

/*
 * BPF_MAP_CREATE and BPF_PROG_LOAD by the bpf(2) system call itself. libbpf's
 * bpf_map_create() and bpf_prog_load() first probe the kernel, once per process, by
 * loading two test programs (is memory charged to the memory cgroup? are object names
 * known?): two verifier runs at every boot-time "ir-keytable -a". Names are handled by
 * create_map()'s retry without one; the memory limit by raise_memlock() below.
 */
static int sys_bpf(enum bpf_cmd cmd, union bpf_attr *attr)
{
	return (int)syscall(__NR_bpf, cmd, attr, sizeof(*attr));
}

/* name, cut to the kernel's 15 characters, into the zeroed field out[BPF_OBJ_NAME_LEN]. */
static void put_object_name(char *out, const char *name)
{
	size_t len = strlen(name);

	memcpy(out, name, len < BPF_OBJ_NAME_LEN - 1 ? len : BPF_OBJ_NAME_LEN - 1);
}

static int sys_map_create(const struct bpf_map_spec *spec, const char *name, uint32_t flags)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.map_type = spec->type;
	attr.key_size = spec->key_size;
	attr.value_size = spec->value_size;
	attr.max_entries = spec->max_entries;
	attr.map_flags = flags;
	if (name)
		put_object_name(attr.map_name, name);
	return sys_bpf(BPF_MAP_CREATE, &attr);
}

static int sys_prog_load(enum bpf_prog_type type, enum bpf_attach_type attach_type,
			 const char *name, const char *license, const struct bpf_insn *insns,
			 size_t insn_count, char *log, uint32_t log_size, uint32_t log_level)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.prog_type = type;
	attr.expected_attach_type = attach_type;
	attr.insns = (uintptr_t)insns;
	attr.insn_cnt = (uint32_t)insn_count;
	attr.license = (uintptr_t)license;
	if (log) {
		attr.log_buf = (uintptr_t)log;
		attr.log_size = log_size;
		attr.log_level = log_level;
	}
	put_object_name(attr.prog_name, name);
	return sys_bpf(BPF_PROG_LOAD, &attr);
}

/*
 * Before 5.11 BPF memory counts against RLIMIT_MEMLOCK, and going over it is EPERM.
 * Raise the limit (as libbpf would have done up front) and say whether to try again;
 * without CAP_SYS_RESOURCE this fails and EPERM stands.
 */
static bool raise_memlock(void)
{
	struct rlimit unlimited = { RLIM_INFINITY, RLIM_INFINITY };
	struct rlimit now;

	if (getrlimit(RLIMIT_MEMLOCK, &now) == 0 && now.rlim_cur == RLIM_INFINITY)
		return false;
	return setrlimit(RLIMIT_MEMLOCK, &unlimited) == 0;
}

static void close_maps(int *map_fds, size_t count)
{
	size_t i;

	for (i = 0; i < count; i++)
		if (map_fds[i] >= 0)
			close(map_fds[i]);
}

/*
 * Create one map. Older kernels reject what they do not know with EINVAL: a map name
 * (before 4.15; a '.' in it before 5.2) and BPF_F_RDONLY_PROG (before 5.2); retry
 * without them, since the program may still load on such a kernel.
 */
static int create_map(const struct bpf_map_spec *spec, struct ir_error *err)
{
	char name[BPF_KERNEL_NAME_MAX];
	uint32_t extra = spec->read_only ? BPF_F_RDONLY_PROG : 0;
	bool named = true;
	int fd;

	bpf_kernel_object_name(spec->name, name, sizeof(name));
	for (;;) {
		fd = sys_map_create(spec, named ? name : NULL, spec->flags | extra);
		if (fd >= 0)
			return fd;
		fd = -errno;
		if (fd == -EPERM && raise_memlock())
			continue;
		if (fd != -EINVAL)
			break;
		if (extra && !(spec->flags & BPF_F_RDONLY_PROG)) {
			extra = 0;
		} else if (named && name[0]) {
			named = false;
			extra = spec->read_only ? BPF_F_RDONLY_PROG : 0;
		} else {
			break;
		}
	}
	bpf_kernel_explain(err, BPF_KERNEL_OP_MAP_CREATE, spec->name, -fd, false);
	return fd;
}

static int fill_map(int fd, const struct bpf_map_spec *spec, struct ir_error *err)
{
	uint32_t key = 0;
	int ret;

	if (spec->initial_value) {
		if (spec->key_size != sizeof(key)) {
			ir_error_set(err, _("BPF map \"%s\": an initial value needs a 4-byte key, "
					    "not %u bytes"), spec->name, spec->key_size);
			return -EINVAL;
		}
		if (bpf_map_update_elem(fd, &key, spec->initial_value, BPF_ANY) < 0) {
			ret = -errno;
			bpf_kernel_explain(err, BPF_KERNEL_OP_MAP_UPDATE, spec->name, -ret,
					   false);
			return ret;
		}
	}
	if (spec->read_only && bpf_map_freeze(fd) < 0) {
		ret = -errno;
		/* BPF_MAP_FREEZE came with global data (5.2): EINVAL is a kernel without it. */
		if (ret == -EINVAL)
			return 0;
		bpf_kernel_explain(err, BPF_KERNEL_OP_MAP_CREATE, spec->name, -ret, false);
		return ret;
	}
	return 0;
}

static int create_maps(const struct bpf_image *image, struct bpf_kernel_program *program,
		       struct ir_error *err)
{
	size_t i;
	int ret;

	if (!image->map_count)
		return 0;
	program->map_fds = malloc(image->map_count * sizeof(*program->map_fds));
	program->key_sizes = malloc(image->map_count * sizeof(*program->key_sizes));
	if (!program->map_fds || !program->key_sizes) {
		ir_error_set(err, "%s", strerror(ENOMEM));
		return -ENOMEM;
	}
	for (i = 0; i < image->map_count; i++) {
		const struct bpf_map_spec *spec = &image->maps[i];
		int fd = create_map(spec, err);

		if (fd < 0)
			return fd;
		program->map_fds[program->map_count++] = fd;
		program->key_sizes[i] = spec->key_size;
		ret = fill_map(fd, spec, err);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * Load once without a log (fast, and no log size limit to meet); if the kernel refuses,
 * load again with the verifier's log so that the caller learns why.
 */
static int load_program(const struct bpf_image *image, const char *name,
			const struct bpf_insn *insns, enum bpf_prog_type type,
			enum bpf_attach_type attach_type, char **ret_log)
{
	size_t log_size = LOG_FIRST_SIZE;
	char *log = NULL;
	int fd, first_error;

	*ret_log = NULL;
	fd = sys_prog_load(type, attach_type, name, image->license, insns, image->insn_count,
			   NULL, 0, 0);
	if (fd < 0 && errno == EPERM && raise_memlock())
		fd = sys_prog_load(type, attach_type, name, image->license, insns,
				   image->insn_count, NULL, 0, 0);
	if (fd >= 0)
		return fd;
	first_error = errno;
	if (first_error == EPERM)
		return -EPERM;
	for (;;) {
		char *grown = realloc(log, log_size);

		if (!grown)
			break;
		log = grown;
		log[0] = '\0';
		fd = sys_prog_load(type, attach_type, name, image->license, insns,
				   image->insn_count, log, (uint32_t)log_size, 1);
		if (fd >= 0 || errno != ENOSPC || log_size >= LOG_LARGEST_SIZE)
			break;
		log_size = LOG_LARGEST_SIZE;
	}
	*ret_log = log;
	if (fd >= 0)
		return fd;	/* it loaded the second time: nothing to report */
	/* A log cut short says ENOSPC: the rejection itself is the first error. */
	return errno == ENOSPC ? -first_error : -errno;
}

void bpf_kernel_explain_rejection(struct ir_error *err, const char *name,
				  const char *error_line, const char *insn_line)
{
	/*
	 * Verifiers before Linux 5.3 refuse every backward jump ("back-edge from insn N
	 * to M"), before looking at any instruction: the program is fine, the kernel old.
	 */
	if (!strncmp(error_line, "back-edge ", strlen("back-edge "))) {
		ir_error_set(err, _("BPF program \"%s\" has a loop, which this kernel's verifier "
				    "refuses (bounded loops need Linux 5.3 or later): %s"), name,
			     error_line);
		return;
	}
	if (insn_line[0])
		ir_error_set(err, _("BPF program \"%s\" rejected by the verifier: %s "
				    "(at instruction %s)"), name, error_line, insn_line);
	else
		ir_error_set(err, _("BPF program \"%s\" rejected by the verifier: %s"), name,
			     error_line);
}

static void explain_load(const char *name, int error, const char *log, char *log_tail,
			 size_t log_tail_size, struct ir_error *err)
{
	char error_line[256], insn_line[160];

	bpf_kernel_log_error(log, error_line, sizeof(error_line), insn_line,
			     sizeof(insn_line));
	if (!error_line[0]) {
		bpf_kernel_explain(err, BPF_KERNEL_OP_LOAD, name, error, false);
		return;
	}
	if (log_tail)
		bpf_kernel_log_tail(log, LOG_TAIL_MIN_LINES, log_tail, log_tail_size);
	bpf_kernel_explain_rejection(err, name, error_line, insn_line);
}

static void set_program_id(struct bpf_kernel_program *program)
{
	struct bpf_prog_info info;
	uint32_t len = sizeof(info);

	memset(&info, 0, sizeof(info));
	if (bpf_obj_get_info_by_fd(program->prog_fd, &info, &len) == 0)
		program->id = info.id;
}

/* A copy of the image's instructions with its map references rewritten to the program's map fds. */
static int rewritten_insns(const struct bpf_image *image,
			   const struct bpf_kernel_program *program, struct bpf_insn **ret_insns,
			   struct ir_error *err)
{
	struct bpf_insn *insns = malloc(image->insn_count * sizeof(*insns) + 1);
	int ret;

	if (!insns) {
		ir_error_set(err, "%s", strerror(ENOMEM));
		return -ENOMEM;
	}
	memcpy(insns, image->insns, image->insn_count * sizeof(*insns));
	ret = bpf_kernel_rewrite_map_refs(insns, image->insn_count, image->maps,
					  program->map_fds, program->map_count, err);
	if (ret) {
		free(insns);
		return ret;
	}
	*ret_insns = insns;
	return 0;
}

int bpf_kernel_load_type(const struct bpf_image *image, enum bpf_prog_type type,
			 enum bpf_attach_type attach_type, char *log_tail,
			 size_t log_tail_size, struct bpf_kernel_program **ret_program,
			 struct ir_error *err)
{
	struct bpf_kernel_program *program;
	struct bpf_insn *insns = NULL;
	char *log = NULL;
	int ret;

	if (log_tail && log_tail_size)
		log_tail[0] = '\0';
	program = calloc(1, sizeof(*program));
	if (!program) {
		ir_error_set(err, "%s", strerror(ENOMEM));
		return -ENOMEM;
	}
	program->prog_fd = -1;
	bpf_kernel_object_name(image->name, program->name, sizeof(program->name));
	ret = create_maps(image, program, err);
	if (ret)
		goto out;
	ret = rewritten_insns(image, program, &insns, err);
	if (ret) {
		if (ret != -ENOMEM)
			ir_error_prefix(err, _("BPF program \"%s\""), image->name);
		goto out;
	}
	ret = load_program(image, program->name, insns, type, attach_type, &log);
	if (ret < 0) {
		explain_load(image->name, -ret, log, log_tail, log_tail_size, err);
		goto out;
	}
	program->prog_fd = ret;
	set_program_id(program);
	ret = 0;
out:
	free(log);
	free(insns);
	if (ret) {
		bpf_kernel_program_free(program);
		return ret;
	}
	*ret_program = program;
	return 0;
}

int bpf_kernel_load(const struct bpf_image *image, char *log_tail, size_t log_tail_size,
		    struct bpf_kernel_program **ret_program, struct ir_error *err)
{
	return bpf_kernel_load_type(image, BPF_PROG_TYPE_LIRC_MODE2, BPF_LIRC_MODE2, log_tail,
				    log_tail_size, ret_program, err);
}

/* The verifier's statistics only (BPF_LOG_STATS, Linux 5.2): a few lines. */
#define LOG_STATS_LEVEL 4
#define LOG_STATS_SIZE 4096

int bpf_kernel_processed_insns(const struct bpf_image *image,
			       const struct bpf_kernel_program *program, uint32_t *ret_count,
			       struct ir_error *err)
{
	static const char prefix[] = "processed ";
	struct bpf_insn *insns = NULL;
	char *log = NULL, *line;
	unsigned long count;
	char *end;
	int fd, ret;

	log = calloc(1, LOG_STATS_SIZE);
	if (!log) {
		ir_error_set(err, "%s", strerror(ENOMEM));
		ret = -ENOMEM;
		goto out;
	}
	ret = rewritten_insns(image, program, &insns, err);
	if (ret)
		goto out;
	fd = sys_prog_load(BPF_PROG_TYPE_LIRC_MODE2, BPF_LIRC_MODE2, program->name,
			   image->license, insns, image->insn_count, log, LOG_STATS_SIZE,
			   LOG_STATS_LEVEL);
	if (fd < 0) {
		ret = -errno;
		bpf_kernel_explain(err, BPF_KERNEL_OP_LOAD, image->name, -ret, false);
		goto out;
	}
	close(fd);
	/* "processed 668 insns (limit 1000000) max_states_per_insn 0 ..." */
	line = log;
	while (line && strncmp(line, prefix, strlen(prefix))) {
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	errno = 0;
	count = line ? strtoul(line + strlen(prefix), &end, 10) : 0;
	if (!line || errno || end == line + strlen(prefix) || strncmp(end, " insns", 6) ||
	    count > UINT32_MAX) {
		ir_error_set(err, _("BPF program \"%s\": no \"processed N insns\" line in the "
				    "verifier's statistics"), image->name);
		ret = -EPROTO;
		goto out;
	}
	*ret_count = (uint32_t)count;
	ret = 0;
out:
	free(log);
	free(insns);
	return ret;
}

void bpf_kernel_program_free(struct bpf_kernel_program *program)
{
	if (!program)
		return;
	if (program->prog_fd >= 0)
		close(program->prog_fd);
	if (program->map_fds)
		close_maps(program->map_fds, program->map_count);
	free(program->map_fds);
	free(program->key_sizes);
	free(program);
}

int bpf_kernel_program_fd(const struct bpf_kernel_program *program)
{
	return program->prog_fd;
}

uint32_t bpf_kernel_program_id(const struct bpf_kernel_program *program)
{
	return program->id;
}

const char *bpf_kernel_program_name(const struct bpf_kernel_program *program)
{
	return program->name;
}

size_t bpf_kernel_program_map_count(const struct bpf_kernel_program *program)
{
	return program->map_count;
}

int bpf_kernel_program_map_fd(const struct bpf_kernel_program *program, size_t index)
{
	return index < program->map_count ? program->map_fds[index] : -ENOENT;
}

int bpf_kernel_map_update(const struct bpf_kernel_program *program, size_t map_index,
			  const void *key, const void *value, struct ir_error *err)
{
	char name[32];
	int ret;

	if (map_index >= program->map_count) {
		ir_error_set(err, _("BPF program \"%s\" has no map %zu"), program->name,
			     map_index);
		return -ENOENT;
	}
	if (bpf_map_update_elem(program->map_fds[map_index], key, value, BPF_ANY) == 0)
		return 0;
	ret = -errno;
	snprintf(name, sizeof(name), "%zu", map_index);
	bpf_kernel_explain(err, BPF_KERNEL_OP_MAP_UPDATE, name, -ret, false);
	return ret;
}

int bpf_kernel_attach(int lirc_fd, const struct bpf_kernel_program *program,
		      struct ir_error *err)
{
	int ret;

	if (bpf_prog_attach(program->prog_fd, lirc_fd, BPF_LIRC_MODE2, 0) == 0)
		return 0;
	ret = -errno;
	bpf_kernel_explain(err, BPF_KERNEL_OP_ATTACH, program->name, -ret,
			   fd_is_read_only(lirc_fd));
	return ret;
}

int bpf_kernel_detach(int lirc_fd, const struct bpf_kernel_program *program,
		      struct ir_error *err)
{
	int ret;

	if (bpf_prog_detach2(program->prog_fd, lirc_fd, BPF_LIRC_MODE2) == 0)
		return 0;
	ret = -errno;
	bpf_kernel_explain(err, BPF_KERNEL_OP_DETACH, program->name, -ret,
			   fd_is_read_only(lirc_fd));
	return ret;
}

int bpf_kernel_detach_id(int lirc_fd, uint32_t prog_id, struct ir_error *err)
{
	char name[32];
	int fd, ret = 0;

	snprintf(name, sizeof(name), "%u", prog_id);
	fd = bpf_prog_get_fd_by_id(prog_id);
	if (fd < 0) {
		ret = -errno;
		if (ret == -ENOENT)
			ir_error_set(err, _("detaching BPF program %s: no such program"), name);
		else
			bpf_kernel_explain(err, BPF_KERNEL_OP_DETACH, name, -ret, false);
		return ret;
	}
	if (bpf_prog_detach2(fd, lirc_fd, BPF_LIRC_MODE2) < 0) {
		ret = -errno;
		bpf_kernel_explain(err, BPF_KERNEL_OP_DETACH, name, -ret,
				   fd_is_read_only(lirc_fd));
	}
	close(fd);
	return ret;
}

int bpf_kernel_query(int lirc_fd, uint32_t *ids, size_t max, size_t *ret_count,
		     struct ir_error *err)
{
	uint32_t count = max > UINT32_MAX ? UINT32_MAX : (uint32_t)max;
	uint32_t attach_flags = 0;
	int ret;

	ret = bpf_prog_query(lirc_fd, BPF_LIRC_MODE2, 0, &attach_flags, max ? ids : NULL,
			     &count);
	/* ENOSPC: more programs than room; the kernel filled ids and gave the total. */
	if (ret < 0 && errno != ENOSPC) {
		ret = -errno;
		bpf_kernel_explain(err, BPF_KERNEL_OP_QUERY, "", -ret, false);
		return ret;
	}
	*ret_count = count;
	return 0;
}

int bpf_kernel_prog_info_by_id(uint32_t id, struct bpf_kernel_prog_info *ret_info,
			       struct ir_error *err)
{
	struct bpf_prog_info info;
	uint32_t len = sizeof(info);
	char name[32];
	int fd, ret;

	snprintf(name, sizeof(name), "%u", id);
	fd = bpf_prog_get_fd_by_id(id);
	if (fd < 0) {
		ret = -errno;
		bpf_kernel_explain(err, BPF_KERNEL_OP_INFO, name, -ret, false);
		return ret;
	}
	memset(&info, 0, sizeof(info));
	ret = bpf_obj_get_info_by_fd(fd, &info, &len);
	if (ret < 0) {
		ret = -errno;
		bpf_kernel_explain(err, BPF_KERNEL_OP_INFO, name, -ret, false);
		goto out;
	}
	memset(ret_info, 0, sizeof(*ret_info));
	ret_info->id = info.id;
	memcpy(ret_info->name, info.name, sizeof(ret_info->name));
	ret_info->name[sizeof(ret_info->name) - 1] = '\0';
	ret_info->type = info.type;
	ret_info->xlated_insns = info.xlated_prog_len / sizeof(struct bpf_insn);
	ret_info->run_time_ns = info.run_time_ns;
	ret_info->run_cnt = info.run_cnt;
	/* The kernel says how much of the structure it knows: older ones stop earlier. */
	ret_info->has_verified_insns = len >= offsetof(struct bpf_prog_info, verified_insns) +
					      sizeof(info.verified_insns);
	ret_info->verified_insns = ret_info->has_verified_insns ? info.verified_insns : 0;
out:
	close(fd);
	return ret;
}

int bpf_kernel_enable_stats(struct ir_error *err)
{
	int fd = bpf_enable_stats(BPF_STATS_RUN_TIME);

	if (fd >= 0)
		return fd;
	fd = -errno;
	ir_error_set(err, _("enabling BPF run-time statistics: %s"), strerror(-fd));
	return fd;
}

/* The map called name among those of the program with this id: its fd, or -ENOENT. */
static int program_map(uint32_t prog_id, const char *name)
{
	uint32_t ids[64], len, i;
	struct bpf_prog_info info;
	struct bpf_map_info map;
	int fd, map_fd, ret = -ENOENT;

	fd = bpf_prog_get_fd_by_id(prog_id);
	if (fd < 0)
		return -errno;
	memset(&info, 0, sizeof(info));
	info.nr_map_ids = sizeof(ids) / sizeof(ids[0]);
	info.map_ids = (uint64_t)(uintptr_t)ids;
	len = sizeof(info);
	if (bpf_obj_get_info_by_fd(fd, &info, &len) < 0) {
		ret = -errno;
		goto out;
	}
	for (i = 0; i < info.nr_map_ids && i < sizeof(ids) / sizeof(ids[0]); i++) {
		map_fd = bpf_map_get_fd_by_id(ids[i]);
		if (map_fd < 0)
			continue;
		memset(&map, 0, sizeof(map));
		len = sizeof(map);
		if (bpf_obj_get_info_by_fd(map_fd, &map, &len) == 0 &&
		    !strncmp(map.name, name, sizeof(map.name))) {
			ret = map_fd;
			goto out;
		}
		close(map_fd);
	}
out:
	close(fd);
	return ret;
}

int bpf_kernel_find_attached_map(int lirc_fd, const char *name, int *ret_fd,
				 struct ir_error *err)
{
	uint32_t ids[BPF_KERNEL_MAX_LIRC_PROGS];
	char kept[BPF_KERNEL_NAME_MAX];
	size_t count, i;
	int ret;

	ret = bpf_kernel_query(lirc_fd, ids, BPF_KERNEL_MAX_LIRC_PROGS, &count, err);
	if (ret < 0)
		return ret;
	bpf_kernel_object_name(name, kept, sizeof(kept));
	for (i = 0; i < count && i < BPF_KERNEL_MAX_LIRC_PROGS; i++) {
		ret = program_map(ids[i], kept);
		if (ret >= 0) {
			*ret_fd = ret;
			return 0;
		}
		if (ret != -ENOENT) {
			bpf_kernel_explain(err, BPF_KERNEL_OP_INFO, name, -ret, false);
			return ret;
		}
	}
	ir_error_set(err, _("no BPF program attached has a map '%s'"), name);
	return -ENOENT;
}

int bpf_kernel_map_pop(int map_fd, void *ret_value)
{
	if (bpf_map_lookup_and_delete_elem(map_fd, NULL, ret_value) < 0)
		return -errno;
	return 0;
}
