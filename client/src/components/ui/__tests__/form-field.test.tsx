import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';

import { RegisteredFormField } from '../registered-form-field';
import { Input } from '../input';

function EmailForm({ onSave }: { onSave: (values: { email: string }) => void }) {
  const form = useForm<{ email: string }>({ defaultValues: { email: '' } });
  return (
    <form noValidate onSubmit={form.handleSubmit(onSave)}>
      <RegisteredFormField form={form} name="email" id="email" label="Email" description="For receipts.">
        <Input type="email" />
      </RegisteredFormField>
      <button type="submit">Save</button>
      <button type="button" onClick={() => form.setError('email', { message: 'That email is taken.' })}>
        Refuse
      </button>
    </form>
  );
}

describe('RegisteredFormField', () => {
  it('when the form is submitted, then the labelled control’s value is what the form receives', async () => {
    const onSave = vi.fn();
    render(<EmailForm onSave={onSave} />);

    const input = screen.getByLabelText('Email');
    expect(input).toHaveAccessibleDescription('For receipts.');
    expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.type(input, 'jo@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSave).toHaveBeenCalledWith({ email: 'jo@example.com' }, expect.anything());
  });

  it('when the field gets an error, then it is shown, announced and linked to the control', async () => {
    render(<EmailForm onSave={vi.fn()} />);

    await userEvent.click(screen.getByRole('button', { name: 'Refuse' }));

    const input = screen.getByLabelText('Email');
    expect(await screen.findByRole('alert')).toHaveTextContent('That email is taken.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('That email is taken.');
  });
});
