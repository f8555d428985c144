import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageItems, Pagination } from './Pagination.tsx';

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('the pagination', () => {
  it('is not shown when there is only one page', () => {
    const { container } = render(<Pagination page={1} pages={1} onPageChange={() => {}} />);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('disables Previous on the first page and offers every page', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={1} pages={3} onPageChange={onPageChange} />);
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(false);
    expect(button('Page 1').getAttribute('aria-current')).toBe('page');
    expect(screen.getAllByRole('button', { name: /^Page \d$/ }).map((b) => b.textContent)).toEqual(['1', '2', '3']);

    const user = userEvent.setup();
    await user.click(button('Previous'));
    expect(onPageChange).not.toHaveBeenCalled();
    await user.click(button('Next'));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    await user.click(button('Page 3'));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    // The current page is not asked for again.
    await user.click(button('Page 1'));
    expect(onPageChange).toHaveBeenCalledTimes(2);
  });

  it('disables Next on the last page', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={3} pages={3} onPageChange={onPageChange} />);
    expect(button('Next').disabled).toBe(true);
    expect(button('Previous').disabled).toBe(false);
    await userEvent.setup().click(button('Previous'));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('never goes below 1 or above the page count, even when told a page outside them', async () => {
    const onPageChange = vi.fn();
    const { rerender } = render(<Pagination page={9} pages={3} onPageChange={onPageChange} />);
    expect(button('Page 3').getAttribute('aria-current')).toBe('page');
    expect(button('Next').disabled).toBe(true);

    rerender(<Pagination page={-4} pages={3} onPageChange={onPageChange} />);
    expect(button('Page 1').getAttribute('aria-current')).toBe('page');
    expect(button('Previous').disabled).toBe(true);
    await userEvent.setup().click(button('Next'));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('keeps long runs short with gaps around the current page', () => {
    expect(pageItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(2, 20)).toEqual([1, 2, 3, 4, 5, 'gap-end', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'gap-start', 9, 10, 11, 'gap-end', 20]);
    expect(pageItems(19, 20)).toEqual([1, 'gap-start', 16, 17, 18, 19, 20]);
    for (let p = 1; p <= 20; p++) expect(pageItems(p, 20)).toHaveLength(7);
  });
});
