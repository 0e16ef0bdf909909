import { useTranslation } from 'react-i18next';

/** A memo (destination tag) with its label: two addresses that differ only by it must not look
 * alike. */
export const Memo = ({ memo, className }: { memo: string; className: string }) => {
  const { t } = useTranslation();
  return <span className={className}>{t('address.memoOf', { memo })}</span>;
};
