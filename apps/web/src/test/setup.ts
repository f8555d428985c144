import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no modal dialogs: open and close a <dialog> by its attribute, as browsers do.
const dialog = HTMLDialogElement.prototype as HTMLDialogElement & { showModal?: () => void; close?: () => void };
dialog.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
dialog.close ??= function (this: HTMLDialogElement) {
  this.removeAttribute('open');
};

afterEach(() => cleanup());
