/*
 * elf.c - .gen files: finalized kernels in an ELF container
 * (visafin.h: vf_gen_write, vf_gen_read; the format: docs/gen-file.md).
 *
 * The only file that includes libelf.  A .gen is a little-endian ELF64
 * relocatable file for Intel GT (e_machine 205) holding, per kernel, a
 * section .text.<kernel> with its Gen binary, a global FUNC symbol, a
 * .rel.text.<kernel> section when the code has relocations, and one note
 * in .note.visafin with the kernel's metadata; a first note carries the
 * format version, the platform and the kernel count.
 *
 * The writer lays the image out itself in memory (libelf writes only to
 * file descriptors, and the library touches no file system); callers
 * store the bytes where they want.  The reader works on a private
 * copy of the image (elf_memory) and checks every index, size and offset
 * before use: a malformed file is an input error, never a crash.
 */
#include "config.h"

#include <gelf.h>
#include <libelf.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "visafin.h"

#ifndef EM_INTELGT
#define EM_INTELGT 205
#endif
#define GEN_R_ZE_SYM_ADDR 1        /* zebin's 64-bit symbol address */
#define NOTE_OWNER "visafin"       /* 8 bytes with the NUL */
#define NOTE_FILE 0x56460001       /* "VF" 1: version, platform, kernels */
#define NOTE_KERNEL 0x56460002     /* "VF" 2: one kernel's metadata */
#define GEN_FILE_VERSION 1
#define FILE_WORDS 3
#define KERNEL_WORDS 13            /* fixed words of a kernel note */
#define INPUT_WORDS 4
#define TEXT_PREFIX ".text."
#define NOTE_SECTION ".note.visafin"

/* ---- a growable byte buffer ------------------------------------------ */

struct buf {
	uint8_t *p;
	size_t n, cap;
	bool oom;
};

static void buf_add(struct buf *b, const void *d, size_t n)
{
	if (b->oom)
		return;
	if (b->n + n > b->cap) {
		size_t cap = (b->n + n) * 2 + 64;
		uint8_t *np = realloc(b->p, cap);
		if (!np) {
			b->oom = true;
			return;
		}
		b->p = np;
		b->cap = cap;
	}
	memcpy(b->p + b->n, d, n);
	b->n += n;
}

static uint32_t buf_str(struct buf *b, const char *s)
{
	uint32_t at = (uint32_t)b->n;
	buf_add(b, s, strlen(s) + 1);
	return at;
}

static void buf_u32(struct buf *b, uint32_t v)
{
	uint8_t le[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16),
	                  (uint8_t)(v >> 24) };
	buf_add(b, le, 4);
}

static uint32_t rd_u32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

/* ---- writing ---------------------------------------------------------- */

/* One section of the image being built: its header fields and bytes. */
struct gsec {
	uint32_t name, type, link, info;
	uint64_t flags, align, entsize;
	const void *p;
	size_t size;
};

struct gw {
	struct gsec *secs;         /* [0] is the null section */
	size_t nsec;
	struct buf shstr, str, note;
	Elf64_Sym *syms;
	size_t nsym;
	struct buf *rels;          /* per kernel, encoded Elf64_Rel entries */
	struct vf_error *err;
};

static void buf_u16(struct buf *b, uint16_t v)
{
	uint8_t le[2] = { (uint8_t)v, (uint8_t)(v >> 8) };
	buf_add(b, le, 2);
}

static void buf_u64(struct buf *b, uint64_t v)
{
	buf_u32(b, (uint32_t)v);
	buf_u32(b, (uint32_t)(v >> 32));
}

static void buf_pad(struct buf *b, uint64_t align)
{
	static const uint8_t zero[64];
	while (align > 1 && b->n % align)
		buf_add(b, zero, (size_t)(align - b->n % align));
}

/* Index of a new section (the caller knows the table is large enough). */
static size_t new_section(struct gw *w, const char *name, uint32_t type,
                          uint64_t flags, uint64_t align)
{
	struct gsec *s = &w->secs[w->nsec];
	*s = (struct gsec){ .name = buf_str(&w->shstr, name), .type = type,
	                    .flags = flags, .align = align };
	return w->nsec++;
}

static void set_data(struct gw *w, size_t sec, const void *p, size_t size)
{
	w->secs[sec].p = p;
	w->secs[sec].size = size;
}

/* Index of the undefined symbol 'name', added on first use. */
static size_t undef_symbol(struct gw *w, const char *name)
{
	for (size_t i = 1; i < w->nsym; i++)
		if (w->syms[i].st_shndx == SHN_UNDEF &&
		    !strcmp((const char *)w->str.p + w->syms[i].st_name, name))
			return i;
	w->syms[w->nsym] = (Elf64_Sym){
		.st_name = buf_str(&w->str, name),
		.st_info = ELF64_ST_INFO(STB_GLOBAL, STT_NOTYPE),
		.st_shndx = SHN_UNDEF };
	return w->nsym++;
}

static void note_header(struct buf *b, uint32_t words, uint32_t type)
{
	buf_u32(b, sizeof NOTE_OWNER);
	buf_u32(b, words * 4);
	buf_u32(b, type);
	buf_add(b, NOTE_OWNER, sizeof NOTE_OWNER);   /* 8: already aligned */
}

static void kernel_note(struct gw *w, const struct vf_kernel_result *r,
                        size_t text, size_t sym)
{
	struct buf *b = &w->note;
	note_header(b, KERNEL_WORDS + INPUT_WORDS * (uint32_t)r->input_count,
	            NOTE_KERNEL);
	uint32_t fixed[KERNEL_WORDS] = {
		KERNEL_WORDS, (uint32_t)text, (uint32_t)sym, r->simd_size,
		r->grf_count, r->grf_used, r->spill_size, r->scratch_size,
		r->slm_size, r->uses_barrier ? 1 : 0, r->per_thread_payload,
		r->cross_thread_payload, (uint32_t)r->input_count };
	for (unsigned i = 0; i < KERNEL_WORDS; i++)
		buf_u32(b, fixed[i]);
	for (size_t i = 0; i < r->input_count; i++) {
		const struct vf_kernel_input *in = &r->inputs[i];
		buf_u32(b, in->kind);
		buf_u32(b, in->id);
		buf_u32(b, (uint32_t)in->offset);
		buf_u32(b, in->size);
	}
}

/* .text.<kernel>, its symbol, its relocations and its note. */
static void add_kernel(struct gw *w, const struct vf_kernel_result *r,
                       size_t k, size_t symtab)
{
	char name[1100];
	snprintf(name, sizeof name, TEXT_PREFIX "%s", r->name);
	size_t ti = new_section(w, name, SHT_PROGBITS,
	                        SHF_ALLOC | SHF_EXECINSTR, 64);
	set_data(w, ti, r->code, r->code_size);
	size_t sym = w->nsym++;
	w->syms[sym] = (Elf64_Sym){
		.st_name = buf_str(&w->str, r->name),
		.st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC),
		.st_shndx = (Elf64_Section)ti, .st_size = r->code_size };
	if (r->reloc_count) {
		struct buf *rel = &w->rels[k];
		for (size_t i = 0; i < r->reloc_count; i++) {
			buf_u64(rel, r->relocs[i].offset);
			buf_u64(rel, ELF64_R_INFO(undef_symbol(w, r->relocs[i].symbol),
			                          r->relocs[i].type ? r->relocs[i].type
			                          : GEN_R_ZE_SYM_ADDR));
		}
		snprintf(name, sizeof name, ".rel" TEXT_PREFIX "%s", r->name);
		size_t rs = new_section(w, name, SHT_REL, SHF_INFO_LINK, 8);
		set_data(w, rs, rel->p, rel->n);
		w->secs[rs].link = (uint32_t)symtab;
		w->secs[rs].info = (uint32_t)ti;
		w->secs[rs].entsize = sizeof(Elf64_Rel);
	}
	kernel_note(w, r, ti, sym);
}

/* The image: ELF header, section contents in index order (each at its
 * alignment), then the section header table. */
static void serialize(const struct gw *w, size_t shstrndx, struct buf *img)
{
	uint64_t at = sizeof(Elf64_Ehdr), *offs = calloc(w->nsec, sizeof *offs);
	if (!offs) {
		img->oom = true;
		return;
	}
	for (size_t i = 1; i < w->nsec; i++) {
		uint64_t a = w->secs[i].align ? w->secs[i].align : 1;
		at = (at + a - 1) / a * a;
		offs[i] = at;
		at += w->secs[i].size;
	}
	uint64_t shoff = (at + 7) / 8 * 8;
	static const uint8_t ident[EI_NIDENT] = {
		ELFMAG0, ELFMAG1, ELFMAG2, ELFMAG3, ELFCLASS64, ELFDATA2LSB,
		EV_CURRENT, ELFOSABI_NONE };
	buf_add(img, ident, sizeof ident);
	buf_u16(img, ET_REL);
	buf_u16(img, EM_INTELGT);
	buf_u32(img, EV_CURRENT);
	buf_u64(img, 0);                     /* e_entry */
	buf_u64(img, 0);                     /* e_phoff */
	buf_u64(img, shoff);
	buf_u32(img, 0);                     /* e_flags */
	buf_u16(img, sizeof(Elf64_Ehdr));
	buf_u16(img, 0);                     /* e_phentsize */
	buf_u16(img, 0);                     /* e_phnum */
	buf_u16(img, sizeof(Elf64_Shdr));
	buf_u16(img, (uint16_t)w->nsec);
	buf_u16(img, (uint16_t)shstrndx);
	for (size_t i = 1; i < w->nsec; i++) {
		buf_pad(img, w->secs[i].align);
		if (w->secs[i].size)
			buf_add(img, w->secs[i].p, w->secs[i].size);
	}
	buf_pad(img, 8);
	for (size_t i = 0; i < w->nsec; i++) {
		const struct gsec *s = &w->secs[i];
		buf_u32(img, s->name);
		buf_u32(img, s->type);
		buf_u64(img, s->flags);
		buf_u64(img, 0);                 /* sh_addr */
		buf_u64(img, i ? offs[i] : 0);
		buf_u64(img, s->size);
		buf_u32(img, s->link);
		buf_u32(img, s->info);
		buf_u64(img, s->align);
		buf_u64(img, s->entsize);
	}
	free(offs);
}

/* Every section, then the image. */
static void build_elf(struct gw *w, const struct vf_kernel_result *r,
                      size_t count, struct buf *img)
{
	buf_add(&w->shstr, "", 1);
	buf_add(&w->str, "", 1);
	w->nsec = 1;
	size_t str = new_section(w, ".strtab", SHT_STRTAB, 0, 1);
	size_t sym = new_section(w, ".symtab", SHT_SYMTAB, 0, 8);
	note_header(&w->note, FILE_WORDS, NOTE_FILE);
	buf_u32(&w->note, GEN_FILE_VERSION);
	buf_u32(&w->note, (uint32_t)r[0].platform);
	buf_u32(&w->note, (uint32_t)count);
	for (size_t k = 0; k < count; k++)
		add_kernel(w, &r[k], k, sym);
	size_t note = new_section(w, NOTE_SECTION, SHT_NOTE, 0, 4);
	size_t shstr = new_section(w, ".shstrtab", SHT_STRTAB, 0, 1);
	/* The symbols in file form. */
	struct buf syms = { 0 };
	for (size_t i = 0; i < w->nsym; i++) {
		const Elf64_Sym *y = &w->syms[i];
		buf_u32(&syms, y->st_name);
		buf_add(&syms, &y->st_info, 1);
		buf_add(&syms, &y->st_other, 1);
		buf_u16(&syms, y->st_shndx);
		buf_u64(&syms, y->st_value);
		buf_u64(&syms, y->st_size);
	}
	w->secs[sym].link = (uint32_t)str;
	w->secs[sym].info = 1;               /* every symbol but #0 is global */
	w->secs[sym].entsize = sizeof(Elf64_Sym);
	set_data(w, str, w->str.p, w->str.n);
	set_data(w, sym, syms.p, syms.n);
	set_data(w, note, w->note.p, w->note.n);
	set_data(w, shstr, w->shstr.p, w->shstr.n);
	if (!syms.oom && !w->shstr.oom && !w->str.oom && !w->note.oom)
		serialize(w, shstr, img);
	else
		img->oom = true;
	free(syms.p);
}

static enum vf_status check_results(const struct vf_kernel_result *r,
                                    size_t count, struct vf_error *err)
{
	if (!count)
		return vf_err(err, VF_ERR_INPUT, ".gen: no kernel to write");
	for (size_t k = 0; k < count; k++) {
		if (!r[k].name || !r[k].name[0] || strlen(r[k].name) > 1023)
			return vf_err(err, VF_ERR_INPUT, ".gen: kernel %zu has no "
			              "usable name", k);
		if (r[k].platform != r[0].platform)
			return vf_err(err, VF_ERR_INPUT, ".gen: kernels of two "
			              "platforms (%d, %d)", r[0].platform,
			              r[k].platform);
		if (!r[k].code_size || r[k].code_size > UINT32_MAX)
			return vf_err(err, VF_ERR_INPUT, ".gen: kernel %s has no or "
			              "too much code", r[k].name);
	}
	return VF_OK;
}

enum vf_status vf_gen_write(const struct vf_kernel_result *r, size_t count,
                            uint8_t **out, size_t *size,
                            struct vf_error *err)
{
	*out = NULL;
	*size = 0;
	enum vf_status st = check_results(r, count, err);
	if (st != VF_OK)
		return st;
	size_t relocs = 0;
	for (size_t k = 0; k < count; k++)
		relocs += r[k].reloc_count;
	struct gw w = { .err = err };
	w.syms = calloc(1 + count + relocs, sizeof *w.syms);
	w.rels = calloc(count, sizeof *w.rels);
	/* null, .strtab, .symtab, per kernel text and relocations, .note,
	 * .shstrtab */
	w.secs = calloc(5 + 2 * count, sizeof *w.secs);
	w.nsym = 1;
	struct buf img = { 0 };
	if (!w.syms || !w.rels || !w.secs)
		img.oom = true;
	else
		build_elf(&w, r, count, &img);
	if (img.oom) {
		free(img.p);
		st = vf_err_oom(err);
	} else {
		*out = img.p;
		*size = img.n;
	}
	for (size_t k = 0; w.rels && k < count; k++)
		free(w.rels[k].p);
	free(w.rels);
	free(w.syms);
	free(w.secs);
	free(w.shstr.p);
	free(w.str.p);
	free(w.note.p);
	return st;
}

/* ---- reading ---------------------------------------------------------- */

struct gr {
	Elf *e;
	const char *file;
	size_t shstrndx;
	Elf_Scn *note, *symtab;
	int platform;
	struct vf_error *err;
};

static const char *section_name(struct gr *g, Elf_Scn *s)
{
	GElf_Shdr sh;
	if (!gelf_getshdr(s, &sh))
		return NULL;
	return elf_strptr(g->e, g->shstrndx, sh.sh_name);
}

static enum vf_status bad(struct gr *g, size_t off, const char *what)
{
	return vf_err_at(g->err, g->file, off, "not a .gen file: %s", what);
}

static enum vf_status find_sections(struct gr *g)
{
	GElf_Ehdr eh;
	if (elf_kind(g->e) != ELF_K_ELF || !gelf_getehdr(g->e, &eh) ||
	    gelf_getclass(g->e) != ELFCLASS64)
		return bad(g, 0, "no ELF64 header");
	if (eh.e_ident[EI_DATA] != ELFDATA2LSB || eh.e_machine != EM_INTELGT ||
	    eh.e_type != ET_REL)
		return bad(g, 0, "not a little-endian Intel GT relocatable file");
	if (elf_getshdrstrndx(g->e, &g->shstrndx) != 0)
		return bad(g, 0, "no section name table");
	for (Elf_Scn *s = elf_nextscn(g->e, NULL); s; s = elf_nextscn(g->e, s)) {
		GElf_Shdr sh;
		const char *n = section_name(g, s);
		if (!gelf_getshdr(s, &sh) || !n)
			return bad(g, 0, "unreadable section header");
		if (sh.sh_type == SHT_NOTE && !strcmp(n, NOTE_SECTION))
			g->note = s;
		else if (sh.sh_type == SHT_SYMTAB)
			g->symtab = s;
	}
	if (!g->note || !g->symtab)
		return bad(g, 0, "no " NOTE_SECTION " or .symtab section");
	return VF_OK;
}

static bool raw_bytes(Elf_Scn *s, const uint8_t **p, size_t *n)
{
	Elf_Data *d = elf_rawdata(s, NULL);
	if (!d || (!d->d_buf && d->d_size))
		return false;
	*p = d->d_buf;
	*n = d->d_size;
	return true;
}

/* The symbol 'idx' of .symtab and its name. */
static bool get_symbol(struct gr *g, size_t idx, GElf_Sym *sym,
                       const char **name)
{
	GElf_Shdr sh;
	Elf_Data *d = elf_getdata(g->symtab, NULL);
	if (!d || idx > INT32_MAX || !gelf_getshdr(g->symtab, &sh) || !gelf_getsym(d, (int)idx, sym))
		return false;
	*name = elf_strptr(g->e, sh.sh_link, sym->st_name);
	return *name != NULL;
}

static enum vf_status read_relocs(struct gr *g, size_t text,
                                  struct vf_kernel_result *r)
{
	for (Elf_Scn *s = elf_nextscn(g->e, NULL); s; s = elf_nextscn(g->e, s)) {
		GElf_Shdr sh;
		if (!gelf_getshdr(s, &sh) || sh.sh_type != SHT_REL ||
		    sh.sh_info != text)
			continue;
		Elf_Data *d = elf_getdata(s, NULL);
		if (!d || sh.sh_entsize != sizeof(Elf64_Rel) ||
		    sh.sh_link != elf_ndxscn(g->symtab))
			return bad(g, sh.sh_offset, "bad relocation section");
		size_t n = d->d_size / sizeof(Elf64_Rel);
		struct vf_code_reloc *nr = realloc(r->relocs, (r->reloc_count + n + 1)
		                                   * sizeof *nr);
		if (!nr)
			return vf_err_oom(g->err);
		r->relocs = nr;
		for (size_t i = 0; i < n; i++) {
			GElf_Rel rel;
			GElf_Sym sym;
			const char *name;
			unsigned type = gelf_getrel(d, (int)i, &rel)
			                ? (unsigned)GELF_R_TYPE(rel.r_info) : 0;
			size_t bytes = type == VF_RELOC_ADDR ? 8 : 4;
			if (type < VF_RELOC_ADDR || type > VF_RELOC_ADDR32_HI ||
			    r->code_size < bytes || rel.r_offset > r->code_size - bytes ||
			    !get_symbol(g, GELF_R_SYM(rel.r_info), &sym, &name))
				return bad(g, sh.sh_offset + i * sizeof(Elf64_Rel),
				           "bad relocation");
			nr[r->reloc_count].offset = (uint32_t)rel.r_offset;
			nr[r->reloc_count].type = type;
			if (!(nr[r->reloc_count].symbol = strdup(name)))
				return vf_err_oom(g->err);
			r->reloc_count++;
		}
	}
	return VF_OK;
}

/* Name and code of the kernel in section 'text', checked against its
 * symbol. */
static enum vf_status read_text(struct gr *g, size_t off, size_t text,
                                size_t symidx, struct vf_kernel_result *r)
{
	Elf_Scn *s = text ? elf_getscn(g->e, text) : NULL;
	const char *n = s ? section_name(g, s) : NULL;
	GElf_Shdr sh;
	const uint8_t *p;
	size_t size;
	if (!n || strncmp(n, TEXT_PREFIX, strlen(TEXT_PREFIX)) ||
	    !gelf_getshdr(s, &sh) || sh.sh_type != SHT_PROGBITS ||
	    !raw_bytes(s, &p, &size) || !size)
		return bad(g, off, "kernel note names no .text section");
	GElf_Sym sym;
	const char *sname;
	n += strlen(TEXT_PREFIX);
	if (!get_symbol(g, symidx, &sym, &sname) || strcmp(sname, n) ||
	    sym.st_shndx != text || GELF_ST_TYPE(sym.st_info) != STT_FUNC)
		return bad(g, off, "kernel note names no matching symbol");
	r->name = strdup(n);
	r->code = malloc(size);
	if (!r->name || !r->code)
		return vf_err_oom(g->err);
	memcpy(r->code, p, size);
	r->code_size = size;
	r->platform = g->platform;
	return read_relocs(g, text, r);
}

static enum vf_status read_kernel(struct gr *g, size_t off, const uint8_t *d,
                                  size_t words, struct vf_kernel_result *r)
{
	uint32_t fixed = words ? rd_u32(d) : 0;
	if (fixed < KERNEL_WORDS || fixed > words)
		return bad(g, off, "short kernel note");
	uint32_t nin = rd_u32(d + 4 * 12);
	if (nin > (words - fixed) / INPUT_WORDS)
		return bad(g, off, "kernel note: input table overruns the note");
	r->simd_size = rd_u32(d + 4 * 3);
	r->grf_count = rd_u32(d + 4 * 4);
	r->grf_used = rd_u32(d + 4 * 5);
	r->spill_size = rd_u32(d + 4 * 6);
	r->scratch_size = rd_u32(d + 4 * 7);
	r->slm_size = rd_u32(d + 4 * 8);
	r->uses_barrier = rd_u32(d + 4 * 9) != 0;
	r->per_thread_payload = rd_u32(d + 4 * 10);
	r->cross_thread_payload = rd_u32(d + 4 * 11);
	if (nin && !(r->inputs = calloc(nin, sizeof *r->inputs)))
		return vf_err_oom(g->err);
	r->input_count = nin;
	for (uint32_t i = 0; i < nin; i++) {
		const uint8_t *in = d + 4 * (fixed + INPUT_WORDS * i);
		r->inputs[i] = (struct vf_kernel_input){
			.kind = (uint8_t)rd_u32(in), .id = rd_u32(in + 4),
			.offset = (int32_t)rd_u32(in + 8), .size = rd_u32(in + 12) };
	}
	return read_text(g, off, rd_u32(d + 4), rd_u32(d + 8), r);
}

struct note {
	uint32_t type;
	const uint8_t *desc;
	size_t words;
	size_t off;               /* of the note in the file */
	bool ours;
};

/* The note at *pos of the section bytes p[0..n); advances *pos. */
static bool next_note(const uint8_t *p, size_t n, size_t *pos, struct note *nt)
{
	if (n - *pos < 12)
		return false;
	uint32_t namesz = rd_u32(p + *pos), descsz = rd_u32(p + *pos + 4);
	size_t name_al = ((size_t)namesz + 3) & ~(size_t)3;
	size_t desc_al = ((size_t)descsz + 3) & ~(size_t)3;
	if (namesz > n || descsz > n || name_al + desc_al > n - *pos - 12)
		return false;
	nt->type = rd_u32(p + *pos + 8);
	nt->ours = namesz == sizeof NOTE_OWNER &&
	           !memcmp(p + *pos + 12, NOTE_OWNER, sizeof NOTE_OWNER);
	nt->desc = p + *pos + 12 + name_al;
	nt->words = descsz / 4;
	*pos += 12 + name_al + desc_al;
	return true;
}

static enum vf_status read_notes(struct gr *g, struct vf_kernel_result **out,
                                 size_t *count)
{
	const uint8_t *p;
	size_t n, pos = 0, nk = 0, want = 0;
	GElf_Shdr sh;
	if (!raw_bytes(g->note, &p, &n) || !gelf_getshdr(g->note, &sh))
		return bad(g, 0, "unreadable " NOTE_SECTION);
	struct vf_kernel_result *r = NULL;
	struct note nt;
	while (pos < n) {
		size_t at = sh.sh_offset + pos;
		if (!next_note(p, n, &pos, &nt))
			return bad(g, at, "truncated note");
		if (!nt.ours)
			continue;
		if (nt.type == NOTE_FILE && !r) {
			if (nt.words < FILE_WORDS || rd_u32(nt.desc) != GEN_FILE_VERSION)
				return bad(g, at, "unknown format version");
			g->platform = (int)rd_u32(nt.desc + 4);
			want = rd_u32(nt.desc + 8);
			if (!want || want > n / 16 || !(r = calloc(want, sizeof *r)))
				return want && want <= n / 16 ? vf_err_oom(g->err)
				       : bad(g, at, "bad kernel count");
			*out = r;
		} else if (nt.type == NOTE_KERNEL) {
			if (!r || nk == want)
				return bad(g, at, "kernel note out of place");
			*count = ++nk;
			enum vf_status st = read_kernel(g, at, nt.desc, nt.words,
			                                &r[nk - 1]);
			if (st != VF_OK)
				return st;
		}
	}
	if (!r || nk != want)
		return bad(g, sh.sh_offset, "kernel notes missing");
	return VF_OK;
}

/* libelf's version handshake sets a library global: done once per
 * process, whichever thread reads a .gen first. */
static pthread_once_t libelf_once = PTHREAD_ONCE_INIT;
static bool libelf_ok;

static void libelf_init(void)
{
	libelf_ok = elf_version(EV_CURRENT) != EV_NONE;
}

static bool libelf_ready(void)
{
	pthread_once(&libelf_once, libelf_init);
	return libelf_ok;
}

enum vf_status vf_gen_read(const void *data, size_t size, const char *name,
                           struct vf_kernel_result **out, size_t *count,
                           struct vf_error *err)
{
	*out = NULL;
	*count = 0;
	struct gr g = { .file = name ? name : "<memory>", .err = err };
	char *copy = malloc(size ? size : 1);
	if (!copy)
		return vf_err_oom(err);
	memcpy(copy, data, size);
	enum vf_status st;
	if (!libelf_ready())
		st = vf_err(err, VF_ERR_INTERNAL, "libelf: %s", elf_errmsg(-1));
	else if (size < 4 || memcmp(copy, ELFMAG, SELFMAG) ||
	         !(g.e = elf_memory(copy, size)))
		st = bad(&g, 0, "no ELF header");
	else if ((st = find_sections(&g)) == VF_OK)
		st = read_notes(&g, out, count);
	if (g.e)
		elf_end(g.e);
	free(copy);
	if (st != VF_OK) {
		vf_kernel_results_free(*out, *count);
		*out = NULL;
		*count = 0;
	}
	return st;
}
