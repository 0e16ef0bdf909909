import { useEffect, useEffectEvent, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Captcha } from '../../../protocol/accounts';
import { CAPTCHA_LENGTH } from '../../../protocol/accountRules';
import { userApi } from '../../api/user';
import type { TextFields } from '../../hooks/useForm';
import { TextField } from './TextField';
import { typedCode } from './typedCode';

/** The answer in what was typed: the picture's characters, without spaces. Case is kept, as the
 * server compares case-insensitively (server/domain/accounts/captcha.ts). */
const answerOf = typedCode(/\s/gu, CAPTCHA_LENGTH);

/**
 * The graphic captcha of a form: the answer typed beside the SVG the server drew for `captchaId`.
 * Each answer is single use, so every new picture (a tap on it, or a change of `renewals` after a
 * refused submit) empties the answer typed for the last one; a wrong answer's message stays until
 * the reader types the next.
 */
export const CaptchaField = ({
  form,
  renewals,
  autoFocus,
  hint,
  onEnter,
}: {
  form: TextFields<'captcha' | 'captchaId'>;
  renewals: number;
  autoFocus?: boolean;
  /** What the captcha is for, where the form could leave that in doubt. */
  hint?: string;
  /** What the keyboard's Enter does on the answer instead of submitting the form around it. */
  onEnter?: () => void;
}) => {
  const { t } = useTranslation();
  const answer = form.field('captcha', answerOf);
  const chosen = form.field('captchaId').onChange;
  const [svg, setSvg] = useState('');
  const [taps, setTaps] = useState(0);
  const drawn = useEffectEvent((captcha: Captcha) => {
    setSvg(captcha.svg);
    chosen(captcha.id);
    form.empty('captcha');
  });
  useEffect(() => {
    // Only the latest picture asked for counts: two quick taps must not pair one picture's id
    // with the other's drawing.
    let latest = true;
    userApi.captcha().then(
      (captcha) => latest && drawn(captcha),
      () => latest && setSvg(''),
    );
    return () => {
      latest = false;
    };
  }, [renewals, taps]);
  return (
    <TextField
      label={t('form.captcha')}
      autoComplete="off"
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      autoFocus={autoFocus}
      hint={hint}
      {...(onEnter && {
        enterKeyHint: 'send' as const,
        onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
          // Enter that ends an input method's composition only confirms the text.
          if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
          e.preventDefault();
          onEnter();
        },
      })}
      {...answer}
      addon={
        <button
          type="button"
          className="captcha"
          onClick={() => setTaps((n) => n + 1)}
          aria-label={t('form.newCaptcha')}
        >
          {svg ? (
            <img src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`} alt="" width="100" height="40" />
          ) : (
            t('form.newCaptcha')
          )}
        </button>
      }
    />
  );
};
