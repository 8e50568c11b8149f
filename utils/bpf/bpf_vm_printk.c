// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bpf_trace_printk's formatting, with the kernel's rules (kernel/bpf/helpers.c,
 * bpf_bprintf_prepare): the format holds printable ASCII and white space only; at most
 * three conversions; each is [flags 0+- space][width] then one of
 *   d i u x X with an optional l or ll     (int, or 64 bits with l / ll)
 *   c                                      (a character)
 *   s   followed by the end, a space or a punctuation mark
 *   p   followed by the end, a space, a punctuation mark, or K x s S B (a pointer);
 *       pks / pus (a string); pi4 pI4 pi6 pI6 (an address read from memory)
 *   %%  (a percent sign).
 * Anything else makes the helper return -EINVAL, as in the kernel. Strings and addresses
 * are read from the VM's memory; an unreadable one prints as empty (as the kernel does
 * when its copy faults), and a string stops after VM_PRINTK_STRING_MAX bytes (as the
 * kernel's copy into its argument buffer does). Pointers print as 16 hex digits of the raw value: there are no
 * kernel addresses to hash here.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <string.h>

#include "bpf_vm_internal.h"

#define VM_PRINTK_WIDTH_MAX VM_PRINTK_BUF

struct printk_out {
	char *buf;		/* NULL: the format is only checked */
	size_t size;
	size_t len;		/* what the whole message needs, like snprintf's result */
	size_t read;		/* bytes of the VM's memory read (strings, addresses) */
};

struct printk_spec {
	bool left;
	bool zero;
	bool plus;
	bool space;
	unsigned int width;
};

static void put_char(struct printk_out *out, char c)
{
	if (!out->buf)
		return;
	if (out->len + 1 < out->size)
		out->buf[out->len] = c;
	out->len++;
}

static void put_padding(struct printk_out *out, char c, size_t n)
{
	if (!out->buf)
		return;
	while (n--)
		put_char(out, c);
}

/* text[0..len) within the field width, padded with spaces. */
static void put_field(struct printk_out *out, const char *text, size_t len,
		      const struct printk_spec *spec)
{
	size_t pad = spec->width > len ? spec->width - len : 0;
	size_t i;

	if (!spec->left)
		put_padding(out, ' ', pad);
	for (i = 0; i < len; i++)
		put_char(out, text[i]);
	if (spec->left)
		put_padding(out, ' ', pad);
}

static void put_number(struct printk_out *out, uint64_t magnitude, bool negative,
		       bool is_signed, unsigned int base, bool upper,
		       const struct printk_spec *spec)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char text[24];
	size_t len = 0, total, i;
	char sign = 0;

	do {
		text[len++] = digits[magnitude % base];
		magnitude /= base;
	} while (magnitude);
	if (negative)
		sign = '-';
	else if (is_signed && spec->plus)
		sign = '+';
	else if (is_signed && spec->space)
		sign = ' ';
	total = len + (sign != 0);
	if (!spec->left && !spec->zero && spec->width > total)
		put_padding(out, ' ', spec->width - total);
	if (sign)
		put_char(out, sign);
	if (!spec->left && spec->zero && spec->width > total)
		put_padding(out, '0', spec->width - total);
	for (i = len; i-- > 0;)
		put_char(out, text[i]);
	if (spec->left && spec->width > total)
		put_padding(out, ' ', spec->width - total);
}

static void put_integer(struct printk_out *out, uint64_t arg, int longs, char conv,
			const struct printk_spec *spec)
{
	bool is_signed = conv == 'd' || conv == 'i';
	int64_t value;

	if (!longs)
		arg = is_signed ? (uint64_t)(int64_t)(int32_t)arg : (uint32_t)arg;
	if (!is_signed) {
		put_number(out, arg, false, false, conv == 'u' ? 10 : 16, conv == 'X', spec);
		return;
	}
	value = (int64_t)arg;
	put_number(out, value < 0 ? 0 - arg : arg, value < 0, true, 10, false, spec);
}

static void put_string(const struct bpf_vm *vm, struct printk_out *out, uint64_t addr,
		       const struct printk_spec *spec)
{
	const uint8_t *host;
	size_t extent, len;
	const void *nul;

	if (!out->buf)
		return;
	extent = vm_readable_extent(vm, addr, &host);
	if (extent > VM_PRINTK_STRING_MAX)
		extent = VM_PRINTK_STRING_MAX;
	nul = extent ? memchr(host, '\0', extent) : NULL;
	len = nul ? (size_t)((const uint8_t *)nul - host) : extent;
	out->read += len;
	put_field(out, (const char *)host, len, spec);
}

static void put_pointer(struct printk_out *out, uint64_t arg)
{
	static const struct printk_spec hex16 = { .zero = true, .width = 16 };

	put_number(out, arg, false, false, 16, false, &hex16);
}

/* %pI4 %pi4 %pI6 %pi6: the address is read from memory; unreadable reads as zeros. */
static void put_ip(const struct bpf_vm *vm, struct printk_out *out, uint64_t addr,
		   char style, char version)
{
	static const struct printk_spec dec3 = { .zero = true, .width = 3 };
	static const struct printk_spec hex2 = { .zero = true, .width = 2 };
	static const struct printk_spec none = { 0 };
	size_t size = version == '4' ? 4 : 16;
	uint8_t bytes[16] = { 0 };
	const uint8_t *host;
	size_t i;

	if (!out->buf)
		return;
	host = vm_translate(vm, addr, size, false);
	out->read += size;
	if (host)
		memcpy(bytes, host, size);
	for (i = 0; i < size; i++) {
		if (size == 4) {
			if (i)
				put_char(out, '.');
			put_number(out, bytes[i], false, false, 10, false,
				   style == 'i' ? &dec3 : &none);
		} else {
			if (style == 'I' && i && i % 2 == 0)
				put_char(out, ':');
			put_number(out, bytes[i], false, false, 16, false, &hex2);
		}
	}
}

static bool ends_conversion(char c)
{
	return c == '\0' || isspace((unsigned char)c) || ispunct((unsigned char)c);
}

static const char *parse_spec(const char *p, struct printk_spec *spec)
{
	memset(spec, 0, sizeof(*spec));
	for (;; p++) {
		if (*p == '0')
			spec->zero = true;
		else if (*p == '+')
			spec->plus = true;
		else if (*p == '-')
			spec->left = true;
		else if (*p == ' ')
			spec->space = true;
		else
			break;
	}
	if (*p >= '1' && *p <= '9') {
		while (*p >= '0' && *p <= '9') {
			if (spec->width < VM_PRINTK_WIDTH_MAX)
				spec->width = spec->width * 10 + (unsigned int)(*p - '0');
			p++;
		}
	}
	return p;
}

/* One conversion at p (just after the '%'); returns what follows it, or NULL. */
static const char *convert(const struct bpf_vm *vm, struct printk_out *out, const char *p,
			   uint64_t arg)
{
	struct printk_spec spec;
	int longs = 0;
	char c;

	p = parse_spec(p, &spec);
	switch (*p) {
	case 'p':
		if ((p[1] == 'k' || p[1] == 'u') && p[2] == 's') {
			p += 2;
			goto string;
		}
		if (p[1] == 'K' || p[1] == 'x' || p[1] == 's' || p[1] == 'S' || p[1] == 'B') {
			put_pointer(out, arg);
			return p + 2;
		}
		if (ends_conversion(p[1])) {
			put_pointer(out, arg);
			return p + 1;
		}
		if ((p[1] == 'i' || p[1] == 'I') && (p[2] == '4' || p[2] == '6')) {
			put_ip(vm, out, arg, p[1], p[2]);
			return p + 3;
		}
		return NULL;
	case 's':
string:
		if (!ends_conversion(p[1]))
			return NULL;
		put_string(vm, out, arg, &spec);
		return p + 1;
	case 'c':
		c = (char)arg;
		put_field(out, &c, 1, &spec);
		return p + 1;
	}
	while (*p == 'l' && longs < 2) {
		longs++;
		p++;
	}
	if (*p != 'd' && *p != 'i' && *p != 'u' && *p != 'x' && *p != 'X')
		return NULL;
	put_integer(out, arg, longs, *p, &spec);
	return p + 1;
}

int vm_printk_format(const struct bpf_vm *vm, const char *fmt, const uint64_t *args,
		     char *message, size_t message_size, size_t *ret_read)
{
	struct printk_out out = { .buf = message, .size = message_size };
	const char *p;
	int used = 0;

	*ret_read = 0;
	for (p = fmt; *p; p++) {
		if (!isascii((unsigned char)*p) ||
		    (!isprint((unsigned char)*p) && !isspace((unsigned char)*p)))
			return -EINVAL;
	}
	for (p = fmt; *p;) {
		if (*p != '%') {
			put_char(&out, *p++);
			continue;
		}
		if (p[1] == '%') {
			put_char(&out, '%');
			p += 2;
			continue;
		}
		if (used == VM_PRINTK_ARGS)
			return -EINVAL;
		p = convert(vm, &out, p + 1, args[used++]);
		if (!p)
			return -EINVAL;
	}
	*ret_read = out.read;
	if (!message)
		return 0;
	message[out.len < message_size ? out.len : message_size - 1] = '\0';
	return (int)out.len;
}
