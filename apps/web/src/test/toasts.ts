import { toast } from 'sonner';
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

type Toasts = { success: MockInstance<typeof toast.success>; error: MockInstance<typeof toast.error> };

/**
 * The app's success and error toasts, spied on for each test of the calling file and put back after
 * it. sonner's `toast` is one object every module shares, so a spy on it sees what any component
 * shows, with no module replaced (the file can share a worker's loaded modules, vitest.config.ts).
 */
export function spyOnToasts(): Toasts {
  const current = {} as Toasts;
  beforeEach(() => {
    current.success = vi.spyOn(toast, 'success').mockImplementation(() => 0);
    current.error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
  });
  afterEach(() => {
    current.success.mockRestore();
    current.error.mockRestore();
  });
  return current;
}
