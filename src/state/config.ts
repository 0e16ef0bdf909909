import { proxy } from 'valtio';
import type { GlobalConfig } from '../../protocol';
import { siteApi } from '../api/site';

/** The global config from /api/index/config, fetched once per page load. */
export const configState = proxy<{ config: GlobalConfig | null }>({ config: null });

let pending: Promise<GlobalConfig | null> | null = null;

/** Resolves with the config, or null when it cannot be had now (a later call tries again). */
export const loadSiteConfig = (): Promise<GlobalConfig | null> => {
  pending ??= siteApi
    .config()
    .then((config) => {
      configState.config = config;
      return config;
    })
    .catch(() => {
      pending = null;
      return null;
    });
  return pending;
};
