import type { Kysely } from 'kysely';
import type {
  CarouselItem,
  CoinPair,
  ContentItem,
  ContentType,
  Locale,
  Notice,
  Popup,
} from '../../../protocol';
import type { Database } from '../schema';
import { withLocaleFallback } from './fallback';

export const listPairs = async (db: Kysely<Database>): Promise<CoinPair[]> => {
  const rows = await db
    .selectFrom('pairs')
    .select(['tradecoin', 'settlecoin'])
    .where('enabled', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, name: `${r.tradecoin}/${r.settlecoin}` }));
};

export const listPopups = (db: Kysely<Database>, locale: Locale): Promise<Popup[]> =>
  withLocaleFallback(locale, (l) =>
    db
      .selectFrom('popups')
      .select(['id', 'title', 'content'])
      .where('locale', '=', l)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
  );

export const listCarousel = (db: Kysely<Database>, locale: Locale): Promise<CarouselItem[]> =>
  withLocaleFallback(locale, (l) =>
    db
      .selectFrom('carousel')
      .select(['id', 'title', 'image', 'link'])
      .where('locale', '=', l)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
  );

export const listContent = (
  db: Kysely<Database>,
  locale: Locale,
  type: ContentType | undefined,
): Promise<ContentItem[]> =>
  withLocaleFallback(locale, async (l) => {
    let q = db.selectFrom('contents').select(['id', 'type', 'title', 'body']).where('locale', '=', l);
    if (type) q = q.where('type', '=', type);
    const rows = await q.orderBy('sort').orderBy('id').execute();
    return rows.map((r) => ({ ...r, type: r.type as ContentType }));
  });

export const listNotices = (db: Kysely<Database>, locale: Locale): Promise<Notice[]> =>
  withLocaleFallback(locale, async (l) => {
    const rows = await db
      .selectFrom('notices')
      .select(['id', 'title', 'message', 'created_at'])
      .where('locale', '=', l)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(({ created_at, ...r }) => ({ ...r, createdAt: Number(created_at) }));
  });
