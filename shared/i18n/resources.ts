import arMessages from '../locales/ar/messages.json';
import arReviewPage from '../locales/ar/review-page.json';
import deMessages from '../locales/de/messages.json';
import deReviewPage from '../locales/de/review-page.json';
import enMessages from '../locales/en/messages.json';
import enReviewPage from '../locales/en/review-page.json';
import esMessages from '../locales/es/messages.json';
import esReviewPage from '../locales/es/review-page.json';
import frMessages from '../locales/fr/messages.json';
import frReviewPage from '../locales/fr/review-page.json';
import itMessages from '../locales/it/messages.json';
import itReviewPage from '../locales/it/review-page.json';
import nlMessages from '../locales/nl/messages.json';
import nlReviewPage from '../locales/nl/review-page.json';
import ptMessages from '../locales/pt/messages.json';
import ptReviewPage from '../locales/pt/review-page.json';
import type { Language } from './languages';

/**
 * Every language's messages, for the server (which speaks them all) and the key check. The review page never
 * imports this: it loads one language at a time (client/src/lib/customer-i18n.ts).
 */
export const NAMESPACES = ['review-page', 'messages'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export type Messages = typeof enMessages;
export type ReviewPageMessages = typeof enReviewPage;

export const RESOURCES: Record<Language, Record<Namespace, object>> = {
  en: { 'review-page': enReviewPage, messages: enMessages },
  es: { 'review-page': esReviewPage, messages: esMessages },
  fr: { 'review-page': frReviewPage, messages: frMessages },
  de: { 'review-page': deReviewPage, messages: deMessages },
  pt: { 'review-page': ptReviewPage, messages: ptMessages },
  it: { 'review-page': itReviewPage, messages: itMessages },
  nl: { 'review-page': nlReviewPage, messages: nlMessages },
  ar: { 'review-page': arReviewPage, messages: arMessages },
};
