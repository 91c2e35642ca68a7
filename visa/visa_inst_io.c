/*
 * visa_inst_io.c - read and write one vISA instruction in the binary
 * format.
 *
 * Input: a bounds-checked cursor at an opcode byte; output: a struct
 * vf_inst whose opnds[] hold the instruction's fields in binary order,
 * without the exec-size byte, the predicate word and the sub-opcode byte
 * (those go to vf_inst.exec, .pred and .subop).  The writer emits exactly
 * the bytes the reader consumed.
 *
 * Both directions run one small interpreter over the per-opcode layout
 * strings of visa_ops.c, so they cannot drift apart: every field helper
 * below either reads a field into the instruction or writes it from the
 * instruction, depending on io->writing.  The layout language is
 * described in docs/visa-binary-instructions.md.
 *
 * Truncation.  The layouts are complete (IGC's reader, ByteCodeReaderNG,
 * expects every field), but IGC 1.0.12504.6's writer, used by both IGC
 * and GenX_IR, stops each instruction early: it emits only as many
 * fields as the instruction has operands, counting the exec-size and
 * predicate fields among them, so the last n fields are missing, n being
 * the number of exec-size and predicate fields of the instruction.  Every
 * vISA 4.1 binary these tools write looks like that, so it is the default
 * (VISA_IO_IGC); VISA_IO_SPEC reads and writes complete instructions.
 *
 * Spec: shared/spec/visa/5_operands.md (vector operands: tag byte plus a
 * class-dependent body; raw operands; the predicate word),
 * 6_instructions.md and the instructions/ folder (per-instruction
 * formats).  Field widths follow ByteCodeReaderNG.cpp: general-variable
 * ids in general and raw operands are 4 bytes from vISA 3.4 (2 before);
 * address, predicate, state and label ids are always 2 bytes.
 */
#include "visa_ops.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

/* More than any instruction has (switchjmp with 32 labels: 34). */
#define VISA_MAX_OPNDS 64

/* 3D sampler operation "resinfo": the only info_3d form with a lod. */
#define VISA_3D_RESINFO 10

struct visa_io {
	bool writing;
	bool emit;                  /* writing: false in the dry pass */
	bool spec;                  /* complete layouts, nothing cut off */
	unsigned depth;             /* look-ahead nesting (reading ahead) */
	bool done;                  /* the cut-off point was reached */
	struct vf_cursor *c;        /* reading: the input */
	struct vf_buf *b;           /* writing: the output, NULL: count only */
	size_t bytes;               /* writing without b: bytes counted */
	unsigned version;           /* (major << 8) | minor */
	unsigned op;
	const char *name;           /* mnemonic, for messages */
	const char *layout;         /* the opcode's layout */
	struct vf_inst *in;         /* reading: the instruction being filled */
	const struct vf_inst *src;  /* writing: the instruction written */
	struct vf_opnd *ops;        /* reading: operands read so far */
	unsigned n;                 /* operands read or written so far */
	unsigned item;              /* fields (of the complete layout) so far */
	unsigned cut;               /* first field not in the binary */
	bool count_known, sub_known;
	uint8_t subop;
	uint64_t first;             /* value of opnds[0] if a plain integer */
	uint64_t count;             /* value of the last count field */
	uint64_t flags;             /* value of the last flag word */
	struct vf_opnd scratch;     /* writing: copy of the current operand */
	char what[96];              /* reading: current field, for messages */
};

static bool io_layout(struct visa_io *io, const char *l);

/* ---- plain fields ---------------------------------------------------- */

/* Write a little-endian integer of 'size' bytes, or count it (the size
 * of an instruction without its bytes, visa_inst_size_ex).  Every field
 * of every instruction comes here: the bytes go straight into the
 * buffer when it has room (and its NUL), else through vf_buf_uint. */
static inline void io_put(struct visa_io *io, unsigned size, uint64_t v)
{
	struct vf_buf *b = io->b;
	if (!b) {
		io->bytes += size;
	} else if (!b->oom && b->cap - b->len > size) {
		uint8_t *d = b->data + b->len;
		for (unsigned i = 0; i < size; i++)
			d[i] = (uint8_t)(v >> (8 * i));
		d[size] = 0;
		b->len += size;
	} else {
		vf_buf_uint(b, size, v);
	}
}

/* One little-endian integer of 'size' bytes: read into *v or write *v. */
static inline bool io_uint(struct visa_io *io, unsigned size, uint64_t *v)
{
	if (!io->writing)
		return vf_cur_uint(io->c, size, v, io->what);
	if (io->emit)
		io_put(io, size, *v);
	return true;
}

static inline bool io_u8(struct visa_io *io, uint8_t *p)
{
	uint64_t v = *p;
	if (!io_uint(io, 1, &v))
		return false;
	*p = (uint8_t)v;
	return true;
}

static inline bool io_u16(struct visa_io *io, uint16_t *p)
{
	uint64_t v = *p;
	if (!io_uint(io, 2, &v))
		return false;
	*p = (uint16_t)v;
	return true;
}

static inline bool io_i16(struct visa_io *io, int16_t *p)
{
	uint16_t u = (uint16_t)*p;
	if (!io_u16(io, &u))
		return false;
	*p = (int16_t)u;  /* two's complement on every supported target */
	return true;
}

/* A general-variable id: 2 bytes before vISA 3.4, 4 bytes from 3.4. */
static inline bool io_decl(struct visa_io *io, uint32_t *p)
{
	uint64_t v = *p;
	if (!io_uint(io, vf_decl_width(io->version), &v))
		return false;
	*p = (uint32_t)v;
	return true;
}

/* ---- where the binary stops ------------------------------------------ */

static unsigned io_hex(char h)
{
	return (unsigned)(h <= '9' ? h - '0' : h - 'a' + 10);
}

/* Fields a version- or value-dependent letter stands for (0 or 1). */
static unsigned io_present(const struct visa_io *io, char f)
{
	switch (f) {
	case 'f': return io->version > 0x0305;
	case 'm': return io->version >= 0x0301;
	case 'L': return io->first == VISA_3D_RESINFO;
	default: return 1;
	}
}

/* Count the fields of layout 'l' and its exec/predicate fields; false
 * while a count or the sub-opcode is still unknown. */
static bool io_measure(const struct visa_io *io, const char *l,
                       uint64_t *total, uint64_t *drop)
{
	for (; *l; l++) {
		uint64_t times = 1;
		if (*l == '*') {
			if (!io->count_known)
				return false;
			times = io->count;
			l++;
		} else if (*l == '?') {
			times = (io->flags >> io_hex(l[1])) & 1;
			l += 2;
		}
		if (*l == 'n' && !io->count_known)
			return false;
		if (*l == 'S') {
			const char *sub = visa_subop_layout(io->op, io->subop);
			if (!io->sub_known || !sub)
				return false;
			*total += 1;
			if (!io_measure(io, sub, total, drop))
				return false;
			continue;
		}
		if (*l == 'E' || *l == 'P')
			*drop += times;
		*total += times * io_present(io, *l);
	}
	return true;
}

/* IGC's writer emits as many fields as the instruction has operands
 * (BinaryCISAEmission.cpp, emitCisaInst); the exec-size and predicate
 * fields take the places of the last ones. */
static void io_update_cut(struct visa_io *io)
{
	uint64_t total = 0, drop = 0;
	if (io->spec || !io_measure(io, io->layout, &total, &drop))
		io->cut = UINT_MAX;
	else
		io->cut = (unsigned)(total - drop);
}

/* ---- operands --------------------------------------------------------- */

/* The next operand slot: a fresh one when reading, a copy of the
 * instruction's operand when writing; NULL when writing ran out of
 * operands (then io->done is set) or reading has too many. */
static struct vf_opnd *io_opnd(struct visa_io *io)
{
	unsigned k = io->n++;
	if (io->writing) {
		if (k >= io->src->nopnds || !io->src->opnds) {
			io->done = true;
			return NULL;
		}
		io->scratch = io->src->opnds[k];
		return &io->scratch;
	}
	if (k >= VISA_MAX_OPNDS) {
		vf_cur_fail(io->c, "'%s' has more than %d operands", io->name,
		            VISA_MAX_OPNDS);
		return NULL;
	}
	snprintf(io->what, sizeof io->what, "operand %u of '%s'", k, io->name);
	memset(&io->ops[k], 0, sizeof io->ops[k]);
	return &io->ops[k];
}

/* A plain integer field of 'size' bytes; its value goes to *val. */
static bool io_other(struct visa_io *io, unsigned size, uint64_t *val)
{
	struct vf_opnd *o = io_opnd(io);
	if (!o)
		return io->writing;
	if (!io->writing) {
		o->kind = VF_OPND_OTHER;
		o->size = (uint8_t)size;
	} else if (o->kind != VF_OPND_OTHER) {
		o->u.other = 0;
	}
	if (!io_uint(io, size, &o->u.other))
		return false;
	if (io->n == 1)
		io->first = o->u.other;
	if (val)
		*val = o->u.other;
	io_update_cut(io);
	return true;
}

static bool io_raw(struct visa_io *io)
{
	struct vf_opnd *o = io_opnd(io);
	if (!o)
		return io->writing;
	if (!io->writing)
		o->kind = VF_OPND_RAW;
	else if (o->kind != VF_OPND_RAW)
		memset(&o->u.raw, 0, sizeof o->u.raw);
	return io_decl(io, &o->u.raw.id) && io_u16(io, &o->u.raw.offset);
}

static bool io_immediate(struct visa_io *io, struct vf_vector *v)
{
	size_t at = io->writing ? 0 : io->c->pos;
	if (!io_u8(io, &v->u.imm.type))
		return false;
	unsigned t = v->u.imm.type;
	if (!io->writing && (t > 0xF || t == VISA_TYPE_BOOL))
		return vf_cur_fail_at(io->c, at, "operand %u of '%s': invalid "
		                      "immediate type 0x%x", io->n - 1,
		                      io->name, t);
	/* Only DF, Q and UQ constants carry the high 32 bits. */
	t &= 0xF;
	unsigned size = (t == VISA_TYPE_DF || t == VISA_TYPE_Q ||
	                 t == VISA_TYPE_UQ) ? 8 : 4;
	return io_uint(io, size, &v->u.imm.value);
}

static bool io_state(struct visa_io *io, struct vf_vector *v)
{
	size_t at = io->writing ? 0 : io->c->pos;
	if (!io_u8(io, &v->u.state.cls))
		return false;
	/* IGC knows two state classes: 0 surface, 1 sampler. */
	if (!io->writing && v->u.state.cls > 1)
		return vf_cur_fail_at(io->c, at, "operand %u of '%s': invalid "
		                      "state operand class %u", io->n - 1,
		                      io->name, v->u.state.cls);
	return io_u16(io, &v->u.state.id) && io_u8(io, &v->u.state.offset);
}

/* The class-dependent body of a vector operand (5_operands.md). */
static bool io_vector_body(struct visa_io *io, struct vf_vector *v)
{
	switch (v->tag & 7) {
	case VISA_CLASS_GENERAL:
		return io_decl(io, &v->u.gen.id) && io_u8(io, &v->u.gen.row) &&
		       io_u8(io, &v->u.gen.col) && io_u16(io, &v->u.gen.region);
	case VISA_CLASS_ADDRESS:
		return io_u16(io, &v->u.addr.id) &&
		       io_u8(io, &v->u.addr.offset) &&
		       io_u8(io, &v->u.addr.width);
	case VISA_CLASS_PREDICATE:
		return io_u16(io, &v->u.pred.id);
	case VISA_CLASS_INDIRECT:
		return io_u16(io, &v->u.ind.id) &&
		       io_u8(io, &v->u.ind.addr_offset) &&
		       io_i16(io, &v->u.ind.offset) &&
		       io_u8(io, &v->u.ind.type) &&
		       io_u16(io, &v->u.ind.region);
	case VISA_CLASS_IMMEDIATE:
		return io_immediate(io, v);
	case VISA_CLASS_STATE:
		return io_state(io, v);
	default:
		/* Class 4 (address-of) is written as a general or state
		 * operand; IGC's reader and writer reject the tag, and so does
		 * ours.  Writing, only the tag can be emitted. */
		return io->writing;
	}
}

static bool io_vector(struct visa_io *io)
{
	struct vf_opnd *o = io_opnd(io);
	if (!o)
		return io->writing;
	if (!io->writing)
		o->kind = VF_OPND_VECTOR;
	else if (o->kind != VF_OPND_VECTOR)
		memset(&o->u.vec, 0, sizeof o->u.vec);
	size_t at = io->writing ? 0 : io->c->pos;
	if (!io_u8(io, &o->u.vec.tag))
		return false;
	unsigned cls = o->u.vec.tag & 7;
	if (!io->writing && (cls == VISA_CLASS_ADDRESSOF || cls == 7))
		return vf_cur_fail_at(io->c, at, "operand %u of '%s': invalid "
		                      "operand class %u", io->n - 1, io->name,
		                      cls);
	return io_vector_body(io, &o->u.vec);
}

/* ---- exec size, predicate, sub-opcode ---------------------------------- */

static bool io_exec(struct visa_io *io)
{
	if (io->writing) {
		if (io->emit)
			io_put(io, 1, io->src->exec);
		return true;
	}
	snprintf(io->what, sizeof io->what, "execution size of '%s'",
	         io->name);
	if (!vf_cur_u8(io->c, &io->in->exec, io->what))
		return false;
	io->in->has_exec = true;
	/* Size codes 0..5 stand for 1, 2, 4, 8, 16, 32 channels. */
	if ((io->in->exec & 0xF) > 5)
		return vf_cur_fail_at(io->c, io->c->pos - 1, "'%s': invalid "
		                      "execution size code %u", io->name,
		                      io->in->exec & 0xF);
	return true;
}

static bool io_pred(struct visa_io *io)
{
	if (io->writing) {
		if (io->emit)
			io_put(io, 2, io->src->pred);
		return true;
	}
	snprintf(io->what, sizeof io->what, "predicate of '%s'", io->name);
	if (!vf_cur_u16(io->c, &io->in->pred, io->what))
		return false;
	io->in->has_pred = true;
	return true;
}

/* The sub-opcode byte, then the layout it selects. */
static bool io_subop(struct visa_io *io)
{
	uint8_t s;
	if (io->writing) {
		s = io->src->subop;
		if (io->emit)
			io_put(io, 1, s);
	} else {
		snprintf(io->what, sizeof io->what, "sub-opcode of '%s'",
		         io->name);
		if (!vf_cur_u8(io->c, &s, io->what))
			return false;
		io->in->subop = s;
		io->in->has_subop = true;
	}
	const char *l = visa_subop_layout(io->op, s);
	if (!l) {
		if (io->writing)
			return true;
		return vf_cur_fail_at(io->c, io->c->pos - 1, "invalid sub-opcode "
		                      "0x%02x for '%s'", s, io->name);
	}
	io->subop = s;
	io->sub_known = true;
	io->name = visa_subop_name(io->op, s);
	io_update_cut(io);
	return io_layout(io, l);
}

/* ---- counts ----------------------------------------------------------- */

/* Bounds of the count fields (IGC's reader asserts them). */
static bool io_count_ok(struct visa_io *io, unsigned lo, size_t at)
{
	unsigned hi = 15;  /* sample_3d, load_3d: fewer than 16 params */
	if (io->op == VISA_OP_SWITCHJMP)
		lo = 1, hi = 32;
	else if (io->op == VISA_OP_3D_GATHER4)
		hi = 7;
	if (io->writing || (io->count >= lo && io->count <= hi))
		return true;
	return vf_cur_fail_at(io->c, at, "'%s': count %u out of range %u..%u",
	                      io->name, (unsigned)io->count, lo, hi);
}

static bool io_count(struct visa_io *io, unsigned lo)
{
	size_t at = io->writing ? 0 : io->c->pos;
	if (!io_other(io, 1, &io->count))
		return false;
	if (io->done)
		return true;
	io->count_known = true;
	io_update_cut(io);
	return io_count_ok(io, lo, at);
}

static unsigned visa_inst_probe(const struct vf_cursor *c, size_t pos,
                                unsigned depth);

static bool io_is_sampler_3d(const struct visa_io *io)
{
	return io->op == VISA_OP_3D_SAMPLE || io->op == VISA_OP_3D_LOAD ||
	       io->op == VISA_OP_3D_GATHER4;
}

/*
 * The 3D sampler parameter count.  The writer cuts off the last two
 * fields: with two or more parameters the count is there and two
 * parameters are missing; with one parameter the binary ends after dst
 * and nothing says so.  Reading, we weigh the two readings of the next
 * byte, "a count" (only if it is one: 2..15, and its parameters fit) and
 * "the next opcode", by how many instructions decode after each; the
 * count wins ties, two or more parameters being the common case.
 */
static bool io_sampler_count(struct visa_io *io)
{
	if (io->writing || io->spec)
		return io_count(io, io->spec ? 0 : 2);
	size_t pos = io->c->pos;
	unsigned hi = io->op == VISA_OP_3D_GATHER4 ? 7 : 15;
	unsigned rawsz = vf_decl_width(io->version) + 2;
	bool a_ok = pos < io->c->len && io->c->buf[pos] >= 2 &&
	            io->c->buf[pos] <= hi &&
	            io->c->len - pos > (size_t)(io->c->buf[pos] - 2) * rawsz;
	if (a_ok && io->depth < 2) {
		size_t next = pos + 1 + (size_t)(io->c->buf[pos] - 2) * rawsz;
		unsigned d = io->depth + 1;
		if (visa_inst_probe(io->c, next, d) < visa_inst_probe(io->c, pos, d))
			a_ok = false;
	}
	if (!a_ok) {
		io->done = true;
		return true;
	}
	return io_count(io, 2);
}

/* ---- the interpreter ---------------------------------------------------- */

/* One field of a layout (see visa_ops.c for the letters). */
static bool io_field(struct visa_io *io, char f)
{
	unsigned v = io->version;
	if (!io_present(io, f))
		return true;
	io->item++;
	switch (f) {
	case 'E': return io_exec(io);
	case 'P': return io_pred(io);
	case 'S': return io_subop(io);
	case 'b': case 'f': return io_other(io, 1, NULL);
	case 'w': return io_other(io, 2, NULL);
	case 'd': return io_other(io, 4, NULL);
	case 'q': return io_other(io, 8, NULL);
	case 'i': return io_other(io, vf_decl_width(v), NULL);
	case 'v': case 'm': return io_vector(io);
	case 'r': case 'L': return io_raw(io);
	case 'n': return io_is_sampler_3d(io) ? io_sampler_count(io)
	                                       : io_count(io, 0);
	case 'F': return io_other(io, 2, &io->flags);
	case 'a': return v >= 0x0304 ? io_vector(io) : io_other(io, 2, NULL);
	case 'o': return io_other(io, v >= 0x0400 ? 2 : 1, NULL);
	default: return true;  /* not reached: tests check the tables */
	}
}

/* Run a layout: fields in order; '*X' repeats X by the last count,
 * '?hX' keeps X only when bit h of the last flag word is set.  Stops at
 * the cut-off point. */
static bool io_layout(struct visa_io *io, const char *l)
{
	for (; *l && !io->done; l++) {
		uint64_t times = 1;
		if (*l == '*') {
			times = io->count;
			l++;
		} else if (*l == '?') {
			times = (io->flags >> io_hex(l[1])) & 1;
			l += 2;
		}
		for (uint64_t k = 0; k < times && !io->done; k++) {
			if (io->item >= io->cut) {
				io->done = true;
				break;
			}
			if (!io_field(io, *l))
				return false;
		}
	}
	return true;
}

/* ---- entry points ------------------------------------------------------- */

/* Decode the instruction at 'c' into in/ops (no allocation). */
static bool io_read(struct visa_io *io, struct vf_cursor *c,
                    struct vf_inst *in, struct vf_opnd *ops)
{
	size_t at = c->pos;
	uint8_t op;

	memset(in, 0, sizeof *in);
	in->offset = (uint32_t)at;
	io->c = c;
	io->version = c->version;
	io->in = in;
	io->ops = ops;
	if (!vf_cur_u8(c, &op, "vISA opcode"))
		return false;
	in->opcode = op;
	io->layout = visa_op_layout(op, io->version);
	if (!io->layout)
		return vf_cur_fail_at(c, at, "unknown vISA opcode 0x%02x", op);
	io->op = op;
	io->name = visa_op_info(op)->name;
	io_update_cut(io);
	if (!io_layout(io, io->layout))
		return false;
	in->nopnds = (uint16_t)io->n;
	return true;
}

/* How many instructions (up to 16) decode one after another from 'pos';
 * reaching a ret or fret (every routine ends with one, and IGC leaves
 * left-over bytes behind it) counts as all 16.  (Look-ahead without side
 * effects, nested at most two deep.) */
static unsigned visa_inst_probe(const struct vf_cursor *c, size_t pos,
                                unsigned depth)
{
	struct vf_error err;
	struct vf_cursor probe = *c;
	struct vf_opnd ops[VISA_MAX_OPNDS];
	struct vf_inst in;
	unsigned n = 0;

	probe.pos = pos;
	probe.err = &err;
	while (n < 16 && probe.pos < probe.len) {
		struct visa_io io = { .depth = depth };
		if (!io_read(&io, &probe, &in, ops))
			break;
		n++;
		if (in.opcode == VISA_OP_RET || in.opcode == VISA_OP_FRET)
			return 16;
	}
	return n;
}

bool visa_inst_read_ex(struct vf_cursor *c, struct vf_arena *a,
                       struct vf_inst *in, enum visa_io_mode mode)
{
	struct vf_opnd ops[VISA_MAX_OPNDS];
	struct visa_io io = { .spec = mode == VISA_IO_SPEC };

	if (!io_read(&io, c, in, ops))
		return false;
	if (io.n) {
		in->opnds = vf_arena_memdup(a, ops, io.n * sizeof ops[0]);
		if (!in->opnds) {
			vf_err_oom(c->err);
			return false;
		}
	}
	return true;
}

bool visa_inst_read(struct vf_cursor *c, struct vf_arena *a,
                    struct vf_inst *in)
{
	return visa_inst_read_ex(c, a, in, VISA_IO_IGC);
}

/* One pass over the layout; 'emit' false only learns the counts. */
static void io_write_pass(struct visa_io *io, bool emit)
{
	io->emit = emit;
	io->done = false;
	io->n = io->item = 0;
	io->name = visa_op_info(io->op)->name;
	io_layout(io, io->layout);
}

/* Write the instruction into b, or with b NULL count its bytes; *io is
 * left as the write finished (counts, flags and cut known). */
static void io_write_io(struct visa_io *io, struct vf_buf *b,
                        unsigned version, const struct vf_inst *in,
                        enum visa_io_mode mode)
{
	*io = (struct visa_io){ .writing = true, .b = b, .version = version,
	                        .src = in, .op = in->opcode,
	                        .spec = mode == VISA_IO_SPEC };

	io_put(io, 1, in->opcode);
	io->layout = visa_op_layout(in->opcode, version);
	if (!io->layout)
		return;
	/* A dry pass finds the counts and flags, which fix the cut-off; the
	 * complete layout has none (and every count and flag field comes
	 * before the fields it governs, so one pass sees them in time).  A
	 * layout without count, flag-word, sub-opcode or resinfo-lod fields
	 * has a cut-off that depends on nothing the pass would learn: it is
	 * measured at once. */
	io->cut = UINT_MAX;
	if (!io->spec && strpbrk(io->layout, "nFSL")) {
		io_write_pass(io, false);
		io_update_cut(io);
	} else if (!io->spec) {
		io_update_cut(io);
	}
	io_write_pass(io, true);
}

static size_t io_write(struct vf_buf *b, unsigned version,
                       const struct vf_inst *in, enum visa_io_mode mode)
{
	struct visa_io io;
	io_write_io(&io, b, version, in, mode);
	return io.bytes;
}

void visa_inst_write_ex(struct vf_buf *b, unsigned version,
                        const struct vf_inst *in, enum visa_io_mode mode)
{
	io_write(b, version, in, mode);
}

size_t visa_inst_size_ex(unsigned version, const struct vf_inst *in,
                         enum visa_io_mode mode)
{
	return io_write(NULL, version, in, mode);
}

void visa_inst_write(struct vf_buf *b, unsigned version,
                     const struct vf_inst *in)
{
	visa_inst_write_ex(b, version, in, VISA_IO_IGC);
}

/* ---- the size IGC counted ----------------------------------------------- */

struct visa_size_walk {
	const struct visa_io *io;
	unsigned item;         /* fields seen */
	uint32_t lo, hi;       /* bytes of the fields past the cut-off */
};

/* Bytes of a field past the cut-off; vectors are 3 (predicate) to 10
 * (64-bit immediate) bytes. */
static void io_size_field(struct visa_size_walk *w, char f)
{
	unsigned v = w->io->version, lo, hi;
	if (!io_present(w->io, f) || w->item++ < w->io->cut)
		return;
	switch (f) {
	case 'E': case 'b': case 'f': case 'n': lo = hi = 1; break;
	case 'P': case 'w': case 'F': lo = hi = 2; break;
	case 'd': lo = hi = 4; break;
	case 'q': lo = hi = 8; break;
	case 'i': lo = hi = vf_decl_width(v); break;
	case 'r': case 'L': lo = hi = vf_decl_width(v) + 2; break;
	case 'o': lo = hi = v >= 0x0400 ? 2 : 1; break;
	case 'a': lo = 3, hi = v >= 0x0304 ? 10 : 2; break;
	default: lo = 3, hi = 10; break;  /* v, m */
	}
	w->lo += lo;
	w->hi += hi;
}

static void io_size_layout(struct visa_size_walk *w, const char *l)
{
	const struct visa_io *io = w->io;
	for (; *l; l++) {
		uint64_t times = 1;
		if (*l == '*') {
			times = io->count;
			l++;
		} else if (*l == '?') {
			times = (io->flags >> io_hex(l[1])) & 1;
			l += 2;
		}
		if (*l == 'S') {
			w->item++;
			io_size_layout(w, visa_subop_layout(io->op, io->subop));
			continue;
		}
		for (uint64_t k = 0; k < times; k++)
			io_size_field(w, *l);
	}
}

/* Bytes of the fields past the cut-off, to add to the written bytes,
 * from the counts and flags of a finished write or dry pass of io (its
 * cut as io_update_cut left it). */
static void io_igc_rest(const struct visa_io *io, uint32_t *lo, uint32_t *hi)
{
	unsigned version = io->version;
	*lo = *hi = 0;
	if (!io->layout || (visa_op_has_subop(io->op) &&
	                    !visa_subop_layout(io->op, io->src->subop)))
		return;
	if (io->cut == UINT_MAX) {
		/* A 3D sampler message whose parameter count was cut off:
		 * one parameter, so the count and that parameter. */
		*lo = *hi = 1 + vf_decl_width(version) + 2;
		return;
	}
	struct visa_size_walk w = { .io = io };
	io_size_layout(&w, io->layout);
	*lo = w.lo;
	*hi = w.hi;
}

void visa_inst_igc_size(const struct vf_inst *in, unsigned version,
                        uint32_t *lo, uint32_t *hi)
{
	struct visa_io io = { .writing = true, .version = version, .src = in,
	                      .op = in->opcode };
	struct vf_buf b = { 0 };

	visa_inst_write_ex(&b, version, in, VISA_IO_IGC);
	uint32_t written = (uint32_t)b.len;
	vf_buf_free(&b);
	io.layout = visa_op_layout(in->opcode, version);
	if (io.layout && !(visa_op_has_subop(io.op) &&
	                   !visa_subop_layout(io.op, in->subop))) {
		io.cut = UINT_MAX;
		io_write_pass(&io, false);
		io_update_cut(&io);
	}
	io_igc_rest(&io, lo, hi);
	*lo += written;
	*hi += written;
}

uint32_t visa_inst_write_igc(struct vf_buf *b, unsigned version,
                             const struct vf_inst *in)
{
	size_t start = b->len;
	uint32_t lo, hi;
	struct visa_io io;

	io_write_io(&io, b, version, in, VISA_IO_IGC);
	io_igc_rest(&io, &lo, &hi);
	return (uint32_t)(b->len - start) + lo;
}

/*
 * Where the instructions end in a routine's code area [start, start +
 * size).  In IGC's output the area is longer than the instructions (see
 * visa_inst_igc_size): the real end is after a ret or fret at which the
 * complete sizes counted so far can add up to 'size' (the last such
 * point; every routine IGC writes ends with ret or fret).  Failing that,
 * the whole area if it decodes exactly, else the last point where the
 * sizes can add up, else the end of the last instruction that decodes.
 */
size_t visa_insts_igc_end(const struct vf_cursor *c, size_t start,
                          uint32_t size)
{
	struct vf_cursor cur = *c;
	struct vf_error err;
	size_t end = start + size, last_ret = 0, last_fit = 0, ok_end = start;
	uint64_t lo_sum = 0, hi_sum = 0;

	if (start > c->len || c->len - start < size)
		return start;
	cur.pos = start;
	cur.err = &err;
	while (cur.pos < end && lo_sum <= size) {
		struct vf_opnd ops[VISA_MAX_OPNDS];
		struct vf_inst in;
		struct visa_io io = { 0 };
		uint32_t lo, hi;
		if (!io_read(&io, &cur, &in, ops) || cur.pos > end)
			break;
		ok_end = cur.pos;
		in.opnds = ops;
		visa_inst_igc_size(&in, cur.version, &lo, &hi);
		lo_sum += lo;
		hi_sum += hi;
		if (lo_sum <= size && size <= hi_sum) {
			last_fit = cur.pos;
			if (in.opcode == VISA_OP_RET || in.opcode == VISA_OP_FRET)
				last_ret = cur.pos;
		}
		if (cur.pos == end && !last_ret)
			return end;
	}
	if (last_ret)
		return last_ret;
	return last_fit ? last_fit : ok_end;
}
