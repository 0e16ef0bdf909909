import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { CODE, LIMIT_CODES, isLimitData, type Envelope } from '../../protocol/envelope';
import { LANG_HEADER, TOKEN_HEADER } from '../../protocol/locales';
import { formatDecimal } from '../components/format';
import { i18n, translateKey } from '../i18n';
import { currentUser, clearUser } from '../state/session';
import { requestLocale } from '../state/locale';
import { KEYS, readJson, session } from '../state/storage';
import { showAlert, showToast } from '../state/ui';
import { navigateTo } from './navigation';
import { serializeParams } from './params';
import { noteServerAnswers } from '../state/network';

export const BASE_URL = '/api';
export const TIMEOUT_MS = 30_000;
export const REPEAT_WINDOW_MS = 1000;

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Set to false to allow the same POST/PUT again within the repeat window. */
    repeatSubmit?: boolean;
    /** Set to true when the caller shows the failure itself (no toast). */
    silent?: boolean;
  }
}

/** A failure the client made itself, shaped like a server envelope so callers handle one shape. */
export const localFailure = (msg: string): Envelope<null> => ({ code: 0, msg, data: null });

/** A limit failure's sentence: the translated message followed by the limit as the server writes
 * it ("97000.00", "5 USDT"), its figure in the reader's notation. The forms that check a limit
 * before sending say it the same way. */
export const limitText = (message: string, value: string) => {
  const m = /^(\d+(?:\.\d+)?)(\s.*)?$/.exec(value);
  return `${translateKey(message)}${m ? `${formatDecimal(m[1]!, i18n.language)}${m[2] ?? ''}` : value}`;
};

/** The sentence to show for a failed envelope: the translated key, and for the limit failures
 * (2001–2003) the translated `data.message` followed by the limit `data.value`. */
export const failureText = (body: Envelope): string => {
  if (LIMIT_CODES.includes(body.code)) {
    if (isLimitData(body.data)) return limitText(body.data.message, body.data.value);
  }
  return translateKey(body.msg || 'app.msg.unexpected_error');
};

interface SessionObj {
  url: string;
  data: string;
  time: number;
}

/** A comparable form of a request body. JSON would turn FormData into "{}", making two different
 * uploads look alike, so its entries are listed, files by name, size and date. */
const serialize = (data: unknown): string => {
  if (typeof data === 'string') return data;
  if (typeof FormData !== 'undefined' && data instanceof FormData) {
    return JSON.stringify(
      [...data.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : [v.name, v.size, v.lastModified]]),
    );
  }
  return JSON.stringify(data ?? null);
};

/** A seed that lives only in this tab's memory. */
const TAB_SEED = Math.floor(Math.random() * 0x100000000);

/** A 53-bit fingerprint of a serialised body (cyrb53, seeded with `TAB_SEED`). The record sits in
 * sessionStorage, where a login's or a password change's body must not be readable, and the
 * repeat check needs only to tell two bodies apart within a second. */
const fingerprint = (text: string): string => {
  let h1 = 0xdeadbeef ^ TAB_SEED;
  let h2 = 0x41c6ce57 ^ TAB_SEED;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
};

/** True when this POST/PUT repeats the last one (same url and data) within the window; otherwise
 * records it as the last one. The record lives in sessionStorage (spec: `sessionObj`, the last
 * posted url, data and time) so it survives a re-render; its data is the body's fingerprint. */
export const isRepeatSubmit = (url: string, data: unknown, now: number): boolean => {
  const current: SessionObj = { url, data: fingerprint(serialize(data)), time: now };
  const last = readJson<SessionObj>(session.get(KEYS.sessionObj));
  if (last && last.url === current.url && last.data === current.data && now - last.time < REPEAT_WINDOW_MS) {
    return true;
  }
  session.set(KEYS.sessionObj, JSON.stringify(current));
  return false;
};

export const isEnvelope = (v: unknown): v is Envelope =>
  typeof v === 'object' && v !== null && typeof (v as Envelope).code === 'number';

const expireSession = async (body: Envelope) => {
  clearUser();
  const text = body.msg && i18n.exists(body.msg) ? translateKey(body.msg) : i18n.t('app.msg.session_expired');
  navigateTo('/home');
  await showAlert(text);
};

/** Failures a form on screen says at one of its fields while its request is out (`sayAtFields`). */
const claims = new Set<(failure: Envelope) => boolean>();

/** Keeps the failures `claim` takes out of the toasts until the returned release is called. */
export const claimFailures = (claim: (failure: Envelope) => boolean) => {
  claims.add(claim);
  return () => void claims.delete(claim);
};

/** Toasts a failure, unless a form is saying it under the field it concerns: said twice, a screen
 * reader would announce it twice, and the toast would cover the field. */
export const showFailure = (body: Envelope) => {
  if (![...claims].some((claim) => claim(body))) showToast(failureText(body));
};

const fail = (config: AxiosRequestConfig | undefined, body: Envelope) => {
  if (!config?.silent) showFailure(body);
  return Promise.reject(body);
};

const createClient = (): AxiosInstance => {
  const client = axios.create({
    baseURL: BASE_URL,
    timeout: TIMEOUT_MS,
    // The envelope's code decides success; the HTTP status only classifies failures for monitors.
    validateStatus: () => true,
    paramsSerializer: { serialize: serializeParams },
  });

  client.interceptors.request.use((config) => {
    config.headers.set('Cache-Control', 'no-cache');
    config.headers.set(LANG_HEADER, requestLocale());
    const user = currentUser();
    if (user) config.headers.set(TOKEN_HEADER, user.token);
    const method = (config.method ?? 'get').toLowerCase();
    if ((method === 'post' || method === 'put') && config.repeatSubmit !== false) {
      if (isRepeatSubmit(config.url ?? '', config.data, Date.now())) {
        return fail(config, localFailure('app.msg.do_not_resubmit'));
      }
    }
    return config;
  });

  client.interceptors.response.use(
    (res: AxiosResponse) => {
      const body: unknown = res.data;
      // An answer that is no envelope came from something in front of the server (a proxy's 502).
      noteServerAnswers(isEnvelope(body));
      if (!isEnvelope(body)) return fail(res.config, localFailure('app.msg.unexpected_error'));
      if (body.code === CODE.ok) return body.data as never;
      if (body.code === CODE.sessionExpired) {
        // A session this tab no longer holds (logged out, or another user logged in, in another
        // tab): the tab has already followed that change, and must not log out whoever is in now.
        const sent = res.config.headers.get(TOKEN_HEADER);
        if (sent && sent === currentUser()?.token) void expireSession(body);
        return Promise.reject(body);
      }
      return fail(res.config, body);
    },
    (error: unknown) => {
      // Only transport failures reach here: no answer, a timeout, or a cancelled request.
      if (isEnvelope(error)) return Promise.reject(error);
      const config = error instanceof AxiosError ? error.config : undefined;
      // The caller cancelled on purpose (left the screen): nothing to tell the reader.
      if (axios.isCancel(error)) return Promise.reject(localFailure('app.msg.network_error'));
      noteServerAnswers(false);
      return fail(config, localFailure('app.msg.network_error'));
    },
  );
  return client;
};

export const http = createClient();

/** Typed helpers: each resolves with the envelope's `data` and rejects with the failed envelope. */
export const api = {
  get: <T>(url: string, params?: object, config?: AxiosRequestConfig) =>
    http.get<never, T>(url, { ...config, params }),
  post: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
    http.post<never, T>(url, data, config),
  put: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) => http.put<never, T>(url, data, config),
  delete: <T>(url: string, config?: AxiosRequestConfig) => http.delete<never, T>(url, config),
};
