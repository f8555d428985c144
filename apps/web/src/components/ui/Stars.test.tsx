import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { StarInput, Stars } from './Stars.tsx';

function Controlled({ onChange = () => {}, error }: { onChange?: (n: number) => void; error?: string }) {
  const [value, setValue] = useState<number>();
  return (
    <StarInput
      legend="How useful was it?"
      value={value}
      onChange={(n) => {
        setValue(n);
        onChange(n);
      }}
      error={error}
    />
  );
}

describe('StarInput', () => {
  it('is a radio group named by its legend, one radio per star labelled "1 star" … "5 stars"', () => {
    render(<Controlled />);
    const group = screen.getByRole('group', { name: 'How useful was it?' });
    expect(group.tagName).toBe('FIELDSET');
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    for (const name of ['1 star', '2 stars', '3 stars', '4 stars', '5 stars']) expect(screen.getByRole('radio', { name })).toBeTruthy();
    expect(radios.every((r) => !(r as HTMLInputElement).checked)).toBe(true);
  });

  it('chooses a star by click or keyboard, checks it alone and fills the stars up to it', async () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(onChange).toHaveBeenLastCalledWith(4);
    expect((screen.getByRole('radio', { name: '4 stars' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toHaveLength(1);
    const shown = screen
      .getAllByRole('radio')
      .map((r) => r.parentElement!.querySelector('[aria-hidden="true"]')!.textContent)
      .join('');
    expect(shown).toBe('★★★★☆');
    // The keyboard: focus a star and press space (native radios; arrows move between them in browsers).
    screen.getByRole('radio', { name: '2 stars' }).focus();
    await userEvent.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(2);
  });

  it('announces an error and ties it to the group', () => {
    render(<Controlled error="Choose from 1 to 5 stars" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Choose from 1 to 5 stars');
    const group = screen.getByRole('group', { name: 'How useful was it?' });
    expect(group.getAttribute('aria-describedby')).toBe(alert.id);
    expect(group.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('Stars', () => {
  it('shows a rating as stars with a text alternative', () => {
    render(<Stars stars={3} />);
    const img = screen.getByRole('img', { name: 'Rated 3 of 5 stars' });
    expect(img.textContent).toBe('★★★☆☆');
  });
});
