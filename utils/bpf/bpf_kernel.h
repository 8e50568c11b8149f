/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The kernel side of BPF decoders: the only code that calls bpf(2), through libbpf's
 * low-level wrappers (bpf_map_create, bpf_prog_load, bpf_prog_attach, ...; never its
 * object loader).
 *
 * A struct bpf_image (see bpf_image.h) becomes a loaded program: its maps are created
 * (initial values written; read-only maps flagged BPF_F_RDONLY_PROG where the kernel
 * knows the flag, and frozen), the map references of a copy of its instructions are
 * rewritten from the index forms to the fd forms old kernels understand, and it is
 * loaded as BPF_PROG_TYPE_LIRC_MODE2 (expected_attach_type BPF_LIRC_MODE2). A rejected
 * program gets the verifier's log: err names the error line and the instruction, the
 * caller's buffer gets the log's last lines.
 *
 * Attaching, detaching and querying work on a /dev/lircN file descriptor. Facts the
 * caller must know:
 * - the kernel runs at most 64 programs per LIRC device: one more attach is E2BIG;
 * - since Linux 6.9 (and the 6.1.y and 6.6.y stable kernels that took the same fix),
 *   attach and detach need the LIRC device opened read-write (else EPERM); a query works
 *   on a read-only descriptor;
 * - a program stays attached when its file descriptor is closed: bpf_kernel_program_free()
 *   does not detach;
 * - run_time_ns and run_cnt are only counted while statistics are enabled
 *   (bpf_kernel_enable_stats(), or the sysctl kernel.bpf_stats_enabled).
 *
 * Every function returns 0 or a negative errno; err (may be NULL) says what failed and,
 * for the errors users meet (permissions, the 64-program limit, a verifier rejection, a
 * kernel without LIRC_MODE2 support), what it means.
 */
#ifndef IRKIT_BPF_KERNEL_H
#define IRKIT_BPF_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <linux/bpf.h>

#include "bpf_image.h"
#include "ir_error.h"

/* The kernel's limit of programs attached to one LIRC device (BPF_MAX_PROGS). */
#define BPF_KERNEL_MAX_LIRC_PROGS 64

/* A program name as the kernel keeps it: 15 characters and a NUL (BPF_OBJ_NAME_LEN). */
#define BPF_KERNEL_NAME_MAX BPF_OBJ_NAME_LEN

struct bpf_kernel_program;

/*
 * Create the image's maps and load its program. log_tail (may be NULL) receives, when
 * the verifier rejects the program, the last lines of its log, always including the
 * instruction the error is about; it is set to "" otherwise. 1024 bytes is plenty.
 * Returns 0; -EACCES or -EINVAL for a rejected program; -EPERM when not allowed;
 * -EINVAL also when the kernel lacks BPF_PROG_TYPE_LIRC_MODE2; -E2BIG, -ENOMEM.
 * On failure nothing is left open.
 */
int bpf_kernel_load(const struct bpf_image *image, char *log_tail, size_t log_tail_size,
		    struct bpf_kernel_program **ret_program, struct ir_error *err);

/*
 * What the verifier processed to accept image, loaded as program was (its maps): the
 * image is loaded once more with the verifier's statistics and that copy closed. For
 * kernels before 5.16, whose program info has no verified_insns; the statistics need
 * 5.2. -EPROTO when the log has no "processed N insns" line.
 */
int bpf_kernel_processed_insns(const struct bpf_image *image,
			       const struct bpf_kernel_program *program, uint32_t *ret_count,
			       struct ir_error *err);

/* Closes the program's and the maps' file descriptors; attachments stay. Accepts NULL. */
void bpf_kernel_program_free(struct bpf_kernel_program *program);

int bpf_kernel_program_fd(const struct bpf_kernel_program *program);
/* The kernel's id of the loaded program (as bpf_kernel_query() reports it). */
uint32_t bpf_kernel_program_id(const struct bpf_kernel_program *program);
/* The name the program was loaded with (the image's, cut to what the kernel keeps). */
const char *bpf_kernel_program_name(const struct bpf_kernel_program *program);
size_t bpf_kernel_program_map_count(const struct bpf_kernel_program *program);
/* The fd of map index (as in image->maps), or -ENOENT. */
int bpf_kernel_program_map_fd(const struct bpf_kernel_program *program, size_t index);

/*
 * Write one element of a map from userspace (BPF_ANY), e.g. the raw decoder's patterns.
 * key and value have the sizes of the map's spec. -ENOENT for a bad index, -EPERM for
 * a frozen (read-only) map.
 */
int bpf_kernel_map_update(const struct bpf_kernel_program *program, size_t map_index,
			  const void *key, const void *value, struct ir_error *err);

/* Attach a loaded program to an open /dev/lircN (read-write: see above). */
int bpf_kernel_attach(int lirc_fd, const struct bpf_kernel_program *program,
		      struct ir_error *err);
/* Detach a program this process loaded (undoing an attach, say). */
int bpf_kernel_detach(int lirc_fd, const struct bpf_kernel_program *program,
		      struct ir_error *err);
/* Detach the program with this id (from bpf_kernel_query()) from the device. */
int bpf_kernel_detach_id(int lirc_fd, uint32_t prog_id, struct ir_error *err);

/*
 * Ids of the programs attached to the device, in the kernel's order (the order they run
 * in). ids has room for max entries; *ret_count is the number attached, which can be
 * more than max (then only max are written). -EINVAL: not a LIRC device, or a kernel
 * without CONFIG_BPF_LIRC_MODE2.
 */
int bpf_kernel_query(int lirc_fd, uint32_t *ids, size_t max, size_t *ret_count,
		     struct ir_error *err);

struct bpf_kernel_prog_info {
	uint32_t id;
	char name[BPF_KERNEL_NAME_MAX];	/* "" when the kernel keeps no name (before 4.15) */
	uint32_t type;			/* BPF_PROG_TYPE_* */
	uint32_t xlated_insns;		/* instructions after the verifier's rewriting */
	uint64_t run_time_ns;		/* total, while statistics are enabled */
	uint64_t run_cnt;
	bool has_verified_insns;	/* the kernel reports verified_insns (5.16 and later) */
	uint32_t verified_insns;	/* instructions the verifier processed */
};

/* What the kernel says about a loaded program. -ENOENT when no program has this id. */
int bpf_kernel_prog_info_by_id(uint32_t id, struct bpf_kernel_prog_info *ret_info,
			       struct ir_error *err);

/*
 * The map called name (as the kernel keeps it, 15 characters) of the programs attached
 * to the device, the first found in their order: its fd in *ret_fd (the caller closes
 * it). -ENOENT when none has it; -EPERM without CAP_SYS_ADMIN (programs and maps are
 * found by id); -EINVAL as bpf_kernel_query().
 */
int bpf_kernel_find_attached_map(int lirc_fd, const char *name, int *ret_fd,
				 struct ir_error *err);

/*
 * The oldest value of a queue map, taken out of it (BPF_MAP_LOOKUP_AND_DELETE_ELEM,
 * Linux 4.20): 0, -ENOENT when it is empty, or the kernel's error.
 */
int bpf_kernel_map_pop(int map_fd, void *ret_value);

/*
 * Turn on run-time statistics (run_time_ns, run_cnt) for as long as the returned file
 * descriptor stays open (BPF_ENABLE_STATS, Linux 5.8 and later). Returns the fd or a
 * negative errno.
 */
int bpf_kernel_enable_stats(struct ir_error *err);

/*
 * The pieces below are pure functions, used by bpf_kernel_load() and exposed for tests
 * and for other producers of verifier logs.
 */

/*
 * Rewrite, in place, every map reference of insns from the index forms of bpf_image.h
 * (BPF_PSEUDO_MAP_IDX, BPF_PSEUDO_MAP_IDX_VALUE) to the fd forms (BPF_PSEUDO_MAP_FD,
 * BPF_PSEUDO_MAP_VALUE) with map_fds[index]. A value offset must lie inside the map's
 * value. Other ld_imm64 instructions are left alone. -EINVAL (err names the instruction)
 * for a map index out of range, an offset out of the value, a reference already in fd
 * form, or a truncated ld_imm64 pair; insns are then partly rewritten: work on a copy.
 */
int bpf_kernel_rewrite_map_refs(struct bpf_insn *insns, size_t insn_count,
				const struct bpf_map_spec *maps, const int *map_fds,
				size_t map_count, struct ir_error *err);

/*
 * From a verifier log, the line that states the error (the last line that is not one of
 * the verifier's statistics lines) and the last instruction line ("N: (op) text") before
 * it, with the verifier's register-state comment removed. Either is set to "" when the
 * log has none.
 */
void bpf_kernel_log_error(const char *log, char *error_line, size_t error_size,
			  char *insn_line, size_t insn_size);

/*
 * The one-line message of a verifier's rejection, from bpf_kernel_log_error()'s lines;
 * a rejection that means the kernel is too old for the program says which Linux it
 * needs.
 */
void bpf_kernel_explain_rejection(struct ir_error *err, const char *name,
				  const char *error_line, const char *insn_line);

/*
 * The last lines of a verifier log: at least the last min_lines non-empty lines,
 * extended back to start at the last instruction line when that is earlier, then cut
 * (whole lines, the earliest first) to fit out_size. out is always NUL-terminated.
 */
void bpf_kernel_log_tail(const char *log, size_t min_lines, char *out, size_t out_size);

#endif
