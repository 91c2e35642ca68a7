#!/usr/bin/env python3
"""probe.py - build a corpus set of the kernels in this folder the way the
shared corpus was made (ocloc zebin per device, forced SIMD 8/16/32 on skl
and tgllp; manifests from the zebin's .ze_info; Gen code from
.text.<kernel>; program data and relocations from the ELF; run recipes
below with expected outputs from PoCL through the corpus's pocl-run, or per
SIMD width from a Python model for the sub-group kernel, which PoCL cannot
run), so that gensim can be checked on kernels outside the public corpus.

usage: probe.py OUTDIR POCL_RUN
Writes OUTDIR/manifest.<dev>.json, OUTDIR/runs.json, OUTDIR/runs/...,
OUTDIR/<dev>/*.igc.dat.  Exit status 0, or 1 when a tool is missing.
Layout: shared/corpus/README.md (manifest and runs.json fields).
"""
import json, os, random, shutil, struct, subprocess, sys

SRC = os.path.dirname(os.path.abspath(__file__))
DEVS = ['bdw', 'skl', 'bxt', 'icllp', 'tgllp']
FORCED = {'skl': [8, 16, 32], 'tgllp': [8, 16, 32]}
OPTS = {'h_global': '-cl-std=CL2.0', 'h_sub': '-cl-std=CL2.0', 'h_wg': '-cl-std=CL2.0'}

# ---- a YAML subset (what LLVM's YAML I/O writes into .ze_info) ----------

def scalar(t):
    t = t.strip()
    if t.startswith("'") and t.endswith("'"):
        return t[1:-1].replace("''", "'")
    if t.startswith('[') and t.endswith(']'):
        return [scalar(x) for x in t[1:-1].split(',') if x.strip()]
    if t in ('true', 'false'):
        return t == 'true'
    try:
        return int(t, 0)
    except ValueError:
        return t

def yaml_load(text):
    lines = [l for l in text.splitlines()
             if l.strip() and not l.startswith('---') and l.strip() != '...']
    pos = 0

    def block(indent):
        nonlocal pos
        res = None
        while pos < len(lines):
            l = lines[pos]
            ind = len(l) - len(l.lstrip())
            if ind < indent:
                break
            s = l.strip()
            if s.startswith('- '):
                if res is None:
                    res = []
                lines[pos] = ' ' * (ind + 2) + s[2:]
                res.append(block(ind + 2))
                continue
            key, _, val = s.partition(':')
            if res is None:
                res = {}
            pos += 1
            if val.strip():
                res[key] = scalar(val)
            else:
                res[key] = block(ind + 1)
        return res
    return block(0)

# ---- ELF ------------------------------------------------------------------

def elf(data):
    shoff = struct.unpack_from('<Q', data, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', data, 0x3A)
    secs = []
    for i in range(shnum):
        f = struct.unpack_from('<IIQQQQIIQQ', data, shoff + i * shentsize)
        secs.append(dict(name=f[0], type=f[1], flags=f[2], off=f[4],
                         size=f[5], link=f[6]))
    so = secs[shstrndx]['off']
    for s in secs:
        o = so + s['name']
        s['name'] = data[o:data.index(b'\0', o)].decode()
        s['data'] = data[s['off']:s['off'] + s['size']] if s['type'] != 8 else b''
    return secs

def symbols(secs):
    st = [s for s in secs if s['type'] == 2][0]
    strs = secs[st['link']]['data']
    out = []
    for i in range(len(st['data']) // 24):
        name, _, _, shndx, value, size = struct.unpack_from('<IBBHQQ', st['data'], i * 24)
        out.append(dict(name=strs[name:strs.index(b'\0', name)].decode(),
                        shndx=shndx, value=value, size=size))
    return out

# ---- manifests -------------------------------------------------------------

def build(out, stem, dev, simd):
    d = f'{out}/build/{dev}_{simd}'
    os.makedirs(d, exist_ok=True)
    igc = f" -igc_opts 'ForceOCLSIMDWidth={simd}'" if simd else ''
    cmd = ['ocloc', 'compile', '-file', f'{SRC}/{stem}.cl', '-device', dev,
           '--format', 'zebin', '-output', stem, '-out_dir', d,
           '-options', OPTS.get(stem, '') + igc]
    r = subprocess.run(cmd, capture_output=True, text=True)
    bins = [f for f in os.listdir(d) if f.startswith(stem) and f.endswith('.bin')]
    if r.returncode or not bins:
        return None  # e.g. fp64 on icllp/tgllp: the entry does not exist
    return open(f'{d}/{bins[0]}', 'rb').read()

CLASS = {'global': 'buffer', 'constant': 'buffer', 'local': 'local_pointer',
         'image': 'image', 'sampler': 'sampler'}

def explicit_args(k):
    args = {}
    for p in k.get('payload_arguments', []) or []:
        if 'arg_index' not in p:
            continue
        piece = dict(kind=p['arg_type'], offset=p['offset'], size=p['size'])
        for key in ('addrmode', 'addrspace', 'source_offset', 'sampler_index'):
            if key in p:
                piece[key] = p[key]
        args.setdefault(p['arg_index'], []).append(piece)
    bti = {b['arg_index']: b['bti_value'] for b in k.get('binding_table_indices', []) or []}
    res = []
    for idx in sorted(args):
        cls = 'unused'
        for p in args[idx]:
            if p['kind'] == 'arg_byvalue':
                cls = 'by_value'
            elif 'addrspace' in p:
                cls = CLASS.get(p['addrspace'], 'other')
        e = {'index': idx, 'class': cls, 'pieces': args[idx]}
        if idx in bti:
            e['bti'] = bti[idx]
        for p in args[idx]:
            if 'sampler_index' in p:
                e['sampler_index'] = p['sampler_index']
        res.append(e)
    return res

def program_data(out, dev, stem, secs, name):
    syms = symbols(secs)
    rels, psecs, psyms = [], [], []
    names = {1: 'R_ZE_SYM_ADDR', 2: 'R_ZE_SYM_ADDR_32', 3: 'R_ZE_SYM_ADDR_32_HI'}
    for s in secs:
        if s['name'] == '.rel.text.' + name:
            for i in range(len(s['data']) // 16):
                off, inf = struct.unpack_from('<QQ', s['data'], i * 16)
                rels.append(dict(offset=off, type=names[inf & 0xffffffff],
                                 symbol=syms[inf >> 32]['name'], addend=0))
    for idx, s in enumerate(secs):
        if s['type'] not in (1, 8) or s['flags'] & 4 or not s['flags'] & 2:
            continue
        fname = f"{dev}/{stem}.{s['name'][1:].replace('.', '_')}.bin"
        if s['type'] == 1:
            open(f'{out}/{fname}', 'wb').write(s['data'])
        psecs.append(dict(name=s['name'], size=s['size'],
                          file=fname if s['type'] == 1 else None))
        psyms += [dict(name=y['name'], section=s['name'], offset=y['value'],
                       size=y['size']) for y in syms if y['shndx'] == idx]
    return dict(sections=psecs, symbols=psyms, relocations=rels)

def entries(out, stem, dev, data, want):
    secs = elf(data)
    info = yaml_load([s for s in secs if s['name'] == '.ze_info'][0]['data'].decode())
    res = []
    for k in info['kernels']:
        name, simd = k['name'], k['execution_env']['simd_size']
        if name == 'Intel_Symbol_Table_Void_Program' or (want and simd != want):
            continue
        path = f'{dev}/{stem}.{name}.simd{simd}.igc.dat'
        open(f'{out}/{path}', 'wb').write(
            [s for s in secs if s['name'] == '.text.' + name][0]['data'])
        ex = explicit_args(k)
        imp = [dict(kind=p['arg_type'], offset=p['offset'], size=p['size'])
               for p in k.get('payload_arguments', []) or [] if 'arg_index' not in p]
        ptb = sum(p['size'] for p in k.get('per_thread_payload_arguments', []) or [])
        used = max([p['offset'] + p['size'] for a in ex for p in a['pieces']] +
                   [p['offset'] + p['size'] for p in imp] + [0])
        res.append(dict(source=f'src/{stem}.cl', kernel=name, simd=simd,
                        payload=dict(cross_thread_grf_offset=32 + ptb,
                                     cross_thread_bytes_used=used,
                                     explicit_args=ex, implicit_args=imp),
                        execution_env=k['execution_env'],
                        per_thread_memory_buffers=k.get('per_thread_memory_buffers'),
                        program_data=program_data(out, dev, stem, secs, name),
                        files=dict(igc_dat=path)))
    return res

def manifests(out):
    stems = sorted(f[:-3] for f in os.listdir(SRC) if f.endswith('.cl'))
    if os.environ.get('PROBE_STEMS'):  # a subset, while working on a kernel
        stems = [x for x in stems if x in os.environ['PROBE_STEMS'].split()]
    os.makedirs(f'{out}/src', exist_ok=True)
    for stem in stems:
        shutil.copy(f'{SRC}/{stem}.cl', f'{out}/src/')
    for dev in DEVS:
        os.makedirs(f'{out}/{dev}', exist_ok=True)
        ents = {}
        for stem in stems:
            for simd in [0] + FORCED.get(dev, []):
                data = build(out, stem, dev, simd)
                for e in entries(out, stem, dev, data, simd) if data else []:
                    ents[(e['source'], e['kernel'], e['simd'])] = e
        json.dump(dict(schema_version=1, device=dev, entries=list(ents.values())),
                  open(f'{out}/manifest.{dev}.json', 'w'), indent=1)

# ---- recipes ----------------------------------------------------------------

R = random.Random(7)
SZ = {'d': 8, 'h': 2, 'H': 2, 'f': 4, 'i': 4, 'I': 4, 'q': 8, 'Q': 8, 'e': 2, 'B': 1}
CT = {'d': 'double', 'h': 'short', 'H': 'ushort', 'f': 'float', 'i': 'int', 'I': 'uint',
      'q': 'long', 'Q': 'ulong', 'e': 'half', 'B': 'uchar'}
EX = {'exact': True}
N = 1024

def pack(fmt, vals):
    return b''.join(struct.pack('<' + fmt, v) for v in vals)

def buf(fmt, vals, elem=None):
    d = dict(kind='buffer', fmt=fmt, data=pack(fmt, vals))
    if elem:
        d['elem'] = elem
    return d

def img(w, h, order, ctype, ps, data, itype='image2d', depth=1, **kw):
    return dict(kind='image', data=data, image_type=itype, channel_order=order,
                channel_data_type=ctype, width=w, height=h, depth=depth,
                pixel_size=ps, **kw)

def scalar_arg(data, ty):
    return dict(kind='scalar', data=data, type=ty)

def arg_json(d, i, a):
    kind = a['kind']
    e = dict(index=i, name=f'a{i}', kind=kind)
    if kind in ('buffer', 'scalar', 'image'):
        open(f'{d}/in.{i}.bin', 'wb').write(a['data'])
        e.update(file=f'in.{i}.bin', bytes=len(a['data']))
    if kind == 'buffer':
        f = a['fmt']
        e.update(address_space='global', type=CT[f], scalar=CT[f], elem_size=SZ[f],
                 count=len(a['data']) // SZ[f], access='read_write')
    elif kind == 'local':
        e.update(type='int', count=a['bytes'] // 4, bytes=a['bytes'])
    elif kind == 'image':
        e.update({k: a[k] for k in ('image_type', 'channel_order', 'channel_data_type',
                                    'width', 'height', 'depth', 'pixel_size')})
        e.update(row_pitch=a['width'] * a['pixel_size'], access='read_only')
    elif kind == 'scalar':
        e['type'] = a['type']
    elif kind == 'sampler':
        e.update({k: a[k] for k in ('normalized_coords', 'addressing_mode', 'filter_mode')})
    return e

def recipe(runs, out, name, gsize, lsize, args, outs, opts=''):
    src, kernel = name.split('.')
    d = f'{out}/runs/{name}'
    os.makedirs(d, exist_ok=True)
    ro = []
    for (i, fmt, n, rule) in outs:
        a = args[i]
        es = a.get('elem', SZ[fmt] * n)
        ro.append(dict(arg=i, name=f'a{i}', elem_size=es, count=len(a['data']) // es,
                       bytes=len(a['data']), expected=f'expected.{i}.bin',
                       fields=[dict(name='v', offset=0, type=CT[fmt], n=n, compare=rule)]))
    g = list(gsize) + [1] * (3 - len(gsize))
    l = list(lsize) + [1] * (3 - len(lsize))
    runs.append(dict(name=name, source=f'src/{src}.cl', kernel=kernel,
                     build_options=opts, pocl_build_options=opts, simd=[8, 16, 32],
                     ndrange=dict(work_dim=len(gsize), global_offset=[0, 0, 0],
                                  global_size=g, local_size=l),
                     pocl=True, expected_by='pocl', per_simd_expected=False,
                     args=[arg_json(d, i, a) for i, a in enumerate(args)], outputs=ro))

def recipes_a(runs, out):
    fl = [R.randint(-4000, 4000) / 4.0 for _ in range(N)]
    recipe(runs, out, 'h_conv.conv', [N], [64],
           [buf('f', fl), buf('i', [-1] * 4 * N), buf('f', [-1.0] * 2 * N)],
           [(1, 'i', 1, EX), (2, 'f', 1, EX)])
    recipe(runs, out, 'h_conv.ibits', [N], [64],
           [buf('I', [R.getrandbits(32) for _ in range(N)]), buf('I', [0] * 8 * N)],
           [(1, 'I', 1, EX)])
    lv = [R.getrandbits(64) - (1 << 63) for _ in range(512)]
    recipe(runs, out, 'h_long.lmath', [512], [64],
           [buf('q', lv), buf('q', [0] * 6 * 512), buf('q', [5, -(1 << 62)])],
           [(1, 'q', 1, EX), (2, 'q', 1, EX)])
    fa = [R.randint(-800, 800) / 16.0 for _ in range(N)]
    recipe(runs, out, 'h_float.fbuiltins', [N], [64],
           [buf('f', fa), buf('f', [-1.0] * 8 * N), buf('e', [0] * 2 * N)],
           [(1, 'f', 1, EX), (2, 'e', 1, EX)])
    recipe(runs, out, 'h_float.fmath', [N], [64],
           [buf('f', fa), buf('f', [-1.0] * 4 * N)],
           [(1, 'f', 1, {'abs': 2e-3, 'rel': 2e-3})])
    ops = [R.randint(-5000, 5000) for _ in range(N)]
    recipe(runs, out, 'h_flow.bigswitch', [N], [64],
           [buf('i', ops), buf('i', [0] * N)], [(1, 'i', 1, EX)])
    recipe(runs, out, 'h_flow.nested', [N], [64],
           [buf('i', ops), buf('i', [0] * N)], [(1, 'i', 1, EX)])
    wv = [R.randint(-100, 100) for _ in range(N)]
    recipe(runs, out, 'h_local.wg', [N], [64],
           [buf('i', wv), buf('i', [0] * N), dict(kind='local', bytes=256)],
           [(1, 'i', 1, EX)])
    recipe(runs, out, 'h_local.lcas', [N], [64],
           [buf('i', wv), buf('i', [0] * 4 * (N // 64)), dict(kind='local', bytes=32)],
           [(1, 'i', 1, EX)])

def recipes_b(runs, out):
    W, H, D = 32, 8, 4
    vol = bytes(R.getrandbits(8) for _ in range(W * H * D * 4))
    recipe(runs, out, 'h_image.img3d', [W, H], [32, 2],
           [img(W, H, 'CL_RGBA', 'CL_UNORM_INT8', 4, vol, 'image3d', D),
            buf('f', [-1.0] * 4 * W * H, 16)], [(1, 'f', 4, {'ulp': 4})])
    src2 = bytes(R.getrandbits(8) for _ in range(W * H * 4))
    recipe(runs, out, 'h_image.img_unorm', [W, H], [32, 2],
           [img(W, H, 'CL_RGBA', 'CL_UNSIGNED_INT8', 4, src2),
            img(W, H, 'CL_RGBA', 'CL_UNORM_INT8', 4, bytes(W * H * 4), elem=4, fmt='B')],
           [(1, 'B', 4, EX)])
    params = struct.pack('<bxhf', -7, 1234, 0.5) + b'\0' * 8 + pack('i', [1, -2, 3, -4])
    recipe(runs, out, 'h_vec.vecs', [256], [64],
           [buf('f', [R.randint(-400, 400) / 8.0 for _ in range(1024)], 16),
            dict(kind='buffer', fmt='B', data=bytes(R.getrandbits(8) for _ in range(1024)), elem=4),
            buf('f', [-1.0] * 8 * 256, 32),
            dict(kind='buffer', fmt='B', data=bytes(1024), elem=4),
            buf('i', [0] * 256), scalar_arg(params, 'Params')],
           [(2, 'f', 8, EX), (3, 'B', 4, EX), (4, 'i', 1, EX)])
    recipe(runs, out, 'h_vec.v3', [256], [64],
           [buf('f', [R.randint(-99, 99) / 4.0 for _ in range(768)]),
            buf('h', [R.randint(-32768, 32767) for _ in range(512)])],
           [(0, 'f', 1, EX), (1, 'h', 1, EX)])
    recipe(runs, out, 'h_double.dmath', [512], [64],
           [buf('d', [R.randint(-10**6, 10**6) / 64.0 for _ in range(512)]),
            buf('d', [0.0] * 4 * 512), buf('q', [0] * 2 * 512)],
           [(1, 'd', 1, EX), (2, 'q', 1, EX)])
    recipe(runs, out, 'h_global.gvars', [N], [64],
           [buf('i', [R.randint(0, 1000) for _ in range(N)]), buf('f', [0.0] * N)],
           [(1, 'f', 1, EX)], opts='-cl-std=CL2.0')
    recipe(runs, out, 'h_atom.atoms', [N], [64],
           [buf('i', [R.randint(-100000, 100000) for _ in range(N)]),
            buf('i', [1 << 30, -(1 << 30), -1, 0, 0, 1000]),
            buf('I', [5, 1 << 20, 0xffffffff, 0])],
           [(1, 'i', 1, EX), (2, 'I', 1, EX)])

def recipes_c(runs, out):
    texels = bytes(R.getrandbits(8) for _ in range(16 * 8 * 4))
    recipe(runs, out, 'h_img2.lin', [32, 8], [32, 2],
           [img(16, 8, 'CL_RGBA', 'CL_UNORM_INT8', 4, texels),
            dict(kind='sampler', normalized_coords=True,
                 addressing_mode='CL_ADDRESS_REPEAT', filter_mode='CL_FILTER_LINEAR'),
            buf('f', [-1.0] * 4 * 256, 16),
            scalar_arg(pack('f', [1.0 / 20]), 'float'),
            scalar_arg(pack('f', [1.0 / 6]), 'float')],
           [(2, 'f', 4, {'abs': 0.01})])
    recipe(runs, out, 'h_img2.mirror', [32, 8], [32, 2],
           [img(16, 8, 'CL_RGBA', 'CL_UNORM_INT8', 4, texels),
            buf('f', [-1.0] * 4 * 256, 16)], [(1, 'f', 4, {'ulp': 4})])
    i16 = pack('h', [R.randint(-3000, 3000) for _ in range(32 * 8 * 4)])
    recipe(runs, out, 'h_img2.i16', [32, 8], [32, 2],
           [img(32, 8, 'CL_RGBA', 'CL_SIGNED_INT16', 8, i16),
            img(32, 8, 'CL_RGBA', 'CL_SIGNED_INT16', 8, bytes(32 * 8 * 8), elem=8, fmt='h')],
           [(1, 'h', 4, EX)])
    recipe(runs, out, 'h_priv.priv', [256], [64],
           [buf('i', [R.randint(-10**6, 10**6) for _ in range(N)]), buf('i', [0] * 256)],
           [(1, 'i', 1, EX)])
    recipe(runs, out, 'h_priv.manyregs', [256], [64],
           [buf('f', [R.randint(-64, 64) / 8.0 for _ in range(1024)], 16),
            buf('f', [0.0] * 1024, 16)],
           [(1, 'f', 4, {'ulp': 16, 'abs': 1e-4})])
    recipe(runs, out, 'h_more.more', [N], [64],
           [buf('f', [R.randint(-4000, 4000) / 64.0 for _ in range(N)]),
            buf('f', [0.0] * 8 * N), buf('i', [0] * 2 * N)],
           [(1, 'f', 1, {'ulp': 16, 'abs': 1e-5}), (2, 'i', 1, EX)])

def sg_model(v, simd, wg):
    """Python model of h_sub.sg for sub-group size simd."""
    out = []
    for g in range(len(v)):
        base = g - g % wg + (g % wg) // simd * simd
        sub = v[base:base + simd]
        l = g - base
        n = simd
        down = l + 3
        up = l - 2
        out += [max(sub[:l + 1]), min(sub),
                int(all(x > -90 for x in sub)) + 2 * int(any(x > 95 for x in sub)),
                sub[down] if down < n else 2 * sub[down - n],
                sub[up] if up >= 0 else 3 * sub[n + up],
                (g % wg) // simd * 100 + wg // simd,
                min(sub[:l]) if l else 0x7fffffff,
                sub[n - 1 - l]]
    return out

def recipes_d(runs, out):
    v = [R.randint(-100, 100) for _ in range(N)]
    recipe(runs, out, 'h_sub.sg', [N], [64],
           [buf('i', v), buf('i', [0] * 8 * N)], [(1, 'i', 1, EX)],
           opts='-cl-std=CL2.0')
    r = runs[-1]
    r.update(pocl=False, expected_by='python-model', per_simd_expected=True)
    o = r['outputs'][0]
    del o['expected']
    o['expected_by_simd'] = {}
    for simd in (8, 16, 32):
        f = f'expected.1.simd{simd}.bin'
        open(f'{out}/runs/h_sub.sg/{f}', 'wb').write(pack('i', sg_model(v, simd, 64)))
        o['expected_by_simd'][str(simd)] = f

def f32(x):
    return struct.unpack('<f', struct.pack('<f', x))[0]

def rec_vec(a, b, n):
    """h_calls.cl rec_vec in single precision."""
    if n == 0 or b[0] < -250:
        return a
    a2 = [f32(f32(x * 0.75) + (y & 7)) for x, y in zip(a, b)]
    r = rec_vec(a2, [y - 3 for y in b[1:] + b[:1]], n - 1)
    return [f32(x + n) for x in r]

def rec_bytes(c, n):
    """h_calls.cl rec_bytes."""
    if n == 0:
        return c
    r = rec_bytes([(x + n) & 255 for x in c[1:] + c[:1]], n - 1)
    return [x ^ (n * 3 & 255) for x in r]

def recipes_e(runs, out):
    ints = [R.randint(-100000, 100000) for _ in range(N)]
    recipe(runs, out, 'h_calls.call_loop', [N], [64],
           [buf('i', ints), buf('i', [0] * N)], [(1, 'i', 1, EX)])
    recipe(runs, out, 'h_calls.rec_calls', [N], [64],
           [buf('I', [R.getrandbits(32) for _ in range(N)]), buf('I', [0] * N)],
           [(1, 'I', 1, EX)])
    M = 256
    recipe(runs, out, 'h_calls.vec_calls', [M], [64],
           [buf('f', [R.randint(-999, 999) / 8.0 for _ in range(8 * M)], 32),
            buf('i', [R.randint(-300, 300) for _ in range(8 * M)], 32),
            dict(kind='buffer', fmt='B', data=bytes(R.getrandbits(8) for _ in range(16 * M)),
                 elem=16),
            buf('f', [-1.0] * 8 * M, 32), buf('i', [0] * 8 * M, 32),
            dict(kind='buffer', fmt='B', data=bytes(16 * M), elem=16)],
           [(3, 'f', 8, EX), (4, 'i', 8, EX), (5, 'B', 16, EX)])
    recipe(runs, out, 'h_calls.vec_multi', [M], [64],
           [buf('f', [R.randint(-999, 999) / 8.0 for _ in range(8 * M)], 32),
            buf('i', [R.randint(-300, 300) for _ in range(8 * M)], 32),
            dict(kind='buffer', fmt='B', data=bytes(R.getrandbits(8) for _ in range(16 * M)),
                 elem=16),
            buf('f', [-1.0] * 8 * M, 32),
            dict(kind='buffer', fmt='B', data=bytes(16 * M), elem=16)],
           [(3, 'f', 8, EX), (4, 'B', 16, EX)])
    fa = [R.randint(-999, 999) / 8.0 for _ in range(8 * M)]
    ib = [R.randint(-300, 300) for _ in range(8 * M)]
    uc = bytes(R.getrandbits(8) for _ in range(16 * M))
    recipe(runs, out, 'h_calls.vec_stack', [M], [64],
           [buf('f', fa, 32), buf('i', ib, 32),
            dict(kind='buffer', fmt='B', data=uc, elem=16),
            buf('f', [-1.0] * 8 * M, 32),
            dict(kind='buffer', fmt='B', data=bytes(16 * M), elem=16)],
           [(3, 'f', 8, EX), (4, 'B', 16, EX)])
    # PoCL crashes on recursion with vector arguments: a Python model
    r = runs[-1]
    r.update(pocl=False, expected_by='python-model')
    of, ou = [], b''
    for i in range(M):
        of += rec_vec(fa[8 * i:8 * i + 8], ib[8 * i:8 * i + 8], ib[8 * i + 1] & 7)
        ou += bytes(rec_bytes(list(uc[16 * i:16 * i + 16]), ib[8 * i + 2] & 15))
    open(f'{out}/runs/h_calls.vec_stack/expected.3.bin', 'wb').write(pack('f', of))
    open(f'{out}/runs/h_calls.vec_stack/expected.4.bin', 'wb').write(ou)
    recipe(runs, out, 'h_calls.vec_nested', [M], [64],
           [buf('f', fa, 32), buf('i', ib, 32),
            dict(kind='buffer', fmt='B', data=uc, elem=16),
            buf('f', [-1.0] * 8 * M, 32)],
           [(3, 'f', 8, EX)])
    recipe(runs, out, 'h_edge.slm_vec3', [N], [64],
           [buf('f', [R.randint(-800, 800) / 16.0 for _ in range(N)]), buf('f', [0.0] * N)],
           [(1, 'f', 1, EX)])
    recipe(runs, out, 'h_edge.cbuf_tail', [N], [64],
           [buf('f', [R.randint(-64, 64) / 4.0 for _ in range(90)]), buf('f', [0.0] * N)],
           [(1, 'f', 1, EX)])
    ua = [R.getrandbits(16) for _ in range(N)]
    ub = [max(1, R.getrandbits(R.choice([3, 8, 12, 16]))) for _ in range(N)]
    recipe(runs, out, 'h_edge.udiv16', [N], [64],
           [buf('H', ua), buf('H', ub), buf('H', [0] * N), buf('H', [0] * N)],
           [(2, 'H', 1, EX), (3, 'H', 1, EX)])
    sa = [R.randint(-32767, 32767) for _ in range(N)]
    sb = [R.choice([-1, 1]) * max(1, R.getrandbits(R.choice([3, 8, 14]))) for _ in range(N)]
    recipe(runs, out, 'h_edge.sdiv16', [N], [64],
           [buf('h', sa), buf('h', sb), buf('h', [0] * N),
            dict(kind='buffer', fmt='B', data=bytes(N), elem=1)],
           [(2, 'h', 1, EX), (3, 'B', 1, EX)])

def recipes_f(runs, out):
    sa = [R.randint(-32768, 32767) for _ in range(N)]
    sb = [R.randint(-32768, 32767) for _ in range(N)]
    recipe(runs, out, 'h_small.small_ops', [N], [64],
           [buf('h', sa), buf('h', sb), buf('h', [0] * 8 * N),
            dict(kind='buffer', fmt='B', data=bytes(8 * N), elem=1)],
           [(2, 'h', 1, EX), (3, 'B', 1, EX)])
    M = 256
    recipe(runs, out, 'h_small.small_vec', [M], [64],
           [buf('h', [R.randint(-32768, 32767) for _ in range(8 * M)], 16),
            buf('h', [R.randint(-2000, 2000) for _ in range(8 * M)], 16),
            buf('h', [0] * 8 * M, 16),
            dict(kind='buffer', fmt='B', data=bytes(8 * M), elem=8),
            buf('H', [0] * 4 * M, 8)],
           [(2, 'h', 8, EX), (3, 'B', 8, EX), (4, 'H', 4, EX)])

def recipes_g(runs, out):
    hv = [struct.unpack('<e', struct.pack('<e', R.randint(-2000, 2000) / 64.0))[0]
          for _ in range(2 * N)]
    recipe(runs, out, 'h_half.hmath', [N], [64],
           [buf('e', hv[:N]), buf('e', hv[N:]), buf('e', [0.0] * 4 * N),
            buf('f', [0.0] * N)],
           [(2, 'e', 1, {'ulp': 2}), (3, 'f', 1, EX)])
    # PoCL has no cl_khr_fp16: a Python model (IGC may fuse x*y+x,
    # hence the 2-ulp rule)
    r = runs[-1]
    r.update(pocl=False, expected_by='python-model')
    h = lambda v: struct.unpack('<e', struct.pack('<e', v))[0]
    o, f = [], []
    for x, y in zip(hv[:N], hv[N:]):
        o += [h(h(x * y) + x), h(x * y + 1.5), h(max(x, y) - min(x, 0.25)),
              h(x / 3.0) if x > y else h(y * 0.5)]
        f.append(f32(h(x + y) * 2.0))
    open(f'{out}/runs/h_half.hmath/expected.2.bin', 'wb').write(pack('e', o))
    open(f'{out}/runs/h_half.hmath/expected.3.bin', 'wb').write(pack('f', f))

def recipes_h(runs, out):
    v = [R.randint(-100, 100) for _ in range(N)]
    recipe(runs, out, 'h_wg.wg_funcs', [N], [64],
           [buf('i', v), buf('i', [0] * 6 * N)], [(1, 'i', 1, EX)],
           opts='-cl-std=CL2.0')
    # PoCL does not build work-group functions: a Python model
    runs[-1].update(pocl=False, expected_by='python-model')
    res = []
    for g in range(N):
        grp = v[g - g % 64:g - g % 64 + 64]
        l = g % 64
        res += [sum(grp), max(grp), sum(grp[:l + 1]),
                min(grp[:l]) if l else 0x7fffffff, grp[5],
                int(any(x > 90 for x in grp)) + 2 * int(all(x > -95 for x in grp))]
    open(f'{out}/runs/h_wg.wg_funcs/expected.1.bin', 'wb').write(pack('i', res))

def recipes_i(runs, out):
    ub = bytes(R.getrandbits(8) for _ in range(N))
    recipe(runs, out, 'h_bytes.slm_bytes', [N], [64],
           [dict(kind='buffer', fmt='B', data=ub, elem=1),
            dict(kind='buffer', fmt='B', data=bytes(N), elem=1),
            buf('h', [0] * 2 * N)],
           [(1, 'B', 1, EX), (2, 'h', 1, EX)])
    recipe(runs, out, 'h_bytes.unaligned', [N], [64],
           [dict(kind='buffer', fmt='B', data=bytes(R.getrandbits(8) for _ in range(3 * N + 16)),
                 elem=1),
            buf('h', [R.randint(-3000, 3000) for _ in range(N + 8)]),
            dict(kind='buffer', fmt='B', data=bytes(3 * N), elem=1),
            buf('i', [0] * N)],
           [(2, 'B', 1, EX), (3, 'i', 1, EX)])

def recipes_j(runs, out):
    recipe(runs, out, 'h_flow2.exits', [N], [64],
           [buf('i', [R.randint(-5000, 5000) for _ in range(N)]), buf('i', [0] * N)],
           [(1, 'i', 1, EX)])

def expected(runs, out, pocl_run):
    for r in runs:
        if not r['pocl']:
            continue
        tmp = f'{out}/pocl/{r["name"]}'
        os.makedirs(tmp, exist_ok=True)
        p = subprocess.run([pocl_run, '-q', f'{out}/runs.json', r['name'], tmp],
                           capture_output=True, text=True)
        if p.returncode:
            sys.stderr.write(f'PoCL failed on {r["name"]}: {p.stdout[-300:]}{p.stderr[-300:]}\n')
            r['expected_by'] = None
            continue
        for o in r['outputs']:
            os.replace(f'{tmp}/out.{o["arg"]}.bin',
                       f'{out}/runs/{r["name"]}/expected.{o["arg"]}.bin')

def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    out, pocl_run = sys.argv[1], sys.argv[2]
    if not shutil.which('ocloc'):
        sys.exit(1)
    manifests(out)
    runs = []
    recipes_a(runs, out)
    recipes_b(runs, out)
    recipes_c(runs, out)
    recipes_d(runs, out)
    recipes_e(runs, out)
    recipes_f(runs, out)
    recipes_g(runs, out)
    recipes_h(runs, out)
    recipes_i(runs, out)
    recipes_j(runs, out)
    if os.environ.get('PROBE_STEMS'):
        runs = [r for r in runs
                if r['name'].split('.')[0] in os.environ['PROBE_STEMS'].split()]
    doc = dict(schema='corpus-runs/1', set='gensim-probe', runs=runs)
    json.dump(doc, open(f'{out}/runs.json', 'w'), indent=1)
    expected(runs, out, pocl_run)
    json.dump(doc, open(f'{out}/runs.json', 'w'), indent=1)

if __name__ == '__main__':
    main()
