import { describe, expect, it } from 'vitest';
import { ApiError, toApiError } from '../api-client';
import { fieldError } from '../form-errors';

const CONTACT_FIELDS = { email_taken: 'email', phone_taken: 'phone' } as const;

describe('fieldError', () => {
  it('when the answer carries a mapped code, then it names that field with the message', async () => {
    const error = await toApiError(
      new Response(
        JSON.stringify({ message: 'Another contact already has this number', code: 'phone_taken' }),
        {
          status: 409,
        },
      ),
    );

    expect(error.code).toBe('phone_taken');
    expect(fieldError(error, CONTACT_FIELDS)).toEqual({
      field: 'phone',
      message: 'Another contact already has this number',
    });
  });

  it('when the message mentions a field but the code does not, then no field is picked', () => {
    const error = new ApiError(409, 'This phone number was changed meanwhile', undefined, 'conflict');

    expect(fieldError(error, CONTACT_FIELDS)).toBeUndefined();
  });

  it('when the answer has no code (a proxy page), then the code follows from the status', async () => {
    const error = await toApiError(new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }));

    expect(error.code).toBe('upstream_failed');
    expect(fieldError(error, CONTACT_FIELDS)).toBeUndefined();
  });

  it('when the answer carries an unknown code, then the status decides it', async () => {
    const error = await toApiError(
      new Response(JSON.stringify({ message: 'x', code: 'martian' }), { status: 404 }),
    );

    expect(error.code).toBe('not_found');
  });

  it('when the error is not an ApiError, then no field is picked', () => {
    expect(fieldError(new Error('email taken'), CONTACT_FIELDS)).toBeUndefined();
  });
});
