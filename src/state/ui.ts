import { proxy } from 'valtio';

export const DEFAULT_TOAST_MS = 1000;

interface Toast {
  id: number;
  text: string;
}

interface Alert {
  id: number;
  text: string;
  waiting: Array<() => void>;
}

/** Transient messages: toasts that close themselves, and alerts the reader acknowledges. */
export const uiState = proxy<{ toasts: Toast[]; alerts: Alert[] }>({ toasts: [], alerts: [] });

let nextId = 1;

const MAX_TOAST_MS = 6000;

/** How long `text` takes to read: about 15 letters a second after half a second to look, a CJK
 * character or a kana counting as three (one carries a word's worth), at most 6 s. */
export const readingMs = (text: string) => {
  let weight = 0;
  for (const ch of text) weight += ch.codePointAt(0)! >= 0x2e80 ? 3 : 1;
  return Math.min(MAX_TOAST_MS, 500 + weight * 65);
};

/** A toast stays for `ms` (the spec's 1 s by default) or as long as its text takes to read, if
 * longer: a refusal ("Incorrect username or password") was gone before it was read. */
export const showToast = (text: string, ms = DEFAULT_TOAST_MS) => {
  // The same text again (a second wrong password) replaces the copy still up rather than stacking
  // under it: two alike covered the form's middle, the captcha field it had just brought among it,
  // and said nothing new. Added anew, it is announced again and read for its full time.
  const shown = uiState.toasts.findIndex((t) => t.text === text);
  if (shown >= 0) uiState.toasts.splice(shown, 1);
  const id = nextId++;
  uiState.toasts.push({ id, text });
  setTimeout(
    () => {
      const i = uiState.toasts.findIndex((t) => t.id === id);
      if (i >= 0) uiState.toasts.splice(i, 1);
    },
    Math.max(ms, readingMs(text)),
  );
};

/** Shows an alert and resolves when the reader closes it. An alert already open with the same text
 * is reused, so a burst of identical failures (several expired requests) asks only once. */
export const showAlert = (text: string): Promise<void> =>
  new Promise((resolve) => {
    const open = uiState.alerts.find((a) => a.text === text);
    if (open) open.waiting.push(resolve);
    else uiState.alerts.push({ id: nextId++, text, waiting: [resolve] });
  });

export const closeAlert = (id: number) => {
  const i = uiState.alerts.findIndex((a) => a.id === id);
  if (i < 0) return;
  const [alert] = uiState.alerts.splice(i, 1);
  alert?.waiting.forEach((resolve) => resolve());
};
