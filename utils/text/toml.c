// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * TOML 1.0 parser over a memory buffer.
 *
 * A first pass checks that the whole buffer is UTF-8, so that the parser proper can
 * treat every byte >= 0x80 as part of a valid character. The parser then reads the
 * document once, left to right, with recursion only for arrays and inline tables
 * (bounded by TOML_DEPTH_MAX). Every node, key and string lives in an arena owned by
 * the root, so that a document of a million values costs a few large allocations and
 * toml_free() needs no walk of the tree.
 *
 * The rules about defining things twice are enforced with one origin per table:
 *  - IMPLICIT: created as a parent by a header ([a.b.c] creates a and a.b); one later
 *    [a] header may define it, and dotted keys of one section may add to it;
 *  - HEADER: defined by [x], or an element of [[x]]; from outside its own section only
 *    headers of sub-tables may add to it;
 *  - DOTTED: created by a dotted key (a.b = 1 creates a); only dotted keys may add to it
 *    (and only those of its own section can reach it), headers may add sub-tables;
 *  - INLINE: written as { ... }; closed for good once written.
 * Arrays remember whether [[x]] made them (they may grow) or a value did (static).
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "nls.h"
#include "number.h"
#include "toml.h"

/* A table looks its keys up through a hash index once it has this many. */
#define TABLE_INDEX_MIN 8

/* Chunks start small (a keymap fits in one) and double up to a few megabytes. */
#define ARENA_CHUNK_MIN (64 * 1024)
#define ARENA_CHUNK_MAX (4 * 1024 * 1024)
#define ARENA_ALIGN 8

/* Room for a key path or a character description inside an error message. */
#define DESCRIPTION_MAX 96

struct arena_chunk {
	struct arena_chunk *next;
	size_t size;
	size_t used;
	unsigned char data[];		/* 8-aligned: follows three words */
};

/* Blocks of 2^n bytes, n < ARENA_CLASSES, that a growing array left behind. */
#define ARENA_CLASSES 48

struct arena_free_block {
	struct arena_free_block *next;
};

struct arena {
	struct arena_chunk *head;
	size_t next_size;		/* of the next chunk */
	struct arena_free_block *free_blocks[ARENA_CLASSES];
};

enum table_origin {
	TABLE_IMPLICIT,
	TABLE_HEADER,
	TABLE_DOTTED,
	TABLE_INLINE,
	TABLE_ORIGIN_MAX,
};

struct toml_entry {
	const char *key;		/* NUL-terminated, may also contain NUL */
	struct toml_value *value;
	uint32_t key_len;		/* longer keys are refused */
	uint32_t hash;
	unsigned int line, column;	/* where the key is written */
};

struct toml_table {
	struct toml_entry *entries;	/* in document order */
	size_t count, capacity;
	uint32_t *index;		/* open addressing: entry number + 1, 0 = free */
	size_t index_capacity;		/* a power of two, or 0 while there is no index */
	unsigned int depth;
	enum table_origin origin;
	uint32_t hash_seed;		/* of the document: its keys' hashes depend on it */
};

struct toml_array {
	struct toml_value **items;
	size_t count, capacity;
	unsigned int depth;
	bool of_tables;			/* made by [[x]] headers */
};

struct toml_value {
	enum toml_type type;
	unsigned int line, column;
	bool is_root;
	union {
		struct toml_table table;
		struct toml_array array;
		struct {
			char *str;
			size_t len;
		} string;
		int64_t integer;
		double real;
		bool boolean;
		struct toml_datetime datetime;
	} u;
};

/* The root and the arena that holds the whole tree. */
struct toml_document {
	struct toml_value root;
	struct arena arena;
};

struct position {
	unsigned int line, column;
};

/* One part of a (dotted) key, as read. */
struct key_part {
	const char *str;		/* into the input, or into the arena when owned */
	size_t len;
	bool owned;			/* already copied into the arena, NUL-terminated */
	uint32_t hash;
	struct position where;
};

/* A decoded string: into the input buffer or into the parser's scratch buffer. */
struct span {
	const char *str;
	size_t len;
};

struct parser {
	const char *buf;
	size_t len;
	size_t pos;
	const char *name;
	struct ir_error *err;
	struct arena *arena;
	locale_t c_locale;		/* numbers are read the same in every locale */
	struct toml_value *root;
	struct toml_value *section;	/* the table the last header opened */

	unsigned int line;		/* line of pos, from 1 */
	size_t line_start;		/* offset of the first byte of that line */
	size_t column_offset;		/* a offset of that line whose column is known */
	size_t column_count;

	uint32_t hash_seed;		/* random per document (hash.h) */
	struct key_part *keys;		/* the key being read */
	size_t keys_count, keys_capacity;
	char *scratch;			/* strings with escapes are decoded here */
	size_t scratch_len, scratch_capacity;
};

/* --- arena ---------------------------------------------------------------------- */

static void *arena_alloc(struct arena *arena, size_t size)
{
	struct arena_chunk *chunk = arena->head;
	size_t data_size;
	void *ret;

	if (size > SIZE_MAX / 2)
		return NULL;
	size = (size + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
	if (chunk && chunk->size - chunk->used >= size) {
		ret = chunk->data + chunk->used;
		chunk->used += size;
		return ret;
	}
	if (arena->next_size < ARENA_CHUNK_MIN)
		arena->next_size = ARENA_CHUNK_MIN;
	data_size = size > arena->next_size / 4 ? size : arena->next_size;
	chunk = malloc(sizeof(*chunk) + data_size);
	if (!chunk)
		return NULL;
	chunk->size = data_size;
	chunk->used = size;
	if (data_size != size && arena->next_size < ARENA_CHUNK_MAX)
		arena->next_size *= 2;
	if (arena->head && data_size == size) {
		/* A big block of its own: keep filling the current chunk after it. */
		chunk->next = arena->head->next;
		arena->head->next = chunk;
	} else {
		chunk->next = arena->head;
		arena->head = chunk;
	}
	return chunk->data;
}

static void arena_free(struct arena *arena)
{
	struct arena_chunk *chunk = arena->head;

	while (chunk) {
		struct arena_chunk *next = chunk->next;

		free(chunk);
		chunk = next;
	}
	arena->head = NULL;
}

/*
 * Storage for the arrays of a table or an array: 2^n bytes, reused from the blocks
 * that arrays outgrew, so that growing by doubling wastes little.
 */
static void *arena_alloc_block(struct arena *arena, size_t min_size, size_t *ret_size)
{
	size_t size = 32;
	unsigned int class = 5;
	void *block;

	while (size < min_size) {
		if (class + 1 >= ARENA_CLASSES)
			return NULL;
		size *= 2;
		class++;
	}
	if (arena->free_blocks[class]) {
		block = arena->free_blocks[class];
		arena->free_blocks[class] = arena->free_blocks[class]->next;
	} else {
		block = arena_alloc(arena, size);
		if (!block)
			return NULL;
	}
	*ret_size = size;
	return block;
}

/* Give back a block of arena_alloc_block() (size as it returned). */
static void arena_free_block(struct arena *arena, void *block, size_t size)
{
	struct arena_free_block *free_block = block;
	unsigned int class = 0;

	if (!block)
		return;
	while ((size_t)1 << class < size)
		class++;
	free_block->next = arena->free_blocks[class];
	arena->free_blocks[class] = free_block;
}

static char *arena_strndup(struct arena *arena, const char *str, size_t len)
{
	char *copy;

	if (len == SIZE_MAX)
		return NULL;
	copy = arena_alloc(arena, len + 1);
	if (!copy)
		return NULL;
	if (len)
		memcpy(copy, str, len);
	copy[len] = '\0';
	return copy;
}

/* --- positions and errors ------------------------------------------------------- */

static unsigned int clamp_uint(size_t n)
{
	return n > UINT_MAX ? UINT_MAX : (unsigned int)n;
}

static bool is_continuation_byte(unsigned char c)
{
	return (c & 0xc0) == 0x80;
}

/* Line and column (in characters, from 1) of an offset before the current line. */
static struct position position_before(const struct parser *p, size_t offset)
{
	struct position where;
	size_t line = 1, start = 0, column = 1, i;

	for (i = 0; i < offset; i++) {
		if (p->buf[i] == '\n') {
			line++;
			start = i + 1;
		}
	}
	for (i = start; i < offset; i++)
		column += !is_continuation_byte(p->buf[i]);
	where.line = clamp_uint(line);
	where.column = clamp_uint(column);
	return where;
}

/*
 * Line and column of an offset. Offsets on the current line are asked for in mostly
 * increasing order, so the column is counted on from the last one asked for.
 */
static struct position position_of(struct parser *p, size_t offset)
{
	struct position where;
	size_t from, column, i;

	if (offset < p->line_start)
		return position_before(p, offset);
	if (p->column_offset >= p->line_start && offset >= p->column_offset) {
		from = p->column_offset;
		column = p->column_count;
	} else {
		from = p->line_start;
		column = 1;
	}
	for (i = from; i < offset; i++)
		column += !is_continuation_byte(p->buf[i]);
	p->column_offset = offset;
	p->column_count = column;
	where.line = p->line;
	where.column = clamp_uint(column);
	return where;
}

static struct position here(struct parser *p)
{
	return position_of(p, p->pos);
}

__attribute__((format(printf, 3, 0)))
static int failv(struct parser *p, struct position where, const char *fmt, va_list args)
{
	char text[IR_ERROR_MESSAGE_MAX];

	vsnprintf(text, sizeof(text), fmt, args);
	ir_error_set_at(p->err, p->name, where.line, where.column, "%s", text);
	return -EINVAL;
}

__attribute__((format(printf, 3, 4)))
static int fail_at(struct parser *p, struct position where, const char *fmt, ...)
{
	va_list args;
	int ret;

	va_start(args, fmt);
	ret = failv(p, where, fmt, args);
	va_end(args);
	return ret;
}

__attribute__((format(printf, 3, 4)))
static int fail(struct parser *p, size_t offset, const char *fmt, ...)
{
	struct position where = position_of(p, offset);
	va_list args;
	int ret;

	va_start(args, fmt);
	ret = failv(p, where, fmt, args);
	va_end(args);
	return ret;
}

static int fail_nomem(struct parser *p)
{
	ir_error_set(p->err, "%s: %s", p->name, _("out of memory"));
	return -ENOMEM;
}

/* Decode the UTF-8 character at s (valid: checked before parsing). */
static uint32_t utf8_decode(const unsigned char *s, size_t *ret_size)
{
	if (s[0] < 0x80) {
		*ret_size = 1;
		return s[0];
	}
	if (s[0] < 0xe0) {
		*ret_size = 2;
		return (uint32_t)(s[0] & 0x1f) << 6 | (s[1] & 0x3f);
	}
	if (s[0] < 0xf0) {
		*ret_size = 3;
		return (uint32_t)(s[0] & 0x0f) << 12 | (uint32_t)(s[1] & 0x3f) << 6 | (s[2] & 0x3f);
	}
	*ret_size = 4;
	return (uint32_t)(s[0] & 0x07) << 18 | (uint32_t)(s[1] & 0x3f) << 12 |
	       (uint32_t)(s[2] & 0x3f) << 6 | (s[3] & 0x3f);
}

/* "'x'", "U+0007", "end of line" or "end of file", for "found ..." in messages. */
static const char *describe_char(const struct parser *p, size_t offset, char *out, size_t size)
{
	unsigned char c;
	size_t n;

	if (offset >= p->len)
		return _("end of file");
	c = p->buf[offset];
	if (c == '\n' || (c == '\r' && offset + 1 < p->len && p->buf[offset + 1] == '\n'))
		return _("end of line");
	if (c >= 0x20 && c < 0x7f)
		snprintf(out, size, "'%c'", c);
	else
		snprintf(out, size, "U+%04" PRIX32,
			 utf8_decode((const unsigned char *)p->buf + offset, &n));
	return out;
}

static bool is_bare_key_char(int c)
{
	return (unsigned int)((c | 0x20) - 'a') < 26 || (unsigned int)(c - '0') < 10 ||
	       c == '_' || c == '-';
}

/* A key part for a message: bare when it can be, else quoted with escapes. */
static void append_key_part(char *out, size_t size, size_t *used, const char *str, size_t len)
{
	bool bare = len > 0;
	size_t i;

	for (i = 0; i < len && bare; i++)
		bare = is_bare_key_char((unsigned char)str[i]);
	if (bare) {
		*used += snprintf(out + *used, size - *used, "%.*s", (int)len, str);
	} else {
		*used += snprintf(out + *used, size - *used, "\"");
		for (i = 0; i < len && *used < size; i++) {
			unsigned char c = str[i];

			if (c < 0x20 || c == 0x7f)
				*used += snprintf(out + *used, size - *used, "\\u%04X", c);
			else if (c == '"' || c == '\\')
				*used += snprintf(out + *used, size - *used, "\\%c", c);
			else
				*used += snprintf(out + *used, size - *used, "%c", c);
		}
		if (*used < size)
			*used += snprintf(out + *used, size - *used, "\"");
	}
}

/* The first count parts of the key being read, "a.\"b c\".d", cut to fit. */
static const char *describe_key(const struct parser *p, size_t count, char *out, size_t size)
{
	size_t used = 0, i;

	out[0] = '\0';
	for (i = 0; i < count && used < size; i++) {
		if (i)
			used += snprintf(out + used, size - used, ".");
		if (used < size)
			append_key_part(out, size, &used, p->keys[i].str, p->keys[i].len);
	}
	if (used >= size && size > 4)
		memcpy(out + size - 4, "...", 4);
	return out;
}

/* --- UTF-8 ---------------------------------------------------------------------- */

/* Offset of the first byte that is not part of a valid UTF-8 character, or len. */
static size_t utf8_invalid_offset(const unsigned char *s, size_t len)
{
	size_t i = 0;

	while (i < len) {
		unsigned char c = s[i];
		size_t need, k;

		if (c < 0x80) {
			uint64_t word;

			/* Plain ASCII runs, eight bytes at a time. */
			while (len - i >= 8) {
				memcpy(&word, s + i, 8);
				if (word & UINT64_C(0x8080808080808080))
					break;
				i += 8;
			}
			if (i < len && s[i] < 0x80)
				i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf)
			need = 1;
		else if (c >= 0xe0 && c <= 0xef)
			need = 2;
		else if (c >= 0xf0 && c <= 0xf4)
			need = 3;
		else
			return i;
		if (len - i <= need)
			return i;
		for (k = 1; k <= need; k++)
			if (!is_continuation_byte(s[i + k]))
				return i;
		/* Overlong forms, UTF-16 surrogates, and beyond U+10FFFF. */
		if ((c == 0xe0 && s[i + 1] < 0xa0) || (c == 0xed && s[i + 1] > 0x9f) ||
		    (c == 0xf0 && s[i + 1] < 0x90) || (c == 0xf4 && s[i + 1] > 0x8f))
			return i;
		i += need + 1;
	}
	return len;
}

/* --- scratch buffer ------------------------------------------------------------- */

static int scratch_reserve(struct parser *p, size_t extra)
{
	size_t capacity;
	char *grown;

	if (p->scratch_capacity - p->scratch_len >= extra)
		return 0;
	if (extra > SIZE_MAX / 2 - p->scratch_len)
		return fail_nomem(p);
	capacity = p->scratch_capacity ? p->scratch_capacity : 256;
	while (capacity - p->scratch_len < extra)
		capacity *= 2;
	grown = realloc(p->scratch, capacity);
	if (!grown)
		return fail_nomem(p);
	p->scratch = grown;
	p->scratch_capacity = capacity;
	return 0;
}

static int scratch_append(struct parser *p, const char *str, size_t len)
{
	int r;

	if (!len)
		return 0;
	r = scratch_reserve(p, len);
	if (r)
		return r;
	memcpy(p->scratch + p->scratch_len, str, len);
	p->scratch_len += len;
	return 0;
}

static int scratch_append_utf8(struct parser *p, uint32_t cp)
{
	char out[4];
	size_t n;

	if (cp < 0x80) {
		out[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		out[0] = (char)(0xc0 | cp >> 6);
		out[1] = (char)(0x80 | (cp & 0x3f));
		n = 2;
	} else if (cp < 0x10000) {
		out[0] = (char)(0xe0 | cp >> 12);
		out[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		n = 3;
	} else {
		out[0] = (char)(0xf0 | cp >> 18);
		out[1] = (char)(0x80 | (cp >> 12 & 0x3f));
		out[2] = (char)(0x80 | (cp >> 6 & 0x3f));
		out[3] = (char)(0x80 | (cp & 0x3f));
		n = 4;
	}
	return scratch_append(p, out, n);
}

/* --- tree building -------------------------------------------------------------- */

/* The payload a type needs: a scalar does not pay for the largest member of the union. */
static size_t value_size(enum toml_type type)
{
	size_t head = offsetof(struct toml_value, u);

	switch (type) {
	case TOML_TABLE:
		return head + sizeof(struct toml_table);
	case TOML_ARRAY:
		return head + sizeof(struct toml_array);
	case TOML_STRING:
		return head + sizeof(((struct toml_value *)NULL)->u.string);
	case TOML_INTEGER:
		return head + sizeof(int64_t);
	case TOML_FLOAT:
		return head + sizeof(double);
	case TOML_BOOLEAN:
		return head + sizeof(bool);
	default:
		return head + sizeof(struct toml_datetime);
	}
}

/* Only the members of u that belong to type may be touched (see value_size). */
static struct toml_value *new_value(struct parser *p, enum toml_type type, struct position where)
{
	size_t size = value_size(type);
	struct toml_value *value = arena_alloc(p->arena, size);

	if (!value)
		return NULL;
	memset(value, 0, size);
	value->type = type;
	value->line = where.line;
	value->column = where.column;
	return value;
}

/* Reject the container that would sit at depth. */
static int check_depth(struct parser *p, unsigned int depth, struct position where)
{
	if (depth > TOML_DEPTH_MAX)
		return fail_at(p, where, _("nesting deeper than %d levels"), TOML_DEPTH_MAX);
	return 0;
}

static int new_table(struct parser *p, enum table_origin origin, unsigned int depth,
		     struct position where, struct toml_value **ret_table)
{
	struct toml_value *table;
	int r;

	r = check_depth(p, depth, where);
	if (r)
		return r;
	table = new_value(p, TOML_TABLE, where);
	if (!table)
		return fail_nomem(p);
	table->u.table.origin = origin;
	table->u.table.depth = depth;
	table->u.table.hash_seed = p->hash_seed;
	*ret_table = table;
	return 0;
}

static int new_array(struct parser *p, bool of_tables, unsigned int depth,
		     struct position where, struct toml_value **ret_array)
{
	struct toml_value *array;
	int r;

	r = check_depth(p, depth, where);
	if (r)
		return r;
	array = new_value(p, TOML_ARRAY, where);
	if (!array)
		return fail_nomem(p);
	array->u.array.of_tables = of_tables;
	array->u.array.depth = depth;
	*ret_array = array;
	return 0;
}

static bool entry_matches(const struct toml_entry *entry, const char *key, size_t len,
			  uint32_t hash)
{
	return entry->hash == hash && entry->key_len == len && !memcmp(entry->key, key, len);
}

static struct toml_entry *table_find(const struct toml_table *table, const char *key,
				     size_t len, uint32_t hash)
{
	size_t i, mask;

	if (!table->index) {
		for (i = 0; i < table->count; i++)
			if (entry_matches(&table->entries[i], key, len, hash))
				return &table->entries[i];
		return NULL;
	}
	mask = table->index_capacity - 1;
	for (i = hash & mask; table->index[i]; i = (i + 1) & mask) {
		struct toml_entry *entry = &table->entries[table->index[i] - 1];

		if (entry_matches(entry, key, len, hash))
			return entry;
	}
	return NULL;
}

static void index_insert(struct toml_table *table, size_t entry_number)
{
	size_t mask = table->index_capacity - 1;
	size_t i = table->entries[entry_number].hash & mask;

	while (table->index[i])
		i = (i + 1) & mask;
	table->index[i] = (uint32_t)(entry_number + 1);
}

/* Keep the index at most half full, so that probes stay short. */
static int table_grow_index(struct parser *p, struct toml_table *table)
{
	size_t capacity, size, i;

	if (table->count + 1 < TABLE_INDEX_MIN || (table->count + 1) * 2 <= table->index_capacity)
		return 0;
	if (table->count >= UINT32_MAX / 4)
		return fail_nomem(p);
	capacity = table->index_capacity ? table->index_capacity * 2 : 4 * TABLE_INDEX_MIN;
	while ((table->count + 1) * 2 > capacity)
		capacity *= 2;
	arena_free_block(p->arena, table->index, table->index_capacity * sizeof(*table->index));
	table->index = arena_alloc_block(p->arena, capacity * sizeof(*table->index), &size);
	if (!table->index)
		return fail_nomem(p);
	memset(table->index, 0, capacity * sizeof(*table->index));
	table->index_capacity = capacity;
	for (i = 0; i < table->count; i++)
		index_insert(table, i);
	return 0;
}

static int table_add(struct parser *p, struct toml_value *value_table, const struct key_part *key,
		     struct toml_value *value)
{
	struct toml_table *table = &value_table->u.table;
	struct toml_entry *entry;
	int r;

	if (key->len > UINT32_MAX)
		return fail_at(p, key->where, _("a key longer than 4 GiB"));
	if (table->count == table->capacity) {
		size_t capacity = table->capacity ? table->capacity * 2 : 1, size;
		struct toml_entry *entries;

		if (capacity > SIZE_MAX / sizeof(*entries))
			return fail_nomem(p);
		entries = arena_alloc_block(p->arena, capacity * sizeof(*entries), &size);
		if (!entries)
			return fail_nomem(p);
		if (table->count)
			memcpy(entries, table->entries, table->count * sizeof(*entries));
		arena_free_block(p->arena, table->entries, table->capacity * sizeof(*entries));
		table->entries = entries;
		table->capacity = size / sizeof(*entries);
	}
	r = table_grow_index(p, table);
	if (r)
		return r;
	entry = &table->entries[table->count];
	entry->key = key->owned ? key->str : arena_strndup(p->arena, key->str, key->len);
	if (!entry->key)
		return fail_nomem(p);
	entry->key_len = (uint32_t)key->len;
	entry->hash = key->hash;
	entry->line = key->where.line;
	entry->column = key->where.column;
	entry->value = value;
	table->count++;
	if (table->index)
		index_insert(table, table->count - 1);
	return 0;
}

static int array_add(struct parser *p, struct toml_value *value_array, struct toml_value *item)
{
	struct toml_array *array = &value_array->u.array;

	if (array->count == array->capacity) {
		size_t capacity = array->capacity ? array->capacity * 2 : 4, size;
		struct toml_value **items;

		if (capacity > SIZE_MAX / sizeof(*items))
			return fail_nomem(p);
		items = arena_alloc_block(p->arena, capacity * sizeof(*items), &size);
		if (!items)
			return fail_nomem(p);
		if (array->count)
			memcpy(items, array->items, array->count * sizeof(*items));
		arena_free_block(p->arena, array->items, array->capacity * sizeof(*items));
		array->items = items;
		array->capacity = size / sizeof(*items);
	}
	array->items[array->count++] = item;
	return 0;
}

/* --- lexical helpers ------------------------------------------------------------ */

static int peek(const struct parser *p, size_t ahead)
{
	return p->pos + ahead < p->len ? (unsigned char)p->buf[p->pos + ahead] : -1;
}

static bool is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static bool is_control(int c)
{
	return (c < 0x20 && c != '\t') || c == 0x7f;
}

/* A character that may continue a number, a boolean or a date-time. */
static bool is_token_char(int c)
{
	return is_bare_key_char(c) || c == '.' || c == '+' || c == ':';
}

/* Call with pos just past a '\n'. */
static void new_line(struct parser *p)
{
	if (p->line < UINT_MAX)
		p->line++;
	p->line_start = p->pos;
}

static void skip_ws(struct parser *p)
{
	while (p->pos < p->len && (p->buf[p->pos] == ' ' || p->buf[p->pos] == '\t'))
		p->pos++;
}

/* At a '\n' or a '\r': consume a newline, or reject a lone carriage return. */
static int consume_newline(struct parser *p)
{
	if (p->buf[p->pos] == '\r') {
		if (peek(p, 1) != '\n')
			return fail(p, p->pos, _("carriage return not followed by a line feed"));
		p->pos++;
	}
	p->pos++;
	new_line(p);
	return 0;
}

/* At '#': consume the comment up to (not including) the end of the line. */
static int parse_comment(struct parser *p)
{
	p->pos++;
	while (p->pos < p->len) {
		unsigned char c = p->buf[p->pos];

		if (c == '\n' || (c == '\r' && peek(p, 1) == '\n'))
			return 0;
		if (is_control(c))
			return fail(p, p->pos, _("control character U+%04X in a comment"), c);
		p->pos++;
	}
	return 0;
}

/*
 * After an expression: whitespace, an optional comment, then a newline or the end.
 * what is untranslated (N_): gettext runs only for an error, not on every line.
 */
static int parse_line_end(struct parser *p, const char *what)
{
	char found[DESCRIPTION_MAX];
	int r;

	skip_ws(p);
	if (p->pos < p->len && p->buf[p->pos] == '#') {
		r = parse_comment(p);
		if (r)
			return r;
	}
	if (p->pos >= p->len)
		return 0;
	if (p->buf[p->pos] == '\n' || p->buf[p->pos] == '\r')
		return consume_newline(p);
	return fail(p, p->pos, _("expected the end of the line after %s, found %s"), _(what),
		    describe_char(p, p->pos, found, sizeof(found)));
}

/* Inside arrays: whitespace, newlines and comments. */
static int skip_ws_comments_newlines(struct parser *p)
{
	int r;

	while (p->pos < p->len) {
		char c = p->buf[p->pos];

		if (c == ' ' || c == '\t') {
			p->pos++;
		} else if (c == '\n' || c == '\r') {
			r = consume_newline(p);
			if (r)
				return r;
		} else if (c == '#') {
			r = parse_comment(p);
			if (r)
				return r;
		} else {
			break;
		}
	}
	return 0;
}

/* --- strings -------------------------------------------------------------------- */

/* At a backslash inside a basic string (not a line-ending backslash). */
static int parse_escape(struct parser *p)
{
	/* Pairs of an escape letter and the character it stands for. */
	static const char simple[] = "b\bt\tn\nf\fr\r\"\"\\\\";
	size_t start = p->pos, i;
	int c = peek(p, 1);
	char found[DESCRIPTION_MAX];
	uint32_t cp = 0;
	int digits;

	for (i = 0; i < sizeof(simple) - 1; i += 2) {
		if (c == simple[i]) {
			p->pos += 2;
			return scratch_append(p, &simple[i + 1], 1);
		}
	}
	if (c != 'u' && c != 'U') {
		if (c < 0)
			return fail(p, start, _("unterminated escape sequence"));
		return fail(p, start, _("invalid escape sequence: backslash followed by %s"),
			    describe_char(p, start + 1, found, sizeof(found)));
	}
	digits = c == 'u' ? 4 : 8;
	for (i = 0; i < (size_t)digits; i++) {
		int v = number_digit_value(peek(p, 2 + i));

		if (v < 0)
			return fail(p, p->pos + 2 + i, _("\\%c escape needs %d hexadecimal digits, found %s"),
				    c, digits, describe_char(p, p->pos + 2 + i, found, sizeof(found)));
		cp = cp << 4 | (uint32_t)v;
	}
	if ((cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return fail(p, start, _("\\%c escape U+%04" PRIX32 " is not a Unicode scalar value"),
			    c, cp);
	p->pos += 2 + digits;
	return scratch_append_utf8(p, cp);
}

static bool is_plain_basic_char(unsigned char c)
{
	return c != '"' && c != '\\' && (c >= 0x20 || c == '\t') && c != 0x7f;
}

/* At '"' (not '"""'): a single-line basic string, decoded into the scratch buffer. */
static int parse_basic_string(struct parser *p, struct span *ret)
{
	size_t open = p->pos;
	int r;

	p->scratch_len = 0;
	p->pos++;
	for (;;) {
		size_t run = p->pos;
		unsigned char c;

		while (p->pos < p->len && is_plain_basic_char(p->buf[p->pos]))
			p->pos++;
		r = scratch_append(p, p->buf + run, p->pos - run);
		if (r)
			return r;
		if (p->pos >= p->len)
			return fail(p, open, _("unterminated string"));
		c = p->buf[p->pos];
		if (c == '"') {
			p->pos++;
			break;
		}
		if (c == '\\') {
			r = parse_escape(p);
			if (r)
				return r;
		} else if (c == '\n' || c == '\r') {
			return fail(p, open, _("unterminated string (strings in \"...\" cannot span lines)"));
		} else {
			return fail(p, p->pos, _("control character U+%04X in a string"), c);
		}
	}
	ret->str = p->scratch;
	ret->len = p->scratch_len;
	return 0;
}

/* At '\'' (not '\'\'\''): a literal string, taken as written. */
static int parse_literal_string(struct parser *p, struct span *ret)
{
	size_t open = p->pos;

	p->pos++;
	for (;;) {
		unsigned char c;

		if (p->pos >= p->len)
			return fail(p, open, _("unterminated string"));
		c = p->buf[p->pos];
		if (c == '\'')
			break;
		if (c == '\n' || c == '\r')
			return fail(p, open, _("unterminated string ('...' strings cannot span lines)"));
		if (is_control(c))
			return fail(p, p->pos, _("control character U+%04X in a string"), c);
		p->pos++;
	}
	ret->str = p->buf + open + 1;
	ret->len = p->pos - open - 1;
	p->pos++;
	return 0;
}

/*
 * At a run of quote characters inside a multi-line string. Up to two quotes are
 * content; three end the string, and up to two more just before them are content.
 * Returns 1 when the string ended.
 */
static int parse_multiline_quotes(struct parser *p, char quote)
{
	size_t count = 0;
	int r;

	while (p->pos + count < p->len && p->buf[p->pos + count] == quote)
		count++;
	if (count > 5)
		return fail(p, p->pos + 5, _("too many quotes at the end of a multi-line string"));
	r = scratch_append(p, p->buf + p->pos, count >= 3 ? count - 3 : count);
	if (r)
		return r;
	p->pos += count;
	return count >= 3;
}

/* A backslash, blanks, a newline: skip to the next character that is not blank or newline. */
static int parse_line_ending_backslash(struct parser *p, bool *ret_done)
{
	size_t i = p->pos + 1;
	int r;

	while (i < p->len && (p->buf[i] == ' ' || p->buf[i] == '\t'))
		i++;
	if (i >= p->len || (p->buf[i] != '\n' && p->buf[i] != '\r')) {
		*ret_done = false;
		return 0;
	}
	p->pos = i;
	for (;;) {
		skip_ws(p);
		if (p->pos >= p->len || (p->buf[p->pos] != '\n' && p->buf[p->pos] != '\r'))
			break;
		r = consume_newline(p);
		if (r)
			return r;
	}
	*ret_done = true;
	return 0;
}

/* At '"""' or "'''": a multi-line string, decoded into the scratch buffer. */
static int parse_multiline_string(struct parser *p, bool literal, struct span *ret)
{
	char quote = literal ? '\'' : '"';
	size_t open = p->pos;
	int r;

	p->scratch_len = 0;
	p->pos += 3;
	/* A newline right after the opening quotes is not part of the string. */
	if (p->pos < p->len && (p->buf[p->pos] == '\n' || p->buf[p->pos] == '\r')) {
		r = consume_newline(p);
		if (r)
			return r;
	}
	for (;;) {
		size_t run = p->pos;
		unsigned char c;

		while (p->pos < p->len) {
			c = p->buf[p->pos];
			if (c == quote || (c == '\\' && !literal) || (c < 0x20 && c != '\t') || c == 0x7f)
				break;
			p->pos++;
		}
		r = scratch_append(p, p->buf + run, p->pos - run);
		if (r)
			return r;
		if (p->pos >= p->len)
			return fail(p, open, _("unterminated multi-line string"));
		c = p->buf[p->pos];
		if (c == quote) {
			r = parse_multiline_quotes(p, quote);
			if (r < 0)
				return r;
			if (r)
				break;
		} else if (c == '\\') {
			bool done;

			r = parse_line_ending_backslash(p, &done);
			if (!r && !done)
				r = parse_escape(p);
			if (r)
				return r;
		} else if (c == '\n' || (c == '\r' && peek(p, 1) == '\n')) {
			r = consume_newline(p);
			if (!r)
				r = scratch_append(p, "\n", 1);
			if (r)
				return r;
		} else {
			return fail(p, p->pos, _("control character U+%04X in a string"), c);
		}
	}
	ret->str = p->scratch;
	ret->len = p->scratch_len;
	return 0;
}

static bool at_triple_quote(const struct parser *p, char quote)
{
	return peek(p, 0) == quote && peek(p, 1) == quote && peek(p, 2) == quote;
}

static int parse_string_value(struct parser *p, struct toml_value **ret)
{
	struct position where = here(p);
	char quote = p->buf[p->pos];
	struct toml_value *value;
	struct span span;
	int r;

	if (at_triple_quote(p, quote))
		r = parse_multiline_string(p, quote == '\'', &span);
	else if (quote == '\'')
		r = parse_literal_string(p, &span);
	else
		r = parse_basic_string(p, &span);
	if (r)
		return r;
	value = new_value(p, TOML_STRING, where);
	if (!value)
		return fail_nomem(p);
	value->u.string.str = arena_strndup(p->arena, span.str, span.len);
	if (!value->u.string.str)
		return fail_nomem(p);
	value->u.string.len = span.len;
	*ret = value;
	return 0;
}

/* --- keys ----------------------------------------------------------------------- */

static int parse_simple_key(struct parser *p, struct key_part *part)
{
	char found[DESCRIPTION_MAX];
	struct span span;
	int c = peek(p, 0);
	int r;

	part->where = here(p);
	if (c == '"' || c == '\'') {
		if (at_triple_quote(p, (char)c))
			return fail(p, p->pos, _("a multi-line string cannot be a key"));
		r = c == '"' ? parse_basic_string(p, &span) : parse_literal_string(p, &span);
		if (r)
			return r;
		part->str = arena_strndup(p->arena, span.str, span.len);
		if (!part->str)
			return fail_nomem(p);
		part->len = span.len;
		part->owned = true;
		part->hash = hash_bytes(p->hash_seed, part->str, part->len);
	} else if (is_bare_key_char(c)) {
		size_t start = p->pos;
		uint32_t hash = hash_start(p->hash_seed);

		/* Hashed while scanned: keys are most of what a keymap holds. */
		while (p->pos < p->len && is_bare_key_char((unsigned char)p->buf[p->pos])) {
			hash = hash_byte(hash, (unsigned char)p->buf[p->pos]);
			p->pos++;
		}
		part->str = p->buf + start;
		part->len = p->pos - start;
		part->owned = false;
		part->hash = hash;
	} else {
		return fail(p, p->pos, _("expected a key, found %s"),
			    describe_char(p, p->pos, found, sizeof(found)));
	}
	return 0;
}

/* A simple or dotted key into p->keys; leaves pos after the blanks that follow it. */
static int parse_key(struct parser *p)
{
	int r;

	p->keys_count = 0;
	for (;;) {
		if (p->keys_count >= TOML_DEPTH_MAX)
			return fail(p, p->pos, _("a key of more than %d parts"), TOML_DEPTH_MAX);
		if (p->keys_count == p->keys_capacity) {
			size_t capacity = p->keys_capacity ? p->keys_capacity * 2 : 8;
			struct key_part *keys;

			keys = realloc(p->keys, capacity * sizeof(*keys));
			if (!keys)
				return fail_nomem(p);
			p->keys = keys;
			p->keys_capacity = capacity;
		}
		r = parse_simple_key(p, &p->keys[p->keys_count]);
		if (r)
			return r;
		p->keys_count++;
		skip_ws(p);
		if (peek(p, 0) != '.')
			return 0;
		p->pos++;
		skip_ws(p);
	}
}

/* --- numbers -------------------------------------------------------------------- */

static int digit_value(int c, int base)
{
	int v = number_digit_value(c);

	return v >= 0 && v < base ? v : -1;
}

/*
 * Digits of base from *i, with single underscores between digits. Leading zeros are
 * refused unless allowed (decimal integer parts).
 */
static int scan_digits(struct parser *p, size_t *i, size_t end, int base, bool leading_zeros)
{
	char found[DESCRIPTION_MAX];
	size_t start = *i, digits = 0;

	if (*i >= end || digit_value((unsigned char)p->buf[*i], base) < 0) {
		if (*i < end && p->buf[*i] == '_')
			return fail(p, *i, _("an underscore must be between two digits"));
		return fail(p, *i, _("expected a digit, found %s"),
			    describe_char(p, *i, found, sizeof(found)));
	}
	while (*i < end) {
		if (digit_value((unsigned char)p->buf[*i], base) >= 0) {
			(*i)++;
			digits++;
		} else if (p->buf[*i] == '_') {
			if (*i + 1 >= end || digit_value((unsigned char)p->buf[*i + 1], base) < 0)
				return fail(p, *i, _("an underscore must be between two digits"));
			(*i)++;
		} else {
			break;
		}
	}
	if (!leading_zeros && digits > 1 && p->buf[start] == '0')
		return fail(p, start, _("leading zeros are not allowed"));
	return 0;
}

static int parse_radix_integer(struct parser *p, size_t start, size_t end, int64_t *ret)
{
	char found[DESCRIPTION_MAX];
	int base = p->buf[start + 1] == 'x' ? 16 : p->buf[start + 1] == 'o' ? 8 : 2;
	size_t i = start + 2;
	uint64_t value = 0;
	int r;

	r = scan_digits(p, &i, end, base, true);
	if (r)
		return r;
	if (i != end)
		return fail(p, i, _("invalid character %s in an integer"),
			    describe_char(p, i, found, sizeof(found)));
	for (i = start + 2; i < end; i++) {
		int v = digit_value((unsigned char)p->buf[i], base);

		if (v < 0)
			continue;
		if (value > ((uint64_t)INT64_MAX - (uint64_t)v) / (uint64_t)base)
			return fail(p, start, _("integer does not fit in 64 bits"));
		value = value * (uint64_t)base + (uint64_t)v;
	}
	*ret = (int64_t)value;
	return 0;
}

static int parse_decimal_integer(struct parser *p, size_t start, size_t end, int64_t *ret)
{
	char found[DESCRIPTION_MAX];
	bool negative = p->buf[start] == '-';
	size_t i = start + (p->buf[start] == '+' || negative);
	uint64_t limit = negative ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
	uint64_t value = 0;
	size_t digits = i;
	int r;

	r = scan_digits(p, &i, end, 10, false);
	if (r)
		return r;
	if (i != end)
		return fail(p, i, _("invalid character %s in an integer"),
			    describe_char(p, i, found, sizeof(found)));
	for (i = digits; i < end; i++) {
		unsigned int v;

		if (p->buf[i] == '_')
			continue;
		v = (unsigned int)(p->buf[i] - '0');
		if (value > (limit - v) / 10)
			return fail(p, start, _("integer does not fit in 64 bits"));
		value = value * 10 + v;
	}
	*ret = negative ? (int64_t)(0 - value) : (int64_t)value;
	return 0;
}

static int parse_float_digits(struct parser *p, size_t start, size_t end, double *ret)
{
	char found[DESCRIPTION_MAX];
	size_t i = start + (p->buf[start] == '+' || p->buf[start] == '-');
	bool fraction = false, exponent = false;
	char *endp;
	int r;

	r = scan_digits(p, &i, end, 10, false);
	if (r)
		return r;
	if (i < end && p->buf[i] == '.') {
		i++;
		fraction = true;
		r = scan_digits(p, &i, end, 10, true);
		if (r)
			return r;
	}
	if (i < end && (p->buf[i] == 'e' || p->buf[i] == 'E')) {
		i++;
		exponent = true;
		if (i < end && (p->buf[i] == '+' || p->buf[i] == '-'))
			i++;
		r = scan_digits(p, &i, end, 10, true);
		if (r)
			return r;
	}
	if (i != end || (!fraction && !exponent))
		return fail(p, i, _("invalid character %s in a float"),
			    describe_char(p, i, found, sizeof(found)));

	/* strtod() without the underscores, in the C locale whatever the program's is. */
	p->scratch_len = 0;
	r = scratch_reserve(p, end - start + 1);
	if (r)
		return r;
	for (i = start; i < end; i++)
		if (p->buf[i] != '_')
			p->scratch[p->scratch_len++] = p->buf[i];
	p->scratch[p->scratch_len] = '\0';
	*ret = strtod_l(p->scratch, &endp, p->c_locale);
	if (*endp)
		return fail(p, start, _("invalid float"));
	return 0;
}

static bool token_is(const struct parser *p, size_t start, size_t end, const char *word)
{
	size_t len = strlen(word);

	return end - start == len && !memcmp(p->buf + start, word, len);
}

/* An integer or a float (with inf and nan): the whole run of token characters. */
static int parse_number(struct parser *p, struct toml_value **ret)
{
	struct position where = here(p);
	size_t start = p->pos, end = p->pos, digits;
	struct toml_value *value;
	bool is_float = false;
	int64_t integer = 0;
	double real = 0;
	size_t i;
	int r;

	while (end < p->len && is_token_char((unsigned char)p->buf[end]) && p->buf[end] != ':')
		end++;
	digits = start + (p->buf[start] == '+' || p->buf[start] == '-');

	if (digits < end && !is_digit((unsigned char)p->buf[digits]) &&
	    !token_is(p, digits, end, "inf") && !token_is(p, digits, end, "nan"))
		return fail_at(p, where, _("invalid value '%.*s'"),
			       (int)(end - start > 32 ? 32 : end - start), p->buf + start);
	if (token_is(p, digits, end, "inf") || token_is(p, digits, end, "nan")) {
		is_float = true;
		real = p->buf[digits] == 'i' ? INFINITY : NAN;
		if (p->buf[start] == '-')
			real = -real;
	} else if (end - digits >= 2 && p->buf[digits] == '0' &&
		   (p->buf[digits + 1] == 'x' || p->buf[digits + 1] == 'o' ||
		    p->buf[digits + 1] == 'b')) {
		if (digits != start)
			return fail(p, start, _("a sign is not allowed on 0x, 0o or 0b integers"));
		r = parse_radix_integer(p, start, end, &integer);
		if (r)
			return r;
	} else {
		for (i = digits; i < end && !is_float; i++)
			is_float = p->buf[i] == '.' || p->buf[i] == 'e' || p->buf[i] == 'E';
		if (is_float)
			r = parse_float_digits(p, start, end, &real);
		else
			r = parse_decimal_integer(p, start, end, &integer);
		if (r)
			return r;
	}
	value = new_value(p, is_float ? TOML_FLOAT : TOML_INTEGER, where);
	if (!value)
		return fail_nomem(p);
	if (is_float)
		value->u.real = real;
	else
		value->u.integer = integer;
	p->pos = end;
	*ret = value;
	return 0;
}

/* --- dates and times ------------------------------------------------------------ */

static bool digits_at(const struct parser *p, size_t offset, size_t count)
{
	size_t i;

	for (i = 0; i < count; i++)
		if (offset + i >= p->len || !is_digit((unsigned char)p->buf[offset + i]))
			return false;
	return true;
}

/* count digits at pos into *ret, range-checked; what (N_) names the field in messages. */
static int parse_field(struct parser *p, size_t count, int min, int max, const char *what,
		       int *ret)
{
	char found[DESCRIPTION_MAX];
	size_t start = p->pos, i;
	int value = 0;

	for (i = 0; i < count; i++) {
		if (!digits_at(p, start + i, 1))
			return fail(p, start + i, _("expected a digit of the %s, found %s"), _(what),
				    describe_char(p, start + i, found, sizeof(found)));
		value = value * 10 + (p->buf[start + i] - '0');
	}
	if (value < min || value > max)
		return fail(p, start, _("%s %0*d out of range %0*d-%0*d"), _(what), (int)count, value,
			    (int)count, min, (int)count, max);
	p->pos += count;
	*ret = value;
	return 0;
}

static int expect_char(struct parser *p, char c, const char *what)
{
	char found[DESCRIPTION_MAX];

	if (peek(p, 0) != (unsigned char)c)
		return fail(p, p->pos, _("expected '%c' in %s, found %s"), c, _(what),
			    describe_char(p, p->pos, found, sizeof(found)));
	p->pos++;
	return 0;
}

static bool is_leap_year(int year)
{
	return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

static int days_in_month(int year, int month)
{
	static const int days[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };

	return month == 2 && is_leap_year(year) ? 29 : days[month - 1];
}

static int parse_date(struct parser *p, struct toml_datetime *dt)
{
	const char *what = N_("a date");
	size_t day_start;
	int r;

	r = parse_field(p, 4, 0, 9999, N_("year"), &dt->year);
	if (!r)
		r = expect_char(p, '-', what);
	if (!r)
		r = parse_field(p, 2, 1, 12, N_("month"), &dt->month);
	if (!r)
		r = expect_char(p, '-', what);
	day_start = p->pos;
	if (!r)
		r = parse_field(p, 2, 1, 31, N_("day"), &dt->day);
	if (r)
		return r;
	if (dt->day > days_in_month(dt->year, dt->month))
		return fail(p, day_start, _("day %02d does not exist in %04d-%02d"), dt->day,
			    dt->year, dt->month);
	return 0;
}

static int parse_time(struct parser *p, struct toml_datetime *dt)
{
	const char *what = N_("a time");
	int r;

	r = parse_field(p, 2, 0, 23, N_("hour"), &dt->hour);
	if (!r)
		r = expect_char(p, ':', what);
	if (!r)
		r = parse_field(p, 2, 0, 59, N_("minute"), &dt->minute);
	if (!r)
		r = expect_char(p, ':', what);
	/* 60 is a leap second (RFC 3339). */
	if (!r)
		r = parse_field(p, 2, 0, 60, N_("second"), &dt->second);
	if (r)
		return r;
	if (peek(p, 0) == '.') {
		char found[DESCRIPTION_MAX];
		uint32_t scale = 100000000;

		p->pos++;
		if (!digits_at(p, p->pos, 1))
			return fail(p, p->pos, _("expected a digit of the fraction of a second, found %s"),
				    describe_char(p, p->pos, found, sizeof(found)));
		while (digits_at(p, p->pos, 1)) {
			/* Digits past nanoseconds are counted but dropped. */
			dt->nanosecond += (uint32_t)(p->buf[p->pos] - '0') * scale;
			scale /= 10;
			if (dt->fraction_digits < INT32_MAX)
				dt->fraction_digits++;
			p->pos++;
		}
	}
	return 0;
}

static int parse_offset(struct parser *p, struct toml_datetime *dt)
{
	int c = peek(p, 0), hour = 0, minute = 0, r;

	if (c == 'Z' || c == 'z') {
		dt->offset_is_z = true;
		p->pos++;
		return 0;
	}
	p->pos++;
	r = parse_field(p, 2, 0, 23, N_("offset hour"), &hour);
	if (!r)
		r = expect_char(p, ':', N_("a time offset"));
	if (!r)
		r = parse_field(p, 2, 0, 59, N_("offset minute"), &minute);
	if (r)
		return r;
	dt->offset_minutes = (c == '-' ? -1 : 1) * (hour * 60 + minute);
	return 0;
}

/* At 'DDDD-' or 'DD:': one of the four date-time types. */
static int parse_datetime(struct parser *p, struct toml_value **ret)
{
	struct position where = here(p);
	struct toml_datetime dt = { 0 };
	enum toml_type type;
	char found[DESCRIPTION_MAX];
	struct toml_value *value;
	int r, c;

	if (digits_at(p, p->pos, 2) && peek(p, 2) == ':') {
		type = TOML_LOCAL_TIME;
		r = parse_time(p, &dt);
		if (r)
			return r;
	} else {
		r = parse_date(p, &dt);
		if (r)
			return r;
		c = peek(p, 0);
		if (c == 'T' || c == 't' || (c == ' ' && digits_at(p, p->pos + 1, 2) &&
					     peek(p, 3) == ':')) {
			p->pos++;
			r = parse_time(p, &dt);
			if (r)
				return r;
			c = peek(p, 0);
			if (c == 'Z' || c == 'z' || c == '+' || c == '-') {
				type = TOML_OFFSET_DATETIME;
				r = parse_offset(p, &dt);
				if (r)
					return r;
			} else {
				type = TOML_LOCAL_DATETIME;
			}
		} else {
			type = TOML_LOCAL_DATE;
		}
	}
	if (p->pos < p->len && is_token_char((unsigned char)p->buf[p->pos]))
		return fail(p, p->pos, _("unexpected %s after a date or time"),
			    describe_char(p, p->pos, found, sizeof(found)));
	value = new_value(p, type, where);
	if (!value)
		return fail_nomem(p);
	value->u.datetime = dt;
	*ret = value;
	return 0;
}

/* --- values --------------------------------------------------------------------- */

static int parse_value(struct parser *p, unsigned int depth, struct toml_value **ret);
static int parse_keyval(struct parser *p, struct toml_value *base);

static int parse_array(struct parser *p, unsigned int depth, struct toml_value **ret)
{
	struct position where = here(p);
	char found[DESCRIPTION_MAX];
	struct toml_value *array, *item;
	int r;

	r = new_array(p, false, depth, where, &array);
	if (r)
		return r;
	p->pos++;
	for (;;) {
		r = skip_ws_comments_newlines(p);
		if (r)
			return r;
		if (p->pos >= p->len)
			return fail_at(p, where, _("unterminated array"));
		if (p->buf[p->pos] == ']')
			break;
		r = parse_value(p, depth + 1, &item);
		if (!r)
			r = array_add(p, array, item);
		if (!r)
			r = skip_ws_comments_newlines(p);
		if (r)
			return r;
		if (p->pos >= p->len)
			return fail_at(p, where, _("unterminated array"));
		if (p->buf[p->pos] == ']')
			break;
		if (p->buf[p->pos] != ',')
			return fail(p, p->pos, _("expected ',' or ']' in an array, found %s"),
				    describe_char(p, p->pos, found, sizeof(found)));
		p->pos++;
	}
	p->pos++;
	*ret = array;
	return 0;
}

static int parse_inline_table(struct parser *p, unsigned int depth, struct toml_value **ret)
{
	struct position where = here(p);
	char found[DESCRIPTION_MAX];
	struct toml_value *table;
	int r;

	r = new_table(p, TABLE_INLINE, depth, where, &table);
	if (r)
		return r;
	p->pos++;
	skip_ws(p);
	if (peek(p, 0) == '}') {
		p->pos++;
		*ret = table;
		return 0;
	}
	for (;;) {
		if (p->pos >= p->len)
			return fail_at(p, where, _("unterminated inline table"));
		r = parse_keyval(p, table);
		if (r)
			return r;
		skip_ws(p);
		if (p->pos >= p->len)
			return fail_at(p, where, _("unterminated inline table"));
		if (p->buf[p->pos] == '}')
			break;
		if (p->buf[p->pos] != ',')
			return fail(p, p->pos, _("expected ',' or '}' in an inline table, found %s"),
				    describe_char(p, p->pos, found, sizeof(found)));
		p->pos++;
		skip_ws(p);
		if (peek(p, 0) == '}')
			return fail(p, p->pos, _("trailing comma in an inline table"));
	}
	p->pos++;
	*ret = table;
	return 0;
}

/* A bare word value: true or false. */
static int parse_boolean(struct parser *p, struct toml_value **ret)
{
	struct position where = here(p);
	size_t end = p->pos;
	struct toml_value *value;
	bool boolean;

	while (end < p->len && is_token_char((unsigned char)p->buf[end]))
		end++;
	if (token_is(p, p->pos, end, "true"))
		boolean = true;
	else if (token_is(p, p->pos, end, "false"))
		boolean = false;
	else
		return fail_at(p, where, _("invalid value '%.*s'"),
			       (int)(end - p->pos > 32 ? 32 : end - p->pos), p->buf + p->pos);
	value = new_value(p, TOML_BOOLEAN, where);
	if (!value)
		return fail_nomem(p);
	value->u.boolean = boolean;
	p->pos = end;
	*ret = value;
	return 0;
}

static int parse_value(struct parser *p, unsigned int depth, struct toml_value **ret)
{
	char found[DESCRIPTION_MAX];
	int c = peek(p, 0);

	switch (c) {
	case '"':
	case '\'':
		return parse_string_value(p, ret);
	case '[':
		return parse_array(p, depth, ret);
	case '{':
		return parse_inline_table(p, depth, ret);
	case 't':
	case 'f':
		return parse_boolean(p, ret);
	case 'i':
	case 'n':
	case '+':
	case '-':
		return parse_number(p, ret);
	default:
		if (is_digit(c)) {
			if ((digits_at(p, p->pos, 4) && peek(p, 4) == '-') ||
			    (digits_at(p, p->pos, 2) && peek(p, 2) == ':'))
				return parse_datetime(p, ret);
			return parse_number(p, ret);
		}
		if (is_bare_key_char(c))
			return parse_boolean(p, ret);
		return fail(p, p->pos, _("expected a value, found %s"),
			    describe_char(p, p->pos, found, sizeof(found)));
	}
}

/* --- definitions ---------------------------------------------------------------- */

static const char *origin_name(enum table_origin origin)
{
	switch (origin) {
	case TABLE_HEADER:
		return _("a [table] header");
	case TABLE_DOTTED:
		return _("dotted keys");
	case TABLE_INLINE:
		return _("an inline table");
	default:
		return _("a [table] header below it");
	}
}

/* key (parts 0..count-1) already holds something that is not a table one may open. */
static int fail_defined(struct parser *p, size_t count, const struct toml_entry *entry)
{
	const struct toml_value *value = entry->value;
	const struct key_part *part = &p->keys[count - 1];
	char key[DESCRIPTION_MAX];

	describe_key(p, count, key, sizeof(key));
	if (value->type == TOML_TABLE)
		return fail_at(p, part->where, _("table '%s' is already defined by %s at %u:%u"), key,
			       origin_name(value->u.table.origin), entry->line, entry->column);
	if (value->type == TOML_ARRAY && value->u.array.of_tables)
		return fail_at(p, part->where, _("'%s' is already an array of tables, from %u:%u"),
			       key, entry->line, entry->column);
	if (value->type == TOML_ARRAY)
		return fail_at(p, part->where, _("'%s' is already a static array, defined at %u:%u"),
			       key, entry->line, entry->column);
	return fail_at(p, part->where, _("'%s' is already a value of type %s, defined at %u:%u"),
		       key, toml_type_name(value->type), entry->line, entry->column);
}

/*
 * Walk the parents of a header key from the root, creating the missing ones as
 * implicit tables; an array of tables stands for its last element.
 */
static int open_header_parents(struct parser *p, struct toml_value **ret_table)
{
	struct toml_value *table = p->root;
	size_t i;
	int r;

	for (i = 0; i + 1 < p->keys_count; i++) {
		struct key_part *part = &p->keys[i];
		struct toml_entry *entry = table_find(&table->u.table, part->str, part->len,
						      part->hash);
		struct toml_value *child;

		if (!entry) {
			r = new_table(p, TABLE_IMPLICIT, table->u.table.depth + 1, part->where,
				      &child);
			if (!r)
				r = table_add(p, table, part, child);
			if (r)
				return r;
			table = child;
			continue;
		}
		child = entry->value;
		if (child->type == TOML_TABLE && child->u.table.origin != TABLE_INLINE)
			table = child;
		else if (child->type == TOML_ARRAY && child->u.array.of_tables)
			table = child->u.array.items[child->u.array.count - 1];
		else
			return fail_defined(p, i + 1, entry);
	}
	*ret_table = table;
	return 0;
}

/* [key]: the table, new or implicit until now, under parent; where is the '['. */
static int define_table(struct parser *p, struct toml_value *parent, struct position where,
			struct toml_value **ret_table)
{
	struct key_part *last = &p->keys[p->keys_count - 1];
	struct toml_entry *entry = table_find(&parent->u.table, last->str, last->len, last->hash);
	struct toml_value *table;
	int r;

	if (!entry) {
		r = new_table(p, TABLE_HEADER, parent->u.table.depth + 1, where, &table);
		if (!r)
			r = table_add(p, parent, last, table);
		if (r)
			return r;
	} else if (entry->value->type == TOML_TABLE &&
		   entry->value->u.table.origin == TABLE_IMPLICIT) {
		/* Defined here at last: this is where it is. */
		table = entry->value;
		table->u.table.origin = TABLE_HEADER;
		table->line = where.line;
		table->column = where.column;
		entry->line = last->where.line;
		entry->column = last->where.column;
	} else {
		return fail_defined(p, p->keys_count, entry);
	}
	*ret_table = table;
	return 0;
}

/* [[key]]: a new table at the end of the array of tables under parent. */
static int append_table(struct parser *p, struct toml_value *parent, struct position where,
			struct toml_value **ret_table)
{
	struct key_part *last = &p->keys[p->keys_count - 1];
	struct toml_entry *entry = table_find(&parent->u.table, last->str, last->len, last->hash);
	struct toml_value *array, *table;
	int r;

	if (!entry) {
		r = new_array(p, true, parent->u.table.depth + 1, where, &array);
		if (!r)
			r = table_add(p, parent, last, array);
		if (r)
			return r;
	} else if (entry->value->type == TOML_ARRAY && entry->value->u.array.of_tables) {
		array = entry->value;
	} else {
		return fail_defined(p, p->keys_count, entry);
	}
	r = new_table(p, TABLE_HEADER, array->u.array.depth + 1, where, &table);
	if (!r)
		r = array_add(p, array, table);
	if (r)
		return r;
	*ret_table = table;
	return 0;
}

/* At '[': a [table] or [[array of tables]] header; makes its table the section. */
static int parse_header(struct parser *p)
{
	struct position where = here(p);
	bool of_tables = peek(p, 1) == '[';
	struct toml_value *parent = NULL, *table = NULL;
	int r;

	p->pos += of_tables ? 2 : 1;
	skip_ws(p);
	r = parse_key(p);
	if (r)
		return r;
	if (peek(p, 0) != ']' || (of_tables && peek(p, 1) != ']')) {
		char found[DESCRIPTION_MAX];

		return fail(p, p->pos, of_tables ? _("expected ']]' at the end of the header, found %s")
						 : _("expected ']' at the end of the header, found %s"),
			    describe_char(p, p->pos, found, sizeof(found)));
	}
	p->pos += of_tables ? 2 : 1;

	r = open_header_parents(p, &parent);
	if (!r)
		r = of_tables ? append_table(p, parent, where, &table)
			      : define_table(p, parent, where, &table);
	if (r)
		return r;
	p->section = table;
	return 0;
}

/*
 * Walk the parents of a dotted key from base (the section or an inline table),
 * creating the missing ones. Only tables made by dotted keys, or implicitly by a
 * header, may be entered this way.
 */
static int open_dotted_parents(struct parser *p, struct toml_value *base,
			       struct toml_value **ret_table)
{
	struct toml_value *table = base;
	size_t i;
	int r;

	for (i = 0; i + 1 < p->keys_count; i++) {
		struct key_part *part = &p->keys[i];
		struct toml_entry *entry = table_find(&table->u.table, part->str, part->len,
						      part->hash);
		struct toml_value *child;

		if (!entry) {
			r = new_table(p, TABLE_DOTTED, table->u.table.depth + 1, part->where, &child);
			if (!r)
				r = table_add(p, table, part, child);
			if (r)
				return r;
			table = child;
			continue;
		}
		child = entry->value;
		if (child->type != TOML_TABLE ||
		    (child->u.table.origin != TABLE_DOTTED && child->u.table.origin != TABLE_IMPLICIT))
			return fail_defined(p, i + 1, entry);
		child->u.table.origin = TABLE_DOTTED;
		table = child;
	}
	*ret_table = table;
	return 0;
}

/* key = value, into base (the section or an inline table). */
static int parse_keyval(struct parser *p, struct toml_value *base)
{
	char found[DESCRIPTION_MAX];
	struct toml_value *table = NULL, *value = NULL;
	struct toml_entry *entry;
	struct key_part last;
	int r;

	r = parse_key(p);
	if (r)
		return r;
	if (peek(p, 0) != '=')
		return fail(p, p->pos, _("expected '=' after a key, found %s"),
			    describe_char(p, p->pos, found, sizeof(found)));
	p->pos++;
	skip_ws(p);

	r = open_dotted_parents(p, base, &table);
	if (r)
		return r;
	last = p->keys[p->keys_count - 1];
	entry = table_find(&table->u.table, last.str, last.len, last.hash);
	if (entry) {
		char key[DESCRIPTION_MAX];

		return fail_at(p, last.where, _("duplicate key '%s', first defined at %u:%u"),
			       describe_key(p, p->keys_count, key, sizeof(key)), entry->line,
			       entry->column);
	}
	/* p->keys is reused by the keys of inline tables inside the value. */
	r = parse_value(p, table->u.table.depth + 1, &value);
	if (r)
		return r;
	return table_add(p, table, &last, value);
}

static int parse_document(struct parser *p)
{
	size_t bad;
	int r;

	bad = utf8_invalid_offset((const unsigned char *)p->buf, p->len);
	if (bad < p->len)
		return fail_at(p, position_before(p, bad), _("invalid UTF-8"));
	/* A byte order mark is not part of the document. */
	if (p->len >= 3 && !memcmp(p->buf, "\xef\xbb\xbf", 3)) {
		p->pos = 3;
		p->line_start = 3;
		p->column_offset = 3;
	}
	while (p->pos < p->len) {
		int c;

		skip_ws(p);
		c = peek(p, 0);
		if (c == '[') {
			r = parse_header(p);
			if (!r)
				r = parse_line_end(p, N_("a table header"));
		} else if (c == '#' || c == '\n' || c == '\r' || c < 0) {
			r = parse_line_end(p, N_("a comment"));
		} else {
			r = parse_keyval(p, p->section);
			if (!r)
				r = parse_line_end(p, N_("a key/value pair"));
		}
		if (r)
			return r;
	}
	return 0;
}

/* --- public interface ----------------------------------------------------------- */

int toml_parse(const char *buf, size_t len, const char *name, struct toml_value **ret_root,
	       struct ir_error *err)
{
	struct toml_document *doc;
	struct parser p;
	int r;

	if (!buf && len)
		return -EINVAL;
	doc = calloc(1, sizeof(*doc));
	if (!doc) {
		ir_error_set(err, "%s: %s", name, _("out of memory"));
		return -ENOMEM;
	}
	doc->root.type = TOML_TABLE;
	doc->root.is_root = true;
	doc->root.line = 1;
	doc->root.column = 1;
	doc->root.u.table.origin = TABLE_HEADER;
	doc->root.u.table.hash_seed = hash_seed_new(doc);

	memset(&p, 0, sizeof(p));
	p.buf = buf ? buf : "";
	p.len = len;
	p.name = name ? name : "-";
	p.err = err;
	p.arena = &doc->arena;
	p.root = &doc->root;
	p.section = &doc->root;
	p.hash_seed = doc->root.u.table.hash_seed;
	p.line = 1;
	p.column_count = 1;
	p.c_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0);
	if (!p.c_locale)
		r = fail_nomem(&p);
	else
		r = parse_document(&p);
	if (p.c_locale)
		freelocale(p.c_locale);
	free(p.keys);
	free(p.scratch);
	if (r) {
		toml_free(&doc->root);
		return r;
	}
	*ret_root = &doc->root;
	return 0;
}

void toml_free(struct toml_value *root)
{
	struct toml_document *doc;

	if (!root || !root->is_root)
		return;
	doc = (struct toml_document *)((char *)root - offsetof(struct toml_document, root));
	arena_free(&doc->arena);
	free(doc);
}

enum toml_type toml_value_type(const struct toml_value *value)
{
	return value->type;
}

unsigned int toml_value_line(const struct toml_value *value)
{
	return value->line;
}

unsigned int toml_value_column(const struct toml_value *value)
{
	return value->column;
}

const char *toml_type_name(enum toml_type type)
{
	switch (type) {
	case TOML_TABLE:
		return "table";
	case TOML_ARRAY:
		return "array";
	case TOML_STRING:
		return "string";
	case TOML_INTEGER:
		return "integer";
	case TOML_FLOAT:
		return "float";
	case TOML_BOOLEAN:
		return "boolean";
	case TOML_OFFSET_DATETIME:
		return "offset date-time";
	case TOML_LOCAL_DATETIME:
		return "local date-time";
	case TOML_LOCAL_DATE:
		return "local date";
	case TOML_LOCAL_TIME:
		return "local time";
	default:
		return "unknown";
	}
}

static const struct toml_entry *entry_at(const struct toml_value *table, size_t index)
{
	if (!table || table->type != TOML_TABLE || index >= table->u.table.count)
		return NULL;
	return &table->u.table.entries[index];
}

size_t toml_table_count(const struct toml_value *table)
{
	return table && table->type == TOML_TABLE ? table->u.table.count : 0;
}

const char *toml_table_key_at(const struct toml_value *table, size_t index)
{
	const struct toml_entry *entry = entry_at(table, index);

	return entry ? entry->key : NULL;
}

size_t toml_table_key_length_at(const struct toml_value *table, size_t index)
{
	const struct toml_entry *entry = entry_at(table, index);

	return entry ? entry->key_len : 0;
}

unsigned int toml_table_key_line_at(const struct toml_value *table, size_t index)
{
	const struct toml_entry *entry = entry_at(table, index);

	return entry ? entry->line : 0;
}

unsigned int toml_table_key_column_at(const struct toml_value *table, size_t index)
{
	const struct toml_entry *entry = entry_at(table, index);

	return entry ? entry->column : 0;
}

const struct toml_value *toml_table_value_at(const struct toml_value *table, size_t index)
{
	const struct toml_entry *entry = entry_at(table, index);

	return entry ? entry->value : NULL;
}

const struct toml_value *toml_table_get(const struct toml_value *table, const char *key)
{
	const struct toml_entry *entry;
	size_t len;

	if (!table || table->type != TOML_TABLE || !key)
		return NULL;
	len = strlen(key);
	entry = table_find(&table->u.table, key, len,
			   hash_bytes(table->u.table.hash_seed, key, len));
	return entry ? entry->value : NULL;
}

size_t toml_array_count(const struct toml_value *array)
{
	return array && array->type == TOML_ARRAY ? array->u.array.count : 0;
}

const struct toml_value *toml_array_at(const struct toml_value *array, size_t index)
{
	if (!array || array->type != TOML_ARRAY || index >= array->u.array.count)
		return NULL;
	return array->u.array.items[index];
}

int toml_value_string(const struct toml_value *value, const char **ret_str, size_t *ret_len)
{
	if (!value || value->type != TOML_STRING)
		return -EINVAL;
	*ret_str = value->u.string.str;
	if (ret_len)
		*ret_len = value->u.string.len;
	return 0;
}

int toml_value_integer(const struct toml_value *value, int64_t *ret_int)
{
	if (!value || value->type != TOML_INTEGER)
		return -EINVAL;
	*ret_int = value->u.integer;
	return 0;
}

int toml_value_float(const struct toml_value *value, double *ret_float)
{
	if (!value || value->type != TOML_FLOAT)
		return -EINVAL;
	*ret_float = value->u.real;
	return 0;
}

int toml_value_boolean(const struct toml_value *value, bool *ret_bool)
{
	if (!value || value->type != TOML_BOOLEAN)
		return -EINVAL;
	*ret_bool = value->u.boolean;
	return 0;
}

int toml_value_datetime(const struct toml_value *value, struct toml_datetime *ret_datetime)
{
	if (!value || (value->type != TOML_OFFSET_DATETIME && value->type != TOML_LOCAL_DATETIME &&
		       value->type != TOML_LOCAL_DATE && value->type != TOML_LOCAL_TIME))
		return -EINVAL;
	*ret_datetime = value->u.datetime;
	return 0;
}
