import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { placeholderProblem } from '../../templates';
import { LANGUAGES, languageFromAcceptLanguage, type Language } from '../languages';
import { NAMESPACES, RESOURCES, type Messages } from '../resources';

/*
 * The CI key check (issue 45): every language has every key English has, no key English lacks, the same
 * placeholders, and every plural form its grammar uses. A translator who drops a key or renames {{business}}
 * fails this test, not a customer's page.
 */

const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') out.set(name, child);
    else for (const [k, v] of flatten(child, name)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

/** The plural forms a language uses for the counts we show (0 to 100 stars, reviews, characters). */
function pluralFormsOf(language: Language): string[] {
  const rules = new Intl.PluralRules(language);
  return [...new Set([...Array(101).keys()].map((n) => rules.select(n)).concat('other'))].sort();
}

/** Base key → its forms (plural keys) or [''] (a plain key). */
function keysOf(messages: Map<string, string>): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const key of messages.keys()) {
    const base = key.replace(PLURAL_SUFFIX, '');
    const form = PLURAL_SUFFIX.exec(key)?.[1] ?? '';
    keys.set(base, [...(keys.get(base) ?? []), form].sort());
  }
  return keys;
}

describe('customer languages', () => {
  it('has one plain JSON file per language and namespace, and nothing else', () => {
    const folders = fs.readdirSync(LOCALES).sort();
    expect(folders).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      const files = fs.readdirSync(path.join(LOCALES, language)).sort();
      expect(files, language).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
    }
  });

  for (const namespace of NAMESPACES) {
    const english = flatten(RESOURCES.en[namespace]);
    const englishKeys = keysOf(english);

    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      it(`${language}/${namespace}.json has every key of English, no other, and the same placeholders`, () => {
        const translated = flatten(RESOURCES[language][namespace]);
        const translatedKeys = keysOf(translated);
        expect([...translatedKeys.keys()].sort()).toEqual([...englishKeys.keys()].sort());

        for (const [base, forms] of englishKeys) {
          const isPlural = forms.some(Boolean);
          if (isPlural)
            expect(translatedKeys.get(base), `${base} plural forms`).toEqual(pluralFormsOf(language));
          for (const form of translatedKeys.get(base) ?? []) {
            const key = form ? `${base}_${form}` : base;
            const source = english.get(form ? `${base}_other` : base)!;
            const wanted = placeholders(source).filter((p) => !(isPlural && p === 'count'));
            const got = placeholders(translated.get(key)!).filter((p) => !(isPlural && p === 'count'));
            expect(got, `${language} ${key}`).toEqual(wanted);
            expect(translated.get(key)!.trim(), `${language} ${key} is empty`).not.toBe('');
          }
        }
      });
    }
  }

  it('English has the plural forms English uses', () => {
    for (const namespace of NAMESPACES)
      for (const [base, forms] of keysOf(flatten(RESOURCES.en[namespace])))
        if (forms.some(Boolean)) expect(forms, base).toEqual(pluralFormsOf('en'));
  });

  for (const language of LANGUAGES) {
    it(`${language}: the built-in templates keep the link, known placeholders and the STOP word`, () => {
      const { templates, optOut } = RESOURCES[language].messages as Messages;
      for (const channel of ['email', 'sms', 'whatsapp'] as const) {
        expect(templates[channel].body).toContain('{{link}}');
        expect(placeholderProblem(templates[channel].body)).toBeNull();
        // Twilio's opt-out keywords are English: every language asks for the word STOP itself.
        if (channel !== 'email') expect(templates[channel].body).toMatch(/\bSTOP\b/);
      }
      expect(placeholderProblem(templates.email.subject)).toBeNull();
      expect(optOut).toMatch(/\bSTOP\b/);
    });
  }
});

describe('languageFromAcceptLanguage', () => {
  it('takes the highest weight we speak, in the header order for ties', () => {
    expect(languageFromAcceptLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(languageFromAcceptLanguage('ja, fr-CA;q=0.7, en;q=0.3')).toBe('fr');
    expect(languageFromAcceptLanguage('en;q=0.5, ar-EG;q=0.8')).toBe('ar');
    expect(languageFromAcceptLanguage('nl;q=0, es')).toBe('es');
    expect(languageFromAcceptLanguage('pt-BR')).toBe('pt');
  });

  it('answers null when it names nothing we speak', () => {
    expect(languageFromAcceptLanguage(undefined)).toBeNull();
    expect(languageFromAcceptLanguage('')).toBeNull();
    expect(languageFromAcceptLanguage('ja, zh-CN;q=0.8')).toBeNull();
    expect(languageFromAcceptLanguage('*')).toBeNull();
  });
});
