import type { Page, Response } from 'playwright-core';
import { operations } from '../../../schemas/operations.generated';

/**
 * What a person must never read on a page, checked on the words the page shows (text, labels, placeholders,
 * titles — not code blocks, text areas or a definition's JSON shown on purpose): a dotted i18n key
 * (`home.internal.body`: a text whose key stayed behind), a raw operation id (`confirmTenderOpening`) or a
 * raw field name (`fileName`) in a sentence. And the requests a page makes on load that fail (4xx/5xx):
 * nothing the user did asked for them.
 */

/** Words shown on the page: text nodes and the labels a screen reader reads, outside code and JSON shown on purpose. */
async function shownWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const skip = 'pre, code, textarea, script, style, noscript, [contenteditable="true"]';
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      if (!text || n.parentElement?.closest(skip)) continue;
      out.push(text);
    }
    for (const el of document.body.querySelectorAll('[aria-label], [placeholder], [title]')) {
      if (el.closest(skip)) continue;
      for (const attr of ['aria-label', 'placeholder', 'title']) {
        const v = el.getAttribute(attr)?.trim();
        if (v) out.push(v);
      }
    }
    return out;
  });
}

/** Endings that make a dotted word a file, a host or an address, not a key. */
const NOT_KEY_ENDINGS = new Set([
  'com',
  'kr',
  'net',
  'org',
  'io',
  'local',
  'test',
  'xlsx',
  'xls',
  'pdf',
  'csv',
  'json',
  'xml',
  'png',
  'jpg',
  'jpeg',
  'txt',
  'zip',
  'hwp',
  'docx',
  'pptx',
  'html',
]);
/** `home.internal.body`, `ui.save`: lower-case first, words of two letters or more (not "e.g."), one dot or more. */
const DOTTED = /(?<![\w@/.:-])[a-z][a-zA-Z0-9]+(?:\.[a-zA-Z][a-zA-Z0-9]+)+(?![\w@/-])/g;
/** `fileName`, `compNo`: a lower-case word of two letters or more followed by capitalised ones (not "iM Bank"). */
const CAMEL = /(?<![\w@/.:-])[a-z]{2,}(?:[A-Z][a-z0-9]*)+(?![\w@/.-])/g;
/** An example of what to type into an identifier's box (`(예: openPoBySupplier)`): the format asked for, not a raw name. */
const EXAMPLE = /(?:예|e\.g\.)\s*:?\s*[A-Za-z][\w.]*/g;
/** Addresses and e-mail addresses, whose parts are neither keys nor field names. */
const ADDRESS = /\b[\w.+-]+@[\w.-]+\b|https?:\/\/\S+|\b(?:www\.)?[\w-]+(?:\.[\w-]+)+\/\S*/g;

const OPERATION_IDS = new Set(Object.keys(operations));

/** The raw words found: 'key "home.internal.body"', 'operation "confirmTenderOpening"', 'field "fileName"'. */
export function rawWords(texts: readonly string[]): string[] {
  const found = new Set<string>();
  for (const raw of texts) {
    const text = raw.replace(ADDRESS, ' ').replace(EXAMPLE, ' ');
    for (const m of text.matchAll(DOTTED)) {
      const ending = m[0].slice(m[0].lastIndexOf('.') + 1).toLowerCase();
      if (!NOT_KEY_ENDINGS.has(ending)) found.add(`key "${m[0]}" in "${raw.slice(0, 120)}"`);
    }
    for (const m of text.matchAll(CAMEL)) {
      const what = OPERATION_IDS.has(m[0]) ? 'operation' : 'field';
      found.add(`${what} "${m[0]}" in "${raw.slice(0, 120)}"`);
    }
  }
  return [...found];
}

/** The raw words on the page as it is now. */
export async function rawWordsOn(page: Page): Promise<string[]> {
  return rawWords(await shownWords(page));
}

/** Records every failed request (4xx/5xx) of the page's own origin: `GET /api/v1/… → 400`. */
export function recordFailedRequests(page: Page): string[] {
  const failed: string[] = [];
  const origin = () => new URL(page.url()).origin;
  page.on('response', (r: Response) => {
    if (r.status() < 400) return;
    let url: URL;
    try {
      url = new URL(r.url());
      if (url.origin !== origin()) return;
    } catch {
      return;
    }
    failed.push(`${r.request().method()} ${url.pathname}${url.search} → ${r.status()}`);
  });
  return failed;
}

/**
 * Switches the page's language with the switch a person uses (한국어 / English) and waits until the page is in
 * it: the document's language set, the switch pressed and the frame after it drawn (react-i18next re-renders
 * every text in the task that switched; the server's messages and menus that follow only replace texts).
 */
export async function switchLanguage(page: Page, lang: 'ko' | 'en'): Promise<void> {
  // The switch's own click handler, as a click on it runs it: an open dialog's backdrop (the supplier picker) would
  // take a pointer's click, where a person closes the dialog first.
  await page.locator(`button[lang="${lang}"]`).first().dispatchEvent('click');
  await page.waitForFunction(
    (l) =>
      document.documentElement.lang === l &&
      document.querySelector(`button[lang="${l}"]`)?.getAttribute('aria-pressed') === 'true',
    lang,
  );
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}
