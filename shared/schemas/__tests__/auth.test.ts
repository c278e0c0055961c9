import { describe, expect, it } from 'vitest';
import { LoginSchema, RegisterFormSchema, RegisterSchema } from '../auth';
import { displayName } from '../user';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('LoginSchema', () => {
  it('accepts a valid email and a 6-character password, trimming the email', () => {
    expect(LoginSchema.parse({ email: '  ann@example.com ', password: '123456' })).toEqual({
      email: 'ann@example.com',
      password: '123456',
    });
  });

  it('gives the spec messages for a bad email and a short password', () => {
    const result = LoginSchema.safeParse({ email: 'ann@', password: '12345' });
    expect(messages(result)).toEqual({
      email: 'Please enter a valid email address.',
      password: 'Password must be at least 6 characters.',
    });
  });

  it('treats missing fields with the same messages, not a generic "Required"', () => {
    expect(messages(LoginSchema.safeParse({}))).toEqual({
      email: 'Please enter a valid email address.',
      password: 'Password must be at least 6 characters.',
    });
  });

  it('refuses absurdly long passwords so hashing stays bounded', () => {
    expect(LoginSchema.safeParse({ email: 'a@b.co', password: 'x'.repeat(129) }).success).toBe(false);
  });
});

describe('RegisterFormSchema', () => {
  const valid = {
    firstName: 'Ann',
    email: 'ann@example.com',
    password: 'long-secret',
    companyName: 'Ann Co',
  };

  it('accepts a valid form', () => {
    expect(RegisterFormSchema.parse(valid)).toEqual(valid);
  });

  it('gives the spec messages for a short first name and company name', () => {
    expect(messages(RegisterFormSchema.safeParse({ ...valid, firstName: 'A', companyName: ' ' }))).toEqual({
      firstName: 'First name must be at least 2 characters.',
      companyName: 'Company name must be at least 2 characters.',
    });
  });

  it('asks a new password for 8 characters and refuses a common one, with the product’s messages', () => {
    expect(messages(RegisterFormSchema.safeParse({ ...valid, password: 'secret1' }))).toEqual({
      password: 'Password must be at least 8 characters.',
    });
    for (const common of ['12345678', 'Password1', 'qwertyuiop'])
      expect(messages(RegisterFormSchema.safeParse({ ...valid, password: common }))).toEqual({
        password: 'This password is too common. Please choose another.',
      });
  });

  it('counts a name of spaces as empty', () => {
    expect(RegisterFormSchema.safeParse({ ...valid, firstName: '   ' }).success).toBe(false);
  });

  it('lets the API accept the username the client sends, and drops unknown keys like role', () => {
    const parsed = RegisterSchema.parse({ ...valid, username: valid.email, role: 'admin' });
    expect(parsed).toEqual({ ...valid, username: valid.email });
  });

  it('keeps the browser time zone the runtime knows, and drops any other without refusing the form', () => {
    expect(RegisterSchema.parse({ ...valid, timeZone: 'Europe/London' }).timeZone).toBe('Europe/London');
    for (const bogus of ['Mars/Olympus', '', 42, null, 'x'.repeat(100)]) {
      const result = RegisterSchema.safeParse({ ...valid, timeZone: bogus });
      expect(result.success).toBe(true);
      expect(result.data!.timeZone).toBeUndefined();
    }
  });
});

describe('displayName', () => {
  it('shows the company name, else the first name', () => {
    expect(displayName({ companyName: 'Ann Co', firstName: 'Ann' })).toBe('Ann Co');
    expect(displayName({ companyName: '', firstName: 'Ann' })).toBe('Ann');
  });
});
