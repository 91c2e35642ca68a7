/*
 * zebin.h - Intel's program binaries (zebin, ocloc --format zebin) for
 * the splice command (docs/splice.md): the ELF container (zebin.c) and
 * the .ze_info YAML editor (zeinfo.c).  Internal to libvisafin.
 */
#ifndef VISAFIN_ZEBIN_H
#define VISAFIN_ZEBIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bytes.h"
#include "visafin.h"

/* ---- the ELF container (zebin.c) -------------------------------------- */

/* One section: its header as read, and its bytes (the input's, or a
 * replacement the section owns). */
struct zb_section {
	uint32_t name, type, link, info;
	uint64_t flags, addr, offset, size, addralign, entsize;
	const uint8_t *bytes;      /* size bytes (not for SHT_NOBITS) */
	uint64_t orig_size;        /* size in the input */
	uint8_t *owned;            /* replacement data, freed by zb_free */
};

struct zb_file {
	const uint8_t *img;        /* the input image, not owned */
	size_t img_size;
	const char *file;          /* for messages */
	size_t shnum, shstrndx;
	struct zb_section *sec;
	uint16_t product_family;   /* from .note.intelgt.compat, 0 if none */
};

/* Parse a little-endian ELF64 relocatable Intel GT image.  Checks every
 * header, offset and size; malformed input is VF_ERR_INPUT. */
enum vf_status zb_parse(const uint8_t *img, size_t size, const char *file,
                        struct zb_file *f, struct vf_error *err);
void zb_free(struct zb_file *f);
/* Name of section i ("" when unreadable). */
const char *zb_name(const struct zb_file *f, size_t i);
/* Index of the section called 'name', 0 when there is none. */
size_t zb_find(const struct zb_file *f, const char *name);
/* Replace the bytes of section i by data[0..size) (taken over, malloc'ed). */
void zb_set(struct zb_file *f, size_t i, uint8_t *data, size_t size);
/* The file with replaced sections: every section keeps its order and
 * every gap byte its value; sections after a changed one move, keeping
 * the alignment the input gave them (docs/splice.md "Layout"). */
enum vf_status zb_write(const struct zb_file *f, uint8_t **out, size_t *size,
                        struct vf_error *err);

/* ---- .ze_info (zeinfo.c) -------------------------------------------- */

/* The YAML text as lines; edits replace, insert or delete whole lines, so
 * the lines nobody touched come back byte for byte. */
struct zi_doc {
	struct zi_line {
		const char *p;         /* text without the newline */
		size_t n;
		char *owned;           /* p for an edited line */
	} *line;
	size_t count, cap;
	bool final_newline;        /* the text ended with '\n' */
	const char *file;          /* for messages */
};

/* Lines [begin, end) of one mapping or list item. */
struct zi_range {
	size_t begin, end;
	unsigned col;              /* column of its keys */
};

enum vf_status zi_parse(const uint8_t *text, size_t n, const char *file,
                        struct zi_doc *d, struct vf_error *err);
void zi_free(struct zi_doc *d);
enum vf_status zi_text(const struct zi_doc *d, uint8_t **out, size_t *size,
                       struct vf_error *err);
/* The block "- name: NAME" under "kernels:"; false if absent. */
bool zi_kernel(const struct zi_doc *d, const char *name, struct zi_range *k);
/* The value of key 'key' directly in r: the block under it (for a
 * mapping or sequence) in *sub, or false if absent. */
bool zi_child(const struct zi_doc *d, const struct zi_range *r,
              const char *key, struct zi_range *sub, size_t *line);
/* Scalar value of key 'key' directly in r (NULL if absent); *n its length. */
const char *zi_scalar(const struct zi_doc *d, const struct zi_range *r,
                      const char *key, size_t *n, size_t *line);
/* The same as an unsigned integer; false (with an error in err) if the
 * key is there with another form, false and no error if absent. */
bool zi_uint(const struct zi_doc *d, const struct zi_range *r,
             const char *key, uint64_t *v, bool *present,
             struct vf_error *err);
/* The items of a sequence block: item i is lines [it[i].begin, end). */
size_t zi_items(const struct zi_doc *d, const struct zi_range *seq,
                struct zi_range *it, size_t max);
/* Set 'key: value' in mapping r: rewrite its line when the value differs,
 * or insert it in alphabetical place (IGC writes execution_env sorted).
 * r->end moves with an insertion. */
bool zi_set(struct zi_doc *d, struct zi_range *r, const char *key,
            const char *value);
/* Delete lines [begin, end). */
void zi_delete(struct zi_doc *d, size_t begin, size_t end);
/* Insert preformatted line 'text' before line 'at'. */
bool zi_insert(struct zi_doc *d, size_t at, const char *text);
/* Up to cap - 1 bytes of p[0..n) for a message, bytes outside printable
 * ASCII as '?'; returns out. */
const char *zi_printable(const char *p, size_t n, char *out, size_t cap);
/* "KEY:" padded as IGC's writer (LLVM YAML I/O) pads it, then value. */
char *zi_format(unsigned col, bool item, const char *key, const char *value);

#endif
