#!/usr/bin/env python3
"""Which kept gold content blocks carry the words of each kept styled-dev noise block.

    python3 tools/styled_cover.py PRED.jsonl [PAGE_PREFIX]

Per page: every noise block the output keeps (score_blocks 60 % bag-of-words test), art=True
when the kept gold content blocks alone cover it (only dropping content frees it), the single
content blocks whose drop frees it and the four that share most of its words; then the kept
content blocks. contiguous=True when the block's words appear in the output in its order, one
after another (the output holds the block itself rather than its words scattered through other
text); the last line counts both. Session 18 (styled18d, contiguity: integration), docs/QUALITY.md.
"""
import importlib.util, json, os, re, sys
from collections import Counter
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
spec = importlib.util.spec_from_file_location('sb', os.path.join(ROOT, '../shared/eval/score_blocks.py')); sb = importlib.util.module_from_spec(spec); spec.loader.exec_module(sb)
gold = sb.load_jsonl(os.path.join(ROOT, '../shared/datasets/styled-dev/gold.jsonl'))
rows = {r['id']: r.get('text','') for r in sb.load_jsonl(sys.argv[1])}
only = sys.argv[2] if len(sys.argv)>2 else None
def words(s): return ' '.join(re.findall(r'\w+', s.lower()))
kept_noise = contiguous = 0
def sub(a,b):
    c=Counter(a); c.subtract(b); return Counter({k:v for k,v in c.items() if v>0})
for g in gold:
    if only and only not in g['id']: continue
    p = sb.toks(rows.get(g['id'],'')); ow = words(rows.get(g['id'],''))
    blocks=[(i,b) for i,b in enumerate(g['blocks']) if not b.get('mojibake')]
    kc=[(i,b) for i,b in blocks if b['type'] in sb.CONTENT and sb.kept(sb.toks(b['text']),p,.6)]
    kn=[(i,b) for i,b in blocks if b['type'] in sb.NOISE and sb.kept(sb.toks(b['text']),p,.6)]
    if not kn: continue
    print('=====', g['id'], f'kept content {len(kc)}, kept noise {len(kn)}')
    allc=Counter()
    for i,b in kc: allc+=sb.toks(b['text'])
    for i,b in kn:
        bc=sb.toks(b['text'])
        art=sb.kept(bc,allc,.6)
        cont=words(b['text']) in ow
        kept_noise += 1; contiguous += cont
        print(f'  NOISE #{i} {b["type"]} L{b.get("level")} {sum(bc.values())}w art={art} contiguous={cont} {b["text"][:90]!r}')
        if not art: continue
        # which single content blocks, removed from the content union, free it
        frees=[]
        for j,c in kc:
            rest=Counter()
            for k,d in kc:
                if k!=j: rest+=sb.toks(d['text'])
            if not sb.kept(bc,rest,.6): frees.append(j)
        # overlap contribution per content block
        contrib=sorted(((sum(min(v,sb.toks(c['text']).get(w,0)) for w,v in bc.items()),j) for j,c in kc),reverse=True)[:4]
        print(f'      freed by dropping single content: {frees}; overlap top: {contrib}')
    for i,b in kc:
        print(f'  content #{i} {b["type"]} L{b.get("level")} {sum(sb.toks(b["text"]).values())}w {b["text"][:110]!r}')
print(f'{kept_noise} noise blocks kept by the 60 % bag-of-words test; {contiguous} of them appear contiguously in the output')
