// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lirc-tool: drives a lirc device inside the test VM, independently of ir-keytable,
 * so that scenarios can use the kernel as the oracle: send a scancode through the
 * kernel's own encoders, send raw pulses and spaces, read back decoded scancodes or
 * mode2 samples, and load, attach, list and detach BPF lirc_mode2 programs.
 *
 * The BPF loader here is a test tool's: it reads a clang-built ELF object with
 * legacy "maps" section definitions and does only map relocations, through libbpf's
 * low-level calls. The product's loader is utils/bpf/bpf_object + utils/bpf/bpf_kernel; this
 * one stays separate so that the two can check each other.
 *
 * Usage: see usage() below. Output goes to stdout, one event per line, flushed
 * after each line (the VM may stop right after the last one).
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <getopt.h>
#include <inttypes.h>
#include <libelf.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <linux/bpf.h>
#include <linux/lirc.h>

#include "ir_error.h"

/* The kernel refuses a transmission of more samples than this (LIRCBUF_SIZE). */
#define RAW_SAMPLES_MAX 1024
/* Programs one lirc device can hold (the kernel's BPF_MAX_PROGS). */
#define ATTACHED_MAX 64
#define OBJECT_MAPS_MAX 16
#define VERIFIER_LOG_SIZE (1024 * 1024)

enum receive_mode {
	RECEIVE_NONE,
	RECEIVE_SCANCODE,
	RECEIVE_MODE2,
	RECEIVE_MAX
};

struct options {
	const char *device;
	bool read_only;		/* open O_RDONLY: attaching then fails with EPERM */
	enum receive_mode receive;
	long count;		/* stop after this many events; -1: no limit */
	int quiet_ms;		/* stop after this long without an event */
};

/* Lower-case names of enum rc_proto, for arguments and output. */
static const char *const proto_names[] = {
	[RC_PROTO_UNKNOWN] = "unknown", [RC_PROTO_OTHER] = "other",
	[RC_PROTO_RC5] = "rc5", [RC_PROTO_RC5X_20] = "rc5x_20",
	[RC_PROTO_RC5_SZ] = "rc5_sz", [RC_PROTO_JVC] = "jvc",
	[RC_PROTO_SONY12] = "sony12", [RC_PROTO_SONY15] = "sony15",
	[RC_PROTO_SONY20] = "sony20", [RC_PROTO_NEC] = "nec",
	[RC_PROTO_NECX] = "necx", [RC_PROTO_NEC32] = "nec32",
	[RC_PROTO_SANYO] = "sanyo", [RC_PROTO_MCIR2_KBD] = "mcir2_kbd",
	[RC_PROTO_MCIR2_MSE] = "mcir2_mse", [RC_PROTO_RC6_0] = "rc6_0",
	[RC_PROTO_RC6_6A_20] = "rc6_6a_20", [RC_PROTO_RC6_6A_24] = "rc6_6a_24",
	[RC_PROTO_RC6_6A_32] = "rc6_6a_32", [RC_PROTO_RC6_MCE] = "rc6_mce",
	[RC_PROTO_SHARP] = "sharp", [RC_PROTO_XMP] = "xmp",
	[RC_PROTO_CEC] = "cec", [RC_PROTO_IMON] = "imon",
	[RC_PROTO_RCMM12] = "rcmm12", [RC_PROTO_RCMM24] = "rcmm24",
	[RC_PROTO_RCMM32] = "rcmm32", [RC_PROTO_XBOX_DVD] = "xbox_dvd",
};

struct feature_name {
	unsigned int flag;
	const char *name;
};

static const struct feature_name feature_names[] = {
	{ LIRC_CAN_SEND_PULSE, "send-pulse" },
	{ LIRC_CAN_SET_SEND_CARRIER, "set-send-carrier" },
	{ LIRC_CAN_SET_SEND_DUTY_CYCLE, "set-send-duty-cycle" },
	{ LIRC_CAN_SET_TRANSMITTER_MASK, "set-transmitter-mask" },
	{ LIRC_CAN_REC_MODE2, "rec-mode2" },
	{ LIRC_CAN_REC_SCANCODE, "rec-scancode" },
	{ LIRC_CAN_SET_REC_CARRIER, "set-rec-carrier" },
	{ LIRC_CAN_SET_REC_CARRIER_RANGE, "set-rec-carrier-range" },
	{ LIRC_CAN_USE_WIDEBAND_RECEIVER, "use-wideband-receiver" },
	{ LIRC_CAN_MEASURE_CARRIER, "measure-carrier" },
	{ LIRC_CAN_SET_REC_TIMEOUT, "set-rec-timeout" },
	{ LIRC_CAN_GET_REC_RESOLUTION, "get-rec-resolution" },
};

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: lirc-tool [-d DEVICE] [-R] [-r scancode|mode2] [-n COUNT] [-w MS] ACTION...\n"
		"Opens DEVICE (default /dev/lirc0) read-write, or read-only with -R.\n"
		"With -r, sets the receive mode first, runs the ACTIONs in order, then prints\n"
		"received events until COUNT of them arrived or none came for MS milliseconds\n"
		"(default 1000).\n"
		"Actions:\n"
		"  send-scancode PROTO SCANCODE  encode with the kernel's encoder and send\n"
		"                                (PROTO: a name such as nec, or a number)\n"
		"  send-raw FILE                 send \"pulse N\"/\"space N\" lines or \"+N -N\"\n"
		"                                words (\"-\": stdin); timeout lines are skipped\n"
		"  send-pulses N...              send pulse N, space N, pulse N, ...\n"
		"  send-list FILE                send one signal per line of FILE:\n"
		"                                \"scancode PROTO SCANCODE\" or \"raw CAPTURE\";\n"
		"                                prints \"signal N: LINE\" before each and,\n"
		"                                with -r, what arrived after each\n"
		"  attach OBJECT                 load the program of a BPF object, attach it\n"
		"  detach-all                    detach every attached program\n"
		"  query                         print the attached programs\n"
		"  features                      print the device's features\n"
		"  timeout                       print the receiver's timeout (us)\n"
		"  set-timeout US                set it (rc-core resets it when the\n"
		"                                protocols change)\n"
		"  sleep MS                      wait\n"
		"  print TEXT                    print TEXT (e.g. to say the device is open)\n"
		"Exit status: 0 on success, 1 on failure or fewer events than COUNT.\n");
}

static int parse_u64(const char *text, uint64_t *ret_value)
{
	char *end;
	unsigned long long value;

	if (!isdigit((unsigned char)text[0]))
		return -EINVAL;
	errno = 0;
	value = strtoull(text, &end, 0);
	if (errno || *end)
		return -EINVAL;
	*ret_value = value;
	return 0;
}

static int parse_proto(const char *text, unsigned int *ret_proto)
{
	uint64_t number;
	unsigned int i;

	for (i = 0; i < sizeof(proto_names) / sizeof(proto_names[0]); i++) {
		if (proto_names[i] && strcmp(text, proto_names[i]) == 0) {
			*ret_proto = i;
			return 0;
		}
	}
	if (parse_u64(text, &number) < 0 || number > UINT16_MAX)
		return -EINVAL;
	*ret_proto = number;
	return 0;
}

/* The name of a kernel protocol; NULL for numbers the kernel does not name. */
static const char *proto_name(unsigned int proto)
{
	if (proto < sizeof(proto_names) / sizeof(proto_names[0]))
		return proto_names[proto];
	return NULL;
}

static int set_send_mode(int fd, unsigned int mode, struct ir_error *err)
{
	if (ioctl(fd, LIRC_SET_SEND_MODE, &mode) < 0) {
		int ret = -errno;

		ir_error_set(err, "LIRC_SET_SEND_MODE %u: %s", mode, strerror(-ret));
		return ret;
	}
	return 0;
}

static int send_scancode(int fd, const char *proto_text, const char *scancode_text,
			 struct ir_error *err)
{
	struct lirc_scancode sc;
	unsigned int proto;
	uint64_t scancode;
	ssize_t written;
	int ret;

	if (parse_proto(proto_text, &proto) < 0) {
		ir_error_set(err, "unknown protocol '%s'", proto_text);
		return -EINVAL;
	}
	if (parse_u64(scancode_text, &scancode) < 0) {
		ir_error_set(err, "bad scancode '%s'", scancode_text);
		return -EINVAL;
	}
	ret = set_send_mode(fd, LIRC_MODE_SCANCODE, err);
	if (ret < 0)
		return ret;
	memset(&sc, 0, sizeof(sc));
	sc.rc_proto = proto;
	sc.scancode = scancode;
	written = write(fd, &sc, sizeof(sc));
	if (written < 0) {
		ret = -errno;
		ir_error_set(err, "sending scancode 0x%" PRIx64 " of protocol %u: %s",
			     scancode, proto, strerror(-ret));
		return ret;
	}
	if ((size_t)written != sizeof(sc)) {
		ir_error_set(err, "sending a scancode: short write of %zd bytes", written);
		return -EIO;
	}
	return 0;
}

static int send_samples(int fd, const unsigned int *samples, size_t count,
			struct ir_error *err)
{
	size_t size = count * sizeof(samples[0]);
	ssize_t written;
	int ret;

	ret = set_send_mode(fd, LIRC_MODE_PULSE, err);
	if (ret < 0)
		return ret;
	written = write(fd, samples, size);
	if (written < 0) {
		ret = -errno;
		ir_error_set(err, "sending %zu samples: %s", count, strerror(-ret));
		return ret;
	}
	if ((size_t)written != size) {
		ir_error_set(err, "sending samples: short write of %zd bytes", written);
		return -EIO;
	}
	return 0;
}

/*
 * Adds one duration to a pulse/space sequence that must start with a pulse and
 * alternate; two of a kind in a row are merged, as a receiver would see them.
 */
static int raw_add(unsigned int *samples, size_t *count, bool pulse, unsigned int duration,
		   const char *where, struct ir_error *err)
{
	bool last_pulse = *count % 2 == 1;

	if (*count == 0 && !pulse)
		return 0;	/* leading silence means nothing to a transmitter */
	if (*count > 0 && pulse == last_pulse) {
		samples[*count - 1] += duration;
		return 0;
	}
	if (*count == RAW_SAMPLES_MAX) {
		ir_error_set(err, "%s: more than %d samples", where, RAW_SAMPLES_MAX);
		return -E2BIG;
	}
	samples[(*count)++] = duration;
	return 0;
}

static int raw_parse_word(const char *word, const char *next, bool *ret_pulse,
			  unsigned int *ret_duration, int *ret_used)
{
	uint64_t value;

	*ret_used = 1;
	if (word[0] == '+' || word[0] == '-') {
		*ret_pulse = word[0] == '+';
		if (parse_u64(word + 1, &value) < 0)
			return -EINVAL;
	} else {
		if (strcmp(word, "pulse") == 0)
			*ret_pulse = true;
		else if (strcmp(word, "space") == 0 || strcmp(word, "timeout") == 0)
			*ret_pulse = false;
		else
			return -EINVAL;
		if (!next || parse_u64(next, &value) < 0)
			return -EINVAL;
		*ret_used = 2;
	}
	if (value == 0 || value > LIRC_VALUE_MASK)
		return -ERANGE;
	*ret_duration = value;
	return 0;
}

/* Reads one line's words; '#' starts a comment. */
static int raw_parse_line(char *line, const char *where, unsigned int *samples,
			  size_t *count, struct ir_error *err)
{
	char *words[64];
	int n = 0, i = 0, used, ret;
	char *save, *word;
	unsigned int duration;
	bool pulse;

	line[strcspn(line, "#\n")] = '\0';
	for (word = strtok_r(line, " \t\r,", &save); word;
	     word = strtok_r(NULL, " \t\r,", &save)) {
		if (n == (int)(sizeof(words) / sizeof(words[0]))) {
			ir_error_set(err, "%s: line too long", where);
			return -E2BIG;
		}
		words[n++] = word;
	}
	while (i < n) {
		ret = raw_parse_word(words[i], i + 1 < n ? words[i + 1] : NULL, &pulse,
				     &duration, &used);
		if (ret < 0) {
			ir_error_set(err, "%s: cannot read '%s'", where, words[i]);
			return ret;
		}
		/* A timeout line is how mode2 ends a message: not sent. */
		if (strcmp(words[i], "timeout") != 0) {
			ret = raw_add(samples, count, pulse, duration, where, err);
			if (ret < 0)
				return ret;
		}
		i += used;
	}
	return 0;
}

static int send_raw_file(int fd, const char *path, struct ir_error *err)
{
	unsigned int samples[RAW_SAMPLES_MAX];
	size_t count = 0;
	char line[1024], where[300];
	unsigned int lineno = 0;
	FILE *in;
	int ret = 0;

	in = strcmp(path, "-") == 0 ? stdin : fopen(path, "re");
	if (!in) {
		ret = -errno;
		ir_error_set(err, "%s: %s", path, strerror(-ret));
		return ret;
	}
	while (fgets(line, sizeof(line), in)) {
		snprintf(where, sizeof(where), "%s:%u", path, ++lineno);
		ret = raw_parse_line(line, where, samples, &count, err);
		if (ret < 0)
			goto out;
	}
	/* A transmission ends with a pulse: a trailing space is silence. */
	if (count % 2 == 0 && count > 0)
		count--;
	if (count == 0) {
		ir_error_set(err, "%s: no pulse to send", path);
		ret = -EINVAL;
		goto out;
	}
	ret = send_samples(fd, samples, count, err);
out:
	if (in != stdin)
		fclose(in);
	return ret;
}

/* send-pulses N...: consumes the numeric arguments that follow. */
static int send_pulses(int fd, char **args, int nargs, int *ret_used, struct ir_error *err)
{
	unsigned int samples[RAW_SAMPLES_MAX];
	uint64_t value;
	int n = 0;

	while (n < nargs && parse_u64(args[n], &value) == 0) {
		if (value == 0 || value > LIRC_VALUE_MASK || n == RAW_SAMPLES_MAX) {
			ir_error_set(err, "send-pulses: bad duration '%s'", args[n]);
			return -EINVAL;
		}
		samples[n++] = value;
	}
	*ret_used = n;
	if (n % 2 == 0) {
		ir_error_set(err, "send-pulses: %d durations; an odd count (ending with a pulse) is needed",
			     n);
		return -EINVAL;
	}
	return send_samples(fd, samples, n, err);
}

/* A loaded ELF object: the program's instructions after relocation, and its maps. */
struct bpf_elf {
	Elf *elf;
	size_t strtab;		/* section header string table index */
	Elf_Scn *symtab;
	size_t symtab_entsize;
	int maps_index;
	int prog_index;
	char prog_name[BPF_OBJ_NAME_LEN];
	char license[128];
	struct bpf_insn *insns;
	size_t insn_count;
	int map_fds[OBJECT_MAPS_MAX];
	uint64_t map_offsets[OBJECT_MAPS_MAX];
	size_t map_count;
};

static void bpf_elf_release(struct bpf_elf *obj)
{
	size_t i;

	for (i = 0; i < obj->map_count; i++)
		close(obj->map_fds[i]);
	free(obj->insns);
	if (obj->elf)
		elf_end(obj->elf);
}

/* Finds the symbol table, the maps and license sections, and the program section. */
static int bpf_elf_scan(struct bpf_elf *obj, const char *path, struct ir_error *err)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr shdr;
	const char *name;
	Elf_Data *data;

	while ((scn = elf_nextscn(obj->elf, scn))) {
		if (!gelf_getshdr(scn, &shdr))
			continue;
		name = elf_strptr(obj->elf, obj->strtab, shdr.sh_name);
		if (!name)
			continue;
		if (shdr.sh_type == SHT_SYMTAB) {
			obj->symtab = scn;
			obj->symtab_entsize = shdr.sh_entsize;
		} else if (strcmp(name, "maps") == 0) {
			obj->maps_index = elf_ndxscn(scn);
		} else if (strcmp(name, "license") == 0) {
			data = elf_getdata(scn, NULL);
			if (data && data->d_size > 0 && data->d_size < sizeof(obj->license))
				memcpy(obj->license, data->d_buf, data->d_size);
		} else if (shdr.sh_type == SHT_PROGBITS && (shdr.sh_flags & SHF_EXECINSTR) &&
			   shdr.sh_size > 0 && obj->prog_index < 0) {
			obj->prog_index = elf_ndxscn(scn);
			data = elf_getdata(scn, NULL);
			if (!data || data->d_size % sizeof(struct bpf_insn)) {
				ir_error_set(err, "%s: section '%s' is not whole instructions",
					     path, name);
				return -EINVAL;
			}
			obj->insn_count = data->d_size / sizeof(struct bpf_insn);
			obj->insns = malloc(data->d_size);
			if (!obj->insns)
				return -ENOMEM;
			memcpy(obj->insns, data->d_buf, data->d_size);
			snprintf(obj->prog_name, sizeof(obj->prog_name), "%s", name);
		}
	}
	if (!obj->symtab || obj->symtab_entsize == 0) {
		ir_error_set(err, "%s: no symbol table", path);
		return -EINVAL;
	}
	if (obj->prog_index < 0) {
		ir_error_set(err, "%s: no program section", path);
		return -EINVAL;
	}
	if (!obj->license[0]) {
		ir_error_set(err, "%s: no license section", path);
		return -EINVAL;
	}
	return 0;
}

static int bpf_elf_symbol(struct bpf_elf *obj, size_t index, GElf_Sym *ret_sym,
			  const char **ret_name)
{
	Elf_Data *data = elf_getdata(obj->symtab, NULL);
	GElf_Shdr shdr;

	if (!data || !gelf_getsym(data, index, ret_sym) || !gelf_getshdr(obj->symtab, &shdr))
		return -EINVAL;
	*ret_name = elf_strptr(obj->elf, shdr.sh_link, ret_sym->st_name);
	return *ret_name ? 0 : -EINVAL;
}

/* Creates one map per symbol of the maps section; names the program after its function. */
static int bpf_elf_create_maps(struct bpf_elf *obj, const char *path, struct ir_error *err)
{
	Elf_Data *maps = NULL, *syms = elf_getdata(obj->symtab, NULL);
	struct bpf_map_create_opts opts;
	size_t i, count;
	const char *name;
	GElf_Sym sym;
	uint32_t def[5];
	char map_name[BPF_OBJ_NAME_LEN];
	int fd;

	if (obj->maps_index > 0)
		maps = elf_getdata(elf_getscn(obj->elf, obj->maps_index), NULL);
	count = syms ? syms->d_size / obj->symtab_entsize : 0;
	for (i = 1; i < count; i++) {
		if (bpf_elf_symbol(obj, i, &sym, &name) < 0)
			continue;
		if (sym.st_shndx == obj->prog_index && GELF_ST_TYPE(sym.st_info) == STT_FUNC &&
		    sym.st_value == 0)
			snprintf(obj->prog_name, sizeof(obj->prog_name), "%s", name);
		if (!maps || sym.st_shndx != obj->maps_index ||
		    GELF_ST_TYPE(sym.st_info) == STT_SECTION)
			continue;
		/* A map definition is at least type, key, value size and entries. */
		memset(def, 0, sizeof(def));
		if (sym.st_value + 16 > maps->d_size) {
			ir_error_set(err, "%s: map '%s' lies outside the maps section", path, name);
			return -EINVAL;
		}
		memcpy(def, (const char *)maps->d_buf + sym.st_value,
		       sym.st_value + sizeof(def) <= maps->d_size ? sizeof(def) : 16);
		if (obj->map_count == OBJECT_MAPS_MAX) {
			ir_error_set(err, "%s: more than %d maps", path, OBJECT_MAPS_MAX);
			return -E2BIG;
		}
		memset(&opts, 0, sizeof(opts));
		opts.sz = sizeof(opts);
		opts.map_flags = def[4];
		snprintf(map_name, sizeof(map_name), "%s", name);
		fd = bpf_map_create(def[0], map_name, def[1], def[2], def[3], &opts);
		if (fd < 0) {
			ir_error_set(err, "%s: creating map '%s': %s", path, name, strerror(-fd));
			return fd;
		}
		obj->map_fds[obj->map_count] = fd;
		obj->map_offsets[obj->map_count++] = sym.st_value;
	}
	return 0;
}

static int bpf_elf_relocate_one(struct bpf_elf *obj, const GElf_Rel *rel, const char *path,
				struct ir_error *err)
{
	size_t insn = rel->r_offset / sizeof(struct bpf_insn), i;
	const char *name;
	GElf_Sym sym;

	if (rel->r_offset % sizeof(struct bpf_insn) || insn + 1 >= obj->insn_count ||
	    obj->insns[insn].code != (BPF_LD | BPF_IMM | BPF_DW)) {
		ir_error_set(err, "%s: relocation at offset %" PRIu64 " is not on a 64-bit load",
			     path, (uint64_t)rel->r_offset);
		return -EINVAL;
	}
	if (bpf_elf_symbol(obj, GELF_R_SYM(rel->r_info), &sym, &name) < 0) {
		ir_error_set(err, "%s: bad symbol in a relocation", path);
		return -EINVAL;
	}
	if (obj->maps_index <= 0 || sym.st_shndx != obj->maps_index) {
		ir_error_set(err, "%s: relocation against '%s' is not supported (maps only)",
			     path, name);
		return -ENOTSUP;
	}
	for (i = 0; i < obj->map_count; i++) {
		if (obj->map_offsets[i] == sym.st_value) {
			obj->insns[insn].src_reg = BPF_PSEUDO_MAP_FD;
			obj->insns[insn].imm = obj->map_fds[i];
			return 0;
		}
	}
	ir_error_set(err, "%s: relocation against unknown map '%s'", path, name);
	return -EINVAL;
}

static int bpf_elf_relocate(struct bpf_elf *obj, const char *path, struct ir_error *err)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr shdr;
	Elf_Data *data;
	GElf_Rel rel;
	size_t i;
	int ret;

	while ((scn = elf_nextscn(obj->elf, scn))) {
		if (!gelf_getshdr(scn, &shdr) || shdr.sh_type != SHT_REL ||
		    shdr.sh_info != (GElf_Word)obj->prog_index || shdr.sh_entsize == 0)
			continue;
		data = elf_getdata(scn, NULL);
		for (i = 0; data && i < data->d_size / shdr.sh_entsize; i++) {
			if (!gelf_getrel(data, i, &rel))
				return -EINVAL;
			ret = bpf_elf_relocate_one(obj, &rel, path, err);
			if (ret < 0)
				return ret;
		}
	}
	return 0;
}

static int bpf_elf_open(struct bpf_elf *obj, int fd, const char *path, struct ir_error *err)
{
	GElf_Ehdr ehdr;

	if (elf_version(EV_CURRENT) == EV_NONE)
		return -ENOTSUP;
	obj->elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!obj->elf || !gelf_getehdr(obj->elf, &ehdr)) {
		ir_error_set(err, "%s: not an ELF file", path);
		return -EINVAL;
	}
	if (ehdr.e_machine != EM_BPF || ehdr.e_type != ET_REL) {
		ir_error_set(err, "%s: not a relocatable BPF object", path);
		return -EINVAL;
	}
	if (elf_getshdrstrndx(obj->elf, &obj->strtab) < 0) {
		ir_error_set(err, "%s: no section names", path);
		return -EINVAL;
	}
	return 0;
}

static int load_object(const char *path, int *ret_prog_fd, struct ir_error *err)
{
	struct bpf_elf obj = { .maps_index = -1, .prog_index = -1 };
	LIBBPF_OPTS(bpf_prog_load_opts, opts);
	char *log = NULL;
	int fd, ret;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		ir_error_set(err, "%s: %s", path, strerror(-ret));
		return ret;
	}
	ret = bpf_elf_open(&obj, fd, path, err);
	if (ret < 0)
		goto out;
	ret = bpf_elf_scan(&obj, path, err);
	if (ret < 0)
		goto out;
	ret = bpf_elf_create_maps(&obj, path, err);
	if (ret < 0)
		goto out;
	ret = bpf_elf_relocate(&obj, path, err);
	if (ret < 0)
		goto out;
	log = calloc(1, VERIFIER_LOG_SIZE);
	if (!log) {
		ret = -ENOMEM;
		goto out;
	}
	opts.log_buf = log;
	opts.log_size = VERIFIER_LOG_SIZE;
	ret = bpf_prog_load(BPF_PROG_TYPE_LIRC_MODE2, obj.prog_name, obj.license, obj.insns,
			    obj.insn_count, &opts);
	if (ret < 0) {
		/* The verifier's log is far longer than an error message: show it here. */
		fprintf(stderr, "%s", log);
		ir_error_set(err, "%s: the kernel refused program '%s': %s", path,
			     obj.prog_name, strerror(-ret));
		goto out;
	}
	*ret_prog_fd = ret;
	ret = 0;
out:
	free(log);
	bpf_elf_release(&obj);
	close(fd);
	return ret;
}

static int attach_object(int lirc_fd, const char *path, struct ir_error *err)
{
	int prog_fd = -1, ret;

	ret = load_object(path, &prog_fd, err);
	if (ret < 0)
		return ret;
	/* The device keeps the program once attached: our descriptor can go. */
	ret = bpf_prog_attach(prog_fd, lirc_fd, BPF_LIRC_MODE2, 0);
	if (ret < 0)
		ir_error_set(err, "%s: attaching: %s", path, strerror(-ret));
	close(prog_fd);
	return ret;
}

static int query_programs(int lirc_fd, uint32_t *ids, uint32_t *ret_count,
			  struct ir_error *err)
{
	uint32_t count = ATTACHED_MAX, flags = 0;
	int ret;

	ret = bpf_prog_query(lirc_fd, BPF_LIRC_MODE2, 0, &flags, ids, &count);
	if (ret < 0) {
		ir_error_set(err, "querying attached programs: %s", strerror(-ret));
		return ret;
	}
	*ret_count = count;
	return 0;
}

static int print_programs(int lirc_fd, struct ir_error *err)
{
	uint32_t ids[ATTACHED_MAX], count, i;
	struct bpf_prog_info info;
	uint32_t info_len;
	int fd, ret;

	ret = query_programs(lirc_fd, ids, &count, err);
	if (ret < 0)
		return ret;
	printf("attached programs: %u\n", count);
	for (i = 0; i < count; i++) {
		fd = bpf_prog_get_fd_by_id(ids[i]);
		if (fd < 0) {
			ir_error_set(err, "program id %u: %s", ids[i], strerror(-fd));
			return fd;
		}
		memset(&info, 0, sizeof(info));
		info_len = sizeof(info);
		ret = bpf_obj_get_info_by_fd(fd, &info, &info_len);
		close(fd);
		if (ret < 0) {
			ir_error_set(err, "program id %u: %s", ids[i], strerror(-ret));
			return ret;
		}
		printf("program %s\n", info.name);
	}
	fflush(stdout);
	return 0;
}

static int detach_all(int lirc_fd, struct ir_error *err)
{
	uint32_t ids[ATTACHED_MAX], count, i;
	int fd, ret;

	ret = query_programs(lirc_fd, ids, &count, err);
	if (ret < 0)
		return ret;
	for (i = 0; i < count; i++) {
		fd = bpf_prog_get_fd_by_id(ids[i]);
		if (fd < 0) {
			ir_error_set(err, "program id %u: %s", ids[i], strerror(-fd));
			return fd;
		}
		ret = bpf_prog_detach2(fd, lirc_fd, BPF_LIRC_MODE2);
		close(fd);
		if (ret < 0) {
			ir_error_set(err, "detaching program id %u: %s", ids[i], strerror(-ret));
			return ret;
		}
	}
	return 0;
}

static int print_features(int fd, struct ir_error *err)
{
	unsigned int features, known = 0;
	size_t i;

	if (ioctl(fd, LIRC_GET_FEATURES, &features) < 0) {
		int ret = -errno;

		ir_error_set(err, "LIRC_GET_FEATURES: %s", strerror(-ret));
		return ret;
	}
	for (i = 0; i < sizeof(feature_names) / sizeof(feature_names[0]); i++) {
		known |= feature_names[i].flag;
		if (features & feature_names[i].flag)
			printf("feature %s\n", feature_names[i].name);
	}
	if (features & ~known)
		printf("feature other 0x%08x\n", features & ~known);
	fflush(stdout);
	return 0;
}

static int sleep_ms(const char *text, struct ir_error *err)
{
	struct timespec ts;
	uint64_t ms;

	if (parse_u64(text, &ms) < 0 || ms > 600000) {
		ir_error_set(err, "sleep: bad duration '%s'", text);
		return -EINVAL;
	}
	ts.tv_sec = ms / 1000;
	ts.tv_nsec = (ms % 1000) * 1000000;
	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
	return 0;
}

static int print_timeout(int fd, struct ir_error *err)
{
	unsigned int timeout;

	if (ioctl(fd, LIRC_GET_REC_TIMEOUT, &timeout) < 0) {
		int ret = -errno;

		ir_error_set(err, "LIRC_GET_REC_TIMEOUT: %s", strerror(-ret));
		return ret;
	}
	printf("timeout %u\n", timeout);
	fflush(stdout);
	return 0;
}

static int set_timeout(int fd, const char *text, struct ir_error *err)
{
	uint64_t value;
	unsigned int timeout;

	if (parse_u64(text, &value) < 0 || value == 0 || value > UINT32_MAX) {
		ir_error_set(err, "set-timeout: bad duration '%s'", text);
		return -EINVAL;
	}
	timeout = value;
	if (ioctl(fd, LIRC_SET_REC_TIMEOUT, &timeout) < 0) {
		int ret = -errno;

		ir_error_set(err, "LIRC_SET_REC_TIMEOUT %u: %s", timeout, strerror(-ret));
		return ret;
	}
	return 0;
}

static int receive_once(int fd, enum receive_mode mode, long *count, struct ir_error *err);

/* Prints every event already queued, without waiting for more. */
static int drain(int fd, enum receive_mode mode, long *received, struct ir_error *err)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	int ret;

	for (;;) {
		ret = poll(&pfd, 1, 0);
		if (ret < 0 && errno == EINTR)
			continue;
		if (ret < 0) {
			ir_error_set(err, "poll: %s", strerror(errno));
			return -errno;
		}
		if (ret == 0)
			return 0;
		ret = receive_once(fd, mode, received, err);
		if (ret < 0)
			return ret;
	}
}

/* One line of a signal list: "scancode PROTO SCANCODE" or "raw CAPTURE". */
static int send_list_line(int fd, char *line, const char *where, struct ir_error *err)
{
	char *save, *word, *words[3];
	int n = 0;

	for (word = strtok_r(line, " \t\r\n", &save); word;
	     word = strtok_r(NULL, " \t\r\n", &save)) {
		if (n == 3) {
			n = 0;	/* too many words */
			break;
		}
		words[n++] = word;
	}
	if (n == 3 && strcmp(words[0], "scancode") == 0)
		return send_scancode(fd, words[1], words[2], err);
	if (n == 2 && strcmp(words[0], "raw") == 0)
		return send_raw_file(fd, words[1], err);
	ir_error_set(err, "%s: \"scancode PROTO SCANCODE\" or \"raw FILE\" expected", where);
	return -EINVAL;
}

/*
 * Sends the signals of a list one after the other. With -r, what is queued once a
 * write has returned is printed after that signal's line, as its events: rc-loopback
 * hands the signal (and the timeout after it) to rc-core's raw-event thread, and the
 * write then sleeps for the signal's duration, at least a jiffy; in the test kernel
 * (one CPU, no preemption) that thread decodes everything before the writer runs
 * again. A decoder that waits for the next signal to finish a message would put its
 * event after that next signal's line.
 */
static int send_list(int fd, const char *path, const struct options *opts, long *received,
		     struct ir_error *err)
{
	char line[1024], where[300];
	unsigned int lineno = 0, signal = 0;
	FILE *in;
	int ret = 0;

	in = fopen(path, "re");
	if (!in) {
		ret = -errno;
		ir_error_set(err, "%s: %s", path, strerror(-ret));
		return ret;
	}
	while (fgets(line, sizeof(line), in)) {
		snprintf(where, sizeof(where), "%s:%u", path, ++lineno);
		line[strcspn(line, "#\n")] = '\0';
		if (line[strspn(line, " \t\r")] == '\0')
			continue;
		printf("signal %u: %s\n", ++signal, line + strspn(line, " \t"));
		fflush(stdout);
		ret = send_list_line(fd, line, where, err);
		if (ret == 0 && opts->receive)
			ret = drain(fd, opts->receive, received, err);
		if (ret < 0)
			break;
	}
	fclose(in);
	return ret;
}

/* Runs the action at args[0]; *ret_used is how many arguments it took. */
static int run_action(int fd, char **args, int nargs, const struct options *opts,
		      long *received, int *ret_used, struct ir_error *err)
{
	const char *action = args[0];
	int used = 0, ret;

	if (strcmp(action, "send-scancode") == 0 && nargs >= 3) {
		*ret_used = 3;
		return send_scancode(fd, args[1], args[2], err);
	}
	if (strcmp(action, "send-raw") == 0 && nargs >= 2) {
		*ret_used = 2;
		return send_raw_file(fd, args[1], err);
	}
	if (strcmp(action, "send-pulses") == 0) {
		ret = send_pulses(fd, args + 1, nargs - 1, &used, err);
		*ret_used = 1 + used;
		return ret;
	}
	if (strcmp(action, "send-list") == 0 && nargs >= 2) {
		*ret_used = 2;
		return send_list(fd, args[1], opts, received, err);
	}
	if (strcmp(action, "set-timeout") == 0 && nargs >= 2) {
		*ret_used = 2;
		return set_timeout(fd, args[1], err);
	}
	if (strcmp(action, "attach") == 0 && nargs >= 2) {
		*ret_used = 2;
		return attach_object(fd, args[1], err);
	}
	if (strcmp(action, "sleep") == 0 && nargs >= 2) {
		*ret_used = 2;
		return sleep_ms(args[1], err);
	}
	if (strcmp(action, "print") == 0 && nargs >= 2) {
		/* Tells a script waiting on our output that the device is open. */
		*ret_used = 2;
		printf("%s\n", args[1]);
		fflush(stdout);
		return 0;
	}
	*ret_used = 1;
	if (strcmp(action, "detach-all") == 0)
		return detach_all(fd, err);
	if (strcmp(action, "query") == 0)
		return print_programs(fd, err);
	if (strcmp(action, "features") == 0)
		return print_features(fd, err);
	if (strcmp(action, "timeout") == 0)
		return print_timeout(fd, err);
	ir_error_set(err, "unknown action or missing argument: '%s'", action);
	return -EINVAL;
}

/* "rc_proto=9(nec) scancode=0x1234 flags=0x0 keycode=0"; BPF protocols have no name. */
static void print_scancode(const struct lirc_scancode *sc)
{
	const char *name = proto_name(sc->rc_proto);

	printf("rc_proto=%u", sc->rc_proto);
	if (name)
		printf("(%s)", name);
	printf(" scancode=0x%" PRIx64 " flags=0x%x keycode=%u\n", (uint64_t)sc->scancode,
	       sc->flags, sc->keycode);
}

static void print_sample(unsigned int sample)
{
	static const char *const kinds[] = {
		[LIRC_MODE2_SPACE >> 24] = "space",
		[LIRC_MODE2_PULSE >> 24] = "pulse",
		[LIRC_MODE2_FREQUENCY >> 24] = "frequency",
		[LIRC_MODE2_TIMEOUT >> 24] = "timeout",
		[LIRC_MODE2_OVERFLOW >> 24] = "overflow",
	};
	unsigned int kind = LIRC_MODE2(sample) >> 24;

	if (kind < sizeof(kinds) / sizeof(kinds[0]) && kinds[kind])
		printf("%s %u\n", kinds[kind], LIRC_VALUE(sample));
	else
		printf("unknown 0x%08x\n", sample);
}

/* Reads whatever one read() returns and prints it; counts the events. */
static int receive_once(int fd, enum receive_mode mode, long *count, struct ir_error *err)
{
	union {
		struct lirc_scancode scancodes[32];
		unsigned int samples[256];
	} buf;
	size_t size = mode == RECEIVE_SCANCODE ? sizeof(buf.scancodes[0]) : sizeof(unsigned int);
	ssize_t got;
	size_t i;

	/* The kernel refuses a read that is not a whole number of events. */
	got = read(fd, &buf, mode == RECEIVE_SCANCODE ? sizeof(buf.scancodes) : sizeof(buf.samples));
	if (got < 0) {
		if (errno == EAGAIN || errno == EINTR)
			return 0;
		ir_error_set(err, "reading %s: %s", mode == RECEIVE_SCANCODE ? "scancodes" : "mode2",
			     strerror(errno));
		return -errno;
	}
	if (got == 0 || (size_t)got % size) {
		ir_error_set(err, "read returned %zd bytes, not whole events", got);
		return -EIO;
	}
	for (i = 0; i < (size_t)got / size; i++) {
		if (mode == RECEIVE_SCANCODE)
			print_scancode(&buf.scancodes[i]);
		else
			print_sample(buf.samples[i]);
		/* The VM may be stopped right after the last line. */
		fflush(stdout);
		(*count)++;
	}
	return 0;
}

/* Waits for and prints events; received counts those printed since the start. */
static int receive(int fd, const struct options *opts, long received, struct ir_error *err)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	int ret;

	while (opts->count < 0 || received < opts->count) {
		ret = poll(&pfd, 1, opts->quiet_ms);
		if (ret < 0) {
			if (errno == EINTR)
				continue;
			ir_error_set(err, "poll: %s", strerror(errno));
			return -errno;
		}
		if (ret == 0)
			break;
		if (pfd.revents & (POLLERR | POLLHUP)) {
			ir_error_set(err, "the device went away");
			return -ENODEV;
		}
		ret = receive_once(fd, opts->receive, &received, err);
		if (ret < 0)
			return ret;
	}
	if (opts->count >= 0 && received < opts->count) {
		ir_error_set(err, "received %ld of %ld events", received, opts->count);
		return -ETIMEDOUT;
	}
	return 0;
}

static int parse_options(int argc, char **argv, struct options *opts)
{
	uint64_t value;
	int c;

	while ((c = getopt(argc, argv, "+d:Rr:n:w:h")) != -1) {
		switch (c) {
		case 'd':
			opts->device = optarg;
			break;
		case 'R':
			opts->read_only = true;
			break;
		case 'r':
			if (strcmp(optarg, "scancode") == 0)
				opts->receive = RECEIVE_SCANCODE;
			else if (strcmp(optarg, "mode2") == 0)
				opts->receive = RECEIVE_MODE2;
			else
				return -EINVAL;
			break;
		case 'n':
			if (parse_u64(optarg, &value) < 0 || value > 1000000)
				return -EINVAL;
			opts->count = value;
			break;
		case 'w':
			if (parse_u64(optarg, &value) < 0 || value > 600000)
				return -EINVAL;
			opts->quiet_ms = value;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		default:
			return -EINVAL;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct options opts = { .device = "/dev/lirc0", .receive = RECEIVE_NONE,
				.count = -1, .quiet_ms = 1000 };
	struct ir_error err;
	unsigned int mode;
	long received = 0;
	int fd, i, used, ret = 0;

	ir_error_clear(&err);
	if (parse_options(argc, argv, &opts) < 0 || (optind == argc && !opts.receive)) {
		usage(stderr);
		return 1;
	}
	fd = open(opts.device, (opts.read_only ? O_RDONLY : O_RDWR) | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "lirc-tool: %s: %s\n", opts.device, strerror(errno));
		return 1;
	}
	/* Events queue from open() on; the mode only decides what read() returns. */
	if (opts.receive) {
		mode = opts.receive == RECEIVE_SCANCODE ? LIRC_MODE_SCANCODE : LIRC_MODE_MODE2;
		if (ioctl(fd, LIRC_SET_REC_MODE, &mode) < 0) {
			ret = -errno;
			ir_error_set(&err, "LIRC_SET_REC_MODE %u: %s", mode, strerror(errno));
			goto out;
		}
	}
	for (i = optind; i < argc; i += used) {
		ret = run_action(fd, argv + i, argc - i, &opts, &received, &used, &err);
		if (ret < 0)
			goto out;
	}
	if (opts.receive)
		ret = receive(fd, &opts, received, &err);
out:
	close(fd);
	fflush(stdout);
	if (ret < 0) {
		fprintf(stderr, "lirc-tool: %s\n", err.message);
		return 1;
	}
	return 0;
}
