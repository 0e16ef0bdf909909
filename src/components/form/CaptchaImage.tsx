import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../api/user';

/**
 * The graphic captcha: an SVG drawn by the server for a captcha id. Tapping it draws a new one;
 * `version` changes force a new one too (each answer is single use, so a failed submit needs one).
 */
export const CaptchaImage = ({ onId, version }: { onId: (id: string) => void; version: number }) => {
  const { t } = useTranslation();
  const [svg, setSvg] = useState('');
  const load = useCallback(() => {
    userApi.captcha().then(
      (c) => {
        setSvg(c.svg);
        onId(c.id);
      },
      () => setSvg(''),
    );
  }, [onId]);
  useEffect(load, [load, version]);
  return (
    <button type="button" className="captcha" onClick={load} aria-label={t('form.newCaptcha')}>
      {svg ? (
        <img src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`} alt="" width="100" height="40" />
      ) : (
        t('form.newCaptcha')
      )}
    </button>
  );
};
