// The matching rule of tools/eval_metadata.mjs (run: node --test tools/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { match, day } from './eval_metadata.mjs';

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
