// Type-checks against the shipped typings (tsc --noEmit, strict): every export and result type.
import { extract, extractHtml, extractWithTrace, isProbablyReaderable, learnSite, SiteMemory } from "lectern";
import type { LecternArticle, LecternErrorName, LecternOptions, LecternRegion, LecternTrace } from "lectern";
import init from "lectern/init";

const options: LecternOptions = { url: "https://example.org/", mode: "precision", limits: { timeBudgetMs: 2000 } };
const fromString: LecternArticle | null = extractHtml("<p>hi</p>", options);
const words: number | undefined = fromString?.wordCount;
const memory: SiteMemory = learnSite(["<p>a</p>", "<p>b</p>"], { mode: "recall" });
const pages: number = memory.pages;
const json: string = memory.export();
const again: SiteMemory = SiteMemory.import(json);
extractHtml("<p>hi</p>", undefined, again);

function live(doc: Document): number {
  const article = extract(doc, null, memory);
  const nodes: Node[] = article ? article.contentNodes : [];
  const { trace }: { trace: LecternTrace } = extractWithTrace(doc);
  const region: LecternRegion | undefined = trace.regions.find((r) => !r.kept);
  const overlayTarget: Node | null = region ? region.node : null;
  return nodes.length + (overlayTarget ? 1 : 0) + (isProbablyReaderable(doc) ? 1 : 0);
}

function errorKind(e: unknown): LecternErrorName | null {
  const known: LecternErrorName[] = ["InputTooLarge", "TimeBudgetExceeded", "NotADocument", "InvalidSnapshot", "InvalidOptions", "Dom"];
  return e instanceof Error && (known as string[]).includes(e.name) ? (e.name as LecternErrorName) : null;
}

// @ts-expect-error: unknown option keys are a type error as well as a runtime one.
extractHtml("<p>hi</p>", { mood: "calm" });

export { words, pages, live, errorKind, init };
