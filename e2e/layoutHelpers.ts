/**
 * What the layout, keyboard and screenshot specs share: a data dir prepared before the host starts
 * (packages/desktop/test/support/seedDataDir.ts), messages from the locale files, and the checks for
 * labels laid out on two lines and for placeholders left in visible text.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ROOT, SEED_DATA_DIR } from './fixtures';


export const LANGUAGES = ['en', 'zh', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const SIZES = [
  { width: 1280, height: 800 },
  { width: 900, height: 600 },
] as const;

export interface Seed {
  language?: Language;
  /** Conversations with a message each, spread over every date group. */
  conversations?: number;
  /** Adds the OpenAI-compatible provider "Scripted" (model scripted-model) at this base URL. */
  providerUrl?: string;
  /** Adds "Long conversation" (500 messages, 200 tool-call cards) answered by that provider. */
  longConversation?: boolean;
}

/**
 * A message from the locale files (`chat/conversations:composer.send`) with its {{placeholders}}
 * filled, so a spec finds controls by their name in each language.
 */
export function message(language: Language, key: string, params: Record<string, string | number> = {}): string {
  const [namespace, dotted] = key.split(':') as [string, string];
  let node: unknown = JSON.parse(fs.readFileSync(path.join(ROOT, 'locales', language, `${namespace}.json`), 'utf8'));
  for (const part of dotted.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no message ${key} in ${language}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
}

/** Runs the seeder on `dataDir`; for launchHost's `prepare`. */
export function seedDataDir(dataDir: string, seed: Seed): void {
  const args = [dataDir];
  if (seed.language) args.push('--language', seed.language);
  if (seed.conversations) args.push('--conversations', String(seed.conversations));
  if (seed.providerUrl) args.push('--provider-url', seed.providerUrl);
  if (seed.longConversation) args.push('--long-conversation');
  const result = spawnSync(process.execPath, [SEED_DATA_DIR, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
  if (result.status !== 0) throw new Error(`seedDataDir failed (${result.status}): ${result.stderr}`);
}

/** Buttons, tabs and column headers whose label the browser laid out on more than one line. */
export function wrappedLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const wrapped: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('button, [role="tab"], th[scope="col"], h1, h2, h3, legend')) {
      if (element.closest('.visually-hidden') || element.getClientRects().length === 0) continue;
      // A conversation's title is cut with an ellipsis on one line; a heading may wrap when it is prose.
      if (/^H[123]$|^LEGEND$/.test(element.tagName) && element.textContent && element.textContent.trim().length > 12) continue;
      const lineTops = new Set<number>();
      const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let text = texts.nextNode(); text; text = texts.nextNode()) {
        if (text.parentElement?.closest('.visually-hidden')) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        for (const rect of range.getClientRects()) if (rect.width > 0) lineTops.add(Math.round(rect.top));
      }
      if (lineTops.size > 1) wrapped.push(`${element.tagName.toLowerCase()} “${element.textContent?.trim()}” on ${lineTops.size} lines`);
    }
    return wrapped;
  });
}

/** Visible text that still shows an i18n placeholder (`{{name}}`): a message given no value. */
export function visiblePlaceholders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      if (!text.textContent?.includes('{{')) continue;
      const element = text.parentElement;
      if (element && element.getClientRects().length > 0) found.push(text.textContent.trim());
    }
    return found;
  });
}
