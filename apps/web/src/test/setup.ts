import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no modal dialogs: open and close a <dialog> by its attribute, as browsers do.
const dialog = HTMLDialogElement.prototype as HTMLDialogElement & { showModal?: () => void; close?: () => void };
dialog.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
dialog.close ??= function (this: HTMLDialogElement) {
  this.removeAttribute('open');
};

// findBy/waitFor wait up to 5 s (default 1 s): on a loaded 2-core machine a lazy chunk or a
// debounced search can take longer than a second to show; a screen that never shows still fails.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
