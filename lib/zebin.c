/*
 * zebin.c - the ELF container of Intel's program binaries (zebin), read
 * and rewritten with replaced sections (docs/splice.md "Layout").
 *
 * Written by hand rather than with libelf: a splice must give back the
 * input byte for byte when nothing changes, so the writer keeps every
 * section's order, every gap byte and the place of the section header
 * table, and only moves what follows a section whose size changed.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "zebin.h"

#define EHDR_SIZE 64
#define SHDR_SIZE 64
#define EM_INTELGT 205
#define SHT_NOBITS_ 8
#define SHT_NOTE_ 7
#define SHF_EXECINSTR_ 4
#define NT_INTELGT_PRODUCT_FAMILY 1

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}
static uint64_t rd64(const uint8_t *p)
{
	return rd32(p) | (uint64_t)rd32(p + 4) << 32;
}
static void wr32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> 8 * i);
}
static void wr64(uint8_t *p, uint64_t v)
{
	wr32(p, (uint32_t)v);
	wr32(p + 4, (uint32_t)(v >> 32));
}

static enum vf_status bad(const struct zb_file *f, struct vf_error *err,
                          size_t off, const char *what)
{
	return vf_err_at(err, f->file, off, "not a zebin: %s", what);
}

/* The product family of the IntelGT compatibility note, 0 if none. */
static uint16_t product_family(const struct zb_file *f)
{
	size_t i = zb_find(f, ".note.intelgt.compat");
	if (!i || f->sec[i].type != SHT_NOTE_)
		return 0;
	const uint8_t *p = f->sec[i].bytes;
	size_t n = f->sec[i].size, pos = 0;
	while (n - pos >= 12) {
		uint32_t namesz = rd32(p + pos), descsz = rd32(p + pos + 4);
		uint32_t type = rd32(p + pos + 8);
		size_t name_al = ((size_t)namesz + 3) & ~(size_t)3;
		size_t desc_al = ((size_t)descsz + 3) & ~(size_t)3;
		if (namesz > n || descsz > n || name_al + desc_al > n - pos - 12)
			return 0;
		const uint8_t *name = p + pos + 12, *desc = name + name_al;
		if (namesz == 8 && !memcmp(name, "IntelGT", 8) &&
		    type == NT_INTELGT_PRODUCT_FAMILY && descsz == 4)
			return (uint16_t)rd32(desc);
		pos += 12 + name_al + desc_al;
	}
	return 0;
}

static void read_shdr(const uint8_t *h, struct zb_section *s)
{
	s->name = rd32(h);
	s->type = rd32(h + 4);
	s->flags = rd64(h + 8);
	s->addr = rd64(h + 16);
	s->offset = rd64(h + 24);
	s->size = rd64(h + 32);
	s->link = rd32(h + 40);
	s->info = rd32(h + 44);
	s->addralign = rd64(h + 48);
	s->entsize = rd64(h + 56);
}

enum vf_status zb_parse(const uint8_t *img, size_t size, const char *file,
                        struct zb_file *f, struct vf_error *err)
{
	*f = (struct zb_file){ .img = img, .img_size = size, .file = file };
	if (size < EHDR_SIZE || memcmp(img, "\177ELF", 4))
		return bad(f, err, 0, "no ELF header");
	if (img[4] != 2 || img[5] != 1)
		return bad(f, err, 4, "not a little-endian ELF64 file");
	uint16_t type = rd16(img + 16), machine = rd16(img + 18);
	if (type >= 0xff01 && type <= 0xff05)   /* ocloc's OpenCL ELF types */
		return vf_err_at(err, file, 16, "a patch-token program binary "
		                 "(ocloc's default format): splice reads zebin, "
		                 "build it with ocloc ... --format zebin");
	if (machine != EM_INTELGT || (type != 1 && type != 2))
		return bad(f, err, 16, "not an Intel GT (e_machine 205) "
		           "relocatable or executable file");
	uint64_t shoff = rd64(img + 40);
	if (rd16(img + 56))
		return vf_err_at(err, file, 56, "zebin with program headers: not "
		                 "supported by splice");
	if (rd16(img + 58) != SHDR_SIZE)
		return bad(f, err, 58, "section header size is not 64");
	f->shnum = rd16(img + 60);
	f->shstrndx = rd16(img + 62);
	if (!f->shnum || f->shstrndx >= f->shnum)
		return bad(f, err, 60, "no sections or no section name table");
	if (shoff > size || (size - shoff) / SHDR_SIZE < f->shnum)
		return bad(f, err, 40, "section headers outside the file");
	if (!(f->sec = calloc(f->shnum, sizeof *f->sec)))
		return vf_err_oom(err);
	for (size_t i = 0; i < f->shnum; i++) {
		struct zb_section *s = &f->sec[i];
		read_shdr(img + shoff + i * SHDR_SIZE, s);
		if (s->type == SHT_NOBITS_ || i == 0)
			continue;
		if (s->offset > size || s->size > size - s->offset)
			return bad(f, err, shoff + i * SHDR_SIZE,
			           "section data outside the file");
		s->bytes = img + s->offset;
		s->orig_size = s->size;
	}
	const struct zb_section *names = &f->sec[f->shstrndx];
	if (!names->size || names->bytes[names->size - 1] != 0)
		return bad(f, err, names->offset, "unterminated section names");
	for (size_t i = 1; i < f->shnum; i++)
		if (f->sec[i].name >= names->size)
			return bad(f, err, shoff + i * SHDR_SIZE, "section name "
			           "outside the name table");
	f->product_family = product_family(f);
	return VF_OK;
}

void zb_free(struct zb_file *f)
{
	for (size_t i = 0; f->sec && i < f->shnum; i++)
		free(f->sec[i].owned);
	free(f->sec);
	f->sec = NULL;
}

const char *zb_name(const struct zb_file *f, size_t i)
{
	if (i >= f->shnum)
		return "";
	return (const char *)f->sec[f->shstrndx].bytes + f->sec[i].name;
}

size_t zb_find(const struct zb_file *f, const char *name)
{
	for (size_t i = 1; i < f->shnum; i++)
		if (!strcmp(zb_name(f, i), name))
			return i;
	return 0;
}

void zb_set(struct zb_file *f, size_t i, uint8_t *data, size_t size)
{
	struct zb_section *s = &f->sec[i];
	free(s->owned);
	s->owned = data;
	s->bytes = data;
	s->size = size;
}

/* ---- writing ---------------------------------------------------------- */

/* A piece of the file in offset order: a section's data, or (sec ==
 * SIZE_MAX) the section header table. */
struct piece {
	size_t sec;
	uint64_t off, orig_size, new_size, align;
	uint64_t at;               /* offset in the output */
};

static int by_offset(const void *a, const void *b)
{
	const struct piece *x = a, *y = b;
	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	if (x->orig_size != y->orig_size)        /* empty ones first */
		return x->orig_size < y->orig_size ? -1 : 1;
	return x->sec < y->sec ? -1 : x->sec > y->sec;
}

static uint64_t align_up(uint64_t v, uint64_t a)
{
	return (v + a - 1) / a * a;
}

/* The alignment the writer must keep for a piece: what its kind needs
 * (notes 4, code 64, else sh_addralign), but only if the input honoured
 * it, so that an unchanged file comes back as it was. */
static uint64_t piece_align(const struct zb_file *f, const struct piece *p)
{
	uint64_t a = 8;
	if (p->sec != SIZE_MAX) {
		const struct zb_section *s = &f->sec[p->sec];
		a = s->addralign > 1 && !(s->addralign & (s->addralign - 1))
		    ? s->addralign : 1;
		if (s->type == SHT_NOTE_ && a < 4)
			a = 4;
		if ((s->flags & SHF_EXECINSTR_) && a < 64)
			a = 64;
	}
	return p->off % a ? 1 : a;
}

/* The bytes between two pieces: the input's, cut or zero-extended. */
static void put_gap(uint8_t *out, const struct zb_file *f, uint64_t from,
                    uint64_t orig_len, uint64_t new_len)
{
	uint64_t keep = orig_len < new_len ? orig_len : new_len;
	memcpy(out, f->img + from, keep);
	memset(out + keep, 0, new_len - keep);
}

enum vf_status zb_write(const struct zb_file *f, uint8_t **out, size_t *size,
                        struct vf_error *err)
{
	*out = NULL;
	*size = 0;
	uint64_t shoff = rd64(f->img + 40);
	struct piece *pc = calloc(f->shnum + 1, sizeof *pc);
	uint64_t *new_off = calloc(f->shnum, sizeof *new_off);
	if (!pc || !new_off) {
		free(pc);
		free(new_off);
		return vf_err_oom(err);
	}
	size_t np = 0;
	for (size_t i = 1; i < f->shnum; i++) {
		const struct zb_section *s = &f->sec[i];
		/* Empty sections keep their offset: they hold no bytes. */
		if (s->type == SHT_NOBITS_ || (!s->orig_size && !s->size))
			continue;
		pc[np++] = (struct piece){ i, s->offset, s->orig_size, s->size,
		                           0, 0 };
	}
	uint64_t sht = (uint64_t)f->shnum * SHDR_SIZE;
	pc[np++] = (struct piece){ SIZE_MAX, shoff, sht, sht, 0, 0 };
	qsort(pc, np, sizeof *pc, by_offset);
	/* Offsets: each piece after the previous one, with the input's extra
	 * gap and its own alignment. */
	uint64_t orig_end = EHDR_SIZE, new_end = EHDR_SIZE, total;
	enum vf_status st = VF_OK;
	for (size_t k = 0; k < np; k++) {
		struct piece *p = &pc[k];
		if (p->off < orig_end) {
			st = vf_err_at(err, f->file, p->off, "zebin: overlapping "
			               "sections: not supported by splice");
			break;
		}
		p->align = piece_align(f, p);
		uint64_t extra = p->off - align_up(orig_end, p->align);
		if (p->off < align_up(orig_end, p->align)) {
			p->align = 1;
			extra = p->off - orig_end;
		}
		p->at = align_up(new_end, p->align) + extra;
		if (p->sec != SIZE_MAX)
			new_off[p->sec] = p->at;
		orig_end = p->off + p->orig_size;
		new_end = p->at + p->new_size;
	}
	total = new_end + (f->img_size - orig_end);
	uint8_t *img = st == VF_OK ? calloc(1, total ? total : 1) : NULL;
	if (st == VF_OK && !img)
		st = vf_err_oom(err);
	if (st != VF_OK) {
		free(pc);
		free(new_off);
		return st;
	}
	memcpy(img, f->img, EHDR_SIZE);
	orig_end = new_end = EHDR_SIZE;
	uint64_t new_shoff = 0;
	for (size_t k = 0; k < np; k++) {
		const struct piece *p = &pc[k];
		if (p->sec == SIZE_MAX)
			new_shoff = p->at;
		put_gap(img + new_end, f, orig_end, p->off - orig_end,
		        p->at - new_end);
		if (p->sec != SIZE_MAX && p->new_size)
			memcpy(img + p->at, f->sec[p->sec].bytes, p->new_size);
		orig_end = p->off + p->orig_size;
		new_end = p->at + p->new_size;
	}
	memcpy(img + new_end, f->img + orig_end, f->img_size - orig_end);
	/* Headers: the input's, with the new offsets and sizes. */
	wr64(img + 40, new_shoff);
	for (size_t i = 0; i < f->shnum; i++) {
		uint8_t *h = img + new_shoff + i * SHDR_SIZE;
		memcpy(h, f->img + shoff + i * SHDR_SIZE, SHDR_SIZE);
		if (i && f->sec[i].type != SHT_NOBITS_) {
			wr64(h + 24, new_off[i]);
			wr64(h + 32, f->sec[i].size);
		}
	}
	free(pc);
	free(new_off);
	*out = img;
	*size = total;
	return VF_OK;
}
