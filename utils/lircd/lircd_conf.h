/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lircd.conf(5): LIRC's description of remotes, read into a model of remotes, their
 * timings, flags and button codes. No device, no BPF: the keymap layer turns a remote
 * into protocol entries, and table-driven decoders are fed from the same model.
 *
 * The text is lines of blank-separated tokens. A '#' in a line's first column makes it
 * a comment; so does a token starting with '#' the rest of a line, except the first
 * token of a line in `begin codes`, which is a button name, as lircd reads it (two of
 * Hauppauge's remotes have a button "#"). Keywords, section names and flags are matched
 * whatever their case, as lircd does; names (of remotes and buttons) are kept as
 * written. At the top level a file holds
 *
 *   begin remote ... end remote       any number of remote blocks
 *   include "PATH"                    another file, or a glob(3) pattern of files
 *
 * An include path is taken from the directory of the file that names it (or as written
 * if it starts with '/'). Only regular files are read (not a directory, device, FIFO
 * or socket: the path is looked at before it is opened, and it is opened without
 * waiting), each at most LIRCD_CONF_FILE_MAX bytes; a file whose first word is neither
 * "begin remote" nor "include" (nor one with no word at all) is refused with its name,
 * and nothing of its text is quoted. A pattern is expanded by pathglob.h, its work
 * bounded by LIRCD_CONF_GLOB_WORK_MAX, the files it matches read in strcmp order.
 *
 * A remote block holds one parameter a line ("bits 32", "header 9000 4500",
 * "flags SPACE_ENC|CONST_LENGTH"), then one code section: either
 *
 *   begin codes                       a button a line: NAME CODE [CODE...]
 *   end codes
 *
 * or
 *
 *   begin raw_codes                   "name NAME" then the button's durations in µs,
 *   end raw_codes                     pulse first, over as many lines as it takes
 *
 * Numbers are read as lircd reads them (strtoull with base 0, checked with the oracle):
 * "0x1F" is hexadecimal, a leading 0 is octal ("017" is 15), anything else decimal; no
 * sign.
 *
 * What is refused, each with "FILE:LINE:COLUMN: reason" (the column of the offending
 * token; a missing thing names where its block began):
 *  - an unknown keyword or flag, a line with more values than its keyword takes
 *    (lircd ignores those with a warning: here they would silently mean something
 *    else; but a remote's name of more words is its first word, as in lircd, and
 *    name_words_line says where), a remote without a name, `begin`/`end` that do not pair, a file that ends
 *    inside a block, two code sections in one remote, a parameter after the codes;
 *  - two protocol flags in one remote (lircd refuses them too), RAW_CODES on a remote
 *    with `begin codes`, `begin raw_codes` on one with another protocol flag;
 *  - numbers that are not numbers or out of their range: durations past
 *    LIRCD_DURATION_MAX, bits (bits, pre_data_bits, post_data_bits, and the three
 *    together) past 64, eps past 100, duty_cycle past 100, pre_data or post_data
 *    wider than its bit count, toggle_bit past the frame (a code wider than bits
 *    keeps its low bits, as in lircd, and code_masked says so);
 *  - remotes that cannot be decoded: no gap (or gap 0) on a remote with timings, a
 *    SPACE_ENC remote whose `one` or `zero` has a zero-length pulse or space (unless
 *    both are "0 0": codes decoded by a driver, see LIRCD_ENCODING_DRIVER), one equal to
 *    zero, an RC-MM remote without its four symbols (these four not when loaded to
 *    send: lircd_conf_load_file_to_send()), a raw button of no duration, of an
 *    even number of durations (it must end on a pulse, as lircd requires) or with a
 *    duration of 0;
 *  - past a limit below: too many codes, remotes, durations, files or include depth.
 * What lircd accepts and this reader keeps: a parameter given twice in a remote (the
 * last one wins, as in lircd; toggle_bit and repeat_bit are one parameter), a button
 * name given twice in a remote
 * (lircd keeps both and sends both: here they are two buttons of one name, in file
 * order, and the keymap layer gives them one key), two buttons with the same code (the
 * first one wins when lircd decodes), a remote with no button (the generic remotes).
 * Kept in the model but meaningless to decoding: driver, manual_sort, and the serial
 * parameters on a non-SERIAL remote. Read and dropped: dyncodes_name (the name lircd
 * gives unknown codes).
 *
 * Errors: every function returns 0 or a negative errno: -EINVAL (invalid text, a
 * file that is not a regular file or not a lircd.conf, a pattern past its work; err
 * set), -EFBIG (a file past LIRCD_CONF_FILE_MAX), -ELOOP (an include cycle or deeper
 * than LIRCD_CONF_INCLUDE_DEPTH_MAX), -ENOMEM, or the errno of opening or reading a
 * file (err names the file, and the include line that named it).
 *
 * For the layers above:
 *  - keymaps (lircd_keymap.h): a remote becomes one protocol entry of a generic
 *    decoder, its scancodes from its frame values, or is refused.
 *  - the table-driven decoders lircd_space, lircd_biphase and lircd_raw, fed through
 *    lircd_keymap.h and the lircd_*_index.h builders: per remote, header, plead,
 *    one/zero (two/three), pre/post, ptrail, foot and repeat, as windows of eps percent
 *    or aeps µs, whichever is larger (lircd's rule); the bit counts and REVERSE; gap
 *    (CONST_LENGTH: the frame's whole length) to end a frame; the repeat rules (repeat,
 *    REPEAT_HEADER, NO_HEAD_REP, NO_FOOT_REP, repeat_mask); and the frame values to
 *    match, through a map. Nothing here depends on how many remotes there are.
 *
 * An include of a file on the kernel's file systems (proc, sysfs, debugfs) is refused
 * by name. tests/lircd-corpus.py checks Debian's SPACE_ENC remotes against LIRC's
 * irsimsend.
 */
#ifndef IRKIT_LIRCD_CONF_H
#define IRKIT_LIRCD_CONF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir_error.h"

/* Bytes of one file (the largest remote file Debian's LIRC packages ship has 120 KiB). */
#define LIRCD_CONF_FILE_MAX (2 * 1024 * 1024)
/* Files read by one load, the first and every included one. */
#define LIRCD_CONF_FILES_MAX 256
/*
 * Work of one include pattern (directory entries read, paths looked up): what lircd's
 * own "lircd.conf.d/<star>.conf" needs many times over, a small part of a file system.
 */
#define LIRCD_CONF_GLOB_WORK_MAX 16384
/* include lines followed one inside another: the first file is depth 0. */
#define LIRCD_CONF_INCLUDE_DEPTH_MAX 8
/* Remotes of one load, all files together. */
#define LIRCD_CONF_REMOTES_MAX 1024
/*
 * Codes of one load, all remotes together (a button with three codes counts three):
 * a keymap's limit (KEYMAP_SCANCODES_MAX), since each becomes a scancode. The largest
 * remote LIRC ships, devinput, has about 500.
 */
#define LIRCD_CONF_CODES_MAX 8192
/* Durations of one raw button (LIRC's irrecord writes a few hundred at most). */
#define LIRCD_CONF_RAW_DURATIONS_MAX 1024
/* Any duration, in µs: what a LIRC mode2 sample can carry (24 bits). */
#define LIRCD_DURATION_MAX 0xffffffu

/* The flags lircd knows, as written in "flags A|B". */
enum lircd_flag {
	LIRCD_FLAG_RAW_CODES = 1u << 0,
	LIRCD_FLAG_RC5 = 1u << 1,		/* also written SHIFT_ENC */
	LIRCD_FLAG_RC6 = 1u << 2,
	LIRCD_FLAG_RCMM = 1u << 3,
	LIRCD_FLAG_SPACE_ENC = 1u << 4,
	LIRCD_FLAG_SPACE_FIRST = 1u << 5,
	LIRCD_FLAG_GOLDSTAR = 1u << 6,
	LIRCD_FLAG_GRUNDIG = 1u << 7,
	LIRCD_FLAG_BO = 1u << 8,
	LIRCD_FLAG_SERIAL = 1u << 9,
	LIRCD_FLAG_XMP = 1u << 10,
	LIRCD_FLAG_REVERSE = 1u << 11,		/* every data field sent LSB first */
	LIRCD_FLAG_NO_HEAD_REP = 1u << 12,	/* no header on a repeated frame */
	LIRCD_FLAG_NO_FOOT_REP = 1u << 13,	/* no foot on a repeated frame */
	LIRCD_FLAG_CONST_LENGTH = 1u << 14,	/* gap is the whole frame's length */
	LIRCD_FLAG_REPEAT_HEADER = 1u << 15,	/* header before the repeat code too */
	LIRCD_FLAG_MAX = 1u << 16,
};

/* The protocol flags: at most one of them per remote. */
#define LIRCD_FLAGS_PROTOCOL                                                           \
	(LIRCD_FLAG_RAW_CODES | LIRCD_FLAG_RC5 | LIRCD_FLAG_RC6 | LIRCD_FLAG_RCMM |    \
	 LIRCD_FLAG_SPACE_ENC | LIRCD_FLAG_SPACE_FIRST | LIRCD_FLAG_GOLDSTAR |          \
	 LIRCD_FLAG_GRUNDIG | LIRCD_FLAG_BO | LIRCD_FLAG_SERIAL | LIRCD_FLAG_XMP)

/* How a remote's bits become pulses and spaces: from its protocol flag. */
enum lircd_encoding {
	LIRCD_ENCODING_SPACE,		/* SPACE_ENC, or no protocol flag (lircd's default) */
	LIRCD_ENCODING_SHIFT,		/* RC5 / SHIFT_ENC: bi-phase, one and zero halves */
	LIRCD_ENCODING_RC6,		/* bi-phase, rc6_mask bits of double length */
	LIRCD_ENCODING_RCMM,		/* two bits a symbol: zero, one, two, three */
	LIRCD_ENCODING_SPACE_FIRST,
	LIRCD_ENCODING_GOLDSTAR,
	LIRCD_ENCODING_GRUNDIG,
	LIRCD_ENCODING_BO,
	LIRCD_ENCODING_XMP,		/* nibbles as space lengths: zero + n * one.space */
	LIRCD_ENCODING_SERIAL,		/* asynchronous serial bytes at baud */
	LIRCD_ENCODING_RAW,		/* begin raw_codes: every button its durations */
	/*
	 * No timings at all (one and zero both "0 0", no header): the codes are what a
	 * lirc driver decodes, devinput's input event codes for one. Not IR to decode.
	 */
	LIRCD_ENCODING_DRIVER,
	LIRCD_ENCODING_MAX,
};

/* A pulse then a space, in µs; {0, 0} when the remote has none. */
struct lircd_pair {
	uint32_t pulse;
	uint32_t space;
};

/*
 * One button. A `begin codes` button has code_count >= 1 codes (usually one; a button
 * that sends a sequence has several, lircd sends them one after the other) and no
 * durations. A raw button has an odd number (>= 1) of durations, pulse first, and no
 * codes.
 */
struct lircd_button {
	/*
	 * As written; a name that is not UTF-8 text without control characters has its
	 * control and non-ASCII bytes as \xNN and name_not_text set (lircd takes any bytes: the keymap layer
	 * leaves that button out, with a warning, and keeps the others).
	 */
	char *name;
	bool name_not_text;
	/* A code was wider than bits: its bits above them are left out, as lircd does. */
	bool code_masked;
	unsigned int line;		/* where the button is named */
	uint64_t *codes;
	size_t code_count;
	uint32_t *durations;
	size_t duration_count;
};

/*
 * One remote block, its fields as written (0 when not given, unless said). Durations
 * in µs. A frame, as lircd sends it:
 *
 *   header | plead | pre_data | pre | data (bits) | post | post_data | ptrail | foot | gap
 *
 * pre_data_bits, bits and post_data_bits bits, MSB first (LSB first with
 * LIRCD_FLAG_REVERSE); the concatenation pre_data:code:post_data is "the frame's
 * value", at most 64 bits, to which toggle_bit_mask, repeat_mask, ignore_mask,
 * toggle_mask and rc6_mask apply. A held button repeats the frame after repeat_gap (or
 * gap), or, when repeat is given, sends header (only with REPEAT_HEADER), plead,
 * repeat, ptrail instead; NO_HEAD_REP and NO_FOOT_REP drop the header or the foot from
 * repeated frames. With CONST_LENGTH, gap is the length of the whole frame, gap
 * included. See lircd.conf(5).
 */
struct lircd_remote {
	char *name;
	/* The line of a name of more than one word, of which lircd takes the first; or 0. */
	unsigned int name_words_line;
	const char *filename;		/* the file it is in: owned by the struct lircd_conf */
	unsigned int line;		/* of its "begin remote" */
	unsigned int flags;		/* enum lircd_flag */
	enum lircd_encoding encoding;
	unsigned int bits;		/* bits of each code, 0-64 */
	unsigned int eps;		/* relative tolerance, percent; LIRCD_EPS_DEFAULT */
	uint32_t aeps;			/* absolute tolerance; 0: the driver's resolution */
	struct lircd_pair header;
	struct lircd_pair three;	/* RC-MM only, as two */
	struct lircd_pair two;
	struct lircd_pair one;
	struct lircd_pair zero;
	uint32_t plead;
	uint32_t ptrail;
	struct lircd_pair pre;		/* after pre_data */
	struct lircd_pair post;		/* before post_data */
	struct lircd_pair foot;
	struct lircd_pair repeat;	/* the repeat code: {0, 0} when the remote has none */
	unsigned int pre_data_bits;
	uint64_t pre_data;
	unsigned int post_data_bits;
	uint64_t post_data;
	uint32_t gap;			/* > 0 unless encoding is LIRCD_ENCODING_DRIVER */
	uint32_t gap2;			/* "gap A B": B, the gap a frame may also end on */
	uint32_t repeat_gap;		/* 0: gap */
	unsigned int min_repeat;	/* repeats lircd sends at least (not used to receive) */
	unsigned int min_code_repeat;
	unsigned int suppress_repeat;	/* repeats lircd ignores before reporting one */
	/*
	 * The toggle bits of the frame's value. "toggle_bit N" (or its old name
	 * repeat_bit; bit N counted from 1 at the frame's first, most significant bit)
	 * is turned into this mask; toggle_bit_mask wins when both are given, as in lircd.
	 */
	uint64_t toggle_bit_mask;
	unsigned int toggle_bit;	/* as written, 0: none */
	uint64_t toggle_mask;		/* bits flipped in every other press (toggle_mask) */
	uint64_t repeat_mask;		/* bits flipped in repeated frames */
	uint64_t ignore_mask;		/* bits that do not tell buttons apart */
	uint64_t rc6_mask;		/* RC-6: the double-length (trailer) bits */
	uint32_t frequency;		/* carrier in Hz; 0: lircd's default, 38000 */
	unsigned int duty_cycle;	/* percent 1-100; 0: lircd's default, 50 */
	/* SERIAL: "baud N" and "serial_mode 8N1" (data bits, parity N/E/O, stop bits). */
	unsigned int baud;
	unsigned int serial_bits;	/* 5-8, 0 when not given */
	char serial_parity;		/* 'N', 'E', 'O', or 0 when not given */
	unsigned int serial_stop_halves;	/* stop bits times two: 2, 3 or 4 */
	char *driver;			/* "driver NAME", or NULL */
	bool manual_sort;
	struct lircd_button *buttons;	/* in file order */
	size_t button_count;
};

/* The relative tolerance when a remote gives no eps: what irrecord writes (lircd.conf(5)). */
#define LIRCD_EPS_DEFAULT 30

/* What one load read: its remotes in file order, includes where they were named. */
struct lircd_conf {
	struct lircd_remote *remotes;
	size_t remote_count;
	size_t code_count;		/* codes of every button (raw buttons count one) */
	char **filenames;		/* every file read, for the remotes' filename */
	size_t filename_count;
};

/* Accepts NULL. */
void lircd_conf_free(struct lircd_conf *conf);

/*
 * Parse a lircd.conf held in memory; filename names it in errors. An include line is
 * refused (-EINVAL): only lircd_conf_load_file() follows them.
 */
int lircd_conf_parse(const char *buf, size_t len, const char *filename,
		     struct lircd_conf **ret_conf, struct ir_error *err);

/*
 * Read a lircd.conf file and every file it includes. A relative include path is taken
 * from the directory of the file whose line names it, as lircd 0.10.1 does (measured:
 * lircd.conf(5) says "relative to the main lircd.conf"; for lircd's own
 * /etc/lirc/lircd.conf, its pattern of lircd.conf.d's *.conf files, both agree). A
 * pattern includes its matches in sorted order, none when nothing matches. A path
 * without pattern characters must exist: lircd skips a missing one without a word,
 * here it is an error, so that a typo does not lose remotes. A file that includes
 * itself, directly or not, is refused (-ELOOP); one included twice side by side is
 * read twice.
 */
int lircd_conf_load_file(const char *path, struct lircd_conf **ret_conf,
			 struct ir_error *err);

/*
 * lircd_conf_load_file() for sending (utils/send/lircd_send.h): a remote is read
 * without the checks only decoding needs (its gap, its one and zero with a duration
 * of 0 or alike, RC-MM's symbols), since lircd sends such remotes.
 */
int lircd_conf_load_file_to_send(const char *path, struct lircd_conf **ret_conf,
				 struct ir_error *err);

/*
 * Does this text look like a lircd.conf? True when its first token that is not a
 * comment is "begin" followed by "remote", or "include" (whatever their case): what
 * tells a lircd.conf from a keymap.
 */
bool lircd_conf_detect(const char *buf, size_t len);

/* The bits of a frame's value: pre_data_bits + bits + post_data_bits (at most 64). */
unsigned int lircd_remote_frame_bits(const struct lircd_remote *remote);

/* A code's frame value: pre_data, code and post_data concatenated. */
uint64_t lircd_remote_frame_value(const struct lircd_remote *remote, uint64_t code);

/* "SPACE_ENC", "RC5", ..., "RAW_CODES", "driver"; NULL past the enum. */
const char *lircd_encoding_name(enum lircd_encoding encoding);

#endif
