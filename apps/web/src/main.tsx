import type { DehydratedState } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { receivedNow, STATE_ELEMENT_ID } from './app/server-state.ts';
import { markAppCommitted, replayEarlyClicks } from './lib/early-clicks.ts';
import './index.css';

const root = document.getElementById('root')!;
const stateText = document.getElementById(STATE_ELEMENT_ID)?.textContent;

if (root.firstElementChild && stateText) {
  // A public page the server rendered (decision 128): take over its markup with the data it was
  // rendered from. In a transition, so hydration yields to the browser instead of one long task.
  const state = receivedNow(JSON.parse(stateText) as DehydratedState);
  startTransition(() => {
    hydrateRoot(root, <App state={state} />, {
      onRecoverableError(error, info) {
        console.error('Hydration error', error, info.componentStack);
      },
    });
  });
} else {
  // Nothing drawn by the server: every button is the app's from the start.
  markAppCommitted();
  createRoot(root).render(<App />);
}
// Buttons of a server-drawn page clicked before now are clicked again as React takes each over (decision 171).
replayEarlyClicks();
