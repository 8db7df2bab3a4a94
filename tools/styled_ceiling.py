#!/usr/bin/env python3
"""What the styled-dev block scorer permits: the best (noise removed, content kept) any output can reach.

    python3 tools/styled_ceiling.py [--gold ../shared/datasets/styled-dev/gold.jsonl]
        [--scorer ../shared/eval/score_blocks.py] [--threshold 0.6] [--curve]

score_blocks.py counts a gold block KEPT when >= 60 % of its word tokens (a bag) occur anywhere in the
page's output, and the bar is "noise removed >= 90 %, content kept >= 75 %". Because a bag of words is
matched, a noise block whose words also occur in the content (a menu naming the site's sections, a
footer repeating the blurb) counts as kept by an output that holds only the content. This script
measures how far that goes, with score_blocks.py's own tokenisation and matching (it imports
`toks`, `kept`, `NOISE`, `CONTENT` and `score` from the scorer; blocks it leaves out — mojibake — are
left out here too):

1. Oracle: per page, the output is the text of every gold content block (mojibake ones included, as
   an extractor would print them). Scored with score_blocks.score itself.
2. Block-level greedy, content kept = 100 %: drop, one at a time, a content block whose removal frees
   at least one noise block and loses no scored content block (a mojibake block, or one whose words
   the other blocks still cover); two drops on one page when no single one does.
3. Block-level greedy curve: from the oracle, repeatedly drop the content block (any page) that frees
   the most noise blocks per scored content block lost (ties: fewer lost first, then more freed);
   when no single drop frees a noise block, two drops on one page are tried; the curve ends when
   neither frees one (or content kept falls below 50 %). Prints the curve and the best noise removed while content kept >= 75 %.
4. Token-level bound, content kept = 100 %: the output need not be whole blocks. Per page, starting
   from the oracle's bag of tokens, remove token occurrences one by one (those in the most still-kept
   noise blocks first) while every scored content block keeps its 60 %: an output of this bag keeps
   all content and removes this much noise. (Greedy, so a lower bound on what a token soup reaches.)

Every number is the scorer's: the final outputs of 1-3 are re-scored with score_blocks.score.

--present FULLTEXT.jsonl: the same on the blocks present in a render (score_blocks.py's option: a
"keep everything" output per page; e.g. the visible text of each capture). Blocks a render lacks
(network-only widgets) can be kept by no extractor of that render.
"""
import argparse
import importlib.util
import os
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))


def load_scorer(path):
    spec = importlib.util.spec_from_file_location('score_blocks', path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class Page:
    """One gold page: its scored noise/content blocks as token bags, its content blocks' texts."""

    def __init__(self, g, sb, threshold, present=None):
        self.id = g['id']
        self.th = threshold
        self.sb = sb
        self.noise = []  # token bags of scored noise blocks
        self.content = []  # (index into texts or None, token bag) of scored content blocks
        self.texts = []  # every content block's text (the oracle's pieces)
        self.scored_idx = []  # per text: index into self.content, or None (mojibake: unscored)
        for b in g['blocks']:
            t = b['type']
            if present is not None and not sb.kept(sb.toks(b['text']), present.get(self.id, Counter()), threshold):
                continue  # absent from the rendered page: the scorer's --present leaves it out
            if t in sb.CONTENT:
                self.texts.append(b['text'] or '')
                if b.get('mojibake'):
                    self.scored_idx.append(None)
                else:
                    self.scored_idx.append(len(self.content))
                    self.content.append(sb.toks(b['text']))
            elif t in sb.NOISE and not b.get('mojibake'):
                self.noise.append(sb.toks(b['text']))
        self.on = [True] * len(self.texts)
        self.bags = [sb.toks(x) for x in self.texts]

    def bag(self, on=None):
        on = self.on if on is None else on
        c = Counter()
        for i, b in enumerate(self.bags):
            if on[i]:
                c.update(b)
        return c

    def counts(self, on=None):
        """(noise removed, content kept) for the output made of the blocks switched on."""
        p = self.bag(on)
        nr = sum(not self.sb.kept(n, p, self.th) for n in self.noise)
        ck = sum(self.sb.kept(c, p, self.th) for c in self.content)
        return nr, ck

    def text(self):
        return '\n'.join(x for i, x in enumerate(self.texts) if self.on[i])


def rescore(sb, gold, pages, th, present=None):
    rows = [{'id': p.id, 'text': p.text()} for p in pages]
    s = sb.score(gold, rows, th, present)
    return s['noise_removed_pct'], s['content_kept_pct'], s['noise_removed'], s['content_kept']


def best_drop(pages, pairs=True, lossless=False):
    """The single content-block drop with the best noise freed per content lost (freeing >= 1)."""
    best = None

    def consider(p, drops, base):
        nonlocal best
        on = list(p.on)
        for i in drops:
            on[i] = False
        nr, ck = p.counts(on)
        freed, lost = nr - base[0], base[1] - ck
        if freed <= 0 or (lossless and lost):
            return
        key = (freed / lost if lost else float('inf'), -lost, freed)
        if best is None or key > best[0]:
            best = (key, p, drops, freed, lost)

    for p in pages:
        base = p.counts()
        for i in range(len(p.texts)):
            if p.on[i]:
                consider(p, (i,), base)
    if best is not None or not pairs:
        return best
    # no single drop frees a noise block: try two drops on one page
    for p in pages:
        base = p.counts()
        idx = [i for i in range(len(p.texts)) if p.on[i]]
        for x in range(len(idx)):
            for y in range(x + 1, len(idx)):
                consider(p, (idx[x], idx[y]), base)
    return best
    # no single drop frees a noise block: try two drops on one page
    for p in pages:
        nr0, ck0 = p.counts()
        idx = [i for i in range(len(p.texts)) if p.on[i]]
        for x in range(len(idx)):
            for y in range(x + 1, len(idx)):
                on = list(p.on)
                on[idx[x]] = on[idx[y]] = False
                nr, ck = p.counts(on)
                freed, lost = nr - nr0, ck0 - ck
                if freed <= 0 or (lossless and lost):
                    continue
                key = (freed / lost if lost else float('inf'), -lost, freed)
                if best is None or key > best[0]:
                    best = (key, p, (idx[x], idx[y]), freed, lost)
    return best


def token_trim(p):
    """Token-level: remove token occurrences while every content block the oracle keeps stays kept;
    returns the remaining bag as text (re-scored by the caller with score_blocks.score)."""
    sb, th = p.sb, p.th
    bag = p.bag([True] * len(p.texts))
    must = [c for c in p.content if sb.kept(c, bag, th)]
    changed = True
    while changed:
        changed = False
        live = [n for n in p.noise if sb.kept(n, bag, th)]
        # tokens of still-kept noise blocks, those in the most such blocks first
        weight = Counter()
        for n in live:
            for w in n:
                if bag.get(w, 0) > 0:
                    weight[w] += 1
        for w, _ in weight.most_common():
            while bag[w] > 0:
                bag[w] -= 1
                if all(sb.kept(c, bag, th) for c in must):
                    changed = True
                else:
                    bag[w] += 1
                    break
    return ' '.join(w for w, c in bag.items() for _ in range(c))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--gold', default=os.path.join(HERE, '../../shared/datasets/styled-dev/gold.jsonl'))
    ap.add_argument('--scorer', default=os.path.join(HERE, '../../shared/eval/score_blocks.py'))
    ap.add_argument('--threshold', type=float, default=0.6)
    ap.add_argument('--curve', action='store_true', help='print every step of the greedy curve')
    ap.add_argument('--present', help="fulltext PRED.jsonl (as score_blocks.py's --present): leave out the "
                    'blocks absent from the rendered page, so the ceiling is that of an extractor on those renders')
    a = ap.parse_args()
    sb = load_scorer(a.scorer)
    gold = sb.load_jsonl(a.gold)
    present = None
    if a.present:
        present = {r['id']: sb.toks(r.get('text')) for r in sb.load_jsonl(a.present)}
    pages = [Page(g, sb, a.threshold, present) for g in gold]
    N = sum(len(p.noise) for p in pages)
    C = sum(len(p.content) for p in pages)

    nr_pct, ck_pct, nr, ck = rescore(sb, gold, pages, a.threshold, present)
    print(f'oracle (all gold content blocks): noise removed {nr}/{N} = {nr_pct:.1f} %, '
          f'content kept {ck}/{C} = {ck_pct:.1f} %')

    # 2. free drops (no scored content lost)
    free = []
    while True:
        b = best_drop(pages, lossless=True)
        if b is None:
            break
        _, p, ii, freed, lost = b
        for i in ii:
            p.on[i] = False
        free.append((p.id, '+'.join(map(str, ii)), freed))
    nr_pct, ck_pct, nr, ck = rescore(sb, gold, pages, a.threshold, present)
    print(f'block-level, content kept 100 %: {len(free)} lossless drops -> noise removed {nr}/{N} = '
          f'{nr_pct:.1f} %, content kept {ck}/{C} = {ck_pct:.1f} %'
          + (' (' + ', '.join(f'{pid}#{i} +{f}' for pid, i, f in free) + ')' if free else ''))

    # 3. greedy curve
    print('\ncurve (block-level greedy: content kept %, noise removed %, step)')
    best75 = (nr_pct, ck_pct, nr, ck)
    rows = [(ck_pct, nr_pct, 'lossless drops')]
    while True:
        b = best_drop(pages)
        if b is None:
            break
        _, p, ii, freed, lost = b
        for i in ii:
            p.on[i] = False
        cur_nr = sum(x.counts()[0] for x in pages)
        cur_ck = sum(x.counts()[1] for x in pages)
        step = f'drop {p.id} content #{"+".join(map(str, ii))}: +{freed} noise removed, -{lost} content'
        rows.append((100.0 * cur_ck / C, 100.0 * cur_nr / N, step))
        if 100.0 * cur_ck / C >= 75.0 and cur_nr > best75[2]:
            best75 = (100.0 * cur_nr / N, 100.0 * cur_ck / C, cur_nr, cur_ck)
        if 100.0 * cur_ck / C < 50.0:
            break
    for i, (ck_p, nr_p, step) in enumerate(rows):
        last_at = i + 1 == len(rows) or int(rows[i + 1][0]) != int(ck_p)
        if a.curve or last_at:
            print(f'  content kept {ck_p:5.1f} %  noise removed {nr_p:5.1f} %   {step}')
    print(f'\nbest noise removed with content kept >= 75 % (block-level greedy): '
          f'{best75[2]}/{N} = {best75[0]:.1f} % at content kept {best75[3]}/{C} = {best75[1]:.1f} %')

    # 4. token-level bound with all content kept
    pages = [Page(g, sb, a.threshold, present) for g in gold]
    s = sb.score(gold, [{'id': p.id, 'text': token_trim(p)} for p in pages], a.threshold, present)
    print(f'token-level (any bag of words): noise removed {s["noise_removed"]}/{N} = '
          f'{s["noise_removed_pct"]:.1f} %, content kept {s["content_kept"]}/{C} = {s["content_kept_pct"]:.1f} %')


if __name__ == '__main__':
    main()
