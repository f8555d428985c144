import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AdminTabs, TabPanel } from './AdminTabs.tsx';

type Id = 'a' | 'b' | 'c';
function Harness() {
  const [active, setActive] = useState<Id>('a');
  return (
    <>
      <AdminTabs<Id>
        label="Sections"
        active={active}
        onChange={setActive}
        tabs={[
          { id: 'a', label: 'Dashboard' },
          { id: 'b', label: 'Token Purchases', count: 1234 },
          { id: 'c', label: 'Press Releases', count: 0 },
        ]}
      />
      <TabPanel id={active}>panel {active}</TabPanel>
    </>
  );
}

describe('the panel tabs', () => {
  it('are a tablist whose selected tab controls the panel', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Dashboard', 'Token Purchases1,234', 'Press Releases0']);
    expect(tabs.map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[0]!.id);
    expect(tabs[0]!.getAttribute('aria-controls')).toBe(panel.id);
  });

  it('move with the arrow keys (wrapping), Home and End', () => {
    render(<Harness />);
    const tab = (name: RegExp) => screen.getByRole('tab', { name });
    tab(/Dashboard/).focus();
    fireEvent.keyDown(tab(/Dashboard/), { key: 'ArrowRight' });
    expect(tab(/Token Purchases/).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab(/Token Purchases/));
    expect(screen.getByRole('tabpanel').textContent).toBe('panel b');
    fireEvent.keyDown(tab(/Token Purchases/), { key: 'End' });
    expect(document.activeElement).toBe(tab(/Press Releases/));
    fireEvent.keyDown(tab(/Press Releases/), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab(/Dashboard/));
    fireEvent.keyDown(tab(/Dashboard/), { key: 'ArrowLeft' });
    expect(tab(/Press Releases/).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab(/Press Releases/), { key: 'Home' });
    expect(tab(/Dashboard/).getAttribute('aria-selected')).toBe('true');
  });
});
