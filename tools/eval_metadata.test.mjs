// The matching rule of tools/eval_metadata.mjs (run: node --test tools/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { match, day, specMatch, siteNames, withoutSiteSuffix, isName, namePart } from './eval_metadata.mjs';

test('titles match on letters and digits only', () => {
  assert.ok(match('title', 'How we designed Dropbox’s ATF – an async task framework', 'How we designed Dropbox’s ATF - an async task framework'));
  assert.ok(!match('title', 'Mozilla', 'Mozilla - Wikipedia'));
  assert.ok(!match('title', null, 'x'));
});

test('authors match as a bag of name words, in any order, without "by"', () => {
  assert.ok(match('author', 'By Jane Doe and John Roe', 'John Roe, Jane Doe'));
  assert.ok(!match('author', 'Jane Doe', 'Jane Doe, John Roe'));
  assert.ok(!match('author', 'By', 'By'));
});

test('dates match on the calendar day as written', () => {
  assert.equal(day('2025-09-04T23:00:00-04:00'), '2025-09-04');
  assert.equal(day('March 11, 2026 UTC'), '2026-03-11');
  assert.ok(match('date', '2024-02-10T09:00:00Z', '2024-02-10'));
  assert.ok(!match('date', 'soon', '2024-02-10'));
});

test('spec-aware titles: the gold minus a trailing site-name segment also counts', () => {
  const names = siteNames('<meta property="og:site_name" content="eHow"><link rel="canonical" href="https://en.wikipedia.org/wiki/Mozilla">', null);
  assert.ok(names.has('ehow') && names.has('wikipedia'));
  assert.ok(specMatch('title', 'Mozilla', 'Mozilla - Wikipedia', names));
  assert.ok(specMatch('title', 'How to Build a Terrarium', 'How to Build a Terrarium | eHow', names));
  // The suffix must be the page's own site name, not any last segment.
  assert.ok(!specMatch('title', 'Mozilla', 'Mozilla - Firefox', names));
  assert.equal(withoutSiteSuffix('Mozilla - Firefox', names), null);
  // Strict matches still count; the strict rule itself is unchanged.
  assert.ok(specMatch('title', 'Mozilla - Wikipedia', 'Mozilla - Wikipedia', names));
  assert.ok(!match('title', 'Mozilla', 'Mozilla - Wikipedia'));
  // A host gives its distinctive label, a two-letter second-level suffix included.
  assert.ok(siteNames('', 'https://www.bbc.co.uk/news/x').has('bbc'));
});

test('spec-aware authors: a gold that is not a name is left out for both tools', () => {
  assert.equal(specMatch('author', 'Jane Doe', 'Follow Author', new Set()), null);
  assert.equal(specMatch('author', 'Jane Doe', 'Last Updated: January 7, 2025', new Set()), null);
  assert.equal(specMatch('author', null, 'By Nathan Willis March 25, 2015', new Set()), null);
  assert.ok(isName('By Jane Doe') && isName('史蒂文的家_藍天 (stevenhgm)'));
  // Handles and names that hold digits are names; a date after the name is not.
  assert.ok(isName('ggailey777') && isName('98 Buck Social'));
  assert.ok(!isName('by Lucas Nolan22 Dec 2016651'));
  assert.equal(specMatch('author', 'Jane Doe', 'By Jane Doe', new Set()), true);
  assert.equal(specMatch('author', 'John Roe', 'Jane Doe', new Set()), false);
});

test('spec-aware authors: a byline block or URL note is scored by its name part, for both tools', () => {
  assert.equal(namePart('By Kelli  Miller\n        WebMD Health News'), 'By Kelli  Miller');
  assert.equal(namePart('Written by Rob Ewaschuk\n   Edited by Betsy Beyer'), 'Rob Ewaschuk');
  assert.equal(namePart('Bradley M. Kuhn (http://ebb.org/bkuhn/)'), 'Bradley M. Kuhn');
  assert.equal(namePart('Jane Doe'), 'Jane Doe');
  // The name part matches, and so does the whole gold (the tool that output the block).
  assert.equal(specMatch('author', 'Kelli Miller', 'By Kelli  Miller\n  WebMD Health News', new Set()), true);
  assert.equal(specMatch('author', 'By Kelli Miller WebMD Health News', 'By Kelli  Miller\n  WebMD Health News', new Set()), true);
  assert.equal(specMatch('author', 'Betsy Beyer', 'Written by Rob Ewaschuk\n Edited by Betsy Beyer', new Set()), false);
  // A date on the block's second line no longer hides the name on its first.
  assert.equal(specMatch('author', 'Nathan Willis', 'By Nathan Willis\n   March 25, 2015', new Set()), true);
  // One line holding a date after the name is still left out; the strict rule is unchanged.
  assert.equal(specMatch('author', 'Lucas Nolan', 'by Lucas Nolan22 Dec 2016651', new Set()), null);
  assert.ok(!match('author', 'Kelli Miller', 'By Kelli  Miller\n  WebMD Health News'));
});
