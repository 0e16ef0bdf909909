import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/**
 * A screen showing one piece of content written in one language (a notice, a help article) goes
 * to its list when the reader picks another language, here or in another tab: its bar and labels
 * would follow the new language while the text stayed in the old one. Content is written per
 * language, and the list shows the new language's own.
 */
export const useListOnLanguageChange = (list: string) => {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const openedIn = useRef(i18n.language);
  useEffect(() => {
    if (i18n.language !== openedIn.current) void navigate(list, { replace: true });
  }, [i18n.language, list, navigate]);
};
