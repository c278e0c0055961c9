import 'i18next';
import type enMessages from '../locales/en/messages.json';
import type enReviewPage from '../locales/en/review-page.json';

// English is the source language: a key missing from it is a type error wherever `t` is called.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'review-page';
    resources: { 'review-page': typeof enReviewPage; messages: typeof enMessages };
  }
}
