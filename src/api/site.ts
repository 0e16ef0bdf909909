import type {
  CarouselItem,
  CoinPair,
  ContentItem,
  ContentType,
  GlobalConfig,
  Notice,
  Popup,
} from '../../protocol';
import { api } from './client';

/** Public site content under /api/index. */
export const siteApi = {
  config: () => api.get<GlobalConfig>('/index/config'),
  coinList: () => api.get<CoinPair[]>('/index/coinlist'),
  popups: () => api.get<Popup[]>('/index/popups'),
  carousel: () => api.get<CarouselItem[]>('/index/carousel'),
  /** `silent`: the caller says a failure itself (a document's screen, in place with a retry). */
  content: (type?: ContentType, silent = false) =>
    api.get<ContentItem[]>('/index/content', type ? { type } : undefined, silent ? { silent } : undefined),
  notices: () => api.get<Notice[]>('/index/notice'),
};
