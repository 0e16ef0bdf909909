import type { Generated } from 'kysely';

/**
 * Table types. Times are UTC milliseconds in `bigint` columns (read back as JS numbers: they stay
 * far below 2^53). Money, when it arrives, is kept as canonical decimal strings in text columns and
 * computed with bigint in code, so neither engine's numeric types can round it.
 */
export interface SiteConfigTable {
  key: string;
  value: string;
}

export interface PairTable {
  id: Generated<number>;
  tradecoin: string;
  settlecoin: string;
  sort: number;
  enabled: number;
}

export interface PopupTable {
  id: Generated<number>;
  locale: string;
  title: string;
  content: string;
  sort: number;
}

export interface CarouselTable {
  id: Generated<number>;
  locale: string;
  title: string;
  image: string;
  link: string;
  sort: number;
}

export interface ContentTable {
  id: Generated<number>;
  locale: string;
  type: string;
  title: string;
  body: string;
  sort: number;
}

export interface NoticeTable {
  id: Generated<number>;
  locale: string;
  title: string;
  message: string;
  created_at: number;
}

export interface Database {
  site_config: SiteConfigTable;
  pairs: PairTable;
  popups: PopupTable;
  carousel: CarouselTable;
  contents: ContentTable;
  notices: NoticeTable;
}
