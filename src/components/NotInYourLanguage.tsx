import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Locale } from '../../protocol/locales';

/**
 * Above a notice or an article served in another language than the reader's (it has no
 * translation into theirs): says so, and offers the list of their language's own. The text below
 * stays, marked with the language it is written in, rather than leaving the page blank. Only once
 * the server has answered in the reader's language (`readIn`): right after a change of language
 * the text of the one before is still shown while its translation is read.
 */
export const NotInYourLanguage = ({
  written,
  readIn,
  text,
  list,
  listLabel,
}: {
  written: Locale;
  readIn: string | undefined;
  text: string;
  list: string;
  listLabel: string;
}) => {
  const { i18n } = useTranslation();
  if (written === i18n.language || readIn !== i18n.language) return null;
  return (
    <p className="document__note" role="note">
      {text} <Link to={list}>{listLabel}</Link>
    </p>
  );
};
