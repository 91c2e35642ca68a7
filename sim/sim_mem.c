/*
 * sim_mem.c - the memory model: a flat GPU address space of separate
 * allocations (every access must fall inside one; a gap after each
 * allocation makes overruns fail instead of landing in a neighbour), the
 * binding table (stateful buffers and images with hardware bounds
 * checking: reads outside the surface give 0, writes are dropped),
 * shared local memory (BTI 254) and stateless A32 access (BTI 255/253).
 *
 * Facts: special BTIs from Mesa brw_eu_defines.h and GEN-FACTS.md 6.2;
 * bounds checking as IGC assumes it when it compiles with
 * -boundsChecking (manifest finalizer options).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "sim_priv.h"

#define SIM_MEM_BASE 0x10000000ull
#define SIM_MEM_GAP 0x10000ull
#define SIM_MEM_LIMIT 0x100000000ull

void sim_mem_free(struct sim_mem *m)
{
	for (unsigned i = 0; i < m->n; i++)
		free(m->r[i].data);
	free(m->r);
	memset(m, 0, sizeof(*m));
}

uint8_t *sim_mem_ptr(struct sim_mem *m, uint64_t addr, uint64_t size)
{
	if (m->last < m->n) {
		struct sim_region *r = &m->r[m->last];
		if (addr >= r->addr && addr - r->addr + size <= r->size)
			return r->data + (addr - r->addr);
	}
	for (unsigned i = 0; i < m->n; i++) {
		struct sim_region *r = &m->r[i];
		if (addr >= r->addr && addr - r->addr <= r->size &&
		    size <= r->size - (addr - r->addr)) {
			m->last = i;
			return r->data + (addr - r->addr);
		}
	}
	return NULL;
}

enum vf_status sim_alloc(struct sim_ctx *c, size_t size, size_t align,
                         const void *init, uint64_t *addr,
                         struct vf_error *err)
{
	struct sim_mem *m = &c->mem;
	if (!align)
		align = 64;
	if (!m->next)
		m->next = SIM_MEM_BASE;
	uint64_t a = (m->next + align - 1) & ~(uint64_t)(align - 1);
	if (a + size + SIM_MEM_GAP > SIM_MEM_LIMIT)
		return vf_err(err, VF_ERR_UNSUPPORTED, "GPU memory exhausted "
		              "(%zu bytes requested)", size);
	if (m->n == m->cap) {
		unsigned cap = m->cap ? 2 * m->cap : 16;
		struct sim_region *r = realloc(m->r, cap * sizeof(*r));
		if (!r)
			return vf_err_oom(err);
		m->r = r;
		m->cap = cap;
	}
	uint8_t *d = calloc(1, size ? size : 1);
	if (!d)
		return vf_err_oom(err);
	if (init && size)
		memcpy(d, init, size);
	m->r[m->n++] = (struct sim_region){ a, size, d };
	m->next = a + size + SIM_MEM_GAP;
	*addr = a;
	return VF_OK;
}

void *sim_host_ptr(struct sim_ctx *c, uint64_t addr, size_t size)
{
	return sim_mem_ptr(&c->mem, addr, size);
}

bool sim_gread(struct sim_ctx *c, uint64_t addr, void *dst, unsigned n)
{
	uint8_t *p = sim_mem_ptr(&c->mem, addr, n);
	if (!p) {
		sim_fail(c, c->cur, VF_ERR_INPUT, "read of %u bytes at unmapped "
		         "address 0x%llx", n, (unsigned long long)addr);
		return false;
	}
	memcpy(dst, p, n);
	return true;
}

bool sim_gwrite(struct sim_ctx *c, uint64_t addr, const void *src,
                unsigned n)
{
	uint8_t *p = sim_mem_ptr(&c->mem, addr, n);
	if (!p) {
		sim_fail(c, c->cur, VF_ERR_INPUT, "write of %u bytes at unmapped "
		         "address 0x%llx", n, (unsigned long long)addr);
		return false;
	}
	memcpy(p, src, n);
	return true;
}

static bool is_stateless(unsigned bti)
{
	return bti == SIM_BTI_STATELESS || bti == SIM_BTI_STATELESS_NC;
}

/* Surface access: *p set to the bytes, or NULL when out of bounds. */
static bool surf_locate(struct sim_ctx *c, unsigned bti, uint64_t off,
                        unsigned n, uint8_t **p)
{
	*p = NULL;
	if (bti == SIM_BTI_SLM) {
		/* IGC tags SLM pointers with a non-zero high nibble so that
		 * offset 0 differs from a null pointer; the SLM address ignores
		 * it (IGC Compiler/CISACodeGen: "we set all valid pointers to
		 * have a non-zero high nibble") */
		off &= 0x0FFFFFFFu;
		if (off + n <= c->g.slm_size)
			*p = c->g.slm + off;
		return true;
	}
	if (is_stateless(bti)) {
		*p = sim_mem_ptr(&c->mem, off, n);
		if (!*p)
			sim_fail(c, c->cur, VF_ERR_INPUT, "stateless access of %u "
			         "bytes at unmapped address 0x%llx", n,
			         (unsigned long long)off);
		return *p != NULL;
	}
	const struct sim_surface *s = &c->bt[bti & 0xFF];
	if (s->kind == SIM_SURF_NONE) {
		sim_fail(c, c->cur, VF_ERR_INPUT, "no surface bound at binding "
		         "table index %u", bti);
		return false;
	}
	if (off + n <= s->size)
		*p = sim_mem_ptr(&c->mem, s->addr + off, n);
	return true;
}

/* Read (write) n bytes of a surface.  Bounds hold per dword, not per
 * message: a block that runs past the end of its buffer reads its
 * in-bounds dwords and zeros for the rest, and writes only the in-bounds
 * ones (the hardware checks every dword address against the surface size;
 * IGC reads a 384-byte constant buffer with 8-oword blocks, the last of
 * which runs 32 bytes past its end and must still return its first 96).
 * Scattered messages come here one element at a time, so an element
 * straddling the end reads as 0 whole.  Stateless accesses have no
 * bounds: all of it must be mapped. */
static bool surf_access(struct sim_ctx *c, unsigned bti, uint64_t off,
                        const uint8_t *in, uint8_t *out, unsigned n)
{
	unsigned piece = is_stateless(bti) ? n : 4;
	for (unsigned k = 0; k < n; k += piece) {
		unsigned len = n - k < piece ? n - k : piece;
		uint8_t *p;
		if (!surf_locate(c, bti, off + k, len, &p))
			return false;
		if (in && p)
			memcpy(p, in + k, len);
		else if (out && p)
			memcpy(out + k, p, len);
		else if (out)
			memset(out + k, 0, len);
	}
	return true;
}

bool sim_surf_read(struct sim_ctx *c, unsigned bti, uint64_t off, void *dst,
                   unsigned n)
{
	return surf_access(c, bti, off, NULL, dst, n);
}

bool sim_surf_write(struct sim_ctx *c, unsigned bti, uint64_t off,
                    const void *src, unsigned n)
{
	return surf_access(c, bti, off, src, NULL, n);
}

uint8_t *sim_surf_ptr(struct sim_ctx *c, unsigned bti, uint64_t off,
                      unsigned n)
{
	uint8_t *p;
	if (!surf_locate(c, bti, off, n, &p))
		return NULL;
	return p;
}

enum vf_status sim_bind_buffer(struct sim_ctx *c, unsigned bti,
                               uint64_t addr, uint64_t size,
                               struct vf_error *err)
{
	if (bti >= 240)
		return vf_err(err, VF_ERR_INPUT, "binding table index %u is "
		              "reserved", bti);
	c->bt[bti] = (struct sim_surface){ .kind = SIM_SURF_BUFFER,
	                                   .addr = addr, .size = size };
	return VF_OK;
}

enum vf_status sim_bind_image(struct sim_ctx *c, unsigned bti, uint64_t addr,
                              const struct sim_image_desc *d,
                              struct vf_error *err)
{
	if (bti >= 240)
		return vf_err(err, VF_ERR_INPUT, "binding table index %u is "
		              "reserved", bti);
	uint64_t size = (uint64_t)d->row_pitch * d->height *
	                (d->depth ? d->depth : 1);
	c->bt[bti] = (struct sim_surface){ .kind = SIM_SURF_IMAGE,
	                                   .addr = addr, .size = size,
	                                   .img = *d };
	return VF_OK;
}

void sim_set_sampler(struct sim_ctx *c, unsigned index,
                     const struct sim_sampler_desc *d)
{
	if (index < 16) {
		c->samplers[index] = *d;
		c->sampler_set[index] = true;
	}
}
