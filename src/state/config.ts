import { proxy } from 'valtio';
import type { GlobalConfig } from '../../protocol';
import { siteApi } from '../api/site';

/** The global config from /api/index/config, fetched once per page load; `unavailable` once a
 * fetch of it has failed (until one succeeds). */
export const configState = proxy<{ config: GlobalConfig | null; unavailable: boolean }>({
  config: null,
  unavailable: false,
});

let pending: Promise<GlobalConfig | null> | null = null;

/** Resolves with the config, or null when it cannot be had now (a later call tries again). */
export const loadSiteConfig = (): Promise<GlobalConfig | null> => {
  pending ??= siteApi
    .config()
    .then((config) => {
      configState.config = config;
      configState.unavailable = false;
      return config;
    })
    .catch(() => {
      pending = null;
      configState.unavailable = true;
      return null;
    });
  return pending;
};
