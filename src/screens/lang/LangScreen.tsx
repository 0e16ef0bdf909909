import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { LOCALES, LOCALE_NAMES, LOCALE_TAGS, type Locale } from '../../../protocol/locales';
import { CheckIcon } from '../../components/icons';
import { NavBar } from '../../components/NavBar';
import { useGoBack } from '../../hooks/useGoBack';
import { changeLocale } from '../../state/changeLocale';
import { localeState } from '../../state/locale';
import { showToast } from '../../state/ui';

/** Language management: the eleven locales, each in its own language; a tap switches the app. */
const LangScreen = () => {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const { locale } = useSnapshot(localeState);
  const choose = async (l: Locale) => {
    try {
      await changeLocale(l);
    } catch {
      // Its labels could not be downloaded (offline): the tap did nothing, and said nothing.
      showToast(t('app.msg.network_error'));
      return;
    }
    goBack();
  };
  return (
    <>
      <NavBar title={t('route.lang')} />
      {/* Buttons in a plain list: options holding buttons left the focused one announced as
          its name alone, never as the language in use. */}
      <ul className="list" aria-label={t('route.lang')}>
        {LOCALES.map((l) => (
          <li key={l}>
            <button
              type="button"
              className="list__row"
              aria-current={l === locale}
              lang={LOCALE_TAGS[l]}
              onClick={() => void choose(l)}
              data-locale={l}
            >
              <span>{LOCALE_NAMES[l]}</span>
              {l === locale && <CheckIcon className="list__check" />}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
};

export default LangScreen;
