#!/usr/bin/env python3
"""Dev-only stopgap until the html5ever parser lands: turns a corpus into Snapshot JSON lines
(one per page) with Python's html.parser, so the engine can be tuned before `lectern eval`
exists. Tree repair is approximate (implied </p>, </li>, void elements)."""
import gzip, json, sys
from html.parser import HTMLParser
from pathlib import Path

VOID = {"area","base","br","col","embed","hr","img","input","link","meta","source","track","wbr","param","keygen"}
CLOSES_P = {"p","div","ul","ol","table","h1","h2","h3","h4","h5","h6","section","article","main",
            "aside","header","footer","nav","pre","blockquote","figure","form","dl","hr","address","fieldset"}
RAW = {"script","style","textarea","title"}

class B(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.nodes=[{"kind":"document","parent":None,"children":[]}]
        self.stack=[0]
    def add(self, node):
        i=len(self.nodes); node["parent"]=self.stack[-1]; node.setdefault("children",[])
        self.nodes.append(node); self.nodes[self.stack[-1]]["children"].append(i); return i
    def tags(self): return [self.nodes[i].get("tag") for i in self.stack]
    def pop_to(self, tag):
        t=self.tags()
        if tag in t[1:]:
            k=len(t)-1-t[::-1].index(tag)
            del self.stack[k:]
    def handle_starttag(self, tag, attrs):
        t=self.tags()
        if tag in CLOSES_P and t[-1]=="p": self.stack.pop()
        if tag=="li":
            for k in range(len(t)-1,0,-1):
                if t[k] in ("ul","ol"): break
                if t[k]=="li": del self.stack[k:]; break
        if tag in ("td","th","tr"):
            for k in range(len(t)-1,0,-1):
                if t[k]=="table": break
                if t[k]==tag or (tag=="tr" and t[k] in ("td","th")): del self.stack[k:]; break
        attrs=[[k.lower(), v or ""] for k,v in attrs if not k.lower().startswith("on")]
        i=self.add({"kind":"element","tag":tag,"attrs":attrs})
        if tag not in VOID: self.stack.append(i)
    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack[-1]!=0 and self.nodes[self.stack[-1]].get("tag")==tag: self.stack.pop()
    def handle_endtag(self, tag):
        if tag in VOID: return
        self.pop_to(tag)
    def handle_data(self, data):
        if not data: return
        par=self.nodes[self.stack[-1]]
        if par["children"] and self.nodes[par["children"][-1]]["kind"]=="text":
            self.nodes[par["children"][-1]]["text"]+=data
        else:
            self.add({"kind":"text","text":data})

def decode(raw):
    for enc in ("utf-8",):
        try: return raw.decode(enc)
        except UnicodeDecodeError: pass
    head=raw[:4000].decode("ascii","ignore").lower()
    import re
    m=re.search(r'charset=["\']?([\w-]+)', head)
    if m:
        try: return raw.decode(m.group(1), "replace")
        except LookupError: pass
    return raw.decode("windows-1252","replace")

def main(data, out):
    with open(out,"w") as o:
        for line in open(Path(data)/"manifest.jsonl"):
            m=json.loads(line)
            b=B()
            try:
                b.feed(decode(gzip.open(Path(data)/m["html"]).read())); b.close()
            except Exception as e:
                print("skip", m["id"], e, file=sys.stderr)
            o.write(json.dumps({"id":m["id"],"snap":{"nodes":b.nodes,"url":m.get("url")}})+"\n")

if __name__=="__main__": main(sys.argv[1], sys.argv[2])
