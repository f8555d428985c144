import { formatDayTime } from '@assay/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemberRating, OfferDeadline, offerLapsed } from './AssignmentNotes.tsx';

const AT = '2026-11-30T10:00:00Z';
const before = Date.parse(AT) - 60_000;
const after = Date.parse(AT) + 1;

describe('an offer’s accept-by time in the expert portal (decision 227)', () => {
  it('shows the time with the shared formatter while it is open', () => {
    render(<OfferDeadline at={AT} now={before} />);
    expect(screen.getByTestId('offer-deadline').textContent).toBe(`Accept by ${formatDayTime(AT)}`);
  });

  it('says "lapsed" once the time has passed', () => {
    render(<OfferDeadline at={AT} now={after} />);
    expect(screen.getByTestId('offer-deadline').textContent).toBe(`Offer lapsed: it had to be accepted by ${formatDayTime(AT)}.`);
  });

  it('offerLapsed: past the time (or at it) only; no time, never', () => {
    expect(offerLapsed(AT, before)).toBe(false);
    expect(offerLapsed(AT, Date.parse(AT))).toBe(true);
    expect(offerLapsed(null, after)).toBe(false);
  });
});

describe('the member’s rating as the expert sees it (decision 232)', () => {
  it('shows the stars and the comment', () => {
    render(<MemberRating rating={{ stars: 5, comment: 'Exactly what I needed.', rated_at: '2026-12-02T09:00:00Z' }} />);
    const shown = screen.getByTestId('member-rating');
    expect(within(shown).getByRole('img', { name: 'Rated 5 of 5 stars' })).toBeTruthy();
    expect(shown.textContent).toContain('Exactly what I needed.');
  });
});
