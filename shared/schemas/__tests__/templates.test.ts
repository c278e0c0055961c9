import { describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES, placeholderProblem, renderMessage } from '../../templates';
import { TemplateFormSchema } from '../templates';

const values = { name: 'Ana', business: 'Harbour Coffee', link: 'https://r.test/x' };
const USE = 'Use {{name}}, {{business}} or {{link}}.';

describe('placeholderProblem', () => {
  it.each([
    ['Hi {{name}} from {{business}}: {{link}}'],
    ['Hi {{ name }}, {{ link }}'],
    ['No placeholders at all'],
    ['A lone brace { or } is text'],
  ])('when the text is %j, then nothing is wrong', (text) => {
    expect(placeholderProblem(text)).toBeNull();
  });

  it.each([
    ['Hi {{unknown}} {{link}}', `Unknown placeholder {{unknown}}. ${USE}`],
    ['Hi {{Name}} {{link}}', `Unknown placeholder {{Name}}. ${USE}`],
    ['{{first_name}} {{ city }} {{link}}', `Unknown placeholders {{first_name}}, {{ city }}. ${USE}`],
    ['Hi {{}} {{link}}', `Unknown placeholder {{}}. ${USE}`],
    ['Hi {{name}, {{link}}', `Unfinished placeholder {{name}. ${USE}`],
    ['Hi {name}}, {{link}}', `Unfinished placeholder {name}}. ${USE}`],
    ['Hi {{name {{link}}', `Unfinished placeholder {{name. ${USE}`],
  ])('when the text is %j, then it says what is wrong and which ones to use', (text, message) => {
    expect(placeholderProblem(text)).toBe(message);
  });
});

describe('renderMessage', () => {
  it('when an SMS template has no STOP, then the opt-out words end the text; an email gets none', () => {
    const template = { subject: null, body: 'Hi {{name}}: {{link}}' };

    expect(renderMessage('sms', template, values).body).toBe(
      'Hi Ana: https://r.test/x\nReply STOP to opt out.',
    );
    expect(renderMessage('whatsapp', template, values).body).toBe(
      'Hi Ana: https://r.test/x\nReply STOP to opt out.',
    );
    expect(renderMessage('email', { ...template, subject: 'Hi' }, values).body).toBe(
      'Hi Ana: https://r.test/x',
    );
  });

  it.each([['Text stop to end these. {{link}}'], ['{{link}} STOP=end'], ['{{link}} (Reply STOP)']])(
    'when the template already says STOP (%j), then nothing is added',
    (body) => {
      expect(renderMessage('sms', { subject: null, body }, values).body).not.toContain(
        'Reply STOP to opt out',
      );
    },
  );

  it('when only the business name says Stop, then the opt-out words are still added', () => {
    const rendered = renderMessage(
      'sms',
      { subject: null, body: 'Thanks from {{business}}! {{link}}' },
      { ...values, business: 'One Stop Shop' },
    );
    expect(rendered.body).toBe('Thanks from One Stop Shop! https://r.test/x\nReply STOP to opt out.');
  });

  it('when a template saved earlier holds an unknown placeholder, then it renders as nothing', () => {
    const rendered = renderMessage(
      'email',
      { subject: 'For {{first_name}}', body: 'Hi {{first_name}}, {{link}}' },
      values,
    );
    expect(rendered).toEqual({ subject: 'For ', body: 'Hi , https://r.test/x' });
  });

  it('when the template lost its link, then the link is added before the opt-out words', () => {
    expect(renderMessage('sms', { subject: null, body: 'Hi {{name}}' }, values).body).toBe(
      'Hi Ana\n\nhttps://r.test/x\nReply STOP to opt out.',
    );
  });

  it('when the shipped SMS and WhatsApp templates render, then each carries the opt-out words once', () => {
    for (const channel of ['sms', 'whatsapp'] as const) {
      const body = renderMessage(channel, DEFAULT_TEMPLATES[channel], values).body;
      expect(body.match(/Reply STOP to opt out/g)).toHaveLength(1);
      expect(DEFAULT_TEMPLATES[channel].body).toContain('Reply STOP to opt out.');
    }
  });
});

describe('TemplateFormSchema', () => {
  const sms = { name: 'Mine', channel: 'sms' as const, body: 'Hi {{name}} {{link}}' };

  it('when the body has an unknown placeholder, then the body field says which and what to use', () => {
    const result = TemplateFormSchema.safeParse({ ...sms, body: 'Hi {{unknown}} {{link}}' });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toEqual([
      expect.objectContaining({ path: ['body'], message: `Unknown placeholder {{unknown}}. ${USE}` }),
    ]);
  });

  it('when an email subject has an unknown placeholder, then the subject field says so', () => {
    const result = TemplateFormSchema.safeParse({ ...sms, channel: 'email', subject: 'For {{city}}' });
    expect(result.error!.issues).toEqual([
      expect.objectContaining({ path: ['subject'], message: `Unknown placeholder {{city}}. ${USE}` }),
    ]);
  });

  it('when the opt-out words would take an SMS past 1,600 characters, then the body says so', () => {
    const body = `{{link}} ${'a'.repeat(1_590)}`;
    expect(TemplateFormSchema.safeParse({ ...sms, body }).error!.issues[0]!.message).toBe(
      'SMS messages are limited to 1,600 characters, with “Reply STOP to opt out.” added at the end',
    );
    expect(TemplateFormSchema.safeParse({ ...sms, body: `${body.slice(0, 1_590)} STOP` }).success).toBe(true);
  });
});
