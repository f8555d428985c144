import { Component, type ReactNode } from 'react';
import { MSG } from '@assay/shared';

/** The full-page fallback of docs/product.md §2: 'Something went wrong' with Refresh Page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <ErrorPage />;
  }
}

export function ErrorPage() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 px-6 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">{MSG.somethingWentWrong}</h1>
      <p className="max-w-md text-slate-600">An unexpected error stopped this page. Refreshing usually fixes it.</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-lg bg-brand-700 px-5 py-2.5 text-sm font-medium text-white hover:bg-brand-800"
      >
        Refresh Page
      </button>
    </div>
  );
}
