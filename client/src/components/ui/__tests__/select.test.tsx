import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { Label } from '../label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../select';

function Fruit({ initial = '' }: { initial?: string }) {
  const [fruit, setFruit] = useState(initial);
  return (
    <main>
      <Label htmlFor="fruit">Fruit</Label>
      <Select value={fruit} onValueChange={setFruit}>
        <SelectTrigger id="fruit">
          <SelectValue placeholder="Pick a fruit" />
        </SelectTrigger>
        <SelectContent>
          {['Apple', 'Banana', 'Cherry'].map((name) => (
            <SelectItem key={name} value={name.toLowerCase()}>
              {name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <output>chosen: {fruit || 'none'}</output>
    </main>
  );
}

// The module keeps Radix once it has loaded it: the tests that need the stand-in come first.
describe('Select before Radix has loaded (issue 43: the first load)', () => {
  it('when nobody has reached for it, then a closed combobox named by its label shows the chosen option', () => {
    render(<Fruit initial="banana" />);

    const trigger = screen.getByRole('combobox', { name: 'Fruit' });
    expect(trigger).toHaveTextContent('Banana');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    // Radix's trigger carries the text direction; the stand-in, a plain button, does not.
    expect(trigger).not.toHaveAttribute('dir');
  });

  it('when nothing is chosen, then it shows the placeholder', () => {
    render(<Fruit />);

    expect(screen.getByRole('combobox', { name: 'Fruit' })).toHaveTextContent('Pick a fruit');
  });

  it('when opened from the keyboard, then the list opens once Radix is here and a choice is kept', async () => {
    render(<Fruit initial="apple" />);
    screen.getByRole('combobox', { name: 'Fruit' }).focus();

    await userEvent.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await userEvent.click(screen.getByRole('option', { name: 'Cherry' }));

    expect(screen.getByText('chosen: cherry')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Fruit' })).toHaveTextContent('Cherry'));
  });
});

describe('Select once Radix has loaded', () => {
  it('when a new select appears, then it is Radix’s at once and opens on a press', async () => {
    render(<Fruit initial="banana" />);

    const trigger = screen.getByRole('combobox', { name: 'Fruit' });
    expect(trigger).toHaveAttribute('dir', 'ltr');
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('option', { name: 'Apple' }));

    expect(screen.getByText('chosen: apple')).toBeInTheDocument();
  });
});
