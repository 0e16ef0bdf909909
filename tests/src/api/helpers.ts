import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { vi } from 'vitest';
import { http } from '../../../src/api/client';
import { uiState } from '../../../src/state/ui';

/** What the stubbed server answers: an HTTP status (200 unless told) and a body. */
interface Answer {
  status?: number;
  data: unknown;
}

type Responder = Answer | ((config: InternalAxiosRequestConfig) => Answer);

/** Replaces the network with an adapter that records the final config (after the request
 * interceptors) and answers with `answer`. */
export const stubAdapter = (answer: Responder) => {
  const adapter = vi.fn(async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const a = typeof answer === 'function' ? answer(config) : answer;
    return { data: a.data, status: a.status ?? 200, statusText: '', headers: {}, config };
  });
  http.defaults.adapter = adapter;
  return adapter;
};

/** An adapter that never gets an answer: a network error or a timeout, as axios reports them. */
export const stubTransportError = (kind: 'network' | 'timeout') => {
  const adapter = vi.fn(async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    if (kind === 'network') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    throw new AxiosError('timeout of 30000ms exceeded', AxiosError.ECONNABORTED, config);
  });
  http.defaults.adapter = adapter;
  return adapter;
};

/** A success envelope carrying `data`. */
export const ok = <T>(data: T): Answer => ({ data: { code: 1, msg: 'app.msg.success', data } });

/** The config the adapter received on its n-th call. */
export const sentConfig = (adapter: ReturnType<typeof stubAdapter>, n = 0): InternalAxiosRequestConfig => {
  const call = adapter.mock.calls[n];
  if (!call) throw new Error(`the adapter was not called ${n + 1} time(s)`);
  return call[0];
};

/** The full URL, query string decoded, that the request would go to. */
export const sentUrl = (config: InternalAxiosRequestConfig): string =>
  decodeURIComponent(http.getUri(config));

export const toastTexts = () => uiState.toasts.map((t) => t.text);
export const alertTexts = () => uiState.alerts.map((a) => a.text);

export const resetUi = () => {
  uiState.toasts.length = 0;
  uiState.alerts.length = 0;
};

export const storeUser = (token: string) =>
  localStorage.setItem('user', JSON.stringify({ token, userinfo: { certification: null } }));

export const TEXT = {
  doNotResubmit: 'Data is being processed. Please do not resubmit',
  networkError: 'Network error. Please check your connection',
  sessionExpired: 'Your session has expired. Please log in again',
  insufficientBalance: 'Insufficient balance',
  unexpectedError: 'An unexpected error occurred',
  outsideLimit: 'The amount is outside the limit',
  parameterError: 'A parameter is missing or invalid',
  pleaseLogin: 'Please log in to operate',
} as const;
