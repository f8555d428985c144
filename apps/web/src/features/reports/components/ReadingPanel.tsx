import { useEffect, useId, useRef } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';

/** Focus moves to a panel's heading as it appears, so a screen reader says where the member is. */
function useFocusOnMount() {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

/** While the writer reads the idea (a model can take several seconds): what is happening, and a way back. */
export function ReadingPanel({ offline, onCancel }: { offline: boolean; onCancel: () => void }) {
  const heading = useFocusOnMount();
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      aria-busy="true"
      className="flex flex-col items-center gap-4 px-2 py-10 text-center"
      data-testid="reading-idea"
    >
      <Spinner className="size-8 text-brand-700" />
      <div role="status">
        <h3 id={id} ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
          Reading your idea…
        </h3>
        <p className="mt-1 max-w-md text-sm text-pretty text-slate-600">
          {offline
            ? 'Picking out its name, field, stage, patents and figures.'
            : 'Picking out its name, field, stage, patents and figures. With an AI model this can take a few seconds.'}{' '}
          Nothing is charged: you check what we understood first.
        </p>
      </div>
      <Button variant="outline" onClick={onCancel}>
        Back
      </Button>
    </section>
  );
}

/** The idea could not be read (the writer failed, or the member asked too often): why, try again, or back. */
export function ReadingFailed({ message, onRetry, onBack }: { message: string; onRetry: () => void; onBack: () => void }) {
  const heading = useFocusOnMount();
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-red-200 bg-red-50 px-5 py-8 text-center" data-testid="reading-failed">
      <h3 id={id} ref={heading} tabIndex={-1} className="text-lg font-semibold text-red-900 focus:outline-none">
        We could not read your idea
      </h3>
      <p role="alert" className="mx-auto mt-2 max-w-md text-sm text-pretty text-red-800">
        {message}
      </p>
      <p className="mt-1 text-xs text-red-800">No tokens were used.</p>
      <div className="mt-5 flex flex-col-reverse justify-center gap-2 sm:flex-row">
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </section>
  );
}
