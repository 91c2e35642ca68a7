/*
 * zeinfo.c - a line editor for .ze_info, the YAML metadata of a zebin
 * (docs/splice.md ".ze_info").
 *
 * Not a YAML parser: .ze_info is written by one writer (LLVM's YAML I/O
 * inside IGC) in block style, two spaces per level, one "key: value" per
 * line, sequences indented under their key.  The editor finds blocks by
 * indentation, reads the few scalars splice needs, and replaces, inserts
 * or deletes whole lines; every other line stays byte-identical.  Values
 * splice reads must have the form it expects (a plain unsigned integer),
 * anything else is an error naming the line.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "zebin.h"

/* The writer puts a value at least 17 columns after its key starts (the
 * key, its colon and spaces), one space after a longer key. */
#define VALUE_COLUMN 17

static bool push_line(struct zi_doc *d, const char *p, size_t n)
{
	if (d->count == d->cap) {
		size_t cap = d->cap ? d->cap * 2 : 256;
		struct zi_line *nl = realloc(d->line, cap * sizeof *nl);
		if (!nl)
			return false;
		d->line = nl;
		d->cap = cap;
	}
	d->line[d->count++] = (struct zi_line){ p, n, NULL };
	return true;
}

enum vf_status zi_parse(const uint8_t *text, size_t n, const char *file,
                        struct zi_doc *d, struct vf_error *err)
{
	*d = (struct zi_doc){ .file = file };
	const char *p = (const char *)text, *end = p + n;
	if (memchr(p, 0, n))
		return vf_err(err, VF_ERR_INPUT, "%s: .ze_info holds a NUL byte",
		              file);
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (!push_line(d, p, len)) {
			zi_free(d);
			return vf_err_oom(err);
		}
		for (size_t i = 0; i < len && (p[i] == ' ' || p[i] == '\t'); i++)
			if (p[i] == '\t') {
				unsigned line = (unsigned)d->count;
				zi_free(d);
				return vf_err(err, VF_ERR_INPUT, "%s: .ze_info line %u: "
				              "tab in indentation", file, line);
			}
		p += len + (nl ? 1 : 0);
		d->final_newline = nl != NULL;
	}
	return VF_OK;
}

void zi_free(struct zi_doc *d)
{
	for (size_t i = 0; i < d->count; i++)
		free(d->line[i].owned);
	free(d->line);
	d->line = NULL;
	d->count = d->cap = 0;
}

enum vf_status zi_text(const struct zi_doc *d, uint8_t **out, size_t *size,
                       struct vf_error *err)
{
	size_t n = 0;
	for (size_t i = 0; i < d->count; i++)
		n += d->line[i].n + 1;
	uint8_t *p = malloc(n ? n : 1), *q = p;
	if (!p)
		return vf_err_oom(err);
	for (size_t i = 0; i < d->count; i++) {
		memcpy(q, d->line[i].p, d->line[i].n);
		q += d->line[i].n;
		if (i + 1 < d->count || d->final_newline)
			*q++ = '\n';
	}
	*out = p;
	*size = (size_t)(q - p);
	return VF_OK;
}

static unsigned indent(const struct zi_line *l)
{
	unsigned i = 0;
	while (i < l->n && l->p[i] == ' ')
		i++;
	return i;
}

static bool blank(const struct zi_line *l)
{
	return indent(l) == l->n;
}

/* Is line i an item "- ..." whose text starts at column col - 2? */
static bool item_at(const struct zi_doc *d, size_t i, unsigned col)
{
	const struct zi_line *l = &d->line[i];
	return col >= 2 && indent(l) == col - 2 && l->n >= col &&
	       l->p[col - 2] == '-' && l->p[col - 1] == ' ';
}

/* The key of line i if its key starts at column col of range r: the
 * first line of an item, or a plain line indented to col. */
static bool key_at(const struct zi_doc *d, const struct zi_range *r, size_t i,
                   const char **key, size_t *klen)
{
	const struct zi_line *l = &d->line[i];
	unsigned col = r->col;
	if (!(i == r->begin && item_at(d, i, col)) &&
	    (indent(l) != col || (l->n > col && l->p[col] == '-')))
		return false;
	const char *k = l->p + col, *colon = memchr(k, ':', l->n - col);
	if (!colon || (colon + 1 < l->p + l->n && colon[1] != ' '))
		return false;
	*key = k;
	*klen = (size_t)(colon - k);
	return true;
}

static bool key_is(const char *k, size_t n, const char *want)
{
	return strlen(want) == n && !memcmp(k, want, n);
}

/* The block under line i (lines indented deeper than col), with the
 * column of its first line. */
static struct zi_range block_under(const struct zi_doc *d, size_t i,
                                   unsigned col)
{
	struct zi_range b = { i + 1, i + 1, 0 };
	while (b.end < d->count &&
	       (blank(&d->line[b.end]) || indent(&d->line[b.end]) > col))
		b.end++;
	if (b.begin < b.end)
		b.col = indent(&d->line[b.begin]);
	return b;
}

bool zi_child(const struct zi_doc *d, const struct zi_range *r,
              const char *key, struct zi_range *sub, size_t *line)
{
	for (size_t i = r->begin; i < r->end; i++) {
		const char *k;
		size_t n;
		if (!key_at(d, r, i, &k, &n) || !key_is(k, n, key))
			continue;
		*sub = block_under(d, i, r->col);
		if (sub->begin < sub->end && item_at(d, sub->begin, sub->col + 2))
			sub->col += 2;          /* a sequence: keys after "- " */
		if (line)
			*line = i;
		return true;
	}
	return false;
}

const char *zi_scalar(const struct zi_doc *d, const struct zi_range *r,
                      const char *key, size_t *n, size_t *line)
{
	for (size_t i = r->begin; i < r->end; i++) {
		const char *k;
		size_t kn;
		if (!key_at(d, r, i, &k, &kn) || !key_is(k, kn, key))
			continue;
		const struct zi_line *l = &d->line[i];
		const char *v = k + kn + 1, *end = l->p + l->n;
		while (v < end && *v == ' ')
			v++;
		while (end > v && end[-1] == ' ')
			end--;
		*n = (size_t)(end - v);
		if (line)
			*line = i;
		return v;
	}
	return NULL;
}

const char *zi_printable(const char *p, size_t n, char *out, size_t cap)
{
	size_t i = 0;
	for (; i < n && i + 1 < cap; i++)
		out[i] = p[i] >= 0x20 && p[i] < 0x7f ? p[i] : '?';
	out[i] = 0;
	return out;
}

bool zi_uint(const struct zi_doc *d, const struct zi_range *r,
             const char *key, uint64_t *v, bool *present,
             struct vf_error *err)
{
	size_t n, line;
	const char *s = zi_scalar(d, r, key, &n, &line);
	*present = s != NULL;
	*v = 0;
	if (!s)
		return false;
	bool ok = n > 0 && n <= 19;
	for (size_t i = 0; ok && i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			ok = false;
		else
			*v = *v * 10 + (uint64_t)(s[i] - '0');
	char shown[41];
	if (!ok)
		vf_err(err, VF_ERR_INPUT, "%s: .ze_info line %zu: %s: expected an "
		       "unsigned integer, found '%s'", d->file, line + 1, key,
		       zi_printable(s, n, shown, sizeof shown));
	return ok;
}

size_t zi_items(const struct zi_doc *d, const struct zi_range *seq,
                struct zi_range *it, size_t max)
{
	size_t k = 0;
	for (size_t i = seq->begin; i < seq->end; i++) {
		if (!item_at(d, i, seq->col))
			continue;
		if (k < max) {
			it[k] = (struct zi_range){ i, i + 1, seq->col };
			while (it[k].end < seq->end &&
			       !item_at(d, it[k].end, seq->col) &&
			       (blank(&d->line[it[k].end]) ||
			        indent(&d->line[it[k].end]) >= seq->col))
				it[k].end++;
		}
		k++;
	}
	return k;
}

bool zi_kernel(const struct zi_doc *d, const char *name, struct zi_range *k)
{
	struct zi_range top = { 0, d->count, 0 }, seq;
	if (!zi_child(d, &top, "kernels", &seq, NULL))
		return false;
	size_t n = zi_items(d, &seq, NULL, 0);
	struct zi_range *it = calloc(n ? n : 1, sizeof *it);
	if (!it)
		return false;
	zi_items(d, &seq, it, n);
	bool found = false;
	for (size_t i = 0; i < n && !found; i++) {
		size_t vn;
		const char *v = zi_scalar(d, &it[i], "name", &vn, NULL);
		/* A quoted name: '...' with '' for a quote (the writer quotes
		 * only names YAML would misread; kernel names never need it). */
		if (v && vn >= 2 && v[0] == '\'' && v[vn - 1] == '\'') {
			v++;
			vn -= 2;
		}
		if (v && key_is(v, vn, name)) {
			*k = it[i];
			found = true;
		}
	}
	free(it);
	return found;
}

char *zi_format(unsigned col, bool item, const char *key, const char *value)
{
	size_t kn = strlen(key), vn = value ? strlen(value) : 0;
	size_t at = kn + 2 > VALUE_COLUMN ? kn + 2 : VALUE_COLUMN;
	char *s = malloc(col + at + vn + 1);
	if (!s)
		return NULL;
	memset(s, ' ', col + at);
	if (item)
		s[col - 2] = '-';
	memcpy(s + col, key, kn);
	s[col + kn] = ':';
	if (!value) {
		s[col + kn + 1] = 0;
		return s;
	}
	memcpy(s + col + at, value, vn + 1);
	return s;
}

static bool set_line(struct zi_doc *d, size_t i, char *text)
{
	if (!text)
		return false;
	free(d->line[i].owned);
	d->line[i] = (struct zi_line){ text, strlen(text), text };
	return true;
}

bool zi_insert(struct zi_doc *d, size_t at, const char *text)
{
	char *copy = strdup(text);
	if (!copy || !push_line(d, "", 0)) {
		free(copy);
		return false;
	}
	memmove(&d->line[at + 1], &d->line[at],
	        (d->count - 1 - at) * sizeof *d->line);
	d->line[at] = (struct zi_line){ copy, strlen(copy), copy };
	return true;
}

void zi_delete(struct zi_doc *d, size_t begin, size_t end)
{
	for (size_t i = begin; i < end; i++)
		free(d->line[i].owned);
	memmove(&d->line[begin], &d->line[end],
	        (d->count - end) * sizeof *d->line);
	d->count -= end - begin;
}

bool zi_set(struct zi_doc *d, struct zi_range *r, const char *key,
            const char *value)
{
	size_t n, line;
	const char *v = zi_scalar(d, r, key, &n, &line);
	if (v) {
		if (key_is(v, n, value))
			return true;
		bool item = line == r->begin && item_at(d, line, r->col);
		return set_line(d, line, zi_format(r->col, item, key, value));
	}
	/* Absent: before the first key that sorts after it, if the keys are
	 * sorted, else at the end. */
	size_t at = r->end;
	const char *prev = NULL;
	size_t prevn = 0;
	bool sorted = true;
	for (size_t i = r->begin; i < r->end; i++) {
		const char *k;
		size_t kn;
		if (!key_at(d, r, i, &k, &kn))
			continue;
		if (prev && strncmp(prev, k, prevn < kn ? prevn : kn) > 0)
			sorted = false;
		size_t m = kn < strlen(key) ? kn : strlen(key);
		int c = strncmp(k, key, m);
		if (at == r->end && (c > 0 || (c == 0 && kn > strlen(key))))
			at = i;
		prev = k;
		prevn = kn;
	}
	if (!sorted)
		at = r->end;
	char *text = zi_format(r->col, false, key, value);
	bool ok = text && zi_insert(d, at, text);
	free(text);
	if (ok)
		r->end++;
	return ok;
}
